//! `loadbal remap` (to be written from cli/legacy).

use loadbal_cli::support::Failure;

/// Not yet written.
#[derive(clap::Args)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_args: Args) -> Result<(), Failure> {
    Err(Failure::failed("not implemented yet"))
}
