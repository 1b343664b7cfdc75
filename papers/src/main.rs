//! Regenerates every paper number the crate reproduces, one section at a time, and says for each
//! row what was reproduced (`match`, `consistent`, `paper_check`, `computed`, `deviates`,
//! `not_reproducible`, `error`, `unexplained`; see the `loadbal_papers` docs).
//!
//! ```text
//! cargo run --release -p loadbal-papers                   # everything, full Monte Carlo sizes
//! cargo run --release -p loadbal-papers -- --quick        # small Monte Carlo sizes (CI)
//! cargo run --release -p loadbal-papers -- --only fong    # one paper: ahn, fong, dobber, yin, jia
//! cargo run --release -p loadbal-papers -- --json rows.json
//! ```
//!
//! Each row prints the paper's number as printed, the crate's analytical value, its Monte Carlo
//! estimate ± standard error, the tolerance and the status; the run ends with a summary per
//! paper. Exit code 1 if any row is `error` or `unexplained`, 2 for a usage error.

use loadbal_papers::{PAPER_KEYS, Row, RunConfig, Status, TABLE_ALPHA, citation, p_text, sections, sections_of};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use cli::Failure;
use loadbal_cli::support as cli;

/// Longest line the program prints.
const WIDTH: usize = 120;

/// Regenerates the papers' printed numbers from the crate's models and reports, row by row, what
/// was reproduced.
#[derive(clap::Parser)]
#[command(allow_negative_numbers = true)]
struct Cli {
    /// Small Monte Carlo sizes (the table-level tests keep their 9,999 simulated tables).
    #[arg(long)]
    quick: bool,
    /// Only this paper, by citation key.
    #[arg(long, value_name = "KEY", value_parser = ["ahn", "fong", "dobber", "yin", "jia"])]
    only: Option<String>,
    /// Also write every row as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Seed of every Monte Carlo run.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
}

fn fmt(v: Option<f64>) -> String {
    match v {
        None => "—".to_string(),
        Some(x) if x != 0.0 && (x.abs() >= 1e7 || x.abs() < 1e-3) => format!("{x:.4e}"),
        Some(x) => format!("{x:.6}").trim_end_matches('0').trim_end_matches('.').to_string(),
    }
}

/// Word-wraps `text` to lines of at most [`WIDTH`] characters, the first prefixed by `first`,
/// the others by `rest` (a word longer than a line is cut).
fn wrap(text: &str, first: &str, rest: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = first.to_string();
    let mut empty = true;
    for word in text.split_whitespace() {
        let len = line.chars().count();
        let wlen = word.chars().count();
        if !empty && len + 1 + wlen > WIDTH {
            lines.push(std::mem::replace(&mut line, rest.to_string()));
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        let room = WIDTH.saturating_sub(line.chars().count()).max(1);
        line.extend(word.chars().take(room));
        empty = false;
    }
    lines.push(line);
    lines
}

fn say(text: &str, first: &str, rest: &str) {
    for l in wrap(text, first, rest) {
        println!("{}", l.trim_end());
    }
}

fn print_row(r: &Row) {
    say(&format!("{} | {}", r.table, r.item), &format!("  [{}] ", r.status), "      ");
    let mut values = Vec::new();
    if let Some(p) = r.printed.as_deref().or(r.printed_exact.as_deref()) {
        values.push(format!("paper {p}"));
    }
    if r.model.is_some() {
        values.push(format!("model {}", fmt(r.model)));
    }
    if let (Some(m), Some(s)) = (r.monte_carlo, r.mc_std_err) {
        values.push(format!("monte carlo {} ± {}", fmt(Some(m)), fmt(Some(s))));
    }
    if r.tolerance.is_some() {
        values.push(format!("tolerance ±{}", fmt(r.tolerance)));
    }
    if !values.is_empty() {
        say(&values.join("  |  "), "      ", "      ");
    }
    if !r.note.is_empty() {
        say(&r.note, "      note: ", "            ");
    }
}

/// Summary per paper: rows, rows with a printed number, and counts per status.
fn summary(all: &[Row]) {
    let header: Vec<String> = ["paper", "rows", "printed"]
        .iter()
        .map(|s| s.to_string())
        .chain(Status::ALL.iter().map(|s| s.to_string()))
        .collect();
    let mut table = vec![header];
    let mut total = vec![0usize; 2 + Status::ALL.len()];
    for key in PAPER_KEYS {
        let rows: Vec<&Row> = all.iter().filter(|r| r.source == key).collect();
        if rows.is_empty() {
            continue;
        }
        let mut counts =
            vec![rows.len(), rows.iter().filter(|r| r.printed.is_some() || r.printed_exact.is_some()).count()];
        counts.extend(Status::ALL.iter().map(|s| rows.iter().filter(|r| r.status == *s).count()));
        for (t, c) in total.iter_mut().zip(&counts) {
            *t += c;
        }
        table.push(std::iter::once(key.to_string()).chain(counts.iter().map(|c| c.to_string())).collect());
    }
    table.push(std::iter::once("all".to_string()).chain(total.iter().map(|c| c.to_string())).collect());
    let mut width = vec![0usize; table.first().map_or(0, Vec::len)];
    for row in &table {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    println!("\nSummary: rows per paper and status ('printed': rows that carry a number printed in the paper)");
    for row in &table {
        let cells: Vec<String> = row
            .iter()
            .zip(&width)
            .enumerate()
            .map(|(i, (c, w))| if i == 0 { format!("{c:<w$}") } else { format!("{c:>w$}") })
            .collect();
        println!("{}", cells.join(" ").trim_end());
    }
}

/// The table-level tests: one line per tested table, with its p-value and its rows' statuses.
fn table_tests(all: &[Row]) {
    let mut tests: BTreeMap<(usize, String), (f64, Vec<Status>)> = BTreeMap::new();
    for r in all {
        if let (Some(name), Some(p)) = (&r.table_test, r.table_p_value) {
            let order = PAPER_KEYS.iter().position(|k| *k == r.source).unwrap_or(PAPER_KEYS.len());
            tests.entry((order, name.clone())).or_insert((p, Vec::new())).1.push(r.status);
        }
    }
    if tests.is_empty() {
        return;
    }
    println!("\nTable-level tests (rows of single draws; p < {TABLE_ALPHA} rejects the table as a whole):");
    for ((_, name), (p, statuses)) in &tests {
        let counts: Vec<String> = Status::ALL
            .iter()
            .filter_map(|s| {
                let n = statuses.iter().filter(|x| *x == s).count();
                (n > 0).then(|| format!("{n} {s}"))
            })
            .collect();
        let verdict = if *p < TABLE_ALPHA { "rejected" } else { "not rejected" };
        say(&format!("{name}: p = {} ({verdict}); rows {}", p_text(*p), counts.join(", ")), "  ", "    ");
    }
}

/// Which `loadbal` functions computed the `match` rows, per paper and table.
fn match_sources(all: &[Row]) {
    let mut by: BTreeMap<(usize, String, String), BTreeMap<String, usize>> = BTreeMap::new();
    for r in all.iter().filter(|r| r.status == Status::Match) {
        let order = PAPER_KEYS.iter().position(|k| *k == r.source).unwrap_or(PAPER_KEYS.len());
        let f = r.computed_by.clone().unwrap_or_else(|| "—".to_string());
        *by.entry((order, r.source.clone(), r.table.clone())).or_default().entry(f).or_default() += 1;
    }
    if by.is_empty() {
        return;
    }
    println!("\nMatch rows by the loadbal function that computed them:");
    for ((_, source, table), fs) in &by {
        let list: Vec<String> = fs.iter().map(|(f, n)| format!("{f} ({n})")).collect();
        say(&format!("{source} {table}: {}", list.join("; ")), "  ", "    ");
    }
}

fn run(cli: &Cli) -> Result<(), Failure> {
    let mut cfg = RunConfig { quick: cli.quick, ..RunConfig::default() };
    if let Some(s) = cli.seed {
        cfg.seed = s;
    }
    let chosen = match &cli.only {
        Some(key) => sections_of(key),
        None => sections(),
    };
    if chosen.is_empty() {
        return Err(Failure::usage(format!("--only: no section for {:?}", cli.only)));
    }
    // The output path is checked before the work: a run must not end on an unwritable file.
    if let Some(path) = &cli.json {
        cli::check_output_path(path)?;
    }
    let start = Instant::now();
    let bar = cli::progress(chosen.len() as u64, "reproduce");
    let mut all: Vec<Row> = Vec::new();
    let mut paper = "";
    for section in &chosen {
        bar.set_message(section.title.to_string());
        let rows = (section.run)(&cfg);
        bar.suspend(|| {
            if section.source != paper {
                paper = section.source;
                println!();
                let title = citation(paper).unwrap_or("unknown paper");
                say(&format!("{paper} — {title}"), "=== ", "    ");
            }
            println!();
            say(section.title, &format!("== {}: ", section.source), "   ");
            for r in &rows {
                print_row(r);
            }
        });
        bar.inc(1);
        all.extend(rows);
    }
    bar.finish_and_clear();
    match_sources(&all);
    table_tests(&all);
    summary(&all);
    println!(
        "{} rows in {:.1} s{} (seed {})",
        all.len(),
        start.elapsed().as_secs_f64(),
        if cfg.quick { ", --quick" } else { "" },
        cfg.seed
    );
    if let Some(path) = &cli.json {
        let text = serde_json::to_string_pretty(&all).map_err(|e| Failure::failed(format!("rows to JSON: {e}")))?;
        cli::write_output(path, &text)?;
        println!("rows written to {}", path.display());
    }
    let failing: Vec<&Row> = all.iter().filter(|r| r.status.is_failure()).collect();
    if !failing.is_empty() {
        println!("\nRows with status error or unexplained:");
        for r in &failing {
            say(&format!("{} {} | {}: {}", r.source, r.table, r.item, r.note), &format!("  [{}] ", r.status), "      ");
        }
        return Err(Failure::failed(format!("{} rows are error or unexplained (listed on stdout)", failing.len())));
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("reproduce");
    cli::exit("reproduce", run(&cli))
}
