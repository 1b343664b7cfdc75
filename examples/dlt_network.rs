//! Reads a divisible-load network description (JSON), solves it and prints the allocation, the
//! makespan and the Gantt chart of the executed schedule as CSV.
//!
//! ```text
//! cargo run --release --example dlt_network -- examples/data/dlt_star.json
//! ```
//!
//! Input: `{"kind": "star", "root": "FrontEnd", "w_root": 2.0, "children": [[z, w], ...],
//! "scale": {"t_cp": 1.0, "t_cm": 1.0}, "load": 1.0, "order": "Optimal"}`, or `"kind": "chain"`
//! with `w`, `z` and `front_end`, or `"kind": "tree"` with `tree` (flat nodes, parents first).
//! Output: two CSV blocks separated by a blank line: the allocation (`processor,alpha,
//! participating` after `makespan` and `w_equivalent` lines) and the Gantt rows.

use loadbal::dlt::engine::Trace;
use loadbal::dlt::{
    Allocation, CostScale, OrderPolicy, RootMode, Tree, chain_allocate, chain_simulate, star_allocate, star_simulate,
    tree_allocate, tree_simulate,
};
use serde::Deserialize;
use std::path::PathBuf;
use std::process::ExitCode;

#[path = "common/cli.rs"]
mod cli;
use cli::Failure;

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Input {
    Star { root: RootMode, w_root: f64, children: Vec<(f64, f64)>, scale: CostScale, load: f64, order: OrderPolicy },
    Chain { w: Vec<f64>, z: Vec<f64>, front_end: bool, scale: CostScale, load: f64 },
    Tree { tree: Tree, scale: CostScale, load: f64, order: OrderPolicy },
}

fn solve(input: &Input) -> Result<(Allocation, Trace), loadbal::dlt::DltError> {
    Ok(match input {
        Input::Star { root, w_root, children, scale, load, order } => {
            let a = star_allocate(*root, *w_root, children, *scale, *order, *load)?;
            let t = star_simulate(*root, *w_root, children, &a, *scale)?;
            (a, t)
        }
        Input::Chain { w, z, front_end, scale, load } => {
            let a = chain_allocate(w, z, *front_end, *scale, *load)?;
            let t = chain_simulate(w, z, *front_end, &a, *scale)?;
            (a, t)
        }
        Input::Tree { tree, scale, load, order } => {
            let s = tree_allocate(tree, *scale, *order, *load)?;
            let t = tree_simulate(tree, &s, *scale)?;
            (s.allocation, t)
        }
    })
}

/// Solves a divisible-load network given as JSON and prints its allocation and Gantt chart.
#[derive(clap::Parser)]
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
    let (alloc, trace) = solve(&input).map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
    println!("makespan,{}", alloc.makespan);
    println!("w_equivalent,{}", alloc.w_equivalent);
    println!("engine_makespan,{}", trace.compute_makespan);
    println!("processor,alpha,participating");
    for (i, (a, p)) in alloc.alpha.iter().zip(&alloc.participating).enumerate() {
        println!("{i},{a},{p}");
    }
    println!();
    print!("{}", trace.gantt_csv());
    Ok(())
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("dlt_network");
    cli::exit("dlt_network", run(&cli))
}
