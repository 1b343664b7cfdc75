//! Runs beyond one machine: `--shard K/N`, shard files and their merge.
//!
//! A subcommand that runs a Monte Carlo estimate splits each estimate's chunks of
//! [`CHUNK_SIZE`](loadbal::montecarlo::CHUNK_SIZE) replications into `N` contiguous ranges; shard
//! `K` runs range `K` and writes its per-chunk accumulators ([`Partials`]) with the deterministic
//! part of the result (the same in every shard) to a shard file. A subcommand that sweeps a
//! parameter grid (`--grid FILE`) splits the grid's points instead; shard `K` writes the rows of
//! its points. `loadbal merge` reads the `N` files, refuses them unless they come from the same
//! command, parameters, seed and `loadbal` version with every index `1..=N` once, folds the
//! partials in chunk order (the fold a single run makes) or concatenates the rows in point order,
//! and prints exactly what the single run prints.

use crate::output::{Cell, FormatArgs, Table};
use crate::support::{self, Failure};
use loadbal::montecarlo::{Estimate, McRng, MonteCarlo, MonteCarloError, Partials, Reduction};
use serde::{Deserialize, Serialize};
use std::io::{BufReader, BufWriter, Write as _};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// What the first field of every shard file says.
pub const FORMAT: &str = "loadbal-shard";
/// The shard file format's version; merge refuses another.
pub const VERSION: u32 = 1;
/// Most shards of one run.
pub const MAX_SHARDS: u64 = 1_000_000;
/// Chunks run at once by a whole run before their accumulators are folded: at most this many…
const WINDOW_CHUNKS: u64 = 64;
/// …and no more than this many bytes of accumulators (but at least one chunk per thread).
const WINDOW_BYTES: u64 = 64 << 20;

/// Chunks of `dim` components a whole run holds at once.
fn window(dim: usize) -> u64 {
    let threads = rayon::current_num_threads() as u64;
    (WINDOW_BYTES / (24 * dim.max(1) as u64)).clamp(1, WINDOW_CHUNKS).max(threads)
}

/// Shard `index` of `count` (1-based, as `--shard K/N` writes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// K, from 1 to `count`.
    pub index: u64,
    /// N.
    pub count: u64,
}

impl Shard {
    /// A clap value parser for `K/N` with `1 ≤ K ≤ N ≤ MAX_SHARDS`.
    pub fn parse(s: &str) -> Result<Shard, String> {
        let (k, n) = s.split_once('/').ok_or_else(|| format!("{s:?} is not of the form K/N (e.g. 3/16)"))?;
        let k: u64 = k.trim().parse().map_err(|_| format!("{s:?}: K is not a whole number"))?;
        let n: u64 = n.trim().parse().map_err(|_| format!("{s:?}: N is not a whole number"))?;
        if n == 0 || n > MAX_SHARDS {
            return Err(format!("{s:?}: N must be between 1 and {MAX_SHARDS}"));
        }
        if k == 0 || k > n {
            return Err(format!("{s:?}: K must be between 1 and N = {n}"));
        }
        Ok(Shard { index: k, count: n })
    }

    /// This shard's part of `0..total`: `⌊(K−1)·total/N⌋..⌊K·total/N⌋`.
    pub fn range(&self, total: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(k) * u128::from(total) / u128::from(self.count)) as u64;
        at(self.index - 1)..at(self.index)
    }
}

/// `--shard K/N` and `--shard-out FILE`, the flags of every subcommand that can be sharded.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ShardArgs {
    /// Run only part K of N (e.g. 3/16) of the work and write it to --shard-out; `loadbal merge`
    /// combines the N files into exactly the result of one run. Monte Carlo runs split their
    /// replications, --grid sweeps their points.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// The shard file to write (JSON), with --shard.
    #[arg(long, value_name = "FILE")]
    pub shard_out: Option<PathBuf>,
}

impl ShardArgs {
    /// Checks, before any work, that both flags are given and the shard file can be written.
    pub fn check(&self) -> Result<(), Failure> {
        match (self.shard, &self.shard_out) {
            (Some(_), Some(p)) => support::check_output_path(p),
            (Some(s), None) => Err(Failure::usage(format!(
                "--shard {}/{} needs --shard-out FILE, the shard file to write",
                s.index, s.count
            ))),
            (None, Some(p)) => Err(Failure::usage(format!("--shard-out {} needs --shard K/N", p.display()))),
            (None, None) => Ok(()),
        }
    }

    /// The shard and its file, when sharded.
    pub fn target(&self) -> Option<(Shard, &Path)> {
        match (self.shard, &self.shard_out) {
            (Some(s), Some(p)) => Some((s, p.as_path())),
            _ => None,
        }
    }
}

/// A table cell as a shard file stores it (numbers exact).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum StoredCell {
    /// [`Cell::Number`].
    Number(f64),
    /// [`Cell::Count`].
    Count(u64),
    /// [`Cell::Text`].
    Text(String),
    /// [`Cell::Empty`].
    Empty,
}

impl From<&Cell> for StoredCell {
    fn from(c: &Cell) -> Self {
        match c {
            Cell::Number(x) => StoredCell::Number(*x),
            Cell::Count(n) => StoredCell::Count(*n),
            Cell::Text(s) => StoredCell::Text(s.clone()),
            Cell::Empty => StoredCell::Empty,
        }
    }
}

impl From<StoredCell> for Cell {
    fn from(c: StoredCell) -> Self {
        match c {
            StoredCell::Number(x) => Cell::Number(x),
            StoredCell::Count(n) => Cell::Count(n),
            StoredCell::Text(s) => Cell::Text(s),
            StoredCell::Empty => Cell::Empty,
        }
    }
}

/// Rows of a table as a shard file stores them.
pub fn store_rows(rows: &[Vec<Cell>]) -> Vec<Vec<StoredCell>> {
    rows.iter().map(|r| r.iter().map(StoredCell::from).collect()).collect()
}

/// Rows read back from a shard file.
pub fn load_rows(rows: Vec<Vec<StoredCell>>) -> Vec<Vec<Cell>> {
    rows.into_iter().map(|r| r.into_iter().map(Cell::from).collect()).collect()
}

/// What a shard holds besides its header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Payload {
    /// A Monte Carlo run's shard: the deterministic part of the result (the same in every shard)
    /// and, for each estimate of the run in order, the partials of this shard's chunk range.
    MonteCarlo {
        /// The part of the result that does not depend on the replications.
        base: serde_json::Value,
        /// One entry per estimate of the run.
        partials: Vec<Partials>,
    },
    /// A sweep's shard: the rows of this shard's points.
    Sweep {
        /// The table's columns.
        columns: Vec<String>,
        /// Points of the whole grid.
        points: u64,
        /// Index of this shard's first point.
        first_point: u64,
        /// One row per point of the shard.
        rows: Vec<Vec<StoredCell>>,
    },
}

/// A shard file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShardFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The `loadbal-cli` version that wrote it (merge refuses shards of different versions: the
    /// bits of a result may change between versions).
    pub loadbal_version: String,
    /// The subcommand, e.g. `remap markov`.
    pub command: String,
    /// Every parameter of the run, the seed included.
    pub params: serde_json::Value,
    /// Which shard.
    pub shard: Shard,
    /// The results.
    pub payload: Payload,
}

impl ShardFile {
    /// A shard file of this version for `command` run with `params`.
    pub fn new(command: &str, params: &impl Serialize, shard: Shard, payload: Payload) -> Result<Self, Failure> {
        Ok(ShardFile {
            format: FORMAT.to_string(),
            version: VERSION,
            loadbal_version: env!("CARGO_PKG_VERSION").to_string(),
            command: command.to_string(),
            params: serde_json::to_value(params).map_err(|e| Failure::failed(format!("shard parameters: {e}")))?,
            shard,
            payload,
        })
    }

    /// Writes the file (streamed, without building the text in memory).
    pub fn write(&self, path: &Path) -> Result<(), Failure> {
        let fail = |e: &dyn std::fmt::Display| Failure::failed(format!("cannot write {}: {e}", path.display()));
        let file = std::fs::File::create(path).map_err(|e| fail(&e))?;
        let mut w = BufWriter::new(file);
        serde_json::to_writer(&mut w, self).map_err(|e| fail(&e))?;
        w.write_all(b"\n").and_then(|()| w.flush()).map_err(|e| fail(&e))
    }
}

impl From<MonteCarloError> for Failure {
    fn from(e: MonteCarloError) -> Self {
        Failure::model("Monte Carlo", e)
    }
}

/// The estimates of a run, or this shard's partials of them.
#[derive(Debug)]
pub enum McOutcome {
    /// A whole run: each estimate's components.
    Whole(Vec<Vec<Estimate>>),
    /// A shard: each estimate's partials.
    Shard(Vec<Partials>),
}

/// Runs the Monte Carlo estimates of a subcommand one after the other, whole or this shard's
/// chunk range of each, with a progress bar per estimate (or one for a whole plan).
#[derive(Debug)]
pub struct McRunner {
    shard: Option<Shard>,
    plan: Option<Plan>,
    /// A bar of the caller's that the estimates advance instead of drawing their own.
    bar: Option<indicatif::ProgressBar>,
    whole: Vec<Vec<Estimate>>,
    parts: Vec<Partials>,
    /// Bytes of the partials kept so far (a shard keeps every estimate's until it is written).
    kept: u128,
}

/// The estimates a planned runner runs, in order, and the progress bar they share.
#[derive(Debug)]
struct Plan {
    runs: Vec<MonteCarlo>,
    /// Index of each run's first chunk among the chunks of all runs, and their total at the end.
    offsets: Vec<u64>,
    bar: indicatif::ProgressBar,
}

impl McRunner {
    /// A runner for a whole run (`None`) or one shard: a shard runs its part `K/N` of each
    /// estimate's chunks.
    pub fn new(shard: Option<Shard>) -> Self {
        McRunner { shard, plan: None, bar: None, whole: Vec::new(), parts: Vec::new(), kept: 0 }
    }

    /// A runner for the estimates `runs`, to be run in this order, for a subcommand of many small
    /// estimates (one per point of a table): a shard runs its part `K/N` of the chunks of all of
    /// them taken together, so the points spread over the shards even when each is one chunk. A
    /// whole run (`None`) draws one progress bar, `what`, over all of them. The merge is the same
    /// (each estimate's partials folded shard after shard; a shard that holds none of an
    /// estimate's chunks stores an empty range at the right place).
    pub fn planned(shard: Option<Shard>, runs: &[MonteCarlo], what: &str) -> Self {
        let mut offsets = Vec::with_capacity(runs.len() + 1);
        let mut total = 0u64;
        for mc in runs {
            offsets.push(total);
            total = total.saturating_add(mc.chunks());
        }
        offsets.push(total);
        let mut runner = McRunner::new(shard);
        runner.plan = Some(Plan { runs: runs.to_vec(), offsets, bar: support::progress(0, what) });
        let len = (0..runs.len()).map(|i| runner.replications_of(i)).fold(0u64, u64::saturating_add);
        if let Some(p) = &runner.plan {
            p.bar.set_length(len);
        }
        runner
    }

    /// The replications this process runs of `mc`, the next estimate: all of them, or this
    /// shard's chunks' ones.
    pub fn replications(&self, mc: &MonteCarlo) -> u64 {
        let r = self.chunks(mc);
        mc.chunk_range(r.end).start - mc.chunk_range(r.start).start
    }

    /// The replications this process runs of every estimate of the plan (of [`McRunner::planned`]).
    pub fn planned_replications(&self) -> Vec<u64> {
        let n = self.plan.as_ref().map_or(0, |p| p.runs.len());
        (0..n).map(|i| self.replications_of(i)).collect()
    }

    fn replications_of(&self, i: usize) -> u64 {
        let Some(plan) = &self.plan else { return 0 };
        let mc = &plan.runs[i];
        let r = self.planned_chunks(plan, i);
        mc.chunk_range(r.end).start - mc.chunk_range(r.start).start
    }

    /// This process's chunks of estimate `i` of the plan: the part of the shard's range of the
    /// chunks of all estimates that falls in estimate `i`'s, as a range of its own chunks.
    fn planned_chunks(&self, plan: &Plan, i: usize) -> Range<u64> {
        let (start, end) = (plan.offsets[i], plan.offsets[i + 1]);
        let Some(s) = self.shard else { return 0..end - start };
        let r = s.range(plan.offsets[plan.runs.len()]);
        let local = |x: u64| x.clamp(start, end) - start;
        local(r.start)..local(r.end)
    }

    fn chunks(&self, mc: &MonteCarlo) -> Range<u64> {
        match &self.plan {
            Some(plan) => {
                let i = self.whole.len() + self.parts.len();
                if plan.runs.get(i) == Some(mc) { self.planned_chunks(plan, i) } else { 0..0 }
            }
            None => self.shard.map_or(0..mc.chunks(), |s| s.range(mc.chunks())),
        }
    }

    /// Bytes this runner keeps for an estimate of `dim` components of `mc`: a window of chunk
    /// accumulators for a whole run, every chunk of the range for a shard.
    pub fn memory(&self, mc: &MonteCarlo, dim: usize) -> u128 {
        let r = self.chunks(mc);
        let chunks = if self.shard.is_some() { r.end - r.start } else { window(dim) };
        // 24 bytes per accumulator, twice while the partials are gathered.
        u128::from(chunks) * dim as u128 * 48 + dim as u128 * 64
    }

    /// Runs one estimate of `dim` components: `f(i, rng, out)` is replication `i`.
    pub fn run<F>(&mut self, what: &str, mc: MonteCarlo, dim: usize, f: F) -> Result<(), Failure>
    where
        F: Fn(u64, &mut McRng, &mut [f64]) -> Result<(), Failure> + Sync + Send,
    {
        if let Some(plan) = &self.plan {
            let i = self.whole.len() + self.parts.len();
            if plan.runs.get(i) != Some(&mc) {
                return Err(Failure::failed(format!("{what}: Monte Carlo run {i} is not the planned one")));
            }
        }
        let bytes = self.memory(&mc, dim);
        support::check_memory(what, self.kept + bytes)?;
        let range = self.chunks(&mc);
        let bar = match (&self.plan, &self.bar) {
            (Some(Plan { bar, .. }), _) | (None, Some(bar)) => {
                bar.set_message(what.to_string());
                bar.clone()
            }
            (None, None) => support::progress(self.replications(&mc), what),
        };
        let mut reduction = Reduction::new(mc, dim);
        let mut kept =
            self.shard.map(|_| Partials { monte_carlo: mc, dim, first_chunk: range.start, accumulators: Vec::new() });
        let mut start = range.start;
        let step = window(dim);
        while start < range.end {
            let end = start.saturating_add(step).min(range.end);
            let p = mc.run_chunks(dim, start..end, &f)?;
            match kept.as_mut() {
                Some(k) => k.accumulators.extend(p.accumulators),
                None => reduction.fold(&p)?,
            }
            bar.inc(mc.chunk_range(end).start - mc.chunk_range(start).start);
            start = end;
        }
        if self.bar.is_none()
            && self.plan.as_ref().is_none_or(|p| self.whole.len() + self.parts.len() + 1 == p.runs.len())
        {
            bar.finish_and_clear();
        }
        match kept {
            Some(k) => {
                self.kept += bytes;
                self.parts.push(k);
            }
            None => self.whole.push(reduction.finish()?),
        }
        Ok(())
    }

    /// The estimates of every run, or this shard's partials of them.
    pub fn finish(self) -> McOutcome {
        if self.shard.is_some() { McOutcome::Shard(self.parts) } else { McOutcome::Whole(self.whole) }
    }
}

/// Runs one whole estimate of `dim` components with a progress bar (see [`McRunner::run`]).
pub fn estimate<F>(what: &str, mc: MonteCarlo, dim: usize, f: F) -> Result<Vec<Estimate>, Failure>
where
    F: Fn(u64, &mut McRng, &mut [f64]) -> Result<(), Failure> + Sync + Send,
{
    run_whole(None, what, mc, dim, f)
}

/// As [`estimate`], advancing the caller's `bar` by the replications run (its message becomes
/// `what`) rather than drawing a bar of its own: the points of a sweep share one bar, counted in
/// replications, and the caller finishes it.
pub fn estimate_on<F>(
    bar: &indicatif::ProgressBar,
    what: &str,
    mc: MonteCarlo,
    dim: usize,
    f: F,
) -> Result<Vec<Estimate>, Failure>
where
    F: Fn(u64, &mut McRng, &mut [f64]) -> Result<(), Failure> + Sync + Send,
{
    run_whole(Some(bar.clone()), what, mc, dim, f)
}

/// One whole estimate on `bar`, or on a bar of its own.
fn run_whole<F>(
    bar: Option<indicatif::ProgressBar>,
    what: &str,
    mc: MonteCarlo,
    dim: usize,
    f: F,
) -> Result<Vec<Estimate>, Failure>
where
    F: Fn(u64, &mut McRng, &mut [f64]) -> Result<(), Failure> + Sync + Send,
{
    let mut runner = McRunner::new(None);
    runner.bar = bar;
    runner.run(what, mc, dim, f)?;
    runner.whole.pop().ok_or_else(|| Failure::failed("Monte Carlo: no estimate"))
}

/// Ends a Monte Carlo subcommand: prints the table `render` makes of the estimates of a whole
/// run, or writes this shard's file with `base`, the deterministic part `render` needs.
pub fn finish_mc<P, B, R>(
    command: &str,
    params: &P,
    base: &B,
    runner: McRunner,
    target: Option<(Shard, &Path)>,
    format: FormatArgs,
    render: R,
) -> Result<(), Failure>
where
    P: Serialize,
    B: Serialize,
    R: FnOnce(&[Vec<Estimate>]) -> Result<Table, Failure>,
{
    finish_mc_with(command, params, base, runner, target, |est| render(est)?.print(format.format()))
}

/// As [`finish_mc`], for a subcommand that prints its table itself (e.g. with
/// [`print_with_constants`](crate::output::print_with_constants)): `print` prints the result of
/// a whole run from its estimates.
pub fn finish_mc_with<P, B, F>(
    command: &str,
    params: &P,
    base: &B,
    runner: McRunner,
    target: Option<(Shard, &Path)>,
    print: F,
) -> Result<(), Failure>
where
    P: Serialize,
    B: Serialize,
    F: FnOnce(&[Vec<Estimate>]) -> Result<(), Failure>,
{
    match (runner.finish(), target) {
        (McOutcome::Whole(est), _) => print(&est),
        (McOutcome::Shard(partials), Some((shard, path))) => {
            let payload = Payload::MonteCarlo { base: encode(base)?, partials };
            ShardFile::new(command, params, shard, payload)?.write(path)
        }
        (McOutcome::Shard(_), None) => Err(Failure::failed("a shard run without --shard-out")),
    }
}

/// Ends a sweep: prints the table of every point, or writes this shard's rows (`table` holds
/// the rows of the points `range` of `points`).
pub fn finish_sweep<P: Serialize>(
    command: &str,
    params: &P,
    target: Option<(Shard, &Path)>,
    range: Range<u64>,
    points: u64,
    table: Table,
    format: FormatArgs,
) -> Result<(), Failure> {
    match target {
        None => table.print(format.format()),
        Some((shard, path)) => {
            let payload = Payload::Sweep {
                columns: table.columns.clone(),
                points,
                first_point: range.start,
                rows: store_rows(&table.rows),
            };
            ShardFile::new(command, params, shard, payload)?.write(path)
        }
    }
}

/// The rows of a sweep, or this shard's rows of it.
pub fn sweep_points(points: u64, shard: Option<Shard>) -> Range<u64> {
    shard.map_or(0..points, |s| s.range(points))
}

/// What merging shard files gives.
#[derive(Debug)]
pub enum Merged {
    /// A Monte Carlo run: the deterministic part and each estimate's components.
    MonteCarlo {
        /// The subcommand.
        command: String,
        /// Its parameters.
        params: serde_json::Value,
        /// The deterministic part of the result.
        base: serde_json::Value,
        /// Each estimate's components, folded over the shards.
        estimates: Vec<Vec<Estimate>>,
    },
    /// A sweep: the table of every point.
    Sweep(Table),
}

/// The header of a shard file, read without keeping the payload.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
    loadbal_version: String,
    command: String,
    params: serde_json::Value,
    shard: Shard,
    payload: PayloadKind,
}

/// Which payload a shard file holds, read without keeping it.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum PayloadKind {
    MonteCarlo(serde::de::IgnoredAny),
    Sweep(serde::de::IgnoredAny),
}

fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, Failure> {
    let file = std::fs::File::open(path).map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
    serde_json::from_reader(BufReader::new(file))
        .map_err(|e| Failure::usage(format!("{}: not a loadbal shard file: {e}", path.display())))
}

/// Reads shard files and combines them: every check first (format, version, same run, each index
/// once), then one file at a time in index order, so memory holds one shard's payload.
pub fn merge(paths: &[PathBuf]) -> Result<Merged, Failure> {
    let Some(first_path) = paths.first() else {
        return Err(Failure::usage("merge needs the shard files, FILE... (none given)"));
    };
    let sizes: Vec<u64> = paths.iter().map(|p| std::fs::metadata(p).map_or(0, |m| m.len())).collect();
    let largest = sizes.iter().copied().max().unwrap_or(0);
    // A shard's payload takes about as many bytes in memory as its JSON text, twice while read.
    support::check_memory("merging these shard files", u128::from(largest) * 2)?;
    let mut headers = Vec::with_capacity(paths.len());
    for p in paths {
        let h: Header = read_json(p)?;
        if h.format != FORMAT {
            return Err(Failure::usage(format!("{}: not a loadbal shard file (format {:?})", p.display(), h.format)));
        }
        if h.version != VERSION {
            return Err(Failure::usage(format!(
                "{}: shard format version {}, this loadbal reads version {VERSION}",
                p.display(),
                h.version
            )));
        }
        headers.push(h);
    }
    if headers.iter().any(|h| matches!(h.payload, PayloadKind::Sweep(_))) {
        // A sweep's rows are all kept until printed.
        support::check_memory("merging these shard files", sizes.iter().map(|&s| u128::from(s)).sum::<u128>() * 2)?;
    }
    let h0 = &headers[0];
    for (h, p) in headers.iter().zip(paths).skip(1) {
        let other = |what: &str| {
            Failure::usage(format!(
                "{} and {} are shards of different runs: their {what} differ",
                first_path.display(),
                p.display()
            ))
        };
        if h.command != h0.command {
            return Err(other("commands"));
        }
        if h.loadbal_version != h0.loadbal_version {
            return Err(other("loadbal versions"));
        }
        if h.params != h0.params {
            return Err(other("parameters (or seeds)"));
        }
        if h.shard.count != h0.shard.count {
            return Err(other("shard counts N"));
        }
    }
    let n = h0.shard.count;
    let mut by_index: std::collections::BTreeMap<u64, usize> = std::collections::BTreeMap::new();
    for (i, h) in headers.iter().enumerate() {
        let k = h.shard.index;
        if k == 0 || k > n {
            return Err(Failure::usage(format!("{}: shard index {k} is not in 1..={n}", paths[i].display())));
        }
        if let Some(j) = by_index.insert(k, i) {
            return Err(Failure::usage(format!(
                "{} and {} are both shard {k}/{n}",
                paths[j].display(),
                paths[i].display()
            )));
        }
    }
    if by_index.len() as u64 != n {
        let missing: Vec<String> =
            (1..=n).filter(|k| !by_index.contains_key(k)).take(5).map(|k| format!("{k}/{n}")).collect();
        return Err(Failure::usage(format!(
            "{} shard files given for a run of {n} shards; missing {}{}",
            paths.len(),
            missing.join(", "),
            if n - by_index.len() as u64 > 5 { ", …" } else { "" }
        )));
    }
    let order: Vec<usize> = by_index.into_values().collect();
    let (command, params) = (h0.command.clone(), h0.params.clone());
    drop(headers);
    let mut reductions: Vec<Reduction> = Vec::new();
    let mut base0: Option<serde_json::Value> = None;
    let mut table: Option<Table> = None;
    let mut next_point = 0u64;
    let mut total_points = 0u64;
    for (k, i) in order.iter().enumerate() {
        let path = &paths[*i];
        let file: ShardFile = read_json(path)?;
        let bad = |msg: String| Failure::usage(format!("{}: {msg}", path.display()));
        match file.payload {
            Payload::MonteCarlo { base, partials } => {
                if table.is_some() {
                    return Err(bad("a Monte Carlo shard among sweep shards".into()));
                }
                match &base0 {
                    None => {
                        base0 = Some(base);
                        reductions = partials.iter().map(|p| Reduction::new(p.monte_carlo, p.dim)).collect();
                    }
                    Some(b) if *b != base => {
                        return Err(bad(format!(
                            "its deterministic results differ from those of {} (a different build or platform?)",
                            paths[order[0]].display()
                        )));
                    }
                    Some(_) => {}
                }
                if partials.len() != reductions.len() {
                    return Err(bad(format!("{} estimates, shard 1 has {}", partials.len(), reductions.len())));
                }
                for (r, p) in reductions.iter_mut().zip(&partials) {
                    r.fold(p).map_err(|e| bad(format!("shard {}/{n}: {e}", k + 1)))?;
                }
            }
            Payload::Sweep { columns, points, first_point, rows } => {
                if base0.is_some() {
                    return Err(bad("a sweep shard among Monte Carlo shards".into()));
                }
                let t = table.get_or_insert_with(|| {
                    total_points = points;
                    Table::new(columns.clone())
                });
                if t.columns != columns || points != total_points || first_point != next_point {
                    return Err(bad(format!(
                        "its rows start at point {first_point} of {points}, expected point {next_point} of {total_points}"
                    )));
                }
                if rows.iter().any(|r| r.len() != columns.len()) {
                    return Err(bad("a row does not have one cell per column".into()));
                }
                next_point += rows.len() as u64;
                t.rows.extend(load_rows(rows));
            }
        }
    }
    if let Some(t) = table {
        if next_point != total_points {
            return Err(Failure::usage(format!("the shards hold {next_point} of the sweep's {total_points} points")));
        }
        return Ok(Merged::Sweep(t));
    }
    let estimates = reductions
        .iter()
        .map(|r| r.finish())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::usage(format!("the shards do not cover the run: {e}")))?;
    Ok(Merged::MonteCarlo { command, params, base: base0.unwrap_or(serde_json::Value::Null), estimates })
}

/// The parameters or deterministic part of a merged run, read back as the subcommand's type.
pub fn decode<T: serde::de::DeserializeOwned>(what: &str, value: serde_json::Value) -> Result<T, Failure> {
    serde_json::from_value(value).map_err(|e| Failure::usage(format!("shard files: bad {what}: {e}")))
}

/// A value as a shard file's JSON (for the deterministic part of a result).
pub fn encode(value: &impl Serialize) -> Result<serde_json::Value, Failure> {
    serde_json::to_value(value).map_err(|e| Failure::failed(format!("shard file: {e}")))
}

/// Reads a parameter grid: a CSV file with a header line naming some of the columns `R` knows
/// (`#[serde(deny_unknown_fields)]`), one point per line; `#` starts a comment line. Returns each
/// point with its line number. Errors name the file and line.
pub fn read_grid<R: serde::de::DeserializeOwned>(path: &Path) -> Result<Vec<(u64, R)>, Failure> {
    if let Ok(meta) = std::fs::metadata(path) {
        // Each point's strings and parsed values: a few times the text.
        support::check_memory(&format!("reading {}", path.display()), u128::from(meta.len()) * 8)?;
    }
    let file = std::fs::File::open(path).map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
    // The size checked above is 0 for a device or a pipe: the reader enforces the limit too.
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .comment(Some(b'#'))
        .from_reader(support::BoundedRead::new(file, support::INPUT_LIMIT_BYTES));
    let headers = reader.headers().map_err(|e| grid_error(path, &e))?.clone();
    if headers.is_empty() {
        return Err(Failure::usage(format!("{}: empty grid (a header line names the columns)", path.display())));
    }
    let mut points = Vec::new();
    // What the points hold: each its struct and, at most, its text again in owned strings. A
    // line of a few bytes parses into a struct of a hundred or more, so the check on the file's
    // size above does not bound this; it is checked as the points accumulate.
    let mut bytes: u128 = 0;
    for record in reader.records() {
        let record = record.map_err(|e| grid_error(path, &e))?;
        // Twice the struct: the vector doubles its capacity as it grows.
        bytes += 2 * std::mem::size_of::<(u64, R)>() as u128 + 2 * record.as_slice().len() as u128;
        if points.len() % 4096 == 0 {
            support::check_memory(&format!("the points of {}", path.display()), bytes)?;
        }
        let line = record.position().map_or(0, csv::Position::line);
        let point: R = record.deserialize(Some(&headers)).map_err(|e| {
            let msg = e.to_string();
            support::bad_line(path, line as usize, msg.split(": ").last().unwrap_or(&msg))
        })?;
        points.push((line, point));
    }
    if points.is_empty() {
        return Err(Failure::usage(format!("{}: the grid has no points", path.display())));
    }
    Ok(points)
}

fn grid_error(path: &Path, e: &csv::Error) -> Failure {
    match e.position() {
        Some(p) => support::bad_line(path, p.line() as usize, e),
        None => Failure::usage(format!("{}: {e}", path.display())),
    }
}

/// A grid value: the line's cell if the grid has the column, else the flag's value.
pub fn cell_or<T, F>(cell: &Option<String>, column: &str, flag: T, parse: F) -> Result<T, String>
where
    F: Fn(&str) -> Result<T, String>,
{
    match cell {
        Some(s) if !s.is_empty() => parse(s).map_err(|e| format!("column {column}: {e}")),
        _ => Ok(flag),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_points_of_a_sweep_advance_one_bar_by_their_replications() -> Result<(), Failure> {
        // two estimates of 700 and 300 replications on the caller's bar: it counts 1,000, shows
        // the last one's label and is left for the caller to finish; the estimates are those of
        // a run with a bar of its own
        let bar = indicatif::ProgressBar::hidden();
        bar.set_length(1000);
        let f = |i: u64, _: &mut McRng, out: &mut [f64]| {
            out[0] = i as f64;
            Ok(())
        };
        let runs = |replications| MonteCarlo { seed: 1, replications };
        let a = estimate_on(&bar, "first", runs(700), 1, f)?;
        let b = estimate_on(&bar, "second", runs(300), 1, f)?;
        assert_eq!((bar.position(), bar.message(), bar.is_finished()), (1000, "second".to_string(), false));
        // replications 0..700 have mean 349.5
        assert_eq!((a[0].mean, a[0].n, b[0].mean, b[0].n), (349.5, 700, 149.5, 300));
        assert_eq!(estimate("alone", runs(700), 1, f)?, a);
        Ok(())
    }

    #[test]
    fn shard_ranges_tile_the_whole() {
        for total in [0u64, 1, 5, 16, 17, 1000, u64::MAX] {
            for n in [1u64, 2, 7, 16] {
                let mut next = 0;
                for k in 1..=n {
                    let r = Shard { index: k, count: n }.range(total);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, total);
            }
        }
        assert_eq!(Shard::parse("3/16"), Ok(Shard { index: 3, count: 16 }));
        for bad in ["0/4", "5/4", "1/0", "x/2", "2", "-1/4", "1/2000000"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    /// A planned runner's shards hold, for every estimate, contiguous chunk ranges that follow
    /// one another from shard 1 to N and cover the estimate once (what the merge folds), and
    /// their replications add up to the run's.
    #[test]
    fn planned_shards_tile_every_estimate_in_order() -> Result<(), Box<dyn std::error::Error>> {
        let reps = [1u64, 600, 3, 256 * 5, 257];
        let runs = reps.iter().map(|&r| MonteCarlo::new(1, r)).collect::<Result<Vec<_>, _>>()?;
        for n in [1u64, 2, 3, 7, 16, 100] {
            let mut next = vec![0u64; runs.len()];
            let mut replications = 0;
            let mut busy = 0;
            for k in 1..=n {
                let runner = McRunner::planned(Some(Shard { index: k, count: n }), &runs, "test");
                let plan = runner.plan.as_ref().ok_or("a planned runner has a plan")?;
                for (i, next) in next.iter_mut().enumerate() {
                    let r = runner.planned_chunks(plan, i);
                    assert_eq!(r.start, *next, "{n} shards, shard {k}, estimate {i}");
                    *next = r.end;
                }
                let here: u64 = runner.planned_replications().iter().sum();
                busy += u64::from(here > 0);
                replications += here;
            }
            assert_eq!(next, runs.iter().map(MonteCarlo::chunks).collect::<Vec<_>>());
            assert_eq!(replications, reps.iter().sum::<u64>());
            // 1 + 3 + 1 + 5 + 2 = 12 chunks: every shard has work while there are enough chunks.
            assert_eq!(busy, n.min(12), "{n} shards");
        }
        let whole = McRunner::planned(None, &runs, "test");
        assert_eq!(whole.planned_replications(), reps);
        Ok(())
    }
}
