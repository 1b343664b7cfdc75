//! The optimal number of replicas (Dobber, eq. (5.21), (5.30), (5.37)–(5.42), (5.47)–(5.50),
//! Dobber, eq. (5.68), (5.74)) and the thresholds on the coefficient of variation.
//!
//! Two kinds of answer: the *discrete* optimum [`optimal_replicas`] (the best `R = 2^r` by
//! exhaustive search over `r = 0..p`, any model), and the thesis's *continuous* optima
//! ([`dependent_continuous_optimum`], [`constant_beta_continuous_optimum`],
//! [`independent_continuous_optimum`]): the stationary point `r*` of the speedup in `r = log2 R`,
//! returned only when it is a maximum of a positive speedup inside `0 ≤ r* ≤ p`, and a typed
//! error ([`ReplicationError::OutOfRange`], [`ReplicationError::NotAMaximum`]) otherwise. The
//! rounded rules Dobber, eq. (5.37), (5.48), (5.74) ([`dependent_optimal_replicas`] …) apply the thesis's
//! thresholds first, so they answer for every `c_X`.

use std::f64::consts::{LN_2, SQRT_2};
use std::fmt;

use special::LambertW;

use super::evaluator::{iteration_time_levels, speedup_levels};
use super::{BetaMax, BetaMin, JrParams, ReplicationError, check_cv, levels, pow2, processor_level};

/// The best number of replicas of a model on `P` processors.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OptimalReplication {
    /// `R*`, a power of two between 1 and `P`.
    pub replicas: u64,
    /// The model's speedup over ELB at `R*`.
    pub speedup: f64,
}

impl fmt::Display for OptimalReplication {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = if self.replicas == 1 { "replica (ELB)" } else { "replicas" };
        write!(f, "R = {} {unit}, speedup {:.4} over ELB", self.replicas, self.speedup)
    }
}

/// A continuous optimum: the stationary point of the model speedup in `r = log2 R`, checked to be
/// a maximum inside `0 ≤ r ≤ p`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContinuousOptimum {
    /// `r* = log2 R*`, in `[0, p]`.
    pub level: f64,
    /// `R* = 2^{r*}` (not a whole number in general; round `r*` for a replica count).
    pub replicas: f64,
    /// The model's speedup over ELB at `r*`.
    pub speedup: f64,
}

impl fmt::Display for ContinuousOptimum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R* = {:.4} (r* = log2 R* = {:.4}), speedup {:.4} over ELB", self.replicas, self.level, self.speedup)
    }
}

/// The discrete optimum `R* = argmax_{R = 1, 2, 4, …, P} Speedup R(t, R, P)` of a model (Dobber,
/// Dobber, eq. (2.32) applied to the model), over the replica counts whose model iteration time is positive;
/// ties (within a relative 1e-12) go to the smaller `R`. Exhaustive over the `log2 P + 1`
/// candidates.
///
/// # Formula
/// ```text
/// R* = argmax_{R = 2^r, r = 0..p, R_it(R) > 0} R_it(t, 1, P) / R_it(t, R, P)
/// ```
///
/// # Errors
/// As [`super::speedup`].
///
/// # Accuracy
/// Exact (an exhaustive search): the speedup at `R*` has the accuracy of [`super::speedup`].
///
/// # Examples
/// Model 1.1 with `c_X = 0.95` on 64 processors: `R* = 16` (the thesis: "R = 16 for P ≥ 16").
/// ```
/// use loadbal::replication::{JrModel, optimum::optimal_replicas};
/// let best = optimal_replicas(0.95, 64, &JrModel::DependentUnitBeta.planetlab_params()).unwrap();
/// assert_eq!(best.replicas, 16);
/// ```
pub fn optimal_replicas(cv: f64, processors: u64, params: &JrParams) -> Result<OptimalReplication, ReplicationError> {
    check_cv(cv)?;
    let p = processor_level(processors)?;
    let mut best = OptimalReplication { replicas: 1, speedup: 1.0 };
    for r in 1..=p {
        if iteration_time_levels(1.0, cv, r, p, params)? <= 0.0 {
            continue;
        }
        let s = speedup_levels(cv, r, p, params)?;
        if s > best.speedup * (1.0 + 1e-12) {
            best = OptimalReplication { replicas: 1 << r, speedup: s };
        }
    }
    Ok(best)
}

/// The coefficient of variation at which `R_a`-JR and `R_b`-JR have equal model iteration times
/// on `P` processors. Every model's iteration time is linear in `c_X` (`R_it = R + k_R c_X` at
/// `E X = 1`), so the break-even is exact.
///
/// # Formula
/// ```text
/// c* = (R_b − R_a) / (k_{R_a} − k_{R_b}),   k_R = R_it(1, 1, R, P) − R
/// ```
/// Model 1.1 gives 2/3 (R = 2 vs 1, Dobber, eq. (5.20)) and 4/5 (R = 4 vs 2 on P = 4, (5.28)); model 2.1
/// gives 4/(8 − √2) Dobber, eq. (5.65) and 8/(√2 + 8) (5.67).
///
/// # Errors
/// As [`super::iteration_time`]; [`ReplicationError::NoSolution`] when the two lines are
/// parallel.
///
/// # Accuracy
/// Two model evaluations and a division: within 1e-13 relative of the exact break-even where the slopes `k_R`
/// differ by more than 1e-3 (the thresholds 2/3, 4/5, 4/(8 − √2), 8/(√2 + 8) are met to 1e-14 in the tests).
///
/// # Examples
/// ```
/// use loadbal::replication::{JrModel, optimum::break_even_cv};
/// let m = JrModel::DependentUnitBeta.planetlab_params();
/// assert!((break_even_cv(1, 2, 2, &m).unwrap() - 2.0 / 3.0).abs() < 1e-15);
/// assert!((break_even_cv(2, 4, 4, &m).unwrap() - 0.8).abs() < 1e-15);
/// ```
pub fn break_even_cv(
    replicas_a: u64,
    replicas_b: u64,
    processors: u64,
    params: &JrParams,
) -> Result<f64, ReplicationError> {
    let (ra, p) = levels(replicas_a, processors)?;
    let (rb, _) = levels(replicas_b, processors)?;
    let slope = |r: u32| -> Result<f64, ReplicationError> {
        Ok(iteration_time_levels(1.0, 1.0, r, p, params)? - pow2(f64::from(r)))
    };
    let (ka, kb) = (slope(ra)?, slope(rb)?);
    if ka == kb {
        return Err(ReplicationError::NoSolution {
            reason: format!("R = {replicas_a} and R = {replicas_b} never break even"),
        });
    }
    Ok((pow2(f64::from(rb)) - pow2(f64::from(ra))) / (ka - kb))
}

/// Checks that a stationary point `level` of `speedup = num/den(r)` lies in `[0, p]` and is a
/// maximum of a positive speedup: `den(r*) > 0` and `den''(r*) > 0` (then `S'' = −num·den''/den²
/// < 0`). Every caller's `den` has a single stationary point, so `den` is monotone on
/// `[0, r*]` and a positive `den(0)` and `den(r*)` rule out a pole in between.
fn checked_optimum(level: f64, p: u32, num: f64, den: f64, den2: f64) -> Result<ContinuousOptimum, ReplicationError> {
    let replicas = pow2(level);
    if !(level.is_finite() && (0.0..=f64::from(p)).contains(&level)) {
        return Err(ReplicationError::OutOfRange { level, replicas, max_level: p, processors: 1 << p });
    }
    let speedup = num / den;
    if den.is_nan() || den <= 0.0 {
        return Err(ReplicationError::NotAMaximum {
            level,
            speedup,
            reason: "the model iteration time is not positive there (beyond a pole of the speedup)",
        });
    }
    if den2.is_nan() || den2 <= 0.0 {
        return Err(ReplicationError::NotAMaximum { level, speedup, reason: "the speedup has a minimum there" });
    }
    Ok(ContinuousOptimum { level, replicas, speedup })
}

fn check_open_cv(cv: f64) -> Result<f64, ReplicationError> {
    if cv.is_finite() && cv > 0.0 && cv < 1.0 { Ok(cv) } else { Err(ReplicationError::CvOutOfDomain { cv }) }
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
/// let c = loadbal::replication::optimum::dependent_lower_threshold();
/// assert!((c - 0.580940216).abs() < 1e-9);
/// ```
pub fn dependent_lower_threshold() -> f64 {
    LN_2 / (LN_2 + 0.5)
}

/// Model 1.1: `c_X` above which the rounded optimum Dobber, eq. (5.37) is at least 2 replicas, `4 ln 2/(√2 +
/// 4 ln 2) ≈ 0.66` (Dobber, eq. (5.39)). The exact break-even of R = 2 against R = 1 is 2/3
/// ([`break_even_cv`]).
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
/// let c = loadbal::replication::optimum::dependent_gain_threshold();
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
/// [`ReplicationError::NotPowerOfTwo`], [`ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// Closed form within 1e-15 relative for every `P ≤ 2^40` (measured exact,
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// let c = loadbal::replication::optimum::dependent_upper_threshold(4).unwrap();
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

fn r_cont_11(c: f64) -> f64 {
    (c / ((1.0 - c) * LN_2)).log2() - 1.0
}

/// Model 1.1 continuous optimum (Dobber, eq. (5.37) before rounding): the root of
/// `d(5.35)/dr = 0`, answered only when it lies in `0 ≤ r* ≤ p`.
///
/// # Formula
/// ```text
/// r* = log2( c / ((1 − c) ln 2) ) − 1
/// Speedup(r*) = (2 + pc) / (2^{r*+1}(1 − c) + c(2 + p − r*))        (Dobber, eq. (5.40))
/// ```
/// The thesis's numeric form `⌊1.44 ln(c/(1−c)) − 0.22⌋` has a wrong constant: the exact one is
/// `⌊1.442695 ln(c/(1−c)) + 0.028766⌋` (with the `+½` of the rounding). The denominator of
/// Dobber, eq. (5.35) is convex in `r`, so the stationary point is always a maximum; it lies in `[0, p]`
/// exactly for `c_low ≤ c ≤ c_high(P)` ([`dependent_lower_threshold`], [`dependent_upper_threshold`]).
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 < c_X < 1`; [`ReplicationError::OutOfRange`]
/// when `r*` lies outside `[0, p]`; [`ReplicationError::NotPowerOfTwo`],
/// [`ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// `r*` and the speedup within 1e-13 (relative) of 50-digit references
/// (`tests/replication/replication_reference.rs`).
///
/// # Examples
/// ```
/// use loadbal::replication::optimum::dependent_continuous_optimum;
/// let opt = dependent_continuous_optimum(0.9, 1024).unwrap();
/// assert!((opt.level - 2.6986913744).abs() < 1e-9);
/// assert!((opt.speedup - 1.1375854478).abs() < 1e-9); // Dobber, eq. (5.40)
/// assert!(dependent_continuous_optimum(0.9, 2).is_err()); // r* = 2.7 > p = 1
/// assert_eq!(opt.to_string(), "R* = 6.4921 (r* = log2 R* = 2.6987), speedup 1.1376 over ELB");
/// ```
pub fn dependent_continuous_optimum(cv: f64, processors: u64) -> Result<ContinuousOptimum, ReplicationError> {
    let c = check_open_cv(cv)?;
    let p = processor_level(processors)?;
    let pf = f64::from(p);
    let r = r_cont_11(c);
    let den = pow2(r + 1.0) * (1.0 - c) + c * (2.0 + pf - r);
    let den2 = LN_2 * LN_2 * pow2(r + 1.0) * (1.0 - c);
    checked_optimum(r, p, 2.0 + pf * c, den, den2)
}

/// Model 1.1 optimal number of replicas (Dobber, eq. (5.37)/(5.38), exact constants).
///
/// # Formula
/// ```text
/// R* = 1                          if c ≤ ln 2/(ln 2 + ½)
///    = P                          if c > 2^{1+p} ln 2 / (1 + 2^{1+p} ln 2)
///    = 2^{⌊r* + ½⌋} (in [1, P])   otherwise, r* of [`dependent_continuous_optimum`]
/// ```
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 ≤ c_X ≤ 1`; [`ReplicationError::NotPowerOfTwo`],
/// [`ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// Exact (a count), except for `c_X` within about 1e-15 relative of a threshold or of a rounding boundary of
/// `r*`, where the neighbouring count may be returned.
///
/// # Examples
/// Dobber, eq. (5.30) on four processors: `c = 0.6 → R = 1`, `c = 0.7 → 2`, `c = 0.85 → 4` (the rounded
/// form gives `R = 2` from 0.6622 on).
/// ```
/// use loadbal::replication::optimum::dependent_optimal_replicas;
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
    Ok(round_clip(r_cont_11(c), p))
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
/// use loadbal::replication::optimum::dependent_speedup_at_optimum;
/// assert!((dependent_speedup_at_optimum(0.9, 1024).unwrap() - 1.1375854478).abs() < 1e-9);
/// ```
pub fn dependent_speedup_at_optimum(cv: f64, processors: u64) -> Result<f64, ReplicationError> {
    let c = check_cv(cv)?;
    let p = processor_level(processors)?;
    if c < dependent_lower_threshold() {
        return Ok(1.0);
    }
    if c > upper_threshold_11(p) {
        return super::closed_forms::dependent_speedup_full_replication(c, processors);
    }
    let pf = f64::from(p);
    Ok((2.0 + pf * c) * LN_2 / (c * (3.0 * LN_2 + 1.0 + pf * LN_2 + LN_2.ln() + ((1.0 - c) / c).ln())))
}

/// Model 1.2 continuous optimum for β₂ = ½, γ = 1 and a constant β₁ ≠ 1 (Dobber, eq. (5.47)),
/// answered only when it is a maximum of a positive speedup Dobber, eq. (5.44) inside `0 ≤ r* ≤ p`.
///
/// # Formula
/// ```text
/// r* = [ p ln β₁ + ln(ln β₁/(β₁ − 1)) + ln α + ln(c/(1 − 2αc)) − ln ln 2 ] / ln(2β₁)
/// den(r) = 2^r (1 − 2αc) + αc (2 + (1 − β₁^{p−r})/(1 − β₁))     (the denominator of Dobber, eq. (5.44))
/// maximum iff den(r*) > 0 and den''(r*) = (ln 2)² 2^{r*}(1 − 2αc) + αc β₁^{p−r*} (ln β₁)²/(β₁ − 1) > 0
/// ```
///
/// # Errors
/// [`ReplicationError::InvalidParameter`] unless `params` has a constant β₁ ∉ {½, 1},
/// β₂ = ½ and γ = 1; [`ReplicationError::CvOutOfDomain`] unless `0 < c_X ≤ 1`;
/// [`ReplicationError::NoSolution`] when `2αc ≥ 1` (no stationary point);
/// [`ReplicationError::OutOfRange`] when `r*` lies outside `[0, p]`;
/// [`ReplicationError::NotAMaximum`] when Dobber, eq. (5.44) is not positive at `r*` (beyond a pole) or has a
/// minimum there.
///
/// # Accuracy
/// `r*` within 1e-13 (absolute) and the speedup within 1e-12 (relative) of 50-digit references.
///
/// # Examples
/// The §5.4.2 example (α = 0.60, β₁ = 1.01, c = 0.70, P = 2^10): r* = 2.028, so R* = 4. With
/// c = 0.81 on P = 2 the stationary point r* = 4.59 lies beyond a pole of Dobber, eq. (5.44) and outside
/// `[0, 1]`: refused.
/// ```
/// use loadbal::replication::{JrParams, ReplicationError, optimum::constant_beta_continuous_optimum};
/// let m = JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap();
/// let opt = constant_beta_continuous_optimum(0.7, 1024, &m).unwrap();
/// assert!((opt.level - 2.0283357731).abs() < 1e-9);
/// assert!(matches!(constant_beta_continuous_optimum(0.81, 2, &m), Err(ReplicationError::OutOfRange { .. })));
/// ```
pub fn constant_beta_continuous_optimum(
    cv: f64,
    processors: u64,
    params: &JrParams,
) -> Result<ContinuousOptimum, ReplicationError> {
    let alpha = params.alpha;
    let BetaMax::Constant(beta1) = params.beta_max else {
        return Err(ReplicationError::InvalidParameter {
            name: "β(i, j) kind",
            value: f64::NAN,
            expected: "a constant β₁ (model 1.2)",
        });
    };
    if !(beta1.is_finite() && beta1 > 0.0 && beta1 != 1.0 && beta1 != 0.5) {
        return Err(ReplicationError::InvalidParameter {
            name: "β₁",
            value: beta1,
            expected: "a positive number other than 1 and ½ ((5.47) divides by ln(2β₁) and β₁ − 1)",
        });
    }
    if params.beta_min != BetaMin::Constant(0.5) {
        return Err(ReplicationError::InvalidParameter {
            name: "β₂",
            value: match params.beta_min {
                BetaMin::Constant(b) => b,
                BetaMin::Implied => f64::NAN,
            },
            expected: "the constant ½ that (5.47) assumes",
        });
    }
    if params.gamma != 1.0 {
        return Err(ReplicationError::InvalidParameter {
            name: "γ",
            value: params.gamma,
            expected: "1, which (5.47) assumes (model 1.2)",
        });
    }
    if !(alpha.is_finite() && alpha > 0.0 && alpha < 1.0) {
        return Err(ReplicationError::InvalidParameter { name: "α", value: alpha, expected: "a number in (0, 1)" });
    }
    let c = check_cv(cv)?;
    if c == 0.0 {
        return Err(ReplicationError::CvOutOfDomain { cv });
    }
    let p = processor_level(processors)?;
    let ac = alpha * c;
    let q = 1.0 - 2.0 * ac;
    if q <= 0.0 {
        return Err(ReplicationError::NoSolution {
            reason: format!("1 − 2αc = {q} ≤ 0 for α = {alpha}, c_X = {c}: the speedup (5.44) has no stationary point"),
        });
    }
    let pf = f64::from(p);
    let lb = beta1.ln();
    let r = (lb * pf + (lb / (beta1 - 1.0)).ln() + alpha.ln() + (c / q).ln() - LN_2.ln()) / (2.0 * beta1).ln();
    let geometric = |n: f64| (1.0 - beta1.powf(n)) / (1.0 - beta1);
    let num = 1.0 + ac * geometric(pf);
    let den = pow2(r) * q + ac * (2.0 + geometric(pf - r));
    let den2 = LN_2 * LN_2 * pow2(r) * q + ac * beta1.powf(pf - r) * lb * lb / (beta1 - 1.0);
    checked_optimum(r, p, num, den, den2)
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
/// [`ReplicationError::CvOutOfDomain`]; [`ReplicationError::InvalidParameter`] for `c > √6/3`;
/// [`ReplicationError::NotPowerOfTwo`], [`ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// As [`dependent_optimal_replicas`].
///
/// # Examples
/// ```
/// use loadbal::replication::optimum::consistent_alpha_optimal_replicas;
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
/// use loadbal::replication::optimum::consistent_alpha_speedup_at_optimum;
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
/// [`ReplicationError::NotPowerOfTwo`], [`ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// Closed form within 1e-15 relative for every `P ≤ 2^40` (measured worst 2.2e-16,
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// let c = loadbal::replication::optimum::independent_zero_threshold(128).unwrap();
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
/// [`ReplicationError::NotPowerOfTwo`], [`ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// Closed form within 1e-15 relative for every `P ≤ 2^40` (measured worst 1.1e-16,
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Examples
/// ```
/// let c = loadbal::replication::optimum::independent_full_threshold(2).unwrap();
/// assert!((c - 0.796791).abs() < 1e-6);
/// ```
pub fn independent_full_threshold(processors: u64) -> Result<f64, ReplicationError> {
    let p = processor_level(processors)?;
    Ok(full_threshold_21(p))
}

fn full_threshold_21(p: u32) -> f64 {
    1.0 / (1.0 + 1.0 / (LN_2 * pow2(1.0 + 1.5 * f64::from(p))))
}

fn r_cont_21(c: f64, p: u32) -> f64 {
    let pf = f64::from(p);
    let x = 6.0 * LN_2 * (1.0 - c) / c * (3.0 + 1.5 * LN_2 * pf).exp();
    (6.0 + 3.0 * LN_2 * pf - 2.0 * x.lambert_w0()) / (3.0 * LN_2)
}

/// Model 2.1 (γ = ½) continuous optimum via the Lambert W function (Dobber, eq. (5.74),
/// Def. 5.4.1), answered only when it lies in `0 ≤ r* ≤ p`.
///
/// # Formula
/// ```text
/// r* = (6 + 3 ln 2·p − 2 W₀(6 ln 2 (1 − c) e^{3 + (3/2) ln 2·p} / c)) / (3 ln 2)
/// ```
/// the root of `((1 − c)/c) ln 2 · 2^{1 + 3r/2} = 1 + (p − r) ln 2/2` (d(5.72)/dr = 0). The
/// denominator of Dobber, eq. (5.72) is convex on `[0, p]`, so `r*` is a maximum; it lies in `[0, p]`
/// exactly for `c_0(P) ≤ c ≤ c_p(P)`.
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 < c_X ≤ 1`; [`ReplicationError::OutOfRange`]
/// outside `[c_0(P), c_p(P)]`; [`ReplicationError::NotPowerOfTwo`],
/// [`ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// `r*` within 1e-12 (absolute) of 50-digit references (the Lambert W of `special` is accurate
/// to a few ulps).
///
/// # Examples
/// ```
/// use loadbal::replication::optimum::independent_continuous_optimum;
/// let opt = independent_continuous_optimum(0.42, 128).unwrap();
/// assert!((opt.level - 0.5089208027).abs() < 1e-9);
/// assert!(independent_continuous_optimum(0.2, 128).is_err()); // r* < 0: no replication pays
/// ```
pub fn independent_continuous_optimum(cv: f64, processors: u64) -> Result<ContinuousOptimum, ReplicationError> {
    let c = check_cv(cv)?;
    if c == 0.0 {
        return Err(ReplicationError::CvOutOfDomain { cv });
    }
    let p = processor_level(processors)?;
    let pf = f64::from(p);
    let r = r_cont_21(c, p);
    let decay = pow2(-0.5 * r);
    let den = pow2(r + 1.0) * (1.0 - c) + c * (2.0 + (pf - r) * decay);
    let den2 = LN_2 * LN_2 * pow2(r + 1.0) * (1.0 - c) + c * decay * (LN_2 + LN_2 * LN_2 * (pf - r) / 4.0);
    checked_optimum(r, p, 2.0 + pf * c, den, den2)
}

/// Model 2.1 (γ = ½) optimal number of replicas (Dobber, eq. (5.74), corrected second bound).
///
/// # Formula
/// ```text
/// R* = 1                 if c ≤ c_0(P)
///    = P                 if c ≥ c_p(P)
///    = 2^{⌊r* + ½⌋}      otherwise (r* of [`independent_continuous_optimum`])
/// ```
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 ≤ c_X ≤ 1`; [`ReplicationError::NotPowerOfTwo`],
/// [`ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// As [`dependent_optimal_replicas`].
///
/// # Examples
/// Fig. 5.14: `c = 0.42`, `P = 128` gives `R* = 2` (the thesis's "JR leads to speedups"; the
/// discrete argmax of Dobber, eq. (5.72) is 1, see [`optimal_replicas`]); `c = 1` gives `R* = P`.
/// ```
/// use loadbal::replication::optimum::independent_optimal_replicas;
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
    Ok(round_clip(r_cont_21(c, p), p))
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
/// let [a, b, c] = loadbal::replication::optimum::independent_four_processor_thresholds();
/// assert!((a - 0.607368617).abs() < 1e-9 && (b - 0.849778895).abs() < 1e-9 && (c - 3.093836321).abs() < 1e-9);
/// ```
pub fn independent_four_processor_thresholds() -> [f64; 3] {
    [4.0 / (8.0 - SQRT_2), 8.0 / (SQRT_2 + 8.0), 8.0 / (4.0 - SQRT_2)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replication::{JrModel, closed_forms};

    #[test]
    fn model11_optimum_table_g4() {
        let ps = [1u32, 2, 3, 4, 5, 6, 7, 10];
        let rows: [(f64, [u32; 8]); 8] = [
            (0.5, [0; 8]),
            (0.66, [0; 8]),
            (0.67, [1; 8]),
            (0.85, [1, 2, 2, 2, 2, 2, 2, 2]),
            (0.9, [1, 2, 3, 3, 3, 3, 3, 3]),
            (0.95, [1, 2, 3, 4, 4, 4, 4, 4]),
            (0.97, [1, 2, 3, 4, 5, 5, 5, 5]),
            (0.99, [1, 2, 3, 4, 5, 6, 6, 6]),
        ];
        for (c, want) in rows {
            for (p, w) in ps.iter().zip(want) {
                let big_p = 1u64 << p;
                assert_eq!(dependent_optimal_replicas(c, big_p).unwrap(), 1 << w, "c = {c}, p = {p}");
                if c != 0.67 {
                    // 0.6622 < c ≤ 2/3: the rounded optimum is 2 although R = 2 does not pay.
                    assert_eq!(
                        optimal_replicas(c, big_p, &JrModel::DependentUnitBeta.planetlab_params()).unwrap().replicas,
                        1 << w
                    );
                }
            }
        }
    }

    #[test]
    fn break_evens_are_the_printed_thresholds() {
        let m21 = JrParams::independent_jobs();
        let [a, b, _] = independent_four_processor_thresholds();
        assert!((break_even_cv(1, 2, 4, &m21).unwrap() - a).abs() < 1e-14);
        assert!((break_even_cv(2, 4, 4, &m21).unwrap() - b).abs() < 1e-14);
        // r* crosses 0 and p exactly at the model 2.1 bounds.
        for p in 1..=7u32 {
            assert!(r_cont_21(zero_threshold_21(p), p).abs() < 1e-9);
            assert!((r_cont_21(full_threshold_21(p), p) - f64::from(p)).abs() < 1e-9);
        }
    }

    #[test]
    fn model21_optimum_table_g9() {
        let rows: [(f64, [u32; 8]); 5] = [
            (0.42, [0, 0, 0, 0, 0, 0, 0, 1]),
            (0.7, [0, 1, 1, 1, 1, 1, 1, 2]),
            (0.9, [0, 1, 2, 2, 2, 2, 3, 3]),
            (0.97, [0, 1, 2, 3, 3, 3, 4, 4]),
            (1.0, [0, 1, 2, 3, 4, 5, 6, 7]),
        ];
        for (c, want) in rows {
            for (p, w) in want.iter().enumerate() {
                assert_eq!(independent_optimal_replicas(c, 1 << p).unwrap(), 1 << w, "c = {c}, p = {p}");
            }
        }
        assert!((closed_forms::independent_speedup(0.42, 2, 128).unwrap() - 0.999614).abs() < 1e-6);
        assert_eq!(optimal_replicas(0.42, 128, &JrParams::independent_jobs()).unwrap().replicas, 1);
    }

    #[test]
    fn continuous_optima_are_maxima_of_the_speedup() {
        // The speedup at r* ± h is below the speedup at r* (a different route: the closed form
        // at non-integer r through the generic formula of each model).
        let s11 = |c: f64, p: f64, r: f64| (2.0 + p * c) / (pow2(r + 1.0) + c * (2.0 - pow2(r + 1.0) + p - r));
        for (c, p) in [(0.8, 6u32), (0.9, 10)] {
            let opt = dependent_continuous_optimum(c, 1 << p).unwrap();
            let pf = f64::from(p);
            assert!((s11(c, pf, opt.level) - opt.speedup).abs() < 1e-13);
            assert!(s11(c, pf, opt.level + 1e-3) < opt.speedup && s11(c, pf, opt.level - 1e-3) < opt.speedup);
            assert!((opt.speedup - dependent_speedup_at_optimum(c, 1 << p).unwrap()).abs() < 1e-12);
        }
        for (c, p) in [(0.7, 3u32), (0.9, 5), (0.8, 4)] {
            let opt = independent_continuous_optimum(c, 1 << p).unwrap();
            let pf = f64::from(p);
            let lhs = (1.0 - c) / c * LN_2 * pow2(1.0 + 1.5 * opt.level);
            assert!((lhs - (1.0 + (pf - opt.level) * LN_2 / 2.0)).abs() < 1e-9);
        }
    }

    #[test]
    fn continuous_optima_refuse_outside_the_domain() {
        let m = JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap();
        // Issue row: α = 0.6, β₁ = 1.01, c = 0.81, P = 2 (p = 1): r* = 4.59, beyond a pole.
        match constant_beta_continuous_optimum(0.81, 2, &m) {
            Err(ReplicationError::OutOfRange { level, max_level: 1, .. }) => assert!((level - 4.59).abs() < 0.01),
            other => panic!("{other:?}"),
        }
        assert!(matches!(dependent_continuous_optimum(0.5, 16), Err(ReplicationError::OutOfRange { .. })));
        assert!(matches!(dependent_continuous_optimum(0.99, 4), Err(ReplicationError::OutOfRange { .. })));
        assert!(matches!(independent_continuous_optimum(1.0, 16), Err(ReplicationError::OutOfRange { .. })));
        assert!(matches!(constant_beta_continuous_optimum(0.9, 16, &m), Err(ReplicationError::NoSolution { .. })));
        assert!(
            constant_beta_continuous_optimum(0.7, 1024, &JrModel::DependentConstantBeta.planetlab_params()).is_err()
        ); // Def. 5.3.8 β₂
    }

    #[test]
    fn special_12_golden() {
        assert!((consistent_alpha_speedup_at_optimum(0.6, 8).unwrap() - 1.0511352175).abs() < 1e-9);
        assert!((consistent_alpha_speedup_at_optimum(0.7, 4).unwrap() - 1.3006126659).abs() < 1e-9);
        assert!((consistent_alpha_speedup_at_optimum(0.8, 16).unwrap() - 2.2712601791).abs() < 1e-9);
        assert_eq!(consistent_alpha_speedup_at_optimum(0.45, 32).unwrap(), 1.0);
        assert!(consistent_alpha_optimal_replicas(0.9, 8).is_err());
        let r: Vec<u64> = [1u32, 2, 3, 4, 5, 6, 8, 10]
            .iter()
            .map(|&p| consistent_alpha_optimal_replicas(0.81, 1 << p).unwrap())
            .collect();
        assert_eq!(r, vec![2, 4, 8, 16, 32, 64, 64, 64]);
    }
}
