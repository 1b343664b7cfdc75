//! `loadbal remap periodic`: imbalance curves and optimal periodic remapping intervals (Fong et al.).

use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::remap::periodic::{
    Bound, Heterogeneous, Homogeneous, Increment, IncrementLaw, LoadSimOptions, LoadSimulation, MAX_DRAWS, MAX_PHASES,
    MAX_PROCESSORS,
};
use loadbal_cli::output::{FormatArgs, Table};
use loadbal_cli::shard::{self, McRunner, ShardArgs};
use loadbal_cli::support::{self as cli, Failure};
use serde::{Deserialize, Serialize};

/// The subcommand's name in shard files.
pub const NAME: &str = "remap periodic";

const LONG_HELP: &str = "\
N processors start with load w and add an increment of the chosen law at every phase (Fong et \
al., eqs. (1)-(3)); --alternate D adds +D / -D to the mean increment of even / odd processors \
(heterogeneous means, Theorem 4.1). The defaults are Table 1 of the paper.

--view intervals (the default) prints, for every imbalance bound B, the optimal remapping interval \
of the model (P_II, real and whole phases) beside the simulated one and the mean first phase \
where the simulated v(t) exceeds B (censored at --tmax: a run that never exceeds B within --tmax \
phases counts as --tmax, so a mean near --tmax is a lower bound; raise --tmax to see past it). \
--view curves prints the model's v(t) and d_hat(t) (eq. (8)) \
beside the simulated v(t) and d(t) at every phase; --view model the model's constants (mean \
increment, variance, the limit of v, the peak t1, t2 and b*).";

/// Which table to print.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum View {
    /// Optimal intervals per bound, model against simulation.
    Intervals,
    /// v(t) and d(t) per phase, model against simulation.
    Curves,
    /// The model's constants.
    Model,
}

/// Parses `eq15`, `normal:MEAN,SD`, `uniform:LOW,HIGH` or `exp:RATE,SHIFT`.
fn parse_dist(s: &str) -> Result<Increment, String> {
    let (kind, rest) = s.split_once(':').unwrap_or((s, ""));
    let p: Vec<f64> = if rest.is_empty() { Vec::new() } else { cli::finite_list(rest)? };
    let need = |names: &str| -> Result<(f64, f64), String> {
        match p.as_slice() {
            [a, b] => Ok((*a, *b)),
            _ => Err(format!("{kind} needs two parameters {names}, got {}", p.len())),
        }
    };
    let law = match kind {
        "eq15" if p.is_empty() => Increment::symmetric_birth_death(),
        "eq15" => return Err("eq15 takes no parameters".into()),
        "normal" => {
            let (mean, sd) = need("MEAN,SD")?;
            Increment::Normal { mean, sd }
        }
        "uniform" => {
            let (low, high) = need("LOW,HIGH")?;
            Increment::Uniform { low, high }
        }
        "exp" => {
            let (rate, shift) = need("RATE,SHIFT")?;
            Increment::Exponential { rate, shift }
        }
        other => {
            return Err(format!("unknown law {other:?}: use eq15, normal:MEAN,SD, uniform:LOW,HIGH or exp:RATE,SHIFT"));
        }
    };
    law.validate().map_err(|e| e.to_string())?;
    Ok(law)
}

/// A comma-separated list of positive numbers (one value for clap).
#[derive(Debug, Clone)]
struct Bounds(Vec<f64>);

fn positive_list(s: &str) -> Result<Bounds, String> {
    s.split(',').map(cli::positive).collect::<Result<_, _>>().map(Bounds)
}

fn at_least_two(s: &str) -> Result<u64, String> {
    let n = cli::count(s)?;
    if n >= 2 { Ok(n) } else { Err(format!("{s}: at least two processors are needed")) }
}

fn at_least_one(s: &str) -> Result<u64, String> {
    let n = cli::count(s)?;
    if n >= 1 { Ok(n) } else { Err(format!("{s}: must be at least 1")) }
}

/// Imbalance curves and optimal periodic remapping intervals of a random load process
/// (Fong et al.), model against Monte Carlo.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, after_long_help = LONG_HELP)]
pub struct Args {
    /// Number of processors N.
    #[arg(long, default_value = "64", value_parser = at_least_two)]
    n: u64,
    /// Initial load w of every processor.
    #[arg(long, default_value = "100", value_parser = cli::positive)]
    w: f64,
    /// Increment law: eq15, normal:MEAN,SD, uniform:LOW,HIGH or exp:RATE,SHIFT.
    #[arg(long, default_value = "eq15", value_parser = parse_dist)]
    dist: Increment,
    /// Add +D / −D to the mean increment of even / odd processors (continuous laws only).
    #[arg(long, default_value = "0", value_parser = cli::finite)]
    alternate: f64,
    /// Imbalance bounds B (comma-separated, positive).
    #[arg(long, default_value = "0.10,0.15,0.20,0.25,0.30,0.35,0.40,0.45,0.50", value_parser = positive_list)]
    bounds: Bounds,
    /// Monte Carlo replications.
    #[arg(long, default_value = "400", value_parser = at_least_one)]
    reps: u64,
    /// Simulated phases (at most 1e6).
    #[arg(long, default_value = "100", value_parser = at_least_one)]
    tmax: u64,
    /// Seed of the simulation.
    #[arg(long, default_value = "1", value_parser = cli::count)]
    seed: u64,
    /// The table to print: intervals, curves or model.
    #[arg(long, value_enum, default_value = "intervals")]
    view: View,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    format: FormatArgs,
}

/// Everything a run depends on (a shard file records it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Params {
    n: u64,
    w: f64,
    dist: Increment,
    alternate: f64,
    bounds: Vec<f64>,
    reps: u64,
    tmax: u64,
    seed: u64,
    view: View,
}

fn shifted(law: Increment, d: f64) -> Result<Increment, Failure> {
    Ok(match law {
        Increment::Normal { mean, sd } => Increment::Normal { mean: mean + d, sd },
        Increment::Uniform { low, high } => Increment::Uniform { low: low + d, high: high + d },
        Increment::Exponential { rate, shift } => Increment::Exponential { rate, shift: shift - d },
        other if d == 0.0 => other,
        _ => return Err(Failure::usage("--alternate needs a continuous law (normal, uniform or exp)")),
    })
}

/// The per-processor laws and the model (after the size checks).
fn model(p: &Params) -> Result<(Vec<Increment>, Heterogeneous), Failure> {
    if p.n > MAX_PROCESSORS {
        return Err(Failure::usage(format!("--n {}: at most {MAX_PROCESSORS} processors", p.n)));
    }
    cli::check_memory(&format!("--n {}", p.n), u128::from(p.n) * 64)?;
    let n = usize::try_from(p.n).map_err(|_| Failure::usage("--n does not fit in memory"))?;
    let laws: Vec<Increment> = (0..n)
        .map(|i| shifted(p.dist, if i % 2 == 0 { p.alternate } else { -p.alternate }))
        .collect::<Result<_, _>>()?;
    let model = Heterogeneous::with_variance(
        p.w,
        laws.iter().map(|l| l.mean()).collect(),
        laws.iter().map(|l| l.variance()).collect(),
    )
    .map_err(|e| Failure::usage(format!("the model of these parameters: {e}")))?;
    Ok((laws, model))
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    args.shard.check()?;
    if args.tmax > MAX_PHASES {
        return Err(Failure::usage(format!("--tmax {}: at most {} phases", args.tmax, MAX_PHASES)));
    }
    let params = Params {
        n: args.n,
        w: args.w,
        dist: args.dist,
        alternate: args.alternate,
        bounds: args.bounds.0.clone(),
        reps: args.reps,
        tmax: args.tmax,
        seed: args.seed,
        view: args.view,
    };
    let (laws, _) = model(&params)?;
    let mc = MonteCarlo::new(args.seed, args.reps).map_err(|e| Failure::usage(format!("--reps: {e}")))?;
    let target = args.shard.target();
    let mut runner = McRunner::new(target.map(|t| t.0));
    let here = runner.replications(&mc);
    let draws = args.n as f64 * args.tmax as f64 * here as f64;
    let flag = format!("--n {} --tmax {} --reps {}", args.n, args.tmax, args.reps);
    cli::check_work(&flag, draws, "increments to draw", MAX_DRAWS as f64)?;
    // The draw limit is this process's: the library sizes it from the replications it is given.
    let sizing = LoadSimOptions::new(MonteCarlo::new(args.seed, here.max(1))?).with_bounds(&args.bounds.0);
    let sim =
        LoadSimulation::new(args.w, laws, args.tmax, &sizing).map_err(|e| Failure::usage(format!("{flag}: {e}")))?;
    let dim = sim.dim();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u128;
    // Each worker's loads and outcome vector, besides the runner's accumulators.
    cli::check_memory(&flag, (u128::from(args.n) * 8 + dim as u128 * 8) * threads + runner.memory(&mc, dim))?;
    runner.run("simulating the load process", mc, dim, |_, rng, out| {
        sim.sample(rng, out);
        Ok(())
    })?;
    shard::finish_mc(NAME, &params, &(), runner, target, args.format, |est| render(&params, est))
}

/// The table of a whole run from its estimates (also `loadbal merge`'s).
pub fn render(params: &Params, est: &[Vec<Estimate>]) -> Result<Table, Failure> {
    let (laws, model) = model(params)?;
    let sizing = LoadSimOptions::new(MonteCarlo::new(params.seed, 1)?).with_bounds(&params.bounds);
    let sim = LoadSimulation::new(params.w, laws, params.tmax, &sizing).map_err(|e| Failure::model("simulation", e))?;
    let est = est.first().ok_or_else(|| Failure::usage("shard files: no estimate"))?;
    let curves = sim.curves(est);
    Ok(match params.view {
        View::Intervals => {
            let mut table =
                Table::new(["bound", "t_real", "t_free", "t_simulated", "mean_first_passage", "first_passage_std_err"]);
            for (&b, fp) in params.bounds.iter().zip(&curves.first_passage) {
                let t = model
                    .interval(Bound::Deviation { b })
                    .map_err(|e| Failure::model(&format!("interval of bound {b}"), e))?;
                table.push(vec![
                    b.into(),
                    t.steps().map(|_| t.t_real()).into(),
                    t.steps().into(),
                    curves.interval(b).into(),
                    fp.mean.into(),
                    fp.std_err.into(),
                ]);
            }
            table
        }
        View::Curves => {
            // d̂ (Fong et al., eq. (8)) of identical processors with the average moments.
            let identical = Homogeneous::with_variance(params.w, model.average_mean(), model.mean_variance(), params.n)
                .map_err(|e| Failure::model("identical-processor model", e))?;
            let mut table = Table::new(["t", "v_model", "d_hat", "v_simulated", "d_simulated"]);
            for t in 1..=params.tmax {
                let tf = t as f64;
                table.push(vec![
                    t.into(),
                    model.v(tf).ok().into(),
                    identical.d_hat(tf).ok().into(),
                    curves.v(t).ok().into(),
                    curves.d(t).ok().into(),
                ]);
            }
            table
        }
        View::Model => {
            let peak = model.peak().ok();
            let mut table = Table::new([
                "n",
                "w",
                "law",
                "alternate",
                "average_mean",
                "mean_variance",
                "v_limit",
                "t1",
                "t2",
                "b_star",
                "replications",
            ]);
            table.push(vec![
                params.n.into(),
                params.w.into(),
                params.dist.to_string().into(),
                params.alternate.into(),
                model.average_mean().into(),
                model.mean_variance().into(),
                model.v_limit().ok().into(),
                peak.map(|p| p.t1).into(),
                peak.map(|p| p.t2).into(),
                peak.map(|p| p.b_star).into(),
                params.reps.into(),
            ]);
            table
        }
    })
}
