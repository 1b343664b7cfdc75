//! Multi-installment distribution on a homogeneous star/bus (reference §7; the structure of
//! Bharadwaj, Ghose & Mani 1995 as reconstructed there: no idle time after a worker's first
//! chunk, and equal finish).

use super::engine::{Action, Network, Node, Trace, simulate};
use super::error::{DltError, homogeneous, positive};
use super::types::CostScale;

/// A multi-installment schedule.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MiSolution {
    /// `chunks[j][i]`: load of worker `i` in installment `j` (sent round-robin, installment by
    /// installment).
    pub chunks: Vec<Vec<f64>>,
    /// Load the root computes (front-end root), 0 for a non-computing root.
    pub root_alpha: f64,
    /// Finish time.
    pub makespan: f64,
    /// Inverse speed of the equivalent processor: `makespan/(load·T_cp)`.
    pub w_equivalent: f64,
}

fn check(m: usize, w: f64, z: f64, load: f64, root_w: Option<f64>, scale: CostScale) -> Result<(), DltError> {
    homogeneous(scale, w, z, load)?;
    if let Some(w0) = root_w {
        positive("root w", 0, w0)?;
    }
    if m == 0 {
        return Err(DltError::Empty { what: "no workers" });
    }
    Ok(())
}

/// Multi-installment distribution of `load` to `m` identical workers in `n` installments, the
/// root not computing (`root_w = None`) or computing with a front-end (reference §7.1).
///
/// # Formula
/// ```text
/// chunks s_1..s_N (N = n·m) sent round-robin; backward from s_N = 1:
/// (MI-2) a·s_p = (a + c)·s_{p+1}            last installment
/// (MI-1) a·s_p = c·(s_{p+1} + … + s_{p+m})  earlier chunks (next chunk of the worker arrives as it ends)
/// (MI-3) T = c·Σ s_p + a·s_N;  (MI-4) Σ s_p + α_0 = L with α_0 = T/a_0; rescale to the load
/// ```
///
/// # Errors
/// Bad values; [`DltError::Empty`] for `m = 0`; [`DltError::InvalidArgument`] for `n = 0`.
///
/// ```
/// use loadbal::dlt::{multi_installment, bus_homogeneous, CostScale, RootMode};
/// // One installment is the single-round bus.
/// let mi = multi_installment(4, 1, 1.0, 0.2, 1.0, None, CostScale::unit()).unwrap();
/// let bus = bus_homogeneous(RootMode::NonComputing, 4, 1.0, 0.2, CostScale::unit(), 1.0).unwrap();
/// assert!((mi.makespan - bus.makespan).abs() < 1e-15);
/// ```
pub fn multi_installment(
    m: usize,
    n: usize,
    w: f64,
    z: f64,
    load: f64,
    root_w: Option<f64>,
    scale: CostScale,
) -> Result<MiSolution, DltError> {
    check(m, w, z, load, root_w, scale)?;
    if n == 0 {
        return Err(DltError::InvalidArgument { what: "the number of installments must be >= 1, got 0".into() });
    }
    let (a, c) = (w * scale.t_cp, z * scale.t_cm);
    let big_n = n * m;
    let mut s = vec![0.0; big_n];
    s[big_n - 1] = 1.0;
    let mut window = 1.0; // Σ s[p+1..=p+m] (0-based, clipped at N), maintained as p decreases
    for p in (0..big_n - 1).rev() {
        s[p] = if p + m >= big_n { (a + c) / a * s[p + 1] } else { c / a * window };
        window += s[p];
        if p + m < big_n {
            window -= s[p + m];
        }
        if s[p] > 1e150 {
            // Rescale everything computed so far (the recursion is linear).
            for x in &mut s[p..] {
                *x *= 1e-150;
            }
            window *= 1e-150;
        }
    }
    let total: f64 = s.iter().sum();
    let t = c * total + a * s[big_n - 1];
    let root = root_w.map_or(0.0, |w0| t / (w0 * scale.t_cp));
    let f = load / (total + root);
    let chunks = s.chunks(m).map(|row| row.iter().map(|x| x * f).collect()).collect();
    let sol = MiSolution { chunks, root_alpha: root * f, makespan: t * f, w_equivalent: t * f / (load * scale.t_cp) };
    super::error::finite_result(sol.makespan, sol.chunks.iter().flatten().chain([&sol.root_alpha]))?;
    Ok(sol)
}

/// Limit of the multi-installment makespan as the number of installments grows (reference §7.2).
///
/// # Formula
/// ```text
/// T_∞ = L / ( [1/a_0] + min(m/a, 1/c) )       (non-computing root: L·max(a/m, c))
/// ```
///
/// # Errors
/// As [`multi_installment`].
///
/// ```
/// use loadbal::dlt::{multi_installment_limit, CostScale};
/// // m = 4, a = 1, c = 0.2: compute bound, T_∞ = a/m = 0.25.
/// assert_eq!(multi_installment_limit(4, 1.0, 0.2, 1.0, None, CostScale::unit()).unwrap(), 0.25);
/// ```
pub fn multi_installment_limit(
    m: usize,
    w: f64,
    z: f64,
    load: f64,
    root_w: Option<f64>,
    scale: CostScale,
) -> Result<f64, DltError> {
    check(m, w, z, load, root_w, scale)?;
    let (a, c) = (w * scale.t_cp, z * scale.t_cm);
    let root = root_w.map_or(0.0, |w0| 1.0 / (w0 * scale.t_cp));
    Ok(load / (root + (m as f64 / a).min(1.0 / c)))
}

/// Geometric-round multi-round schedule (UMR-style, zero latencies; reference §7.3): every
/// worker gets `γ_j` in round `j = 0..M−1`, with the sends of round `j + 1` lasting one chunk
/// computation of round `j`. Simpler than [`multi_installment`] but worse for a fixed number
/// of rounds. Returns the chunks in the same layout (`chunks[j][i] = γ_j`); the root does not
/// compute.
///
/// # Formula
/// ```text
/// θ = a/(m·c);  γ_j = γ_0·θ^j;  γ_0 = (L/m)·(θ − 1)/(θ^M − 1)  (θ ≠ 1),  L/(m·M)  (θ = 1)
/// T = a·L/m + m·c·γ_0 = a·L/m + c·L·(θ − 1)/(θ^M − 1)
/// ```
///
/// # Errors
/// As [`multi_installment`].
///
/// ```
/// use loadbal::dlt::{umr_rounds, CostScale};
/// // Reference §7.3: m = 4, σ = 0.2, three rounds: T = 0.3025 (multi-installment: 0.2791).
/// let u = umr_rounds(4, 3, 1.0, 0.2, 1.0, CostScale::unit()).unwrap();
/// assert!((u.makespan - 0.3025).abs() < 5e-5);
/// ```
pub fn umr_rounds(
    m: usize,
    rounds: usize,
    w: f64,
    z: f64,
    load: f64,
    scale: CostScale,
) -> Result<MiSolution, DltError> {
    check(m, w, z, load, None, scale)?;
    if rounds == 0 {
        return Err(DltError::InvalidArgument { what: "the number of rounds must be >= 1, got 0".into() });
    }
    let (a, c) = (w * scale.t_cp, z * scale.t_cm);
    let mf = m as f64;
    // Weights θ^j normalised in log space (θ may be huge or tiny; c = 0 puts everything last).
    let weights: Vec<f64> = if c == 0.0 {
        (0..rounds).map(|j| if j + 1 == rounds { 1.0 } else { 0.0 }).collect()
    } else {
        let lt = (a / (mf * c)).ln();
        let top = if lt > 0.0 { (rounds - 1) as f64 * lt } else { 0.0 };
        let raw: Vec<f64> = (0..rounds).map(|j| (j as f64 * lt - top).exp()).collect();
        let sum: f64 = raw.iter().sum();
        raw.into_iter().map(|x| x / sum).collect()
    };
    let chunks: Vec<Vec<f64>> = weights.iter().map(|&g| vec![g * load / mf; m]).collect();
    let t = a * load / mf + mf * c * chunks[0][0];
    let sol = MiSolution { chunks, root_alpha: 0.0, makespan: t, w_equivalent: t / (load * scale.t_cp) };
    super::error::finite_result(sol.makespan, sol.chunks.iter().flatten())?;
    Ok(sol)
}

/// Executes a multi-installment schedule on the event engine (round-robin sends, each worker
/// computing its chunks in arrival order).
///
/// # Errors
/// As [`multi_installment`]; engine errors.
///
/// # Examples
/// ```
/// use loadbal::dlt::{multi_installment, multi_installment_simulate, CostScale};
/// let sol = multi_installment(4, 3, 1.0, 0.2, 1.0, None, CostScale::unit()).unwrap();
/// let t = multi_installment_simulate(&sol, 1.0, 0.2, None, CostScale::unit()).unwrap();
/// assert!((t.compute_makespan - sol.makespan).abs() < 1e-12 * sol.makespan);
/// ```
pub fn multi_installment_simulate(
    sol: &MiSolution,
    w: f64,
    z: f64,
    root_w: Option<f64>,
    scale: CostScale,
) -> Result<Trace, DltError> {
    let m = sol.chunks.first().map_or(0, Vec::len);
    check(m, w, z, 1.0, root_w, scale)?;
    let mut nodes = vec![root_w.map_or(Node::relay(None, 0.0), |w0| Node::computing(None, 0.0, w0))];
    nodes.extend((0..m).map(|_| Node::computing(Some(0), z, w)));
    let net = Network::new(nodes, scale)?;
    let mut plans = vec![Vec::new(); m + 1];
    for row in &sol.chunks {
        for (i, &x) in row.iter().enumerate() {
            if x > 0.0 {
                plans[0].push(Action::Send { to: i + 1, amount: x });
                plans[i + 1].push(Action::Compute { amount: x });
            }
        }
    }
    if sol.root_alpha > 0.0 {
        plans[0].push(Action::Compute { amount: sol.root_alpha });
    }
    simulate(&net, &plans)
}
