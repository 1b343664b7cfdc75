//! `loadbal order-stats` as a user runs it: help, refusals, exact values against closed forms,
//! Monte Carlo against them, the three output formats and parameter grids.

mod common;
use common::{TempDir, help, hostile_loop, run};

#[test]
fn help_says_what_it_computes_and_lists_the_flags() {
    let text = help(&["order-stats"]);
    assert!(text.contains("order statistics"), "{text}");
    for flag in
        ["--law", "--replications", "--seed", "--max-n", "--grid", "--shard", "--json", "--csv", "[default: 20000]"]
    {
        assert!(text.contains(flag), "--help lacks {flag}: {text}");
    }
    assert!(text.contains("Chen–Tyler"), "the long help says what it computes: {text}");
}

#[test]
fn bad_flags_and_values_are_refused_with_one_line() {
    run(&["order-stats", "--bogus", "3"]).assert_error(2, "--bogus");
    run(&["order-stats", "--replications", "NaN"]).assert_error(2, "NaN");
    // A negative number is read as the flag's value, and its own error shows.
    run(&["order-stats", "--replications", "-5"]).assert_error(2, "-5 is not a whole number");
    run(&["order-stats", "--max-n", "-3"]).assert_error(2, "-3 is not a whole number");
    run(&["order-stats", "--replications", "0"]).assert_error(2, "--replications 0");
    run(&["order-stats", "--max-n", "1e12"]).assert_error(2, "--max-n");
    run(&["order-stats", "--law", "gamma:-1,1"]).assert_error(2, "shape");
    run(&["order-stats", "--law", "gamma:nan,1"]).assert_error(2, "nan");
    run(&["order-stats", "--law", "cauchy:0,1"]).assert_error(2, "unknown law");
    run(&["order-stats", "--law", "normal:0"]).assert_error(2, "2 parameter");
}

#[test]
fn runs_beyond_one_process_are_refused_before_any_work_with_a_hint() {
    let out = run(&["order-stats", "--replications", "1e11"]);
    out.assert_error(2, "--replications 100000000000");
    assert!(out.stderr.contains("--shard K/N"), "{}", out.stderr);
    // A shard of the same run is this process's share: 1e11 / 1000 = 1e8 replications.
    let dir = TempDir::new("os_share");
    let shard = dir.path("s.json");
    let out = run(&["order-stats", "--replications", "1e11", "--shard", "1/999", "--shard-out", &shard]);
    out.assert_error(2, "replications per sample size");
    // The shard file's directory is checked before any work.
    run(&["order-stats", "--shard", "1/2", "--shard-out", "/nonexistent/dir/s.json"])
        .assert_error(2, "/nonexistent/dir/s.json");
    run(&["order-stats", "--shard", "0/2", "--shard-out", &shard]).assert_error(2, "K must be between 1 and N");
    run(&["order-stats", "--shard", "1/2"]).assert_error(2, "--shard-out");
}

#[test]
fn exponential_extremes_match_the_harmonic_closed_forms() {
    // E[max of n Exp(1)] = H_n, E[min] = 1/n, sd(max)² = Σ 1/k².
    let out = run(&["order-stats", "--law", "exponential:1", "--replications", "4000", "--max-n", "30", "--json"]);
    let v = out.json();
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 19 + 2, "n = 2..20, 25, 30");
    for r in rows {
        let n = r["n"].as_u64().unwrap();
        let h: f64 = (1..=n).map(|k| 1.0 / k as f64).sum();
        let s2: f64 = (1..=n).map(|k| 1.0 / (k * k) as f64).sum();
        assert!((r["exact_max"].as_f64().unwrap() - h).abs() < 1e-12 * h, "{r}");
        assert!((r["exact_min"].as_f64().unwrap() - 1.0 / n as f64).abs() < 1e-13, "{r}");
        assert!((r["exact_sd"].as_f64().unwrap() - s2.sqrt()).abs() < 1e-9, "{r}");
        let (m, se) = (r["mc_mean"].as_f64().unwrap(), r["mc_std_err"].as_f64().unwrap());
        assert!((m - h).abs() < 5.0 * se, "Monte Carlo {m} ± {se} against H_{n} = {h}");
        assert_eq!(r["law"], "exponential:1");
        assert!(r["chen_tyler"].is_null());
    }
}

#[test]
fn the_three_formats_agree_and_the_standard_normal_has_chen_tyler() {
    let args = ["order-stats", "--replications", "500", "--max-n", "3"];
    let table = run(&args);
    table.assert_ok();
    let lines: Vec<&str> = table.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "a header and n = 2, 3: {}", table.stdout);
    assert!(lines[0].starts_with("law") && lines[0].contains("chen_tyler_rel_err"));
    let csv = run(&[&args[..], &["--csv"]].concat());
    csv.assert_ok();
    assert!(
        csv.stdout.starts_with("law,n,exact_max,exact_sd,exact_min,mc_mean,mc_std_err,chen_tyler,chen_tyler_rel_err\n")
    );
    let mut reader = csv::Reader::from_reader(csv.stdout.as_bytes());
    let first = reader.records().next().unwrap().unwrap();
    let json = run(&[&args[..], &["--json"]].concat()).json();
    // E[max of two standard normals] = 1/√π; E[min] = −1/√π.
    let r = &json[0];
    let inv_sqrt_pi = 1.0 / std::f64::consts::PI.sqrt();
    assert!((r["exact_max"].as_f64().unwrap() - inv_sqrt_pi).abs() < 1e-12);
    assert!((r["exact_min"].as_f64().unwrap() + inv_sqrt_pi).abs() < 1e-12);
    assert!(r["chen_tyler"].as_f64().is_some() && r["chen_tyler_rel_err"].as_f64().unwrap().abs() < 0.1);
    // CSV carries the same numbers to the last bit.
    assert_eq!(&first[0], "normal:0,1");
    assert_eq!(first[2].parse::<f64>().unwrap(), r["exact_max"].as_f64().unwrap());
    assert_eq!(first[5].parse::<f64>().unwrap(), r["mc_mean"].as_f64().unwrap());
}

#[test]
fn a_heavy_tail_runs_and_leaves_the_missing_deviation_empty() {
    let v = run(&["order-stats", "--law", "pareto:1,1.5", "--replications", "100", "--max-n", "2", "--json"]).json();
    assert!(v[0]["exact_sd"].is_null(), "{v}");
    // E[max of two Pareto(1, α)] = 2α²/((α − 1)(2α − 1)) = 2·2.25/(0.5·2) = 4.5.
    assert!((v[0]["exact_max"].as_f64().unwrap() - 4.5).abs() < 1e-9, "{v}");
}

#[test]
fn a_grid_gives_one_row_per_point_and_names_bad_lines() {
    let dir = TempDir::new("os_grid");
    let grid = dir.write("grid.csv", "n,law\n2,exponential:1\n# a comment\n4,\"uniform:0,1\"\n1e3,\n");
    let v = run(&["order-stats", "--grid", &grid, "--replications", "200", "--json"]).json();
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    // E[max of 4 U(0,1)] = 4/5; the empty law takes --law (the standard normal).
    assert_eq!((rows[1]["law"].as_str(), rows[1]["n"].as_u64()), (Some("uniform:0,1"), Some(4)));
    assert!((rows[1]["exact_max"].as_f64().unwrap() - 0.8).abs() < 1e-12);
    assert_eq!((rows[2]["law"].as_str(), rows[2]["n"].as_u64()), (Some("normal:0,1"), Some(1000)));
    let bad = dir.write("bad.csv", "n\n2\n1\n");
    run(&["order-stats", "--grid", &bad]).assert_error(2, "bad.csv:3: column n: n 1 is outside");
    let unknown = dir.write("unknown.csv", "n,colour\n2,red\n");
    run(&["order-stats", "--grid", &unknown]).assert_error(2, "unknown.csv:2: unknown field `colour`");
    let empty = dir.write("empty.csv", "n\n");
    run(&["order-stats", "--grid", &empty]).assert_error(2, "no points");
    run(&["order-stats", "--grid", "no/such/grid.csv"]).assert_error(2, "no/such/grid.csv");
}

#[test]
fn no_hostile_value_panics() {
    hostile_loop(
        &["order-stats"],
        &[("--replications", "50"), ("--max-n", "5")],
        &["--law", "--replications", "--seed", "--max-n", "--shard", "--grid"],
    );
}

/// An input without a size to check beforehand (`/dev/zero`: endless, metadata length 0): every
/// grid reader used to grow one CSV record until the allocation failed (an abort); the length is
/// now checked while reading and the file refused with one line naming it.
#[test]
fn endless_grid_file_is_refused_not_an_abort() {
    if !std::path::Path::new("/dev/zero").exists() {
        return;
    }
    for cmd in [
        &["order-stats", "--replications", "100"][..],
        &["ensemble", "--reps", "2"],
        &["remap", "markov", "--reps", "0"],
    ] {
        let mut args = cmd.to_vec();
        args.extend(["--grid", "/dev/zero"]);
        run(&args).assert_error(2, "/dev/zero: longer than 512 MiB, the limit for an input");
    }
}

/// Pareto(1e308, 1e308): the maximum is 1e308 and its second moment overflows. The table used to
/// print exact_sd NaN (n = 2..4) and inf (n = 5) and the law as two 309-digit numbers; the sd
/// is now empty and the law reads back as written.
#[test]
fn law_at_the_top_of_f64_prints_no_nan_and_a_short_label() {
    let o = run(&["order-stats", "--replications", "100", "--max-n", "5", "--law", "pareto:1e308,1e308", "--csv"]);
    o.assert_ok();
    let (header, rows) = o.csv();
    let sd = header.iter().position(|h| h == "exact_sd").unwrap();
    assert_eq!(rows.len(), 4, "{o:?}");
    for row in &rows {
        assert_eq!(row[0], "pareto:1e308,1e308");
        assert_eq!(row[sd], "", "{row:?}");
        assert!(row.iter().all(|c| !c.contains("NaN") && !c.contains("inf")), "{row:?}");
    }
}
