//! The errors of the queueing models, the checks of rates and sizes they share, and the
//! simulators' event limit.

use crate::montecarlo::MonteCarloError;

/// Largest number of random events (arrivals, services, transitions) one simulator call may
/// draw, summed over its replications: 10¹⁰, minutes of work. Larger runs are refused with
/// [`QueueingError::TooLarge`] before anything is allocated or drawn.
pub const MAX_EVENTS: u64 = 10_000_000_000;

/// Errors of the queueing module.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum QueueingError {
    /// A rate, mean or time that must be positive and finite is not.
    #[error("{name} must be positive and finite, got {value}")]
    InvalidRate {
        /// Which parameter.
        name: &'static str,
        /// The offending value.
        value: f64,
    },
    /// A quantity that must be non-negative and finite is not.
    #[error("{name} must be non-negative and finite, got {value}")]
    NegativeValue {
        /// Which parameter.
        name: &'static str,
        /// The offending value.
        value: f64,
    },
    /// A station needs at least one server.
    #[error("a station needs at least one server, got {servers}")]
    NoServers {
        /// The number given.
        servers: u64,
    },
    /// The system capacity (servers plus waiting room) is below the number of servers.
    #[error("system capacity K = {capacity} is below the number of servers c = {servers}")]
    CapacityBelowServers {
        /// Capacity given.
        capacity: u64,
        /// Servers given.
        servers: u64,
    },
    /// A size beyond what the function computes in bounded time and memory.
    #[error("{name} = {value:e} is too large: the limit is {limit:e}")]
    TooLarge {
        /// Which size (or expected number of events).
        name: &'static str,
        /// The value given.
        value: f64,
        /// The largest value accepted.
        limit: f64,
    },
    /// The offered load is not below the capacity: queues grow without bound.
    #[error("unstable: utilisation rho = {rho} is not below 1, the queue grows without bound")]
    Unstable {
        /// The offending utilisation (per server, or λ/μ of the offending region).
        rho: f64,
    },
    /// A second moment below the squared mean (a negative variance).
    #[error("second moment {second_moment} is below the squared mean {mean}^2")]
    InvalidMoments {
        /// Mean.
        mean: f64,
        /// Second moment.
        second_moment: f64,
    },
    /// Vectors of inconsistent lengths.
    #[error("{what} has length {got}, expected {expected}")]
    DimensionMismatch {
        /// Which input.
        what: &'static str,
        /// Length given.
        got: usize,
        /// Length expected.
        expected: usize,
    },
    /// An empty input where at least one element is needed.
    #[error("{what} is empty")]
    Empty {
        /// Which input.
        what: &'static str,
    },
    /// A routing matrix that is not sub-stochastic.
    #[error("routing row {row} is not sub-stochastic (entries in [0, 1], sum {sum} must be at most 1)")]
    InvalidRouting {
        /// Offending row.
        row: usize,
        /// Its sum.
        sum: f64,
    },
    /// The traffic equations have no non-negative solution: some customers never leave.
    #[error("the traffic equations are singular or give negative rates: customers cannot leave the network")]
    SingularRouting,
    /// A region table with a missing or invalid entry.
    #[error("invalid region table: {reason}")]
    InvalidRegionTable {
        /// What is wrong.
        reason: String,
    },
    /// A model outside the simulator's scope (for example vacations with several servers).
    #[error("unsupported model: {reason}")]
    Unsupported {
        /// What is not supported.
        reason: &'static str,
    },
    /// The Monte Carlo harness failed.
    #[error(transparent)]
    MonteCarlo(#[from] MonteCarloError),
}

/// Checks that `value` is positive and finite.
pub(crate) fn positive(name: &'static str, value: f64) -> Result<f64, QueueingError> {
    if value.is_finite() && value > 0.0 { Ok(value) } else { Err(QueueingError::InvalidRate { name, value }) }
}

/// Checks that `value` is non-negative and finite.
pub(crate) fn non_negative(name: &'static str, value: f64) -> Result<f64, QueueingError> {
    if value.is_finite() && value >= 0.0 { Ok(value) } else { Err(QueueingError::NegativeValue { name, value }) }
}

/// Refuses a simulation whose expected number of events exceeds [`MAX_EVENTS`].
pub(crate) fn check_events(name: &'static str, events: f64) -> Result<(), QueueingError> {
    if events.is_nan() || events > MAX_EVENTS as f64 {
        return Err(QueueingError::TooLarge { name, value: events, limit: MAX_EVENTS as f64 });
    }
    Ok(())
}
