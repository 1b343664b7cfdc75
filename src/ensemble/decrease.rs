//! Exact expected-variance decreases of one balancing step: Propositions 1, 4, 7 (corrected)
//! and 10 of Ahn et al., all instances of Lemma 4 (11).

use super::count_step::CountStep;
use super::counts::{MeanVariance, adjusted_counts, check_idle, count_mean_var};
use super::error::{EnsembleError, check_len, check_time};
use super::steps::{RpDonorModel, ar_step, nr_step};

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
/// # Accuracy
/// Four correctly rounded operations on exact inputs (R_k, p below 2⁵³): relative error at most
/// 5u (u = 2⁻⁵³ ≈ 1.1e-16) for any R_k, p; checked against 50-digit references in
/// `tests/ensemble/ensemble_reference.rs` for R_k to 10¹², p to 10⁹ and μ_T over 12 decades.
///
/// # Examples
/// ```
/// use loadbal::ensemble::{Algorithm, Trigger};
/// // The donor has 7 tasks on 5 processors: 5.25 μ_T².
/// let d = Algorithm::Md.variance_decrease(488.1, &Trigger::new(vec![0, 3, 5, 2, 7], 0)).unwrap();
/// assert!((d - 1_250_768.4525).abs() < 1e-6);
/// ```
pub(crate) fn md_variance_decrease(mu_t: f64, r_donor: u64, p: u64) -> Result<f64, EnsembleError> {
    if p < 2 {
        return Err(EnsembleError::TooFewProcessors(p));
    }
    check_time("mu_t", mu_t)?;
    let r = r_donor as f64;
    Ok(r * (r - 1.0) / (2.0 * (p as f64 - 1.0)) * mu_t * mu_t)
}

/// Expected-variance decrease of one RP step averaged over the donor
/// ([`RpDonorModel::expected_variance_decrease`], Ahn et al., Prop. 7 corrected).
pub(crate) fn rp_expected_variance_decrease(
    mu_t: f64,
    r: &[u64],
    idle: usize,
    model: RpDonorModel,
) -> Result<f64, EnsembleError> {
    check_len("count vector", r.len(), 2)?;
    check_idle(r, idle)?;
    check_time("mu_t", mu_t)?;
    let p = r.len() as f64;
    let others = r.iter().enumerate().filter(|&(j, _)| j != idle).map(|(_, &c)| c);
    // Σ R_k (R_k − 1) over the donors, exactly while it fits in 128 bits
    let pair_sum = |cs: &mut dyn Iterator<Item = u64>| -> f64 {
        let cs: Vec<u64> = cs.collect();
        let exact = cs.iter().try_fold(0u128, |acc, &c| {
            u128::from(c).checked_mul(u128::from(c.saturating_sub(1))).and_then(|x| acc.checked_add(x))
        });
        match exact {
            Some(v) => v as f64,
            None => cs.iter().map(|&c| c as f64 * (c as f64 - 1.0)).sum(),
        }
    };
    let dv = match model {
        RpDonorModel::UniformOthers => pair_sum(&mut others.into_iter()) / (2.0 * (p - 1.0) * (p - 1.0)),
        RpDonorModel::UniformAvailable => {
            let avail: Vec<u64> = others.filter(|&c| c >= 2).collect();
            if avail.is_empty() {
                0.0
            } else {
                pair_sum(&mut avail.iter().copied()) / (2.0 * (p - 1.0) * avail.len() as f64)
            }
        }
        RpDonorModel::UncorrectedClosedForm => {
            let x: Vec<f64> = r.iter().map(|&c| c as f64).collect();
            let MeanVariance { mean: m, variance: v } = count_mean_var(&x)?;
            (m * m - m + v) / (2.0 * (p - 1.0))
        }
    };
    Ok(dv * mu_t * mu_t)
}

impl CountStep {
    /// Exact decrease (11) between two count vectors with the same running set (`step.running[i]`:
    /// the processor has a task in progress before and after the step).
    ///
    /// # Formula
    /// ```text
    /// (V(R̂) − V(R̂')) μ_T²,  R̂_i = R_i − s_i/2
    ///   = Σ_i (R_i − R'_i)(R_i + R'_i − s_i) / (p − 1) · μ_T²      (M(R̂) = M(R̂'))
    /// ```
    ///
    /// # Errors
    /// Errors of [`adjusted_counts`] for either vector, [`EnsembleError::LengthMismatch`],
    /// [`EnsembleError::InvalidParameter`] when the totals differ (a step moves tasks),
    /// [`EnsembleError::InvalidTime`] for a bad μ_T.
    ///
    /// # Accuracy
    /// The second form is summed exactly in 128-bit integers (while |Σ| < 1.7e38, always for counts
    /// below 10¹⁵ on up to 10⁸ processors; beyond, in floating point), then three rounded
    /// operations: relative error at most 4u (u = 2⁻⁵³), even when the decrease is tiny beside V(R̂)
    /// (no cancellation). Checked against 50-digit references in `tests/ensemble/ensemble_reference.rs`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::CountStep;
    /// let s = vec![false, true, true, true, true];
    /// let ar = CountStep::new(vec![0, 3, 5, 2, 7], vec![3, 3, 3, 4, 4], s.clone());
    /// assert!((ar.variance_decrease(1.0).unwrap() - 6.25).abs() < 1e-12);
    /// // MD (Ahn et al., §4.4): V(R̂) − V(R̂') = 6.5 − 1.25 = 5.25
    /// let md = CountStep::new(vec![0, 3, 5, 2, 7], vec![3, 3, 5, 2, 4], s);
    /// assert!((md.variance_decrease(1.0).unwrap() - 5.25).abs() < 1e-12);
    /// ```
    pub fn variance_decrease(&self, mean: f64) -> Result<f64, EnsembleError> {
        step_variance_decrease(mean, &self.before, &self.after, &self.running)
    }
}

/// Eq. (11) between `before` and `after` with the running set `running` ([`CountStep::variance_decrease`]).
pub(crate) fn step_variance_decrease(
    mu_t: f64,
    before: &[u64],
    after: &[u64],
    running: &[bool],
) -> Result<f64, EnsembleError> {
    check_len("count vector", before.len(), 2)?;
    if after.len() != before.len() {
        return Err(EnsembleError::LengthMismatch { what: "counts after", got: after.len(), expected: before.len() });
    }
    adjusted_counts(before, running)?;
    adjusted_counts(after, running)?;
    check_time("mu_t", mu_t)?;
    let (tb, ta) =
        (before.iter().map(|&c| u128::from(c)).sum::<u128>(), after.iter().map(|&c| u128::from(c)).sum::<u128>());
    if tb != ta {
        return Err(EnsembleError::InvalidParameter {
            what: "Σ counts after",
            value: ta as f64,
            why: "a redistribution step moves tasks, it neither creates nor removes them",
        });
    }
    let terms = before.iter().zip(after).zip(running).map(|((&b, &a), &s)| {
        let (b, a) = (i128::from(b), i128::from(a));
        (b - a, b + a - i128::from(s))
    });
    let exact = terms.clone().try_fold(0i128, |acc, (d, t)| d.checked_mul(t).and_then(|x| acc.checked_add(x)));
    let sum = match exact {
        Some(v) => v as f64,
        None => terms.map(|(d, t)| d as f64 * t as f64).sum(),
    };
    Ok(sum / (before.len() as f64 - 1.0) * mu_t * mu_t)
}

fn busy(r: &[u64]) -> Vec<bool> {
    r.iter().map(|&c| c > 0).collect()
}

/// Exact expected-variance decrease of the AR step from `r` (Ahn et al., Prop. 4, via (11)).
///
/// # Formula
/// ```text
/// (V(R̂) − V(R̂')) μ_T²,  R' = ar_step(R)
/// ```
///
/// # Errors
/// As [`ar_step`].
///
/// # Accuracy
/// That of [`CountStep::variance_decrease`]: relative error at most 4u.
///
/// # Examples
/// ```
/// use loadbal::ensemble::{Algorithm, Trigger};
/// let d = Algorithm::Ar.variance_decrease(1.0, &Trigger::new(vec![0, 3, 5, 2, 7], 0)).unwrap();
/// assert!((d - 6.25).abs() < 1e-12);
/// ```
pub(crate) fn ar_variance_decrease(mu_t: f64, r: &[u64], idle: usize) -> Result<f64, EnsembleError> {
    let after = ar_step(r, idle)?.counts;
    step_variance_decrease(mu_t, r, &after, &busy(r))
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
/// # Accuracy
/// Three rounded operations: absolute error at most 3u·(V(R̂) + 1/4)·μ_T² (relative 3u when
/// V(R̂) ≥ 1/2; near V(R̂) = 1/4 the subtraction is exact but the bound itself is near zero).
///
/// # Examples
/// ```
/// use loadbal::ensemble::{Algorithm, Trigger};
/// // V(R̂) = 6.5 for these counts
/// let b = Algorithm::Ar.variance_decrease_bound(1.0, &Trigger::new(vec![0, 3, 5, 2, 7], 0)).unwrap();
/// assert_eq!(b, 6.25);
/// ```
pub(crate) fn ar_variance_decrease_bound(mu_t: f64, v_hat: f64) -> Result<f64, EnsembleError> {
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
/// As [`nr_step`].
///
/// # Accuracy
/// That of [`CountStep::variance_decrease`]: relative error at most 4u.
///
/// # Examples
/// ```
/// use loadbal::ensemble::{Algorithm, Trigger};
/// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0).with_partners(vec![0, 1, 2]);
/// let d = Algorithm::Nr.variance_decrease(1.0, &at).unwrap();
/// assert!((d - 2.5).abs() < 1e-12);
/// ```
pub(crate) fn nr_variance_decrease(mu_t: f64, r: &[u64], idle: usize, group: &[usize]) -> Result<f64, EnsembleError> {
    let after = nr_step(r, idle, group)?.counts;
    step_variance_decrease(mu_t, r, &after, &busy(r))
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
/// # Accuracy
/// Six rounded operations: absolute error at most 6u·((k−1)/(p−1))(Ṽ(R̂) + 1/4)·μ_T² (relative
/// 6u when Ṽ(R̂) ≥ 1/2), for k, p below 2⁵³.
///
/// # Examples
/// ```
/// use loadbal::ensemble::{Algorithm, Trigger};
/// // Ṽ(R̂) = 61/12 on the group {0, 1, 2} of 5 processors
/// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0).with_partners(vec![0, 1, 2]);
/// let b = Algorithm::Nr.variance_decrease_bound(1.0, &at).unwrap();
/// assert!((b - 0.5 * (61.0 / 12.0 - 0.25)).abs() < 1e-12);
/// ```
pub(crate) fn nr_variance_decrease_bound(mu_t: f64, v_tilde: f64, k: u64, p: u64) -> Result<f64, EnsembleError> {
    if k < 2 || p < k {
        return Err(EnsembleError::TooFewProcessors(k.min(p)));
    }
    check_time("Ṽ(R̂)", v_tilde)?;
    check_time("mu_t", mu_t)?;
    Ok((k as f64 - 1.0) / (p as f64 - 1.0) * (v_tilde - 0.25) * mu_t * mu_t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ensemble::counts::adjusted_counts_first_idle;
    use crate::ensemble::expected_algebraic_variance;
    use crate::ensemble::steps::md_step;
    use crate::law::Law;
    use proptest::prelude::*;

    const MU: f64 = 488.1;
    const SD: f64 = 116.6;

    /// Prop. 1 against the 50-digit references of `tests/data/reference/ensemble_closed_forms.csv`
    /// (every `md_decrease` row, p up to 10⁹ and R_k up to 10¹²), within the documented 5u
    /// (plus 1u for the reference's rounding to a double).
    #[test]
    fn md_decrease_reference() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/reference/ensemble_closed_forms.csv");
        let mut reader = csv::ReaderBuilder::new().comment(Some(b'#')).from_path(path).expect("reference file");
        let mut checked = 0;
        for row in reader.records() {
            let row = row.expect("a CSV row");
            if &row[0] != "md_decrease" {
                continue;
            }
            let (mu, r_k, p): (f64, u64, u64) =
                (row[1].parse().unwrap(), row[3].parse().unwrap(), row[4].parse().unwrap());
            let want: f64 = row[7].parse().unwrap();
            let got = md_variance_decrease(mu, r_k, p).unwrap();
            let err = if want == 0.0 { got.abs() } else { ((got - want) / want).abs() };
            assert!(err <= 6.0 * f64::EPSILON / 2.0, "R_k = {r_k}, p = {p}, μ = {mu}: {got:e} vs {want:e}");
            checked += 1;
        }
        assert_eq!(checked, 24);
    }

    #[test]
    fn g36_variance_after_each_step() {
        let r = [0, 3, 5, 2, 7];
        let rhat = adjusted_counts_first_idle(&r, 0).unwrap();
        let e0 = expected_algebraic_variance(&Law::normal(MU, SD).unwrap(), &rhat, 4).unwrap();
        let md = e0 - md_variance_decrease(MU, 7, 5).unwrap();
        let ar = e0 - ar_variance_decrease(MU, &r, 0).unwrap();
        let nr = e0 - nr_variance_decrease(MU, &r, 0, &[0, 1, 2]).unwrap();
        assert!((md / 352_658.725_17 - 1.0).abs() < 1e-9);
        assert!((ar / 114_417.115_17 - 1.0).abs() < 1e-9);
        assert!((nr / 1_007_823.152_67 - 1.0).abs() < 1e-9);
    }

    #[test]
    fn uniform_available_g33() {
        let d = rp_expected_variance_decrease(1.0, &[0, 3, 5, 2, 7], 0, RpDonorModel::UniformAvailable).unwrap();
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
            let v_of = |c: &[u64]| count_mean_var(&adjusted_counts(c, &running).unwrap()).unwrap().variance;
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
                let lemma4 = step_variance_decrease(1.0, &r, &s.counts, &busy(&r)).unwrap();
                let prop1 = md_variance_decrease(1.0, r[k], r.len() as u64).unwrap();
                prop_assert!((lemma4 - prop1).abs() < 1e-9 * prop1.max(1.0));
            }
            let after = ar_step(&r, idle).unwrap().counts;
            let v = count_mean_var(&adjusted_counts(&after, &busy(&r)).unwrap()).unwrap().variance;
            prop_assert!(v <= 0.25 + 1e-12);
        }
    }
}
