//! # loadbal
//!
//! The analytical theory of load balancing in parallel and distributed computing as tested,
//! fast, pure functions: order statistics of processor times, divisible-load allocations,
//! remapping intervals and policies, ensemble load balancing, job replication and queueing
//! stability. Every model cites its paper and equation, returns typed errors on bad input,
//! and is validated against the crate's one Monte Carlo harness ([`montecarlo`]).
//!
//! The papers are listed in [`references`]: Ahn et al. (ensemble load balancing), Fong et al.
//! (periodic remapping), Dobber (job replication), Yin et al. (Markov remapping) and Jia
//! (resource-unaware divisible loads).
#![warn(missing_docs)]

pub mod dlt;
pub mod ensemble;
pub mod montecarlo;
pub mod order_stats;
pub mod papers;
pub mod queueing;
pub mod references;
pub mod remap;
pub mod replication;

/// The README's examples, compiled and run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
