//! RAOLD-OS on a spanning tree (Jia, §4.2.2): the source computes, every
//! subtree is reduced to its equivalent processor bottom-up, and the load is inflated top-down —
//! the classical multi-level tree solution of [`Tree::allocate`](crate::dlt::Tree::allocate) with the optimal
//! (increasing z) sending order.

use super::error::{UnawareError, non_negative};
use super::probing::checked_scale;
use super::tree::RootedTree;
use crate::dlt::{Allocation, CostScale, Options, Tree, TreeSolution};

/// A [`RootedTree`] as the classical [`Tree`], from [`to_dlt_tree`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ConvertedTree {
    /// The classical tree, nodes in pre-order of the rooted tree.
    pub(crate) tree: Tree,
    /// `ids[i]` is the rooted tree's id of the classical tree's node `i`.
    pub(crate) ids: Vec<usize>,
}

/// The classical [`Tree`] of `tree` (nodes in pre-order, front-ends, single port) with
/// `w[v] = None` for relays, and the tree id of each of its nodes.
///
/// # Errors
/// Invalid w or z ([`UnawareError::Dlt`]).
///
pub(crate) fn to_dlt_tree(tree: &RootedTree, w: &[Option<f64>]) -> Result<ConvertedTree, UnawareError> {
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

impl RootedTree {
    /// Schedules `load` on `tree` with RAOLD-OS: the root (the source) computes, children are served
    /// in increasing z. The result is the crate's one tree solution ([`TreeSolution`]) indexed by
    /// node id (0 for non-members): `allocation.alpha` the load of each node,
    /// `allocation.makespan` the common finish time, `allocation.w_equivalent` the tree's
    /// equivalent w, `send_order[v]` each node's children in sending order.
    ///
    /// # Formula
    /// ```text
    /// W = equivalent w of the tree (Jia, eqs. (4.3)–(4.4));  T = L·W·T_cp;  load_i = L·share_i
    /// ```
    ///
    /// # Accuracy
    /// As [`Tree::allocate`](crate::dlt::Tree::allocate) (sums, products and quotients of positive terms, no
    /// subtraction): w_eq, T and the loads within 4·n·ε relative for n nodes; tested against the
    /// 50-digit references of [`RootedTree::equivalent`](super::RootedTree::equivalent) (`tests/unaware/unaware_reference.rs`).
    ///
    /// # Errors
    /// [`UnawareError::LengthMismatch`] when `w` is not indexed like the tree; invalid T_cm, T_cp,
    /// w or a negative load.
    ///
    /// # Examples
    /// Jia's worked example, the FHT of the 5-node graph: W_eq = 0.642834.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{RootedTree};
    /// let t = RootedTree::new(0, vec![None, Some(0), Some(0), Some(1), Some(2)], vec![0.0, 0.5, 0.2, 0.1, 1.0]).unwrap();
    /// let s = t.raold_os(&[2.0, 3.0, 6.0, 1.0, 4.0], 1.0, CostScale::unit()).unwrap();
    /// assert!((s.allocation.w_equivalent - 0.642834).abs() < 1e-6);
    /// assert!((s.allocation.makespan - 0.642834).abs() < 1e-6);
    /// assert_eq!(s.allocation.participating, vec![true; 5]);
    /// ```
    pub fn raold_os(&self, w: &[f64], load: f64, scale: CostScale) -> Result<TreeSolution, UnawareError> {
        let tree = self;
        non_negative("load", load)?;
        let (_, t_cp) = checked_scale(scale)?;
        let ws: Vec<Option<f64>> = w.iter().map(|&x| Some(x)).collect();
        let ConvertedTree { tree: t, ids: order } = to_dlt_tree(tree, &ws)?;
        let sol = t.allocate(Options::load(load.max(f64::MIN_POSITIVE)).with_scale(scale))?;
        let w_eq = sol.allocation.w_equivalent;
        let n = tree.len();
        let (mut loads, mut block, mut w_eq_subtree) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        let mut sequence = vec![Vec::new(); n];
        for (i, &v) in order.iter().enumerate() {
            if load > 0.0 {
                loads[v] = sol.allocation.alpha[i];
                block[v] = sol.block[i];
            }
            w_eq_subtree[v] = sol.w_eq_subtree[i];
            sequence[v] = sol.send_order[i].iter().map(|&c| order[c]).collect();
        }
        let allocation = Allocation {
            participating: loads.iter().map(|&x| x > 0.0).collect(),
            alpha: loads,
            makespan: load * w_eq * t_cp,
            send_order: sequence[tree.root()].clone(),
            w_equivalent: w_eq,
        };
        Ok(TreeSolution { allocation, block, send_order: sequence, w_eq_subtree })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlt::tree::{RelayRule, Rules};
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};

    /// Moved from the former doc example of `to_dlt_tree` (now crate-private).
    #[test]
    fn converted_tree_is_in_pre_order() {
        let t = RootedTree::new(0, vec![None, Some(0), Some(1)], vec![0.0, 0.5, 0.2]).unwrap();
        let c = to_dlt_tree(&t, &[Some(2.0), None, Some(1.0)]).unwrap();
        assert_eq!((c.tree.len(), c.ids), (3, vec![0, 1, 2]));
    }

    /// A random tree of `n` nodes rooted at 0 (each node's parent drawn among the earlier ones).
    fn random_tree<R: Rng + ?Sized>(rng: &mut R, n: usize, z: std::ops::Range<f64>) -> RootedTree {
        let parent: Vec<Option<usize>> =
            (0..n).map(|v| if v == 0 { None } else { Some(rng.random_range(0..v)) }).collect();
        let z: Vec<f64> = (0..n).map(|_| rng.random_range(z.clone())).collect();
        RootedTree::new(0, parent, z).expect("parents come first, z is in range")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// The reduction with the physical relay rule, relays included, is checked against the
        /// event engine: executing its loads and blocks on the converted tree, every node that
        /// computes ends at the planned makespan. FirstChildLink never charges a relay less than
        /// Physical. (The reduction exists once, behind `dlt::Tree::allocate_with_rules`; the
        /// engine and the k-ary closed form below are the independent checks.)
        #[test]
        fn equivalent_is_executed_by_the_engine(seed in 0u64..100_000, n in 2usize..25, relay_p in 0.0f64..0.5) {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let tree = random_tree(&mut rng, n, 0.0..2.0);
            // relays only at inner nodes (leaves must compute)
            let w: Vec<Option<f64>> = (0..n)
                .map(|v| if !tree.children(v).is_empty() && rng.random::<f64>() < relay_p { None } else { Some(rng.random_range(0.5..10.0)) })
                .collect();
            let scale = CostScale::new(2.0, 1.0).unwrap();
            let e = tree.equivalent(&w, Rules::default(), scale).unwrap();
            let ConvertedTree { tree: t, ids } = to_dlt_tree(&tree, &w).unwrap();
            // The solution re-indexed to the converted tree's node order, then executed.
            let at = |v: &[f64]| ids.iter().map(|&i| v[i]).collect::<Vec<f64>>();
            let mut pos = vec![0usize; n];
            for (i, &v) in ids.iter().enumerate() {
                pos[v] = i;
            }
            let mut sol = t.allocate(Options::load(1.0).with_scale(scale)).unwrap();
            sol.allocation.alpha = at(&e.allocation.alpha);
            sol.block = at(&e.block);
            sol.send_order = ids.iter().map(|&v| e.send_order[v].iter().map(|&c| pos[c]).collect()).collect();
            let trace = t.simulate(&sol, scale).unwrap();
            let makespan = e.allocation.makespan;
            prop_assert!((trace.compute_makespan - makespan).abs() <= 1e-9 * makespan);
            prop_assert!(trace.finish_spread(makespan) <= 1e-9);
            prop_assert!((e.allocation.alpha.iter().sum::<f64>() - 1.0).abs() <= 1e-12);
            let snp = tree.equivalent(&w, Rules { relay: RelayRule::FirstChildLink, top: RelayRule::FirstChildLink }, scale).unwrap();
            prop_assert!(snp.allocation.w_equivalent >= e.allocation.w_equivalent * (1.0 - 1e-12));
        }

        /// On a complete k-ary tree of identical nodes the reduction is the closed form
        /// `w_eq = ρ_0·w` of `dlt::kary_tree_rho` (a level recursion, not the tree reduction).
        #[test]
        fn equivalent_of_a_kary_tree_is_the_closed_form(k in 1usize..4, depth in 0usize..4, w in 0.5f64..10.0, z in 0.0f64..2.0) {
            let mut parent = vec![None];
            let mut level = vec![0usize];
            for _ in 0..depth {
                let mut next = Vec::new();
                for &p in &level {
                    for _ in 0..k {
                        next.push(parent.len());
                        parent.push(Some(p));
                    }
                }
                level = next;
            }
            let n = parent.len();
            let tree = RootedTree::new(0, parent, vec![z; n]).unwrap();
            let scale = CostScale::new(2.0, 1.0).unwrap();
            let e = tree.equivalent(&vec![Some(w); n], Rules::default(), scale).unwrap();
            let sigma = z * scale.t_cm() / (w * scale.t_cp());
            let rho = crate::dlt::kary::kary_tree_rho(sigma, true, k as u64, depth as u64).unwrap();
            prop_assert!((e.allocation.w_equivalent - rho * w).abs() <= 1e-12 * rho * w);
        }
    }
}
