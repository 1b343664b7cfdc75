//! Runs the five strategies of Ahn et al. (STATIC, MD, AR, RP, NR) for a user-chosen ensemble and
//! prints the simulated metrics (mean ± single-run standard deviation over replications) beside
//! the static predictions.
//!
//! ```text
//! cargo run --release --example ensemble -- [--n 1000] [--p 25] [--mu 488.1] [--sigma 116.6]
//!     [--dist gamma|lognormal|normal|mutant] [--reps 200] [--seed 1] [--json]
//!     [--trajectory MD|AR|RP|NR]
//! ```
//! `--json` prints one JSON document (used by `notebooks/ensemble.ipynb`); `--trajectory ALG`
//! prints, for one run, the expected variance (9') before and after every balancing step and the
//! realised variance of remaining times (Figure 5 of the paper).

use loadbal::ensemble::{
    Algorithm, EnsembleError, ExtremesMethod, MetricsEstimate, MutantMixture, SimConfig, VarianceConvention,
    adjusted_counts, expected_algebraic_variance, gamma_matched, lognormal_matched, monte_carlo_metrics, simulate,
    static_prediction,
};
use loadbal::montecarlo::{MonteCarlo, stream};
use rand_distr::{Distribution, Normal};

struct Args {
    n: u64,
    p: usize,
    mu: f64,
    sigma: f64,
    dist: String,
    reps: u64,
    seed: u64,
    json: bool,
    trajectory: Option<String>,
}

fn parse() -> Args {
    let mut a = Args {
        n: 1000,
        p: 25,
        mu: 488.1,
        sigma: 116.6,
        dist: "gamma".into(),
        reps: 200,
        seed: 1,
        json: false,
        trajectory: None,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < argv.len() {
        let val = argv.get(i + 1).cloned().unwrap_or_default();
        match argv[i].as_str() {
            "--n" => a.n = val.parse().expect("--n takes an integer"),
            "--p" => a.p = val.parse().expect("--p takes an integer"),
            "--mu" => a.mu = val.parse().expect("--mu takes a number"),
            "--sigma" => a.sigma = val.parse().expect("--sigma takes a number"),
            "--dist" => a.dist = val,
            "--reps" => a.reps = val.parse().expect("--reps takes an integer"),
            "--seed" => a.seed = val.parse().expect("--seed takes an integer"),
            "--trajectory" => a.trajectory = Some(val),
            "--json" => {
                a.json = true;
                i += 1;
                continue;
            }
            other => panic!("unknown argument {other}"),
        }
        i += 2;
    }
    a
}

fn algorithm(name: &str) -> Algorithm {
    *Algorithm::ALL.iter().find(|a| a.name().eq_ignore_ascii_case(name)).expect("algorithm: Static, MD, AR, RP or NR")
}

fn main() -> Result<(), EnsembleError> {
    let a = parse();
    match a.dist.as_str() {
        "gamma" => run(&a, &gamma_matched(a.mu, a.sigma)?),
        "lognormal" => run(&a, &lognormal_matched(a.mu, a.sigma)?),
        "normal" => run(&a, &Normal::new(a.mu, a.sigma).expect("normal parameters")),
        "mutant" => run(&a, &MutantMixture::paper()),
        other => panic!("unknown distribution {other}"),
    }
}

fn run<D: Distribution<f64> + Sync>(a: &Args, d: &D) -> Result<(), EnsembleError> {
    if let Some(name) = &a.trajectory {
        let mut cfg = SimConfig::new(a.n, a.p, algorithm(name));
        cfg.record_trajectory = true;
        let run = simulate(&cfg, d, &mut stream(a.seed, 0))?;
        let mut rows = Vec::new();
        for s in &run.trajectory {
            let n_run = s.running.iter().filter(|&&b| b).count();
            let before =
                expected_algebraic_variance(&adjusted_counts(&s.counts_before, &s.running)?, n_run, a.mu, a.sigma)?;
            let after =
                expected_algebraic_variance(&adjusted_counts(&s.counts_after, &s.running)?, n_run, a.mu, a.sigma)?;
            let var = |x: &[f64]| {
                let m = x.iter().sum::<f64>() / x.len() as f64;
                x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (x.len() as f64 - 1.0)
            };
            rows.push(serde_json::json!({
                "time": s.time, "idle": s.idle,
                "expected_variance_before": before, "expected_variance_after": after,
                "realised_variance_before": var(&s.remaining_before), "realised_variance_after": var(&s.remaining_after),
            }));
        }
        println!("{}", serde_json::json!({ "algorithm": name, "steps": rows, "final_rav": run.metrics.rav }));
        return Ok(());
    }
    let mc = MonteCarlo::new(a.seed, a.reps)?;
    let mut sims: Vec<(Algorithm, MetricsEstimate)> = Vec::new();
    for alg in Algorithm::ALL {
        sims.push((alg, monte_carlo_metrics(&SimConfig::new(a.n, a.p, alg), d, &mc)?));
    }
    let integral =
        static_prediction(a.n, a.p as u64, a.mu, a.sigma, ExtremesMethod::Integral, VarianceConvention::Exact);
    let chen_tyler =
        static_prediction(a.n, a.p as u64, a.mu, a.sigma, ExtremesMethod::ChenTyler, VarianceConvention::Exact);
    if a.json {
        let algs: Vec<_> =
            sims.iter().map(|(alg, e)| serde_json::json!({ "algorithm": alg.name(), "estimate": e })).collect();
        println!(
            "{}",
            serde_json::json!({
                "n": a.n, "p": a.p, "mu_t": a.mu, "sigma_t": a.sigma, "dist": a.dist, "reps": a.reps,
                "prediction_integral": integral.as_ref().ok(), "prediction_chen_tyler": chen_tyler.as_ref().ok(),
                "simulations": algs,
            })
        );
        return Ok(());
    }
    println!(
        "n = {}, p = {}, mu_T = {}, sigma_T = {}, {} task times, {} replications",
        a.n, a.p, a.mu, a.sigma, a.dist, a.reps
    );
    println!(
        "{:<8} {:>18} {:>18} {:>18} {:>16} {:>16} {:>12} {:>8}",
        "", "avg compute", "max compute", "min compute", "RAV", "max idle", "avg idle", "steps"
    );
    for (alg, e) in &sims {
        let f = |x: &loadbal::montecarlo::Estimate| format!("{:.0} ± {:.0}", x.mean, x.std_dev());
        println!(
            "{:<8} {:>18} {:>18} {:>18} {:>16} {:>16} {:>12} {:>8.1}",
            alg.name(),
            f(&e.avg),
            f(&e.max),
            f(&e.min),
            f(&e.rav),
            f(&e.max_idle),
            f(&e.avg_idle),
            e.steps.mean
        );
    }
    for (name, pred) in [("integral", integral), ("Chen-Tyler", chen_tyler)] {
        match pred {
            Ok(s) => println!(
                "static prediction ({name}): E[max] {:.1}, E[min] {:.1}, E[max idle] {:.1}, E[avg idle] {:.1}, sqrt E[xi^2] {:.2}",
                s.expected_max, s.expected_min, s.expected_max_idle, s.expected_avg_idle, s.root_expected_variance
            ),
            Err(e) => println!("static prediction ({name}) unavailable: {e}"),
        }
    }
    Ok(())
}
