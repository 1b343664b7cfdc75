//! Speedup against the number of processors for bus, chain, binary tree and 2-D mesh at several
//! σ = z·T_cm/(w·T_cp), with their limits, and the multi-installment makespan against the number
//! of installments. Prints two CSV blocks separated by a blank line.
//!
//! ```text
//! cargo run --release --example dlt_tables
//! ```

use loadbal::dlt::{
    CostScale, MeshKind, PortPreset, RootMode, bus_homogeneous, bus_speedup_limit, chain_homogeneous,
    chain_speedup_limit, kary_tree_rho, kary_tree_rho_limit, layered_allocate, layered_speedup_limit, layers_mesh2d,
    multi_installment, multi_installment_limit,
};

fn main() -> Result<(), loadbal::dlt::DltError> {
    let u = CostScale::unit();
    println!("topology,sigma,n,speedup,limit");
    for sigma in [0.05, 0.2, 1.0] {
        let bus_lim = bus_speedup_limit(RootMode::FrontEnd, sigma)?;
        let chain_lim = chain_speedup_limit(sigma, true)?;
        let tree_lim = 1.0 / kary_tree_rho_limit(2, sigma, true, 1e-15)?;
        let mesh_lim = layered_speedup_limit(MeshKind::Mesh2dCentre, &PortPreset::AllPort, sigma, 1e-12)?;
        for n in [2usize, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 128, 256, 512, 1024] {
            let bus = 1.0 / bus_homogeneous(RootMode::FrontEnd, n - 1, 1.0, sigma, u, 1.0)?.makespan;
            println!("bus,{sigma},{n},{bus},{bus_lim}");
            let chain = 1.0 / chain_homogeneous(n, 1.0, sigma, true, u, 1.0)?.makespan;
            println!("chain,{sigma},{n},{chain},{chain_lim}");
        }
        for d in 1..=10usize {
            let n = (1usize << (d + 1)) - 1;
            println!("binary_tree,{sigma},{n},{},{tree_lim}", 1.0 / kary_tree_rho(2, d, sigma, true)?);
        }
        for side in [3usize, 5, 7, 9, 13, 17, 25, 33] {
            let l = layers_mesh2d(side, side, (side / 2, side / 2), false)?;
            let s = layered_allocate(&l, &PortPreset::AllPort, 1.0, sigma, 0.0, 1.0, u)?;
            println!("mesh_2d,{sigma},{},{},{mesh_lim}", side * side, 1.0 / s.makespan);
        }
    }
    println!();
    println!("workers,sigma,installments,makespan,limit");
    for sigma in [0.2, 0.4] {
        let lim = multi_installment_limit(4, 1.0, sigma, 1.0, None, u)?;
        for n in 1..=15 {
            println!("4,{sigma},{n},{},{lim}", multi_installment(4, n, 1.0, sigma, 1.0, None, u)?.makespan);
        }
    }
    Ok(())
}
