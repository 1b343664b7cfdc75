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
