//! `loadbal remap csv`: the optimal remap set for r copies of a per-process chain read from CSV.

use super::choices::{Norm, Target};
use loadbal::remap::markov::{RemapProblem, WorkloadChain};
use loadbal::remap::mdp::DMatrix;
use loadbal::remap::mdp::{Algorithm, Options};
use loadbal_cli::output::{Cell, FormatArgs, Table};
use loadbal_cli::support::{self as cli, Failure};
use std::path::{Path, PathBuf};

const LONG_HELP: &str = "\
Prints one row per imbalanced state of r independent copies of your per-process workload chain: \
the loads, whether to remap (1) or continue (0), and the optimal expected total cost until balance \
(Yin et al.).

Input: one line per load level, `load,p_1,...,p_L`: the level's load and its probabilities of \
moving to each level, in the order of the lines (each row sums to 1). Lines starting with `#` and \
a first line that does not start with a number (a header) are skipped. With identical processes \
and a symmetric running cost the problem is solved on sorted load vectors (exchangeable state \
space) unless --product is given; both give the same remap set.";

/// The optimal remap set (Yin et al.) for r copies of a per-process workload chain given as CSV.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, after_long_help = LONG_HELP)]
pub struct Args {
    /// Per-process chain: lines `load,p_1,...,p_L`.
    #[arg(value_name = "CHAIN")]
    chain: Option<PathBuf>,
    /// Number of processes r (1 to 64).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    processes: u64,
    /// Remap cost η (≥ 0).
    #[arg(long, value_parser = cli::non_negative, default_value = "5")]
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
    #[command(flatten)]
    format: FormatArgs,
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
            nums.push(cli::finite(f).map_err(|e| cli::bad_line(path, line, e))?);
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

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    let Some(path) = &args.chain else {
        return Err(Failure::usage(
            "remap csv: the CHAIN argument is missing: give the per-process chain as a CSV file (see --help)",
        ));
    };
    if let Ok(meta) = std::fs::metadata(path) {
        // The text, its fields and the L × L matrix.
        cli::check_memory(&format!("reading {}", path.display()), u128::from(meta.len()) * 8)?;
    }
    let text = cli::read_input(path)?;
    let parsed = parse(path, &text)?;
    let l = parsed.loads.len();
    let r = args.processes as usize;
    let product_states = (l as f64).powi(r as i32);
    let exchangeable_states = (1..=r).fold(1.0, |acc, k| acc * (l - 1 + k) as f64 / k as f64);
    let states = if args.product { product_states } else { exchangeable_states };
    let row = 3f64.powi(r as i32).min(states).max(l as f64);
    // The chain, the problem's copy, the solution and the printed table.
    let bytes = states * (2.0 * (12.0 * row + 8.0 * r as f64 + 120.0) + 40.0 * (r as f64 + 2.0));
    cli::check_memory(&format!("--processes {r} on {l} levels"), bytes.min(u128::MAX as f64) as u128)?;
    cli::check_memory(&format!("{} ({l} levels)", path.display()), (l * l) as u128 * 8)?;
    let q = DMatrix::from_fn(l, l, |i, j| parsed.rows[i][j]);
    let single = WorkloadChain::single(&parsed.loads, q.clone())
        .map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
    let bar = cli::spinner(&format!("solving {} states", loadbal_cli::output::number(states)));
    let chain = if args.product {
        WorkloadChain::product(&vec![single; r])
    } else {
        WorkloadChain::exchangeable(&parsed.loads, q, args.processes)
    }
    .map_err(|e| Failure::usage(format!("--processes {r}: {e}")))?;
    let problem = RemapProblem::new(chain, &args.imbalance.to_imbalance(), args.eta, &args.target.to_target())
        .map_err(|e| Failure::model("remap problem", e))?;
    let sol = problem
        .solve_relaxed(Algorithm::PolicyIteration, &Options::default())
        .map_err(|e| Failure::model("policy iteration", e))?;
    bar.finish_and_clear();
    let chain = problem.chain();
    let mut columns: Vec<String> = (1..=r).map(|k| format!("load_{k}")).collect();
    columns.extend(["remap".to_string(), "value".to_string()]);
    let mut table = Table::new(columns);
    for s in 0..chain.states() {
        if chain.is_balanced(s) == Some(true) || (args.only_remap && !sol.remap[s]) {
            continue;
        }
        let mut row: Vec<Cell> = chain.load(s).unwrap_or_default().iter().map(|&x| Cell::Number(x)).collect();
        row.push(u64::from(sol.remap[s]).into());
        row.push(sol.values[s].into());
        table.push(row);
    }
    table.print(args.format.format())
}
