//! `loadbal merge`: the shard files of a `--shard K/N` run combined into the single run's result.

use crate::commands::queue::{curves as queue_curves, regions};
use crate::commands::remap::{markov, periodic};
use crate::commands::replicate::curves;
use crate::commands::unaware::trees;
use crate::commands::{ensemble, order_stats};
use loadbal_cli::output::{self, FormatArgs};
use loadbal_cli::shard::{self, Merged};
use loadbal_cli::support::Failure;
use std::path::PathBuf;

const LONG_HELP: &str = "\
Combines the N shard files of a run made with --shard K/N --shard-out FILE (given in any order) \
and prints exactly what the run without --shard prints, to the last bit: Monte Carlo partials \
are folded in chunk order, the rows of a --grid sweep concatenated in point order. Refuses files \
of different runs (command, parameters, seed, loadbal version), a missing or repeated shard, or a \
damaged file.

Example, a Slurm job array of 16 tasks:
  #SBATCH --array=1-16
  loadbal ensemble --reps 1e6 --shard $SLURM_ARRAY_TASK_ID/16 --shard-out part$SLURM_ARRAY_TASK_ID.json
then: loadbal merge part*.json";

/// Combines the shard files of a `--shard K/N` run into the single run's result.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, after_long_help = LONG_HELP)]
pub struct Args {
    /// The shard files.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    // Columns a table for a person shows once, above the rows (as the subcommand prints them).
    let mut constants: &[&str] = &[];
    let table = match shard::merge(&args.files)? {
        Merged::Sweep(table) => table,
        Merged::MonteCarlo { command, params, base, estimates } => match command.as_str() {
            order_stats::NAME => {
                let params: order_stats::Params = shard::decode("parameters", params)?;
                let base: Vec<order_stats::Exact> = shard::decode("exact values", base)?;
                order_stats::render(&params, &base, &estimates)?
            }
            ensemble::NAME => {
                let params: ensemble::Params = shard::decode("parameters", params)?;
                let base: ensemble::Predictions = shard::decode("predictions", base)?;
                ensemble::render(&params, &base, &estimates)?
            }
            markov::NAME => {
                let params: markov::Params = shard::decode("parameters", params)?;
                let base: Vec<markov::Solved> = shard::decode("solutions", base)?;
                markov::render(&params, &base, &estimates)?
            }
            periodic::NAME => {
                let params: periodic::Params = shard::decode("parameters", params)?;
                periodic::render(&params, &estimates)?
            }
            curves::NAME => {
                let params: curves::Params = shard::decode("parameters", params)?;
                curves::render(&params, &estimates)?
            }
            trees::NAME => {
                let params: trees::Params = shard::decode("parameters", params)?;
                trees::render(&params, &estimates)?
            }
            regions::NAME => {
                let params: regions::Params = shard::decode("parameters", params)?;
                constants = &regions::CONSTANTS;
                regions::render(&params, &estimates)?
            }
            queue_curves::NAME => {
                let params: queue_curves::Params = shard::decode("parameters", params)?;
                queue_curves::render(&params, &estimates)?
            }
            other => return Err(Failure::usage(format!("shard files of an unknown command {other:?}"))),
        },
    };
    output::print_with_constants(&table, constants, args.format.format())
}
