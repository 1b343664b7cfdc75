//! What every `loadbal` subcommand (and `reproduce`) shares: exit codes, error messages, input files,
//! progress bars and the memory guard. Arguments are parsed with clap (derive), which
//! prints `--help`, refuses unknown flags and bad
//! values with a message naming them, and exits with code 2 on a usage error.
//!
//! Conventions:
//! - exit 0: success; exit 2: usage error (bad flag, bad value, bad input file); exit 1: the
//!   computation failed (the model refused the parameters, a file could not be written);
//! - every error is one line on stderr, `program: message`, naming the file, flag or line;
//! - long runs draw a progress bar on stderr (only when stderr is a terminal);
//! - inputs whose working memory would exceed [`MEMORY_LIMIT_BYTES`] are refused before any
//!   allocation.

use std::fmt;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// Working memory a program may allocate for one run: 4 GiB.
pub const MEMORY_LIMIT_BYTES: u64 = 4 << 30;

/// Why a program stopped.
#[derive(Debug)]
pub enum Failure {
    /// The user asked for something the program cannot do as asked (exit code 2).
    Usage(String),
    /// The computation or its output failed (exit code 1).
    Failed(String),
}

impl Failure {
    /// A usage error (exit code 2).
    pub fn usage(msg: impl Into<String>) -> Failure {
        Failure::Usage(msg.into())
    }

    /// A failed computation (exit code 1).
    pub fn failed(msg: impl Into<String>) -> Failure {
        Failure::Failed(msg.into())
    }

    /// A model error, with what was being computed: `context: error` (exit code 1).
    pub fn model(context: &str, err: impl fmt::Display) -> Failure {
        Failure::Failed(format!("{context}: {err}"))
    }

    /// The process exit code: 2 for usage errors, 1 for failures.
    pub fn code(&self) -> u8 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Failed(_) => 1,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Usage(m) | Failure::Failed(m) => f.write_str(m),
        }
    }
}

/// Parses the command line into `T`. `--help` and `--version` print and exit 0; any other
/// problem (unknown flag, bad or missing value) prints one line, `program: message (try
/// --help)`, and exits with code 2.
pub fn parse<T: clap::Parser>(program: &str) -> T {
    let mut takes_hyphens = Vec::new();
    hyphen_value_flags(&T::command(), &mut takes_hyphens);
    match T::try_parse_from(join_negative_values(std::env::args_os(), &takes_hyphens)) {
        Ok(t) => t,
        Err(e) => match e.kind() {
            clap::error::ErrorKind::DisplayHelp
            | clap::error::ErrorKind::DisplayVersion
            | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                let _ = e.print();
                std::process::exit(if e.use_stderr() { 2 } else { 0 });
            }
            _ => {
                let text = e.to_string();
                let mut lines = text.lines();
                let first = lines.next().unwrap_or("bad arguments");
                let first = first.strip_prefix("error: ").unwrap_or(first);
                // clap lists missing arguments on indented lines after "...not provided:": name
                // them on the one line.
                let listed: Vec<&str> =
                    lines.map_while(|l| l.strip_prefix("  ")).map(str::trim).filter(|l| !l.is_empty()).collect();
                let first = if first.ends_with(':') && !listed.is_empty() {
                    format!("{first} {}", listed.join(", "))
                } else {
                    first.to_string()
                };
                // A closed stderr must not turn a usage error into a panic.
                let _ = writeln!(std::io::stderr(), "{program}: {first} (try --help)");
                std::process::exit(2);
            }
        },
    }
}

/// Whether `token` is a negative number (or a list or fraction starting with one) that clap would
/// read as short options: `-1e-3`, `-.5`, `-inf`, `-nan`, `-1,2`, `-1/2`. No option of these programs
/// starts with a digit, a dot or these words, so such a token is always a value. Plain ones
/// (`-1`, `-2.5`) clap takes as values itself, also as the first of several (`--synthetic -1 5`),
/// so they are left alone.
fn is_negative_value(token: &str) -> bool {
    let Some(rest) = token.strip_prefix('-') else { return false };
    let first = rest.split([',', '/']).next().unwrap_or(rest);
    let plain = {
        let (int, frac) = rest.split_once('.').unwrap_or((rest, ""));
        !int.is_empty() && int.bytes().all(|b| b.is_ascii_digit()) && frac.bytes().all(|b| b.is_ascii_digit())
    };
    !plain && (rest.starts_with(|c: char| c.is_ascii_digit() || c == '.') || first.trim().parse::<f64>().is_ok())
}

/// The long flags (`--name`) of `cmd` and its subcommands declared with `allow_hyphen_values`:
/// clap gives them every value as it stands, so [`join_negative_values`] leaves them alone.
fn hyphen_value_flags(cmd: &clap::Command, out: &mut Vec<String>) {
    for arg in cmd.get_arguments() {
        if let Some(long) = arg.get_long().filter(|_| arg.is_allow_hyphen_values_set()) {
            out.push(format!("--{long}"));
        }
    }
    for sub in cmd.get_subcommands() {
        hyphen_value_flags(sub, out);
    }
}

/// Joins `--flag VALUE` into `--flag=VALUE` when VALUE is a negative number, so that clap takes it
/// as the flag's value and its parser judges it ("-inf is not finite") instead of reading `-1e-3`,
/// `-.5` or `-inf` as short options (clap's own negative-number test knows only plain digits).
/// Flags in `takes_hyphens` (those declared with `allow_hyphen_values`, such as the two values
/// of `--synthetic P K`, which `--flag=VALUE` would cut to one) are left alone. A bare `--` ends
/// the options; tokens after it are left as they are.
pub fn join_negative_values(
    args: impl IntoIterator<Item = std::ffi::OsString>,
    takes_hyphens: &[String],
) -> Vec<std::ffi::OsString> {
    let mut out: Vec<std::ffi::OsString> = Vec::new();
    let mut options_ended = false;
    for arg in args {
        if !options_ended
            && let (Some(value), Some(prev)) = (arg.to_str(), out.last_mut())
            && let Some(flag) = prev.to_str()
            && flag.starts_with("--")
            && flag.len() > 2
            && !flag.contains('=')
            && !takes_hyphens.iter().any(|f| f == flag)
            && is_negative_value(value)
        {
            *prev = format!("{flag}={value}").into();
            continue;
        }
        options_ended |= arg == "--";
        out.push(arg);
    }
    out
}

/// Runs a program body: prints `program: message` on stderr and returns exit code 2 for a usage
/// error, 1 for a failure, 0 on success.
pub fn exit(program: &str, result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "{program}: {e}");
            ExitCode::from(e.code())
        }
    }
}

/// Writes `text` to standard output. A closed or failing stdout (`program | head`) is a
/// failure (exit code 1) instead of the panic of `print!`.
pub fn print(text: &str) -> Result<(), Failure> {
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(|e| Failure::failed(format!("cannot write to standard output: {e}")))
}

/// Writes `line` and a newline to standard output (see [`print()`]).
pub fn println(line: impl fmt::Display) -> Result<(), Failure> {
    print(&format!("{line}\n"))
}

/// Writes a note to standard error, ignoring a closed stderr.
pub fn note(line: impl fmt::Display) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Reads a whole input file; a missing or unreadable file, or one longer than [`INPUT_LIMIT_BYTES`],
/// is a usage error naming the path.
pub fn read_input(path: &Path) -> Result<String, Failure> {
    read_bounded(path, INPUT_LIMIT_BYTES)
}

/// Longest input text a program reads when it keeps a few times the text in memory: 1/8 of
/// [`MEMORY_LIMIT_BYTES`].
pub const INPUT_LIMIT_BYTES: u64 = MEMORY_LIMIT_BYTES / 8;

/// Reads at most `limit` bytes of `path` as text. The file's size is not trusted: a device or a
/// pipe (`/dev/zero`, `<(yes)`) has no size to check beforehand, so the limit is enforced while
/// reading and a longer input is a usage error naming the path, not an unbounded allocation.
fn read_bounded(path: &Path, limit: u64) -> Result<String, Failure> {
    use std::io::Read;
    let cannot = |e: std::io::Error| Failure::usage(format!("cannot read {}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut text = String::new();
    BoundedRead::new(file, limit).read_to_string(&mut text).map_err(cannot)?;
    Ok(text)
}

/// A reader that fails once more than `limit` bytes have come through it: input size checked
/// while reading, for inputs whose size is not known before (see [`read_input`]).
pub struct BoundedRead<R> {
    inner: R,
    limit: u64,
    read: u64,
}

impl<R> BoundedRead<R> {
    /// Wraps `inner`, allowing `limit` bytes.
    pub fn new(inner: R, limit: u64) -> Self {
        BoundedRead { inner, limit, read: 0 }
    }
}

impl<R: std::io::Read> std::io::Read for BoundedRead<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        // One byte past the limit is enough to tell a longer input.
        let room = usize::try_from(self.limit.saturating_sub(self.read).saturating_add(1)).unwrap_or(usize::MAX);
        let len = buf.len().min(room);
        let n = self.inner.read(&mut buf[..len])?;
        self.read += n as u64;
        if self.read > self.limit {
            return Err(std::io::Error::other(format!("longer than {} MiB, the limit for an input", self.limit >> 20)));
        }
        Ok(n)
    }
}

/// Writes an output file; failure names the path (exit code 1).
pub fn write_output(path: &Path, contents: &str) -> Result<(), Failure> {
    std::fs::write(path, contents).map_err(|e| Failure::failed(format!("cannot write {}: {e}", path.display())))
}

/// Checks, before any work, that `path` can be written: its directory exists and the file can be
/// created (an existing file is left as it is). A missing directory is a usage error naming the
/// path; directories are never created.
pub fn check_output_path(path: &Path) -> Result<(), Failure> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(Failure::usage(format!(
            "cannot write {}: directory {} does not exist",
            path.display(),
            dir.display()
        )));
    }
    if path.is_dir() {
        return Err(Failure::usage(format!("cannot write {}: it is a directory", path.display())));
    }
    let existed = path.exists();
    match std::fs::OpenOptions::new().append(true).create(true).open(path) {
        Ok(_) => {
            if !existed {
                let _ = std::fs::remove_file(path);
            }
            Ok(())
        }
        Err(e) => Err(Failure::usage(format!("cannot write {}: {e}", path.display()))),
    }
}

/// A bad value on line `line` (1-based) of `path`: a usage error naming both.
pub fn bad_line(path: &Path, line: usize, msg: impl fmt::Display) -> Failure {
    Failure::usage(format!("{}:{line}: {msg}", path.display()))
}

/// Refuses a run whose working memory, `bytes`, would exceed [`MEMORY_LIMIT_BYTES`].
pub fn check_memory(what: &str, bytes: u128) -> Result<(), Failure> {
    if bytes > u128::from(MEMORY_LIMIT_BYTES) {
        // 12.5 GiB, but 1.6e9 GiB rather than a run of ten digits
        let gib = bytes as f64 / f64::from(1u32 << 30);
        let size = if gib < 1e5 { format!("{gib:.1}") } else { format!("{gib:.1e}") };
        return Err(Failure::usage(format!(
            "{what} would need about {size} GiB of memory, more than the {} GiB limit; choose smaller sizes",
            MEMORY_LIMIT_BYTES >> 30
        )));
    }
    Ok(())
}

/// A progress bar on stderr for `len` steps of `what`; hidden when stderr is not a terminal.
pub fn progress(len: u64, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} ({elapsed}, {eta} left)") {
        bar.set_style(style.progress_chars("#>."));
    }
    bar.set_message(what.to_string());
    bar
}

/// A clap value parser for a finite `f64`, refusing NaN and infinities.
pub fn finite(s: &str) -> Result<f64, String> {
    let x: f64 = s.trim().parse().map_err(|_| format!("not a number: {s:?}"))?;
    if x.is_finite() { Ok(x) } else { Err(format!("{s} is not finite")) }
}

/// A clap value parser for a finite `f64 ≥ 0`.
pub fn non_negative(s: &str) -> Result<f64, String> {
    let x = finite(s)?;
    if x >= 0.0 { Ok(x) } else { Err(format!("{s} is negative")) }
}

/// A clap value parser for a finite `f64 > 0`.
pub fn positive(s: &str) -> Result<f64, String> {
    let x = finite(s)?;
    if x > 0.0 { Ok(x) } else { Err(format!("{s} is not positive")) }
}

/// A clap value parser for a comma-separated list of finite `f64`.
pub fn finite_list(s: &str) -> Result<Vec<f64>, String> {
    s.split(',').map(finite).collect()
}

/// For a positional number that takes hyphen values (`allow_hyphen_values`, so that `-inf` or
/// `-1e-3` reach its parser): a token that starts with `-` and is not a number is an option the
/// command does not have, said as such rather than as "not a number".
fn not_an_option(s: &str) -> Result<(), String> {
    if s.starts_with('-') && !is_negative_value(s) && s.parse::<f64>().is_err() {
        return Err(format!("{s} is not an option of this command"));
    }
    Ok(())
}

/// [`positive`] for a positional argument declared with `allow_hyphen_values`.
pub fn positional_positive(s: &str) -> Result<f64, String> {
    not_an_option(s)?;
    positive(s)
}

/// [`count`] for a positional argument declared with `allow_hyphen_values`.
pub fn positional_count(s: &str) -> Result<u64, String> {
    not_an_option(s)?;
    count(s)
}

/// [`count`] for one of several values of a flag declared with `allow_hyphen_values` (`--synthetic
/// P K`): an option where a value was expected (`--synthetic 4 --seed 2`) is said as such.
pub fn hyphen_count(s: &str) -> Result<u64, String> {
    if s.starts_with('-') && !is_negative_value(s) && s.parse::<f64>().is_err() {
        return Err(format!("expected a number, found the option {s}"));
    }
    count(s)
}

/// A clap value parser for a count written as an integer or in scientific notation (`20000`,
/// `2e4`), refusing fractions, negatives and values above `u64::MAX`.
pub fn count(s: &str) -> Result<u64, String> {
    if let Ok(n) = s.trim().parse::<u64>() {
        return Ok(n);
    }
    let x = finite(s)?;
    if x < 0.0 || x.fract() != 0.0 || x >= u64::MAX as f64 {
        return Err(format!("{s} is not a whole number between 0 and {}", u64::MAX));
    }
    Ok(x as u64)
}

/// Reads a whole input file after checking its size: a file whose text and parsed form (about
/// `bytes_per_byte` bytes of working memory per byte of text) would exceed the memory guard is
/// refused before it is read. A missing or unreadable file is a usage error naming the path.
pub fn read_input_sized(path: &Path, bytes_per_byte: u64) -> Result<String, Failure> {
    let len =
        std::fs::metadata(path).map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?.len();
    check_memory(&format!("reading {}", path.display()), u128::from(len) * u128::from(bytes_per_byte.max(1)))?;
    read_bounded(path, MEMORY_LIMIT_BYTES / bytes_per_byte.max(1))
}

/// Checks, before any work, that the files `names` can be written in the existing directory
/// `dir` (see [`check_output_path`]); the directory is never created.
pub fn check_output_dir(dir: &Path, names: &[&str]) -> Result<(), Failure> {
    if !dir.is_dir() {
        let why = if dir.exists() { "it is not a directory" } else { "no such directory" };
        return Err(Failure::usage(format!("cannot write into {}: {why}", dir.display())));
    }
    names.iter().try_for_each(|name| check_output_path(&dir.join(name)))
}

/// Replications one process may run for one Monte Carlo estimate: the harness's memory is bounded
/// whatever the count (it reduces chunk partials through a fixed window), so the limit is on time;
/// a larger run is split with `--shard K/N`.
pub const MAX_REPLICATIONS: f64 = 1e9;

/// Refuses a run (or one shard of it) whose work, `units` of `what`, would exceed `limit`: a
/// usage error that says how to split the work with `--shard K/N`.
pub fn check_work(flag: &str, units: f64, what: &str, limit: f64) -> Result<(), Failure> {
    if units > limit {
        return Err(Failure::usage(format!(
            "{flag} would need {} {what}, more than the {} one process may take; split the run with --shard K/N",
            crate::output::number(units),
            crate::output::number(limit)
        )));
    }
    Ok(())
}

/// A spinner on stderr for a phase of unknown length, `what`; hidden when stderr is not a
/// terminal. Call `finish_and_clear` when the phase ends.
pub fn spinner(what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
        bar.set_style(style);
    }
    bar.set_message(what.to_string());
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_refusals_print_a_readable_size() {
        let msg = |bytes: u128| check_memory("x", bytes).err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(
            msg(25 << 29),
            "x would need about 12.5 GiB of memory, more than the 4 GiB limit; choose smaller sizes"
        );
        // 1.5·2^60 bytes: 1.6e9 GiB, not 1610612736.0
        assert!(msg(3 << 59).contains("about 1.6e9 GiB"), "{}", msg(3 << 59));
        assert!(msg(u128::MAX).contains("about 3.2e29 GiB"), "{}", msg(u128::MAX));
        assert!(check_memory("x", u128::from(MEMORY_LIMIT_BYTES)).is_ok());
    }
}
