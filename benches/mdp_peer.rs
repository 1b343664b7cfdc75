//! The crate's side of scripts/peers/quantecon_mdp.py: builds one of the peer instances (the
//! generators of tests/mdp_instances, the same ones the script gives QuantEcon), solves it with
//! every method, and prints the best-of-k wall-clock time of each as one JSON object; the
//! policies and values go to `--out` (CSV: method, state, action, value) for the script to
//! compare with QuantEcon's. Run it through the script, which times both sides in one run;
//! by hand:
//!
//! ```text
//! RAYON_NUM_THREADS=1 cargo bench --bench mdp_peer -- random --states 1000 --actions 5 --scale 10
//! ```
//!
//! Each method runs once untimed, then up to `--repeat` times or until `--budget` seconds have
//! been spent, whichever comes first; the best time is printed. The MDP is built before timing,
//! as QuantEcon's `DiscreteDP` is.

use clap::{Parser, Subcommand};
use loadbal::remap::mdp::{Algorithm, Criterion as Crit, Mdp, Options, Solution, Sweep};
use std::fmt::Write as _;
use std::time::Instant;

#[path = "../tests/mdp_instances/mod.rs"]
mod instances;

#[derive(Parser, Debug)]
#[command(
    name = "mdp_peer",
    about = "Times the crate's MDP solvers on one peer instance (see scripts/peers/quantecon_mdp.py)."
)]
struct Args {
    #[command(subcommand)]
    instance: Instance,
    /// Stopping tolerance of value and modified policy iteration (the crate's `Options::tol`).
    #[arg(long, default_value_t = 1e-10, global = true, allow_negative_numbers = true)]
    tol: f64,
    /// Timed runs per method (best of them is printed).
    #[arg(long, default_value_t = 5, global = true)]
    repeat: usize,
    /// Seconds after which a method stops repeating (at least one timed run).
    #[arg(long, default_value_t = 10.0, global = true, allow_negative_numbers = true)]
    budget: f64,
    /// Partial-evaluation sweeps of modified policy iteration, comma separated.
    #[arg(long, value_delimiter = ',', default_value = "2,5,10,20,50", global = true)]
    sweeps: Vec<usize>,
    /// CSV of every method's policy and values.
    #[arg(long, global = true)]
    out: Option<std::path::PathBuf>,
    /// Passed by `cargo bench`; ignored.
    #[arg(long, hide = true, global = true)]
    bench: bool,
}

#[derive(Subcommand, Debug)]
enum Instance {
    /// Seeded random dense MDP (splitmix64; costs uniform on [0, scale)).
    Random {
        #[arg(long, default_value_t = 1000)]
        states: usize,
        #[arg(long, default_value_t = 5)]
        actions: usize,
        #[arg(long, default_value_t = instances::SEED)]
        seed: u64,
        #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
        scale: f64,
    },
    /// Remap problem of `processes` reflecting walks on `levels` levels (Yin et al.), remap cost 5.
    Kronecker {
        #[arg(long, default_value_t = 2)]
        processes: usize,
        #[arg(long, default_value_t = 6)]
        levels: usize,
    },
}

/// One of the crate's solvers.
type Solver = fn(&Mdp, Crit, &Options) -> Solution;

fn time(budget: f64, repeat: usize, mut f: impl FnMut() -> Solution) -> (f64, usize, Solution) {
    let sol = f(); // warm-up, untimed
    let (mut best, mut runs, mut spent) = (f64::INFINITY, 0, 0.0);
    let mut last = sol;
    while runs < repeat.max(1) && (runs == 0 || spent < budget) {
        let t = Instant::now();
        last = f();
        let s = t.elapsed().as_secs_f64();
        best = best.min(s);
        spent += s;
        runs += 1;
    }
    (best * 1e3, runs, last)
}

fn main() {
    let args = Args::parse();
    if !(args.tol > 0.0 && args.tol.is_finite()) || args.budget < 0.0 {
        eprintln!("mdp_peer: --tol must be positive and --budget non-negative");
        std::process::exit(2);
    }
    let (name, random, kronecker);
    let mdp: &Mdp = match args.instance {
        Instance::Random { states, actions, seed, scale } => {
            name = format!("random_{states}x{actions}_seed{seed}_scale{scale:e}");
            random = instances::random_dense_scaled(states, actions, seed, scale);
            &random
        }
        Instance::Kronecker { processes, levels } => {
            kronecker = instances::kronecker(processes, levels);
            name = format!("kronecker_{}", kronecker.chain().states());
            kronecker.mdp()
        }
    };
    let crit = Crit::Discounted { factor: instances::BETA };
    let o = Options { tol: args.tol, ..Options::default() };
    let with = |algorithm: Algorithm, o: Options| Options { algorithm: Some(algorithm), ..o };
    let mut methods: Vec<(String, Options, Solver)> = vec![
        ("PI".into(), with(Algorithm::PolicyIteration, o.clone()), |m, c, o| m.solve(c, o).expect("PI")),
        ("VI".into(), with(Algorithm::ValueIteration, o.clone()), |m, c, o| m.solve(c, o).expect("VI")),
        (
            "VI Jacobi".into(),
            with(Algorithm::ValueIteration, Options { sweep: Sweep::Jacobi, ..o.clone() }),
            |m, c, o| m.solve(c, o).expect("VI Jacobi"),
        ),
        ("solve".into(), o.clone(), |m, c, o| m.solve(c, o).expect("solve")),
    ];
    for &k in &args.sweeps {
        let mpi = with(Algorithm::ModifiedPolicyIteration { sweeps: k }, o.clone());
        methods.push((format!("MPI k={k}"), mpi, |m, c, o| m.solve(c, o).expect("MPI")));
    }
    let mut json = format!(
        "{{\"instance\": \"{name}\", \"states\": {}, \"pairs\": {}, \"storage\": \"{:?}\", \"tol\": {:e}, \"methods\": [",
        mdp.states(),
        mdp.pairs(),
        mdp.storage(),
        args.tol
    );
    let mut csv = String::from("method,state,action,value\n");
    for (i, (label, opts, f)) in methods.iter().enumerate() {
        let (ms, runs, sol) = time(args.budget, args.repeat, || f(mdp, crit, opts));
        let sep = if i == 0 { "" } else { ", " };
        let _ = write!(
            json,
            "{sep}{{\"method\": \"{label}\", \"ms\": {ms:.6}, \"runs\": {runs}, \"iterations\": {}, \"algorithm\": \"{}\"}}",
            sol.iterations, sol.algorithm
        );
        for (s, (&a, &v)) in sol.policy.iter().zip(&sol.values).enumerate() {
            let _ = writeln!(csv, "{label},{s},{a},{v:?}");
        }
    }
    json.push_str("]}");
    println!("{json}");
    if let Some(path) = &args.out {
        if let Err(e) = std::fs::write(path, csv) {
            eprintln!("mdp_peer: cannot write {}: {e}", path.display());
            std::process::exit(1);
        }
    }
}
