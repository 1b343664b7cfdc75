//! The fitted lines and table procedures of Dobber, chapters 2, 4 and 5: CCR (Def. 2.5.4), the
//! run-time fits Dobber, eq. (4.1)/(4.2) behind Table 4.3, and the trendline slopes and
//! correlations of Table 5.1 (§5.3.2). They are the thesis's own numbers and procedures, kept
//! here to rebuild its rows; the library's general tools are
//! `loadbal::replication::{LineFit::least_squares, pearson_correlation, statistic_y, Line::crossing}`.

use loadbal::replication::{LineFit, ReplicationError, pearson_correlation};

fn positive(name: &'static str, v: f64) -> Result<f64, ReplicationError> {
    if v.is_finite() && v > 0.0 {
        Ok(v)
    } else {
        Err(ReplicationError::InvalidParameter { name, value: v, expected: "a finite positive number" })
    }
}

/// Communication-to-computation ratio of problem size `t` (Dobber, Def. 2.5.4), with the
/// thesis's reference point `CCR(2.5) = 0.01`.
///
/// # Formula
/// ```text
/// CCR(t) = (t_default / t) · CCR_default = 0.025 / t
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::InvalidParameter`] unless `t > 0`.
///
/// # Accuracy
/// Two roundings: within 2ε relative for every `t > 0` that does not overflow (measured worst 1.5e-16,
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// Table 4.3: `t = 0.05 → 0.5`, `t = 0.10 → 0.25`.
/// ```
/// use loadbal_papers::dobber_fits::ccr_of_t;
/// assert!((ccr_of_t(0.05).unwrap() - 0.5).abs() < 1e-15);
/// assert!((ccr_of_t(0.10).unwrap() - 0.25).abs() < 1e-15);
/// ```
pub fn ccr_of_t(t: f64) -> Result<f64, ReplicationError> {
    Ok(2.5 / positive("problem size t", t)? * 0.01)
}

/// Problem size of a CCR (Dobber, inverse of Def. 2.5.4), as used to scale the traces in ch. 4
/// and §5.6.
///
/// # Formula
/// ```text
/// t(CCR) = t_default · CCR_default / CCR = 0.025 / CCR
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::InvalidParameter`] unless `CCR > 0`.
///
/// # Accuracy
/// As [`ccr_of_t`] (same references).
///
/// # Examples
/// ```
/// assert!((loadbal_papers::dobber_fits::t_of_ccr(0.25).unwrap() - 0.1).abs() < 1e-15);
/// ```
pub fn t_of_ccr(ccr: f64) -> Result<f64, ReplicationError> {
    Ok(2.5 * 0.01 / positive("CCR", ccr)?)
}

/// Speedup of a strategy over a baseline run time (Dobber, Defs. 2.5.x: `E/S`, `E/D`, `E/R`).
///
/// # Formula
/// ```text
/// Speedup = baseline / run
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::InvalidParameter`] unless both run times are finite and positive.
///
/// # Accuracy
/// One division, correctly rounded.
///
/// # Examples
/// ```
/// assert_eq!(loadbal_papers::dobber_fits::run_speedup(32.0, 16.0).unwrap(), 2.0);
/// ```
pub fn run_speedup(baseline: f64, run: f64) -> Result<f64, ReplicationError> {
    Ok(positive("baseline run time", baseline)? / positive("run time", run)?)
}

/// ELB run time on four Planetlab nodes against problem size (Dobber, eq. (4.1)).
///
/// # Formula
/// ```text
/// E(t, 4) = 41600 t + 21138
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::InvalidParameter`] unless `t > 0`.
///
/// # Accuracy
/// Exact (printed constants of Dobber, eq. (4.1)); the evaluation within 2ε relative for `t > 0` (measured
/// exact on 9 values, `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// assert_eq!(loadbal_papers::dobber_fits::elb_run_time_fit(0.05).unwrap(), 23218.0);
/// ```
pub fn elb_run_time_fit(t: f64) -> Result<f64, ReplicationError> {
    Ok(41600.0 * positive("problem size t", t)? + 21138.0)
}

/// DLB (N = 10, ES(0.5)) run time on four Planetlab nodes against problem size (Dobber, eq. (4.2)).
///
/// # Formula
/// ```text
/// D(10, ES(0.5), t, 4) = 22200 t + 14363
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::InvalidParameter`] unless `t > 0`.
///
/// # Accuracy
/// Exact (printed constants of Dobber, eq. (4.2)); the evaluation within 2ε relative for `t > 0` (measured
/// exact, `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// assert_eq!(loadbal_papers::dobber_fits::dlb_run_time_fit(0.05).unwrap(), 15473.0);
/// ```
pub fn dlb_run_time_fit(t: f64) -> Result<f64, ReplicationError> {
    Ok(22200.0 * positive("problem size t", t)? + 14363.0)
}

/// DLB speedup over ELB from the fits (4.1)/(4.2) (Dobber, Table 4.3); `t = ∞` gives the limit
/// `41600/22200 ≈ 1.87`.
///
/// # Formula
/// ```text
/// E(t, 4) / D(10, ES(0.5), t, 4),   lim_{t→∞} = 41600/22200
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::InvalidParameter`] unless `t > 0` (`f64::INFINITY` allowed).
///
/// # Accuracy
/// Within 5ε relative for `t > 0` (measured worst 1.5e-16, `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// use loadbal_papers::dobber_fits::dlb_speedup_fit;
/// assert!((dlb_speedup_fit(0.10).unwrap() - 1.525538).abs() < 1e-6);
/// assert!((dlb_speedup_fit(f64::INFINITY).unwrap() - 1.873874).abs() < 1e-6);
/// ```
pub fn dlb_speedup_fit(t: f64) -> Result<f64, ReplicationError> {
    if t == f64::INFINITY {
        return Ok(41600.0 / 22200.0);
    }
    Ok(elb_run_time_fit(t)? / dlb_run_time_fit(t)?)
}

/// The least-squares trends of a triangular parameter table `t(r, p)`, `0 ≤ r < p ≤ P`, as
/// Dobber's Table 5.5 computes them: the slope of the per-p averages against p and of the per-r
/// averages (rows) against r.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableSlopes {
    /// dt/dr: the slope of the row averages `mean_{p > r} t(r, p)` against r = 0, 1, ….
    pub along_r: f64,
    /// dt/dp: the slope of the column averages `mean_{r < p} t(r, p)` against p = 1, 2, ….
    pub along_p: f64,
}

impl std::fmt::Display for TableSlopes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "dt/dr = {:.6}, dt/dp = {:.6}", self.along_r, self.along_p)
    }
}

/// The slopes of a triangular parameter table against r and against p (Dobber, Table 5.5, which
/// applies it to the α table of Table 5.1). `rows[r][p − r − 1] = t(r, p)`.
///
/// # Formula
/// ```text
/// ᾱ(p) = mean_{r < p} t(r, p);  dt/dp = OLS slope of ᾱ(p) on p = 1 … P
/// ᾱ(r) = mean_{p > r} t(r, p);  dt/dr = OLS slope of ᾱ(r) on r = 0 … P − 1
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::InvalidParameter`] for a table that is not triangular (row r must have one
/// entry fewer than row r − 1) or has fewer than 2 rows; as [`loadbal::replication::LineFit::least_squares`] otherwise.
///
/// # Accuracy
/// Averages fed to [`loadbal::replication::LineFit::least_squares`]: within 1e-13 relative of the exact rational slopes of
/// the printed Table 5.1 (measured 1.9e-16, `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// Dobber's Table 5.1 (α(r, p) measured with γ = 1): the thesis's Table 5.5 prints −0.009 for
/// dα/dp and −0.008 for dα/dr; the printed table gives −0.0094 and −0.0096 (the thesis fitted its
/// unrounded per-run averages).
/// ```
/// use loadbal_papers::dobber_fits::table_slopes;
/// let alpha: [&[f64]; 7] = [
///     &[0.51, 0.51, 0.49, 0.45, 0.42, 0.38, 0.35],
///     &[0.54, 0.55, 0.54, 0.55, 0.55, 0.54],
///     &[0.53, 0.54, 0.53, 0.52, 0.53],
///     &[0.52, 0.50, 0.49, 0.49],
///     &[0.50, 0.47, 0.42],
///     &[0.46, 0.47],
///     &[0.43],
/// ];
/// let s = table_slopes(&alpha).unwrap();
/// assert!((s.along_p + 0.0093707).abs() < 1e-6 && (s.along_r + 0.009626).abs() < 1e-5);
/// ```
pub fn table_slopes<R: AsRef<[f64]>>(rows: &[R]) -> Result<TableSlopes, ReplicationError> {
    let n = rows.len();
    let shape = |value: f64| ReplicationError::InvalidParameter {
        name: "table",
        value,
        expected: "a triangular table: row r has n − r entries, n ≥ 2",
    };
    if n < 2 {
        return Err(shape(n as f64));
    }
    for (r, row) in rows.iter().enumerate() {
        if row.as_ref().len() != n - r {
            return Err(shape(r as f64));
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (mut x, mut y) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for p in 1..=n {
        let col: Vec<f64> = (0..p).map(|r| rows[r].as_ref()[p - r - 1]).collect();
        x.push(p as f64);
        y.push(mean(&col));
    }
    let along_p = LineFit::least_squares(&x, &y)?.line.slope;
    let x: Vec<f64> = (0..n).map(|r| r as f64).collect();
    let y: Vec<f64> = rows.iter().map(|row| mean(row.as_ref())).collect();
    let along_r = LineFit::least_squares(&x, &y)?.line.slope;
    Ok(TableSlopes { along_r, along_p })
}

/// The weighted correlations of a triangular table with its two indices, from [`table_correlations`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableCorrelations {
    /// ρ_r, the correlation with the row index r (averaged over p).
    pub with_r: f64,
    /// ρ_p, the correlation with the column index p (averaged over r).
    pub with_p: f64,
}

impl std::fmt::Display for TableCorrelations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "correlation with r {}, with p {}", self.with_r, self.with_p)
    }
}

/// The expected correlation of a triangular parameter table `t(r, p)`, `0 ≤ r < p ≤ P`, with `r`
/// and with `p`, as Table 5.4 of Dobber computes it: fix p, correlate t with r, and average
/// over p weighted by the number of r values; likewise for p (columns with a single value have
/// no correlation and are skipped).
///
/// `rows[r][p − r − 1] = t(r, p)`, as in Dobber's Tables 5.1 and 5.2.
///
/// # Formula
/// ```text
/// ρ_r = Σ_p n_p ρ(r, t(·, p)) / Σ_p n_p,   n_p = #{r < p}  (columns with n_p ≥ 2)
/// ρ_p = Σ_r m_r ρ(p, t(r, ·)) / Σ_r m_r,   m_r = #{p > r}  (rows with m_r ≥ 2)
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::InvalidParameter`] for a table that is not triangular (row r must have
/// one entry fewer than row r − 1), too small to correlate, or constant along a line.
///
/// # Accuracy
/// Weighted averages of [`loadbal::replication::pearson_correlation`]: within 1e-13 relative of the exact values for the printed
/// Table 5.1 (measured 1.7e-16, `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// use loadbal_papers::dobber_fits::table_correlations;
/// // Dobber's Table 5.1 (α(r, p), γ = 1). The printed table gives (+0.33, −0.49); the thesis
/// // prints (−0.31, −0.70) from its unrounded per-run averages.
/// let alpha: [&[f64]; 7] = [
///     &[0.51, 0.51, 0.49, 0.45, 0.42, 0.38, 0.35],
///     &[0.54, 0.55, 0.54, 0.55, 0.55, 0.54],
///     &[0.53, 0.54, 0.53, 0.52, 0.53],
///     &[0.52, 0.50, 0.49, 0.49],
///     &[0.50, 0.47, 0.42],
///     &[0.46, 0.47],
///     &[0.43],
/// ];
/// let c = table_correlations(&alpha).unwrap();
/// assert!((c.with_r - 0.329_331).abs() < 1e-6 && (c.with_p + 0.486_482).abs() < 1e-6);
/// ```
pub fn table_correlations<R: AsRef<[f64]>>(rows: &[R]) -> Result<TableCorrelations, ReplicationError> {
    let n = rows.len();
    let shape = |value: f64| ReplicationError::InvalidParameter {
        name: "table",
        value,
        expected: "a triangular table: row r has n − r entries, n ≥ 3",
    };
    if n < 3 {
        return Err(shape(n as f64));
    }
    for (r, row) in rows.iter().enumerate() {
        if row.as_ref().len() != n - r {
            return Err(shape(r as f64));
        }
    }
    let at = |r: usize, p: usize| rows[r].as_ref()[p - r - 1];
    let (mut sum_r, mut w_r, mut sum_p, mut w_p) = (0.0, 0.0, 0.0, 0.0);
    for p in 1..=n {
        if p >= 2 {
            let rs: Vec<f64> = (0..p).map(|r| r as f64).collect();
            let vals: Vec<f64> = (0..p).map(|r| at(r, p)).collect();
            sum_r += p as f64 * pearson_correlation(&rs, &vals)?;
            w_r += p as f64;
        }
    }
    for r in 0..n {
        let m = n - r;
        if m >= 2 {
            let ps: Vec<f64> = (r + 1..=n).map(|p| p as f64).collect();
            let vals: Vec<f64> = (r + 1..=n).map(|p| at(r, p)).collect();
            sum_p += m as f64 * pearson_correlation(&ps, &vals)?;
            w_p += m as f64;
        }
    }
    Ok(TableCorrelations { with_r: sum_r / w_r, with_p: sum_p / w_p })
}
