//! `dlt_network` and `dlt_tables` on good and bad input: exit codes and one-line messages.

use crate::cli_support;

use std::path::PathBuf;
use std::time::Duration;

use cli_support::run;

const LIMIT: Duration = Duration::from_secs(120);

/// A temporary input file with `contents`, unique to this test process.
fn input(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("loadbal_cli_dlt_{}_{name}", std::process::id()));
    std::fs::write(&path, contents).expect("write temp input");
    path
}

#[test]
fn dlt_network_solves_the_bundled_networks() {
    let o = run("dlt_network", &["examples/data/dlt_star.json"], LIMIT);
    o.assert_ok();
    assert!(o.stdout.starts_with("makespan,0.64"), "{}", o.stdout);
    let o = run("dlt_network", &["examples/data/dlt_tree.json"], LIMIT);
    o.assert_ok();
    assert!(o.stdout.contains("processor,alpha,participating"));
}

#[test]
fn dlt_network_help_and_usage_errors() {
    let o = run("dlt_network", &["--help"], LIMIT);
    o.assert_ok();
    assert!(o.stdout.contains("Usage"), "{}", o.stdout);
    run("dlt_network", &["--bogus"], LIMIT).assert_error(2, "--bogus");
    run("dlt_network", &["/no/such/network.json"], LIMIT).assert_error(2, "cannot read /no/such/network.json");
}

#[test]
fn dlt_network_bad_files_name_the_file() {
    let bad = input("malformed.json", "{\"kind\": \"star\", \"root\": ");
    run("dlt_network", &[bad.to_str().unwrap_or_default()], LIMIT).assert_error(2, "not a network description");
    let nan = input("nan.json", "{\"kind\": \"star\", \"root\": {\"FrontEnd\": {\"w\": NaN}}, \"children\": []}");
    run("dlt_network", &[nan.to_str().unwrap_or_default()], LIMIT).assert_error(2, "nan.json");
    let neg = input("negative.json", "{\"kind\": \"star\", \"root\": \"NonComputing\", \"children\": [[0.5, -1.0]]}");
    run("dlt_network", &[neg.to_str().unwrap_or_default()], LIMIT).assert_error(2, "child w[0] must be > 0, got -1");
    let root = input(
        "root.json",
        "{\"kind\": \"star\", \"root\": {\"NoFrontEnd\": {\"w\": -2.0}}, \"children\": [[0.5, 1.0]]}",
    );
    run("dlt_network", &[root.to_str().unwrap_or_default()], LIMIT).assert_error(2, "root w[0] must be > 0, got -2");
    let old = input("old.json", "{\"kind\": \"star\", \"root\": \"FrontEnd\", \"w_root\": 2.0, \"children\": []}");
    run("dlt_network", &[old.to_str().unwrap_or_default()], LIMIT).assert_error(2, "old.json");
    for p in [bad, nan, neg, root, old] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn dlt_tables_runs_and_refuses_bad_values() {
    let o = run(
        "dlt_tables",
        &["--max-processors", "1e9", "--max-depth", "3", "--max-mesh-side", "5", "--installments", "2"],
        LIMIT,
    );
    o.assert_ok();
    assert!(o.stdout.contains("bus,0.05,536870912,"), "{}", o.stdout);
    let o = run("dlt_tables", &["--help"], LIMIT);
    o.assert_ok();
    assert!(o.stdout.contains("--max-processors"));
    run("dlt_tables", &["--bogus"], LIMIT).assert_error(2, "--bogus");
    run("dlt_tables", &["--sigma", "nan"], LIMIT).assert_error(2, "--sigma");
    run("dlt_tables", &["--sigma", "0.1,-1"], LIMIT).assert_error(2, "-1 is not positive");
    run("dlt_tables", &["--max-processors", "1.5"], LIMIT).assert_error(2, "--max-processors");
    run("dlt_tables", &["--workers", "-2"], LIMIT).assert_error(2, "--workers");
    run("dlt_tables", &["--max-processors", "1"], LIMIT).assert_error(2, "--max-processors must be at least 2");
    run("dlt_tables", &["--workers", "1e6", "--installments", "1e9"], LIMIT).assert_error(2, "GiB limit");
}
