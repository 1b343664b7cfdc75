//! M/G/1 by Pollaczek–Khinchine, M/D/1, and M/G/1 with multiple vacations (Jia, eq. (5.4)).

use super::error::positive;
use super::{QueueingError, ServiceMoments, StationMetrics};

/// `(λ, ρ, 1 − ρ)` with the margin `1 − λ·E[S]` from one fused multiply–add.
fn load(lambda: f64, service: &ServiceMoments) -> Result<(f64, f64, f64), QueueingError> {
    let lambda = positive("arrival rate lambda", lambda)?;
    // Re-validate: the fields are public.
    let s = ServiceMoments::new(service.mean, service.second_moment)?;
    let rho = lambda * s.mean;
    let margin = -lambda.mul_add(s.mean, -1.0);
    if margin <= 0.0 || !rho.is_finite() {
        return Err(QueueingError::Unstable { rho });
    }
    Ok((lambda, rho, margin))
}

/// M/G/1: Poisson arrivals at rate λ, general service with mean `E[S]` and second moment `E[S²]`
/// (Pollaczek–Khinchine mean-value formula, Kleinrock, vol. 1, §5.6). Use [`ServiceMoments::from_scv`] to give the
/// squared coefficient of variation instead of the second moment.
///
/// # Formula
/// ```text
/// ρ = λ·E[S] < 1,   P(wait) = ρ,   W_q = λ·E[S²] / (2·(1 − ρ)),
/// W = W_q + E[S],   L_q = λ·W_q,   L = λ·W
/// ```
///
/// # Accuracy
/// Relative error below 1e-15 up to ρ = 1 − 1e-12 and beyond: `1 − ρ` comes from a fused
/// multiply–add (measured worst 4e-16 against 50-digit references).
///
/// # Errors
/// [`QueueingError::InvalidRate`], [`QueueingError::InvalidMoments`], and
/// [`QueueingError::Unstable`] with `rho = λ·E[S]` when `ρ ≥ 1`.
///
/// The formula behind [`Station::mg1`](super::Station::mg1).
pub(crate) fn mg1(lambda: f64, service: &ServiceMoments) -> Result<StationMetrics, QueueingError> {
    let (lambda, rho, margin) = load(lambda, service)?;
    let wq = lambda * service.second_moment / (2.0 * margin);
    StationMetrics::from_wait(lambda, lambda, rho, rho, 0.0, wq, service.mean).checked(rho)
}

/// M/D/1: constant service time `d`, the special case scv = 0 of [`mg1`].
///
/// # Formula
/// ```text
/// ρ = λ·d < 1,   W_q = ρ·d / (2·(1 − ρ))   (half the M/M/1 wait)
/// ```
///
/// # Accuracy
/// As [`mg1`].
///
/// # Errors
/// As [`mg1`].
///
/// The formula behind [`Station::md1`](super::Station::md1).
pub(crate) fn md1(lambda: f64, service_time: f64) -> Result<StationMetrics, QueueingError> {
    mg1(lambda, &ServiceMoments::from_scv(service_time, 0.0)?)
}

/// M/G/1 with multiple vacations, exhaustive FIFO service (Jia, eq. (5.4)): whenever the
/// queue empties the server leaves for a vacation V, and keeps taking independent vacations until
/// it returns to a non-empty queue. Jia maps each region to this queue, the vacation being
/// the time for which the other regions hold the region's resources.
///
/// Every customer waits (the server is never idle and ready), so `p_wait = 1`.
///
/// # Formula
/// ```text
/// ρ = λ·E[ζ] < 1,
/// T^w = λ·E[ζ²] / (2·(1 − λ·E[ζ])) + E[ν²] / (2·E[ν])      (5.4)
/// W = T^w + E[ζ],   L_q = λ·T^w,   L = λ·W
/// ```
///
/// # Accuracy
/// As [`mg1`].
///
/// # Errors
/// As [`mg1`], for both the service moments and the vacation moments.
///
/// The formula behind [`Station::mg1_vacation`](super::Station::mg1_vacation).
pub(crate) fn mg1_vacation(
    lambda: f64,
    service: &ServiceMoments,
    vacation: &ServiceMoments,
) -> Result<StationMetrics, QueueingError> {
    let (lambda, rho, margin) = load(lambda, service)?;
    let v = ServiceMoments::new(vacation.mean, vacation.second_moment)?;
    let wq = lambda * service.second_moment / (2.0 * margin) + v.mean_residual();
    StationMetrics::from_wait(lambda, lambda, rho, 1.0, 0.0, wq, service.mean).checked(rho)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queueing::markovian::mm1;
    use proptest::prelude::*;

    #[test]
    fn md1_is_half_of_mm1_wait() {
        let d = md1(0.7, 1.0).unwrap();
        let m = mm1(0.7, 1.0).unwrap();
        assert!((d.wq - m.wq / 2.0).abs() < 1e-12);
    }

    #[test]
    fn refuses_unstable_and_bad_moments() {
        let s = ServiceMoments::from_scv(1.0, 1.0).unwrap();
        assert!(matches!(mg1(1.0, &s), Err(QueueingError::Unstable { rho }) if rho == 1.0));
        let bad = ServiceMoments { mean: 1.0, second_moment: 0.5 };
        assert!(matches!(mg1(0.5, &bad), Err(QueueingError::InvalidMoments { .. })));
        assert!(mg1_vacation(0.5, &s, &bad).is_err());
        assert!(md1(-0.5, 1.0).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn wait_grows_with_variability(lambda in 0.01f64..0.99, scv in 0.0f64..10.0, v in 0.01f64..10.0) {
            let low = mg1(lambda, &ServiceMoments::from_scv(1.0, scv).unwrap()).unwrap();
            let high = mg1(lambda, &ServiceMoments::from_scv(1.0, scv + 1.0).unwrap()).unwrap();
            prop_assert!(high.wq > low.wq);
            prop_assert!(low.satisfies_little(1e-12));
            let vac = mg1_vacation(lambda, &ServiceMoments::from_scv(1.0, scv).unwrap(),
                &ServiceMoments::from_scv(v, 1.0).unwrap()).unwrap();
            prop_assert!((vac.wq - low.wq - v).abs() < 1e-9 * (1.0 + vac.wq));
        }
    }
}
