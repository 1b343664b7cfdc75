//! Several load sources on one arbitrary network (Jia, Chapter 5): graph partitioning GP,
//! the static scheduling strategies SSS (simultaneous, iterated) and SDS (sequential).

use std::fmt;

use super::display::r6;
use super::equivalent::equivalent;
use super::error::{UnawareError, non_negative, positive};
use super::graph::{Edge, Graph};
use super::spanning::SpanningTreeKind;
use crate::dlt::{CostScale, Rules, Tree};

/// The loads of a multi-source problem (Jia, §5.2): source S_i = `sources[i]` (a node of the
/// graph) holds `loads[i]` units. The position in `sources` is the tie-break index of GP.
///
/// # Examples
/// ```
/// use loadbal::dlt::unaware::MultiSourceLoad;
/// let m = MultiSourceLoad::new(vec![0, 1], vec![10.0, 10.0]).unwrap();
/// assert_eq!(m.to_string(), "2 sources: S_0 = node 0 with 10, S_1 = node 1 with 10");
/// assert!(MultiSourceLoad::new(vec![0, 1], vec![10.0]).is_err());
/// assert!(MultiSourceLoad::new(vec![0, 0], vec![1.0, 1.0]).is_err());
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MultiSourceLoad {
    /// The source nodes S_0, S_1, … (distinct).
    pub sources: Vec<usize>,
    /// The load L_i of each source (finite, ≥ 0).
    pub loads: Vec<f64>,
}

impl MultiSourceLoad {
    /// A validated multi-source load: as many loads as sources, loads finite and ≥ 0, sources
    /// distinct (whether they exist is checked against the graph by the strategies).
    ///
    /// # Errors
    /// [`UnawareError::LengthMismatch`] and [`UnawareError::InvalidParameter`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{MultiSourceLoad, UnawareError};
    /// let m = MultiSourceLoad::new(vec![0, 3], vec![10.0, 5.0]).unwrap();
    /// assert_eq!((m.sources[1], m.loads[1]), (3, 5.0));
    /// let short = MultiSourceLoad::new(vec![0, 3], vec![10.0]);
    /// assert_eq!(short, Err(UnawareError::LengthMismatch { name: "loads", got: 1, expected: 2 }));
    /// let twice = MultiSourceLoad::new(vec![2, 2], vec![1.0, 1.0]);
    /// assert!(matches!(twice, Err(UnawareError::InvalidParameter { name: "sources", .. })));
    /// ```
    pub fn new(sources: Vec<usize>, loads: Vec<f64>) -> Result<Self, UnawareError> {
        let m = MultiSourceLoad { sources, loads };
        m.check()?;
        Ok(m)
    }

    /// Every source holding the same `load`. Not validated here (the fields are public); the
    /// strategies check every `MultiSourceLoad` they are given, as [`MultiSourceLoad::new`] does.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::MultiSourceLoad;
    /// let m = MultiSourceLoad::equal(vec![0, 1, 4], 10.0);
    /// assert_eq!(m, MultiSourceLoad::new(vec![0, 1, 4], vec![10.0; 3]).unwrap());
    /// ```
    pub fn equal(sources: Vec<usize>, load: f64) -> Self {
        let loads = vec![load; sources.len()];
        MultiSourceLoad { sources, loads }
    }

    fn check(&self) -> Result<(), UnawareError> {
        if self.loads.len() != self.sources.len() {
            return Err(UnawareError::LengthMismatch {
                name: "loads",
                got: self.loads.len(),
                expected: self.sources.len(),
            });
        }
        for &l in &self.loads {
            non_negative("load", l)?;
        }
        for (i, &s) in self.sources.iter().enumerate() {
            if self.sources[..i].contains(&s) {
                return Err(UnawareError::InvalidParameter {
                    name: "sources",
                    value: s as f64,
                    expected: "distinct nodes",
                });
            }
        }
        Ok(())
    }
}

impl fmt::Display for MultiSourceLoad {
    /// `2 sources: S_0 = node 0 with 10, S_1 = node 1 with 10` (at most eight listed).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.sources.len().min(8);
        let parts: Vec<String> = (0..shown)
            .map(|i| {
                format!("S_{i} = node {} with {}", self.sources[i], self.loads.get(i).map_or(f64::NAN, |&l| r6(l)))
            })
            .collect();
        write!(
            f,
            "{} sources: {}{}",
            self.sources.len(),
            parts.join(", "),
            if self.sources.len() > shown { ", ..." } else { "" }
        )
    }
}

/// The reporting phase of RB-SSS (Jia, §5.3.3) and of the reporting scheme (Jia, §4.1):
/// distributed Bellman–Ford rounds, one every `hop_delay` time units, stopped at `t_star`, so
/// ⌊T*/δ⌋ rounds are made. The thesis gives no timing for the report messages, so the
/// per-round delay δ is explicit.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReportingPhase {
    /// T*, when the reporting stops and the load starts moving (≥ 0).
    pub t_star: f64,
    /// δ, the time per Bellman–Ford round (> 0).
    pub hop_delay: f64,
}

impl ReportingPhase {
    /// The number of complete rounds, ⌊T*/δ⌋, capped at `cap` (no shortest route has more hops
    /// than the graph has nodes).
    ///
    /// # Accuracy
    /// Exact: one correctly rounded quotient, then the floor; a T* that is an exact multiple of
    /// δ in decimal but not in binary (T* = 0.3, δ = 0.1) may count one round fewer.
    ///
    /// # Errors
    /// [`UnawareError::InvalidParameter`] for T* < 0 or δ ≤ 0 (or either not finite).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::ReportingPhase;
    /// assert_eq!(ReportingPhase { t_star: 2.5, hop_delay: 1.0 }.rounds(10).unwrap(), 2);
    /// assert_eq!(ReportingPhase { t_star: 1e300, hop_delay: 1e-300 }.rounds(10).unwrap(), 10);
    /// ```
    pub fn rounds(&self, cap: usize) -> Result<usize, UnawareError> {
        non_negative("t_star", self.t_star)?;
        positive("hop_delay", self.hop_delay)?;
        Ok((self.t_star / self.hop_delay).floor().min(cap as f64) as usize)
    }
}

/// The regions of GP: every processing node joins its target source along a shortest path.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Partition {
    /// Active sources, in the order given (their position is the tie-break index).
    pub sources: Vec<usize>,
    /// Index (into `sources`) of the region of each node (`usize::MAX`: in no region, possible
    /// only for RB-SSS's undetected nodes).
    pub region: Vec<usize>,
    /// Each region as a tree rooted at its source (a shortest-path tree, Theorem 1).
    pub trees: Vec<Tree>,
}

impl Graph {
    /// GP (Jia, §5.3.1): node k joins the source S_i with the smallest ordered 2-tuple (C_ki, i),
    /// C_ki the shortest-path communication delay, through its shortest path (each region is a
    /// tree by Jia, §5.3.1, Theorem 1).
    ///
    /// # Formula
    /// Equation numbers are Jia's.
    /// ```text
    /// target(k) = argmin_i (C_ki, i)   (ties: lower source index)
    /// ```
    ///
    /// # Accuracy
    /// Combinatorial: exact, except that shortest-path delays that tie up to rounding are compared
    /// as computed (sums of z along paths, within `h·ε` relative for h hops). The tests compare the
    /// regions and route delays with an exhaustive search of every simple path on graphs of up to
    /// 7 nodes (`tests/unaware/unaware_multisource.rs`).
    ///
    /// # Errors
    /// [`UnawareError::NoReachableProcessor`] without sources, [`UnawareError::NodeOutOfRange`],
    /// [`UnawareError::Disconnected`], [`UnawareError::InvalidParameter`] for a repeated source.
    ///
    /// # Examples
    /// The worked example of Jia, §5.3: Region_0 = {S0, P2}, Region_1 = {S1, P3, P4}.
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
    ///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
    /// let p = g.gp_partition(&[0, 1]).unwrap();
    /// assert_eq!(p.region, vec![0, 1, 0, 1, 1]);
    /// ```
    pub fn gp_partition(&self, sources: &[usize]) -> Result<Partition, UnawareError> {
        let g = self;
        check_sources(g, sources)?;
        let mut routes = Vec::with_capacity(sources.len());
        for &s in sources {
            let spt = g.spanning_tree(s, SpanningTreeKind::Spt, CostScale::unit())?;
            routes.push(((0..g.len()).map(|v| spt.path_z(v)).collect(), spt.parents().to_vec()));
        }
        partition_from(g, sources, &routes)
    }
}

fn check_sources(g: &Graph, sources: &[usize]) -> Result<(), UnawareError> {
    if sources.is_empty() {
        return Err(UnawareError::NoReachableProcessor { source_node: g.len() });
    }
    for (i, &s) in sources.iter().enumerate() {
        g.check_node(s)?;
        if sources[..i].contains(&s) {
            return Err(UnawareError::InvalidParameter {
                name: "sources",
                value: s as f64,
                expected: "distinct nodes",
            });
        }
    }
    Ok(())
}

/// Distances and predecessors from one source (`INFINITY` = unknown to that source).
type Routes = (Vec<f64>, Vec<Option<usize>>);

/// Every node joins the source with the smallest (distance, index) among those that know it
/// (`region = usize::MAX` when none does); each region hangs from its source by the routes.
///
/// With full shortest paths (GP) Theorem 1 makes a node's predecessor on the route to its
/// target share that target. With the hop-limited routes of RB-SSS (Bellman–Ford stopped
/// after k rounds) it does not: the predecessor may be closer to another source by a route the
/// node could only use with k + 1 hops. The node then follows its predecessor — its region is
/// the source at the top of its chain of predecessors — so every region stays a tree; for GP
/// this changes nothing.
fn partition_from(g: &Graph, sources: &[usize], routes: &[Routes]) -> Result<Partition, UnawareError> {
    let n = g.len();
    let target: Vec<usize> = (0..n)
        .map(|v| match sources.iter().position(|&s| s == v) {
            Some(i) => i,
            None => (0..sources.len())
                .filter(|&i| routes[i].0[v].is_finite())
                .min_by(|&a, &b| routes[a].0[v].total_cmp(&routes[b].0[v]).then(a.cmp(&b)))
                .unwrap_or(usize::MAX),
        })
        .collect();
    let is_source = |v: usize| sources.contains(&v);
    let pred = |v: usize| if is_source(v) || target[v] == usize::MAX { None } else { routes[target[v]].1[v] };
    let mut region = vec![usize::MAX; n];
    for v in 0..n {
        // Follow the predecessors to a node whose region is known (a source, or done before).
        let mut chain = Vec::new();
        let mut u = v;
        let top = loop {
            if region[u] != usize::MAX || is_source(u) || target[u] == usize::MAX {
                break if is_source(u) { target[u] } else { region[u] };
            }
            if chain.len() > n {
                return Err(UnawareError::InvalidParameter {
                    name: "z",
                    value: 0.0,
                    expected: "no cycle of zero-delay links among shortest routes",
                });
            }
            chain.push(u);
            match pred(u) {
                Some(p) => u = p,
                None => break usize::MAX,
            }
        };
        for c in chain {
            region[c] = top;
        }
        if is_source(v) {
            region[v] = target[v];
        }
    }
    let mut trees = Vec::with_capacity(sources.len());
    for (i, &s) in sources.iter().enumerate() {
        let parent: Vec<Option<usize>> =
            (0..n).map(|v| if v != s && region[v] == i { pred(v) } else { None }).collect();
        let z: Vec<f64> = (0..n).map(|v| parent[v].and_then(|p| g.link(p, v)).unwrap_or(0.0)).collect();
        trees.push(Tree::from_parents(s, parent, z, g.w().to_vec())?);
    }
    Ok(Partition { sources: sources.to_vec(), region, trees })
}

/// One SSS iteration.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SssIteration {
    /// Active sources.
    pub sources: Vec<usize>,
    /// Load of each active source at the start of the iteration.
    pub loads: Vec<f64>,
    /// Equivalent w of each source's region.
    pub w_eq: Vec<f64>,
    /// Time each region would need alone, T_i = L_i·W_i·T_cp.
    pub times: Vec<f64>,
    /// The source that finishes (smallest T_i, ties lower position).
    pub finished: usize,
    /// Iteration length Δ.
    pub duration: f64,
    /// Each active source's region as a tree rooted at it (same order as `sources`).
    pub trees: Vec<Tree>,
}

/// An SSS run.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SssSchedule {
    /// The iterations (at most one per source).
    pub iterations: Vec<SssIteration>,
    /// T_sss.
    pub finish_time: f64,
}

/// Equivalent w of a region's tree (its members compute with the graph's speeds).
pub(super) fn region_w(tree: &Tree, scale: CostScale) -> Result<f64, UnawareError> {
    Ok(equivalent(tree, Rules::default(), scale)?.allocation.w_equivalent)
}

impl Graph {
    /// SSS (Jia, §5.3.2): partition by GP, let every region process its own source's load, stop at
    /// the first region to finish, shrink the others' loads (Jia, eq. (5.1)), drop the finished source (which
    /// then computes and routes as a processing node; the thesis leaves this open) and
    /// re-partition.
    ///
    /// # Formula
    /// Equation numbers are Jia's.
    /// ```text
    /// T_i = L_i·W_i·T_cp;  Δ = min_i T_i;  L_j ← L_j·(T_j − Δ)/T_j   (5.1);  T_sss = Σ Δ ≤ max_i T_i  (5.2)
    /// ```
    ///
    /// # Accuracy
    /// Each iteration is a product and a ratio of the region's equivalent W_i (Jia, eqs.
    /// (3.9)–(3.12), within `4·n·ε` relative) and the shrunk loads; T_sss is a sum of m positive
    /// Δ: within about `(4·n + 3)·m·ε` relative for m sources and n nodes, except where
    /// `T_j − Δ` cancels (two regions finishing together; the load left is then 0 up to that
    /// rounding). Checked independently: the schedule executed on the event engine
    /// ([`Graph::execute_sss`](super::Graph::execute_sss)) ends at T_sss to 1e-9 relative and every stage ends together, and
    /// T_sss ≤ max_i T_i (Jia, eq. (5.2)) holds, on random graphs of 6–19 nodes with 1–3 sources
    /// (`tests/unaware/unaware_multisource.rs`; measured worst 4.3e-16).
    ///
    /// # Errors
    /// As [`Graph::gp_partition`]; [`UnawareError::InvalidParameter`] for negative loads, repeated sources
    /// or a bad scale; [`UnawareError::LengthMismatch`] when `loads` and `sources` differ in length.
    ///
    /// # Examples
    /// The worked example of Jia, §5.3: T_sss = 14.282484 (T_sds = 17.806468).
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Edge, Graph, MultiSourceLoad};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
    ///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
    /// let s = g.sss(&MultiSourceLoad::equal(vec![0, 1], 10.0), CostScale::unit()).unwrap();
    /// assert!((s.finish_time - 14.282484).abs() < 1e-6);
    /// assert_eq!(s.to_string(), "SSS: 2 iterations, T_sss = 14.282484 (S_0 = node 0 finishes at 13.548387, then node 1)");
    /// ```
    pub fn sss(&self, load: &MultiSourceLoad, scale: CostScale) -> Result<SssSchedule, UnawareError> {
        let g = self;
        sss_with(load, scale, |s| g.gp_partition(s))
    }
}

/// The SSS iterations over the regions returned by `partition` for the active sources.
fn sss_with(
    load: &MultiSourceLoad,
    scale: CostScale,
    partition: impl Fn(&[usize]) -> Result<Partition, UnawareError>,
) -> Result<SssSchedule, UnawareError> {
    load.check()?;
    let (sources, loads) = (&load.sources[..], &load.loads[..]);
    positive("t_cm", scale.t_cm())?;
    let t_cp = positive("t_cp", scale.t_cp())?;
    let mut active: Vec<(usize, f64)> =
        sources.iter().copied().zip(loads.iter().copied()).filter(|p| p.1 > 0.0).collect();
    partition(sources)?; // validates sources even when every load is 0
    let mut iterations = Vec::new();
    let mut t = 0.0;
    while !active.is_empty() {
        let srcs: Vec<usize> = active.iter().map(|p| p.0).collect();
        let part = partition(&srcs)?;
        let w_eq = part.trees.iter().map(|tr| region_w(tr, scale)).collect::<Result<Vec<_>, _>>()?;
        let times: Vec<f64> = active.iter().zip(&w_eq).map(|(p, w)| p.1 * w * t_cp).collect();
        let i = (0..times.len()).min_by(|&a, &b| times[a].total_cmp(&times[b]).then(a.cmp(&b))).unwrap_or(0);
        let delta = times[i];
        t += delta;
        iterations.push(SssIteration {
            sources: srcs,
            loads: active.iter().map(|p| p.1).collect(),
            w_eq,
            times: times.clone(),
            finished: active[i].0,
            duration: delta,
            trees: part.trees,
        });
        let mut next = Vec::new();
        for (j, &(s, l)) in active.iter().enumerate() {
            if j != i {
                next.push((s, l * (times[j] - delta) / times[j]));
            }
        }
        active = next;
    }
    Ok(SssSchedule { iterations, finish_time: t })
}

impl Graph {
    /// SDS (Jia, §5.5): the sources take the whole network one after another (S_0 first), each on
    /// the shortest-path tree of the whole graph rooted at it.
    ///
    /// # Formula
    /// Equation numbers are Jia's.
    /// ```text
    /// T_sds = Σ_i L_i·W(SPT rooted at S_i)·T_cp
    /// ```
    ///
    /// # Accuracy
    /// A sum of m positive products of W (within `4·n·ε` relative, [`Tree::allocate_with_rules`]): within
    /// `(4·n + 2)·ε` relative. Checked independently: SDS executed on the event engine
    /// ([`Graph::execute_sds`](super::Graph::execute_sds)) ends at T_sds to 1e-9 relative on random graphs of 6–19 nodes
    /// (`tests/unaware/unaware_multisource.rs`; measured worst 4.1e-16).
    ///
    /// # Errors
    /// As [`Graph::sss`].
    ///
    /// # Examples
    /// The worked example of Jia, §5.3.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Edge, Graph, MultiSourceLoad};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
    ///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
    /// let t = g.sds(&MultiSourceLoad::equal(vec![0, 1], 10.0), CostScale::unit()).unwrap();
    /// assert!((t - 17.806468).abs() < 1e-6);
    /// ```
    pub fn sds(&self, load: &MultiSourceLoad, scale: CostScale) -> Result<f64, UnawareError> {
        let g = self;
        load.check()?;
        positive("t_cm", scale.t_cm())?;
        let t_cp = positive("t_cp", scale.t_cp())?;
        let mut t = 0.0;
        for (&s, &l) in load.sources.iter().zip(&load.loads) {
            let tree = g.spanning_tree(s, SpanningTreeKind::Spt, scale)?;
            t += l * region_w(&tree, scale)? * t_cp;
        }
        Ok(t)
    }
}

/// Hop-limited synchronous Bellman–Ford from `s` on z: distances after `rounds` rounds
/// (`INFINITY` = not reached) and predecessors.
pub(super) fn bellman_ford(g: &Graph, s: usize, rounds: usize) -> (Vec<f64>, Vec<Option<usize>>) {
    let n = g.len();
    let mut d = vec![f64::INFINITY; n];
    let mut pred = vec![None; n];
    d[s] = 0.0;
    for _ in 0..rounds {
        let prev = d.clone();
        let mut changed = false;
        for (u, &du) in prev.iter().enumerate() {
            if !du.is_finite() {
                continue;
            }
            for &Edge { v, z, .. } in g.neighbours(u) {
                if du + z < d[v] {
                    d[v] = du + z;
                    pred[v] = Some(u);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    (d, pred)
}

/// GP on what a distributed Bellman–Ford has learnt after `rounds` rounds: distances are
/// hop-limited, and nodes no source has reached are left out (`region = usize::MAX`).
fn gp_hop_limited(g: &Graph, sources: &[usize], rounds: usize) -> Result<Partition, UnawareError> {
    check_sources(g, sources)?;
    let routes: Vec<Routes> = sources.iter().map(|&s| bellman_ford(g, s, rounds)).collect();
    partition_from(g, sources, &routes)
}

impl Graph {
    /// RB-SSS (Jia, §5.3.3): a reporting phase of distributed Bellman–Ford rounds, one per
    /// `reporting.hop_delay` time units, stopped at T*; nodes still unknown to every source are
    /// left out, routes are the hop-limited shortest paths; then SSS from T*.
    ///
    /// # Formula
    /// Equation numbers are Jia's.
    /// ```text
    /// k = ⌊T*/δ⌋ Bellman–Ford rounds;  T_rb-sss = T* + T_sss(regions after k rounds)
    /// ```
    ///
    /// # Accuracy
    /// As [`Graph::sss`], plus one rounding for adding T*. The engine check of [`Graph::sss`] covers RB-SSS too
    /// (`tests/unaware/unaware_multisource.rs`: T* + the engine's end equals T_rb-sss to 1e-9 relative).
    ///
    /// # Errors
    /// As [`Graph::sss`]; [`UnawareError::InvalidParameter`] for T* < 0 or δ ≤ 0.
    ///
    /// # Examples
    /// With enough rounds RB-SSS is SSS delayed by T* (the two-source example graph of Jia, §5.3).
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Edge, Graph, MultiSourceLoad, ReportingPhase};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
    ///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
    /// let reporting = ReportingPhase { t_star: 5.0, hop_delay: 1.0 };
    /// let rb = g.rb_sss(&MultiSourceLoad::equal(vec![0, 1], 10.0), reporting, CostScale::unit()).unwrap();
    /// assert!((rb.finish_time - (5.0 + 14.282484)).abs() < 1e-6);
    /// ```
    pub fn rb_sss(
        &self,
        load: &MultiSourceLoad,
        reporting: ReportingPhase,
        scale: CostScale,
    ) -> Result<SssSchedule, UnawareError> {
        let g = self;
        let rounds = reporting.rounds(g.len())?;
        let mut s = sss_with(load, scale, |src| gp_hop_limited(g, src, rounds))?;
        s.finish_time += reporting.t_star;
        Ok(s)
    }
}

impl fmt::Display for Partition {
    /// `GP: 2 regions, S_0 = node 0: 2 nodes, S_1 = node 1: 3 nodes` (with `, 1 node in no
    /// region` when RB-SSS left some out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = (0..self.sources.len())
            .map(|i| {
                format!("S_{i} = node {}: {} nodes", self.sources[i], self.region.iter().filter(|&&r| r == i).count())
            })
            .collect();
        write!(f, "GP: {} regions, {}", self.sources.len(), parts.join(", "))?;
        let lost = self.region.iter().filter(|&&r| r == usize::MAX).count();
        if lost > 0 {
            write!(f, ", {lost} nodes in no region")?;
        }
        Ok(())
    }
}

impl fmt::Display for SssIteration {
    /// `3 sources active for Δ = 12.9: node 0 (L 10, W 1.35, T 12.9) …; node 0 finishes`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = (0..self.sources.len())
            .map(|i| {
                let g = |v: &Vec<f64>| v.get(i).map_or(f64::NAN, |&x| r6(x));
                format!("node {} (L {}, W {}, T {})", self.sources[i], g(&self.loads), g(&self.w_eq), g(&self.times))
            })
            .collect();
        write!(
            f,
            "{} sources active for Δ = {}: {}; node {} finishes",
            self.sources.len(),
            r6(self.duration),
            parts.join(", "),
            self.finished
        )
    }
}

impl fmt::Display for SssSchedule {
    /// `SSS: 2 iterations, T_sss = 14.28 (S_0 = node 0 finishes at 12.9, then node 1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SSS: {} iterations, T_sss = {}", self.iterations.len(), r6(self.finish_time))?;
        let mut t = self.finish_time - self.iterations.iter().map(|it| it.duration).sum::<f64>();
        for (k, it) in self.iterations.iter().enumerate() {
            t += it.duration;
            let who = it.sources.iter().position(|&s| s == it.finished).unwrap_or(0);
            if k == 0 {
                write!(f, " (S_{who} = node {} finishes at {}", it.finished, r6(t))?;
            } else {
                write!(f, ", then node {}", it.finished)?;
            }
        }
        if !self.iterations.is_empty() {
            f.write_str(")")?;
        }
        Ok(())
    }
}
