//! The standard normal functions and special cases the crate keeps private, through the public
//! paths a user has: a standard normal [`Law`] for Φ, Q, their logarithms and quantiles (which
//! evaluate the crate's kernels at `(x − 0)/1`, bit for bit), and the general normal order
//! statistics for the special cases.
#![allow(dead_code)] // each test file uses a part of it

use loadbal::law::Law;
use loadbal::order_stats::{OrderStatsError, expected_min_normal, order_stat_moments_std_normal};

fn std() -> Law {
    Law::normal(0.0, 1.0).expect("N(0, 1)")
}

/// Φ(z).
pub fn std_normal_cdf(z: f64) -> f64 {
    std().cdf(z)
}

/// Q(z) = 1 − Φ(z).
pub fn std_normal_sf(z: f64) -> f64 {
    std().sf(z)
}

/// ln Φ(z).
pub fn std_normal_ln_cdf(z: f64) -> f64 {
    std().ln_cdf(z)
}

/// ln Q(z).
pub fn std_normal_ln_sf(z: f64) -> f64 {
    std().ln_sf(z)
}

/// Φ⁻¹(p), NaN outside (0, 1).
pub fn std_normal_quantile(p: f64) -> f64 {
    std().quantile(p).unwrap_or(f64::NAN)
}

/// Φ⁻¹(1 − q), NaN outside (0, 1).
pub fn upper_quantile(q: f64) -> f64 {
    std().upper_quantile(q).unwrap_or(f64::NAN)
}

/// E[min of n N(0, 1)].
pub fn expected_min_std_normal(n: u64) -> Result<f64, OrderStatsError> {
    expected_min_normal(0.0, 1.0, n)
}

/// E[Z_(r:n)].
pub fn expected_order_stat_std_normal(r: u64, n: u64) -> Result<f64, OrderStatsError> {
    order_stat_moments_std_normal(r, n).map(|m| m.mean)
}

/// sd[max of n N(0, 1)].
pub fn std_dev_max_std_normal(n: u64) -> Result<f64, OrderStatsError> {
    order_stat_moments_std_normal(n, n).map(|m| m.sd)
}
