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
/// # Examples
/// ```
/// use loadbal::dlt::engine::{Action, Network, Node, Schedule};
/// use loadbal::dlt::CostScale;
/// let network = Network::new(vec![Node::relay(None, 0.0), Node::computing(Some(0), 1.0, 1.0)],
///                            CostScale::unit()).unwrap();
/// let plans = vec![vec![Action::Send { to: 1, amount: 1.0 }], vec![Action::Compute { amount: 1.0 }]];
/// let s = Schedule { network, plans };
/// assert_eq!(s.to_string(), "schedule of 2 nodes, 2 actions");
/// assert_eq!(s.simulate().unwrap().compute_makespan, 2.0);
/// ```
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
