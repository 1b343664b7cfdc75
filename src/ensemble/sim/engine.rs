//! The event loop: one "processor runs dry" event at a time, in order of time (lowest index on
//! ties), each in O(log p) plus what its step changes (see the module docs of `sim` for each
//! algorithm's cost).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use rand::Rng;
use rand_distr::Distribution;

use super::ar::ArState;
use super::config::{Algorithm, SimConfig, SimResult, StepRecord, validate};
use super::procs::{Change, Procs, apply};
use super::tournament::Tournament;
use crate::ensemble::error::EnsembleError;
use crate::ensemble::metrics::{Metrics, imbalance_metrics};
use crate::ensemble::steps::{Torus, balance_into, poll_available, split_count};

/// What each algorithm keeps between events.
enum Policy {
    Md(MdState),
    Ar(ArState),
    Rp(RpState),
    Nr(Torus),
}

/// MD: the processors by count, most tasks first, lowest index on ties. A key is the count as of
/// the processor's last advance (`!count`, so that the smallest key is the largest count), an
/// upper bound of its count now: the donor is found by advancing the first processor until its
/// key is current (each correction is paid for by a task that ended).
struct MdState {
    counts: Tournament<u64>,
    /// Suspend variant: donors being split (their key is 0 meanwhile), and the transfers waiting
    /// for the end of their active task.
    locked: Vec<bool>,
    pending: BinaryHeap<Pending>,
    seq: u64,
}

impl MdState {
    /// The processor with the most tasks at `t` (its count; 0 when none has any).
    fn donor(&mut self, procs: &mut Procs, t: f64) -> (usize, u64) {
        loop {
            let (key, j) = self.counts.top();
            let c = !key;
            if c == 0 {
                return (j, 0);
            }
            procs.advance(j, t);
            let now = procs.count(j);
            if now == c {
                return (j, c);
            }
            self.counts.set(j, !now);
        }
    }
}

/// Suspend-variant MD transfer due at `tau` (earliest first, then in the order they were made).
#[derive(Debug, Clone, Copy)]
struct Pending {
    tau: f64,
    seq: u64,
    to: usize,
    from: usize,
}

impl Ord for Pending {
    fn cmp(&self, other: &Self) -> Ordering {
        other.tau.total_cmp(&self.tau).then(other.seq.cmp(&self.seq))
    }
}

impl PartialOrd for Pending {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Pending {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Pending {}

/// RP: when each processor stops being available (R ≥ 2), a time that changes only with its
/// queue, and the latest of them first.
struct RpState {
    until: Vec<f64>,
    latest: Tournament<f64>,
}

impl RpState {
    fn update(&mut self, procs: &Procs, j: usize) {
        self.until[j] = procs.second_last_end(j);
        self.latest.set(j, -self.until[j]);
    }
}

/// Simulates one run of `cfg.n` tasks with i.i.d. times from `dist` on `cfg.p` processors.
///
/// # Formula
/// ```text
/// processor i starts with tasks [iR, (i+1)R) (R = n/p); at each "runs dry" instant t the
/// algorithm's step maps counts R → R'; compute_i = Σ durations run on i; wall = max finish_i
/// ```
///
/// # Complexity
/// Drawing and running the tasks costs O(n); memory is O(n + p). The events are the instants a
/// processor runs dry, taken from a tournament tree of run-dry times in O(log p) each (lowest index
/// first on ties); a processor is advanced through its tasks only when a step looks at it. Per
/// event, besides that O(log p) and O(tasks moved):
/// - **MD**: O(log p) to find the most loaded processor in a tournament tree of counts. A count in the tree
///   is the processor's count when it was last looked at, an upper bound; correcting one costs
///   O(log p) and is paid for by a task that ended, so corrections number at most n per run.
/// - **RP**: O(log p + polls). Whether a processor holds 2 tasks at time t is whether the end of
///   its second-to-last task is later than t, a time fixed when its queue last changed; a tree of
///   those times answers "is anyone available?" in O(1), and a poll costs O(1). The polls are the
///   algorithm's own draws, (p − 1)/|available| of them on average.
/// - **NR**: O(k log p) for the group of k (5 on a torus).
/// - **AR**: the step reads every count and may change every count, so it cannot cost O(log p):
///   it costs O((c + D) log p) for c counts changed and D tasks ended since AR's previous step.
///   After a step at which only the trigger was idle every processor holds its balanced share
///   ⌊(N + position)/p⌋; a processor whose count has not changed needs a move only where a
///   multiple of p falls between its old and new N + position, which happens in at most
///   D/p + 2 runs of D + 1 consecutive indices, and those, with the c changed ones, are all the
///   step examines (a tree of task ends finds the c, O(log p) per task). When that is not below
///   p/4, at the first step and when another processor is idle at the same instant (ties, of
///   probability 0 under a continuous law) the step balances all p counts in O(p), which the D
///   tasks ended pay for except at ties. Over a run AR costs O(log p) per task plus O(log p) per
///   step; its steps are the algorithm's own.
/// - MD's suspend variant adds O(log p) per transfer (a heap of the transfers due).
///
/// Recording the trajectory costs O(p) per step more (the record's size).
///
/// # Errors
/// [`EnsembleError::TooFewProcessors`] for p < 2, [`EnsembleError::BadTaskCount`] for n = 0,
/// [`EnsembleError::TooLarge`] beyond [`MAX_SIM_TASKS`](super::MAX_SIM_TASKS),
/// [`MAX_SIM_PROCESSORS`](super::MAX_SIM_PROCESSORS) or (with a trajectory)
/// [`MAX_TRAJECTORY_CELLS`](super::MAX_TRAJECTORY_CELLS), [`EnsembleError::InvalidTime`] for a
/// bad transfer cost, [`EnsembleError::InvalidParameter`] / [`EnsembleError::LengthMismatch`] for
/// an NR torus that does not fit p, [`EnsembleError::BadDraw`] when `dist` draws a negative or
/// non-finite time (for normal task times use [`crate::ensemble::truncated_normal`], the law that
/// never does).
///
/// # Accuracy
/// Statistical: one exact realisation of the model (event times are sums of draws, relative
/// rounding error about n/p·u), reproducible bit for bit for a given seed; the metrics of many
/// runs ([`crate::ensemble::monte_carlo_metrics`]) agree with the static closed forms and Props
/// 1–12 within a few standard errors (`tests/ensemble/ensemble_validation.rs`).
///
/// # Examples
/// ```
/// use loadbal::ensemble::{gamma_matched, simulate, Algorithm, SimConfig};
/// use rand::SeedableRng;
/// let dist = gamma_matched(488.1, 116.6).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
/// let stat = simulate(&dist, &SimConfig::new(1000, 25, Algorithm::Static), &mut rng).unwrap();
/// let md = simulate(&dist, &SimConfig::new(1000, 25, Algorithm::Md), &mut rng).unwrap();
/// assert!(md.metrics.avg_idle < stat.metrics.avg_idle);
/// assert_eq!(stat.steps, 0);
/// ```
pub fn simulate<D, G>(dist: &D, cfg: &SimConfig, rng: &mut G) -> Result<SimResult, EnsembleError>
where
    D: Distribution<f64> + ?Sized,
    G: Rng + ?Sized,
{
    let torus = validate(cfg)?;
    let p = cfg.p;
    let mut procs = Procs::sample(dist, cfg.n, p, rng)?;
    let mut result = SimResult {
        compute: Vec::new(),
        finish: vec![0.0; p],
        wall_clock: 0.0,
        metrics: Metrics { avg: 0.0, max: 0.0, min: 0.0, rav: 0.0, max_idle: 0.0, avg_idle: 0.0, pct_idle: 0.0 },
        steps: 0,
        polls: 0,
        moved: 0,
        trajectory: Vec::new(),
    };
    let policy = match cfg.algorithm {
        Algorithm::Static => None,
        Algorithm::Md => Some(Policy::Md(MdState {
            counts: Tournament::new((0..p).map(|j| !procs.count(j)), !0),
            locked: vec![false; if cfg.md_suspend { p } else { 0 }],
            pending: BinaryHeap::new(),
            seq: 0,
        })),
        Algorithm::Ar => Some(Policy::Ar(ArState::new(&procs))),
        Algorithm::Rp => {
            let until: Vec<f64> = (0..p).map(|j| procs.second_last_end(j)).collect();
            Some(Policy::Rp(RpState { latest: Tournament::new(until.iter().map(|&u| -u), f64::INFINITY), until }))
        }
        Algorithm::Nr => Some(Policy::Nr(torus.expect("validate gives NR its torus"))),
    };
    if let Some(policy) = policy {
        run_events(&mut procs, policy, cfg, rng, &mut result);
    }
    for (j, finish) in result.finish.iter_mut().enumerate() {
        *finish = finish.max(procs.finish(j));
    }
    result.compute = (0..p).map(|j| procs.busy(j)).collect();
    result.wall_clock = result.finish.iter().copied().fold(0.0, f64::max);
    result.metrics = imbalance_metrics(&result.compute)?;
    Ok(result)
}

/// Runs every event of a balancing algorithm. Scratch buffers (`changes`, the task `pool`) live
/// for the whole run; a step allocates nothing unless the trajectory is recorded.
fn run_events<G: Rng + ?Sized>(
    procs: &mut Procs,
    mut policy: Policy,
    cfg: &SimConfig,
    rng: &mut G,
    result: &mut SimResult,
) {
    let p = procs.len();
    let record = cfg.record_trajectory;
    let mut triggers = Tournament::new((0..p).map(|j| procs.dry_time(j)), f64::INFINITY);
    let mut counts: Vec<u64> = if record { vec![0; p] } else { Vec::new() };
    let mut changes: Vec<Change> = Vec::new();
    let mut pool: Vec<f64> = Vec::new();
    let mut last_event = None;
    loop {
        let (t, idle) = triggers.top();
        if let Policy::Md(md) = &mut policy
            && let Some(e) = md.pending.peek().copied()
            && e.tau <= t
        {
            // suspend variant: the donor's active task has ended, half its queue leaves
            md.pending.pop();
            let m = procs.queued(e.from) / 2;
            procs.give(e.from, m, &mut pool);
            procs.take(e.to, m, &mut pool, e.tau + cfg.transfer_cost);
            md.locked[e.from] = false;
            for j in [e.from, e.to] {
                md.counts.set(j, !procs.count(j));
                triggers.set(j, procs.dry_time(j));
            }
            if m > 0 {
                result.steps += 1;
                result.moved += m;
            }
            continue;
        }
        if t == f64::INFINITY {
            break;
        }
        last_event = Some(t);
        procs.drain(idle, t);
        result.finish[idle] = result.finish[idle].max(t);
        // The idle processor's run-dry time (and MD's count) are renewed once, after the step:
        // nothing reads them before. MD's donor search corrects a stale count on its own.
        match &mut policy {
            Policy::Ar(ar) => ar.drained(idle),
            Policy::Rp(rp) if rp.until[idle] > t => rp.update(procs, idle),
            _ => {}
        }
        if record {
            if let Policy::Ar(ar) = &mut policy {
                ar.catch_up(procs, t);
                counts.copy_from_slice(ar.counts());
            } else {
                for (j, c) in counts.iter_mut().enumerate() {
                    procs.advance(j, t);
                    *c = procs.count(j);
                }
            }
        }
        changes.clear();
        match &mut policy {
            Policy::Md(md) => {
                let (k, c) = md.donor(procs, t);
                if cfg.md_suspend {
                    // the donor is split when its active task ends; the idle processor waits
                    if c >= 2 {
                        md.locked[k] = true;
                        md.counts.set(k, !0);
                        md.pending.push(Pending { tau: procs.run_end(k), seq: md.seq, to: idle, from: k });
                        md.seq += 1;
                    }
                    triggers.set(idle, f64::INFINITY);
                    continue;
                }
                if c >= 2 {
                    push_pair(&mut changes, idle, k, c);
                }
            }
            Policy::Rp(rp) => {
                if -rp.latest.top().0 > t {
                    let (k, polls) = poll_available(p, idle, |j| rp.until[j] > t, rng);
                    result.polls += polls;
                    procs.advance(k, t);
                    push_pair(&mut changes, idle, k, procs.count(k));
                }
            }
            Policy::Nr(torus) => {
                let (members, k) = torus.neighbourhood(idle);
                let (mut before, mut after) = ([0u64; 5], [0u64; 5]);
                for (c, &j) in before.iter_mut().zip(&members[..k]) {
                    procs.advance(j, t);
                    *c = procs.count(j);
                }
                balance_into(&before[..k], 0, &mut after[..k]);
                for q in 0..k {
                    if before[q] != after[q] {
                        changes.push(Change { proc: members[q], before: before[q], after: after[q] });
                    }
                }
                changes.sort_unstable_by_key(|c| c.proc);
            }
            Policy::Ar(ar) => {
                ar.catch_up(procs, t);
                ar.step(idle, &mut changes);
            }
        }
        let moved: u64 = changes.iter().map(|c| c.before.saturating_sub(c.after)).sum();
        if moved == 0 {
            // MD, AR and RP move nothing only when no task is queued anywhere, and queued work
            // never reappears: every processor just finishes what it runs.
            if cfg.algorithm == Algorithm::Nr {
                triggers.set(idle, f64::INFINITY);
                continue;
            }
            break;
        }
        result.steps += 1;
        result.moved += moved;
        let (remaining_before, running) = if record {
            ((0..p).map(|j| procs.remaining(j, t)).collect(), (0..p).map(|j| procs.running(j)).collect())
        } else {
            (Vec::new(), Vec::new())
        };
        apply(procs, &changes, &mut pool, t + cfg.transfer_cost);
        for c in &changes {
            triggers.set(c.proc, procs.dry_time(c.proc));
        }
        if !changes.iter().any(|c| c.proc == idle) {
            triggers.set(idle, f64::INFINITY);
        }
        match &mut policy {
            Policy::Md(md) => changes.iter().for_each(|c| md.counts.set(c.proc, !c.after)),
            Policy::Ar(ar) => ar.moved(procs, &changes),
            Policy::Rp(rp) => changes.iter().for_each(|c| rp.update(procs, c.proc)),
            Policy::Nr(_) => {}
        }
        if record {
            let counts_before = counts.clone();
            for c in &changes {
                counts[c.proc] = c.after;
            }
            result.trajectory.push(StepRecord {
                time: t,
                idle,
                counts_before,
                counts_after: counts.clone(),
                running,
                remaining_before,
                remaining_after: (0..p).map(|j| procs.remaining(j, t)).collect(),
            });
        }
    }
    // Every event used to advance every processor (NR: its group); the end times below read
    // `run_end + queued_sum`, whose rounding depends on how far a processor was advanced.
    if cfg.algorithm != Algorithm::Nr
        && let Some(t) = last_event
    {
        (0..p).for_each(|j| procs.advance(j, t));
    }
}

/// The MD/RP move: the idle processor takes ⌊R_k/2⌋ of donor k's `r_donor` tasks.
fn push_pair(changes: &mut Vec<Change>, idle: usize, donor: usize, r_donor: u64) {
    let m = split_count(r_donor);
    let pair =
        [Change { proc: idle, before: 0, after: m }, Change { proc: donor, before: r_donor, after: r_donor - m }];
    changes.extend_from_slice(&pair);
    changes.sort_unstable_by_key(|c| c.proc);
}
