//! Chapter 2's strategies executed on the event engine: the probe percolates as copies, the
//! processors send PTC reports, and the root's scheduler reacts to them — it stops its own
//! computation at the trigger (the engine interrupts it), then starts each phase when its own
//! share of the previous one is done. The closed-form schedule of [`Chain::phased_schedule`](crate::dlt::Chain::phased_schedule)
//! ignores port conflicts between the percolating probe and the phase loads, as the thesis
//! does; the engine does not, so comparing the two measures what that simplification costs.

use std::fmt;

use super::error::{UnawareError, positive, unit_open};
use super::linear::{ChainConfig, ChainPhase, RootWhileWaiting, after_root_work, chain_phase, check_chain};
use super::probing::{checked_scale, partition_pi};
use crate::dlt::Chain;
use crate::dlt::engine::{Action, Event, Network, Node, ReportKind, Reports, Simulator, Trace};

/// Which Chapter 2 strategy the root runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ChainStrategy {
    /// WCS(k): start the phases of partition Π at the k-th PTC (k = 1 is ESS).
    Wcs(usize),
    /// pureDLT: wait for every PTC, then one distribution of the rest over the whole chain.
    PureDlt(RootWhileWaiting),
}

/// A Chapter 2 strategy run on the engine.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChainRun {
    /// Phases as the root scheduled them (start = decision time, duration = the DLT prediction).
    pub phases: Vec<ChainPhase>,
    /// Processors (chain positions) in the order their probe PTCs reached the root.
    pub responders: Vec<usize>,
    /// When the phases started (the k-th PTC, or the last one for pureDLT); `None` if the root
    /// computed everything before that.
    pub trigger: Option<f64>,
    /// End of the last computation of real load (the thesis's total processing time).
    pub finish_time: f64,
    /// End of the last probe computation (slow processors may still be computing their probe
    /// after the real load is done; the thesis's total time leaves it out).
    pub probe_finish: f64,
    /// The engine trace (node i = chain position i).
    pub trace: Trace,
}

impl fmt::Display for ChainRun {
    /// `engine run: finish …, trigger …, k phases, responders [..], probe finish …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who: Vec<String> = self.responders.iter().take(8).map(|p| format!("P_{}", p + 1)).collect();
        let trigger =
            self.trigger.map_or_else(|| "none (the root computed everything)".to_string(), |t| format!("{t:.6}"));
        write!(
            f,
            "engine run: finish {:.6}, trigger {trigger}, {} phases, responders [{}{}], probe finish {:.6}",
            self.finish_time,
            self.phases.len(),
            who.join(", "),
            if self.responders.len() > 8 { ", ..." } else { "" },
            self.probe_finish
        )
    }
}

impl Chain {
    /// Runs a Chapter 2 strategy on the engine: the root P_1 sends one probe of η·L units, each
    /// processor computes its copy on arrival and forwards it (an engine copy action), and reports its
    /// PTC; the root computes real load from t = 0 (pureDLT: only if asked), and at the trigger
    /// interrupts it, then runs phase after phase over itself and every processor that has
    /// reported, the silent ones relaying (lumped links 2.13–2.14).
    ///
    /// # Formula
    /// ```text
    /// trigger t = time of the k-th PTC report;  done = units the root computed in [0, t)
    /// phase q: members = {P_1} ∪ {reported by now},  loads by the chain DLT (2.15)–(2.16),
    ///          next phase when the root's own share ends (= the predicted T_q without conflicts)
    /// ```
    ///
    /// # Accuracy
    /// Event times are sums of positive durations along the engine's trace, each within a few ε
    /// relative; the finish time agrees with the closed form [`Chain::phased_schedule`](crate::dlt::Chain::phased_schedule) to 1e-9
    /// relative where the probe's copies do not delay the phases (tests), and measures the
    /// port-conflict cost where they do.
    ///
    /// # Errors
    /// As [`Chain::phased_schedule`](crate::dlt::Chain::phased_schedule) (`Wcs(0)` or k ≥ n are [`UnawareError::TooFewResponders`]),
    /// and engine errors.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{ChainConfig, ChainStrategy};
    ///
    /// use loadbal::dlt::Chain;
    /// let c = Chain::new(vec![4.5, 2.5, 3.0, 2.0, 6.0], vec![0.3, 0.5, 0.4, 0.2]);
    /// let cfg = ChainConfig { load: 100.0, eta: 0.03, eps: 0.07, scale: CostScale::new(2.0, 1.0).unwrap() };
    /// let run = c.run_unaware(&cfg, ChainStrategy::Wcs(1)).unwrap();
    /// let model = c.phased_schedule(&cfg, 1).unwrap();
    /// assert!((run.finish_time - model.finish_time).abs() < 1e-9 * model.finish_time);
    /// ```
    pub fn run_unaware(&self, cfg: &ChainConfig, strategy: ChainStrategy) -> Result<ChainRun, UnawareError> {
        let chain = self;
        check_chain(chain)?;
        let n = chain.w.len();
        if let ChainStrategy::Wcs(k) = strategy {
            if k == 0 || k >= n {
                return Err(UnawareError::TooFewResponders { k: k as u64, available: (n - 1) as u64 });
            }
        }
        if n < 2 {
            return Err(UnawareError::TooFewResponders { k: 1, available: 0 });
        }
        unit_open("eta", cfg.eta)?;
        positive("load", cfg.load)?;
        let plan_loads = match strategy {
            ChainStrategy::Wcs(_) => partition_pi(cfg.load, cfg.eta, cfg.eps, n as u64)?,
            ChainStrategy::PureDlt(_) => vec![cfg.load * (1.0 - cfg.eta)],
        };
        let mut nodes = vec![Node::computing(None, 0.0, positive("w", chain.w[0])?)];
        for i in 1..n {
            nodes.push(Node::computing(
                Some(i - 1),
                super::error::non_negative("z", chain.z[i - 1])?,
                positive("w", chain.w[i])?,
            ));
        }
        checked_scale(cfg.scale)?;
        let net = Network::new(nodes, cfg.scale)?;
        let mut sim = Simulator::new(&net).with_reports(Reports { ctc: false, ptc: true, size: 0.0 })?;
        let pl = cfg.eta * cfg.load;
        let real = cfg.load * (1.0 - cfg.eta);
        sim.push(0, Action::Send { to: 1, amount: pl })?;
        let root_computes_first = !matches!(strategy, ChainStrategy::PureDlt(RootWhileWaiting::Idle));
        if root_computes_first {
            sim.push(0, Action::Compute { amount: real })?;
        }
        for i in 1..n {
            if i + 1 < n {
                sim.push(i, Action::Copy { to: i + 1, amount: pl })?;
            }
            sim.push(i, Action::Compute { amount: pl })?;
        }
        let mut reported = vec![false; n];
        let mut responders = Vec::new();
        let mut trigger = None;
        let mut root_done = false;
        let mut finished = false;
        let mut left: Vec<f64> = Vec::new();
        let mut phases = Vec::new();
        while let Some(e) = sim.step() {
            match e {
                Event::Report(r) if r.kind == ReportKind::Ptc && r.node != 0 && !reported[r.node] => {
                    reported[r.node] = true;
                    responders.push(r.node);
                }
                Event::Completed { node: 0, action: Action::Compute { .. }, .. } => root_done = true,
                _ => {}
            }
            let now = e.time();
            if finished || sim.next_event_time().is_some_and(|t| t <= now) {
                continue;
            }
            if trigger.is_none() {
                if root_done {
                    finished = true; // the root computed everything before the trigger (footnote 5)
                    continue;
                }
                let due = match strategy {
                    ChainStrategy::Wcs(k) => responders.len() >= k,
                    ChainStrategy::PureDlt(_) => responders.len() == n - 1,
                };
                if !due {
                    continue;
                }
                trigger = Some(now);
                let undone = if root_computes_first { sim.interrupt(0)?.unwrap_or(0.0) } else { real };
                left = plan_loads.clone();
                match after_root_work(&mut left, real - undone) {
                    Some(first) => {
                        left.drain(..first);
                    }
                    None => left.clear(),
                }
                left.reverse();
            } else if !root_done {
                continue;
            }
            root_done = false;
            let Some(x) = left.pop() else {
                finished = true;
                continue;
            };
            let members: Vec<usize> = (0..n).filter(|&i| i == 0 || reported[i]).collect();
            let (loads, duration) = chain_phase(chain, &members, x, cfg.scale)?;
            push_phase(&mut sim, &members, &loads)?;
            phases.push(ChainPhase { start: now, duration, load: x, participants: members, loads });
        }
        sim.run()?;
        let trace = sim.into_trace();
        // Node i ≥ 1 computes its probe first; everything else is real load.
        let mut finish_time: f64 = 0.0;
        let mut probe_finish: f64 = 0.0;
        for (i, node) in trace.nodes.iter().enumerate() {
            let skip = usize::from(i > 0);
            if let Some(p) = node.computations.first().filter(|_| i > 0) {
                probe_finish = probe_finish.max(p.end);
            }
            for c in node.computations.iter().skip(skip) {
                finish_time = finish_time.max(c.end);
            }
        }
        Ok(ChainRun { phases, responders, trigger, finish_time, probe_finish, trace })
    }
}

/// Pushes one phase: every node up to the last member forwards what lies beyond it and the
/// members compute their share (store-and-forward, front-ends).
fn push_phase(sim: &mut Simulator<'_>, members: &[usize], loads: &[f64]) -> Result<(), UnawareError> {
    let last = *members.last().unwrap_or(&0);
    // own[i] and beyond[i] = Σ of the members' loads after position i (summed, not subtracted).
    let mut own = vec![0.0; last + 1];
    for (&p, &x) in members.iter().zip(loads) {
        own[p] = x;
    }
    let mut beyond = vec![0.0; last + 1];
    for i in (0..last).rev() {
        beyond[i] = beyond[i + 1] + own[i + 1];
    }
    for i in 0..=last {
        if i < last {
            sim.push(i, Action::Send { to: i + 1, amount: beyond[i] })?;
        }
        if own[i] > 0.0 {
            sim.push(i, Action::Compute { amount: own[i] })?;
        }
    }
    Ok(())
}
