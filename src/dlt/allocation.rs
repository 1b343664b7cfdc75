//! The result of every divisible-load solver.

use std::fmt;

use super::error::{DltError, positive, speedup_of};

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
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Chain, Options};
    /// // Two processors, c = a = 1, front-end: the originator keeps 2/3 (B_2 = 1/3).
    /// let s = Chain::new(vec![1.0, 1.0], vec![1.0]).allocate(Options::default()).unwrap();
    /// assert!((s.root_share() - 2.0 / 3.0).abs() < 1e-15);
    /// ```
    pub fn root_share(&self) -> f64 {
        self.alpha.first().copied().unwrap_or(0.0)
    }

    /// The loads of the other processors, the star's worker `i` (or the chain's processor
    /// `i + 1`) at index `i`: `alpha` without its first entry.
    ///
    /// # Accuracy
    /// Exact (stored values).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Chain, Options};
    /// // Two processors, c = a = 1, front-end: the second one computes B_2 = 1/3.
    /// let s = Chain::new(vec![1.0, 1.0], vec![1.0]).allocate(Options::default()).unwrap();
    /// assert_eq!(s.worker_shares().len(), 1);
    /// assert!((s.worker_shares()[0] - 1.0 / 3.0).abs() < 1e-15);
    /// ```
    pub fn worker_shares(&self) -> &[f64] {
        self.alpha.get(1..).unwrap_or(&[])
    }

    /// Speedup `a_ref / T` for unit load against a reference time per unit `a_ref`.
    ///
    /// # Accuracy
    /// `a·L/T`: two roundings, relative error below 3e-16 on top of the makespan's (4·n·ε, see
    /// the allocation functions).
    ///
    /// # Errors
    /// [`DltError::NonFinite`]/[`DltError::NonPositive`] naming `a_ref_per_unit` or `load` unless
    /// it is finite and positive, or naming the result when `a·L/T` overflows.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Options, Root, Star, Worker};
    /// let workers = vec![Worker { w: 4.0, z: 1.0 }, Worker { w: 3.0, z: 0.2 }, Worker { w: 1.0, z: 0.5 }];
    /// let s = Star::new(Root::FrontEnd { w: 2.0 }, workers).unwrap().allocate(Options::default()).unwrap();
    /// // T = 0.64 for a unit load; the root alone takes 2 per unit: speedup 2/0.64 = 3.125.
    /// assert!((s.speedup(2.0, 1.0).unwrap() - 3.125).abs() < 1e-14);
    /// assert!(s.speedup(f64::NAN, 1.0).is_err());
    /// ```
    pub fn speedup(&self, a_ref_per_unit: f64, load: f64) -> Result<f64, DltError> {
        speedup_of(self.makespan, positive("a_ref_per_unit", 0, a_ref_per_unit)?, positive("load", 0, load)?)
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
