//! Paper-table reproduction: each paper's printed numbers rebuilt from the crate's models, as rows.
//!
//! Every section returns plain [`Row`]s; `examples/reproduce.rs` only prints them and the
//! integration tests assert the same rows, so the printed numbers are the tested numbers.
//!
//! # Row statuses
//!
//! A row's [`Status`] is computed by its constructor, never typed in, and means one thing:
//!
//! | status | meaning | constructor |
//! |---|---|---|
//! | `match` | a printed number against a value the crate computes, within half a unit of the last printed digit (plus at most 4 standard errors for a simulated value, stated in the note) | [`Row::printed`], [`Row::printed_within`], [`Row::simulated`] |
//! | `consistent` | a printed single random draw (one simulation run, one measured trace) lying within the run-to-run spread of the crate's simulation of the same experiment; not a reproduction | [`Row::consistent`] |
//! | `paper_check` | the paper's own arithmetic (an identity between its cells, a percentage of its numbers) holds; no crate model is involved | [`Row::paper_check`], [`Row::paper_claim`] |
//! | `computed` | no printed value: a value shown for context, a reconstructed figure, a qualitative sentence of the paper confirmed | [`Row::computed`], [`Row::claim`] |
//! | `deviates` | a printed value the crate does not reproduce, with an explanation that holds within a bound stated in the code | [`Row::explained`], [`Row::explained_by`], [`Row::paper_check`] |
//! | `not_reproducible` | the paper lacks data the note names (a lost figure, private traces) | [`Row::not_reproducible`] |
//! | `error` | the crate returned an error while computing the row (the row is kept) | [`Row::error`] |
//! | `unexplained` | outside tolerance with no explanation: a defect to investigate | — |
//!
//! `reproduce` exits non-zero on any `error` or `unexplained` row.

mod ahn;
mod ahn_ensemble;
mod dobber;
mod dobber_traces;
pub mod fixtures;
mod fong;
pub mod jia_chains;
mod jia_dlt;
mod jia_queueing;
mod jia_unaware;
mod yin;

use std::fmt;

use loadbal::montecarlo::Estimate;

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

/// Standard errors a simulated value may add to the printed precision in [`Row::simulated`].
pub const SIMULATION_SE: f64 = 4.0;

/// Outcome of one row; see the [module documentation](self) for the exact meaning of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A printed number reproduced within its printed precision (plus at most 4 standard errors
    /// for a simulated value).
    Match,
    /// A printed single random draw within the run-to-run spread of the crate's simulation.
    Consistent,
    /// The paper's own arithmetic on its printed cells holds; no crate model involved.
    PaperCheck,
    /// No printed value: a value the crate computes, shown for context. Never a match.
    Computed,
    /// A printed value the crate does not reproduce, explained within a bound stated in the code.
    Deviates,
    /// The paper lacks the data (named in the note) needed to reproduce the value.
    NotReproducible,
    /// The crate returned an error while computing the row.
    Error,
    /// Outside tolerance with no explanation: a defect to investigate.
    Unexplained,
}

impl Status {
    /// Every status, in the order `reproduce` prints its summary columns.
    pub const ALL: [Status; 8] = [
        Status::Match,
        Status::Consistent,
        Status::PaperCheck,
        Status::Computed,
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
    /// ```
    pub fn as_str(&self) -> &'static str {
        match self {
            Status::Match => "match",
            Status::Consistent => "consistent",
            Status::PaperCheck => "paper_check",
            Status::Computed => "computed",
            Status::Deviates => "deviates",
            Status::NotReproducible => "not_reproducible",
            Status::Error => "error",
            Status::Unexplained => "unexplained",
        }
    }

    /// Whether `reproduce` must exit non-zero because of this status (`error`, `unexplained`).
    pub fn is_failure(&self) -> bool {
        matches!(self, Status::Error | Status::Unexplained)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which value of a row was compared with the paper: the analytical `model` or the `monte_carlo`
/// estimate. Internal bookkeeping for [`Row::explained`]; not serialised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Basis {
    #[default]
    Model,
    MonteCarlo,
}

/// A number as printed in a paper, parsed, with its printed precision.
///
/// Accepts an optional sign (`-`, `+` or the Unicode minus `−`), thousands separators (`,`, thin
/// spaces, `_`), a decimal point, an exponent (`e`/`E`) and a trailing `%` (the value stays in
/// percent). The half unit is half of the place value of the last printed digit of the mantissa,
/// scaled by the exponent.
///
/// # Examples
///
/// ```
/// use loadbal_papers::PrintedNumber;
/// let p = PrintedNumber::parse("0.3025").unwrap();
/// assert_eq!(p.value, 0.3025);
/// assert!((p.half_unit - 0.000_05).abs() < 1e-18);
/// assert_eq!(PrintedNumber::parse("20,973").unwrap().half_unit, 0.5);
/// assert_eq!(PrintedNumber::parse("−1.5e3").unwrap().value, -1500.0);
/// assert_eq!(PrintedNumber::parse("−1.5e3").unwrap().half_unit, 50.0);
/// assert_eq!(PrintedNumber::parse("57.2%").unwrap().value, 57.2);
/// assert!(PrintedNumber::parse("about 4").is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrintedNumber {
    /// The number's value.
    pub value: f64,
    /// Half a unit of the last printed digit.
    pub half_unit: f64,
}

/// A printed string that is not a plain number.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PrintedError {
    /// The string (quoted) is not a number as [`PrintedNumber::parse`] reads them.
    NotANumber {
        /// The string as given.
        printed: String,
    },
}

impl fmt::Display for PrintedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrintedError::NotANumber { printed } => write!(f, "printed value {printed:?} is not a number"),
        }
    }
}

impl std::error::Error for PrintedError {}

impl PrintedNumber {
    /// Parses a number as printed; see the type's documentation for the accepted forms.
    ///
    /// # Errors
    /// [`PrintedError::NotANumber`] when the string is not a plain number.
    pub fn parse(printed: &str) -> Result<PrintedNumber, PrintedError> {
        let bad = || PrintedError::NotANumber { printed: printed.to_string() };
        let s = printed.trim();
        let s = s.strip_suffix('%').unwrap_or(s).trim_end();
        let cleaned: String = s
            .chars()
            .filter(|c| !matches!(c, ',' | '_' | '\u{2009}' | '\u{202f}' | '\u{a0}'))
            .map(|c| if c == '−' { '-' } else { c })
            .collect();
        let (mantissa, exponent) = match cleaned.find(['e', 'E']) {
            Some(i) => {
                let exp: i32 = cleaned.get(i + 1..).unwrap_or("").parse().map_err(|_| bad())?;
                (cleaned.get(..i).unwrap_or(""), exp)
            }
            None => (cleaned.as_str(), 0),
        };
        let digits = mantissa.strip_prefix(['-', '+']).unwrap_or(mantissa);
        let (int, frac) = match digits.split_once('.') {
            Some((i, f)) => (i, f),
            None => (digits, ""),
        };
        let all_digits = |t: &str| t.chars().all(|c| c.is_ascii_digit());
        if int.len() + frac.len() == 0 || !all_digits(int) || !all_digits(frac) {
            return Err(bad());
        }
        let value: f64 = format!("{mantissa}e{exponent}").parse().map_err(|_| bad())?;
        let places = exponent - i32::try_from(frac.len()).map_err(|_| bad())?;
        let half_unit = 0.5 * 10f64.powi(places);
        if !value.is_finite() || !half_unit.is_finite() || half_unit == 0.0 {
            return Err(bad());
        }
        Ok(PrintedNumber { value, half_unit })
    }
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
    /// The paper's citation key: one of [`PAPER_KEYS`] (`ahn`, `fong`, `dobber`, `yin`, `jia`).
    pub source: String,
    /// Table, figure, equation or section of the paper, e.g. `§5.2 text` or `Table 1`.
    pub table: String,
    /// What the number is.
    pub item: String,
    /// The paper's number exactly as printed (`"26"`, `"0.3025"`, `"57.2"`), so that its
    /// precision is known; `None` when the paper prints no number for the row.
    pub printed: Option<String>,
    /// The printed value as a number.
    pub paper: Option<f64>,
    /// The crate's analytical value, if the row has one.
    pub model: Option<f64>,
    /// An independent Monte Carlo estimate (the crate's simulation), if one applies.
    pub monte_carlo: Option<f64>,
    /// Standard error of the Monte Carlo mean.
    pub mc_std_err: Option<f64>,
    /// Absolute tolerance used for the status.
    pub tolerance: Option<f64>,
    /// The verdict.
    pub status: Status,
    /// How the row was compared, and why it deviates or cannot be reproduced.
    pub note: String,
    /// Which value the status compared with the paper.
    #[serde(skip)]
    basis: Basis,
}

/// Tolerance comparison with a relative slack of 1e-9, so that a value exactly half a unit away
/// (`0.55` against a printed `0.5`) is not rejected by floating-point rounding.
fn within(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance * (1.0 + 1e-9) + 1e-12 * a.abs().max(b.abs())
}

/// Formats a number for a note: up to 6 significant decimals, no trailing zeros.
fn num(x: f64) -> String {
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
        write!(
            f,
            "{} {} {}: paper {}, model {}",
            self.source,
            self.table,
            self.item,
            self.printed.as_deref().unwrap_or("—"),
            opt(self.model)
        )?;
        if let Some(mc) = self.monte_carlo {
            write!(f, ", Monte Carlo {}", num(mc))?;
            if let Some(se) = self.mc_std_err {
                write!(f, " ± {}", num(se))?;
            }
        }
        write!(f, " [{}]", self.status)
    }
}

impl Row {
    fn base(source: &str, table: &str, item: &str) -> Row {
        Row {
            source: source.to_string(),
            table: table.to_string(),
            item: item.to_string(),
            printed: None,
            paper: None,
            model: None,
            monte_carlo: None,
            mc_std_err: None,
            tolerance: None,
            status: Status::Computed,
            note: String::new(),
            basis: Basis::Model,
        }
    }

    /// Parses `printed` into the row; on failure the row becomes an `Error` row naming the
    /// string and `None` is returned.
    fn set_printed(&mut self, printed: &str) -> Option<PrintedNumber> {
        self.printed = Some(printed.to_string());
        match PrintedNumber::parse(printed) {
            Ok(p) => {
                self.paper = Some(p.value);
                Some(p)
            }
            Err(e) => {
                self.status = Status::Error;
                self.note = e.to_string();
                None
            }
        }
    }

    /// A printed number against the crate's `model` value at printed precision: the tolerance
    /// is half a unit of the last printed digit; `Match` within it, otherwise `Unexplained`
    /// (until [`Row::explained`]). A non-finite model value or an unparseable `printed` string
    /// gives an `Error` row.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal_papers::{Row, Status};
    /// let ok = Row::printed("ahn", "§5.2", "E[Y_p]", "20,973", 20_973.3);
    /// assert_eq!((ok.status, ok.tolerance), (Status::Match, Some(0.5)));
    /// let off = Row::printed("ahn", "§4.5", "C_max", "4.4", 4.842);
    /// assert_eq!(off.status, Status::Unexplained);
    /// ```
    pub fn printed(source: &str, table: &str, item: &str, printed: &str, model: f64) -> Row {
        let mut row = Row::base(source, table, item);
        let Some(p) = row.set_printed(printed) else { return row };
        row.judge_model(model, p.half_unit, String::new())
    }

    /// Like [`Row::printed`], with a stated tolerance wider than the printed precision and the
    /// `reason` it is needed (the paper computed from rounded intermediates, read a value off a
    /// figure, ...). The reason goes into the note.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal_papers::{Row, Status};
    /// let r = Row::printed_within("jia", "Table 3.2", "load", "0.3025", 0.30262, 2e-4,
    ///     "the paper multiplies 4-decimal loads");
    /// assert_eq!(r.status, Status::Match);
    /// assert!(r.note.contains("4-decimal"));
    /// ```
    pub fn printed_within(
        source: &str,
        table: &str,
        item: &str,
        printed: &str,
        model: f64,
        tolerance: f64,
        reason: &str,
    ) -> Row {
        let mut row = Row::base(source, table, item);
        if row.set_printed(printed).is_none() {
            return row;
        }
        if !(tolerance.is_finite() && tolerance >= 0.0) {
            row.status = Status::Error;
            row.note = format!("tolerance {tolerance} is not a finite non-negative number");
            return row;
        }
        row.judge_model(model, tolerance, format!("tolerance ±{}: {reason}", num(tolerance)))
    }

    fn judge_model(mut self, model: f64, tolerance: f64, note: String) -> Row {
        self.tolerance = Some(tolerance);
        self.note = note;
        if !model.is_finite() {
            self.status = Status::Error;
            self.note = format!("the crate's value is not finite ({model})");
            return self;
        }
        self.model = Some(model);
        let paper = self.paper.unwrap_or(f64::NAN);
        self.status = if within(model, paper, tolerance) { Status::Match } else { Status::Unexplained };
        self
    }

    /// A printed number against the crate's Monte Carlo estimate `est` of the same quantity. The
    /// estimate goes in `monte_carlo`/`mc_std_err`; `model` holds the analytical value where one
    /// exists (context, not compared). `Match` iff |mean − paper| ≤ half unit +
    /// [`SIMULATION_SE`]·SE, which the note states; otherwise `Unexplained`.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::montecarlo::Estimate;
    /// use loadbal_papers::{Row, Status};
    /// let est = Estimate { mean: 26.3, std_err: 0.1, n: 1000 };
    /// let r = Row::simulated("fong", "Table 2", "T*_simu", "26", est, None);
    /// assert_eq!(r.status, Status::Match); // |26.3 − 26| ≤ 0.5 + 4·0.1
    /// assert_eq!(r.monte_carlo, Some(26.3));
    /// let far = Estimate { mean: 27.0, ..est };
    /// assert_eq!(Row::simulated("fong", "Table 2", "T*_simu", "26", far, None).status, Status::Unexplained);
    /// ```
    pub fn simulated(source: &str, table: &str, item: &str, printed: &str, est: Estimate, model: Option<f64>) -> Row {
        let mut row = Row::base(source, table, item);
        let Some(p) = row.set_printed(printed) else { return row };
        row.basis = Basis::MonteCarlo;
        row.model = model;
        row.monte_carlo = Some(est.mean);
        row.mc_std_err = Some(est.std_err);
        if !(est.mean.is_finite() && est.std_err.is_finite()) || model.is_some_and(|m| !m.is_finite()) {
            row.status = Status::Error;
            row.note = "the crate's estimate is not finite".to_string();
            return row;
        }
        let tolerance = p.half_unit + SIMULATION_SE * est.std_err;
        row.tolerance = Some(tolerance);
        row.note = format!(
            "simulated ({} runs): match iff |MC − paper| ≤ {} (half unit) + {SIMULATION_SE}·SE {} = {}",
            est.n,
            num(p.half_unit),
            num(est.std_err),
            num(tolerance)
        );
        row.status = if within(est.mean, p.value, tolerance) { Status::Match } else { Status::Unexplained };
        row
    }

    /// A printed value that is one random draw (a single simulation run, one measured trace),
    /// against `runs`: the crate's simulation of the same experiment over `runs.n` independent
    /// runs. `Consistent` when the printed value lies within `k` run-to-run standard deviations
    /// (`runs.std_dev()`) plus half a printed unit (the printed draw is rounded) of the simulated
    /// mean, else `Unexplained`. The mean goes in
    /// `monte_carlo`, the band in `tolerance`, `model` holds the analytical expectation if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::montecarlo::Estimate;
    /// use loadbal_papers::{Row, Status};
    /// // 100 runs, mean 100, run-to-run sd 10 (standard error 1).
    /// let runs = Estimate { mean: 100.0, std_err: 1.0, n: 100 };
    /// let r = Row::consistent("ahn", "Table 2", "max", "121", runs, None, 3.0);
    /// assert_eq!(r.status, Status::Consistent);
    /// assert_eq!(r.tolerance, Some(30.5)); // 3 sd + half a unit
    /// assert_eq!(Row::consistent("ahn", "Table 2", "max", "131", runs, None, 3.0).status, Status::Unexplained);
    /// ```
    pub fn consistent(
        source: &str,
        table: &str,
        item: &str,
        printed: &str,
        runs: Estimate,
        model: Option<f64>,
        k: f64,
    ) -> Row {
        let mut row = Row::base(source, table, item);
        let Some(p) = row.set_printed(printed) else { return row };
        row.basis = Basis::MonteCarlo;
        row.model = model;
        row.monte_carlo = Some(runs.mean);
        row.mc_std_err = Some(runs.std_err);
        let sd = runs.std_dev();
        let band = k * sd + p.half_unit;
        if !(runs.mean.is_finite() && band.is_finite()) || model.is_some_and(|m| !m.is_finite()) {
            row.status = Status::Error;
            row.note = "the crate's simulation is not finite".to_string();
            return row;
        }
        row.tolerance = Some(band);
        row.note = format!(
            "printed single run vs the crate's {} runs: mean {}, run-to-run sd {}; consistent within {k} sd + half unit = ±{}",
            runs.n,
            num(runs.mean),
            num(sd),
            num(band)
        );
        row.status = if within(runs.mean, p.value, band) { Status::Consistent } else { Status::Unexplained };
        row
    }

    /// The paper's own arithmetic: the printed cell `printed` against `from_cells`, a value the
    /// row computes from other printed numbers of the paper (no crate model), within `tolerance`
    /// (the rounding of the cells involved). `PaperCheck` when it holds, else `Deviates` with the
    /// sizes in the note. `from_cells` is shown in the `model` column.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal_papers::{Row, Status};
    /// // max idle = max − min on printed cells 1195.5 and 1012.2.
    /// let r = Row::paper_check("ahn", "Table 2", "max idle", "183.3", 1195.5 - 1012.2, 0.1);
    /// assert_eq!(r.status, Status::PaperCheck);
    /// let bad = Row::paper_check("ahn", "Table 2", "max idle", "193.3", 1195.5 - 1012.2, 0.1);
    /// assert_eq!(bad.status, Status::Deviates);
    /// ```
    pub fn paper_check(source: &str, table: &str, item: &str, printed: &str, from_cells: f64, tolerance: f64) -> Row {
        let mut row = Row::base(source, table, item);
        let Some(p) = row.set_printed(printed) else { return row };
        row.model = Some(from_cells);
        row.tolerance = Some(tolerance);
        if within(from_cells, p.value, tolerance) {
            row.status = Status::PaperCheck;
            row.note = format!("paper arithmetic on its own cells (no crate model), within ±{}", num(tolerance));
        } else {
            row.status = Status::Deviates;
            row.note = format!(
                "the paper's arithmetic does not hold: printed {printed}, its cells give {}, difference {} > ±{}",
                num(from_cells),
                num(from_cells - p.value),
                num(tolerance)
            );
        }
        row
    }

    /// A value the crate computes with no printed counterpart (context, a reconstructed figure,
    /// a qualitative claim confirmed: quote it in the note). Never a match. A non-finite value
    /// gives an `Error` row.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal_papers::{Row, Status};
    /// let r = Row::computed("ahn", "§4.1", "e_25", 1.965_8);
    /// assert_eq!((r.status, r.printed.as_deref()), (Status::Computed, None));
    /// assert_eq!(Row::computed("ahn", "§4.1", "e_25", f64::NAN).status, Status::Error);
    /// ```
    pub fn computed(source: &str, table: &str, item: &str, model: f64) -> Row {
        let mut row = Row::base(source, table, item);
        if model.is_finite() {
            row.model = Some(model);
        } else {
            row.status = Status::Error;
            row.note = format!("the crate's value is not finite ({model})");
        }
        row
    }

    /// A row whose computation failed with the crate error `err`: status `Error`, the message in
    /// the note. Rows are never dropped on error.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal_papers::{Row, Status};
    /// let r = Row::error("fong", "Table 2", "T*", &"p must be at least 1");
    /// assert_eq!(r.status, Status::Error);
    /// assert!(r.status.is_failure());
    /// assert_eq!(r.note, "p must be at least 1");
    /// ```
    pub fn error(source: &str, table: &str, item: &str, err: &dyn fmt::Display) -> Row {
        let mut row = Row::base(source, table, item);
        row.status = Status::Error;
        row.note = err.to_string();
        row
    }

    /// Sets the printed string of a row built by another constructor (e.g. an `error` row of a
    /// printed cell), keeping its status.
    pub fn with_printed_text(mut self, printed: &str) -> Row {
        if let Ok(p) = PrintedNumber::parse(printed) {
            self.paper = Some(p.value);
        }
        self.printed = Some(printed.to_string());
        self
    }

    /// Explains a mismatch: an `Unexplained` row becomes `Deviates` with `why` in the note, but
    /// only if the compared value (the model, or the Monte Carlo mean for simulated and
    /// single-run rows) lies within `bound` of the paper; beyond it the row stays `Unexplained`
    /// and the note says the explanation does not cover the size. A `Match` or any other status
    /// is kept (the note is added), so a fixed typo cannot hide behind a stale explanation.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal_papers::{Row, Status};
    /// let typo = Row::printed("ahn", "§4.5", "C_max", "4.4", 4.842);
    /// let r = typo.clone().explained("the text's rounding of Φ⁻¹(0.5264^(1/10⁶)) is off", 0.5);
    /// assert_eq!(r.status, Status::Deviates);
    /// let r = typo.explained("a small rounding slip", 0.1);
    /// assert_eq!(r.status, Status::Unexplained);
    /// ```
    pub fn explained(mut self, why: &str, bound: f64) -> Row {
        if self.status != Status::Unexplained {
            self.push_note(why);
            return self;
        }
        let value = match self.basis {
            Basis::Model => self.model,
            Basis::MonteCarlo => self.monte_carlo,
        };
        match (value, self.paper) {
            (Some(v), Some(p)) if within(v, p, bound) => {
                self.status = Status::Deviates;
                self.push_note(&format!("deviates by {} (explained within ±{}): {why}", num(v - p), num(bound)));
            }
            (Some(v), Some(p)) => self.push_note(&format!(
                "difference {} exceeds the ±{} covered by the explanation \"{why}\"",
                num(v - p),
                num(bound)
            )),
            _ => self.push_note(&format!("explanation \"{why}\" has nothing to bound")),
        }
        self
    }

    /// A qualitative sentence of the paper (no printed number) checked with the crate: `Computed`
    /// when the crate confirms it, `Unexplained` when it contradicts it (until
    /// [`Row::explained_by`]). The quoted sentence goes into the note. Never a match.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal_papers::{Row, Status};
    /// let r = Row::claim("yin", "§5 text", "η = 1: remap iff |i − j| ≥ 2",
    ///     "a difference of two or more workload units deserves a remapping", true);
    /// assert_eq!(r.status, Status::Computed);
    /// assert!(r.note.starts_with("confirmed"));
    /// ```
    pub fn claim(source: &str, table: &str, item: &str, quote: &str, holds: bool) -> Row {
        let mut row = Row::base(source, table, item);
        if holds {
            row.note = format!("confirmed by the crate: \"{quote}\"");
        } else {
            row.status = Status::Unexplained;
            row.note = format!("contradicted by the crate: \"{quote}\"");
        }
        row
    }

    /// A qualitative or approximate sentence of the paper checked against the paper's own printed
    /// cells (no crate model): `PaperCheck` when the cells support it, `Deviates` when they
    /// contradict it; `evidence` (what the cells give) goes into the `model` column and the note.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal_papers::{Row, Status};
    /// // "reduced by 85% or more for each algorithm": the smallest reduction in the table is 84.3%.
    /// let r = Row::paper_claim("ahn", "§5.5 text", "idle reduced ≥ 85%", "85% or more", 84.3, false);
    /// assert_eq!(r.status, Status::Deviates);
    /// ```
    pub fn paper_claim(source: &str, table: &str, item: &str, quote: &str, evidence: f64, holds: bool) -> Row {
        let mut row = Row::base(source, table, item);
        row.model = evidence.is_finite().then_some(evidence);
        if holds {
            row.status = Status::PaperCheck;
            row.note = format!("the paper's own cells support \"{quote}\" (they give {})", num(evidence));
        } else {
            row.status = Status::Deviates;
            row.note = format!("the paper's own cells contradict \"{quote}\": they give {}", num(evidence));
        }
        row
    }

    /// Explains an `Unexplained` row by a named quantity: the row becomes `Deviates` only if
    /// `|size| ≤ bound` (e.g. the margin by which the crate's optimum beats the paper's choice),
    /// with both in the note; otherwise it stays `Unexplained` and the note says why the
    /// explanation does not hold. Other statuses are kept, with the note added.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal_papers::{Row, Status};
    /// let r = Row::claim("yin", "Figure 4(b)", "η = 4 in panel (b)", "panels group η = 2, 3, 4", false);
    /// let r = r.explained_by("a near tie decided by the stopping rule", "margin", 0.02, 0.05);
    /// assert_eq!(r.status, Status::Deviates);
    /// ```
    pub fn explained_by(mut self, why: &str, what: &str, size: f64, bound: f64) -> Row {
        if self.status != Status::Unexplained {
            self.push_note(why);
        } else if size.is_finite() && size.abs() <= bound {
            self.status = Status::Deviates;
            self.push_note(&format!("{why} ({what} {} within ±{})", num(size), num(bound)));
        } else {
            self.push_note(&format!(
                "the explanation \"{why}\" holds only for {what} within ±{}, here {}",
                num(bound),
                num(size)
            ));
        }
        self
    }

    /// Marks a row as not reproducible because the paper lacks data, named in `why` (a lost
    /// figure, private traces). Never for an error of the crate (use [`Row::error`]); an `Error`
    /// row stays an `Error`.
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

    fn push_note(&mut self, note: &str) {
        if note.is_empty() {
            return;
        }
        if self.note.is_empty() {
            self.note = note.to_string();
        } else {
            self.note = format!("{}; {note}", self.note);
        }
    }

    /// Attaches an independent Monte Carlo estimate of the row's model value (the crate's
    /// simulation of what `model` computes in closed form). If the estimate is more than
    /// [`SIMULATION_SE`] standard errors from the model, the row becomes `Unexplained` (the
    /// model and the simulation disagree), whatever it was. Without a model value, nothing is
    /// compared: use [`Row::simulated`] instead.
    ///
    /// ```
    /// use loadbal::montecarlo::Estimate;
    /// use loadbal_papers::{Row, Status};
    /// let r = Row::printed("dobber", "(5.37)", "β", "1.12", 5f64.sqrt() / 2.0)
    ///     .with_estimate(Estimate { mean: 1.1185, std_err: 0.001, n: 10_000 });
    /// assert_eq!(r.status, Status::Match);
    /// ```
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
}

/// Options shared by every section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// One part of one paper's tables.
#[derive(Debug, Clone, Copy)]
pub struct Section {
    /// The paper's citation key, one of [`PAPER_KEYS`].
    pub source: &'static str,
    /// A short title printed above the rows.
    pub title: &'static str,
    /// Builds the rows.
    pub run: fn(&RunConfig) -> Vec<Row>,
}

/// Every section, in bibliography order.
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
