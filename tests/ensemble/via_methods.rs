//! The per-algorithm questions of the tests, asked through the public [`Algorithm`] methods
//! (`step`, `variance_decrease`, `idle_claim`): one helper per former free function, so that
//! every test keeps its inputs and its comparison.

use loadbal::ensemble::{
    Algorithm, ArClaimConstants, ClaimKind, ClaimOptions, CountStep, EnsembleError, IdleClaim, RpDonorModel,
    StepOutcome, Trigger,
};
use loadbal::law::Law;

fn at(r: &[u64], idle: usize) -> Trigger {
    Trigger::new(r.to_vec(), idle)
}

/// A law with mean `mu` for the claims that read only the mean (MD, RP, NR): a bad mean is the
/// law's error, as the free functions' `mu_t` check gave an error.
fn mean_only(mu: f64) -> Result<Law, EnsembleError> {
    Ok(Law::deterministic(mu)?)
}

fn average() -> ClaimOptions {
    ClaimOptions { kind: ClaimKind::Average, ..ClaimOptions::default() }
}

fn group_trigger(r: &[u64], group: &[usize]) -> Trigger {
    at(r, group.first().copied().unwrap_or(0)).with_partners(group.to_vec())
}

pub fn md_step(r: &[u64], idle: usize) -> Result<StepOutcome, EnsembleError> {
    Algorithm::Md.step(&at(r, idle))
}

pub fn ar_step(r: &[u64], idle: usize) -> Result<StepOutcome, EnsembleError> {
    Algorithm::Ar.step(&at(r, idle))
}

pub fn rp_step(r: &[u64], idle: usize, donor: usize) -> Result<StepOutcome, EnsembleError> {
    Algorithm::Rp.step(&at(r, idle).with_partners(vec![donor]))
}

pub fn nr_step(r: &[u64], idle: usize, group: &[usize]) -> Result<StepOutcome, EnsembleError> {
    Algorithm::Nr.step(&at(r, idle).with_partners(group.to_vec()))
}

/// Prop. 1 for a donor of `r_donor` tasks among `p` processors: processor 1 holds them, the
/// others none, processor 0 is idle.
pub fn md_variance_decrease(mu: f64, r_donor: u64, p: u64) -> Result<f64, EnsembleError> {
    let mut r = vec![0; usize::try_from(p).expect("a count vector that fits in memory")];
    if let Some(donor) = r.get_mut(1) {
        *donor = r_donor;
    }
    Algorithm::Md.variance_decrease(mu, &at(&r, 0))
}

pub fn ar_variance_decrease(mu: f64, r: &[u64], idle: usize) -> Result<f64, EnsembleError> {
    Algorithm::Ar.variance_decrease(mu, &at(r, idle))
}

pub fn nr_variance_decrease(mu: f64, r: &[u64], idle: usize, group: &[usize]) -> Result<f64, EnsembleError> {
    Algorithm::Nr.variance_decrease(mu, &at(r, idle).with_partners(group.to_vec()))
}

pub fn md_max_idle_claim(mu: f64, r: &[u64], idle: usize) -> Result<IdleClaim, EnsembleError> {
    Algorithm::Md.idle_claim(&mean_only(mu)?, &at(r, idle), &ClaimOptions::default())
}

pub fn md_avg_idle_claim(mu: f64, r: &[u64], idle: usize) -> Result<IdleClaim, EnsembleError> {
    Algorithm::Md.idle_claim(&mean_only(mu)?, &at(r, idle), &average())
}

pub fn rp_max_idle_claim(mu: f64, r: &[u64], idle: usize, donor: usize) -> Result<IdleClaim, EnsembleError> {
    Algorithm::Rp.idle_claim(&mean_only(mu)?, &at(r, idle).with_partners(vec![donor]), &ClaimOptions::default())
}

pub fn rp_avg_idle_claim(mu: f64, r: &[u64], idle: usize, donor: usize) -> Result<IdleClaim, EnsembleError> {
    Algorithm::Rp.idle_claim(&mean_only(mu)?, &at(r, idle).with_partners(vec![donor]), &average())
}

pub fn nr_max_idle_claim(r: &[u64], group: &[usize]) -> Result<IdleClaim, EnsembleError> {
    Algorithm::Nr.idle_claim(&mean_only(1.0)?, &group_trigger(r, group), &ClaimOptions::default())
}

pub fn ar_range_claim(
    law: &Law,
    r: &[u64],
    idle: usize,
    constants: ArClaimConstants,
) -> Result<IdleClaim, EnsembleError> {
    Algorithm::Ar.idle_claim(law, &at(r, idle), &ClaimOptions { kind: ClaimKind::Max, ar: constants })
}

pub fn ar_avg_idle_claim(
    law: &Law,
    r: &[u64],
    idle: usize,
    constants: ArClaimConstants,
) -> Result<IdleClaim, EnsembleError> {
    Algorithm::Ar.idle_claim(law, &at(r, idle), &ClaimOptions { kind: ClaimKind::Average, ar: constants })
}

/// Prop. 5's threshold, [`ArClaimConstants::min_rp_for_range_decrease`].
pub fn ar_min_rp_for_range_decrease(law: &Law, constants: ArClaimConstants) -> Result<f64, EnsembleError> {
    constants.min_rp_for_range_decrease(law)
}

/// Prop. 6's threshold, [`ArClaimConstants::min_r_for_idle_decrease`].
pub fn ar_min_r_for_idle_decrease(law: &Law, constants: ArClaimConstants) -> Result<f64, EnsembleError> {
    constants.min_r_for_idle_decrease(law)
}

/// C_max for `p_max` processors, [`ArClaimConstants::for_max_processors`].
pub fn c_max(p_max: u64) -> Result<f64, EnsembleError> {
    Ok(ArClaimConstants::for_max_processors(p_max)?.c_max)
}

/// Prop. 7 (corrected) over the donor, [`RpDonorModel::expected_variance_decrease`].
pub fn rp_expected_variance_decrease(
    mu: f64,
    r: &[u64],
    idle: usize,
    model: RpDonorModel,
) -> Result<f64, EnsembleError> {
    model.expected_variance_decrease(mu, &at(r, idle))
}

/// (11) between two count vectors, [`CountStep::variance_decrease`].
pub fn step_variance_decrease(mu: f64, step: CountStep) -> Result<f64, EnsembleError> {
    step.variance_decrease(mu)
}

/// AR and NR pool counts whose sum passes `u64::MAX`: their steps and idle-time claims give a
/// typed error naming the sum, not the overflow panic of `Σ R_i` they were; MD moves one
/// processor's count and still answers.
#[test]
fn pooled_counts_past_u64_max_are_refused() {
    let r = [u64::MAX, u64::MAX, 0];
    for (alg, trigger) in [(Algorithm::Ar, at(&r, 2)), (Algorithm::Nr, group_trigger(&r, &[2, 0, 1]))] {
        for e in [
            alg.step(&trigger).unwrap_err(),
            alg.variance_decrease(1.0, &trigger).unwrap_err(),
            alg.variance_decrease_bound(1.0, &trigger).unwrap_err(),
            alg.idle_claim(&Law::exponential(1.0).unwrap(), &trigger, &ClaimOptions::default()).unwrap_err(),
            alg.idle_claim(&Law::exponential(1.0).unwrap(), &trigger, &average()).unwrap_err(),
        ] {
            assert!(
                matches!(e, EnsembleError::InvalidParameter { what: "sum of the pooled counts", .. }),
                "{alg:?}: {e:?}"
            );
            // the sum 2 (2^64 − 1), as f64
            assert!(e.to_string().contains(&(2.0 * u64::MAX as f64).to_string()), "{e}");
        }
    }
    // Just at the limit AR still answers: N = u64::MAX over 3 processors, 2^64/3 rounded down each.
    let s = Algorithm::Ar.step(&at(&[u64::MAX - 1, 1, 0], 2)).unwrap();
    assert_eq!(s.counts, vec![u64::MAX / 3; 3]);
    let s = Algorithm::Md.step(&at(&r, 2)).unwrap();
    assert_eq!(s.counts, vec![u64::MAX / 2 + 1, u64::MAX, u64::MAX / 2]);
}

/// A mean whose square overflows the variance decrease is an error naming the mean, not
/// `Ok(+∞)`: at [0, 3, 5, 2, 7] the decrease is proportional to μ², so μ = 1e150 gives 1e300
/// times the μ = 1 value and μ = 1e308 passes f64::MAX.
#[test]
fn variance_decreases_past_f64_max_are_errors() {
    let trigger = at(&[0, 3, 5, 2, 7], 0);
    let unit = Algorithm::Md.variance_decrease(1.0, &trigger).unwrap();
    assert!(unit > 0.0);
    assert!((Algorithm::Md.variance_decrease(1e150, &trigger).unwrap() / (unit * 1e300) - 1.0).abs() < 1e-14);
    for alg in [Algorithm::Md, Algorithm::Ar] {
        for r in [alg.variance_decrease(1e308, &trigger), alg.variance_decrease_bound(1e308, &trigger)] {
            let e = r.unwrap_err();
            assert!(
                matches!(e, EnsembleError::InvalidParameter { what: "mean", value, .. } if value == 1e308),
                "{e:?}"
            );
        }
    }
    let rp = RpDonorModel::UniformOthers.expected_variance_decrease(1e308, &trigger).unwrap_err();
    assert!(matches!(rp, EnsembleError::InvalidParameter { what: "mean", .. }), "{rp:?}");
}
