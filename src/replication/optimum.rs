//! The optimal number of replicas (Dobber, eq. (5.21), (5.30), (5.37)–(5.42), (5.47)–(5.50),
//! (5.68), (5.74)).
//!
//! Two kinds of answer: the *discrete* optimum [`optimal_replicas`] (the best `R = 2^r` by
//! exhaustive search over `r = 0..p`, any model), and the thesis's *continuous* optimum
//! [`continuous_optimum`]: the stationary point `r*` of the speedup in `r = log2 R`, in closed
//! form for the models that have one (1.1, 1.2 with β₂ = ½, 2.1), returned only when it is a
//! maximum of a positive speedup inside `0 ≤ r* ≤ p`, and a typed error
//! ([`ReplicationError::OutOfRange`], which carries `r*`, [`ReplicationError::NotAMaximum`])
//! otherwise. [`break_even_cv`] gives the coefficient of variation where two replica counts tie.

use std::f64::consts::LN_2;
use std::fmt;

use special::LambertW;

use super::domain::{check_cv, levels, pow2, processor_level};
use super::evaluator::{iteration_time_levels, speedup_levels};
use super::{BetaMax, BetaMin, JrParams, ReplicationError};

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
/// use loadbal::replication::{JrModel, optimal_replicas};
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
/// use loadbal::replication::{JrModel, break_even_cv};
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

/// The continuous optimum of a model: the stationary point `r*` of its speedup in `r = log2 R`
/// (not a whole number in general), in closed form for the three models the thesis solves.
///
/// # Formula
/// ```text
/// model 1.1 (α = ½, β(i, j) = 1, β(i, i) = ½, γ = 1), Dobber, eq. (5.37) before rounding, (5.40):
///   r* = log2( c / ((1 − c) ln 2) ) − 1
///   Speedup(r*) = (2 + pc) / (2^{r*+1}(1 − c) + c(2 + p − r*))
/// model 1.2 with constant β₁ ∉ {½, 1}, β(i, i) = ½, γ = 1, Dobber, eq. (5.47):
///   r* = [ p ln β₁ + ln(ln β₁/(β₁ − 1)) + ln α + ln(c/(1 − 2αc)) − ln ln 2 ] / ln(2β₁)
/// model 2.1 (α = ½, β(i, j) = 1, β(i, i) = ½, γ = ½), Dobber, eq. (5.74), Def. 5.4.1:
///   r* = (6 + 3 ln 2·p − 2 W₀(6 ln 2 (1 − c) e^{3 + (3/2) ln 2·p} / c)) / (3 ln 2)
/// ```
/// each answered only when `r*` lies in `[0, p]` and is a maximum of a positive speedup (the
/// denominator of the speedup positive and convex there). The thesis's rounded rules
/// `R* = 2^{⌊r* + ½⌋}`, clipped to `[1, P]`, follow from [`ContinuousOptimum::level`] and from the
/// `level` that [`ReplicationError::OutOfRange`] carries.
///
/// # Errors
/// [`ReplicationError::NoSolution`] for a model without a closed-form optimum (use
/// [`optimal_replicas`]) or when `2αc ≥ 1` (model 1.2: no stationary point);
/// [`ReplicationError::CvOutOfDomain`] unless `0 < c_X < 1` (model 1.1) or `0 < c_X ≤ 1`;
/// [`ReplicationError::InvalidParameter`] for a model 1.2 whose β₁ is ½;
/// [`ReplicationError::OutOfRange`] when `r*` lies outside `[0, p]`;
/// [`ReplicationError::NotAMaximum`] when the speedup is not positive at `r*` (beyond a pole) or
/// has a minimum there; [`ReplicationError::NotPowerOfTwo`], [`ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// `r*` within 1e-12 (absolute) and the speedup within 1e-12 (relative) of 50-digit references
/// (`tests/replication/replication_reference.rs`); the Lambert W of `special` is accurate to a
/// few ulps.
///
/// # Examples
/// Model 1.1 at `c_X = 0.9` on 1,024 processors (Dobber, eq. (5.40)); the §5.4.2 example of model
/// 1.2 (α = 0.60, β₁ = 1.01, c = 0.70, P = 2^10: r* = 2.028, so R* = 4); model 2.1 at `c_X =
/// 0.42`, `P = 128` (Fig. 5.14).
/// ```
/// use loadbal::replication::{JrParams, ReplicationError, continuous_optimum};
/// let opt = continuous_optimum(0.9, 1024, &JrParams::dependent_jobs()).unwrap();
/// assert!((opt.level - 2.6986913744).abs() < 1e-9);
/// assert!((opt.speedup - 1.1375854478).abs() < 1e-9);
/// assert_eq!(opt.to_string(), "R* = 6.4921 (r* = log2 R* = 2.6987), speedup 1.1376 over ELB");
/// // r* = 2.7 > p = 1: refused, with r*.
/// assert!(matches!(
///     continuous_optimum(0.9, 2, &JrParams::dependent_jobs()),
///     Err(ReplicationError::OutOfRange { level, .. }) if (level - 2.6987).abs() < 1e-4
/// ));
///
/// let m12 = JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap();
/// assert!((continuous_optimum(0.7, 1024, &m12).unwrap().level - 2.0283357731).abs() < 1e-9);
/// // c = 0.81 on P = 2: r* = 4.59 lies beyond a pole of (5.44) and outside [0, 1].
/// assert!(matches!(continuous_optimum(0.81, 2, &m12), Err(ReplicationError::OutOfRange { .. })));
///
/// let m21 = JrParams::independent_jobs();
/// assert!((continuous_optimum(0.42, 128, &m21).unwrap().level - 0.5089208027).abs() < 1e-9);
/// assert!(continuous_optimum(0.2, 128, &m21).is_err()); // r* < 0: no replication pays
/// ```
pub fn continuous_optimum(cv: f64, processors: u64, params: &JrParams) -> Result<ContinuousOptimum, ReplicationError> {
    let unit_beta = params.beta_max == BetaMax::Constant(1.0) && params.beta_min == BetaMin::Constant(0.5);
    if unit_beta && params.alpha == 0.5 && params.gamma == 1.0 {
        return dependent_continuous_optimum(cv, processors);
    }
    if unit_beta && params.alpha == 0.5 && params.gamma == 0.5 {
        return independent_continuous_optimum(cv, processors);
    }
    if params.gamma == 1.0
        && params.beta_min == BetaMin::Constant(0.5)
        && matches!(params.beta_max, BetaMax::Constant(b) if b != 1.0)
    {
        return constant_beta_continuous_optimum(cv, processors, params);
    }
    Err(ReplicationError::NoSolution {
        reason: format!(
            "no closed-form continuous optimum for {params}: Dobber gives one for γ = 1 with a constant β(i, j) \
             and β(i, i) = ½ (models 1.1, 1.2) and for γ = ½ with α = ½ and unit β (model 2.1); \
             use optimal_replicas"
        ),
    })
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
/// exactly for `c_low ≤ c ≤ c_high(P)` (the thresholds of Dobber, eq. (5.38), (5.41)).
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
fn dependent_continuous_optimum(cv: f64, processors: u64) -> Result<ContinuousOptimum, ReplicationError> {
    let c = check_open_cv(cv)?;
    let p = processor_level(processors)?;
    let pf = f64::from(p);
    let r = r_cont_11(c);
    let den = pow2(r + 1.0) * (1.0 - c) + c * (2.0 + pf - r);
    let den2 = LN_2 * LN_2 * pow2(r + 1.0) * (1.0 - c);
    checked_optimum(r, p, 2.0 + pf * c, den, den2)
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
fn constant_beta_continuous_optimum(
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
fn independent_continuous_optimum(cv: f64, processors: u64) -> Result<ContinuousOptimum, ReplicationError> {
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

#[cfg(test)]
mod tests {
    use std::f64::consts::SQRT_2;

    use super::*;
    use crate::replication::JrModel;

    /// The rounded rule of the thesis, `⌊r* + ½⌋` clipped to `[0, p]`, from the continuous optimum
    /// (its level, or the level an out-of-range error carries).
    fn rounded_level(c: f64, processors: u64, params: &JrParams) -> u32 {
        let p = processor_level(processors).unwrap();
        let level = match continuous_optimum(c, processors, params) {
            Ok(o) => o.level,
            Err(ReplicationError::OutOfRange { level, .. }) => level,
            Err(e) => panic!("c = {c}: {e}"),
        };
        (level + 0.5).floor().clamp(0.0, f64::from(p)) as u32
    }

    #[test]
    fn model11_optimum_table_g4() {
        // Dobber, Table G.4: the rounded optimum r of model 1.1 by c_X and p.
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
        let m11 = JrParams::dependent_jobs();
        for (c, want) in rows {
            for (p, w) in ps.iter().zip(want) {
                let big_p = 1u64 << p;
                assert_eq!(rounded_level(c, big_p, &m11), w, "c = {c}, p = {p}");
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
        // Dobber, eq. (5.65), (5.67): 4/(8 − √2) and 8/(√2 + 8) for model 2.1 on P = 4.
        let m21 = JrParams::independent_jobs();
        assert!((break_even_cv(1, 2, 4, &m21).unwrap() - 4.0 / (8.0 - SQRT_2)).abs() < 1e-14);
        assert!((break_even_cv(2, 4, 4, &m21).unwrap() - 8.0 / (SQRT_2 + 8.0)).abs() < 1e-14);
        // r* crosses 0 and p exactly at the model 2.1 bounds of Dobber, eq. (5.74).
        for p in 1..=7u32 {
            let pf = f64::from(p);
            let zero = 4.0 * LN_2 / (4.0 * LN_2 + 2.0 + LN_2 * pf);
            let full = 1.0 / (1.0 + 1.0 / (LN_2 * pow2(1.0 + 1.5 * pf)));
            assert!(r_cont_21(zero, p).abs() < 1e-9);
            assert!((r_cont_21(full, p) - pf).abs() < 1e-9);
        }
    }

    #[test]
    fn model21_optimum_table_g9() {
        // Dobber, Table G.9: the rounded Lambert-W optimum r of model 2.1 by c_X and p = 0..7.
        let rows: [(f64, [u32; 8]); 5] = [
            (0.42, [0, 0, 0, 0, 0, 0, 0, 1]),
            (0.7, [0, 1, 1, 1, 1, 1, 1, 2]),
            (0.9, [0, 1, 2, 2, 2, 2, 3, 3]),
            (0.97, [0, 1, 2, 3, 3, 3, 4, 4]),
            (1.0, [0, 1, 2, 3, 4, 5, 6, 7]),
        ];
        let m21 = JrParams::independent_jobs();
        for (c, want) in rows {
            for (p, w) in want.iter().enumerate() {
                assert_eq!(rounded_level(c, 1 << p, &m21), *w, "c = {c}, p = {p}");
            }
        }
        assert!((speedup_levels(0.42, 1, 7, &m21).unwrap() - 0.999614).abs() < 1e-6);
        assert_eq!(optimal_replicas(0.42, 128, &m21).unwrap().replicas, 1);
    }

    #[test]
    fn continuous_optima_are_maxima_of_the_speedup() {
        // The speedup at r* ± h is below the speedup at r* (a different route: the closed form
        // at non-integer r through the generic formula of each model).
        let s11 = |c: f64, p: f64, r: f64| (2.0 + p * c) / (pow2(r + 1.0) + c * (2.0 - pow2(r + 1.0) + p - r));
        for (c, p) in [(0.8, 6u32), (0.9, 10)] {
            let opt = continuous_optimum(c, 1 << p, &JrParams::dependent_jobs()).unwrap();
            let pf = f64::from(p);
            assert!((s11(c, pf, opt.level) - opt.speedup).abs() < 1e-13);
            assert!(s11(c, pf, opt.level + 1e-3) < opt.speedup && s11(c, pf, opt.level - 1e-3) < opt.speedup);
        }
        for (c, p) in [(0.7, 3u32), (0.9, 5), (0.8, 4)] {
            let opt = continuous_optimum(c, 1 << p, &JrParams::independent_jobs()).unwrap();
            let pf = f64::from(p);
            let lhs = (1.0 - c) / c * LN_2 * pow2(1.0 + 1.5 * opt.level);
            assert!((lhs - (1.0 + (pf - opt.level) * LN_2 / 2.0)).abs() < 1e-9);
        }
    }

    #[test]
    fn continuous_optima_refuse_outside_the_domain() {
        let m = JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap();
        // Issue row: α = 0.6, β₁ = 1.01, c = 0.81, P = 2 (p = 1): r* = 4.59, beyond a pole.
        match continuous_optimum(0.81, 2, &m) {
            Err(ReplicationError::OutOfRange { level, max_level: 1, .. }) => assert!((level - 4.59).abs() < 0.01),
            other => panic!("{other:?}"),
        }
        let m11 = JrParams::dependent_jobs();
        assert!(matches!(continuous_optimum(0.5, 16, &m11), Err(ReplicationError::OutOfRange { .. })));
        assert!(matches!(continuous_optimum(0.99, 4, &m11), Err(ReplicationError::OutOfRange { .. })));
        let m21 = JrParams::independent_jobs();
        assert!(matches!(continuous_optimum(1.0, 16, &m21), Err(ReplicationError::OutOfRange { .. })));
        assert!(matches!(continuous_optimum(0.9, 16, &m), Err(ReplicationError::NoSolution { .. })));
        // Def. 5.3.8 β₂ and a fitted β: no closed form.
        for model in [JrModel::DependentConstantBeta, JrModel::DependentFittedBeta, JrModel::PartlyIndependentUnitBeta]
        {
            assert!(matches!(
                continuous_optimum(0.7, 1024, &model.planetlab_params()),
                Err(ReplicationError::NoSolution { .. })
            ));
        }
    }
}
