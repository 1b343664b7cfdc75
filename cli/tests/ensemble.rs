//! `loadbal ensemble` as a user runs it: help, refusals, the simulated metrics beside the static
//! predictions, trajectories and grids.

mod common;
use common::{TempDir, help, hostile_loop, run, run_for};
use std::time::Duration;

#[test]
fn help_says_what_it_computes_and_lists_the_flags() {
    let text = help(&["ensemble"]);
    for word in ["--trajectory", "--dist", "--reps", "--grid", "--shard", "--json", "STATIC, MD, AR, RP, NR"] {
        assert!(text.contains(word), "--help lacks {word}: {text}");
    }
}

#[test]
fn bad_input_is_refused_with_the_values_own_error() {
    run(&["ensemble", "--bogus", "3"]).assert_error(2, "--bogus");
    run(&["ensemble", "--mu", "NaN"]).assert_error(2, "NaN");
    run(&["ensemble", "--sigma", "-1"]).assert_error(2, "-1 is not positive");
    run(&["ensemble", "--sigma", "0"]).assert_error(2, "not positive");
    run(&["ensemble", "--n", "-1"]).assert_error(2, "-1 is not a whole number");
    run(&["ensemble", "--dist", "weird"]).assert_error(2, "weird");
    run(&["ensemble", "--trajectory", "XY"]).assert_error(2, "XY");
    run(&["ensemble", "--p", "1"]).assert_error(2, "--p 1 must be at least 2");
    run(&["ensemble", "--reps", "0"]).assert_error(2, "--reps");
    run(&["ensemble", "--trajectory", "MD", "--grid", "g.csv"]).assert_error(2, "--grid");
}

#[test]
fn huge_runs_are_refused_at_once_not_aborted() {
    // Was: "memory allocation of 88000000000000 bytes failed", exit 134.
    let out = run_for(&["ensemble", "--reps", "1e12"], Duration::from_secs(20));
    out.assert_error(2, "--reps 1000000000000 would need 5e15 simulated task times");
    run_for(&["ensemble", "--n", "1e9"], Duration::from_secs(20)).assert_error(2, "--n 1000000000 exceeds");
    run_for(&["ensemble", "--p", "1e12"], Duration::from_secs(20)).assert_error(2, "--p 1000000000000 exceeds");
    run_for(&["ensemble", "--trajectory", "MD", "--n", "1e8", "--p", "1e4"], Duration::from_secs(20))
        .assert_error(2, "task cells to record");
}

#[test]
fn static_metrics_agree_with_the_static_prediction() {
    // Ahn et al.'s setting: the mean compute time is (n/p)·μ = 40 × 488.1 exactly in expectation,
    // and the simulated STATIC maximum agrees with the integral prediction E[Y_p] = 20973.3.
    let v = run(&["ensemble", "--reps", "400", "--json"]).json();
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 7, "five strategies and two predictions");
    let names: Vec<&str> = rows.iter().map(|r| r["strategy"].as_str().unwrap()).collect();
    assert_eq!(names[..5], ["Static", "MD", "AR", "RP", "NR"]);
    let (st, integral) = (&rows[0], &rows[5]);
    assert_eq!(integral["strategy"], "static prediction (integral)");
    assert!((integral["avg"].as_f64().unwrap() - 40.0 * 488.1).abs() < 1e-9);
    assert!((integral["max"].as_f64().unwrap() - 20_973.3).abs() < 0.5, "{integral}");
    let se = |sd: &str| st[sd].as_f64().unwrap() / 400f64.sqrt();
    assert!((st["max"].as_f64().unwrap() - integral["max"].as_f64().unwrap()).abs() < 5.0 * se("max_sd"), "{st}");
    assert!((st["min"].as_f64().unwrap() - integral["min"].as_f64().unwrap()).abs() < 5.0 * se("min_sd"), "{st}");
    // Balancing cuts the largest idle time.
    for r in &rows[1..5] {
        assert!(r["max_idle"].as_f64().unwrap() < st["max_idle"].as_f64().unwrap(), "{r}");
    }
}

#[test]
fn the_mutant_predictions_use_the_mixtures_moments_not_the_flags() {
    // Ahn et al., eq. (4b): the mutant's tasks have mean 152.0 s, so 40 tasks per processor take
    // 6,080 s on average, whatever --mu says (it once fell back to the wild type's 488.1 s).
    let v = run(&["ensemble", "--dist", "mutant", "--mu", "999", "--reps", "400", "--json"]).json();
    let rows = v.as_array().unwrap();
    let (st, integral) = (&rows[0], &rows[5]);
    assert!((integral["avg"].as_f64().unwrap() - 40.0 * 152.0).abs() < 1e-9, "{integral}");
    // The simulated average is the total of 1,000 task times over 25: sd √1000 · 191.1 / 25.
    let se = 1000f64.sqrt() * 191.1 / 25.0 / 400f64.sqrt();
    assert!((st["avg"].as_f64().unwrap() - 6_080.0).abs() < 5.0 * se, "{st}");
}

#[test]
fn normal_tasks_and_an_unequal_split_are_reported() {
    let v = run(&["ensemble", "--dist", "normal", "--reps", "20", "--json"]).json();
    assert!(v[5]["max"].as_f64().unwrap() > 20_000.0);
    let out = run(&["ensemble", "--n", "1000", "--p", "64", "--mu", "10", "--sigma", "3", "--reps", "10"]);
    out.assert_ok();
    let nr = run(&["ensemble", "--p", "8", "--reps", "10", "--json"]).json();
    assert!(nr[4]["note"].as_str().unwrap().contains("unavailable") && nr[3]["max"].as_f64().is_some(), "{nr}");
    // 1,000 tasks on 64 processors: E[max] = 186.13275992 (the library's documented value).
    assert!(out.stdout.contains("static prediction (integral)") && out.stdout.contains("186.133"), "{}", out.stdout);
    assert!(out.stdout.contains("unavailable: invalid p (Chen-Tyler) = 64"), "{}", out.stdout);
}

#[test]
fn a_trajectory_shows_every_balancing_step() {
    let v = run(&["ensemble", "--trajectory", "MD", "--n", "400", "--p", "8", "--json"]).json();
    let steps = v.as_array().unwrap();
    assert!(!steps.is_empty());
    for (k, s) in steps.iter().enumerate() {
        // A balancing step lowers the expected variance of the remaining times (Ahn et al., (11)).
        assert!(s["expected_variance_after"].as_f64().unwrap() <= s["expected_variance_before"].as_f64().unwrap());
        assert_eq!(s["final_rav"].is_null(), k + 1 < steps.len(), "{s}");
    }
}

#[test]
fn a_grid_crosses_points_with_strategies() {
    let dir = TempDir::new("ens_grid");
    let grid = dir.write("g.csv", "n,p,algorithm\n100,4,MD\n200,8,\n");
    let v = run(&["ensemble", "--grid", &grid, "--reps", "5", "--json"]).json();
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 1 + 5);
    assert_eq!((rows[0]["n"].as_u64(), rows[0]["algorithm"].as_str()), (Some(100), Some("MD")));
    assert_eq!((rows[5]["p"].as_u64(), rows[5]["algorithm"].as_str()), (Some(8), Some("NR")));
    // NR needs a square torus: 8 processors are not one, and the row says so.
    assert!(rows[5]["max"].is_null() && rows[5]["note"].as_str().unwrap().contains("perfect square"), "{}", rows[5]);
    assert!(rows[4]["max"].as_f64().is_some() && rows[4]["note"].is_null());
    // The mean compute time is (n/p)·μ in expectation, with a run's deviation √n·σ/p.
    assert!((rows[0]["avg"].as_f64().unwrap() - 25.0 * 488.1).abs() < 5.0 * 10.0 * 116.6 / 4.0 / 5f64.sqrt());
    let bad = dir.write("bad.csv", "n,p\n100,4\n100,1\n");
    run(&["ensemble", "--grid", &bad]).assert_error(2, "bad.csv:3:");
    let bad_alg = dir.write("bad_alg.csv", "algorithm\nXY\n");
    run(&["ensemble", "--grid", &bad_alg]).assert_error(2, "bad_alg.csv:2: column algorithm");
}

#[test]
fn no_hostile_value_panics() {
    hostile_loop(
        &["ensemble"],
        &[("--reps", "2"), ("--n", "50"), ("--p", "4")],
        &["--n", "--p", "--mu", "--sigma", "--reps", "--seed", "--trajectory", "--dist", "--shard", "--grid"],
    );
}

/// A grid of a million short lines (`100,4`, 6 MB) expands to five million rows of 27 cells: the
/// file's size passed the memory guard, and the table grew to about 12 GB (40,000 lines took
/// 500 MB). The table's size is now checked once the points are known, before any simulation.
#[test]
fn a_grid_whose_table_exceeds_the_memory_guard_is_refused_first() {
    let mut text = String::from("n,p\n");
    for _ in 0..1_000_000 {
        text.push_str("100,4\n");
    }
    let dir = TempDir::new("huge_grid");
    let grid = dir.write("grid.csv", &text);
    run(&["ensemble", "--reps", "2", "--grid", &grid]).assert_error(2, "the grid's table (5000000 rows) would need");
}
