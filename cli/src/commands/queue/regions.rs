//! `loadbal queue regions`: Jia's multi-region model: stability case, bounds (5.9) and a
//! simulated check.

use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::queueing::{DssSim, MAX_EVENTS, QueueingError, RegionNetwork, StabilityCase, VacationRule};
use loadbal_cli::output::{self, Cell, FormatArgs, Table, exact};
use loadbal_cli::shard::{self, McRunner, ShardArgs};
use loadbal_cli::support::{self as cli, Failure};
use serde::{Deserialize, Serialize};

/// The subcommand's name in shard files.
pub const NAME: &str = "queue regions";

/// The columns a table for a person shows once, above the regions.
pub const CONSTANTS: [&str; 4] = ["table", "stability", "replications", "horizon"];

/// Stability case, queue bounds (5.9) and simulated queues of Jia's multi-region model (ch. 5).
///
/// Loads arrive at each region's source as a Poisson stream (--lambda, loads per time unit) and
/// are served by the region's equivalent capacity, borrowing idle regions' capacity (dynamic
/// sharing, DSS). The region tables are Jia's: 5.2 (three heterogeneous regions), loose and
/// tight (Table 5.1, loosely and tightly coupled). One row per region: lambda, mu_c and mu_max
/// (service rates of the critical domain and of the whole network), the bounds (5.9) on the
/// queued volume with the vacation rate of the region's own mu_max and of the smallest other,
/// the simulated mean queued volume and its standard error, and, when the case is not stable,
/// the volume queued after 4x the horizon (it grows when unstable). The stability case and the
/// run's sizes are the same on every row. --shard K/N splits the replications (and the run at
/// 4x the horizon) over N processes; `loadbal merge` combines their files.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct RegionsArgs {
    /// Region table.
    #[arg(long, value_enum, default_value = "5.2")]
    table: RegionTable,
    /// Arrival rates of the sources, comma-separated, one per region, each >= 0 [default: 1/15
    /// each].
    #[arg(long, value_name = "RATES", value_delimiter = ',', value_parser = cli::non_negative)]
    lambda: Option<Vec<f64>>,
    /// Simulated time per replication (> 0; the first 1% is a warm-up).
    #[arg(long, value_parser = cli::positive, default_value = "100000")]
    horizon: f64,
    /// Replications of the simulation (>= 1).
    #[arg(long, value_parser = cli::count, default_value = "16")]
    reps: u64,
    /// Seed of the simulation.
    #[arg(long, value_parser = cli::count, default_value = "20261122")]
    seed: u64,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    format: FormatArgs,
}

/// Everything a run depends on (a shard file records it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Params {
    table: RegionTable,
    lambda: Vec<f64>,
    horizon: f64,
    reps: u64,
    seed: u64,
}

/// The region tables of Jia, ch. 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RegionTable {
    /// Table 5.2 (three heterogeneous regions).
    #[value(name = "5.2")]
    T52,
    /// Table 5.1, loosely coupled regions.
    Loose,
    /// Table 5.1, tightly coupled regions.
    Tight,
}

impl RegionTable {
    /// The table's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            RegionTable::T52 => "5.2",
            RegionTable::Loose => "5.1 (loosely coupled)",
            RegionTable::Tight => "5.1 (tightly coupled)",
        }
    }

    /// The region network of the table.
    pub fn network(self) -> Result<RegionNetwork, QueueingError> {
        let inf = f64::INFINITY;
        match self {
            RegionTable::Loose => RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65),
            RegionTable::Tight => RegionNetwork::symmetric_three(3.0, 2.0, 1.4, 1.0),
            RegionTable::T52 => RegionNetwork::from_table(
                3.0,
                &[3.3, 4.5, 2.7],
                &[vec![inf, 2.9, 2.65], vec![3.5, inf, 3.3], vec![2.5, 2.4, inf]],
                &[2.5, 2.8, 2.25],
            ),
        }
    }
}

const DEFAULT_HORIZON: f64 = 100_000.0;
const DEFAULT_REPS: u64 = 16;
const DEFAULT_RATE: f64 = 1.0 / 15.0;

/// What one process simulates: `reps` replications of the horizon, and the run at 4x the horizon
/// when `long` (a whole run does both; a shard its part).
#[derive(Debug, Clone, Copy)]
struct Work {
    reps: u64,
    long: bool,
    sharded: bool,
}

/// Refuses, before anything runs, a simulation of more than [`MAX_EVENTS`] expected events:
/// `2·horizon·Σλ` per replication, over the replications and the single run at 4x the horizon
/// of this process. The message blames the flag the user set that is furthest above its default,
/// and says how far it may go.
fn check_events(a: &RegionsArgs, lambda: &[f64], work: Work) -> Result<(), Failure> {
    let sum: f64 = lambda.iter().sum();
    // The long run at 4x the horizon weighs as 4 replications.
    let weight = if work.long { (work.reps as f64).max(4.0) } else { work.reps as f64 };
    let events = 2.0 * a.horizon * sum * weight;
    if events <= MAX_EVENTS as f64 {
        return Ok(());
    }
    let default_sum = DEFAULT_RATE * lambda.len() as f64;
    let mut culprits: Vec<(f64, &str)> = Vec::new();
    if a.lambda.is_some() {
        culprits.push((sum / default_sum, "--lambda"));
    }
    if a.horizon != DEFAULT_HORIZON {
        culprits.push((a.horizon / DEFAULT_HORIZON, "--horizon"));
    }
    if a.reps != DEFAULT_REPS {
        culprits.push((a.reps as f64 / DEFAULT_REPS as f64, "--reps"));
    }
    culprits.sort_by(|x, y| y.0.total_cmp(&x.0));
    let run = format!(
        "{}{} replications of {} time units{}",
        if work.sharded { "this shard's " } else { "" },
        work.reps,
        output::number(a.horizon),
        if work.long { " and a check at 4x the horizon" } else { "" }
    );
    let rates: Vec<String> = lambda.iter().map(|&x| exact(x)).collect();
    let limit = MAX_EVENTS as f64 / (2.0 * weight);
    let sum_text = if sum.is_finite() { output::number(sum) } else { "more than 1e308".to_string() };
    let events =
        if events.is_finite() { format!("about {}", output::number(events)) } else { "more than 1e308".to_string() };
    let culprit = culprits.first().map_or("--lambda", |c| c.1);
    let others: Vec<&str> = culprits.iter().skip(1).map(|c| c.1).collect();
    let also = if others.is_empty() { String::new() } else { format!(" (or lower {})", others.join(" or ")) };
    let most_reps = (MAX_EVENTS as f64 / (2.0 * a.horizon * sum)).floor();
    let msg = match culprit {
        "--horizon" => format!(
            "--horizon {}: with arrival rates summing to {} and {run}, the simulation would draw {} \
             events, more than the limit of {}; use --horizon at most {}{also}",
            exact(a.horizon),
            output::number(sum),
            events,
            output::number(MAX_EVENTS as f64),
            output::number(limit / sum),
        ),
        "--reps" if work.sharded => format!(
            "--reps {}: with arrival rates summing to {} over {} time units, {run} would draw {} events, \
             more than the limit of {} one process may take; split the run into more shards (at most {} \
             replications each){also}",
            a.reps,
            output::number(sum),
            output::number(a.horizon),
            events,
            output::number(MAX_EVENTS as f64),
            most_reps,
        ),
        "--reps" => format!(
            "--reps {}: with arrival rates summing to {} over {} time units, the simulation would draw {} \
             events, more than the limit of {}; use --reps at most {most_reps} or split the run with \
             --shard K/N{also}",
            a.reps,
            output::number(sum),
            output::number(a.horizon),
            events,
            output::number(MAX_EVENTS as f64),
        ),
        _ => format!(
            "--lambda {}: arrival rates summing to {} would draw {} events in {run}, more than the \
             simulation's limit of {}; keep their sum at most {}{also}",
            rates.join(","),
            sum_text,
            events,
            output::number(MAX_EVENTS as f64),
            output::number(limit / a.horizon),
        ),
    };
    Err(Failure::usage(msg))
}

/// The deterministic part of a run: the stability case and the bounds (5.9) with each vacation
/// rule (`None` when the bound does not apply), with the notes to print about them.
struct Model {
    net: RegionNetwork,
    case: StabilityCase,
    own: Option<Vec<f64>>,
    others: Option<Vec<f64>>,
    notes: Vec<String>,
}

fn model(p: &Params) -> Result<Model, Failure> {
    let net = p.table.network().map_err(|e| Failure::model("the region table", e))?;
    let case = net.classify(&p.lambda).map_err(|e| Failure::usage(format!("--lambda: {e}")))?;
    let mut notes = Vec::new();
    let (own, others) = match net.queue_bounds(&p.lambda, VacationRule::OwnMax) {
        Ok(own) => {
            let others = net
                .queue_bounds(&p.lambda, VacationRule::MinOverOthers)
                .map_err(|e| Failure::model("bound (5.9), min-over-others vacation", e))?;
            (Some(own), Some(others))
        }
        Err(e) => {
            notes.push(format!("bound (5.9) does not apply: {e}"));
            (None, None)
        }
    };
    if case == StabilityCase::Case3 && net.regions() == 3 {
        notes.push(
            "Case 3 with three regions: the thesis leaves the borrowing condition open (two regions only)".into(),
        );
    }
    Ok(Model { net, case, own, others, notes })
}

/// `loadbal queue regions`.
pub fn run(a: RegionsArgs) -> Result<(), Failure> {
    a.shard.check()?;
    let net = a.table.network().map_err(|e| Failure::model("the region table", e))?;
    let m = net.regions();
    let lambda = a.lambda.clone().unwrap_or_else(|| vec![DEFAULT_RATE; m]);
    if lambda.len() != m {
        return Err(Failure::usage(format!(
            "--lambda has {} rates, table {} has {m} regions: give one rate per region",
            lambda.len(),
            a.table.name()
        )));
    }
    let params = Params { table: a.table, lambda: lambda.clone(), horizon: a.horizon, reps: a.reps, seed: a.seed };
    let mc = MonteCarlo::new(a.seed, a.reps).map_err(|e| Failure::usage(format!("--reps {}: {e}", a.reps)))?;
    let case = net.classify(&lambda).map_err(|e| Failure::usage(format!("--lambda: {e}")))?;
    // The replications of the horizon and, when the case is not stable, one run at 4x the
    // horizon from the first stream.
    let runs = if case.is_stable() { vec![mc] } else { vec![mc, MonteCarlo::new(a.seed, 1)?] };
    let target = a.shard.target();
    let mut runner = McRunner::planned(target.map(|t| t.0), &runs, "simulated replications");
    let here = runner.planned_replications();
    let work = Work { reps: here[0], long: here.get(1).is_some_and(|&r| r > 0), sharded: target.is_some() };
    check_events(&a, &lambda, work)?;
    cli::check_work(&format!("--reps {}", a.reps), here[0] as f64, "replications", cli::MAX_REPLICATIONS)?;
    // The bounds are closed forms: any failure shows before the simulation.
    model(&params)?;

    let sim = DssSim::new(lambda.clone(), a.horizon, a.horizon / 100.0);
    runner.run("simulated replications", runs[0], m, |i, rng, out| {
        let o = sim.run(&net, rng).map_err(|e| Failure::model(&format!("simulated replication {i}"), e))?;
        out.copy_from_slice(&o.queue_volume);
        Ok(())
    })?;
    if let Some(&long) = runs.get(1) {
        let sim = DssSim::new(lambda.clone(), 4.0 * a.horizon, 0.0);
        runner.run("simulating 4x the horizon", long, m, |_, rng, out| {
            let o = sim.run(&net, rng).map_err(|e| Failure::model("simulation at 4x the horizon", e))?;
            out.copy_from_slice(&o.final_queue_volume);
            Ok(())
        })?;
    }
    let format = a.format.format();
    shard::finish_mc_with(NAME, &params, &(), runner, target, |est| {
        output::print_with_constants(&render(&params, est)?, &CONSTANTS, format)
    })
}

/// The table of a whole run from its estimates (also `loadbal merge`'s): prints the notes on the
/// bounds on standard error.
pub fn render(params: &Params, est: &[Vec<Estimate>]) -> Result<Table, Failure> {
    let Model { net, case, own, others, notes } = model(params)?;
    for n in notes {
        cli::note(n);
    }
    let m = net.regions();
    let want = if case.is_stable() { 1 } else { 2 };
    if est.len() != want || est.iter().any(|e| e.len() != m) {
        return Err(Failure::usage("shard files: the estimates do not match the regions"));
    }
    let q = &est[0];
    let long: Option<Vec<f64>> = est.get(1).map(|e| e.iter().map(|x| x.mean).collect());
    let mut t = Table::new([
        "table",
        "stability",
        "replications",
        "horizon",
        "region",
        "lambda",
        "mu_c",
        "mu_max",
        "bound_own_max",
        "bound_min_others",
        "q_sim",
        "q_sim_std_err",
        "q_at_4x_horizon",
    ]);
    let (mu_c, mu_max) = (net.mu_c(), net.mu_max());
    let at = |v: &Option<Vec<f64>>, i: usize| v.as_ref().and_then(|v| v.get(i).copied());
    for i in 0..m {
        t.push(vec![
            params.table.name().into(),
            case.to_string().into(),
            Cell::Count(params.reps),
            params.horizon.into(),
            Cell::Count(i as u64),
            params.lambda[i].into(),
            mu_c[i].into(),
            mu_max[i].into(),
            at(&own, i).into(),
            at(&others, i).into(),
            q[i].mean.into(),
            q[i].std_err.into(),
            at(&long, i).into(),
        ]);
    }
    Ok(t)
}
