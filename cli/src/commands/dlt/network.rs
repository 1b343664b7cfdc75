//! `loadbal dlt star|chain|tree FILE`: the allocation of a network read from a JSON file,
//! executed on the event engine.

use std::path::{Path, PathBuf};

use loadbal::dlt::engine::Trace;
use loadbal::dlt::{Allocation, Chain, CostScale, DltError, Options, OrderPolicy, Root, Star, Tree, Worker};
use loadbal_cli::output::{self, Cell, FormatArgs, Table};
use loadbal_cli::support::{self as cli, Failure};
use serde::Deserialize;

/// Options shared by `star`, `chain` and `tree`.
#[derive(clap::Args)]
pub struct Common {
    /// The network (JSON; its format is under --help).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Print the engine's Gantt chart (one row per activity of each node) instead of the
    /// allocation.
    #[arg(long)]
    gantt: bool,
    #[command(flatten)]
    format: FormatArgs,
}

/// Allocation of a star (a root and its workers) read from a JSON file.
///
/// The root sends each worker i its share over a link of inverse speed z_i, one worker at a
/// time; worker i computes at inverse speed w_i. Prints, per processor (0 = the root), its share alpha of the load, whether
/// it takes part, its position in the send order and its finish time when the schedule is
/// executed on the event engine, with the closed-form makespan T and the equivalent
/// processor's w.
///
/// FILE: {"root": {"FrontEnd": {"w": 2.0}}, "workers": [{"w": 4.0, "z": 1.0}, ...], "scale":
/// {"t_cp": 1.0, "t_cm": 1.0}, "load": 1.0, "order": "Optimal"}: each worker names its
/// inverse computing speed w and its link's inverse speed z. The root may also be {"NoFrontEnd": {"w":
/// ...}} (it sends first, then computes) or "NonComputing"; order "Optimal" serves the fastest
/// links first, "AsGiven" the input order; scale, load and order may be left out (unit
/// scale, load 1, optimal order); "kind": "star" is accepted.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct StarArgs {
    #[command(flatten)]
    common: Common,
}

/// Allocation of a linear chain fed from one end (Jia, eqs. (2.15)-(2.16)) read from a JSON
/// file.
///
/// Processor 0 holds the load and each processor forwards the rest down the chain. Prints,
/// per processor, its share alpha of the load and its finish time on the event engine, with
/// the closed-form makespan T.
///
/// FILE: {"w": [w_0, ..., w_n-1], "z": [z_1, ..., z_n-1], "front_end": true, "scale":
/// {"t_cp": 1.0, "t_cm": 1.0}, "load": 1.0}: one link fewer than processors; front_end says
/// whether a processor computes while it forwards; scale and load may be left out;
/// "kind": "chain" is accepted.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct ChainArgs {
    #[command(flatten)]
    common: Common,
}

/// Allocation of a multi-level tree (Jia, eqs. (4.3)-(4.4)) read from a JSON file.
///
/// Each node sends to its
/// children one after the other (or all at once with "ports": "All") and computes its own
/// share. Prints, per node, its share alpha of the load and its finish time on the event
/// engine, with the closed-form makespan T.
///
/// FILE: {"tree": {"nodes": [{"parent": null, "z": 0.0, "w": 2.0, "front_end": true, "ports":
/// "Single"}, {"parent": 0, "z": 0.2, "w": null, ...}, ...]}, "scale": {...}, "load": 10.0,
/// "order": "Optimal"}: nodes listed parents first, node 0 the root; "w": null is a relay that
/// does not compute; scale, load and order may be left out; "kind": "tree" is accepted.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct TreeArgs {
    #[command(flatten)]
    common: Common,
}

fn unit_load() -> f64 {
    1.0
}

fn optimal() -> OrderPolicy {
    OrderPolicy::Optimal
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StarFile {
    kind: Option<String>,
    root: Root,
    workers: Vec<Worker>,
    #[serde(default)]
    scale: CostScale,
    #[serde(default = "unit_load")]
    load: f64,
    #[serde(default = "optimal")]
    order: OrderPolicy,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChainFile {
    kind: Option<String>,
    w: Vec<f64>,
    z: Vec<f64>,
    front_end: bool,
    #[serde(default)]
    scale: CostScale,
    #[serde(default = "unit_load")]
    load: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TreeFile {
    kind: Option<String>,
    tree: Tree,
    #[serde(default)]
    scale: CostScale,
    #[serde(default = "unit_load")]
    load: f64,
    #[serde(default = "optimal")]
    order: OrderPolicy,
}

/// Working memory per processor: the parsed input, the allocation, the engine's trace and the
/// output rows (a few hundred bytes; 1 KiB leaves room).
const BYTES_PER_PROCESSOR: u128 = 1024;

/// Bytes of working memory per byte of the input file (its text, serde's buffers and the
/// parsed vectors).
const BYTES_PER_INPUT_BYTE: u64 = 16;

/// Networks from this size on get a spinner while they are solved and executed.
const SPINNER_FROM: usize = 100_000;

/// Reads `file` as the description of a `kind` network. A file whose `"kind"` (optional, as
/// written for the former `dlt_network` program) names another network is refused with the
/// subcommand to use.
fn read<T: serde::de::DeserializeOwned>(file: &Path, kind: &str, tag: fn(&T) -> Option<&str>) -> Result<T, Failure> {
    let text = cli::read_input_sized(file, BYTES_PER_INPUT_BYTE)?;
    let wrong_kind = |k: &str| {
        Failure::usage(format!(
            "{}: describes a network of kind {k:?}, not a {kind}; use `loadbal dlt {k}`",
            file.display()
        ))
    };
    match serde_json::from_str::<T>(&text) {
        Ok(input) => match tag(&input) {
            Some(k) if k != kind => Err(wrong_kind(k)),
            _ => Ok(input),
        },
        Err(e) => {
            let value = serde_json::from_str::<serde_json::Value>(&text).ok();
            match value.as_ref().and_then(|v| v.get("kind")).and_then(|k| k.as_str()) {
                Some(k) if k != kind => Err(wrong_kind(k)),
                _ => Err(Failure::usage(format!("{}: not a {kind} network description: {e}", file.display()))),
            }
        }
    }
}

/// A solver error about `file`: bad values are usage errors (exit 2); a result that double
/// precision cannot hold, or a solver that fails, is a failure (exit 1) said in plain words.
fn solver_error(file: &Path, e: DltError) -> Failure {
    let f = file.display();
    match e {
        DltError::Unrepresentable { value, .. } => {
            let how = if value.is_nan() {
                "the computation overflows to infinity and yields no number (NaN)"
            } else if value.is_infinite() {
                "the makespan or a share overflows (beyond about 1.8e308)"
            } else {
                "the makespan or the shares underflow to zero"
            };
            Failure::failed(format!(
                "{f}: the network cannot be solved in double precision: its scaled costs w·T_cp and z·T_cm \
                 and its load are too large or too small, so {how}; express the speeds, the scale or the load \
                 in other units"
            ))
        }
        DltError::IllConditioned { .. } | DltError::NotConverged { .. } => Failure::failed(format!("{f}: {e}")),
        e => Failure::usage(format!("{f}: {e}")),
    }
}

/// Refuses a network whose allocation, engine run and allocation table would exceed the
/// memory guard (the Gantt chart, whose length the run decides, is checked in [`emit`]); a
/// spinner for large networks.
fn guard(size: usize) -> Result<indicatif::ProgressBar, Failure> {
    cli::check_memory(
        "the allocation, its engine run and the output",
        (size as u128).saturating_mul(BYTES_PER_PROCESSOR) + output::table_bytes(size as u128, 8),
    )?;
    Ok(if size >= SPINNER_FROM {
        cli::spinner(&format!("solving and executing a network of {size} processors"))
    } else {
        indicatif::ProgressBar::hidden()
    })
}

/// `loadbal dlt star FILE`.
pub fn star(args: StarArgs) -> Result<(), Failure> {
    let c = &args.common;
    let input: StarFile = read(&c.file, "star", |s: &StarFile| s.kind.as_deref())?;
    let bar = guard(input.workers.len() + 1)?;
    let opts = Options { load: input.load, scale: input.scale, order: input.order };
    let solved = Star::new(input.root, input.workers)
        .and_then(|star| star.allocate(opts).and_then(|a| Ok((star.simulate(&a, input.scale)?, a))));
    bar.finish_and_clear();
    let (trace, alloc) = solved.map_err(|e| solver_error(&c.file, e))?;
    emit(&alloc, &trace, c)
}

/// `loadbal dlt chain FILE`.
pub fn chain(args: ChainArgs) -> Result<(), Failure> {
    let c = &args.common;
    let input: ChainFile = read(&c.file, "chain", |s: &ChainFile| s.kind.as_deref())?;
    let bar = guard(input.w.len())?;
    let chain = Chain { w: input.w.to_vec(), z: input.z.to_vec(), front_end: input.front_end };
    let opts = Options::load(input.load).with_scale(input.scale);
    let solved = chain.allocate(opts).and_then(|a| Ok((chain.simulate(&a, input.scale)?, a)));
    bar.finish_and_clear();
    let (trace, alloc) = solved.map_err(|e| solver_error(&c.file, e))?;
    emit(&alloc, &trace, c)
}

/// `loadbal dlt tree FILE`.
pub fn tree(args: TreeArgs) -> Result<(), Failure> {
    let c = &args.common;
    let input: TreeFile = read(&c.file, "tree", |s: &TreeFile| s.kind.as_deref())?;
    let bar = guard(input.tree.len())?;
    let opts = Options { load: input.load, scale: input.scale, order: input.order };
    let solved = input.tree.allocate(opts).and_then(|s| Ok((input.tree.simulate(&s, input.scale)?, s.allocation)));
    bar.finish_and_clear();
    let (trace, alloc) = solved.map_err(|e| solver_error(&c.file, e))?;
    emit(&alloc, &trace, c)
}

/// Prints the allocation (or the Gantt chart) in the chosen format, unless a value fell
/// below the normal range of double precision, where digits are lost without an error.
fn emit(alloc: &Allocation, trace: &Trace, c: &Common) -> Result<(), Failure> {
    if alloc.makespan.is_subnormal() || alloc.alpha.iter().any(|x| x.is_subnormal()) {
        return Err(Failure::failed(format!(
            "{}: the network cannot be solved in double precision: its scaled costs w·T_cp and z·T_cm and \
             its load are too small, so the makespan or a share falls below 2.2e-308, where digits are lost; \
             express the speeds, the scale or the load in other units",
            c.file.display()
        )));
    }
    let format = c.format.format();
    if c.gantt {
        let rows: usize = trace
            .nodes
            .iter()
            .map(|n| n.receptions.len() + n.computations.len() + n.sends.len() + n.collections.len())
            .sum();
        cli::check_memory(
            "the Gantt chart",
            rows as u128 * std::mem::size_of::<loadbal::dlt::engine::GanttRow>() as u128
                + output::table_bytes(rows as u128, 6),
        )?;
        let mut t = Table::new(["node", "kind", "start", "end", "amount", "peer"]);
        for r in trace.gantt() {
            t.push(vec![
                Cell::Count(r.node as u64),
                r.kind.as_str().into(),
                r.start.into(),
                r.end.into(),
                r.amount.into(),
                r.peer.map(|p| p as u64).into(),
            ]);
        }
        return t.print(format);
    }
    let mut t = Table::new([
        "processor",
        "alpha",
        "participating",
        "send_position",
        "finish",
        "makespan",
        "w_equivalent",
        "engine_makespan",
    ]);
    for (i, (&a, &p)) in alloc.alpha.iter().zip(&alloc.participating).enumerate() {
        let position = alloc.send_order.iter().position(|&j| j == i).map(|k| k as u64 + 1);
        let finish = trace.nodes.get(i).and_then(|n| n.finish);
        t.push(vec![
            Cell::Count(i as u64),
            a.into(),
            (if p { "yes" } else { "no" }).into(),
            position.into(),
            finish.into(),
            alloc.makespan.into(),
            alloc.w_equivalent.into(),
            trace.compute_makespan.into(),
        ]);
    }
    output::print_with_constants(&t, &["makespan", "w_equivalent", "engine_makespan"], format)
}
