//! The multi-source strategies of Jia, Chapter 5 executed on the event engine. The engine has one
//! originator, so every stage runs on a network whose node 0 is a virtual super-source that
//! hands each source its load over a link of z = 0 (instantly); below it hang the regions, each
//! a tree rooted at its source, computing their RAOLD-OS allocations. The regions change
//! between stages (GP re-partitions), so each stage is its own engine run, started at the
//! stage's time.

use std::fmt;

use super::display::r6;
use super::error::UnawareError;
use super::execute::{EngineRun, network, push_block};
use super::graph::Graph;
use super::multisource::{MultiSourceLoad, SssSchedule, region_w};
use super::spanning::SpanningTreeKind;
use crate::dlt::engine::Simulator;
use crate::dlt::{CostScale, Tree};

/// One stage: regions computing side by side from `start`.
#[derive(Debug, Clone, PartialEq)]
pub struct Stage {
    /// When the stage starts.
    pub start: f64,
    /// The sources active in the stage.
    pub sources: Vec<usize>,
    /// Load each source's region processes in the stage.
    pub loads: Vec<f64>,
    /// The engine run, times measured from `start`; tree ids are graph ids, the super-source
    /// is id `g.len()`.
    pub run: EngineRun,
}

/// A multi-source schedule executed stage by stage.
#[derive(Debug, Clone, PartialEq)]
pub struct MultiSourceRun {
    /// The stages in time order.
    pub stages: Vec<Stage>,
    /// End of the last computation.
    pub finish_time: f64,
}

impl MultiSourceRun {
    /// Gantt chart of all stages as CSV `stage,node,kind,start,end,amount,peer` (graph node
    /// ids, absolute times; the super-source's instantaneous hand-overs are left out).
    ///
    /// # Examples
    /// SDS on the worked example of Jia, §5.3: the computations in the chart add up to the two
    /// sources' 10 units each and the last one ends at `finish_time`.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Edge, Graph, MultiSourceLoad};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
    ///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
    /// let run = g.execute_sds(&MultiSourceLoad::equal(vec![0, 1], 10.0), CostScale::unit()).unwrap();
    /// let csv = run.gantt_csv();
    /// assert!(csv.starts_with("stage,node,kind,start,end,amount,peer\n"));
    /// let rows: Vec<Vec<&str>> = csv.lines().skip(1).map(|l| l.split(',').collect()).filter(|r: &Vec<&str>| r[2] == "compute").collect();
    /// let total: f64 = rows.iter().map(|r| r[5].parse::<f64>().unwrap()).sum();
    /// let last = rows.iter().map(|r| r[4].parse::<f64>().unwrap()).fold(0.0, f64::max);
    /// assert!((total - 20.0).abs() < 1e-9 && (last - run.finish_time).abs() < 1e-9);
    /// ```
    pub fn gantt_csv(&self) -> String {
        let mut s = String::from("stage,node,kind,start,end,amount,peer\n");
        for (k, st) in self.stages.iter().enumerate() {
            let sup = st.run.node_of.len() - 1; // the super-source is the last id
            for r in st.run.trace.gantt() {
                let Some(node) = st.run.node_of[r.node].filter(|&v| v != sup) else { continue };
                let peer = r.peer.and_then(|p| st.run.node_of[p]);
                if peer == Some(sup) {
                    continue;
                }
                let peer = peer.map_or(String::new(), |p| p.to_string());
                s.push_str(&format!(
                    "{k},{node},{},{},{},{},{peer}\n",
                    r.kind.as_str(),
                    st.start + r.start,
                    st.start + r.end,
                    r.amount
                ));
            }
        }
        s
    }
}

/// Runs one stage: `regions[i]` (rooted at a source) processes `loads[i]` by RAOLD-OS.
fn stage(g: &Graph, start: f64, regions: &[(&Tree, f64)], scale: CostScale) -> Result<Stage, UnawareError> {
    let n = g.len();
    let sup = n;
    let mut parent: Vec<Option<usize>> = vec![None; n + 1];
    let mut z = vec![0.0; n + 1];
    let mut loads = vec![0.0; n + 1];
    for &(tree, x) in regions {
        let src = tree.root();
        parent[src] = Some(sup);
        for v in tree.members().into_iter().filter(|&v| v != src) {
            parent[v] = tree.parent(v);
            z[v] = tree.z_up(v);
        }
        let sched = tree.raold_os(x, scale)?;
        for v in tree.members() {
            loads[v] = sched.allocation.alpha[v];
        }
    }
    let w: Vec<Option<f64>> = (0..=n).map(|v| (v < n).then(|| g.w()[v])).collect();
    let forest = Tree::from_id_parts(sup, parent, z.clone(), w)?;
    let (net, node_of, index_of) = network(&forest, false, scale)?;
    let mut sim = Simulator::new(&net);
    push_block(&mut sim, (&forest, &z), &index_of, &loads, sup)?;
    sim.run()?;
    Ok(Stage {
        start,
        sources: regions.iter().map(|r| r.0.root()).collect(),
        loads: regions.iter().map(|r| r.1).collect(),
        run: EngineRun { trace: sim.trace(), node_of, index_of },
    })
}

fn finish(stages: Vec<Stage>) -> MultiSourceRun {
    let finish_time = stages.iter().map(|s| s.start + s.run.trace.compute_makespan).fold(0.0, f64::max);
    MultiSourceRun { stages, finish_time }
}

impl Graph {
    /// Executes an SSS (or RB-SSS) schedule (Jia, §5.3.2–§5.3.3) on the engine: in iteration k
    /// every active region processes the part of its load it gets through in Δ_k, `L_j·Δ_k/T_j`,
    /// so every region ends the iteration together at its end, and the next iteration starts on
    /// the new partition. Times are measured from the start of load distribution (for RB-SSS,
    /// from T*).
    ///
    /// # Accuracy
    /// The engine's times (as [`Tree::execute`](crate::dlt::Tree::execute)). This is the independent check of
    /// [`Graph::sss`](super::Graph::sss): the engine's end equals T_sss to 1e-9 relative (measured worst 4.3e-16,
    /// `tests/unaware/unaware_multisource.rs`).
    ///
    /// # Errors
    /// Engine and RAOLD-OS errors, a bad scale.
    ///
    /// # Examples
    /// The worked example of Jia, §5.3: the engine ends at T_sss = 14.282484.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Edge, Graph, MultiSourceLoad};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
    ///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
    /// let s = g.sss(&MultiSourceLoad::equal(vec![0, 1], 10.0), CostScale::unit()).unwrap();
    /// let run = g.execute_sss(&s, CostScale::unit()).unwrap();
    /// assert!((run.finish_time - 14.282484).abs() < 1e-6);
    /// assert_eq!(run.to_string(), "engine run of 2 stages, last computation ends at 14.282484");
    /// assert_eq!(run.stages[0].to_string(), "stage from t = 0: node 0 with 10, node 1 with 9.205006");
    /// ```
    pub fn execute_sss(&self, schedule: &SssSchedule, scale: CostScale) -> Result<MultiSourceRun, UnawareError> {
        let g = self;
        let mut stages = Vec::new();
        let mut t = 0.0;
        for it in &schedule.iterations {
            let regions: Vec<(&Tree, f64)> = it
                .trees
                .iter()
                .zip(it.loads.iter().zip(&it.times))
                .map(|(tree, (&l, &tj))| (tree, if tj > 0.0 { l * it.duration / tj } else { l }))
                .collect();
            stages.push(stage(g, t, &regions, scale)?);
            t += it.duration;
        }
        Ok(finish(stages))
    }
}

impl Graph {
    /// Executes SDS (Jia, §5.5) on the engine: the sources take the whole network one after
    /// another, each on the shortest-path tree of the graph rooted at it (the same plan as
    /// [`Graph::sds`](super::Graph::sds)).
    ///
    /// # Accuracy
    /// The engine's times (as [`Tree::execute`](crate::dlt::Tree::execute)); the independent check of [`Graph::sds`](super::Graph::sds):
    /// equal to T_sds to 1e-9 relative (measured worst 4.1e-16, `tests/unaware/unaware_multisource.rs`).
    ///
    /// # Errors
    /// As [`Graph::sds`](super::Graph::sds), and engine errors.
    ///
    /// # Examples
    /// The worked example of Jia, §5.3: T_sds = 17.806468.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Edge, Graph, MultiSourceLoad};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
    ///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
    /// let run = g.execute_sds(&MultiSourceLoad::equal(vec![0, 1], 10.0), CostScale::unit()).unwrap();
    /// assert!((run.finish_time - 17.806468).abs() < 1e-6);
    /// ```
    pub fn execute_sds(&self, load: &MultiSourceLoad, scale: CostScale) -> Result<MultiSourceRun, UnawareError> {
        let g = self;
        g.sds(load, scale)?; // validates, with the same errors
        let mut stages = Vec::new();
        let mut t = 0.0;
        for (&s, &l) in load.sources.iter().zip(&load.loads) {
            let tree = g.spanning_tree(s, SpanningTreeKind::Spt, scale)?;
            let st = stage(g, t, &[(&tree, l)], scale)?;
            t += st.run.trace.compute_makespan;
            stages.push(st);
        }
        Ok(finish(stages))
    }
}

impl Graph {
    /// The region table that DSS (Jia, §5.4, [`crate::queueing::DssSim`]) runs on, computed from a graph:
    /// for every set B of busy sources, GP partitions the graph among B (idle sources compute as
    /// processing nodes, as in SSS) and region i serves at `E_i(B) = W_i·T_cp` time per unit load,
    /// W_i the equivalent w of its RAOLD-OS region tree.
    ///
    /// # Formula
    /// Equation numbers are Jia's.
    /// ```text
    /// E_i(B) = W_i(GP(G, B))·T_cp,   i ∈ B,   B ⊆ {S_0, …, S_{m−1}}, B ≠ ∅
    /// ```
    ///
    /// # Accuracy
    /// Each entry is an equivalent W (Jia, eqs. (3.9)–(3.12), within `4·n·ε` relative) times
    /// T_cp. The tests check the entries with every source busy against SSS's first-iteration W,
    /// and that a region's capacity improves when the other sources are idle
    /// (`tests/unaware/unaware_multisource.rs`).
    ///
    /// # Errors
    /// [`UnawareError::InvalidParameter`] for more than 16 sources (the table has 2^m·m entries) or
    /// a bad mean size; the errors of [`Graph::gp_partition`](super::Graph::gp_partition) and of the equivalent processor.
    ///
    /// # Examples
    /// The worked example of Jia, §5.3: alone, S_0's region is the whole graph; with both busy it
    /// is {S_0, P_2}, so its capacity worsens from 0.983 to 1.355 time units per unit load.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Edge, Graph};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
    ///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
    /// let net = g.dss_regions(&[0, 1], 1.0, CostScale::unit()).unwrap();
    /// assert!((net.capacity(0b11, 0).unwrap() - 1.354839).abs() < 1e-6);
    /// assert!(net.capacity(0b01, 0).unwrap() < net.capacity(0b11, 0).unwrap());
    /// ```
    pub fn dss_regions(
        &self,
        sources: &[usize],
        mean_size: f64,
        scale: CostScale,
    ) -> Result<crate::queueing::RegionNetwork, UnawareError> {
        let g = self;
        let (t_cm, t_cp) = (scale.t_cm(), scale.t_cp());
        let m = sources.len();
        if m > 16 {
            return Err(UnawareError::InvalidParameter { name: "sources", value: m as f64, expected: "at most 16" });
        }
        super::error::positive("mean_size", mean_size)?;
        super::error::positive("t_cm", t_cm)?;
        super::error::positive("t_cp", t_cp)?;
        let mut capacity = vec![0.0; (1 << m) * m];
        for mask in 1usize..(1 << m) {
            let busy: Vec<usize> = (0..m).filter(|&i| mask & (1 << i) != 0).collect();
            let srcs: Vec<usize> = busy.iter().map(|&i| sources[i]).collect();
            let part = g.gp_partition(&srcs)?;
            for (tree, &i) in part.trees.iter().zip(&busy) {
                capacity[mask * m + i] = region_w(tree, scale)? * t_cp;
            }
        }
        Ok(crate::queueing::RegionNetwork::new(m, mean_size, capacity)?)
    }
}

impl fmt::Display for Stage {
    /// `stage from t = 0: node 0 with 10, node 1 with 7.857143`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> =
            self.sources.iter().zip(&self.loads).map(|(s, &l)| format!("node {s} with {}", r6(l))).collect();
        write!(f, "stage from t = {}: {}", r6(self.start), parts.join(", "))
    }
}

impl fmt::Display for MultiSourceRun {
    /// `engine run of 2 stages, last computation ends at 14.282484`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "engine run of {} stages, last computation ends at {}", self.stages.len(), r6(self.finish_time))
    }
}
