//! Loads the committed high-precision reference tables in `tests/data/reference/`.
//!
//! Each table is a CSV file with a header line; lines starting with `#` are comments (the
//! generating script, its library versions and working precision). The scripts that made them
//! live in `scripts/references/`; the tests never need Python.
#![allow(dead_code)] // each test file uses a part of it

use std::collections::HashMap;

/// One row: column name → cell text.
#[derive(Debug, Clone)]
pub struct Record {
    /// Line number in the file (1-based), for messages.
    pub line: usize,
    cells: HashMap<String, String>,
}

impl Record {
    /// The cell of `column` as text.
    pub fn str(&self, column: &str) -> &str {
        self.cells.get(column).unwrap_or_else(|| panic!("line {}: no column {column}", self.line))
    }

    /// The cell of `column` as `f64` (accepts `inf`, `-inf`).
    pub fn f64(&self, column: &str) -> f64 {
        let s = self.str(column);
        s.parse().unwrap_or_else(|_| panic!("line {}: {column} = {s:?} is not a number", self.line))
    }

    /// The cell of `column` as `u64`.
    pub fn u64(&self, column: &str) -> u64 {
        let s = self.str(column);
        s.parse().unwrap_or_else(|_| panic!("line {}: {column} = {s:?} is not a count", self.line))
    }
}

/// Reads `tests/data/reference/<name>.csv` with the `csv` crate (`#` starts a comment line,
/// cells are trimmed, every row must have the header's width).
pub fn load(name: &str) -> Vec<Record> {
    // The library's tests run from the repository root, loadbal-papers' from papers/.
    let root = env!("CARGO_MANIFEST_DIR");
    let here = format!("{root}/tests/data/reference/{name}.csv");
    let path =
        if std::path::Path::new(&here).exists() { here } else { format!("{root}/../tests/data/reference/{name}.csv") };
    let mut reader = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .trim(csv::Trim::All)
        .from_path(&path)
        .unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let header: Vec<String> =
        reader.headers().unwrap_or_else(|e| panic!("{path}: {e}")).iter().map(str::to_string).collect();
    let rows: Vec<Record> = reader
        .records()
        .map(|r| {
            let r = r.unwrap_or_else(|e| panic!("{path}: {e}"));
            let line = r.position().map_or(0, |p| p.line() as usize);
            Record { line, cells: header.iter().cloned().zip(r.iter().map(str::to_string)).collect() }
        })
        .collect();
    assert!(!rows.is_empty(), "{path}: no rows");
    rows
}

/// Relative error `|got − want| / |want|` (absolute when `want` is 0).
pub fn rel_err(got: f64, want: f64) -> f64 {
    if want == 0.0 { got.abs() } else { ((got - want) / want).abs() }
}

/// Checks every row of a reference table whose `function` column names `prefix` (a prefix
/// ending in `_` names a family) against `eval`, within `bound` relative error; returns the
/// worst error and the number of values compared.
pub fn family(rows: &[Record], prefix: &str, bound: f64, eval: impl Fn(&Record) -> Vec<f64>) -> (f64, usize) {
    let mut worst = 0.0f64;
    let mut n = 0;
    for row in rows.iter().filter(|r| {
        let f = r.str("function");
        // A prefix ending in `_` names a family of functions; otherwise the exact function.
        if prefix.ends_with('_') { f.starts_with(prefix) } else { f == prefix }
    }) {
        let want = row.f64("value");
        for got in eval(row) {
            let err = rel_err(got, want);
            worst = worst.max(err);
            n += 1;
            assert!(err <= bound, "line {} ({}): {got} vs {want}, rel. error {err:e}", row.line, row.str("function"));
        }
    }
    assert!(n > 0, "no rows for {prefix}");
    eprintln!("{prefix}: {n} values, worst relative error {worst:e} (bound {bound:e})");
    (worst, n)
}
