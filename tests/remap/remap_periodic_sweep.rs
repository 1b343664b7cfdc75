//! Issue 14's sweep of the periodic remapping models (Fong et al.): extreme but valid inputs
//! give finite intervals and imbalances or typed errors, in bounded time and memory.

use loadbal::montecarlo::MonteCarlo;
use loadbal::remap::RemapError;
use loadbal::remap::periodic::{
    Bound, CapacityModel, Heterogeneous, Homogeneous, Increment, Interval, LoadCurves, LoadSimOptions,
};
use proptest::prelude::*;

fn scale() -> impl Strategy<Value = f64> {
    (-6.0f64..6.0).prop_map(|e| 10f64.powf(e))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn homogeneous_intervals_are_finite_or_unbounded(
        n in (0.3f64..12.0).prop_map(|e| 10f64.powf(e).round() as u64),
        w in scale(), mu in -3.0f64..3.0, sigma in scale(), b in scale(),
    ) {
        let Ok(m) = Homogeneous::new(w, mu, sigma, n) else { return Ok(()) };
        // The P_II interval through the general solver (its per-processor vectors kept small).
        let p2 = if n <= 4096 { m.to_heterogeneous().and_then(|h| h.interval(Bound::Deviation { b })) } else { Ok(Interval::Unbounded) };
        for t in [m.interval(Bound::ExtremeDifference { d: b }), p2] {
            match t {
                Ok(Interval::Finite { t_real, .. }) => prop_assert!(t_real.is_finite() && t_real >= 0.0),
                Ok(Interval::Unbounded) | Err(RemapError::RegimeNotApplicable { .. }) => {}
                Err(e) => prop_assert!(false, "{e}"),
            }
        }
        for t in [1.0, 1e3, 1e9] {
            if let Ok(v) = m.v0(t) {
                prop_assert!(v.is_finite() && v >= 0.0);
            }
        }
        // The per-processor form (vectors of N values) only for sizes a test can afford.
        if n <= 100_000 {
            let t = m.to_heterogeneous().unwrap().interval(Bound::Deviation { b }).unwrap();
            prop_assert!(t.t_real() >= 0.0);
        } else if n > 100_000_000 {
            prop_assert!(matches!(m.to_heterogeneous(), Err(RemapError::TooLarge { .. })), "N = {n}");
        }
    }

    #[test]
    fn heterogeneous_roots_respect_the_bound(
        mus in proptest::collection::vec(-2.0f64..2.0, 2..8), sigma in scale(), w in scale(), b in 1e-6f64..2.0,
    ) {
        let n = mus.len();
        let m = Heterogeneous::new(w, mus, vec![sigma; n]).unwrap();
        if let Interval::Finite { t_real, steps } = m.interval(Bound::Deviation { b }).unwrap() {
            prop_assert!(t_real.is_finite() && (steps as f64) <= t_real * (1.0 + 1e-12) + 1e-12);
            if t_real > 0.0 {
                if let Ok(v) = m.v(t_real * (1.0 - 1e-9)) {
                    prop_assert!(v <= b * (1.0 + 1e-6), "v = {v} > B = {b}");
                }
            }
        }
    }
}

#[test]
fn oversized_runs_are_refused_quickly() {
    let mc = MonteCarlo::new(1, 1_000_000).unwrap();
    assert!(matches!(
        LoadCurves::simulate(100.0, &[Increment::symmetric_birth_death(); 64], 1_000_000, &LoadSimOptions::new(mc)),
        Err(RemapError::TooLarge { .. })
    ));
    let mc = MonteCarlo::new(1, 1).unwrap();
    assert!(matches!(
        LoadCurves::simulate(
            100.0,
            &[Increment::symmetric_birth_death(); 4],
            1_000_000_000_000,
            &LoadSimOptions::new(mc)
        ),
        Err(RemapError::TooLarge { .. })
    ));
    let cap = CapacityModel::new(100.0, &[1.0, 1.0], &[1.0, 1.0], &[1.0, 1.0]).unwrap();
    assert!(matches!(cap.interval(0.1, 1_000_000_000_000), Err(RemapError::TooLarge { .. })));
    let huge = Homogeneous::new(100.0, 0.0, 1.0, 1_000_000_000_000).unwrap();
    assert!(matches!(huge.to_heterogeneous(), Err(RemapError::TooLarge { .. })));
    assert!(huge.v0(10.0).unwrap().is_finite());
}
