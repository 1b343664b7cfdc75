//! Yin et al.: the optimal remap set for `r` independent copies of your own per-process workload
//! chain, read from a CSV file. Prints one CSV line per imbalanced state: the loads, whether to
//! remap, and the optimal expected total cost until balance.
//!
//! ```text
//! cargo run --release --example remap_csv -- examples/data/remap_chain.csv --processes 3 --eta 20
//! ```
//!
//! Input: one line per load level, `load,p_1,...,p_L`: the level's load and its probabilities of
//! moving to each level, in the order of the lines (each row sums to 1). Lines starting with `#`
//! and a first line that does not start with a number (a header) are skipped. With identical
//! processes and a symmetric running cost the problem is solved on sorted load vectors
//! (exchangeable state space) unless `--product` is given; both give the same remap set.

use loadbal::remap::markov::{Method, RemapProblem, WorkloadChain};
use loadbal::remap::mdp::DMatrix;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[path = "common/cli.rs"]
mod cli;
#[path = "common/remap.rs"]
mod remap;
use cli::Failure;
use remap::{Norm, Target};

/// Optimal remap set (Yin et al.) for r copies of a per-process chain given as CSV.
#[derive(clap::Parser)]
#[command(version)]
struct Cli {
    /// Per-process chain: lines `load,p_1,...,p_L`.
    chain: PathBuf,
    /// Number of processes r.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    processes: u64,
    /// Remap cost η (≥ 0).
    #[arg(long, value_parser = cli::non_negative, allow_negative_numbers = true, default_value = "5")]
    eta: f64,
    /// Where a remap sends the workload: a uniformly random load vector, or a balanced state.
    #[arg(long, value_enum, default_value_t = Target::Uniform)]
    target: Target,
    /// Running cost: max-norm (Yin et al., eq. (4)) or 2-norm (eq. (5)) of the deviation from the mean.
    #[arg(long, value_enum, default_value_t = Norm::Max)]
    imbalance: Norm,
    /// Solve on the full product space (L^r states) instead of sorted load vectors.
    #[arg(long)]
    product: bool,
    /// Print only the states that remap.
    #[arg(long)]
    only_remap: bool,
}

/// Levels and transition rows read from the file, with the line number of each row.
struct Parsed {
    loads: Vec<f64>,
    rows: Vec<Vec<f64>>,
    lines: Vec<usize>,
}

fn parse(path: &Path, text: &str) -> Result<Parsed, Failure> {
    let mut p = Parsed { loads: Vec::new(), rows: Vec::new(), lines: Vec::new() };
    let mut header = false;
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = t.split(',').map(str::trim).collect();
        if p.rows.is_empty() && !header && fields[0].parse::<f64>().is_err() {
            header = true;
            continue;
        }
        let mut nums = Vec::with_capacity(fields.len());
        for f in &fields {
            let x = cli::finite(f).map_err(|e| cli::bad_line(path, line, e))?;
            nums.push(x);
        }
        p.loads.push(nums[0]);
        p.rows.push(nums[1..].to_vec());
        p.lines.push(line);
    }
    let n = p.rows.len();
    if n < 2 {
        return Err(Failure::usage(format!("{}: needs at least two load levels, found {n}", path.display())));
    }
    for (row, &line) in p.rows.iter().zip(&p.lines) {
        if row.len() != n {
            return Err(cli::bad_line(
                path,
                line,
                format!("expected {} probabilities (one per level), got {}", n, row.len()),
            ));
        }
        if let Some(x) = row.iter().find(|&&x| x < 0.0) {
            return Err(cli::bad_line(path, line, format!("negative probability {x}")));
        }
        let sum: f64 = row.iter().sum();
        if (sum - 1.0).abs() > 1e-9 {
            return Err(cli::bad_line(path, line, format!("probabilities sum to {sum}, not 1")));
        }
    }
    if let Some(k) = (1..n).find(|&k| p.loads[..k].contains(&p.loads[k])) {
        return Err(cli::bad_line(path, p.lines[k], format!("load {} appears twice", p.loads[k])));
    }
    Ok(p)
}

fn run(cli: &Cli) -> Result<(), Failure> {
    let text = cli::read_input(&cli.chain)?;
    let parsed = parse(&cli.chain, &text)?;
    let l = parsed.loads.len();
    let r = cli.processes as usize;
    let product_states = (l as f64).powi(r as i32);
    let exchangeable_states = (1..=r).fold(1.0, |acc, k| acc * (l - 1 + k) as f64 / k as f64);
    let states = if cli.product { product_states } else { exchangeable_states };
    let row = 3f64.powi(r as i32).min(states).max(l as f64);
    cli::check_memory("this chain", (states * (12.0 * row + 8.0 * r as f64 + 120.0)) as u128)?;
    let q = DMatrix::from_fn(l, l, |i, j| parsed.rows[i][j]);
    let single = WorkloadChain::single(&parsed.loads, q.clone())
        .map_err(|e| Failure::usage(format!("{}: {e}", cli.chain.display())))?;
    let chain = if cli.product {
        WorkloadChain::product(&vec![single; r])
    } else {
        WorkloadChain::exchangeable(&parsed.loads, q, r)
    }
    .map_err(|e| Failure::usage(format!("--processes {r}: {e}")))?;
    let target = cli.target.to_target();
    let imbalance = cli.imbalance.to_imbalance();
    let problem =
        RemapProblem::new(chain, &imbalance, cli.eta, &target).map_err(|e| Failure::model("remap problem", e))?;
    let sol = problem.solve_relaxed(Method::PolicyIteration).map_err(|e| Failure::model("policy iteration", e))?;
    let chain = problem.chain();
    let header: Vec<String> = (1..=r).map(|k| format!("load_{k}")).collect();
    println!("{},remap,value", header.join(","));
    for s in 0..chain.states() {
        if chain.is_balanced(s) || (cli.only_remap && !sol.remap[s]) {
            continue;
        }
        let loads: Vec<String> = chain.load(s).iter().map(f64::to_string).collect();
        println!("{},{},{}", loads.join(","), u8::from(sol.remap[s]), sol.values[s]);
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Cli = cli::parse("remap_csv");
    cli::exit("remap_csv", run(&args))
}
