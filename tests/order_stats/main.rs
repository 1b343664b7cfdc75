//! Integration tests of the `order_stats` family, one binary (one link) for all of them.

#[path = "../reference_support/mod.rs"]
mod reference_support;

mod std_normal;

mod accuracy_order_stats;
mod montecarlo_determinism;
mod order_stats_exact;
mod order_stats_models;
mod order_stats_regressions;
mod order_stats_sweep;
