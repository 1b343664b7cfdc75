#![allow(clippy::needless_range_loop)]
//! The remapping example programs as a user runs them: success, and one-line errors with exit
//! code 2 for bad files, bad CSV lines, unknown flags, NaN and negative values.

use crate::cli_support;
use cli_support::run;
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(120);

fn temp_csv(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("loadbal_remap_cli_{}_{name}.csv", std::process::id()));
    std::fs::write(&path, text).expect("temp file");
    path.to_string_lossy().into_owned()
}

#[test]
fn remap_csv_prints_the_remap_set_of_the_sample_chain() {
    let out = run("remap_csv", &["examples/data/remap_chain.csv", "--processes", "3", "--eta", "20"], LIMIT);
    out.assert_ok();
    let mut lines = out.stdout.lines();
    assert_eq!(lines.next(), Some("load_1,load_2,load_3,remap,value"));
    let rows: Vec<Vec<f64>> = lines.map(|l| l.split(',').map(|x| x.parse().unwrap()).collect()).collect();
    // 35 sorted load vectors of 5 levels, 5 of them balanced.
    assert_eq!(rows.len(), 30);
    let remap: Vec<&Vec<f64>> = rows.iter().filter(|r| r[3] == 1.0).collect();
    assert!(!remap.is_empty() && remap.len() < 30, "{}", out.stdout);
    // The most spread state (10, 10, 50) or (10, 50, 50) remaps; remapping states cost η + E[V].
    assert!(remap.iter().any(|r| r[0] == 10.0 && r[2] == 50.0));
    // The product space prints the same decisions for every permutation.
    let prod =
        run("remap_csv", &["examples/data/remap_chain.csv", "--processes", "3", "--eta", "20", "--product"], LIMIT);
    prod.assert_ok();
    for line in prod.stdout.lines().skip(1) {
        let r: Vec<f64> = line.split(',').map(|x| x.parse().unwrap()).collect();
        let mut key = r[..3].to_vec();
        key.sort_by(f64::total_cmp);
        let ex = rows.iter().find(|e| e[..3] == key[..]).unwrap();
        assert_eq!(ex[3], r[3]);
        assert!((ex[4] - r[4]).abs() < 1e-9 * (1.0 + r[4].abs()));
    }
}

#[test]
fn remap_csv_errors_name_the_file_line_or_flag() {
    run("remap_csv", &["no/such/file.csv"], LIMIT).assert_error(2, "cannot read no/such/file.csv");
    let bad = temp_csv("short", "load,a,b,c\n0,0.5,0.5,0\n1,0.5,0.5\n2,0,0.5,0.5\n");
    run("remap_csv", &[&bad], LIMIT).assert_error(2, ":3: expected 3 probabilities");
    let nan = temp_csv("nan", "0,0.5,0.5\n1,NaN,0.5\n");
    run("remap_csv", &[&nan], LIMIT).assert_error(2, ":2: NaN is not finite");
    let word = temp_csv("word", "0,0.5,0.5\n1,half,0.5\n");
    run("remap_csv", &[&word], LIMIT).assert_error(2, ":2: not a number");
    let neg = temp_csv("neg", "# comment\n0,1.5,-0.5\n1,0.5,0.5\n");
    run("remap_csv", &[&neg], LIMIT).assert_error(2, ":2: negative probability -0.5");
    let sum = temp_csv("sum", "0,0.5,0.4\n1,0.5,0.5\n");
    run("remap_csv", &[&sum], LIMIT).assert_error(2, ":1: probabilities sum to 0.9");
    let ok = "examples/data/remap_chain.csv";
    run("remap_csv", &[ok, "--eta", "-1"], LIMIT).assert_error(2, "negative");
    run("remap_csv", &[ok, "--eta", "NaN"], LIMIT).assert_error(2, "not finite");
    run("remap_csv", &[ok, "--frobnicate"], LIMIT).assert_error(2, "--frobnicate");
    run("remap_csv", &[ok, "--processes", "0"], LIMIT).assert_error(2, "--processes");
    run("remap_csv", &[ok, "--processes", "40", "--product"], LIMIT).assert_error(2, "GiB");
    for f in [bad, nan, word, neg, sum] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn remap_markov_runs_and_refuses_bad_arguments() {
    let out = run("remap_markov", &["--etas", "1,10", "--reps", "2000"], LIMIT);
    out.assert_ok();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["results"][0]["remap_count"], 20);
    assert_eq!(v["results"][1]["remap_count"], 2);
    let ex = run("remap_markov", &["--etas", "1", "--reps", "0", "--exchangeable"], LIMIT);
    ex.assert_ok();
    let v: serde_json::Value = serde_json::from_str(&ex.stdout).unwrap();
    assert_eq!(v["states"], 21);
    assert_eq!(v["results"][0]["remap_count"], 10);
    run("remap_markov", &["--etas", "1,x"], LIMIT).assert_error(2, "not a number");
    run("remap_markov", &["--etas", "-1"], LIMIT).assert_error(2, "--etas -1");
    run("remap_markov", &["--etas", "inf"], LIMIT).assert_error(2, "not finite");
    run("remap_markov", &["--processes", "8", "--levels", "1000"], LIMIT).assert_error(2, "GiB");
    run("remap_markov", &["--bogus"], LIMIT).assert_error(2, "--bogus");
}

#[test]
fn remap_programs_list_their_flags_in_help() {
    let markov = run("remap_markov", &["--help"], LIMIT);
    markov.assert_ok();
    for flag in
        ["--processes", "--levels", "--etas", "--target", "--imbalance", "--exchangeable", "--reps", "--seed", "--full"]
    {
        assert!(markov.stdout.contains(flag), "{flag} missing from remap_markov --help: {}", markov.stdout);
    }
    let csv = run("remap_csv", &["--help"], LIMIT);
    csv.assert_ok();
    for flag in ["--processes", "--eta", "--target", "--imbalance", "--product", "--only-remap"] {
        assert!(csv.stdout.contains(flag), "{flag} missing from remap_csv --help: {}", csv.stdout);
    }
}
