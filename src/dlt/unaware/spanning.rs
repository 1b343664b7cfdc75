//! Spanning trees of an arbitrary network rooted at the load's source (Jia, §4.2):
//! SPT, MST, FHT, RST and the equivalence-based EST.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use super::error::{UnawareError, positive};
use super::graph::{Edge, Graph};
use crate::dlt::{CostScale, Tree};

/// The spanning trees compared in Jia, Chapter 4 (Table 4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SpanningTreeKind {
    /// Shortest-path tree on z (Dijkstra).
    Spt,
    /// Minimum spanning tree on z (Prim from the root).
    Mst,
    /// Fewest-hop tree (BFS; parent among the previous layer with the smallest z, then id).
    Fht,
    /// Robust spanning tree, cost of Jia, eqs. (4.1)–(4.2).
    Rst,
    /// Equivalence-based tree: greedily adds the (edge, node) pair that minimises the root's
    /// equivalent w (computed hierarchically, see the `est` module's notes).
    Est,
}

impl SpanningTreeKind {
    /// All kinds, in the order of Table 4.2's discussion.
    pub const ALL: [SpanningTreeKind; 5] = [
        SpanningTreeKind::Spt,
        SpanningTreeKind::Mst,
        SpanningTreeKind::Fht,
        SpanningTreeKind::Rst,
        SpanningTreeKind::Est,
    ];

    /// Short name (`SPT`, `MST`, `FHT`, `RST`, `EST`), also its `Display`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::SpanningTreeKind;
    /// assert_eq!(SpanningTreeKind::ALL.map(SpanningTreeKind::name), ["SPT", "MST", "FHT", "RST", "EST"]);
    /// assert_eq!(SpanningTreeKind::Est.to_string(), "EST");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            SpanningTreeKind::Spt => "SPT",
            SpanningTreeKind::Mst => "MST",
            SpanningTreeKind::Fht => "FHT",
            SpanningTreeKind::Rst => "RST",
            SpanningTreeKind::Est => "EST",
        }
    }
}

impl std::fmt::Display for SpanningTreeKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Copy, PartialEq)]
struct Key(f64, usize, usize); // (cost, node, parent)
impl Eq for Key {}
impl PartialOrd for Key {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Key {
    fn cmp(&self, o: &Self) -> Ordering {
        self.0.total_cmp(&o.0).then(self.1.cmp(&o.1)).then(self.2.cmp(&o.2))
    }
}

fn build(g: &Graph, root: usize, parent: Vec<Option<usize>>) -> Result<Tree, UnawareError> {
    let z = (0..g.len()).map(|v| parent[v].and_then(|p| g.link(p, v)).unwrap_or(0.0)).collect();
    Ok(Tree::from_parents(root, parent, z, g.w().to_vec())?)
}

/// A Prim-like growth where attaching `v` under tree node `u` costs `cost(u, v, z_uv)`; with
/// `cumulative` the cost is added to the cost of `u` (Dijkstra).
fn grow(g: &Graph, root: usize, cumulative: bool, cost: impl Fn(usize, usize, f64) -> f64) -> Vec<Option<usize>> {
    let n = g.len();
    let mut parent = vec![None; n];
    let mut done = vec![false; n];
    let mut best = vec![f64::INFINITY; n];
    let mut base = vec![0.0; n];
    let mut heap = BinaryHeap::new();
    best[root] = 0.0;
    heap.push(Reverse(Key(0.0, root, root)));
    while let Some(Reverse(Key(c, u, p))) = heap.pop() {
        if done[u] {
            continue;
        }
        done[u] = true;
        if u != root {
            parent[u] = Some(p);
        }
        base[u] = if cumulative { c } else { 0.0 };
        for &Edge { v, z, .. } in g.neighbours(u) {
            if done[v] {
                continue;
            }
            let cv = base[u] + cost(u, v, z);
            if cv < best[v] {
                best[v] = cv;
                heap.push(Reverse(Key(cv, v, u)));
            }
        }
    }
    parent
}

impl Graph {
    /// Builds the spanning tree of `kind` rooted at `root` (Jia, §4.2). EST needs the unit times
    /// `scale` (and the graph's w); the other kinds use z only. RST reads Jia, eqs. (4.1)–(4.2)
    /// with the link weight of the single edge being added, and λ clamped at 0 beyond ε_1.
    ///
    /// # Formula
    /// Equation numbers are Jia's.
    /// ```text
    /// SPT: Dijkstra on z;  MST: Prim on z;  FHT: breadth-first, parent = smallest z, then id
    /// RST (4.1)–(4.2): cost of adding v under u = λ_v·h_v + (1 − λ_v)·z_uv,
    ///                  λ_v = max(0, 1 − h_v/ε_1), h_v = h_u + 1, ε_1 = eccentricity of the SPT
    /// EST: add the (edge, node) pair minimising the equivalent w of the root (4.3)–(4.4)
    /// ```
    ///
    /// # Accuracy
    /// A combinatorial result, exact for the comparisons it makes: ties are broken by node id,
    /// and costs that differ only by rounding (path sums in `SPT`, Jia, eq. (4.1) in `RST`) are
    /// compared as computed. The tests check SPT against an exhaustive search of every simple
    /// path, RST against a brute-force rebuild from Jia, eqs. (4.1)–(4.2) on small graphs
    /// (`tests/unaware/unaware_spanning.rs`), FHT's eccentricity against breadth-first hop counts, and
    /// EST against a naive greedy.
    ///
    /// # Errors
    /// [`UnawareError::NodeOutOfRange`] for a bad root, [`UnawareError::Disconnected`] when some
    /// node cannot be reached, [`UnawareError::InvalidParameter`] for bad T_cm, T_cp.
    ///
    /// # Examples
    /// A five-node regression graph: the FHT has eccentricity 2, the MST 4.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Edge, Graph, SpanningTreeKind};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 6.0, 1.0, 4.0],
    ///     vec![e(0,1,0.5), e(0,2,0.2), e(1,2,0.2), e(1,3,0.1), e(2,3,0.6), e(3,4,0.3), e(2,4,1.0)]).unwrap();
    /// let fht = g.spanning_tree(0, SpanningTreeKind::Fht, CostScale::unit()).unwrap();
    /// assert_eq!(fht.eccentricity(), 2);
    /// assert_eq!(g.spanning_tree(0, SpanningTreeKind::Mst, CostScale::unit()).unwrap().eccentricity(), 4);
    /// assert_eq!(fht.parents(), vec![None, Some(0), Some(0), Some(1), Some(2)]);
    /// assert_eq!(fht.to_string(), "tree rooted at 0: 5 of 5 nodes, depth 2, w in [1, 6], z in [0.1, 1]");
    /// ```
    pub fn spanning_tree(&self, root: usize, kind: SpanningTreeKind, scale: CostScale) -> Result<Tree, UnawareError> {
        let g = self;
        g.check_connected_from(root)?;
        let (t_cm, t_cp) = (scale.t_cm(), scale.t_cp());
        positive("t_cm", t_cm)?;
        positive("t_cp", t_cp)?;
        let parent = match kind {
            SpanningTreeKind::Spt => grow(g, root, true, |_, _, z| z),
            SpanningTreeKind::Mst => grow(g, root, false, |_, _, z| z),
            SpanningTreeKind::Fht => fht(g, root),
            SpanningTreeKind::Rst => {
                let eps1 = build(g, root, grow(g, root, true, |_, _, z| z))?.eccentricity().max(1) as f64;
                return rst(g, root, eps1);
            }
            SpanningTreeKind::Est => return super::est::est(g, root, scale),
        };
        build(g, root, parent)
    }
}

fn fht(g: &Graph, root: usize) -> Vec<Option<usize>> {
    let hops = g.hops_from(root);
    (0..g.len())
        .map(|v| {
            let h = hops[v]?;
            if h == 0 {
                return None;
            }
            g.neighbours(v)
                .iter()
                .filter(|e| hops[e.v] == Some(h - 1))
                .min_by(|a, b| a.z.total_cmp(&b.z).then(a.v.cmp(&b.v)))
                .map(|e| e.v)
        })
        .collect()
}

fn rst(g: &Graph, root: usize, eps1: f64) -> Result<Tree, UnawareError> {
    let n = g.len();
    let mut parent = vec![None; n];
    let mut depth = vec![0usize; n];
    let mut done = vec![false; n];
    let mut heap = BinaryHeap::new();
    heap.push(Reverse(Key(0.0, root, root)));
    while let Some(Reverse(Key(_, u, p))) = heap.pop() {
        if done[u] {
            continue;
        }
        done[u] = true;
        if u != root {
            parent[u] = Some(p);
            depth[u] = depth[p] + 1;
        }
        for &Edge { v, z, .. } in g.neighbours(u) {
            if !done[v] {
                heap.push(Reverse(Key(rst_cost(depth[u] + 1, eps1, z), v, u)));
            }
        }
    }
    build(g, root, parent)
}

/// RST per-node cost, Jia, eq. (4.1) with the weight of eq. (4.2), λ clamped at 0 beyond ε_1
/// (the thesis's λ would turn negative there and reward depth).
///
/// # Formula
/// Equation numbers are Jia's.
/// ```text
/// λ = max(0, 1 − h/ε_1);  cost = λ·h + (1 − λ)·z                     (4.1)–(4.2)
/// ```
///
/// # Accuracy
/// Four roundings of non-negative terms: within `4·ε` relative for `h ≤ ε_1` (where `1 − h/ε_1`
/// may lose digits to cancellation only when λ itself is tiny, and then `(1 − λ)·z` dominates)
/// and exactly `z` beyond. Checked against exact rational arithmetic for h, ε_1 ≤ 12 and
/// z = k/8 (the unit tests below). NaN or negative inputs give NaN or a negative cost:
/// [`Graph::spanning_tree`] only calls it with validated z and ε_1 ≥ 1.
///
pub(crate) fn rst_cost(h: usize, eps1: f64, z: f64) -> f64 {
    let lam = (1.0 - h as f64 / eps1).max(0.0);
    lam * h as f64 + (1.0 - lam) * z
}

#[cfg(test)]
mod tests {
    use super::rst_cost;

    /// h = 1, ε_1 = 4: λ = 0.75, cost = 0.75 + 0.25·0.4 = 0.85.
    #[test]
    fn rst_cost_worked_example() {
        assert!((rst_cost(1, 4.0, 0.4) - 0.85).abs() < 1e-12);
    }

    /// Jia, eqs. (4.1)–(4.2) in exact rational arithmetic: with z = k/8 the cost
    /// λ·h + (1 − λ)·z, λ = max(0, 1 − h/ε_1), is `num/(8·ε_1)` with an integer `num`, so its
    /// correctly rounded value is one integer division; `rst_cost` is within the documented 4·ε.
    #[test]
    fn rst_cost_against_exact_rationals() {
        let mut worst = 0.0f64;
        for eps1 in 1u64..=12 {
            for h in 1u64..=14 {
                for k in 0u64..=80 {
                    let num = if h <= eps1 { 8 * (eps1 - h) * h + h * k } else { eps1 * k };
                    let exact = num as f64 / (8 * eps1) as f64;
                    let got = rst_cost(h as usize, eps1 as f64, k as f64 / 8.0);
                    let rel = if exact == 0.0 { got.abs() } else { ((got - exact) / exact).abs() };
                    worst = worst.max(rel);
                    assert!(rel <= 4.0 * f64::EPSILON, "h = {h}, ε_1 = {eps1}, z = {k}/8: {got} vs {exact}");
                }
            }
        }
        eprintln!("rst_cost: worst relative error {worst:e} against exact rationals");
    }
}
