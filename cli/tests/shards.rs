//! `--shard K/N` and `loadbal merge`: N shards merged print exactly what one run prints (the same
//! bits, compared as --json text), for N = 1, 2, 7 and 16, for Monte Carlo runs and grid sweeps of
//! every subcommand that takes --shard; shards of different runs, missing, repeated or damaged shards are refused.

mod common;
use common::{TempDir, run};

const COUNTS: [u64; 4] = [1, 2, 7, 16];

/// Runs `args` whole and in `n` shards for every n of [`COUNTS`], merges the shards (given in
/// reverse order) and asserts the merged output equals the single run's in `format`.
fn assert_shards_merge_to_one_run(name: &str, args: &[&str], format: &str) {
    let dir = TempDir::new(&format!("shards_{name}"));
    let one = run(&[args, &[format]].concat());
    one.assert_ok();
    assert!(!one.stdout.is_empty());
    for n in COUNTS {
        let mut files = Vec::new();
        for k in 1..=n {
            let file = dir.path(&format!("{n}_{k}.json"));
            let shard = format!("{k}/{n}");
            let out = run(&[args, &["--shard", &shard, "--shard-out", &file]].concat());
            out.assert_ok();
            assert!(out.stdout.is_empty(), "a shard prints nothing: {}", out.stdout);
            files.push(file);
        }
        files.reverse();
        let mut merge = vec!["merge", format];
        merge.extend(files.iter().map(String::as_str));
        let merged = run(&merge);
        merged.assert_ok();
        assert_eq!(merged.stdout, one.stdout, "{name}: {n} shards merged differ from one run");
    }
}

#[test]
fn merge_has_its_own_help() {
    let text = common::help(&["merge"]);
    for word in ["FILE", "--json", "--csv", "to the last bit", "SLURM_ARRAY_TASK_ID"] {
        assert!(text.contains(word), "{word} missing: {text}");
    }
}

#[test]
fn order_stats_monte_carlo_shards() {
    let args = ["order-stats", "--law", "gamma:2,1", "--replications", "5000", "--max-n", "40"];
    assert_shards_merge_to_one_run("os", &args, "--json");
}

#[test]
fn ensemble_monte_carlo_shards() {
    let args = ["ensemble", "--n", "200", "--p", "4", "--reps", "3000", "--seed", "7"];
    assert_shards_merge_to_one_run("ens", &args, "--json");
}

#[test]
fn remap_markov_monte_carlo_shards() {
    let args = ["remap", "markov", "--etas", "1,5", "--reps", "5000"];
    assert_shards_merge_to_one_run("markov", &args, "--json");
    // --reps auto sizes every check the same way in every shard.
    let auto = ["remap", "markov", "--etas", "2", "--levels", "5"];
    assert_shards_merge_to_one_run("markov_auto", &auto, "--csv");
}

#[test]
fn remap_periodic_monte_carlo_shards() {
    let args = ["remap", "periodic", "--n", "8", "--reps", "3000", "--tmax", "20", "--bounds", "0.1,0.2"];
    assert_shards_merge_to_one_run("periodic", &args, "--json");
    let curves = ["remap", "periodic", "--n", "8", "--reps", "1000", "--tmax", "6", "--view", "curves"];
    assert_shards_merge_to_one_run("periodic_curves", &curves, "--csv");
}

#[test]
fn replicate_curves_monte_carlo_shards() {
    let args = ["replicate", "curves", "5000", "2", "--processors", "8"];
    assert_shards_merge_to_one_run("curves", &args, "--json");
}

#[test]
fn unaware_trees_monte_carlo_shards() {
    // Twelve cells of one chunk each: the shards split the cells (16 shards leave some empty).
    let args = ["unaware", "trees", "--replications", "20", "--seed", "3"];
    assert_shards_merge_to_one_run("trees", &args, "--json");
}

#[test]
fn queue_regions_monte_carlo_shards() {
    // Unstable: two chunks of replications and the run at 4x the horizon, split across shards.
    let args = ["queue", "regions", "--lambda", "0.5,0.5,0.5", "--horizon", "3000", "--reps", "600"];
    assert_shards_merge_to_one_run("regions_unstable", &args, "--json");
    let stable =
        ["queue", "regions", "--table", "loose", "--lambda", "0.1,0.1,0.1", "--horizon", "2000", "--reps", "300"];
    assert_shards_merge_to_one_run("regions_stable", &stable, "--csv");
}

#[test]
fn queue_curves_monte_carlo_shards() {
    // 48 points of one chunk each: the shards split the points.
    let args = ["queue", "curves", "--reps", "2", "--seed", "9"];
    assert_shards_merge_to_one_run("queue_curves", &args, "--json");
}

#[test]
fn merged_tables_show_constants_once_as_the_run_does() {
    let args = ["queue", "regions", "--lambda", "0.5,0.5,0.5", "--horizon", "2000", "--reps", "300"];
    let dir = TempDir::new("shards_regions_table");
    let one = run(&args);
    one.assert_ok();
    assert!(one.stdout.starts_with("table: 5.2\nstability: Case 2"), "{}", one.stdout);
    let files = shards(&dir, "r", &args, 3);
    let merged = run(&["merge", &files[2], &files[0], &files[1]]);
    merged.assert_ok();
    assert_eq!(merged.stdout, one.stdout);
}

#[test]
fn sharded_runs_check_their_own_work_and_flags() {
    let dir = TempDir::new("shards_limits");
    let out = dir.path("part.json");
    for sub in [&["unaware", "trees"][..], &["queue", "regions"], &["queue", "curves"]] {
        run(&[sub, &["--shard", "1/2"]].concat()).assert_error(2, "needs --shard-out FILE");
        run(&[sub, &["--shard-out", &out]].concat()).assert_error(2, "needs --shard K/N");
        run(&[sub, &["--shard", "3/2", "--shard-out", &out]].concat()).assert_error(2, "K must be between 1 and N");
        run(&[sub, &["--shard", "1/2", "--shard-out", "no/such/dir/part.json"]].concat())
            .assert_error(2, "directory no/such/dir does not exist");
    }
    // The limits are on the work of one process: a shard too large says to use more shards.
    run(&["unaware", "trees", "--replications", "1e12", "--shard", "1/4", "--shard-out", &out])
        .assert_error(2, "split the run with --shard K/N");
    run(&["queue", "regions", "--reps", "1e9", "--shard", "1/2", "--shard-out", &out])
        .assert_error(2, "split the run into more shards");
    run(&["queue", "curves", "--reps", "1e12", "--shard", "1/4", "--shard-out", &out])
        .assert_error(2, "split the run into more shards");
    assert!(!std::path::Path::new(&out).exists(), "nothing written before a refusal");
}

#[test]
fn grid_sweeps_split_their_points() {
    let dir = TempDir::new("shards_grids");
    let mut os = String::from("n,law\n");
    for n in 2..22 {
        os.push_str(&format!("{n},exponential:{}\n", n % 3 + 1));
    }
    let os = dir.write("os.csv", &os);
    assert_shards_merge_to_one_run("os_grid", &["order-stats", "--grid", &os, "--replications", "300"], "--json");
    let ens = dir.write("ens.csv", "n,p,dist\n60,4,gamma\n80,9,lognormal\n50,2,normal\n");
    assert_shards_merge_to_one_run("ens_grid", &["ensemble", "--grid", &ens, "--reps", "5"], "--json");
    let mut markov = String::from("levels,eta\n");
    for k in 0..10 {
        markov.push_str(&format!("{},{}\n", 4 + k % 3, 1 + k));
    }
    let markov = dir.write("markov.csv", &markov);
    assert_shards_merge_to_one_run("markov_grid", &["remap", "markov", "--grid", &markov, "--reps", "300"], "--json");
}

#[test]
fn the_table_format_merges_too() {
    let args = ["order-stats", "--replications", "3000", "--max-n", "12"];
    let dir = TempDir::new("shards_table");
    let one = run(&args);
    one.assert_ok();
    let (a, b) = (dir.path("a.json"), dir.path("b.json"));
    run(&[&args[..], &["--shard", "1/2", "--shard-out", &a]].concat()).assert_ok();
    run(&[&args[..], &["--shard", "2/2", "--shard-out", &b]].concat()).assert_ok();
    let merged = run(&["merge", &a, &b]);
    merged.assert_ok();
    assert_eq!(merged.stdout, one.stdout);
}

/// Writes the shards of `args` with `n` shards into `dir`, named `prefix_k.json`.
fn shards(dir: &TempDir, prefix: &str, args: &[&str], n: u64) -> Vec<String> {
    (1..=n)
        .map(|k| {
            let file = dir.path(&format!("{prefix}_{k}.json"));
            run(&[args, &["--shard", &format!("{k}/{n}"), "--shard-out", &file]].concat()).assert_ok();
            file
        })
        .collect()
}

#[test]
fn merge_refuses_shards_that_are_not_one_whole_run() {
    let dir = TempDir::new("shards_refused");
    let args = ["order-stats", "--replications", "2000", "--max-n", "6"];
    let s = shards(&dir, "a", &args, 3);
    let other_seed = shards(&dir, "b", &[&args[..], &["--seed", "2"]].concat(), 3);
    let other_command = shards(&dir, "c", &["ensemble", "--n", "40", "--p", "4", "--reps", "600"], 3);
    let (s1, s2, s3) = (s[0].as_str(), s[1].as_str(), s[2].as_str());
    run(&["merge"]).assert_error(2, "merge needs the shard files");
    run(&["merge", s1, s2]).assert_error(2, "missing 3/3");
    run(&["merge", s1, s2, s2]).assert_error(2, "both shard 2/3");
    run(&["merge", s1, s2, &other_seed[2]]).assert_error(2, "parameters (or seeds) differ");
    run(&["merge", s1, s2, &other_command[2]]).assert_error(2, "commands differ");
    let two = shards(&dir, "d", &args, 2);
    run(&["merge", s1, s2, &two[1]]).assert_error(2, "shard counts N differ");
    run(&["merge", s1, s2, "no/such/shard.json"]).assert_error(2, "no/such/shard.json");
    // Damaged files: cut short, another format, another version, a corrupted count or value.
    let text = std::fs::read_to_string(s3).unwrap();
    let cut = dir.write("cut.json", &text[..text.len() / 2]);
    run(&["merge", s1, s2, &cut]).assert_error(2, "cut.json: not a loadbal shard file");
    let not_shard = dir.write("other.json", "{\"format\":\"something\",\"version\":1}");
    run(&["merge", s1, s2, &not_shard]).assert_error(2, "other.json: not a loadbal shard file");
    let format = dir.write("format.json", &text.replacen("\"format\":\"loadbal-shard\"", "\"format\":\"other\"", 1));
    run(&["merge", s1, s2, &format]).assert_error(2, "format.json: not a loadbal shard file (format \"other\")");
    let version = dir.write("version.json", &text.replacen("\"version\":1,", "\"version\":99,", 1));
    run(&["merge", s1, s2, &version]).assert_error(2, "shard format version 99");
    let loadbal = dir.write("lb.json", &text.replacen("\"loadbal_version\":\"", "\"loadbal_version\":\"9", 1));
    run(&["merge", s1, s2, &loadbal]).assert_error(2, "loadbal versions differ");
    // A corrupted chunk count, and a deterministic part that differs from the other shards'.
    let edit = |file: &str, change: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        change(&mut v["payload"]["monte_carlo"]);
        dir.write(file, &v.to_string())
    };
    let count = edit("count.json", &|p| p["partials"][0]["accumulators"][0]["n"] = 255.into());
    run(&["merge", s1, s2, &count]).assert_error(2, "count.json: shard 3/3: chunk partials do not fit the run");
    let base = edit("base.json", &|p| p["base"][0]["max"] = 0.5.into());
    run(&["merge", s1, s2, &base]).assert_error(2, "deterministic results differ");
    // Files that are no shard at all.
    for hostile in ["", "/", "/dev/null", "[]", "{}"] {
        let path = if hostile.starts_with('/') || hostile.is_empty() {
            hostile.to_string()
        } else {
            dir.write("h.json", hostile)
        };
        let out = run(&["merge", &path]);
        out.assert_no_panic(&["merge", &path]);
        assert_eq!(out.code, Some(2), "{out:?}");
    }
    // The good shards still merge.
    run(&["merge", s3, s1, s2]).assert_ok();
}

/// A shard whose Monte Carlo accumulator holds a negative sum of squared deviations (m2 = -1:
/// impossible, so the file is damaged) was merged, the negative variance clamped to a standard
/// error of 0; it is refused, naming the file.
#[test]
fn a_shard_with_a_negative_sum_of_squares_is_refused() {
    let dir = TempDir::new("negative_m2");
    let (a, b) = (dir.path("a.json"), dir.path("b.json"));
    let base = ["order-stats", "--replications", "100", "--max-n", "3"];
    for (k, out) in [("1/2", &a), ("2/2", &b)] {
        let mut args = base.to_vec();
        args.extend(["--shard", k, "--shard-out", out]);
        run(&args).assert_ok();
    }
    run(&["merge", &a, &b]).assert_ok();
    let mut v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&b).unwrap()).unwrap();
    let partials = v["payload"]["monte_carlo"]["partials"].as_array_mut().unwrap();
    let last = partials.last_mut().unwrap();
    last["accumulators"][0]["m2"] = serde_json::json!(-1.0);
    let damaged = dir.write("damaged.json", &v.to_string());
    run(&["merge", &a, &damaged]).assert_error(2, "negative sum of squares");
}
