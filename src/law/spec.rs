//! The plain description of a law: which constructor and its arguments, as data.

use std::fmt;

/// A law as plain data: the name of one [`Law`](super::Law) constructor and its arguments, with
/// the constructor's argument names. It is what a [`Law`](super::Law) serialises to, and
/// [`Law::try_from`](super::Law::try_from) validates it (so a deserialised law is always a valid
/// one).
///
/// With serde, the variant is the field `law`:
///
/// ```
/// use loadbal::law::{Law, LawSpec};
/// let spec = LawSpec::GammaMeanSd { mean: 488.1, sd: 116.6 };
/// let law = Law::try_from(spec).unwrap();
/// assert_eq!(law, Law::gamma_mean_sd(488.1, 116.6).unwrap());
/// assert_eq!(law.spec(), spec);
/// # #[cfg(feature = "serde")]
/// # {
/// let json = r#"{"law":"gamma_mean_sd","mean":488.1,"sd":116.6}"#;
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "law", rename_all = "snake_case", deny_unknown_fields))]
pub enum LawSpec {
    /// [`Law::normal`](super::Law::normal).
    Normal {
        /// Mean.
        mean: f64,
        /// Standard deviation.
        sd: f64,
    },
    /// [`Law::exponential`](super::Law::exponential).
    Exponential {
        /// Rate (the inverse of the mean).
        rate: f64,
    },
    /// [`Law::gamma`](super::Law::gamma).
    Gamma {
        /// Shape.
        shape: f64,
        /// Rate (inverse scale).
        rate: f64,
    },
    /// [`Law::gamma_mean_sd`](super::Law::gamma_mean_sd).
    GammaMeanSd {
        /// Mean.
        mean: f64,
        /// Standard deviation.
        sd: f64,
    },
    /// [`Law::gamma_mean_scv`](super::Law::gamma_mean_scv).
    GammaMeanScv {
        /// Mean.
        mean: f64,
        /// Squared coefficient of variation.
        scv: f64,
    },
    /// [`Law::lognormal`](super::Law::lognormal).
    Lognormal {
        /// Mean of the logarithm.
        mu_log: f64,
        /// Standard deviation of the logarithm.
        sd_log: f64,
    },
    /// [`Law::lognormal_mean_sd`](super::Law::lognormal_mean_sd).
    LognormalMeanSd {
        /// Mean.
        mean: f64,
        /// Standard deviation.
        sd: f64,
    },
    /// [`Law::weibull`](super::Law::weibull).
    Weibull {
        /// Shape.
        shape: f64,
        /// Scale.
        scale: f64,
    },
    /// [`Law::pareto`](super::Law::pareto).
    Pareto {
        /// Scale (the smallest value).
        scale: f64,
        /// Shape (the tail index).
        shape: f64,
    },
    /// [`Law::uniform`](super::Law::uniform).
    Uniform {
        /// Lower end.
        min: f64,
        /// Upper end.
        max: f64,
    },
    /// [`Law::deterministic`](super::Law::deterministic).
    Deterministic {
        /// The value.
        value: f64,
    },
    /// [`Law::truncated_normal`](super::Law::truncated_normal).
    TruncatedNormal {
        /// Mean of the parent normal.
        mean: f64,
        /// Standard deviation of the parent normal.
        sd: f64,
    },
    /// [`Law::short_or_truncated_normal`](super::Law::short_or_truncated_normal).
    ShortOrTruncatedNormal {
        /// Probability of a short task.
        p_short: f64,
        /// Time of a short task.
        short: f64,
        /// Mean of the parent normal of a long task.
        mean: f64,
        /// Standard deviation of the parent normal of a long task.
        sd: f64,
    },
}

/// The constructor and its arguments:
///
/// ```
/// use loadbal::law::LawSpec;
/// assert_eq!(LawSpec::Normal { mean: 1.0, sd: 2.0 }.to_string(), "normal(mean = 1, sd = 2)");
/// assert_eq!(
///     LawSpec::ShortOrTruncatedNormal { p_short: 0.75, short: 50.0, mean: 458.0, sd: 145.7 }.to_string(),
///     "short_or_truncated_normal(p_short = 0.75, short = 50, mean = 458, sd = 145.7)"
/// );
/// ```
impl fmt::Display for LawSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LawSpec::Normal { mean, sd } => write!(f, "normal(mean = {mean}, sd = {sd})"),
            LawSpec::Exponential { rate } => write!(f, "exponential(rate = {rate})"),
            LawSpec::Gamma { shape, rate } => write!(f, "gamma(shape = {shape}, rate = {rate})"),
            LawSpec::GammaMeanSd { mean, sd } => write!(f, "gamma_mean_sd(mean = {mean}, sd = {sd})"),
            LawSpec::GammaMeanScv { mean, scv } => write!(f, "gamma_mean_scv(mean = {mean}, scv = {scv})"),
            LawSpec::Lognormal { mu_log, sd_log } => write!(f, "lognormal(mu_log = {mu_log}, sd_log = {sd_log})"),
            LawSpec::LognormalMeanSd { mean, sd } => write!(f, "lognormal_mean_sd(mean = {mean}, sd = {sd})"),
            LawSpec::Weibull { shape, scale } => write!(f, "weibull(shape = {shape}, scale = {scale})"),
            LawSpec::Pareto { scale, shape } => write!(f, "pareto(scale = {scale}, shape = {shape})"),
            LawSpec::Uniform { min, max } => write!(f, "uniform(min = {min}, max = {max})"),
            LawSpec::Deterministic { value } => write!(f, "deterministic(value = {value})"),
            LawSpec::TruncatedNormal { mean, sd } => write!(f, "truncated_normal(mean = {mean}, sd = {sd})"),
            LawSpec::ShortOrTruncatedNormal { p_short, short, mean, sd } => {
                write!(f, "short_or_truncated_normal(p_short = {p_short}, short = {short}, mean = {mean}, sd = {sd})")
            }
        }
    }
}
