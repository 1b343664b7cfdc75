//! Integration tests of the `unaware` family, one binary (one link) for all of them.

#[path = "../reference_support/mod.rs"]
mod reference_support;

mod unaware_multisource;
mod unaware_probe_estimates;
mod unaware_reference;
mod unaware_spanning;
mod unaware_sweep;
