//! `loadbal queue curves`: mean queue lengths of theory against simulation.

use loadbal::law::{Law, LawError, LawSpec};
use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::queueing::{
    DssSim, MAX_EVENTS, QueueingError, RegionNetwork, ServiceMoments, Station, StationSim, VacationRule,
};
use loadbal_cli::output::{self, Cell, FormatArgs, Table};
use loadbal_cli::shard::{self, McRunner, ShardArgs};
use loadbal_cli::support::{self as cli, Failure};
use serde::{Deserialize, Serialize};

use super::regions::RegionTable;

/// Mean queue lengths against the load: theory and bounds against simulation.
///
/// Single stations M/M/1, M/D/1 and M/G/1 (gamma service, scv 2), mean service 1, at
/// utilisations rho from 0.1 to 0.9: the mean number in the system L in closed form and
/// simulated (50,000 customers per replication after 5,000 of warm-up). Then the symmetric
/// region networks of Jia, Table 5.1 (loose and tight) at equal arrival rates lambda from 0.02
/// to 0.16: the bound (5.9) on region 0's queued volume and its simulated mean (horizon 10^5).
/// One row per point: model, rho or lambda, l_theory or l_bound, l_sim and its standard error.
/// --shard K/N splits the replications of all points taken together over N processes;
/// `loadbal merge` combines their files.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct CurvesArgs {
    /// Replications of each simulated point (>= 1).
    #[arg(long, value_parser = cli::count, default_value = "16")]
    reps: u64,
    /// Seed of the simulations.
    #[arg(long, value_parser = cli::count, default_value = "20261122")]
    seed: u64,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    format: FormatArgs,
}

/// The subcommand's name in shard files.
pub const NAME: &str = "queue curves";

/// Everything a run depends on (a shard file records it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Params {
    reps: u64,
    seed: u64,
}

const RHOS: [f64; 10] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9];
const LAMBDAS: [f64; 9] = [0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.14, 0.15, 0.16];
const CUSTOMERS: u64 = 50_000;
const WARMUP: u64 = 5_000;
const HORIZON: f64 = 100_000.0;

/// A point of the curves: a single station at utilisation rho, or region 0 of a region network
/// at equal arrival rates lambda.
enum Point {
    Station { name: &'static str, rho: f64, dist: Law },
    Regions { name: &'static str, table: RegionTable, lambda: f64 },
}

/// The points in output order.
fn points() -> Result<Vec<Point>, Failure> {
    let laws = || -> Result<[(&'static str, Law); 3], LawError> {
        Ok([
            ("M/M/1", Law::exponential(1.0)?),
            ("M/D/1", Law::deterministic(1.0)?),
            ("M/G/1 (gamma, scv 2)", Law::gamma_mean_scv(1.0, 2.0)?),
        ])
    };
    let laws = laws().map_err(|e| Failure::model("curves", e))?;
    let mut points = Vec::new();
    for rho in RHOS {
        for (name, dist) in laws {
            points.push(Point::Station { name, rho, dist });
        }
    }
    for (table, name) in
        [(RegionTable::Loose, "regions, loose (region 0)"), (RegionTable::Tight, "regions, tight (region 0)")]
    {
        for lambda in LAMBDAS {
            points.push(Point::Regions { name, table, lambda });
        }
    }
    Ok(points)
}

/// `loadbal queue curves`.
pub fn run(a: CurvesArgs) -> Result<(), Failure> {
    a.shard.check()?;
    let mc = MonteCarlo::new(a.seed, a.reps).map_err(|e| Failure::usage(format!("--reps {}: {e}", a.reps)))?;
    let params = Params { reps: a.reps, seed: a.seed };
    let points = points()?;
    let target = a.shard.target();
    let mut runner = McRunner::planned(target.map(|t| t.0), &vec![mc; points.len()], "simulated points");
    // The simulators' own limits (customers of all replications; 2·horizon·Σλ events), checked
    // before the first point instead of at the point that exceeds them, for the replications
    // this process runs of a point.
    let here = runner.planned_replications().into_iter().max().unwrap_or(0);
    let reps = here as f64;
    let max_lambda = LAMBDAS.iter().copied().fold(0.0, f64::max);
    let per_rep = (CUSTOMERS as f64).max(2.0 * HORIZON * 3.0 * max_lambda);
    let events = per_rep * reps;
    if events > MAX_EVENTS as f64 {
        let most = (MAX_EVENTS as f64 / per_rep).floor();
        let advice = if target.is_some() {
            format!("split the run into more shards (at most {most} replications of a point each)")
        } else {
            format!("use --reps at most {most} or split the run with --shard K/N")
        };
        return Err(Failure::usage(format!(
            "--reps {}: the simulations would draw about {} events per point{}, more than the limit of {}; {advice}",
            a.reps,
            output::number(events),
            if target.is_some() { " in this shard" } else { "" },
            output::number(MAX_EVENTS as f64)
        )));
    }
    cli::check_work(&format!("--reps {}", a.reps), reps, "replications", cli::MAX_REPLICATIONS)?;
    // The closed forms and bounds first: a failure shows before the simulations.
    render_points(&params, &points, None)?;
    let loose = RegionTable::Loose.network().map_err(|e| Failure::model("curves", e))?;
    let tight = RegionTable::Tight.network().map_err(|e| Failure::model("curves", e))?;
    for point in &points {
        match *point {
            Point::Station { name, rho, dist } => {
                let sim = StationSim::new(rho, dist).customers(CUSTOMERS, WARMUP);
                let what = format!("simulated points: {name}, rho {rho}");
                runner.run(&what, mc, 1, |i, rng, out| {
                    out[0] = sim.run(rng).map_err(|e| Failure::model(&format!("{what}, replication {i}"), e))?.l;
                    Ok(())
                })?;
            }
            Point::Regions { name, table, lambda } => {
                let net: &RegionNetwork = if table == RegionTable::Loose { &loose } else { &tight };
                let sim = DssSim::new(vec![lambda; 3], HORIZON, 1_000.0);
                let what = format!("simulated points: {name}, lambda {lambda}");
                runner.run(&what, mc, 1, |i, rng, out| {
                    let o = sim.run(net, rng).map_err(|e| Failure::model(&format!("{what}, replication {i}"), e))?;
                    out[0] = o.queue_volume[0];
                    Ok(())
                })?;
            }
        }
    }
    shard::finish_mc(NAME, &params, &(), runner, target, a.format, |est| render(&params, est))
}

/// The table of a whole run from its estimates (also `loadbal merge`'s).
pub fn render(params: &Params, est: &[Vec<Estimate>]) -> Result<Table, Failure> {
    let points = points()?;
    if est.len() != points.len() || est.iter().any(|e| e.len() != 1) {
        return Err(Failure::usage("shard files: the estimates do not match the curves' points"));
    }
    render_points(params, &points, Some(est))
}

/// The table of the points with their simulated means (`None`: the closed forms only, to find
/// their errors before the simulations).
fn render_points(_params: &Params, points: &[Point], est: Option<&[Vec<Estimate>]>) -> Result<Table, Failure> {
    let table = |t: RegionTable| t.network().map_err(|e| Failure::model("curves", e));
    let (loose, tight) = (table(RegionTable::Loose)?, table(RegionTable::Tight)?);
    let fail = |e: QueueingError| Failure::model("curves", e);
    let mut t = Table::new(["model", "rho", "lambda", "l_theory", "l_bound", "l_sim", "l_sim_std_err"]);
    for (k, point) in points.iter().enumerate() {
        let sim = est.and_then(|e| e.get(k)).and_then(|e| e.first());
        let (mean, se) = (sim.map(|s| s.mean), sim.map(|s| s.std_err));
        match *point {
            Point::Station { name, rho, dist } => {
                let theory = match dist.spec() {
                    LawSpec::Exponential { .. } => Station::mm1(rho, 1.0).map(|s| s.metrics()),
                    LawSpec::Deterministic { .. } => Station::md1(rho, 1.0).map(|s| s.metrics()),
                    _ => ServiceMoments::from_law(&dist).and_then(|m| Station::mg1(rho, &m).map(|s| s.metrics())),
                }
                .map_err(fail)?;
                t.push(vec![name.into(), rho.into(), rho.into(), theory.l.into(), Cell::Empty, mean.into(), se.into()]);
            }
            Point::Regions { name, table, lambda } => {
                let net = if table == RegionTable::Loose { &loose } else { &tight };
                let bound = net.queue_bounds(&[lambda; 3], VacationRule::OwnMax).map_err(fail)?;
                t.push(vec![
                    name.into(),
                    Cell::Empty,
                    lambda.into(),
                    Cell::Empty,
                    bound[0].into(),
                    mean.into(),
                    se.into(),
                ]);
            }
        }
    }
    Ok(t)
}
