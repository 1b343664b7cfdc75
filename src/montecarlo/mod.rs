//! The one Monte Carlo harness of the crate: seeded, parallel, reproducible bit for bit.
//!
//! Replication `i` of a run with seed `s` draws from its own random stream, the ChaCha8 stream
//! number `i` of the key derived from `s` ([`stream`]). Replications run in parallel with rayon,
//! in fixed chunks of [`CHUNK_SIZE`] replications whose partial results are merged in index order,
//! so an estimate is the same to the last bit for any number of threads.
//!
//! The chunks can also be spread over machines: [`MonteCarlo::run_chunks`] runs a range of
//! chunks and returns their [`Partials`] (serializable behind the `serde` feature), and a
//! [`Reduction`] folds the partials of all ranges, in order, into exactly the estimate
//! [`MonteCarlo::estimate_vec`] gives, which reduces through the same path.
//!
//! Every model of the crate validates itself through [`MonteCarlo`]: the analytical value must
//! lie within a few standard errors of the [`Estimate`].
//!
//! # Examples
//!
//! The mean of the maximum of two standard normals is `1/√π` (Ahn et al., eq. (14a) with p = 2):
//!
//! ```
//! use loadbal::montecarlo::MonteCarlo;
//! use rand_distr::{Distribution, StandardNormal};
//!
//! let mc = MonteCarlo::new(7, 20_000).unwrap();
//! let est = mc.estimate(|_, rng| {
//!     let a: f64 = StandardNormal.sample(rng);
//!     let b: f64 = StandardNormal.sample(rng);
//!     a.max(b)
//! }).unwrap();
//! assert!(est.agrees_with(1.0 / std::f64::consts::PI.sqrt(), 4.0));
//! ```

mod estimate;
mod partials;

pub use estimate::{Accumulator, Estimate};
pub use partials::{CHUNK_SIZE, Partials, Reduction};

use rand::SeedableRng;
use rayon::prelude::*;

/// The random number generator handed to each replication: ChaCha8 (stable across versions and
/// platforms, with 2^64 independent streams per key).
pub type McRng = rand_chacha::ChaCha8Rng;

/// Working memory of the chunk accumulators [`MonteCarlo::estimate_vec`] holds at once: chunks
/// are run in windows of this size (at least one chunk per thread), then folded in order.
const WINDOW_BYTES: usize = 64 << 20;

/// Errors of the Monte Carlo harness.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MonteCarloError {
    /// A run needs at least one replication.
    #[error("a Monte Carlo run needs at least one replication, got 0")]
    NoReplications,
    /// A replication returned NaN or an infinite value.
    #[error("replication {index} returned the non-finite value {value}")]
    NonFiniteSample {
        /// Replication index.
        index: u64,
        /// The value returned.
        value: f64,
    },
    /// A replication returned a vector of the wrong length.
    #[error("replication {index} returned {got} values, expected {expected}")]
    DimensionMismatch {
        /// Replication index.
        index: u64,
        /// Values returned.
        got: usize,
        /// Values expected.
        expected: usize,
    },
    /// Chunk partials that cannot be folded into the run's estimate (another run, a missing or
    /// repeated range, a corrupted chunk).
    #[error("chunk partials do not fit the run: {why}")]
    PartialsMismatch {
        /// What does not fit.
        why: String,
    },
}

/// The random stream of replication `replication` of a run seeded with `seed`.
///
/// The key is `seed` expanded by `ChaCha8Rng::seed_from_u64`, the stream number is the
/// replication index: two replications never share a stream and the stream does not depend on
/// which thread runs it.
///
/// # Examples
///
/// ```
/// use loadbal::montecarlo::stream;
/// use rand::Rng;
/// let a: u64 = stream(7, 3).random();
/// assert_eq!(a, stream(7, 3).random::<u64>());
/// assert_ne!(a, stream(7, 4).random::<u64>());
/// ```
pub fn stream(seed: u64, replication: u64) -> McRng {
    let mut rng = McRng::seed_from_u64(seed);
    rng.set_stream(replication);
    rng
}

/// A Monte Carlo experiment: a seed and a number of independent replications.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MonteCarlo {
    /// Seed of the run; replication `i` uses [`stream`]`(seed, i)`.
    pub seed: u64,
    /// Number of replications.
    pub replications: u64,
}

impl MonteCarlo {
    /// A run of `replications` replications from `seed`.
    ///
    /// # Errors
    /// [`MonteCarloError::NoReplications`] when `replications` is zero.
    pub fn new(seed: u64, replications: u64) -> Result<Self, MonteCarloError> {
        if replications == 0 {
            return Err(MonteCarloError::NoReplications);
        }
        Ok(Self { seed, replications })
    }

    /// Runs `f(i, rng)` for every replication `i` in parallel and returns the outcomes in index
    /// order. Use it when a replication yields a structured result that the caller reduces.
    ///
    /// # Examples
    ///
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// let ids = MonteCarlo::new(1, 5).unwrap().replicate(|i, _| i * 10);
    /// assert_eq!(ids, vec![0, 10, 20, 30, 40]);
    /// ```
    pub fn replicate<T, F>(&self, f: F) -> Vec<T>
    where
        T: Send,
        F: Fn(u64, &mut McRng) -> T + Sync + Send,
    {
        (0..self.replications).into_par_iter().map(|i| f(i, &mut stream(self.seed, i))).collect()
    }

    /// Mean and standard error of a scalar outcome `f(i, rng)`.
    ///
    /// # Errors
    /// [`MonteCarloError::NonFiniteSample`] when a replication returns NaN or an infinity.
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
    /// [`MonteCarloError::NonFiniteSample`] when a component is NaN or infinite.
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
        let window = (WINDOW_BYTES / (std::mem::size_of::<Accumulator>() * dim.max(1)))
            .max(rayon::current_num_threads())
            .max(1) as u64;
        let mut reduction = Reduction::new(*self, dim);
        let chunks = self.chunks();
        let mut start = 0;
        while start < chunks {
            let end = start.saturating_add(window).min(chunks);
            let partials = self.run_chunks(dim, start..end, |i, rng, out| {
                f(i, rng, out);
                Ok::<(), MonteCarloError>(())
            })?;
            reduction.fold(&partials)?;
            start = end;
        }
        reduction.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn streams_differ_between_replications_and_repeat_for_the_same_index() {
        let a: u64 = stream(1, 0).random();
        let b: u64 = stream(1, 1).random();
        let c: u64 = stream(1, 0).random();
        let d: u64 = stream(2, 0).random();
        assert_ne!(a, b);
        assert_ne!(a, d);
        assert_eq!(a, c);
    }

    #[test]
    fn merge_equals_sequential_push() {
        let xs: Vec<f64> = (0..1000).map(|i| ((i * 37) % 101) as f64 * 0.5).collect();
        let mut seq = Accumulator::new();
        xs.iter().for_each(|&x| seq.push(x));
        let mut left = Accumulator::new();
        let mut right = Accumulator::new();
        xs[..300].iter().for_each(|&x| left.push(x));
        xs[300..].iter().for_each(|&x| right.push(x));
        left.merge(&right);
        let (a, b) = (seq.estimate().unwrap(), left.estimate().unwrap());
        assert_eq!(a.n, b.n);
        assert!((a.mean - b.mean).abs() < 1e-12);
        assert!((a.std_err - b.std_err).abs() < 1e-12);
    }

    #[test]
    fn uniform_mean_within_three_standard_errors() {
        let mc = MonteCarlo::new(42, 10_000).unwrap();
        let e = mc.estimate(|_, rng| rng.random::<f64>()).unwrap();
        assert_eq!(e.n, 10_000);
        assert!(e.agrees_with(0.5, 3.0), "{e:?}");
        // Standard error of a U(0,1) mean: sqrt(1/12 / n).
        assert!((e.std_err - (1.0 / 12.0 / 1e4f64).sqrt()).abs() < 1e-4);
    }

    proptest::proptest! {
        #[test]
        fn merging_any_split_equals_pushing_in_order(
            xs in proptest::collection::vec(-1e6f64..1e6, 1..300),
            cut in 0usize..300,
        ) {
            let cut = cut % (xs.len() + 1);
            let mut seq = Accumulator::new();
            xs.iter().for_each(|&x| seq.push(x));
            let (mut a, mut b) = (Accumulator::new(), Accumulator::new());
            xs[..cut].iter().for_each(|&x| a.push(x));
            xs[cut..].iter().for_each(|&x| b.push(x));
            a.merge(&b);
            let (s, m) = (seq.estimate().unwrap(), a.estimate().unwrap());
            proptest::prop_assert_eq!(s.n, m.n);
            proptest::prop_assert!((s.mean - m.mean).abs() <= 1e-9 * (1.0 + s.mean.abs()));
            proptest::prop_assert!((s.std_err - m.std_err).abs() <= 1e-7 * (1.0 + s.std_err));
        }
    }

    #[test]
    fn bad_inputs_are_typed_errors() {
        assert_eq!(MonteCarlo::new(0, 0), Err(MonteCarloError::NoReplications));
        assert_eq!(Estimate::from_samples(&[]), Err(MonteCarloError::NoReplications));
        let mc = MonteCarlo::new(0, 10).unwrap();
        let r = mc.estimate(|i, _| if i == 3 { f64::NAN } else { 1.0 });
        assert!(matches!(r, Err(MonteCarloError::NonFiniteSample { index: 3, .. })));
    }
}
