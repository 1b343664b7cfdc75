//! `Homogeneous::interval` with `Bound::ExtremeDifferenceNormal` and `CapacityModel::h` (Fong et al., §5) against committed 50-digit
//! references (`scripts/references/remap_capacity.py`: the CDF form of the expected maximum and
//! bisection on `d₁(t) − D` itself, not the crate's density form and quadratic formula).

use crate::reference_support;

use loadbal::remap::periodic::{Bound, CapacityModel, Homogeneous, Interval};
use reference_support::{load, rel_err};

fn list(s: &str) -> Vec<f64> {
    s.split(';').map(|x| x.parse().expect("a number")).collect()
}

#[test]
fn p1_exact_normal_and_h_match_the_references() {
    let (mut p1, mut h, mut p1_rows, mut h_rows, mut unbounded) = (0.0f64, 0.0f64, 0, 0, 0);
    for row in load("remap_capacity") {
        let what = format!("line {}", row.line);
        let (w0, x, want) = (row.f64("w0"), row.f64("x"), row.f64("value"));
        match row.str("kind") {
            "p1" => {
                let (mu, var, n) = (row.f64("mu"), row.f64("variance"), row.u64("n"));
                let model = Homogeneous::with_variance(w0, mu, var, n).unwrap();
                let got = model.interval(Bound::ExtremeDifferenceNormal { d: x }).unwrap();
                if want.is_infinite() {
                    assert_eq!(got, Interval::Unbounded, "{what}");
                    unbounded += 1;
                    continue;
                }
                // Documented: that of expected_max_std_normal (1e-12 absolute on e_N ≥ 0.56), so
                // T* = (…/e_N)² to 4e-12 relative; measured far below.
                let e = rel_err(got.t_real(), want);
                assert!(e < 4e-12, "exact normal P_I interval {what}: {} vs {want} ({e:e})", got.t_real());
                p1 = p1.max(e);
                p1_rows += 1;
            }
            "h" => {
                let (mu, var, cap) = (list(row.str("mu")), list(row.str("variance")), list(row.str("capacity")));
                let model = CapacityModel::with_variance(w0, &mu, &var, &cap).unwrap();
                let got = model.h(x).unwrap();
                // Documented: that of expected_max_independent_normals, 1e-12 relative to
                // max(|h|, largest standard deviation √t·σ_i/c_i).
                let sd_max = var.iter().zip(&cap).map(|(v, c)| v.sqrt() / c * x.sqrt()).fold(0.0, f64::max);
                let e = (got - want).abs() / want.abs().max(sd_max);
                assert!(e < 1e-12, "h {what}: {got} vs {want} ({e:e})");
                h = h.max(e);
                h_rows += 1;
            }
            other => panic!("unknown kind {other}"),
        }
    }
    assert!(p1_rows >= 20 && h_rows >= 24 && unbounded > 0);
    println!(
        "exact normal P_I interval: worst relative error {p1:.2e} over {p1_rows} finite rows ({unbounded} unbounded)"
    );
    println!("CapacityModel::h: worst error {h:.2e} (relative to max(|h|, σ_max)) over {h_rows} rows");
}
