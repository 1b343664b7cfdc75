//! Monte Carlo simulation of the load process of Fong et al. (eq. (1)) with any increment law.

use crate::montecarlo::{Estimate, McRng, MonteCarlo};
use crate::remap::RemapError;
use crate::remap::error::check;
use rand::Rng;
use rand_distr::{Distribution, Exp1, StandardNormal};

/// Largest number of phases [`LoadCurves::simulate`] records (four estimates per phase).
pub const MAX_PHASES: u64 = 1_000_000;

/// Largest number of increments [`LoadCurves::simulate`] draws, `N·t_max·replications`: 10¹⁰.
pub const MAX_DRAWS: u64 = 10_000_000_000;

/// A law of the per-phase load change `z_i(t)`. Implement it for a user-supplied law; the
/// analytical models only use [`IncrementLaw::mean`] and [`IncrementLaw::variance`].
pub trait IncrementLaw: Sync {
    /// One draw of `z`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::stream;
    /// use loadbal::remap::periodic::{Increment, IncrementLaw};
    /// // A normal law of zero spread always draws its mean.
    /// assert_eq!(Increment::Normal { mean: 3.0, sd: 0.0 }.sample(&mut stream(1, 0)), 3.0);
    /// let z = Increment::symmetric_birth_death().sample(&mut stream(1, 0));
    /// assert!([-1.0, 0.0, 1.0].contains(&z));
    /// ```
    fn sample(&self, rng: &mut McRng) -> f64;

    /// `E z`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::{Increment, IncrementLaw};
    /// assert_eq!(Increment::ThreePoint { p_up: 0.5, p_down: 0.25 }.mean(), 0.25);
    /// assert_eq!(Increment::Uniform { low: 0.0, high: 2.0 }.mean(), 1.0);
    /// ```
    fn mean(&self) -> f64;

    /// `Var z`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::{Increment, IncrementLaw};
    /// // Fong et al., eq. (15): ±1 with 1/4 each, σ² = 0.5; U[0, 12): 12²/12 = 12.
    /// assert_eq!(Increment::symmetric_birth_death().variance(), 0.5);
    /// assert_eq!(Increment::Uniform { low: 0.0, high: 12.0 }.variance(), 12.0);
    /// ```
    fn variance(&self) -> f64;

    /// Checks the law's parameters before a simulation; the default accepts everything.
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] when a parameter is out of its domain.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::{Increment, IncrementLaw};
    /// use loadbal::remap::RemapError;
    /// assert!(Increment::symmetric_birth_death().validate().is_ok());
    /// let over = Increment::ThreePoint { p_up: 0.7, p_down: 0.7 }.validate();
    /// assert!(matches!(over, Err(RemapError::InvalidParameter { .. })));
    /// ```
    fn validate(&self) -> Result<(), RemapError> {
        Ok(())
    }
}

/// The built-in increment laws.
///
/// Displayed as:
/// ```
/// use loadbal::remap::periodic::Increment;
/// assert_eq!(Increment::symmetric_birth_death().to_string(), "+1 w.p. 0.25, −1 w.p. 0.25, 0 otherwise");
/// assert_eq!(Increment::Normal { mean: 0.0, sd: 2.0 }.to_string(), "N(0, 2²)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Increment {
    /// `+1` with probability `p_up`, `−1` with probability `p_down`, `0` otherwise; Fong et al.
    /// Fong et al., eq. (15) is `p_up = p_down = 0.25`.
    ThreePoint {
        /// Probability of `+1`.
        p_up: f64,
        /// Probability of `−1`.
        p_down: f64,
    },
    /// Normal with the given mean and standard deviation.
    Normal {
        /// Mean.
        mean: f64,
        /// Standard deviation (≥ 0).
        sd: f64,
    },
    /// Continuous uniform on `[low, high)`.
    Uniform {
        /// Lower end.
        low: f64,
        /// Upper end (> low).
        high: f64,
    },
    /// `Exp(rate) − shift`: exponential of the given rate, shifted left by `shift`.
    Exponential {
        /// Rate λ > 0.
        rate: f64,
        /// Shift subtracted from each draw.
        shift: f64,
    },
}

impl std::fmt::Display for Increment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Increment::ThreePoint { p_up, p_down } => write!(f, "+1 w.p. {p_up}, −1 w.p. {p_down}, 0 otherwise"),
            Increment::Normal { mean, sd } => write!(f, "N({mean}, {sd}²)"),
            Increment::Uniform { low, high } => write!(f, "U[{low}, {high})"),
            Increment::Exponential { rate, shift } => write!(f, "Exp({rate}) − {shift}"),
        }
    }
}

impl Increment {
    /// The death–birth law of Fong et al., eq. (15): `±1` with probability 1/4 each, `0` with 1/2
    /// (μ = 0, σ² = 0.5).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::{Increment, IncrementLaw};
    /// let z = Increment::symmetric_birth_death();
    /// assert_eq!((z.mean(), z.variance()), (0.0, 0.5));
    /// ```
    pub fn symmetric_birth_death() -> Self {
        Increment::ThreePoint { p_up: 0.25, p_down: 0.25 }
    }
}

impl IncrementLaw for Increment {
    /// Rejects probabilities outside `[0, 1]` or summing above 1, a negative standard
    /// deviation, `high ≤ low`, a non-positive rate or a non-finite value.
    fn validate(&self) -> Result<(), RemapError> {
        match *self {
            Increment::ThreePoint { p_up, p_down } => {
                check("p_up", p_up, (0.0..=1.0).contains(&p_up), "a probability in [0, 1]")?;
                check("p_down", p_down, (0.0..=1.0).contains(&p_down), "a probability in [0, 1]")?;
                check("p_up + p_down", p_up + p_down, p_up + p_down <= 1.0, "probabilities sum to at most 1")?;
            }
            Increment::Normal { mean, sd } => {
                check("mean", mean, true, "finite")?;
                check("sd", sd, sd >= 0.0, "non-negative and finite")?;
            }
            Increment::Uniform { low, high } => {
                check("low", low, true, "finite")?;
                check("high", high, high > low, "finite and above low")?;
            }
            Increment::Exponential { rate, shift } => {
                check("rate", rate, rate > 0.0, "positive and finite")?;
                check("shift", shift, true, "finite")?;
            }
        }
        Ok(())
    }

    fn sample(&self, rng: &mut McRng) -> f64 {
        match *self {
            Increment::ThreePoint { p_up, p_down } => {
                let u: f64 = rng.random();
                if u < p_up {
                    1.0
                } else if u < p_up + p_down {
                    -1.0
                } else {
                    0.0
                }
            }
            Increment::Normal { mean, sd } => {
                let z: f64 = StandardNormal.sample(rng);
                mean + sd * z
            }
            Increment::Uniform { low, high } => low + (high - low) * rng.random::<f64>(),
            Increment::Exponential { rate, shift } => {
                let e: f64 = Exp1.sample(rng);
                e / rate - shift
            }
        }
    }

    fn mean(&self) -> f64 {
        match *self {
            Increment::ThreePoint { p_up, p_down } => p_up - p_down,
            Increment::Normal { mean, .. } => mean,
            Increment::Uniform { low, high } => 0.5 * (low + high),
            Increment::Exponential { rate, shift } => 1.0 / rate - shift,
        }
    }

    fn variance(&self) -> f64 {
        match *self {
            Increment::ThreePoint { p_up, p_down } => p_up + p_down - (p_up - p_down).powi(2),
            Increment::Normal { sd, .. } => sd * sd,
            Increment::Uniform { low, high } => (high - low).powi(2) / 12.0,
            Increment::Exponential { rate, .. } => 1.0 / (rate * rate),
        }
    }
}

/// Simulated imbalance of the load process, per phase `t = 1..=t_max` (index `t − 1`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LoadCurves {
    /// `E Σ_i (w_i(t) − w̄(t))²`.
    pub sum_sq: Vec<Estimate>,
    /// `E w̄(t)`.
    pub mean_load: Vec<Estimate>,
    /// `E max_i |w_i(t) − w̄(t)|` (numerator of Fong et al., eq. (2)).
    pub max_dev: Vec<Estimate>,
    /// `E [max_i w_i(t) − w̄(t)]` (numerator of Fong et al., eq. (5), `d_1`).
    pub max_above: Vec<Estimate>,
    /// Per replication, the last phase `T` with `√Σ(w_i − w̄)² / w̄ ≤ B` for all `t ≤ T`, for
    /// each bound passed to [`LoadCurves::simulate`] (censored at `t_max`).
    pub first_passage: Vec<Estimate>,
}

impl LoadCurves {
    /// Number of simulated phases.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::{Increment, LoadCurves, LoadSimOptions};
    /// let laws = [Increment::Normal { mean: 1.0, sd: 0.0 }, Increment::Normal { mean: -1.0, sd: 0.0 }];
    /// let c = LoadCurves::simulate(100.0, &laws, 10, &LoadSimOptions::new(MonteCarlo::new(1, 4).unwrap())).unwrap();
    /// assert_eq!(c.t_max(), 10);
    /// ```
    pub fn t_max(&self) -> u64 {
        self.sum_sq.len() as u64
    }

    /// The estimate of phase `t`, `1 ≤ t ≤ t_max`.
    fn at(v: &[Estimate], t: u64) -> Result<f64, RemapError> {
        t.checked_sub(1).and_then(|i| v.get(usize::try_from(i).ok()?)).map(|e| e.mean).ok_or(
            RemapError::InvalidParameter {
                name: "phase t",
                value: t as f64,
                reason: "must be one of the simulated phases 1..=t_max",
            },
        )
    }

    /// Simulated `v(t)` (Fong et al., eq. (3)): `√(mean Σ(w_i − w̄)²) / mean w̄`, `1 ≤ t ≤ t_max`.
    ///
    /// # Accuracy
    /// Statistical: a Monte Carlo mean over the replications, reproducible bit for bit for a
    /// given seed.
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] for a phase outside `1..=t_max`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::{Increment, LoadCurves, LoadSimOptions};
    /// // Two processors drifting apart by one unit per phase: w̄ = 100, deviations ±t, v(t) = √2·t/100.
    /// let laws = [Increment::Normal { mean: 1.0, sd: 0.0 }, Increment::Normal { mean: -1.0, sd: 0.0 }];
    /// let c = LoadCurves::simulate(100.0, &laws, 10, &LoadSimOptions::new(MonteCarlo::new(1, 4).unwrap())).unwrap();
    /// assert!((c.v(5).unwrap() - 5.0 * 2f64.sqrt() / 100.0).abs() < 1e-15);
    /// assert!(c.v(11).is_err());
    /// ```
    pub fn v(&self, t: u64) -> Result<f64, RemapError> {
        Ok(Self::at(&self.sum_sq, t)?.sqrt() / Self::at(&self.mean_load, t)?)
    }

    /// Simulated `d(t)` (Fong et al., eq. (2)), `1 ≤ t ≤ t_max`.
    ///
    /// # Accuracy
    /// Statistical: a Monte Carlo mean over the replications, reproducible bit for bit for a
    /// given seed.
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] for a phase outside `1..=t_max`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::{Increment, LoadCurves, LoadSimOptions};
    /// // Two processors drifting apart by one unit per phase: d(t) = max|w_i − w̄|/w̄ = t/100.
    /// let laws = [Increment::Normal { mean: 1.0, sd: 0.0 }, Increment::Normal { mean: -1.0, sd: 0.0 }];
    /// let c = LoadCurves::simulate(100.0, &laws, 10, &LoadSimOptions::new(MonteCarlo::new(1, 4).unwrap())).unwrap();
    /// assert_eq!(c.d(5).unwrap(), 0.05);
    /// ```
    pub fn d(&self, t: u64) -> Result<f64, RemapError> {
        Ok(Self::at(&self.max_dev, t)? / Self::at(&self.mean_load, t)?)
    }

    /// Simulated `d_1(t)` (Fong et al., eq. (5)), `1 ≤ t ≤ t_max`.
    ///
    /// # Accuracy
    /// Statistical: a Monte Carlo mean over the replications, reproducible bit for bit for a
    /// given seed.
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] for a phase outside `1..=t_max`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::{Increment, LoadCurves, LoadSimOptions};
    /// // Two processors drifting apart by one unit per phase: d_1(t) = (max w_i − w̄)/w̄ = t/100.
    /// let laws = [Increment::Normal { mean: 1.0, sd: 0.0 }, Increment::Normal { mean: -1.0, sd: 0.0 }];
    /// let c = LoadCurves::simulate(100.0, &laws, 10, &LoadSimOptions::new(MonteCarlo::new(1, 4).unwrap())).unwrap();
    /// assert_eq!(c.d1(7).unwrap(), 0.07);
    /// ```
    pub fn d1(&self, t: u64) -> Result<f64, RemapError> {
        Ok(Self::at(&self.max_above, t)? / Self::at(&self.mean_load, t)?)
    }

    /// Simulated P_II interval `T*_simu`: the largest `T` with simulated `v(t) ≤ B` for every
    /// `t ≤ T`; `None` when the bound holds up to `t_max`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::{Increment, LoadCurves, LoadSimOptions};
    /// // v(t) = √2·t/100 ≤ 0.05 up to t = 3.5: three phases; the bound 1 holds throughout.
    /// let laws = [Increment::Normal { mean: 1.0, sd: 0.0 }, Increment::Normal { mean: -1.0, sd: 0.0 }];
    /// let c = LoadCurves::simulate(100.0, &laws, 10, &LoadSimOptions::new(MonteCarlo::new(1, 4).unwrap())).unwrap();
    /// assert_eq!((c.interval(0.05), c.interval(1.0)), (Some(3), None));
    /// ```
    pub fn interval(&self, b: f64) -> Option<u64> {
        (1..=self.t_max()).find(|&t| self.v(t).is_ok_and(|v| v > b)).map(|t| t - 1)
    }
}

impl std::fmt::Display for LoadCurves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = self.t_max();
        match (self.v(t), self.d(t), self.d1(t)) {
            (Ok(v), Ok(d), Ok(d1)) => write!(f, "{t} phases: v({t}) = {v}, d({t}) = {d}, d_1({t}) = {d1}"),
            _ => write!(f, "no simulated phases"),
        }
    }
}

/// How [`LoadCurves::simulate`] replicates and what it records besides the curves: the Monte Carlo
/// experiment and the bounds `B` whose first-passage phase is estimated.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LoadSimOptions {
    /// Seed and replications.
    pub monte_carlo: MonteCarlo,
    /// Bounds `B` on `v(t)`; for each, the mean first phase where `v(t) > B` is estimated.
    pub bounds: Vec<f64>,
}

impl LoadSimOptions {
    /// The experiment `monte_carlo`, with no bounds.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::LoadSimOptions;
    /// let o = LoadSimOptions::new(MonteCarlo::new(1, 100).unwrap());
    /// assert!(o.bounds.is_empty());
    /// ```
    pub fn new(monte_carlo: MonteCarlo) -> Self {
        LoadSimOptions { monte_carlo, bounds: Vec::new() }
    }

    /// The same options with the bounds `bounds`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::{Increment, LoadCurves, LoadSimOptions};
    /// // v(t) = √2·t/100 first exceeds 0.05 at t = 4: every run passes phase 3 only.
    /// let laws = [Increment::Normal { mean: 1.0, sd: 0.0 }, Increment::Normal { mean: -1.0, sd: 0.0 }];
    /// let o = LoadSimOptions::new(MonteCarlo::new(1, 4).unwrap()).with_bounds(&[0.05]);
    /// let c = LoadCurves::simulate(100.0, &laws, 10, &o).unwrap();
    /// assert_eq!(c.first_passage[0].mean, 3.0);
    /// ```
    pub fn with_bounds(mut self, bounds: &[f64]) -> Self {
        self.bounds = bounds.to_vec();
        self
    }
}

impl LoadCurves {
    /// Simulates `w_i(t) = w_i(t−1) + z_i(t)` from `w_i(0) = w0` for the processors of `laws`
    /// (one law per processor) over `t_max` phases, replicated by the crate's Monte Carlo harness
    /// (Fong et al., eqs. (1)–(3), 5, and §4.2's simulation). No clamping at zero (the paper's `w ≥ 0` is
    /// never enforced in its analysis either).
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] for `w0 ≤ 0`, `t_max = 0` or a non-positive bound;
    /// [`RemapError::LengthMismatch`] for fewer than two processors; [`RemapError::TooLarge`] for
    /// more than [`MAX_PHASES`] phases or more than [`MAX_DRAWS`] draws in all; the harness's
    /// errors when a law returns a non-finite value.
    ///
    /// # Accuracy
    /// Statistical: every curve value is a mean over replications with its standard error,
    /// reproducible bit for bit for a given seed whatever the thread count; the eq. (15) curves agree
    /// with the closed form `v0(t)` within a few standard errors in this module's tests and in
    /// `tests/papers/papers_fong.rs`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::{Increment, LoadCurves, LoadSimOptions};
    /// let mc = MonteCarlo::new(1, 200).unwrap();
    /// let c = LoadCurves::simulate(100.0, &[Increment::symmetric_birth_death(); 64], 20, &LoadSimOptions::new(mc)).unwrap();
    /// // v0(10) = 0.17748 for N = 64, σ² = 0.5, w = 100.
    /// assert!((c.v(10).unwrap() / 0.177482393493 - 1.0).abs() < 0.03);
    /// ```
    pub fn simulate<L: IncrementLaw>(
        w0: f64,
        laws: &[L],
        t_max: u64,
        options: &LoadSimOptions,
    ) -> Result<LoadCurves, RemapError> {
        check_simulation(w0, laws, t_max, options)?;
        let (t, bounds) = (t_max as usize, &options.bounds[..]);
        let est = options
            .monte_carlo
            .estimate_vec(4 * t + bounds.len(), |_, rng, out| sample_loads(w0, laws, t, bounds, rng, out))?;
        Ok(curves_of(t, &est))
    }
}

/// One replication of [`LoadCurves::simulate`] and the reduction of the replications' means into its
/// [`LoadCurves`]: for a program that runs the replications itself, for example a range of
/// chunks at a time ([`MonteCarlo::run_chunks`]). It owns its laws (plain data, no borrow to keep
/// alive).
///
/// # Examples
/// ```
/// use loadbal::montecarlo::MonteCarlo;
/// use loadbal::remap::periodic::{Increment, LoadCurves, LoadSimOptions, LoadSimulation};
/// let options = LoadSimOptions::new(MonteCarlo::new(1, 100).unwrap()).with_bounds(&[0.1]);
/// let laws = vec![Increment::symmetric_birth_death(); 8];
/// let sim = LoadSimulation::new(100.0, laws.clone(), 20, &options).unwrap();
/// let est = options.monte_carlo.estimate_vec(sim.dim(), |_, rng, out| sim.sample(rng, out)).unwrap();
/// assert_eq!(sim.curves(&est), LoadCurves::simulate(100.0, &laws, 20, &options).unwrap());
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "RawLoadSimulation<L>", bound(deserialize = "L: IncrementLaw + serde::Deserialize<'de>"))
)]
pub struct LoadSimulation<L> {
    w0: f64,
    laws: Vec<L>,
    t_max: usize,
    bounds: Vec<f64>,
}

/// The serialised form of [`LoadSimulation`], checked by [`LoadSimulation::new`] on the way in
/// (the draw limit counted for one replication: the run's replications are not stored). A value
/// read back unchecked, with `t_max` near `usize::MAX` for example, overflowed [`LoadSimulation::dim`].
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawLoadSimulation<L> {
    w0: f64,
    laws: Vec<L>,
    t_max: u64,
    bounds: Vec<f64>,
}

#[cfg(feature = "serde")]
impl<L: IncrementLaw> TryFrom<RawLoadSimulation<L>> for LoadSimulation<L> {
    type Error = RemapError;

    fn try_from(raw: RawLoadSimulation<L>) -> Result<Self, RemapError> {
        let options = LoadSimOptions { monte_carlo: MonteCarlo { seed: 0, replications: 1 }, bounds: raw.bounds };
        LoadSimulation::new(raw.w0, raw.laws, raw.t_max, &options)
    }
}

/// The checks of [`LoadCurves::simulate`] (the draw limit counts `options.monte_carlo.replications`).
fn check_simulation<L: IncrementLaw>(
    w0: f64,
    laws: &[L],
    t_max: u64,
    options: &LoadSimOptions,
) -> Result<(), RemapError> {
    let (bounds, mc) = (&options.bounds[..], &options.monte_carlo);
    check("w0", w0, w0 > 0.0, "the initial load must be positive and finite")?;
    check("t_max", t_max as f64, t_max > 0, "at least one phase")?;
    if t_max > MAX_PHASES {
        return Err(RemapError::TooLarge {
            name: "t_max (simulated phases)",
            value: t_max as f64,
            limit: MAX_PHASES as f64,
        });
    }
    let draws = laws.len() as f64 * t_max as f64 * mc.replications as f64;
    if draws > MAX_DRAWS as f64 {
        return Err(RemapError::TooLarge {
            name: "increments to draw (processors × t_max × replications)",
            value: draws,
            limit: MAX_DRAWS as f64,
        });
    }
    for &b in bounds {
        check("bound", b, b > 0.0, "bounds must be positive and finite")?;
    }
    if laws.len() < 2 {
        return Err(RemapError::LengthMismatch { what: "laws (one per processor)", expected: 2, got: laws.len() });
    }
    for law in laws {
        law.validate()?;
    }
    Ok(())
}

/// Draws one replication of the loads `w0` under `laws` for `t_max` phases into `out` (of length
/// `4 t_max + bounds.len()`; a shorter `out` is left as it is).
fn sample_loads<L: IncrementLaw>(w0: f64, laws: &[L], t_max: usize, bounds: &[f64], rng: &mut McRng, out: &mut [f64]) {
    if out.len() < 4 * t_max + bounds.len() {
        return;
    }
    let n = laws.len() as f64;
    let mut w = vec![w0; laws.len()];
    let mut passed: Vec<Option<usize>> = vec![None; bounds.len()];
    for t in 0..t_max {
        for (wi, law) in w.iter_mut().zip(laws) {
            *wi += law.sample(rng);
        }
        let mean = w.iter().sum::<f64>() / n;
        let (mut ss, mut mx, mut above) = (0.0, 0.0f64, f64::NEG_INFINITY);
        for &wi in &w {
            let d = wi - mean;
            ss += d * d;
            mx = mx.max(d.abs());
            above = above.max(d);
        }
        out[t] = ss;
        out[t_max + t] = mean;
        out[2 * t_max + t] = mx;
        out[3 * t_max + t] = above;
        let v = ss.sqrt() / mean;
        for (p, &b) in passed.iter_mut().zip(bounds) {
            if p.is_none() && (v > b || v.is_nan()) {
                *p = Some(t);
            }
        }
    }
    for (k, p) in passed.iter().enumerate() {
        out[4 * t_max + k] = p.unwrap_or(t_max) as f64;
    }
}

/// The curves of `t_max` phases from the means of the components over the replications (missing
/// components are left out of the curves).
fn curves_of(t_max: usize, est: &[Estimate]) -> LoadCurves {
    let part = |k: usize| est.get(k * t_max..(k + 1) * t_max).map_or_else(Vec::new, <[Estimate]>::to_vec);
    LoadCurves {
        sum_sq: part(0),
        mean_load: part(1),
        max_dev: part(2),
        max_above: part(3),
        first_passage: est.get(4 * t_max..).map_or_else(Vec::new, <[Estimate]>::to_vec),
    }
}

impl<L: IncrementLaw> LoadSimulation<L> {
    /// The simulation of [`LoadCurves::simulate`] (taking the laws by value), after its checks
    /// (the draw limit counts `options.monte_carlo.replications`).
    ///
    /// # Errors
    /// As [`LoadCurves::simulate`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::{Increment, LoadSimOptions, LoadSimulation};
    /// use loadbal::remap::RemapError;
    /// let o = LoadSimOptions::new(MonteCarlo::new(1, 4).unwrap());
    /// assert!(LoadSimulation::new(100.0, vec![Increment::symmetric_birth_death(); 2], 10, &o).is_ok());
    /// let one = LoadSimulation::new(100.0, vec![Increment::symmetric_birth_death()], 10, &o);
    /// assert!(matches!(one, Err(RemapError::LengthMismatch { .. }))); // fewer than two processors
    /// ```
    pub fn new(w0: f64, laws: Vec<L>, t_max: u64, options: &LoadSimOptions) -> Result<Self, RemapError> {
        check_simulation(w0, &laws, t_max, options)?;
        Ok(LoadSimulation { w0, laws, t_max: t_max as usize, bounds: options.bounds.clone() })
    }

    /// The per-processor laws simulated.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::{Increment, LoadSimOptions, LoadSimulation};
    /// let o = LoadSimOptions::new(MonteCarlo::new(1, 4).unwrap());
    /// let sim = LoadSimulation::new(100.0, vec![Increment::symmetric_birth_death(); 3], 10, &o).unwrap();
    /// assert_eq!(sim.laws().len(), 3);
    /// ```
    pub fn laws(&self) -> &[L] {
        &self.laws
    }

    /// Components of one replication's outcome: `Σ(w_i − w̄)²`, `w̄`, `max |w_i − w̄|` and
    /// `max (w_i − w̄)` at every phase, then the first-passage phase of every bound.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::{Increment, LoadSimOptions, LoadSimulation};
    /// // Four curves of 10 phases and one first-passage phase.
    /// let o = LoadSimOptions::new(MonteCarlo::new(1, 4).unwrap()).with_bounds(&[0.1]);
    /// let sim = LoadSimulation::new(100.0, vec![Increment::symmetric_birth_death(); 3], 10, &o).unwrap();
    /// assert_eq!(sim.dim(), 41);
    /// ```
    pub fn dim(&self) -> usize {
        4 * self.t_max + self.bounds.len()
    }

    /// Draws one replication into `out` (of length [`LoadSimulation::dim`]; a shorter `out` is
    /// left as it is).
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{MonteCarlo, stream};
    /// use loadbal::remap::periodic::{Increment, LoadSimOptions, LoadSimulation};
    /// // Drifting apart by one unit per phase: at t = 10, Σ(w_i − w̄)² = 2·10² and w̄ = 100 from t = 1.
    /// let laws = vec![Increment::Normal { mean: 1.0, sd: 0.0 }, Increment::Normal { mean: -1.0, sd: 0.0 }];
    /// let sim = LoadSimulation::new(100.0, laws, 10, &LoadSimOptions::new(MonteCarlo::new(1, 4).unwrap())).unwrap();
    /// let mut out = vec![0.0; sim.dim()];
    /// sim.sample(&mut stream(1, 0), &mut out);
    /// assert_eq!((out[9], out[10]), (200.0, 100.0));
    /// ```
    pub fn sample(&self, rng: &mut McRng, out: &mut [f64]) {
        sample_loads(self.w0, &self.laws, self.t_max, &self.bounds, rng, out);
    }

    /// The curves from the means of the [`LoadSimulation::dim`] components over the
    /// replications (missing components are left out of the curves).
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::periodic::{Increment, LoadSimOptions, LoadSimulation};
    /// let laws = vec![Increment::Normal { mean: 1.0, sd: 0.0 }, Increment::Normal { mean: -1.0, sd: 0.0 }];
    /// let options = LoadSimOptions::new(MonteCarlo::new(1, 4).unwrap());
    /// let sim = LoadSimulation::new(100.0, laws, 10, &options).unwrap();
    /// let est = options.monte_carlo.estimate_vec(sim.dim(), |_, rng, out| sim.sample(rng, out)).unwrap();
    /// assert_eq!(sim.curves(&est).d(10).unwrap(), 0.1);
    /// ```
    pub fn curves(&self, est: &[Estimate]) -> LoadCurves {
        curves_of(self.t_max, est)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::remap::periodic::{Heterogeneous, Homogeneous};

    #[test]
    fn laws_report_their_moments_and_sample_them() {
        let laws = [
            Increment::symmetric_birth_death(),
            Increment::Normal { mean: 0.3, sd: 0.7 },
            Increment::Uniform { low: -1.0, high: 2.0 },
            Increment::Exponential { rate: 2.0, shift: 0.5 },
        ];
        for law in laws {
            law.validate().unwrap();
            let mc = MonteCarlo::new(3, 40_000).unwrap();
            let m = mc.estimate(|_, rng| law.sample(rng)).unwrap();
            let v = mc.estimate(|_, rng| (law.sample(rng) - law.mean()).powi(2)).unwrap();
            assert!(m.agrees_with(law.mean(), 4.0), "{law:?} {m:?}");
            assert!(v.agrees_with(law.variance(), 4.0), "{law:?} {v:?}");
        }
        assert!(Increment::ThreePoint { p_up: 0.7, p_down: 0.4 }.validate().is_err());
        assert!(Increment::Exponential { rate: 0.0, shift: 0.0 }.validate().is_err());
        assert!(Increment::Uniform { low: 1.0, high: 1.0 }.validate().is_err());
    }

    #[test]
    fn simulated_v_agrees_with_closed_form() {
        // Heterogeneous means and variances (reference's check, smaller).
        let mu: Vec<f64> = (0..16).map(|i| if i % 2 == 0 { 1.05 } else { 0.95 }).collect();
        let s2: Vec<f64> = (1..=16).map(|i| i as f64 / 4.0).collect();
        let model = Heterogeneous::with_variance(100.0, mu.clone(), s2.clone()).unwrap();
        let laws: Vec<Increment> =
            mu.iter().zip(&s2).map(|(&m, &s)| Increment::Normal { mean: m, sd: s.sqrt() }).collect();
        let mc = MonteCarlo::new(11, 4000).unwrap();
        let c = LoadCurves::simulate(100.0, &laws, 60, &LoadSimOptions::new(mc)).unwrap();
        for t in [5u64, 20, 60] {
            let exact_ss = model.a() * t as f64 + model.spread() * (t * t) as f64;
            assert!(c.sum_sq[t as usize - 1].agrees_with(exact_ss, 4.0), "t = {t}");
            assert!(c.mean_load[t as usize - 1].agrees_with(100.0 + t as f64, 4.0));
            assert!((c.v(t).unwrap() / model.v(t as f64).unwrap() - 1.0).abs() < 0.02);
        }
    }

    #[test]
    fn table1_simulation_regression() {
        // Reference G11: N = 64, w = 100, Fong et al., eq. (15), R = 400.
        let m = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
        let mc = MonteCarlo::new(2026, 400).unwrap();
        let c = LoadCurves::simulate(
            100.0,
            &[Increment::symmetric_birth_death(); 64],
            100,
            &LoadSimOptions::new(mc).with_bounds(&[0.1, 0.3]),
        )
        .unwrap();
        for t in [10u64, 25, 50, 79] {
            assert!((c.v(t).unwrap() / m.v0(t as f64).unwrap() - 1.0).abs() < 0.02);
            let r = c.d(t).unwrap() / m.d_hat(t as f64).unwrap();
            assert!((0.42..0.50).contains(&r), "d/d̂ = {r}");
            assert!(c.d1(t).unwrap() <= c.d(t).unwrap());
        }
        for (b, free) in [(0.10, 3u64), (0.20, 12), (0.50, 79)] {
            let simu = c.interval(b).unwrap();
            assert!(simu.abs_diff(free) <= 2, "B = {b}: {simu}");
        }
        assert!(c.first_passage[0].mean > 1.0 && c.first_passage[1].mean > 20.0);
    }

    /// A user-supplied law: birth only, one unit with probability `p`.
    struct Birth(f64);

    impl IncrementLaw for Birth {
        fn sample(&self, rng: &mut McRng) -> f64 {
            if rng.random::<f64>() < self.0 { 1.0 } else { 0.0 }
        }
        fn mean(&self) -> f64 {
            self.0
        }
        fn variance(&self) -> f64 {
            self.0 * (1.0 - self.0)
        }
    }

    #[test]
    fn user_supplied_law() {
        let law = Birth(0.3);
        let m = Homogeneous::with_variance(50.0, law.mean(), law.variance(), 32).unwrap();
        let mc = MonteCarlo::new(4, 2000).unwrap();
        let laws: Vec<Birth> = (0..32).map(|_| Birth(0.3)).collect();
        let c = LoadCurves::simulate(50.0, &laws, 200, &LoadSimOptions::new(mc)).unwrap();
        for t in [10u64, 100, 200] {
            assert!((c.v(t).unwrap() / m.v0(t as f64).unwrap() - 1.0).abs() < 0.02, "t = {t}");
        }
        // The peak of v0 is at T_0 = w/μ = 166.7: the simulated curve rises then falls.
        assert!(c.v(160).unwrap() > c.v(20).unwrap() && c.v(160).unwrap() > 0.99 * c.v(200).unwrap());
    }

    #[test]
    fn bad_input() {
        let mc = MonteCarlo::new(1, 10).unwrap();
        let z = [Increment::symmetric_birth_death(); 4];
        assert!(matches!(
            LoadCurves::simulate(0.0, &z, 5, &LoadSimOptions::new(mc)),
            Err(RemapError::InvalidParameter { .. })
        ));
        assert!(matches!(
            LoadCurves::simulate(1.0, &z, 0, &LoadSimOptions::new(mc)),
            Err(RemapError::InvalidParameter { .. })
        ));
        assert!(matches!(
            LoadCurves::simulate(1.0, &z[..1], 5, &LoadSimOptions::new(mc)),
            Err(RemapError::LengthMismatch { .. })
        ));
        assert!(matches!(
            LoadCurves::simulate(1.0, &z, 5, &LoadSimOptions::new(mc).with_bounds(&[-0.1])),
            Err(RemapError::InvalidParameter { .. })
        ));
    }
}
