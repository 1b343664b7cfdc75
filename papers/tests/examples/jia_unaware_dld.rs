//! DLD on the DNP example (Jia, §3.4, Table 3.3; reference G11, G12), on the event engine.

use loadbal::dlt::unaware::*;
use loadbal::dlt::{CostScale, Tree};
use loadbal_papers::fixtures::jia;

/// The probe results `tp` with the tree's own computing speeds as the estimates (every node of
/// the DNP example computes).
fn given(ex: &Tree, tp: &[f64]) -> GivenProbe {
    GivenProbe { tp: tp.to_vec(), w_est: ex.members().into_iter().map(|v| ex.w(v).unwrap()).collect() }
}

fn run() -> DldSchedule {
    let ex = jia::fig_3_8();
    let mut tp = ex.probe(Probe { load: 80.0, eta: 0.05 }, CostScale::new(2.0, 1.0).unwrap()).unwrap().tp;
    tp[16] = 4.3;
    ex.dld(&jia::dnp_changes(), &given(&ex, &tp), &jia::dld_dnp()).unwrap()
}

fn find(s: &DldSchedule, phase: usize, v: usize, k: usize) -> (f64, f64) {
    let d = s.dispatches.iter().filter(|d| d.phase == phase && d.loads.iter().any(|p| p.0 == v)).nth(k).unwrap();
    (d.time, d.loads.iter().find(|p| p.0 == v).unwrap().1)
}

/// G11: Phase_1 and Phase_2 decisions and actual finishes.
#[test]
fn g11_phase1_and_phase2() {
    let s = run();
    let close = |a: f64, b: f64, tol: f64| assert!((a - b).abs() < tol, "{a} vs {b}");
    for (v, k, t, x) in [
        (6, 0, 3.0, 4.0),
        (3, 0, 3.8, 3.83333),
        (2, 0, 5.0, 1.82903),
        (16, 0, 5.0, 1.59046),
        (5, 0, 5.68390, 1.46322),
        (3, 1, 8.4, 3.83333),
        (12, 0, 9.16667, 0.49145),
    ] {
        let (tt, xx) = find(&s, 1, v, k);
        close(tt, t, 1e-4);
        close(xx, x, 1e-4);
    }
    close(s.phases[1].finish, 23.0739, 1e-4);
    assert_eq!(s.phases[1].available, vec![2, 3, 16]);
    for (v, x) in [(2, 2.3022), (16, 2.0239), (3, 7.6739)] {
        close(find(&s, 2, v, 0).1, x, 1e-4);
    }
    for (v, x) in [(1, 0.3786), (5, 1.0942), (10, 0.5108), (11, 0.2761), (13, 0.4291)] {
        let (t, xx) = find(&s, 2, v, 0);
        close(t, 16.6978, 1e-4);
        close(xx, x, 1e-4);
    }
    for (v, t, x) in [(14, 17.7735, 0.31459), (15, 17.9308, 0.34063), (12, 19.209, 0.21716), (6, 21.0, 0.44136)] {
        let (tt, xx) = find(&s, 2, v, 0);
        close(tt, t, 1e-3);
        close(xx, x, 2e-4);
    }
    close(s.compute_ends(2)[1], 22.0699, 1e-3);
    close(s.compute_ends(16)[1], 52.7027, 5e-3);
    close(s.compute_ends(3)[2], 24.3719, 1e-3);
    close(s.compute_ends(16)[0], 12.92, 1e-3);
    close(s.compute_ends(6)[0], 21.0, 1e-9);
}

/// G12: the |P_4| batch with P_15 a busy convergence relay (physical rule), and Phase_3.
#[test]
fn g12_p4_batch_and_phase3() {
    let s = run();
    for (v, x) in [(8, 0.0688), (9, 0.0635), (17, 0.0387), (18, 0.0411)] {
        let (t, xx) = find(&s, 2, v, 0);
        assert!((t - 21.712).abs() < 1e-3);
        assert!((xx - x).abs() < 2e-4, "P_{v}: {xx}");
    }
    assert_eq!(s.phases[2].available.len(), 14);
    assert!((s.finish_time - 68.512).abs() < 1e-3);
    // every Phase_3 participant finishes together on the engine
    for &v in &s.phases[2].available {
        assert!((s.finish_of(v).unwrap() - s.finish_time).abs() < 1e-9, "P_{v}");
    }
    let total: f64 = s.dispatches.iter().map(|d| d.total).sum();
    assert!((total - 76.0).abs() < 1e-9);
}

#[test]
fn dld_rejects_bad_input() {
    let ex = jia::fig_3_8();
    let tp = ex.probe(Probe { load: 80.0, eta: 0.05 }, CostScale::new(2.0, 1.0).unwrap()).unwrap().tp;
    let cfg = DldConfig { zeta: 1.0, ..jia::dld_dnp() };
    assert!(matches!(ex.dld(&[], &given(&ex, &tp), &cfg), Err(UnawareError::InvalidParameter { name: "zeta", .. })));
    let mut ch = jia::dnp_changes();
    ch.reverse();
    assert!(ex.dld(&ch, &given(&ex, &tp), &jia::dld_dnp()).is_err());
    assert!(matches!(ex.dld(&[], &given(&ex, &tp[..3]), &jia::dld_dnp()), Err(UnawareError::LengthMismatch { .. })));
    // Without changes DLD is SLD-like and still dispatches exactly L − η·L.
    let s = ex.dld(&[], &given(&ex, &tp), &jia::dld_dnp()).unwrap();
    let total: f64 = s.dispatches.iter().map(|d| d.total).sum();
    assert!((total - 76.0).abs() < 1e-9);
}
