//! Issue 14's sweep of the queueing formulas: adversarial but valid inputs (ρ within 1e-12 of
//! 1, c and K up to 10¹², rates over 12 decades) give a finite answer within the documented
//! accuracy, or a typed error, in bounded time and memory.

use loadbal::queueing::{QueueingError, ServiceMoments, Station, StationMetrics, erlang_b, erlang_c};
use proptest::prelude::*;

fn finite(m: &StationMetrics) -> bool {
    [m.lambda, m.throughput, m.rho, m.p_wait, m.p_block, m.wq, m.lq, m.w, m.l]
        .iter()
        .all(|x| x.is_finite() && *x >= 0.0)
}

/// A count spread over 12 decades: 1 to 10¹².
fn count() -> impl Strategy<Value = u64> {
    (0.0f64..12.0).prop_map(|e| 10f64.powf(e).round() as u64)
}

/// A utilisation near 1 on either side: 1 ± 10^-k, k in 1..12, or ordinary values.
fn rho() -> impl Strategy<Value = f64> {
    prop_oneof![
        (1.0f64..12.0).prop_map(|k| 1.0 - 10f64.powf(-k)),
        (1.0f64..12.0).prop_map(|k| 1.0 + 10f64.powf(-k)),
        0.001f64..3.0,
    ]
}

/// A rate over 12 decades.
fn rate() -> impl Strategy<Value = f64> {
    (-6.0f64..6.0).prop_map(|e| 10f64.powf(e))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn erlang_is_a_probability_or_unstable(c in count(), r in rho()) {
        let a = r * c as f64;
        let b = erlang_b(a, c).unwrap();
        prop_assert!((0.0..=1.0).contains(&b), "B({c}, {a}) = {b}");
        match erlang_c(a, c) {
            Ok(p) => prop_assert!((b..=1.0).contains(&p) || p >= b * (1.0 - 1e-12), "C = {p} < B = {b}"),
            Err(QueueingError::Unstable { rho }) => prop_assert!(rho >= 1.0),
            Err(e) => prop_assert!(false, "{e}"),
        }
    }

    #[test]
    fn mmc_is_finite_and_consistent(c in count(), r in rho(), mu in rate()) {
        let lambda = r * c as f64 * mu;
        match Station::mmc(lambda, mu, c).map(|s| s.metrics()) {
            Ok(m) => {
                prop_assert!(finite(&m), "{m:?}");
                prop_assert!(m.rho <= 1.0 && m.satisfies_little(1e-13));
                // W_q·(cμ − λ) = P(wait), the margin from a fused multiply–add.
                let margin = (c as f64).mul_add(mu, -lambda);
                prop_assert!((m.wq * margin - m.p_wait).abs() <= 1e-13 * m.p_wait.max(1e-300));
            }
            Err(QueueingError::Unstable { rho }) => prop_assert!(rho >= 1.0 - 1e-15),
            Err(e) => prop_assert!(false, "{e}"),
        }
    }

    #[test]
    fn mmck_is_finite_for_any_size(c in count(), extra in count(), r in rho(), mu in rate()) {
        let k = c.saturating_add(extra - 1);
        let m = Station::mmck(r * c as f64 * mu, mu, c, k).map(|s| s.metrics()).unwrap();
        prop_assert!(finite(&m), "{m:?}");
        prop_assert!(m.p_block <= 1.0 && m.p_wait <= 1.0 && m.rho <= 1.0 + 1e-15);
        prop_assert!(m.lq <= m.l && m.l <= k as f64 * (1.0 + 1e-12));
        prop_assert!(m.satisfies_little(1e-12));
    }

    #[test]
    fn mg1_near_saturation(r in rho(), mean in rate(), scv in 0.0f64..10.0) {
        let s = ServiceMoments::from_scv(mean, scv).unwrap();
        match Station::mg1(r / mean, &s).map(|s| s.metrics()) {
            Ok(m) => prop_assert!(finite(&m) && m.satisfies_little(1e-13)),
            Err(QueueingError::Unstable { rho }) => prop_assert!(rho >= 1.0 - 1e-15),
            Err(e) => prop_assert!(false, "{e}"),
        }
    }
}

#[test]
fn sizes_beyond_exact_integers_are_refused() {
    let big = (1u64 << 53) + 1;
    assert!(matches!(erlang_b(1.0, big), Err(QueueingError::TooLarge { .. })));
    assert!(matches!(Station::mmck(1.0, 1.0, 1, big).map(|s| s.metrics()), Err(QueueingError::TooLarge { .. })));
    assert!(matches!(Station::mmc(1.0, 1.0, u64::MAX).map(|s| s.metrics()), Err(QueueingError::TooLarge { .. })));
}
