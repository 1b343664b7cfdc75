//! The trait of a law whose order statistics the crate computes.

use super::error::OrderStatsError;
use super::normal::OrderStatMoments;

/// A continuous law whose order statistics the crate computes through normal scores:
/// `X_(r:n) = F⁻¹(Φ(Z_(r:n)))`, with the mean and variance taken by the order-statistics
/// quadrature in log space ([`expected_order_stat_iid`](super::expected_order_stat_iid),
/// [`expected_max_iid`](super::expected_max_iid), [`expected_min_iid`](super::expected_min_iid),
/// [`order_stat_moments_iid`](super::order_stat_moments_iid)).
///
/// The crate's law type [`Law`](crate::law::Law) implements it (with closed forms for the
/// normal, uniform and constant laws). Implement it for a positive law of your own by giving
/// `ln F⁻¹(Φ(z))` accurately in both tails.
///
/// # Examples
///
/// A law of one's own, the exponential of rate 1 written out (`F⁻¹(p) = −ln(1 − p)`):
///
/// ```
/// use loadbal::law::Law;
/// use loadbal::order_stats::{IidLaw, OrderStatsError, expected_max_iid};
/// // ln Q(z), accurate in both tails, is the standard normal law's `ln_sf`.
/// struct UnitExponential {
///     std: Law,
/// }
/// impl IidLaw for UnitExponential {
///     fn check(&self) -> Result<(), OrderStatsError> {
///         Ok(())
///     }
///     fn ln_quantile_at_score(&self, z: f64) -> f64 {
///         // −ln(1 − Φ(z)) = −ln Q(z); accurate in the upper tail, and good enough at its centre
///         // for this example.
///         (-self.std.ln_sf(z)).ln()
///     }
/// }
/// let law = UnitExponential { std: Law::normal(0.0, 1.0).unwrap() };
/// let e = expected_max_iid(&law, 2).unwrap();
/// assert!((e - 1.5).abs() < 1e-9);
/// ```
pub trait IidLaw {
    /// Checks that the law lies where the order-statistics functions reach their documented
    /// accuracy.
    ///
    /// # Errors
    /// A typed error naming the parameter outside the domain, or the law refused.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::order_stats::{IidLaw, OrderStatsError};
    /// assert!(Law::exponential(1.0).unwrap().check().is_ok());
    /// let tiny_shape = Law::gamma(1e-3, 1.0).unwrap().check();
    /// assert!(matches!(tiny_shape, Err(OrderStatsError::OutsideAccuracyDomain { name: "shape", .. })));
    /// ```
    fn check(&self) -> Result<(), OrderStatsError>;

    /// `ln F⁻¹(Φ(z))`: the logarithm of the law's quantile at the normal score `z`. It must be
    /// accurate to about 1e−15 absolute (so `F⁻¹` to 1e−15 relative) in both tails: compute it
    /// from `ln Φ(z)` for `z ≤ 0` and from `ln Q(z)` for `z > 0`
    /// ([`Law::ln_cdf`](crate::law::Law::ln_cdf), [`Law::ln_sf`](crate::law::Law::ln_sf) of a standard normal law).
    /// Only called for laws whose [`IidLaw::closed_form`] is `None` and whose
    /// [`IidLaw::check`] passed.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::order_stats::IidLaw;
    /// // The median of Exp(1) is ln 2, at the normal score 0.
    /// let e = Law::exponential(1.0).unwrap();
    /// assert!((e.ln_quantile_at_score(0.0) - 2f64.ln().ln()).abs() < 1e-15);
    /// ```
    fn ln_quantile_at_score(&self, z: f64) -> f64;

    /// The tail index `α`: `E[X^k]` is finite exactly for `k < α` (∞ for laws with every moment).
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::order_stats::IidLaw;
    /// assert_eq!(Law::pareto(1.0, 3.0).unwrap().tail_index(), 3.0);
    /// assert_eq!(Law::exponential(1.0).unwrap().tail_index(), f64::INFINITY);
    /// ```
    fn tail_index(&self) -> f64 {
        f64::INFINITY
    }

    /// The mean and standard deviation of `X_(r:n)` in closed form, for laws that have one
    /// (location–scale normal, uniform); `None` sends the law through the quadrature.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::order_stats::IidLaw;
    /// // The larger of two standard normals has mean 1/√π.
    /// let m = Law::normal(0.0, 1.0).unwrap().closed_form(2, 2).unwrap().unwrap();
    /// assert!((m.mean - 1.0 / std::f64::consts::PI.sqrt()).abs() < 1e-15);
    /// assert!(Law::exponential(1.0).unwrap().closed_form(2, 2).is_none()); // by quadrature
    /// ```
    fn closed_form(&self, r: u64, n: u64) -> Option<Result<OrderStatMoments, OrderStatsError>> {
        let _ = (r, n);
        None
    }
}
