//! RAOLD-OS on a spanning tree (Jia, §4.2.2): the source computes, every
//! subtree is reduced to its equivalent processor bottom-up, and the load is inflated top-down —
//! the classical multi-level tree solution of [`crate::dlt::tree_allocate`] with the optimal
//! (increasing z) sending order.

use super::error::{UnawareError, non_negative};
use super::probing::checked_scale;
use super::tree::RootedTree;
use crate::dlt::{CostScale, Options, Tree, tree_allocate};

/// A one-installment schedule of a divisible load on a tree.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TreeSchedule {
    /// Load computed by each node (by node id).
    pub loads: Vec<f64>,
    /// Equivalent inverse speed of the tree at its root.
    pub w_eq: f64,
    /// Time at which every node finishes (optimality principle).
    pub finish_time: f64,
    /// Each node's children in sending order.
    pub sequence: Vec<Vec<usize>>,
}

/// A [`RootedTree`] as the classical [`Tree`], from [`to_dlt_tree`].
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ConvertedTree {
    /// The classical tree, nodes in pre-order of the rooted tree.
    pub tree: Tree,
    /// `ids[i]` is the rooted tree's id of the classical tree's node `i`.
    pub ids: Vec<usize>,
}

impl std::fmt::Display for ConvertedTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "tree of {} nodes in pre-order {:?}", self.ids.len(), self.ids)
    }
}

/// The classical [`Tree`] of `tree` (nodes in pre-order, front-ends, single port) with
/// `w[v] = None` for relays, and the tree id of each of its nodes.
///
/// # Errors
/// Invalid w or z ([`UnawareError::Dlt`]).
///
/// # Examples
/// ```
/// use loadbal::dlt::unaware::{to_dlt_tree, RootedTree};
/// let t = RootedTree::new(0, vec![None, Some(0), Some(1)], vec![0.0, 0.5, 0.2]).unwrap();
/// let c = to_dlt_tree(&t, &[Some(2.0), None, Some(1.0)]).unwrap();
/// assert_eq!((c.tree.len(), c.ids), (3, vec![0, 1, 2]));
/// ```
pub fn to_dlt_tree(tree: &RootedTree, w: &[Option<f64>]) -> Result<ConvertedTree, UnawareError> {
    if w.len() != tree.len() {
        return Err(UnawareError::LengthMismatch { name: "w", got: w.len(), expected: tree.len() });
    }
    let order = tree.pre_order();
    let mut index = vec![0usize; tree.len()];
    let mut t = Tree::new(w[tree.root()], true)?;
    for (i, &v) in order.iter().enumerate() {
        index[v] = i;
        if let Some(p) = tree.parent(v) {
            t.add(index[p], tree.z_up(v), w[v], true)?;
        }
    }
    Ok(ConvertedTree { tree: t, ids: order })
}

impl std::fmt::Display for TreeSchedule {
    /// `RAOLD-OS: T = …, w_eq = …, k of n nodes compute`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let busy = self.loads.iter().filter(|&&x| x > 0.0).count();
        write!(
            f,
            "RAOLD-OS: T = {:.6}, w_eq = {:.6}, {busy} of {} nodes compute",
            self.finish_time,
            self.w_eq,
            self.loads.len()
        )
    }
}

/// Schedules `load` on `tree` with RAOLD-OS: the root (the source) computes, children are served
/// in increasing z.
///
/// # Formula
/// ```text
/// W = equivalent w of the tree (Jia, eqs. (4.3)–(4.4));  T = L·W·T_cp;  load_i = L·share_i
/// ```
///
/// # Accuracy
/// As [`crate::dlt::tree_allocate`] (sums, products and quotients of positive terms, no
/// subtraction): w_eq, T and the loads within 4·n·ε relative for n nodes; tested against the
/// 50-digit references of [`super::equivalent`] (`tests/unaware/unaware_reference.rs`).
///
/// # Errors
/// [`UnawareError::LengthMismatch`] when `w` is not indexed like the tree; invalid T_cm, T_cp,
/// w or a negative load.
///
/// # Examples
/// Jia's worked example, the FHT of the 5-node graph: W_eq = 0.642834.
/// ```
/// use loadbal::dlt::CostScale;
/// use loadbal::dlt::unaware::{raold_os, RootedTree};
/// let t = RootedTree::new(0, vec![None, Some(0), Some(0), Some(1), Some(2)], vec![0.0, 0.5, 0.2, 0.1, 1.0]).unwrap();
/// let s = raold_os(&t, &[2.0, 3.0, 6.0, 1.0, 4.0], 1.0, CostScale::unit()).unwrap();
/// assert!((s.w_eq - 0.642834).abs() < 1e-6);
/// assert_eq!(s.to_string(), "RAOLD-OS: T = 0.642834, w_eq = 0.642834, 5 of 5 nodes compute");
/// ```
pub fn raold_os(tree: &RootedTree, w: &[f64], load: f64, scale: CostScale) -> Result<TreeSchedule, UnawareError> {
    non_negative("load", load)?;
    let (_, t_cp) = checked_scale(scale)?;
    let ws: Vec<Option<f64>> = w.iter().map(|&x| Some(x)).collect();
    let ConvertedTree { tree: t, ids: order } = to_dlt_tree(tree, &ws)?;
    let sol = tree_allocate(&t, Options::load(load.max(f64::MIN_POSITIVE)).with_scale(scale))?;
    let w_eq = sol.allocation.w_equivalent;
    let mut loads = vec![0.0; tree.len()];
    let mut sequence = vec![Vec::new(); tree.len()];
    for (i, &v) in order.iter().enumerate() {
        loads[v] = if load > 0.0 { sol.allocation.alpha[i] } else { 0.0 };
        sequence[v] = sol.send_order[i].iter().map(|&c| order[c]).collect();
    }
    Ok(TreeSchedule { loads, w_eq, finish_time: load * w_eq * t_cp, sequence })
}
