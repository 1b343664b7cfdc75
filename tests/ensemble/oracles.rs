//! Test oracles moved out of the library: Prop. 4's closed form of V(R̂') after AR, and the
//! Monte Carlo model of Lemma 3 (remaining times drawn task by task) that checks (9') and (11)
//! against sampled durations. Only the tests use them; they are independent of the closed forms
//! they check (the samplers draw durations, the closed form is compared with 50-digit references).
#![allow(dead_code)]

use loadbal::ensemble::{CountStep, EnsembleError, adjusted_counts};
use rand::Rng;
use rand_distr::Distribution;

fn check_len(what: &'static str, got: usize, min: usize) -> Result<(), EnsembleError> {
    if got < min { Err(EnsembleError::TooShort { what, min, got }) } else { Ok(()) }
}

/// V(R̂') after an AR (or NR, with p → k) step that leaves remainder b, Ahn et al., Prop. 4 (AR-V):
/// at most 1/4.
///
/// # Formula
/// ```text
/// V(R̂') = [p(4b + 1) − (2b + 1)²] / (4p(p − 1)) = [4b(p − b − 1) + (p − 1)] / (4p(p − 1))
/// ```
///
/// # Errors
/// [`EnsembleError::TooFewProcessors`] for p < 2, [`EnsembleError::InvalidParameter`] for b ≥ p.
///
/// # Accuracy
/// Evaluated in the second form, a sum of non-negative terms (the printed form cancels
/// catastrophically for b near p once p > 10⁸): relative error at most 8u (u = 2⁻⁵³) for every
/// p < 2⁶⁴; checked against 50-digit references for p to 10⁹ in `tests/ensemble/ensemble_reference.rs`.
///
/// # Example values
/// `ar_adjusted_variance_after(1, 25) = 0.048_333…` (G28), `ar_adjusted_variance_after(2, 5) = 0.25`.
pub fn ar_adjusted_variance_after(b: u64, p: u64) -> Result<f64, EnsembleError> {
    if p < 2 {
        return Err(EnsembleError::TooFewProcessors(p));
    }
    if b >= p {
        return Err(EnsembleError::InvalidParameter {
            what: "b",
            value: b as f64,
            why: "the remainder must be below p",
        });
    }
    let rest = (p - b - 1) as f64;
    let (p, b) = (p as f64, b as f64);
    Ok((4.0 * b * rest + (p - 1.0)) / (4.0 * p * (p - 1.0)))
}

fn draw<D: Distribution<f64> + ?Sized, G: Rng + ?Sized>(dist: &D, rng: &mut G) -> Result<f64, EnsembleError> {
    let d = dist.sample(rng);
    if d.is_finite() && d >= 0.0 { Ok(d) } else { Err(EnsembleError::BadDraw(d)) }
}

fn sample_variance(x: &[f64]) -> f64 {
    let m = x.iter().sum::<f64>() / x.len() as f64;
    x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (x.len() as f64 - 1.0)
}

/// One draw of the algebraic variance ξ² of remaining times under the model of Lemma 3: a running
/// processor's remaining time is f·t (f ~ U(0,1) independent of t, Lemma 2) plus its queued tasks;
/// its mean over draws is [`expected_algebraic_variance`](loadbal::ensemble::expected_algebraic_variance).
///
/// # Formula
/// ```text
/// X_i = s_i f_i t_i0 + Σ_{j=1}^{R_i − s_i} t_ij,   ξ² = (1/(p−1)) Σ (X_i − η)²
/// ```
///
/// # Errors
/// Errors of [`adjusted_counts`], [`EnsembleError::BadDraw`].
///
/// # Accuracy
/// Statistical: one exact draw (two-pass sample variance, relative rounding error about p·u);
/// averaged over draws it estimates E\[ξ²\] with its standard error, reproducible bit for bit for a
/// given seed; `tests/ensemble/ensemble_validation.rs` checks the mean against eq. (9') within 4 standard
/// errors.
///
pub fn residual_variance_sample<D, G>(dist: &D, r: &[u64], running: &[bool], rng: &mut G) -> Result<f64, EnsembleError>
where
    D: Distribution<f64> + ?Sized,
    G: Rng + ?Sized,
{
    Ok(step_variance_sample(dist, &CountStep::new(r.to_vec(), r.to_vec(), running.to_vec()), rng)?.before)
}

/// ξ² before and after one step, from [`step_variance_sample`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StepVariances {
    /// ξ²(X) before the step.
    pub before: f64,
    /// ξ²(X') after the step.
    pub after: f64,
}

impl std::fmt::Display for StepVariances {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ξ² {} before, {} after", self.before, self.after)
    }
}

/// Every processor's remaining time before and after one step, from [`remaining_times_sample`].
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RemainingTimes {
    /// X_i before the step, per processor.
    pub before: Vec<f64>,
    /// X'_i after the step, per processor.
    pub after: Vec<f64>,
}

impl std::fmt::Display for RemainingTimes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "remaining times of {} processors before and after a step", self.before.len())
    }
}

/// One draw of ξ² before and after a step from counts `before` to `after` with the same task
/// durations (running tasks stay, queued tasks move): the Monte Carlo check of (11).
///
/// # Formula
/// ```text
/// (ξ²(X), ξ²(X')) with X, X' from remaining_times_sample
/// ```
///
/// # Errors
/// As [`remaining_times_sample`].
///
/// # Accuracy
/// Statistical, as [`residual_variance_sample`]: the mean difference over draws estimates (11)
/// with its standard error (checked within 4 standard errors in `tests/ensemble/ensemble_validation.rs`).
///
pub fn step_variance_sample<D, G>(dist: &D, step: &CountStep, rng: &mut G) -> Result<StepVariances, EnsembleError>
where
    D: Distribution<f64> + ?Sized,
    G: Rng + ?Sized,
{
    let x = remaining_times_sample(dist, step, rng)?;
    Ok(StepVariances { before: sample_variance(&x.before), after: sample_variance(&x.after) })
}

/// One draw of every processor's remaining time before and after a step from counts `before` to
/// `after` under the model of Lemma 3: a running processor's task in progress has remaining time
/// f·t (f ~ U(0,1), Lemma 2) and stays; queued tasks keep their durations when they move.
///
/// # Formula
/// ```text
/// X_i = s_i f_i t_i0 + Σ_{j=1}^{R_i − s_i} t_ij,   X'_i = s_i f_i t_i0 + (the same queued durations, moved)
/// ```
///
/// # Errors
/// Errors of [`adjusted_counts`] for either vector, [`EnsembleError::LengthMismatch`],
/// [`EnsembleError::InvalidParameter`] when the totals differ, [`EnsembleError::BadDraw`].
///
/// # Accuracy
/// Statistical: one draw of the model, reproducible bit for bit for a given seed; each remaining
/// time is a sum of its draws (relative rounding error about R_i·u).
///
pub fn remaining_times_sample<D, G>(dist: &D, step: &CountStep, rng: &mut G) -> Result<RemainingTimes, EnsembleError>
where
    D: Distribution<f64> + ?Sized,
    G: Rng + ?Sized,
{
    let CountStep { before, after, running } = step;
    check_len("count vector", before.len(), 2)?;
    if after.len() != before.len() {
        return Err(EnsembleError::LengthMismatch { what: "counts after", got: after.len(), expected: before.len() });
    }
    adjusted_counts(before, running)?;
    adjusted_counts(after, running)?;
    if before.iter().sum::<u64>() != after.iter().sum::<u64>() {
        return Err(EnsembleError::InvalidParameter {
            what: "Σ counts after",
            value: after.iter().sum::<u64>() as f64,
            why: "a step moves tasks, it neither creates nor removes them",
        });
    }
    let p = before.len();
    let mut x = vec![0.0; p];
    let mut x_after = vec![0.0; p];
    let mut pool = Vec::new();
    for i in 0..p {
        let s = u64::from(running[i]);
        if running[i] {
            let f: f64 = rng.random();
            x[i] = f * draw(dist, rng)?;
            x_after[i] = x[i];
        }
        let (qb, qa) = (before[i] - s, after[i] - s);
        for j in 0..qb {
            let t = draw(dist, rng)?;
            x[i] += t;
            if j < qa { x_after[i] += t } else { pool.push(t) }
        }
    }
    for i in 0..p {
        let s = u64::from(running[i]);
        for _ in (before[i] - s)..(after[i].saturating_sub(s)) {
            x_after[i] += pool.pop().expect("totals checked");
        }
    }
    Ok(RemainingTimes { before: x, after: x_after })
}

#[test]
fn g28_table() {
    let cases = [
        (25, 0, 0.01),
        (25, 12, 0.25),
        (100, 0, 0.0025),
        (100, 50, 0.249_974_747),
        (5, 0, 0.05),
        (2, 0, 0.125),
        (2, 1, 0.125),
        (25, 1, 0.048_333_333_333),
        (5, 2, 0.25),
    ];
    for (p, b, v) in cases {
        assert!((ar_adjusted_variance_after(b, p).unwrap() - v).abs() < 1e-9, "{p} {b}");
    }
}
