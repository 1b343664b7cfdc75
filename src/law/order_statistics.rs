//! The order statistics of i.i.d. draws of a law: [`IidLaw`] for [`Law`].

use super::kind::Kind;
use super::law_type::Law;
use crate::numerics::gamma_inverse::{self as gamma, MAX_SHAPE, MIN_SHAPE};
use crate::numerics::normal::{std_normal_ln_cdf, std_normal_ln_sf};
use crate::order_stats::uniform_order_stat_moments;
use crate::order_stats::{IidLaw, OrderStatMoments, OrderStatsError, order_stat_moments_std_normal};

/// Largest log-normal `sd_log` accepted: beyond, `E[max]` of large samples leaves `f64`'s range
/// and the `e^{σz}` weight needs grids past the asymptotic tail formulas' tested range.
const MAX_LOGNORMAL_SD: f64 = 6.0;
/// Weibull shapes accepted.
const WEIBULL_SHAPES: (f64, f64) = (0.05, 1e4);

fn within(name: &'static str, value: f64, lo: f64, hi: f64, domain: &'static str) -> Result<(), OrderStatsError> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(OrderStatsError::OutsideAccuracyDomain { name, value, domain })
    }
}

/// The order statistics of every law but the truncated normal and the mixture: closed forms for
/// the normal, uniform and deterministic laws, the quadrature of
/// [`expected_order_stat_iid`](crate::order_stats::expected_order_stat_iid) for the others, on
/// the domain where it reaches 1e−12 relative: gamma shape in `[0.01, 10⁵]`, log-normal
/// `sd_log ≤ 6`, Weibull shape in `[0.05, 10⁴]` (other parameters are refused with
/// [`OrderStatsError::OutsideAccuracyDomain`]). The truncated normal and the mixture are refused
/// with [`OrderStatsError::UnsupportedLaw`]. [`IidLaw::ln_quantile_at_score`] answers every law
/// (from the tail the score lies in, with the accuracy of [`Law::quantile`]), with −∞ where the
/// quantile is not positive (a normal law's lower tail), never NaN.
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::order_stats::{OrderStatsError, expected_max_iid};
/// let e = expected_max_iid(&Law::exponential(2.0).unwrap(), 4).unwrap(); // H_4/2
/// assert!((e / ((1.0 + 0.5 + 1.0 / 3.0 + 0.25) / 2.0) - 1.0).abs() < 1e-13);
/// assert!(matches!(
///     expected_max_iid(&Law::gamma(1e-3, 1.0).unwrap(), 4),
///     Err(OrderStatsError::OutsideAccuracyDomain { name: "shape", .. })
/// ));
/// ```
impl IidLaw for Law {
    fn check(&self) -> Result<(), OrderStatsError> {
        match self.kind {
            Kind::Gamma { shape, .. } => within("shape", shape, MIN_SHAPE, MAX_SHAPE, "[0.01, 1e5]"),
            Kind::Lognormal { sd_log, .. } => within("sd_log", sd_log, 0.0, MAX_LOGNORMAL_SD, "(0, 6]"),
            Kind::Weibull { shape, .. } => within("shape", shape, WEIBULL_SHAPES.0, WEIBULL_SHAPES.1, "[0.05, 1e4]"),
            Kind::TruncatedNormal(_) => Err(OrderStatsError::UnsupportedLaw { law: "truncated normal" }),
            Kind::ShortOrTruncatedNormal { .. } => {
                Err(OrderStatsError::UnsupportedLaw { law: "short-or-truncated-normal mixture" })
            }
            Kind::Normal { .. }
            | Kind::Exponential { .. }
            | Kind::Pareto { .. }
            | Kind::Uniform { .. }
            | Kind::Deterministic { .. } => Ok(()),
        }
    }

    fn ln_quantile_at_score(&self, z: f64) -> f64 {
        match self.kind {
            Kind::Lognormal { mu_log, sd_log, .. } => mu_log + sd_log * z,
            Kind::Gamma { shape, rate, .. } => gamma::ln_quantile_at_score(shape, z) - rate.ln(),
            Kind::Exponential { .. } | Kind::Weibull { .. } | Kind::Pareto { .. } => {
                self.ln_quantile_from_ln_sf(std_normal_ln_sf(z), std_normal_ln_cdf(z))
            }
            // Closed forms or refused by `check` (the quadrature never asks): the quantile from
            // the tail the score lies in, −∞ where it is not positive (a normal's lower tail).
            Kind::Normal { .. }
            | Kind::Uniform { .. }
            | Kind::Deterministic { .. }
            | Kind::TruncatedNormal(_)
            | Kind::ShortOrTruncatedNormal { .. } => {
                let x = if z <= 0.0 {
                    self.at_lower_tail(std_normal_ln_cdf(z), z)
                } else {
                    self.at_upper_tail(std_normal_ln_sf(z), z)
                };
                if x > 0.0 { x.ln() } else { f64::NEG_INFINITY }
            }
        }
    }

    fn tail_index(&self) -> f64 {
        match self.kind {
            Kind::Pareto { shape, .. } => shape,
            _ => f64::INFINITY,
        }
    }

    fn closed_form(&self, r: u64, n: u64) -> Option<Result<OrderStatMoments, OrderStatsError>> {
        match self.kind {
            Kind::Normal { mean, sd, .. } => Some(
                order_stat_moments_std_normal(r, n)
                    .map(|m| OrderStatMoments { mean: mean + sd * m.mean, sd: sd * m.sd }),
            ),
            Kind::Uniform { min, max, .. } => Some(uniform_order_stat_moments(min, max, r, n)),
            Kind::Deterministic { value } => Some(Ok(OrderStatMoments { mean: value, sd: 0.0 })),
            _ => None,
        }
    }
}
