//! Sample mean with its standard error, and the streaming accumulator behind it.

use super::error::MonteCarloError;

/// A Monte Carlo estimate: the sample mean of `n` independent replications and its standard error
/// `s / √n` (with `s` the sample standard deviation, `n − 1` in the denominator).
///
/// # Examples
///
/// ```
/// use loadbal::montecarlo::Estimate;
/// let e = Estimate::from_samples(&[1.0, 2.0, 3.0, 4.0]).unwrap();
/// assert_eq!(e.mean, 2.5);
/// assert!((e.std_err - (5.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-15);
/// assert!(e.agrees_with(2.6, 3.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Estimate {
    /// Sample mean.
    pub mean: f64,
    /// Standard error of the mean, `s / √n`; zero when `n = 1`.
    pub std_err: f64,
    /// Number of replications.
    pub n: u64,
}

/// `mean ± std_err (n = …)`; the precision of `{:.k}` applies to both numbers.
///
/// ```
/// use loadbal::montecarlo::Estimate;
/// let e = Estimate::from_samples(&[1.0, 2.0, 3.0, 4.0]).unwrap();
/// assert_eq!(format!("{e:.3}"), "2.500 ± 0.645 (n = 4)");
/// ```
impl std::fmt::Display for Estimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match f.precision() {
            Some(k) => write!(f, "{:.k$} ± {:.k$} (n = {})", self.mean, self.std_err, self.n),
            None => write!(f, "{} ± {} (n = {})", self.mean, self.std_err, self.n),
        }
    }
}

impl Estimate {
    /// The estimate of a slice of replication outcomes.
    ///
    /// # Errors
    /// [`MonteCarloError::NoReplications`] for an empty slice,
    /// [`MonteCarloError::NonFiniteSample`] when a sample is NaN or infinite and
    /// [`MonteCarloError::MomentOverflow`] when finite samples spread past `f64` (±1e308).
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::Estimate;
    /// let e = Estimate::from_samples(&[1.0, 2.0, 3.0]).unwrap();
    /// assert_eq!((e.mean, e.n), (2.0, 3));
    /// assert!((e.std_err - (1.0f64 / 3.0).sqrt()).abs() < 1e-15); // s = 1, s/√3
    /// assert!(Estimate::from_samples(&[1.0, f64::NAN]).is_err());
    /// ```
    pub fn from_samples(samples: &[f64]) -> Result<Self, MonteCarloError> {
        let mut acc = Accumulator::new();
        for (index, &x) in samples.iter().enumerate() {
            if !x.is_finite() {
                return Err(MonteCarloError::NonFiniteSample { index: index as u64, value: x });
            }
            acc.push(x);
        }
        acc.estimate()
    }

    /// Sample standard deviation of one replication, `std_err · √n`.
    ///
    /// # Accuracy
    /// `std_err·√n`: one multiplication and a square root, a few ulps relative to the stored standard error.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::Estimate;
    /// // Samples 1, 2, 3: sample standard deviation 1.
    /// assert!((Estimate::from_samples(&[1.0, 2.0, 3.0]).unwrap().sd() - 1.0).abs() < 1e-15);
    /// ```
    pub fn sd(&self) -> f64 {
        self.std_err * (self.n as f64).sqrt()
    }

    /// `(value − mean) / std_err`: how many standard errors separate `value` from the estimate.
    /// Infinite when the standard error is zero and the values differ, zero when they are equal.
    ///
    /// # Accuracy
    /// One subtraction and one division: relative error a few ulps unless `value` and the mean are close,
    /// where the subtraction's absolute error is 1e-16·|mean|/std_err.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::Estimate;
    /// let e = Estimate { mean: 10.0, std_err: 0.2, n: 100 };
    /// assert!((e.z_score(10.5) - 2.5).abs() < 1e-12);
    /// assert_eq!(e.z_score(10.0), 0.0);
    /// ```
    pub fn z_score(&self, value: f64) -> f64 {
        let d = value - self.mean;
        if d == 0.0 { 0.0 } else { d / self.std_err }
    }

    /// Whether `value` lies within `k` standard errors of the mean: `|value − mean| ≤ k·std_err`,
    /// i.e. `|z_score(value)| ≤ k`, also where the product is undefined: with a zero standard
    /// error, a value equal to the mean agrees for every `k ≥ 0` and any value for `k = ∞`. False when `value`, `k`, the mean or the standard error is NaN, and for `k < 0`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::Estimate;
    /// let e = Estimate { mean: 10.0, std_err: 0.2, n: 100 };
    /// assert!(e.agrees_with(10.5, 3.0) && !e.agrees_with(10.7, 3.0));
    /// let exact = Estimate { mean: 1.0, std_err: 0.0, n: 5 };
    /// assert!(exact.agrees_with(1.0, 0.0) && exact.agrees_with(2.0, f64::INFINITY));
    /// assert!(!exact.agrees_with(2.0, 1e300) && !e.agrees_with(10.0, f64::NAN));
    /// ```
    pub fn agrees_with(&self, value: f64, k: f64) -> bool {
        within(value - self.mean, k, self.std_err)
    }

    /// Whether a single draw `value` is plausible for one replication: within `k` standard
    /// deviations of the mean (papers often print one run, not a mean), with the conventions of
    /// [`Estimate::agrees_with`] for a zero deviation, `k = ∞` and NaN.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::montecarlo::Estimate;
    /// // Mean 10, one replication's standard deviation 2 (std_err 0.2 over 100 runs).
    /// let e = Estimate { mean: 10.0, std_err: 0.2, n: 100 };
    /// assert!(e.plausible_draw(15.0, 3.0) && !e.plausible_draw(17.0, 3.0));
    /// assert!(!e.agrees_with(10.7, 3.0));
    /// assert!((e.z_score(10.5) - 2.5).abs() < 1e-12);
    /// ```
    pub fn plausible_draw(&self, value: f64, k: f64) -> bool {
        within(value - self.mean, k, self.sd())
    }
}

/// `|d| ≤ k·scale` for `k ≥ 0` and `scale ≥ 0`, read as `|d|/scale ≤ k` where the product is NaN
/// (`k = ∞` with `scale = 0`): a zero `d` is within any `k ≥ 0`, every `d` within `k = ∞`.
/// False when any argument is NaN or `k < 0`.
fn within(d: f64, k: f64, scale: f64) -> bool {
    let d = d.abs();
    if d.is_nan() || k.is_nan() || scale.is_nan() || k < 0.0 {
        return false;
    }
    d <= k * scale || d == 0.0 || k == f64::INFINITY
}

/// Streaming mean and variance (Welford), mergeable with Chan's formula so that fixed chunks of
/// replications can be reduced in a fixed order whatever the number of threads.
///
/// # Examples
///
/// ```
/// use loadbal::montecarlo::Accumulator;
/// let (mut a, mut b) = (Accumulator::new(), Accumulator::new());
/// [1.0, 2.0].iter().for_each(|&x| a.push(x));
/// [3.0, 4.0].iter().for_each(|&x| b.push(x));
/// a.merge(&b);
/// let e = a.estimate().unwrap();
/// assert_eq!((a.count(), e.mean), (4, 2.5));
/// assert!((e.sd() - (5.0f64 / 3.0).sqrt()).abs() < 1e-15);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Accumulator {
    n: u64,
    mean: f64,
    m2: f64,
}

impl Accumulator {
    /// An empty accumulator.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{Accumulator, MonteCarloError};
    /// let acc = Accumulator::new();
    /// assert_eq!(acc.count(), 0);
    /// assert!(matches!(acc.estimate(), Err(MonteCarloError::NoReplications)));
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one observation.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{Accumulator, Estimate};
    /// let mut acc = Accumulator::new();
    /// for x in [1.0, 2.0, 3.0] {
    ///     acc.push(x);
    /// }
    /// assert_eq!(acc.estimate().unwrap(), Estimate::from_samples(&[1.0, 2.0, 3.0]).unwrap());
    /// ```
    pub fn push(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }

    /// Merges another accumulator (Chan et al.), as if its observations had been pushed here.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::Accumulator;
    /// let (mut a, mut b) = (Accumulator::new(), Accumulator::new());
    /// a.push(1.0);
    /// b.push(2.0);
    /// b.push(3.0);
    /// a.merge(&b);
    /// // The samples 1, 2, 3: mean 2, standard error 1/√3.
    /// let e = a.estimate().unwrap();
    /// assert_eq!((a.count(), e.mean), (3, 2.0));
    /// assert!((e.std_err - (1.0f64 / 3.0).sqrt()).abs() < 1e-15);
    /// ```
    pub fn merge(&mut self, other: &Accumulator) {
        if other.n == 0 {
            return;
        }
        if self.n == 0 {
            *self = *other;
            return;
        }
        let n = self.n + other.n;
        let d = other.mean - self.mean;
        let w = other.n as f64 / n as f64;
        self.mean += d * w;
        self.m2 += other.m2 + d * d * self.n as f64 * w;
        self.n = n;
    }

    /// Number of observations pushed.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::Accumulator;
    /// let mut acc = Accumulator::new();
    /// acc.push(4.0);
    /// assert_eq!(acc.count(), 1);
    /// ```
    pub fn count(&self) -> u64 {
        self.n
    }

    /// Whether the running mean and sum of squares are possible: finite, and the sum of squared
    /// deviations not negative (always, unless deserialized from bad data: a damaged shard file's
    /// negative `m2` would otherwise become a standard error of 0).
    pub(crate) fn is_valid(&self) -> bool {
        self.mean.is_finite() && self.m2.is_finite() && self.m2 >= 0.0
    }

    /// The estimate so far.
    ///
    /// # Errors
    /// [`MonteCarloError::NoReplications`] when nothing was pushed;
    /// [`MonteCarloError::MomentOverflow`] when the running mean or sum of squares is not finite
    /// (a NaN or infinity pushed, or finite samples whose spread overflows `f64`).
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::Accumulator;
    /// let mut acc = Accumulator::new();
    /// acc.push(1.0);
    /// acc.push(3.0);
    /// let e = acc.estimate().unwrap();
    /// // Mean 2, sample standard deviation √2, standard error √2/√2 = 1.
    /// assert_eq!(e.mean, 2.0);
    /// assert!((e.std_err - 1.0).abs() < 1e-15);
    /// ```
    pub fn estimate(&self) -> Result<Estimate, MonteCarloError> {
        if self.n == 0 {
            return Err(MonteCarloError::NoReplications);
        }
        if !self.is_valid() {
            return Err(MonteCarloError::MomentOverflow { n: self.n });
        }
        let var = if self.n > 1 { self.m2 / (self.n - 1) as f64 } else { 0.0 };
        Ok(Estimate { mean: self.mean, std_err: (var.max(0.0) / self.n as f64).sqrt(), n: self.n })
    }
}
