//! One module per subcommand; each has `Args` (clap) and `run(Args) -> Result<(), Failure>`.

pub mod completions;
pub mod dlt;
pub mod ensemble;
pub mod merge;
pub mod order_stats;
pub mod queue;
pub mod remap;
pub mod replicate;
pub mod unaware;
