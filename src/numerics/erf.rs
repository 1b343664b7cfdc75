//! The complementary error function `erfc` and its scaled form `erfcx(x) = e^{x²}·erfc(x)`.
//!
//! `erfc` is the `special` crate's (libm's, full double precision; statrs 0.19.1's `erfc` is only
//! accurate to about 1e−10 relative). Neither crate has `erfcx`, which the tails need where
//! `erfc` underflows: for `x ≥ 1.25` it comes from the rational function inside that same libm
//! `erfc` (FreeBSD msun's `s_erf.c`), which approximates `ln(x·erfc(x)) + x² + 0.5625` in
//! `s = 1/x²` with an error below 2^−61.5 (measured below 1.4e−17 absolute up to `x = 10⁸`
//! against mpmath). The standard normal tails ([`normal`](super::normal)) use the same rational.

use special::Error as _;

/// `erfc(x)` to full double precision (the `special` crate's).
pub(crate) fn erfc(x: f64) -> f64 {
    x.compl_error()
}

/// From this `x` on, [`tail_ratio`] is valid.
pub(crate) const TAIL_X: f64 = 1.25;

/// msun's `erfc` on `x ∈ [1.25, 1/0.35)`: `ln(x·erfc(x)) + x² + 0.5625 = R(s)/S(s)`, `s = 1/x²`.
#[allow(clippy::excessive_precision)] // msun's published digits
const RA: [f64; 8] = [
    -9.86494403484714822705e-03,
    -6.93858572707181764372e-01,
    -1.05586262253232909814e+01,
    -6.23753324503260060396e+01,
    -1.62396669462573470355e+02,
    -1.84605092906711035994e+02,
    -8.12874355063065934246e+01,
    -9.81432934416914548592e+00,
];
#[allow(clippy::excessive_precision)] // msun's published digits
const SA: [f64; 9] = [
    1.0,
    1.96512716674392571292e+01,
    1.37657754143519042600e+02,
    4.34565877475229228821e+02,
    6.45387271733267880336e+02,
    4.29008140027567833386e+02,
    1.08635005541779435134e+02,
    6.57024977031928170135e+00,
    -6.04244152148580987438e-02,
];
/// The same for `x ≥ 1/0.35` (fitted up to 28; the error stays below 1.4e−17 up to `x = 10⁸`).
#[allow(clippy::excessive_precision)] // msun's published digits
const RB: [f64; 7] = [
    -9.86494292470009928597e-03,
    -7.99283237680523006574e-01,
    -1.77579549177547519889e+01,
    -1.60636384855821916062e+02,
    -6.37566443368389627722e+02,
    -1.02509513161107724954e+03,
    -4.83519191608651397019e+02,
];
#[allow(clippy::excessive_precision)] // msun's published digits
const SB: [f64; 8] = [
    1.0,
    3.03380607434824582924e+01,
    3.25792512996573918826e+02,
    1.53672958608443695994e+03,
    3.19985821950859553908e+03,
    2.55305040643316442583e+03,
    4.74528541206955367215e+02,
    -2.24409524465858183362e+01,
];

/// `R(s)/S(s)` at `s = 2/p` as `R̃(p)/S̃(p)`: both polynomials multiplied through by
/// `(p/2)^deg S`, which saves a division (for `p < 1e30`; beyond, the terms would overflow).
#[inline]
fn ratio<const NR: usize, const NS: usize>(r: &[f64; NR], s: &[f64; NS], p: f64) -> f64 {
    if p < 1e30 {
        // R̃(p) = Σ r_i (p/2)^{NS−1−i}, S̃(p) = Σ s_i (p/2)^{NS−1−i}.
        let q = 0.5 * p;
        let num = r.iter().fold(0.0, |acc, &a| acc * q + a) * q.powi((NS - NR) as i32);
        let den = s.iter().fold(0.0, |acc, &a| acc * q + a);
        num / den
    } else {
        let t = 2.0 / p;
        r.iter().rev().fold(0.0, |acc, &a| acc * t + a) / s.iter().rev().fold(0.0, |acc, &a| acc * t + a)
    }
}

/// `ln(x·erfc(x)) + x² + 0.5625` for `x ≥ 1.25`, given `p = 2x²` (the square of the normal
/// variate `z = √2·x`, which is what the normal tails have at hand).
///
/// # Accuracy
/// Below 1.4e−17 absolute (msun's fit, see the module docs).
#[inline]
pub(crate) fn tail_ratio(p: f64) -> f64 {
    // x < 1/0.35 ⇔ p = 2x² < 2/0.35².
    if p < 2.0 / (0.35 * 0.35) { ratio(&RA, &SA, p) } else { ratio(&RB, &SB, p) }
}

/// The scaled complementary error function `erfcx(x) = e^{x²}·erfc(x)` for `x ≥ 0`.
///
/// # Formula
/// ```text
/// erfcx(x) = e^{x²}·erfc(x)                      0 ≤ x < 1.25
/// erfcx(x) = exp(R(1/x²)/S(1/x²) − 0.5625) / x    x ≥ 1.25
/// ```
///
/// # Accuracy
/// A few ulps: below 1.25, `erfc` is correct to an ulp and `e^{x²}` loses at most the rounding of
/// `x² < 1.6`; above, the rational is good to 1.4e−17 absolute in the exponent and no `x²` is
/// formed, so the result stays accurate (and finite) for any `x` up to `f64::MAX`.
pub(crate) fn erfcx(x: f64) -> f64 {
    if x < TAIL_X { (x * x).exp() * erfc(x) } else { (tail_ratio(2.0 * x * x) - 0.5625).exp() / x }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(clippy::excessive_precision)] // 19-digit references
    fn erfcx_matches_references_and_erfc() {
        // mpmath, 40 digits: erfcx(x) = exp(x²)·erfc(x).
        let refs = [
            (0.0, 1.0),
            (0.3, 0.734_599_334_567_655_142_3),
            (0.7, 0.525_930_337_349_440_941_1),
            (1.0, 0.427_583_576_155_807_004_4),
            (1.25, 0.367_822_916_452_361_092_9),
            (2.0, 0.255_395_676_310_505_743_9),
            (3.0, 0.179_001_151_181_389_950_4),
            (10.0, 0.056_140_992_743_822_585_86),
            (27.0, 0.020_881_607_990_420_940_67),
            (1e4, 5.641_895_807_268_084_115e-5),
            (1e6, 5.641_895_835_474_741_922e-7),
            (1e10, 5.641_895_835_477_562_870e-11),
        ];
        for (x, want) in refs {
            let got = erfcx(x);
            assert!((got / want - 1.0).abs() < 4e-16, "erfcx({x}) = {got}, want {want}");
        }
        // Across the switch, the two forms agree (erfc itself is correct to an ulp here).
        for x in [1.249_999_999_999_999_8f64, 1.5, 2.5, 5.0] {
            let direct = (x * x).exp() * erfc(x);
            assert!((erfcx(x) / direct - 1.0).abs() < 1e-15, "x = {x}");
        }
        // Large x: erfcx(x) → 1/(x√π) (1 − 1/(2x²)).
        let x = 1e150;
        assert!((erfcx(x) * x * std::f64::consts::PI.sqrt() - 1.0).abs() < 1e-15);
    }
}
