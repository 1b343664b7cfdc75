//! Integration tests of the `dlt` family, one binary (one link) for all of them.

#[path = "../dlt_support/mod.rs"]
mod dlt_support;
#[path = "../reference_support/mod.rs"]
mod reference_support;

mod dlt_chain_tree;
mod dlt_extensions;
mod dlt_mesh;
mod dlt_no_panic;
mod dlt_references;
mod dlt_star_bus;
mod dlt_sweep;
mod dlt_tree_ids;
