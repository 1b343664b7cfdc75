//! Virtual trees (Jia, §3.3.2) and the distribution of one phase load from the
//! non-computing root P_0.

use super::equivalent::{Equivalent, RelayRule, equivalent};
use super::error::{UnawareError, non_negative};
use super::tree::RootedTree;

/// The virtual tree over the `available` processors of `tree` (rules 1–4 of §3.3.2), optionally
/// restricted to the subtree |P_j| of the root's child `restrict`. Returns the tree (same ids,
/// non-kept nodes are non-members) and each kept node's w (`None` = relay, "speed set to
/// infinity"; busy and silent processors alike, the reference's choice 26).
///
/// Rules: (1) available processors are kept; (2) a child of the root is kept if its subtree holds
/// an available processor; (3) a node where two or more kept branches converge is kept; (4) a
/// virtual link's z is the sum of the original links it replaces.
///
/// # Errors
/// [`UnawareError::LengthMismatch`] for `w` or `available` not indexed like the tree;
/// [`UnawareError::NodeOutOfRange`] when `restrict` is not a child of the root.
///
/// # Examples
/// In the SNP example, P_16 hangs from P_6 through a virtual link of 0.1 + 0.2 (Phase_2).
/// ```
/// use loadbal::dlt::unaware::{fig_3_8, virtual_tree};
/// let ex = fig_3_8();
/// let mut avail = vec![false; 20];
/// for i in [2, 3, 5, 6, 10, 12, 16] { avail[i] = true; }
/// let (vt, w) = virtual_tree(&ex.tree, &ex.w, &avail, None).unwrap();
/// assert_eq!(vt.parent(16), Some(6));
/// assert!((vt.z_up(16) - 0.3).abs() < 1e-12);
/// assert_eq!(w[1], None); // P_1 is a relay on the way to P_5
/// ```
pub fn virtual_tree(
    tree: &RootedTree,
    w: &[f64],
    available: &[bool],
    restrict: Option<usize>,
) -> Result<(RootedTree, Vec<Option<f64>>), UnawareError> {
    let n = tree.len();
    if w.len() != n {
        return Err(UnawareError::LengthMismatch { name: "w", got: w.len(), expected: n });
    }
    if available.len() != n {
        return Err(UnawareError::LengthMismatch { name: "available", got: available.len(), expected: n });
    }
    let root = tree.root();
    if let Some(r) = restrict
        && (r >= n || tree.parent(r) != Some(root))
    {
        return Err(UnawareError::NodeOutOfRange { node: r, len: n });
    }
    let order = tree.pre_order();
    let in_scope = |v: usize| v != root && restrict.is_none_or(|r| tree.top_child(v) == Some(r));
    let mut has = vec![false; n];
    for &v in order.iter().rev() {
        if in_scope(v) && available[v] {
            has[v] = true;
        }
        if has[v]
            && let Some(p) = tree.parent(v)
        {
            has[p] = true;
        }
    }
    let mut keep = vec![false; n];
    let mut wv = vec![None; n];
    keep[root] = true;
    for &v in &order {
        if !in_scope(v) || !has[v] {
            continue;
        }
        let converging = tree.children(v).iter().filter(|&&c| has[c]).count() >= 2;
        if available[v] {
            keep[v] = true;
            wv[v] = Some(w[v]);
        } else if tree.parent(v) == Some(root) || converging {
            keep[v] = true;
        }
    }
    let mut parent = vec![None; n];
    let mut z = vec![0.0; n];
    for &v in &order {
        if v == root || !keep[v] {
            continue;
        }
        let mut s = tree.z_up(v);
        let mut u = tree.parent(v).unwrap_or(root);
        while !keep[u] {
            s += tree.z_up(u);
            u = tree.parent(u).unwrap_or(root);
        }
        parent[v] = Some(u);
        z[v] = s;
    }
    Ok((RootedTree::with_members(root, parent, z)?, wv))
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

/// One phase load distributed by P_0 over a virtual tree.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PhaseDistribution {
    /// Load per node id.
    pub loads: Vec<f64>,
    /// Common finish time T_q^f.
    pub finish: f64,
    /// When P_0 has finished sending (it sends the sets one after another, first hop only).
    pub p0_free: f64,
    /// Root children (sets) in sending order with the end of their shadow
    /// (max over their processors of T^f − load·w·T_cp, eq. 3.7 with T_cp restored).
    pub shadows: Vec<(usize, f64)>,
    /// The reduction behind the shares.
    pub equivalent: Equivalent,
}

/// Distributes `x` units from the non-computing root of the virtual tree `vt` (with kept-node
/// speeds `w`) starting at `t0`: a phase of SLD/DLD (Jia, §3.3, the reduction (3.9)–(3.12)
/// and the shadow end (3.7)). `rules.relay` is the rule at relays below the root, `rules.top`
/// the rule at the root, which only changes the reported finish time (ThesisSnp over-charges the first hop:
/// the thesis's "23.04"/"57.2").
///
/// # Formula
/// ```text
/// loads = x·shares,  T^f = t0 + x·W_0·T_cp,  W_0 = α_c1·(z_c1·λ + W_c1) (Physical) or α_c1·W_c1 + z_c1·λ
/// ```
///
/// # Errors
/// [`UnawareError::InvalidParameter`] for x < 0, and the errors of [`equivalent`].
pub fn distribute_phase(
    vt: &RootedTree,
    w: &[Option<f64>],
    x: f64,
    t0: f64,
    t_cm: f64,
    t_cp: f64,
    rules: Rules,
) -> Result<PhaseDistribution, UnawareError> {
    let Rules { relay, top } = rules;
    non_negative("x", x)?;
    let root = vt.root();
    if vt.children(root).is_empty() {
        return Err(UnawareError::NoReachableProcessor { source_node: root });
    }
    let e = equivalent(vt, w, Rules { relay, top }, crate::dlt::CostScale::new(t_cp, t_cm)?)?;
    let loads: Vec<f64> = e.shares.iter().map(|s| s * x).collect();
    let finish = t0 + x * e.w_eq * t_cp;
    let mut p0_free = t0;
    let mut shadows = Vec::new();
    for &c in &e.sequence[root] {
        p0_free += x * e.block_of(vt, c) * vt.z_up(c) * t_cm;
        let mut end = f64::NEG_INFINITY;
        let mut stack = vec![c];
        while let Some(v) = stack.pop() {
            if let Some(wv) = w[v] {
                end = end.max(finish - loads[v] * wv * t_cp);
            }
            stack.extend(vt.children(v));
        }
        shadows.push((c, end));
    }
    Ok(PhaseDistribution { loads, finish, p0_free, shadows, equivalent: e })
}
