//! The JR models of Dobber against 50-digit references computed independently with mpmath
//! (`scripts/references/replication_speedup.py`: the tree recursion in high precision;
//! `scripts/references/replication_optimum.py`: the stationary point of the speedup as printed,
//! found by bracketing its numerical derivative): every documented accuracy, and the continuous
//! optima answering only inside their domain.

use crate::reference_support;

use crate::closed_forms::{
    constant_beta_speedup, dependent_speedup, dependent_speedup_full_replication, independent_speedup,
    varying_beta_speedup,
};
use loadbal::replication::{JrModel, JrParams, ReplicationError, continuous_optimum, speedup};
use reference_support::{load, rel_err};

fn params(name: &str) -> JrParams {
    match name {
        "1.1" => JrModel::DependentUnitBeta.planetlab_params(),
        "1.2" => JrModel::DependentConstantBeta.planetlab_params(),
        "1.3a" => JrModel::DependentFittedBeta.planetlab_params(),
        "1.3b" => JrModel::DependentMeasuredBeta.planetlab_params(),
        "2.1" => JrModel::PartlyIndependentUnitBeta.planetlab_params(),
        "2.2" => JrModel::PartlyIndependentConstantBeta.planetlab_params(),
        "2.3a" => JrModel::PartlyIndependentFittedBeta.planetlab_params(),
        "2.3b" => JrModel::PartlyIndependentMeasuredBeta.planetlab_params(),
        "2.1 (table 5.7)" => JrParams::independent_jobs(),
        "worked example" => JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap(),
        other => panic!("unknown model {other}"),
    }
}

#[test]
fn speedups_of_every_model_to_1e13() {
    let mut worst = 0.0f64;
    let rows = load("replication_speedup");
    for row in &rows {
        let m = params(row.str("model"));
        let got = speedup(row.f64("cv"), row.u64("replicas"), row.u64("processors"), &m);
        if row.str("speedup") == "refused" {
            assert!(matches!(got, Err(ReplicationError::NegativeRadicand { .. })), "line {}: {got:?}", row.line);
            continue;
        }
        let got = got.unwrap_or_else(|e| panic!("line {}: {e}", row.line));
        let err = rel_err(got, row.f64("speedup"));
        worst = worst.max(err);
        assert!(err < 1e-13, "line {}: {got} vs {} (rel. error {err:e})", row.line, row.str("speedup"));
    }
    eprintln!("replication speedups: {} rows, worst relative error {worst:e}", rows.len());
}

#[test]
fn closed_form_speedups_to_1e13() {
    let (mut worst, mut n) = (0.0f64, 0);
    for row in &load("replication_speedup") {
        if row.str("speedup") == "refused" {
            continue;
        }
        let (c, r, p, want) = (row.f64("cv"), row.u64("replicas"), row.u64("processors"), row.f64("speedup"));
        let name = row.str("model");
        let m = params(name);
        let mut got = vec![varying_beta_speedup(c, r, p, &m).unwrap()];
        match name {
            "1.1" => {
                got.push(dependent_speedup(c, r, p).unwrap());
                if r == p {
                    got.push(dependent_speedup_full_replication(c, p).unwrap());
                }
            }
            "2.1 (table 5.7)" => got.push(independent_speedup(c, r, p).unwrap()),
            "1.2" | "2.2" | "worked example" => got.push(constant_beta_speedup(c, r, p, &m).unwrap()),
            _ => {}
        }
        for g in got {
            let err = rel_err(g, want);
            worst = worst.max(err);
            n += 1;
            assert!(err < 1e-13, "line {} ({name}): {g} vs {want} (rel. error {err:e})", row.line);
        }
    }
    eprintln!("closed-form speedups: {n} values, worst relative error {worst:e}");
}

#[test]
fn continuous_optima_match_the_references_or_refuse() {
    let (mut worst_level, mut worst_speedup, mut refused) = (0.0f64, 0.0f64, 0);
    let rows = load("replication_optimum");
    for row in &rows {
        let (c, processors) = (row.f64("cv"), row.u64("processors"));
        let got = match row.str("model") {
            "1.1" => continuous_optimum(c, processors, &JrParams::dependent_jobs()),
            "2.1" => continuous_optimum(c, processors, &JrParams::independent_jobs()),
            "1.2" => {
                let m = JrParams::constant(row.f64("alpha"), row.f64("beta1"), 0.5, 1.0).unwrap();
                continuous_optimum(c, processors, &m)
            }
            other => panic!("unknown model {other}"),
        };
        match row.str("status") {
            "ok" => {
                let opt = got.unwrap_or_else(|e| panic!("line {}: {e}", row.line));
                let dl = (opt.level - row.f64("level")).abs();
                let ds = rel_err(opt.speedup, row.f64("speedup"));
                worst_level = worst_level.max(dl);
                worst_speedup = worst_speedup.max(ds);
                assert!(dl < 1e-12, "line {}: level {} vs {}", row.line, opt.level, row.str("level"));
                assert!(ds < 1e-12, "line {}: speedup {} vs {}", row.line, opt.speedup, row.str("speedup"));
                assert!(!opt.to_string().is_empty());
            }
            "out_of_range" => {
                refused += 1;
                match got {
                    Err(ReplicationError::OutOfRange { level, .. }) => {
                        let dl = (level - row.f64("level")).abs();
                        assert!(dl < 1e-9 * row.f64("level").abs().max(1.0), "line {}: {level}", row.line);
                    }
                    other => panic!("line {}: expected OutOfRange, got {other:?}", row.line),
                }
            }
            "not_max" => {
                refused += 1;
                assert!(matches!(got, Err(ReplicationError::NotAMaximum { .. })), "line {}: {got:?}", row.line);
            }
            other => panic!("line {}: status {other}", row.line),
        }
    }
    eprintln!(
        "continuous optima: {} rows ({refused} refused), worst |Δr*| {worst_level:e}, worst speedup rel. error {worst_speedup:e}",
        rows.len()
    );
}

#[test]
fn the_issue_row_is_refused_with_a_message() {
    // α = 0.6, β₁ = 1.01, c = 0.81, P = 2: r* = 4.59 lies beyond a pole of (5.44) (speedup −25).
    let m = JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap();
    let e = continuous_optimum(0.81, 2, &m).unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("outside [0, p] = [0, 1]") && msg.contains("4.58"), "{msg}");
}
