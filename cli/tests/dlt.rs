//! `loadbal dlt`: allocations of the bundled networks against values worked out by hand, the
//! event engine against the closed forms, the speedup tables against their closed-form limits,
//! and every refusal (exit 2 with one line naming the file, flag or value; exit 1 for a network
//! double precision cannot solve; never a panic).

mod common;

use common::{HOSTILE, arg, run, temp_file};

fn num(v: &serde_json::Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn help_describes_each_subcommand() {
    let o = run(&["dlt", "--help"]);
    o.assert_ok();
    for word in ["star", "chain", "tree", "speedup", "installments", "Divisible-load allocation"] {
        assert!(o.stdout.contains(word), "{word} missing: {}", o.stdout);
    }
    for (sub, own) in [
        ("star", "Allocation of a star"),
        ("chain", "Allocation of a linear chain"),
        ("tree", "Allocation of a multi-level tree"),
        ("speedup", "Speedup against network size"),
        ("installments", "Multi-installment makespan"),
    ] {
        let o = run(&["dlt", sub, "--help"]);
        o.assert_ok();
        assert!(o.stdout.contains(own), "{sub}: {}", o.stdout);
        assert!(!o.stdout.contains("top of this program"), "{sub}: {}", o.stdout);
        assert!(!o.stdout.contains("Analytical models of load balancing"), "crate description in {sub}");
        for flag in ["--json", "--csv"] {
            assert!(o.stdout.contains(flag), "{sub} lacks {flag}");
        }
    }
    // No subcommand: the help, on stderr, exit 2.
    let o = run(&["dlt"]);
    assert_eq!(o.code, Some(2), "{o:#?}");
    assert!(o.stderr.contains("Usage"), "{o:#?}");
}

/// Root w = 2 (front-end), workers (w, z) = (4, 1), (3, 0.2), (1, 0.5), optimal order (by z):
/// α_0·2 = T, 3.2·α_2 = T, 0.2·α_2 + 1.5·α_3 = T, 0.2·α_2 + 0.5·α_3 + 5·α_1 = T and Σα = 1
/// give T = 0.64, α = (0.32, 0.08, 0.2, 0.4), served in the order 2, 3, 1.
#[test]
fn star_allocation_matches_the_hand_solution_and_the_engine() {
    let o = run(&["dlt", "star", "data/dlt_star.json", "--json"]);
    o.assert_ok();
    let rows = o.json();
    let rows = rows.as_array().expect("array");
    let expected = [(0.32, None), (0.08, Some(3)), (0.2, Some(1)), (0.4, Some(2))];
    assert_eq!(rows.len(), 4);
    for (r, (alpha, pos)) in rows.iter().zip(expected) {
        assert!((num(&r["alpha"]) - alpha).abs() < 1e-15, "{r}");
        assert_eq!(r["send_position"].as_u64(), pos, "{r}");
        assert_eq!(r["participating"], "yes");
        assert!((num(&r["makespan"]) - 0.64).abs() < 1e-15, "{r}");
        // The engine executes the schedule: everyone finishes at T.
        assert!((num(&r["finish"]) - 0.64).abs() < 1e-12, "{r}");
    }
    // The table for a person shows T once, above the per-processor columns.
    let o = run(&["dlt", "star", "data/dlt_star.json"]);
    o.assert_ok();
    assert!(o.stdout.starts_with("makespan: 0.64\n"), "{}", o.stdout);
    assert!(o.stdout.contains("processor  alpha  participating  send_position  finish"), "{}", o.stdout);
    // CSV holds the same values at full precision.
    let o = run(&["dlt", "star", "data/dlt_star.json", "--csv"]);
    o.assert_ok();
    let (header, rows) = o.csv();
    assert_eq!(header[..3], ["processor", "alpha", "participating"]);
    assert_eq!(rows.len(), 4);
    let alpha: Vec<f64> = rows.iter().map(|r| r[1].parse().expect("number")).collect();
    assert!(alpha.iter().zip([0.32, 0.08, 0.2, 0.4]).all(|(a, b)| (a - b).abs() < 1e-15), "{alpha:?}");
}

/// Two processors, w = (1, 2), one link z = 0.5, front-ends: α_0 = T, 2.5·α_1 = T, Σα = 1
/// give T = 1/1.4.
#[test]
fn chain_allocation_matches_the_hand_solution() {
    let f = temp_file("chain2.json", r#"{"w": [1.0, 2.0], "z": [0.5], "front_end": true}"#);
    let o = run(&["dlt", "chain", arg(&f), "--json"]);
    o.assert_ok();
    let rows = o.json();
    let t = 1.0 / 1.4;
    assert!((num(&rows[0]["makespan"]) - t).abs() < 1e-15, "{rows}");
    assert!((num(&rows[0]["alpha"]) - t).abs() < 1e-15, "{rows}");
    assert!((num(&rows[1]["alpha"]) - t / 2.5).abs() < 1e-15, "{rows}");
    // The bundled four-processor chain: shares sum to the load, the engine finishes all at T.
    let o = run(&["dlt", "chain", "data/dlt_chain.json", "--json"]);
    o.assert_ok();
    let rows = o.json();
    let rows = rows.as_array().expect("array");
    let t = num(&rows[0]["makespan"]);
    assert!((rows.iter().map(|r| num(&r["alpha"])).sum::<f64>() - 1.0).abs() < 1e-14);
    for r in rows {
        assert!((num(&r["finish"]) - t).abs() < 1e-12 * t, "{r}");
    }
    let _ = std::fs::remove_file(f);
}

#[test]
fn tree_allocation_agrees_with_the_engine_and_the_gantt_chart() {
    let o = run(&["dlt", "tree", "data/dlt_tree.json", "--json"]);
    o.assert_ok();
    let rows = o.json();
    let rows = rows.as_array().expect("array");
    assert_eq!(rows.len(), 5);
    // Load 10: the shares sum to it; the relay root computes nothing.
    assert!((rows.iter().map(|r| num(&r["alpha"])).sum::<f64>() - 10.0).abs() < 1e-12);
    assert_eq!(num(&rows[0]["alpha"]), 0.0);
    let t = num(&rows[0]["makespan"]);
    for r in &rows[1..] {
        assert!((num(&r["finish"]) - t).abs() < 1e-12 * t, "{r}");
    }
    // The Gantt chart: each computing node computes its share, ending at T.
    let o = run(&["dlt", "tree", "data/dlt_tree.json", "--gantt", "--csv"]);
    o.assert_ok();
    let (header, g) = o.csv();
    assert_eq!(header, ["node", "kind", "start", "end", "amount", "peer"]);
    for (v, r) in rows.iter().enumerate().skip(1) {
        let computed: f64 = g
            .iter()
            .filter(|row| row[0] == v.to_string() && row[1] == "compute")
            .map(|row| row[4].parse::<f64>().expect("amount"))
            .sum();
        assert!((computed - num(&r["alpha"])).abs() < 1e-12, "node {v}: {computed} vs {r}");
    }
}

#[test]
fn large_values_print_in_scientific_notation() {
    let f = temp_file(
        "big_load.json",
        r#"{"root": {"FrontEnd": {"w": 2.0}}, "workers": [{"w": 4.0, "z": 1.0}], "load": 1e300}"#,
    );
    let o = run(&["dlt", "star", arg(&f)]);
    o.assert_ok();
    // T = 1e300/(1/2 + 1/5) = 1.42857e300, printed as such, not as 301 digits.
    assert!(o.stdout.starts_with("makespan: 1.42857e300\n"), "{}", o.stdout);
    assert!(o.stdout.lines().all(|l| l.len() < 100), "{}", o.stdout);
    let _ = std::fs::remove_file(f);
}

#[test]
fn a_network_that_overflows_is_said_in_plain_words() {
    for (name, text) in [
        (
            "overflow.json",
            r#"{"root": {"FrontEnd": {"w": 1e300}}, "workers": [{"w": 1e300, "z": 1e300}], "scale": {"t_cp": 1e10, "t_cm": 1e10}}"#,
        ),
        (
            "nan.json",
            r#"{"root": "NonComputing", "workers": [{"w": 1e300, "z": 1.0}, {"w": 1.0, "z": 1.0}], "scale": {"t_cp": 1e10, "t_cm": 1.0}}"#,
        ),
        (
            "underflow.json",
            r#"{"root": {"FrontEnd": {"w": 1e-300}}, "workers": [{"w": 1e-300, "z": 1e-300}], "scale": {"t_cp": 1e-10, "t_cm": 1e-10}, "load": 1e-300}"#,
        ),
    ] {
        let f = temp_file(name, text);
        let o = run(&["dlt", "star", arg(&f)]);
        o.assert_error(1, "cannot be solved in double precision");
        assert!(o.stderr.contains(name), "{o:#?}");
        assert!(!o.stderr.contains("is not finite"), "{o:#?}");
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn a_file_too_large_for_memory_is_refused_before_it_is_read() {
    // A sparse file: 1 GiB on paper, no disk used.
    let f = temp_file("huge.json", "");
    std::fs::OpenOptions::new().write(true).open(&f).and_then(|h| h.set_len(1 << 30)).expect("sparse file");
    let o = run(&["dlt", "star", arg(&f)]);
    o.assert_error(2, "GiB limit");
    assert!(o.stderr.contains("huge.json"), "{o:#?}");
    let _ = std::fs::remove_file(f);
}

#[test]
fn bad_files_are_refused_naming_the_file() {
    run(&["dlt", "star"]).assert_error(2, "<FILE>");
    run(&["dlt", "star", "/no/such/network.json"]).assert_error(2, "cannot read /no/such/network.json");
    run(&["dlt", "star", "data/dlt_tree.json"]).assert_error(2, "use `loadbal dlt tree`");
    run(&["dlt", "tree", "data/dlt_star.json"]).assert_error(2, "dlt_star.json: describes a network of kind \"star\"");
    let unlabelled =
        temp_file("unlabelled_star.json", r#"{"root": "NonComputing", "workers": [{"w": 1.0, "z": 0.5}]}"#);
    run(&["dlt", "tree", arg(&unlabelled)]).assert_error(2, "unlabelled_star.json: not a tree network description");
    run(&["dlt", "star", arg(&unlabelled)]).assert_ok();
    let _ = std::fs::remove_file(unlabelled);
    run(&["dlt", "star", "data/dlt_star.json", "--bogus"]).assert_error(2, "--bogus");
    for (name, text, needle) in [
        ("malformed.json", r#"{"root": "#, "not a star network description"),
        ("empty.json", "", "not a star network description"),
        ("nan.json", r#"{"root": {"FrontEnd": {"w": NaN}}, "workers": []}"#, "nan.json"),
        (
            "negative.json",
            r#"{"root": "NonComputing", "workers": [{"w": -1.0, "z": 0.5}]}"#,
            "worker w[0] must be > 0, got -1",
        ),
        (
            "root.json",
            r#"{"root": {"NoFrontEnd": {"w": -2.0}}, "workers": [{"w": 1.0, "z": 0.5}]}"#,
            "root w[0] must be > 0, got -2",
        ),
        ("old.json", r#"{"kind": "star", "root": "FrontEnd", "w_root": 2.0, "workers": []}"#, "old.json"),
        ("noproc.json", r#"{"root": "NonComputing", "workers": []}"#, "no processor can compute"),
        (
            "zeroload.json",
            r#"{"root": {"FrontEnd": {"w": 1.0}}, "workers": [{"w": 1.0, "z": 1.0}], "load": 0}"#,
            "load",
        ),
    ] {
        let f = temp_file(name, text);
        let o = run(&["dlt", "star", arg(&f)]);
        o.assert_error(2, needle);
        assert!(o.stderr.contains(name), "the file is not named: {o:#?}");
        let _ = std::fs::remove_file(f);
    }
    let chain = temp_file("badchain.json", r#"{"w": [1.0, 2.0], "z": [], "front_end": true}"#);
    run(&["dlt", "chain", arg(&chain)]).assert_error(2, "length mismatch");
    let _ = std::fs::remove_file(chain);
}

/// Bus with a front-end root and one child, σ = 0.05: α_0 = T, 1.05·α_1 = T, Σα = 1, so the
/// speedup 1/T is 2.05/1.05; limits 1 + 1/σ = 21 (bus) and 1/2 + √(1/4 + 1/σ) = 5 (chain).
#[test]
fn speedup_table_matches_the_closed_forms() {
    let o = run(&[
        "dlt",
        "speedup",
        "--sigma",
        "0.05",
        "--max-processors",
        "1e9",
        "--max-depth",
        "3",
        "--max-mesh-side",
        "5",
        "--json",
    ]);
    o.assert_ok();
    let rows = o.json();
    let rows = rows.as_array().expect("array");
    let of = |topology: &str| rows.iter().filter(|r| r["topology"] == topology).collect::<Vec<_>>();
    let bus = of("bus");
    assert_eq!(bus.len(), 29, "n = 2 ..= 2^29 ≤ 1e9");
    assert_eq!(bus[28]["n"].as_u64(), Some(536_870_912));
    assert!((num(&bus[0]["speedup"]) - 2.05 / 1.05).abs() < 1e-14);
    assert!(bus.iter().all(|r| num(&r["limit"]) == 21.0));
    let chain = of("chain");
    assert!(chain.iter().all(|r| (num(&r["limit"]) - 5.0).abs() < 1e-15));
    let tree = of("binary_tree");
    assert_eq!(tree.iter().map(|r| r["n"].as_u64().unwrap_or(0)).collect::<Vec<_>>(), [3, 7, 15]);
    let mesh = of("mesh_2d");
    assert_eq!(mesh.iter().map(|r| r["n"].as_u64().unwrap_or(0)).collect::<Vec<_>>(), [9, 25]);
    // Speedups grow with n towards their limit.
    for t in [&bus, &chain, &tree, &mesh] {
        assert!(t.windows(2).all(|w| num(&w[0]["speedup"]) <= num(&w[1]["speedup"])));
        assert!(num(&t[0]["speedup"]) < num(&t[1]["speedup"]));
        assert!(t.iter().all(|r| num(&r["speedup"]) <= num(&r["limit"]) * (1.0 + 1e-12)));
    }
}

/// One installment is the single-round bus: identical workers w = 1, z = σ behind a
/// non-computing root get α_{i+1} = α_i·w/(z + w), T = (z + w)·α_1 with Σα = 1.
#[test]
fn installments_match_the_single_round_bus_and_the_limit() {
    let o = run(&["dlt", "installments", "--workers", "4", "--installments", "30", "--sigma", "0.2", "--csv"]);
    o.assert_ok();
    let (header, rows) = o.csv();
    assert_eq!(header, ["workers", "sigma", "installments", "makespan", "limit"]);
    assert_eq!(rows.len(), 30);
    let r = 1.0 / 1.2;
    let alpha1 = 1.0 / (1.0 + r + r * r + r * r * r);
    let t1: f64 = rows[0][3].parse().expect("number");
    assert!((t1 - 1.2 * alpha1).abs() < 1e-14, "{t1} vs {}", 1.2 * alpha1);
    // The limit L·max(a/m, c) = max(1/4, 0.2) = 0.25, approached from above.
    let last: f64 = rows[29][3].parse().expect("number");
    assert_eq!(rows[29][4], "0.25");
    assert!(last > 0.25 && last - 0.25 < 1e-3, "{last}");
}

#[test]
fn table_flags_refuse_bad_values_with_their_own_message() {
    run(&["dlt", "speedup", "--bogus"]).assert_error(2, "--bogus");
    run(&["dlt", "speedup", "--sigma", "nan"]).assert_error(2, "--sigma");
    run(&["dlt", "speedup", "--sigma", "0.1,-1"]).assert_error(2, "-1 is not positive");
    run(&["dlt", "speedup", "--max-processors", "1.5"]).assert_error(2, "--max-processors");
    run(&["dlt", "speedup", "--max-processors", "1"]).assert_error(2, "--max-processors 1: must be at least 2");
    // A negative value reaches the value parser (not "unexpected argument '-2'").
    let o = run(&["dlt", "installments", "--workers", "-2"]);
    o.assert_error(2, "--workers");
    assert!(o.stderr.contains("-2 is not a whole number"), "{o:#?}");
    run(&["dlt", "installments", "--workers", "0"]).assert_error(2, "--workers 0");
    run(&["dlt", "installments", "--installments", "0"]).assert_error(2, "--installments 0");
}

#[test]
fn sizes_beyond_memory_are_refused_before_any_work() {
    // Formerly grew past 3 GB with no output.
    run(&["dlt", "speedup", "--max-depth", "1e9"]).assert_error(2, "GiB limit");
    run(&["dlt", "speedup", "--max-mesh-side", "1e9"]).assert_error(2, "--max-mesh-side");
    run(&["dlt", "installments", "--workers", "1e6", "--installments", "1e9"]).assert_error(2, "limit");
    run(&["dlt", "installments", "--installments", "1e12", "--workers", "1"]).assert_error(2, "--installments");
    run(&["dlt", "speedup", "--max-processors", "1e19"]).assert_ok();
}

#[test]
fn hostile_values_never_crash() {
    for flag in ["--sigma", "--max-processors", "--max-depth", "--max-mesh-side"] {
        for v in HOSTILE {
            let args = ["dlt", "speedup", flag, v, "--csv"];
            run(&args).assert_no_panic(&args);
        }
    }
    for flag in ["--workers", "--installments", "--sigma"] {
        for v in HOSTILE {
            let args = ["dlt", "installments", flag, v, "--csv"];
            run(&args).assert_no_panic(&args);
        }
    }
    for (i, text) in [
        "",
        "garbage\n",
        "{}",
        "[]",
        "null",
        r#"{"root": "NonComputing", "workers": [{"w": 1e308, "z": 1e308}, {"w": 1e-308, "z": 1e308}]}"#,
        r#"{"root": {"FrontEnd": {"w": 0}}, "workers": [{"w": 1, "z": 0}]}"#,
        r#"{"root": {"FrontEnd": {"w": 1}}, "workers": [{"w": 1, "z": 1}], "load": -1}"#,
        r#"{"root": {"FrontEnd": {"w": 1}}, "workers": [{"w": 1, "z": 1}], "scale": {"t_cp": 0, "t_cm": 1}}"#,
        r#"{"w": [1], "z": [], "front_end": false, "load": 1e308}"#,
        r#"{"w": [], "z": [], "front_end": true}"#,
        r#"{"tree": {"nodes": []}}"#,
        r#"{"tree": {"nodes": [{"parent": 5, "z": 0, "w": 1, "front_end": true, "ports": "Single"}]}}"#,
        r#"{"tree": {"nodes": [{"parent": null, "z": 0, "w": null, "front_end": true, "ports": "All"}]}}"#,
    ]
    .iter()
    .enumerate()
    {
        let f = temp_file(&format!("hostile_{i}.json"), text);
        for sub in ["star", "chain", "tree"] {
            for gantt in [false, true] {
                let mut args = vec!["dlt", sub, arg(&f)];
                if gantt {
                    args.push("--gantt");
                }
                run(&args).assert_no_panic(&args);
            }
        }
        let _ = std::fs::remove_file(f);
    }
}

/// A tree whose w·T_cp is below the normal range of f64 (T_cp = 1e-320): its reduction used to
/// give every share 0 and w_equivalent = inf with exit code 0; it is a failure naming the file.
#[test]
fn tree_with_subnormal_scaled_cost_fails() {
    let f = temp_file(
        "subnormal_tree.json",
        r#"{"tree": {"nodes": [{"parent": null, "z": 0.0, "w": null, "front_end": true, "ports": "Single"},
            {"parent": 0, "z": 0.2, "w": 2.0, "front_end": true, "ports": "Single"},
            {"parent": 0, "z": 0.4, "w": 1.5, "front_end": true, "ports": "Single"}]},
            "scale": {"t_cp": 1e-320, "t_cm": 1.0}}"#,
    );
    let o = run(&["dlt", "tree", arg(&f)]);
    o.assert_error(1, "cannot be solved in double precision");
    assert!(o.stderr.contains("subnormal_tree.json"), "{o:#?}");
    let _ = std::fs::remove_file(f);
}

/// Row k of the installments table solves k·workers chunks, so --installments 1e6 (4 workers,
/// two sigmas) meant 4e12 chunks, about a day, with nothing refused; the total is bounded now.
#[test]
fn installments_table_time_is_bounded() {
    let o = common::run_for(&["dlt", "installments", "--installments", "1e6"], std::time::Duration::from_secs(20));
    o.assert_error(2, "--workers 4 with --installments 1000000: the table solves 4e12 chunks");
    // Within the bound the table is computed: rows 1..=1000 for each of the two sigmas.
    let o = run(&["dlt", "installments", "--installments", "1000", "--csv"]);
    assert_eq!(o.csv().1.len(), 2000);
}

/// A sigma whose costs overflow fails in one line naming `--sigma` and its value (it said only
/// "multi-installment: the makespan came out as NaN").
#[test]
fn installments_overflow_names_the_sigma() {
    let o = run(&["dlt", "installments", "--workers", "2", "--installments", "3", "--sigma", "0.5,1e308"]);
    assert_eq!(o.code, Some(1), "{o:#?}");
    assert!(o.stderr.contains("at --sigma 1e308"), "{o:#?}");
    assert_eq!(o.stderr.trim_end().lines().count(), 1, "{o:#?}");
}
