//! Monte Carlo over replications of the simulator and of the remaining-time model of Lemma 3,
//! through the crate's one harness ([`crate::montecarlo::MonteCarlo`]).

use rand::Rng;
use rand_distr::Distribution;

use super::count_step::CountStep;
use super::counts::adjusted_counts;
use super::error::{EnsembleError, check_len};
use super::sim::{SimConfig, simulate};
use crate::montecarlo::{Estimate, MonteCarlo};

/// Mean ± standard error of each metric over replications of one configuration; `std_dev()` of
/// each is the spread of single runs (what a paper's one-run table should be compared with).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MetricsEstimate {
    /// Mean compute time.
    pub avg: Estimate,
    /// Largest compute time.
    pub max: Estimate,
    /// Smallest compute time.
    pub min: Estimate,
    /// Root algebraic variance of compute times.
    pub rav: Estimate,
    /// Largest idle time.
    pub max_idle: Estimate,
    /// Average idle time.
    pub avg_idle: Estimate,
    /// Percentage idle time.
    pub pct_idle: Estimate,
    /// Wall clock.
    pub wall_clock: Estimate,
    /// Balancing steps that moved tasks.
    pub steps: Estimate,
    /// Sample algebraic variance ξ² of compute times (its mean estimates E\[ξ²\]).
    pub variance: Estimate,
}

impl std::fmt::Display for MetricsEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let e = |x: &Estimate| format!("{:.4} ± {:.2e}", x.mean, x.std_err);
        write!(
            f,
            "max {}, min {}, RAV {}, max idle {}, avg idle {} ({} runs, mean ± standard error)",
            e(&self.max),
            e(&self.min),
            e(&self.rav),
            e(&self.max_idle),
            e(&self.avg_idle),
            self.max.n
        )
    }
}

/// Runs `mc.replications` independent simulations of `cfg` and estimates every metric.
///
/// # Formula
/// ```text
/// mean and standard error over replications of each metric of simulate(cfg)
/// ```
///
/// # Errors
/// Any error of [`simulate`]; [`EnsembleError::MonteCarlo`] from the harness.
///
/// # Accuracy
/// Statistical: each field is a mean ± standard error over `mc.replications` runs, reproducible
/// bit for bit for a given seed whatever the thread count; checked against the static closed
/// forms within 4 standard errors in `tests/ensemble/ensemble_validation.rs`.
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{monte_carlo_metrics, Algorithm, SimConfig};
/// use loadbal::montecarlo::MonteCarlo;
/// let dist = Law::gamma_mean_sd(488.1, 116.6).unwrap();
/// let est = monte_carlo_metrics(&dist, &SimConfig::new(1000, 25, Algorithm::Static), &MonteCarlo::new(1, 200).unwrap()).unwrap();
/// assert!(est.avg.agrees_with(19_524.0, 4.0)); // 40 × 488.1
/// ```
pub fn monte_carlo_metrics<D>(dist: &D, cfg: &SimConfig, mc: &MonteCarlo) -> Result<MetricsEstimate, EnsembleError>
where
    D: Distribution<f64> + Sync + ?Sized,
{
    let mut cfg = cfg.clone();
    cfg.record_trajectory = false;
    let runs = mc.replicate(|_, rng| metrics_sample(dist, &cfg, rng));
    let mut cols: Vec<Vec<f64>> = (0..METRICS).map(|_| Vec::with_capacity(runs.len())).collect();
    for run in runs {
        for (c, v) in cols.iter_mut().zip(run?) {
            c.push(v);
        }
    }
    let est = cols.iter().map(|c| Estimate::from_samples(c)).collect::<Result<Vec<_>, _>>()?;
    MetricsEstimate::from_estimates(&est)
}

/// Components of one replication's outcome in [`metrics_sample`].
pub const METRICS: usize = 10;

/// One replication of [`monte_carlo_metrics`]: the metrics of one simulated run of `cfg`, in the
/// order of [`MetricsEstimate`]'s fields (avg, max, min, RAV, max idle, avg idle, % idle, wall
/// clock, steps, ξ²). For a program that runs the replications itself, for example a range of
/// chunks at a time ([`MonteCarlo::run_chunks`]); leave `cfg.record_trajectory` off.
///
/// # Errors
/// Any error of [`simulate`].
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{Algorithm, MetricsEstimate, SimConfig, metrics_sample, METRICS};
/// use loadbal::montecarlo::MonteCarlo;
/// let dist = Law::gamma_mean_sd(488.1, 116.6).unwrap();
/// let cfg = SimConfig::new(1000, 25, Algorithm::Md);
/// let mc = MonteCarlo::new(1, 100).unwrap();
/// let est = mc.estimate_vec(METRICS, |_, rng, out| out.copy_from_slice(&metrics_sample(&dist, &cfg, rng).unwrap())).unwrap();
/// let m = MetricsEstimate::from_estimates(&est).unwrap();
/// assert!(m.avg.agrees_with(19_524.0, 4.0)); // 40 × 488.1
/// ```
pub fn metrics_sample<D, G>(dist: &D, cfg: &SimConfig, rng: &mut G) -> Result<[f64; METRICS], EnsembleError>
where
    D: Distribution<f64> + ?Sized,
    G: Rng + ?Sized,
{
    simulate(dist, cfg, rng).map(|r| {
        let m = r.metrics;
        [m.avg, m.max, m.min, m.rav, m.max_idle, m.avg_idle, m.pct_idle, r.wall_clock, r.steps as f64, m.rav * m.rav]
    })
}

impl MetricsEstimate {
    /// The estimate from the means of the [`METRICS`] components of [`metrics_sample`].
    ///
    /// # Errors
    /// [`EnsembleError::LengthMismatch`] unless `est` has [`METRICS`] estimates.
    pub fn from_estimates(est: &[Estimate]) -> Result<Self, EnsembleError> {
        let [avg, max, min, rav, max_idle, avg_idle, pct_idle, wall_clock, steps, variance] = est else {
            return Err(EnsembleError::LengthMismatch { what: "metric estimates", got: est.len(), expected: METRICS });
        };
        Ok(MetricsEstimate {
            avg: *avg,
            max: *max,
            min: *min,
            rav: *rav,
            max_idle: *max_idle,
            avg_idle: *avg_idle,
            pct_idle: *pct_idle,
            wall_clock: *wall_clock,
            steps: *steps,
            variance: *variance,
        })
    }
}

fn draw<D: Distribution<f64> + ?Sized, G: Rng + ?Sized>(dist: &D, rng: &mut G) -> Result<f64, EnsembleError> {
    let d = dist.sample(rng);
    if d.is_finite() && d >= 0.0 { Ok(d) } else { Err(EnsembleError::BadDraw(d)) }
}

fn sample_variance(x: &[f64]) -> f64 {
    let m = x.iter().sum::<f64>() / x.len() as f64;
    x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (x.len() as f64 - 1.0)
}

/// One draw of the algebraic variance ξ² of remaining times under the model of Lemma 3: a running
/// processor's remaining time is f·t (f ~ U(0,1) independent of t, Lemma 2) plus its queued tasks;
/// its mean over draws is [`expected_algebraic_variance`](super::expected_algebraic_variance).
///
/// # Formula
/// ```text
/// X_i = s_i f_i t_i0 + Σ_{j=1}^{R_i − s_i} t_ij,   ξ² = (1/(p−1)) Σ (X_i − η)²
/// ```
///
/// # Errors
/// Errors of [`adjusted_counts`], [`EnsembleError::BadDraw`].
///
/// # Accuracy
/// Statistical: one exact draw (two-pass sample variance, relative rounding error about p·u);
/// averaged over draws it estimates E\[ξ²\] with its standard error, reproducible bit for bit for a
/// given seed; `tests/ensemble/ensemble_validation.rs` checks the mean against eq. (9') within 4 standard
/// errors.
///
/// # Examples
/// ```
/// use loadbal::ensemble::residual_variance_sample;
/// use rand::SeedableRng;
/// let d = rand_distr::Gamma::new(4.0, 1.0).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// assert!(residual_variance_sample(&d, &[0, 3, 4], &[false, true, true], &mut rng).unwrap() > 0.0);
/// ```
pub fn residual_variance_sample<D, G>(dist: &D, r: &[u64], running: &[bool], rng: &mut G) -> Result<f64, EnsembleError>
where
    D: Distribution<f64> + ?Sized,
    G: Rng + ?Sized,
{
    Ok(step_variance_sample(dist, CountStep::new(r, r, running), rng)?.before)
}

/// ξ² before and after one step, from [`step_variance_sample`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StepVariances {
    /// ξ²(X) before the step.
    pub before: f64,
    /// ξ²(X') after the step.
    pub after: f64,
}

impl std::fmt::Display for StepVariances {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ξ² {} before, {} after", self.before, self.after)
    }
}

/// Every processor's remaining time before and after one step, from [`remaining_times_sample`].
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RemainingTimes {
    /// X_i before the step, per processor.
    pub before: Vec<f64>,
    /// X'_i after the step, per processor.
    pub after: Vec<f64>,
}

impl std::fmt::Display for RemainingTimes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "remaining times of {} processors before and after a step", self.before.len())
    }
}

/// One draw of ξ² before and after a step from counts `before` to `after` with the same task
/// durations (running tasks stay, queued tasks move): the Monte Carlo check of (11).
///
/// # Formula
/// ```text
/// (ξ²(X), ξ²(X')) with X, X' from remaining_times_sample
/// ```
///
/// # Errors
/// As [`remaining_times_sample`].
///
/// # Accuracy
/// Statistical, as [`residual_variance_sample`]: the mean difference over draws estimates (11)
/// with its standard error (checked within 4 standard errors in `tests/ensemble/ensemble_validation.rs`).
///
/// # Examples
/// ```
/// use loadbal::ensemble::{step_variance_sample, CountStep};
/// use rand::SeedableRng;
/// let d = rand_distr::Gamma::new(4.0, 1.0).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let step = CountStep::new(&[0, 3, 5], &[2, 3, 3], &[false, true, true]);
/// let v = step_variance_sample(&d, step, &mut rng).unwrap();
/// assert!(v.before >= 0.0 && v.after >= 0.0);
/// ```
pub fn step_variance_sample<D, G>(dist: &D, step: CountStep<'_>, rng: &mut G) -> Result<StepVariances, EnsembleError>
where
    D: Distribution<f64> + ?Sized,
    G: Rng + ?Sized,
{
    let x = remaining_times_sample(dist, step, rng)?;
    Ok(StepVariances { before: sample_variance(&x.before), after: sample_variance(&x.after) })
}

/// One draw of every processor's remaining time before and after a step from counts `before` to
/// `after` under the model of Lemma 3: a running processor's task in progress has remaining time
/// f·t (f ~ U(0,1), Lemma 2) and stays; queued tasks keep their durations when they move.
///
/// # Formula
/// ```text
/// X_i = s_i f_i t_i0 + Σ_{j=1}^{R_i − s_i} t_ij,   X'_i = s_i f_i t_i0 + (the same queued durations, moved)
/// ```
///
/// # Errors
/// Errors of [`adjusted_counts`] for either vector, [`EnsembleError::LengthMismatch`],
/// [`EnsembleError::InvalidParameter`] when the totals differ, [`EnsembleError::BadDraw`].
///
/// # Accuracy
/// Statistical: one draw of the model, reproducible bit for bit for a given seed; each remaining
/// time is a sum of its draws (relative rounding error about R_i·u).
///
/// # Examples
/// ```
/// use loadbal::ensemble::{remaining_times_sample, CountStep};
/// use rand::SeedableRng;
/// let d = rand_distr::Gamma::new(4.0, 1.0).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let step = CountStep::new(&[0, 3, 5], &[2, 3, 3], &[false, true, true]);
/// let x = remaining_times_sample(&d, step, &mut rng).unwrap();
/// assert!((x.before.iter().sum::<f64>() - x.after.iter().sum::<f64>()).abs() < 1e-9);
/// ```
pub fn remaining_times_sample<D, G>(dist: &D, step: CountStep<'_>, rng: &mut G) -> Result<RemainingTimes, EnsembleError>
where
    D: Distribution<f64> + ?Sized,
    G: Rng + ?Sized,
{
    let CountStep { before, after, running } = step;
    check_len("count vector", before.len(), 2)?;
    if after.len() != before.len() {
        return Err(EnsembleError::LengthMismatch { what: "counts after", got: after.len(), expected: before.len() });
    }
    adjusted_counts(before, running)?;
    adjusted_counts(after, running)?;
    if before.iter().sum::<u64>() != after.iter().sum::<u64>() {
        return Err(EnsembleError::InvalidParameter {
            what: "Σ counts after",
            value: after.iter().sum::<u64>() as f64,
            why: "a step moves tasks, it neither creates nor removes them",
        });
    }
    let p = before.len();
    let mut x = vec![0.0; p];
    let mut x_after = vec![0.0; p];
    let mut pool = Vec::new();
    for i in 0..p {
        let s = u64::from(running[i]);
        if running[i] {
            let f: f64 = rng.random();
            x[i] = f * draw(dist, rng)?;
            x_after[i] = x[i];
        }
        let (qb, qa) = (before[i] - s, after[i] - s);
        for j in 0..qb {
            let t = draw(dist, rng)?;
            x[i] += t;
            if j < qa { x_after[i] += t } else { pool.push(t) }
        }
    }
    for i in 0..p {
        let s = u64::from(running[i]);
        for _ in (before[i] - s)..(after[i].saturating_sub(s)) {
            x_after[i] += pool.pop().expect("totals checked");
        }
    }
    Ok(RemainingTimes { before: x, after: x_after })
}
