//! The divisible-load event engine: a small deterministic discrete-event simulator that
//! executes any schedule on a tree of nodes and reports every reception, computation, send and
//! result collection. It is the independent check of every closed form of [`crate::dlt`] and
//! the substrate of Jia's resource-unaware strategies.
//!
//! # Model
//! - A network is a rooted tree stored flat (parents before children). Node 0 is the
//!   originator and holds all the load at `t = 0`. Each node has a link from its parent with
//!   inverse speed `z(t)` and start-up `S`, optionally a processor with inverse speed `w(t)` and
//!   start-up `Q` (`None` = relay), a front-end flag and a port model (one port, k ports served
//!   in plan order, or one per child link). Speeds are
//!   speed profiles: constant, or piecewise constant in time.
//! - Each node runs a plan of actions: `Send` a block to a child, `Compute` a chunk,
//!   `Collect` results (or a small report message) from a child once that child has finished
//!   its own computations and collections. Store-and-forward: consuming actions (sends and
//!   computations) need their data fully received, in plan order. A single-port node sends
//!   one message at a time; an all-port node runs one lane per child link; a node without a
//!   front-end does everything one thing at a time, in plan order.
//! - Times: a send takes `S + z·T_cm·amount`, a computation `Q + w·T_cp·amount` (integrated
//!   over the profile when speeds vary).
//!
//! # Internals
//! The engine itself is crate-private: the solvers build their schedules and the `simulate`
//! methods ([`Star::simulate`](crate::dlt::Star::simulate), [`Chain::simulate`](crate::dlt::Chain::simulate),
//! …) run them. What a caller reads is the [`Trace`]: per node, its receptions, computations,
//! sends and collections as [`Interval`]s ([`NodeTrace`]), the makespans, and a Gantt chart
//! ([`Trace::gantt`], [`GanttRow`], [`GanttKind`]; [`Trace::gantt_csv`]). It is event
//! driven: a scheduler steps it event by event (a completed action, a CTC/PTC report reaching
//! the originator, a timer), pushes new actions, sets timers and interrupts computations; Jia's
//! resource-unaware strategies ([`unaware`](crate::dlt::unaware)) run on it, with probe copies,
//! report messages and piecewise-constant speeds.
//!
//! # Example
//! ```
//! use loadbal::dlt::{CostScale, Root, Star, Worker};
//! // A non-computing root and one worker with c = a = 1: T = (c + a)·L = 2.
//! let star = Star::new(Root::NonComputing, vec![Worker { w: 1.0, z: 1.0 }]).unwrap();
//! let alloc = star.allocate(Default::default()).unwrap();
//! let trace = star.simulate(&alloc, CostScale::unit()).unwrap();
//! assert_eq!(trace.nodes[1].receptions[0].end, 1.0);
//! assert_eq!(trace.compute_makespan, 2.0);
//! ```

mod events;
mod network;
mod profile;
mod schedule;
mod sim;
mod trace;

pub(crate) use events::{Action, Event, ReportKind, Reports};
#[cfg(test)]
pub(crate) use events::{Completion, Report};
pub(crate) use network::{Network, Node};
pub(crate) use profile::SpeedProfile;
pub(crate) use schedule::Schedule;
pub(crate) use sim::{Simulator, simulate};
pub use trace::{GanttKind, GanttRow, Interval, NodeTrace, Trace};

#[cfg(test)]
mod tests;
