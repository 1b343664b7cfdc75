//! `loadbal unaware graph FILE LOAD`: every spanning tree's RAOLD-OS schedule and the reporting
//! scheme on a graph file.

use std::path::{Path, PathBuf};

use loadbal::dlt::CostScale;
use loadbal::dlt::unaware::{Edge, Graph, ReportingConfig, SpanningTreeKind, UnawareError};
use loadbal_cli::output::{self, Cell, FormatArgs, Table};
use loadbal_cli::support::{self as cli, Failure};
use serde::Deserialize;

use super::{OutFiles, model};

/// Schedules a load on a graph over each spanning tree (RAOLD-OS) and by the reporting scheme.
///
/// For each spanning tree of Jia, §4.2 (SPT shortest paths, MST minimum spanning, FHT fewest
/// hops, RST (4.1)-(4.2), EST), RAOLD-OS (Jia, §4.2.2) splits LOAD so that every node finishes
/// at once; then the reporting scheme of Jia, §4.1 waits until T* for the nodes' reports and
/// schedules the nodes it knows over their shortest-path tree. Each schedule is executed on
/// the event engine. One row per strategy: tree, nodes, eccentricity, w_eq, finish_time (from
/// 0; the reporting scheme's includes the wait until T*) and engine_makespan; with --per-node,
/// one row per strategy and node: its parent, load and finish on the engine.
///
/// FILE: lines `node ID W` (inverse processor speed; ids 0 to n-1, each once) and `edge U V Z`
/// (inverse link speed), `#` starts a comment; or, if FILE ends in .json, {"w": [...],
/// "edges": [{"u": 0, "v": 1, "z": 0.5}, ...]}.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct GraphArgs {
    /// The graph file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Load to distribute (> 0).
    #[arg(value_name = "LOAD", value_parser = cli::positional_positive, allow_hyphen_values = true)]
    load: f64,
    /// Source node (the root of every tree).
    #[arg(long, value_parser = cli::count, default_value = "0")]
    root: u64,
    /// Reporting deadline T* of the reporting scheme (>= 0).
    #[arg(long, value_parser = cli::non_negative, default_value = "2")]
    t_star: f64,
    /// Time a report takes per hop (> 0).
    #[arg(long, value_parser = cli::positive, default_value = "1")]
    hop_delay: f64,
    /// One row per strategy and node instead of one per strategy.
    #[arg(long)]
    per_node: bool,
    /// Existing directory for the engine's Gantt charts, <TREE>_gantt.csv (SPT, MST, FHT,
    /// RST, EST) and reporting_gantt.csv.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
}

/// Bytes of working memory per byte of a graph file (its text, the parsed edges and the
/// adjacency lists).
const BYTES_PER_INPUT_BYTE: u64 = 16;

/// Refuses a text graph whose node ids run past the number of nodes it declares, before the
/// parser sizes its node table by the largest id (a single line `node 1000000000000 1` would
/// otherwise ask for terabytes).
fn check_node_ids(file: &Path, text: &str) -> Result<(), Failure> {
    let body = |raw: &str| raw.split('#').next().unwrap_or("").trim().to_string();
    let declared = text.lines().filter(|l| body(l).split_whitespace().next() == Some("node")).count();
    for (i, raw) in text.lines().enumerate() {
        let b = body(raw);
        let mut parts = b.split_whitespace();
        if parts.next() != Some("node") {
            continue;
        }
        if let Some(id) = parts.next().and_then(|s| s.parse::<u128>().ok())
            && id >= declared as u128
        {
            return Err(cli::bad_line(
                file,
                i + 1,
                format!(
                    "node id {id} is out of range: the file declares {declared} nodes, with ids 0 to {}",
                    declared - 1
                ),
            ));
        }
    }
    Ok(())
}

/// A graph file in JSON, `{"w": [...], "edges": [{"u": 0, "v": 1, "z": 0.5}, ...]}`, read before
/// [`Graph::new`] validates it (so that a malformed file and an invalid graph get their own messages).
#[derive(Deserialize)]
struct GraphFile {
    w: Vec<f64>,
    edges: Vec<Edge>,
}

/// Reads a graph file (text, or JSON when it ends in `.json`).
fn read_graph(file: &Path) -> Result<Graph, Failure> {
    let text = cli::read_input_sized(file, BYTES_PER_INPUT_BYTE)?;
    let f = file.display();
    if file.extension().is_some_and(|e| e == "json") {
        let spec: GraphFile =
            serde_json::from_str(&text).map_err(|e| Failure::usage(format!("{f}: not a graph: {e}")))?;
        return Graph::new(spec.w, spec.edges).map_err(|e| Failure::usage(format!("{f}: {e}")));
    }
    check_node_ids(file, &text)?;
    Graph::parse(&text).map_err(|e| match e {
        UnawareError::Parse { line, reason } if line > 0 => cli::bad_line(file, line, reason),
        UnawareError::Parse { reason, .. } => Failure::usage(format!("{f}: {reason}")),
        e => Failure::usage(format!("{f}: {e}")),
    })
}

/// One strategy's result: its tree (parents by graph id), loads and engine finish times by
/// graph id.
struct Strategy {
    name: String,
    nodes: usize,
    eccentricity: usize,
    w_eq: f64,
    finish_time: f64,
    engine_makespan: f64,
    parent: Vec<Option<usize>>,
    load: Vec<Option<f64>>,
    finish: Vec<Option<f64>>,
}

/// `loadbal unaware graph FILE LOAD`.
pub fn run(a: GraphArgs) -> Result<(), Failure> {
    let mut names: Vec<String> = SpanningTreeKind::ALL.iter().map(|k| format!("{}_gantt.csv", k.name())).collect();
    names.push("reporting_gantt.csv".to_string());
    let mut out = OutFiles::check(a.out.clone(), &names.iter().map(String::as_str).collect::<Vec<_>>())?;
    let g = read_graph(&a.file)?;
    let n = g.len();
    // The spanning trees keep a few per-pair tables (about 16 bytes per pair of nodes); the
    // per-node output has a row per strategy and node.
    cli::check_memory("the spanning trees of this graph", (n as u128).saturating_pow(2).saturating_mul(16))?;
    cli::check_memory("the output", output::table_bytes(6 * n as u128, 6))?;
    let root = usize::try_from(a.root).ok().filter(|&r| r < n).ok_or_else(|| {
        Failure::usage(format!("--root {}: the graph has {n} nodes, numbered 0 to {}", a.root, n - 1))
    })?;
    let bar = cli::progress(SpanningTreeKind::ALL.len() as u64 + 1, "spanning trees");
    if n < 2_000 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let unit = CostScale::unit();
    let mut strategies = Vec::new();
    for kind in SpanningTreeKind::ALL {
        let tree =
            g.spanning_tree(root, kind, unit).map_err(|e| Failure::usage(format!("{}: {e}", a.file.display())))?;
        let s = tree.raold_os(a.load, unit).map_err(model("RAOLD-OS"))?;
        if s.allocation.makespan.is_subnormal() || s.allocation.alpha.iter().any(|x| x.is_subnormal()) {
            return Err(Failure::failed(format!(
                "LOAD {}: the schedule's times and loads fall below 2.2e-308, where double precision loses \
                 digits; express the load in other units",
                output::exact(a.load)
            )));
        }
        let run = tree.execute(&s.allocation.alpha, unit).map_err(model("the engine run"))?;
        out.add(format!("{}_gantt.csv", kind.name()), || run.gantt_csv());
        strategies.push(Strategy {
            name: kind.name().to_string(),
            nodes: n,
            eccentricity: tree.eccentricity(),
            w_eq: s.allocation.w_equivalent,
            finish_time: s.allocation.makespan,
            engine_makespan: run.trace.compute_makespan,
            parent: tree.parents(),
            load: s.allocation.alpha.iter().map(|&x| Some(x)).collect(),
            finish: (0..n).map(|v| run.finish_of(v)).collect(),
        });
        bar.inc(1);
    }
    let r = g.reporting_scheme(root, &ReportingConfig::new(a.load, a.t_star, a.hop_delay)).map_err(|e| match e {
        UnawareError::NoReachableProcessor { .. } => Failure::usage(format!(
            "--t-star {}: no report reaches the source by T* (a report takes --hop-delay {} per hop); \
             choose a larger --t-star",
            output::exact(a.t_star),
            output::exact(a.hop_delay)
        )),
        e => Failure::model("the reporting scheme", e),
    })?;
    bar.finish_and_clear();
    out.add("reporting_gantt.csv", || r.run.gantt_csv());
    let mut parent = vec![None; n];
    let mut load = vec![None; n];
    let mut finish = vec![None; n];
    for (i, &v) in r.known.iter().enumerate() {
        if v < n {
            parent[v] = r.tree.parent(i).and_then(|p| r.known.get(p).copied());
            load[v] = r.load_of(v);
            finish[v] = r.run.finish_of(i).map(|t| t + r.t_star);
        }
    }
    strategies.push(Strategy {
        name: "reporting".to_string(),
        nodes: r.known.len(),
        eccentricity: r.tree.eccentricity(),
        w_eq: r.schedule.allocation.w_equivalent,
        finish_time: r.finish_time,
        engine_makespan: r.t_star + r.run.trace.compute_makespan,
        parent,
        load,
        finish,
    });
    out.write()?;
    let table = if a.per_node { per_node(&strategies) } else { per_strategy(&strategies) };
    table.print(a.format.format())
}

fn per_strategy(strategies: &[Strategy]) -> Table {
    let mut t = Table::new(["tree", "nodes", "eccentricity", "w_eq", "finish_time", "engine_makespan"]);
    for s in strategies {
        t.push(vec![
            s.name.clone().into(),
            Cell::Count(s.nodes as u64),
            Cell::Count(s.eccentricity as u64),
            s.w_eq.into(),
            s.finish_time.into(),
            s.engine_makespan.into(),
        ]);
    }
    t
}

fn per_node(strategies: &[Strategy]) -> Table {
    let mut t = Table::new(["tree", "node", "parent", "load", "finish"]);
    for s in strategies {
        for v in 0..s.load.len() {
            if s.load[v].is_none() {
                continue; // not known to the reporting scheme at T*
            }
            t.push(vec![
                s.name.clone().into(),
                Cell::Count(v as u64),
                s.parent[v].map(|p| p as u64).into(),
                s.load[v].into(),
                s.finish[v].into(),
            ]);
        }
    }
    t
}
