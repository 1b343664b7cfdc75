//! `loadbal remap periodic|markov|csv` as a user runs them: help, refusals with the flag, file
//! or line, paper values, Monte Carlo against the exact policy values, the memory and work guards.

mod common;
use common::{TempDir, help, hostile_loop, run, run_for};
use std::time::Duration;

const CHAIN: &str = "data/remap_chain.csv";

#[test]
fn every_remap_command_has_its_own_help() {
    let top = help(&["remap"]);
    for sub in ["periodic", "markov", "csv"] {
        assert!(top.contains(sub), "{top}");
    }
    let periodic = help(&["remap", "periodic"]);
    for flag in ["--n", "--dist", "--bounds", "--reps", "--tmax", "--alternate", "--view", "--shard", "Fong"] {
        assert!(periodic.contains(flag), "{flag} missing from remap periodic --help: {periodic}");
    }
    let markov = help(&["remap", "markov"]);
    for flag in [
        "--processes",
        "--levels",
        "--etas",
        "--target",
        "--imbalance",
        "--exchangeable",
        "--reps",
        "--seed",
        "--states",
        "--grid",
        "Yin",
    ] {
        assert!(markov.contains(flag), "{flag} missing from remap markov --help: {markov}");
    }
    // The help states the threshold the code applies (value-iteration counts up to 20,000 states,
    // checked below at 141² and 142² states).
    assert!(markov.contains("at most 20,000 states") && !markov.contains("100,000"), "{markov}");
    let csv = help(&["remap", "csv"]);
    for flag in ["--processes", "--eta", "--target", "--imbalance", "--product", "--only-remap", "load,p_1,...,p_L"] {
        assert!(csv.contains(flag), "{flag} missing from remap csv --help: {csv}");
    }
}

#[test]
fn periodic_refuses_bad_flags_and_laws_with_their_own_errors() {
    run(&["remap", "periodic", "--bogus", "3"]).assert_error(2, "--bogus");
    run(&["remap", "periodic", "--dist", "normal:0.1"]).assert_error(2, "normal needs two parameters MEAN,SD, got 1");
    run(&["remap", "periodic", "--dist", "cauchy:1,2"]).assert_error(2, "unknown law");
    run(&["remap", "periodic", "--dist", "normal:0,-1"]).assert_error(2, "invalid parameter sd = -1");
    run(&["remap", "periodic", "--n", "1"]).assert_error(2, "--n");
    run(&["remap", "periodic", "--bounds", "0.1,NaN"]).assert_error(2, "--bounds");
    // Was: "unexpected argument '-0' found".
    run(&["remap", "periodic", "--bounds", "-0.1"]).assert_error(2, "-0.1 is not positive");
    run(&["remap", "periodic", "--w", "-100"]).assert_error(2, "-100 is not positive");
    run(&["remap", "periodic", "--alternate", "0.1"]).assert_error(2, "continuous law");
    run(&["remap", "periodic", "--alternate", "-0.1", "--dist", "normal:0,1", "--reps", "20", "--tmax", "5"])
        .assert_ok();
}

#[test]
fn periodic_oversized_runs_are_refused_before_any_work() {
    run_for(&["remap", "periodic", "--tmax", "1e12"], Duration::from_secs(20)).assert_error(2, "--tmax");
    let out = run_for(&["remap", "periodic", "--reps", "1e9", "--tmax", "1000"], Duration::from_secs(20));
    out.assert_error(2, "increments to draw");
    assert!(out.stderr.contains("--shard K/N"));
    run_for(&["remap", "periodic", "--n", "1e12"], Duration::from_secs(20)).assert_error(2, "--n 1000000000000");
    run(&["remap", "periodic", "--shard", "1/2", "--shard-out", "/nonexistent/x.json"])
        .assert_error(2, "/nonexistent/x.json");
}

#[test]
fn periodic_defaults_give_the_papers_table_1_intervals() {
    // Fong et al., Table 1 (N = 64, w = 100, eq. (15)): T* = 3 for B = 0.1 and 28 for B = 0.3.
    let v = run(&["remap", "periodic", "--reps", "40", "--tmax", "30", "--bounds", "0.1,0.3", "--json"]).json();
    assert_eq!(v[0]["t_free"], 3);
    assert_eq!(v[1]["t_free"], 28);
    assert_eq!(v[0]["bound"], 0.1);
    let model = run(&["remap", "periodic", "--view", "model", "--reps", "1", "--tmax", "1", "--json"]).json();
    assert_eq!(model[0]["mean_variance"], 0.5);
    assert_eq!(model[0]["average_mean"], 0.0);
    // v(t) = √(N − 1)·σ√t / (w + μt) for identical processors: √(63 · 0.5 · 4)/100 at t = 4.
    let curves = run(&["remap", "periodic", "--view", "curves", "--reps", "200", "--tmax", "4", "--json"]).json();
    let rows = curves.as_array().unwrap();
    assert_eq!(rows.len(), 4);
    let v4 = rows[3]["v_model"].as_f64().unwrap();
    assert!((v4 - (63.0f64 * 0.5 * 4.0).sqrt() / 100.0).abs() < 1e-12, "{v4}");
    assert!((rows[3]["v_simulated"].as_f64().unwrap() / v4 - 1.0).abs() < 0.05);
}

#[test]
fn markov_policies_and_their_monte_carlo_check() {
    let v = run(&["remap", "markov", "--etas", "1,10", "--reps", "4000", "--json"]).json();
    assert_eq!(v[0]["remap_count"], 20);
    assert_eq!(v[1]["remap_count"], 2);
    for r in v.as_array().unwrap() {
        // The simulated cost from the most imbalanced state agrees with the policy's exact value.
        let (m, se, exact) =
            (r["mc_mean"].as_f64().unwrap(), r["mc_std_err"].as_f64().unwrap(), r["mc_start_value"].as_f64().unwrap());
        assert!((m - exact).abs() < 4.0 * se, "{r}");
        assert_eq!((r["mc_reps"].as_u64(), r["states"].as_u64()), (Some(4000), Some(36)));
        assert_eq!(r["mc_start"], "(5, 0)");
    }
    // Two exchangeable processes on 6 levels: C(7, 2) = 21 sorted load vectors.
    // Large numbers print in scientific notation (was: 309 digits for 1e308).
    let big = run(&["remap", "markov", "--etas", "1e300", "--reps", "0"]);
    big.assert_ok();
    assert!(big.stdout.lines().nth(1).unwrap().starts_with("1e300 "), "{}", big.stdout);
    let ex = run(&["remap", "markov", "--etas", "1", "--reps", "0", "--exchangeable", "--json"]).json();
    assert_eq!(ex[0]["states"], 21);
    assert_eq!(ex[0]["remap_count"], 10);
    assert!(ex[0]["mc_mean"].is_null());
}

#[test]
fn markov_value_iteration_counts_stop_at_the_documented_threshold() {
    let at = run(&["remap", "markov", "--levels", "141", "--etas", "5", "--reps", "0", "--json"]).json();
    assert_eq!(at[0]["states"], 141 * 141);
    assert!(at[0]["vi_iterations_1e-6"].as_u64().is_some(), "{at}");
    let above = run(&["remap", "markov", "--levels", "142", "--etas", "5", "--reps", "0", "--json"]).json();
    assert_eq!(above[0]["states"], 142 * 142);
    assert!(above[0]["vi_iterations_1e-6"].is_null(), "{above}");
}

#[test]
fn markov_value_iteration_leaves_a_count_it_did_not_reach_empty() {
    // 30 processes of 2 levels, uniform target: absorption in one step has probability about
    // 2⁻²⁹, so value iteration needs far more than 10⁶ sweeps to reach 1e-2 (V ≈ 3·10⁸). It
    // printed the limit, 1000000, as if it were the count.
    let args = ["remap", "markov", "--processes", "30", "--levels", "2", "--exchangeable", "--etas", "1"];
    let out = run_for(&[&args[..], &["--reps", "0", "--json"]].concat(), Duration::from_secs(60));
    out.assert_ok();
    let v = out.json();
    assert!(v[0]["vi_iterations_1e-2"].is_null() && v[0]["vi_iterations_1e-6"].is_null(), "{v}");
    assert!(out.stderr.contains("did not reach tolerance 1e-2 within 1000000 iterations"), "{}", out.stderr);
    // Policy iteration still solves it: expected time to balance ≈ 2²⁹ / 2 steps of cost ≥ 1/2.
    let value = v[0]["mc_start_value"].as_f64().unwrap();
    assert!((1e8..1e9).contains(&value), "{v}");
}

#[test]
fn markov_refuses_an_absorption_below_the_solvers_resolution() {
    // 50 processes of 2 levels with a uniform target: absorption in one step has probability at
    // most 2⁻⁴⁹ ≈ 1.8e-15. It failed with "no policy reaches absorption", which is false.
    let args = ["remap", "markov", "--processes", "50", "--levels", "2", "--exchangeable", "--etas", "1"];
    let out = run(&[&args[..], &["--reps", "0"]].concat());
    out.assert_error(
        2,
        "--processes 50 --levels 2 --target uniform: absorption in one step has probability at most 1.776e-15",
    );
    assert!(out.stderr.contains("not computable in double precision"), "{}", out.stderr);
    // A remap into the balanced states absorbs at once: the same chain solves.
    let ok = run(&[&args[..], &["--reps", "0", "--target", "balanced", "--json"]].concat()).json();
    assert_eq!(ok[0]["states"], 51);
    assert_eq!(ok[0]["mc_start_value"], 1.0);
}

#[test]
fn markov_auto_replications_keep_large_chains_short() {
    // The example printed nothing for over ten minutes: --reps auto sizes the check from
    // the solution (η = 13, most imbalanced start; balanced target keeps the solve short).
    let v = run_for(
        &[
            "remap",
            "markov",
            "--exchangeable",
            "--processes",
            "8",
            "--levels",
            "10",
            "--etas",
            "13",
            "--target",
            "balanced",
            "--json",
        ],
        Duration::from_secs(120),
    )
    .json();
    assert_eq!(v[0]["states"], 24_310);
    let reps = v[0]["mc_reps"].as_u64().unwrap();
    assert!((10..=20_000).contains(&reps), "{v}");
    let small = run(&["remap", "markov", "--etas", "3", "--json"]).json();
    assert_eq!(small[0]["mc_reps"], 20_000, "a small chain keeps the full check");
}

#[test]
fn markov_states_lists_every_decision() {
    let v = run(&["remap", "markov", "--etas", "1,10", "--states", "--json"]).json();
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 2 * 36);
    assert_eq!(rows.iter().filter(|r| r["eta"] == 1.0 && r["remap"] == 1).count(), 20);
    // A balanced state costs nothing.
    let balanced = rows.iter().find(|r| r["load_1"] == r["load_2"]).unwrap();
    assert_eq!(balanced["value"], 0.0);
}

#[test]
fn markov_refuses_bad_arguments_and_huge_chains() {
    run(&["remap", "markov", "--etas", "1,x"]).assert_error(2, "not a number");
    run(&["remap", "markov", "--etas", "-1"]).assert_error(2, "--etas -1");
    run(&["remap", "markov", "--etas", "inf"]).assert_error(2, "not finite");
    run(&["remap", "markov", "--processes", "8", "--levels", "1000"]).assert_error(2, "GiB");
    run(&["remap", "markov", "--bogus"]).assert_error(2, "--bogus");
    run(&["remap", "markov", "--levels", "-3"]).assert_error(2, "-3");
    // Was: an abort (exit 134) allocating the walk's kernel as a dense 65,535² matrix (34 GB),
    // and the chain's error then named --etas.
    let one = ["remap", "markov", "--processes", "1", "--levels", "65535", "--etas", "5"];
    run_for(&one, Duration::from_secs(60)).assert_error(2, "--processes 1 --levels 65535: ");
    // Was: an abort allocating the replications' outcomes.
    let out = run_for(&["remap", "markov", "--reps", "1e12"], Duration::from_secs(20));
    out.assert_error(2, "--reps 1000000000000 would need");
}

#[test]
fn markov_grid_sweeps_chains_and_costs() {
    let dir = TempDir::new("markov_grid");
    let grid = dir.write("g.csv", "processes,levels,eta,target\n2,6,1,uniform\n2,6,10,\n3,4,5,balanced\n");
    let v = run(&["remap", "markov", "--grid", &grid, "--reps", "500", "--json"]).json();
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!((rows[0]["remap_count"].as_u64(), rows[1]["remap_count"].as_u64()), (Some(20), Some(2)));
    assert_eq!((rows[2]["states"].as_u64(), rows[2]["target"].as_str()), (Some(64), Some("balanced")));
    let bad = dir.write("bad.csv", "levels\n6\n1\n");
    run(&["remap", "markov", "--grid", &bad]).assert_error(2, "bad.csv:3: column levels");
    let huge = dir.write("huge.csv", "processes,levels\n8,1000\n");
    run(&["remap", "markov", "--grid", &huge]).assert_error(2, "huge.csv:2:");
}

#[test]
fn csv_prints_the_remap_set_of_the_sample_chain() {
    let out = run(&["remap", "csv", CHAIN, "--processes", "3", "--eta", "20", "--csv"]);
    out.assert_ok();
    let mut lines = out.stdout.lines();
    assert_eq!(lines.next(), Some("load_1,load_2,load_3,remap,value"));
    let rows: Vec<Vec<f64>> = lines.map(|l| l.split(',').map(|x| x.parse().unwrap()).collect()).collect();
    // 35 sorted load vectors of 5 levels, 5 of them balanced.
    assert_eq!(rows.len(), 30);
    let remap: Vec<&Vec<f64>> = rows.iter().filter(|r| r[3] == 1.0).collect();
    assert!(!remap.is_empty() && remap.len() < 30, "{}", out.stdout);
    assert!(remap.iter().any(|r| r[0] == 10.0 && r[2] == 50.0));
    // The product space gives the same decisions for every permutation.
    let prod = run(&["remap", "csv", CHAIN, "--processes", "3", "--eta", "20", "--product", "--csv"]);
    prod.assert_ok();
    for line in prod.stdout.lines().skip(1) {
        let r: Vec<f64> = line.split(',').map(|x| x.parse().unwrap()).collect();
        let mut key = r[..3].to_vec();
        key.sort_by(f64::total_cmp);
        let ex = rows.iter().find(|e| e[..3] == key[..]).unwrap();
        assert_eq!(ex[3], r[3]);
        assert!((ex[4] - r[4]).abs() < 1e-9 * (1.0 + r[4].abs()));
    }
    let only = run(&["remap", "csv", CHAIN, "--processes", "3", "--eta", "20", "--only-remap", "--json"]).json();
    assert_eq!(only.as_array().unwrap().len(), remap.len());
}

#[test]
fn csv_errors_name_the_missing_argument_file_line_or_flag() {
    // Was: "the following required arguments were not provided:" without the argument.
    run(&["remap", "csv"]).assert_error(2, "the CHAIN argument is missing");
    run(&["remap", "csv", "no/such/file.csv"]).assert_error(2, "cannot read no/such/file.csv");
    let dir = TempDir::new("remap_csv");
    let bad = dir.write("short.csv", "load,a,b,c\n0,0.5,0.5,0\n1,0.5,0.5\n2,0,0.5,0.5\n");
    run(&["remap", "csv", &bad]).assert_error(2, "short.csv:3: expected 3 probabilities");
    let nan = dir.write("nan.csv", "0,0.5,0.5\n1,NaN,0.5\n");
    run(&["remap", "csv", &nan]).assert_error(2, "nan.csv:2: NaN is not finite");
    let word = dir.write("word.csv", "0,0.5,0.5\n1,half,0.5\n");
    run(&["remap", "csv", &word]).assert_error(2, "word.csv:2: not a number");
    let neg = dir.write("neg.csv", "# comment\n0,1.5,-0.5\n1,0.5,0.5\n");
    run(&["remap", "csv", &neg]).assert_error(2, "neg.csv:2: negative probability -0.5");
    let sum = dir.write("sum.csv", "0,0.5,0.4\n1,0.5,0.5\n");
    run(&["remap", "csv", &sum]).assert_error(2, "sum.csv:1: probabilities sum to 0.9");
    let twice = dir.write("twice.csv", "0,0.5,0.5\n0,0.5,0.5\n");
    run(&["remap", "csv", &twice]).assert_error(2, "twice.csv:2: load 0 appears twice");
    let binary = dir.write("binary.csv", "\u{0}\u{1}\u{2},\u{ff}\n");
    run(&["remap", "csv", &binary]).assert_error(2, "binary.csv");
    run(&["remap", "csv", CHAIN, "--eta", "-1"]).assert_error(2, "-1 is negative");
    run(&["remap", "csv", CHAIN, "--eta", "NaN"]).assert_error(2, "not finite");
    run(&["remap", "csv", CHAIN, "--frobnicate"]).assert_error(2, "--frobnicate");
    run(&["remap", "csv", CHAIN, "--processes", "0"]).assert_error(2, "--processes");
    run(&["remap", "csv", CHAIN, "--processes", "40", "--product"]).assert_error(2, "GiB");
}

#[test]
fn no_hostile_value_panics() {
    hostile_loop(
        &["remap", "periodic"],
        &[("--reps", "5"), ("--tmax", "5"), ("--n", "4")],
        &["--n", "--w", "--dist", "--alternate", "--bounds", "--reps", "--tmax", "--seed", "--view", "--shard"],
    );
    hostile_loop(
        &["remap", "markov"],
        &[("--reps", "5"), ("--etas", "2")],
        &["--processes", "--levels", "--etas", "--reps", "--seed", "--target", "--grid", "--shard"],
    );
    hostile_loop(&["remap", "csv", CHAIN], &[], &["--processes", "--eta", "--imbalance"]);
}

/// `/dev/zero` as a whole-text input (remap csv, replicate trace, dlt star): read with a limit, so
/// an endless input is a one-line refusal instead of an allocation that grows until it fails.
#[test]
fn endless_text_input_is_refused() {
    if !std::path::Path::new("/dev/zero").exists() {
        return;
    }
    for args in
        [&["remap", "csv", "/dev/zero"][..], &["replicate", "trace", "/dev/zero"], &["dlt", "star", "/dev/zero"]]
    {
        run(args).assert_error(2, "cannot read /dev/zero: longer than");
    }
}
