//! Resource-unaware divisible-load scheduling (Jia, chapters 2–5): the
//! scheduler does not know the processor and link speeds, probes them with a small load or
//! waits for reports, then distributes the rest in phases. Every strategy runs on the crate's
//! one event engine ([`crate::dlt::engine`]) and reuses the classical solvers of [`crate::dlt`].
//!
//! | Jia | What | Here |
//! |---|---|---|
//! | (2.1)–(2.4), (3.1)–(3.3) | probe forward model and estimators, effective speed β | [`Chain::probe_times`](crate::dlt::Chain::probe_times), [`LinearProbe::estimate`], [`Probe::cumulative_z`], [`Tree::probe`](crate::dlt::Tree::probe), [`ProbeReport::estimate`], [`CostScale::effective_speed`](crate::dlt::CostScale::effective_speed) |
//! | §2.3, (3.6), (3.8) | partition Π, dispatch to finish at T^f, L_q^p = k·L_1^p | [`Probe::partition`], [`Dispatch::load_to_finish_at`], [`Dispatch::phase_load`] |
//! | (2.5)–(2.30) | ESS and WCS(2) phase-1 closed forms, critical L_1 | [`Chain::ess_phase1`](crate::dlt::Chain::ess_phase1), [`Chain::wcs2_phase1`](crate::dlt::Chain::wcs2_phase1), [`Chain::critical_l1`](crate::dlt::Chain::critical_l1) |
//! | ch. 2 | ESS = WCS(1), WCS(k), pureDLT | [`Chain::phased_schedule`](crate::dlt::Chain::phased_schedule), [`Chain::pure_dlt`](crate::dlt::Chain::pure_dlt) |
//! | ch. 2 on the engine | probe copies, PTC reports, the root interrupting its work at the trigger | [`Chain::run_unaware`](crate::dlt::Chain::run_unaware), [`ChainStrategy`] |
//! | (3.9)–(3.12), (4.3)–(4.4) | equivalent processor with both relay rules | [`Tree::allocate_with_rules`](crate::dlt::Tree::allocate_with_rules) with [`OrderPolicy::Optimal`](crate::dlt::OrderPolicy::Optimal), [`RelayRule`](crate::dlt::RelayRule) |
//! | §3.3 | tree networks, virtual trees, phase distribution, SLD (SNP), DLD (DNP) | [`Tree::from_parents`](crate::dlt::Tree::from_parents), [`Tree::virtual_tree`](crate::dlt::Tree::virtual_tree), [`VirtualTree::distribute`], [`Tree::sld`](crate::dlt::Tree::sld), [`Tree::dld`](crate::dlt::Tree::dld) |
//! | §4.2 | SPT, MST, FHT, RST (4.1)–(4.2), EST; RAOLD-OS | [`Graph::spanning_tree`] (RST cost (4.1)–(4.2) inside), [`Tree::raold_os`](crate::dlt::Tree::raold_os) |
//! | §4.1 | the reporting scheme: reports until T*, then RAOLD-OS on the known nodes | [`Graph::reporting_scheme`] |
//! | ch. 5 | GP, SSS (5.1)–(5.2), RB-SSS, SDS | [`MultiSourceLoad`], [`Graph::gp_partition`], [`Graph::sss`], [`Graph::rb_sss`], [`ReportingPhase`], [`Graph::sds`] |
//! | ch. 5 on the engine | SSS / RB-SSS iterations and SDS stages executed region by region | [`Graph::execute_sss`], [`Graph::execute_sds`] |
//! | §5.4 | DSS on a graph: the region table E_i(B) from GP, for [`crate::queueing::DssSim`] | [`Graph::dss_regions`] |
//! | §3.2 on the engine | the tree probe as copies, T^cs/T^cf/T^p from CTC/PTC reports | [`Tree::execute_probe`](crate::dlt::Tree::execute_probe) |
//! | §3.3 on the engine | SLD end to end: probe, estimates from reports, plan, execution; DLD with its probe on the engine | [`Tree::run_sld`](crate::dlt::Tree::run_sld), [`Tree::dld_probed`](crate::dlt::Tree::dld_probed) |
//! | — | networks (text/JSON), random graphs of §4.2.3 and §5.5, engine runs and Gantt CSV | [`Graph`], [`RandomGraph`], [`Tree::execute`](crate::dlt::Tree::execute), [`Tree::execute_sld`](crate::dlt::Tree::execute_sld) |
//!
//! Conventions: w and z are inverse speeds (larger is slower); sending α units over a link
//! takes α·z·T_cm, computing them α·w·T_cp; every node has a front-end and a single port;
//! relaying is store-and-forward by blocks. Where the thesis is ambiguous or has a slip, the
//! function concerned says how it is read here.
//!
//! # Example
//! SLD (Jia, §3.3) on the 19-processor tree of Jia's worked examples (Fig. 3.8, reconstructed from
//! Table 3.1), executed on the event engine: the engine's last computation ends when the plan says.
//! ```
//! use loadbal::dlt::{CostScale, RelayRule, Rules, Tree};
//! use loadbal::dlt::unaware::{Probe, SldConfig};
//! // Parent, link z and processor w of P_1 … P_19; P_0 is the root and does not compute.
//! let parent = [0, 0, 0, 0, 1, 2, 2, 4, 4, 5, 5, 5, 5, 6, 9, 14, 15, 15, 15];
//! let z = [0.5, 0.2, 0.4, 0.9, 0.5, 0.3, 0.3, 0.6, 0.2, 0.4, 0.8, 0.8, 0.2, 0.1, 10.0, 0.2, 0.5, 0.4, 0.7];
//! let w = [7.0, 2.0, 1.0, 100.0, 2.0, 1.0, 100.0, 8.0, 9.0, 4.0, 7.0, 3.0, 5.0, 8.0, 2.0, 2.0, 4.0, 4.0, 6.0];
//! let parent = std::iter::once(None).chain(parent.map(Some)).collect();
//! // One tree type for every strategy: the root's w (1) is not used, P_0 only distributes.
//! let ex = Tree::from_parents(0, parent, std::iter::once(0.0).chain(z).collect(), std::iter::once(1.0).chain(w).collect()).unwrap();
//! // The setting of Jia, §3.4 (L = 80, η = 0.05, L_1^p = 4, μ = 0.15, T_cp = 2, T_cm = 1).
//! let rules = Rules { relay: RelayRule::Physical, top: RelayRule::Physical };
//! let cfg = SldConfig { load: 80.0, eta: 0.05, l1p: 4.0, mu: 0.15, scale: CostScale::new(2.0, 1.0).unwrap(), rules, phase_end_decimals: None };
//! let probe = ex.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).unwrap();
//! let schedule = ex.sld(&probe.tp, &cfg).unwrap();
//! let run = ex.execute_sld(&schedule, None, cfg.scale).unwrap();
//! assert!((run.trace.compute_makespan - schedule.finish_time).abs() < 1e-9);
//! ```

mod display;
mod dld;
mod equivalent;
mod error;
mod est;
mod execute;
mod graph;
mod linear;
mod linear_run;
mod multisource;
mod multisource_run;
mod probing;
mod random_graph;
mod raold;
mod reporting;
mod sld;
mod spanning;
mod virtual_tree;

pub use dld::{DldConfig, DldSchedule, GivenProbe, Param, SpeedChange};
pub use error::{MAX_PHASES, UnawareError};
pub use execute::{EngineRun, ProbeRun, SldRun};
pub use graph::{Edge, Graph};
pub use linear::{ChainConfig, ChainPhase, ChainSchedule, Ess1, RootWhileWaiting, Wcs1};
pub use linear_run::{ChainRun, ChainStrategy};
pub use multisource::{MultiSourceLoad, Partition, ReportingPhase, SssIteration, SssSchedule};
pub use multisource_run::{MultiSourceRun, Stage};
pub use probing::{LinearProbe, Probe, ProbeReport, TreeProbe};
pub use random_graph::{Coupling, RandomGraph, SpeedClass};
pub use reporting::{ReportingConfig, ReportingRun};
pub use sld::{Dispatch, PhaseRecord, SldConfig, SldSchedule};
pub use spanning::SpanningTreeKind;
pub use virtual_tree::{PhaseDistribution, VirtualTree};
