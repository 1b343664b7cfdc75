//! The linear daisy chain: heterogeneous ([`Chain`]) and homogeneous ([`UniformChain`]).

use std::fmt;

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
