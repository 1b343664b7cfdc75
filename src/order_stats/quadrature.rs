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

/// One grid point: log-density and value (relative to the centre's value for the linear kind,
/// the logarithm of the value for the log kind).
#[derive(Debug, Clone, Copy)]
struct Sample {
    lp: f64,
    v: f64,
}

/// Running maxima of the three channels `ln p`, `ln p|v|`, `ln p v²`.
struct Peaks([f64; 3]);

impl Peaks {
    fn channels(kind: ValueKind, s: Sample) -> [f64; 3] {
        let l = match kind {
            ValueKind::Linear => s.v.abs().ln(),
            ValueKind::Log => s.v,
        };
        [s.lp, s.lp + l, s.lp + 2.0 * l]
    }

    fn update(&mut self, c: [f64; 3]) {
        for (p, x) in self.0.iter_mut().zip(c) {
            if x > *p {
                *p = x;
            }
        }
    }

    /// Every channel is zero or far below its peak.
    fn negligible(&self, c: [f64; 3]) -> bool {
        self.0.iter().zip(c).all(|(&p, x)| x == f64::NEG_INFINITY || x < p - CUTOFF)
    }
}

/// Trapezoid rule on the grid `center + k·step`, `k ∈ ℤ`, walking outwards from `center` on
/// each side until every channel is negligible (see the module docs), refined as asked. Returns
/// the self-normalised mean and variance of the value under `exp(log_density)`.
#[allow(clippy::too_many_arguments)] // crate-internal kernel; every caller names each argument
pub(crate) fn integrate<G, V>(
    center: f64,
    step: f64,
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
    if !(step > 0.0 && step.is_finite() && center.is_finite()) {
        return Err(QuadError::NonFinite);
    }
    let g0 = log_density(center);
    let v0 = value(center);
    if !(g0.is_finite() && v0.is_finite()) {
        return Err(QuadError::NonFinite);
    }
    let shift = match kind {
        ValueKind::Linear => v0,
        ValueKind::Log => 0.0,
    };
    let eval = |x: f64| -> Result<Sample, QuadError> {
        let lp = log_density(x);
        if lp.is_nan() || lp == f64::INFINITY {
            return Err(QuadError::NonFinite);
        }
        if lp == f64::NEG_INFINITY {
            return Ok(Sample { lp, v: 0.0 });
        }
        let v = value(x) - shift;
        if v.is_nan() || (kind == ValueKind::Linear && !v.is_finite()) || v == f64::INFINITY {
            return Err(QuadError::NonFinite);
        }
        Ok(Sample { lp, v })
    };
    let first = Sample { lp: g0, v: v0 - shift };
    // Without a second moment (it may not exist: a Pareto tail), its channel never stops the walk.
    let channels = |s: Sample| {
        let mut c = Peaks::channels(kind, s);
        if !second {
            c[2] = f64::NEG_INFINITY;
        }
        c
    };
    let mut peaks = Peaks(channels(first));
    let mut samples: Vec<Sample> = Vec::with_capacity(256);
    samples.push(first);
    // Walk right, then left; `k_lo..=k_hi` is the walked range.
    let (mut k_lo, mut k_hi) = (0i64, 0i64);
    for direction in [1i64, -1] {
        let mut k = direction;
        loop {
            let s = eval(center + k as f64 * step)?;
            let c = channels(s);
            if peaks.negligible(c) {
                break;
            }
            peaks.update(c);
            samples.push(s);
            if samples.len() > max_points {
                return Err(QuadError::TooManyPoints);
            }
            if direction > 0 {
                k_hi = k;
            } else {
                k_lo = k;
            }
            k += direction;
        }
    }
    let mut moments = reduce(kind, shift, second, &samples)?;
    let Refine::Halve { tol, levels } = refine else {
        return Ok(Moments { points: samples.len(), ..moments });
    };
    // Halving: the new points are the midpoints of the current grid, plus one half step beyond
    // each end, so that the grid stays uniform.
    let (mut grid_lo, mut grid_hi) = (center + k_lo as f64 * step, center + k_hi as f64 * step);
    let mut h = step;
    let mut change = f64::INFINITY;
    for _ in 0..levels {
        let count = ((grid_hi - grid_lo) / h).round() as usize + 2;
        if samples.len() + count > max_points {
            return Err(QuadError::TooManyPoints);
        }
        let first_mid = grid_lo - 0.5 * h;
        for j in 0..count {
            samples.push(eval(first_mid + j as f64 * h)?);
        }
        grid_lo -= 0.5 * h;
        grid_hi += 0.5 * h;
        h *= 0.5;
        let finer = reduce(kind, shift, second, &samples)?;
        change = relative_change(&moments, &finer);
        moments = finer;
        if change <= tol {
            return Ok(Moments { points: samples.len(), ..moments });
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

/// Self-normalised mean and variance (NaN unless `second`) of the samples.
fn reduce(kind: ValueKind, shift: f64, second: bool, samples: &[Sample]) -> Result<Moments, QuadError> {
    let peak = samples.iter().map(|s| s.lp).fold(f64::NEG_INFINITY, f64::max);
    match kind {
        ValueKind::Linear => {
            let (mut s0, mut s1, mut s2) = (0.0, 0.0, 0.0);
            for s in samples {
                let w = (s.lp - peak).exp();
                s0 += w;
                s1 += w * s.v;
                s2 += w * s.v * s.v;
            }
            let m1 = s1 / s0;
            let variance = if second { (s2 / s0 - m1 * m1).max(0.0) } else { f64::NAN };
            Ok(Moments { mean: shift + m1, variance, points: samples.len() })
        }
        ValueKind::Log => {
            // ln mean = ln Σ p v − ln Σ p, each by a log-sum-exp.
            let s0: f64 = samples.iter().map(|s| (s.lp - peak).exp()).sum();
            let top = samples.iter().map(|s| s.lp + s.v).fold(f64::NEG_INFINITY, f64::max);
            let s1: f64 = samples.iter().map(|s| (s.lp + s.v - top).exp()).sum();
            let ln_mean = top - peak + (s1 / s0).ln();
            if !ln_mean.is_finite() || ln_mean > f64::MAX.ln() || ln_mean < f64::MIN_POSITIVE.ln() {
                return Err(QuadError::OutOfRange { ln_mean });
            }
            let mean = ln_mean.exp();
            if !second {
                return Ok(Moments { mean, variance: f64::NAN, points: samples.len() });
            }
            // Variance / mean² = Σ p (v/m − 1)² / Σ p, with ln|v/m − 1| formed without overflow.
            let ln_dev = |s: &Sample| {
                let d = s.v - ln_mean;
                if d > 40.0 { d } else { d.exp_m1().abs().ln() }
            };
            let top2 = samples.iter().map(|s| s.lp + 2.0 * ln_dev(s)).fold(f64::NEG_INFINITY, f64::max);
            let s2: f64 = samples.iter().map(|s| (s.lp + 2.0 * ln_dev(s) - top2).exp()).sum();
            let ln_ratio = top2 - peak + (s2 / s0).ln();
            let variance = if s2 == 0.0 { 0.0 } else { (2.0 * ln_mean + ln_ratio).exp() };
            Ok(Moments { mean, variance, points: samples.len() })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(center: f64, step: f64, max: usize, g: impl Fn(f64) -> f64) -> Result<Moments, QuadError> {
        integrate(center, step, max, ValueKind::Linear, Refine::Fixed, true, g, |x| x)
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
            0.0,
            0.3,
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
            0.0,
            2.0,
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
    fn nan_density_and_bad_step_are_refused() {
        assert_eq!(fixed(0.0, 0.1, 100, |_| f64::NAN), Err(QuadError::NonFinite));
        assert_eq!(fixed(0.0, 0.0, 100, |x| -x * x), Err(QuadError::NonFinite));
        assert_eq!(fixed(0.0, 1e-9, 100, |x| -x * x), Err(QuadError::TooManyPoints));
    }
}
