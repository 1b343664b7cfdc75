//! Jia's region capacity tables (Tables 5.1 and 5.2) as a network of coupled regions: the
//! capacity of every region for every configuration of busy regions, the derived rates, the
//! stability case and the bounds (5.9) for all regions at once.

use super::QueueingError;
use super::error::positive;
use super::regions::{
    BorrowingVerdict, StabilityCase, VacationRule, classify_stability, queue_count_bound, queue_volume_bound,
    two_region_borrowing, waiting_time_bound,
};

/// Largest number of regions (the table has 2^m·m entries).
const MAX_REGIONS: usize = 16;

/// The regions of a multi-source network (Jia, ch. 5): for every set B of busy regions
/// (a bit mask) and every region i ∈ B, the equivalent computation capacity E_i(B), a time per
/// unit load, and the mean load size s̄ of the exponential load sizes.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawRegionNetwork"))]
pub struct RegionNetwork {
    regions: usize,
    mean_size: f64,
    /// `capacity[mask·m + i]` = E_i(mask) for i ∈ mask; unused (0, so that JSON can hold it) otherwise.
    capacity: Vec<f64>,
}

/// The serialised form of [`RegionNetwork`], checked by its constructor on the way in (a value read
/// back unchecked could break the invariants its methods index by).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawRegionNetwork {
    regions: usize,
    mean_size: f64,
    capacity: Vec<f64>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawRegionNetwork> for RegionNetwork {
    type Error = QueueingError;

    fn try_from(raw: RawRegionNetwork) -> Result<Self, QueueingError> {
        let RawRegionNetwork { regions, mean_size, capacity } = raw;
        RegionNetwork::new(regions, mean_size, capacity)
    }
}

impl RegionNetwork {
    /// A network from its full capacity table, `capacity[mask·m + i] = E_i(mask)` for every
    /// non-empty busy set `mask` containing `i` (other entries are ignored).
    ///
    /// # Errors
    /// [`QueueingError::Empty`] for no region, [`QueueingError::InvalidRegionTable`] for more than
    /// 16 regions or a non-positive or non-finite entry, [`QueueingError::DimensionMismatch`] for
    /// a table of the wrong size; [`QueueingError::InvalidRate`] for a bad mean size.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::{QueueingError, RegionNetwork};
    /// // One region, E({0}) = 4 per unit load, mean size 2: μ = 1/(2·4).
    /// let one = RegionNetwork::new(1, 2.0, vec![0.0, 4.0]).unwrap(); // entry 0 (nobody busy) is ignored
    /// assert_eq!(one.rate(0b1, 0), Some(0.125));
    /// assert!(matches!(RegionNetwork::new(1, 2.0, vec![0.0, -4.0]), Err(QueueingError::InvalidRegionTable { .. })));
    /// assert!(matches!(RegionNetwork::new(1, 2.0, vec![4.0]), Err(QueueingError::DimensionMismatch { .. })));
    /// ```
    pub fn new(regions: usize, mean_size: f64, capacity: Vec<f64>) -> Result<Self, QueueingError> {
        if regions == 0 {
            return Err(QueueingError::Empty { what: "regions" });
        }
        if regions > MAX_REGIONS {
            return Err(QueueingError::InvalidRegionTable { reason: format!("{regions} regions, at most 16") });
        }
        positive("mean load size", mean_size)?;
        let expected = (1 << regions) * regions;
        if capacity.len() != expected {
            return Err(QueueingError::DimensionMismatch { what: "capacity table", got: capacity.len(), expected });
        }
        let mut capacity = capacity;
        for mask in 0..1usize << regions {
            for i in 0..regions {
                let e = &mut capacity[mask * regions + i];
                if mask & (1 << i) == 0 {
                    *e = 0.0;
                } else if !(e.is_finite() && *e > 0.0) {
                    return Err(QueueingError::InvalidRegionTable {
                        reason: format!("E_{i} for busy set {mask:#b} is {e}, must be positive and finite"),
                    });
                }
            }
        }
        Ok(RegionNetwork { regions, mean_size, capacity })
    }

    /// A network of at most three regions from the columns of Tables 5.1/5.2: `e_c[i]` = E_i^c
    /// (all busy), `e_idle[i][j]` = E_i^{j'} (only region j idle; the diagonal is ignored, the
    /// table's ∞) and `e_max[i]` = E_i^max (region i alone). Three regions are fully specified by
    /// these columns; for two, `e_idle` is not used.
    ///
    /// # Errors
    /// [`QueueingError::InvalidRegionTable`] for more than three regions (the tables do not give
    /// the configurations with two or more idle regions) and as [`RegionNetwork::new`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::RegionNetwork;
    /// let inf = f64::INFINITY;
    /// let t52 = RegionNetwork::from_table(
    ///     3.0,
    ///     &[3.3, 4.5, 2.7],
    ///     &[vec![inf, 2.9, 2.65], vec![3.5, inf, 3.3], vec![2.5, 2.4, inf]],
    ///     &[2.5, 2.8, 2.25],
    /// ).unwrap();
    /// assert!((t52.mu_c()[0] - 1.0 / 9.9).abs() < 1e-15);
    /// assert!((t52.mu_max()[1] - 1.0 / 8.4).abs() < 1e-15);
    /// ```
    pub fn from_table(mean_size: f64, e_c: &[f64], e_idle: &[Vec<f64>], e_max: &[f64]) -> Result<Self, QueueingError> {
        let m = e_c.len();
        if m > 3 {
            return Err(QueueingError::InvalidRegionTable {
                reason: format!("{m} regions: the table columns specify at most three; use RegionNetwork::new"),
            });
        }
        if e_max.len() != m {
            return Err(QueueingError::DimensionMismatch { what: "e_max", got: e_max.len(), expected: m });
        }
        if m == 3 && (e_idle.len() != 3 || e_idle.iter().any(|r| r.len() != 3)) {
            return Err(QueueingError::DimensionMismatch { what: "e_idle", got: e_idle.len(), expected: 3 });
        }
        let full = (1usize << m) - 1;
        let mut capacity = vec![0.0; (1 << m) * m];
        for mask in 1..=full {
            for i in (0..m).filter(|i| mask & (1 << i) != 0) {
                capacity[mask * m + i] = if mask == full {
                    e_c[i]
                } else if mask == 1 << i {
                    e_max[i]
                } else {
                    // m = 3 and exactly one region j idle.
                    let j = (full & !mask).trailing_zeros() as usize;
                    e_idle[i][j]
                };
            }
        }
        RegionNetwork::new(m, mean_size, capacity)
    }

    /// Table 5.1's symmetric three-region network: E^c for every region with all busy, E' with
    /// one other region idle, E^max alone.
    ///
    /// # Errors
    /// As [`RegionNetwork::from_table`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::{RegionNetwork, StabilityCase};
    /// // Jia, Table 5.1, loosely coupled: E^c = 2, E' = 1.8, E^max = 1.65; mean size 3.
    /// let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
    /// assert_eq!(net.e_c(), vec![2.0; 3]);
    /// // λ = 0.1 < μ^c = 1/6 in every region: Case 1.
    /// assert_eq!(net.classify(&[0.1; 3]).unwrap(), StabilityCase::Case1);
    /// ```
    pub fn symmetric_three(mean_size: f64, e_c: f64, e_prime: f64, e_max: f64) -> Result<Self, QueueingError> {
        let row = vec![e_prime; 3];
        RegionNetwork::from_table(mean_size, &[e_c; 3], &[row.clone(), row.clone(), row], &[e_max; 3])
    }

    /// Number of regions m.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::RegionNetwork;
    /// assert_eq!(RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap().regions(), 3);
    /// ```
    pub fn regions(&self) -> usize {
        self.regions
    }

    /// Mean load size s̄.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::RegionNetwork;
    /// assert_eq!(RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap().mean_size(), 3.0);
    /// ```
    pub fn mean_size(&self) -> f64 {
        self.mean_size
    }

    /// E_i(B) for the busy set `busy` (bit mask) containing `region`, or `None` otherwise.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::RegionNetwork;
    /// // Jia, Table 5.1, loosely coupled: all busy E^c = 2, region 2 idle E' = 1.8, alone E^max = 1.65.
    /// let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
    /// assert_eq!(net.capacity(0b111, 0), Some(2.0));
    /// assert_eq!(net.capacity(0b011, 0), Some(1.8));
    /// assert_eq!(net.capacity(0b001, 0), Some(1.65));
    /// assert_eq!(net.capacity(0b010, 0), None); // region 0 not busy
    /// ```
    pub fn capacity(&self, busy: usize, region: usize) -> Option<f64> {
        if region >= self.regions || busy >= 1 << self.regions || busy & (1 << region) == 0 {
            return None;
        }
        Some(self.capacity[busy * self.regions + region])
    }

    /// Service rate μ_i(B) = 1/(s̄·E_i(B)) (loads per unit time), or `None` if `region ∉ busy`
    /// (Jia, §5.4, with the rate relation corrected).
    ///
    /// # Formula
    /// ```text
    /// μ = 1/(s̄·E)          (equivalently μ^X = μ^c·E^c/E^X)
    /// ```
    ///
    /// # Accuracy
    /// `1/(s̄·E)`: two roundings, relative error below 2.3e-16.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::RegionNetwork;
    /// let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
    /// assert!((net.rate(0b111, 0).unwrap() - 1.0 / 6.0).abs() < 1e-16); // 1/(3·2)
    /// assert_eq!(net.rate(0b110, 0), None);
    /// ```
    pub fn rate(&self, busy: usize, region: usize) -> Option<f64> {
        self.capacity(busy, region).map(|e| 1.0 / (self.mean_size * e))
    }

    /// E_i^c for every region.
    ///
    /// # Accuracy
    /// Exact (stored values).
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::RegionNetwork;
    /// assert_eq!(RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap().e_c(), vec![2.0; 3]);
    /// ```
    pub fn e_c(&self) -> Vec<f64> {
        let full = (1 << self.regions) - 1;
        (0..self.regions).map(|i| self.capacity[full * self.regions + i]).collect()
    }

    /// μ_i^c = 1/(s̄·E_i^c) for every region (Jia, §5.4, the thesis's rate relation corrected).
    ///
    /// # Accuracy
    /// As [`RegionNetwork::rate`]: relative error below 2.3e-16 (checked against `1/(s̄E)` in the example).
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::queueing::RegionNetwork;
    /// // Table 5.1, loosely coupled: s̄ = 3, E^c = 2, E^max = 1.65.
    /// let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
    /// assert!((net.mu_c()[0] - 1.0 / 6.0).abs() < 1e-15);
    /// assert!((net.mu_max()[0] - 1.0 / (3.0 * 1.65)).abs() < 1e-15);
    /// ```
    pub fn mu_c(&self) -> Vec<f64> {
        let full = (1 << self.regions) - 1;
        (0..self.regions).filter_map(|i| self.rate(full, i)).collect()
    }

    /// μ_i^max = 1/(s̄·E_i^max) for every region (region i alone busy; Jia, §5.4).
    ///
    /// # Accuracy
    /// As [`RegionNetwork::rate`]: relative error below 2.3e-16.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::RegionNetwork;
    /// let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
    /// assert!((net.mu_max()[0] - 1.0 / 4.95).abs() < 1e-16); // 1/(3·1.65)
    /// ```
    pub fn mu_max(&self) -> Vec<f64> {
        (0..self.regions).filter_map(|i| self.rate(1 << i, i)).collect()
    }

    /// The worst-case vacation rate of region `i` under `rule` (Jia, eqs. (5.5)–(5.6)), or `None`
    /// if there is no region `i`. With a single region, both rules give its own μ^max (footnote 5:
    /// no vacation to speak of).
    ///
    /// # Formula
    /// ```text
    /// E[ν_i,worst] = 1/μ_vac,   E[ν_i,worst²] = 2/μ_vac²        (5.5), (5.6)
    /// μ_vac = min_{j≠i} μ_j^max   (text, MinOverOthers)   or   μ_i^max   (Table 5.3, OwnMax)
    /// ```
    ///
    /// # Accuracy
    /// A closed form of a few roundings without cancellation: relative error below 1e-15.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::{RegionNetwork, VacationRule};
    /// let inf = f64::INFINITY;
    /// let t52 = RegionNetwork::from_table(
    ///     3.0,
    ///     &[3.3, 4.5, 2.7],
    ///     &[vec![inf, 2.9, 2.65], vec![3.5, inf, 3.3], vec![2.5, 2.4, inf]],
    ///     &[2.5, 2.8, 2.25],
    /// ).unwrap();
    /// assert!((t52.vacation_rate(0, VacationRule::OwnMax).unwrap() - 1.0 / 7.5).abs() < 1e-15);
    /// // min over Region_1 (1/8.4) and Region_2 (1/6.75)
    /// assert!((t52.vacation_rate(0, VacationRule::MinOverOthers).unwrap() - 1.0 / 8.4).abs() < 1e-15);
    /// assert_eq!(t52.vacation_rate(3, VacationRule::OwnMax), None); // no region 3
    /// ```
    pub fn vacation_rate(&self, region: usize, rule: VacationRule) -> Option<f64> {
        (region < self.regions).then(|| vacation_rate_in(&self.mu_max(), region, rule))
    }

    /// The stability case of arrival rates `lambda` (Jia, §5.4, Cases 1–3).
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
    /// Comparisons of the rates of [`RegionNetwork::mu_c`] and [`RegionNetwork::mu_max`] (each
    /// within 2.3e-16 relative): exact except for rates within that distance of a boundary.
    ///
    /// # Errors
    /// [`QueueingError::DimensionMismatch`] for a wrong number of rates, and
    /// [`QueueingError::NegativeValue`] / [`QueueingError::InvalidRate`] for a negative or
    /// non-finite arrival rate.
    ///
    /// # Examples
    /// Table 5.1's symmetric network (μ^c = 1/6, μ^max = 1/(3·1.65)).
    /// ```
    /// use loadbal::queueing::{RegionNetwork, StabilityCase};
    /// let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
    /// assert_eq!(net.classify(&[0.1; 3]).unwrap(), StabilityCase::Case1);
    /// assert_eq!(net.classify(&[0.2; 3]).unwrap(), StabilityCase::Case2);
    /// assert_eq!(net.classify(&[0.19, 0.1, 0.1]).unwrap(), StabilityCase::Case3);
    /// ```
    pub fn classify(&self, lambda: &[f64]) -> Result<StabilityCase, QueueingError> {
        self.check_arrivals(lambda)?;
        classify_stability(lambda, &self.mu_c(), &self.mu_max())
    }

    fn check_arrivals(&self, lambda: &[f64]) -> Result<(), QueueingError> {
        if lambda.len() != self.regions {
            return Err(QueueingError::DimensionMismatch {
                what: "arrival rates",
                got: lambda.len(),
                expected: self.regions,
            });
        }
        Ok(())
    }

    /// The bound (5.7) on every region's mean waiting time in its source's buffer: (5.4) with
    /// exponential service at the slowest rate μ_i^c and exponential worst-case vacations at the
    /// rate of `rule` (Jia, eqs. (5.5)–(5.7)).
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
    /// [`QueueingError::DimensionMismatch`] for a wrong number of rates;
    /// [`QueueingError::Unstable`] with `rho = λ_i/μ_i^c` when `λ_i ≥ μ_i^c` (Case 1 violated);
    /// [`QueueingError::NegativeValue`] / [`QueueingError::InvalidRate`] for bad rates.
    ///
    /// # Examples
    /// Table 5.3 Exp 1 (Table 5.2's network, λ = 1/15), Region_0: 19.2176 + 7.5.
    /// ```
    /// use loadbal::queueing::{RegionNetwork, VacationRule};
    /// let inf = f64::INFINITY;
    /// let t52 = RegionNetwork::from_table(
    ///     3.0,
    ///     &[3.3, 4.5, 2.7],
    ///     &[vec![inf, 2.9, 2.65], vec![3.5, inf, 3.3], vec![2.5, 2.4, inf]],
    ///     &[2.5, 2.8, 2.25],
    /// ).unwrap();
    /// let t = t52.waiting_time_bounds(&[1.0 / 15.0; 3], VacationRule::OwnMax).unwrap();
    /// assert!((t[0] - (19.2176 + 7.5)).abs() < 1e-4);
    /// ```
    pub fn waiting_time_bounds(&self, lambda: &[f64], rule: VacationRule) -> Result<Vec<f64>, QueueingError> {
        self.check_arrivals(lambda)?;
        let (mu_c, mu_max) = (self.mu_c(), self.mu_max());
        (0..self.regions).map(|i| waiting_time_bound(lambda[i], mu_c[i], vacation_rate_in(&mu_max, i, rule))).collect()
    }

    /// The bound (5.8) on every region's mean number of loads waiting at its source, Little's
    /// law applied to (5.7).
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
    /// As [`RegionNetwork::waiting_time_bounds`].
    ///
    /// # Examples
    /// Table 5.3 Exp 1, Region_0: 5.3435 (volume) / 3 (mean size) = 1.7812 loads.
    /// ```
    /// use loadbal::queueing::{RegionNetwork, VacationRule};
    /// let inf = f64::INFINITY;
    /// let t52 = RegionNetwork::from_table(
    ///     3.0,
    ///     &[3.3, 4.5, 2.7],
    ///     &[vec![inf, 2.9, 2.65], vec![3.5, inf, 3.3], vec![2.5, 2.4, inf]],
    ///     &[2.5, 2.8, 2.25],
    /// ).unwrap();
    /// let n = t52.queue_count_bounds(&[1.0 / 15.0; 3], VacationRule::OwnMax).unwrap();
    /// assert!((n[0] - 5.3435 / 3.0).abs() < 1e-4);
    /// ```
    pub fn queue_count_bounds(&self, lambda: &[f64], rule: VacationRule) -> Result<Vec<f64>, QueueingError> {
        self.check_arrivals(lambda)?;
        let (mu_c, mu_max) = (self.mu_c(), self.mu_max());
        (0..self.regions).map(|i| queue_count_bound(lambda[i], mu_c[i], vacation_rate_in(&mu_max, i, rule))).collect()
    }

    /// The two-region borrowing test of a two-region network (Jia, eqs. (5.10)–(5.11)): can
    /// region 0, overloaded on its critical domain (`μ_0^c ≤ λ_0 < μ_0^max`), borrow enough from
    /// region 1 (`λ_1 < μ_1^c`)? Vacations do not change region 1's idle ratio (5.10).
    ///
    /// # Formula
    /// ```text
    /// R_1^idle = (μ_1^c − λ_1)/μ_1^c                                   (5.10)
    /// μ̄_0 = μ_0^max·R_1^idle + μ_0^c·(1 − R_1^idle)                    (5.11)
    /// stable ⇔ λ_0 < μ̄_0
    /// Q_1 ≤ λ_1·((λ_1/μ_1^c)/(μ_1^c − λ_1) + 1/μ_0^max)/(E_1^c·μ_1^c)
    /// Q_0 ≈ λ_0·((λ_0/μ̄_0)/(μ̄_0 − λ_0) + 1/μ_1^max)/(E_0^c·μ_0^c)
    /// ```
    ///
    /// # Accuracy
    /// A closed form of a few roundings without cancellation: relative error below 1e-15.
    ///
    /// # Errors
    /// [`QueueingError::DimensionMismatch`] unless the network has two regions; bad rates;
    /// [`QueueingError::Unstable`] when `λ_1 ≥ μ_1^c` (rho = λ_1/μ_1^c) or `λ_0 ≥ μ_0^max`
    /// (rho = λ_0/μ_0^max), outside the case's hypotheses.
    ///
    /// # Examples
    /// μ^c = (0.1, 0.15), μ^max = (0.2, 0.3) (s̄ = 1), λ_1 = 0.05: R_1^idle = 2/3 and
    /// μ̄_0 = 0.2·2/3 + 0.1/3 = 1/6.
    /// ```
    /// use loadbal::queueing::RegionNetwork;
    /// let net = RegionNetwork::from_table(1.0, &[10.0, 1.0 / 0.15], &[], &[5.0, 1.0 / 0.3]).unwrap();
    /// let v = net.borrowing([0.15, 0.05]).unwrap();
    /// assert!(v.stable && (v.idle_ratio - 2.0 / 3.0).abs() < 1e-15 && (v.mu_bar0 - 1.0 / 6.0).abs() < 1e-15);
    /// let w = net.borrowing([0.17, 0.05]).unwrap();
    /// assert!(!w.stable && w.q0_approx.is_none());
    /// ```
    pub fn borrowing(&self, lambda: [f64; 2]) -> Result<BorrowingVerdict, QueueingError> {
        if self.regions != 2 {
            return Err(QueueingError::DimensionMismatch { what: "regions", got: self.regions, expected: 2 });
        }
        let (mu_c, mu_max, e_c) = (self.mu_c(), self.mu_max(), self.e_c());
        two_region_borrowing(lambda, [mu_c[0], mu_c[1]], [mu_max[0], mu_max[1]], [e_c[0], e_c[1]])
    }

    /// The bound (5.9) on every region's mean queued volume, with the vacation rate of `rule`.
    ///
    /// # Formula
    /// ```text
    /// Q_i^ave ≤ λ_i·((λ_i/μ_i^c)/(μ_i^c − λ_i) + 1/μ_vac) / (E_i^c·μ_i^c)        (5.9)
    /// ```
    ///
    /// # Accuracy
    /// Per region (Jia, eq. (5.9), (5.8) times the mean load size `1/(E_i^c·μ_i^c)`): a closed
    /// form of a few roundings without cancellation, relative error below 1e-15; the example
    /// reproduces Table 5.1's 4.185 to 1e-12, and `tests/queueing/queueing_regions.rs` checks the bound
    /// against the simulated queues.
    ///
    /// # Errors
    /// [`QueueingError::DimensionMismatch`] for a wrong number of rates and
    /// [`QueueingError::Unstable`] (rho = λ_i/μ_i^c) outside Case 1.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::{RegionNetwork, VacationRule};
    /// // Table 5.1, loosely coupled, λ = 0.1 for every region.
    /// let loose = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
    /// let q = loose.queue_bounds(&[0.1; 3], VacationRule::OwnMax).unwrap();
    /// assert!((q[0] - 4.185).abs() < 1e-12);
    /// ```
    pub fn queue_bounds(&self, lambda: &[f64], rule: VacationRule) -> Result<Vec<f64>, QueueingError> {
        self.check_arrivals(lambda)?;
        let (mu_c, e_c, mu_max) = (self.mu_c(), self.e_c(), self.mu_max());
        (0..self.regions)
            .map(|i| queue_volume_bound(lambda[i], mu_c[i], e_c[i], vacation_rate_in(&mu_max, i, rule)))
            .collect()
    }
}

/// The vacation rate of `region` (in range) from the networks' μ^max (Jia, eqs. (5.5)–(5.6)).
fn vacation_rate_in(mu_max: &[f64], region: usize, rule: VacationRule) -> f64 {
    match rule {
        VacationRule::OwnMax => mu_max[region],
        VacationRule::MinOverOthers => mu_max
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != region)
            .map(|(_, &m)| m)
            .reduce(f64::min)
            .unwrap_or(mu_max[region]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table_5_2() -> RegionNetwork {
        let inf = f64::INFINITY;
        RegionNetwork::from_table(
            3.0,
            &[3.3, 4.5, 2.7],
            &[vec![inf, 2.9, 2.65], vec![3.5, inf, 3.3], vec![2.5, 2.4, inf]],
            &[2.5, 2.8, 2.25],
        )
        .unwrap()
    }

    #[test]
    fn table_lookup_follows_the_busy_set() {
        let t = table_5_2();
        assert_eq!(t.capacity(0b110, 1), Some(3.5)); // region 0 idle → E_1^{0'}
        assert_eq!(t.capacity(0b101, 0), Some(2.9)); // region 1 idle → E_0^{1'}
        assert_eq!(t.capacity(0b011, 0), Some(2.65)); // region 2 idle → E_0^{2'}
        assert_eq!(t.capacity(0b001, 0), Some(2.5)); // alone → E_0^max
        assert_eq!(t.capacity(0b110, 0), None);
        assert_eq!(t.e_c(), vec![3.3, 4.5, 2.7]);
    }

    #[test]
    fn symmetric_bounds_golden_values() {
        // Reference G20: tight (E^max = 1) at λ = 0.1 gives 3.600; λ ≥ μ^c = 1/6 is refused.
        let tight = RegionNetwork::symmetric_three(3.0, 2.0, 1.4, 1.0).unwrap();
        let q = tight.queue_bounds(&[0.1; 3], VacationRule::OwnMax).unwrap();
        assert!((q[2] - 3.6).abs() < 1e-12);
        assert!(matches!(
            tight.queue_bounds(&[1.0 / 6.0; 3], VacationRule::OwnMax),
            Err(QueueingError::Unstable { .. })
        ));
        assert_eq!(tight.vacation_rate(1, VacationRule::OwnMax), tight.vacation_rate(1, VacationRule::MinOverOthers));
        assert!(tight.queue_bounds(&[0.1; 2], VacationRule::OwnMax).is_err());
    }

    #[test]
    fn rejects_bad_tables() {
        assert!(RegionNetwork::new(0, 3.0, vec![]).is_err());
        assert!(RegionNetwork::new(2, 3.0, vec![1.0; 7]).is_err());
        assert!(RegionNetwork::new(1, 3.0, vec![0.0, -1.0]).is_err());
        assert!(RegionNetwork::from_table(3.0, &[1.0; 4], &[], &[1.0; 4]).is_err());
    }
}
