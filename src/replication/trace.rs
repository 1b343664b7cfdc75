//! Job-runtime traces: one column per processor (Dobber, §2.3 datasets `JTM_i(k)`), loaded
//! from CSV or generated synthetically with the features of chapter 3 (level switches, jumps,
//! long-range dependence), since the Planetlab traces are not available.

use rand_distr::{Distribution, Exp1, StandardNormal};

use super::ReplicationError;
use super::domain::count_to_usize;
use crate::montecarlo::stream;

/// Job runtimes `JT_i(k)` of `P` processors over `K` iterations, all finite and positive.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawTrace"))]
pub struct Trace {
    columns: Vec<Vec<f64>>,
}

/// The serialised form of [`Trace`], checked by its constructor on the way in (a value read
/// back unchecked could break the invariants its methods index by).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawTrace {
    columns: Vec<Vec<f64>>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawTrace> for Trace {
    type Error = ReplicationError;

    fn try_from(raw: RawTrace) -> Result<Self, ReplicationError> {
        let RawTrace { columns } = raw;
        Trace::new(columns)
    }
}

impl std::fmt::Display for Trace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let total: f64 = self.columns.iter().flatten().sum();
        let mean = total / (self.processors() * self.len()) as f64;
        write!(f, "trace of {} processors × {} iterations, mean job time {mean:.4}", self.processors(), self.len())
    }
}

/// The part of a `csv` deserialization error after its position (which [`ReplicationError::Csv`]
/// gives itself).
fn csv_message(e: &csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::Deserialize { err, .. } => match err.field() {
            Some(field) => format!("field {}: {}", field + 1, err.kind()),
            None => err.kind().to_string(),
        },
        _ => e.to_string(),
    }
}

impl Trace {
    /// A trace from its columns (`columns[i][k]` = runtime of processor `i` in iteration `k`).
    ///
    /// # Errors
    /// [`ReplicationError::EmptyTrace`] without columns or rows, [`ReplicationError::RaggedTrace`]
    /// for columns of different lengths, [`ReplicationError::InvalidRuntime`] for a NaN,
    /// infinite, zero or negative runtime.
    ///
    /// # Accuracy
    /// Exact (stored values).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::Trace;
    /// let t = Trace::new(vec![vec![1.0, 2.0], vec![3.0, 4.0]]).unwrap();
    /// assert_eq!((t.processors(), t.len()), (2, 2));
    /// assert!(Trace::new(vec![vec![1.0, 2.0], vec![3.0]]).is_err());
    /// assert!(Trace::new(vec![vec![1.0, -2.0]]).is_err());
    /// assert_eq!(t.to_string(), "trace of 2 processors × 2 iterations, mean job time 2.5000");
    /// ```
    pub fn new(columns: Vec<Vec<f64>>) -> Result<Self, ReplicationError> {
        let expected = columns.first().map(Vec::len).unwrap_or(0);
        if expected == 0 {
            return Err(ReplicationError::EmptyTrace);
        }
        for (column, c) in columns.iter().enumerate() {
            if c.len() != expected {
                return Err(ReplicationError::RaggedTrace { column, len: c.len(), expected });
            }
            if let Some((row, &value)) = c.iter().enumerate().find(|(_, v)| !(v.is_finite() && **v > 0.0)) {
                return Err(ReplicationError::InvalidRuntime { row, column, value });
            }
        }
        Ok(Trace { columns })
    }

    /// Parses CSV text: one column per processor, one row per iteration, comma-separated (read
    /// by the `csv` crate, each row deserialized by serde as a list of numbers; a field may be
    /// quoted, or padded with spaces); an optional first header line (any non-numeric field) and
    /// blank lines are skipped.
    ///
    /// # Errors
    /// [`ReplicationError::Csv`] (naming the line) for an unparsable field or a row with the wrong
    /// number of fields; the errors of [`Trace::new`].
    ///
    /// # Accuracy
    /// Each value is the correctly rounded double of its decimal text.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::Trace;
    /// let t = Trace::from_csv_str("p0,p1\n1.5,2\n3,4\n").unwrap();
    /// assert_eq!(t.column(1), Some(&[2.0, 4.0][..]));
    /// assert_eq!(t.column(2), None);
    /// let e = Trace::from_csv_str("1,2\n3\n").unwrap_err();
    /// assert_eq!(e.to_string(), "CSV text, line 2: 1 fields, expected 2");
    /// ```
    pub fn from_csv_str(text: &str) -> Result<Self, ReplicationError> {
        Self::from_csv_reader(text.as_bytes(), "CSV text")
    }

    /// Reads a CSV file (see [`Trace::from_csv_str`]); errors name the file and the line.
    ///
    /// # Errors
    /// [`ReplicationError::Csv`] (line 0) when the file cannot be opened, and the parse errors.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{ReplicationError, Trace};
    /// let path = std::env::temp_dir().join(format!("loadbal-doc-trace-{}.csv", std::process::id()));
    /// std::fs::write(&path, "p0,p1\n1.5,2\n3,4\n").unwrap();
    /// let t = Trace::from_csv_path(&path).unwrap();
    /// std::fs::remove_file(&path).unwrap();
    /// assert_eq!(t.column(0), Some(&[1.5, 3.0][..]));
    /// assert!(matches!(Trace::from_csv_path(&path), Err(ReplicationError::Csv { .. }))); // gone
    /// ```
    pub fn from_csv_path(path: &std::path::Path) -> Result<Self, ReplicationError> {
        let input = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| ReplicationError::Csv {
            input: input.clone(),
            line: 0,
            message: e.to_string(),
        })?;
        Self::from_csv_reader(file, &input)
    }

    fn from_csv_reader<R: std::io::Read>(reader: R, input: &str) -> Result<Self, ReplicationError> {
        let error = |line: u64, message: String| ReplicationError::Csv {
            input: input.to_string(),
            line: usize::try_from(line).unwrap_or(usize::MAX),
            message,
        };
        let mut reader =
            csv::ReaderBuilder::new().has_headers(false).flexible(true).trim(csv::Trim::All).from_reader(reader);
        let mut columns: Vec<Vec<f64>> = Vec::new();
        let mut first = true;
        let mut record = csv::StringRecord::new();
        loop {
            match reader.read_record(&mut record) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return Err(error(e.position().map_or(0, csv::Position::line), e.to_string())),
            }
            let line = record.position().map_or(0, csv::Position::line);
            if record.iter().all(str::is_empty) {
                continue;
            }
            let values: Vec<f64> = match record.deserialize(None) {
                Ok(v) => v,
                Err(_) if first => {
                    first = false;
                    continue;
                }
                Err(e) => return Err(error(line, csv_message(&e))),
            };
            if columns.is_empty() {
                columns = vec![Vec::new(); values.len()];
            } else if values.len() != columns.len() {
                return Err(error(line, format!("{} fields, expected {}", values.len(), columns.len())));
            }
            first = false;
            for (c, v) in columns.iter_mut().zip(values) {
                c.push(v);
            }
        }
        Trace::new(columns)
    }

    /// The trace as CSV with a header `p0,p1,...`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::Trace;
    /// let t = Trace::new(vec![vec![1.5, 3.0], vec![2.0, 4.0]]).unwrap();
    /// let csv = t.to_csv_string();
    /// assert!(csv.starts_with("p0,p1\n"));
    /// assert_eq!(Trace::from_csv_str(&csv).unwrap(), t); // round trip
    /// ```
    pub fn to_csv_string(&self) -> String {
        let header: Vec<String> = (0..self.processors()).map(|i| format!("p{i}")).collect();
        let mut out = header.join(",");
        out.push('\n');
        for k in 0..self.len() {
            let row: Vec<String> = self.columns.iter().map(|c| format!("{}", c[k])).collect();
            out.push_str(&row.join(","));
            out.push('\n');
        }
        out
    }

    /// Number of processors `P`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::Trace;
    /// assert_eq!(Trace::new(vec![vec![1.0, 2.0]; 3]).unwrap().processors(), 3);
    /// ```
    pub fn processors(&self) -> usize {
        self.columns.len()
    }

    /// Number of iterations `K`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::Trace;
    /// assert_eq!(Trace::new(vec![vec![1.0, 2.0]; 3]).unwrap().len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.columns[0].len()
    }

    /// Always false: a trace has at least one value.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{ReplicationError, Trace};
    /// assert!(!Trace::new(vec![vec![1.0]]).unwrap().is_empty());
    /// assert!(matches!(Trace::new(vec![vec![]]), Err(ReplicationError::EmptyTrace))); // no empty trace exists
    /// ```
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The runtimes of processor `i`, or `None` when `i ≥ P`.
    ///
    /// # Accuracy
    /// Exact (stored values).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::Trace;
    /// let t = Trace::new(vec![vec![1.0, 2.0], vec![3.0, 4.0]]).unwrap();
    /// assert_eq!((t.column(1), t.column(2)), (Some(&[3.0, 4.0][..]), None));
    /// ```
    pub fn column(&self, i: usize) -> Option<&[f64]> {
        self.columns.get(i).map(Vec::as_slice)
    }

    /// All columns.
    ///
    /// # Accuracy
    /// Exact (stored values).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::Trace;
    /// let t = Trace::new(vec![vec![1.0, 2.0], vec![3.0, 4.0]]).unwrap();
    /// assert_eq!(t.columns(), &[vec![1.0, 2.0], vec![3.0, 4.0]]);
    /// ```
    pub fn columns(&self) -> &[Vec<f64>] {
        &self.columns
    }

    /// The first `p` processors and `k` iterations.
    ///
    /// # Errors
    /// [`ReplicationError::InvalidParameter`] naming `p` or `k` when it is 0 or larger than the
    /// trace.
    ///
    /// # Accuracy
    /// Exact (stored values).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::Trace;
    /// let t = Trace::new(vec![vec![1.0, 2.0, 3.0], vec![4.0, 5.0, 6.0]]).unwrap();
    /// let s = t.subset(1, 2).unwrap();
    /// assert_eq!((s.processors(), s.len()), (1, 2));
    /// assert_eq!(s.column(0), Some(&[1.0, 2.0][..]));
    /// assert!(t.subset(3, 1).is_err());
    /// ```
    pub fn subset(&self, p: u64, k: u64) -> Result<Trace, ReplicationError> {
        let (pu, ku) = (count_to_usize(p), count_to_usize(k));
        if pu == 0 || pu > self.processors() {
            return Err(ReplicationError::InvalidParameter {
                name: "p (processors kept)",
                value: p as f64,
                expected: "from 1 to the trace's number of processors",
            });
        }
        if ku == 0 || ku > self.len() {
            return Err(ReplicationError::InvalidParameter {
                name: "k (iterations kept)",
                value: k as f64,
                expected: "from 1 to the trace's number of iterations",
            });
        }
        let (p, k) = (pu, ku);
        Ok(Trace { columns: self.columns[..p].iter().map(|c| c[..k].to_vec()).collect() })
    }
}

/// Settings of the synthetic trace generator (our design, calibrated to the averages of
/// Table 3.3: c ≈ 0.57, level switches, rare large jumps, heterogeneous node means).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SyntheticTraceConfig {
    /// Number of processors.
    pub processors: u64,
    /// Iterations per processor.
    pub len: usize,
    /// Median of the node mean job times.
    pub mean: f64,
    /// Log-scale spread of the node means (0 = homogeneous nodes).
    pub node_spread: f64,
    /// Coefficient of variation of the fast fluctuations around the current level.
    pub cv: f64,
    /// Probability per iteration of a level switch.
    pub switch_prob: f64,
    /// Log-scale spread of the levels.
    pub level_spread: f64,
    /// Probability per iteration of a jump (a short burst of 1–4 iterations).
    pub jump_prob: f64,
    /// Mean relative size of a jump (the runtime is multiplied by `1 + size·Exp(1)`).
    pub jump_size: f64,
    /// Share of the fluctuation variance carried by slow AR(1) components (φ = 0.9, 0.99,
    /// 0.999): long-range dependence, Hurst estimates above ½.
    pub lrd_share: f64,
    /// Seed of the generator (processor `i` uses stream `i`).
    pub seed: u64,
}

impl Default for SyntheticTraceConfig {
    fn default() -> Self {
        SyntheticTraceConfig {
            processors: 8,
            len: 2000,
            mean: 1000.0,
            node_spread: 0.5,
            cv: 0.35,
            switch_prob: 0.004,
            level_spread: 0.4,
            jump_prob: 0.02,
            jump_size: 1.5,
            lrd_share: 0.3,
            seed: 2,
        }
    }
}

fn unit(name: &'static str, v: f64) -> Result<(), ReplicationError> {
    if v.is_finite() && (0.0..=1.0).contains(&v) {
        Ok(())
    } else {
        Err(ReplicationError::InvalidParameter { name, value: v, expected: "a number in [0, 1]" })
    }
}

fn nonneg(name: &'static str, v: f64) -> Result<(), ReplicationError> {
    if v.is_finite() && v >= 0.0 {
        Ok(())
    } else {
        Err(ReplicationError::InvalidParameter { name, value: v, expected: "a finite number ≥ 0" })
    }
}

/// Most values (processors × iterations) [`synthetic_trace`] generates: 2·10⁸ (1.6 GB).
pub const MAX_SYNTHETIC_VALUES: u64 = 200_000_000;

/// Generates a synthetic trace: per node a mean drawn log-normally, a level process with
/// geometric sojourns, fast fluctuations (part of them long-range dependent) and bursts.
///
/// # Formula
/// ```text
/// JT_i(k) = max(0.05, 1 + cv·z_k) · L_i(k) · J_i(k)
/// L_i(k): node mean × exp(level_spread·N(0,1)), redrawn with probability switch_prob
/// z_k = √(1 − w)·N(0,1) + √w·(sum of three unit AR(1) with φ = 0.9, 0.99, 0.999)/√3
/// J_i(k) = 1 + jump_size·Exp(1) during a burst of 1–4 iterations (probability jump_prob), else 1
/// ```
///
/// # Errors
/// [`ReplicationError::InvalidParameter`] for probabilities outside [0, 1], negative spreads,
/// a non-positive mean, or settings whose runtimes overflow `f64` (a cv or spread near 1e308);
/// [`ReplicationError::EmptyTrace`] for zero processors or iterations;
/// [`ReplicationError::TooLarge`] beyond [`MAX_SYNTHETIC_VALUES`] values.
///
/// # Accuracy
/// Statistical: a seeded draw, reproducible bit for bit.
///
/// # Examples
/// ```
/// use loadbal::replication::{synthetic_trace, SyntheticTraceConfig};
/// let t = synthetic_trace(&SyntheticTraceConfig { processors: 4, len: 500, ..Default::default() }).unwrap();
/// assert_eq!((t.processors(), t.len()), (4, 500));
/// ```
pub fn synthetic_trace(cfg: &SyntheticTraceConfig) -> Result<Trace, ReplicationError> {
    if cfg.processors == 0 || cfg.len == 0 {
        return Err(ReplicationError::EmptyTrace);
    }
    let values = (cfg.processors as u128).saturating_mul(cfg.len as u128);
    if values > u128::from(MAX_SYNTHETIC_VALUES) {
        return Err(ReplicationError::TooLarge {
            what: "values of a synthetic trace (processors × iterations)",
            value: values,
            max: u128::from(MAX_SYNTHETIC_VALUES),
        });
    }
    if !(cfg.mean.is_finite() && cfg.mean > 0.0) {
        return Err(ReplicationError::InvalidParameter {
            name: "mean",
            value: cfg.mean,
            expected: "a positive number",
        });
    }
    for (n, v) in [("switch_prob", cfg.switch_prob), ("jump_prob", cfg.jump_prob), ("lrd_share", cfg.lrd_share)] {
        unit(n, v)?;
    }
    for (n, v) in [
        ("node_spread", cfg.node_spread),
        ("cv", cfg.cv),
        ("level_spread", cfg.level_spread),
        ("jump_size", cfg.jump_size),
    ] {
        nonneg(n, v)?;
    }
    let phis = [0.9f64, 0.99, 0.999];
    let columns = (0..cfg.processors)
        .map(|i| {
            let mut rng = stream(cfg.seed, i);
            let n = |rng: &mut crate::montecarlo::McRng| -> f64 { StandardNormal.sample(rng) };
            let node_mean = cfg.mean * (cfg.node_spread * n(&mut rng)).exp();
            let mut level = node_mean;
            let mut slow: Vec<f64> = phis.iter().map(|_| n(&mut rng)).collect();
            let mut burst = 0u32;
            let mut burst_factor = 1.0;
            (0..cfg.len)
                .map(|_| {
                    if rand::Rng::random::<f64>(&mut rng) < cfg.switch_prob {
                        level = node_mean * (cfg.level_spread * n(&mut rng)).exp();
                    }
                    for (s, phi) in slow.iter_mut().zip(phis) {
                        *s = phi * *s + (1.0 - phi * phi).sqrt() * n(&mut rng);
                    }
                    let slow_z = slow.iter().sum::<f64>() / 3f64.sqrt();
                    let z = (1.0 - cfg.lrd_share).sqrt() * n(&mut rng) + cfg.lrd_share.sqrt() * slow_z;
                    if burst == 0 && rand::Rng::random::<f64>(&mut rng) < cfg.jump_prob {
                        burst = rand::Rng::random_range(&mut rng, 1..=4);
                        let e: f64 = Exp1.sample(&mut rng);
                        burst_factor = 1.0 + cfg.jump_size * e;
                    }
                    let jump = if burst > 0 {
                        burst -= 1;
                        burst_factor
                    } else {
                        1.0
                    };
                    (1.0 + cfg.cv * z).max(0.05) * level * jump
                })
                .collect()
        })
        .collect::<Vec<Vec<f64>>>();
    // Every setting is finite, but their product can still overflow (cv or a spread near 1e308).
    if let Some(&bad) = columns.iter().flatten().find(|v| !v.is_finite()) {
        return Err(ReplicationError::InvalidParameter {
            name: "a generated runtime (mean scaled by node_spread, level_spread, cv and jump_size)",
            value: bad,
            expected: "settings whose runtimes stay within f64 (below about 1.8e308)",
        });
    }
    Trace::new(columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_round_trip_and_errors() {
        let t = synthetic_trace(&SyntheticTraceConfig { processors: 3, len: 50, ..Default::default() }).unwrap();
        let back = Trace::from_csv_str(&t.to_csv_string()).unwrap();
        assert_eq!(back, t);
        assert!(matches!(Trace::from_csv_str(""), Err(ReplicationError::EmptyTrace)));
        assert!(matches!(Trace::from_csv_str("a,b\n1,x\n"), Err(ReplicationError::Csv { line: 2, .. })));
        assert!(matches!(Trace::from_csv_str("1,NaN\n"), Err(ReplicationError::InvalidRuntime { .. })));
        assert!(Trace::from_csv_path(std::path::Path::new("/nonexistent/x.csv")).is_err());
    }

    #[test]
    fn csv_dialect_and_messages_name_the_file_and_line() {
        // Blank and space-only lines skipped, quoted fields, padded fields, CRLF line ends. (A quote
        // opens a quoted field only as its first character, as in RFC 4180: ` "1.5"` is text.)
        let t = Trace::from_csv_str("\"p 0\", p1\r\n\n  \n\"1.5\" , 2\r\n3,4e0\r\n").unwrap();
        assert_eq!(t.columns(), &[vec![1.5, 3.0], vec![2.0, 4.0]]);
        // Only the first non-blank line may be a header.
        let e = Trace::from_csv_str("\n1,2\np,q\n").unwrap_err();
        assert_eq!(e.to_string(), "CSV text, line 3: field 1: invalid float literal");
        let e = Trace::from_csv_str("1,2\n3,x\n").unwrap_err();
        assert_eq!(e.to_string(), "CSV text, line 2: field 2: invalid float literal");
        // From a file: the path and the line.
        let path = std::env::temp_dir().join(format!("loadbal-trace-{}.csv", std::process::id()));
        std::fs::write(&path, "a,b\n1,2\n3\n").unwrap();
        let e = Trace::from_csv_path(&path).unwrap_err();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(e.to_string(), format!("{}, line 3: 1 fields, expected 2", path.display()));
    }

    #[test]
    fn generator_is_reproducible_and_validated() {
        let cfg = SyntheticTraceConfig { processors: 2, len: 100, ..Default::default() };
        assert_eq!(synthetic_trace(&cfg).unwrap(), synthetic_trace(&cfg).unwrap());
        assert!(synthetic_trace(&SyntheticTraceConfig { jump_prob: 1.5, ..cfg.clone() }).is_err());
        assert!(synthetic_trace(&SyntheticTraceConfig { len: 0, ..cfg }).is_err());
    }
}
