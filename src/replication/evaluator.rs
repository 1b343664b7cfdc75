//! The generic JR evaluator: one recursion that every closed form of Dobber, §5.4 specialises.

use std::fmt;

use super::domain::{check_cv, check_job, levels, pow2};
use super::{JrParams, ReplicationError};
use crate::law::Law;

/// The model speedup of `R`-JR over ELB for one replica count.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReplicaSpeedup {
    /// Number of replicas `R`.
    pub replicas: u64,
    /// The model's speedup over ELB (may be ≤ 0 where the model's iteration time is; §5.5).
    pub speedup: f64,
}

impl fmt::Display for ReplicaSpeedup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R = {}: speedup {:.4}", self.replicas, self.speedup)
    }
}

/// Expected iteration time `R_it(t, R, P)` of `R`-JR on `P` processors under the
/// approximations of Dobber, §5.3 (Approx. 5.3.3–5.3.7, Def. 5.3.8), for the job-time law `job`
/// (the model uses only its mean `E(X)` and standard deviation `σ(X)`).
///
/// Applies the tree Dobber, eq. (5.6) level by level to the pair (mean, sd): `r = log2 R` minimum levels,
/// the sum of the `R` job-type times on one processor, then `p − r` maximum levels
/// (`p = log2 P`).
///
/// # Formula
/// ```text
/// (E, S) := (E X, σ X)
/// for i = 1..r:      E := E − α S;  S := β(i, i) S          (min of two copies, Dobber, eq. (5.8), (5.17))
/// E := 2^r E;  S := 2^{rγ} S                                (sum on one processor, Approx 5.3.5)
/// for j = r+1..p:    E := E + α S;  S := β(r, j) S          (max of two groups, Approx 5.3.3/4)
/// R_it ≈ E
/// ```
/// equivalently `2^r [E X − α σ Σ_{i=0}^{r−1} Π_{k=1}^{i} β(k,k)]
/// + 2^{rγ} α σ Π_{k=1}^{r} β(k,k) Σ_{j=r}^{p−1} Π_{l=r+1}^{j} β(r,l)`.
///
/// The value is the thesis's approximation and may be ≤ 0 for large `c_X` and deep trees
/// (§5.5 reports such "speedups lower than 0"); it is returned as is.
///
/// # Errors
/// [`ReplicationError::CvOutOfDomain`] unless `0 ≤ σ ≤ E X`; [`ReplicationError::InvalidParameter`]
/// for `E X ≤ 0` or a NaN; [`ReplicationError::NotPowerOfTwo`] unless `R` and `P` are powers of
/// two; [`ReplicationError::ReplicasExceedProcessors`] for `R > P`;
/// [`ReplicationError::TooManyProcessors`] for `P > 2^40`; the β errors of
/// [`JrParams::beta_min_at`] and [`JrParams::beta_max_at`].
///
/// # Accuracy
/// `2 + 3(p − r)` floating-point operations: relative error below 1e-14 against a 50-digit
/// evaluation of the same recursion unless the result is near zero (checked by
/// `tests/replication/replication_reference.rs`).
///
/// # Examples
/// Model 1.1 with `E X = 100`, `σ = 80` on 4 processors (Dobber, eq. (5.23)–(5.25)): 180, 160,
/// 160.
/// ```
/// use loadbal::law::Law;
/// use loadbal::replication::{iteration_time, JrModel};
/// let m = JrModel::DependentUnitBeta.planetlab_params();
/// let job = Law::gamma_mean_sd(100.0, 80.0).unwrap();
/// assert_eq!(iteration_time(&job, 1, 4, &m).unwrap(), 180.0);
/// assert_eq!(iteration_time(&job, 2, 4, &m).unwrap(), 160.0);
/// assert_eq!(iteration_time(&job, 4, 4, &m).unwrap(), 160.0);
/// assert!(iteration_time(&job, 3, 4, &m).is_err()); // R must be a power of two
/// ```
pub fn iteration_time(job: &Law, replicas: u64, processors: u64, params: &JrParams) -> Result<f64, ReplicationError> {
    let (mean, sd) = check_job(job)?;
    let (r, p) = levels(replicas, processors)?;
    iteration_time_levels(mean, sd, r, p, params)
}

/// [`iteration_time`] at levels `r = log2 R`, `p = log2 P` (validated by the caller).
pub(crate) fn iteration_time_levels(
    mean: f64,
    sd: f64,
    r: u32,
    p: u32,
    params: &JrParams,
) -> Result<f64, ReplicationError> {
    let (mut e, mut s) = (mean, sd);
    for i in 1..=r {
        e -= params.alpha * s;
        s *= params.beta_min_at(i)?;
    }
    e *= pow2(f64::from(r));
    s *= pow2(f64::from(r) * params.gamma);
    for j in (r + 1)..=p {
        e += params.alpha * s;
        if j < p {
            s *= params.beta_max_at(r, j)?;
        }
    }
    Ok(e)
}

/// Speedup of `R`-JR over ELB on `P` processors (Dobber, §5.4):
/// `R_it(t, 1, P) / R_it(t, R, P)`, a function of `c_X` alone.
///
/// # Formula
/// ```text
/// Speedup R(t, R, P) = R_it(1, c_X, 1, P) / R_it(1, c_X, R, P)
/// ```
/// with [`iteration_time`] at `E X = 1`, `σ = c_X` (the speedup depends on the law only through
/// `c_X`).
///
/// # Errors
/// As [`iteration_time`]; [`ReplicationError::DegenerateIterationTime`] when the replicated
/// iteration time is exactly zero.
///
/// # Accuracy
/// Relative error below 1e-13 against 50-digit references while `|R_it(R)| ≥ 1e-3 E X`;
/// closer to a pole it grows as `1/|R_it(R)|`.
///
/// # Examples
/// Model 1.2 worked example of Dobber, §5.4.2 (α = 0.60, β₁ = 1.01, β₂ = 0.50, c_X = 0.70, P = 2^10,
/// R = 4): the thesis prints 1.09.
/// ```
/// use loadbal::replication::{speedup, JrParams};
/// let m = JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap();
/// let s = speedup(0.7, 4, 1024, &m).unwrap();
/// assert!((s - 1.0875300884).abs() < 1e-9);
/// ```
pub fn speedup(cv: f64, replicas: u64, processors: u64, params: &JrParams) -> Result<f64, ReplicationError> {
    check_cv(cv)?;
    let (r, p) = levels(replicas, processors)?;
    speedup_levels(cv, r, p, params)
}

/// [`speedup`] at validated levels.
pub(crate) fn speedup_levels(cv: f64, r: u32, p: u32, params: &JrParams) -> Result<f64, ReplicationError> {
    let elb = iteration_time_levels(1.0, cv, 0, p, params)?;
    let jr = iteration_time_levels(1.0, cv, r, p, params)?;
    if jr == 0.0 {
        return Err(ReplicationError::DegenerateIterationTime { replicas: 1 << r, processors: 1 << p });
    }
    Ok(elb / jr)
}

/// Speedups for `R = 1, 2, 4, ..., P`, as plotted in Figs. 5.5–5.17 of Dobber.
///
/// # Formula
/// ```text
/// [Speedup R(t, 1, P), Speedup R(t, 2, P), ..., Speedup R(t, P, P)]
/// ```
///
/// # Errors
/// As [`speedup`].
///
/// # Accuracy
/// Each speedup as [`speedup`].
///
/// # Examples
/// Model 1.1, `c_X = 1`, `P = 16`: 1, 1.2, 1.5, 2, 3 (the speedup grows with R, Fig. 5.5).
/// ```
/// use loadbal::replication::{speedup_profile, JrModel};
/// let s = speedup_profile(1.0, 16, &JrModel::DependentUnitBeta.planetlab_params()).unwrap();
/// let values: Vec<f64> = s.iter().map(|x| x.speedup).collect();
/// assert_eq!(values, vec![1.0, 1.2, 1.5, 2.0, 3.0]);
/// assert_eq!(s[4].replicas, 16);
/// assert_eq!(s[1].to_string(), "R = 2: speedup 1.2000");
/// ```
pub fn speedup_profile(cv: f64, processors: u64, params: &JrParams) -> Result<Vec<ReplicaSpeedup>, ReplicationError> {
    check_cv(cv)?;
    let (_, p) = levels(1, processors)?;
    (0..=p).map(|r| Ok(ReplicaSpeedup { replicas: 1 << r, speedup: speedup_levels(cv, r, p, params)? })).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replication::JrModel;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} vs {b}");
    }

    #[test]
    fn table_5_8_curves() {
        // Model curves derived by hand, c = 0.8 for 1.x and 0.57 for 2.x, p = 4.
        let cases: [(JrModel, f64, [f64; 5]); 8] = [
            (JrModel::DependentUnitBeta, 0.8, [1.0, 1.083333, 1.083333, 0.928571, 0.65]),
            (JrModel::DependentConstantBeta, 0.8, [1.0, 0.8381, 0.8205, 1.3126, -1.1678]),
            (JrModel::DependentFittedBeta, 0.8, [1.0, 0.9454, 0.9043, 1.1545, -1.7211]),
            (JrModel::DependentMeasuredBeta, 0.8, [1.0, 1.0361, 0.9889, 1.0354, -6.1895]),
            (JrModel::PartlyIndependentUnitBeta, 0.57, [1.0, 0.9819, 0.7845, 0.5093, 0.2872]),
            (JrModel::PartlyIndependentConstantBeta, 0.57, [1.0, 0.8126, 0.6859, 0.6226, 0.6670]),
            (JrModel::PartlyIndependentFittedBeta, 0.57, [1.0, 0.8950, 0.7342, 0.6082, 0.6218]),
            (JrModel::PartlyIndependentMeasuredBeta, 0.57, [1.0, 0.9617, 0.7756, 0.5838, 0.5270]),
        ];
        for (model, c, want) in cases {
            let got = speedup_profile(c, 16, &model.planetlab_params()).unwrap();
            for (g, w) in got.iter().zip(want) {
                close(g.speedup, w, 1e-4);
            }
        }
    }

    #[test]
    fn bad_input() {
        let m = JrModel::DependentUnitBeta.planetlab_params();
        assert_eq!(speedup(1.2, 2, 4, &m), Err(ReplicationError::CvOutOfDomain { cv: 1.2 }));
        assert!(matches!(speedup(f64::NAN, 2, 4, &m), Err(ReplicationError::CvOutOfDomain { .. })));
        assert_eq!(
            speedup(0.5, 8, 4, &m),
            Err(ReplicationError::ReplicasExceedProcessors { replicas: 8, processors: 4 })
        );
        assert_eq!(speedup(0.5, 2, 12, &m), Err(ReplicationError::NotPowerOfTwo { what: "processors", value: 12 }));
        assert_eq!(speedup(0.5, 0, 4, &m), Err(ReplicationError::NotPowerOfTwo { what: "replicas", value: 0 }));
        assert!(matches!(speedup(0.5, 1, 1 << 41, &m), Err(ReplicationError::TooManyProcessors { .. })));
        assert!(iteration_time(&Law::normal(-1.0, 0.5).unwrap(), 1, 2, &m).is_err());
        assert!(iteration_time(&Law::normal(1.0, 2.0).unwrap(), 1, 2, &m).is_err());
        assert!(matches!(
            speedup(0.5, 2, 512, &JrModel::DependentMeasuredBeta.planetlab_params()),
            Err(ReplicationError::BetaTableTooSmall { .. })
        ));
    }
}
