//! Homogeneous complete k-ary trees: the one-scalar-per-level recursion and its limit (the
//! tree reduction of Bharadwaj et al. 1996 and Bataineh, Hsiung & Robertazzi 1994, see
//! [`crate::references`], specialised to identical nodes: every subtree of a level is the same
//! equivalent processor).

use super::cost_scale::CostScale;
use super::error::{DltError, non_negative, positive};
use super::tree::KaryTree;
use crate::numerics::root::{Eval, RootError, Search, Slope, find_root};

/// The deepest tree [`KaryTree::rho`] iterates over level by level before it requires the
/// iteration to have settled (2^22 levels, a fraction of a second).
const MAX_LEVELS: u64 = 1 << 22;

/// `(1 − P)/σ` with `P = (ρ/(σ + ρ))^k`, finite at σ = 0 (where it is k/ρ).
fn one_minus_p_over_ratio(k: f64, rho: f64, ratio: f64) -> f64 {
    if ratio == 0.0 { k / rho } else { -(-k * (ratio / rho).ln_1p()).exp_m1() / ratio }
}

fn level_map(k: f64, rho: f64, ratio: f64, front_end: bool) -> f64 {
    if front_end {
        1.0 / (1.0 + one_minus_p_over_ratio(k, rho, ratio))
    } else if ratio >= 1.0 {
        1.0
    } else {
        let p = (-k * (ratio / rho).ln_1p()).exp();
        1.0 / (one_minus_p_over_ratio(k, rho, ratio) + p)
    }
}

fn check_k(k: u64) -> Result<f64, DltError> {
    if k == 0 {
        return Err(DltError::InvalidArgument { what: "a k-ary tree needs k >= 1, got 0".into() });
    }
    Ok(k as f64)
}

/// `ρ_0` of a complete `k`-ary tree at `σ = ratio` (see [`KaryTree::rho`]).
pub(crate) fn kary_tree_rho(ratio: f64, front_end: bool, k: u64, depth: u64) -> Result<f64, DltError> {
    non_negative("ratio", 0, ratio)?;
    let kf = check_k(k)?;
    let mut rho = 1.0;
    for level in 0..depth {
        let next = level_map(kf, rho, ratio, front_end);
        if next == rho {
            // Settled: every further level maps ρ to itself.
            return Ok(rho);
        }
        if level >= MAX_LEVELS {
            return Err(DltError::TooLarge { what: "k-ary tree depth (not settled)", value: depth, limit: MAX_LEVELS });
        }
        rho = next;
    }
    Ok(rho)
}

/// The limit of `ρ_0` as the depth grows (see [`KaryTree::rho_limit`]).
fn kary_tree_rho_limit(ratio: f64, front_end: bool, k: u64, tol: f64) -> Result<f64, DltError> {
    positive("ratio", 0, ratio)?;
    positive("tol", 0, tol)?;
    let k = check_k(k)?;
    let g1 = level_map(k, 1.0, ratio, front_end);
    if g1 >= 1.0 {
        return Ok(1.0);
    }
    // The map increases with ρ, sends ρ → 0 to m(0) = σ/(1 + σ) (front end) or σ (none) and is
    // below the diagonal at 1; the iteration from ρ = 1 decreases monotonically to the fixed
    // point. So ρ* lies in [m(0), m(1)]: a bracket of width ln(m(1)/m(0)) in ln ρ (the whole
    // range of f64 would cost the search some thirty halvings).
    let (lo, hi) = (if front_end { ratio.ln() - ratio.ln_1p() } else { ratio.ln() }, g1.ln());
    if lo >= hi {
        // P underflows already at ρ = 1: the map is constant and m(1) is the fixed point.
        return Ok(g1);
    }
    let fixed_point = |x: f64| Eval::value(level_map(k, x.exp(), ratio, front_end).ln() - x);
    let search = Search { lo, hi, start: 0.5 * (lo + hi), abs_tol: tol, rel_tol: 2.0 * f64::EPSILON, max_evals: 200 };
    let not_converged = |reason: String| DltError::NotConverged { what: "k-ary tree limit", reason };
    match find_root(Slope::Decreasing, search, fixed_point) {
        Ok(root) => Ok(root.next.exp()),
        Err(RootError::NotConverged(root)) => {
            Err(not_converged(format!("stopped at ln rho = {}, residual {}", root.next, root.value)))
        }
        Err(RootError::NotANumber { x }) => Err(not_converged(format!("the level map is NaN at ln rho = {x}"))),
    }
}

impl KaryTree {
    /// `ρ_0 = T/(a·L)` of this complete `k`-ary tree of depth `depth` (all nodes compute, identical
    /// `a = w·T_cp`, `c = z·T_cm`, `σ = c/a`), so the speedup is `1/ρ_0`.
    ///
    /// # Formula
    /// ```text
    /// ρ_d = 1;  P_l = (ρ_{l+1}/(σ + ρ_{l+1}))^k
    /// front-end: ρ_l = 1/(1 + (1 − P_l)/σ);   no front-end: ρ_l = 1/((1 − P_l)/σ + P_l) (σ < 1, else 1)
    /// ```
    /// A node of level `l` with its subtree is one processor of time per unit `ρ_l·a`; its `k`
    /// children are identical equivalent processors behind links `c`, so the star formula with
    /// identical children (a geometric sum with ratio `ρ/(σ + ρ)`) gives `ρ_l` from `ρ_{l+1}`.
    ///
    /// # Accuracy
    /// The level map is a contraction near its fixed point and is evaluated with `ln_1p`/`expm1`
    /// (no cancellation for small σ): within `4·depth·ε` relative, and within 1e-14 once the
    /// iteration settles; the tests measure at most 3e-15 against 50-digit references and the
    /// exact tree solver. Depths beyond 2^22 levels are answered when the iteration has settled
    /// by then (the sweep test checks σ ≥ 1e-6).
    ///
    /// # Errors
    /// [`DltError::NonPositive`]/[`DltError::Negative`]/[`DltError::NonFinite`] for a bad `w`, `z`
    /// or scale; [`DltError::InvalidArgument`]
    /// for `k = 0`; [`DltError::TooLarge`] for a depth beyond 2^22 whose iteration has not settled.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, KaryTree};
    /// // k = 1, depth 1 is a two-processor front-end chain: σ = 1 gives T/a = 2/3.
    /// let tree = KaryTree { w: 1.0, z: 1.0, front_end: true, k: 1, depth: 1 };
    /// assert!((tree.rho(CostScale::unit()).unwrap() - 2.0 / 3.0).abs() < 1e-15);
    /// ```
    pub fn rho(&self, scale: CostScale) -> Result<f64, DltError> {
        kary_tree_rho(scale.ratio(self.w, self.z)?, self.front_end, self.k, self.depth)
    }

    /// Limit of `ρ_0` as the depth grows: the fixed point of the level map of [`KaryTree::rho`]
    /// (`depth` is not consulted)
    /// (the limit of the monotone iteration from `ρ = 1`), found by the crate's root finder on
    /// `x = ln ρ` (so that its absolute tolerance is a relative one on `ρ`) to `tol` relative. The
    /// speedup limit is its inverse; `k = 1` gives the chain limit, large `k` the bus limit.
    ///
    /// # Formula
    /// ```text
    /// ρ* = map(ρ*),  map from `KaryTree::rho`;  S_∞ = 1/ρ*
    /// ```
    ///
    /// # Accuracy
    /// `tol` relative (at best about 4e-16: the search stops when its step on `ln ρ` is below
    /// `tol + 2ε·|ln ρ|` or would not move), plus the conditioning of the fixed point: where the level map's slope `q` at `ρ*` is close to 1
    /// (small σ, small k) one rounding of the map moves the root by about `ε/(1 − q)` relative.
    /// Against 60-digit references (the chain's closed form for `k = 1`, mpmath's root finder
    /// otherwise) the tests measure at most 2e-13 (k = 1, σ = 1e-6, q = 0.998) and 1e-15 for σ ≥ 0.05.
    ///
    /// # Errors
    /// As [`KaryTree::rho`]; [`DltError::NonPositive`] for σ = 0 (no limit: the speedup grows
    /// without bound) or a bad `tol`; [`DltError::NotConverged`] if the search does not meet `tol`
    /// within 200 evaluations.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, KaryTree};
    /// // k = 1 is the chain: 1/ρ* = 1/2 + √(1/4 + 1/σ).
    /// let tree = KaryTree { w: 1.0, z: 0.5, front_end: true, k: 1, depth: 1 };
    /// let rho = tree.rho_limit(CostScale::unit(), 1e-15).unwrap();
    /// assert!((1.0 / rho - (0.5 + (0.25f64 + 2.0).sqrt())).abs() < 1e-12);
    /// ```
    pub fn rho_limit(&self, scale: CostScale, tol: f64) -> Result<f64, DltError> {
        kary_tree_rho_limit(scale.ratio(self.w, self.z)?, self.front_end, self.k, tol)
    }
}
