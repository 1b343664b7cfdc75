//! Regenerates every paper table the crate reproduces, one section per seed.
//!
//! ```text
//! cargo run --release --example reproduce                 # everything, full Monte Carlo sizes
//! cargo run --release --example reproduce -- --quick      # small Monte Carlo sizes (CI)
//! cargo run --release --example reproduce -- --only 000   # one seed
//! cargo run --release --example reproduce -- --json rows.json
//! ```
//!
//! Columns: item, paper value, model value, Monte Carlo mean ± standard error, status. Exits with
//! status 1 if any row is `unexplained` (outside its tolerance with no known reason).

use loadbal::papers::{Row, RunConfig, Status, sections, sections_of};
use std::io::Write;
use std::time::Instant;

struct Args {
    quick: bool,
    only: Option<String>,
    json: Option<String>,
    seed: Option<u64>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args { quick: false, only: None, json: None, seed: None };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--quick" => args.quick = true,
            "--only" => args.only = Some(it.next().ok_or("--only needs a seed, e.g. 000")?),
            "--json" => args.json = Some(it.next().ok_or("--json needs a file name")?),
            "--seed" => {
                let s = it.next().ok_or("--seed needs an integer")?;
                args.seed = Some(s.parse().map_err(|_| format!("--seed: not an integer: {s}"))?);
            }
            "-h" | "--help" => {
                println!("usage: reproduce [--quick] [--only SEED] [--json FILE] [--seed N]");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other}; try --help")),
        }
    }
    Ok(args)
}

fn fmt(v: Option<f64>) -> String {
    match v {
        None => "—".to_string(),
        Some(x) if x != 0.0 && (x.abs() >= 1e6 || x.abs() < 1e-3) => format!("{x:.6e}"),
        Some(x) => format!("{x:.6}").trim_end_matches('0').trim_end_matches('.').to_string(),
    }
}

fn progress(done: usize, total: usize, label: &str) {
    let width = 30;
    let filled = (done * width).checked_div(total).unwrap_or(width);
    eprint!("\r[{}{}] {done}/{total} {label:<60.60}", "#".repeat(filled), ".".repeat(width - filled));
    let _ = std::io::stderr().flush();
}

fn print_table(title: &str, source: &str, rows: &[Row]) {
    println!("\n== {source} — {title}");
    let header = ["table", "item", "paper", "model", "monte carlo", "status"];
    let cells: Vec<[String; 6]> = rows
        .iter()
        .map(|r| {
            let mc = match (r.monte_carlo, r.mc_std_err) {
                (Some(m), Some(s)) => format!("{} ± {}", fmt(Some(m)), fmt(Some(s))),
                _ => "—".to_string(),
            };
            [r.table.clone(), r.item.clone(), fmt(r.paper), fmt(r.model), mc, r.status.as_str().to_string()]
        })
        .collect();
    let mut width = header.map(|h| h.chars().count());
    for c in &cells {
        for (w, s) in width.iter_mut().zip(c) {
            *w = (*w).max(s.chars().count());
        }
    }
    let line = |c: &[String]| {
        let mut out = String::new();
        for (i, (s, w)) in c.iter().zip(width).enumerate() {
            let pad = w - s.chars().count();
            // Numbers right-aligned, text left-aligned.
            if (2..=4).contains(&i) {
                out.push_str(&" ".repeat(pad));
                out.push_str(s);
            } else {
                out.push_str(s);
                out.push_str(&" ".repeat(pad));
            }
            out.push_str("  ");
        }
        println!("{}", out.trim_end());
    };
    line(&header.map(String::from));
    for (c, r) in cells.iter().zip(rows) {
        line(c);
        if !r.note.is_empty() {
            println!("    note: {}", r.note);
        }
    }
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("reproduce: {e}");
            std::process::exit(2);
        }
    };
    let mut cfg = RunConfig { quick: args.quick, ..RunConfig::default() };
    if let Some(s) = args.seed {
        cfg.seed = s;
    }
    let chosen = match &args.only {
        Some(seed) => sections_of(seed),
        None => sections(),
    };
    if chosen.is_empty() {
        eprintln!("reproduce: no section matches {:?}", args.only);
        std::process::exit(2);
    }
    let start = Instant::now();
    let mut all: Vec<Row> = Vec::new();
    for (i, section) in chosen.iter().enumerate() {
        progress(i, chosen.len(), section.title);
        let rows = (section.run)(&cfg);
        eprint!("\r{}\r", " ".repeat(100));
        print_table(section.title, section.source, &rows);
        all.extend(rows);
    }
    progress(chosen.len(), chosen.len(), "done");
    eprintln!();

    let count = |s: Status| all.iter().filter(|r| r.status == s).count();
    println!(
        "\n{} rows: {} match, {} deviates, {} not_reproducible, {} unexplained ({:.1} s{})",
        all.len(),
        count(Status::Match),
        count(Status::Deviates),
        count(Status::NotReproducible),
        count(Status::Unexplained),
        start.elapsed().as_secs_f64(),
        if cfg.quick { ", --quick" } else { "" }
    );
    if let Some(path) = &args.json {
        let text = serde_json::to_string_pretty(&all).expect("rows serialise");
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("reproduce: cannot write {path}: {e}");
            std::process::exit(2);
        }
        println!("rows written to {path}");
    }
    if count(Status::Unexplained) > 0 {
        for r in all.iter().filter(|r| r.status == Status::Unexplained) {
            eprintln!("UNEXPLAINED: {} {} {}: paper {:?}, model {:?}", r.source, r.table, r.item, r.paper, r.model);
        }
        std::process::exit(1);
    }
}
