//! Yin et al.: optimal remap-or-continue policies of a Markov workload for parameters of your
//! choice. Prints JSON: per remap cost, the remapping states, the optimal values, the solver
//! iteration counts and a Monte Carlo check.
//!
//! ```text
//! cargo run --release --example remap_markov -- [--processes 2] [--levels 6] [--etas 1,2,...,13]
//!     [--target uniform|balanced] [--imbalance max|two] [--exchangeable] [--reps 20000] [--seed 1]
//! ```
//! The defaults are the paper's §5 example (Figures 4 and 5). The chain is sparse: 3 processes ×
//! 100 levels (10⁶ states) solves in seconds; `--exchangeable` solves `r` identical processes
//! on sorted load vectors (C(L + r − 1, r) states), e.g. `--processes 8 --levels 10`. Above
//! 20,000 states the value-iteration counts are skipped and, unless `--full`, only a summary
//! of the solution is printed.

use loadbal::montecarlo::MonteCarlo;
use loadbal::remap::markov::{Method, RemapProblem, reflecting_chain, reflecting_exchangeable, simulate_policy_cost};
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;

#[path = "common/cli.rs"]
mod cli;
#[path = "common/remap.rs"]
mod remap;
use cli::Failure;
use remap::{Norm, Target};

/// Optimal remapping policies (Yin et al.) of independent reflecting random walks.
#[derive(clap::Parser)]
#[command(version)]
struct Cli {
    /// Number of processes r.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    processes: u64,
    /// Load levels per process (0, 1, ..., levels − 1).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u64).range(2..=65_535))]
    levels: u64,
    /// Remap costs η, comma separated.
    #[arg(long, value_parser = cli::finite, value_delimiter = ',', allow_negative_numbers = true,
          default_value = "1,2,3,4,5,6,7,8,9,10,11,12,13")]
    etas: Vec<f64>,
    /// Where a remap sends the workload: a uniformly random load vector, or a balanced state.
    #[arg(long, value_enum, default_value_t = Target::Uniform)]
    target: Target,
    /// Running cost: max-norm (Yin et al., eq. (4)) or 2-norm (eq. (5)) of the deviation from the mean.
    #[arg(long, value_enum, default_value_t = Norm::Max)]
    imbalance: Norm,
    /// Solve on the exchangeable state space (sorted load vectors).
    #[arg(long)]
    exchangeable: bool,
    /// Monte Carlo replications per remap cost (0 skips the check).
    #[arg(long, value_parser = cli::count, default_value = "20000")]
    reps: u64,
    /// Monte Carlo seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print every state's decision and value even for large chains.
    #[arg(long)]
    full: bool,
}

/// Rows of the exchangeable chain are at most this long when estimating memory.
const ROW_BOUND: f64 = 3.0;

fn states_of(cli: &Cli) -> f64 {
    let (r, l) = (cli.processes as f64, cli.levels as f64);
    if cli.exchangeable {
        // C(L + r − 1, r)
        (1..=cli.processes).fold(1.0, |acc, k| acc * (l - 1.0 + k as f64) / k as f64)
    } else {
        l.powf(r)
    }
}

fn run(cli: &Cli) -> Result<(), Failure> {
    let (r, l) = (cli.processes as usize, cli.levels as usize);
    let states = states_of(cli);
    // Loads, the continue kernel (12 bytes per entry, at most 3^r entries per row, and no more
    // than states), values and policies.
    let row = ROW_BOUND.powf(r as f64).min(states);
    let bytes = states * (8.0 * r as f64 + 12.0 * row + 120.0);
    cli::check_memory("this chain", bytes as u128)?;
    let start = Instant::now();
    let chain = if cli.exchangeable { reflecting_exchangeable(r, l) } else { reflecting_chain(r, l) }
        .map_err(|e| Failure::usage(format!("--processes {r} --levels {l}: {e}")))?;
    let n = chain.states();
    let target = cli.target.to_target();
    let imbalance = cli.imbalance.to_imbalance();
    let detailed = cli.full || n <= 100_000;
    let bar = cli::progress(cli.etas.len() as u64, "remap costs");
    let mut results = Vec::new();
    for &eta in &cli.etas {
        let t0 = Instant::now();
        let problem = RemapProblem::new(chain.clone(), &imbalance, eta, &target)
            .map_err(|e| Failure::usage(format!("--etas {eta}: {e}")))?;
        let build_s = t0.elapsed().as_secs_f64();
        let t1 = Instant::now();
        let pi = problem.solve_relaxed(Method::PolicyIteration).map_err(|e| Failure::model("policy iteration", e))?;
        let solve_s = t1.elapsed().as_secs_f64();
        let vi_counts = if n <= 20_000 {
            let vi = |tol| {
                problem
                    .solve_relaxed(Method::ValueIteration { tol, max_iters: 1_000_000 })
                    .map(|s| s.iterations)
                    .map_err(|e| Failure::model("value iteration", e))
            };
            Some((vi(1e-2)?, vi(1e-6)?))
        } else {
            None
        };
        // Monte Carlo from the most imbalanced state.
        let start_state = (0..n).max_by(|&a, &b| problem.run_cost()[a].total_cmp(&problem.run_cost()[b])).unwrap_or(0);
        let est = if cli.reps > 0 {
            let mc = MonteCarlo::new(cli.seed, cli.reps).map_err(|e| Failure::usage(format!("--reps: {e}")))?;
            Some(
                simulate_policy_cost(&problem, &pi.remap, start_state, &mc)
                    .map_err(|e| Failure::model("Monte Carlo", e))?,
            )
        } else {
            None
        };
        let mut result = json!({
            "eta": eta,
            "remap_count": pi.remap.iter().filter(|&&x| x).count(),
            "pi_rounds": pi.iterations,
            "vi_iterations_tol_1e-2": vi_counts.map(|c| c.0),
            "vi_iterations_tol_1e-6": vi_counts.map(|c| c.1),
            "residual": pi.residual,
            "build_seconds": build_s,
            "solve_seconds": solve_s,
            "mc_start": chain.load(start_state),
            "mc_start_value": pi.values[start_state],
            "mc_mean": est.as_ref().map(|e| e.mean),
            "mc_std_err": est.as_ref().map(|e| e.std_err),
        });
        if detailed {
            result["remap"] = json!(pi.remap);
            result["values"] = json!(pi.values);
        }
        results.push(result);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let loads: Option<Vec<&[f64]>> = detailed.then(|| (0..n).map(|s| chain.load(s)).collect());
    let out = json!({
        "processes": r,
        "levels": l,
        "exchangeable": cli.exchangeable,
        "states": n,
        "target": format!("{target:?}"),
        "loads": loads,
        "results": results,
        "seconds": start.elapsed().as_secs_f64(),
    });
    let text = serde_json::to_string_pretty(&out).map_err(|e| Failure::failed(format!("JSON output: {e}")))?;
    println!("{text}");
    Ok(())
}

fn main() -> ExitCode {
    let args: Cli = cli::parse("remap_markov");
    cli::exit("remap_markov", run(&args))
}
