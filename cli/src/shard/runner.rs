//! Running the Monte Carlo estimates of a subcommand, whole or one shard of them, and
//! printing or writing what the run gives.

use super::file::{Payload, Shard, ShardFile, encode, store_rows};
use crate::output::{FormatArgs, Table};
use crate::support::{self, Failure};
use loadbal::montecarlo::{Estimate, McRng, MonteCarlo, MonteCarloError, Partials, Reduction};
use serde::Serialize;
use std::ops::Range;
use std::path::Path;

/// Chunks run at once by a whole run before their accumulators are folded: at most this many…
const WINDOW_CHUNKS: u64 = 64;
/// …and no more than this many bytes of accumulators (but at least one chunk per thread).
const WINDOW_BYTES: u64 = 64 << 20;

/// Chunks of `dim` components a whole run holds at once.
fn window(dim: usize) -> u64 {
    let threads = rayon::current_num_threads() as u64;
    (WINDOW_BYTES / (24 * dim.max(1) as u64)).clamp(1, WINDOW_CHUNKS).max(threads)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::file::Shard;

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
