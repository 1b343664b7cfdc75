//! Yin et al. reproduction rows: Figure 4's remap sets, Figure 5's iteration counts, Monte Carlo.

use loadbal::papers::{Row, RunConfig, Status, sections_of};

fn rows() -> Vec<Row> {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    sections_of("003").iter().flat_map(|s| (s.run)(&cfg)).collect()
}

#[test]
fn figure4_statements_reproduced_except_the_documented_eta_4() {
    let rows = rows();
    for r in &rows {
        assert_ne!(r.status, Status::Unexplained, "{r:?}");
    }
    let grouping: Vec<&Row> = rows.iter().filter(|r| r.item.contains("same remap set")).collect();
    assert_eq!(grouping.len(), 8);
    for r in &grouping {
        if r.item.starts_with("η = 4:") {
            assert_eq!(r.status, Status::Deviates);
            assert!(r.note.contains("0.0139") && r.note.contains("3.98077"), "{}", r.note);
        } else {
            assert_eq!(r.status, Status::Match, "{r:?}");
        }
    }
    assert_eq!(rows.iter().filter(|r| r.item.contains("differs from panel")).count(), 4);
    assert!(rows.iter().filter(|r| r.table.starts_with("§5 text")).all(|r| r.status == Status::Match));
    let count =
        |eta: &str| rows.iter().find(|r| r.item == format!("η = {eta}: remapping states")).unwrap().model.unwrap();
    let counts = [count("1"), count("2"), count("4"), count("5"), count("7"), count("10"), count("13")];
    assert_eq!(counts, [20.0, 12.0, 8.0, 8.0, 6.0, 2.0, 2.0]);
    let mc: Vec<&Row> = rows.iter().filter(|r| r.monte_carlo.is_some()).collect();
    assert_eq!(mc.len(), 5);
    assert!(mc.iter().all(|r| r.status == Status::Match));
    // Figure 5: tens of iterations, increasing with η (tol 1e-2).
    let steps: Vec<f64> = rows.iter().filter(|r| r.table == "Figure 5").map(|r| r.model.unwrap()).collect();
    assert_eq!(steps.len(), 13);
    assert!(steps.windows(2).all(|w| w[0] <= w[1]) && steps[0] >= 10.0 && steps[12] < 100.0, "{steps:?}");
}
