//! The theory of Ahn et al. along one balancing history (Figure 5, Table 1): the expected algebraic
//! variance after each recorded step, from a starting value minus each step's decrease (11).

use super::decrease::step_variance_decrease;
use super::error::{EnsembleError, check_time};
use super::sim::StepRecord;

/// Expected algebraic variance after each step of a history, as the paper computes its Table 1
/// theoretical row (§5.3): start from `start` (e.g. the §5.2 value p/(p−1)·Rσ_T²) and subtract
/// every step's exact expected decrease (11) given the counts before and after it. For MD and RP
/// this is Prop. 1's R_k(R_k−1)/(2(p−1)) μ_T² of the actual donor; for AR and NR the
/// ((k−1)/(p−1))(Ṽ(R̂) − Ṽ(R̂')) μ_T² of Props 4 and 10.
///
/// # Formula
/// ```text
/// E_0 = start,  E_j = E_{j−1} − (V(R̂_j) − V(R̂'_j)) μ_T²
/// ```
///
/// # Errors
/// [`EnsembleError::InvalidTime`] for a bad start or μ_T, errors of
/// [`CountStep::variance_decrease`](super::CountStep::variance_decrease) for an inconsistent record.
///
/// # Accuracy
/// Each decrease is exact to 4u ([`CountStep::variance_decrease`](super::CountStep::variance_decrease)); the running difference adds one
/// rounding per step: absolute error at most (j + 4j)·u·start after j steps (u = 2⁻⁵³), e.g.
/// 1e-12 relative to the start after 2,000 steps.
///
/// # Examples
/// ```
/// use loadbal::ensemble::{variance_along_history, StepRecord};
/// // one MD step on p = 5: decrease 5.25 μ_T²
/// let step = StepRecord {
///     time: 0.0,
///     idle: 0,
///     counts_before: vec![0, 3, 5, 2, 7],
///     counts_after: vec![3, 3, 5, 2, 4],
///     running: vec![false, true, true, true, true],
///     remaining_before: vec![],
///     remaining_after: vec![],
/// };
/// let v = variance_along_history(1.0, 10.0, &[step]).unwrap();
/// assert!((v[0] - 4.75).abs() < 1e-12);
/// ```
pub fn variance_along_history(mu_t: f64, start: f64, history: &[StepRecord]) -> Result<Vec<f64>, EnsembleError> {
    check_time("start variance", start)?;
    check_time("mu_t", mu_t)?;
    let mut v = start;
    history
        .iter()
        .map(|s| {
            v -= step_variance_decrease(mu_t, &s.counts_before, &s.counts_after, &s.running)?;
            Ok(v)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ensemble::{Algorithm, SimConfig, simulate};
    use crate::law::Law;
    use rand::SeedableRng;

    #[test]
    fn decreasing_along_a_simulated_history() {
        let g = Law::gamma_mean_sd(488.1, 116.6).unwrap();
        for alg in [Algorithm::Md, Algorithm::Ar, Algorithm::Rp, Algorithm::Nr] {
            let mut cfg = SimConfig::new(1000, 25, alg);
            cfg.record_trajectory = true;
            let run = simulate(&g, &cfg, &mut rand_chacha::ChaCha8Rng::seed_from_u64(2)).unwrap();
            let v = variance_along_history(488.1, 566_481.67, &run.trajectory).unwrap();
            assert_eq!(v.len(), run.trajectory.len());
            // every step lowers the expected variance (Props 1, 4, 7, 10)
            assert!(v.windows(2).all(|w| w[1] < w[0]), "{alg:?}: {v:?}");
        }
        assert!(variance_along_history(1.0, f64::NAN, &[]).is_err());
    }
}
