//! The load originator of a star, bus or tree: what it does and, if it computes, its speed.

use std::fmt;

use super::error::{DltError, positive};

/// What the load originator (the root of a star, bus or tree) does, without its speed: the
/// homogeneous models, where the root has the workers' `w`, and the speedup formulas take it.
/// [`Root`] carries the speed of a computing root.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RootMode {
    /// (i) Computes from t = 0 while its front-end sends.
    FrontEnd,
    /// (ii) Sends everything first, then computes.
    NoFrontEnd,
    /// (iii) Does not compute (a bus control unit, BCU).
    NonComputing,
}

impl RootMode {
    /// The [`Root`] of this mode with inverse speed `w` (ignored for [`RootMode::NonComputing`]).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Root, RootMode};
    /// assert_eq!(RootMode::FrontEnd.with_w(2.0), Root::FrontEnd { w: 2.0 });
    /// assert_eq!(RootMode::NonComputing.with_w(2.0), Root::NonComputing);
    /// ```
    pub fn with_w(self, w: f64) -> Root {
        match self {
            RootMode::FrontEnd => Root::FrontEnd { w },
            RootMode::NoFrontEnd => Root::NoFrontEnd { w },
            RootMode::NonComputing => Root::NonComputing,
        }
    }
}

impl fmt::Display for RootMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RootMode::FrontEnd => "front-end root",
            RootMode::NoFrontEnd => "root without front-end",
            RootMode::NonComputing => "non-computing root",
        })
    }
}

/// The load originator of a star, bus or multi-installment schedule, with the inverse speed `w`
/// of a root that computes (Jia, §2.1; Bharadwaj et al. 1996, see [`crate::references`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Root {
    /// Computes from t = 0 while its front-end sends.
    FrontEnd {
        /// Inverse computing speed, finite and > 0.
        w: f64,
    },
    /// Sends everything first, then computes.
    NoFrontEnd {
        /// Inverse computing speed, finite and > 0.
        w: f64,
    },
    /// Does not compute (a bus control unit).
    NonComputing,
}

impl Root {
    /// The mode without the speed.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Root, RootMode};
    /// assert_eq!(Root::NoFrontEnd { w: 2.0 }.mode(), RootMode::NoFrontEnd);
    /// ```
    pub fn mode(&self) -> RootMode {
        match self {
            Root::FrontEnd { .. } => RootMode::FrontEnd,
            Root::NoFrontEnd { .. } => RootMode::NoFrontEnd,
            Root::NonComputing => RootMode::NonComputing,
        }
    }

    /// The inverse speed of a computing root.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Root;
    /// assert_eq!(Root::FrontEnd { w: 2.0 }.w(), Some(2.0));
    /// assert_eq!(Root::NonComputing.w(), None);
    /// ```
    pub fn w(&self) -> Option<f64> {
        match *self {
            Root::FrontEnd { w } | Root::NoFrontEnd { w } => Some(w),
            Root::NonComputing => None,
        }
    }

    /// Checks `w` (finite, > 0) of a computing root.
    pub(crate) fn check(&self) -> Result<(), DltError> {
        if let Some(w) = self.w() {
            positive("root w", 0, w)?;
        }
        Ok(())
    }
}

impl fmt::Display for Root {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.w() {
            Some(w) => write!(f, "{} (w = {w})", self.mode()),
            None => write!(f, "{}", self.mode()),
        }
    }
}
