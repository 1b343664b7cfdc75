//! `loadbal completions SHELL`: a completion script for the shell, on standard output.

use clap_complete::Shell;
use loadbal_cli::support::Failure;

/// Prints a shell completion script. Install it, for example, with
/// `loadbal completions bash > ~/.local/share/bash-completion/completions/loadbal`.
#[derive(clap::Args)]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    shell: Shell,
}

/// Writes the script for `args.shell` to standard output.
pub fn run(args: Args, command: &mut clap::Command) -> Result<(), Failure> {
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, command, "loadbal", &mut buf);
    loadbal_cli::support::print(&String::from_utf8_lossy(&buf))
}
