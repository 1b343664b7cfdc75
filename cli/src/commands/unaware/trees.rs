//! `loadbal unaware trees`: the Monte Carlo experiment on random graphs behind Jia, §4.2.3.

use loadbal::dlt::CostScale;
use loadbal::dlt::unaware::{RandomGraph, SpanningTreeKind, SpeedClass};
use loadbal::montecarlo::{Estimate, McRng, MonteCarlo};
use loadbal_cli::output::{Cell, FormatArgs, Table};
use loadbal_cli::shard::{self, McRunner, ShardArgs};
use loadbal_cli::support::{self as cli, Failure};
use serde::{Deserialize, Serialize};

/// The subcommand's name in shard files.
pub const NAME: &str = "unaware trees";

/// Mean RAOLD-OS finish time and eccentricity of each spanning tree on random graphs (Jia,
/// §4.2.3).
///
/// Random connected graphs of 10 and 50 nodes, link probability 0.3, 0.5 and 0.8, link
/// parameters of the low or high class (processors low), load 1e8, root node 0. One row per
/// cell and tree (SPT, MST, FHT, RST, EST): nodes, p_link, links, tree, mean_time, time_se,
/// mean_eccentricity. Seeded: the same seed and replications give the same table on any
/// machine, thread count and shard count (--shard K/N splits the replications of all cells
/// taken together; `loadbal merge` combines the shard files).
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct TreesArgs {
    /// Monte Carlo replications per cell (>= 1).
    #[arg(long, value_parser = cli::count, default_value = "20")]
    replications: u64,
    /// Seed of the Monte Carlo run.
    #[arg(long, value_parser = cli::count, default_value = "5")]
    seed: u64,
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
}

/// Random graphs one process may draw: about a millisecond each, so the limit is a few hours.
const MAX_GRAPHS: f64 = 1e7;

/// The cells of the experiment, in output order: nodes, link probability, link class.
fn cells() -> Vec<(usize, f64, SpeedClass)> {
    let mut cells = Vec::new();
    for nodes in [10, 50] {
        for p in [0.3, 0.5, 0.8] {
            for links in [SpeedClass::Low, SpeedClass::High] {
                cells.push((nodes, p, links));
            }
        }
    }
    cells
}

/// One replication of a cell: each tree's finish time, then each tree's eccentricity.
fn replication(spec: &RandomGraph, rng: &mut McRng, out: &mut [f64]) -> Result<(), Failure> {
    let kinds = SpanningTreeKind::ALL;
    let unit = CostScale::unit();
    let g = spec.generate(rng).map_err(|e| Failure::model("random graph", e))?;
    for (k, &kind) in kinds.iter().enumerate() {
        let tree = g.spanning_tree(0, kind, unit).map_err(|e| Failure::model(kind.name(), e))?;
        let schedule = tree.raold_os(1e8, unit).map_err(|e| Failure::model(kind.name(), e))?;
        out[k] = schedule.allocation.makespan;
        out[kinds.len() + k] = tree.eccentricity() as f64;
    }
    Ok(())
}

/// `loadbal unaware trees`.
pub fn trees(a: TreesArgs) -> Result<(), Failure> {
    a.shard.check()?;
    let mc = MonteCarlo::new(a.seed, a.replications)
        .map_err(|e| Failure::usage(format!("--replications {}: {e}", a.replications)))?;
    let params = Params { replications: a.replications, seed: a.seed };
    let cells = cells();
    let target = a.shard.target();
    // Every cell uses the same streams (the same seed), as a single run always has.
    let mut runner = McRunner::planned(target.map(|t| t.0), &vec![mc; cells.len()], "random-graph replications");
    let graphs: f64 = runner.planned_replications().iter().map(|&r| r as f64).sum();
    let flag = format!("--replications {}", a.replications);
    cli::check_work(&flag, graphs, "random graphs", MAX_GRAPHS)?;
    let dim = 2 * SpanningTreeKind::ALL.len();
    for (nodes, p, links) in cells {
        let spec = RandomGraph::with_speed_classes(nodes as u64, p, links, SpeedClass::Low);
        let what = format!("random-graph replications ({nodes} nodes, p_link {p}, {links:?} links)");
        runner.run(&what, mc, dim, |_, rng, out| replication(&spec, rng, out))?;
    }
    shard::finish_mc(NAME, &params, &(), runner, target, a.format, |est| render(&params, est))
}

/// The table of a whole run from its estimates (also `loadbal merge`'s).
pub fn render(_params: &Params, est: &[Vec<Estimate>]) -> Result<Table, Failure> {
    let kinds = SpanningTreeKind::ALL;
    let cells = cells();
    if est.len() != cells.len() || est.iter().any(|e| e.len() != 2 * kinds.len()) {
        return Err(Failure::usage("shard files: the estimates do not match the experiment's cells"));
    }
    let mut t = Table::new(["nodes", "p_link", "links", "tree", "mean_time", "time_se", "mean_eccentricity"]);
    for ((nodes, p, links), est) in cells.into_iter().zip(est) {
        for (k, kind) in kinds.iter().enumerate() {
            let (time, ecc) = (est[k], est[kinds.len() + k]);
            t.push(vec![
                Cell::Count(nodes as u64),
                p.into(),
                format!("{links:?}").into(),
                kind.name().into(),
                time.mean.into(),
                time.std_err.into(),
                ecc.mean.into(),
            ]);
        }
    }
    Ok(t)
}
