//! Howard policy iteration, modified policy iteration and value iteration.

use super::bellman::{Work, gauss_seidel, greedy, jacobi, macqueen, residual, state_min};
use super::criterion::Criterion;
use super::error::MdpError;
use super::eval::{Cache, DENSE_LIMIT, evaluate_pairs};
use super::linear::LinearStats;
use super::model::Mdp;
use super::options::{Algorithm, LinearSolver, Options, Sweep};
use super::rows::Storage;
use super::solution::{Bounds, Solution, Termination, non_finite};

/// Gauss–Seidel sweeps before the first policy of total-cost policy iteration.
const WARM_SWEEPS: usize = 20;
/// A pair is stochastic when its row deficit is at most this.
const STOCHASTIC: f64 = 1e-12;

fn dense_rho(mdp: &Mdp) -> Vec<f64> {
    if mdp.rho_mass == 0.0 || mdp.weights.is_empty() {
        return Vec::new();
    }
    let mut rho = vec![0.0; mdp.states];
    for (j, p) in mdp.restart_entries() {
        rho[j] += p;
    }
    rho
}

/// Most sweeps of one round of modified policy iteration ([`Algorithm::ModifiedPolicyIteration`]):
/// 2²⁰. A round runs all its sweeps (it has no test of its own to stop early), so their number
/// bounds its time; more is [`MdpError::TooLarge`]. Where many more sweeps would be needed (a
/// discount factor within 1e-6 of 1), policy iteration is the method.
pub const MAX_SWEEPS: u64 = 1 << 20;

/// Most iterations of [`LinearSolver::Bicgstab`]: 2²⁰ (faer's BiCGSTAB runs to its limit when the
/// tolerance cannot be reached); more is [`MdpError::TooLarge`].
pub const MAX_LINEAR_ITERS: u64 = 1 << 20;

fn check_options(mdp: &Mdp, criterion: Criterion, opts: &Options) -> Result<(), MdpError> {
    mdp.check_criterion(criterion)?;
    if opts.max_iters == 0 {
        return Err(MdpError::InvalidOption { name: "max_iters", value: 0.0 });
    }
    if !(opts.tol > 0.0 && opts.tol.is_finite()) {
        return Err(MdpError::InvalidOption { name: "tol", value: opts.tol });
    }
    if !(opts.aperiodicity > 0.0 && opts.aperiodicity <= 1.0) {
        return Err(MdpError::InvalidOption { name: "aperiodicity", value: opts.aperiodicity });
    }
    if let LinearSolver::Bicgstab { tol, max_iters } = opts.linear {
        if !(tol > 0.0 && tol.is_finite()) {
            return Err(MdpError::InvalidOption { name: "bicgstab tol", value: tol });
        }
        if max_iters == 0 {
            return Err(MdpError::InvalidOption { name: "bicgstab max_iters", value: 0.0 });
        }
        if max_iters as u64 > MAX_LINEAR_ITERS {
            return Err(MdpError::TooLarge {
                what: "bicgstab max_iters",
                value: max_iters as u64,
                limit: MAX_LINEAR_ITERS,
            });
        }
    }
    if let Some(v) = &opts.init_values {
        if v.len() != mdp.states {
            return Err(MdpError::InvalidOption { name: "init_values length", value: v.len() as f64 });
        }
        non_finite(v)?;
    }
    if let Some(p) = &opts.init_policy {
        mdp.check_policy(p)?;
    }
    Ok(())
}

/// Whether every pair's row sums to 1 (restart included).
fn stochastic(mdp: &Mdp) -> bool {
    (0..mdp.pairs()).all(|k| mdp.deficit(k) <= STOCHASTIC)
}

/// Howard policy iteration: evaluate exactly, improve greedily, stop when the policy repeats
/// (Puterman, §6.4 and §8.6; Yin et al., §4).
///
/// The initial policy is `opts.init_policy`, or: for the discounted cost, the greedy policy
/// of the one-step costs `T 0` (QuantEcon's start, one Bellman update that usually saves an
/// evaluation); for the total cost, the greedy policy after 20 Gauss–Seidel value-iteration
/// sweeps from zero when it is proper (its evaluation is better conditioned), else the
/// cheapest action made proper ([`Mdp::proper_policy`]); for the average cost, the cheapest
/// action of each state. Evaluations use `opts.linear` (a dense LU in the dense form) and start
/// BiCGSTAB from the previous round's solution. Improvements multiply a row only when its
/// bound does not settle the action (see [`value_iteration`]).
///
/// # Formula
/// u_{k+1}(i) = argmin_a [c(i,a) + β Σ_j P(i,a,j) V^{u_k}_j]  (− g for the average cost)
///
/// # Accuracy
/// Exact up to the evaluation's linear solve (see [`Mdp::evaluate`]);
/// the returned `residual` measures it.
///
/// # Errors
/// The errors of [`Mdp::evaluate`]; [`MdpError::NoProperPolicy`]
/// (total cost, no policy absorbs from some state); [`MdpError::InvalidOption`];
/// [`MdpError::NonFiniteValue`].
///
/// # Examples
/// Discounted two-state problem: staying costs 1 in state 0; moving to the free state 1
/// costs 5 once. With β = 0.9 staying forever costs 10 > 5, so state 0 moves.
/// ```
/// use loadbal::remap::mdp::{Algorithm, Criterion, Mdp, Options};
/// use nalgebra::dmatrix;
/// let stay = dmatrix![1.0, 0.0; 0.0, 1.0];
/// let go = dmatrix![0.0, 1.0; 0.0, 1.0];
/// let mdp = Mdp::new(vec![stay, go], dmatrix![1.0, 5.0; 0.0, 0.0]).unwrap();
/// let s = mdp.solve(Criterion::Discounted { factor: 0.9 }, &Options::with_algorithm(Algorithm::PolicyIteration)).unwrap();
/// assert_eq!(s.policy, vec![1, 0]);
/// assert!((s.values[0] - 5.0).abs() < 1e-12);
/// ```
pub(crate) fn policy_iteration(mdp: &Mdp, criterion: Criterion, opts: &Options) -> Result<Solution, MdpError> {
    check_options(mdp, criterion, opts)?;
    let beta = criterion.beta();
    let mut policy = match &opts.init_policy {
        Some(p) => p.clone(),
        None => {
            let zeros = vec![0.0; mdp.states];
            let cheapest: Vec<usize> = (0..mdp.states).map(|i| greedy(mdp, i, &zeros, 0.0, 0.0, None, &[]).0).collect();
            if let Criterion::Discounted { .. } = criterion {
                // Greedy for the one-step costs `T 0` (QuantEcon's start): one Bellman update
                // that usually saves an evaluation.
                let myopic: Vec<f64> = (0..mdp.states).map(|i| mdp.cost(i, cheapest[i]).unwrap_or(0.0)).collect();
                let (mut next, mut greedy_policy) = (vec![0.0; mdp.states], vec![0; mdp.states]);
                let (_, _, amax) = jacobi(mdp, beta, &myopic, &mut next, &mut greedy_policy, &mut Work::new(mdp));
                if amax.is_finite() { greedy_policy } else { cheapest }
            } else if criterion == Criterion::TotalCost {
                // A few Gauss–Seidel value-iteration sweeps from zero give a policy whose
                // evaluation is far better conditioned than the cheapest action's (which may
                // continue for a very long time before absorption).
                let mut v = zeros;
                let rho = dense_rho(mdp);
                for _ in 0..WARM_SWEEPS {
                    gauss_seidel(mdp, 1.0, &mut v, &rho, None, &[]);
                }
                let rv = mdp.restart_dot(&v);
                let warm: Vec<usize> = if v.iter().all(|x| x.is_finite()) {
                    (0..mdp.states).map(|i| greedy(mdp, i, &v, 1.0, rv, None, &[]).0).collect()
                } else {
                    cheapest.clone()
                };
                if mdp.improper_states(&warm)?.is_empty() { warm } else { mdp.proper_policy(&cheapest)? }
            } else {
                cheapest
            }
        }
    };
    let mut cache = Cache::default();
    let mut stats = LinearStats::default();
    let mut q = vec![0.0; mdp.pairs()];
    for it in 1..=opts.max_iters {
        let pairs = mdp.policy_pairs(&policy);
        let (v, gain) = evaluate_pairs(mdp, criterion, &pairs, opts.linear, &mut cache, &mut stats, true)?;
        non_finite(&v)?;
        let rv = mdp.restart_dot(&v);
        let vmin = v.iter().copied().fold(f64::INFINITY, f64::min);
        let g = gain.unwrap_or(0.0);
        let mut stable = true;
        let mut worst = 0.0f64;
        let mut next = policy.clone();
        for i in 0..mdp.states {
            let (a, m) = state_min(mdp, i, &v, (beta, rv, vmin, false), policy[i], true, &[], &mut q);
            let d = (m - g - v[i]).abs();
            if !d.is_finite() {
                return Err(MdpError::NonFiniteValue { state: i, value: d });
            }
            worst = worst.max(d);
            stable &= a == policy[i];
            next[i] = a;
        }
        if stable || it == opts.max_iters {
            let termination = if stable { Termination::PolicyStable } else { Termination::MaxItersReached };
            return Ok(Solution {
                policy,
                values: v,
                gain,
                bounds: None,
                iterations: it,
                termination,
                residual: worst,
                algorithm: Algorithm::PolicyIteration,
                linear: stats,
            });
        }
        policy = next;
    }
    Err(MdpError::InvalidOption { name: "max_iters", value: 0.0 })
}

/// Finishes a value-type iteration whose last Jacobi update went from `prev` to `v`.
#[allow(clippy::too_many_arguments)]
fn finish(
    mdp: &Mdp,
    criterion: Criterion,
    mut v: Vec<f64>,
    policy: Vec<usize>,
    (lo, hi): (f64, f64),
    iterations: usize,
    termination: Termination,
    algorithm: Algorithm,
    stochastic: bool,
    work: &Work,
) -> Result<Solution, MdpError> {
    let beta = criterion.beta();
    let bounds = match criterion {
        Criterion::Discounted { .. } => {
            // Centre the values between the bounds.
            let b = macqueen(beta, lo, hi, stochastic);
            let mid = 0.5 * (b.lower + b.upper);
            v.iter_mut().for_each(|x| *x += mid);
            Some(Bounds { lower: b.lower - mid, upper: b.upper - mid })
        }
        _ => None,
    };
    non_finite(&v)?;
    let residual = residual(mdp, beta, &v, None, Some(work), Some(&policy))?;
    Ok(Solution {
        policy,
        values: v,
        gain: None,
        bounds,
        iterations,
        termination,
        residual,
        algorithm,
        linear: LinearStats::default(),
    })
}

/// Whether a Jacobi update with increments in `[lo, hi]` (sup-norm `amax`) meets the stopping
/// rule.
fn converged(criterion: Criterion, lo: f64, hi: f64, amax: f64, tol: f64, stochastic: bool) -> bool {
    match criterion {
        Criterion::Discounted { factor } => {
            let b = macqueen(factor, lo, hi, stochastic);
            b.upper - b.lower <= tol
        }
        _ => amax <= tol,
    }
}

/// Value iteration (Yin et al., eq. (19); Puterman §6.3, §8.5): `V ← min_a (c_a + β P_a V)`
/// from `opts.init_values` (zeros by default), with Jacobi or Gauss–Seidel sweeps
/// (`opts.sweep`). Stopping rules: total cost, the sup-norm of an update is at most `opts.tol`;
/// discounted cost, the MacQueen bounds `TV + β/(1−β)·[min δ, max δ]` (with `min(·, 0)`,
/// `max(·, 0)` when some rows are substochastic) are at most `opts.tol` wide, and the values
/// returned are their midpoint (a Gauss–Seidel run confirms with one Jacobi update); average
/// cost, relative value iteration on the aperiodicity transform `τP + (1 − τ)I`
/// (`τ = opts.aperiodicity`) until the bounds `[min δ, max δ]/τ` on the gain are at most
/// `opts.tol` wide (always Jacobi sweeps). The policy is greedy for the last iterate; no
/// linear system is solved.
///
/// Discounted cost: after every Jacobi update, MacQueen's test (Puterman, §6.7.2) removes the
/// actions whose Q-value exceeds their state's minimum by more than the width of the bounds on
/// `V*` (plus twice the tie tolerance): they cannot be optimal and are not multiplied again.
/// In every update, an action whose lower bound `c(i, a) + β (1 − deficit) min_j V(j)` clears
/// the state's best Q-value so far is not multiplied either. Neither changes an update, its
/// greedy policy or its ties; on dense problems they leave about one row per state to
/// multiply after a few updates, and the first update from zero values multiplies none.
///
/// With zero initial values and Jacobi sweeps, `V^n` is the optimal n-step cost
/// (Yin et al., eq. (12)).
///
/// # Formula
/// V^{n+1}(i) = min_a [c(i,a) + β Σ_j P(i,a,j) V^n(j)];
/// discounted: V* ∈ [V^{n+1} + β/(1−β) min δ, V^{n+1} + β/(1−β) max δ], δ = V^{n+1} − V^n;
/// average: h^{n+1} = T̃h^n − (T̃h^n)(0), T̃ = τT + (1 − τ)I, min δ/τ ≤ g* ≤ max δ/τ
///
/// # Accuracy
/// Discounted and average cost: the returned bounds; total cost: about `tol` times the
/// expected time to absorption.
///
/// # Errors
/// [`MdpError::InvalidOption`] for `tol ≤ 0`, `max_iters = 0`, `τ ∉ (0, 1]` or a wrong
/// `init_values` length; the criterion errors; [`MdpError::NonFiniteValue`] when the
/// iteration overflows.
///
/// # Examples
/// ```
/// use loadbal::remap::mdp::{Algorithm, Criterion, Mdp, Options, Termination};
/// use nalgebra::dmatrix;
/// let mdp = Mdp::new(vec![dmatrix![0.5], dmatrix![0.0]], dmatrix![1.0, 3.0]).unwrap();
/// let s = mdp.solve(Criterion::TotalCost, &Options::with_algorithm(Algorithm::ValueIteration)).unwrap();
/// assert_eq!(s.termination, Termination::ToleranceReached);
/// assert!((s.values[0] - 2.0).abs() < 1e-9);
/// ```
pub(crate) fn value_iteration(mdp: &Mdp, criterion: Criterion, opts: &Options) -> Result<Solution, MdpError> {
    check_options(mdp, criterion, opts)?;
    if criterion == Criterion::AverageCost {
        return relative_value_iteration(mdp, opts);
    }
    let beta = criterion.beta();
    let s = mdp.states;
    let stochastic = stochastic(mdp);
    let rho = dense_rho(mdp);
    let mut v = opts.init_values.clone().unwrap_or_else(|| vec![0.0; s]);
    let mut next = vec![0.0; s];
    let mut policy = vec![0; s];
    let mut work = Work::new(mdp);
    let discounted = matches!(criterion, Criterion::Discounted { .. });
    let mut it = 0;
    while it < opts.max_iters {
        it += 1;
        let jacobi_step = match opts.sweep {
            Sweep::Jacobi => true,
            Sweep::GaussSeidel => {
                let (amax, span) = gauss_seidel(mdp, beta, &mut v, &rho, None, &work.skip);
                if amax.is_nan() {
                    return Err(MdpError::NonFiniteValue { state: 0, value: f64::NAN });
                }
                // A cheap trigger; the Jacobi update below decides.
                match criterion {
                    Criterion::Discounted { .. } => beta / (1.0 - beta) * span.max(amax) <= opts.tol,
                    _ => amax <= opts.tol,
                }
            }
        };
        if !jacobi_step {
            continue;
        }
        let (lo, hi, amax) = jacobi(mdp, beta, &v, &mut next, &mut policy, &mut work);
        if amax.is_nan() {
            return Err(MdpError::NonFiniteValue { state: 0, value: f64::NAN });
        }
        if discounted {
            work.eliminate(mdp, beta, &v, (lo, hi), stochastic);
        }
        std::mem::swap(&mut v, &mut next);
        let reason = if converged(criterion, lo, hi, amax, opts.tol, stochastic) {
            Some(Termination::ToleranceReached)
        } else if it == opts.max_iters {
            Some(Termination::MaxItersReached)
        } else {
            None
        };
        if let Some(reason) = reason {
            return finish(
                mdp,
                criterion,
                v,
                policy,
                (lo, hi),
                it,
                reason,
                Algorithm::ValueIteration,
                stochastic,
                &work,
            );
        }
    }
    // The limit was reached inside Gauss–Seidel sweeps: one Jacobi update for the policy and
    // the bounds.
    let (lo, hi, _) = jacobi(mdp, beta, &v, &mut next, &mut policy, &mut work);
    finish(
        mdp,
        criterion,
        next,
        policy,
        (lo, hi),
        it,
        Termination::MaxItersReached,
        Algorithm::ValueIteration,
        stochastic,
        &work,
    )
}

/// Relative value iteration with the aperiodicity transform (Puterman §8.5.5).
fn relative_value_iteration(mdp: &Mdp, opts: &Options) -> Result<Solution, MdpError> {
    let tau = opts.aperiodicity;
    let s = mdp.states;
    let mut h = opts.init_values.clone().unwrap_or_else(|| vec![0.0; s]);
    let mut next = vec![0.0; s];
    let mut policy = vec![0; s];
    let mut work = Work::new(mdp);
    let mut it = 0;
    loop {
        it += 1;
        let (lo, hi, amax) = jacobi(mdp, 1.0, &h, &mut next, &mut policy, &mut work);
        if amax.is_nan() {
            return Err(MdpError::NonFiniteValue { state: 0, value: f64::NAN });
        }
        // Transformed update: h + τ (T h − h); δ̃ = τ δ, so the gain bounds are [lo, hi].
        for i in 0..s {
            next[i] = h[i] + tau * (next[i] - h[i]);
        }
        let shift = next[0];
        for x in next.iter_mut() {
            *x -= shift;
        }
        std::mem::swap(&mut h, &mut next);
        let done = hi - lo <= opts.tol;
        if done || it >= opts.max_iters {
            let gain = 0.5 * (lo + hi);
            non_finite(&h)?;
            let residual = residual(mdp, 1.0, &h, Some(gain), None, Some(&policy))?;
            return Ok(Solution {
                policy,
                values: h,
                gain: Some(gain),
                bounds: Some(Bounds { lower: lo, upper: hi }),
                iterations: it,
                termination: if done { Termination::ToleranceReached } else { Termination::MaxItersReached },
                residual,
                algorithm: Algorithm::ValueIteration,
                linear: LinearStats::default(),
            });
        }
    }
}

/// Modified policy iteration (Puterman §6.5): each round one Jacobi Bellman update
/// `u = T v` with its greedy policy `σ`, then `sweeps` sweeps of `T_σ` on `u` (Jacobi for
/// the discounted cost, whose span rule they suit; Gauss–Seidel for the total cost). Same
/// stopping rules, bounds, midpoint, action elimination and row bounds as
/// [`value_iteration`]; total and discounted cost. A discounted problem in the dense form with
/// at least 8 sweeps gathers the policy's rows into one `S × S` matrix per round (`8 S²` bytes
/// of scratch, the size of one action's rows) and runs each sweep as one faer matrix–vector
/// product.
///
/// # Formula
/// u = T v, σ = greedy(v);  v ← (T_σ)^k u  (Jacobi sweeps if discounted, else Gauss–Seidel)
///
/// # Accuracy
/// As [`value_iteration`].
///
/// # Errors
/// As [`value_iteration`]; [`MdpError::InvalidOption`] for the average cost or `sweeps = 0`.
///
/// # Examples
/// The discounted example of policy iteration, with k = 5 sweeps.
/// ```
/// use loadbal::remap::mdp::{Algorithm, Criterion, Mdp, Options};
/// use nalgebra::dmatrix;
/// let stay = dmatrix![1.0, 0.0; 0.0, 1.0];
/// let go = dmatrix![0.0, 1.0; 0.0, 1.0];
/// let mdp = Mdp::new(vec![stay, go], dmatrix![1.0, 5.0; 0.0, 0.0]).unwrap();
/// let mpi = Options::with_algorithm(Algorithm::ModifiedPolicyIteration { sweeps: 5 });
/// let s = mdp.solve(Criterion::Discounted { factor: 0.9 }, &mpi).unwrap();
/// assert_eq!(s.policy, vec![1, 0]);
/// assert!((s.values[0] - 5.0).abs() < 1e-9);
/// ```
pub(crate) fn modified_policy_iteration(
    mdp: &Mdp,
    criterion: Criterion,
    opts: &Options,
    sweeps: usize,
) -> Result<Solution, MdpError> {
    check_options(mdp, criterion, opts)?;
    if criterion == Criterion::AverageCost || sweeps == 0 {
        return Err(MdpError::InvalidOption { name: "sweeps (total or discounted cost only)", value: sweeps as f64 });
    }
    if sweeps as u64 > MAX_SWEEPS {
        return Err(MdpError::TooLarge { what: "sweeps", value: sweeps as u64, limit: MAX_SWEEPS });
    }
    let beta = criterion.beta();
    let s = mdp.states;
    let stochastic = stochastic(mdp);
    let rho = dense_rho(mdp);
    let algorithm = Algorithm::ModifiedPolicyIteration { sweeps };
    let mut v = opts.init_values.clone().unwrap_or_else(|| vec![0.0; s]);
    let mut u = vec![0.0; s];
    let mut policy = vec![0; s];
    let mut work = Work::new(mdp);
    let discounted = matches!(criterion, Criterion::Discounted { .. });
    let mut pairs = vec![0; s];
    let mut gathered: Option<faer::Mat<f64>> = None;
    for it in 1..=opts.max_iters {
        let (lo, hi, amax) = jacobi(mdp, beta, &v, &mut u, &mut policy, &mut work);
        if amax.is_nan() {
            return Err(MdpError::NonFiniteValue { state: 0, value: f64::NAN });
        }
        if converged(criterion, lo, hi, amax, opts.tol, stochastic) || it == opts.max_iters {
            let t = if it == opts.max_iters && !converged(criterion, lo, hi, amax, opts.tol, stochastic) {
                Termination::MaxItersReached
            } else {
                Termination::ToleranceReached
            };
            return finish(mdp, criterion, u, policy, (lo, hi), it, t, algorithm, stochastic, &work);
        }
        if discounted {
            work.eliminate(mdp, beta, &v, (lo, hi), stochastic);
        }
        for (i, k) in pairs.iter_mut().enumerate() {
            *k = mdp.pair_ptr[i] + policy[i];
        }
        if discounted && mdp.storage() == Storage::Dense && sweeps >= GATHER_SWEEPS {
            let g = gathered.get_or_insert_with(|| faer::Mat::zeros(s, s));
            dense_sweeps(mdp, beta, &pairs, sweeps, g, &mut u, &mut v);
        } else {
            for _ in 0..sweeps {
                if discounted {
                    // Jacobi sweeps keep the slow constant mode constant, which the span rule
                    // ignores; Gauss–Seidel sweeps would tilt it and slow the span down to β.
                    let rv = mdp.restart_dot(&u);
                    for (i, &k) in pairs.iter().enumerate() {
                        v[i] = mdp.q(k, &u, beta, rv);
                    }
                    std::mem::swap(&mut v, &mut u);
                } else {
                    gauss_seidel(mdp, beta, &mut u, &rho, Some(&pairs), &[]);
                }
            }
        }
        std::mem::swap(&mut v, &mut u);
    }
    Err(MdpError::InvalidOption { name: "max_iters", value: 0.0 })
}

/// Fewest partial-evaluation sweeps for which [`dense_sweeps`] gathers the policy's rows: the
/// gather costs about two sweeps of memory traffic, a gathered sweep about half a scattered one
/// (mdp_peer on 1,000 × 5 and 2,000 × 10: equal at k = 5, faster from k = 10).
const GATHER_SWEEPS: usize = 8;

/// `sweeps` Jacobi sweeps `u ← c_σ + β (P_σ u + w_σ ρ·u)` of a dense-form MDP (`v` is scratch):
/// the policy's rows are gathered once into one contiguous matrix and each sweep is one faer
/// matrix–vector product over it (row-by-row dot products over the scattered rows ran at about
/// half the memory bandwidth on 2,000 × 10). `g` is `S × S` scratch, kept across rounds.
fn dense_sweeps(
    mdp: &Mdp,
    beta: f64,
    pairs: &[usize],
    sweeps: usize,
    g: &mut faer::Mat<f64>,
    u: &mut Vec<f64>,
    v: &mut Vec<f64>,
) {
    use faer::linalg::matmul::matmul;
    use faer::{Accum, ColMut, ColRef, Par};
    let n = mdp.states;
    // Column i of `g` is the row of pair σ(i): `gᵀ` is P_σ, stored row-major.
    for (i, &k) in pairs.iter().enumerate() {
        if let Some(row) = mdp.rows.dense_row(k) {
            g.col_mut(i).copy_from(ColRef::from_slice(row));
        }
    }
    let c: Vec<f64> = pairs.iter().map(|&k| mdp.costs[k]).collect();
    let w: Vec<f64> = pairs.iter().map(|&k| mdp.weight(k)).collect();
    for _ in 0..sweeps {
        let rv = mdp.restart_dot(u);
        matmul(ColMut::from_slice_mut(v), Accum::Replace, g.transpose(), ColRef::from_slice(u), beta, Par::Seq);
        for i in 0..n {
            v[i] += c[i] + beta * w[i] * rv;
        }
        std::mem::swap(v, u);
    }
}

impl Mdp {
    /// Solves the problem for `criterion` with the algorithm of [`Options::algorithm`]
    /// ([`Algorithm::PolicyIteration`], [`Algorithm::ModifiedPolicyIteration`],
    /// [`Algorithm::ValueIteration`]; QuantEcon's `DiscreteDP.solve(method)`), or, when it is
    /// `None`, the fastest for the problem: policy iteration, except value iteration with Jacobi
    /// sweeps for a discounted problem of more than 400 states stored densely.
    ///
    /// # Accuracy
    /// As the algorithm (see its variant of [`Algorithm`], and [`Solution::algorithm`]).
    ///
    /// # Errors
    /// [`MdpError::InvalidOption`] for `tol ≤ 0`, `max_iters = 0`, `τ ∉ (0, 1]`, a wrong
    /// `init_values` length, a BiCGSTAB `tol ≤ 0` or `max_iters = 0`, or modified policy
    /// iteration with `sweeps = 0` or the average cost; [`MdpError::TooLarge`] for more than
    /// [`MAX_SWEEPS`] sweeps or [`MAX_LINEAR_ITERS`] BiCGSTAB iterations; the criterion errors; [`MdpError::NoProperPolicy`] (total cost, no policy absorbs from
    /// some state); the errors of [`Mdp::evaluate`]; [`MdpError::NonFiniteValue`] when the
    /// iteration overflows.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::{Algorithm, Criterion, Mdp, Options};
    /// use nalgebra::dmatrix;
    /// let mdp = Mdp::new(vec![dmatrix![0.5], dmatrix![0.0]], dmatrix![1.0, 3.0]).unwrap();
    /// let s = mdp.solve(Criterion::TotalCost, &Options::default()).unwrap();
    /// assert_eq!(s.algorithm, Algorithm::PolicyIteration);
    /// assert!((s.values[0] - 2.0).abs() < 1e-12);
    /// ```
    pub fn solve(&self, criterion: Criterion, options: &Options) -> Result<Solution, MdpError> {
        let mdp = self;
        let opts = options;
        match opts.algorithm {
            Some(Algorithm::PolicyIteration) => policy_iteration(mdp, criterion, opts),
            Some(Algorithm::ValueIteration) => value_iteration(mdp, criterion, opts),
            Some(Algorithm::ModifiedPolicyIteration { sweeps }) => {
                modified_policy_iteration(mdp, criterion, opts, sweeps)
            }
            None => {
                let dense_rows = mdp.states > DENSE_LIMIT && mdp.storage() == Storage::Dense;
                match criterion {
                    Criterion::Discounted { .. } if dense_rows => {
                        value_iteration(mdp, criterion, &Options { sweep: Sweep::Jacobi, ..opts.clone() })
                    }
                    _ => policy_iteration(mdp, criterion, opts),
                }
            }
        }
    }
}
