//! The `remap_periodic` example on good and bad input: help, unknown flags, malformed laws,
//! oversized runs (exit 2 or 1 with a one-line message, never a panic).

use crate::cli_support;

use cli_support::run;
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(120);

#[test]
fn help_lists_the_flags() {
    let out = run("remap_periodic", &["--help"], LIMIT);
    out.assert_ok();
    for flag in ["--n", "--dist", "--bounds", "--reps", "--tmax", "--alternate"] {
        assert!(out.stdout.contains(flag), "{flag} missing from --help: {}", out.stdout);
    }
}

#[test]
fn bad_flags_and_laws_are_usage_errors() {
    run("remap_periodic", &["--bogus", "3"], LIMIT).assert_error(2, "--bogus");
    run("remap_periodic", &["--dist", "normal:0.1"], LIMIT)
        .assert_error(2, "normal needs two parameters MEAN,SD, got 1");
    run("remap_periodic", &["--dist", "cauchy:1,2"], LIMIT).assert_error(2, "unknown law");
    run("remap_periodic", &["--dist", "normal:0,-1"], LIMIT).assert_error(2, "std_dev");
    run("remap_periodic", &["--n", "1"], LIMIT).assert_error(2, "--n");
    run("remap_periodic", &["--bounds", "0.1,NaN"], LIMIT).assert_error(2, "--bounds");
    run("remap_periodic", &["--w", "-100"], LIMIT).assert_error(2, "--w");
    run("remap_periodic", &["--alternate", "0.1"], LIMIT).assert_error(2, "continuous law");
}

#[test]
fn oversized_runs_are_refused() {
    run("remap_periodic", &["--tmax", "1e12"], LIMIT).assert_error(2, "--tmax");
    run("remap_periodic", &["--reps", "1e9", "--tmax", "1000"], LIMIT).assert_error(1, "too large");
}

#[test]
fn table1_defaults_give_the_paper_intervals() {
    let out = run("remap_periodic", &["--reps", "20", "--tmax", "30", "--bounds", "0.1,0.3"], LIMIT);
    out.assert_ok();
    let json: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON output");
    assert_eq!(json["table"][0]["t_free"], 3);
    assert_eq!(json["table"][1]["t_free"], 28);
    assert_eq!(json["mean_variance"], 0.5);
}
