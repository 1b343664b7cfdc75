//! The rows of issue 14's table that came back `Ok` but wrong, as regression tests at 1e−12
//! relative. Truth from mpmath at 50 digits (`scripts/references/order_stats.py` and closed
//! forms); the crate's earlier errors are noted per row.
#![allow(clippy::excessive_precision)] // the references are quoted to all the digits mpmath gave

#[allow(unused_imports)]
use crate::std_normal::*;
use loadbal::law::Law;
use loadbal::order_stats::*;

fn rel(got: f64, want: f64) -> f64 {
    ((got - want) / want).abs()
}

fn assert_rel(what: &str, got: f64, want: f64) {
    let e = rel(got, want);
    eprintln!("{what}: {got:.17e} vs {want:.17e}, relative error {e:.2e}");
    assert!(e <= 1e-12, "{what}: {got:e} vs {want:e} (relative error {e:.2e})");
}

#[test]
fn min_of_1000_gamma_0_1_is_2_09e_minus_24() {
    // Was 9.31e−10: statrs' inverse CDF stops at 1e−9 absolute.
    let got = expected_min_iid(&Law::gamma(0.1, 1.0).unwrap(), 1000).unwrap();
    assert_rel("E[min of 1000 Gamma(0.1, 1)]", got, 2.086_251_886_961_853_4e-24);
}

#[test]
fn min_of_1000_gamma_one_half() {
    // Was 1.7e−5 relative. For shape ½, S(u²) = erfc(u): E[min] = ∫ 2u erfc(u)^1000 du (mpmath).
    let got = expected_min_iid(&Law::gamma(0.5, 1.0).unwrap(), 1000).unwrap();
    assert_rel("E[min of 1000 Gamma(0.5, 1)]", got, 1.566_104_681_619_264_024_7e-6);
}

#[test]
fn mean_of_one_gamma_0_1_and_min_of_two_gamma_1_3() {
    // Were 1.4e−9 and 4e−10 relative. E[X] = a/β; the minimum of two Exp(3) is Exp(6).
    let got = expected_max_iid(&Law::gamma(0.1, 1.0).unwrap(), 1).unwrap();
    assert_rel("E[X] of Gamma(0.1, 1)", got, 0.1);
    let got = expected_min_iid(&Law::gamma(1.0, 3.0).unwrap(), 2).unwrap();
    assert_rel("E[min of 2 Gamma(1, rate 3)]", got, 1.0 / 6.0);
}

#[test]
fn max_of_lognormal_0_3_for_one_two_and_a_thousand() {
    // Were 2.2e−9, 6.3e−9, 1.5e−10 relative: the quadrature stopped on the density alone and
    // dropped the e^{3z}-weighted tail. n = 1: e^{4.5}; n = 2: 2 e^{4.5} Φ(3/√2).
    let law = Law::lognormal(0.0, 3.0).unwrap();
    assert_rel("E[max of 1 LogNormal(0, 3)]", expected_max_iid(&law, 1).unwrap(), 90.017_131_300_521_813_55);
    assert_rel("E[max of 2 LogNormal(0, 3)]", expected_max_iid(&law, 2).unwrap(), 176.983_145_120_899_718_2);
    assert_rel("E[max of 1000 LogNormal(0, 3)]", expected_max_iid(&law, 1000).unwrap(), 37_050.797_392_362_176_70);
}

/// Pareto(scale 1e308, shape 1e308): the maximum of n is scale·(1 + O(1/shape)), near f64's top,
/// and its second moment overflows. `order_stat_moments_iid` returned the mean with sd = NaN
/// (n = 2..4) or +inf (n = 5); the standard deviation it cannot hold is now an error, and the mean
/// alone is still given.
#[test]
fn pareto_near_the_top_of_f64_has_no_silent_nan_sd() {
    let law = Law::pareto(1e308, 1e308).unwrap();
    for n in 2..=6 {
        let m = order_stat_moments_iid(&law, n, n);
        assert!(
            matches!(&m, Err(e @ OrderStatsError::ResultOverflow { .. }) if e.to_string().contains("standard deviation")),
            "n = {n}: {m:?}"
        );
        // Closed form: E[max] = scale·nα/(nα − 1) = 1e308 up to 1e-308 relative.
        assert_rel("E[max]", expected_max_iid(&law, n).unwrap(), 1e308);
    }
}

/// Finite arguments whose answer is beyond ±f64::MAX give `ResultOverflow` naming the arguments,
/// not `Ok(±∞)`: σ = 1e308 times E[max of 2^53 standard normals] ≈ 8.4, μ + 0.56σ with
/// μ = 1.5e308 and σ = 1e308, and the normal law of σ = 1e308 through the law path. Just
/// inside the range, the closed forms.
#[test]
fn results_beyond_f64_max_are_errors_not_infinities() {
    let n = 1u64 << 53;
    let overflow = |r: Result<f64, OrderStatsError>, arg: &str| match r {
        Err(e @ OrderStatsError::ResultOverflow { .. }) => assert!(e.to_string().contains(arg), "{e}"),
        other => panic!("{arg}: expected ResultOverflow, got {other:?}"),
    };
    overflow(expected_max_normal(0.0, 1e308, n), "sd = 100000000000000000000");
    overflow(expected_min_normal(0.0, 1e308, n), "sd = 100000000000000000000");
    overflow(expected_max_normal(1.5e308, 1e308, 2), "mean = 150000000000000000000");
    overflow(expected_order_stat_normal(0.0, f64::MAX, n, n), "r = 9007199254740992");
    overflow(david_bound(n, 1e308), "n = 9007199254740992");
    overflow(sqrt_2_ln_n_bound(u64::MAX, 1e308), "n = 18446744073709551615");
    overflow(chen_tyler(n).and_then(|c| c.expected_max(0.0, 1e308)), "sd = 100000000000000000000");
    let wide = Law::normal(0.0, 1e308).unwrap();
    overflow(expected_max_iid(&wide, 1000), "n = 1000");
    overflow(expected_min_iid(&wide, 1000), "r = 1 of n = 1000");
    // Inside the range: E[max of 2] = σ/√π, E[max of 1] = μ, David's bound (n − 1)/√(2n − 1)·σ.
    assert_rel(
        "E[max of 2], σ = 1e307",
        expected_max_normal(0.0, 1e307, 2).unwrap(),
        1e307 / std::f64::consts::PI.sqrt(),
    );
    assert_eq!(expected_max_iid(&Law::normal(1e308, 1.0).unwrap(), 1).unwrap(), 1e308);
    assert_rel("David n = 5", david_bound(5, 1e307).unwrap(), 4.0 / 3.0 * 1e307);
}

/// The errors of independent non-identical normals name their arguments: an empty list and a
/// zero standard deviation said neither `means` nor `sds`.
#[test]
fn heterogeneous_errors_name_means_and_sds() {
    let empty = expected_max_independent_normals(&[], &[]).unwrap_err().to_string();
    assert!(empty.contains("means") && empty.contains("sds"), "{empty}");
    let zero = expected_min_independent_normals(&[1.0, 2.0], &[1.0, 0.0]).unwrap_err().to_string();
    assert!(zero.contains("sds") && zero.contains("got 0"), "{zero}");
}
