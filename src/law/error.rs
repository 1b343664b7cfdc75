//! The law module's error type and the parameter checks of its constructors.

/// Errors of the law constructors and of the quantile functions: every message names the
/// argument and the value that was wrong.
///
/// # Examples
/// ```
/// use loadbal::law::{Law, LawError};
/// let err = Law::normal(1.0, -2.0).unwrap_err();
/// assert!(matches!(err, LawError::InvalidParameter { name: "sd", .. }));
/// assert_eq!(err.to_string(), "sd must be a finite non-negative number, got -2");
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum LawError {
    /// A parameter is NaN, infinite or outside its range.
    #[error("{name} must be {expected}, got {value}")]
    InvalidParameter {
        /// The argument's name, as the constructor spells it.
        name: &'static str,
        /// The value given.
        value: f64,
        /// What was expected.
        expected: &'static str,
    },
    /// The quantile at a valid probability is not a finite number in `f64`: it overflows, or the
    /// law's parameters lie outside the range its quantile is computed on (the gamma law's shape
    /// outside `[0.01, 10⁵]` may give no answer).
    #[error(
        "the quantile at {name} = {value} of {law} is not a finite f64: it overflows or the law's parameters are outside the range its quantile is computed on"
    )]
    QuantileNotFinite {
        /// The probability argument's name (`p` or `q`).
        name: &'static str,
        /// The probability given.
        value: f64,
        /// The law, as its `Display` prints it.
        law: String,
    },
}

/// A finite value.
pub(super) fn finite(name: &'static str, value: f64) -> Result<f64, LawError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(LawError::InvalidParameter { name, value, expected: "a finite number" })
    }
}

/// A finite value `> 0`.
pub(super) fn positive(name: &'static str, value: f64) -> Result<f64, LawError> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(LawError::InvalidParameter { name, value, expected: "a finite positive number" })
    }
}

/// A finite value `≥ 0`.
pub(super) fn non_negative(name: &'static str, value: f64) -> Result<f64, LawError> {
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(LawError::InvalidParameter { name, value, expected: "a finite non-negative number" })
    }
}

/// A probability in `[0, 1]`.
pub(super) fn probability(name: &'static str, value: f64) -> Result<f64, LawError> {
    if (0.0..=1.0).contains(&value) {
        Ok(value)
    } else {
        Err(LawError::InvalidParameter { name, value, expected: "a probability in [0, 1]" })
    }
}

/// A probability in the open interval `(0, 1)`, the domain of a quantile function.
pub(super) fn open_probability(name: &'static str, value: f64) -> Result<f64, LawError> {
    if value > 0.0 && value < 1.0 {
        Ok(value)
    } else {
        Err(LawError::InvalidParameter { name, value, expected: "a probability in the open interval (0, 1)" })
    }
}
