//! Runs beyond one machine: `--shard K/N`, shard files and their merge.
//!
//! A subcommand that runs a Monte Carlo estimate splits each estimate's chunks of
//! [`CHUNK_SIZE`](loadbal::montecarlo::CHUNK_SIZE) replications into `N` contiguous ranges; shard
//! `K` runs range `K` and writes its per-chunk accumulators
//! ([`Partials`](loadbal::montecarlo::Partials)) with the deterministic part of the result (the
//! same in every shard) to a shard file. A subcommand that sweeps a
//! parameter grid (`--grid FILE`) splits the grid's points instead; shard `K` writes the rows of
//! its points. `loadbal merge` reads the `N` files, refuses them unless they come from the same
//! command, parameters, seed and `loadbal` version with every index `1..=N` once, folds the
//! partials in chunk order (the fold a single run makes) or concatenates the rows in point order,
//! and prints exactly what the single run prints.
//!
//! `file.rs` holds the shard and its file, `runner.rs` the runs, `merge.rs` the merge and
//! `grid.rs` the parameter grids.

mod file;
mod grid;
mod merge;
mod runner;

pub use file::{MAX_SHARDS, Shard, ShardArgs, decode, encode, sweep_points};
pub use grid::{cell_or, read_grid};
pub use merge::{Merged, merge};
pub use runner::{McOutcome, McRunner, estimate, estimate_on, finish_mc, finish_mc_with, finish_sweep};
