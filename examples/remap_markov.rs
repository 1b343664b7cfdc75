//! Yin et al.: optimal remap-or-continue policies of a Markov workload for parameters of your
//! choice. Prints JSON: per remap cost, the remapping states, the optimal values, the solver
//! iteration counts and a Monte Carlo check.
//!
//! ```text
//! cargo run --release --example remap_markov -- [--processes 2] [--levels 6] [--etas 1,2,...,13]
//!     [--target uniform|balanced] [--reps 20000] [--seed 1]
//! ```
//! The defaults are the paper's §5 example (Figures 4 and 5).

use loadbal::montecarlo::MonteCarlo;
use loadbal::remap::markov::{Imbalance, Method, RemapProblem, RemapTarget, reflecting_chain, simulate_policy_cost};
use serde_json::json;

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned())
}

fn num<T: std::str::FromStr>(name: &str, default: T) -> T {
    arg(name).map_or(default, |v| v.parse().unwrap_or_else(|_| panic!("bad value for {name}")))
}

fn main() {
    let processes: usize = num("--processes", 2);
    let levels: usize = num("--levels", 6);
    let reps: u64 = num("--reps", 20_000);
    let seed: u64 = num("--seed", 1);
    let etas: Vec<f64> = arg("--etas")
        .unwrap_or_else(|| (1..=13).map(|k| k.to_string()).collect::<Vec<_>>().join(","))
        .split(',')
        .map(|x| x.parse().expect("a remap cost"))
        .collect();
    let target = match arg("--target").as_deref() {
        Some("balanced") => RemapTarget::Balanced,
        _ => RemapTarget::UniformOverAllStates,
    };
    let chain = reflecting_chain(processes, levels).expect("a chain of at most 2^14 states");
    let loads = chain.loads().to_vec();
    let mut results = Vec::new();
    for &eta in &etas {
        let problem = RemapProblem::new(chain.clone(), &Imbalance::MaxNorm, eta, &target).expect("valid problem");
        let pi = problem.solve(Method::PolicyIteration).expect("solvable");
        let vi2 = problem.solve(Method::ValueIteration { tol: 1e-2, max_iters: 1_000_000 }).expect("solvable");
        let vi6 = problem.solve(Method::ValueIteration { tol: 1e-6, max_iters: 1_000_000 }).expect("solvable");
        // Monte Carlo from the most imbalanced state.
        let start =
            (0..loads.len()).max_by(|&a, &b| problem.run_cost()[a].total_cmp(&problem.run_cost()[b])).unwrap_or(0);
        let mc = MonteCarlo::new(seed, reps).expect("positive replications");
        let est = simulate_policy_cost(&problem, &pi.remap, start, &mc).expect("valid start");
        results.push(json!({
            "eta": eta,
            "remap": pi.remap,
            "values": pi.values,
            "remap_count": pi.remap.iter().filter(|&&r| r).count(),
            "pi_rounds": pi.iterations,
            "vi_iterations_tol_1e-2": vi2.iterations,
            "vi_iterations_tol_1e-6": vi6.iterations,
            "residual": pi.residual,
            "mc_start": loads[start],
            "mc_mean": est.mean,
            "mc_std_err": est.std_err,
        }));
    }
    let out = json!({ "processes": processes, "levels": levels, "target": format!("{target:?}"), "loads": loads, "results": results });
    println!("{}", serde_json::to_string_pretty(&out).expect("serialisable"));
}
