//! Drawing from a law: `rand_distr`'s [`Distribution`] trait, with the samplers the constructor
//! built.

use rand::Rng;
use rand_distr::Distribution;

use super::law_type::Law;

/// One exact draw, from the sampler the constructor built (`rand_distr`'s for the standard
/// families; for the truncated normal and the mixture, rejection whose expected cost is bounded
/// for every accepted parameter, see [`Law::truncated_normal`]).
///
/// # Examples
/// Seeded streams give the same draws whatever the law's history: the sampler holds no state.
/// ```
/// use loadbal::law::Law;
/// use loadbal::rand::SeedableRng;
/// use loadbal::rand_chacha::ChaCha8Rng;
/// use loadbal::rand_distr::{Distribution, Gamma};
///
/// let law = Law::gamma(2.0, 4.0).unwrap();
/// let reference = Gamma::new(2.0, 0.25).unwrap();
/// let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(7), ChaCha8Rng::seed_from_u64(7));
/// for _ in 0..100 {
///     assert_eq!(law.sample(&mut a), reference.sample(&mut b));
/// }
/// ```
impl Distribution<f64> for Law {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        self.kind.sample(rng)
    }
}
