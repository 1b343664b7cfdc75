//! The normal law truncated to `[0, ∞)`: its moments, its distribution functions and an exact
//! sampler whose expected cost is bounded for every mean.

use rand::Rng;
use rand_distr::{Distribution, Exp1, Normal};
use std::f64::consts::{LN_2, PI};

use crate::numerics::normal::{std_normal_ln_sf, upper_quantile};

/// `ln √(2π)`.
const LN_SQRT_2PI: f64 = 0.918_938_533_204_672_8;

/// Terms of the backward continued fraction for the mean residual of the standard normal (see
/// [`residual_fractions`]): 400 leave a relative error below 3e−16 from `a = 1` on (measured
/// against mpmath), and fewer are needed further out.
const CF_TERMS: u32 = 400;

/// From this truncation point `a = −μ/σ` on, the moments come from the continued fraction; below
/// it from the inverse Mills ratio (whose cancellation is at most a factor 20 there).
const CF_FROM_A: f64 = 1.0;

/// `N(mean, sd²)` conditioned on `[0, ∞)`, with what its sampler and distribution functions need,
/// computed once.
#[derive(Debug, Clone, Copy)]
pub(super) struct TruncatedNormal {
    /// Mean of the parent normal.
    mean: f64,
    /// Standard deviation of the parent normal (`> 0`).
    sd: f64,
    /// The parent normal, for the rejection sampler (`b ≥ 0`).
    parent: Normal<f64>,
    /// `a = −μ/σ`, the truncation point in standard units.
    a: f64,
    /// `ln Q(a) = ln Φ(μ/σ)`, the log of the mass the truncation keeps.
    ln_mass: f64,
    /// Rate `α* = (a + √(a² + 4))/2` of Robert's exponential proposal (`b < 0`).
    rate: f64,
    /// `α* − a = 2/(a + √(a² + 4))`, formed without cancellation.
    gap: f64,
}

impl TruncatedNormal {
    /// The truncated law; `mean` finite and `sd > 0` finite are checked by the caller.
    pub(super) fn new(mean: f64, sd: f64) -> Self {
        let a = -mean / sd;
        let root = a.hypot(2.0);
        let (rate, gap) = if a > 0.0 { (0.5 * (a + root), 2.0 / (a + root)) } else { (1.0, 1.0) };
        TruncatedNormal {
            mean,
            sd,
            // sd > 0 finite: the constructor cannot fail.
            parent: Normal::new(mean, sd).unwrap_or_else(|_| unreachable!("validated sd")),
            a,
            ln_mass: std_normal_ln_sf(a),
            rate,
            gap,
        }
    }

    /// Mean and variance of the truncated law.
    ///
    /// With `a = −μ/σ` and a standard normal `Z`, the law is that of `μ + σZ` given `Z > a`.
    /// For `a < 1` by the inverse Mills ratio `λ = φ(a)/Q(a)`: mean `μ + σλ`, variance
    /// `σ²(1 + aλ − λ²)` (cancelling at most a factor 20). For `a ≥ 1`, where these cancel, by
    /// the continued fraction of Laplace for the Mills ratio ([`residual_fractions`]): mean
    /// `σ t₁`, variance `σ² t₁(t₂ − t₁)`.
    pub(super) fn moments(&self) -> (f64, f64) {
        let var = self.sd * self.sd;
        if self.a < CF_FROM_A {
            let lambda = (-0.5 * self.a * self.a - LN_SQRT_2PI - self.ln_mass).exp();
            if lambda == 0.0 {
                // Nothing is cut off (a → −∞).
                return (self.mean, var);
            }
            return (self.mean + self.sd * lambda, var * (1.0 + self.a * lambda - lambda * lambda));
        }
        let (t1, t2) = residual_fractions(self.a);
        (self.sd * t1, var * t1 * (t2 - t1))
    }

    /// One exact draw.
    ///
    /// For `μ ≥ 0` (at least half the parent's mass kept) by rejection from the parent normal:
    /// at most two parent draws per sample on average. For `μ < 0` by Robert's (1995)
    /// exponential proposal `Z = a + E/α*` accepted with probability `exp(−(Z − α*)²/2)`: at
    /// least 0.76 of the proposals are accepted whatever `a > 0`, so the expected cost is bounded
    /// for every mean, however far below zero.
    pub(super) fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        if self.a <= 0.0 {
            loop {
                let x = self.parent.sample(rng);
                if x >= 0.0 {
                    return x;
                }
            }
        }
        loop {
            let e: f64 = rng.sample(Exp1);
            // Z − a = w, Z − α* = w − gap.
            let w = e / self.rate;
            let t = w - self.gap;
            let u: f64 = rng.random();
            if u <= (-0.5 * t * t).exp() {
                return self.sd * w;
            }
        }
    }

    /// `ln S(x)`, the log survival function.
    pub(super) fn ln_sf(&self, x: f64) -> f64 {
        if x <= 0.0 { 0.0 } else { (std_normal_ln_sf((x - self.mean) / self.sd) - self.ln_mass).min(0.0) }
    }

    /// The `x ≥ 0` with `ln S(x) = lq` (`lq ≤ 0`).
    pub(super) fn quantile_of_ln_sf(&self, lq: f64) -> f64 {
        if lq >= 0.0 {
            return 0.0;
        }
        if lq == f64::NEG_INFINITY {
            return f64::INFINITY;
        }
        let z = z_of_ln_sf(self.ln_mass + lq);
        if self.a > 0.0 {
            // x = σ(z − a): z − a is exact enough, and keeps x ≥ 0 when μ ≪ 0.
            (self.sd * (z - self.a)).max(0.0)
        } else {
            (self.mean + self.sd * z).max(0.0)
        }
    }
}

/// The first two tails `(t₁, t₂)` of Laplace's continued fraction for the Mills ratio at
/// `a ≥ 1`: `t_k = k/(a + t_{k+1})`, `t_{K+1} = 0`.
///
/// `t₁ = E[Z − a | Z > a]` (the mean residual of a standard normal `Z`) and
/// `E[(Z − a)² | Z > a] = 1 − a t₁ = t₁ t₂`, so the variance of `Z` given `Z > a` is
/// `t₁(t₂ − t₁)`, all without cancellation.
fn residual_fractions(a: f64) -> (f64, f64) {
    let (mut t, mut t2) = (0.0, 0.0);
    for k in (1..=CF_TERMS).rev() {
        t2 = t;
        t = f64::from(k) / (a + t);
    }
    (t, t2)
}

/// `ln(1 − e^{y})` for `y ≤ 0`, accurate for `y` near 0 and for very negative `y`.
pub(super) fn ln_one_minus_exp(y: f64) -> f64 {
    if y > -LN_2 { (-y.exp_m1()).ln() } else { (-y.exp()).ln_1p() }
}

/// The standard normal upper quantile from the log of its tail mass: the `z` with
/// `ln Q(z) = lq`, for every `lq ≤ 0` (no underflow of `Q`).
///
/// `Q⁻¹(e^{lq})` from `erfc⁻¹` where `e^{lq}` is a normal number, the asymptotic
/// `z² ≈ −2 lq − ln(−2 lq) − ln 2π` below; then Newton's method on `ln Q`, whose step
/// `(ln Q(z) − lq)·Q(z)/φ(z)` converges quadratically to the relative accuracy of `ln Q`.
pub(super) fn z_of_ln_sf(lq: f64) -> f64 {
    if lq >= 0.0 {
        return f64::NEG_INFINITY;
    }
    if lq > -LN_2 {
        // Q > ½: z < 0, from the lower tail mass 1 − Q formed without cancellation.
        return -upper_quantile(-lq.exp_m1());
    }
    let mut z = if lq > -700.0 {
        upper_quantile(lq.exp())
    } else {
        let y = -2.0 * lq;
        (y - y.ln() - (2.0 * PI).ln()).sqrt()
    };
    for _ in 0..8 {
        let lqz = std_normal_ln_sf(z);
        let step = (lqz - lq) * (lqz + 0.5 * z * z + LN_SQRT_2PI).exp();
        z += step;
        if step.abs() <= 4.0 * f64::EPSILON * z.abs() {
            break;
        }
    }
    z
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_of_ln_sf_inverts_ln_q_in_both_tails() {
        for z in [-30.0, -5.0, -1.0, -1e-3, 0.0, 0.5, 1.0, 3.0, 10.0, 37.0, 40.0, 100.0, 1e4] {
            let lq = std_normal_ln_sf(z);
            let back = z_of_ln_sf(lq);
            assert!((back - z).abs() <= 1e-13 * (1.0 + z.abs()), "z = {z}: got {back}");
        }
    }

    #[test]
    fn moment_formulas_meet_at_the_switch() {
        let below = TruncatedNormal::new(-(1.0 - 1e-12), 1.0).moments();
        let above = TruncatedNormal::new(-(1.0 + 1e-12), 1.0).moments();
        assert!((below.0 / above.0 - 1.0).abs() < 1e-11 && (below.1 / above.1 - 1.0).abs() < 1e-11);
    }
}
