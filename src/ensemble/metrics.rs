//! Load-imbalance metrics (1)–(3) of Ahn et al. on one realisation of per-processor times.

use super::error::{EnsembleError, check_len, check_time};
use crate::numerics::sums::pow2_downscale;

/// The empirical load-imbalance metrics of one run, as printed in Ahn et al., Tables 1–3.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Metrics {
    /// Mean compute time η_X.
    pub avg: f64,
    /// Largest compute time Y_p.
    pub max: f64,
    /// Smallest compute time Y_1.
    pub min: f64,
    /// Root algebraic variance √ξ_X² (sample standard deviation, ddof 1), metric (1).
    pub rav: f64,
    /// Largest idle time Y_p − Y_1, metric (2).
    pub max_idle: f64,
    /// Average idle time Y_p − η_X, metric (3).
    pub avg_idle: f64,
    /// Percentage idle time 100·(Y_p − η_X)/η_X (the tables' definition).
    pub pct_idle: f64,
}

impl std::fmt::Display for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "avg {:.4}, max {:.4}, min {:.4}, RAV {:.4}, max idle {:.4}, avg idle {:.4} ({:.2} %)",
            self.avg, self.max, self.min, self.rav, self.max_idle, self.avg_idle, self.pct_idle
        )
    }
}

/// Metrics (1)–(3) of per-processor times `c` (Ahn et al., §3.2, Tables 1–3).
///
/// # Formula
/// ```text
/// η = (1/p) Σ c_i,  ξ² = (1/(p−1)) Σ (c_i − η)²,  RAV = √ξ²
/// max idle = max c − min c,  avg idle = max c − η,  % idle = 100·avg idle/η
/// ```
///
/// # Errors
/// [`EnsembleError::TooShort`] for fewer than 2 times, [`EnsembleError::InvalidTime`] for a
/// negative or non-finite time, [`EnsembleError::InvalidParameter`] when all times are zero
/// (the percentage is undefined). Times near `f64::MAX` are summed scaled by a power of two, so
/// no result overflows.
///
/// # Accuracy
/// A sum, a two-pass variance and differences of the inputs: mean and extremes to p·u relative
/// (u = 2⁻⁵³), RAV to about (p + 3)u relative plus the conditioning of a spread small beside the
/// mean; exact values for small integer inputs (this module's tests).
///
/// # Examples
/// ```
/// use loadbal::ensemble::imbalance_metrics;
/// let m = imbalance_metrics(&[1.0, 2.0, 3.0, 4.0]).unwrap();
/// assert_eq!((m.avg, m.max, m.min, m.max_idle, m.avg_idle, m.pct_idle), (2.5, 4.0, 1.0, 3.0, 1.5, 60.0));
/// assert!((m.rav - 1.290_994_448_735_805_6).abs() < 1e-12);
/// ```
pub fn imbalance_metrics(c: &[f64]) -> Result<Metrics, EnsembleError> {
    check_len("per-processor times", c.len(), 2)?;
    let mut max = f64::NEG_INFINITY;
    let mut min = f64::INFINITY;
    for &x in c {
        check_time("per-processor time", x)?;
        max = max.max(x);
        min = min.min(x);
    }
    if max == 0.0 {
        return Err(EnsembleError::InvalidParameter {
            what: "mean time",
            value: 0.0,
            why: "all times are zero, the percentage idle time is undefined",
        });
    }
    // The sums run on the times scaled by a power of two (exact: the same bits for ordinary
    // times), so that times near f64::MAX do not overflow them; the results are scaled back.
    let k = pow2_downscale(&[max]);
    let p = c.len() as f64;
    let avg = c.iter().map(|x| x * k).sum::<f64>() / p;
    let ss: f64 = c.iter().map(|x| (x * k - avg) * (x * k - avg)).sum();
    let (max_k, min_k) = (max * k, min * k);
    // RAV ≤ max·√(p/(4(p − 1))) ≤ max/√2: finite like the rest.
    Ok(Metrics {
        avg: avg / k,
        max,
        min,
        rav: (ss / (p - 1.0)).sqrt() / k,
        max_idle: (max_k - min_k) / k,
        avg_idle: (max_k - avg) / k,
        pct_idle: 100.0 * (max_k - avg) / avg,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table2_static_identities() {
        // Table 2 static/25 printed: avg 19524, max 20795, min 18055 → max idle 2740, avg idle 1271
        let m = imbalance_metrics(&[20795.0, 18055.0, 19722.0]).unwrap();
        assert_eq!(m.max_idle, 2740.0);
        assert_eq!(m.max, 20795.0);
    }

    #[test]
    fn bad_input() {
        assert!(matches!(imbalance_metrics(&[1.0]), Err(EnsembleError::TooShort { .. })));
        assert!(matches!(imbalance_metrics(&[1.0, f64::NAN]), Err(EnsembleError::InvalidTime { .. })));
        assert!(matches!(imbalance_metrics(&[1.0, -1.0]), Err(EnsembleError::InvalidTime { .. })));
        assert!(imbalance_metrics(&[0.0, 0.0]).is_err());
    }
}
