//! Types shared by every divisible-load solver: cost scale, root modes, order policy and the
//! returned allocation.

use super::error::{DltError, positive};

/// The scale constants of the DLT literature (reference §0.2): `T_cp` seconds for the standard
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

/// What the load originator (the root of a star, bus or tree) does (reference §1.1).
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

/// How the children of a star (or of each tree node) are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum OrderPolicy {
    /// Serve the children in input order.
    AsGiven,
    /// Serve them by non-decreasing `z` (stable): optimal for linear costs (reference §1.4).
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
    /// Multiplies every load and the makespan by `load` (linear models scale, reference §0.2).
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

    /// Speedup `a_ref / T` for unit load against a reference time per unit `a_ref`.
    pub fn speedup(&self, a_ref_per_unit: f64, load: f64) -> f64 {
        a_ref_per_unit * load / self.makespan
    }
}

/// Stable order of indices by increasing key.
pub(crate) fn stable_order_by(keys: &[f64]) -> Vec<usize> {
    if keys.is_sorted_by(|a, b| a <= b) {
        return (0..keys.len()).collect();
    }
    // Radix sorting pays off only for large inputs (its first histogram has 2048 counters).
    if keys.len() >= 4096 && keys.iter().all(|&k| k >= 0.0) {
        // Non-negative floats (after −0 → +0) order like their bit patterns.
        return super::radix::sort_from(keys, |i, k| ((k + 0.0).to_bits(), i), (0, 0))
            .into_iter()
            .map(|p| p.1)
            .collect();
    }
    // Sorting (key, index) pairs (−0 as +0) in place is cache friendly; the index tie-break makes the
    // unstable sort give the stable order.
    let mut pairs: Vec<(f64, usize)> = keys.iter().map(|&k| k + 0.0).zip(0..).collect();
    pairs.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    pairs.into_iter().map(|p| p.1).collect()
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
