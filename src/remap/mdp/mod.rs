//! The crate's one solver for finite Markov decision processes (Yin et al., §3–4, and the
//! textbook criteria around it).
//!
//! An [`Mdp`] has `S` states and `A ≥ 1` actions; action `a` moves with the `S×S` substochastic
//! matrix `P_a` (a row deficit `1 − Σ_j P_a(i, j)` is the probability of leaving to a cost-free
//! absorbing state) and costs `c(i, a)`. Three criteria ([`Criterion`]):
//!
//! * total cost until absorption (Yin et al., eq. (10); every stationary policy must absorb,
//!   assumption (A), checked by [`Mdp::check_assumption_a`]);
//! * discounted cost with factor `β ∈ (0, 1)`;
//! * long-run average cost (gain and bias) for stochastic matrices, unichain policies.
//!
//! Solvers: Howard [`policy_iteration`] (exact, finite) and [`value_iteration`] (Yin et al.
//! eq. 19, sup-norm stopping rule, then an exact evaluation of the greedy policy).
//!
//! **Tie-breaking** is deterministic: an action whose Q-value is within `1e-12·(1 + |min|)` of
//! the minimum counts as tied; among tied actions the lowest index wins, except that policy
//! iteration keeps its current action when that one is tied (which guarantees termination).
//! Put the action you prefer at ties first (the remapping builder puts *continue* first, so a
//! state remaps only when remapping is strictly better).

mod proper;
mod solve;

pub use proper::AbsorptionBound;
pub use solve::{
    Solution, Termination, bellman_update, evaluate_policy, expected_absorption_time, policy_iteration, value_iteration,
};

use nalgebra::{DMatrix, DVector};

/// Tolerance on row sums and on negative entries of transition matrices.
pub const ROW_SUM_TOLERANCE: f64 = 1e-9;

/// Bad input to, or a failure of, the MDP solver.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MdpError {
    /// No states or no actions.
    #[error("an MDP needs at least one state and one action, got {states} states and {actions} actions")]
    Empty {
        /// Number of states.
        states: usize,
        /// Number of actions.
        actions: usize,
    },
    /// A transition matrix is not square.
    #[error("transition matrix of action {action} is {rows}×{cols}, not square")]
    NotSquare {
        /// Action index.
        action: usize,
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// Sizes disagree.
    #[error("{what} has size {got}, expected {expected}")]
    DimensionMismatch {
        /// What has the wrong size.
        what: &'static str,
        /// Expected size.
        expected: usize,
        /// Actual size.
        got: usize,
    },
    /// NaN or an infinity in a matrix or cost.
    #[error("{what} has the non-finite value {value} at ({row}, {col})")]
    NonFinite {
        /// Which input.
        what: &'static str,
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// The value.
        value: f64,
    },
    /// A negative transition probability (beyond −1e-9).
    #[error("negative probability {value} at ({row}, {col}) of action {action}")]
    NegativeProbability {
        /// Action index.
        action: usize,
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// The value.
        value: f64,
    },
    /// A row sums above 1 (beyond 1e-9).
    #[error("row {row} of action {action} sums to {sum} > 1")]
    RowSumExceedsOne {
        /// Action index.
        action: usize,
        /// Row.
        row: usize,
        /// Row sum.
        sum: f64,
    },
    /// The average-cost criterion needs stochastic rows (sum 1 within 1e-9).
    #[error("row {row} of action {action} sums to {sum}, not 1 (the average-cost criterion needs a stochastic matrix)")]
    NotStochastic {
        /// Action index.
        action: usize,
        /// Row.
        row: usize,
        /// Row sum.
        sum: f64,
    },
    /// A discount factor outside `(0, 1)`.
    #[error("discount factor {0} is not in (0, 1)")]
    InvalidDiscount(f64),
    /// An action index outside `0..A` in a policy, or a policy of the wrong length.
    #[error("invalid policy: {0}")]
    InvalidPolicy(String),
    /// Assumption (A) of Yin et al. fails: from `state`, some stationary policy never absorbs.
    #[error("assumption (A) fails: from state {state} some stationary policy never reaches absorption")]
    AssumptionAViolated {
        /// The smallest such state.
        state: usize,
    },
    /// The evaluated policy never absorbs from `state` (total-cost criterion).
    #[error("the policy is improper: from state {state} it never reaches absorption")]
    ImproperPolicy {
        /// The smallest such state.
        state: usize,
    },
    /// The average-cost evaluation system is singular: the policy has several recurrent classes.
    #[error("the policy is multichain: its average-cost evaluation system is singular")]
    MultichainPolicy,
    /// A solver option is out of range.
    #[error("invalid option {name} = {value}")]
    InvalidOption {
        /// Option name.
        name: &'static str,
        /// The value.
        value: f64,
    },
}

/// Optimality criterion.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Criterion {
    /// Expected total cost until absorption (Yin et al., eq. (10)); needs proper policies.
    TotalCost,
    /// Expected discounted cost `E Σ β^k c_k`, `β ∈ (0, 1)`.
    Discounted {
        /// Discount factor β.
        factor: f64,
    },
    /// Long-run average cost per step (gain) with a bias vector (relative values, zero at state 0).
    AverageCost,
}

/// A finite MDP: one `S×S` substochastic matrix per action and an `S×A` cost matrix.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Mdp {
    transitions: Vec<DMatrix<f64>>,
    costs: DMatrix<f64>,
}

impl Mdp {
    /// Validates and builds an MDP: `transitions[a]` is the `S×S` matrix of action `a`,
    /// `costs[(i, a)]` the cost of action `a` in state `i`.
    ///
    /// # Errors
    /// [`MdpError::Empty`], [`MdpError::NotSquare`], [`MdpError::DimensionMismatch`],
    /// [`MdpError::NonFinite`], [`MdpError::NegativeProbability`] (entries below −1e-9) and
    /// [`MdpError::RowSumExceedsOne`] (row sums above 1 + 1e-9).
    ///
    /// # Examples
    /// One state that either stops for 3 or pays 1 and stays with probability 1/2: the optimal
    /// total cost solves `J = min(3, 1 + J/2)`, so `J = 2`.
    /// ```
    /// use loadbal::remap::mdp::{Criterion, Mdp, policy_iteration};
    /// use nalgebra::{DMatrix, dmatrix};
    /// let mdp = Mdp::new(vec![dmatrix![0.5], dmatrix![0.0]], dmatrix![1.0, 3.0]).unwrap();
    /// let s = policy_iteration(&mdp, Criterion::TotalCost, None, 100).unwrap();
    /// assert_eq!(s.policy, vec![0]);
    /// assert!((s.values[0] - 2.0).abs() < 1e-12);
    /// ```
    pub fn new(transitions: Vec<DMatrix<f64>>, costs: DMatrix<f64>) -> Result<Self, MdpError> {
        let actions = transitions.len();
        let states = transitions.first().map_or(0, |p| p.nrows());
        if actions == 0 || states == 0 {
            return Err(MdpError::Empty { states, actions });
        }
        for (a, p) in transitions.iter().enumerate() {
            if p.nrows() != p.ncols() {
                return Err(MdpError::NotSquare { action: a, rows: p.nrows(), cols: p.ncols() });
            }
            if p.nrows() != states {
                return Err(MdpError::DimensionMismatch {
                    what: "transition matrix",
                    expected: states,
                    got: p.nrows(),
                });
            }
            for i in 0..states {
                let mut sum = 0.0;
                for j in 0..states {
                    let x = p[(i, j)];
                    if !x.is_finite() {
                        return Err(MdpError::NonFinite { what: "transition matrix", row: i, col: j, value: x });
                    }
                    if x < -ROW_SUM_TOLERANCE {
                        return Err(MdpError::NegativeProbability { action: a, row: i, col: j, value: x });
                    }
                    sum += x;
                }
                if sum > 1.0 + ROW_SUM_TOLERANCE {
                    return Err(MdpError::RowSumExceedsOne { action: a, row: i, sum });
                }
            }
        }
        if costs.nrows() != states {
            return Err(MdpError::DimensionMismatch { what: "cost matrix rows", expected: states, got: costs.nrows() });
        }
        if costs.ncols() != actions {
            return Err(MdpError::DimensionMismatch {
                what: "cost matrix columns",
                expected: actions,
                got: costs.ncols(),
            });
        }
        if let Some((k, &value)) = costs.iter().enumerate().find(|(_, c)| !c.is_finite()) {
            return Err(MdpError::NonFinite { what: "cost matrix", row: k % states, col: k / states, value });
        }
        Ok(Self { transitions, costs })
    }

    /// Number of states `S`.
    pub fn states(&self) -> usize {
        self.costs.nrows()
    }
    /// Number of actions `A`.
    pub fn actions(&self) -> usize {
        self.transitions.len()
    }
    /// Transition matrix of action `a`.
    pub fn transition(&self, a: usize) -> &DMatrix<f64> {
        &self.transitions[a]
    }
    /// Cost matrix (`S×A`).
    pub fn costs(&self) -> &DMatrix<f64> {
        &self.costs
    }

    pub(crate) fn check_policy(&self, policy: &[usize]) -> Result<(), MdpError> {
        if policy.len() != self.states() {
            return Err(MdpError::InvalidPolicy(format!("length {} for {} states", policy.len(), self.states())));
        }
        if let Some((i, a)) = policy.iter().enumerate().find(|(_, a)| **a >= self.actions()) {
            return Err(MdpError::InvalidPolicy(format!("action {a} in state {i}, only {} actions", self.actions())));
        }
        Ok(())
    }

    /// The matrix `P_u` and cost vector `c_u` of a stationary policy.
    pub(crate) fn policy_system(&self, policy: &[usize]) -> (DMatrix<f64>, DVector<f64>) {
        let s = self.states();
        let mut p = DMatrix::zeros(s, s);
        let mut c = DVector::zeros(s);
        for (i, &a) in policy.iter().enumerate() {
            p.set_row(i, &self.transitions[a].row(i));
            c[i] = self.costs[(i, a)];
        }
        (p, c)
    }

    pub(crate) fn check_criterion(&self, criterion: Criterion) -> Result<(), MdpError> {
        match criterion {
            Criterion::TotalCost => Ok(()),
            Criterion::Discounted { factor } => {
                if factor > 0.0 && factor < 1.0 {
                    Ok(())
                } else {
                    Err(MdpError::InvalidDiscount(factor))
                }
            }
            Criterion::AverageCost => {
                for (a, p) in self.transitions.iter().enumerate() {
                    for i in 0..self.states() {
                        let sum = p.row(i).sum();
                        if (sum - 1.0).abs() > ROW_SUM_TOLERANCE {
                            return Err(MdpError::NotStochastic { action: a, row: i, sum });
                        }
                    }
                }
                Ok(())
            }
        }
    }
}
