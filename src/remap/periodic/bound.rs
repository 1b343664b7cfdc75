//! What the remapping interval keeps bounded: the options of [`interval`](super::Homogeneous::interval).

/// The imbalance a remapping period must keep under a bound, and how the longest such period
/// is computed (Fong et al.): the options of [`Homogeneous::interval`](super::Homogeneous::interval)
/// and [`Heterogeneous::interval`](super::Heterogeneous::interval).
///
/// Problem P_II bounds the normalized workload deviation `v(t)` (Fong et al., eq. (3)) by `b`;
/// problem P_I bounds the normalized extreme difference (Fong et al., eq. (2)) by `d`, through
/// the upper bound `d̂(t)` of eq. (8), its closed form of §3, or the exact expected maximum of
/// normal increments. The P_I options need identical processors (a [`Homogeneous`](super::Homogeneous)
/// model, or a [`Heterogeneous`](super::Heterogeneous) one whose means and variances are all
/// equal). Heterogeneous capacities have their own model, [`CapacityModel`](super::CapacityModel).
///
/// # Examples
/// Table 1 of Fong et al. (N = 64, w = 100, μ = 0, σ² = 0.5): B = 0.50 gives 79 phases.
/// ```
/// use loadbal::remap::periodic::{Bound, Homogeneous};
/// let m = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
/// assert_eq!(m.interval(Bound::Deviation { b: 0.50 }).unwrap().steps(), Some(79));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Bound {
    /// Problem P_II: the longest `T` with `v(t) ≤ b` for `t = 1..T`, for any means and
    /// variances (Fong et al., §4; Theorem 4.1, eqs. (9)–(10), and Corollary 4.1, eqs. (13)–(14),
    /// are its special cases, all solved as one quadratic's first root).
    ///
    /// Covers every regime, including those the closed forms miss: a falling mean load (the
    /// interval then also stops when the mean load `w + tμ̄` reaches zero, the `w(t) ≥ 0`
    /// constraint), `v` without an interior peak, and `b ≥ B*` (never remap).
    ///
    /// # Formula
    /// v(t) ≤ B  ⟺  (S − B² μ̄²) t² + ((N−1) σ̄² − 2 B² w μ̄) t − B² w² ≤ 0, S = Σ (μ_i − μ̄)²;
    /// T* = smallest positive root (∞ if none), capped at w/|μ̄| when μ̄ < 0; steps = ⌊T*⌋.
    /// For identical processors with μ = 0 this is T* = w² B² / ((N−1) σ²) (Fong et al., eq. (13);
    /// the paper prints a ceiling, but Table 1 needs the floor); with μ > 0 and B = B*/m it is
    /// T* = (2m² − 2m√(m²−1) − 1) T_0 = (m − √(m²−1))² T_0, T_0 = w/μ (Fong et al., eq. (14)).
    ///
    /// # Accuracy
    /// `t_real` to 1e-13 relative (measured worst 2.1e-15 against 50-digit roots of `v(t) = B`
    /// found directly), except where `b` is within rounding of `B*` and the root is double
    /// (then ill-conditioned like a square root).
    ///
    /// # Examples
    /// Table 1 of Fong et al. (N = 64, w = 100, μ = 0, σ² = 0.5), B = 0.50: T* = 5000/63, 79 steps.
    /// ```
    /// use loadbal::remap::periodic::{Bound, Homogeneous};
    /// let m = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
    /// let t = m.interval(Bound::Deviation { b: 0.50 }).unwrap();
    /// assert!((t.t_real() - 5000.0 / 63.0).abs() < 1e-10);
    /// assert_eq!(t.steps(), Some(79));
    /// ```
    Deviation {
        /// The bound `B > 0` on `v(t)`.
        b: f64,
    },
    /// Problem P_I, lower bound of its optimal interval: the longest `T` with `d̂(t) ≤ d` for
    /// `t = 1..T` (Fong et al., §3, eq. (8)), solved for any sign of `μ`.
    ///
    /// # Formula
    /// d̂(t) = c √t σ / (w + tμ) ≤ D with c = (N−1)/√(2N−1);  with x = √t:
    /// T* = x², x = 2Dw / (cσ + √(c²σ² − 4D²μw)); never remap if c²σ² < 4D²μw (D > D*).
    ///
    /// # Accuracy
    /// A closed form of a few roundings without cancellation: relative error below 1e-15.
    ///
    /// # Examples
    /// N = 64, w = 100, μ = 0, σ² = 0.5, D = 0.10:
    /// ```
    /// use loadbal::remap::periodic::{Bound, Homogeneous};
    /// let m = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
    /// let t = m.interval(Bound::ExtremeDifference { d: 0.10 }).unwrap();
    /// assert!((t.t_real() - 6.3995968758).abs() < 1e-9);
    /// ```
    ExtremeDifference {
        /// The bound `D > 0` on the normalized extreme difference.
        d: f64,
    },
    /// Problem P_I, the same lower bound for `μ > 0` in the closed form printed in Fong et al.,
    /// §3 (quoting its reference \[5\]): `D = D*/m`.
    ///
    /// # Formula
    /// T* = (2m² − 2m√(m²−1) − 1) T_0 = (m − √(m²−1))² T_0 = T_0 / (m + √(m²−1))²,
    /// m = D*/D ≥ 1, T_0 = w/μ; never remap when D ≥ D*.
    ///
    /// # Accuracy
    /// A closed form of a few roundings without cancellation: relative error below 1e-15.
    ///
    /// # Errors
    /// [`RemapError::RegimeNotApplicable`](crate::remap::RemapError::RegimeNotApplicable) when `μ ≤ 0`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::periodic::{Bound, Homogeneous};
    /// let m = Homogeneous::with_variance(100.0, 2.0, 0.5, 64).unwrap();
    /// let t = m.interval(Bound::ExtremeDifferenceClosedForm { d: m.d_star().unwrap() / 3.0 }).unwrap();
    /// assert!((t.t_real() - 1.4718625761).abs() < 1e-9);
    /// ```
    ExtremeDifferenceClosedForm {
        /// The bound `D > 0` on the normalized extreme difference.
        d: f64,
    },
    /// Problem P_I (upper side) for i.i.d. normal increments: the bound of Fong et al., eq. (8)
    /// with the Hartley–David constant replaced by the exact `e_N = E[max of N standard normals]`
    /// (Theorem 5.1 of Fong et al. specialised to identical normal processors).
    ///
    /// # Formula
    /// d_1(t) = e_N √t σ / (w + tμ) ≤ D;  with x = √t: T* = x², x = 2Dw / (e_N σ + √(e_N²σ² − 4D²μw))
    ///
    /// # Accuracy
    /// As [`Bound::ExtremeDifference`] with the exact constant, whose accuracy is that of
    /// [`expected_max_std_normal`](crate::order_stats::expected_max_std_normal).
    ///
    /// # Examples
    /// N = 64, w = 100, μ = 0, σ² = 0.5, D = 0.1: T* = 2 (10/e_64)² = 36.41 (the d̂ bound gives 6.40).
    /// ```
    /// use loadbal::remap::periodic::{Bound, Homogeneous};
    /// let m = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
    /// let t = m.interval(Bound::ExtremeDifferenceNormal { d: 0.1 }).unwrap();
    /// assert!((t.t_real() - 36.4094026164).abs() < 1e-6);
    /// assert_eq!(t.steps(), Some(36));
    /// ```
    ExtremeDifferenceNormal {
        /// The bound `D > 0` on the normalized extreme difference.
        d: f64,
    },
}

impl std::fmt::Display for Bound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Bound::Deviation { b } => write!(f, "v(t) ≤ {b}"),
            Bound::ExtremeDifference { d } => write!(f, "d̂(t) ≤ {d}"),
            Bound::ExtremeDifferenceClosedForm { d } => write!(f, "d̂(t) ≤ {d} (closed form)"),
            Bound::ExtremeDifferenceNormal { d } => write!(f, "d_1(t) ≤ {d} (normal increments)"),
        }
    }
}
