//! Accuracy of the periodic remapping intervals (Fong et al.) against committed 50-digit
//! references (`scripts/references/remap_periodic.py`: root finding on `v(t) − B` itself).

use crate::reference_support;

use loadbal::remap::periodic::{Bound, Heterogeneous, Homogeneous, Interval};
use reference_support::{load, rel_err};

/// The closed form of Fong et al., Theorem 4.1 (eqs. (9)–(10), rationalised) from the library's
/// [`Heterogeneous::peak`]; `None` without an interior peak or when `B ≥ B*`.
fn theorem41(model: &Heterogeneous, b: f64) -> Option<f64> {
    let p = model.peak().ok()?;
    if b >= p.b_star {
        return None;
    }
    let inv_m = ((b - p.v_limit) * (b + p.v_limit)) / ((p.b_star - p.v_limit) * (p.b_star + p.v_limit));
    let root = (1.0 - inv_m).sqrt();
    let k = 1.0 / (1.0 + root);
    Some(inv_m / ((1.0 + root) * (1.0 + root)) * p.t2 + 2.0 * (1.0 - k) * p.t1)
}

/// The closed form of Fong et al., Corollary 4.1 (eqs. (13)–(14)) for identical processors with
/// `μ ≥ 0`: `w²B²/((N−1)σ²)` when `μ = 0`, else `(m − √(m²−1))²·T_0` with `m = B*/B`
/// (eq. (14) in its stable form `1/(m + √(m²−1))²`).
fn corollary41(model: &Homogeneous, b: f64) -> f64 {
    let (n, w, mu, s2) = (model.n() as f64, model.w0(), model.mean(), model.variance());
    if mu == 0.0 {
        return w * w * b * b / ((n - 1.0) * s2);
    }
    let m = model.b_star().unwrap() / b;
    let s = m + (m * m - 1.0).sqrt();
    model.t0().unwrap() / (s * s)
}

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
        let got = model.interval(Bound::Deviation { b }).unwrap();
        let what = format!("line {} ({} B = {b})", row.line, row.str("model"));
        if want.is_infinite() {
            assert_eq!(got, Interval::Unbounded, "{what}");
            continue;
        }
        rows += 1;
        let e = rel_err(got.t_real(), want);
        assert!(e < 1e-13, "P_II interval {what}: {} vs {want} ({e:e})", got.t_real());
        p2 = p2.max(e);
        // Theorem 4.1 where v has an interior peak: absolute error about 1e-15·T_2.
        if let (Some(t), Ok(peak)) = (theorem41(&model, b), model.peak()) {
            let e = (t - want).abs() / peak.t2;
            assert!(e < 1e-13, "theorem41 {what}: {t} vs {want}");
            thm = thm.max(e);
        }
        // Corollary 4.1 for identical processors with μ ≥ 0.
        if mu.iter().all(|&m| m == mu[0]) && var.iter().all(|&v| v == var[0]) && mu[0] >= 0.0 {
            let hom = Homogeneous::with_variance(w0, mu[0], var[0], mu.len() as u64).unwrap();
            let t = corollary41(&hom, b);
            let e = rel_err(t, want);
            assert!(e < 1e-13, "corollary41 {what}: {t} vs {want}");
            cor = cor.max(e);
        }
    }
    println!("P_II interval: worst relative error {p2:.2e} over {rows} finite rows");
    println!("Theorem 4.1 closed form (via Heterogeneous::peak): worst error {thm:.2e} relative to T_2");
    println!("Corollary 4.1 closed form: worst relative error {cor:.2e}");
}
