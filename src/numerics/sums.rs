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
