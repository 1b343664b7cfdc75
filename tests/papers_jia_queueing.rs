//! Jia's queueing rows (Tables 5.1–5.3) as `reproduce` prints them.

use loadbal::papers::{Row, RunConfig, Status, sections_of};

fn rows() -> Vec<Row> {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    sections_of("004_6138481c300b5565")
        .into_iter()
        .filter(|s| s.title.starts_with("Table"))
        .flat_map(|s| (s.run)(&cfg))
        .collect()
}

fn find<'a>(rows: &'a [Row], item: &str) -> &'a Row {
    rows.iter().find(|r| r.item == item).unwrap_or_else(|| panic!("no row {item}"))
}

#[test]
fn no_row_is_unexplained() {
    let rows = rows();
    for r in &rows {
        println!(
            "{:<10} {:<45} {:?} {:?} {:?} {}",
            r.table,
            r.item,
            r.paper,
            r.model,
            r.monte_carlo,
            r.status.as_str()
        );
    }
    assert!(rows.len() >= 50);
    assert!(rows.iter().all(|r| r.status != Status::Unexplained));
}

#[test]
fn table_5_3_bound_matches_with_own_vacation_rate() {
    let rows = rows();
    let golden = [
        ("Exp 1 Region_0 Q^t", 5.3435),
        ("Exp 1 Region_1 Q^t", 25.98),
        ("Exp 1 Region_2 Q^t", 3.2517),
        ("Exp 2 Region_0 Q^t", 6.7296),
        ("Exp 2 Region_1 Q^t", 79.9071),
        ("Exp 2 Region_2 Q^t", 2.2295),
        ("Exp 3 Region_0 Q^t", 3.7596),
        ("Exp 3 Region_1 Q^t", 8.15),
        ("Exp 3 Region_2 Q^t", 4.6476),
    ];
    for (item, value) in golden {
        let r = find(&rows, item);
        assert!((r.model.unwrap() - value).abs() < 1e-4, "{item}: {:?}", r.model);
        assert_eq!(r.status, Status::Match, "{item}");
    }
    // The text's vacation rule gives 5.5235, 25.80, 3.5817 for Exp 1 and does not match.
    let text = find(&rows, "Exp 1 Region_0 Q^t, text's vacation rule");
    assert!((text.model.unwrap() - 5.5235).abs() < 1e-4);
    assert_eq!(text.status, Status::Deviates);
}

#[test]
fn table_5_3_simulation_is_close_to_printed_runs() {
    let rows = rows();
    let r = find(&rows, "Exp 1 Region_0 Q^a");
    let mc = r.monte_carlo.unwrap();
    assert!((mc - 3.58).abs() < 0.3, "{mc}");
    let near_saturation = find(&rows, "Exp 2 Region_1 Q^a");
    assert!(near_saturation.monte_carlo.unwrap() < 10.3);
}

#[test]
fn derived_rates_use_the_corrected_relation() {
    let rows = rows();
    assert!((find(&rows, "Region_0 μ^c").model.unwrap() - 1.0 / 9.9).abs() < 1e-12);
    assert!((find(&rows, "Region_1 μ^max").model.unwrap() - 1.0 / 8.4).abs() < 1e-12);
    // Region_0 with Region_1 idle: E = 2.9, faster than E^c = 3.3, so μ > μ^c.
    let mu = find(&rows, "Region_0 μ^{1'} (Region_1 idle)").model.unwrap();
    assert!((mu - 1.0 / 8.7).abs() < 1e-12 && mu > 1.0 / 9.9);
}
