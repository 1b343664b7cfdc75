//! RAOLD-OS on a spanning tree (seed 004, §4.2.2, after [51]): the source computes, every
//! subtree is reduced to its equivalent processor bottom-up, and the load is inflated top-down.

use super::equivalent::{RelayRule, equivalent};
use super::error::{UnawareError, non_negative};
use super::tree::RootedTree;

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

/// Schedules `load` on `tree` with RAOLD-OS: the root (the source) computes, children are served
/// in increasing z.
///
/// # Formula
/// ```text
/// W = equivalent w of the tree (4.3)–(4.4);  T = L·W·T_cp;  load_i = L·share_i
/// ```
///
/// # Errors
/// [`UnawareError::LengthMismatch`] when `w` is not indexed like the tree; invalid T_cm, T_cp,
/// w or a negative load: [`UnawareError::InvalidParameter`].
///
/// # Examples
/// Reference G26, FHT of the 5-node graph: W_eq = 0.642834.
/// ```
/// use loadbal::dlt::unaware::{raold_os, RootedTree};
/// let t = RootedTree::new(0, vec![None, Some(0), Some(0), Some(1), Some(2)], vec![0.0, 0.5, 0.2, 0.1, 1.0]).unwrap();
/// let s = raold_os(&t, &[2.0, 3.0, 6.0, 1.0, 4.0], 1.0, 1.0, 1.0).unwrap();
/// assert!((s.w_eq - 0.642834).abs() < 1e-6);
/// ```
pub fn raold_os(tree: &RootedTree, w: &[f64], load: f64, t_cm: f64, t_cp: f64) -> Result<TreeSchedule, UnawareError> {
    non_negative("load", load)?;
    let ws: Vec<Option<f64>> = w.iter().map(|&x| Some(x)).collect();
    let e = equivalent(tree, &ws, t_cm, t_cp, RelayRule::Physical, RelayRule::Physical)?;
    Ok(TreeSchedule {
        loads: e.shares.iter().map(|s| s * load).collect(),
        w_eq: e.w_eq,
        finish_time: load * e.w_eq * t_cp,
        sequence: e.sequence,
    })
}
