//! Adversarial but valid inputs for the scalar formulas and the probe/estimate functions of
//! `loadbal::dlt::unaware`: magnitudes from 1e-300 to 1e300, counts to `usize::MAX`. Each call
//! returns a finite value or a typed error, never infinity or NaN, in bounded time.

use loadbal::dlt::Chain;
use loadbal::dlt::CostScale;
use loadbal::dlt::unaware::*;
use proptest::prelude::*;

/// Positive values from 1e-300 to 1e300 (log-uniform), with the edges.
fn wide() -> impl Strategy<Value = f64> {
    prop_oneof![Just(f64::MIN_POSITIVE), Just(f64::MAX), (-300.0..300.0f64).prop_map(|e| 10f64.powf(e)), 0.01..100.0f64]
}

fn finite_or_typed(r: Result<f64, UnawareError>) -> Result<(), TestCaseError> {
    match r {
        Ok(v) => prop_assert!(v.is_finite(), "non-finite Ok({v})"),
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn scalar_formulas_are_finite_or_refused(w in wide(), z in wide(), t_cm in wide(), t_cp in wide(), load in wide(),
                                             eta in 1e-12..0.999f64, t in wide(), beta in wide(),
                                             k in prop_oneof![Just(usize::MAX), 0usize..1000]) {
        let scale = CostScale::new(t_cp, t_cm).unwrap();
        let probe = Probe { load, eta };
        finite_or_typed(scale.effective_speed(w, z))?;
        finite_or_typed(probe.cumulative_z(t, scale))?;
        finite_or_typed(Dispatch::load_to_finish_at(0.0, t, beta))?;
        finite_or_typed(Dispatch::phase_load(k, t))?;
        let triple = Chain::new(vec![w, beta, z], vec![z, beta]);
        finite_or_typed(triple.critical_l1(probe, scale))?;
        match Chain::new(vec![w, beta], vec![z]).ess_phase1(probe, t, scale) {
            Ok(e) => prop_assert!([e.alpha_root, e.alpha_j, e.theta, e.trigger, e.l1_prime, e.duration].iter().all(|x| x.is_finite()), "{e:?}"),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        match Chain::new(vec![w, beta, w], vec![z, z]).wcs2_phase1(probe, t, scale) {
            Ok(e) => prop_assert!([e.alpha_root, e.alpha_i, e.alpha_j, e.gamma, e.theta, e.trigger, e.duration].iter().all(|x| x.is_finite()), "{e:?}"),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn partitions_for_any_processor_count(load in wide(), eta in 0.001..0.4f64, extra in 0.0..0.5f64, n in prop_oneof![Just(usize::MAX), 2usize..1_000_000_000]) {
        let eps = (eta + extra).min(0.95 - eta);
        match (Probe { load, eta }).partition(eps.max(eta), n as u64) {
            Ok(p) => {
                prop_assert!(p.len() <= 66 && p.iter().all(|x| x.is_finite() && *x >= 0.0), "{p:?}");
                let sum: f64 = p.iter().sum();
                prop_assert!((sum - (1.0 - eta) * load).abs() <= 1e-12 * load, "sum {sum}");
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn linear_probes_over_wide_speeds(load in wide(), ws in prop::collection::vec(wide(), 1..12), zs in prop::collection::vec(wide(), 11),
                                      t_cm in wide(), t_cp in wide()) {
        let chain = Chain::new(ws.clone(), zs[..ws.len() - 1].to_vec());
        match chain.probe_times(Probe { load, eta: 0.5 }, CostScale::new(t_cp, t_cm).unwrap()) {
            Ok(p) => prop_assert!(p.tc.iter().chain(&p.tp).all(|x| x.is_finite()), "{p:?}"),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}
