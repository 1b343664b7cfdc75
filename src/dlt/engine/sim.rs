//! The discrete-event core: an event queue over the nodes of a [`Network`], each node running
//! its plan of actions on its lanes (processor and ports).

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

use super::events::{Action, Event, Report, ReportKind, Reports};
use super::network::Network;
use super::trace::{Interval, Trace};
use crate::dlt::error::{DltError, non_negative};
use crate::dlt::ports::Ports;

/// What a heap entry stands for. Kept small (the heap holds one entry per running action):
/// an action's id and start time live in its lane's running slot, found by sequence number.
#[derive(Debug, Clone, Copy, PartialEq)]
enum What {
    /// An action runs on lane `lane` of `node`.
    Action { node: u32, lane: u32 },
    /// Report number `k` arrives at the originator.
    Report(usize),
    /// A timer fires.
    Timer(u64),
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Pending {
    time: f64,
    seq: u64,
    what: What,
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

/// A running action: the sequence number of its heap entry, its id and its start time.
type Slot = (u64, usize, f64);

/// A queue of actions served in plan order by `servers` identical servers (1 for a processor or
/// a single port, k for a k-port sender).
#[derive(Debug, Clone)]
struct Lane {
    /// Actions waiting to start.
    queue: VecDeque<usize>,
    /// Running actions, in start order. Heap entries of interrupted actions no longer match
    /// one and are skipped.
    running: Vec<Slot>,
    servers: usize,
}

impl Lane {
    fn new(servers: usize) -> Self {
        Lane { queue: VecDeque::new(), running: Vec::new(), servers }
    }
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
/// [`step`](Self::step) (one [`Event`] at a time, so a scheduler can react by pushing more
/// actions, setting timers with [`wake_at`](Self::wake_at) or stopping a computation with
/// [`interrupt`](Self::interrupt)) or [`run`](Self::run), and read the [`Trace`]. With
/// [`with_reports`](Self::with_reports) nodes send CTC/PTC [`Report`]s to the originator.
///
/// Rules: a node with a front-end runs its computations on a processor lane and its sends and
/// collections on port lanes (one lane if single-port — served by `port_count` ports at once,
/// the k-port model — and one per child link if all-port);
/// without a front-end every action runs on one lane, in plan order. Each lane runs its actions
/// in plan order, back to back as soon as they are ready. Receiving does not occupy the
/// receiver's ports.
///
/// (Example: the unit test `sim_example_1` in `engine/tests/examples.rs`.)
#[derive(Debug, Clone)]
pub struct Simulator<'a> {
    net: &'a Network,
    now: f64,
    seq: u64,
    heap: BinaryHeap<Pending>,
    states: Vec<State>,
    dirty: Vec<usize>,
    trace: Trace,
    reports: Reports,
    sent_reports: Vec<Report>,
    timers: u64,
}

impl<'a> Simulator<'a> {
    /// A simulator at `t = 0` with empty plans and no reports.
    pub fn new(net: &'a Network) -> Self {
        let states = (0..net.len())
            .map(|v| {
                let node = &net.nodes()[v];
                // A relay never computes, so its front-end flag does not matter.
                let lanes = match (node.front_end || node.cpu.is_none(), node.ports) {
                    (false, _) => vec![Lane::new(1)],
                    (true, Ports::Single) => {
                        vec![Lane::new(1), Lane::new(usize::try_from(node.port_count).unwrap_or(usize::MAX))]
                    }
                    (true, Ports::All) => vec![Lane::new(1); 1 + net.children(v).len()],
                };
                State {
                    actions: Vec::new(),
                    need: Vec::new(),
                    consumed: 0.0,
                    received: if v == 0 { f64::INFINITY } else { 0.0 },
                    lanes,
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
            reports: Reports::none(),
            sent_reports: Vec::new(),
            timers: 0,
        }
    }

    /// Makes nodes other than the originator report completed receptions (CTC) and
    /// computations (PTC) to the originator; [`step`](Self::step) returns each report as an
    /// [`Event::Report`] when it arrives. The originator's own computations are reported too,
    /// with no delay.
    ///
    /// # Errors
    /// [`DltError::Negative`] / [`DltError::NonFinite`] for a bad report size.
    ///
    /// (Example: the unit test `sim_example_2` in `engine/tests/examples.rs`.)
    pub fn with_reports(mut self, reports: Reports) -> Result<Self, DltError> {
        reports.check()?;
        self.reports = reports;
        Ok(self)
    }

    /// The network being simulated.
    pub fn network(&self) -> &'a Network {
        self.net
    }

    #[cfg(test)]
    /// Current simulated time.
    ///
    /// # Accuracy
    /// Exact (stored value).
    pub fn now(&self) -> f64 {
        self.now
    }

    /// Sets a timer: [`step`](Self::step) returns [`Event::Timer`] with the returned id at
    /// `max(t, now)`. A scheduler uses it for decisions at given instants (a phase end, a
    /// threshold time T*).
    ///
    /// # Errors
    /// [`DltError::NonFinite`] for a NaN or infinite `t`.
    pub fn wake_at(&mut self, t: f64) -> Result<u64, DltError> {
        if !t.is_finite() {
            return Err(DltError::NonFinite { what: "timer time", index: 0, value: t });
        }
        self.timers += 1;
        let id = self.timers;
        self.seq += 1;
        self.heap.push(Pending { time: t.max(self.now), seq: self.seq, what: What::Timer(id) });
        Ok(id)
    }

    /// Appends `action` to node `v`'s plan; it starts as soon as it is ready (checked from the
    /// next [`step`](Self::step) on, at the current time).
    ///
    /// # Errors
    /// [`DltError::InvalidArgument`] for an unknown node, a send, copy or collection that does
    /// not involve a child of `v`, or a computation on a relay; [`DltError::Negative`] or
    /// [`DltError::NonFinite`] for a bad amount.
    pub fn push(&mut self, v: usize, action: Action) -> Result<(), DltError> {
        if v >= self.net.len() {
            return Err(DltError::InvalidArgument {
                what: format!("node {v} does not exist ({} nodes)", self.net.len()),
            });
        }
        let node = &self.net.nodes()[v];
        let child = match action {
            Action::Send { to, .. } | Action::Copy { to, .. } => Some(to),
            Action::Collect { from, .. } => Some(from),
            Action::Compute { .. } => {
                if node.cpu.is_none() {
                    return Err(DltError::InvalidArgument { what: format!("node {v} is a relay and cannot compute") });
                }
                None
            }
        };
        let amount = action.amount();
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
        match action {
            Action::Compute { .. } => {
                st.pending_compute += 1;
                st.consumed += amount;
                st.need.push(st.consumed);
            }
            Action::Send { .. } => {
                st.consumed += amount;
                st.need.push(st.consumed);
            }
            Action::Copy { .. } => st.need.push(st.consumed + amount),
            Action::Collect { .. } => {
                st.pending_collect += 1;
                st.need.push(st.consumed);
            }
        }
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
            loop {
                let l = &self.states[v].lanes[lane];
                if l.running.len() >= l.servers {
                    break;
                }
                let Some(&id) = l.queue.front() else { break };
                if !self.ready(v, id) {
                    break;
                }
                self.start(v, lane, id);
            }
        }
    }

    /// Starts action `id`, the head of `lane`, now.
    fn start(&mut self, v: usize, lane: usize, id: usize) {
        let end = self.duration_end(v, id);
        self.seq += 1;
        let l = &mut self.states[v].lanes[lane];
        l.queue.pop_front();
        l.running.push((self.seq, id, self.now));
        // Node and lane counts fit in u32 (a network of 2^32 nodes would not fit in memory).
        let what = What::Action { node: v as u32, lane: lane as u32 };
        self.heap.push(Pending { time: end, seq: self.seq, what });
    }

    fn duration_end(&self, v: usize, id: usize) -> f64 {
        let scale = self.net.scale();
        let nodes = self.net.nodes();
        match self.states[v].actions[id] {
            Action::Send { to: c, amount } | Action::Copy { to: c, amount } | Action::Collect { from: c, amount } => {
                let n = &nodes[c];
                n.link.finish_time(self.now + n.link_startup, amount, scale.t_cm())
            }
            Action::Compute { amount } => {
                let n = &nodes[v];
                let cpu = n.cpu.as_ref().expect("push rejects computations on relays");
                cpu.finish_time(self.now + n.compute_startup, amount, scale.t_cp())
            }
        }
    }

    /// Whether a heap entry is still live (not an interrupted action).
    fn live(&self, p: &Pending) -> bool {
        match p.what {
            What::Action { node, lane } => {
                self.states[node as usize].lanes[lane as usize].running.iter().any(|r| r.0 == p.seq)
            }
            _ => true,
        }
    }

    fn start_dirty(&mut self) {
        for v in std::mem::take(&mut self.dirty) {
            self.try_start(v);
        }
        while self.heap.peek().is_some_and(|p| !self.live(p)) {
            self.heap.pop();
        }
    }

    /// Sends a report of `kind` about `iv` from node `v` (if reports of that kind are on).
    fn report(&mut self, kind: ReportKind, v: usize, iv: Interval) {
        let on = match kind {
            ReportKind::Ctc => self.reports.ctc,
            ReportKind::Ptc => self.reports.ptc,
        };
        if !on {
            return;
        }
        let mut arrival = iv.end;
        if self.reports.size > 0.0 {
            let mut u = v;
            while let Some(p) = self.net.nodes()[u].parent {
                arrival = self.net.nodes()[u].link.finish_time(arrival, self.reports.size, self.net.scale().t_cm());
                u = p;
            }
        }
        let r = Report { kind, node: v, start: iv.start, end: iv.end, amount: iv.amount, arrival };
        self.sent_reports.push(r);
        self.seq += 1;
        self.heap.push(Pending { time: arrival, seq: self.seq, what: What::Report(self.sent_reports.len() - 1) });
    }

    /// Completes the next event (advancing time to it) and starts whatever it unblocks.
    /// Returns `None` when nothing is running and no report or timer is pending.
    pub fn step(&mut self) -> Option<Event> {
        self.start_dirty();
        let p = self.heap.pop()?;
        self.now = self.now.max(p.time);
        let (v, lane) = match p.what {
            What::Report(k) => return Some(Event::Report(self.sent_reports[k])),
            What::Timer(id) => return Some(Event::Timer { time: p.time, id }),
            What::Action { node, lane } => (node as usize, lane as usize),
        };
        let running = &mut self.states[v].lanes[lane].running;
        let k = running.iter().position(|r| r.0 == p.seq).expect("live entries are running");
        let (_, index, start) = running.remove(k);
        let action = self.states[v].actions[index];
        let iv = |peer, amount| Interval { start, end: p.time, amount, peer };
        match action {
            Action::Send { to, amount } | Action::Copy { to, amount } => {
                self.trace.nodes[v].sends.push(iv(Some(to), amount));
                self.trace.nodes[to].receptions.push(iv(Some(v), amount));
                self.states[to].received += amount;
                self.try_start(to);
                self.report(ReportKind::Ctc, to, iv(Some(v), amount));
            }
            Action::Compute { amount } => {
                self.trace.nodes[v].computations.push(iv(None, amount));
                self.finish_compute(v);
                self.report(ReportKind::Ptc, v, iv(None, amount));
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
        Some(Event::Completed { time: p.time, node: v, index, action })
    }

    fn finish_compute(&mut self, v: usize) {
        self.states[v].pending_compute -= 1;
        if let Some(parent) = self.net.nodes()[v].parent {
            self.try_start(parent);
        }
    }

    /// Stops node `v`'s running computation now, as a scheduler does when it re-plans (the
    /// root of Jia's chain computes its own load until the probes answer). The trace keeps
    /// the part computed so far, later actions of `v` need correspondingly less data, and no
    /// PTC is sent. Returns the units left undone, or `None` if `v` is not computing.
    ///
    /// # Accuracy
    /// The units left, `amount − done`, with `done` from [`SpeedProfile::units_done`](super::SpeedProfile::units_done)
    /// (relative error `(2k + 2)·ε` over `k` speed segments).
    ///
    /// # Errors
    /// [`DltError::InvalidArgument`] for an unknown node.
    ///
    /// (Example: the unit test `sim_example_3` in `engine/tests/examples.rs`.)
    pub fn interrupt(&mut self, v: usize) -> Result<Option<f64>, DltError> {
        if v >= self.net.len() {
            return Err(DltError::InvalidArgument { what: format!("node {v} does not exist") });
        }
        self.start_dirty();
        let st = &self.states[v];
        let Some(&(_, id, start)) = st.lanes[0].running.first() else { return Ok(None) };
        let Action::Compute { amount } = st.actions[id] else { return Ok(None) };
        let node = &self.net.nodes()[v];
        let cpu = node.cpu.as_ref().expect("only processors compute");
        let done = cpu.units_done(start + node.compute_startup, self.now, self.net.scale().t_cp()).min(amount);
        let left = amount - done;
        let st = &mut self.states[v];
        st.actions[id] = Action::Compute { amount: done };
        st.consumed -= left;
        for need in &mut st.need[id..] {
            *need -= left;
        }
        st.lanes[0].running.clear();
        self.trace.nodes[v].computations.push(Interval { start, end: self.now, amount: done, peer: None });
        self.finish_compute(v);
        self.dirty.push(v);
        Ok(Some(left))
    }

    /// Time of the next event, if any (after starting whatever the latest pushes made ready).
    ///
    /// # Accuracy
    /// Exact (the stored time of the earliest event; event times themselves are sums of finish times,
    /// 4·n·ε against the closed forms).
    pub fn next_event_time(&mut self) -> Option<f64> {
        self.start_dirty();
        self.heap.peek().map(|p| p.time)
    }

    /// Completes every event at or before `t`, then advances the clock to `t` (if it is later),
    /// so that actions pushed next start at `t`. Returns the events in order. Use it to make
    /// decisions at given instants (a strategy's timer, a speed change).
    ///
    /// (Example: the unit test `sim_example_4` in `engine/tests/examples.rs`.)
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

    /// Runs until nothing is running and no report or timer is pending.
    ///
    /// # Errors
    /// [`DltError::InfeasibleStructure`] if an action can never start (a node was asked to send
    /// or compute more data than it receives), or if an action never ends (a stopped resource).
    pub fn run(&mut self) -> Result<(), DltError> {
        while let Some(e) = self.step() {
            if !e.time().is_finite() {
                let what = match e {
                    Event::Completed { node, index, .. } => format!("node {node} action {index}"),
                    other => format!("{other:?}"),
                };
                return Err(DltError::InfeasibleStructure { reason: format!("{what} never ends (stopped resource)") });
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
