//! Runs the built `loadbal` command the way a user would and captures what it prints (the tests
//! of `loadbal dlt`, `loadbal unaware` and `loadbal queue`).
#![allow(dead_code)] // each test file uses a part of it

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Longest a single run may take before it is killed and the test fails.
pub const LIMIT: Duration = Duration::from_secs(120);

/// What a run printed and how it ended.
#[derive(Debug)]
pub struct Outcome {
    /// Exit code; `None` if the program was killed by a signal (a panic abort) or timed out.
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Killed after the time limit.
    pub timed_out: bool,
}

impl Outcome {
    /// Asserts an error: exit code `code`, exactly one line on stderr that contains `needle`,
    /// nothing on stdout, no panic.
    #[track_caller]
    pub fn assert_error(&self, code: i32, needle: &str) {
        assert!(!self.timed_out, "timed out: {self:#?}");
        assert_eq!(self.code, Some(code), "exit code: {self:#?}");
        assert!(!self.stderr.contains("panicked"), "panic: {self:#?}");
        let lines: Vec<&str> = self.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "one line on stderr expected: {self:#?}");
        assert!(self.stderr.starts_with("loadbal: "), "stderr does not start with the program name: {self:#?}");
        assert!(self.stderr.contains(needle), "stderr lacks {needle:?}: {self:#?}");
        assert!(self.stdout.is_empty(), "output before an error: {self:#?}");
    }

    /// Asserts success: exit code 0, no panic.
    #[track_caller]
    pub fn assert_ok(&self) {
        assert!(!self.timed_out, "timed out: {self:#?}");
        assert_eq!(self.code, Some(0), "exit code: {self:#?}");
        assert!(!self.stderr.contains("panicked"), "panic: {self:#?}");
    }

    /// Asserts that the run ended by itself with exit code 0, 1 or 2 and without a panic: what
    /// any input, however hostile, must give.
    #[track_caller]
    pub fn assert_no_crash(&self, args: &[&str]) {
        assert!(!self.timed_out, "timed out on {args:?}: {self:#?}");
        assert!(matches!(self.code, Some(0..=2)), "exit code on {args:?}: {self:#?}");
        assert!(!self.stderr.contains("panicked"), "panic on {args:?}: {self:#?}");
        if self.code != Some(0) {
            let lines = self.stderr.lines().filter(|l| !l.trim().is_empty()).count();
            assert_eq!(lines, 1, "one-line error expected on {args:?}: {self:#?}");
        }
    }

    /// Standard output as parsed JSON.
    #[track_caller]
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {self:#?}"))
    }

    /// Standard output as CSV: the header and the records.
    #[track_caller]
    pub fn csv(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let mut r = csv::Reader::from_reader(self.stdout.as_bytes());
        let header = r.headers().expect("CSV header").iter().map(str::to_string).collect();
        let rows = r.records().map(|rec| rec.expect("CSV record").iter().map(str::to_string).collect()).collect();
        (header, rows)
    }
}

/// The built command.
pub fn exe() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_loadbal"))
}

/// The crate root (`cli/`), where the tests run the command: `data/...` names its data files.
pub fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `loadbal args...` in the crate root, killing it after [`LIMIT`].
pub fn run(args: &[&str]) -> Outcome {
    let mut child = Command::new(exe())
        .args(args)
        .current_dir(crate_dir())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn loadbal");
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let t_out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break Some(s);
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            timed_out = true;
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Outcome {
        code: status.and_then(|s| s.code()),
        stdout: t_out.join().unwrap_or_default(),
        stderr: t_err.join().unwrap_or_default(),
        timed_out,
    }
}

/// A fresh temporary directory for one test: `<tmp>/loadbal_cli_a_<pid>_<name>`.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("loadbal_cli_a_{}_{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// A temporary input file with `contents`, unique to this test process.
pub fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("loadbal_cli_a_{}_{name}", std::process::id()));
    std::fs::write(&path, contents).expect("write temp input");
    path
}

/// A path as a `&str` argument.
pub fn arg(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Runs `loadbal args...` with its standard error on a terminal (a pseudo-terminal made by
/// util-linux `script`) and its standard output piped to a file, as `loadbal ... | program`
/// does; returns what the terminal showed, or `None` when `script` is not installed.
pub fn run_on_terminal(args: &[&str]) -> Option<String> {
    if Command::new("script").arg("--version").output().is_err() {
        return None;
    }
    let out = std::env::temp_dir().join(format!("loadbal_cli_a_{}_tty_stdout", std::process::id()));
    let quote = |s: &str| format!("'{}'", s.replace('\'', "'\\''"));
    let mut cmd = quote(exe().to_str().expect("UTF-8 path"));
    for a in args {
        cmd.push(' ');
        cmd.push_str(&quote(a));
    }
    cmd.push_str(&format!(" > {}", quote(out.to_str().expect("UTF-8 path"))));
    let o = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .current_dir(crate_dir())
        .stdin(Stdio::null())
        .output()
        .expect("run script");
    let _ = std::fs::remove_file(&out);
    Some(String::from_utf8_lossy(&o.stdout).into_owned())
}

/// Hostile values for a number flag: zero, negatives, huge, not numbers, infinities, counts
/// far beyond memory, fractions, empty.
pub const HOSTILE: &[&str] =
    &["0", "-1", "-0", "1e308", "-1e308", "NaN", "nan", "inf", "-inf", "1e12", "1e19", "2.5", "abc", "", "1e-320"];
