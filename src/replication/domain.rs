//! The models' domain: processor and replica counts (powers of two up to 2^40), their levels
//! `p = log2 P`, `r = log2 R`, and the coefficient of variation `0 ≤ c_X ≤ 1`, checked once for
//! every model.

use super::ReplicationError;

/// Largest number of processors the models accept, `2^40` (far beyond any grid).
pub const MAX_PROCESSORS: u64 = 1 << 40;

/// Checks a coefficient of variation against the thesis's domain `0 ≤ c_X ≤ 1`.
pub(crate) fn check_cv(cv: f64) -> Result<f64, ReplicationError> {
    if cv.is_finite() && (0.0..=1.0).contains(&cv) { Ok(cv) } else { Err(ReplicationError::CvOutOfDomain { cv }) }
}

/// `p = log2 P` for a processor count that is a power of two no larger than [`MAX_PROCESSORS`].
pub(crate) fn processor_level(processors: u64) -> Result<u32, ReplicationError> {
    if processors > MAX_PROCESSORS {
        return Err(ReplicationError::TooManyProcessors { processors, max: MAX_PROCESSORS });
    }
    power_of_two("processors", processors)
}

/// `(r, p) = (log2 R, log2 P)` for valid counts `1 ≤ R ≤ P ≤ 2^40`, powers of two.
pub(crate) fn levels(replicas: u64, processors: u64) -> Result<(u32, u32), ReplicationError> {
    let p = processor_level(processors)?;
    let r = power_of_two("replicas", replicas)?;
    if r > p {
        return Err(ReplicationError::ReplicasExceedProcessors { replicas, processors });
    }
    Ok((r, p))
}

fn power_of_two(what: &'static str, value: u64) -> Result<u32, ReplicationError> {
    if value.is_power_of_two() {
        Ok(value.trailing_zeros())
    } else {
        Err(ReplicationError::NotPowerOfTwo { what, value })
    }
}

/// `(E X, σ(X))` of a job-time law, checked against the models' domain.
pub(crate) fn check_job(job: &crate::law::Law) -> Result<(f64, f64), ReplicationError> {
    let (mean, sd) = (job.mean(), job.sd());
    check_mean_sd(mean, sd)?;
    Ok((mean, sd))
}

/// Checks a mean and standard deviation of the job time: `E X > 0`, `0 ≤ σ ≤ E X`.
pub(crate) fn check_mean_sd(mean: f64, sd: f64) -> Result<(), ReplicationError> {
    if !(mean.is_finite() && mean > 0.0) {
        return Err(ReplicationError::InvalidParameter {
            name: "mean job time",
            value: mean,
            expected: "a finite positive number",
        });
    }
    if !(sd.is_finite() && sd >= 0.0) {
        return Err(ReplicationError::InvalidParameter {
            name: "job-time standard deviation",
            value: sd,
            expected: "a finite non-negative number",
        });
    }
    check_cv(sd / mean).map(|_| ())
}

/// A count as an index bound: `usize::MAX` when it does not fit (every caller then refuses it
/// against a length).
pub(crate) fn count_to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// `2^x` for an integer or real exponent.
pub(crate) fn pow2(x: f64) -> f64 {
    x.exp2()
}

/// `log2 n` when `n` is a power of two, else [`ReplicationError::NotPowerOfTwo`].
///
/// # Errors
/// [`ReplicationError::NotPowerOfTwo`] when `n` is zero or not a power of two.
pub(crate) fn log2_exact(n: u64) -> Result<u32, ReplicationError> {
    power_of_two("count", n)
}

#[cfg(test)]
mod tests {
    #[test]
    fn log2_exact_of_powers_of_two_only() {
        assert_eq!(super::log2_exact(64).unwrap(), 6);
        assert!(super::log2_exact(12).is_err());
        assert!(super::log2_exact(0).is_err());
    }
}
