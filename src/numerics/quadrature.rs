//! The one quadrature of the crate's order statistics: the trapezoid rule on the real line for a
//! smooth positive density known through its logarithm, weighted by a value.
//!
//! For an integrand that is analytic in a strip around the real axis and decays on both sides,
//! the trapezoid rule with step `h` converges geometrically in `1/h` (Trefethen & Weideman, SIAM
//! Review 56, 2014): with the step a fraction of the integrand's own scale it reaches full double
//! precision with a few hundred points. Densities of normal order statistics are such functions
//! (their logarithm is concave, their upper tail Gaussian and their lower tail double
//! exponential), so one routine serves the standard, location–scale, heterogeneous and
//! transformed cases. Sums are self-normalised (divided by the quadrature of the density itself),
//! so unknown normalising constants such as `n!/((r−1)!(n−r)!)` never need to be computed.
//!
//! The walk outwards stops on the *integrands*, not on the density alone: each side ends only
//! where the density `p`, the first-moment integrand `p·|v|` and the second-moment integrand
//! `p·v²` have all fallen [`CUTOFF`] below the largest value seen. A value that grows
//! exponentially (the log-normal `e^{σz}`) or like a power of the tail (Pareto) moves the mass
//! of `p·v` far from the mode of `p`; stopping on `p` alone drops it.
//!
//! Values are either signed and moderate ([`ValueKind::Linear`]: kept relative to the value at
//! the centre, so that a variance does not cancel) or positive over any range
//! ([`ValueKind::Log`]: given by their logarithm, so that `e^{−700}` and `e^{+700}` mix without
//! underflow or overflow).
//!
//! With [`Refine::Halve`], the step is halved (reusing every point: only midpoints are added)
//! until the mean and standard deviation change by less than the tolerance between two levels;
//! the trapezoid rule's geometric convergence then leaves the finer level's error far below that
//! change. The fixed-step mode serves the normal scores, whose step is proven once for all `n`.

/// Log drop, relative to the largest value seen on a channel, below which the walk stops:
/// `exp(−38) ≈ 3e−17` of the peak, so the neglected tail (which decays at least geometrically
/// there) stays below 1e−15 of each integral.
const CUTOFF: f64 = 38.0;

/// `exp(−CUTOFF)`, the same drop for weights kept as numbers.
const CUTOFF_FACTOR: f64 = 3.139_132_792_048_08e-17;

/// Strength `a` and rate `b` of the stretch `ψ(u) = u ± a·(e^{±b·u} − 1)/b` (see [`Stretch`]).
const STRETCH_A: f64 = 0.1;
const STRETCH_B: f64 = 0.8;

/// How the value of the integrand is represented.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum ValueKind {
    /// `value(x)` is the value itself (signed, moderate).
    Linear,
    /// `value(x)` is `ln v(x)` of a positive value `v`.
    Log,
}

/// Whether to refine the step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Refine {
    /// Use the given step only.
    Fixed,
    /// Halve the step until mean and standard deviation change by less than `tol` (relative),
    /// at most `levels` times.
    Halve {
        /// Relative change accepted between two levels.
        tol: f64,
        /// Largest number of halvings.
        levels: u32,
    },
}

/// Which side of the grid, if any, is stretched.
///
/// A density whose tail on one side turns from double exponential (near the mode) into
/// Gaussian (far out) — the upper tail of a normal maximum — needs the fine step of its mode
/// only near the mode: out in the Gaussian tail the integrand is analytic in a wide strip and a
/// step several times larger is as accurate. The nodes are then `center + scale·ψ(u)` for `u`
/// on the uniform grid, with the substitution (analytic everywhere, so the trapezoid rule keeps
/// its geometric convergence)
///
/// ```text
/// ψ(u) = u + a·(e^{b·u} − 1)/b,   ψ'(u) = 1 + a·e^{b·u}      (Up; Down mirrored)
/// ```
///
/// which leaves the other side and the mode's neighbourhood almost as they were (`ψ' → 1`) and
/// widens the steps geometrically into the stretched tail. The maximum of `n` normals then
/// needs 35–44 nodes for every `n` up to 2^53 instead of 60–135.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Stretch {
    /// `ψ(u) = u`.
    None,
    /// Steps widen towards `+∞`.
    Up,
    /// Steps widen towards `−∞`.
    Down,
}

/// The nodes `center + scale·ψ(k·step)`, `k ∈ ℤ`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Grid {
    /// Where the walk starts (`k = 0`); best at the mode.
    pub center: f64,
    /// Length of one unit of `u`.
    pub scale: f64,
    /// Step in `u`.
    pub step: f64,
    /// The substitution `ψ`.
    pub stretch: Stretch,
}

impl Grid {
    /// The uniform grid `center + k·step`.
    pub(crate) fn uniform(center: f64, step: f64) -> Self {
        Grid { center, scale: 1.0, step, stretch: Stretch::None }
    }

    /// `e^{±b·u}` of [`Stretch`] (1 without stretch).
    fn growth(&self, u: f64) -> f64 {
        match self.stretch {
            Stretch::None => 1.0,
            Stretch::Up => (STRETCH_B * u).exp(),
            Stretch::Down => (-STRETCH_B * u).exp(),
        }
    }

    /// `(x, ψ'(u))` at `u`, given `e = self.growth(u)`.
    #[inline]
    fn node(&self, u: f64, e: f64) -> (f64, f64) {
        let (t, jac) = match self.stretch {
            Stretch::None => (u, 1.0),
            Stretch::Up => (u + (e - 1.0) * (STRETCH_A / STRETCH_B), 1.0 + STRETCH_A * e),
            Stretch::Down => (u - (e - 1.0) * (STRETCH_A / STRETCH_B), 1.0 + STRETCH_A * e),
        };
        (self.center + self.scale * t, jac)
    }
}

/// Why the quadrature could not produce moments.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum QuadError {
    /// The density or the value was NaN, or not finite at the centre.
    NonFinite,
    /// The walk needed more than the evaluation budget.
    TooManyPoints,
    /// Halving the step did not settle the result.
    NotConverged {
        /// Relative change between the last two levels.
        change: f64,
    },
    /// The mean (log kind) does not fit in `f64`.
    OutOfRange {
        /// Natural logarithm of the mean.
        ln_mean: f64,
    },
}

/// Self-normalised moments of a value under a density sampled by [`integrate`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Moments {
    /// `∫ v(x) p(x) dx / ∫ p(x) dx`.
    pub mean: f64,
    /// `∫ (v(x) − mean)² p(x) dx / ∫ p(x) dx`.
    pub variance: f64,
    /// Number of density evaluations.
    pub points: usize,
}

/// One grid point: log-density, the substitution's derivative `ψ'`, and value (relative to the
/// centre's value for the linear kind, the logarithm of the value for the log kind).
#[derive(Debug, Clone, Copy)]
struct Sample {
    lp: f64,
    jac: f64,
    v: f64,
}

/// The running sums of one kind of value.
trait Sums {
    /// Adds a sample; while walking outwards (`walking`), returns `false` without adding it if
    /// every channel is negligible (see the module docs).
    fn add(&mut self, s: Sample, walking: bool) -> bool;
    /// The moments of the samples added so far.
    fn moments(&self) -> Result<Moments, QuadError>;
    /// Number of samples added.
    fn len(&self) -> usize;
}

/// Linear values, summed as they come: weights `ψ'·e^{lp − reference}` with the reference the
/// largest log-density seen (rescaled when it moves up), so no sample is stored.
struct LinearSums {
    shift: f64,
    second: bool,
    reference: f64,
    /// `Σ w`, `Σ w·v`, `Σ w·v²`.
    sums: [f64; 3],
    /// Largest `w`, `w·|v|`, `w·v²`.
    peaks: [f64; 3],
    count: usize,
}

impl LinearSums {
    fn new(shift: f64, second: bool, first: Sample) -> Self {
        let mut s = LinearSums { shift, second, reference: first.lp, sums: [0.0; 3], peaks: [0.0; 3], count: 0 };
        s.add(first, false);
        s
    }
}

impl Sums for LinearSums {
    #[inline]
    fn add(&mut self, s: Sample, walking: bool) -> bool {
        if s.lp > self.reference + 32.0 {
            // A new peak far above the reference: rescale so that weights stay below 2^47.
            let f = (self.reference - s.lp).exp();
            self.sums.iter_mut().chain(self.peaks.iter_mut()).for_each(|x| *x *= f);
            self.reference = s.lp;
        }
        let w = (s.lp - self.reference).exp() * s.jac;
        let c = [w, w * s.v.abs(), if self.second { w * s.v * s.v } else { 0.0 }];
        if walking && self.peaks.iter().zip(c).all(|(&p, x)| x == 0.0 || x < p * CUTOFF_FACTOR) {
            return false;
        }
        for (p, x) in self.peaks.iter_mut().zip(c) {
            *p = p.max(x);
        }
        self.sums[0] += w;
        self.sums[1] += w * s.v;
        self.sums[2] += w * s.v * s.v;
        self.count += 1;
        true
    }

    fn moments(&self) -> Result<Moments, QuadError> {
        let [s0, s1, s2] = self.sums;
        let m1 = s1 / s0;
        let variance = if self.second { (s2 / s0 - m1 * m1).max(0.0) } else { f64::NAN };
        Ok(Moments { mean: self.shift + m1, variance, points: self.count })
    }

    fn len(&self) -> usize {
        self.count
    }
}

/// Log values: samples kept (as `ln(ψ'·p)` and `ln v`) and reduced by log-sum-exps at the end.
struct LogSums {
    second: bool,
    /// Running maxima of the channels `ln p`, `ln p·v`, `ln p·v²`.
    peaks: [f64; 3],
    samples: Vec<(f64, f64)>,
}

impl LogSums {
    fn new(second: bool, first: Sample) -> Self {
        let mut s = LogSums { second, peaks: [f64::NEG_INFINITY; 3], samples: Vec::with_capacity(256) };
        s.add(first, false);
        s
    }
}

impl Sums for LogSums {
    fn add(&mut self, s: Sample, walking: bool) -> bool {
        let lp = if s.jac == 1.0 { s.lp } else { s.lp + s.jac.ln() };
        // Without a second moment (it may not exist: a Pareto tail), its channel never stops the walk.
        let c = [lp, lp + s.v, if self.second { lp + 2.0 * s.v } else { f64::NEG_INFINITY }];
        if walking && self.peaks.iter().zip(c).all(|(&p, x)| x == f64::NEG_INFINITY || x < p - CUTOFF) {
            return false;
        }
        for (p, x) in self.peaks.iter_mut().zip(c) {
            *p = p.max(x);
        }
        self.samples.push((lp, s.v));
        true
    }

    fn moments(&self) -> Result<Moments, QuadError> {
        let samples = &self.samples;
        let points = samples.len();
        let peak = samples.iter().map(|s| s.0).fold(f64::NEG_INFINITY, f64::max);
        // ln mean = ln Σ p v − ln Σ p, each by a log-sum-exp.
        let s0: f64 = samples.iter().map(|s| (s.0 - peak).exp()).sum();
        let top = samples.iter().map(|s| s.0 + s.1).fold(f64::NEG_INFINITY, f64::max);
        let s1: f64 = samples.iter().map(|s| (s.0 + s.1 - top).exp()).sum();
        let ln_mean = top - peak + (s1 / s0).ln();
        if !ln_mean.is_finite() || ln_mean > f64::MAX.ln() || ln_mean < f64::MIN_POSITIVE.ln() {
            return Err(QuadError::OutOfRange { ln_mean });
        }
        let mean = ln_mean.exp();
        if !self.second {
            return Ok(Moments { mean, variance: f64::NAN, points });
        }
        // Variance / mean² = Σ p (v/m − 1)² / Σ p, with ln|v/m − 1| formed without overflow.
        let ln_dev = |s: &(f64, f64)| {
            let d = s.1 - ln_mean;
            if d > 40.0 { d } else { d.exp_m1().abs().ln() }
        };
        let top2 = samples.iter().map(|s| s.0 + 2.0 * ln_dev(s)).fold(f64::NEG_INFINITY, f64::max);
        let s2: f64 = samples.iter().map(|s| (s.0 + 2.0 * ln_dev(s) - top2).exp()).sum();
        let ln_ratio = top2 - peak + (s2 / s0).ln();
        let variance = if s2 == 0.0 { 0.0 } else { (2.0 * ln_mean + ln_ratio).exp() };
        Ok(Moments { mean, variance, points })
    }

    fn len(&self) -> usize {
        self.samples.len()
    }
}

/// Trapezoid rule on the nodes of `grid`, walking outwards from its centre on each side until
/// every channel is negligible (see the module docs), refined as asked. Returns the
/// self-normalised mean and variance of the value under `exp(log_density)`.
#[allow(clippy::too_many_arguments)] // crate-internal kernel; every caller names each argument
pub(crate) fn integrate<G, V>(
    grid: Grid,
    max_points: usize,
    kind: ValueKind,
    refine: Refine,
    second: bool,
    log_density: G,
    value: V,
) -> Result<Moments, QuadError>
where
    G: Fn(f64) -> f64,
    V: Fn(f64) -> f64,
{
    let finite_positive = |x: f64| x > 0.0 && x.is_finite();
    if !(finite_positive(grid.step) && finite_positive(grid.scale) && grid.center.is_finite()) {
        return Err(QuadError::NonFinite);
    }
    let (x0, jac0) = grid.node(0.0, 1.0);
    let g0 = log_density(x0);
    let v0 = value(x0);
    if !(g0.is_finite() && v0.is_finite()) {
        return Err(QuadError::NonFinite);
    }
    let first = |shift: f64| Sample { lp: g0, jac: jac0, v: v0 - shift };
    match kind {
        ValueKind::Linear => {
            let sums = LinearSums::new(v0, second, first(v0));
            walk(grid, max_points, refine, sums, kind, v0, log_density, value)
        }
        ValueKind::Log => {
            let sums = LogSums::new(second, first(0.0));
            walk(grid, max_points, refine, sums, kind, 0.0, log_density, value)
        }
    }
}

/// The walk and the halvings of [`integrate`], summing into `sums`.
#[allow(clippy::too_many_arguments)]
fn walk<S: Sums, G, V>(
    grid: Grid,
    max_points: usize,
    refine: Refine,
    mut sums: S,
    kind: ValueKind,
    shift: f64,
    log_density: G,
    value: V,
) -> Result<Moments, QuadError>
where
    G: Fn(f64) -> f64,
    V: Fn(f64) -> f64,
{
    let eval = |u: f64, e: f64| -> Result<Sample, QuadError> {
        let (x, jac) = grid.node(u, e);
        let lp = log_density(x);
        if lp.is_nan() || lp == f64::INFINITY {
            return Err(QuadError::NonFinite);
        }
        if lp == f64::NEG_INFINITY {
            return Ok(Sample { lp, jac, v: 0.0 });
        }
        let v = value(x) - shift;
        if v.is_nan() || (kind == ValueKind::Linear && !v.is_finite()) || v == f64::INFINITY {
            return Err(QuadError::NonFinite);
        }
        Ok(Sample { lp, jac, v })
    };
    let step = grid.step;
    // Walk right, then left; `k_lo..=k_hi` is the walked range.
    let (mut k_lo, mut k_hi) = (0i64, 0i64);
    for direction in [1i64, -1] {
        let mut k = direction;
        // The stretch's e^{±b·u} by one multiplication a node (its rounding, a few ulps after
        // a hundred steps, moves nodes and weights together).
        let ratio = grid.growth(direction as f64 * step);
        let mut e = ratio;
        while sums.add(eval(k as f64 * step, e)?, true) {
            if sums.len() > max_points {
                return Err(QuadError::TooManyPoints);
            }
            if direction > 0 {
                k_hi = k;
            } else {
                k_lo = k;
            }
            k += direction;
            e *= ratio;
        }
    }
    let mut moments = sums.moments()?;
    let Refine::Halve { tol, levels } = refine else {
        return Ok(moments);
    };
    // Halving: the new points are the midpoints of the current grid, plus one half step beyond
    // each end, so that the grid stays uniform in `u`.
    let (mut grid_lo, mut grid_hi) = (k_lo as f64 * step, k_hi as f64 * step);
    let mut h = step;
    let mut change = f64::INFINITY;
    for _ in 0..levels {
        let count = ((grid_hi - grid_lo) / h).round() as usize + 2;
        if sums.len() + count > max_points {
            return Err(QuadError::TooManyPoints);
        }
        let first_mid = grid_lo - 0.5 * h;
        for j in 0..count {
            let u = first_mid + j as f64 * h;
            sums.add(eval(u, grid.growth(u))?, false);
        }
        grid_lo -= 0.5 * h;
        grid_hi += 0.5 * h;
        h *= 0.5;
        let finer = sums.moments()?;
        change = relative_change(&moments, &finer);
        moments = finer;
        if change <= tol {
            return Ok(moments);
        }
    }
    Err(QuadError::NotConverged { change })
}

fn relative_change(a: &Moments, b: &Moments) -> f64 {
    let rel = |x: f64, y: f64| if y == 0.0 { x.abs() } else { ((x - y) / y).abs() };
    let mean = rel(a.mean, b.mean);
    if a.variance.is_nan() {
        return mean;
    }
    // The standard deviation relative to itself, or to 1e−4 of the mean when it is smaller
    // (a nearly constant value: its spread is then known to the mean's rounding only).
    let (sa, sb) = (a.variance.sqrt(), b.variance.sqrt());
    mean.max((sa - sb).abs() / sb.max(1e-4 * b.mean.abs()).max(f64::MIN_POSITIVE))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(center: f64, step: f64, max: usize, g: impl Fn(f64) -> f64) -> Result<Moments, QuadError> {
        integrate(Grid::uniform(center, step), max, ValueKind::Linear, Refine::Fixed, true, g, |x| x)
    }

    #[test]
    fn normal_density_moments_are_exact() {
        // N(3, 2²): mean 3, variance 4, with a step of half a standard deviation.
        let m = fixed(3.0, 1.0, 1000, |x| -0.5 * ((x - 3.0) / 2.0).powi(2)).unwrap();
        assert!((m.mean - 3.0).abs() < 1e-14);
        assert!((m.variance - 4.0).abs() < 1e-12);
    }

    #[test]
    fn gumbel_mean_is_euler_gamma() {
        // Standard Gumbel density exp(−x − e^{−x}): mean γ = 0.5772156649..., variance π²/6.
        let m = fixed(0.0, 0.2, 10_000, |x| -x - (-x).exp()).unwrap();
        assert!((m.mean - 0.577_215_664_901_532_9).abs() < 1e-14, "{}", m.mean);
        assert!((m.variance - std::f64::consts::PI.powi(2) / 6.0).abs() < 1e-13);
    }

    #[test]
    fn walk_starting_off_peak_still_finds_the_bulk() {
        let m = fixed(-20.0, 0.25, 100_000, |x| -0.5 * (x - 5.0).powi(2)).unwrap();
        assert!((m.mean - 5.0).abs() < 1e-13);
    }

    #[test]
    fn log_values_far_from_the_mode_are_integrated() {
        // E[e^{3Z}] = e^{4.5} and Var = e^{18} − e^{9} for Z ~ N(0, 1): the mass of e^{3z}φ(z)
        // sits at z = 3, where φ alone is e^{−4.5} of its peak.
        let m = integrate(
            Grid::uniform(0.0, 0.3),
            100_000,
            ValueKind::Log,
            Refine::Halve { tol: 1e-10, levels: 8 },
            true,
            |z| -0.5 * z * z,
            |z| 3.0 * z,
        )
        .unwrap();
        assert!((m.mean / 4.5f64.exp() - 1.0).abs() < 1e-14, "{}", m.mean);
        let var = 18f64.exp() - 9f64.exp();
        assert!((m.variance / var - 1.0).abs() < 1e-13, "{}", m.variance);
    }

    #[test]
    fn halving_refines_a_coarse_step() {
        // A step of two standard deviations is far too coarse for 1e−14; halving fixes it.
        let m = integrate(
            Grid::uniform(0.0, 2.0),
            100_000,
            ValueKind::Linear,
            Refine::Halve { tol: 1e-10, levels: 10 },
            true,
            |x| -x - (-x).exp(),
            |x| x,
        )
        .unwrap();
        assert!((m.mean - 0.577_215_664_901_532_9).abs() < 1e-14, "{}", m.mean);
    }

    #[test]
    fn stretched_grids_keep_the_accuracy_with_fewer_nodes() {
        // The maximum of two standard normals, density 2φ(z)Φ(z) (the skew normal with α = 1):
        // mean 1/√π and variance 1 − 1/π.
        use crate::numerics::normal::ln_cdf;
        let pi = std::f64::consts::PI;
        let max2 = |z: f64| -0.5 * z * z + ln_cdf(z);
        let up = Grid { center: 0.5, scale: 0.8, step: 0.28, stretch: Stretch::Up };
        let m = integrate(up, 10_000, ValueKind::Linear, Refine::Fixed, true, max2, |z| z).unwrap();
        assert!((m.mean - 1.0 / pi.sqrt()).abs() < 1e-15, "{}", m.mean);
        assert!((m.variance - (1.0 - 1.0 / pi)).abs() < 1e-14, "{}", m.variance);
        let plain = Grid::uniform(0.5, 0.28 * 0.8);
        let p = integrate(plain, 10_000, ValueKind::Linear, Refine::Fixed, true, max2, |z| z).unwrap();
        assert!(m.points * 4 < p.points * 3, "{} nodes stretched, {} uniform", m.points, p.points);
        // The minimum, with the lower side stretched: mean −1/√π.
        let down = Grid { center: -0.5, stretch: Stretch::Down, ..up };
        let m = integrate(down, 10_000, ValueKind::Linear, Refine::Fixed, true, |z| max2(-z), |z| z).unwrap();
        assert!((m.mean + 1.0 / pi.sqrt()).abs() < 1e-15, "{}", m.mean);
    }

    #[test]
    fn nan_density_and_bad_step_are_refused() {
        assert_eq!(fixed(0.0, 0.1, 100, |_| f64::NAN), Err(QuadError::NonFinite));
        assert_eq!(fixed(0.0, 0.0, 100, |x| -x * x), Err(QuadError::NonFinite));
        assert_eq!(fixed(0.0, 1e-9, 100, |x| -x * x), Err(QuadError::TooManyPoints));
    }
}
