//! Divisible-load theory: closed-form allocations of an arbitrarily divisible load over bus,
//! star/tree, linear chain and mesh networks (the classical results that Jia assumes; see the
//! classical literature in [`crate::references`]), the event engine that executes any
//! schedule, and the resource-unaware strategies of Jia (probing, phased distribution,
//! spanning trees, multiple sources).
//!
//! # Families
//! | Network | Functions |
//! |---|---|
//! | star / single-level tree | [`Star`] of [`Worker`]s: [`Star::allocate`] (rate form, participation rule, any order), [`Star::product_form`] (Jia, eqs. (3.11)–(3.12)), [`Star::optimal_order`], [`Star::simulate`] |
//! | bus | [`Star::bus`] then [`Star::allocate`], [`UniformBus::allocate`], [`UniformBus::speedup`], [`UniformBus::speedup_limit`] |
//! | linear chain | [`Chain::allocate`] (Jia, eqs. (2.15)–(2.16)), [`UniformChain::allocate`], [`UniformChain::speedup`], [`UniformChain::speedup_limit`], [`InteriorChain::allocate`], [`UniformChain::interior_speedup_limit`] |
//! | multi-level tree | [`Tree`] (also over a network's node ids: [`Tree::from_parents`], the tree of [`unaware`]), [`Tree::allocate`] (Jia, eqs. (4.3)–(4.4)), [`Tree::equivalent_w`], [`KaryTree::rho`], [`KaryTree::rho_limit`] |
//! | meshes, tori, hypercubes (a reconstruction) | [`Layers`] ([`Layers::mesh2d`], [`Layers::mesh3d`], [`Layers::hypercube`], [`Layers::from_adjacency`], [`Layers::infinite_mesh`]), [`Layers::allocate`], [`MeshKind::speedup_limit`], [`MeshCosts::circuit_switched`] |
//! | start-up costs | [`AffineStar::allocate`], [`AffineStar::bus_order`], [`AffineStar::simulate`], [`AffineWorker::homogeneous_allocate`], [`AffineWorker::optimal_count`] |
//! | multi-installment | [`UniformStar::multi_installment`], [`UniformStar::multi_installment_limit`], [`UniformStar::umr_rounds`], [`UniformStar::simulate_installments`] |
//! | result collection | [`Star::allocate_with_returns`] with [`Returns`] (LIFO or FIFO), [`Star::simulate_with_returns`] |
//!
//! Each family has a `*_simulate` function (a `simulate` method for the [`Star`]) that executes its allocation on
//! the [`engine`]; the tests require every participant to finish at the predicted makespan
//! within 1e-12 relative.
//!
//! # One call shape
//! Every solver takes the network first, as a value ([`Star`], [`UniformBus`], [`Chain`],
//! [`UniformChain`], [`InteriorChain`], [`Tree`], [`UniformStar`], [`Layers`] with
//! [`MeshCosts`]), then any size (installments, moves), then [`Options`]: the load, the
//! [`CostScale`] and the [`OrderPolicy`]. Speedups and limits take `σ = z·T_cm/(w·T_cp)`
//! first and the processor count `n` (a `u64`, any size) last. A computing root carries its
//! speed in [`Root`]; a non-computing root has none.
//!
//! ```
//! use loadbal::dlt::{CostScale, Options, Root, Star, Worker};
//! // A front-end root (w = 2) and three workers: the optimal order serves the fastest link
//! // first; T = 0.64, the root computes 0.32 and the workers 0.08, 0.2, 0.4.
//! let workers = vec![Worker { w: 4.0, z: 1.0 }, Worker { w: 3.0, z: 0.2 }, Worker { w: 1.0, z: 0.5 }];
//! let star = Star::new(Root::FrontEnd { w: 2.0 }, workers).unwrap();
//! let s = star.allocate(Options::default()).unwrap();
//! assert!((s.makespan - 0.64).abs() < 1e-15);
//! assert!((s.root_share() - 0.32).abs() < 1e-15);
//! for (got, want) in s.worker_shares().iter().zip([0.08, 0.2, 0.4]) {
//!     assert!((got - want).abs() < 1e-15);
//! }
//! assert_eq!(s.send_order, vec![2, 3, 1]);
//! let trace = star.simulate(&s, CostScale::unit()).unwrap();
//! assert!(trace.finish_spread(s.makespan) < 1e-12);
//! ```
//!
//! # Model and accuracy
//! Inputs are inverse speeds `w` (processors) and `z` (links) with the scale [`CostScale`]
//! (`a = w·T_cp`, `c = z·T_cm`). Every solver returns an [`Allocation`] (or a richer solution
//! holding one): the load per processor in input order, the makespan, the send order, who
//! participates and the equivalent processor's `w_eq`; linear models scale with the load. The
//! closed forms follow from the timing model (store-and-forward links, one port unless said
//! otherwise, every participant finishing at the same time); each is checked against 50-digit
//! references computed independently (`scripts/references/dlt_closed_forms.py`) and by
//! executing its schedule on the [`engine`]. Every function documents its accuracy; a result
//! that would not be finite, or a size whose output would exceed [`MAX_PROCESSORS`] entries, is
//! a typed [`DltError`].

mod allocation;
mod chain_network;
mod cost_scale;
pub mod engine;
mod error;
mod options;
mod ports;
mod root;

pub use allocation::Allocation;
pub use chain_network::{Chain, InteriorChain, UniformChain};
pub use cost_scale::CostScale;
pub use error::{DltError, MAX_PROCESSORS};
pub use options::{Options, OrderPolicy};
pub use ports::Ports;
pub use root::{Root, RootMode};
mod participation;
mod radix;
mod star;
mod star_network;
mod star_order;
mod star_scan;
mod star_solve;
mod worker;
pub use star_network::{Star, UniformStar};
pub use worker::Worker;
mod bus;
pub use bus::UniformBus;
mod tree;
mod tree_ids;
mod tree_solve;
pub use tree::{KaryTree, RelayRule, Rules, Tree, TreeNode};
pub use tree_solve::TreeSolution;
mod affine;
mod chain;
mod kary;
pub use affine::{AffineRoot, AffineStar, AffineWorker, Selection};
mod collect;
mod installment;
pub use collect::{ReturnOrder, Returns};
pub use installment::MiSolution;
mod mesh;
pub use mesh::{LayeredSolution, Layers, MeshCosts, MeshKind, PortPreset};

pub mod unaware;
