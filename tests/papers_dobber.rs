//! The Dobber section of `reproduce`: every row has a status other than `Unexplained`, and
//! the key numbers are the crate's.

use loadbal::papers::{Row, RunConfig, Status, sections_of};

fn rows() -> Vec<Row> {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    let sections = sections_of("002");
    assert_eq!(sections.len(), 8);
    sections.iter().flat_map(|s| (s.run)(&cfg)).collect()
}

fn find<'a>(rows: &'a [Row], table: &str, item_start: &str) -> &'a Row {
    rows.iter()
        .find(|r| r.table == table && r.item.starts_with(item_start))
        .unwrap_or_else(|| panic!("no row {table} / {item_start}"))
}

#[test]
fn no_row_is_unexplained() {
    let rows = rows();
    for r in &rows {
        assert_ne!(r.status, Status::Unexplained, "{r:?}");
        assert_eq!(r.source, "dobber");
        if r.status != Status::Match {
            assert!(!r.note.is_empty(), "{r:?}");
        }
    }
}

#[test]
fn key_values() {
    let rows = rows();
    let ex = find(&rows, "§5.4.2", "worked example (alpha");
    assert!((ex.model.unwrap() - 1.0875300884).abs() < 1e-9);
    assert_eq!(ex.status, Status::Match);
    let y = find(&rows, "§6.2", "threshold Y*");
    assert!((y.model.unwrap() - 7709.1996).abs() < 1e-3);
    assert_eq!(y.status, Status::Match);
    let t = find(&rows, "Table 4.3", "t = 0.05: speedup");
    assert!((t.model.unwrap() - 1.500549).abs() < 1e-6);
    let lim = find(&rows, "§4.4", "asymptotic");
    assert!((lim.model.unwrap() - 1.873874).abs() < 1e-6);
    let slope = find(&rows, "Table 5.5", "d alpha / d p");
    assert!((slope.model.unwrap() + 0.0093707).abs() < 1e-6);
    assert_eq!(find(&rows, "(5.37)", "model 1.1: constant").status, Status::Deviates);
    assert_eq!(find(&rows, "(5.20)", "model 1.1: 2-JR").status, Status::Match);
    let alpha = find(&rows, "§5.3.2", "exponential: alpha");
    assert_eq!(alpha.status, Status::Match);
    assert!(alpha.monte_carlo.is_some());
    let slb = find(&rows, "Table 4.1", "S*(2.5, 4)");
    assert_eq!(slb.status, Status::NotReproducible);
    assert!(slb.model.unwrap() > 1.0, "synthetic S* must beat ELB: {slb:?}");
    let dstar = find(&rows, "Table 4.2", "D*(2.5, 4) speedup without");
    assert!(dstar.model.unwrap() > slb.model.unwrap());
}
