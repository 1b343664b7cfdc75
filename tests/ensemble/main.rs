//! Integration tests of the `ensemble` family, one binary (one link) for all of them.

#[path = "../reference_support/mod.rs"]
mod reference_support;

mod ensemble_properties;
mod ensemble_reference;
mod ensemble_regression;
mod ensemble_validation;
mod oracles;
mod via_methods;
