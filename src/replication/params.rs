//! The constants α, β(i, j), γ of the JR models (Dobber, §5.3) and the eight models of
//! Tables 5.7 and 5.8.

use std::fmt;

use super::ReplicationError;

/// The standard-deviation ratio β(i, j), i < j, of a maximum of two i.i.d. copies
/// (Approx. 5.3.4): `σ(max{V_{i,j−1}, V'_{i,j−1}}) ≈ β(i, j) σ(V_{i,j−1})`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BetaMax {
    /// One ratio for every level (models 1.1, 1.2, 2.1, 2.2).
    Constant(f64),
    /// The fitted product `(a1 + b1·i)(a2 + b2·j)` (models 1.3a, 2.3a; Table 5.6 gives
    /// `(−0.14 i + 1.54)(0.02 j + 0.63)`).
    Product {
        /// Intercept of the `i` factor.
        a1: f64,
        /// Slope of the `i` factor.
        b1: f64,
        /// Intercept of the `j` factor.
        a2: f64,
        /// Slope of the `j` factor.
        b2: f64,
    },
    /// Measured values (models 1.3b, 2.3b use Table 5.2).
    Table(BetaTable),
}

/// An upper-triangular table of β(i, j), i < j: `rows[i][j − i − 1] = β(i, j)`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawBetaTable"))]
pub struct BetaTable {
    /// Row `i` lists β(i, i+1), β(i, i+2), ...
    rows: Vec<Vec<f64>>,
}

impl BetaTable {
    /// A table from its rows (row `i` lists β(i, i+1), β(i, i+2), …), each entry checked finite
    /// and ≥ 0.
    ///
    /// # Errors
    /// [`ReplicationError::InvalidParameter`] naming the first bad entry.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::BetaTable;
    /// let t = BetaTable::new(vec![vec![1.05, 1.07], vec![0.95]]).unwrap();
    /// assert_eq!(t.get(0, 2).unwrap(), 1.07);
    /// assert!(BetaTable::new(vec![vec![-1.0]]).is_err());
    /// ```
    pub fn new(rows: Vec<Vec<f64>>) -> Result<Self, ReplicationError> {
        for v in rows.iter().flatten() {
            check_nonneg("β table entry", *v)?;
        }
        Ok(BetaTable { rows })
    }

    /// The rows: row `i` lists β(i, i+1), β(i, i+2), …
    ///
    /// # Examples
    /// Dobber, Table 5.2: seven rows, the first from β(0, 1) = 1.05.
    /// ```
    /// use loadbal::replication::BetaTable;
    /// let t = BetaTable::planetlab();
    /// assert_eq!((t.rows().len(), t.rows()[0][0]), (7, 1.05));
    /// ```
    pub fn rows(&self) -> &[Vec<f64>] {
        &self.rows
    }

    /// β(r, p) measured on the Planetlab traces with γ = 1 (Dobber, Table 5.2), `r = 0..6`,
    /// `p = r+1..7`.
    ///
    /// # Accuracy
    /// Exact (printed constants of Dobber, Table 5.2).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::BetaTable;
    /// // Dobber, Table 5.2: β(0, 1) = 1.05, β(3, 7) = 0.95, β(6, 7) = 0.53.
    /// let t = BetaTable::planetlab();
    /// assert_eq!((t.get(0, 1).unwrap(), t.get(3, 7).unwrap(), t.get(6, 7).unwrap()), (1.05, 0.95, 0.53));
    /// ```
    pub fn planetlab() -> Self {
        BetaTable {
            rows: vec![
                vec![1.05, 1.07, 1.10, 1.14, 1.22, 1.26, 1.26],
                vec![0.95, 1.01, 0.99, 0.97, 0.96, 0.96],
                vec![0.80, 0.94, 0.99, 1.00, 1.00],
                vec![0.71, 0.82, 0.89, 0.95],
                vec![0.67, 0.83, 0.84],
                vec![0.62, 0.86],
                vec![0.53],
            ],
        }
    }

    /// β(i, j) for i < j.
    ///
    /// # Errors
    /// [`ReplicationError::BetaTableTooSmall`] when the table has no such entry.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{BetaTable, ReplicationError};
    /// let t = BetaTable::planetlab();
    /// assert_eq!(t.get(1, 2).unwrap(), 0.95); // Dobber, Table 5.2
    /// assert!(matches!(t.get(2, 2), Err(ReplicationError::BetaTableTooSmall { .. })));
    /// assert!(matches!(t.get(0, 8), Err(ReplicationError::BetaTableTooSmall { .. })));
    /// ```
    pub fn get(&self, i: u32, j: u32) -> Result<f64, ReplicationError> {
        let missing = ReplicationError::BetaTableTooSmall { i, j };
        if j <= i {
            return Err(missing);
        }
        self.rows.get(i as usize).and_then(|row| row.get((j - i - 1) as usize)).copied().ok_or(missing)
    }
}

impl fmt::Display for BetaMax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BetaMax::Constant(b) => write!(f, "β(i, j) = {b}"),
            BetaMax::Product { a1, b1, a2, b2 } => write!(f, "β(i, j) = ({a1} + {b1} i)({a2} + {b2} j)"),
            BetaMax::Table(t) => write!(f, "β(i, j) from a table of {} rows", t.rows.len()),
        }
    }
}

/// The standard-deviation ratio β(i, i) of a minimum of two i.i.d. copies (Dobber, eq. (5.17)).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BetaMin {
    /// One ratio for every level (models 1.1 and 2.1 use ½).
    Constant(f64),
    /// Implied by α and the ratio of the maximum (Dobber, Def. 5.3.8):
    /// `β(i, i) = √(2 − 2α² − β(i−1, i)²)`.
    Implied,
}

impl fmt::Display for BetaMin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BetaMin::Constant(b) => write!(f, "β(i, i) = {b}"),
            BetaMin::Implied => f.write_str("β(i, i) by Def. 5.3.8"),
        }
    }
}

/// The constants of a JR model (Dobber, Table 5.7).
///
/// Its `Display` is a one-line summary:
/// ```
/// use loadbal::replication::JrModel;
/// assert_eq!(JrModel::PartlyIndependentConstantBeta.planetlab_params().to_string(), "α = 0.5, β(i, j) = 0.95, β(i, i) by Def. 5.3.8, γ = 0.81");
/// ```
///
/// The fields are private: a `JrParams` comes from [`JrParams::new`] (or a named constructor),
/// which checks them, and serde reads one through the same check.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawJrParams"))]
pub struct JrParams {
    /// α of Approx. 5.3.3, in (0, 1).
    pub(crate) alpha: f64,
    /// β(i, j), i < j.
    pub(crate) beta_max: BetaMax,
    /// β(i, i).
    pub(crate) beta_min: BetaMin,
    /// γ of Approx. 5.3.5, in [½, 1] (½: independent consecutive jobs; 1: fully dependent).
    pub(crate) gamma: f64,
}

/// The serialised form of [`BetaTable`], checked by [`BetaTable::new`] on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawBetaTable {
    rows: Vec<Vec<f64>>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawBetaTable> for BetaTable {
    type Error = ReplicationError;

    fn try_from(raw: RawBetaTable) -> Result<Self, ReplicationError> {
        BetaTable::new(raw.rows)
    }
}

/// The serialised form of [`JrParams`], checked by [`JrParams::new`] on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawJrParams {
    alpha: f64,
    beta_max: BetaMax,
    beta_min: BetaMin,
    gamma: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<RawJrParams> for JrParams {
    type Error = ReplicationError;

    fn try_from(raw: RawJrParams) -> Result<Self, ReplicationError> {
        JrParams::new(raw.alpha, raw.beta_max, raw.beta_min, raw.gamma)
    }
}

impl fmt::Display for JrParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "α = {}, {}, {}, γ = {}", self.alpha, self.beta_max, self.beta_min, self.gamma)
    }
}

fn check_open_unit(name: &'static str, v: f64) -> Result<f64, ReplicationError> {
    if v.is_finite() && v > 0.0 && v < 1.0 {
        Ok(v)
    } else {
        Err(ReplicationError::InvalidParameter { name, value: v, expected: "a number in (0, 1)" })
    }
}

fn check_nonneg(name: &'static str, v: f64) -> Result<f64, ReplicationError> {
    if v.is_finite() && v >= 0.0 {
        Ok(v)
    } else {
        Err(ReplicationError::InvalidParameter { name, value: v, expected: "a finite number ≥ 0" })
    }
}

impl JrParams {
    /// Validated constants: α ∈ (0, 1), γ ∈ [½, 1], constant ratios finite and ≥ 0.
    ///
    /// # Errors
    /// [`ReplicationError::InvalidParameter`] for a constant outside its range.
    ///
    /// # Accuracy
    /// Exact (the constants as given).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{BetaMax, BetaMin, JrParams};
    /// assert!(JrParams::new(0.5, BetaMax::Constant(1.0), BetaMin::Constant(0.5), 1.0).is_ok());
    /// assert!(JrParams::new(1.2, BetaMax::Constant(1.0), BetaMin::Implied, 1.0).is_err());
    /// ```
    pub fn new(alpha: f64, beta_max: BetaMax, beta_min: BetaMin, gamma: f64) -> Result<Self, ReplicationError> {
        check_open_unit("α", alpha)?;
        if !(gamma.is_finite() && (0.5..=1.0).contains(&gamma)) {
            return Err(ReplicationError::InvalidParameter {
                name: "γ",
                value: gamma,
                expected: "a number in [0.5, 1]",
            });
        }
        match &beta_max {
            BetaMax::Constant(b) => {
                check_nonneg("β(i, j), i < j", *b)?;
            }
            BetaMax::Product { a1, b1, a2, b2 } => {
                for v in [a1, b1, a2, b2] {
                    if !v.is_finite() {
                        return Err(ReplicationError::InvalidParameter {
                            name: "β product coefficient",
                            value: *v,
                            expected: "a finite number",
                        });
                    }
                }
            }
            BetaMax::Table(t) => {
                for v in t.rows.iter().flatten() {
                    check_nonneg("β table entry", *v)?;
                }
            }
        }
        if let BetaMin::Constant(b) = beta_min {
            check_nonneg("β(i, i)", b)?;
        }
        Ok(JrParams { alpha, beta_max, beta_min, gamma })
    }

    /// α of Approx. 5.3.3: `E max{V, V'} ≈ E V + α σ(V)`.
    ///
    /// # Examples
    /// Model 2.2 of Dobber, Table 5.8: α = ½, β(i, j) = 0.95, β(i, i) by Def. 5.3.8, γ = 0.81.
    /// ```
    /// use loadbal::replication::{BetaMax, BetaMin, JrModel};
    /// let m = JrModel::PartlyIndependentConstantBeta.planetlab_params();
    /// assert_eq!((m.alpha(), m.gamma()), (0.5, 0.81));
    /// assert_eq!((m.beta_max(), m.beta_min()), (&BetaMax::Constant(0.95), &BetaMin::Implied));
    /// ```
    pub fn alpha(&self) -> f64 {
        self.alpha
    }

    /// β(i, j) for `i < j`, the standard-deviation ratio of a maximum (Approx. 5.3.4).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{BetaMax, JrParams};
    /// assert_eq!(JrParams::dependent_jobs().beta_max(), &BetaMax::Constant(1.0)); // Dobber, Table 5.7, model 1.1
    /// ```
    pub fn beta_max(&self) -> &BetaMax {
        &self.beta_max
    }

    /// β(i, i), the standard-deviation ratio of a minimum (Def. 5.3.8).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{BetaMin, JrParams};
    /// assert_eq!(JrParams::dependent_jobs().beta_min(), &BetaMin::Constant(0.5)); // Dobber, Table 5.7, model 1.1
    /// ```
    pub fn beta_min(&self) -> &BetaMin {
        &self.beta_min
    }

    /// γ of Approx. 5.3.5: `σ(sum of 2^r jobs on one processor) ≈ 2^{rγ} σ(X)`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::JrParams;
    /// // Dobber, Table 5.7: γ = 1 for fully dependent jobs (model 1.1), ½ for independent ones (2.1).
    /// assert_eq!((JrParams::dependent_jobs().gamma(), JrParams::independent_jobs().gamma()), (1.0, 0.5));
    /// ```
    pub fn gamma(&self) -> f64 {
        self.gamma
    }

    /// Fully dependent consecutive jobs with unit β: α = ½, β_max = 1, β_min = ½, γ = 1 (model 1.1
    /// of Dobber, Tables 5.7 and 5.8, the same in both).
    ///
    /// # Accuracy
    /// Exact (printed constants of Dobber, Tables 5.7/5.8).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{JrModel, JrParams};
    /// assert_eq!(JrParams::dependent_jobs(), JrModel::DependentUnitBeta.planetlab_params());
    /// ```
    pub fn dependent_jobs() -> Self {
        JrParams { alpha: 0.5, beta_max: BetaMax::Constant(1.0), beta_min: BetaMin::Constant(0.5), gamma: 1.0 }
    }

    /// Independent consecutive jobs with unit β: [`JrParams::dependent_jobs`] with γ = ½ (model 2.1
    /// of Dobber, Table 5.7). This is the γ
    /// the closed forms Dobber, eq. (5.69)–(5.74) assume; Table 5.8 applies the same model with γ = 0.81.
    ///
    /// # Accuracy
    /// Exact (printed constants of Dobber, Table 5.7).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{BetaMax, BetaMin, JrParams};
    /// // Dobber, Table 5.7, model 2.1: α = ½, β_max = 1, β_min = ½, γ = ½.
    /// let m = JrParams::independent_jobs();
    /// assert_eq!((m.alpha(), m.beta_max(), m.beta_min(), m.gamma()), (0.5, &BetaMax::Constant(1.0), &BetaMin::Constant(0.5), 0.5));
    /// ```
    pub fn independent_jobs() -> Self {
        JrParams { gamma: 0.5, ..Self::dependent_jobs() }
    }

    /// Models 1.2 (γ = 1) and 2.2: constant ratios β₁ (max) and β₂ (min) given explicitly.
    ///
    /// # Errors
    /// As [`JrParams::new`].
    ///
    /// # Accuracy
    /// Exact (the constants as given).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::JrParams;
    /// assert_eq!(JrParams::constant(0.5, 1.0, 0.5, 1.0).unwrap(), JrParams::dependent_jobs());
    /// assert!(JrParams::constant(0.5, -1.0, 0.5, 1.0).is_err());
    /// ```
    pub fn constant(alpha: f64, beta1: f64, beta2: f64, gamma: f64) -> Result<Self, ReplicationError> {
        Self::new(alpha, BetaMax::Constant(beta1), BetaMin::Constant(beta2), gamma)
    }

    /// β(i, j) for i < j (the ratio of the step from level `j − 1` to level `j`).
    ///
    /// # Errors
    /// [`ReplicationError::BetaTableTooSmall`] outside a table.
    ///
    /// # Accuracy
    /// Exact for a constant or a table; the product within 3ε relative.
    ///
    /// # Examples
    /// Table 5.6's fitted product `(−0.14 i + 1.54)(0.02 j + 0.63)` at (i, j) = (1, 2).
    /// ```
    /// use loadbal::replication::{BetaMax, BetaMin, JrParams};
    /// let fit = BetaMax::Product { a1: 1.54, b1: -0.14, a2: 0.63, b2: 0.02 };
    /// let p = JrParams::new(0.5, fit, BetaMin::Implied, 1.0).unwrap();
    /// assert!((p.beta_max_at(1, 2).unwrap() - 1.40 * 0.67).abs() < 1e-12);
    /// ```
    pub fn beta_max_at(&self, i: u32, j: u32) -> Result<f64, ReplicationError> {
        match &self.beta_max {
            BetaMax::Constant(b) => Ok(*b),
            BetaMax::Product { a1, b1, a2, b2 } => Ok((a1 + b1 * f64::from(i)) * (a2 + b2 * f64::from(j))),
            BetaMax::Table(t) => t.get(i, j),
        }
    }

    /// β(i, i), i ≥ 1: the constant, or Def. 5.3.8 `√(2 − 2α² − β(i−1, i)²)`.
    ///
    /// # Errors
    /// [`ReplicationError::NegativeRadicand`] when Def. 5.3.8 has no real value;
    /// [`ReplicationError::BetaTableTooSmall`] outside a table.
    ///
    /// # Accuracy
    /// A square root (correctly rounded) for Def. 5.3.8, else exact (stored value).
    ///
    /// # Examples
    /// Def. 5.3.8 with α = ½ and β(0, 1) = 1: `√(2 − ½ − 1) = √½`.
    /// ```
    /// use loadbal::replication::{BetaMax, BetaMin, JrParams};
    /// let p = JrParams::new(0.5, BetaMax::Constant(1.0), BetaMin::Implied, 1.0).unwrap();
    /// assert!((p.beta_min_at(1).unwrap() - 0.5f64.sqrt()).abs() < 1e-15);
    /// assert_eq!(JrParams::dependent_jobs().beta_min_at(1).unwrap(), 0.5);
    /// ```
    pub fn beta_min_at(&self, i: u32) -> Result<f64, ReplicationError> {
        match self.beta_min {
            BetaMin::Constant(b) => Ok(b),
            BetaMin::Implied => {
                let b = self.beta_max_at(i.saturating_sub(1), i)?;
                implied_beta_min(self.alpha, b).ok_or(ReplicationError::NegativeRadicand {
                    i_minus_1: i.saturating_sub(1),
                    i,
                    beta: b,
                    radicand: 2.0 - 2.0 * self.alpha * self.alpha - b * b,
                })
            }
        }
    }
}

/// The σ ratio of a minimum implied by α and the σ ratio of the maximum (Dobber, Def. 5.3.8),
/// `None` when the radicand is negative.
///
/// # Formula
/// ```text
/// β(i, i) = sqrt(2 − 2α² − β(i−1, i)²)
/// ```
/// (from `min + max = V + V'` and `E(min·max) = (E V)²`, (5.9)–(5.16); Dobber's eq. (5.15)
/// misprints the variance as `2(1 − α² − β²)σ²` and Def. 5.3.8's bound `β ≤ 2 − 2α²` should
/// read `β ≤ √(2 − 2α²)`.)
///
/// # Accuracy
/// A few ulps relative, times the cancellation `2/(2 − 2α² − β²)` of the radicand (near a zero radicand the
/// result has an absolute error of about `√ε`).
pub(crate) fn implied_beta_min(alpha: f64, beta_max: f64) -> Option<f64> {
    let radicand = 2.0 - 2.0 * alpha * alpha - beta_max * beta_max;
    (radicand >= 0.0).then(|| radicand.sqrt())
}

/// The eight JR models of Dobber, Tables 5.7/5.8 (see the module docs for which to use). Their
/// constants as Table 5.8 applies them are [`JrModel::planetlab_params`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum JrModel {
    /// Model 1.1 of Dobber, Table 5.7: consecutive jobs on a processor fully dependent (γ = 1),
    /// α = ½, β_max = 1, β_min = ½.
    DependentUnitBeta,
    /// Model 1.2 of Dobber, Table 5.7: fully dependent jobs (γ = 1), a constant β₁ of the maximum
    /// and the implied minimum β₂ = √(2 − 2α² − β₁²).
    DependentConstantBeta,
    /// Model 1.3a of Dobber, Table 5.7: fully dependent jobs (γ = 1), the fitted product β(i, j)
    /// and implied minima (Def. 5.3.8).
    DependentFittedBeta,
    /// Model 1.3b of Dobber, Table 5.7: fully dependent jobs (γ = 1), a measured β table
    /// (Dobber, Table 5.2) and implied minima (Def. 5.3.8).
    DependentMeasuredBeta,
    /// Model 2.1 of Dobber, Table 5.7: as [`JrModel::DependentUnitBeta`] with partly independent
    /// consecutive jobs (γ < 1).
    PartlyIndependentUnitBeta,
    /// Model 2.2 of Dobber, Table 5.7: as [`JrModel::DependentConstantBeta`] with γ < 1.
    PartlyIndependentConstantBeta,
    /// Model 2.3a of Dobber, Table 5.7: as [`JrModel::DependentFittedBeta`] with γ < 1.
    PartlyIndependentFittedBeta,
    /// Model 2.3b of Dobber, Table 5.7: as [`JrModel::DependentMeasuredBeta`] with γ < 1.
    PartlyIndependentMeasuredBeta,
}

impl fmt::Display for JrModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "model {}", self.name())
    }
}

impl JrModel {
    /// All eight models in the thesis's order.
    pub const ALL: [JrModel; 8] = [
        JrModel::DependentUnitBeta,
        JrModel::DependentConstantBeta,
        JrModel::DependentFittedBeta,
        JrModel::DependentMeasuredBeta,
        JrModel::PartlyIndependentUnitBeta,
        JrModel::PartlyIndependentConstantBeta,
        JrModel::PartlyIndependentFittedBeta,
        JrModel::PartlyIndependentMeasuredBeta,
    ];

    /// The thesis's name, e.g. `"1.3a"`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::JrModel;
    /// let names: Vec<&str> = JrModel::ALL.iter().map(|m| m.name()).collect();
    /// assert_eq!(names, ["1.1", "1.2", "1.3a", "1.3b", "2.1", "2.2", "2.3a", "2.3b"]); // Dobber, Table 5.7
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            JrModel::DependentUnitBeta => "1.1",
            JrModel::DependentConstantBeta => "1.2",
            JrModel::DependentFittedBeta => "1.3a",
            JrModel::DependentMeasuredBeta => "1.3b",
            JrModel::PartlyIndependentUnitBeta => "2.1",
            JrModel::PartlyIndependentConstantBeta => "2.2",
            JrModel::PartlyIndependentFittedBeta => "2.3a",
            JrModel::PartlyIndependentMeasuredBeta => "2.3b",
        }
    }

    /// The constants of the model fitted to the Planetlab traces, as Dobber's Table 5.8 applies it (Figs. 5.16/5.17): α = ½; β₁ = 0.95 and β₂ = √(2 − ½ − 0.95²) ≈ 0.7730 for
    /// x.2; β(i, j) = (−0.14 i + 1.54)(0.02 j + 0.63) for x.3a; Table 5.2 for x.3b; γ = 1 for the
    /// 1.x models and 0.81 (Table 5.6) for the 2.x models. Table 5.7 defines the 2.x models for
    /// any γ < 1, and the closed forms of model 2.1 take γ = ½: for those use
    /// [`JrParams::independent_jobs`].
    ///
    /// # Accuracy
    /// Exact (printed constants of Dobber, Tables 5.6 and 5.8).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::JrModel;
    /// let m = JrModel::PartlyIndependentConstantBeta.planetlab_params();
    /// assert_eq!(m.gamma(), 0.81);
    /// assert!((m.beta_min_at(1).unwrap() - 0.7729812).abs() < 1e-7);
    /// ```
    pub fn planetlab_params(&self) -> JrParams {
        let gamma = if matches!(
            self,
            JrModel::DependentUnitBeta
                | JrModel::DependentConstantBeta
                | JrModel::DependentFittedBeta
                | JrModel::DependentMeasuredBeta
        ) {
            1.0
        } else {
            0.81
        };
        let (beta_max, beta_min) = match self {
            JrModel::DependentUnitBeta | JrModel::PartlyIndependentUnitBeta => {
                (BetaMax::Constant(1.0), BetaMin::Constant(0.5))
            }
            JrModel::DependentConstantBeta | JrModel::PartlyIndependentConstantBeta => {
                (BetaMax::Constant(0.95), BetaMin::Implied)
            }
            JrModel::DependentFittedBeta | JrModel::PartlyIndependentFittedBeta => {
                (PLANETLAB_BETA_PRODUCT, BetaMin::Implied)
            }
            JrModel::DependentMeasuredBeta | JrModel::PartlyIndependentMeasuredBeta => {
                (BetaMax::Table(BetaTable::planetlab()), BetaMin::Implied)
            }
        };
        JrParams { alpha: 0.5, beta_max, beta_min, gamma }
    }
}

/// The β(i, j) fitted to the Planetlab traces (Dobber, Table 5.6): `(−0.14 i + 1.54)(0.02 j + 0.63)`.
pub(crate) const PLANETLAB_BETA_PRODUCT: BetaMax = BetaMax::Product { a1: 1.54, b1: -0.14, a2: 0.63, b2: 0.02 };

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn implied_beta_min_example() {
        // Exponential jobs: α = ½ and β_max = √5/2 give β_min = ½ exactly.
        let b = implied_beta_min(0.5, 5f64.sqrt() / 2.0).unwrap();
        assert!((b - 0.5).abs() < 1e-15);
    }

    #[test]
    fn def538_minima_of_the_applied_models() {
        // Values derived by hand from Def. 5.3.8.
        let a: Vec<f64> =
            (1..=7).map(|i| JrModel::DependentFittedBeta.planetlab_params().beta_min_at(i).unwrap()).collect();
        let want_a = [0.7057, 0.7875, 0.8626, 0.9315, 0.9941, 1.0503, 1.0998];
        for (x, w) in a.iter().zip(want_a) {
            assert!((x - w).abs() < 6e-5, "{x} vs {w}");
        }
        let b: Vec<f64> =
            (1..=7).map(|i| JrModel::DependentMeasuredBeta.planetlab_params().beta_min_at(i).unwrap()).collect();
        let want_b = [0.6305, 0.7730, 0.9274, 0.9979, 1.0252, 1.0562, 1.1041];
        for (x, w) in b.iter().zip(want_b) {
            assert!((x - w).abs() < 6e-5, "{x} vs {w}");
        }
    }

    #[test]
    fn display() {
        assert_eq!(JrModel::DependentFittedBeta.to_string(), "model 1.3a");
        assert_eq!(
            JrModel::PartlyIndependentFittedBeta.planetlab_params().to_string(),
            "α = 0.5, β(i, j) = (1.54 + -0.14 i)(0.63 + 0.02 j), β(i, i) by Def. 5.3.8, γ = 0.81"
        );
        assert_eq!(
            JrModel::DependentMeasuredBeta.planetlab_params().to_string(),
            "α = 0.5, β(i, j) from a table of 7 rows, β(i, i) by Def. 5.3.8, γ = 1"
        );
        assert_eq!(JrParams::dependent_jobs().to_string(), "α = 0.5, β(i, j) = 1, β(i, i) = 0.5, γ = 1");
    }

    #[test]
    fn table_bounds_and_validation() {
        let t = BetaTable::planetlab();
        assert_eq!(t.get(0, 1).unwrap(), 1.05);
        assert_eq!(t.get(6, 7).unwrap(), 0.53);
        assert_eq!(t.get(3, 8), Err(ReplicationError::BetaTableTooSmall { i: 3, j: 8 }));
        assert!(t.get(2, 2).is_err());
        assert!(JrParams::new(0.5, BetaMax::Constant(f64::NAN), BetaMin::Implied, 1.0).is_err());
        assert!(JrParams::new(0.5, BetaMax::Constant(1.0), BetaMin::Implied, 0.4).is_err());
        let bad = JrParams::constant(0.9, 1.0, 0.5, 1.0).unwrap();
        let def = JrParams { beta_min: BetaMin::Implied, ..bad };
        assert!(matches!(def.beta_min_at(1), Err(ReplicationError::NegativeRadicand { .. })));
    }
}
