//! Runs the built `loadbal` binary the way a user would and captures what it prints.
#![allow(dead_code)] // each test file uses a part of it

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one run may take before it is killed (and the test fails).
pub const LIMIT: Duration = Duration::from_secs(120);

/// What a run printed and how it ended.
#[derive(Debug)]
pub struct Outcome {
    /// Exit code; `None` if the program was killed by a signal or timed out.
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Killed after the time limit.
    pub timed_out: bool,
}

impl Outcome {
    /// Asserts an error: exit code `code`, one line on stderr that contains `needle`, nothing on
    /// stdout, no panic.
    #[track_caller]
    pub fn assert_error(&self, code: i32, needle: &str) {
        assert!(!self.timed_out, "timed out: {self:?}");
        assert_eq!(self.code, Some(code), "exit code: {self:?}");
        assert!(!self.stderr.contains("panicked"), "panic: {self:?}");
        let lines: Vec<&str> = self.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "one line on stderr expected: {self:?}");
        assert!(self.stderr.starts_with("loadbal: "), "stderr does not start with the program name: {self:?}");
        assert!(self.stderr.contains(needle), "stderr lacks {needle:?}: {self:?}");
        assert!(self.stdout.is_empty(), "nothing on stdout expected before an error: {self:?}");
    }

    /// Asserts success (exit code 0, no panic).
    #[track_caller]
    pub fn assert_ok(&self) {
        assert!(!self.timed_out, "timed out: {self:?}");
        assert_eq!(self.code, Some(0), "exit code: {self:?}");
        assert!(!self.stderr.contains("panicked"), "panic: {self:?}");
    }

    /// Asserts the run ended by itself with 0, 1 or 2, without a panic or an abort, and printed
    /// one line on stderr if it failed.
    #[track_caller]
    pub fn assert_no_panic(&self, args: &[&str]) {
        assert!(!self.timed_out, "{args:?} timed out: {self:?}");
        assert!(matches!(self.code, Some(0..=2)), "{args:?}: exit code {:?}: {self:?}", self.code);
        assert!(!self.stderr.contains("panicked") && !self.stderr.contains("memory allocation"), "{args:?}: {self:?}");
        if self.code != Some(0) {
            assert_eq!(self.stderr.lines().count(), 1, "{args:?}: one line on stderr expected: {self:?}");
        }
    }

    /// The JSON output.
    #[track_caller]
    pub fn json(&self) -> serde_json::Value {
        self.assert_ok();
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.stdout))
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

/// Runs `loadbal args…` in the crate's directory (so `data/…` paths work), killing it after `limit`.
pub fn run_for(args: &[&str], limit: Duration) -> Outcome {
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
        if start.elapsed() > limit {
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

/// Runs `loadbal args…` with the default time limit.
pub fn run(args: &[&str]) -> Outcome {
    run_for(args, LIMIT)
}

/// A fresh temporary directory for one test, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A directory named after the test.
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("loadbal_cli_{name}_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    /// A path inside the directory.
    pub fn path(&self, file: &str) -> String {
        self.0.join(file).to_string_lossy().into_owned()
    }

    /// Writes `text` to `file` inside the directory and returns its path.
    pub fn write(&self, file: &str, text: &str) -> String {
        let p = self.path(file);
        std::fs::write(&p, text).expect("write temp file");
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Values no flag should panic on.
pub const HOSTILE: &[&str] = &[
    "0",
    "-1",
    "-0",
    "1.5",
    "2.5",
    "1e12",
    "1e19",
    "18446744073709551616",
    "1e308",
    "-1e308",
    "1e-320",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "abc",
    "",
    "1,",
    ",,",
];

/// Runs `command` with `defaults` (flag, value pairs that keep runs short) and, for every flag
/// of `flags` and every hostile value, `flag value` in place of its default; asserts no panic or
/// abort, and a one-line message on failure.
pub fn hostile_loop(command: &[&str], defaults: &[(&str, &str)], flags: &[&str]) {
    for flag in flags {
        for &value in HOSTILE {
            let mut args: Vec<&str> = command.to_vec();
            for (f, v) in defaults.iter().filter(|(f, _)| f != flag) {
                args.extend([*f, *v]);
            }
            args.extend([*flag, value]);
            run_for(&args, LIMIT).assert_no_panic(&args);
        }
    }
}

/// The help text of `loadbal args… --help`: its own (not the crate's description), exit 0.
pub fn help(args: &[&str]) -> String {
    let mut a = args.to_vec();
    a.push("--help");
    let out = run(&a);
    out.assert_ok();
    for crate_description in ["Analytical models of load balancing", "The `loadbal` command:"] {
        assert!(!out.stdout.contains(crate_description), "{args:?} --help shows a crate description: {}", out.stdout);
    }
    out.stdout
}

/// Whether `path` exists.
pub fn exists(path: &str) -> bool {
    Path::new(path).exists()
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
