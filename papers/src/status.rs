//! The verdict of one row.

use std::fmt;

/// Outcome of one row; see the [crate documentation](crate) for the exact meaning of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A printed number that a crate model or simulation computed from the paper's inputs, within
    /// half a unit of the last printed digit (plus at most 4 standard errors for a simulation).
    Match,
    /// A printed single random draw within the run-to-run spread of the crate's simulation of the
    /// same experiment, in a table whose printed values as a whole are not far outside what the
    /// simulation gives.
    Consistent,
    /// The paper's own arithmetic on its printed cells, an input echoed, or a value typed from the
    /// paper: it holds. No crate model is involved.
    PaperCheck,
    /// No printed value: a value the crate computes, shown for context. Never a match.
    Computed,
    /// A statement of the paper that the crate's computation confirms.
    Holds,
    /// A statement of the paper that the crate's computation contradicts (the evidence is in the
    /// note).
    Fails,
    /// A printed value the crate does not reproduce, with evidence the code computes: the
    /// alternative reading that gives the printed value, the range of the explanation over its
    /// unknown parameters, or the table-level test that rejects the table.
    Deviates,
    /// The paper lacks the data (named in the note) needed to reproduce the value.
    NotReproducible,
    /// The crate returned an error while computing the row.
    Error,
    /// Outside tolerance with no computed explanation: a defect to investigate.
    Unexplained,
}

impl Status {
    /// Every status, in the order `reproduce` prints its summary columns.
    pub const ALL: [Status; 10] = [
        Status::Match,
        Status::Consistent,
        Status::PaperCheck,
        Status::Computed,
        Status::Holds,
        Status::Fails,
        Status::Deviates,
        Status::NotReproducible,
        Status::Error,
        Status::Unexplained,
    ];

    /// The snake-case name printed by `reproduce` and written to JSON.
    ///
    /// ```
    /// use loadbal_papers::Status;
    /// assert_eq!(Status::PaperCheck.as_str(), "paper_check");
    /// assert_eq!(Status::NotReproducible.as_str(), "not_reproducible");
    /// assert_eq!(Status::Holds.as_str(), "holds");
    /// ```
    pub fn as_str(&self) -> &'static str {
        match self {
            Status::Match => "match",
            Status::Consistent => "consistent",
            Status::PaperCheck => "paper_check",
            Status::Computed => "computed",
            Status::Holds => "holds",
            Status::Fails => "fails",
            Status::Deviates => "deviates",
            Status::NotReproducible => "not_reproducible",
            Status::Error => "error",
            Status::Unexplained => "unexplained",
        }
    }

    /// Whether `reproduce` must exit non-zero because of this status (`error`, `unexplained`).
    /// A statement that `fails` is a finding about the paper, not a failure of the program.
    pub fn is_failure(&self) -> bool {
        matches!(self, Status::Error | Status::Unexplained)
    }

    /// Whether the status is the verdict on a statement of the paper (`holds`, `fails`).
    pub fn is_statement(&self) -> bool {
        matches!(self, Status::Holds | Status::Fails)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
