//! Job replication (JR) and load balancing on time-shared processors: the models of Dobber
//! (Dobber, *Robust Applications in Time-Shared Distributed Systems*, PhD thesis, 2006).
//!
//! A bulk-synchronous iterative program runs `P = 2^p` jobs per iteration on `P` shared,
//! fluctuating processors. With `R = 2^r`-JR every job is started `R` times on the `R`
//! processors of a computer group and the first copy to finish wins; each processor runs `R`
//! different jobs per iteration. The thesis models the expected iteration time through three
//! constants of the job-time distribution `X` (ch. 5):
//!
//! * α: `E max{V, V'} ≈ E V + α σ(V)` (Approx. 5.3.3) and `E min{V, V'} ≈ E V − α σ(V)` (5.3.6);
//! * β(i, j): the standard-deviation ratio of a maximum (i < j, Approx. 5.3.4) or a minimum
//!   (β(i, i), Def. 5.3.8);
//! * γ: `σ(sum of 2^r jobs on one processor) ≈ 2^{rγ} σ(X)` (Approx. 5.3.5).
//!
//! [`params`] holds the constants and the eight models of Tables 5.7/5.8, [`evaluator`] the one
//! generic recursion (every closed form is a special case of it), [`closed_forms`] the formulas
//! of §5.4 (with the thesis's typos corrected), [`optimum`] the optimal number of replicas and
//! the thresholds on the coefficient of variation `c_X = σ(X)/E(X)`, [`exact`] the exact model
//! (5.4) by Monte Carlo, [`estimation`] the first-level constants and the estimation of α, β, γ
//! from samples (§5.3.2), and [`fits`] the fitted lines of chapters 2, 4 and 6 (CCR, Table 4.3,
//! the statistic Y and its threshold Y*).
//!
//! Around the models sit the trace tools of chapters 2–4, 6 and 7: [`trace`] (CSV traces and a
//! synthetic generator), [`stats`] (the 17 statistics of Tables 3.1/3.2, ACF, Hurst),
//! [`predictors`] and [`des`] (ES, adaptive ES, AR, DES; RMSE (7.28), improvement (7.29)) and
//! [`simulate`] (trace-driven ELB, SLB, S*, DLB, D*, R-JR and the adaptive DLB/JR policy).
//!
//! # Example
//!
//! Model 1.1 with `c_X = 0.9` on `P = 16` processors: the best choice is `R = 8` replicas.
//!
//! ```
//! use loadbal::replication::{JrModel, optimum::optimal_r_discrete};
//!
//! let best = optimal_r_discrete(0.9, 4, &JrModel::M11.params()).unwrap();
//! assert_eq!(best.replicas, 8);
//! assert!((best.speedup - 5.6 / 4.3).abs() < 1e-12); // (5.35): (2 + 4c)/(16 + c(2 − 16 + 1))
//! ```

pub mod closed_forms;
pub mod des;
mod error;
pub mod estimation;
pub mod evaluator;
pub mod exact;
pub mod fits;
pub mod optimum;
pub mod params;
pub mod predictors;
pub mod simulate;
pub mod stats;
pub mod trace;

pub use error::ReplicationError;
pub use evaluator::{iteration_time, speedup, speedup_profile};
pub use params::{BetaMax, BetaMin, BetaTable, JrModel, JrParams};

/// Largest `p = log2 P` accepted by the models (2^40 processors is far beyond any grid).
pub const MAX_LOG2_PROCESSORS: u32 = 40;

/// Checks a coefficient of variation against the thesis's domain `0 ≤ c_X ≤ 1`.
pub(crate) fn check_cv(cv: f64) -> Result<f64, ReplicationError> {
    if cv.is_finite() && (0.0..=1.0).contains(&cv) { Ok(cv) } else { Err(ReplicationError::CvOutOfDomain { cv }) }
}

/// Checks `0 ≤ r ≤ p ≤ MAX_LOG2_PROCESSORS`.
pub(crate) fn check_rp(r: u32, p: u32) -> Result<(), ReplicationError> {
    if p > MAX_LOG2_PROCESSORS {
        return Err(ReplicationError::TooManyProcessors { p, max: MAX_LOG2_PROCESSORS });
    }
    if r > p {
        return Err(ReplicationError::ReplicasExceedProcessors { r, p });
    }
    Ok(())
}

/// Checks a mean and standard deviation of the job time: `E X > 0`, `0 ≤ σ ≤ E X`.
pub(crate) fn check_mean_sd(mean: f64, sd: f64) -> Result<(), ReplicationError> {
    if !(mean.is_finite() && mean > 0.0) {
        return Err(ReplicationError::InvalidParameter {
            name: "mean job time",
            value: mean,
            expected: "a finite positive number",
        });
    }
    if !(sd.is_finite() && sd >= 0.0) {
        return Err(ReplicationError::InvalidParameter {
            name: "job-time standard deviation",
            value: sd,
            expected: "a finite non-negative number",
        });
    }
    check_cv(sd / mean).map(|_| ())
}

/// `2^x` for an integer or real exponent.
pub(crate) fn pow2(x: f64) -> f64 {
    x.exp2()
}

/// `log2 n` when `n` is a power of two, else [`ReplicationError::NotPowerOfTwo`].
///
/// # Errors
/// [`ReplicationError::NotPowerOfTwo`] when `n` is zero or not a power of two.
///
/// # Examples
/// ```
/// assert_eq!(loadbal::replication::log2_exact(64).unwrap(), 6);
/// assert!(loadbal::replication::log2_exact(12).is_err());
/// ```
pub fn log2_exact(n: u64) -> Result<u32, ReplicationError> {
    if n.is_power_of_two() { Ok(n.trailing_zeros()) } else { Err(ReplicationError::NotPowerOfTwo { value: n }) }
}
