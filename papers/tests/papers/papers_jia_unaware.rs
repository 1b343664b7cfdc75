//! The Jia resource-unaware sections of `reproduce`, quick mode: statuses and values against
//! the thesis's printed numbers.

use loadbal::dlt::unaware::{Probe, execute_probe};
use loadbal_papers::fixtures::jia;
use loadbal_papers::{Row, RunConfig, Status, sections_of};

fn rows() -> Vec<Row> {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    sections_of("jia")
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

fn check(r: &Row, printed: &str, status: Status) {
    assert_eq!((r.printed.as_deref(), r.status), (Some(printed), status), "{r:?}");
}

#[test]
fn every_row_has_a_truthful_status() {
    let rows = rows();
    assert!(rows.len() > 250, "{} rows", rows.len());
    for r in &rows {
        assert!(!r.status.is_failure(), "{} / {}: {r:?}", r.table, r.item);
        assert_eq!(r.source, "jia");
        if r.status == Status::Match {
            let (p, m) = (r.paper.unwrap(), r.model.or(r.monte_carlo).unwrap());
            assert!((p - m).abs() <= r.tolerance.unwrap() * (1.0 + 1e-9), "{r:?}");
        }
        if matches!(r.status, Status::Deviates | Status::NotReproducible) {
            assert!(!r.note.is_empty(), "{} / {} needs a reason", r.table, r.item);
        }
        if let (Some(m), Some(mc)) = (r.model, r.monte_carlo) {
            assert_ne!(m, mc, "{r:?}");
        }
        for needle in ["reference §", "reference ambiguity", "ambiguity 1", "ambiguity 2", "seed 00"] {
            assert!(!r.note.contains(needle), "{r:?}");
        }
    }
}

#[test]
fn table_3_1_probe_against_the_printed_table() {
    let rows = rows();
    // P_4 and P_7 (w = 100) report their PTCs at the printed 202 and 201.3.
    let p4 = find(&rows, "Table 3.1", "T^p (PTC) of P_4");
    check(p4, "202", Status::Match);
    assert_eq!(p4.model, Some(202.0));
    let p7 = find(&rows, "Table 3.1", "T^p (PTC) of P_7");
    check(p7, "201.3", Status::Match);
    assert!((p7.model.unwrap() - 201.3).abs() < 1e-9);
    // The same numbers from the probe run on the engine, as Table 3.1 prints them.
    let ex = jia::fig_3_8();
    let (probe, _) =
        execute_probe(&ex, Probe { load: 80.0, eta: 0.05 }, loadbal::dlt::CostScale::new(2.0, 1.0).unwrap()).unwrap();
    assert!((probe.tp[4] - 202.0).abs() < 1e-9 && (probe.tp[7] - 201.3).abs() < 1e-9);
    // Table 3.1 prints T^p_16 = 4.3. That is not the right expectation for the engine: its own
    // w_16 = 2.0 and T^cf_16 = 1.3 give 1.3 + PL·w_16·T_cp = 1.3 + 1·2·2 = 5.3, so the row
    // deviates with that evidence (and (3.2) on the printed 4.3 gives w_16 = 1.5).
    let p16 = find(&rows, "Table 3.1", "T^p (PTC) of P_16");
    check(p16, "4.3", Status::Deviates);
    assert_eq!(p16.model, Some(5.3));
    assert_eq!(find(&rows, "Table 3.1", "w_16 by (3.2) from the printed times").model, Some(1.5));
}

#[test]
fn table_3_2_snp() {
    let rows = rows();
    let p3 = find(&rows, "Table 3.2", "Phase_1 load to P_3");
    check(p3, "3.8333", Status::Match);
    assert!((p3.model.unwrap() - 3.833333).abs() < 1e-6);
    let p16 = find(&rows, "Table 3.2", "Phase_1 load to P_16");
    check(p16, "1.4023", Status::Deviates);
    assert!((p16.model.unwrap() - 1.5241882).abs() < 1e-6);
    check(
        find(&rows, "§3.4 text", "load processed in Phase_1 = sum of Table 3.2's Phase_1 loads"),
        "13.2291",
        Status::PaperCheck,
    );
    check(find(&rows, "Table 3.2", "Phase_3 loads sum to the remaining load"), "30.2603", Status::PaperCheck);
    let thesis = find(&rows, "§3.4 text", "total processing time 57.2 (thesis's formula)");
    check(thesis, "57.2", Status::Match);
    assert!((thesis.model.unwrap() - 57.2029).abs() < 1e-3);
    let truth = find(&rows, "§3.4 text", "total processing time 57.2 vs the schedule's true finish");
    check(truth, "57.2", Status::Deviates);
    assert!((truth.model.unwrap() - 54.1746).abs() < 1e-3);
    check(find(&rows, "§3.4 text", "|P_4| batch equivalent w"), "2.6178", Status::Match);
    // 54.0588 was an earlier output of the end-to-end run, not a number of the thesis: the thesis
    // prints 57.2 for its own (over-charged) schedule, checked above. The end-to-end run has no
    // printed counterpart; it must finish before the thesis's 57.2 and is `computed`.
    let e2e = find(&rows, "§3.4 text", "SLD end to end on the engine: last phase computation");
    assert_eq!((e2e.status, e2e.printed.as_deref()), (Status::Computed, None));
    assert!(e2e.model.unwrap() < 57.2 - 0.05);
}

#[test]
fn table_3_3_dnp() {
    let rows = rows();
    // 0.491453 rounds to 0.4915: the printed 0.4914 is 5.3e-5 off, beyond its precision.
    let p12 = find(&rows, "Table 3.3", "Phase_1 load to P_12 (#1)");
    check(p12, "0.4914", Status::Deviates);
    assert!((p12.model.unwrap() - 0.49145).abs() < 1e-4);
    // Phase_3: Fig. 3.10's speed timeline is missing; differences beyond the printed precision
    // are deviations, never matches with a widened tolerance.
    for r in rows.iter().filter(|r| r.table == "Table 3.3" && r.item.starts_with("Phase_3")) {
        assert!(r.tolerance.unwrap() <= 5e-5 * (1.0 + 1e-9) || r.printed.as_deref() == Some("3.529"), "{r:?}");
        assert!(matches!(r.status, Status::Match | Status::Deviates), "{r:?}");
        assert!((r.model.unwrap() - r.paper.unwrap()).abs() <= 0.02, "{r:?}");
    }
    check(find(&rows, "Table 3.3", "DNP total processing time"), "68.572", Status::Deviates);
}

#[test]
fn monte_carlo_sections() {
    let rows = rows();
    // Tables 2.1/2.2: the crate's value is a simulation, in `monte_carlo` only; the ESS/WCS cells
    // are one systematic deviation below the thesis.
    let summary = find(&rows, "Tables 2.1/2.2", "ESS/WCS: mean relative deviation from the thesis, %");
    assert!(summary.monte_carlo.unwrap() < -3.0, "{summary:?}");
    for r in rows
        .iter()
        .filter(|r| r.table.starts_with("Table 2.") && r.item.starts_with("T-") && !r.item.contains("equals"))
    {
        assert!(r.model.is_none() && r.monte_carlo.is_some() && r.mc_std_err.is_some(), "{r:?}");
        if r.item.starts_with("T-ESS") || r.item.starts_with("T-WCS") {
            assert!(r.monte_carlo.unwrap() < r.paper.unwrap(), "{r:?}");
            assert!(matches!(r.status, Status::Match | Status::Deviates), "{r:?}");
        }
    }
    let copied = find(&rows, "Table 2.2", "T-pure, eps = 0.12, n = 20, eta = 0.03");
    check(copied, "249.71", Status::Deviates);
    check(
        find(&rows, "Table 2.2", "T-pure, eps = 0.12 equals eps = 0.07 (n = 20, eta = 0.03)"),
        "249.71",
        Status::Deviates,
    );
    check(
        find(&rows, "Table 2.1", "T-pure, eps = 0.12 equals eps = 0.07 (n = 8, eta = 0.03)"),
        "182.32",
        Status::PaperCheck,
    );
    // §5.5: the printed percentages follow from the printed times; SSS never slower than SDS.
    check(
        find(&rows, "§5.5 text (Fig. 5.3)", "T_SSS growth 1 → 7 sources, loose, % (from the printed times)"),
        "45",
        Status::PaperCheck,
    );
    let frac = find(&rows, "§5.5 text (Fig. 5.3)", "fraction of draws with T_SSS <= T_SDS, 7 sources, loose");
    assert_eq!((frac.status, frac.monte_carlo), (Status::Computed, Some(1.0)));
    // Table 4.2 qualitative claims are `computed` (confirmed) or `deviates`, never `match`.
    for r in rows.iter().filter(|r| r.table == "Table 4.2") {
        assert!(matches!(r.status, Status::Computed | Status::Deviates), "{r:?}");
    }
}
