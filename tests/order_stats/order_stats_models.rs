//! Location–scale, heterogeneous and i.i.d.-CDF extremes: golden values, Monte Carlo checks,
//! typed errors and property tests.

#[allow(unused_imports)]
use crate::std_normal::*;
use loadbal::law::{Law, LawError};
use loadbal::montecarlo::MonteCarlo;
use loadbal::order_stats::*;
use proptest::prelude::*;
use rand_distr::{Distribution, Gamma as GammaSampler, Normal as NormalSampler};
use std::f64::consts::PI;

/// Ahn et al., §5.2: n = 1000 tasks of μ_T = 488.1 s, σ_T = 116.6 s on p = 25 processors (R = 40).
const MU_X: f64 = 40.0 * 488.1;
fn sigma_x() -> f64 {
    40f64.sqrt() * 116.6
}

#[test]
fn ahn_section_5_2_numbers() {
    // Integral method: 20,973 and 18,075; Chen–Tyler: 20,965 and 18,083 (reference G9–G12).
    let cases = [
        (expected_max_normal(MU_X, sigma_x(), 25).unwrap(), 20_973.308),
        (expected_min_normal(MU_X, sigma_x(), 25).unwrap(), 18_074.692),
        (chen_tyler(25).and_then(|c| c.expected_max(MU_X, sigma_x())).unwrap(), 20_965.082),
        (chen_tyler(25).and_then(|c| c.expected_min(MU_X, sigma_x())).unwrap(), 18_082.918),
    ];
    for (got, want) in cases {
        assert!((got - want).abs() < 1e-3, "{got} vs {want}");
    }
    // The integral method's values are symmetric about μ_X.
    let mid = 0.5 * (cases[0].0 + cases[1].0);
    assert!((mid - MU_X).abs() < 1e-9);
}

#[test]
fn monte_carlo_confirms_the_ahn_extremes() {
    let mc = MonteCarlo::new(2000, 40_000).unwrap();
    let normal = NormalSampler::new(MU_X, sigma_x()).unwrap();
    let est = mc
        .estimate_vec(2, |_, rng, out| {
            let xs: Vec<f64> = (0..25).map(|_| normal.sample(rng)).collect();
            out[0] = xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            out[1] = xs.iter().cloned().fold(f64::INFINITY, f64::min);
        })
        .unwrap();
    assert!(est[0].agrees_with(expected_max_normal(MU_X, sigma_x(), 25).unwrap(), 4.0), "{:?}", est[0]);
    assert!(est[1].agrees_with(expected_min_normal(MU_X, sigma_x(), 25).unwrap(), 4.0), "{:?}", est[1]);
}

#[test]
fn monte_carlo_confirms_exact_values_and_standard_deviations() {
    let mc = MonteCarlo::new(11, 20_000).unwrap();
    for n in [3u64, 10, 100] {
        let est = mc
            .estimate_vec(2, |_, rng, out| {
                let m = (0..n).map(|_| rand_distr::StandardNormal.sample(rng)).fold(f64::NEG_INFINITY, f64::max);
                out[0] = m;
                out[1] = m * m;
            })
            .unwrap();
        let e = expected_max_std_normal(n).unwrap();
        let sd = std_dev_max_std_normal(n).unwrap();
        assert!(est[0].agrees_with(e, 4.0), "n = {n}: {:?} vs {e}", est[0]);
        assert!(est[1].agrees_with(sd * sd + e * e, 4.0), "n = {n}: {:?}", est[1]);
        // A middle rank too.
        let r = n.div_ceil(3);
        let mid = mc
            .estimate(|_, rng| {
                let mut xs: Vec<f64> = (0..n).map(|_| rand_distr::StandardNormal.sample(rng)).collect();
                xs.sort_by(f64::total_cmp);
                xs[(r - 1) as usize]
            })
            .unwrap();
        assert!(mid.agrees_with(expected_order_stat_std_normal(r, n).unwrap(), 4.0), "r = {r}, n = {n}");
    }
}

#[test]
fn heterogeneous_normals_closed_form_and_reductions() {
    // Clark (1961) for two variables with different means and variances.
    let (m1, s1, m2, s2) = (1.0f64, 2.0f64, -0.5f64, 0.7f64);
    let theta = (s1 * s1 + s2 * s2).sqrt();
    let delta = (m1 - m2) / theta;
    let clark = m1 * std_normal_cdf(delta)
        + m2 * std_normal_cdf(-delta)
        + theta * (-0.5 * delta * delta).exp() / (2.0 * PI).sqrt();
    let e = expected_max_independent_normals(&[m1, m2], &[s1, s2]).unwrap();
    assert!((e - clark).abs() < 1e-12, "{e} vs {clark}");
    // Identical variables give the i.i.d. value, for many n.
    for n in [2usize, 8, 64, 500] {
        let het = expected_max_independent_normals(&vec![3.0; n], &vec![0.5; n]).unwrap();
        let iid = expected_max_normal(3.0, 0.5, n as u64).unwrap();
        assert!((het - iid).abs() < 1e-12, "n = {n}: {het} vs {iid}");
    }
    // Scales 10⁴ apart over a wide range exceed the grid budget: a typed error, not a panic.
    let wide = expected_max_independent_normals(&[-1000.0, 0.0, 1000.0], &[100.0, 0.01, 100.0]);
    assert!(matches!(wide, Err(OrderStatsError::QuadratureFailed { .. })), "{wide:?}");
    // One variable is its own maximum.
    assert_eq!(expected_max_independent_normals(&[4.0], &[2.0]).unwrap(), 4.0);
}

#[test]
fn heterogeneous_normals_against_monte_carlo() {
    let means: Vec<f64> = (0..16).map(|i| 100.0 + 2.0 * i as f64).collect();
    let sds: Vec<f64> = (0..16).map(|i| 1.0 + 0.5 * (i % 5) as f64).collect();
    let mc = MonteCarlo::new(5, 40_000).unwrap();
    let est = mc
        .estimate_vec(2, |_, rng, out| {
            let xs: Vec<f64> =
                means.iter().zip(&sds).map(|(&m, &s)| NormalSampler::new(m, s).unwrap().sample(rng)).collect();
            out[0] = xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            out[1] = xs.iter().cloned().fold(f64::INFINITY, f64::min);
        })
        .unwrap();
    assert!(est[0].agrees_with(expected_max_independent_normals(&means, &sds).unwrap(), 4.0));
    assert!(est[1].agrees_with(expected_min_independent_normals(&means, &sds).unwrap(), 4.0));
}

#[test]
fn iid_extremes_of_other_distributions() {
    // Exponential: E[max] = H_n/λ, E[min] = 1/(nλ).
    let exp = Law::exponential(0.5).unwrap();
    for n in [1u64, 2, 10, 1000] {
        let h: f64 = (1..=n).map(|k| 1.0 / k as f64).sum();
        let e = expected_max_iid(&exp, n).unwrap();
        assert!((e / (h / 0.5) - 1.0).abs() < 1e-13, "n = {n}: {e}");
        let m = expected_min_iid(&exp, n).unwrap();
        assert!((m / (1.0 / (n as f64 * 0.5)) - 1.0).abs() < 1e-13, "n = {n}: {m}");
    }
    // Log-normal with σ → the normal result through exp is not linear, so check by Monte Carlo;
    // Gamma (shape 17.52, the wild-type task law of Ahn et al. matched to μ_T, σ_T) as well.
    let shape = (488.1f64 / 116.6).powi(2);
    let rate = 488.1 / (116.6f64 * 116.6);
    let gamma = Law::gamma(shape, rate).unwrap();
    let sampler = GammaSampler::new(shape, 1.0 / rate).unwrap();
    let mc = MonteCarlo::new(3, 40_000).unwrap();
    let est = mc.estimate(|_, rng| (0..25).map(|_| sampler.sample(rng)).fold(f64::NEG_INFINITY, f64::max)).unwrap();
    assert!(est.agrees_with(expected_max_iid(&gamma, 25).unwrap(), 4.0), "{est:?}");
    let lognormal = Law::lognormal(0.0, 0.5).unwrap();
    let ln_sampler = rand_distr::LogNormal::new(0.0, 0.5).unwrap();
    let est = mc.estimate(|_, rng| (0..50).map(|_| ln_sampler.sample(rng)).fold(f64::NEG_INFINITY, f64::max)).unwrap();
    assert!(est.agrees_with(expected_max_iid(&lognormal, 50).unwrap(), 4.0), "{est:?}");
    // A normal distribution through the generic path equals the exact normal path.
    let normal = Law::normal(2.0, 3.0).unwrap();
    assert_eq!(expected_max_iid(&normal, 100).unwrap(), expected_max_normal(2.0, 3.0, 100).unwrap());
}

#[test]
fn bad_input_is_a_typed_error() {
    assert_eq!(expected_max_std_normal(0), Err(OrderStatsError::ZeroSampleSize));
    assert_eq!(expected_order_stat_std_normal(0, 5), Err(OrderStatsError::RankOutOfRange { r: 0, n: 5 }));
    assert_eq!(expected_order_stat_std_normal(6, 5), Err(OrderStatsError::RankOutOfRange { r: 6, n: 5 }));
    assert_eq!(expected_max_std_normal(u64::MAX), Err(OrderStatsError::SampleSizeTooLarge { n: u64::MAX }));
    assert_eq!(expected_max_normal(0.0, -1.0, 3), Err(OrderStatsError::NegativeScale { sd: -1.0 }));
    assert!(matches!(expected_max_normal(f64::NAN, 1.0, 3), Err(OrderStatsError::NonFinite { name: "mean", .. })));
    assert!(matches!(
        chen_tyler(3).and_then(|c| c.expected_min(0.0, f64::INFINITY)),
        Err(OrderStatsError::NonFinite { .. })
    ));
    assert_eq!(chen_tyler(0), Err(OrderStatsError::ZeroSampleSize));
    assert_eq!(david_bound(0, 1.0), Err(OrderStatsError::ZeroSampleSize));
    assert_eq!(expected_max_independent_normals(&[], &[]), Err(OrderStatsError::EmptyInput));
    assert_eq!(
        expected_max_independent_normals(&[1.0, 2.0], &[1.0]),
        Err(OrderStatsError::LengthMismatch { means: 2, sds: 1 })
    );
    assert_eq!(expected_max_independent_normals(&[1.0, 2.0], &[1.0, 0.0]), Err(OrderStatsError::ZeroScale));
    assert_eq!(expected_max_iid(&Law::exponential(1.0).unwrap(), 0), Err(OrderStatsError::ZeroSampleSize));
    // A bad parameter is the law constructor's error; a valid one outside the order statistics'
    // accuracy domain is theirs.
    assert!(matches!(Law::gamma(-1.0, 1.0), Err(LawError::InvalidParameter { name: "shape", .. })));
    let tiny_shape = Law::gamma(1e-3, 1.0).unwrap();
    assert!(matches!(
        expected_max_iid(&tiny_shape, 3),
        Err(OrderStatsError::OutsideAccuracyDomain { name: "shape", .. })
    ));
    assert!(matches!(Law::uniform(1.0, 1.0), Err(LawError::InvalidParameter { name: "max", .. })));
    assert!(matches!(Law::exponential(f64::NAN), Err(LawError::InvalidParameter { name: "rate", .. })));
    let pareto = Law::pareto(1.0, 0.9).unwrap();
    assert_eq!(expected_max_iid(&pareto, 5), Err(OrderStatsError::MomentDoesNotExist { moment: 1, tail_index: 0.9 }));
    assert!(expected_min_iid(&pareto, 5).is_ok(), "the minimum of 5 has tail index 4.5");
    assert!(matches!(expected_max_iid(&Law::pareto(1.0, 1.1).unwrap(), 5), Err(OrderStatsError::TailTooHeavy { .. })));
    let msg = expected_max_iid(&tiny_shape, 3).unwrap_err().to_string();
    assert!(msg.contains("shape = 0.001") && msg.contains("[0.01, 1e5]"), "{msg}");
    // Degenerate σ = 0 is a constant.
    assert_eq!(expected_max_normal(7.0, 0.0, 10).unwrap(), 7.0);
    // Messages say what was wrong.
    let msg = expected_order_stat_std_normal(6, 5).unwrap_err().to_string();
    assert!(msg.contains("r = 6") && msg.contains("1..=5"), "{msg}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn maximum_grows_with_n_and_stays_under_the_bounds(n in 1u64..2_000_000_000) {
        let e = expected_max_std_normal(n).unwrap();
        let e_next = expected_max_std_normal(n + 1).unwrap();
        prop_assert!(e_next > e);
        prop_assert!(e <= sqrt_2_ln_n_bound(n.max(2), 1.0).unwrap());
        prop_assert!(e <= david_bound(n, 1.0).unwrap() + 1e-15);
        prop_assert!(std_dev_max_std_normal(n).unwrap() > 0.0);
    }

    #[test]
    fn ranks_are_ordered(n in 2u64..400, r in 1u64..400) {
        let r = 1 + (r - 1) % (n - 1);
        let a = expected_order_stat_std_normal(r, n).unwrap();
        let b = expected_order_stat_std_normal(r + 1, n).unwrap();
        prop_assert!(b > a);
    }

    #[test]
    fn no_input_panics(r in any::<u64>(), n in any::<u64>(), mu in any::<f64>(), sigma in any::<f64>()) {
        // No panic, and an answer is never NaN: bad input is a typed error.
        let answers = [
            expected_order_stat_std_normal(r, n).ok(),
            expected_max_normal(mu, sigma, n % 1_000_000).ok(),
            chen_tyler(n).and_then(|c| c.expected_max(mu, sigma)).ok(),
            chen_tyler(n).map(|c| c.sd).ok(),
            david_bound(n, sigma).ok(),
            sqrt_2_ln_n_bound(n, sigma).ok(),
        ];
        for (i, a) in answers.into_iter().enumerate() {
            prop_assert!(a.is_none_or(|x| !x.is_nan()), "answer {i} is NaN");
        }
    }

    #[test]
    fn heterogeneous_maximum_exceeds_every_mean(
        params in proptest::collection::vec((-100f64..100.0, 0.5f64..50.0), 1..20)
    ) {
        // Scales within a factor 100 of each other: the grid stays within its budget.
        let means: Vec<f64> = params.iter().map(|p| p.0).collect();
        let sds: Vec<f64> = params.iter().map(|p| p.1).collect();
        let e = expected_max_independent_normals(&means, &sds).unwrap();
        let top = means.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        prop_assert!(e >= top - 1e-9);
        let lo = expected_min_independent_normals(&means, &sds).unwrap();
        prop_assert!(lo <= e);
    }

    #[test]
    fn heterogeneous_never_panics_and_fails_only_by_a_typed_error(
        params in proptest::collection::vec((-1e3f64..1e3, 0.01f64..100.0), 1..20)
    ) {
        // Scales 10⁴ apart may need more grid points than the budget: that is a typed error.
        let means: Vec<f64> = params.iter().map(|p| p.0).collect();
        let sds: Vec<f64> = params.iter().map(|p| p.1).collect();
        match expected_max_independent_normals(&means, &sds) {
            Ok(e) => prop_assert!(e >= means.iter().cloned().fold(f64::NEG_INFINITY, f64::max) - 1e-9),
            Err(err) => prop_assert!(matches!(err, OrderStatsError::QuadratureFailed { .. }), "{err}"),
        }
    }

    #[test]
    fn location_scale_equivariance(mu in -1e6f64..1e6, sigma in 0.0f64..1e4, n in 1u64..10_000) {
        let e = expected_max_normal(mu, sigma, n).unwrap();
        let z = expected_max_std_normal(n).unwrap();
        prop_assert!((e - (mu + sigma * z)).abs() <= 1e-12 * (mu.abs() + sigma * z.abs() + 1.0));
        prop_assert!((expected_min_normal(mu, sigma, n).unwrap() - (mu - sigma * z)).abs() <= 1e-12 * (mu.abs() + sigma * z.abs() + 1.0));
    }
}
