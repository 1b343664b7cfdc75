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

/// Exact value of a stationary policy (seed 003 eq. 17 for the total cost).
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

/// Expected number of steps until absorption under a stationary policy (seed 003 Lemma 4.2(1),
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

/// One Bellman update (seed 003 eq. 19): the new values and the greedy policy (ties to the
/// lowest action index). Starting from zeros, `n` updates give the optimal `n`-step cost of
/// the finite-horizon problem (seed 003 eq. 12).
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

/// Value iteration (seed 003 eq. 19): `V ← min_a (c_a + β P_a V)` from `v0` (zeros by
/// default) until the sup-norm of an update is at most `tol` (for the average cost: relative
/// value iteration, `h ← T h − (T h)_0`, until the span of `T h − h` is at most `tol`), then
/// an exact evaluation of the greedy policy of the last update when it is proper (the values
/// of the last iterate otherwise). `iterations` counts the Bellman updates.
///
/// With zero costs-to-go `V^0 = 0`, `V^n` is the optimal n-step cost (seed 003 eq. 12).
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

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::dmatrix;
    use proptest::prelude::*;

    #[test]
    fn average_cost_gain_and_bias() {
        // Two-state chain: cost 1 in state 0, 0 in state 1; action 0 keeps, action 1 switches
        // with probability 1/2 at extra cost 0.2.
        let keep = dmatrix![0.9, 0.1; 0.1, 0.9];
        let switch = dmatrix![0.5, 0.5; 0.5, 0.5];
        let mdp = Mdp::new(vec![keep, switch], dmatrix![1.0, 1.2; 0.0, 0.2]).unwrap();
        let pi = policy_iteration(&mdp, Criterion::AverageCost, None, 50).unwrap();
        let vi = value_iteration(&mdp, Criterion::AverageCost, 1e-12, 10_000, None).unwrap();
        assert_eq!(pi.policy, vi.policy);
        assert!((pi.gain.unwrap() - vi.gain.unwrap()).abs() < 1e-10);
        assert!(pi.residual < 1e-10);
        // Brute force over the 4 policies.
        let best = (0..4)
            .map(|k| evaluate_policy(&mdp, Criterion::AverageCost, &[k & 1, k >> 1]).unwrap().1.unwrap())
            .fold(f64::INFINITY, f64::min);
        assert!((pi.gain.unwrap() - best).abs() < 1e-12);
    }

    #[test]
    fn bad_input_is_typed() {
        let ok = dmatrix![0.5, 0.5; 0.5, 0.5];
        let c = dmatrix![1.0; 1.0];
        assert!(matches!(Mdp::new(vec![], c.clone()), Err(MdpError::Empty { .. })));
        assert!(matches!(Mdp::new(vec![dmatrix![0.5, 0.5]], dmatrix![1.0]), Err(MdpError::NotSquare { .. })));
        assert!(matches!(
            Mdp::new(vec![dmatrix![1.2, -0.2; 0.5, 0.5]], c.clone()),
            Err(MdpError::NegativeProbability { .. })
        ));
        assert!(matches!(
            Mdp::new(vec![dmatrix![0.6, 0.5; 0.5, 0.5]], c.clone()),
            Err(MdpError::RowSumExceedsOne { .. })
        ));
        assert!(matches!(
            Mdp::new(vec![dmatrix![f64::NAN, 0.5; 0.5, 0.5]], c.clone()),
            Err(MdpError::NonFinite { .. })
        ));
        assert!(matches!(Mdp::new(vec![ok.clone()], dmatrix![f64::NAN; 1.0]), Err(MdpError::NonFinite { .. })));
        assert!(matches!(Mdp::new(vec![ok.clone()], dmatrix![1.0; 1.0; 1.0]), Err(MdpError::DimensionMismatch { .. })));
        let m = Mdp::new(vec![ok], c).unwrap();
        for f in [0.0, 1.0, -0.5, f64::NAN] {
            assert!(matches!(
                value_iteration(&m, Criterion::Discounted { factor: f }, 1e-6, 10, None),
                Err(MdpError::InvalidDiscount(_))
            ));
        }
        assert_eq!(evaluate_policy(&m, Criterion::TotalCost, &[0, 0]), Err(MdpError::ImproperPolicy { state: 0 }));
        assert!(matches!(evaluate_policy(&m, Criterion::TotalCost, &[0, 3]), Err(MdpError::InvalidPolicy(_))));
        assert!(matches!(
            value_iteration(&m, Criterion::TotalCost, 0.0, 10, None),
            Err(MdpError::InvalidOption { .. })
        ));
        let sub = Mdp::new(vec![dmatrix![0.5]], dmatrix![1.0]).unwrap();
        assert!(matches!(evaluate_policy(&sub, Criterion::AverageCost, &[0]), Err(MdpError::NotStochastic { .. })));
        // Multichain: two absorbing states.
        let id = Mdp::new(vec![dmatrix![1.0, 0.0; 0.0, 1.0]], dmatrix![1.0; 0.0]).unwrap();
        assert_eq!(evaluate_policy(&id, Criterion::AverageCost, &[0, 0]), Err(MdpError::MultichainPolicy));
    }

    fn random_mdp(s: usize, a: usize, raw: &[f64], costs: &[f64]) -> Mdp {
        let mut ps = Vec::new();
        for k in 0..a {
            let mut p = DMatrix::from_fn(s, s, |i, j| raw[(k * s + i) * s + j]);
            for i in 0..s {
                let sum: f64 = p.row(i).sum();
                // Leak 10 % to absorption so every policy is proper.
                p.row_mut(i).scale_mut(0.9 / sum);
            }
            ps.push(p);
        }
        Mdp::new(ps, DMatrix::from_fn(s, a, |i, k| costs[i * a + k])).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn no_input_panics(
            raw in proptest::collection::vec(prop_oneof![1 => Just(f64::NAN), 1 => Just(-0.5), 30 => 0.0f64..0.33], 2 * 3 * 3),
            costs in proptest::collection::vec(prop_oneof![1 => Just(f64::INFINITY), 20 => -1.0f64..5.0], 3 * 2),
            beta in -0.5f64..1.5,
        ) {
            let ps: Vec<DMatrix<f64>> = (0..2).map(|a| DMatrix::from_fn(3, 3, |i, j| raw[(a * 3 + i) * 3 + j])).collect();
            if let Ok(mdp) = Mdp::new(ps, DMatrix::from_fn(3, 2, |i, a| costs[i * 2 + a])) {
                for crit in [Criterion::TotalCost, Criterion::Discounted { factor: beta }, Criterion::AverageCost] {
                    let _ = policy_iteration(&mdp, crit, None, 50);
                    let _ = value_iteration(&mdp, crit, 1e-9, 500, None);
                }
                let _ = mdp.check_assumption_a();
                let _ = mdp.absorption_bound(&[0, 1, 0]);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn pi_and_vi_agree_and_satisfy_bellman(
            raw in proptest::collection::vec(0.01f64..1.0, 3 * 5 * 5),
            costs in proptest::collection::vec(0.0f64..10.0, 5 * 3),
            discounted in any::<bool>(),
        ) {
            let mdp = random_mdp(5, 3, &raw, &costs);
            let crit = if discounted { Criterion::Discounted { factor: 0.95 } } else { Criterion::TotalCost };
            mdp.check_assumption_a().unwrap();
            let pi = policy_iteration(&mdp, crit, None, 100).unwrap();
            let vi = value_iteration(&mdp, crit, 1e-12, 100_000, None).unwrap();
            prop_assert_eq!(pi.termination, Termination::PolicyStable);
            prop_assert!(pi.residual < 1e-9);
            prop_assert!((&pi.values - &vi.values).amax() < 1e-8);
            // No stationary deterministic policy beats the optimum.
            for k in 0..3usize.pow(5) {
                let pol: Vec<usize> = (0..5).map(|i| (k / 3usize.pow(i as u32)) % 3).collect();
                let (j, _) = evaluate_policy(&mdp, crit, &pol).unwrap();
                prop_assert!((0..5).all(|i| j[i] >= pi.values[i] - 1e-9));
            }
        }
    }
}
