//! The small functions of Dobber's replication chapters against 50-digit references computed
//! independently with mpmath and exact rationals (`scripts/references/replication_fits.py`):
//! CCR and the fits of ch. 4 and 6, least squares and Pearson on ill-conditioned data, the
//! statistic Y, the model 1.1/2.1 thresholds and optima, the closed-form iteration times at
//! `E X = 100`, the estimate of γ and the exact iteration times of exponential jobs. Each family
//! is checked against the bound its `# Accuracy` section documents.

use crate::closed_forms;
use crate::reference_support;

use loadbal::law::Law;
use loadbal::replication::{self, BetaMax, BetaMin, JrModel, JrParams, iteration_time};
use reference_support::{Record, family, load};

/// The data sets of the script, from the same integer rules.
fn dataset(name: &str) -> (Vec<f64>, Vec<f64>) {
    match name {
        "offset1e8" => (0..1000u64).map(|i| (1e8 + i as f64, 3e8 + 0.5 * i as f64 + ((i * 7919) % 13) as f64)).unzip(),
        "offset1e12" => (0..1000u64)
            .map(|i| (1e12 + 0.25 * i as f64, -2e12 + 0.75 * i as f64 + ((i * 104729) % 101) as f64 / 4.0))
            .unzip(),
        "plain" => (0..50u64).map(|i| (i as f64, ((i * i * 37) % 53) as f64)).unzip(),
        other => panic!("unknown data set {other}"),
    }
}

fn series(name: &str) -> Vec<f64> {
    let base = match name {
        "blocks" => 1000.0,
        "offset1e9" => 1e9,
        other => panic!("unknown series {other}"),
    };
    (0..4096u64).map(|i| base + ((i * 7919) % 97) as f64 + (50 * ((i / 8) % 3)) as f64).collect()
}

fn model(name: &str) -> JrParams {
    match name {
        "1.1" => JrParams::dependent_jobs(),
        "2.1" => JrParams::independent_jobs(),
        "1.2" => JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap(),
        "2.2" => JrParams::constant(0.5, 0.95, 0.7729812, 0.81).unwrap(),
        "1.3a" => JrParams::new(
            0.5,
            JrModel::DependentFittedBeta.planetlab_params().beta_max().clone(),
            BetaMin::Implied,
            1.0,
        )
        .unwrap(),
        "unit" => JrParams::new(0.5, BetaMax::Constant(1.0), BetaMin::Implied, 0.81).unwrap(),
        other => panic!("unknown model {other}"),
    }
}

#[test]
fn least_squares_pearson_and_line_crossing_on_ill_conditioned_data() {
    let rows = load("replication_fits");
    family(&rows, "threshold", 1e-15, |r| {
        let v: Vec<f64> = r.str("case").split(' ').map(|s| s.parse().unwrap()).collect();
        let l1 = replication::Line { slope: v[0], intercept: v[1] };
        let l2 = replication::Line { slope: v[2], intercept: v[3] };
        vec![l1.crossing(&l2).unwrap()]
    });
    let line = |r: &Record| {
        let (x, y) = dataset(r.str("case"));
        replication::LineFit::least_squares(&x, &y).unwrap()
    };
    family(&rows, "least_squares_slope", 1e-13, |r| vec![line(r).line.slope]);
    family(&rows, "least_squares_intercept", 1e-13, |r| vec![line(r).line.intercept]);
    // R² as an absolute error (it is 1 − SS_res/SS_tot: relative error grows as 1/R²).
    let mut worst = 0.0f64;
    for row in rows.iter().filter(|r| r.str("function") == "least_squares_r2") {
        let err = (line(row).r_squared - row.f64("value")).abs();
        worst = worst.max(err);
        assert!(err < 1e-13, "line {}: R² abs. error {err:e}", row.line);
    }
    eprintln!("least_squares_r2: worst absolute error {worst:e} (bound 1e-13)");
    family(&rows, "pearson_correlation", 1e-13, |r| {
        let (x, y) = dataset(r.str("case"));
        vec![replication::pearson_correlation(&x, &y).unwrap()]
    });
    family(&rows, "statistic_y", 1e-13, |_| {
        let v: Vec<f64> = (0..1000u64).map(|i| 1.0 + ((i * 7919) % 1000) as f64 / 7.0).collect();
        vec![replication::statistic_y(&v).unwrap()]
    });
}

#[test]
fn closed_form_iteration_times_at_mean_100() {
    let rows = load("replication_fits");
    family(&rows, "iteration_time_", 1e-13, |r| {
        let name = r.str("function").trim_start_matches("iteration_time_");
        let cv = r.f64("a");
        let job = if cv == 0.0 { Law::normal(100.0, 0.0) } else { Law::gamma_mean_sd(100.0, 100.0 * cv) }.unwrap();
        let oracle_job = closed_forms::Job { mean: 100.0, sd: 100.0 * r.f64("a") };
        let (rr, pp) = (r.u64("b"), r.u64("c"));
        let m = model(name);
        let mut v = vec![
            iteration_time(&job, rr, pp, &m).unwrap(),
            closed_forms::varying_beta_iteration_time(&oracle_job, rr, pp, &m).unwrap(),
        ];
        match name {
            "1.1" => v.push(closed_forms::dependent_iteration_time(&oracle_job, rr, pp).unwrap()),
            "2.1" => v.push(closed_forms::independent_iteration_time(&oracle_job, rr, pp).unwrap()),
            "1.2" | "2.2" => v.push(closed_forms::constant_beta_iteration_time(&oracle_job, rr, pp, &m).unwrap()),
            "unit" => v.push(closed_forms::implied_min_beta_iteration_time(&oracle_job, rr, pp, &m).unwrap()),
            _ => {}
        }
        v
    });
}

#[test]
fn estimate_gamma_on_offset_series() {
    let rows = load("replication_fits");
    family(&rows, "estimate_gamma", 1e-12, |r| {
        vec![replication::estimate_gamma(&series(r.str("case")), r.u64("a")).unwrap()]
    });
}

#[test]
fn exact_iteration_times_of_exponential_jobs() {
    let rows = load("replication_fits");
    family(&rows, "exponential_dependent_iteration_time", 1e-15, |r| {
        vec![
            replication::Dependence::SameProcessorSameIteration
                .exponential_iteration_time(1.0, r.u64("a"), r.u64("b"))
                .unwrap(),
        ]
    });
    family(&rows, "exponential_independent_iteration_time", 1e-12, |r| {
        vec![replication::Dependence::Independent.exponential_iteration_time(1.0, r.u64("a"), r.u64("b")).unwrap()]
    });
}

#[test]
fn small_speedups_and_first_level_estimates() {
    let rows = load("replication_fits");
    family(&rows, "dependent_small_speedups", 4.0 * f64::EPSILON, |r| {
        // Dobber, eq. (5.22), (5.27), (5.29): (R, P) = (2, 2), (2, 4), (4, 4), by the closed form.
        let (replicas, processors) = [(2, 2), (2, 4), (4, 4)][r.str("case").parse::<usize>().unwrap()];
        vec![closed_forms::dependent_speedup(r.f64("a"), replicas, processors).unwrap()]
    });
    family(&rows, "independent_speedup_2_on_4", 4.0 * f64::EPSILON, |r| {
        vec![closed_forms::independent_speedup_2_on_4(r.f64("a")).unwrap()]
    });
    let a: Vec<f64> = (0..2000u64).map(|i| 1e8 + ((i * 7919) % 997) as f64).collect();
    let b: Vec<f64> = (0..2000u64).map(|i| 1e8 + ((i * 104729) % 991) as f64).collect();
    let k = replication::FirstLevelConstants::estimate(&a, &b).unwrap();
    family(&rows, "estimate_first_level", 1e-12, |r| {
        vec![match r.str("case") {
            "alpha" => k.alpha,
            "beta_max" => k.beta_max,
            _ => k.beta_min,
        }]
    });
}

#[test]
fn trace_statistics_and_acf_of_offset_series() {
    let rows = load("replication_fits");
    let stats = |r: &Record| loadbal::replication::trace_stats(&series(r.str("case"))[..2000], 20).unwrap();
    family(&rows, "trace_stats_mean", 1e-12, |r| vec![stats(r).mean]);
    family(&rows, "trace_stats_sd", 1e-12, |r| vec![stats(r).sd]);
    family(&rows, "trace_stats_rmse_lv", 1e-12, |r| vec![stats(r).rmse_lv]);
    family(&rows, "trace_stats_sd_of_means", 1e-12, |r| vec![stats(r).sd_of_means]);
    // γ(h) and ρ(h) to 1e-12 of γ(0) and of 1 (absolute), as documented.
    let mut worst = 0.0f64;
    for row in rows.iter().filter(|r| matches!(r.str("function"), "autocovariance" | "acf")) {
        let y = &series(row.str("case"))[..2000];
        let h = row.u64("a") as usize;
        let g = loadbal::replication::autocovariance(y, h).unwrap();
        let (got, scale) = if row.str("function") == "acf" {
            (loadbal::replication::acf(y, h).unwrap()[h], 1.0)
        } else {
            (g[h], g[0])
        };
        let err = (got - row.f64("value")).abs() / scale;
        worst = worst.max(err);
        assert!(err < 1e-12, "line {}: {got} vs {} ({err:e})", row.line, row.str("value"));
    }
    eprintln!("autocovariance/acf: worst error {worst:e} (scaled by γ(0); bound 1e-12)");
}
