//! The solver's error type.

use super::linear::LinearStatus;

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
    /// A problem too large for the 32-bit state indices of the sparse storage, a dense LU
    /// of sparse rows beyond [`MAX_DENSE_LU_STATES`](super::MAX_DENSE_LU_STATES) unknowns, or
    /// dense rows of sparse ones beyond [`MAX_DENSE_ENTRIES`](super::MAX_DENSE_ENTRIES) entries
    /// ([`Mdp::with_storage`](super::Mdp::with_storage)).
    #[error("{what} = {value} exceeds the limit {limit}")]
    TooLarge {
        /// What is too large.
        what: &'static str,
        /// Its value.
        value: u64,
        /// The limit.
        limit: u64,
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
        states: u64,
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
    /// The sparse LU factorisation of an evaluation system could not allocate its factors (their
    /// fill-in can approach `states²` entries when BiCGSTAB falls back to it), or their size
    /// overflowed its indices.
    #[error(
        "the sparse LU of the {criterion} evaluation system of {states} states ran out of memory: its factors can fill in towards 8·states² bytes"
    )]
    FactorisationOutOfMemory {
        /// The criterion.
        criterion: &'static str,
        /// Unknowns of the system.
        states: u64,
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
