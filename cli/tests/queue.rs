//! `loadbal queue`: station metrics against textbook closed forms, the region model's case,
//! bounds and simulation, the curves' simulations against theory, and every refusal (the flag
//! that makes a simulation too long is the one blamed; counts beyond memory are refused
//! before any work; never a panic).

mod common;

use common::{HOSTILE, run, run_on_terminal};

fn num(v: &serde_json::Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs().max(1.0)
}

#[test]
fn help_describes_each_subcommand() {
    let o = run(&["queue", "--help"]);
    o.assert_ok();
    for sub in ["station", "regions", "curves"] {
        assert!(o.stdout.contains(sub), "{sub} missing: {}", o.stdout);
    }
    for (sub, own, flags) in [
        (
            "station",
            "Closed-form metrics of a single queueing station",
            &["--lambda", "--mu", "--servers", "--capacity", "--scv"][..],
        ),
        ("regions", "Jia's multi-region model", &["--table", "--lambda", "--horizon", "--reps", "--seed"]),
        ("curves", "theory and bounds against simulation", &["--reps", "--seed"]),
    ] {
        let o = run(&["queue", sub, "--help"]);
        o.assert_ok();
        assert!(o.stdout.contains(own), "{sub}: {}", o.stdout);
        assert!(!o.stdout.contains("Analytical models of load balancing"), "crate description in {sub}");
        for flag in flags.iter().chain(&["--json", "--csv"]) {
            assert!(o.stdout.contains(flag), "{sub} lacks {flag}");
        }
    }
    assert_eq!(run(&["queue"]).code, Some(2));
}

/// Textbook values: M/M/1 at ρ = 1/2 has L = 1, W = 2; M/M/2 with a = λ/μ = 1.5 has
/// P_0 = 1/7, Erlang C = 4.5/7, L_q = 3·C, L = L_q + 1.5; M/M/1/4 with λ = μ has the uniform
/// distribution on 0..4, L = 2, P(block) = 1/5; M/D/1 at ρ = 1/2 has L_q = ρ²/(2(1 − ρ)) = 1/4.
#[test]
fn station_metrics_match_the_textbook_formulas() {
    let rows = run(&["queue", "station", "--lambda", "0.5,1.2", "--json"]).json();
    assert_eq!(rows[0]["model"], "M/M/1");
    assert_eq!(rows[0]["stable"], "yes");
    assert!(close(num(&rows[0]["l"]), 1.0) && close(num(&rows[0]["w"]), 2.0), "{rows}");
    assert_eq!(rows[1]["stable"], "no");
    assert!(rows[1]["l"].is_null() && close(num(&rows[1]["rho"]), 1.2), "{rows}");

    let rows = run(&["queue", "station", "--lambda", "1.5", "--servers", "2", "--json"]).json();
    let c = 4.5 / 7.0;
    assert_eq!(rows[0]["model"], "M/M/2");
    assert!(close(num(&rows[0]["p_wait"]), c) && close(num(&rows[0]["l"]), 3.0 * c + 1.5), "{rows}");

    let rows = run(&["queue", "station", "--lambda", "1", "--capacity", "4", "--json"]).json();
    assert_eq!(rows[0]["model"], "M/M/1/4");
    assert!(close(num(&rows[0]["l"]), 2.0) && close(num(&rows[0]["p_block"]), 0.2), "{rows}");

    let rows = run(&["queue", "station", "--lambda", "0.5", "--scv", "0", "--json"]).json();
    assert_eq!(rows[0]["model"], "M/D/1");
    assert!(close(num(&rows[0]["lq"]), 0.25), "{rows}");
    // M/G/1 with an exponential service (scv 1) is M/M/1.
    let rows = run(&["queue", "station", "--lambda", "0.5", "--scv", "1", "--json"]).json();
    assert!(close(num(&rows[0]["l"]), 1.0), "{rows}");
    // The table shows the model once above the rows.
    let o = run(&["queue", "station", "--lambda", "0.5"]);
    o.assert_ok();
    assert!(o.stdout.starts_with("model: M/M/1\n"), "{}", o.stdout);
}

#[test]
fn station_refuses_bad_values_naming_the_flag() {
    run(&["queue", "station"]).assert_error(2, "--lambda");
    run(&["queue", "station", "--lambda", "-1"]).assert_error(2, "-1 is not positive");
    run(&["queue", "station", "--lambda", "1", "--mu", "-2"]).assert_error(2, "-2 is not positive");
    run(&["queue", "station", "--lambda", "1", "--servers", "0"]).assert_error(2, "--servers 0");
    run(&["queue", "station", "--lambda", "1", "--servers", "3", "--capacity", "2"]).assert_error(2, "--capacity 2");
    run(&["queue", "station", "--lambda", "1", "--servers", "2", "--scv", "1"]).assert_error(2, "--scv");
    run(&["queue", "station", "--lambda", "1", "--scv", "-1"]).assert_error(2, "-1 is negative");
    run(&["queue", "station", "--lambda", "1", "--scv", "1", "--capacity", "3"]).assert_error(2, "--capacity");
    run(&["queue", "station", "--lambda", "0.5", "--servers", "1e19"]).assert_error(2, "--servers");
}

#[test]
fn regions_stable_case_bounds_the_simulated_queues() {
    let o = run(&[
        "queue",
        "regions",
        "--table",
        "loose",
        "--lambda",
        "0.1,0.1,0.1",
        "--horizon",
        "20000",
        "--reps",
        "4",
        "--json",
    ]);
    o.assert_ok();
    let rows = o.json();
    let rows = rows.as_array().expect("array");
    assert_eq!(rows.len(), 3);
    for r in rows {
        assert!(r["stability"].as_str().is_some_and(|s| s.starts_with("Case 1")), "{r}");
        // Symmetric regions: the two vacation rules agree, and (5.9) bounds the simulation.
        assert!(close(num(&r["bound_own_max"]), num(&r["bound_min_others"])), "{r}");
        assert!(num(&r["q_sim"]) < num(&r["bound_own_max"]), "{r}");
        assert!(r["q_at_4x_horizon"].is_null(), "{r}");
    }
    // The default run, as a table: the case once above the rows.
    let o = run(&["queue", "regions"]);
    o.assert_ok();
    assert!(o.stdout.starts_with("table: 5.2\nstability: Case 1"), "{}", o.stdout);
}

#[test]
fn regions_unstable_case_grows_and_says_why_there_is_no_bound() {
    let o = run(&["queue", "regions", "--lambda", "0.5,0.5,0.5", "--horizon", "5000", "--reps", "2", "--csv"]);
    o.assert_ok();
    assert!(o.stderr.contains("bound (5.9) does not apply"), "{o:#?}");
    let (header, rows) = o.csv();
    let col = |name: &str| header.iter().position(|h| h == name).expect(name);
    for r in &rows {
        assert!(r[col("stability")].starts_with("Case 2"), "{r:?}");
        assert!(r[col("bound_own_max")].is_empty(), "{r:?}");
        let (q, later): (f64, f64) =
            (r[col("q_sim")].parse().expect("q"), r[col("q_at_4x_horizon")].parse().expect("q4"));
        assert!(later > q, "the queue grows: {r:?}");
    }
}

#[test]
fn a_too_long_simulation_blames_the_flag_that_makes_it_so() {
    // It used to blame --horizon.
    let o = run(&["queue", "regions", "--lambda", "1e308,1,1"]);
    o.assert_error(2, "--lambda 1e308,1,1:");
    assert!(!o.stderr.contains("--horizon 100000"), "{o:#?}");
    run(&["queue", "regions", "--lambda", "1e308,1e308,1"]).assert_error(2, "--lambda");
    run(&["queue", "regions", "--horizon", "1e12"]).assert_error(2, "--horizon 1000000000000: ");
    run(&["queue", "regions", "--reps", "1e9"]).assert_error(2, "--reps 1000000000: ");
    run(&["queue", "regions", "--lambda", "1,1,1", "--horizon", "1e9"]).assert_error(2, "use --horizon at most");
    run(&["queue", "regions", "--lambda", "1000,1000,1000", "--horizon", "2e5"])
        .assert_error(2, "--lambda 1000,1000,1000:");
    // Without arrivals there are no events, but a count beyond memory is still refused.
    run(&["queue", "regions", "--lambda", "0,0,0", "--reps", "1e12"]).assert_error(2, "split the run with --shard K/N");
}

#[test]
fn regions_refuse_bad_values_naming_the_flag() {
    run(&["queue", "regions", "--bogus"]).assert_error(2, "--bogus");
    run(&["queue", "regions", "--table", "foo"]).assert_error(2, "foo");
    run(&["queue", "regions", "--lambda", "0.1,x,0.1"]).assert_error(2, "--lambda");
    run(&["queue", "regions", "--lambda", "0.1,-0.1,0.1"]).assert_error(2, "-0.1 is negative");
    run(&["queue", "regions", "--horizon", "NaN"]).assert_error(2, "--horizon");
    run(&["queue", "regions", "--horizon", "-5"]).assert_error(2, "-5 is not positive");
    run(&["queue", "regions", "--reps", "0"]).assert_error(2, "--reps 0");
    run(&["queue", "regions", "--lambda", "0.1,0.1"]).assert_error(2, "--lambda has 2 rates, table 5.2 has 3 regions");
}

/// M/M/1's mean number in the system is ρ/(1 − ρ); the seeded simulation of 50,000 customers
/// agrees within 10% (at ρ = 0.9 a run of that length still carries a few per cent of warm-up
/// bias and autocorrelation, which two replications' standard error does not measure), and the
/// region simulations stay below their bound (5.9).
#[test]
fn curves_simulations_agree_with_theory() {
    let o = run(&["queue", "curves", "--reps", "2", "--json"]);
    o.assert_ok();
    let rows = o.json();
    let rows = rows.as_array().expect("array");
    assert_eq!(rows.len(), 3 * 10 + 2 * 9);
    for r in rows.iter().filter(|r| r["model"] == "M/M/1") {
        let rho = num(&r["rho"]);
        assert!(close(num(&r["l_theory"]), rho / (1.0 - rho)), "{r}");
        let (sim, se) = (num(&r["l_sim"]), num(&r["l_sim_std_err"]));
        assert!(se > 0.0 && (sim - rho / (1.0 - rho)).abs() < 0.1 * rho / (1.0 - rho), "{r}");
    }
    for r in rows.iter().filter(|r| r["model"].as_str().is_some_and(|m| m.starts_with("regions"))) {
        assert!(num(&r["l_sim"]) < num(&r["l_bound"]), "{r}");
    }
    run(&["queue", "curves", "--reps", "1e12"]).assert_error(2, "use --reps at most");
    run(&["queue", "curves", "--reps", "0"]).assert_error(2, "--reps 0");
    run(&["queue", "curves", "--seed", "-1"]).assert_error(2, "-1 is not a whole number");
}

#[test]
fn progress_shows_on_a_terminal_even_when_the_output_is_piped() {
    let Some(screen) = run_on_terminal(&["queue", "curves", "--reps", "1", "--csv"]) else {
        eprintln!("`script` is not installed: progress on a terminal not checked");
        return;
    };
    assert!(screen.contains("simulated points"), "{screen:?}");
}

#[test]
fn hostile_values_never_crash() {
    for v in HOSTILE {
        let list = format!("{v},0.1,0.1");
        for args in [
            vec!["queue", "station", "--lambda", v],
            vec!["queue", "station", "--lambda", "0.5", "--mu", v],
            vec!["queue", "station", "--lambda", "0.5", "--servers", v],
            vec!["queue", "station", "--lambda", "0.5", "--capacity", v],
            vec!["queue", "station", "--lambda", "0.5", "--scv", v],
            vec!["queue", "regions", "--lambda", &list, "--horizon", "1000", "--reps", "1"],
            vec!["queue", "regions", "--horizon", v, "--reps", "1"],
            vec!["queue", "regions", "--reps", v, "--horizon", "100"],
            vec!["queue", "regions", "--seed", v, "--horizon", "100", "--reps", "1"],
            vec!["queue", "curves", "--reps", v, "--seed", "1"],
        ] {
            // A valid replication count for curves runs all of them: only refusals here.
            let is_count = v.parse::<f64>().is_ok_and(|x| (1.0..1e5).contains(&x) && x.fract() == 0.0);
            if args[1] == "curves" && is_count {
                continue;
            }
            run(&args).assert_no_panic(&args);
        }
    }
}

/// An unstable station whose utilisation overflows f64 (--mu 1e-320): the table used to print
/// rho = inf (and CSV `inf`) with exit code 0; it is a one-line failure naming the rate.
#[test]
fn station_whose_utilisation_overflows_fails() {
    for args in [
        &["queue", "station", "--lambda", "0.5", "--mu", "1e-320"][..],
        &["queue", "station", "--lambda", "1e300", "--mu", "1e-300", "--servers", "2", "--csv"],
    ] {
        run(args).assert_error(1, "overflows f64");
    }
    // A finite unstable utilisation is still printed: rho = 2 / (1·1) = 2.
    let rows = run(&["queue", "station", "--lambda", "2", "--json"]).json();
    assert_eq!(rows[0]["stable"], "no");
    assert_eq!(rows[0]["rho"], 2.0);
}

/// A negative number is a flag's value whatever its spelling: `-1e-3`, `-.5`, `-inf`, `-nan` and
/// `-1,2` used to be read as short options ("unexpected argument '-1' found", "'-i'", "'-.'"),
/// a message that names neither the flag nor the value; now the flag's parser judges them.
#[test]
fn negative_values_of_every_spelling_are_judged_by_the_flag() {
    for (value, why) in [
        ("-1e-3", "-1e-3 is not positive"),
        ("-.5", "-.5 is not positive"),
        ("-inf", "-inf is not finite"),
        ("-nan", "-nan is not finite"),
        ("-1,2", "-1 is not positive"),
        ("-1", "-1 is not positive"),
    ] {
        run(&["queue", "station", "--lambda", value]).assert_error(2, &format!("'--lambda <LAMBDA>': {why}"));
    }
    // Valid negative values pass: --alternate -1e-3 (a mean increment of ∓0.001).
    run(&["remap", "periodic", "--dist", "normal:1,1", "--alternate", "-1e-3", "--reps", "10", "--n", "8"]).assert_ok();
    // A plain negative number keeps its place among several values (`--synthetic P K`).
    run(&["replicate", "trace", "--synthetic", "-1", "5"]).assert_error(2, "invalid value '-1' for '--synthetic");
}
