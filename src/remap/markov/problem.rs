//! The remap-or-continue problem of seed 003 built on the crate's MDP solver.

use super::{MarkovError, WorkloadChain, reflecting_chain};
use crate::remap::mdp::{Criterion, Mdp, MdpError, Termination, policy_iteration, value_iteration};
use nalgebra::{DMatrix, DVector};

/// Action index of *continue* in the MDP built by [`RemapProblem`] (first, so ties continue).
pub const CONTINUE: usize = 0;
/// Action index of *remap*.
pub const REMAP: usize = 1;

/// The running cost `φ(w)` of continuing in an imbalanced state.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Imbalance {
    /// `max_i |w_i − w̄|` (seed 003 eq. 4); `|i − j|/2` for two processes, the §5 example.
    MaxNorm,
    /// `√Σ_i (w_i − w̄)²` (seed 003 eq. 5).
    TwoNorm,
    /// A user-supplied non-negative cost per state of the chain.
    PerState(Vec<f64>),
}

/// Where a remap sends the workload chain.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RemapTarget {
    /// Into a balanced (absorbing) state: the remap ends the problem (seed 003 §3.2, `P̃(0) = 0`).
    Balanced,
    /// A uniformly random state of the whole chain, balanced ones included (the §5 example,
    /// `P̃(0) = U/36`).
    UniformOverAllStates,
    /// A restart distribution over all states of the chain (sums to 1).
    Distribution(Vec<f64>),
}

/// Solver choice.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Method {
    /// Howard policy iteration from the greedy policy of zero values.
    PolicyIteration,
    /// Value iteration (seed 003 eq. 19) from `V⁰ = 0` with a sup-norm stopping rule.
    ValueIteration {
        /// Stop when `‖V^{n+1} − V^n‖_∞ ≤ tol`.
        tol: f64,
        /// Iteration limit.
        max_iters: usize,
    },
}

/// An optimal remapping policy over every state of the chain.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RemapSolution {
    /// Whether each state remaps (balanced states never do).
    pub remap: Vec<bool>,
    /// Optimal expected total cost from each state (0 for balanced states).
    pub values: Vec<f64>,
    /// Solver iterations (policy-iteration rounds or value-iteration updates).
    pub iterations: usize,
    /// Why the solver stopped.
    pub termination: Termination,
    /// Bellman residual of the values (seed 003 eq. 18).
    pub residual: f64,
}

/// The remapping problem: a workload chain, a running cost, a remap cost `η ≥ 0` and a remap
/// target, restricted to the imbalanced (transient) states as in seed 003 eq. 11.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RemapProblem {
    chain: WorkloadChain,
    transient: Vec<usize>,
    run_cost: Vec<f64>,
    eta: f64,
    target: Vec<f64>,
    mdp: Mdp,
}

fn imbalance_costs(chain: &WorkloadChain, imbalance: &Imbalance) -> Result<Vec<f64>, MarkovError> {
    fn dev(l: &[f64]) -> impl Iterator<Item = f64> + '_ {
        let mean = l.iter().sum::<f64>() / l.len() as f64;
        l.iter().map(move |x| x - mean)
    }
    let costs: Vec<f64> = match imbalance {
        Imbalance::MaxNorm => chain.loads().iter().map(|l| dev(l).fold(0.0f64, |m, d| m.max(d.abs()))).collect(),
        Imbalance::TwoNorm => chain.loads().iter().map(|l| dev(l).map(|d| d * d).sum::<f64>().sqrt()).collect(),
        Imbalance::PerState(c) => {
            if c.len() != chain.states() {
                return Err(MarkovError::DimensionMismatch {
                    what: "running costs",
                    expected: chain.states(),
                    got: c.len(),
                });
            }
            c.clone()
        }
    };
    for (index, &value) in costs.iter().enumerate() {
        if !value.is_finite() {
            return Err(MarkovError::NonFinite { what: "running cost", index, value });
        }
        if value < 0.0 {
            return Err(MarkovError::NegativeCost { what: "running cost", index, value });
        }
    }
    Ok(costs)
}

fn target_distribution(chain: &WorkloadChain, target: &RemapTarget) -> Result<Vec<f64>, MarkovError> {
    let s = chain.states();
    match target {
        RemapTarget::Balanced => Ok(vec![0.0; s]),
        RemapTarget::UniformOverAllStates => Ok(vec![1.0 / s as f64; s]),
        RemapTarget::Distribution(d) => {
            if d.len() != s {
                return Err(MarkovError::DimensionMismatch { what: "remap distribution", expected: s, got: d.len() });
            }
            for (index, &value) in d.iter().enumerate() {
                if !value.is_finite() {
                    return Err(MarkovError::NonFinite { what: "remap distribution", index, value });
                }
                if value < -1e-9 {
                    return Err(MarkovError::NegativeProbability { what: "remap distribution", index, value });
                }
            }
            let sum: f64 = d.iter().sum();
            if (sum - 1.0).abs() > 1e-9 {
                return Err(MarkovError::NotStochastic { what: "remap distribution", row: 0, sum });
            }
            Ok(d.clone())
        }
    }
}

impl RemapProblem {
    /// Builds the problem: balanced states (all loads equal) absorb; the continue kernel is the
    /// chain restricted to the others (seed 003 eq. 11, `P̃(1)`), the remap kernel has the same
    /// row `ρ` (the target restricted to them) in every state (`P̃(0)`).
    ///
    /// # Formula
    /// action continue: cost φ(i), row P̃(1)_i;  action remap: cost η, row ρ (ρ = 0 for
    /// [`RemapTarget::Balanced`])
    ///
    /// # Errors
    /// [`MarkovError::Degenerate`] when no state is balanced or every state is;
    /// [`MarkovError::NegativeCost`] / [`MarkovError::NonFinite`] for bad costs or `η`; the
    /// distribution errors for a bad target.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::{Imbalance, RemapProblem, RemapTarget, reflecting_chain};
    /// let chain = reflecting_chain(2, 6).unwrap();
    /// let p = RemapProblem::new(chain, &Imbalance::MaxNorm, 1.0, &RemapTarget::UniformOverAllStates).unwrap();
    /// assert_eq!(p.transient_states().len(), 30);
    /// ```
    pub fn new(
        chain: WorkloadChain,
        imbalance: &Imbalance,
        eta: f64,
        target: &RemapTarget,
    ) -> Result<Self, MarkovError> {
        if !eta.is_finite() {
            return Err(MarkovError::NonFinite { what: "remap cost", index: 0, value: eta });
        }
        if eta < 0.0 {
            return Err(MarkovError::NegativeCost { what: "remap cost", index: 0, value: eta });
        }
        let run_cost = imbalance_costs(&chain, imbalance)?;
        let target = target_distribution(&chain, target)?;
        let transient: Vec<usize> = (0..chain.states()).filter(|&s| !chain.is_balanced(s)).collect();
        if transient.is_empty() {
            return Err(MarkovError::Degenerate("every state is balanced"));
        }
        if transient.len() == chain.states() {
            return Err(MarkovError::Degenerate("no state is balanced"));
        }
        let m1 = transient.len();
        let p = chain.transition();
        let continue_kernel = DMatrix::from_fn(m1, m1, |i, j| p[(transient[i], transient[j])]);
        let rho = DVector::from_iterator(m1, transient.iter().map(|&s| target[s]));
        let remap_kernel = DMatrix::from_fn(m1, m1, |_, j| rho[j]);
        let costs = DMatrix::from_fn(m1, 2, |i, a| if a == CONTINUE { run_cost[transient[i]] } else { eta });
        let mdp = Mdp::new(vec![continue_kernel, remap_kernel], costs)?;
        Ok(Self { chain, transient, run_cost, eta, target, mdp })
    }

    /// The workload chain.
    pub fn chain(&self) -> &WorkloadChain {
        &self.chain
    }
    /// Chain indices of the imbalanced (transient) states, in the order of the MDP's states.
    pub fn transient_states(&self) -> &[usize] {
        &self.transient
    }
    /// Running cost of every chain state.
    pub fn run_cost(&self) -> &[f64] {
        &self.run_cost
    }
    /// Remap cost η.
    pub fn eta(&self) -> f64 {
        self.eta
    }
    /// Remap target distribution over all chain states (all zeros: into a balanced state).
    pub fn target(&self) -> &[f64] {
        &self.target
    }
    /// The MDP over the transient states (action 0 continue, 1 remap).
    pub fn mdp(&self) -> &Mdp {
        &self.mdp
    }

    /// The cost of each action in every chain state given the values of all chain states (the
    /// two branches of seed 003 eq. 18): `(continue, remap)` with
    /// `continue = φ(s) + Σ_j P(s, j) V(j)` and `remap = η + Σ_j ρ(j) V(j)`. Their difference is
    /// the margin of a decision.
    ///
    /// # Errors
    /// [`MarkovError::DimensionMismatch`] when `values` does not cover the chain.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::{Method, yin_example};
    /// let p = yin_example(4.0).unwrap();
    /// let sol = p.solve(Method::PolicyIteration).unwrap();
    /// let (cont, remap) = p.action_values(&sol.values).unwrap()[18]; // state (3, 0)
    /// assert!((remap - cont - 0.013923).abs() < 1e-6);
    /// ```
    pub fn action_values(&self, values: &[f64]) -> Result<Vec<(f64, f64)>, MarkovError> {
        let s = self.chain.states();
        if values.len() != s {
            return Err(MarkovError::DimensionMismatch { what: "values", expected: s, got: values.len() });
        }
        let v = DVector::from_column_slice(values);
        let cont = self.chain.transition() * &v;
        let remap = self.eta + self.target.iter().zip(values).map(|(p, x)| p * x).sum::<f64>();
        Ok((0..s).map(|i| (self.run_cost[i] + cont[i], remap)).collect())
    }

    /// Solves for the total cost until absorption (seed 003 eqs. 10, 18, 19) after checking
    /// assumption (A).
    ///
    /// # Errors
    /// [`MarkovError::Mdp`] with [`MdpError::AssumptionAViolated`] (the chain index of a state
    /// from which some policy never absorbs) or a solver error.
    pub fn solve(&self, method: Method) -> Result<RemapSolution, MarkovError> {
        if let Err(MdpError::AssumptionAViolated { state }) = self.mdp.check_assumption_a() {
            return Err(MdpError::AssumptionAViolated { state: self.transient[state] }.into());
        }
        let sol = match method {
            Method::PolicyIteration => policy_iteration(&self.mdp, Criterion::TotalCost, None, 10_000)?,
            Method::ValueIteration { tol, max_iters } => {
                value_iteration(&self.mdp, Criterion::TotalCost, tol, max_iters, None)?
            }
        };
        let s = self.chain.states();
        let (mut remap, mut values) = (vec![false; s], vec![0.0; s]);
        for (k, &state) in self.transient.iter().enumerate() {
            remap[state] = sol.policy[k] == REMAP;
            values[state] = sol.values[k];
        }
        Ok(RemapSolution {
            remap,
            values,
            iterations: sol.iterations,
            termination: sol.termination,
            residual: sol.residual,
        })
    }
}

/// Seed 003 §5: two processes, loads 0..5 (36 states), running cost `|i − j|/2` (the max-norm),
/// remap cost `η`, a remap restarting at a uniformly random one of the 36 states
/// (`P̃(0) = U/36`). State `(i, j)` has index `6i + j`.
///
/// # Errors
/// As [`RemapProblem::new`] (a negative or non-finite `η`).
///
/// # Examples
/// Figure 4(e): at η = 10 only the extreme states (0, 5) and (5, 0) remap.
/// ```
/// use loadbal::remap::markov::{Method, yin_example};
/// let sol = yin_example(10.0).unwrap().solve(Method::PolicyIteration).unwrap();
/// let remapping: Vec<usize> = (0..36).filter(|&s| sol.remap[s]).collect();
/// assert_eq!(remapping, vec![5, 30]);
/// ```
pub fn yin_example(eta: f64) -> Result<RemapProblem, MarkovError> {
    RemapProblem::new(reflecting_chain(2, 6)?, &Imbalance::MaxNorm, eta, &RemapTarget::UniformOverAllStates)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn random_chains_pi_and_vi_agree(
            raw in proptest::collection::vec(0.0f64..1.0, 9 * 9),
            eta in 0.0f64..10.0,
            uniform in any::<bool>(),
        ) {
            // 9 states: loads (i, j) in 0..3 × 0..3; a random stochastic matrix with a positive
            // diagonal-to-(0,0) leak so that every state can reach a balanced one.
            let loads: Vec<Vec<f64>> = (0..9).map(|s| vec![(s / 3) as f64, (s % 3) as f64]).collect();
            let mut p = DMatrix::from_fn(9, 9, |i, j| raw[i * 9 + j] + if j == 0 { 0.05 } else { 0.0 });
            for i in 0..9 {
                let sum = p.row(i).sum();
                p.row_mut(i).scale_mut(1.0 / sum);
            }
            let chain = WorkloadChain::new(loads, p).unwrap();
            let target = if uniform { RemapTarget::UniformOverAllStates } else { RemapTarget::Balanced };
            let prob = RemapProblem::new(chain, &Imbalance::MaxNorm, eta, &target).unwrap();
            let pi = prob.solve(Method::PolicyIteration).unwrap();
            let vi = prob.solve(Method::ValueIteration { tol: 1e-13, max_iters: 1_000_000 }).unwrap();
            prop_assert!(pi.residual < 1e-9);
            for s in 0..9 {
                prop_assert!((pi.values[s] - vi.values[s]).abs() < 1e-7);
                prop_assert!(pi.values[s] >= 0.0);
                // A remapping state is worth exactly η plus the restart value, never more than η
                // plus the value of continuing.
                let (c, r) = prob.action_values(&pi.values).unwrap()[s];
                if pi.remap[s] { prop_assert!(r < c + 1e-9); }
            }
        }
    }

    /// Remapping states of the §5 example as (i, j) pairs with i > j (the sets are symmetric).
    fn lower_remap_set(sol: &RemapSolution) -> Vec<(usize, usize)> {
        (0..36).filter(|&s| sol.remap[s] && s / 6 > s % 6).map(|s| (s / 6, s % 6)).collect()
    }

    #[test]
    fn figure4_remap_sets_and_values() {
        // The converged sets of the reference extraction (II.4; the figure's images are lost).
        type Group<'a> = (&'a [f64], &'a [(usize, usize)]);
        let sets: [Group; 5] = [
            (&[1.0], &[(2, 0), (3, 0), (3, 1), (4, 0), (4, 1), (4, 2), (5, 0), (5, 1), (5, 2), (5, 3)]),
            (&[2.0, 3.0], &[(3, 0), (4, 0), (4, 1), (5, 0), (5, 1), (5, 2)]),
            (&[4.0, 5.0, 6.0], &[(4, 0), (4, 1), (5, 0), (5, 1)]),
            (&[7.0, 8.0, 9.0], &[(4, 0), (5, 0), (5, 1)]),
            (&[10.0, 11.0, 12.0, 13.0], &[(5, 0)]),
        ];
        for (etas, set) in sets {
            for &eta in etas {
                let p = yin_example(eta).unwrap();
                let pi = p.solve(Method::PolicyIteration).unwrap();
                let vi = p.solve(Method::ValueIteration { tol: 1e-12, max_iters: 100_000 }).unwrap();
                assert_eq!(lower_remap_set(&pi), set.to_vec(), "η = {eta}");
                assert_eq!(pi.remap, vi.remap, "η = {eta}");
                assert!(pi.residual < 1e-9 && vi.residual < 1e-9);
                for s in 0..36 {
                    assert!((pi.values[s] - vi.values[s]).abs() < 1e-9);
                    // Symmetry (i, j) ↔ (j, i).
                    assert!((pi.values[s] - pi.values[(s % 6) * 6 + s / 6]).abs() < 1e-9);
                }
            }
        }
        // Reference J* values (abs 1e-6) at η = 5: (1,0), (3,0), (4,1), (5,0).
        let sol = yin_example(5.0).unwrap().solve(Method::PolicyIteration).unwrap();
        for (s, v) in [(6, 3.450011), (18, 11.603545), (25, 12.341653), (30, 12.341653)] {
            assert!((sol.values[s] - v).abs() < 1e-6, "state {s}");
        }
        // Never remap beyond η ≈ 13.29; the value is then (I − P̃(1))⁻¹ φ.
        let never = yin_example(14.0).unwrap().solve(Method::PolicyIteration).unwrap();
        assert!(never.remap.iter().all(|r| !r));
        assert!((never.values[30] - 24.426865).abs() < 1e-6);
    }

    #[test]
    fn value_iteration_counts_and_assumption_a() {
        // Reference iteration counts (V⁰ = 0, sup-norm ≤ tol), ±1.
        for (eta, n2, n6) in [(1.0, 19, 54), (4.0, 31, 82), (10.0, 51, 135), (13.0, 57, 141)] {
            let p = yin_example(eta).unwrap();
            let a = p.solve(Method::ValueIteration { tol: 1e-2, max_iters: 10_000 }).unwrap();
            let b = p.solve(Method::ValueIteration { tol: 1e-6, max_iters: 10_000 }).unwrap();
            assert!(
                a.iterations.abs_diff(n2) <= 1 && b.iterations.abs_diff(n6) <= 1,
                "η = {eta}: {} {}",
                a.iterations,
                b.iterations
            );
        }
        let p = yin_example(1.0).unwrap();
        // E[τ | never remap] (reference II.4), transient index of (1,0) is 5, of (5,0) is 25.
        let tau = crate::remap::mdp::expected_absorption_time(p.mdp(), &[CONTINUE; 30]).unwrap();
        assert!((tau[5] - 4.864485).abs() < 1e-6 && (tau[25] - 16.762590).abs() < 1e-6);
        // Value iteration from zero is the finite-horizon DP (eq. 12): V¹ = min(η, φ).
        let (v1, _) = crate::remap::mdp::bellman_update(p.mdp(), Criterion::TotalCost, &DVector::zeros(30)).unwrap();
        for (k, &s) in p.transient_states().iter().enumerate() {
            assert_eq!(v1[k], p.run_cost()[s].min(1.0));
        }
        let never = p.mdp().absorption_bound(&[CONTINUE; 30]).unwrap();
        assert_eq!((never.l, never.c0), (3, 0.01171875));
        let always = p.mdp().absorption_bound(&[REMAP; 30]).unwrap();
        assert_eq!(always.l, 1);
        assert!((always.c0 - 1.0 / 6.0).abs() < 1e-15);
    }

    #[test]
    fn textbook_variant_and_bad_input() {
        // Remap into a balanced state (P̃(0) = 0): at η = 1 every imbalanced state remaps, J ≡ 1.
        let chain = reflecting_chain(2, 6).unwrap();
        let p = RemapProblem::new(chain.clone(), &Imbalance::MaxNorm, 1.0, &RemapTarget::Balanced).unwrap();
        let sol = p.solve(Method::PolicyIteration).unwrap();
        assert_eq!(sol.remap.iter().filter(|&&r| r).count(), 30);
        assert!(p.transient_states().iter().all(|&s| (sol.values[s] - 1.0).abs() < 1e-12));
        let p = RemapProblem::new(chain.clone(), &Imbalance::MaxNorm, 2.0, &RemapTarget::Balanced).unwrap();
        let sol = p.solve(Method::PolicyIteration).unwrap();
        assert!((sol.values[6] - 1.592466).abs() < 1e-6);
        // Two-norm is √2 times the max-norm for two processes.
        let two = RemapProblem::new(chain.clone(), &Imbalance::TwoNorm, 1.0, &RemapTarget::Balanced).unwrap();
        assert!((two.run_cost()[5] - 5.0 / 2f64.sqrt()).abs() < 1e-12);
        // Bad input.
        let bad = |r: Result<RemapProblem, MarkovError>| r.unwrap_err();
        assert!(matches!(bad(yin_example(-1.0)), MarkovError::NegativeCost { .. }));
        assert!(matches!(bad(yin_example(f64::NAN)), MarkovError::NonFinite { .. }));
        let neg = Imbalance::PerState(vec![-1.0; 36]);
        assert!(matches!(
            bad(RemapProblem::new(chain.clone(), &neg, 1.0, &RemapTarget::Balanced)),
            MarkovError::NegativeCost { .. }
        ));
        let short = Imbalance::PerState(vec![1.0; 35]);
        assert!(matches!(
            bad(RemapProblem::new(chain.clone(), &short, 1.0, &RemapTarget::Balanced)),
            MarkovError::DimensionMismatch { .. }
        ));
        let d = RemapTarget::Distribution(vec![0.5; 36]);
        assert!(matches!(
            bad(RemapProblem::new(chain, &Imbalance::MaxNorm, 1.0, &d)),
            MarkovError::NotStochastic { .. }
        ));
        // A closed loop of imbalanced states that remapping restarts inside: (A) fails.
        let loop_chain = WorkloadChain::new(
            vec![vec![0.0, 1.0], vec![1.0, 0.0], vec![0.0, 0.0]],
            DMatrix::from_row_slice(3, 3, &[0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]),
        )
        .unwrap();
        let restart = RemapTarget::Distribution(vec![0.5, 0.5, 0.0]);
        let p = RemapProblem::new(loop_chain, &Imbalance::MaxNorm, 1.0, &restart).unwrap();
        assert_eq!(p.solve(Method::PolicyIteration), Err(MarkovError::Mdp(MdpError::AssumptionAViolated { state: 0 })));
    }
}
