//! The questions of a [`Star`] with heterogeneous links and processors: the rate form of the
//! classical recursion (Bharadwaj et al. 1996; Bataineh, Hsiung & Robertazzi 1994, see
//! [`crate::references`]), the product form, the optimal send order and the execution on the
//! event engine.

use super::allocation::Allocation;
use super::cost_scale::CostScale;
use super::engine::{Action, Network, Node, Schedule, Trace};
use super::error::DltError;
use super::options::{Options, OrderPolicy};
use super::radix::stable_order_by;
use super::root::{Root, RootMode};
use super::star_network::Star;
use super::worker::Worker;

/// Unit-load solution of a star in `a`/`c` units, children in their input positions.
#[derive(Debug, Clone)]
pub(crate) struct StarSolution {
    pub t: f64,
    pub alpha_root: f64,
    pub alpha: Vec<f64>,
    pub order: Vec<usize>,
}

pub(crate) fn to_allocation(s: StarSolution, mode: RootMode, scale: CostScale, load: f64) -> Allocation {
    let mut alpha = Vec::with_capacity(s.alpha.len() + 1);
    alpha.push(s.alpha_root);
    alpha.extend_from_slice(&s.alpha);
    let mut participating: Vec<bool> = alpha.iter().map(|&x| x > 0.0).collect();
    participating[0] = mode != RootMode::NonComputing && s.alpha_root > 0.0;
    Allocation {
        alpha,
        makespan: s.t,
        send_order: s.order.iter().map(|&i| i + 1).collect(),
        participating,
        w_equivalent: s.t / scale.t_cp(),
    }
    .scaled(load)
}

/// The scaled costs `c = z·T_cm` and `a = w·T_cp` of the workers.
pub(crate) fn split(workers: &[Worker], scale: CostScale) -> (Vec<f64>, Vec<f64>) {
    workers.iter().map(|&Worker { w, z }| (z * scale.t_cm(), w * scale.t_cp())).unzip()
}

/// Builds the engine network and plans that execute a star allocation (the step behind
/// [`Star::simulate`]): node 0 is the root,
/// node `i + 1` is worker `i`; the root sends in `alloc.send_order`, then computes.
///
/// # Errors
/// [`DltError::LengthMismatch`] if `alloc` does not fit the star.
pub(crate) fn star_schedule(star: &Star, alloc: &Allocation, scale: CostScale) -> Result<Schedule, DltError> {
    let children = star.workers();
    if alloc.alpha.len() != children.len() + 1 {
        return Err(DltError::LengthMismatch {
            what: "allocation (root + children)",
            expected: children.len() + 1,
            got: alloc.alpha.len(),
        });
    }
    if let Some(&p) = alloc.send_order.iter().find(|&&p| p == 0 || p > children.len()) {
        return Err(DltError::InvalidArgument {
            what: format!("allocation send order names position {p}, not a child of a star of {}", children.len()),
        });
    }
    let root_node = match star.root() {
        Root::NonComputing => Node::relay(None, 0.0),
        Root::FrontEnd { w } => Node::computing(None, 0.0, w).with_front_end(true),
        Root::NoFrontEnd { w } => Node::computing(None, 0.0, w).with_front_end(false),
    };
    let mut nodes = vec![root_node];
    nodes.extend(children.iter().map(|&Worker { w, z }| Node::computing(Some(0), z, w)));
    let net = Network::new(nodes, scale)?;
    let mut plans = vec![Vec::new(); children.len() + 1];
    for &p in &alloc.send_order {
        plans[0].push(Action::Send { to: p, amount: alloc.alpha[p] });
        plans[p].push(Action::Compute { amount: alloc.alpha[p] });
    }
    if alloc.alpha[0] > 0.0 {
        plans[0].push(Action::Compute { amount: alloc.alpha[0] });
    }
    Ok(Schedule { network: net, plans })
}

impl Star {
    /// The optimal send order of a star with linear costs: workers by non-decreasing `z` (stable).
    /// Positions are indices into [`Star::workers`] (Bharadwaj et al. 1996; the `w` do not matter).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Root, Star, Worker};
    /// let workers = vec![Worker { w: 1.0, z: 0.5 }, Worker { w: 9.0, z: 0.1 }, Worker { w: 2.0, z: 0.5 }];
    /// assert_eq!(Star::new(Root::NonComputing, workers).unwrap().optimal_order(), vec![1, 0, 2]);
    /// ```
    pub fn optimal_order(&self) -> Vec<usize> {
        stable_order_by(&self.workers().iter().map(|c| c.z).collect::<Vec<_>>())
    }

    /// Divisible load on a star (single-level tree): root mode, heterogeneous workers `(w_i, z_i)`,
    /// send order and participation (Jia, §2 and §3 assume it; the rate form of the classical
    /// recursion of Bharadwaj et al. 1996, see [`crate::references`]).
    ///
    /// [`Allocation::root_share`] is the root's load and [`Allocation::worker_shares`]`[i]` worker
    /// `i`'s (in `alpha`, position `i + 1`). Workers that
    /// would not shorten the schedule get 0 (only possible for a root without front-end, or for a
    /// fixed order that is not the optimal one).
    ///
    /// # Formula
    /// ```text
    /// a_i = w_i·T_cp, c_i = z_i·T_cm, children in send order 1..n
    /// R_{n+1} = 1/a_0 (no front-end) or 0;   backward: if c_i·R_{i+1} < 1
    ///     R_i = (1 + a_i·R_{i+1}) / (c_i + a_i)   (child included)   else R_i = R_{i+1} (excluded)
    /// 1/T = R_1 + 1/a_0 (front-end) or R_1;   forward: α_i = τ/(c_i + a_i), τ ← τ·a_i/(c_i + a_i) (τ = T)
    /// α_0 = T/a_0 (front-end), τ_final/a_0 (no front-end), 0 (non-computing); all times ·L
    /// by non-decreasing z the excluded children are the suffix with c_i·R_{n+1} ≥ 1, and
    ///     R_1 = Σ_{k≤m} π_k/(c_k + a_k) + π_{m+1}·R_{n+1},   π_k = Π_{j<k} a_j/(c_j + a_j)
    /// ```
    /// `R_i` is the rate (load per second) that children `i..n` absorb when child `i` starts
    /// receiving at time 0 and all finish together: every participant finishes at `T`, the
    /// equal-finish condition of the classical theory.
    ///
    /// # Accuracy
    /// Served by non-decreasing `z` (the optimal order) the rate `R_1` is a sum of positive products
    /// `Π a_j/(c_j + a_j) / (c_k + a_k)` and each share a product of the same ratios (three
    /// roundings a factor, one a term), so the makespan and the shares are within `8·n·ε` relative
    /// (ε = 2.2e-16) for `n` children, and in practice within a few `√n·ε`; in any other order each
    /// step of the backward recursion multiplies the error carried so far by
    /// `a_i·R_{i+1}/(1 + a_i·R_{i+1}) < 1` and adds a few roundings (`4·n·ε`). The tests measure at
    /// most 4.3e-16 for speeds over 12 decades against 50-digit references
    /// (`tests/dlt/dlt_references.rs`). Shares below 2.2e-308 of the load are flushed to 0.
    ///
    /// # Errors
    /// [`DltError::NonPositive`]/[`DltError::NonFinite`] for a bad scale or load,
    /// [`DltError::Unrepresentable`] if scaled costs overflow or underflow. (The star itself was
    /// validated by [`Star::new`]; `z = 0` is valid.)
    ///
    /// # Examples
    /// Jia's anchor (Jia, §2.B, eq. (3.11)): `T_cp = 2`, `T_cm = 1`, root `w = 2`, one child
    /// `w = 2` over `z = 0.6`: `α_0 = 4.6/8.6` and `w' = α_0·w_0`.
    /// ```
    /// use loadbal::dlt::{CostScale, Options, Root, Star, Worker};
    /// let star = Star::new(Root::FrontEnd { w: 2.0 }, vec![Worker { w: 2.0, z: 0.6 }]).unwrap();
    /// let s = star.allocate(Options::load(1.0).with_scale(CostScale::new(2.0, 1.0).unwrap())).unwrap();
    /// assert!((s.root_share() - 4.6 / 8.6).abs() < 1e-15);
    /// assert!((s.w_equivalent - 2.0 * 4.6 / 8.6).abs() < 1e-15);
    /// ```
    pub fn allocate(&self, opts: Options) -> Result<Allocation, DltError> {
        opts.check()?;
        super::star_solve::allocate(self, opts.scale, opts.order, opts.load)
    }

    /// Star in product form, every child participating (Bharadwaj et al. 1996 closed form; Jia,
    /// eqs. (3.11)–(3.12), whose index typo is corrected in `loadbal-papers`). Workers are
    /// served in `opts.order`: in input order, or by non-decreasing `z`.
    ///
    /// # Formula
    /// ```text
    /// q_i = Π_{j<i} a_j / Π_{j≤i} (c_j + a_j),  Q = Σ q_i,  Π = Π_j a_j/(c_j + a_j)
    /// front-end: T = 1/(1/a_0 + Q), α_0 = T/a_0;   no front-end: T = 1/(Q + Π/a_0), α_0 = Π·T/a_0;
    /// non-computing: T = 1/Q, α_0 = 0;   α_i = q_i·T
    /// ```
    /// Without the participation rule a child whose link is too slow gets a share that makes the
    /// schedule longer than without it; [`Star::allocate`] drops such workers.
    ///
    /// # Accuracy
    /// The products and the sum of positive terms are within `2·n·ε` relative; the tests find the
    /// makespan within 2e-15 of 50-digit references (`tests/dlt/dlt_references.rs`).
    ///
    /// # Errors
    /// As [`Star::allocate`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Options, Root, Star, Worker};
    /// // Two identical workers behind a non-computing root, c = a = 1: T = (c + a)²/(c + 2a) = 4/3.
    /// let star = Star::new(Root::NonComputing, vec![Worker { w: 1.0, z: 1.0 }; 2]).unwrap();
    /// let s = star.product_form(Options::default()).unwrap();
    /// assert!((s.makespan - 4.0 / 3.0).abs() < 1e-15);
    /// ```
    pub fn product_form(&self, opts: Options) -> Result<Allocation, DltError> {
        opts.check()?;
        let scale = opts.scale;
        let order: Vec<usize> = match opts.order {
            OrderPolicy::AsGiven => (0..self.workers().len()).collect(),
            OrderPolicy::Optimal => self.optimal_order(),
        };
        let (c, a) = split(self.workers(), scale);
        let a0 = self.root().w().map_or(f64::INFINITY, |w| w * scale.t_cp());
        let mut q = vec![0.0; c.len()];
        let mut prod = 1.0;
        for &i in &order {
            q[i] = prod / (c[i] + a[i]);
            prod *= a[i] / (c[i] + a[i]);
        }
        let big_q: f64 = order.iter().map(|&i| q[i]).sum();
        let (t, alpha_root) = match self.root() {
            Root::FrontEnd { .. } => {
                let t = 1.0 / (1.0 / a0 + big_q);
                (t, t / a0)
            }
            Root::NoFrontEnd { .. } => {
                let t = 1.0 / (big_q + prod / a0);
                (t, prod * t / a0)
            }
            Root::NonComputing => (1.0 / big_q, 0.0),
        };
        let s = StarSolution { t, alpha_root, alpha: q.iter().map(|x| x * t).collect(), order };
        to_allocation(s, self.root().mode(), scale, opts.load).checked()
    }

    /// Executes a star allocation on the event engine: node 0 is the root, node `i + 1` is
    /// worker `i`; the root sends in `alloc.send_order`, then computes; then
    /// the [`engine`](super::engine) runs it.
    ///
    /// # Errors
    /// [`DltError::LengthMismatch`] if `alloc` does not fit the star, and
    /// the errors of the [`engine`](super::engine) (an invalid network or plan).
    ///
    /// # Examples
    /// Two identical workers behind a non-computing root: T = (c + a)²/(c + 2a).
    /// ```
    /// use loadbal::dlt::{CostScale, Options, Root, Star, Worker};
    /// let star = Star::new(Root::NonComputing, vec![Worker { w: 1.0, z: 1.0 }; 2]).unwrap();
    /// let a = star.allocate(Options::default()).unwrap();
    /// let t = star.simulate(&a, CostScale::unit()).unwrap();
    /// assert!((t.compute_makespan - 4.0 / 3.0).abs() < 1e-15);
    /// assert!(t.finish_spread(a.makespan) < 1e-12);
    /// ```
    pub fn simulate(&self, alloc: &Allocation, scale: CostScale) -> Result<Trace, DltError> {
        star_schedule(self, alloc, scale)?.simulate()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_schedule_sends_once_per_child_then_computes() {
        let star = Star::new(Root::NonComputing, vec![Worker { w: 1.0, z: 1.0 }, Worker { w: 2.0, z: 0.5 }]).unwrap();
        let a = star.allocate(Options::default()).unwrap();
        let s = star_schedule(&star, &a, CostScale::unit()).unwrap();
        assert_eq!(s.network.len(), 3);
        assert_eq!(s.plans[0].len(), 2); // one send per child, no computation at the root
    }
}
