//! Dobber's own closed forms and procedures kept in loadbal-papers (the fitted lines of chapters
//! 2 and 4, the thresholds and rounded optima of models 1.1, 1.2 and 2.1, the trendlines of Table
//! 5.1) against the 50-digit and exact-rational references of `scripts/references/replication_fits.py`
//! (`tests/data/reference/replication_fits.csv`), each within the bound its `# Accuracy` section states.

#[path = "../../../tests/reference_support/mod.rs"]
mod reference_support;

use loadbal_papers::dobber_fits::{
    ccr_of_t, dlb_run_time_fit, dlb_speedup_fit, elb_run_time_fit, run_speedup, t_of_ccr, table_correlations,
    table_slopes,
};
use loadbal_papers::dobber_rules::{
    consistent_alpha_speedup_at_optimum, dependent_gain_threshold, dependent_lower_threshold,
    dependent_speedup_at_optimum, dependent_upper_threshold, independent_four_processor_thresholds,
    independent_full_threshold, independent_zero_threshold,
};
use reference_support::{Record, family, load, rel_err};

#[test]
fn fits_of_chapters_2_4_and_6() {
    let rows = load("replication_fits");
    let a = |r: &Record| r.f64("a");
    family(&rows, "ccr_of_t", 4.0 * f64::EPSILON, |r| vec![ccr_of_t(a(r)).unwrap()]);
    family(&rows, "t_of_ccr", 4.0 * f64::EPSILON, |r| vec![t_of_ccr(a(r)).unwrap()]);
    family(&rows, "elb_run_time_fit", 4.0 * f64::EPSILON, |r| vec![elb_run_time_fit(a(r)).unwrap()]);
    family(&rows, "dlb_run_time_fit", 4.0 * f64::EPSILON, |r| vec![dlb_run_time_fit(a(r)).unwrap()]);
    family(&rows, "dlb_speedup_fit", 8.0 * f64::EPSILON, |r| vec![dlb_speedup_fit(a(r)).unwrap()]);
    family(&rows, "run_speedup", f64::EPSILON, |r| vec![run_speedup(a(r), r.f64("b")).unwrap()]);
}

#[test]
fn thresholds_and_optima_of_models_11_12_21() {
    let rows = load("replication_fits");
    let p = |r: &Record, c: &str| r.u64(c);
    family(&rows, "dependent_lower_threshold", 1e-15, |_| vec![dependent_lower_threshold()]);
    family(&rows, "dependent_gain_threshold", 1e-15, |_| vec![dependent_gain_threshold()]);
    family(&rows, "dependent_upper_threshold", 1e-15, |r| vec![dependent_upper_threshold(p(r, "a")).unwrap()]);
    family(&rows, "independent_zero_threshold", 1e-15, |r| vec![independent_zero_threshold(p(r, "a")).unwrap()]);
    family(&rows, "independent_full_threshold", 1e-15, |r| vec![independent_full_threshold(p(r, "a")).unwrap()]);
    let [t1, t2, t3] = independent_four_processor_thresholds();
    let four: Vec<f64> = rows
        .iter()
        .filter(|r| r.str("function") == "independent_four_processor_thresholds")
        .map(|r| r.f64("value"))
        .collect();
    for (got, want) in [t1, t2, t3].iter().zip(&four) {
        assert!(rel_err(*got, *want) < 1e-15, "{got} vs {want}");
    }
    family(&rows, "dependent_speedup_at_optimum", 1e-13, |r| {
        vec![dependent_speedup_at_optimum(r.f64("a"), p(r, "b")).unwrap()]
    });
    family(&rows, "consistent_alpha_speedup_at_optimum", 1e-13, |r| {
        vec![consistent_alpha_speedup_at_optimum(r.f64("a"), p(r, "b")).unwrap()]
    });
}

#[test]
fn printed_table_5_1_slopes_and_correlations() {
    let rows = load("replication_fits");
    // Dobber, Table 5.1 as the rows read it (the fixture); the reference script computed its
    // exact slopes and correlations from the same printed table, so this also checks the fixture.
    let alpha = loadbal_papers::fixtures::dobber::TABLE_5_1_ALPHA;
    let slopes = table_slopes(&alpha).unwrap();
    family(&rows, "table_5_5_alpha_slope_p", 1e-13, |_| vec![slopes.along_p]);
    family(&rows, "table_5_5_alpha_slope_r", 1e-13, |_| vec![slopes.along_r]);
    let c = table_correlations(&alpha).unwrap();
    let (cr, cp) = (c.with_r, c.with_p);
    family(&rows, "table_correlations", 1e-13, |r| vec![if r.str("case") == "r" { cr } else { cp }]);
}

#[test]
fn golden_thresholds_and_consistent_alpha_curve() {
    // Dobber, Table G.5 (model 1.1 upper threshold) and Table G.7 (speedup at the optimum of the
    // model 1.2 special case α = √6/4, c_X = 0.8, p = 1..12), derived by hand from the formulas.
    for (p, w) in [(2u64, 0.734930), (8, 0.917289), (128, 0.994396)] {
        assert!((dependent_upper_threshold(p).unwrap() - w).abs() < 1e-6, "P = {p}");
    }
    let curve = [1.4604, 1.8667, 2.1637, 2.2713, 2.1210, 1.8639, 1.7013, 1.5903, 1.5096, 1.4483, 1.4002, 1.3614];
    for (p, w) in (1..=12).zip(curve) {
        assert!((consistent_alpha_speedup_at_optimum(0.8, 1 << p).unwrap() - w).abs() < 1e-4, "p = {p}");
    }
}
