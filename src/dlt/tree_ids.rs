//! A [`Tree`] over the ids of a wider network: the validated constructor from a parent vector
//! (any root, ids outside the tree) and the id-based queries the resource-unaware strategies
//! use (Jia, §3.1–§3.2 and ch. 4–5).

use std::fmt;

use super::error::{DltError, non_negative, positive};
use super::ports::Ports;
use super::tree::{Tree, TreeNode};

impl Tree {
    /// The tree rooted at node id `root` in which id `v` hangs from `parent[v]` through a link of
    /// inverse speed `z_up[v]` and computes with inverse speed `w[v]` (Jia, §3.1: every node has a
    /// front-end and a single port). An id `v ≠ root` with `parent[v] = None` is outside the tree
    /// (its `z_up` and `w` are not read); `z_up[root]` is not read either. The nodes are stored
    /// in pre-order from the root, and every node's children are served by increasing id, the
    /// probing order of Jia, §3.2 (and the tie order of [`OrderPolicy::Optimal`](crate::dlt::OrderPolicy::Optimal)).
    ///
    /// In the phased strategies (SLD, DLD) the root only distributes, so `w[root]` is not used
    /// there; RAOLD-OS ([`Tree::raold_os`]) lets the root compute.
    ///
    /// # Errors
    /// [`DltError::Empty`] for no ids; [`DltError::LengthMismatch`] unless `z_up` and `w` have
    /// one entry per id; [`DltError::InvalidArgument`] naming `root` or `parent[v]` for a root
    /// out of range or with a parent, a parent out of range, a node that is its own parent, on a
    /// cycle or below an id outside the tree; [`DltError::Negative`]/[`DltError::NonFinite`]
    /// naming `z_up[v]` and [`DltError::NonPositive`]/[`DltError::NonFinite`] naming `w[v]` for
    /// a member.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let parent = vec![Some(2), Some(0), None, None];
    /// let t = Tree::from_parents(2, parent, vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!((t.root(), t.len(), t.id_len()), (2, 3, 4));
    /// assert_eq!(t.members(), vec![0, 1, 2]);
    /// assert_eq!((t.parent(1), t.children(2)), (Some(0), &[0][..]));
    /// assert!((t.path_z(1) - 0.7).abs() < 1e-15);
    /// assert_eq!(t.eccentricity(), 2);
    /// let cycle = Tree::from_parents(0, vec![None, Some(2), Some(1)], vec![0.0; 3], vec![1.0; 3]);
    /// assert!(cycle.unwrap_err().to_string().contains("parent[1]"));
    /// ```
    pub fn from_parents(
        root: usize,
        parent: Vec<Option<usize>>,
        z_up: Vec<f64>,
        w: Vec<f64>,
    ) -> Result<Tree, DltError> {
        Self::from_id_parts(root, parent, z_up, w.into_iter().map(Some).collect())
    }

    /// [`Tree::from_parents`] with `w[v] = None` for a relay that does not compute.
    pub(crate) fn from_id_parts(
        root: usize,
        parent: Vec<Option<usize>>,
        z_up: Vec<f64>,
        w: Vec<Option<f64>>,
    ) -> Result<Tree, DltError> {
        let n = parent.len();
        if n == 0 {
            return Err(DltError::Empty { what: "a tree with no nodes" });
        }
        for (what, got) in [("z_up (one entry per node id)", z_up.len()), ("w (one entry per node id)", w.len())] {
            if got != n {
                return Err(DltError::LengthMismatch { what, expected: n, got });
            }
        }
        let bad = |what: String| Err(DltError::InvalidArgument { what });
        if root >= n {
            return bad(format!("root = {root} is not a node id (0..{n})"));
        }
        if let Some(p) = parent[root] {
            return bad(format!("parent[{root}] = {p}: the root {root} has a parent"));
        }
        let mut kids = vec![Vec::new(); n];
        for (v, p) in parent.iter().enumerate() {
            match *p {
                Some(p) if p >= n => return bad(format!("parent[{v}] = {p} is not a node id (0..{n})")),
                Some(p) if p == v => return bad(format!("parent[{v}] = {v}: a node cannot be its own parent")),
                Some(p) => kids[p].push(v),
                None => {}
            }
        }
        // Pre-order from the root, children by increasing id.
        let mut order = Vec::with_capacity(n);
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            order.push(v);
            stack.extend(kids[v].iter().rev());
        }
        let mut index = vec![None; n];
        for (i, &v) in order.iter().enumerate() {
            index[v] = Some(i);
        }
        if let Some(v) = (0..n).find(|&v| parent[v].is_some() && index[v].is_none()) {
            // Walk up at most n steps: an id outside the tree, or a cycle.
            let mut u = v;
            for _ in 0..n {
                match parent[u] {
                    Some(p) => u = p,
                    None => {
                        return bad(format!("parent[{v}]: node {v} hangs below node {u}, which is outside the tree"));
                    }
                }
            }
            return bad(format!("parent[{v}]: node {v} is on or below a cycle and never reaches the root {root}"));
        }
        let mut nodes = Vec::with_capacity(order.len());
        for &v in &order {
            let up = parent[v].and_then(|p| index[p]);
            let z = if up.is_some() { non_negative("z_up", v, z_up[v])? } else { 0.0 };
            if let Some(x) = w[v] {
                positive("w", v, x)?;
            }
            nodes.push(TreeNode { parent: up, z, w: w[v], front_end: true, ports: Ports::Single });
        }
        Ok(Tree::assemble(nodes, order, index, kids))
    }

    /// This tree with node `i` standing for `ids[i]` among `id_len` ids.
    ///
    /// # Errors
    /// [`DltError::LengthMismatch`] unless one id per node; [`DltError::InvalidArgument`] for an
    /// id out of range or repeated.
    pub(super) fn with_ids(self, ids: Vec<usize>, id_len: usize) -> Result<Tree, DltError> {
        if ids.len() != self.len() {
            return Err(DltError::LengthMismatch {
                what: "tree ids (one per node)",
                expected: self.len(),
                got: ids.len(),
            });
        }
        let mut index = vec![None; id_len];
        for (i, &id) in ids.iter().enumerate() {
            match index.get(id) {
                None => {
                    return Err(DltError::InvalidArgument {
                        what: format!("ids[{i}] = {id} is not below id_len = {id_len}"),
                    });
                }
                Some(Some(_)) => {
                    return Err(DltError::InvalidArgument { what: format!("ids[{i}] = {id} is repeated") });
                }
                Some(None) => index[id] = Some(i),
            }
        }
        let mut kids = vec![Vec::new(); id_len];
        for (i, node) in self.nodes().iter().enumerate() {
            if let Some(p) = node.parent {
                kids[ids[p]].push(ids[i]);
            }
        }
        Ok(Tree::assemble(self.nodes().to_vec(), ids, index, kids))
    }

    /// The id of the root.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!(t.root(), 2);
    /// ```
    pub fn root(&self) -> usize {
        self.ids[0]
    }

    /// Length of the vectors indexed by node id: one past the largest id, members or not
    /// ([`Tree::len`] for a tree built with [`Tree::new`] and [`Tree::add`]).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!((t.id_len(), t.len()), (4, 3));
    /// ```
    pub fn id_len(&self) -> usize {
        self.index.len()
    }

    /// The id of every node, by node position (`ids()[0]` is the root).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!(t.ids(), &[2, 0, 1]);
    /// ```
    pub fn ids(&self) -> &[usize] {
        &self.ids
    }

    /// The position in [`Tree::nodes`] of the node standing for `id`, `None` outside the tree.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!((t.node_of(1), t.node_of(3)), (Some(2), None));
    /// ```
    pub fn node_of(&self, id: usize) -> Option<usize> {
        self.index.get(id).copied().flatten()
    }

    /// Whether `id` is in the tree.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert!(t.is_member(0) && !t.is_member(3) && !t.is_member(9));
    /// ```
    pub fn is_member(&self, id: usize) -> bool {
        self.node_of(id).is_some()
    }

    /// The ids in the tree, increasing.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!(t.members(), vec![0, 1, 2]);
    /// ```
    pub fn members(&self) -> Vec<usize> {
        (0..self.id_len()).filter(|&v| self.is_member(v)).collect()
    }

    /// The members other than the root, by increasing id (the processors of the phased
    /// strategies, whose root only distributes).
    pub(crate) fn processors(&self) -> Vec<usize> {
        let root = self.root();
        self.members().into_iter().filter(|&v| v != root).collect()
    }

    /// The id of the parent of `id` (`None` for the root and ids outside the tree).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!((t.parent(1), t.parent(2), t.parent(3)), (Some(0), None, None));
    /// ```
    pub fn parent(&self, id: usize) -> Option<usize> {
        self.node_of(id).and_then(|i| self.nodes()[i].parent).map(|p| self.ids[p])
    }

    /// The parent of every id (the `parent` argument of [`Tree::from_parents`]).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!(t.parents(), vec![Some(2), Some(0), None, None]);
    /// ```
    pub fn parents(&self) -> Vec<Option<usize>> {
        (0..self.id_len()).map(|v| self.parent(v)).collect()
    }

    /// z of the link from `id` up to its parent (0 for the root and ids outside the tree).
    ///
    /// # Accuracy
    /// Exact (the stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!((t.z_up(1), t.z_up(2), t.z_up(3)), (0.2, 0.0, 0.0));
    /// ```
    pub fn z_up(&self, id: usize) -> f64 {
        self.node_of(id).map_or(0.0, |i| self.nodes()[i].z)
    }

    /// [`Tree::z_up`] of every id.
    pub(crate) fn z_by_id(&self) -> Vec<f64> {
        (0..self.id_len()).map(|v| self.z_up(v)).collect()
    }

    /// Inverse computing speed of `id` (`None` for a relay and ids outside the tree).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!((t.w(1), t.w(3)), (Some(4.0), None));
    /// ```
    pub fn w(&self, id: usize) -> Option<f64> {
        self.node_of(id).and_then(|i| self.nodes()[i].w)
    }

    /// The ids of the children of `id`, in service order.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!((t.children(2), t.children(1)), (&[0][..], &[][..]));
    /// ```
    pub fn children(&self, id: usize) -> &[usize] {
        self.kids.get(id).map_or(&[], |k| k.as_slice())
    }

    /// The member ids in pre-order from the root (parents before children), iteratively.
    pub(crate) fn pre_order(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.len());
        let mut stack = vec![self.root()];
        while let Some(v) = stack.pop() {
            out.push(v);
            stack.extend(self.children(v).iter().rev());
        }
        out
    }

    /// Eccentricity ϵ of the root (Jia, Table 4.1): depth in hops of the deepest node.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!(t.eccentricity(), 2);
    /// ```
    pub fn eccentricity(&self) -> usize {
        // Nodes are stored parents first, so one forward pass gives every depth.
        let mut depth = vec![0usize; self.len()];
        for (i, node) in self.nodes().iter().enumerate() {
            if let Some(p) = node.parent {
                depth[i] = depth[p] + 1;
            }
        }
        depth.into_iter().max().unwrap_or(0)
    }

    /// Σ z on the path from the root to `id` (the Σ_{k∈π_0i} z_k of Jia, eq. (3.3)); 0 for the
    /// root and for ids outside the tree.
    ///
    /// # Accuracy
    /// A sum of `d` non-negative terms for a node at depth `d`: within `d·ε` relative
    /// (ε = 2.2e-16), no cancellation. The doc-test of [`Tree::from_parents`] checks
    /// 0.5 + 0.2 = 0.7 to 1e-15.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert!((t.path_z(1) - 0.7).abs() < 1e-15);
    /// ```
    pub fn path_z(&self, id: usize) -> f64 {
        let mut s = 0.0;
        let mut at = self.node_of(id);
        while let Some(i) = at {
            let node = &self.nodes()[i];
            if node.parent.is_some() {
                s += node.z;
            }
            at = node.parent;
        }
        s
    }

    /// The child of the root whose subtree holds `id` (the "set" |P_j| of Jia, §3.2), `None` for
    /// the root itself and ids outside the tree.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// // Root 2; 0 hangs from 2 and 1 from 0; id 3 is outside the tree.
    /// let t = Tree::from_parents(2, vec![Some(2), Some(0), None, None], vec![0.5, 0.2, 0.0, 0.0], vec![3.0, 4.0, 1.0, 1.0]).unwrap();
    /// assert_eq!((t.top_child(1), t.top_child(2)), (Some(0), None));
    /// ```
    pub fn top_child(&self, id: usize) -> Option<usize> {
        let mut i = self.node_of(id)?;
        loop {
            match self.nodes()[i].parent {
                None => return None,
                Some(0) => return Some(self.ids[i]),
                Some(p) => i = p,
            }
        }
    }
}

impl fmt::Display for Tree {
    /// `tree rooted at 0: 20 of 20 nodes, depth 4, w in [1, 100], z in [0.1, 10]` (w over the
    /// nodes that compute, z over the links; `-` when there are none).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let range = |xs: &mut dyn Iterator<Item = f64>| {
            xs.fold(None, |r: Option<(f64, f64)>, x| Some(r.map_or((x, x), |(lo, hi)| (lo.min(x), hi.max(x)))))
                .map_or_else(|| "-".to_string(), |(lo, hi)| format!("[{lo}, {hi}]"))
        };
        let w = range(&mut self.nodes().iter().filter_map(|n| n.w));
        let z = range(&mut self.nodes().iter().skip(1).map(|n| n.z));
        write!(
            f,
            "tree rooted at {}: {} of {} nodes, depth {}, w in {w}, z in {z}",
            self.root(),
            self.len(),
            self.id_len(),
            self.eccentricity()
        )
    }
}
