//! The optimal remapping interval: problem P_II (`v(t) ≤ B`) and the P_I bounds, one method per
//! model with the paper's cases as the options of [`Bound`].

use super::bound::Bound;
use super::model::{Heterogeneous, Homogeneous};
use crate::order_stats::{david_bound, expected_max_std_normal};
use crate::remap::RemapError;
use crate::remap::error::check;

/// The longest remapping period that respects a bound.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Interval {
    /// The bound first binds at the real time `t_real`; `steps = ⌊t_real⌋` phases respect it
    /// (0 when even the first phase violates it).
    Finite {
        /// Real-valued optimum of the continuous-time formula.
        t_real: f64,
        /// Integer interval: phases `1..=steps` all satisfy the bound.
        steps: u64,
    },
    /// The bound is never violated: never remap.
    Unbounded,
}

impl Interval {
    /// The interval for a real crossing time: the floor of `t_real`, where a root within 1e-12
    /// (relative) below an integer counts as that integer, the accuracy of the computed roots
    /// (an exact-integer root computed as 99.99999999999999 is not lost). A negative root means
    /// no phase respects the bound (interval 0); an infinite one that the bound is never reached
    /// ([`Interval::Unbounded`]).
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] naming `t_real` for NaN: a crossing time that failed to
    /// compute is not an unbounded interval.
    ///
    /// # Accuracy
    /// Exact (a floor and a classification of the real interval).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Interval;
    /// assert_eq!(Interval::from_real(27.9).unwrap().steps(), Some(27));
    /// assert_eq!(Interval::from_real(99.999_999_999_999_99).unwrap().steps(), Some(100));
    /// assert_eq!(Interval::from_real(f64::INFINITY).unwrap(), Interval::Unbounded);
    /// assert!(Interval::from_real(f64::NAN).is_err());
    /// ```
    pub fn from_real(t_real: f64) -> Result<Interval, RemapError> {
        if t_real.is_nan() {
            return Err(RemapError::InvalidParameter {
                name: "t_real",
                value: t_real,
                reason: "a crossing time must be a number (+∞ for an unbounded interval)",
            });
        }
        if !t_real.is_finite() {
            return Ok(Interval::Unbounded);
        }
        let t = t_real.max(0.0);
        Ok(Interval::Finite { t_real: t, steps: (t + 1e-12 * t.max(1.0)).floor() as u64 })
    }

    /// The integer interval, `None` when unbounded.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Interval;
    /// assert_eq!(Interval::Finite { t_real: 27.9, steps: 27 }.steps(), Some(27));
    /// assert_eq!(Interval::Unbounded.steps(), None);
    /// ```
    pub fn steps(&self) -> Option<u64> {
        match self {
            Interval::Finite { steps, .. } => Some(*steps),
            Interval::Unbounded => None,
        }
    }

    /// The real crossing time, `+∞` when unbounded.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::Interval;
    /// assert_eq!(Interval::from_real(27.9).unwrap().t_real(), 27.9);
    /// assert_eq!(Interval::Unbounded.t_real(), f64::INFINITY);
    /// ```
    pub fn t_real(&self) -> f64 {
        match self {
            Interval::Finite { t_real, .. } => *t_real,
            Interval::Unbounded => f64::INFINITY,
        }
    }
}

impl std::fmt::Display for Interval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Interval::Finite { t_real, steps } => write!(f, "remap every {steps} phases (T* = {t_real})"),
            Interval::Unbounded => f.write_str("never remap (the bound is never reached)"),
        }
    }
}

fn check_bound(name: &'static str, b: f64) -> Result<f64, RemapError> {
    check(name, b, b > 0.0, "the imbalance bound must be positive and finite")
}

/// Smallest positive root of `α t² + β t + γ` with `γ < 0` (so the polynomial starts
/// negative); `+∞` when it stays non-positive for every `t > 0` (a double root counts as not
/// crossing: the curve only touches the bound).
fn first_crossing(alpha: f64, beta: f64, gamma: f64) -> f64 {
    if alpha == 0.0 {
        return if beta > 0.0 { -gamma / beta } else { f64::INFINITY };
    }
    let disc = beta.mul_add(beta, -4.0 * alpha * gamma);
    if disc <= 0.0 || (alpha < 0.0 && beta <= 0.0) {
        return f64::INFINITY;
    }
    // Stable roots: q = −(β + sign(β)√disc)/2, roots q/α and γ/q.
    let q = -0.5 * (beta + beta.signum() * disc.sqrt());
    let roots = [q / alpha, if q != 0.0 { gamma / q } else { f64::INFINITY }];
    roots.into_iter().filter(|&r| r > 0.0).fold(f64::INFINITY, f64::min)
}

/// Problem P_II for any means and variances ([`Bound::Deviation`]): the first crossing of
/// `v(t) = B`, capped where the mean load empties.
fn deviation_interval(model: &Heterogeneous, b: f64) -> Result<Interval, RemapError> {
    check_bound("b", b)?;
    let (mu, w, b2) = (model.average_mean(), model.w0(), b * b);
    let alpha = model.spread() - b2 * mu * mu;
    let beta = model.a() - 2.0 * b2 * w * mu;
    let gamma = -b2 * w * w;
    let mut t = first_crossing(alpha, beta, gamma);
    if mu < 0.0 {
        t = t.min(w / -mu);
    }
    Interval::from_real(t)
}

/// The factor of Fong et al., eq. (14) and of the §3 bound, in its numerically stable form.
///
/// # Formula
/// 2m² − 2m√(m²−1) − 1 = (m − √(m²−1))² = 1 / (m + √(m²−1))²,  m ≥ 1
///
/// # Accuracy
/// A closed form of a few roundings without cancellation: relative error below 1e-15.
///
/// # Errors
/// [`RemapError::InvalidParameter`] when `m < 1` or not finite.
pub(crate) fn interval_factor(m: f64) -> Result<f64, RemapError> {
    check("m", m, m >= 1.0, "m = B*/B must be at least 1")?;
    let s = m + (m * m - 1.0).sqrt();
    Ok(1.0 / (s * s))
}

/// The longest `T` with `c √t σ ≤ D (w + t μ)` for `t ≤ T`: the P_I condition with the
/// order-statistics constant `c` of the expected maximum of `N` standard variables.
fn p1_with_constant(model: &Homogeneous, c: f64, d: f64) -> Result<Interval, RemapError> {
    check_bound("d", d)?;
    let (w, mu, sigma) = (model.w0(), model.mean(), model.sd());
    let k = c * sigma;
    if k == 0.0 {
        return Ok(Interval::Unbounded);
    }
    // With x = √t: D μ x² − k x + D w ≥ 0; first positive root x = 2Dw / (k + √(k² − 4D²μw)).
    let disc = k * k - 4.0 * d * d * mu * w;
    if disc < 0.0 || (mu > 0.0 && disc == 0.0) {
        return Ok(Interval::Unbounded);
    }
    let x = 2.0 * d * w / (k + disc.sqrt());
    let mut t = x * x;
    if mu < 0.0 {
        t = t.min(w / -mu);
    }
    Interval::from_real(t)
}

/// [`Bound::ExtremeDifferenceClosedForm`]: [`interval_factor`]`(D*/D)` times `T_0 = w/μ`.
fn closed_form_interval(model: &Homogeneous, d: f64) -> Result<Interval, RemapError> {
    check_bound("d", d)?;
    let m = model.d_star()? / d;
    if m <= 1.0 {
        return Ok(Interval::Unbounded);
    }
    Interval::from_real(interval_factor(m)? * model.t0()?)
}

impl Homogeneous {
    /// The longest remapping period that keeps the imbalance of [`Bound`] under its bound
    /// (Fong et al.; each option documents its formula, equation and accuracy).
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] when the bound is not positive and finite;
    /// [`RemapError::TooLarge`] for [`Bound::Deviation`] with more than
    /// [`MAX_PROCESSORS`](super::MAX_PROCESSORS) processors;
    /// [`RemapError::RegimeNotApplicable`] for [`Bound::ExtremeDifferenceClosedForm`] with `μ ≤ 0`;
    /// order-statistics errors.
    ///
    /// # Examples
    /// Table 1 of Fong et al. (N = 64, w = 100, μ = 0, σ² = 0.5), B = 0.30: 28 phases.
    /// ```
    /// use loadbal::remap::periodic::{Bound, Homogeneous};
    /// let m = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
    /// assert_eq!(m.interval(Bound::Deviation { b: 0.30 }).unwrap().steps(), Some(28));
    /// ```
    pub fn interval(&self, bound: Bound) -> Result<Interval, RemapError> {
        match bound {
            Bound::Deviation { b } => deviation_interval(&self.to_heterogeneous()?, b),
            Bound::ExtremeDifference { d } => p1_with_constant(self, david_bound(self.n(), 1.0)?, d),
            Bound::ExtremeDifferenceClosedForm { d } => closed_form_interval(self, d),
            Bound::ExtremeDifferenceNormal { d } => p1_with_constant(self, expected_max_std_normal(self.n())?, d),
        }
    }
}

impl Heterogeneous {
    /// The longest remapping period that keeps the imbalance of [`Bound`] under its bound
    /// (Fong et al.; each option documents its formula, equation and accuracy). The P_I options
    /// need identical processors: equal means and equal variances.
    ///
    /// # Errors
    /// [`RemapError::InvalidParameter`] when the bound is not positive and finite;
    /// [`RemapError::RegimeNotApplicable`] for a P_I option on processors that are not
    /// identical, or for [`Bound::ExtremeDifferenceClosedForm`] with `μ ≤ 0`;
    /// order-statistics errors.
    ///
    /// # Examples
    /// Fong et al., §4.1 (N = 16, w = 100, μ_i = 1.05 and 0.95 alternately, σ_i² = 4), B = 0.25:
    /// ```
    /// use loadbal::remap::periodic::{Bound, Heterogeneous};
    /// let mean: Vec<f64> = (0..16).map(|i| if i % 2 == 0 { 1.05 } else { 0.95 }).collect();
    /// let m = Heterogeneous::with_variance(100.0, mean, vec![4.0; 16]).unwrap();
    /// let t = m.interval(Bound::Deviation { b: 0.25 }).unwrap();
    /// assert!((t.t_real() - 13.2409422615).abs() < 1e-9);
    /// ```
    pub fn interval(&self, bound: Bound) -> Result<Interval, RemapError> {
        match bound {
            Bound::Deviation { b } => deviation_interval(self, b),
            _ => {
                let (mean, variance) = (self.mean(), self.variance());
                if mean.iter().any(|&m| m != mean[0]) || variance.iter().any(|&v| v != variance[0]) {
                    return Err(RemapError::RegimeNotApplicable {
                        formula: "problem P_I (Fong et al., eq. (8), §3)",
                        reason: "needs identical processors (equal means and variances)",
                    });
                }
                Homogeneous::with_variance(self.w0(), mean[0], variance[0], self.n())?.interval(bound)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    // The closed forms of Fong et al., Theorem 4.1 (eqs. (9)–(10)) and Corollary 4.1 (eqs. (13)–(14)):
    // independent formulas that `p2_interval` (a quadratic's root) must agree with.

    // Theorem 4.1 of Fong et al.: the closed-form P_II interval when `v(t)` has an interior peak.
    //
    // # Formula
    // V_L < B < B*: m_1 = (B*² − V_L²)/(B² − V_L²), k_1 = m_1 − √(m_1(m_1−1)),
    // T* = (2k_1 − 1) T_2 − 2(k_1 − 1) T_1   (Fong et al., eq. (9));
    // B < V_L: m_2 = (B*² − V_L²)/(V_L² − B²), k_2 = √(m_2(m_2+1)) − m_2,
    // T* = (2k_2 − 1) T_2 − 2(k_2 − 1) T_1   (Fong et al., eq. (10));
    // B = V_L: T* = T_1; B ≥ B*: never remap.
    fn theorem41_interval(model: &Heterogeneous, b: f64) -> Result<Interval, RemapError> {
        check_bound("b", b)?;
        let p = model.peak()?;
        if b >= p.b_star {
            return Ok(Interval::Unbounded);
        }
        // 1/m = (B² − V_L²)/(B*² − V_L²) with the differences of squares factored; then
        // k_1 = 1/(1 + √(1 − 1/m)) and k_2 = 1/(1 + √(1 + 1/m)) (Fong et al., eqs. (9) and (10) rationalised), and
        // 2k − 1 = ∓(1/m)/(1 + √(1 ∓ 1/m))², without cancellation as B approaches V_L.
        let inv_m = ((b - p.v_limit) * (b + p.v_limit)) / ((p.b_star - p.v_limit) * (p.b_star + p.v_limit));
        let root = (1.0 - inv_m).sqrt(); // inv_m > 0 for B > V_L, < 0 below
        let k = 1.0 / (1.0 + root);
        let two_k_minus_1 = inv_m / ((1.0 + root) * (1.0 + root));
        Interval::from_real(two_k_minus_1 * p.t2 + 2.0 * (1.0 - k) * p.t1)
    }

    // Corollary 4.1 of Fong et al.: the closed-form P_II interval for identical processors.
    //
    // # Formula
    // μ = 0: T* = w² B² / ((N−1) σ²), steps = ⌊T*⌋   (Fong et al., eq. (13); the paper prints a ceiling, but
    // Table 1 needs the floor);
    // μ > 0, B = B*/m: T* = (m − √(m²−1))² T_0, T_0 = w/μ   (Fong et al., eq. (14)); B ≥ B*: never remap.
    fn corollary41_interval(model: &Homogeneous, b: f64) -> Result<Interval, RemapError> {
        check_bound("b", b)?;
        let (n, w, mu, s2) = (model.n() as f64, model.w0(), model.mean(), model.variance());
        if mu < 0.0 {
            return Err(RemapError::RegimeNotApplicable {
                formula: "Corollary 4.1 (Fong et al., eqs. (13)–(14))",
                reason: "needs μ ≥ 0",
            });
        }
        if s2 == 0.0 {
            return Ok(Interval::Unbounded);
        }
        if mu == 0.0 {
            return Interval::from_real(w * w * b * b / ((n - 1.0) * s2));
        }
        let m = model.b_star()? / b;
        if m <= 1.0 {
            return Ok(Interval::Unbounded);
        }
        Interval::from_real(interval_factor(m)? * model.t0()?)
    }

    #[test]
    fn interval_factor_values() {
        assert!((interval_factor(2.0).unwrap() - 0.071796769724).abs() < 1e-12);
        assert_eq!(interval_factor(1.0).unwrap(), 1.0);
        assert!(interval_factor(0.5).is_err());
    }

    #[test]
    fn extreme_difference_options_need_identical_processors() {
        let h = Heterogeneous::with_variance(100.0, vec![0.0, 0.0], vec![0.5, 0.5]).unwrap();
        let m = Homogeneous::with_variance(100.0, 0.0, 0.5, 2).unwrap();
        for bound in [Bound::ExtremeDifference { d: 0.1 }, Bound::ExtremeDifferenceNormal { d: 0.1 }] {
            assert_eq!(h.interval(bound).unwrap(), m.interval(bound).unwrap());
        }
        let g = Heterogeneous::with_variance(100.0, vec![0.0, 0.1], vec![0.5, 0.5]).unwrap();
        assert!(matches!(g.interval(Bound::ExtremeDifference { d: 0.1 }), Err(RemapError::RegimeNotApplicable { .. })));
    }

    const TABLE1_B: [f64; 9] = [0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40, 0.45, 0.50];

    fn table1() -> Homogeneous {
        Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap()
    }

    #[test]
    fn table1_t_free_row_matches_exactly() {
        let paper = [3, 7, 12, 19, 28, 38, 50, 64, 79];
        let m = table1();
        for (b, want) in TABLE1_B.iter().zip(paper) {
            let general = m.interval(Bound::Deviation { b: *b }).unwrap();
            let closed = corollary41_interval(&m, *b).unwrap();
            assert_eq!(general.steps(), Some(want), "B = {b}");
            assert_eq!(closed.steps(), Some(want), "B = {b}");
            assert!((general.t_real() / (20000.0 * b * b / 63.0) - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn corollary_case_two_matches_reference_and_root() {
        let m = Homogeneous::with_variance(100.0, 2.0, 0.5, 64).unwrap();
        let bs = m.b_star().unwrap();
        for (mm, t, steps) in
            [(1.5, 7.2949016875, 7), (2.0, 3.5898384862, 3), (4.0, 0.8066615170, 0), (10.0, 0.1256289338, 0)]
        {
            let closed = corollary41_interval(&m, bs / mm).unwrap();
            let root = m.interval(Bound::Deviation { b: bs / mm }).unwrap();
            assert!((closed.t_real() - t).abs() < 1e-9 && (root.t_real() - t).abs() < 1e-9, "m = {mm}");
            assert_eq!(closed.steps(), Some(steps));
            assert!((m.v0(root.t_real()).unwrap() - bs / mm).abs() < 1e-12);
        }
        assert_eq!(corollary41_interval(&m, bs * 1.0001).unwrap(), Interval::Unbounded);
        assert_eq!(m.interval(Bound::Deviation { b: bs * 1.0001 }).unwrap(), Interval::Unbounded);
        // Printed form of Fong et al., eq. (14) agrees with the stable form.
        for mm in [1.5, 2.0, 3.0] {
            let printed: f64 = 2.0 * mm * mm - 2.0 * mm * (mm * mm - 1.0f64).sqrt() - 1.0;
            assert!((printed - interval_factor(mm).unwrap()).abs() < 1e-12);
        }
        // Large-m limit recovers Fong et al., eq. (13).
        let f = interval_factor(1e4).unwrap();
        assert!((f * 4e8 - 1.0).abs() < 1e-7);
    }

    #[test]
    fn theorem41_closed_form_agrees_with_root() {
        // Reference G5.
        let mu: Vec<f64> = (0..16).map(|i| if i % 2 == 0 { 1.05 } else { 0.95 }).collect();
        let m = Heterogeneous::with_variance(100.0, mu, vec![4.0; 16]).unwrap();
        let table = [
            (0.05, 0.4200568607, 0),
            (0.10, 1.7226030889, 1),
            (0.15, 4.0488849421, 4),
            (0.20, 7.6923076923, 7),
            (0.25, 13.2409422615, 13),
            (0.30, 22.0050251574, 22),
            (0.35, 37.8334686263, 37),
            (0.40, 100.0, 100),
        ];
        for (b, t, steps) in table {
            let closed = theorem41_interval(&m, b).unwrap();
            let root = m.interval(Bound::Deviation { b }).unwrap();
            assert!((closed.t_real() / t - 1.0).abs() < 1e-9, "closed B = {b}");
            assert!((root.t_real() / t - 1.0).abs() < 1e-9, "root B = {b}");
            assert_eq!(root.steps(), Some(steps), "B = {b}");
            assert_eq!(closed.steps(), Some(steps), "B = {b}");
        }
        assert_eq!(m.interval(Bound::Deviation { b: 0.401 }).unwrap(), Interval::Unbounded);
        // Reference G6.
        let m = Heterogeneous::with_variance(10.0, vec![0.9, 1.0, 1.1, 1.0], vec![1.0; 4]).unwrap();
        let g6 = [(0.05, 0.0847032013), (0.14, 0.7514471361), (0.20, 1.8492709363), (0.28, 8.2518150991)];
        for (b, t) in g6 {
            assert!((theorem41_interval(&m, b).unwrap().t_real() / t - 1.0).abs() < 1e-9);
            assert!((m.interval(Bound::Deviation { b }).unwrap().t_real() / t - 1.0).abs() < 1e-9);
        }
    }

    #[test]
    fn monotone_and_falling_regimes() {
        // Reference G7: A < 0, v rises monotonically to V_L = 0.7071.
        let m = Heterogeneous::with_variance(100.0, vec![1.0, 2.0, 3.0, 2.0], vec![1.0; 4]).unwrap();
        for (b, t) in [(0.1, 7.4025131256), (0.3, 35.5561460941), (0.5, 118.1580935714), (0.7, 4850.2563967714)] {
            assert!((m.interval(Bound::Deviation { b }).unwrap().t_real() / t - 1.0).abs() < 1e-9, "B = {b}");
        }
        assert_eq!(m.interval(Bound::Deviation { b: 0.71 }).unwrap(), Interval::Unbounded);
        assert!(matches!(theorem41_interval(&m, 0.1), Err(RemapError::RegimeNotApplicable { .. })));
        // Falling mean: the crossing comes before the load empties, and v(T*) = B.
        let f = Homogeneous::with_variance(100.0, -0.5, 1.0, 8).unwrap();
        let t = f.interval(Bound::Deviation { b: 0.3 }).unwrap().t_real();
        assert!(t < 200.0 && (f.v0(t).unwrap() - 0.3).abs() < 1e-12);
        assert!(matches!(corollary41_interval(&f, 0.3), Err(RemapError::RegimeNotApplicable { .. })));
        // Deterministic, equal increments: v ≡ 0, never remap.
        let z = Homogeneous::with_variance(100.0, 1.0, 0.0, 8).unwrap();
        assert_eq!(z.interval(Bound::Deviation { b: 0.1 }).unwrap(), Interval::Unbounded);
    }

    #[test]
    fn p1_bounds() {
        let m = table1();
        for (d, t) in [(0.05, 1.5998992189), (0.10, 6.3995968758), (0.20, 25.5983875031)] {
            assert!((m.interval(Bound::ExtremeDifference { d }).unwrap().t_real() / t - 1.0).abs() < 1e-9);
        }
        let g = Homogeneous::with_variance(100.0, 2.0, 0.5, 64).unwrap();
        let ds = g.d_star().unwrap();
        for mm in [2.0, 3.0, 5.0] {
            let a = g.interval(Bound::ExtremeDifference { d: ds / mm }).unwrap().t_real();
            let b = g.interval(Bound::ExtremeDifferenceClosedForm { d: ds / mm }).unwrap().t_real();
            assert!((a / b - 1.0).abs() < 1e-10);
            // The bound binds: d̂(T*) = D.
            assert!((g.d_hat(a).unwrap() - ds / mm).abs() < 1e-12);
        }
        assert_eq!(g.interval(Bound::ExtremeDifference { d: ds * 1.01 }).unwrap(), Interval::Unbounded);
        assert!(matches!(g.interval(Bound::ExtremeDifference { d: 0.0 }), Err(RemapError::InvalidParameter { .. })));
        assert!(matches!(g.interval(Bound::Deviation { b: f64::NAN }), Err(RemapError::InvalidParameter { .. })));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn no_input_panics(n in 0u64..100, w in proptest::num::f64::ANY, mu in proptest::num::f64::ANY,
                           s2 in proptest::num::f64::ANY, b in proptest::num::f64::ANY) {
            if let Ok(m) = Homogeneous::with_variance(w, mu, s2, n) {
                // No panic, and no NaN in an answer: bad input is a typed error.
                let intervals = [
                    m.interval(Bound::Deviation { b }),
                    corollary41_interval(&m, b),
                    m.interval(Bound::ExtremeDifference { d: b }),
                    m.interval(Bound::ExtremeDifferenceClosedForm { d: b }),
                    theorem41_interval(&m.to_heterogeneous().unwrap(), b),
                ];
                for (i, t) in intervals.into_iter().enumerate() {
                    if let Ok(Interval::Finite { t_real, .. }) = t {
                        prop_assert!(!t_real.is_nan(), "interval {i} is NaN");
                    }
                }
                for x in [m.v0(b), m.d_hat(b)].into_iter().flatten() {
                    prop_assert!(!x.is_nan());
                }
            }
        }

        #[test]
        fn root_is_where_v_crosses_b(
            mus in proptest::collection::vec(-1.0f64..2.0, 2..6),
            s2 in 0.01f64..4.0, w in 10.0f64..200.0, b in 0.01f64..1.0,
        ) {
            let n = mus.len();
            let m = Heterogeneous::with_variance(w, mus, vec![s2; n]).unwrap();
            let t = m.interval(Bound::Deviation { b }).unwrap();
            if let Interval::Finite { t_real, steps } = t {
                prop_assert!(t_real >= 0.0);
                prop_assert!(steps as f64 <= t_real + 1e-6);
                // Strictly before T*, v ≤ B.
                for k in 1..=steps.min(50) {
                    let v = m.v(k as f64);
                    prop_assert!(v.is_err() || v.unwrap() <= b * (1.0 + 1e-9));
                }
            } else {
                for k in [1.0, 10.0, 100.0, 1e4] {
                    prop_assert!(m.v(k).unwrap() <= b * (1.0 + 1e-9));
                }
            }
        }
    }
}
