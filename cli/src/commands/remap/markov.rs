//! `loadbal remap markov`: optimal remap-or-continue policies of Markov workloads (Yin et al.).

use super::choices::{Norm, Target};
use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::remap::markov::{MarkovError, PolicySimulation, RemapProblem, WorkloadChain};
use loadbal::remap::mdp::{Algorithm, Options, Sweep, Termination};
use loadbal_cli::output::{Cell, FormatArgs, Table, table_bytes};
use loadbal_cli::shard::{self, McRunner, ShardArgs};
use loadbal_cli::support::{self as cli, Failure};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The subcommand's name in shard files.
pub const NAME: &str = "remap markov";
/// Chains of at most this many states also report value iteration's iteration counts.
pub const VI_MAX_STATES: usize = 20_000;
/// Most iterations of the value-iteration diagnostic.
const VI_MAX_ITERS: usize = 1_000_000;
/// Most Monte Carlo replications (over all remap costs) one process runs.
const MAX_REPLICATIONS: f64 = 1e9;
/// Rows of the exchangeable chain are at most this long when estimating memory.
const ROW_BOUND: f64 = 3.0;
/// `--reps auto`: replications such that a bound on the simulated steps stays within this…
const AUTO_STEP_BUDGET: f64 = 2e6;
/// …but at least this many…
const AUTO_MIN_REPS: u64 = 10;
/// …and at most this many.
const AUTO_MAX_REPS: u64 = 20_000;
/// The library truncates one simulated run after this many steps.
const MAX_RUN_STEPS: f64 = 1e7;

/// `--reps`: a count, or `auto`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reps {
    /// Sized from the solution (see [`AUTO_STEP_BUDGET`]).
    Auto,
    /// This many replications per remap cost (0 skips the check).
    Fixed(u64),
}

fn parse_reps(s: &str) -> Result<Reps, String> {
    if s.trim().eq_ignore_ascii_case("auto") { Ok(Reps::Auto) } else { cli::count(s).map(Reps::Fixed) }
}

const LONG_HELP: &str = "\
r independent processes each follow a reflecting random walk on the load levels 0, 1, ..., L-1; \
at every step the system either continues (paying the imbalance of the current loads) or remaps \
(paying eta and jumping to the --target law) until it reaches a balanced state (Yin et al., \
eq. (10)). For every remap cost eta the command solves the optimal policy by policy iteration and \
prints: the number of remapping states, the policy-iteration rounds, value iteration's iteration \
counts at tolerances 1e-2 and 1e-6 (for chains of at most 20,000 states; empty above, and \
empty with a note on standard error where 10^6 iterations do not reach the tolerance), the \
residual, and a Monte Carlo check of the optimal cost from the most imbalanced state (its exact \
value beside the simulated mean and standard error over mc_reps runs; --reps 0 skips it).

One simulated run takes as many steps as the policy needs to reach balance, which can be 10^5 or \
more on large chains. --reps auto (the default) therefore sizes the check from the solution: as \
many runs as keep (value of the start state) / (smallest cost of a step) x runs, a bound on the \
simulated steps, within 2 x 10^6, but at least 10 and at most 20,000 runs.

The defaults are the paper's section 5 example (Figures 4 and 5). The chain is sparse: 3 processes \
x 100 levels (10^6 states) solves in seconds; --exchangeable solves r identical processes on \
sorted load vectors (C(L + r - 1, r) states), e.g. --processes 8 --levels 10 (24,310 states). \
--states prints every state's decision and optimal value instead of the summary. --grid FILE \
sweeps the points of a CSV file (columns processes, levels, eta, target, imbalance, exchangeable; \
absent columns take the flags' values), one row per point.";

/// Optimal remap-or-continue policies (Yin et al.) of independent reflecting random walks, with a
/// Monte Carlo check.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, after_long_help = LONG_HELP)]
pub struct Args {
    /// Number of processes r (1 to 64).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    processes: u64,
    /// Load levels per process (0, 1, ..., levels − 1; 2 to 65535).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u64).range(2..=65_535))]
    levels: u64,
    /// Remap costs η, comma separated.
    #[arg(long, value_parser = cli::finite, value_delimiter = ',', default_value = "1,2,3,4,5,6,7,8,9,10,11,12,13")]
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
    /// Monte Carlo replications per remap cost: a count (0 skips the check) or auto (sized from
    /// the solution, 10 to 20,000).
    #[arg(long, value_parser = parse_reps, default_value = "auto")]
    reps: Reps,
    /// Monte Carlo seed.
    #[arg(long, default_value = "1", value_parser = cli::count)]
    seed: u64,
    /// Print every state's decision and optimal value (one row per remap cost and state) instead
    /// of the summary; no Monte Carlo.
    #[arg(long, conflicts_with_all = ["grid", "shard"])]
    states: bool,
    /// Sweep the points of this CSV file (columns processes, levels, eta, target, imbalance,
    /// exchangeable).
    #[arg(long, value_name = "FILE")]
    grid: Option<PathBuf>,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    format: FormatArgs,
}

/// One chain and remap cost.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Point {
    processes: u64,
    levels: u64,
    exchangeable: bool,
    target: Target,
    imbalance: Norm,
    eta: f64,
}

impl Point {
    fn chain_key(&self) -> (u64, u64, bool) {
        (self.processes, self.levels, self.exchangeable)
    }
}

/// Everything a run depends on (a shard file records it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Params {
    seed: u64,
    reps: Reps,
    points: Vec<Point>,
}

/// What the solver gives for one point (the deterministic part of a row).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Solved {
    states: u64,
    remap_count: u64,
    pi_rounds: u64,
    /// Value iteration's iterations to each tolerance (`None` where it did not reach it).
    vi_iterations: Option<(Option<u64>, Option<u64>)>,
    residual: f64,
    start: Vec<f64>,
    start_value: f64,
    mc_reps: u64,
}

fn states_of(p: &Point) -> f64 {
    let (r, l) = (p.processes as f64, p.levels as f64);
    if p.exchangeable {
        // C(L + r − 1, r)
        (1..=p.processes).fold(1.0, |acc, k| acc * (l - 1.0 + k as f64) / k as f64)
    } else {
        l.powf(r)
    }
}

/// Refuses a chain whose solution would not fit in memory, before building it.
fn check_chain(p: &Point, flags: &str) -> Result<(), Failure> {
    let states = states_of(p);
    // Loads, the continue kernel (12 bytes per entry, at most 3^r entries per row, and no more
    // than states), values and policies; twice (the chain and the problem's copy).
    let row = ROW_BOUND.powf(p.processes as f64).min(states);
    let bytes = 2.0 * states * (8.0 * p.processes as f64 + 12.0 * row + 120.0);
    cli::check_memory(&format!("{flags} ({} states)", cli_number(states)), bytes.min(u128::MAX as f64) as u128)
}

fn cli_number(x: f64) -> String {
    loadbal_cli::output::number(x)
}

fn build_chain(p: &Point) -> Result<WorkloadChain, Failure> {
    let (r, l) = (p.processes, p.levels);
    let bar = cli::spinner(&format!("building the chain of {r} processes × {l} levels"));
    let chain =
        if p.exchangeable { WorkloadChain::reflecting_exchangeable(l, r) } else { WorkloadChain::reflecting(l, r) }
            .map_err(|e| Failure::usage(format!("--processes {r} --levels {l}: {e}")))?;
    bar.finish_and_clear();
    Ok(chain)
}

/// One point solved: its row's values, and what the Monte Carlo check and `--states` need.
struct Solution {
    solved: Solved,
    /// The simulation of the optimal policy from the most imbalanced state (it owns the problem
    /// and the policy).
    simulation: PolicySimulation,
    values: Vec<f64>,
}

/// Solves one point.
fn solve(chain: &WorkloadChain, p: &Point, reps: Reps, label: &str) -> Result<Solution, Failure> {
    let eta = p.eta;
    let bar = cli::spinner(&format!("{label}: building the problem"));
    let problem =
        RemapProblem::new(chain.clone(), &p.imbalance.to_imbalance(), eta, &p.target.to_target()).map_err(|e| {
            // A chain without balanced and imbalanced states comes from its sizes, not from η.
            let flags = match e {
                MarkovError::Degenerate(_) => format!("--processes {} --levels {}", p.processes, p.levels),
                MarkovError::AbsorptionUnresolved { .. } => {
                    format!("--processes {} --levels {} --target {}", p.processes, p.levels, p.target.name())
                }
                _ => format!("--etas {eta}"),
            };
            Failure::usage(format!("{flags}: {e}"))
        })?;
    bar.set_message(format!("{label}: policy iteration"));
    let pi = problem
        .solve_relaxed(Algorithm::PolicyIteration, &Options::default())
        .map_err(|e| Failure::model("policy iteration", e))?;
    if pi.termination != Termination::PolicyStable {
        return Err(Failure::failed(format!(
            "policy iteration: eta {eta}: the policy did not stabilise within {} rounds",
            pi.iterations
        )));
    }
    let n = chain.states();
    let vi_iterations = if n <= VI_MAX_STATES {
        bar.set_message(format!("{label}: value iteration"));
        let vi = |tol| {
            problem
                .solve_relaxed(
                    Algorithm::ValueIteration,
                    &Options { tol, max_iters: VI_MAX_ITERS, sweep: Sweep::Jacobi, ..Options::default() },
                )
                .map(|s| {
                    // An iteration count only where the tolerance was reached; the limit is not one.
                    if s.termination == Termination::ToleranceReached {
                        Some(s.iterations as u64)
                    } else {
                        eprintln!(
                            "loadbal: note: eta {eta}: value iteration did not reach tolerance {tol:e} within \
                             {VI_MAX_ITERS} iterations; its column is left empty"
                        );
                        None
                    }
                })
                .map_err(|e| Failure::model("value iteration", e))
        };
        Some((vi(1e-2)?, vi(1e-6)?))
    } else {
        None
    };
    bar.finish_and_clear();
    // The Monte Carlo check starts from the most imbalanced state.
    let cost = problem.run_cost();
    let start = (0..n).max_by(|&a, &b| cost[a].total_cmp(&cost[b])).unwrap_or(0);
    let mc_reps = match reps {
        Reps::Fixed(r) => r,
        Reps::Auto => {
            // A bound on one run's steps: its expected cost over the cheapest step (the library
            // truncates a run at MAX_RUN_STEPS).
            let cheapest = (0..n)
                .filter(|&s| chain.is_balanced(s) == Some(false))
                .map(|s| if pi.remap[s] { eta } else { cost[s] })
                .fold(f64::INFINITY, f64::min);
            let steps =
                if cheapest > 0.0 { (pi.values[start] / cheapest).clamp(1.0, MAX_RUN_STEPS) } else { MAX_RUN_STEPS };
            ((AUTO_STEP_BUDGET / steps) as u64).clamp(AUTO_MIN_REPS, AUTO_MAX_REPS)
        }
    };
    let solved = Solved {
        states: n as u64,
        remap_count: pi.remap.iter().filter(|&&x| x).count() as u64,
        pi_rounds: pi.iterations as u64,
        vi_iterations,
        residual: pi.residual,
        start: chain.load(start).unwrap_or_default().to_vec(),
        start_value: pi.values[start],
        mc_reps,
    };
    let simulation = PolicySimulation::new(problem, pi.remap, start).map_err(|e| Failure::model("Monte Carlo", e))?;
    Ok(Solution { solved, simulation, values: pi.values })
}

fn summary_columns() -> Vec<&'static str> {
    vec![
        "eta",
        "states",
        "remap_count",
        "pi_rounds",
        "vi_iterations_1e-2",
        "vi_iterations_1e-6",
        "residual",
        "mc_start",
        "mc_start_value",
        "mc_reps",
        "mc_mean",
        "mc_std_err",
    ]
}

fn summary_cells(p: &Point, s: &Solved, mc: Option<&Estimate>) -> Vec<Cell> {
    let loads: Vec<String> = s.start.iter().map(|x| x.to_string()).collect();
    vec![
        p.eta.into(),
        s.states.into(),
        s.remap_count.into(),
        s.pi_rounds.into(),
        s.vi_iterations.and_then(|v| v.0).into(),
        s.vi_iterations.and_then(|v| v.1).into(),
        s.residual.into(),
        format!("({})", loads.join(", ")).into(),
        s.start_value.into(),
        s.mc_reps.into(),
        mc.map(|e| e.mean).into(),
        mc.map(|e| e.std_err).into(),
    ]
}

/// One line of a `--grid` file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GridLine {
    processes: Option<String>,
    levels: Option<String>,
    eta: Option<String>,
    target: Option<String>,
    imbalance: Option<String>,
    exchangeable: Option<String>,
}

fn in_range(lo: u64, hi: u64) -> impl Fn(&str) -> Result<u64, String> {
    move |s| {
        let n = cli::count(s)?;
        if (lo..=hi).contains(&n) { Ok(n) } else { Err(format!("{n} is not in {lo}..={hi}")) }
    }
}

fn value_enum<T: clap::ValueEnum>(s: &str) -> Result<T, String> {
    T::from_str(s, true).map_err(|e| format!("{s:?}: {e}"))
}

fn boolean(s: &str) -> Result<bool, String> {
    match s.to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Ok(true),
        "false" | "0" | "no" => Ok(false),
        _ => Err(format!("{s:?} is not true or false")),
    }
}

fn grid_points(args: &Args, path: &Path) -> Result<Vec<Point>, Failure> {
    let mut out = Vec::new();
    let eta0 = args.etas.first().copied().unwrap_or(1.0);
    for (line, g) in shard::read_grid::<GridLine>(path)? {
        let bad = |e: String| cli::bad_line(path, line as usize, e);
        let p = Point {
            processes: shard::cell_or(&g.processes, "processes", args.processes, in_range(1, 64)).map_err(bad)?,
            levels: shard::cell_or(&g.levels, "levels", args.levels, in_range(2, 65_535)).map_err(bad)?,
            exchangeable: shard::cell_or(&g.exchangeable, "exchangeable", args.exchangeable, boolean).map_err(bad)?,
            target: shard::cell_or(&g.target, "target", args.target, value_enum).map_err(bad)?,
            imbalance: shard::cell_or(&g.imbalance, "imbalance", args.imbalance, value_enum).map_err(bad)?,
            eta: shard::cell_or(&g.eta, "eta", eta0, cli::finite).map_err(bad)?,
        };
        if p.eta < 0.0 {
            return Err(bad(format!("column eta: {} is negative", p.eta)));
        }
        check_chain(&p, &format!("line {line}")).map_err(|e| bad(e.to_string()))?;
        out.push(p);
    }
    Ok(out)
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    args.shard.check()?;
    let points: Vec<Point> = match &args.grid {
        Some(path) => grid_points(&args, path)?,
        None => args
            .etas
            .iter()
            .map(|&eta| Point {
                processes: args.processes,
                levels: args.levels,
                exchangeable: args.exchangeable,
                target: args.target,
                imbalance: args.imbalance,
                eta,
            })
            .collect(),
    };
    if let Some(p) = points.first().filter(|_| args.grid.is_none()) {
        check_chain(p, &format!("--processes {} --levels {}", p.processes, p.levels))?;
    }
    let params = Params { seed: args.seed, reps: args.reps, points };
    let target = args.shard.target();
    let flag = match args.reps {
        Reps::Auto => "--reps auto".to_string(),
        Reps::Fixed(r) => format!("--reps {r}"),
    };
    let max_reps = match args.reps {
        Reps::Auto => AUTO_MAX_REPS,
        Reps::Fixed(r) => r,
    };
    if args.states {
        return states_table(&params, args.format);
    }
    if args.grid.is_some() {
        let range = shard::sweep_points(params.points.len() as u64, target.map(|t| t.0));
        let here = &params.points[range.start as usize..range.end as usize];
        cli::check_work(&flag, max_reps as f64 * here.len() as f64, "replications", MAX_REPLICATIONS)?;
        let mut columns = vec!["processes", "levels", "exchangeable", "target", "imbalance"];
        columns.extend(summary_columns());
        let rows = here.len() as u128;
        cli::check_memory(&format!("the grid's table ({rows} rows)"), table_bytes(rows, columns.len()))?;
        let mut table = Table::new(columns);
        let mut cache: Option<((u64, u64, bool), WorkloadChain)> = None;
        for (k, p) in here.iter().enumerate() {
            let chain = match cache.take() {
                Some((key, chain)) if key == p.chain_key() => chain,
                _ => build_chain(p)?,
            };
            let label = format!("point {}/{} (η = {})", k + 1, here.len(), p.eta);
            let sol = solve(&chain, p, params.reps, &label)?;
            let solved = &sol.solved;
            let est = match MonteCarlo::new(params.seed, solved.mc_reps).ok() {
                Some(mc) => {
                    let sim = &sol.simulation;
                    Some(shard::estimate(&format!("{label}: Monte Carlo check"), mc, 1, |_, rng, out| {
                        out[0] = sim.sample(rng);
                        Ok(())
                    })?)
                }
                None => None,
            };
            let mut row: Vec<Cell> = vec![
                p.processes.into(),
                p.levels.into(),
                p.exchangeable.to_string().into(),
                p.target.name().into(),
                p.imbalance.name().into(),
            ];
            row.extend(summary_cells(p, solved, est.as_ref().and_then(|e| e.first())));
            table.push(row);
            cache = Some((p.chain_key(), chain));
        }
        return shard::finish_sweep(NAME, &params, target, range, params.points.len() as u64, table, args.format);
    }
    let mut runner = McRunner::new(target.map(|t| t.0));
    if let Ok(mc) = MonteCarlo::new(args.seed, max_reps) {
        let here = runner.replications(&mc) as f64 * params.points.len() as f64;
        cli::check_work(&flag, here, "replications", MAX_REPLICATIONS)?;
    }
    let Some(first) = params.points.first() else {
        return Err(Failure::usage("--etas: no remap cost given"));
    };
    let chain = build_chain(first)?;
    let mut base = Vec::with_capacity(params.points.len());
    for (k, p) in params.points.iter().enumerate() {
        let label = format!("η = {} ({}/{})", p.eta, k + 1, params.points.len());
        let sol = solve(&chain, p, params.reps, &label)?;
        if let Ok(mc) = MonteCarlo::new(params.seed, sol.solved.mc_reps) {
            let sim = &sol.simulation;
            runner.run(&format!("{label}: Monte Carlo check"), mc, 1, |_, rng, out| {
                out[0] = sim.sample(rng);
                Ok(())
            })?;
        }
        base.push(sol.solved);
    }
    shard::finish_mc(NAME, &params, &base, runner, target, args.format, |est| render(&params, &base, est))
}

/// The table of a whole run from the solutions and the estimates (also `loadbal merge`'s).
pub fn render(params: &Params, base: &[Solved], est: &[Vec<Estimate>]) -> Result<Table, Failure> {
    let checked = base.iter().filter(|s| s.mc_reps > 0).count();
    if est.len() != checked {
        return Err(Failure::usage("shard files: one estimate per Monte Carlo check expected"));
    }
    let mut table = Table::new(summary_columns());
    let mut est = est.iter();
    for (p, s) in params.points.iter().zip(base) {
        let e = if s.mc_reps > 0 { est.next().and_then(|e| e.first()) } else { None };
        table.push(summary_cells(p, s, e));
    }
    Ok(table)
}

/// `--states`: every state's decision and optimal value, per remap cost.
fn states_table(params: &Params, format: FormatArgs) -> Result<(), Failure> {
    let Some(first) = params.points.first() else {
        return Err(Failure::usage("--etas: no remap cost given"));
    };
    let r = first.processes as usize;
    let rows = states_of(first) * params.points.len() as f64;
    // Each cell of the table takes about 40 bytes until it is printed.
    cli::check_memory("--states (the table of every state)", (rows * (r as f64 + 3.0) * 40.0) as u128)?;
    let chain = build_chain(first)?;
    let mut columns = vec!["eta".to_string()];
    columns.extend((1..=r).map(|k| format!("load_{k}")));
    columns.extend(["remap".to_string(), "value".to_string()]);
    let mut table = Table::new(columns);
    for (k, p) in params.points.iter().enumerate() {
        let label = format!("η = {} ({}/{})", p.eta, k + 1, params.points.len());
        let Solution { simulation, values, .. } = solve(&chain, p, Reps::Fixed(0), &label)?;
        let remap = simulation.remap();
        for s in 0..chain.states() {
            let mut row: Vec<Cell> = vec![p.eta.into()];
            row.extend(chain.load(s).unwrap_or_default().iter().map(|&x| Cell::Number(x)));
            row.push(u64::from(remap[s]).into());
            row.push(values[s].into());
            table.push(row);
        }
    }
    table.print(format.format())
}
