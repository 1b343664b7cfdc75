//! Resource-unaware divisible-load strategies of Jia from the command line.
//!
//! ```text
//! cargo run --release --example unaware_dlt -- graph examples/data/unaware_graph.txt 100 [--root 0] [--out DIR]
//!                                                 [--t-star 2 --hop-delay 1]
//!     every spanning tree (SPT, MST, FHT, RST, EST) with its RAOLD-OS schedule, as JSON lines,
//!     then the §4.1 reporting scheme (SPT over the nodes known at T*); with --out, the engine's
//!     Gantt chart of each schedule as DIR/<tree>_gantt.csv
//! cargo run --release --example unaware_dlt -- snp [--out DIR]
//!     SLD on the reconstructed Fig. 3.8 tree (Table 3.2): the dispatches as CSV on stdout,
//!     the engine's Gantt charts as DIR/snp_gantt_<rule>.csv, and SLD end to end (probe copies
//!     and reports on the engine, then the plan) as DIR/snp_gantt_end_to_end.csv with its plan
//!     and finish times in DIR/snp_end_to_end.json
//! cargo run --release --example unaware_dlt -- chain [--n 8] [--seed 1] [--out DIR]
//!     ESS, WCS(2) and pureDLT on one random thesis chain, run on the engine (probe copies,
//!     PTC reports) beside the closed forms; Gantt charts as DIR/chain_<strategy>.csv
//! cargo run --release --example unaware_dlt -- dnp [--out DIR]
//!     DLD on the DNP example (Table 3.3) on the engine with the §3.5 speed changes: the
//!     dispatches as CSV, the Gantt chart as DIR/dnp_gantt.csv; then the same run with the
//!     probe executed on the engine (finish time on stderr)
//! cargo run --release --example unaware_dlt -- sweep [--replications 400]
//!     mean ESS / WCS(k) / pureDLT finish times on random chains (n = 15, r_f = 0.5) against η
//!     and ε, as CSV (the shape of Figs. 2.4/2.5)
//! cargo run --release --example unaware_dlt -- trees [--replications 20]
//!     mean RAOLD-OS time and eccentricity of each spanning tree on Chapter 4 random graphs, CSV
//! ```
//! A graph file is the text format of `Graph::parse` or, if it ends in `.json`, the JSON form.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use loadbal::dlt::CostScale;
use loadbal::dlt::unaware::{
    ChainConfig, ChainSampler, ChainStrategy, DldConfig, GivenProbe, Graph, Probe, RandomGraph, RelayRule,
    ReportingConfig, RootWhileWaiting, Rules, SldConfig, SpanningTreeKind, SpeedClass, UnawareError, chain_experiment,
    dld, dld_probed, dnp_changes, execute_sld, execute_tree, fig_3_8, linear_schedule, probe_tree, pure_dlt, raold_os,
    reporting_scheme, run_chain, run_sld, sld, spanning_tree,
};
use loadbal::montecarlo::MonteCarlo;
use rand::SeedableRng;

#[path = "common/cli.rs"]
mod cli;
use cli::Failure;

/// Resource-unaware divisible-load strategies of Jia (probing, SLD/DLD, spanning trees, chains).
#[derive(clap::Parser)]
#[command(name = "unaware_dlt", allow_negative_numbers = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Every spanning tree (SPT, MST, FHT, RST, EST) of a graph file with its RAOLD-OS schedule
    /// (JSON lines), then the reporting scheme of Jia, §4.1.
    #[command(allow_negative_numbers = true)]
    Graph {
        /// Graph file: the text format (`node ID W`, `edge U V Z`) or JSON if it ends in `.json`.
        file: PathBuf,
        /// Load to distribute (> 0).
        #[arg(value_parser = cli::positive)]
        load: f64,
        /// Root node.
        #[arg(long, default_value_t = 0)]
        root: usize,
        /// Directory for the engine's Gantt charts.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Reporting deadline T* of the reporting scheme (≥ 0).
        #[arg(long, value_parser = cli::non_negative, default_value = "2")]
        t_star: f64,
        /// Delay per hop of a report (≥ 0).
        #[arg(long, value_parser = cli::non_negative, default_value = "1")]
        hop_delay: f64,
    },
    /// SLD on the reconstructed Fig. 3.8 tree (Jia, Table 3.2).
    #[command(allow_negative_numbers = true)]
    Snp {
        /// Directory for the Gantt charts and the end-to-end summary.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// ESS, WCS(2) and pureDLT on one random thesis chain, on the engine and in closed form.
    #[command(allow_negative_numbers = true)]
    Chain {
        /// Processors of the chain (≥ 2).
        #[arg(long, value_parser = cli::count, default_value = "8")]
        n: u64,
        /// Seed of the chain's draw.
        #[arg(long, value_parser = cli::count, default_value = "1")]
        seed: u64,
        /// Directory for the Gantt charts.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// DLD on the DNP example (Jia, Table 3.3) with the speed changes of Jia, §3.5.
    #[command(allow_negative_numbers = true)]
    Dnp {
        /// Directory for the Gantt chart.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Mean ESS / WCS(k) / pureDLT finish times on random chains against η and ε (Jia, Figs. 2.4/2.5).
    #[command(allow_negative_numbers = true)]
    Sweep {
        /// Monte Carlo replications per cell (≥ 1).
        #[arg(long, value_parser = cli::count, default_value = "400")]
        replications: u64,
    },
    /// Mean RAOLD-OS time and eccentricity of each spanning tree on Chapter 4 random graphs.
    #[command(allow_negative_numbers = true)]
    Trees {
        /// Monte Carlo replications per cell (≥ 1).
        #[arg(long, value_parser = cli::count, default_value = "20")]
        replications: u64,
    },
}

/// A model error: exit 1 with what was computed.
fn model(what: &str) -> impl Fn(UnawareError) -> Failure + '_ {
    move |e| Failure::model(what, e)
}

fn create_dir(dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|e| Failure::failed(format!("cannot create {}: {e}", dir.display())))
}

fn write(dir: &Option<PathBuf>, name: &str, contents: &str) -> Result<(), Failure> {
    match dir {
        Some(d) => cli::write_output(&d.join(name), contents),
        None => Ok(()),
    }
}

fn graph(file: &Path, load: f64, root: usize, out: &Option<PathBuf>, t_star: f64, hop: f64) -> Result<(), Failure> {
    let text = cli::read_input(file)?;
    let is_json = file.extension().is_some_and(|e| e == "json");
    let g: Graph = if is_json {
        serde_json::from_str(&text).map_err(|e| Failure::usage(format!("{}: not a graph: {e}", file.display())))?
    } else {
        Graph::parse(&text).map_err(|e| Failure::usage(format!("{}: {e}", file.display())))?
    };
    // The spanning trees keep a few per-pair tables: about 16 bytes per pair of nodes.
    cli::check_memory("the spanning trees of this graph", (g.len() as u128).pow(2) * 16)?;
    if root >= g.len() {
        return Err(Failure::usage(format!("--root {root}: the graph has {} nodes (0..{})", g.len(), g.len())));
    }
    for kind in SpanningTreeKind::ALL {
        let tree = spanning_tree(&g, root, kind, CostScale::unit())
            .map_err(|e| Failure::usage(format!("{}: {e}", file.display())))?;
        let s = raold_os(&tree, g.w(), load, CostScale::unit()).map_err(model("RAOLD-OS"))?;
        let line = serde_json::json!({
            "tree": kind.name(),
            "parents": tree.parents(),
            "eccentricity": tree.eccentricity(),
            "w_eq": s.w_eq,
            "finish_time": s.finish_time,
            "loads": s.loads,
        });
        cli::println(line)?;
        if out.is_some() {
            let ws: Vec<Option<f64>> = g.w().iter().map(|&x| Some(x)).collect();
            let run = execute_tree(&tree, &ws, &s.loads, CostScale::unit()).map_err(model("engine run"))?;
            write(out, &format!("{}_gantt.csv", kind.name()), &run.gantt_csv())?;
        }
    }
    let r = reporting_scheme(&g, root, &ReportingConfig::new(load, t_star, hop)).map_err(model("reporting scheme"))?;
    let line = serde_json::json!({
        "tree": "reporting scheme (SPT over the nodes known at T*)",
        "t_star": t_star,
        "hop_delay": hop,
        "known": r.known,
        "finish_time": r.finish_time,
        "engine_makespan_after_t_star": r.run.trace.compute_makespan,
    });
    cli::println(line)
}

fn chain(n: u64, seed: u64, out: &Option<PathBuf>) -> Result<(), Failure> {
    if n < 2 {
        return Err(Failure::usage(format!("--n {n}: a chain needs at least 2 processors")));
    }
    // The engine keeps a trace per processor and phase: about 64 bytes per pair.
    cli::check_memory("the chain runs", u128::from(n).pow(2) * 64)?;
    let n = usize::try_from(n).map_err(|_| Failure::usage(format!("--n {n} is too large")))?;
    let chain = ChainSampler::thesis(n, 0.75).sample(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
    let cfg = ChainConfig::thesis(0.03, 0.07);
    let mut text = String::from("strategy,engine_finish,closed_form,probe_finish,phases,responders\n");
    for (name, strategy) in [
        ("ESS", ChainStrategy::Wcs(1)),
        ("WCS2", ChainStrategy::Wcs(2)),
        ("pureDLT", ChainStrategy::PureDlt(RootWhileWaiting::Idle)),
    ] {
        let run = run_chain(&chain, &cfg, strategy).map_err(model(name))?;
        let closed = match strategy {
            ChainStrategy::Wcs(k) => linear_schedule(&chain, &cfg, k).map_err(model(name))?.finish_time,
            ChainStrategy::PureDlt(mode) => pure_dlt(&chain, &cfg, mode).map_err(model(name))?,
        };
        let order: Vec<String> = run.responders.iter().map(usize::to_string).collect();
        text += &format!(
            "{name},{},{closed},{},{},{}\n",
            run.finish_time,
            run.probe_finish,
            run.phases.len(),
            order.join(" ")
        );
        write(out, &format!("chain_{name}.csv"), &run.trace.gantt_csv())?;
    }
    cli::print(&text)
}

fn snp(out: &Option<PathBuf>) -> Result<(), Failure> {
    let ex = fig_3_8();
    let cfg = SldConfig::thesis_snp();
    let mut tp =
        probe_tree(&ex.tree, &ex.w, Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).map_err(model("probe"))?.tp;
    if let Some(t) = tp.get_mut(16) {
        *t = 4.3; // as printed in Jia, Table 3.1
    }
    let mut text = String::new();
    for relay in [RelayRule::ThesisSnp, RelayRule::Physical] {
        let cfg = SldConfig { rules: Rules { relay, ..cfg.rules }, ..cfg };
        let s = sld(&ex, &tp, &cfg).map_err(model("SLD"))?;
        let run = execute_sld(&ex, &s, None, cfg.scale).map_err(model("SLD on the engine"))?;
        cli::note(format!(
            "relay rule {relay:?}: SLD finish {:.4}, engine makespan {:.4}",
            s.finish_time, run.trace.compute_makespan
        ));
        if relay == RelayRule::ThesisSnp {
            text += "phase,time,set,processor,load,phase_end\n";
            for d in &s.dispatches {
                for (v, x) in &d.loads {
                    text += &format!("{},{},{},{v},{x},{}\n", d.phase, d.time, d.set, d.finish);
                }
            }
        }
        write(out, &format!("snp_gantt_{relay:?}.csv"), &run.gantt_csv())?;
    }
    cli::print(&text)?;
    let cfg = SldConfig { rules: Rules { relay: RelayRule::Physical, top: RelayRule::Physical }, ..cfg };
    let r = run_sld(&ex, &cfg).map_err(model("SLD end to end"))?;
    cli::note(format!(
        "SLD end to end (probe on the engine, estimates from its reports): plan {:.4}, engine {:.4}, last probe {:.1}",
        r.schedule.finish_time, r.load_finish, r.run.trace.compute_makespan
    ));
    write(out, "snp_gantt_end_to_end.csv", &r.run.gantt_csv())?;
    let summary = serde_json::json!({
        "plan_finish": r.schedule.finish_time,
        "load_finish": r.load_finish,
        "last_probe": r.run.trace.compute_makespan,
    });
    write(out, "snp_end_to_end.json", &summary.to_string())
}

fn dnp(out: &Option<PathBuf>) -> Result<(), Failure> {
    let ex = fig_3_8();
    let cfg = DldConfig::thesis_dnp();
    let mut tp =
        probe_tree(&ex.tree, &ex.w, Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).map_err(model("probe"))?.tp;
    if let Some(t) = tp.get_mut(16) {
        *t = 4.3; // as printed in Jia, Table 3.1
    }
    let s = dld(&ex, &dnp_changes(), GivenProbe { tp: &tp, w_est: &ex.w }, &cfg).map_err(model("DLD"))?;
    cli::note(format!("DLD finish on the engine: {:.4}", s.finish_time));
    let probed = dld_probed(&ex, &dnp_changes(), &cfg).map_err(model("DLD with the probe"))?;
    cli::note(format!("DLD with the probe on the engine (estimates from its reports): {:.4}", probed.finish_time));
    let mut text = String::from("phase,time,set,processor,load,phase_end\n");
    for d in &s.dispatches {
        for (v, x) in &d.loads {
            text += &format!("{},{},{},{v},{x},{}\n", d.phase, d.time, d.set, d.finish);
        }
    }
    cli::print(&text)?;
    let mut csv = String::from("node,kind,start,end,amount,peer\n");
    let id = |i: usize| s.index_of.iter().position(|&x| x == Some(i));
    for r in s.trace.gantt() {
        let Some(node) = id(r.node) else { continue };
        let peer = r.peer.and_then(id).map_or(String::new(), |q| q.to_string());
        csv += &format!("{node},{},{},{},{},{peer}\n", r.kind.as_str(), r.start, r.end, r.amount);
    }
    write(out, "dnp_gantt.csv", &csv)
}

fn sweep(reps: u64) -> Result<(), Failure> {
    if reps == 0 {
        return Err(Failure::usage("--replications must be at least 1"));
    }
    let cells: Vec<(f64, f64)> = [0.01, 0.02, 0.03, 0.05, 0.07, 0.1]
        .into_iter()
        .flat_map(|eta| [0.07, 0.12, 0.2].into_iter().filter(move |&eps| eps >= eta).map(move |eps| (eta, eps)))
        .collect();
    let bar = cli::progress(cells.len() as u64, "chain sweep cells");
    let mut text = String::from("eta,eps,ess,wcs,pure,ess_se,wcs_se,pure_se\n");
    for (eta, eps) in cells {
        let mc = MonteCarlo::new(11, reps).map_err(|e| Failure::usage(format!("--replications: {e}")))?;
        let c = chain_experiment(&ChainSampler::thesis(15, 0.5), &ChainConfig::thesis(eta, eps), &mc)
            .map_err(model("chain experiment"))?;
        text += &format!(
            "{eta},{eps},{},{},{},{},{},{}\n",
            c.ess.mean, c.wcs.mean, c.pure.mean, c.ess.std_err, c.wcs.std_err, c.pure.std_err
        );
        bar.inc(1);
    }
    bar.finish_and_clear();
    cli::print(&text)
}

fn trees(reps: u64) -> Result<(), Failure> {
    let kinds = SpanningTreeKind::ALL;
    let mc = MonteCarlo::new(5, reps).map_err(|e| Failure::usage(format!("--replications: {e}")))?;
    let bar = cli::progress(12, "random-graph cells");
    let mut text = String::from("nodes,p_link,links,tree,mean_time,time_se,mean_eccentricity\n");
    for nodes in [10, 50] {
        for p in [0.3, 0.5, 0.8] {
            for links in [SpeedClass::Low, SpeedClass::High] {
                let spec = RandomGraph::chapter4(nodes, p, links, SpeedClass::Low);
                let est = mc
                    .estimate_vec(2 * kinds.len(), |_, rng, o| {
                        let g = spec.generate(rng).ok();
                        for (k, &kind) in kinds.iter().enumerate() {
                            let r = g.as_ref().and_then(|g| {
                                let t = spanning_tree(g, 0, kind, CostScale::unit()).ok()?;
                                Some((
                                    raold_os(&t, g.w(), 1e8, CostScale::unit()).ok()?.finish_time,
                                    t.eccentricity() as f64,
                                ))
                            });
                            let (time, ecc) = r.unwrap_or((f64::NAN, f64::NAN));
                            if let Some(x) = o.get_mut(k) {
                                *x = time;
                            }
                            if let Some(x) = o.get_mut(kinds.len() + k) {
                                *x = ecc;
                            }
                        }
                    })
                    .map_err(|e| Failure::failed(format!("Monte Carlo: {e}")))?;
                for (k, kind) in kinds.iter().enumerate() {
                    let (Some(t), Some(e)) = (est.get(k), est.get(kinds.len() + k)) else { continue };
                    text += &format!("{nodes},{p},{links:?},{},{},{},{}\n", kind.name(), t.mean, t.std_err, e.mean);
                }
                bar.inc(1);
            }
        }
    }
    bar.finish_and_clear();
    cli::print(&text)
}

fn run(cli: Cli) -> Result<(), Failure> {
    let out = match &cli.command {
        Command::Graph { out, .. } | Command::Snp { out } | Command::Chain { out, .. } | Command::Dnp { out } => {
            out.clone()
        }
        Command::Sweep { .. } | Command::Trees { .. } => None,
    };
    if let Some(dir) = &out {
        create_dir(dir)?;
    }
    match cli.command {
        Command::Graph { file, load, root, t_star, hop_delay, .. } => graph(&file, load, root, &out, t_star, hop_delay),
        Command::Snp { .. } => snp(&out),
        Command::Chain { n, seed, .. } => chain(n, seed, &out),
        Command::Dnp { .. } => dnp(&out),
        Command::Sweep { replications } => sweep(replications),
        Command::Trees { replications } => trees(replications),
    }
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("unaware_dlt");
    cli::exit("unaware_dlt", run(cli))
}
