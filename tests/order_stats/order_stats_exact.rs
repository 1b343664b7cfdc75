//! Accuracy of the exact normal order statistics against closed forms and against an independent
//! quadrature of a different integrand (the CDF form), for n up to 10⁹.

#[allow(unused_imports)]
use crate::std_normal::*;
use loadbal::order_stats::*;
use std::f64::consts::PI;

/// Independent reference: `E[max] = ∫₀^∞ (1 − Φⁿ) dz − ∫_{−∞}^0 Φⁿ dz`, by composite Simpson on
/// [−12, 40] with 2¹⁸ panels, Φⁿ formed as exp(n·ln(1 − Q)) so that nothing cancels.
fn reference_max(n: u64) -> f64 {
    let nf = n as f64;
    let pow_cdf = |z: f64| {
        let ln_cdf = if z < -1.0 { std_normal_cdf(z).ln() } else { (-std_normal_sf(z)).ln_1p() };
        nf * ln_cdf
    };
    let upper = |z: f64| -(pow_cdf(z).exp_m1());
    let lower = |z: f64| -(pow_cdf(z).exp());
    let simpson = |integrand: &dyn Fn(f64) -> f64, a: f64, b: f64, panels: usize| {
        let h = (b - a) / panels as f64;
        let mut s = integrand(a) + integrand(b);
        for k in 1..panels {
            let w = if k % 2 == 1 { 4.0 } else { 2.0 };
            s += w * integrand(a + k as f64 * h);
        }
        s * h / 3.0
    };
    simpson(&lower, -12.0, 0.0, 1 << 16) + simpson(&upper, 0.0, 40.0, 1 << 18)
}

#[test]
fn closed_forms_for_n_two_to_five() {
    let sqrt_pi = PI.sqrt();
    let cases = [
        (1, 0.0),
        (2, 1.0 / sqrt_pi),
        (3, 1.5 / sqrt_pi),
        (4, 6.0 * 2f64.sqrt().atan() / PI.powf(1.5)),
        (5, 5.0 / (4.0 * sqrt_pi) * (1.0 + 6.0 / PI * (1.0f64 / 3.0).asin())),
    ];
    let mut worst = 0.0f64;
    for (n, exact) in cases {
        let e = expected_max_std_normal(n).unwrap();
        worst = worst.max((e - exact).abs());
        assert!((e - exact).abs() < 1e-14, "n = {n}: {e} vs {exact}");
        assert_eq!(expected_min_std_normal(n).unwrap(), -e);
    }
    eprintln!("closed forms n = 1..5: worst absolute error {worst:.2e}");
}

#[test]
fn agrees_with_the_cdf_form_to_1e_12_up_to_a_billion() {
    let mut worst = 0.0f64;
    for n in [2u64, 3, 7, 10, 25, 64, 100, 1_000, 12_345, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000] {
        let e = expected_max_std_normal(n).unwrap();
        let r = reference_max(n);
        worst = worst.max((e - r).abs());
        assert!((e - r).abs() < 1e-12, "n = {n}: quadrature {e:.15} vs CDF form {r:.15}");
    }
    eprintln!("n = 2..1e9: worst absolute difference from the CDF form {worst:.2e}");
}

#[test]
fn classical_table_values() {
    // Harter (1961) / Ahn et al. reference table G4.
    let table = [
        (2, 0.564190),
        (5, 1.162964),
        (10, 1.538753),
        (20, 1.867475),
        (25, 1.965315),
        (100, 2.507594),
        (1000, 3.241436),
    ];
    for (n, v) in table {
        assert!((expected_max_std_normal(n).unwrap() - v).abs() < 1e-6, "n = {n}");
    }
}

#[test]
fn normal_scores_sum_to_zero_and_satisfy_the_recurrence() {
    // Σ_r E[Z_(r:n)] = n·E[Z] = 0, Σ_r E[Z²_(r:n)] = n, and the triangle recurrence
    // (n − r) μ_(r:n) + r μ_(r+1:n) = n μ_(r:n−1) (valid for any distribution).
    for n in [2u64, 5, 11, 30] {
        let mut sum = 0.0;
        let mut sum_sq = 0.0;
        for r in 1..=n {
            let m = order_stat_moments_std_normal(r, n).unwrap();
            sum += m.mean;
            sum_sq += m.sd * m.sd + m.mean * m.mean;
        }
        assert!(sum.abs() < 1e-12, "n = {n}: {sum}");
        assert!((sum_sq - n as f64).abs() < 1e-11, "n = {n}: {sum_sq}");
        for r in 1..n {
            let lhs = (n - r) as f64 * expected_order_stat_std_normal(r, n).unwrap()
                + r as f64 * expected_order_stat_std_normal(r + 1, n).unwrap();
            let rhs = n as f64 * expected_order_stat_std_normal(r, n - 1).unwrap();
            assert!((lhs - rhs).abs() < 1e-12, "n = {n}, r = {r}");
        }
    }
}

#[test]
fn symmetry_of_ranks() {
    for (r, n) in [(1u64, 10u64), (3, 10), (17, 1000), (2, 1_000_000)] {
        let low = expected_order_stat_std_normal(r, n).unwrap();
        let high = expected_order_stat_std_normal(n + 1 - r, n).unwrap();
        assert!((low + high).abs() < 1e-12, "r = {r}, n = {n}");
    }
}

#[test]
fn standard_deviation_of_the_maximum() {
    // n = 2: Var = 1 − 1/π; n = 3: Var = 1 + √3/(2π) − 9/(4π) (closed forms of the normal range).
    let v2 = 1.0 - 1.0 / PI;
    let v3 = 1.0 + 3f64.sqrt() / (2.0 * PI) - 9.0 / (4.0 * PI);
    assert!((std_dev_max_std_normal(2).unwrap() - v2.sqrt()).abs() < 1e-13);
    assert!((std_dev_max_std_normal(3).unwrap() - v3.sqrt()).abs() < 1e-13);
    // For large n the maximum is Gumbel with scale 1/a_n, a_n ≈ √(2 ln n): sd ≈ π/(√6 a_n).
    let n = 1_000_000_000u64;
    let sd = std_dev_max_std_normal(n).unwrap();
    let gumbel = PI / 6f64.sqrt() / (2.0 * (n as f64).ln()).sqrt();
    assert!((sd / gumbel - 1.0).abs() < 0.1, "{sd} vs {gumbel}");
}

#[test]
fn chen_tyler_error_against_the_exact_value() {
    // Relative error of c_n against e_n (Ahn et al. reference §2.5 table).
    let expected = [(2u64, 0.0623), (5, 0.0084), (10, -0.0012), (25, -0.0057), (100, -0.0072), (1000, -0.0067)];
    for (n, rel) in expected {
        let err = chen_tyler(n).unwrap().mean / expected_max_std_normal(n).unwrap() - 1.0;
        assert!((err - rel).abs() < 5e-4, "n = {n}: {err}");
    }
    // The approximation's relative error stays under 1 % from n = 5 to 10⁹.
    for n in [5u64, 50, 500, 5_000, 50_000, 1_000_000, 1_000_000_000] {
        let err = chen_tyler(n).unwrap().mean / expected_max_std_normal(n).unwrap() - 1.0;
        assert!(err.abs() < 0.01, "n = {n}: {err}");
    }
    // Standard deviation approximation within 5 % for n ≥ 2.
    for n in [2u64, 10, 100, 10_000, 1_000_000] {
        let err = chen_tyler(n).unwrap().sd / std_dev_max_std_normal(n).unwrap() - 1.0;
        assert!(err.abs() < 0.05, "n = {n}: {err}");
    }
}

#[test]
fn bounds_dominate_the_exact_value() {
    for n in [2u64, 10, 64, 1000, 1_000_000] {
        let e = expected_max_std_normal(n).unwrap();
        assert!(e <= david_bound(n, 1.0).unwrap() + 1e-15);
        assert!(e <= sqrt_2_ln_n_bound(n, 1.0).unwrap());
    }
}
