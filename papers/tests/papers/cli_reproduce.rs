//! `reproduce` as a user runs it: help, usage errors, and a quick run of one paper with JSON.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// What a run of `reproduce` printed and how it ended.
#[derive(Debug)]
struct Outcome {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

impl Outcome {
    /// Exit code `code`, one line on stderr containing `needle`, no panic.
    fn assert_error(&self, code: i32, needle: &str) {
        assert_eq!(self.code, Some(code), "exit code: {self:?}");
        assert!(!self.stderr.contains("panicked"), "panic: {self:?}");
        let lines: Vec<&str> = self.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "one line on stderr expected: {self:?}");
        assert!(self.stderr.contains(needle), "stderr lacks {needle:?}: {self:?}");
    }

    fn assert_ok(&self) {
        assert_eq!(self.code, Some(0), "exit code: {self:?}");
        assert!(!self.stderr.contains("panicked"), "panic: {self:?}");
    }
}

/// Runs the `reproduce` binary of this package with `args` (the limit is documentation: a run
/// that hangs fails the test harness's own timeout).
fn run(_name: &str, args: &[&str], _limit: Duration) -> Outcome {
    let start = Instant::now();
    let Output { status, stdout, stderr } = Command::new(env!("CARGO_BIN_EXE_reproduce"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("spawn reproduce");
    Outcome {
        code: status.code(),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        elapsed: start.elapsed(),
    }
}

const LIMIT: Duration = Duration::from_secs(600);

#[test]
fn help_names_the_options() {
    let out = run("reproduce", &["--help"], LIMIT);
    out.assert_ok();
    for flag in ["--quick", "--only", "--json", "--seed"] {
        assert!(out.stdout.contains(flag), "{flag} missing from --help: {}", out.stdout);
    }
}

#[test]
fn unknown_flag_is_a_usage_error() {
    run("reproduce", &["--bogus"], LIMIT).assert_error(2, "--bogus");
}

#[test]
fn only_accepts_exactly_the_paper_keys() {
    for bad in ["000", "Fong", "fon", ""] {
        run("reproduce", &["--only", bad], LIMIT).assert_error(2, "--only");
    }
    run("reproduce", &["--seed", "x"], LIMIT).assert_error(2, "--seed");
}

#[test]
fn an_unwritable_json_path_is_refused_before_the_run() {
    let out = run("reproduce", &["--json", "/nonexistent-directory/rows.json"], LIMIT);
    out.assert_error(2, "/nonexistent-directory/rows.json");
    // Refused up front: a full run takes seconds, the refusal well under one.
    assert!(out.elapsed < Duration::from_secs(2), "took {:?}", out.elapsed);
}

#[test]
fn quick_fong_run_writes_the_row_fields() {
    let path = std::env::temp_dir().join(format!("reproduce-fong-{}.json", std::process::id()));
    let path_text = path.to_string_lossy().to_string();
    let out = run("reproduce", &["--quick", "--only", "fong", "--json", &path_text], LIMIT);
    out.assert_ok();
    for line in out.stdout.lines() {
        assert!(line.chars().count() <= 120, "line longer than 120 characters: {line}");
        assert!(!line.contains("reference §") && !line.contains("reference A"), "{line}");
    }
    assert!(out.stdout.contains("fong — Fong, Xu and Wang"), "{}", out.stdout);
    assert!(out.stdout.contains("Summary"));
    let text = std::fs::read_to_string(&path).expect("the JSON file was written");
    let _ = std::fs::remove_file(&path);
    let rows: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let rows = rows.as_array().expect("an array of rows");
    assert!(rows.len() >= 19, "Table 1 (18 cells) and the §3 example at least");
    let statuses = [
        "match",
        "consistent",
        "paper_check",
        "computed",
        "holds",
        "fails",
        "deviates",
        "not_reproducible",
        "error",
        "unexplained",
    ];
    for row in rows {
        let obj = row.as_object().expect("a row is an object");
        for field in [
            "source",
            "table",
            "item",
            "printed",
            "paper",
            "model",
            "monte_carlo",
            "mc_std_err",
            "tolerance",
            "status",
            "note",
        ] {
            assert!(obj.contains_key(field), "{field} missing: {row}");
        }
        assert_eq!(obj["source"], "fong");
        assert!(statuses.contains(&obj["status"].as_str().unwrap_or("")), "{row}");
    }
    // Table 1, B = .20: printed "12" for T*_free; the printed ceiling of eq. (13) gives 13, the
    // floor 12: `deviates` with the reading named.
    let free = rows.iter().find(|r| r["item"] == "T*_free, B = .20").expect("the T*_free row for B = .20");
    assert_eq!(
        (free["printed"].as_str(), free["status"].as_str(), free["model"].as_f64()),
        (Some("12"), Some("deviates"), Some(13.0))
    );
}

/// Negative numbers are values that the flag's parser refuses by name: `--seed -1` used to read
/// `-1` as an unknown short option ("unexpected argument '-1' found"), `-inf` as `-i`.
#[test]
fn a_negative_seed_is_refused_as_the_seed_value() {
    for bad in ["-1", "-inf", "-1e-3"] {
        let out = run("reproduce", &["--seed", bad], LIMIT);
        out.assert_error(2, &format!("invalid value '{bad}' for '--seed"));
    }
}
