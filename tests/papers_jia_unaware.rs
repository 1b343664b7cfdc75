//! The Jia resource-unaware sections of `reproduce`, quick mode: key rows and no
//! unexplained row.

use loadbal::dlt::unaware::{RelayRule, Rules, SldConfig, fig_3_8, run_sld};
use loadbal::papers::{Row, RunConfig, Status, sections_of};

fn rows() -> Vec<Row> {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    sections_of("004_6138481c300b5565")
        .into_iter()
        .filter(|s| {
            ["Tables 2.1", "Table 3.1", "Table 3.2", "Table 3.3", "Table 4.2", "§5.5 text, Fig. 5.3"]
                .iter()
                .any(|t| s.title.contains(t))
        })
        .flat_map(|s| (s.run)(&cfg))
        .collect()
}

fn find<'a>(rows: &'a [Row], table: &str, item: &str) -> &'a Row {
    rows.iter().find(|r| r.table == table && r.item == item).unwrap_or_else(|| panic!("row {table} / {item} missing"))
}

#[test]
fn jia_unaware_rows() {
    let rows = rows();
    assert!(rows.len() > 250, "{} rows", rows.len());
    for r in &rows {
        assert_ne!(r.status, Status::Unexplained, "{} / {}: paper {:?} model {:?}", r.table, r.item, r.paper, r.model);
        assert!(r.model.is_some_and(f64::is_finite), "{} / {}", r.table, r.item);
        if r.status != Status::Match {
            assert!(!r.note.is_empty(), "{} / {} needs a reason", r.table, r.item);
        }
    }
    // Table 3.1 and 3.2 key values.
    assert_eq!(find(&rows, "Table 3.1", "T^p (PTC) of P_16").model, Some(5.3));
    assert_eq!(find(&rows, "Table 3.1", "T^p (PTC) of P_16").status, Status::Deviates);
    let p3 = find(&rows, "Table 3.2", "Phase_1 load to P_3");
    assert_eq!(p3.status, Status::Match);
    assert!((p3.model.unwrap() - 3.833333).abs() < 1e-6);
    let p16 = find(&rows, "Table 3.2", "Phase_1 load to P_16");
    assert_eq!(p16.status, Status::Deviates);
    assert!((p16.model.unwrap() - 1.5241882).abs() < 1e-6);
    let thesis = find(&rows, "§3.4 text", "total processing time 57.2 (thesis's formula)");
    assert_eq!(thesis.status, Status::Match);
    assert!((thesis.model.unwrap() - 57.2029).abs() < 1e-3);
    let truth = find(&rows, "§3.4 text", "total processing time 57.2 vs the schedule's true finish");
    assert_eq!(truth.status, Status::Deviates);
    assert!((truth.model.unwrap() - 54.1746).abs() < 1e-3);
    assert_eq!(find(&rows, "§3.4 text", "|P_4| batch equivalent w").status, Status::Match);
    assert_eq!(find(&rows, "Table 3.2", "Phase_3 load to P_3").status, Status::Match);
    // Table 3.3 (DLD on the engine).
    let p12 = find(&rows, "Table 3.3", "Phase_1 load to P_12 (#1)");
    assert_eq!(p12.status, Status::Match);
    assert!((p12.model.unwrap() - 0.49145).abs() < 1e-4);
    assert_eq!(find(&rows, "Table 3.3", "Phase_2 load to P_9 (#1)").status, Status::Match);
    assert_eq!(find(&rows, "Table 3.3", "DNP total processing time").status, Status::Deviates);
    // Tables 2.1/2.2 structure.
    assert_eq!(find(&rows, "Table 2.1", "cells with T-WCS < T-pure (of 16)").model, Some(16.0));
    let gap =
        find(&rows, "Tables 2.1/2.2", "largest relative gap, event engine vs closed forms (all cells, ESS/WCS/pure)");
    assert!(gap.model.is_some_and(|g| g < 1e-12));
    assert_eq!(gap.status, Status::Match);
    for coupling in ["tight", "loose"] {
        let item = format!("largest relative gap, event engine vs closed forms (SSS and SDS, {coupling})");
        let gap = find(&rows, "§5.5 text (Fig. 5.3)", &item);
        assert!(gap.model.is_some_and(|g| g < 1e-12), "{item}");
    }
    let e2e = find(&rows, "§3.4 text", "SLD end to end on the engine: last phase computation");
    // The row is the engine's end-to-end run, which ends where its plan does.
    let ex = fig_3_8();
    let cfg =
        SldConfig { rules: Rules { relay: RelayRule::Physical, top: RelayRule::Physical }, ..SldConfig::thesis_snp() };
    let run = run_sld(&ex.tree, &ex.w, &cfg).unwrap();
    assert_eq!(e2e.model, Some(run.load_finish));
    assert!((run.load_finish - run.schedule.finish_time).abs() < 1e-9);
    assert_eq!(find(&rows, "Table 2.2", "cells with T-WCS < T-pure (of 16)").model, Some(16.0));
    let copied = find(&rows, "Table 2.2", "T-pure, eps = 0.12, n = 20, eta = 0.03");
    assert_eq!(copied.status, Status::Deviates);
    assert!(copied.monte_carlo.is_some() && copied.mc_std_err.is_some());
    // §5.5: SSS never slower than SDS.
    assert_eq!(
        find(&rows, "§5.5 text (Fig. 5.3)", "fraction of draws with T_SSS <= T_SDS, 7 sources, loose").model,
        Some(1.0)
    );
    // Table 4.2 qualitative ordering.
    assert_eq!(find(&rows, "Table 4.2", "eccentricity: MST highest, FHT lowest [1 = holds]").status, Status::Match);
}
