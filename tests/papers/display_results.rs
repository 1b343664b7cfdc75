//! `Display` of result types that had none: hop layers of a hypercube (closed form: C(d, l)
//! processors at distance l, each with l links to the layer before) and a reproduce row.

use loadbal::dlt::layers_hypercube;
use loadbal::papers::Row;

#[test]
fn hypercube_layers_are_binomial_and_display_them() {
    let l = layers_hypercube(4).unwrap();
    // C(4, l) and l·C(4, l).
    assert_eq!(l.n, vec![1, 4, 6, 4, 1]);
    assert_eq!(l.e, vec![0, 4, 12, 12, 4]);
    assert_eq!(l.to_string(), "5 layers: processors [1, 4, 6, 4, 1], links [0, 4, 12, 12, 4]");
}

#[test]
fn a_reproduce_row_displays_source_item_values_and_status() {
    let r = Row::printed("jia", "Table 3.2", "α₁", "0.25", 0.2504);
    assert_eq!(r.to_string(), "jia Table 3.2 α₁: paper 0.25, model 0.2504 [match]");
    let c = Row::computed("fong", "§4", "T*", 12.5);
    assert_eq!(c.to_string(), "fong §4 T*: paper —, model 12.5 [computed]");
}
