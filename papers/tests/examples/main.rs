//! The library's resource-unaware strategies on Jia's worked examples (the Fig. 3.8 tree, the SNP
//! and DNP settings of §3.4, the chains of Tables 2.1–2.2), against the printed numbers, the event
//! engine and closed forms. They live here because the examples are paper fixtures, which the
//! library does not ship.

#[path = "../../../tests/unaware_support/mod.rs"]
mod unaware_support;

mod jia_unaware_dld;
mod jia_unaware_engine;
mod jia_unaware_linear;
mod jia_unaware_probing;
mod jia_unaware_sld;
