//! Result collection on a star: every worker returns `δ·α_i` units over its link after
//! computing; the root's single port never overlaps sends and returns (Drozdowski 1997,
//! eqs. (6)–(7); Beaumont, Marchal & Robert 2005, see [`crate::references`]).

use super::engine::{Action, Schedule, Trace, simulate};
use super::error::{DltError, non_negative};
use super::star::{star_schedule, validate_children, validate_root};
use super::types::{Allocation, CostScale, Options, Root, Star};

/// The order in which the root collects the results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ReturnOrder {
    /// Last served, first collected.
    Lifo,
    /// In send order.
    Fifo,
}

/// Result returns: every worker sends back `delta·α_i` units, collected in `order`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Returns {
    /// Units of result per unit of load, ≥ 0.
    pub delta: f64,
    /// Collection order.
    pub order: ReturnOrder,
}

fn check_mode(root: Root) -> Result<(), DltError> {
    if let Root::NoFrontEnd { .. } = root {
        return Err(DltError::InvalidArgument {
            what: "result collection is modelled for a front-end or non-computing root".into(),
        });
    }
    Ok(())
}

/// LIFO result collection (returns in reverse send order, no idle link): exactly the star with
/// `z` replaced by `(1 + δ)·z` (Drozdowski 1997, eq. (6) with no start-up). Children are served
/// in `opts.order`.
///
/// # Formula
/// ```text
/// a_i·α_i = ((1 + δ)·c_{i+1} + a_{i+1})·α_{i+1};   T = ((1 + δ)·c_1 + a_1)·α_1 (non-computing root)
/// ```
///
/// # Accuracy
/// As [`crate::dlt::star_allocate`]: within `4·n·ε` relative.
///
/// # Errors
/// As [`crate::dlt::star_allocate`]; [`DltError::Negative`] for `δ < 0`;
/// [`DltError::InvalidArgument`] for a root without a front-end.
///
/// ```
/// use loadbal::dlt::{collect_lifo, Options, Root, Star};
/// // One worker, c = a = 1, δ = 1: send 1, compute 1, return 1: T = 3.
/// let s = collect_lifo(Star::new(Root::NonComputing, &[(1.0, 1.0)]), 1.0, Options::default()).unwrap();
/// assert_eq!(s.makespan, 3.0);
/// ```
pub fn collect_lifo(star: Star<'_>, delta: f64, opts: Options) -> Result<Allocation, DltError> {
    check_mode(star.root)?;
    non_negative("delta", 0, delta)?;
    validate_children(star.children)?;
    let inflated: Vec<(f64, f64)> = star.children.iter().map(|&(z, w)| ((1.0 + delta) * z, w)).collect();
    super::star_allocate(Star::new(star.root, &inflated), opts)
}

/// FIFO result collection with no idle time, children served in the given order (Drozdowski
/// 1997, eq. (7); `opts.order` is not consulted). Not optimal in general (Beaumont, Marchal &
/// Robert 2005).
///
/// # Formula
/// ```text
/// (a_i + δ·c_i)·α_i = (c_{i+1} + a_{i+1})·α_{i+1};   T = t_n + (a_n + δ·c_n)·α_n,  t_n = Σ c_j·α_j
/// front-end root: α_0 = T/a_0;   validity: t_1 + a_1·α_1 ≥ t_n
/// ```
///
/// # Accuracy
/// Products and sums of positive terms: within `4·n·ε` relative.
///
/// # Errors
/// As [`collect_lifo`]; [`DltError::InfeasibleStructure`] when the validity condition fails
/// (the first return would start before the last send ends); [`DltError::Empty`] without
/// children; [`DltError::IllConditioned`] if the chained ratios leave the range of `f64`.
///
/// ```
/// use loadbal::dlt::{collect_fifo, Options, Root, Star};
/// // One worker: FIFO = LIFO, T = (c + a + δc)·L.
/// let s = collect_fifo(Star::new(Root::NonComputing, &[(1.0, 1.0)]), 0.5, Options::load(2.0)).unwrap();
/// assert_eq!(s.makespan, 5.0);
/// ```
pub fn collect_fifo(star_in_order: Star<'_>, delta: f64, opts: Options) -> Result<Allocation, DltError> {
    let Star { root, children: children_in_order } = star_in_order;
    check_mode(root)?;
    opts.check()?;
    let Options { load, scale, .. } = opts;
    non_negative("delta", 0, delta)?;
    validate_root(root, children_in_order.len())?;
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
    if alpha.iter().any(|x| !x.is_finite() || *x == 0.0) {
        return Err(DltError::IllConditioned {
            what: format!(
                "FIFO collection over {n} workers: the ratio of the first to the last share leaves the range of f64"
            ),
        });
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
    let root_alpha = match root {
        Root::FrontEnd { w } => t / (w * scale.t_cp),
        _ => 0.0,
    };
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
/// `alloc.send_order`, then collects `δ·α_i` from each worker, in reverse order (LIFO) or in
/// send order (FIFO). The trace's `makespan` is the end of the last return.
///
/// # Errors
/// As [`crate::dlt::star_simulate`] (the schedule it builds) and [`simulate`].
///
/// # Examples
/// LIFO collection is a star with links (1 + δ)·z: the allocation of that star, executed with
/// returns, ends its last return at the star's makespan.
/// ```
/// use loadbal::dlt::{collect_simulate, star_allocate, CostScale, Options, ReturnOrder, Returns, Root, Star};
/// let (ch, delta) = ([(0.5, 1.0), (0.3, 2.0)], 0.5);
/// let inflated: Vec<(f64, f64)> = ch.iter().map(|&(z, w)| ((1.0 + delta) * z, w)).collect();
/// let a = star_allocate(Star::new(Root::NonComputing, &inflated), Options::default()).unwrap();
/// let returns = Returns { delta, order: ReturnOrder::Lifo };
/// let t = collect_simulate(Star::new(Root::NonComputing, &ch), &a, returns, CostScale::unit()).unwrap();
/// assert!((t.makespan - a.makespan).abs() < 1e-12);
/// ```
pub fn collect_simulate(
    star: Star<'_>,
    alloc: &Allocation,
    returns: Returns,
    scale: CostScale,
) -> Result<Trace, DltError> {
    non_negative("delta", 0, returns.delta)?;
    let Schedule { network: net, mut plans } = star_schedule(star, alloc, scale)?;
    // The root's computation goes on its own lane (front-end), so appending returns is safe.
    let mut order = alloc.send_order.clone();
    if returns.order == ReturnOrder::Lifo {
        order.reverse();
    }
    for p in order {
        plans[0].push(Action::Collect { from: p, amount: returns.delta * alloc.alpha[p] });
    }
    simulate(&net, &plans)
}
