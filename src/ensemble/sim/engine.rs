//! The event loop: one "processor runs dry" event at a time, in order of time (lowest index on
//! ties), each in O(log p) plus what its step changes ([`simulate`] states each algorithm's cost).

use rand::Rng;
use rand_distr::Distribution;

use super::ar::ArState;
use super::config::{Algorithm, SimConfig, SimResult, StepRecord, validate};
use super::md::{MdLevels, MdSuspend};
use super::procs::{Change, Procs, apply};
use super::tournament::Tournament;
use crate::ensemble::error::EnsembleError;
use crate::ensemble::metrics::{Metrics, imbalance_metrics};
use crate::ensemble::steps::{Torus, balance_into, poll_available, split_count};

/// What each algorithm keeps between events.
enum Policy {
    Md(MdLevels),
    MdSuspend(MdSuspend),
    Ar(ArState),
    Rp(RpState),
    Nr(Torus),
}

/// RP: −(when each processor stops being available, holding fewer than 2 tasks), a time that
/// changes only with its queue; the tree's first item is the last to stop, and a poll reads one
/// leaf.
struct RpState {
    until: Tournament<f64>,
}

impl RpState {
    /// Whether processor `j` holds at least 2 tasks at `t`.
    #[inline]
    fn available(&self, j: usize, t: f64) -> bool {
        -self.until.key(j) > t
    }

    fn update(&mut self, procs: &Procs, j: usize) {
        self.until.set(j, -procs.second_last_end(j));
    }

    /// Whether a processor other than `idle` is available at `t`. Idle has just been drained and
    /// its key may still say it is available (the step renews it, and a poll never reads it);
    /// that matters only when it is the tree's first item, and only then is its key renewed
    /// here, sparing most steps a read of its leaf (a cache miss at p = 10⁵) before the polls.
    fn other_available(&mut self, procs: &Procs, idle: usize, t: f64) -> bool {
        if self.until.top().1 == idle {
            self.update(procs, idle);
        }
        -self.until.top().0 > t
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
/// Drawing the tasks, running them and summing the compute times costs O(n); memory is O(n + p)
/// (each processor's record and task durations sit in one slot of ⌈n/p⌉ + 5 words). The
/// events are the instants a processor runs dry, taken from a tournament tree of run-dry times in
/// O(log p) each (lowest index first on ties); a processor is advanced through its tasks only
/// when a step looks at it. Per event, besides that O(log p) and O(tasks moved):
/// - **MD**: O(1) amortised. No count exceeds the largest one L, which only falls; a processor
///   holds L tasks until the end of its L-th task from last, a time fixed when its queue last
///   changed, and once it holds fewer it does not hold L again, so the processors holding L,
///   in index order, are the donors in that order: a cursor over them, skipping those that no
///   longer hold L, gives each donor. When none is left, one pass over the processors finds the
///   new largest count and its holders: at most ⌈n/p⌉ passes a run, O(n + p) in all. The
///   suspend variant, whose hidden donors can raise the largest visible count again, keeps a
///   tree of counts as upper bounds instead, each correction (O(log p)) paid for by a task that
///   ended, and a heap of the transfers due (O(log p) each).
/// - **RP**: O(log p + polls). A processor holds 2 tasks at t while the end of its
///   second-to-last task is later than t, also a time fixed when its queue changes; a tree of
///   those times says in O(1) whether anyone is available, and a poll costs O(1). The polls are
///   the algorithm's own draws, (p − 1)/|available| of them on average.
/// - **NR**: O(k log p) for the group of k (5 on a torus).
/// - **AR**: its step reads every count and may change every count, so it cannot cost O(log p)
///   per event; it costs O((c + D) log p) for the c counts changed and D tasks ended since AR's
///   previous step. After a step at which only the trigger was idle, every processor holds its
///   balanced share ⌊(N + position)/p⌋; a processor whose count has not changed needs a move only
///   where a multiple of p falls between its old and new N + position, which happens in at most
///   D/p + 2 runs of D + 1 consecutive indices, and those, with the c changed ones (found by a
///   tree of task ends, O(log p) each), are all the step examines. When that is not below p/4
///   (or more than p/8 counts changed), at the first step, and when another processor is idle at
///   the same instant (ties, of probability 0 under a continuous law), it passes over all p
///   processors instead, O(p), which the tasks ended pay for except at ties. Over a run AR costs
///   O(log p) per task ended and per step; its steps are the algorithm's own.
///
/// Recording the trajectory costs O(p) more per step (the size of a record).
///
/// # Errors
/// [`EnsembleError::TooFewProcessors`] for p < 2, [`EnsembleError::BadTaskCount`] for n = 0,
/// [`EnsembleError::TooLarge`] beyond [`MAX_SIM_TASKS`](super::MAX_SIM_TASKS),
/// [`MAX_SIM_PROCESSORS`](super::MAX_SIM_PROCESSORS) or (with a trajectory)
/// [`MAX_TRAJECTORY_CELLS`](super::MAX_TRAJECTORY_CELLS), [`EnsembleError::InvalidTime`] for a
/// bad transfer cost, [`EnsembleError::InvalidParameter`] when NR's square torus does not fit p,
/// [`EnsembleError::LengthMismatch`] for a given torus whose size is not p (any algorithm), [`EnsembleError::BadDraw`] when `dist` draws a negative or
/// non-finite time (for normal task times use [`Law::truncated_normal`](crate::law::Law::truncated_normal), the law that
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
/// use loadbal::law::Law;
/// use loadbal::ensemble::{simulate, Algorithm, SimConfig};
/// use rand::SeedableRng;
/// let dist = Law::gamma_mean_sd(488.1, 116.6).unwrap();
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
    let p = cfg.p as usize; // at most MAX_SIM_PROCESSORS (validated)
    let rp = cfg.algorithm == Algorithm::Rp;
    let mut second_last = Vec::with_capacity(if rp { p } else { 0 });
    let mut procs = Procs::sample(dist, cfg.n, p, rng, rp.then_some(&mut second_last))?;
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
        Algorithm::Md if cfg.md_suspend => Some(Policy::MdSuspend(MdSuspend::new(&procs))),
        Algorithm::Md => Some(Policy::Md(MdLevels::default())),
        Algorithm::Ar => Some(Policy::Ar(ArState::new(&procs))),
        Algorithm::Rp => {
            debug_assert!((0..p).all(|j| second_last[j] == procs.second_last_end(j)));
            let until = Tournament::new(second_last.iter().map(|&e| -e), f64::INFINITY);
            Some(Policy::Rp(RpState { until }))
        }
        Algorithm::Nr => Some(Policy::Nr(torus.expect("validate gives NR its torus"))),
    };
    #[cfg(debug_assertions)]
    let mut ran_dry = vec![0.0; p];
    if let Some(policy) = policy {
        run_events(
            &mut procs,
            policy,
            cfg,
            rng,
            &mut result,
            #[cfg(debug_assertions)]
            &mut ran_dry,
        );
    }
    // A processor finishes at the latest instant it ran dry or ended a task, which is when its
    // last task ends (`Procs::finish`): once it has run dry, `run_end` never falls below that
    // instant (a drain sets it to the event time, an idle receiver starts later, advancing only
    // adds), so the events need not record when processors run dry (debug builds check it).
    for (j, finish) in result.finish.iter_mut().enumerate() {
        *finish = finish.max(procs.finish(j));
    }
    #[cfg(debug_assertions)]
    for (j, &dry) in ran_dry.iter().enumerate() {
        debug_assert!(dry <= result.finish[j], "processor {j} ran dry at {dry} after its finish");
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
    #[cfg(debug_assertions)] ran_dry: &mut [f64],
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
        if let Policy::MdSuspend(md) = &mut policy
            && let Some(e) = md.due(t)
        {
            // the donor's active task has ended, half its queue leaves
            let m = procs.queued(e.from) / 2;
            procs.give(e.from, m, &mut pool);
            procs.take(e.to, m, &mut pool, e.tau + cfg.transfer_cost);
            md.transferred(procs, &e);
            for j in [e.from, e.to] {
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
        #[cfg(debug_assertions)]
        {
            ran_dry[idle] = ran_dry[idle].max(t);
        }
        // The idle processor's run-dry time (and RP's entry) are renewed once, after the step:
        // nothing reads them before, MD's donor searches skip or correct a drained processor
        // (plain MD's by its count, 0) and RP's test for an available one does
        // (`RpState::other_available`).
        if let Policy::Ar(ar) = &mut policy {
            ar.drained(idle);
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
                if let Some((k, c)) = md.donor(procs, t) {
                    debug_assert_eq!(procs.count(k), c);
                    push_pair(&mut changes, idle, k, c);
                }
            }
            Policy::MdSuspend(md) => {
                // the donor is split when its active task ends; the idle processor waits
                let (k, c) = md.donor(procs, t);
                if c >= 2 {
                    md.lock(procs, k, idle);
                }
                triggers.set(idle, f64::INFINITY);
                continue;
            }
            Policy::Rp(rp) => {
                if rp.other_available(procs, idle, t) {
                    let (k, polls) = poll_available(p, idle, |j| rp.available(j, t), rng);
                    // its record and queue, in parallel rather than one after the other
                    procs.touch(k);
                    result.polls += polls;
                    procs.advance(k, t);
                    push_pair(&mut changes, idle, k, procs.count(k));
                }
            }
            Policy::Nr(torus) => {
                let mut members = [0; 5];
                let k = torus.neighbourhood(idle, &mut members);
                // members[0] is the idle processor, just drained: it holds 0 tasks, known
                // without reading its record (a cache miss at p = 10⁵) before the others'
                let (mut before, mut after) = ([0u64; 5], [0u64; 5]);
                for (c, &j) in before[1..k].iter_mut().zip(&members[1..k]) {
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
            Policy::Ar(ar) => ar.moved(procs, &changes),
            Policy::Rp(rp) => changes.iter().for_each(|c| rp.update(procs, c.proc)),
            Policy::Md(_) | Policy::MdSuspend(_) | Policy::Nr(_) => {}
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
