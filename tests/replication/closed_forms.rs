//! Test oracles: the closed forms of Dobber, §5.4 (models 1.1, 1.2, 1.3, 2.1, 2.2, 2.3), with the
//! thesis's typos corrected, written from the thesis independently of the library's generic
//! recursion (`loadbal::replication::{iteration_time, speedup}`, Dobber, eq. (5.6)). Each one is
//! checked against 50-digit references (replication_reference.rs, replication_fits_reference.rs)
//! and against the library's evaluator to 1e-12 (below); the library keeps only the generic
//! evaluator, of which every closed form is a special case.

use loadbal::law::Law;
use loadbal::replication::{BetaMax, BetaMin, JrParams, ReplicationError};

/// A job time given by its mean and standard deviation, as the closed forms read it.
#[derive(Debug, Clone, Copy)]
pub struct Job {
    pub mean: f64,
    pub sd: f64,
}

fn check_cv(cv: f64) -> Result<f64, ReplicationError> {
    if cv.is_finite() && (0.0..=1.0).contains(&cv) { Ok(cv) } else { Err(ReplicationError::CvOutOfDomain { cv }) }
}

fn check_job(job: &Job) -> Result<(f64, f64), ReplicationError> {
    if !(job.mean.is_finite() && job.mean > 0.0) {
        return Err(ReplicationError::InvalidParameter {
            name: "mean job time",
            value: job.mean,
            expected: "a finite positive number",
        });
    }
    if !(job.sd.is_finite() && job.sd >= 0.0) {
        return Err(ReplicationError::InvalidParameter {
            name: "job-time standard deviation",
            value: job.sd,
            expected: "a finite non-negative number",
        });
    }
    check_cv(job.sd / job.mean)?;
    Ok((job.mean, job.sd))
}

/// `(log2 R, log2 P)`, with the library's checks of the counts (through a model evaluation).
fn levels(replicas: u64, processors: u64) -> Result<(u32, u32), ReplicationError> {
    loadbal::replication::speedup(0.5, replicas, processors, &JrParams::dependent_jobs())?;
    Ok((replicas.trailing_zeros(), processors.trailing_zeros()))
}

fn pow2(x: f64) -> f64 {
    x.exp2()
}

/// `(1 − b^n)/(1 − b)`, or `n` when `b = 1` (the geometric sums of Dobber, eq. (5.43)–(5.55)).
fn geometric(b: f64, n: u32) -> f64 {
    if b == 1.0 { f64::from(n) } else { (1.0 - b.powi(n as i32)) / (1.0 - b) }
}

fn ratio(num: f64, den: f64, replicas: u64, processors: u64) -> Result<f64, ReplicationError> {
    if den == 0.0 { Err(ReplicationError::DegenerateIterationTime { replicas, processors }) } else { Ok(num / den) }
}

/// Model 1.1 iteration time (Dobber, eq. (5.32)); special cases (5.18), (5.19), (5.23)–(5.25),
/// Dobber, eq. (5.31) (r = 0) and (5.33) (r = p).
///
/// # Formula
/// ```text
/// R_it(t, 2^r, 2^p) ≈ 2^r E(X) + (1 − 2^r + ½p − ½r) σ(X)
/// ```
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 ≤ σ ≤ E X`, [`ReplicationError::InvalidParameter`]
/// for `E X ≤ 0`, [`ReplicationError::ReplicasExceedProcessors`] for `r > p`.
///
/// # Accuracy
/// A few floating-point operations: relative error below 1e-13 against 50-digit evaluations of the tree Dobber, eq. (5.6)
/// wherever `|R_it| ≥ 1e-3 E X` (measured worst 2.6e-15 over the closed forms' 952 values,
/// `tests/replication/replication_fits_reference.rs`).
///
/// # Example (checked in `tests::worked_examples`)
/// `E X = 100`, `σ = 80`, `P = 8`: 220, 200, 200, 240 for R = 1, 2, 4, 8.
pub fn dependent_iteration_time(job: &Job, replicas: u64, processors: u64) -> Result<f64, ReplicationError> {
    let (mean, sd) = check_job(job)?;
    let (r, p) = levels(replicas, processors)?;
    let big_r = pow2(f64::from(r));
    Ok(big_r * mean + (1.0 - big_r + 0.5 * f64::from(p) - 0.5 * f64::from(r)) * sd)
}

/// Model 1.1 speedup of `2^r`-JR over ELB on `2^p` processors (Dobber, eq. (5.35)).
///
/// # Formula
/// ```text
/// Speedup R(t, 2^r, 2^p) ≈ (2 + p c_X) / (2^{r+1} + c_X (2 − 2^{r+1} + p − r))
/// ```
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 ≤ c_X ≤ 1`; [`ReplicationError::ReplicasExceedProcessors`].
///
/// # Accuracy
/// Relative error below 1e-13 against 50-digit references while `|R_it(R)| ≥ 1e-3 E X` (measured worst
/// 7.0e-15 over 1,665 closed-form values, `tests/replication/replication_reference.rs`); closer to a pole it grows as
/// `1/|R_it(R)|`.
///
/// # Example (checked in `tests::worked_examples`)
/// 2-JR on 2 processors beats ELB exactly when `c_X > 2/3` (Dobber, eq. (5.20)–(5.22)):
pub fn dependent_speedup(cv: f64, replicas: u64, processors: u64) -> Result<f64, ReplicationError> {
    check_cv(cv)?;
    let (r, p) = levels(replicas, processors)?;
    let (rf, pf) = (f64::from(r), f64::from(p));
    let two_r1 = pow2(rf + 1.0);
    ratio(2.0 + pf * cv, two_r1 + cv * (2.0 - two_r1 + pf - rf), replicas, processors)
}

/// Model 1.1 speedup with as many replicas as processors, `R = P` (Dobber, eq. (5.36); (5.42)).
///
/// # Formula
/// ```text
/// Speedup R(t, P, P) ≈ (1 + ½ p c_X) / ((1 − c_X) 2^p + c_X)
/// ```
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 ≤ c_X ≤ 1`; [`ReplicationError::NotPowerOfTwo`],
/// [`ReplicationError::TooManyProcessors`].
///
/// # Accuracy
/// As [`dependent_speedup`] (same references).
///
/// # Example (checked in `tests::worked_examples`)
/// At `c_X = 1` the speedup is `1 + p/2`: 4 on 64 processors.
pub fn dependent_speedup_full_replication(cv: f64, processors: u64) -> Result<f64, ReplicationError> {
    check_cv(cv)?;
    let (_, p) = levels(processors, processors)?;
    let pf = f64::from(p);
    ratio(1.0 + 0.5 * pf * cv, (1.0 - cv) * pow2(pf) + cv, processors, processors)
}

/// Model 2.1 on four processors (Dobber, eq. (5.64), γ = ½): 2-JR speedup.
///
/// # Formula
/// ```text
/// S(2,4) ≈ (4 + 4c)/(8 + √2 c − 4c)      (valid for c < 8/(4 − √2) ≈ 3.09)
/// ```
/// (`S(2,2)` Dobber, eq. (5.60) and `S(4,4)` (5.66) equal the model 1.1 values.)
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 ≤ c_X ≤ 1`.
///
/// # Accuracy
/// Within 4ε relative for `0 ≤ c_X ≤ 1`; checked against the 50-digit speedups of
/// `tests/replication/replication_reference.rs`.
///
/// # Example (checked in `tests::worked_examples`)
pub fn independent_speedup_2_on_4(cv: f64) -> Result<f64, ReplicationError> {
    let c = check_cv(cv)?;
    Ok((4.0 + 4.0 * c) / (8.0 + std::f64::consts::SQRT_2 * c - 4.0 * c))
}

/// Model 2.1 iteration time (Dobber, eq. (5.70); γ = ½).
///
/// # Formula
/// ```text
/// R_it(t, 2^r, 2^p) ≈ 2^r E(X) + (1 − 2^r + (p − r)/2^{r/2 + 1}) σ(X)
/// ```
///
/// # Errors
/// As [`dependent_iteration_time`].
///
/// # Accuracy
/// As [`dependent_iteration_time`] (same references).
///
/// # Example (checked in `tests::worked_examples`)
/// `E X = 100`, `σ = 80`, `P = 8`, `R = 2`: `200 − 80 + 160/√2·½ = 176.57`.
pub fn independent_iteration_time(job: &Job, replicas: u64, processors: u64) -> Result<f64, ReplicationError> {
    let (mean, sd) = check_job(job)?;
    let (r, p) = levels(replicas, processors)?;
    let (rf, pf) = (f64::from(r), f64::from(p));
    let big_r = pow2(rf);
    Ok(big_r * mean + (1.0 - big_r + (pf - rf) / pow2(0.5 * rf + 1.0)) * sd)
}

/// Model 2.1 speedup (Dobber, eq. (5.72); γ = ½; (5.73) is the case `r = p`).
///
/// # Formula
/// ```text
/// Speedup R(t, 2^r, 2^p) ≈ (2 + p c) / (2^{r+1} + c (2 − 2^{r+1} + (p − r)(½√2)^r))
/// ```
///
/// # Errors
/// As [`dependent_speedup`].
///
/// # Accuracy
/// As [`dependent_speedup`] (same references).
///
/// # Example (checked in `tests::worked_examples`)
/// `c_X = 0.9`, `P = 16`, `R = 4`: exactly 1.6.
pub fn independent_speedup(cv: f64, replicas: u64, processors: u64) -> Result<f64, ReplicationError> {
    check_cv(cv)?;
    let (r, p) = levels(replicas, processors)?;
    let (rf, pf) = (f64::from(r), f64::from(p));
    let two_r1 = pow2(rf + 1.0);
    let den = two_r1 + cv * (2.0 - two_r1 + (pf - rf) * (0.5 * std::f64::consts::SQRT_2).powi(r as i32));
    ratio(2.0 + pf * cv, den, replicas, processors)
}

/// The constants `(α, β₁, β₂, γ)` of a model with constant ratios (1.2, 2.2); β₂ from
/// Def. 5.3.8 when the params say so.
fn constant_betas(params: &JrParams) -> Result<(f64, f64, f64, f64), ReplicationError> {
    let &BetaMax::Constant(b1) = params.beta_max() else {
        return Err(ReplicationError::InvalidParameter {
            name: "β(i, j) kind",
            value: f64::NAN,
            expected: "a constant β(i, j) (models 1.2/2.2)",
        });
    };
    let b2 = match params.beta_min() {
        BetaMin::Constant(b) => *b,
        BetaMin::Implied => params.beta_min_at(1)?,
    };
    Ok((params.alpha(), b1, b2, params.gamma()))
}

/// Models 1.2 and 2.2 iteration time (Dobber, eq. (5.43)/(5.45) for γ = 1, (5.75) for γ < 1;
/// Dobber, eq. (5.77) for β₁ = 1), for constant ratios β₁ (max) and β₂ (min).
///
/// # Formula
/// ```text
/// R_it ≈ 2^r E(X) − 2^r α (1 − β₂^r)/(1 − β₂) σ(X) + 2^{rγ} α β₂^r (1 − β₁^{p−r})/(1 − β₁) σ(X)
/// ```
/// (a ratio `(1 − b^n)/(1 − b)` reads `n` when `b = 1`). Dobber's eq. (5.75)/(5.76) print
/// `β₂^γ` where `β₂^r` is meant: only `β₂^r` reduces to Dobber, eq. (5.43) for γ = 1 and to (5.70) for 2.1.
///
/// # Errors
/// As [`super::iteration_time`]; [`ReplicationError::InvalidParameter`] when β(i, j) is not a constant.
///
/// # Accuracy
/// As [`dependent_iteration_time`] (same references).
///
/// # Example (checked in `tests::worked_examples`)
/// The §5.4.2 example (α = 0.6, β₁ = 1.01, β₂ = ½) with `E X = 100`, `σ = 80`, `P = 2^10`, `R = 4`:
pub fn constant_beta_iteration_time(
    job: &Job,
    replicas: u64,
    processors: u64,
    params: &JrParams,
) -> Result<f64, ReplicationError> {
    let (mean, sd) = check_job(job)?;
    let (r, p) = levels(replicas, processors)?;
    let (a, b1, b2, g) = constant_betas(params)?;
    let rf = f64::from(r);
    let big_r = pow2(rf);
    Ok(big_r * mean - big_r * a * geometric(b2, r) * sd
        + pow2(rf * g) * a * b2.powi(r as i32) * geometric(b1, p - r) * sd)
}

/// Models 1.2 and 2.2 speedup (Dobber, eq. (5.44)/(5.46) for γ = 1, (5.76)/(5.78) corrected).
///
/// # Formula
/// ```text
/// Speedup ≈ (1 + αc (1 − β₁^p)/(1 − β₁))
///         / (2^r + αc (2^{rγ} β₂^r (1 − β₁^{p−r})/(1 − β₁) − 2^r (1 − β₂^r)/(1 − β₂)))
/// ```
///
/// # Errors
/// As [`constant_beta_iteration_time`], and [`ReplicationError::CvOutOfDomain`].
///
/// # Accuracy
/// As [`dependent_speedup`] (same references).
///
/// # Example (checked in `tests::worked_examples`)
/// The thesis's worked example: 1.0875 (printed "1.09").
pub fn constant_beta_speedup(
    cv: f64,
    replicas: u64,
    processors: u64,
    params: &JrParams,
) -> Result<f64, ReplicationError> {
    check_cv(cv)?;
    let (r, p) = levels(replicas, processors)?;
    let (a, b1, b2, g) = constant_betas(params)?;
    let rf = f64::from(r);
    let big_r = pow2(rf);
    let num = 1.0 + a * cv * geometric(b1, p);
    let den = big_r + a * cv * (pow2(rf * g) * b2.powi(r as i32) * geometric(b1, p - r) - big_r * geometric(b2, r));
    ratio(num, den, replicas, processors)
}

/// Models 1.3 and 2.3 iteration time for any β(i, j) (Dobber, eq. (5.51)/(5.52), (5.79)/(5.80)),
/// in the corrected general form.
///
/// # Formula
/// ```text
/// R_it ≈ 2^r [E(X) − α σ(X) Σ_{i=0}^{r−1} Π_{k=1}^{i} β(k,k)]
///        + 2^{rγ} α σ(X) Π_{k=1}^{r} β(k,k) · Σ_{j=r}^{p−1} Π_{l=r+1}^{j} β(r,l)
/// ```
/// (empty products are 1, empty sums 0). The printed Dobber, eq. (5.52)/(5.80) write the brackets as
/// `1 + Σ_{i=1}^{r−1}…` and `1 + Σ_{i=r+1}^{p−1}…`, which is wrong at `r = 0` and `r = p`.
///
/// # Errors
/// As [`super::iteration_time`].
///
/// # Accuracy
/// `O(p²)` products and sums of positive terms: as [`dependent_iteration_time`] (same references).
///
/// # Example (checked in `tests::worked_examples`)
/// With constant ratios it is model 1.2: `E X = 100`, `σ = 80`, α = 0.6, β₁ = 1.01, β₂ = ½:
pub fn varying_beta_iteration_time(
    job: &Job,
    replicas: u64,
    processors: u64,
    params: &JrParams,
) -> Result<f64, ReplicationError> {
    let (mean, sd) = check_job(job)?;
    let (r, p) = levels(replicas, processors)?;
    let a = params.alpha();
    let mins: Vec<f64> = (1..=r).map(|k| params.beta_min_at(k)).collect::<Result<_, _>>()?;
    let min_sum: f64 = (0..r as usize).map(|i| mins[..i].iter().product::<f64>()).sum();
    let maxs: Vec<f64> = (r + 1..p).map(|l| params.beta_max_at(r, l)).collect::<Result<_, _>>()?;
    let max_sum: f64 = (0..(p - r) as usize).map(|j| maxs[..j].iter().product::<f64>()).sum();
    let rf = f64::from(r);
    Ok(pow2(rf) * (mean - a * sd * min_sum)
        + pow2(rf * params.gamma()) * a * sd * mins.iter().product::<f64>() * max_sum)
}

/// Models 1.3 and 2.3 speedup (Dobber, eq. (5.54)/(5.82) corrected): the ELB time (5.51) over
/// Dobber, eq. (5.52)/(5.80).
///
/// # Formula
/// ```text
/// Speedup ≈ (1 + αc Σ_{j=0}^{p−1} Π_{l=1}^{j} β(0,l)) / (R_it(1, c, r, p))
/// ```
/// The printed numerators of Dobber, eq. (5.54)/(5.82) use the replicated level `r` instead of `r = 0`, and
/// Dobber, eq. (5.82)'s denominator has `Σ… − 1` where `Σ… + 1` is meant.
///
/// # Errors
/// As [`varying_beta_iteration_time`], [`ReplicationError::CvOutOfDomain`].
///
/// # Accuracy
/// As [`dependent_speedup`] (same references).
///
/// # Example (checked in `tests::worked_examples`)
/// Model 1.1 is the special case β ≡ 1, β_min = ½: Dobber, eq. (5.35) at `c = 0.9`, `r = 2`, `p = 4`.
pub fn varying_beta_speedup(
    cv: f64,
    replicas: u64,
    processors: u64,
    params: &JrParams,
) -> Result<f64, ReplicationError> {
    check_cv(cv)?;
    let unit = Job { mean: 1.0, sd: cv };
    let elb = varying_beta_iteration_time(&unit, 1, processors, params)?;
    let jr = varying_beta_iteration_time(&unit, replicas, processors, params)?;
    ratio(elb, jr, replicas, processors)
}

/// Models 1.3/2.3 with β(i, j) = 1 for i < j, so that Def. 5.3.8 gives
/// `β(i, i) = b = √(1 − 2α²)` (Dobber, eq. (5.53) for γ = 1, (5.81)).
///
/// # Formula
/// ```text
/// R_it ≈ 2^r E(X) − 2^r α σ(X) (1 − b^r)/(1 − b) + 2^{rγ} α b^r (p − r) σ(X),  b = √(1 − 2α²)
/// ```
///
/// # Errors
/// As [`dependent_iteration_time`]; [`ReplicationError::InvalidParameter`] unless
/// `0 < α ≤ 1/√2` and `½ ≤ γ ≤ 1`.
///
/// # Accuracy
/// As [`dependent_iteration_time`] (same references).
///
/// # Example (checked in `tests::worked_examples`)
/// α = ½, `c = 0.8`, `r = 1`, `p = 3`, γ = 1: 2.331371 (with `E X = 1`).
pub fn implied_min_beta_iteration_time(
    job: &Job,
    replicas: u64,
    processors: u64,
    params: &JrParams,
) -> Result<f64, ReplicationError> {
    let (mean, sd) = check_job(job)?;
    let (r, p) = levels(replicas, processors)?;
    let (alpha, gamma, b) = unit_beta_min(params)?;
    let rf = f64::from(r);
    let big_r = pow2(rf);
    Ok(big_r * mean - big_r * alpha * sd * geometric(b, r)
        + pow2(rf * gamma) * alpha * b.powi(r as i32) * f64::from(p - r) * sd)
}

fn unit_beta_min(params: &JrParams) -> Result<(f64, f64, f64), ReplicationError> {
    let (alpha, gamma) = (params.alpha(), params.gamma());
    if *params.beta_max() != BetaMax::Constant(1.0) || *params.beta_min() != BetaMin::Implied {
        return Err(ReplicationError::InvalidParameter {
            name: "β(i, j) kind",
            value: f64::NAN,
            expected: "β(i, j) = 1 for i < j and Def. 5.3.8 minima (BetaMax::Constant(1.0), BetaMin::Implied)",
        });
    }
    if !(alpha.is_finite() && alpha > 0.0 && 2.0 * alpha * alpha <= 1.0) {
        return Err(ReplicationError::InvalidParameter { name: "α", value: alpha, expected: "0 < α ≤ 1/√2" });
    }
    if !(gamma.is_finite() && (0.5..=1.0).contains(&gamma)) {
        return Err(ReplicationError::InvalidParameter { name: "γ", value: gamma, expected: "a number in [0.5, 1]" });
    }
    Ok((alpha, gamma, (1.0 - 2.0 * alpha * alpha).sqrt()))
}

/// Speedup of models 1.3/2.3 with β(i, j) = 1 for i < j (Dobber, eq. (5.55)/(5.83) corrected).
///
/// # Formula
/// ```text
/// Speedup ≈ (1 + αpc) / (2^r + αc (2^{rγ} b^r (p − r) − 2^r (1 − b^r)/(1 − b))),  b = √(1 − 2α²)
/// ```
/// The printed numerators `1 + αpc√(1 − 2α²)` are wrong: the ELB time (r = 0) is `1 + αpc`.
///
/// # Errors
/// As [`implied_min_beta_iteration_time`], [`ReplicationError::CvOutOfDomain`].
///
/// # Accuracy
/// As [`dependent_speedup`]; the unit-β models share the evaluator's references at `E X = 100`
/// (`tests/replication/replication_fits_reference.rs`).
///
/// # Example (checked in `tests::worked_examples`)
/// α = ½, `c = 0.8`, `r = 1`, `p = 3`: 0.943651 (the printed form would give 0.792893).
pub fn implied_min_beta_speedup(
    cv: f64,
    replicas: u64,
    processors: u64,
    params: &JrParams,
) -> Result<f64, ReplicationError> {
    check_cv(cv)?;
    let (r, p) = levels(replicas, processors)?;
    let (alpha, gamma, b) = unit_beta_min(params)?;
    let (rf, pf) = (f64::from(r), f64::from(p));
    let big_r = pow2(rf);
    let den = big_r + alpha * cv * (pow2(rf * gamma) * b.powi(r as i32) * (pf - rf) - big_r * geometric(b, r));
    ratio(1.0 + alpha * pf * cv, den, replicas, processors)
}

mod tests {
    use super::*;
    use loadbal::replication::{self as evaluator, JrModel};

    const CVS: [f64; 5] = [0.0, 0.3, 0.57, 0.8, 1.0];

    fn job(c: f64) -> Law {
        Law::normal(1.0, c).unwrap()
    }

    fn unit_job(c: f64) -> Job {
        Job { mean: 1.0, sd: c }
    }

    fn rel_close(a: f64, b: f64) {
        assert!((a - b).abs() <= 1e-12 * (1.0 + b.abs()), "{a} vs {b}");
    }

    /// The worked examples of the closed forms' docs (they were doc-tests while the closed forms
    /// lived in the library), each also through the library's generic evaluator where the model
    /// has one.
    #[test]
    fn worked_examples() {
        let job = Job { mean: 100.0, sd: 80.0 };
        let m11 = JrParams::dependent_jobs();
        let t: Vec<f64> = [1, 2, 4, 8].iter().map(|&r| dependent_iteration_time(&job, r, 8).unwrap()).collect();
        assert_eq!(t, vec![220.0, 200.0, 200.0, 240.0]);
        assert!((dependent_speedup(2.0 / 3.0, 2, 2).unwrap() - 1.0).abs() < 1e-15);
        assert!((dependent_speedup(0.9, 4, 16).unwrap() - 1.2727272727).abs() < 1e-9);
        assert!((evaluator::speedup(0.9, 4, 16, &m11).unwrap() - 1.2727272727).abs() < 1e-9);
        assert_eq!(dependent_speedup_full_replication(1.0, 64).unwrap(), 4.0);
        assert!((independent_speedup_2_on_4(0.8).unwrap() - 1.2138846453).abs() < 1e-9);
        assert!((independent_iteration_time(&job, 2, 8).unwrap() - 176.5685424949).abs() < 1e-9);
        assert!((independent_speedup(0.9, 4, 16).unwrap() - 1.6).abs() < 1e-12);
        assert!((evaluator::speedup(0.9, 4, 16, &JrParams::independent_jobs()).unwrap() - 1.6).abs() < 1e-12);
        let m12 = JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap();
        assert!((constant_beta_iteration_time(&job, 4, 1024, &m12).unwrap() - 509.7121870148).abs() < 1e-8);
        assert!((varying_beta_iteration_time(&job, 4, 1024, &m12).unwrap() - 509.7121870148).abs() < 1e-8);
        assert!((constant_beta_speedup(0.7, 4, 1024, &m12).unwrap() - 1.0875300884).abs() < 1e-9);
        assert!((evaluator::speedup(0.7, 4, 1024, &m12).unwrap() - 1.0875300884).abs() < 1e-9);
        let s = varying_beta_speedup(0.9, 4, 16, &JrModel::DependentUnitBeta.planetlab_params()).unwrap();
        assert!((s - 1.2727272727).abs() < 1e-9);
        let unit = JrParams::new(0.5, BetaMax::Constant(1.0), BetaMin::Implied, 1.0).unwrap();
        let t = implied_min_beta_iteration_time(&Job { mean: 1.0, sd: 0.8 }, 2, 8, &unit).unwrap();
        assert!((t - 2.3313708499).abs() < 1e-9);
        assert!((implied_min_beta_speedup(0.8, 2, 8, &unit).unwrap() - 0.9436508).abs() < 1e-6);
        assert!((evaluator::speedup(0.8, 2, 8, &unit).unwrap() - 0.9436508).abs() < 1e-6);
    }

    fn grid() -> impl Iterator<Item = (f64, u64, u64)> {
        CVS.into_iter().flat_map(|c| (0..=7u32).flat_map(move |p| (0..=p).map(move |r| (c, 1u64 << r, 1u64 << p))))
    }

    #[test]
    fn model11_and_21_match_the_evaluator() {
        let (m11, m21) = (JrParams::dependent_jobs(), JrParams::independent_jobs());
        for (c, r, p) in grid() {
            rel_close(
                dependent_iteration_time(&unit_job(c), r, p).unwrap(),
                evaluator::iteration_time(&job(c), r, p, &m11).unwrap(),
            );
            rel_close(dependent_speedup(c, r, p).unwrap(), evaluator::speedup(c, r, p, &m11).unwrap());
            rel_close(
                independent_iteration_time(&unit_job(c), r, p).unwrap(),
                evaluator::iteration_time(&job(c), r, p, &m21).unwrap(),
            );
            rel_close(independent_speedup(c, r, p).unwrap(), evaluator::speedup(c, r, p, &m21).unwrap());
            if r == p {
                rel_close(
                    dependent_speedup_full_replication(c, p).unwrap(),
                    evaluator::speedup(c, p, p, &m11).unwrap(),
                );
            }
        }
        for c in CVS {
            // Dobber, eq. (5.22), (5.27), (5.29) with the printed (2, 2) denominator corrected.
            rel_close((2.0 + c) / (4.0 - 2.0 * c), evaluator::speedup(c, 2, 2, &m11).unwrap());
            rel_close((1.0 + c) / (2.0 - 0.5 * c), evaluator::speedup(c, 2, 4, &m11).unwrap());
            rel_close((1.0 + c) / (4.0 - 3.0 * c), evaluator::speedup(c, 4, 4, &m11).unwrap());
            rel_close(independent_speedup_2_on_4(c).unwrap(), evaluator::speedup(c, 2, 4, &m21).unwrap());
        }
    }

    #[test]
    fn models_12_22_13_23_match_the_evaluator() {
        let sets = [
            JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap(),
            JrParams::constant(0.5, 1.0, 0.5, 0.5).unwrap(),
            JrModel::DependentConstantBeta.planetlab_params(),
            JrModel::PartlyIndependentConstantBeta.planetlab_params(),
            JrParams::constant(0.5, 0.95, 0.7729812, 0.81).unwrap(),
        ];
        for m in &sets {
            for (c, r, p) in grid() {
                let want = evaluator::iteration_time(&job(c), r, p, m).unwrap();
                rel_close(constant_beta_iteration_time(&unit_job(c), r, p, m).unwrap(), want);
                rel_close(varying_beta_iteration_time(&unit_job(c), r, p, m).unwrap(), want);
                if want != 0.0 {
                    rel_close(constant_beta_speedup(c, r, p, m).unwrap(), evaluator::speedup(c, r, p, m).unwrap());
                }
            }
        }
        for model in [
            JrModel::DependentFittedBeta,
            JrModel::DependentMeasuredBeta,
            JrModel::PartlyIndependentFittedBeta,
            JrModel::PartlyIndependentMeasuredBeta,
        ] {
            let m = model.planetlab_params();
            for (c, r, p) in grid() {
                let want = evaluator::iteration_time(&job(c), r, p, &m).unwrap();
                rel_close(varying_beta_iteration_time(&unit_job(c), r, p, &m).unwrap(), want);
                rel_close(varying_beta_speedup(c, r, p, &m).unwrap(), evaluator::speedup(c, r, p, &m).unwrap());
            }
        }
    }

    #[test]
    fn unit_beta_forms_match_the_evaluator() {
        for (alpha, gamma) in [(0.5, 1.0), (0.6, 1.0), (0.5, 0.81), (0.3, 0.5)] {
            let m = JrParams::new(alpha, BetaMax::Constant(1.0), BetaMin::Implied, gamma).unwrap();
            for (c, r, p) in grid() {
                rel_close(
                    implied_min_beta_iteration_time(&unit_job(c), r, p, &m).unwrap(),
                    evaluator::iteration_time(&job(c), r, p, &m).unwrap(),
                );
                rel_close(implied_min_beta_speedup(c, r, p, &m).unwrap(), evaluator::speedup(c, r, p, &m).unwrap());
            }
        }
        let bad = JrParams::new(0.8, BetaMax::Constant(1.0), BetaMin::Implied, 1.0).unwrap();
        assert!(implied_min_beta_speedup(0.5, 2, 4, &bad).is_err());
        assert!(implied_min_beta_speedup(0.5, 2, 4, &JrParams::dependent_jobs()).is_err());
    }

    #[test]
    fn corrected_22_golden_values() {
        let m = JrModel::PartlyIndependentConstantBeta.planetlab_params();
        for (r, p, want) in [(2, 4, 0.8565811570), (4, 16, 0.6858919808), (64, 64, 3.1656653749)] {
            let got = constant_beta_speedup(0.57, r, p, &m).unwrap();
            assert!((got - want).abs() < 1e-6, "{got} vs {want}");
        }
    }
}
