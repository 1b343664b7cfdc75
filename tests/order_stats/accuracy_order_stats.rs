//! The order statistics against 50-digit references (mpmath, `scripts/references/order_stats.py`,
//! each by a method independent of the crate's): every row within the function's documented
//! accuracy. Each test prints its worst error, which the README's accuracy table reports.

use crate::reference_support;

#[allow(unused_imports)]
use crate::std_normal::*;
use loadbal::law::Law;
use loadbal::order_stats::*;
use reference_support::{load, rel_err};

/// Tracks the worst error of a family and prints it.
struct Worst {
    what: &'static str,
    err: f64,
    at: String,
    rows: usize,
    failures: Vec<String>,
}

impl Worst {
    fn new(what: &'static str) -> Worst {
        Worst { what, err: 0.0, at: String::new(), rows: 0, failures: Vec::new() }
    }

    fn check(&mut self, err: f64, bound: f64, at: impl Fn() -> String) {
        self.rows += 1;
        if err.is_nan() || err > bound {
            self.failures.push(format!("error {err:.2e} above the documented {bound:.0e} at {}", at()));
        }
        if err > self.err || self.at.is_empty() {
            self.err = err;
            self.at = at();
        }
    }
}

impl Drop for Worst {
    fn drop(&mut self) {
        eprintln!("{}: {} rows, worst error {:.2e} at {}", self.what, self.rows, self.err, self.at);
        if !self.failures.is_empty() && !std::thread::panicking() {
            panic!(
                "{}: {} rows outside the documented accuracy:\n{}",
                self.what,
                self.failures.len(),
                self.failures.join("\n")
            );
        }
    }
}

#[test]
fn normal_cdf_sf_log_cdf_and_quantiles_in_both_tails() {
    let mut cdf = Worst::new("Φ, Q (relative, values ≥ 1e−300; bound 1e−15 + 3e−16 z²)");
    let mut lncdf = Worst::new("ln Φ (relative, z ≥ −1000)");
    let mut quant = Worst::new("Φ⁻¹, upper quantile (relative, p ≥ 1e−300)");
    for row in load("order_stats_normal_tails") {
        let x = row.f64("x");
        match row.str("kind") {
            "z" => {
                let (want_cdf, want_sf, want_ln) = (row.f64("a"), row.f64("b"), row.f64("c"));
                if want_cdf > 1e-300 {
                    // erfc(|z|/√2) turns the rounding of z/√2 into a relative error of about z²·1e−16.
                    let bound = 1e-15 + 3e-16 * x * x;
                    cdf.check(rel_err(std_normal_cdf(x), want_cdf), bound, || format!("Φ({x})"));
                }
                if want_sf > 1e-300 {
                    cdf.check(rel_err(std_normal_sf(x), want_sf), 1e-15 + 3e-16 * x * x, || format!("Q({x})"));
                }
                lncdf.check(rel_err(std_normal_ln_cdf(x), want_ln), 1e-14, || format!("ln Φ({x})"));
                lncdf.check(rel_err(std_normal_ln_sf(-x), want_ln), 1e-14, || format!("ln Q({})", -x));
            }
            "p" => {
                let want = row.f64("a");
                quant.check(rel_err(std_normal_quantile(x), want), 1e-14, || format!("Φ⁻¹({x})"));
            }
            "q" => {
                let want = row.f64("a");
                quant.check(rel_err(upper_quantile(x), want), 1e-14, || format!("upper_quantile({x})"));
            }
            other => panic!("unknown kind {other}"),
        }
    }
}

#[test]
fn normal_maximum_mean_and_sd_up_to_2_pow_53() {
    let mut mean = Worst::new("E[max of n N(0,1)] (absolute, n ≤ 2^53)");
    let mut sd = Worst::new("sd[max of n N(0,1)] (absolute, n ≤ 2^53)");
    for row in load("order_stats_normal_max") {
        let n = row.u64("n");
        let got = order_stat_moments_std_normal(n, n).unwrap();
        mean.check((got.mean - row.f64("mean")).abs(), 1e-12, || format!("n = {n}"));
        assert_eq!(expected_max_std_normal(n).unwrap(), got.mean);
        assert_eq!(expected_min_std_normal(n).unwrap(), -got.mean);
        sd.check((got.sd - row.f64("sd")).abs(), 1e-12, || format!("n = {n}"));
    }
}

#[test]
fn normal_scores_including_middle_ranks() {
    let mut w = Worst::new("E[Z_(r:n)] (absolute)");
    for row in load("order_stats_normal_scores") {
        let (r, n) = (row.u64("r"), row.u64("n"));
        let got = expected_order_stat_std_normal(r, n).unwrap();
        w.check((got - row.f64("mean")).abs(), 1e-12, || format!("r = {r}, n = {n}"));
    }
}

#[test]
fn heterogeneous_normals() {
    let mut w = Worst::new("E[max], E[min] of independent normals (relative to max(|E|, σ_max))");
    let list = |s: &str| s.split(';').map(|x| x.parse::<f64>().unwrap()).collect::<Vec<f64>>();
    for row in load("order_stats_heterogeneous") {
        let (means, sds) = (list(row.str("means")), list(row.str("std_devs")));
        let scale = sds.iter().cloned().fold(0.0, f64::max);
        let (mx, mn) = (row.f64("max"), row.f64("min"));
        let got_max = expected_max_independent_normals(&means, &sds).unwrap();
        let got_min = expected_min_independent_normals(&means, &sds).unwrap();
        w.check((got_max - mx).abs() / mx.abs().max(scale), 1e-12, || format!("max of {means:?}, {sds:?}"));
        w.check((got_min - mn).abs() / mn.abs().max(scale), 1e-12, || format!("min of {means:?}, {sds:?}"));
    }
}

fn law_of(name: &str, p1: f64, p2: f64) -> Law {
    match name {
        "gamma" => Law::gamma(p1, p2),
        "lognormal" => Law::lognormal(p1, p2),
        "weibull" => Law::weibull(p1, p2),
        "pareto" => Law::pareto(p1, p2),
        "exponential" => Law::exponential(p1),
        "uniform" => Law::uniform(p1, p2),
        other => panic!("unknown law {other}"),
    }
    .unwrap()
}

#[test]
fn iid_means_and_standard_deviations_of_every_law() {
    let mut means = Worst::new("E[X_(r:n)] of gamma, log-normal, Weibull, Pareto, exponential, uniform (relative)");
    let mut sds = Worst::new("sd[X_(r:n)] of the same (relative to sd + 1e−3·mean)");
    let mut refused = 0;
    for row in load("order_stats_iid") {
        let name = row.str("law");
        let law = law_of(name, row.f64("p1"), row.f64("p2"));
        let (r, n) = (row.u64("r"), row.u64("n"));
        let (want_mean, want_sd) = (row.f64("mean"), row.f64("sd"));
        let at = || format!("{law}, r = {r}, n = {n}");
        let mean = match expected_order_stat_iid(&law, r, n) {
            Ok(m) => m,
            // The documented domain: central ranks deeper than 1e5 are refused (except normal, uniform).
            Err(OrderStatsError::OutsideAccuracyDomain { name: "r", .. }) if (r - 1).min(n - r) > 100_000 => {
                refused += 1;
                continue;
            }
            Err(e) => panic!("{}: {e}", at()),
        };
        means.check(rel_err(mean, want_mean), 1e-12, at);
        if r == n {
            assert_eq!(expected_max_iid(&law, n).unwrap(), mean);
        }
        if r == 1 {
            assert_eq!(expected_min_iid(&law, n).unwrap(), mean);
        }
        if want_sd > 0.0 {
            let m = order_stat_moments_iid(&law, r, n).unwrap_or_else(|e| panic!("{}: {e}", at()));
            // Documented: 1e−11 relative or 1e−14 of the mean, whichever is larger.
            let err = (m.sd - want_sd).abs() / (want_sd + 1e-3 * want_mean.abs());
            sds.check(err, 1e-11, at);
        }
    }
    eprintln!("central ranks deeper than 1e5 refused as documented: {refused} rows");
}

#[test]
fn minima_and_maxima_of_gamma_lognormal_and_weibull_by_the_cdf_form() {
    // scripts/references/order_stats.py `extremes`: the CDF form E = c + ∫_c^∞ (1 − G) − ∫_0^c G
    // in t = ln x (the crate integrates the density form over normal scores). Gamma shapes 0.01
    // … 10⁴, n = 1 … 10⁶, both extremes; a mean below f64's range must be refused.
    let mut means = Worst::new("E[min], E[max] of gamma, log-normal, Weibull (relative, CDF-form references)");
    let mut sds = Worst::new("sd of the same (relative to sd + 1e−3·mean)");
    let (mut rows, mut refused) = (0, 0);
    for row in load("order_stats_extremes") {
        let name = row.str("law");
        let law = law_of(name, row.f64("p1"), row.f64("p2"));
        let n = row.u64("n");
        let which = row.str("which");
        let r = if which == "max" { n } else { 1 };
        let (want_mean, want_sd) = (row.f64("mean"), row.f64("sd"));
        let at = || format!("{which} of {n} {law}");
        let got = if which == "max" { expected_max_iid(&law, n) } else { expected_min_iid(&law, n) };
        rows += 1;
        if want_mean < f64::MIN_POSITIVE {
            // Below f64's range (the minimum of 10⁶ Gamma(0.01) is 5e−443): refused, never 0.
            assert!(matches!(got, Err(OrderStatsError::ResultOutOfRange { .. })), "{}: {got:?}", at());
            refused += 1;
            continue;
        }
        let mean = got.unwrap_or_else(|e| panic!("{}: {e}", at()));
        means.check(rel_err(mean, want_mean), 1e-12, at);
        let m = order_stat_moments_iid(&law, r, n).unwrap_or_else(|e| panic!("{}: {e}", at()));
        // With the second moment the walk may go further: the same mean to the same accuracy.
        means.check(rel_err(m.mean, want_mean), 1e-12, at);
        sds.check((m.sd - want_sd).abs() / (want_sd + 1e-3 * want_mean.abs()), 1e-11, at);
    }
    eprintln!("{rows} rows, {refused} refused as below f64's range");
    assert_eq!(rows, 93, "rows of order_stats_extremes.csv");
}

#[test]
fn extremes_at_the_edges_of_the_accepted_parameters() {
    // scripts/references/order_stats_edges.py: closed forms. Weibull shapes 0.05 … 10⁴ (the
    // minimum is Weibull again; the maximum an alternating binomial sum at up to 460 digits),
    // n = 1 … 10⁶ (maximum to n = 1000); log-normal σ = 4.5 … 6 and gamma shapes 3·10⁴, 10⁵ at
    // n = 1, 2.
    let mut means = Worst::new("E[min], E[max] at the parameter edges (relative, closed forms)");
    for row in load("order_stats_edges") {
        let law = match row.str("law") {
            "weibull" => Law::weibull(row.f64("p1"), 1.0),
            "lognormal" => Law::lognormal(0.0, row.f64("p1")),
            _ => Law::gamma(row.f64("p1"), 1.0),
        }
        .unwrap();
        let (n, which) = (row.u64("n"), row.str("which"));
        let got = if which == "max" { expected_max_iid(&law, n) } else { expected_min_iid(&law, n) };
        let at = || format!("{which} of {n} {law}");
        let got = got.unwrap_or_else(|e| panic!("{}: {e}", at()));
        means.check(rel_err(got, row.f64("mean")), 1e-12, at);
    }
}
