//! The gamma function family: `ln Γ`, the remainder `ln Γ*` of Stirling's formula, and
//! `log1pmx(x) = ln(1 + x) − x`, which the incomplete gamma functions, the Erlang formulas and
//! the finite-buffer queues all build on.
//!
//! `ln Γ` is the `special` crate's (libm's `lgamma`, FreeBSD msun's algorithm): it is correct to
//! about an ulp *relative* everywhere, including next to its zeros at 1 and 2, where statrs 0.19's
//! Lanczos sum (the crate's other candidate) is only good to about 1e−16 *absolute*, i.e. loses all
//! relative accuracy (`tests` below measure both against mpmath). Neither crate has `ln Γ*` or
//! `log1pmx`.

use std::f64::consts::PI;

/// `ln Γ(a)` for `a > 0` (libm's `lgamma`, through the `special` crate).
///
/// # Accuracy
/// About an ulp relative (see the module docs).
pub(crate) fn ln_gamma(a: f64) -> f64 {
    special::Gamma::ln_gamma(a).0
}

/// `ln Γ*(a) = ln Γ(a) − (a − ½) ln a + a − ½ ln(2π)` for `a > 0`, the remainder of Stirling's
/// formula (DLMF 5.11.3: `Γ(a) = √(2π) a^{a−½} e^{−a} Γ*(a)`).
///
/// # Formula
/// ```text
/// a < 10:  ln Γ(a) − (a − ½) ln a + a − ½ ln(2π)
/// a ≥ 10:  1/(12a) − 1/(360a³) + 1/(1260a⁵) − 1/(1680a⁷) + 1/(1188a⁹) − 691/(360360a¹¹)
///          + 1/(156a¹³) − 3617/(122400a¹⁵)
/// ```
///
/// # Accuracy
/// From 10 on the series' truncation is below 2e−18 and the result is good to a few ulps
/// relative; below 10 the subtraction leaves about 3e−15 absolute (so `Γ*` itself to 3e−15
/// relative).
pub(crate) fn ln_gamma_star(a: f64) -> f64 {
    if a < 10.0 {
        return ln_gamma(a) - (a - 0.5) * a.ln() + a - 0.5 * (2.0 * PI).ln();
    }
    let w = 1.0 / (a * a);
    let c = [
        1.0 / 12.0,
        -1.0 / 360.0,
        1.0 / 1260.0,
        -1.0 / 1680.0,
        1.0 / 1188.0,
        -691.0 / 360_360.0,
        1.0 / 156.0,
        -3617.0 / 122_400.0,
    ];
    c.iter().rev().fold(0.0, |acc, &ck| acc * w + ck) / a
}

/// `ln(1 + x) − x` for `x > −1` (R's `log1pmx`), without cancellation near 0; its negation
/// `x − ln(1 + x) ≥ 0` is the exponent of Temme's expansion and of the geometric tails of the
/// finite queues.
///
/// # Formula
/// ```text
/// −½ ≤ x ≤ 1:  r = x/(2 + x),  y = r²,  ln(1 + x) − x = r·(2y·Σ_{k≥0} y^k/(2k + 3) − x)
/// otherwise:   ln_1p(x) − x
/// ```
/// (`ln(1 + x) = 2 atanh r`; `y ≤ 1/9`, so the series needs at most 18 terms.)
///
/// # Accuracy
/// A few ulps relative for every `x > −1` (checked against the Taylor series near 0 and
/// against mpmath).
pub(crate) fn log1pmx(x: f64) -> f64 {
    if !(-0.5..=1.0).contains(&x) {
        return x.ln_1p() - x;
    }
    let r = x / (2.0 + x);
    let y = r * r;
    r * (2.0 * y * atanh_tail(y) - x)
}

/// `eˣ − 1 − x`, without cancellation near 0 (the exponential's counterpart of [`log1pmx`]).
///
/// # Formula
/// ```text
/// |x| < ½:    Σ_{k≥2} x^k/k!   (at most 20 terms)
/// otherwise:  exp_m1(x) − x
/// ```
///
/// # Accuracy
/// A few ulps relative wherever `eˣ` is finite (x up to about 709.78; beyond, +∞), checked
/// against 60-digit references.
pub(crate) fn expm1mx(x: f64) -> f64 {
    if x.abs() >= 0.5 {
        return x.exp_m1() - x;
    }
    let mut term = 0.5 * x * x;
    let mut sum = term;
    for k in 3..30 {
        term *= x / f64::from(k);
        sum += term;
        if term.abs() <= 1e-18 * sum.abs() {
            break;
        }
    }
    sum
}

/// Loader's deviance `a·ln(a/x) + x − a = −a·log1pmx((x − a)/a)` for `a/3 ≤ x ≤ a`, formed from
/// `a − x` and `v = (a − x)/(a + x)` instead of the rounded ratio `(x − a)/a`, so that a large
/// `a` does not amplify that ratio's rounding (the Poisson and gamma prefactors `e^{−x}xᵃ/Γ(a)`
/// far below their mode, e.g. Erlang B for `c = 999`, `a = 499.5`).
///
/// # Formula
/// ```text
/// (a − x)·v + 2a·Σ_{j≥1} v^{2j+1}/(2j + 1),   v = (a − x)/(a + x) ∈ [0, ½]
/// ```
/// (the series of [`log1pmx`] with `r = −v`; every term is positive).
///
/// # Accuracy
/// A few ulps relative.
pub(crate) fn deviance(a: f64, x: f64) -> f64 {
    debug_assert!((a / 3.0..=a).contains(&x));
    let d = a - x;
    let v = d / (a + x);
    let y = v * v;
    d * v + 2.0 * a * v * y * atanh_tail(y)
}

/// `Σ_{k≥0} y^k/(2k + 3)` for `0 ≤ y ≤ 1/4`, so that `atanh r = r + r³·Σ` with `y = r²`: the
/// series behind [`log1pmx`] and [`deviance`] (at most 30 terms).
fn atanh_tail(y: f64) -> f64 {
    let (mut power, mut sum) = (1.0, 1.0 / 3.0);
    for k in 1..80 {
        power *= y;
        let term = power / f64::from(2 * k + 3);
        sum += term;
        if term <= 1e-18 * sum {
            break;
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log1pmx_matches_the_series_and_references() {
        for x in [1e-8f64, -1e-8, 1e-3, 0.3, -0.3, 0.9] {
            let mut s = x.ln_1p() - x;
            if x.abs() < 0.01 {
                s = 0.0;
                for k in 2..40 {
                    s += (-1f64).powi(k + 1) * x.powi(k) / f64::from(k);
                }
            }
            assert!((log1pmx(x) / s - 1.0).abs() < 1e-14, "x = {x}: {} vs {s}", log1pmx(x));
        }
        // mpmath, 40 digits.
        #[allow(clippy::excessive_precision)]
        let refs = [
            (-0.9, -1.402_585_092_994_045_684),
            (-0.5, -0.193_147_180_559_945_309_4),
            (0.75, -0.190_384_212_064_577_313_7),
            (1.0, -0.306_852_819_440_054_690_6),
            (3.0, -1.613_705_638_880_109_381),
            (1e10, -9_999_999_976.974_149_070),
        ];
        for (x, want) in refs {
            assert!((log1pmx(x) / want - 1.0).abs() < 4e-16, "x = {x}: {} vs {want}", log1pmx(x));
        }
    }

    /// `eˣ − 1 − x` at the exact binary value of each `x`, from 60-digit decimal arithmetic
    /// (Python's `decimal`), on both sides of the switch to `exp_m1` at |x| = ½.
    #[test]
    fn expm1mx_matches_references() {
        let refs = [
            (1e-10, 5.000000000166667e-21),
            (1e-5, 5.000016666708334e-11),
            (1e-3, 5.00166708341668e-07),
            (0.1, 0.005170918075647625),
            (0.3, 0.0498588075760031),
            (0.49, 0.14231621995537896),
            (-0.49, 0.10262639418441606),
            (-0.1, 0.0048374180359595734),
            (-1e-3, 4.998333749916681e-07),
            (-1e-8, 4.999999983333334e-17),
            (0.5, 0.14872127070012814),
            (2.0, 4.38905609893065),
            (-2.0, 1.1353352832366126),
            (30.0, 10686474581493.463),
        ];
        for (x, want) in refs {
            assert!((expm1mx(x) / want - 1.0).abs() < 1e-15, "x = {x}: {} vs {want}", expm1mx(x));
        }
        assert_eq!(expm1mx(0.0), 0.0);
    }

    #[test]
    #[allow(clippy::excessive_precision)] // 19-digit references
    fn deviance_matches_references() {
        // mpmath, 50 digits: a·ln(a/x) + x − a.
        let refs = [
            (1000.0, 499.5, 193.647_680_893_528_842_9),
            (1000.0, 333.34, 431.932_288_868_107_074_8),
            (1000.0, 900.0, 5.360_515_657_826_301_228),
            (1e12, 1e12 - 1e6, 0.500_000_333_333_583_333_5),
            (10.0, 10.0, 0.0),
        ];
        for (a, x, want) in refs {
            let got = deviance(a, x);
            assert!((got - want).abs() <= 4e-16 * want, "a = {a}, x = {x}: {got} vs {want}");
            // The same quantity as −a·log1pmx(σ) where σ = (x − a)/a is exact.
            if (x - a) / a * a == x - a {
                assert!((got + a * log1pmx((x - a) / a)).abs() <= 1e-13 * want.max(1e-300));
            }
        }
    }

    #[test]
    fn ln_gamma_star_meets_the_definition_and_references() {
        // mpmath, 40 digits: ln Γ*(a) = lgamma(a) − (a − ½) ln a + a − ½ ln 2π.
        #[allow(clippy::excessive_precision)]
        let refs = [
            (0.5, 0.153_426_409_720_027_345_3),
            (3.0, 0.027_677_925_684_998_339_15),
            (9.999_999_999, 0.008_330_563_434_195_375_253),
            (10.0, 0.008_330_563_433_362_871_256),
            (250.0, 3.333_331_555_563_682_442e-4),
            (1e12, 8.333_333_333_333_333_333e-14),
        ];
        for (a, want) in refs {
            let got = ln_gamma_star(a);
            let bound = if a < 10.0 { 3e-15 / want } else { 1e-15 };
            assert!((got / want - 1.0).abs() < bound, "a = {a}: {got} vs {want}");
        }
    }

    /// The measurement behind the choice of `special` over statrs for `ln Γ`.
    #[test]
    #[allow(clippy::excessive_precision)] // 19-digit references
    fn ln_gamma_is_accurate_next_to_its_zeros() {
        // mpmath, 40 digits.
        #[allow(clippy::excessive_precision)]
        let refs = [
            (0.01, 4.599_479_878_042_021_723),
            (1.0 + 1e-9, -5.772_157_118_381_039_519e-10),
            (1.5, -0.120_782_237_635_245_222_3),
            (2.0 - 1e-9, -4.227_843_697_573_327_912e-10),
            (10.5, 13.940_625_219_403_763_63),
            (1e6, 12_815_504.569_147_611_66),
        ];
        for (a, want) in refs {
            let got = ln_gamma(a);
            assert!((got / want - 1.0).abs() < 4e-16, "a = {a}: {got} vs {want}");
        }
        // statrs' Lanczos sum is absolute-accurate only: next to the zeros it keeps no digit.
        let near_one = statrs::function::gamma::ln_gamma(1.0 + 1e-9);
        assert!((near_one / -5.772_157_118_381_039_519e-10 - 1.0).abs() > 1e-9);
    }
}
