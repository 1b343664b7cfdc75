//! Queueing stability checks and queue bounds, validated by simulation.
//!
//! When loads arrive over time instead of all at once (Jia, ch. 5: divisible loads arriving
//! at several sources as Poisson streams) the first question is whether the system is stable at
//! all, the second how long the queues get. This module answers both:
//!
//! - one [`Station`] type for the standard single stations, built by a named constructor that
//!   refuses an unstable queue as [`QueueingError::Unstable`] ([`Station::mm1`],
//!   [`Station::mmc`] with Erlang B and C ([`erlang_b`], [`erlang_c`]) in bounded time for any
//!   number of servers, [`Station::mm1k`], [`Station::mmck`] by closed geometric sums in constant
//!   memory, [`Station::mg1`] by Pollaczek–Khinchine, [`Station::md1`], and
//!   [`Station::mg1_vacation`], Jia, eq. (5.4)); [`Station::metrics`] gives the
//!   [`StationMetrics`] of any of them, each accurate to 1e-13 relative (see their `# Accuracy`
//!   sections and the committed 50-digit references of `tests/queueing/accuracy_queueing.rs`);
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
//! use loadbal::queueing::{QueueingError, Station};
//!
//! let m = Station::mm1(1.0, 2.0).unwrap().metrics(); // ρ = 0.5
//! assert!((m.l - 1.0).abs() < 1e-12);
//! assert!(m.to_string().starts_with("λ = 1, throughput = 1, ρ = 0.5"));
//! assert!((m.wq - 0.5).abs() < 1e-12);
//! assert!(matches!(Station::mm1(3.0, 2.0), Err(QueueingError::Unstable { rho }) if rho == 1.5));
//! ```

mod dss;
mod erlang;
mod error;
mod finite;
mod jackson;
mod markovian;
mod metrics;
mod mg1;
mod region_network;
mod regions;
mod service_moments;
mod sim_station;
mod station;

pub use dss::{DssOutcome, DssSim};
pub use error::{MAX_EVENTS, QueueingError};
pub use jackson::{JacksonNetwork, JacksonSolution};
pub use markovian::{MAX_SERVERS, erlang_b, erlang_c};
pub use metrics::StationMetrics;
pub use region_network::RegionNetwork;
pub use regions::{BorrowingVerdict, StabilityCase, VacationRule};
pub use service_moments::ServiceMoments;
pub use sim_station::{MAX_SIM_SERVERS, SimOutcome, StationEstimate, StationSim};
pub use station::Station;
