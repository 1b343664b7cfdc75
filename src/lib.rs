//! # loadbal
//!
//! The analytical theory of load balancing in parallel and distributed computing as tested,
//! fast, pure functions: order statistics of processor times, divisible-load allocations,
//! remapping intervals and policies, ensemble load balancing, job replication and queueing
//! stability. Every model cites its seed paper and equation, returns typed errors on bad input,
//! and is validated against the crate's one Monte Carlo harness ([`montecarlo`]).
//!
//! The seeds are the papers in `shared/seeds/`: 000 (Ahn et al., ensemble load balancing),
//! 001 (Fong, Xu, Wang, periodic remapping), 002 (Dobber, job replication), 003 (Yin, Xu, Wang,
//! Markov remapping) and 004 (Jia, resource-unaware divisible loads).
#![warn(missing_docs)]

pub mod dlt;
pub mod ensemble;
pub mod montecarlo;
pub mod order_stats;
pub mod papers;
pub mod queueing;
pub mod remap;
pub mod replication;

/// The README's examples, compiled and run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
