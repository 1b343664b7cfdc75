//! Speedup against the number of processors for bus, chain, binary tree and 2-D mesh at several
//! σ = z·T_cm/(w·T_cp), with their limits, and the multi-installment makespan against the number
//! of installments. Prints two CSV blocks separated by a blank line.
//!
//! ```text
//! cargo run --release --example dlt_tables
//! cargo run --release --example dlt_tables -- --sigma 0.01,0.1 --max-processors 1e9 --installments 30
//! ```

use std::process::ExitCode;

use loadbal::dlt::{
    MeshCosts, MeshKind, Options, PortPreset, Root, RootMode, UniformStar, bus_speedup, bus_speedup_limit,
    chain_speedup, chain_speedup_limit, kary_tree_rho, kary_tree_rho_limit, layered_allocate, layered_speedup_limit,
    layers_mesh2d, multi_installment, multi_installment_limit,
};

#[path = "common/cli.rs"]
mod cli;
use cli::Failure;

/// Speedup tables of the classical divisible-load networks (Jia's setting: front-ends,
/// identical processors and links).
#[derive(clap::Parser)]
#[command(name = "dlt_tables", allow_negative_numbers = true)]
struct Cli {
    /// Communication-to-computation ratios σ, comma-separated, each > 0.
    #[arg(long, value_delimiter = ',', value_parser = cli::positive, default_value = "0.05,0.2,1")]
    sigma: Vec<f64>,
    /// Largest processor count of the bus and chain rows (powers of two up to it; any size:
    /// the closed forms take O(1) time), e.g. 1e9.
    #[arg(long, value_parser = cli::count, default_value = "1024")]
    max_processors: u64,
    /// Deepest binary tree (depth d has 2^(d+1) − 1 processors).
    #[arg(long, value_parser = cli::count, default_value = "10")]
    max_depth: u64,
    /// Largest side of the square 2-D meshes (odd sides from 3, centre originator).
    #[arg(long, value_parser = cli::count, default_value = "33")]
    max_mesh_side: u64,
    /// Workers of the multi-installment table.
    #[arg(long, value_parser = cli::count, default_value = "4")]
    workers: u64,
    /// Largest number of installments.
    #[arg(long, value_parser = cli::count, default_value = "15")]
    installments: u64,
    /// σ values of the multi-installment table, comma-separated, each > 0.
    #[arg(long, value_delimiter = ',', value_parser = cli::positive, default_value = "0.2,0.4")]
    installment_sigma: Vec<f64>,
}

fn model(what: &str) -> impl Fn(loadbal::dlt::DltError) -> Failure + '_ {
    move |e| Failure::model(what, e)
}

fn run(cli: &Cli) -> Result<(), Failure> {
    if cli.max_processors < 2 {
        return Err(Failure::usage("--max-processors must be at least 2"));
    }
    if cli.workers == 0 || cli.installments == 0 {
        return Err(Failure::usage("--workers and --installments must be at least 1"));
    }
    // Memory: a mesh of side s holds its layers (O(s)); installments hold workers × installments
    // chunks of 8 bytes, twice.
    let side = cli.max_mesh_side.max(3);
    cli::check_memory("the 2-D mesh rows", u128::from(side) * u128::from(side) * 16)?;
    cli::check_memory("the multi-installment rows", u128::from(cli.workers) * u128::from(cli.installments) * 16)?;
    let sides: Vec<u64> = (3..=side).step_by(2).filter(|s| s.is_power_of_two() || (s - 1).is_power_of_two()).collect();
    let steps = cli.sigma.len() as u64 * (sides.len() as u64 + cli.max_depth) + cli.installment_sigma.len() as u64;
    let bar = cli::progress(steps, "dlt tables");
    let mut out = String::from("topology,sigma,n,speedup,limit\n");
    let opts = Options::default();
    for &sigma in &cli.sigma {
        let bus_lim = bus_speedup_limit(RootMode::FrontEnd, sigma).map_err(model("bus limit"))?;
        let chain_lim = chain_speedup_limit(sigma, true).map_err(model("chain limit"))?;
        let tree_lim = 1.0 / kary_tree_rho_limit(sigma, true, 2, 1e-15).map_err(model("binary tree limit"))?;
        let mesh_lim = layered_speedup_limit(MeshKind::Mesh2dCentre, &PortPreset::AllPort, sigma, 1e-12)
            .map_err(model("2-D mesh limit"))?;
        let mut n = 2u64;
        loop {
            let bus = bus_speedup(RootMode::FrontEnd, sigma, n - 1).map_err(model("bus speedup"))?;
            out += &format!("bus,{sigma},{n},{bus},{bus_lim}\n");
            let chain = chain_speedup(sigma, true, n).map_err(model("chain speedup"))?;
            out += &format!("chain,{sigma},{n},{chain},{chain_lim}\n");
            match n.checked_mul(2) {
                Some(next) if next <= cli.max_processors => n = next,
                _ => break,
            }
        }
        for d in 1..=cli.max_depth {
            let rho = kary_tree_rho(sigma, true, 2, d).map_err(model("binary tree"))?;
            let n = if d < 63 { format!("{}", (1u64 << (d + 1)) - 1) } else { format!("2^{} - 1", d + 1) };
            out += &format!("binary_tree,{sigma},{n},{},{tree_lim}\n", 1.0 / rho);
            bar.inc(1);
        }
        for &s in &sides {
            let s = s as usize;
            let l = layers_mesh2d(s, s, (s / 2, s / 2), false).map_err(model("2-D mesh layers"))?;
            let sol = layered_allocate(&l, &PortPreset::AllPort, MeshCosts::linear(1.0, sigma), opts)
                .map_err(model("2-D mesh"))?;
            out += &format!("mesh_2d,{sigma},{},{},{mesh_lim}\n", s * s, 1.0 / sol.makespan);
            bar.inc(1);
        }
    }
    out += "\nworkers,sigma,installments,makespan,limit\n";
    for &sigma in &cli.installment_sigma {
        let star = UniformStar { root: Root::NonComputing, w: 1.0, z: sigma, n: cli.workers };
        let lim = multi_installment_limit(star, opts).map_err(model("multi-installment limit"))?;
        for k in 1..=cli.installments {
            let mi = multi_installment(star, k, opts).map_err(model("multi-installment"))?;
            out += &format!("{},{sigma},{k},{},{lim}\n", cli.workers, mi.makespan);
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    cli::print(&out)
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("dlt_tables");
    cli::exit("dlt_tables", run(&cli))
}
