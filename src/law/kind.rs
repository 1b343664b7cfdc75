//! The law's private representation: its parameters and its sampler, built once.

use rand::Rng;
use rand_distr::{Distribution, Exp, Gamma, LogNormal, Normal, Pareto, Uniform, Weibull};

use super::truncated_normal::TruncatedNormal;

/// One variant per family, holding the parameters the distribution functions use and the
/// `rand_distr` sampler built by the constructor (never per draw).
#[derive(Debug, Clone, Copy)]
pub(super) enum Kind {
    Normal { mean: f64, sd: f64, sampler: Normal<f64> },
    Exponential { rate: f64, sampler: Exp<f64> },
    Gamma { shape: f64, rate: f64, sampler: Gamma<f64> },
    Lognormal { mu_log: f64, sd_log: f64, sampler: LogNormal<f64> },
    Weibull { shape: f64, scale: f64, sampler: Weibull<f64> },
    Pareto { scale: f64, shape: f64, sampler: Pareto<f64> },
    Uniform { min: f64, max: f64, sampler: Uniform<f64> },
    Deterministic { value: f64 },
    TruncatedNormal(TruncatedNormal),
    ShortOrTruncatedNormal { p_short: f64, short: f64, long: TruncatedNormal },
}

impl Kind {
    /// One draw.
    pub(super) fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        match self {
            Kind::Normal { sampler, .. } => sampler.sample(rng),
            Kind::Exponential { sampler, .. } => sampler.sample(rng),
            Kind::Gamma { sampler, .. } => sampler.sample(rng),
            Kind::Lognormal { sampler, .. } => sampler.sample(rng),
            Kind::Weibull { sampler, .. } => sampler.sample(rng),
            Kind::Pareto { sampler, .. } => sampler.sample(rng),
            Kind::Uniform { sampler, .. } => sampler.sample(rng),
            Kind::Deterministic { value } => *value,
            Kind::TruncatedNormal(t) => t.sample(rng),
            Kind::ShortOrTruncatedNormal { p_short, short, long } => {
                if rng.random::<f64>() < *p_short {
                    *short
                } else {
                    long.sample(rng)
                }
            }
        }
    }
}
