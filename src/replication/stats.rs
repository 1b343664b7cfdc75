//! Statistics of job-runtime traces (Dobber, ch. 3): the 17 statistics of Tables 3.1/3.2,
//! the autocorrelation function Dobber, eq. (3.1)/(3.2) and the Hurst estimate of §3.6.

use super::ReplicationError;
use crate::numerics::sums::{mean, pow2_downscale, scaled, sd};

fn check_series(y: &[f64], needed: usize, what: &'static str) -> Result<(), ReplicationError> {
    if y.len() < needed {
        return Err(ReplicationError::TooShort { what, needed, got: y.len() });
    }
    if let Some((row, &value)) = y.iter().enumerate().find(|(_, v)| !v.is_finite()) {
        return Err(ReplicationError::InvalidRuntime { row, column: 0, value });
    }
    Ok(())
}

/// Population standard deviation around `centre` (1/M, as rows 6 and 9 of Table 3.2).
fn pop_sd(v: &[f64], centre: f64) -> f64 {
    (v.iter().map(|x| (x - centre) * (x - centre)).sum::<f64>() / v.len() as f64).sqrt()
}

/// The 17 statistics of Tables 3.1/3.2 (Dobber).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TraceStats {
    /// 1. μ, the average.
    pub mean: f64,
    /// 2. σ, the standard deviation (n − 1).
    pub sd: f64,
    /// 3. c = σ/μ.
    pub cv: f64,
    /// 4. rmse_lv, RMSE of the last-value predictor.
    pub rmse_lv: f64,
    /// 5. σ/rmse_lv.
    pub sd_over_rmse_lv: f64,
    /// 6. σ(μ), sd of the block averages around μ (1/M).
    pub sd_of_means: f64,
    /// 7. c(μ) = √B σ(μ)/μ.
    pub cv_of_means: f64,
    /// 8. √B σ(μ)/σ.
    pub sd_of_means_over_sd: f64,
    /// 9. σ(σ), sd of the block sds (1/M).
    pub sd_of_sds: f64,
    /// 10. σ(σ)/μ.
    pub sd_of_sds_over_mean: f64,
    /// 11. c(σ) = σ(σ)/mean of the block sds.
    pub cv_of_sds: f64,
    /// 12. f_jumps, fraction of steps with |y_t − y_{t−1}| > 2σ.
    pub f_jumps: f64,
    /// 13. σ_jumps.
    pub sd_jumps: f64,
    /// 14. rmse_jumps.
    pub rmse_jumps: f64,
    /// 15. σ_jumps/σ.
    pub sd_jumps_over_sd: f64,
    /// 16. rmse_jumps/rmse_lv.
    pub rmse_jumps_over_rmse_lv: f64,
    /// 17. mse_jumps/σ² = (σ_jumps/σ)².
    pub mse_jumps_over_var: f64,
}

impl std::fmt::Display for TraceStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "mean {:.4}, sd {:.4}, c {:.4}, rmse_lv {:.4}, f_jumps {:.4}",
            self.mean, self.sd, self.cv, self.rmse_lv, self.f_jumps
        )
    }
}

/// The 17 statistics of a series with block size `block` (Dobber, Table 3.2; the thesis uses
/// N = 2000, B = 20). With `N` not a multiple of `B` the last partial block is dropped.
///
/// # Formula
/// ```text
/// μ = Σy/N,  σ = √(Σ(y − μ)²/(N − 1)),  rmse_lv = √(Σ_{t≥2}(y_t − y_{t−1})²/(N − 1))
/// σ(μ) = √((1/M) Σ_k (μ(y_{I_k}) − μ)²),  c(μ) = √B σ(μ)/μ,  S8 = √B σ(μ)/σ
/// σ(σ) = √((1/M) Σ_k (σ(y_{I_k}) − mean_k σ(y_{I_k}))²),  S10 = σ(σ)/μ,  c(σ) = σ(σ)/mean σ(y_{I_k})
/// J_t = 1{|y_t − y_{t−1}| > 2σ}:  f = ΣJ/(N − 1),  σ_jumps = √(ΣJ(y_t − μ)²/(N − 1)),
/// rmse_jumps = √(ΣJ(y_t − y_{t−1})²/(N − 1)),  S15 = σ_jumps/σ,  S16 = rmse_jumps/rmse_lv,  S17 = S15²
/// ```
///
/// # Errors
/// [`ReplicationError::TooShort`] unless there are two blocks of at least two values;
/// [`ReplicationError::InvalidRuntime`] for a non-finite value;
/// [`ReplicationError::InvalidParameter`] for a constant series, `block < 2`, or a statistic
/// that is not finite (a coefficient of variation over a mean of 0; values near `f64::MAX` are
/// handled by scaling the series by a power of two).
///
/// # Accuracy
/// Corrected two-pass sums of the data given: every statistic within 1e-12 relative for `N ≤ 10⁶` values whose mean
/// exceeds their spread by up to 1e6 (measured worst 4.4e-15 at an offset of 1e9, `tests/replication/replication_fits_reference.rs`); as estimates of a
/// process's properties they are statistical.
///
/// # Examples
/// A toy series (N = 40, B = 20):
/// ```
/// use loadbal::replication::trace_stats;
/// let y = [10., 12., 11., 30., 10., 11., 12., 13., 40., 41., 39., 42., 12., 11., 10., 10., 11.,
///          12., 13., 14., 10., 10., 11., 11., 12., 12., 13., 13., 14., 14., 15., 15., 16., 16.,
///          17., 17., 18., 18., 19., 19.];
/// let s = trace_stats(&y, 20).unwrap();
/// assert!((s.mean - 16.35).abs() < 1e-12 && (s.sd_of_means - 1.85).abs() < 1e-12);
/// assert!((s.f_jumps - 4.0 / 39.0).abs() < 1e-12);
/// assert_eq!(s.to_string(), "mean 16.3500, sd 8.9687, c 0.5485, rmse_lv 7.9146, f_jumps 0.1026");
/// ```
pub fn trace_stats(y: &[f64], block: usize) -> Result<TraceStats, ReplicationError> {
    if block < 2 {
        return Err(ReplicationError::InvalidParameter {
            name: "block size B",
            value: block as f64,
            expected: "B ≥ 2",
        });
    }
    check_series(y, block.saturating_mul(2), "the trace statistics")?;
    // Computed on the series scaled by a power of two (exact, so the same bits), so that squares
    // of values near f64::MAX do not overflow; the statistics in the series' unit are scaled back.
    let k = pow2_downscale(y);
    let s = scaled_trace_stats(&scaled(y, k), block)?;
    let stats = TraceStats {
        mean: s.mean / k,
        sd: s.sd / k,
        rmse_lv: s.rmse_lv / k,
        sd_of_means: s.sd_of_means / k,
        sd_of_sds: s.sd_of_sds / k,
        sd_jumps: s.sd_jumps / k,
        rmse_jumps: s.rmse_jumps / k,
        ..s
    };
    let fields = [
        ("mean", stats.mean),
        ("sd", stats.sd),
        ("cv", stats.cv),
        ("rmse_lv", stats.rmse_lv),
        ("sd_of_means", stats.sd_of_means),
        ("cv_of_means", stats.cv_of_means),
        ("sd_of_sds", stats.sd_of_sds),
        ("sd_of_sds_over_mean", stats.sd_of_sds_over_mean),
        ("cv_of_sds", stats.cv_of_sds),
        ("sd_jumps", stats.sd_jumps),
        ("rmse_jumps", stats.rmse_jumps),
    ];
    if let Some(&(name, value)) = fields.iter().find(|(_, v)| !v.is_finite()) {
        return Err(ReplicationError::InvalidParameter {
            name,
            value,
            expected: "a finite statistic (a mean of 0 leaves the coefficients of variation undefined)",
        });
    }
    Ok(stats)
}

/// [`trace_stats`] of a checked series scaled by [`pow2_downscale`] (magnitudes at most 2^480),
/// `block ≥ 2`.
fn scaled_trace_stats(y: &[f64], block: usize) -> Result<TraceStats, ReplicationError> {
    let n1 = y.len() as f64 - 1.0;
    let (mu, sigma) = (mean(y), sd(y));
    if sigma == 0.0 {
        return Err(ReplicationError::InvalidParameter { name: "σ", value: 0.0, expected: "a series that varies" });
    }
    let rmse_lv = (y.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum::<f64>() / n1).sqrt();
    // Block means as deviations from μ (minus μ's own rounding residual): means near 1e9 rounded
    // to the double grid lost 6e-10 of σ(μ) against a spread of 10.
    let residual = y.iter().map(|v| v - mu).sum::<f64>() / y.len() as f64;
    let mean_devs: Vec<f64> =
        y.chunks_exact(block).map(|c| c.iter().map(|v| v - mu).sum::<f64>() / block as f64 - residual).collect();
    let sds: Vec<f64> = y.chunks_exact(block).map(sd).collect();
    let sqrt_b = (block as f64).sqrt();
    let sd_of_means = pop_sd(&mean_devs, 0.0);
    let mean_sds = mean(&sds);
    let sd_of_sds = pop_sd(&sds, mean_sds);
    let (mut count, mut s_jump, mut r_jump) = (0.0, 0.0, 0.0);
    for w in y.windows(2) {
        if (w[1] - w[0]).abs() > 2.0 * sigma {
            count += 1.0;
            s_jump += (w[1] - mu).powi(2);
            r_jump += (w[1] - w[0]).powi(2);
        }
    }
    let (sd_jumps, rmse_jumps) = ((s_jump / n1).sqrt(), (r_jump / n1).sqrt());
    Ok(TraceStats {
        mean: mu,
        sd: sigma,
        cv: sigma / mu,
        rmse_lv,
        sd_over_rmse_lv: sigma / rmse_lv,
        sd_of_means,
        cv_of_means: sqrt_b * sd_of_means / mu,
        sd_of_means_over_sd: sqrt_b * sd_of_means / sigma,
        sd_of_sds,
        sd_of_sds_over_mean: sd_of_sds / mu,
        cv_of_sds: sd_of_sds / mean_sds,
        f_jumps: count / n1,
        sd_jumps,
        rmse_jumps,
        sd_jumps_over_sd: sd_jumps / sigma,
        rmse_jumps_over_rmse_lv: rmse_jumps / rmse_lv,
        mse_jumps_over_var: (sd_jumps / sigma).powi(2),
    })
}

/// Sample autocovariances `γ(0..=max_lag)` with the 1/N normalisation of Dobber, eq. (3.2).
///
/// # Formula
/// ```text
/// γ(h) = (1/N) Σ_{t=1}^{N−h} (y_{t+h} − μ)(y_t − μ)
/// ```
///
/// # Errors
/// [`ReplicationError::TooShort`] unless `N > max_lag` and `N ≥ 2`; [`ReplicationError::InvalidRuntime`];
/// [`ReplicationError::InvalidParameter`] when an autocovariance is beyond `f64` (a spread
/// beyond about 1e154).
///
/// # Accuracy
/// Corrected two-pass sums: within 1e-12 relative of `γ(0)` (absolute, scaled by `γ(0)`) for `N ≤ 10⁶` (measured worst 6.4e-16 at an offset of 1e9 in
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// let g = loadbal::replication::autocovariance(&[1.0, 2.0, 3.0], 1).unwrap();
/// assert!((g[0] - 2.0 / 3.0).abs() < 1e-15 && g[1].abs() < 1e-15);
/// ```
pub fn autocovariance(y: &[f64], max_lag: usize) -> Result<Vec<f64>, ReplicationError> {
    check_series(y, max_lag.saturating_add(1).max(2), "the autocovariance")?;
    // On the series scaled by a power of two (exact), then scaled back: products of values near
    // f64::MAX would overflow, an autocovariance beyond f64::MAX is an error.
    let k = pow2_downscale(y);
    let g: Vec<f64> = scaled_autocovariance(&scaled(y, k), max_lag).iter().map(|g| g / k / k).collect();
    if let Some(&value) = g.iter().find(|g| !g.is_finite()) {
        return Err(ReplicationError::InvalidParameter {
            name: "autocovariance",
            value,
            expected: "a value within f64 (the series' spread squared overflows it)",
        });
    }
    Ok(g)
}

/// [`autocovariance`] of a checked series scaled by [`pow2_downscale`] (magnitudes at most
/// 2^480).
fn scaled_autocovariance(y: &[f64], max_lag: usize) -> Vec<f64> {
    let mu = mean(y);
    let n = y.len() as f64;
    // Deviations from μ corrected by μ's own rounding residual (values near 1e9 otherwise lose
    // 1e-12 of γ(0)).
    let residual = y.iter().map(|v| v - mu).sum::<f64>() / n;
    let d: Vec<f64> = y.iter().map(|v| (v - mu) - residual).collect();
    (0..=max_lag).map(|h| d[h..].iter().zip(&d).map(|(a, b)| a * b).sum::<f64>() / n).collect()
}

/// The autocorrelation function `ρ(0..=max_lag)` (Dobber, eq. (3.1)/(3.2)).
///
/// # Formula
/// ```text
/// ρ(h) = γ(h)/γ(0)
/// ```
///
/// # Errors
/// As [`autocovariance`] (but scale-free: any finite series has an ACF);
/// [`ReplicationError::InvalidParameter`] for a constant series.
///
/// # Accuracy
/// As [`autocovariance`]: each `ρ(h)` within 1e-12 absolute.
///
/// # Examples
/// ```
/// let y = [10., 12., 11., 30., 10., 11., 12., 13., 40., 41., 39., 42., 12., 11., 10., 10., 11.,
///          12., 13., 14., 10., 10., 11., 11., 12., 12., 13., 13., 14., 14., 15., 15., 16., 16.,
///          17., 17., 18., 18., 19., 19.];
/// let r = loadbal::replication::acf(&y, 3).unwrap();
/// assert!((r[1] - 0.603081668).abs() < 1e-9 && (r[3] - 0.053005164).abs() < 1e-9);
/// ```
pub fn acf(y: &[f64], max_lag: usize) -> Result<Vec<f64>, ReplicationError> {
    check_series(y, max_lag.saturating_add(1).max(2), "the autocovariance")?;
    // Scale-free: the autocovariance of the series scaled by a power of two never overflows.
    let g = scaled_autocovariance(&scaled(y, pow2_downscale(y)), max_lag);
    if g[0] == 0.0 {
        return Err(ReplicationError::InvalidParameter { name: "γ(0)", value: 0.0, expected: "a series that varies" });
    }
    Ok(g.iter().map(|v| v / g[0]).collect())
}

/// Hurst estimate from the decay of the ACF (Dobber, §3.6, (3.3)): the least-squares slope
/// `−a` of `ln ρ(h)` on `ln h` over the lags `1..=max_lag` with `ρ(h) > 0`, and `H = 1 − a/2`.
///
/// # Formula
/// ```text
/// ρ(h) ~ C h^{−a},  a = −slope(ln ρ(h) ~ ln h),  H = 1 − a/2
/// ```
///
/// # Errors
/// As [`acf`]; [`ReplicationError::TooShort`] with fewer than two positive lags.
///
/// # Accuracy
/// As [`acf`] and [`LineFit::least_squares`](super::LineFit::least_squares) (the logarithms add a few ulps); statistical as an estimate of H.
///
/// # Examples
/// A square wave of period 100 (level switches every 50 points) has a slowly decaying ACF:
/// H ≈ 0.91 over lags 1..10.
/// ```
/// let y: Vec<f64> = (0..400).map(|t| ((t / 50) % 2) as f64).collect();
/// let h = loadbal::replication::hurst_from_acf(&y, 10).unwrap();
/// assert!((h - 0.9078).abs() < 1e-3);
/// ```
pub fn hurst_from_acf(y: &[f64], max_lag: usize) -> Result<f64, ReplicationError> {
    let r = acf(y, max_lag)?;
    let (x, l): (Vec<f64>, Vec<f64>) =
        (1..=max_lag).filter(|&h| r[h] > 0.0).map(|h| ((h as f64).ln(), r[h].ln())).unzip();
    if x.len() < 2 {
        return Err(ReplicationError::TooShort {
            what: "the Hurst estimate (positive ACF lags)",
            needed: 2,
            got: x.len(),
        });
    }
    let line = super::fits::LineFit::least_squares(&x, &l)?.line;
    Ok(1.0 + line.slope / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOY: [f64; 40] = [
        10., 12., 11., 30., 10., 11., 12., 13., 40., 41., 39., 42., 12., 11., 10., 10., 11., 12., 13., 14., 10., 10.,
        11., 11., 12., 12., 13., 13., 14., 14., 15., 15., 16., 16., 17., 17., 18., 18., 19., 19.,
    ];

    #[test]
    fn toy_series_g17() {
        let s = trace_stats(&TOY, 20).unwrap();
        let want = [
            (s.sd, 8.968749162),
            (s.cv, 0.548547349),
            (s.rmse_lv, 7.914608369),
            (s.sd_over_rmse_lv, 1.133189255),
            (s.cv_of_means, 0.506021499),
            (s.sd_of_means_over_sd, 0.922475517),
            (s.sd_of_sds, 4.634354235),
            (s.sd_of_sds_over_mean, 0.283446742),
            (s.cv_of_sds, 0.611291355),
            (s.sd_jumps, 4.542929135),
            (s.rmse_jumps, 7.828285335),
            (s.sd_jumps_over_sd, 0.506528731),
            (s.rmse_jumps_over_rmse_lv, 0.989093202),
            (s.mse_jumps_over_var, 0.256571356),
        ];
        for (got, w) in want {
            assert!((got - w).abs() < 1e-8, "{got} vs {w}");
        }
        assert!((acf(&TOY, 2).unwrap()[2] - 0.348237225).abs() < 1e-9);
    }

    #[test]
    fn iid_normal_references() {
        use rand_distr::{Distribution, StandardNormal};
        let mut rng = crate::montecarlo::stream(9, 0);
        let y: Vec<f64> = (0..200_000).map(|_| 10.0 + Distribution::<f64>::sample(&StandardNormal, &mut rng)).collect();
        let s = trace_stats(&y, 20).unwrap();
        assert!((s.sd_over_rmse_lv - std::f64::consts::FRAC_1_SQRT_2).abs() < 0.005);
        assert!((s.f_jumps - 0.157299).abs() < 0.005);
        assert!((s.sd_jumps_over_sd - 0.604031).abs() < 0.01);
        assert!((s.sd_of_means_over_sd - 1.0).abs() < 0.03);
    }

    #[test]
    fn bad_series() {
        assert!(trace_stats(&[1.0; 10], 20).is_err());
        assert!(trace_stats(&[1.0; 40], 20).is_err());
        assert!(trace_stats(&TOY, 1).is_err());
        let mut bad = TOY;
        bad[3] = f64::NAN;
        assert!(trace_stats(&bad, 20).is_err());
        assert!(acf(&[1.0, 2.0], 5).is_err());
    }
}
