//! Paper-table reproduction: each paper's printed numbers rebuilt from `loadbal`'s public API, as
//! rows, and each table of single-run values judged as a whole.
//!
//! Every section returns plain [`Row`]s; the `reproduce` binary only prints them and the
//! integration tests assert the same rows, so the printed numbers are the tested numbers.
//!
//! # Row statuses
//!
//! A row's [`Status`] is decided by the [`Draft`] method that builds it, never typed in:
//!
//! | status | meaning | built by |
//! |---|---|---|
//! | `match` | a printed number that a `loadbal` model or simulation computed from the paper's inputs, within half a unit of its last digit (plus at most 4 standard errors for a simulation); the row names the function | [`Draft::reproduced`] ([`Computed`]), [`Draft::simulated`] |
//! | `consistent` | a printed single draw (one simulation run, a mean of the paper's few runs) within the run-to-run spread of the crate's simulation of the same experiment, in a table that the table-level test does not reject | [`Draft::single_draw`], [`Row::judged_by_table`] |
//! | `paper_check` | the paper's own arithmetic on its printed cells, an input echoed or a value typed from the paper holds; no crate model is involved | [`Draft::paper_check`] |
//! | `computed` | no printed value: a value the crate computes, shown for context | [`Draft::context`] |
//! | `holds` / `fails` | a statement of the paper that the crate's computation confirms / contradicts | [`Draft::statement`] |
//! | `deviates` | a printed value the crate does not reproduce, with evidence the code computes: the reading (the printed formula's alternative, the paper's rounded intermediates, the range over unstated parameters) that covers the printed value, or a table-level p-value below [`TABLE_ALPHA`] | [`Row::explained`] ([`Explanation`]), [`Row::judged_by_table`], [`Draft::paper_check`] |
//! | `not_reproducible` | the paper lacks data the note names (a lost figure, private traces) | [`Draft::not_reproducible`] |
//! | `error` | the crate returned an error while computing the row (the row is kept) | [`Draft::error`] |
//! | `unexplained` | outside tolerance with no computed explanation: a defect to investigate | — |
//!
//! `reproduce` exits non-zero on any `error` or `unexplained` row.
//!
//! # Tables of single draws
//!
//! A printed value that is one random draw is compared with the spread of the crate's own
//! simulation of the same experiment; its table is then simulated as a whole, many times, and
//! the distance of the printed table from the simulated mean is given a Monte Carlo p-value
//! ([`table_test()`]). Each such row carries the p-value (`table_p_value`).

mod ahn;
mod ahn_ensemble;
mod dobber;
pub mod dobber_fits;
pub mod dobber_rules;
mod dobber_traces;
mod error;
pub mod fixtures;
mod fong;
pub mod jia_chains;
mod jia_dlt;
mod jia_queueing;
mod jia_unaware;
mod printed;
mod row;
mod sections;
mod status;
mod table_test;
mod yin;

/// `Φ⁻¹(p)`, the critical values of the Monte Carlo checks, through the library's standard
/// normal law (`loadbal`'s quantile kernel, bit for bit); NaN outside `(0, 1)`, which no caller
/// passes (every `p` is a constant such as `1 − 0.05/18`).
pub(crate) fn std_normal_quantile(p: f64) -> f64 {
    loadbal::law::Law::normal(0.0, 1.0).and_then(|law| law.quantile(p)).unwrap_or(f64::NAN)
}

pub use error::PapersError;
pub use printed::{PrintedError, PrintedNumber};
pub use row::{Computed, Draft, Draws, EXACT_RELATIVE, Explanation, Paper, Row, SIMULATION_SE};
pub use sections::{RunConfig, Section, sections, sections_of};
pub use status::Status;
pub use table_test::{Block, NULL_TABLES, TABLE_ALPHA, TableEvidence, p_text, table_test};

/// The citation keys of the papers, in bibliography order (see [`loadbal::references`]).
pub const PAPER_KEYS: [&str; 5] = ["ahn", "fong", "dobber", "yin", "jia"];

/// The short citation of a paper by its key (see [`loadbal::references`] for the full
/// bibliography); `None` for any other string.
///
/// ```
/// use loadbal_papers::citation;
/// assert!(citation("fong").unwrap().starts_with("Fong, Xu and Wang"));
/// assert_eq!(citation("004"), None);
/// ```
pub fn citation(key: &str) -> Option<&'static str> {
    Some(match key {
        "ahn" => {
            "Ahn et al., A Framework to Analyze the Performance of Load Balancing Schemes for Ensembles of \
             Stochastic Simulations (IJPP, 2015)"
        }
        "fong" => {
            "Fong, Xu and Wang, Optimal Periodic Remapping of Bulk Synchronous Computations on Multiprogrammed \
             Distributed Systems (IPDPS, 2000)"
        }
        "dobber" => "Dobber, Robust Applications in Time-Shared Distributed Systems (PhD thesis, 2006)",
        "yin" => {
            "Yin, Xu and Wang, Optimal Remapping in Dynamic Bulk Synchronous Computations via a Stochastic \
             Control Approach (IEEE TPDS, 2003)"
        }
        "jia" => {
            "Jia, Resource Unaware Load Distribution Strategies for Processing Divisible Loads in Networked \
             Computing Environments (PhD thesis, 2009)"
        }
        _ => return None,
    })
}
