//! The long-run means of one station, the result of every single-station formula.

use super::error::QueueingError;
use std::fmt;

/// Long-run means of one station: the output of every single-station formula.
///
/// Times are in the time unit of the rates, numbers are customers. `throughput` is the rate of
/// admitted customers (below the arrival rate only with a finite buffer), and Little's law holds:
/// `l = throughput·w`, `lq = throughput·wq`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StationMetrics {
    /// Offered arrival rate λ.
    pub lambda: f64,
    /// Rate of admitted customers, λ·(1 − p_block).
    pub throughput: f64,
    /// Utilisation ρ of each server, throughput/(c·μ) (λ/(cμ) without a finite buffer).
    pub rho: f64,
    /// Probability that an admitted customer has to wait.
    pub p_wait: f64,
    /// Probability that an arriving customer is refused (finite buffers; 0 otherwise).
    pub p_block: f64,
    /// Mean waiting time in queue, W_q.
    pub wq: f64,
    /// Mean number waiting, L_q.
    pub lq: f64,
    /// Mean time in system, `W = W_q + E[S]`.
    pub w: f64,
    /// Mean number in system, L.
    pub l: f64,
}

impl StationMetrics {
    /// Builds the metrics from the throughput, the waiting time and the mean service time, with
    /// Little's law for the numbers.
    pub(crate) fn from_wait(
        lambda: f64,
        throughput: f64,
        rho: f64,
        p_wait: f64,
        p_block: f64,
        wq: f64,
        mean_service: f64,
    ) -> StationMetrics {
        let w = wq + mean_service;
        StationMetrics { lambda, throughput, rho, p_wait, p_block, wq, lq: throughput * wq, w, l: throughput * w }
    }

    /// The metrics if every field is finite, otherwise an error naming the offered load that put
    /// the computation out of the range of `f64` (rates of wildly different magnitudes).
    pub(crate) fn checked(self, offered_load: f64) -> Result<Self, QueueingError> {
        let fields = [self.throughput, self.rho, self.p_wait, self.p_block, self.wq, self.lq, self.w, self.l];
        if fields.iter().all(|x| x.is_finite()) {
            Ok(self)
        } else {
            Err(QueueingError::InvalidRate {
                name: "offered load λ/μ (out of floating-point range)",
                value: offered_load,
            })
        }
    }

    /// Whether Little's law holds to the relative tolerance `rel`: `L = λ_eff·W` and
    /// `L_q = λ_eff·W_q`.
    ///
    /// # Formula
    /// ```text
    /// L = λ_eff·W,   L_q = λ_eff·W_q   (Little, Jia, ref. [95])
    /// ```
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::Station;
    /// let mut m = Station::mm1(1.0, 2.0).unwrap().metrics();
    /// assert!(m.satisfies_little(1e-12));
    /// m.l *= 1.1;
    /// assert!(!m.satisfies_little(1e-3));
    /// ```
    pub fn satisfies_little(&self, rel: f64) -> bool {
        let close = |a: f64, b: f64| (a - b).abs() <= rel * a.abs().max(b.abs()).max(1e-300);
        close(self.l, self.throughput * self.w) && close(self.lq, self.throughput * self.wq)
    }
}

impl fmt::Display for StationMetrics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "λ = {}, throughput = {}, ρ = {}, P(wait) = {}, P(block) = {}, W_q = {}, L_q = {}, W = {}, L = {}",
            self.lambda, self.throughput, self.rho, self.p_wait, self.p_block, self.wq, self.lq, self.w, self.l
        )
    }
}
