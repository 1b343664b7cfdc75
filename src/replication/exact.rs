//! The exact JR model (Dobber, eq. (5.4)) by Monte Carlo, and exact iteration times for exponential
//! jobs. The constants α, β, γ and their estimation live in [`super::estimation`].

use rand::Rng;
use rand_distr::{Distribution, Exp, Gamma, LogNormal, Normal, Uniform};

use super::{ReplicationError, check_rp};
use crate::montecarlo::{Estimate, McRng, MonteCarlo};

pub(crate) use super::estimation::positive_param as positive;

/// A job-time distribution `X` given by its mean and spread.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum JobTimeDist {
    /// Exponential with the given mean (`c_X = 1`).
    Exponential {
        /// Mean.
        mean: f64,
    },
    /// Gamma with mean and coefficient of variation (shape `1/c²`, scale `mean·c²`).
    Gamma {
        /// Mean.
        mean: f64,
        /// Coefficient of variation.
        cv: f64,
    },
    /// Log-normal with mean and coefficient of variation (`σ_ln² = ln(1 + c²)`).
    LogNormal {
        /// Mean.
        mean: f64,
        /// Coefficient of variation.
        cv: f64,
    },
    /// Normal (may go negative for large `sd/mean`; the order statistics stay defined).
    Normal {
        /// Mean.
        mean: f64,
        /// Standard deviation.
        sd: f64,
    },
    /// Uniform on `[low, high)`.
    Uniform {
        /// Lower end.
        low: f64,
        /// Upper end.
        high: f64,
    },
}

/// A validated sampler for a [`JobTimeDist`].
#[derive(Debug, Clone, Copy)]
pub struct JobTimeSampler(Inner);

#[derive(Debug, Clone, Copy)]
enum Inner {
    Exp(Exp<f64>),
    Gamma(Gamma<f64>),
    LogNormal(LogNormal<f64>),
    Normal(Normal<f64>),
    Uniform(Uniform<f64>),
}

impl JobTimeSampler {
    /// Draws one job time.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        match &self.0 {
            Inner::Exp(d) => d.sample(rng),
            Inner::Gamma(d) => d.sample(rng),
            Inner::LogNormal(d) => d.sample(rng),
            Inner::Normal(d) => d.sample(rng),
            Inner::Uniform(d) => d.sample(rng),
        }
    }
}

impl JobTimeDist {
    /// `E X`.
    pub fn mean(&self) -> f64 {
        match *self {
            JobTimeDist::Exponential { mean } | JobTimeDist::Gamma { mean, .. } => mean,
            JobTimeDist::LogNormal { mean, .. } | JobTimeDist::Normal { mean, .. } => mean,
            JobTimeDist::Uniform { low, high } => 0.5 * (low + high),
        }
    }

    /// `σ(X)`.
    pub fn sd(&self) -> f64 {
        match *self {
            JobTimeDist::Exponential { mean } => mean,
            JobTimeDist::Gamma { mean, cv } | JobTimeDist::LogNormal { mean, cv } => mean * cv,
            JobTimeDist::Normal { sd, .. } => sd,
            JobTimeDist::Uniform { low, high } => (high - low) / 12f64.sqrt(),
        }
    }

    /// A sampler, after checking the parameters.
    ///
    /// # Errors
    /// [`ReplicationError::InvalidParameter`] for a non-positive mean, spread or width.
    pub fn sampler(&self) -> Result<JobTimeSampler, ReplicationError> {
        let bad = |name: &'static str, value: f64| ReplicationError::InvalidParameter {
            name,
            value,
            expected: "parameters a distribution accepts",
        };
        let inner = match *self {
            JobTimeDist::Exponential { mean } => {
                Inner::Exp(Exp::new(1.0 / positive("mean", mean)?).map_err(|_| bad("mean", mean))?)
            }
            JobTimeDist::Gamma { mean, cv } => {
                let (m, c) = (positive("mean", mean)?, positive("c_X", cv)?);
                Inner::Gamma(Gamma::new(1.0 / (c * c), m * c * c).map_err(|_| bad("c_X", cv))?)
            }
            JobTimeDist::LogNormal { mean, cv } => {
                let (m, c) = (positive("mean", mean)?, positive("c_X", cv)?);
                let s2 = (1.0 + c * c).ln();
                Inner::LogNormal(LogNormal::new(m.ln() - 0.5 * s2, s2.sqrt()).map_err(|_| bad("c_X", cv))?)
            }
            JobTimeDist::Normal { mean, sd } => {
                if !mean.is_finite() {
                    return Err(bad("mean", mean));
                }
                Inner::Normal(Normal::new(mean, positive("sd", sd)?).map_err(|_| bad("sd", sd))?)
            }
            JobTimeDist::Uniform { low, high } => {
                positive("high − low", high - low)?;
                Inner::Uniform(Uniform::new(low, high).map_err(|_| bad("low", low))?)
            }
        };
        Ok(JobTimeSampler(inner))
    }
}

/// How the `R` jobs that one processor runs in one iteration relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dependence {
    /// Every `X_{mno}` independent (the γ ≈ ½ world, models 2.x).
    Independent,
    /// A processor's `R` jobs of one iteration take the same time, `X_{mno} = X_{m1o}` (the
    /// assumption of Fig. 5.2; the γ = 1 world, models 1.x).
    SameProcessorSameIteration,
}

/// One draw of the iteration time of `2^r`-JR on `2^p` processors (Dobber, eq. (5.4)).
///
/// # Formula
/// ```text
/// V = max_{m=1..P/R} Σ_{n=1..R} min_{o=1..R} X_{mno}
/// ```
///
/// # Errors
/// [`ReplicationError::ReplicasExceedProcessors`], [`ReplicationError::TooManyProcessors`] (p ≤ 20 here).
pub fn sample_iteration_time<R: Rng + ?Sized>(
    rng: &mut R,
    x: &JobTimeSampler,
    r: u32,
    p: u32,
    dependence: Dependence,
) -> Result<f64, ReplicationError> {
    check_rp(r, p)?;
    if p > 20 {
        return Err(ReplicationError::TooManyProcessors { p, max: 20 });
    }
    let (groups, replicas) = (1u64 << (p - r), 1u64 << r);
    let mut worst = f64::NEG_INFINITY;
    for _ in 0..groups {
        let total = match dependence {
            Dependence::Independent => {
                (0..replicas).map(|_| (0..replicas).map(|_| x.sample(rng)).fold(f64::INFINITY, f64::min)).sum::<f64>()
            }
            Dependence::SameProcessorSameIteration => {
                replicas as f64 * (0..replicas).map(|_| x.sample(rng)).fold(f64::INFINITY, f64::min)
            }
        };
        worst = worst.max(total);
    }
    Ok(worst)
}

/// Monte Carlo estimates of the exact iteration time (5.4) for `r = 0, ..., p` (index `r`).
///
/// # Formula
/// ```text
/// R_it(t, 2^r, 2^p) = E max_{m} Σ_{n} min_{o} X_{mno}
/// ```
///
/// # Errors
/// As [`sample_iteration_time`] and [`JobTimeDist::sampler`]; Monte Carlo errors.
///
/// # Examples
/// Exponential jobs on 2 processors: `E max{X, X'} = 1.5` and `2 E min{X, X'} = 1`, so the
/// exact 2-JR speedup is 1.5, model 1.1's (5.22) at `c = 1`.
/// ```
/// use loadbal::montecarlo::MonteCarlo;
/// use loadbal::replication::exact::{exact_iteration_times, Dependence, JobTimeDist};
/// let mc = MonteCarlo::new(1, 20_000).unwrap();
/// let t = exact_iteration_times(&JobTimeDist::Exponential { mean: 1.0 }, 1, Dependence::Independent, &mc).unwrap();
/// assert!(t[0].agrees_with(1.5, 4.0) && t[1].agrees_with(1.0, 4.0));
/// ```
pub fn exact_iteration_times(
    dist: &JobTimeDist,
    p: u32,
    dependence: Dependence,
    mc: &MonteCarlo,
) -> Result<Vec<Estimate>, ReplicationError> {
    let x = dist.sampler()?;
    check_rp(p, p)?;
    sample_iteration_time(&mut crate::montecarlo::stream(0, 0), &x, 0, p, dependence)?;
    let est = mc.estimate_vec(p as usize + 1, |_, rng: &mut McRng, out| {
        for (r, o) in out.iter_mut().enumerate() {
            // Arguments were validated above, so the draw cannot fail.
            *o = sample_iteration_time(rng, &x, r as u32, p, dependence).unwrap_or(f64::NAN);
        }
    })?;
    Ok(est)
}

/// Exact speedups `R_it(r = 0)/R_it(r)` of the exact model (Dobber, eq. (5.4)) from
/// [`exact_iteration_times`], with a delta-method
/// standard error (covariance ignored).
///
/// # Formula
/// ```text
/// S_r = mean_0 / mean_r,  se(S_r) ≈ S_r √((se_0/mean_0)² + (se_r/mean_r)²)
/// ```
///
/// # Errors
/// As [`exact_iteration_times`].
///
/// # Examples
/// ```
/// use loadbal::montecarlo::MonteCarlo;
/// use loadbal::replication::exact::{exact_speedups, Dependence, JobTimeDist};
/// let mc = MonteCarlo::new(3, 20_000).unwrap();
/// let s = exact_speedups(&JobTimeDist::Exponential { mean: 1.0 }, 1, Dependence::Independent, &mc).unwrap();
/// assert!(s[1].agrees_with(1.5, 4.0));
/// ```
pub fn exact_speedups(
    dist: &JobTimeDist,
    p: u32,
    dependence: Dependence,
    mc: &MonteCarlo,
) -> Result<Vec<Estimate>, ReplicationError> {
    let t = exact_iteration_times(dist, p, dependence, mc)?;
    let base = t[0];
    Ok(t.iter()
        .map(|e| {
            let s = base.mean / e.mean;
            let rel = ((base.std_err / base.mean).powi(2) + (e.std_err / e.mean).powi(2)).sqrt();
            Estimate { mean: s, std_err: s * rel, n: e.n }
        })
        .collect())
}

/// Level-wise constants of the maximum part of the tree (5.6), by Monte Carlo: for
/// `j = r+1, ..., p`, `α(r, j) = (E V_{r,j} − E V_{r,j−1})/σ(V_{r,j−1})` and
/// `β(r, j) = σ(V_{r,j})/σ(V_{r,j−1})`, the quantities of Tables 5.1/5.2 (Dobber, §5.3.2) for a
/// job-time distribution instead of the Planetlab traces. Index `j − r − 1`.
///
/// # Formula
/// ```text
/// V_{r,r} = Σ_{n} min_{o} X_{mno} (one group),  V_{r,j} = max of 2^{j−r} groups
/// α(r, j) = (E V_{r,j} − E V_{r,j−1})/σ(V_{r,j−1}),  β(r, j) = σ(V_{r,j})/σ(V_{r,j−1})
/// ```
///
/// # Errors
/// As [`exact_iteration_times`]; [`ReplicationError::ReplicasExceedProcessors`] unless `r < p`.
///
/// # Examples
/// Normal jobs, `r = 0`: `α(0, 1) = 1/√π` and `β(0, 1) = √(1 − 1/π)` exactly.
/// ```
/// use loadbal::montecarlo::MonteCarlo;
/// use loadbal::replication::exact::{level_constants_monte_carlo, Dependence, JobTimeDist};
/// let mc = MonteCarlo::new(2, 40_000).unwrap();
/// let k = level_constants_monte_carlo(&JobTimeDist::Normal { mean: 0.0, sd: 1.0 }, 0, 2, Dependence::Independent, &mc).unwrap();
/// assert!((k[0].0 - 0.5642).abs() < 0.02 && (k[0].1 - 0.8256).abs() < 0.02);
/// ```
pub fn level_constants_monte_carlo(
    dist: &JobTimeDist,
    r: u32,
    p: u32,
    dependence: Dependence,
    mc: &MonteCarlo,
) -> Result<Vec<(f64, f64)>, ReplicationError> {
    check_rp(r, p)?;
    if r == p {
        return Err(ReplicationError::ReplicasExceedProcessors { r: r + 1, p });
    }
    if p > 20 {
        return Err(ReplicationError::TooManyProcessors { p, max: 20 });
    }
    let x = dist.sampler()?;
    let levels = (p - r + 1) as usize;
    let e = mc.estimate_vec(2 * levels, |_, rng, out| {
        let mut running = f64::NEG_INFINITY;
        let mut next_level = 0usize;
        for g in 0..(1usize << (p - r)) {
            // Validated above: the one-group draw cannot fail.
            let s = sample_iteration_time(rng, &x, r, r, dependence).unwrap_or(f64::NAN);
            running = running.max(s);
            if g + 1 == 1 << next_level {
                out[next_level] = running;
                out[levels + next_level] = running * running;
                next_level += 1;
            }
        }
    })?;
    let sd = |l: usize| (e[levels + l].mean - e[l].mean * e[l].mean).max(0.0).sqrt();
    Ok((1..levels).map(|l| ((e[l].mean - e[l - 1].mean) / sd(l - 1), sd(l) / sd(l - 1))).collect())
}

/// The exact model (Dobber, eq. (5.4)) for exponential jobs when a processor's jobs of one iteration are equal
/// ([`Dependence::SameProcessorSameIteration`]): `R·min` of `R` exponentials is exponential, so
/// the iteration time is the maximum of `P/R` exponentials.
///
/// # Formula
/// ```text
/// R_it(t, 2^r, 2^p) = E(X) · H_{2^{p−r}},   H_n = Σ_{k=1}^{n} 1/k
/// ```
///
/// # Errors
/// [`ReplicationError::ReplicasExceedProcessors`], [`ReplicationError::TooManyProcessors`] (p ≤ 30).
///
/// # Examples
/// ELB on 4 processors: `H_4 = 25/12`.
/// ```
/// use loadbal::replication::exact::exponential_dependent_iteration_time;
/// assert!((exponential_dependent_iteration_time(1.0, 0, 2).unwrap() - 25.0 / 12.0).abs() < 1e-15);
/// ```
pub fn exponential_dependent_iteration_time(mean: f64, r: u32, p: u32) -> Result<f64, ReplicationError> {
    positive("mean", mean)?;
    check_rp(r, p)?;
    if p > 30 {
        return Err(ReplicationError::TooManyProcessors { p, max: 30 });
    }
    let n = 1u64 << (p - r);
    Ok(mean * (1..=n).rev().map(|k| 1.0 / k as f64).sum::<f64>())
}

/// The exact model (Dobber, eq. (5.4)) for exponential jobs with independent `X_{mno}`
/// ([`Dependence::Independent`]): the sum of `R` minima of `R` exponentials is Gamma(R, rate R)
/// (in units of `E X`), and the iteration time is the maximum of `P/R` of them, computed by
/// [`crate::order_stats::expected_max_iid`].
///
/// # Formula
/// ```text
/// R_it(t, 2^r, 2^p) = E(X) · E max of 2^{p−r} i.i.d. Gamma(shape 2^r, rate 2^r)
/// ```
///
/// # Errors
/// As [`exponential_dependent_iteration_time`]; order-statistics errors.
///
/// # Examples
/// `P = 8`, `R = 2`: 1.773582 (and `R = 1` gives `H_8 = 2.717857`).
/// ```
/// use loadbal::replication::exact::exponential_independent_iteration_time;
/// assert!((exponential_independent_iteration_time(1.0, 1, 3).unwrap() - 1.773582).abs() < 1e-6);
/// assert!((exponential_independent_iteration_time(1.0, 0, 3).unwrap() - 761.0 / 280.0).abs() < 1e-9);
/// ```
pub fn exponential_independent_iteration_time(mean: f64, r: u32, p: u32) -> Result<f64, ReplicationError> {
    positive("mean", mean)?;
    check_rp(r, p)?;
    if p > 30 {
        return Err(ReplicationError::TooManyProcessors { p, max: 30 });
    }
    let big_r = f64::from(1u32 << r);
    let g = statrs::distribution::Gamma::new(big_r, big_r).map_err(|_| ReplicationError::InvalidParameter {
        name: "R",
        value: big_r,
        expected: "a positive replica count",
    })?;
    Ok(mean * crate::order_stats::expected_max_iid(&g, 1u64 << (p - r))?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponential_exact_references() {
        let mc = MonteCarlo::new(11, 4_000).unwrap();
        let exp = JobTimeDist::Exponential { mean: 1.0 };
        // Independent: E max of P/R i.i.d. Gamma(R, 1/R) (reference G12), P = 8.
        let t = exact_iteration_times(&exp, 3, Dependence::Independent, &mc).unwrap();
        for (e, want) in t.iter().zip([2.717857, 1.773582, 1.273438, 1.0]) {
            assert!(e.agrees_with(want, 4.0), "{e:?} vs {want}");
        }
        for (r, want) in [2.717857, 1.773582, 1.273438, 1.0].iter().enumerate() {
            assert!((exponential_independent_iteration_time(1.0, r as u32, 3).unwrap() - want).abs() < 1e-6);
        }
        let d = exact_iteration_times(&exp, 3, Dependence::SameProcessorSameIteration, &mc).unwrap();
        for (r, e) in d.iter().enumerate() {
            assert!(e.agrees_with(exponential_dependent_iteration_time(1.0, r as u32, 3).unwrap(), 4.0));
        }
    }

    #[test]
    fn bad_distributions() {
        assert!(JobTimeDist::Exponential { mean: -1.0 }.sampler().is_err());
        assert!(JobTimeDist::Gamma { mean: 1.0, cv: 0.0 }.sampler().is_err());
        assert!(JobTimeDist::Uniform { low: 2.0, high: 1.0 }.sampler().is_err());
        assert!(JobTimeDist::Normal { mean: f64::NAN, sd: 1.0 }.sampler().is_err());
    }
}
