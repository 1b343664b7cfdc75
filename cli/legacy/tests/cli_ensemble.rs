//! The ensemble example program on bad input: one-line messages, exit 2 for usage errors and 1
//! for failed computations, never a panic; size limits; the truncated normal task law.

use crate::cli_support;

use cli_support::run;
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(120);

#[test]
fn help_and_bad_flags() {
    let help = run("ensemble", &["--help"], LIMIT);
    help.assert_ok();
    assert!(help.stdout.contains("--trajectory") && help.stdout.contains("--dist"));
    run("ensemble", &["--bogus", "3"], LIMIT).assert_error(2, "--bogus");
    run("ensemble", &["--mu", "NaN"], LIMIT).assert_error(2, "NaN");
    run("ensemble", &["--sigma", "-1"], LIMIT).assert_error(2, "-1");
    run("ensemble", &["--sigma", "0"], LIMIT).assert_error(2, "not positive");
    run("ensemble", &["--n", "-3"], LIMIT).assert_error(2, "-3");
    run("ensemble", &["--dist", "weird"], LIMIT).assert_error(2, "weird");
    run("ensemble", &["--trajectory", "XY"], LIMIT).assert_error(2, "XY");
    run("ensemble", &["--p", "1"], LIMIT).assert_error(2, "--p");
    run("ensemble", &["--reps", "0"], LIMIT).assert_error(2, "--reps");
}

#[test]
fn huge_ensembles_are_refused_at_once() {
    let out = run("ensemble", &["--n", "1e9"], Duration::from_secs(20));
    out.assert_error(2, "--n 1000000000");
}

#[test]
fn normal_tasks_in_the_papers_setting_run() {
    // Ahn et al.'s setting with normal task times: the truncated law, no aborted run.
    let out = run("ensemble", &["--dist", "normal", "--reps", "20", "--json"], LIMIT);
    out.assert_ok();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["dist"], "normal");
    assert_eq!(v["simulations"].as_array().unwrap().len(), 5);
    assert!(v["prediction_integral"]["expected_max"].as_f64().unwrap() > 20_000.0);
}

#[test]
fn unequal_split_prediction_is_reported() {
    let out = run("ensemble", &["--n", "1000", "--p", "64", "--mu", "10", "--sigma", "3", "--reps", "10"], LIMIT);
    out.assert_ok();
    assert!(out.stdout.contains("static prediction (integral): E[max] 186.1328"), "{}", out.stdout);
    assert!(out.stdout.contains("static prediction (Chen-Tyler) unavailable"), "{}", out.stdout);
}
