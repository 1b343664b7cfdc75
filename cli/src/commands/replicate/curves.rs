//! `loadbal replicate curves`: the JR models of Dobber as curves, and the exact model by Monte Carlo.

use loadbal::law::Law;
use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::replication::{self, BetaMax, BetaMin, JrModel, JrParams, ReplicationError, speedup};
use loadbal::replication::{Dependence, ExactModel, ExactReplication};
use loadbal_cli::output::{Cell, FormatArgs, Table};
use loadbal_cli::shard::{self, McRunner, ShardArgs};
use loadbal_cli::support::{self as cli, Failure};
use serde::{Deserialize, Serialize};

/// The subcommand's name in shard files.
pub const NAME: &str = "replicate curves";

const LONG_HELP: &str = "\
Rows, by kind (p = log2 P and r = log2 R; processors and replicas are the counts):
  speedup    speedup over ELB against c_X for every model and R on P = 16 (Figs. 5.5-5.17);
  optimal_r  the optimal R of models 1.1 (eq. (5.38)) and 2.1 (eq. (5.74), Lambert W) and the
             discrete argmax of the generic evaluator, for P = 1..128 (Figs. 5.9, 5.14);
  exact      the exact model (5.4) by Monte Carlo for exponential jobs (both dependence
             structures) on --processors, value and standard error;
  approx     model 1.1, model 2.1 and the model with exponential first-level constants there.
Models 1.2/1.3 have a pole for large c_X: those points are left out.";

/// Speedup curves, optimal replica counts and the exact-versus-model comparison of Dobber's
/// job-replication models.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, after_long_help = LONG_HELP)]
pub struct Args {
    /// Monte Carlo replications of the exact model (5.4) (integer or 2e4 form).
    #[arg(default_value = "20000", value_parser = cli::positional_count, allow_hyphen_values = true)]
    replications: u64,
    /// Seed of the Monte Carlo streams.
    #[arg(default_value = "1", value_parser = cli::positional_count, allow_hyphen_values = true)]
    seed: u64,
    /// Processors of the exact-model comparison (a power of two, at least 2).
    #[arg(long, default_value = "32", value_parser = cli::count)]
    processors: u64,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    format: FormatArgs,
}

/// Everything a run depends on (a shard file records it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Params {
    replications: u64,
    seed: u64,
    processors: u64,
}

const DEPENDENCES: [(&str, Dependence); 2] =
    [("independent", Dependence::Independent), ("same processor", Dependence::SameProcessorSameIteration)];

fn counts(processors: u64) -> Vec<u64> {
    (0..=processors.trailing_zeros()).map(|r| 1u64 << r).collect()
}

/// The exact model's replication for one dependence, its work sized for `replications`.
fn exact(dep: Dependence, processors: u64, mc: &MonteCarlo) -> Result<ExactReplication, ReplicationError> {
    ExactModel::new(Law::exponential(1.0)?, dep)?.replication(&counts(processors), processors, mc)
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    if !args.processors.is_power_of_two() || args.processors < 2 {
        return Err(Failure::usage(format!("--processors {} is not a power of two ≥ 2", args.processors)));
    }
    args.shard.check()?;
    let mc = MonteCarlo::new(args.seed, args.replications)
        .map_err(|e| Failure::usage(format!("REPLICATIONS {}: {e}", args.replications)))?;
    let params = Params { replications: args.replications, seed: args.seed, processors: args.processors };
    let target = args.shard.target();
    let mut runner = McRunner::new(target.map(|t| t.0));
    // The exact model's work limit is this process's: sized from the replications it runs.
    let sizing = MonteCarlo::new(args.seed, runner.replications(&mc).max(1))?;
    let reps: Vec<ExactReplication> = DEPENDENCES
        .iter()
        .map(|&(_, dep)| {
            exact(dep, args.processors, &sizing).map_err(|e| {
                Failure::usage(format!(
                    "REPLICATIONS {} --processors {}: {e}; split the run with --shard K/N",
                    args.replications, args.processors
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    // The curves are cheap closed forms: check they compute before the Monte Carlo runs.
    render_closed_forms(&params, &[], true)?;
    for ((name, _), rep) in DEPENDENCES.iter().zip(&reps) {
        runner.run(&format!("exact model (5.4), {name}"), mc, rep.dim(), |_, rng, out| {
            rep.sample(rng, out).map_err(|e| Failure::model("exact model (5.4)", e))
        })?;
    }
    shard::finish_mc(NAME, &params, &(), runner, target, args.format, |est| render(&params, est))
}

fn row(kind: &str, model: &str, c: f64, processors: u64, replicas: u64, value: f64, std_err: Option<f64>) -> Vec<Cell> {
    vec![
        kind.into(),
        model.into(),
        c.into(),
        u64::from(processors.trailing_zeros()).into(),
        u64::from(replicas.trailing_zeros()).into(),
        value.into(),
        std_err.into(),
        processors.into(),
        replicas.into(),
    ]
}

/// The table of a whole run from its estimates (also `loadbal merge`'s).
pub fn render(params: &Params, est: &[Vec<Estimate>]) -> Result<Table, Failure> {
    render_closed_forms(params, est, false)
}

/// The table; `dry` computes the closed forms only (to find errors before the Monte Carlo).
fn render_closed_forms(params: &Params, est: &[Vec<Estimate>], dry: bool) -> Result<Table, Failure> {
    let mut table = Table::new(["kind", "model", "c", "p", "r", "value", "std_err", "processors", "replicas"]);
    let cs: Vec<f64> = (30..=100).map(|i| f64::from(i) / 100.0).collect();
    for model in JrModel::ALL {
        let model_params = model.planetlab_params();
        for &c in &cs {
            for r in [1u64, 2, 4, 8, 16] {
                // Models 1.2/1.3 have a pole for large c_X: those points are skipped, not printed.
                if let Ok(s) = speedup(c, r, 16, &model_params) {
                    table.push(row("speedup", model.name(), c, 16, r, s, None));
                }
            }
        }
    }
    let m11 = JrParams::dependent_jobs();
    let m21 = JrParams::independent_jobs();
    let fail = |e: ReplicationError| Failure::model("optimal replicas", e);
    for &c in &cs {
        for p in 0..=7u32 {
            let big_p = 1u64 << p;
            let value = |r: u64| f64::from(r.trailing_zeros());
            let r = rounded_optimum(c, big_p, &m11).map_err(fail)?;
            table.push(row("optimal_r", "1.1 (5.38)", c, big_p, r, value(r), None));
            let r = rounded_optimum(c, big_p, &m21).map_err(fail)?;
            table.push(row("optimal_r", "2.1 (5.74)", c, big_p, r, value(r), None));
            let r = replication::optimal_replicas(c, big_p, &m11).map_err(fail)?.replicas;
            table.push(row("optimal_r", "1.1 argmax", c, big_p, r, value(r), None));
            let r = replication::optimal_replicas(c, big_p, &m21).map_err(fail)?.replicas;
            table.push(row("optimal_r", "2.1 argmax", c, big_p, r, value(r), None));
        }
    }
    let big_p = params.processors;
    let counts = counts(big_p);
    if !dry {
        let sizing = MonteCarlo::new(params.seed, 1)?;
        for (k, (name, dep)) in DEPENDENCES.iter().enumerate() {
            let rep = exact(*dep, big_p, &sizing).map_err(|e| Failure::model("exact model (5.4)", e))?;
            let e = est.get(k).ok_or_else(|| Failure::usage("shard files: an exact-model estimate is missing"))?;
            let run = rep.finish(e).map_err(|e| Failure::model("exact model (5.4)", e))?;
            for (&r, s) in counts.iter().zip(&run.speedups) {
                table.push(row("exact", name, 1.0, big_p, r, s.mean, Some(s.std_err)));
            }
        }
    }
    let k = replication::FirstLevelConstants::exponential();
    let expo = JrParams::new(k.alpha, BetaMax::Constant(k.beta_max), BetaMin::Constant(k.beta_min), 1.0)
        .map_err(|e| Failure::model("exponential constants", e))?;
    let fail = |e: ReplicationError| Failure::model("model speedup", e);
    for &r in &counts {
        table.push(row("approx", "model 1.1", 1.0, big_p, r, speedup(1.0, r, big_p, &m11).map_err(fail)?, None));
        table.push(row(
            "approx",
            "model 2.1 (gamma 1/2)",
            1.0,
            big_p,
            r,
            speedup(1.0, r, big_p, &m21).map_err(fail)?,
            None,
        ));
        table.push(row(
            "approx",
            "exponential constants",
            1.0,
            big_p,
            r,
            speedup(1.0, r, big_p, &expo).map_err(fail)?,
            None,
        ));
    }
    Ok(table)
}

/// The thesis's rounded rule `R* = 2^{⌊r* + ½⌋}`, clipped to `[1, P]` (Dobber, eq. (5.37),
/// (5.74)), from the continuous optimum `r*`: inside `[0, p]`, or the `r*` an out-of-range error
/// carries; at `c_X = 0` and `c_X = 1`, where `r*` is `−∞` and `+∞` for model 1.1, the ends.
fn rounded_optimum(cv: f64, processors: u64, params: &JrParams) -> Result<u64, ReplicationError> {
    let level = match replication::continuous_optimum(cv, processors, params) {
        Ok(o) => o.level,
        Err(ReplicationError::OutOfRange { level, .. }) => level,
        Err(ReplicationError::CvOutOfDomain { .. }) if cv == 0.0 => f64::NEG_INFINITY,
        Err(ReplicationError::CvOutOfDomain { .. }) if cv == 1.0 => f64::INFINITY,
        Err(e) => return Err(e),
    };
    let p = processors.trailing_zeros();
    Ok(1 << ((level + 0.5).floor().clamp(0.0, f64::from(p)) as u32))
}
