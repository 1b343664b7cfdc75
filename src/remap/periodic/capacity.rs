//! Exact expected extremes: P_I for normal increments and heterogeneous capacities (Fong et al., §5).

use super::interval::Interval;
use crate::order_stats::expected_max_independent_normals;
use crate::remap::RemapError;
use crate::remap::error::check;

/// Heterogeneous capacities (Fong et al., §5): processor `i` has capacity `c_i`; loads are
/// normalised by capacity once (`w_i/c_i`, the paper divides twice, a typo), every normalised
/// initial load is `w0`, and the increments of processor `i` are normal with mean `μ_i` and
/// variance `σ_i²` (exact for normal increments, a central-limit approximation otherwise).
///
/// Displayed as:
/// ```
/// use loadbal::remap::periodic::CapacityModel;
/// let m = CapacityModel::new(1.0, &[0.0, 0.0], &[0.5, 0.5], &[1.0, 1.0]).unwrap();
/// assert_eq!(m.to_string(), "2 processors of heterogeneous capacity, normalised w = 1, mean normalised increment 0");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawCapacityModel"))]
pub struct CapacityModel {
    w0: f64,
    mean: Vec<f64>,
    sd: Vec<f64>,
}

/// The serialised form of [`CapacityModel`] (normalised means and deviations), checked on the
/// way in as [`CapacityModel::new`] checks its inputs: `w0 > 0`, at least two processors, one
/// deviation per mean, finite means, positive finite deviations.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawCapacityModel {
    w0: f64,
    mean: Vec<f64>,
    sd: Vec<f64>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawCapacityModel> for CapacityModel {
    type Error = RemapError;

    fn try_from(raw: RawCapacityModel) -> Result<Self, RemapError> {
        let RawCapacityModel { w0, mean, sd } = raw;
        CapacityModel::from_normalised(w0, mean, sd)
    }
}

/// Largest number of phases [`CapacityModel::interval`] scans (each phase is one expected
/// maximum of `N` normals).
pub(crate) const MAX_SCAN_PHASES: u64 = 1_000_000;

impl std::fmt::Display for CapacityModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} processors of heterogeneous capacity, normalised w = {}, mean normalised increment {}",
            self.mean.len(),
            self.w0,
            self.average_mean()
        )
    }
}

impl CapacityModel {
    /// Validates and builds the model: normalised initial load `w0`, and per processor the mean
    /// `mean[i]` and standard deviation `sds[i] > 0` of its increments and its capacity.
    ///
    /// # Errors
    /// [`RemapError::LengthMismatch`] for vectors of different lengths or fewer than two
    /// processors; [`RemapError::InvalidParameter`] for `w0 ≤ 0`, a non-positive capacity or
    /// standard deviation, or a non-finite value.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::CapacityModel;
    /// let a = CapacityModel::new(100.0, &[1.0, 1.0], &[2.0, 2.0], &[1.0, 2.0]).unwrap();
    /// let b = CapacityModel::with_variance(100.0, &[1.0, 1.0], &[4.0, 4.0], &[1.0, 2.0]).unwrap();
    /// assert_eq!(a, b);
    /// ```
    pub fn new(w0: f64, mean: &[f64], sds: &[f64], capacity: &[f64]) -> Result<Self, RemapError> {
        for &s in sds {
            check("sds", s, s > 0.0, "standard deviations must be positive and finite")?;
        }
        let variance: Vec<f64> = sds.iter().map(|s| s * s).collect();
        Self::with_variance(w0, mean, &variance, capacity)
    }

    /// As [`CapacityModel::new`] with the increment variances `σ_i² > 0`.
    ///
    /// # Errors
    /// As [`CapacityModel::new`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::CapacityModel;
    /// use loadbal::remap::RemapError;
    /// let m = CapacityModel::with_variance(100.0, &[1.0, 1.0], &[4.0, 4.0], &[1.0, 2.0]).unwrap();
    /// assert_eq!(m, CapacityModel::new(100.0, &[1.0, 1.0], &[2.0, 2.0], &[1.0, 2.0]).unwrap());
    /// let zero = CapacityModel::with_variance(100.0, &[1.0, 1.0], &[4.0, 0.0], &[1.0, 2.0]);
    /// assert!(matches!(zero, Err(RemapError::InvalidParameter { .. }))); // σ_i² must be > 0
    /// ```
    pub fn with_variance(w0: f64, mean: &[f64], variance: &[f64], capacity: &[f64]) -> Result<Self, RemapError> {
        check("w0", w0, w0 > 0.0, "the normalised initial load must be positive and finite")?;
        if mean.len() < 2 {
            return Err(RemapError::LengthMismatch {
                what: "mean (at least two processors)",
                expected: 2,
                got: mean.len(),
            });
        }
        for (what, v) in [("variance", variance), ("capacity", capacity)] {
            if v.len() != mean.len() {
                return Err(RemapError::LengthMismatch { what, expected: mean.len(), got: v.len() });
            }
        }
        let mut norm_mean = Vec::with_capacity(mean.len());
        let mut norm_sd = Vec::with_capacity(mean.len());
        for ((&m, &s2), &c) in mean.iter().zip(variance).zip(capacity) {
            check("mean", m, true, "mean increments must be finite")?;
            check("variance", s2, s2 > 0.0, "variances must be positive and finite")?;
            check("capacity", c, c > 0.0, "capacities must be positive and finite")?;
            norm_mean.push(m / c);
            norm_sd.push(s2.sqrt() / c);
        }
        Self::from_normalised(w0, norm_mean, norm_sd)
    }

    /// The model of normalised means `μ_i/c_i` and deviations `σ_i/c_i` (the stored form, also
    /// the serialised one), checked: `w0 > 0`, at least two processors, one deviation per mean,
    /// finite means, positive finite deviations. The constructors end here, so a quotient by a
    /// tiny or huge capacity that overflows or underflows is refused rather than stored.
    fn from_normalised(w0: f64, mean: Vec<f64>, sd: Vec<f64>) -> Result<Self, RemapError> {
        check("w0", w0, w0 > 0.0, "the normalised initial load must be positive and finite")?;
        if mean.len() < 2 {
            return Err(RemapError::LengthMismatch {
                what: "mean (at least two processors)",
                expected: 2,
                got: mean.len(),
            });
        }
        if sd.len() != mean.len() {
            return Err(RemapError::LengthMismatch { what: "sd", expected: mean.len(), got: sd.len() });
        }
        for (&m, &s) in mean.iter().zip(&sd) {
            check("mean", m, true, "normalised mean increments μ_i/c_i must be finite")?;
            check("sd", s, s > 0.0, "normalised standard deviations σ_i/c_i must be positive and finite")?;
        }
        Ok(Self { w0, mean, sd })
    }

    /// `μ̄ = (1/N) Σ_i μ_i / c_i`, the mean normalised increment.
    ///
    /// # Accuracy
    /// A mean of N stored values: N·u relative (u = 2⁻⁵³) on same-signed values.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::CapacityModel;
    /// // Increments of mean 1 on capacities 1 and 2: μ̄ = (1/1 + 1/2)/2 = 0.75.
    /// let m = CapacityModel::new(100.0, &[1.0, 1.0], &[2.0, 2.0], &[1.0, 2.0]).unwrap();
    /// assert_eq!(m.average_mean(), 0.75);
    /// ```
    pub fn average_mean(&self) -> f64 {
        self.mean.iter().sum::<f64>() / self.mean.len() as f64
    }

    /// `h(t) = E[max_i ŵ_i(t)]`, `ŵ_i(t) = Σ_{j ≤ t} z_i(j)/c_i` (Fong et al., eqs. (16)–(18), integrated
    /// over the whole line: the printed lower limit 0 is wrong for changes that can be negative).
    ///
    /// # Formula
    /// F_Y(y) = Π_i Φ((y − tμ_i/c_i) / (√t σ_i/c_i)),  h(t) = ∫ y dF_Y(y)
    ///
    /// # Accuracy
    /// As [`expected_max_independent_normals`],
    /// whose documented accuracy this inherits.
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] when `t` is not positive; order-statistics errors.
    ///
    /// # Examples
    /// Two identical processors: `h(t) = tμ + √t σ/√π`.
    /// ```
    /// use loadbal::remap::periodic::CapacityModel;
    /// let m = CapacityModel::with_variance(100.0, &[1.0, 1.0], &[1.0, 1.0], &[1.0, 1.0]).unwrap();
    /// let h = m.h(4.0).unwrap();
    /// assert!((h - (4.0 + 2.0 / std::f64::consts::PI.sqrt())).abs() < 1e-10);
    /// ```
    pub fn h(&self, t: f64) -> Result<f64, RemapError> {
        check("t", t, t > 0.0, "time must be positive")?;
        let means: Vec<f64> = self.mean.iter().map(|m| m * t).collect();
        let sds: Vec<f64> = self.sd.iter().map(|s| s * t.sqrt()).collect();
        Ok(expected_max_independent_normals(&means, &sds)?)
    }

    /// The left side of Theorem 5.1's inequality (19) (Fong et al.).
    ///
    /// # Formula
    /// |h(t) − t μ̄| / (w + t μ̄)
    ///
    /// # Accuracy
    /// As [`CapacityModel::h`], plus a subtraction `h − tμ̄` that loses accuracy when the
    /// deviation is tiny compared with `tμ̄` (absolute error about 1e-16·|tμ̄|/(w + tμ̄)).
    ///
    /// # Errors
    /// As [`CapacityModel::h`]; [`RemapError::InvalidParameter`] when `w + tμ̄ ≤ 0`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::CapacityModel;
    /// let m = CapacityModel::with_variance(100.0, &[1.0, 1.0], &[1.0, 1.0], &[1.0, 1.0]).unwrap();
    /// let d = m.upper_deviation(17.2864348959).unwrap();
    /// assert!((d - 0.02).abs() < 1e-10);
    /// ```
    pub fn upper_deviation(&self, t: f64) -> Result<f64, RemapError> {
        let load = self.w0 + t * self.average_mean();
        check("t", t, load > 0.0, "the mean normalised load must stay positive")?;
        Ok((self.h(t)? - t * self.average_mean()).abs() / load)
    }

    /// The P_I interval of Theorem 5.1 (inequality 19): the largest `T ≤ t_max` with the
    /// deviation at most `d` for `t = 1..T`, scanning the phases; [`Interval::Unbounded`]
    /// when the bound holds for every phase up to `t_max`.
    ///
    /// # Formula
    /// T* = max{T : |h(t) − tμ̄| / (w + tμ̄) ≤ D for t = 1..T}
    ///
    /// # Accuracy
    /// Exact phase by phase, given [`CapacityModel::upper_deviation`]'s accuracy.
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] for a bad `d` or `t_max = 0`;
    /// [`RemapError::TooLarge`] for `t_max` above 10⁶ phases; as [`CapacityModel::h`].
    ///
    /// # Examples
    /// Two N(1, 1) processors, w = 100, D = 0.02: the bound first fails at t = 18.
    /// ```
    /// use loadbal::remap::periodic::CapacityModel;
    /// let m = CapacityModel::with_variance(100.0, &[1.0, 1.0], &[1.0, 1.0], &[1.0, 1.0]).unwrap();
    /// assert_eq!(m.interval(0.02, 1000).unwrap().steps(), Some(17));
    /// ```
    pub fn interval(&self, d: f64, t_max: u64) -> Result<Interval, RemapError> {
        check("d", d, d > 0.0, "the imbalance bound must be positive and finite")?;
        check("t_max", t_max as f64, t_max > 0, "at least one phase")?;
        if t_max > MAX_SCAN_PHASES {
            return Err(RemapError::TooLarge {
                name: "t_max (phases scanned)",
                value: t_max as f64,
                limit: MAX_SCAN_PHASES as f64,
            });
        }
        for t in 1..=t_max {
            let load = self.w0 + t as f64 * self.average_mean();
            if load <= 0.0 || self.upper_deviation(t as f64)? > d {
                return Ok(Interval::Finite { t_real: (t - 1) as f64, steps: t - 1 });
            }
        }
        Ok(Interval::Unbounded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::remap::periodic::{Bound, Homogeneous};

    #[test]
    fn identical_processors_reduce_to_the_exact_normal_bound() {
        let hom = Homogeneous::with_variance(50.0, 0.5, 2.0, 8).unwrap();
        let cap = CapacityModel::with_variance(50.0, &[0.5; 8], &[2.0; 8], &[1.0; 8]).unwrap();
        for d in [0.05, 0.1, 0.2] {
            let exact = hom.interval(Bound::ExtremeDifferenceNormal { d }).unwrap();
            assert_eq!(cap.interval(d, 10_000).unwrap().steps(), exact.steps(), "D = {d}");
            // The exact maximum is smaller than the Hartley–David bound: a longer interval.
            assert!(exact.t_real() >= hom.interval(Bound::ExtremeDifference { d }).unwrap().t_real());
        }
    }

    #[test]
    fn capacities_rescale_the_processors() {
        // Doubling a processor's capacity and its load changes halves its normalised change.
        let a = CapacityModel::with_variance(100.0, &[1.0, 2.0, 0.5], &[1.0, 4.0, 0.25], &[1.0, 2.0, 0.5]).unwrap();
        let b = CapacityModel::with_variance(100.0, &[1.0, 1.0, 1.0], &[1.0, 1.0, 1.0], &[1.0, 1.0, 1.0]).unwrap();
        for t in [1.0, 10.0, 50.0] {
            assert!((a.h(t).unwrap() - b.h(t).unwrap()).abs() < 1e-10);
        }
        let c = CapacityModel::with_variance(100.0, &[1.0, 1.0], &[1.0, 1.0], &[1.0, 4.0]).unwrap();
        assert!((c.average_mean() - 0.625).abs() < 1e-15);
        assert!(CapacityModel::with_variance(100.0, &[1.0, 1.0], &[1.0, 1.0], &[1.0, 0.0]).is_err());
        assert!(CapacityModel::with_variance(100.0, &[1.0, 1.0], &[1.0], &[1.0, 1.0]).is_err());
        assert!(c.interval(0.0, 10).is_err());
    }

    #[test]
    fn h_agrees_with_simulated_normalised_loads() {
        use crate::montecarlo::MonteCarlo;
        use rand_distr::{Distribution, Normal};
        let (mu, s2, cap) = ([1.0, 0.5, 2.0], [1.0, 4.0, 0.25], [1.0, 2.0, 0.5]);
        let m = CapacityModel::with_variance(100.0, &mu, &s2, &cap).unwrap();
        let laws: Vec<Normal<f64>> = mu.iter().zip(&s2).map(|(&a, &b)| Normal::new(a, f64::sqrt(b)).unwrap()).collect();
        let t = 10;
        let est = MonteCarlo::new(5, 20_000)
            .unwrap()
            .estimate(|_, rng| {
                let sums = laws.iter().zip(&cap).map(|(law, c)| (0..t).map(|_| law.sample(rng)).sum::<f64>() / c);
                sums.fold(f64::NEG_INFINITY, f64::max)
            })
            .unwrap();
        assert!(est.agrees_with(m.h(t as f64).unwrap(), 4.0), "{est:?}");
    }
}
