//! The errors of the remapping policies of Markov workloads.

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
    /// Absorption is possible, but from every imbalanced state and under either action its
    /// probability in one step is at most `probability`, at or below `1e-12`: the MDP solver
    /// does not tell such a deficit from the rounding of a row sum, and the expected costs (of
    /// the order of `1/probability` steps) are not computable in double precision.
    #[error(
        "absorption in one step has probability at most {probability:.3e} from every state, \
         at or below 1e-12, which the solver does not tell from rounding: \
         the expected costs (of the order of {steps:.3e} steps) are not computable in double precision",
        steps = 1.0 / probability
    )]
    AbsorptionUnresolved {
        /// The largest one-step absorption probability of any imbalanced state and action.
        probability: f64,
    },
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
