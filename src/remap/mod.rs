//! Remapping of bulk synchronous computations: when to rebalance a drifting load.
//!
//! Two complementary models:
//!
//! * [`periodic`] (Fong et al., Fong, Xu, Wang): loads follow the additive random walk
//!   `w(t) = w(t−1) + z(t)` (Fong et al., eq. (1)); the longest remapping interval that keeps the normalized
//!   workload deviation `v(t)` (Fong et al., eq. (3)) under a bound `B` (problem P_II, Theorem 4.1 and
//!   Corollary 4.1), the order-statistics lower bound for the extreme difference (problem P_I,
//!   §3, and its exact normal version), heterogeneous capacities (§5, Theorem 5.1), and a Monte
//!   Carlo simulation of the load process with any increment law ([`periodic::LoadCurves::simulate`]).
//! * [`mdp`] + [`markov`] (Yin et al., Yin, Xu, Wang; Puterman): the crate's one finite Markov
//!   decision process solver (sparse state–action pairs; policy iteration with dense or sparse
//!   exact evaluation, modified policy iteration, value iteration with Gauss–Seidel sweeps and
//!   MacQueen bounds, relative value iteration; total cost with absorption, discounted,
//!   average cost; assumption (A) check) and, on top of it, the remap-or-continue builder for a
//!   Markov workload chain ([`markov::RemapProblem`]) with the paper's §5 example
//!   ([`markov::yin_example`]), the remap costs where the optimal set changes
//!   ([`markov::CostScan::thresholds`]), product chains of millions of states and the
//!   exchangeable state space of many identical processes, and a Monte Carlo of the chain under
//!   a policy ([`markov::RemapProblem::simulate_policy_cost`]).
//!
//! # Example
//!
//! Table 1 of Fong et al. (N = 64, w = 100, eq. (15) increments: μ = 0, σ² = 0.5), B = 0.30:
//!
//! ```
//! use loadbal::remap::periodic::{Bound, Homogeneous};
//! let model = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
//! let t = model.interval(Bound::Deviation { b: 0.30 }).unwrap();
//! assert_eq!(t.steps(), Some(28));
//! ```

mod error;
pub mod markov;
pub mod mdp;
pub mod periodic;

pub use error::RemapError;
