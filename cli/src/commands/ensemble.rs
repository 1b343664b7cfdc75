//! `loadbal ensemble`: the five strategies of Ahn et al. simulated beside the static predictions.

use loadbal::ensemble::{
    Algorithm, EnsembleError, ExtremesMethod, MAX_SIM_PROCESSORS, MAX_SIM_TASKS, MAX_TRAJECTORY_CELLS, MetricsEstimate,
    SimConfig, StaticOptions, StaticPrediction, Torus, adjusted_counts, expected_algebraic_variance, simulate,
    static_prediction,
};
use loadbal::law::{Law, LawError};
use loadbal::montecarlo::{Estimate, McRng, MonteCarlo, stream};
use loadbal_cli::output::{Cell, FormatArgs, Table, table_bytes};
use loadbal_cli::shard::{self, McRunner, ShardArgs};
use loadbal_cli::support::{self as cli, Failure};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The subcommand's name in shard files.
pub const NAME: &str = "ensemble";
/// Most simulated task times one process draws (replications × tasks × configurations).
const MAX_TASK_DRAWS: f64 = 1e11;

const LONG_HELP: &str = "\
Simulates an ensemble of n independent tasks on p processors under the five strategies of Ahn et \
al. (STATIC, MD, AR, RP, NR) and prints, per strategy, the mean over --reps runs of the compute \
times (average, largest, smallest), their root algebraic variance (RAV), the largest and average \
idle times and the balancing steps; the `_sd` columns are the standard deviation of one run (what \
a paper's one-run table compares with). Two more rows give the static predictions: the integral \
(exact extremes) and Chen-Tyler's approximation (Ahn et al., eq. (6a)), or why one is unavailable.

--trajectory ALG prints instead, for one run of ALG, the expected variance (Ahn et al., eq. (9')) \
before and after every balancing step and the realised variance of the remaining times (Figure 5 \
of the paper). --grid FILE sweeps the points of a CSV file (columns n, p, mu, sigma, dist, \
algorithm; absent columns take the flags' values, an absent or empty algorithm means all five), \
one row per point. --dist normal draws from the normal law truncated at 0.";

/// The task-time law of the simulation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dist {
    /// Gamma with the given mean and standard deviation.
    Gamma,
    /// Log-normal with the given mean and standard deviation.
    Lognormal,
    /// Normal truncated at 0 (--mu and --sigma are the parent normal's).
    Normal,
    /// The mutant stand-in: 75 % × 50 s, 25 % × N(458, 145.7²) truncated at 0; simulation and predictions use its
    /// moments (μ = 152.0 s, σ ≈ 191.1 s) and ignore --mu/--sigma.
    Mutant,
}

impl Dist {
    fn name(self) -> &'static str {
        match self {
            Dist::Gamma => "gamma",
            Dist::Lognormal => "lognormal",
            Dist::Normal => "normal",
            Dist::Mutant => "mutant",
        }
    }

    fn parse(s: &str) -> Result<Dist, String> {
        <Dist as clap::ValueEnum>::from_str(s, true)
            .map_err(|_| format!("{s:?} is not one of gamma, lognormal, normal, mutant"))
    }
}

fn algorithm(name: &str) -> Result<Algorithm, String> {
    Algorithm::ALL
        .iter()
        .copied()
        .find(|a| a.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("{name:?} is not one of Static, MD, AR, RP, NR"))
}

/// Simulates the load-balancing strategies of Ahn et al. (STATIC, MD, AR, RP, NR) on an ensemble
/// and compares their idle times with the static predictions.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, after_long_help = LONG_HELP)]
pub struct Args {
    /// Number of tasks n (integer or 1e3 form).
    #[arg(long, default_value = "1000", value_parser = cli::count)]
    n: u64,
    /// Number of processors p (at least 2).
    #[arg(long, default_value = "25", value_parser = cli::count)]
    p: u64,
    /// Mean task time μ_T (seconds).
    #[arg(long, default_value = "488.1", value_parser = cli::non_negative)]
    mu: f64,
    /// Standard deviation of the task time σ_T (seconds).
    #[arg(long, default_value = "116.6", value_parser = cli::positive)]
    sigma: f64,
    /// Task-time law.
    #[arg(long, value_enum, default_value = "gamma")]
    dist: Dist,
    /// Monte Carlo replications per strategy.
    #[arg(long, default_value = "200", value_parser = cli::count)]
    reps: u64,
    /// Seed of the Monte Carlo streams.
    #[arg(long, default_value = "1", value_parser = cli::count)]
    seed: u64,
    /// Print the variance trajectory of one run of this strategy (MD, AR, RP or NR).
    #[arg(long, value_parser = algorithm, conflicts_with_all = ["grid", "shard"])]
    trajectory: Option<Algorithm>,
    /// Sweep the points of this CSV file (columns n, p, mu, sigma, dist, algorithm).
    #[arg(long, value_name = "FILE")]
    grid: Option<PathBuf>,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    format: FormatArgs,
}

/// One simulated configuration.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Point {
    n: u64,
    p: u64,
    mu: f64,
    sigma: f64,
    dist: Dist,
    algorithm: Algorithm,
}

/// Everything a run depends on (a shard file records it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Params {
    seed: u64,
    reps: u64,
    points: Vec<Point>,
}

/// The static predictions of a configuration, or why they are unavailable, and the strategies
/// that cannot run (with the reason).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Predictions {
    integral: Result<StaticPrediction, String>,
    chen_tyler: Result<StaticPrediction, String>,
    unavailable: Vec<Option<String>>,
}

fn predictions(pt: &Point) -> Predictions {
    let ct = StaticOptions { method: ExtremesMethod::ChenTyler, ..StaticOptions::default() };
    let predict = |o: StaticOptions| {
        task_times(pt.dist, pt.mu, pt.sigma)
            .and_then(|law| static_prediction(&law, pt.n, pt.p, o))
            .map_err(|e| e.to_string())
    };
    Predictions { integral: predict(StaticOptions::default()), chen_tyler: predict(ct), unavailable: Vec::new() }
}

/// The stand-in for Ahn et al.'s mutant (their eq. (4b) gives only μ = 152.0 s, σ = 191.1 s):
/// 75 % short tasks of 50 s, 25 % N(458, 145.7²) truncated at 0, which has those moments.
fn mutant() -> Result<Law, LawError> {
    Law::short_or_truncated_normal(0.75, 50.0, 458.0, 145.7)
}

/// The mean and sd the static predictions use, carried by a law (the predictions use only these
/// two moments): --mu/--sigma, or for the mutant the two moments of its mixture before the
/// truncation (a 3.1σ event that moves neither by more than 0.1 %), mean 152.0 s as eq. (4b).
fn task_times(dist: Dist, mu: f64, sigma: f64) -> Result<Law, EnsembleError> {
    let (mean, sd) = match dist {
        Dist::Mutant => {
            let (q, short, m, s) = (0.75, 50.0, 458.0, 145.7);
            let mean = q * short + (1.0 - q) * m;
            let m2 = q * short * short + (1.0f64 - q) * (m * m + s * s);
            (mean, (m2 - mean * mean).sqrt())
        }
        _ => (mu, sigma),
    };
    Ok(Law::normal(mean, sd)?)
}

/// The task-time law of a point, checked.
fn law(pt: &Point) -> Result<Law, String> {
    let e = |e: LawError| format!("--dist {}: {e}", pt.dist.name());
    match pt.dist {
        Dist::Gamma => Law::gamma_mean_sd(pt.mu, pt.sigma),
        Dist::Lognormal => Law::lognormal_mean_sd(pt.mu, pt.sigma),
        Dist::Normal => Law::truncated_normal(pt.mu, pt.sigma),
        Dist::Mutant => mutant(),
    }
    .map_err(e)
}

/// Why a strategy cannot run on a point (NR needs a square torus), if it cannot.
fn unavailable(pt: &Point) -> Option<String> {
    (pt.algorithm == Algorithm::Nr).then(|| Torus::square(pt.p).err()).flatten().map(|e| format!("unavailable: {e}"))
}

/// Checks a point's sizes before anything is allocated.
fn check_point(pt: &Point) -> Result<(), String> {
    if pt.n == 0 {
        return Err("--n 0: the ensemble needs at least one task".to_string());
    }
    if pt.n > MAX_SIM_TASKS {
        return Err(format!("--n {} exceeds the simulator's limit of {MAX_SIM_TASKS} tasks", pt.n));
    }
    if pt.p > MAX_SIM_PROCESSORS {
        return Err(format!("--p {} exceeds the simulator's limit of {MAX_SIM_PROCESSORS} processors", pt.p));
    }
    if pt.p < 2 {
        return Err(format!("--p {} must be at least 2", pt.p));
    }
    law(pt).map(|_| ())
}

/// One line of a `--grid` file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GridLine {
    n: Option<String>,
    p: Option<String>,
    mu: Option<String>,
    sigma: Option<String>,
    dist: Option<String>,
    algorithm: Option<String>,
}

fn grid_points(args: &Args, path: &std::path::Path) -> Result<Vec<Point>, Failure> {
    let mut out = Vec::new();
    for (line, g) in shard::read_grid::<GridLine>(path)? {
        let bad = |e: String| cli::bad_line(path, line as usize, e);
        let pt = Point {
            n: shard::cell_or(&g.n, "n", args.n, cli::count).map_err(bad)?,
            p: shard::cell_or(&g.p, "p", args.p, cli::count).map_err(bad)?,
            mu: shard::cell_or(&g.mu, "mu", args.mu, cli::non_negative).map_err(bad)?,
            sigma: shard::cell_or(&g.sigma, "sigma", args.sigma, cli::positive).map_err(bad)?,
            dist: shard::cell_or(&g.dist, "dist", args.dist, Dist::parse).map_err(bad)?,
            algorithm: Algorithm::Static,
        };
        check_point(&pt).map_err(|e| bad(e.replace("--", "column ")))?;
        match g.algorithm.as_deref().filter(|s| !s.is_empty()) {
            Some(a) => {
                out.push(Point { algorithm: algorithm(a).map_err(|e| bad(format!("column algorithm: {e}")))?, ..pt })
            }
            None => out.extend(Algorithm::ALL.iter().map(|&algorithm| Point { algorithm, ..pt })),
        }
    }
    Ok(out)
}

/// One replication of a point: its ten metrics.
fn replication<'a>(
    d: &'a Law,
    cfg: &'a SimConfig,
) -> impl Fn(u64, &mut McRng, &mut [f64]) -> Result<(), Failure> + Sync + Send + 'a {
    move |i, rng, out| {
        let m = simulate(d, cfg, rng).map_err(|e| Failure::model(&format!("simulation (replication {i})"), e))?;
        out.copy_from_slice(&m.metric_components());
        Ok(())
    }
}

fn config(pt: &Point) -> Result<SimConfig, Failure> {
    Ok(SimConfig::new(pt.n, pt.p, pt.algorithm))
}

fn what(pt: &Point, reps: u64) -> String {
    format!("simulating {} (n = {}, p = {}, {reps} runs)", pt.algorithm.name(), pt.n, pt.p)
}

const METRIC_COLUMNS: [&str; 12] = [
    "avg",
    "max",
    "max_sd",
    "min",
    "min_sd",
    "rav",
    "rav_sd",
    "max_idle",
    "max_idle_sd",
    "avg_idle",
    "avg_idle_sd",
    "steps",
];

fn metric_cells(e: &MetricsEstimate) -> Vec<Cell> {
    let pair = |x: &Estimate| [Cell::Number(x.mean), Cell::Number(x.sd())];
    let mut cells = vec![Cell::Number(e.avg.mean)];
    for x in [&e.max, &e.min, &e.rav, &e.max_idle, &e.avg_idle] {
        cells.extend(pair(x));
    }
    cells.push(Cell::Number(e.steps.mean));
    cells
}

fn prediction_cells(s: &StaticPrediction) -> Vec<Cell> {
    let v = |x: f64| Cell::Number(x);
    vec![
        v(s.mean_x),
        v(s.expected_max),
        Cell::Empty,
        v(s.expected_min),
        Cell::Empty,
        v(s.root_expected_variance),
        Cell::Empty,
        v(s.expected_max_idle),
        Cell::Empty,
        v(s.expected_avg_idle),
        Cell::Empty,
        Cell::Empty,
    ]
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    if args.reps == 0 {
        return Err(Failure::usage("--reps must be at least 1"));
    }
    args.shard.check()?;
    let points = match &args.grid {
        Some(path) => grid_points(&args, path)?,
        None => {
            let pt = Point {
                n: args.n,
                p: args.p,
                mu: args.mu,
                sigma: args.sigma,
                dist: args.dist,
                algorithm: Algorithm::Static,
            };
            check_point(&pt).map_err(Failure::usage)?;
            Algorithm::ALL.iter().map(|&algorithm| Point { algorithm, ..pt }).collect()
        }
    };
    // Task durations of one run per worker thread, twice over (queues and the transfer pool).
    let threads = rayon_threads() as u128;
    let largest = points.iter().map(|p| p.n).max().unwrap_or(0);
    cli::check_memory(&format!("simulating {largest} tasks"), u128::from(largest) * 16 * threads)?;
    if let Some(alg) = args.trajectory {
        return trajectory(&args, alg);
    }
    let params = Params { seed: args.seed, reps: args.reps, points };
    let mc = MonteCarlo::new(args.seed, args.reps).map_err(|e| Failure::usage(format!("--reps: {e}")))?;
    let target = args.shard.target();
    let flag = format!("--reps {}", args.reps);
    if args.grid.is_some() {
        let range = shard::sweep_points(params.points.len() as u64, target.map(|t| t.0));
        let here = &params.points[range.start as usize..range.end as usize];
        let draws: f64 = here.iter().map(|p| p.n as f64 * args.reps as f64).sum();
        cli::check_work(&flag, draws, "simulated task times", MAX_TASK_DRAWS)?;
        let mut columns = vec!["n", "p", "mu", "sigma", "dist", "algorithm"];
        columns.extend(METRIC_COLUMNS);
        columns.extend(["predicted_max", "predicted_min", "predicted_rav", "note"]);
        // One row per point and algorithm, held until printed: a grid of short lines
        // (`100,4` expands to five rows of 27 cells) can need far more than its text.
        let rows = here.len() as u128;
        cli::check_memory(&format!("the grid's table ({rows} rows)"), table_bytes(rows, columns.len()))?;
        let mut table = Table::new(columns);
        // one bar for the sweep, in replications of the points simulated
        let simulated = here.iter().filter(|pt| unavailable(pt).is_none()).count() as u64;
        let bar = cli::progress(simulated.saturating_mul(args.reps), "grid points");
        for pt in here {
            let d = law(pt).map_err(Failure::usage)?;
            let cfg = config(pt)?;
            let why = unavailable(pt);
            let m = match why {
                Some(_) => None,
                None => {
                    let est = shard::estimate_on(
                        &bar,
                        &what(pt, args.reps),
                        mc,
                        MetricsEstimate::COMPONENTS,
                        replication(&d, &cfg),
                    )?;
                    Some(MetricsEstimate::from_estimates(&est).map_err(|e| Failure::model("metrics", e))?)
                }
            };
            let pred = predictions(pt).integral.ok();
            let mut row: Vec<Cell> = vec![
                pt.n.into(),
                pt.p.into(),
                pt.mu.into(),
                pt.sigma.into(),
                pt.dist.name().into(),
                pt.algorithm.name().into(),
            ];
            match &m {
                Some(m) => row.extend(metric_cells(m)),
                None => row.extend(std::iter::repeat_n(Cell::Empty, METRIC_COLUMNS.len())),
            }
            row.extend([
                pred.as_ref().map(|s| s.expected_max).into(),
                pred.as_ref().map(|s| s.expected_min).into(),
                pred.as_ref().map(|s| s.root_expected_variance).into(),
                why.into(),
            ]);
            table.push(row);
        }
        bar.finish_and_clear();
        return shard::finish_sweep(NAME, &params, target, range, params.points.len() as u64, table, args.format);
    }
    let mut runner = McRunner::new(target.map(|t| t.0));
    let draws = runner.replications(&mc) as f64 * args.n as f64 * params.points.len() as f64;
    cli::check_work(&flag, draws, "simulated task times", MAX_TASK_DRAWS)?;
    let mut base = predictions(&params.points[0]);
    for pt in &params.points {
        let why = unavailable(pt);
        if why.is_none() {
            let d = law(pt).map_err(Failure::usage)?;
            let cfg = config(pt)?;
            runner.run(&what(pt, args.reps), mc, MetricsEstimate::COMPONENTS, replication(&d, &cfg))?;
        }
        base.unavailable.push(why);
    }
    shard::finish_mc(NAME, &params, &base, runner, target, args.format, |est| render(&params, &base, est))
}

fn rayon_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The table of a whole run from its predictions and estimates (also `loadbal merge`'s).
pub fn render(params: &Params, base: &Predictions, est: &[Vec<Estimate>]) -> Result<Table, Failure> {
    let mut columns = vec!["strategy"];
    columns.extend(METRIC_COLUMNS);
    columns.push("note");
    let mut table = Table::new(columns);
    let mut est = est.iter();
    for (k, pt) in params.points.iter().enumerate() {
        let mut row: Vec<Cell> = vec![pt.algorithm.name().into()];
        match base.unavailable.get(k).cloned().flatten() {
            Some(why) => {
                row.extend(std::iter::repeat_n(Cell::Empty, METRIC_COLUMNS.len()));
                row.push(why.into());
            }
            None => {
                let e = est.next().ok_or_else(|| Failure::usage("shard files: a strategy's estimate is missing"))?;
                let m = MetricsEstimate::from_estimates(e).map_err(|e| Failure::model("metrics", e))?;
                row.extend(metric_cells(&m));
                row.push(format!("{} runs", m.max.n).into());
            }
        }
        table.push(row);
    }
    for (name, pred) in
        [("static prediction (integral)", &base.integral), ("static prediction (Chen-Tyler)", &base.chen_tyler)]
    {
        let mut row: Vec<Cell> = vec![name.into()];
        match pred {
            Ok(s) => {
                row.extend(prediction_cells(s));
                row.push(Cell::Empty);
            }
            Err(e) => {
                row.extend(std::iter::repeat_n(Cell::Empty, METRIC_COLUMNS.len()));
                row.push(format!("unavailable: {e}").into());
            }
        }
        table.push(row);
    }
    Ok(table)
}

fn trajectory(args: &Args, alg: Algorithm) -> Result<(), Failure> {
    let pt = Point { n: args.n, p: args.p, mu: args.mu, sigma: args.sigma, dist: args.dist, algorithm: alg };
    if let Some(why) = unavailable(&pt) {
        return Err(Failure::usage(format!("--trajectory {}: {why}", alg.name())));
    }
    let cells = u128::from(args.n) * u128::from(args.p);
    if cells > u128::from(MAX_TRAJECTORY_CELLS) {
        return Err(Failure::usage(format!(
            "--trajectory with --n {} --p {}: {cells} task cells to record, more than {MAX_TRAJECTORY_CELLS}",
            args.n, args.p
        )));
    }
    let d = law(&pt).map_err(Failure::usage)?;
    let mut cfg = config(&pt)?;
    cfg.record_trajectory = true;
    let model = |e: EnsembleError| Failure::model("simulation", e);
    let bar = cli::spinner(&format!("simulating one run of {}", alg.name()));
    let run = simulate(&d, &cfg, &mut stream(args.seed, 0)).map_err(model)?;
    bar.finish_and_clear();
    let mut table = Table::new([
        "time",
        "idle",
        "expected_variance_before",
        "expected_variance_after",
        "realised_variance_before",
        "realised_variance_after",
        "final_rav",
    ]);
    let var = |x: &[f64]| {
        let m = x.iter().sum::<f64>() / x.len() as f64;
        x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (x.len() as f64 - 1.0)
    };
    let steps = run.trajectory.len();
    for (k, s) in run.trajectory.iter().enumerate() {
        let n_run = s.running.iter().filter(|&&b| b).count();
        let expected = |counts: &[u64]| -> Result<f64, Failure> {
            let adjusted = adjusted_counts(counts, &s.running).map_err(model)?;
            let law = task_times(args.dist, args.mu, args.sigma).map_err(model)?;
            expected_algebraic_variance(&law, &adjusted, n_run).map_err(model)
        };
        table.push(vec![
            s.time.into(),
            (s.idle as u64).into(),
            expected(&s.counts_before)?.into(),
            expected(&s.counts_after)?.into(),
            var(&s.remaining_before).into(),
            var(&s.remaining_after).into(),
            (k + 1 == steps).then_some(run.metrics.rav).into(),
        ]);
    }
    table.print(args.format.format())
}
