//! Exact expected-variance decreases of one balancing step: Propositions 1, 4, 7 (corrected)
//! and 10 of Ahn et al., all instances of Lemma 4 (11).

use super::counts::{adjusted_counts, check_idle, count_mean_var, variance_decrease};
use super::error::{EnsembleError, check_len, check_time};
use super::steps::{ar_step, nr_step};

/// How the RP donor is chosen in the expected decrease of Proposition 7.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RpDonorModel {
    /// The closed form printed in Ahn et al., Prop. 7, \[(M² − M) + V\]/(2(p−1)) μ_T²: it drops a
    /// factor p/(p−1) on (M² − M) and underestimates the decrease. Only for
    /// reproducing the paper.
    PaperFormula,
    /// Prop. 7's assumption done right: each other processor is the donor with probability
    /// 1/(p−1) (a donor with R_k < 2 gives nothing).
    UniformOthers,
    /// The algorithm of §2.4: poll until an available processor (R_k ≥ 2) answers, so the donor is
    /// uniform over the available ones.
    UniformAvailable,
}

/// Expected-variance decrease of an MD step whose donor has `r_donor` tasks, Ahn et al., Prop. 1,
/// eq. (17) (holds for either parity and for any donor, so also for RP given the donor).
///
/// # Formula
/// ```text
/// E[ξ²] − E[ξ'²] = R_k (R_k − 1) / (2(p − 1)) · μ_T²
/// ```
///
/// # Errors
/// [`EnsembleError::TooFewProcessors`] for p < 2, [`EnsembleError::InvalidTime`] for a bad μ_T.
///
/// # Examples
/// ```
/// use loadbal::ensemble::md_variance_decrease;
/// let d = md_variance_decrease(7, 5, 488.1).unwrap(); // 5.25 μ_T²
/// assert!((d - 1_250_768.4525).abs() < 1e-6);
/// ```
pub fn md_variance_decrease(r_donor: u64, p: u64, mu_t: f64) -> Result<f64, EnsembleError> {
    if p < 2 {
        return Err(EnsembleError::TooFewProcessors(p));
    }
    check_time("mu_t", mu_t)?;
    let r = r_donor as f64;
    Ok(r * (r - 1.0) / (2.0 * (p as f64 - 1.0)) * mu_t * mu_t)
}

/// The RP decrease given the donor: the same value as [`md_variance_decrease`] (Ahn et al., §4.6).
///
/// # Formula
/// ```text
/// R_k (R_k − 1) / (2(p − 1)) · μ_T²
/// ```
///
/// # Errors
/// As [`md_variance_decrease`].
///
/// # Examples
/// ```
/// use loadbal::ensemble::rp_variance_decrease_given_donor;
/// assert_eq!(rp_variance_decrease_given_donor(5, 5, 1.0).unwrap(), 2.5);
/// ```
pub fn rp_variance_decrease_given_donor(r_donor: u64, p: u64, mu_t: f64) -> Result<f64, EnsembleError> {
    md_variance_decrease(r_donor, p, mu_t)
}

/// Expected-variance decrease of one RP step averaged over the donor, Ahn et al., Prop. 7
/// (corrected; the printed closed form is [`RpDonorModel::PaperFormula`]).
///
/// # Formula
/// ```text
/// UniformOthers:    Σ_{k≠idle} R_k(R_k−1) / (2(p−1)²) μ_T² = [V(R) + p/(p−1)(M² − M)]/(2(p−1)) μ_T²
/// UniformAvailable: (1/|A|) Σ_{k∈A} R_k(R_k−1)/(2(p−1)) μ_T²,  A = {k : R_k ≥ 2}
/// PaperFormula:     [M(R)² − M(R) + V(R)]/(2(p−1)) μ_T²
/// ```
///
/// # Errors
/// [`EnsembleError::TooShort`], [`EnsembleError::NotIdle`], [`EnsembleError::IndexOutOfRange`],
/// [`EnsembleError::InvalidTime`].
///
/// # Examples
/// ```
/// use loadbal::ensemble::{rp_expected_variance_decrease, RpDonorModel};
/// let r = [0, 3, 5, 2, 7];
/// let exact = rp_expected_variance_decrease(&r, 0, 1.0, RpDonorModel::UniformOthers).unwrap();
/// let printed = rp_expected_variance_decrease(&r, 0, 1.0, RpDonorModel::PaperFormula).unwrap();
/// assert!((exact - 2.1875).abs() < 1e-12 && (printed - 1.9325).abs() < 1e-12); // G32, G31
/// ```
pub fn rp_expected_variance_decrease(
    r: &[u64],
    idle: usize,
    mu_t: f64,
    model: RpDonorModel,
) -> Result<f64, EnsembleError> {
    check_len("count vector", r.len(), 2)?;
    check_idle(r, idle)?;
    check_time("mu_t", mu_t)?;
    let p = r.len() as f64;
    let per = |c: u64| (c as f64) * (c as f64 - 1.0) / (2.0 * (p - 1.0));
    let others = r.iter().enumerate().filter(|&(j, _)| j != idle).map(|(_, &c)| c);
    let dv = match model {
        RpDonorModel::UniformOthers => others.map(per).sum::<f64>() / (p - 1.0),
        RpDonorModel::UniformAvailable => {
            let avail: Vec<u64> = others.filter(|&c| c >= 2).collect();
            if avail.is_empty() { 0.0 } else { avail.iter().map(|&c| per(c)).sum::<f64>() / avail.len() as f64 }
        }
        RpDonorModel::PaperFormula => {
            let x: Vec<f64> = r.iter().map(|&c| c as f64).collect();
            let (m, v) = count_mean_var(&x)?;
            (m * m - m + v) / (2.0 * (p - 1.0))
        }
    };
    Ok(dv * mu_t * mu_t)
}

/// Exact decrease (11) between two count vectors with the same running set (`running[i]`: the
/// processor has a task in progress before and after the step).
///
/// # Formula
/// ```text
/// (V(R̂) − V(R̂')) μ_T²,  R̂_i = R_i − s_i/2
/// ```
///
/// # Errors
/// Errors of [`adjusted_counts`] and [`variance_decrease`].
///
/// # Examples
/// ```
/// use loadbal::ensemble::step_variance_decrease;
/// let s = [false, true, true, true, true];
/// let d = step_variance_decrease(&[0, 3, 5, 2, 7], &[3, 3, 3, 4, 4], &s, 1.0).unwrap();
/// assert!((d - 6.25).abs() < 1e-12); // AR
/// ```
pub fn step_variance_decrease(
    before: &[u64],
    after: &[u64],
    running: &[bool],
    mu_t: f64,
) -> Result<f64, EnsembleError> {
    variance_decrease(&adjusted_counts(before, running)?, &adjusted_counts(after, running)?, mu_t)
}

fn busy(r: &[u64]) -> Vec<bool> {
    r.iter().map(|&c| c > 0).collect()
}

/// V(R̂') after an AR (or NR, with p → k) step that leaves remainder b, Ahn et al., Prop. 4 (AR-V):
/// at most 1/4.
///
/// # Formula
/// ```text
/// V(R̂') = [p(4b + 1) − (2b + 1)²] / (4p(p − 1))
/// ```
///
/// # Errors
/// [`EnsembleError::TooFewProcessors`] for p < 2, [`EnsembleError::InvalidParameter`] for b ≥ p.
///
/// # Examples
/// ```
/// use loadbal::ensemble::ar_adjusted_variance_after;
/// assert!((ar_adjusted_variance_after(25, 1).unwrap() - 0.048_333_333_333).abs() < 1e-9); // G28
/// assert_eq!(ar_adjusted_variance_after(5, 2).unwrap(), 0.25);
/// ```
pub fn ar_adjusted_variance_after(p: u64, b: u64) -> Result<f64, EnsembleError> {
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
    let (p, b) = (p as f64, b as f64);
    Ok((p * (4.0 * b + 1.0) - (2.0 * b + 1.0).powi(2)) / (4.0 * p * (p - 1.0)))
}

/// Exact expected-variance decrease of the AR step from `r` (Ahn et al., Prop. 4, via (11)).
///
/// # Formula
/// ```text
/// (V(R̂) − V(R̂')) μ_T²,  R' = ar_step(R)
/// ```
///
/// # Errors
/// As [`ar_step`](super::ar_step).
///
/// # Examples
/// ```
/// use loadbal::ensemble::ar_variance_decrease;
/// assert!((ar_variance_decrease(&[0, 3, 5, 2, 7], 0, 1.0).unwrap() - 6.25).abs() < 1e-12);
/// ```
pub fn ar_variance_decrease(r: &[u64], idle: usize, mu_t: f64) -> Result<f64, EnsembleError> {
    let after = ar_step(r, idle)?.counts;
    step_variance_decrease(r, &after, &busy(r), mu_t)
}

/// Prop. 4's lower bound on the AR decrease (meaningful when V(R̂) > 1/4).
///
/// # Formula
/// ```text
/// E[ξ²] − E[ξ'²] ≥ (V(R̂) − 1/4) μ_T²
/// ```
///
/// # Errors
/// [`EnsembleError::InvalidTime`] for a bad V or μ_T.
///
/// # Examples
/// ```
/// use loadbal::ensemble::ar_variance_decrease_bound;
/// assert_eq!(ar_variance_decrease_bound(6.5, 1.0).unwrap(), 6.25);
/// ```
pub fn ar_variance_decrease_bound(v_hat: f64, mu_t: f64) -> Result<f64, EnsembleError> {
    check_time("V(R̂)", v_hat)?;
    check_time("mu_t", mu_t)?;
    Ok((v_hat - 0.25) * mu_t * mu_t)
}

/// Exact expected-variance decrease of the NR step on `group` (Ahn et al., Prop. 10, via (11)).
///
/// # Formula
/// ```text
/// ((k−1)/(p−1)) (Ṽ(R̂) − Ṽ(R̂')) μ_T²  =  (V(R̂) − V(R̂')) μ_T²
/// ```
///
/// # Errors
/// As [`nr_step`](super::nr_step).
///
/// # Examples
/// ```
/// use loadbal::ensemble::nr_variance_decrease;
/// let d = nr_variance_decrease(&[0, 3, 5, 2, 7], &[0, 1, 2], 0, 1.0).unwrap();
/// assert!((d - 2.5).abs() < 1e-12);
/// ```
pub fn nr_variance_decrease(r: &[u64], group: &[usize], idle: usize, mu_t: f64) -> Result<f64, EnsembleError> {
    let after = nr_step(r, group, idle)?.counts;
    step_variance_decrease(r, &after, &busy(r), mu_t)
}

/// Prop. 10's lower bound on the NR decrease, with Ṽ(R̂) the local adjusted variance of the group
/// (the paper's "V(R) > 1/4" should read Ṽ(R̂) > 1/4).
///
/// # Formula
/// ```text
/// E[ξ²] − E[ξ'²] ≥ ((k−1)/(p−1)) (Ṽ(R̂) − 1/4) μ_T²
/// ```
///
/// # Errors
/// [`EnsembleError::TooFewProcessors`] for k < 2 or p < k, [`EnsembleError::InvalidTime`].
///
/// # Examples
/// ```
/// use loadbal::ensemble::nr_variance_decrease_bound;
/// let b = nr_variance_decrease_bound(61.0 / 12.0, 3, 5, 1.0).unwrap();
/// assert!((b - 0.5 * (61.0 / 12.0 - 0.25)).abs() < 1e-12);
/// ```
pub fn nr_variance_decrease_bound(v_tilde: f64, k: u64, p: u64, mu_t: f64) -> Result<f64, EnsembleError> {
    if k < 2 || p < k {
        return Err(EnsembleError::TooFewProcessors(k.min(p)));
    }
    check_time("Ṽ(R̂)", v_tilde)?;
    check_time("mu_t", mu_t)?;
    Ok((k as f64 - 1.0) / (p as f64 - 1.0) * (v_tilde - 0.25) * mu_t * mu_t)
}

#[cfg(all(test, feature = "testing"))]
mod tests {
    use super::*;
    use crate::ensemble::{adjusted_counts_first_idle, expected_algebraic_variance, md_step};
    use proptest::prelude::*;

    const MU: f64 = 488.1;
    const SD: f64 = 116.6;

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
        ];
        for (p, b, v) in cases {
            assert!((ar_adjusted_variance_after(p, b).unwrap() - v).abs() < 1e-9, "{p} {b}");
        }
    }

    #[test]
    fn g36_variance_after_each_step() {
        let r = [0, 3, 5, 2, 7];
        let rhat = adjusted_counts_first_idle(&r, 0).unwrap();
        let e0 = expected_algebraic_variance(&rhat, 4, MU, SD).unwrap();
        let md = e0 - md_variance_decrease(7, 5, MU).unwrap();
        let ar = e0 - ar_variance_decrease(&r, 0, MU).unwrap();
        let nr = e0 - nr_variance_decrease(&r, &[0, 1, 2], 0, MU).unwrap();
        assert!((md / 352_658.725_17 - 1.0).abs() < 1e-9);
        assert!((ar / 114_417.115_17 - 1.0).abs() < 1e-9);
        assert!((nr / 1_007_823.152_67 - 1.0).abs() < 1e-9);
    }

    #[test]
    fn uniform_available_g33() {
        let d = rp_expected_variance_decrease(&[0, 3, 5, 2, 7], 0, 1.0, RpDonorModel::UniformAvailable).unwrap();
        assert!((d - 2.1875).abs() < 1e-12);
    }

    fn enumerate(p: usize, left: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if prefix.len() == p - 1 {
            prefix.push(left);
            out.push(prefix.clone());
            prefix.pop();
            return;
        }
        let min = u64::from(!prefix.is_empty());
        for c in min..=left {
            prefix.push(c);
            enumerate(p, left - c, prefix, out);
            prefix.pop();
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn ar_minimises_adjusted_variance_g30(rest in prop::collection::vec(1u64..5, 1..4)) {
            // Prop. 4's claim: among all distributions of the same tasks where P_0 has no task in
            // progress and every other processor keeps its running one, AR's V(R̂') is minimal
            let mut r = vec![0u64];
            r.extend(rest);
            let p = r.len();
            let total: u64 = r.iter().sum();
            prop_assume!(total >= p as u64);
            let running = busy(&r);
            let v_of = |c: &[u64]| count_mean_var(&adjusted_counts(c, &running).unwrap()).unwrap().1;
            let ar = v_of(&ar_step(&r, 0).unwrap().counts);
            let mut all = Vec::new();
            enumerate(p, total, &mut Vec::new(), &mut all);
            let best = all.iter().filter(|c| c[1..].iter().all(|&x| x >= 1)).map(|c| v_of(c)).fold(f64::INFINITY, f64::min);
            prop_assert!((ar - best).abs() < 1e-12, "AR {} vs best {}", ar, best);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn prop1_equals_lemma4(mut r in prop::collection::vec(1u64..40, 2..10), idle in 0usize..10) {
            // Prop. 1 closed form == (11) on the MD step (G37), and AR's V(R̂') ≤ 1/4 (G29)
            let idle = idle % r.len();
            r[idle] = 0;
            let s = md_step(&r, idle).unwrap();
            if let Some(k) = s.donor {
                let lemma4 = step_variance_decrease(&r, &s.counts, &busy(&r), 1.0).unwrap();
                let prop1 = md_variance_decrease(r[k], r.len() as u64, 1.0).unwrap();
                prop_assert!((lemma4 - prop1).abs() < 1e-9 * prop1.max(1.0));
            }
            let after = ar_step(&r, idle).unwrap().counts;
            let (_, v) = count_mean_var(&adjusted_counts(&after, &busy(&r)).unwrap()).unwrap();
            prop_assert!(v <= 0.25 + 1e-12);
        }
    }
}
