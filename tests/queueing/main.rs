//! Integration tests of the `queueing` family, one binary (one link) for all of them.

#[path = "../reference_support/mod.rs"]
mod reference_support;

mod accuracy_queueing;
mod queueing_properties;
mod queueing_regions;
mod queueing_simulation;
mod queueing_sweep;
