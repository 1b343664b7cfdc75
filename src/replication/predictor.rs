//! The streaming predictor trait of Dobber, ch. 7, and the median the predictors share: the
//! common ground of the predictors (`predictors.rs`) and DES (`des.rs`).

/// A streaming one-step-ahead predictor: `observe(y_t)` then `predict()` gives `ŷ_{t+1}`.
pub trait Predictor {
    /// The prediction of the next value; `None` before the first observation.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{Predictor, PredictorKind};
    /// let mut p = PredictorKind::RunningMean.build().unwrap();
    /// assert_eq!(p.predict(), None);
    /// p.observe(1.0);
    /// p.observe(3.0);
    /// assert_eq!(p.predict(), Some(2.0)); // Dobber, eq. (7.16): the mean so far
    /// ```
    fn predict(&self) -> Option<f64>;

    /// Feeds the next measured value.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{Predictor, PredictorKind};
    /// let mut p = PredictorKind::LastValue.build().unwrap();
    /// p.observe(5.0);
    /// assert_eq!(p.predict(), Some(5.0));
    /// ```
    fn observe(&mut self, y: f64);
}

/// Median of a non-empty slice (Def. 2.5.6).
pub(crate) fn median(values: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = values.collect();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { 0.5 * (v[n / 2 - 1] + v[n / 2]) }
}
