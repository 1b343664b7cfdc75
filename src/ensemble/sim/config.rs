//! The simulator's public types: the algorithm, the configuration of a run, its result and the
//! record of one step, and the size limits a configuration is checked against.

use crate::ensemble::error::{EnsembleError, check_time};
use crate::ensemble::metrics::Metrics;
use crate::ensemble::steps::Torus;

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
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::Algorithm;
    /// let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
    /// assert_eq!(names, ["Static", "MD", "AR", "RP", "NR"]);
    /// ```
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
    pub p: u64,
    /// The strategy.
    pub algorithm: Algorithm,
    /// Delay before an idle processor can start tasks it receives (seconds; 0 in the paper's
    /// analysis; the paper measured about 0.2 s in total per run).
    pub transfer_cost: f64,
    /// NR topology; `None` means the √p × √p torus. A torus of another size than `p` is refused
    /// (whichever algorithm runs).
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
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::{simulate, Algorithm, SimConfig};
    /// use loadbal::law::Law;
    /// // Ten unit tasks statically on two processors: each runs five, wall clock 5.
    /// let cfg = SimConfig::new(10, 2, Algorithm::Static);
    /// assert_eq!((cfg.transfer_cost, cfg.torus, cfg.record_trajectory), (0.0, None, false));
    /// let run = simulate(&Law::deterministic(1.0).unwrap(), &cfg, &mut loadbal::montecarlo::stream(1, 0)).unwrap();
    /// assert!((run.wall_clock - 5.0).abs() < 1e-12);
    /// ```
    pub fn new(n: u64, p: u64, algorithm: Algorithm) -> Self {
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
    /// The counts of this step (a copy), for
    /// [`CountStep::variance_decrease`](crate::ensemble::CountStep::variance_decrease).
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::StepRecord;
    /// let s = StepRecord {
    ///     time: 12.5,
    ///     idle: 0,
    ///     counts_before: vec![0, 3, 5, 2, 7],
    ///     counts_after: vec![3, 3, 3, 4, 4],
    ///     running: vec![false, true, true, true, true],
    ///     remaining_before: vec![],
    ///     remaining_after: vec![],
    /// };
    /// assert!((s.count_step().variance_decrease(1.0).unwrap() - 6.25).abs() < 1e-12);
    /// ```
    pub fn count_step(&self) -> crate::ensemble::CountStep {
        crate::ensemble::CountStep::new(self.counts_before.clone(), self.counts_after.clone(), self.running.clone())
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
/// Most tasks one simulated run accepts (their durations are held in memory, with five words per
/// processor: 0.8 GB, and 1.2 GB with the most processors).
pub const MAX_SIM_TASKS: u64 = 100_000_000;
/// Most processors one simulated run accepts.
pub const MAX_SIM_PROCESSORS: u64 = 10_000_000;
/// Most `n × p` cells a recorded trajectory may need (about 1 GB at worst).
pub const MAX_TRAJECTORY_CELLS: u64 = 30_000_000;

pub(super) fn validate(cfg: &SimConfig) -> Result<Option<Torus>, EnsembleError> {
    if cfg.p < 2 {
        return Err(EnsembleError::TooFewProcessors(cfg.p));
    }
    if cfg.n == 0 {
        return Err(EnsembleError::BadTaskCount { n: cfg.n, p: cfg.p });
    }
    if cfg.n > MAX_SIM_TASKS {
        return Err(EnsembleError::TooLarge { what: "tasks of a simulated run", value: cfg.n, max: MAX_SIM_TASKS });
    }
    if cfg.p > MAX_SIM_PROCESSORS {
        return Err(EnsembleError::TooLarge {
            what: "processors of a simulated run",
            value: cfg.p,
            max: MAX_SIM_PROCESSORS,
        });
    }
    let cells = cfg.n.saturating_mul(cfg.p);
    if cfg.record_trajectory && cells > MAX_TRAJECTORY_CELLS {
        return Err(EnsembleError::TooLarge {
            what: "tasks × processors of a recorded trajectory",
            value: cells,
            max: MAX_TRAJECTORY_CELLS,
        });
    }
    check_time("transfer_cost", cfg.transfer_cost)?;
    // A torus of another size is a mistake whichever algorithm runs (only NR uses it).
    if let Some(t) = cfg.torus
        && t.len() as u64 != cfg.p
    {
        // p ≤ MAX_SIM_PROCESSORS (checked above) fits a usize.
        return Err(EnsembleError::LengthMismatch { what: "torus", got: t.len(), expected: cfg.p as usize });
    }
    if cfg.algorithm != Algorithm::Nr {
        return Ok(None);
    }
    match cfg.torus {
        Some(t) => Ok(Some(t)),
        None => Torus::square(cfg.p).map(Some),
    }
}
