//! Runs an example program the way a user would and captures what it prints.
//!
//! `cargo test` builds every example next to the test binaries (`target/<profile>/examples/`),
//! so a test can run one with arguments and assert its exit code and messages.
#![allow(dead_code)] // each test file uses a part of it

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
    /// Asserts a usage or input error: exit code 2, one line on stderr that contains `needle`,
    /// no panic.
    pub fn assert_error(&self, code: i32, needle: &str) {
        assert!(!self.timed_out, "timed out: {self:?}");
        assert_eq!(self.code, Some(code), "exit code: {self:?}");
        assert!(!self.stderr.contains("panicked"), "panic: {self:?}");
        let lines: Vec<&str> = self.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "one line on stderr expected: {self:?}");
        assert!(self.stderr.contains(needle), "stderr lacks {needle:?}: {self:?}");
    }

    /// Asserts success (exit code 0, no panic).
    pub fn assert_ok(&self) {
        assert!(!self.timed_out, "timed out: {self:?}");
        assert_eq!(self.code, Some(0), "exit code: {self:?}");
        assert!(!self.stderr.contains("panicked"), "panic: {self:?}");
    }
}

/// Path of the built example `name`.
pub fn example_path(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    // target/<profile>/deps/<test binary> → target/<profile>/examples/<name>
    let dir = exe.parent().and_then(|d| d.parent()).expect("target/<profile>");
    dir.join("examples").join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

/// Runs example `name` with `args` in the crate root, killing it after `limit`.
pub fn run(name: &str, args: &[&str], limit: Duration) -> Outcome {
    let path = example_path(name);
    assert!(path.exists(), "{} is not built; run the tests with `cargo test`", path.display());
    let mut child = Command::new(&path)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn example");
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
        std::thread::sleep(Duration::from_millis(20));
    };
    Outcome {
        code: status.and_then(|s| s.code()),
        stdout: t_out.join().unwrap_or_default(),
        stderr: t_err.join().unwrap_or_default(),
        timed_out,
    }
}
