//! The `queueing` example on good and bad input: help, unknown flags and values, mismatched
//! rates, oversized runs (exit 2 with a one-line message, never a panic).

use crate::cli_support;

use cli_support::run;
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(120);

#[test]
fn help_lists_the_flags() {
    let out = run("queueing", &["--help"], LIMIT);
    out.assert_ok();
    for flag in ["--table", "--lambda", "--horizon", "--reps", "--curves"] {
        assert!(out.stdout.contains(flag), "{flag} missing from --help: {}", out.stdout);
    }
}

#[test]
fn bad_flags_and_values_are_usage_errors() {
    run("queueing", &["--bogus"], LIMIT).assert_error(2, "--bogus");
    run("queueing", &["--table", "foo"], LIMIT).assert_error(2, "foo");
    run("queueing", &["--lambda", "0.1,x,0.1"], LIMIT).assert_error(2, "--lambda");
    run("queueing", &["--lambda", "0.1,-0.1,0.1"], LIMIT).assert_error(2, "negative");
    run("queueing", &["--horizon", "NaN"], LIMIT).assert_error(2, "--horizon");
    run("queueing", &["--horizon", "-5"], LIMIT).assert_error(2, "--horizon");
}

#[test]
fn rates_must_match_the_regions() {
    run("queueing", &["--lambda", "0.1,0.1"], LIMIT).assert_error(2, "--lambda has 2 rates, table 5.2 has 3 regions");
}

#[test]
fn oversized_horizon_is_refused_before_running() {
    run("queueing", &["--horizon", "1e12"], LIMIT).assert_error(2, "--horizon");
}

#[test]
fn a_short_run_prints_the_case_and_the_simulation() {
    let out =
        run("queueing", &["--table", "loose", "--lambda", "0.1,0.1,0.1", "--horizon", "2000", "--reps", "2"], LIMIT);
    out.assert_ok();
    assert!(out.stdout.contains("stability: Case 1"), "{}", out.stdout);
    assert!(out.stdout.contains("simulated Q_2"), "{}", out.stdout);
}
