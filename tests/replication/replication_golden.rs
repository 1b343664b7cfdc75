//! Golden values of the Dobber JR models (derived by hand from the corrected formulas) and
//! Monte Carlo validation of the exact model (Dobber, eq. (5.4)).

use crate::closed_forms::{
    Job, dependent_iteration_time, dependent_speedup, dependent_speedup_full_replication, independent_speedup,
};
use loadbal::law::Law;
use loadbal::montecarlo::MonteCarlo;
use loadbal::replication;
use loadbal::replication::{Dependence, ExactModel};
use loadbal::replication::{JrModel, speedup_profile};

fn close(a: f64, b: f64, tol: f64) {
    assert!((a - b).abs() <= tol, "{a} vs {b}");
}

#[test]
fn model11_tables_g1_g3_g5() {
    for (c, s22, s24, s44) in [(0.5, 0.833333333, 0.857142857, 0.6), (0.9, 1.318181818, 1.225806452, 1.461538462)] {
        close(dependent_speedup(c, 2, 2).unwrap(), s22, 1e-9);
        close(dependent_speedup(c, 2, 4).unwrap(), s24, 1e-9);
        close(dependent_speedup(c, 4, 4).unwrap(), s44, 1e-9);
    }
    for (r, want) in [(1u64, 180.0), (2, 160.0), (4, 160.0)] {
        close(dependent_iteration_time(&Job { mean: 100.0, sd: 80.0 }, r, 4).unwrap(), want, 1e-12);
    }
    let row = speedup_profile(0.95, 64, &JrModel::DependentUnitBeta.planetlab_params()).unwrap();
    for (g, w) in row.iter().zip([1.0, 1.124088, 1.262295, 1.387387, 1.425926, 1.272727, 0.927711]) {
        close(g.speedup, w, 1e-6);
    }
    close(dependent_speedup(0.75, 2, 8).unwrap(), 1.0625, 1e-12);
    close(dependent_speedup(0.6, 2, 32).unwrap(), 0.9615384615, 1e-9);
    // Dobber, eq. (5.40): the speedup at the continuous optimum.
    let m11 = replication::JrParams::dependent_jobs();
    close(replication::continuous_optimum(0.8, 64, &m11).unwrap().speedup, 1.0740556753, 1e-9);
    close(replication::continuous_optimum(0.95, 32, &m11).unwrap().speedup, 1.5227735533, 1e-9);
    for (p, w) in [(2u64, 1.318182), (4, 1.461538), (8, 1.382353), (16, 1.12), (64, 0.506849)] {
        close(dependent_speedup_full_replication(0.9, p).unwrap(), w, 1e-6);
    }
}

#[test]
fn model12_worked_example_and_special_case_g6_g7() {
    let m = loadbal::replication::JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap();
    let want =
        [1.0, 1.058756, 1.087530, 1.047468, 0.901448, 0.665743, 0.421899, 0.238756, 0.126492, 0.064849, 0.032755];
    for (g, w) in speedup_profile(0.7, 1024, &m).unwrap().iter().zip(want) {
        close(g.speedup, w, 1e-6);
    }
}

#[test]
fn model21_g8_g9b() {
    close(independent_speedup(0.7, 2, 32).unwrap(), 1.2008998485, 1e-9);
    close(independent_speedup(0.95, 8, 64).unwrap(), 2.0767999750, 1e-9);
    // Fig. 5.15: speedup at the (5.74) optimum, c = 0.85 and 0.97, p = 0..7.
    for (c, want) in [
        (0.85, [1.0, 1.2391, 1.2759, 1.3684, 1.4400, 1.4970, 1.5435, 1.5821]),
        (0.97, [1.0, 1.4417, 1.8073, 2.0289, 2.1282, 2.2055, 2.3102, 2.4232]),
    ] {
        for (p, w) in want.iter().enumerate() {
            let big_p = 1u64 << p;
            // The rounded Lambert-W optimum ⌊r* + ½⌋, clipped to [0, p].
            let level = match replication::continuous_optimum(c, big_p, &replication::JrParams::independent_jobs()) {
                Ok(o) => o.level,
                Err(replication::ReplicationError::OutOfRange { level, .. }) => level,
                Err(e) => panic!("{e}"),
            };
            let r = 1u64 << ((level + 0.5).floor().clamp(0.0, p as f64) as u32);
            close(independent_speedup(c, r, big_p).unwrap(), *w, 1e-4);
        }
    }
}

#[test]
fn exact_model_monte_carlo_g12() {
    let mc = MonteCarlo::new(2026, 20_000).unwrap();
    // Exponential jobs, independent, P = 16: E max of P/R i.i.d. Gamma(R, rate R).
    let exp = Law::exponential(1.0).unwrap();
    let counts = [1u64, 2, 4, 8, 16];
    let run = ExactModel::new(exp, Dependence::Independent).unwrap().run(&counts, 16, &mc).unwrap();
    for (&r, e) in counts.iter().zip(&run.iteration_times) {
        let want = replication::Dependence::Independent.exponential_iteration_time(1.0, r, 16).unwrap();
        assert!(e.agrees_with(want, 4.0), "R = {r}: {e:?} vs {want}");
    }
    close(replication::Dependence::Independent.exponential_iteration_time(1.0, 2, 16).unwrap(), 2.180293, 1e-6);
    // Same-processor dependence: speedup H_P / H_{P/R}.
    let dep = ExactModel::new(exp, Dependence::SameProcessorSameIteration).unwrap();
    let s = dep.run(&[2, 4, 8], 8, &mc).unwrap().speedups;
    for (e, w) in s.iter().zip([1.304571, 1.811905, 2.717857]) {
        assert!(e.agrees_with(w, 4.0), "{e:?} vs {w}");
    }
    // Normal jobs: ELB on 8 processors is E max of 8 normals, mean + 1.423600 sd.
    let n = ExactModel::new(Law::normal(10.0, 1.0).unwrap(), Dependence::Independent).unwrap();
    let run = n.run(&[2], 8, &mc).unwrap();
    let e8 = loadbal::order_stats::expected_max_std_normal(8).unwrap();
    close(e8, 1.423600, 1e-6);
    assert!(run.elb.agrees_with(10.0 + e8, 4.0));
    // The model with exponential constants is exact at the first level only.
    let k = replication::FirstLevelConstants::exponential();
    let m = loadbal::replication::JrParams::new(
        k.alpha,
        loadbal::replication::BetaMax::Constant(k.beta_max),
        loadbal::replication::BetaMin::Constant(k.beta_min),
        1.0,
    )
    .unwrap();
    let prof = speedup_profile(1.0, 4, &m).unwrap();
    close(prof[1].speedup, 1.37268, 1e-5);
    close(prof[2].speedup, 2.05902, 1e-5);
}
