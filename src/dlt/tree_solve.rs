//! Solving a multi-level tree: the bottom-up reduction to an equivalent processor with the drop
//! rule, the top-down inflation of the shares, and the plan that executes them on the event
//! engine (the tree itself, and its checks, are in `tree.rs`).

use super::allocation::Allocation;
use super::cost_scale::CostScale;
use super::engine::{Action, Network, Schedule, Trace};
use super::error::DltError;
use super::options::{Options, OrderPolicy};
use super::participation::{INCLUDE_SLACK, flush};
use super::ports::Ports;
use super::radix::stable_order_by;
use super::tree::{RelayRule, Rules, Tree};

/// How far from 1 the shares of a unit load may sum (rounding over a million nodes stays
/// below 1e-9); further means the reduction lost them to underflow.
const SHARES_SUM_TOLERANCE: f64 = 1e-6;

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
    use crate::dlt::KaryTree;

    #[test]
    fn tree_schedule_has_one_plan_per_node() {
        let t = Tree::kary(KaryTree { w: 1.0, z: 0.2, front_end: true, k: 2, depth: 2 }).unwrap();
        let sol = t.allocate(Options::default()).unwrap();
        let s = tree_schedule(&t, &sol, CostScale::unit()).unwrap();
        assert_eq!((s.network.len(), s.plans.len()), (7, 7));
    }
}
