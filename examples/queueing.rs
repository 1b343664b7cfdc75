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
//! `--table` is `5.2` (default), `loose` or `tight` (Table 5.1); `--lambda` the arrival rates
//! (loads per time unit) of the three sources; `--horizon` the simulated time (default 10⁵);
//! `--curves` prints, as JSON, mean queue lengths against ρ for M/M/1, M/D/1 and M/G/1 (theory
//! and simulation) and the symmetric region bounds against simulation.

use loadbal::montecarlo::MonteCarlo;
use loadbal::queueing::{
    Dist, DssSim, QueueingError, RegionNetwork, StabilityCase, StationSim, VacationRule, md1, mg1, mm1,
};
use serde_json::json;

fn table(name: &str) -> Result<RegionNetwork, QueueingError> {
    let inf = f64::INFINITY;
    match name {
        "loose" => RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65),
        "tight" => RegionNetwork::symmetric_three(3.0, 2.0, 1.4, 1.0),
        _ => RegionNetwork::from_table(
            3.0,
            &[3.3, 4.5, 2.7],
            &[vec![inf, 2.9, 2.65], vec![3.5, inf, 3.3], vec![2.5, 2.4, inf]],
            &[2.5, 2.8, 2.25],
        ),
    }
}

fn arg(args: &[String], flag: &str) -> Option<String> {
    args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned()
}

fn curves(mc: &MonteCarlo) -> Result<serde_json::Value, QueueingError> {
    let mut stations = Vec::new();
    for rho in [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9] {
        let gamma = Dist::Gamma { mean: 1.0, scv: 2.0 };
        for (name, theory, dist) in [
            ("M/M/1", mm1(rho, 1.0)?, Dist::Exponential { mean: 1.0 }),
            ("M/D/1", md1(rho, 1.0)?, Dist::Deterministic { value: 1.0 }),
            ("M/G/1 (gamma, scv 2)", mg1(rho, &gamma.moments()?)?, gamma),
        ] {
            let est = StationSim::new(rho, dist).customers(50_000, 5_000).estimate(mc)?;
            stations.push(json!({"model": name, "rho": rho, "l_theory": theory.l, "l_sim": est.l.mean,
                "l_sim_std_err": est.l.std_err}));
        }
    }
    let mut regions = Vec::new();
    for name in ["loose", "tight"] {
        let net = table(name)?;
        for lambda in [0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.14, 0.15, 0.16] {
            let bound = net.queue_bounds(&[lambda; 3], VacationRule::OwnMax)?;
            let est = DssSim::new(vec![lambda; 3], 100_000.0, 1_000.0).estimate(&net, mc)?;
            regions.push(json!({"network": name, "lambda": lambda, "bound": bound[0], "sim": est[0].mean,
                "sim_std_err": est[0].std_err}));
        }
    }
    Ok(json!({"stations": stations, "regions": regions}))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let mc = MonteCarlo::new(20_261_122, 16)?;
    if args.iter().any(|a| a == "--curves") {
        println!("{}", serde_json::to_string_pretty(&curves(&mc)?)?);
        return Ok(());
    }
    let name = arg(&args, "--table").unwrap_or_else(|| "5.2".into());
    let lambda: Vec<f64> = match arg(&args, "--lambda") {
        Some(s) => s.split(',').map(|x| x.trim().parse::<f64>()).collect::<Result<_, _>>()?,
        None => vec![1.0 / 15.0; 3],
    };
    let horizon: f64 = arg(&args, "--horizon").map(|h| h.parse()).transpose()?.unwrap_or(100_000.0);
    let net = table(&name)?;
    println!("table {name}: mean load size {}, arrival rates {lambda:?}", net.mean_size());
    println!("mu_c   = {:?}", net.mu_c());
    println!("mu_max = {:?}", net.mu_max());
    let case = net.classify(&lambda)?;
    println!("stability: {case:?}");
    match net.queue_bounds(&lambda, VacationRule::OwnMax) {
        Ok(own) => {
            println!("bound (5.9), own mu_max vacation:      {own:?}");
            println!(
                "bound (5.9), min-over-others vacation: {:?}",
                net.queue_bounds(&lambda, VacationRule::MinOverOthers)?
            );
        }
        Err(e) => println!("bound (5.9) does not apply: {e}"),
    }
    if case == StabilityCase::Case3 && net.regions() == 3 {
        println!("Case 3 with three regions: the thesis leaves the borrowing condition open (two regions only)");
    }
    let sim = DssSim::new(lambda.clone(), horizon, horizon / 100.0);
    let est = sim.estimate(&net, &mc)?;
    for (i, e) in est.iter().enumerate() {
        println!("simulated Q_{i} = {:.4} ± {:.4} (std err, {} runs of {horizon} time units)", e.mean, e.std_err, e.n);
    }
    if !case.is_stable() {
        let long = DssSim::new(lambda, 4.0 * horizon, 0.0).run(&net, &mut loadbal::montecarlo::stream(1, 0))?;
        println!("queued volume at 4x the horizon: {:?} (grows when unstable)", long.final_queue_volume);
    }
    Ok(())
}
