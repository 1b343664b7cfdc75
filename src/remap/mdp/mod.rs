//! The crate's one solver for finite Markov decision processes (Yin et al., §3–4; Puterman,
//! chapters 6–8).
//!
//! An [`Mdp`] has `S` states; state `i` has its own number of actions `A_i ≥ 1`. Each
//! state–action pair `(i, a)` costs `c(i, a)` and moves with a substochastic row `P(i, a, ·)`
//! (QuantEcon's state–action-pair form), optionally plus a multiple `w(i, a)` of one shared
//! *restart distribution* `ρ` (a rank-one term: "jump to a state drawn from ρ", as a remap
//! does; it keeps a dense restart row out of every pair). A row deficit `1 − Σ_j P(i, a, j)` is
//! the probability of leaving to a cost-free absorbing state. Build one with [`MdpBuilder`],
//! [`Mdp::from_pairs`] or from dense nalgebra matrices with [`Mdp::new`].
//!
//! **Storage** ([`Storage`]): the rows are kept in compressed sparse rows, or, when at least
//! [`DENSE_DENSITY`] of the `pairs × S` entries are nonzero, as one contiguous row of `S`
//! probabilities per pair. [`MdpBuilder::build`] and [`Mdp::new`] choose by that density; users
//! need not choose ([`Mdp::with_storage`] converts). In the dense form a row product is faer's
//! SIMD dot product and a policy is evaluated by one dense LU of `I − β (P_u + w_u ρᵀ)`, built
//! straight from the rows. Both forms give the same policies and, up to rounding, the same
//! values.
//!
//! Three criteria ([`Criterion`]):
//!
//! * total cost until absorption (Yin et al., eq. (10)); the optimal policy must be proper
//!   (reach absorption from every state); assumption (A), that *every* policy is proper, is
//!   checked by [`Mdp::check_assumption_a`];
//! * discounted cost with factor `β ∈ (0, 1)`;
//! * long-run average cost (gain and bias) for stochastic rows, unichain policies.
//!
//! Solvers ([`Options`] selects the variant; [`solve`] picks the fastest for the problem):
//!
//! * Howard [`policy_iteration`] with an exact evaluation: a dense LU (faer) in the dense form
//!   or for at most [`DENSE_LIMIT`] states with a non-trivial row, otherwise faer's BiCGSTAB
//!   right-preconditioned by a symmetric Gauss–Seidel sweep, falling back to a sparse LU
//!   (faer) when it stalls ([`LinearSolver`]); in the sparse form the rank-one restart term
//!   is handled by the Sherman–Morrison formula.
//! * [`modified_policy_iteration`]: `k` sweeps of partial evaluation per round (Puterman
//!   §6.5).
//! * [`value_iteration`] (Yin et al., eq. (19)) with Jacobi or Gauss–Seidel sweeps; for the
//!   discounted cost the span (MacQueen) stopping rule with bounds on the values; for the
//!   average cost relative value iteration with the aperiodicity transform (Puterman §8.5.5)
//!   and bounds on the gain.
//!
//! Value and modified policy iteration on a discounted problem drop the actions MacQueen's
//! test proves suboptimal (Puterman, §6.7.2), and every Bellman update skips the rows whose
//! lower bound `c(i, a) + β (1 − deficit) min_j V(j)` already rules their action out; neither
//! changes an update, its greedy policy or its ties.
//!
//! Every [`Solution`] carries a [`Termination`] reason and the Bellman residual
//! `max_i |min_a Q(i, a) − V(i)|` (NaN-safe: a NaN anywhere gives an error, never a small
//! residual); a non-finite value is an error, never `Ok`.
//!
//! **Tie-breaking** is deterministic: an action whose Q-value is within `1e-12·(1 + |min|)` of
//! the minimum counts as tied; among tied actions the lowest index wins, except that policy
//! iteration keeps its current action when that one is tied (which guarantees termination).
//! Put the action you prefer at ties first (the remapping builder puts *continue* first, so a
//! state remaps only when remapping is strictly better).
//!
//! # Accuracy
//! Policy iteration is exact up to its linear solves (relative residual 1e-13 or a backward
//! stable LU; the returned Bellman residual measures it); value and modified policy iteration
//! to their bounds (`|V − V*| ≤ tol/2` for the discounted cost). On issue 13's four instances
//! the values agree with QuantEcon's `DiscreteDP` to 1e-9 with the same policies, in either
//! storage form (tests/remap/remap_quantecon.rs, tests/remap/remap_mdp_dense.rs; the dense
//! and sparse forms also match an exhaustive search over every deterministic policy on
//! random problems of every density).
//!
//! # Example
//! Yin et al., §5 at remap cost η = 5: from the state (5, 0) the optimal expected total cost is
//! 12.341653 (the reference extraction's value), and every solver finds it.
//!
//! ```
//! use loadbal::remap::markov::yin_example;
//! use loadbal::remap::mdp::{Criterion, Options, modified_policy_iteration, policy_iteration, value_iteration};
//! let p = yin_example(5.0).unwrap();
//! let k = p.transient_states().iter().position(|&s| s == 30).unwrap(); // (5, 0)
//! let o = Options { tol: 1e-12, ..Options::default() };
//! for sol in [
//!     policy_iteration(p.mdp(), Criterion::TotalCost, &o).unwrap(),
//!     modified_policy_iteration(p.mdp(), Criterion::TotalCost, &o).unwrap(),
//!     value_iteration(p.mdp(), Criterion::TotalCost, &o).unwrap(),
//! ] {
//!     assert!((sol.values[k] - 12.341653).abs() < 1e-6, "{sol}");
//! }
//! ```

mod bellman;
mod eval;
mod linear;
mod model;
mod proper;
mod rows;
mod solve;

pub use eval::{PolicyValues, evaluate_policy, expected_absorption_time};
pub use linear::{LinearStats, LinearStatus};
pub use model::{Mdp, MdpBuilder};
pub use proper::AbsorptionBound;
pub use rows::Storage;
pub use solve::{
    Algorithm, BellmanStep, Bounds, LinearSolver, Options, Solution, Sweep, Termination, bellman_update,
    modified_policy_iteration, policy_iteration, solve, value_iteration,
};

/// Re-exported so that users can build the dense inputs of [`Mdp::new`] without depending on
/// nalgebra themselves.
pub use nalgebra::{DMatrix, DVector};

/// Tolerance on row sums and on negative entries of transition rows.
pub const ROW_SUM_TOLERANCE: f64 = 1e-9;

/// Density (nonzero transition entries over `pairs × S`) from which [`MdpBuilder::build`] and
/// [`Mdp::new`] store the rows densely ([`Storage::Dense`]).
///
/// Why one half: a sparse entry costs 12 bytes and a gather, a dense one 8 bytes read in
/// order by SIMD dot products, so memory alone breaks even at 2/3; the sparse form's exact
/// evaluations are iterative (BiCGSTAB on the nonzeros) where the dense form pays an `O(S³)`
/// LU. benches/mdp.rs (`storage by density`, 1,000 states × 5 actions, one thread,
/// 2026-11-27, load average 6–7) measured the crossover at 0.5–0.6 for both: a Bellman update
/// took 2.30 ms sparse and 2.15 ms dense at density 0.5 (0.93 and 2.31 ms at 0.2, 5.38 and
/// 3.10 ms at 1), policy iteration 87 and 89 ms at 0.5 (32 and 86 ms at 0.2, 94 and 47 ms at
/// 0.8). At this density the dense form takes at most 4/3 of the sparse form's memory.
pub const DENSE_DENSITY: f64 = 0.5;

/// Largest number of states with a non-trivial row for which a policy is evaluated by a dense
/// LU factorisation; larger systems use the preconditioned iterative solver.
pub const DENSE_LIMIT: usize = 400;

/// Bad input to, or a failure of, the MDP solver.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MdpError {
    /// No states, or a state without actions.
    #[error("an MDP needs at least one state and one action per state: {0}")]
    Empty(String),
    /// A transition matrix is not square.
    #[error("transition matrix of action {action} is {rows}×{cols}, not square")]
    NotSquare {
        /// Action index.
        action: usize,
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// Sizes disagree.
    #[error("{what} has size {got}, expected {expected}")]
    DimensionMismatch {
        /// What has the wrong size.
        what: &'static str,
        /// Expected size.
        expected: usize,
        /// Actual size.
        got: usize,
    },
    /// A problem too large for the 32-bit state indices of the sparse storage.
    #[error("{what} = {value} exceeds the limit {limit}")]
    TooLarge {
        /// What is too large.
        what: &'static str,
        /// Its value.
        value: usize,
        /// The limit.
        limit: usize,
    },
    /// NaN or an infinity in a transition row or a cost.
    #[error("{what} of state {state}, action {action} has the non-finite value {value}")]
    NonFinite {
        /// Which input.
        what: &'static str,
        /// State.
        state: usize,
        /// Action (position among the state's actions).
        action: usize,
        /// The value.
        value: f64,
    },
    /// A transition to a state outside `0..S`.
    #[error("state {state}, action {action} moves to state {target}, but there are only {states} states")]
    StateOutOfRange {
        /// State.
        state: usize,
        /// Action.
        action: usize,
        /// The bad target state.
        target: usize,
        /// Number of states.
        states: usize,
    },
    /// A negative transition probability (beyond −1e-9).
    #[error("negative probability {value} from state {state}, action {action} to state {target}")]
    NegativeProbability {
        /// State.
        state: usize,
        /// Action.
        action: usize,
        /// Target state.
        target: usize,
        /// The value.
        value: f64,
    },
    /// A row sums above 1 (beyond 1e-9).
    #[error("the row of state {state}, action {action} sums to {sum} > 1")]
    RowSumExceedsOne {
        /// State.
        state: usize,
        /// Action.
        action: usize,
        /// Row sum.
        sum: f64,
    },
    /// The average-cost criterion needs stochastic rows (sum 1 within 1e-9).
    #[error(
        "the row of state {state}, action {action} sums to {sum}, not 1 (the average-cost criterion needs stochastic rows)"
    )]
    NotStochastic {
        /// State.
        state: usize,
        /// Action.
        action: usize,
        /// Row sum.
        sum: f64,
    },
    /// A discount factor outside `(0, 1)`.
    #[error("discount factor {0} is not in (0, 1)")]
    InvalidDiscount(f64),
    /// An action index outside a state's actions, or a policy of the wrong length.
    #[error("invalid policy: {0}")]
    InvalidPolicy(String),
    /// Assumption (A) of Yin et al. fails: from `state`, some stationary policy never absorbs.
    #[error("assumption (A) fails: from state {state} some stationary policy never reaches absorption")]
    AssumptionAViolated {
        /// The smallest such state.
        state: usize,
    },
    /// The evaluated policy never absorbs from `state` (total-cost criterion).
    #[error("the policy is improper: from state {state} it never reaches absorption")]
    ImproperPolicy {
        /// The smallest such state.
        state: usize,
    },
    /// No stationary policy reaches absorption from `state`: the total cost is infinite there
    /// (or the problem has no absorbing exit at all).
    #[error("no policy reaches absorption from state {state}")]
    NoProperPolicy {
        /// The smallest such state.
        state: usize,
    },
    /// The average-cost evaluation system is singular: the policy has several recurrent classes.
    #[error("the policy is multichain: its average-cost evaluation system is singular")]
    MultichainPolicy,
    /// The evaluation system is singular in floating point (a discount factor so close to 1
    /// that `I − βP` rounds to a singular matrix).
    #[error("the {criterion} evaluation system of the policy is numerically singular")]
    SingularSystem {
        /// The criterion.
        criterion: &'static str,
    },
    /// The iterative linear solver failed and no fallback was allowed.
    #[error("BiCGSTAB stopped ({status}) after {iterations} iterations at relative residual {residual:e}")]
    LinearSolverFailed {
        /// Why it stopped.
        status: LinearStatus,
        /// Iterations done.
        iterations: usize,
        /// Relative residual reached.
        residual: f64,
    },
    /// A solver produced a NaN or an infinite value (an overflow, for example with costs near
    /// `f64::MAX`).
    #[error("the solver produced the non-finite value {value} at state {state}")]
    NonFiniteValue {
        /// State.
        state: usize,
        /// The value.
        value: f64,
    },
    /// A solver option is out of range.
    #[error("invalid option {name} = {value}")]
    InvalidOption {
        /// Option name.
        name: &'static str,
        /// The value.
        value: f64,
    },
}

/// Optimality criterion.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Criterion {
    /// Expected total cost until absorption (Yin et al., eq. (10)); needs proper policies.
    TotalCost,
    /// Expected discounted cost `E Σ β^k c_k`, `β ∈ (0, 1)`.
    Discounted {
        /// Discount factor β.
        factor: f64,
    },
    /// Long-run average cost per step (gain) with a bias vector (relative values, zero at state 0).
    AverageCost,
}

impl Criterion {
    /// The factor multiplying expected next values: β, or 1.
    pub(crate) fn beta(self) -> f64 {
        match self {
            Criterion::Discounted { factor } => factor,
            _ => 1.0,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Criterion::TotalCost => "total-cost",
            Criterion::Discounted { .. } => "discounted",
            Criterion::AverageCost => "average-cost",
        }
    }
}

impl std::fmt::Display for Criterion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Criterion::TotalCost => f.write_str("total cost until absorption"),
            Criterion::Discounted { factor } => write!(f, "discounted cost (β = {factor})"),
            Criterion::AverageCost => f.write_str("average cost"),
        }
    }
}
