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
//! half of the `pairs × S` entries are nonzero, as one contiguous row of `S`
//! probabilities per pair. [`MdpBuilder::build`] and [`Mdp::new`] choose by that density; users
//! need not choose ([`Mdp::with_storage`] converts). In the dense form a row product is faer's
//! SIMD dot product and a policy is evaluated on `I − β (P_u + w_u ρᵀ)`, built straight from
//! the rows: by BiCGSTAB for more than 400 states (a few matrix–vector products where the
//! spectrum is clustered, as for dense stochastic rows), by one dense LU otherwise or when
//! BiCGSTAB does not converge within about a tenth of the LU's work. Both forms give the same
//! policies and, up to rounding, the same values.
//!
//! Three criteria ([`Criterion`]):
//!
//! * total cost until absorption (Yin et al., eq. (10)); the optimal policy must be proper
//!   (reach absorption from every state); assumption (A), that *every* policy is proper, is
//!   checked by [`Mdp::check_assumption_a`];
//! * discounted cost with factor `β ∈ (0, 1)`;
//! * long-run average cost (gain and bias) for stochastic rows, unichain policies.
//!
//! One entry point, [`Mdp::solve`] (QuantEcon's `DiscreteDP.solve`): [`Options::algorithm`]
//! selects the [`Algorithm`]; left `None`, the fastest for the problem is picked:
//!
//! * Howard policy iteration ([`Algorithm::PolicyIteration`]) with an exact evaluation: a dense LU (faer) for at most 400
//!   states with a non-trivial row; in the dense form above that, faer's BiCGSTAB with a dense
//!   LU behind it; in the sparse form, faer's BiCGSTAB
//!   right-preconditioned by a symmetric Gauss–Seidel sweep, falling back to a sparse LU
//!   (faer) when it stalls ([`LinearSolver`]); in the sparse form the rank-one restart term
//!   is handled by the Sherman–Morrison formula.
//! * modified policy iteration ([`Algorithm::ModifiedPolicyIteration`]): `k` sweeps of partial evaluation per round (Puterman
//!   §6.5).
//! * value iteration ([`Algorithm::ValueIteration`], Yin et al., eq. (19)) with Jacobi or Gauss–Seidel sweeps; for the
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
//! use loadbal::remap::mdp::{Algorithm, Criterion, Options};
//! let p = yin_example(5.0).unwrap();
//! let k = p.transient_states().iter().position(|&s| s == 30).unwrap(); // (5, 0)
//! for algorithm in [
//!     Algorithm::PolicyIteration,
//!     Algorithm::ModifiedPolicyIteration { sweeps: 5 },
//!     Algorithm::ValueIteration,
//! ] {
//!     let o = Options { algorithm: Some(algorithm), tol: 1e-12, ..Options::default() };
//!     let sol = p.mdp().solve(Criterion::TotalCost, &o).unwrap();
//!     assert!((sol.values[k] - 12.341653).abs() < 1e-6, "{sol}");
//! }
//! ```

mod bellman;
mod builder;
mod criterion;
mod error;
mod eval;
mod linear;
mod model;
mod options;
mod proper;
mod rows;
mod solution;
mod solve;

pub use bellman::BellmanStep;
pub use builder::MdpBuilder;
pub use criterion::Criterion;
pub use error::MdpError;
pub use eval::{MAX_DENSE_LU_STATES, PolicyValues};
pub use linear::{LinearStats, LinearStatus};
pub use model::{MAX_DENSE_ENTRIES, Mdp};
pub use options::{Algorithm, LinearSolver, Options, Sweep};
pub use proper::AbsorptionBound;
pub(crate) use proper::LEAK;
pub use rows::{Storage, Transition};
pub use solution::{Bounds, Solution, Termination};
pub use solve::{MAX_LINEAR_ITERS, MAX_SWEEPS};

/// Re-exported so that users can build the dense inputs of [`Mdp::new`] without depending on
/// nalgebra themselves.
pub use nalgebra::{DMatrix, DVector};
