//! `loadbal replicate`: job replication against load balancing (Dobber).

pub mod curves;
pub mod trace;

use loadbal_cli::support::Failure;

/// Job replication (Dobber): speedup curves, optimal replica counts, trace statistics.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, arg_required_else_help = true)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Speedup curves and optimal replica counts of the JR models (Dobber), and the exact model (5.4) by Monte Carlo.
    Curves(curves::Args),
    /// Statistics, predictor errors, JR optima and simulated speedups of a job-runtime trace (Dobber).
    Trace(trace::Args),
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        Command::Curves(a) => curves::run(a),
        Command::Trace(a) => trace::run(a),
    }
}
