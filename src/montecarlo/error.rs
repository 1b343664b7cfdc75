//! The errors of the Monte Carlo harness.

/// Errors of the Monte Carlo harness.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MonteCarloError {
    /// A run needs at least one replication.
    #[error("a Monte Carlo run needs at least one replication, got 0")]
    NoReplications,
    /// The running mean or sum of squared deviations of finite samples overflowed `f64`
    /// (samples or their spread near `f64::MAX`): there is no finite estimate to report.
    #[error(
        "the mean or the sum of squared deviations of {n} samples overflows f64 (samples or their spread near 1.8e308); rescale the outcome"
    )]
    MomentOverflow {
        /// The number of samples accumulated.
        n: u64,
    },
    /// The outcome dimension `dim` exceeds [`MAX_DIM`](super::MAX_DIM): refused before any
    /// accumulator is allocated.
    #[error("the outcome dimension dim = {dim} exceeds the limit {max}; choose fewer components")]
    DimensionTooLarge {
        /// The dimension asked.
        dim: usize,
        /// The largest accepted dimension.
        max: u64,
    },
    /// A replication returned NaN or an infinite value.
    #[error("replication {index} returned the non-finite value {value}")]
    NonFiniteSample {
        /// Replication index.
        index: u64,
        /// The value returned.
        value: f64,
    },
    /// A replication returned a vector of the wrong length.
    #[error("replication {index} returned {got} values, expected {expected}")]
    DimensionMismatch {
        /// Replication index.
        index: u64,
        /// Values returned.
        got: usize,
        /// Values expected.
        expected: usize,
    },
    /// Chunk partials that cannot be folded into the run's estimate (another run, a missing or
    /// repeated range, a corrupted chunk).
    #[error("chunk partials do not fit the run: {why}")]
    PartialsMismatch {
        /// What does not fit.
        why: String,
    },
}
