//! The remap-or-continue problem of Yin et al. built on the crate's MDP solver.

use super::WorkloadChain;
use super::error::MarkovError;
use crate::remap::mdp::{Algorithm, Criterion, LEAK, Mdp, MdpBuilder, MdpError, Options, Sweep, Termination};

/// Action index of *remap* in the MDP built by [`RemapProblem`] (*continue* is action 0, first, so ties continue).
pub(crate) const REMAP: usize = 1;

/// The running cost `φ(w)` of continuing in an imbalanced state.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Imbalance {
    /// `max_i |w_i − w̄|` (Yin et al., eq. (4)); `|i − j|/2` for two processes, the §5 example.
    MaxNorm,
    /// `√Σ_i (w_i − w̄)²` (Yin et al., eq. (5)).
    TwoNorm,
    /// A user-supplied non-negative cost per state of the chain.
    PerState(Vec<f64>),
}

/// Where a remap sends the workload chain.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RemapTarget {
    /// Into a balanced (absorbing) state: the remap ends the problem (Yin et al., §3.2, `P̃(0) = 0`).
    Balanced,
    /// A uniformly random load vector, balanced ones included (the §5 example, `P̃(0) = U/36`).
    /// On an exchangeable chain each sorted state is weighted by its multiplicity, so that this
    /// is the image of the uniform law on the product space.
    UniformOverAllStates,
    /// A restart distribution over all states of the chain (sums to 1).
    Distribution(Vec<f64>),
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
    /// Bellman residual of the values (Yin et al., eq. (18)).
    pub residual: f64,
}

impl std::fmt::Display for RemapSolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} of {} states remap; {} iterations ({}), Bellman residual {:.3e}",
            self.remap.iter().filter(|&&r| r).count(),
            self.remap.len(),
            self.iterations,
            self.termination,
            self.residual
        )
    }
}

/// The two branches of Yin et al., eq. (18) in one chain state, from
/// [`RemapProblem::action_values`].
///
/// Displayed as:
/// ```
/// use loadbal::remap::markov::ActionValues;
/// assert_eq!(ActionValues { continue_: 2.5, remap: 3.0 }.to_string(), "continue 2.5, remap 3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ActionValues {
    /// Cost of continuing: `φ(s) + Σ_j P(s, j) V(j)`.
    pub continue_: f64,
    /// Cost of remapping: `η + Σ_j ρ(j) V(j)`.
    pub remap: f64,
}

impl std::fmt::Display for ActionValues {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "continue {}, remap {}", self.continue_, self.remap)
    }
}

/// The remapping problem: a workload chain, a running cost, a remap cost `η ≥ 0` and a remap
/// target, restricted to the imbalanced (transient) states as in Yin et al., eq. (11).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawRemapProblem"))]
pub struct RemapProblem {
    chain: WorkloadChain,
    transient: Vec<usize>,
    run_cost: Vec<f64>,
    eta: f64,
    target: Vec<f64>,
    mdp: Mdp,
}

/// The serialised form of [`RemapProblem`], checked on the way in: the chain (see
/// [`WorkloadChain`]), `η`, one finite non-negative running cost per state and the remap target
/// (all zeros for [`RemapTarget::Balanced`], else a distribution); the transient states and the
/// MDP are rebuilt from them. A value read back unchecked made the solvers and the simulation
/// index out of range.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawRemapProblem {
    chain: WorkloadChain,
    run_cost: Vec<f64>,
    eta: f64,
    target: Vec<f64>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawRemapProblem> for RemapProblem {
    type Error = MarkovError;

    fn try_from(raw: RawRemapProblem) -> Result<Self, MarkovError> {
        let RawRemapProblem { chain, run_cost, eta, target } = raw;
        check_remap_cost(eta)?;
        let run_cost = imbalance_costs(&chain, &Imbalance::PerState(run_cost))?;
        let target = if target.iter().all(|&x| x == 0.0) && target.len() == chain.states() {
            target
        } else {
            target_distribution(&chain, &RemapTarget::Distribution(target))?
        };
        RemapProblem::assemble(chain, run_cost, eta, target)
    }
}

/// The remap cost `η`: finite and non-negative.
fn check_remap_cost(eta: f64) -> Result<(), MarkovError> {
    if !eta.is_finite() {
        return Err(MarkovError::NonFinite { what: "remap cost", index: 0, value: eta });
    }
    if eta < 0.0 {
        return Err(MarkovError::NegativeCost { what: "remap cost", index: 0, value: eta });
    }
    Ok(())
}

/// The running cost of every chain state (checked: one per state, finite, non-negative).
fn imbalance_costs(chain: &WorkloadChain, imbalance: &Imbalance) -> Result<Vec<f64>, MarkovError> {
    let dev = |s: usize| {
        let l = chain.state_load(s);
        let mean = l.iter().sum::<f64>() / l.len() as f64;
        l.iter().map(move |x| x - mean)
    };
    let s = chain.states();
    let costs: Vec<f64> = match imbalance {
        Imbalance::MaxNorm => (0..s).map(|i| dev(i).fold(0.0f64, |m, d| m.max(d.abs()))).collect(),
        Imbalance::TwoNorm => (0..s).map(|i| dev(i).map(|d| d * d).sum::<f64>().sqrt()).collect(),
        Imbalance::PerState(c) => {
            if c.len() != s {
                return Err(MarkovError::DimensionMismatch { what: "running costs", expected: s, got: c.len() });
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
        RemapTarget::UniformOverAllStates => {
            let m: Vec<f64> = (0..s).map(|i| chain.state_multiplicity(i)).collect();
            let total: f64 = m.iter().sum();
            Ok(m.into_iter().map(|x| x / total).collect())
        }
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
    /// Builds the problem: balanced states (all loads equal) absorb; the continue action of an
    /// imbalanced state costs `φ` and moves with the chain restricted to the imbalanced states
    /// (Yin et al., eq. (11), `P̃(1)`; mass into balanced states is absorbed); the remap action
    /// costs `η` and restarts from the target restricted to them (`P̃(0)`, stored once as the
    /// MDP's restart distribution, not as a dense row per state). Sparse throughout: the
    /// memory is about 12 bytes per transition entry of the imbalanced states.
    ///
    /// # Formula
    /// action continue: cost φ(i), row P̃(1)_i;  action remap: cost η, row ρ (ρ = 0 for
    /// [`RemapTarget::Balanced`])
    ///
    /// # Errors
    /// [`MarkovError::Degenerate`] when no state is balanced or every state is;
    /// [`MarkovError::AbsorptionUnresolved`] when absorption is possible but its probability in
    /// one step is at most `1e-12` from every imbalanced state under either action (for
    /// instance 50 processes of 2 levels with a uniform remap target, about `2⁻⁴⁹`);
    /// [`MarkovError::NegativeCost`] / [`MarkovError::NonFinite`] for bad costs or `η`; the
    /// distribution errors for a bad target.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::{Imbalance, RemapProblem, RemapTarget, WorkloadChain};
    /// let chain = WorkloadChain::reflecting(6, 2).unwrap();
    /// let p = RemapProblem::new(chain, &Imbalance::MaxNorm, 1.0, &RemapTarget::UniformOverAllStates).unwrap();
    /// assert_eq!(p.transient_states().len(), 30);
    /// ```
    pub fn new(
        chain: WorkloadChain,
        imbalance: &Imbalance,
        eta: f64,
        target: &RemapTarget,
    ) -> Result<Self, MarkovError> {
        check_remap_cost(eta)?;
        let run_cost = imbalance_costs(&chain, imbalance)?;
        let target = target_distribution(&chain, target)?;
        Self::assemble(chain, run_cost, eta, target)
    }

    /// The problem of checked parts: the transient states and the MDP on them.
    fn assemble(chain: WorkloadChain, run_cost: Vec<f64>, eta: f64, target: Vec<f64>) -> Result<Self, MarkovError> {
        let transient: Vec<usize> = (0..chain.states()).filter(|&s| !chain.state_balanced(s)).collect();
        if transient.is_empty() {
            return Err(MarkovError::Degenerate("every state is balanced"));
        }
        if transient.len() == chain.states() {
            return Err(MarkovError::Degenerate("no state is balanced"));
        }
        let mut local = vec![u32::MAX; chain.states()];
        for (k, &s) in transient.iter().enumerate() {
            local[s] = k as u32;
        }
        let m = transient.len();
        let mut b = MdpBuilder::with_capacity(m as u64, 2 * m, 0);
        let rho: Vec<(usize, f64)> =
            transient.iter().enumerate().filter(|&(_, &s)| target[s] > 0.0).map(|(k, &s)| (k, target[s])).collect();
        b.restart(&rho);
        let mut row: Vec<(usize, f64)> = Vec::new();
        // The largest one-step absorption probability, summed from the entries into balanced
        // states (exact up to their own rounding, unlike the solver's 1 − Σ of the rest).
        // A remap to the balanced states (an all-zero target) is absorbed at once.
        let mut absorption: f64 = if target.iter().all(|&x| x == 0.0) {
            1.0
        } else {
            (0..chain.states()).filter(|&s| local[s] == u32::MAX).map(|s| target[s]).sum()
        };
        for (k, &s) in transient.iter().enumerate() {
            row.clear();
            let mut absorbed = 0.0;
            chain.for_each_successor(s, |j, p| {
                if local[j] != u32::MAX {
                    row.push((local[j] as usize, p));
                } else {
                    absorbed += p;
                }
            });
            absorption = absorption.max(absorbed);
            b.action_from_iter(k, run_cost[s], 0.0, row.iter().copied());
            b.action_with_restart(k, eta, &[], 1.0);
        }
        if absorption > 0.0 && absorption <= LEAK {
            return Err(MarkovError::AbsorptionUnresolved { probability: absorption });
        }
        let mdp = b.build()?;
        Ok(Self { chain, transient, run_cost, eta, target, mdp })
    }

    /// The workload chain.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::yin_example;
    /// assert_eq!(yin_example(4.0).unwrap().chain().states(), 36);
    /// ```
    pub fn chain(&self) -> &WorkloadChain {
        &self.chain
    }
    /// Chain indices of the imbalanced (transient) states, in the order of the MDP's states.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::yin_example;
    /// // Yin et al., §5: the six states (i, i) are balanced, 30 remain.
    /// let p = yin_example(4.0).unwrap();
    /// assert_eq!(p.transient_states().len(), 30);
    /// assert!(!p.transient_states().contains(&(6 * 2 + 2)));
    /// ```
    pub fn transient_states(&self) -> &[usize] {
        &self.transient
    }
    /// Running cost of every chain state.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::yin_example;
    /// // Yin et al., §5: φ(i, j) = |i − j|/2.
    /// assert_eq!(yin_example(4.0).unwrap().run_cost()[6 * 5 + 0], 2.5);
    /// ```
    pub fn run_cost(&self) -> &[f64] {
        &self.run_cost
    }
    /// Remap cost η.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// assert_eq!(loadbal::remap::markov::yin_example(4.0).unwrap().eta(), 4.0);
    /// ```
    pub fn eta(&self) -> f64 {
        self.eta
    }
    /// Remap target distribution over all chain states (all zeros: into a balanced state).
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::yin_example;
    /// // Yin et al., §5: a remap restarts uniformly over the 36 states.
    /// assert!(yin_example(4.0).unwrap().target().iter().all(|&p| p == 1.0 / 36.0));
    /// ```
    pub fn target(&self) -> &[f64] {
        &self.target
    }
    /// The MDP over the transient states (action 0 continue, 1 remap).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::yin_example;
    /// let p = yin_example(4.0).unwrap();
    /// let mdp = p.mdp();
    /// assert_eq!((mdp.states(), mdp.actions(0), mdp.pairs()), (30, Some(2), 60));
    /// ```
    pub fn mdp(&self) -> &Mdp {
        &self.mdp
    }

    /// The cost of each action in every chain state given the values of all chain states (the
    /// two branches of Yin et al., eq. (18)): `(continue, remap)` with
    /// `continue = φ(s) + Σ_j P(s, j) V(j)` and `remap = η + Σ_j ρ(j) V(j)`. Their difference is
    /// the margin of a decision.
    ///
    /// # Formula
    /// continue(s) = φ(s) + Σ_j P(s, j) V(j),  remap(s) = η + Σ_j ρ(j) V(j)
    ///
    /// # Errors
    /// [`MarkovError::DimensionMismatch`] when `values` does not cover the chain.
    ///
    /// # Accuracy
    /// One sparse row product per action: each value to (k + 1)u·Σ|terms| (k nonzeros of the row,
    /// u = 2⁻⁵³) beside the error of `values` itself.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::yin_example;
    /// use loadbal::remap::mdp::Algorithm;
    /// let p = yin_example(4.0).unwrap();
    /// let sol = p.solve(Algorithm::PolicyIteration).unwrap();
    /// let q = p.action_values(&sol.values).unwrap()[18]; // state (3, 0)
    /// assert!((q.remap - q.continue_ - 0.013923).abs() < 1e-6);
    /// ```
    pub fn action_values(&self, values: &[f64]) -> Result<Vec<ActionValues>, MarkovError> {
        let s = self.chain.states();
        if values.len() != s {
            return Err(MarkovError::DimensionMismatch { what: "values", expected: s, got: values.len() });
        }
        let remap = self.eta + self.target.iter().zip(values).map(|(p, x)| p * x).sum::<f64>();
        Ok((0..s)
            .map(|i| {
                let mut cont = self.run_cost[i];
                self.chain.for_each_successor(i, |j, p| cont += p * values[j]);
                ActionValues { continue_: cont, remap }
            })
            .collect())
    }

    /// Solves for the total cost until absorption (Yin et al., eqs. (10), 18, 19) after checking
    /// assumption (A), with the MDP solver's `algorithm` and this problem's defaults: policy
    /// iteration from a proper policy (the cheaper action of each state, made proper if needed)
    /// for at most 10,000 rounds; value iteration (Yin et al., eq. (19)) from `V⁰ = 0` with
    /// Jacobi sweeps, the paper's iteration, so that its step counts are comparable with Figure 5,
    /// until `‖V^{n+1} − V^n‖_∞ ≤ 1e-10`; modified policy iteration with the variant's
    /// Gauss–Seidel sweeps per round to the same tolerance (at most 100,000 iterations for
    /// either). [`RemapProblem::solve_with`] takes other options.
    ///
    /// # Errors
    /// [`MarkovError::Mdp`] with [`MdpError::AssumptionAViolated`] (the chain index of a state
    /// from which some policy never absorbs) or a solver error.
    ///
    /// # Accuracy
    /// The policy is exact whenever the two actions of a state differ by more than the value error;
    /// the values are those of the MDP solver (exact policy evaluation by LU, relative residual
    /// below 1e-12, checked against QuantEcon's published values in `tests/remap/remap_quantecon.rs`), or
    /// of the chosen iterative method to its stopping tolerance.
    ///
    /// # Examples
    /// One imbalanced state (loads 0 and 2, so φ = max|w − w̄| = 1 by Yin et al., eq. (4)) that balances itself
    /// with probability 1/2 per step: never remapping costs V = φ + V/2 = 2φ, remapping η, and
    /// (18) takes the smaller.
    /// ```
    /// use loadbal::remap::markov::{Imbalance, RemapProblem, RemapTarget, WorkloadChain};
    /// use loadbal::remap::mdp::Algorithm;
    /// use nalgebra::dmatrix;
    /// for eta in [1.5, 3.0] {
    ///     let p = dmatrix![0.5, 0.5; 0.0, 1.0];
    ///     let chain = WorkloadChain::new(vec![vec![0.0, 2.0], vec![1.0, 1.0]], p).unwrap();
    ///     let pb = RemapProblem::new(chain, &Imbalance::MaxNorm, eta, &RemapTarget::Balanced).unwrap();
    ///     let sol = pb.solve(Algorithm::PolicyIteration).unwrap();
    ///     let keep = 2.0 * pb.run_cost()[0];
    ///     assert_eq!(sol.remap[0], eta < keep);
    ///     assert!((sol.values[0] - eta.min(keep)).abs() < 1e-12);
    /// }
    /// ```
    pub fn solve(&self, algorithm: Algorithm) -> Result<RemapSolution, MarkovError> {
        self.solve_with(algorithm, &default_options(algorithm))
    }

    /// [`RemapProblem::solve`] with the MDP solver's `options` (iteration limit, tolerance, sweep
    /// order; the sweeps of modified policy iteration come from `algorithm`).
    ///
    /// # Errors
    /// As [`RemapProblem::solve`].
    ///
    /// # Accuracy
    /// As [`RemapProblem::solve`], with `options.tol` as the stopping tolerance of the iterative
    /// algorithms.
    ///
    /// # Examples
    /// Value iteration to 1e-13 agrees with policy iteration on the §5 example.
    /// ```
    /// use loadbal::remap::markov::yin_example;
    /// use loadbal::remap::mdp::{Algorithm, Options};
    /// let p = yin_example(1.0).unwrap();
    /// let exact = p.solve(Algorithm::PolicyIteration).unwrap();
    /// let vi = p.solve_with(Algorithm::ValueIteration, &Options { tol: 1e-13, ..Options::default() }).unwrap();
    /// assert_eq!(vi.remap, exact.remap);
    /// assert!(vi.values.iter().zip(&exact.values).all(|(a, b)| (a - b).abs() < 1e-10));
    /// ```
    pub fn solve_with(&self, algorithm: Algorithm, options: &Options) -> Result<RemapSolution, MarkovError> {
        if let Err(MdpError::AssumptionAViolated { state }) = self.mdp.check_assumption_a() {
            return Err(MdpError::AssumptionAViolated { state: self.transient[state] }.into());
        }
        self.solve_relaxed(algorithm, options)
    }

    /// Solves without checking assumption (A): for chains where some policy (typically "never
    /// remap") is improper but every improper policy has an infinite cost, because the running
    /// cost is positive on every imbalanced state that never absorbs. The optimal policy is then
    /// proper and unique (stochastic shortest paths). Policy iteration starts from a proper
    /// policy ([`Mdp::proper_policy`]).
    ///
    /// With a zero-cost cycle (an improper policy of finite cost), policy iteration returns the
    /// best *proper* policy, since it only ever evaluates proper ones.
    ///
    /// # Errors
    /// [`MarkovError::Mdp`] with [`MdpError::NoProperPolicy`] when no policy absorbs from some
    /// state, or another solver error (never `Ok` with a non-finite value).
    ///
    /// # Accuracy
    /// As [`RemapProblem::solve`].
    ///
    /// # Examples
    /// Two imbalanced states that swap forever unless remapped into a balanced state: the literal
    /// assumption (A) fails, but at running cost 1 and remap cost 2 both states remap, J = 2.
    /// ```
    /// use loadbal::remap::markov::{Imbalance, RemapProblem, RemapTarget, WorkloadChain};
    /// use loadbal::remap::mdp::{Algorithm, Options};
    /// use nalgebra::dmatrix;
    /// let p = dmatrix![0.0, 1.0, 0.0; 1.0, 0.0, 0.0; 0.0, 0.0, 1.0];
    /// let chain = WorkloadChain::new(vec![vec![0.0, 2.0], vec![2.0, 0.0], vec![1.0, 1.0]], p).unwrap();
    /// let pb = RemapProblem::new(chain, &Imbalance::MaxNorm, 2.0, &RemapTarget::Balanced).unwrap();
    /// assert!(pb.solve(Algorithm::PolicyIteration).is_err());
    /// let sol = pb.solve_relaxed(Algorithm::PolicyIteration, &Options::default()).unwrap();
    /// assert_eq!(sol.remap, vec![true, true, false]);
    /// assert_eq!(sol.values, vec![2.0, 2.0, 0.0]);
    /// ```
    pub fn solve_relaxed(&self, algorithm: Algorithm, options: &Options) -> Result<RemapSolution, MarkovError> {
        let sol = self.mdp.solve(Criterion::TotalCost, &Options { algorithm: Some(algorithm), ..options.clone() })?;
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

/// The options [`RemapProblem::solve`] uses for `algorithm` (see its docs).
fn default_options(algorithm: Algorithm) -> Options {
    match algorithm {
        Algorithm::PolicyIteration => Options { max_iters: 10_000, ..Options::default() },
        Algorithm::ValueIteration => Options { sweep: Sweep::Jacobi, ..Options::default() },
        Algorithm::ModifiedPolicyIteration { .. } => Options::default(),
    }
}

/// Yin et al., §5: two processes, loads 0..5 (36 states), running cost `|i − j|/2` (the max-norm),
/// remap cost `η`, a remap restarting at a uniformly random one of the 36 states
/// (`P̃(0) = U/36`). State `(i, j)` has index `6i + j`.
///
/// # Errors
/// As [`RemapProblem::new`] (a negative or non-finite `η`).
///
/// # Examples
/// Figure 4(e): at η = 10 only the extreme states (0, 5) and (5, 0) remap.
/// ```
/// use loadbal::remap::markov::yin_example;
/// use loadbal::remap::mdp::Algorithm;
/// let sol = yin_example(10.0).unwrap().solve(Algorithm::PolicyIteration).unwrap();
/// let remapping: Vec<usize> = (0..36).filter(|&s| sol.remap[s]).collect();
/// assert_eq!(remapping, vec![5, 30]);
/// ```
pub fn yin_example(eta: f64) -> Result<RemapProblem, MarkovError> {
    RemapProblem::new(WorkloadChain::reflecting(6, 2)?, &Imbalance::MaxNorm, eta, &RemapTarget::UniformOverAllStates)
}
