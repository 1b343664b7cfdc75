//! Several load sources on one arbitrary network (Jia, Chapter 5): graph partitioning GP,
//! the static scheduling strategies SSS (simultaneous, iterated) and SDS (sequential).

use super::equivalent::equivalent;
use super::error::{UnawareError, non_negative, positive};
use super::graph::Graph;
use super::spanning::{SpanningTreeKind, spanning_tree};
use super::tree::RootedTree;

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
    pub trees: Vec<RootedTree>,
}

/// GP (§5.3.1): node k joins the source S_i with the smallest ordered 2-tuple (C_ki, i), C_ki
/// the shortest-path communication delay, through its shortest path.
///
/// # Formula
/// ```text
/// target(k) = argmin_i (C_ki, i)   (ties: lower source index)
/// ```
///
/// # Errors
/// [`UnawareError::NoReachableProcessor`] without sources, [`UnawareError::NodeOutOfRange`],
/// [`UnawareError::Disconnected`], [`UnawareError::InvalidParameter`] for a repeated source.
///
/// # Examples
/// Worked example: Region_0 = {S0, P2}, Region_1 = {S1, P3, P4}.
/// ```
/// use loadbal::dlt::unaware::{gp_partition, Edge, Graph};
/// let e = |u, v, z| Edge { u, v, z };
/// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
/// let p = gp_partition(&g, &[0, 1]).unwrap();
/// assert_eq!(p.region, vec![0, 1, 0, 1, 1]);
/// ```
pub fn gp_partition(g: &Graph, sources: &[usize]) -> Result<Partition, UnawareError> {
    check_sources(g, sources)?;
    let mut routes = Vec::with_capacity(sources.len());
    for &s in sources {
        let spt = spanning_tree(g, s, SpanningTreeKind::Spt, 1.0, 1.0)?;
        routes.push(((0..g.len()).map(|v| spt.path_z(v)).collect(), spt.parents().to_vec()));
    }
    partition_from(g, sources, &routes)
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
        trees.push(RootedTree::with_members(s, parent, z)?);
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
    pub trees: Vec<RootedTree>,
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

pub(super) fn region_w(g: &Graph, tree: &RootedTree, t_cm: f64, t_cp: f64) -> Result<f64, UnawareError> {
    let w: Vec<Option<f64>> = (0..g.len()).map(|v| tree.is_member(v).then(|| g.w()[v])).collect();
    Ok(equivalent(tree, &w, super::virtual_tree::Rules::default(), crate::dlt::CostScale::new(t_cp, t_cm)?)?.w_eq)
}

/// SSS (§5.3.2): partition by GP, let every region process its own source's load, stop at the
/// first region to finish, shrink the others' loads (5.1), drop the finished source (which then
/// computes and routes as a processing node, the reference's choice 47) and re-partition.
///
/// # Formula
/// ```text
/// T_i = L_i·W_i·T_cp;  Δ = min_i T_i;  L_j ← L_j·(T_j − Δ)/T_j   (5.1);  T_sss = Σ Δ ≤ max_i T_i  (5.2)
/// ```
///
/// # Errors
/// As [`gp_partition`]; [`UnawareError::InvalidParameter`] for negative loads or bad T_cm, T_cp;
/// [`UnawareError::LengthMismatch`] when `loads` and `sources` differ in length.
///
/// # Examples
/// Worked example: T_sss = 14.282484 (T_sds = 17.806468).
/// ```
/// use loadbal::dlt::unaware::{sss, Edge, Graph};
/// let e = |u, v, z| Edge { u, v, z };
/// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
/// let s = sss(&g, &[0, 1], &[10.0, 10.0], 1.0, 1.0).unwrap();
/// assert!((s.finish_time - 14.282484).abs() < 1e-6);
/// ```
pub fn sss(g: &Graph, sources: &[usize], loads: &[f64], t_cm: f64, t_cp: f64) -> Result<SssSchedule, UnawareError> {
    sss_with(g, sources, loads, t_cm, t_cp, |s| gp_partition(g, s))
}

/// The SSS iterations over the regions returned by `partition` for the active sources.
fn sss_with(
    g: &Graph,
    sources: &[usize],
    loads: &[f64],
    t_cm: f64,
    t_cp: f64,
    partition: impl Fn(&[usize]) -> Result<Partition, UnawareError>,
) -> Result<SssSchedule, UnawareError> {
    if loads.len() != sources.len() {
        return Err(UnawareError::LengthMismatch { name: "loads", got: loads.len(), expected: sources.len() });
    }
    positive("t_cm", t_cm)?;
    positive("t_cp", t_cp)?;
    for &l in loads {
        non_negative("load", l)?;
    }
    let mut active: Vec<(usize, f64)> =
        sources.iter().copied().zip(loads.iter().copied()).filter(|p| p.1 > 0.0).collect();
    partition(sources)?; // validates sources even when every load is 0
    let mut iterations = Vec::new();
    let mut t = 0.0;
    while !active.is_empty() {
        let srcs: Vec<usize> = active.iter().map(|p| p.0).collect();
        let part = partition(&srcs)?;
        let w_eq = part.trees.iter().map(|tr| region_w(g, tr, t_cm, t_cp)).collect::<Result<Vec<_>, _>>()?;
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

/// SDS (§5.5): the sources take the whole network one after another (S_0 first), each on the
/// shortest-path tree of the whole graph rooted at it.
///
/// # Formula
/// ```text
/// T_sds = Σ_i L_i·W(SPT rooted at S_i)·T_cp
/// ```
///
/// # Errors
/// As [`sss`].
///
/// # Examples
/// ```
/// use loadbal::dlt::unaware::{sds, Edge, Graph};
/// let e = |u, v, z| Edge { u, v, z };
/// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
/// assert!((sds(&g, &[0, 1], &[10.0, 10.0], 1.0, 1.0).unwrap() - 17.806468).abs() < 1e-6);
/// ```
pub fn sds(g: &Graph, sources: &[usize], loads: &[f64], t_cm: f64, t_cp: f64) -> Result<f64, UnawareError> {
    if loads.len() != sources.len() {
        return Err(UnawareError::LengthMismatch { name: "loads", got: loads.len(), expected: sources.len() });
    }
    positive("t_cm", t_cm)?;
    let mut t = 0.0;
    for (&s, &l) in sources.iter().zip(loads) {
        non_negative("load", l)?;
        let tree = spanning_tree(g, s, SpanningTreeKind::Spt, t_cm, t_cp)?;
        t += l * region_w(g, &tree, t_cm, t_cp)? * t_cp;
    }
    Ok(t)
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
            for &(v, z) in g.neighbours(u) {
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

/// RB-SSS (§5.3.3): a reporting phase of distributed Bellman–Ford rounds, one per `hop_delay`
/// time units, stopped at T*; nodes still unknown to every source are left out, routes are the
/// hop-limited shortest paths; then SSS from T*. The thesis gives no timing for the report
/// messages, so the per-round delay is an explicit parameter (the reference's reading).
///
/// # Formula
/// ```text
/// k = ⌊T*/δ⌋ Bellman–Ford rounds;  T_rb-sss = T* + T_sss(regions after k rounds)
/// ```
///
/// # Errors
/// As [`sss`]; [`UnawareError::InvalidParameter`] for T* < 0 or δ ≤ 0.
///
/// # Examples
/// With enough rounds RB-SSS is SSS delayed by T* (the two-source example graph).
/// ```
/// use loadbal::dlt::unaware::{rb_sss, sss, Edge, Graph};
/// let e = |u, v, z| Edge { u, v, z };
/// let g = Graph::new(vec![2.0, 3.0, 4.0, 5.0, 6.0],
///     vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)]).unwrap();
/// let rb = rb_sss(&g, &[0, 1], &[10.0, 10.0], 5.0, 1.0, 1.0, 1.0).unwrap();
/// assert!((rb.finish_time - (5.0 + 14.282484)).abs() < 1e-6);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn rb_sss(
    g: &Graph,
    sources: &[usize],
    loads: &[f64],
    t_star: f64,
    hop_delay: f64,
    t_cm: f64,
    t_cp: f64,
) -> Result<SssSchedule, UnawareError> {
    non_negative("t_star", t_star)?;
    positive("hop_delay", hop_delay)?;
    let rounds = (t_star / hop_delay).floor().min(g.len() as f64) as usize;
    let mut s = sss_with(g, sources, loads, t_cm, t_cp, |src| gp_hop_limited(g, src, rounds))?;
    s.finish_time += t_star;
    Ok(s)
}
