//! The shard file: which shard a run is (`--shard K/N`) and what it writes.

use crate::output::Cell;
use crate::support::{self, Failure};
use loadbal::montecarlo::Partials;
use serde::{Deserialize, Serialize};
use std::io::{BufWriter, Write as _};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// What the first field of every shard file says.
pub const FORMAT: &str = "loadbal-shard";
/// The shard file format's version; merge refuses another.
pub const VERSION: u32 = 1;
/// Most shards of one run.
pub const MAX_SHARDS: u64 = 1_000_000;

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

/// The rows of a sweep, or this shard's rows of it.
pub fn sweep_points(points: u64, shard: Option<Shard>) -> Range<u64> {
    shard.map_or(0..points, |s| s.range(points))
}

/// The parameters or deterministic part of a merged run, read back as the subcommand's type.
pub fn decode<T: serde::de::DeserializeOwned>(what: &str, value: serde_json::Value) -> Result<T, Failure> {
    serde_json::from_value(value).map_err(|e| Failure::usage(format!("shard files: bad {what}: {e}")))
}

/// A value as a shard file's JSON (for the deterministic part of a result).
pub fn encode(value: &impl Serialize) -> Result<serde_json::Value, Failure> {
    serde_json::to_value(value).map_err(|e| Failure::failed(format!("shard file: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
