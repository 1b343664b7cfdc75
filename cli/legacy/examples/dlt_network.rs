//! Reads a divisible-load network description (JSON), solves it and prints the allocation, the
//! makespan and the Gantt chart of the executed schedule as CSV.
//!
//! ```text
//! cargo run --release --example dlt_network -- examples/data/dlt_star.json
//! ```
//!
//! Input: `{"kind": "star", "root": {"FrontEnd": {"w": 2.0}}, "children": [[z, w], ...],
//! "scale": {"t_cp": 1.0, "t_cm": 1.0}, "load": 1.0, "order": "Optimal"}` (the root may also be
//! `{"NoFrontEnd": {"w": …}}` or `"NonComputing"`), or `"kind": "chain"` with `w`, `z` and
//! `front_end`, or `"kind": "tree"` with `tree` (flat nodes, parents first). `scale`, `load` and
//! `order` may be left out (unit scale, load 1, optimal order).
//! Output: two CSV blocks separated by a blank line: the allocation (`processor,alpha,
//! participating` after `makespan` and `w_equivalent` lines) and the Gantt rows.

use loadbal::dlt::engine::Trace;
use loadbal::dlt::{
    Allocation, CostScale, DaisyChain, Options, OrderPolicy, Root, Star, Tree, chain_allocate, chain_simulate,
    star_allocate, star_simulate, tree_allocate, tree_simulate,
};
use serde::Deserialize;
use std::path::PathBuf;
use std::process::ExitCode;

#[path = "common/cli.rs"]
mod cli;
use cli::Failure;

fn unit_load() -> f64 {
    1.0
}

fn optimal() -> OrderPolicy {
    OrderPolicy::Optimal
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum Input {
    Star {
        root: Root,
        children: Vec<(f64, f64)>,
        #[serde(default)]
        scale: CostScale,
        #[serde(default = "unit_load")]
        load: f64,
        #[serde(default = "optimal")]
        order: OrderPolicy,
    },
    Chain {
        w: Vec<f64>,
        z: Vec<f64>,
        front_end: bool,
        #[serde(default)]
        scale: CostScale,
        #[serde(default = "unit_load")]
        load: f64,
    },
    Tree {
        tree: Tree,
        #[serde(default)]
        scale: CostScale,
        #[serde(default = "unit_load")]
        load: f64,
        #[serde(default = "optimal")]
        order: OrderPolicy,
    },
}

/// Processors whose allocation and Gantt rows would exceed the memory guard (about 1 KiB each
/// for the trace and its rows).
const BYTES_PER_PROCESSOR: u128 = 1024;

fn solve(input: &Input) -> Result<(Allocation, Trace), loadbal::dlt::DltError> {
    Ok(match input {
        Input::Star { root, children, scale, load, order } => {
            let star = Star::new(*root, children);
            let a = star_allocate(star, Options { load: *load, scale: *scale, order: *order })?;
            let t = star_simulate(star, &a, *scale)?;
            (a, t)
        }
        Input::Chain { w, z, front_end, scale, load } => {
            let chain = DaisyChain { w, z, front_end: *front_end };
            let a = chain_allocate(chain, Options::load(*load).with_scale(*scale))?;
            let t = chain_simulate(chain, &a, *scale)?;
            (a, t)
        }
        Input::Tree { tree, scale, load, order } => {
            let s = tree_allocate(tree, Options { load: *load, scale: *scale, order: *order })?;
            let t = tree_simulate(tree, &s, *scale)?;
            (s.allocation, t)
        }
    })
}

/// Solves a divisible-load network given as JSON and prints its allocation and Gantt chart.
#[derive(clap::Parser)]
#[command(name = "dlt_network")]
struct Cli {
    /// Network description (JSON): star, chain or tree, as described at the top of this program.
    #[arg(default_value = "examples/data/dlt_star.json")]
    network: PathBuf,
}

fn run(cli: &Cli) -> Result<(), Failure> {
    let path = &cli.network;
    let text = cli::read_input(path)?;
    let input: Input = serde_json::from_str(&text)
        .map_err(|e| Failure::usage(format!("{}: not a network description: {e}", path.display())))?;
    let size = match &input {
        Input::Star { children, .. } => children.len(),
        Input::Chain { w, .. } => w.len(),
        Input::Tree { tree, .. } => tree.len(),
    };
    cli::check_memory("the schedule and its Gantt chart", size as u128 * BYTES_PER_PROCESSOR)?;
    let (alloc, trace) = solve(&input).map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
    let mut out = String::new();
    out += &format!(
        "makespan,{}\nw_equivalent,{}\nengine_makespan,{}\n",
        alloc.makespan, alloc.w_equivalent, trace.compute_makespan
    );
    out += "processor,alpha,participating\n";
    for (i, (a, p)) in alloc.alpha.iter().zip(&alloc.participating).enumerate() {
        out += &format!("{i},{a},{p}\n");
    }
    out += "\n";
    out += &trace.gantt_csv();
    cli::print(&out)
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("dlt_network");
    cli::exit("dlt_network", run(&cli))
}
