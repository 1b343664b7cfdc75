//! The benchmark instances of issue 13, built the same way as scripts/peers/quantecon_mdp.py
//! builds them for QuantEcon: a seeded random dense MDP (splitmix64 stream) and Kronecker
//! chains of Yin et al.'s reflecting walk (remap problem restricted to the imbalanced states),
//! all with discount 0.95.
#![allow(dead_code)] // each user takes a part

use loadbal::remap::markov::{Imbalance, RemapProblem, RemapTarget, WorkloadChain};
use loadbal::remap::mdp::{Mdp, MdpBuilder};

/// Discount factor of every instance.
pub const BETA: f64 = 0.95;
/// Remap cost of the chain instances.
pub const ETA: f64 = 5.0;
/// Seed of the random dense instance.
pub const SEED: u64 = 42;

/// splitmix64 (Steele, Lea, Flood 2014): the n-th output for a seed, n from 1.
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform on [0, 1) with 53 random bits.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

/// Random dense MDP: for each state s and action a (in that order), S uniforms normalised to a
/// row, then one uniform for the cost.
pub fn random_dense(states: usize, actions: usize, seed: u64) -> Mdp {
    random_dense_scaled(states, actions, seed, 1.0)
}

/// [`random_dense`] with every cost multiplied by `scale` (costs uniform on [0, scale)).
pub fn random_dense_scaled(states: usize, actions: usize, seed: u64, scale: f64) -> Mdp {
    let mut rng = SplitMix::new(seed);
    let mut b = MdpBuilder::with_capacity(states as u64, states * actions, states * states * actions);
    let mut row = vec![0.0; states];
    for s in 0..states {
        for _ in 0..actions {
            let mut sum = 0.0;
            for x in row.iter_mut() {
                *x = rng.uniform();
                sum += *x;
            }
            let cost = rng.uniform() * scale;
            b.action_from_iter(s, cost, 0.0, row.iter().enumerate().map(|(j, &u)| (j, u / sum)));
        }
    }
    b.build().expect("valid random MDP")
}

/// The remap problem of `processes` reflecting walks on `levels` levels, max-norm running cost,
/// remap cost 5, uniform restart: 36 (2 × 6), 1,296 (4 × 6) or 4,096 (4 × 8) chain states.
pub fn kronecker(processes: usize, levels: usize) -> RemapProblem {
    RemapProblem::new(
        WorkloadChain::reflecting(levels as u64, processes as u64).expect("chain"),
        &Imbalance::MaxNorm,
        ETA,
        &RemapTarget::UniformOverAllStates,
    )
    .expect("problem")
}
