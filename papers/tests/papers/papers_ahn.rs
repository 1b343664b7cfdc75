//! Ahn et al., §4.5 and §5.2: the order statistics of the static distribution against the numbers
//! the paper prints.

use crate::papers_support;
use loadbal_papers::Status;
use papers_support::{assert_match, assert_no_failure, find, rows};

#[test]
fn section_5_2_extremes_reproduce_the_printed_seconds() {
    let rows = rows("ahn", "order statistics");
    assert_no_failure(&rows);
    let t = "§5.2 text";
    // "E[Y_p] = 20,973 and E[Y_1] = 18,075 calculated from the integral method ... the
    // approximation method results of E[Y_p] = 20,965 and E[Y_1] = 18,083".
    assert_match(find(&rows, t, "E[Y_p], integral"), "20,973", 20_973.0, 0.5);
    assert_match(find(&rows, t, "E[Y_1], integral"), "18,075", 18_075.0, 0.5);
    assert_match(find(&rows, t, "E[Y_p], Chen–Tyler"), "20,965", 20_965.0, 0.5);
    assert_match(find(&rows, t, "E[Y_1], Chen–Tyler"), "18,083", 18_083.0, 0.5);
    // "E[Y_p − η_X] ≈ 1,449 seconds".
    assert_match(find(&rows, t, "E[Y_p − η_X]"), "1,449", 1_449.0, 0.5);
    // "E[Y_p] − E[Y_1] ≈ 2,898": the unrounded difference is 2,898.6 (rounds to 2,899); the paper
    // subtracts its two rounded expectations: `deviates` with that reading named.
    let diff = find(&rows, t, "E[Y_p] − E[Y_1] (expected");
    assert_eq!(diff.status, Status::Deviates);
    assert!((diff.model.unwrap() - 2_898.0).abs() <= 1.0 && (diff.model.unwrap() - 2_898.0).abs() > 0.5);
    assert!(diff.note.contains("rounded"));
    assert_eq!(find(&rows, t, "E[Y_p] − E[Y_1] = 20,973 − 18,075").status, Status::PaperCheck);
    // The Monte Carlo column is an independent simulation of the same expectation.
    let r = find(&rows, t, "E[Y_p], integral");
    let (mc, se) = (r.monte_carlo.unwrap(), r.mc_std_err.unwrap());
    assert_ne!(Some(mc), r.model);
    assert!((mc - 20_973.0).abs() < 0.5 + 4.0 * se, "{r:?}");
}

#[test]
fn c_max_printed_4_4_deviates_from_its_own_formula() {
    let rows = rows("ahn", "order statistics");
    // "C_max ≈ 4.4 for p_max = 1,000,000": Φ⁻¹(0.5264^(1/10⁶)) is 4.842.
    let c = find(&rows, "§4.5", "C_max");
    assert_eq!((c.printed.as_deref(), c.status), (Some("4.4"), Status::Deviates));
    assert!((c.model.unwrap() - 4.842_309).abs() < 1e-5);
    assert!(c.note.contains("4.842") && c.note.contains("100,000"), "{c:?}");
    // Values the paper does not print are `computed`, never `match`.
    assert_eq!(find(&rows, "§4.1", "e_25").status, Status::Computed);
    assert_eq!(find(&rows, "§4.1", "Chen–Tyler constant").status, Status::Computed);
}
