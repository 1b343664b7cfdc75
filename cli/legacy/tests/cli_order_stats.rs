//! The order_stats example on good and bad input: `--help`, unknown flags, NaN, negative and
//! too large values each give one line and exit code 2, never a panic.

use crate::cli_support;

use cli_support::run;
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(60);

#[test]
fn help_lists_the_flags_with_defaults() {
    let out = run("order_stats", &["--help"], LIMIT);
    out.assert_ok();
    for flag in ["--law", "--replications", "--seed", "--max-n", "[default: 20000]"] {
        assert!(out.stdout.contains(flag), "--help lacks {flag}: {}", out.stdout);
    }
}

#[test]
fn bad_flags_and_values_are_refused_with_one_line() {
    run("order_stats", &["--bogus", "3"], LIMIT).assert_error(2, "--bogus");
    run("order_stats", &["--replications", "NaN"], LIMIT).assert_error(2, "NaN");
    run("order_stats", &["--replications", "-5"], LIMIT).assert_error(2, "-5");
    run("order_stats", &["--replications", "1e11"], LIMIT).assert_error(2, "--replications 100000000000");
    run("order_stats", &["--replications", "0"], LIMIT).assert_error(2, "--replications 0");
    run("order_stats", &["--max-n", "1e12"], LIMIT).assert_error(2, "--max-n");
    run("order_stats", &["--law", "gamma:-1,1"], LIMIT).assert_error(2, "shape");
    run("order_stats", &["--law", "gamma:nan,1"], LIMIT).assert_error(2, "nan");
    run("order_stats", &["--law", "cauchy:0,1"], LIMIT).assert_error(2, "unknown law");
    run("order_stats", &["--law", "normal:0"], LIMIT).assert_error(2, "2 parameter");
}

#[test]
fn a_small_run_prints_exact_values_and_monte_carlo() {
    let out = run("order_stats", &["--law", "exponential:1", "--replications", "2000", "--max-n", "4"], LIMIT);
    out.assert_ok();
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 2 + 3, "{}", out.stdout);
    // n = 2: E[max] = 1.5, E[min] = 0.5.
    let cells: Vec<f64> = lines[2].split(',').map(|c| c.parse().unwrap()).collect();
    assert_eq!(cells[0], 2.0);
    assert!((cells[1] - 1.5).abs() < 1e-13 && (cells[3] - 0.5).abs() < 1e-13, "{}", lines[2]);
    assert!((cells[4] - 1.5).abs() < 5.0 * cells[5], "{}", lines[2]);
}

#[test]
fn a_heavy_tail_runs_and_leaves_the_missing_deviation_empty() {
    let out = run("order_stats", &["--law", "pareto:1,1.5", "--replications", "100", "--max-n", "2"], LIMIT);
    out.assert_ok();
    assert!(out.stdout.lines().nth(2).is_some_and(|l| l.contains(",,")), "{}", out.stdout);
}
