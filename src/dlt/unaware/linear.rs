//! Linear daisy chains with unknown speeds (Jia, Chapter 2): the phase-1 closed forms of
//! ESS and WCS(2) (Jia, eqs. (2.5)–(2.11), (2.20)–(2.30)), the phased strategies
//! ESS = WCS(1), WCS(k) and the pureDLT baseline.

use std::fmt;

use super::error::{UnawareError, finite_out, non_negative, positive, unit_open};
use super::probing::{Probe, checked_scale, partition_pi};
use crate::dlt::{Chain, CostScale, Options};

/// Phase_1 of ESS (root P_1 with w_1 = K and the first responder P_j).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ess1 {
    /// α_1^1, the root's fraction (Jia, eq. (2.9)).
    pub alpha_root: f64,
    /// α_j^1 = 1 − α_1^1 (computed as its own quotient, without the subtraction).
    pub alpha_j: f64,
    /// θ_ESS = α_1^1·K·T_cp, the slope of phase_1's end in L_1 (Jia, eq. (2.27)).
    pub theta: f64,
    /// T_j^p, the trigger time (Jia, eq. (2.8)).
    pub trigger: f64,
    /// L_1', the part of L_1 left when the first PTC arrives (Jia, eq. (2.7)).
    pub l1_prime: f64,
    /// T_1, the phase duration (Jia, eqs. (2.10)–(2.11)).
    pub duration: f64,
}

impl fmt::Display for Ess1 {
    /// `ESS phase_1: trigger …, duration …, ends …; α_1 = …, α_j = …, L_1' = …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ESS phase_1: trigger {:.6}, duration {:.6}, ends {:.6}; alpha_1 = {:.6}, alpha_j = {:.6}, L_1' = {:.6}",
            self.trigger,
            self.duration,
            self.trigger + self.duration,
            self.alpha_root,
            self.alpha_j,
            self.l1_prime
        )
    }
}

/// `pair` as the two-processor chain of ESS phase_1: checked lengths and values.
fn check_lumped(chain: &Chain, n: usize, name: &'static str) -> Result<(), UnawareError> {
    if chain.w.len() != n {
        return Err(UnawareError::LengthMismatch { name, got: chain.w.len(), expected: n });
    }
    check_chain(chain)?;
    for &w in &chain.w {
        positive("w", w)?;
    }
    for &z in &chain.z {
        non_negative("z", z)?;
    }
    Ok(())
}

impl Chain {
    /// ESS phase_1 (Jia, eqs. (2.5)–(2.11)): P_j is the first to report; the rest of L_1 is split
    /// between the root P_1 and P_j. `pair` is the lumped two-processor chain
    /// `Chain::new(vec![K, w_j], vec![z_1j])` (z_1j the sum of the links
    /// from P_1 to P_j, Jia, eq. (2.4)).
    ///
    /// # Formula
    /// ```text
    /// T_j^p = η·L·(z_1j·T_cm + w_j·T_cp)                          (2.8)
    /// L_1' = L_1 − T_j^p/(K·T_cp)                                (2.7)
    /// α_1 = (z_1j·T_cm + w_j·T_cp)/(z_1j·T_cm + w_j·T_cp + K·T_cp) (2.9)
    /// T_1 = α_1·L_1'·K·T_cp                                      (2.10)–(2.11)
    /// ```
    ///
    /// # Accuracy
    /// T_j^p, α_1, α_j and θ within 6ε relative (sums of positive terms and quotients);
    /// L_1' and T_1 within 6ε·(1 + 2·L_1/L_1') relative — the subtraction in Jia, eq. (2.7), is as well
    /// conditioned as its inputs allow and no better. Checked against 50-digit references on
    /// speeds over 12 decades (`tests/unaware/unaware_reference.rs`).
    ///
    /// # Errors
    /// [`UnawareError::LengthMismatch`] unless `pair` has two processors;
    /// [`UnawareError::InvalidParameter`] for a non-positive K, w_j, L_1, T_cm, T_cp, a bad probe,
    /// a negative z_1j, or L_1' ≤ 0 (the root finished L_1 alone; footnote 5 then re-indexes the
    /// phases, which [`Chain::phased_schedule`](crate::dlt::Chain::phased_schedule) does).
    ///
    /// # Examples
    /// Jia's worked example: K = 4.5, z_1j = 0.5, w_j = 2.5, η·L = 3, L_1 = 7 → T_1 = 17.6379310.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Probe};
    ///
    /// use loadbal::dlt::Chain;
    /// let pair = Chain::new(vec![4.5, 2.5], vec![0.5]);
    /// let scale = CostScale::new(2.0, 1.0).unwrap();
    /// let e = pair.ess_phase1(Probe { load: 100.0, eta: 0.03 }, 7.0, scale).unwrap();
    /// assert!((e.duration - 17.6379310).abs() < 1e-7);
    /// assert!((e.alpha_root - 5.5 / 14.5).abs() < 1e-12);
    /// ```
    pub fn ess_phase1(&self, probe: Probe, l1: f64, scale: CostScale) -> Result<Ess1, UnawareError> {
        let pair = self;
        check_lumped(pair, 2, "pair.w")?;
        let eta_l = probe.size()?;
        let (t_cm, t_cp) = checked_scale(scale)?;
        positive("l1", l1)?;
        let (k_root, z1j, wj) = (pair.w[0], pair.z[0], pair.w[1]);
        let kappa = finite_out("K·T_cp", k_root * t_cp)?;
        let b = finite_out("z1j·T_cm + wj·T_cp", z1j * t_cm + wj * t_cp)?;
        let trigger = finite_out("the trigger η·L·β", eta_l * b)?;
        let l1_prime = positive("l1_prime", l1 - trigger / kappa)?;
        let (alpha_root, alpha_j) = (b / (b + kappa), kappa / (b + kappa));
        let theta = finite_out("theta", alpha_root * kappa)?;
        let duration = finite_out("the phase-1 duration", theta * l1_prime)?;
        positive("alpha_root", alpha_root)?;
        positive("alpha_j", alpha_j)?;
        Ok(Ess1 { alpha_root, alpha_j, theta, trigger, l1_prime, duration })
    }
}

/// Phase_1 of WCS(2) (root, then P_i and P_j in chain order).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Wcs1 {
    /// α_1^1 (Jia, eq. (2.23)).
    pub alpha_root: f64,
    /// α_i^1.
    pub alpha_i: f64,
    /// α_j^1.
    pub alpha_j: f64,
    /// γ (Jia, eq. (2.24)).
    pub gamma: f64,
    /// θ_WCS = α_1^1·K·T_cp, the slope of phase_1's end in L_1 (Jia, eq. (2.29)).
    pub theta: f64,
    /// max(T_i^p, T_j^p), the trigger.
    pub trigger: f64,
    /// T_1, the phase duration (Jia, eq. (2.25)).
    pub duration: f64,
}

impl fmt::Display for Wcs1 {
    /// `WCS(2) phase_1: trigger …, duration …, ends …; α_1 = …, α_i = …, α_j = …, γ = …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "WCS(2) phase_1: trigger {:.6}, duration {:.6}, ends {:.6}; alpha_1 = {:.6}, alpha_i = {:.6}, alpha_j = {:.6}, gamma = {:.6}",
            self.trigger,
            self.duration,
            self.trigger + self.duration,
            self.alpha_root,
            self.alpha_i,
            self.alpha_j,
            self.gamma
        )
    }
}

impl Chain {
    /// WCS(2) phase_1 (Jia, eqs. (2.20)–(2.25)): the two first responders P_i and P_j share the
    /// rest of L_1 with the root. `triple` is the lumped chain
    /// `Chain::new(vec![K, ω_i, ω_j], vec![Z_i, Z_j])`: Z_i the links from the root to P_i,
    /// Z_j those from P_i to P_j (Jia, eq. (2.13)).
    ///
    /// # Formula
    /// ```text
    /// λ = T_cm/T_cp,  γ = (ω_j + λ·Z_j)/ω_i                                            (2.24)
    /// α_1 = (λ(1+γ)Z_i + γω_i)/(λ(1+γ)Z_i + γω_i + K(γ+1))                             (2.23)
    /// α_i = α_1·K·γ/(λ(1+γ)Z_i + γω_i),  α_j = α_i/γ
    /// T_1 = K·(L_1 − max(T_i^p, T_j^p)/(K·T_cp))·α_1·T_cp                              (2.25)
    /// ```
    ///
    /// # Accuracy
    /// γ, the α's, θ and the trigger within 12ε relative (no cancellation); T_1 within
    /// 12ε·(1 + 2·L_1/L_1') relative, L_1' = L_1 − trigger/(K·T_cp). Checked against 50-digit
    /// references on speeds over 12 decades (`tests/unaware/unaware_reference.rs`).
    ///
    /// # Errors
    /// [`UnawareError::LengthMismatch`] unless `triple` has three processors; otherwise as
    /// [`Chain::ess_phase1`](crate::dlt::Chain::ess_phase1).
    ///
    /// # Examples
    /// Jia's worked example: Z_i = 0.5, ω_i = 2.5, Z_j = 0.3, ω_j = 2.2 → γ = 0.94, T_1 = 11.3988327.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Probe};
    ///
    /// use loadbal::dlt::Chain;
    /// let triple = Chain::new(vec![4.5, 2.5, 2.2], vec![0.5, 0.3]);
    /// let scale = CostScale::new(2.0, 1.0).unwrap();
    /// let w = triple.wcs2_phase1(Probe { load: 100.0, eta: 0.03 }, 7.0, scale).unwrap();
    /// assert!((w.gamma - 0.94).abs() < 1e-12);
    /// assert!((w.duration - 11.3988327).abs() < 1e-6);
    /// ```
    pub fn wcs2_phase1(&self, probe: Probe, l1: f64, scale: CostScale) -> Result<Wcs1, UnawareError> {
        let triple = self;
        check_lumped(triple, 3, "triple.w")?;
        let eta_l = probe.size()?;
        let (t_cm, t_cp) = checked_scale(scale)?;
        positive("l1", l1)?;
        let (k_root, wi, wj, zi_cum, zj_from_i) = (triple.w[0], triple.w[1], triple.w[2], triple.z[0], triple.z[1]);
        let lam = t_cm / t_cp;
        let gamma = (wj + lam * zj_from_i) / wi;
        let num = lam * (1.0 + gamma) * zi_cum + gamma * wi;
        let alpha_root = num / (num + k_root * (gamma + 1.0));
        let alpha_i = alpha_root * k_root * gamma / num;
        let ti = eta_l * (zi_cum * t_cm + wi * t_cp);
        let tj = eta_l * ((zi_cum + zj_from_i) * t_cm + wj * t_cp);
        let trigger = ti.max(tj);
        let kappa = finite_out("K·T_cp", k_root * t_cp)?;
        let rest = positive("l1_prime", l1 - trigger / kappa)?;
        let theta = alpha_root * kappa;
        let out = Wcs1 { alpha_root, alpha_i, alpha_j: alpha_i / gamma, gamma, theta, trigger, duration: theta * rest };
        for (what, v) in [
            ("alpha_root", out.alpha_root),
            ("alpha_i", out.alpha_i),
            ("alpha_j", out.alpha_j),
            ("gamma", out.gamma),
            ("theta", out.theta),
            ("the trigger", out.trigger),
            ("the phase-1 duration", out.duration),
        ] {
            finite_out(what, v)?;
        }
        Ok(out)
    }
}

impl Chain {
    /// The critical L_1 at which ESS and WCS(2) end phase_1 together (Jia, eq. (2.30)); above it
    /// WCS ends first. `triple` is the chain of [`Chain::wcs2_phase1`](crate::dlt::Chain::wcs2_phase1); ESS uses the first of its two
    /// responders (for ESS's P_j, the lumped link is Z_i, or Z_i + Z_j).
    ///
    /// # Formula
    /// ```text
    /// L_1^c = ((θ_E·t_E − θ_W·t_W)/(K·T_cp) + t_W − t_E)/(θ_E − θ_W)             (2.30)
    /// ```
    /// with θ_E, t_E of ESS (Jia, eq. (2.27)) and θ_W, t_W of WCS (Jia, eq. (2.29)). Substituting
    /// Jia, eqs. (2.23)–(2.27), with B_i = λZ_i + ω_i and B_j = λ(Z_i + Z_j) + ω_j (the responders'
    /// β/T_cp, Jia, eq. (2.3)), the
    /// differences cancel symbolically (θ_E − θ_W is K·T_cp·K·γ²ω_i or K·T_cp·K·ω_i over positive
    /// factors, so it never vanishes) and this function evaluates the equivalent form
    /// ```text
    /// γ ≤ 1 (P_j first):  L_1^c = η·L·((1 − γ)(1 + γ) + B_j/K)/γ²
    /// γ > 1 (P_i first):  L_1^c = η·L·((γ − 1)(γ + 1) + γ²·B_i/K)
    /// ```
    /// where 1 − γ = (ω_i − ω_j − λZ_j)/ω_i is the only subtraction.
    ///
    /// # Accuracy
    /// Within 16ε·(1 + min(K/B_E, 1/δ)) relative, B_E = min(B_i, B_j) and δ = |B_i − B_j|/max(B_i, B_j)
    /// the relative gap between the two triggers: when the root is not much slower than the first
    /// responder, or the two responders are not nearly tied, a few ε; Jia, eq. (2.30), evaluated as
    /// printed loses all digits when θ_E ≈ θ_W. Checked against (2.30) at 50 digits on speeds over 12 decades
    /// (`tests/unaware/unaware_reference.rs`).
    ///
    /// # Errors
    /// As [`Chain::wcs2_phase1`](crate::dlt::Chain::wcs2_phase1) (without L_1); [`UnawareError::Overflow`] if the result is not finite.
    ///
    /// # Examples
    /// Jia's worked example (ESS on P_j with z = 0.8, w = 2.2; WCS on P_i, P_j): L_1^c = 2.3568734.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Probe};
    ///
    /// use loadbal::dlt::Chain;
    /// let triple = Chain::new(vec![4.5, 2.5, 2.2], vec![0.5, 0.3]);
    /// let scale = CostScale::new(2.0, 1.0).unwrap();
    /// let l = triple.critical_l1(Probe { load: 100.0, eta: 0.03 }, scale).unwrap();
    /// assert!((l - 2.3568734).abs() < 1e-7);
    /// ```
    pub fn critical_l1(&self, probe: Probe, scale: CostScale) -> Result<f64, UnawareError> {
        let triple = self;
        check_lumped(triple, 3, "triple.w")?;
        let eta_l = probe.size()?;
        let (t_cm, t_cp) = checked_scale(scale)?;
        let (k_root, wi, wj, zi, zj) = (triple.w[0], triple.w[1], triple.w[2], triple.z[0], triple.z[1]);
        let lam = t_cm / t_cp;
        let s = wj + lam * zj;
        let gamma = s / wi;
        let out = if wi >= s {
            // γ ≤ 1: P_j responds first.
            let one_minus = (wi - s) / wi;
            let bj = lam * (zi + zj) + wj;
            eta_l * (one_minus * (1.0 + gamma) + bj / k_root) / (gamma * gamma)
        } else {
            let minus_one = (s - wi) / wi;
            let bi = lam * zi + wi;
            eta_l * (minus_one * (gamma + 1.0) + gamma * gamma * (bi / k_root))
        };
        if out > 0.0 {
            finite_out("the critical L_1", out)
        } else {
            Err(UnawareError::Overflow { what: "the critical L_1", value: out })
        }
    }
}

/// Parameters of the Chapter 2 strategies.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChainConfig {
    /// Total load L.
    pub load: f64,
    /// Probe fraction η ∈ (0, 1).
    pub eta: f64,
    /// First-phase fraction ε ∈ (0, 1), ε ≥ η.
    pub eps: f64,
    /// Unit times T_cp and T_cm.
    pub scale: CostScale,
}

impl ChainConfig {
    /// The probe: L and η.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{ChainConfig, Probe};
    /// let cfg = ChainConfig { load: 100.0, eta: 0.03, eps: 0.1, scale: CostScale::unit() };
    /// assert_eq!(cfg.probe(), Probe { load: 100.0, eta: 0.03 });
    /// assert!((cfg.probe().size().unwrap() - 3.0).abs() < 1e-15);
    /// ```
    pub fn probe(&self) -> Probe {
        Probe { load: self.load, eta: self.eta }
    }
}

/// One phase of a chain schedule.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChainPhase {
    /// Start time.
    pub start: f64,
    /// Duration.
    pub duration: f64,
    /// Phase load.
    pub load: f64,
    /// Participating processors (0-based chain positions, root first).
    pub participants: Vec<usize>,
    /// Load per participant, same order.
    pub loads: Vec<f64>,
}

impl fmt::Display for ChainPhase {
    /// `load X on k processors [..]: t0 → t1 (duration d)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who: Vec<String> = self.participants.iter().take(8).map(|p| format!("P_{}", p + 1)).collect();
        write!(
            f,
            "load {:.6} on {} processors [{}{}]: {:.6} -> {:.6} (duration {:.6})",
            self.load,
            self.participants.len(),
            who.join(", "),
            if self.participants.len() > 8 { ", ..." } else { "" },
            self.start,
            self.start + self.duration,
            self.duration
        )
    }
}

/// A chain schedule and its total processing time.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChainSchedule {
    /// Phases in order.
    pub phases: Vec<ChainPhase>,
    /// T_overall (Jia, eq. (2.19)).
    pub finish_time: f64,
}

impl fmt::Display for ChainSchedule {
    /// `T_overall = … in m phases`, then one line per phase.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "T_overall = {:.6} in {} phases", self.finish_time, self.phases.len())?;
        for (q, p) in self.phases.iter().enumerate() {
            write!(f, "\n  phase {}: {p}", q + 1)?;
        }
        Ok(())
    }
}

/// Single-installment distribution of `x` units over the chain members `members` (positions,
/// root first) with lumped links (Jia, eqs. (2.13)–(2.16)), by the classical chain solver
/// [`crate::dlt::Chain::allocate`] (front-ends). Returns (loads, duration).
pub(super) fn chain_phase(
    chain: &Chain,
    members: &[usize],
    x: f64,
    scale: CostScale,
) -> Result<(Vec<f64>, f64), UnawareError> {
    let w: Vec<f64> = members.iter().map(|&p| chain.w[p]).collect();
    let big_z: Vec<f64> = members.windows(2).map(|m| chain.z[m[0]..m[1]].iter().sum()).collect();
    if x == 0.0 {
        return Ok((vec![0.0; w.len()], 0.0));
    }
    let chain = Chain::new(w, big_z);
    let a = chain.allocate(Options::load(x).with_scale(scale))?;
    Ok((a.alpha, a.makespan))
}

impl Chain {
    /// Distributes `x` units over a whole chain in one installment from t = 0 (the DLT recursion,
    /// Jia, eqs. (2.15)–(2.16)).
    ///
    /// # Formula
    /// ```text
    /// α_i·w_i·T_cp = α_{i+1}·w_{i+1}·T_cp + Z_{i+1}·T_cm·Σ_{k>i} α_k,  Σ α = 1;  T = α_1·x·w_1·T_cp
    /// ```
    ///
    /// # Accuracy
    /// As [`crate::dlt::Chain::allocate`]: sums and products of positive terms, within 4·n·ε
    /// relative (n processors).
    ///
    /// # Errors
    /// Invalid w, z, T_cm, T_cp, x; [`UnawareError::LengthMismatch`].
    ///
    /// # Examples
    /// Jia's worked example: w = (4.5, 2.5, 3, 2), Z = (0.3, 0.5, 0.4), X = 10 → T = 17.6136315.
    /// ```
    /// use loadbal::dlt::CostScale;
    ///
    ///
    /// use loadbal::dlt::Chain;
    /// let c = Chain::new(vec![4.5, 2.5, 3.0, 2.0], vec![0.3, 0.5, 0.4]);
    /// let phase = c.front_end_distribution(10.0, CostScale::new(2.0, 1.0).unwrap()).unwrap();
    /// assert!((phase.duration - 17.6136315).abs() < 1e-6);
    /// assert!((phase.loads[0] - 1.95707).abs() < 1e-5);
    /// assert_eq!(
    ///     phase.to_string(),
    ///     "load 10.000000 on 4 processors [P_1, P_2, P_3, P_4]: 0.000000 -> 17.613632 (duration 17.613632)"
    /// );
    /// ```
    pub fn front_end_distribution(&self, x: f64, scale: CostScale) -> Result<ChainPhase, UnawareError> {
        let chain = self;
        check_chain(chain)?;
        non_negative("x", x)?;
        let all: Vec<usize> = (0..chain.w.len()).collect();
        let (loads, duration) = chain_phase(chain, &all, x, scale)?;
        Ok(ChainPhase { start: 0.0, duration, load: x, participants: all, loads })
    }
}

pub(super) fn check_chain(chain: &Chain) -> Result<(), UnawareError> {
    if chain.w.is_empty() {
        return Err(UnawareError::EmptyNetwork);
    }
    if chain.z.len() + 1 != chain.w.len() {
        return Err(UnawareError::LengthMismatch { name: "z", got: chain.z.len(), expected: chain.w.len() - 1 });
    }
    Ok(())
}

impl Chain {
    /// WCS(k) on a chain with unknown speeds (Jia, §2.3; k = 1 is ESS): probe with η·L, wait for k PTCs,
    /// then run the phases of partition Π, each over the root and every processor that has
    /// reported, with the silent ones as relays (lumped links, Jia, eqs. (2.13)–(2.14)).
    ///
    /// # Formula
    /// ```text
    /// t = k-th smallest T^p;  L_1 −= t/(K·T_cp) (footnote 5 re-indexes if L_1 is used up)
    /// phase q: A_q = {P_1} ∪ {P_i : T_i^p ≤ t}, duration T_q = α_1·L_q·K·T_cp, t += T_q   (2.12)–(2.19)
    /// ```
    /// The model ignores port conflicts between the percolating probe and the phase loads, as
    /// the thesis does.
    ///
    /// # Accuracy
    /// Each phase as [`Chain::front_end_distribution`](crate::dlt::Chain::front_end_distribution) (4·n·ε relative); T_overall, the trigger plus m positive
    /// durations, within (4·n + m)·ε relative, except that the first phase's load carries the
    /// cancellation of Jia, eq. (2.7) (see [`Chain::ess_phase1`](crate::dlt::Chain::ess_phase1)). Tested against the event-engine run
    /// [`Chain::run_unaware`](crate::dlt::Chain::run_unaware) to 1e-9 relative.
    ///
    /// # Errors
    /// [`UnawareError::TooFewResponders`] for k = 0 or k ≥ n; the errors of [`Probe::partition`] and
    /// [`Chain::probe_times`](crate::dlt::Chain::probe_times).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{ChainConfig};
    ///
    /// use loadbal::dlt::Chain;
    /// let c = Chain::new(vec![4.5, 2.5, 3.0, 2.0, 6.0], vec![0.3, 0.5, 0.4, 0.2]);
    /// let ess = c.phased_schedule(&ChainConfig { load: 100.0, eta: 0.03, eps: 0.07, scale: CostScale::new(2.0, 1.0).unwrap() }, 1).unwrap();
    /// let wcs = c.phased_schedule(&ChainConfig { load: 100.0, eta: 0.03, eps: 0.07, scale: CostScale::new(2.0, 1.0).unwrap() }, 2).unwrap();
    /// assert!(ess.finish_time > 0.0 && wcs.finish_time > 0.0);
    /// ```
    pub fn phased_schedule(&self, cfg: &ChainConfig, k: u64) -> Result<ChainSchedule, UnawareError> {
        let chain = self;
        check_chain(chain)?;
        let n = chain.w.len();
        if k == 0 || k >= n as u64 {
            return Err(UnawareError::TooFewResponders { k, available: (n - 1) as u64 });
        }
        // k < n, a length: it fits.
        let k = k as usize;
        let k_root = chain.w[0];
        let t_cp = checked_scale(cfg.scale)?.1;
        unit_open("eta", cfg.eta)?;
        let probe = chain.probe_times(cfg.probe(), cfg.scale)?;
        let mut phases_load = partition_pi(cfg.load, cfg.eta, cfg.eps, n as u64)?;
        let mut order: Vec<usize> = (1..n).collect();
        order.sort_by(|&a, &b| probe.tp[a].total_cmp(&probe.tp[b]).then(a.cmp(&b)));
        let mut t = probe.tp[order[k - 1]];
        let Some(first) = after_root_work(&mut phases_load, t / (k_root * t_cp)) else {
            let only = cfg.load * (1.0 - cfg.eta);
            return Ok(ChainSchedule { phases: Vec::new(), finish_time: only * k_root * t_cp });
        };
        let mut phases = Vec::new();
        for &x in &phases_load[first..] {
            let members: Vec<usize> = (0..n).filter(|&i| i == 0 || probe.tp[i] <= t).collect();
            let (loads, duration) = chain_phase(chain, &members, x, cfg.scale)?;
            phases.push(ChainPhase { start: t, duration, load: x, participants: members, loads });
            t += duration;
        }
        Ok(ChainSchedule { phases, finish_time: t })
    }
}

/// Removes the `done` units the root computed before the trigger from the phase loads, from the
/// first phase on (footnote 5 re-indexes the phases when L_1 is used up). Returns the index of
/// the first phase left, or `None` if the root computed everything.
pub(super) fn after_root_work(phases: &mut [f64], mut done: f64) -> Option<usize> {
    let mut first = 0;
    while first < phases.len() && done >= phases[first] {
        done -= phases[first];
        first += 1;
    }
    if first == phases.len() {
        return None;
    }
    phases[first] -= done;
    Some(first)
}

/// What the root does while pureDLT waits for every PTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RootWhileWaiting {
    /// Idle (the default; matches the T-pure column of Jia, Tables 2.1–2.2, best).
    #[default]
    Idle,
    /// Computes real load until the last PTC.
    Compute,
}

impl Chain {
    /// The pureDLT baseline (Jia, §2.4): wait for all PTCs, then one optimal distribution of the rest
    /// over the whole chain.
    ///
    /// # Formula
    /// ```text
    /// t_0 = max_i T_i^p;  X = L − η·L (− t_0/(K·T_cp) if the root computes while waiting)
    /// T = t_0 + X·α_1·K·T_cp
    /// ```
    ///
    /// # Accuracy
    /// The latest PTC plus one [`Chain::front_end_distribution`](crate::dlt::Chain::front_end_distribution): within (4·n + 2)·ε relative (root idle); with
    /// the root computing while it waits, X carries the cancellation ε·L/X. Tested against
    /// [`Chain::run_unaware`](crate::dlt::Chain::run_unaware) to 1e-9 relative.
    ///
    /// # Errors
    /// As [`Chain::phased_schedule`](crate::dlt::Chain::phased_schedule).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{ChainConfig, RootWhileWaiting};
    ///
    /// use loadbal::dlt::Chain;
    /// let c = Chain::new(vec![4.5, 2.5], vec![0.5]);
    /// let t = c.pure_dlt(&ChainConfig { load: 100.0, eta: 0.03, eps: 0.07, scale: CostScale::new(2.0, 1.0).unwrap() }, RootWhileWaiting::Idle).unwrap();
    /// // t_0 = 3·(0.5 + 5) = 16.5; α_1 = 5.5/14.5; T = 16.5 + 97·(5.5/14.5)·9
    /// assert!((t - (16.5 + 97.0 * 5.5 / 14.5 * 9.0)).abs() < 1e-9);
    /// ```
    pub fn pure_dlt(&self, cfg: &ChainConfig, root: RootWhileWaiting) -> Result<f64, UnawareError> {
        let chain = self;
        check_chain(chain)?;
        unit_open("eta", cfg.eta)?;
        positive("load", cfg.load)?;
        let probe = chain.probe_times(cfg.probe(), cfg.scale)?;
        let t_cp = cfg.scale.t_cp();
        let t0 = probe.tp.iter().copied().fold(0.0, f64::max);
        let mut x = cfg.load * (1.0 - cfg.eta);
        if root == RootWhileWaiting::Compute {
            x -= t0 / (chain.w[0] * t_cp);
            if x <= 0.0 {
                return Ok(cfg.load * (1.0 - cfg.eta) * chain.w[0] * t_cp);
            }
        }
        let d = chain.front_end_distribution(x, cfg.scale)?.duration;
        Ok(t0 + d)
    }
}
