//! Integration tests of the `papers` family, one binary (one link) for all of them.

#[path = "../papers_support/mod.rs"]
mod papers_support;

mod cli_reproduce;
mod display_results;
mod dobber_models_reference;
mod papers_ahn;
mod papers_ahn_ensemble;
mod papers_dobber;
mod papers_fong;
mod papers_invariants;
mod papers_jia_dlt;
mod papers_jia_queueing;
mod papers_jia_unaware;
mod papers_yin;
