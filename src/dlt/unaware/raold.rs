//! RAOLD-OS on a spanning tree (Jia, §4.2.2): the source computes, every
//! subtree is reduced to its equivalent processor bottom-up, and the load is inflated top-down —
//! the classical multi-level tree solution of [`Tree::allocate`](crate::dlt::Tree::allocate) with the optimal
//! (increasing z) sending order.

use super::equivalent::by_id;
use super::error::{UnawareError, non_negative};
use super::probing::checked_scale;
use crate::dlt::{CostScale, Options, Tree, TreeSolution};

impl Tree {
    /// Schedules `load` on the tree with RAOLD-OS: the root (the source) computes, children are
    /// served in increasing z (ties: the lower id). The result is the crate's one tree solution ([`TreeSolution`]) indexed by
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
    /// 50-digit references of the thesis's product formula (`tests/unaware/unaware_reference.rs`).
    ///
    /// # Errors
    /// Invalid T_cm, T_cp or a negative load; [`UnawareError::Dlt`] if no node computes.
    ///
    /// # Examples
    /// Jia's worked example, the FHT of the 5-node graph: W_eq = 0.642834.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::Tree;
    /// let parent = vec![None, Some(0), Some(0), Some(1), Some(2)];
    /// let t = Tree::from_parents(0, parent, vec![0.0, 0.5, 0.2, 0.1, 1.0], vec![2.0, 3.0, 6.0, 1.0, 4.0]).unwrap();
    /// let s = t.raold_os(1.0, CostScale::unit()).unwrap();
    /// assert!((s.allocation.w_equivalent - 0.642834).abs() < 1e-6);
    /// assert!((s.allocation.makespan - 0.642834).abs() < 1e-6);
    /// assert_eq!(s.allocation.participating, vec![true; 5]);
    /// ```
    pub fn raold_os(&self, load: f64, scale: CostScale) -> Result<TreeSolution, UnawareError> {
        non_negative("load", load)?;
        let (_, t_cp) = checked_scale(scale)?;
        let sol = self.allocate(Options::load(load.max(f64::MIN_POSITIVE)).with_scale(scale))?;
        let mut out = by_id(self, &sol, load > 0.0);
        out.allocation.makespan = load * sol.allocation.w_equivalent * t_cp;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::equivalent::equivalent;
    use super::*;
    use crate::dlt::{RelayRule, Rules};
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};

    /// A tree built from ids stores its nodes in pre-order, children by increasing id.
    #[test]
    fn tree_from_ids_is_in_pre_order() {
        let parent = vec![None, Some(0), Some(0), Some(1)];
        let t = Tree::from_id_parts(0, parent, vec![0.0, 0.5, 0.2, 0.1], vec![Some(2.0), None, Some(1.0), Some(1.0)])
            .unwrap();
        assert_eq!((t.len(), t.ids()), (4, &[0, 1, 3, 2][..]));
        assert_eq!(t.nodes()[2].parent, Some(1));
    }

    /// A random parent vector of `n` nodes rooted at 0 (each node's parent drawn among the
    /// earlier ones) and its z.
    fn random_tree<R: Rng + ?Sized>(rng: &mut R, n: usize, z: std::ops::Range<f64>) -> (Vec<Option<usize>>, Vec<f64>) {
        let parent: Vec<Option<usize>> =
            (0..n).map(|v| if v == 0 { None } else { Some(rng.random_range(0..v)) }).collect();
        let z: Vec<f64> = (0..n).map(|_| rng.random_range(z.clone())).collect();
        (parent, z)
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
            let (parent, z) = random_tree(&mut rng, n, 0.0..2.0);
            // relays only at inner nodes (leaves must compute)
            let w: Vec<Option<f64>> = (0..n)
                .map(|v| if parent.contains(&Some(v)) && rng.random::<f64>() < relay_p { None } else { Some(rng.random_range(0.5..10.0)) })
                .collect();
            let t = Tree::from_id_parts(0, parent, z, w).unwrap();
            let scale = CostScale::new(2.0, 1.0).unwrap();
            let e = equivalent(&t, Rules::default(), scale).unwrap();
            // The solution by id re-indexed to the tree's node positions, then executed.
            let ids = t.ids();
            let at = |v: &[f64]| ids.iter().map(|&i| v[i]).collect::<Vec<f64>>();
            let pos = |v: usize| t.node_of(v).unwrap();
            let mut sol = t.allocate(Options::load(1.0).with_scale(scale)).unwrap();
            sol.allocation.alpha = at(&e.allocation.alpha);
            sol.block = at(&e.block);
            sol.send_order = ids.iter().map(|&v| e.send_order[v].iter().map(|&c| pos(c)).collect()).collect();
            let trace = t.simulate(&sol, scale).unwrap();
            let makespan = e.allocation.makespan;
            prop_assert!((trace.compute_makespan - makespan).abs() <= 1e-9 * makespan);
            prop_assert!(trace.finish_spread(makespan) <= 1e-9);
            prop_assert!((e.allocation.alpha.iter().sum::<f64>() - 1.0).abs() <= 1e-12);
            let snp = equivalent(&t, Rules { relay: RelayRule::FirstChildLink, top: RelayRule::FirstChildLink }, scale).unwrap();
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
            let tree = Tree::from_parents(0, parent, vec![z; n], vec![w; n]).unwrap();
            let scale = CostScale::new(2.0, 1.0).unwrap();
            let e = equivalent(&tree, Rules::default(), scale).unwrap();
            let sigma = z * scale.t_cm() / (w * scale.t_cp());
            let rho = crate::dlt::kary::kary_tree_rho(sigma, true, k as u64, depth as u64).unwrap();
            prop_assert!((e.allocation.w_equivalent - rho * w).abs() <= 1e-12 * rho * w);
        }
    }
}
