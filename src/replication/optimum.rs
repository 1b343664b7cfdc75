//! The optimal number of replicas (Dobber, eq. (5.21), (5.30), (5.37)–(5.42), (5.47)–(5.50),
//! (5.68), (5.74)) and the thresholds on the coefficient of variation.

use std::f64::consts::{LN_2, SQRT_2};

use special::LambertW;

use super::{JrParams, ReplicationError, check_cv, check_rp, evaluator, pow2};

/// The best replication level of a model on `2^p` processors.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OptimalReplication {
    /// `r* = log2 R*`.
    pub r: u32,
    /// `R* = 2^{r*}`.
    pub replicas: u64,
    /// The model's speedup over ELB at `r*`.
    pub speedup: f64,
}

/// The discrete optimum `r* = argmax_{0 ≤ r ≤ p} Speedup R(t, 2^r, 2^p)` of a model (Dobber,
/// (2.32) applied to the model), over the levels whose model iteration time is positive; ties
/// (within a relative 1e-12) go to the smaller `r`.
///
/// # Formula
/// ```text
/// r* = argmax_{r = 0..p, R_it(r) > 0} R_it(t, 1, 2^p) / R_it(t, 2^r, 2^p)
/// ```
///
/// # Errors
/// As [`evaluator::speedup`].
///
/// # Examples
/// Model 1.1 with `c_X = 0.95` on 64 processors: `R* = 16` (the thesis: "R = 16 for P ≥ 16").
/// ```
/// use loadbal::replication::{JrModel, optimum::optimal_r_discrete};
/// let best = optimal_r_discrete(0.95, 6, &JrModel::M11.params()).unwrap();
/// assert_eq!((best.r, best.replicas), (4, 16));
/// ```
pub fn optimal_r_discrete(cv: f64, p: u32, params: &JrParams) -> Result<OptimalReplication, ReplicationError> {
    check_cv(cv)?;
    check_rp(0, p)?;
    let mut best = OptimalReplication { r: 0, replicas: 1, speedup: 1.0 };
    for r in 1..=p {
        if evaluator::iteration_time(1.0, cv, r, p, params)? <= 0.0 {
            continue;
        }
        let s = evaluator::speedup(cv, r, p, params)?;
        if s > best.speedup * (1.0 + 1e-12) {
            best = OptimalReplication { r, replicas: 1 << r, speedup: s };
        }
    }
    Ok(best)
}

/// The coefficient of variation at which `2^{r_a}`-JR and `2^{r_b}`-JR have equal model
/// iteration times on `2^p` processors. Every model's iteration time is linear in `c_X`
/// (`R_it = 2^r + k_r c_X` at `E X = 1`), so the break-even is exact.
///
/// # Formula
/// ```text
/// c* = (2^{r_b} − 2^{r_a}) / (k_{r_a} − k_{r_b}),   k_r = R_it(1, 1, r, p) − 2^r
/// ```
/// Model 1.1 gives 2/3 (R = 2 vs 1, (5.20)) and 4/5 (R = 4 vs 2 on P = 4, (5.28)); model 2.1
/// gives 4/(8 − √2) (5.65) and 8/(√2 + 8) (5.67).
///
/// # Errors
/// As [`evaluator::iteration_time`]; [`ReplicationError::NoSolution`] when the two lines are
/// parallel.
///
/// # Examples
/// ```
/// use loadbal::replication::{JrModel, optimum::break_even_cv};
/// let m = JrModel::M11.params();
/// assert!((break_even_cv(0, 1, 1, &m).unwrap() - 2.0 / 3.0).abs() < 1e-15);
/// assert!((break_even_cv(1, 2, 2, &m).unwrap() - 0.8).abs() < 1e-15);
/// ```
pub fn break_even_cv(r_a: u32, r_b: u32, p: u32, params: &JrParams) -> Result<f64, ReplicationError> {
    let slope = |r: u32| -> Result<f64, ReplicationError> {
        Ok(evaluator::iteration_time(1.0, 1.0, r, p, params)? - pow2(f64::from(r)))
    };
    let (ka, kb) = (slope(r_a)?, slope(r_b)?);
    if ka == kb {
        return Err(ReplicationError::NoSolution { reason: format!("r = {r_a} and r = {r_b} never break even") });
    }
    Ok((pow2(f64::from(r_b)) - pow2(f64::from(r_a))) / (ka - kb))
}

fn check_open_cv(cv: f64) -> Result<f64, ReplicationError> {
    if cv.is_finite() && cv > 0.0 && cv < 1.0 { Ok(cv) } else { Err(ReplicationError::CvOutOfDomain { cv }) }
}

fn round_clip(r_cont: f64, p: u32) -> u32 {
    (r_cont + 0.5).floor().clamp(0.0, f64::from(p)) as u32
}

/// Model 1.1: `c_X` below which no replication pays, `ln 2/(ln 2 + ½) ≈ 0.58` ((5.38)).
///
/// # Formula
/// ```text
/// c_low = ln 2 / (ln 2 + ½)
/// ```
///
/// # Examples
/// ```
/// let c = loadbal::replication::optimum::model11_lower_threshold();
/// assert!((c - 0.580940216).abs() < 1e-9);
/// ```
pub fn model11_lower_threshold() -> f64 {
    LN_2 / (LN_2 + 0.5)
}

/// Model 1.1: `c_X` above which the rounded optimum (5.37) is at least 1, `4 ln 2/(√2 + 4 ln 2)
/// ≈ 0.66` ((5.39)). The exact break-even of R = 2 against R = 1 is 2/3 ([`break_even_cv`]).
///
/// # Formula
/// ```text
/// c_gain = 4 ln 2 / (√2 + 4 ln 2)
/// ```
///
/// # Examples
/// ```
/// let c = loadbal::replication::optimum::model11_gain_threshold();
/// assert!((c - 0.662221078).abs() < 1e-9);
/// ```
pub fn model11_gain_threshold() -> f64 {
    4.0 * LN_2 / (SQRT_2 + 4.0 * LN_2)
}

/// Model 1.1: `c_X` above which `R* = P` on `2^p` processors ((5.38)).
///
/// # Formula
/// ```text
/// c_high(p) = 2^{1+p} ln 2 / (1 + 2^{1+p} ln 2)
/// ```
///
/// # Errors
/// [`ReplicationError::TooManyProcessors`].
///
/// # Examples
/// ```
/// let c = loadbal::replication::optimum::model11_upper_threshold(2).unwrap();
/// assert!((c - 0.847216).abs() < 1e-6);
/// ```
pub fn model11_upper_threshold(p: u32) -> Result<f64, ReplicationError> {
    check_rp(0, p)?;
    let x = pow2(1.0 + f64::from(p)) * LN_2;
    Ok(x / (1.0 + x))
}

/// Model 1.1 continuous optimum: the root of `d(5.35)/dr = 0` ((5.37) before rounding).
///
/// # Formula
/// ```text
/// r_cont = log2( c / ((1 − c) ln 2) ) − 1
/// ```
/// The thesis's numeric form `⌊1.44 ln(c/(1−c)) − 0.22⌋` has a wrong constant: the exact one is
/// `⌊1.442695 ln(c/(1−c)) + 0.028766⌋` (with the `+½` of the rounding).
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 < c_X < 1`.
///
/// # Examples
/// ```
/// use loadbal::replication::optimum::model11_optimal_r_continuous;
/// assert!((model11_optimal_r_continuous(0.9).unwrap() - 2.6986913744).abs() < 1e-9);
/// ```
pub fn model11_optimal_r_continuous(cv: f64) -> Result<f64, ReplicationError> {
    let c = check_open_cv(cv)?;
    Ok((c / ((1.0 - c) * LN_2)).log2() - 1.0)
}

/// Model 1.1 optimal replication level (Dobber, eq. (5.37)/(5.38), exact constants).
///
/// # Formula
/// ```text
/// r* = 0                          if c ≤ ln 2/(ln 2 + ½)
///    = p                          if c > 2^{1+p} ln 2 / (1 + 2^{1+p} ln 2)
///    = ⌊r_cont + ½⌋ (in [0, p])   otherwise
/// ```
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 ≤ c_X ≤ 1`; [`ReplicationError::TooManyProcessors`].
///
/// # Examples
/// (5.30): `c = 0.6 → R = 1`... the rounded form gives `R = 2` from 0.6622 on; `c = 0.7 → 2`,
/// `c = 0.85 → 4` on four processors.
/// ```
/// use loadbal::replication::optimum::model11_optimal_r;
/// assert_eq!(model11_optimal_r(0.6, 2).unwrap(), 0);
/// assert_eq!(model11_optimal_r(0.7, 2).unwrap(), 1);
/// assert_eq!(model11_optimal_r(0.85, 2).unwrap(), 2);
/// ```
pub fn model11_optimal_r(cv: f64, p: u32) -> Result<u32, ReplicationError> {
    let c = check_cv(cv)?;
    if c <= model11_lower_threshold() {
        return Ok(0);
    }
    if c > model11_upper_threshold(p)? {
        return Ok(p);
    }
    Ok(round_clip(model11_optimal_r_continuous(c)?, p))
}

/// Model 1.1 speedup at the optimum (Dobber, eq. (5.40)–(5.42)); between the thresholds it is the
/// value at the *continuous* optimum, a little above the best discrete speedup.
///
/// # Formula
/// ```text
/// ≈ 1                                                            c < ln 2/(ln 2 + ½)
/// ≈ (1 + ½pc)/((1 − c)2^p + c)                                   c > c_high(p)
/// ≈ (2 + pc) ln 2 / (c (3 ln 2 + 1 + p ln 2 + ln ln 2 + ln((1−c)/c)))   otherwise
/// ```
///
/// # Errors
/// As [`model11_optimal_r`].
///
/// # Examples
/// ```
/// use loadbal::replication::optimum::model11_speedup_at_optimum;
/// assert!((model11_speedup_at_optimum(0.9, 10).unwrap() - 1.1375854478).abs() < 1e-9);
/// ```
pub fn model11_speedup_at_optimum(cv: f64, p: u32) -> Result<f64, ReplicationError> {
    let c = check_cv(cv)?;
    if c < model11_lower_threshold() {
        return Ok(1.0);
    }
    if c > model11_upper_threshold(p)? {
        return super::closed_forms::model11_speedup_full(c, p);
    }
    let pf = f64::from(p);
    Ok((2.0 + pf * c) * LN_2 / (c * (3.0 * LN_2 + 1.0 + pf * LN_2 + LN_2.ln() + ((1.0 - c) / c).ln())))
}

/// Model 1.2 continuous optimum for β₂ = ½ and β₁ ≠ 1 (Dobber, eq. (5.47)).
///
/// # Formula
/// ```text
/// r* ≈ [ p ln β₁ + ln(ln β₁/(β₁ − 1)) + ln α + ln(c/(1 − 2αc)) − ln ln 2 ] / ln(2β₁)
/// ```
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 < c < 1/(2α)`; [`ReplicationError::InvalidParameter`]
/// for α ∉ (0, 1) or β₁ ≤ 0, β₁ = 1 or β₁ = ½.
///
/// # Examples
/// The §5.4.2 example (α = 0.60, β₁ = 1.01, c = 0.70, p = 10): 2.028, so R* = 4.
/// ```
/// use loadbal::replication::optimum::model12_optimal_r_continuous;
/// let r = model12_optimal_r_continuous(0.7, 10, 0.6, 1.01).unwrap();
/// assert!((r - 2.0283357731).abs() < 1e-9);
/// ```
pub fn model12_optimal_r_continuous(cv: f64, p: u32, alpha: f64, beta1: f64) -> Result<f64, ReplicationError> {
    if !(alpha.is_finite() && alpha > 0.0 && alpha < 1.0) {
        return Err(ReplicationError::InvalidParameter { name: "α", value: alpha, expected: "a number in (0, 1)" });
    }
    if !(beta1.is_finite() && beta1 > 0.0 && beta1 != 1.0 && beta1 != 0.5) {
        return Err(ReplicationError::InvalidParameter {
            name: "β₁",
            value: beta1,
            expected: "a positive number other than 1 and ½",
        });
    }
    if !(cv.is_finite() && cv > 0.0 && 2.0 * alpha * cv < 1.0) {
        return Err(ReplicationError::CvOutOfDomain { cv });
    }
    check_rp(0, p)?;
    let lb = beta1.ln();
    Ok((lb * f64::from(p) + (lb / (beta1 - 1.0)).ln() + alpha.ln() + (cv / (1.0 - 2.0 * alpha * cv)).ln() - LN_2.ln())
        / (2.0 * beta1).ln())
}

/// α = √6/4 of the model 1.2 special case, for which β₂ = ½ forces β₁ = 1 (Dobber, §5.4.2).
pub const MODEL12_SPECIAL_ALPHA: f64 = 0.612_372_435_695_794_5;

fn special_ac(cv: f64) -> Result<f64, ReplicationError> {
    let c = check_cv(cv)?;
    let ac = MODEL12_SPECIAL_ALPHA * c;
    if 2.0 * ac > 1.0 + 1e-12 {
        return Err(ReplicationError::InvalidParameter {
            name: "c_X",
            value: cv,
            expected: "0 ≤ c_X ≤ √6/3 (beyond it the model 1.2 special case has no optimum)",
        });
    }
    Ok(ac)
}

/// Optimal replication level of the model 1.2 special case α = √6/4, β₁ = 1, β₂ = ½ (Dobber,
/// (5.48)).
///
/// # Formula
/// ```text
/// r* = 0        if αc/(1 − 2αc) ≤ ln 2
///    = p        if αc/(ln 2 − 2 ln 2·αc) ≥ 2^p   (or c = 1/(2α) = √6/3)
///    = ⌊(ln α + ln(c/(1 − 2αc)) − ln ln 2)/ln 2 + ½⌋   otherwise
/// ```
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`]; [`ReplicationError::InvalidParameter`] for `c > √6/3`.
///
/// # Examples
/// ```
/// use loadbal::replication::optimum::model12_special_optimal_r;
/// let r: Vec<u32> = [1, 2, 3, 4, 5, 6].iter().map(|&p| model12_special_optimal_r(0.75, p).unwrap()).collect();
/// assert_eq!(r, vec![1, 2, 3, 3, 3, 3]);
/// ```
pub fn model12_special_optimal_r(cv: f64, p: u32) -> Result<u32, ReplicationError> {
    check_rp(0, p)?;
    let ac = special_ac(cv)?;
    let q = 1.0 - 2.0 * ac;
    if q <= 0.0 || ac / (LN_2 * q) >= pow2(f64::from(p)) {
        return Ok(p);
    }
    if ac / q <= LN_2 {
        return Ok(0);
    }
    let r = ((MODEL12_SPECIAL_ALPHA.ln() + (cv / q).ln() - LN_2.ln()) / LN_2 + 0.5).floor();
    Ok(r.clamp(0.0, f64::from(p)) as u32)
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
/// As [`model12_special_optimal_r`].
///
/// # Examples
/// At `c = √6/3` the speedup is `1 + p/2` (linear in p).
/// ```
/// use loadbal::replication::optimum::model12_special_speedup_at_optimum;
/// assert!((model12_special_speedup_at_optimum(0.75, 6).unwrap() - 1.2740459892).abs() < 1e-9);
/// let c = 6f64.sqrt() / 3.0;
/// assert!((model12_special_speedup_at_optimum(c, 4).unwrap() - 3.0).abs() < 1e-9);
/// ```
pub fn model12_special_speedup_at_optimum(cv: f64, p: u32) -> Result<f64, ReplicationError> {
    check_rp(0, p)?;
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

/// Model 2.1 (γ = ½): `c_X` up to which `r* = 0` on `2^p` processors ((5.74), ≈ 2.8/(4.7 + 0.7p)).
///
/// # Formula
/// ```text
/// c_0(p) = 4 ln 2 / (4 ln 2 + 2 + p ln 2)
/// ```
///
/// # Errors
/// [`ReplicationError::TooManyProcessors`].
///
/// # Examples
/// ```
/// let c = loadbal::replication::optimum::model21_zero_threshold(7).unwrap();
/// assert!((c - 0.288073).abs() < 1e-6);
/// ```
pub fn model21_zero_threshold(p: u32) -> Result<f64, ReplicationError> {
    check_rp(0, p)?;
    Ok(4.0 * LN_2 / (4.0 * LN_2 + 2.0 + LN_2 * f64::from(p)))
}

/// Model 2.1 (γ = ½): `c_X` from which `r* = p` ((5.74) second case, corrected).
///
/// # Formula
/// ```text
/// c_p(p) = 1 / (1 + 1/(ln 2 · 2^{1 + 3p/2}))
/// ```
/// The thesis prints `1/(1 + 1/2^{1 + 3/2 p ln 2}) ≈ 1/(1 + 1/(1.4·2^{1+1.5p}))`; the derivative
/// of (5.72) gives the factor `ln 2 ≈ 0.69`, not 1.4.
///
/// # Errors
/// [`ReplicationError::TooManyProcessors`].
///
/// # Examples
/// ```
/// let c = loadbal::replication::optimum::model21_full_threshold(1).unwrap();
/// assert!((c - 0.796791).abs() < 1e-6);
/// ```
pub fn model21_full_threshold(p: u32) -> Result<f64, ReplicationError> {
    check_rp(0, p)?;
    Ok(1.0 / (1.0 + 1.0 / (LN_2 * pow2(1.0 + 1.5 * f64::from(p)))))
}

/// Model 2.1 (γ = ½) continuous optimum via the Lambert W function (Dobber, eq. (5.74), Def. 5.4.1).
///
/// # Formula
/// ```text
/// r_cont = (6 + 3 ln 2·p − 2 W₀(6 ln 2 (1 − c) e^{3 + (3/2) ln 2·p} / c)) / (3 ln 2)
/// ```
/// the root of `((1 − c)/c) ln 2 · 2^{1 + 3r/2} = 1 + (p − r) ln 2/2` (d(5.72)/dr = 0).
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 < c_X ≤ 1`; [`ReplicationError::TooManyProcessors`].
///
/// # Examples
/// ```
/// use loadbal::replication::optimum::model21_optimal_r_continuous;
/// assert!((model21_optimal_r_continuous(0.42, 7).unwrap() - 0.5089208027).abs() < 1e-9);
/// ```
pub fn model21_optimal_r_continuous(cv: f64, p: u32) -> Result<f64, ReplicationError> {
    let c = check_cv(cv)?;
    if c == 0.0 {
        return Err(ReplicationError::CvOutOfDomain { cv });
    }
    check_rp(0, p)?;
    let pf = f64::from(p);
    let x = 6.0 * LN_2 * (1.0 - c) / c * (3.0 + 1.5 * LN_2 * pf).exp();
    Ok((6.0 + 3.0 * LN_2 * pf - 2.0 * x.lambert_w0()) / (3.0 * LN_2))
}

/// Model 2.1 (γ = ½) optimal replication level (Dobber, eq. (5.74), corrected second bound).
///
/// # Formula
/// ```text
/// r* = 0                 if c ≤ c_0(p)
///    = p                 if c ≥ c_p(p)
///    = ⌊r_cont + ½⌋      otherwise (clipped to [0, p])
/// ```
///
/// # Errors
/// As [`model21_optimal_r_continuous`] (`c = 0` gives 0).
///
/// # Examples
/// Fig. 5.14: `c = 0.42`, `p = 7` gives `r* = 1` (the thesis's "JR leads to speedups"; the
/// discrete argmax of (5.72) is 0, see [`optimal_r_discrete`]); `c = 1` gives `r* = p`.
/// ```
/// use loadbal::replication::optimum::model21_optimal_r;
/// assert_eq!(model21_optimal_r(0.42, 7).unwrap(), 1);
/// assert_eq!(model21_optimal_r(1.0, 5).unwrap(), 5);
/// ```
pub fn model21_optimal_r(cv: f64, p: u32) -> Result<u32, ReplicationError> {
    let c = check_cv(cv)?;
    if c <= model21_zero_threshold(p)? {
        return Ok(0);
    }
    if c >= model21_full_threshold(p)? {
        return Ok(p);
    }
    Ok(round_clip(model21_optimal_r_continuous(c, p)?, p))
}

/// Model 2.1 thresholds on four processors: 2-JR beats ELB above `4/(8 − √2)` (5.65), 4-JR
/// beats 2-JR above `8/(√2 + 8)` (5.67), and (5.64) is valid below `8/(4 − √2)`.
///
/// # Formula
/// ```text
/// [4/(8 − √2), 8/(√2 + 8), 8/(4 − √2)]
/// ```
///
/// # Examples
/// ```
/// let [a, b, c] = loadbal::replication::optimum::model21_four_processor_thresholds();
/// assert!((a - 0.607368617).abs() < 1e-9 && (b - 0.849778895).abs() < 1e-9 && (c - 3.093836321).abs() < 1e-9);
/// ```
pub fn model21_four_processor_thresholds() -> [f64; 3] {
    [4.0 / (8.0 - SQRT_2), 8.0 / (SQRT_2 + 8.0), 8.0 / (4.0 - SQRT_2)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replication::{JrModel, closed_forms};

    #[test]
    fn model11_optimum_table_g4() {
        let ps = [1, 2, 3, 4, 5, 6, 7, 10];
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
                assert_eq!(model11_optimal_r(c, *p).unwrap(), w, "c = {c}, p = {p}");
                if c != 0.67 {
                    // 0.6622 < c ≤ 2/3: the rounded optimum is 1 although R = 2 does not pay (J20).
                    assert_eq!(optimal_r_discrete(c, *p, &JrModel::M11.params()).unwrap().r, w);
                }
            }
        }
    }

    #[test]
    fn break_evens_are_the_printed_thresholds() {
        let m21 = JrParams::model21();
        let [a, b, _] = model21_four_processor_thresholds();
        assert!((break_even_cv(0, 1, 2, &m21).unwrap() - a).abs() < 1e-14);
        assert!((break_even_cv(1, 2, 2, &m21).unwrap() - b).abs() < 1e-14);
        // r_cont crosses 0 and p exactly at the model 2.1 bounds.
        for p in 1..=7 {
            assert!(model21_optimal_r_continuous(model21_zero_threshold(p).unwrap(), p).unwrap().abs() < 1e-9);
            let full = model21_optimal_r_continuous(model21_full_threshold(p).unwrap(), p).unwrap();
            assert!((full - f64::from(p)).abs() < 1e-9);
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
                assert_eq!(model21_optimal_r(c, p as u32).unwrap(), *w, "c = {c}, p = {p}");
            }
        }
        assert!((closed_forms::model21_speedup(0.42, 1, 7).unwrap() - 0.999614).abs() < 1e-6);
        assert_eq!(optimal_r_discrete(0.42, 7, &JrParams::model21()).unwrap().r, 0);
    }

    #[test]
    fn continuous_optima_are_stationary_points() {
        // d/dr of (5.35) and (5.72) vanish at the continuous optima (central difference).
        for (c, p) in [(0.8, 6u32), (0.9, 10)] {
            let r = model11_optimal_r_continuous(c).unwrap();
            let f = |r: f64| {
                let pf = f64::from(p);
                (2.0 + pf * c) / (pow2(r + 1.0) + c * (2.0 - pow2(r + 1.0) + pf - r))
            };
            assert!(((f(r + 1e-5) - f(r - 1e-5)) / 2e-5).abs() < 1e-6);
            assert!((f(r) - model11_speedup_at_optimum(c, p).unwrap()).abs() < 1e-12);
        }
        for (c, p) in [(0.7, 3u32), (0.9, 5), (0.8, 4)] {
            let r = model21_optimal_r_continuous(c, p).unwrap();
            let pf = f64::from(p);
            let lhs = (1.0 - c) / c * LN_2 * pow2(1.0 + 1.5 * r);
            assert!((lhs - (1.0 + (pf - r) * LN_2 / 2.0)).abs() < 1e-9);
        }
    }

    #[test]
    fn special_12_golden() {
        assert!((model12_special_speedup_at_optimum(0.6, 3).unwrap() - 1.0511352175).abs() < 1e-9);
        assert!((model12_special_speedup_at_optimum(0.7, 2).unwrap() - 1.3006126659).abs() < 1e-9);
        assert!((model12_special_speedup_at_optimum(0.8, 4).unwrap() - 2.2712601791).abs() < 1e-9);
        assert_eq!(model12_special_speedup_at_optimum(0.45, 5).unwrap(), 1.0);
        assert!(model12_special_optimal_r(0.9, 3).is_err());
        let r: Vec<u32> =
            [1, 2, 3, 4, 5, 6, 8, 10].iter().map(|&p| model12_special_optimal_r(0.81, p).unwrap()).collect();
        assert_eq!(r, vec![1, 2, 3, 4, 5, 6, 6, 6]);
    }
}
