//! Divisible-load theory: closed-form allocations of an arbitrarily divisible load over bus,
//! star/tree, linear chain and mesh networks (the classical results that Jia assumes,
//! derived in `shared/reference/dlt_classical.md`), the event engine that executes any schedule,
//! and the resource-unaware strategies of Jia (probing, phased distribution, spanning trees,
//! multiple sources).
//!
//! # Families (reference `dlt_classical.md` sections)
//! | Network | Functions |
//! |---|---|
//! | star / single-level tree (§1) | [`star_allocate`] (rate form, participation rule, any order), [`star_product_form`], [`star_rate`], [`star_optimal_order`], [`jia_root_fraction`] (Jia, eqs. (3.11)–(3.12)) |
//! | bus (§2) | [`bus_allocate`], [`bus_homogeneous`], [`bus_speedup`], [`bus_speedup_limit`] |
//! | linear chain (§3) | [`chain_allocate`], [`chain_homogeneous`], [`chain_speedup_limit`], [`chain_interior`], [`chain_interior_speedup_limit`] |
//! | multi-level tree (§4) | [`Tree`], [`tree_allocate`], [`tree_equivalent_w`], [`kary_tree_rho`], [`kary_tree_rho_limit`] |
//! | meshes, tori, hypercubes (§5, a reconstruction) | [`layers_mesh2d`], [`layers_mesh3d`], [`layers_hypercube`], [`layers_from_adjacency`], [`layered_allocate`], [`layered_speedup_limit`], [`circuit_switched_allocate`] |
//! | start-up costs (§6) | [`affine_star_allocate`], [`affine_homogeneous`], [`affine_homogeneous_optimal_count`], [`affine_bus_order`] |
//! | multi-installment (§7) | [`multi_installment`], [`multi_installment_limit`], [`umr_rounds`] |
//! | result collection (§8) | [`collect_lifo`], [`collect_fifo`] |
//!
//! Each family has a `*_simulate` (or `*_schedule`) function that executes its allocation on
//! the [`engine`]; the tests require every participant to finish at the predicted makespan
//! within 1e-12 relative.
//!
//! ```
//! use loadbal::dlt::{star_allocate, star_simulate, CostScale, OrderPolicy, RootMode};
//! // A front-end root (w = 2) and three children (z, w): the optimal order serves the fastest
//! // link first; T = 0.64 and α = (0.32, 0.08, 0.2, 0.4).
//! let children = [(1.0, 4.0), (0.2, 3.0), (0.5, 1.0)];
//! let s = star_allocate(RootMode::FrontEnd, 2.0, &children, CostScale::unit(), OrderPolicy::Optimal, 1.0).unwrap();
//! assert!((s.makespan - 0.64).abs() < 1e-15);
//! assert_eq!(s.send_order, vec![2, 3, 1]);
//! let trace = star_simulate(RootMode::FrontEnd, 2.0, &children, &s, CostScale::unit()).unwrap();
//! assert!(trace.finish_spread(s.makespan) < 1e-12);
//! ```
//!
//! # Conventions
//! Inputs are inverse speeds `w` (processors) and `z` (links) with the scale [`CostScale`]
//! (`a = w·T_cp`, `c = z·T_cm`). Every solver returns an [`Allocation`]: the load per processor
//! in input order, the makespan, the send order, who participates and the equivalent
//! processor's `w_eq`; linear models scale with the load. Most formulas are derived from the
//! timing model in `shared/reference/dlt_classical.md` (the classical papers could not be read
//! in full), and every closed form is checked by executing its schedule on the [`engine`].

pub mod engine;
mod error;
mod types;

pub use error::DltError;
pub use types::{Allocation, CostScale, OrderPolicy, Ports, RootMode};
mod radix;
mod star;
mod star_solve;
pub use star::{
    jia_root_fraction, star_allocate, star_optimal_order, star_product_form, star_rate, star_schedule, star_simulate,
};
mod bus;
pub use bus::{bus_allocate, bus_homogeneous, bus_speedup, bus_speedup_limit};
mod tree;
pub use tree::{RawTree, Tree, TreeNode, TreeSolution, tree_allocate, tree_equivalent_w, tree_schedule, tree_simulate};
mod chain;
pub use chain::{
    ChainSide, chain_allocate, chain_homogeneous, chain_interior, chain_interior_speedup_limit, chain_simulate,
    chain_speedup_limit, interior_tree,
};
mod kary;
pub use kary::{kary_tree_rho, kary_tree_rho_limit};
mod affine;
pub use affine::{
    AffineWorker, Selection, affine_bus_order, affine_homogeneous, affine_homogeneous_optimal_count, affine_simulate,
    affine_star_allocate,
};
mod collect;
mod installment;
pub use collect::{collect_fifo, collect_lifo, collect_simulate};
pub use installment::{MiSolution, multi_installment, multi_installment_limit, multi_installment_simulate, umr_rounds};
mod mesh;
pub use mesh::{
    LayeredSolution, Layers, MeshKind, PortPreset, circuit_switched_allocate, infinite_mesh_layers, layered_allocate,
    layered_speedup_limit, layers_from_adjacency, layers_hypercube, layers_mesh2d, layers_mesh3d,
};

pub mod unaware;
