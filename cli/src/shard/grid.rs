//! Parameter grids (`--grid FILE`): a CSV file of points, each a line.

use crate::support::{self, Failure};
use std::path::Path;

/// Reads a parameter grid: a CSV file with a header line naming some of the columns `R` knows
/// (`#[serde(deny_unknown_fields)]`), one point per line; `#` starts a comment line. Returns each
/// point with its line number. Errors name the file and line.
pub fn read_grid<R: serde::de::DeserializeOwned>(path: &Path) -> Result<Vec<(u64, R)>, Failure> {
    if let Ok(meta) = std::fs::metadata(path) {
        // Each point's strings and parsed values: a few times the text.
        support::check_memory(&format!("reading {}", path.display()), u128::from(meta.len()) * 8)?;
    }
    let file = std::fs::File::open(path).map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
    // The size checked above is 0 for a device or a pipe: the reader enforces the limit too.
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .comment(Some(b'#'))
        .from_reader(support::BoundedRead::new(file, support::INPUT_LIMIT_BYTES));
    let headers = reader.headers().map_err(|e| grid_error(path, &e))?.clone();
    if headers.is_empty() {
        return Err(Failure::usage(format!("{}: empty grid (a header line names the columns)", path.display())));
    }
    let mut points = Vec::new();
    // What the points hold: each its struct and, at most, its text again in owned strings. A
    // line of a few bytes parses into a struct of a hundred or more, so the check on the file's
    // size above does not bound this; it is checked as the points accumulate.
    let mut bytes: u128 = 0;
    for record in reader.records() {
        let record = record.map_err(|e| grid_error(path, &e))?;
        // Twice the struct: the vector doubles its capacity as it grows.
        bytes += 2 * std::mem::size_of::<(u64, R)>() as u128 + 2 * record.as_slice().len() as u128;
        if points.len() % 4096 == 0 {
            support::check_memory(&format!("the points of {}", path.display()), bytes)?;
        }
        let line = record.position().map_or(0, csv::Position::line);
        let point: R = record.deserialize(Some(&headers)).map_err(|e| {
            let msg = e.to_string();
            support::bad_line(path, line as usize, msg.split(": ").last().unwrap_or(&msg))
        })?;
        points.push((line, point));
    }
    if points.is_empty() {
        return Err(Failure::usage(format!("{}: the grid has no points", path.display())));
    }
    Ok(points)
}

fn grid_error(path: &Path, e: &csv::Error) -> Failure {
    match e.position() {
        Some(p) => support::bad_line(path, p.line() as usize, e),
        None => Failure::usage(format!("{}: {e}", path.display())),
    }
}

/// A grid value: the line's cell if the grid has the column, else the flag's value.
pub fn cell_or<T, F>(cell: &Option<String>, column: &str, flag: T, parse: F) -> Result<T, String>
where
    F: Fn(&str) -> Result<T, String>,
{
    match cell {
        Some(s) if !s.is_empty() => parse(s).map_err(|e| format!("column {column}: {e}")),
        _ => Ok(flag),
    }
}
