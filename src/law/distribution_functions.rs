//! The law's distribution functions in log space and its quantiles, accurate in both tails.

use super::error::{LawError, open_probability};
use super::kind::Kind;
use super::law_type::Law;
use super::truncated_normal::ln_one_minus_exp;
use crate::numerics::gamma_inverse::{self as gamma, Tail};
use crate::numerics::incomplete_gamma::ln_pq;
use crate::numerics::normal::{
    std_normal_cdf, std_normal_ln_cdf, std_normal_ln_sf, std_normal_quantile, std_normal_sf, upper_quantile,
};

impl Law {
    /// `ln F(x)`, the logarithm of the CDF `P(X ≤ x)`, accurate in both tails (`−∞` below the
    /// support; NaN for a NaN `x`, for every law).
    ///
    /// # Formula
    ///
    /// ```text
    /// normal            ln Φ((x − μ)/σ)
    /// exponential       ln(1 − e^{−λx})
    /// gamma             ln P(k, βx)           (regularised incomplete gamma, in log space)
    /// log-normal        ln Φ((ln x − μ)/σ)
    /// Weibull           ln(1 − exp(−(x/s)^k))
    /// Pareto            ln(1 − (x_m/x)^α)
    /// uniform           ln((x − min)/(max − min))
    /// deterministic     0 for x ≥ value, −∞ below
    /// truncated normal  ln(1 − S(x))
    /// mixture           ln(p·1{x ≥ short} + (1 − p) F_T(x))
    /// ```
    ///
    /// # Accuracy
    ///
    /// Relative error of `ln F` a few ulps (normal, exponential, Weibull, Pareto, uniform,
    /// log-normal), below 1e−14 for the gamma law with shape in `[0.01, 10⁵]` (largest where the
    /// exponent `k ln x − x` is large, proportional to it). For the truncated normal and the
    /// mixture `F` is formed from the survival function: its absolute error is a few ulps of
    /// `|ln Φ(μ/σ)|`, so its relative error grows as `F → 0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::law::Law;
    /// let exp = Law::exponential(2.0).unwrap();
    /// assert!((exp.ln_cdf(1e-20) / (2e-20f64).ln() - 1.0).abs() < 1e-15);
    /// ```
    pub fn ln_cdf(&self, x: f64) -> f64 {
        if x.is_nan() {
            // every law alike: clamps such as `x.max(0.0)` below would turn NaN into a value
            return f64::NAN;
        }
        match self.kind {
            Kind::Normal { mean, sd, .. } => {
                if sd == 0.0 {
                    if x >= mean { 0.0 } else { f64::NEG_INFINITY }
                } else {
                    std_normal_ln_cdf((x - mean) / sd)
                }
            }
            Kind::Exponential { rate, .. } => ln_one_minus_exp(-rate * x.max(0.0)),
            Kind::Gamma { shape, rate, .. } => ln_pq(shape, (rate * x).max(0.0).ln()).0,
            Kind::Lognormal { mu_log, sd_log, .. } => {
                if x <= 0.0 {
                    f64::NEG_INFINITY
                } else {
                    std_normal_ln_cdf((x.ln() - mu_log) / sd_log)
                }
            }
            Kind::Weibull { shape, scale, .. } => ln_one_minus_exp(-(x.max(0.0) / scale).powf(shape)),
            Kind::Pareto { scale, shape, .. } => {
                if x <= scale {
                    f64::NEG_INFINITY
                } else {
                    ln_one_minus_exp(shape * (scale / x).ln())
                }
            }
            Kind::Uniform { min, max, .. } => ((x - min) / (max - min)).clamp(0.0, 1.0).ln(),
            Kind::Deterministic { value } => {
                if x >= value {
                    0.0
                } else {
                    f64::NEG_INFINITY
                }
            }
            Kind::TruncatedNormal(t) => {
                if x < 0.0 {
                    f64::NEG_INFINITY
                } else {
                    ln_one_minus_exp(t.ln_sf(x))
                }
            }
            Kind::ShortOrTruncatedNormal { p_short, short, long } => {
                let long_part =
                    (-p_short).ln_1p() + if x < 0.0 { f64::NEG_INFINITY } else { ln_one_minus_exp(long.ln_sf(x)) };
                if x >= short { ln_add_exp(p_short.ln(), long_part) } else { long_part }
            }
        }
    }

    /// `ln S(x) = ln P(X > x)`, the logarithm of the survival function, accurate in both tails
    /// (NaN for a NaN `x`, for every law).
    ///
    /// # Formula
    ///
    /// ```text
    /// normal            ln Q((x − μ)/σ)
    /// exponential       −λx
    /// gamma             ln Q(k, βx)
    /// log-normal        ln Q((ln x − μ)/σ)
    /// Weibull           −(x/s)^k
    /// Pareto            α ln(x_m/x)
    /// uniform           ln((max − x)/(max − min))
    /// deterministic     0 below value, −∞ from it on
    /// truncated normal  ln Q((x − μ)/σ) − ln Q(−μ/σ)
    /// mixture           ln(p·1{x < short} + (1 − p) S_T(x))
    /// ```
    ///
    /// # Accuracy
    ///
    /// As [`Law::ln_cdf`]; for the truncated normal, a few ulps of `ln Q` at both points.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::law::Law;
    /// let g = Law::gamma(1.0, 1.0).unwrap();
    /// assert!((g.ln_sf(500.0) + 500.0).abs() < 1e-12);
    /// ```
    pub fn ln_sf(&self, x: f64) -> f64 {
        if x.is_nan() {
            // every law alike: clamps such as `x.max(0.0)` below would turn NaN into a value
            return f64::NAN;
        }
        match self.kind {
            Kind::Normal { mean, sd, .. } => {
                if sd == 0.0 {
                    if x < mean { 0.0 } else { f64::NEG_INFINITY }
                } else {
                    std_normal_ln_sf((x - mean) / sd)
                }
            }
            Kind::Exponential { rate, .. } => -rate * x.max(0.0),
            Kind::Gamma { shape, rate, .. } => ln_pq(shape, (rate * x).max(0.0).ln()).1,
            Kind::Lognormal { mu_log, sd_log, .. } => {
                if x <= 0.0 {
                    0.0
                } else {
                    std_normal_ln_sf((x.ln() - mu_log) / sd_log)
                }
            }
            Kind::Weibull { shape, scale, .. } => -(x.max(0.0) / scale).powf(shape),
            Kind::Pareto { scale, shape, .. } => {
                if x <= scale {
                    0.0
                } else {
                    shape * (scale / x).ln()
                }
            }
            Kind::Uniform { min, max, .. } => ((max - x) / (max - min)).clamp(0.0, 1.0).ln(),
            Kind::Deterministic { value } => {
                if x < value {
                    0.0
                } else {
                    f64::NEG_INFINITY
                }
            }
            Kind::TruncatedNormal(t) => t.ln_sf(x),
            Kind::ShortOrTruncatedNormal { p_short, short, long } => {
                let long_part = (-p_short).ln_1p() + long.ln_sf(x);
                if x < short { ln_add_exp(p_short.ln(), long_part) } else { long_part }
            }
        }
    }

    /// The CDF `F(x) = P(X ≤ x)` (NaN for a NaN `x`, for every law).
    ///
    /// # Formula
    /// ```text
    /// F(x) = exp(ln F(x));   normal: Φ((x − μ)/σ) directly
    /// ```
    ///
    /// # Accuracy
    /// As [`Law::ln_cdf`], plus the exponential's rounding. For the normal law, the relative
    /// error of `Φ` itself: below `1e−15 + 3e−16·z²` (z = (x − μ)/σ) where the value is at
    /// least 1e−300, checked against 50-digit references for N(0, 1) in
    /// `tests/order_stats/accuracy_order_stats.rs`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// assert_eq!(Law::uniform(0.0, 4.0).unwrap().cdf(1.0), 0.25);
    /// ```
    pub fn cdf(&self, x: f64) -> f64 {
        match self.kind {
            Kind::Normal { mean, sd, .. } if sd > 0.0 => std_normal_cdf((x - mean) / sd),
            _ => self.ln_cdf(x).exp(),
        }
    }

    /// The survival function `S(x) = P(X > x)` (NaN for a NaN `x`, for every law).
    ///
    /// # Formula
    /// ```text
    /// S(x) = exp(ln S(x));   normal: Q((x − μ)/σ) directly
    /// ```
    ///
    /// # Accuracy
    /// As [`Law::ln_sf`], plus the exponential's rounding; for the normal law, that of `Q`, as
    /// [`Law::cdf`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// assert_eq!(Law::exponential(1.0).unwrap().sf(0.0), 1.0);
    /// ```
    pub fn sf(&self, x: f64) -> f64 {
        match self.kind {
            Kind::Normal { mean, sd, .. } if sd > 0.0 => std_normal_sf((x - mean) / sd),
            _ => self.ln_sf(x).exp(),
        }
    }

    /// The quantile `F⁻¹(p) = inf{x : F(x) ≥ p}` for `p ∈ (0, 1)`.
    ///
    /// # Formula
    ///
    /// ```text
    /// x = F⁻¹(p),   for the gamma law the root of ln P(k, βx) = ln p (p ≤ ½) or
    ///               ln Q(k, βx) = ln(1 − p) (p > ½), by Halley's method on ln x;
    ///               for the truncated normal μ + σ Q⁻¹(Q(−μ/σ)(1 − p)), with Q⁻¹ taken from
    ///               the logarithm of its argument (no underflow)
    /// ```
    ///
    /// # Accuracy
    ///
    /// Relative error below 1e−13 in both tails for the normal, exponential, gamma (shape in
    /// `[0.01, 10⁵]`, `p` down to 1e−300), log-normal, Weibull, Pareto and uniform laws,
    /// measured against 50-digit references in `tests/order_stats/accuracy_order_stats.rs`. For
    /// the truncated normal (and the mixture's long part) the upper quantiles have the relative
    /// accuracy of `ln Q`; near 0 the absolute error is about `1e−16·σ·(1 + (μ/σ)²)`. Use
    /// [`Law::upper_quantile`] for upper-tail masses below 1e−16.
    ///
    /// # Errors
    ///
    /// [`LawError::InvalidParameter`] naming `p` unless `0 < p < 1`;
    /// [`LawError::QuantileNotFinite`] when the quantile overflows `f64` or is not computed (the
    /// gamma law outside its documented shapes), never NaN or an infinity.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::law::Law;
    /// // Gamma(0.1, 1) at p = 1e−30: x = (p Γ(1.1))^{10} (1 + O(x)) ≈ 3.4e−301.
    /// let g = Law::gamma(0.1, 1.0).unwrap();
    /// let x = g.quantile(1e-30).unwrap();
    /// assert!(x > 0.0 && (g.ln_cdf(x) / (1e-30f64).ln() - 1.0).abs() < 1e-14);
    /// assert!(g.quantile(1.0).is_err());
    /// ```
    pub fn quantile(&self, p: f64) -> Result<f64, LawError> {
        let p = open_probability("p", p)?;
        let z = std_normal_quantile(p);
        let x = if p <= 0.5 { self.at_lower_tail(p.ln(), z) } else { self.at_upper_tail((-p).ln_1p(), z) };
        self.finite_quantile("p", p, x)
    }

    /// The upper quantile `F⁻¹(1 − q)` for an upper-tail mass `q ∈ (0, 1)`, without forming
    /// `1 − q`.
    ///
    /// # Formula
    ///
    /// ```text
    /// x = S⁻¹(q)
    /// ```
    ///
    /// # Accuracy
    ///
    /// As [`Law::quantile`].
    ///
    /// # Errors
    ///
    /// [`LawError::InvalidParameter`] naming `q` unless `0 < q < 1`;
    /// [`LawError::QuantileNotFinite`] as [`Law::quantile`].
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::law::Law;
    /// let x = Law::exponential(1.0).unwrap().upper_quantile(1e-100).unwrap();
    /// assert!((x / (100.0 * 10f64.ln()) - 1.0).abs() < 1e-15);
    /// ```
    pub fn upper_quantile(&self, q: f64) -> Result<f64, LawError> {
        let q = open_probability("q", q)?;
        let z = upper_quantile(q);
        let x = if q < 0.5 { self.at_upper_tail(q.ln(), z) } else { self.at_lower_tail((-q).ln_1p(), z) };
        self.finite_quantile("q", q, x)
    }

    /// `x` if finite, else [`LawError::QuantileNotFinite`] naming the probability argument.
    fn finite_quantile(&self, name: &'static str, value: f64, x: f64) -> Result<f64, LawError> {
        if x.is_finite() { Ok(x) } else { Err(LawError::QuantileNotFinite { name, value, law: self.to_string() }) }
    }

    /// The quantile at lower-tail log-probability `lp` (`z` its normal score).
    pub(super) fn at_lower_tail(&self, lp: f64, z: f64) -> f64 {
        match self.kind {
            Kind::Normal { mean, sd, .. } => mean + sd * z,
            Kind::Lognormal { mu_log, sd_log, .. } => (mu_log + sd_log * z).exp(),
            Kind::Uniform { min, max, .. } => min + (max - min) * lp.exp(),
            Kind::Gamma { shape, rate, .. } => gamma::ln_quantile(shape, Tail::Lower, lp, z).exp() / rate,
            _ => self.at_upper_tail(ln_one_minus_exp(lp), z),
        }
    }

    /// The quantile at upper-tail log-probability `lq` (`z` its normal score).
    pub(super) fn at_upper_tail(&self, lq: f64, z: f64) -> f64 {
        match self.kind {
            Kind::Normal { mean, sd, .. } => mean + sd * z,
            Kind::Lognormal { mu_log, sd_log, .. } => (mu_log + sd_log * z).exp(),
            Kind::Uniform { min, max, .. } => max - (max - min) * lq.exp(),
            Kind::Gamma { shape, rate, .. } => gamma::ln_quantile(shape, Tail::Upper, lq, z).exp() / rate,
            Kind::Exponential { .. } | Kind::Weibull { .. } | Kind::Pareto { .. } => {
                self.ln_quantile_from_ln_sf(lq, ln_one_minus_exp(lq)).exp()
            }
            Kind::Deterministic { value } => value,
            Kind::TruncatedNormal(t) => t.quantile_of_ln_sf(lq),
            Kind::ShortOrTruncatedNormal { p_short, short, long } => {
                // S(short−) = p + (1 − p) S_T(short), S(short) = (1 − p) S_T(short).
                let ln_long = (-p_short).ln_1p();
                let at_short = ln_long + long.ln_sf(short);
                if lq >= ln_add_exp(p_short.ln(), at_short) {
                    // (q − p)/(1 − p), the long part's tail mass below `short`.
                    long.quantile_of_ln_sf(ln_sub_exp(lq, p_short.ln()) - ln_long)
                } else if lq >= at_short {
                    short
                } else {
                    long.quantile_of_ln_sf(lq - ln_long)
                }
            }
        }
    }

    /// `ln x` with `ln S(x) = lq` (and `ln F(x) = lp`) for the laws whose survival function
    /// inverts in closed form (exponential, Weibull, Pareto; NaN for the others, never asked).
    pub(super) fn ln_quantile_from_ln_sf(&self, lq: f64, lp: f64) -> f64 {
        match self.kind {
            Kind::Exponential { rate, .. } => ln_hazard(lp, lq) - rate.ln(),
            Kind::Weibull { shape, scale, .. } => scale.ln() + ln_hazard(lp, lq) / shape,
            Kind::Pareto { scale, shape, .. } => scale.ln() - lq / shape,
            _ => f64::NAN,
        }
    }
}

/// `ln(e^a + e^b)` without overflow.
fn ln_add_exp(a: f64, b: f64) -> f64 {
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    if lo == f64::NEG_INFINITY { hi } else { hi + (lo - hi).exp().ln_1p() }
}

/// `ln(e^a − e^b)` for `a ≥ b`.
fn ln_sub_exp(a: f64, b: f64) -> f64 {
    if b == f64::NEG_INFINITY { a } else { a + ln_one_minus_exp(b - a) }
}

/// `ln(−ln(1 − p))` from `ln p` and `ln(1 − p)`: the log of the cumulative hazard, accurate when
/// `p` is tiny (then it is `ln p + p/2`) as well as in the upper tail.
fn ln_hazard(lp: f64, lq: f64) -> f64 {
    if lp < -20.0 {
        let p = lp.exp();
        lp + (0.5 * p + p * p / 3.0).ln_1p()
    } else {
        (-lq).ln()
    }
}
