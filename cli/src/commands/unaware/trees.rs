//! `loadbal unaware trees`: the Monte Carlo experiment on random graphs behind Jia, §4.2.3.

use loadbal::dlt::CostScale;
use loadbal::dlt::unaware::{RandomGraph, SpanningTreeKind, SpeedClass, raold_os, spanning_tree};
use loadbal::montecarlo::MonteCarlo;
use loadbal_cli::output::{Cell, FormatArgs, Table};
use loadbal_cli::support::{self as cli, Failure};

/// Mean RAOLD-OS finish time and eccentricity of each spanning tree on random graphs (Jia,
/// §4.2.3).
///
/// Random connected graphs of 10 and 50 nodes, link probability 0.3, 0.5 and 0.8, link
/// parameters of the low or high class (processors low), load 1e8, root node 0. One row per
/// cell and tree (SPT, MST, FHT, RST, EST): nodes, p_link, links, tree, mean_time, time_se,
/// mean_eccentricity. Seeded: the same seed and replications give the same
/// table on any machine and thread count.
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
    format: FormatArgs,
}

/// Random graphs one process may draw: about a millisecond each, so the limit is a few hours.
const MAX_GRAPHS: f64 = 1e7;

/// The harness for `replications` of `cells` cells, refused up front when it is zero or when the
/// graphs it would draw exceed [`MAX_GRAPHS`].
fn harness(seed: u64, replications: u64, cells: usize) -> Result<MonteCarlo, Failure> {
    let mc = MonteCarlo::new(seed, replications)
        .map_err(|e| Failure::usage(format!("--replications {replications}: {e}")))?;
    let flag = format!("--replications {replications}");
    cli::check_work(&flag, replications as f64 * cells as f64, "random graphs", MAX_GRAPHS)?;
    Ok(mc)
}

/// `loadbal unaware trees`.
pub fn trees(a: TreesArgs) -> Result<(), Failure> {
    let kinds = SpanningTreeKind::ALL;
    let mut cells = Vec::new();
    for nodes in [10, 50] {
        for p in [0.3, 0.5, 0.8] {
            for links in [SpeedClass::Low, SpeedClass::High] {
                cells.push((nodes, p, links));
            }
        }
    }
    let mc = harness(a.seed, a.replications, cells.len())?;
    let bar = cli::progress((cells.len() as u64).saturating_mul(a.replications), "random-graph replications");
    let mut t = Table::new(["nodes", "p_link", "links", "tree", "mean_time", "time_se", "mean_eccentricity"]);
    let unit = CostScale::unit();
    for (nodes, p, links) in cells {
        let spec = RandomGraph::chapter4(nodes, p, links, SpeedClass::Low);
        let est = mc
            .estimate_vec(2 * kinds.len(), |_, rng, o| {
                let g = spec.generate(rng).ok();
                for (k, &kind) in kinds.iter().enumerate() {
                    let r = g.as_ref().and_then(|g| {
                        let tree = spanning_tree(g, 0, kind, unit).ok()?;
                        Some((raold_os(&tree, g.w(), 1e8, unit).ok()?.finish_time, tree.eccentricity() as f64))
                    });
                    let (time, ecc) = r.unwrap_or((f64::NAN, f64::NAN));
                    o[k] = time;
                    o[kinds.len() + k] = ecc;
                }
                bar.inc(1);
            })
            .map_err(|e| Failure::failed(format!("Monte Carlo: {e}")))?;
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
    bar.finish_and_clear();
    t.print(a.format.format())
}
