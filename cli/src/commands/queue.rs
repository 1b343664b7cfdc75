//! `loadbal queue`: stability and queue lengths of loads arriving over time: single stations
//! in closed form, Jia's multi-region model with its bounds and a simulated check, and the
//! curves of theory against simulation.

pub mod curves;
pub mod regions;
mod station;

use loadbal_cli::support::Failure;

/// Queueing stability and metrics of arriving loads (M/M/c, M/M/c/K, M/G/1, Jia's regions).
///
/// `station` gives the closed-form metrics of a single station (M/M/1, M/M/c, M/M/1/K,
/// M/M/c/K, M/G/1 by Pollaczek-Khinchine) for one or more arrival rates; `regions` classifies
/// the stability of Jia's multi-region model (ch. 5), bounds its queues by (5.9) and checks
/// them by simulation; `curves` tabulates mean queue lengths of theory against simulation.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true, arg_required_else_help = true)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Station(station::StationArgs),
    Regions(regions::RegionsArgs),
    Curves(curves::CurvesArgs),
}

/// Runs the chosen `queue` subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        Command::Station(a) => station::run(a),
        Command::Regions(a) => regions::run(a),
        Command::Curves(a) => curves::run(a),
    }
}
