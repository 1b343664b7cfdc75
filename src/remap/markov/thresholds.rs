//! The remap costs at which the optimal remap set changes.

use super::error::MarkovError;
use super::problem::RemapProblem;
use crate::numerics::root::{Eval, RootError, Search, Slope, find_root};
use crate::remap::mdp::Algorithm;

/// A remap cost at which the optimal policy changes, and the chain states whose decision flips
/// there (they remap just below it and continue just above it, or the reverse).
///
/// Displayed as:
/// ```
/// use loadbal::remap::markov::Threshold;
/// let t = Threshold { eta: 13.290870269, flips: vec![5, 30] };
/// assert_eq!(t.to_string(), "remap cost η = 13.290870269: states [5, 30] change decision");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Threshold {
    /// The remap cost η of the change (within the bisection tolerance).
    pub eta: f64,
    /// Chain states whose decision differs on either side.
    pub flips: Vec<usize>,
}

impl std::fmt::Display for Threshold {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "remap cost η = {}: states {:?} change decision", self.eta, self.flips)
    }
}

/// Where [`CostScan::thresholds`] looks: the remap costs `[lo, hi]`, scanned on `grid` equal
/// steps, each change located by bisection to `tol`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CostScan {
    /// Lowest remap cost η scanned.
    pub lo: f64,
    /// Highest remap cost η scanned.
    pub hi: f64,
    /// Number of equal grid steps (a change inside one step is found; two may merge).
    pub grid: usize,
    /// Bisection tolerance on η (absolute).
    pub tol: f64,
}

impl CostScan {
    /// Scans `[lo, hi]` on 16 grid steps with bisection to 1e-9.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::CostScan;
    /// let scan = CostScan::new(0.0, 20.0);
    /// assert_eq!((scan.lo, scan.hi, scan.grid, scan.tol), (0.0, 20.0, 16, 1e-9));
    /// ```
    pub const fn new(lo: f64, hi: f64) -> Self {
        CostScan { lo, hi, grid: 16, tol: 1e-9 }
    }
}

impl CostScan {
    /// Scans the remap cost over `[lo, hi]` on `grid` equal steps and locates every change of the
    /// optimal remap set by bisection to `tol` (Yin et al., §5: "with the increase of remapping cost,
    /// fewer and fewer states deserve a remapping"). `build(η)` returns the problem for a cost η.
    /// Changes closer together than one grid step may be merged into one threshold.
    ///
    /// # Errors
    /// [`MarkovError::InvalidParameter`] for `lo ≥ hi`, a non-finite bound, `grid = 0` or
    /// `tol ≤ 0`; the errors of `build` and of [`RemapProblem::solve`].
    ///
    /// # Accuracy
    /// Each threshold's η is within `scan.tol` (absolute) of a cost where the policy-iteration
    /// optimum changes, provided the solver ranks the two actions correctly on either side (it does
    /// to about 1e-12 relative in the values); a change closer than one grid step to another may be
    /// missed or merged. Checked against independently computed thresholds of the §5 example (nine
    /// digits) in this module's tests.
    ///
    /// # Examples
    /// The §5 example: the last two remapping states drop out at η ≈ 13.2909.
    /// ```
    /// use loadbal::remap::markov::{yin_example, CostScan};
    /// let scan = CostScan { grid: 10, ..CostScan::new(10.0, 20.0) };
    /// let t = scan.thresholds(yin_example).unwrap();
    /// assert_eq!(t.len(), 1);
    /// assert!((t[0].eta - 13.290870269).abs() < 1e-6);
    /// assert_eq!(t[0].flips, vec![5, 30]);
    /// ```
    pub fn thresholds<F>(&self, build: F) -> Result<Vec<Threshold>, MarkovError>
    where
        F: Fn(f64) -> Result<RemapProblem, MarkovError>,
    {
        let CostScan { lo, hi, grid, tol } = *self;
        if !(lo.is_finite() && hi.is_finite() && lo < hi) || grid == 0 || tol.is_nan() || tol <= 0.0 {
            return Err(MarkovError::InvalidParameter { name: "lo / hi / grid / tol", value: hi - lo });
        }
        scan_cells(&build, lo, hi, grid, tol)
    }
}

type Build<'a> = &'a dyn Fn(f64) -> Result<RemapProblem, MarkovError>;

fn scan_cells(build: Build, lo: f64, hi: f64, grid: usize, tol: f64) -> Result<Vec<Threshold>, MarkovError> {
    let set = |eta: f64| -> Result<Vec<bool>, MarkovError> { Ok(build(eta)?.solve(Algorithm::PolicyIteration)?.remap) };
    let mut out = Vec::new();
    let step = (hi - lo) / grid as f64;
    let mut left = set(lo)?;
    for k in 1..=grid {
        let (a, b) = (lo + step * (k - 1) as f64, if k == grid { hi } else { lo + step * k as f64 });
        let right = set(b)?;
        if right == left {
            continue;
        }
        // The change as the root of a step function (−1 while the optimal set is still the one
        // below, +1 after), bisected by the crate's root finder; the set at the upper end of
        // the final bracket is kept from its evaluation.
        let below = left.clone();
        let (mut above, mut above_at, mut failure) = (right.clone(), b, None);
        let change = |eta: f64| match set(eta) {
            Ok(s) if s == below => Eval::value(-1.0),
            Ok(s) => {
                if eta < above_at {
                    (above, above_at) = (s, eta);
                }
                Eval::value(1.0)
            }
            Err(e) => {
                failure = Some(e);
                Eval::value(f64::NAN)
            }
        };
        let search = Search { lo: a, hi: b, start: 0.5 * (a + b), abs_tol: tol, rel_tol: 0.0, max_evals: 2_000 };
        let found = find_root(Slope::Increasing, search, change);
        if let Some(e) = failure {
            return Err(e);
        }
        let eta = match found {
            Ok(root) | Err(RootError::NotConverged(root)) => root.next,
            Err(RootError::NotANumber { x }) => x,
        };
        let flips = (0..below.len()).filter(|&s| below[s] != above[s]).collect();
        out.push(Threshold { eta, flips });
        // Continue the scan from just above this change.
        left = above;
        if left != right {
            // A second change inside the same grid cell: scan the rest of the cell again.
            let rest = scan_cells(build, above_at, lo + step * k as f64, 8, tol)?;
            out.extend(rest);
            left = right;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::remap::markov::{CostScan, Imbalance, RemapTarget, WorkloadChain, yin_example};

    #[test]
    fn thresholds_of_the_example_and_of_the_textbook_variant() {
        // Reference II.4 thresholds of the §5 example.
        let want = [
            0.222222222,
            0.357487923,
            0.378286684,
            1.056098444,
            1.951684742,
            3.980774773,
            6.092110009,
            9.874895659,
            13.290870269,
        ];
        let got = CostScan { lo: 0.05, hi: 20.0, grid: 200, tol: 1e-10 }.thresholds(yin_example).unwrap();
        assert_eq!(got.len(), want.len(), "{got:?}");
        for (g, w) in got.iter().zip(want) {
            assert!((g.eta - w).abs() < 1e-6, "{g:?} vs {w}");
        }
        assert!((got[0].eta - 2.0 / 9.0).abs() < 1e-9);
        // η = 4 lies above 3.9808: the set of panel (c), as the reproduction reports.
        assert_eq!(
            got[5].flips,
            vec![3, 18, 17, 32].into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect::<Vec<_>>()
        );
        // Textbook variant (remap into a balanced state): 4/3, 44/23, 260/131, ...
        let chain = WorkloadChain::reflecting(6, 2).unwrap();
        let build = |eta| RemapProblem::new(chain.clone(), &Imbalance::MaxNorm, eta, &RemapTarget::Balanced);
        let got = CostScan { lo: 0.5, hi: 30.0, grid: 120, tol: 1e-10 }.thresholds(build).unwrap();
        let want = [
            4.0 / 3.0,
            44.0 / 23.0,
            260.0 / 131.0,
            4.099022801,
            6.333632932,
            10.556435043,
            14.254532692,
            20.199399057,
            24.426864938,
        ];
        assert_eq!(got.len(), want.len(), "{got:?}");
        for (g, w) in got.iter().zip(want) {
            assert!((g.eta - w).abs() < 1e-6, "{g:?} vs {w}");
        }
        assert!(CostScan { lo: 2.0, hi: 1.0, grid: 10, tol: 1e-9 }.thresholds(yin_example).is_err());
    }
}
