//! No input panics: every queueing function returns a value or a typed error for any numbers,
//! including NaN, infinities, zero and negative rates; every value it returns is finite and
//! consistent with Little's law.

use loadbal::queueing::{
    JacksonNetwork, RegionNetwork, ServiceMoments, Station, StationMetrics, VacationRule, erlang_c,
};
use nalgebra::DMatrix;
use proptest::prelude::*;

fn any_rate() -> impl Strategy<Value = f64> {
    prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(-1.0), Just(0.0), Just(1e-300), -10.0f64..10.0, 0.0f64..1e6,]
}

fn sane(m: &StationMetrics) -> bool {
    [m.wq, m.lq, m.w, m.l, m.p_wait, m.p_block, m.rho].iter().all(|x| x.is_finite() && *x >= 0.0)
        && m.satisfies_little(1e-9)
        && m.rho < 1.0 + 1e-12
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn stations_never_panic(l in any_rate(), mu in any_rate(), c in 0u64..40, k in 0u64..60, s2 in any_rate()) {
        for m in [Station::mm1(l, mu).map(|s| s.metrics()), Station::mmc(l, mu, c).map(|s| s.metrics()), Station::mm1k(l, mu, k).map(|s| s.metrics()), Station::mmck(l, mu, c, k).map(|s| s.metrics()), Station::md1(l, mu).map(|s| s.metrics())].into_iter().flatten() {
            prop_assert!(sane(&m), "{m:?}");
        }
        let s = ServiceMoments { mean: mu, second_moment: s2 };
        for m in [Station::mg1(l, &s).map(|s| s.metrics()), Station::mg1_vacation(l, &s, &s).map(|s| s.metrics())].into_iter().flatten() {
            prop_assert!(sane(&m), "{m:?}");
        }
        if let Ok(p) = erlang_c(l, c) {
            prop_assert!((0.0..=1.0).contains(&p));
        }
    }

    #[test]
    fn region_functions_never_panic(l in any_rate(), l1 in any_rate(), mc in any_rate(), mm in any_rate(), e in any_rate()) {
        // Capacities E^c = mc and E^max = mm (times per unit load), mean size e.
        let Ok(net) = RegionNetwork::from_table(e, &[mc, mc], &[], &[mm, mm]) else {
            let valid = [mc, mm, e].iter().all(|x| x.is_finite() && *x > 0.0);
            prop_assert!(!valid, "refused a valid table {mc} {mm} {e}");
            return Ok(());
        };
        for rule in [VacationRule::OwnMax, VacationRule::MinOverOthers] {
            for q in [net.queue_bounds(&[l, l1], rule), net.waiting_time_bounds(&[l, l1], rule), net.queue_count_bounds(&[l, l1], rule)].into_iter().flatten() {
                prop_assert!(q.iter().all(|q| q.is_finite() && *q >= 0.0), "{q:?}");
            }
        }
        // Defined exactly for finite arrival rates λ ≥ 0 when μ^max ≥ μ^c, i.e. E^max ≤ E^c.
        let (mu_c, mu_max) = (net.mu_c()[0], net.mu_max()[0]);
        let valid = [l, l1].iter().all(|x| x.is_finite() && *x >= 0.0) && mu_c.is_finite() && mu_c > 0.0 && mu_max.is_finite() && mu_max >= mu_c;
        prop_assert_eq!(net.classify(&[l, l1]).is_ok(), valid);
        if let Ok(v) = net.borrowing([l, l1]) {
            prop_assert!(v.mu_bar0.is_finite() && (0.0..=1.0).contains(&v.idle_ratio));
        }
    }

    #[test]
    fn jackson_never_panics(g in any_rate(), mu in any_rate(), p in any_rate(), q in any_rate()) {
        let routing = DMatrix::from_row_slice(2, 2, &[0.0, p, q, 0.0]);
        if let Ok(net) = JacksonNetwork::new(vec![g, 0.0], vec![mu, mu], vec![1, 2], routing) {
            if let Ok(sol) = net.solve() {
                prop_assert!(sol.total_in_system.is_finite() && sol.total_in_system >= 0.0);
                prop_assert!(sol.nodes.iter().all(|n| n.rho < 1.0));
            }
        }
    }
}

/// Service moments whose second moment (1 + scv)·mean² overflows f64 are refused naming the
/// mean and the largest accepted, where `from_scv` returned moments with E[S²] = ∞. At the
/// limit side, mean 1e154 with scv 1 has E[S²] = 2e308 > f64::MAX; 1e153 has 2e306.
#[test]
fn service_moments_whose_second_moment_overflows_are_refused() {
    let e = ServiceMoments::from_scv(1e154, 1.0).unwrap_err();
    match &e {
        loadbal::queueing::QueueingError::TooLarge { name: "mean service time", value, limit } => {
            assert_eq!(*value, 1e154);
            assert!((limit / (f64::MAX / 2.0).sqrt() - 1.0).abs() < 1e-15);
        }
        other => panic!("{other:?}"),
    }
    assert!(e.to_string().contains("mean service time = 1e154"), "{e}");
    assert!(ServiceMoments::from_scv(f64::MAX, 0.0).is_err());
    let s = ServiceMoments::from_scv(1e153, 1.0).unwrap();
    assert_eq!((s.mean, s.second_moment), (1e153, 2.0 * 1e153 * 1e153));
}
