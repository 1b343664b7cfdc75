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
//! realised variance of remaining times (Figure 5 of the paper). `--dist normal` draws from the
//! normal law truncated at 0 (the law the paper's normal task times imply).

use std::process::ExitCode;

use loadbal::ensemble::{
    Algorithm, EnsembleError, ExtremesMethod, MAX_SIM_PROCESSORS, MAX_SIM_TASKS, MetricsEstimate, MutantMixture,
    SimConfig, StaticOptions, TaskTimes, adjusted_counts, expected_algebraic_variance, gamma_matched,
    lognormal_matched, monte_carlo_metrics, simulate, static_prediction, truncated_normal,
};
use loadbal::montecarlo::{MonteCarlo, stream};
use rand_distr::Distribution;

#[path = "common/cli.rs"]
mod cli;
use cli::Failure;

/// The task-time law of the simulation.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Dist {
    /// Gamma with the given mean and standard deviation.
    Gamma,
    /// Log-normal with the given mean and standard deviation.
    Lognormal,
    /// Normal truncated at 0 (--mu and --sigma are the parent normal's).
    Normal,
    /// The mutant stand-in: 75 % × 50 s, 25 % × N(458, 145.7²) truncated at 0 (--mu/--sigma unused).
    Mutant,
}

impl Dist {
    fn name(self) -> &'static str {
        match self {
            Dist::Gamma => "gamma",
            Dist::Lognormal => "lognormal",
            Dist::Normal => "normal",
            Dist::Mutant => "mutant",
        }
    }
}

fn algorithm(name: &str) -> Result<Algorithm, String> {
    Algorithm::ALL
        .iter()
        .copied()
        .find(|a| a.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("{name:?} is not one of Static, MD, AR, RP, NR"))
}

/// Simulates STATIC, MD, AR, RP and NR (Ahn et al.) and prints their idle-time metrics beside the
/// static predictions.
#[derive(clap::Parser)]
#[command(version)]
struct Cli {
    /// Number of tasks n (integer or 1e3 form).
    #[arg(long, default_value = "1000", value_parser = cli::count)]
    n: u64,
    /// Number of processors p.
    #[arg(long, default_value = "25", value_parser = cli::count)]
    p: u64,
    /// Mean task time μ_T (seconds).
    #[arg(long, default_value = "488.1", value_parser = cli::non_negative)]
    mu: f64,
    /// Standard deviation of the task time σ_T (seconds).
    #[arg(long, default_value = "116.6", value_parser = cli::positive)]
    sigma: f64,
    /// Task-time law.
    #[arg(long, value_enum, default_value = "gamma")]
    dist: Dist,
    /// Monte Carlo replications per algorithm.
    #[arg(long, default_value = "200", value_parser = cli::count)]
    reps: u64,
    /// Seed of the Monte Carlo streams.
    #[arg(long, default_value = "1", value_parser = cli::count)]
    seed: u64,
    /// Print one JSON document instead of the table.
    #[arg(long)]
    json: bool,
    /// Print the variance trajectory of one run of this algorithm (MD, AR, RP or NR).
    #[arg(long, value_parser = algorithm)]
    trajectory: Option<Algorithm>,
}

fn model(e: EnsembleError) -> Failure {
    Failure::model("simulation", e)
}

fn run(cli: &Cli) -> Result<(), Failure> {
    if cli.n > MAX_SIM_TASKS {
        return Err(Failure::usage(format!("--n {} exceeds the simulator's limit of {MAX_SIM_TASKS} tasks", cli.n)));
    }
    if cli.p > MAX_SIM_PROCESSORS as u64 {
        return Err(Failure::usage(format!(
            "--p {} exceeds the simulator's limit of {MAX_SIM_PROCESSORS} processors",
            cli.p
        )));
    }
    if cli.p < 2 {
        return Err(Failure::usage(format!("--p {} must be at least 2", cli.p)));
    }
    if cli.reps == 0 {
        return Err(Failure::usage("--reps must be at least 1"));
    }
    // Task durations of one run per worker thread, twice over (queues and the transfer pool).
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u128;
    cli::check_memory(&format!("simulating {} tasks", cli.n), u128::from(cli.n) * 16 * threads)?;
    match cli.dist {
        Dist::Gamma => {
            go(cli, &gamma_matched(cli.mu, cli.sigma).map_err(|e| Failure::usage(format!("--dist gamma: {e}")))?)
        }
        Dist::Lognormal => go(
            cli,
            &lognormal_matched(cli.mu, cli.sigma).map_err(|e| Failure::usage(format!("--dist lognormal: {e}")))?,
        ),
        Dist::Normal => {
            go(cli, &truncated_normal(cli.mu, cli.sigma).map_err(|e| Failure::usage(format!("--dist normal: {e}")))?)
        }
        Dist::Mutant => go(cli, &MutantMixture::paper()),
    }
}

fn trajectory<D: Distribution<f64>>(cli: &Cli, alg: Algorithm, d: &D) -> Result<(), Failure> {
    let p = usize::try_from(cli.p).map_err(|_| Failure::usage(format!("--p {} is too large", cli.p)))?;
    let mut cfg = SimConfig::new(cli.n, p, alg);
    cfg.record_trajectory = true;
    let run = simulate(d, &cfg, &mut stream(cli.seed, 0)).map_err(model)?;
    let mut rows = Vec::new();
    for s in &run.trajectory {
        let n_run = s.running.iter().filter(|&&b| b).count();
        let expected = |counts: &[u64]| -> Result<f64, Failure> {
            let adjusted = adjusted_counts(counts, &s.running).map_err(model)?;
            expected_algebraic_variance(TaskTimes::new(cli.mu, cli.sigma), &adjusted, n_run).map_err(model)
        };
        let var = |x: &[f64]| {
            let m = x.iter().sum::<f64>() / x.len() as f64;
            x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (x.len() as f64 - 1.0)
        };
        rows.push(serde_json::json!({
            "time": s.time, "idle": s.idle,
            "expected_variance_before": expected(&s.counts_before)?, "expected_variance_after": expected(&s.counts_after)?,
            "realised_variance_before": var(&s.remaining_before), "realised_variance_after": var(&s.remaining_after),
        }));
    }
    println!("{}", serde_json::json!({ "algorithm": alg.name(), "steps": rows, "final_rav": run.metrics.rav }));
    Ok(())
}

fn go<D: Distribution<f64> + Sync>(cli: &Cli, d: &D) -> Result<(), Failure> {
    if let Some(alg) = cli.trajectory {
        return trajectory(cli, alg, d);
    }
    let p = usize::try_from(cli.p).map_err(|_| Failure::usage(format!("--p {} is too large", cli.p)))?;
    let mc = MonteCarlo::new(cli.seed, cli.reps).map_err(|e| Failure::usage(format!("--reps: {e}")))?;
    let bar = cli::progress(Algorithm::ALL.len() as u64, "simulating algorithms");
    let mut sims: Vec<(Algorithm, MetricsEstimate)> = Vec::new();
    for alg in Algorithm::ALL {
        bar.set_message(format!("simulating {} ({} runs)", alg.name(), cli.reps));
        sims.push((alg, monte_carlo_metrics(d, &SimConfig::new(cli.n, p, alg), &mc).map_err(model)?));
        bar.inc(1);
    }
    bar.finish_and_clear();
    let integral = static_prediction(TaskTimes::new(cli.mu, cli.sigma), cli.n, cli.p, StaticOptions::default());
    let ct_options = StaticOptions { method: ExtremesMethod::ChenTyler, ..StaticOptions::default() };
    let chen_tyler = static_prediction(TaskTimes::new(cli.mu, cli.sigma), cli.n, cli.p, ct_options);
    if cli.json {
        let algs: Vec<_> =
            sims.iter().map(|(alg, e)| serde_json::json!({ "algorithm": alg.name(), "estimate": e })).collect();
        println!(
            "{}",
            serde_json::json!({
                "n": cli.n, "p": cli.p, "mu_t": cli.mu, "sigma_t": cli.sigma, "dist": cli.dist.name(), "reps": cli.reps,
                "prediction_integral": integral.as_ref().ok(), "prediction_chen_tyler": chen_tyler.as_ref().ok(),
                "prediction_integral_error": integral.as_ref().err().map(|e| e.to_string()),
                "prediction_chen_tyler_error": chen_tyler.as_ref().err().map(|e| e.to_string()),
                "simulations": algs,
            })
        );
        return Ok(());
    }
    println!(
        "n = {}, p = {}, mu_T = {}, sigma_T = {}, {} task times, {} replications",
        cli.n,
        cli.p,
        cli.mu,
        cli.sigma,
        cli.dist.name(),
        cli.reps
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
            Ok(s) => println!("static prediction ({name}): {s}"),
            Err(e) => println!("static prediction ({name}) unavailable: {e}"),
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("ensemble");
    cli::exit("ensemble", run(&cli))
}
