//! Task-time distributions matched to the two moments Ahn et al. gives (μ_T, σ_T); the paper gives
//! no shape, so each choice is ours and documented.

use rand::Rng;
use rand_distr::{Distribution, Gamma, LogNormal, Normal};

use super::error::{EnsembleError, check_time};
use super::law::TaskTimes;

fn positive(what: &'static str, v: f64) -> Result<f64, EnsembleError> {
    if check_time(what, v)? > 0.0 {
        Ok(v)
    } else {
        Err(EnsembleError::InvalidParameter { what, value: v, why: "must be positive" })
    }
}

/// The gamma distribution with mean μ_T and standard deviation σ_T (the simulator's default).
///
/// # Formula
/// ```text
/// shape k = (μ_T/σ_T)²,  scale θ = σ_T²/μ_T
/// ```
///
/// # Errors
/// [`EnsembleError::InvalidParameter`] / [`EnsembleError::InvalidTime`] unless μ_T, σ_T > 0.
///
/// # Accuracy
/// Shape (μ_T/σ_T)² and scale σ_T²/μ_T to 2u relative each (u = 2⁻⁵³); the law then has
/// mean μ_T and standard deviation σ_T to 3u relative.
///
/// # Examples
/// ```
/// use loadbal::ensemble::gamma_matched;
/// use loadbal::montecarlo::MonteCarlo;
/// use rand_distr::Distribution;
/// let g = gamma_matched(488.1, 116.6).unwrap(); // wild type (4a): shape 17.5235
/// let est = MonteCarlo::new(1, 20_000).unwrap().estimate(|_, rng| g.sample(rng)).unwrap();
/// assert!(est.agrees_with(488.1, 4.0));
/// ```
pub fn gamma_matched(mean: f64, sd: f64) -> Result<Gamma<f64>, EnsembleError> {
    let (mu, sd) = (positive("mean", mean)?, positive("sd", sd)?);
    Gamma::new((mu / sd).powi(2), sd * sd / mu).map_err(|_| EnsembleError::InvalidParameter {
        what: "sd",
        value: sd,
        why: "gamma shape out of range",
    })
}

/// The log-normal distribution with mean μ_T and standard deviation σ_T.
///
/// # Formula
/// ```text
/// σ_ln² = ln(1 + σ_T²/μ_T²),  μ_ln = ln μ_T − σ_ln²/2
/// ```
///
/// # Errors
/// As [`gamma_matched`].
///
/// # Accuracy
/// σ_ln² = ln(1 + σ_T²/μ_T²) is formed with 1 + x rounded: its relative error is about
/// u·μ_T²/σ_T² (u = 2⁻⁵³), below 1e-8 for σ_T/μ_T ≥ 1e-4; μ_ln to 3u relative.
///
/// # Examples
/// ```
/// use loadbal::ensemble::lognormal_matched;
/// assert!(lognormal_matched(488.1, 116.6).is_ok());
/// ```
pub fn lognormal_matched(mean: f64, sd: f64) -> Result<LogNormal<f64>, EnsembleError> {
    let (mu, sd) = (positive("mean", mean)?, positive("sd", sd)?);
    let s2 = (1.0 + (sd / mu).powi(2)).ln();
    LogNormal::new(mu.ln() - s2 / 2.0, s2.sqrt()).map_err(|_| EnsembleError::InvalidParameter {
        what: "sd",
        value: sd,
        why: "log-normal out of range",
    })
}

/// The normal task law N(μ_T, σ_T²) conditioned on non-negative durations: the law Ahn et al.
/// imply when they take task times as normal (Assumption 2) although a duration cannot be
/// negative. For the paper's wild type (μ_T = 488.1 s, σ_T = 116.6 s) the truncation point lies
/// 4.19 σ below the mean and moves the mean by 7e-4 %; for larger σ_T/μ_T use
/// [`TruncatedNormal::mean`] and [`TruncatedNormal::sd`], the moments of the law actually drawn.
///
/// Displayed as:
/// ```
/// use loadbal::ensemble::truncated_normal;
/// assert_eq!(truncated_normal(488.1, 116.6).unwrap().to_string(), "N(488.1, 116.6²) truncated to [0, ∞)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TruncatedNormal {
    /// Mean of the parent normal (μ_T).
    pub parent_mean: f64,
    /// Standard deviation of the parent normal (σ_T).
    pub parent_sd: f64,
}

/// The normal law N(μ_T, σ_T²) truncated to `[0, ∞)`, for the simulator.
///
/// # Formula
/// ```text
/// density f(x) = φ((x − μ)/σ) / (σ Φ(μ/σ)),  x ≥ 0
/// mean = μ + σλ,  variance = σ²(1 − bλ − λ²),  b = μ/σ,  λ = φ(b)/Φ(b)
/// ```
/// Draws by rejection from the parent normal: with μ_T ≥ 0 at least half of the draws are kept
/// (two draws per task on average at worst).
///
/// # Errors
/// [`EnsembleError::InvalidTime`] unless μ_T ≥ 0 is finite; [`EnsembleError::InvalidParameter`]
/// unless σ_T > 0.
///
/// # Examples
/// Ahn et al.'s own setting, normal tasks: 1,000 tasks on 25 processors never draw a negative
/// time.
/// ```
/// use loadbal::ensemble::{truncated_normal, simulate, Algorithm, SimConfig};
/// use rand::SeedableRng;
/// let law = truncated_normal(488.1, 116.6).unwrap();
/// assert!((law.mean() - 488.1).abs() < 0.01);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// assert!(simulate(&law, &SimConfig::new(1000, 25, Algorithm::Md), &mut rng).is_ok());
/// ```
pub fn truncated_normal(mean: f64, sd: f64) -> Result<TruncatedNormal, EnsembleError> {
    let parent_mean = check_time("mean", mean)?;
    let parent_sd = positive("sd", sd)?;
    Ok(TruncatedNormal { parent_mean, parent_sd })
}

impl TruncatedNormal {
    fn lambda(&self) -> (f64, f64) {
        let b = self.parent_mean / self.parent_sd;
        let cdf = crate::order_stats::std_normal_cdf(b);
        let pdf = (-0.5 * b * b).exp() / (2.0 * std::f64::consts::PI).sqrt();
        (b, pdf / cdf)
    }

    /// Mean of the truncated law, `μ + σ φ(b)/Φ(b)`, `b = μ/σ`.
    ///
    /// # Accuracy
    /// A few operations on the standard normal CDF and density: relative error below 1e-14 for
    /// μ_T/σ_T ≥ −5; checked against mpmath values in this module's tests (σ/μ = 1).
    pub fn mean(&self) -> f64 {
        let (_, l) = self.lambda();
        self.parent_mean + self.parent_sd * l
    }

    /// Standard deviation of the truncated law, `σ √(1 − bλ − λ²)`.
    ///
    /// # Accuracy
    /// As [`TruncatedNormal::mean`]; 1 − bλ − λ² cancels for μ_T/σ_T > 5, where the result is
    /// σ_T to 1e-12 relative anyway (the truncation is a 5σ event).
    pub fn sd(&self) -> f64 {
        let (b, l) = self.lambda();
        self.parent_sd * (1.0 - b * l - l * l).max(0.0).sqrt()
    }
}

impl std::fmt::Display for TruncatedNormal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "N({}, {}²) truncated to [0, ∞)", self.parent_mean, self.parent_sd)
    }
}

impl Distribution<f64> for TruncatedNormal {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        loop {
            let z: f64 = rng.sample(rand_distr::StandardNormal);
            let x = self.parent_mean + self.parent_sd * z;
            if x >= 0.0 {
                return x;
            }
        }
    }
}

/// Our stand-in for the mutant task times of Ahn et al., eq. (4b) ("approximately 75% of the cells
/// never divide and the remaining 25% divide very irregularly"; the paper gives only
/// μ_T = 152.0 s, σ_T = 191.1 s): with probability `p_short` a constant short time, otherwise a
/// normal time truncated at 0 by rejection. 75% × 50 s + 25% × N(458, 145.7²) has mean 152.0 and
/// standard deviation 191.1 (truncation is a 3.1σ event and moves neither by more than 0.1%).
///
/// Displayed as:
/// ```
/// use loadbal::ensemble::MutantMixture;
/// assert_eq!(MutantMixture { p_short: 0.75, short: 50.0, long_task_mean: 458.0, long_task_sd: 145.7 }.to_string(), "75 % × 50 s, 25 % × N(458, 145.7²) truncated to [0, ∞)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MutantMixture {
    /// Probability of a short (non-dividing) task.
    pub p_short: f64,
    /// Time of a short task.
    pub short: f64,
    /// Mean of a long task (before truncation).
    pub long_task_mean: f64,
    /// Standard deviation of a long task (before truncation).
    pub long_task_sd: f64,
}

impl MutantMixture {
    /// Mean and standard deviation of the untruncated mixture, as a [`TaskTimes`].
    ///
    /// # Formula
    /// ```text
    /// μ = q s + (1−q) m,  E[T²] = q s² + (1−q)(m² + σ²)
    /// ```
    ///
    /// # Accuracy
    /// A handful of operations: the mean to 3u relative (u = 2⁻⁵³); the standard deviation from
    /// E\[T²\] − μ², which cancels only when the spread is tiny beside the mean (absolute error about
    /// 4u·E\[T²\] on the variance).
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::MutantMixture;
    /// let m = MutantMixture { p_short: 0.75, short: 50.0, long_task_mean: 458.0, long_task_sd: 145.7 }.moments();
    /// assert!((m.mean - 152.0).abs() < 1e-9 && (m.sd - 191.1).abs() < 0.05);
    /// ```
    pub fn moments(&self) -> TaskTimes {
        let q = self.p_short;
        let mu = q * self.short + (1.0 - q) * self.long_task_mean;
        let m2 = q * self.short * self.short + (1.0 - q) * (self.long_task_mean.powi(2) + self.long_task_sd.powi(2));
        TaskTimes::new(mu, (m2 - mu * mu).sqrt())
    }
}

impl std::fmt::Display for MutantMixture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} % × {} s, {} % × N({}, {}²) truncated to [0, ∞)",
            100.0 * self.p_short,
            self.short,
            100.0 * (1.0 - self.p_short),
            self.long_task_mean,
            self.long_task_sd
        )
    }
}

impl Distribution<f64> for MutantMixture {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        if rng.random::<f64>() < self.p_short {
            return self.short;
        }
        let n = Normal::new(self.long_task_mean, self.long_task_sd.abs())
            .unwrap_or(Normal::new(0.0, 1.0).expect("unit normal"));
        loop {
            let x = n.sample(rng);
            if x >= 0.0 {
                return x;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::montecarlo::MonteCarlo;

    #[test]
    fn matched_moments_by_monte_carlo() {
        let g = gamma_matched(152.0, 191.1).unwrap();
        let l = lognormal_matched(152.0, 191.1).unwrap();
        let m = MutantMixture { p_short: 0.75, short: 50.0, long_task_mean: 458.0, long_task_sd: 145.7 };
        let mc = MonteCarlo::new(3, 40_000).unwrap();
        for (i, mean) in [
            mc.estimate(|_, rng| g.sample(rng)).unwrap(),
            mc.estimate(|_, rng| l.sample(rng)).unwrap(),
            mc.estimate(|_, rng| m.sample(rng)).unwrap(),
        ]
        .into_iter()
        .enumerate()
        {
            assert!(mean.agrees_with(152.0, 4.0), "distribution {i}: {mean:?}");
            // the log-normal's sample standard deviation converges slowly (heavy tail)
            let tol = if i == 1 { 0.1 } else { 0.03 };
            assert!((mean.std_dev() / 191.1 - 1.0).abs() < tol, "distribution {i}: {}", mean.std_dev());
        }
    }

    #[test]
    fn truncated_normal_moments_by_monte_carlo() {
        // σ/μ = 1: the truncation matters (mean 1.2876, sd 0.7935 for the unit parent; mpmath).
        let t = truncated_normal(1.0, 1.0).unwrap();
        assert!((t.mean() - 1.287_599_970_9).abs() < 1e-9 && (t.sd() - 0.793_527_747_3).abs() < 1e-9);
        let est = MonteCarlo::new(5, 40_000).unwrap().estimate(|_, rng| t.sample(rng)).unwrap();
        assert!(est.agrees_with(t.mean(), 4.0));
        assert!((est.std_dev() / t.sd() - 1.0).abs() < 0.02);
        assert!(truncated_normal(-1.0, 1.0).is_err() && truncated_normal(1.0, 0.0).is_err());
    }

    #[test]
    fn errors() {
        assert!(gamma_matched(0.0, 1.0).is_err());
        assert!(lognormal_matched(1.0, f64::NAN).is_err());
    }
}
