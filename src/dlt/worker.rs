//! A worker of a star: a processor behind its own link.

/// A worker of a star: the inverse speed `w` of its processor and `z` of the link that joins it
/// to the root (Jia, §2.1). Plain data; [`Star::new`](super::Star::new) validates it (`w` finite and > 0, `z`
/// finite and ≥ 0).
///
/// ```
/// use loadbal::dlt::Worker;
/// let fast_cpu_slow_link = Worker { w: 0.5, z: 2.0 };
/// assert_eq!(fast_cpu_slow_link, Worker::new(0.5, 2.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Worker {
    /// Inverse computing speed of the processor.
    pub w: f64,
    /// Inverse speed of its link from the root.
    pub z: f64,
}

impl Worker {
    /// A worker of inverse computing speed `w` behind a link of inverse speed `z`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Worker;
    /// assert_eq!(Worker::new(0.5, 2.0), Worker { w: 0.5, z: 2.0 });
    /// ```
    pub fn new(w: f64, z: f64) -> Self {
        Self { w, z }
    }
}
