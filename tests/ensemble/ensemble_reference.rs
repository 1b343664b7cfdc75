//! Static predictions of Ahn et al. (equal and unequal block splits) against 50-digit references
//! (`scripts/references/ensemble_static.py`: quadrature of the distribution function of the
//! maximum and minimum, and the expected sample variance from first and second moments).

use crate::reference_support;

use loadbal::ensemble::{StaticOptions, VarianceConvention, static_prediction, static_variance};
use loadbal::law::Law;
use reference_support::{load, rel_err};

#[test]
fn static_predictions_to_1e11() {
    let (mut worst_extremes, mut worst_variance) = (0.0f64, 0.0f64);
    let rows = load("ensemble_static");
    for row in &rows {
        let (mu, sigma, n, p) = (row.f64("mu"), row.f64("sigma"), row.u64("n"), row.u64("p"));
        let s = static_prediction(&Law::normal(mu, sigma).unwrap(), n, p, StaticOptions::default())
            .unwrap_or_else(|e| panic!("line {}: {e}", row.line));
        for (got, col) in [(s.expected_max, "expected_max"), (s.expected_min, "expected_min")] {
            let err = rel_err(got, row.f64(col));
            worst_extremes = worst_extremes.max(err);
            assert!(err < 1e-11, "line {}: {col} {got} vs {} ({err:e})", row.line, row.str(col));
        }
        let v = static_variance(&Law::normal(mu, sigma).unwrap(), n, p, VarianceConvention::Exact).unwrap();
        let err = rel_err(v, row.f64("expected_variance"));
        worst_variance = worst_variance.max(err);
        assert!(err < 1e-14, "line {}: variance {v} vs {} ({err:e})", row.line, row.str("expected_variance"));
        assert_eq!(s.expected_variance, v);
    }
    eprintln!(
        "ensemble static: {} rows, worst extremes rel. error {worst_extremes:e}, worst variance rel. error {worst_variance:e}",
        rows.len()
    );
}

/// u = 2⁻⁵³, the unit roundoff the documented bounds are stated in.
const U: f64 = f64::EPSILON / 2.0;

fn counts(base: u64, step: u64, modulus: u64, p: u64) -> Vec<u64> {
    std::iter::once(0).chain((1..p).map(|i| base + (i * step) % modulus)).collect()
}

/// The closed forms of the ensemble framework against exact-rational / 50-digit references
/// (`scripts/references/ensemble.py`), each within the bound its `# Accuracy` section documents
/// (plus 1u for the reference's own rounding to a double).
#[test]
fn closed_forms_within_their_documented_bounds() {
    use crate::oracles::ar_adjusted_variance_after;
    use crate::via_methods::{
        ar_min_r_for_idle_decrease, ar_min_rp_for_range_decrease, ar_variance_decrease, c_max, md_variance_decrease,
        rp_expected_variance_decrease,
    };
    use loadbal::ensemble::{
        ArClaimConstants, RpDonorModel, adjusted_counts, expected_algebraic_variance, residual_task_moments,
    };
    let mut worst: std::collections::BTreeMap<String, f64> = Default::default();
    let rows = load("ensemble_closed_forms");
    for row in &rows {
        let f = row.str("function").to_string();
        let (mu, sigma, want) = (row.f64("mu"), row.f64("sigma"), row.f64("value"));
        let law = &Law::normal(mu, sigma).unwrap();
        let (a, b) = (row.str("a"), row.str("b"));
        let ints = || (row.u64("a"), row.u64("b"), row.u64("c"), row.u64("d"));
        let (got, bound_u) = match f.as_str() {
            // Prop. 1 is asked through `Algorithm::Md.variance_decrease` on a count vector of p
            // processors; the rows with p = 10⁹ (no such vector here) are checked against the same
            // file by the crate's unit test `ensemble::decrease::tests::md_decrease_reference`.
            "md_decrease" if ints().1 > 1_000_000 => continue,
            "md_decrease" => (md_variance_decrease(mu, ints().0, ints().1).unwrap(), 5.0),
            "ar_v_after" => (ar_adjusted_variance_after(ints().0, ints().1).unwrap(), 8.0),
            "residual_var" => (residual_task_moments(law).unwrap().variance, 4.0),
            "eav_first_idle" | "ar_decrease" | "rp_uniform_others" => {
                let (base, step, modulus, p) = ints();
                let r = counts(base, step, modulus, p);
                match f.as_str() {
                    "eav_first_idle" => {
                        // Processor 0 ran dry: (8b), then (10) with p − 1 processors running.
                        let running: Vec<bool> = (0..r.len()).map(|i| i != 0).collect();
                        let rhat = adjusted_counts(&r, &running).unwrap();
                        (expected_algebraic_variance(law, &rhat, r.len() - 1).unwrap(), 12.0)
                    }
                    "ar_decrease" => (ar_variance_decrease(mu, &r, 0).unwrap(), 4.0),
                    _ => (rp_expected_variance_decrease(mu, &r, 0, RpDonorModel::UniformOthers).unwrap(), 6.0),
                }
            }
            "static_variance" => (static_variance(law, ints().0, ints().1, VarianceConvention::Exact).unwrap(), 12.0),
            "ar_min_rp" | "ar_min_r" => {
                let k = ArClaimConstants {
                    eps: a.parse().unwrap(),
                    c_max: b.parse().unwrap(),
                    g: row.str("c").parse().unwrap(),
                };
                if f == "ar_min_rp" {
                    (ar_min_rp_for_range_decrease(law, k).unwrap(), 12.0)
                } else {
                    (ar_min_r_for_idle_decrease(law, k).unwrap(), 8.0)
                }
            }
            // c_max inherits the order-statistics kernel's normal quantile: 1e-14 relative.
            "c_max" => (c_max(ints().0).unwrap(), 1e-14 / U),
            other => panic!("line {}: unknown function {other}", row.line),
        };
        let err = rel_err(got, want);
        assert!(
            err <= (bound_u + 1.0) * U,
            "line {}: {f} got {got:e}, reference {want:e}, relative error {err:e} > {}u",
            row.line,
            bound_u
        );
        let w = worst.entry(f).or_insert(0.0);
        *w = w.max(err);
    }
    assert!(rows.len() > 150);
    eprintln!("worst relative errors against ensemble_closed_forms.csv: {worst:?}");
}
