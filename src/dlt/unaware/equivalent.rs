//! Equivalent processor of a tree, indexed by node id: the reduction of
//! [`Tree::allocate_with_rules`](crate::dlt::Tree::allocate_with_rules) with the optimal order
//! (Jia, eqs. (3.9)–(3.12) and (4.3)–(4.4)), its solution moved from node positions to node ids.

use super::error::UnawareError;
use super::probing::checked_scale;
use crate::dlt::{Allocation, CostScale, Options, OrderPolicy, Rules, Tree, TreeSolution};

/// Reduces `tree` to one equivalent processor: `rules.relay` is the rule for relays (nodes with
/// `w = None`) below the root and `rules.top` the rule at a non-computing root.
///
/// The result is the crate's one tree solution ([`TreeSolution`]) for a unit load, indexed by
/// node id (0 for relays and ids outside the tree): `allocation.alpha` are the shares (sum 1),
/// `allocation.w_equivalent` is w_eq (a block X placed at the root is finished X·w_eq·T_cp
/// later, `allocation.makespan` = w_eq·T_cp), `block[v]` the fraction of the root's block sent
/// down to `v` (its whole subtree's load), `send_order[v]` each node's children in the optimal
/// sending order (increasing z, then id; Jia, footnote 3) and `w_eq_subtree[v]` the equivalent
/// inverse speed of each member's subtree (0 for ids outside the tree).
///
/// # Formula
/// ```text
/// children c_1..c_k of v in increasing z (ties: lower id), W_c their equivalents:
///   r_1 = 1,  r_j = r_{j-1}·W_{c_{j-1}}·T_cp / (z_{c_j}·T_cm + W_{c_j}·T_cp)      (3.9)
///   a_v = r_1·(z_{c_1}·T_cm + W_{c_1}·T_cp) / (w_v·T_cp)  (0 for a relay)
///   α_v = a_v / (a_v + Σ r_j),  α_{c_j} = r_j / (a_v + Σ r_j)                     (3.10)–(3.12), (4.3)–(4.4)
///   W_v = α_v·w_v                                  (computing node)
///   W_v = α_{c_1}·(z_{c_1}·λ + W_{c_1})            (relay, Physical)
///   W_v = α_{c_1}·W_{c_1} + z_{c_1}·λ              (relay, FirstChildLink)
/// ```
/// This is the product formula (Jia, eq. (3.11)) with its indices corrected to start at the
/// first child (the thesis's slip); it is computed in rate form by the crate's one tree
/// reduction, [`Tree::allocate_with_rules`] with the optimal order; it handles z = 0.
///
/// # Accuracy
/// Every step is a sum, product or quotient of positive numbers (no subtraction), so w_eq and
/// the shares are within 4·n·ε relative for n nodes, whatever the spread of speeds (tested on
/// trees with w and z over 12 decades against the thesis's product formula evaluated at
/// 50 digits, both relay rules: `tests/unaware/unaware_reference.rs`).
///
/// # Errors
/// [`UnawareError::InvalidParameter`] for T_cm or T_cp not finite and > 0,
/// [`UnawareError::NoComputingNode`] for a relay leaf.
pub(crate) fn equivalent(tree: &Tree, rules: Rules, scale: CostScale) -> Result<TreeSolution, UnawareError> {
    checked_scale(scale)?;
    if let Some(v) = tree.members().into_iter().find(|&v| tree.w(v).is_none() && tree.children(v).is_empty()) {
        return Err(UnawareError::NoComputingNode { node: v });
    }
    let opts = Options { load: 1.0, scale, order: OrderPolicy::Optimal };
    let sol = tree.allocate_with_rules(opts, rules)?;
    Ok(by_id(tree, &sol, true))
}

/// `sol`, a solution of `tree` by node position, indexed by node id (0 and no children for ids
/// outside the tree); the loads and blocks are kept only if `loads`.
pub(crate) fn by_id(tree: &Tree, sol: &TreeSolution, loads: bool) -> TreeSolution {
    let n = tree.id_len();
    let ids = tree.ids();
    let (mut alpha, mut block, mut w_sub) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let mut sequence = vec![Vec::new(); n];
    for (i, &v) in ids.iter().enumerate() {
        if loads {
            alpha[v] = sol.allocation.alpha[i];
            block[v] = sol.block[i];
        }
        w_sub[v] = sol.w_eq_subtree[i];
        sequence[v] = sol.send_order[i].iter().map(|&c| ids[c]).collect();
    }
    let allocation = Allocation {
        participating: alpha.iter().map(|&x| x > 0.0).collect(),
        alpha,
        makespan: sol.allocation.makespan,
        send_order: sequence[tree.root()].clone(),
        w_equivalent: sol.allocation.w_equivalent,
    };
    TreeSolution { allocation, block, send_order: sequence, w_eq_subtree: w_sub }
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_abs_diff_eq;

    /// Worked example: computing root w_0 = 3 with children (0.2, 2), (0.2, 4), (0.2, 6).
    #[test]
    fn star_golden_values() {
        let parent = vec![None, Some(0), Some(0), Some(0)];
        let z = vec![0.0, 0.2, 0.2, 0.2];
        let t = Tree::from_parents(0, parent.clone(), z.clone(), vec![3.0, 2.0, 4.0, 6.0]).unwrap();
        let e = equivalent(&t, Rules::default(), CostScale::new(2.0, 1.0).unwrap()).unwrap();
        let expect = [0.279143, 0.398775, 0.194525, 0.127557];
        for (s, x) in e.allocation.alpha.iter().zip(expect) {
            assert_abs_diff_eq!(*s, x, epsilon = 1e-6);
        }
        assert_abs_diff_eq!(12.0 * e.allocation.w_equivalent * 2.0, 20.098283, epsilon = 1e-5);
        let t = Tree::from_id_parts(0, parent, z, vec![None, Some(2.0), Some(4.0), Some(6.0)]).unwrap();
        let e = equivalent(&t, Rules::default(), CostScale::new(2.0, 1.0).unwrap()).unwrap();
        for (s, x) in e.allocation.alpha[1..].iter().zip([0.553196, 0.269852, 0.176952]) {
            assert_abs_diff_eq!(*s, x, epsilon = 1e-6);
        }
        assert_abs_diff_eq!(12.0 * e.allocation.w_equivalent * 2.0, 27.881088, epsilon = 1e-5);
    }

    #[test]
    fn relay_leaf_is_an_error() {
        let t = Tree::from_id_parts(0, vec![None, Some(0)], vec![0.0, 0.1], vec![Some(1.0), None]).unwrap();
        let r = equivalent(&t, Rules::default(), CostScale::unit());
        assert_eq!(r, Err(UnawareError::NoComputingNode { node: 1 }));
        let r = Tree::from_parents(0, vec![None, Some(0)], vec![0.0, 0.1], vec![1.0, 0.0]);
        assert!(r.unwrap_err().to_string().contains("w[1]"));
    }
}
