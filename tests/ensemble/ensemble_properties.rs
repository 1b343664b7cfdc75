//! No input panics: every public function of `loadbal::ensemble` returns a value or a typed error
//! for arbitrary (including NaN, negative, empty and inconsistent) input.

use crate::via_methods::{
    ar_avg_idle_claim, ar_min_r_for_idle_decrease, ar_range_claim, ar_step, ar_variance_decrease, md_avg_idle_claim,
    md_max_idle_claim, md_step, md_variance_decrease, nr_max_idle_claim, nr_step, nr_variance_decrease,
    rp_avg_idle_claim, rp_expected_variance_decrease, rp_max_idle_claim, rp_step, step_variance_decrease,
};
use loadbal::ensemble::{
    Algorithm, ArClaimConstants, CountStep, ExtremesMethod, RpDonorModel, StaticOptions, Torus, Trigger,
    VarianceConvention, adjusted_counts, expected_algebraic_variance, imbalance_metrics, residual_task_moments,
    static_prediction, static_variance,
};
use loadbal::law::Law;
use proptest::prelude::*;

fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(-1.0), Just(0.0), -1e6f64..1e6]
}

/// A result that is `Ok` must not hide a NaN (errors are fine: they are typed).
fn no_nan<T: std::fmt::Debug, E>(r: &Result<T, E>) -> Result<(), TestCaseError> {
    if let Ok(v) = r {
        let shown = format!("{v:?}");
        prop_assert!(!shown.contains("NaN"), "silent NaN: {}", shown);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn float_inputs_never_panic(x in prop::collection::vec(any_f64(), 0..6), a in any_f64(), b in any_f64(), n in 0u64..50) {
        // A law the constructor refuses (NaN, negative sd) never reaches the formulas.
        let law_ab = Law::normal(a, b).ok();
        no_nan(&imbalance_metrics(&x))?;
        if let Some(law) = &law_ab {
            no_nan(&expected_algebraic_variance(law, &x, n as usize))?;
        }
        if let Some(law) = &law_ab {
            no_nan(&residual_task_moments(law))?;
        }
        if let Some(law) = &law_ab {
            no_nan(&static_variance(law, n, n / 3, VarianceConvention::WithRunningTaskCorrection))?;
        }
        if let Some(law) = &law_ab {
            no_nan(&static_variance(law, n, n / 3, VarianceConvention::Exact))?;
        }
        if let Some(law) = &law_ab {
            no_nan(&static_prediction(law, n, n / 3, StaticOptions { method: ExtremesMethod::ChenTyler, convention: VarianceConvention::Exact }))?;
        }
        if let Some(law) = &law_ab {
            no_nan(&static_prediction(law, n, n / 3, StaticOptions::default()))?;
        }
        if let Some(law) = &law_ab {
            no_nan(&ar_min_r_for_idle_decrease(law, ArClaimConstants { eps: a, c_max: b, g: a }))?;
        }
        no_nan(&md_variance_decrease(a, n, n % 4))?;
    }

    #[test]
    fn count_inputs_never_panic(r in prop::collection::vec(0u64..20, 0..8), s in prop::collection::vec(any::<bool>(), 0..8), idle in 0usize..10, donor in 0usize..10, g in prop::collection::vec(0usize..10, 0..6), mu in any_f64()) {
        let law_mu = Law::normal(mu, mu).ok();
        no_nan(&adjusted_counts(&r, &s))?;
        no_nan(&md_step(&r, idle))?;
        no_nan(&ar_step(&r, idle))?;
        no_nan(&rp_step(&r, idle, donor))?;
        no_nan(&nr_step(&r, idle, &g))?;
        no_nan(&ar_variance_decrease(mu, &r, idle))?;
        no_nan(&nr_variance_decrease(mu, &r, idle, &g))?;
        no_nan(&step_variance_decrease(mu, CountStep::new(r.to_vec(), r.to_vec(), s.to_vec())))?;
        for alg in [Algorithm::Static, Algorithm::Md, Algorithm::Ar, Algorithm::Rp, Algorithm::Nr] {
            no_nan(&alg.variance_decrease_bound(mu, &Trigger::new(r.clone(), idle).with_partners(g.clone())))?;
            no_nan(&alg.variance_decrease_bound(mu, &Trigger::new(r.clone(), idle)))?;
        }
        for m in [RpDonorModel::UncorrectedClosedForm, RpDonorModel::UniformOthers, RpDonorModel::UniformAvailable] {
            no_nan(&rp_expected_variance_decrease(mu, &r, idle, m))?;
        }
        no_nan(&md_max_idle_claim(mu, &r, idle))?;
        no_nan(&md_avg_idle_claim(mu, &r, idle))?;
        no_nan(&rp_max_idle_claim(mu, &r, idle, donor))?;
        no_nan(&rp_avg_idle_claim(mu, &r, idle, donor))?;
        no_nan(&nr_max_idle_claim(&r, &g))?;
        if let Some(law) = &law_mu {
            no_nan(&ar_range_claim(law, &r, idle, ArClaimConstants { eps: 0.04, c_max: 4.4, ..ArClaimConstants::default() }))?;
        }
        if let Some(law) = &law_mu {
            no_nan(&ar_avg_idle_claim(law, &r, idle, ArClaimConstants { eps: 0.04, c_max: 4.4, g: 1.0 }))?;
        }
        if let Ok(t) = Torus::new(idle % 4, donor % 4) {
            prop_assert!(t.group(idle % t.len()).unwrap().iter().all(|&v| v < t.len()));
        }
    }
}

/// A processor index outside the torus has no NR group: `None`, not the out-of-range "members"
/// (`[99, 97, 101, 98]` on a 2 × 2 torus) or the overflow panic (at `usize::MAX`) it gave. Inside,
/// the group of a 3 × 4 torus's corner is itself and its four wrap-around neighbours.
#[test]
fn groups_of_processors_outside_the_torus_are_none() {
    let t = Torus::new(3, 4).unwrap();
    for i in [12, 99, usize::MAX] {
        assert_eq!(t.group(i), None, "i = {i}");
    }
    // Corner 0 at (0, 0): up (2, 0) = 8, down (1, 0) = 4, left (0, 3) = 3, right (0, 1) = 1.
    assert_eq!(t.group(0), Some(vec![0, 8, 4, 3, 1]));
}

/// Times near f64::MAX: the metrics are the small times' metrics scaled by 2^1020 (bit for bit:
/// the sums run on times scaled by a power of two), where the sum overflowed to an average of
/// +∞ and a percentage idle of NaN before.
#[test]
fn metrics_of_times_near_f64_max_are_scaled_not_overflowed() {
    let k = 2f64.powi(1020);
    let small = [1.0, 2.0, 3.0, 4.0];
    let big: Vec<f64> = small.iter().map(|x| x * k).collect();
    let (m, b) = (imbalance_metrics(&small).unwrap(), imbalance_metrics(&big).unwrap());
    assert_eq!((b.avg, b.max, b.min, b.max_idle, b.avg_idle), (2.5 * k, 4.0 * k, k, 3.0 * k, 1.5 * k));
    assert_eq!((b.rav, b.pct_idle), (m.rav * k, m.pct_idle));
    assert_eq!(b.pct_idle, 60.0);
    // The widest spread, 0 and f64::MAX: mean MAX/2, RAV MAX/√2, 100 % idle.
    let w = imbalance_metrics(&[0.0, f64::MAX]).unwrap();
    assert_eq!((w.avg, w.max_idle, w.pct_idle), (f64::MAX / 2.0, f64::MAX, 100.0));
    assert!((w.rav / (f64::MAX / 2f64.sqrt()) - 1.0).abs() < 1e-15, "{}", w.rav);
}

/// Variances past f64::MAX are errors naming what overflowed, not `Ok(+∞)`: the residual task
/// time of a law with σ = 1e308, and the algebraic variance of counts near 1e308.
#[test]
fn count_variances_past_f64_max_are_errors() {
    let wide = Law::normal(1.0, 1e308).unwrap();
    let e = residual_task_moments(&wide).unwrap_err();
    assert!(
        matches!(e, loadbal::ensemble::EnsembleError::InvalidParameter { what: "task-time sd", value, .. } if value == 1e308),
        "{e:?}"
    );
    let exp = Law::exponential(1.0).unwrap();
    assert!(expected_algebraic_variance(&exp, &[1e308, 1.0], 1).is_err());
    // Inside the range: σ²/3 + μ²/12 for Exp(1) = 1/3 + 1/12 = 5/12.
    assert!((residual_task_moments(&exp).unwrap().variance - 5.0 / 12.0).abs() < 1e-15);
}

/// A torus whose size is not p is refused whichever algorithm runs: only NR uses it, and the
/// other algorithms used to ignore a 2 × 2 torus given with p = 6 without a word.
#[test]
fn a_torus_of_another_size_is_refused_for_every_algorithm() {
    use loadbal::ensemble::{EnsembleError, SimConfig, simulate};
    let exp = rand_distr::Exp::new(1.0).unwrap();
    for alg in [Algorithm::Static, Algorithm::Md, Algorithm::Ar, Algorithm::Rp, Algorithm::Nr] {
        let mut cfg = SimConfig::new(60, 6, alg);
        cfg.torus = Some(Torus::new(2, 2).unwrap());
        let mut rng = loadbal::montecarlo::stream(1, 1);
        let e = simulate(&exp, &cfg, &mut rng).unwrap_err();
        assert!(matches!(e, EnsembleError::LengthMismatch { what: "torus", got: 4, expected: 6 }), "{alg:?}: {e:?}");
        // the torus of the right size runs
        cfg.torus = Some(Torus::new(2, 3).unwrap());
        assert!(simulate(&exp, &cfg, &mut rng).is_ok(), "{alg:?}");
    }
}
