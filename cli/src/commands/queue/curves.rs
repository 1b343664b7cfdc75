//! `loadbal queue curves`: mean queue lengths of theory against simulation.

use loadbal::montecarlo::MonteCarlo;
use loadbal::queueing::{Dist, DssSim, MAX_EVENTS, QueueingError, StationSim, VacationRule, md1, mg1, mm1};
use loadbal_cli::output::{self, Cell, FormatArgs, Table};
use loadbal_cli::support::{self as cli, Failure};

use super::regions::RegionTable;

/// Mean queue lengths against the load: theory and bounds against simulation.
///
/// Single stations M/M/1, M/D/1 and M/G/1 (gamma service, scv 2), mean service 1, at
/// utilisations rho from 0.1 to 0.9: the mean number in the system L in closed form and
/// simulated (50,000 customers per replication after 5,000 of warm-up). Then the symmetric
/// region networks of Jia, Table 5.1 (loose and tight) at equal arrival rates lambda from 0.02
/// to 0.16: the bound (5.9) on region 0's queued volume and its simulated mean (horizon 10^5).
/// One row per point: model, rho or lambda, l_theory or l_bound, l_sim and its standard error.
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
    format: FormatArgs,
}

const RHOS: [f64; 10] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9];
const LAMBDAS: [f64; 9] = [0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.14, 0.15, 0.16];
const CUSTOMERS: u64 = 50_000;
const WARMUP: u64 = 5_000;
const HORIZON: f64 = 100_000.0;

/// `loadbal queue curves`.
pub fn run(a: CurvesArgs) -> Result<(), Failure> {
    let mc = MonteCarlo::new(a.seed, a.reps).map_err(|e| Failure::usage(format!("--reps {}: {e}", a.reps)))?;
    // The simulators' own limits (customers of all replications; 2·horizon·Σλ events), checked
    // before the first point instead of at the point that exceeds them.
    let reps = a.reps as f64;
    let max_lambda = LAMBDAS.iter().copied().fold(0.0, f64::max);
    let events = (CUSTOMERS as f64 * reps).max(2.0 * HORIZON * 3.0 * max_lambda * reps);
    if events > MAX_EVENTS {
        let most = (MAX_EVENTS / (CUSTOMERS as f64).max(2.0 * HORIZON * 3.0 * max_lambda)).floor();
        return Err(Failure::usage(format!(
            "--reps {}: the simulations would draw about {} events per point, more than the limit of {}; \
             use --reps at most {most}",
            a.reps,
            output::number(events),
            output::number(MAX_EVENTS)
        )));
    }
    cli::check_work(&format!("--reps {}", a.reps), a.reps as f64, "replications", cli::MAX_REPLICATIONS)?;
    let bar = cli::progress((3 * RHOS.len() + 2 * LAMBDAS.len()) as u64, "simulated points");
    let table = curves(&mc, &bar);
    bar.finish_and_clear();
    table.map_err(|e| Failure::model("curves", e))?.print(a.format.format())
}

fn curves(mc: &MonteCarlo, bar: &indicatif::ProgressBar) -> Result<Table, QueueingError> {
    let mut t = Table::new(["model", "rho", "lambda", "l_theory", "l_bound", "l_sim", "l_sim_std_err"]);
    for rho in RHOS {
        let gamma = Dist::Gamma { mean: 1.0, scv: 2.0 };
        for (name, theory, dist) in [
            ("M/M/1", mm1(rho, 1.0)?, Dist::Exponential { mean: 1.0 }),
            ("M/D/1", md1(rho, 1.0)?, Dist::Deterministic { value: 1.0 }),
            ("M/G/1 (gamma, scv 2)", mg1(rho, &gamma.moments()?)?, gamma),
        ] {
            let est = StationSim::new(rho, dist).customers(CUSTOMERS, WARMUP).estimate(mc)?;
            t.push(vec![
                name.into(),
                rho.into(),
                rho.into(),
                theory.l.into(),
                Cell::Empty,
                est.l.mean.into(),
                est.l.std_err.into(),
            ]);
            bar.inc(1);
        }
    }
    for table in [RegionTable::Loose, RegionTable::Tight] {
        let net = table.network()?;
        let name = if table == RegionTable::Loose { "regions, loose (region 0)" } else { "regions, tight (region 0)" };
        for lambda in LAMBDAS {
            let bound = net.queue_bounds(&[lambda; 3], VacationRule::OwnMax)?;
            let est = DssSim::new(vec![lambda; 3], HORIZON, 1_000.0).estimate(&net, mc)?;
            t.push(vec![
                name.into(),
                Cell::Empty,
                lambda.into(),
                Cell::Empty,
                bound[0].into(),
                est[0].mean.into(),
                est[0].std_err.into(),
            ]);
            bar.inc(1);
        }
    }
    Ok(t)
}
