//! Integration tests of the `cli` family, one binary (one link) for all of them.

#[path = "../cli_support/mod.rs"]
mod cli_support;

mod cli_ensemble;
mod cli_order_stats;
mod cli_remap_periodic;
mod cli_replication;
mod remap_cli;
