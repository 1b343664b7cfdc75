//! Resource-unaware divisible-load scheduling (seed 004, Jia's thesis, chapters 2–5): the
//! scheduler does not know the processor and link speeds, probes them with a small load or
//! waits for reports, then distributes the rest in phases.
//!
//! - [`Graph`], [`RandomGraph`]: networks with w per node and z per link, loadable from text or
//!   JSON, and the seeded random networks of §4.2.3 and §5.5.
//! - [`RootedTree`], [`spanning_tree`] (SPT, MST, FHT, RST, EST, §4.2) and [`equivalent`], the
//!   bottom-up equivalent processor of a multi-level tree with the two relay rules of §3.3.
//! - Probing estimators (2.1)–(2.4), (3.1)–(3.3) and the phase-size rules (partition Π, 3.8).
//!
//! Conventions: w and z are inverse speeds (larger is slower); sending α units over a link
//! takes α·z·T_cm, computing them α·w·T_cp; every node has a front-end and a single port;
//! relaying is store-and-forward by blocks. Thesis slips resolved here are listed in
//! `shared/reference/seed004_jia.md` §5 and cited where they matter.

mod chain_experiment;
mod dld;
mod equivalent;
mod error;
mod execute;
mod fig38;
mod graph;
mod linear;
mod multisource;
mod probing;
mod random_graph;
mod raold;
mod sld;
mod spanning;
mod tree;
mod virtual_tree;

pub use chain_experiment::{ChainCell, ChainSampler, chain_experiment};
pub use dld::{DldConfig, DldSchedule, Param, SpeedChange, dld};
pub use equivalent::{Equivalent, RelayRule, equivalent};
pub use error::UnawareError;
pub use execute::{EngineRun, execute_sld, execute_tree};
pub use fig38::{ExampleTree, dnp_changes, fig_3_8};
pub use graph::{Edge, Graph, GraphSpec};
pub use linear::{
    Chain, ChainConfig, ChainPhase, ChainSchedule, Ess1, RootWhileWaiting, Wcs1, chain_distribution, critical_l1,
    ess_phase1, linear_schedule, pure_dlt, wcs2_phase1,
};
pub use multisource::{Partition, SssIteration, SssSchedule, gp_partition, sds, sss};
pub use probing::{
    LinearProbe, TreeProbe, cumulative_z, dispatch_to_finish_at, effective_speed, estimate_linear, estimate_tree,
    partition_pi, phase_load, probe_times_linear, probe_tree,
};
pub use random_graph::{Coupling, RandomGraph, SpeedClass};
pub use raold::{TreeSchedule, raold_os, to_dlt_tree};
pub use sld::{Dispatch, PhaseRecord, SldConfig, SldSchedule, sld};
pub use spanning::{SpanningTreeKind, rst_cost, spanning_tree};
pub use tree::RootedTree;
pub use virtual_tree::{PhaseDistribution, Rules, distribute_phase, virtual_tree};
