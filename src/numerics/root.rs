//! Root finding: one safeguarded, bracketing routine for every one-dimensional equation of the
//! crate (the gamma quantile, the mode of a normal order statistic, the median of a maximum of
//! independent normals, the fixed point of a k-ary tree's level map, the remap costs at which an
//! optimal policy changes).
//!
//! The equation `f(x) = 0` has one sign change in `[lo, hi]` (either end may be infinite) and the
//! caller says which way `f` crosses zero, so every evaluation narrows the bracket without the
//! ends being evaluated first. Each step takes, in this order:
//!
//! 1. the caller's own correction (`x − step`: Newton's `f/f'`, Halley's, …) when it supplies one
//!    and it lands strictly inside the bracket — derivatives are cheap for most of the crate's
//!    equations, and one Halley step there saves several function evaluations;
//! 2. otherwise the secant through the last two points, provided it lands inside the bracket and
//!    the bracket has halved over the last two evaluations (Brent's safeguard);
//! 3. otherwise bisection, or, while one end is still infinite, a step that doubles the distance
//!    from the finite end (`lo + 1 + |lo|`).
//!
//! It stops when the step is below `abs_tol + rel_tol·|x|` (or a step of exactly 0 is proposed,
//! which lets a caller apply its own stopping rule), when the next point would equal the current
//! one, or when `f(x) = 0`.
//!
//! **Why not argmin.** argmin 0.11's `BrentRoot` was used for two of these equations. On the
//! crate's real problems (`benches/numerics.rs`, which runs both on the same functions) this
//! routine is faster on every one: argmin's executor does its bookkeeping (its state and
//! termination checks) on every iteration, and `BrentRoot` evaluates both bracket ends before the first step and has no way to use a
//! derivative, so the gamma quantile needs 3–5 times as many incomplete-gamma evaluations. The
//! figures are in the module docs of [`numerics`](super).

/// Which way `f` crosses zero in the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slope {
    /// `f < 0` below the root, `f > 0` above it.
    Increasing,
    /// `f > 0` below the root, `f < 0` above it.
    Decreasing,
}

/// What the equation tells the solver at one point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Eval {
    /// `f(x)`. Only its sign is used where it is infinite; NaN ends the search with an error.
    pub value: f64,
    /// A correction proposed by the caller: the next point is `x − step`. A step of 0 ends the
    /// search at `x`.
    pub step: Option<f64>,
}

impl Eval {
    /// A value without a proposed step (the routine interpolates).
    pub(crate) fn value(value: f64) -> Self {
        Eval { value, step: None }
    }

    /// A value with the caller's correction `step` (the next point is `x − step`).
    pub(crate) fn with_step(value: f64, step: f64) -> Self {
        Eval { value, step: Some(step) }
    }
}

/// Where the root lies and when to stop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Search {
    /// Lower end of the bracket (may be `−∞`).
    pub lo: f64,
    /// Upper end of the bracket (may be `+∞`).
    pub hi: f64,
    /// First point evaluated, inside `[lo, hi]`.
    pub start: f64,
    /// Absolute part of the step tolerance.
    pub abs_tol: f64,
    /// Relative part of the step tolerance.
    pub rel_tol: f64,
    /// Largest number of evaluations of `f`.
    pub max_evals: u32,
}

/// Where the search stopped.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Root {
    /// The last point evaluated.
    pub x: f64,
    /// `f(x)`.
    pub value: f64,
    /// The estimate after the last step (`x` corrected by the caller's step, the secant or the
    /// bisection), not evaluated: the sharper estimate when the caller needs nothing else from
    /// the evaluation at the root.
    pub next: f64,
    /// Evaluations of `f`.
    pub evaluations: u32,
}

/// Why no root was returned.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum RootError {
    /// `f` returned NaN at `x`.
    NotANumber {
        /// Where.
        x: f64,
    },
    /// `max_evals` evaluations did not meet the tolerance; the last state is given.
    NotConverged(Root),
}

/// Finds the root of `f` in `search`'s bracket (see the module docs).
///
/// # Errors
/// [`RootError::NotANumber`] when `f` returns NaN, [`RootError::NotConverged`] after
/// `search.max_evals` evaluations.
pub(crate) fn find_root<F: FnMut(f64) -> Eval>(slope: Slope, search: Search, mut f: F) -> Result<Root, RootError> {
    let Search { mut lo, mut hi, start, abs_tol, rel_tol, max_evals } = search;
    let mut x = start;
    let mut previous: Option<(f64, f64)> = None;
    // Bracket widths after the evaluation before last and after the last one.
    let mut widths = [f64::INFINITY; 2];
    let mut last = Root { x, value: f64::NAN, next: x, evaluations: 0 };
    for evaluations in 1..=max_evals {
        let Eval { value, step } = f(x);
        if value.is_nan() {
            return Err(RootError::NotANumber { x });
        }
        if value == 0.0 {
            return Ok(Root { x, value, next: x, evaluations });
        }
        if (value > 0.0) == (slope == Slope::Increasing) {
            hi = x;
        } else {
            lo = x;
        }
        let tol = abs_tol + rel_tol * x.abs();
        let width = hi - lo;
        let mut next = f64::NAN;
        match step.filter(|s| s.is_finite()) {
            Some(s) => {
                if s.abs() <= tol {
                    return Ok(Root { x, value, next: x - s, evaluations });
                }
                next = x - s;
            }
            None => {
                if let Some((xp, fp)) = previous {
                    // The secant, if the bracket shrinks fast enough to trust interpolation.
                    if value.is_finite() && fp.is_finite() && fp != value && width <= 0.5 * widths[0] {
                        next = x - value * (x - xp) / (value - fp);
                    }
                }
            }
        }
        if !(next > lo && next < hi) {
            next = if lo.is_finite() && hi.is_finite() {
                lo + 0.5 * width
            } else if lo.is_finite() {
                lo + 1.0 + lo.abs()
            } else {
                hi - 1.0 - hi.abs()
            };
        }
        widths = [widths[1], width];
        previous = Some((x, value));
        last = Root { x, value, next, evaluations };
        if next == x || (next - x).abs() <= tol {
            return Ok(last);
        }
        x = next;
    }
    Err(RootError::NotConverged(last))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(lo: f64, hi: f64, start: f64) -> Search {
        Search { lo, hi, start, abs_tol: 1e-15, rel_tol: 1e-15, max_evals: 200 }
    }

    #[test]
    fn derivative_free_roots_of_smooth_functions() {
        // cos x = x: 0.739085133215160641655312087673873404 (Dottie number).
        let r = find_root(Slope::Decreasing, search(0.0, 1.0, 0.5), |x| Eval::value(x.cos() - x)).unwrap();
        assert!((r.next - 0.739_085_133_215_160_6).abs() < 2e-16, "{r:?}");
        assert!(r.evaluations <= 12, "{r:?}");
        // x³ = 2 from a far start on a half-infinite bracket.
        let r =
            find_root(Slope::Increasing, search(0.0, f64::INFINITY, 40.0), |x| Eval::value(x * x * x - 2.0)).unwrap();
        assert!((r.next - 2f64.cbrt()).abs() < 4e-16, "{r:?}");
        // A function with a flat side (regula falsi stagnates on it): the halving rule bisects.
        let r = find_root(Slope::Increasing, search(-1.0, 4.0, 3.9), |x| Eval::value(x.powi(9) - 1e-9)).unwrap();
        assert!((r.next - 0.1).abs() < 1e-15, "{r:?}");
        assert!(r.evaluations <= 80, "{r:?}");
    }

    #[test]
    fn newton_steps_converge_quadratically_and_are_safeguarded() {
        // √2 by Newton from 10: a handful of evaluations.
        let newton = |x: f64| Eval::with_step(x * x - 2.0, (x * x - 2.0) / (2.0 * x));
        let r = find_root(Slope::Increasing, search(0.0, f64::INFINITY, 10.0), newton).unwrap();
        assert!((r.next - 2f64.sqrt()).abs() < 4e-16 && r.evaluations <= 8, "{r:?}");
        // arctan from 3: plain Newton diverges (it overshoots to −9.5…); the bracket keeps it.
        let atan = |x: f64| Eval::with_step(x.atan(), x.atan() * (1.0 + x * x));
        let r = find_root(Slope::Increasing, search(f64::NEG_INFINITY, f64::INFINITY, 3.0), atan).unwrap();
        assert!(r.next.abs() < 1e-15, "{r:?}");
    }

    #[test]
    fn step_functions_are_bisected_to_the_tolerance() {
        let threshold = std::f64::consts::E;
        let s = Search { abs_tol: 1e-9, rel_tol: 0.0, ..search(0.0, 10.0, 5.0) };
        let r = find_root(Slope::Increasing, s, |x| Eval::value(if x > threshold { 1.0 } else { -1.0 })).unwrap();
        assert!((r.next - threshold).abs() <= 1e-9, "{r:?}");
        // log2(10/1e-9) ≈ 33 halvings.
        assert!(r.evaluations <= 34, "{r:?}");
    }

    #[test]
    fn infinite_values_steer_and_nan_is_an_error() {
        // ln x − 1 with x ≤ 0 giving −∞: the sign still narrows the bracket.
        let r =
            find_root(Slope::Increasing, search(-5.0, 100.0, -1.0), |x| Eval::value(x.max(0.0).ln() - 1.0)).unwrap();
        assert!((r.next - std::f64::consts::E).abs() < 1e-14, "{r:?}");
        assert_eq!(
            find_root(Slope::Increasing, search(0.0, 1.0, 0.5), |_| Eval::value(f64::NAN)),
            Err(RootError::NotANumber { x: 0.5 })
        );
        // (Not a linear function: the secant would hit its root exactly on the third evaluation.)
        let capped = Search { max_evals: 3, ..search(0.0, 1.0, 0.5) };
        assert!(matches!(
            find_root(Slope::Increasing, capped, |x| Eval::value(x.exp() - 1.123)),
            Err(RootError::NotConverged(Root { evaluations: 3, .. }))
        ));
    }
}
