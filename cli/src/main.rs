//! `loadbal`: the models of the `loadbal` library from a shell.
//!
//! Every subcommand prints a readable table by default and `--json` or `--csv` for programs,
//! refuses bad input with one line naming the flag, file or line (exit 2), reports a failed
//! computation in one line (exit 1), checks sizes before allocating, and draws a progress bar on
//! standard error for runs that may take more than a second.

use clap::{CommandFactory, Parser, Subcommand};
use loadbal_cli::support::{self as cli, Failure};
use std::process::ExitCode;

mod commands;

/// Load balancing in parallel and distributed computing: divisible-load allocation, resource-unaware
/// strategies, queueing stability, remapping intervals and policies, job replication,
/// ensembles of stochastic simulations and order statistics, each from its published model.
#[derive(Parser)]
#[command(name = "loadbal", version, propagate_version = true, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands: each one's about and long help come from its `Args` documentation.
#[derive(Subcommand)]
enum Command {
    Dlt(commands::dlt::Args),
    Unaware(commands::unaware::Args),
    Queue(commands::queue::Args),
    Remap(commands::remap::Args),
    Replicate(commands::replicate::Args),
    Ensemble(commands::ensemble::Args),
    OrderStats(commands::order_stats::Args),
    Merge(commands::merge::Args),
    Completions(commands::completions::Args),
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Dlt(a) => commands::dlt::run(a),
        Command::Unaware(a) => commands::unaware::run(a),
        Command::Queue(a) => commands::queue::run(a),
        Command::Remap(a) => commands::remap::run(a),
        Command::Replicate(a) => commands::replicate::run(a),
        Command::Ensemble(a) => commands::ensemble::run(a),
        Command::OrderStats(a) => commands::order_stats::run(a),
        Command::Merge(a) => commands::merge::run(a),
        Command::Completions(a) => commands::completions::run(a, &mut Cli::command()),
    }
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("loadbal");
    cli::exit("loadbal", run(cli))
}
