//! Service and vacation time distributions: their first two moments (for the formulas) and
//! samplers (for the simulators).

use super::QueueingError;
use super::error::{non_negative, positive};
use rand::Rng;
use rand_distr::{Distribution, Exp, Gamma};

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
    /// negative or non-finite `scv`.
    ///
    /// ```
    /// use loadbal::queueing::ServiceMoments;
    /// let m = ServiceMoments::from_scv(2.0, 1.0).unwrap(); // exponential with mean 2
    /// assert_eq!(m.second_moment, 8.0);
    /// ```
    pub fn from_scv(mean: f64, scv: f64) -> Result<Self, QueueingError> {
        positive("mean service time", mean)?;
        non_negative("squared coefficient of variation", scv)?;
        Ok(ServiceMoments { mean, second_moment: (1.0 + scv) * mean * mean })
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
    pub fn mean_residual(&self) -> f64 {
        self.second_moment / (2.0 * self.mean)
    }
}

/// A positive random time (service or vacation) that the simulators can draw.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dist {
    /// Exponential with the given mean (scv 1).
    Exponential {
        /// Mean.
        mean: f64,
    },
    /// A constant (scv 0): M/D/1.
    Deterministic {
        /// The value.
        value: f64,
    },
    /// Gamma with the given mean and squared coefficient of variation (shape 1/scv).
    Gamma {
        /// Mean.
        mean: f64,
        /// Squared coefficient of variation, > 0.
        scv: f64,
    },
}

/// The law and its parameters:
///
/// ```
/// use loadbal::queueing::Dist;
/// assert_eq!(Dist::Gamma { mean: 2.0, scv: 0.5 }.to_string(), "Gamma(mean = 2, scv = 0.5)");
/// assert_eq!(Dist::Deterministic { value: 1.5 }.to_string(), "Deterministic(1.5)");
/// ```
impl std::fmt::Display for Dist {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Dist::Exponential { mean } => write!(f, "Exponential(mean = {mean})"),
            Dist::Deterministic { value } => write!(f, "Deterministic({value})"),
            Dist::Gamma { mean, scv } => write!(f, "Gamma(mean = {mean}, scv = {scv})"),
        }
    }
}

impl Dist {
    /// Validates the parameters.
    ///
    /// # Errors
    /// [`QueueingError::InvalidRate`] for a non-positive or non-finite mean, value or scv.
    pub fn validate(&self) -> Result<(), QueueingError> {
        match *self {
            Dist::Exponential { mean } => positive("mean", mean).map(|_| ()),
            Dist::Deterministic { value } => positive("deterministic value", value).map(|_| ()),
            Dist::Gamma { mean, scv } => {
                positive("mean", mean)?;
                positive("gamma scv", scv).map(|_| ())
            }
        }
    }

    /// Mean and second moment.
    ///
    /// # Errors
    /// As [`Dist::validate`].
    pub fn moments(&self) -> Result<ServiceMoments, QueueingError> {
        self.validate()?;
        match *self {
            Dist::Exponential { mean } => ServiceMoments::from_scv(mean, 1.0),
            Dist::Deterministic { value } => ServiceMoments::from_scv(value, 0.0),
            Dist::Gamma { mean, scv } => ServiceMoments::from_scv(mean, scv),
        }
    }

    /// The mean.
    ///
    /// # Accuracy
    /// Exact (stored value).
    pub fn mean(&self) -> f64 {
        match *self {
            Dist::Exponential { mean } | Dist::Gamma { mean, .. } => mean,
            Dist::Deterministic { value } => value,
        }
    }

    /// A sampler for a validated distribution.
    pub(crate) fn sampler(&self) -> Result<Sampler, QueueingError> {
        self.validate()?;
        Ok(match *self {
            Dist::Exponential { mean } => Sampler::Exp(Exp::new(1.0 / mean).map_err(|_| bad(mean))?),
            Dist::Deterministic { value } => Sampler::Const(value),
            Dist::Gamma { mean, scv } => Sampler::Gamma(Gamma::new(1.0 / scv, mean * scv).map_err(|_| bad(mean))?),
        })
    }
}

fn bad(value: f64) -> QueueingError {
    QueueingError::InvalidRate { name: "distribution parameter", value }
}

/// A ready-to-draw form of [`Dist`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum Sampler {
    Exp(Exp<f64>),
    Const(f64),
    Gamma(Gamma<f64>),
}

impl Sampler {
    pub(crate) fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        match self {
            Sampler::Exp(d) => d.sample(rng),
            Sampler::Const(v) => *v,
            Sampler::Gamma(d) => d.sample(rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_of_each_distribution() {
        let e = Dist::Exponential { mean: 2.0 }.moments().unwrap();
        assert_eq!((e.mean, e.second_moment), (2.0, 8.0));
        let d = Dist::Deterministic { value: 3.0 }.moments().unwrap();
        assert_eq!(d.second_moment, 9.0);
        let g = Dist::Gamma { mean: 1.0, scv: 0.5 }.moments().unwrap();
        assert!((g.scv() - 0.5).abs() < 1e-12);
    }

    #[test]
    fn rejects_bad_moments() {
        assert!(matches!(ServiceMoments::new(2.0, 3.0), Err(QueueingError::InvalidMoments { .. })));
        assert!(ServiceMoments::new(-1.0, 3.0).is_err());
        assert!(ServiceMoments::from_scv(1.0, f64::NAN).is_err());
        assert!(Dist::Gamma { mean: 1.0, scv: 0.0 }.validate().is_err());
    }
}
