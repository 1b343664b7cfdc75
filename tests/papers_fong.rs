//! Fong et al. reproduction rows: Table 1 and the §3 text example.

use loadbal::papers::{Row, RunConfig, Status, sections_of};

fn rows() -> Vec<Row> {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    sections_of("001").iter().flat_map(|s| (s.run)(&cfg)).collect()
}

#[test]
fn table1_free_row_matches_exactly_and_nothing_is_unexplained() {
    let rows = rows();
    for r in &rows {
        assert_ne!(r.status, Status::Unexplained, "{r:?}");
    }
    let free: Vec<f64> = rows.iter().filter(|r| r.item.starts_with("T*_free")).map(|r| r.model.unwrap()).collect();
    assert_eq!(free, vec![3.0, 7.0, 12.0, 19.0, 28.0, 38.0, 50.0, 64.0, 79.0]);
    assert!(rows.iter().filter(|r| r.item.starts_with("T*_free")).all(|r| r.status == Status::Match));
    // Simulated intervals within two steps of the formula (reference G11).
    for r in rows.iter().filter(|r| r.item.starts_with("T*_simu")) {
        assert!((r.model.unwrap() - r.paper.unwrap()).abs() <= 2.0, "{r:?}");
    }
    let t0 = rows.iter().find(|r| r.item.starts_with("T_0")).unwrap();
    assert_eq!((t0.model, t0.status), (Some(50.0), Status::Match));
    assert!(rows.iter().filter(|r| r.item.starts_with("v(t)")).count() == 4);
}
