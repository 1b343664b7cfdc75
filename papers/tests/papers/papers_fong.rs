//! Fong et al.: Table 1 and the §3 example against the printed numbers, and the simulator
//! against the closed forms it checks (crate against crate: kept as tests, not as paper rows).

use crate::papers_support;
use loadbal::montecarlo::MonteCarlo;
use loadbal::order_stats::expected_max_std_normal;
use loadbal::remap::periodic::{Homogeneous, Increment, LoadCurves, LoadSimOptions};
use loadbal_papers::Status;
use papers_support::{assert_no_failure, find, rows};

const T_FREE: [(&str, f64); 9] = [
    ("3", 3.0),
    ("7", 7.0),
    ("12", 12.0),
    ("19", 19.0),
    ("28", 28.0),
    ("38", 38.0),
    ("50", 50.0),
    ("64", 64.0),
    ("79", 79.0),
];
const T_SIMU: [&str; 9] = ["3", "7", "13", "20", "29", "39", "51", "65", "79"];

#[test]
fn table1_t_free_is_the_printed_row() {
    let rows = rows("fong", "Table 1: optimal P_II intervals, formula");
    assert_no_failure(&rows);
    assert_eq!(rows.len(), 9);
    // Eq. (13) as printed has a ceiling, which gives one more step than every printed value; the
    // printed row is the floor (the definition "the maximum T* such that v(t) ≤ B"): `deviates`
    // with both values.
    for (r, (printed, value)) in rows.iter().zip(T_FREE) {
        assert_eq!((r.printed.as_deref(), r.status), (Some(printed), Status::Deviates), "{r:?}");
        assert_eq!(r.model, Some(value + 1.0));
        assert!(r.note.contains("ceiling") && r.note.contains("floor"), "{r:?}");
    }
}

#[test]
fn table1_t_simu_is_one_estimator_in_the_monte_carlo_column() {
    let rows = rows("fong", "Table 1: optimal P_II intervals, simulation");
    assert_no_failure(&rows);
    assert_eq!(rows.len(), 9);
    for (r, (printed, (_, free))) in rows.iter().zip(T_SIMU.iter().zip(T_FREE)) {
        assert_eq!(r.printed.as_deref(), Some(*printed));
        // The printed value is one 400-replication average: a single draw.
        assert_eq!(r.status, Status::Consistent, "{r:?}");
        assert!(r.table_p_value.is_some_and(|p| p > 0.001), "{r:?}");
        assert_eq!(r.model, Some(free));
        assert_ne!(r.monte_carlo, r.model);
        // Within two steps of the formula (the reference's own bound for the estimator).
        assert!((r.monte_carlo.unwrap() - free).abs() <= 2.0, "{r:?}");
        assert!(r.note.contains("average over 400 replications"));
    }
}

#[test]
fn section_3_example_t0_is_50_steps() {
    let text = rows("fong", "§3 text");
    // "Suppose processors' initial load level is 100 and the mean of workload change each time
    // step is 2. The most severe load imbalance occurs in 50 steps".
    // T_0 = w/μ on the text's own inputs: an echo, not a reproduction.
    let t0 = find(&text, "§3 text", "T_0");
    assert_eq!((t0.printed.as_deref(), t0.status, t0.model), (Some("50"), Status::PaperCheck, Some(50.0)));
    let p1 = rows("fong", "§3: P_I");
    assert_eq!(p1.len(), 3);
    assert!(p1.iter().all(|r| r.status == Status::Computed && r.printed.is_none()));
}

/// The simulated v(t) agrees with eq. (11) for the Table 1 setting (formerly a paper row).
#[test]
fn simulated_deviation_agrees_with_eq_11() {
    let model = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
    let mc = MonteCarlo::new(7, 2_000).unwrap();
    let c =
        LoadCurves::simulate(100.0, &[Increment::symmetric_birth_death(); 64], 80, &LoadSimOptions::new(mc)).unwrap();
    for t in [10u64, 25, 50, 79] {
        let v0 = model.v0(t as f64).unwrap();
        // v̂ is a ratio of means; over 2,000 replications its relative sd is about 0.2%.
        let v = c.v(t).unwrap();
        assert!((v / v0 - 1.0).abs() < 0.01, "t = {t}: {v} vs {v0}");
        // d̂ (eq. 8) is conservative: the simulated two-sided d(t) stays below it.
        assert!(c.d(t).unwrap() < model.d_hat(t as f64).unwrap(), "t = {t}");
        // Outside the simulated phases there is no value, not a NaN.
        assert!(c.v(0).is_err() && c.d(81).is_err() && c.d1(u64::MAX).is_err());
    }
}

/// Theorem 5.1 for identical normal increments: E[max_i w_i − w̄] = e_N √t σ (formerly a paper
/// row: the closed form against the simulator).
#[test]
fn expected_max_above_mean_is_e_n_sqrt_t_sigma() {
    let e64 = expected_max_std_normal(64).unwrap();
    let mc = MonteCarlo::new(11, 4_000).unwrap();
    let laws = [Increment::Normal { mean: 0.0, sd: 0.5f64.sqrt() }; 64];
    let sim = LoadCurves::simulate(100.0, &laws, 25, &LoadSimOptions::new(mc)).unwrap();
    for t in [4usize, 25] {
        let exact = e64 * (t as f64 * 0.5).sqrt();
        let est = sim.max_above[t - 1];
        assert!(est.agrees_with(exact, 4.0), "t = {t}: {est:?} vs {exact}");
    }
}
