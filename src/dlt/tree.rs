//! Multi-level trees: bottom-up reduction to an equivalent processor with the drop rule, and
//! top-down inflation (Bataineh, Hsiung & Robertazzi 1994, see [`crate::references`]; Jia,
//! eqs. (4.3)–(4.4)).

use super::allocation::Allocation;
use super::cost_scale::CostScale;
use super::engine::{Action, Network, Node, Schedule, Trace};
use super::error::{DltError, MAX_PROCESSORS, chain_lengths, non_negative, positive};
use super::options::{Options, OrderPolicy};
use super::participation::{INCLUDE_SLACK, flush};
use super::ports::Ports;
use super::radix::stable_order_by;

/// How far from 1 the shares of a unit load may sum (rounding over a million nodes stays
/// below 1e-9); further means the reduction lost them to underflow.
const SHARES_SUM_TOLERANCE: f64 = 1e-6;

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
/// order unless [`OrderPolicy::Optimal`].
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

    fn children_by_node(&self) -> Vec<Vec<usize>> {
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

/// A solved tree: the allocation plus what the engine needs to execute it.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TreeSolution {
    /// Loads per node (node order), makespan, the root's send order, participation, `w_eq`.
    pub allocation: Allocation,
    /// Block each node receives (its own load plus what it forwards); the root's is the load.
    pub block: Vec<f64>,
    /// Included children of each node, in send order.
    pub send_order: Vec<Vec<usize>>,
    /// Equivalent inverse speed of each node's subtree (`a_eq/T_cp`; infinite if useless).
    pub w_eq_subtree: Vec<f64>,
}

impl std::fmt::Display for TreeSolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "tree of {} nodes: {}", self.block.len(), self.allocation)
    }
}

impl Tree {
    /// Divisible load on a multi-level tree: bottom-up reduction with the drop rule, then top-down
    /// inflation (Bataineh, Hsiung & Robertazzi 1994; Jia, eqs. (4.3)–(4.4); the tree analogue of
    /// Drozdowski 1997, see [`crate::references`]). Children are served in `opts.order`.
    ///
    /// # Formula
    /// ```text
    /// reduce(v), children k by increasing c_k (Optimal) with a_eq(k) known:
    ///   R = 1/a_v if v computes without front-end, else 0
    ///   single port, children backward: if c_k·R < 1: R = (1 + a_eq(k)·R)/(c_k + a_eq(k))  (else drop k)
    ///   all-port: R = Σ_k 1/(c_k + a_eq(k))
    ///   R += 1/a_v if v computes with a front-end;   a_eq(v) = 1/R
    /// inflate(v, B): W = B·a_eq(v); FE: α_v = W/a_v; τ = W; for included k in order:
    ///   B_k = τ/(c_k + a_eq(k)) (all-port: W/(c_k + a_eq(k))); τ ← τ·a_eq(k)/(c_k + a_eq(k))
    ///   no front-end: α_v = τ/a_v;  T = a_eq(root)·L
    /// ```
    ///
    /// # Accuracy
    /// Each node's reduction is the star recursion: within `4·n·ε` relative for `n` nodes; the
    /// tests measure at most 3e-15 against 50-digit references and agree with the event engine to
    /// 1e-12.
    ///
    /// # Errors
    /// [`DltError::Empty`] if no node of the tree can compute; bad scale or load.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Options, Tree};
    /// // Jia's two-processor anchor (Jia, §2.B): root w = 2, child w = 2 over z = 0.6,
    /// // T_cp = 2, T_cm = 1: T = 2·2·4.6/8.6.
    /// let mut t = Tree::new(Some(2.0), true).unwrap();
    /// t.add(0, 0.6, Some(2.0), true).unwrap();
    /// let opts = Options::default().with_scale(loadbal::dlt::CostScale::new(2.0, 1.0).unwrap());
    /// let s = t.allocate(opts).unwrap();
    /// assert!((s.allocation.makespan - 4.0 * 4.6 / 8.6).abs() < 1e-15);
    /// ```
    pub fn allocate(&self, opts: Options) -> Result<TreeSolution, DltError> {
        self.allocate_with_rules(opts, Rules::default())
    }

    /// [`Tree::allocate`] with the rule that replaces each relay (a node with `w = None`) by an
    /// equivalent processor for its parent: `rules.relay` below the root, `rules.top` at a relay
    /// root (Jia, §2.B and eqs. (3.9)–(3.12), (4.3)–(4.4)). [`RelayRule::Physical`] at both
    /// levels is [`Tree::allocate`]; [`RelayRule::FirstChildLink`] charges the first child's
    /// link for the whole block, the reading that reproduces Jia's SNP example (Table 3.2).
    ///
    /// # Formula
    /// The reduction of [`Tree::allocate`], then for a relay `v` whose first included child is
    /// `c_1` (α_1 = a_eq(v)/(c_1 + a_eq'(c_1)) its share of `v`'s block):
    /// ```text
    /// Physical:        a_eq'(v) = a_eq(v) = α_1·(c_1 + a_eq'(c_1))
    /// FirstChildLink:  a_eq'(v) = α_1·a_eq'(c_1) + c_1
    /// ```
    /// The parent of `v` sees `a_eq'(v)`; `v`'s own block is split with `a_eq(v)`. At the root the
    /// rule changes only the makespan `T = a_eq'(root)·L` (and `w_equivalent`), not the loads.
    ///
    /// # Accuracy
    /// As [`Tree::allocate`] (one more product and sum per relay): the tests measure at most
    /// 1e-14 relative against 50-digit references of both rules
    /// (`tests/unaware/unaware_reference.rs`).
    ///
    /// # Errors
    /// As [`Tree::allocate`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, Options, RelayRule, Rules, Tree};
    /// // A relay root with two children w = 2 over z = 0.5 (T_cp = 2, T_cm = 1: a = 4, c = 0.5).
    /// // The loads are 4.5/8.5 and 4/8.5 under either rule; Physical: T = 20.25/8.5, while
    /// // FirstChildLink at the root reports T = (4.5/8.5)·4 + 0.5.
    /// let mut t = Tree::new(None, true).unwrap();
    /// t.add(0, 0.5, Some(2.0), true).unwrap();
    /// t.add(0, 0.5, Some(2.0), true).unwrap();
    /// let opts = Options::default().with_scale(CostScale::new(2.0, 1.0).unwrap());
    /// let phys = t.allocate_with_rules(opts, Rules::default()).unwrap();
    /// assert!((phys.allocation.makespan - 20.25 / 8.5).abs() < 1e-15);
    /// let fcl = Rules { relay: RelayRule::Physical, top: RelayRule::FirstChildLink };
    /// let s = t.allocate_with_rules(opts, fcl).unwrap();
    /// assert!((s.allocation.alpha[1] - 4.5 / 8.5).abs() < 1e-15);
    /// assert!((s.allocation.makespan - (18.0 / 8.5 + 0.5)).abs() < 1e-15);
    /// ```
    pub fn allocate_with_rules(&self, opts: Options, rules: Rules) -> Result<TreeSolution, DltError> {
        let tree = self;
        opts.check()?;
        let Options { load, scale, order } = opts;
        let n = tree.len();
        let nodes = tree.nodes();
        let children = tree.children_by_node();
        let a: Vec<f64> = nodes.iter().map(|v| v.w.map_or(f64::INFINITY, |w| w * scale.t_cp())).collect();
        let c: Vec<f64> = nodes.iter().map(|v| v.z * scale.t_cm()).collect();
        // a_eq as the parent sees it (after the relay rule) and as the node splits its block.
        let mut aeq = vec![f64::INFINITY; n];
        let mut window = vec![f64::INFINITY; n];
        let mut included: Vec<Vec<usize>> = vec![Vec::new(); n];
        for v in (0..n).rev() {
            let mut kids = children[v].clone();
            if order == OrderPolicy::Optimal {
                let keys: Vec<f64> = kids.iter().map(|&k| c[k]).collect();
                kids = stable_order_by(&keys).into_iter().map(|p| kids[p]).collect();
            }
            let node = &nodes[v];
            let computes = node.w.is_some();
            let mut r = if computes && !node.front_end { 1.0 / a[v] } else { 0.0 };
            let mut used = Vec::new();
            match node.ports {
                Ports::Single => {
                    for &k in kids.iter().rev() {
                        if aeq[k].is_finite() && c[k] * r < 1.0 + INCLUDE_SLACK {
                            r = (1.0 + aeq[k] * r) / (c[k] + aeq[k]);
                            used.push(k);
                        }
                    }
                    used.reverse();
                }
                Ports::All => {
                    for &k in &kids {
                        if aeq[k].is_finite() {
                            r += 1.0 / (c[k] + aeq[k]);
                            used.push(k);
                        }
                    }
                }
            }
            if computes && node.front_end {
                r += 1.0 / a[v];
            }
            aeq[v] = 1.0 / r;
            window[v] = aeq[v];
            let rule = if v == 0 { rules.top } else { rules.relay };
            if let (false, RelayRule::FirstChildLink, Some(&c1)) = (computes, rule, used.first()) {
                // The first child's share of v's block, seen with the equivalents below it.
                let alpha1 = window[v] / (c[c1] + aeq[c1]);
                aeq[v] = alpha1 * aeq[c1] + c[c1];
            }
            included[v] = used;
        }
        if !aeq[0].is_finite() {
            return Err(DltError::Empty { what: "no node of the tree computes" });
        }
        let mut block = vec![0.0; n];
        let mut alpha = vec![0.0; n];
        block[0] = 1.0;
        for v in 0..n {
            let b = block[v];
            if b == 0.0 {
                continue;
            }
            let node = &nodes[v];
            let w_window = b * window[v];
            if node.w.is_some() && node.front_end {
                alpha[v] = w_window / a[v];
            }
            let mut tau = w_window;
            for &k in &included[v] {
                match node.ports {
                    Ports::Single => {
                        block[k] = flush(tau / (c[k] + aeq[k]));
                        tau = flush(tau * aeq[k] / (c[k] + aeq[k]));
                    }
                    Ports::All => block[k] = flush(w_window / (c[k] + aeq[k])),
                }
            }
            if node.w.is_some() && !node.front_end {
                alpha[v] = tau / a[v];
            }
        }
        // The shares of a unit load sum to 1; a cost below the normal range of f64 (w·T_cp =
        // 2e-320, whose reciprocal overflows) zeroes them all instead, which the finiteness check
        // below cannot see.
        let total: f64 = alpha.iter().sum();
        if (total - 1.0).abs().is_nan() || (total - 1.0).abs() > SHARES_SUM_TOLERANCE {
            return Err(DltError::Unrepresentable { what: "sum of the shares of a unit load", value: total });
        }
        let t = aeq[0];
        let participating = alpha.iter().map(|&x| x > 0.0).collect();
        let allocation = Allocation {
            alpha,
            makespan: t,
            send_order: included[0].clone(),
            participating,
            w_equivalent: t / scale.t_cp(),
        }
        .scaled(load);
        super::error::finite_result(allocation.makespan, allocation.alpha.iter().chain(&block))?;
        Ok(TreeSolution {
            allocation,
            block: block.into_iter().map(|b| b * load).collect(),
            send_order: included,
            w_eq_subtree: aeq.into_iter().map(|x| x / scale.t_cp()).collect(),
        })
    }

    /// Equivalent inverse speed `w_eq = a_eq(root)/T_cp` of a whole tree (Jia, eq. (4.3)).
    ///
    /// # Formula
    /// ```text
    /// w_eq = T(L = 1)/T_cp, T from the reduction of `Tree::allocate`
    /// ```
    ///
    /// # Accuracy
    /// As [`Tree::allocate`].
    ///
    /// # Errors
    /// As [`Tree::allocate`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, OrderPolicy, Tree};
    /// // Jia anchor: root w = 2, child w = 2 over z = 0.6, T_cp = 2, T_cm = 1: w' = 2·4.6/8.6.
    /// let mut t = Tree::new(Some(2.0), true).unwrap();
    /// t.add(0, 0.6, Some(2.0), true).unwrap();
    /// let w = t.equivalent_w(CostScale::new(2.0, 1.0).unwrap(), OrderPolicy::Optimal).unwrap();
    /// assert!((w - 2.0 * 4.6 / 8.6).abs() < 1e-15);
    /// ```
    pub fn equivalent_w(&self, scale: CostScale, order: OrderPolicy) -> Result<f64, DltError> {
        Ok(self.allocate(Options { load: 1.0, scale, order })?.allocation.w_equivalent)
    }
}

/// Builds the engine network and plans executing a tree solution: every node sends its included
/// children their blocks in order, then (or meanwhile, with a front-end) computes its share.
///
/// # Errors
/// [`DltError::LengthMismatch`] if the solution does not belong to the tree.
pub(crate) fn tree_schedule(tree: &Tree, sol: &TreeSolution, scale: CostScale) -> Result<Schedule, DltError> {
    for (what, got) in [
        ("tree solution blocks", sol.block.len()),
        ("tree solution send orders", sol.send_order.len()),
        ("tree solution loads", sol.allocation.alpha.len()),
    ] {
        if got != tree.len() {
            return Err(DltError::LengthMismatch { what, expected: tree.len(), got });
        }
    }
    if let Some(&k) = sol.send_order.iter().flatten().find(|&&k| k >= tree.len()) {
        return Err(DltError::InvalidArgument { what: format!("tree solution sends to node {k}, outside the tree") });
    }
    let net = Network::new(tree.engine_nodes(true), scale)?;
    let mut plans = vec![Vec::new(); tree.len()];
    for (v, plan) in plans.iter_mut().enumerate() {
        for &k in &sol.send_order[v] {
            if sol.block[k] > 0.0 {
                plan.push(Action::Send { to: k, amount: sol.block[k] });
            }
        }
        if sol.allocation.alpha[v] > 0.0 {
            plan.push(Action::Compute { amount: sol.allocation.alpha[v] });
        }
    }
    Ok(Schedule { network: net, plans })
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

    /// Executes a tree solution on the event engine.
    ///
    /// # Errors
    /// [`DltError::LengthMismatch`] if the solution does not belong to the tree, and the errors
    /// of the event engine.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, KaryTree, Options, Tree};
    /// let t = Tree::kary(KaryTree { w: 1.0, z: 0.2, front_end: true, k: 3, depth: 2 }).unwrap();
    /// let sol = t.allocate(Options::default()).unwrap();
    /// let trace = t.simulate(&sol, CostScale::unit()).unwrap();
    /// assert!(trace.finish_spread(sol.allocation.makespan) < 1e-12);
    /// ```
    pub fn simulate(&self, sol: &TreeSolution, scale: CostScale) -> Result<Trace, DltError> {
        tree_schedule(self, sol, scale)?.simulate()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_schedule_has_one_plan_per_node() {
        let t = Tree::kary(KaryTree { w: 1.0, z: 0.2, front_end: true, k: 2, depth: 2 }).unwrap();
        let sol = t.allocate(Options::default()).unwrap();
        let s = tree_schedule(&t, &sol, CostScale::unit()).unwrap();
        assert_eq!((s.network.len(), s.plans.len()), (7, 7));
    }
}
