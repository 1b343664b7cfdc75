//! The generic JR evaluator: one recursion that every closed form of Dobber, §5.4 specialises.

use super::{JrParams, ReplicationError, check_cv, check_mean_sd, check_rp, pow2};

/// Expected iteration time `R_it(t, 2^r, 2^p)` of `2^r`-JR on `2^p` processors under the
/// approximations of Dobber, §5.3 (Approx. 5.3.3–5.3.7, Def. 5.3.8), for job times with mean
/// `mean = E(X)` and standard deviation `sd = σ(X)`.
///
/// Applies the tree (5.6) level by level to the pair (mean, sd): `r` minimum levels, the sum of
/// the `2^r` job-type times on one processor, then `p − r` maximum levels.
///
/// # Formula
/// ```text
/// (E, S) := (E X, σ X)
/// for i = 1..r:      E := E − α S;  S := β(i, i) S          (min of two copies, (5.8), (5.17))
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
/// for `E X ≤ 0` or a NaN; [`ReplicationError::ReplicasExceedProcessors`] for `r > p`; the β
/// errors of [`JrParams::beta_min_at`] and [`JrParams::beta_max_at`].
///
/// # Examples
/// Model 1.1 with `E X = 100`, `σ = 80` on 4 processors ((5.23)–(5.25)): 180, 160, 160.
/// ```
/// use loadbal::replication::{iteration_time, JrModel};
/// let m = JrModel::M11.params();
/// assert_eq!(iteration_time(100.0, 80.0, 0, 2, &m).unwrap(), 180.0);
/// assert_eq!(iteration_time(100.0, 80.0, 1, 2, &m).unwrap(), 160.0);
/// assert_eq!(iteration_time(100.0, 80.0, 2, 2, &m).unwrap(), 160.0);
/// ```
pub fn iteration_time(mean: f64, sd: f64, r: u32, p: u32, params: &JrParams) -> Result<f64, ReplicationError> {
    check_mean_sd(mean, sd)?;
    check_rp(r, p)?;
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

/// Speedup of `2^r`-JR over ELB on `2^p` processors (Dobber, §5.4):
/// `R_it(t, 1, 2^p) / R_it(t, 2^r, 2^p)`, a function of `c_X` alone.
///
/// # Formula
/// ```text
/// Speedup R(t, 2^r, 2^p) = R_it(1, c_X, r = 0, p) / R_it(1, c_X, r, p)
/// ```
/// with [`iteration_time`] at `E X = 1`, `σ = c_X`.
///
/// # Errors
/// As [`iteration_time`]; [`ReplicationError::DegenerateIterationTime`] when the replicated
/// iteration time is exactly zero.
///
/// # Examples
/// Model 1.2 worked example of §5.4.2 (α = 0.60, β₁ = 1.01, β₂ = 0.50, c_X = 0.70, P = 2^10,
/// R = 4): the thesis prints 1.09.
/// ```
/// use loadbal::replication::{speedup, JrParams};
/// let m = JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap();
/// let s = speedup(0.7, 2, 10, &m).unwrap();
/// assert!((s - 1.0875300884).abs() < 1e-9);
/// ```
pub fn speedup(cv: f64, r: u32, p: u32, params: &JrParams) -> Result<f64, ReplicationError> {
    check_cv(cv)?;
    let elb = iteration_time(1.0, cv, 0, p, params)?;
    let jr = iteration_time(1.0, cv, r, p, params)?;
    if jr == 0.0 {
        return Err(ReplicationError::DegenerateIterationTime { r, p });
    }
    Ok(elb / jr)
}

/// Speedups for `r = 0, 1, ..., p` (index `r`), as plotted in Figs. 5.5–5.17 of Dobber.
///
/// # Formula
/// ```text
/// [Speedup R(t, 2^0, 2^p), ..., Speedup R(t, 2^p, 2^p)]
/// ```
///
/// # Errors
/// As [`speedup`].
///
/// # Examples
/// Model 1.1, `c_X = 1`, `P = 16`: 1, 1.2, 1.5, 2, 3 (the speedup grows with R, Fig. 5.5).
/// ```
/// use loadbal::replication::{speedup_profile, JrModel};
/// let s = speedup_profile(1.0, 4, &JrModel::M11.params()).unwrap();
/// assert_eq!(s, vec![1.0, 1.2, 1.5, 2.0, 3.0]);
/// ```
pub fn speedup_profile(cv: f64, p: u32, params: &JrParams) -> Result<Vec<f64>, ReplicationError> {
    (0..=p).map(|r| speedup(cv, r, p, params)).collect()
}

/// [`speedup`] (Dobber, §5.4) with the replica and processor counts themselves, `R` and `P`
/// (powers of two).
///
/// # Formula
/// ```text
/// Speedup R(t, R, P) = speedup(c_X, log2 R, log2 P)
/// ```
///
/// # Errors
/// [`ReplicationError::NotPowerOfTwo`] when `R` or `P` is not a power of two; as [`speedup`].
///
/// # Examples
/// ```
/// use loadbal::replication::{evaluator::speedup_for_counts, JrModel};
/// let m = JrModel::M11.params();
/// assert!((speedup_for_counts(0.8, 4, 4, &m).unwrap() - 1.125).abs() < 1e-12);
/// assert!(speedup_for_counts(0.8, 4, 12, &m).is_err());
/// ```
pub fn speedup_for_counts(cv: f64, replicas: u64, processors: u64, params: &JrParams) -> Result<f64, ReplicationError> {
    let p = super::log2_exact(processors)?;
    let r = super::log2_exact(replicas)?;
    speedup(cv, r, p, params)
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
        // Self-derived model curves (reference G11), c = 0.8 for 1.x and 0.57 for 2.x, p = 4.
        let cases: [(JrModel, f64, [f64; 5]); 8] = [
            (JrModel::M11, 0.8, [1.0, 1.083333, 1.083333, 0.928571, 0.65]),
            (JrModel::M12, 0.8, [1.0, 0.8381, 0.8205, 1.3126, -1.1678]),
            (JrModel::M13a, 0.8, [1.0, 0.9454, 0.9043, 1.1545, -1.7211]),
            (JrModel::M13b, 0.8, [1.0, 1.0361, 0.9889, 1.0354, -6.1895]),
            (JrModel::M21, 0.57, [1.0, 0.9819, 0.7845, 0.5093, 0.2872]),
            (JrModel::M22, 0.57, [1.0, 0.8126, 0.6859, 0.6226, 0.6670]),
            (JrModel::M23a, 0.57, [1.0, 0.8950, 0.7342, 0.6082, 0.6218]),
            (JrModel::M23b, 0.57, [1.0, 0.9617, 0.7756, 0.5838, 0.5270]),
        ];
        for (model, c, want) in cases {
            let got = speedup_profile(c, 4, &model.params()).unwrap();
            for (g, w) in got.iter().zip(want) {
                close(*g, w, 1e-4);
            }
        }
    }

    #[test]
    fn bad_input() {
        let m = JrModel::M11.params();
        assert_eq!(speedup(1.2, 1, 2, &m), Err(ReplicationError::CvOutOfDomain { cv: 1.2 }));
        assert!(matches!(speedup(f64::NAN, 1, 2, &m), Err(ReplicationError::CvOutOfDomain { .. })));
        assert_eq!(speedup(0.5, 3, 2, &m), Err(ReplicationError::ReplicasExceedProcessors { r: 3, p: 2 }));
        assert!(iteration_time(-1.0, 0.5, 0, 1, &m).is_err());
        assert!(iteration_time(1.0, 2.0, 0, 1, &m).is_err());
        assert!(matches!(speedup(0.5, 1, 9, &JrModel::M13b.params()), Err(ReplicationError::BetaTableTooSmall { .. })));
    }
}
