//! Infinite-buffer Markovian stations: M/M/1 and M/M/c (Erlang B and C by a stable recursion).

use super::{QueueingError, StationMetrics, positive};

fn check_servers(servers: usize) -> Result<(), QueueingError> {
    if servers == 0 { Err(QueueingError::NoServers { servers }) } else { Ok(()) }
}

/// Erlang B: the blocking probability of an M/M/c/c loss system with offered load `a = λ/μ`.
///
/// Computed by the standard recursion over the number of servers, in its reciprocal form (a
/// sum of positive terms: no cancellation, one multiply-add per server), which costs O(c) and is
/// accurate to rounding for c = 10⁴ and beyond; a probability below the smallest double
/// underflows to 0.
///
/// # Formula
/// ```text
/// B(0, a) = 1,   B(k, a) = a·B(k−1, a) / (k + a·B(k−1, a))
/// ⇔ 1/B(k, a) = 1 + (k/a)·(1/B(k−1, a))
/// ```
///
/// # Errors
/// [`QueueingError::NoServers`] for `servers = 0`, [`QueueingError::InvalidRate`] for a
/// non-positive or non-finite `offered_load`.
///
/// # Examples
/// ```
/// use loadbal::queueing::erlang_b;
/// // B(2, 1) = (1/2) / (1 + 1 + 1/2) = 0.2
/// assert!((erlang_b(2, 1.0).unwrap() - 0.2).abs() < 1e-15);
/// ```
pub fn erlang_b(servers: usize, offered_load: f64) -> Result<f64, QueueingError> {
    check_servers(servers)?;
    let a = positive("offered load", offered_load)?;
    let inv_a = 1.0 / a;
    let mut inv_b = 1.0_f64;
    for k in 1..=servers {
        inv_b = 1.0 + k as f64 * inv_a * inv_b;
    }
    Ok(1.0 / inv_b)
}

/// Erlang C: the probability that an arrival waits in an M/M/c queue with offered load
/// `a = λ/μ < c`.
///
/// # Formula
/// ```text
/// ρ = a/c,   C(c, a) = B(c, a) / (1 − ρ·(1 − B(c, a)))
/// ```
///
/// # Errors
/// As [`erlang_b`], and [`QueueingError::Unstable`] with `rho = a/c` when `a ≥ c`.
///
/// # Examples
/// ```
/// use loadbal::queueing::erlang_c;
/// // c = 2, a = 1: C = 0.2 / (1 − 0.5·0.8) = 1/3
/// assert!((erlang_c(2, 1.0).unwrap() - 1.0 / 3.0).abs() < 1e-15);
/// ```
pub fn erlang_c(servers: usize, offered_load: f64) -> Result<f64, QueueingError> {
    let b = erlang_b(servers, offered_load)?;
    let rho = offered_load / servers as f64;
    if rho >= 1.0 {
        return Err(QueueingError::Unstable { rho });
    }
    Ok(b / (1.0 - rho * (1.0 - b)))
}

/// M/M/1: Poisson arrivals at rate λ, exponential service at rate μ, one server.
///
/// # Formula
/// ```text
/// ρ = λ/μ < 1,   P(wait) = ρ,   W_q = ρ/(μ − λ),   W = 1/(μ − λ),
/// L_q = ρ²/(1 − ρ),   L = ρ/(1 − ρ)
/// ```
///
/// # Errors
/// [`QueueingError::InvalidRate`] for non-positive or non-finite rates,
/// [`QueueingError::Unstable`] when `ρ ≥ 1`.
///
/// # Examples
/// ```
/// use loadbal::queueing::mm1;
/// let m = mm1(0.8, 1.0).unwrap();
/// assert!((m.l - 4.0).abs() < 1e-12);
/// assert!((m.w - 5.0).abs() < 1e-12);
/// ```
pub fn mm1(arrival_rate: f64, service_rate: f64) -> Result<StationMetrics, QueueingError> {
    mmc(arrival_rate, service_rate, 1)
}

/// M/M/c: Poisson arrivals at rate λ, `c` exponential servers at rate μ each.
///
/// # Formula
/// ```text
/// a = λ/μ,   ρ = a/c < 1,   P(wait) = C(c, a) (Erlang C),
/// W_q = C(c, a)/(c·μ − λ),   W = W_q + 1/μ,   L_q = λ·W_q,   L = λ·W
/// ```
///
/// # Errors
/// [`QueueingError::InvalidRate`], [`QueueingError::NoServers`], and
/// [`QueueingError::Unstable`] with `rho = λ/(cμ)` when `ρ ≥ 1`.
///
/// # Examples
/// ```
/// use loadbal::queueing::mmc;
/// // c = 2, λ = 1, μ = 1: C = 1/3, W_q = (1/3)/(2 − 1) = 1/3, L = 1/3 + 1 = 4/3
/// let m = mmc(1.0, 1.0, 2).unwrap();
/// assert!((m.wq - 1.0 / 3.0).abs() < 1e-12);
/// assert!((m.l - 4.0 / 3.0).abs() < 1e-12);
/// ```
pub fn mmc(arrival_rate: f64, service_rate: f64, servers: usize) -> Result<StationMetrics, QueueingError> {
    let lambda = positive("arrival rate", arrival_rate)?;
    let mu = positive("service rate", service_rate)?;
    check_servers(servers)?;
    let c = servers as f64;
    let rho = lambda / (c * mu);
    if rho >= 1.0 {
        return Err(QueueingError::Unstable { rho });
    }
    let p_wait = erlang_c(servers, lambda / mu)?;
    let wq = p_wait / (c * mu - lambda);
    StationMetrics::from_wait(lambda, lambda, rho, p_wait, 0.0, wq, 1.0 / mu).checked(lambda / mu)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn mm1_closed_forms() {
        let m = mm1(1.0, 2.0).unwrap();
        assert!((m.lq - 0.5).abs() < 1e-12);
        assert!((m.p_wait - 0.5).abs() < 1e-12);
        assert!(m.satisfies_little(1e-12));
    }

    #[test]
    fn erlang_c_large_c_is_finite() {
        // c = 10⁴ at ρ = 0.99: square-root staffing regime, C is a moderate probability.
        let c = erlang_c(10_000, 9_900.0).unwrap();
        assert!(c > 0.0 && c < 1.0, "{c}");
        // Halfin–Whitt: β = (c − a)/√a ≈ 1.005; C ≈ [1 + β Φ(β)/φ(β)]⁻¹ ≈ 0.2
        assert!((c - 0.2).abs() < 0.05, "{c}");
    }

    #[test]
    fn erlang_b_underflows_to_zero_without_nan() {
        assert_eq!(erlang_b(10_000, 1.0).unwrap(), 0.0);
        assert_eq!(erlang_c(10_000, 1.0).unwrap(), 0.0);
        // forward and reciprocal recursions agree where both are representable
        let mut b = 1.0;
        for k in 1..=500 {
            b = 450.0 * b / (k as f64 + 450.0 * b);
        }
        assert!((erlang_b(500, 450.0).unwrap() - b).abs() < 1e-13 * b.max(1e-300));
    }

    #[test]
    fn erlang_b_matches_direct_sum() {
        // B(3, 2) = (8/6)/(1 + 2 + 2 + 8/6) = (4/3)/(19/3) = 4/19
        assert!((erlang_b(3, 2.0).unwrap() - 4.0 / 19.0).abs() < 1e-15);
    }

    #[test]
    fn refuses_bad_input() {
        assert!(matches!(mm1(2.0, 2.0), Err(QueueingError::Unstable { rho }) if rho == 1.0));
        assert!(matches!(mmc(1.0, 1.0, 0), Err(QueueingError::NoServers { .. })));
        assert!(matches!(mm1(f64::NAN, 1.0), Err(QueueingError::InvalidRate { .. })));
        assert!(matches!(mm1(1.0, -1.0), Err(QueueingError::InvalidRate { .. })));
        assert!(matches!(erlang_c(2, 2.5), Err(QueueingError::Unstable { .. })));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn mmc_invariants(lambda in 0.01f64..50.0, mu in 0.01f64..10.0, c in 1usize..200) {
            match mmc(lambda, mu, c) {
                Ok(m) => {
                    prop_assert!(m.utilisation < 1.0);
                    prop_assert!((0.0..=1.0).contains(&m.p_wait));
                    prop_assert!(m.wq >= 0.0 && m.l >= m.lq);
                    prop_assert!(m.satisfies_little(1e-9));
                    // more servers never hurt
                    let more = mmc(lambda, mu, c + 1).unwrap();
                    prop_assert!(more.wq <= m.wq * (1.0 + 1e-9) + 1e-300);
                }
                Err(QueueingError::Unstable { rho }) => prop_assert!(rho >= 1.0),
                Err(e) => prop_assert!(false, "unexpected error {e}"),
            }
        }
    }
}
