//! Equivalent processor of a rooted tree over node ids: the reduction of
//! [`Tree::allocate_with_rules`](crate::dlt::Tree::allocate_with_rules) on the converted tree (Jia, eqs. (3.9)–(3.12) and (4.3)–(4.4)).

use super::error::{UnawareError, positive};
use super::probing::checked_scale;
use super::raold::{ConvertedTree, to_dlt_tree};
use super::tree::RootedTree;
use crate::dlt::tree::Rules;
use crate::dlt::{Allocation, CostScale, Options, OrderPolicy, TreeSolution};

impl RootedTree {
    /// Reduces `tree` to one equivalent processor. `w[v]` is the inverse speed of node `v`, `None`
    /// for a node that does not compute (a relay); `rules.relay` is the rule for relays below the
    /// root and `rules.top` the rule at a non-computing root.
    ///
    /// The result is the crate's one tree solution ([`TreeSolution`]) for a unit load, indexed by
    /// node id (0 for relays and non-members): `allocation.alpha` are the shares (sum 1),
    /// `allocation.w_equivalent` is w_eq (a block X placed at the root is finished X·w_eq·T_cp
    /// later, `allocation.makespan` = w_eq·T_cp), `block[v]` the fraction of the root's block sent
    /// down to `v` (its whole subtree's load), `send_order[v]` each node's children in the
    /// optimal sending order (increasing z, then id; footnote 3) and `w_eq_subtree[v]` the
    /// equivalent inverse speed of each member's subtree (0 for non-members).
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
    /// reduction, [`Tree::allocate_with_rules`](crate::dlt::Tree::allocate_with_rules) with the
    /// optimal order, on this tree converted to a [`Tree`](crate::dlt::Tree); it handles z = 0.
    ///
    /// # Accuracy
    /// Every step is a sum, product or quotient of positive numbers (no subtraction), so w_eq and
    /// the shares are within 4·n·ε relative for n nodes, whatever the spread of speeds (tested on
    /// trees with w and z over 12 decades against the thesis's product formula evaluated at
    /// 50 digits, both relay rules: `tests/unaware/unaware_reference.rs`).
    ///
    /// # Errors
    /// [`UnawareError::LengthMismatch`] when `w` is not indexed like the tree,
    /// [`UnawareError::InvalidParameter`] for T_cm, T_cp or a w that is not finite and > 0,
    /// [`UnawareError::NoComputingNode`] for a relay leaf.
    ///
    /// # Examples
    /// P_2 (w = 2) with P_16 reached through a virtual link of 0.6 (Jia, §3.3.1): α = 4.6/8.6,
    /// equivalent 1.0698.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{RootedTree, Rules};
    /// let t = RootedTree::new(0, vec![None, Some(0)], vec![0.0, 0.6]).unwrap();
    /// let scale = CostScale::new(2.0, 1.0).unwrap();
    /// let e = t.equivalent(&[Some(2.0), Some(2.0)], Rules::default(), scale).unwrap();
    /// assert!((e.allocation.alpha[0] - 4.6 / 8.6).abs() < 1e-12);
    /// assert!((e.allocation.w_equivalent - 1.0697674).abs() < 1e-6);
    /// assert!((e.block[1] - 4.0 / 8.6).abs() < 1e-12);
    /// ```
    pub fn equivalent(&self, w: &[Option<f64>], rules: Rules, scale: CostScale) -> Result<TreeSolution, UnawareError> {
        let tree = self;
        let n = tree.len();
        if w.len() != n {
            return Err(UnawareError::LengthMismatch { name: "w", got: w.len(), expected: n });
        }
        checked_scale(scale)?;
        for v in tree.pre_order() {
            match w[v] {
                Some(x) => {
                    positive("w", x)?;
                }
                None if tree.children(v).is_empty() => return Err(UnawareError::NoComputingNode { node: v }),
                None => {}
            }
        }
        // The one reduction of the crate, on the classical tree in pre-order (children by id, so
        // the stable optimal order is increasing z, then id).
        let ConvertedTree { tree: t, ids } = to_dlt_tree(tree, w)?;
        let opts = Options { load: 1.0, scale, order: OrderPolicy::Optimal };
        let sol = t.allocate_with_rules(opts, rules)?;
        let (mut alpha, mut block, mut w_sub) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        let mut sequence = vec![Vec::new(); n];
        for (i, &v) in ids.iter().enumerate() {
            alpha[v] = sol.allocation.alpha[i];
            block[v] = sol.block[i];
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
        Ok(TreeSolution { allocation, block, send_order: sequence, w_eq_subtree: w_sub })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_abs_diff_eq;

    /// Worked example: computing root w_0 = 3 with children (0.2, 2), (0.2, 4), (0.2, 6).
    #[test]
    fn star_golden_values() {
        let t = RootedTree::new(0, vec![None, Some(0), Some(0), Some(0)], vec![0.0, 0.2, 0.2, 0.2]).unwrap();
        let w = [Some(3.0), Some(2.0), Some(4.0), Some(6.0)];
        let e = t.equivalent(&w, Rules::default(), CostScale::new(2.0, 1.0).unwrap()).unwrap();
        let expect = [0.279143, 0.398775, 0.194525, 0.127557];
        for (s, x) in e.allocation.alpha.iter().zip(expect) {
            assert_abs_diff_eq!(*s, x, epsilon = 1e-6);
        }
        assert_abs_diff_eq!(12.0 * e.allocation.w_equivalent * 2.0, 20.098283, epsilon = 1e-5);
        let w0 = [None, Some(2.0), Some(4.0), Some(6.0)];
        let e = t.equivalent(&w0, Rules::default(), CostScale::new(2.0, 1.0).unwrap()).unwrap();
        for (s, x) in e.allocation.alpha[1..].iter().zip([0.553196, 0.269852, 0.176952]) {
            assert_abs_diff_eq!(*s, x, epsilon = 1e-6);
        }
        assert_abs_diff_eq!(12.0 * e.allocation.w_equivalent * 2.0, 27.881088, epsilon = 1e-5);
    }

    #[test]
    fn relay_leaf_is_an_error() {
        let t = RootedTree::new(0, vec![None, Some(0)], vec![0.0, 0.1]).unwrap();
        let r = t.equivalent(&[Some(1.0), None], Rules::default(), CostScale::unit());
        assert_eq!(r, Err(UnawareError::NoComputingNode { node: 1 }));
        let r = t.equivalent(&[Some(1.0), Some(0.0)], Rules::default(), CostScale::unit());
        assert!(matches!(r, Err(UnawareError::InvalidParameter { name: "w", .. })));
    }
}
