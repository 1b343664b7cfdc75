//! Types shared by every divisible-load solver: cost scale, root modes, order policy and the
//! returned allocation.

use std::fmt;

use super::error::{DltError, non_negative, positive};

/// The scale constants of the divisible-load literature (Bharadwaj et al. 1996, see
/// [`crate::references`]; Jia, §2.1): `T_cp` seconds for the standard
/// processor to compute one unit of load and `T_cm` seconds for the standard link to send one.
/// A processor of inverse speed `w` computes one unit in `a = w·T_cp`; a link of inverse speed
/// `z` sends one unit in `c = z·T_cm`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CostScale {
    /// Time for the standard processor to compute one unit of load.
    pub t_cp: f64,
    /// Time for the standard link to send one unit of load.
    pub t_cm: f64,
}

impl CostScale {
    /// A validated scale.
    ///
    /// # Errors
    /// [`DltError::NonPositive`] or [`DltError::NonFinite`] unless both are finite and > 0.
    pub fn new(t_cp: f64, t_cm: f64) -> Result<Self, DltError> {
        positive("t_cp", 0, t_cp)?;
        positive("t_cm", 0, t_cm)?;
        Ok(Self { t_cp, t_cm })
    }

    /// `T_cp = T_cm = 1`: w and z are then the times per unit directly.
    pub fn unit() -> Self {
        Self { t_cp: 1.0, t_cm: 1.0 }
    }

    pub(crate) fn check(&self) -> Result<(), DltError> {
        Self::new(self.t_cp, self.t_cm).map(|_| ())
    }
}

impl Default for CostScale {
    fn default() -> Self {
        Self::unit()
    }
}

/// What the load originator (the root of a star, bus or tree) does, without its speed: the
/// homogeneous models, where the root has the workers' `w`, and the speedup formulas take it.
/// [`Root`] carries the speed of a computing root.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RootMode {
    /// (i) Computes from t = 0 while its front-end sends.
    FrontEnd,
    /// (ii) Sends everything first, then computes.
    NoFrontEnd,
    /// (iii) Does not compute (a bus control unit, BCU).
    NonComputing,
}

impl RootMode {
    /// The [`Root`] of this mode with inverse speed `w` (ignored for [`RootMode::NonComputing`]).
    pub fn with_w(self, w: f64) -> Root {
        match self {
            RootMode::FrontEnd => Root::FrontEnd { w },
            RootMode::NoFrontEnd => Root::NoFrontEnd { w },
            RootMode::NonComputing => Root::NonComputing,
        }
    }
}

impl fmt::Display for RootMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RootMode::FrontEnd => "front-end root",
            RootMode::NoFrontEnd => "root without front-end",
            RootMode::NonComputing => "non-computing root",
        })
    }
}

/// The load originator of a star, bus or multi-installment schedule, with the inverse speed `w`
/// of a root that computes (Jia, §2.1; Bharadwaj et al. 1996, see [`crate::references`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Root {
    /// Computes from t = 0 while its front-end sends.
    FrontEnd {
        /// Inverse computing speed, finite and > 0.
        w: f64,
    },
    /// Sends everything first, then computes.
    NoFrontEnd {
        /// Inverse computing speed, finite and > 0.
        w: f64,
    },
    /// Does not compute (a bus control unit).
    NonComputing,
}

impl Root {
    /// The mode without the speed.
    pub fn mode(&self) -> RootMode {
        match self {
            Root::FrontEnd { .. } => RootMode::FrontEnd,
            Root::NoFrontEnd { .. } => RootMode::NoFrontEnd,
            Root::NonComputing => RootMode::NonComputing,
        }
    }

    /// The inverse speed of a computing root.
    ///
    /// # Accuracy
    /// Exact (stored value).
    pub fn w(&self) -> Option<f64> {
        match *self {
            Root::FrontEnd { w } | Root::NoFrontEnd { w } => Some(w),
            Root::NonComputing => None,
        }
    }

    /// Checks `w` (finite, > 0) of a computing root.
    pub(crate) fn check(&self) -> Result<(), DltError> {
        if let Some(w) = self.w() {
            positive("root w", 0, w)?;
        }
        Ok(())
    }
}

impl fmt::Display for Root {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.w() {
            Some(w) => write!(f, "{} (w = {w})", self.mode()),
            None => write!(f, "{}", self.mode()),
        }
    }
}

/// How to solve: the load `L`, the cost scale and the order children are served in.
///
/// `Options::default()` is a unit load, [`CostScale::unit`] and [`OrderPolicy::Optimal`].
/// Functions whose order is fixed by the model (chains, product forms in the given order,
/// homogeneous networks, start-ups in the given order) do not consult `order`; their
/// documentation says so.
///
/// ```
/// use loadbal::dlt::{CostScale, Options, OrderPolicy};
/// let o = Options::load(10.0).with_scale(CostScale::new(2.0, 1.0).unwrap()).with_order(OrderPolicy::AsGiven);
/// assert_eq!((o.load, o.scale.t_cp, o.order), (10.0, 2.0, OrderPolicy::AsGiven));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Options {
    /// The load `L` to distribute, finite and > 0.
    pub load: f64,
    /// `T_cp` and `T_cm`.
    pub scale: CostScale,
    /// The order children are served in, where the function chooses one.
    pub order: OrderPolicy,
}

impl Default for Options {
    fn default() -> Self {
        Self { load: 1.0, scale: CostScale::unit(), order: OrderPolicy::Optimal }
    }
}

impl Options {
    /// The default options with load `load`.
    pub fn load(load: f64) -> Self {
        Self { load, ..Self::default() }
    }

    /// The same options with another scale.
    pub fn with_scale(self, scale: CostScale) -> Self {
        Self { scale, ..self }
    }

    /// The same options with another order policy.
    pub fn with_order(self, order: OrderPolicy) -> Self {
        Self { order, ..self }
    }

    /// Checks the load and the scale.
    pub(crate) fn check(&self) -> Result<(), DltError> {
        self.scale.check()?;
        positive("load", 0, self.load)?;
        Ok(())
    }
}

/// A homogeneous bus or star: `n` workers, each of inverse speed `w` behind a link of inverse
/// speed `z`; a computing root has the same `w`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct UniformBus {
    /// What the root does.
    pub root: RootMode,
    /// Inverse speed of every processor.
    pub w: f64,
    /// Inverse speed of the bus.
    pub z: f64,
    /// Number of workers besides the root.
    pub n: u64,
}

/// A homogeneous star of `n` workers (`w`, `z`) whose root has its own speed (multi-installment
/// schedules).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct UniformStar {
    /// The originator: [`Root::FrontEnd`] or [`Root::NonComputing`].
    pub root: Root,
    /// Inverse speed of every worker.
    pub w: f64,
    /// Inverse speed of every link.
    pub z: f64,
    /// Number of workers.
    pub n: u64,
}

/// A linear daisy chain `P_1 – … – P_n` whose boundary processor `P_1` holds the load; `z[i]`
/// joins `P_{i+1}` and `P_{i+2}` (0-based: processors `i` and `i + 1`), so `z.len() + 1 = w.len()`.
/// The one chain type of the divisible-load code: the closed forms ([`Chain::allocate`])
/// and Jia's resource-unaware chain strategies ([`unaware`](super::unaware), whose processors all
/// have front-ends and whose `w[0] = K` is the root's known inverse speed) take it alike.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Chain {
    /// Inverse computing speeds, from the originator.
    pub w: Vec<f64>,
    /// Link inverse speeds (one fewer than processors).
    pub z: Vec<f64>,
    /// Every processor computes while it forwards (front-end) or forwards first; `true` when
    /// omitted from serialised input.
    #[cfg_attr(feature = "serde", serde(default = "front_ends"))]
    pub front_end: bool,
}

/// The serde default of [`Chain::front_end`].
#[cfg(feature = "serde")]
fn front_ends() -> bool {
    true
}

impl Chain {
    /// A chain of front-end processors `w` joined by links `z` (the model of Jia, ch. 2).
    /// The lengths are checked by the functions that take it.
    pub fn new(w: Vec<f64>, z: Vec<f64>) -> Self {
        Self { w, z, front_end: true }
    }
}

impl fmt::Display for Chain {
    /// `chain of n: w = [..], z = [..]` (the first 8 of each).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |xs: &[f64]| {
            let shown: Vec<String> = xs.iter().take(8).map(|x| format!("{x:.6}")).collect();
            format!("[{}{}]", shown.join(", "), if xs.len() > 8 { ", ..." } else { "" })
        };
        write!(f, "chain of {}: w = {}, z = {}", self.w.len(), list(&self.w), list(&self.z))?;
        if !self.front_end {
            f.write_str(", no front-ends")?;
        }
        Ok(())
    }
}

/// A homogeneous daisy chain: `n` processors of inverse speed `w`, links `z`, boundary
/// originator.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct UniformChain {
    /// Inverse speed of every processor.
    pub w: f64,
    /// Inverse speed of every link.
    pub z: f64,
    /// Number of processors, the originator included.
    pub n: u64,
    /// Front-ends on every processor.
    pub front_end: bool,
}

/// How the children of a star (or of each tree node) are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum OrderPolicy {
    /// Serve the children in input order.
    AsGiven,
    /// Serve them by non-decreasing `z` (stable): optimal for linear costs (Bharadwaj et al.
    /// 1996; an exchange argument: swapping two adjacent children so that the faster link goes
    /// first never lengthens the schedule).
    Optimal,
}

/// Port model of a sender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ports {
    /// One message at a time, back to back.
    Single,
    /// Every neighbour at once (each link independent).
    All,
}

/// The result of every solver.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Allocation {
    /// Load per processor, in the input's order (root or originator first where it has one).
    pub alpha: Vec<f64>,
    /// Finish time of the last computation for the given load.
    pub makespan: f64,
    /// Positions in `alpha` of the processors that receive load from the originator, in the
    /// order the originator serves them (for a chain: the used prefix after the originator).
    pub send_order: Vec<usize>,
    /// Whether each processor gets load (`alpha[i] > 0`, or the root computing).
    pub participating: Vec<bool>,
    /// Inverse speed of the equivalent processor: `makespan / (load·T_cp)`.
    pub w_equivalent: f64,
}

impl Allocation {
    /// Multiplies every load and the makespan by `load` (linear costs: the schedule of load `L`
    /// is the unit-load schedule scaled by `L`).
    pub(crate) fn scaled(mut self, load: f64) -> Self {
        for a in &mut self.alpha {
            *a *= load;
        }
        self.makespan *= load;
        self
    }

    /// The allocation if its makespan and loads are finite (see `error::finite_result`).
    pub(crate) fn checked(self) -> Result<Self, DltError> {
        super::error::finite_result(self.makespan, &self.alpha)?;
        Ok(self)
    }

    /// The load of the root or originator (position 0 of `alpha`; 0 for a non-computing root).
    ///
    /// # Accuracy
    /// Exact (stored value).
    pub fn root_share(&self) -> f64 {
        self.alpha.first().copied().unwrap_or(0.0)
    }

    /// The loads of the other processors, the star's worker `i` (or the chain's processor
    /// `i + 1`) at index `i`: `alpha` without its first entry.
    ///
    /// # Accuracy
    /// Exact (stored values).
    pub fn worker_shares(&self) -> &[f64] {
        self.alpha.get(1..).unwrap_or(&[])
    }

    /// Speedup `a_ref / T` for unit load against a reference time per unit `a_ref`.
    ///
    /// # Accuracy
    /// `a·L/T`: two roundings, relative error below 3e-16 on top of the makespan's (4·n·ε, see
    /// the allocation functions).
    pub fn speedup(&self, a_ref_per_unit: f64, load: f64) -> f64 {
        a_ref_per_unit * load / self.makespan
    }
}

impl fmt::Display for Allocation {
    /// `makespan T, w_eq, k of n processors take load`, then the largest shares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let used = self.participating.iter().filter(|&&p| p).count();
        write!(
            f,
            "makespan {:.6e}, w_eq {:.6e}, {used} of {} processors take load",
            self.makespan,
            self.w_equivalent,
            self.alpha.len()
        )?;
        let shown = self.alpha.len().min(8);
        let parts: Vec<String> = self.alpha[..shown].iter().map(|a| format!("{a:.6e}")).collect();
        write!(f, "; alpha = [{}{}]", parts.join(", "), if self.alpha.len() > shown { ", ..." } else { "" })
    }
}

/// Validates the inputs shared by every homogeneous model: the scale, `w > 0`, `z ≥ 0`,
/// `load > 0`.
pub(crate) fn homogeneous(scale: CostScale, w: f64, z: f64, load: f64) -> Result<(), DltError> {
    scale.check()?;
    positive("w", 0, w)?;
    non_negative("z", 0, z)?;
    positive("load", 0, load)?;
    Ok(())
}

/// Validates a homogeneous network's `w > 0`, `z ≥ 0` and the options.
pub(crate) fn uniform(w: f64, z: f64, opts: &Options) -> Result<(), DltError> {
    homogeneous(opts.scale, w, z, opts.load)
}

/// Stable order of indices by increasing key (`f64::total_cmp` order, `−0` as `+0`), by the
/// crate's radix sort ([`super::radix`]; faster than rayon's stable `par_sort_by` on
/// `total_cmp` at every size measured, benches/dlt.rs group `sort`).
pub(crate) fn stable_order_by(keys: &[f64]) -> Vec<usize> {
    if keys.is_sorted_by(|a, b| a <= b) {
        return (0..keys.len()).collect();
    }
    super::radix::sort_from(keys, |i, k| (super::radix::f64_key(k + 0.0), i), (0, 0)).into_iter().map(|p| p.1).collect()
}

#[cfg(test)]
mod tests {
    use super::stable_order_by;

    #[test]
    fn stable_order_handles_ties_signed_zero_and_negatives() {
        assert_eq!(stable_order_by(&[0.5, 0.0, -0.0, 0.5, 0.1]), vec![1, 2, 4, 0, 3]);
        assert_eq!(stable_order_by(&[1.0, 2.0, 2.0]), vec![0, 1, 2]);
        assert_eq!(stable_order_by(&[2.0, -1.0, 2.0, -3.0]), vec![3, 1, 0, 2]);
        assert_eq!(stable_order_by(&[]), Vec::<usize>::new());
        // Radix path against a comparison sort on many ties and magnitudes.
        let keys: Vec<f64> = (0..20_000).map(|i| ((i * 7919) % 613) as f64 * 10f64.powi(i % 7 - 3)).collect();
        let mut want: Vec<usize> = (0..keys.len()).collect();
        want.sort_by(|&i, &j| keys[i].total_cmp(&keys[j]).then(i.cmp(&j)));
        assert_eq!(stable_order_by(&keys), want);
    }
}
