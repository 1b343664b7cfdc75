//! The reporting scheme of Jia, §4.1 (single source): instead of probing, every node
//! reports its locally measured speed and its best route towards the source; the source waits
//! until a threshold time T*, then schedules (RAOLD-OS on a spanning tree) the nodes whose
//! reports have arrived. No real work is done before T*.

use std::fmt;

use super::error::{UnawareError, non_negative};
use super::execute::EngineRun;
use super::graph::{Edge, Graph};
use super::multisource::{ReportingPhase, bellman_ford};
use super::probing::checked_scale;
use super::spanning::SpanningTreeKind;
use crate::dlt::{CostScale, Tree, TreeSolution};

/// A reporting-scheme run.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportingRun {
    /// Graph ids of the nodes known to the source at T*, source first; position `i` here is
    /// node `i` of `tree`, `schedule` and `run`.
    pub known: Vec<usize>,
    /// The spanning tree over the known nodes (ids are positions in `known`).
    pub tree: Tree,
    /// RAOLD-OS on that tree (ids are positions in `known`).
    pub schedule: TreeSolution,
    /// Total time: T* + the schedule's finish time.
    pub finish_time: f64,
    /// The schedule executed on the engine, with times measured from T*.
    pub run: EngineRun,
    /// T*, as configured.
    pub t_star: f64,
    /// The kind of spanning tree used.
    pub kind: SpanningTreeKind,
    /// Number of nodes of the whole graph.
    pub graph_nodes: usize,
}

impl ReportingRun {
    /// Load computed by graph node `v`: 0 for a node unknown at T*, `None` for `v` not a node
    /// of the graph (`v ≥ graph_nodes`).
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// A path 0 – 1 – 2 (w = 2, 1, 1; z = 0.5) with T* = δ = 1: only node 1 has reported, and the
    /// source and node 1 finish together, 2·α_0 = (0.5 + 1)·α_1 with α_0 + α_1 = 10.
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph, ReportingConfig};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 1.0, 1.0], vec![e(0, 1, 0.5), e(1, 2, 0.5)]).unwrap();
    /// let r = g.reporting_scheme(0, &ReportingConfig::new(10.0, 1.0, 1.0)).unwrap();
    /// let load = |v| r.load_of(v).unwrap();
    /// assert!((load(0) - 30.0 / 7.0).abs() < 1e-12 && (load(1) - 40.0 / 7.0).abs() < 1e-12);
    /// assert_eq!((r.load_of(2), r.load_of(3)), (Some(0.0), None));
    /// ```
    pub fn load_of(&self, v: usize) -> Option<f64> {
        (v < self.graph_nodes)
            .then(|| self.known.iter().position(|&k| k == v).map_or(0.0, |i| self.schedule.allocation.alpha[i]))
    }
}

/// Parameters of the reporting scheme.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReportingConfig {
    /// Total load L.
    pub load: f64,
    /// Threshold time T* at which the source schedules the nodes it knows, and the time δ a
    /// report takes per hop (the same reporting phase as RB-SSS's).
    pub phase: ReportingPhase,
    /// The spanning tree built over the known nodes.
    pub kind: SpanningTreeKind,
    /// Unit times T_cp and T_cm.
    pub scale: CostScale,
}

impl ReportingConfig {
    /// L, T* and δ, with the shortest-path tree and unit times (T_cp = T_cm = 1).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{ReportingConfig, SpanningTreeKind};
    /// let cfg = ReportingConfig::new(10.0, 2.5, 1.0);
    /// assert_eq!(cfg.phase.rounds(10).unwrap(), 2);
    /// assert_eq!(cfg.kind, SpanningTreeKind::Spt);
    /// ```
    pub fn new(load: f64, t_star: f64, hop_delay: f64) -> Self {
        ReportingConfig {
            load,
            phase: ReportingPhase { t_star, hop_delay },
            kind: SpanningTreeKind::Spt,
            scale: CostScale::unit(),
        }
    }
}

impl fmt::Display for ReportingRun {
    /// `reporting scheme: k of n nodes known at T* = …, TREE; finish … (T* + …)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "reporting scheme: {} of {} nodes known at T* = {}, {}; finish {:.6} (T* + {:.6})",
            self.known.len(),
            self.graph_nodes,
            self.t_star,
            self.kind.name(),
            self.finish_time,
            self.schedule.allocation.makespan
        )
    }
}

impl Graph {
    /// Runs the reporting scheme from `source`: reports travel one hop per `hop_delay` (rounds of a
    /// distributed Bellman–Ford, the reading also used for RB-SSS ([`Graph::rb_sss`](super::Graph::rb_sss)), since Jia does
    /// not time report messages); at T* the source builds a spanning tree of `kind` over the nodes it
    /// knows and distributes `load` by RAOLD-OS, which the engine then executes.
    ///
    /// # Formula
    /// ```text
    /// k = ⌊T*/δ⌋ rounds;  known = {v : a path of ≤ k hops reaches v};
    /// T = T* + L·W_eq(spanning tree of G[known])·T_cp
    /// ```
    ///
    /// # Accuracy
    /// The set of known nodes is exact (integer hop counts); the finish time is T* plus
    /// [`Tree::raold_os`]'s, within 4·n·ε relative (n known nodes) plus one rounding.
    ///
    /// # Errors
    /// [`UnawareError::NodeOutOfRange`] for a bad source; [`UnawareError::InvalidParameter`] for
    /// T* < 0, δ ≤ 0, a negative load, or bad T_cm, T_cp; [`UnawareError::NoReachableProcessor`]
    /// when no other node has reported by T* (the source would work alone: say so rather than
    /// schedule); the errors of the spanning tree and of RAOLD-OS.
    ///
    /// # Examples
    /// A path 0 – 1 – 2: with T* = 1 and δ = 1 only node 1 has reported.
    /// ```
    /// use loadbal::dlt::Tree;
    /// use loadbal::dlt::unaware::{Edge, Graph, ReportingConfig};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 1.0, 1.0], vec![e(0, 1, 0.5), e(1, 2, 0.5)]).unwrap();
    /// let r = g.reporting_scheme(0, &ReportingConfig::new(10.0, 1.0, 1.0)).unwrap();
    /// assert_eq!(r.known, vec![0, 1]);
    /// let two = Tree::from_parents(0, vec![None, Some(0)], vec![0.0, 0.5], vec![2.0, 1.0]).unwrap();
    /// let alone = two.raold_os(10.0, loadbal::dlt::CostScale::unit()).unwrap();
    /// assert!((r.finish_time - (1.0 + alone.allocation.makespan)).abs() < 1e-12);
    /// assert!((r.run.trace.compute_makespan - alone.allocation.makespan).abs() < 1e-9);
    /// assert_eq!(r.to_string(), "reporting scheme: 2 of 3 nodes known at T* = 1, SPT; finish 9.571429 (T* + 8.571429)");
    /// ```
    pub fn reporting_scheme(&self, source: usize, cfg: &ReportingConfig) -> Result<ReportingRun, UnawareError> {
        let g = self;
        let ReportingConfig { load, phase, kind, scale } = *cfg;
        checked_scale(scale)?;
        g.check_node(source)?;
        let rounds = phase.rounds(g.len())?;
        let t_star = phase.t_star;
        non_negative("load", load)?;
        let (dist, _) = bellman_ford(g, source, rounds);
        let mut known = vec![source];
        known.extend((0..g.len()).filter(|&v| v != source && dist[v].is_finite()));
        if known.len() < 2 {
            return Err(UnawareError::NoReachableProcessor { source_node: source });
        }
        let mut pos = vec![usize::MAX; g.len()];
        for (i, &v) in known.iter().enumerate() {
            pos[v] = i;
        }
        let edges: Vec<Edge> = g
            .edges()
            .iter()
            .filter(|e| pos[e.u] != usize::MAX && pos[e.v] != usize::MAX)
            .map(|e| Edge { u: pos[e.u], v: pos[e.v], z: e.z })
            .collect();
        let w: Vec<f64> = known.iter().map(|&v| g.w()[v]).collect();
        let sub = Graph::new(w.clone(), edges)?;
        let tree = sub.spanning_tree(0, kind, scale)?;
        let schedule = tree.raold_os(load, scale)?;
        let run = tree.execute(&schedule.allocation.alpha, scale)?;
        let finish_time = t_star + schedule.allocation.makespan;
        Ok(ReportingRun { known, tree, schedule, finish_time, run, t_star, kind, graph_nodes: g.len() })
    }
}
