//! Chunk partials and their ordered reduction: the one path from replications to estimates.
//!
//! A run of `R` replications is cut into `⌈R / CHUNK_SIZE⌉` chunks of [`CHUNK_SIZE`]
//! consecutive replications (the last one shorter). Each chunk is reduced on its own into one
//! [`Accumulator`] per component ([`MonteCarlo::run_chunks`]), and the chunks' accumulators are
//! then merged one after the other in chunk order ([`Reduction`]). Since every chunk's
//! accumulators depend only on the seed and the chunk's indices, and the fold is sequential, the
//! estimate is the same to the last bit however the chunks were spread: over threads, or over
//! machines that each ran a range of chunks and shipped their [`Partials`] (serde behind the
//! `serde` feature).

use super::error::MonteCarloError;
use super::estimate::{Accumulator, Estimate};
use super::harness::{McRng, MonteCarlo, stream};
use rayon::prelude::*;
use std::ops::Range;

/// Replications per chunk: the unit of work of one rayon task, of the ordered reduction and of a
/// shard of a run.
pub const CHUNK_SIZE: u64 = 256;

/// The largest outcome dimension (components per replication) a run accepts: 2^24, so that one
/// chunk's accumulators stay below 400 MB. Larger dimensions are refused with
/// [`MonteCarloError::DimensionTooLarge`] before anything is allocated.
pub const MAX_DIM: u64 = 1 << 24;

fn check_dim(dim: usize) -> Result<(), MonteCarloError> {
    if u64::try_from(dim).map_or(true, |d| d > MAX_DIM) {
        Err(MonteCarloError::DimensionTooLarge { dim, max: MAX_DIM })
    } else {
        Ok(())
    }
}

/// The per-chunk accumulators of a contiguous range of chunks of one run.
///
/// # Examples
///
/// Two halves of a run, computed apart and folded in order, give the run's estimate bit for bit:
///
/// ```
/// use loadbal::montecarlo::{MonteCarlo, MonteCarloError, Reduction};
/// use rand::Rng;
///
/// let mc = MonteCarlo::new(5, 1_000).unwrap(); // 4 chunks
/// let f = |_: u64, rng: &mut loadbal::montecarlo::McRng, out: &mut [f64]| -> Result<(), MonteCarloError> {
///     out[0] = rng.random::<f64>();
///     Ok(())
/// };
/// let (a, b) = (mc.run_chunks(1, 0..2, f).unwrap(), mc.run_chunks(1, 2..4, f).unwrap());
/// let mut r = Reduction::new(mc, 1);
/// r.fold(&a).unwrap();
/// r.fold(&b).unwrap();
/// let merged = r.finish().unwrap();
/// let whole = mc.estimate(|_, rng| rng.random::<f64>()).unwrap();
/// assert_eq!(merged[0], whole);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Partials {
    /// The run the chunks belong to.
    pub monte_carlo: MonteCarlo,
    /// Components of one replication's outcome.
    pub dim: usize,
    /// Index of the first chunk of the range.
    pub first_chunk: u64,
    /// `dim` accumulators per chunk, chunk after chunk: component `j` of chunk `first_chunk + c`
    /// is at `c · dim + j`.
    pub accumulators: Vec<Accumulator>,
}

impl Partials {
    /// Number of chunks held (0 for an empty range).
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{MonteCarlo, MonteCarloError};
    /// let mc = MonteCarlo::new(1, 1000).unwrap();
    /// let p = mc.run_chunks(1, 1..3, |_, _, out: &mut [f64]| -> Result<(), MonteCarloError> { out[0] = 1.0; Ok(()) }).unwrap();
    /// assert_eq!((p.chunks(), p.range()), (2, 1..3));
    /// ```
    pub fn chunks(&self) -> u64 {
        self.accumulators.len().checked_div(self.dim).unwrap_or(0) as u64
    }

    /// The chunk range held, `first_chunk..first_chunk + chunks()`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{MonteCarlo, MonteCarloError};
    /// let mc = MonteCarlo::new(1, 1000).unwrap();
    /// let p = mc.run_chunks(1, 2..4, |_, _, out: &mut [f64]| -> Result<(), MonteCarloError> { out[0] = 1.0; Ok(()) }).unwrap();
    /// assert_eq!(p.range(), 2..4);
    /// ```
    pub fn range(&self) -> Range<u64> {
        self.first_chunk..self.first_chunk + self.chunks()
    }
}

/// The ordered fold of a run's chunk partials into its estimates: chunk 0, then 1, 2, … merged
/// one after the other ([`Accumulator::merge`]). [`MonteCarlo::estimate_vec`] reduces through it;
/// so can a program that gathers [`Partials`] computed elsewhere.
///
/// Every fold checks that the partials belong to the same run, continue where the previous ones
/// ended, and hold the number of replications each chunk must have, so partials of another run,
/// a missing or repeated range, or a corrupted count are errors, never a silently different
/// estimate.
#[derive(Debug, Clone, PartialEq)]
pub struct Reduction {
    monte_carlo: MonteCarlo,
    next_chunk: u64,
    dim: usize,
    /// Empty until the first fold, which allocates `dim` accumulators once `dim` is checked.
    total: Vec<Accumulator>,
}

impl Reduction {
    /// An empty reduction of `dim` components for the run `monte_carlo`. Nothing is allocated
    /// until the first [`fold`](Reduction::fold), which refuses a `dim` above [`MAX_DIM`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{MonteCarlo, Reduction};
    /// let r = Reduction::new(MonteCarlo::new(1, 1000).unwrap(), 1);
    /// assert_eq!(r.next_chunk(), 0);
    /// assert!(r.finish().is_err()); // nothing folded yet
    /// ```
    pub fn new(monte_carlo: MonteCarlo, dim: usize) -> Self {
        Reduction { monte_carlo, next_chunk: 0, dim, total: Vec::new() }
    }

    /// The first chunk not folded yet.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{MonteCarlo, MonteCarloError, Reduction};
    /// let mc = MonteCarlo::new(1, 1000).unwrap();
    /// let mut r = Reduction::new(mc.clone(), 1);
    /// let p = mc.run_chunks(1, 0..2, |_, _, out: &mut [f64]| -> Result<(), MonteCarloError> { out[0] = 1.0; Ok(()) }).unwrap();
    /// r.fold(&p).unwrap();
    /// assert_eq!(r.next_chunk(), 2);
    /// ```
    pub fn next_chunk(&self) -> u64 {
        self.next_chunk
    }

    /// Folds the next range of chunks.
    ///
    /// # Errors
    /// [`MonteCarloError::PartialsMismatch`] when `partials` belong to another run, have another
    /// dimension, do not start at [`Reduction::next_chunk`], run past the last chunk, or a chunk
    /// holds the wrong number of replications or a non-finite or negative moment;
    /// [`MonteCarloError::DimensionTooLarge`] when the reduction's `dim` exceeds [`MAX_DIM`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{MonteCarlo, MonteCarloError, Reduction};
    /// // Two shards of a run of 1000 replications, folded in order, give the one-shot estimate.
    /// let mc = MonteCarlo::new(5, 1000).unwrap();
    /// let f = |i: u64, _: &mut _, out: &mut [f64]| -> Result<(), MonteCarloError> { out[0] = i as f64; Ok(()) };
    /// let (a, b) = (mc.run_chunks(1, 0..2, f).unwrap(), mc.run_chunks(1, 2..4, f).unwrap());
    /// let mut r = Reduction::new(mc.clone(), 1);
    /// assert!(matches!(r.fold(&b), Err(MonteCarloError::PartialsMismatch { .. }))); // out of order
    /// r.fold(&a).unwrap();
    /// r.fold(&b).unwrap();
    /// assert_eq!(r.finish().unwrap()[0].mean, 499.5); // mean of 0..1000
    /// ```
    pub fn fold(&mut self, partials: &Partials) -> Result<(), MonteCarloError> {
        let mismatch = |why: String| Err(MonteCarloError::PartialsMismatch { why });
        let dim = self.dim;
        check_dim(dim)?;
        if partials.monte_carlo != self.monte_carlo {
            return mismatch(format!(
                "partials of the run {:?}, expected {:?}",
                partials.monte_carlo, self.monte_carlo
            ));
        }
        if partials.dim != dim || (dim > 0 && partials.accumulators.len() % dim != 0) {
            return mismatch(format!(
                "{} accumulators of dimension {}, expected a multiple of dimension {dim}",
                partials.accumulators.len(),
                partials.dim
            ));
        }
        if partials.first_chunk != self.next_chunk {
            return mismatch(format!(
                "partials start at chunk {}, expected chunk {}",
                partials.first_chunk, self.next_chunk
            ));
        }
        let end = partials.range().end;
        if end > self.monte_carlo.chunks() {
            return mismatch(format!("partials end at chunk {end}, the run has {}", self.monte_carlo.chunks()));
        }
        if dim == 0 {
            return Ok(());
        }
        if self.total.is_empty() {
            self.total = vec![Accumulator::new(); dim];
        }
        for (c, chunk) in (partials.first_chunk..).zip(partials.accumulators.chunks(dim)) {
            let range = self.monte_carlo.chunk_range(c);
            let want = range.end - range.start;
            for a in chunk {
                if a.count() != want || !a.is_valid() {
                    return mismatch(format!(
                        "chunk {c} holds {} replications (expected {want}) or an impossible moment (not finite, or a negative sum of squares)",
                        a.count()
                    ));
                }
            }
            for (t, a) in self.total.iter_mut().zip(chunk) {
                t.merge(a);
            }
        }
        self.next_chunk = end;
        Ok(())
    }

    /// The estimates of the run once every chunk has been folded.
    ///
    /// # Errors
    /// [`MonteCarloError::PartialsMismatch`] when chunks are missing;
    /// [`MonteCarloError::NoReplications`] for a run of zero replications (a `MonteCarlo`
    /// built from its public fields without [`MonteCarlo::new`], or deserialised).
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{MonteCarlo, MonteCarloError, Reduction};
    /// let mc = MonteCarlo::new(5, 300).unwrap();
    /// let all = mc.run_chunks(1, 0..mc.chunks(), |_, _, out: &mut [f64]| -> Result<(), MonteCarloError> { out[0] = 2.0; Ok(()) }).unwrap();
    /// let mut r = Reduction::new(mc, 1);
    /// r.fold(&all).unwrap();
    /// let e = r.finish().unwrap();
    /// assert_eq!((e[0].mean, e[0].std_err, e[0].n), (2.0, 0.0, 300));
    /// ```
    pub fn finish(&self) -> Result<Vec<Estimate>, MonteCarloError> {
        let chunks = self.monte_carlo.chunks();
        // `MonteCarlo`'s fields are public: a run of zero replications (built without
        // `MonteCarlo::new`, or read back) has no chunks and nothing to estimate.
        if chunks == 0 {
            return Err(MonteCarloError::NoReplications);
        }
        if self.next_chunk != chunks {
            return Err(MonteCarloError::PartialsMismatch {
                why: format!("{} of the run's {chunks} chunks folded", self.next_chunk),
            });
        }
        self.total.iter().map(Accumulator::estimate).collect()
    }
}

impl MonteCarlo {
    /// Number of chunks of [`CHUNK_SIZE`] replications, `⌈replications / CHUNK_SIZE⌉`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{CHUNK_SIZE, MonteCarlo};
    /// assert_eq!(MonteCarlo::new(1, CHUNK_SIZE).unwrap().chunks(), 1);
    /// assert_eq!(MonteCarlo::new(1, CHUNK_SIZE + 1).unwrap().chunks(), 2);
    /// ```
    pub fn chunks(&self) -> u64 {
        self.replications.div_ceil(CHUNK_SIZE)
    }

    /// The replication indices of chunk `chunk` (empty past the last chunk).
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// let mc = MonteCarlo::new(1, 300).unwrap();
    /// assert_eq!(mc.chunk_range(1), 256..300); // the last chunk is short
    /// assert!(mc.chunk_range(2).is_empty());
    /// ```
    pub fn chunk_range(&self, chunk: u64) -> Range<u64> {
        let start = chunk.saturating_mul(CHUNK_SIZE).min(self.replications);
        start..chunk.saturating_add(1).saturating_mul(CHUNK_SIZE).min(self.replications)
    }

    /// Runs the replications of the chunks `chunks` in parallel and returns one accumulator per
    /// component and chunk: `f(i, rng, out)` writes replication `i`'s outcome into `out` (zeroed
    /// before each replication) or returns an error.
    ///
    /// Memory: `(chunks.end − chunks.start) · dim` accumulators of 24 bytes, plus `dim` values
    /// per worker thread.
    ///
    /// # Errors
    /// The error of the first failing replication in index order: `f`'s own, or
    /// [`MonteCarloError::NonFiniteSample`] (converted into `E`) for a NaN or infinite component,
    /// [`MonteCarloError::MomentOverflow`] when a chunk's finite components spread past `f64`;
    /// [`MonteCarloError::PartialsMismatch`] for a range past the last chunk;
    /// [`MonteCarloError::DimensionTooLarge`] for `dim` above [`MAX_DIM`], before allocating.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{MonteCarlo, MonteCarloError};
    /// let mc = MonteCarlo::new(1, 1000).unwrap();
    /// let ok = |_: u64, _: &mut _, out: &mut [f64]| -> Result<(), MonteCarloError> { out[0] = 1.0; Ok(()) };
    /// assert_eq!(mc.run_chunks(1, 0..4, ok).unwrap().chunks(), 4);
    /// assert!(matches!(mc.run_chunks(1, 3..5, ok), Err(MonteCarloError::PartialsMismatch { .. }))); // past the last
    /// ```
    pub fn run_chunks<E, F>(&self, dim: usize, chunks: Range<u64>, f: F) -> Result<Partials, E>
    where
        E: From<MonteCarloError> + Send,
        F: Fn(u64, &mut McRng, &mut [f64]) -> Result<(), E> + Sync + Send,
    {
        check_dim(dim)?;
        if chunks.start.max(chunks.end) > self.chunks() {
            return Err(MonteCarloError::PartialsMismatch {
                why: format!("chunks {chunks:?} asked, the run has {}", self.chunks()),
            }
            .into());
        }
        let per_chunk: Vec<Result<Vec<Accumulator>, E>> = chunks
            .clone()
            .into_par_iter()
            .map(|c| {
                let mut acc = vec![Accumulator::new(); dim];
                let mut out = vec![0.0; dim];
                for i in self.chunk_range(c) {
                    out.iter_mut().for_each(|x| *x = 0.0);
                    f(i, &mut stream(self.seed, i), &mut out)?;
                    for (a, &x) in acc.iter_mut().zip(&out) {
                        if !x.is_finite() {
                            return Err(MonteCarloError::NonFiniteSample { index: i, value: x }.into());
                        }
                        a.push(x);
                    }
                }
                if let Some(a) = acc.iter().find(|a| !a.is_valid()) {
                    return Err(MonteCarloError::MomentOverflow { n: a.count() }.into());
                }
                Ok(acc)
            })
            .collect();
        let mut accumulators = Vec::with_capacity(per_chunk.len() * dim);
        for chunk in per_chunk {
            accumulators.extend(chunk?);
        }
        Ok(Partials { monte_carlo: *self, dim, first_chunk: chunks.start, accumulators })
    }
}

/// Working memory of the chunk accumulators [`MonteCarlo::estimate_vec`] holds at once: chunks
/// are run in windows of this size (at least one chunk per thread), then folded in order.
const WINDOW_BYTES: usize = 64 << 20;

impl MonteCarlo {
    /// Mean and standard error of a scalar outcome `f(i, rng)`.
    ///
    /// # Errors
    /// [`MonteCarloError::NonFiniteSample`] when a replication returns NaN or an infinity,
    /// [`MonteCarloError::MomentOverflow`] when finite outcomes spread past `f64`,
    /// [`MonteCarloError::NoReplications`] for zero replications (as [`MonteCarlo::estimate_vec`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use rand::Rng;
    /// // E[U²] = 1/3 for U ~ U(0, 1).
    /// let e = MonteCarlo::new(3, 10_000).unwrap().estimate(|_, rng| rng.random::<f64>().powi(2)).unwrap();
    /// assert!(e.agrees_with(1.0 / 3.0, 4.0));
    /// ```
    pub fn estimate<F>(&self, f: F) -> Result<Estimate, MonteCarloError>
    where
        F: Fn(u64, &mut McRng) -> f64 + Sync + Send,
    {
        let est = self.estimate_vec(1, |i, rng, out| out[0] = f(i, rng))?;
        Ok(est[0])
    }

    /// Means and standard errors of a vector outcome of length `dim`, written by `f(i, rng, out)`
    /// into `out` (zeroed before each replication).
    ///
    /// # Accuracy
    /// Statistical: each component's mean has the standard error it reports (the sample standard deviation over √n);
    /// the sums are compensated (Welford) so rounding stays below 1e-15 relative of the spread, and the
    /// result is bit for bit the same whatever the thread count.
    ///
    /// # Errors
    /// [`MonteCarloError::NonFiniteSample`] when a component is NaN or infinite;
    /// [`MonteCarloError::MomentOverflow`] when a component's finite outcomes spread past `f64`;
    /// [`MonteCarloError::DimensionTooLarge`] for `dim` above [`MAX_DIM`], before allocating;
    /// [`MonteCarloError::NoReplications`] for a run of zero replications (the fields are
    /// public: a `MonteCarlo` built without [`MonteCarlo::new`], or deserialised).
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use rand_distr::{Distribution, Exp};
    /// // Mean and second moment of Exp(1): 1 and 2.
    /// let exp = Exp::new(1.0).unwrap();
    /// let e = MonteCarlo::new(9, 20_000).unwrap().estimate_vec(2, |_, rng, out| {
    ///     let x: f64 = exp.sample(rng);
    ///     out[0] = x;
    ///     out[1] = x * x;
    /// }).unwrap();
    /// assert!(e[0].agrees_with(1.0, 4.0) && e[1].agrees_with(2.0, 4.0));
    /// ```
    pub fn estimate_vec<F>(&self, dim: usize, f: F) -> Result<Vec<Estimate>, MonteCarloError>
    where
        F: Fn(u64, &mut McRng, &mut [f64]) + Sync + Send,
    {
        self.try_estimate_vec(dim, |i, rng, out| {
            f(i, rng, out);
            Ok::<(), MonteCarloError>(())
        })
    }

    /// [`MonteCarlo::estimate_vec`] of a replication that may fail: `f(i, rng, out)` writes
    /// replication `i`'s outcome into `out` or returns an error.
    ///
    /// # Accuracy
    /// As [`MonteCarlo::estimate_vec`].
    ///
    /// # Errors
    /// The error of the first failing replication in index order (`f`'s own, or
    /// [`MonteCarloError::NonFiniteSample`] for a NaN or infinite component), and the other
    /// errors of [`MonteCarlo::estimate_vec`], converted into `E`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{MonteCarlo, MonteCarloError};
    /// let mc = MonteCarlo::new(1, 1000).unwrap();
    /// let e = mc.try_estimate_vec(1, |i, _, out| -> Result<(), MonteCarloError> {
    ///     out[0] = (i % 2) as f64;
    ///     Ok(())
    /// });
    /// assert_eq!(e.unwrap()[0].mean, 0.5);
    /// let failing = mc.try_estimate_vec(1, |i, _, _| if i == 700 { Err(MonteCarloError::NoReplications) } else { Ok(()) });
    /// assert_eq!(failing.unwrap_err(), MonteCarloError::NoReplications);
    /// ```
    pub fn try_estimate_vec<E, F>(&self, dim: usize, f: F) -> Result<Vec<Estimate>, E>
    where
        E: From<MonteCarloError> + Send,
        F: Fn(u64, &mut McRng, &mut [f64]) -> Result<(), E> + Sync + Send,
    {
        check_dim(dim)?;
        let window = (WINDOW_BYTES / (std::mem::size_of::<Accumulator>() * dim.max(1)))
            .max(rayon::current_num_threads())
            .max(1) as u64;
        let mut reduction = Reduction::new(*self, dim);
        let chunks = self.chunks();
        let mut start = 0;
        while start < chunks {
            let end = start.saturating_add(window).min(chunks);
            let partials = self.run_chunks(dim, start..end, &f)?;
            reduction.fold(&partials)?;
            start = end;
        }
        Ok(reduction.finish()?)
    }
}
