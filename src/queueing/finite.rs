//! Finite-buffer Markovian stations: M/M/1/K and M/M/c/K (always stable; arrivals that find the
//! system full are lost).

use super::{QueueingError, StationMetrics, positive};

/// M/M/1/K: one exponential server, room for `capacity` customers in total (in service plus
/// waiting). See [`mmck`].
///
/// # Formula
/// ```text
/// p_n = ρⁿ·(1 − ρ)/(1 − ρ^{K+1})  (ρ ≠ 1),   p_n = 1/(K + 1)  (ρ = 1)
/// ```
///
/// # Errors
/// As [`mmck`] with one server.
///
/// # Examples
/// ```
/// use loadbal::queueing::mm1k;
/// // ρ = 1, K = 2: p_n = 1/3 each; L = 1, blocking 1/3, λ_eff = 2/3 λ
/// let m = mm1k(1.0, 1.0, 2).unwrap();
/// assert!((m.l - 1.0).abs() < 1e-12);
/// assert!((m.p_block - 1.0 / 3.0).abs() < 1e-12);
/// ```
pub fn mm1k(arrival_rate: f64, service_rate: f64, capacity: usize) -> Result<StationMetrics, QueueingError> {
    mmck(arrival_rate, service_rate, 1, capacity)
}

/// The stationary distribution p_0..p_K of the number in an M/M/c/K system, computed in log
/// space so that neither large `c` nor large `K` overflows.
fn mmck_distribution(a: f64, servers: usize, capacity: usize) -> Vec<f64> {
    let mut log_t = Vec::with_capacity(capacity + 1);
    log_t.push(0.0);
    for n in 1..=capacity {
        let prev = log_t[n - 1];
        log_t.push(prev + (a / n.min(servers) as f64).ln());
    }
    let max = log_t.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let t: Vec<f64> = log_t.iter().map(|l| (l - max).exp()).collect();
    let z: f64 = t.iter().sum();
    t.into_iter().map(|x| x / z).collect()
}

/// M/M/c/K: Poisson arrivals at rate λ, `c` exponential servers at rate μ, room for
/// `capacity = K ≥ c` customers in total. Arrivals finding K customers are lost.
///
/// A finite system is stable for any load, so `ρ = λ/(cμ) ≥ 1` is accepted; `utilisation` is
/// that of the admitted traffic and stays below 1.
///
/// # Formula
/// ```text
/// a = λ/μ,   p_n ∝ aⁿ/n!  (n ≤ c),   p_n ∝ a^c/c!·(a/c)^{n−c}  (c < n ≤ K)
/// P(block) = p_K,   λ_eff = λ·(1 − p_K),   L = Σ n·p_n,   L_q = Σ (n − c)⁺·p_n,
/// W = L/λ_eff,   W_q = L_q/λ_eff,   P(wait) = Σ_{n=c}^{K−1} p_n / (1 − p_K)
/// ```
///
/// # Errors
/// [`QueueingError::InvalidRate`] for bad rates, [`QueueingError::NoServers`] for `c = 0`,
/// [`QueueingError::CapacityBelowServers`] when `K < c`.
///
/// # Examples
/// ```
/// use loadbal::queueing::mmck;
/// // c = K = 1, a = 1: Erlang loss with one server, blocking 1/2
/// let m = mmck(1.0, 1.0, 1, 1).unwrap();
/// assert!((m.p_block - 0.5).abs() < 1e-12);
/// assert_eq!(m.wq, 0.0);
/// ```
pub fn mmck(
    arrival_rate: f64,
    service_rate: f64,
    servers: usize,
    capacity: usize,
) -> Result<StationMetrics, QueueingError> {
    let lambda = positive("arrival rate", arrival_rate)?;
    let mu = positive("service rate", service_rate)?;
    if servers == 0 {
        return Err(QueueingError::NoServers { servers });
    }
    if capacity < servers {
        return Err(QueueingError::CapacityBelowServers { capacity, servers });
    }
    let a = lambda / mu;
    if !a.is_finite() {
        return Err(QueueingError::InvalidRate { name: "offered load λ/μ (out of floating-point range)", value: a });
    }
    let p = mmck_distribution(a, servers, capacity);
    let p_block = p[capacity];
    // λ·(1 − p_K) is accurate when blocking is rare, μ·E[busy servers] when it is frequent.
    let throughput = if p_block < 0.5 {
        lambda * p[..capacity].iter().sum::<f64>()
    } else {
        mu * p.iter().enumerate().map(|(n, pn)| n.min(servers) as f64 * pn).sum::<f64>()
    };
    let lq: f64 = p.iter().enumerate().skip(servers).map(|(n, pn)| (n - servers) as f64 * pn).sum();
    let waiting: f64 = p[servers..capacity].iter().sum();
    let wq = lq / throughput;
    let utilisation = throughput / (servers as f64 * mu);
    let p_admitted: f64 = p[..capacity].iter().sum();
    StationMetrics::from_wait(lambda, throughput, utilisation, waiting / p_admitted, p_block, wq, 1.0 / mu).checked(a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queueing::{erlang_b, mmc};
    use proptest::prelude::*;

    #[test]
    fn mm1k_geometric_closed_form() {
        // ρ = 0.5, K = 3: p_n = 0.5ⁿ·0.5/(1 − 1/16) = (8, 4, 2, 1)/15
        let m = mm1k(1.0, 2.0, 3).unwrap();
        assert!((m.p_block - 1.0 / 15.0).abs() < 1e-12);
        assert!((m.l - (4.0 + 4.0 + 3.0) / 15.0).abs() < 1e-12);
        assert!(m.satisfies_little(1e-12));
    }

    #[test]
    fn loss_system_is_erlang_b() {
        let m = mmck(7.0, 1.0, 10, 10).unwrap();
        assert!((m.p_block - erlang_b(10, 7.0).unwrap()).abs() < 1e-12);
    }

    #[test]
    fn large_buffer_tends_to_mmc() {
        let finite = mmck(3.0, 1.0, 4, 2_000).unwrap();
        let infinite = mmc(3.0, 1.0, 4).unwrap();
        assert!((finite.wq - infinite.wq).abs() < 1e-9);
        assert!((finite.p_wait - infinite.p_wait).abs() < 1e-9);
    }

    #[test]
    fn overloaded_finite_system_is_fine() {
        let m = mmck(50.0, 1.0, 3, 10).unwrap();
        assert!(m.utilisation < 1.0 && m.p_block > 0.9);
        assert!(matches!(mmck(1.0, 1.0, 3, 2), Err(QueueingError::CapacityBelowServers { .. })));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn mmck_invariants(lambda in 0.01f64..1e3, mu in 0.01f64..10.0, c in 1usize..50, extra in 0usize..200) {
            let m = mmck(lambda, mu, c, c + extra).unwrap();
            prop_assert!((0.0..=1.0).contains(&m.p_block));
            prop_assert!(m.utilisation <= 1.0 + 1e-12);
            prop_assert!(m.lq <= m.l && m.l <= (c + extra) as f64 + 1e-9);
            prop_assert!(m.satisfies_little(1e-9));
        }
    }
}
