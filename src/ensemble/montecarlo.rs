//! Monte Carlo over replications of the simulator, through the crate's one harness ([`crate::montecarlo::MonteCarlo`]).

use rand_distr::Distribution;

use super::error::EnsembleError;
use super::sim::{SimConfig, SimResult, simulate};
use crate::montecarlo::{Estimate, MonteCarlo};

/// Mean ± standard error of each metric over replications of one configuration; `sd()` of
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
    let est = mc.try_estimate_vec(MetricsEstimate::COMPONENTS, |_, rng, out| {
        out.copy_from_slice(&simulate(dist, &cfg, rng)?.metric_components());
        Ok::<(), EnsembleError>(())
    })?;
    MetricsEstimate::from_estimates(&est)
}

impl SimResult {
    /// The metrics of this run in the order of [`MetricsEstimate`]'s fields (avg, max, min, RAV,
    /// max idle, avg idle, % idle, wall clock, steps, ξ²): one replication of
    /// [`monte_carlo_metrics`], [`MetricsEstimate::COMPONENTS`] values, for a program that runs
    /// the replications itself, for example a range of chunks at a time
    /// ([`MonteCarlo::run_chunks`]; leave `record_trajectory` off).
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::ensemble::{Algorithm, MetricsEstimate, SimConfig, simulate};
    /// use loadbal::montecarlo::MonteCarlo;
    /// let dist = Law::gamma_mean_sd(488.1, 116.6).unwrap();
    /// let cfg = SimConfig::new(1000, 25, Algorithm::Md);
    /// let mc = MonteCarlo::new(1, 100).unwrap();
    /// let est = mc
    ///     .estimate_vec(MetricsEstimate::COMPONENTS, |_, rng, out| {
    ///         out.copy_from_slice(&simulate(&dist, &cfg, rng).unwrap().metric_components())
    ///     })
    ///     .unwrap();
    /// let m = MetricsEstimate::from_estimates(&est).unwrap();
    /// assert!(m.avg.agrees_with(19_524.0, 4.0)); // 40 × 488.1
    /// ```
    pub fn metric_components(&self) -> Vec<f64> {
        let m = &self.metrics;
        vec![
            m.avg,
            m.max,
            m.min,
            m.rav,
            m.max_idle,
            m.avg_idle,
            m.pct_idle,
            self.wall_clock,
            self.steps as f64,
            m.rav * m.rav,
        ]
    }
}

impl MetricsEstimate {
    /// The number of metrics of one run ([`SimResult::metric_components`]).
    pub const COMPONENTS: usize = 10;

    /// The estimate from the means of the [`MetricsEstimate::COMPONENTS`] values of
    /// [`SimResult::metric_components`].
    ///
    /// # Errors
    /// [`EnsembleError::LengthMismatch`] unless `est` has [`MetricsEstimate::COMPONENTS`] estimates.
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::{EnsembleError, MetricsEstimate};
    /// use loadbal::montecarlo::Estimate;
    /// let est: Vec<Estimate> = (0..MetricsEstimate::COMPONENTS).map(|i| Estimate { mean: i as f64, std_err: 0.1, n: 10 }).collect();
    /// let m = MetricsEstimate::from_estimates(&est).unwrap();
    /// assert_eq!((m.avg.mean, m.max.mean, m.variance.mean), (0.0, 1.0, 9.0));
    /// assert!(matches!(MetricsEstimate::from_estimates(&est[..3]), Err(EnsembleError::LengthMismatch { .. })));
    /// ```
    pub fn from_estimates(est: &[Estimate]) -> Result<Self, EnsembleError> {
        let [avg, max, min, rav, max_idle, avg_idle, pct_idle, wall_clock, steps, variance] = est else {
            return Err(EnsembleError::LengthMismatch {
                what: "metric estimates",
                got: est.len(),
                expected: MetricsEstimate::COMPONENTS,
            });
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
