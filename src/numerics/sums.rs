//! Sums over data that keep their digits when the data sit far from zero.

/// Mean with one correction pass: `m + Σ(v − m)/n` removes the rounding of the first sum, so
/// that data far from 0 (an offset of 1e12 against a spread of 1e3) keep a mean accurate to a
/// few ulps, and the centred sums built on it keep their digits.
pub(crate) fn mean(v: &[f64]) -> f64 {
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    m + v.iter().map(|x| x - m).sum::<f64>() / n
}

/// Sample standard deviation with `n − 1` (Dobber, eq. (3.5), Def. 2.5.7), around the corrected [`mean`].
pub(crate) fn sd(v: &[f64]) -> f64 {
    let m = mean(v);
    (v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (v.len() as f64 - 1.0)).sqrt()
}

/// A power of two `k` that brings the largest magnitude of `v` to at most 4 when it exceeds
/// 2^480, else 1: ordinary data are left as they are, and data near `f64::MAX` are scaled so
/// that sums of up to 2^60 squares or products of the scaled values cannot overflow (values up
/// to 2^480 square to at most 2^960). Multiplying by a power of two is exact (barring values
/// 2^1000 times smaller than the largest), so statistics computed on `k·v` and scaled back keep
/// every bit.
pub(crate) fn pow2_downscale(v: &[f64]) -> f64 {
    let m = v.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    if m <= 2f64.powi(480) {
        return 1.0;
    }
    // m ≤ f64::MAX < 2^1024: e ≤ 1024, capped at 1022 so that 2^−e is a normal number (m·k < 4).
    let e = (m.log2().ceil() as u64).min(1022);
    f64::from_bits((1023 - e) << 52)
}

/// `v` multiplied by `k` (a power of two from [`pow2_downscale`]).
pub(crate) fn scaled(v: &[f64], k: f64) -> Vec<f64> {
    v.iter().map(|x| x * k).collect()
}
