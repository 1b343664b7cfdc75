//! Static block distribution: expected imbalance metrics (1)–(3) of Ahn et al., §4.3 and §5.2, by
//! the exact order-statistics integral (14a)–(16) or by Chen–Tyler (6a)–(6b), chosen explicitly,
//! with the three variance conventions the paper mixes, each named for what it is.

use super::error::{EnsembleError, check_time};
use crate::order_stats;

/// How E\[Y_p\] and E\[Y_1\] of p i.i.d. normal processor times are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ExtremesMethod {
    /// The exact integrals (14a)–(16) ("integral method" of §4.3).
    Integral,
    /// Chen–Tyler (6a)–(6b): μ_X ± σ_X Φ⁻¹(0.5264^{1/p}).
    ChenTyler,
}

/// Which expression of the static expected algebraic variance E\[ξ²\] (metric (1)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum VarianceConvention {
    /// The exact value at t = 0, R σ_T² (the sample variance of i.i.d. sums is unbiased).
    Exact,
    /// Eq. (13), (9) with all R̂_i = R: R σ_T² + ((p−1)/p)(μ_T²/12 − σ_T²/6). It inserts the
    /// running-task correction, which does not apply at t = 0 (reference A1).
    PaperEq13,
    /// The §5.2 expression p/(p−1)·R σ_T² behind the printed 752.65 s.
    PaperSec52,
}

/// The static predictions for one ensemble.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StaticPrediction {
    /// Tasks per processor R = n/p.
    pub tasks_per_processor: f64,
    /// μ_X = R μ_T (12).
    pub mu_x: f64,
    /// σ_X = √R σ_T (12).
    pub sigma_x: f64,
    /// E\[Y_p\].
    pub expected_max: f64,
    /// E\[Y_1\].
    pub expected_min: f64,
    /// Expected largest idle time E\[Y_p − Y_1\], metric (2).
    pub expected_max_idle: f64,
    /// Expected average idle time E\[Y_p − η_X\] = E\[Y_p\] − μ_X, metric (3).
    pub expected_avg_idle: f64,
    /// Expected percentage idle time 100·E\[Y_p − η_X\]/μ_X.
    pub expected_pct_idle: f64,
    /// E\[ξ²\] under the chosen convention, metric (1).
    pub expected_variance: f64,
    /// √E\[ξ²\].
    pub root_expected_variance: f64,
    /// The method used for the extremes.
    pub method: ExtremesMethod,
    /// The variance convention used.
    pub convention: VarianceConvention,
}

fn check_np(n: u64, p: u64) -> Result<(), EnsembleError> {
    if p < 2 {
        return Err(EnsembleError::TooFewProcessors(p));
    }
    if n < p || n % p != 0 {
        return Err(EnsembleError::BadTaskCount { n, p });
    }
    Ok(())
}

/// Static expected algebraic variance for R tasks per processor under a named convention
/// (Ahn et al., eq. (13), §5.2, and the exact value; reference A1).
///
/// # Formula
/// ```text
/// Exact:      R σ_T²
/// PaperEq13:  R σ_T² + ((p−1)/p)(μ_T²/12 − σ_T²/6)
/// PaperSec52: p/(p−1) · R σ_T²
/// ```
///
/// # Errors
/// [`EnsembleError::TooFewProcessors`] for p < 2, [`EnsembleError::InvalidTime`] for bad inputs.
///
/// # Examples
/// ```
/// use loadbal::ensemble::{static_variance, VarianceConvention};
/// let v = static_variance(40.0, 25, 488.1, 116.6, VarianceConvention::PaperSec52).unwrap();
/// assert!((v.sqrt() - 752.65).abs() < 0.005); // Ahn et al., §5.2
/// ```
pub fn static_variance(
    r: f64,
    p: u64,
    mu_t: f64,
    sigma_t: f64,
    convention: VarianceConvention,
) -> Result<f64, EnsembleError> {
    if p < 2 {
        return Err(EnsembleError::TooFewProcessors(p));
    }
    check_time("tasks per processor", r)?;
    check_time("mu_t", mu_t)?;
    check_time("sigma_t", sigma_t)?;
    let (mu2, s2, pf) = (mu_t * mu_t, sigma_t * sigma_t, p as f64);
    Ok(match convention {
        VarianceConvention::Exact => r * s2,
        VarianceConvention::PaperEq13 => r * s2 + (pf - 1.0) / pf * (mu2 / 12.0 - s2 / 6.0),
        VarianceConvention::PaperSec52 => pf / (pf - 1.0) * r * s2,
    })
}

/// Static predictions for n tasks (n/p consecutive ones per processor) of mean μ_T and standard
/// deviation σ_T on p processors, Ahn et al., §4.3 and §5.2: processor times are taken as i.i.d.
/// normal N(R μ_T, R σ_T²) (CLT, Assumption 2).
///
/// # Formula
/// ```text
/// μ_X = R μ_T,  σ_X = √R σ_T,  R = n/p
/// Integral:  E[Y_p] = ∫ y p F^{p−1} f dy,  E[Y_1] = ∫ y p (1−F)^{p−1} f dy
/// ChenTyler: E[Y_p], E[Y_1] ≈ μ_X ± σ_X Φ⁻¹(0.5264^{1/p})
/// E[max idle] = E[Y_p] − E[Y_1],  E[avg idle] = E[Y_p] − μ_X
/// ```
///
/// # Errors
/// [`EnsembleError::TooFewProcessors`] for p < 2, [`EnsembleError::BadTaskCount`] when n < p
/// or p does not divide n, [`EnsembleError::InvalidTime`] for bad task moments,
/// [`EnsembleError::OrderStats`] from the order-statistics kernel.
///
/// # Examples
/// ```
/// use loadbal::ensemble::{static_prediction, ExtremesMethod, VarianceConvention};
/// // Ahn et al., §5.2: 1,000 wild-type tasks on 25 processors
/// let s = static_prediction(1000, 25, 488.1, 116.6, ExtremesMethod::Integral, VarianceConvention::Exact).unwrap();
/// assert!((s.expected_max - 20_973.0).abs() < 0.5 && (s.expected_min - 18_075.0).abs() < 0.5);
/// assert!((s.expected_max_idle - 2_898.0).abs() < 1.0 && (s.expected_avg_idle - 1_449.0).abs() < 0.5);
/// let ct = static_prediction(1000, 25, 488.1, 116.6, ExtremesMethod::ChenTyler, VarianceConvention::Exact).unwrap();
/// assert!((ct.expected_max - 20_965.0).abs() < 0.5 && (ct.expected_min - 18_083.0).abs() < 0.5);
/// ```
pub fn static_prediction(
    n: u64,
    p: u64,
    mu_t: f64,
    sigma_t: f64,
    method: ExtremesMethod,
    convention: VarianceConvention,
) -> Result<StaticPrediction, EnsembleError> {
    check_np(n, p)?;
    check_time("mu_t", mu_t)?;
    check_time("sigma_t", sigma_t)?;
    let r = (n / p) as f64;
    let (mu_x, sigma_x) = (r * mu_t, r.sqrt() * sigma_t);
    let (expected_max, expected_min) = match method {
        ExtremesMethod::Integral => {
            (order_stats::expected_max_normal(mu_x, sigma_x, p)?, order_stats::expected_min_normal(mu_x, sigma_x, p)?)
        }
        ExtremesMethod::ChenTyler => (
            order_stats::expected_max_chen_tyler(mu_x, sigma_x, p)?,
            order_stats::expected_min_chen_tyler(mu_x, sigma_x, p)?,
        ),
    };
    let expected_variance = static_variance(r, p, mu_t, sigma_t, convention)?;
    let expected_avg_idle = expected_max - mu_x;
    Ok(StaticPrediction {
        tasks_per_processor: r,
        mu_x,
        sigma_x,
        expected_max,
        expected_min,
        expected_max_idle: expected_max - expected_min,
        expected_avg_idle,
        expected_pct_idle: if mu_x > 0.0 { 100.0 * expected_avg_idle / mu_x } else { 0.0 },
        expected_variance,
        root_expected_variance: expected_variance.sqrt(),
        method,
        convention,
    })
}

/// C_max = Φ⁻¹(0.5264^{1/p_max}) of Props 5–6 (Ahn et al., §4.5), from the Chen–Tyler constant of
/// the order-statistics kernel. The paper's "≈ 4.4 for p_max = 10⁶" is wrong: the value is 4.8423
/// (4.4 corresponds to p_max ≈ 1.19×10⁵; reference A4).
///
/// # Formula
/// ```text
/// C_max = Φ⁻¹(0.5264^{1/p_max})
/// ```
///
/// # Errors
/// [`EnsembleError::OrderStats`] for p_max = 0.
///
/// # Examples
/// ```
/// use loadbal::ensemble::c_max;
/// assert!((c_max(1_000_000).unwrap() - 4.842_309).abs() < 1e-5);
/// ```
pub fn c_max(p_max: u64) -> Result<f64, EnsembleError> {
    Ok(order_stats::chen_tyler_max(p_max)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conventions_g15_to_g17() {
        let e = static_variance(40.0, 25, 488.1, 116.6, VarianceConvention::Exact).unwrap();
        let q = static_variance(40.0, 25, 488.1, 116.6, VarianceConvention::PaperEq13).unwrap();
        assert!((e - 543_822.40).abs() < 1e-6);
        assert!((q - 560_706.44).abs() < 0.01);
    }

    #[test]
    fn mutant_g19_and_ct_closed_forms_g18() {
        let s = static_prediction(1000, 25, 152.0, 191.1, ExtremesMethod::Integral, VarianceConvention::Exact).unwrap();
        assert!((s.expected_max / 8455.323 - 1.0).abs() < 1e-4);
        assert!((s.expected_min / 3704.677 - 1.0).abs() < 1e-4);
        let ct =
            static_prediction(1000, 25, 488.1, 116.6, ExtremesMethod::ChenTyler, VarianceConvention::Exact).unwrap();
        assert!((ct.expected_max_idle / 2882.164 - 1.0).abs() < 1e-4);
        assert!((ct.expected_avg_idle / 1441.082 - 1.0).abs() < 1e-4);
    }

    #[test]
    fn errors() {
        let m = ExtremesMethod::Integral;
        let c = VarianceConvention::Exact;
        assert!(matches!(static_prediction(10, 1, 1.0, 1.0, m, c), Err(EnsembleError::TooFewProcessors(1))));
        assert!(matches!(static_prediction(3, 4, 1.0, 1.0, m, c), Err(EnsembleError::BadTaskCount { .. })));
        assert!(matches!(static_prediction(10, 4, 1.0, 1.0, m, c), Err(EnsembleError::BadTaskCount { .. })));
        assert!(static_prediction(8, 4, -1.0, 1.0, m, c).is_err());
    }
}
