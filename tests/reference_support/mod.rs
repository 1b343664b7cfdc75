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

/// Reads `tests/data/reference/<name>.csv`.
pub fn load(name: &str) -> Vec<Record> {
    let path = format!("{}/tests/data/reference/{name}.csv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let mut header: Option<Vec<String>> = None;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_trim = line.trim();
        if line_trim.is_empty() || line_trim.starts_with('#') {
            continue;
        }
        let cells: Vec<String> = line_trim.split(',').map(|c| c.trim().to_string()).collect();
        match &header {
            None => header = Some(cells),
            Some(h) => {
                assert_eq!(h.len(), cells.len(), "{path}:{}: {} cells, header has {}", i + 1, cells.len(), h.len());
                rows.push(Record { line: i + 1, cells: h.iter().cloned().zip(cells).collect() });
            }
        }
    }
    assert!(!rows.is_empty(), "{path}: no rows");
    rows
}

/// Relative error `|got − want| / |want|` (absolute when `want` is 0).
pub fn rel_err(got: f64, want: f64) -> f64 {
    if want == 0.0 { got.abs() } else { ((got - want) / want).abs() }
}
