//! The exact JR model (Dobber, eq. (5.4)) by Monte Carlo ([`ExactModel`]), and exact iteration
//! times for exponential jobs. The constants α, β, γ and their estimation live in
//! [`FirstLevelConstants::estimate`](super::FirstLevelConstants::estimate) and [`FirstLevelEstimate::monte_carlo`](super::FirstLevelEstimate::monte_carlo).

use std::fmt;

use rand::Rng;
use rand_distr::Distribution;

use super::ReplicationError;
use super::domain::levels;
use crate::law::Law;
use crate::montecarlo::{Estimate, McRng, MonteCarlo};

pub(crate) use super::estimation::positive_param as positive;

/// Most job-time draws one [`ExactModel`] run may make (replications × draws per replication):
/// 10¹⁰, about a minute per core.
pub const MAX_EXACT_DRAWS: u64 = 10_000_000_000;

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

impl fmt::Display for Dependence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dependence::Independent => "independent jobs",
            Dependence::SameProcessorSameIteration => "equal jobs per processor and iteration",
        })
    }
}

/// One draw of the iteration time of `R`-JR on `P` processors (Dobber, eq. (5.4)) at levels
/// `(r, p)` validated by the caller.
fn draw_levels<G: Rng + ?Sized>(rng: &mut G, x: &Law, r: u32, p: u32, dependence: Dependence) -> f64 {
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
    worst
}

/// Job-time draws of one sample of Dobber, eq. (5.4): `P·R` independent, `P` dependent.
fn draws_per_sample(replicas: u64, processors: u64, dependence: Dependence) -> u128 {
    match dependence {
        Dependence::Independent => u128::from(processors) * u128::from(replicas),
        Dependence::SameProcessorSameIteration => u128::from(processors),
    }
}

/// The exact model (Dobber, eq. (5.4)): a job-time law and how a processor's jobs relate,
/// evaluated by Monte Carlo for the replica counts asked for.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawExactModel"))]
pub struct ExactModel {
    /// The job-time law `X`.
    law: Law,
    /// How a processor's `R` jobs of one iteration relate.
    dependence: Dependence,
}

/// The serialised form of [`ExactModel`], checked by [`ExactModel::new`] on the way in (a law
/// of infinite variance went in unchecked).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawExactModel {
    law: Law,
    dependence: Dependence,
}

#[cfg(feature = "serde")]
impl TryFrom<RawExactModel> for ExactModel {
    type Error = ReplicationError;

    fn try_from(raw: RawExactModel) -> Result<Self, ReplicationError> {
        ExactModel::new(raw.law, raw.dependence)
    }
}

impl fmt::Display for ExactModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "exact model (5.4): job times {}, {}", self.law, self.dependence)
    }
}

/// Monte Carlo estimates of the exact model Dobber, eq. (5.4) for some replica counts on `P` processors, and
/// their speedups over ELB from the same run.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExactRun {
    /// Number of processors `P`.
    pub processors: u64,
    /// The replica counts, as asked for.
    pub replicas: Vec<u64>,
    /// `E V` for each replica count (same index as `replicas`).
    pub iteration_times: Vec<Estimate>,
    /// `E V(R = 1) / E V(R)` for each replica count, with a delta-method standard error that
    /// includes the covariance of the two means.
    pub speedups: Vec<Estimate>,
    /// The ELB iteration time `E V(R = 1)` of the same run.
    pub elb: Estimate,
}

impl fmt::Display for ExactRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "exact model (5.4) on P = {}: ELB {:.6} ± {:.2e}", self.processors, self.elb.mean, self.elb.std_err)?;
        for ((r, t), s) in self.replicas.iter().zip(&self.iteration_times).zip(&self.speedups) {
            write!(f, "; R = {r}: time {:.6} ± {:.2e}, speedup {:.4} ± {:.2e}", t.mean, t.std_err, s.mean, s.std_err)?;
        }
        Ok(())
    }
}

/// One replication of the exact model Dobber, eq. (5.4) for some replica counts, and the
/// reduction of the replications' means into an [`ExactRun`] ([`ExactModel::replication`]).
#[derive(Debug, Clone)]
pub struct ExactReplication {
    x: Law,
    levels: Vec<u32>,
    p: u32,
    dependence: Dependence,
    processors: u64,
    replicas: Vec<u64>,
}

impl ExactReplication {
    /// Components of one replication's outcome: `V(R = 1)`, then `V(R)` and `V(1)·V(R)` for each
    /// replica count.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::replication::{Dependence, ExactModel};
    /// let model = ExactModel::new(Law::exponential(1.0).unwrap(), Dependence::Independent).unwrap();
    /// // V(R = 1), then V(R) and V(1)·V(R) for R = 2 and R = 4.
    /// assert_eq!(model.replication(&[2, 4], 4, &MonteCarlo::new(1, 10).unwrap()).unwrap().dim(), 5);
    /// ```
    pub fn dim(&self) -> usize {
        1 + 2 * self.levels.len()
    }

    /// Draws one replication into `out` (of length [`ExactReplication::dim`]).
    ///
    /// # Errors
    /// [`ReplicationError::TooShort`] when `out` is shorter than [`ExactReplication::dim`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::montecarlo::{MonteCarlo, stream};
    /// use loadbal::replication::{Dependence, ExactModel, ReplicationError};
    /// // Unit jobs on 2 processors (Dobber, eq. (5.4)): V(1) = max{1, 1} = 1, V(2) = 1 + 1 = 2.
    /// let model = ExactModel::new(Law::deterministic(1.0).unwrap(), Dependence::Independent).unwrap();
    /// let rep = model.replication(&[2], 2, &MonteCarlo::new(1, 10).unwrap()).unwrap();
    /// let mut out = vec![0.0; rep.dim()];
    /// rep.sample(&mut stream(1, 0), &mut out).unwrap();
    /// assert_eq!(out, vec![1.0, 2.0, 2.0]);
    /// assert!(matches!(rep.sample(&mut stream(1, 0), &mut [0.0]), Err(ReplicationError::TooShort { .. })));
    /// ```
    pub fn sample(&self, rng: &mut McRng, out: &mut [f64]) -> Result<(), ReplicationError> {
        let m = self.levels.len();
        if out.len() < self.dim() {
            return Err(ReplicationError::TooShort {
                what: "an exact replication's outcome",
                needed: self.dim(),
                got: out.len(),
            });
        }
        let base = draw_levels(rng, &self.x, 0, self.p, self.dependence);
        out[0] = base;
        for (k, &r) in self.levels.iter().enumerate() {
            let t = draw_levels(rng, &self.x, r, self.p, self.dependence);
            out[1 + k] = t;
            out[1 + m + k] = base * t;
        }
        Ok(())
    }

    /// The run from the means of the [`ExactReplication::dim`] components over the replications.
    ///
    /// # Formula
    /// ```text
    /// S_R = mean_1 / mean_R,  se(S_R)² ≈ S_R² (se_1²/mean_1² + se_R²/mean_R² − 2 cov_{1R}/(mean_1 mean_R))
    /// ```
    ///
    /// # Errors
    /// [`ReplicationError::TooShort`] when `est` is shorter than [`ExactReplication::dim`].
    ///
    /// # Accuracy
    /// The delta method's first order in the relative standard errors.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::replication::{Dependence, ExactModel, ReplicationError};
    /// // Unit jobs: 2-JR doubles the iteration time on 2 processors, speedup 1/2 exactly.
    /// let model = ExactModel::new(Law::deterministic(1.0).unwrap(), Dependence::Independent).unwrap();
    /// let mc = MonteCarlo::new(1, 10).unwrap();
    /// let rep = model.replication(&[2], 2, &mc).unwrap();
    /// let est = mc.estimate_vec(rep.dim(), |_, rng, out| rep.sample(rng, out).unwrap()).unwrap();
    /// assert_eq!(rep.finish(&est).unwrap().speedups[0].mean, 0.5);
    /// assert!(matches!(rep.finish(&est[..1]), Err(ReplicationError::TooShort { .. })));
    /// ```
    pub fn finish(&self, est: &[Estimate]) -> Result<ExactRun, ReplicationError> {
        let m = self.levels.len();
        if est.len() < self.dim() {
            return Err(ReplicationError::TooShort {
                what: "an exact run's estimates",
                needed: self.dim(),
                got: est.len(),
            });
        }
        let elb = est[0];
        let n = elb.n as f64;
        let speedups = (0..m)
            .map(|k| {
                let t = est[1 + k];
                let s = elb.mean / t.mean;
                // Covariance of the two means from the cross moment (n − 1 denominator).
                let cov = if n > 1.0 { (est[1 + m + k].mean - elb.mean * t.mean) / (n - 1.0) } else { 0.0 };
                let rel2 =
                    (elb.std_err / elb.mean).powi(2) + (t.std_err / t.mean).powi(2) - 2.0 * cov / (elb.mean * t.mean);
                Estimate { mean: s, std_err: s.abs() * rel2.max(0.0).sqrt(), n: t.n }
            })
            .collect();
        Ok(ExactRun {
            processors: self.processors,
            replicas: self.replicas.clone(),
            iteration_times: est[1..=m].to_vec(),
            speedups,
            elb,
        })
    }
}

/// The maximum part of the tree Dobber, eq. (5.6) at one level, by Monte Carlo.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LevelConstants {
    /// Groups whose maximum this level takes, `2^{j − r}`.
    pub groups: u64,
    /// `α(r, j) = (E V_{r,j} − E V_{r,j−1})/σ(V_{r,j−1})`.
    pub alpha: f64,
    /// `β(r, j) = σ(V_{r,j})/σ(V_{r,j−1})`.
    pub beta: f64,
}

impl fmt::Display for LevelConstants {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "max of {} groups: α = {:.4}, β = {:.4}", self.groups, self.alpha, self.beta)
    }
}

impl ExactModel {
    /// The model of job times drawn from `law`, after checking that its Monte Carlo estimates
    /// have standard errors (a finite variance).
    ///
    /// # Errors
    /// [`ReplicationError::InvalidParameter`] for a law with an infinite variance (a Pareto law
    /// with shape `≤ 2`).
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::replication::{Dependence, ExactModel, ReplicationError};
    /// assert!(ExactModel::new(Law::exponential(1.0).unwrap(), Dependence::Independent).is_ok());
    /// // A Pareto law of shape 2 has an infinite variance.
    /// let heavy = ExactModel::new(Law::pareto(1.0, 2.0).unwrap(), Dependence::Independent);
    /// assert!(matches!(heavy, Err(ReplicationError::InvalidParameter { .. })));
    /// ```
    pub fn new(law: Law, dependence: Dependence) -> Result<Self, ReplicationError> {
        if !law.variance().is_finite() {
            return Err(ReplicationError::InvalidParameter {
                name: "job-time variance",
                value: law.variance(),
                expected: "a finite number (the Monte Carlo estimates need one)",
            });
        }
        Ok(ExactModel { law, dependence })
    }

    /// The job-time law.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::replication::{Dependence, ExactModel};
    /// let model = ExactModel::new(Law::exponential(1.0).unwrap(), Dependence::Independent).unwrap();
    /// assert_eq!(model.law(), Law::exponential(1.0).unwrap());
    /// ```
    pub fn law(&self) -> Law {
        self.law
    }

    /// How a processor's `R` jobs of one iteration relate.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::replication::{Dependence, ExactModel};
    /// let model = ExactModel::new(Law::exponential(1.0).unwrap(), Dependence::SameProcessorSameIteration).unwrap();
    /// assert_eq!(model.dependence(), Dependence::SameProcessorSameIteration);
    /// ```
    pub fn dependence(&self) -> Dependence {
        self.dependence
    }

    /// One draw of the iteration time of `R`-JR on `P` processors (Dobber, eq. (5.4)).
    ///
    /// # Formula
    /// ```text
    /// V = max_{m=1..P/R} Σ_{n=1..R} min_{o=1..R} X_{mno}
    /// ```
    ///
    /// # Errors
    /// [`ReplicationError::NotPowerOfTwo`],
    /// [`ReplicationError::ReplicasExceedProcessors`]; [`ReplicationError::TooLarge`] when one
    /// draw would need more than [`MAX_EXACT_DRAWS`] job times.
    ///
    /// # Accuracy
    /// Statistical: one exact draw of `V` (the job times are drawn by `rand_distr`); the mean of
    /// many draws is [`ExactModel::run`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::replication::{Dependence, ExactModel};
    /// let model = ExactModel::new(Law::exponential(1.0).unwrap(), Dependence::Independent).unwrap();
    /// let v = model.sample_iteration_time(&mut loadbal::montecarlo::stream(1, 0), 2, 8).unwrap();
    /// assert!(v > 0.0);
    /// ```
    pub fn sample_iteration_time<G: Rng + ?Sized>(
        &self,
        rng: &mut G,
        replicas: u64,
        processors: u64,
    ) -> Result<f64, ReplicationError> {
        let x = &self.law;
        let (r, p) = levels(replicas, processors)?;
        let draws = draws_per_sample(replicas, processors, self.dependence);
        if draws > u128::from(MAX_EXACT_DRAWS) {
            return Err(ReplicationError::TooLarge {
                what: "job-time draws",
                value: draws,
                max: u128::from(MAX_EXACT_DRAWS),
            });
        }
        Ok(draw_levels(rng, x, r, p, self.dependence))
    }

    /// Monte Carlo estimates of the exact iteration time Dobber, eq. (5.4) for the replica counts asked for
    /// (and for `R = 1`, the ELB baseline of the speedups), all from the same replications.
    ///
    /// # Formula
    /// ```text
    /// R_it(t, R, P) = E max_{m=1..P/R} Σ_{n=1..R} min_{o=1..R} X_{mno}
    /// S_R = mean_1 / mean_R,  se(S_R)² ≈ S_R² (se_1²/mean_1² + se_R²/mean_R² − 2 cov_{1R}/(mean_1 mean_R))
    /// ```
    ///
    /// # Errors
    /// [`ReplicationError::NotPowerOfTwo`],
    /// [`ReplicationError::ReplicasExceedProcessors`] for a bad count;
    /// [`ReplicationError::TooShort`] for an empty `replicas`; [`ReplicationError::TooLarge`]
    /// when the run would draw more than [`MAX_EXACT_DRAWS`] job times; Monte Carlo errors.
    ///
    /// # Accuracy
    /// Statistical: each estimate carries its standard error; agreement with the closed forms of
    /// exponential jobs is checked within 4 standard errors.
    ///
    /// # Examples
    /// Exponential jobs on 2 processors: `E max{X, X'} = 1.5` and `2 E min{X, X'} = 1`, so the
    /// exact 2-JR speedup is 1.5, model 1.1's Dobber, eq. (5.22) at `c = 1`.
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::law::Law;
    /// use loadbal::replication::{Dependence, ExactModel};
    /// let model = ExactModel::new(Law::exponential(1.0).unwrap(), Dependence::Independent).unwrap();
    /// let run = model.run(&[2], 2, &MonteCarlo::new(1, 20_000).unwrap()).unwrap();
    /// assert!(run.elb.agrees_with(1.5, 4.0) && run.iteration_times[0].agrees_with(1.0, 4.0));
    /// assert!(run.speedups[0].agrees_with(1.5, 4.0));
    /// ```
    pub fn run(&self, replicas: &[u64], processors: u64, mc: &MonteCarlo) -> Result<ExactRun, ReplicationError> {
        let rep = self.replication(replicas, processors, mc)?;
        // `out` has `rep.dim()` components: `sample` cannot fail.
        let est = mc.estimate_vec(rep.dim(), |_, rng: &mut McRng, out| {
            let _ = rep.sample(rng, out);
        })?;
        rep.finish(&est)
    }

    /// One replication of [`ExactModel::run`] and the reduction of their means into an
    /// [`ExactRun`]: for a program that runs the replications itself, for example a range of
    /// chunks at a time ([`MonteCarlo::run_chunks`]). `mc` sizes the run-wide work limit.
    ///
    /// # Errors
    /// As [`ExactModel::run`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::law::Law;
    /// use loadbal::replication::{Dependence, ExactModel};
    /// let model = ExactModel::new(Law::exponential(1.0).unwrap(), Dependence::Independent).unwrap();
    /// let mc = MonteCarlo::new(1, 2_000).unwrap();
    /// let rep = model.replication(&[2], 2, &mc).unwrap();
    /// let est = mc.estimate_vec(rep.dim(), |_, rng, out| rep.sample(rng, out).unwrap()).unwrap();
    /// assert_eq!(rep.finish(&est).unwrap(), model.run(&[2], 2, &mc).unwrap());
    /// ```
    pub fn replication(
        &self,
        replicas: &[u64],
        processors: u64,
        mc: &MonteCarlo,
    ) -> Result<ExactReplication, ReplicationError> {
        let x = self.law;
        if replicas.is_empty() {
            return Err(ReplicationError::TooShort { what: "an exact run's replica counts", needed: 1, got: 0 });
        }
        let mut lv = Vec::with_capacity(replicas.len());
        let mut per_rep = draws_per_sample(1, processors, self.dependence);
        for &rc in replicas {
            lv.push(levels(rc, processors)?.0);
            per_rep += draws_per_sample(rc, processors, self.dependence);
        }
        let (_, p) = levels(1, processors)?;
        let total = per_rep.saturating_mul(u128::from(mc.replications));
        if total > u128::from(MAX_EXACT_DRAWS) {
            return Err(ReplicationError::TooLarge {
                what: "job-time draws of the run",
                value: total,
                max: u128::from(MAX_EXACT_DRAWS),
            });
        }
        Ok(ExactReplication { x, levels: lv, p, dependence: self.dependence, processors, replicas: replicas.to_vec() })
    }

    /// Level-wise constants of the maximum part of the tree Dobber, eq. (5.6), by Monte Carlo: for
    /// `j = r+1, ..., p`, the quantities of Tables 5.1/5.2 (Dobber, §5.3.2) for a job-time
    /// distribution instead of the Planetlab traces.
    ///
    /// # Formula
    /// ```text
    /// V_{r,r} = Σ_{n} min_{o} X_{mno} (one group),  V_{r,j} = max of 2^{j−r} groups
    /// α(r, j) = (E V_{r,j} − E V_{r,j−1})/σ(V_{r,j−1}),  β(r, j) = σ(V_{r,j})/σ(V_{r,j−1})
    /// ```
    ///
    /// # Errors
    /// As [`ExactModel::run`]; [`ReplicationError::ReplicasExceedProcessors`] unless `R < P`.
    ///
    /// # Accuracy
    /// Statistical: ratios of Monte Carlo means and standard deviations, error `O(1/√n)`; the normal first
    /// level is checked against `α = 1/√π`, `β = √(1 − 1/π)` to 0.02 at `n = 80,000`.
    ///
    /// # Examples
    /// Normal jobs, `R = 1`: `α(0, 1) = 1/√π` and `β(0, 1) = √(1 − 1/π)` exactly.
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::law::Law;
    /// use loadbal::replication::{Dependence, ExactModel};
    /// let model = ExactModel::new(Law::normal(0.0, 1.0).unwrap(), Dependence::Independent).unwrap();
    /// let k = model.level_constants(1, 4, &MonteCarlo::new(2, 40_000).unwrap()).unwrap();
    /// assert!((k[0].alpha - 0.5642).abs() < 0.02 && (k[0].beta - 0.8256).abs() < 0.02);
    /// ```
    pub fn level_constants(
        &self,
        replicas: u64,
        processors: u64,
        mc: &MonteCarlo,
    ) -> Result<Vec<LevelConstants>, ReplicationError> {
        let (r, p) = levels(replicas, processors)?;
        if r == p {
            return Err(ReplicationError::ReplicasExceedProcessors { replicas: 2 * replicas, processors });
        }
        let x = self.law;
        let total = draws_per_sample(replicas, processors, self.dependence).saturating_mul(u128::from(mc.replications));
        if total > u128::from(MAX_EXACT_DRAWS) {
            return Err(ReplicationError::TooLarge {
                what: "job-time draws of the run",
                value: total,
                max: u128::from(MAX_EXACT_DRAWS),
            });
        }
        let levels_n = (p - r + 1) as usize;
        let dep = self.dependence;
        let e = mc.estimate_vec(2 * levels_n, |_, rng, out| {
            let mut running = f64::NEG_INFINITY;
            let mut next_level = 0usize;
            for g in 0..(1u64 << (p - r)) {
                let s = draw_levels(rng, &x, r, r, dep);
                running = running.max(s);
                if g + 1 == 1 << next_level {
                    out[next_level] = running;
                    out[levels_n + next_level] = running * running;
                    next_level += 1;
                }
            }
        })?;
        let sd = |l: usize| (e[levels_n + l].mean - e[l].mean * e[l].mean).max(0.0).sqrt();
        Ok((1..levels_n)
            .map(|l| LevelConstants {
                groups: 1 << l,
                alpha: (e[l].mean - e[l - 1].mean) / sd(l - 1),
                beta: sd(l) / sd(l - 1),
            })
            .collect())
    }
}

impl Dependence {
    /// The exact model (Dobber, eq. (5.4)) in closed form for exponential jobs of mean `mean`:
    /// the expected iteration time of `R`-JR on `P` processors under this dependence.
    ///
    /// With [`Dependence::SameProcessorSameIteration`], `R·min` of `R` exponentials is
    /// exponential, so the iteration time is the maximum of `P/R` exponentials; with
    /// [`Dependence::Independent`], the sum of `R` minima of `R` exponentials is Gamma(R, rate R)
    /// (in units of `E X`), and the iteration time is the maximum of `P/R` of them, computed by
    /// [`crate::order_stats::expected_max_iid`].
    ///
    /// # Formula
    /// ```text
    /// same processor, same iteration:  R_it(t, 2^r, 2^p) = E(X) · H_{2^{p−r}},   H_n = Σ_{k=1}^{n} 1/k
    /// independent:  R_it(t, 2^r, 2^p) = E(X) · E max of 2^{p−r} i.i.d. Gamma(shape 2^r, rate 2^r)
    /// ```
    ///
    /// # Errors
    /// [`ReplicationError::InvalidParameter`] for a bad mean or one whose iteration time overflows
    /// `f64`; [`ReplicationError::NotPowerOfTwo`],
    /// [`ReplicationError::ReplicasExceedProcessors`], [`ReplicationError::TooManyProcessors`];
    /// order-statistics errors (independent jobs).
    ///
    /// # Accuracy
    /// Same processor, same iteration: relative error below 1e-15 (exact sum to `P/R = 10⁴`,
    /// asymptotic series beyond); independent: that of [`crate::order_stats::expected_max_iid`]
    /// for the gamma law (within 1e-12 relative of the 50-digit references,
    /// `tests/replication/replication_fits_reference.rs`).
    ///
    /// # Examples
    /// ELB on 4 processors: `H_4 = 25/12`; independent jobs, `P = 8`, `R = 2`: 1.773582 (and
    /// `R = 1` gives `H_8 = 761/280`).
    /// ```
    /// use loadbal::replication::Dependence;
    /// let same = Dependence::SameProcessorSameIteration;
    /// assert!((same.exponential_iteration_time(1.0, 1, 4).unwrap() - 25.0 / 12.0).abs() < 1e-15);
    /// let ind = Dependence::Independent;
    /// assert!((ind.exponential_iteration_time(1.0, 2, 8).unwrap() - 1.773582).abs() < 1e-6);
    /// assert!((ind.exponential_iteration_time(1.0, 1, 8).unwrap() - 761.0 / 280.0).abs() < 1e-9);
    /// ```
    pub fn exponential_iteration_time(
        &self,
        mean: f64,
        replicas: u64,
        processors: u64,
    ) -> Result<f64, ReplicationError> {
        let time = match self {
            Dependence::SameProcessorSameIteration => exponential_dependent_iteration_time(mean, replicas, processors),
            Dependence::Independent => exponential_independent_iteration_time(mean, replicas, processors),
        }?;
        if !time.is_finite() {
            return Err(ReplicationError::InvalidParameter {
                name: "mean",
                value: mean,
                expected: "a mean job time whose iteration time fits in f64",
            });
        }
        Ok(time)
    }
}

/// `H_n = Σ_{k=1}^{n} 1/k`: the sum for `n ≤ 10⁴` (smallest terms first), the asymptotic series
/// beyond (its truncation error is below 1e-17 relative there).
fn harmonic(n: u64) -> f64 {
    if n <= 10_000 {
        return (1..=n).rev().map(|k| 1.0 / k as f64).sum();
    }
    let x = n as f64;
    let inv2 = 1.0 / (x * x);
    x.ln() + 0.577_215_664_901_532_9 + 0.5 / x - inv2 / 12.0 + inv2 * inv2 / 120.0
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
/// [`ReplicationError::InvalidParameter`] for a bad mean; [`ReplicationError::NotPowerOfTwo`],
/// [`ReplicationError::ReplicasExceedProcessors`], [`ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// Relative error below 1e-15 (exact sum to `P/R = 10⁴`, asymptotic series beyond).
pub(crate) fn exponential_dependent_iteration_time(
    mean: f64,
    replicas: u64,
    processors: u64,
) -> Result<f64, ReplicationError> {
    positive("mean", mean)?;
    levels(replicas, processors)?;
    Ok(mean * harmonic(processors / replicas))
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
/// # Accuracy
/// That of [`crate::order_stats::expected_max_iid`] for the gamma law.
fn exponential_independent_iteration_time(mean: f64, replicas: u64, processors: u64) -> Result<f64, ReplicationError> {
    positive("mean", mean)?;
    levels(replicas, processors)?;
    let big_r = replicas as f64;
    let g = Law::gamma(big_r, big_r)?;
    Ok(mean * crate::order_stats::expected_max_iid(&g, processors / replicas)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponential_exact_references() {
        let mc = MonteCarlo::new(11, 4_000).unwrap();
        let exp = Law::exponential(1.0).unwrap();
        // Independent: E max of P/R i.i.d. Gamma(R, 1/R), P = 8.
        let ind = ExactModel::new(exp, Dependence::Independent).unwrap();
        let run = ind.run(&[1, 2, 4, 8], 8, &mc).unwrap();
        for (e, want) in run.iteration_times.iter().zip([2.717857, 1.773582, 1.273438, 1.0]) {
            assert!(e.agrees_with(want, 4.0), "{e:?} vs {want}");
        }
        for (k, want) in [2.717857, 1.773582, 1.273438, 1.0].iter().enumerate() {
            assert!((exponential_independent_iteration_time(1.0, 1 << k, 8).unwrap() - want).abs() < 1e-6);
            assert!(run.speedups[k].agrees_with(2.717857 / want, 4.0), "{:?}", run.speedups[k]);
        }
        let dep = ExactModel::new(exp, Dependence::SameProcessorSameIteration).unwrap();
        let d = dep.run(&[1, 2, 4, 8], 8, &mc).unwrap();
        for (k, e) in d.iteration_times.iter().enumerate() {
            assert!(e.agrees_with(exponential_dependent_iteration_time(1.0, 1 << k, 8).unwrap(), 4.0));
        }
        // Only the requested R are computed, and R = 1 is the baseline of the same run.
        let only = ind.run(&[4], 8, &mc).unwrap();
        assert_eq!(only.iteration_times.len(), 1);
        assert!(only.to_string().contains("R = 4"));
    }

    #[test]
    fn display() {
        let m = ExactModel::new(Law::gamma_mean_sd(2.0, 0.5).unwrap(), Dependence::Independent).unwrap();
        assert_eq!(m.to_string(), "exact model (5.4): job times gamma_mean_sd(mean = 2, sd = 0.5), independent jobs");
        assert_eq!(Dependence::SameProcessorSameIteration.to_string(), "equal jobs per processor and iteration");
        let k = LevelConstants { groups: 4, alpha: 0.5, beta: 0.75 };
        assert_eq!(k.to_string(), "max of 4 groups: α = 0.5000, β = 0.7500");
        let e = Estimate { mean: 1.5, std_err: 0.01, n: 100 };
        let run = ExactRun { processors: 2, replicas: vec![2], iteration_times: vec![e], speedups: vec![e], elb: e };
        assert_eq!(
            run.to_string(),
            "exact model (5.4) on P = 2: ELB 1.500000 ± 1.00e-2; R = 2: time 1.500000 ± 1.00e-2, speedup 1.5000 ± 1.00e-2"
        );
    }

    #[test]
    fn harmonic_numbers() {
        // H_n for large n against the sum (and ln n + γ).
        let exact: f64 = (1..=20_000u64).rev().map(|k| 1.0 / k as f64).sum();
        assert!((harmonic(20_000) - exact).abs() < 1e-13);
        assert!((harmonic(10_000) - harmonic(10_001) + 1.0 / 10_001.0).abs() < 1e-13);
    }

    #[test]
    fn bad_input() {
        let heavy = Law::pareto(1.0, 2.0).unwrap();
        assert!(matches!(
            ExactModel::new(heavy, Dependence::Independent),
            Err(ReplicationError::InvalidParameter { name: "job-time variance", .. })
        ));
        let m = ExactModel::new(Law::exponential(1.0).unwrap(), Dependence::Independent).unwrap();
        let mc = MonteCarlo::new(1, 10).unwrap();
        assert!(matches!(m.run(&[3], 8, &mc), Err(ReplicationError::NotPowerOfTwo { .. })));
        assert!(matches!(m.run(&[], 8, &mc), Err(ReplicationError::TooShort { .. })));
        assert!(matches!(m.run(&[1 << 20], 1 << 20, &mc), Err(ReplicationError::TooLarge { .. })));
        assert!(matches!(m.level_constants(8, 8, &mc), Err(ReplicationError::ReplicasExceedProcessors { .. })));
    }
}
