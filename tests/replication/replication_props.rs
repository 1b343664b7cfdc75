//! Property tests of the Dobber replication models: invariants, and on adversarial inputs a
//! finite answer or a typed error in bounded time (never a panic, NaN or silent clamp).

use crate::closed_forms::{constant_beta_speedup, dependent_speedup, independent_speedup, varying_beta_iteration_time};
use loadbal::law::Law;
use loadbal::replication::DesConfig;
use loadbal::replication::PredictorKind;
use loadbal::replication::Trace;
use loadbal::replication::{self, JrModel, JrParams, ReplicationError, iteration_time, speedup};
use loadbal::replication::{Overheads, TracePolicy};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn closed_forms_equal_the_evaluator(c in 0.0f64..=1.0, p in 0u32..=10, r_frac in 0.0f64..=1.0) {
        let r = 1u64 << (r_frac * f64::from(p)).round() as u32;
        let p = 1u64 << p;
        let m11 = JrModel::DependentUnitBeta.planetlab_params();
        let e = speedup(c, r, p, &m11).unwrap();
        prop_assert!((dependent_speedup(c, r, p).unwrap() - e).abs() <= 1e-12 * e.abs().max(1.0));
        let e21 = speedup(c, r, p, &JrParams::independent_jobs()).unwrap();
        prop_assert!((independent_speedup(c, r, p).unwrap() - e21).abs() <= 1e-12 * e21.abs().max(1.0));
        let m22 = JrModel::PartlyIndependentConstantBeta.planetlab_params();
        let job = Law::normal(1.0, c).unwrap();
        let t = iteration_time(&job, r, p, &m22).unwrap();
        let oracle_job = crate::closed_forms::Job { mean: 1.0, sd: c };
        prop_assert!((varying_beta_iteration_time(&oracle_job, r, p, &m22).unwrap() - t).abs() <= 1e-12 * t.abs().max(1.0));
        if t != 0.0 {
            let s = speedup(c, r, p, &m22).unwrap();
            prop_assert!((constant_beta_speedup(c, r, p, &m22).unwrap() - s).abs() <= 1e-9 * s.abs().max(1.0));
        }
    }

    #[test]
    fn elb_is_one_replica_and_the_optimum_is_found_by_brute_force(c in 0.0f64..=1.0, p in 0u32..=12) {
        let big_p = 1u64 << p;
        for model in JrModel::ALL {
            let params = model.planetlab_params();
            match speedup(c, 1, big_p, &params) {
                Ok(s) => prop_assert_eq!(s, 1.0),
                Err(_) => prop_assert!(matches!(model, JrModel::DependentMeasuredBeta | JrModel::PartlyIndependentMeasuredBeta) && p > 7),
            }
            if let Ok(best) = replication::optimal_replicas(c, big_p, &params) {
                prop_assert!(best.speedup >= 1.0 && best.replicas <= big_p && best.replicas.is_power_of_two());
                // Brute force over every R: none with a positive iteration time does better.
                for r in (0..=p).map(|k| 1u64 << k) {
                    if iteration_time(&Law::normal(1.0, c).unwrap(), r, big_p, &params).unwrap() > 0.0 {
                        prop_assert!(speedup(c, r, big_p, &params).unwrap() <= best.speedup * (1.0 + 1e-12));
                    }
                }
            }
        }
    }

    #[test]
    fn model11_iteration_time_is_linear_in_sigma(mean in 0.1f64..100.0, c in 0.0f64..=1.0, p in 1u32..=8) {
        let m = JrModel::DependentUnitBeta.planetlab_params();
        for r in 0..=p {
            let a = iteration_time(&Law::normal(mean, c * mean).unwrap(), 1 << r, 1 << p, &m).unwrap();
            let b = mean * iteration_time(&Law::normal(1.0, c).unwrap(), 1 << r, 1 << p, &m).unwrap();
            prop_assert!((a - b).abs() <= 1e-9 * a.abs().max(1.0));
        }
    }

    #[test]
    fn bad_inputs_give_errors_not_panics(c in proptest::num::f64::ANY, r in proptest::num::u64::ANY, p in proptest::num::u64::ANY) {
        let _ = speedup(c, r, p, &JrModel::DependentFittedBeta.planetlab_params());
        for params in [JrParams::dependent_jobs(), JrParams::independent_jobs(), JrModel::DependentFittedBeta.planetlab_params()] {
            let _ = replication::continuous_optimum(c, p, &params);
        }
        let _ = replication::optimal_replicas(c, p, &JrModel::PartlyIndependentMeasuredBeta.planetlab_params());
        if !(0.0..=1.0).contains(&c) {
            prop_assert!(speedup(c, 1, 2, &JrModel::DependentUnitBeta.planetlab_params()).is_err());
        }
        if r > p || !p.is_power_of_two() || !r.is_power_of_two() {
            prop_assert!(speedup(0.5, r, p, &JrModel::DependentUnitBeta.planetlab_params()).is_err());
        }
    }

    /// Adversarial constants for the continuous optima: an answer is a maximum of a positive
    /// speedup inside [0, p] (checked against neighbours), anything else a typed error.
    #[test]
    fn continuous_optima_answer_only_inside_their_domain(
        c in 0.0f64..=1.0,
        alpha in 0.01f64..0.99,
        beta1 in 0.05f64..3.0,
        p in 0u32..=40,
    ) {
        let big_p = 1u64 << p;
        let pf = f64::from(p);
        let geometric = |n: f64| (1.0 - beta1.powf(n)) / (1.0 - beta1);
        let s12 = |r: f64| {
            (1.0 + alpha * c * geometric(pf))
                / (2f64.powf(r) * (1.0 - 2.0 * alpha * c) + alpha * c * (2.0 + geometric(pf - r)))
        };
        let params = JrParams::constant(alpha, beta1, 0.5, 1.0).unwrap();
        match replication::continuous_optimum(c, big_p, &params) {
            Ok(opt) => {
                prop_assert!(opt.speedup.is_finite() && opt.speedup > 0.0);
                prop_assert!((0.0..=pf).contains(&opt.level));
                let h = 1e-3;
                for r in [opt.level - h, opt.level + h] {
                    if (0.0..=pf).contains(&r) {
                        prop_assert!(s12(r) <= opt.speedup * (1.0 + 1e-12), "r = {r}: {} > {}", s12(r), opt.speedup);
                    }
                }
            }
            Err(e) => prop_assert!(matches!(
                e,
                ReplicationError::OutOfRange { .. }
                    | ReplicationError::NotAMaximum { .. }
                    | ReplicationError::NoSolution { .. }
                    | ReplicationError::CvOutOfDomain { .. }
                    | ReplicationError::InvalidParameter { .. }
            ), "{e}"),
        }
        for res in [replication::continuous_optimum(c, big_p, &JrParams::dependent_jobs()), replication::continuous_optimum(c, big_p, &JrParams::independent_jobs())] {
            match res {
                Ok(opt) => prop_assert!(opt.speedup.is_finite() && opt.speedup >= 1.0 - 1e-12 && (0.0..=pf).contains(&opt.level)),
                Err(e) => prop_assert!(matches!(e, ReplicationError::OutOfRange { .. } | ReplicationError::CvOutOfDomain { .. }), "{e}"),
            }
        }
    }

    /// Every model at every size up to 2^40 processors: finite or a typed error.
    #[test]
    fn every_model_is_finite_or_refuses(c in 0.0f64..=1.0, p in 0u32..=40, r_frac in 0.0f64..=1.0) {
        let r = 1u64 << (r_frac * f64::from(p)).round() as u32;
        for model in JrModel::ALL {
            match speedup(c, r, 1 << p, &model.planetlab_params()) {
                Ok(s) => prop_assert!(s.is_finite()),
                Err(e) => prop_assert!(matches!(
                    e,
                    ReplicationError::BetaTableTooSmall { .. }
                        | ReplicationError::DegenerateIterationTime { .. }
                        | ReplicationError::NegativeRadicand { .. }
                ), "{e}"),
            }
        }
    }

    #[test]
    fn simulators_respect_their_bounds(
        cols in proptest::collection::vec(proptest::collection::vec(0.1f64..10.0, 40), 4)
    ) {
        let t = Trace::new(cols).unwrap();
        let ov = Overheads::default();
        let elb = t.run_time(&TracePolicy::Elb, &ov).unwrap();
        let dstar = t.run_time(&TracePolicy::DlbOptimal { overhead_interval: 10 }, &ov).unwrap();
        let sstar = t.run_time(&TracePolicy::SlbOptimal, &ov).unwrap();
        // Perfect per-iteration balancing is never slower than any static split.
        prop_assert!(dstar <= sstar * (1.0 + 1e-12) && dstar <= elb * (1.0 + 1e-12));
        let jr = |replicas: u64| t.run_time(&TracePolicy::Jr { replicas }, &ov).unwrap();
        prop_assert!((jr(1) - elb).abs() <= 1e-9 * elb);
        for r in [2, 4] {
            prop_assert!(jr(r) > 0.0);
        }
    }

    #[test]
    fn predictors_and_stats_never_panic(y in proptest::collection::vec(0.1f64..1e4, 2..120)) {
        for kind in [PredictorKind::LastValue, PredictorKind::Es(0.3), PredictorKind::TriggLeach(0.2),
                     PredictorKind::Whybark, PredictorKind::Mentzer, PredictorKind::PantazopoulosPappis,
                     PredictorKind::Ar { order: 2, window: 50 }, PredictorKind::Des(DesConfig::default())] {
            let p = kind.predict_series(&y).unwrap();
            prop_assert_eq!(p.len(), y.len() - 1);
            prop_assert!(p.iter().all(|v| v.is_finite()));
        }
        let _ = replication::trace_stats(&y, 10);
        let _ = replication::hurst_from_acf(&y, 5);
    }
}

#[test]
fn ragged_and_invalid_traces_are_rejected() {
    assert!(Trace::new(vec![]).is_err());
    assert!(Trace::new(vec![vec![1.0, 2.0], vec![1.0]]).is_err());
    assert!(Trace::new(vec![vec![1.0, f64::NAN]]).is_err());
    assert!(Trace::new(vec![vec![1.0, -0.5]]).is_err());
    assert!(Trace::from_csv_str("a,b\n1,2\n3\n").is_err());
}

#[cfg(feature = "serde")]
/// Model constants read from JSON go through the same checks as `JrParams::new`: a valid model
/// round-trips, an α outside (0, 1), a γ outside [½, 1] or a negative β table entry is refused.
#[test]
fn model_constants_are_checked_when_deserialised() {
    let m = JrModel::DependentMeasuredBeta.planetlab_params();
    let text = serde_json::to_string(&m).unwrap();
    assert_eq!(serde_json::from_str::<JrParams>(&text).unwrap(), m);
    let bad_alpha = text.replacen("\"alpha\":0.5", "\"alpha\":1.5", 1);
    assert_ne!(bad_alpha, text);
    let e = serde_json::from_str::<JrParams>(&bad_alpha).unwrap_err().to_string();
    assert!(e.contains("α") && e.contains("1.5"), "{e}");
    let bad_gamma = text.replacen("\"gamma\":1.0", "\"gamma\":0.2", 1);
    assert_ne!(bad_gamma, text);
    assert!(serde_json::from_str::<JrParams>(&bad_gamma).is_err());
    let bad_table = text.replacen("1.05", "-1.05", 1);
    assert_ne!(bad_table, text);
    assert!(serde_json::from_str::<JrParams>(&bad_table).is_err());
    assert!(serde_json::from_str::<loadbal::replication::BetaTable>("{\"rows\":[[0.5,-2.0]]}").is_err());
}

/// A lag or block size near `usize::MAX` is refused as a series too short for it: `max_lag + 1`
/// and `2 B` overflowed and panicked before.
#[test]
fn huge_lags_and_blocks_are_refused_not_overflowed() {
    let y = [1.0, 2.0, 4.0, 3.0];
    for r in [replication::autocovariance(&y, usize::MAX), replication::acf(&y, usize::MAX)] {
        assert!(matches!(r, Err(ReplicationError::TooShort { needed: usize::MAX, got: 4, .. })), "{r:?}");
    }
    let e = replication::hurst_from_acf(&y, usize::MAX).unwrap_err();
    assert!(matches!(e, ReplicationError::TooShort { needed: usize::MAX, .. }), "{e:?}");
    let e = replication::trace_stats(&y, usize::MAX).unwrap_err();
    assert!(matches!(e, ReplicationError::TooShort { needed: usize::MAX, got: 4, .. }), "{e:?}");
    assert!(e.to_string().contains(&usize::MAX.to_string()), "{e}");
}

/// Finite series of values near f64::MAX (a small series times 2^1020): the scale-free statistics
/// (correlation, R², ACF, γ) equal the small series' bit for bit, and those in the series' unit
/// are 2^1020 times theirs, where they were NaN or ±∞ (sums of squares overflowed) before.
#[test]
fn statistics_of_values_near_f64_max_are_scaled_not_overflowed() {
    let k = 2f64.powi(1000);
    let x = [1.0, 2.0, 4.0, 3.0, 7.0, 5.0, 6.0, 8.0];
    let y = [2.0, 1.0, 5.0, 4.0, 6.0, 8.0, 6.5, 9.0];
    let big = |v: &[f64]| v.iter().map(|a| a * k * 1048576.0).collect::<Vec<f64>>(); // 2^1020 v: up to 8.9e307
    let (bx, by) = (big(&x), big(&y));
    let r = replication::pearson_correlation(&x, &y).unwrap();
    assert_eq!(replication::pearson_correlation(&bx, &by).unwrap(), r);
    assert_eq!(replication::pearson_correlation(&bx, &y).unwrap(), r);
    let (fit, big_fit) =
        (replication::LineFit::least_squares(&x, &y).unwrap(), replication::LineFit::least_squares(&bx, &y).unwrap());
    assert_eq!(big_fit.r_squared, fit.r_squared);
    assert_eq!(big_fit.line.slope, fit.line.slope / (k * 1048576.0));
    assert_eq!(big_fit.line.intercept, fit.line.intercept);
    let s = 1048576.0 * k;
    assert_eq!(replication::acf(&bx, 3).unwrap(), replication::acf(&x, 3).unwrap());
    assert_eq!(replication::estimate_gamma(&bx, 2).unwrap(), replication::estimate_gamma(&x, 2).unwrap());
    let (t, bt) = (replication::trace_stats(&x, 2).unwrap(), replication::trace_stats(&bx, 2).unwrap());
    assert!((bt.mean / s - t.mean).abs() <= 1e-15 * t.mean && (bt.sd / s - t.sd).abs() <= 1e-15 * t.sd, "{bt}");
    assert_eq!((bt.cv, bt.sd_over_rmse_lv, bt.f_jumps), (t.cv, t.sd_over_rmse_lv, t.f_jumps));
    // Beyond f64: a slope of y ≈ 1e307 on x ≈ 1e-100, an autocovariance of a spread of 1e308.
    let tiny: Vec<f64> = x.iter().map(|a| a * 1e-100).collect();
    assert!(matches!(
        replication::LineFit::least_squares(&tiny, &by),
        Err(ReplicationError::InvalidParameter { name: "slope", .. })
    ));
    assert!(matches!(
        replication::autocovariance(&bx, 1),
        Err(ReplicationError::InvalidParameter { name: "autocovariance", .. })
    ));
    // A percentage past f64::MAX.
    assert!(replication::improvement_pct(-1e308, 1e308, 1e308 - 1e292).is_err());
}

/// An exponential iteration time past f64::MAX is an error naming the mean, not `Ok(+∞)`; inside
/// the range it is mean·H_{P/R} (same-processor jobs equal: H_4 = 25/12 for P = 8, R = 2).
#[test]
fn exponential_iteration_times_past_f64_max_are_errors() {
    for dep in [replication::Dependence::Independent, replication::Dependence::SameProcessorSameIteration] {
        let e = dep.exponential_iteration_time(f64::MAX, 2, 8).unwrap_err();
        assert!(matches!(e, ReplicationError::InvalidParameter { name: "mean", .. }), "{e:?}");
    }
    let t = replication::Dependence::SameProcessorSameIteration.exponential_iteration_time(3.0, 2, 8).unwrap();
    assert!((t - 3.0 * 25.0 / 12.0).abs() < 1e-15);
}

/// Forecasts whose running sums overflow are an error naming the row, not a forecast of +∞; an
/// RMSE of errors near f64::MAX is computed (scaled) rather than overflowed: last-value errors
/// of 2^1020·(1, −1) have RMSE 2^1020.
#[test]
fn forecasts_and_rmses_near_f64_max_are_finite_or_errors() {
    let e = PredictorKind::RunningMean.predict_series(&[1e308, 1e308, 1e308]).unwrap_err();
    assert!(matches!(e, ReplicationError::InvalidRuntime { row: 1, .. }), "{e:?}");
    let k = 2f64.powi(1020);
    let rmse = PredictorKind::LastValue.rmse_one_step(&[0.0, k, 0.0]).unwrap();
    assert_eq!(rmse, k);
    assert_eq!(PredictorKind::LastValue.rmse_one_step(&[0.0, 1.0, 0.0]).unwrap(), 1.0);
}

/// Errors of `Trace::subset` and `Trace::homogenise` name the argument that is wrong and its
/// value: `subset` answered "the trace is empty" for a non-empty trace, `homogenise` named
/// "target mean/sd" with the mean's value when the sd was negative.
#[test]
fn trace_errors_name_the_bad_argument() {
    let t = Trace::new(vec![vec![1.0, 2.0, 3.0]; 2]).unwrap();
    let e = t.subset(5, 1).unwrap_err();
    assert!(
        matches!(e, ReplicationError::InvalidParameter { name: "p (processors kept)", value, .. } if value == 5.0),
        "{e:?}"
    );
    let e = t.subset(1, 0).unwrap_err();
    assert!(
        matches!(e, ReplicationError::InvalidParameter { name: "k (iterations kept)", value, .. } if value == 0.0),
        "{e:?}"
    );
    assert!(t.subset(1, u64::MAX).unwrap_err().to_string().contains("18446744073709552000")); // as f64
    let e = t.homogenise(1.0, -1.0).unwrap_err();
    assert!(matches!(e, ReplicationError::InvalidParameter { name: "sd", value, .. } if value == -1.0), "{e:?}");
    let e = t.homogenise(f64::NAN, 1.0).unwrap_err();
    assert!(matches!(e, ReplicationError::InvalidParameter { name: "mean", .. }), "{e:?}");
    assert_eq!(t.subset(2, 3).unwrap(), t);
}

/// A bad DES setting is refused naming the field and its value: the error said "DES setting"
/// with the smallest of k, l and max_per_class, whichever field was wrong (and 2 for a NaN α).
#[test]
fn des_errors_name_the_field() {
    use loadbal::replication::{Des, DesConfig, ReplicationError};
    let base = DesConfig::default();
    for (cfg, field, value) in [
        (DesConfig { k: 1, ..base.clone() }, "k", 1.0),
        (DesConfig { l: 0, ..base.clone() }, "l", 0.0),
        (DesConfig { max_per_class: 0, ..base.clone() }, "max_per_class", 0.0),
        (DesConfig { default_alpha: f64::INFINITY, ..base.clone() }, "default_alpha", f64::INFINITY),
    ] {
        match Des::new(cfg) {
            Err(ReplicationError::InvalidParameter { name, value: v, .. }) => {
                assert_eq!((name, v), (field, value));
            }
            other => panic!("{field}: {other:?}"),
        }
    }
    assert!(Des::new(base).is_ok());
}

/// Finite settings whose runtimes overflow (cv = 1e308) are refused naming the generated runtime
/// and the settings behind it, not as a bad value "at row 0" of a trace the user never wrote.
#[test]
fn synthetic_trace_overflow_names_the_settings() {
    use loadbal::replication::{SyntheticTraceConfig, synthetic_trace};
    let cfg = SyntheticTraceConfig { processors: 2, len: 50, cv: 1e308, ..Default::default() };
    match synthetic_trace(&cfg) {
        Err(e @ ReplicationError::InvalidParameter { .. }) => {
            assert!(e.to_string().contains("cv") && e.to_string().contains("inf"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    // ordinary settings still give a finite trace
    let t = synthetic_trace(&SyntheticTraceConfig { processors: 2, len: 50, ..Default::default() }).unwrap();
    assert_eq!(t.len(), 50);
}

/// `PredictorKind::Ar` solved a dense `order × order` Yule–Walker system per forecast whatever the
/// order: an AR(50,000) fit on a 50,003-value series asked for 20 GB and panicked or aborted when
/// the allocation failed. Orders above `MAX_AR_ORDER` are refused by `build` (and so by every
/// caller), naming the order; the limit itself is accepted.
#[test]
fn ar_orders_past_the_limit_are_refused_before_fitting() {
    let y: Vec<f64> = (0..50_003).map(|i| f64::from(i % 7)).collect();
    let e = PredictorKind::Ar { order: 50_000, window: 50_002 }.predict_series(&y).unwrap_err();
    assert!(matches!(e, ReplicationError::InvalidParameter { name: "AR order", value: 50_000.0, .. }), "{e:?}");
    assert!(e.to_string().contains("AR order") && e.to_string().contains("50000"), "{e}");
    let at = replication::MAX_AR_ORDER as usize;
    assert_eq!(at, 4096);
    assert!(PredictorKind::Ar { order: at, window: at + 1 }.build().is_ok());
    let e = PredictorKind::Ar { order: at + 1, window: at + 2 }.build().err().unwrap();
    assert!(matches!(e, ReplicationError::InvalidParameter { name: "AR order", value: 4097.0, .. }), "{e:?}");
}

#[cfg(feature = "serde")]
/// A `Trace` read from JSON went in unchecked: `{"columns": []}` deserialised, and `len()` then
/// panicked on the missing first column (ragged or non-positive columns slipped in too). It goes
/// through `Trace::new` on the way in; a valid trace round-trips.
#[test]
fn traces_are_checked_when_deserialised() {
    let t = Trace::new(vec![vec![1.0, 2.0], vec![3.0, 4.0]]).unwrap();
    let text = serde_json::to_string(&t).unwrap();
    assert_eq!(text, r#"{"columns":[[1.0,2.0],[3.0,4.0]]}"#);
    assert_eq!(serde_json::from_str::<Trace>(&text).unwrap(), t);
    let e = serde_json::from_str::<Trace>(r#"{"columns":[]}"#).unwrap_err().to_string();
    assert!(e.contains(&ReplicationError::EmptyTrace.to_string()), "{e}");
    let e = serde_json::from_str::<Trace>(r#"{"columns":[[1.0,2.0],[3.0]]}"#).unwrap_err().to_string();
    assert!(e.contains(&ReplicationError::RaggedTrace { column: 1, len: 1, expected: 2 }.to_string()), "{e}");
    assert!(serde_json::from_str::<Trace>(r#"{"columns":[[1.0,-2.0]]}"#).is_err());
}

#[cfg(feature = "serde")]
/// An `ExactModel` read from JSON went in unchecked: a Pareto law of shape 2 (infinite
/// variance), which `ExactModel::new` refuses because its Monte Carlo estimates would have no
/// standard error, deserialised without a word. It goes through `new` on the way in.
#[test]
fn exact_models_are_checked_when_deserialised() {
    use loadbal::law::Law;
    use loadbal::replication::{Dependence, ExactModel};
    let m = ExactModel::new(Law::pareto(1.0, 3.0).unwrap(), Dependence::Independent).unwrap();
    let text = serde_json::to_string(&m).unwrap();
    assert_eq!(serde_json::from_str::<ExactModel>(&text).unwrap(), m);
    let heavy = serde_json::to_string(&Law::pareto(1.0, 2.0).unwrap()).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["law"] = serde_json::from_str(&heavy).unwrap();
    let e = serde_json::from_value::<ExactModel>(v).unwrap_err().to_string();
    assert!(e.contains("job-time variance"), "{e}");
}
