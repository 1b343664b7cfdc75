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
//! [`WorkloadChain::reflecting`]: 3 processes × 100 levels is 10⁶ states), or, for `r` identical
//! processes, on the exchangeable state space of sorted load vectors
//! ([`WorkloadChain::exchangeable`], [`WorkloadChain::reflecting_exchangeable`]: `C(L + r − 1, r)` states
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
//! `CostScan::new(lo, hi).thresholds(build)`,
//! `problem.simulate_policy_cost(&remap, start, &mc)`. The MDP solver of
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
mod error;
mod exchange;
mod problem;
mod rows;
mod simulate;
mod thresholds;

pub use chain::WorkloadChain;
pub use error::MarkovError;
pub use problem::{ActionValues, Imbalance, RemapProblem, RemapSolution, RemapTarget, yin_example};
pub use simulate::PolicySimulation;
pub use thresholds::{CostScan, Threshold};
