//! `loadbal dlt`: divisible-load allocation of a network given in a file (star, chain, tree) and
//! the speedup and multi-installment tables of the classical networks.

mod network;
mod tables;

use loadbal_cli::support::Failure;

/// Divisible-load allocation on a star, chain or tree (closed forms and the event engine), and
/// speedup tables of bus, chain, tree and mesh.
///
/// How to split one arbitrarily divisible load over the processors of a network so that all
/// finish together, from the closed forms of divisible-load theory, each allocation executed
/// on the event engine as a check.
///
/// `star`, `chain` and `tree` read a network from a JSON file and print its allocation (or,
/// with --gantt, the engine's Gantt chart); `speedup` and `installments` tabulate the speedups
/// of bus, chain, binary tree and 2-D mesh and the multi-installment makespan.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true, arg_required_else_help = true)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Star(network::StarArgs),
    Chain(network::ChainArgs),
    Tree(network::TreeArgs),
    Speedup(tables::SpeedupArgs),
    Installments(tables::InstallmentArgs),
}

/// Runs the chosen `dlt` subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        Command::Star(a) => network::star(a),
        Command::Chain(a) => network::chain(a),
        Command::Tree(a) => network::tree(a),
        Command::Speedup(a) => tables::speedup(a),
        Command::Installments(a) => tables::installments(a),
    }
}
