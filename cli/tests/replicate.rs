//! `loadbal replicate curves|trace` as a user runs them: help, refusals, output refused before
//! anything is printed, closed forms, and the guards on large inputs.

mod common;
use common::{TempDir, help, hostile_loop, run, run_for};
use std::time::Duration;

const TRACE: &str = "data/replication_trace.csv";

#[test]
fn both_commands_have_their_own_help() {
    let top = help(&["replicate"]);
    assert!(top.contains("curves") && top.contains("trace"), "{top}");
    let curves = help(&["replicate", "curves"]);
    for word in ["REPLICATIONS", "--processors", "--shard", "optimal_r", "Dobber"] {
        assert!(curves.contains(word), "{word} missing: {curves}");
    }
    let trace = help(&["replicate", "trace"]);
    for word in ["--synthetic", "TRACE", "speedup"] {
        assert!(trace.contains(word), "{word} missing: {trace}");
    }
}

#[test]
fn curves_refuse_bad_input() {
    run(&["replicate", "curves", "--bogus"]).assert_error(2, "--bogus");
    run(&["replicate", "curves", "NaN"]).assert_error(2, "NaN");
    run(&["replicate", "curves", "-5"]).assert_error(2, "-5 is not a whole number");
    run(&["replicate", "curves", "1.5"]).assert_error(2, "1.5");
    run(&["replicate", "curves", "0"]).assert_error(2, "REPLICATIONS");
    run(&["replicate", "curves", "100", "1", "--processors", "12"]).assert_error(2, "power of two");
    run(&["replicate", "curves", "100", "1", "--processors", "-4"]).assert_error(2, "-4 is not a whole number");
}

#[test]
fn a_huge_run_is_refused_before_anything_is_printed() {
    // Was: 207 KB of curves printed before the failure.
    let out = run_for(&["replicate", "curves", "1e12"], Duration::from_secs(20));
    out.assert_error(2, "exceeds the limit");
    assert!(out.stderr.contains("--shard K/N"), "{}", out.stderr);
    run(&["replicate", "curves", "--shard", "1/2", "--shard-out", "/nonexistent/s.json"])
        .assert_error(2, "/nonexistent");
}

#[test]
fn curves_print_counts_beside_levels_and_closed_forms() {
    let out = run(&["replicate", "curves", "4000", "3", "--processors", "8", "--csv"]);
    out.assert_ok();
    let mut reader = csv::Reader::from_reader(out.stdout.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        ["kind", "model", "c", "p", "r", "value", "std_err", "processors", "replicas"]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let exact: Vec<&csv::StringRecord> = rows.iter().filter(|r| &r[0] == "exact" && &r[1] == "independent").collect();
    assert_eq!(exact.len(), 4, "R = 1, 2, 4, 8 on P = 8");
    for r in &exact {
        assert_eq!((&r[3], &r[7]), ("3", "8"));
        assert_eq!(r[8].parse::<u64>().unwrap(), 1u64 << r[4].parse::<u32>().unwrap());
    }
    // Exponential jobs, independent copies: E V(1) = H_8 = 761/280 and E V(2) = 1.773582
    // (max of 4 Gamma(2, 2)), so the exact 2-JR speedup is 1.53242.
    let two = exact[1];
    let (s, se) = (two[5].parse::<f64>().unwrap(), two[6].parse::<f64>().unwrap());
    assert!((s - 761.0 / 280.0 / 1.773582).abs() < 5.0 * se, "{s} ± {se}");
    // Model 1.1 at c = 1 on P = 8 with R = 2: 1.25 (Dobber, eq. (5.22)).
    let m11 = rows.iter().find(|r| &r[0] == "approx" && &r[1] == "model 1.1" && &r[4] == "1").unwrap();
    assert_eq!(m11[5].parse::<f64>().unwrap(), 1.25);
    assert!(rows.iter().any(|r| &r[0] == "speedup") && rows.iter().any(|r| &r[0] == "optimal_r"));
}

#[test]
fn trace_refuses_bad_input_naming_the_file_or_flag() {
    run(&["replicate", "trace", "--bogus"]).assert_error(2, "--bogus");
    run(&["replicate", "trace"]).assert_error(2, "the TRACE argument is missing");
    run(&["replicate", "trace", "no/such/trace.csv"]).assert_error(2, "no/such/trace.csv");
    let dir = TempDir::new("trace_bad");
    for (name, text) in
        [("empty.csv", ""), ("bad.csv", "1,2\n3,abc\n"), ("negative.csv", "1,2\n3,-4\n"), ("nan.csv", "1,2\n3,NaN\n")]
    {
        let path = dir.write(name, text);
        run(&["replicate", "trace", &path]).assert_error(2, name);
    }
    run(&["replicate", "trace", "--synthetic", "4"]).assert_error(2, "--synthetic");
    run(&["replicate", "trace", "--synthetic", "-4", "10"]).assert_error(2, "-4 is not a whole number");
    // non-plain negative values reach the parser as one of the two values (they were joined as
    // --synthetic=-inf, leaving one value: "2 values required")
    run(&["replicate", "trace", "--synthetic", "-inf", "5"])
        .assert_error(2, "'-inf' for '--synthetic <P> <K>': -inf is not finite");
    run(&["replicate", "trace", "--synthetic", "5", "-1e-3"]).assert_error(2, "-1e-3 is not a whole number");
    run(&["replicate", "trace", "--synthetic", "4", "--seed", "3"]).assert_error(2, "found the option --seed");
    run(&["replicate", "trace", "--synthetic", "0", "10"]).assert_error(2, "empty");
    // 10^5 × 10^5 values would need about 300 GiB: refused before any allocation.
    run_for(&["replicate", "trace", "--synthetic", "100000", "100000"], Duration::from_secs(20)).assert_error(2, "GiB");
}

#[test]
fn a_synthetic_trace_round_trips_through_the_analysis() {
    let out = run(&["replicate", "trace", "--synthetic", "4", "200"]);
    out.assert_ok();
    assert_eq!(out.stdout.lines().count(), 201, "a header and 200 rows");
    let dir = TempDir::new("trace_round_trip");
    let path = dir.write("t.csv", &out.stdout);
    let v = run(&["replicate", "trace", &path, "--json"]).json();
    let rows = v.as_array().unwrap();
    // The trace's mean per processor is the mean of its column.
    let col0: Vec<f64> = out.stdout.lines().skip(1).map(|l| l.split(',').next().unwrap().parse().unwrap()).collect();
    let mean0 = col0.iter().sum::<f64>() / col0.len() as f64;
    let stat = rows.iter().find(|r| r["section"] == "stats" && r["item"] == "mean" && r["processor"] == "0").unwrap();
    assert!((stat["value"].as_f64().unwrap() - mean0).abs() < 1e-9 * mean0);
    assert!(rows.iter().any(|r| r["section"] == "speedup" && r["item"] == "4-JR"));
}

#[test]
fn the_sample_trace_is_analysed() {
    let v = run(&["replicate", "trace", TRACE, "--json"]).json();
    let rows = v.as_array().unwrap();
    for section in ["stats", "rmse", "jr_model", "speedup"] {
        assert!(rows.iter().any(|r| r["section"] == section), "no {section} rows");
    }
    // Every one-step RMSE is positive and finite.
    assert!(rows.iter().filter(|r| r["section"] == "rmse").all(|r| r["value"].as_f64().is_some_and(|x| x > 0.0)));
}

#[test]
fn no_hostile_value_panics() {
    hostile_loop(&["replicate", "curves", "200"], &[], &["--processors", "--shard"]);
    hostile_loop(&["replicate", "curves"], &[("--processors", "4")], &["--seed"]);
    hostile_loop(&["replicate", "trace", TRACE], &[], &["--seed"]);
    hostile_loop(&["replicate", "trace"], &[], &["--synthetic"]);
}

/// Positional numbers take every spelling of a negative number: `replicate curves -inf` used to
/// say "unexpected argument '-i' found"; an unknown option in their place is still refused by name.
#[test]
fn positional_numbers_take_negative_values_and_refuse_unknown_options() {
    run(&["replicate", "curves", "-inf"])
        .assert_error(2, "invalid value '-inf' for '[REPLICATIONS]': -inf is not finite");
    run(&["replicate", "curves", "100", "-1e-3"]).assert_error(2, "invalid value '-1e-3' for '[SEED]'");
    run(&["replicate", "curves", "--bogus"]).assert_error(2, "--bogus is not an option of this command");
    run(&["unaware", "graph", "data/unaware_graph.txt", "-inf"]).assert_error(2, "'<LOAD>': -inf is not finite");
    run(&["unaware", "graph", "data/unaware_graph.txt", "-1e-3"]).assert_error(2, "'<LOAD>': -1e-3 is not positive");
    run(&["unaware", "graph", "data/unaware_graph.txt", "1", "--bogus"]).assert_error(2, "'--bogus'");
    // Flags keep their meaning around the positionals.
    run(&["unaware", "graph", "data/unaware_graph.txt", "--json", "1"]).json();
}
