//! Single-level tree (star) with heterogeneous links and processors: the rate form of the
//! classical recursion (Bharadwaj et al. 1996; Bataineh, Hsiung & Robertazzi 1994, see
//! [`crate::references`]) and Jia's root fraction (Jia, eqs. (3.11)–(3.12)).

use super::engine::{Action, Network, Node, Schedule, Trace};
use super::error::{DltError, non_negative, positive};
use super::types::{Allocation, CostScale, Options, OrderPolicy, Root, RootMode, Star, stable_order_by};

/// Unit-load solution of a star in `a`/`c` units, children in their input positions.
#[derive(Debug, Clone)]
pub(crate) struct StarSolution {
    pub t: f64,
    pub alpha_root: f64,
    pub alpha: Vec<f64>,
    pub order: Vec<usize>,
}

pub(crate) fn validate_children(children: &[(f64, f64)]) -> Result<(), DltError> {
    for (i, &(z, w)) in children.iter().enumerate() {
        non_negative("child z", i, z)?;
        positive("child w", i, w)?;
    }
    Ok(())
}

pub(crate) fn validate_root(root: Root, n_children: usize) -> Result<(), DltError> {
    root.check()?;
    if root == Root::NonComputing && n_children == 0 {
        return Err(DltError::Empty { what: "a non-computing root without children" });
    }
    Ok(())
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
        w_equivalent: s.t / scale.t_cp,
    }
    .scaled(load)
}

/// The optimal send order of a star with linear costs: children by non-decreasing `z` (stable).
/// Positions are indices into `children` (Bharadwaj et al. 1996; the `w` do not matter).
///
/// ```
/// use loadbal::dlt::star_optimal_order;
/// assert_eq!(star_optimal_order(&[(0.5, 1.0), (0.1, 9.0), (0.5, 2.0)]), vec![1, 0, 2]);
/// ```
pub fn star_optimal_order(children: &[(f64, f64)]) -> Vec<usize> {
    stable_order_by(&children.iter().map(|c| c.0).collect::<Vec<_>>())
}

/// Divisible load on a star (single-level tree): root mode, heterogeneous `(z_i, w_i)` children,
/// send order and participation (Jia, §2 and §3 assume it; the rate form of the classical
/// recursion of Bharadwaj et al. 1996, see [`crate::references`]).
///
/// Returns `alpha[0]` for the root and `alpha[i + 1]` for `star.children[i]`. Children that
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
/// [`DltError::NonPositive`]/[`DltError::NonFinite`] for a root or child `w ≤ 0` or NaN, a bad
/// scale or load, [`DltError::Negative`] for `z < 0`, [`DltError::Empty`] for a non-computing
/// root without children, [`DltError::NonFinite`] naming the result if scaled costs overflow.
/// `z = 0` is valid.
///
/// # Examples
/// Jia's anchor (Jia, §2.B, eq. (3.11)): `T_cp = 2`, `T_cm = 1`, root `w = 2`, one child
/// `w = 2` over `z = 0.6`: `α_0 = 4.6/8.6` and `w' = α_0·w_0`.
/// ```
/// use loadbal::dlt::{star_allocate, CostScale, Options, Root, Star};
/// let star = Star::new(Root::FrontEnd { w: 2.0 }, &[(0.6, 2.0)]);
/// let s = star_allocate(star, Options::load(1.0).with_scale(CostScale::new(2.0, 1.0).unwrap())).unwrap();
/// assert!((s.alpha[0] - 4.6 / 8.6).abs() < 1e-15);
/// assert!((s.w_equivalent - 2.0 * 4.6 / 8.6).abs() < 1e-15);
/// ```
pub fn star_allocate(star: Star<'_>, opts: Options) -> Result<Allocation, DltError> {
    opts.check()?;
    validate_root(star.root, star.children.len())?;
    super::star_solve::allocate(star.root, star.children, opts.scale, opts.order, opts.load)
}

pub(crate) fn split(children: &[(f64, f64)], scale: CostScale) -> (Vec<f64>, Vec<f64>) {
    children.iter().map(|&(z, w)| (z * scale.t_cm, w * scale.t_cp)).unzip()
}

/// The rate `1/T` of a star for unit load with its children served in the given order,
/// participation rule included (Bharadwaj et al. 1996, rate form).
///
/// # Formula
/// ```text
/// 1/T = R_1 (+ 1/a_0 with a front-end), R from the backward recursion of `star_allocate`
/// ```
///
/// # Accuracy
/// As [`star_allocate`].
///
/// # Errors
/// As [`star_allocate`].
///
/// ```
/// use loadbal::dlt::{star_rate, CostScale, Root, Star};
/// // One non-computing root, one worker with c = a = 1: T = c + a = 2.
/// assert_eq!(star_rate(Star::new(Root::NonComputing, &[(1.0, 1.0)]), CostScale::unit()).unwrap(), 0.5);
/// ```
pub fn star_rate(star_in_order: Star<'_>, scale: CostScale) -> Result<f64, DltError> {
    let opts = Options { load: 1.0, scale, order: OrderPolicy::AsGiven };
    let s = star_allocate(star_in_order, opts)?;
    Ok(1.0 / s.makespan)
}

/// Star in product form, every child participating (Bharadwaj et al. 1996 closed form; Jia,
/// eqs. (3.11)–(3.12), whose index typo is corrected in [`jia_root_fraction`]). Children are
/// served in `opts.order`: in input order, or by non-decreasing `z`.
///
/// # Formula
/// ```text
/// q_i = Π_{j<i} a_j / Π_{j≤i} (c_j + a_j),  Q = Σ q_i,  Π = Π_j a_j/(c_j + a_j)
/// front-end: T = 1/(1/a_0 + Q), α_0 = T/a_0;   no front-end: T = 1/(Q + Π/a_0), α_0 = Π·T/a_0;
/// non-computing: T = 1/Q, α_0 = 0;   α_i = q_i·T
/// ```
/// Without the participation rule a child whose link is too slow gets a share that makes the
/// schedule longer than without it; [`star_allocate`] drops such children.
///
/// # Accuracy
/// The products and the sum of positive terms are within `2·n·ε` relative; the tests find the
/// makespan within 2e-15 of 50-digit references (`tests/dlt/dlt_references.rs`).
///
/// # Errors
/// As [`star_allocate`].
///
/// ```
/// use loadbal::dlt::{star_product_form, Options, Root, Star};
/// // Two identical workers behind a non-computing root, c = a = 1: T = (c + a)²/(c + 2a) = 4/3.
/// let s = star_product_form(Star::new(Root::NonComputing, &[(1.0, 1.0), (1.0, 1.0)]), Options::default()).unwrap();
/// assert!((s.makespan - 4.0 / 3.0).abs() < 1e-15);
/// ```
pub fn star_product_form(star: Star<'_>, opts: Options) -> Result<Allocation, DltError> {
    opts.check()?;
    validate_root(star.root, star.children.len())?;
    validate_children(star.children)?;
    let scale = opts.scale;
    let order: Vec<usize> = match opts.order {
        OrderPolicy::AsGiven => (0..star.children.len()).collect(),
        OrderPolicy::Optimal => star_optimal_order(star.children),
    };
    let (c, a) = split(star.children, scale);
    let a0 = star.root.w().map_or(f64::INFINITY, |w| w * scale.t_cp);
    let mut q = vec![0.0; c.len()];
    let mut prod = 1.0;
    for &i in &order {
        q[i] = prod / (c[i] + a[i]);
        prod *= a[i] / (c[i] + a[i]);
    }
    let big_q: f64 = order.iter().map(|&i| q[i]).sum();
    let (t, alpha_root) = match star.root {
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
    to_allocation(s, star.root.mode(), scale, opts.load).checked()
}

/// Jia's root fraction of a star with a front-end root (Jia, eqs. (3.11)–(3.12)). As printed,
/// eq. (3.11)'s product runs over `v = u..n` with `f_v` indexed one off; the form below (the
/// product form of [`star_product_form`] divided through by `Π a_j`) is the one that agrees
/// with Jia's own two-processor value `α_0 = 4.6/8.6` (Jia, §2.B).
///
/// # Formula
/// ```text
/// f_k = (w_k + z_k·T_cm/T_cp) / w_{k−1}   (w_0 = root)
/// α_0 = Π_{v=1..n} f_v / (1 + Σ_{u=1..n} Π_{v=u..n} f_v)
/// ```
///
/// # Accuracy
/// A product and a sum of positive terms: within `3·n·ε` relative; against 50-digit references
/// the tests find at most 2e-15 (`tests/dlt/dlt_references.rs`).
///
/// # Errors
/// As [`star_allocate`].
///
/// ```
/// use loadbal::dlt::{jia_root_fraction, CostScale};
/// let a0 = jia_root_fraction(2.0, &[(0.6, 2.0)], CostScale::new(2.0, 1.0).unwrap()).unwrap();
/// assert!((a0 - 4.6 / 8.6).abs() < 1e-15);
/// ```
pub fn jia_root_fraction(w_root: f64, children_in_order: &[(f64, f64)], scale: CostScale) -> Result<f64, DltError> {
    scale.check()?;
    positive("root w", 0, w_root)?;
    validate_children(children_in_order)?;
    let mut prev = w_root;
    let f: Vec<f64> = children_in_order
        .iter()
        .map(|&(z, w)| {
            let fk = (w + z * scale.t_cm / scale.t_cp) / prev;
            prev = w;
            fk
        })
        .collect();
    let mut suffix = 1.0;
    let mut sum = 0.0;
    for fk in f.iter().rev() {
        suffix *= fk;
        sum += suffix;
    }
    Ok(suffix / (1.0 + sum))
}

/// Builds the engine network and plans that execute a star allocation (the step behind
/// [`star_simulate`]): node 0 is the root,
/// node `i + 1` is `star.children[i]`; the root sends in `alloc.send_order`, then computes.
///
/// # Errors
/// As [`star_allocate`], plus [`DltError::LengthMismatch`] if `alloc` does not fit the star.
pub(crate) fn star_schedule(star: Star<'_>, alloc: &Allocation, scale: CostScale) -> Result<Schedule, DltError> {
    let children = star.children;
    validate_root(star.root, children.len())?;
    validate_children(children)?;
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
    let root_node = match star.root {
        Root::NonComputing => Node::relay(None, 0.0),
        Root::FrontEnd { w } => Node::computing(None, 0.0, w).with_front_end(true),
        Root::NoFrontEnd { w } => Node::computing(None, 0.0, w).with_front_end(false),
    };
    let mut nodes = vec![root_node];
    nodes.extend(children.iter().map(|&(z, w)| Node::computing(Some(0), z, w)));
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

/// Executes a star allocation on the event engine: node 0 is the root, node `i + 1` is
/// `star.children[i]`; the root sends in `alloc.send_order`, then computes; then
/// [`simulate`](super::engine::simulate) runs it.
///
/// # Errors
/// As [`star_allocate`], [`DltError::LengthMismatch`] if `alloc` does not fit the star, and
/// the errors of [`simulate`](super::engine::simulate).
///
/// # Examples
/// Two identical workers behind a non-computing root: T = (c + a)²/(c + 2a).
/// ```
/// use loadbal::dlt::{star_allocate, star_simulate, CostScale, Options, Root, Star};
/// let star = Star::new(Root::NonComputing, &[(1.0, 1.0), (1.0, 1.0)]);
/// let a = star_allocate(star, Options::default()).unwrap();
/// let t = star_simulate(star, &a, CostScale::unit()).unwrap();
/// assert!((t.compute_makespan - 4.0 / 3.0).abs() < 1e-15);
/// assert!(t.finish_spread(a.makespan) < 1e-12);
/// ```
pub fn star_simulate(star: Star<'_>, alloc: &Allocation, scale: CostScale) -> Result<Trace, DltError> {
    star_schedule(star, alloc, scale)?.simulate()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_schedule_sends_once_per_child_then_computes() {
        let star = Star::new(Root::NonComputing, &[(1.0, 1.0), (0.5, 2.0)]);
        let a = star_allocate(star, Options::default()).unwrap();
        let s = star_schedule(star, &a, CostScale::unit()).unwrap();
        assert_eq!(s.network.len(), 3);
        assert_eq!(s.plans[0].len(), 2); // one send per child, no computation at the root
    }
}
