//! The discrete-event core: an event queue over the nodes of a [`Network`], each node running
//! its plan of actions on its lanes (processor and ports).

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

use super::network::Network;
use super::trace::{Interval, Trace};
use crate::dlt::error::{DltError, non_negative};
use crate::dlt::types::Ports;

/// One step of a node's plan.
///
/// Sends and computations consume the node's data in plan order: the `k`-th consuming action
/// may start only once the node has fully received at least the sum of the amounts of
/// consuming actions `0..=k` (store-and-forward). The originator (node 0) holds all its data at
/// `t = 0`.
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
    /// Compute `amount` units: `Q + w·T_cp·amount` seconds.
    Compute {
        /// Units computed.
        amount: f64,
    },
    /// Receive `amount` units of results from child `from` over its link, once that child has
    /// finished every computation and every collection pushed to it (so reports climb a tree
    /// hop by hop through relays): `S + z·T_cm·amount` seconds on this node's port. Small
    /// amounts model control messages (completion reports, probes' answers).
    Collect {
        /// Child returning results.
        from: usize,
        /// Units returned.
        amount: f64,
    },
}

/// A completed action, as returned by [`Simulator::step`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Event {
    /// Completion time.
    pub time: f64,
    /// Node whose action completed (the sender of a `Send`, the collector of a `Collect`).
    pub node: usize,
    /// Index of the action in that node's plan.
    pub index: usize,
    /// The action.
    pub action: Action,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Pending {
    time: f64,
    seq: u64,
    node: usize,
    index: usize,
    start: f64,
}

impl Eq for Pending {}
impl PartialOrd for Pending {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Pending {
    // Reversed: BinaryHeap is a max-heap and the earliest event must come out first; ties in
    // time are broken by creation order, so runs are deterministic.
    fn cmp(&self, other: &Self) -> Ordering {
        other.time.total_cmp(&self.time).then(other.seq.cmp(&self.seq))
    }
}

#[derive(Debug, Clone, Default)]
struct Lane {
    queue: VecDeque<usize>,
    busy: bool,
}

#[derive(Debug, Clone)]
struct State {
    actions: Vec<Action>,
    need: Vec<f64>,
    consumed: f64,
    received: f64,
    lanes: Vec<Lane>,
    pending_compute: usize,
    pending_collect: usize,
}

/// Relative slack of the data-availability test (sums of the same loads in another order).
const DATA_SLACK: f64 = 1e-9;

/// A deterministic discrete-event simulator of a divisible-load schedule.
///
/// Push actions with [`push`](Self::push) (before or during the run), advance with
/// [`step`](Self::step) (one completed action at a time, so a strategy can react to events by
/// pushing more actions) or [`run`](Self::run), and read the [`Trace`].
///
/// Rules: a node with a front-end runs its computations on a processor lane and its sends and
/// collections on port lanes (one lane if single-port, one per child link if all-port);
/// without a front-end every action runs on one lane, in plan order. Each lane runs its actions
/// in plan order, back to back as soon as they are ready. Receiving does not occupy the
/// receiver's ports.
///
/// ```
/// use loadbal::dlt::engine::{Action, Network, Node, Simulator};
/// use loadbal::dlt::CostScale;
/// // Two identical processors, a = c = 1: the originator keeps 2/3 and sends 1/3.
/// let net = Network::new(vec![Node::computing(None, 0.0, 1.0), Node::computing(Some(0), 1.0, 1.0)],
///                        CostScale::unit()).unwrap();
/// let mut sim = Simulator::new(&net);
/// sim.push(0, Action::Send { to: 1, amount: 1.0 / 3.0 }).unwrap();
/// sim.push(0, Action::Compute { amount: 2.0 / 3.0 }).unwrap();
/// sim.push(1, Action::Compute { amount: 1.0 / 3.0 }).unwrap();
/// sim.run().unwrap();
/// let trace = sim.trace();
/// assert!((trace.nodes[1].finish.unwrap() - 2.0 / 3.0).abs() < 1e-15);
/// assert!((trace.makespan - 2.0 / 3.0).abs() < 1e-15);
/// ```
#[derive(Debug, Clone)]
pub struct Simulator<'a> {
    net: &'a Network,
    now: f64,
    seq: u64,
    heap: BinaryHeap<Pending>,
    states: Vec<State>,
    dirty: Vec<usize>,
    trace: Trace,
}

impl<'a> Simulator<'a> {
    /// A simulator at `t = 0` with empty plans.
    pub fn new(net: &'a Network) -> Self {
        let states = (0..net.len())
            .map(|v| {
                let node = &net.nodes()[v];
                // A relay never computes, so its front-end flag does not matter.
                let lanes = match (node.front_end || node.cpu.is_none(), node.ports) {
                    (false, _) => 1,
                    (true, Ports::Single) => 2,
                    (true, Ports::All) => 1 + net.children(v).len(),
                };
                State {
                    actions: Vec::new(),
                    need: Vec::new(),
                    consumed: 0.0,
                    received: if v == 0 { f64::INFINITY } else { 0.0 },
                    lanes: vec![Lane::default(); lanes],
                    pending_compute: 0,
                    pending_collect: 0,
                }
            })
            .collect();
        Self {
            net,
            now: 0.0,
            seq: 0,
            heap: BinaryHeap::new(),
            states,
            dirty: Vec::new(),
            trace: Trace::empty(net.len()),
        }
    }

    /// Current simulated time.
    pub fn now(&self) -> f64 {
        self.now
    }

    /// Appends `action` to node `v`'s plan; it starts as soon as it is ready (checked from the
    /// next [`step`](Self::step) on, at the current time).
    ///
    /// # Errors
    /// [`DltError::InvalidArgument`] for an unknown node, a send to or collection from a node
    /// that is not a child of `v`, or a computation on a relay; [`DltError::Negative`] or
    /// [`DltError::NonFinite`] for a bad amount.
    pub fn push(&mut self, v: usize, action: Action) -> Result<(), DltError> {
        if v >= self.net.len() {
            return Err(DltError::InvalidArgument {
                what: format!("node {v} does not exist ({} nodes)", self.net.len()),
            });
        }
        let node = &self.net.nodes()[v];
        let (amount, child) = match action {
            Action::Send { to, amount } => (amount, Some(to)),
            Action::Collect { from, amount } => (amount, Some(from)),
            Action::Compute { amount } => {
                if node.cpu.is_none() {
                    return Err(DltError::InvalidArgument { what: format!("node {v} is a relay and cannot compute") });
                }
                (amount, None)
            }
        };
        non_negative("action amount", v, amount)?;
        if let Some(c) = child {
            if c >= self.net.len() || self.net.nodes()[c].parent != Some(v) {
                return Err(DltError::InvalidArgument { what: format!("node {c} is not a child of node {v}") });
            }
        }
        let lane = match (node.front_end || node.cpu.is_none(), node.ports, action) {
            (false, _, _) | (true, _, Action::Compute { .. }) => 0,
            (true, Ports::Single, _) => 1,
            (true, Ports::All, _) => 1 + self.net.child_position(child.unwrap_or(0)),
        };
        let st = &mut self.states[v];
        if !matches!(action, Action::Collect { .. }) {
            st.consumed += amount;
        }
        match action {
            Action::Compute { .. } => st.pending_compute += 1,
            Action::Collect { .. } => st.pending_collect += 1,
            Action::Send { .. } => {}
        }
        st.need.push(st.consumed);
        st.actions.push(action);
        let id = st.actions.len() - 1;
        st.lanes[lane].queue.push_back(id);
        // Started at the next `step`, so that actions pushed together at the same time (a
        // collection and the child's computations) see each other.
        self.dirty.push(v);
        Ok(())
    }

    fn ready(&self, v: usize, id: usize) -> bool {
        let st = &self.states[v];
        match st.actions[id] {
            Action::Collect { from, .. } => {
                self.states[from].pending_compute == 0 && self.states[from].pending_collect == 0
            }
            _ => st.need[id] - st.received <= DATA_SLACK * st.need[id],
        }
    }

    fn try_start(&mut self, v: usize) {
        for lane in 0..self.states[v].lanes.len() {
            let l = &self.states[v].lanes[lane];
            if l.busy {
                continue;
            }
            let Some(&id) = l.queue.front() else { continue };
            if !self.ready(v, id) {
                continue;
            }
            self.states[v].lanes[lane].busy = true;
            let end = self.duration_end(v, id);
            self.seq += 1;
            self.heap.push(Pending { time: end, seq: self.seq, node: v, index: id, start: self.now });
        }
    }

    fn duration_end(&self, v: usize, id: usize) -> f64 {
        let scale = self.net.scale();
        let nodes = self.net.nodes();
        match self.states[v].actions[id] {
            Action::Send { to: c, amount } | Action::Collect { from: c, amount } => {
                let n = &nodes[c];
                n.link.finish_time(self.now + n.link_startup, amount, scale.t_cm)
            }
            Action::Compute { amount } => {
                let n = &nodes[v];
                let cpu = n.cpu.as_ref().expect("push rejects computations on relays");
                cpu.finish_time(self.now + n.compute_startup, amount, scale.t_cp)
            }
        }
    }

    /// Completes the next action (advancing time to its end) and starts whatever it unblocks.
    /// Returns `None` when nothing is running.
    pub fn step(&mut self) -> Option<Event> {
        for v in std::mem::take(&mut self.dirty) {
            self.try_start(v);
        }
        let p = self.heap.pop()?;
        self.now = p.time;
        let v = p.node;
        let action = self.states[v].actions[p.index];
        let lane = self.states[v]
            .lanes
            .iter()
            .position(|l| l.queue.front() == Some(&p.index))
            .expect("running action heads its lane");
        self.states[v].lanes[lane].queue.pop_front();
        self.states[v].lanes[lane].busy = false;
        let iv = |peer, amount| Interval { start: p.start, end: p.time, amount, peer };
        match action {
            Action::Send { to, amount } => {
                self.trace.nodes[v].sends.push(iv(Some(to), amount));
                self.trace.nodes[to].receptions.push(iv(Some(v), amount));
                self.states[to].received += amount;
                self.try_start(to);
            }
            Action::Compute { amount } => {
                self.trace.nodes[v].computations.push(iv(None, amount));
                self.states[v].pending_compute -= 1;
                if let Some(parent) = self.net.nodes()[v].parent {
                    self.try_start(parent);
                }
            }
            Action::Collect { from, amount } => {
                self.trace.nodes[v].collections.push(iv(Some(from), amount));
                self.states[v].pending_collect -= 1;
                if let Some(parent) = self.net.nodes()[v].parent {
                    self.try_start(parent);
                }
            }
        }
        self.try_start(v);
        Some(Event { time: p.time, node: v, index: p.index, action })
    }

    /// Time at which the next running action completes, if any (after starting whatever the
    /// latest pushes made ready).
    pub fn next_event_time(&mut self) -> Option<f64> {
        for v in std::mem::take(&mut self.dirty) {
            self.try_start(v);
        }
        self.heap.peek().map(|p| p.time)
    }

    /// Completes every action that ends at or before `t`, then advances the clock to `t` (if it
    /// is later), so that actions pushed next start at `t`. Returns the completed events in
    /// order. Use it to make decisions at given instants (a strategy's timer, a speed change).
    ///
    /// ```
    /// use loadbal::dlt::engine::{Action, Network, Node, Simulator};
    /// use loadbal::dlt::CostScale;
    /// let net = Network::new(vec![Node::computing(None, 0.0, 1.0)], CostScale::unit()).unwrap();
    /// let mut sim = Simulator::new(&net);
    /// sim.push(0, Action::Compute { amount: 1.0 }).unwrap();
    /// assert_eq!(sim.run_until(2.5).len(), 1);
    /// sim.push(0, Action::Compute { amount: 1.0 }).unwrap(); // starts at 2.5
    /// sim.run().unwrap();
    /// assert_eq!(sim.now(), 3.5);
    /// ```
    pub fn run_until(&mut self, t: f64) -> Vec<Event> {
        let mut done = Vec::new();
        while self.next_event_time().is_some_and(|e| e <= t) {
            done.extend(self.step());
        }
        if t > self.now {
            self.now = t;
        }
        done
    }

    /// Whether node `v` has nothing running and nothing queued.
    pub fn is_idle(&self, v: usize) -> bool {
        self.states.get(v).is_none_or(|st| st.lanes.iter().all(|l| !l.busy && l.queue.is_empty()))
    }

    /// Units node `v` has fully received so far (infinite for the originator).
    pub fn received(&self, v: usize) -> f64 {
        self.states.get(v).map_or(0.0, |st| st.received)
    }

    /// Runs until nothing is running.
    ///
    /// # Errors
    /// [`DltError::InfeasibleStructure`] if an action can never start (a node was asked to send
    /// or compute more data than it receives), or if an action never ends (a stopped resource).
    pub fn run(&mut self) -> Result<(), DltError> {
        while let Some(e) = self.step() {
            if !e.time.is_finite() {
                return Err(DltError::InfeasibleStructure {
                    reason: format!("node {} action {} never ends (stopped resource)", e.node, e.index),
                });
            }
        }
        for (v, st) in self.states.iter().enumerate() {
            if let Some(&id) = st.lanes.iter().find_map(|l| l.queue.front()) {
                return Err(DltError::InfeasibleStructure {
                    reason: format!(
                        "node {v} action {id} ({:?}) never became ready: the node received {} units, needs {}",
                        st.actions[id], st.received, st.need[id]
                    ),
                });
            }
        }
        Ok(())
    }

    /// The trace so far (finish times and makespan summarised from the completed actions).
    pub fn trace(&self) -> Trace {
        self.clone_trace_summarised()
    }

    fn clone_trace_summarised(&self) -> Trace {
        let mut t = self.trace.clone();
        t.summarise();
        t
    }

    /// The trace, consuming the simulator (no copy).
    pub fn into_trace(self) -> Trace {
        let mut t = self.trace;
        t.summarise();
        t
    }
}

/// Runs per-node plans on a network from `t = 0` to completion.
///
/// # Errors
/// [`DltError::LengthMismatch`] unless there is one plan per node; the errors of
/// [`Simulator::push`] and [`Simulator::run`].
pub fn simulate(net: &Network, plans: &[Vec<Action>]) -> Result<Trace, DltError> {
    if plans.len() != net.len() {
        return Err(DltError::LengthMismatch { what: "plans (one per node)", expected: net.len(), got: plans.len() });
    }
    let mut sim = Simulator::new(net);
    for (v, plan) in plans.iter().enumerate() {
        for &a in plan {
            sim.push(v, a)?;
        }
    }
    sim.run()?;
    Ok(sim.into_trace())
}
