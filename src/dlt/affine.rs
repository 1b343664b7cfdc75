//! Affine costs (start-ups) on a star or bus: sending α to `P_i` takes `S_i + z_i·T_cm·α`,
//! computing it `Q_i + w_i·T_cp·α` (reference §6; Błażewicz & Drozdowski 1997, Veeravalli,
//! Li & Ko 2000, DLT-Studio's recurrence). Affine models do not scale with the load.

use super::engine::{Action, Network, Node, Trace, simulate};
use super::error::{DltError, non_negative, positive};
use super::types::{Allocation, CostScale, stable_order_by};

/// A worker with start-ups: `s` (seconds per message), `z`, `q` (seconds per computation), `w`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AffineWorker {
    /// Communication start-up `S`, seconds.
    pub s: f64,
    /// Link inverse speed.
    pub z: f64,
    /// Computation start-up `Q`, seconds.
    pub q: f64,
    /// Processor inverse speed.
    pub w: f64,
}

/// Which workers of the given order take part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Selection {
    /// All of them; an error if the equal-finish solution has a negative share.
    AllGiven,
    /// The longest prefix whose equal-finish shares are all non-negative (drop the last worker
    /// while its share is negative). Optimal for a bus with identical `S`, `z`, `Q` served
    /// fastest first; a heuristic otherwise (reference §6.3).
    BestPrefix,
}

fn validate(load: f64, root: Option<(f64, f64)>, workers: &[AffineWorker], scale: CostScale) -> Result<(), DltError> {
    scale.check()?;
    positive("load", 0, load)?;
    if let Some((q0, w0)) = root {
        non_negative("root q", 0, q0)?;
        positive("root w", 0, w0)?;
    } else if workers.is_empty() {
        return Err(DltError::Empty { what: "no root and no workers" });
    }
    for (i, wk) in workers.iter().enumerate() {
        non_negative("worker s", i, wk.s)?;
        non_negative("worker z", i, wk.z)?;
        non_negative("worker q", i, wk.q)?;
        positive("worker w", i, wk.w)?;
    }
    Ok(())
}

/// Star with start-ups, workers served in the given order, root optionally computing with a
/// front-end (reference §6.2, closed form `α_i = k_i·T + l_i`).
///
/// Returns `alpha[0]` for the root (0 if it does not compute) and `alpha[i + 1]` for
/// `workers[i]`; `load` is absolute.
///
/// # Formula
/// ```text
/// k_1 = 1/(c_1 + a_1),  l_1 = −(S_1 + Q_1)/(c_1 + a_1)
/// k_{i+1} = a_i·k_i/(c_{i+1} + a_{i+1}),  l_{i+1} = (a_i·l_i + Q_i − S_{i+1} − Q_{i+1})/(c_{i+1} + a_{i+1})
/// root: α_0 = (T − Q_0)/a_0;   T = (L − Σ l)/Σ k;   α_i = k_i·T + l_i
/// ```
///
/// # Errors
/// Bad values; [`DltError::InfeasibleStructure`] if a share is negative under
/// [`Selection::AllGiven`], or if no prefix works.
///
/// ```
/// use loadbal::dlt::{affine_star_allocate, AffineWorker, CostScale, Selection};
/// // Reference §6.3 case A1: L = 10, S = 0.5, c = 0.2, a = 1, ten workers: n* = 6, T = 5.01764364668.
/// let wk = [AffineWorker { s: 0.5, z: 0.2, q: 0.0, w: 1.0 }; 10];
/// let s = affine_star_allocate(10.0, None, &wk, CostScale::unit(), Selection::BestPrefix).unwrap();
/// assert_eq!(s.send_order.len(), 6);
/// assert!((s.makespan - 5.017_643_646_68).abs() < 1e-10);
/// ```
pub fn affine_star_allocate(
    load: f64,
    root: Option<(f64, f64)>,
    workers: &[AffineWorker],
    scale: CostScale,
    selection: Selection,
) -> Result<Allocation, DltError> {
    validate(load, root, workers, scale)?;
    let n = workers.len();
    let a: Vec<f64> = workers.iter().map(|w| w.w * scale.t_cp).collect();
    let c: Vec<f64> = workers.iter().map(|w| w.z * scale.t_cm).collect();
    let (mut k, mut l) = (vec![0.0; n], vec![0.0; n]);
    for i in 0..n {
        let d = c[i] + a[i];
        if i == 0 {
            k[0] = 1.0 / d;
            l[0] = -(workers[0].s + workers[0].q) / d;
        } else {
            k[i] = a[i - 1] * k[i - 1] / d;
            l[i] = (a[i - 1] * l[i - 1] + workers[i - 1].q - workers[i].s - workers[i].q) / d;
        }
    }
    let (k0, l0) = root.map_or((0.0, 0.0), |(q0, w0)| (1.0 / (w0 * scale.t_cp), -q0 / (w0 * scale.t_cp)));
    let (mut sk, mut sl) = (k0 + k.iter().sum::<f64>(), l0 + l.iter().sum::<f64>());
    let mut m = n;
    loop {
        let t = (load - sl) / sk;
        let ok = (0..m).all(|i| k[i] * t + l[i] >= 0.0) && (root.is_none() || k0 * t + l0 >= 0.0);
        if ok && (m > 0 || root.is_some()) {
            let mut alpha = vec![0.0; n + 1];
            alpha[0] = k0 * t + l0;
            for i in 0..m {
                alpha[i + 1] = k[i] * t + l[i];
            }
            let mut participating: Vec<bool> = (0..=n).map(|i| i >= 1 && i <= m).collect();
            participating[0] = root.is_some();
            return Allocation {
                alpha,
                makespan: t,
                send_order: (1..=m).collect(),
                participating,
                w_equivalent: t / (load * scale.t_cp),
            }
            .checked();
        }
        if selection == Selection::AllGiven || m == 0 {
            return Err(DltError::InfeasibleStructure {
                reason: format!("with start-ups, {m} workers give a negative share at load {load}"),
            });
        }
        m -= 1;
        sk -= k[m];
        sl -= l[m];
    }
}

/// The bus order for start-ups: fastest processors first (non-decreasing `w`, stable), optimal
/// with [`Selection::BestPrefix`] when `S`, `z` and `Q` are identical (reference §6.4).
///
/// ```
/// use loadbal::dlt::affine_bus_order;
/// assert_eq!(affine_bus_order(&[2.0, 1.0, 3.0]), vec![1, 0, 2]);
/// ```
pub fn affine_bus_order(w: &[f64]) -> Vec<usize> {
    stable_order_by(w)
}

/// Homogeneous star/bus with start-ups, non-computing root, `n` workers all taking part
/// (reference §6.2, closed form).
///
/// # Formula
/// ```text
/// r = a/(c + a);  α_1 = (L + n·S/c)·(1 − r)/(1 − r^n) − S/c;  α_i = −S/c + r^{i−1}·(α_1 + S/c)
/// c = 0: α_1 = (L + (S/a)·n(n−1)/2)/n,  α_i = α_1 − (i−1)·S/a;   T = S + Q + (c + a)·α_1
/// ```
///
/// # Errors
/// Bad values, [`DltError::Empty`] for `n = 0`, [`DltError::InfeasibleStructure`] if `α_n < 0`
/// (use [`affine_homogeneous_optimal_count`]).
///
/// ```
/// use loadbal::dlt::{affine_homogeneous, CostScale};
/// // No start-ups: the linear bus, T = c/(1 − r^n)·L; n = 1 gives (c + a)·L.
/// let s = affine_homogeneous(2.0, 0.0, 0.5, 0.0, 1.0, 1, CostScale::unit()).unwrap();
/// assert!((s.makespan - 3.0).abs() < 1e-15);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn affine_homogeneous(
    load: f64,
    s: f64,
    z: f64,
    q: f64,
    w: f64,
    n: usize,
    scale: CostScale,
) -> Result<Allocation, DltError> {
    let wk = AffineWorker { s, z, q, w };
    validate(load, None, &[wk], scale)?;
    if n == 0 {
        return Err(DltError::Empty { what: "no workers" });
    }
    let (a, c) = (w * scale.t_cp, z * scale.t_cm);
    let nf = n as f64;
    let alpha: Vec<f64> = if c == 0.0 {
        let a1 = (load + s / a * nf * (nf - 1.0) / 2.0) / nf;
        (0..n).map(|i| a1 - i as f64 * s / a).collect()
    } else {
        let lr = (a / (c + a)).ln();
        let one_minus = |m: f64| -(m * lr).exp_m1();
        let a1 = (load + nf * s / c) * one_minus(1.0) / one_minus(nf) - s / c;
        (0..n).map(|i| -s / c + (i as f64 * lr).exp() * (a1 + s / c)).collect()
    };
    if alpha[n - 1] < 0.0 {
        return Err(DltError::InfeasibleStructure {
            reason: format!("{n} workers give the last a negative share ({}) at load {load}", alpha[n - 1]),
        });
    }
    let t = s + q + (c + a) * alpha[0];
    let mut full = vec![0.0];
    full.extend(alpha);
    let mut participating = vec![true; n + 1];
    participating[0] = false;
    Allocation {
        alpha: full,
        makespan: t,
        send_order: (1..=n).collect(),
        participating,
        w_equivalent: t / (load * scale.t_cp),
    }
    .checked()
}

/// Optimal number of workers of a homogeneous star/bus with start-ups (non-computing root): the
/// largest `n ≤ n_max` whose last share is non-negative (reference §6.3).
///
/// # Formula
/// ```text
/// r = a/(c + a):  α_n ≥ 0  ⇔  L ≥ (S/c)·[(r^{1−n} − r)/(1 − r) − n]   (c = 0: L ≥ (S/a)·n(n−1)/2)
/// ```
///
/// # Errors
/// Bad values; [`DltError::Empty`] for `n_max = 0`.
///
/// ```
/// use loadbal::dlt::{affine_homogeneous_optimal_count, CostScale};
/// let n = affine_homogeneous_optimal_count(10.0, 0.5, 0.2, 0.0, 1.0, 10, CostScale::unit()).unwrap();
/// assert_eq!(n, 6);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn affine_homogeneous_optimal_count(
    load: f64,
    s: f64,
    z: f64,
    q: f64,
    w: f64,
    n_max: usize,
    scale: CostScale,
) -> Result<usize, DltError> {
    validate(load, None, &[AffineWorker { s, z, q, w }], scale)?;
    if n_max == 0 {
        return Err(DltError::Empty { what: "no workers" });
    }
    let (a, c) = (w * scale.t_cp, z * scale.t_cm);
    let threshold = |n: f64| -> f64 {
        if c == 0.0 {
            s / a * n * (n - 1.0) / 2.0
        } else {
            let r = a / (c + a);
            // (r^{1−n} − r)/(1 − r) − n, with 1 − r = c/(c + a)
            s / c * ((r.powf(1.0 - n) - r) / (c / (c + a)) - n)
        }
    };
    let mut best = 1;
    for n in 2..=n_max {
        if load >= threshold(n as f64) {
            best = n;
        } else {
            break;
        }
    }
    Ok(best)
}

/// Executes an affine star allocation on the event engine (start-ups on every message and
/// computation). `alloc` must come from [`affine_star_allocate`] with the same inputs.
///
/// # Errors
/// Bad values; [`DltError::LengthMismatch`] if `alloc` does not fit `workers`.
///
/// # Examples
/// Reference §6.3 case A1 on the engine: every selected worker finishes at T = 5.01764364668.
/// ```
/// use loadbal::dlt::{affine_simulate, affine_star_allocate, AffineWorker, CostScale, Selection};
/// let wk = [AffineWorker { s: 0.5, z: 0.2, q: 0.0, w: 1.0 }; 10];
/// let a = affine_star_allocate(10.0, None, &wk, CostScale::unit(), Selection::BestPrefix).unwrap();
/// let t = affine_simulate(None, &wk, &a, CostScale::unit()).unwrap();
/// assert!(t.finish_spread(a.makespan) < 1e-12);
/// ```
pub fn affine_simulate(
    root: Option<(f64, f64)>,
    workers: &[AffineWorker],
    alloc: &Allocation,
    scale: CostScale,
) -> Result<Trace, DltError> {
    if alloc.alpha.len() != workers.len() + 1 {
        return Err(DltError::LengthMismatch {
            what: "affine allocation",
            expected: workers.len() + 1,
            got: alloc.alpha.len(),
        });
    }
    let mut nodes = vec![match root {
        Some((q0, w0)) => Node::computing(None, 0.0, w0).with_startups(0.0, q0),
        None => Node::relay(None, 0.0),
    }];
    nodes.extend(workers.iter().map(|wk| Node::computing(Some(0), wk.z, wk.w).with_startups(wk.s, wk.q)));
    let net = Network::new(nodes, scale)?;
    let mut plans = vec![Vec::new(); workers.len() + 1];
    for &p in &alloc.send_order {
        plans[0].push(Action::Send { to: p, amount: alloc.alpha[p] });
        plans[p].push(Action::Compute { amount: alloc.alpha[p] });
    }
    if root.is_some() {
        plans[0].push(Action::Compute { amount: alloc.alpha[0] });
    }
    simulate(&net, &plans)
}
