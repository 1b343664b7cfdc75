//! Result collection on a star: every worker returns `δ·α_i` units over its link after
//! computing; the root's single port never overlaps sends and returns (Drozdowski 1997,
//! eqs. (6)–(7); Beaumont, Marchal & Robert 2005, see [`crate::references`]).

use super::allocation::Allocation;
use super::cost_scale::CostScale;
use super::engine::{Action, Schedule, Trace, simulate};
use super::error::{DltError, non_negative};
use super::options::Options;
use super::root::Root;
use super::star::star_schedule;
use super::star_network::Star;
use super::worker::Worker;

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
/// As [`Star::allocate`]: within `4·n·ε` relative.
fn collect_lifo(star: &Star, delta: f64, opts: Options) -> Result<Allocation, DltError> {
    let inflated: Vec<Worker> =
        star.workers().iter().map(|&Worker { w, z }| Worker { w, z: (1.0 + delta) * z }).collect();
    Star::new(star.root(), inflated)?.allocate(opts)
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
fn collect_fifo(star_in_order: &Star, delta: f64, opts: Options) -> Result<Allocation, DltError> {
    let (root, children_in_order) = (star_in_order.root(), star_in_order.workers());
    opts.check()?;
    let Options { load, scale, .. } = opts;
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
        Root::FrontEnd { w } => t / (w * scale.t_cp()),
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
        w_equivalent: t * f / (load * scale.t_cp()),
    }
    .checked()
}

impl Star {
    /// Divisible load on a star whose workers return `returns.delta` units of result per unit
    /// of load to the root, collected in `returns.order`; the root's single port never overlaps
    /// sends and returns.
    ///
    /// - [`ReturnOrder::Lifo`] (returns in reverse send order, no idle link): exactly the star
    ///   with `z` replaced by `(1 + δ)·z` (Drozdowski 1997, eq. (6) with no start-up); workers are
    ///   served in `opts.order`.
    /// - [`ReturnOrder::Fifo`] (returns in send order, no idle time): workers served in the given
    ///   order (Drozdowski 1997, eq. (7); `opts.order` is not consulted). Not optimal in general
    ///   (Beaumont, Marchal & Robert 2005).
    ///
    /// # Formula
    /// ```text
    /// LIFO: a_i·α_i = ((1 + δ)·c_{i+1} + a_{i+1})·α_{i+1};   T = ((1 + δ)·c_1 + a_1)·α_1 (non-computing root)
    /// FIFO: (a_i + δ·c_i)·α_i = (c_{i+1} + a_{i+1})·α_{i+1};   T = t_n + (a_n + δ·c_n)·α_n,  t_n = Σ c_j·α_j
    ///       front-end root: α_0 = T/a_0;   validity: t_1 + a_1·α_1 ≥ t_n
    /// ```
    ///
    /// # Accuracy
    /// LIFO as [`Star::allocate`]; FIFO products and sums of positive terms: within `4·n·ε`
    /// relative.
    ///
    /// # Errors
    /// As [`Star::allocate`]; [`DltError::Negative`] for `δ < 0`;
    /// [`DltError::InvalidArgument`] for a root without a front-end. FIFO:
    /// [`DltError::InfeasibleStructure`] when the validity condition fails (the first return
    /// would start before the last send ends); [`DltError::Empty`] without workers;
    /// [`DltError::IllConditioned`] if the chained ratios leave the range of `f64`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Options, ReturnOrder, Returns, Root, Star, Worker};
    /// let star = Star::new(Root::NonComputing, vec![Worker { w: 1.0, z: 1.0 }]).unwrap();
    /// // One worker, c = a = 1, δ = 1: send 1, compute 1, return 1: T = 3.
    /// let lifo = Returns { delta: 1.0, order: ReturnOrder::Lifo };
    /// assert_eq!(star.allocate_with_returns(lifo, Options::default()).unwrap().makespan, 3.0);
    /// // One worker: FIFO = LIFO, T = (c + a + δc)·L.
    /// let fifo = Returns { delta: 0.5, order: ReturnOrder::Fifo };
    /// assert_eq!(star.allocate_with_returns(fifo, Options::load(2.0)).unwrap().makespan, 5.0);
    /// ```
    pub fn allocate_with_returns(&self, returns: Returns, opts: Options) -> Result<Allocation, DltError> {
        check_mode(self.root())?;
        non_negative("delta", 0, returns.delta)?;
        match returns.order {
            ReturnOrder::Lifo => collect_lifo(self, returns.delta, opts),
            ReturnOrder::Fifo => collect_fifo(self, returns.delta, opts),
        }
    }

    /// Executes a star allocation with result returns on the event engine: the root sends in
    /// `alloc.send_order`, then collects `δ·α_i` from each worker, in reverse order (LIFO) or in
    /// send order (FIFO). The trace's `makespan` is the end of the last return.
    ///
    /// # Errors
    /// As [`Star::simulate`] (the schedule it builds and the engine that runs it).
    ///
    /// # Examples
    /// LIFO collection is a star with links (1 + δ)·z: the allocation of that star, executed with
    /// returns, ends its last return at the star's makespan.
    /// ```
    /// use loadbal::dlt::{CostScale, Options, ReturnOrder, Returns, Root, Star, Worker};
    /// let (workers, delta) = (vec![Worker { w: 1.0, z: 0.5 }, Worker { w: 2.0, z: 0.3 }], 0.5);
    /// let inflated: Vec<Worker> = workers.iter().map(|&Worker { w, z }| Worker { w, z: (1.0 + delta) * z }).collect();
    /// let a = Star::new(Root::NonComputing, inflated).unwrap().allocate(Options::default()).unwrap();
    /// let returns = Returns { delta, order: ReturnOrder::Lifo };
    /// let star = Star::new(Root::NonComputing, workers).unwrap();
    /// let t = star.simulate_with_returns(&a, returns, CostScale::unit()).unwrap();
    /// assert!((t.makespan - a.makespan).abs() < 1e-12);
    /// ```
    pub fn simulate_with_returns(
        &self,
        alloc: &Allocation,
        returns: Returns,
        scale: CostScale,
    ) -> Result<Trace, DltError> {
        non_negative("delta", 0, returns.delta)?;
        let Schedule { network: net, mut plans } = star_schedule(self, alloc, scale)?;
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
}
