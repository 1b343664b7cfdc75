//! The rows `reproduce` prints for Jia's classical DLT section are the tested rows.

use loadbal::papers::{RunConfig, Status, sections_of};

#[test]
fn jia_classical_dlt_rows() {
    let cfg = RunConfig { quick: true, ..RunConfig::default() };
    let rows: Vec<_> = sections_of("004_6138481c300b5565")
        .iter()
        .filter(|s| s.title.starts_with("classical DLT"))
        .flat_map(|s| (s.run)(&cfg))
        .collect();
    assert!(rows.len() >= 40);
    assert!(rows.iter().all(|r| r.status != Status::Unexplained), "{rows:#?}");
    let find = |item: &str| rows.iter().find(|r| r.item.starts_with(item)).unwrap_or_else(|| panic!("{item}"));
    // The thesis's worked equivalent-processor numbers.
    for (item, paper) in [
        ("equivalent computation power", 1.0698),
        ("effective speed", 2.3396),
        ("batch sent", 3.2769),
        ("load assigned to P_2", 1.7528),
        ("load assigned to P_16", 1.5241),
    ] {
        let r = find(item);
        assert_eq!(r.status, Status::Match, "{r:?}");
        assert_eq!(r.paper, Some(paper));
    }
    assert!((find("root fraction").model.unwrap() - 4.6 / 8.6).abs() < 1e-15);
    assert!((find("both finish").model.unwrap() - 13.0).abs() < 1e-3);
    let shadow = find("shadow time");
    assert_eq!(shadow.status, Status::Deviates);
    assert!((shadow.model.unwrap() - 1.5699).abs() < 1e-4);
    // Anchors and limits match.
    for item in [
        "one processor",
        "two identical",
        "rational star",
        "bus, front-end",
        "chain, front-end",
        "binary tree, σ = 0.1",
        "2-D mesh, centre, all-port",
    ] {
        assert_eq!(find(item).status, Status::Match, "{item}");
    }
    assert!((find("bus, n = 1024").model.unwrap() - 6.0).abs() < 1e-9);
    assert!((find("chain, n = 1024").model.unwrap() - find("chain limit").model.unwrap()).abs() < 1e-9);
    // Speedup grows with n and stays below the limit for every topology.
    for prefix in ["bus, n", "chain, n", "binary tree, depth", "2-D mesh "] {
        let s: Vec<f64> = rows
            .iter()
            .filter(|r| r.item.starts_with(prefix) && r.table.starts_with("speedup"))
            .map(|r| r.model.unwrap())
            .collect();
        assert!(s.len() >= 5 && s.windows(2).all(|w| w[1] >= w[0] - 1e-12), "{prefix}: {s:?}");
    }
}
