//! Infinite-buffer Markovian stations: M/M/1 and M/M/c, with Erlang B and C for any number of
//! servers in bounded time.

use super::erlang::{ErlangD, erlang_d, erlang_d_split};
use super::error::positive;
use super::{QueueingError, StationMetrics};

/// Largest server count or capacity accepted: 2⁵³, the largest integer every `f64` formula
/// represents exactly.
pub const MAX_SERVERS: u64 = 1 << 53;

/// Checks `1 ≤ c ≤ 2⁵³`.
pub(crate) fn check_servers(c: u64) -> Result<f64, QueueingError> {
    if c == 0 {
        return Err(QueueingError::NoServers { servers: c });
    }
    if c > MAX_SERVERS {
        return Err(QueueingError::TooLarge { name: "servers c", value: c as f64, limit: MAX_SERVERS as f64 });
    }
    Ok(c as f64)
}

fn offered_load(a: f64) -> Result<f64, QueueingError> {
    positive("offered load a", a)
}

/// Erlang B: the blocking probability of an M/M/c/c loss system with offered load `a = λ/μ`
/// (Kleinrock, vol. 1, §3.6).
///
/// Evaluated in bounded time for any `c`: the reciprocal recursion (a sum of positive terms)
/// for `c ≤ 200`, and for more servers a geometric series (`a > 1.3·(c + 1)`), the Poisson
/// saddle-point form (`a < 0.7·(c + 1)`) or Temme's uniform asymptotic expansion of the
/// incomplete gamma function `B = π_c/Q(c + 1, a)` (DLMF 8.12.3), with its exponentials
/// cancelled analytically.
///
/// # Formula
/// ```text
/// B(c, a) = (a^c/c!) / Σ_{k=0}^{c} a^k/k!,
/// 1/B(k, a) = 1 + (k/a)·1/B(k−1, a),   B(0, a) = 1
/// ```
///
/// # Accuracy
/// Relative error below `1e-13·max(1, |ln B|/200)` for every `c ≤ 2⁵³` (the growth for
/// astronomically small `B` is the problem's own conditioning, `∂ln B/∂ln a ≈ c − a`); measured
/// worst 5.3e-14 (scaled) against 50-digit references for c from 1 to 10¹²
/// (`tests/queueing/accuracy_queueing.rs`). A probability below the smallest normal double underflows
/// towards 0.
///
/// # Errors
/// [`QueueingError::NoServers`] for `c = 0`, [`QueueingError::TooLarge`] above
/// [`MAX_SERVERS`], [`QueueingError::InvalidRate`] for a non-positive or non-finite `a`.
///
/// # Examples
/// ```
/// use loadbal::queueing::erlang_b;
/// // B(2, 1) = (1/2) / (1 + 1 + 1/2) = 0.2
/// assert!((erlang_b(1.0, 2).unwrap() - 0.2).abs() < 1e-15);
/// // A million servers at a = c: B ≈ √(2/(π c)) = 7.98e-4, in constant time.
/// let b = erlang_b(1e6, 1_000_000).unwrap();
/// assert!((b - 7.97e-4).abs() < 2e-6);
/// ```
pub fn erlang_b(a: f64, c: u64) -> Result<f64, QueueingError> {
    check_servers(c)?;
    Ok(erlang_d(offered_load(a)?, c).b())
}

/// Erlang C: the probability that an arrival waits in an M/M/c queue with offered load
/// `a = λ/μ < c` (Kleinrock, vol. 1, §3.5).
///
/// # Formula
/// ```text
/// ρ = a/c,   C(c, a) = B(c, a) / (1 − ρ·(1 − B(c, a))) = 1 / (1 + (1 − ρ)·(1/B − 1))
/// ```
///
/// # Accuracy
/// As [`erlang_b`]: relative error below `1e-13·max(1, |ln C|/200)` (measured worst 5.4e-14);
/// `1 − ρ = (c − a)/c` is formed without cancellation.
///
/// # Errors
/// As [`erlang_b`], and [`QueueingError::Unstable`] with `rho = a/c` when `a ≥ c`.
///
/// # Examples
/// ```
/// use loadbal::queueing::erlang_c;
/// // c = 2, a = 1: C = 0.2 / (1 − 0.5·0.8) = 1/3
/// assert!((erlang_c(1.0, 2).unwrap() - 1.0 / 3.0).abs() < 1e-15);
/// ```
pub fn erlang_c(a: f64, c: u64) -> Result<f64, QueueingError> {
    let cf = check_servers(c)?;
    let a = offered_load(a)?;
    if a >= cf {
        return Err(QueueingError::Unstable { rho: a / cf });
    }
    Ok(erlang_d(a, c).c((cf - a) / cf))
}

/// M/M/1: Poisson arrivals at rate λ, exponential service at rate μ, one server (Kleinrock,
/// vol. 1, §3.2).
///
/// # Formula
/// ```text
/// ρ = λ/μ < 1,   P(wait) = ρ,   W_q = ρ/(μ − λ),   W = 1/(μ − λ),
/// L_q = ρ²/(1 − ρ),   L = ρ/(1 − ρ)
/// ```
///
/// # Accuracy
/// As [`mmc`].
///
/// # Errors
/// [`QueueingError::InvalidRate`] for non-positive or non-finite rates,
/// [`QueueingError::Unstable`] when `ρ ≥ 1`.
///
/// The formula behind [`Station::mm1`](super::Station::mm1).
pub(crate) fn mm1(lambda: f64, mu: f64) -> Result<StationMetrics, QueueingError> {
    mmc(lambda, mu, 1)
}

/// M/M/c: Poisson arrivals at rate λ, `c` exponential servers at rate μ each (Kleinrock, vol.
/// 1, §3.5).
///
/// The margin `c·μ − λ` is formed with one rounding by a fused multiply–add, so that the
/// waiting time stays accurate as ρ approaches 1.
///
/// # Formula
/// ```text
/// a = λ/μ,   ρ = a/c < 1,   P(wait) = C(c, a) (Erlang C),
/// W_q = C(c, a)/(c·μ − λ),   W = W_q + 1/μ,   L_q = λ·W_q,   L = λ·W
/// ```
///
/// # Accuracy
/// Relative error below `1e-13·max(1, |ln x|/200)` for every field `x`, `c ≤ 2⁵³`, ρ up to
/// 1 − 1e-15: `λ/μ` is carried with its rounding error into Erlang C (measured worst 4.7e-14,
/// and 1.8e-16 with μ = 0.37 at ρ = 1 − 1e-12, where a plain `c·μ − λ` lost 6e-5, against
/// 50-digit references); values below 1e-300 underflow.
///
/// # Errors
/// [`QueueingError::InvalidRate`], [`QueueingError::NoServers`], [`QueueingError::TooLarge`],
/// and [`QueueingError::Unstable`] with `rho = λ/(cμ)` when `λ ≥ cμ` (decided from the sign of
/// cμ − λ whatever the magnitudes; `rho` is +∞ where the quotient overflows).
///
/// The formula behind [`Station::mmc`](super::Station::mmc).
pub(crate) fn mmc(lambda: f64, mu: f64, c: u64) -> Result<StationMetrics, QueueingError> {
    let lambda = positive("arrival rate lambda", lambda)?;
    let mu = positive("service rate mu", mu)?;
    let cf = check_servers(c)?;
    let capacity = cf * mu;
    let margin = cf.mul_add(mu, -lambda);
    let rho = lambda / capacity;
    // Stability is decided by the sign of cμ − λ (one rounding), before any quotient can leave
    // f64's range: mmc(1e300, 1e-300, 1) is unstable, with ρ = +∞ as the quotient overflows.
    if margin <= 0.0 {
        return Err(QueueingError::Unstable { rho });
    }
    let a = lambda / mu;
    if !a.is_finite() || a == 0.0 || !capacity.is_finite() {
        return Err(QueueingError::InvalidRate { name: "offered load λ/μ (out of floating-point range)", value: a });
    }
    // a = λ/μ plus its rounding error, exact from a fused multiply–add.
    let d: ErlangD = erlang_d_split(a, (-a).mul_add(mu, lambda) / mu, c);
    let p_wait = d.c(margin / capacity);
    let wq = p_wait / margin;
    StationMetrics::from_wait(lambda, lambda, rho, p_wait, 0.0, wq, 1.0 / mu).checked(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unstable_queue_is_unstable_whatever_the_magnitudes() {
        // λ = 1e300 against cμ = 1e-300: λ/μ overflows, yet λ > cμ is plain.
        assert!(matches!(mmc(1e300, 1e-300, 1), Err(QueueingError::Unstable { rho }) if rho == f64::INFINITY));
        assert!(matches!(mmc(3.0, 1.0, 2), Err(QueueingError::Unstable { rho }) if rho == 1.5));
    }

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
        let c = erlang_c(9_900.0, 10_000).unwrap();
        // Halfin–Whitt: β = (c − a)/√a ≈ 1.005; C ≈ [1 + β Φ(β)/φ(β)]⁻¹ ≈ 0.2
        assert!((c - 0.2).abs() < 0.05, "{c}");
    }

    #[test]
    fn erlang_b_underflows_to_zero_without_nan() {
        assert_eq!(erlang_b(1.0, 10_000).unwrap(), 0.0);
        assert_eq!(erlang_c(1.0, 10_000).unwrap(), 0.0);
        // forward and reciprocal recursions agree where both are representable
        let mut b = 1.0;
        for k in 1..=500 {
            b = 450.0 * b / (k as f64 + 450.0 * b);
        }
        assert!((erlang_b(450.0, 500).unwrap() - b).abs() < 1e-13 * b);
    }

    #[test]
    fn erlang_b_matches_direct_sum() {
        // B(3, 2) = (8/6)/(1 + 2 + 2 + 8/6) = (4/3)/(19/3) = 4/19
        assert!((erlang_b(2.0, 3).unwrap() - 4.0 / 19.0).abs() < 1e-15);
    }

    #[test]
    fn refuses_bad_input() {
        assert!(matches!(mm1(2.0, 2.0), Err(QueueingError::Unstable { rho }) if rho == 1.0));
        assert!(matches!(mmc(1.0, 1.0, 0), Err(QueueingError::NoServers { .. })));
        assert!(matches!(mmc(1.0, 1.0, u64::MAX), Err(QueueingError::TooLarge { .. })));
        assert!(matches!(mm1(f64::NAN, 1.0), Err(QueueingError::InvalidRate { .. })));
        assert!(matches!(mm1(1.0, -1.0), Err(QueueingError::InvalidRate { .. })));
        assert!(matches!(erlang_c(2.5, 2), Err(QueueingError::Unstable { .. })));
    }

    #[test]
    fn margin_is_exact_near_saturation() {
        // λ one ulp below c·μ: the margin is the exact residual, not a rounded difference.
        let (mu, c) = (0.37, 3u64);
        let lambda = 3.0 * 0.37 * (1.0 - 1e-12);
        let m = mmc(lambda, mu, c).unwrap();
        let exact_margin = 3.0f64.mul_add(mu, -lambda);
        assert!((m.wq * exact_margin / m.p_wait - 1.0).abs() < 1e-15);
    }
}
