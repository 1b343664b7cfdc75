//! One queueing station and its long-run means: M/M/1, M/M/c, M/M/1/K, M/M/c/K, M/G/1, M/D/1
//! and M/G/1 with vacations behind one type.

use std::fmt;

use super::error::QueueingError;
use super::metrics::StationMetrics;
use super::service_moments::ServiceMoments;
use super::{finite, markovian, mg1};

/// One queueing station: its arrival rate, servers, service law and buffer, checked by a named
/// constructor (a bad rate or moment is a [`QueueingError`] naming it; an unstable queue without a
/// finite buffer is [`QueueingError::Unstable`]), and its long-run means ([`Station::metrics`]),
/// computed once by the constructor.
///
/// # Examples
/// ```
/// use loadbal::queueing::{QueueingError, Station};
/// let s = Station::mmc(1.0, 1.0, 2).unwrap();
/// assert!((s.metrics().wq - 1.0 / 3.0).abs() < 1e-12);
/// assert_eq!(s.to_string(), "M/M/2 (λ = 1, μ = 1)");
/// // λ > cμ is refused as unstable, whatever the magnitudes.
/// assert!(matches!(Station::mmc(1e300, 1e-300, 1), Err(QueueingError::Unstable { .. })));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Station {
    /// Kendall's notation and parameters, for display.
    description: String,
    metrics: StationMetrics,
}

impl Station {
    /// The long-run means of the station.
    ///
    /// # Examples
    /// M/M/1 at ρ = 0.8 (Kleinrock, vol. 1, §3.2): L = ρ/(1 − ρ) = 4.
    /// ```
    /// use loadbal::queueing::Station;
    /// assert!((Station::mm1(0.8, 1.0).unwrap().metrics().l - 4.0).abs() < 1e-12);
    /// ```
    pub fn metrics(&self) -> StationMetrics {
        self.metrics.clone()
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
    /// As [`Station::mmc`].
    ///
    /// # Errors
    /// [`QueueingError::InvalidRate`] for non-positive or non-finite rates,
    /// [`QueueingError::Unstable`] when `ρ ≥ 1`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::Station;
    /// let m = Station::mm1(0.8, 1.0).unwrap().metrics();
    /// assert!((m.l - 4.0).abs() < 1e-12);
    /// assert!((m.w - 5.0).abs() < 1e-12);
    /// ```
    pub fn mm1(lambda: f64, mu: f64) -> Result<Station, QueueingError> {
        let metrics = markovian::mm1(lambda, mu)?;
        Ok(Station { description: format!("M/M/1 (λ = {lambda}, μ = {mu})"), metrics })
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
    /// # Examples
    /// ```
    /// use loadbal::queueing::Station;
    /// // c = 2, λ = 1, μ = 1: C = 1/3, W_q = (1/3)/(2 − 1) = 1/3, L = 1/3 + 1 = 4/3
    /// let m = Station::mmc(1.0, 1.0, 2).unwrap().metrics();
    /// assert!((m.wq - 1.0 / 3.0).abs() < 1e-12);
    /// assert!((m.l - 4.0 / 3.0).abs() < 1e-12);
    /// ```
    pub fn mmc(lambda: f64, mu: f64, c: u64) -> Result<Station, QueueingError> {
        let metrics = markovian::mmc(lambda, mu, c)?;
        Ok(Station { description: format!("M/M/{c} (λ = {lambda}, μ = {mu})"), metrics })
    }

    /// M/M/1/K: one exponential server, room for `k` customers in total (in service plus waiting).
    /// See [`Station::mmck`].
    ///
    /// # Formula
    /// ```text
    /// p_n = ρⁿ·(1 − ρ)/(1 − ρ^{K+1})  (ρ ≠ 1),   p_n = 1/(K + 1)  (ρ = 1)
    /// ```
    ///
    /// # Accuracy
    /// As [`Station::mmck`].
    ///
    /// # Errors
    /// As [`Station::mmck`] with one server.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::Station;
    /// // ρ = 1, K = 2: p_n = 1/3 each; L = 1, blocking 1/3, λ_eff = 2/3 λ
    /// let m = Station::mm1k(1.0, 1.0, 2).unwrap().metrics();
    /// assert!((m.l - 1.0).abs() < 1e-12);
    /// assert!((m.p_block - 1.0 / 3.0).abs() < 1e-12);
    /// ```
    pub fn mm1k(lambda: f64, mu: f64, k: u64) -> Result<Station, QueueingError> {
        let metrics = finite::mm1k(lambda, mu, k)?;
        Ok(Station { description: format!("M/M/1/{k} (λ = {lambda}, μ = {mu})"), metrics })
    }

    /// M/M/c/K: Poisson arrivals at rate λ, `c` exponential servers at rate μ, room for `k ≥ c`
    /// customers in total. Arrivals finding K customers are lost (Kleinrock, vol. 1, §3.7).
    ///
    /// A finite system is stable for any load, so `λ ≥ cμ` is accepted; `rho` is the utilisation
    /// of each server by the admitted traffic and stays below 1.
    ///
    /// Computed in constant time and memory for any `c, K ≤ 2⁵³` from closed forms: the part
    /// `n ≤ c` is the Erlang B reciprocal `D = 1/B(c, a) − 1` (see [`erlang_b`](super::erlang_b)),
    /// the part `n > c` geometric sums in `r = a/c` evaluated with `expm1`/`ln1p` (never a running
    /// sum), with `r − 1 = (λ − cμ)/(cμ)` from a fused multiply–add.
    ///
    /// # Formula
    /// ```text
    /// a = λ/μ,  r = a/c,  p_n ∝ aⁿ/n!  (n ≤ c),  p_n ∝ a^c/c!·r^{n−c}  (c < n ≤ K);  m = K − c,
    /// G = Σ_{j=0}^{m} r^j,  H = Σ_{j=0}^{m−1} r^j,  J = Σ_{j=1}^{m} j·r^j,  Z = D + G:
    /// P(block) = r^m/Z,  λ_eff = λ·(D + H)/Z,  P(wait) = H/(D + H),  L_q = J/Z,
    /// W_q = J/(λ·(D + H)),  W = W_q + 1/μ,  L = λ_eff·W
    /// ```
    ///
    /// # Accuracy
    /// Relative error below `1e-13·max(1, |ln x|/200)` for every field `x` (measured worst
    /// 2.2e-14 against 50-digit references for c and K up to 10¹², ρ within 1e-12 of 1 on both
    /// sides, and 5.8e-16 at c = 1000, K = 10⁵, ρ = 0.999999 where a running sum lost 2.4e-9;
    /// `tests/queueing/accuracy_queueing.rs`); values below 1e-300 underflow.
    ///
    /// # Errors
    /// [`QueueingError::InvalidRate`] for bad rates, [`QueueingError::NoServers`] for `c = 0`,
    /// [`QueueingError::CapacityBelowServers`] when `K < c`, [`QueueingError::TooLarge`] for `c` or
    /// `K` above 2⁵³.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::Station;
    /// // c = K = 1, a = 1: Erlang loss with one server, blocking 1/2
    /// let m = Station::mmck(1.0, 1.0, 1, 1).unwrap().metrics();
    /// assert!((m.p_block - 0.5).abs() < 1e-12);
    /// assert_eq!(m.wq, 0.0);
    /// // A trillion waiting places cost nothing.
    /// let big = Station::mmck(0.5, 1.0, 1, 1_000_000_000_000).unwrap().metrics();
    /// assert!((big.l - 1.0).abs() < 1e-12); // M/M/1 at ρ = 1/2
    /// ```
    pub fn mmck(lambda: f64, mu: f64, c: u64, k: u64) -> Result<Station, QueueingError> {
        let metrics = finite::mmck(lambda, mu, c, k)?;
        Ok(Station { description: format!("M/M/{c}/{k} (λ = {lambda}, μ = {mu})"), metrics })
    }

    /// M/G/1: Poisson arrivals at rate λ, general service with mean `E[S]` and second moment `E[S²]`
    /// (Pollaczek–Khinchine mean-value formula, Kleinrock, vol. 1, §5.6). Use [`ServiceMoments::from_scv`](super::ServiceMoments::from_scv) to give the
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
    /// # Examples
    /// ```
    /// use loadbal::queueing::{ServiceMoments, Station};
    /// // Exponential service (scv = 1) gives M/M/1 back.
    /// let s = ServiceMoments::from_scv(0.5, 1.0).unwrap();
    /// let g = Station::mg1(1.0, &s).unwrap().metrics();
    /// assert!((g.wq - Station::mm1(1.0, 2.0).unwrap().metrics().wq).abs() < 1e-12);
    /// ```
    pub fn mg1(lambda: f64, service: &ServiceMoments) -> Result<Station, QueueingError> {
        let metrics = mg1::mg1(lambda, service)?;
        Ok(Station {
            description: format!("M/G/1 (λ = {lambda}, E[S] = {}, E[S²] = {})", service.mean, service.second_moment),
            metrics,
        })
    }

    /// M/D/1: constant service time `d`, the special case scv = 0 of [`Station::mg1`].
    ///
    /// # Formula
    /// ```text
    /// ρ = λ·d < 1,   W_q = ρ·d / (2·(1 − ρ))   (half the M/M/1 wait)
    /// ```
    ///
    /// # Accuracy
    /// As [`Station::mg1`].
    ///
    /// # Errors
    /// As [`Station::mg1`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::Station;
    /// // λ = 0.5, d = 1: W_q = 0.5/(2·0.5) = 0.5, L_q = 0.25
    /// let m = Station::md1(0.5, 1.0).unwrap().metrics();
    /// assert!((m.wq - 0.5).abs() < 1e-12);
    /// assert!((m.lq - 0.25).abs() < 1e-12);
    /// ```
    pub fn md1(lambda: f64, service_time: f64) -> Result<Station, QueueingError> {
        let metrics = mg1::md1(lambda, service_time)?;
        Ok(Station { description: format!("M/D/1 (λ = {lambda}, d = {service_time})"), metrics })
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
    /// As [`Station::mg1`].
    ///
    /// # Errors
    /// As [`Station::mg1`], for both the service moments and the vacation moments.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::{ServiceMoments, Station};
    /// // Exponential service with E[ζ] = 2, exponential vacations with E[ν] = 3, λ = 1/4.
    /// let s = ServiceMoments::from_scv(2.0, 1.0).unwrap();
    /// let v = ServiceMoments::from_scv(3.0, 1.0).unwrap();
    /// let m = Station::mg1_vacation(0.25, &s, &v).unwrap().metrics();
    /// // P–K part 0.25·8/(2·0.5) = 2, vacation part 18/6 = 3
    /// assert!((m.wq - 5.0).abs() < 1e-12);
    /// ```
    pub fn mg1_vacation(
        lambda: f64,
        service: &ServiceMoments,
        vacation: &ServiceMoments,
    ) -> Result<Station, QueueingError> {
        let metrics = mg1::mg1_vacation(lambda, service, vacation)?;
        Ok(Station {
            description: format!(
                "M/G/1 with vacations (λ = {lambda}, E[S] = {}, E[V] = {})",
                service.mean, vacation.mean
            ),
            metrics,
        })
    }
}

impl fmt::Display for Station {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}
