//! Virtual trees (Jia, §3.3.2) and the distribution of one phase load from the
//! non-computing root P_0 (Jia, §3.3, eqs. (3.7)–(3.12)).

use std::fmt;

use super::display::r6;
use super::equivalent::equivalent;
use super::error::{UnawareError, non_negative};
use crate::dlt::{CostScale, Rules, Tree, TreeSolution};

/// A virtual tree (Jia, §3.3.2): the kept nodes of a tree network with their virtual links;
/// a kept available processor keeps its w, every other kept node is a relay (`w = None`: a
/// busy or silent processor, or P_0, "speed set to infinity").
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VirtualTree {
    /// The kept nodes (same ids as the network; dropped nodes are outside the tree). A virtual
    /// link's z is the sum of the original links it replaces (rule 4).
    pub tree: Tree,
}

impl Tree {
    /// The virtual tree over the `available` processors of this tree (rules 1–4 of Jia, §3.3.2),
    /// optionally restricted to the subtree |P_j| of the root's child `restrict`. Busy and silent
    /// processors alike become relays (the thesis does not distinguish them).
    ///
    /// Rules: (1) available processors are kept; (2) a child of the root is kept if its subtree holds
    /// an available processor; (3) a node where two or more kept branches converge is kept; (4) a
    /// virtual link's z is the sum of the original links it replaces.
    ///
    /// # Errors
    /// [`UnawareError::LengthMismatch`] for `available` not indexed like the tree (one entry
    /// per id, [`Tree::id_len`]); [`UnawareError::NodeOutOfRange`] when `restrict` is not a
    /// child of the root; [`UnawareError::Dlt`] for an available relay.
    ///
    /// # Accuracy
    /// The structure is exact; a virtual link's z is a sum of `k` original z (k replaced links):
    /// within `k·ε` relative, no cancellation.
    ///
    /// # Examples
    /// In the SNP example (Jia, §3.4, Phase_2), P_16 hangs from P_6 through a virtual link of
    /// 0.1 + 0.2.
    /// ```
    ///
    /// # use loadbal::dlt::Tree;
    /// # let parent = [0, 0, 0, 0, 1, 2, 2, 4, 4, 5, 5, 5, 5, 6, 9, 14, 15, 15, 15];
    /// # let z = [0.5, 0.2, 0.4, 0.9, 0.5, 0.3, 0.3, 0.6, 0.2, 0.4, 0.8, 0.8, 0.2, 0.1, 10.0, 0.2, 0.5, 0.4, 0.7];
    /// # let w = [7.0, 2.0, 1.0, 100.0, 2.0, 1.0, 100.0, 8.0, 9.0, 4.0, 7.0, 3.0, 5.0, 8.0, 2.0, 2.0, 4.0, 4.0, 6.0];
    /// # let parent = std::iter::once(None).chain(parent.map(Some)).collect();
    /// # let ex = Tree::from_parents(0, parent, std::iter::once(0.0).chain(z).collect(), std::iter::once(1.0).chain(w).collect()).unwrap();
    /// // `ex`: Jia's Fig. 3.8 tree, built as in the `dlt::unaware` module example.
    /// let mut avail = vec![false; 20];
    /// for i in [2, 3, 5, 6, 10, 12, 16] { avail[i] = true; }
    /// let vt = ex.virtual_tree(&avail, None).unwrap();
    /// assert_eq!(vt.tree.parent(16), Some(6));
    /// assert!((vt.tree.z_up(16) - 0.3).abs() < 1e-12);
    /// assert_eq!((vt.tree.w(1), vt.tree.w(5)), (None, Some(2.0))); // P_1 is a relay on the way to P_5
    /// assert_eq!(vt.to_string(), "virtual tree rooted at 0: 7 processors, 2 relays, depth 3");
    /// ```
    pub fn virtual_tree(&self, available: &[bool], restrict: Option<usize>) -> Result<VirtualTree, UnawareError> {
        let n = self.id_len();
        let z: Vec<f64> = (0..n).map(|v| self.z_up(v)).collect();
        let w: Vec<f64> = (0..n).map(|v| self.w(v).unwrap_or(f64::INFINITY)).collect();
        virtual_tree_of(self, (&z, &w), available, restrict)
    }
}

/// [`Tree::virtual_tree`] with the links and speeds `z_up` and `w` (by id) in place of the
/// tree's own: the network as the scheduler estimates it (DLD).
pub(super) fn virtual_tree_of(
    tree: &Tree,
    (z_up, w): (&[f64], &[f64]),
    available: &[bool],
    restrict: Option<usize>,
) -> Result<VirtualTree, UnawareError> {
    let n = tree.id_len();
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
        let mut s = z_up[v];
        let mut u = tree.parent(v).unwrap_or(root);
        while !keep[u] {
            s += z_up[u];
            u = tree.parent(u).unwrap_or(root);
        }
        parent[v] = Some(u);
        z[v] = s;
    }
    Ok(VirtualTree { tree: Tree::from_id_parts(root, parent, z, wv)? })
}

impl fmt::Display for VirtualTree {
    /// `virtual tree rooted at 0: 7 processors, 3 relays, depth 3` (relays include the root).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let members = self.tree.members();
        let procs = members.iter().filter(|&&v| self.tree.w(v).is_some()).count();
        write!(
            f,
            "virtual tree rooted at {}: {procs} processors, {} relays, depth {}",
            self.tree.root(),
            members.len() - procs,
            self.tree.eccentricity()
        )
    }
}

/// One phase load distributed by P_0 over a virtual tree.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PhaseDistribution {
    /// The phase load x (L_q^p, or the remainder in the last phase).
    pub load: f64,
    /// When P_0 starts sending it.
    pub start: f64,
    /// Load per node id.
    pub loads: Vec<f64>,
    /// Common finish time T_q^f.
    pub finish: f64,
    /// When P_0 has finished sending (it sends the sets one after another, first hop only).
    pub p0_free: f64,
    /// Root children (sets) in sending order with the end of their shadow
    /// (max over their processors of T^f − load·w·T_cp, Jia, eq. (3.7) with T_cp restored).
    pub shadows: Vec<(usize, f64)>,
    /// The reduction behind the shares.
    pub equivalent: TreeSolution,
}

/// Fraction of the root's block that goes down to `child`: the sum of its subtree's shares.
fn subtree_share(tree: &Tree, shares: &[f64], child: usize) -> f64 {
    let mut s = 0.0;
    let mut stack = vec![child];
    while let Some(v) = stack.pop() {
        s += shares[v];
        stack.extend(tree.children(v));
    }
    s
}

impl VirtualTree {
    /// Distributes `x` units from the non-computing root starting at `t0`: one phase of SLD or
    /// DLD (Jia, §3.3: the reduction of eqs. (3.9)–(3.12) and the shadow end of eq. (3.7)). `rules.relay` is
    /// the rule at relays below the root, `rules.top` the rule at the root, which only changes
    /// the reported finish time (FirstChildLink over-charges the first hop: the thesis's "23.04" and
    /// "57.2", Jia, §3.4).
    ///
    /// # Formula
    /// Equation numbers are Jia's.
    /// ```text
    /// loads = x·shares,  T^f = t0 + x·W_0·T_cp,
    /// W_0 = α_c1·(z_c1·λ + W_c1) (Physical) or α_c1·W_c1 + z_c1·λ (FirstChildLink),  λ = T_cm/T_cp
    /// shadow(set j) = max_{i ∈ j} (T^f − L_i·w_i·T_cp)                                      (3.7)
    /// ```
    ///
    /// # Accuracy
    /// The shares and W_0 carry the error of [`Tree::allocate_with_rules`]; `T^f` adds two roundings. With the
    /// physical rule at both levels, the sets sent one after another in the planned order and
    /// executed on the event engine over the true tree end their last computation at `T^f` to
    /// 1e-9 relative, and no processor ends later (the engine is the independent check:
    /// `tests/unaware/unaware_sld.rs`, 60 random trees of 3–25 nodes with random availability; measured
    /// worst 6.2e-16). Some processors below a relay of the virtual tree finish before `T^f`
    /// there (19 of the processors in those 60 cases): for them the plan is conservative.
    ///
    /// # Errors
    /// [`UnawareError::InvalidParameter`] for x < 0 or a bad scale;
    /// [`UnawareError::NoReachableProcessor`] when the root has no child;
    /// [`UnawareError::NoComputingNode`] for a relay leaf.
    ///
    /// # Examples
    /// Phase_3 of the SNP example (Jia, §3.4, Table 3.2): the remaining 30.2603 units from
    /// 34.16 over the 17 available processors; P_3 gets 7.0795 with the thesis's relay rule.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::{RelayRule, Rules};
    /// # use loadbal::dlt::Tree;
    /// # let parent = [0, 0, 0, 0, 1, 2, 2, 4, 4, 5, 5, 5, 5, 6, 9, 14, 15, 15, 15];
    /// # let z = [0.5, 0.2, 0.4, 0.9, 0.5, 0.3, 0.3, 0.6, 0.2, 0.4, 0.8, 0.8, 0.2, 0.1, 10.0, 0.2, 0.5, 0.4, 0.7];
    /// # let w = [7.0, 2.0, 1.0, 100.0, 2.0, 1.0, 100.0, 8.0, 9.0, 4.0, 7.0, 3.0, 5.0, 8.0, 2.0, 2.0, 4.0, 4.0, 6.0];
    /// # let parent = std::iter::once(None).chain(parent.map(Some)).collect();
    /// # let ex = Tree::from_parents(0, parent, std::iter::once(0.0).chain(z).collect(), std::iter::once(1.0).chain(w).collect()).unwrap();
    /// // `ex`: Jia's Fig. 3.8 tree, built as in the `dlt::unaware` module example.
    /// let mut avail = vec![true; 20];
    /// for v in [0, 4, 7] { avail[v] = false; }
    /// let vt = ex.virtual_tree(&avail, None).unwrap();
    /// let rules = Rules { relay: RelayRule::FirstChildLink, top: RelayRule::Physical };
    /// let d = vt.distribute(30.2603, 34.16, rules, CostScale::new(2.0, 1.0).unwrap()).unwrap();
    /// assert!((d.loads[3] - 7.0795).abs() < 1e-4);
    /// assert!(d.to_string().starts_with("phase load 30.2603 from t = 34.16: finish T^f = "));
    /// ```
    pub fn distribute(
        &self,
        x: f64,
        t0: f64,
        rules: Rules,
        scale: CostScale,
    ) -> Result<PhaseDistribution, UnawareError> {
        let vt = &self.tree;
        let (t_cm, t_cp) = (scale.t_cm(), scale.t_cp());
        non_negative("x", x)?;
        non_negative("t0", t0)?;
        let root = vt.root();
        if vt.children(root).is_empty() {
            return Err(UnawareError::NoReachableProcessor { source_node: root });
        }
        let e = equivalent(vt, rules, scale)?;
        let loads: Vec<f64> = e.allocation.alpha.iter().map(|s| s * x).collect();
        let finish = t0 + x * e.allocation.w_equivalent * t_cp;
        let mut p0_free = t0;
        let mut shadows = Vec::new();
        for &c in &e.send_order[root] {
            p0_free += x * subtree_share(vt, &e.allocation.alpha, c) * vt.z_up(c) * t_cm;
            let mut end = f64::NEG_INFINITY;
            let mut stack = vec![c];
            while let Some(v) = stack.pop() {
                if let Some(wv) = vt.w(v) {
                    end = end.max(finish - loads[v] * wv * t_cp);
                }
                stack.extend(vt.children(v));
            }
            shadows.push((c, end));
        }
        Ok(PhaseDistribution { load: x, start: t0, loads, finish, p0_free, shadows, equivalent: e })
    }
}

impl fmt::Display for PhaseDistribution {
    /// `phase load 30.2603 from t = 34.16: finish T^f = 55.3, P_0 free at 40.1, 4 sets (shadows
    /// until 50.2, …)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shadows: Vec<String> = self.shadows.iter().map(|&(s, t)| format!("P_{s} {}", r6(t))).collect();
        write!(
            f,
            "phase load {} from t = {}: finish T^f = {}, P_0 free at {}, {} sets (shadows until {})",
            r6(self.load),
            r6(self.start),
            r6(self.finish),
            r6(self.p0_free),
            self.shadows.len(),
            shadows.join(", ")
        )
    }
}
