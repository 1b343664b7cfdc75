//! Accuracy of the periodic remapping intervals (Fong et al.) against committed 50-digit
//! references (`scripts/references/remap_periodic.py`: root finding on `v(t) − B` itself).

use crate::reference_support;

use loadbal::remap::periodic::{
    Heterogeneous, Homogeneous, Interval, corollary41_interval, p2_interval, theorem41_interval,
};
use reference_support::{load, rel_err};

fn list(s: &str) -> Vec<f64> {
    s.split(';').map(|x| x.parse().expect("a number")).collect()
}

#[test]
fn p2_interval_and_closed_forms_match_the_roots() {
    let (mut p2, mut thm, mut cor) = (0.0f64, 0.0f64, 0.0f64);
    let mut rows = 0;
    for row in load("remap_periodic_intervals") {
        let (w0, mu, var, b) = (row.f64("w0"), list(row.str("mu")), list(row.str("variance")), row.f64("b"));
        let want = row.f64("t_real");
        let model = Heterogeneous::with_variance(w0, mu.clone(), var.clone()).unwrap();
        let got = p2_interval(&model, b).unwrap();
        let what = format!("line {} ({} B = {b})", row.line, row.str("model"));
        if want.is_infinite() {
            assert_eq!(got, Interval::Unbounded, "{what}");
            continue;
        }
        rows += 1;
        let e = rel_err(got.t_real(), want);
        assert!(e < 1e-13, "p2_interval {what}: {} vs {want} ({e:e})", got.t_real());
        p2 = p2.max(e);
        // Theorem 4.1 where v has an interior peak: absolute error about 1e-15·T_2.
        if let (Ok(t), Ok(peak)) = (theorem41_interval(&model, b), model.peak()) {
            let e = (t.t_real() - want).abs() / peak.t2;
            assert!(e < 1e-13, "theorem41 {what}: {} vs {want}", t.t_real());
            thm = thm.max(e);
        }
        // Corollary 4.1 for identical processors with μ ≥ 0.
        if mu.iter().all(|&m| m == mu[0]) && var.iter().all(|&v| v == var[0]) && mu[0] >= 0.0 {
            let hom = Homogeneous::with_variance(w0, mu[0], var[0], mu.len() as u64).unwrap();
            let t = corollary41_interval(&hom, b).unwrap();
            let e = rel_err(t.t_real(), want);
            assert!(e < 1e-13, "corollary41 {what}: {} vs {want}", t.t_real());
            cor = cor.max(e);
        }
    }
    println!("p2_interval: worst relative error {p2:.2e} over {rows} finite rows");
    println!("theorem41_interval: worst error {thm:.2e} relative to T_2");
    println!("corollary41_interval: worst relative error {cor:.2e}");
}
