//! The counts of one balancing step.

/// The counts of one balancing step, borrowed: `before` and `after` per processor (running task
/// included) and which processors have a task in progress (`running[i]`), the same before and
/// after (running tasks never move). [`StepRecord::count_step`](super::StepRecord::count_step)
/// gives it for a recorded step.
///
/// # Examples
/// ```
/// use loadbal::ensemble::CountStep;
/// let step = CountStep::new(&[0, 3, 5, 2, 7], &[3, 3, 3, 4, 4], &[false, true, true, true, true]);
/// assert!((step.variance_decrease(1.0).unwrap() - 6.25).abs() < 1e-12); // AR
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
