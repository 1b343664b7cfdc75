//! `loadbal remap`: optimal periodic remapping intervals (Fong et al.) and optimal remapping
//! policies of Markov workloads (Yin et al.), for built-in chains or a chain read from CSV.

mod choices;
pub mod csv;
pub mod markov;
pub mod periodic;

use loadbal_cli::support::Failure;

/// Remapping: when to move work between processors.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, arg_required_else_help = true)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Imbalance curves and optimal periodic remapping intervals of a random load process (Fong et al.).
    Periodic(periodic::Args),
    /// Optimal remap-or-continue policies of reflecting random-walk workloads (Yin et al.).
    Markov(markov::Args),
    /// The optimal remap set for r copies of your own per-process workload chain, read from CSV (Yin et al.).
    Csv(csv::Args),
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        Command::Periodic(a) => periodic::run(a),
        Command::Markov(a) => markov::run(a),
        Command::Csv(a) => csv::run(a),
    }
}
