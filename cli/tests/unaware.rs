//! `loadbal unaware`: the strategies against hand-solved schedules, Jia's printed tables and
//! the event engine, the Monte Carlo experiment's reproducibility and a graph-theoretic bound,
//! `--out` (checked first, never created), and every refusal (exit 2 with one line naming the file, line, flag or
//! value; never a panic or an abort).

mod common;

use common::{HOSTILE, arg, run, run_on_terminal, temp_dir, temp_file};

fn num(v: &serde_json::Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn help_describes_each_subcommand() {
    let o = run(&["unaware", "--help"]);
    o.assert_ok();
    for sub in ["graph", "sld", "dld", "chain", "trees"] {
        assert!(o.stdout.contains(sub), "{sub} missing: {}", o.stdout);
    }
    for (sub, own) in [
        ("graph", "over each spanning tree (RAOLD-OS)"),
        ("sld", "Static phased distribution (SLD"),
        ("dld", "Dynamic phased distribution (DLD"),
        ("chain", "ESS, WCS(2) and pureDLT on a linear chain"),
        ("trees", "each spanning tree on random graphs"),
    ] {
        let o = run(&["unaware", sub, "--help"]);
        o.assert_ok();
        assert!(o.stdout.contains(own), "{sub}: {}", o.stdout);
        assert!(!o.stdout.contains("Analytical models of load balancing"), "crate description in {sub}");
    }
    assert_eq!(run(&["unaware"]).code, Some(2));
    run(&["unaware", "bogus"]).assert_error(2, "bogus");
    run(&["unaware", "sld", "data/jia_snp.json", "--bogus"]).assert_error(2, "--bogus");
    run(&["unaware", "sld"]).assert_error(2, "<FILE>");
}

/// Two nodes, w = (2, 3), one link z = 0.5, load 100: every spanning tree is the link;
/// 2·α_0 = T, 3.5·α_1 = T, α_0 + α_1 = 100 give T = 100/(1/2 + 1/3.5).
#[test]
fn graph_schedules_match_the_hand_solution_and_the_engine() {
    let f = temp_file("two.txt", "# two nodes\nnode 0 2\nnode 1 3\nedge 0 1 0.5\n");
    let o = run(&["unaware", "graph", arg(&f), "100", "--t-star", "2", "--json"]);
    o.assert_ok();
    let rows = o.json();
    let rows = rows.as_array().expect("array");
    let t = 100.0 / (0.5 + 1.0 / 3.5);
    assert_eq!(rows.len(), 6, "five trees and the reporting scheme");
    for r in rows {
        // The reporting scheme knows node 1 at T* = 2 and schedules from then on.
        let t = if r["tree"] == "reporting" { t + 2.0 } else { t };
        assert!((num(&r["finish_time"]) - t).abs() < 1e-12 * t, "{r}");
        assert!((num(&r["engine_makespan"]) - t).abs() < 1e-9 * t, "{r}");
    }
    // Before any report can arrive, the reporting scheme has nothing to schedule.
    run(&["unaware", "graph", arg(&f), "100", "--t-star", "0.5"]).assert_error(2, "--t-star 0.5: no report reaches");
    let _ = std::fs::remove_file(f);
    // The bundled graph: per tree, the loads sum to the load and the engine finishes every
    // node at the predicted time.
    let o = run(&["unaware", "graph", "data/unaware_graph.txt", "100", "--per-node", "--json"]);
    o.assert_ok();
    let rows = o.json();
    let rows = rows.as_array().expect("array");
    let summary = run(&["unaware", "graph", "data/unaware_graph.txt", "100", "--json"]).json();
    for s in summary.as_array().expect("array") {
        let tree = s["tree"].as_str().expect("name");
        let nodes: Vec<_> = rows.iter().filter(|r| r["tree"] == tree).collect();
        assert_eq!(nodes.len() as u64, s["nodes"].as_u64().expect("count"), "{tree}");
        let sum: f64 = nodes.iter().map(|r| num(&r["load"])).sum();
        assert!((sum - 100.0).abs() < 1e-9, "{tree}: {sum}");
        let t = num(&s["finish_time"]);
        for r in nodes.iter().filter(|r| num(&r["load"]) > 0.0) {
            assert!((num(&r["finish"]) - t).abs() < 1e-9 * t, "{tree}: {r}");
        }
        if tree == "reporting" {
            assert!(t > 2.0, "the reporting scheme starts at T* = 2");
        }
    }
}

#[test]
fn graph_input_errors_name_file_line_flag_and_argument() {
    let g = "data/unaware_graph.txt";
    run(&["unaware", "graph", "/no/such/graph.txt", "100"]).assert_error(2, "cannot read /no/such/graph.txt");
    run(&["unaware", "graph", g]).assert_error(2, "<LOAD>");
    run(&["unaware", "graph"]).assert_error(2, "<FILE>, <LOAD>");
    run(&["unaware", "graph", g, "nan"]).assert_error(2, "nan is not finite");
    // A negative load reaches its parser (not "unexpected argument '-5'").
    run(&["unaware", "graph", g, "-5"]).assert_error(2, "-5 is not positive");
    // Loads so small that the schedule falls below the normal doubles lose digits silently.
    run(&["unaware", "graph", g, "1e-320"]).assert_error(1, "LOAD 1e-320: the schedule's times and loads fall below");
    run(&["unaware", "graph", g, "100", "--root", "99"]).assert_error(2, "--root 99");
    run(&["unaware", "graph", g, "100", "--t-star", "-1"]).assert_error(2, "-1 is negative");
    run(&["unaware", "graph", g, "100", "--hop-delay", "0"]).assert_error(2, "--hop-delay");
    for (name, text, needle) in [
        ("bad.txt", "node 0 1\nnode 1 abc\nedge 0 1 0.5\n", "bad.txt:2: `abc` is not a number"),
        ("neg.txt", "node 0 1\nnode 1 -2\nedge 0 1 0.5\n", "neg.txt"),
        ("nan.txt", "node 0 1\nnode 1 NaN\nedge 0 1 0.5\n", "nan.txt"),
        ("huge_id.txt", "node 0 1\nnode 1000000000000 1\n", "huge_id.txt:2: node id 1000000000000 is out of range"),
        ("max_id.txt", "node 18446744073709551615 1\n", "max_id.txt:1: node id"),
        ("gap.txt", "node 0 1\nnode 2 1\nnode 3 1\nedge 0 2 1\n", "gap.txt:3: node id 3 is out of range"),
        ("gap2.txt", "node 0 1\nnode 2 1\nnode 2 1\n", "gap2.txt:3: node 2 declared twice"),
        ("disconnected.txt", "node 0 1\nnode 1 1\nnode 2 1\nedge 0 1 1\n", "disconnected.txt"),
        ("empty.txt", "", "empty.txt"),
        ("bad.json", "{\"w\": [1.0,", "bad.json: not a graph"),
        ("loop.json", r#"{"w": [1, 1], "edges": [{"u": 0, "v": 0, "z": 1}]}"#, "self-loop"),
    ] {
        let f = temp_file(name, text);
        let o = run(&["unaware", "graph", arg(&f), "10"]);
        o.assert_error(2, needle);
        assert!(o.stderr.contains(name), "file not named: {o:#?}");
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn a_graph_file_too_large_for_memory_is_refused_before_it_is_read() {
    let f = temp_file("huge_graph.txt", "");
    std::fs::OpenOptions::new().write(true).open(&f).and_then(|h| h.set_len(1 << 30)).expect("sparse file");
    let o = run(&["unaware", "graph", arg(&f), "10"]);
    o.assert_error(2, "GiB limit");
    assert!(o.stderr.contains("huge_graph.txt"), "{o:#?}");
    let _ = std::fs::remove_file(f);
}

/// Jia, Table 3.2 as printed, Phase_1 of the SNP example: (P_i, time P_0 responds, load), to
/// the printed 4 decimals (P_10's and P_16's printed cells are the thesis's slips, left out).
#[test]
fn sld_on_the_snp_example_matches_table_3_2_and_the_engine() {
    let o = run(&["unaware", "sld", "data/jia_snp.json", "--json"]);
    o.assert_ok();
    let rows = o.json();
    let rows = rows.as_array().expect("array");
    let phase1 = |v: u64| {
        rows.iter()
            .find(|r| r["phase"].as_u64() == Some(1) && r["processor"].as_u64() == Some(v))
            .unwrap_or_else(|| panic!("P_{v} in phase 1"))
    };
    for (v, time, load) in
        [(2, 5.3333, 1.7528), (3, 3.8, 3.8333), (5, 5.9887, 1.4023), (6, 3.0, 4.0), (12, 9.0, 0.5128)]
    {
        let r = phase1(v);
        assert!((num(&r["time"]) - time).abs() < 5e-5, "P_{v}: {r}");
        assert!((num(&r["load"]) - load).abs() < 5e-5, "P_{v}: {r}");
    }
    // The engine executes the plan and finishes where it said (the physical relay rule makes
    // the plan executable as drawn).
    let o = run(&["unaware", "sld", "data/jia_snp.json", "--relay", "physical", "--json"]);
    o.assert_ok();
    let r = &o.json()[0];
    let (plan, engine) = (num(&r["finish_time"]), num(&r["engine_makespan"]));
    assert!((plan - engine).abs() < 1e-9 * plan, "{r}");
    assert!((num(&r["end_to_end_plan"]) - num(&r["end_to_end_finish"])).abs() < 1e-9 * plan, "{r}");
    // The table for a person shows the finish times once, above the dispatches.
    let o = run(&["unaware", "sld", "data/jia_snp.json"]);
    o.assert_ok();
    assert!(o.stdout.starts_with("finish_time: "), "{}", o.stdout);
}

/// Jia, Table 3.3 as printed, Phase_1 of the DNP example: (P_i, time P_0 responds, load): the
/// times to the printed 4 decimals, the loads within 2e-4 (the thesis computes with rounded
/// values).
#[test]
fn dld_on_the_dnp_example_matches_table_3_3() {
    let o = run(&["unaware", "dld", "data/jia_dnp.json", "--json"]);
    o.assert_ok();
    let rows = o.json();
    let rows = rows.as_array().expect("array");
    let phase1: Vec<_> = rows.iter().filter(|r| r["phase"].as_u64() == Some(1)).collect();
    let printed = [
        (6, 3.0, 4.0),
        (3, 3.8, 3.8333),
        (2, 5.0, 1.8289),
        (16, 5.0, 1.5905),
        (5, 5.6839, 1.4632),
        (3, 8.4, 3.8333),
        (12, 9.1667, 0.4914),
    ];
    assert_eq!(phase1.len(), printed.len(), "{phase1:?}");
    for (r, (v, time, load)) in phase1.iter().zip(printed) {
        assert_eq!(r["processor"].as_u64(), Some(v), "{r}");
        assert!((num(&r["time"]) - time).abs() < 5e-5, "P_{v}: {r}");
        // The thesis computes with its 4-decimal values (Jia, §3.4): P_2's 1.8290258 is
        // printed 1.8289, P_12's 0.491453 as 0.4914.
        assert!((num(&r["load"]) - load).abs() < 2e-4, "P_{v}: {r}");
    }
    assert!(num(&rows[0]["finish_time"]) > 23.0 && num(&rows[0]["probed_finish_time"]) > 23.0);
}

/// Two responders behind the root, ESS, WCS(2) and pureDLT executed on the engine: each ends
/// where its closed form says.
#[test]
fn chain_strategies_on_the_engine_match_their_closed_forms() {
    let o = run(&["unaware", "chain", "data/jia_chain.json", "--json"]);
    o.assert_ok();
    let rows = o.json();
    let rows = rows.as_array().expect("array");
    assert_eq!(
        rows.iter().map(|r| r["strategy"].as_str().unwrap_or("")).collect::<Vec<_>>(),
        ["ESS", "WCS2", "pureDLT"]
    );
    for r in rows {
        let (engine, closed) = (num(&r["engine_finish"]), num(&r["closed_form"]));
        assert!((engine - closed).abs() < 1e-9 * closed, "{r}");
    }
    let two = temp_file(
        "chain2.json",
        r#"{"chain": {"w": [4.5, 2.0], "z": [0.3]}, "config": {"load": 100, "eta": 0.03, "eps": 0.07, "scale": {"t_cp": 2, "t_cm": 1}}}"#,
    );
    run(&["unaware", "chain", arg(&two)])
        .assert_error(2, "chain2.json: a chain of 2 processors: WCS(2) needs at least 3");
    let bad = temp_file(
        "chain_eta.json",
        r#"{"chain": {"w": [4.5, 2.0, 3.0], "z": [0.3, 0.2]}, "config": {"load": 100, "eta": 2, "eps": 0.07, "scale": {"t_cp": 2, "t_cm": 1}}}"#,
    );
    run(&["unaware", "chain", arg(&bad)]).assert_error(2, "chain_eta.json");
    for f in [two, bad] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn scenario_files_are_refused_naming_the_file() {
    run(&["unaware", "sld", "/no/such/scenario.json"]).assert_error(2, "cannot read /no/such/scenario.json");
    run(&["unaware", "dld", "data/jia_snp.json"]).assert_error(2, "jia_snp.json: not a DLD scenario");
    let net = r#""network": {"root": 0, "parent": [null, 0, 1], "z": [0, 0.5, 0.2], "w": [1, 2, 3]}"#;
    let sld = r#""sld": {"load": 80, "eta": 0.05, "l1p": 4, "mu": 0.15, "scale": {"t_cp": 2, "t_cm": 1}, "rules": {"relay": "Physical", "top": "Physical"}, "phase_end_decimals": null}"#;
    for (name, text, needle) in [
        (
            "cycle.json",
            format!(r#"{{"network": {{"root": 0, "parent": [null, 2, 1], "z": [0, 1, 1], "w": [1, 1, 1]}}, {sld}}}"#),
            "cycle.json: network",
        ),
        (
            "root.json",
            format!(r#"{{"network": {{"root": 7, "parent": [null], "z": [0], "w": [1]}}, {sld}}}"#),
            "root.json: network: root 7",
        ),
        (
            "neg_w.json",
            format!(r#"{{"network": {{"root": 0, "parent": [null, 0], "z": [0, 1], "w": [1, -1]}}, {sld}}}"#),
            "neg_w.json: network",
        ),
        ("short_tp.json", format!(r#"{{{net}, {sld}, "probe_times": [1.0]}}"#), "short_tp.json: SLD"),
        (
            "eta.json",
            format!(r#"{{{net}, {}}}"#, sld.replace("0.05", "1.5")),
            "eta.json: the probe: parameter `eta` = 1.5",
        ),
        (
            "long.json",
            format!(r#"{{{net}, {}}}"#, sld.replace("\"l1p\": 4", "\"l1p\": 1e-300")),
            "long.json: a load of 80 in pieces of L_1^p = 1e-300",
        ),
        ("extra.json", format!(r#"{{{net}, {sld}, "bogus": 1}}"#), "extra.json: not an SLD scenario"),
    ] {
        let f = temp_file(name, &text);
        run(&["unaware", "sld", arg(&f)]).assert_error(2, needle);
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn out_writes_the_gantt_charts_into_an_existing_directory_only() {
    let dir = temp_dir("out");
    let o = run(&["unaware", "sld", "data/jia_snp.json", "--out", arg(&dir)]);
    o.assert_ok();
    for name in ["sld_gantt.csv", "sld_gantt_end_to_end.csv"] {
        let text = std::fs::read_to_string(dir.join(name)).expect(name);
        assert!(text.starts_with("node,kind,start,end,amount,peer\n") && text.lines().count() > 10, "{name}");
    }
    run(&["unaware", "graph", "data/unaware_graph.txt", "100", "--out", arg(&dir)]).assert_ok();
    for tree in ["SPT", "MST", "FHT", "RST", "EST", "reporting"] {
        assert!(dir.join(format!("{tree}_gantt.csv")).is_file(), "{tree}");
    }
    run(&["unaware", "chain", "data/jia_chain.json", "--out", arg(&dir)]).assert_ok();
    run(&["unaware", "dld", "data/jia_dnp.json", "--out", arg(&dir)]).assert_ok();
    assert!(dir.join("chain_WCS2.csv").is_file() && dir.join("dld_gantt.csv").is_file());
    // A missing directory is refused before the work, and not created (it used to be).
    let missing = dir.join("missing").join("deeper");
    for sub in [
        &["sld", "data/jia_snp.json"][..],
        &["dld", "data/jia_dnp.json"],
        &["chain", "data/jia_chain.json"],
        &["graph", "data/unaware_graph.txt", "100"],
    ] {
        let mut args = vec!["unaware"];
        args.extend_from_slice(sub);
        args.extend_from_slice(&["--out", arg(&missing)]);
        run(&args).assert_error(2, "no such directory");
        assert!(!dir.join("missing").exists(), "{sub:?} created the directory");
    }
    // A file is not a directory.
    let file = temp_file("not_a_dir", "x");
    run(&["unaware", "sld", "data/jia_snp.json", "--out", arg(&file)]).assert_error(2, "not a directory");
    let _ = std::fs::remove_file(file);
    let _ = std::fs::remove_dir_all(dir);
}

/// The fewest-hop tree is a breadth-first tree: no spanning tree rooted at the same node can be
/// shallower, so its mean eccentricity is the smallest of each cell.
#[test]
fn trees_sweep_is_reproducible_and_fht_is_the_shallowest() {
    let a = run(&["unaware", "trees", "--replications", "3", "--csv"]);
    a.assert_ok();
    let b = run(&["unaware", "trees", "--replications", "3", "--csv"]);
    assert_eq!(a.stdout, b.stdout, "same seed, same table");
    let c = run(&["unaware", "trees", "--replications", "3", "--seed", "6", "--csv"]);
    assert_ne!(a.stdout, c.stdout, "another seed, another draw");
    let (header, rows) = a.csv();
    assert_eq!(header, ["nodes", "p_link", "links", "tree", "mean_time", "time_se", "mean_eccentricity"]);
    assert_eq!(rows.len(), 12 * 5);
    for cell in rows.chunks(5) {
        let ecc = |t: &str| cell.iter().find(|r| r[3] == t).map(|r| r[6].parse::<f64>().expect("number")).expect(t);
        for t in ["SPT", "MST", "RST", "EST"] {
            assert!(ecc("FHT") <= ecc(t), "{cell:?}");
        }
    }
}

#[test]
fn replication_counts_beyond_memory_are_refused_before_any_work() {
    // It aborted with "memory allocation of ... bytes failed".
    run(&["unaware", "trees", "--replications", "1e12"]).assert_error(2, "split the run with --shard K/N");
    run(&["unaware", "trees", "--replications", "0"]).assert_error(2, "--replications 0");
    run(&["unaware", "trees", "--replications", "nan"]).assert_error(2, "--replications");
    run(&["unaware", "trees", "--replications", "-1"]).assert_error(2, "-1 is not a whole number");
}

#[test]
fn progress_shows_on_a_terminal_even_when_the_output_is_piped() {
    let Some(screen) = run_on_terminal(&["unaware", "trees", "--replications", "4", "--csv"]) else {
        eprintln!("`script` is not installed: progress on a terminal not checked");
        return;
    };
    assert!(screen.contains("random-graph replications"), "{screen:?}");
    // Not on a pipe: stderr stays clean for programs.
    let o = run(&["unaware", "trees", "--replications", "4", "--csv"]);
    o.assert_ok();
    assert!(o.stderr.is_empty(), "{o:#?}");
}

#[test]
fn hostile_values_never_crash() {
    let g = "data/unaware_graph.txt";
    for v in HOSTILE {
        for args in [
            vec!["unaware", "graph", g, v],
            vec!["unaware", "graph", g, "10", "--root", v],
            vec!["unaware", "graph", g, "10", "--t-star", v],
            vec!["unaware", "graph", g, "10", "--hop-delay", v],
            vec!["unaware", "trees", "--replications", v],
            vec!["unaware", "trees", "--seed", v, "--replications", "1"],
        ] {
            // A valid count runs the experiment in full: only refusals here.
            let is_count = v.parse::<f64>().is_ok_and(|x| (1.0..1e6).contains(&x) && x.fract() == 0.0);
            if args.len() == 4 && args[1] == "trees" && is_count {
                continue;
            }
            run(&args).assert_no_panic(&args);
        }
    }
    let cfg = r#""sld": {"load": 80, "eta": 0.05, "l1p": 4, "mu": 0.15, "scale": {"t_cp": 2, "t_cm": 1}, "rules": {"relay": "Physical", "top": "Physical"}, "phase_end_decimals": null}"#;
    let dcfg = r#""dld": {"load": 80, "eta": 0.05, "l1p": 4, "mu": 0.15, "zeta": 0.1, "scale": {"t_cp": 2, "t_cm": 1}, "rules": {"relay": "Physical", "top": "Physical"}}"#;
    let net = r#""network": {"root": 0, "parent": [null, 0, 1], "z": [0, 0.5, 0.2], "w": [1, 2, 3]}"#;
    let mut scenarios = vec![String::new(), "garbage".into(), "{}".into(), "null".into()];
    for (key, value) in [
        ("load", "1e308"),
        ("load", "1e-320"),
        ("l1p", "1e-300"),
        ("mu", "0.999999"),
        ("eta", "1e-300"),
        ("t_cp", "1e300"),
        ("t_cm", "0"),
        ("phase_end_decimals", "null, \"x\": 1"),
    ] {
        let pattern = format!("\"{key}\": ");
        let replace = |c: &str| {
            let start = c.find(&pattern).map(|i| i + pattern.len()).unwrap_or(0);
            let end = c[start..].find([',', '}']).map_or(c.len(), |j| start + j);
            format!("{}{value}{}", &c[..start], &c[end..])
        };
        scenarios.push(format!("{{{net}, {}}}", replace(cfg)));
        scenarios.push(format!("{{{net}, {}, \"changes\": []}}", replace(dcfg)));
    }
    for net in [
        r#""network": {"root": 0, "parent": [], "z": [], "w": []}"#,
        r#""network": {"root": 0, "parent": [null], "z": [0], "w": [1]}"#,
        r#""network": {"root": 0, "parent": [null, 5], "z": [0, 1], "w": [1, 1]}"#,
        r#""network": {"root": 1, "parent": [0, null], "z": [1, 0], "w": [1e308, 1e-308]}"#,
        r#""network": {"root": 0, "parent": [null, 0], "z": [0, 1], "w": [1, 1, 1]}"#,
    ] {
        scenarios.push(format!("{{{net}, {cfg}, \"probe_times\": [0, 1e308]}}"));
        scenarios.push(format!(
            "{{{net}, {dcfg}, \"changes\": [{{\"time\": 1, \"node\": 99, \"param\": \"W\", \"value\": -1}}]}}"
        ));
    }
    for (i, text) in scenarios.iter().enumerate() {
        let f = temp_file(&format!("hostile_scenario_{i}.json"), text);
        for sub in ["sld", "dld"] {
            let args = ["unaware", sub, arg(&f)];
            run(&args).assert_no_panic(&args);
        }
        let _ = std::fs::remove_file(f);
    }
    for (i, chain) in [
        r#"{"w": [], "z": []}"#,
        r#"{"w": [1, 1, 1], "z": [1]}"#,
        r#"{"w": [1e308, 1e308, 1e308], "z": [1e308, 1e308]}"#,
        r#"{"w": [1e-320, 1, 1], "z": [0, 0]}"#,
        r#"{"w": [1, -1, 1], "z": [1, 1]}"#,
    ]
    .iter()
    .enumerate()
    {
        let text = format!(
            r#"{{"chain": {chain}, "config": {{"load": 100, "eta": 0.03, "eps": 0.07, "scale": {{"t_cp": 2, "t_cm": 1}}}}}}"#
        );
        let f = temp_file(&format!("hostile_chain_{i}.json"), &text);
        let args = ["unaware", "chain", arg(&f)];
        run(&args).assert_no_panic(&args);
        let _ = std::fs::remove_file(f);
    }
    for (i, text) in [
        "",
        "garbage\n",
        "# only a comment\n",
        "node\n",
        "node 0\n",
        "node 0 1 2\n",
        "node -1 1\n",
        "node 0 1e308\nnode 1 1e308\nedge 0 1 1e308\n",
        "node 0 1e-320\nnode 1 1\nedge 0 1 0\n",
        "node 0 inf\n",
        "node 0 1\nedge 0 5 1\n",
        "node 0 1\nnode 1 1\nedge 0 1 1\nedge 1 0 1\n",
        "node 0 1\nnode 1 1\nedge 0 1 -1\n",
        "node 0 1\nnode 0 1\n",
        "node 0 1\n",
        "\u{0}\u{1}binary\n",
        r#"{"w": [], "edges": []}"#,
    ]
    .iter()
    .enumerate()
    {
        for ext in ["txt", "json"] {
            let f = temp_file(&format!("hostile_{i}.{ext}"), text);
            for load in ["1", "1e308"] {
                let args = ["unaware", "graph", arg(&f), load, "--per-node"];
                run(&args).assert_no_panic(&args);
            }
            let _ = std::fs::remove_file(f);
        }
    }
}

/// Jia's SNP scenario with one processor's w below the normal range of f64 (1e-320): the phase
/// distribution gave every processor 0 and SLD looped over empty phases forever; it fails at once.
#[test]
fn sld_with_subnormal_w_fails_instead_of_looping() {
    let text = std::fs::read_to_string(common::crate_dir().join("data/jia_snp.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["network"]["w"][2] = serde_json::json!(1e-320);
    let f = temp_file("sld_subnormal_w.json", &v.to_string());
    let o = common::run_for(&["unaware", "sld", arg(&f)], std::time::Duration::from_secs(20));
    o.assert_error(1, "sld_subnormal_w.json");
    let _ = std::fs::remove_file(f);
}

/// Jia's DNP scenario with a speed change to w = 1e308 (w·T_cp overflows): the engine indexed
/// past the last speed segment and panicked; now the run fails with one line.
#[test]
fn dld_change_that_overflows_fails_without_panic() {
    let text = std::fs::read_to_string(common::crate_dir().join("data/jia_dnp.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let changes = v["changes"].as_array_mut().unwrap();
    let w_change = changes.iter_mut().find(|c| c["param"] == "W").unwrap();
    w_change["value"] = serde_json::json!(1e308);
    let f = temp_file("dld_overflow.json", &v.to_string());
    let o = run(&["unaware", "dld", arg(&f)]);
    o.assert_error(1, "not representable");
    let _ = std::fs::remove_file(f);
}

/// A graph whose w and z are below the normal range of f64: RAOLD-OS loses every share. The
/// message used to read "result (...)[0] is not finite: 0"; it names what came out as what.
#[test]
fn graph_with_subnormal_costs_says_which_result_is_lost() {
    let f = temp_file("subnormal_graph.txt", "node 0 1e-320\nnode 1 1e-320\nedge 0 1 1e-320\n");
    let o = run(&["unaware", "graph", arg(&f), "1"]);
    o.assert_error(1, "the sum of the shares of a unit load came out as 0");
    assert!(!o.stderr.contains("is not finite"), "{o:#?}");
    let _ = std::fs::remove_file(f);
}
