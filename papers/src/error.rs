//! The errors of the paper reproduction: the library's errors it passes on, and its own.

use loadbal::dlt::DltError;
use loadbal::dlt::unaware::UnawareError;
use loadbal::ensemble::EnsembleError;
use loadbal::law::LawError;
use loadbal::montecarlo::MonteCarloError;
use loadbal::order_stats::OrderStatsError;
use loadbal::queueing::QueueingError;
use loadbal::remap::RemapError;
use loadbal::remap::markov::MarkovError;
use loadbal::replication::ReplicationError;

use crate::PrintedError;

/// Why a row or a table-level test could not be computed. An `Error` row keeps the message.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PapersError {
    /// The Monte Carlo harness failed.
    #[error(transparent)]
    MonteCarlo(#[from] MonteCarloError),
    /// A divisible-load solver failed.
    #[error(transparent)]
    Dlt(#[from] DltError),
    /// A resource-unaware strategy failed.
    #[error(transparent)]
    Unaware(#[from] UnawareError),
    /// The ensemble simulator or one of its models failed.
    #[error(transparent)]
    Ensemble(#[from] EnsembleError),
    /// A law constructor refused its parameters.
    #[error(transparent)]
    Law(#[from] LawError),
    /// An order-statistics function failed.
    #[error(transparent)]
    OrderStats(#[from] OrderStatsError),
    /// A queueing model failed.
    #[error(transparent)]
    Queueing(#[from] QueueingError),
    /// A periodic-remapping model failed.
    #[error(transparent)]
    Remap(#[from] RemapError),
    /// A Markov remapping model failed.
    #[error(transparent)]
    Markov(#[from] MarkovError),
    /// A job-replication model failed.
    #[error(transparent)]
    Replication(#[from] ReplicationError),
    /// A printed value of the paper is not a number.
    #[error(transparent)]
    Printed(#[from] PrintedError),
    /// A computation the row needs produced nothing (an empty sample, no such dispatch).
    #[error("{what}: nothing to compute from")]
    Empty {
        /// What was empty.
        what: &'static str,
    },
    /// A table-level test was given tables of different shapes.
    #[error("table-level test {table:?}: {what}")]
    TableShape {
        /// The table.
        table: String,
        /// What did not fit.
        what: String,
    },
}
