//! Static predictions of Ahn et al. (equal and unequal block splits) against 50-digit references
//! (`scripts/references/ensemble_static.py`: quadrature of the distribution function of the
//! maximum and minimum, and the expected sample variance from first and second moments).

mod reference_support;

use loadbal::ensemble::{StaticOptions, TaskTimes, VarianceConvention, static_prediction, static_variance};
use reference_support::{load, rel_err};

#[test]
fn static_predictions_to_1e11() {
    let (mut worst_extremes, mut worst_variance) = (0.0f64, 0.0f64);
    let rows = load("ensemble_static");
    for row in &rows {
        let (mu, sigma, n, p) = (row.f64("mu"), row.f64("sigma"), row.u64("n"), row.u64("p"));
        let s = static_prediction(TaskTimes::new(mu, sigma), n, p, StaticOptions::default())
            .unwrap_or_else(|e| panic!("line {}: {e}", row.line));
        for (got, col) in [(s.expected_max, "expected_max"), (s.expected_min, "expected_min")] {
            let err = rel_err(got, row.f64(col));
            worst_extremes = worst_extremes.max(err);
            assert!(err < 1e-11, "line {}: {col} {got} vs {} ({err:e})", row.line, row.str(col));
        }
        let v = static_variance(TaskTimes::new(mu, sigma), n, p, VarianceConvention::Exact).unwrap();
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
