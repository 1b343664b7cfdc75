//! Dobber's thresholds on the coefficient of variation and the thesis's rounded rules for the
//! optimal number of replicas (Dobber, eq. (5.37)–(5.42), (5.48)–(5.50), (5.64)–(5.68), (5.74)).
//!
//! These are the thesis's own closed forms, kept here to rebuild its rows: the library answers the
//! same questions for any model with `loadbal::replication::{optimal_replicas, continuous_optimum,
//! break_even_cv}`. The rounded rules take `r*` from the library's `continuous_optimum` (or the
//! level its out-of-range error carries) and apply the thesis's thresholds first, so they answer
//! for every `c_X`.

use std::f64::consts::{LN_2, SQRT_2};

use loadbal::replication::{JrParams, ReplicationError, continuous_optimum, speedup};

/// `p = log2 P` for a processor count that is a power of two the library accepts.
fn processor_level(processors: u64) -> Result<u32, ReplicationError> {
    // The library's own check (power of two, at most 2^40) through a model evaluation.
    speedup(0.5, 1, processors, &JrParams::dependent_jobs())?;
    Ok(processors.trailing_zeros())
}

/// `2^x`.
fn pow2(x: f64) -> f64 {
    x.exp2()
}

/// Checks `0 ≤ c_X ≤ 1`, the thesis's domain.
fn check_cv(cv: f64) -> Result<f64, ReplicationError> {
    if cv.is_finite() && (0.0..=1.0).contains(&cv) { Ok(cv) } else { Err(ReplicationError::CvOutOfDomain { cv }) }
}

/// The stationary point `r*` of a model's speedup, inside `[0, p]` or not.
fn stationary_level(cv: f64, processors: u64, params: &JrParams) -> Result<f64, ReplicationError> {
    match continuous_optimum(cv, processors, params) {
        Ok(o) => Ok(o.level),
        Err(ReplicationError::OutOfRange { level, .. }) => Ok(level),
        Err(e) => Err(e),
    }
}

fn round_clip(r_cont: f64, p: u32) -> u64 {
    1 << ((r_cont + 0.5).floor().clamp(0.0, f64::from(p)) as u32)
}

/// Model 1.1: `c_X` below which no replication pays, `ln 2/(ln 2 + ½) ≈ 0.58` (Dobber, eq. (5.38)).
///
/// # Formula
/// ```text
/// c_low = ln 2 / (ln 2 + ½)
/// ```
///
/// # Accuracy
/// Closed form within 1e-15 relative (measured exact against 50 digits,
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// let c = loadbal_papers::dobber_rules::dependent_lower_threshold();
/// assert!((c - 0.580940216).abs() < 1e-9);
/// ```
pub fn dependent_lower_threshold() -> f64 {
    LN_2 / (LN_2 + 0.5)
}

/// Model 1.1: `c_X` above which the rounded optimum Dobber, eq. (5.37) is at least 2 replicas, `4 ln 2/(√2 +
/// 4 ln 2) ≈ 0.66` (Dobber, eq. (5.39)). The exact break-even of R = 2 against R = 1 is 2/3
/// ([`break_even_cv`](loadbal::replication::break_even_cv)).
///
/// # Formula
/// ```text
/// c_gain = 4 ln 2 / (√2 + 4 ln 2)
/// ```
///
/// # Accuracy
/// As [`dependent_lower_threshold`].
///
/// # Examples
/// ```
/// let c = loadbal_papers::dobber_rules::dependent_gain_threshold();
/// assert!((c - 0.662221078).abs() < 1e-9);
/// ```
pub fn dependent_gain_threshold() -> f64 {
    4.0 * LN_2 / (SQRT_2 + 4.0 * LN_2)
}

/// Model 1.1: `c_X` above which `R* = P` on `P = 2^p` processors (Dobber, eq. (5.38)).
///
/// # Formula
/// ```text
/// c_high(P) = 2^{1+p} ln 2 / (1 + 2^{1+p} ln 2)
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::NotPowerOfTwo`], [`loadbal::replication::ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// Closed form within 1e-15 relative for every `P ≤ 2^40` (measured exact,
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// let c = loadbal_papers::dobber_rules::dependent_upper_threshold(4).unwrap();
/// assert!((c - 0.847216).abs() < 1e-6);
/// ```
pub fn dependent_upper_threshold(processors: u64) -> Result<f64, ReplicationError> {
    let p = processor_level(processors)?;
    Ok(upper_threshold_11(p))
}

fn upper_threshold_11(p: u32) -> f64 {
    let x = pow2(1.0 + f64::from(p)) * LN_2;
    x / (1.0 + x)
}

/// Model 1.1 optimal number of replicas (Dobber, eq. (5.37)/(5.38), exact constants).
///
/// # Formula
/// ```text
/// R* = 1                          if c ≤ ln 2/(ln 2 + ½)
///    = P                          if c > 2^{1+p} ln 2 / (1 + 2^{1+p} ln 2)
///    = 2^{⌊r* + ½⌋} (in [1, P])   otherwise, r* of [`continuous_optimum`]
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::CvOutOfDomain`] unless `0 ≤ c_X ≤ 1`; [`loadbal::replication::ReplicationError::NotPowerOfTwo`],
/// [`loadbal::replication::ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// Exact (a count), except for `c_X` within about 1e-15 relative of a threshold or of a rounding boundary of
/// `r*`, where the neighbouring count may be returned.
///
/// # Examples
/// Dobber, eq. (5.30) on four processors: `c = 0.6 → R = 1`, `c = 0.7 → 2`, `c = 0.85 → 4` (the rounded
/// form gives `R = 2` from 0.6622 on).
/// ```
/// use loadbal_papers::dobber_rules::dependent_optimal_replicas;
/// assert_eq!(dependent_optimal_replicas(0.6, 4).unwrap(), 1);
/// assert_eq!(dependent_optimal_replicas(0.7, 4).unwrap(), 2);
/// assert_eq!(dependent_optimal_replicas(0.85, 4).unwrap(), 4);
/// ```
pub fn dependent_optimal_replicas(cv: f64, processors: u64) -> Result<u64, ReplicationError> {
    let c = check_cv(cv)?;
    let p = processor_level(processors)?;
    if c <= dependent_lower_threshold() {
        return Ok(1);
    }
    if c > upper_threshold_11(p) {
        return Ok(processors);
    }
    Ok(round_clip(stationary_level(c, processors, &JrParams::dependent_jobs())?, p))
}

/// Model 1.1 speedup at the optimum (Dobber, eq. (5.40)–(5.42)); between the thresholds it is the
/// value at the *continuous* optimum, a little above the best discrete speedup.
///
/// # Formula
/// ```text
/// ≈ 1                                                            c < ln 2/(ln 2 + ½)
/// ≈ (1 + ½pc)/((1 − c)2^p + c)                                   c > c_high(P)
/// ≈ (2 + pc) ln 2 / (c (3 ln 2 + 1 + p ln 2 + ln ln 2 + ln((1−c)/c)))   otherwise
/// ```
///
/// # Errors
/// As [`dependent_optimal_replicas`].
///
/// # Accuracy
/// Within 1e-13 relative of the printed formulas evaluated at 50 digits (measured worst 2.2e-16 over 21
/// values, `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// use loadbal_papers::dobber_rules::dependent_speedup_at_optimum;
/// assert!((dependent_speedup_at_optimum(0.9, 1024).unwrap() - 1.1375854478).abs() < 1e-9);
/// ```
pub fn dependent_speedup_at_optimum(cv: f64, processors: u64) -> Result<f64, ReplicationError> {
    let c = check_cv(cv)?;
    let p = processor_level(processors)?;
    if c < dependent_lower_threshold() {
        return Ok(1.0);
    }
    if c > upper_threshold_11(p) {
        return speedup(c, processors, processors, &JrParams::dependent_jobs());
    }
    let pf = f64::from(p);
    Ok((2.0 + pf * c) * LN_2 / (c * (3.0 * LN_2 + 1.0 + pf * LN_2 + LN_2.ln() + ((1.0 - c) / c).ln())))
}

/// α = √6/4 of the model 1.2 special case, for which β₂ = ½ forces β₁ = 1 (Dobber, §5.4.2).
pub const CONSISTENT_ALPHA: f64 = 0.612_372_435_695_794_5;

fn special_ac(cv: f64) -> Result<f64, ReplicationError> {
    let c = check_cv(cv)?;
    let ac = CONSISTENT_ALPHA * c;
    if 2.0 * ac > 1.0 + 1e-12 {
        return Err(ReplicationError::InvalidParameter {
            name: "c_X",
            value: cv,
            expected: "0 ≤ c_X ≤ √6/3 (beyond it the model 1.2 special case has no optimum)",
        });
    }
    Ok(ac)
}

/// Optimal number of replicas of the model 1.2 special case α = √6/4, β₁ = 1, β₂ = ½ (Dobber,
/// eq. (5.48)).
///
/// # Formula
/// ```text
/// R* = 1        if αc/(1 − 2αc) ≤ ln 2
///    = P        if αc/(ln 2 − 2 ln 2·αc) ≥ 2^p   (or c = 1/(2α) = √6/3)
///    = 2^⌊(ln α + ln(c/(1 − 2αc)) − ln ln 2)/ln 2 + ½⌋   otherwise
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::CvOutOfDomain`]; [`loadbal::replication::ReplicationError::InvalidParameter`] for `c > √6/3`;
/// [`loadbal::replication::ReplicationError::NotPowerOfTwo`], [`loadbal::replication::ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// As [`dependent_optimal_replicas`].
///
/// # Examples
/// ```
/// use loadbal_papers::dobber_rules::consistent_alpha_optimal_replicas;
/// let r: Vec<u64> = [2, 4, 8, 16, 32, 64].iter().map(|&p| consistent_alpha_optimal_replicas(0.75, p).unwrap()).collect();
/// assert_eq!(r, vec![2, 4, 8, 8, 8, 8]);
/// ```
pub fn consistent_alpha_optimal_replicas(cv: f64, processors: u64) -> Result<u64, ReplicationError> {
    let p = processor_level(processors)?;
    let ac = special_ac(cv)?;
    let q = 1.0 - 2.0 * ac;
    if q <= 0.0 || ac / (LN_2 * q) >= pow2(f64::from(p)) {
        return Ok(processors);
    }
    if ac / q <= LN_2 {
        return Ok(1);
    }
    Ok(round_clip((CONSISTENT_ALPHA.ln() + (cv / q).ln() - LN_2.ln()) / LN_2, p))
}

/// Speedup at the optimum of the model 1.2 special case (Dobber, eq. (5.50); the title's `2^P`
/// reads `2^p`).
///
/// # Formula
/// ```text
/// ≈ 1                                              if αc/(1 − 2αc) < ln 2
/// ≈ (1 + αpc)/(2^p − αc(2^{p+1} − 2))              if αc/(ln 2 − 2 ln 2·αc) ≥ 2^p
/// ≈ (ln 2 + α ln 2·cp)/(αc(1 + 3 ln 2 + ln ln 2 + p ln 2 + ln((1 − 2αc)/(2αc))))   otherwise
/// ```
///
/// # Errors
/// As [`consistent_alpha_optimal_replicas`].
///
/// # Accuracy
/// Within 1e-13 relative of the printed formulas at 50 digits (measured worst 5.9e-16 over 20 values,
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// At `c = √6/3` the speedup is `1 + p/2` (linear in p).
/// ```
/// use loadbal_papers::dobber_rules::consistent_alpha_speedup_at_optimum;
/// assert!((consistent_alpha_speedup_at_optimum(0.75, 64).unwrap() - 1.2740459892).abs() < 1e-9);
/// let c = 6f64.sqrt() / 3.0;
/// assert!((consistent_alpha_speedup_at_optimum(c, 16).unwrap() - 3.0).abs() < 1e-9);
/// ```
pub fn consistent_alpha_speedup_at_optimum(cv: f64, processors: u64) -> Result<f64, ReplicationError> {
    let p = processor_level(processors)?;
    let ac = special_ac(cv)?;
    let q = 1.0 - 2.0 * ac;
    let pf = f64::from(p);
    if q <= 0.0 || ac / (LN_2 * q) >= pow2(pf) {
        return Ok((1.0 + ac * pf) / (pow2(pf) - ac * (pow2(pf + 1.0) - 2.0)));
    }
    if ac / q < LN_2 {
        return Ok(1.0);
    }
    Ok((LN_2 + ac * LN_2 * pf) / (ac * (1.0 + 3.0 * LN_2 + LN_2.ln() + pf * LN_2 + (q / (2.0 * ac)).ln())))
}

/// Model 2.1 (γ = ½): `c_X` up to which `R* = 1` on `P = 2^p` processors (Dobber, eq. (5.74),
/// ≈ 2.8/(4.7 + 0.7p)).
///
/// # Formula
/// ```text
/// c_0(P) = 4 ln 2 / (4 ln 2 + 2 + p ln 2)
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::NotPowerOfTwo`], [`loadbal::replication::ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// Closed form within 1e-15 relative for every `P ≤ 2^40` (measured worst 2.2e-16,
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// let c = loadbal_papers::dobber_rules::independent_zero_threshold(128).unwrap();
/// assert!((c - 0.288073).abs() < 1e-6);
/// ```
pub fn independent_zero_threshold(processors: u64) -> Result<f64, ReplicationError> {
    let p = processor_level(processors)?;
    Ok(zero_threshold_21(p))
}

fn zero_threshold_21(p: u32) -> f64 {
    4.0 * LN_2 / (4.0 * LN_2 + 2.0 + LN_2 * f64::from(p))
}

/// Model 2.1 (γ = ½): `c_X` from which `R* = P` (Dobber, eq. (5.74) second case, corrected).
///
/// # Formula
/// ```text
/// c_p(P) = 1 / (1 + 1/(ln 2 · 2^{1 + 3p/2}))
/// ```
/// The thesis prints `1/(1 + 1/2^{1 + 3/2 p ln 2}) ≈ 1/(1 + 1/(1.4·2^{1+1.5p}))`; the derivative
/// of Dobber, eq. (5.72) gives the factor `ln 2 ≈ 0.69`, not 1.4.
///
/// # Errors
/// [`loadbal::replication::ReplicationError::NotPowerOfTwo`], [`loadbal::replication::ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// Closed form within 1e-15 relative for every `P ≤ 2^40` (measured worst 1.1e-16,
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// let c = loadbal_papers::dobber_rules::independent_full_threshold(2).unwrap();
/// assert!((c - 0.796791).abs() < 1e-6);
/// ```
pub fn independent_full_threshold(processors: u64) -> Result<f64, ReplicationError> {
    let p = processor_level(processors)?;
    Ok(full_threshold_21(p))
}

fn full_threshold_21(p: u32) -> f64 {
    1.0 / (1.0 + 1.0 / (LN_2 * pow2(1.0 + 1.5 * f64::from(p))))
}

/// Model 2.1 (γ = ½) optimal number of replicas (Dobber, eq. (5.74), corrected second bound).
///
/// # Formula
/// ```text
/// R* = 1                 if c ≤ c_0(P)
///    = P                 if c ≥ c_p(P)
///    = 2^{⌊r* + ½⌋}      otherwise (r* of [`continuous_optimum`])
/// ```
///
/// # Errors
/// [`loadbal::replication::ReplicationError::CvOutOfDomain`] unless `0 ≤ c_X ≤ 1`; [`loadbal::replication::ReplicationError::NotPowerOfTwo`],
/// [`loadbal::replication::ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// As [`dependent_optimal_replicas`].
///
/// # Examples
/// Fig. 5.14: `c = 0.42`, `P = 128` gives `R* = 2` (the thesis's "JR leads to speedups"; the
/// discrete argmax of Dobber, eq. (5.72) is 1, see [`optimal_replicas`](loadbal::replication::optimal_replicas)); `c = 1` gives `R* = P`.
/// ```
/// use loadbal_papers::dobber_rules::independent_optimal_replicas;
/// assert_eq!(independent_optimal_replicas(0.42, 128).unwrap(), 2);
/// assert_eq!(independent_optimal_replicas(1.0, 32).unwrap(), 32);
/// ```
pub fn independent_optimal_replicas(cv: f64, processors: u64) -> Result<u64, ReplicationError> {
    let c = check_cv(cv)?;
    let p = processor_level(processors)?;
    if c <= zero_threshold_21(p) {
        return Ok(1);
    }
    if c >= full_threshold_21(p) {
        return Ok(processors);
    }
    Ok(round_clip(stationary_level(c, processors, &JrParams::independent_jobs())?, p))
}

/// Model 2.1 thresholds on four processors: 2-JR beats ELB above `4/(8 − √2)` Dobber, eq. (5.65), 4-JR
/// beats 2-JR above `8/(√2 + 8)` Dobber, eq. (5.67), and (5.64) is valid below `8/(4 − √2)`.
///
/// # Formula
/// ```text
/// [4/(8 − √2), 8/(√2 + 8), 8/(4 − √2)]
/// ```
///
/// # Accuracy
/// Closed forms within 1e-15 relative (measured against 50 digits, `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// let [a, b, c] = loadbal_papers::dobber_rules::independent_four_processor_thresholds();
/// assert!((a - 0.607368617).abs() < 1e-9 && (b - 0.849778895).abs() < 1e-9 && (c - 3.093836321).abs() < 1e-9);
/// ```
pub fn independent_four_processor_thresholds() -> [f64; 3] {
    [4.0 / (8.0 - SQRT_2), 8.0 / (SQRT_2 + 8.0), 8.0 / (4.0 - SQRT_2)]
}
