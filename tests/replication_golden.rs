//! Golden values of the Dobber JR models (self-derived in the our dobber notes, recomputed
//! here from the corrected formulas) and Monte Carlo validation of the exact model (5.4).

use loadbal::montecarlo::MonteCarlo;
use loadbal::replication::closed_forms::{
    model11_iteration_time, model11_speedup, model11_speedup_full, model21_speedup,
};
use loadbal::replication::exact::{self, Dependence, JobTimeDist};
use loadbal::replication::{JrModel, speedup_profile};
use loadbal::replication::{estimation, optimum};

fn close(a: f64, b: f64, tol: f64) {
    assert!((a - b).abs() <= tol, "{a} vs {b}");
}

#[test]
fn model11_tables_g1_g3_g5() {
    for (c, s22, s24, s44) in [(0.5, 0.833333333, 0.857142857, 0.6), (0.9, 1.318181818, 1.225806452, 1.461538462)] {
        close(model11_speedup(c, 1, 1).unwrap(), s22, 1e-9);
        close(model11_speedup(c, 1, 2).unwrap(), s24, 1e-9);
        close(model11_speedup(c, 2, 2).unwrap(), s44, 1e-9);
    }
    for (r, want) in [(0u32, 180.0), (1, 160.0), (2, 160.0)] {
        close(model11_iteration_time(100.0, 80.0, r, 2).unwrap(), want, 1e-12);
    }
    let row = speedup_profile(0.95, 6, &JrModel::M11.table_5_8()).unwrap();
    for (g, w) in row.iter().zip([1.0, 1.124088, 1.262295, 1.387387, 1.425926, 1.272727, 0.927711]) {
        close(*g, w, 1e-6);
    }
    close(model11_speedup(0.75, 1, 3).unwrap(), 1.0625, 1e-12);
    close(model11_speedup(0.6, 1, 5).unwrap(), 0.9615384615, 1e-9);
    close(optimum::model11_speedup_at_optimum(0.8, 6).unwrap(), 1.0740556753, 1e-9);
    close(optimum::model11_speedup_at_optimum(0.95, 5).unwrap(), 1.5227735533, 1e-9);
    for (p, w) in [(1u32, 1.318182), (2, 1.461538), (3, 1.382353), (4, 1.12), (6, 0.506849)] {
        close(model11_speedup_full(0.9, p).unwrap(), w, 1e-6);
    }
    for (p, w) in [(1u32, 0.734930), (3, 0.917289), (7, 0.994396)] {
        close(optimum::model11_upper_threshold(p).unwrap(), w, 1e-6);
    }
}

#[test]
fn model12_worked_example_and_special_case_g6_g7() {
    let m = loadbal::replication::JrParams::constant(0.6, 1.01, 0.5, 1.0).unwrap();
    let want =
        [1.0, 1.058756, 1.087530, 1.047468, 0.901448, 0.665743, 0.421899, 0.238756, 0.126492, 0.064849, 0.032755];
    for (g, w) in speedup_profile(0.7, 10, &m).unwrap().iter().zip(want) {
        close(*g, w, 1e-6);
    }
    let curve = [1.4604, 1.8667, 2.1637, 2.2713, 2.1210, 1.8639, 1.7013, 1.5903, 1.5096, 1.4483, 1.4002, 1.3614];
    for (p, w) in (1..=12).zip(curve) {
        close(optimum::model12_special_speedup_at_optimum(0.8, p).unwrap(), w, 1e-4);
    }
}

#[test]
fn model21_g8_g9b() {
    close(model21_speedup(0.7, 1, 5).unwrap(), 1.2008998485, 1e-9);
    close(model21_speedup(0.95, 3, 6).unwrap(), 2.0767999750, 1e-9);
    // Fig. 5.15: speedup at the (5.74) optimum, c = 0.85 and 0.97, p = 0..7.
    for (c, want) in [
        (0.85, [1.0, 1.2391, 1.2759, 1.3684, 1.4400, 1.4970, 1.5435, 1.5821]),
        (0.97, [1.0, 1.4417, 1.8073, 2.0289, 2.1282, 2.2055, 2.3102, 2.4232]),
    ] {
        for (p, w) in want.iter().enumerate() {
            let p = p as u32;
            let r = optimum::model21_optimal_r(c, p).unwrap();
            close(model21_speedup(c, r, p).unwrap(), *w, 1e-4);
        }
    }
}

#[test]
fn exact_model_monte_carlo_g12() {
    let mc = MonteCarlo::new(2026, 20_000).unwrap();
    // Exponential jobs, independent, P = 16: E max of P/R i.i.d. Gamma(R, rate R).
    let exp = JobTimeDist::Exponential { mean: 1.0 };
    let t = exact::exact_iteration_times(&exp, 4, Dependence::Independent, &mc).unwrap();
    for (r, e) in t.iter().enumerate() {
        let want = exact::exponential_independent_iteration_time(1.0, r as u32, 4).unwrap();
        assert!(e.agrees_with(want, 4.0), "r = {r}: {e:?} vs {want}");
    }
    close(exact::exponential_independent_iteration_time(1.0, 1, 4).unwrap(), 2.180293, 1e-6);
    // Same-processor dependence: speedup H_P / H_{P/R}.
    let s = exact::exact_speedups(&exp, 3, Dependence::SameProcessorSameIteration, &mc).unwrap();
    for (r, w) in [(1usize, 1.304571), (2, 1.811905), (3, 2.717857)] {
        assert!(s[r].agrees_with(w, 4.0), "{:?} vs {w}", s[r]);
    }
    // Normal jobs: ELB on 8 processors is E max of 8 normals, mean + 1.423600 sd.
    let n = JobTimeDist::Normal { mean: 10.0, sd: 1.0 };
    let t = exact::exact_iteration_times(&n, 3, Dependence::Independent, &mc).unwrap();
    let e8 = loadbal::order_stats::expected_max_std_normal(8).unwrap();
    close(e8, 1.423600, 1e-6);
    assert!(t[0].agrees_with(10.0 + e8, 4.0));
    // The model with exponential constants is exact at the first level only.
    let k = estimation::exponential_first_level();
    let m = loadbal::replication::JrParams::new(
        k.alpha,
        loadbal::replication::BetaMax::Constant(k.beta_max),
        loadbal::replication::BetaMin::Constant(k.beta_min),
        1.0,
    )
    .unwrap();
    let prof = speedup_profile(1.0, 2, &m).unwrap();
    close(prof[1], 1.37268, 1e-5);
    close(prof[2], 2.05902, 1e-5);
}
