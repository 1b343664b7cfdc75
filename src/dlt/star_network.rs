//! The star network (single-level tree): a root and its workers, each a processor behind its
//! own link. Its questions (allocation, product form, send order, execution, result
//! collection) are methods, in `star.rs` and `collect.rs`.

use std::fmt;

use super::error::DltError;
use super::root::Root;
use super::star_scan::{Scan, scan};
use super::worker::Worker;

/// A star (single-level tree): the root and its workers, in input order. Worker `i` of
/// [`Star::workers`] is position `i + 1` of an [`Allocation`](super::Allocation)'s `alpha`
/// (position 0 is the root); [`Allocation::worker_shares`](super::Allocation::worker_shares)
/// gives the workers' loads at their own positions.
///
/// Validated on construction; deserialising validates the same way.
///
/// ```
/// use loadbal::dlt::{Options, Root, Star, Worker};
/// // A front-end root (w = 2) and three workers: the optimal order serves the fastest link
/// // first; T = 0.64, the root computes 0.32 and the workers 0.08, 0.2, 0.4.
/// let workers = vec![Worker { w: 4.0, z: 1.0 }, Worker { w: 3.0, z: 0.2 }, Worker { w: 1.0, z: 0.5 }];
/// let star = Star::new(Root::FrontEnd { w: 2.0 }, workers).unwrap();
/// let s = star.allocate(Options::default()).unwrap();
/// assert!((s.makespan - 0.64).abs() < 1e-15);
/// assert!((s.root_share() - 0.32).abs() < 1e-15);
/// assert!((s.worker_shares()[2] - 0.4).abs() < 1e-15);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "StarData"))]
pub struct Star {
    root: Root,
    workers: Vec<Worker>,
    /// What validation found out about the workers (send order, key bits, largest `w`), so
    /// that every allocation skips that pass over them.
    #[cfg_attr(feature = "serde", serde(skip))]
    scan: Scan,
}

/// The serialised form of a [`Star`], validated by [`Star::new`] on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
pub struct StarData {
    root: Root,
    workers: Vec<Worker>,
}

#[cfg(feature = "serde")]
impl TryFrom<StarData> for Star {
    type Error = DltError;
    fn try_from(d: StarData) -> Result<Self, DltError> {
        Star::new(d.root, d.workers)
    }
}

impl Star {
    /// A star of `root` and `workers`.
    ///
    /// # Errors
    /// [`DltError::NonFinite`], [`DltError::NonPositive`] or [`DltError::Negative`] naming the
    /// first bad value (`root w`, `worker w`, `worker z` with the worker's position);
    /// [`DltError::Empty`] for a non-computing root without workers.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{DltError, Root, Star, Worker};
    /// assert!(Star::new(Root::FrontEnd { w: 2.0 }, vec![Worker::new(1.0, 0.5)]).is_ok());
    /// assert!(matches!(Star::new(Root::NonComputing, vec![]), Err(DltError::Empty { .. })));
    /// assert!(matches!(Star::new(Root::NonComputing, vec![Worker::new(-1.0, 0.5)]), Err(DltError::NonPositive { .. })));
    /// ```
    pub fn new(root: Root, workers: Vec<Worker>) -> Result<Self, DltError> {
        validate_root(root, workers.len())?;
        let scan = scan(&workers)?;
        Ok(Self { root, workers, scan })
    }

    /// The load originator.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Root, Star, Worker};
    /// let star = Star::new(Root::FrontEnd { w: 2.0 }, vec![Worker::new(1.0, 0.5)]).unwrap();
    /// assert_eq!(star.root(), Root::FrontEnd { w: 2.0 });
    /// ```
    pub fn root(&self) -> Root {
        self.root
    }

    /// The workers, in input order.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Root, Star, Worker};
    /// let star = Star::new(Root::NonComputing, vec![Worker::new(1.0, 0.5), Worker::new(3.0, 0.1)]).unwrap();
    /// assert_eq!(star.workers()[1], Worker::new(3.0, 0.1));
    /// ```
    pub fn workers(&self) -> &[Worker] {
        &self.workers
    }

    /// What validation found out about the workers.
    pub(crate) fn scan(&self) -> Scan {
        self.scan
    }
}

impl fmt::Display for Star {
    /// `star of n workers, <root>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "star of {} workers, {}", self.workers.len(), self.root)
    }
}

/// Checks the root's `w` and that a non-computing root has workers.
pub(crate) fn validate_root(root: Root, workers: usize) -> Result<(), DltError> {
    root.check()?;
    if root == Root::NonComputing && workers == 0 {
        return Err(DltError::Empty { what: "a non-computing root without workers" });
    }
    Ok(())
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
