//! Discrete-event simulator of STATIC, MD, AR, RP and NR (Ahn et al., §2).
//!
//! Every processor starts with a static block of consecutive tasks. When a processor finishes its
//! last task the algorithm's step ([`md_step`], [`ar_step`], [`rp_step`], [`nr_step`]) is
//! applied to the counts of that instant (remaining tasks including the running one) and the
//! queues are rearranged to match: surplus tasks leave from the tail of a queue, running tasks
//! never move, a processor that receives work while idle starts it after the optional transfer
//! cost. The run ends when no processor has work left.
//!
//! The event loop only visits "a processor runs dry" events: between two of them nothing the
//! algorithms look at changes, so task completions are advanced lazily (O(n + steps·p) per run).

use rand::Rng;
use rand_distr::Distribution;

use super::decrease::RpDonorModel;
use super::error::{EnsembleError, check_time};
use super::metrics::{Metrics, imbalance_metrics};
use super::steps::{StepOutcome, Torus, ar_step, md_step, nr_step, rp_poll, rp_step};

/// The load-balancing strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Algorithm {
    /// Static block distribution, no balancing.
    Static,
    /// Most-dividing (§2.2).
    Md,
    /// All-redistribution (§2.3).
    Ar,
    /// Random-polling (§2.4).
    Rp,
    /// Neighbour-redistribution on a 2-D torus (§2.5).
    Nr,
}

impl Algorithm {
    /// All five, in the paper's column order.
    pub const ALL: [Algorithm; 5] = [Algorithm::Static, Algorithm::Md, Algorithm::Ar, Algorithm::Rp, Algorithm::Nr];

    /// The paper's abbreviation.
    pub fn name(&self) -> &'static str {
        match self {
            Algorithm::Static => "Static",
            Algorithm::Md => "MD",
            Algorithm::Ar => "AR",
            Algorithm::Rp => "RP",
            Algorithm::Nr => "NR",
        }
    }
}

/// Configuration of one simulated run.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SimConfig {
    /// Number of tasks.
    pub n: u64,
    /// Number of processors (the first n mod p get one extra task when p does not divide n).
    pub p: usize,
    /// The strategy.
    pub algorithm: Algorithm,
    /// Delay before an idle processor can start tasks it receives (seconds; 0 in the paper's
    /// analysis; the paper measured about 0.2 s in total per run).
    pub transfer_cost: f64,
    /// NR topology; `None` means the √p × √p torus.
    pub torus: Option<Torus>,
    /// Record every step's counts and remaining times (Figure 5 curves, Table 1 theory).
    pub record_trajectory: bool,
    /// MD as implemented in the paper's experiments (§2.2): the donor "suspends execution after
    /// finishing the currently active job", then sends half of its queued tasks; the idle
    /// processor waits meanwhile and a donor being split is not chosen again. `false` (default)
    /// follows the analysis: instant transfer at the idle instant. Steps of this variant are not
    /// recorded in the trajectory.
    pub md_suspend: bool,
}

impl SimConfig {
    /// `n` tasks on `p` processors with `algorithm`, zero transfer cost, square torus, no
    /// trajectory. RP always re-polls until an available processor answers (§2.4).
    pub fn new(n: u64, p: usize, algorithm: Algorithm) -> Self {
        SimConfig { n, p, algorithm, transfer_cost: 0.0, torus: None, record_trajectory: false, md_suspend: false }
    }
}

/// One balancing step that moved tasks.
///
/// Displayed as:
/// One line: time, trigger, tasks moved, counts before → after.
///
/// ```
/// use loadbal::ensemble::StepRecord;
/// let s = StepRecord {
///     time: 12.5,
///     idle: 0,
///     counts_before: vec![0, 3, 5, 2, 7],
///     counts_after: vec![3, 3, 5, 2, 4],
///     running: vec![false, true, true, true, true],
///     remaining_before: vec![],
///     remaining_after: vec![],
/// };
/// assert_eq!(s.to_string(), "t = 12.5000 s: processor 0 idle, 3 tasks moved, counts [0, 3, 5, 2, 7] -> [3, 3, 5, 2, 4]");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StepRecord {
    /// Simulated time of the step.
    pub time: f64,
    /// The processor that ran dry.
    pub idle: usize,
    /// Counts before (remaining tasks including the running one).
    pub counts_before: Vec<u64>,
    /// Counts after.
    pub counts_after: Vec<u64>,
    /// Which processors had a task in progress (the same before and after).
    pub running: Vec<bool>,
    /// Realised remaining compute time of each processor before the step.
    pub remaining_before: Vec<f64>,
    /// Realised remaining compute time of each processor after the step.
    pub remaining_after: Vec<f64>,
}

impl StepRecord {
    /// The counts of this step, for [`step_variance_decrease`](super::step_variance_decrease) and
    /// the samplers.
    pub fn count_step(&self) -> super::CountStep<'_> {
        super::CountStep::new(&self.counts_before, &self.counts_after, &self.running)
    }
}

impl std::fmt::Display for StepRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let moved: u64 = self.counts_before.iter().zip(&self.counts_after).map(|(b, a)| b.saturating_sub(*a)).sum();
        write!(
            f,
            "t = {:.4} s: processor {} idle, {} tasks moved, counts {:?} -> {:?}",
            self.time, self.idle, moved, self.counts_before, self.counts_after
        )
    }
}

/// The outcome of one simulated run.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SimResult {
    /// Compute (busy) time of each processor: the tables' "compute time".
    pub compute: Vec<f64>,
    /// Time each processor finished its last task.
    pub finish: Vec<f64>,
    /// Wall clock: the largest finish time.
    pub wall_clock: f64,
    /// Metrics (1)–(3) of the compute times.
    pub metrics: Metrics,
    /// Balancing steps that moved at least one task.
    pub steps: u64,
    /// RP polls (0 for the other algorithms).
    pub polls: u64,
    /// Tasks moved in total.
    pub moved: u64,
    /// Per-step records when [`SimConfig::record_trajectory`] is set.
    pub trajectory: Vec<StepRecord>,
}

impl std::fmt::Display for SimResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "wall clock {:.4}; {}; {} steps moved {} tasks",
            self.wall_clock, self.metrics, self.steps, self.moved
        )
    }
}

struct Proc {
    queue: Vec<f64>,
    next: usize,
    run_end: f64,
    running: bool,
    queued_sum: f64,
    busy: f64,
    trigger: f64,
}

impl Proc {
    /// Starts every task whose predecessor has ended by `t`.
    fn advance(&mut self, t: f64) {
        while self.run_end <= t {
            if self.next < self.queue.len() {
                let d = self.queue[self.next];
                self.next += 1;
                self.busy += d;
                self.queued_sum -= d;
                self.run_end += d;
                self.running = true;
            } else {
                self.running = false;
                break;
            }
        }
    }

    /// Runs every remaining task (the processor that triggers a step has run dry at `t`).
    fn drain(&mut self, t: f64) {
        for &d in &self.queue[self.next..] {
            self.busy += d;
        }
        self.next = self.queue.len();
        self.queued_sum = 0.0;
        self.running = false;
        self.run_end = t;
    }

    fn count(&self) -> u64 {
        (self.queue.len() - self.next) as u64 + u64::from(self.running)
    }

    fn remaining(&self, t: f64) -> f64 {
        (if self.running { self.run_end - t } else { 0.0 }) + self.queued_sum.max(0.0)
    }
}

/// The suspend-variant MD transfer at the end `tau` of the donor's active task: half of the
/// donor's queued tasks (⌊q/2⌋) go to the waiting processor `to`. Returns the tasks moved.
fn transfer_at_task_end(procs: &mut [Proc], tau: f64, to: usize, from: usize, cost: f64) -> u64 {
    let donor = &mut procs[from];
    let queued = donor.queue.len() - donor.next;
    let keep = donor.queue.len() - queued / 2;
    let moved = donor.queue.split_off(keep);
    let sum: f64 = moved.iter().sum();
    donor.queued_sum -= sum;
    donor.trigger = donor.run_end + donor.queued_sum;
    let rc = &mut procs[to];
    rc.queue.extend_from_slice(&moved);
    rc.queued_sum += sum;
    rc.run_end = tau + cost;
    rc.trigger = rc.run_end + rc.queued_sum;
    moved.len() as u64
}

/// Most tasks one simulated run accepts (their durations are held in memory: 0.8 GB).
pub const MAX_SIM_TASKS: u64 = 100_000_000;
/// Most processors one simulated run accepts.
pub const MAX_SIM_PROCESSORS: usize = 10_000_000;
/// Most `n × p` cells a recorded trajectory may need (about 1 GB at worst).
pub const MAX_TRAJECTORY_CELLS: u64 = 30_000_000;

fn validate(cfg: &SimConfig) -> Result<Option<Torus>, EnsembleError> {
    if cfg.p < 2 {
        return Err(EnsembleError::TooFewProcessors(cfg.p as u64));
    }
    if cfg.n == 0 {
        return Err(EnsembleError::BadTaskCount { n: cfg.n, p: cfg.p as u64 });
    }
    if cfg.n > MAX_SIM_TASKS {
        return Err(EnsembleError::TooLarge { what: "tasks of a simulated run", value: cfg.n, max: MAX_SIM_TASKS });
    }
    if cfg.p > MAX_SIM_PROCESSORS {
        return Err(EnsembleError::TooLarge {
            what: "processors of a simulated run",
            value: cfg.p as u64,
            max: MAX_SIM_PROCESSORS as u64,
        });
    }
    let cells = cfg.n.saturating_mul(cfg.p as u64);
    if cfg.record_trajectory && cells > MAX_TRAJECTORY_CELLS {
        return Err(EnsembleError::TooLarge {
            what: "tasks × processors of a recorded trajectory",
            value: cells,
            max: MAX_TRAJECTORY_CELLS,
        });
    }
    check_time("transfer_cost", cfg.transfer_cost)?;
    if cfg.algorithm != Algorithm::Nr {
        return Ok(None);
    }
    let torus = match cfg.torus {
        Some(t) => t,
        None => Torus::square(cfg.p)?,
    };
    if torus.len() != cfg.p {
        return Err(EnsembleError::LengthMismatch { what: "torus", got: torus.len(), expected: cfg.p });
    }
    Ok(Some(torus))
}

/// Simulates one run of `cfg.n` tasks with i.i.d. times from `dist` on `cfg.p` processors.
///
/// # Formula
/// ```text
/// processor i starts with tasks [iR, (i+1)R) (R = n/p); at each "runs dry" instant t the
/// algorithm's step maps counts R → R'; compute_i = Σ durations run on i; wall = max finish_i
/// ```
///
/// # Errors
/// [`EnsembleError::TooFewProcessors`] for p < 2, [`EnsembleError::BadTaskCount`] for n = 0,
/// [`EnsembleError::TooLarge`] beyond [`MAX_SIM_TASKS`], [`MAX_SIM_PROCESSORS`] or (with a
/// trajectory) [`MAX_TRAJECTORY_CELLS`], [`EnsembleError::InvalidTime`] for a bad transfer cost, [`EnsembleError::InvalidParameter`] /
/// [`EnsembleError::LengthMismatch`] for an NR torus that does not fit p,
/// [`EnsembleError::BadDraw`] when `dist` draws a negative or non-finite time (for normal task
/// times use [`super::truncated_normal`], the law that never does).
///
/// # Accuracy
/// Statistical: one exact realisation of the model (event times are sums of draws, relative
/// rounding error about n/p·u), reproducible bit for bit for a given seed; the metrics of many
/// runs ([`super::monte_carlo_metrics`]) agree with the static closed forms and Props 1–12 within
/// a few standard errors (`tests/ensemble/ensemble_validation.rs`).
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
    let (base, extra) = ((cfg.n / p as u64) as usize, (cfg.n % p as u64) as usize);
    let mut procs: Vec<Proc> = Vec::with_capacity(p);
    for i in 0..p {
        let len = base + usize::from(i < extra);
        let mut queue = Vec::with_capacity(len);
        let mut sum = 0.0;
        for _ in 0..len {
            let d = dist.sample(rng);
            if !(d.is_finite() && d >= 0.0) {
                return Err(EnsembleError::BadDraw(d));
            }
            sum += d;
            queue.push(d);
        }
        procs.push(Proc { queue, next: 0, run_end: 0.0, running: false, queued_sum: sum, busy: 0.0, trigger: sum });
    }
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
    let mut counts = vec![0u64; p];
    let mut pool: Vec<f64> = Vec::new();
    let mut pending: Vec<(f64, usize, usize)> = Vec::new();
    let mut locked = vec![false; p];
    if cfg.algorithm != Algorithm::Static {
        loop {
            let (idle, t) = procs
                .iter()
                .enumerate()
                .map(|(i, pr)| (i, pr.trigger))
                .fold((usize::MAX, f64::INFINITY), |a, b| if b.1 < a.1 { b } else { a });
            let due = pending.iter().enumerate().filter(|(_, e)| e.0 <= t).min_by(|a, b| a.1.0.total_cmp(&b.1.0));
            if let Some((pos, _)) = due {
                let (tau, to, from) = pending.swap_remove(pos);
                let m = transfer_at_task_end(&mut procs, tau, to, from, cfg.transfer_cost);
                locked[from] = false;
                if m > 0 {
                    result.steps += 1;
                    result.moved += m;
                }
                continue;
            }
            if idle == usize::MAX {
                break;
            }
            procs[idle].drain(t);
            result.finish[idle] = result.finish[idle].max(procs[idle].run_end);
            procs[idle].trigger = f64::INFINITY;
            // NR only looks at the group: the other counts may stay stale (they are neither read
            // nor changed), unless the trajectory records every processor.
            let group = torus.map(|tor| tor.group(idle));
            match &group {
                Some(g) if !cfg.record_trajectory => {
                    for &j in g {
                        procs[j].advance(t);
                        counts[j] = procs[j].count();
                    }
                }
                _ => {
                    for (j, pr) in procs.iter_mut().enumerate() {
                        pr.advance(t);
                        counts[j] = pr.count();
                    }
                }
            }
            let step: StepOutcome = match cfg.algorithm {
                Algorithm::Md if cfg.md_suspend => {
                    let visible: Vec<u64> = counts.iter().zip(&locked).map(|(&c, &l)| if l { 0 } else { c }).collect();
                    let sel = md_step(&visible, idle)?;
                    if let Some(k) = sel.donor.filter(|_| sel.moved > 0) {
                        locked[k] = true;
                        pending.push((procs[k].run_end, idle, k));
                    }
                    continue;
                }
                Algorithm::Md => md_step(&counts, idle)?,
                Algorithm::Ar => ar_step(&counts, idle)?,
                Algorithm::Nr => nr_step(&counts, idle, group.as_deref().expect("validated torus"))?,
                Algorithm::Rp => {
                    let (donor, polls) = rp_poll(&counts, idle, RpDonorModel::UniformAvailable, rng)?;
                    result.polls += polls;
                    match donor {
                        Some(k) => rp_step(&counts, idle, k)?,
                        None => StepOutcome { counts: counts.clone(), donor: None, moved: 0 },
                    }
                }
                Algorithm::Static => unreachable!("static runs have no steps"),
            };
            if step.moved == 0 {
                // MD, AR and RP move nothing only when no task is queued anywhere, and queued
                // work never reappears: every processor just finishes what it runs.
                if cfg.algorithm == Algorithm::Nr {
                    continue;
                }
                break;
            }
            result.steps += 1;
            result.moved += step.moved;
            let remaining_before: Vec<f64> =
                if cfg.record_trajectory { procs.iter().map(|pr| pr.remaining(t)).collect() } else { Vec::new() };
            let running: Vec<bool> =
                if cfg.record_trajectory { procs.iter().map(|pr| pr.running).collect() } else { Vec::new() };
            for (pr, (&before, &after)) in procs.iter_mut().zip(counts.iter().zip(&step.counts)) {
                if after < before {
                    let keep = pr.queue.len() - (before - after) as usize;
                    let moved: f64 = pr.queue[keep..].iter().sum();
                    pool.extend_from_slice(&pr.queue[keep..]);
                    pr.queue.truncate(keep);
                    pr.queued_sum -= moved;
                    pr.trigger = pr.run_end + pr.queued_sum;
                }
            }
            for (j, (&before, &after)) in counts.iter().zip(&step.counts).enumerate() {
                if after > before {
                    let pr = &mut procs[j];
                    let take = (after - before) as usize;
                    let got = &pool[pool.len() - take..];
                    pr.queued_sum += got.iter().sum::<f64>();
                    pr.queue.extend_from_slice(got);
                    pool.truncate(pool.len() - take);
                    if !pr.running {
                        pr.run_end = t + cfg.transfer_cost;
                    }
                    pr.trigger = pr.run_end + pr.queued_sum;
                }
            }
            if cfg.record_trajectory {
                result.trajectory.push(StepRecord {
                    time: t,
                    idle,
                    counts_before: counts.clone(),
                    counts_after: step.counts.clone(),
                    remaining_after: procs.iter().map(|pr| pr.remaining(t)).collect(),
                    running,
                    remaining_before,
                });
            }
        }
    }
    for (j, pr) in procs.iter_mut().enumerate() {
        let end = pr.run_end.max(0.0) + pr.queued_sum.max(0.0);
        pr.drain(end);
        result.finish[j] = result.finish[j].max(end);
    }
    result.compute = procs.iter().map(|pr| pr.busy).collect();
    result.wall_clock = result.finish.iter().copied().fold(0.0, f64::max);
    result.metrics = imbalance_metrics(&result.compute)?;
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ensemble::gamma_matched;
    use rand::SeedableRng;

    fn rng(seed: u64) -> rand_chacha::ChaCha8Rng {
        rand_chacha::ChaCha8Rng::seed_from_u64(seed)
    }

    #[test]
    fn conserves_work_and_records_steps() {
        let dist = gamma_matched(488.1, 116.6).unwrap();
        for alg in Algorithm::ALL {
            let mut cfg = SimConfig::new(1000, 25, alg);
            cfg.record_trajectory = true;
            let mut g1 = rng(9);
            let res = simulate(&dist, &cfg, &mut g1).unwrap();
            // same draws → same total work whatever the algorithm
            let mut g2 = rng(9);
            let stat = simulate(&dist, &SimConfig::new(1000, 25, Algorithm::Static), &mut g2).unwrap();
            let total: f64 = res.compute.iter().sum();
            let total_static: f64 = stat.compute.iter().sum();
            assert!((total / total_static - 1.0).abs() < 1e-9, "{alg:?}");
            assert_eq!(res.trajectory.len() as u64, res.steps);
            for s in &res.trajectory {
                assert_eq!(s.counts_before.iter().sum::<u64>(), s.counts_after.iter().sum::<u64>());
                let xb: f64 = s.remaining_before.iter().sum();
                let xa: f64 = s.remaining_after.iter().sum();
                assert!((xb - xa).abs() < 1e-6 * xb.max(1.0));
            }
            // with zero transfer cost no processor waits: finish == compute
            for (c, f) in res.compute.iter().zip(&res.finish) {
                assert!(f >= c || (c - f).abs() < 1e-6);
            }
            if alg != Algorithm::Static {
                assert!(res.steps > 0);
                assert!(res.metrics.max_idle < stat.metrics.max_idle);
            }
        }
    }

    #[test]
    fn recording_the_trajectory_does_not_change_the_run() {
        // NR advances only the group when no trajectory is recorded: same run either way
        let dist = gamma_matched(488.1, 116.6).unwrap();
        for alg in Algorithm::ALL {
            let mut cfg = SimConfig::new(1000, 25, alg);
            let a = simulate(&dist, &cfg, &mut rng(8)).unwrap();
            cfg.record_trajectory = true;
            let b = simulate(&dist, &cfg, &mut rng(8)).unwrap();
            assert_eq!(a.compute, b.compute, "{alg:?}");
            assert_eq!((a.steps, a.moved), (b.steps, b.moved));
        }
    }

    #[test]
    fn md_suspend_variant_conserves_work() {
        let dist = gamma_matched(488.1, 116.6).unwrap();
        let mut cfg = SimConfig::new(1000, 25, Algorithm::Md);
        let instant = simulate(&dist, &cfg, &mut rng(6)).unwrap();
        cfg.md_suspend = true;
        let suspend = simulate(&dist, &cfg, &mut rng(6)).unwrap();
        let total = |r: &SimResult| r.compute.iter().sum::<f64>();
        assert!((total(&suspend) / total(&instant) - 1.0).abs() < 1e-9);
        assert!(suspend.steps > 0);
        // a processor waiting for its donor's active task finishes after its compute time
        for (c, f) in suspend.compute.iter().zip(&suspend.finish) {
            assert!(*f >= *c - 1e-6);
        }
    }

    #[test]
    fn transfer_cost_delays_wall_clock() {
        let dist = gamma_matched(488.1, 116.6).unwrap();
        let mut cfg = SimConfig::new(1000, 25, Algorithm::Ar);
        let a = simulate(&dist, &cfg, &mut rng(4)).unwrap();
        cfg.transfer_cost = 100.0;
        let b = simulate(&dist, &cfg, &mut rng(4)).unwrap();
        assert!(b.wall_clock > a.wall_clock);
    }

    #[test]
    fn bad_input() {
        let dist = gamma_matched(1.0, 1.0).unwrap();
        assert!(simulate(&dist, &SimConfig::new(10, 1, Algorithm::Md), &mut rng(1)).is_err());
        assert!(simulate(&dist, &SimConfig::new(0, 4, Algorithm::Md), &mut rng(1)).is_err());
        assert!(simulate(&dist, &SimConfig::new(100, 10, Algorithm::Nr), &mut rng(1)).is_err());
        let normal = rand_distr::Normal::new(0.0, 1.0).unwrap();
        assert!(matches!(
            simulate(&normal, &SimConfig::new(100, 4, Algorithm::Md), &mut rng(1)),
            Err(EnsembleError::BadDraw(_))
        ));
        let truncated = crate::ensemble::truncated_normal(0.0, 1.0).unwrap();
        assert!(simulate(&truncated, &SimConfig::new(100, 4, Algorithm::Md), &mut rng(1)).is_ok());
        assert!(matches!(
            simulate(&dist, &SimConfig::new(MAX_SIM_TASKS + 1, 4, Algorithm::Md), &mut rng(1)),
            Err(EnsembleError::TooLarge { .. })
        ));
        let mut big = SimConfig::new(100_000, 1000, Algorithm::Md);
        big.record_trajectory = true;
        assert!(matches!(simulate(&dist, &big, &mut rng(1)), Err(EnsembleError::TooLarge { .. })));
        // fewer tasks than processors is simulated (idle processors from the start)
        let r = simulate(&dist, &SimConfig::new(3, 4, Algorithm::Ar), &mut rng(1)).unwrap();
        assert_eq!(r.compute.iter().filter(|&&c| c > 0.0).count(), 3);
    }
}
