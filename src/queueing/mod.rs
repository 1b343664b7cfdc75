//! Queueing stability checks and queue bounds, validated by simulation.
//!
//! When loads arrive over time instead of all at once (Jia, ch. 5: divisible loads arriving
//! at several sources as Poisson streams) the first question is whether the system is stable at
//! all, the second how long the queues get. This module answers both:
//!
//! - standard single stations ([`mm1`], [`mmc`] with Erlang B and C in bounded time for any
//!   number of servers, [`mm1k`], [`mmck`] by closed geometric sums in constant memory, [`mg1`]
//!   by Pollaczek–Khinchine, [`md1`], and [`mg1_vacation`], Jia, eq. (5.4)), each returning
//!   [`StationMetrics`] and each accurate to 1e-13 relative (see their `# Accuracy` sections and
//!   the committed 50-digit references of `tests/queueing/accuracy_queueing.rs`);
//! - open Jackson networks ([`JacksonNetwork`]): traffic equations λ = γ + Pᵀλ solved with
//!   nalgebra and a per-node stability check;
//! - Jia's multi-region model ([`RegionNetwork`]): region rates from the equivalent
//!   computation capacities of Tables 5.1/5.2 (with the corrected rate relation μ = 1/(s̄·E)), the
//!   bounds (5.7)–(5.9), the stability cases of §5.4 and the two-region borrowing condition
//!   (5.10)–(5.11);
//! - discrete-event simulators ([`StationSim`], [`JacksonNetwork::simulate`],
//!   [`DssSim`]) run on the crate's one Monte Carlo harness, which check every formula.
//!
//! Every function refuses an unstable configuration with [`QueueingError::Unstable`] (carrying
//! the offending utilisation) rather than returning a negative queue length, refuses invalid
//! rates, moments and server counts with their own variants, and sizes beyond what it can
//! compute in bounded time and memory (server counts and capacities above 2⁵³, simulations of
//! more than [`MAX_EVENTS`] events) with [`QueueingError::TooLarge`].
//!
//! # Examples
//!
//! ```
//! use loadbal::queueing::{mm1, QueueingError};
//!
//! let m = mm1(1.0, 2.0).unwrap(); // ρ = 0.5
//! assert!((m.l - 1.0).abs() < 1e-12);
//! assert!(m.to_string().starts_with("λ = 1, throughput = 1, ρ = 0.5"));
//! assert!((m.wq - 0.5).abs() < 1e-12);
//! assert!(matches!(mm1(3.0, 2.0), Err(QueueingError::Unstable { rho }) if rho == 1.5));
//! ```

mod dist;
mod dss;
mod erlang;
mod finite;
mod jackson;
mod markovian;
mod mg1;
mod region_network;
mod regions;
mod sim_station;

pub use dist::{Dist, ServiceMoments};
pub use dss::{DssOutcome, DssSim};
pub use finite::{mm1k, mmck};
pub use jackson::{JacksonNetwork, JacksonSolution};
pub use markovian::{MAX_SERVERS, erlang_b, erlang_c, mm1, mmc};
pub use mg1::{md1, mg1, mg1_vacation};
pub use region_network::RegionNetwork;
pub use regions::{
    BorrowingVerdict, StabilityCase, VacationRule, borrowed_service_rate, classify_stability, idle_ratio,
    queue_count_bound, queue_volume_bound, service_rate, two_region_borrowing, waiting_time_bound,
};
pub use sim_station::{MAX_SIM_SERVERS, SimOutcome, StationEstimate, StationSim};

use crate::montecarlo::MonteCarloError;
use std::fmt;

/// Largest number of random events (arrivals, services, transitions) one simulator call may
/// draw, summed over its replications: 10¹⁰, minutes of work. Larger runs are refused with
/// [`QueueingError::TooLarge`] before anything is allocated or drawn.
pub const MAX_EVENTS: f64 = 1e10;

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

/// Long-run means of one station: the output of every single-station formula.
///
/// Times are in the time unit of the rates, numbers are customers. `throughput` is the rate of
/// admitted customers (below the arrival rate only with a finite buffer), and Little's law holds:
/// `l = throughput·w`, `lq = throughput·wq`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StationMetrics {
    /// Offered arrival rate λ.
    pub lambda: f64,
    /// Rate of admitted customers, λ·(1 − p_block).
    pub throughput: f64,
    /// Utilisation ρ of each server, throughput/(c·μ) (λ/(cμ) without a finite buffer).
    pub rho: f64,
    /// Probability that an admitted customer has to wait.
    pub p_wait: f64,
    /// Probability that an arriving customer is refused (finite buffers; 0 otherwise).
    pub p_block: f64,
    /// Mean waiting time in queue, W_q.
    pub wq: f64,
    /// Mean number waiting, L_q.
    pub lq: f64,
    /// Mean time in system, `W = W_q + E[S]`.
    pub w: f64,
    /// Mean number in system, L.
    pub l: f64,
}

impl StationMetrics {
    /// Builds the metrics from the throughput, the waiting time and the mean service time, with
    /// Little's law for the numbers.
    pub(crate) fn from_wait(
        lambda: f64,
        throughput: f64,
        rho: f64,
        p_wait: f64,
        p_block: f64,
        wq: f64,
        mean_service: f64,
    ) -> StationMetrics {
        let w = wq + mean_service;
        StationMetrics { lambda, throughput, rho, p_wait, p_block, wq, lq: throughput * wq, w, l: throughput * w }
    }

    /// The metrics if every field is finite, otherwise an error naming the offered load that put
    /// the computation out of the range of `f64` (rates of wildly different magnitudes).
    pub(crate) fn checked(self, offered_load: f64) -> Result<Self, QueueingError> {
        let fields = [self.throughput, self.rho, self.p_wait, self.p_block, self.wq, self.lq, self.w, self.l];
        if fields.iter().all(|x| x.is_finite()) {
            Ok(self)
        } else {
            Err(QueueingError::InvalidRate {
                name: "offered load λ/μ (out of floating-point range)",
                value: offered_load,
            })
        }
    }

    /// Whether Little's law holds to the relative tolerance `rel`: `L = λ_eff·W` and
    /// `L_q = λ_eff·W_q`.
    ///
    /// # Formula
    /// ```text
    /// L = λ_eff·W,   L_q = λ_eff·W_q   (Little, Jia, ref. [95])
    /// ```
    pub fn satisfies_little(&self, rel: f64) -> bool {
        let close = |a: f64, b: f64| (a - b).abs() <= rel * a.abs().max(b.abs()).max(1e-300);
        close(self.l, self.throughput * self.w) && close(self.lq, self.throughput * self.wq)
    }
}

impl fmt::Display for StationMetrics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "λ = {}, throughput = {}, ρ = {}, P(wait) = {}, P(block) = {}, W_q = {}, L_q = {}, W = {}, L = {}",
            self.lambda, self.throughput, self.rho, self.p_wait, self.p_block, self.wq, self.lq, self.w, self.l
        )
    }
}

/// Refuses a simulation whose expected number of events exceeds [`MAX_EVENTS`].
pub(crate) fn check_events(name: &'static str, events: f64) -> Result<(), QueueingError> {
    if events.is_nan() || events > MAX_EVENTS {
        return Err(QueueingError::TooLarge { name, value: events, limit: MAX_EVENTS });
    }
    Ok(())
}
