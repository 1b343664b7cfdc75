//! The linear daisy chain: heterogeneous ([`Chain`]), homogeneous ([`UniformChain`]) and with an
//! interior originator ([`InteriorChain`]).

use std::fmt;

use super::ports::Ports;
use super::worker::Worker;

/// A linear daisy chain `P_1 – … – P_n` whose boundary processor `P_1` holds the load; `z[i]`
/// joins `P_{i+1}` and `P_{i+2}` (0-based: processors `i` and `i + 1`), so `z.len() + 1 = w.len()`.
/// The one chain type of the divisible-load code: the closed forms ([`Chain::allocate`])
/// and Jia's resource-unaware chain strategies ([`unaware`](super::unaware), whose processors all
/// have front-ends and whose `w[0] = K` is the root's known inverse speed) take it alike.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Chain {
    /// Inverse computing speeds, from the originator.
    pub w: Vec<f64>,
    /// Link inverse speeds (one fewer than processors).
    pub z: Vec<f64>,
    /// Every processor computes while it forwards (front-end) or forwards first; `true` when
    /// omitted from serialised input.
    #[cfg_attr(feature = "serde", serde(default = "front_ends"))]
    pub front_end: bool,
}

/// The serde default of [`Chain::front_end`].
#[cfg(feature = "serde")]
fn front_ends() -> bool {
    true
}

impl Chain {
    /// A chain of front-end processors `w` joined by links `z` (the model of Jia, ch. 2).
    /// The lengths are checked by the functions that take it.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Chain, Options};
    /// let chain = Chain::new(vec![1.0, 1.0], vec![1.0]);
    /// assert!(chain.front_end);
    /// // c = a = 1 with front-ends: T = 1/(1 + 1/2) = 2/3.
    /// assert!((chain.allocate(Options::default()).unwrap().makespan - 2.0 / 3.0).abs() < 1e-15);
    /// ```
    pub fn new(w: Vec<f64>, z: Vec<f64>) -> Self {
        Self { w, z, front_end: true }
    }
}

impl fmt::Display for Chain {
    /// `chain of n: w = [..], z = [..]` (the first 8 of each).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |xs: &[f64]| {
            let shown: Vec<String> = xs.iter().take(8).map(|x| format!("{x:.6}")).collect();
            format!("[{}{}]", shown.join(", "), if xs.len() > 8 { ", ..." } else { "" })
        };
        write!(f, "chain of {}: w = {}, z = {}", self.w.len(), list(&self.w), list(&self.z))?;
        if !self.front_end {
            f.write_str(", no front-ends")?;
        }
        Ok(())
    }
}

/// A homogeneous daisy chain: `n` processors of inverse speed `w`, links `z`, boundary
/// originator.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct UniformChain {
    /// Inverse speed of every processor.
    pub w: f64,
    /// Inverse speed of every link.
    pub z: f64,
    /// Number of processors, the originator included.
    pub n: u64,
    /// Front-ends on every processor.
    pub front_end: bool,
}

/// A chain whose originator (inverse speed `w0`) sits inside it, with a side on its left and one
/// on its right. Each side lists its processors from the originator outwards as [`Worker`]s:
/// `w` the processor's inverse speed, `z` the link into it from its neighbour towards the
/// originator (the first worker's link joins the originator). Plain data, like [`Chain`]:
/// [`InteriorChain::allocate`] validates it (`w0` and every `w` finite and > 0, every `z` finite
/// and ≥ 0; two ports need a front-end originator). A side may be empty.
///
/// ```
/// use loadbal::dlt::{InteriorChain, Ports, Worker};
/// // Originator between two processors on the left and one on the right.
/// let chain = InteriorChain {
///     w0: 1.0,
///     left: vec![Worker::new(2.0, 0.5), Worker::new(1.0, 0.2)],
///     right: vec![Worker::new(1.5, 0.3)],
///     ports: Ports::Single,
///     root_front_end: true,
///     front_end: true,
/// };
/// assert_eq!(chain.tree().unwrap().len(), 4);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct InteriorChain {
    /// Inverse speed of the originator.
    pub w0: f64,
    /// The left side, from the originator outwards.
    pub left: Vec<Worker>,
    /// The right side, from the originator outwards.
    pub right: Vec<Worker>,
    /// The originator sends to one side at a time, or to both at once.
    pub ports: Ports,
    /// The originator computes while it sends.
    pub root_front_end: bool,
    /// The other processors compute while they forward.
    pub front_end: bool,
}
