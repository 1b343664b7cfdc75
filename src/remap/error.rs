//! Errors of the periodic remapping models (Fong et al.).

use crate::montecarlo::MonteCarloError;
use crate::order_stats::OrderStatsError;

/// Bad input to a periodic remapping model, or a closed form asked outside its regime.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RemapError {
    /// A scalar parameter is NaN, infinite or out of its domain.
    #[error("invalid parameter {name} = {value}: {reason}")]
    InvalidParameter {
        /// Parameter name.
        name: &'static str,
        /// The offending value.
        value: f64,
        /// What the domain is.
        reason: &'static str,
    },
    /// Two per-processor vectors have different lengths, or one is too short.
    #[error("{what} has length {got}, expected {expected}")]
    LengthMismatch {
        /// Which vector.
        what: &'static str,
        /// Expected length.
        expected: usize,
        /// Actual length.
        got: usize,
    },
    /// A closed form of the paper was asked outside the regime where it holds.
    #[error("closed form {formula} does not apply: {reason}")]
    RegimeNotApplicable {
        /// The formula (paper and equation).
        formula: &'static str,
        /// Why it does not apply.
        reason: &'static str,
    },
    /// A size beyond what the function computes in bounded time and memory.
    #[error("{name} = {value:e} is too large: the limit is {limit:e}")]
    TooLarge {
        /// Which size.
        name: &'static str,
        /// The value given.
        value: f64,
        /// The largest value accepted.
        limit: f64,
    },
    /// The Monte Carlo harness refused the run.
    #[error(transparent)]
    MonteCarlo(#[from] MonteCarloError),
    /// An order-statistics computation failed.
    #[error(transparent)]
    OrderStats(#[from] OrderStatsError),
}

/// Checks that `value` is finite and satisfies `ok`.
pub(crate) fn check(name: &'static str, value: f64, ok: bool, reason: &'static str) -> Result<f64, RemapError> {
    if value.is_finite() && ok { Ok(value) } else { Err(RemapError::InvalidParameter { name, value, reason }) }
}
