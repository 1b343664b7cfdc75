//! The errors of the order-statistics functions and the shared check of a location and scale.

/// Errors of the order-statistics functions.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum OrderStatsError {
    /// An order statistic needs at least one sample.
    #[error("the sample size n must be at least 1, got 0")]
    ZeroSampleSize,
    /// The rank must satisfy 1 ≤ r ≤ n.
    #[error("the rank r = {r} is outside 1..={n}")]
    RankOutOfRange {
        /// Requested rank.
        r: u64,
        /// Sample size.
        n: u64,
    },
    /// Sample sizes above 2^53 are not represented exactly in floating point.
    #[error("the sample size n = {n} exceeds 2^53")]
    SampleSizeTooLarge {
        /// Requested sample size.
        n: u64,
    },
    /// A parameter was NaN or infinite.
    #[error("the parameter {name} must be finite, got {value}")]
    NonFinite {
        /// Parameter name.
        name: &'static str,
        /// Offending value.
        value: f64,
    },
    /// A standard deviation was negative.
    #[error("a standard deviation must be non-negative, got {sd}")]
    NegativeScale {
        /// Offending value.
        sd: f64,
    },
    /// A heterogeneous computation was given a degenerate (zero-variance) variable.
    #[error("every entry of sds must be positive here, got 0: a zero-variance variable has no density")]
    ZeroScale,
    /// An empty list of variables.
    #[error("means and sds must hold at least one variable, got empty lists")]
    EmptyInput,
    /// Means and standard deviations of different lengths.
    #[error("{means} means but {sds} standard deviations")]
    LengthMismatch {
        /// Number of means.
        means: usize,
        /// Number of standard deviations.
        sds: usize,
    },
    /// The quadrature could not be carried out (a non-finite quantile where the order statistic
    /// has mass, or scales too disparate for the evaluation budget).
    #[error("the order-statistics quadrature failed for rank {r} of {n}: non-finite integrand or grid too large")]
    QuadratureFailed {
        /// Rank.
        r: u64,
        /// Sample size.
        n: u64,
    },
    /// A law's parameter is outside its range (a non-positive rate, `max ≤ min`, …).
    #[error("the parameter {name} must be {expected}, got {value}")]
    InvalidParameter {
        /// Parameter name.
        name: &'static str,
        /// Offending value.
        value: f64,
        /// What was expected.
        expected: &'static str,
    },
    /// A law's parameter is valid but outside the domain where the documented accuracy
    /// (1e−12 relative) is guaranteed.
    #[error("the parameter {name} = {value} is outside {domain}, where 1e-12 relative accuracy is guaranteed")]
    OutsideAccuracyDomain {
        /// Parameter name.
        name: &'static str,
        /// Offending value.
        value: f64,
        /// The accepted domain.
        domain: &'static str,
    },
    /// The moment asked for does not exist: the order statistic's tail index
    /// `α(n − r + 1)` is not above the moment's order.
    #[error(
        "moment {moment} of the order statistic does not exist: its tail index is {tail_index}, it must exceed {moment}"
    )]
    MomentDoesNotExist {
        /// Order of the moment (1 = mean, 2 = variance).
        moment: u32,
        /// Tail index `α(n − r + 1)` of the order statistic.
        tail_index: f64,
    },
    /// The moment exists but its tail decays too slowly for the documented accuracy.
    #[error(
        "moment {moment} of the order statistic exists but its tail index {tail_index} is below {needed}: too heavy a tail for 1e-12 accuracy"
    )]
    TailTooHeavy {
        /// Order of the moment (1 = mean, 2 = variance).
        moment: u32,
        /// Tail index `α(n − r + 1)` of the order statistic.
        tail_index: f64,
        /// Smallest tail index accepted for this moment.
        needed: f64,
    },
    /// The law has no order-statistics method with a documented accuracy (the truncated normal
    /// and the short-or-truncated-normal mixture of [`Law`](crate::law::Law)).
    #[error("the order statistics of a {law} law are not available: no method with a documented accuracy")]
    UnsupportedLaw {
        /// The law's family.
        law: &'static str,
    },
    /// The result does not fit in `f64` (its natural logarithm is given).
    #[error("the result e^{ln_mean} is outside the range of f64")]
    ResultOutOfRange {
        /// Natural logarithm of the result.
        ln_mean: f64,
    },
    /// The result (or its standard deviation) is finite in exact arithmetic but beyond
    /// `±f64::MAX` in `f64`; `what` names the quantity and the arguments with their values.
    #[error("{what} overflows f64 (beyond ±1.8e308)")]
    ResultOverflow {
        /// The quantity and its arguments, e.g. `E[max of n = 5] with mean = 0, sd = 1e308`.
        what: String,
    },
    /// Halving the quadrature step did not settle the result to the documented accuracy.
    #[error("the order-statistics quadrature for rank {r} of {n} did not settle: last relative change {change:e}")]
    QuadratureNotConverged {
        /// Rank.
        r: u64,
        /// Sample size.
        n: u64,
        /// Relative change between the last two step halvings.
        change: f64,
    },
}

pub(crate) fn check_location_scale(mean: f64, sd: f64) -> Result<(), OrderStatsError> {
    if !mean.is_finite() {
        return Err(OrderStatsError::NonFinite { name: "mean", value: mean });
    }
    if !sd.is_finite() {
        return Err(OrderStatsError::NonFinite { name: "sd", value: sd });
    }
    if sd < 0.0 {
        return Err(OrderStatsError::NegativeScale { sd });
    }
    Ok(())
}

/// `x` if finite, else [`OrderStatsError::ResultOverflow`] described by `what`.
pub(crate) fn finite_result(x: f64, what: impl FnOnce() -> String) -> Result<f64, OrderStatsError> {
    if x.is_finite() { Ok(x) } else { Err(OrderStatsError::ResultOverflow { what: what() }) }
}
