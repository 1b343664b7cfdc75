//! The Erlang B reciprocal `D = 1/B(c, a) − 1` for any number of servers, in bounded time.
//!
//! `D = Σ_{j=1}^{c} c!/((c−j)!·a^j)` is the one quantity every Markovian station needs: Erlang B
//! is `1/(1 + D)`, Erlang C is `1/(1 + (1 − ρ)·D)`, and the M/M/c/K distribution is built from
//! it. It is computed by one of four methods, each accurate to a few units of rounding:
//!
//! - `c ≤ 200`: the reciprocal Erlang recursion `1/B(k) = 1 + (k/a)·1/B(k − 1)` (a sum of positive
//!   terms, rescaled when it grows past 1e150);
//! - `c > 200`, `a > 1.3·(c + 1)`: the series above, whose terms fall geometrically (ratio `c/a`);
//! - `c > 200`, `a < 0.7·(c + 1)`: `1/B = 1/π_c − Σ_{j≥1} Π_{i=1}^{j} a/(c + i)` with the Poisson
//!   probability `π_c = e^{−a}a^c/c!` from the incomplete gamma prefactor in Stirling's form
//!   and the sum from the power series of `P(c + 1, a)`, ratio `a/(c + 1)`;
//! - otherwise Temme's uniform asymptotic expansion of `Q(c + 1, a) = 1/B · π_c` (DLMF 8.12.3),
//!   in a form where the exponentials cancel analytically:
//!   `1/B = a·Γ*(s)·√(2π/s)·e^{z²}·Q(s, a)`, `s = c + 1`, `η²/2 = a/s − 1 − ln(a/s)`,
//!   `z = η·√(s/2)`.
//!
//! The last two are the crate's incomplete gamma functions
//! ([`incomplete_gamma`](crate::numerics::incomplete_gamma)); the recursion and the series of
//! the overloaded case are Erlang's own (they give `D` itself, where `1/B − 1` would cancel).

use crate::numerics::gamma::{ln_gamma, ln_gamma_star};
use crate::numerics::incomplete_gamma::{Temme, ln_prefactor_at, lower_series};

/// Servers up to which the recursion is used.
pub(crate) const RECURSION_MAX: u64 = 200;

/// `D = 1/B − 1` and its logarithm (`d` is `+∞` when `D` exceeds 1e300, `ln_d` is always
/// finite).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct ErlangD {
    pub d: f64,
    pub ln_d: f64,
}

impl ErlangD {
    fn from_value(d: f64) -> ErlangD {
        ErlangD { d, ln_d: d.ln() }
    }

    fn from_log(ln_d: f64) -> ErlangD {
        let d = if ln_d < 690.0 { ln_d.exp() } else { f64::INFINITY };
        ErlangD { d, ln_d }
    }

    /// Erlang B, `1/(1 + D)`.
    ///
    /// # Accuracy
    /// `1/(1 + D)` or `e^{−ln D}`: a few ulps on top of the error of `D` (see [`erlang_b`](super::erlang_b)).
    pub fn b(&self) -> f64 {
        if self.d.is_finite() { 1.0 / (1.0 + self.d) } else { (-self.ln_d).exp() }
    }

    /// `1/(1 + y·D)` for `0 < y ≤ 1` (Erlang C with `y = 1 − ρ`).
    ///
    /// # Accuracy
    /// As [`ErlangD::b`]: a few ulps on top of the error of `D`.
    pub fn c(&self, y: f64) -> f64 {
        let yd = y * self.d;
        if yd.is_finite() { 1.0 / (1.0 + yd) } else { (-(y.ln() + self.ln_d)).exp() }
    }
}

/// `D = 1/B(c, a) − 1` for `a > 0` finite and `1 ≤ c ≤ 2⁵³`.
pub(crate) fn erlang_d(a: f64, c: u64) -> ErlangD {
    erlang_d_split(a, 0.0, c)
}

/// `D` for the offered load `a + a_lo`, `|a_lo| ≤ ulp(a)`: the rounding error of `a = λ/μ`,
/// which matters where `B` is tiny and sensitive to `a` (`∂ln B/∂ln a ≈ c − a`).
pub(crate) fn erlang_d_split(a: f64, a_lo: f64, c: u64) -> ErlangD {
    let cf = c as f64;
    if c == 1 {
        return if a > 1e-300 { ErlangD::from_value(1.0 / a) } else { ErlangD::from_log(-a.ln()) };
    }
    if a < 1e-100 {
        // D = c!/a^c · Σ_{k<c} a^k/k! and a² is below rounding.
        let ln_d = ln_gamma(cf + 1.0) - cf * a.ln() + a.ln_1p();
        return ErlangD::from_log(ln_d);
    }
    if c <= RECURSION_MAX {
        return recursion(a, c);
    }
    let s = cf + 1.0;
    let sigma = (a - s) / s;
    if sigma > 0.3 {
        overloaded_series(a, c)
    } else if sigma < -0.3 {
        light_load(a, a_lo, c)
    } else {
        temme_expansion(a, s, ((a - s) + a_lo) / s)
    }
}

fn recursion(a: f64, c: u64) -> ErlangD {
    const BIG: f64 = 1e150;
    let mut inv_b = 1.0_f64;
    let mut one = 1.0_f64;
    let mut scale = 0.0_f64;
    for k in 1..c {
        inv_b = one + (k as f64 / a) * inv_b;
        if inv_b > BIG {
            inv_b /= BIG;
            one /= BIG;
            scale += 1.0;
        }
    }
    let d = (c as f64 / a) * inv_b;
    if scale == 0.0 && d.is_finite() { ErlangD::from_value(d) } else { ErlangD::from_log(d.ln() + scale * BIG.ln()) }
}

/// `D = Σ_{j=1}^{c} Π_{i<j} (c − i)/a` for `a > 1.3·(c + 1)`: terms fall at least like 0.77^j.
fn overloaded_series(a: f64, c: u64) -> ErlangD {
    let mut term = c as f64 / a;
    let mut sum = term;
    let mut j = 1u64;
    while j < c {
        term *= (c - j) as f64 / a;
        sum += term;
        if term <= 1e-18 * sum {
            break;
        }
        j += 1;
    }
    ErlangD::from_value(sum)
}

/// `1/B = 1/π_c − Σ_{j≥1} Π_{i=1}^{j} a/(c + i)` for `a < 0.7·(c + 1)`.
fn light_load(a: f64, a_lo: f64, c: u64) -> ErlangD {
    let cf = c as f64;
    let s = cf + 1.0;
    // π_c = e^{−a}a^{c+1}/(c!·a): the prefactor of P(c + 1, a) over a; ∂ln(1/π_c)/∂a = 1 − c/a
    // carries the low part of a.
    let ln_a = a.ln();
    let ln_inv_pmf = ln_a - ln_prefactor_at(s, a, ln_a) + (1.0 - cf / a) * a_lo;
    // Σ_{j≥1} Π_{i=1}^{j} a/(c + i) = P(c + 1, a)/π_c.
    let tail = a / s * lower_series(s, a);
    if ln_inv_pmf < 690.0 {
        ErlangD::from_value(ln_inv_pmf.exp() - (1.0 + tail))
    } else {
        ErlangD::from_log(ln_inv_pmf + (-(1.0 + tail) * (-ln_inv_pmf).exp()).ln_1p())
    }
}

/// Temme's expansion for `|a/s − 1| ≤ 0.3`, `s = c + 1 > 200`.
fn temme_expansion(a: f64, s: f64, sigma: f64) -> ErlangD {
    let temme = Temme::new(s, sigma);
    // 1/B = a·Q(s, a)·Γ(s)/(aˢe^{−a}) = a·Γ*(s)·√(2π/s)·e^{z²}·Q(s, a).
    let factor = a * ln_gamma_star(s).exp() * (2.0 * std::f64::consts::PI / s).sqrt();
    if temme.z >= 0.0 {
        ErlangD::from_value(factor * temme.scaled_tail() - 1.0)
    } else if temme.z2 < 690.0 {
        // Q·e^{z²} = e^{z²} − P·e^{z²}
        ErlangD::from_value(factor * (temme.z2.exp() - temme.scaled_tail()) - 1.0)
    } else {
        // 1/B > e^{690}: the other terms are below e^{−690} relative.
        ErlangD::from_log(factor.ln() + temme.z2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The defining sum at double precision, for moderate `c`.
    fn direct(a: f64, c: u64) -> f64 {
        let mut term = 1.0;
        let mut sum = 0.0;
        for j in 1..=c {
            term *= (c - j + 1) as f64 / a;
            sum += term;
        }
        sum
    }

    #[test]
    fn methods_agree_where_they_meet() {
        // c = 201..1000 straddles the recursion limit; compare every method with the recursion.
        for c in [201u64, 350, 1000] {
            for f in [0.5, 0.69, 0.71, 0.9, 1.0, 1.1, 1.29, 1.31, 2.0] {
                let a = c as f64 * f;
                let fast = erlang_d(a, c);
                let slow = recursion(a, c);
                let rel = (fast.ln_d - slow.ln_d).abs().max(((fast.d - slow.d) / slow.d).abs());
                assert!(rel < 1e-13, "c = {c}, a = {a}: {fast:?} vs {slow:?}");
            }
        }
        let d = erlang_d(30.0, 20);
        assert!((d.d / direct(30.0, 20) - 1.0).abs() < 1e-14);
    }

    #[test]
    fn extreme_loads_stay_finite() {
        for (a, c) in
            [(1e-200, 5u64), (1e-300, 1), (1e300, 1_000_000), (1.0, 1_000_000_000_000), (2e12, 1_000_000_000_000)]
        {
            let d = erlang_d(a, c);
            assert!(d.ln_d.is_finite() && !d.d.is_nan(), "{a} {c}: {d:?}");
            assert!((0.0..=1.0).contains(&d.b()));
        }
    }
}
