//! Bus: a star whose children share one medium, so every link has the same `z` (Bataineh,
//! Hsiung & Robertazzi 1994, see [`crate::references`], whose closed forms are re-derived here
//! from the equal-finish condition).

use super::allocation::Allocation;
use super::cost_scale::CostScale;
use super::error::{DltError, MAX_PROCESSORS, non_negative, size_at_most};
use super::options::{Options, uniform};
use super::root::{Root, RootMode};
use super::star::{StarSolution, to_allocation};
use super::star_network::Star;
use super::worker::Worker;

/// A homogeneous bus or star: `n` workers, each of inverse speed `w` behind a link of inverse
/// speed `z`; a computing root has the same `w`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct UniformBus {
    /// What the root does.
    pub root: RootMode,
    /// Inverse speed of every processor.
    pub w: f64,
    /// Inverse speed of the bus.
    pub z: f64,
    /// Number of workers besides the root.
    pub n: u64,
}

impl Star {
    /// A bus with heterogeneous processors (Bataineh, Hsiung & Robertazzi 1994): a star whose
    /// workers of inverse speeds `w_children` share one medium of inverse speed `z`. Its
    /// [`allocate`](Star::allocate) is the bus's closed form; the makespan does not depend on the
    /// order of the children, and with one `z` the optimal order is the input order.
    ///
    /// # Formula (of `allocate`)
    /// ```text
    /// Π = Π_j a_j/(c + a_j),   Q = (1 − Π)/c
    /// non-computing: T = c/(1 − Π);  front-end: T = 1/(1/a_0 + (1 − Π)/c);
    /// no front-end: T = 1/((1 − Π)/c + Π/a_0) (with the participation rule of the star)
    /// α_i = T/(c + a_i)·Π_{j<i} a_j/(c + a_j)
    /// ```
    /// computed through the star's rate form, which also covers `c = 0` (`1/T = Σ 1/a_j`).
    ///
    /// # Accuracy
    /// As [`Star::allocate`](crate::dlt::Star::allocate): within `4·n·ε` relative.
    ///
    /// # Errors
    /// [`DltError::Negative`]/[`DltError::NonFinite`] for a bad `z`; as [`Star::new`] for the
    /// root and the `w`s.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Options, Root, Star};
    /// // Two identical workers (c = a = 1) behind a bus control unit: T = (c + a)²/(c + 2a) = 4/3.
    /// let bus = Star::bus(Root::NonComputing, &[1.0, 1.0], 1.0).unwrap();
    /// let s = bus.allocate(Options::default()).unwrap();
    /// assert!((s.makespan - 4.0 / 3.0).abs() < 1e-15);
    /// ```
    pub fn bus(root: Root, w_children: &[f64], z: f64) -> Result<Star, DltError> {
        non_negative("bus z", 0, z)?;
        let workers: Vec<Worker> = w_children.iter().map(|&w| Worker { w, z }).collect();
        Star::new(root, workers)
    }
}

/// `1 − k^n` with `k = 1/(1 + σ)`, without cancellation for tiny σ.
fn one_minus_kn(ratio: f64, n: f64) -> f64 {
    -(-n * ratio.ln_1p()).exp_m1()
}

/// `k^n = (1 + σ)^{−n}`.
fn kn(ratio: f64, n: f64) -> f64 {
    (-n * ratio.ln_1p()).exp()
}

impl UniformBus {
    /// Homogeneous bus: `n` children and the root (when it computes) all of inverse speed `w`, bus
    /// inverse speed `z` (Bataineh, Hsiung & Robertazzi 1994: a geometric closed form).
    /// `opts.order` is not consulted.
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
    /// # Accuracy
    /// `1 − k^n` is computed as `−expm1(−n·ln(1 + σ))`, so there is no cancellation for small σ:
    /// the makespan and shares are within 1e-14 relative for any `n ≤ 2^27` and σ over
    /// 1e-12..1e12; the tests measure at most 4e-15 against 50-digit references.
    ///
    /// # Errors
    /// [`DltError::NonPositive`] for `w ≤ 0` or a bad load/scale, [`DltError::Negative`] for
    /// `z < 0`, [`DltError::Empty`] for a non-computing root with `n = 0`, [`DltError::TooLarge`]
    /// for `n` above [`MAX_PROCESSORS`] (use [`UniformBus::speedup`] for the makespan alone).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Options, RootMode, UniformBus};
    /// // One worker behind a control unit: T = (c + a)·L.
    /// let bus = UniformBus { root: RootMode::NonComputing, w: 1.0, z: 0.25, n: 1 };
    /// let s = bus.allocate(Options::load(2.0)).unwrap();
    /// assert!((s.makespan - 2.5).abs() < 1e-15);
    /// ```
    pub fn allocate(&self, opts: Options) -> Result<Allocation, DltError> {
        let bus = *self;
        let UniformBus { root, w, z, n } = bus;
        uniform(w, z, &opts)?;
        if root == RootMode::NonComputing && n == 0 {
            return Err(DltError::Empty { what: "a non-computing root without children" });
        }
        let n = size_at_most("bus workers n", n, MAX_PROCESSORS)?;
        let scale = opts.scale;
        let a = w * scale.t_cp();
        let c = z * scale.t_cm();
        let ratio = c / a;
        let nf = n as f64;
        let geometric =
            |first: f64, from: f64| -> Vec<f64> { (0..n).map(|i| first * kn(ratio, i as f64 + from)).collect() };
        let s = if ratio == 0.0 {
            let (m, root_share) = match root {
                RootMode::NonComputing => (nf, 0.0),
                _ => (nf + 1.0, 1.0 / (nf + 1.0)),
            };
            StarSolution { t: a / m, alpha_root: root_share, alpha: vec![1.0 / m; n], order: (0..n).collect() }
        } else {
            match root {
                RootMode::FrontEnd => {
                    let a0 = (ratio / (1.0 + ratio)) / one_minus_kn(ratio, nf + 1.0);
                    StarSolution { t: a * a0, alpha_root: a0, alpha: geometric(a0, 1.0), order: (0..n).collect() }
                }
                RootMode::NoFrontEnd if ratio >= 1.0 => {
                    StarSolution { t: a, alpha_root: 1.0, alpha: vec![0.0; n], order: Vec::new() }
                }
                RootMode::NoFrontEnd => {
                    let t = a * ratio / (one_minus_kn(ratio, nf) + ratio * kn(ratio, nf));
                    StarSolution {
                        t,
                        alpha_root: kn(ratio, nf) * t / a,
                        alpha: geometric(t / (a + c), 0.0),
                        order: (0..n).collect(),
                    }
                }
                RootMode::NonComputing => {
                    let d = one_minus_kn(ratio, nf);
                    let first = (ratio / (1.0 + ratio)) / d;
                    StarSolution {
                        t: a * ratio / d,
                        alpha_root: 0.0,
                        alpha: geometric(first, 0.0),
                        order: (0..n).collect(),
                    }
                }
            }
        };
        to_allocation(s, root, scale, opts.load).checked()
    }
}

/// The speedup of [`UniformBus::speedup`] at `σ = ratio`.
fn bus_speedup(root: RootMode, ratio: f64, n: u64) -> Result<f64, DltError> {
    non_negative("ratio", 0, ratio)?;
    if root == RootMode::NonComputing && n == 0 {
        return Err(DltError::Empty { what: "a non-computing root without children" });
    }
    let nf = n as f64;
    // Below (n + 1)·σ = 1e-17 the σ = 0 value is within 1e-17 relative (the first correction is
    // −(n + 1)·σ/2), and a subnormal σ would lose digits in the general form.
    if ratio * (nf + 1.0) < 1e-17 {
        return Ok(if root == RootMode::NonComputing { nf } else { nf + 1.0 });
    }
    let s = match root {
        RootMode::FrontEnd => one_minus_kn(ratio, nf + 1.0) / ratio * (1.0 + ratio),
        RootMode::NoFrontEnd if ratio >= 1.0 => 1.0,
        RootMode::NoFrontEnd => one_minus_kn(ratio, nf) / ratio + kn(ratio, nf),
        RootMode::NonComputing => one_minus_kn(ratio, nf) / ratio,
    };
    if !s.is_finite() {
        return Err(DltError::IllConditioned { what: format!("the bus speedup overflows f64 at ratio = {ratio}") });
    }
    Ok(s)
}

/// The limit of [`UniformBus::speedup_limit`] at `σ = ratio`.
fn bus_speedup_limit(root: RootMode, ratio: f64) -> Result<f64, DltError> {
    non_negative("ratio", 0, ratio)?;
    Ok(match root {
        RootMode::FrontEnd => 1.0 + 1.0 / ratio,
        RootMode::NoFrontEnd => (1.0 / ratio).max(1.0),
        RootMode::NonComputing => 1.0 / ratio,
    })
}

impl UniformBus {
    /// Speedup `a/T` of this homogeneous bus (`n` children, `σ = z·T_cm/(w·T_cp)`) (Bataineh, Hsiung &
    /// Robertazzi 1994), in O(1) time for any `n`.
    ///
    /// # Formula
    /// ```text
    /// front-end: (1 − k^{n+1})/(1 − k);  no front-end: (1 − (1 − σ)k^n)/σ (σ < 1, else 1);
    /// non-computing: (1 − k^n)/σ;   k = 1/(1 + σ);  σ = 0: n + 1, n + 1, n
    /// ```
    ///
    /// # Accuracy
    /// Within 1e-14 relative for every `n` up to 2^64 and σ in 1e-300..1e300 (no cancellation:
    /// `1 − k^n = −expm1(−n·ln(1 + σ))`); the tests measure at most 4e-15 against 50-digit
    /// references, n up to 10⁹.
    ///
    /// # Errors
    /// [`DltError::NonPositive`]/[`DltError::Negative`]/[`DltError::NonFinite`] for a bad `w`
    /// or `z`; [`DltError::Empty`] for a
    /// non-computing root with `n = 0`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, RootMode, UniformBus};
    /// // Two identical workers behind a control unit, σ = 1: a/T = (c + 2a)/(c + a)² = 3/4.
    /// let bus = UniformBus { root: RootMode::NonComputing, w: 1.0, z: 1.0, n: 2 };
    /// assert!((bus.speedup(CostScale::unit()).unwrap() - 0.75).abs() < 1e-15);
    /// // A billion workers on a fast bus: close to the limit 1/σ.
    /// let bus = UniformBus { root: RootMode::NonComputing, w: 1.0, z: 1e-6, n: 1_000_000_000 };
    /// let s = bus.speedup(CostScale::unit()).unwrap();
    /// assert!((s - 1e6).abs() < 1e-6 * 1e6);
    /// ```
    pub fn speedup(&self, scale: CostScale) -> Result<f64, DltError> {
        bus_speedup(self.root, scale.ratio(self.w, self.z)?, self.n)
    }

    /// Limit of this homogeneous bus's speedup as `n → ∞` (`n` is not consulted) (Bataineh, Hsiung & Robertazzi 1994).
    ///
    /// # Formula
    /// ```text
    /// front-end: 1 + 1/σ;  no front-end: 1/σ (σ < 1, else 1);  non-computing: 1/σ;  σ = 0: ∞
    /// ```
    ///
    /// # Accuracy
    /// One or two roundings: within 2ε relative.
    ///
    /// # Errors
    /// [`DltError::NonPositive`]/[`DltError::Negative`]/[`DltError::NonFinite`] for a bad `w`
    /// or `z`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, RootMode, UniformBus};
    /// let bus = UniformBus { root: RootMode::FrontEnd, w: 1.0, z: 0.2, n: 1 };
    /// assert_eq!(bus.speedup_limit(CostScale::unit()).unwrap(), 6.0);
    /// ```
    pub fn speedup_limit(&self, scale: CostScale) -> Result<f64, DltError> {
        bus_speedup_limit(self.root, scale.ratio(self.w, self.z)?)
    }
}
