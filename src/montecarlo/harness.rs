//! The experiment: a seed, a number of replications, and the random stream of each.

use super::error::MonteCarloError;
use rand::SeedableRng;
use rayon::prelude::*;

/// The random number generator handed to each replication: ChaCha8 (stable across versions and
/// platforms, with 2^64 independent streams per key).
pub type McRng = rand_chacha::ChaCha8Rng;

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
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{MonteCarlo, MonteCarloError};
    /// assert_eq!(MonteCarlo::new(1, 1000).unwrap().chunks(), 4); // ⌈1000/256⌉
    /// assert!(matches!(MonteCarlo::new(1, 0), Err(MonteCarloError::NoReplications)));
    /// ```
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::montecarlo::{Accumulator, Estimate};
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
