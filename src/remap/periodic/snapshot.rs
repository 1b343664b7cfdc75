//! Imbalance of one load configuration, and Lemma 2.1 of Fong et al.

use crate::numerics::sums::{pow2_downscale, scaled};
use crate::remap::RemapError;
use crate::remap::error::check;

/// The imbalance measures of one (deterministic) load vector: Fong et al., eqs. (2), (3), (5), (6) of Fong et al.
/// without the expectations.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Snapshot {
    /// `max_i |w_i − w̄| / w̄` (Fong et al., eq. (2)).
    pub d: f64,
    /// `(max_i w_i − w̄) / w̄` (Fong et al., eq. (5)).
    pub d1: f64,
    /// `(w̄ − min_i w_i) / w̄` (Fong et al., eq. (6)).
    pub d2: f64,
    /// `√Σ_i (w_i − w̄)² / w̄` (Fong et al., eq. (3)).
    pub v: f64,
}

impl std::fmt::Display for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "d = {}, d_1 = {}, d_2 = {}, v = {}", self.d, self.d1, self.d2, self.v)
    }
}

impl Snapshot {
    /// The imbalance of the load vector `loads` (Fong et al., eqs. (2), 3, 5, 6 for one configuration,
    /// e.g. the scenarios of Figure 1).
    ///
    /// # Formula
    /// w̄ = Σ w_i / N;  d = max|w_i − w̄| / w̄;  v = √Σ(w_i − w̄)² / w̄
    ///
    /// # Accuracy
    /// Sums of N terms: the mean to about N·1e-16 relative; `d` and `v` are differences from the
    /// mean, with absolute error about 1e-16·N·max|w_i|/w̄ (relative accuracy is lost only when
    /// the loads are equal to rounding).
    ///
    /// # Errors
    /// [`RemapError::LengthMismatch`] for fewer than two loads; [`RemapError::InvalidParameter`]
    /// for a non-finite load or a non-positive average (loads near `f64::MAX` are fine: the
    /// measures, all relative to the mean, are computed on the loads scaled by a power of two).
    ///
    /// # Examples
    /// Figure 1(a) with N = 8, w̄ = 100, D = 10 (loads alternate 90, 110): d = 0.1, v = √8 · 0.1.
    /// ```
    /// use loadbal::remap::periodic::Snapshot;
    /// let s = Snapshot::from_loads(&[90.0, 110.0, 90.0, 110.0, 90.0, 110.0, 90.0, 110.0]).unwrap();
    /// assert!((s.d - 0.1).abs() < 1e-15);
    /// assert!((s.v - 0.282842712475).abs() < 1e-12);
    /// ```
    pub fn from_loads(loads: &[f64]) -> Result<Snapshot, RemapError> {
        if loads.len() < 2 {
            return Err(RemapError::LengthMismatch {
                what: "loads (at least two processors)",
                expected: 2,
                got: loads.len(),
            });
        }
        for &w in loads {
            check("load", w, true, "loads must be finite")?;
        }
        // Every measure is relative to the mean: computed on the loads scaled by a power of two
        // (exact, so the same bits), loads near f64::MAX cannot overflow the sums.
        let loads = &scaled(loads, pow2_downscale(loads))[..];
        let mean = loads.iter().sum::<f64>() / loads.len() as f64;
        check("average load", mean, mean > 0.0, "the average load must be positive")?;
        let max = loads.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let min = loads.iter().copied().fold(f64::INFINITY, f64::min);
        let ss: f64 = loads.iter().map(|w| (w - mean) * (w - mean)).sum();
        Ok(Snapshot {
            d: (max - mean).max(mean - min) / mean,
            d1: (max - mean) / mean,
            d2: (mean - min) / mean,
            v: ss.sqrt() / mean,
        })
    }
}

impl VarianceBounds {
    /// The bounds of Lemma 2.1 (Fong et al., eq. (4)) on `v²` from `d` and `θ²`, for `N` processors.
    ///
    /// # Formula
    /// d² + θ² ≤ v² ≤ N (d² + θ²),  θ² = Var(max_i |w_i − w̄|) / (E w̄)²
    ///
    /// # Accuracy
    /// A closed form of a few roundings without cancellation: relative error below 1e-15.
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] for a negative or non-finite `d` or `theta2`, `n < 2`, or
    /// (naming `d`) an upper bound `n(d² + θ₂)` beyond `f64`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::VarianceBounds;
    /// let b = VarianceBounds::from_max_deviation(0.1, 0.0, 8).unwrap();
    /// assert!((b.lower - 0.01).abs() < 1e-15 && (b.upper - 0.08).abs() < 1e-15);
    /// assert_eq!(b.to_string(), "0.010000000000000002 ≤ v² ≤ 0.08000000000000002");
    /// ```
    pub fn from_max_deviation(d: f64, theta2: f64, n: u64) -> Result<VarianceBounds, RemapError> {
        check("d", d, d >= 0.0, "non-negative and finite")?;
        check("theta2", theta2, theta2 >= 0.0, "non-negative and finite")?;
        check("n", n as f64, n >= 2, "at least two processors")?;
        let low = d * d + theta2;
        let upper = check("d", n as f64 * low, true, "d² + theta2 times n must be finite (d or theta2 too large)")?;
        Ok(VarianceBounds { lower: low, upper })
    }
}

/// Lower and upper bounds on the squared relative spread `v²` (Fong et al., Lemma 2.1).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VarianceBounds {
    /// `d² + θ²`.
    pub lower: f64,
    /// `N (d² + θ²)`.
    pub upper: f64,
}

impl std::fmt::Display for VarianceBounds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ≤ v² ≤ {}", self.lower, self.upper)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::montecarlo::MonteCarlo;
    use crate::remap::periodic::{Increment, LoadCurves, LoadSimOptions};

    #[test]
    fn figure1_and_extreme_scenarios() {
        // Reference G8 (N = 8, w̄ = 100, D = 10, δ = 1).
        let b = Snapshot::from_loads(&[90.0, 110.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0]).unwrap();
        assert!((b.d - 0.1).abs() < 1e-15 && (b.v - 0.141421356237).abs() < 1e-12);
        let mut x = vec![99.0; 8];
        x[0] = 107.0;
        let e = Snapshot::from_loads(&x).unwrap();
        assert!((e.d - 0.07).abs() < 1e-15 && (e.v - 0.074833147735).abs() < 1e-12);
        assert!((e.d1 - 0.07).abs() < 1e-15 && (e.d2 - 0.01).abs() < 1e-15);
        // θ = 0: the lower bound of Lemma 2.1 is nearly tight here (v²/d² = N/(N−1)).
        let VarianceBounds { lower: lo, upper: hi } = VarianceBounds::from_max_deviation(e.d, 0.0, 8).unwrap();
        assert!(lo <= e.v * e.v && e.v * e.v <= hi);
        assert!(Snapshot::from_loads(&[1.0]).is_err());
        assert!(Snapshot::from_loads(&[1.0, f64::NAN]).is_err());
        assert!(Snapshot::from_loads(&[-1.0, 0.0]).is_err());
    }

    #[test]
    fn lemma21_holds_for_the_simulated_process() {
        let mc = MonteCarlo::new(9, 2000).unwrap();
        let c = LoadCurves::simulate(100.0, &[Increment::symmetric_birth_death(); 16], 50, &LoadSimOptions::new(mc))
            .unwrap();
        for t in [5u64, 20, 50] {
            let load = c.mean_load[t as usize - 1].mean;
            let theta2 = c.max_dev[t as usize - 1].sd().powi(2) / (load * load);
            let VarianceBounds { lower: lo, upper: hi } =
                VarianceBounds::from_max_deviation(c.d(t).unwrap(), theta2, 16).unwrap();
            let v2 = c.v(t).unwrap().powi(2);
            assert!(lo <= v2 && v2 <= hi, "t = {t}: {lo} {v2} {hi}");
        }
    }
}
