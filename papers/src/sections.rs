//! The sections `reproduce` runs: one part of one paper's tables each, with the run options.

use crate::row::Row;

/// Options shared by every section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RunConfig {
    /// Shrink Monte Carlo sizes (the table-level tests keep their number of simulated tables).
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

/// One part of one paper's tables.
#[derive(Debug, Clone, Copy)]
pub struct Section {
    /// The paper's citation key, one of [`crate::PAPER_KEYS`].
    pub source: &'static str,
    /// A short title printed above the rows.
    pub title: &'static str,
    /// Builds the rows.
    pub run: fn(&RunConfig) -> Vec<Row>,
}

/// Every section, in bibliography order.
pub fn sections() -> Vec<Section> {
    let mut all = Vec::new();
    all.extend(crate::ahn::sections());
    all.extend(crate::ahn_ensemble::sections());
    all.extend(crate::fong::sections());
    all.extend(crate::dobber::sections());
    all.extend(crate::dobber_traces::sections());
    all.extend(crate::yin::sections());
    all.extend(crate::jia_dlt::sections());
    all.extend(crate::jia_queueing::sections());
    all.extend(crate::jia_unaware::sections());
    all
}

/// The sections of one paper, by citation key (`"ahn"`, ..., `"jia"`); empty for any other
/// string.
///
/// ```
/// use loadbal_papers::sections_of;
/// assert!(!sections_of("fong").is_empty());
/// assert!(sections_of("nobody").is_empty());
/// ```
pub fn sections_of(key: &str) -> Vec<Section> {
    sections().into_iter().filter(|s| s.source == key).collect()
}
