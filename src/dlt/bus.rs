//! Bus: a star whose children share one medium, so every link has the same `z`
//! (reference §2; Bataineh, Hsiung & Robertazzi 1994, whose closed form is re-derived here).

use super::error::{DltError, homogeneous, non_negative};
use super::star::{StarSolution, to_allocation, validate_root};
use super::types::{Allocation, CostScale, RootMode};

/// Divisible load on a bus with heterogeneous processors (reference §2.1). The makespan does not
/// depend on the order of the children; they are served in input order.
///
/// # Formula
/// ```text
/// Π = Π_j a_j/(c + a_j),   Q = (1 − Π)/c
/// non-computing: T = c/(1 − Π);  front-end: T = 1/(1/a_0 + (1 − Π)/c);
/// no front-end: T = 1/((1 − Π)/c + Π/a_0) (with the participation rule of the star)
/// α_i = T/(c + a_i)·Π_{j<i} a_j/(c + a_j)
/// ```
/// computed through the star's rate form, which also covers `c = 0` (`1/T = Σ 1/a_j`).
///
/// # Errors
/// As [`crate::dlt::star_allocate`].
///
/// ```
/// use loadbal::dlt::{bus_allocate, CostScale, RootMode};
/// // Two identical workers (c = a = 1) behind a bus control unit: T = (c + a)²/(c + 2a) = 4/3.
/// let s = bus_allocate(RootMode::NonComputing, 1.0, &[1.0, 1.0], 1.0, CostScale::unit(), 1.0).unwrap();
/// assert!((s.makespan - 4.0 / 3.0).abs() < 1e-15);
/// ```
pub fn bus_allocate(
    root: RootMode,
    w_root: f64,
    w_children: &[f64],
    z: f64,
    scale: CostScale,
    load: f64,
) -> Result<Allocation, DltError> {
    non_negative("bus z", 0, z)?;
    let children: Vec<(f64, f64)> = w_children.iter().map(|&w| (z, w)).collect();
    super::star_allocate(root, w_root, &children, scale, super::OrderPolicy::AsGiven, load)
}

/// `1 − k^n` with `k = 1/(1 + σ)`, without cancellation for tiny σ.
fn one_minus_kn(sigma: f64, n: f64) -> f64 {
    -(-n * sigma.ln_1p()).exp_m1()
}

/// `k^n = (1 + σ)^{−n}`.
fn kn(sigma: f64, n: f64) -> f64 {
    (-n * sigma.ln_1p()).exp()
}

/// Homogeneous bus: `n` children and the root (when it computes) all of inverse speed `w`, bus
/// inverse speed `z` (reference §2.2, geometric closed form).
///
/// # Formula
/// ```text
/// σ = z·T_cm/(w·T_cp),  k = 1/(1 + σ),  a = w·T_cp
/// front-end:     α_0 = (1 − k)/(1 − k^{n+1}),  α_i = α_0·k^i,  T = a·α_0
/// no front-end:  T = a·σ/(1 − (1 − σ)·k^n),  α_i = T·k^{i−1}/(a + c),  α_0 = k^n·T/a  (σ < 1;
///                for σ ≥ 1 the root computes alone, T = a)
/// non-computing: α_i = (1 − k)·k^{i−1}/(1 − k^n),  T = a·σ/(1 − k^n)
/// σ = 0: equal shares.   All loads and T times L.
/// ```
///
/// # Errors
/// [`DltError::NonPositive`] for `w ≤ 0` or a bad load/scale, [`DltError::Negative`] for
/// `z < 0`, [`DltError::Empty`] for a non-computing root with `n = 0`.
///
/// ```
/// use loadbal::dlt::{bus_homogeneous, CostScale, RootMode};
/// // One worker behind a control unit: T = (c + a)·L (DLT-Studio anchor).
/// let s = bus_homogeneous(RootMode::NonComputing, 1, 1.0, 0.25, CostScale::unit(), 2.0).unwrap();
/// assert!((s.makespan - 2.5).abs() < 1e-15);
/// ```
pub fn bus_homogeneous(
    root: RootMode,
    n: usize,
    w: f64,
    z: f64,
    scale: CostScale,
    load: f64,
) -> Result<Allocation, DltError> {
    homogeneous(scale, w, z, load)?;
    validate_root(root, w, n)?;
    let a = w * scale.t_cp;
    let c = z * scale.t_cm;
    let sigma = c / a;
    let nf = n as f64;
    let geometric =
        |first: f64, from: f64| -> Vec<f64> { (0..n).map(|i| first * kn(sigma, i as f64 + from)).collect() };
    let s = if sigma == 0.0 {
        let (m, root_share) = match root {
            RootMode::NonComputing => (nf, 0.0),
            _ => (nf + 1.0, 1.0 / (nf + 1.0)),
        };
        StarSolution { t: a / m, alpha_root: root_share, alpha: vec![1.0 / m; n], order: (0..n).collect() }
    } else {
        match root {
            RootMode::FrontEnd => {
                let a0 = (sigma / (1.0 + sigma)) / one_minus_kn(sigma, nf + 1.0);
                StarSolution { t: a * a0, alpha_root: a0, alpha: geometric(a0, 1.0), order: (0..n).collect() }
            }
            RootMode::NoFrontEnd if sigma >= 1.0 => {
                StarSolution { t: a, alpha_root: 1.0, alpha: vec![0.0; n], order: Vec::new() }
            }
            RootMode::NoFrontEnd => {
                let t = a * sigma / (one_minus_kn(sigma, nf) + sigma * kn(sigma, nf));
                StarSolution {
                    t,
                    alpha_root: kn(sigma, nf) * t / a,
                    alpha: geometric(t / (a + c), 0.0),
                    order: (0..n).collect(),
                }
            }
            RootMode::NonComputing => {
                let d = one_minus_kn(sigma, nf);
                let first = (sigma / (1.0 + sigma)) / d;
                StarSolution {
                    t: a * sigma / d,
                    alpha_root: 0.0,
                    alpha: geometric(first, 0.0),
                    order: (0..n).collect(),
                }
            }
        }
    };
    to_allocation(s, root, scale, load).checked()
}

/// Speedup `a/T` of a homogeneous bus with `n` children at `σ = c/a` (reference §2.2).
///
/// # Formula
/// ```text
/// front-end: (1 − k^{n+1})/(1 − k);  no front-end: (1 − (1 − σ)k^n)/σ (σ < 1, else 1);
/// non-computing: (1 − k^n)/σ;   k = 1/(1 + σ);  σ = 0: n + 1, n + 1, n
/// ```
///
/// # Errors
/// [`DltError::Negative`]/[`DltError::NonFinite`] for a bad σ; [`DltError::Empty`] for a
/// non-computing root with `n = 0`.
///
/// ```
/// use loadbal::dlt::{bus_speedup, RootMode};
/// // Two identical workers behind a control unit, σ = 1: a/T = (c + 2a)/(c + a)² = 3/4.
/// assert!((bus_speedup(RootMode::NonComputing, 2, 1.0).unwrap() - 0.75).abs() < 1e-15);
/// ```
pub fn bus_speedup(root: RootMode, n: usize, sigma: f64) -> Result<f64, DltError> {
    non_negative("sigma", 0, sigma)?;
    let s = bus_homogeneous(root, n, 1.0, sigma, CostScale::unit(), 1.0)?;
    Ok(1.0 / s.makespan)
}

/// Limit of the homogeneous bus speedup as `n → ∞` (reference §2.2).
///
/// # Formula
/// ```text
/// front-end: 1 + 1/σ;  no front-end: 1/σ (σ < 1, else 1);  non-computing: 1/σ;  σ = 0: ∞
/// ```
///
/// # Errors
/// [`DltError::Negative`]/[`DltError::NonFinite`] for a bad σ.
///
/// ```
/// use loadbal::dlt::{bus_speedup_limit, RootMode};
/// assert_eq!(bus_speedup_limit(RootMode::FrontEnd, 0.2).unwrap(), 6.0);
/// ```
pub fn bus_speedup_limit(root: RootMode, sigma: f64) -> Result<f64, DltError> {
    non_negative("sigma", 0, sigma)?;
    Ok(match root {
        RootMode::FrontEnd => 1.0 + 1.0 / sigma,
        RootMode::NoFrontEnd => (1.0 / sigma).max(1.0),
        RootMode::NonComputing => 1.0 / sigma,
    })
}
