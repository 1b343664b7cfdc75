//! What a solver returns: the policy and values, bounds, and why it stopped.

use super::error::MdpError;
use super::linear::LinearStats;
use super::options::Algorithm;

/// Why a solver stopped (after argmin's `TerminationReason`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Termination {
    /// Policy iteration: the improved policy equals the evaluated one.
    PolicyStable,
    /// Value or modified policy iteration: the stopping rule holds (see [`Options::tol`](super::Options::tol)).
    ToleranceReached,
    /// The iteration limit was hit first; the result is the last iterate.
    MaxItersReached,
}

impl std::fmt::Display for Termination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Termination::PolicyStable => "policy stable",
            Termination::ToleranceReached => "tolerance reached",
            Termination::MaxItersReached => "iteration limit reached",
        })
    }
}

/// Bounds on the optimal values (discounted cost: `values[i] + lower ≤ V*(i) ≤ values[i] +
/// upper`) or on the optimal gain (average cost: `lower ≤ g* ≤ upper`), from the last Bellman
/// update (MacQueen; Odoni; Puterman, Theorems 6.6.6 and 8.5.5).
///
/// Displayed as:
/// ```
/// use loadbal::remap::mdp::Bounds;
/// assert_eq!(Bounds { lower: -0.5, upper: 0.25 }.to_string(), "bounds [-0.5, 0.25] (width 0.75)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bounds {
    /// Lower bound (offset on the values, or the gain).
    pub lower: f64,
    /// Upper bound.
    pub upper: f64,
}

impl std::fmt::Display for Bounds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bounds [{}, {}] (width {})", self.lower, self.upper, self.upper - self.lower)
    }
}

/// Result of a solver.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Solution {
    /// Action of each state (its position among the state's actions).
    pub policy: Vec<usize>,
    /// Values: total or discounted cost, or the bias (zero at state 0) for the average cost.
    pub values: Vec<f64>,
    /// Gain (average cost per step), for [`Criterion::AverageCost`](super::Criterion::AverageCost) only.
    pub gain: Option<f64>,
    /// Bounds from the last update (value iteration and modified policy iteration, discounted
    /// and average cost).
    pub bounds: Option<Bounds>,
    /// Policy-iteration rounds (each an evaluation and an improvement), value-iteration sweeps
    /// or modified-policy-iteration rounds.
    pub iterations: usize,
    /// Why the solver stopped.
    pub termination: Termination,
    /// Bellman residual `max_i |min_a Q(i, a) − g − V(i)|` of the returned values.
    pub residual: f64,
    /// Which algorithm ran.
    pub algorithm: Algorithm,
    /// Cost of the exact evaluations.
    pub linear: LinearStats,
}

impl std::fmt::Display for Solution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} states, {} iterations ({}), Bellman residual {:.3e}",
            self.algorithm,
            self.values.len(),
            self.iterations,
            self.termination,
            self.residual
        )?;
        if let Some(g) = self.gain {
            write!(f, ", gain {g}")?;
        }
        Ok(())
    }
}

pub(crate) fn non_finite(v: &[f64]) -> Result<(), MdpError> {
    match v.iter().position(|x| !x.is_finite()) {
        Some(state) => Err(MdpError::NonFiniteValue { state, value: v[state] }),
        None => Ok(()),
    }
}
