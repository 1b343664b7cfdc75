//! Output of every subcommand: a readable table by default, `--json` or `--csv` for programs,
//! numbers in scientific notation when large or small.

use crate::support::{self, Failure};
use std::fmt::Write as _;

/// `--json` / `--csv`: the output format flags every subcommand takes.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub struct FormatArgs {
    /// Write JSON (an array of objects, one per row) instead of a table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Write CSV (a header line, then one line per row) instead of a table.
    #[arg(long)]
    pub csv: bool,
}

/// The chosen output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Aligned columns for a person.
    Table,
    /// JSON for programs.
    Json,
    /// CSV for programs.
    Csv,
}

impl FormatArgs {
    /// The format the flags choose (a table when neither is given).
    pub fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else if self.csv {
            Format::Csv
        } else {
            Format::Table
        }
    }
}

/// A number as the tables print it: up to 6 significant digits, in scientific notation when its
/// magnitude is at least 1e7 or below 1e-4 (so 1e308 prints as `1e308`, not 309 digits).
///
/// ```
/// use loadbal_cli::output::number;
/// assert_eq!(number(1e308), "1e308");
/// assert_eq!(number(20973.2764), "20973.3");
/// assert_eq!(number(0.5), "0.5");
/// assert_eq!(number(-2.5e-7), "-2.5e-7");
/// assert_eq!(number(0.0), "0");
/// ```
pub fn number(x: f64) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    if x != 0.0 && (x.abs() >= 1e7 || x.abs() < 1e-4) {
        let s = format!("{x:.5e}");
        let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let mantissa =
            if mantissa.contains('.') { mantissa.trim_end_matches('0').trim_end_matches('.') } else { mantissa };
        return format!("{mantissa}e{exp}");
    }
    let digits = if x == 0.0 { 0 } else { (5 - x.abs().log10().floor() as i32).clamp(0, 10) as usize };
    let s = format!("{x:.digits$}");
    if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s }
}

/// A number at full precision for programs (CSV): the shortest decimal that reads back as the same
/// `f64`, in scientific notation when its magnitude is at least 1e16 or below 1e-5.
///
/// ```
/// use loadbal_cli::output::exact;
/// assert_eq!(exact(1e308), "1e308");
/// assert_eq!(exact(0.1), "0.1");
/// assert_eq!(exact(123456.789), "123456.789");
/// assert_eq!(exact(2.5e-9), "2.5e-9");
/// ```
pub fn exact(x: f64) -> String {
    if x.is_finite() && x != 0.0 && (x.abs() >= 1e16 || x.abs() < 1e-5) { format!("{x:e}") } else { x.to_string() }
}

/// One cell of a [`Table`]: a number keeps its full precision in JSON and CSV.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// A number (JSON number, CSV shortest round-trip decimal, table [`number`]).
    Number(f64),
    /// An integer count.
    Count(u64),
    /// Text.
    Text(String),
    /// No value (JSON null, empty CSV field, `—` in a table).
    Empty,
}

impl From<f64> for Cell {
    fn from(x: f64) -> Self {
        Cell::Number(x)
    }
}

impl From<u64> for Cell {
    fn from(x: u64) -> Self {
        Cell::Count(x)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Cell::Text(s.to_string())
    }
}

impl From<String> for Cell {
    fn from(s: String) -> Self {
        Cell::Text(s)
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(x: Option<T>) -> Self {
        x.map_or(Cell::Empty, Into::into)
    }
}

/// Rows under named columns, rendered as a table, JSON or CSV.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    /// Column names (JSON keys, CSV header).
    pub columns: Vec<String>,
    /// Rows, each as long as `columns`.
    pub rows: Vec<Vec<Cell>>,
}

impl Table {
    /// An empty table with these columns.
    pub fn new<S: Into<String>>(columns: impl IntoIterator<Item = S>) -> Self {
        Table { columns: columns.into_iter().map(Into::into).collect(), rows: Vec::new() }
    }

    /// Appends a row (it must have one cell per column).
    pub fn push(&mut self, row: Vec<Cell>) {
        debug_assert_eq!(row.len(), self.columns.len());
        self.rows.push(row);
    }

    /// The table in `format`, ending with a newline.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Table => self.text(),
            Format::Json => self.json(),
            Format::Csv => self.csv(),
        }
    }

    /// Writes the table to standard output in `format`.
    pub fn print(&self, format: Format) -> Result<(), Failure> {
        support::print(&self.render(format))
    }

    fn text(&self) -> String {
        let cells: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|c| match c {
                        Cell::Number(x) => number(*x),
                        Cell::Count(n) => n.to_string(),
                        Cell::Text(s) => s.clone(),
                        Cell::Empty => "—".to_string(),
                    })
                    .collect()
            })
            .collect();
        let mut width: Vec<usize> = self.columns.iter().map(|c| c.chars().count()).collect();
        for row in &cells {
            for (w, c) in width.iter_mut().zip(row) {
                *w = (*w).max(c.chars().count());
            }
        }
        let numeric: Vec<bool> = (0..self.columns.len())
            .map(|j| self.rows.iter().all(|r| matches!(r.get(j), Some(Cell::Number(_) | Cell::Count(_) | Cell::Empty))))
            .collect();
        let line = |row: &[String]| {
            let mut s = String::new();
            for (j, (c, w)) in row.iter().zip(&width).enumerate() {
                if j > 0 {
                    s.push_str("  ");
                }
                let pad = w.saturating_sub(c.chars().count());
                if numeric[j] {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(c);
                } else {
                    s.push_str(c);
                    s.push_str(&" ".repeat(pad));
                }
            }
            s.trim_end().to_string() + "\n"
        };
        let mut out = line(&self.columns);
        for row in &cells {
            out.push_str(&line(row));
        }
        out
    }

    fn json(&self) -> String {
        let rows: Vec<serde_json::Value> = self
            .rows
            .iter()
            .map(|r| {
                let mut obj = serde_json::Map::new();
                for (k, c) in self.columns.iter().zip(r) {
                    let v = match c {
                        Cell::Number(x) => serde_json::Number::from_f64(*x).map_or(serde_json::Value::Null, Into::into),
                        Cell::Count(n) => (*n).into(),
                        Cell::Text(s) => s.clone().into(),
                        Cell::Empty => serde_json::Value::Null,
                    };
                    obj.insert(k.clone(), v);
                }
                obj.into()
            })
            .collect();
        serde_json::to_string_pretty(&rows).unwrap_or_else(|_| "[]".to_string()) + "\n"
    }

    fn csv(&self) -> String {
        let mut w = csv::Writer::from_writer(Vec::new());
        let mut out = String::new();
        let ok = w.write_record(&self.columns).is_ok()
            && self.rows.iter().all(|r| {
                w.write_record(r.iter().map(|c| match c {
                    Cell::Number(x) => exact(*x),
                    Cell::Count(n) => n.to_string(),
                    Cell::Text(s) => s.clone(),
                    Cell::Empty => String::new(),
                }))
                .is_ok()
            });
        if ok && let Ok(bytes) = w.into_inner() {
            let _ = write!(out, "{}", String::from_utf8_lossy(&bytes));
        }
        out
    }
}

/// An upper estimate of the memory a [`Table`] of `rows` rows and `columns` columns takes while
/// it is built and rendered (the cells, their text and the rendered output), for the memory
/// guard ([`crate::support::check_memory`]) before the rows are computed.
pub fn table_bytes(rows: u128, columns: usize) -> u128 {
    let per_cell = std::mem::size_of::<Cell>() as u128 + 3 * (std::mem::size_of::<String>() as u128 + 24);
    rows.saturating_mul(2 * std::mem::size_of::<Vec<Cell>>() as u128 + columns as u128 * per_cell)
}

/// Writes `table` to standard output in `format`, with the columns named in `constant` (which
/// hold the same value on every row, such as a makespan) shown once: in a table for a person
/// they become `name: value` lines above the other columns; JSON and CSV keep them on every
/// row, so that programs read one shape.
pub fn print_with_constants(table: &Table, constant: &[&str], format: Format) -> Result<(), Failure> {
    if format != Format::Table {
        return table.print(format);
    }
    let keep: Vec<usize> =
        (0..table.columns.len()).filter(|&j| !constant.contains(&table.columns[j].as_str())).collect();
    let mut out = String::new();
    for (j, name) in table.columns.iter().enumerate() {
        if keep.contains(&j) {
            continue;
        }
        let value = match table.rows.first().and_then(|r| r.get(j)) {
            Some(Cell::Number(x)) => number(*x),
            Some(Cell::Count(n)) => n.to_string(),
            Some(Cell::Text(s)) => s.clone(),
            Some(Cell::Empty) | None => "—".to_string(),
        };
        let _ = writeln!(out, "{name}: {value}");
    }
    let rest = Table {
        columns: keep.iter().map(|&j| table.columns[j].clone()).collect(),
        rows: table.rows.iter().map(|r| keep.iter().filter_map(|&j| r.get(j).cloned()).collect()).collect(),
    };
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(&rest.render(Format::Table));
    support::print(&out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_agree_on_the_values() -> Result<(), serde_json::Error> {
        let mut t = Table::new(["n", "value", "note"]);
        t.push(vec![Cell::Count(3), Cell::Number(1e308), "a, b".into()]);
        t.push(vec![Cell::Count(10), Cell::Number(0.25), Cell::Empty]);
        assert_eq!(t.render(Format::Table), " n  value  note\n 3  1e308  a, b\n10   0.25  —\n");
        assert_eq!(
            t.render(Format::Csv),
            "n,value,note
3,1e308,\"a, b\"\n10,0.25,\n"
        );
        let v: serde_json::Value = serde_json::from_str(&t.render(Format::Json))?;
        assert_eq!(v[0]["value"], 1e308);
        assert_eq!(v[1]["note"], serde_json::Value::Null);
        Ok(())
    }
}
