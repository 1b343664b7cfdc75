//! The rows `reproduce` prints for Ahn et al's order statistics are the tested rows.

use loadbal::papers::{RunConfig, Status, sections_of};

#[test]
fn ahn_order_statistics_rows() {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    let rows: Vec<_> = sections_of("ahn")
        .iter()
        .filter(|s| s.title.starts_with("order statistics"))
        .flat_map(|s| (s.run)(&cfg))
        .collect();
    assert!(rows.len() >= 6);
    assert!(rows.iter().all(|r| r.status != Status::Unexplained), "{rows:#?}");
    let find = |item: &str| rows.iter().find(|r| r.item.starts_with(item)).unwrap_or_else(|| panic!("{item}"));
    for (item, paper) in [
        ("E[Y_p], integral", 20_973.0),
        ("E[Y_1], integral", 18_075.0),
        ("E[Y_p], Chen–Tyler", 20_965.0),
        ("E[Y_1], Chen–Tyler", 18_083.0),
    ] {
        let r = find(item);
        assert_eq!(r.status, Status::Match, "{r:?}");
        assert_eq!(r.paper, Some(paper));
        assert_eq!(r.model.unwrap().round(), paper);
    }
    // The Monte Carlo column agrees with the integral method.
    let r = find("E[Y_p], integral");
    assert!((r.monte_carlo.unwrap() - r.model.unwrap()).abs() < 4.0 * r.mc_std_err.unwrap());
    // The paper's C_max ≈ 4.4 is a known deviation, explained.
    let c = find("C_max");
    assert_eq!(c.status, Status::Deviates);
    assert!((c.model.unwrap() - 4.842_309).abs() < 1e-5);
    assert!(c.note.contains("4.842"));
}

#[test]
fn every_section_has_a_known_source_and_no_unexplained_row() {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    for s in loadbal::papers::sections() {
        assert!(loadbal::papers::PAPER_KEYS.contains(&s.source), "unknown source {}", s.source);
        for r in (s.run)(&cfg) {
            assert_eq!(r.source, s.source);
            assert_ne!(r.status, Status::Unexplained, "{r:?}");
            if matches!(r.status, Status::Deviates | Status::NotReproducible) {
                assert!(!r.note.is_empty(), "{r:?} needs a reason");
            }
        }
    }
}
