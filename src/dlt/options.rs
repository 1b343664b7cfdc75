//! How to solve: the load, the cost scale and the order children are served in, and the
//! validation of the homogeneous models' inputs.

use super::cost_scale::CostScale;
use super::error::{DltError, non_negative, positive};

/// How to solve: the load `L`, the cost scale and the order children are served in.
///
/// `Options::default()` is a unit load, [`CostScale::unit`] and [`OrderPolicy::Optimal`].
/// Functions whose order is fixed by the model (chains, product forms in the given order,
/// homogeneous networks, start-ups in the given order) do not consult `order`; their
/// documentation says so.
///
/// ```
/// use loadbal::dlt::{CostScale, Options, OrderPolicy};
/// let o = Options::load(10.0).with_scale(CostScale::new(2.0, 1.0).unwrap()).with_order(OrderPolicy::AsGiven);
/// assert_eq!((o.load, o.scale.t_cp(), o.order), (10.0, 2.0, OrderPolicy::AsGiven));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Options {
    /// The load `L` to distribute, finite and > 0.
    pub load: f64,
    /// `T_cp` and `T_cm`.
    pub scale: CostScale,
    /// The order children are served in, where the function chooses one.
    pub order: OrderPolicy,
}

impl Default for Options {
    fn default() -> Self {
        Self { load: 1.0, scale: CostScale::unit(), order: OrderPolicy::Optimal }
    }
}

impl Options {
    /// The default options with load `load`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Options;
    /// assert_eq!(Options::load(10.0), Options { load: 10.0, ..Options::default() });
    /// ```
    pub fn load(load: f64) -> Self {
        Self { load, ..Self::default() }
    }

    /// The same options with another scale.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, Options};
    /// let o = Options::default().with_scale(CostScale::new(2.0, 1.0).unwrap());
    /// assert_eq!((o.load, o.scale.t_cp()), (1.0, 2.0));
    /// ```
    pub fn with_scale(self, scale: CostScale) -> Self {
        Self { scale, ..self }
    }

    /// The same options with another order policy.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Options, OrderPolicy};
    /// assert_eq!(Options::default().with_order(OrderPolicy::AsGiven).order, OrderPolicy::AsGiven);
    /// ```
    pub fn with_order(self, order: OrderPolicy) -> Self {
        Self { order, ..self }
    }

    /// Checks the load and the scale.
    pub(crate) fn check(&self) -> Result<(), DltError> {
        positive("load", 0, self.load)?;
        Ok(())
    }
}

/// How the children of a star (or of each tree node) are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum OrderPolicy {
    /// Serve the children in input order.
    AsGiven,
    /// Serve them by non-decreasing `z` (stable): optimal for linear costs (Bharadwaj et al.
    /// 1996; an exchange argument: swapping two adjacent children so that the faster link goes
    /// first never lengthens the schedule).
    Optimal,
}

/// Validates a homogeneous network's `w > 0`, `z ≥ 0` and the load (a [`CostScale`] is valid
/// by construction).
pub(crate) fn uniform(w: f64, z: f64, opts: &Options) -> Result<(), DltError> {
    positive("w", 0, w)?;
    non_negative("z", 0, z)?;
    positive("load", 0, opts.load)?;
    Ok(())
}
