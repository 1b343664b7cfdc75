//! `loadbal dlt speedup` and `loadbal dlt installments`: the classical networks' tables.

use loadbal::dlt::{
    CostScale, DltError, KaryTree, Layers, MAX_PROCESSORS, MeshCosts, MeshKind, Options, PortPreset, Root, RootMode,
    UniformBus, UniformChain, UniformStar,
};
use loadbal_cli::output::{self, Cell, FormatArgs, Table};
use loadbal_cli::support::{self as cli, Failure};

/// Speedup against network size of bus, chain, binary tree and 2-D mesh, with the limits.
///
/// Identical processors and links, every processor with a front-end (Jia's setting), a
/// square mesh fed from its centre through all ports, at several ratios sigma =
/// z·T_cm/(w·T_cp); each row has the speedup's limit as the network grows.
///
/// Bus and chain rows take n = 2, 4, 8, ... up to --max-processors (closed forms, any size);
/// binary trees depths 1 to --max-depth (2^(d+1) - 1 processors); meshes the odd sides 3, 5,
/// 9, 17, ... (2^k + 1) up to --max-mesh-side. Columns: topology, sigma, n, speedup, limit.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct SpeedupArgs {
    /// Communication-to-computation ratios sigma, comma-separated, each > 0.
    #[arg(long, value_delimiter = ',', value_parser = cli::positive, default_value = "0.05,0.2,1")]
    sigma: Vec<f64>,
    /// Largest processor count of the bus and chain rows (at least 2; e.g. 1e9).
    #[arg(long, value_parser = cli::count, default_value = "1024")]
    max_processors: u64,
    /// Deepest binary tree.
    #[arg(long, value_parser = cli::count, default_value = "10")]
    max_depth: u64,
    /// Largest side of the square meshes (sides 2^k + 1 up to it; below 3, no mesh rows).
    #[arg(long, value_parser = cli::count, default_value = "33")]
    max_mesh_side: u64,
    #[command(flatten)]
    format: FormatArgs,
}

/// Multi-installment makespan against the number of installments, with its limit.
///
/// Identical workers behind a non-computing root (load 1, w = 1, z = sigma); the limit as
/// the installments grow is L·max(a/m, c). Columns: workers, sigma, installments, makespan,
/// limit.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct InstallmentArgs {
    /// Workers m (at least 1).
    #[arg(long, value_parser = cli::count, default_value = "4")]
    workers: u64,
    /// Largest number of installments (rows 1 to it; at least 1).
    #[arg(long, value_parser = cli::count, default_value = "15")]
    installments: u64,
    /// Communication-to-computation ratios sigma, comma-separated, each > 0.
    #[arg(long, value_delimiter = ',', value_parser = cli::positive, default_value = "0.2,0.4")]
    sigma: Vec<f64>,
    #[command(flatten)]
    format: FormatArgs,
}

/// A model's error as a failure naming the --sigma of the row that failed.
fn model(what: &str, sigma: f64) -> impl Fn(DltError) -> Failure + '_ {
    move |e| Failure::model(&format!("{what} at --sigma {}", output::number(sigma)), e)
}

/// Mesh sides 2^k + 1 (k ≥ 1) up to `max`, the odd sides whose centre is a node.
fn mesh_sides(max: u64) -> Vec<u64> {
    (1..64).map(|k| (1u64 << k).saturating_add(1)).take_while(|&s| s <= max).collect()
}

/// `loadbal dlt speedup`.
pub fn speedup(a: SpeedupArgs) -> Result<(), Failure> {
    if a.max_processors < 2 {
        return Err(Failure::usage(format!("--max-processors {}: must be at least 2", a.max_processors)));
    }
    let sides = mesh_sides(a.max_mesh_side);
    let largest = sides.last().copied().unwrap_or(0);
    // A mesh of side s keeps about 16 bytes per processor while its layers are built.
    cli::check_memory(
        &format!("--max-mesh-side {}: the largest mesh", a.max_mesh_side),
        u128::from(largest).saturating_pow(2).saturating_mul(16),
    )?;
    let doublings = u128::from(63 - a.max_processors.leading_zeros()); // n = 2^1 ..= 2^doublings
    let per_sigma = 2 * doublings + u128::from(a.max_depth) + sides.len() as u128;
    let rows = per_sigma * a.sigma.len() as u128;
    cli::check_memory(
        &format!("the table ({rows} rows; --max-processors, --max-depth and --sigma set its length)"),
        output::table_bytes(rows, 5),
    )?;
    let bar = cli::progress(u64::try_from(rows).unwrap_or(u64::MAX), "speedup rows");
    let mut t = Table::new(["topology", "sigma", "n", "speedup", "limit"]);
    let opts = Options::default();
    for &sigma in &a.sigma {
        let bus_lim = (UniformBus { root: RootMode::FrontEnd, w: 1.0, z: sigma, n: 1 })
            .speedup_limit(CostScale::unit())
            .map_err(model("bus limit", sigma))?;
        let chain_lim = (UniformChain { w: 1.0, z: sigma, n: 1, front_end: true })
            .speedup_limit(CostScale::unit())
            .map_err(model("chain limit", sigma))?;
        let tree_lim = 1.0
            / (KaryTree { w: 1.0, z: sigma, front_end: true, k: 2, depth: 1 })
                .rho_limit(CostScale::unit(), 1e-15)
                .map_err(model("binary tree limit", sigma))?;
        let mesh_lim = MeshKind::Mesh2dCentre
            .speedup_limit(&PortPreset::AllPort, sigma, 1e-12)
            .map_err(model("2-D mesh limit", sigma))?;
        for k in 1..=doublings as u32 {
            let n = 1u64 << k;
            let bus = (UniformBus { root: RootMode::FrontEnd, w: 1.0, z: sigma, n: n - 1 })
                .speedup(CostScale::unit())
                .map_err(model("bus speedup", sigma))?;
            t.push(vec!["bus".into(), sigma.into(), n.into(), bus.into(), bus_lim.into()]);
            let chain = (UniformChain { w: 1.0, z: sigma, n, front_end: true })
                .speedup(CostScale::unit())
                .map_err(model("chain speedup", sigma))?;
            t.push(vec!["chain".into(), sigma.into(), n.into(), chain.into(), chain_lim.into()]);
            bar.inc(2);
        }
        for d in 1..=a.max_depth {
            let rho = (KaryTree { w: 1.0, z: sigma, front_end: true, k: 2, depth: d })
                .rho(CostScale::unit())
                .map_err(model("binary tree", sigma))?;
            let n = if d < 63 { Cell::Count((1u64 << (d + 1)) - 1) } else { Cell::Text(format!("2^{} - 1", d + 1)) };
            t.push(vec!["binary_tree".into(), sigma.into(), n, (1.0 / rho).into(), tree_lim.into()]);
            bar.inc(1);
        }
        for &s in &sides {
            let s = usize::try_from(s).map_err(|_| Failure::usage(format!("--max-mesh-side {s} is too large")))?;
            let l = Layers::mesh2d(s, s, (s / 2, s / 2), false).map_err(model("2-D mesh layers", sigma))?;
            let sol = l
                .allocate(&PortPreset::AllPort, MeshCosts::linear(1.0, sigma), opts)
                .map_err(model("2-D mesh", sigma))?;
            let n = (s as u64) * (s as u64);
            t.push(vec!["mesh_2d".into(), sigma.into(), n.into(), (1.0 / sol.makespan).into(), mesh_lim.into()]);
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    t.print(a.format.format())
}

/// Chunks the installments table may solve in one run (summed over its rows): about five
/// minutes at the measured 3·10^7 chunks a second.
const MAX_INSTALLMENT_WORK: u128 = 10_000_000_000;

/// `loadbal dlt installments`.
pub fn installments(a: InstallmentArgs) -> Result<(), Failure> {
    if a.workers == 0 {
        return Err(Failure::usage("--workers 0: there must be at least 1 worker"));
    }
    if a.installments == 0 {
        return Err(Failure::usage("--installments 0: there must be at least 1 installment"));
    }
    let chunks = u128::from(a.workers) * u128::from(a.installments);
    if chunks > u128::from(MAX_PROCESSORS) {
        return Err(Failure::usage(format!(
            "--workers {} with --installments {}: {chunks} chunks, more than the solver's limit of {MAX_PROCESSORS}",
            a.workers, a.installments
        )));
    }
    // The largest run holds workers × installments chunks (its recursion and the chunk rows,
    // about 40 bytes each); the table has one row per installment count and sigma.
    cli::check_memory(
        &format!("--workers {} with --installments {}", a.workers, a.installments),
        u128::from(a.workers).saturating_mul(u128::from(a.installments)).saturating_mul(40),
    )?;
    // Row k solves k·workers chunks: the table's time grows as workers·K²/2 per sigma (K = 1e4
    // takes about 10 s, K = 1e6 would take a day), so it is bounded like the memory.
    let work =
        u128::from(a.workers).saturating_mul(u128::from(a.installments)).saturating_mul(u128::from(a.installments) + 1)
            / 2
            * a.sigma.len() as u128;
    if work > MAX_INSTALLMENT_WORK {
        return Err(Failure::usage(format!(
            "--workers {} with --installments {}: the table solves {} chunks (row k solves k·workers \
             per sigma), more than the {} one run takes; choose fewer installments",
            a.workers,
            a.installments,
            output::number(work as f64),
            output::number(MAX_INSTALLMENT_WORK as f64)
        )));
    }
    let rows = u128::from(a.installments) * a.sigma.len() as u128;
    cli::check_memory(&format!("the table ({rows} rows)"), output::table_bytes(rows, 5))?;
    let bar = cli::progress(u64::try_from(rows).unwrap_or(u64::MAX), "multi-installment rows");
    let mut t = Table::new(["workers", "sigma", "installments", "makespan", "limit"]);
    let opts = Options::default();
    for &sigma in &a.sigma {
        let star = UniformStar { root: Root::NonComputing, w: 1.0, z: sigma, n: a.workers };
        let lim = star.multi_installment_limit(opts).map_err(model("multi-installment limit", sigma))?;
        for k in 1..=a.installments {
            let mi = star.multi_installment(k, opts).map_err(model("multi-installment", sigma))?;
            t.push(vec![a.workers.into(), sigma.into(), k.into(), mi.makespan.into(), lim.into()]);
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    t.print(a.format.format())
}
