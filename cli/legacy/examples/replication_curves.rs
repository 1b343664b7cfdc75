//! The JR models of Dobber as curves, CSV `kind,model,c,p,r,value,std_err,processors,replicas`
//! (`p = log2 P` and `r = log2 R` are kept for the notebooks; `processors` and `replicas` are
//! the counts):
//!
//! * `speedup`: speedup over ELB against c_X for every model and R on P = 16 (Figs. 5.5–5.17);
//! * `optimal_r`: the optimal R of models 1.1 ((5.38)) and 2.1 ((5.74), Lambert W) and the
//!   discrete argmax of the generic evaluator, for P = 1..128 (Figs. 5.9, 5.14);
//! * `exact` / `approx`: the exact model (5.4) by Monte Carlo for exponential jobs (both
//!   dependence structures) against model 1.1 and the model with exponential first-level
//!   constants, P = 32.
//!
//! ```text
//! cargo run --release --example replication_curves -- [REPLICATIONS = 20000] [SEED = 1]
//! ```

use std::process::ExitCode;

use loadbal::montecarlo::MonteCarlo;
use loadbal::replication::exact::{Dependence, ExactModel, JobTimeDist};
use loadbal::replication::{BetaMax, BetaMin, JrModel, JrParams, estimation, optimum, speedup};

#[path = "common/cli.rs"]
mod cli;
use cli::Failure;

/// Prints the speedup curves, optimal replica counts and exact-versus-model comparison of
/// Dobber's job-replication models as CSV.
#[derive(clap::Parser)]
#[command(version)]
struct Cli {
    /// Monte Carlo replications of the exact model (5.4) (integer or 2e4 form).
    #[arg(default_value = "20000", value_parser = cli::count)]
    replications: u64,
    /// Seed of the Monte Carlo streams.
    #[arg(default_value = "1", value_parser = cli::count)]
    seed: u64,
    /// Processors of the exact-model comparison (a power of two).
    #[arg(long, default_value = "32", value_parser = cli::count)]
    processors: u64,
}

fn row(kind: &str, model: &str, c: f64, processors: u64, replicas: u64, value: f64, std_err: Option<f64>) {
    let (p, r) = (processors.trailing_zeros(), replicas.trailing_zeros());
    let se = std_err.map(|s| s.to_string()).unwrap_or_default();
    println!("{kind},{model},{c},{p},{r},{value},{se},{processors},{replicas}");
}

fn run(cli: &Cli) -> Result<(), Failure> {
    if !cli.processors.is_power_of_two() || cli.processors < 2 {
        return Err(Failure::usage(format!("--processors {} is not a power of two ≥ 2", cli.processors)));
    }
    let mc = MonteCarlo::new(cli.seed, cli.replications).map_err(|e| Failure::usage(format!("REPLICATIONS: {e}")))?;
    let bar = cli::progress(3, "replication curves");
    println!("kind,model,c,p,r,value,std_err,processors,replicas");
    let cs: Vec<f64> = (30..=100).map(|i| f64::from(i) / 100.0).collect();
    for model in JrModel::ALL {
        let params = model.table_5_8();
        for &c in &cs {
            for r in [1u64, 2, 4, 8, 16] {
                // Models 1.2/1.3 have a pole for large c_X: those points are skipped, not printed.
                if let Ok(s) = speedup(c, r, 16, &params) {
                    row("speedup", model.name(), c, 16, r, s, None);
                }
            }
        }
    }
    bar.inc(1);
    let m11 = JrParams::model11();
    let m21 = JrParams::model21_table_5_7();
    for &c in &cs {
        for p in 0..=7u32 {
            let big_p = 1u64 << p;
            let fail = |e: loadbal::replication::ReplicationError| Failure::model("optimal replicas", e);
            let value = |r: u64| f64::from(r.trailing_zeros());
            let r = optimum::model11_optimal_replicas(c, big_p).map_err(fail)?;
            row("optimal_r", "1.1 (5.38)", c, big_p, r, value(r), None);
            let r = optimum::model21_optimal_replicas(c, big_p).map_err(fail)?;
            row("optimal_r", "2.1 (5.74)", c, big_p, r, value(r), None);
            let r = optimum::optimal_replicas(c, big_p, &m11).map_err(fail)?.replicas;
            row("optimal_r", "1.1 argmax", c, big_p, r, value(r), None);
            let r = optimum::optimal_replicas(c, big_p, &m21).map_err(fail)?.replicas;
            row("optimal_r", "2.1 argmax", c, big_p, r, value(r), None);
        }
    }
    bar.inc(1);
    let k = estimation::exponential_first_level();
    let expo = JrParams::new(k.alpha, BetaMax::Constant(k.beta_max), BetaMin::Constant(k.beta_min), 1.0)
        .map_err(|e| Failure::model("exponential constants", e))?;
    let big_p = cli.processors;
    let counts: Vec<u64> = (0..=big_p.trailing_zeros()).map(|r| 1u64 << r).collect();
    for (name, dep) in
        [("independent", Dependence::Independent), ("same processor", Dependence::SameProcessorSameIteration)]
    {
        let model = ExactModel::new(JobTimeDist::Exponential { mean: 1.0 }, dep)
            .map_err(|e| Failure::model("exact model", e))?;
        let run = model.run(&counts, big_p, &mc).map_err(|e| Failure::model("exact model (5.4)", e))?;
        for (&r, e) in counts.iter().zip(&run.speedups) {
            row("exact", name, 1.0, big_p, r, e.mean, Some(e.std_err));
        }
    }
    for &r in &counts {
        let fail = |e: loadbal::replication::ReplicationError| Failure::model("model speedup", e);
        row("approx", "model 1.1", 1.0, big_p, r, speedup(1.0, r, big_p, &m11).map_err(fail)?, None);
        row("approx", "model 2.1 (gamma 1/2)", 1.0, big_p, r, speedup(1.0, r, big_p, &m21).map_err(fail)?, None);
        row("approx", "exponential constants", 1.0, big_p, r, speedup(1.0, r, big_p, &expo).map_err(fail)?, None);
    }
    bar.inc(1);
    bar.finish_and_clear();
    Ok(())
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("replication_curves");
    cli::exit("replication_curves", run(&cli))
}
