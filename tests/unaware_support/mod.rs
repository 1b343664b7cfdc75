//! Shared by the resource-unaware integration tests: seeded random trees.

use std::ops::Range;

use loadbal::dlt::unaware::RootedTree;
use rand::Rng;

/// A random tree of `n` nodes rooted at 0 (each node's parent drawn among the earlier ones) with
/// link inverse speeds drawn from `z` (the root's entry is unused).
pub fn random_tree<R: Rng + ?Sized>(rng: &mut R, n: usize, z: Range<f64>) -> RootedTree {
    let parent: Vec<Option<usize>> = (0..n).map(|v| if v == 0 { None } else { Some(rng.random_range(0..v)) }).collect();
    let z: Vec<f64> = (0..n).map(|_| rng.random_range(z.clone())).collect();
    RootedTree::new(0, parent, z).expect("parents come first, z is in range")
}
