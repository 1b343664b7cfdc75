//! Probing estimators and phase-size rules (Jia, eqs. (2.1)–(2.4), 3.1–3.8, partition Π).

use loadbal::dlt::Chain;
use loadbal::dlt::unaware::*;
use loadbal::dlt::{CostScale, Worker};
use loadbal_papers::fixtures::jia;

/// T_cp = 2, T_cm = 1, as in all of Jia's examples.
fn scale() -> CostScale {
    CostScale::new(2.0, 1.0).expect("T_cp = 2, T_cm = 1 is a valid scale")
}
use proptest::prelude::*;

/// Reference G1: the probe on the reconstructed Fig. 3.8 tree regenerates Table 3.1, except
/// T^p_16 (5.3 with w_16 = 2; the table prints 4.3).
#[test]
fn g1_tree_probe_regenerates_table_3_1() {
    let ex = jia::fig_3_8();
    let p = ex.probe(Probe { load: 80.0, eta: 0.05 }, CostScale::new(2.0, 1.0).unwrap()).unwrap();
    assert_eq!(p.pl, 1.0);
    for (i, tcs, tcf, tp, _, _) in jia::TABLE_3_1 {
        assert!((p.tcs[i] - tcs).abs() < 1e-9, "T^cs of P_{i}");
        assert!((p.tcf[i] - tcf).abs() < 1e-9, "T^cf of P_{i}");
        let expect = if i == 16 { 5.3 } else { tp };
        assert!((p.tp[i] - expect).abs() < 1e-9, "T^p of P_{i}: {}", p.tp[i]);
    }
}

/// Reference G2: (3.1)/(3.2) on the table's times give the table's z and w (w_16 = 1.5).
#[test]
fn g2_tree_estimators() {
    for (i, tcs, tcf, tp, w, z) in jia::TABLE_3_1 {
        // n = 4 root children, η·L = 4: PL = 1.
        let Worker { z: ze, w: we } = ProbeReport { tcs, tcf, tp }.estimate(1.0, scale()).unwrap();
        assert!((ze - z).abs() < 1e-9, "z_{i}");
        let expect = if i == 16 { 1.5 } else { w };
        assert!((we - expect).abs() < 1e-9, "w_{i}");
    }
    let bad = ProbeReport { tcs: 1.0, tcf: 0.5, tp: 3.0 };
    assert!(matches!(bad.estimate(1.0, scale()), Err(UnawareError::InconsistentProbe { .. })));
    let ok = ProbeReport { tcs: 0.0, tcf: 0.5, tp: 3.0 };
    assert!(matches!(ok.estimate(0.0, scale()), Err(UnawareError::InvalidParameter { name: "pl", .. })));
    // A zero T_cp is refused when the scale is built.
    assert!(CostScale::new(0.0, 1.0).is_err());
    // The reports of a forward run give back the tree's own z and w.
    let ex = jia::fig_3_8();
    let p = ex.probe(Probe { load: 80.0, eta: 0.05 }, scale()).unwrap();
    for v in 1..ex.id_len() {
        let e = p.report(v).unwrap().estimate(p.pl, scale()).unwrap();
        assert!((e.w - ex.w(v).unwrap()).abs() < 1e-12 * ex.w(v).unwrap() && (e.z - ex.z_up(v)).abs() < 1e-12, "P_{v}");
    }
    assert_eq!(p.report(ex.id_len()), None);
}

/// Reference G3: effective speeds and the Phase_1 length.
#[test]
fn g3_effective_speeds() {
    let ex = jia::fig_3_8();
    let beta = |i: usize| scale().effective_speed(ex.w(i).unwrap(), ex.path_z(i)).unwrap();
    for (i, b) in [(6, 2.5), (3, 2.4), (5, 5.0), (12, 7.8), (10, 9.4), (14, 16.6), (19, 23.8)] {
        assert!((beta(i) - b).abs() < 1e-9, "beta_{i}");
    }
    assert!((4.0 * beta(6) + 3.0 - 13.0).abs() < 1e-12);
    for (t, tf, b, x) in [(3.8, 13.0, 2.4, 3.833333), (5.988734, 13.0, 5.0, 1.402253), (9.0, 13.0, 7.8, 0.512821)] {
        assert!((Dispatch::load_to_finish_at(t, tf, b).unwrap() - x).abs() < 1e-6);
    }
    assert!(Dispatch::load_to_finish_at(14.0, 13.0, 2.0).is_err());
    assert_eq!(Dispatch::phase_load(17, 4.0).unwrap(), 68.0);
}

/// Reference G17 and the thesis's m per n.
#[test]
fn partition_pi_values() {
    let p = Probe { load: 100.0, eta: 0.03 }.partition(0.07, 5).unwrap();
    let expect = [7.0, 14.516129, 26.129032, 49.354839];
    for (a, b) in p.iter().zip(expect) {
        assert!((a - b).abs() < 1e-6);
    }
    for (n, m) in [(5, 4), (8, 4), (13, 5), (15, 5), (20, 6)] {
        assert_eq!(Probe { load: 100.0, eta: 0.03 }.partition(0.07, n).unwrap().len(), m);
    }
    assert!(Probe { load: 100.0, eta: 0.07 }.partition(0.03, 5).is_err());
    assert!(Probe { load: 100.0, eta: 0.0 }.partition(0.03, 5).is_err());
    assert!(Probe { load: 100.0, eta: 0.5 }.partition(0.6, 5).is_err());
    assert!(Probe { load: 100.0, eta: 0.03 }.partition(0.07, 1).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Probing then estimating a chain returns its parameters; Π conserves the load.
    #[test]
    fn chain_probe_round_trip(zw in prop::collection::vec((0.0f64..2.0, 0.1f64..10.0), 1..20), eta in 0.001f64..0.1, k in 0.5f64..9.0) {
        let z: Vec<f64> = zw.iter().map(|p| p.0).collect();
        let mut w = vec![k];
        w.extend(zw.iter().map(|p| p.1));
        let chain = Chain::new(w.clone(), z.clone());
        let probe = Probe { load: 100.0, eta };
        let eta_l = probe.size().unwrap();
        let p = chain.probe_times(probe, scale()).unwrap();
        let est = p.estimate(probe, k, scale()).unwrap();
        for (a, b) in est.z.iter().zip(&z) { prop_assert!((a - b).abs() < 1e-9 * (1.0 + b)); }
        for (a, b) in est.w.iter().zip(&w) { prop_assert!((a - b).abs() < 1e-9 * (1.0 + b)); }
        for ((&wj, &tc), &tp) in w.iter().zip(&p.tc).zip(&p.tp).skip(1) {
            let zc = probe.cumulative_z(tc, scale()).unwrap();
            let beta = scale().effective_speed(wj, zc).unwrap();
            prop_assert!((tp - eta_l * beta).abs() < 1e-9 * tp);
        }
    }

    #[test]
    fn partition_conserves(eta in 0.01f64..0.2, extra in 0.0f64..0.3, n in 2usize..64, l in 1.0f64..1e6) {
        let p = Probe { load: l, eta }.partition(eta + extra, n as u64).unwrap();
        prop_assert!((eta * l + p.iter().sum::<f64>() - l).abs() < 1e-9 * l);
        prop_assert!(p.windows(2).skip(1).all(|x| x[1] > x[0]));
    }
}
