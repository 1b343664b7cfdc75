//! Multi-level trees: the network, its checks, its k-ary and chain-shaped constructions and its
//! nodes for the event engine. They are solved (bottom-up reduction to an equivalent processor
//! with the drop rule, and top-down inflation: Bataineh, Hsiung & Robertazzi 1994, see
//! [`crate::references`]; Jia, eqs. (4.3)–(4.4)) in `tree_solve.rs`.

use super::engine::Node;
use super::error::{DltError, MAX_PROCESSORS, chain_lengths, non_negative, positive};
use super::ports::Ports;

/// How a node that does not compute (a relay: Jia's P_0, a busy or silent processor of a virtual
/// tree) is replaced by an equivalent processor for its parent (Jia, §2.B; the thesis leaves the
/// relay's own speed open, so both readings are offered). Used by [`Tree::allocate_with_rules`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RelayRule {
    /// Store-and-forward by blocks: W = α_c1·(z_c1·λ + W_c1), λ = T_cm/T_cp. Physically correct;
    /// reproduces the DNP example (Jia, Table 3.3) and the thesis's Phase_2 duration 21.16.
    #[default]
    Physical,
    /// W = α_c1·W_c1 + z_c1·λ: the first child's link is charged for the whole block. It
    /// reproduces the SNP batches and Phase_3 loads of Jia, Table 3.2, and, applied at P_0, the
    /// thesis's over-charged total 57.2.
    FirstChildLink,
}

/// The relay rules of a distribution: `relay` below the root, `top` at the non-computing root.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Rule for relays below the root (changes the shares).
    pub relay: RelayRule,
    /// Rule at the root (changes only the reported finish time).
    pub top: RelayRule,
}

/// A complete `k`-ary tree of depth `depth` with identical nodes (for [`Tree::kary`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KaryTree {
    /// Inverse speed of every node.
    pub w: f64,
    /// Inverse speed of every link.
    pub z: f64,
    /// Front-ends on every node.
    pub front_end: bool,
    /// Children per inner node.
    pub k: u64,
    /// Levels below the root.
    pub depth: u64,
}

impl KaryTree {
    /// Number of nodes `1 + k + … + k^depth`, or `None` beyond `u64`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::KaryTree;
    /// let spec = KaryTree { w: 1.0, z: 0.1, front_end: true, k: 3, depth: 2 };
    /// assert_eq!(spec.node_count(), Some(1 + 3 + 9));
    /// // 1 + 2 + … + 2^63 = 2^64 − 1 is the largest count that fits.
    /// assert_eq!(KaryTree { k: 2, depth: 63, ..spec }.node_count(), Some(u64::MAX));
    /// assert_eq!(KaryTree { k: 2, depth: 64, ..spec }.node_count(), None);
    /// ```
    pub fn node_count(&self) -> Option<u64> {
        let (mut total, mut level) = (1u64, 1u64);
        for _ in 0..self.depth {
            level = level.checked_mul(self.k)?;
            total = total.checked_add(level)?;
            if level == 0 {
                break;
            }
        }
        Some(total)
    }
}

/// One node of a [`Tree`].
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TreeNode {
    /// Parent (`None` for the root, node 0); always smaller than the node's own index.
    pub parent: Option<usize>,
    /// Inverse speed of the link from the parent (ignored for the root).
    pub z: f64,
    /// Inverse computing speed; `None` for a relay that does not compute.
    pub w: Option<f64>,
    /// Computes from receipt while forwarding (front-end), or forwards first, then computes.
    pub front_end: bool,
    /// Sends to one child at a time ([`Ports::Single`]) or to all at once ([`Ports::All`];
    /// only for front-end nodes and relays).
    pub ports: Ports,
}

/// A rooted tree stored flat, parents before children (so a chain of 10^6 nodes needs no
/// recursion); the crate's one tree type, for the classical solvers and for the
/// resource-unaware strategies of [`crate::dlt::unaware`]. Children are served in insertion
/// order unless [`OrderPolicy::Optimal`](super::OrderPolicy::Optimal).
///
/// Every node also stands for a node id of a wider network (a graph's node, Jia's `P_i`): its
/// index for a tree built with [`Tree::new`] and [`Tree::add`], the given id for
/// [`Tree::from_parents`], which accepts any root and ids outside the tree. The id-based
/// queries ([`Tree::root`], [`Tree::parent`], [`Tree::children`], [`Tree::z_up`], [`Tree::w`],
/// [`Tree::path_z`], …) take and return ids; [`Tree::nodes`] and the solutions of
/// [`Tree::allocate`] are indexed by node position, [`Tree::ids`] maps one to the other.
///
/// Serialised as `{ "nodes": [...] }` (plus `"ids"` and `"id_len"` when the ids are not the
/// positions) and validated on deserialisation.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawTree", into = "RawTree"))]
pub struct Tree {
    nodes: Vec<TreeNode>,
    /// `ids[i]`: the id node `i` stands for.
    pub(super) ids: Vec<usize>,
    /// `index[id]`: the node standing for `id` (`None` for an id outside the tree).
    pub(super) index: Vec<Option<usize>>,
    /// `kids[id]`: the ids of the children, in service order.
    pub(super) kids: Vec<Vec<usize>>,
}

/// The serialised form of a [`Tree`] (validated into a tree by `TryFrom`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct RawTree {
    /// The nodes, parents first.
    pub(crate) nodes: Vec<TreeNode>,
    /// The id of every node (absent: its position).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub(crate) ids: Option<Vec<usize>>,
    /// Size of the id space (absent: the number of nodes).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub(crate) id_len: Option<usize>,
}

impl TryFrom<RawTree> for Tree {
    type Error = DltError;
    fn try_from(raw: RawTree) -> Result<Self, DltError> {
        let tree = Tree::from_nodes(raw.nodes)?;
        match (raw.ids, raw.id_len) {
            (None, None) => Ok(tree),
            (ids, id_len) => {
                let ids = ids.unwrap_or_else(|| tree.ids.clone());
                let id_len = id_len.unwrap_or_else(|| ids.iter().max().map_or(0, |m| m + 1));
                tree.with_ids(ids, id_len)
            }
        }
    }
}

impl From<Tree> for RawTree {
    fn from(t: Tree) -> Self {
        let identity = t.index.len() == t.nodes.len() && t.ids.iter().enumerate().all(|(i, &id)| i == id);
        let (ids, id_len) = if identity { (None, None) } else { (Some(t.ids), Some(t.index.len())) };
        RawTree { nodes: t.nodes, ids, id_len }
    }
}

impl Tree {
    /// A tree with only its root (`w = None` for a non-computing root), single-port.
    ///
    /// # Errors
    /// [`DltError::NonPositive`]/[`DltError::NonFinite`] for a bad `w`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{DltError, Tree};
    /// assert_eq!(Tree::new(None, true).unwrap().len(), 1);
    /// let bad = Tree::new(Some(0.0), true);
    /// assert!(matches!(bad, Err(DltError::NonPositive { value, .. }) if value == 0.0));
    /// ```
    pub fn new(root_w: Option<f64>, front_end: bool) -> Result<Self, DltError> {
        if let Some(w) = root_w {
            positive("root w", 0, w)?;
        }
        let root = TreeNode { parent: None, z: 0.0, w: root_w, front_end, ports: Ports::Single };
        Ok(Self { nodes: vec![root], ids: vec![0], index: vec![Some(0)], kids: vec![Vec::new()] })
    }

    /// Adds a single-port child of node `parent` behind a link `z`; returns its index. Both are
    /// node indices (positions in [`Tree::nodes`]), which are also the ids in a tree built by
    /// [`Tree::new`] and [`Tree::add`] (see [`Tree::ids`] otherwise).
    ///
    /// # Errors
    /// [`DltError::InvalidArgument`] for an unknown parent; bad `z` or `w`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{DltError, Tree};
    /// let mut t = Tree::new(None, true).unwrap();
    /// assert_eq!(t.add(0, 0.5, Some(2.0), true).unwrap(), 1);
    /// assert_eq!(t.add(1, 0.2, Some(3.0), false).unwrap(), 2);
    /// assert_eq!(t.parent(2), Some(1));
    /// assert!(matches!(t.add(5, 0.1, Some(1.0), true), Err(DltError::InvalidArgument { .. })));
    /// ```
    pub fn add(&mut self, parent: usize, z: f64, w: Option<f64>, front_end: bool) -> Result<usize, DltError> {
        let i = self.nodes.len();
        self.push(TreeNode { parent: Some(parent), z, w, front_end, ports: Ports::Single })?;
        Ok(i)
    }

    /// Adds a fully described node; its id is the next free one ([`Tree::id_len`] before the
    /// call).
    ///
    /// # Errors
    /// As [`Tree::from_nodes`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{DltError, Ports, Tree, TreeNode};
    /// let mut t = Tree::new(Some(1.0), true).unwrap();
    /// t.push(TreeNode { parent: Some(0), z: 0.5, w: None, front_end: false, ports: Ports::All }).unwrap();
    /// assert_eq!((t.len(), t.children(0)), (2, &[1][..]));
    /// let bad = TreeNode { parent: Some(1), z: -0.1, w: Some(1.0), front_end: true, ports: Ports::Single };
    /// assert!(matches!(t.push(bad), Err(DltError::Negative { .. })));
    /// ```
    pub fn push(&mut self, node: TreeNode) -> Result<(), DltError> {
        let i = self.nodes.len();
        check_node(i, &node)?;
        let id = self.index.len();
        if let Some(p) = node.parent {
            self.kids[self.ids[p]].push(id);
        }
        self.nodes.push(node);
        self.ids.push(id);
        self.index.push(Some(i));
        self.kids.push(Vec::new());
        Ok(())
    }

    /// Validates a flat list of nodes.
    ///
    /// # Errors
    /// [`DltError::Empty`] for no nodes; [`DltError::InvalidArgument`] for a parent that does not
    /// precede its child, a root with a parent, or an all-port node without a front-end that
    /// computes; [`DltError::Negative`] for `z < 0`; [`DltError::NonPositive`] for `w ≤ 0`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{DltError, Ports, Tree, TreeNode};
    /// let node = |parent, w| TreeNode { parent, z: 0.5, w, front_end: true, ports: Ports::Single };
    /// let t = Tree::from_nodes(vec![node(None, None), node(Some(0), Some(2.0)), node(Some(0), Some(2.0))]).unwrap();
    /// assert_eq!(t.children(0), &[1, 2][..]);
    /// assert!(matches!(Tree::from_nodes(vec![]), Err(DltError::Empty { .. })));
    /// let late_parent = Tree::from_nodes(vec![node(None, None), node(Some(1), Some(2.0))]);
    /// assert!(matches!(late_parent, Err(DltError::InvalidArgument { .. })));
    /// ```
    pub fn from_nodes(nodes: Vec<TreeNode>) -> Result<Self, DltError> {
        if nodes.is_empty() {
            return Err(DltError::Empty { what: "a tree with no nodes" });
        }
        let mut tree =
            Self { nodes: Vec::with_capacity(nodes.len()), ids: Vec::new(), index: Vec::new(), kids: Vec::new() };
        for node in nodes {
            tree.push(node)?;
        }
        Ok(tree)
    }

    /// A linear chain `P_0 – P_1 – …` (`z[i]` joins `P_i` and `P_{i+1}`), all nodes with the
    /// same front-end flag.
    ///
    /// # Errors
    /// [`DltError::LengthMismatch`] unless `z.len() + 1 == w.len()`; bad values.
    ///
    /// # Examples
    /// Two equal processors w = 1 joined by z = 0.5, both with front-ends: P_0 keeps α_0 and
    /// finishes when P_1 does, α_0·w = α_1·(z + w), so α_1 = 0.4 and T = 0.6 for a unit load.
    /// ```
    /// use loadbal::dlt::{DltError, Options, Tree};
    /// let t = Tree::chain(&[1.0, 1.0], &[0.5], true).unwrap();
    /// let s = t.allocate(Options::default()).unwrap();
    /// assert!((s.allocation.alpha[1] - 0.4).abs() < 1e-15 && (s.allocation.makespan - 0.6).abs() < 1e-15);
    /// assert!(matches!(Tree::chain(&[1.0, 1.0], &[], true), Err(DltError::LengthMismatch { .. })));
    /// ```
    pub fn chain(w: &[f64], z: &[f64], front_end: bool) -> Result<Self, DltError> {
        chain_lengths(w, z)?;
        let mut t = Tree::new(Some(w[0]), front_end)?;
        t.reserve(w.len());
        for i in 1..w.len() {
            t.add(i - 1, z[i - 1], Some(w[i]), front_end)?;
        }
        Ok(t)
    }

    /// A complete `k`-ary tree with identical `w`, `z` and front-end flag.
    ///
    /// # Errors
    /// Bad `w` or `z`; [`DltError::InvalidArgument`] for `k = 0` with `depth > 0`;
    /// [`DltError::TooLarge`] for more than [`MAX_PROCESSORS`] nodes (use
    /// [`KaryTree::rho`](crate::dlt::KaryTree::rho) for the makespan of larger trees).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{DltError, KaryTree, Tree};
    /// let spec = KaryTree { w: 1.0, z: 0.1, front_end: true, k: 3, depth: 2 };
    /// assert_eq!(Tree::kary(spec).unwrap().len(), 1 + 3 + 9);
    /// let no_children = Tree::kary(KaryTree { k: 0, ..spec });
    /// assert!(matches!(no_children, Err(DltError::InvalidArgument { .. })));
    /// ```
    pub fn kary(spec: KaryTree) -> Result<Self, DltError> {
        let KaryTree { w, z, front_end, k, depth } = spec;
        if k == 0 && depth > 0 {
            return Err(DltError::InvalidArgument { what: "a k-ary tree needs k >= 1".into() });
        }
        let count = spec.node_count().unwrap_or(u64::MAX);
        super::error::size_at_most("k-ary tree nodes", count, MAX_PROCESSORS)?;
        non_negative("tree z", 1, z)?;
        let mut t = Tree::new(Some(w), front_end)?;
        t.reserve(count as usize);
        let mut level = vec![0usize];
        for _ in 0..depth {
            let mut next = Vec::with_capacity(level.len() * k as usize);
            for &p in &level {
                for _ in 0..k {
                    next.push(t.add(p, z, Some(w), front_end)?);
                }
            }
            level = next;
        }
        Ok(t)
    }

    /// The nodes.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// let t = Tree::chain(&[1.0, 2.0], &[0.5], true).unwrap();
    /// assert_eq!((t.nodes()[1].parent, t.nodes()[1].z, t.nodes()[1].w), (Some(0), 0.5, Some(2.0)));
    /// ```
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// Number of nodes.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// assert_eq!(Tree::chain(&[1.0; 4], &[0.5; 3], true).unwrap().len(), 4);
    /// ```
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has a root.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Tree;
    /// assert!(!Tree::new(Some(1.0), true).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// A tree from parts already validated by the caller (`tree_ids.rs`).
    pub(super) fn assemble(
        nodes: Vec<TreeNode>,
        ids: Vec<usize>,
        index: Vec<Option<usize>>,
        kids: Vec<Vec<usize>>,
    ) -> Self {
        Self { nodes, ids, index, kids }
    }

    fn reserve(&mut self, extra: usize) {
        self.nodes.reserve(extra);
        self.ids.reserve(extra);
        self.index.reserve(extra);
        self.kids.reserve(extra);
    }

    pub(super) fn children_by_node(&self) -> Vec<Vec<usize>> {
        let mut ch = vec![Vec::new(); self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate().skip(1) {
            // Validated: every node but the root has a parent before it.
            if let Some(p) = n.parent {
                ch[p].push(i);
            }
        }
        ch
    }
}

fn check_node(i: usize, n: &TreeNode) -> Result<(), DltError> {
    match (i, n.parent) {
        (0, None) => {}
        (0, Some(p)) => {
            return Err(DltError::InvalidArgument { what: format!("the root has parent {p}") });
        }
        (_, None) => {
            return Err(DltError::InvalidArgument { what: format!("node {i} has no parent") });
        }
        (_, Some(p)) if p >= i => {
            return Err(DltError::InvalidArgument {
                what: format!("node {i} has parent {p}; parents must come first"),
            });
        }
        _ => {}
    }
    non_negative("tree z", i, n.z)?;
    if let Some(w) = n.w {
        positive("tree w", i, w)?;
    }
    if n.ports == Ports::All && !n.front_end && n.w.is_some() {
        return Err(DltError::InvalidArgument {
            what: format!("node {i}: an all-port node that computes must have a front-end"),
        });
    }
    Ok(())
}

impl Tree {
    /// The event engine's nodes of the tree, engine index `i` for tree node `i` (the one
    /// translation of a tree to the engine, for allocations and for Jia's strategies); unless
    /// `root_computes`, the root only forwards.
    pub(crate) fn engine_nodes(&self, root_computes: bool) -> Vec<Node> {
        self.nodes
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let w = if i == 0 && !root_computes { None } else { t.w };
                let n = match w {
                    Some(w) => Node::computing(t.parent, t.z, w),
                    None => Node::relay(t.parent, t.z),
                };
                n.with_front_end(t.front_end).with_ports(t.ports)
            })
            .collect()
    }
}
