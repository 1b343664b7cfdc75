//! Paper-table reproduction: each seed's tables rebuilt from the crate's models, as rows.
//!
//! Every section returns plain [`Row`]s; `examples/reproduce.rs` only prints them and the
//! integration tests assert the same rows, so the printed numbers are the tested numbers.
//!
//! A row compares a printed value (`paper`) with the model (`model`) and, where a simulation
//! applies, a Monte Carlo estimate. Its [`Status`] is computed, never typed in: `Match` when the
//! model is within the row's tolerance of the paper, `Deviates` or `NotReproducible` only with a
//! note that says why, and `Unexplained` otherwise (which makes `reproduce` exit non-zero).

mod ahn;
mod ahn_ensemble;
mod dobber;
mod dobber_traces;
mod fong;
mod jia_dlt;
mod jia_queueing;
mod jia_unaware;
mod yin;

use crate::montecarlo::Estimate;

/// Outcome of comparing a printed value with the crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Status {
    /// Within the stated tolerance.
    Match,
    /// A known, explained difference (a typo in the paper, a missing parameter, ...).
    Deviates,
    /// The value needs data the papers do not give (original traces, a lost figure, ...).
    NotReproducible,
    /// Outside the tolerance with no explanation: a defect to investigate.
    Unexplained,
}

impl Status {
    /// The snake-case name printed by `reproduce` and written to JSON.
    pub fn as_str(&self) -> &'static str {
        match self {
            Status::Match => "match",
            Status::Deviates => "deviates",
            Status::NotReproducible => "not_reproducible",
            Status::Unexplained => "unexplained",
        }
    }
}

/// One reproduced number.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Row {
    /// The seed file name without extension, e.g. `000_f1e3e63c7ddce45c`.
    pub source: String,
    /// Table, figure or section of the paper, e.g. `§5.2 text` or `Table 1`.
    pub table: String,
    /// What the number is.
    pub item: String,
    /// The printed value, if the paper prints one.
    pub paper: Option<f64>,
    /// The crate's analytical value, if the row has one.
    pub model: Option<f64>,
    /// Monte Carlo mean, if a simulation applies.
    pub monte_carlo: Option<f64>,
    /// Standard error of the Monte Carlo mean.
    pub mc_std_err: Option<f64>,
    /// Absolute tolerance used for the status.
    pub tolerance: Option<f64>,
    /// The verdict.
    pub status: Status,
    /// Why a row deviates or cannot be reproduced, or how it was compared.
    pub note: String,
}

impl Row {
    /// A row comparing `model` with the printed `paper` value within the absolute `tolerance`:
    /// `Match` if `|model − paper| ≤ tolerance`, otherwise `Unexplained`.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::papers::{Row, Status};
    /// let ok = Row::compare("000_f1e3e63c7ddce45c", "§5.2", "E[Y_p]", 20_973.0, 20_973.3, 0.5);
    /// assert_eq!(ok.status, Status::Match);
    /// // Off by more than the tolerance: unexplained, until a reason is given.
    /// let typo = Row::compare("000_f1e3e63c7ddce45c", "§4.5", "C_max", 4.4, 4.842, 0.05);
    /// assert_eq!(typo.status, Status::Unexplained);
    /// assert_eq!(typo.deviates("the formula gives 4.842").status, Status::Deviates);
    /// ```
    pub fn compare(source: &str, table: &str, item: &str, paper: f64, model: f64, tolerance: f64) -> Row {
        let ok = (model - paper).abs() <= tolerance;
        Row {
            source: source.to_string(),
            table: table.to_string(),
            item: item.to_string(),
            paper: Some(paper),
            model: Some(model),
            monte_carlo: None,
            mc_std_err: None,
            tolerance: Some(tolerance),
            status: if ok { Status::Match } else { Status::Unexplained },
            note: String::new(),
        }
    }

    /// A row with no printed value (a model value shown for context), status `Match` when the
    /// Monte Carlo estimate attached later agrees, or when there is nothing to compare.
    pub fn model_only(source: &str, table: &str, item: &str, model: f64) -> Row {
        Row {
            source: source.to_string(),
            table: table.to_string(),
            item: item.to_string(),
            paper: None,
            model: Some(model),
            monte_carlo: None,
            mc_std_err: None,
            tolerance: None,
            status: Status::Match,
            note: String::new(),
        }
    }

    /// Attaches a Monte Carlo estimate and checks it: the model value (or, without one, the
    /// paper value) must lie within `k` standard errors, otherwise the status becomes
    /// `Unexplained`. The tolerance of a row without one becomes `k·std_err`.
    pub fn with_monte_carlo(mut self, est: Estimate, k: f64) -> Row {
        self.monte_carlo = Some(est.mean);
        self.mc_std_err = Some(est.std_err);
        if self.tolerance.is_none() {
            self.tolerance = Some(k * est.std_err);
        }
        if let Some(reference) = self.model.or(self.paper) {
            if !est.agrees_with(reference, k) && self.status == Status::Match {
                self.status = Status::Unexplained;
            }
        }
        self
    }

    /// Marks a row as a known deviation, with the reason. A row that matches anyway stays `Match`
    /// (the note is kept), so a fixed typo cannot hide behind a stale explanation.
    pub fn deviates(mut self, why: &str) -> Row {
        if self.status != Status::Match {
            self.status = Status::Deviates;
        }
        self.note = why.to_string();
        self
    }

    /// Marks a row as not reproducible, with the reason.
    pub fn not_reproducible(mut self, why: &str) -> Row {
        self.status = Status::NotReproducible;
        self.note = why.to_string();
        self
    }

    /// Adds a note without changing the status.
    pub fn note(mut self, note: &str) -> Row {
        self.note = note.to_string();
        self
    }
}

/// Options shared by every section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RunConfig {
    /// Shrink Monte Carlo sizes so that the whole run takes under a minute.
    pub quick: bool,
    /// Seed of every Monte Carlo run of the section.
    pub seed: u64,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig { quick: false, seed: 20_261_122 }
    }
}

impl RunConfig {
    /// `full` replications normally, `quick` with `--quick`.
    pub fn replications(&self, full: u64, quick: u64) -> u64 {
        if self.quick { quick } else { full }
    }
}

/// One part of one seed's tables.
#[derive(Debug, Clone, Copy)]
pub struct Section {
    /// The seed file name without extension, e.g. `000_f1e3e63c7ddce45c`.
    pub source: &'static str,
    /// A short title printed above the rows.
    pub title: &'static str,
    /// Builds the rows.
    pub run: fn(&RunConfig) -> Vec<Row>,
}

/// Every section, in seed order.
pub fn sections() -> Vec<Section> {
    let mut all = Vec::new();
    all.extend(ahn::sections());
    all.extend(ahn_ensemble::sections());
    all.extend(fong::sections());
    all.extend(dobber::sections());
    all.extend(dobber_traces::sections());
    all.extend(yin::sections());
    all.extend(jia_dlt::sections());
    all.extend(jia_queueing::sections());
    all.extend(jia_unaware::sections());
    all
}

/// The sections of one seed: `seed` matches the source name's prefix (`"000"`, `"004"`) or the
/// whole name.
pub fn sections_of(seed: &str) -> Vec<Section> {
    sections().into_iter().filter(|s| s.source.starts_with(seed)).collect()
}
