//! Rooted trees over a subset of a network's nodes: spanning trees (Jia, ch. 4), the Fig. 3.8
//! tree (Jia, ch. 3), virtual trees (Jia, §3.3.2) and regions (Jia, ch. 5); and a tree with its
//! processors' speeds, the network the phased strategies SLD and DLD run on.

use std::fmt;

use super::error::{UnawareError, non_negative, positive, same_lengths};

/// A tree rooted at `root` over some of the nodes `0..n`; node `v` hangs from `parent[v]`
/// through a link of inverse speed `z_up[v]`.
///
/// Children keep the order in which they were given (by increasing id for [`RootedTree::new`]);
/// this is the probing order of §3.2 (each node forwards to its children in index order).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RootedTree {
    root: usize,
    parent: Vec<Option<usize>>,
    z_up: Vec<f64>,
    member: Vec<bool>,
    children: Vec<Vec<usize>>,
}

impl RootedTree {
    /// A tree spanning all nodes `0..parent.len()`: `parent[root]` must be `None`, every other
    /// entry `Some`.
    ///
    /// # Errors
    /// [`UnawareError::NotATree`] for a missing parent, a parent on the root, or a cycle;
    /// [`UnawareError::NodeOutOfRange`], [`UnawareError::LengthMismatch`] and
    /// [`UnawareError::InvalidParameter`] (negative or NaN z).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::RootedTree;
    /// let t = RootedTree::new(0, vec![None, Some(0), Some(1)], vec![0.0, 0.5, 0.2]).unwrap();
    /// assert_eq!(t.eccentricity(), 2);
    /// assert!((t.path_z(2) - 0.7).abs() < 1e-12);
    /// assert!(RootedTree::new(0, vec![None, Some(2), Some(1)], vec![0.0; 3]).is_err()); // cycle
    /// ```
    pub fn new(root: usize, parent: Vec<Option<usize>>, z_up: Vec<f64>) -> Result<Self, UnawareError> {
        if let Some(v) = (0..parent.len()).find(|&v| v != root && parent[v].is_none()) {
            return Err(UnawareError::NotATree { root, node: v, reason: "node without a parent" });
        }
        Self::with_members(root, parent, z_up)
    }

    /// A tree over the nodes that have a parent, plus `root`; a node `v ≠ root` with
    /// `parent[v] = None` is not in the tree.
    ///
    /// # Errors
    /// As [`RootedTree::new`], except that parentless nodes are allowed.
    pub fn with_members(root: usize, parent: Vec<Option<usize>>, z_up: Vec<f64>) -> Result<Self, UnawareError> {
        let n = parent.len();
        if n == 0 {
            return Err(UnawareError::EmptyNetwork);
        }
        if z_up.len() != n {
            return Err(UnawareError::LengthMismatch { name: "z_up", got: z_up.len(), expected: n });
        }
        if root >= n {
            return Err(UnawareError::NodeOutOfRange { node: root, len: n });
        }
        if parent[root].is_some() {
            return Err(UnawareError::NotATree { root, node: root, reason: "the root has a parent" });
        }
        let mut member = vec![false; n];
        member[root] = true;
        let mut children = vec![Vec::new(); n];
        for v in 0..n {
            if let Some(p) = parent[v] {
                if p >= n {
                    return Err(UnawareError::NodeOutOfRange { node: p, len: n });
                }
                if p == v {
                    return Err(UnawareError::NotATree { root, node: v, reason: "a node is its own parent" });
                }
                non_negative("z", z_up[v])?;
                member[v] = true;
                children[p].push(v);
            }
        }
        // Every member must reach the root; 0 = unvisited, 1 = on the current walk, 2 = reaches root.
        let mut state = vec![0u8; n];
        state[root] = 2;
        for v in 0..n {
            if !member[v] || state[v] == 2 {
                continue;
            }
            let mut walk = Vec::new();
            let mut u = v;
            loop {
                match state[u] {
                    2 => break,
                    1 => return Err(UnawareError::NotATree { root, node: u, reason: "cycle" }),
                    _ => {}
                }
                state[u] = 1;
                walk.push(u);
                match parent[u] {
                    Some(p) if member[p] => u = p,
                    _ => return Err(UnawareError::NotATree { root, node: u, reason: "parent is not in the tree" }),
                }
            }
            for u in walk {
                state[u] = 2;
            }
        }
        Ok(RootedTree { root, parent, z_up, member, children })
    }

    /// The root.
    pub fn root(&self) -> usize {
        self.root
    }

    /// Size of the id space (members and non-members).
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Always false (a tree has its root).
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// Whether `v` is in the tree.
    pub fn is_member(&self, v: usize) -> bool {
        self.member.get(v).copied().unwrap_or(false)
    }

    /// The member nodes by increasing id.
    pub fn members(&self) -> Vec<usize> {
        (0..self.len()).filter(|&v| self.member[v]).collect()
    }

    /// Parent of `v` (`None` for the root and non-members).
    pub fn parent(&self, v: usize) -> Option<usize> {
        self.parent[v]
    }

    /// The parent vector.
    pub fn parents(&self) -> &[Option<usize>] {
        &self.parent
    }

    /// z of the link from `v` up to its parent.
    ///
    /// # Accuracy
    /// Exact (stored value).
    pub fn z_up(&self, v: usize) -> f64 {
        self.z_up[v]
    }

    /// Children of `v` in their given order.
    pub fn children(&self, v: usize) -> &[usize] {
        &self.children[v]
    }

    /// Members in pre-order from the root (parents before children), iteratively.
    pub fn pre_order(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.len());
        let mut stack = vec![self.root];
        while let Some(v) = stack.pop() {
            out.push(v);
            stack.extend(self.children[v].iter().rev());
        }
        out
    }

    /// Hop depth of every member (`None` for non-members).
    pub fn depths(&self) -> Vec<Option<usize>> {
        let mut d = vec![None; self.len()];
        for v in self.pre_order() {
            d[v] = Some(self.parent[v].and_then(|p| d[p]).map_or(0, |x| x + 1));
        }
        d
    }

    /// Eccentricity ϵ (Jia, Table 4.1): depth in hops of the deepest node.
    pub fn eccentricity(&self) -> usize {
        self.depths().into_iter().flatten().max().unwrap_or(0)
    }

    /// Σ z on the path from the root to `v` (the Σ_{k∈π_0i} z_k of Jia, eq. (3.3)); 0 for the
    /// root and for non-members.
    ///
    /// # Accuracy
    /// A sum of `d` non-negative terms for a node at depth `d`: within `d·ε` relative
    /// (ε = 2.2e-16), no cancellation. The doc-test below checks 0.5 + 0.2 = 0.7 to 1e-12.
    pub fn path_z(&self, v: usize) -> f64 {
        let mut s = 0.0;
        let mut u = v;
        while let Some(p) = self.parent[u] {
            s += self.z_up[u];
            u = p;
        }
        s
    }

    /// The child of the root whose subtree holds `v` (the "set" |P_j| of Jia, §3.2), `None` for the
    /// root itself and non-members.
    pub fn top_child(&self, v: usize) -> Option<usize> {
        if !self.is_member(v) || v == self.root {
            return None;
        }
        let mut u = v;
        while let Some(p) = self.parent[u] {
            if p == self.root {
                return Some(u);
            }
            u = p;
        }
        None
    }
}

impl fmt::Display for RootedTree {
    /// `tree rooted at 0: 4 of 5 nodes, depth 2, parents [-, 0, 1, -, 0]` (`-`: the root or a
    /// node outside the tree; the first 12 nodes are listed). The doc-test of
    /// [`Graph::spanning_tree`](super::Graph::spanning_tree) checks it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.len().min(12);
        let parents: Vec<String> =
            self.parent[..shown].iter().map(|p| p.map_or_else(|| "-".to_string(), |p| p.to_string())).collect();
        write!(
            f,
            "tree rooted at {}: {} of {} nodes, depth {}, parents [{}{}]",
            self.root,
            self.member.iter().filter(|&&m| m).count(),
            self.len(),
            self.eccentricity(),
            parents.join(", "),
            if self.len() > shown { ", ..." } else { "" }
        )
    }
}

/// A tree network: a [`RootedTree`] (the links' inverse speeds z) and the inverse speed `w` of
/// every node's processor, indexed by node id (Jia, §3.1). In the phased strategies (SLD,
/// DLD) the root P_0 only distributes, so `w[root]` is not used.
///
/// # Examples
/// ```
/// use loadbal::dlt::unaware::{RootedTree, TreeNetwork};
/// let tree = RootedTree::new(0, vec![None, Some(0), Some(0)], vec![0.0, 0.5, 0.2]).unwrap();
/// let net = TreeNetwork::new(tree, vec![1.0, 7.0, 2.0]).unwrap();
/// assert_eq!(net.to_string(), "tree network rooted at 0: 3 nodes, depth 1, w in [2, 7], z in [0.2, 0.5]");
/// assert!(TreeNetwork::new(net.tree.clone(), vec![1.0, -7.0, 2.0]).is_err());
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TreeNetwork {
    /// The tree; children are in probing order.
    pub tree: RootedTree,
    /// Inverse processor speed of every node id (`w[root]` is not used by SLD and DLD).
    pub w: Vec<f64>,
}

impl TreeNetwork {
    /// A tree network after checking that `w` has one entry per node id and that every member
    /// other than the root has a finite `w > 0`.
    ///
    /// # Errors
    /// [`UnawareError::LengthMismatch`] and [`UnawareError::InvalidParameter`] naming `w`.
    pub fn new(tree: RootedTree, w: Vec<f64>) -> Result<Self, UnawareError> {
        let net = TreeNetwork { tree, w };
        net.check()?;
        Ok(net)
    }

    /// The checks of [`TreeNetwork::new`] (the fields are public, so the strategies check again).
    pub(super) fn check(&self) -> Result<(), UnawareError> {
        same_lengths(self.tree.len(), &[("w", self.w.len())])?;
        for v in self.processors() {
            positive("w", self.w[v])?;
        }
        Ok(())
    }

    /// The members other than the root, by increasing id.
    pub fn processors(&self) -> Vec<usize> {
        let root = self.tree.root();
        self.tree.members().into_iter().filter(|&v| v != root).collect()
    }
}

impl fmt::Display for TreeNetwork {
    /// `tree network rooted at 0: 20 nodes, depth 5, w in [1, 100], z in [0.1, 10]` (the root's
    /// w is left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let procs = self.processors();
        let range = |xs: &mut dyn Iterator<Item = f64>| {
            xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)))
        };
        let (wl, wh) = range(&mut procs.iter().filter_map(|&v| self.w.get(v).copied()));
        let (zl, zh) = range(&mut procs.iter().map(|&v| self.tree.z_up(v)));
        write!(
            f,
            "tree network rooted at {}: {} nodes, depth {}, w in [{wl}, {wh}], z in [{zl}, {zh}]",
            self.tree.root(),
            self.tree.members().len(),
            self.tree.eccentricity()
        )
    }
}
