//! The task-time law's two moments (Ahn et al., Assumption 2), and the counts of one step.

use std::fmt;

use super::error::{EnsembleError, check_time};

/// Mean μ_T and standard deviation σ_T of one task's compute time (Ahn et al., Assumption 2:
/// the paper gives only these two moments; eq. (4a) wild type 488.1 s ± 116.6 s, eq. (4b) mutant
/// 152.0 s ± 191.1 s). Every function of [`ensemble`](super) that needs both takes this struct
/// first; functions that need only the mean take `mu_t: f64` first.
///
/// The fields are checked where they are used (finite and non-negative, else
/// [`EnsembleError::InvalidTime`]); [`TaskTimes::checked`] checks them up front.
///
/// # Examples
/// ```
/// use loadbal::ensemble::TaskTimes;
/// let wild = TaskTimes::new(488.1, 116.6);
/// assert_eq!(wild.to_string(), "task time 488.1 s ± 116.6 s (mean ± standard deviation)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TaskTimes {
    /// Mean task time μ_T (seconds).
    pub mean: f64,
    /// Standard deviation of the task time σ_T (seconds).
    pub sd: f64,
}

impl TaskTimes {
    /// The law with mean `mean` and standard deviation `sd` (not checked here).
    pub const fn new(mean: f64, sd: f64) -> Self {
        TaskTimes { mean, sd }
    }

    /// The same law, after checking both moments are finite and non-negative.
    ///
    /// # Errors
    /// [`EnsembleError::InvalidTime`] naming `mean` or `sd`.
    pub fn checked(self) -> Result<Self, EnsembleError> {
        check_time("mean", self.mean)?;
        check_time("sd", self.sd)?;
        Ok(self)
    }
}

impl fmt::Display for TaskTimes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "task time {} s ± {} s (mean ± standard deviation)", self.mean, self.sd)
    }
}

/// The counts of one balancing step, borrowed: `before` and `after` per processor (running task
/// included) and which processors have a task in progress (`running[i]`), the same before and
/// after (running tasks never move). [`StepRecord::count_step`](super::StepRecord::count_step)
/// gives it for a recorded step.
///
/// # Examples
/// ```
/// use loadbal::ensemble::{step_variance_decrease, CountStep};
/// let step = CountStep::new(&[0, 3, 5, 2, 7], &[3, 3, 3, 4, 4], &[false, true, true, true, true]);
/// assert!((step_variance_decrease(1.0, step).unwrap() - 6.25).abs() < 1e-12); // AR
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CountStep<'a> {
    /// Counts before the step.
    pub before: &'a [u64],
    /// Counts after the step.
    pub after: &'a [u64],
    /// Whether each processor has a task in progress.
    pub running: &'a [bool],
}

impl<'a> CountStep<'a> {
    /// The step from `before` to `after` with the running set `running`.
    pub const fn new(before: &'a [u64], after: &'a [u64], running: &'a [bool]) -> Self {
        CountStep { before, after, running }
    }
}
