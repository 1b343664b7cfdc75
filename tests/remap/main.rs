//! Integration tests of the `remap` family, one binary (one link) for all of them.

#[path = "../mdp_instances/mod.rs"]
mod mdp_instances;
#[path = "../reference_support/mod.rs"]
mod reference_support;

mod accuracy_remap_capacity;
mod accuracy_remap_periodic;
mod remap_exchangeable;
mod remap_markov_example;
mod remap_markov_general;
mod remap_mdp;
mod remap_mdp_dense;
mod remap_periodic_sweep;
mod remap_quantecon;
mod remap_regressions;
mod remap_yin_exact;
