//! Integration tests of the `replication` family, one binary (one link) for all of them.

#[path = "../reference_support/mod.rs"]
mod reference_support;

mod closed_forms;
mod replication_fits_reference;
mod replication_golden;
mod replication_props;
mod replication_reference;
