//! Equivalent processor of a multi-level tree with front-ends and single-port sending, by
//! bottom-up star reduction and top-down inflation (Jia, eqs. (3.9)–(3.12) and (4.3)–(4.4)).

use super::error::{UnawareError, positive};
use super::probing::checked_scale;
use super::tree::RootedTree;
use crate::dlt::{Allocation, CostScale, Options, OrderPolicy, Root, Star, TreeSolution, Worker};

/// How a node that does not compute (a relay: P_0, a busy or silent processor of a virtual
/// tree) is replaced by an equivalent processor (Jia, §2.B; the thesis leaves the relay's own
/// speed open, so both readings are offered).
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
    /// This is the rate form of the product formula (Jia, eq. (3.11)) with its indices corrected to
    /// start at the first child (the thesis's slip); it handles z = 0.
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
        let (t_cm, t_cp) = checked_scale(scale)?;
        let Rules { relay, top: root_relay } = rules;
        let lambda = t_cm / t_cp;
        let order = tree.pre_order();
        for &v in &order {
            if let Some(x) = w[v] {
                positive("w", x)?;
            }
        }
        let mut w_sub = vec![0.0; n];
        let mut own = vec![0.0; n]; // fraction of v's block computed by v
        let mut down = vec![0.0; n]; // fraction of the parent's block sent to v
        let mut sequence = vec![Vec::new(); n];
        for &v in order.iter().rev() {
            let mut kids = tree.children(v).to_vec();
            kids.sort_by(|&a, &b| tree.z_up(a).total_cmp(&tree.z_up(b)).then(a.cmp(&b)));
            if kids.is_empty() {
                match w[v] {
                    Some(x) => {
                        w_sub[v] = x;
                        own[v] = 1.0;
                    }
                    None => return Err(UnawareError::NoComputingNode { node: v }),
                }
                continue;
            }
            // One star per node: the classical solver of `crate::dlt` (front-end root, or a
            // non-computing relay), children in the order fixed above.
            let children: Vec<Worker> = kids.iter().map(|&c| Worker { w: w_sub[c], z: tree.z_up(c) }).collect();
            let root = w[v].map_or(Root::NonComputing, |w| Root::FrontEnd { w });
            let opts = Options { load: 1.0, scale, order: OrderPolicy::AsGiven };
            let star = Star::new(root, children)?.allocate(opts)?;
            own[v] = star.alpha[0];
            for (j, &c) in kids.iter().enumerate() {
                down[c] = star.alpha[j + 1];
            }
            let (c1, a1) = (kids[0], star.alpha[1]);
            let rule = if v == tree.root() { root_relay } else { relay };
            w_sub[v] = match (w[v], rule) {
                (Some(_), _) | (None, RelayRule::Physical) => star.makespan / t_cp,
                (None, RelayRule::FirstChildLink) => a1 * w_sub[c1] + tree.z_up(c1) * lambda,
            };
            sequence[v] = kids;
        }
        let mut block = vec![0.0; n];
        let mut shares = vec![0.0; n];
        for &v in &order {
            block[v] = if v == tree.root() { 1.0 } else { block[tree.parent(v).unwrap_or(v)] * down[v] };
            shares[v] = block[v] * own[v];
        }
        let w_eq = w_sub[tree.root()];
        let allocation = Allocation {
            participating: shares.iter().map(|&x| x > 0.0).collect(),
            alpha: shares,
            makespan: w_eq * t_cp,
            send_order: sequence[tree.root()].clone(),
            w_equivalent: w_eq,
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
