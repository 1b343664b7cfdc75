//! The error type of the replication module.

use crate::montecarlo::MonteCarloError;

/// What was wrong with the input of a replication model, simulator or predictor.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplicationError {
    /// The coefficient of variation lies outside the thesis's domain `0 ≤ c_X ≤ 1`
    /// (Approx. 5.3.3 needs `σ(X) ≤ E(X)`), or is NaN.
    #[error("coefficient of variation c_X = {cv} is outside the model domain 0 ≤ c_X ≤ 1")]
    CvOutOfDomain {
        /// The offending value.
        cv: f64,
    },
    /// More replicas than processors: `R` copies of a job need `R` distinct processors.
    #[error("R = {replicas} replicas exceed P = {processors} processors: R-JR needs R ≤ P")]
    ReplicasExceedProcessors {
        /// Number of replicas `R`.
        replicas: u64,
        /// Number of processors `P`.
        processors: u64,
    },
    /// More processors than the function accepts.
    #[error("P = {processors} processors exceeds the largest accepted count {max}")]
    TooManyProcessors {
        /// Number of processors `P`.
        processors: u64,
        /// The largest accepted count.
        max: u64,
    },
    /// A count that the model needs as a power of two is not one.
    #[error("{what} = {value} is not a power of two (the JR models need R = 2^r replicas on P = 2^p processors)")]
    NotPowerOfTwo {
        /// Which count (`"replicas"`, `"processors"`, a block length).
        what: &'static str,
        /// The offending count.
        value: u64,
    },
    /// A continuous optimum lies outside the model's domain `1 ≤ R ≤ P` (`0 ≤ r ≤ p`).
    #[error(
        "the continuous optimum r = log2 R = {level} lies outside [0, p] = [0, {max_level}] \
         (R = {replicas} against 1 ≤ R ≤ P = {processors}); use the discrete optimum instead"
    )]
    OutOfRange {
        /// The stationary point `r*` in replica levels.
        level: f64,
        /// `2^{r*}`.
        replicas: f64,
        /// `p = log2 P`.
        max_level: u32,
        /// Number of processors `P`.
        processors: u64,
    },
    /// The stationary point of the speedup is not a maximum of a positive speedup (a minimum,
    /// or a point beyond a pole where the model's iteration time is negative).
    #[error(
        "the stationary point r = log2 R = {level} is not a maximum of the speedup: {reason} (speedup there {speedup})"
    )]
    NotAMaximum {
        /// The stationary point `r*` in replica levels.
        level: f64,
        /// The model speedup at `r*`.
        speedup: f64,
        /// Why it is not a maximum.
        reason: &'static str,
    },
    /// A simulation would exceed the work or memory limit.
    #[error("{what} = {value} exceeds the limit {max}; choose smaller sizes")]
    TooLarge {
        /// What is too large.
        what: &'static str,
        /// The requested size.
        value: u128,
        /// The largest accepted size.
        max: u128,
    },
    /// A model constant or a simulation parameter is outside its range.
    #[error("{name} = {value} is invalid: expected {expected}")]
    InvalidParameter {
        /// Which parameter.
        name: &'static str,
        /// The offending value.
        value: f64,
        /// The accepted range.
        expected: &'static str,
    },
    /// Def. 5.3.8 needs `β(i−1, i)² ≤ 2 − 2α²`.
    #[error("β({i_minus_1}, {i}) = {beta} makes 2 − 2α² − β² = {radicand} negative (Def. 5.3.8)")]
    NegativeRadicand {
        /// Row of the maximum ratio used.
        i_minus_1: u32,
        /// Level of the minimum.
        i: u32,
        /// The maximum ratio.
        beta: f64,
        /// The negative radicand.
        radicand: f64,
    },
    /// A β table has no entry for the requested `(i, j)`.
    #[error("the β table has no entry β({i}, {j})")]
    BetaTableTooSmall {
        /// Row (replica level).
        i: u32,
        /// Column (processor level).
        j: u32,
    },
    /// The model's iteration time is zero, so the speedup is undefined.
    #[error(
        "the model iteration time for R = {replicas} replicas on P = {processors} processors is zero: speedup undefined"
    )]
    DegenerateIterationTime {
        /// Number of replicas `R`.
        replicas: u64,
        /// Number of processors `P`.
        processors: u64,
    },
    /// A root or optimum search did not bracket or converge.
    #[error("no solution: {reason}")]
    NoSolution {
        /// Why.
        reason: String,
    },
    /// A sample or trace is too short for the statistic.
    #[error("{what} needs at least {needed} values, got {got}")]
    TooShort {
        /// Which computation.
        what: &'static str,
        /// Values needed.
        needed: usize,
        /// Values given.
        got: usize,
    },
    /// Two samples that must have the same length do not.
    #[error("lengths differ: {left} vs {right}")]
    LengthMismatch {
        /// First length.
        left: usize,
        /// Second length.
        right: usize,
    },
    /// A runtime or sample value is NaN, infinite or negative.
    #[error("value {value} at row {row}, column {column} is not a finite non-negative runtime")]
    InvalidRuntime {
        /// Row (0-based).
        row: usize,
        /// Column (0-based).
        column: usize,
        /// The offending value.
        value: f64,
    },
    /// A trace has no processors or no iterations.
    #[error("the trace is empty")]
    EmptyTrace,
    /// A trace's columns have different lengths.
    #[error("ragged trace: column {column} has {len} values, expected {expected}")]
    RaggedTrace {
        /// Column (0-based).
        column: usize,
        /// Its length.
        len: usize,
        /// The length of column 0.
        expected: usize,
    },
    /// A CSV line could not be parsed (or the file could not be read: line 0).
    #[error("{input}, line {line}: {message}")]
    Csv {
        /// The file read, or `CSV text`.
        input: String,
        /// 1-based line number.
        line: usize,
        /// What went wrong.
        message: String,
    },
    /// A job-time law was refused by its constructor.
    #[error(transparent)]
    Law(#[from] crate::law::LawError),
    /// An order-statistics computation failed.
    #[error(transparent)]
    OrderStats(#[from] crate::order_stats::OrderStatsError),
    /// The Monte Carlo harness failed.
    #[error(transparent)]
    MonteCarlo(#[from] MonteCarloError),
}
