//! Jia (Jia, ch. 5 §5.4): the multi-region queueing model of the DSS strategy.
//!
//! Each source S_i owns a region whose speed depends on which regions are busy: E_i(B) is the
//! equivalent computation capacity of region i when the set B of regions is busy, a **time per
//! unit load** (Tables 5.1 and 5.2; smaller is faster). With exponential load sizes of mean s̄ the
//! region is an exponential server of rate
//!
//! ```text
//! μ_i(B) = 1/(s̄·E_i(B)),   μ_i^c = μ_i(all busy),   μ_i^max = μ_i({i})
//! ```
//!
//! The thesis prints `μ_i^l = (E'_i/E_i^c)·μ_i^c`, which is inverted for a time per unit load:
//! the correct relation is `μ_i^l = (E_i^c/E'_i)·μ_i^c`, the one used here, and the one that
//! reproduces Table 5.3.

use super::QueueingError;
use super::error::{non_negative, positive};

/// Which rate the bound (5.7)–(5.9) uses for the worst-case vacation of region i.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum VacationRule {
    /// The region's own μ_i^max: the reading that reproduces Table 5.3's Q^t column exactly.
    OwnMax,
    /// μ_j^max = min over the other regions j ≠ i, as the text of (5.5)–(5.6) writes it.
    MinOverOthers,
}

/// The stability classification of Jia, §5.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StabilityCase {
    /// ∀i λ_i < μ_i^c: every region copes with its critical domain alone; (5.9) applies.
    Case1,
    /// ∀i λ_i ≥ μ_i^c, or ∃i λ_i > μ_i^max: the network cannot manage the loads (the thesis's
    /// "critically stable"): queues grow without bound.
    Case2,
    /// ∀i λ_i < μ_i^max, ∃i λ_i ≥ μ_i^c, ∃j λ_j < μ_j^c: overloaded regions must borrow capacity
    /// from idle ones; decided for two regions by
    /// [`RegionNetwork::borrowing`](super::RegionNetwork::borrowing).
    Case3,
    /// Some λ_i = μ_i^max exactly with no other violation: covered by none of the thesis's cases
    /// and treated as unstable.
    Boundary,
}

impl StabilityCase {
    /// Whether the case is known to be stable (Case 1 only; Case 3 needs the borrowing test).
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::{RegionNetwork, StabilityCase};
    /// let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
    /// assert!(net.classify(&[0.1; 3]).unwrap().is_stable()); // λ < μ^c = 1/6
    /// // λ = 0.18 ≥ μ^c everywhere: Case 2, queues grow.
    /// assert_eq!(net.classify(&[0.18; 3]).unwrap(), StabilityCase::Case2);
    /// assert!(!StabilityCase::Case2.is_stable() && !StabilityCase::Case3.is_stable());
    /// ```
    pub fn is_stable(&self) -> bool {
        matches!(self, StabilityCase::Case1)
    }
}

fn check_case1(lambda: f64, mu_c: f64) -> Result<(f64, f64), QueueingError> {
    let lambda = non_negative("arrival rate", lambda)?;
    let mu_c = positive("critical-domain service rate mu_c", mu_c)?;
    if lambda >= mu_c {
        return Err(QueueingError::Unstable { rho: lambda / mu_c });
    }
    Ok((lambda, mu_c))
}

/// Upper bound on the mean waiting time of a load in the buffer of source i (Jia, eq. (5.7)):
/// (5.4) with exponential service at the slowest rate μ_i^c and exponential worst-case vacations
/// at rate `mu_vac` (eqs. 5.5–5.6).
///
/// # Formula
/// ```text
/// T_i^w ≤ (λ_i/μ_i^c)/(μ_i^c − λ_i) + 1/μ_vac        (5.7)
/// ```
///
/// # Accuracy
/// A closed form of a few roundings without cancellation: relative error below 1e-15.
///
/// # Errors
/// [`QueueingError::Unstable`] with `rho = λ_i/μ_i^c` when `λ_i ≥ μ_i^c` (Case 1 violated);
/// [`QueueingError::InvalidRate`] / [`QueueingError::NegativeValue`] for bad rates.
pub(crate) fn waiting_time_bound(lambda: f64, mu_c: f64, mu_vac: f64) -> Result<f64, QueueingError> {
    let (lambda, mu_c) = check_case1(lambda, mu_c)?;
    let mu_vac = positive("vacation rate", mu_vac)?;
    in_range((lambda / mu_c) / (mu_c - lambda) + 1.0 / mu_vac)
}

/// `x` if finite, otherwise an error: rates so extreme that the bound leaves `f64`'s range.
fn in_range(x: f64) -> Result<f64, QueueingError> {
    if x.is_finite() {
        Ok(x)
    } else {
        Err(QueueingError::InvalidRate { name: "bound (out of floating-point range)", value: x })
    }
}

/// Upper bound on the mean number of loads waiting at source i (Jia, eq. (5.8), Little's law
/// applied to (5.7)).
///
/// # Formula
/// ```text
/// Num_i^ave = λ_i·T_i^w ≤ λ_i·((λ_i/μ_i^c)/(μ_i^c − λ_i) + 1/μ_vac)        (5.8)
/// ```
///
/// # Accuracy
/// A closed form of a few roundings without cancellation: relative error below 1e-15.
///
/// # Errors
/// As [`waiting_time_bound`].
pub(crate) fn queue_count_bound(lambda: f64, mu_c: f64, mu_vac: f64) -> Result<f64, QueueingError> {
    in_range(lambda * waiting_time_bound(lambda, mu_c, mu_vac)?)
}

/// Upper bound on the mean queued load **volume** at source i (Jia, eq. (5.9)), the Q^t column
/// of Table 5.3: (5.8) times the mean load size `1/(E_i^c·μ_i^c)`.
///
/// # Formula
/// ```text
/// Q_i^ave ≤ λ_i·((λ_i/μ_i^c)/(μ_i^c − λ_i) + 1/μ_vac) / (E_i^c·μ_i^c)        (5.9)
/// ```
///
/// # Accuracy
/// A closed form of a few roundings without cancellation: relative error below 1e-15.
///
/// # Errors
/// As [`waiting_time_bound`], and [`QueueingError::InvalidRate`] for a bad `e_c`.
pub(crate) fn queue_volume_bound(lambda: f64, mu_c: f64, e_c: f64, mu_vac: f64) -> Result<f64, QueueingError> {
    let e_c = positive("equivalent capacity E^c", e_c)?;
    in_range(queue_count_bound(lambda, mu_c, mu_vac)? / (e_c * mu_c))
}

fn check_rates(lambda: &[f64], mu_c: &[f64], mu_max: &[f64]) -> Result<(), QueueingError> {
    if lambda.is_empty() {
        return Err(QueueingError::Empty { what: "arrival rates" });
    }
    for (what, v) in [("mu_c", mu_c), ("mu_max", mu_max)] {
        if v.len() != lambda.len() {
            return Err(QueueingError::DimensionMismatch { what, got: v.len(), expected: lambda.len() });
        }
    }
    for i in 0..lambda.len() {
        non_negative("arrival rate", lambda[i])?;
        positive("mu_c", mu_c[i])?;
        positive("mu_max", mu_max[i])?;
        if mu_max[i] < mu_c[i] {
            return Err(QueueingError::InvalidRegionTable {
                reason: format!("region {i}: mu_max = {} is below mu_c = {}", mu_max[i], mu_c[i]),
            });
        }
    }
    Ok(())
}

/// Classifies arrival rates against the region rates (Jia, §5.4, Cases 1–3).
///
/// # Formula
/// ```text
/// Case 1: ∀i λ_i < μ_i^c
/// Case 2: ∀i λ_i ≥ μ_i^c  or  ∃i λ_i > μ_i^max
/// Case 3: ∀i λ_i < μ_i^max  and  ∃i λ_i ≥ μ_i^c  and  ∃j λ_j < μ_j^c
/// Boundary: otherwise (some λ_i = μ_i^max exactly), treated as unstable
/// ```
///
/// # Accuracy
/// A closed form of a few roundings without cancellation: relative error below 1e-15.
///
/// # Errors
/// [`QueueingError::Empty`], [`QueueingError::DimensionMismatch`], bad rates, and
/// [`QueueingError::InvalidRegionTable`] when some μ_i^max < μ_i^c.
pub(crate) fn classify_stability(lambda: &[f64], mu_c: &[f64], mu_max: &[f64]) -> Result<StabilityCase, QueueingError> {
    check_rates(lambda, mu_c, mu_max)?;
    let idx = 0..lambda.len();
    let below_c = |i: usize| lambda[i] < mu_c[i];
    if idx.clone().all(below_c) {
        Ok(StabilityCase::Case1)
    } else if idx.clone().all(|i| !below_c(i)) || idx.clone().any(|i| lambda[i] > mu_max[i]) {
        Ok(StabilityCase::Case2)
    } else if idx.clone().all(|i| lambda[i] < mu_max[i]) {
        Ok(StabilityCase::Case3)
    } else {
        Ok(StabilityCase::Boundary)
    }
}

/// Idle ratio of region 1 in the two-region borrowing case (Jia, eq. (5.10)): vacations do not
/// change the idle ratio of an M/M/1 queue.
///
/// # Formula
/// ```text
/// R_1^idle = (μ_1^c − λ_1)/μ_1^c        (5.10)
/// ```
///
/// # Accuracy
/// A closed form of a few roundings without cancellation: relative error below 1e-15.
///
/// # Errors
/// [`QueueingError::Unstable`] with `rho = λ_1/μ_1^c` when `λ_1 ≥ μ_1^c`; bad rates.
pub(crate) fn idle_ratio(mu1_c: f64, lambda1: f64) -> Result<f64, QueueingError> {
    let (lambda1, mu1_c) = check_case1(lambda1, mu1_c)?;
    Ok((mu1_c - lambda1) / mu1_c)
}

/// Mean service rate of region 0 when it borrows region 1's idle capacity (Jia, eq. (5.11)).
///
/// # Formula
/// ```text
/// μ̄_0 = μ_0^max·(μ_1^c − λ_1)/μ_1^c + μ_0^c·λ_1/μ_1^c        (5.11)
/// ```
///
/// # Accuracy
/// A closed form of a few roundings without cancellation: relative error below 1e-15.
///
/// # Errors
/// As [`idle_ratio`], and bad `mu0_max`, `mu0_c`.
pub(crate) fn borrowed_service_rate(mu0_max: f64, mu0_c: f64, mu1_c: f64, lambda1: f64) -> Result<f64, QueueingError> {
    let r = idle_ratio(mu1_c, lambda1)?;
    Ok(positive("mu0_max", mu0_max)? * r + positive("mu0_c", mu0_c)? * (1.0 - r))
}

/// The verdict of the two-region borrowing analysis (Jia, §5.4, Case 3).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BorrowingVerdict {
    /// R_1^idle (5.10).
    pub idle_ratio: f64,
    /// μ̄_0 (5.11).
    pub mu_bar0: f64,
    /// λ_0 < μ̄_0: region 0 borrows enough.
    pub stable: bool,
    /// Bound (5.9) on region 1's queued volume, with μ_0^max as its vacation rate (attained
    /// when λ_0 ≥ μ̄_0).
    pub q1_bound: f64,
    /// Approximation of region 0's queued volume: (5.9) with μ̄_0 in place of μ_0^c and μ_1^max
    /// as vacation rate; `None` when unstable.
    pub q0_approx: Option<f64>,
}

/// Two-region borrowing test (Jia, eqs. (5.10)–(5.11)): can region 0, overloaded on its critical
/// domain (`μ_0^c ≤ λ_0 < μ_0^max`), borrow enough from region 1 (`λ_1 < μ_1^c`)?
///
/// `mu_c`, `mu_max` and `e_c` are indexed by region (0 = borrower, 1 = lender).
///
/// # Formula
/// ```text
/// stable ⇔ λ_0 < μ̄_0 = μ_0^max·R_1^idle + μ_0^c·(1 − R_1^idle)
/// Q_1 ≤ λ_1·((λ_1/μ_1^c)/(μ_1^c − λ_1) + 1/μ_0^max)/(E_1^c·μ_1^c)
/// Q_0 ≈ λ_0·((λ_0/μ̄_0)/(μ̄_0 − λ_0) + 1/μ_1^max)/(E_0^c·μ_0^c)
/// ```
///
/// # Accuracy
/// A closed form of a few roundings without cancellation: relative error below 1e-15.
///
/// # Errors
/// Bad rates; [`QueueingError::Unstable`] when `λ_1 ≥ μ_1^c` (rho = λ_1/μ_1^c) or
/// `λ_0 ≥ μ_0^max` (rho = λ_0/μ_0^max), outside the case's hypotheses.
pub(crate) fn two_region_borrowing(
    lambda: [f64; 2],
    mu_c: [f64; 2],
    mu_max: [f64; 2],
    e_c: [f64; 2],
) -> Result<BorrowingVerdict, QueueingError> {
    check_rates(&lambda, &mu_c, &mu_max)?;
    if lambda[0] >= mu_max[0] {
        return Err(QueueingError::Unstable { rho: lambda[0] / mu_max[0] });
    }
    let idle_ratio = idle_ratio(mu_c[1], lambda[1])?;
    let mu_bar0 = borrowed_service_rate(mu_max[0], mu_c[0], mu_c[1], lambda[1])?;
    let q1_bound = queue_volume_bound(lambda[1], mu_c[1], e_c[1], mu_max[0])?;
    let stable = lambda[0] < mu_bar0;
    let q0_approx = if stable {
        let mean_size = 1.0 / (positive("E_0^c", e_c[0])? * mu_c[0]);
        Some(in_range(queue_count_bound(lambda[0], mu_bar0, mu_max[1])? * mean_size)?)
    } else {
        None
    };
    Ok(BorrowingVerdict { idle_ratio, mu_bar0, stable, q1_bound, q0_approx })
}

impl std::fmt::Display for StabilityCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StabilityCase::Case1 => "Case 1 (stable: every region copes with its critical domain alone)",
            StabilityCase::Case2 => "Case 2 (unstable: the network cannot manage the loads)",
            StabilityCase::Case3 => "Case 3 (overloaded regions must borrow capacity)",
            StabilityCase::Boundary => "boundary (some λ_i = μ_i^max exactly: treated as unstable)",
        })
    }
}

impl std::fmt::Display for VacationRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            VacationRule::OwnMax => "own μ_i^max",
            VacationRule::MinOverOthers => "min over others μ_j^max",
        })
    }
}

impl std::fmt::Display for BorrowingVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: R_1^idle = {}, μ̄_0 = {}, Q_1 bound = {}",
            if self.stable { "stable" } else { "unstable" },
            self.idle_ratio,
            self.mu_bar0,
            self.q1_bound
        )?;
        if let Some(q0) = self.q0_approx {
            write!(f, ", Q_0 ≈ {q0}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn table_5_3_bounds() {
        // Table 5.3 Exp 1, Region_0: λ = 1/15, μ^c = 1/9.9, μ^max = 1/7.5
        let t = waiting_time_bound(1.0 / 15.0, 1.0 / 9.9, 1.0 / 7.5).unwrap();
        assert!((t - (19.2176 + 7.5)).abs() < 1e-4);
        // 5.3435 (volume) / 3 (mean size) = 1.7812 loads
        let n = queue_count_bound(1.0 / 15.0, 1.0 / 9.9, 1.0 / 7.5).unwrap();
        assert!((n - 5.3435 / 3.0).abs() < 1e-4);
        // Region_1 (E^c = 4.5, own E^max = 2.8, s̄ = 3): printed Q^t = 26
        let q = queue_volume_bound(1.0 / 15.0, 1.0 / 13.5, 4.5, 1.0 / 8.4).unwrap();
        assert!((q - 25.98).abs() < 1e-9);
    }

    #[test]
    fn table_5_2_classification() {
        let mu_c = [1.0 / 9.9, 1.0 / 13.5, 1.0 / 8.1]; // Table 5.2, s̄ = 3
        let mu_max = [1.0 / 7.5, 1.0 / 8.4, 1.0 / 6.75];
        let l = 1.0 / 15.0;
        assert_eq!(classify_stability(&[l, l, l], &mu_c, &mu_max).unwrap(), StabilityCase::Case1);
        assert_eq!(classify_stability(&[0.11, 0.05, 0.05], &mu_c, &mu_max).unwrap(), StabilityCase::Case3);
        assert_eq!(classify_stability(&[0.14, 0.05, 0.05], &mu_c, &mu_max).unwrap(), StabilityCase::Case2);
    }

    #[test]
    fn borrowing_closed_forms() {
        assert!((idle_ratio(0.15, 0.05).unwrap() - 2.0 / 3.0).abs() < 1e-15);
        // μ_0^max = 0.2, μ_0^c = 0.1, μ_1^c = 0.15, λ_1 = 0.05 → 0.2·2/3 + 0.1/3 = 1/6
        let mu_bar = borrowed_service_rate(0.2, 0.1, 0.15, 0.05).unwrap();
        assert!((mu_bar - 1.0 / 6.0).abs() < 1e-15);
        let v = two_region_borrowing([0.15, 0.05], [0.1, 0.15], [0.2, 0.3], [3.0, 2.0]).unwrap();
        assert!(v.stable && (v.mu_bar0 - 1.0 / 6.0).abs() < 1e-15);
        let w = two_region_borrowing([0.17, 0.05], [0.1, 0.15], [0.2, 0.3], [3.0, 2.0]).unwrap();
        assert!(!w.stable && w.q0_approx.is_none());
    }

    #[test]
    fn classification_golden_cases() {
        let mu_c = [1.0 / 9.9, 1.0 / 13.5, 1.0 / 8.1];
        let mu_max = [1.0 / 7.5, 1.0 / 8.4, 1.0 / 6.75];
        let c = |l: [f64; 3]| classify_stability(&l, &mu_c, &mu_max).unwrap();
        assert_eq!(c([0.11, 0.08, 0.13]), StabilityCase::Case2);
        assert_eq!(c([mu_max[0], 0.05, 0.05]), StabilityCase::Boundary);
        assert!(!StabilityCase::Boundary.is_stable());
        assert!(classify_stability(&[0.1], &[0.2, 0.3], &[0.3]).is_err());
        assert!(classify_stability(&[0.1], &[0.2], &[0.1]).is_err());
    }

    #[test]
    fn bounds_refuse_case1_violation() {
        assert!(matches!(waiting_time_bound(0.2, 0.2, 1.0), Err(QueueingError::Unstable { rho }) if rho == 1.0));
        assert!(queue_volume_bound(0.1, 0.2, -1.0, 1.0).is_err());
        assert!(two_region_borrowing([0.2, 0.05], [0.1, 0.15], [0.2, 0.3], [3.0, 2.0]).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn bound_is_monotone(l in 0.0f64..0.99, mu_vac in 0.01f64..10.0) {
            let a = queue_volume_bound(l * 0.5, 0.5, 4.0, mu_vac).unwrap();
            let b = queue_volume_bound((l + 0.005) * 0.5, 0.5, 4.0, mu_vac).unwrap();
            prop_assert!(b >= a && a >= 0.0);
            let mu_bar = borrowed_service_rate(1.0, 0.5, 0.5, l * 0.5).unwrap();
            prop_assert!((0.5..=1.0).contains(&mu_bar));
        }
    }
}
