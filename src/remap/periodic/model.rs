//! The load model of Fong et al. and its imbalance curves.

use crate::order_stats::david_bound;
use crate::remap::RemapError;
use crate::remap::error::check;
use std::fmt;

/// Largest processor count of the per-processor models ([`Heterogeneous`]): 10⁸ (two vectors
/// of 800 MB). [`Homogeneous`] itself accepts any `N`.
pub const MAX_PROCESSORS: u64 = 100_000_000;

/// Identical processors: `N` processors, initial load `w`, increments of mean `μ` and standard
/// deviation `σ` (Fong et al., §3 and Corollary 4.1).
///
/// Displayed as:
/// ```
/// use loadbal::remap::periodic::Homogeneous;
/// let m = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
/// assert_eq!(m.to_string(), "64 identical processors, w = 100, increments μ = 0, σ² = 0.5");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawHomogeneous"))]
pub struct Homogeneous {
    n: u64,
    w0: f64,
    mean: f64,
    sigma2: f64,
}

/// The serialised form of [`Homogeneous`], checked by its constructor on the way in (a value read
/// back unchecked could break the invariants its methods index by).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawHomogeneous {
    n: u64,
    w0: f64,
    mean: f64,
    sigma2: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<RawHomogeneous> for Homogeneous {
    type Error = RemapError;

    fn try_from(raw: RawHomogeneous) -> Result<Self, RemapError> {
        let RawHomogeneous { n, w0, mean, sigma2 } = raw;
        Homogeneous::with_variance(w0, mean, sigma2, n)
    }
}

/// Heterogeneous increments: initial load `w` on every processor, increments of processor `i`
/// with mean `μ_i` and standard deviation `σ_i` (Fong et al., §4, Theorem 4.1).
///
/// Displayed as:
/// ```
/// use loadbal::remap::periodic::Heterogeneous;
/// let m = Heterogeneous::with_variance(100.0, vec![0.0, 0.5], vec![0.5, 1.5]).unwrap();
/// assert_eq!(m.to_string(), "2 processors, w = 100, increments mean μ̄ = 0.25, mean σ² = 1");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawHeterogeneous"))]
pub struct Heterogeneous {
    w0: f64,
    mean: Vec<f64>,
    sigma2: Vec<f64>,
}

/// The serialised form of [`Heterogeneous`], checked by its constructor on the way in (a value read
/// back unchecked could break the invariants its methods index by).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawHeterogeneous {
    w0: f64,
    mean: Vec<f64>,
    sigma2: Vec<f64>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawHeterogeneous> for Heterogeneous {
    type Error = RemapError;

    fn try_from(raw: RawHeterogeneous) -> Result<Self, RemapError> {
        let RawHeterogeneous { w0, mean, sigma2 } = raw;
        Heterogeneous::with_variance(w0, mean, sigma2)
    }
}

/// The shape of `v(t)` when it has an interior peak (Fong et al., §4.1, Figure 3).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Peak {
    /// `V_L = lim v(t)` (Lemma 4.1).
    pub v_limit: f64,
    /// `T_1`, where `v` first reaches `V_L`.
    pub t1: f64,
    /// `T_2 = 2 T_1 + w/μ̄`, where `v` peaks.
    pub t2: f64,
    /// `B* = v(T_2)`, the largest deviation.
    pub b_star: f64,
}

fn check_w0(w0: f64) -> Result<f64, RemapError> {
    check("w0", w0, w0 > 0.0, "the initial load must be positive and finite")
}

fn check_t(t: f64) -> Result<f64, RemapError> {
    check("t", t, t >= 0.0, "time must be non-negative and finite")
}

impl fmt::Display for Homogeneous {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} identical processors, w = {}, increments μ = {}, σ² = {}",
            self.n, self.w0, self.mean, self.sigma2
        )
    }
}

impl Homogeneous {
    /// `n ≥ 2` processors with initial load `w0 > 0` and increments of mean `mean` and standard
    /// deviation `sd ≥ 0` (model parameters first, then the size, as everywhere in the crate).
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] when `n < 2`, `w0 ≤ 0`, `sd < 0` or a value is not
    /// finite.
    ///
    /// # Examples
    /// Table 1 of Fong et al.: N = 64, w = 100, μ = 0, σ² = 0.5.
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// let m = Homogeneous::new(100.0, 0.0, 0.5f64.sqrt(), 64).unwrap();
    /// assert!((m.variance() - 0.5).abs() < 1e-15);
    /// assert_eq!(m.n(), 64);
    /// ```
    pub fn new(w0: f64, mean: f64, sd: f64, n: u64) -> Result<Self, RemapError> {
        check("sd", sd, sd >= 0.0, "the standard deviation must be non-negative and finite")?;
        Self::with_variance(w0, mean, sd * sd, n)
    }

    /// As [`Homogeneous::new`] with the increment variance `σ² ≥ 0` instead of `σ`.
    ///
    /// # Errors
    /// As [`Homogeneous::new`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// use loadbal::remap::RemapError;
    /// // Fong et al., Table 1: N = 64, w = 100, μ = 0, σ² = 0.5.
    /// let m = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
    /// assert_eq!((m.variance(), m.sd()), (0.5, 0.5f64.sqrt()));
    /// assert!(matches!(Homogeneous::with_variance(100.0, 0.0, 0.5, 1), Err(RemapError::InvalidParameter { .. })));
    /// ```
    pub fn with_variance(w0: f64, mean: f64, variance: f64, n: u64) -> Result<Self, RemapError> {
        check("n", n as f64, n >= 2, "at least two processors are needed")?;
        check_w0(w0)?;
        check("mean", mean, true, "the mean increment must be finite")?;
        check("variance", variance, variance >= 0.0, "the variance must be non-negative and finite")?;
        Ok(Self { n, w0, mean, sigma2: variance })
    }

    /// Number of processors `N`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// assert_eq!(Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap().n(), 64);
    /// ```
    pub fn n(&self) -> u64 {
        self.n
    }
    /// Initial load `w`.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// assert_eq!(Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap().w0(), 100.0);
    /// ```
    pub fn w0(&self) -> f64 {
        self.w0
    }
    /// Mean increment `μ`.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// assert_eq!(Homogeneous::with_variance(100.0, 2.0, 0.5, 64).unwrap().mean(), 2.0);
    /// ```
    pub fn mean(&self) -> f64 {
        self.mean
    }
    /// Increment variance `σ²`.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// assert_eq!(Homogeneous::new(100.0, 0.0, 2.0, 64).unwrap().variance(), 4.0);
    /// ```
    pub fn variance(&self) -> f64 {
        self.sigma2
    }
    /// Increment standard deviation `σ`.
    ///
    /// # Accuracy
    /// The square root of the stored variance: correctly rounded.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// assert_eq!(Homogeneous::with_variance(100.0, 0.0, 4.0, 64).unwrap().sd(), 2.0);
    /// ```
    pub fn sd(&self) -> f64 {
        self.sigma2.sqrt()
    }

    /// The same model with per-processor vectors, for the general functions.
    ///
    /// # Errors
    /// [`RemapError::TooLarge`] when `N` exceeds [`MAX_PROCESSORS`] (the vectors would not fit
    /// in memory).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// // Identical processors: the heterogeneous deviation v(t) (Fong et al., eq. (3)) reduces to v0(t) (eq. (11)).
    /// let hom = Homogeneous::with_variance(100.0, 2.0, 0.5, 4).unwrap();
    /// let het = hom.to_heterogeneous().unwrap();
    /// assert_eq!((het.n(), het.mean(), het.variance()), (4, &[2.0; 4][..], &[0.5; 4][..]));
    /// assert!((het.v(10.0).unwrap() - hom.v0(10.0).unwrap()).abs() < 1e-15);
    /// ```
    pub fn to_heterogeneous(&self) -> Result<Heterogeneous, RemapError> {
        if self.n > MAX_PROCESSORS {
            return Err(RemapError::TooLarge {
                name: "processors N (per-processor vectors)",
                value: self.n as f64,
                limit: MAX_PROCESSORS as f64,
            });
        }
        let n = self.n as usize;
        Ok(Heterogeneous { w0: self.w0, mean: vec![self.mean; n], sigma2: vec![self.sigma2; n] })
    }

    fn mean_load(&self, t: f64) -> Result<f64, RemapError> {
        let m = self.w0 + t * self.mean;
        check("t", t, m > 0.0 && m.is_finite(), "the mean load w + tμ must stay positive and finite").map(|_| m)
    }

    /// Normalized workload deviation of identical processors (Fong et al., eq. (11)).
    ///
    /// # Formula
    /// v0(t) = √((N−1) σ² t) / (w + t μ)
    ///
    /// # Accuracy
    /// A few roundings: relative error below 1e-15·w/(w + tμ) (the mean load cancels only
    /// when μ < 0 and t approaches w/|μ|).
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] naming `t` when `t < 0` or `w + tμ` is not positive and
    /// finite.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// let m = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
    /// assert!((m.v0(10.0).unwrap() - 0.177482393493).abs() < 1e-11);
    /// ```
    pub fn v0(&self, t: f64) -> Result<f64, RemapError> {
        check_t(t)?;
        let sd = sqrt_product((self.n as f64 - 1.0) * self.sigma2, t);
        check("t", sd / self.mean_load(t)?, true, "v0(t) must be finite")
    }

    /// The order-statistics bound of the normalized extreme difference (Fong et al., eqs. (7)–(8)).
    ///
    /// # Formula
    /// d̂(t) = (N−1) √t σ / (√(2N−1) (w + t μ))
    ///
    /// # Accuracy
    /// A few roundings: relative error below 1e-15·w/(w + tμ) (the mean load cancels only
    /// when μ < 0 and t approaches w/|μ|).
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] naming `t` when `t < 0` or `w + tμ` is not positive and
    /// finite.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// let m = Homogeneous::with_variance(100.0, 2.0, 0.5, 64).unwrap();
    /// assert!((m.d_hat(50.0).unwrap() - 0.139758650233).abs() < 1e-11);
    /// ```
    pub fn d_hat(&self, t: f64) -> Result<f64, RemapError> {
        check_t(t)?;
        let sd = sqrt_product(self.sigma2, t);
        check("t", david_bound(self.n, sd)? / self.mean_load(t)?, true, "d̂(t) must be finite")
    }

    fn need_growth(&self, formula: &'static str) -> Result<(), RemapError> {
        if self.mean > 0.0 {
            Ok(())
        } else {
            Err(RemapError::RegimeNotApplicable { formula, reason: "needs a positive mean increment μ" })
        }
    }

    /// Time of the largest imbalance (Fong et al., §3, Figure 2).
    ///
    /// # Formula
    /// T_0 = w / μ
    ///
    /// # Accuracy
    /// A closed form of a few roundings without cancellation: relative error below 1e-15.
    ///
    /// # Errors
    /// [`RemapError::RegimeNotApplicable`] when `μ ≤ 0` (no interior peak).
    ///
    /// # Examples
    /// The text's example: initial load 100, mean change 2, worst imbalance after 50 steps.
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// assert_eq!(Homogeneous::with_variance(100.0, 2.0, 0.5, 64).unwrap().t0().unwrap(), 50.0);
    /// ```
    pub fn t0(&self) -> Result<f64, RemapError> {
        self.need_growth("T_0 = w/μ (Fong et al., §3)")?;
        Ok(self.w0 / self.mean)
    }

    /// Largest deviation `B* = v0(T_0)` (Fong et al., §4.2).
    ///
    /// # Formula
    /// B* = √((N−1) σ² / (4 w μ))
    ///
    /// # Accuracy
    /// A closed form of a few roundings without cancellation: relative error below 1e-15.
    ///
    /// # Errors
    /// [`RemapError::RegimeNotApplicable`] when `μ ≤ 0`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// let b = Homogeneous::with_variance(100.0, 2.0, 0.5, 64).unwrap().b_star().unwrap();
    /// assert!((b - 0.198431348330).abs() < 1e-11);
    /// ```
    pub fn b_star(&self) -> Result<f64, RemapError> {
        self.need_growth("B* (Fong et al., §4.2)")?;
        Ok(((self.n as f64 - 1.0) * self.sigma2 / (4.0 * self.w0 * self.mean)).sqrt())
    }

    /// Largest bound `D* = d̂(T_0)` (Fong et al., §3).
    ///
    /// # Formula
    /// D* = (N−1) σ / (2 √((2N−1) w μ))
    ///
    /// # Accuracy
    /// A closed form of a few roundings without cancellation: relative error below 1e-15.
    ///
    /// # Errors
    /// [`RemapError::RegimeNotApplicable`] when `μ ≤ 0`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Homogeneous;
    /// let d = Homogeneous::with_variance(100.0, 2.0, 0.5, 64).unwrap().d_star().unwrap();
    /// assert!((d - 0.139758650233).abs() < 1e-11);
    /// ```
    pub fn d_star(&self) -> Result<f64, RemapError> {
        self.need_growth("D* (Fong et al., §3)")?;
        let n = self.n as f64;
        Ok((n - 1.0) * self.sigma2.sqrt() / (2.0 * ((2.0 * n - 1.0) * self.w0 * self.mean).sqrt()))
    }
}

impl fmt::Display for Peak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "V_L = {}, T_1 = {}, T_2 = {}, B* = {}", self.v_limit, self.t1, self.t2, self.b_star)
    }
}

impl fmt::Display for Heterogeneous {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} processors, w = {}, increments mean μ̄ = {}, mean σ² = {}",
            self.mean.len(),
            self.w0,
            self.average_mean(),
            self.mean_variance()
        )
    }
}

impl Heterogeneous {
    /// Initial load `w0 > 0` on every processor; increments of processor `i` with mean `mean[i]`
    /// and standard deviation `sds[i] ≥ 0`.
    ///
    /// # Errors
    /// [`RemapError::LengthMismatch`] when the vectors differ in length or hold fewer than two
    /// processors; [`RemapError::InvalidParameter`] for a non-finite value, `w0 ≤ 0` or a
    /// negative standard deviation.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// let m = Heterogeneous::new(100.0, vec![1.05, 0.95], vec![2.0, 2.0]).unwrap();
    /// assert_eq!(m.mean_variance(), 4.0);
    /// ```
    pub fn new(w0: f64, mean: Vec<f64>, sds: Vec<f64>) -> Result<Self, RemapError> {
        for &s in &sds {
            check("sds", s, s >= 0.0, "standard deviations must be non-negative and finite")?;
        }
        Self::with_variance(w0, mean, sds.iter().map(|s| s * s).collect())
    }

    /// As [`Heterogeneous::new`] with the increment variances `σ_i² ≥ 0`.
    ///
    /// # Errors
    /// As [`Heterogeneous::new`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// use loadbal::remap::RemapError;
    /// let m = Heterogeneous::with_variance(100.0, vec![1.05, 0.95], vec![4.0, 4.0]).unwrap();
    /// assert_eq!(m, Heterogeneous::new(100.0, vec![1.05, 0.95], vec![2.0, 2.0]).unwrap());
    /// let short = Heterogeneous::with_variance(100.0, vec![1.05, 0.95], vec![4.0]);
    /// assert!(matches!(short, Err(RemapError::LengthMismatch { .. })));
    /// ```
    pub fn with_variance(w0: f64, mean: Vec<f64>, variance: Vec<f64>) -> Result<Self, RemapError> {
        let sigma2 = variance;
        check_w0(w0)?;
        if mean.len() < 2 {
            return Err(RemapError::LengthMismatch {
                what: "mean (at least two processors)",
                expected: 2,
                got: mean.len(),
            });
        }
        if sigma2.len() != mean.len() {
            return Err(RemapError::LengthMismatch { what: "variance", expected: mean.len(), got: sigma2.len() });
        }
        for &m in &mean {
            check("mean", m, true, "mean increments must be finite")?;
        }
        for &s in &sigma2 {
            check("variance", s, s >= 0.0, "variances must be non-negative and finite")?;
        }
        Ok(Self { w0, mean, sigma2 })
    }

    /// Number of processors `N`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// assert_eq!(Heterogeneous::with_variance(100.0, vec![1.05, 0.95], vec![4.0, 4.0]).unwrap().n(), 2);
    /// ```
    pub fn n(&self) -> u64 {
        self.mean.len() as u64
    }
    /// Initial load `w`.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// assert_eq!(Heterogeneous::with_variance(100.0, vec![1.05, 0.95], vec![4.0, 4.0]).unwrap().w0(), 100.0);
    /// ```
    pub fn w0(&self) -> f64 {
        self.w0
    }
    /// Mean increments `μ_i`.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// assert_eq!(Heterogeneous::with_variance(100.0, vec![1.05, 0.95], vec![4.0, 4.0]).unwrap().mean(), &[1.05, 0.95]);
    /// ```
    pub fn mean(&self) -> &[f64] {
        &self.mean
    }
    /// Increment variances `σ_i²`.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// // Given standard deviations 2 and 3: variances 4 and 9.
    /// assert_eq!(Heterogeneous::new(100.0, vec![1.0, 1.0], vec![2.0, 3.0]).unwrap().variance(), &[4.0, 9.0]);
    /// ```
    pub fn variance(&self) -> &[f64] {
        &self.sigma2
    }
    /// Average mean increment `μ̄ = Σ μ_i / N`.
    ///
    /// # Accuracy
    /// A mean of N stored values: N·u relative on same-signed values (u = 2⁻⁵³).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// let m = Heterogeneous::with_variance(100.0, vec![1.5, 0.5], vec![4.0, 4.0]).unwrap();
    /// assert_eq!(m.average_mean(), 1.0);
    /// ```
    pub fn average_mean(&self) -> f64 {
        self.mean.iter().sum::<f64>() / self.n() as f64
    }
    /// Average variance `σ̄² = Σ σ_i² / N`.
    ///
    /// # Accuracy
    /// A mean of N non-negative stored values: N·u relative (u = 2⁻⁵³).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// let m = Heterogeneous::with_variance(100.0, vec![1.0, 1.0], vec![2.0, 6.0]).unwrap();
    /// assert_eq!(m.mean_variance(), 4.0);
    /// ```
    pub fn mean_variance(&self) -> f64 {
        self.sigma2.iter().sum::<f64>() / self.n() as f64
    }
    /// `S = Σ μ_i² − N μ̄² = Σ (μ_i − μ̄)²`.
    ///
    /// # Accuracy
    /// A two-pass sum of squares: about (N + 3)u relative (u = 2⁻⁵³).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// // Means 1.5 and 0.5 around μ̄ = 1: S = 0.5² + 0.5² = 0.5, and V_L = √S/μ̄ (Fong et al., Lemma 4.1).
    /// let m = Heterogeneous::with_variance(100.0, vec![1.5, 0.5], vec![4.0, 4.0]).unwrap();
    /// assert_eq!(m.spread(), 0.5);
    /// assert!((m.v_limit().unwrap() - 0.5f64.sqrt()).abs() < 1e-15);
    /// ```
    pub fn spread(&self) -> f64 {
        let m = self.average_mean();
        self.mean.iter().map(|x| (x - m) * (x - m)).sum()
    }
    /// `a = (N−1) σ̄²`, the linear coefficient of `E‖w − w̄‖²`.
    pub(crate) fn a(&self) -> f64 {
        (self.n() as f64 - 1.0) * self.mean_variance()
    }

    /// Normalized workload deviation for heterogeneous increments (Fong et al., eq. (3), §4.1).
    ///
    /// # Formula
    /// v(t) = √((N−1) σ̄² t + [Σ μ_i² − N μ̄²] t²) / (w + t μ̄)
    ///
    /// # Accuracy
    /// A closed form of a few roundings without cancellation: relative error below 1e-15.
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] when `t < 0` or the mean load `w + tμ̄ ≤ 0`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// let mu: Vec<f64> = (0..16).map(|i| if i % 2 == 0 { 1.05 } else { 0.95 }).collect();
    /// let m = Heterogeneous::with_variance(100.0, mu, vec![4.0; 16]).unwrap();
    /// let p = m.peak().unwrap();
    /// assert!((m.v(p.t2).unwrap() - 0.400891862869).abs() < 1e-11);
    /// ```
    pub fn v(&self, t: f64) -> Result<f64, RemapError> {
        check_t(t)?;
        let load = self.w0 + t * self.average_mean();
        check("t", t, load > 0.0, "the mean load w + tμ̄ must stay positive")?;
        Ok((self.a() * t + self.spread() * t * t).sqrt() / load)
    }

    /// Asymptotic deviation (Fong et al., Lemma 4.1), with `|μ̄|` so that a falling load gives a
    /// positive limit (the paper divides by `μ̄`).
    ///
    /// # Formula
    /// V_L = √(Σ μ_i² − N μ̄²) / |μ̄|
    ///
    /// # Accuracy
    /// A closed form of a few roundings without cancellation: relative error below 1e-15.
    ///
    /// # Errors
    /// [`RemapError::RegimeNotApplicable`] when `μ̄ = 0` (`v` then grows without bound, or
    /// like `√t` when all means are equal).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// let m = Heterogeneous::with_variance(100.0, vec![1.05, 0.95, 1.05, 0.95], vec![4.0; 4]).unwrap();
    /// assert!((m.v_limit().unwrap() - 0.1).abs() < 1e-12);
    /// ```
    pub fn v_limit(&self) -> Result<f64, RemapError> {
        let m = self.average_mean();
        if m == 0.0 {
            return Err(RemapError::RegimeNotApplicable {
                formula: "V_L (Fong et al., Lemma 4.1)",
                reason: "needs μ̄ ≠ 0",
            });
        }
        Ok(self.spread().sqrt() / m.abs())
    }

    /// The peak of `v(t)`: `V_L`, `T_1`, `T_2`, `B*` (Fong et al., §4.1, Figure 3).
    ///
    /// # Formula
    /// A = (N−1) σ̄² − 2 w μ̄ V_L²;
    /// T_1 = w² V_L² / A;  T_2 = w (N−1) σ̄² / (μ̄ A) = 2 T_1 + w/μ̄;
    /// B* = (N−1) σ̄² / (2 √(w μ̄ [(N−1) σ̄² − w μ̄ V_L²]))
    ///
    /// # Accuracy
    /// Relative error about `1e-16·(N−1)σ̄²/A`: accurate away from the regime boundary `A = 0`
    /// (where the peak moves to infinity); measured through the Theorem 4.1 closed form (Fong et al., eqs. (9)–(10)) against
    /// 50-digit references (3.6e-15·T_2).
    ///
    /// # Errors
    /// [`RemapError::RegimeNotApplicable`] when `μ̄ ≤ 0` or `A ≤ 0` (then `v` has no interior
    /// peak: it rises monotonically to `V_L`).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Heterogeneous;
    /// let m = Heterogeneous::with_variance(10.0, vec![0.9, 1.0, 1.1, 1.0], vec![1.0; 4]).unwrap();
    /// let p = m.peak().unwrap();
    /// assert!((p.t1 - 0.769230769231).abs() < 1e-11);
    /// assert!((p.t2 - 11.538461538462).abs() < 1e-11);
    /// assert!((p.b_star - 0.283473354757).abs() < 1e-11);
    /// ```
    pub fn peak(&self) -> Result<Peak, RemapError> {
        let formula = "T_1, T_2, B* (Fong et al., §4.1)";
        let mu = self.average_mean();
        if mu <= 0.0 {
            return Err(RemapError::RegimeNotApplicable { formula, reason: "needs μ̄ > 0" });
        }
        let v_limit = self.v_limit()?;
        let (a, w, vl2) = (self.a(), self.w0, v_limit * v_limit);
        let big_a = a - 2.0 * w * mu * vl2;
        if big_a <= 0.0 {
            return Err(RemapError::RegimeNotApplicable {
                formula,
                reason: "needs A = (N−1)σ̄² − 2wμ̄V_L² > 0; otherwise v(t) rises monotonically to V_L",
            });
        }
        let t1 = w * w * vl2 / big_a;
        let t2 = w * a / (mu * big_a);
        let b_star = a / (2.0 * (w * mu * (a - w * mu * vl2)).sqrt());
        Ok(Peak { v_limit, t1, t2, b_star })
    }
}

/// √(a·t) for `a, t ≥ 0`, as √a·√t when the product overflows (t near f64::MAX): the standard
/// deviation of a load that grew for t phases at variance rate a.
fn sqrt_product(a: f64, t: f64) -> f64 {
    if (a * t).is_finite() { (a * t).sqrt() } else { a.sqrt() * t.sqrt() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hom(mu: f64) -> Homogeneous {
        Homogeneous::with_variance(100.0, mu, 0.5, 64).unwrap()
    }

    #[test]
    fn golden_v0_and_d_hat() {
        // Reference G2: (μ, t, v0, d̂).
        let table = [
            (0.0, 1.0, 0.056124860802, 0.039529715724),
            (0.0, 25.0, 0.280624304008, 0.197648578619),
            (0.0, 79.0, 0.498848674449, 0.351347798613),
            (0.0, 100.0, 0.561248608016, 0.395297157237),
            (2.0, 10.0, 0.147901994577, 0.104169947455),
            (2.0, 100.0, 0.187082869339, 0.131765719079),
            (2.0, 200.0, 0.158745078664, 0.111806920186),
        ];
        for (mu, t, v0, dh) in table {
            let m = hom(mu);
            assert!((m.v0(t).unwrap() / v0 - 1.0).abs() < 1e-10, "v0 {mu} {t}");
            assert!((m.d_hat(t).unwrap() / dh - 1.0).abs() < 1e-10, "d_hat {mu} {t}");
            // Fong et al., eq. (12): v0 = √((2N−1)/(N−1)) d̂ for every t.
            assert!((m.v0(t).unwrap() / m.d_hat(t).unwrap() - 1.419814430083).abs() < 1e-11);
            // The general v(t) reduces to v0(t).
            assert!((m.to_heterogeneous().unwrap().v(t).unwrap() - m.v0(t).unwrap()).abs() < 1e-14);
        }
        assert!((hom(2.0).b_star().unwrap() / hom(2.0).d_star().unwrap() - 1.419814430083).abs() < 1e-11);
    }

    #[test]
    fn peak_is_the_maximum_of_v() {
        let mu: Vec<f64> = (0..16).map(|i| if i % 2 == 0 { 1.05 } else { 0.95 }).collect();
        let m = Heterogeneous::with_variance(100.0, mu, vec![4.0; 16]).unwrap();
        let p = m.peak().unwrap();
        assert!((p.v_limit - 0.2).abs() < 1e-12);
        assert!((p.t1 - 7.692307692308).abs() < 1e-11);
        assert!((p.t2 - (2.0 * p.t1 + 100.0)).abs() < 1e-9);
        assert!((m.v(p.t1).unwrap() - p.v_limit).abs() < 1e-12);
        for dt in [-1.0, 1.0] {
            assert!(m.v(p.t2 + dt).unwrap() < p.b_star);
        }
        // v(t) → V_L from above.
        assert!((m.v(1e9).unwrap() - p.v_limit).abs() < 1e-5);
    }

    #[test]
    fn regimes_and_bad_input_are_typed_errors() {
        assert!(matches!(hom(0.0).t0(), Err(RemapError::RegimeNotApplicable { .. })));
        assert!(matches!(hom(-1.0).b_star(), Err(RemapError::RegimeNotApplicable { .. })));
        let mono = Heterogeneous::with_variance(100.0, vec![1.0, 2.0, 3.0, 2.0], vec![1.0; 4]).unwrap();
        assert!(matches!(mono.peak(), Err(RemapError::RegimeNotApplicable { .. })));
        assert!(matches!(
            Homogeneous::with_variance(1.0, 0.0, 1.0, 1),
            Err(RemapError::InvalidParameter { name: "n", .. })
        ));
        assert!(matches!(
            Homogeneous::with_variance(0.0, 0.0, 1.0, 4),
            Err(RemapError::InvalidParameter { name: "w0", .. })
        ));
        assert!(matches!(Homogeneous::with_variance(1.0, f64::NAN, 1.0, 4), Err(RemapError::InvalidParameter { .. })));
        assert!(matches!(Homogeneous::with_variance(1.0, 0.0, -1.0, 4), Err(RemapError::InvalidParameter { .. })));
        assert!(matches!(
            Heterogeneous::with_variance(1.0, vec![1.0, 2.0], vec![1.0]),
            Err(RemapError::LengthMismatch { .. })
        ));
        assert!(matches!(hom(-1.0).v0(200.0), Err(RemapError::InvalidParameter { name: "t", .. })));
        assert!(matches!(hom(0.0).v0(-1.0), Err(RemapError::InvalidParameter { name: "t", .. })));
    }
}
