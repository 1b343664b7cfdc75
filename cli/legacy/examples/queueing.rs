//! Jia's multi-region queueing model from the command line: given arrival rates and region
//! capacities, print the stability case, the bounds (5.9) and a simulated check.
//!
//! ```text
//! cargo run --release --example queueing                                # Table 5.2, Exp 1 rates
//! cargo run --release --example queueing -- --table 5.2 --lambda 0.11,0.05,0.05
//! cargo run --release --example queueing -- --table loose --lambda 0.1,0.1,0.1
//! cargo run --release --example queueing -- --curves                    # JSON for the notebook
//! ```
//!
//! `--table` is `5.2` (default), `loose` or `tight` (Jia, Table 5.1); `--lambda` the arrival
//! rates (loads per time unit) of the three sources; `--horizon` the simulated time (default
//! 10⁵); `--curves` prints, as JSON, mean queue lengths against ρ for M/M/1, M/D/1 and M/G/1
//! (theory and simulation) and the symmetric region bounds against simulation.

use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::queueing::{
    Dist, DssSim, QueueingError, RegionNetwork, StabilityCase, StationSim, VacationRule, md1, mg1, mm1,
};
use serde_json::json;
use std::process::ExitCode;

#[path = "common/cli.rs"]
mod cli;
use cli::Failure;

/// The region tables of Jia, ch. 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Table {
    /// Table 5.2 (three heterogeneous regions).
    #[value(name = "5.2")]
    T52,
    /// Table 5.1, loosely coupled regions.
    Loose,
    /// Table 5.1, tightly coupled regions.
    Tight,
}

impl std::fmt::Display for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Table::T52 => "5.2",
            Table::Loose => "5.1 (loosely coupled)",
            Table::Tight => "5.1 (tightly coupled)",
        })
    }
}

fn network(table: Table) -> Result<RegionNetwork, QueueingError> {
    let inf = f64::INFINITY;
    match table {
        Table::Loose => RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65),
        Table::Tight => RegionNetwork::symmetric_three(3.0, 2.0, 1.4, 1.0),
        Table::T52 => RegionNetwork::from_table(
            3.0,
            &[3.3, 4.5, 2.7],
            &[vec![inf, 2.9, 2.65], vec![3.5, inf, 3.3], vec![2.5, 2.4, inf]],
            &[2.5, 2.8, 2.25],
        ),
    }
}

/// Arrival rates: a comma-separated list of finite rates ≥ 0.
#[derive(Debug, Clone)]
struct Rates(Vec<f64>);

fn rates(s: &str) -> Result<Rates, String> {
    s.split(',').map(cli::non_negative).collect::<Result<_, _>>().map(Rates)
}

/// Jia's multi-region queueing model: stability case, bounds (5.9) and a simulated check.
#[derive(clap::Parser)]
#[command(about)]
struct Cli {
    /// Region table.
    #[arg(long, value_enum, default_value = "5.2")]
    table: Table,
    /// Arrival rates of the sources, comma-separated (one per region) [default: 1/15 each].
    #[arg(long, value_parser = rates, allow_hyphen_values = true)]
    lambda: Option<Rates>,
    /// Simulated time per replication.
    #[arg(long, default_value = "100000", value_parser = cli::positive, allow_hyphen_values = true)]
    horizon: f64,
    /// Replications of the simulation.
    #[arg(long, default_value = "16", value_parser = cli::count)]
    reps: u64,
    /// Seed of the simulation.
    #[arg(long, default_value = "20261122", value_parser = cli::count)]
    seed: u64,
    /// Print the notebook's curves as JSON instead.
    #[arg(long)]
    curves: bool,
}

fn curves(mc: &MonteCarlo) -> Result<serde_json::Value, QueueingError> {
    let rhos = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9];
    let lambdas = [0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.14, 0.15, 0.16];
    let bar = cli::progress((3 * rhos.len() + 2 * lambdas.len()) as u64, "simulating");
    let mut stations = Vec::new();
    for rho in rhos {
        let gamma = Dist::Gamma { mean: 1.0, scv: 2.0 };
        for (name, theory, dist) in [
            ("M/M/1", mm1(rho, 1.0)?, Dist::Exponential { mean: 1.0 }),
            ("M/D/1", md1(rho, 1.0)?, Dist::Deterministic { value: 1.0 }),
            ("M/G/1 (gamma, scv 2)", mg1(rho, &gamma.moments()?)?, gamma),
        ] {
            let est = StationSim::new(rho, dist).customers(50_000, 5_000).estimate(mc)?;
            stations.push(json!({"model": name, "rho": rho, "l_theory": theory.l, "l_sim": est.l.mean,
                "l_sim_std_err": est.l.std_err}));
            bar.inc(1);
        }
    }
    let mut regions = Vec::new();
    for table in [Table::Loose, Table::Tight] {
        let net = network(table)?;
        let name = if table == Table::Loose { "loose" } else { "tight" };
        for lambda in lambdas {
            let bound = net.queue_bounds(&[lambda; 3], VacationRule::OwnMax)?;
            let est = DssSim::new(vec![lambda; 3], 100_000.0, 1_000.0).estimate(&net, mc)?;
            regions.push(json!({"network": name, "lambda": lambda, "bound": bound[0], "sim": est[0].mean,
                "sim_std_err": est[0].std_err}));
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    Ok(json!({"stations": stations, "regions": regions}))
}

fn run(cli: &Cli) -> Result<(), Failure> {
    let mc = MonteCarlo::new(cli.seed, cli.reps).map_err(|e| Failure::usage(format!("--reps: {e}")))?;
    if cli.curves {
        let value = curves(&mc).map_err(|e| Failure::model("curves", e))?;
        let text = serde_json::to_string_pretty(&value).map_err(|e| Failure::failed(format!("JSON: {e}")))?;
        println!("{text}");
        return Ok(());
    }
    let net = network(cli.table).map_err(|e| Failure::model("table", e))?;
    let lambda = cli.lambda.as_ref().map_or_else(|| vec![1.0 / 15.0; net.regions()], |r| r.0.clone());
    if lambda.len() != net.regions() {
        return Err(Failure::usage(format!(
            "--lambda has {} rates, table {} has {} regions: give one rate per region",
            lambda.len(),
            cli.table,
            net.regions()
        )));
    }
    let sim = DssSim::new(lambda.clone(), cli.horizon, cli.horizon / 100.0);
    // Refuse an oversized run before anything prints (the simulator would refuse it too).
    let events = 2.0 * cli.horizon * lambda.iter().sum::<f64>() * cli.reps as f64;
    if events > loadbal::queueing::MAX_EVENTS {
        return Err(Failure::usage(format!(
            "--horizon {} with {} replications would simulate about {events:.1e} events, more than the limit of {:.0e}; \
             choose a shorter horizon or fewer replications",
            cli.horizon,
            cli.reps,
            loadbal::queueing::MAX_EVENTS
        )));
    }
    println!("table {}: mean load size {}, arrival rates {lambda:?}", cli.table, net.mean_size());
    println!("mu_c   = {:?}", net.mu_c());
    println!("mu_max = {:?}", net.mu_max());
    let case = net.classify(&lambda).map_err(|e| Failure::model("--lambda", e))?;
    println!("stability: {case}");
    match net.queue_bounds(&lambda, VacationRule::OwnMax) {
        Ok(own) => {
            println!("bound (5.9), own mu_max vacation:      {own:?}");
            let others =
                net.queue_bounds(&lambda, VacationRule::MinOverOthers).map_err(|e| Failure::model("bound (5.9)", e))?;
            println!("bound (5.9), min-over-others vacation: {others:?}");
        }
        Err(e) => println!("bound (5.9) does not apply: {e}"),
    }
    if case == StabilityCase::Case3 && net.regions() == 3 {
        println!("Case 3 with three regions: the thesis leaves the borrowing condition open (two regions only)");
    }
    let bar = cli::progress(cli.reps, "simulating replications");
    let runs = mc.replicate(|_, rng| {
        let out = sim.run(&net, rng);
        bar.inc(1);
        out
    });
    bar.finish_and_clear();
    let runs: Vec<_> = runs.into_iter().collect::<Result<_, _>>().map_err(|e| Failure::model("simulation", e))?;
    for i in 0..net.regions() {
        let samples: Vec<f64> = runs.iter().map(|r| r.queue_volume[i]).collect();
        let e = Estimate::from_samples(&samples).map_err(|e| Failure::model("simulation", e))?;
        println!(
            "simulated Q_{i} = {:.4} ± {:.4} (std err, {} runs of {} time units)",
            e.mean, e.std_err, e.n, cli.horizon
        );
    }
    if !case.is_stable() {
        let long = DssSim::new(lambda, 4.0 * cli.horizon, 0.0)
            .run(&net, &mut loadbal::montecarlo::stream(cli.seed, 0))
            .map_err(|e| Failure::model("simulation at 4x the horizon", e))?;
        println!("queued volume at 4x the horizon: {:?} (grows when unstable)", long.final_queue_volume);
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("queueing");
    cli::exit("queueing", run(&cli))
}
