//! `loadbal unaware`: Jia's resource-unaware divisible-load strategies (spanning trees and the
//! reporting scheme on a graph file, SLD and DLD on the thesis's tree, strategies on random
//! chains) and their Monte Carlo sweeps.

mod graph;
mod scenario;
pub mod trees;

use std::path::{Path, PathBuf};

use loadbal::dlt::unaware::UnawareError;
use loadbal_cli::support::{self as cli, Failure};

/// Resource-unaware strategies of Jia: probing, SLD/DLD, spanning trees, linear chains.
///
/// The scheduler does not know the processor and link speeds: it probes them with a small load
/// or waits for reports, then distributes the rest. `graph` schedules a graph file over each
/// spanning tree (RAOLD-OS) and by the reporting scheme; `sld` and `dld` run the static and
/// dynamic phased distributions on a tree network file; `chain` runs ESS, WCS(2) and pureDLT
/// on a chain file; `trees` is the Monte Carlo experiment on random graphs behind Jia, §4.2.3.
/// Every schedule is executed on the event engine; `--out DIR` (an existing directory)
/// receives the Gantt charts as CSV. The thesis's examples are data/jia_snp.json,
/// data/jia_dnp.json and data/jia_chain.json in the repository's cli/ directory.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true, arg_required_else_help = true)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    Graph(graph::GraphArgs),
    Sld(scenario::SldArgs),
    Dld(scenario::DldArgs),
    Chain(scenario::ChainArgs),
    Trees(trees::TreesArgs),
}

/// Runs the chosen `unaware` subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        Command::Graph(a) => graph::run(a),
        Command::Sld(a) => scenario::sld_run(a),
        Command::Dld(a) => scenario::dld_run(a),
        Command::Chain(a) => scenario::chain_run(a),
        Command::Trees(a) => trees::trees(a),
    }
}

/// A model error: exit 1 with what was computed.
fn model(what: &str) -> impl Fn(UnawareError) -> Failure + '_ {
    move |e| Failure::model(what, e)
}

/// Files a run writes into `--out DIR`: checked before the work (the directory must exist; it
/// is never created), written after it, before anything is printed.
struct OutFiles {
    dir: Option<PathBuf>,
    files: Vec<(String, String)>,
}

impl OutFiles {
    /// Checks that `names` can be written into `dir` (when given).
    fn check(dir: Option<PathBuf>, names: &[&str]) -> Result<Self, Failure> {
        if let Some(d) = &dir {
            cli::check_output_dir(d, names)?;
        }
        Ok(OutFiles { dir, files: Vec::new() })
    }

    /// Keeps `contents` for `name` (when a directory was given).
    fn add(&mut self, name: impl Into<String>, contents: impl FnOnce() -> String) {
        if self.dir.is_some() {
            self.files.push((name.into(), contents()));
        }
    }

    /// Writes the kept files.
    fn write(self) -> Result<(), Failure> {
        let Some(dir) = self.dir else { return Ok(()) };
        for (name, contents) in &self.files {
            cli::write_output(&Path::new(&dir).join(name), contents)?;
        }
        Ok(())
    }
}
