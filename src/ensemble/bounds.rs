//! Idle-time claims of Ahn et al.: the expected largest idle time (2) and the expected average idle
//! time (3) do not increase across a step (Props 2–3 MD, 5–6 AR, 8–9 RP, 11–12 NR). Each function
//! returns whether the proposition's hypotheses hold and the per-case lower bounds of the
//! proofs (reconstructed where the paper's text is garbled); the
//! guaranteed decrease is the smallest case bound.

use super::counts::{check_idle, check_total};
use super::error::task_moments;
use super::error::{EnsembleError, check_len, check_time};
use crate::law::Law;

/// The verdict of one idle-time proposition on one step.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IdleClaim {
    /// Whether the proposition's hypotheses hold for this input.
    pub hypotheses_hold: bool,
    /// Lower bounds (seconds) on the decrease of the expected metric, one per case of the proof
    /// (for AR: the single bound of the proof).
    pub case_bounds: Vec<f64>,
    /// The smallest case bound: the guaranteed decrease (≥ 0 when the hypotheses hold).
    pub guaranteed_decrease: f64,
}

/// The constants of Ahn et al.'s AR idle-time propositions (Props 5–6, §4.5): the slack ε of the
/// proofs, the Chen–Tyler bound C_max of the largest processor count considered, and the margin
/// g of Prop. 6. [`Default`] is the paper's choice ε = 0.04, C_max = 4.4, g = 1 (note the paper's
/// "4.4 for p_max = 10⁶" is [`ArClaimConstants::for_max_processors`]`(1.19×10⁵)`; 10⁶ gives 4.8423).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArClaimConstants {
    /// The slack ε of Props 5–6, in \[0, 0.5).
    pub eps: f64,
    /// C_max = Φ⁻¹(0.5264^{1/p_max}).
    pub c_max: f64,
    /// The margin g > 0 of Prop. 6 (R_p > (1 + ε + g) r); unused by Prop. 5.
    pub g: f64,
}

impl Default for ArClaimConstants {
    /// ε = 0.04, C_max = 4.4, g = 1 (Ahn et al., §4.5).
    fn default() -> Self {
        ArClaimConstants { eps: 0.04, c_max: 4.4, g: 1.0 }
    }
}

impl ArClaimConstants {
    /// The paper's ε = 0.04 and g = 1 with C_max = Φ⁻¹(0.5264^{1/p_max}) of Props 5–6 (Ahn et al.,
    /// §4.5), the Chen–Tyler value for the largest processor count `p_max` considered. The
    /// paper's "≈ 4.4 for p_max = 10⁶" is wrong: the value is 4.8423 (4.4 corresponds to
    /// p_max ≈ 1.19×10⁵).
    ///
    /// # Formula
    /// ```text
    /// C_max = Φ⁻¹(0.5264^{1/p_max})
    /// ```
    ///
    /// # Errors
    /// [`EnsembleError::OrderStats`] for p_max = 0 or above 2⁵³.
    ///
    /// # Accuracy
    /// That of [`order_stats::chen_tyler`](crate::order_stats::chen_tyler) (a normal
    /// quantile of 0.5264^{1/p_max}); checked against 50-digit references for p_max to 10¹² in
    /// `tests/ensemble/ensemble_reference.rs`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::ArClaimConstants;
    /// let k = ArClaimConstants::for_max_processors(1_000_000).unwrap();
    /// assert!((k.c_max - 4.842_309).abs() < 1e-5 && k.eps == 0.04 && k.g == 1.0);
    /// ```
    pub fn for_max_processors(p_max: u64) -> Result<Self, EnsembleError> {
        Ok(ArClaimConstants { c_max: crate::order_stats::chen_tyler(p_max)?.mean, ..ArClaimConstants::default() })
    }

    /// Prop. 5's threshold (P5): the AR step lowers the expected largest idle time once the most
    /// loaded processor holds at least this many tasks (independent of p, 20 ≤ p ≤ p_max).
    ///
    /// # Formula
    /// ```text
    /// R_p ≥ 4(1+ε)² C_max² / (1 − 2ε)² · (σ_T/μ_T)²
    /// ```
    ///
    /// # Errors
    /// [`EnsembleError::InvalidParameter`] for ε ∉ \[0, 0.5) or μ_T = 0, [`EnsembleError::InvalidTime`].
    ///
    /// # Accuracy
    /// Ten rounded operations on non-negative factors (1 − 2ε is one rounding, exact for
    /// ε ≥ 0.25): relative error at most 12u (u = 2⁻⁵³) wherever the result is a normal number;
    /// checked against 50-digit references with σ_T/μ_T over 16 decades in
    /// `tests/ensemble/ensemble_reference.rs`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::ensemble::ArClaimConstants;
    /// // the paper's C_max = 4.4, ε = 0.04, wild type
    /// let t = ArClaimConstants::default().min_rp_for_range_decrease(&Law::normal(488.1, 116.6).unwrap()).unwrap();
    /// assert!((t / 5.6472 - 1.0).abs() < 1e-4);
    /// ```
    pub fn min_rp_for_range_decrease(&self, law: &Law) -> Result<f64, EnsembleError> {
        let ((mu_t, sigma_t), ArClaimConstants { eps, c_max, .. }) = (task_moments(law)?, *self);
        check_eps(eps)?;
        check_time("sd", sigma_t)?;
        check_time("c_max", c_max)?;
        if check_time("mean", mu_t)? == 0.0 {
            return Err(EnsembleError::InvalidParameter { what: "mean", value: mu_t, why: "must be positive" });
        }
        let ratio = sigma_t / mu_t;
        Ok(4.0 * (1.0 + eps).powi(2) * c_max * c_max / (1.0 - 2.0 * eps).powi(2) * ratio * ratio)
    }

    /// Prop. 6's threshold (P6) on r = ⌊M(R)⌋: the AR step lowers the expected average idle time
    /// when r is at least this value and R_p > (1 + ε + g) r.
    ///
    /// # Formula
    /// ```text
    /// r ≥ ((1+ε) C_max σ_T / (g μ_T))²
    /// ```
    ///
    /// # Errors
    /// As [`ArClaimConstants::min_rp_for_range_decrease`], and [`EnsembleError::InvalidParameter`] for g ≤ 0.
    ///
    /// # Accuracy
    /// Six rounded operations, no cancellation: relative error at most 8u (u = 2⁻⁵³) wherever the
    /// result is a normal number; checked against 50-digit references in
    /// `tests/ensemble/ensemble_reference.rs`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::ensemble::ArClaimConstants;
    /// let r = ArClaimConstants::default().min_r_for_idle_decrease(&Law::normal(488.1, 116.6).unwrap()).unwrap(); // G41
    /// assert!((r / 1.19499 - 1.0).abs() < 1e-4);
    /// ```
    pub fn min_r_for_idle_decrease(&self, law: &Law) -> Result<f64, EnsembleError> {
        let ((mu_t, sigma_t), ArClaimConstants { eps, c_max, g }) = (task_moments(law)?, *self);
        check_eps(eps)?;
        check_time("sd", sigma_t)?;
        check_time("c_max", c_max)?;
        if !(g > 0.0 && g.is_finite()) {
            return Err(EnsembleError::InvalidParameter { what: "g", value: g, why: "must be positive" });
        }
        if check_time("mean", mu_t)? == 0.0 {
            return Err(EnsembleError::InvalidParameter { what: "mean", value: mu_t, why: "must be positive" });
        }
        Ok(((1.0 + eps) * c_max * sigma_t / (g * mu_t)).powi(2))
    }
}

impl std::fmt::Display for IdleClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let holds = if self.hypotheses_hold { "hypotheses hold" } else { "hypotheses do not hold" };
        write!(
            f,
            "{holds}; guaranteed decrease {:.4} s ({} case bounds)",
            self.guaranteed_decrease,
            self.case_bounds.len()
        )
    }
}

fn claim(hypotheses_hold: bool, case_bounds: Vec<f64>) -> IdleClaim {
    let guaranteed_decrease = case_bounds.iter().copied().fold(f64::INFINITY, f64::min);
    IdleClaim { hypotheses_hold, case_bounds, guaranteed_decrease }
}

fn max_other(r: &[u64], idle: usize) -> Result<u64, EnsembleError> {
    check_len("count vector", r.len(), 2)?;
    check_idle(r, idle)?;
    Ok(r.iter().enumerate().filter(|&(j, _)| j != idle).map(|(_, &c)| c).max().unwrap_or(0))
}

fn halves(c: u64) -> (f64, f64) {
    ((c / 2) as f64, c.div_ceil(2) as f64)
}

/// Prop. 2 (MD): E\[Y'_p − Y'_1\] ≤ E\[Y_p − Y_1\], with the seven case bounds of its proof.
///
/// # Formula
/// ```text
/// cases (μ_T units, R̂_p = R_p − 1/2): 0; R̂_p − ⌈R_p/2⌉ + 1/2; R_p − 1/2 − ⌊R_p/2⌋; ⌈R_p/2⌉ − 1/2;
///   R̂_p − ⌊R_p/2⌋ + ⌈R_p/2⌉ − 1/2; ⌊R_p/2⌋; R̂_p − ⌈R_p/2⌉ + 1/2 + ⌊R_p/2⌋.  Hypothesis: R_p ≥ 2
/// ```
///
/// # Errors
/// [`EnsembleError::NotIdle`], [`EnsembleError::IndexOutOfRange`], [`EnsembleError::TooShort`],
/// [`EnsembleError::InvalidTime`].
///
/// # Accuracy
/// Each case bound is a half-integer combination of counts (exact below 2⁵²) times μ_T: one
/// rounding, relative error at most u (u = 2⁻⁵³).
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{Algorithm, ClaimOptions, Trigger};
/// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0);
/// let c = Algorithm::Md.idle_claim(&Law::normal(1.0, 0.0).unwrap(), &at, &ClaimOptions::default()).unwrap();
/// assert!(c.hypotheses_hold && c.guaranteed_decrease == 0.0 && c.case_bounds[2] == 3.5);
/// ```
pub(crate) fn md_max_idle_claim(mu_t: f64, r: &[u64], idle: usize) -> Result<IdleClaim, EnsembleError> {
    let rp = max_other(r, idle)?;
    check_time("mu_t", mu_t)?;
    let (fl, ce) = halves(rp);
    let (rpf, rh) = (rp as f64, rp as f64 - 0.5);
    let cases = [0.0, rh - ce + 0.5, rpf - 0.5 - fl, ce - 0.5, rh - fl + ce - 0.5, fl, rh - ce + 0.5 + fl];
    Ok(claim(rp >= 2, cases.iter().map(|c| c * mu_t).collect()))
}

/// Prop. 3 (MD): E\[Y'_p − η'\] ≤ E\[Y_p − η\], with the three case bounds of its proof.
///
/// # Formula
/// ```text
/// cases: 0; (R̂_p − ⌊R_p/2⌋) μ_T; (R_p − ⌈R_p/2⌉ − 1/2) μ_T.  Hypothesis: R_p ≥ 2
/// ```
///
/// # Errors
/// As [`md_max_idle_claim`].
///
/// # Accuracy
/// Each case bound is a half-integer combination of counts (exact below 2⁵²) times μ_T: one
/// rounding, relative error at most u (u = 2⁻⁵³).
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{Algorithm, ClaimKind, ClaimOptions, Trigger};
/// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0);
/// let average = ClaimOptions { kind: ClaimKind::Average, ..ClaimOptions::default() };
/// let c = Algorithm::Md.idle_claim(&Law::normal(1.0, 0.0).unwrap(), &at, &average).unwrap();
/// assert_eq!(c.case_bounds, vec![0.0, 3.5, 2.5]);
/// ```
pub(crate) fn md_avg_idle_claim(mu_t: f64, r: &[u64], idle: usize) -> Result<IdleClaim, EnsembleError> {
    let rp = max_other(r, idle)?;
    check_time("mu_t", mu_t)?;
    let (fl, ce) = halves(rp);
    let cases = [0.0, rp as f64 - 0.5 - fl, rp as f64 - ce - 0.5];
    Ok(claim(rp >= 2, cases.iter().map(|c| c * mu_t).collect()))
}

fn donor_count(r: &[u64], idle: usize, donor: usize) -> Result<(u64, u64), EnsembleError> {
    let rp = max_other(r, idle)?;
    if donor >= r.len() || donor == idle {
        return Err(EnsembleError::IndexOutOfRange { index: donor, p: r.len() as u64 });
    }
    Ok((rp, r[donor]))
}

/// Prop. 8 (RP, donor k): E\[Y'_p − Y'_1\] ≤ E\[Y_p − Y_1\], with the case bounds of its proof
/// (case (7) is garbled in the seed; derived as in the reference).
///
/// # Formula
/// ```text
/// cases (μ_T units): 0; R_p − ⌈R_k/2⌉; R_p − 1/2 − ⌊R_k/2⌋; ⌈R_k/2⌉ − 1/2;
///   R_p − ⌊R_k/2⌋ + ⌈R_k/2⌉ − 1; ⌊R_k/2⌋; R_p − ⌈R_k/2⌉ + ⌊R_k/2⌋.  Hypothesis: R_k ≥ 2
/// ```
///
/// # Errors
/// As [`md_max_idle_claim`], and [`EnsembleError::IndexOutOfRange`] for a bad donor.
///
/// # Accuracy
/// Each case bound is a half-integer combination of counts (exact below 2⁵²) times μ_T: one
/// rounding, relative error at most u (u = 2⁻⁵³).
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{Algorithm, ClaimOptions, Trigger};
/// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0).with_partners(vec![2]);
/// let c = Algorithm::Rp.idle_claim(&Law::normal(1.0, 0.0).unwrap(), &at, &ClaimOptions::default()).unwrap();
/// assert!(c.hypotheses_hold && c.case_bounds[1] == 4.0);
/// ```
pub(crate) fn rp_max_idle_claim(mu_t: f64, r: &[u64], idle: usize, donor: usize) -> Result<IdleClaim, EnsembleError> {
    let (rp, rk) = donor_count(r, idle, donor)?;
    check_time("mu_t", mu_t)?;
    let (fl, ce) = halves(rk);
    let rpf = rp as f64;
    let cases = [0.0, rpf - ce, rpf - 0.5 - fl, ce - 0.5, rpf - fl + ce - 1.0, fl, rpf - ce + fl];
    Ok(claim(rk >= 2, cases.iter().map(|c| c * mu_t).collect()))
}

/// Prop. 9 (RP, donor k): E\[Y'_p − η'\] ≤ E\[Y_p − η\]; the paper notes the reduction is zero for
/// most RP steps (whenever the donor is not the most loaded processor).
///
/// # Formula
/// ```text
/// cases: 0; (R_p − ⌊R_k/2⌋ − 1/2) μ_T; (R_p − ⌈R_k/2⌉) μ_T.  Hypothesis: R_k ≥ 2
/// ```
///
/// # Errors
/// As [`rp_max_idle_claim`].
///
/// # Accuracy
/// Each case bound is a half-integer combination of counts (exact below 2⁵²) times μ_T: one
/// rounding, relative error at most u (u = 2⁻⁵³).
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{Algorithm, ClaimKind, ClaimOptions, Trigger};
/// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0).with_partners(vec![2]);
/// let average = ClaimOptions { kind: ClaimKind::Average, ..ClaimOptions::default() };
/// let c = Algorithm::Rp.idle_claim(&Law::normal(1.0, 0.0).unwrap(), &at, &average).unwrap();
/// assert_eq!(c.case_bounds, vec![0.0, 4.5, 4.0]);
/// ```
pub(crate) fn rp_avg_idle_claim(mu_t: f64, r: &[u64], idle: usize, donor: usize) -> Result<IdleClaim, EnsembleError> {
    let (rp, rk) = donor_count(r, idle, donor)?;
    check_time("mu_t", mu_t)?;
    let (fl, ce) = halves(rk);
    let cases = [0.0, rp as f64 - fl - 0.5, rp as f64 - ce];
    Ok(claim(rk >= 2, cases.iter().map(|c| c * mu_t).collect()))
}

fn nr_claim(r: &[u64], group: &[usize], idle: usize, n_cases: usize) -> Result<IdleClaim, EnsembleError> {
    check_len("count vector", r.len(), 2)?;
    check_idle(r, idle)?;
    if let Some(&bad) = group.iter().find(|&&i| i >= r.len()) {
        return Err(EnsembleError::IndexOutOfRange { index: bad, p: r.len() as u64 });
    }
    check_total(group.iter().map(|&i| r[i]))?;
    let queued = group.iter().any(|&i| r[i] > 1);
    Ok(claim(group.contains(&idle) && queued, vec![0.0; n_cases]))
}

/// Prop. 11 (NR): E\[Y'_p − Y'_1\] ≤ E\[Y_p − Y_1\]; all four cases of the proof bound the decrease
/// by 0 (the claim "Z_max ≤ max X_1..X_k" holds in expectation, not pathwise). Hypotheses: the
/// idle processor belongs to the group and the group has queued work.
///
/// # Formula
/// ```text
/// cases: {E[Y_p] − E[W_max or Z_max]} + E[Z_min or W_min] ≥ 0
/// ```
///
/// # Errors
/// As [`md_max_idle_claim`], [`EnsembleError::IndexOutOfRange`] for a bad group member.
///
/// # Accuracy
/// Exact: the case bounds are the constant 0.
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{Algorithm, ClaimOptions, Trigger};
/// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0).with_partners(vec![0, 1, 2]);
/// let c = Algorithm::Nr.idle_claim(&Law::normal(1.0, 0.0).unwrap(), &at, &ClaimOptions::default()).unwrap();
/// assert!(c.hypotheses_hold && c.guaranteed_decrease == 0.0);
/// ```
pub(crate) fn nr_max_idle_claim(r: &[u64], group: &[usize]) -> Result<IdleClaim, EnsembleError> {
    let idle = group.first().copied().ok_or(EnsembleError::TooShort { what: "NR group", min: 1, got: 0 })?;
    nr_claim(r, group, idle, 4)
}

/// Prop. 12 (NR): E\[Y'_p − η'\] ≤ E\[Y_p − η\], since Y'_p = max{Z_max, W_max} ≤ Y_p in expectation.
/// `group[0]` is the idle processor.
///
/// # Formula
/// ```text
/// E[Y_p] − E[Y'_p] ≥ 0
/// ```
///
/// # Errors
/// As [`nr_max_idle_claim`].
///
/// # Accuracy
/// Exact: the case bounds are the constant 0.
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{Algorithm, ClaimKind, ClaimOptions, Trigger};
/// let at = Trigger::new(vec![0, 1, 1, 9], 0).with_partners(vec![0, 1, 2]);
/// let average = ClaimOptions { kind: ClaimKind::Average, ..ClaimOptions::default() };
/// let c = Algorithm::Nr.idle_claim(&Law::normal(1.0, 0.0).unwrap(), &at, &average).unwrap();
/// assert!(!c.hypotheses_hold); // no queued work
/// ```
pub(crate) fn nr_avg_idle_claim(r: &[u64], group: &[usize]) -> Result<IdleClaim, EnsembleError> {
    let idle = group.first().copied().ok_or(EnsembleError::TooShort { what: "NR group", min: 1, got: 0 })?;
    nr_claim(r, group, idle, 1)
}

fn check_eps(eps: f64) -> Result<(), EnsembleError> {
    if (0.0..0.5).contains(&eps) {
        Ok(())
    } else {
        Err(EnsembleError::InvalidParameter { what: "eps", value: eps, why: "Props 5–6 need 0 ≤ ε < 0.5" })
    }
}

/// Prop. 5 on one AR step: hypotheses (p ≥ 20, r < R_p, R_p above (P5)) and the proof's bound on
/// the decrease of the expected largest idle time.
///
/// # Formula
/// ```text
/// decrease ≥ (R_p − 2εr) μ_T − 2(1+ε) C_max √r σ_T,  r = ⌊Σ R_i / p⌋
/// ```
///
/// # Errors
/// As [`ArClaimConstants::min_rp_for_range_decrease`] and [`md_max_idle_claim`].
///
/// # Accuracy
/// The bound is a difference of two terms: absolute error at most 8u·(R_p μ_T + 2(1+ε) C_max √r
/// σ_T) (u = 2⁻⁵³); the hypotheses are decided on the threshold of
/// [`ArClaimConstants::min_rp_for_range_decrease`] (relative 12u), exact on counts.
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{Algorithm, ClaimOptions, Trigger};
/// let mut r = vec![30u64; 25];
/// r[0] = 0;
/// r[24] = 60;
/// let c = Algorithm::Ar.idle_claim(&Law::normal(488.1, 116.6).unwrap(), &Trigger::new(r, 0), &ClaimOptions::default()).unwrap();
/// assert!(c.hypotheses_hold && c.guaranteed_decrease > 0.0);
/// ```
pub(crate) fn ar_range_claim(
    law: &Law,
    r: &[u64],
    idle: usize,
    constants: ArClaimConstants,
) -> Result<IdleClaim, EnsembleError> {
    let rp = max_other(r, idle)?;
    let threshold = constants.min_rp_for_range_decrease(law)?;
    let ((mu_t, sigma_t), ArClaimConstants { eps, c_max, .. }) = (task_moments(law)?, constants);
    check_total(r.iter().copied())?;
    let p = r.len() as u64;
    let rr = (r.iter().sum::<u64>() / p) as f64;
    let bound = (rp as f64 - 2.0 * eps * rr) * mu_t - 2.0 * (1.0 + eps) * c_max * rr.sqrt() * sigma_t;
    Ok(claim(p >= 20 && rr < rp as f64 && rp as f64 >= threshold, vec![bound]))
}

/// Prop. 6 on one AR step: hypotheses (p ≥ 20, R_p > (1+ε+g) r, r above (P6)) and the proof's
/// bound on the decrease of the expected average idle time.
///
/// # Formula
/// ```text
/// decrease ≥ (R_p − r − εr) μ_T − (1+ε) C_max √r σ_T
/// ```
///
/// # Errors
/// As [`ArClaimConstants::min_r_for_idle_decrease`] and [`md_max_idle_claim`].
///
/// # Accuracy
/// As [`ar_range_claim`]: absolute error at most 8u·(R_p μ_T + (1+ε) C_max √r σ_T).
///
/// # Examples
/// ```
/// use loadbal::law::Law;
/// use loadbal::ensemble::{Algorithm, ClaimKind, ClaimOptions, Trigger};
/// let mut r = vec![30u64; 25];
/// r[0] = 0;
/// r[24] = 90;
/// let average = ClaimOptions { kind: ClaimKind::Average, ..ClaimOptions::default() };
/// let c = Algorithm::Ar.idle_claim(&Law::normal(488.1, 116.6).unwrap(), &Trigger::new(r, 0), &average).unwrap();
/// assert!(c.hypotheses_hold && c.guaranteed_decrease > 0.0);
/// ```
pub(crate) fn ar_avg_idle_claim(
    law: &Law,
    r: &[u64],
    idle: usize,
    constants: ArClaimConstants,
) -> Result<IdleClaim, EnsembleError> {
    let rp = max_other(r, idle)? as f64;
    let threshold = constants.min_r_for_idle_decrease(law)?;
    let ((mu_t, sigma_t), ArClaimConstants { eps, c_max, g }) = (task_moments(law)?, constants);
    check_total(r.iter().copied())?;
    let p = r.len() as u64;
    let rr = (r.iter().sum::<u64>() / p) as f64;
    let bound = (rp - rr - eps * rr) * mu_t - (1.0 + eps) * c_max * rr.sqrt() * sigma_t;
    Ok(claim(p >= 20 && rp > (1.0 + eps + g) * rr && rr >= threshold, vec![bound]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_g39_g42() {
        let k = ArClaimConstants::default();
        let m = k.min_rp_for_range_decrease(&Law::normal(152.0, 191.1).unwrap()).unwrap();
        assert!((m / 156.4194 - 1.0).abs() < 1e-4);
        let r = k.min_r_for_idle_decrease(&Law::normal(152.0, 191.1).unwrap()).unwrap();
        assert!((r / 33.0983 - 1.0).abs() < 1e-4);
        assert!(((1.04 + 1.0) * r / 67.5206 - 1.0).abs() < 1e-4);
    }

    #[test]
    fn errors() {
        assert!(
            ArClaimConstants { eps: 0.5, ..Default::default() }
                .min_rp_for_range_decrease(&Law::normal(1.0, 1.0).unwrap())
                .is_err()
        );
        assert!(
            ArClaimConstants { g: 0.0, ..Default::default() }
                .min_r_for_idle_decrease(&Law::normal(1.0, 1.0).unwrap())
                .is_err()
        );
        assert!(md_max_idle_claim(1.0, &[1, 2], 0).is_err());
        assert!(rp_avg_idle_claim(1.0, &[0, 2], 0, 0).is_err());
        assert!(nr_max_idle_claim(&[0, 2], &[]).is_err());
    }
}
