//! A weighted network: inverse processor speed `w` per node, inverse link speed `z` per link.

use super::error::{UnawareError, non_negative, positive};

/// One undirected link between nodes `u` and `v` with inverse speed `z` (Jia, §2.1: the
/// time to send α units is α·z·T_cm). `z = 0` is an ideal link.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Edge {
    /// One end.
    pub u: usize,
    /// The other end.
    pub v: usize,
    /// Inverse link speed (≥ 0).
    pub z: f64,
}

/// A validated network: node `i` computes α units in α·w\[i\]·T_cp, every link carries α units
/// in α·z·T_cm (Jia, Table 4.1 notation). Its `Display` is a one-line summary.
///
/// Built by [`Graph::new`], parsed from text by [`Graph::parse`], or deserialised (serde,
/// validated on the way in) from `{"w": [...], "edges": [{"u":0,"v":1,"z":0.5}, ...]}`.
///
/// # Examples
/// ```
/// use loadbal::dlt::unaware::{Edge, Graph};
/// let g = Graph::new(vec![2.0, 3.0, 6.0], vec![Edge { u: 0, v: 1, z: 0.5 }, Edge { u: 1, v: 2, z: 0.2 }]).unwrap();
/// assert_eq!(g.len(), 3);
/// assert!(g.is_connected());
/// assert_eq!(g.to_string(), "graph: 3 nodes, 2 links, w in [2, 6], z in [0.2, 0.5]");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "GraphSpec", into = "GraphSpec"))]
pub struct Graph {
    w: Vec<f64>,
    edges: Vec<Edge>,
    adj: Vec<Vec<Edge>>,
}

/// The serialised form of a [`Graph`] (no validation; `TryFrom` validates through [`Graph::new`]).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct GraphSpec {
    /// Inverse processor speed per node.
    pub(crate) w: Vec<f64>,
    /// Links.
    pub(crate) edges: Vec<Edge>,
}

impl TryFrom<GraphSpec> for Graph {
    type Error = UnawareError;
    fn try_from(spec: GraphSpec) -> Result<Self, Self::Error> {
        Graph::new(spec.w, spec.edges)
    }
}

impl From<Graph> for GraphSpec {
    fn from(g: Graph) -> Self {
        GraphSpec { w: g.w, edges: g.edges }
    }
}

impl Graph {
    /// A graph with inverse processor speeds `w` and links `edges`.
    ///
    /// # Errors
    /// [`UnawareError::EmptyNetwork`] for no nodes; [`UnawareError::InvalidParameter`] for a
    /// `w ≤ 0` (zero or negative speed parameters are meaningless), a NaN, or a `z < 0`;
    /// [`UnawareError::NodeOutOfRange`], [`UnawareError::SelfLoop`] and
    /// [`UnawareError::DuplicateEdge`] for malformed links. Connectivity is not required here;
    /// the algorithms that need it check it.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph, UnawareError};
    /// let g = Graph::new(vec![2.0, 3.0], vec![Edge { u: 0, v: 1, z: 0.5 }]).unwrap();
    /// assert_eq!((g.len(), g.link(1, 0)), (2, Some(0.5)));
    /// let looped = Graph::new(vec![2.0, 3.0], vec![Edge { u: 1, v: 1, z: 0.5 }]);
    /// assert_eq!(looped, Err(UnawareError::SelfLoop { u: 1, v: 1 }));
    /// ```
    pub fn new(w: Vec<f64>, edges: Vec<Edge>) -> Result<Self, UnawareError> {
        if w.is_empty() {
            return Err(UnawareError::EmptyNetwork);
        }
        for &x in &w {
            positive("w", x)?;
        }
        let n = w.len();
        let mut adj: Vec<Vec<Edge>> = vec![Vec::new(); n];
        let mut seen = std::collections::HashSet::new();
        for e in &edges {
            for node in [e.u, e.v] {
                if node >= n {
                    return Err(UnawareError::NodeOutOfRange { node, len: n });
                }
            }
            if e.u == e.v {
                return Err(UnawareError::SelfLoop { u: e.u, v: e.v });
            }
            non_negative("z", e.z)?;
            if !seen.insert((e.u.min(e.v), e.u.max(e.v))) {
                return Err(UnawareError::DuplicateEdge { u: e.u, v: e.v });
            }
            adj[e.u].push(Edge { u: e.u, v: e.v, z: e.z });
            adj[e.v].push(Edge { u: e.v, v: e.u, z: e.z });
        }
        for list in &mut adj {
            list.sort_by_key(|e| e.v);
        }
        Ok(Graph { w, edges, adj })
    }

    /// Parses the plain-text format: one item per line, `#` starts a comment,
    /// `node <id> <w>` declares node `id` (ids must be 0..n−1, each once) and
    /// `edge <u> <v> <z>` a link.
    ///
    /// # Errors
    /// [`UnawareError::Parse`] with the line number for a malformed line, a missing or repeated
    /// node id; then the errors of [`Graph::new`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::Graph;
    /// let g = Graph::parse("node 0 2\nnode 1 3 # slow\nedge 0 1 0.5\n").unwrap();
    /// assert_eq!(g.w(), &[2.0, 3.0]);
    /// ```
    pub fn parse(text: &str) -> Result<Self, UnawareError> {
        let mut w: Vec<Option<f64>> = Vec::new();
        let mut edges = Vec::new();
        let perr = |line: usize, reason: String| UnawareError::Parse { line, reason };
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let body = raw.split('#').next().unwrap_or("").trim();
            if body.is_empty() {
                continue;
            }
            let parts: Vec<&str> = body.split_whitespace().collect();
            let num = |s: &str| s.parse::<f64>().map_err(|_| perr(line, format!("`{s}` is not a number")));
            let idx = |s: &str| s.parse::<usize>().map_err(|_| perr(line, format!("`{s}` is not a node id")));
            match parts.as_slice() {
                ["node", id, wv] => {
                    let id = idx(id)?;
                    if id >= w.len() {
                        w.resize(id + 1, None);
                    }
                    if w[id].is_some() {
                        return Err(perr(line, format!("node {id} declared twice")));
                    }
                    w[id] = Some(num(wv)?);
                }
                ["edge", u, v, z] => edges.push(Edge { u: idx(u)?, v: idx(v)?, z: num(z)? }),
                _ => return Err(perr(line, format!("expected `node ID W` or `edge U V Z`, got `{body}`"))),
            }
        }
        let mut ws = Vec::with_capacity(w.len());
        for (id, x) in w.into_iter().enumerate() {
            ws.push(x.ok_or_else(|| perr(0, format!("node {id} is never declared")))?);
        }
        Graph::new(ws, edges)
    }

    /// The plain-text form read by [`Graph::parse`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 6.0], vec![e(0, 1, 0.5), e(1, 2, 0.2)]).unwrap();
    /// assert_eq!(g.to_text(), "node 0 2\nnode 1 3\nnode 2 6\nedge 0 1 0.5\nedge 1 2 0.2\n");
    /// assert_eq!(Graph::parse(&g.to_text()).unwrap(), g);
    /// ```
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (i, w) in self.w.iter().enumerate() {
            s.push_str(&format!("node {i} {w}\n"));
        }
        for e in &self.edges {
            s.push_str(&format!("edge {} {} {}\n", e.u, e.v, e.z));
        }
        s
    }

    /// Number of nodes.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 6.0], vec![e(0, 1, 0.5), e(1, 2, 0.2)]).unwrap();
    /// assert_eq!(g.len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.w.len()
    }

    /// Always false: a graph has at least one node.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::Graph;
    /// assert!(!Graph::new(vec![1.0], vec![]).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.w.is_empty()
    }

    /// Inverse processor speeds.
    ///
    /// # Accuracy
    /// Exact (stored values).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 6.0], vec![e(0, 1, 0.5), e(1, 2, 0.2)]).unwrap();
    /// assert_eq!(g.w(), &[2.0, 3.0, 6.0]);
    /// ```
    pub fn w(&self) -> &[f64] {
        &self.w
    }

    /// Links, as given.
    ///
    /// # Examples
    /// Links keep the orientation they were given.
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 6.0], vec![e(1, 0, 0.5), e(1, 2, 0.2)]).unwrap();
    /// assert_eq!(g.edges(), &[e(1, 0, 0.5), e(1, 2, 0.2)]);
    /// ```
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// The links of `v`, each as an [`Edge`] from `u = v` to the neighbour `v`, by increasing
    /// neighbour id (none for a node out of range).
    ///
    /// # Accuracy
    /// Exact (stored values).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 6.0], vec![e(1, 2, 0.2), e(0, 1, 0.5)]).unwrap();
    /// assert_eq!(g.neighbours(1), &[e(1, 0, 0.5), e(1, 2, 0.2)]);
    /// assert!(g.neighbours(7).is_empty());
    /// ```
    pub fn neighbours(&self, v: usize) -> &[Edge] {
        self.adj.get(v).map_or(&[], Vec::as_slice)
    }

    /// The z of the link `u`–`v`, if any.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![2.0, 3.0, 6.0], vec![e(0, 1, 0.5), e(1, 2, 0.2)]).unwrap();
    /// assert_eq!((g.link(2, 1), g.link(0, 2)), (Some(0.2), None));
    /// ```
    pub fn link(&self, u: usize, v: usize) -> Option<f64> {
        self.adj.get(u)?.binary_search_by_key(&v, |e| e.v).ok().map(|k| self.adj[u][k].z)
    }

    /// Checks that `node` exists.
    ///
    /// # Errors
    /// [`UnawareError::NodeOutOfRange`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{Graph, UnawareError};
    /// let g = Graph::new(vec![1.0; 3], vec![]).unwrap();
    /// assert_eq!(g.check_node(2), Ok(()));
    /// assert_eq!(g.check_node(3), Err(UnawareError::NodeOutOfRange { node: 3, len: 3 }));
    /// ```
    pub fn check_node(&self, node: usize) -> Result<(), UnawareError> {
        if node < self.len() { Ok(()) } else { Err(UnawareError::NodeOutOfRange { node, len: self.len() }) }
    }

    /// Hop distances from `root` by breadth-first search (`None` = unreachable).
    ///
    /// # Examples
    /// A path 0 – 1 – 2 and an isolated node 3.
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph};
    /// let e = |u, v, z| Edge { u, v, z };
    /// let g = Graph::new(vec![1.0; 4], vec![e(0, 1, 0.5), e(1, 2, 0.5)]).unwrap();
    /// assert_eq!(g.hops_from(0), vec![Some(0), Some(1), Some(2), None]);
    /// assert_eq!(g.hops_from(2)[0], Some(2));
    /// ```
    pub fn hops_from(&self, root: usize) -> Vec<Option<usize>> {
        let mut d = vec![None; self.len()];
        if root >= self.len() {
            return d;
        }
        d[root] = Some(0);
        let mut queue = std::collections::VecDeque::from([root]);
        while let Some(u) = queue.pop_front() {
            let du = d[u].unwrap_or(0);
            for &Edge { v, .. } in &self.adj[u] {
                if d[v].is_none() {
                    d[v] = Some(du + 1);
                    queue.push_back(v);
                }
            }
        }
        d
    }

    /// Checks that every node is reachable from `root`.
    ///
    /// # Errors
    /// [`UnawareError::NodeOutOfRange`] for a bad root; [`UnawareError::Disconnected`] naming
    /// the first unreachable node.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph, UnawareError};
    /// let g = Graph::new(vec![1.0; 3], vec![Edge { u: 0, v: 1, z: 0.5 }]).unwrap();
    /// assert_eq!(g.check_connected_from(1), Err(UnawareError::Disconnected { node: 2, from: 1 }));
    /// assert_eq!(g.check_connected_from(5), Err(UnawareError::NodeOutOfRange { node: 5, len: 3 }));
    /// ```
    pub fn check_connected_from(&self, root: usize) -> Result<(), UnawareError> {
        self.check_node(root)?;
        match self.hops_from(root).iter().position(Option::is_none) {
            Some(node) => Err(UnawareError::Disconnected { node, from: root }),
            None => Ok(()),
        }
    }

    /// Whether every node is reachable from node 0.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{Edge, Graph};
    /// let e = |u, v, z| Edge { u, v, z };
    /// assert!(!Graph::new(vec![1.0; 3], vec![e(0, 1, 0.5)]).unwrap().is_connected());
    /// assert!(Graph::new(vec![1.0; 3], vec![e(0, 1, 0.5), e(2, 1, 0.5)]).unwrap().is_connected());
    /// ```
    pub fn is_connected(&self) -> bool {
        self.check_connected_from(0).is_ok()
    }
}

impl std::fmt::Display for Graph {
    /// `graph: 5 nodes, 5 links, w in [2, 6], z in [0.1, 1.2]` (`z in []` without links).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let range = |xs: &mut dyn Iterator<Item = f64>| {
            xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)))
        };
        let (wl, wh) = range(&mut self.w.iter().copied());
        write!(f, "graph: {} nodes, {} links, w in [{wl}, {wh}], ", self.len(), self.edges.len())?;
        if self.edges.is_empty() {
            f.write_str("z in []")
        } else {
            let (zl, zh) = range(&mut self.edges.iter().map(|e| e.z));
            write!(f, "z in [{zl}, {zh}]")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_input() {
        assert_eq!(Graph::new(vec![], vec![]), Err(UnawareError::EmptyNetwork));
        assert!(matches!(Graph::new(vec![0.0], vec![]), Err(UnawareError::InvalidParameter { name: "w", .. })));
        assert!(matches!(Graph::new(vec![-1.0], vec![]), Err(UnawareError::InvalidParameter { .. })));
        let e = |u, v, z| Edge { u, v, z };
        assert!(matches!(Graph::new(vec![1.0, 1.0], vec![e(0, 1, -0.1)]), Err(UnawareError::InvalidParameter { .. })));
        assert_eq!(
            Graph::new(vec![1.0, 1.0], vec![e(0, 2, 0.1)]),
            Err(UnawareError::NodeOutOfRange { node: 2, len: 2 })
        );
        assert_eq!(Graph::new(vec![1.0, 1.0], vec![e(1, 1, 0.1)]), Err(UnawareError::SelfLoop { u: 1, v: 1 }));
        assert_eq!(
            Graph::new(vec![1.0, 1.0], vec![e(0, 1, 0.1), e(1, 0, 0.2)]),
            Err(UnawareError::DuplicateEdge { u: 1, v: 0 })
        );
        let g = Graph::new(vec![1.0, 1.0, 1.0], vec![e(0, 1, 0.0)]).unwrap();
        assert_eq!(g.check_connected_from(0), Err(UnawareError::Disconnected { node: 2, from: 0 }));
    }

    #[test]
    fn text_round_trip() {
        let g = Graph::parse("# toy\nnode 1 3\nnode 0 2\nedge 0 1 0.5\n").unwrap();
        assert_eq!(g.w(), &[2.0, 3.0]);
        assert_eq!(g.link(1, 0), Some(0.5));
        assert_eq!(Graph::parse(&g.to_text()).unwrap(), g);
        assert!(matches!(Graph::parse("node 0 x"), Err(UnawareError::Parse { line: 1, .. })));
        assert!(matches!(Graph::parse("node 1 2"), Err(UnawareError::Parse { .. })));
        assert!(matches!(Graph::parse("vertex 1 2"), Err(UnawareError::Parse { .. })));
    }

    #[cfg(feature = "serde")]
    #[cfg(feature = "serde")]
    #[test]
    fn json_validates() {
        let g: Graph = serde_json::from_str(r#"{"w":[2,3],"edges":[{"u":0,"v":1,"z":0.5}]}"#).unwrap();
        assert_eq!(g.link(0, 1), Some(0.5));
        let back: Graph = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back, g);
        assert!(serde_json::from_str::<Graph>(r#"{"w":[0],"edges":[]}"#).is_err());
    }
}
