//! The constants α, β, γ of the JR models (Dobber, §5.3): their exact first-level values for
//! exponential and normal jobs, their Monte Carlo estimate, and their estimation from samples
//! and traces (§5.3.2).

use super::ReplicationError;
use crate::law::Law;
use crate::montecarlo::{Estimate, MonteCarlo};
use crate::numerics::sums::{pow2_downscale, scaled};
use rand_distr::Distribution;

pub(crate) fn positive_param(name: &'static str, v: f64) -> Result<f64, ReplicationError> {
    if v.is_finite() && v > 0.0 {
        Ok(v)
    } else {
        Err(ReplicationError::InvalidParameter { name, value: v, expected: "a finite positive number" })
    }
}

/// The first-level constants α, β_max = β(0, 1), β_min = β(1, 1) of a distribution: the
/// approximations 5.3.3–5.3.7 are exact for the maximum and minimum of two i.i.d. copies.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FirstLevelConstants {
    /// `(E max{X, X'} − E X)/σ(X)`.
    pub alpha: f64,
    /// `σ(max{X, X'})/σ(X)`.
    pub beta_max: f64,
    /// `σ(min{X, X'})/σ(X)`.
    pub beta_min: f64,
}

impl std::fmt::Display for FirstLevelConstants {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "α = {:.6}, β_max = {:.6}, β_min = {:.6}", self.alpha, self.beta_max, self.beta_min)
    }
}

impl FirstLevelConstants {
    /// First-level constants of the exponential distribution (Dobber, §5.3.2): α = ½,
    /// β_max = √5/2, β_min = ½ (Fig. 5.7's text swaps the two β).
    ///
    /// # Formula
    /// ```text
    /// E max = 1.5 μ, Var max = 1.25 μ², min ~ Exp(2/μ):  α = ½, β_max = √5/2, β_min = ½
    /// ```
    ///
    /// # Accuracy
    /// Exact constants rounded once (√5/2 within 1 ulp).
    ///
    /// # Examples
    /// They satisfy Def. 5.3.8: `β_min² = 2 − 2α² − β_max²`.
    /// ```
    /// let k = loadbal::replication::FirstLevelConstants::exponential();
    /// assert!((k.beta_min.powi(2) - (2.0 - 2.0 * k.alpha.powi(2) - k.beta_max.powi(2))).abs() < 1e-15);
    /// assert_eq!(k.to_string(), "α = 0.500000, β_max = 1.118034, β_min = 0.500000");
    /// ```
    pub fn exponential() -> FirstLevelConstants {
        FirstLevelConstants { alpha: 0.5, beta_max: 5f64.sqrt() / 2.0, beta_min: 0.5 }
    }
}

impl FirstLevelConstants {
    /// First-level constants of the normal distribution (Dobber, §5.3.2): α = 1/√π,
    /// β_max = β_min = √(1 − 1/π).
    ///
    /// # Formula
    /// ```text
    /// E max{Z, Z'} = 1/√π,  Var max{Z, Z'} = Var min{Z, Z'} = 1 − 1/π
    /// ```
    ///
    /// # Accuracy
    /// Closed forms within 2 ulps (checked against the order statistics of two normals to 1e-9 and the exact
    /// 1/√π).
    ///
    /// # Examples
    /// ```
    /// let k = loadbal::replication::FirstLevelConstants::normal();
    /// assert!((k.alpha - 0.5641895835).abs() < 1e-10 && (k.beta_max - 0.8256452).abs() < 1e-7);
    /// ```
    pub fn normal() -> FirstLevelConstants {
        let inv_pi = std::f64::consts::FRAC_1_PI;
        FirstLevelConstants { alpha: inv_pi.sqrt(), beta_max: (1.0 - inv_pi).sqrt(), beta_min: (1.0 - inv_pi).sqrt() }
    }
}

fn mean_sd(x: &[f64]) -> (f64, f64) {
    (crate::numerics::sums::mean(x), crate::numerics::sums::sd(x))
}

fn check_samples(x: &[f64], column: usize, what: &'static str, needed: usize) -> Result<(), ReplicationError> {
    if x.len() < needed {
        return Err(ReplicationError::TooShort { what, needed, got: x.len() });
    }
    if let Some((row, &value)) = x.iter().enumerate().find(|(_, v)| !v.is_finite()) {
        return Err(ReplicationError::InvalidRuntime { row, column, value });
    }
    Ok(())
}

impl FirstLevelConstants {
    /// Estimates α, β(0, 1) and β(1, 1) from two equally long samples of job times on two
    /// processors (Dobber, §5.3.2, Approx. 5.3.3/5.3.4, (5.16)), with the pooled mean and standard
    /// deviation as `E V` and `σ(V)` (the thesis homogenises its traces first).
    ///
    /// # Formula
    /// ```text
    /// μ, σ = pooled mean and sd of a ∪ b;  M_k = max(a_k, b_k), m_k = min(a_k, b_k)
    /// α = (mean(M) − μ)/σ,  β_max = sd(M)/σ,  β_min = sd(m)/σ
    /// ```
    ///
    /// # Errors
    /// [`ReplicationError::LengthMismatch`], [`ReplicationError::TooShort`] (fewer than 2 pairs),
    /// [`ReplicationError::InvalidRuntime`] for NaN or infinite values,
    /// [`ReplicationError::InvalidParameter`] when the pooled sample is constant.
    ///
    /// # Accuracy
    /// The sample statistics of the data given, by corrected two-pass sums: relative error below 1e-12 for up to
    /// 10⁶ pairs whose offset exceeds their spread by up to 1e6 (measured worst 2.9e-14 at an offset of 1e8,
    /// `tests/replication/replication_fits_reference.rs`); as estimates of the law's constants they carry the sampling error
    /// `O(1/√n)`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::FirstLevelConstants;
    /// let k = FirstLevelConstants::estimate(&[1.0, 3.0, 1.0, 3.0], &[3.0, 1.0, 3.0, 1.0]).unwrap();
    /// assert!((k.beta_max - 0.0).abs() < 1e-15); // the maximum is always 3
    /// ```
    pub fn estimate(a: &[f64], b: &[f64]) -> Result<FirstLevelConstants, ReplicationError> {
        if a.len() != b.len() {
            return Err(ReplicationError::LengthMismatch { left: a.len(), right: b.len() });
        }
        check_samples(a, 0, "estimating α and β", 2)?;
        check_samples(b, 1, "estimating α and β", 2)?;
        let pooled: Vec<f64> = a.iter().chain(b).copied().collect();
        let (mu, sigma) = mean_sd(&pooled);
        if sigma <= 0.0 {
            return Err(ReplicationError::InvalidParameter {
                name: "pooled standard deviation",
                value: sigma,
                expected: "a positive spread",
            });
        }
        let maxs: Vec<f64> = a.iter().zip(b).map(|(x, y)| x.max(*y)).collect();
        let mins: Vec<f64> = a.iter().zip(b).map(|(x, y)| x.min(*y)).collect();
        // `mean(M) − μ` from deviations around the rounded μ, minus μ's own rounding residual: the
        // difference of two means near 1e8 would keep only 9 digits of a gap of 30.
        let residual = pooled.iter().map(|v| v - mu).sum::<f64>() / pooled.len() as f64;
        let gap = maxs.iter().map(|v| v - mu).sum::<f64>() / maxs.len() as f64 - residual;
        let s_max = crate::numerics::sums::sd(&maxs);
        let s_min = crate::numerics::sums::sd(&mins);
        Ok(FirstLevelConstants { alpha: gap / sigma, beta_max: s_max / sigma, beta_min: s_min / sigma })
    }
}

/// Estimates γ of Approx. 5.3.5 from one processor's series of job times: the standard
/// deviation of sums of `R` consecutive values (non-overlapping blocks) against that of one
/// value (Dobber, §5.3.2).
///
/// # Formula
/// ```text
/// σ(Σ_{l<R} y_{k+l}) = R^γ σ(y)   ⇒   γ = log2(σ(block sums)/σ(y)) / log2 R
/// ```
///
/// # Errors
/// [`ReplicationError::NotPowerOfTwo`] unless `R` is a power of two; [`ReplicationError::InvalidParameter`]
/// for `R = 1` or a constant series; [`ReplicationError::TooShort`] for fewer than two blocks;
/// [`ReplicationError::InvalidRuntime`].
///
/// # Accuracy
/// The statistic of the series given to 1e-12 relative (two-pass sums; measured worst 1.2e-16 on series
/// offset by 1e9, `tests/replication/replication_fits_reference.rs`); as an estimate of γ it carries the sampling error
/// of two standard deviations.
///
/// # Examples
/// A constant-within-blocks series is fully dependent: γ = 1, up to the small-sample factor
/// `√(7/6)` of the `n − 1` denominators (8 values against 4 sums).
/// ```
/// use loadbal::replication::estimate_gamma;
/// let y = [1.0, 1.0, 3.0, 3.0, 2.0, 2.0, 5.0, 5.0];
/// let want = 1.0 + 0.5 * (7.0f64 / 6.0).log2();
/// assert!((estimate_gamma(&y, 2).unwrap() - want).abs() < 1e-12);
/// ```
pub fn estimate_gamma(series: &[f64], replicas: u64) -> Result<f64, ReplicationError> {
    let r = super::log2_exact(replicas)
        .map_err(|_| ReplicationError::NotPowerOfTwo { what: "replicas (block length)", value: replicas })?;
    if r == 0 || r > 30 {
        return Err(ReplicationError::InvalidParameter {
            name: "replicas (block length)",
            value: replicas as f64,
            expected: "a power of two between 2 and 2^30",
        });
    }
    let block = 1usize << r;
    check_samples(series, 0, "estimating γ", 2 * block)?;
    // γ is scale-free: on the series scaled by a power of two (exact), block sums and squares of
    // values near f64::MAX do not overflow.
    let series = &scaled(series, pow2_downscale(series))[..];
    let sums: Vec<f64> = series.chunks_exact(block).map(|c| c.iter().sum()).collect();
    let (_, s1) = mean_sd(series);
    let (_, sr) = mean_sd(&sums);
    if s1 <= 0.0 || sr <= 0.0 {
        return Err(ReplicationError::InvalidParameter {
            name: "standard deviation",
            value: s1.min(sr),
            expected: "a series that varies",
        });
    }
    Ok((sr / s1).log2() / f64::from(r))
}

/// Monte Carlo first-level constants, from [`FirstLevelEstimate::monte_carlo`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FirstLevelEstimate {
    /// α as a mean with its standard error.
    pub alpha: Estimate,
    /// The plug-in constants (`constants.alpha` is `alpha.mean`).
    pub constants: FirstLevelConstants,
}

impl std::fmt::Display for FirstLevelEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (α = {})", self.constants, self.alpha)
    }
}

impl FirstLevelEstimate {
    /// Monte Carlo estimate of the first-level constants of a distribution (Dobber, §5.3.2): `α` as a mean with its
    /// standard error, the β's from second moments.
    ///
    /// # Formula
    /// ```text
    /// α = E[(max − μ)/σ],  β_max² = E[((max − μ)/σ)²] − α²,  β_min² = E[((min − μ)/σ)²] − (E[(min − μ)/σ])²
    /// ```
    ///
    /// # Errors
    /// [`ReplicationError::InvalidParameter`] for a law without a finite positive standard
    /// deviation; Monte Carlo errors.
    ///
    /// # Accuracy
    /// Statistical: α is a mean with its standard error (agreement with the exact constants within 4 standard
    /// errors is tested); the β's are plug-in estimates with error `O(1/√n)`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::law::Law;
    /// use loadbal::replication::FirstLevelEstimate;
    /// let mc = MonteCarlo::new(5, 20_000).unwrap();
    /// let e = FirstLevelEstimate::monte_carlo(&Law::exponential(0.5).unwrap(), &mc).unwrap();
    /// assert!(e.alpha.agrees_with(0.5, 4.0));
    /// assert!((e.constants.beta_max - 1.118034).abs() < 0.05);
    /// ```
    pub fn monte_carlo(dist: &Law, mc: &MonteCarlo) -> Result<FirstLevelEstimate, ReplicationError> {
        let (x, mu, sd) = (dist, dist.mean(), dist.sd());
        if !(sd.is_finite() && sd > 0.0) {
            return Err(ReplicationError::InvalidParameter {
                name: "sd",
                value: sd,
                expected: "a finite positive standard deviation of the job-time law",
            });
        }
        let e = mc.estimate_vec(4, |_, rng, out| {
            let (a, b) = ((x.sample(rng) - mu) / sd, (x.sample(rng) - mu) / sd);
            let (hi, lo) = (a.max(b), a.min(b));
            out.copy_from_slice(&[hi, hi * hi, lo, lo * lo]);
        })?;
        let alpha = e[0];
        let k = FirstLevelConstants {
            alpha: alpha.mean,
            beta_max: (e[1].mean - e[0].mean.powi(2)).max(0.0).sqrt(),
            beta_min: (e[3].mean - e[2].mean.powi(2)).max(0.0).sqrt(),
        };
        Ok(FirstLevelEstimate { alpha, constants: k })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replication::{BetaMax, BetaMin, JrParams, evaluator};

    #[test]
    fn first_level_constants_are_exact() {
        let mc = MonteCarlo::new(12, 200_000).unwrap();
        for (dist, k) in [
            (Law::exponential(1.0 / 3.0).unwrap(), FirstLevelConstants::exponential()),
            (Law::normal(1.0, 0.2).unwrap(), FirstLevelConstants::normal()),
        ] {
            let FirstLevelEstimate { alpha, constants: est } = FirstLevelEstimate::monte_carlo(&dist, &mc).unwrap();
            assert!(alpha.agrees_with(k.alpha, 4.0));
            assert!((est.beta_max - k.beta_max).abs() < 0.01, "{est:?} vs {k:?}");
            assert!((est.beta_min - k.beta_min).abs() < 0.01, "{est:?} vs {k:?}");
        }
        // The normal constants are the order statistics of two standard normals.
        let k = FirstLevelConstants::normal();
        assert!((k.alpha - crate::order_stats::expected_max_std_normal(2).unwrap()).abs() < 1e-9);
        assert!((k.beta_max - crate::order_stats::order_stat_moments_std_normal(2, 2).unwrap().sd).abs() < 1e-9);
        // With the exponential constants and γ = 1 the model is exact at the first level.
        let k = FirstLevelConstants::exponential();
        let m = JrParams::new(k.alpha, BetaMax::Constant(k.beta_max), BetaMin::Constant(k.beta_min), 1.0).unwrap();
        assert!((evaluator::speedup(1.0, 2, 2, &m).unwrap() - 1.5).abs() < 1e-15);
    }

    #[test]
    fn estimators_recover_known_constants() {
        let x = Law::exponential(1.0).unwrap();
        let mut rng = crate::montecarlo::stream(5, 0);
        let a: Vec<f64> = (0..100_000).map(|_| x.sample(&mut rng)).collect();
        let b: Vec<f64> = (0..100_000).map(|_| x.sample(&mut rng)).collect();
        let k = FirstLevelConstants::estimate(&a, &b).unwrap();
        assert!((k.alpha - 0.5).abs() < 0.02 && (k.beta_max - 1.118).abs() < 0.03 && (k.beta_min - 0.5).abs() < 0.02);
        // i.i.d. series: γ = ½.
        assert!((estimate_gamma(&a, 8).unwrap() - 0.5).abs() < 0.03);
        assert!(FirstLevelConstants::estimate(&a, &b[..10]).is_err());
        assert!(estimate_gamma(&a[..3], 2).is_err());
        assert!(estimate_gamma(&a, 3).is_err());
        assert!(FirstLevelConstants::estimate(&[1.0, f64::NAN], &[1.0, 2.0]).is_err());
    }
}
