//! The law type: validated constructors, its moments and its support.

use rand_distr::{Exp, Gamma, LogNormal, Normal, Pareto, Uniform, Weibull};
use std::fmt;

use super::error::{LawError, finite, non_negative, positive, probability};
use super::kind::Kind;
use super::spec::LawSpec;
use super::truncated_normal::TruncatedNormal;
use crate::numerics::gamma::ln_gamma;

/// The law of a random time: a task's, a job's, a service's or a processor's.
///
/// Built by a validated constructor (a bad argument is a [`LawError`] naming it, never a
/// fallback), immutable afterwards; its moments are computed once by the constructor and its
/// sampler is built once, so [`sample`](rand_distr::Distribution::sample) draws without
/// rebuilding anything. It is what every module of the crate takes:
/// [`order_stats`](crate::order_stats) (through [`IidLaw`](crate::order_stats::IidLaw)),
/// [`ensemble`](crate::ensemble), [`replication`](crate::replication) and
/// [`queueing`](crate::queueing).
///
/// | constructor | law | parameters |
/// |---|---|---|
/// | [`Law::normal`] | N(mean, sd²) | `sd ≥ 0` |
/// | [`Law::exponential`] | exponential | `rate > 0` (mean `1/rate`) |
/// | [`Law::gamma`], [`Law::gamma_mean_sd`], [`Law::gamma_mean_scv`] | gamma | `shape, rate > 0`, `mean, sd > 0` or `mean, scv > 0` |
/// | [`Law::lognormal`], [`Law::lognormal_mean_sd`] | log-normal | `sd_log > 0` or `mean, sd > 0` |
/// | [`Law::weibull`] | Weibull | `shape, scale > 0` |
/// | [`Law::pareto`] | Pareto (type I) | `scale, shape > 0` |
/// | [`Law::uniform`] | uniform on `[min, max]` | `max > min` |
/// | [`Law::deterministic`] | the constant `value` (M/D/1 service) | finite |
/// | [`Law::truncated_normal`] | N(mean, sd²) conditioned on `[0, ∞)` | `sd > 0` |
/// | [`Law::short_or_truncated_normal`] | Ahn et al.'s mutant tasks: constant or truncated normal | `p_short ∈ [0, 1]`, `short ≥ 0`, `sd > 0` |
///
/// Every parameter must be finite. Two laws are equal when they were built by the same
/// constructor with the same arguments ([`Law::spec`]); serde reads and writes that
/// [`LawSpec`] and validates it on the way in.
///
/// # Examples
///
/// Ahn et al.'s wild-type task times (eq. (4a), 488.1 s ± 116.6 s) as a gamma law, its moments,
/// the expected maximum of 25 of them and a seeded draw:
///
/// ```
/// use loadbal::law::Law;
/// use loadbal::order_stats::expected_max_iid;
/// use loadbal::rand_distr::Distribution;
/// use loadbal::rand::SeedableRng;
///
/// let wild = Law::gamma_mean_sd(488.1, 116.6).unwrap();
/// assert_eq!((wild.mean(), wild.sd()), (488.1, 116.6));
/// assert!(expected_max_iid(&wild, 25).unwrap() > 700.0);
/// let x = wild.sample(&mut loadbal::rand_chacha::ChaCha8Rng::seed_from_u64(1));
/// assert!(x > 0.0);
/// assert!(Law::normal(488.1, -116.6).is_err()); // a negative sd is refused, not absolute-valued
/// ```
///
/// With serde, a law is written as its constructor and arguments and read back through the same
/// validation:
///
/// ```
/// # #[cfg(feature = "serde")]
/// # {
/// use loadbal::law::Law;
/// let law = Law::gamma_mean_sd(488.1, 116.6).unwrap();
/// let json = serde_json::to_string(&law).unwrap();
/// assert_eq!(json, r#"{"law":"gamma_mean_sd","mean":488.1,"sd":116.6}"#);
/// assert_eq!(serde_json::from_str::<Law>(&json).unwrap(), law);
/// let bad = serde_json::from_str::<Law>(r#"{"law":"normal","mean":1.0,"sd":-1.0}"#).unwrap_err();
/// assert!(bad.to_string().contains("sd must be a finite non-negative number, got -1"));
/// # }
/// ```
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "LawSpec", into = "LawSpec"))]
pub struct Law {
    pub(super) spec: LawSpec,
    pub(super) kind: Kind,
    mean: f64,
    sd: f64,
    variance: f64,
}

/// The smallest and largest values a law takes (its support's ends, possibly infinite).
///
/// ```
/// use loadbal::law::{Law, Support};
/// assert_eq!(Law::pareto(2.0, 3.0).unwrap().support(), Support { min: 2.0, max: f64::INFINITY });
/// assert_eq!(Law::uniform(1.0, 4.0).unwrap().support().to_string(), "[1, 4]");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Support {
    /// Lower end (`−∞` when unbounded below).
    pub min: f64,
    /// Upper end (`∞` when unbounded above).
    pub max: f64,
}

impl fmt::Display for Support {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.min, self.max)
    }
}

/// A sampler that refuses what the checks let through (an overflowing derived parameter).
fn derived(name: &'static str, value: f64, expected: &'static str) -> LawError {
    LawError::InvalidParameter { name, value, expected }
}

impl Law {
    fn build(spec: LawSpec, kind: Kind, mean: f64, variance: f64) -> Law {
        Law { spec, kind, mean, sd: variance.sqrt(), variance }
    }

    /// The normal law N(mean, sd²); `sd = 0` is the constant `mean`.
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] for a non-finite `mean`, a negative or non-finite `sd`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// let n = Law::normal(488.1, 116.6).unwrap();
    /// assert_eq!((n.mean(), n.sd()), (488.1, 116.6));
    /// ```
    pub fn normal(mean: f64, sd: f64) -> Result<Law, LawError> {
        let (mean, sd) = (finite("mean", mean)?, non_negative("sd", sd)?);
        let sampler = Normal::new(mean, sd).map_err(|_| derived("sd", sd, "a finite non-negative number"))?;
        let spec = LawSpec::Normal { mean, sd };
        Ok(Law { spec, kind: Kind::Normal { mean, sd, sampler }, mean, sd, variance: sd * sd })
    }

    /// The exponential law with rate `λ` (density `λ e^{−λx}`, mean `1/λ`), as statrs and
    /// `rand_distr` parameterise it: an M/M/1 service of rate μ is `Law::exponential(mu)`, a job
    /// time of mean `m` is `Law::exponential(1.0 / m)`.
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] unless `rate` is finite and positive (with a finite
    /// mean).
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// let e = Law::exponential(0.5).unwrap(); // mean 2
    /// assert_eq!((e.mean(), e.sd(), e.scv()), (2.0, 2.0, 1.0));
    /// ```
    pub fn exponential(rate: f64) -> Result<Law, LawError> {
        let rate = positive("rate", rate)?;
        let mean = 1.0 / rate;
        let sampler = Exp::new(rate)
            .ok()
            .filter(|_| mean.is_finite())
            .ok_or_else(|| derived("rate", rate, "a positive number whose inverse is finite"))?;
        Ok(Law::build(LawSpec::Exponential { rate }, Kind::Exponential { rate, sampler }, mean, mean * mean))
    }

    /// The gamma law with shape `k` and rate `β` (density `βᵏ xᵏ⁻¹ e^{−βx}/Γ(k)`, mean `k/β`),
    /// as statrs parameterises it.
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] unless both are finite and positive (and the scale
    /// `1/β` is finite).
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// let g = Law::gamma(4.0, 2.0).unwrap();
    /// assert_eq!((g.mean(), g.variance()), (2.0, 1.0));
    /// ```
    pub fn gamma(shape: f64, rate: f64) -> Result<Law, LawError> {
        let (shape, rate) = (positive("shape", shape)?, positive("rate", rate)?);
        let sampler = Gamma::new(shape, 1.0 / rate)
            .ok()
            .filter(|_| (1.0 / rate).is_finite())
            .ok_or_else(|| derived("rate", rate, "a positive number whose inverse is finite"))?;
        let kind = Kind::Gamma { shape, rate, sampler };
        Ok(Law::build(LawSpec::Gamma { shape, rate }, kind, shape / rate, shape / rate / rate))
    }

    /// The gamma law with the given mean and standard deviation: shape `(mean/sd)²`, rate
    /// `mean/sd²` (scale `sd²/mean`). Ahn et al. give only the two moments of their task times;
    /// this is the simulator's default shape for them.
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] unless both are finite and positive with a finite positive
    /// shape and scale.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// let g = Law::gamma_mean_sd(488.1, 116.6).unwrap(); // Ahn et al., eq. (4a): shape 17.52
    /// assert_eq!((g.mean(), g.sd()), (488.1, 116.6));
    /// assert!((g.scv() - (116.6f64 / 488.1).powi(2)).abs() < 1e-15);
    /// ```
    pub fn gamma_mean_sd(mean: f64, sd: f64) -> Result<Law, LawError> {
        let (mean, sd) = (positive("mean", mean)?, positive("sd", sd)?);
        let (shape, scale) = ((mean / sd).powi(2), sd * sd / mean);
        let ok = |v: f64| v.is_finite() && v > 0.0;
        let sampler = Gamma::new(shape, scale).ok().filter(|_| ok(shape) && ok(scale)).ok_or_else(|| {
            derived("sd", sd, "a standard deviation giving a finite positive shape (mean/sd)² and scale sd²/mean")
        })?;
        let kind = Kind::Gamma { shape, rate: mean / (sd * sd), sampler };
        Ok(Law { spec: LawSpec::GammaMeanSd { mean, sd }, kind, mean, sd, variance: sd * sd })
    }

    /// The gamma law with the given mean and squared coefficient of variation
    /// `scv = Var[X]/E[X]²`: shape `1/scv`, scale `mean·scv` (the M/G/1 service times of the
    /// queueing models, which are given by their first two moments).
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] unless both are finite and positive with a finite positive
    /// shape and scale.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// let g = Law::gamma_mean_scv(2.0, 0.5).unwrap(); // shape 2, scale 1
    /// assert_eq!((g.mean(), g.variance(), g.scv()), (2.0, 2.0, 0.5));
    /// ```
    pub fn gamma_mean_scv(mean: f64, scv: f64) -> Result<Law, LawError> {
        let (mean, scv) = (positive("mean", mean)?, positive("scv", scv)?);
        let (shape, scale) = (1.0 / scv, mean * scv);
        let ok = |v: f64| v.is_finite() && v > 0.0;
        let sampler = Gamma::new(shape, scale)
            .ok()
            .filter(|_| ok(shape) && ok(scale) && ok(mean * mean * scv))
            .ok_or_else(|| {
                derived(
                    "scv",
                    scv,
                    "a squared coefficient of variation giving a finite positive shape 1/scv and scale mean·scv",
                )
            })?;
        let kind = Kind::Gamma { shape, rate: 1.0 / scale, sampler };
        Ok(Law::build(LawSpec::GammaMeanScv { mean, scv }, kind, mean, mean * mean * scv))
    }

    /// The log-normal law: `ln X ~ N(mu_log, sd_log²)`.
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] for a non-finite `mu_log`, a non-positive or non-finite
    /// `sd_log`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// let l = Law::lognormal(0.0, 1.0).unwrap();
    /// assert!((l.mean() - 0.5f64.exp()).abs() < 1e-15);
    /// ```
    pub fn lognormal(mu_log: f64, sd_log: f64) -> Result<Law, LawError> {
        let (mu_log, sd_log) = (finite("mu_log", mu_log)?, positive("sd_log", sd_log)?);
        let sampler =
            LogNormal::new(mu_log, sd_log).map_err(|_| derived("sd_log", sd_log, "a finite positive number"))?;
        let s2 = sd_log * sd_log;
        let mean = (mu_log + 0.5 * s2).exp();
        let variance = s2.exp_m1() * (2.0 * mu_log + s2).exp();
        Ok(Law::build(
            LawSpec::Lognormal { mu_log, sd_log },
            Kind::Lognormal { mu_log, sd_log, sampler },
            mean,
            variance,
        ))
    }

    /// The log-normal law with the given mean and standard deviation:
    /// `sd_log² = ln(1 + sd²/mean²)`, `mu_log = ln mean − sd_log²/2`.
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] unless both are finite and positive, with `sd/mean`
    /// neither so small that `sd_log²` underflows nor so large that it overflows.
    ///
    /// # Accuracy
    /// `sd_log²` by `ln_1p`, to a few ulps; the stored mean and standard deviation are the
    /// arguments themselves.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// let l = Law::lognormal_mean_sd(1.0, 0.57).unwrap();
    /// assert_eq!((l.mean(), l.sd()), (1.0, 0.57));
    /// ```
    pub fn lognormal_mean_sd(mean: f64, sd: f64) -> Result<Law, LawError> {
        let (mean, sd) = (positive("mean", mean)?, positive("sd", sd)?);
        let s2 = (sd / mean).powi(2).ln_1p();
        let sd_log = s2.sqrt();
        let mu_log = mean.ln() - 0.5 * s2;
        let sampler = LogNormal::new(mu_log, sd_log)
            .ok()
            .filter(|_| sd_log.is_finite() && sd_log > 0.0)
            .ok_or_else(|| derived("sd", sd, "a standard deviation with ln(1 + sd²/mean²) finite and positive"))?;
        let kind = Kind::Lognormal { mu_log, sd_log, sampler };
        Ok(Law { spec: LawSpec::LognormalMeanSd { mean, sd }, kind, mean, sd, variance: sd * sd })
    }

    /// The Weibull law with shape `k` and scale `s`: `P(X > x) = exp(−(x/s)^k)`. A variance past
    /// `f64::MAX` (shape below about 0.01) is `∞`, as for the Pareto law.
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] unless both are finite and positive and the mean
    /// `s·Γ(1 + 1/k)` is finite (shape above about 0.006).
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// let w = Law::weibull(1.0, 3.0).unwrap(); // exponential of mean 3
    /// assert!((w.mean() - 3.0).abs() < 1e-15 && (w.sd() - 3.0).abs() < 1e-14);
    /// ```
    pub fn weibull(shape: f64, scale: f64) -> Result<Law, LawError> {
        let (shape, scale) = (positive("shape", shape)?, positive("scale", scale)?);
        let sampler = Weibull::new(scale, shape).map_err(|_| derived("shape", shape, "a finite positive number"))?;
        let (g1, g2) = (ln_gamma(1.0 + 1.0 / shape), ln_gamma(1.0 + 2.0 / shape));
        let mean = scale * g1.exp();
        // The mean s·Γ(1 + 1/k) is finite in exact arithmetic; past f64::MAX (k below about
        // 0.006, or s near f64::MAX) the law has no representable moments, and the variance
        // below would be ∞ − ∞ = NaN.
        if !mean.is_finite() {
            return Err(if g1.exp().is_finite() {
                derived("scale", scale, "a scale whose mean scale·Γ(1 + 1/shape) is finite")
            } else {
                derived("shape", shape, "a shape whose mean scale·Γ(1 + 1/shape) is finite (shape above about 0.006)")
            });
        }
        // Γ(1 + 2/k) − Γ(1 + 1/k)², without forming the difference of two near-equal numbers.
        let variance = scale * scale * g2.exp() * -(2.0 * g1 - g2).exp_m1();
        Ok(Law::build(LawSpec::Weibull { shape, scale }, Kind::Weibull { shape, scale, sampler }, mean, variance))
    }

    /// The Pareto law (type I) with scale `x_m` and tail index (shape) `α`:
    /// `P(X > x) = (x_m/x)^α` for `x ≥ x_m`. The mean is infinite for `α ≤ 1`, the variance for
    /// `α ≤ 2`.
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] unless both are finite and positive.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// let p = Law::pareto(1.0, 3.0).unwrap();
    /// assert_eq!((p.mean(), p.variance()), (1.5, 0.75));
    /// assert_eq!(Law::pareto(1.0, 1.5).unwrap().variance(), f64::INFINITY);
    /// ```
    pub fn pareto(scale: f64, shape: f64) -> Result<Law, LawError> {
        let (scale, shape) = (positive("scale", scale)?, positive("shape", shape)?);
        let sampler = Pareto::new(scale, shape).map_err(|_| derived("shape", shape, "a finite positive number"))?;
        let mean = if shape > 1.0 { shape * scale / (shape - 1.0) } else { f64::INFINITY };
        let variance =
            if shape > 2.0 { scale * scale * shape / ((shape - 1.0).powi(2) * (shape - 2.0)) } else { f64::INFINITY };
        Ok(Law::build(LawSpec::Pareto { scale, shape }, Kind::Pareto { scale, shape, sampler }, mean, variance))
    }

    /// The uniform law on `[min, max]`.
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] unless both are finite, `max > min` and `max − min` is
    /// finite.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// let u = Law::uniform(0.0, 6.0).unwrap();
    /// assert_eq!((u.mean(), u.variance()), (3.0, 3.0));
    /// ```
    pub fn uniform(min: f64, max: f64) -> Result<Law, LawError> {
        let (min, max) = (finite("min", min)?, finite("max", max)?);
        let width = max - min;
        if !(width > 0.0 && width.is_finite()) {
            return Err(derived("max", max, "a finite upper end greater than min"));
        }
        let sampler = Uniform::new(min, max).map_err(|_| derived("max", max, "a finite upper end greater than min"))?;
        let mean = 0.5 * min + 0.5 * max;
        Ok(Law::build(LawSpec::Uniform { min, max }, Kind::Uniform { min, max, sampler }, mean, width * width / 12.0))
    }

    /// The constant `value`: a deterministic time (the service of an M/D/1 queue).
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] for a non-finite value.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// let d = Law::deterministic(1.5).unwrap();
    /// assert_eq!((d.mean(), d.sd(), d.second_moment()), (1.5, 0.0, 2.25));
    /// ```
    pub fn deterministic(value: f64) -> Result<Law, LawError> {
        let value = finite("value", value)?;
        Ok(Law::build(LawSpec::Deterministic { value }, Kind::Deterministic { value }, value, 0.0))
    }

    /// The normal law N(mean, sd²) conditioned on `[0, ∞)`, `mean` and `sd` being the parent
    /// normal's: the law Ahn et al. imply when they take task times as normal (Assumption 2)
    /// although a duration cannot be negative. Its own mean and standard deviation
    /// ([`Law::mean`], [`Law::sd`]) are those of the law actually drawn.
    ///
    /// Any finite mean is accepted, also far below zero: the sampler is exact and its expected
    /// cost is bounded (rejection from the parent normal for `mean ≥ 0`, at most two draws per
    /// sample on average; Robert's exponential proposal below, at least 76 % accepted).
    ///
    /// # Formula
    /// ```text
    /// density f(x) = φ((x − μ)/σ) / (σ Φ(μ/σ)),  x ≥ 0
    /// mean = μ + σλ,  variance = σ²(1 + aλ − λ²),  a = −μ/σ,  λ = φ(a)/Q(a)
    /// ```
    /// (for `a ≥ 1` through Laplace's continued fraction for the Mills ratio, which does not
    /// cancel).
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] for a non-finite `mean`, a non-positive or non-finite
    /// `sd`.
    ///
    /// # Examples
    /// For the wild type of Ahn et al. (488.1 s ± 116.6 s) the truncation point lies 4.19 σ below
    /// the mean and moves it by 1.5e−3 % (to 488.107285 s, mpmath):
    /// ```
    /// use loadbal::law::Law;
    /// let t = Law::truncated_normal(488.1, 116.6).unwrap();
    /// assert!((t.mean() / 488.107_285_142_8 - 1.0).abs() < 1e-12);
    /// assert_eq!(t.support().min, 0.0);
    /// ```
    pub fn truncated_normal(mean: f64, sd: f64) -> Result<Law, LawError> {
        let (mean, sd) = (finite("mean", mean)?, positive("sd", sd)?);
        let t = TruncatedNormal::new(mean, sd);
        let (m, v) = t.moments();
        Ok(Law::build(LawSpec::TruncatedNormal { mean, sd }, Kind::TruncatedNormal(t), m, v))
    }

    /// Ahn et al.'s stand-in for mutant task times (eq. (4b): "approximately 75 % of the cells
    /// never divide and the remaining 25 % divide very irregularly"): with probability `p_short`
    /// the constant `short`, otherwise a draw of [`Law::truncated_normal`]`(mean, sd)`.
    ///
    /// # Formula
    /// ```text
    /// mean = p s + (1 − p) m_T,   variance = p (1 − p)(s − m_T)² + (1 − p) v_T
    /// ```
    /// with `m_T`, `v_T` the truncated normal's mean and variance.
    ///
    /// # Errors
    /// [`LawError::InvalidParameter`] naming `p_short` (outside `[0, 1]`), `short` (negative or
    /// not finite), `mean` (not finite) or `sd` (not positive or not finite). Nothing is
    /// repaired: a negative `sd` is an error, not its absolute value.
    ///
    /// # Examples
    /// 75 % × 50 s, 25 % × N(458, 145.7²) truncated: mean 152.10 s and standard deviation
    /// 191.14 s, the mutant's moments (Ahn et al., eq. (4b): 152.0 s ± 191.1 s) to 0.1 %.
    /// ```
    /// use loadbal::law::Law;
    /// let m = Law::short_or_truncated_normal(0.75, 50.0, 458.0, 145.7).unwrap();
    /// assert!((m.mean() - 152.104).abs() < 1e-3 && (m.sd() - 191.142).abs() < 1e-3);
    /// assert!(Law::short_or_truncated_normal(0.75, 50.0, 458.0, -145.7).is_err());
    /// ```
    pub fn short_or_truncated_normal(p_short: f64, short: f64, mean: f64, sd: f64) -> Result<Law, LawError> {
        let p = probability("p_short", p_short)?;
        let short = non_negative("short", short)?;
        let (mean, sd) = (finite("mean", mean)?, positive("sd", sd)?);
        let long = TruncatedNormal::new(mean, sd);
        let (m, v) = long.moments();
        let mix_mean = p * short + (1.0 - p) * m;
        let variance = p * (1.0 - p) * (short - m).powi(2) + (1.0 - p) * v;
        let spec = LawSpec::ShortOrTruncatedNormal { p_short: p, short, mean, sd };
        Ok(Law::build(spec, Kind::ShortOrTruncatedNormal { p_short: p, short, long }, mix_mean, variance))
    }

    /// The constructor and arguments this law was built from.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::{Law, LawSpec};
    /// assert_eq!(Law::exponential(2.0).unwrap().spec(), LawSpec::Exponential { rate: 2.0 });
    /// ```
    pub fn spec(&self) -> LawSpec {
        self.spec
    }

    /// The mean `E[X]` (`∞` for a Pareto law with shape `≤ 1`, or beyond `f64`'s range).
    ///
    /// # Formula
    /// ```text
    /// normal μ;  exponential 1/λ;  gamma k/β;  log-normal e^{μ + σ²/2};  Weibull s Γ(1 + 1/k);
    /// Pareto α x_m/(α − 1);  uniform (min + max)/2;  deterministic value;
    /// truncated normal and mixture: see their constructors
    /// ```
    ///
    /// # Accuracy
    /// The `*_mean_sd` constructors and the normal, exponential and deterministic laws return
    /// their argument exactly; the others a few ulps (libm's `lgamma` for the Weibull law); the
    /// truncated normal below 1e−15 relative (measured against mpmath, `tests/law`).
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// assert_eq!(Law::gamma(0.1, 1.0).unwrap().mean(), 0.1);
    /// ```
    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// The variance `Var[X]` (`∞` where it does not exist: Pareto with shape `≤ 2`).
    ///
    /// # Formula
    /// ```text
    /// normal σ²;  exponential 1/λ²;  gamma k/β²;  log-normal (e^{σ²} − 1) e^{2μ + σ²};
    /// Weibull s² (Γ(1 + 2/k) − Γ(1 + 1/k)²);  Pareto x_m² α/((α − 1)²(α − 2));
    /// uniform (max − min)²/12;  deterministic 0
    /// ```
    ///
    /// # Accuracy
    /// A few ulps, except the Weibull law, whose relative error grows like `1e−16·k` with its
    /// shape `k` (the difference of the two gamma functions is formed as
    /// `Γ(1 + 2/k)·(1 − e^{2 lnΓ(1+1/k) − lnΓ(1+2/k)})`); the truncated normal below 1e−15
    /// relative (`tests/law`).
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// assert_eq!(Law::exponential(0.5).unwrap().variance(), 4.0);
    /// ```
    pub fn variance(&self) -> f64 {
        self.variance
    }

    /// The standard deviation `√Var[X]`.
    ///
    /// # Formula
    /// ```text
    /// sd = √variance
    /// ```
    ///
    /// # Accuracy
    /// As [`Law::variance`]; exactly the argument for the normal and `*_mean_sd` laws.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// assert_eq!(Law::uniform(0.0, 12.0).unwrap().sd(), 12f64.sqrt());
    /// ```
    pub fn sd(&self) -> f64 {
        self.sd
    }

    /// The second moment `E[X²] = Var[X] + E[X]²` (the M/G/1 formulas' second input).
    ///
    /// # Formula
    /// ```text
    /// E[X²] = variance + mean²
    /// ```
    ///
    /// # Accuracy
    /// One addition of the two: a few ulps.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// assert_eq!(Law::exponential(0.5).unwrap().second_moment(), 8.0);
    /// ```
    pub fn second_moment(&self) -> f64 {
        self.variance + self.mean * self.mean
    }

    /// The squared coefficient of variation `Var[X]/E[X]²`: 0 for a constant, `∞` for a zero
    /// mean with a positive variance or an infinite variance.
    ///
    /// # Formula
    /// ```text
    /// scv = variance / mean²
    /// ```
    ///
    /// # Accuracy
    /// A few ulps.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// assert_eq!(Law::exponential(2.0).unwrap().scv(), 1.0);
    /// assert_eq!(Law::gamma(4.0, 1.0).unwrap().scv(), 0.25);
    /// ```
    pub fn scv(&self) -> f64 {
        if self.variance == 0.0 {
            0.0
        } else if self.variance.is_infinite() || self.mean == 0.0 {
            f64::INFINITY
        } else {
            self.variance / (self.mean * self.mean)
        }
    }

    /// The support's ends: `[0, ∞)` for the time laws, `(−∞, ∞)` for a normal law with a
    /// positive `sd`, `[x_m, ∞)` for Pareto, `[min, max]` for uniform, `[value, value]` for a
    /// constant.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// assert_eq!(Law::normal(0.0, 1.0).unwrap().support().min, f64::NEG_INFINITY);
    /// assert_eq!(Law::truncated_normal(-3.0, 1.0).unwrap().support().min, 0.0);
    /// ```
    pub fn support(&self) -> Support {
        let inf = f64::INFINITY;
        let (min, max) = match self.kind {
            Kind::Normal { mean, sd, .. } => {
                if sd == 0.0 {
                    (mean, mean)
                } else {
                    (-inf, inf)
                }
            }
            Kind::Exponential { .. }
            | Kind::Gamma { .. }
            | Kind::Lognormal { .. }
            | Kind::Weibull { .. }
            | Kind::TruncatedNormal(_) => (0.0, inf),
            Kind::Pareto { scale, .. } => (scale, inf),
            Kind::Uniform { min, max, .. } => (min, max),
            Kind::Deterministic { value } => (value, value),
            Kind::ShortOrTruncatedNormal { p_short, short, .. } => {
                if p_short == 1.0 {
                    (short, short)
                } else {
                    (0.0, inf)
                }
            }
        };
        Support { min, max }
    }
}

/// Same constructor, same arguments.
impl PartialEq for Law {
    fn eq(&self, other: &Law) -> bool {
        self.spec == other.spec
    }
}

/// The constructor and its arguments, as [`LawSpec`] displays them:
///
/// ```
/// use loadbal::law::Law;
/// assert_eq!(Law::gamma(2.0, 0.5).unwrap().to_string(), "gamma(shape = 2, rate = 0.5)");
/// ```
impl fmt::Display for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.spec.fmt(f)
    }
}

/// Validates a [`LawSpec`] through the constructor it names.
impl TryFrom<LawSpec> for Law {
    type Error = LawError;

    fn try_from(spec: LawSpec) -> Result<Law, LawError> {
        match spec {
            LawSpec::Normal { mean, sd } => Law::normal(mean, sd),
            LawSpec::Exponential { rate } => Law::exponential(rate),
            LawSpec::Gamma { shape, rate } => Law::gamma(shape, rate),
            LawSpec::GammaMeanSd { mean, sd } => Law::gamma_mean_sd(mean, sd),
            LawSpec::GammaMeanScv { mean, scv } => Law::gamma_mean_scv(mean, scv),
            LawSpec::Lognormal { mu_log, sd_log } => Law::lognormal(mu_log, sd_log),
            LawSpec::LognormalMeanSd { mean, sd } => Law::lognormal_mean_sd(mean, sd),
            LawSpec::Weibull { shape, scale } => Law::weibull(shape, scale),
            LawSpec::Pareto { scale, shape } => Law::pareto(scale, shape),
            LawSpec::Uniform { min, max } => Law::uniform(min, max),
            LawSpec::Deterministic { value } => Law::deterministic(value),
            LawSpec::TruncatedNormal { mean, sd } => Law::truncated_normal(mean, sd),
            LawSpec::ShortOrTruncatedNormal { p_short, short, mean, sd } => {
                Law::short_or_truncated_normal(p_short, short, mean, sd)
            }
        }
    }
}

impl From<Law> for LawSpec {
    fn from(law: Law) -> LawSpec {
        law.spec
    }
}
