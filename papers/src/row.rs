//! One reproduced number: the [`Row`], the [`Draft`] that judges it, the [`Computed`] value a
//! `match` needs, and the [`Explanation`] a `deviates` needs.
//!
//! A row's status is decided by the draft's terminal method, never typed in:
//!
//! | method | statuses | needs |
//! |---|---|---|
//! | [`Draft::reproduced`] | `match` / `unexplained` | a [`Computed`] value: a `loadbal` function's result on the paper's inputs |
//! | [`Draft::simulated`] | `match` / `unexplained` | a `loadbal` simulation's [`Estimate`] |
//! | [`Draft::single_draw`] | `consistent` / `unexplained` | the simulated spread of the printed draw ([`Draws`]); the table-level test follows ([`Row::judged_by_table`]) |
//! | [`Draft::paper_check`] | `paper_check` / `deviates` | a value from the paper's own cells, with their rounding |
//! | [`Draft::context`], [`Draft::context_simulated`] | `computed` | no printed value |
//! | [`Draft::statement`] | `holds` / `fails` | a sentence of the paper and the crate's evidence |
//! | [`Draft::not_reproducible`] | `not_reproducible` | the missing data, named |
//! | [`Draft::error`] | `error` | the error |
//!
//! An `unexplained` row becomes `deviates` only through [`Row::explained`], whose
//! [`Explanation`] carries the values the alternative reading gives (computed, never a constant
//! bound), or through a table-level test that rejects the whole table ([`Row::judged_by_table`]).

use std::fmt;

use loadbal::montecarlo::Estimate;

use crate::printed::{PrintedError, PrintedNumber};
use crate::status::Status;
use crate::table_test::{TABLE_ALPHA, TableEvidence};

/// Standard errors a simulated value may add to the printed precision in [`Draft::simulated`].
pub const SIMULATION_SE: f64 = 4.0;

/// Relative slack of an exact printed expression (`2/3`, `½√5`): the comparison is to the last
/// bits of an `f64`, not to a printed digit.
pub const EXACT_RELATIVE: f64 = 1e-12;

/// A paper, by citation key, that builds [`Draft`]s of its rows.
///
/// ```
/// use loadbal_papers::{Computed, Paper, Status};
/// let jia = Paper::new("jia");
/// let w = 4.6 / 4.3; // what loadbal::dlt::star_allocate returns for P_2 and P_16 (Jia, §3.4.1)
/// let r = jia.row("§3.4.1 text", "w'").printed("1.0698").reproduced(Computed::by("loadbal::dlt::star_allocate", w));
/// assert_eq!((r.source.as_str(), r.status), ("jia", Status::Match));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paper {
    key: &'static str,
}

impl Paper {
    /// The paper with citation key `key` (one of [`crate::PAPER_KEYS`]).
    pub const fn new(key: &'static str) -> Paper {
        Paper { key }
    }

    /// The citation key.
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// A draft row of this paper: `table` is the table, figure, equation or section, `item` what
    /// the number is.
    pub fn row(&self, table: &str, item: impl Into<String>) -> Draft {
        Draft { row: Row::base(self.key, table, item.into()), printed: None }
    }
}

/// A value a `loadbal` function computed from the paper's inputs, with the function's path. Only
/// such a value can make a row `match` ([`Draft::reproduced`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Computed {
    /// The value.
    pub value: f64,
    /// The `loadbal` function (or functions) that computed it, e.g.
    /// `loadbal::dlt::unaware::execute_probe`.
    pub by: &'static str,
}

impl Computed {
    /// The value `value` computed by the `loadbal` function `by`.
    pub fn by(by: &'static str, value: f64) -> Computed {
        Computed { value, by }
    }
}

/// The simulated distribution of a printed single draw: its mean over `n` simulated draws, the
/// spread of one draw and the standard error of the mean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Draws {
    /// Mean of the simulated draws.
    pub mean: f64,
    /// Standard deviation of one draw (one run, or one mean of the paper's number of runs).
    pub sd: f64,
    /// Standard error of `mean`.
    pub std_err: f64,
    /// Number of simulated draws.
    pub n: u64,
}

impl Draws {
    /// Single runs: the printed value is one run, `runs` the crate's runs of the same experiment.
    pub fn of_runs(runs: Estimate) -> Draws {
        Draws { mean: runs.mean, sd: runs.sd(), std_err: runs.std_err, n: runs.n }
    }

    /// The printed value is the mean of `paper_runs` runs; `runs` the crate's single runs.
    pub fn of_mean(runs: Estimate, paper_runs: f64) -> Draws {
        Draws { mean: runs.mean, sd: runs.sd() / paper_runs.sqrt(), std_err: runs.std_err, n: runs.n }
    }
}

/// The evidence for a deviation: the values the explanation gives, computed by the code.
///
/// A reading (`floor` for a printed ceiling, the paper's rounded intermediates, an unstated
/// parameter) gives a value, with the resolution of its computation (rounding of the inputs it
/// starts from, the standard error of a simulation); a range gives the values an explanation
/// spans over its unknown parameters. The row deviates only if the printed value lies within it
/// (plus half a printed unit); otherwise it stays `unexplained`.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    why: String,
    lo: f64,
    hi: f64,
}

impl Explanation {
    /// A reading that gives `value`, within `resolution` (computed: the rounding the reading
    /// starts from, a simulation's standard errors).
    pub fn reading(why: impl Into<String>, value: f64, resolution: f64) -> Explanation {
        let r = resolution.abs();
        Explanation { why: why.into(), lo: value - r, hi: value + r }
    }

    /// A reading that gives exactly `value` (a closed form, the paper's own arithmetic).
    pub fn exact_reading(why: impl Into<String>, value: f64) -> Explanation {
        Explanation { why: why.into(), lo: value, hi: value }
    }

    /// An explanation whose values span `[lo, hi]` over its unknown parameters (each end computed).
    pub fn range(why: impl Into<String>, lo: f64, hi: f64) -> Explanation {
        Explanation { why: why.into(), lo: lo.min(hi), hi: lo.max(hi) }
    }

    /// The values the explanation gives.
    pub fn span(&self) -> (f64, f64) {
        (self.lo, self.hi)
    }
}

/// Which value of a row was compared with the paper. Internal bookkeeping; not serialised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Basis {
    #[default]
    Model,
    MonteCarlo,
}

/// One reproduced number. `Display` prints the source, table, item, the printed and model values
/// (and the Monte Carlo estimate ± its standard error when there is one) and the status.
///
/// # Examples
/// The equivalent processor of P_2 and P_16 (Jia, §3.4.1), printed as 1.0698:
/// ```
/// use loadbal_papers::{RunConfig, sections_of};
/// let snp = sections_of("jia").into_iter().find(|s| s.title.starts_with("SNP example")).unwrap();
/// let rows = (snp.run)(&RunConfig::default());
/// let w = rows.iter().find(|r| r.item.starts_with("equivalent computation power")).unwrap();
/// assert_eq!(
///     w.to_string(),
///     "jia §3.4.1 text equivalent computation power w' of P_2 and P_16: paper 1.0698, model 1.069767 [match]"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Row {
    /// The paper's citation key: one of [`crate::PAPER_KEYS`].
    pub source: String,
    /// Table, figure, equation or section of the paper, e.g. `§5.2 text` or `Table 1`.
    pub table: String,
    /// What the number is.
    pub item: String,
    /// The paper's number exactly as printed (`"26"`, `"0.3025"`, `"2.1×10^6"`), so that its
    /// precision is known; `None` when the paper prints no decimal number for the row.
    pub printed: Option<String>,
    /// The paper's number when it prints an exact expression instead (`"2/3"`, `"½√5"`);
    /// `paper` holds its value.
    pub printed_exact: Option<String>,
    /// The printed value as a number.
    pub paper: Option<f64>,
    /// The crate's analytical value, if the row has one.
    pub model: Option<f64>,
    /// The crate's Monte Carlo estimate, if one applies.
    pub monte_carlo: Option<f64>,
    /// Standard error of the Monte Carlo mean.
    pub mc_std_err: Option<f64>,
    /// Absolute tolerance (or, for a deviation, the half-width the explanation covers) behind
    /// the status.
    pub tolerance: Option<f64>,
    /// The verdict.
    pub status: Status,
    /// The `loadbal` function(s) that computed the compared value (every `match` row has one).
    pub computed_by: Option<String>,
    /// The table-level test of the row's table (rows of single-run printed values), by name.
    pub table_test: Option<String>,
    /// Its Monte Carlo p-value.
    pub table_p_value: Option<f64>,
    /// How the row was compared, and why it deviates or cannot be reproduced.
    pub note: String,
    /// Which value the status compared with the paper.
    #[serde(skip)]
    basis: Basis,
    /// Half a unit of the printed value (0 for an exact expression).
    #[serde(skip)]
    half_unit: f64,
}

/// Tolerance comparison with a relative slack of 1e-9, so that a value exactly half a unit away
/// (`0.55` against a printed `0.5`) is not rejected by floating-point rounding.
pub(crate) fn within(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance * (1.0 + 1e-9) + 1e-12 * a.abs().max(b.abs())
}

/// Formats a number for a note: up to 6 significant decimals, no trailing zeros.
pub(crate) fn num(x: f64) -> String {
    if x != 0.0 && (x.abs() >= 1e7 || x.abs() < 1e-4) {
        format!("{x:.4e}")
    } else {
        let s = format!("{x:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opt = |x: Option<f64>| x.map_or_else(|| "—".to_string(), num);
        let printed = self.printed.as_deref().or(self.printed_exact.as_deref()).unwrap_or("—");
        write!(f, "{} {} {}: paper {printed}, model {}", self.source, self.table, self.item, opt(self.model))?;
        if let Some(mc) = self.monte_carlo {
            write!(f, ", Monte Carlo {}", num(mc))?;
            if let Some(se) = self.mc_std_err {
                write!(f, " ± {}", num(se))?;
            }
        }
        write!(f, " [{}]", self.status)
    }
}

/// A row being built: its place, its printed value and notes. A terminal method judges it.
#[derive(Debug, Clone)]
#[must_use = "a draft is judged by a terminal method (reproduced, paper_check, …)"]
pub struct Draft {
    row: Row,
    printed: Option<Result<PrintedNumber, PrintedError>>,
}

impl Draft {
    /// The number as the paper prints it (`"0.3025"`, `"20,973"`, `"2.1×10^6"`).
    pub fn printed(mut self, text: &str) -> Draft {
        self.row.printed = Some(text.to_string());
        self.printed = Some(PrintedNumber::parse(text));
        self
    }

    /// The paper prints an exact expression (`"2/3"`, `"½√5"`) whose value is `value`.
    pub fn printed_exact(mut self, text: &str, value: f64) -> Draft {
        self.row.printed_exact = Some(text.to_string());
        self.printed = Some(Ok(PrintedNumber { value, half_unit: 0.0 }));
        self
    }

    /// Appends a note.
    pub fn note(mut self, note: &str) -> Draft {
        self.row.push_note(note);
        self
    }

    /// The crate's analytical value of the same quantity, shown for context (not compared) in a
    /// simulated, single-draw or not-reproducible row.
    pub fn model(mut self, model: f64) -> Draft {
        self.row.model = Some(model);
        self
    }

    /// The printed number, or `None` with the row turned into an `Error` row (unparsable).
    fn take_printed(&mut self) -> Option<PrintedNumber> {
        match self.printed.take() {
            Some(Ok(p)) => {
                self.row.paper = Some(p.value);
                self.row.half_unit = p.half_unit;
                Some(p)
            }
            Some(Err(e)) => {
                self.row.status = Status::Error;
                self.row.note = e.to_string();
                None
            }
            None => {
                self.row.status = Status::Error;
                self.row.note = "no printed value to compare with".to_string();
                None
            }
        }
    }

    /// The start of a row judged by a simulation: the printed number taken and the estimate
    /// (`mean`, `std_err`, by `by`) recorded; `Err` with the finished row when there is no printed
    /// number or the model value is not finite.
    fn monte_carlo_row(mut self, mean: f64, std_err: f64, by: &'static str) -> Result<(Row, PrintedNumber), Box<Row>> {
        let Some(p) = self.take_printed() else { return Err(Box::new(self.row)) };
        if !self.finite_model() {
            return Err(Box::new(self.row));
        }
        let mut row = self.row;
        row.basis = Basis::MonteCarlo;
        row.computed_by = Some(by.to_string());
        row.monte_carlo = Some(mean);
        row.mc_std_err = Some(std_err);
        Ok((row, p))
    }

    fn finite_model(&mut self) -> bool {
        if self.row.model.is_some_and(|m| !m.is_finite()) {
            self.row.status = Status::Error;
            self.row.note = "the crate's model value is not finite".to_string();
            return false;
        }
        true
    }

    /// A printed number reproduced by a `loadbal` function: `match` iff the computed value is
    /// within half a unit of the last printed digit (1e-12 relative for an exact expression),
    /// else `unexplained` (until [`Row::explained`]).
    ///
    /// ```
    /// use loadbal_papers::{Computed, Paper, Status};
    /// let jia = Paper::new("jia");
    /// let c = Computed::by("loadbal::dlt::star_allocate", 1.069_767);
    /// assert_eq!(jia.row("§3.4.1 text", "w'").printed("1.0698").reproduced(c).status, Status::Match);
    /// assert_eq!(jia.row("§3.4.1 text", "w'").printed("1.0699").reproduced(c).status, Status::Unexplained);
    /// let third = Computed::by("loadbal::replication::break_even_cv", 2.0 / 3.0);
    /// assert_eq!(jia.row("(5.20)", "c").printed_exact("2/3", 2.0 / 3.0).reproduced(third).status, Status::Match);
    /// ```
    pub fn reproduced(mut self, computed: Computed) -> Row {
        let Some(p) = self.take_printed() else { return self.row };
        let mut row = self.row;
        row.computed_by = Some(computed.by.to_string());
        if !computed.value.is_finite() {
            row.status = Status::Error;
            row.note = format!("the crate's value is not finite ({})", computed.value);
            return row;
        }
        row.model = Some(computed.value);
        let tolerance = if p.half_unit == 0.0 { EXACT_RELATIVE * p.value.abs().max(1.0) } else { p.half_unit };
        row.tolerance = Some(tolerance);
        row.status = if within(computed.value, p.value, tolerance) { Status::Match } else { Status::Unexplained };
        row.push_note(&format!("computed by {}", computed.by));
        row
    }

    /// A printed number against a `loadbal` simulation's estimate `est` of the same quantity
    /// (computed by `by`): `match` iff |mean − paper| ≤ half unit + [`SIMULATION_SE`]·SE, which the
    /// note states; otherwise `unexplained`. The estimate goes in `monte_carlo`/`mc_std_err`.
    ///
    /// ```
    /// use loadbal::montecarlo::Estimate;
    /// use loadbal_papers::{Paper, Status};
    /// let est = Estimate { mean: 26.3, std_err: 0.1, n: 1000 };
    /// let fong = Paper::new("fong");
    /// let r = fong.row("Table 2", "T*").printed("26").simulated(est, "loadbal::remap::periodic::LoadCurves::simulate");
    /// assert_eq!(r.status, Status::Match); // |26.3 − 26| ≤ 0.5 + 4·0.1
    /// ```
    pub fn simulated(self, est: Estimate, by: &'static str) -> Row {
        let (mut row, p) = match self.monte_carlo_row(est.mean, est.std_err, by) {
            Ok(started) => started,
            Err(done) => return *done,
        };
        if !(est.mean.is_finite() && est.std_err.is_finite()) {
            row.status = Status::Error;
            row.note = "the crate's estimate is not finite".to_string();
            return row;
        }
        let tolerance = p.half_unit + SIMULATION_SE * est.std_err;
        row.tolerance = Some(tolerance);
        row.push_note(&format!(
            "simulated by {by} ({} runs): match iff |MC − paper| ≤ {} (half unit) + {SIMULATION_SE}·SE {} = {}",
            est.n,
            num(p.half_unit),
            num(est.std_err),
            num(tolerance)
        ));
        row.status = if within(est.mean, p.value, tolerance) { Status::Match } else { Status::Unexplained };
        row
    }

    /// A printed value that is one random draw (a single simulation run, the mean of the paper's
    /// few runs, one measured trace), against the crate's simulation of the same experiment
    /// (`draws`, by `by`): `consistent` when the printed value lies within `k` standard
    /// deviations of one draw plus half a printed unit of the simulated mean, else `unexplained`.
    /// A band wider than ±50 % of the printed value says in the note that the row alone cannot
    /// fail. The table-level test ([`Row::judged_by_table`]) judges the table as a whole.
    ///
    /// ```
    /// use loadbal_papers::{Draws, Paper, Status};
    /// let ahn = Paper::new("ahn");
    /// let draws = Draws { mean: 100.0, sd: 10.0, std_err: 1.0, n: 100 };
    /// let r = ahn.row("Table 2", "max").printed("121").single_draw(draws, 3.0, "loadbal::ensemble::simulate");
    /// assert_eq!((r.status, r.tolerance), (Status::Consistent, Some(30.5)));
    /// let far = ahn.row("Table 2", "max").printed("131").single_draw(draws, 3.0, "loadbal::ensemble::simulate");
    /// assert_eq!(far.status, Status::Unexplained);
    /// ```
    pub fn single_draw(self, draws: Draws, k: f64, by: &'static str) -> Row {
        let (mut row, p) = match self.monte_carlo_row(draws.mean, draws.std_err, by) {
            Ok(started) => started,
            Err(done) => return *done,
        };
        let band = k * draws.sd + p.half_unit;
        if !(draws.mean.is_finite() && band.is_finite()) {
            row.status = Status::Error;
            row.note = "the crate's simulation is not finite".to_string();
            return row;
        }
        row.tolerance = Some(band);
        row.push_note(&format!(
            "a printed single draw against {by} ({} simulated draws): mean {}, sd of one draw {}; within {} sd + half unit = ±{}",
            draws.n,
            num(draws.mean),
            num(draws.sd),
            num(k),
            num(band)
        ));
        if band > 0.5 * p.value.abs() {
            row.push_note(&format!(
                "this row alone cannot fail: its band ±{} is wider than ±50 % of the printed value; the table-level test judges it",
                num(band)
            ));
        }
        row.status = if within(draws.mean, p.value, band) { Status::Consistent } else { Status::Unexplained };
        row
    }

    /// The paper's own arithmetic: the printed cell against `from_cells`, computed from other
    /// printed numbers of the paper (or an input echoed, a value typed from the paper), within half
    /// a printed unit plus `rounding` (the rounding of the cells involved). `paper_check` when it
    /// holds, else `deviates` with the sizes in the note. `from_cells` is shown in the `model`
    /// column.
    ///
    /// ```
    /// use loadbal_papers::{Paper, Status};
    /// let ahn = Paper::new("ahn");
    /// // max idle = max − min on printed cells 1195.5 and 1012.2 (each ±0.05).
    /// let r = ahn.row("Table 2", "max idle").printed("183.3").paper_check(1195.5 - 1012.2, 0.1);
    /// assert_eq!(r.status, Status::PaperCheck);
    /// let bad = ahn.row("Table 2", "max idle").printed("193.3").paper_check(1195.5 - 1012.2, 0.1);
    /// assert_eq!(bad.status, Status::Deviates);
    /// ```
    pub fn paper_check(mut self, from_cells: f64, rounding: f64) -> Row {
        let Some(p) = self.take_printed() else { return self.row };
        let mut row = self.row;
        if !from_cells.is_finite() {
            row.status = Status::Error;
            row.note = format!("the value from the paper's cells is not finite ({from_cells})");
            return row;
        }
        row.model = Some(from_cells);
        let printed = if p.half_unit == 0.0 { EXACT_RELATIVE * p.value.abs() } else { p.half_unit };
        let tolerance = printed + rounding.abs();
        row.tolerance = Some(tolerance);
        if within(from_cells, p.value, tolerance) {
            row.status = Status::PaperCheck;
            row.push_note(&format!("the paper's own numbers (no crate model), within ±{}", num(tolerance)));
        } else {
            row.status = Status::Deviates;
            row.push_note(&format!(
                "the paper's own arithmetic does not hold: printed {}, its cells give {}, difference {} > ±{}",
                num(p.value),
                num(from_cells),
                num(from_cells - p.value),
                num(tolerance)
            ));
        }
        row
    }

    /// A value a `loadbal` function (`by`) computes with no printed counterpart: `computed`.
    /// Never a match. A non-finite value gives an `Error` row.
    ///
    /// ```
    /// use loadbal_papers::{Paper, Status};
    /// let r = Paper::new("ahn").row("§4.1", "e_25").context(1.965_8, "loadbal::order_stats::expected_max_std_normal");
    /// assert_eq!((r.status, r.printed.as_deref()), (Status::Computed, None));
    /// ```
    pub fn context(self, value: f64, by: &'static str) -> Row {
        let mut row = self.row;
        row.computed_by = Some(by.to_string());
        if value.is_finite() {
            row.model = Some(value);
        } else {
            row.status = Status::Error;
            row.note = format!("the crate's value is not finite ({value})");
        }
        row
    }

    /// A simulated value with no printed counterpart (`computed`, the estimate in
    /// `monte_carlo`).
    pub fn context_simulated(self, est: Estimate, by: &'static str) -> Row {
        let mut row = self.row;
        row.computed_by = Some(by.to_string());
        if est.mean.is_finite() {
            row.monte_carlo = Some(est.mean);
            row.mc_std_err = est.std_err.is_finite().then_some(est.std_err).filter(|&s| s > 0.0);
        } else {
            row.status = Status::Error;
            row.note = format!("the crate's estimate is not finite ({})", est.mean);
        }
        row
    }

    /// A statement of the paper (quoted in the note) checked by the crate: `holds` when the
    /// evidence confirms it, `fails` when it contradicts it; `evidence` says what was computed.
    ///
    /// ```
    /// use loadbal_papers::{Paper, Status};
    /// let r = Paper::new("yin").row("§5 text", "η = 1: remap iff |i − j| ≥ 2").statement(
    ///     "a difference of two or more workload units deserves a remapping",
    ///     true,
    ///     "policy iteration on the 36-state example",
    /// );
    /// assert_eq!(r.status, Status::Holds);
    /// ```
    pub fn statement(mut self, quote: &str, holds: bool, evidence: &str) -> Row {
        if self.printed.is_some() && self.take_printed().is_none() {
            return self.row;
        }
        let mut row = self.row;
        row.status = if holds { Status::Holds } else { Status::Fails };
        let verdict = if holds { "holds" } else { "fails" };
        let note = format!("the paper: \"{quote}\" — {verdict}: {evidence}");
        let old = std::mem::take(&mut row.note);
        row.note = note;
        row.push_note(&old);
        row
    }

    /// A printed value that needs data the paper lacks, named in `why` (a lost figure, private
    /// traces): `not_reproducible`. The printed value, if any, is kept.
    pub fn not_reproducible(mut self, why: &str) -> Row {
        if self.printed.is_some() && self.take_printed().is_none() {
            return self.row;
        }
        let mut row = self.row;
        row.status = Status::NotReproducible;
        row.push_note(why);
        row
    }

    /// A row whose computation failed with `err`: status `Error`, the message in the note, the
    /// printed value kept. Rows are never dropped on error.
    ///
    /// ```
    /// use loadbal_papers::{Paper, Status};
    /// let r = Paper::new("fong").row("Table 2", "T*").printed("26").error(&"p must be at least 1");
    /// assert!(r.status.is_failure());
    /// assert_eq!((r.note.as_str(), r.printed.as_deref()), ("p must be at least 1", Some("26")));
    /// ```
    pub fn error(mut self, err: &dyn fmt::Display) -> Row {
        if let Some(Ok(p)) = self.printed.take() {
            self.row.paper = Some(p.value);
        }
        let mut row = self.row;
        row.status = Status::Error;
        row.note = err.to_string();
        row
    }
}

impl Row {
    fn base(source: &str, table: &str, item: String) -> Row {
        Row {
            source: source.to_string(),
            table: table.to_string(),
            item,
            printed: None,
            printed_exact: None,
            paper: None,
            model: None,
            monte_carlo: None,
            mc_std_err: None,
            tolerance: None,
            status: Status::Computed,
            computed_by: None,
            table_test: None,
            table_p_value: None,
            note: String::new(),
            basis: Basis::Model,
            half_unit: 0.0,
        }
    }

    /// The value the status compared with the paper: the Monte Carlo mean of a simulated or
    /// single-draw row, else the model value.
    pub fn compared_value(&self) -> Option<f64> {
        match self.basis {
            Basis::Model => self.model,
            Basis::MonteCarlo => self.monte_carlo,
        }
    }

    /// Half a unit of the printed value (0 for an exact expression or no printed value).
    pub fn half_unit(&self) -> f64 {
        self.half_unit
    }

    /// Explains a mismatch: an `unexplained` row becomes `deviates` when the printed value lies
    /// within the values the explanation gives (plus half a printed unit), with both the
    /// crate's value and the explanation's in the note; otherwise it stays `unexplained` and the
    /// note says the explanation does not cover the printed value. Any other status is kept
    /// (the note is added), so a fixed typo cannot hide behind a stale explanation.
    ///
    /// ```
    /// use loadbal_papers::{Computed, Explanation, Paper, Status};
    /// let fong = Paper::new("fong");
    /// // Printed 3; the printed ceiling of eq. (13) gives 4, the floor gives 3.
    /// let r = fong.row("Table 1", "T*_free").printed("3").reproduced(Computed::by("loadbal::remap::periodic::Homogeneous::interval", 4.0));
    /// let r = r.explained(Explanation::exact_reading("the floor of 3.17 instead of the printed ceiling", 3.0));
    /// assert_eq!(r.status, Status::Deviates);
    /// let far = fong.row("Table 1", "T*_free").printed("3").reproduced(Computed::by("loadbal::remap::periodic::Homogeneous::interval", 4.0));
    /// assert_eq!(far.explained(Explanation::exact_reading("another reading", 5.0)).status, Status::Unexplained);
    /// ```
    pub fn explained(mut self, ex: Explanation) -> Row {
        let (lo, hi) = ex.span();
        let span = if lo == hi { num(lo) } else { format!("[{}, {}]", num(lo), num(hi)) };
        if self.status != Status::Unexplained {
            self.push_note(&format!("{} (it gives {span})", ex.why));
            return self;
        }
        let Some(paper) = self.paper else {
            self.push_note(&format!("explanation \"{}\" has nothing to bound", ex.why));
            return self;
        };
        let slack = self.half_unit.max(EXACT_RELATIVE * paper.abs());
        let covered = lo.is_finite()
            && hi.is_finite()
            && paper >= lo - slack * (1.0 + 1e-9)
            && paper <= hi + slack * (1.0 + 1e-9);
        let value = self.compared_value().map_or_else(|| "—".to_string(), num);
        if covered {
            self.status = Status::Deviates;
            self.tolerance = Some(0.5 * (hi - lo) + slack);
            self.push_note(&format!(
                "deviates: the crate gives {value}, printed {}; {} gives {span}, which covers the printed value (± half unit {})",
                num(paper),
                ex.why,
                num(self.half_unit)
            ));
        } else {
            self.push_note(&format!(
                "unexplained: the crate gives {value}, printed {}; {} gives {span}, which does not cover the printed value",
                num(paper),
                ex.why
            ));
        }
        self
    }

    /// Applies the table-level test of the row's table: records its p-value and, when the table
    /// as a whole is far outside what the simulation gives (p < [`TABLE_ALPHA`]), turns a
    /// `consistent` or `unexplained` single-draw row into `deviates` with the table-level evidence
    /// and `why` (the unstated choices that may explain it). Other statuses keep theirs.
    pub fn judged_by_table(mut self, evidence: &TableEvidence, why: &str) -> Row {
        self.table_test = Some(evidence.table.clone());
        self.table_p_value = Some(evidence.p_value);
        self.push_note(&evidence.summary());
        if evidence.p_value < TABLE_ALPHA && matches!(self.status, Status::Consistent | Status::Unexplained) {
            self.status = Status::Deviates;
            self.push_note(&format!(
                "deviates: the table as a whole is outside what the simulation gives (p < {TABLE_ALPHA}); {why}"
            ));
        }
        self
    }

    /// Attaches an independent Monte Carlo estimate of the row's model value (the crate's
    /// simulation of what `model` computes in closed form). If the estimate is more than
    /// [`SIMULATION_SE`] standard errors from the model, the row becomes `unexplained` (the
    /// model and the simulation disagree), whatever it was.
    pub fn with_estimate(mut self, est: Estimate) -> Row {
        self.monte_carlo = Some(est.mean);
        self.mc_std_err = Some(est.std_err);
        if let Some(m) = self.model {
            if !est.agrees_with(m, SIMULATION_SE) && self.status != Status::Error {
                self.status = Status::Unexplained;
                self.push_note(&format!(
                    "the crate's simulation {} ± {} disagrees with its model {} by more than {SIMULATION_SE} SE",
                    num(est.mean),
                    num(est.std_err),
                    num(m)
                ));
            } else {
                self.push_note(&format!("independent simulation ({} runs) agrees within {SIMULATION_SE} SE", est.n));
            }
        }
        self
    }

    /// Marks a printed row as needing data the paper lacks (named in `why`); an `Error` row stays
    /// an `Error`.
    pub fn not_reproducible(mut self, why: &str) -> Row {
        if self.status != Status::Error {
            self.status = Status::NotReproducible;
        }
        self.push_note(why);
        self
    }

    /// Appends a note (separated by "; ") without changing the status.
    pub fn note(mut self, note: &str) -> Row {
        self.push_note(note);
        self
    }

    pub(crate) fn push_note(&mut self, note: &str) {
        if note.is_empty() {
            return;
        }
        if self.note.is_empty() {
            self.note = note.to_string();
        } else {
            self.note = format!("{}; {note}", self.note);
        }
    }
}
