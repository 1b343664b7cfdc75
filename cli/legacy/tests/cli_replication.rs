//! The replication example programs on bad input: one-line messages, exit 2 for usage errors and
//! 1 for failed computations, never a panic; and the guards on large inputs.

use crate::cli_support;

use cli_support::run;
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(120);

#[test]
fn replication_curves_help_and_bad_input() {
    let help = run("replication_curves", &["--help"], LIMIT);
    help.assert_ok();
    assert!(help.stdout.contains("REPLICATIONS") && help.stdout.contains("--processors"));
    run("replication_curves", &["--bogus"], LIMIT).assert_error(2, "--bogus");
    run("replication_curves", &["NaN"], LIMIT).assert_error(2, "NaN");
    run("replication_curves", &["-5"], LIMIT).assert_error(2, "-5");
    run("replication_curves", &["1.5"], LIMIT).assert_error(2, "1.5");
    run("replication_curves", &["0"], LIMIT).assert_error(2, "REPLICATIONS");
    run("replication_curves", &["100", "1", "--processors", "12"], LIMIT).assert_error(2, "power of two");
    // 1e11 replications of the exact model exceed its work limit: refused at once, not run.
    run("replication_curves", &["1e11"], LIMIT).assert_error(1, "exceeds the limit");
}

#[test]
fn replication_curves_prints_counts_beside_levels() {
    let out = run("replication_curves", &["200", "3", "--processors", "8"], LIMIT);
    out.assert_ok();
    let mut lines = out.stdout.lines();
    assert_eq!(lines.next(), Some("kind,model,c,p,r,value,std_err,processors,replicas"));
    let exact: Vec<&str> = out.stdout.lines().filter(|l| l.starts_with("exact,independent")).collect();
    assert_eq!(exact.len(), 4, "R = 1, 2, 4, 8 on P = 8");
    for l in exact {
        let cells: Vec<&str> = l.split(',').collect();
        let (p, r, procs, reps) = (cells[3], cells[4], cells[7], cells[8]);
        assert_eq!(procs, "8");
        assert_eq!(p, "3");
        assert_eq!(reps.parse::<u64>().unwrap(), 1u64 << r.parse::<u32>().unwrap());
    }
}

#[test]
fn replication_trace_bad_input() {
    let help = run("replication_trace", &["--help"], LIMIT);
    help.assert_ok();
    assert!(help.stdout.contains("--synthetic"));
    run("replication_trace", &["--bogus"], LIMIT).assert_error(2, "--bogus");
    run("replication_trace", &["no/such/trace.csv"], LIMIT).assert_error(2, "no/such/trace.csv");
    let dir = std::env::temp_dir().join(format!("loadbal_cli_replication_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.csv");
    std::fs::write(&empty, "").unwrap();
    run("replication_trace", &[empty.to_str().unwrap()], LIMIT).assert_error(2, "empty.csv");
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, "1,2\n3,abc\n").unwrap();
    run("replication_trace", &[bad.to_str().unwrap()], LIMIT).assert_error(2, "bad.csv");
    let negative = dir.join("negative.csv");
    std::fs::write(&negative, "1,2\n3,-4\n").unwrap();
    run("replication_trace", &[negative.to_str().unwrap()], LIMIT).assert_error(2, "negative.csv");
    let nan = dir.join("nan.csv");
    std::fs::write(&nan, "1,2\n3,NaN\n").unwrap();
    run("replication_trace", &[nan.to_str().unwrap()], LIMIT).assert_error(2, "nan.csv");
    let _ = std::fs::remove_dir_all(&dir);
    run("replication_trace", &["--synthetic", "4"], LIMIT).assert_error(2, "--synthetic");
    run("replication_trace", &["--synthetic", "-4", "10"], LIMIT).assert_error(2, "-4");
    run("replication_trace", &["--synthetic", "0", "10"], LIMIT).assert_error(2, "empty");
}

#[test]
fn replication_trace_memory_guard() {
    // 10^5 × 10^5 values would need about 300 GiB: refused before any allocation.
    let out = run("replication_trace", &["--synthetic", "100000", "100000"], Duration::from_secs(20));
    out.assert_error(2, "GiB");
}

#[test]
fn replication_trace_small_synthetic_round_trip() {
    let out = run("replication_trace", &["--synthetic", "2", "50"], LIMIT);
    out.assert_ok();
    assert_eq!(out.stdout.lines().count(), 51, "a header and 50 rows");
}
