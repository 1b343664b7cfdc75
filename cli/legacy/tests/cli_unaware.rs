//! `unaware_dlt` on good and bad input: exit codes and one-line messages.

use crate::cli_support;

use std::path::PathBuf;
use std::time::Duration;

use cli_support::run;

const LIMIT: Duration = Duration::from_secs(120);

fn input(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("loadbal_cli_unaware_{}_{name}", std::process::id()));
    std::fs::write(&path, contents).expect("write temp input");
    path
}

#[test]
fn runs_the_thesis_examples() {
    let o = run("unaware_dlt", &["graph", "examples/data/unaware_graph.txt", "100"], LIMIT);
    o.assert_ok();
    assert!(o.stdout.lines().count() >= 6, "{}", o.stdout);
    let o = run("unaware_dlt", &["snp"], LIMIT);
    o.assert_ok();
    assert!(o.stdout.starts_with("phase,time,set,processor,load,phase_end"));
    let o = run("unaware_dlt", &["chain", "--n", "6"], LIMIT);
    o.assert_ok();
    assert!(o.stdout.contains("ESS,"));
}

#[test]
fn help_and_usage_errors() {
    let o = run("unaware_dlt", &["--help"], LIMIT);
    o.assert_ok();
    assert!(o.stdout.contains("graph") && o.stdout.contains("sweep"), "{}", o.stdout);
    run("unaware_dlt", &["graph", "--help"], LIMIT).assert_ok();
    assert_eq!(run("unaware_dlt", &[], LIMIT).code, Some(2));
    run("unaware_dlt", &["bogus"], LIMIT).assert_error(2, "bogus");
    run("unaware_dlt", &["snp", "--bogus"], LIMIT).assert_error(2, "--bogus");
    run("unaware_dlt", &["chain", "--n", "1"], LIMIT).assert_error(2, "--n 1");
    run("unaware_dlt", &["chain", "--n", "-3"], LIMIT).assert_error(2, "--n");
    run("unaware_dlt", &["chain", "--n", "1e9"], LIMIT).assert_error(2, "GiB limit");
    run("unaware_dlt", &["sweep", "--replications", "0"], LIMIT).assert_error(2, "--replications");
    run("unaware_dlt", &["trees", "--replications", "nan"], LIMIT).assert_error(2, "--replications");
}

#[test]
fn graph_input_errors_name_file_flag_and_line() {
    let g = "examples/data/unaware_graph.txt";
    run("unaware_dlt", &["graph", "/no/such/graph.txt", "100"], LIMIT)
        .assert_error(2, "cannot read /no/such/graph.txt");
    run("unaware_dlt", &["graph", g, "nan"], LIMIT).assert_error(2, "nan is not finite");
    run("unaware_dlt", &["graph", g, "-5"], LIMIT).assert_error(2, "LOAD");
    run("unaware_dlt", &["graph", g, "100", "--root", "99"], LIMIT).assert_error(2, "--root 99");
    run("unaware_dlt", &["graph", g, "100", "--t-star", "-1"], LIMIT).assert_error(2, "--t-star");
    let bad = input("bad.txt", "node 0 1\nnode 1 abc\nedge 0 1 0.5\n");
    run("unaware_dlt", &["graph", bad.to_str().unwrap_or_default(), "10"], LIMIT).assert_error(2, "line 2");
    let neg = input("neg.txt", "node 0 1\nnode 1 -2\nedge 0 1 0.5\n");
    run("unaware_dlt", &["graph", neg.to_str().unwrap_or_default(), "10"], LIMIT).assert_error(2, "neg.txt");
    let nan = input("nan.txt", "node 0 1\nnode 1 NaN\nedge 0 1 0.5\n");
    run("unaware_dlt", &["graph", nan.to_str().unwrap_or_default(), "10"], LIMIT).assert_error(2, "nan.txt");
    let json = input("bad.json", "{\"w\": [1.0,");
    run("unaware_dlt", &["graph", json.to_str().unwrap_or_default(), "10"], LIMIT).assert_error(2, "not a graph");
    for p in [bad, neg, nan, json] {
        let _ = std::fs::remove_file(p);
    }
}
