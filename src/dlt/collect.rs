//! Result collection on a star: every worker returns `δ·α_i` units over its link after
//! computing; the root's single port never overlaps sends and returns (reference §8;
//! Drozdowski's eqs. (6)–(7)).

use super::engine::{Action, Trace, simulate};
use super::error::{DltError, non_negative, positive};
use super::star::{star_schedule, validate_children, validate_root};
use super::types::{Allocation, CostScale, OrderPolicy, RootMode};

fn check_mode(root: RootMode) -> Result<(), DltError> {
    if root == RootMode::NoFrontEnd {
        return Err(DltError::InvalidArgument {
            what: "result collection is modelled for a front-end or non-computing root".into(),
        });
    }
    Ok(())
}

/// LIFO result collection (returns in reverse send order, no idle link): exactly the star with
/// `z` replaced by `(1 + δ)·z` (reference §8.1; Drozdowski eq. (6) with S = 0).
///
/// # Formula
/// ```text
/// a_i·α_i = ((1 + δ)·c_{i+1} + a_{i+1})·α_{i+1};   T = ((1 + δ)·c_1 + a_1)·α_1 (non-computing root)
/// ```
///
/// # Errors
/// As [`crate::dlt::star_allocate`]; [`DltError::Negative`] for `δ < 0`;
/// [`DltError::InvalidArgument`] for a root without a front-end.
///
/// ```
/// use loadbal::dlt::{collect_lifo, CostScale, OrderPolicy, RootMode};
/// // One worker, c = a = 1, δ = 1: send 1, compute 1, return 1: T = 3.
/// let s = collect_lifo(RootMode::NonComputing, 1.0, &[(1.0, 1.0)], 1.0, CostScale::unit(),
///                      OrderPolicy::Optimal, 1.0).unwrap();
/// assert_eq!(s.makespan, 3.0);
/// ```
pub fn collect_lifo(
    root: RootMode,
    w_root: f64,
    children: &[(f64, f64)],
    delta: f64,
    scale: CostScale,
    order: OrderPolicy,
    load: f64,
) -> Result<Allocation, DltError> {
    check_mode(root)?;
    non_negative("delta", 0, delta)?;
    validate_children(children)?;
    let inflated: Vec<(f64, f64)> = children.iter().map(|&(z, w)| ((1.0 + delta) * z, w)).collect();
    super::star_allocate(root, w_root, &inflated, scale, order, load)
}

/// FIFO result collection with no idle time, children served in the given order (reference
/// §8.1; Drozdowski eq. (7)). Not optimal in general (Beaumont, Marchal & Robert 2005).
///
/// # Formula
/// ```text
/// (a_i + δ·c_i)·α_i = (c_{i+1} + a_{i+1})·α_{i+1};   T = t_n + (a_n + δ·c_n)·α_n,  t_n = Σ c_j·α_j
/// front-end root: α_0 = T/a_0;   validity: t_1 + a_1·α_1 ≥ t_n
/// ```
///
/// # Errors
/// As [`collect_lifo`]; [`DltError::InfeasibleStructure`] when the validity condition fails
/// (the first return would start before the last send ends); [`DltError::Empty`] without
/// children.
///
/// ```
/// use loadbal::dlt::{collect_fifo, CostScale, RootMode};
/// // One worker: FIFO = LIFO, T = (c + a + δc)·L.
/// let s = collect_fifo(RootMode::NonComputing, 1.0, &[(1.0, 1.0)], 0.5, CostScale::unit(), 2.0).unwrap();
/// assert_eq!(s.makespan, 5.0);
/// ```
pub fn collect_fifo(
    root: RootMode,
    w_root: f64,
    children_in_order: &[(f64, f64)],
    delta: f64,
    scale: CostScale,
    load: f64,
) -> Result<Allocation, DltError> {
    check_mode(root)?;
    scale.check()?;
    positive("load", 0, load)?;
    non_negative("delta", 0, delta)?;
    validate_root(root, w_root, children_in_order.len())?;
    validate_children(children_in_order)?;
    if children_in_order.is_empty() {
        return Err(DltError::Empty { what: "result collection needs children" });
    }
    let n = children_in_order.len();
    let (c, a) = super::star::split(children_in_order, scale);
    let mut alpha = vec![0.0; n];
    alpha[0] = 1.0;
    for i in 1..n {
        alpha[i] = (a[i - 1] + delta * c[i - 1]) * alpha[i - 1] / (c[i] + a[i]);
    }
    let tn: f64 = (0..n).map(|i| c[i] * alpha[i]).sum();
    let t = tn + (a[n - 1] + delta * c[n - 1]) * alpha[n - 1];
    if c[0] * alpha[0] + a[0] * alpha[0] < tn * (1.0 - 1e-12) {
        return Err(DltError::InfeasibleStructure {
            reason: format!(
                "FIFO validity fails: the first worker finishes at {} before the last send ends at {tn} (per unit of its load)",
                (c[0] + a[0]) * alpha[0]
            ),
        });
    }
    let root_alpha = if root == RootMode::FrontEnd { t / (w_root * scale.t_cp) } else { 0.0 };
    let f = load / (alpha.iter().sum::<f64>() + root_alpha);
    let mut full = vec![root_alpha * f];
    full.extend(alpha.iter().map(|x| x * f));
    let participating = full.iter().map(|&x| x > 0.0).collect();
    Allocation {
        alpha: full,
        makespan: t * f,
        send_order: (1..=n).collect(),
        participating,
        w_equivalent: t * f / (load * scale.t_cp),
    }
    .checked()
}

/// Executes a star allocation with result returns on the event engine: the root sends in
/// `alloc.send_order`, then collects `δ·α_i` from each worker, in reverse order (`lifo`) or in
/// send order. The trace's `makespan` is the end of the last return.
///
/// # Errors
/// As [`crate::dlt::star_schedule`] and [`simulate`].
///
/// # Examples
/// LIFO collection is a star with links (1 + δ)·z: the allocation of that star, executed with
/// returns, ends its last return at the star's makespan.
/// ```
/// use loadbal::dlt::{collect_simulate, star_allocate, CostScale, OrderPolicy, RootMode};
/// let (ch, delta) = ([(0.5, 1.0), (0.3, 2.0)], 0.5);
/// let inflated: Vec<(f64, f64)> = ch.iter().map(|&(z, w)| ((1.0 + delta) * z, w)).collect();
/// let a = star_allocate(RootMode::NonComputing, 1.0, &inflated, CostScale::unit(), OrderPolicy::Optimal, 1.0).unwrap();
/// let t = collect_simulate(RootMode::NonComputing, 1.0, &ch, delta, &a, true, CostScale::unit()).unwrap();
/// assert!((t.makespan - a.makespan).abs() < 1e-12);
/// ```
pub fn collect_simulate(
    root: RootMode,
    w_root: f64,
    children: &[(f64, f64)],
    delta: f64,
    alloc: &Allocation,
    lifo: bool,
    scale: CostScale,
) -> Result<Trace, DltError> {
    non_negative("delta", 0, delta)?;
    let (net, mut plans) = star_schedule(root, w_root, children, alloc, scale)?;
    // The root's computation goes on its own lane (front-end), so appending returns is safe.
    let mut order = alloc.send_order.clone();
    if lifo {
        order.reverse();
    }
    for p in order {
        plans[0].push(Action::Collect { from: p, amount: delta * alloc.alpha[p] });
    }
    simulate(&net, &plans)
}
