//! Static block distribution: expected imbalance metrics (1)–(3) of Ahn et al., §4.3 and §5.2, by
//! the exact order-statistics integral (14a)–(16) or by Chen–Tyler (6a)–(6b), chosen explicitly,
//! with the three variance conventions the paper mixes, each named for what it is.

use std::fmt;

use super::error::EnsembleError;
use super::error::task_moments;
use crate::law::Law;
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
    /// running-task correction, which does not apply at t = 0.
    WithRunningTaskCorrection,
    /// The §5.2 expression p/(p−1)·R σ_T² behind the printed 752.65 s.
    ScaledByProcessors,
}

/// How [`static_prediction`] computes: the method for the extremes and the variance convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StaticOptions {
    /// How E\[Y_p\] and E\[Y_1\] are computed.
    pub method: ExtremesMethod,
    /// Which expression of E\[ξ²\].
    pub convention: VarianceConvention,
}

impl Default for StaticOptions {
    /// The exact integrals and the exact variance.
    fn default() -> Self {
        StaticOptions { method: ExtremesMethod::Integral, convention: VarianceConvention::Exact }
    }
}

/// Largest processor count [`static_prediction`] accepts for an unequal split (the integral
/// then sums over every processor at each quadrature node).
pub const MAX_UNEQUAL_SPLIT_PROCESSORS: u64 = 100_000;

/// The static predictions for one ensemble.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StaticPrediction {
    /// Mean tasks per processor n/p (fractional when p does not divide n).
    pub tasks_per_processor: f64,
    /// Processors holding ⌈n/p⌉ tasks (the first n mod p); the others hold ⌊n/p⌋.
    pub larger_blocks: u64,
    /// η_X = (n/p) μ_T, the expected average processor time ((12) for equal blocks).
    pub mean_x: f64,
    /// √(n/p) σ_T ((12); for an unequal split the processors' deviations are √⌊n/p⌋ σ_T and
    /// √⌈n/p⌉ σ_T).
    pub sd_x: f64,
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

impl fmt::Display for StaticPrediction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "E[max] {:.4}, E[min] {:.4}, E[max idle] {:.4}, E[avg idle] {:.4} ({:.2} %), sqrt E[xi^2] {:.4}",
            self.expected_max,
            self.expected_min,
            self.expected_max_idle,
            self.expected_avg_idle,
            self.expected_pct_idle,
            self.root_expected_variance
        )
    }
}

fn check_p(p: u64) -> Result<(), EnsembleError> {
    if p < 2 { Err(EnsembleError::TooFewProcessors(p)) } else { Ok(()) }
}

/// Static expected algebraic variance of the processor times of n tasks split in blocks over
/// p processors (the first n mod p processors get ⌈n/p⌉ tasks, the others ⌊n/p⌋), under a
/// named convention (Ahn et al., eq. (13), §5.2, and the exact value).
///
/// # Formula
/// ```text
/// Exact:      E[ξ²] = (n/p) σ_T² + μ_T² k(p − k)/(p(p − 1)),   k = n mod p
///             (= R σ_T² for equal blocks R = n/p: processor times are independent with means
///              R_i μ_T and variances R_i σ_T², and E Σ(X_i − X̄)² = (1 − 1/p) Σ Var X_i + Σ(E X_i − η)²)
/// WithRunningTaskCorrection:  R σ_T² + ((p−1)/p)(μ_T²/12 − σ_T²/6)        (equal blocks only)
/// ScaledByProcessors: p/(p−1) · R σ_T²                             (equal blocks only)
/// ```
/// Eq. (13) inserts the running-task correction of (9), which does not apply at t = 0.
///
/// # Errors
/// [`EnsembleError::TooFewProcessors`] for p < 2, [`EnsembleError::BadTaskCount`] for n = 0 or,
/// with a paper convention, when p does not divide n; [`EnsembleError::InvalidTime`] for bad
/// task moments.
///
/// # Accuracy
/// `Exact` and `ScaledByProcessors`: sums of non-negative terms, at most 10 rounded operations on exact
/// counts: relative error at most 12u (u = 2⁻⁵³ ≈ 1.1e-16) for n, p below 2⁵³. `WithRunningTaskCorrection`: the
/// term μ_T²/12 − σ_T²/6 may cancel, absolute error 12u·(R σ_T² + μ_T²/12 + σ_T²/6). Checked
/// against 50-digit references in `tests/ensemble/ensemble_reference.rs` (worst measured 2.1e-16).
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{static_variance, VarianceConvention};
/// let v = static_variance(&Law::normal(488.1, 116.6).unwrap(), 1000, 25, VarianceConvention::ScaledByProcessors).unwrap();
/// assert!((v.sqrt() - 752.65).abs() < 0.005); // Ahn et al., §5.2
/// // 1000 tasks on 64 processors: 40 processors hold 16 tasks, 24 hold 15.
/// let exact = static_variance(&Law::normal(10.0, 3.0).unwrap(), 1000, 64, VarianceConvention::Exact).unwrap();
/// assert!((exact - (1000.0 / 64.0 * 9.0 + 100.0 * 40.0 * 24.0 / (64.0 * 63.0))).abs() < 1e-12);
/// ```
pub fn static_variance(law: &Law, n: u64, p: u64, convention: VarianceConvention) -> Result<f64, EnsembleError> {
    check_p(p)?;
    let (mu_t, sigma_t) = task_moments(law)?;
    if n == 0 {
        return Err(EnsembleError::BadTaskCount { n, p });
    }
    let (mu2, s2, pf) = (mu_t * mu_t, sigma_t * sigma_t, p as f64);
    let k = n % p;
    if k != 0 && convention != VarianceConvention::Exact {
        return Err(EnsembleError::BadTaskCount { n, p });
    }
    let r = n as f64 / pf;
    Ok(match convention {
        VarianceConvention::Exact => r * s2 + mu2 * (k as f64) * ((p - k) as f64) / (pf * (pf - 1.0)),
        VarianceConvention::WithRunningTaskCorrection => r * s2 + (pf - 1.0) / pf * (mu2 / 12.0 - s2 / 6.0),
        VarianceConvention::ScaledByProcessors => pf / (pf - 1.0) * r * s2,
    })
}

/// Static predictions for n tasks of mean μ_T and standard deviation σ_T split in consecutive
/// blocks over p processors, Ahn et al., §4.3 and §5.2: processor times are taken as independent
/// normals N(R_i μ_T, R_i σ_T²) (CLT, Assumption 2), with R_i = ⌈n/p⌉ for the first n mod p
/// processors and ⌊n/p⌋ for the others.
///
/// # Formula
/// ```text
/// equal blocks (p | n), R = n/p:  μ_X = R μ_T,  σ_X = √R σ_T
///   Integral:  E[Y_p] = ∫ y p F^{p−1} f dy,  E[Y_1] = ∫ y p (1−F)^{p−1} f dy      (14a)–(16)
///   ChenTyler: E[Y_p], E[Y_1] ≈ μ_X ± σ_X Φ⁻¹(0.5264^{1/p})                        (6a)–(6b)
/// unequal blocks: E[Y_p] = ∫ y d(Π_i Φ((y − R_i μ_T)/(√R_i σ_T)))  (independent, non-identical
///   normals), E[Y_1] likewise with the survival functions
/// E[max idle] = E[Y_p] − E[Y_1],  E[avg idle] = E[Y_p] − (n/p) μ_T
/// ```
///
/// # Errors
/// [`EnsembleError::TooFewProcessors`] for p < 2; [`EnsembleError::BadTaskCount`] when n < p;
/// [`EnsembleError::InvalidTime`] for bad task moments; [`EnsembleError::InvalidParameter`] for
/// Chen–Tyler or a paper variance convention with an unequal split (both assume equal blocks);
/// [`EnsembleError::TooLarge`] for an unequal split on more than
/// [`MAX_UNEQUAL_SPLIT_PROCESSORS`] processors; [`EnsembleError::OrderStats`] from the
/// order-statistics kernel (σ_T = 0 included: a degenerate split has no density).
///
/// # Accuracy
/// Equal blocks: that of [`order_stats::expected_max_normal`]; unequal blocks: that of
/// [`order_stats::expected_max_independent_normals`]; both checked against 50-digit references
/// in `tests/ensemble/ensemble_reference.rs` (relative error below 1e-11).
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{static_prediction, ExtremesMethod, StaticOptions};
/// // Ahn et al., §5.2: 1,000 wild-type tasks on 25 processors
/// let wild = &Law::normal(488.1, 116.6).unwrap();
/// let s = static_prediction(wild, 1000, 25, StaticOptions::default()).unwrap();
/// assert!((s.expected_max - 20_973.0).abs() < 0.5 && (s.expected_min - 18_075.0).abs() < 0.5);
/// assert!((s.expected_max_idle - 2_898.0).abs() < 1.0 && (s.expected_avg_idle - 1_449.0).abs() < 0.5);
/// let ct = StaticOptions { method: ExtremesMethod::ChenTyler, ..StaticOptions::default() };
/// let ct = static_prediction(wild, 1000, 25, ct).unwrap();
/// assert!((ct.expected_max - 20_965.0).abs() < 0.5 && (ct.expected_min - 18_083.0).abs() < 0.5);
/// // An unequal split: 1,000 tasks on 64 processors (40 hold 16 tasks, 24 hold 15).
/// let u = static_prediction(&Law::normal(10.0, 3.0).unwrap(), 1000, 64, StaticOptions::default()).unwrap();
/// assert!((u.expected_max - 186.132_759_92).abs() < 1e-7);
/// ```
pub fn static_prediction(law: &Law, n: u64, p: u64, options: StaticOptions) -> Result<StaticPrediction, EnsembleError> {
    check_p(p)?;
    if n < p {
        return Err(EnsembleError::BadTaskCount { n, p });
    }
    let (mu_t, sigma_t) = task_moments(law)?;
    let k = n % p;
    let base = n / p;
    if k != 0 && options.convention != VarianceConvention::Exact {
        return Err(EnsembleError::InvalidParameter {
            what: "p (variance convention)",
            value: p as f64,
            why: "the paper's variance conventions assume equal blocks (p dividing n); use VarianceConvention::Exact",
        });
    }
    let r = n as f64 / p as f64;
    let (mu_x, sigma_x) = (r * mu_t, r.sqrt() * sigma_t);
    let (expected_max, expected_min) = if k == 0 {
        let (m, s) = (base as f64 * mu_t, (base as f64).sqrt() * sigma_t);
        match options.method {
            ExtremesMethod::Integral => {
                (order_stats::expected_max_normal(m, s, p)?, order_stats::expected_min_normal(m, s, p)?)
            }
            ExtremesMethod::ChenTyler => {
                let ct = order_stats::chen_tyler(p)?;
                (ct.expected_max(m, s)?, ct.expected_min(m, s)?)
            }
        }
    } else {
        if options.method == ExtremesMethod::ChenTyler {
            return Err(EnsembleError::InvalidParameter {
                what: "p (Chen-Tyler)",
                value: p as f64,
                why: "Chen-Tyler assumes equal blocks (p dividing n); use the integral method for an unequal split",
            });
        }
        if p > MAX_UNEQUAL_SPLIT_PROCESSORS {
            return Err(EnsembleError::TooLarge {
                what: "processors of an unequal split",
                value: p,
                max: MAX_UNEQUAL_SPLIT_PROCESSORS,
            });
        }
        let (big, small) = ((base + 1) as f64, base as f64);
        let means: Vec<f64> = (0..p).map(|i| if i < k { big * mu_t } else { small * mu_t }).collect();
        let sds: Vec<f64> = (0..p).map(|i| if i < k { big.sqrt() } else { small.sqrt() } * sigma_t).collect();
        (
            order_stats::expected_max_independent_normals(&means, &sds)?,
            order_stats::expected_min_independent_normals(&means, &sds)?,
        )
    };
    let expected_variance = static_variance(law, n, p, options.convention)?;
    let expected_avg_idle = expected_max - mu_x;
    Ok(StaticPrediction {
        tasks_per_processor: r,
        larger_blocks: k,
        mean_x: mu_x,
        sd_x: sigma_x,
        expected_max,
        expected_min,
        expected_max_idle: expected_max - expected_min,
        expected_avg_idle,
        expected_pct_idle: if mu_x > 0.0 { 100.0 * expected_avg_idle / mu_x } else { 0.0 },
        expected_variance,
        root_expected_variance: expected_variance.sqrt(),
        method: options.method,
        convention: options.convention,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conventions_g15_to_g17() {
        let e = static_variance(&Law::normal(488.1, 116.6).unwrap(), 1000, 25, VarianceConvention::Exact).unwrap();
        let q = static_variance(
            &Law::normal(488.1, 116.6).unwrap(),
            1000,
            25,
            VarianceConvention::WithRunningTaskCorrection,
        )
        .unwrap();
        assert!((e - 543_822.40).abs() < 1e-6);
        assert!((q - 560_706.44).abs() < 0.01);
    }

    #[test]
    fn mutant_g19_and_ct_closed_forms_g18() {
        let s = static_prediction(&Law::normal(152.0, 191.1).unwrap(), 1000, 25, StaticOptions::default()).unwrap();
        assert!((s.expected_max / 8455.323 - 1.0).abs() < 1e-4);
        assert!((s.expected_min / 3704.677 - 1.0).abs() < 1e-4);
        let opts = StaticOptions { method: ExtremesMethod::ChenTyler, ..StaticOptions::default() };
        let ct = static_prediction(&Law::normal(488.1, 116.6).unwrap(), 1000, 25, opts).unwrap();
        assert!((ct.expected_max_idle / 2882.164 - 1.0).abs() < 1e-4);
        assert!((ct.expected_avg_idle / 1441.082 - 1.0).abs() < 1e-4);
    }

    #[test]
    fn unequal_split_variance_is_the_sample_variance_of_the_block_means() {
        // σ_T = 0: the processor times are the constants R_i μ_T, whose sample variance is exact.
        let (n, p, mu) = (1000u64, 64u64, 10.0);
        let times: Vec<f64> = (0..p).map(|i| (n / p + u64::from(i < n % p)) as f64 * mu).collect();
        let mean = times.iter().sum::<f64>() / p as f64;
        let var = times.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (p - 1) as f64;
        let got = static_variance(&Law::normal(mu, 0.0).unwrap(), n, p, VarianceConvention::Exact).unwrap();
        assert!((got - var).abs() < 1e-12 * var);
    }

    #[test]
    fn errors() {
        let o = StaticOptions::default();
        assert!(matches!(
            static_prediction(&Law::normal(1.0, 1.0).unwrap(), 10, 1, o),
            Err(EnsembleError::TooFewProcessors(1))
        ));
        assert!(matches!(
            static_prediction(&Law::normal(1.0, 1.0).unwrap(), 3, 4, o),
            Err(EnsembleError::BadTaskCount { .. })
        ));
        assert!(static_prediction(&Law::normal(-1.0, 1.0).unwrap(), 8, 4, o).is_err());
        let ct = StaticOptions { method: ExtremesMethod::ChenTyler, ..o };
        assert!(matches!(
            static_prediction(&Law::normal(1.0, 1.0).unwrap(), 10, 4, ct),
            Err(EnsembleError::InvalidParameter { .. })
        ));
        let eq13 = StaticOptions { convention: VarianceConvention::WithRunningTaskCorrection, ..o };
        assert!(matches!(
            static_prediction(&Law::normal(1.0, 1.0).unwrap(), 10, 4, eq13),
            Err(EnsembleError::InvalidParameter { .. })
        ));
        assert!(matches!(
            static_variance(&Law::normal(1.0, 1.0).unwrap(), 10, 4, VarianceConvention::ScaledByProcessors),
            Err(EnsembleError::BadTaskCount { .. })
        ));
        assert!(matches!(
            static_variance(&Law::normal(1.0, 1.0).unwrap(), 0, 4, VarianceConvention::Exact),
            Err(EnsembleError::BadTaskCount { .. })
        ));
        assert!(matches!(
            static_prediction(&Law::normal(1.0, 1.0).unwrap(), 1_000_001, 1_000_000, o),
            Err(EnsembleError::TooLarge { .. })
        ));
    }
}
