//! Fong et al.: imbalance curves and optimal periodic remapping intervals, with a Monte Carlo
//! simulation of the load process, for parameters of your choice. Prints JSON.
//!
//! ```text
//! cargo run --release --example remap_periodic -- [--n 64] [--w 100] [--dist eq15|normal:MEAN,SD|
//!     uniform:LOW,HIGH|exp:RATE,SHIFT] [--alternate D] [--bounds 0.1,0.15,...] [--reps 400]
//!     [--tmax 100] [--seed 1]
//! ```
//! `--alternate D` adds +D / −D to the mean increment of even / odd processors (heterogeneous
//! means, Fong et al., Theorem 4.1). The defaults are Table 1 of the paper.

use loadbal::montecarlo::MonteCarlo;
use loadbal::remap::periodic::{
    Heterogeneous, Homogeneous, Increment, IncrementLaw, LoadSimOptions, p2_interval, simulate_loads,
};
use serde_json::json;
use std::process::ExitCode;

#[path = "common/cli.rs"]
mod cli;
use cli::Failure;

/// Parses `eq15`, `normal:MEAN,SD`, `uniform:LOW,HIGH` or `exp:RATE,SHIFT`.
fn parse_dist(s: &str) -> Result<Increment, String> {
    let (kind, rest) = s.split_once(':').unwrap_or((s, ""));
    let p: Vec<f64> = if rest.is_empty() { Vec::new() } else { cli::finite_list(rest)? };
    let need = |names: &str| -> Result<(f64, f64), String> {
        match p.as_slice() {
            [a, b] => Ok((*a, *b)),
            _ => Err(format!("{kind} needs two parameters {names}, got {}", p.len())),
        }
    };
    let law = match kind {
        "eq15" if p.is_empty() => Increment::eq15(),
        "eq15" => return Err("eq15 takes no parameters".into()),
        "normal" => {
            let (mean, std_dev) = need("MEAN,SD")?;
            Increment::Normal { mean, std_dev }
        }
        "uniform" => {
            let (low, high) = need("LOW,HIGH")?;
            Increment::Uniform { low, high }
        }
        "exp" => {
            let (rate, shift) = need("RATE,SHIFT")?;
            Increment::Exponential { rate, shift }
        }
        other => {
            return Err(format!("unknown law {other:?}: use eq15, normal:MEAN,SD, uniform:LOW,HIGH or exp:RATE,SHIFT"));
        }
    };
    law.validate().map_err(|e| e.to_string())?;
    Ok(law)
}

/// A comma-separated list of positive numbers.
#[derive(Debug, Clone)]
struct Bounds(Vec<f64>);

fn positive_list(s: &str) -> Result<Bounds, String> {
    s.split(',').map(cli::positive).collect::<Result<_, _>>().map(Bounds)
}

fn at_least_two(s: &str) -> Result<u64, String> {
    let n = cli::count(s)?;
    if n >= 2 { Ok(n) } else { Err(format!("{s}: at least two processors are needed")) }
}

fn at_least_one(s: &str) -> Result<u64, String> {
    let n = cli::count(s)?;
    if n >= 1 { Ok(n) } else { Err(format!("{s}: must be at least 1")) }
}

/// Imbalance curves and optimal periodic remapping intervals (Fong et al.), as JSON.
#[derive(clap::Parser)]
#[command(about)]
struct Cli {
    /// Number of processors N.
    #[arg(long, default_value = "64", value_parser = at_least_two)]
    n: u64,
    /// Initial load w of every processor.
    #[arg(long, default_value = "100", value_parser = cli::positive, allow_hyphen_values = true)]
    w: f64,
    /// Increment law: eq15, normal:MEAN,SD, uniform:LOW,HIGH or exp:RATE,SHIFT.
    #[arg(long, default_value = "eq15", value_parser = parse_dist)]
    dist: Increment,
    /// Add +D / −D to the mean increment of even / odd processors (continuous laws only).
    #[arg(long, default_value = "0", value_parser = cli::finite, allow_hyphen_values = true)]
    alternate: f64,
    /// Imbalance bounds B (comma-separated, positive).
    #[arg(long, default_value = "0.10,0.15,0.20,0.25,0.30,0.35,0.40,0.45,0.50", value_parser = positive_list)]
    bounds: Bounds,
    /// Monte Carlo replications.
    #[arg(long, default_value = "400", value_parser = at_least_one)]
    reps: u64,
    /// Simulated phases.
    #[arg(long, default_value = "100", value_parser = at_least_one)]
    tmax: u64,
    /// Seed of the simulation.
    #[arg(long, default_value = "1", value_parser = cli::count)]
    seed: u64,
}

fn shifted(law: Increment, d: f64) -> Result<Increment, Failure> {
    Ok(match law {
        Increment::Normal { mean, std_dev } => Increment::Normal { mean: mean + d, std_dev },
        Increment::Uniform { low, high } => Increment::Uniform { low: low + d, high: high + d },
        Increment::Exponential { rate, shift } => Increment::Exponential { rate, shift: shift - d },
        other if d == 0.0 => other,
        _ => return Err(Failure::usage("--alternate needs a continuous law (normal, uniform or exp)")),
    })
}

fn run(cli: &Cli) -> Result<(), Failure> {
    let bounds = &cli.bounds.0[..];
    // Per-processor laws (N values) and 4 estimates of 3 words per phase in each worker.
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()) as u128;
    cli::check_memory("--n", u128::from(cli.n) * 64)?;
    cli::check_memory("--tmax", u128::from(cli.tmax) * 4 * 24 * (workers + 1))?;
    let n = usize::try_from(cli.n).map_err(|_| Failure::usage("--n does not fit in memory"))?;
    let laws: Vec<Increment> = (0..n)
        .map(|i| shifted(cli.dist, if i % 2 == 0 { cli.alternate } else { -cli.alternate }))
        .collect::<Result<_, _>>()?;
    let model = Heterogeneous::with_variance(
        cli.w,
        laws.iter().map(|l| l.mean()).collect(),
        laws.iter().map(|l| l.variance()).collect(),
    )
    .map_err(|e| Failure::model("model", e))?;
    let mc = MonteCarlo::new(cli.seed, cli.reps).map_err(|e| Failure::usage(format!("--reps: {e}")))?;
    let bar = cli::progress(1, "simulating the load process");
    let sim = simulate_loads(cli.w, &laws, cli.tmax, &LoadSimOptions::new(mc).with_bounds(bounds))
        .map_err(|e| Failure::model("simulation", e))?;
    bar.finish_and_clear();
    // d̂ (Fong et al., eq. (8)) of identical processors with the average moments.
    let identical = Homogeneous::with_variance(cli.w, model.mean_mu(), model.mean_variance(), cli.n)
        .map_err(|e| Failure::model("identical-processor model", e))?;
    let curves: Vec<_> = (1..=cli.tmax)
        .map(|t| {
            let tf = t as f64;
            json!({
                "t": t,
                "v_model": model.v(tf).ok(),
                "d_hat": identical.d_hat(tf).ok(),
                "v_simulated": sim.v(t),
                "d_simulated": sim.d(t),
            })
        })
        .collect();
    let mut table = Vec::new();
    for (&b, fp) in bounds.iter().zip(&sim.first_passage) {
        let t = p2_interval(&model, b).map_err(|e| Failure::model("interval", e))?;
        table.push(json!({
            "bound": b,
            "t_real": t.steps().map(|_| t.t_real()),
            "t_free": t.steps(),
            "t_simulated": sim.interval(b),
            "mean_first_passage": fp.mean,
        }));
    }
    let peak = model.peak().ok();
    let out = json!({
        "n": cli.n, "w": cli.w, "law": format!("{:?}", cli.dist), "alternate": cli.alternate,
        "mean_mu": model.mean_mu(), "mean_variance": model.mean_variance(),
        "v_limit": model.v_limit().ok(),
        "t1": peak.map(|p| p.t1), "t2": peak.map(|p| p.t2), "b_star": peak.map(|p| p.b_star),
        "replications": cli.reps, "curves": curves, "table": table,
    });
    let text = serde_json::to_string_pretty(&out).map_err(|e| Failure::failed(format!("cannot write JSON: {e}")))?;
    println!("{text}");
    Ok(())
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("remap_periodic");
    cli::exit("remap_periodic", run(&cli))
}
