//! Shared helpers for the paper-row tests: the rows of one paper in quick mode, found by item.
#![allow(dead_code)] // each test file uses a part of it

use loadbal_papers::{Row, RunConfig, Status, sections_of};

/// Every row of the paper `key` whose section title starts with `title` (all with `""`), in
/// quick mode with the default seed.
pub fn rows(key: &str, title: &str) -> Vec<Row> {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    sections_of(key).iter().filter(|s| s.title.starts_with(title)).flat_map(|s| (s.run)(&cfg)).collect()
}

/// The row whose table is `table` and whose item starts with `item`; panics naming both.
pub fn find<'a>(rows: &'a [Row], table: &str, item: &str) -> &'a Row {
    rows.iter()
        .find(|r| r.table == table && r.item.starts_with(item))
        .unwrap_or_else(|| panic!("no row {table} / {item}"))
}

/// Asserts that no row is `error` or `unexplained`, listing those that are.
pub fn assert_no_failure(rows: &[Row]) {
    let bad: Vec<&Row> = rows.iter().filter(|r| matches!(r.status, Status::Error | Status::Unexplained)).collect();
    assert!(bad.is_empty(), "{bad:#?}");
}

/// Asserts a `match` row: the printed string, and the crate's value within half a unit of it.
pub fn assert_match(r: &Row, printed: &str, paper: f64, half_unit: f64) {
    assert_eq!(r.printed.as_deref(), Some(printed), "{r:?}");
    assert_eq!(r.status, Status::Match, "{r:?}");
    let value = r.model.expect("a match row has a model value");
    assert!((value - paper).abs() <= half_unit, "{value} is not within ±{half_unit} of the printed {paper}: {r:?}");
}
