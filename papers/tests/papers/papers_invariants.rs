//! The row taxonomy's invariants over every section of every paper, in quick mode, and over the
//! sources that build the rows:
//!
//! - a `match` has a printed number (or exact expression), is within half a unit of it (plus at
//!   most 4 standard errors for a simulation), and names the `loadbal` function that computed it;
//!   no `Computed` value in the sources is a typed number (an echo or a constant);
//! - every printed string is a number (exact expressions go to `printed_exact`), and a row with a
//!   paper value says how it was printed;
//! - every row of single draws carries its table's p-value; no row of a table with p below
//!   `TABLE_ALPHA` stays `consistent`; a row whose band is wider than ±50 % of the printed value
//!   says it alone cannot fail;
//! - a `deviates` row carries computed evidence (a reading's value, the table-level test, or the
//!   paper's own arithmetic), and no `Explanation` in the sources is given a typed number;
//! - statements are `holds`/`fails` with the paper's words quoted;
//! - no row puts one computation in both the model and the Monte Carlo column, every source is a
//!   paper key, rows without a printed number are never `match`.

use std::collections::HashMap;
use std::path::Path;

use loadbal_papers::{PAPER_KEYS, PrintedNumber, RunConfig, SIMULATION_SE, Status, TABLE_ALPHA, sections};

#[test]
fn every_row_follows_the_taxonomy() {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    let mut problems = Vec::new();
    let mut tables: HashMap<String, f64> = HashMap::new();
    for s in sections() {
        assert!(PAPER_KEYS.contains(&s.source), "section {:?} has source {:?}", s.title, s.source);
        for r in (s.run)(&cfg) {
            let id = format!("{} / {} / {} / {}", r.source, r.table, r.item, r.status);
            if r.source != s.source {
                problems.push(format!("{id}: source differs from its section's {}", s.source));
            }
            if let (Some(m), Some(mc)) = (r.model, r.monte_carlo) {
                if m == mc {
                    problems.push(format!("{id}: model == monte_carlo ({m})"));
                }
            }
            if matches!(r.status, Status::Deviates | Status::NotReproducible | Status::Error) && r.note.is_empty() {
                problems.push(format!("{id}: no note says why"));
            }
            if r.status == Status::NotReproducible && r.note.to_lowercase().contains("error") {
                problems.push(format!("{id}: not_reproducible used for a crate error"));
            }
            // Printed values are numbers; exact expressions are marked as such.
            if let Some(p) = r.printed.as_deref() {
                if PrintedNumber::parse(p).is_err() {
                    problems.push(format!("{id}: printed {p:?} is not a number"));
                }
            }
            if r.paper.is_some() && r.printed.is_none() && r.printed_exact.is_none() {
                problems.push(format!("{id}: a paper value with neither printed nor printed_exact"));
            }
            if r.status.is_statement() && !r.note.starts_with("the paper: \"") {
                problems.push(format!("{id}: a statement without the paper's words"));
            }
            // Single draws: the table-level test.
            if let (Some(name), Some(p)) = (&r.table_test, r.table_p_value) {
                let seen = *tables.entry(name.clone()).or_insert(p);
                if seen != p {
                    problems.push(format!("{id}: table {name} has two p-values ({seen}, {p})"));
                }
                if p < TABLE_ALPHA && r.status == Status::Consistent {
                    problems.push(format!("{id}: consistent in a table rejected at p = {p}"));
                }
            }
            if r.status == Status::Consistent {
                if r.table_p_value.is_none() {
                    problems.push(format!("{id}: a single draw without its table's p-value"));
                }
                if let (Some(band), Some(paper)) = (r.tolerance, r.paper) {
                    if band > 0.5 * paper.abs() && !r.note.contains("alone cannot fail") {
                        problems.push(format!("{id}: band ±{band} wider than half the printed {paper}, not said"));
                    }
                }
            }
            if r.status == Status::Deviates {
                let evidence = r.note.contains(" gives ")
                    || r.table_p_value.is_some_and(|p| p < TABLE_ALPHA)
                    || r.note.contains("own arithmetic does not hold");
                if !evidence {
                    problems.push(format!("{id}: deviates without computed evidence"));
                }
            }
            if r.status != Status::Match {
                continue;
            }
            if !r.computed_by.as_deref().is_some_and(|f| f.starts_with("loadbal::")) {
                problems.push(format!("{id}: match not computed by a loadbal function ({:?})", r.computed_by));
            }
            let Some(paper) = r.paper else {
                problems.push(format!("{id}: match without a printed value"));
                continue;
            };
            let half = match (r.printed.as_deref(), r.printed_exact.as_deref()) {
                (Some(printed), _) => match PrintedNumber::parse(printed) {
                    Ok(p) if p.value == paper => p.half_unit,
                    Ok(_) => {
                        problems.push(format!("{id}: paper {paper} is not the printed {printed}"));
                        continue;
                    }
                    Err(e) => {
                        problems.push(format!("{id}: {e}"));
                        continue;
                    }
                },
                (None, Some(_)) => 1e-12 * paper.abs().max(1.0),
                (None, None) => {
                    problems.push(format!("{id}: match without a printed value"));
                    continue;
                }
            };
            // The value compared: the Monte Carlo mean of a simulated row, else the model; within
            // half a unit, plus 4 SE for a simulation.
            let (value, allowed) = match (r.monte_carlo, r.mc_std_err, r.model) {
                (Some(mc), Some(se), _) => (mc, half + SIMULATION_SE * se),
                (None, _, Some(m)) => (m, half),
                _ => {
                    problems.push(format!("{id}: match without a value"));
                    continue;
                }
            };
            if (value - paper).abs() > allowed * (1.0 + 1e-9) + 1e-12 * paper.abs() {
                problems.push(format!("{id}: {value} is not within {allowed} of the printed {paper}"));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(tables.len() >= 10, "table-level tests: {tables:?}");
}

/// The top-level arguments of the call whose argument list starts at `open` (just after "(").
fn arguments(text: &str) -> Vec<String> {
    let mut args = vec![String::new()];
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    for c in text.chars() {
        if in_string {
            if let Some(a) = args.last_mut() {
                a.push(c);
            }
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => break,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                args.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(a) = args.last_mut() {
            a.push(c);
        }
    }
    args.into_iter().map(|a| a.trim().to_string()).filter(|a| !a.is_empty()).collect()
}

/// Whether an argument is a bare number (`0.7`, `-1e-3`, `5_000.0f64`).
fn is_literal(arg: &str) -> bool {
    let a = arg.trim_start_matches('-').trim_end_matches("f64");
    !a.is_empty()
        && a.chars().next().is_some_and(|c| c.is_ascii_digit())
        && a.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | '_' | 'e' | 'E' | '-' | '+'))
}

/// No `Computed` value and no `Explanation` bound in the sources is a typed number: a `match`
/// needs a computed value, a deviation computed evidence.
#[test]
fn no_typed_number_makes_a_match_or_bounds_a_deviation() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut dirs = vec![src];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("papers/src is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 10);
    // (call, indices of the arguments that must be computed)
    let calls: [(&str, &[usize]); 4] = [
        ("Computed::by(", &[1]),
        ("Explanation::reading(", &[1, 2]),
        ("Explanation::exact_reading(", &[1]),
        ("Explanation::range(", &[1, 2]),
    ];
    let mut problems = Vec::new();
    for file in files {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
        // The API's own definitions and doc examples.
        if name == "row.rs" || name == "lib.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file");
        let code: String =
            text.lines().map(|l| if l.trim_start().starts_with("//") { "" } else { l }).collect::<Vec<_>>().join("\n");
        for (call, computed) in calls {
            let mut from = 0;
            while let Some(i) = code[from..].find(call) {
                let start = from + i + call.len();
                let args = arguments(&code[start..]);
                for &k in computed {
                    if let Some(a) = args.get(k) {
                        if is_literal(a) {
                            problems.push(format!("{name}: {call}… has the typed number {a} as argument {k}"));
                        }
                    }
                }
                from = start;
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_scan_sees_typed_numbers() {
    assert_eq!(arguments("\"why, with a comma\", 0.7, f(a, b))"), vec!["\"why, with a comma\"", "0.7", "f(a, b)"]);
    assert!(is_literal("0.7") && is_literal("-1e-3") && is_literal("5_000.0f64"));
    assert!(!is_literal("x") && !is_literal("2.0 * h") && !is_literal("value"));
}
