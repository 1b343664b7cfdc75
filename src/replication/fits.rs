//! Straight lines and the statistics of Dobber's adaptive policy: least squares with corrected
//! sums, Pearson's correlation, the crossing point of two lines (the threshold Y* between JR and
//! DLB, Dobber, eq. (6.4)/(6.5)) and the statistic Y of §6.2.

use super::ReplicationError;
use crate::numerics::sums::{pow2_downscale, scaled};

/// The statistic Y of Dobber, §6.2: the harmonic mean of the expected job times of the `P`
/// processors.
///
/// # Formula
/// ```text
/// Y = P / Σ_{i=1..P} 1/E(JT_i)
/// ```
///
/// # Errors
/// [`ReplicationError::EmptyTrace`] for no processors; [`ReplicationError::InvalidRuntime`] for a
/// non-positive or non-finite job time.
///
/// # Accuracy
/// A sum of `P` reciprocals: relative error at most `(P + 2)ε` (measured 2.5e-16 for `P = 1000`, against
/// exact rationals, `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// assert_eq!(loadbal::replication::statistic_y(&[1.0, 2.0, 4.0, 4.0]).unwrap(), 2.0);
/// ```
pub fn statistic_y(expected_job_times: &[f64]) -> Result<f64, ReplicationError> {
    if expected_job_times.is_empty() {
        return Err(ReplicationError::EmptyTrace);
    }
    if let Some((column, &value)) = expected_job_times.iter().enumerate().find(|(_, v)| !(v.is_finite() && **v > 0.0)) {
        return Err(ReplicationError::InvalidRuntime { row: 0, column, value });
    }
    Ok(expected_job_times.len() as f64 / expected_job_times.iter().map(|v| 1.0 / v).sum::<f64>())
}

/// A fitted line `y = a·x + b`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Line {
    /// Slope.
    pub slope: f64,
    /// Intercept.
    pub intercept: f64,
}

impl std::fmt::Display for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "y = {} x + {}", self.slope, self.intercept)
    }
}

/// A least-squares line and its coefficient of determination R², from [`LineFit::least_squares`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LineFit {
    /// The fitted line.
    pub line: Line,
    /// R² = 1 − SS_res/SS_tot (1 when every `y` is equal).
    pub r_squared: f64,
}

impl std::fmt::Display for LineFit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (R² = {})", self.line, self.r_squared)
    }
}

impl Line {
    /// `a·x + b`.
    ///
    /// # Accuracy
    /// One multiply-add of the stored slope and intercept: within 2ε of `|a x| + |b|` (absolute).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::Line;
    /// assert_eq!(Line { slope: 2.0, intercept: 1.0 }.at(3.0), 7.0);
    /// ```
    pub fn at(&self, x: f64) -> f64 {
        self.slope * x + self.intercept
    }
}

impl Line {
    /// The abscissa where two lines cross: the threshold Y* of Dobber, §6.2 (JR below, DLB above).
    ///
    /// # Formula
    /// ```text
    /// Y* = (b₂ − b₁)/(a₁ − a₂)
    /// ```
    ///
    /// # Errors
    /// [`ReplicationError::NoSolution`] for parallel lines.
    ///
    /// # Accuracy
    /// Two subtractions and a division: relative error within `3ε (|b₁| + |b₂|)/|b₂ − b₁| + 3ε |a₁| /|a₁ − a₂|`
    /// of the crossing of the lines as given (measured exact on Dobber, eq. (6.4)/(6.5) and nearly parallel lines,
    /// `tests/replication/replication_fits_reference.rs`).
    ///
    /// # Examples
    /// Dobber's JR line, eq. (6.4), `R_it = 2.0475 Y + 1224`, and DLB line, eq. (6.5),
    /// `D_it = 1.2779 Y + 7157`: the thesis prints Y* = 7708; the printed coefficients give 7709.2.
    /// ```
    /// use loadbal::replication::Line;
    /// let jr = Line { slope: 2.0475, intercept: 1224.0 };
    /// let dlb = Line { slope: 1.2779, intercept: 7157.0 };
    /// let y = jr.crossing(&dlb).unwrap();
    /// assert!((y - 7709.1996).abs() < 1e-3);
    /// assert_eq!(jr.to_string(), "y = 2.0475 x + 1224");
    /// ```
    pub fn crossing(&self, other: &Line) -> Result<f64, ReplicationError> {
        let (first, second) = (self, other);
        let ds = first.slope - second.slope;
        if ds == 0.0 || !ds.is_finite() {
            return Err(ReplicationError::NoSolution { reason: "the lines are parallel".into() });
        }
        Ok((second.intercept - first.intercept) / ds)
    }
}

impl LineFit {
    /// Ordinary least squares line through `(x, y)` with its R² (the fits Dobber, eq. (4.1), (4.2), (6.2)–(6.5)).
    ///
    /// # Formula
    /// ```text
    /// a = Σ(x − x̄)(y − ȳ)/Σ(x − x̄)²,  b = ȳ − a x̄,  R² = 1 − SS_res/SS_tot
    /// ```
    ///
    /// # Errors
    /// [`ReplicationError::LengthMismatch`], [`ReplicationError::TooShort`] (fewer than 2 points),
    /// [`ReplicationError::InvalidParameter`] when all `x` are equal, a value is not finite or the
    /// slope or intercept is beyond `f64` (computed on data scaled by powers of two, so values
    /// near `f64::MAX` do not overflow the sums).
    ///
    /// # Accuracy
    /// Corrected two-pass centred sums: slope and intercept within 1e-13 relative and R² within 1e-13 absolute
    /// for `n ≤ 10⁴` points offset from 0 by up to 1e9 times their spread (measured worst 1.5e-15, 0 and 1.4e-16
    /// against exact rationals on data at x ≈ 1e8 and 1e12, `tests/replication/replication_fits_reference.rs`).
    ///
    /// # Examples
    /// Table 5.5: the slope of the per-p averages of Table 5.1's α against p is −0.0094 (printed −0.009).
    /// ```
    /// use loadbal::replication::LineFit;
    /// let p = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0];
    /// let a = [0.51, 0.525, 0.523333, 0.5125, 0.5, 0.478333, 0.461429];
    /// let fit = LineFit::least_squares(&p, &a).unwrap();
    /// assert!((fit.line.slope + 0.009371).abs() < 1e-5 && fit.r_squared < 1.0);
    /// ```
    pub fn least_squares(x: &[f64], y: &[f64]) -> Result<LineFit, ReplicationError> {
        if x.len() != y.len() {
            return Err(ReplicationError::LengthMismatch { left: x.len(), right: y.len() });
        }
        if x.len() < 2 {
            return Err(ReplicationError::TooShort { what: "a least-squares line", needed: 2, got: x.len() });
        }
        if let Some(&v) = x.iter().chain(y).find(|v| !v.is_finite()) {
            return Err(ReplicationError::InvalidParameter { name: "data point", value: v, expected: "finite values" });
        }
        // Fit on data scaled by powers of two (exact), so that sums of squares of values near
        // f64::MAX do not overflow; slope and intercept are scaled back.
        let (kx, ky) = (pow2_downscale(x), pow2_downscale(y));
        let (x, y) = (&scaled(x, kx)[..], &scaled(y, ky)[..]);
        let c = CentredSums::new(x, y);
        if c.sxx == 0.0 {
            return Err(ReplicationError::InvalidParameter {
                name: "x spread",
                value: 0.0,
                expected: "x values that differ",
            });
        }
        let slope = c.sxy / c.sxx;
        let intercept = (c.my - slope * c.mx) + (c.sdy - slope * c.sdx) / c.n;
        // kx/ky is a power of two in [2^-1022, 2^1022]: one rounding at most.
        let line = Line { slope: slope * (kx / ky), intercept: intercept / ky };
        for (name, value) in [("slope", line.slope), ("intercept", line.intercept)] {
            if !value.is_finite() {
                return Err(ReplicationError::InvalidParameter {
                    name,
                    value,
                    expected: "a line within f64 (the data's y/x scale ratio overflows it)",
                });
            }
        }
        // Residuals from the centred data, corrected like the sums: `b − line.at(a)` would cancel
        // catastrophically when x sits far from 0 (x ≈ 1e12 lost 3e-10 of R²).
        let (mut s_e, mut s_e2) = (0.0, 0.0);
        for (a, b) in x.iter().zip(y) {
            let e = (b - c.my) - slope * (a - c.mx);
            s_e += e;
            s_e2 += e * e;
        }
        let ss_res = s_e2 - s_e * s_e / c.n;
        let r2 = if c.syy == 0.0 { 1.0 } else { 1.0 - ss_res / c.syy };
        Ok(LineFit { line, r_squared: r2 })
    }
}

/// Centred sums of two samples by the corrected two-pass algorithm: with `d = v − m` around the
/// rounded mean `m`, `Σd² − (Σd)²/n` removes the error `n(m − v̄)²` that a mean rounded to
/// the double grid leaves (the mean of values near 1e12 is off by up to 1.2e-4, which cost
/// 2.5e-13 of R²).
struct CentredSums {
    n: f64,
    mx: f64,
    my: f64,
    sdx: f64,
    sdy: f64,
    sxx: f64,
    sxy: f64,
    syy: f64,
}

impl CentredSums {
    fn new(x: &[f64], y: &[f64]) -> Self {
        let n = x.len() as f64;
        let (mx, my) = (crate::numerics::sums::mean(x), crate::numerics::sums::mean(y));
        let (mut sdx, mut sdy, mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for (a, b) in x.iter().zip(y) {
            let (dx, dy) = (a - mx, b - my);
            sdx += dx;
            sdy += dy;
            sxx += dx * dx;
            sxy += dx * dy;
            syy += dy * dy;
        }
        CentredSums {
            n,
            mx,
            my,
            sdx,
            sdy,
            sxx: sxx - sdx * sdx / n,
            sxy: sxy - sdx * sdy / n,
            syy: syy - sdy * sdy / n,
        }
    }
}

/// Pearson's correlation coefficient of two samples (Dobber, §2.5, used by Tables 3.4 and 5.4).
///
/// # Formula
/// ```text
/// ρ = Σ (x_i − x̄)(y_i − ȳ) / √(Σ (x_i − x̄)² · Σ (y_i − ȳ)²)
/// ```
///
/// # Errors
/// [`ReplicationError::InvalidParameter`] when the samples differ in length, have fewer than two
/// points, contain a non-finite value or one of them is constant (the coefficient is undefined).
///
/// # Accuracy
/// Corrected two-pass centred sums: within 1e-13 relative for `n ≤ 10⁴` points offset from 0 by up to 1e9
/// times their spread (measured worst 7.6e-15 against exact rationals,
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// use loadbal::replication::pearson_correlation;
/// let r = pearson_correlation(&[1.0, 2.0, 3.0], &[2.0, 4.0, 5.0]).unwrap();
/// assert!((r - 0.981_980_506_061_965_7).abs() < 1e-15);
/// ```
pub fn pearson_correlation(x: &[f64], y: &[f64]) -> Result<f64, ReplicationError> {
    let bad =
        |value: f64, expected: &'static str| ReplicationError::InvalidParameter { name: "sample", value, expected };
    if x.len() != y.len() || x.len() < 2 {
        return Err(bad(x.len().min(y.len()) as f64, "two samples of equal length, at least 2 points"));
    }
    if let Some(&v) = x.iter().chain(y).find(|v| !v.is_finite()) {
        return Err(bad(v, "finite values"));
    }
    // The correlation does not change when x and y are scaled: scaling by powers of two (exact)
    // keeps the sums of squares of values near f64::MAX finite.
    let (x, y) = (&scaled(x, pow2_downscale(x))[..], &scaled(y, pow2_downscale(y))[..]);
    let c = CentredSums::new(x, y);
    if c.sxx <= 0.0 || c.syy <= 0.0 {
        return Err(bad(0.0, "non-constant samples"));
    }
    Ok(c.sxy / (c.sxx.sqrt() * c.syy.sqrt()))
}
