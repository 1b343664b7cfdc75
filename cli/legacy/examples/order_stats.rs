//! Exact expected maximum and minimum of n i.i.d. times against Monte Carlo, as CSV; for the
//! standard normal law also the Chen–Tyler approximation (Ahn et al., eq. (6a)).
//!
//! ```text
//! cargo run --release --example order_stats -- [--law normal:0,1] [--replications 20000] [--seed 1] [--max-n 1e6]
//! ```
//!
//! Laws: `normal:MU,SIGMA`, `exponential:RATE`, `gamma:SHAPE,RATE`, `lognormal:MU,SIGMA`,
//! `weibull:SHAPE,SCALE`, `pareto:SCALE,SHAPE`, `uniform:MIN,MAX`.
//!
//! Columns: n, exact E[max], its standard deviation (empty where it does not exist), exact E[min], Monte Carlo mean of the
//! maximum and its standard error, and for the standard normal the Chen–Tyler c_n and its
//! relative error. The Monte Carlo draws the maximum directly by inversion,
//! `F⁻¹(U^(1/n))` taken from the upper-tail mass `1 − U^(1/n) = −expm1(ln U / n)`, so n = 10⁹
//! costs no more than n = 2.

use loadbal::montecarlo::MonteCarlo;
use loadbal::order_stats::{
    Law, chen_tyler_max, expected_max_iid, expected_max_std_normal, expected_min_iid, order_stat_moments_iid,
};
use rand::Rng;
use std::process::ExitCode;

#[path = "common/cli.rs"]
mod cli;
use cli::Failure;

/// Largest number of Monte Carlo replications per sample size.
const MAX_REPLICATIONS: u64 = 100_000_000;
/// Largest sample size.
const MAX_N: u64 = 1_000_000_000;

/// Exact expected extremes of n i.i.d. times against Monte Carlo.
#[derive(clap::Parser)]
#[command(about)]
struct Cli {
    /// The law of one time: normal:MU,SIGMA, exponential:RATE, gamma:SHAPE,RATE,
    /// lognormal:MU,SIGMA, weibull:SHAPE,SCALE, pareto:SCALE,SHAPE or uniform:MIN,MAX.
    #[arg(long, default_value = "normal:0,1", value_parser = parse_law)]
    law: Law,
    /// Monte Carlo replications per sample size (1 to 1e8).
    #[arg(long, default_value = "20000", value_parser = cli::count)]
    replications: u64,
    /// Seed of the Monte Carlo streams.
    #[arg(long, default_value = "1", value_parser = cli::count)]
    seed: u64,
    /// Largest sample size n (2 to 1e9); sizes run 2..20, then four per decade.
    #[arg(long, default_value = "1e6", value_parser = cli::count)]
    max_n: u64,
}

fn parse_law(s: &str) -> Result<Law, String> {
    let (name, params) = s.split_once(':').unwrap_or((s, ""));
    let values = if params.is_empty() { Vec::new() } else { cli::finite_list(params)? };
    let want = |k: usize| -> Result<(), String> {
        if values.len() == k { Ok(()) } else { Err(format!("{name} takes {k} parameter(s), got {}", values.len())) }
    };
    let p = |i: usize| values.get(i).copied().unwrap_or(f64::NAN);
    let law = match name {
        "normal" => want(2).map(|_| Law::normal(p(0), p(1))),
        "exponential" => want(1).map(|_| Law::exponential(p(0))),
        "gamma" => want(2).map(|_| Law::gamma(p(0), p(1))),
        "lognormal" => want(2).map(|_| Law::lognormal(p(0), p(1))),
        "weibull" => want(2).map(|_| Law::weibull(p(0), p(1))),
        "pareto" => want(2).map(|_| Law::pareto(p(0), p(1))),
        "uniform" => want(2).map(|_| Law::uniform(p(0), p(1))),
        other => {
            return Err(format!(
                "unknown law {other:?}: use normal, exponential, gamma, lognormal, weibull, pareto or uniform"
            ));
        }
    }?;
    law.map_err(|e| e.to_string())
}

fn sizes(max_n: u64) -> Vec<u64> {
    let mut ns: Vec<u64> = (2..=20.min(max_n)).collect();
    let mut x = 25.0f64;
    while x <= max_n as f64 {
        ns.push(x.round() as u64);
        x *= 10f64.powf(0.25);
    }
    if ns.last() != Some(&max_n) {
        ns.push(max_n);
    }
    ns.dedup();
    ns
}

fn run(cli: &Cli) -> Result<(), Failure> {
    if cli.replications == 0 || cli.replications > MAX_REPLICATIONS {
        return Err(Failure::usage(format!(
            "--replications {} is outside 1..={MAX_REPLICATIONS} (each sample size draws that many maxima)",
            cli.replications
        )));
    }
    if !(2..=MAX_N).contains(&cli.max_n) {
        return Err(Failure::usage(format!("--max-n {} is outside 2..={MAX_N}", cli.max_n)));
    }
    let law = cli.law;
    let standard_normal = law == Law::Normal { mu: 0.0, sigma: 1.0 };
    let mc = MonteCarlo::new(cli.seed, cli.replications).map_err(|e| Failure::model("Monte Carlo", e))?;
    let ns = sizes(cli.max_n);
    println!("# {law}");
    if standard_normal {
        println!("n,exact_max,exact_sd,exact_min,mc_mean,mc_std_err,chen_tyler,chen_tyler_rel_err");
    } else {
        println!("n,exact_max,exact_sd,exact_min,mc_mean,mc_std_err");
    }
    let bar = cli::progress(ns.len() as u64, "sample sizes");
    for &n in &ns {
        let context = format!("{law}, n = {n}");
        let max = expected_max_iid(&law, n).map_err(|e| Failure::model(&context, e))?;
        // The standard deviation needs a second moment, which a heavy Pareto tail lacks.
        let sd = order_stat_moments_iid(&law, n, n).map(|m| format!("{:.15e}", m.std_dev)).unwrap_or_default();
        let min = expected_min_iid(&law, n).map_err(|e| Failure::model(&context, e))?;
        let nf = n as f64;
        let est = mc
            .estimate(|_, rng| {
                let u: f64 = rng.random_range(f64::MIN_POSITIVE..1.0);
                law.upper_quantile(-(u.ln() / nf).exp_m1())
            })
            .map_err(|e| Failure::model(&context, e))?;
        if standard_normal {
            let exact = expected_max_std_normal(n).map_err(|e| Failure::model(&context, e))?;
            let ct = chen_tyler_max(n).map_err(|e| Failure::model(&context, e))?;
            println!(
                "{n},{max:.15e},{sd},{min:.15e},{:.15e},{:.3e},{ct:.15},{:.6e}",
                est.mean,
                est.std_err,
                ct / exact - 1.0
            );
        } else {
            println!("{n},{max:.15e},{sd},{min:.15e},{:.15e},{:.3e}", est.mean, est.std_err);
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(())
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("order_stats");
    cli::exit("order_stats", run(&cli))
}
