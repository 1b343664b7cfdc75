//! A network with the plan each of its nodes runs: what a scheduler hands the engine.

use std::fmt;

use super::events::Action;
use super::network::Network;
use super::sim::simulate;
use super::trace::Trace;
use crate::dlt::error::DltError;

/// An engine network and one plan of [`Action`]s per node (`plans[v]` is node `v`'s), as
/// the `*_simulate` functions ([`Star::simulate`](crate::dlt::Star::simulate), [`Tree::simulate`](crate::dlt::Tree::simulate))
/// build them; [`Schedule::simulate`] runs it.
///
/// (Example: the unit test `schedule_example_1` in `engine/tests/examples.rs`.)
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Schedule {
    /// The network, node 0 the originator.
    pub network: Network,
    /// The plan of node `v` at index `v`, executed in order.
    pub plans: Vec<Vec<Action>>,
}

impl Schedule {
    /// Runs the schedule on the event engine ([`simulate`]).
    ///
    /// # Errors
    /// As [`simulate`].
    pub fn simulate(&self) -> Result<Trace, DltError> {
        simulate(&self.network, &self.plans)
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let actions: usize = self.plans.iter().map(Vec::len).sum();
        write!(f, "schedule of {} nodes, {} actions", self.network.len(), actions)
    }
}
