//! The standard normal distribution: `Φ`, `Q = 1 − Φ`, their logarithms and quantiles, accurate in
//! both tails.
//!
//! Near the centre (`|z| < 1.25·√2`) the values come from `erfc` (the `special` crate's). In the
//! tails they come from the logarithm of the scaled complementary error function,
//! `ln(x·erfc(x)) + x²`, a rational function of `1/x²` (FreeBSD msun's `s_erf.c`, the
//! approximation inside that same `erfc`, see [`erf`](super::erf)). `ln Q(z)` then needs no
//! exponential at all and `Q(z)` one, where `erfc` takes two, and neither loses digits to the
//! rounding of `z/√2`. The quantile is statrs' `erfc_inv`, accurate to 1e−14 relative.
//!
//! Crate-internal: users reach them through a standard normal [`Law`](crate::law::Law)
//! (`Law::normal(0.0, 1.0)`: [`Law::cdf`](crate::law::Law::cdf), [`Law::sf`](crate::law::Law::sf),
//! [`Law::ln_cdf`](crate::law::Law::ln_cdf), [`Law::ln_sf`](crate::law::Law::ln_sf),
//! [`Law::quantile`](crate::law::Law::quantile), [`Law::upper_quantile`](crate::law::Law::upper_quantile)
//! evaluate these functions at `(x − μ)/σ`); `ln_cdf` and `ln_sf` are the crate's short names for
//! the two logarithms.

use super::erf::{TAIL_X, erfc, tail_ratio};
use statrs::function::erf::erfc_inv;
use std::f64::consts::{FRAC_1_SQRT_2, SQRT_2};

/// From this `|z|` on (`x = |z|/√2 ≥ 1.25`), the tails come from [`tail_exponent`].
const TAIL_Z: f64 = TAIL_X * SQRT_2;

/// `ln Q(z) + ln z` for `z ≥ TAIL_Z` as an unevaluated sum `hi + lo` (`lo` a few ulps of `hi`):
///
/// ```text
/// ln Q(z) = −z²/2 − ln z − 0.5625 − ½ ln 2 + R(2/z²)/S(2/z²)
/// ```
///
/// `z²` is split exactly (Dekker), so `exp(hi)·(1 + lo)` is accurate to a few ulps even where
/// `z²/2` is in the hundreds.
#[inline]
fn tail_exponent(z: f64) -> (f64, f64) {
    const C: f64 = -0.5625 - 0.5 * std::f64::consts::LN_2;
    let p = z * z;
    let small = C + tail_ratio(p);
    if p.is_nan() || p >= 1e300 {
        // z² overflows (ln Q ≈ −∞) or z is NaN: no split needed.
        return (-0.5 * p + small, 0.0);
    }
    // p + e = z² exactly (Veltkamp split of z into 26-bit halves).
    let t = 134_217_729.0 * z;
    let zh = t - (t - z);
    let zl = z - zh;
    let e = ((zh * zh - p) + 2.0 * zh * zl) + zl * zl;
    let big = -0.5 * p;
    let hi = big + small;
    // |big| ≥ 1.5 > |small|: Fast2Sum's error term is exact.
    let lo = ((big - hi) + small) - 0.5 * e;
    (hi, lo)
}

/// `Q(z)` for `z ≥ TAIL_Z`.
#[inline]
fn tail_sf(z: f64) -> f64 {
    let (hi, lo) = tail_exponent(z);
    hi.exp() * (1.0 + lo) / z
}

/// `ln Q(z)` for `z ≥ TAIL_Z`.
#[inline]
fn tail_ln_sf(z: f64) -> f64 {
    let (hi, lo) = tail_exponent(z);
    hi + (lo - z.ln())
}

/// The standard normal CDF `Φ(z)`, accurate to double precision in both tails.
///
/// # Formula
///
/// ```text
/// Φ(z) = ½ erfc(−z/√2)     |z| < 1.25·√2
/// Φ(z) = Q(−z)             z ≤ −1.25·√2 (see std_normal_sf)
/// Φ(z) = 1 − Q(z)          z ≥ 1.25·√2
/// ```
///
/// # Accuracy
///
/// Relative error below `1e−15 + 3e−16·z²` where `Φ(z) ≥ 1e−300` (`z ≥ −37`); measured worst
/// 4.2e−16 against 50-digit references (the tail form does not round `z/√2`); below, the value
/// is subnormal and then 0 (use [`std_normal_ln_cdf`]).
///
/// # Examples
///
/// ```
/// use loadbal::law::Law; // Law::cdf of a normal law evaluates Φ
/// let std = Law::normal(0.0, 1.0).unwrap();
/// assert!((std.cdf(-5.0) - 2.866_515_718_791_939e-7).abs() < 1e-21);
/// ```
pub(crate) fn std_normal_cdf(z: f64) -> f64 {
    std_normal_sf(-z)
}

/// The standard normal survival function `Q(z) = 1 − Φ(z)`, without cancellation for large z.
///
/// # Formula
///
/// ```text
/// Q(z) = ½ erfc(z/√2)                                     |z| < 1.25·√2
/// Q(z) = exp(−z²/2 − 0.5625 + R(2/z²)/S(2/z²)) / (√2·z)    z ≥ 1.25·√2
/// Q(z) = 1 − Q(−z)                                        z ≤ −1.25·√2
/// ```
///
/// with msun's rational `R/S` of `erfc` (see the module docs).
///
/// # Accuracy
///
/// As [`std_normal_cdf`], mirrored.
///
/// # Examples
///
/// ```
/// use loadbal::law::Law; // Law::sf of a normal law evaluates Q
/// let std = Law::normal(0.0, 1.0).unwrap();
/// assert!((std.sf(10.0) / 7.619_853_024_160_527e-24 - 1.0).abs() < 1e-14);
/// ```
pub(crate) fn std_normal_sf(z: f64) -> f64 {
    if z >= TAIL_Z {
        tail_sf(z)
    } else if z <= -TAIL_Z {
        1.0 - tail_sf(-z)
    } else {
        0.5 * erfc(z * FRAC_1_SQRT_2)
    }
}

/// The standard normal quantile `Φ⁻¹(p)` for `p ∈ (0, 1)` (NaN outside), accurate in both tails.
///
/// # Formula
///
/// ```text
/// Φ⁻¹(p) = −√2 erfc⁻¹(2p)
/// ```
///
/// # Accuracy
///
/// Relative error below 1e−14 for `p ∈ [1e−300, 1 − 1e−16]` (statrs' `erfc_inv`), measured
/// against 50-digit references.
///
/// # Examples
///
/// ```
/// use loadbal::law::Law; // Law::quantile of N(0, 1) is Φ⁻¹
/// let std = Law::normal(0.0, 1.0).unwrap();
/// assert!((std.quantile(0.975).unwrap() - 1.959_963_984_540_054).abs() < 1e-14);
/// ```
pub(crate) fn std_normal_quantile(p: f64) -> f64 {
    if p > 0.5 { upper_quantile(1.0 - p) } else { -upper_quantile(p) }
}

/// The logarithm of the standard normal CDF, `ln Φ(z)`, accurate in both tails and finite for
/// every finite `z` (no underflow: `ln Φ(−100) = −5005.5…`).
///
/// # Formula
///
/// ```text
/// ln Φ(z) = −z²/2 − ln(−z) − 0.5625 − ½ ln 2 + R(2/z²)/S(2/z²)   z ≤ −1.25·√2
/// ln Φ(z) = ln(½ erfc(−z/√2))                                  −1.25·√2 < z < −1
/// ln Φ(z) = ln_1p(−Q(z))                                       z ≥ −1
/// ```
///
/// (`ln_1p(−Q)` by its first four terms once `Q < 2^−14`).
///
/// with msun's rational `R/S` of `erfc` (see the module docs).
///
/// # Accuracy
///
/// Relative error below 1e−14 (measured worst 3.7e−16) for `|z| ≤ 40` and `z = −100`, `−1000` against 50-digit
/// references (`tests/order_stats/accuracy_order_stats.rs`); for `z > 38`, `ln Φ(z) = −Q(z)` to full
/// precision as long as `Q(z)` does not underflow (beyond that the result is −0 or a subnormal).
///
/// # Examples
///
/// ```
/// use loadbal::law::Law; // Law::ln_cdf of N(0, 1) is ln Φ
/// let std = Law::normal(0.0, 1.0).unwrap();
/// assert!((std.ln_cdf(-5.0) / (2.866_515_718_791_939e-7f64).ln() - 1.0).abs() < 1e-15);
/// assert!(std.ln_cdf(-100.0).is_finite());
/// ```
pub(crate) fn std_normal_ln_cdf(z: f64) -> f64 {
    if z >= TAIL_Z {
        let q = tail_sf(z);
        if q < 1.0 / 16384.0 {
            // ln(1 − q) by its series: the omitted q⁴/5 is below 3e−18 of the result.
            -q * (1.0 + q * (0.5 + q * (1.0 / 3.0 + q * 0.25)))
        } else {
            (-q).ln_1p()
        }
    } else if z <= -TAIL_Z {
        tail_ln_sf(-z)
    } else if z < -1.0 {
        (0.5 * erfc(-z * FRAC_1_SQRT_2)).ln()
    } else {
        (-0.5 * erfc(z * FRAC_1_SQRT_2)).ln_1p()
    }
}

/// The logarithm of the standard normal survival function, `ln Q(z) = ln(1 − Φ(z)) = ln Φ(−z)`.
///
/// # Formula
///
/// ```text
/// ln Q(z) = ln Φ(−z)
/// ```
///
/// # Accuracy
///
/// As [`std_normal_ln_cdf`].
///
/// # Examples
///
/// ```
/// use loadbal::law::Law; // Law::ln_sf of N(0, 1) is ln Q
/// let std = Law::normal(0.0, 1.0).unwrap();
/// assert!((std.ln_sf(10.0) / (7.619_853_024_160_527e-24f64).ln() - 1.0).abs() < 1e-15);
/// ```
pub(crate) fn std_normal_ln_sf(z: f64) -> f64 {
    std_normal_ln_cdf(-z)
}

/// `ln Φ(z)` (crate-internal short name).
pub(crate) fn ln_cdf(z: f64) -> f64 {
    std_normal_ln_cdf(z)
}

/// `ln Q(z)` (crate-internal short name).
pub(crate) fn ln_sf(z: f64) -> f64 {
    std_normal_ln_cdf(-z)
}

/// The upper quantile `Φ⁻¹(1 − q)` for an upper-tail mass `q ∈ (0, 1)`, without forming `1 − q`
/// (so `q = 1e−20` is resolved).
///
/// # Formula
///
/// ```text
/// Φ⁻¹(1 − q) = √2 erfc⁻¹(2q)
/// ```
///
/// # Accuracy
///
/// As [`std_normal_quantile`], for `q` down to 1e−300.
///
/// # Examples
///
/// ```
/// use loadbal::law::Law; // Law::upper_quantile of N(0, 1) is Q⁻¹
/// let std = Law::normal(0.0, 1.0).unwrap();
/// let z = std.upper_quantile(1e-20).unwrap();
/// assert!((std.sf(z) / 1e-20 - 1.0).abs() < 1e-13);
/// ```
pub(crate) fn upper_quantile(q: f64) -> f64 {
    SQRT_2 * erfc_inv(2.0 * q)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tail form and `erfc` agree where they meet, so the switch leaves no step.
    #[test]
    fn tail_form_meets_erfc_at_the_switch() {
        for z in [TAIL_Z, TAIL_Z * (1.0 + 1e-12), 2.5, 4.04, 6.0] {
            // erfc's own error: the rounding of z/√2, amplified by z².
            let bound = 1e-15 + 3e-16 * z * z;
            let via_erfc = 0.5 * erfc(z * FRAC_1_SQRT_2);
            assert!((tail_sf(z) / via_erfc - 1.0).abs() < bound, "z = {z}");
            assert!((tail_ln_sf(z) / via_erfc.ln() - 1.0).abs() < bound, "z = {z}");
        }
    }

    #[test]
    fn infinite_and_nan_arguments() {
        assert_eq!(std_normal_ln_cdf(f64::NEG_INFINITY), f64::NEG_INFINITY);
        assert_eq!(std_normal_ln_cdf(f64::INFINITY), 0.0);
        assert_eq!(std_normal_cdf(f64::NEG_INFINITY), 0.0);
        assert_eq!(std_normal_sf(f64::NEG_INFINITY), 1.0);
        assert!(std_normal_ln_cdf(-1e200) == f64::NEG_INFINITY);
        assert!(std_normal_ln_cdf(f64::NAN).is_nan());
        assert!(std_normal_sf(f64::NAN).is_nan());
    }
}
