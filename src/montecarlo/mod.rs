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

mod error;
mod estimate;
mod harness;
mod partials;

pub use error::MonteCarloError;
pub use estimate::{Accumulator, Estimate};
pub use harness::{McRng, MonteCarlo, stream};
pub use partials::{CHUNK_SIZE, MAX_DIM, Partials, Reduction};
