//! The ensemble rows `reproduce` prints for Ahn et al. are the tested rows.

use loadbal::papers::{Row, RunConfig, Status, sections_of};

fn rows(title: &str) -> Vec<Row> {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    sections_of("000").iter().filter(|s| s.title.starts_with(title)).flat_map(|s| (s.run)(&cfg)).collect()
}

fn find<'a>(rows: &'a [Row], item: &str) -> &'a Row {
    rows.iter().find(|r| r.item.starts_with(item)).unwrap_or_else(|| panic!("no row {item}"))
}

#[test]
fn text_numbers_and_percentages() {
    let rows = rows("ensemble: static variance");
    assert!(rows.iter().all(|r| r.status != Status::Unexplained), "{rows:#?}");
    let r = find(&rows, "√E[ξ²] = √(p/(p−1)·R·σ_T²)");
    assert_eq!(r.status, Status::Match);
    assert!((r.model.unwrap() - 752.65).abs() < 0.005);
    let exact = find(&rows, "E[ξ²] exact");
    assert!((exact.model.unwrap() - 543_822.4).abs() < 1e-6);
    assert!((exact.monte_carlo.unwrap() - 543_822.4).abs() < 4.0 * exact.mc_std_err.unwrap());
    assert!((find(&rows, "E[ξ²] by (13)").model.unwrap() - 560_706.44).abs() < 0.01);
    assert_eq!(find(&rows, "wild 1,000/25: wall-clock reduction 4.9%").status, Status::Match);
    assert_eq!(find(&rows, "mutant 10,000/100: wall-clock reduction ≈ 21%").status, Status::Deviates);
    assert_eq!(find(&rows, "mutant: avg idle reduced by 85% or more").status, Status::Deviates);
    // Table identities: exactly the four anomalies of reference A14 deviate
    let deviating: Vec<&str> = rows
        .iter()
        .filter(|r| r.table.starts_with("Table") && r.status == Status::Deviates)
        .map(|r| r.item.as_str())
        .collect();
    assert_eq!(deviating.len(), 4, "{deviating:?}");
    assert!(deviating.contains(&"% idle = 100·avg idle/avg, RP, 1000/25"));
}

#[test]
fn tables_2_and_3_every_cell_has_a_status_and_note() {
    let rows = rows("ensemble: Tables 2 and 3");
    assert_eq!(rows.len(), 2 * 2 * 5 * 7);
    assert!(
        rows.iter().all(|r| r.status != Status::Unexplained),
        "{:#?}",
        rows.iter().filter(|r| r.status == Status::Unexplained).collect::<Vec<_>>()
    );
    assert!(rows.iter().all(|r| !r.note.is_empty() && r.monte_carlo.is_some()));
    // static wild 1,000/25: the model column is the integral-method prediction
    let r = find(&rows, "max idle, Static, 1000 tasks / 25 procs");
    assert!((r.model.unwrap() - 2_898.615_594).abs() < 1e-3);
    assert_eq!(r.status, Status::Match);
    // balancing cuts the simulated average idle time by more than half at 25 processors
    let stat = find(&rows, "avg idle, Static, 1000 tasks / 25 procs").monte_carlo.unwrap();
    for alg in ["MD", "AR", "RP", "NR"] {
        let r = find(&rows, &format!("avg idle, {alg}, 1000 tasks / 25 procs"));
        assert!(r.monte_carlo.unwrap() < stat / 2.5, "{r:?}");
    }
    // mutant rows say which task-time distribution was used
    assert!(rows.iter().filter(|r| r.table.contains("mutant")).all(|r| r.note.contains("documented choice")));
}

#[test]
fn table_1_along_simulated_histories() {
    let rows = rows("ensemble: Table 1");
    assert_eq!(rows.len(), 16);
    assert!(rows.iter().all(|r| r.status != Status::Unexplained));
    for r in rows.iter().filter(|r| r.item.starts_with("theoretical")) {
        assert!(r.note.contains("simulated histories"), "{r:?}");
    }
}
