//! Display helpers shared by the resource-unaware results: numbers rounded for reading.

/// `x` rounded to six decimals for display (so that 13.000000000000002 shows as 13).
pub(super) fn r6(x: f64) -> f64 {
    if x.is_finite() && x.abs() < 1e12 { (x * 1e6).round() / 1e6 } else { x }
}

/// `[a, b, …]` with at most 8 entries shown, 6 significant digits.
pub(super) fn list(xs: &[f64]) -> String {
    let shown: Vec<String> = xs.iter().take(8).map(|x| format!("{x:.6}")).collect();
    format!("[{}{}]", shown.join(", "), if xs.len() > 8 { ", ..." } else { "" })
}
