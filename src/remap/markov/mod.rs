//! Optimal remapping of a Markov workload (Yin et al., Yin, Xu, Wang).
//!
//! The workload of `r` processes is a finite Markov chain ([`WorkloadChain`]) whose states are
//! load vectors; balanced states (all loads equal) absorb at zero cost. In every other state the
//! computation either continues, paying the imbalance `φ(w)` (Yin et al., eq. (4) max-norm or eq. (5) 2-norm, or
//! a user vector) and moving with the chain, or remaps, paying `η` and moving to where the remap
//! sends it ([`RemapTarget`]: a balanced state as in the theory, or a restart distribution as in
//! the paper's §5 example). [`RemapProblem`] turns this into an [`Mdp`](crate::remap::mdp::Mdp)
//! with action 0 = continue and action 1 = remap (so ties resolve to *continue*: a state remaps
//! only when that is strictly better) and solves it for the total cost until absorption
//! (Yin et al., eqs. (10), (18) (Bellman) and (19) (iteration)).
//!
//! Chains are sparse: given row by row ([`WorkloadChain::from_rows`]), as a product of
//! independent processes whose Kronecker product is never formed ([`WorkloadChain::product`],
//! [`reflecting_chain`]: 3 processes × 100 levels is 10⁶ states), or, for `r` identical
//! processes, on the exchangeable state space of sorted load vectors
//! ([`WorkloadChain::exchangeable`], [`reflecting_exchangeable`]: `C(L + r − 1, r)` states
//! instead of `L^r`, which makes 8 to 16 processes tractable). The remap row, the same for every
//! state, is stored once as the MDP's restart distribution.
//!
//! # Argument order
//!
//! The model comes first (the chain: levels and transition matrix, then the number of processes
//! for a product or exchangeable chain; a [`RemapProblem`] or a builder `Fn(η)`), then the state
//! or policy (a start state, the remap set), then the options (an MDP [`Algorithm`](crate::remap::mdp::Algorithm), a [`CostScan`], a
//! [`MonteCarlo`](crate::montecarlo::MonteCarlo)):
//! `WorkloadChain::exchangeable(&levels, q, processes)`,
//! `remap_cost_thresholds(build, CostScan::new(lo, hi))`,
//! `simulate_policy_cost(&problem, &remap, start, &mc)`. The MDP solver of
//! [`mdp`](crate::remap::mdp) reads the same way: `solve(&mdp, criterion, &options)`.
//!
//! # Example
//! Yin et al., §5 with remap cost η = 1: remap exactly when the loads differ by two units or more
//! (Figure 4(a)).
//!
//! ```
//! use loadbal::remap::markov::yin_example;
//! use loadbal::remap::mdp::Algorithm;
//! let sol = yin_example(1.0).unwrap().solve(Algorithm::PolicyIteration).unwrap();
//! for i in 0..6 {
//!     for j in 0..6 {
//!         assert_eq!(sol.remap[6 * i + j], i.abs_diff(j) >= 2);
//!     }
//! }
//! ```

mod chain;
mod exchange;
mod problem;
mod simulate;
mod thresholds;

pub use chain::{MAX_CHAIN_STATES, WorkloadChain, reflecting_chain, reflecting_exchangeable, reflecting_walk};
pub use problem::{CONTINUE, Imbalance, REMAP, RemapProblem, RemapSolution, RemapTarget, yin_example};
pub use simulate::{PolicySimulation, simulate_policy_cost};
pub use thresholds::{CostScan, Threshold, remap_cost_thresholds};

use crate::montecarlo::MonteCarloError;
use crate::remap::mdp::MdpError;

/// Bad input to the remapping builder, or a solver failure.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MarkovError {
    /// The transition matrix is not square or does not match the number of states.
    #[error("{what} has size {got}, expected {expected}")]
    DimensionMismatch {
        /// What has the wrong size.
        what: &'static str,
        /// Expected size.
        expected: usize,
        /// Actual size.
        got: usize,
    },
    /// NaN or an infinity in an input.
    #[error("{what} has the non-finite value {value} at index {index}")]
    NonFinite {
        /// Which input.
        what: &'static str,
        /// Flat index.
        index: usize,
        /// The value.
        value: f64,
    },
    /// A negative probability (beyond −1e-9).
    #[error("negative probability {value} in {what} at index {index}")]
    NegativeProbability {
        /// Which input.
        what: &'static str,
        /// Flat index (row-major for matrices).
        index: usize,
        /// The value.
        value: f64,
    },
    /// A row of the workload chain (or a distribution) does not sum to 1 within 1e-9.
    #[error("row {row} of {what} sums to {sum}, not 1")]
    NotStochastic {
        /// Which input.
        what: &'static str,
        /// Row index.
        row: usize,
        /// Row sum.
        sum: f64,
    },
    /// A negative cost (running or remap costs are times, hence non-negative).
    #[error("negative {what} {value} at state {index}")]
    NegativeCost {
        /// Which cost.
        what: &'static str,
        /// State index.
        index: usize,
        /// The value.
        value: f64,
    },
    /// No balanced (absorbing) state, or no imbalanced one.
    #[error("the chain needs balanced and imbalanced states: {0}")]
    Degenerate(&'static str),
    /// A parameter out of range (levels, processes, start state, ...).
    #[error("invalid parameter {name} = {value}")]
    InvalidParameter {
        /// Name.
        name: &'static str,
        /// The value.
        value: f64,
    },
    /// The MDP solver failed (improper policy, assumption (A), ...).
    #[error(transparent)]
    Mdp(#[from] MdpError),
    /// The Monte Carlo harness failed.
    #[error(transparent)]
    MonteCarlo(#[from] MonteCarloError),
}
