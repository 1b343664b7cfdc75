//! Executes the strategies' schedules on the crate's one divisible-load event engine
//! ([`crate::dlt::engine`]): single-port senders with front-ends, store-and-forward relays
//! (Jia, §3.1). The engine is the independent check of every predicted finish time and the
//! source of the Gantt charts.

use std::fmt;

use super::display::r6;
use super::error::{UnawareError, non_negative, same_lengths};
use super::probing::TreeProbe;
use super::sld::{SldConfig, SldSchedule};
use crate::dlt::engine::{Action, Event, Network, ReportKind, Reports, Simulator, Trace};
use crate::dlt::{CostScale, Tree};

/// A schedule executed on the engine.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineRun {
    /// The engine's trace (engine indices, see `node_of`).
    pub trace: Trace,
    /// Tree node id of each engine index.
    pub node_of: Vec<Option<usize>>,
    /// Engine index of each tree node id (`None` for non-members).
    pub index_of: Vec<Option<usize>>,
}

impl EngineRun {
    /// When tree node `v` finished its last computation.
    ///
    /// # Accuracy
    /// Exact (stored value of the engine's trace).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, Tree};
    /// // A relay root serving two processors w = 2 over z = 0.5 (unit times) loads 5 and 4: P_1 ends
    /// // at 5·(0.5 + 2) = 12.5, P_2 at 5·0.5 + 4·(0.5 + 2) = 12.5.
    /// let mut t = Tree::new(None, true).unwrap();
    /// t.add(0, 0.5, Some(2.0), true).unwrap();
    /// t.add(0, 0.5, Some(2.0), true).unwrap();
    /// let run = t.execute(&[0.0, 5.0, 4.0], CostScale::unit()).unwrap();
    /// assert_eq!((run.finish_of(1), run.finish_of(2)), (Some(12.5), Some(12.5)));
    /// assert_eq!((run.finish_of(0), run.finish_of(3)), (None, None));
    /// ```
    pub fn finish_of(&self, v: usize) -> Option<f64> {
        self.index_of.get(v).copied().flatten().and_then(|i| self.trace.nodes.get(i)?.finish)
    }

    /// Units computed by tree node `v`.
    ///
    /// # Accuracy
    /// Exact (stored value of the engine's trace, itself a sum of the node's computations).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, Tree};
    /// // A relay root serving two processors w = 2 over z = 0.5 (unit times) loads 5 and 4: P_1 ends
    /// // at 5·(0.5 + 2) = 12.5, P_2 at 5·0.5 + 4·(0.5 + 2) = 12.5.
    /// let mut t = Tree::new(None, true).unwrap();
    /// t.add(0, 0.5, Some(2.0), true).unwrap();
    /// t.add(0, 0.5, Some(2.0), true).unwrap();
    /// let run = t.execute(&[0.0, 5.0, 4.0], CostScale::unit()).unwrap();
    /// assert_eq!([0, 1, 2].map(|v| run.computed_by(v)), [0.0, 5.0, 4.0]);
    /// ```
    pub fn computed_by(&self, v: usize) -> f64 {
        self.index_of.get(v).copied().flatten().and_then(|i| self.trace.nodes.get(i)).map_or(0.0, |n| n.computed)
    }

    /// Gantt chart as CSV `node,kind,start,end,amount,peer` with tree node ids.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, Tree};
    /// // A relay root serving two processors w = 2 over z = 0.5 (unit times) loads 5 and 4: P_1 ends
    /// // at 5·(0.5 + 2) = 12.5, P_2 at 5·0.5 + 4·(0.5 + 2) = 12.5.
    /// let mut t = Tree::new(None, true).unwrap();
    /// t.add(0, 0.5, Some(2.0), true).unwrap();
    /// t.add(0, 0.5, Some(2.0), true).unwrap();
    /// let run = t.execute(&[0.0, 5.0, 4.0], CostScale::unit()).unwrap();
    /// let csv = run.gantt_csv();
    /// assert!(csv.starts_with("node,kind,start,end,amount,peer\n0,send,0,2.5,5,1\n0,send,2.5,4.5,4,2\n"));
    /// assert!(csv.ends_with("2,receive,2.5,4.5,4,0\n2,compute,4.5,12.5,4,\n"));
    /// ```
    pub fn gantt_csv(&self) -> String {
        let mut s = String::from("node,kind,start,end,amount,peer\n");
        for r in self.trace.gantt() {
            // The fields are public: an index the map does not cover is skipped, not a panic.
            let Some(node) = self.node_of.get(r.node).copied().flatten() else { continue };
            let peer = match r.peer {
                Some(p) => match self.node_of.get(p).copied().flatten() {
                    Some(q) => q.to_string(),
                    None => continue,
                },
                None => String::new(),
            };
            s.push_str(&format!("{node},{},{},{},{},{peer}\n", r.kind.as_str(), r.start, r.end, r.amount));
        }
        s
    }
}

/// A map between engine indices and tree ids.
pub(super) type IdMap = Vec<Option<usize>>;

/// Builds the engine network of `tree` (engine index `i` for tree node `i`, the root first,
/// [`Tree::engine_nodes`]); relays (`w = None`) and, unless `root_computes`, the root only
/// forward. Returns the network, the tree id of each engine index and the engine index of each
/// tree id.
pub(super) fn network(
    tree: &Tree,
    root_computes: bool,
    scale: CostScale,
) -> Result<(Network, IdMap, IdMap), UnawareError> {
    let node_of: IdMap = tree.ids().iter().map(|&v| Some(v)).collect();
    let index_of: IdMap = (0..tree.id_len()).map(|v| tree.node_of(v)).collect();
    Ok((
        Network::new(tree.engine_nodes(root_computes), CostScale::new(scale.t_cp(), scale.t_cm())?)?,
        node_of,
        index_of,
    ))
}

/// Pushes one block of `loads` (per tree node) entering at `top`: every node computes its load
/// and forwards to its children, in the virtual-tree order (increasing z to the first node
/// that computes or branches, then id, with the links `z_up` the scheduler planned with), the
/// load of their subtrees.
pub(super) fn push_block(
    sim: &mut Simulator<'_>,
    (tree, z_up): (&Tree, &[f64]),
    idx: &[Option<usize>],
    loads: &[f64],
    top: usize,
) -> Result<(), UnawareError> {
    let mut block = loads.to_vec();
    for &v in tree.pre_order().iter().rev() {
        if let Some(p) = tree.parent(v) {
            block[p] += block[v];
        }
    }
    let busy_kids = |u: usize| tree.children(u).iter().copied().filter(|&c| block[c] > 0.0).collect::<Vec<_>>();
    let mut stack = vec![top];
    while let Some(u) = stack.pop() {
        let ui = idx[u].unwrap_or(0);
        if u != tree.root() && loads[u] > 0.0 {
            sim.push(ui, Action::Compute { amount: loads[u] })?;
        }
        let mut kids: Vec<(f64, usize, usize)> = busy_kids(u)
            .into_iter()
            .map(|c| {
                let (mut s, mut d) = (z_up[c], c);
                loop {
                    let below = busy_kids(d);
                    if loads[d] > 0.0 || below.len() != 1 {
                        break;
                    }
                    d = below[0];
                    s += z_up[d];
                }
                (s, d, c)
            })
            .collect();
        kids.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        for &(_, _, c) in &kids {
            sim.push(ui, Action::Send { to: idx[c].unwrap_or(0), amount: block[c] })?;
            stack.push(c);
        }
    }
    Ok(())
}

impl Tree {
    /// Executes a one-installment schedule of per-id `loads` (e.g. [`Tree::raold_os`]'s loads,
    /// Jia, §4.2): the root computes its own load (unless it is a relay, `w = None`) and every
    /// node forwards its children's blocks, children in increasing z.
    ///
    /// # Accuracy
    /// The engine's event times are sums of products along each node's timeline, within `k·ε`
    /// relative after k events, no cancellation. As the independent check of the closed forms, the
    /// engine's compute makespan equals RAOLD-OS's finish time to 1e-9 relative on random graphs
    /// of 2–14 nodes (`tests/unaware/unaware_spanning.rs`), and the end of a phase of
    /// [`super::VirtualTree::distribute`] to 1e-9 relative (`tests/unaware/unaware_sld.rs`).
    ///
    /// # Errors
    /// [`UnawareError::LengthMismatch`] unless one load per id ([`Tree::id_len`]), negative
    /// loads, a bad scale, and engine errors.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, Tree};
    /// let t = Tree::from_parents(0, vec![None, Some(0), Some(1)], vec![0.0, 0.5, 0.2], vec![2.0, 3.0, 1.0]).unwrap();
    /// let s = t.raold_os(10.0, CostScale::unit()).unwrap();
    /// let run = t.execute(&s.allocation.alpha, CostScale::unit()).unwrap();
    /// assert!((run.trace.compute_makespan - s.allocation.makespan).abs() < 1e-9);
    /// assert!(run.to_string().starts_with("engine run: 3 nodes, 10 units computed, last computation ends at "));
    /// ```
    pub fn execute(&self, loads: &[f64], scale: CostScale) -> Result<EngineRun, UnawareError> {
        let tree = self;
        same_lengths(tree.id_len(), &[("loads", loads.len())])?;
        for &x in loads {
            non_negative("load", x)?;
        }
        let (net, node_of, index_of) = network(tree, true, scale)?;
        let mut sim = Simulator::new(&net);
        let root = tree.root();
        if loads[root] > 0.0 {
            sim.push(0, Action::Compute { amount: loads[root] })?;
        }
        let mut rest = loads.to_vec();
        rest[root] = 0.0;
        push_block(&mut sim, (tree, &tree.z_by_id()), &index_of, &rest, root)?;
        sim.run()?;
        Ok(EngineRun { trace: sim.trace(), node_of, index_of })
    }
}

impl Tree {
    /// Executes an SLD schedule (Jia, §3.3) on the engine: P_0 sets a timer at each dispatch's time
    /// and, when it fires, sends the batch over the set's first link (after any send still on its
    /// port); the relays forward store-and-forward. Without `probe`, the processors start idle;
    /// with `Some(pl)`, probe loads of `pl` units as in [`Tree::execute_probe`] run first on the same
    /// engine (their copies and computations occupy ports and processors as in the thesis's
    /// probing phase), so the trace shows whether the probe delays the phases.
    ///
    /// # Accuracy
    /// As [`Tree::execute`]. With the physical relay rule at both levels the engine's compute
    /// makespan equals the plan's `finish_time` to 1e-9 relative (`tests/unaware/unaware_sld.rs`,
    /// `tests/unaware/unaware_engine.rs`; measured worst 3.6e-16 on 40 random trees of 3–24 nodes).
    ///
    /// # Errors
    /// A bad scale, a relay below the root and engine errors.
    ///
    /// # Examples
    /// The SNP example (Jia, Fig. 3.8) with the physical relay rule: the engine ends where SLD
    /// planned.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Probe, SldConfig};
    /// use loadbal::dlt::{RelayRule, Rules};
    /// # use loadbal::dlt::Tree;
    /// # let parent = [0, 0, 0, 0, 1, 2, 2, 4, 4, 5, 5, 5, 5, 6, 9, 14, 15, 15, 15];
    /// # let z = [0.5, 0.2, 0.4, 0.9, 0.5, 0.3, 0.3, 0.6, 0.2, 0.4, 0.8, 0.8, 0.2, 0.1, 10.0, 0.2, 0.5, 0.4, 0.7];
    /// # let w = [7.0, 2.0, 1.0, 100.0, 2.0, 1.0, 100.0, 8.0, 9.0, 4.0, 7.0, 3.0, 5.0, 8.0, 2.0, 2.0, 4.0, 4.0, 6.0];
    /// # let parent = std::iter::once(None).chain(parent.map(Some)).collect();
    /// # let ex = Tree::from_parents(0, parent, std::iter::once(0.0).chain(z).collect(), std::iter::once(1.0).chain(w).collect()).unwrap();
    /// // `ex`: Jia's Fig. 3.8 tree, built as in the `dlt::unaware` module example.
    /// let cfg = SldConfig { load: 80.0, eta: 0.05, l1p: 4.0, mu: 0.15, scale: CostScale::new(2.0, 1.0).unwrap(), rules: Rules { relay: RelayRule::Physical, top: RelayRule::Physical }, phase_end_decimals: None };
    /// let tp = ex.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).unwrap().tp;
    /// let s = ex.sld(&tp, &cfg).unwrap();
    /// let run = ex.execute_sld(&s, None, cfg.scale).unwrap();
    /// assert!((run.trace.compute_makespan - s.finish_time).abs() < 1e-9);
    /// ```
    pub fn execute_sld(
        &self,
        schedule: &SldSchedule,
        probe: Option<f64>,
        scale: CostScale,
    ) -> Result<EngineRun, UnawareError> {
        execute_sld_ordered(self, self, schedule, probe, scale)
    }
}

/// [`Tree::execute_sld`] on the true network `tree`, forwarding in the order of `planned` (the
/// same tree with the z the scheduler estimated: ties and near-ties in z must be broken as
/// planned).
fn execute_sld_ordered(
    tree: &Tree,
    planned: &Tree,
    schedule: &SldSchedule,
    probe: Option<f64>,
    scale: CostScale,
) -> Result<EngineRun, UnawareError> {
    let (net, node_of, index_of) = network(tree, false, scale)?;
    let planned_z = planned.z_by_id();
    let mut sim = Simulator::new(&net);
    if let Some(pl) = probe {
        push_probe(&mut sim, tree, &index_of, pl)?;
    }
    for d in &schedule.dispatches {
        sim.run_until(d.time);
        let mut loads = vec![0.0; tree.id_len()];
        for &(v, x) in &d.loads {
            loads[v] += x;
        }
        push_block(&mut sim, (tree, &planned_z), &index_of, &loads, tree.root())?;
    }
    sim.run()?;
    Ok(EngineRun { trace: sim.trace(), node_of, index_of })
}

/// Pushes the probe of §3.2: P_0 sends one PL of `pl` units to each child in order; every node
/// forwards a copy (an engine copy action) to each of its children in order and computes its own.
pub(super) fn push_probe(
    sim: &mut Simulator<'_>,
    tree: &Tree,
    idx: &[Option<usize>],
    pl: f64,
) -> Result<(), UnawareError> {
    let root = tree.root();
    for v in tree.pre_order() {
        let vi = idx[v].unwrap_or(0);
        for &c in tree.children(v) {
            let ci = idx[c].unwrap_or(0);
            let a = if v == root { Action::Send { to: ci, amount: pl } } else { Action::Copy { to: ci, amount: pl } };
            sim.push(vi, a)?;
        }
        if v != root && sim_is_processor(sim, vi) {
            sim.push(vi, Action::Compute { amount: pl })?;
        }
    }
    Ok(())
}

fn sim_is_processor(sim: &Simulator<'_>, v: usize) -> bool {
    sim.network().nodes()[v].cpu.is_some()
}

/// The tree probe run on the engine, from [`Tree::execute_probe`]: what P_0 learns and the run.
#[derive(Debug, Clone, PartialEq)]
pub struct ProbeRun {
    /// T^cs, T^cf, T^p per node id, from the CTC and PTC reports.
    pub probe: TreeProbe,
    /// The engine run of the probe copies.
    pub run: EngineRun,
}

impl fmt::Display for ProbeRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {}", self.probe, self.run)
    }
}

impl Tree {
    /// Runs the tree probe of Jia, §3.2 on the engine and returns what P_0 learns from the CTC
    /// and PTC reports (T^cs, T^cf, T^p per node id) with the run: the engine counterpart of the
    /// forward model [`Tree::probe`], with the same [`super::Probe`] (L and η) and scale.
    ///
    /// # Accuracy
    /// The report times are the engine's event times (as [`Tree::execute`]). They equal the forward
    /// model's to the last bit on the Fig. 3.8 tree and match Jia, Table 3.1 to its printed
    /// digits except the thesis's T^p_16 (`tests/unaware/unaware_engine.rs`).
    ///
    /// # Errors
    /// As [`Tree::probe`], and engine errors.
    ///
    /// # Examples
    /// P_1 and P_2 of Jia, Table 3.1 (links 0.5 and 0.2, w = 7 and 2, PL = 1):
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::Tree;
    /// use loadbal::dlt::unaware::Probe;
    /// let net = Tree::from_parents(0, vec![None, Some(0), Some(0)], vec![0.0, 0.5, 0.2], vec![1.0, 7.0, 2.0]).unwrap();
    /// let probe = Probe { load: 40.0, eta: 0.05 };
    /// let p = net.execute_probe(probe, CostScale::new(2.0, 1.0).unwrap()).unwrap().probe;
    /// assert_eq!((p.tcs[2], p.tcf[2], p.tp[2]), (0.5, 0.7, 4.7));
    /// assert_eq!(p.tp[1], 14.5);
    /// ```
    pub fn execute_probe(&self, probe: super::Probe, scale: CostScale) -> Result<ProbeRun, UnawareError> {
        let tree = self;
        // Validation and the PL size are shared with the forward model.
        let model = tree.probe(probe, scale)?;
        let (net, node_of, index_of) = network(tree, false, scale)?;
        let mut sim = Simulator::new(&net).with_reports(Reports::instant())?;
        push_probe(&mut sim, tree, &index_of, model.pl)?;
        let n = tree.id_len();
        let (mut tcs, mut tcf, mut tp) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        while let Some(e) = sim.step() {
            if let Event::Report(r) = e {
                let Some(v) = node_of[r.node] else { continue };
                match r.kind {
                    ReportKind::Ctc => (tcs[v], tcf[v]) = (r.start, r.end),
                    ReportKind::Ptc => tp[v] = r.end,
                }
            }
        }
        sim.run()?;
        let probe = TreeProbe { tcs, tcf, tp, pl: model.pl };
        Ok(ProbeRun { probe, run: EngineRun { trace: sim.trace(), node_of, index_of } })
    }
}

/// SLD end to end on the engine (SNP, Jia, §3.2–§3.3): P_0 runs the probe ([`Tree::execute_probe`]),
/// estimates every z and w from the CTC/PTC reports by Jia, eqs. (3.1)–(3.2), plans SLD on
/// those estimates with the PTC times it saw, and the engine executes the plan after the probe
/// on the true network.
#[derive(Debug, Clone, PartialEq)]
pub struct SldRun {
    /// What the probe's reports told P_0.
    pub probe: TreeProbe,
    /// Estimated z (by node id; the root's entry is 0).
    pub z_est: Vec<f64>,
    /// Estimated w (by node id; the root's entry is the true w, unused: P_0 does not compute).
    pub w_est: Vec<f64>,
    /// The plan.
    pub schedule: SldSchedule,
    /// The engine run (probe and phases).
    pub run: EngineRun,
    /// End of the last phase computation on the engine (the probes of processors that never
    /// report in time may end later; they are in the trace).
    pub load_finish: f64,
}

impl Tree {
    /// Runs [`SldRun`]: probe, estimates from reports, plan, execution.
    ///
    /// # Accuracy
    /// The estimates are differences of report times divided by PL·T: within about
    /// `ε·T^p/(PL·w·T_cp)` relative (cancellation of report times far from 0); the tests find them
    /// equal to the true z and w to 1e-12 relative on random trees, and `load_finish` equal to the
    /// plan's finish time to 1e-9 relative with the physical relay rule (`tests/unaware/unaware_engine.rs`;
    /// measured worst 3.3e-16 for the plan and 2.7e-15 for the estimates).
    ///
    /// # Errors
    /// The errors of [`Tree::execute_probe`], [`Tree::sld`] and [`Tree::execute_sld`].
    ///
    /// # Examples
    /// On the Fig. 3.8 tree with the physical relay rule every phase ends where P_0 planned it.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::SldConfig;
    /// use loadbal::dlt::{RelayRule, Rules};
    /// # use loadbal::dlt::Tree;
    /// # let parent = [0, 0, 0, 0, 1, 2, 2, 4, 4, 5, 5, 5, 5, 6, 9, 14, 15, 15, 15];
    /// # let z = [0.5, 0.2, 0.4, 0.9, 0.5, 0.3, 0.3, 0.6, 0.2, 0.4, 0.8, 0.8, 0.2, 0.1, 10.0, 0.2, 0.5, 0.4, 0.7];
    /// # let w = [7.0, 2.0, 1.0, 100.0, 2.0, 1.0, 100.0, 8.0, 9.0, 4.0, 7.0, 3.0, 5.0, 8.0, 2.0, 2.0, 4.0, 4.0, 6.0];
    /// # let parent = std::iter::once(None).chain(parent.map(Some)).collect();
    /// # let ex = Tree::from_parents(0, parent, std::iter::once(0.0).chain(z).collect(), std::iter::once(1.0).chain(w).collect()).unwrap();
    /// // `ex`: Jia's Fig. 3.8 tree, built as in the `dlt::unaware` module example.
    /// let cfg = SldConfig { load: 80.0, eta: 0.05, l1p: 4.0, mu: 0.15, scale: CostScale::new(2.0, 1.0).unwrap(), rules: Rules { relay: RelayRule::Physical, top: RelayRule::Physical }, phase_end_decimals: None };
    /// let r = ex.run_sld(&cfg).unwrap();
    /// assert!((r.load_finish - r.schedule.finish_time).abs() < 1e-9);
    /// assert!((r.w_est[15] - 2.0).abs() < 1e-12 && (r.z_est[15] - 10.0).abs() < 1e-12);
    /// assert!(r.to_string().starts_with("SLD end to end: probe PL = 1, 3 phases planned to end at "));
    /// ```
    pub fn run_sld(&self, cfg: &SldConfig) -> Result<SldRun, UnawareError> {
        let tree = self;
        let probe = tree.execute_probe(super::Probe { load: cfg.load, eta: cfg.eta }, cfg.scale)?.probe;
        let n = tree.id_len();
        let mut z_est = vec![0.0; n];
        // The root's entry is its own w (unused: P_0 does not compute), 0 outside the tree.
        let mut w_est: Vec<f64> = (0..n).map(|v| tree.w(v).unwrap_or(0.0)).collect();
        for v in tree.processors() {
            z_est[v] = (probe.tcf[v] - probe.tcs[v]) / (probe.pl * cfg.scale.t_cm());
            w_est[v] = (probe.tp[v] - probe.tcf[v]) / (probe.pl * cfg.scale.t_cp());
        }
        let ws = (0..n).map(|v| (v != tree.root()).then_some(w_est[v])).collect();
        let est = Tree::from_id_parts(tree.root(), tree.parents(), z_est.clone(), ws)?;
        let schedule = est.sld(&probe.tp, cfg)?;
        let run = execute_sld_ordered(tree, &est, &schedule, Some(probe.pl), cfg.scale)?;
        let load_finish = (0..n)
            .filter_map(|v| run.index_of[v].map(|i| &run.trace.nodes[i]))
            .filter_map(|node| node.computations.iter().skip(1).map(|c| c.end).reduce(f64::max))
            .fold(0.0, f64::max);
        Ok(SldRun { probe, z_est, w_est, schedule, run, load_finish })
    }
}

impl fmt::Display for EngineRun {
    /// `engine run: 20 nodes, 76 units computed, last computation ends at 55.13, last event at
    /// 55.13`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let computed: f64 = self.trace.nodes.iter().map(|n| n.computed).sum();
        write!(
            f,
            "engine run: {} nodes, {} units computed, last computation ends at {}, last event at {}",
            self.node_of.iter().flatten().count(),
            r6(computed),
            r6(self.trace.compute_makespan),
            r6(self.trace.makespan)
        )
    }
}

impl fmt::Display for SldRun {
    /// `SLD end to end: probe PL = 1, 3 phases planned to end at 55.13, the engine's last load
    /// computation ends at 55.13`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SLD end to end: probe PL = {}, {} phases planned to end at {}, the engine's last load computation ends at {}",
            r6(self.probe.pl),
            self.schedule.phases.len(),
            r6(self.schedule.finish_time),
            r6(self.load_finish)
        )
    }
}
