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
/// ```
/// use loadbal::dlt::engine::Action;
/// assert_eq!(Action::Send { to: 2, amount: 5.0 }.to_string(), "send 5 units to node 2");
/// assert_eq!(Action::Compute { amount: 1.5 }.to_string(), "compute 1.5 units");
/// ```
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
/// ```
/// use loadbal::dlt::engine::{Report, ReportKind};
/// let r = Report { kind: ReportKind::Ptc, node: 2, start: 1.0, end: 3.0, amount: 4.0, arrival: 3.5 };
/// assert_eq!(r.to_string(), "PTC from node 2: 4 units in [1, 3] s, arrived at 3.5 s");
/// ```
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
/// ```
/// use loadbal::dlt::engine::{Action, Network, Node, Simulator};
/// use loadbal::dlt::CostScale;
/// let net = Network::new(vec![Node::computing(None, 0.0, 2.0)], CostScale::unit()).unwrap();
/// let mut sim = Simulator::new(&net);
/// sim.push(0, Action::Compute { amount: 3.0 }).unwrap();
/// let events = sim.run_until(10.0);
/// assert_eq!(events[0].to_string(), "at 6 s: node 0 completed action 0 (compute 3 units)");
/// ```
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

/// A completed action and the node that ran it, from [`Event::completed`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Completion {
    /// The node.
    pub node: usize,
    /// The action it completed.
    pub action: Action,
}

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

    /// The completed action and its node, if this is a completion.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::engine::{Action, Completion, Network, Node, Simulator};
    /// use loadbal::dlt::CostScale;
    /// let net = Network::new(vec![Node::computing(None, 0.0, 2.0)], CostScale::unit()).unwrap();
    /// let mut sim = Simulator::new(&net);
    /// sim.push(0, Action::Compute { amount: 3.0 }).unwrap();
    /// let c = sim.run_until(10.0)[0].completed().unwrap();
    /// assert_eq!(c, Completion { node: 0, action: Action::Compute { amount: 3.0 } });
    /// ```
    pub fn completed(&self) -> Option<Completion> {
        match *self {
            Event::Completed { node, action, .. } => Some(Completion { node, action }),
            _ => None,
        }
    }
}
