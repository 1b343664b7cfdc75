//! `loadbal order-stats`: exact expected extremes of n i.i.d. times against Monte Carlo.

use loadbal::law::{Law, LawSpec};
use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::order_stats::{
    IidLaw, chen_tyler, expected_max_iid, expected_max_std_normal, expected_min_iid, order_stat_moments_iid,
};
use loadbal::rand::Rng;
use loadbal_cli::output::{Cell, FormatArgs, Table, table_bytes};
use loadbal_cli::shard::{self, McRunner, ShardArgs};
use loadbal_cli::support::{self as cli, Failure};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Largest number of Monte Carlo replications per sample size one process runs.
const MAX_REPLICATIONS: u64 = 100_000_000;
/// Largest number of draws one process makes over all sample sizes.
const MAX_DRAWS: f64 = 1e10;
/// Largest sample size.
const MAX_N: u64 = 1_000_000_000;
/// The subcommand's name in shard files.
pub const NAME: &str = "order-stats";

const LONG_HELP: &str = "\
Prints, for n = 2..20 then four sample sizes per decade up to --max-n (or for the (law, n) points \
of a --grid file): the exact expected maximum and minimum of n i.i.d. times and the maximum's \
standard deviation (empty where the law has no second moment), against a Monte Carlo estimate of \
the maximum with its standard error; for the standard normal law also the Chen–Tyler \
approximation of E[max] (Ahn et al., eq. (6a)) and its relative error.

The Monte Carlo draws the maximum directly by inversion, F^-1(U^(1/n)), so n = 10^9 costs no \
more than n = 2.";

/// Expected order statistics of n i.i.d. processor times: the exact expected maximum and minimum
/// against Monte Carlo (and Chen–Tyler for the standard normal).
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, after_long_help = LONG_HELP)]
pub struct Args {
    /// The law of one time: normal:MU,SIGMA, exponential:RATE, gamma:SHAPE,RATE,
    /// lognormal:MU,SIGMA, weibull:SHAPE,SCALE, pareto:SCALE,SHAPE or uniform:MIN,MAX.
    #[arg(long, default_value = "normal:0,1", value_parser = parse_law)]
    law: Law,
    /// Monte Carlo replications per sample size (1 to 1e8 per process; more with --shard).
    #[arg(long, default_value = "20000", value_parser = cli::count)]
    replications: u64,
    /// Seed of the Monte Carlo streams.
    #[arg(long, default_value = "1", value_parser = cli::count)]
    seed: u64,
    /// Largest sample size n (2 to 1e9); sizes run 2..20, then four per decade.
    #[arg(long, default_value = "1e6", value_parser = cli::count)]
    max_n: u64,
    /// Sweep the points of this CSV file instead: a header line with columns `n` and optionally
    /// `law` (e.g. `"gamma:2,1"`, quoted; --law when absent), one point per line.
    #[arg(long, value_name = "FILE")]
    grid: Option<PathBuf>,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    format: FormatArgs,
}

/// Everything a run depends on (a shard file records it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Params {
    seed: u64,
    replications: u64,
    /// The (law, n) points, in output order.
    points: Vec<(Law, u64)>,
}

/// The exact values of one point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Exact {
    max: f64,
    sd: Option<f64>,
    min: f64,
    chen_tyler: Option<f64>,
    chen_tyler_rel_err: Option<f64>,
}

/// Parses `normal:0,1` and the other laws of `--law`.
pub fn parse_law(s: &str) -> Result<Law, String> {
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
    // Refused here, as a usage error, when the order statistics cannot reach their accuracy.
    let law = law.map_err(|e| e.to_string())?;
    law.check().map_err(|e| e.to_string())?;
    Ok(law)
}

/// The law as `--law` writes it, each parameter the shortest decimal that reads back as it
/// (1e308, not its 309 digits).
fn law_spec(law: &Law) -> String {
    let x = loadbal_cli::output::exact;
    match law.spec() {
        LawSpec::Normal { mean, sd } => format!("normal:{},{}", x(mean), x(sd)),
        LawSpec::Exponential { rate } => format!("exponential:{}", x(rate)),
        LawSpec::Gamma { shape, rate } => format!("gamma:{},{}", x(shape), x(rate)),
        LawSpec::Lognormal { mu_log, sd_log } => format!("lognormal:{},{}", x(mu_log), x(sd_log)),
        LawSpec::Weibull { shape, scale } => format!("weibull:{},{}", x(shape), x(scale)),
        LawSpec::Pareto { scale, shape } => format!("pareto:{},{}", x(scale), x(shape)),
        LawSpec::Uniform { min, max } => format!("uniform:{},{}", x(min), x(max)),
        other => other.to_string(),
    }
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

fn check_n(n: u64, what: &str) -> Result<u64, String> {
    if (2..=MAX_N).contains(&n) { Ok(n) } else { Err(format!("{what} {n} is outside 2..={MAX_N}")) }
}

/// One line of a `--grid` file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GridLine {
    n: Option<String>,
    law: Option<String>,
}

fn points(args: &Args) -> Result<Vec<(Law, u64)>, Failure> {
    let Some(path) = &args.grid else {
        check_n(args.max_n, "--max-n").map_err(Failure::usage)?;
        return Ok(sizes(args.max_n).into_iter().map(|n| (args.law, n)).collect());
    };
    let mut out = Vec::new();
    for (line, g) in shard::read_grid::<GridLine>(path)? {
        let bad = |e: String| cli::bad_line(path, line as usize, e);
        let law = shard::cell_or(&g.law, "law", args.law, parse_law).map_err(bad)?;
        let Some(n) = g.n.as_deref() else {
            return Err(bad("column n is missing".into()));
        };
        let n = cli::count(n).and_then(|n| check_n(n, "n")).map_err(|e| bad(format!("column n: {e}")))?;
        out.push((law, n));
    }
    Ok(out)
}

fn exact(law: &Law, n: u64) -> Result<Exact, Failure> {
    let context = format!("{law}, n = {n}");
    let max = expected_max_iid(law, n).map_err(|e| Failure::model(&context, e))?;
    // The standard deviation needs a second moment, which a heavy Pareto tail lacks.
    let sd = order_stat_moments_iid(law, n, n).ok().map(|m| m.sd);
    let min = expected_min_iid(law, n).map_err(|e| Failure::model(&context, e))?;
    let (chen_tyler, chen_tyler_rel_err) = if law.spec() == (LawSpec::Normal { mean: 0.0, sd: 1.0 }) {
        let exact = expected_max_std_normal(n).map_err(|e| Failure::model(&context, e))?;
        let ct = chen_tyler(n).map_err(|e| Failure::model(&context, e))?.mean;
        (Some(ct), Some(ct / exact - 1.0))
    } else {
        (None, None)
    };
    Ok(Exact { max, sd, min, chen_tyler, chen_tyler_rel_err })
}

fn columns() -> Vec<&'static str> {
    vec!["law", "n", "exact_max", "exact_sd", "exact_min", "mc_mean", "mc_std_err", "chen_tyler", "chen_tyler_rel_err"]
}

fn row(law: &Law, n: u64, e: &Exact, mc: &Estimate) -> Vec<Cell> {
    vec![
        law_spec(law).into(),
        n.into(),
        e.max.into(),
        e.sd.into(),
        e.min.into(),
        mc.mean.into(),
        mc.std_err.into(),
        e.chen_tyler.into(),
        e.chen_tyler_rel_err.into(),
    ]
}

/// One replication: the maximum of `n` draws of `law`, by inversion.
fn max_draw(law: Law, n: u64) -> impl Fn(u64, &mut loadbal::montecarlo::McRng, &mut [f64]) -> Result<(), Failure> {
    let nf = n as f64;
    move |_, rng, out| {
        let u: f64 = rng.random_range(f64::MIN_POSITIVE..1.0);
        out[0] = law.upper_quantile(-(u.ln() / nf).exp_m1()).map_err(|e| Failure::model("Monte Carlo draw", e))?;
        Ok(())
    }
}

fn what(law: &Law, n: u64) -> String {
    format!("{}, n = {n}: Monte Carlo", law_spec(law))
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    if args.replications == 0 {
        return Err(Failure::usage("--replications 0: each sample size needs at least one replication"));
    }
    args.shard.check()?;
    let params = Params { seed: args.seed, replications: args.replications, points: points(&args)? };
    let mc =
        MonteCarlo::new(args.seed, args.replications).map_err(|e| Failure::usage(format!("--replications: {e}")))?;
    let sweep = args.grid.is_some();
    let shard = args.shard.target();
    // Work of this process: every point's replications in a sweep, this shard's otherwise.
    let here = if sweep {
        shard::sweep_points(params.points.len() as u64, shard.map(|s| s.0)).count() as u64
    } else {
        params.points.len() as u64
    };
    let per_point = if sweep { args.replications } else { McRunner::new(shard.map(|s| s.0)).replications(&mc) };
    let flag = format!("--replications {}", args.replications);
    cli::check_work(&flag, per_point as f64, "replications per sample size", MAX_REPLICATIONS as f64)?;
    cli::check_work(&flag, per_point as f64 * here as f64, "draws in all", MAX_DRAWS)?;
    if sweep {
        let range = shard::sweep_points(params.points.len() as u64, shard.map(|s| s.0));
        let rows = u128::from(range.end - range.start);
        cli::check_memory(&format!("the grid's table ({rows} rows)"), table_bytes(rows, columns().len()))?;
        let mut table = Table::new(columns());
        // one bar for the sweep, in replications
        let bar = cli::progress((range.end - range.start).saturating_mul(args.replications), "grid points");
        for &(law, n) in &params.points[range.start as usize..range.end as usize] {
            let e = exact(&law, n)?;
            let est = shard::estimate_on(&bar, &what(&law, n), mc, 1, max_draw(law, n))?;
            table.push(row(&law, n, &e, &est[0]));
        }
        bar.finish_and_clear();
        return shard::finish_sweep(NAME, &params, shard, range, params.points.len() as u64, table, args.format);
    }
    let base: Vec<Exact> = params.points.iter().map(|(law, n)| exact(law, *n)).collect::<Result<_, _>>()?;
    let mut runner = McRunner::new(shard.map(|s| s.0));
    for &(law, n) in &params.points {
        runner.run(&what(&law, n), mc, 1, max_draw(law, n))?;
    }
    shard::finish_mc(NAME, &params, &base, runner, shard, args.format, |est| render(&params, &base, est))
}

/// The table of a whole run from its exact values and estimates (also `loadbal merge`'s).
pub fn render(params: &Params, base: &[Exact], est: &[Vec<Estimate>]) -> Result<Table, Failure> {
    let mut table = Table::new(columns());
    for (((law, n), e), m) in params.points.iter().zip(base).zip(est) {
        let m = m.first().ok_or_else(|| Failure::usage("shard files: an estimate has no component"))?;
        table.push(row(law, *n, e, m));
    }
    Ok(table)
}
