//! Shared by the resource-unaware integration tests: seeded random trees.

use std::ops::Range;

use loadbal::dlt::Tree;
use rand::Rng;

/// A random tree network of `n` nodes rooted at 0 (each node's parent drawn among the earlier
/// ones) with link inverse speeds drawn from `z` (the root's entry is unused), then processor
/// inverse speeds from (1, 10) (the root's is unused by SLD and DLD).
pub fn random_tree<R: Rng + ?Sized>(rng: &mut R, n: usize, z: Range<f64>) -> Tree {
    let parent: Vec<Option<usize>> = (0..n).map(|v| if v == 0 { None } else { Some(rng.random_range(0..v)) }).collect();
    let z: Vec<f64> = (0..n).map(|_| rng.random_range(z.clone())).collect();
    let w: Vec<f64> = (0..n).map(|_| rng.random_range(1.0..10.0)).collect();
    Tree::from_parents(0, parent, z, w).expect("parents come first, z and w are in range")
}
