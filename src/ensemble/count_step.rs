//! The counts of one balancing step.

/// The counts of one balancing step, owned: `before` and `after` per processor (running task
/// included) and which processors have a task in progress (`running[i]`), the same before and
/// after (running tasks never move). [`StepRecord::count_step`](super::StepRecord::count_step)
/// gives it for a recorded step. Its question is
/// [`CountStep::variance_decrease`], Ahn et al., Lemma 4, eq. (11).
///
/// # Examples
/// ```
/// use loadbal::ensemble::CountStep;
/// let step = CountStep::new(vec![0, 3, 5, 2, 7], vec![3, 3, 3, 4, 4], vec![false, true, true, true, true]);
/// assert!((step.variance_decrease(1.0).unwrap() - 6.25).abs() < 1e-12); // AR
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CountStep {
    /// Counts before the step.
    pub before: Vec<u64>,
    /// Counts after the step.
    pub after: Vec<u64>,
    /// Whether each processor has a task in progress.
    pub running: Vec<bool>,
}

impl CountStep {
    /// The step from `before` to `after` with the running set `running` (checked by its
    /// questions).
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::CountStep;
    /// // AR spreads the 17 tasks of the five processors over them (Ahn et al., §2.3).
    /// let step = CountStep::new(vec![0, 3, 5, 2, 7], vec![3, 3, 3, 4, 4], vec![false, true, true, true, true]);
    /// assert_eq!(step.before.iter().sum::<u64>(), step.after.iter().sum::<u64>());
    /// assert!((step.variance_decrease(1.0).unwrap() - 6.25).abs() < 1e-12);
    /// ```
    pub fn new(before: Vec<u64>, after: Vec<u64>, running: Vec<bool>) -> Self {
        CountStep { before, after, running }
    }
}

impl std::fmt::Display for CountStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "counts {:?} -> {:?}, running {:?}", self.before, self.after, self.running)
    }
}
