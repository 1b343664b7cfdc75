//! `loadbal merge`: the shard files of one run read back, checked and combined.

use super::file::{FORMAT, Payload, Shard, ShardFile, VERSION, load_rows};
use crate::output::Table;
use crate::support::{self, Failure};
use loadbal::montecarlo::{Estimate, Reduction};
use serde::Deserialize;
use std::io::BufReader;
use std::path::{Path, PathBuf};

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
