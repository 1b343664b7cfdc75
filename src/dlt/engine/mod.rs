//! The divisible-load event engine: a small deterministic discrete-event simulator that
//! executes any schedule on a tree of nodes and reports every reception, computation, send and
//! result collection. It is the independent check of every closed form of [`crate::dlt`] and
//! the substrate of Jia's resource-unaware strategies.
//!
//! # Model
//! - A [`Network`] is a rooted tree stored flat (parents before children). Node 0 is the
//!   originator and holds all the load at `t = 0`. Each node has a link from its parent with
//!   inverse speed `z(t)` and start-up `S`, optionally a processor with inverse speed `w(t)` and
//!   start-up `Q` (`None` = relay), a front-end flag and a port model (one port, k ports served
//!   in plan order, or one per child link). Speeds are
//!   [`SpeedProfile`]s: constant, or piecewise constant in time.
//! - Each node runs a plan of [`Action`]s: `Send` a block to a child, `Compute` a chunk,
//!   `Collect` results (or a small report message) from a child once that child has finished
//!   its own computations and collections. Store-and-forward: consuming actions (sends and
//!   computations) need their data fully received, in plan order. A single-port node sends
//!   one message at a time; an all-port node runs one lane per child link; a node without a
//!   front-end does everything one thing at a time, in plan order.
//! - Times: a send takes `S + z·T_cm·amount`, a computation `Q + w·T_cp·amount` (integrated
//!   over the profile when speeds vary).
//!
//! # Extending
//! [`Simulator`] is event driven: [`Simulator::step`] returns the next [`Event`] — a completed
//! action, a [`Report`] reaching the originator, or a timer — after which a scheduler may
//! [`push`](Simulator::push) new actions (at the current time), set timers
//! ([`Simulator::wake_at`]) or stop a computation ([`Simulator::interrupt`]). What Jia's
//! resource-unaware strategies need is built in:
//! - probe loads: [`Action::Copy`] forwards a copy of received data without consuming it, so a
//!   node can compute its probe and pass the same probe on;
//! - report messages: with [`Simulator::with_reports`] every completed reception sends a CTC
//!   and every completed computation a PTC to the originator, instantly or with a per-hop
//!   latency ([`Reports`]); the scheduler sees only these reports;
//! - time-varying speeds: [`SpeedProfile::piecewise`].
//!
//! # Example
//! ```
//! use loadbal::dlt::engine::{simulate, Action, Network, Node};
//! use loadbal::dlt::CostScale;
//! // A non-computing root and one worker with c = a = 1: T = (c + a)·L = 2.
//! let net = Network::new(vec![Node::relay(None, 0.0), Node::computing(Some(0), 1.0, 1.0)],
//!                        CostScale::unit()).unwrap();
//! let plans = vec![vec![Action::Send { to: 1, amount: 1.0 }], vec![Action::Compute { amount: 1.0 }]];
//! let trace = simulate(&net, &plans).unwrap();
//! assert_eq!(trace.nodes[1].receptions[0].end, 1.0);
//! assert_eq!(trace.compute_makespan, 2.0);
//! ```

mod events;
mod network;
mod profile;
mod schedule;
mod sim;
mod trace;

pub use events::{Action, Completion, Event, Report, ReportKind, Reports};
pub use network::{Network, Node, RawNetwork};
pub use profile::SpeedProfile;
pub use schedule::Schedule;
pub use sim::{Simulator, simulate};
pub use trace::{GanttKind, GanttRow, Interval, NodeTrace, Trace};
