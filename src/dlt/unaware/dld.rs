//! DLD, the load distribution strategy for drifting network parameters (Jia, §3.3.3, DNP
//! case), run on the event engine with piecewise-constant speeds: P_0 re-estimates every z at
//! each CTC and every w at each PTC, shadows a set until the last CTC of its batch, serves a
//! processor again whenever it reports, ignores PTCs in the ζ window before a phase end, and
//! blocks only the branch below the deepest node that has confirmed reception.

use std::fmt;

use super::display::r6;
use super::equivalent::equivalent;
use super::error::{UnawareError, finite_out, non_negative, phased, same_lengths};
use super::execute::{push_block, push_probe};
use super::probing::processor_w;
use super::sld::{Dispatch, PhaseRecord};
use super::virtual_tree::{VirtualTree, virtual_tree_of};
use crate::dlt::engine::{Action, Event, Network, Node, ReportKind, Reports, Simulator, SpeedProfile, Trace};
use crate::dlt::{CostScale, RelayRule, Rules, Tree};

/// Which parameter a [`SpeedChange`] changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Param {
    /// The processor's w.
    W,
    /// The link's z (from the node's parent).
    Z,
}

/// From `time` on, node `node`'s parameter `param` is `value` (a drift of Jia, §3.3.3).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpeedChange {
    /// When the change happens.
    pub time: f64,
    /// The node.
    pub node: usize,
    /// w or z.
    pub param: Param,
    /// The new value.
    pub value: f64,
}

/// Parameters of DLD.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DldConfig {
    /// Total load L.
    pub load: f64,
    /// Probe fraction η.
    pub eta: f64,
    /// First phase load L_1^p.
    pub l1p: f64,
    /// Final threshold μ ∈ \[0, 1).
    pub mu: f64,
    /// Threshold ζ ∈ \[0, 1): no new load for PTCs in (T_q^f − ζ·T_q^d, T_q^f).
    pub zeta: f64,
    /// The unit times T_cp and T_cm.
    pub scale: CostScale,
    /// Relay rules (the DNP example matches the physical rule).
    pub rules: Rules,
}

/// A DLD run: the scheduler's decisions and the engine's execution of them.
#[derive(Debug, Clone, PartialEq)]
pub struct DldSchedule {
    /// Every dispatch in time order (`finish` is the phase end P_0 aimed at).
    pub dispatches: Vec<Dispatch>,
    /// Phases (finish = the estimated T_q^f; the last one's is the true end).
    pub phases: Vec<PhaseRecord>,
    /// True total processing time (the engine's last computation end).
    pub finish_time: f64,
    /// The engine trace (engine indices: tree nodes in pre-order).
    pub trace: Trace,
    /// Engine index of each tree node.
    pub index_of: Vec<Option<usize>>,
    /// Size of the probe each processor computed first, when the probe ran on the engine
    /// ([`Tree::dld_probed`](crate::dlt::Tree::dld_probed)); its computation is then the first in the trace and is not load.
    pub probe: Option<f64>,
}

impl DldSchedule {
    /// End of each computation of real load of tree node `v`, in order (one per dispatch that
    /// gave it load; the probe's computation is left out).
    ///
    /// # Accuracy
    /// Exact (stored values of the engine's trace).
    ///
    /// # Examples
    /// A relay root with two processors (DLD without speed changes): the engine computes a load
    /// for every dispatch that gave the processor one, in time order.
    /// ```
    /// use loadbal::dlt::{CostScale, Rules, Tree};
    /// use loadbal::dlt::unaware::DldConfig;
    /// let t = Tree::from_parents(0, vec![None, Some(0), Some(0)], vec![0.0, 0.5, 0.2], vec![1.0, 2.0, 3.0]).unwrap();
    /// let cfg = DldConfig { load: 20.0, eta: 0.1, l1p: 1.0, mu: 0.15, zeta: 0.1, scale: CostScale::unit(), rules: Rules::default() };
    /// let s = t.dld_probed(&[], &cfg).unwrap();
    /// let ends = s.compute_ends(1);
    /// assert_eq!(ends.len(), s.dispatches.iter().filter(|d| d.loads.iter().any(|&(v, x)| v == 1 && x > 0.0)).count());
    /// assert!(!ends.is_empty() && ends.windows(2).all(|p| p[0] <= p[1]));
    /// ```
    pub fn compute_ends(&self, v: usize) -> Vec<f64> {
        let skip = usize::from(self.probe.is_some());
        self.index_of
            .get(v)
            .copied()
            .flatten()
            .and_then(|i| self.trace.nodes.get(i))
            .map_or_else(Vec::new, |node| node.computations.iter().skip(skip).map(|c| c.end).collect())
    }

    /// When tree node `v` finished its last computation of real load.
    ///
    /// # Accuracy
    /// Exact (stored value of the engine's trace).
    ///
    /// # Examples
    /// The last computation of real load ends at `finish_time`; the root only distributes.
    /// ```
    /// use loadbal::dlt::{CostScale, Rules, Tree};
    /// use loadbal::dlt::unaware::DldConfig;
    /// let t = Tree::from_parents(0, vec![None, Some(0), Some(0)], vec![0.0, 0.5, 0.2], vec![1.0, 2.0, 3.0]).unwrap();
    /// let cfg = DldConfig { load: 20.0, eta: 0.1, l1p: 1.0, mu: 0.15, zeta: 0.1, scale: CostScale::unit(), rules: Rules::default() };
    /// let s = t.dld_probed(&[], &cfg).unwrap();
    /// let (f1, f2) = (s.finish_of(1).unwrap(), s.finish_of(2).unwrap());
    /// assert_eq!((f1.max(f2), s.finish_of(0)), (s.finish_time, None));
    /// ```
    pub fn finish_of(&self, v: usize) -> Option<f64> {
        self.compute_ends(v).into_iter().reduce(f64::max)
    }
}

/// DLD's probe phase as P_0 saw it, when it is given rather than run on the engine (the DNP
/// example starts from Jia, Table 3.1): the PTC time of every processor and P_0's initial
/// estimate of every w, both indexed by node id (the root's entries are ignored). The initial
/// z estimates are the tree's z.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GivenProbe {
    /// PTC time T^p of each processor's probe.
    pub tp: Vec<f64>,
    /// P_0's estimate of each processor's w after the probe.
    pub w_est: Vec<f64>,
}

/// Where DLD's probe phase comes from.
#[derive(Debug, Clone, Copy)]
enum Probe<'a> {
    /// Given PTC times and initial estimates (the DNP example of Table 3.1).
    Given { tp: &'a [f64], w_est: &'a [f64] },
    /// Run on the engine as copies; the estimates come from its reports.
    Engine,
}

fn profile(base: f64, node: usize, param: Param, changes: &[SpeedChange]) -> Result<SpeedProfile, UnawareError> {
    let mut seg = vec![(0.0, base)];
    for c in changes.iter().filter(|c| c.node == node && c.param == param) {
        seg.push((c.time, c.value));
    }
    Ok(SpeedProfile::piecewise(seg)?)
}

impl Tree {
    /// Runs DLD (Jia, §3.3.3) on this tree network, whose true parameters start at its w and
    /// z and change by `changes`; the probe phase is given by its reports (`probe.tp`, PTC times,
    /// e.g. Jia, Table 3.1) and the scheduler's initial estimates `probe.w_est` (z estimates = the
    /// tree's z).
    ///
    /// # Accuracy
    /// DLD runs on the event engine, so `finish_time` is the engine's (as
    /// [`Tree::execute`](crate::dlt::Tree::execute): sums of products, within `k·ε` relative after k events). What the
    /// tests check against independent quantities: every unit of L − η·L is dispatched and computed
    /// once, to 1e-9 absolute, on random static trees of 3–19 nodes; on a static network with exact
    /// estimates every dispatch of an intermediate phase ends at or before the phase end P_0
    /// aimed at, up to 1e-9 relative (`tests/unaware/unaware_engine.rs`). The phase ends in `phases` are
    /// P_0's estimates (except the last, the true end), not engine times.
    ///
    /// # Errors
    /// [`UnawareError::InvalidParameter`] for bad η, μ, ζ, L, L_1^p, T_cm, T_cp (as
    /// [`Tree::sld`](crate::dlt::Tree::sld): an L_1^p that could need more than
    /// [`MAX_PHASES`](super::MAX_PHASES) phases is refused before the first) or a change list
    /// that is not sorted by time; [`UnawareError::LengthMismatch`]; engine errors;
    /// [`UnawareError::Overflow`] when a change makes a scaled cost overflow, so that the load
    /// sent there never finishes.
    ///
    /// # Examples
    /// The DNP example of Jia, §3.4 (Table 3.3 input, the speed changes of §3.5): all of
    /// L − η·L = 76 is dispatched; the engine ends at 68.51 against the printed 68.572 (Phase_3
    /// loads differ by up to 0.019 because Fig. 3.10 is missing; the `reproduce` row gives the
    /// reason).
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{DldConfig, GivenProbe, Param, Probe, SpeedChange};
    /// use loadbal::dlt::Rules;
    /// # use loadbal::dlt::Tree;
    /// # let parent = [0, 0, 0, 0, 1, 2, 2, 4, 4, 5, 5, 5, 5, 6, 9, 14, 15, 15, 15];
    /// # let z = [0.5, 0.2, 0.4, 0.9, 0.5, 0.3, 0.3, 0.6, 0.2, 0.4, 0.8, 0.8, 0.2, 0.1, 10.0, 0.2, 0.5, 0.4, 0.7];
    /// # let w = [7.0, 2.0, 1.0, 100.0, 2.0, 1.0, 100.0, 8.0, 9.0, 4.0, 7.0, 3.0, 5.0, 8.0, 2.0, 2.0, 4.0, 4.0, 6.0];
    /// # let parent = std::iter::once(None).chain(parent.map(Some)).collect();
    /// # let ex = Tree::from_parents(0, parent, std::iter::once(0.0).chain(z).collect(), std::iter::once(1.0).chain(w).collect()).unwrap();
    /// // `ex`: Jia's Fig. 3.8 tree, built as in the `dlt::unaware` module example.
    /// let cfg = DldConfig { load: 80.0, eta: 0.05, l1p: 4.0, mu: 0.15, zeta: 0.1, scale: CostScale::new(2.0, 1.0).unwrap(), rules: Rules::default() };
    /// let mut tp = ex.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).unwrap().tp;
    /// tp[16] = 4.3; // as printed in Table 3.1
    /// // The speed changes of the DNP example (Jia, §3.4): time, node, parameter, new value.
    /// let c = |time, node, param, value| SpeedChange { time, node, param, value };
    /// let t3 = 9.0 + 1.0 / 6.0;
    /// let changes = [
    ///     c(3.8, 3, Param::Z, 0.2), c(3.8, 3, Param::W, 0.5), c(5.0, 6, Param::W, 2.0), c(5.0, 6, Param::Z, 0.2),
    ///     c(5.0, 14, Param::Z, 0.15), c(t3, 1, Param::Z, 0.4), c(t3, 5, Param::Z, 0.4), c(t3, 12, Param::Z, 10.0),
    ///     c(t3, 12, Param::W, 3.5), c(13.0, 2, Param::Z, 0.5), c(13.0, 2, Param::W, 1.5), c(13.0, 16, Param::W, 9.0),
    /// ];
    /// let w_est = (0..20).map(|v| ex.w(v).unwrap()).collect();
    /// let s = ex.dld(&changes, &GivenProbe { tp, w_est }, &cfg).unwrap();
    /// assert!((s.dispatches.iter().map(|d| d.total).sum::<f64>() - 76.0).abs() < 1e-9);
    /// assert!((s.finish_time - 68.572).abs() < 0.1);
    /// assert!(s.to_string().starts_with("DLD: 3 phases, "));
    /// ```
    pub fn dld(
        &self,
        changes: &[SpeedChange],
        probe: &GivenProbe,
        cfg: &DldConfig,
    ) -> Result<DldSchedule, UnawareError> {
        let net = self;
        same_lengths(net.id_len(), &[("probe.tp", probe.tp.len()), ("probe.w_est", probe.w_est.len())])?;
        run(net, changes, Probe::Given { tp: &probe.tp, w_est: &probe.w_est }, cfg)
    }
}

impl Tree {
    /// DLD with its probe executed on the same engine run (Jia, §3.2): P_0 sends one probe of η·L/n to
    /// each child, every node computes its copy and forwards it, and P_0 starts from what the CTC
    /// and PTC reports tell it — the first PTC starts Phase_1, and every estimate of z and w comes
    /// from a report. The speed changes apply from t = 0, probe included.
    ///
    /// # Accuracy
    /// As [`Tree::dld`](crate::dlt::Tree::dld); the tests check on random static trees of 3–21 nodes that exactly L − η·L
    /// units plus one probe per processor are computed (to 1e-9 absolute) and that `finish_time`
    /// is the last real computation's end.
    ///
    /// # Errors
    /// As [`Tree::dld`](crate::dlt::Tree::dld).
    ///
    /// # Examples
    /// On the Fig. 3.8 tree without speed changes every load is dispatched and computed, and the
    /// probes of the two w = 100 processors are not counted as load.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::DldConfig;
    /// use loadbal::dlt::Rules;
    /// # use loadbal::dlt::Tree;
    /// # let parent = [0, 0, 0, 0, 1, 2, 2, 4, 4, 5, 5, 5, 5, 6, 9, 14, 15, 15, 15];
    /// # let z = [0.5, 0.2, 0.4, 0.9, 0.5, 0.3, 0.3, 0.6, 0.2, 0.4, 0.8, 0.8, 0.2, 0.1, 10.0, 0.2, 0.5, 0.4, 0.7];
    /// # let w = [7.0, 2.0, 1.0, 100.0, 2.0, 1.0, 100.0, 8.0, 9.0, 4.0, 7.0, 3.0, 5.0, 8.0, 2.0, 2.0, 4.0, 4.0, 6.0];
    /// # let parent = std::iter::once(None).chain(parent.map(Some)).collect();
    /// # let ex = Tree::from_parents(0, parent, std::iter::once(0.0).chain(z).collect(), std::iter::once(1.0).chain(w).collect()).unwrap();
    /// // `ex`: Jia's Fig. 3.8 tree, built as in the `dlt::unaware` module example.
    /// let s = ex.dld_probed(&[], &DldConfig { load: 80.0, eta: 0.05, l1p: 4.0, mu: 0.15, zeta: 0.1, scale: CostScale::new(2.0, 1.0).unwrap(), rules: Rules::default() }).unwrap();
    /// let total: f64 = s.dispatches.iter().map(|d| d.total).sum();
    /// assert!((total - 76.0).abs() < 1e-9);
    /// assert!(s.finish_time < 100.0 && s.finish_of(4).is_none());
    /// ```
    pub fn dld_probed(&self, changes: &[SpeedChange], cfg: &DldConfig) -> Result<DldSchedule, UnawareError> {
        let net = self;
        run(net, changes, Probe::Engine, cfg)
    }
}

fn run(tree: &Tree, changes: &[SpeedChange], probe: Probe<'_>, cfg: &DldConfig) -> Result<DldSchedule, UnawareError> {
    let n = tree.id_len();
    phased(cfg.load, cfg.eta, cfg.l1p, cfg.mu, cfg.scale.t_cm(), cfg.scale.t_cp())?;
    if !(0.0..1.0).contains(&cfg.zeta) {
        return Err(UnawareError::InvalidParameter { name: "zeta", value: cfg.zeta, expected: "in [0, 1)" });
    }
    if changes.windows(2).any(|p| p[1].time < p[0].time) {
        return Err(UnawareError::InvalidParameter { name: "changes", value: f64::NAN, expected: "sorted by time" });
    }
    let root = tree.root();
    let order = tree.pre_order();
    let mut index_of = vec![None; n];
    for (i, &v) in order.iter().enumerate() {
        index_of[v] = Some(i);
    }
    let mut nodes = Vec::new();
    for &v in &order {
        let parent = tree.parent(v).and_then(|p| index_of[p]);
        let mut node = if v == root {
            Node::relay(None, 0.0)
        } else {
            let w = processor_w(tree, v)?;
            let mut nd = Node::computing(parent, 0.0, w);
            nd.cpu = Some(profile(w, v, Param::W, changes)?);
            nd
        };
        node.link = profile(tree.z_up(v), v, Param::Z, changes)?;
        nodes.push(node);
    }
    let net = Network::new(nodes, CostScale::new(cfg.scale.t_cp(), cfg.scale.t_cm())?)?;
    let node_of = order.clone();
    // P_0 learns everything from CTC and PTC reports (negligible transmission time, §3.1).
    let mut sim = Simulator::new(&net).with_reports(Reports::instant())?;
    let procs: Vec<usize> = order.iter().copied().filter(|&v| v != root).collect();
    let mut probe_timers = Vec::new();
    // PTC time of each processor's probe (infinite until it arrives).
    let mut probe_tp = vec![f64::INFINITY; n];
    let (w_est, probe_size) = match probe {
        Probe::Given { tp, w_est } => {
            // The probe phase is given by its PTC times (Table 3.1): a timer per distinct time.
            for &v in &procs {
                probe_tp[v] = non_negative("probe_tp", tp[v])?;
            }
            let mut times: Vec<f64> = procs.iter().map(|&v| probe_tp[v]).collect();
            times.sort_by(f64::total_cmp);
            times.dedup();
            for &t in &times {
                probe_timers.push(sim.wake_at(t)?);
            }
            (w_est.to_vec(), None)
        }
        Probe::Engine => {
            let kids = tree.children(root).len();
            if kids == 0 {
                return Err(UnawareError::NoReachableProcessor { source_node: root });
            }
            let pl = cfg.eta * cfg.load / kids as f64;
            push_probe(&mut sim, tree, &index_of, pl)?;
            // Unknown speeds: no processor is used before its PTC, and every z on the way to a
            // processor that reported has been measured by a CTC, so these are never read.
            (vec![f64::INFINITY; n], Some(pl))
        }
    };
    let mut first_ctc_seen = vec![false; n];
    let mut st = State {
        w_est,
        z_est: (0..n).map(|v| tree.z_up(v)).collect(),
        ptc: vec![false; n],
        served: vec![false; n],
        busy: vec![false; n],
        recv_count: vec![0; n],
        shadow: vec![Vec::new(); n],
        port_busy: false,
        queue: Vec::new(),
        dispatched: 0.0,
        dispatches: Vec::new(),
    };
    let mut phases: Vec<PhaseRecord> = Vec::new();
    let mut tf = f64::INFINITY;
    let mut tf_fire = f64::INFINITY;
    let mut td = 0.0;
    let mut phase = 0usize;
    let mut finished = false;
    while let Some(e) = sim.step() {
        let t = e.time();
        match e {
            Event::Report(r) if r.kind == ReportKind::Ctc => {
                let v = node_of[r.node];
                if r.amount > 0.0 {
                    st.z_est[v] = (r.end - r.start) / (r.amount * cfg.scale.t_cm());
                }
                // With the probe on the engine a node's first reception is its probe, which
                // no shadow waits for.
                if probe_size.is_none() || std::mem::replace(&mut first_ctc_seen[v], true) {
                    st.recv_count[v] += 1;
                }
            }
            Event::Report(r) => {
                let v = node_of[r.node];
                if r.amount > 0.0 {
                    st.w_est[v] = (r.end - r.start) / (r.amount * cfg.scale.t_cp());
                }
                if probe_size.is_some() && probe_tp[v].is_infinite() {
                    probe_tp[v] = r.end;
                }
                st.busy[v] = false;
                st.ptc[v] = true;
            }
            Event::Completed { node: 0, action: Action::Send { .. }, .. } => st.port_busy = false,
            Event::Timer { id, .. } if probe_timers.contains(&id) => {
                for &v in &procs {
                    if probe_tp[v] <= t + 1e-12 && !st.served[v] {
                        st.ptc[v] = true;
                    }
                }
            }
            _ => {}
        }
        // P_0 decides once every event of the current instant has been seen (phase-end timers
        // only wake it up: the phase ends at the first decision at or after T_q^f).
        if sim.next_event_time().is_some_and(|next| next <= t) {
            continue;
        }
        st.clear_shadows(tree);
        if let Some((set, loads)) = st.queue.first().cloned() {
            if !st.port_busy {
                st.queue.remove(0);
                st.send(&mut sim, tree, &index_of, set, &loads, t, phase, tf)?;
            }
            continue;
        }
        if finished {
            continue;
        }
        if phase == 0 {
            let first = procs
                .iter()
                .copied()
                .filter(|&v| st.ptc[v])
                .min_by(|&a, &b| probe_tp[a].total_cmp(&probe_tp[b]).then(a.cmp(&b)));
            if let Some(i) = first {
                let beta = st.beta(tree, i, cfg);
                phase = 1;
                tf = t + cfg.l1p * beta;
                td = tf - t;
                tf_fire = tf * (1.0 + 1e-12) + 1e-9;
                sim.wake_at(tf_fire)?;
                phases.push(PhaseRecord { index: 1, start: t, finish: tf, available: Vec::new(), dispatched: 0.0 });
                let mut loads = vec![0.0; n];
                loads[i] = cfg.l1p;
                let set = tree.top_child(i).unwrap_or(i);
                st.send(&mut sim, tree, &index_of, set, &loads, t, 1, tf)?;
            }
            continue;
        }
        if t >= tf_fire {
            // Phase end: the next phase over the idle, reporting, unblocked processors.
            let blocked = st.blocked(tree);
            let avail: Vec<bool> = (0..n).map(|v| v != root && st.ptc[v] && !st.busy[v] && !blocked[v]).collect();
            let available: Vec<usize> = (0..n).filter(|&v| avail[v]).collect();
            let remaining = cfg.load * (1.0 - cfg.eta) - st.dispatched;
            if remaining <= 0.0 {
                finished = true;
                continue;
            }
            if available.is_empty() {
                // Everyone is still busy (estimates ran late) or blocked: wait for the first
                // PTC, which then gets L_{q+1}^p = L_1^p (Jia, §3.3, "if avail is empty").
                continue;
            }
            let lp = available.len() as f64 * cfg.l1p;
            let last_phase = remaining < cfg.mu * cfg.load || remaining < lp;
            let x = if last_phase { remaining } else { lp };
            if let Some(p) = phases.last_mut() {
                p.dispatched = st.dispatched - phases_before(&st, p.index);
            }
            phase += 1;
            let d = st.virtual_tree(tree, &avail, None)?.distribute(x, t, cfg.rules, cfg.scale)?;
            tf = d.finish;
            td = tf - t;
            phases.push(PhaseRecord { index: phase, start: t, finish: tf, available, dispatched: x });
            for &(s, _) in &d.shadows {
                let loads: Vec<f64> =
                    (0..n).map(|v| if tree.top_child(v) == Some(s) { d.loads[v] } else { 0.0 }).collect();
                st.queue.push((s, loads));
            }
            if last_phase {
                finished = true;
            } else {
                tf_fire = tf * (1.0 + 1e-12) + 1e-9;
                sim.wake_at(tf_fire)?;
            }
            if let Some((set, loads)) = st.queue.first().cloned() {
                st.queue.remove(0);
                st.send(&mut sim, tree, &index_of, set, &loads, t, phase, tf)?;
            }
            // Later sets leave when P_0's port frees (handled at the next decisions).
            continue;
        }
        if st.port_busy || t >= tf - td * cfg.zeta {
            continue;
        }
        let ready: Vec<usize> = procs.iter().copied().filter(|&v| st.ptc[v] && !st.busy[v]).collect();
        let set = ready
            .iter()
            .filter_map(|&v| tree.top_child(v))
            .filter(|&s| st.shadow[s].is_empty())
            .min_by(|&a, &b| st.z_est[a].total_cmp(&st.z_est[b]).then(a.cmp(&b)));
        let Some(s) = set else { continue };
        let mut mask = vec![false; n];
        for &v in ready.iter().filter(|&&v| tree.top_child(v) == Some(s)) {
            mask[v] = true;
        }
        let vt = st.virtual_tree(tree, &mask, Some(s))?;
        let eq = equivalent(&vt.tree, Rules { relay: cfg.rules.relay, top: RelayRule::Physical }, cfg.scale)?;
        // Capped at the load left (the thesis does not bound in-phase answers; see `sld`).
        let left = cfg.load * (1.0 - cfg.eta) - st.dispatched;
        if left <= 0.0 {
            continue;
        }
        let x = ((tf - t) / (eq.allocation.w_equivalent * cfg.scale.t_cp())).min(left);
        let loads: Vec<f64> = (0..n).map(|v| if mask[v] { x * eq.allocation.alpha[v] } else { 0.0 }).collect();
        st.send(&mut sim, tree, &index_of, s, &loads, t, phase, tf)?;
    }
    let mut out = DldSchedule {
        dispatches: st.dispatches,
        phases,
        finish_time: 0.0,
        trace: sim.trace(),
        index_of,
        probe: probe_size,
    };
    // A speed change to a w or z whose scaled cost overflows (w·T_cp beyond 1e308) leaves the
    // load sent there unfinished forever: an error, not an infinite finish time.
    out.finish_time =
        finite_out("DLD finish time", procs.iter().filter_map(|&v| out.finish_of(v)).fold(0.0, f64::max))?;
    if let Some(p) = out.phases.last_mut() {
        p.finish = out.finish_time;
    }
    Ok(out)
}

fn phases_before(st: &State, phase: usize) -> f64 {
    st.dispatches.iter().filter(|d| d.phase < phase).map(|d| d.total).sum()
}

struct State {
    w_est: Vec<f64>,
    z_est: Vec<f64>,
    ptc: Vec<bool>,
    served: Vec<bool>,
    busy: Vec<bool>,
    recv_count: Vec<usize>,
    shadow: Vec<Vec<(usize, usize)>>,
    port_busy: bool,
    queue: Vec<(usize, Vec<f64>)>,
    dispatched: f64,
    dispatches: Vec<Dispatch>,
}

impl State {
    fn beta(&self, tree: &Tree, v: usize, cfg: &DldConfig) -> f64 {
        let mut s = 0.0;
        let mut u = v;
        while let Some(p) = tree.parent(u) {
            s += self.z_est[u];
            u = p;
        }
        self.w_est[v] * cfg.scale.t_cp() + s * cfg.scale.t_cm()
    }

    /// The virtual tree of the network as P_0 estimates it now.
    fn virtual_tree(
        &self,
        tree: &Tree,
        available: &[bool],
        restrict: Option<usize>,
    ) -> Result<VirtualTree, UnawareError> {
        virtual_tree_of(tree, (&self.z_est, &self.w_est), available, restrict)
    }

    fn clear_shadows(&mut self, tree: &Tree) {
        for &s in tree.children(tree.root()) {
            let rc = &self.recv_count;
            self.shadow[s].retain(|&(v, need)| rc[v] < need);
        }
    }

    /// Processors below the deepest confirmed node of every pending reception.
    fn blocked(&self, tree: &Tree) -> Vec<bool> {
        let root = tree.root();
        let mut out = vec![false; tree.id_len()];
        for &s in tree.children(root) {
            let pending = |u: usize| self.shadow[s].iter().any(|&(x, _)| x == u);
            for &(v, _) in &self.shadow[s] {
                let mut a = tree.parent(v).unwrap_or(root);
                while a != root && pending(a) {
                    a = tree.parent(a).unwrap_or(root);
                }
                let mut stack = vec![if a == root { s } else { a }];
                while let Some(u) = stack.pop() {
                    out[u] = true;
                    stack.extend(tree.children(u));
                }
            }
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn send(
        &mut self,
        sim: &mut Simulator<'_>,
        tree: &Tree,
        index_of: &[Option<usize>],
        set: usize,
        loads: &[f64],
        t: f64,
        phase: usize,
        tf: f64,
    ) -> Result<(), UnawareError> {
        let n = tree.id_len();
        let mut block = loads.to_vec();
        for &v in tree.pre_order().iter().rev() {
            if let Some(p) = tree.parent(v) {
                block[p] += block[v];
            }
        }
        push_block(sim, (tree, &self.z_est), index_of, loads, tree.root())?;
        for v in 0..n {
            if v != tree.root() && block[v] > 0.0 {
                self.shadow[set].push((v, self.recv_count[v] + 1));
            }
            if loads[v] > 0.0 {
                self.served[v] = true;
                self.busy[v] = true;
                self.ptc[v] = false;
            }
        }
        self.port_busy = true;
        let total: f64 = loads.iter().sum();
        self.dispatched += total;
        let pairs: Vec<(usize, f64)> = (0..n).filter(|&v| loads[v] > 0.0).map(|v| (v, loads[v])).collect();
        self.dispatches.push(Dispatch {
            phase,
            time: t,
            set,
            loads: pairs,
            total,
            w_set: f64::NAN,
            shadow_until: f64::NAN,
            finish: tf,
        });
        Ok(())
    }
}

impl fmt::Display for DldSchedule {
    /// `DLD: 3 phases, 25 dispatches, 76 units dispatched, total processing time 68.51` (with
    /// `, probe of 1 units on the engine` for [`Tree::dld_probed`](crate::dlt::Tree::dld_probed)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total: f64 = self.dispatches.iter().map(|d| d.total).sum();
        write!(
            f,
            "DLD: {} phases, {} dispatches, {} units dispatched, total processing time {}",
            self.phases.len(),
            self.dispatches.len(),
            r6(total),
            r6(self.finish_time)
        )?;
        if let Some(pl) = self.probe {
            write!(f, ", probe of {} units on the engine", r6(pl))?;
        }
        Ok(())
    }
}

impl fmt::Display for SpeedChange {
    /// `t = 3.8: w_3 → 0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = match self.param {
            Param::W => "w",
            Param::Z => "z",
        };
        write!(f, "t = {}: {p}_{} → {}", r6(self.time), self.node, self.value)
    }
}
