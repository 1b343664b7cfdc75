//! The first two moments of a service or vacation time, the inputs of the M/G/1 formulas (the
//! simulators draw from a [`Law`] directly).

use super::QueueingError;
use super::error::{non_negative, positive};
use crate::law::Law;

/// The first two moments of a service (or vacation) time, the only inputs of the
/// Pollaczek–Khinchine formula and of Jia, eq. (5.4).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ServiceMoments {
    /// `E[S] > 0`.
    pub mean: f64,
    /// `E[S²] ≥ E[S]²`.
    pub second_moment: f64,
}

/// The two moments and the squared coefficient of variation:
///
/// ```
/// use loadbal::queueing::ServiceMoments;
/// let m = ServiceMoments::from_scv(2.0, 1.0).unwrap();
/// assert_eq!(m.to_string(), "E[S] = 2, E[S²] = 8 (scv 1)");
/// ```
impl std::fmt::Display for ServiceMoments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "E[S] = {}, E[S²] = {} (scv {})", self.mean, self.second_moment, self.scv())
    }
}

impl ServiceMoments {
    /// Moments from the mean and the second moment.
    ///
    /// # Errors
    /// [`QueueingError::InvalidRate`] for a non-positive or non-finite mean,
    /// [`QueueingError::InvalidMoments`] when `second_moment < mean²` or is not finite.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::{QueueingError, ServiceMoments};
    /// // Exponential with mean 2: E[S²] = 2·2² = 8, scv 1.
    /// assert_eq!(ServiceMoments::new(2.0, 8.0).unwrap().scv(), 1.0);
    /// assert!(matches!(ServiceMoments::new(2.0, 3.0), Err(QueueingError::InvalidMoments { .. }))); // E[S²] < E[S]²
    /// ```
    pub fn new(mean: f64, second_moment: f64) -> Result<Self, QueueingError> {
        positive("mean service time", mean)?;
        if !second_moment.is_finite() || second_moment < mean * mean * (1.0 - 1e-12) {
            return Err(QueueingError::InvalidMoments { mean, second_moment });
        }
        Ok(ServiceMoments { mean, second_moment: second_moment.max(mean * mean) })
    }

    /// Moments from the mean and the squared coefficient of variation `scv = Var[S]/E[S]²`.
    ///
    /// # Formula
    /// ```text
    /// E[S²] = (1 + scv)·E[S]²
    /// ```
    ///
    /// # Errors
    /// [`QueueingError::InvalidRate`] for a bad mean, [`QueueingError::NegativeValue`] for a
    /// negative or non-finite `scv`, [`QueueingError::TooLarge`] naming the mean when the second
    /// moment `(1 + scv)·mean²` overflows `f64`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::ServiceMoments;
    /// let m = ServiceMoments::from_scv(2.0, 1.0).unwrap(); // exponential with mean 2
    /// assert_eq!(m.second_moment, 8.0);
    /// ```
    pub fn from_scv(mean: f64, scv: f64) -> Result<Self, QueueingError> {
        positive("mean service time", mean)?;
        non_negative("squared coefficient of variation", scv)?;
        let second_moment = (1.0 + scv) * mean * mean;
        if !second_moment.is_finite() {
            // E[S²] = (1 + scv)·mean² must be an f64: mean ≤ √(f64::MAX/(1 + scv)).
            let limit = (f64::MAX / (1.0 + scv)).sqrt();
            return Err(QueueingError::TooLarge { name: "mean service time", value: mean, limit });
        }
        Ok(ServiceMoments { mean, second_moment })
    }

    /// The moments of a service-time law: its mean and second moment.
    ///
    /// # Formula
    /// ```text
    /// E[S²] = Var[S] + E[S]²
    /// ```
    ///
    /// # Errors
    /// [`QueueingError::InvalidRate`] for a law whose mean is not positive, or that can take
    /// negative values; [`QueueingError::InvalidMoments`] for an infinite second moment.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::queueing::ServiceMoments;
    /// let m = ServiceMoments::from_law(&Law::exponential(0.5).unwrap()).unwrap();
    /// assert_eq!((m.mean, m.second_moment), (2.0, 8.0));
    /// ```
    pub fn from_law(law: &Law) -> Result<Self, QueueingError> {
        check_time_law("service time law", law)?;
        ServiceMoments::new(law.mean(), law.second_moment())
    }

    /// The squared coefficient of variation `E[S²]/E[S]² − 1`.
    ///
    /// # Accuracy
    /// `E[S²]/E[S]² − 1`: relative error a few ulps, absolute `3e-16·E[S²]/E[S]²` (cancellation when
    /// the service time is nearly constant).
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::queueing::ServiceMoments;
    /// // Exponential service of mean 2: E[S²] = 8, scv 1, mean residual 2.
    /// let m = ServiceMoments::new(2.0, 8.0).unwrap();
    /// assert_eq!((m.scv(), m.mean_residual()), (1.0, 2.0));
    /// ```
    pub fn scv(&self) -> f64 {
        self.second_moment / (self.mean * self.mean) - 1.0
    }

    /// Mean residual time `E[S²]/(2·E[S])` seen by a random observer.
    ///
    /// # Accuracy
    /// One division: correctly rounded up to one ulp.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::ServiceMoments;
    /// // Exponential: memoryless, the residual is the mean; deterministic: half of it.
    /// assert_eq!(ServiceMoments::from_scv(2.0, 1.0).unwrap().mean_residual(), 2.0);
    /// assert_eq!(ServiceMoments::from_scv(2.0, 0.0).unwrap().mean_residual(), 1.0);
    /// ```
    pub fn mean_residual(&self) -> f64 {
        self.second_moment / (2.0 * self.mean)
    }
}

/// A law of a positive time: a positive mean and no negative values.
pub(crate) fn check_time_law(name: &'static str, law: &Law) -> Result<(), QueueingError> {
    positive(name, law.mean())?;
    let min = law.support().min;
    if min < 0.0 {
        return Err(QueueingError::InvalidRate { name, value: min });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_of_each_distribution() {
        let e = ServiceMoments::from_law(&Law::exponential(0.5).unwrap()).unwrap();
        assert_eq!((e.mean, e.second_moment), (2.0, 8.0));
        let d = ServiceMoments::from_law(&Law::deterministic(3.0).unwrap()).unwrap();
        assert_eq!(d.second_moment, 9.0);
        let g = ServiceMoments::from_law(&Law::gamma_mean_scv(1.0, 0.5).unwrap()).unwrap();
        assert!((g.scv() - 0.5).abs() < 1e-12);
    }

    #[test]
    fn rejects_bad_moments() {
        assert!(matches!(ServiceMoments::new(2.0, 3.0), Err(QueueingError::InvalidMoments { .. })));
        assert!(ServiceMoments::new(-1.0, 3.0).is_err());
        assert!(ServiceMoments::from_scv(1.0, f64::NAN).is_err());
        assert!(ServiceMoments::from_law(&Law::normal(1.0, 1.0).unwrap()).is_err()); // negative times
        assert!(ServiceMoments::from_law(&Law::deterministic(0.0).unwrap()).is_err());
        assert!(ServiceMoments::from_law(&Law::pareto(1.0, 1.5).unwrap()).is_err()); // E[S²] = ∞
    }
}
