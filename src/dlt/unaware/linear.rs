//! Linear daisy chains with unknown speeds (Jia, Chapter 2): the phase-1 closed forms of
//! ESS and WCS(2) (eqs. 2.5–2.11, 2.20–2.30), the phased strategies ESS = WCS(1), WCS(k) and
//! the pureDLT baseline.

use super::error::{UnawareError, positive, unit_open};
use super::probing::{partition_pi, probe_times_linear};
use crate::dlt::{CostScale, DaisyChain, Options, chain_allocate};

/// Phase_1 of ESS (root P_1 with w_1 = K and the first responder P_j).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ess1 {
    /// α_1^1, the root's fraction (2.9).
    pub alpha_root: f64,
    /// α_j^1.
    pub alpha_j: f64,
    /// T_j^p, the trigger time (2.8).
    pub trigger: f64,
    /// L_1', the part of L_1 left when the first PTC arrives (2.7).
    pub l1_prime: f64,
    /// T_1, the phase duration (2.10)–(2.11).
    pub duration: f64,
}

/// ESS phase_1: P_j (cumulative link parameter `z1j`, inverse speed `wj`) is the first to
/// report; the rest of L_1 is split between P_1 and P_j.
///
/// # Formula
/// ```text
/// T_j^p = η·L·(z_1j·T_cm + w_j·T_cp)                          (2.8)
/// L_1' = L_1 − T_j^p/(K·T_cp)                                (2.7)
/// α_1 = (z_1j·T_cm + w_j·T_cp)/(z_1j·T_cm + w_j·T_cp + K·T_cp) (2.9)
/// T_1 = α_1·L_1'·K·T_cp                                      (2.10)–(2.11)
/// ```
///
/// # Errors
/// [`UnawareError::InvalidParameter`] for a non-positive K, w_j, η·L, L_1, T_cm, T_cp, a
/// negative z_1j, or L_1' ≤ 0 (the root finished L_1 alone; footnote 5 then re-indexes the
/// phases, which [`linear_schedule`] does).
///
/// # Examples
/// Worked example: K = 4.5, z_1j = 0.5, w_j = 2.5, η·L = 3, L_1 = 7 → T_1 = 17.6379310.
/// ```
/// let e = loadbal::dlt::unaware::ess_phase1(4.5, 1.0, 2.0, 0.5, 2.5, 3.0, 7.0).unwrap();
/// assert!((e.duration - 17.6379310).abs() < 1e-7);
/// assert!((e.alpha_root - 5.5 / 14.5).abs() < 1e-12);
/// ```
pub fn ess_phase1(
    k_root: f64,
    t_cm: f64,
    t_cp: f64,
    z1j: f64,
    wj: f64,
    eta_l: f64,
    l1: f64,
) -> Result<Ess1, UnawareError> {
    positive("k_root", k_root)?;
    positive("t_cm", t_cm)?;
    positive("t_cp", t_cp)?;
    super::error::non_negative("z1j", z1j)?;
    positive("wj", wj)?;
    positive("eta_l", eta_l)?;
    positive("l1", l1)?;
    let b = super::error::finite_out("z1j·T_cm + wj·T_cp", z1j * t_cm + wj * t_cp)?;
    let trigger = super::error::finite_out("the trigger η·L·β", eta_l * b)?;
    let l1_prime = positive("l1_prime", l1 - trigger / (k_root * t_cp))?;
    let alpha_root = b / (b + k_root * t_cp);
    let duration = super::error::finite_out("the phase-1 duration", alpha_root * l1_prime * k_root * t_cp)?;
    super::error::finite_out("alpha_root", alpha_root)?;
    Ok(Ess1 { alpha_root, alpha_j: 1.0 - alpha_root, trigger, l1_prime, duration })
}

/// Phase_1 of WCS(2) (root, then P_i and P_j in chain order).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Wcs1 {
    /// α_1^1 (2.23).
    pub alpha_root: f64,
    /// α_i^1.
    pub alpha_i: f64,
    /// α_j^1.
    pub alpha_j: f64,
    /// γ (2.24).
    pub gamma: f64,
    /// max(T_i^p, T_j^p), the trigger.
    pub trigger: f64,
    /// T_1, the phase duration (2.25).
    pub duration: f64,
}

/// WCS(2) phase_1: the two first responders P_i (cumulative link `zi_cum` from the root,
/// inverse speed `wi`) and P_j (link `zj_from_i` from P_i, inverse speed `wj`).
///
/// # Formula
/// ```text
/// λ = T_cm/T_cp,  γ = (ω_j + λ·Z_j)/ω_i                                            (2.24)
/// α_1 = (λ(1+γ)Z_i + γω_i)/(λ(1+γ)Z_i + γω_i + K(γ+1))                             (2.23)
/// α_i = α_1·K·γ/(λ(1+γ)Z_i + γω_i),  α_j = α_i/γ
/// T_1 = K·(L_1 − max(T_i^p, T_j^p)/(K·T_cp))·α_1·T_cp                              (2.25)
/// ```
///
/// # Errors
/// As [`ess_phase1`].
///
/// # Examples
/// Worked example: Z_i = 0.5, ω_i = 2.5, Z_j = 0.3, ω_j = 2.2 → γ = 0.94, T_1 = 11.3988327.
/// ```
/// let w = loadbal::dlt::unaware::wcs2_phase1(4.5, 1.0, 2.0, 0.5, 2.5, 0.3, 2.2, 3.0, 7.0).unwrap();
/// assert!((w.gamma - 0.94).abs() < 1e-12);
/// assert!((w.duration - 11.3988327).abs() < 1e-6);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn wcs2_phase1(
    k_root: f64,
    t_cm: f64,
    t_cp: f64,
    zi_cum: f64,
    wi: f64,
    zj_from_i: f64,
    wj: f64,
    eta_l: f64,
    l1: f64,
) -> Result<Wcs1, UnawareError> {
    positive("k_root", k_root)?;
    positive("t_cm", t_cm)?;
    positive("t_cp", t_cp)?;
    super::error::non_negative("zi_cum", zi_cum)?;
    super::error::non_negative("zj_from_i", zj_from_i)?;
    positive("wi", wi)?;
    positive("wj", wj)?;
    positive("eta_l", eta_l)?;
    positive("l1", l1)?;
    let lam = t_cm / t_cp;
    let gamma = (wj + lam * zj_from_i) / wi;
    let num = lam * (1.0 + gamma) * zi_cum + gamma * wi;
    let alpha_root = num / (num + k_root * (gamma + 1.0));
    let alpha_i = alpha_root * k_root * gamma / num;
    let ti = eta_l * (zi_cum * t_cm + wi * t_cp);
    let tj = eta_l * ((zi_cum + zj_from_i) * t_cm + wj * t_cp);
    let trigger = ti.max(tj);
    let rest = positive("l1_prime", l1 - trigger / (k_root * t_cp))?;
    let out = Wcs1 {
        alpha_root,
        alpha_i,
        alpha_j: alpha_i / gamma,
        gamma,
        trigger,
        duration: k_root * rest * alpha_root * t_cp,
    };
    for (what, v) in [
        ("alpha_root", out.alpha_root),
        ("alpha_i", out.alpha_i),
        ("alpha_j", out.alpha_j),
        ("gamma", out.gamma),
        ("the trigger", out.trigger),
        ("the phase-1 duration", out.duration),
    ] {
        super::error::finite_out(what, v)?;
    }
    Ok(out)
}

/// The critical L_1 at which ESS and WCS end phase_1 together (2.30); above it WCS ends first.
/// `theta_e`, `t_e` are ESS's θ (2.27) and trigger, `theta_w`, `t_w` WCS's (2.29).
///
/// # Formula
/// ```text
/// L_1^c = ((θ_E·t_E − θ_W·t_W)/(K·T_cp) + t_W − t_E)/(θ_E − θ_W)
/// ```
///
/// # Errors
/// [`UnawareError::InvalidParameter`] when θ_E = θ_W (no crossing) or K, T_cp ≤ 0.
///
/// # Examples
/// Worked example: L_1^c = 2.3568734.
/// ```
/// let l = loadbal::dlt::unaware::critical_l1(3.2957746, 15.6, 2.2062257, 16.5, 4.5, 2.0).unwrap();
/// assert!((l - 2.3568734).abs() < 1e-5);
/// ```
pub fn critical_l1(
    theta_e: f64,
    t_e: f64,
    theta_w: f64,
    t_w: f64,
    k_root: f64,
    t_cp: f64,
) -> Result<f64, UnawareError> {
    positive("k_root", k_root)?;
    positive("t_cp", t_cp)?;
    let d = theta_e - theta_w;
    if d == 0.0 || !d.is_finite() {
        return Err(UnawareError::InvalidParameter { name: "theta_e - theta_w", value: d, expected: "non-zero" });
    }
    super::error::finite_out("the critical L_1", ((theta_e * t_e - theta_w * t_w) / (k_root * t_cp) + t_w - t_e) / d)
}

/// A linear chain P_1 – … – P_n: `w[0]` = K is the root's known inverse speed, `z[i]` the link
/// between P_{i+1} and P_{i+2}.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Chain {
    /// Inverse processor speeds (w\[0\] = K).
    pub w: Vec<f64>,
    /// Inverse link speeds (length n − 1).
    pub z: Vec<f64>,
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
    /// Communication intensity constant.
    pub t_cm: f64,
    /// Computation intensity constant.
    pub t_cp: f64,
}

impl ChainConfig {
    /// Tables 2.1–2.2: L = 100, T_cm = 1, T_cp = 2.
    pub fn thesis(eta: f64, eps: f64) -> Self {
        ChainConfig { load: 100.0, eta, eps, t_cm: 1.0, t_cp: 2.0 }
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

/// A chain schedule and its total processing time.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChainSchedule {
    /// Phases in order.
    pub phases: Vec<ChainPhase>,
    /// T_overall (2.19).
    pub finish_time: f64,
}

/// Single-installment distribution of `x` units over the chain members `members` (positions,
/// root first) with lumped links (2.13)–(2.16), by the classical chain solver
/// [`crate::dlt::chain_allocate`] (front-ends). Returns (loads, duration).
pub(super) fn chain_phase(
    chain: &Chain,
    members: &[usize],
    x: f64,
    t_cm: f64,
    t_cp: f64,
) -> Result<(Vec<f64>, f64), UnawareError> {
    let w: Vec<f64> = members.iter().map(|&p| chain.w[p]).collect();
    let big_z: Vec<f64> = members.windows(2).map(|m| chain.z[m[0]..m[1]].iter().sum()).collect();
    if x == 0.0 {
        return Ok((vec![0.0; w.len()], 0.0));
    }
    let chain = DaisyChain { w: &w, z: &big_z, front_end: true };
    let a = chain_allocate(chain, Options::load(x).with_scale(CostScale::new(t_cp, t_cm)?))?;
    Ok((a.alpha, a.makespan))
}

/// Distributes `x` units over a whole chain in one installment (the DLT recursion 2.15–2.16).
///
/// # Formula
/// ```text
/// α_i·w_i·T_cp = α_{i+1}·w_{i+1}·T_cp + Z_{i+1}·T_cm·Σ_{k>i} α_k,  Σ α = 1;  T = α_1·x·w_1·T_cp
/// ```
///
/// # Errors
/// Invalid w, z, T_cm, T_cp, x; [`UnawareError::LengthMismatch`].
///
/// # Examples
/// Worked example: w = (4.5, 2.5, 3, 2), Z = (0.3, 0.5, 0.4), X = 10 → T = 17.6136315.
/// ```
/// use loadbal::dlt::unaware::{chain_distribution, Chain};
/// let c = Chain { w: vec![4.5, 2.5, 3.0, 2.0], z: vec![0.3, 0.5, 0.4] };
/// let (loads, t) = chain_distribution(&c, 10.0, 1.0, 2.0).unwrap();
/// assert!((t - 17.6136315).abs() < 1e-6);
/// assert!((loads[0] - 1.95707).abs() < 1e-5);
/// ```
pub fn chain_distribution(chain: &Chain, x: f64, t_cm: f64, t_cp: f64) -> Result<(Vec<f64>, f64), UnawareError> {
    check_chain(chain)?;
    super::error::non_negative("x", x)?;
    let all: Vec<usize> = (0..chain.w.len()).collect();
    chain_phase(chain, &all, x, t_cm, t_cp)
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

/// WCS(k) on a chain with unknown speeds (§2.3; k = 1 is ESS): probe with η·L, wait for k PTCs,
/// then run the phases of partition Π, each over the root and every processor that has
/// reported, with the silent ones as relays (lumped links 2.13–2.14).
///
/// # Formula
/// ```text
/// t = k-th smallest T^p;  L_1 −= t/(K·T_cp) (footnote 5 re-indexes if L_1 is used up)
/// phase q: A_q = {P_1} ∪ {P_i : T_i^p ≤ t}, duration T_q = α_1·L_q·K·T_cp, t += T_q   (2.12)–(2.19)
/// ```
/// The model ignores port conflicts between the percolating probe and the phase loads, as
/// the thesis does.
///
/// # Errors
/// [`UnawareError::TooFewResponders`] for k = 0 or k ≥ n; the errors of [`partition_pi`] and
/// [`probe_times_linear`].
///
/// # Examples
/// ```
/// use loadbal::dlt::unaware::{linear_schedule, Chain, ChainConfig};
/// let c = Chain { w: vec![4.5, 2.5, 3.0, 2.0, 6.0], z: vec![0.3, 0.5, 0.4, 0.2] };
/// let ess = linear_schedule(&c, &ChainConfig::thesis(0.03, 0.07), 1).unwrap();
/// let wcs = linear_schedule(&c, &ChainConfig::thesis(0.03, 0.07), 2).unwrap();
/// assert!(ess.finish_time > 0.0 && wcs.finish_time > 0.0);
/// ```
pub fn linear_schedule(chain: &Chain, cfg: &ChainConfig, k: usize) -> Result<ChainSchedule, UnawareError> {
    check_chain(chain)?;
    let n = chain.w.len();
    if k == 0 || k >= n {
        return Err(UnawareError::TooFewResponders { k, available: n - 1 });
    }
    let (k_root, eta_l) = (chain.w[0], cfg.eta * cfg.load);
    unit_open("eta", cfg.eta)?;
    let probe = probe_times_linear(eta_l, &chain.z, &chain.w, cfg.t_cm, cfg.t_cp)?;
    let mut phases_load = partition_pi(cfg.load, cfg.eta, cfg.eps, n)?;
    let mut order: Vec<usize> = (1..n).collect();
    order.sort_by(|&a, &b| probe.tp[a].total_cmp(&probe.tp[b]).then(a.cmp(&b)));
    let mut t = probe.tp[order[k - 1]];
    let Some(first) = after_root_work(&mut phases_load, t / (k_root * cfg.t_cp)) else {
        let only = cfg.load * (1.0 - cfg.eta);
        return Ok(ChainSchedule { phases: Vec::new(), finish_time: only * k_root * cfg.t_cp });
    };
    let mut phases = Vec::new();
    for &x in &phases_load[first..] {
        let members: Vec<usize> = (0..n).filter(|&i| i == 0 || probe.tp[i] <= t).collect();
        let (loads, duration) = chain_phase(chain, &members, x, cfg.t_cm, cfg.t_cp)?;
        phases.push(ChainPhase { start: t, duration, load: x, participants: members, loads });
        t += duration;
    }
    Ok(ChainSchedule { phases, finish_time: t })
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
    /// Idle (the reference's default; matches the T-pure column best).
    #[default]
    Idle,
    /// Computes real load until the last PTC.
    Compute,
}

/// The pureDLT baseline (§2.4): wait for all PTCs, then one optimal distribution of the rest
/// over the whole chain.
///
/// # Formula
/// ```text
/// t_0 = max_i T_i^p;  X = L − η·L (− t_0/(K·T_cp) if the root computes while waiting)
/// T = t_0 + X·α_1·K·T_cp
/// ```
///
/// # Errors
/// As [`linear_schedule`].
///
/// # Examples
/// ```
/// use loadbal::dlt::unaware::{pure_dlt, Chain, ChainConfig, RootWhileWaiting};
/// let c = Chain { w: vec![4.5, 2.5], z: vec![0.5] };
/// let t = pure_dlt(&c, &ChainConfig::thesis(0.03, 0.07), RootWhileWaiting::Idle).unwrap();
/// // t_0 = 3·(0.5 + 5) = 16.5; α_1 = 5.5/14.5; T = 16.5 + 97·(5.5/14.5)·9
/// assert!((t - (16.5 + 97.0 * 5.5 / 14.5 * 9.0)).abs() < 1e-9);
/// ```
pub fn pure_dlt(chain: &Chain, cfg: &ChainConfig, root: RootWhileWaiting) -> Result<f64, UnawareError> {
    check_chain(chain)?;
    unit_open("eta", cfg.eta)?;
    positive("load", cfg.load)?;
    let probe = probe_times_linear(cfg.eta * cfg.load, &chain.z, &chain.w, cfg.t_cm, cfg.t_cp)?;
    let t0 = probe.tp.iter().copied().fold(0.0, f64::max);
    let mut x = cfg.load * (1.0 - cfg.eta);
    if root == RootWhileWaiting::Compute {
        x -= t0 / (chain.w[0] * cfg.t_cp);
        if x <= 0.0 {
            return Ok(cfg.load * (1.0 - cfg.eta) * chain.w[0] * cfg.t_cp);
        }
    }
    let (_, d) = chain_distribution(chain, x, cfg.t_cm, cfg.t_cp)?;
    Ok(t0 + d)
}
