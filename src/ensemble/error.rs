//! The module's error type.

use crate::montecarlo::MonteCarloError;
use crate::order_stats::OrderStatsError;

/// Errors of the ensemble module: every message names the offending value.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EnsembleError {
    /// A time, mean or standard deviation was NaN, infinite or negative.
    #[error("{what} must be finite and non-negative, got {value}")]
    InvalidTime {
        /// Which quantity.
        what: &'static str,
        /// The value given.
        value: f64,
    },
    /// A vector was shorter than the formula needs.
    #[error("{what} needs at least {min} entries, got {got}")]
    TooShort {
        /// Which vector.
        what: &'static str,
        /// Minimum length.
        min: usize,
        /// Length given.
        got: usize,
    },
    /// Two vectors that must have the same length do not.
    #[error("{what} has {got} entries, expected {expected}")]
    LengthMismatch {
        /// Which vector.
        what: &'static str,
        /// Length given.
        got: usize,
        /// Length expected.
        expected: usize,
    },
    /// Fewer than two processors.
    #[error("the formula needs at least 2 processors, got p = {0}")]
    TooFewProcessors(u64),
    /// No tasks, fewer tasks than processors where every processor needs work, or a task count
    /// that is not a multiple of p where the formula assumes equal blocks.
    #[error("{n} tasks on {p} processors: the formula needs n ≥ p (and p dividing n for equal blocks)")]
    BadTaskCount {
        /// Tasks.
        n: u64,
        /// Processors.
        p: u64,
    },
    /// A processor index outside 0..p.
    #[error("processor index {index} out of range for {p} processors")]
    IndexOutOfRange {
        /// The index.
        index: usize,
        /// Processors.
        p: u64,
    },
    /// The processor said to be idle still holds tasks.
    #[error("processor {index} is not idle: it holds {count} tasks")]
    NotIdle {
        /// The processor.
        index: usize,
        /// Its count.
        count: u64,
    },
    /// A processor marked as running a task has a count of zero.
    #[error("processor {index} is marked as running a task but its count is 0")]
    RunningWithoutTask {
        /// The processor.
        index: usize,
    },
    /// A parameter outside its domain.
    #[error("invalid {what} = {value}: {why}")]
    InvalidParameter {
        /// Which parameter.
        what: &'static str,
        /// The value given.
        value: f64,
        /// The domain.
        why: &'static str,
    },
    /// A size beyond what the function accepts in bounded time and memory.
    #[error("{what} = {value} exceeds the limit {max}; choose smaller sizes")]
    TooLarge {
        /// What is too large.
        what: &'static str,
        /// The requested size.
        value: u64,
        /// The largest accepted size.
        max: u64,
    },
    /// A task-time distribution produced a negative or non-finite duration.
    #[error("the task-time distribution drew {0}; durations must be finite and non-negative")]
    BadDraw(f64),
    /// The order-statistics kernel rejected its input.
    #[error(transparent)]
    OrderStats(#[from] OrderStatsError),
    /// A task-time law was refused by its constructor.
    #[error(transparent)]
    Law(#[from] crate::law::LawError),
    /// The Monte Carlo harness failed.
    #[error(transparent)]
    MonteCarlo(#[from] MonteCarloError),
}

/// Checks a finite non-negative scalar.
pub(crate) fn check_time(what: &'static str, value: f64) -> Result<f64, EnsembleError> {
    if value.is_finite() && value >= 0.0 { Ok(value) } else { Err(EnsembleError::InvalidTime { what, value }) }
}

/// The mean μ_T and standard deviation σ_T of a task-time law (Ahn et al., Assumption 2: the
/// closed forms use only these two moments), checked finite and non-negative.
pub(crate) fn task_moments(law: &crate::law::Law) -> Result<(f64, f64), EnsembleError> {
    Ok((check_time("mean", law.mean())?, check_time("sd", law.sd())?))
}

/// Checks a vector length.
pub(crate) fn check_len(what: &'static str, got: usize, min: usize) -> Result<(), EnsembleError> {
    if got < min { Err(EnsembleError::TooShort { what, min, got }) } else { Ok(()) }
}
