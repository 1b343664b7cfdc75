//! Count statistics (7), adjusted counts (8a)–(8c), Lemma 2, the expected algebraic variance (9)
//! (reconstructed) and its generalisation of Ahn et al. (Lemma 4's decrease (11) is
//! [`CountStep::variance_decrease`](super::CountStep::variance_decrease)).

use super::error::task_moments;
use super::error::{EnsembleError, check_len, check_time};
use crate::law::Law;

/// A mean and a variance: of a residual task time
/// ([`residual_task_moments`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeanVariance {
    /// The mean.
    pub mean: f64,
    /// The variance.
    pub variance: f64,
}

impl std::fmt::Display for MeanVariance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "mean {}, variance {}", self.mean, self.variance)
    }
}

/// Mean M and 1/(p−1) sample variance V of a count vector, Ahn et al., eq. (7).
///
/// # Formula
/// ```text
/// M(R) = (1/p) Σ R_l,   V(R) = (1/(p−1)) Σ (R_i − M(R))²
/// ```
///
/// # Errors
/// [`EnsembleError::TooShort`] for fewer than 2 entries, [`EnsembleError::InvalidTime`] for a
/// negative or non-finite entry.
///
/// # Accuracy
/// Entries that are multiples of ½ below 2⁵² (counts and adjusted counts) are summed exactly in
/// 128-bit integers, V as (p Σ(2x)² − (Σ2x)²)/(4p(p−1)): M and V each within 3u relative
/// (u = 2⁻⁵³) while p Σ(2x)² < 3.4e38 (e.g. counts to 10¹² on 10⁸ processors). Other entries,
/// or larger sums: the two-pass formula, relative error about (p + 3)u on V plus the
/// conditioning M²/V·p·u. Checked against 50-digit references in `tests/ensemble/ensemble_reference.rs`.
///
/// Crate-internal: the public questions that use it are [`expected_algebraic_variance`] and [`Algorithm::variance_decrease_bound`](super::Algorithm::variance_decrease_bound)
/// (V(R̂) = 6.5 for the adjusted counts [0, 2.5, 4.5, 1.5, 6.5] of §4.4).
pub(crate) fn count_mean_var(x: &[f64]) -> Result<MeanVariance, EnsembleError> {
    check_len("count vector", x.len(), 2)?;
    for &v in x {
        check_time("count", v)?;
    }
    if let Some((mean, variance)) = exact_half_integer_mean_var(x) {
        return Ok(MeanVariance { mean, variance });
    }
    let p = x.len() as f64;
    let m = x.iter().sum::<f64>() / p;
    let v = x.iter().map(|r| (r - m) * (r - m)).sum::<f64>() / (p - 1.0);
    Ok(MeanVariance { mean: m, variance: v })
}

/// M and V of entries that are all multiples of ½ below 2⁵², in exact integer arithmetic
/// (`None` when an entry is not such a number or a sum would overflow 128 bits).
fn exact_half_integer_mean_var(x: &[f64]) -> Option<(f64, f64)> {
    const LIMIT: f64 = 4_503_599_627_370_496.0; // 2^52
    let (mut s, mut q) = (0u128, 0u128);
    for &v in x {
        let t = 2.0 * v;
        if !(0.0..LIMIT).contains(&v) || t.fract() != 0.0 {
            return None;
        }
        let t = t as u128;
        s = s.checked_add(t)?;
        q = q.checked_add(t.checked_mul(t)?)?;
    }
    let p = x.len() as u128;
    let num = p.checked_mul(q)?.checked_sub(s.checked_mul(s)?)?;
    let pf = x.len() as f64;
    Some((s as f64 / (2.0 * pf), num as f64 / (4.0 * pf * (pf - 1.0))))
}

/// Adjusted counts R̂_i = R_i − s_i/2 for any set of processors running a task (the general form
/// of Ahn et al., eqs. (8a)–(8c)): E\[X_i\] = R̂_i μ_T when the task in progress has, by Lemma 2,
/// mean remaining time μ_T/2. `r[i]` counts the running task.
///
/// # Formula
/// ```text
/// R̂_i = R_i − s_i/2,   s_i = 1 if processor i has a task in progress, else 0
/// ```
///
/// # Errors
/// [`EnsembleError::LengthMismatch`] when the vectors differ in length,
/// [`EnsembleError::RunningWithoutTask`] when `running[i]` but `r[i] == 0`,
/// [`EnsembleError::TooShort`] for an empty vector.
///
/// # Accuracy
/// Exact for counts below 2⁵³ (R_i and R_i − ½ are representable).
///
/// The three cases of the paper are three choices of `running`: every processor busy (8a:
/// all `true`), processor `idle` just ran dry (8b: all `true` but `idle`, whose count is 0), and
/// right after a step (8c: all `true` but the formerly idle processor, whose new tasks have not
/// started).
///
/// # Examples
/// ```
/// use loadbal::ensemble::adjusted_counts;
/// // (8a): every processor busy.
/// assert_eq!(adjusted_counts(&[40, 40], &[true, true]).unwrap(), vec![39.5, 39.5]);
/// // (8b): P_0 ran dry (Ahn et al., §4.4).
/// let rhat = adjusted_counts(&[0, 3, 5, 2, 7], &[false, true, true, true, true]).unwrap();
/// assert_eq!(rhat, vec![0.0, 2.5, 4.5, 1.5, 6.5]);
/// // (8c): after MD moved 3 tasks from P_4 to P_0, whose tasks have not started.
/// let after = adjusted_counts(&[3, 3, 5, 2, 4], &[false, true, true, true, true]).unwrap();
/// assert_eq!(after, vec![3.0, 2.5, 4.5, 1.5, 3.5]);
/// ```
pub fn adjusted_counts(r: &[u64], running: &[bool]) -> Result<Vec<f64>, EnsembleError> {
    check_len("count vector", r.len(), 1)?;
    if running.len() != r.len() {
        return Err(EnsembleError::LengthMismatch { what: "running flags", got: running.len(), expected: r.len() });
    }
    r.iter()
        .zip(running)
        .enumerate()
        .map(|(i, (&c, &s))| match (c, s) {
            (0, true) => Err(EnsembleError::RunningWithoutTask { index: i }),
            (c, true) => Ok(c as f64 - 0.5),
            (c, false) => Ok(c as f64),
        })
        .collect()
}

/// The counts a redistribution pools must sum to a `u64` (the total N of its formula).
pub(crate) fn check_total(r: impl Iterator<Item = u64>) -> Result<(), EnsembleError> {
    let total: u128 = r.map(u128::from).sum();
    if total > u128::from(u64::MAX) {
        return Err(EnsembleError::InvalidParameter {
            what: "sum of the pooled counts",
            value: total as f64,
            why: "exceeds u64::MAX, the largest task count",
        });
    }
    Ok(())
}

/// Adjusted counts at the instant processor `idle` becomes idle, Ahn et al., eq. (8b).
///
/// # Formula
/// ```text
/// R̂_idle = 0,  R̂_i = R_i − 1/2 otherwise
/// ```
///
/// # Errors
/// [`EnsembleError::NotIdle`] when `r[idle] != 0`, [`EnsembleError::IndexOutOfRange`],
/// [`EnsembleError::RunningWithoutTask`] when another processor has no task.
///
/// # Accuracy
/// Exact for counts below 2⁵³.
#[cfg(test)]
pub(crate) fn adjusted_counts_first_idle(r: &[u64], idle: usize) -> Result<Vec<f64>, EnsembleError> {
    check_idle(r, idle)?;
    let running: Vec<bool> = (0..r.len()).map(|i| i != idle).collect();
    adjusted_counts(r, &running)
}

pub(crate) fn check_idle(r: &[u64], idle: usize) -> Result<(), EnsembleError> {
    match r.get(idle) {
        None => Err(EnsembleError::IndexOutOfRange { index: idle, p: r.len() as u64 }),
        Some(&0) => Ok(()),
        Some(&count) => Err(EnsembleError::NotIdle { index: idle, count }),
    }
}

/// Mean and variance of the remaining time f·t of a task in progress, Ahn et al., Lemma 2
/// (f ~ U\[0,1\] independent of t). A modelling assumption: the renewal residual observed in a
/// real run is length-biased (mean (σ²+μ²)/(2μ)).
///
/// # Formula
/// ```text
/// E[f t] = μ_T/2,   Var[f t] = σ_T²/3 + μ_T²/12
/// ```
///
/// # Errors
/// [`EnsembleError::InvalidTime`] for a negative or non-finite μ_T or σ_T;
/// [`EnsembleError::InvalidParameter`] when the residual variance overflows `f64`.
///
/// # Accuracy
/// The mean is exact (a halving); the variance is a sum of two non-negative terms: relative error
/// at most 4u (u = 2⁻⁵³) for any σ_T/μ_T. Checked against 50-digit references with σ_T/μ_T
/// over 16 decades in `tests/ensemble/ensemble_reference.rs`.
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{residual_task_moments};
/// let r = residual_task_moments(&Law::normal(488.1, 116.6).unwrap()).unwrap();
/// assert!((r.mean - 244.05).abs() < 1e-12 && (r.variance - 24_385.320_833_333).abs() < 1e-6);
/// ```
pub fn residual_task_moments(law: &Law) -> Result<MeanVariance, EnsembleError> {
    let (mu_t, sigma_t) = task_moments(law)?;
    let variance = sigma_t * sigma_t / 3.0 + mu_t * mu_t / 12.0;
    if !variance.is_finite() {
        return Err(EnsembleError::InvalidParameter {
            what: "task-time sd",
            value: sigma_t,
            why: "the residual variance σ²/3 + μ²/12 overflows f64 (sd or mean near 1e154 or above)",
        });
    }
    Ok(MeanVariance { mean: mu_t / 2.0, variance })
}

/// Expected algebraic variance of the remaining times with `n_running` processors running a
/// task: the generalisation (9') of Ahn et al., eq. (9) (reconstructed; eq. (9) is missing from the
/// paper's text as published). With `n_running = p − 1` it is (9); with none running and equal counts it is the
/// exact static value R σ_T². Needs no normality.
///
/// # Formula
/// ```text
/// E[ξ²] = V(R̂) μ_T² + M(R̂) σ_T² + (S/p)(μ_T²/12 − σ_T²/6)
///       = V(R̂) μ_T² + (S/p) μ_T²/12 + (M(R̂) − S/(6p)) σ_T²      (evaluated so)
/// ```
///
/// # Errors
/// [`EnsembleError::TooShort`] for fewer than 2 counts, [`EnsembleError::InvalidTime`] for bad
/// counts or task moments, [`EnsembleError::InvalidParameter`] when `n_running > p` or the
/// variance overflows `f64`.
///
/// # Accuracy
/// For adjusted counts from [`adjusted_counts`] (so M(R̂) ≥ S/(2p)) the second form is a sum of
/// non-negative terms with M and V exact to 3u (M and V of (7), exact sums): relative error at most 12u
/// (u = 2⁻⁵³) for any σ_T/μ_T; checked against 50-digit references for counts to 10¹², σ_T/μ_T
/// over 16 decades, in `tests/ensemble/ensemble_reference.rs`.
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{expected_algebraic_variance};
/// // R̂ = [0, 2.5, 4.5, 1.5, 6.5], 4 running, wild-type task times
/// let v = expected_algebraic_variance(&Law::normal(488.1, 116.6).unwrap(), &[0.0, 2.5, 4.5, 1.5, 6.5], 4).unwrap();
/// assert!((v / 1_603_427.177_666_7 - 1.0).abs() < 1e-9);
/// ```
pub fn expected_algebraic_variance(law: &Law, rhat: &[f64], n_running: usize) -> Result<f64, EnsembleError> {
    let MeanVariance { mean: m, variance: v } = count_mean_var(rhat)?;
    let (mu_t, sigma_t) = task_moments(law)?;
    let p = rhat.len();
    if n_running > p {
        return Err(EnsembleError::InvalidParameter {
            what: "n_running",
            value: n_running as f64,
            why: "more running processors than processors",
        });
    }
    let (mu2, s2) = (mu_t * mu_t, sigma_t * sigma_t);
    let share = n_running as f64 / p as f64;
    let variance = v * mu2 + share * mu2 / 12.0 + (m - share / 6.0) * s2;
    if !variance.is_finite() {
        return Err(EnsembleError::InvalidParameter {
            what: "expected algebraic variance of rhat under the law",
            value: variance,
            why: "overflows f64: the counts rhat or the task-time mean and sd are too large",
        });
    }
    Ok(variance)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MU: f64 = 488.1;
    const SD: f64 = 116.6;

    #[test]
    fn eq9_prime_reference_cases() {
        // Monte Carlo-checked cases
        let f = false;
        let t = true;
        let cases: [(&[u64], [bool; 5], f64); 3] = [
            (&[2, 3, 5, 2, 7], [f, t, t, t, t], 1_084_733.86),
            (&[4, 4, 4, 4, 4], [f; 5], 54_382.24),
            (&[4, 4, 4, 4, 4], [t; 5], 65_172.00),
        ];
        for (r, running, want) in cases {
            let rhat = adjusted_counts(r, &running).unwrap();
            let s = running.iter().filter(|&&b| b).count();
            let v = expected_algebraic_variance(&Law::normal(MU, SD).unwrap(), &rhat, s).unwrap();
            assert!((v - want).abs() < 0.01, "{r:?}: {v} vs {want}");
        }
    }

    #[test]
    fn eq13_special_case_and_static_exact() {
        // (13): all R̂ = R, S = p − 1 → R σ² + ((p−1)/p)(μ²/12 − σ²/6): 560,706.44 (G16)
        let v = expected_algebraic_variance(&Law::normal(MU, SD).unwrap(), &[40.0; 25], 24).unwrap();
        assert!((v - 560_706.44).abs() < 0.01);
        // S = 0: exact static R σ² = 543,822.40 (G17)
        let v0 = expected_algebraic_variance(&Law::normal(MU, SD).unwrap(), &[40.0; 25], 0).unwrap();
        assert!((v0 - 543_822.40).abs() < 1e-6);
    }

    #[test]
    fn mutant_residual() {
        let MeanVariance { mean: m, variance: v } = residual_task_moments(&Law::normal(152.0, 191.1).unwrap()).unwrap();
        assert_eq!(m, 76.0);
        assert!((v - 14_098.403_333_333).abs() < 1e-6);
    }

    #[test]
    fn errors() {
        assert!(matches!(adjusted_counts(&[0, 1], &[true, true]), Err(EnsembleError::RunningWithoutTask { index: 0 })));
        assert!(matches!(adjusted_counts_first_idle(&[1, 1], 0), Err(EnsembleError::NotIdle { index: 0, count: 1 })));
        assert!(matches!(adjusted_counts_first_idle(&[0, 1], 5), Err(EnsembleError::IndexOutOfRange { .. })));
        assert!(count_mean_var(&[]).is_err());
        assert!(expected_algebraic_variance(&Law::normal(1.0, 1.0).unwrap(), &[1.0, 2.0], 3).is_err());
        assert!(residual_task_moments(&Law::normal(-1.0, 1.0).unwrap()).is_err());
        assert!(Law::normal(f64::NAN, 1.0).is_err());
    }
}
