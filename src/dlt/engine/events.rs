//! What a plan is made of ([`Action`]) and what the simulator hands back to a scheduler
//! ([`Event`]): completed actions, report messages (the CTC and PTC of Jia) and timers.

use crate::dlt::error::{DltError, non_negative};

/// One step of a node's plan.
///
/// Sends and computations consume the node's data in plan order: the `k`-th consuming action
/// may start only once the node has fully received at least the sum of the amounts of
/// consuming actions `0..=k` (store-and-forward). A [`Copy`](Action::Copy) needs its data the
/// same way but does not consume it. The originator (node 0) holds all its data at `t = 0`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Send `amount` units to child `to` over its link: `S + z·T_cm·amount` seconds.
    Send {
        /// Receiving child.
        to: usize,
        /// Units sent.
        amount: f64,
    },
    /// Forward a copy of the next `amount` received units to child `to` without consuming them:
    /// a probe load (Jia, §2.2 and §3.2: every node computes the probe it received and
    /// forwards a copy to its children). Same duration as a [`Send`](Action::Send).
    Copy {
        /// Receiving child.
        to: usize,
        /// Units copied.
        amount: f64,
    },
    /// Compute `amount` units: `Q + w·T_cp·amount` seconds.
    Compute {
        /// Units computed.
        amount: f64,
    },
    /// Receive `amount` units of results from child `from` over its link, once that child has
    /// finished every computation and every collection pushed to it (so reports climb a tree
    /// hop by hop through relays): `S + z·T_cm·amount` seconds on this node's port.
    Collect {
        /// Child returning results.
        from: usize,
        /// Units returned.
        amount: f64,
    },
}

/// What the step does, in words:
///
/// (Example: the unit test `events_example_1` in `engine/tests/examples.rs`.)
impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Action::Send { to, amount } => write!(f, "send {amount} units to node {to}"),
            Action::Copy { to, amount } => write!(f, "copy {amount} units to node {to}"),
            Action::Compute { amount } => write!(f, "compute {amount} units"),
            Action::Collect { from, amount } => write!(f, "collect {amount} units from node {from}"),
        }
    }
}

impl Action {
    /// Units moved or computed.
    ///
    /// # Accuracy
    /// Exact (stored value).
    pub fn amount(&self) -> f64 {
        match *self {
            Action::Send { amount, .. }
            | Action::Copy { amount, .. }
            | Action::Compute { amount }
            | Action::Collect { amount, .. } => amount,
        }
    }
}

/// Kind of a [`Report`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ReportKind {
    /// Communication task completion: the node has fully received a message.
    Ctc,
    /// Processing task completion: the node has finished a computation.
    Ptc,
}

/// A report message from a node to the originator (node 0), the only way a resource-unaware
/// scheduler learns about speeds: it carries the observed interval, from which the scheduler
/// estimates `z = (end − start)/(amount·T_cm)` or `w = (end − start)/(amount·T_cp)`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// CTC or PTC.
    pub kind: ReportKind,
    /// The reporting node.
    pub node: usize,
    /// Start of the observed reception or computation (after any start-up).
    pub start: f64,
    /// Its end, when the report leaves the node.
    pub end: f64,
    /// Units received or computed.
    pub amount: f64,
    /// When the report reaches the originator.
    pub arrival: f64,
}

/// The report's kind, node, observed interval and arrival:
///
/// (Example: the unit test `events_example_2` in `engine/tests/examples.rs`.)
impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.kind {
            ReportKind::Ctc => "CTC",
            ReportKind::Ptc => "PTC",
        };
        write!(
            f,
            "{kind} from node {}: {} units in [{}, {}] s, arrived at {} s",
            self.node, self.amount, self.start, self.end, self.arrival
        )
    }
}

/// Which reports nodes send to the originator, and how long they take.
///
/// Reports travel on a control channel that does not occupy the ports of the data plane; a
/// report of `size` units climbs the tree hop by hop, each hop taking `size·z(t)·T_cm` seconds
/// (no start-up). `size = 0` is the thesis's "negligible" report transmission time.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Reports {
    /// Report every completed reception (CTC).
    pub ctc: bool,
    /// Report every completed computation (PTC).
    pub ptc: bool,
    /// Size of a report message, in load units.
    pub size: f64,
}

impl Reports {
    /// No reports (the default of a [`super::Simulator`]).
    pub fn none() -> Self {
        Reports { ctc: false, ptc: false, size: 0.0 }
    }

    /// CTCs and PTCs with negligible transmission time (Jia's assumption).
    pub fn instant() -> Self {
        Reports { ctc: true, ptc: true, size: 0.0 }
    }

    pub(crate) fn check(&self) -> Result<(), DltError> {
        non_negative("report size", 0, self.size).map(|_| ())
    }
}

impl Default for Reports {
    fn default() -> Self {
        Self::none()
    }
}

/// What [`super::Simulator::step`] hands back.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Event {
    /// An action of node `node`'s plan completed at `time` (the sender of a send or copy, the
    /// collector of a collection).
    Completed {
        /// Completion time.
        time: f64,
        /// Node whose action completed.
        node: usize,
        /// Index of the action in that node's plan.
        index: usize,
        /// The action.
        action: Action,
    },
    /// A report reached the originator (at `report.arrival`).
    Report(Report),
    /// A timer set with [`super::Simulator::wake_at`] fired.
    Timer {
        /// Firing time.
        time: f64,
        /// The id `wake_at` returned.
        id: u64,
    },
}

/// When and what:
///
/// (Example: the unit test `events_example_3` in `engine/tests/examples.rs`.)
impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::Completed { time, node, index, action } => {
                write!(f, "at {time} s: node {node} completed action {index} ({action})")
            }
            Event::Report(r) => write!(f, "at {} s: {r}", r.arrival),
            Event::Timer { time, id } => write!(f, "at {time} s: timer {id}"),
        }
    }
}

#[cfg(test)]
/// A completed action and the node that ran it, from [`Event::completed`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Completion {
    /// The node.
    pub node: usize,
    /// The action it completed.
    pub action: Action,
}

#[cfg(test)]
impl std::fmt::Display for Completion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "node {} completed {}", self.node, self.action)
    }
}

impl Event {
    /// When the event happened.
    ///
    /// # Accuracy
    /// Exact (stored value).
    pub fn time(&self) -> f64 {
        match *self {
            Event::Completed { time, .. } | Event::Timer { time, .. } => time,
            Event::Report(r) => r.arrival,
        }
    }

    #[cfg(test)]
    /// The completed action and its node, if this is a completion.
    ///
    /// (Example: the unit test `events_example_4` in `engine/tests/examples.rs`.)
    pub fn completed(&self) -> Option<Completion> {
        match *self {
            Event::Completed { node, action, .. } => Some(Completion { node, action }),
            _ => None,
        }
    }
}
