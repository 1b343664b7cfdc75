//! `Display` of result types that had none, on values computed independently: hop layers of
//! hypercubes against the binomial closed form (C(d, l) processors at distance l, each with l
//! links to the layer before), and a reproduce row of a number Jia prints.

use loadbal::dlt::Layers;
use loadbal_papers::{RunConfig, sections_of};

fn binomial(d: u64, l: u64) -> u64 {
    (0..l).fold(1, |c, i| c * (d - i) / (i + 1))
}

#[test]
fn hypercube_layers_are_binomial_and_display_them() {
    for d in 1..=16u32 {
        let l = Layers::hypercube(d).unwrap();
        let d = u64::from(d);
        assert_eq!(l.n, (0..=d).map(|k| binomial(d, k)).collect::<Vec<_>>(), "d = {d}");
        assert_eq!(l.e, (0..=d).map(|k| k * binomial(d, k)).collect::<Vec<_>>(), "d = {d}");
    }
    let l = Layers::hypercube(4).unwrap();
    assert_eq!(l.to_string(), "5 layers: processors [1, 4, 6, 4, 1], links [0, 4, 12, 12, 4]");
}

#[test]
fn a_reproduce_row_displays_source_item_values_and_status() {
    // Jia, §3.4.1 prints the load of P_2 as 1.7528; the crate computes it from the tree.
    let snp = sections_of("jia").into_iter().find(|s| s.title.starts_with("SNP example")).unwrap();
    let rows = (snp.run)(&RunConfig::default());
    let p2 = rows.iter().find(|r| r.item == "load assigned to P_2").unwrap();
    assert_eq!(p2.to_string(), "jia §3.4.1 text load assigned to P_2: paper 1.7528, model 1.752816 [match]");
    let computed = rows.iter().find(|r| r.printed.is_none()).unwrap();
    assert!(computed.to_string().contains(": paper —, model 0.534884 [computed]"), "{computed}");
}
