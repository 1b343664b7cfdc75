//! The unit times `T_cp` and `T_cm` that scale inverse speeds into times.

use std::fmt;

use super::error::{DltError, non_negative, positive};

/// The scale constants of the divisible-load literature (Bharadwaj et al. 1996, see
/// [`crate::references`]; Jia, §2.1): `T_cp` seconds for the standard
/// processor to compute one unit of load and `T_cm` seconds for the standard link to send one.
/// A processor of inverse speed `w` computes one unit in `a = w·T_cp`; a link of inverse speed
/// `z` sends one unit in `c = z·T_cm`.
///
/// Built by [`CostScale::new`] (or [`CostScale::unit`]), so every value is valid: `T_cp` finite
/// and > 0, `T_cm` finite and ≥ 0. `T_cm = 0` is free communication: every formula then gives
/// the computation-only schedule (equal finish times, `T = w_eq·T_cp·L`).
///
/// ```
/// use loadbal::dlt::CostScale;
/// let s = CostScale::new(2.0, 0.5).unwrap();
/// assert_eq!((s.t_cp(), s.t_cm()), (2.0, 0.5));
/// assert!(CostScale::new(0.0, 1.0).is_err());
/// assert!(CostScale::new(1.0, 0.0).is_ok()); // free communication
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawCostScale", into = "RawCostScale"))]
pub struct CostScale {
    t_cp: f64,
    t_cm: f64,
}

impl CostScale {
    /// A validated scale.
    ///
    /// # Errors
    /// [`DltError::NonPositive`] unless `t_cp > 0`, [`DltError::Negative`] if `t_cm < 0`,
    /// [`DltError::NonFinite`] for a NaN or infinite value.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, DltError};
    /// assert_eq!(CostScale::new(2.0, 0.5).unwrap().t_cp(), 2.0);
    /// assert!(matches!(CostScale::new(0.0, 1.0), Err(DltError::NonPositive { .. })));
    /// assert!(matches!(CostScale::new(1.0, -1.0), Err(DltError::Negative { .. })));
    /// ```
    pub fn new(t_cp: f64, t_cm: f64) -> Result<Self, DltError> {
        positive("t_cp", 0, t_cp)?;
        non_negative("t_cm", 0, t_cm)?;
        Ok(Self { t_cp, t_cm })
    }

    /// `T_cp = T_cm = 1`: w and z are then the times per unit directly.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::CostScale;
    /// assert_eq!(CostScale::unit(), CostScale::new(1.0, 1.0).unwrap());
    /// ```
    pub const fn unit() -> Self {
        Self { t_cp: 1.0, t_cm: 1.0 }
    }

    /// Time for the standard processor to compute one unit of load (finite, > 0).
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// assert_eq!(loadbal::dlt::CostScale::new(2.0, 0.5).unwrap().t_cp(), 2.0);
    /// ```
    pub fn t_cp(&self) -> f64 {
        self.t_cp
    }

    /// Time for the standard link to send one unit of load (finite, ≥ 0).
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// assert_eq!(loadbal::dlt::CostScale::new(2.0, 0.5).unwrap().t_cm(), 0.5);
    /// ```
    pub fn t_cm(&self) -> f64 {
        self.t_cm
    }

    /// `σ = z·T_cm/(w·T_cp)` of a homogeneous network, after checking `w > 0` and `z ≥ 0`.
    pub(crate) fn ratio(&self, w: f64, z: f64) -> Result<f64, DltError> {
        positive("w", 0, w)?;
        non_negative("z", 0, z)?;
        Ok(z * self.t_cm / (w * self.t_cp))
    }
}

impl Default for CostScale {
    fn default() -> Self {
        Self::unit()
    }
}

impl fmt::Display for CostScale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "T_cp = {}, T_cm = {}", self.t_cp, self.t_cm)
    }
}

/// The serialised form of a [`CostScale`], validated on deserialisation.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RawCostScale {
    t_cp: f64,
    t_cm: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<RawCostScale> for CostScale {
    type Error = DltError;
    fn try_from(raw: RawCostScale) -> Result<Self, DltError> {
        Self::new(raw.t_cp, raw.t_cm)
    }
}

#[cfg(feature = "serde")]
impl From<CostScale> for RawCostScale {
    fn from(s: CostScale) -> Self {
        RawCostScale { t_cp: s.t_cp, t_cm: s.t_cm }
    }
}
