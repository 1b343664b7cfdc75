//! Policy evaluation, Howard policy iteration and value iteration.

use super::{Criterion, Mdp, MdpError};
use nalgebra::{DMatrix, DVector};

/// Relative tolerance under which two Q-values count as tied.
const TIE: f64 = 1e-12;

/// Why an iterative solver stopped (after argmin's `TerminationReason`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Termination {
    /// Policy iteration: the improved policy equals the evaluated one.
    PolicyStable,
    /// Value iteration: the sup-norm (span, for the average cost) of the last update is at most
    /// the tolerance.
    ToleranceReached,
    /// The iteration limit was hit first; the result is the last iterate.
    MaxItersReached,
}

/// Result of a solver.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Solution {
    /// Action of each state.
    pub policy: Vec<usize>,
    /// Values of the policy: total or discounted cost, or the bias (zero at state 0) for the
    /// average cost.
    pub values: DVector<f64>,
    /// Gain (average cost per step), for [`Criterion::AverageCost`] only.
    pub gain: Option<f64>,
    /// Policy-iteration rounds (each an evaluation and an improvement) or value-iteration
    /// updates.
    pub iterations: usize,
    /// Why the solver stopped.
    pub termination: Termination,
    /// Bellman residual `‖min_a Q(·, a) − V‖_∞` of the returned values (gain included).
    pub residual: f64,
}

fn factor(criterion: Criterion) -> f64 {
    match criterion {
        Criterion::Discounted { factor } => factor,
        _ => 1.0,
    }
}

/// Exact value of a stationary policy (Yin et al., eq. (17) for the total cost).
///
/// # Formula
/// total: (I − P_u) J = c_u;  discounted: (I − β P_u) J = c_u;
/// average: g + h_i = c_u(i) + Σ_j P_u(i,j) h_j, h_0 = 0
///
/// Returns the values and, for the average cost, the gain.
///
/// # Errors
/// [`MdpError::InvalidPolicy`], [`MdpError::InvalidDiscount`], [`MdpError::NotStochastic`]
/// (average cost), [`MdpError::ImproperPolicy`] (total cost, a state that never absorbs),
/// [`MdpError::MultichainPolicy`] (average cost, singular system).
///
/// # Examples
/// ```
/// use loadbal::remap::mdp::{Criterion, Mdp, evaluate_policy};
/// use nalgebra::dmatrix;
/// let mdp = Mdp::new(vec![dmatrix![0.5]], dmatrix![1.0]).unwrap();
/// let (j, _) = evaluate_policy(&mdp, Criterion::TotalCost, &[0]).unwrap();
/// assert!((j[0] - 2.0).abs() < 1e-12);
/// ```
pub fn evaluate_policy(
    mdp: &Mdp,
    criterion: Criterion,
    policy: &[usize],
) -> Result<(DVector<f64>, Option<f64>), MdpError> {
    mdp.check_criterion(criterion)?;
    mdp.check_policy(policy)?;
    let (p, c) = mdp.policy_system(policy);
    let s = mdp.states();
    match criterion {
        Criterion::TotalCost | Criterion::Discounted { .. } => {
            if criterion == Criterion::TotalCost {
                if let Some(&state) = mdp.improper_states(policy)?.first() {
                    return Err(MdpError::ImproperPolicy { state });
                }
            }
            let a = DMatrix::identity(s, s) - p * factor(criterion);
            let j = a.lu().solve(&c).ok_or(MdpError::ImproperPolicy { state: 0 })?;
            Ok((j, None))
        }
        Criterion::AverageCost => {
            // Unknowns (g, h_1, …, h_{S−1}) with h_0 = 0: column 0 of I − P becomes all ones.
            let mut a = DMatrix::identity(s, s) - p;
            a.set_column(0, &DVector::from_element(s, 1.0));
            let x = a.lu().solve(&c).ok_or(MdpError::MultichainPolicy)?;
            if x.iter().any(|v| !v.is_finite()) {
                return Err(MdpError::MultichainPolicy);
            }
            let g = x[0];
            let mut h = x;
            h[0] = 0.0;
            Ok((h, Some(g)))
        }
    }
}

/// Q-values `Q(i, a) = c(i, a) + β Σ_j P_a(i, j) V_j` as an `S×A` matrix.
fn q_values(mdp: &Mdp, beta: f64, v: &DVector<f64>) -> DMatrix<f64> {
    let mut q = mdp.costs().clone();
    for a in 0..mdp.actions() {
        let pv = mdp.transition(a) * v;
        let mut col = q.column_mut(a);
        col.axpy(beta, &pv, 1.0);
    }
    q
}

/// Greedy action of row `i`: lowest index among the tied minima, or `keep` when it is tied.
fn greedy(q: &DMatrix<f64>, i: usize, keep: Option<usize>) -> (usize, f64) {
    let row = q.row(i);
    let min = row.min();
    let tol = TIE * (1.0 + min.abs());
    if let Some(k) = keep {
        if row[k] <= min + tol {
            return (k, min);
        }
    }
    let a = row.iter().position(|&x| x <= min + tol).unwrap_or(0);
    (a, min)
}

fn residual(mdp: &Mdp, criterion: Criterion, v: &DVector<f64>, gain: Option<f64>) -> f64 {
    let q = q_values(mdp, factor(criterion), v);
    let g = gain.unwrap_or(0.0);
    (0..mdp.states()).map(|i| (q.row(i).min() - g - v[i]).abs()).fold(0.0, f64::max)
}

fn first_proper(mdp: &Mdp, criterion: Criterion) -> Result<Vec<usize>, MdpError> {
    let q = q_values(mdp, 0.0, &DVector::zeros(mdp.states()));
    let greedy0: Vec<usize> = (0..mdp.states()).map(|i| greedy(&q, i, None).0).collect();
    if criterion != Criterion::TotalCost {
        return Ok(greedy0);
    }
    let mut candidates = vec![greedy0];
    candidates.extend((0..mdp.actions()).map(|a| vec![a; mdp.states()]));
    for c in &candidates {
        if mdp.improper_states(c)?.is_empty() {
            return Ok(c.clone());
        }
    }
    let state = mdp.improper_states(&candidates[0])?[0];
    Err(MdpError::ImproperPolicy { state })
}

/// Expected number of steps until absorption under a stationary policy (Yin et al., Lemma 4.2(1),
/// `E_i τ_u`), counting the step that leaves.
///
/// # Formula
/// (I − P_u) τ = 1
///
/// # Errors
/// [`MdpError::InvalidPolicy`]; [`MdpError::ImproperPolicy`] when the policy never absorbs
/// from some state.
///
/// # Examples
/// ```
/// use loadbal::remap::mdp::{Mdp, expected_absorption_time};
/// use nalgebra::dmatrix;
/// let mdp = Mdp::new(vec![dmatrix![0.75]], dmatrix![1.0]).unwrap();
/// assert!((expected_absorption_time(&mdp, &[0]).unwrap()[0] - 4.0).abs() < 1e-12);
/// ```
pub fn expected_absorption_time(mdp: &Mdp, policy: &[usize]) -> Result<DVector<f64>, MdpError> {
    mdp.check_policy(policy)?;
    if let Some(&state) = mdp.improper_states(policy)?.first() {
        return Err(MdpError::ImproperPolicy { state });
    }
    let (p, _) = mdp.policy_system(policy);
    let s = mdp.states();
    (DMatrix::identity(s, s) - p)
        .lu()
        .solve(&DVector::from_element(s, 1.0))
        .ok_or(MdpError::ImproperPolicy { state: 0 })
}

/// One Bellman update (Yin et al., eq. (19)): the new values and the greedy policy (ties to the
/// lowest action index). Starting from zeros, `n` updates give the optimal `n`-step cost of
/// the finite-horizon problem (Yin et al., eq. (12)).
///
/// # Formula
/// V'(i) = min_a [c(i,a) + β Σ_j P_a(i,j) V(j)]
///
/// # Errors
/// [`MdpError::InvalidDiscount`] / [`MdpError::NotStochastic`] for the criterion;
/// [`MdpError::InvalidOption`] for a wrong length of `v`.
///
/// # Examples
/// One step from zero values costs the cheapest immediate cost.
/// ```
/// use loadbal::remap::mdp::{Criterion, Mdp, bellman_update};
/// use nalgebra::{DVector, dmatrix};
/// let mdp = Mdp::new(vec![dmatrix![0.5], dmatrix![0.0]], dmatrix![1.0, 3.0]).unwrap();
/// let (v, u) = bellman_update(&mdp, Criterion::TotalCost, &DVector::zeros(1)).unwrap();
/// assert_eq!((v[0], u[0]), (1.0, 0));
/// ```
pub fn bellman_update(
    mdp: &Mdp,
    criterion: Criterion,
    v: &DVector<f64>,
) -> Result<(DVector<f64>, Vec<usize>), MdpError> {
    mdp.check_criterion(criterion)?;
    if v.len() != mdp.states() {
        return Err(MdpError::InvalidOption { name: "v length", value: v.len() as f64 });
    }
    let q = q_values(mdp, factor(criterion), v);
    let (mut next, mut policy) = (DVector::zeros(mdp.states()), vec![0; mdp.states()]);
    for i in 0..mdp.states() {
        let (a, m) = greedy(&q, i, None);
        policy[i] = a;
        next[i] = m;
    }
    Ok((next, policy))
}

/// Howard policy iteration: evaluate exactly, improve greedily, stop when the policy repeats.
///
/// The default initial policy (`init = None`) is the greedy one for zero values; under the
/// total cost, if it is improper, the first proper constant policy (action 0, 1, …).
///
/// # Formula
/// u_{k+1}(i) = argmin_a [c(i,a) + β Σ_j P_a(i,j) V^{u_k}_j]  (− g for the average cost)
///
/// # Errors
/// The errors of [`evaluate_policy`]; [`MdpError::InvalidOption`] when `max_iters = 0`.
///
/// # Examples
/// Discounted two-state problem: staying costs 1 in state 0; moving to the free state 1
/// costs 5 once. With β = 0.9 staying forever costs 10 > 5, so state 0 moves.
/// ```
/// use loadbal::remap::mdp::{Criterion, Mdp, policy_iteration};
/// use nalgebra::dmatrix;
/// let stay = dmatrix![1.0, 0.0; 0.0, 1.0];
/// let go = dmatrix![0.0, 1.0; 0.0, 1.0];
/// let mdp = Mdp::new(vec![stay, go], dmatrix![1.0, 5.0; 0.0, 0.0]).unwrap();
/// let s = policy_iteration(&mdp, Criterion::Discounted { factor: 0.9 }, None, 50).unwrap();
/// assert_eq!(s.policy, vec![1, 0]);
/// assert!((s.values[0] - 5.0).abs() < 1e-12);
/// ```
pub fn policy_iteration(
    mdp: &Mdp,
    criterion: Criterion,
    init: Option<&[usize]>,
    max_iters: usize,
) -> Result<Solution, MdpError> {
    mdp.check_criterion(criterion)?;
    if max_iters == 0 {
        return Err(MdpError::InvalidOption { name: "max_iters", value: 0.0 });
    }
    let mut policy = match init {
        Some(p) => {
            mdp.check_policy(p)?;
            p.to_vec()
        }
        None => first_proper(mdp, criterion)?,
    };
    let beta = factor(criterion);
    for it in 1..=max_iters {
        let (v, gain) = evaluate_policy(mdp, criterion, &policy)?;
        let q = q_values(mdp, beta, &v);
        let next: Vec<usize> = (0..mdp.states()).map(|i| greedy(&q, i, Some(policy[i])).0).collect();
        if next == policy || it == max_iters {
            let termination = if next == policy { Termination::PolicyStable } else { Termination::MaxItersReached };
            let residual = residual(mdp, criterion, &v, gain);
            return Ok(Solution { policy, values: v, gain, iterations: it, termination, residual });
        }
        policy = next;
    }
    unreachable!("the loop returns at it == max_iters")
}

/// Value iteration (Yin et al., eq. (19)): `V ← min_a (c_a + β P_a V)` from `v0` (zeros by
/// default) until the sup-norm of an update is at most `tol` (for the average cost: relative
/// value iteration, `h ← T h − (T h)_0`, until the span of `T h − h` is at most `tol`), then
/// an exact evaluation of the greedy policy of the last update when it is proper (the values
/// of the last iterate otherwise). `iterations` counts the Bellman updates.
///
/// With zero costs-to-go `V^0 = 0`, `V^n` is the optimal n-step cost (Yin et al., eq. (12)).
///
/// # Formula
/// V^{n+1}(i) = min_a [c(i,a) + β Σ_j P_a(i,j) V^n(j)],  stop when ‖V^{n+1} − V^n‖_∞ ≤ tol
///
/// # Errors
/// [`MdpError::InvalidOption`] for `tol ≤ 0`, `max_iters = 0` or a wrong `v0` length; the
/// criterion errors of [`evaluate_policy`].
///
/// # Examples
/// ```
/// use loadbal::remap::mdp::{Criterion, Mdp, Termination, value_iteration};
/// use nalgebra::dmatrix;
/// let mdp = Mdp::new(vec![dmatrix![0.5], dmatrix![0.0]], dmatrix![1.0, 3.0]).unwrap();
/// let s = value_iteration(&mdp, Criterion::TotalCost, 1e-10, 1000, None).unwrap();
/// assert_eq!(s.termination, Termination::ToleranceReached);
/// assert!((s.values[0] - 2.0).abs() < 1e-12);
/// ```
pub fn value_iteration(
    mdp: &Mdp,
    criterion: Criterion,
    tol: f64,
    max_iters: usize,
    v0: Option<&DVector<f64>>,
) -> Result<Solution, MdpError> {
    mdp.check_criterion(criterion)?;
    if !(tol > 0.0 && tol.is_finite()) {
        return Err(MdpError::InvalidOption { name: "tol", value: tol });
    }
    if max_iters == 0 {
        return Err(MdpError::InvalidOption { name: "max_iters", value: 0.0 });
    }
    let s = mdp.states();
    let mut v = match v0 {
        Some(v) if v.len() != s => {
            return Err(MdpError::InvalidOption { name: "v0 length", value: v.len() as f64 });
        }
        Some(v) => v.clone(),
        None => DVector::zeros(s),
    };
    let beta = factor(criterion);
    let average = criterion == Criterion::AverageCost;
    let mut policy = vec![0; s];
    let mut termination = Termination::MaxItersReached;
    let mut iterations = max_iters;
    for it in 1..=max_iters {
        let q = q_values(mdp, beta, &v);
        let mut next = DVector::zeros(s);
        for i in 0..s {
            let (a, m) = greedy(&q, i, None);
            policy[i] = a;
            next[i] = m;
        }
        let diff = &next - &v;
        let done = if average { diff.max() - diff.min() <= tol } else { diff.amax() <= tol };
        if average {
            let shift = next[0];
            next.add_scalar_mut(-shift);
        }
        v = next;
        if done {
            termination = Termination::ToleranceReached;
            iterations = it;
            break;
        }
    }
    let (values, gain) = match evaluate_policy(mdp, criterion, &policy) {
        Ok(x) => x,
        Err(MdpError::ImproperPolicy { .. } | MdpError::MultichainPolicy) => (v, None),
        Err(e) => return Err(e),
    };
    let residual = residual(mdp, criterion, &values, gain);
    Ok(Solution { policy, values, gain, iterations, termination, residual })
}
