//! SLD, the static-network load distribution strategy of Jia, §3.3 (SNP case): probe once,
//! then distribute in phases on virtual trees, answering every PTC inside a phase with a load
//! that ends at the phase's finish time (Jia, eq. (3.6)), with shadowing of busy branches.

use std::fmt;

use super::display::r6;
use super::equivalent::equivalent;
use super::error::{UnawareError, finite_out, non_negative, phased, positive, same_lengths};
use super::probing::processor_w;
use crate::dlt::{CostScale, RelayRule, Rules, Tree};

/// Parameters of SLD.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SldConfig {
    /// Total load L.
    pub load: f64,
    /// Probe fraction η ∈ (0, 1): P_0 sends η·L split into one PL per child.
    pub eta: f64,
    /// First phase load L_1^p.
    pub l1p: f64,
    /// Final threshold μ ∈ \[0, 1): the last phase starts when less than μ·L remains.
    pub mu: f64,
    /// The unit times T_cp and T_cm.
    pub scale: CostScale,
    /// Relay rules of the virtual trees.
    pub rules: Rules,
    /// Round every phase end T_q^f to this many decimals, as the thesis does ("34.16");
    /// `None` keeps it exact.
    pub phase_end_decimals: Option<i32>,
}

/// One load P_0 sends at one time to one set |P_j| (a batch).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dispatch {
    /// Phase number (1-based).
    pub phase: usize,
    /// When P_0 starts sending ("P_0 responds time").
    pub time: f64,
    /// The root's child whose subtree receives the batch.
    pub set: usize,
    /// (processor, load) pairs.
    pub loads: Vec<(usize, f64)>,
    /// Sum of the loads.
    pub total: f64,
    /// Equivalent w of the set's virtual subtree (e.g. 2.6178 for the |P_4| batch).
    pub w_set: f64,
    /// End of the set's shadow.
    pub shadow_until: f64,
    /// When the batch's processors finish (the phase end).
    pub finish: f64,
}

impl Dispatch {
    /// Load dispatched at `t_now` to a processor of effective parameter `beta` (see
    /// [`CostScale::effective_speed`]) so that it finishes at `t_finish` (Jia, eq. (3.6)).
    ///
    /// # Formula
    /// ```text
    /// L_k = (T_q^f − t̂)/β_k
    /// ```
    ///
    /// # Accuracy
    /// A difference and a quotient: within ε·(|T_q^f| + |t̂|)/(T_q^f − t̂) + ε relative (the
    /// difference of the two times is as well conditioned as its inputs).
    ///
    /// # Errors
    /// [`UnawareError::InvalidParameter`] for β ≤ 0, a non-finite time, or `t_now > t_finish`.
    ///
    /// # Examples
    /// P_3 at t = 3.8 in the SNP example: (13 − 3.8)/2.4 = 3.8333.
    /// ```
    /// use loadbal::dlt::unaware::Dispatch;
    /// let x = Dispatch::load_to_finish_at(3.8, 13.0, 2.4).unwrap();
    /// assert!((x - 3.833333).abs() < 1e-6);
    /// ```
    pub fn load_to_finish_at(t_now: f64, t_finish: f64, beta: f64) -> Result<f64, UnawareError> {
        positive("beta", beta)?;
        non_negative("t_finish - t_now", t_finish - t_now)?;
        finite_out("the dispatched load", (t_finish - t_now) / beta)
    }

    /// Size of the load opening Phase_q (Jia, eq. (3.8)): k available processors get k·L_1^p.
    ///
    /// # Formula
    /// ```text
    /// L_q^p = k·L_1^p
    /// ```
    ///
    /// # Accuracy
    /// One product: within ε relative (exact while k·L_1^p fits in 53 bits).
    ///
    /// # Errors
    /// [`UnawareError::InvalidParameter`] for L_1^p ≤ 0.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::Dispatch;
    /// assert_eq!(Dispatch::phase_load(7, 4.0).unwrap(), 28.0);
    /// ```
    pub fn phase_load(available: usize, l1p: f64) -> Result<f64, UnawareError> {
        finite_out("the phase load", available as f64 * positive("l1p", l1p)?)
    }
}

/// One phase of SLD.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PhaseRecord {
    /// Phase number (1-based).
    pub index: usize,
    /// Start time.
    pub start: f64,
    /// Common finish time T_q^f.
    pub finish: f64,
    /// Processors available at the start (empty for Phase_1).
    pub available: Vec<usize>,
    /// Load dispatched during the phase.
    pub dispatched: f64,
}

/// The complete SLD schedule.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SldSchedule {
    /// Every dispatch in time order.
    pub dispatches: Vec<Dispatch>,
    /// Every phase.
    pub phases: Vec<PhaseRecord>,
    /// Load of the final phase (the remainder).
    pub final_load: f64,
    /// Total processing time (the final phase's end, with `rules.top` at P_0).
    pub finish_time: f64,
}

impl SldSchedule {
    /// Total load dispatched to processor `v` during phase `phase` (0 for a processor that got
    /// none; `None` for a phase outside `1..=phases.len()`).
    ///
    /// # Accuracy
    /// A sum of the processor's dispatches in the phase (usually one): within `k·ε` relative
    /// for k dispatches, all positive.
    ///
    /// # Examples
    /// The SNP example of Jia, §3.4: in Phase_1, P_6 (first PTC) gets L_1^p = 4 and P_3, answered at
    /// t = 3.8, gets (13 − 3.8)/2.4 = 3.8333; over all phases L − η·L = 76 units are dispatched.
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
    /// let cfg = SldConfig { load: 80.0, eta: 0.05, l1p: 4.0, mu: 0.15, scale: CostScale::new(2.0, 1.0).unwrap(), rules: Rules { relay: RelayRule::FirstChildLink, top: RelayRule::Physical }, phase_end_decimals: None };
    /// let s = ex.sld(&ex.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).unwrap().tp, &cfg).unwrap();
    /// assert_eq!(s.load_of(1, 6), Some(4.0));
    /// assert!((s.load_of(1, 3).unwrap() - 3.833333).abs() < 1e-6);
    /// let s = &s;
    /// let total: f64 = (1..=s.phases.len()).flat_map(|q| (1..20).filter_map(move |v| s.load_of(q, v))).sum();
    /// assert!((total - 76.0).abs() < 1e-9);
    /// assert_eq!((s.load_of(0, 6), s.load_of(s.phases.len() + 1, 6)), (None, None));
    /// ```
    pub fn load_of(&self, phase: usize, v: usize) -> Option<f64> {
        (1..=self.phases.len()).contains(&phase).then(|| {
            self.dispatches
                .iter()
                .filter(|d| d.phase == phase)
                .flat_map(|d| d.loads.iter())
                .filter(|p| p.0 == v)
                .map(|p| p.1)
                .sum()
        })
    }
}

impl Tree {
    /// Runs SLD (Jia, §3.3, SNP case) on this tree network (its root P_0 does not compute, its
    /// w is not used) whose processors returned their probe PTCs at times `ptc` (indexed by node
    /// id; the root's entry is ignored). The scheduler's knowledge is exactly the tree and `ptc`
    /// (SNP: the probe's estimates are exact).
    ///
    /// # Formula
    /// Equation numbers are Jia's.
    /// ```text
    /// Phase_1: i* = first PTC, T_1^f = T^p_i* + L_1^p·β_i*                      (3.4)–(3.5)
    /// in phase q, a PTC from an unshadowed set gets (T_q^f − t̂)/β (3.6), batches through the
    /// set's equivalent; shadow(set) = max_i (T_q^f − L_i·w_i·T_cp)                  (3.7)
    /// Phase_q start: k available processors, L_q^p = k·L_1^p on the virtual tree  (3.8)
    /// last phase when remaining < μ·L or remaining < L_q^p: dispatch everything.
    /// ```
    ///
    /// # Accuracy
    /// Every time is a short sum of products of the inputs and the shares of the reduction [`Tree::allocate_with_rules`](crate::dlt::Tree::allocate_with_rules); no
    /// cancellation beyond `T_q^f − t`. The plan is checked against an independent execution: on
    /// the event engine ([`Tree::execute_sld`](crate::dlt::Tree::execute_sld)) with the physical relay rule at both levels, the
    /// last computation ends at `finish_time` to 1e-9 relative, and exactly L − η·L units are
    /// computed (`tests/unaware/unaware_sld.rs`, `tests/unaware/unaware_engine.rs`, random trees of 3–24 nodes;
    /// measured worst 3.6e-16). With the thesis's relay rule ([`RelayRule::FirstChildLink`]) the
    /// plan over-charges first hops by design (Jia, §3.4's "57.2") and the engine ends earlier.
    /// `phase_end_decimals` rounds the phase ends as the thesis prints them, and then the plan is
    /// only as accurate as that rounding.
    ///
    /// # Errors
    /// [`UnawareError::InvalidParameter`] for η or μ outside their ranges, L, L_1^p, T_cm, T_cp
    /// not > 0, η·L + L_1^p > L, an L_1^p so small that the phases could exceed
    /// [`MAX_PHASES`](super::MAX_PHASES) (`(1 − η − μ)·L / L_1^p > 2²⁰`, refused before the
    /// first phase), a NaN PTC; [`UnawareError::NoReachableProcessor`] for a root
    /// without children; [`UnawareError::LengthMismatch`].
    ///
    /// # Examples
    /// The SNP example of Jia, §3.4: P_6 reports first (at 3) and gets L_1^p = 4, Phase_1 ends at 13.
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
    /// let cfg = SldConfig { load: 80.0, eta: 0.05, l1p: 4.0, mu: 0.15, scale: CostScale::new(2.0, 1.0).unwrap(), rules: Rules { relay: RelayRule::FirstChildLink, top: RelayRule::Physical }, phase_end_decimals: None };
    /// let probe = ex.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).unwrap();
    /// let s = ex.sld(&probe.tp, &cfg).unwrap();
    /// assert_eq!(s.dispatches[0].loads, vec![(6, 4.0)]);
    /// assert_eq!(s.phases[0].finish, 13.0);
    /// assert_eq!(s.phases[0].to_string(), "Phase_1: 3 → 13, 13.352744 units dispatched");
    /// ```
    pub fn sld(&self, ptc: &[f64], cfg: &SldConfig) -> Result<SldSchedule, UnawareError> {
        let tree = self;
        let n = tree.id_len();
        same_lengths(n, &[("ptc", ptc.len())])?;
        let (t_cm, t_cp) = (cfg.scale.t_cm(), cfg.scale.t_cp());
        phased(cfg.load, cfg.eta, cfg.l1p, cfg.mu, t_cm, t_cp)?;
        let root = tree.root();
        let procs: Vec<usize> = tree.members().into_iter().filter(|&v| v != root).collect();
        if procs.is_empty() {
            return Err(UnawareError::NoReachableProcessor { source_node: root });
        }
        let mut w = vec![0.0; n];
        for &v in &procs {
            non_negative("ptc", ptc[v])?;
            w[v] = processor_w(tree, v)?;
        }
        let mut run = Run {
            tree,
            w: w.clone(),
            ptc,
            cfg,
            served: vec![false; n],
            shadow: vec![f64::NEG_INFINITY; n],
            dispatched: 0.0,
            dispatches: Vec::new(),
        };
        let round = |x: f64| cfg.phase_end_decimals.map_or(x, |d| (x * 10f64.powi(d)).round() / 10f64.powi(d));
        let pl = cfg.eta * cfg.load / tree.children(root).len() as f64;
        let probe_end: f64 = tree.children(root).iter().map(|&c| pl * tree.z_up(c) * cfg.scale.t_cm()).sum();
        // Phase_1 (3.4)–(3.5)
        let first = procs.iter().copied().min_by(|&a, &b| ptc[a].total_cmp(&ptc[b]).then(a.cmp(&b))).unwrap_or(root);
        let t = ptc[first].max(probe_end);
        let beta = w[first] * cfg.scale.t_cp() + tree.path_z(first) * cfg.scale.t_cm();
        let mut tf = round(t + cfg.l1p * beta);
        let set = tree.top_child(first).unwrap_or(first);
        run.record(
            1,
            t,
            set,
            vec![(first, cfg.l1p)],
            w[first] + (tree.path_z(first) - tree.z_up(set)) * cfg.scale.t_cm() / cfg.scale.t_cp(),
            tf,
        );
        let t = t + cfg.l1p * tree.z_up(set) * cfg.scale.t_cm();
        run.in_phase(1, t, tf)?;
        let mut phases = vec![PhaseRecord {
            index: 1,
            start: ptc[first].max(probe_end),
            finish: tf,
            available: Vec::new(),
            dispatched: run.dispatched,
        }];
        let mut q = 1;
        loop {
            q += 1;
            let t0 = tf;
            let available: Vec<usize> = procs.iter().copied().filter(|&v| run.served[v]).collect();
            let lp = available.len() as f64 * cfg.l1p;
            // Non-negative up to rounding: in-phase answers are capped at the load left.
            let remaining = (cfg.load - cfg.eta * cfg.load - run.dispatched).max(0.0);
            let last = remaining < cfg.mu * cfg.load || remaining < lp;
            let x = if last { remaining } else { lp };
            let dist = tree.virtual_tree(&run.served, None)?.distribute(x, t0, cfg.rules, cfg.scale)?;
            let before = run.dispatched;
            let mut clock = t0;
            for &(s, shadow) in &dist.shadows {
                let members: Vec<(usize, f64)> = procs
                    .iter()
                    .filter(|&&v| tree.top_child(v) == Some(s) && dist.loads[v] > 0.0)
                    .map(|&v| (v, dist.loads[v]))
                    .collect();
                let total: f64 = members.iter().map(|p| p.1).sum();
                run.shadow[s] = shadow;
                run.dispatched += total;
                run.dispatches.push(Dispatch {
                    phase: q,
                    time: clock,
                    set: s,
                    loads: members,
                    total,
                    w_set: dist.equivalent.w_eq_subtree[s],
                    shadow_until: shadow,
                    finish: dist.finish,
                });
                clock += total * tree.z_up(s) * cfg.scale.t_cm();
            }
            if last {
                phases.push(PhaseRecord { index: q, start: t0, finish: dist.finish, available, dispatched: x });
                return Ok(SldSchedule { dispatches: run.dispatches, phases, final_load: x, finish_time: dist.finish });
            }
            tf = round(dist.finish);
            run.in_phase(q, dist.p0_free, tf)?;
            phases.push(PhaseRecord {
                index: q,
                start: t0,
                finish: tf,
                available,
                dispatched: run.dispatched - before,
            });
        }
    }
}

struct Run<'a> {
    tree: &'a Tree,
    /// Inverse speed of every processor by id (0 for the root and ids outside the tree).
    w: Vec<f64>,
    ptc: &'a [f64],
    cfg: &'a SldConfig,
    served: Vec<bool>,
    shadow: Vec<f64>,
    dispatched: f64,
    dispatches: Vec<Dispatch>,
}

impl Run<'_> {
    fn record(&mut self, phase: usize, time: f64, set: usize, loads: Vec<(usize, f64)>, w_set: f64, tf: f64) {
        let shadow =
            loads.iter().map(|&(v, x)| tf - x * self.w[v] * self.cfg.scale.t_cp()).fold(f64::NEG_INFINITY, f64::max);
        let total = loads.iter().map(|p| p.1).sum();
        for &(v, _) in &loads {
            self.served[v] = true;
        }
        self.shadow[set] = shadow;
        self.dispatched += total;
        self.dispatches.push(Dispatch { phase, time, set, loads, total, w_set, shadow_until: shadow, finish: tf });
    }

    /// Answers PTCs until the phase ends at `tf`, starting when P_0 is free at `t`.
    fn in_phase(&mut self, phase: usize, mut t: f64, tf: f64) -> Result<(), UnawareError> {
        let (tree, cfg) = (self.tree, self.cfg);
        let root = tree.root();
        let procs: Vec<usize> = tree.members().into_iter().filter(|&v| v != root).collect();
        while t < tf {
            let ready: Vec<usize> = procs.iter().copied().filter(|&v| !self.served[v] && self.ptc[v] <= t).collect();
            let set = ready
                .iter()
                .filter_map(|&v| tree.top_child(v))
                .filter(|&s| self.shadow[s] <= t)
                .min_by(|&a, &b| tree.z_up(a).total_cmp(&tree.z_up(b)).then(a.cmp(&b)));
            let Some(s) = set else {
                let next_ptc = procs.iter().filter(|&&v| !self.served[v] && self.ptc[v] > t).map(|&v| self.ptc[v]);
                let next_shadow = tree.children(root).iter().map(|&s| self.shadow[s]).filter(|&x| x > t);
                match next_ptc.chain(next_shadow).min_by(f64::total_cmp) {
                    Some(x) if x < tf => {
                        t = x;
                        continue;
                    }
                    _ => return Ok(()),
                }
            };
            let mut mask = vec![false; tree.id_len()];
            for &v in ready.iter().filter(|&&v| tree.top_child(v) == Some(s)) {
                mask[v] = true;
            }
            let vt = tree.virtual_tree(&mask, Some(s))?;
            let e = equivalent(&vt.tree, Rules { relay: cfg.rules.relay, top: RelayRule::Physical }, cfg.scale)?;
            let x = (tf - t) / (e.allocation.w_equivalent * cfg.scale.t_cp());
            // The thesis never bounds an in-phase answer by the load left; P_0 cannot send
            // more than it holds, so the last answer is cut to the remainder (and ends early).
            let left = cfg.load * (1.0 - cfg.eta) - self.dispatched;
            if left <= 0.0 {
                return Ok(());
            }
            let (x, end) =
                if x > left { (left, t + left * e.allocation.w_equivalent * cfg.scale.t_cp()) } else { (x, tf) };
            let loads: Vec<(usize, f64)> =
                (0..tree.id_len()).filter(|&v| mask[v]).map(|v| (v, x * e.allocation.alpha[v])).collect();
            self.record(phase, t, s, loads, e.w_eq_subtree[s], end);
            t += x * tree.z_up(s) * cfg.scale.t_cm();
        }
        Ok(())
    }
}

impl fmt::Display for Dispatch {
    /// `Phase_2 at 13: 12.2 units to |P_2| (P_2 6.1, P_6 6.1), shadow until 30.1, ends 34.16`
    /// (at most six processors listed).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.loads.len().min(6);
        let parts: Vec<String> = self.loads[..shown].iter().map(|&(v, x)| format!("P_{v} {}", r6(x))).collect();
        write!(
            f,
            "Phase_{} at {}: {} units to |P_{}| ({}{})",
            self.phase,
            r6(self.time),
            r6(self.total),
            self.set,
            parts.join(", "),
            if self.loads.len() > shown { ", ..." } else { "" }
        )?;
        if self.shadow_until.is_finite() {
            write!(f, ", shadow until {}", r6(self.shadow_until))?;
        }
        write!(f, ", ends {}", r6(self.finish))
    }
}

impl fmt::Display for PhaseRecord {
    /// `Phase_1: 6 → 13, 5.3 units dispatched` (with `, 17 processors available` from
    /// Phase_2 on).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Phase_{}: {} → {}, {} units dispatched",
            self.index,
            r6(self.start),
            r6(self.finish),
            r6(self.dispatched)
        )?;
        if !self.available.is_empty() {
            write!(f, ", {} processors available", self.available.len())?;
        }
        Ok(())
    }
}

impl fmt::Display for SldSchedule {
    /// `SLD: 3 phases, 21 dispatches, final load 30.26, total processing time 55.13`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SLD: {} phases, {} dispatches, final load {}, total processing time {}",
            self.phases.len(),
            self.dispatches.len(),
            r6(self.final_load),
            r6(self.finish_time)
        )
    }
}
