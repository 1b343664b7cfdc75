//! Affine costs (start-ups) on a star or bus: sending α to `P_i` takes `S_i + z_i·T_cm·α`,
//! computing it `Q_i + w_i·T_cp·α` (Błażewicz & Drozdowski 1997; Veeravalli, Li & Ko 2000, see
//! [`crate::references`]). Affine models do not scale with the load.

use super::allocation::Allocation;
use super::cost_scale::CostScale;
use super::engine::{Action, Network, Node, Trace, simulate};
use super::error::{DltError, MAX_PROCESSORS, non_negative, positive, size_at_most};
use super::options::Options;
use super::radix::stable_order_by;
use crate::numerics::gamma::{expm1mx, log1pmx};

/// A computing root with a computation start-up.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AffineRoot {
    /// Computation start-up `Q_0`, seconds.
    pub q: f64,
    /// Inverse computing speed.
    pub w: f64,
}

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
    /// fastest first (Veeravalli, Li & Ko 2000); a heuristic otherwise.
    BestPrefix,
}

fn validate(load: f64, root: Option<AffineRoot>, workers: &[AffineWorker]) -> Result<(), DltError> {
    positive("load", 0, load)?;
    if let Some(AffineRoot { q: q0, w: w0 }) = root {
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

/// The allocation of [`AffineStar::allocate`].
fn affine_star_allocate(
    root: Option<AffineRoot>,
    workers: &[AffineWorker],
    selection: Selection,
    opts: Options,
) -> Result<Allocation, DltError> {
    let Options { load, scale, .. } = opts;
    validate(load, root, workers)?;
    let n = workers.len();
    let a: Vec<f64> = workers.iter().map(|w| w.w * scale.t_cp()).collect();
    let c: Vec<f64> = workers.iter().map(|w| w.z * scale.t_cm()).collect();
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
    let (k0, l0) = root.map_or((0.0, 0.0), |r| (1.0 / (r.w * scale.t_cp()), -r.q / (r.w * scale.t_cp())));
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
                w_equivalent: t / (load * scale.t_cp()),
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

/// The order of [`AffineStar::bus_order`].
fn affine_bus_order(w: &[f64]) -> Vec<usize> {
    stable_order_by(w)
}

/// The allocation of [`AffineWorker::homogeneous_allocate`].
fn affine_homogeneous(worker: AffineWorker, n: u64, opts: Options) -> Result<Allocation, DltError> {
    let Options { load, scale, .. } = opts;
    let AffineWorker { s, z, q, w } = worker;
    validate(load, None, &[worker])?;
    if n == 0 {
        return Err(DltError::Empty { what: "no workers" });
    }
    let n = size_at_most("affine workers n", n, MAX_PROCESSORS)?;
    let (a, c) = (w * scale.t_cp(), z * scale.t_cm());
    let nf = n as f64;
    let alpha: Vec<f64> = if c == 0.0 {
        let a1 = (load + s / a * nf * (nf - 1.0) / 2.0) / nf;
        (0..n).map(|i| a1 - i as f64 * s / a).collect()
    } else {
        let lr = (-c / (c + a)).ln_1p();
        let one_minus = |m: f64| -(m * lr).exp_m1();
        let a1 = (load + nf * s / c) * one_minus(1.0) / one_minus(nf) - s / c;
        (0..n).map(|i| -s / c + (i as f64 * lr).exp() * (a1 + s / c)).collect()
    };
    let last = alpha.last().copied().unwrap_or(0.0);
    if last < 0.0 {
        return Err(DltError::InfeasibleStructure {
            reason: format!("{n} workers give the last a negative share ({last}) at load {load}"),
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
        w_equivalent: t / (load * scale.t_cp()),
    }
    .checked()
}

/// `(r^{1−n} − r)/(1 − r) − n` for `r = 1 − ε`, without cancellation: with
/// `u = −(n − 1)·ln(1 − ε) ≥ 0` it is `(e^u − 1 − u)/ε + (n − 1)·(−ln(1 − ε)/ε − 1)`, a sum of
/// non-negative terms, each from the crate's kernels without cancellation (`expm1mx`,
/// `log1pmx`) where the direct form lost every digit (`ε` near 0: long buses of fast links and
/// slow workers).
fn start_up_threshold(eps: f64, n: f64) -> f64 {
    let u = -(n - 1.0) * (-eps).ln_1p();
    // −ln(1 − ε)/ε − 1 = −(ln(1 − ε) + ε)/ε
    expm1mx(u) / eps + (n - 1.0) * (-log1pmx(-eps) / eps)
}

/// The count of [`AffineWorker::optimal_count`].
fn affine_homogeneous_optimal_count(worker: AffineWorker, n_max: u64, opts: Options) -> Result<u64, DltError> {
    let Options { load, scale, .. } = opts;
    let AffineWorker { s, z, w, .. } = worker;
    validate(load, None, &[worker])?;
    if n_max == 0 {
        return Err(DltError::Empty { what: "no workers" });
    }
    if s == 0.0 {
        // Without start-ups every share is positive.
        return Ok(n_max);
    }
    let (a, c) = (w * scale.t_cp(), z * scale.t_cm());
    let feasible = |n: u64| -> bool {
        let n = n as f64;
        let threshold = if c == 0.0 { s / a * n * (n - 1.0) / 2.0 } else { s / c * start_up_threshold(c / (c + a), n) };
        // NaN (∞ − ∞ for huge n) counts as infeasible.
        load >= threshold
    };
    // feasible(1) holds; find the last feasible n in [1, n_max] by galloping then bisection.
    let (mut lo, mut hi) = (1u64, n_max);
    let mut step = 1u64;
    while lo < hi {
        let probe = lo.saturating_add(step).min(hi);
        if feasible(probe) {
            lo = probe;
            step = step.saturating_mul(2);
        } else {
            hi = probe - 1;
            break;
        }
    }
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if feasible(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Ok(lo)
}

/// The trace of [`AffineStar::simulate`].
fn affine_simulate(
    root: Option<AffineRoot>,
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
    if let Some(&p) = alloc.send_order.iter().find(|&&p| p == 0 || p > workers.len()) {
        return Err(DltError::InvalidArgument {
            what: format!("allocation send order names position {p}, not one of {} workers", workers.len()),
        });
    }
    let mut nodes = vec![match root {
        Some(r) => Node::computing(None, 0.0, r.w).with_startups(0.0, r.q),
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

/// A star whose root and workers have start-up costs (Veeravalli, Li & Ko 2000): the root
/// (`None` if it does not compute) serves `workers` in the given order.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AffineStar {
    /// The computing root with its start-up, or `None` for a non-computing root.
    pub root: Option<AffineRoot>,
    /// The workers, in the order they are served.
    pub workers: Vec<AffineWorker>,
}

impl AffineStar {
    /// Divisible load on this star with start-ups, workers served in the given order (`opts.order` is not consulted; see
    /// [`AffineStar::bus_order`]), root optionally computing with a front-end (Veeravalli, Li & Ko 2000;
    /// the equal-finish equations are affine in `T`, so `α_i = k_i·T + l_i`).
    ///
    /// Returns `alpha[0]` for the root (0 if it does not compute) and `alpha[i + 1]` for
    /// `self.workers[i]`; `opts.load` is absolute (affine models do not scale).
    ///
    /// # Formula
    /// ```text
    /// k_1 = 1/(c_1 + a_1),  l_1 = −(S_1 + Q_1)/(c_1 + a_1)
    /// k_{i+1} = a_i·k_i/(c_{i+1} + a_{i+1}),  l_{i+1} = (a_i·l_i + Q_i − S_{i+1} − Q_{i+1})/(c_{i+1} + a_{i+1})
    /// root: α_0 = (T − Q_0)/a_0;   T = (L − Σ l)/Σ k;   α_i = k_i·T + l_i
    /// ```
    ///
    /// # Accuracy
    /// `T = (L − Σ l)/Σ k` cancels when the start-ups use up nearly all the time (`L ≈ Σ l·…`):
    /// the relative error is about `n·ε·(|L| + |Σ l|)/|L − Σ l|`; away from that edge the tests
    /// measure at most 4e-15 against 50-digit references (`tests/dlt/dlt_references.rs`).
    ///
    /// # Errors
    /// Bad values; [`DltError::InfeasibleStructure`] if a share is negative under
    /// [`Selection::AllGiven`], or if no prefix works.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{AffineStar, AffineWorker, Options, Selection};
    /// // L = 10, S = 0.5, c = 0.2, a = 1, ten workers: six take part, T = 5.01764364668.
    /// let star = AffineStar { root: None, workers: vec![AffineWorker { s: 0.5, z: 0.2, q: 0.0, w: 1.0 }; 10] };
    /// let s = star.allocate(Selection::BestPrefix, Options::load(10.0)).unwrap();
    /// assert_eq!(s.send_order.len(), 6);
    /// assert!((s.makespan - 5.017_643_646_68).abs() < 1e-10);
    /// ```
    pub fn allocate(&self, selection: Selection, opts: Options) -> Result<Allocation, DltError> {
        affine_star_allocate(self.root, &self.workers, selection, opts)
    }

    /// The bus order for start-ups: the positions in `workers` of the fastest processors first
    /// (non-decreasing `w`, stable), optimal
    /// with [`Selection::BestPrefix`] when `S`, `z` and `Q` are identical (Veeravalli, Li & Ko 2000).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{AffineStar, AffineWorker};
    /// let worker = |w| AffineWorker { s: 0.5, z: 0.2, q: 0.0, w };
    /// let star = AffineStar { root: None, workers: vec![worker(2.0), worker(1.0), worker(3.0)] };
    /// assert_eq!(star.bus_order(), vec![1, 0, 2]);
    /// ```
    pub fn bus_order(&self) -> Vec<usize> {
        affine_bus_order(&self.workers.iter().map(|wk| wk.w).collect::<Vec<f64>>())
    }

    /// Executes an allocation of this star on the event engine (start-ups on every message and
    /// computation). `alloc` must come from [`AffineStar::allocate`] with the same star.
    ///
    /// # Errors
    /// Bad values; [`DltError::LengthMismatch`] if `alloc` does not fit the workers.
    ///
    /// # Examples
    /// On the engine, every selected worker finishes at T = 5.01764364668.
    /// ```
    /// use loadbal::dlt::{AffineStar, AffineWorker, CostScale, Options, Selection};
    /// let star = AffineStar { root: None, workers: vec![AffineWorker { s: 0.5, z: 0.2, q: 0.0, w: 1.0 }; 10] };
    /// let a = star.allocate(Selection::BestPrefix, Options::load(10.0)).unwrap();
    /// let t = star.simulate(&a, CostScale::unit()).unwrap();
    /// assert!(t.finish_spread(a.makespan) < 1e-12);
    /// ```
    pub fn simulate(&self, alloc: &Allocation, scale: CostScale) -> Result<Trace, DltError> {
        affine_simulate(self.root, &self.workers, alloc, scale)
    }
}

impl AffineWorker {
    /// Homogeneous star/bus with start-ups: a non-computing root and `n` copies of this worker,
    /// all taking part
    /// (Veeravalli, Li & Ko 2000, closed form of the equal-finish equations). `opts.order` is not
    /// consulted; `opts.load` is absolute.
    ///
    /// # Formula
    /// ```text
    /// r = a/(c + a);  α_1 = (L + n·S/c)·(1 − r)/(1 − r^n) − S/c;  α_i = −S/c + r^{i−1}·(α_1 + S/c)
    /// c = 0: α_1 = (L + (S/a)·n(n−1)/2)/n,  α_i = α_1 − (i−1)·S/a;   T = S + Q + (c + a)·α_1
    /// ```
    ///
    /// # Accuracy
    /// `1 − r^n` is computed with `expm1`; `α_i` is a difference `r^{i−1}·(α_1 + S/c) − S/c` that
    /// cancels for the last workers when start-ups dominate: absolute error about
    /// `ε·(α_1 + S/c)`. The makespan is within 1e-14 relative (tests: 50-digit references).
    ///
    /// # Errors
    /// Bad values, [`DltError::Empty`] for `n = 0`, [`DltError::InfeasibleStructure`] if `α_n < 0`
    /// (use [`AffineWorker::optimal_count`]), [`DltError::TooLarge`] for `n` above
    /// [`MAX_PROCESSORS`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{AffineWorker, Options};
    /// // No start-ups: the linear bus, T = c/(1 − r^n)·L; n = 1 gives (c + a)·L.
    /// let worker = AffineWorker { s: 0.0, z: 0.5, q: 0.0, w: 1.0 };
    /// let s = worker.homogeneous_allocate(1, Options::load(2.0)).unwrap();
    /// assert!((s.makespan - 3.0).abs() < 1e-15);
    /// ```
    pub fn homogeneous_allocate(&self, n: u64, opts: Options) -> Result<Allocation, DltError> {
        affine_homogeneous(*self, n, opts)
    }

    /// Optimal number of copies of this worker in a homogeneous star/bus with start-ups
    /// (non-computing root): the
    /// largest `n ≤ n_max` whose last share is non-negative (Veeravalli, Li & Ko 2000), found by
    /// bisection on the monotone threshold in O(log n_max) time.
    ///
    /// # Formula
    /// ```text
    /// r = a/(c + a):  α_n ≥ 0  ⇔  L ≥ (S/c)·[(r^{1−n} − r)/(1 − r) − n]   (c = 0: L ≥ (S/a)·n(n−1)/2)
    /// ```
    ///
    /// # Accuracy
    /// Exact except when `L` is within a few ulps of a threshold, where `n` may be off by one.
    ///
    /// # Errors
    /// Bad values; [`DltError::Empty`] for `n_max = 0`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{AffineWorker, Options};
    /// let worker = AffineWorker { s: 0.5, z: 0.2, q: 0.0, w: 1.0 };
    /// assert_eq!(worker.optimal_count(10, Options::load(10.0)).unwrap(), 6);
    /// // Tiny start-ups and a huge pool answer at once.
    /// let tiny = AffineWorker { s: 1e-300, ..worker };
    /// assert_eq!(tiny.optimal_count(u64::MAX, Options::load(10.0)).unwrap() > 1000, true);
    /// ```
    pub fn optimal_count(&self, n_max: u64, opts: Options) -> Result<u64, DltError> {
        affine_homogeneous_optimal_count(*self, n_max, opts)
    }
}
