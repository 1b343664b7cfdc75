//! Issue 14's sweep for the order statistics: every public function that returns `f64`, fed
//! with adversarial but valid inputs (extreme shapes, n up to 10⁹, scales over 12 decades),
//! returns a finite value consistent with its documented accuracy, or a typed error; never NaN,
//! never a panic. Accuracy itself is checked row by row against the 50-digit references in
//! `accuracy_order_stats.rs`; here the checks are closed forms and order relations that any
//! correct value satisfies.

#[allow(unused_imports)]
use crate::std_normal::*;
use loadbal::law::{Law, LawError, LawSpec};
use loadbal::order_stats::*;
use proptest::prelude::*;

/// n from 1 to 10⁹, log-uniform.
fn size() -> impl Strategy<Value = u64> {
    (0.0f64..9.0).prop_map(|e| 10f64.powf(e).round().max(1.0) as u64)
}

/// A positive number over `lo..hi` decades, log-uniform.
fn decades(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    (lo..hi).prop_map(|e| 10f64.powf(e))
}

/// A law built from positive, finite parameters (which every constructor accepts), then checked
/// against the order statistics' accuracy domain.
fn checked(law: Result<Law, LawError>) -> Result<Law, OrderStatsError> {
    let law = law.unwrap_or_else(|e| panic!("a constructor refused positive, finite parameters: {e}"));
    law.check().map(|()| law)
}

fn law() -> impl Strategy<Value = Result<Law, OrderStatsError>> {
    prop_oneof![
        (decades(-3.0, 6.5), decades(-6.0, 6.0)).prop_map(|(a, b)| checked(Law::gamma(a, b))),
        (-50.0f64..50.0, decades(-3.0, 1.0)).prop_map(|(m, s)| checked(Law::lognormal(m, s))),
        (decades(-2.0, 4.5), decades(-6.0, 6.0)).prop_map(|(k, s)| checked(Law::weibull(k, s))),
        (decades(-6.0, 6.0), decades(-1.0, 2.0)).prop_map(|(x, a)| checked(Law::pareto(x, a))),
        decades(-12.0, 12.0).prop_map(|r| checked(Law::exponential(r))),
        (-1e6f64..1e6, decades(-6.0, 6.0)).prop_map(|(a, w)| checked(Law::uniform(a, a + w))),
        (-1e6f64..1e6, decades(-6.0, 6.0)).prop_map(|(m, s)| checked(Law::normal(m, s))),
    ]
}

/// An error the contract allows for a valid law: the law's own domain, a missing or too heavy
/// moment, a result beyond f64. Anything else (a failed quadrature) is a defect.
fn allowed(e: &OrderStatsError) -> bool {
    matches!(
        e,
        OrderStatsError::OutsideAccuracyDomain { .. }
            | OrderStatsError::MomentDoesNotExist { .. }
            | OrderStatsError::TailTooHeavy { .. }
            | OrderStatsError::ResultOutOfRange { .. }
            | OrderStatsError::ResultOverflow { .. }
    )
}

proptest! {
    // Each case runs four quadratures of a law that may need an incomplete gamma of shape 10⁵
    // at every point: few cases keep the file under a minute on a busy machine.
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn iid_extremes_are_finite_ordered_or_a_typed_error(law in law(), n in size(), pick in 0.0f64..1.0) {
        let Ok(law) = law else {
            // Only the accuracy domain may refuse a law built from positive, finite numbers.
            prop_assert!(matches!(law, Err(OrderStatsError::OutsideAccuracyDomain { .. })), "{law:?}");
            return Ok(());
        };
        let r = ((n as f64 * pick).floor() as u64).clamp(1, n);
        let results = [
            expected_min_iid(&law, n),
            expected_order_stat_iid(&law, r, n),
            expected_max_iid(&law, n),
        ];
        for res in &results {
            match res {
                Ok(v) => prop_assert!(v.is_finite(), "{law}, r = {r}, n = {n}: {v}"),
                Err(e) => prop_assert!(allowed(e), "{law}, r = {r}, n = {n}: {e}"),
            }
        }
        if let [Ok(lo), Ok(mid), Ok(hi)] = &results {
            let slack = 1e-12 * hi.abs().max(lo.abs());
            prop_assert!(lo <= &(mid + slack) && mid <= &(hi + slack), "{law}, n = {n}: {lo} {mid} {hi}");
            // With one sample, min = max = E[X].
            if n == 1 {
                prop_assert!((lo - law.mean()).abs() <= 1e-12 * law.mean().abs().max(1e-300), "{law}: {lo} vs {}", law.mean());
            }
        }
        match order_stat_moments_iid(&law, r, n) {
            Ok(m) => prop_assert!(m.mean.is_finite() && m.sd.is_finite() && m.sd >= 0.0, "{law}: {m:?}"),
            Err(e) => prop_assert!(allowed(&e), "{law}, r = {r}, n = {n}: {e}"),
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn exponential_extremes_match_the_harmonic_closed_forms(rate in decades(-12.0, 12.0), n in 1u64..3000) {
        let law = Law::exponential(rate).unwrap();
        let h: f64 = (1..=n).rev().map(|k| 1.0 / k as f64).sum();
        let max = expected_max_iid(&law, n).unwrap();
        prop_assert!((max * rate / h - 1.0).abs() < 1e-12, "n = {n}: {max} vs {}", h / rate);
        let min = expected_min_iid(&law, n).unwrap();
        prop_assert!((min * rate * n as f64 - 1.0).abs() < 1e-12, "n = {n}: {min}");
    }

    #[test]
    fn quantiles_are_finite_and_invert_the_cdf(law in law(), e in -300.0f64..-0.01) {
        let Ok(law) = law else { return Ok(()) };
        let p = 10f64.powf(e);
        // A quantile beyond ±f64::MAX is QuantileNotFinite, and only then: the law's mass below
        // −f64::MAX exceeds the lower-tail mass asked, or its mass above f64::MAX the upper-tail
        // mass (a Pareto law of shape 0.15 at q = 1e-292).
        let (below, above) = (law.ln_cdf(-f64::MAX), law.ln_sf(f64::MAX));
        let (ln_p, ln_1mp) = (p.ln(), (-p).ln_1p());
        let lower = (law.quantile(p), below > ln_p || above > ln_1mp);
        let upper = (law.upper_quantile(p), above > ln_p || below > ln_1mp);
        for (r, beyond) in [lower, upper] {
            match r {
                Ok(x) => prop_assert!(x.is_finite(), "{law}, p = {p}: {x}"),
                Err(LawError::QuantileNotFinite { .. }) => prop_assert!(beyond, "{law}, p = {p}: no mass beyond f64"),
                Err(e) => prop_assert!(false, "{law}, p = {p}: {e}"),
            }
        }
        let Ok(x) = law.quantile(p) else { return Ok(()) };
        // A subnormal quantile carries fewer than 53 bits (2.4e-318 has 20), so its CDF can only
        // match to that precision: the relative contract is for normal numbers.
        if x.is_finite() && x >= f64::MIN_POSITIVE && !matches!(law.spec(), LawSpec::Uniform { .. } | LawSpec::Normal { .. }) {
            let lp = law.ln_cdf(x);
            let tol = 1e-12 * law_slope(&law, x) * p.ln().abs().max(1.0);
            prop_assert!((lp - p.ln()).abs() <= tol, "{law}, p = {p}: ln F = {lp}");
        }
    }

    #[test]
    fn normal_functions_stay_finite_to_a_billion(n in size(), pick in 0.0f64..1.0, mu in -1e12f64..1e12, sigma in decades(-12.0, 12.0)) {
        let r = ((n as f64 * pick).floor() as u64).clamp(1, n);
        let e = expected_max_std_normal(n).unwrap();
        prop_assert!(e.is_finite() && e <= (2.0 * (n as f64).ln()).sqrt() + 1e-12);
        let m = order_stat_moments_std_normal(r, n).unwrap();
        prop_assert!(m.mean.abs() <= e + 1e-12 && m.sd > 0.0 && m.sd <= 1.0 + 1e-12, "{r} of {n}: {m:?}");
        prop_assert!(expected_max_normal(mu, sigma, n).unwrap().is_finite());
        prop_assert!(expected_order_stat_normal(mu, sigma, r, n).unwrap().is_finite());
        prop_assert!(chen_tyler(n).unwrap().mean.is_finite() && chen_tyler(n).unwrap().sd.is_finite());
        prop_assert!(david_bound(n, sigma).unwrap().is_finite() && sqrt_2_ln_n_bound(n, sigma).unwrap().is_finite());
    }

}

proptest! {
    // Scales 12 decades apart need grids of up to 10⁶ points (then a typed error): few cases.
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn heterogeneous_normals_over_twelve_decades(
        vars in prop::collection::vec((-1e6f64..1e6, decades(-6.0, 6.0)), 1..8),
    ) {
        let (means, sds): (Vec<f64>, Vec<f64>) = vars.into_iter().unzip();
        let top = means.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let bottom = means.iter().cloned().fold(f64::INFINITY, f64::min);
        match expected_max_independent_normals(&means, &sds) {
            Ok(v) => prop_assert!(v.is_finite() && v >= top - 1e-9 * top.abs().max(1.0), "{v} < {top}"),
            Err(e) => prop_assert!(matches!(e, OrderStatsError::QuadratureFailed { .. }), "{e}"),
        }
        match expected_min_independent_normals(&means, &sds) {
            Ok(v) => prop_assert!(v.is_finite() && v <= bottom + 1e-9 * bottom.abs().max(1.0), "{v} > {bottom}"),
            Err(e) => prop_assert!(matches!(e, OrderStatsError::QuadratureFailed { .. }), "{e}"),
        }
    }

}

proptest! {
    #[test]
    fn normal_tail_functions_are_finite(z in -1e4f64..1e4) {
        prop_assert!(std_normal_ln_cdf(z).is_finite() || z > 38.0);
        prop_assert!(std_normal_ln_sf(z).is_finite() || z < -38.0);
        prop_assert!(std_normal_ln_cdf(z) <= 0.0 && std_normal_cdf(z) <= 1.0 && std_normal_sf(z) >= 0.0);
    }
}

/// `d ln F / d ln x` at `x`, the factor by which a relative error of `x` shows in `ln F` (at
/// least 1).
fn law_slope(law: &Law, x: f64) -> f64 {
    let h = 1e-6;
    let d = (law.ln_cdf(x * (1.0 + h)) - law.ln_cdf(x * (1.0 - h))) / (2.0 * h);
    d.abs().max(1.0)
}
