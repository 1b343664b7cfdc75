//! Lesson: when should a drifting parallel computation remap its load?
//!
//! Two models. Periodic (Fong et al.): processors' loads drift by random increments each phase;
//! remap every T phases so that the expected imbalance stays below a bound B (their Table 1:
//! N = 64, w = 100, σ² = 0.5, B = 0.30 gives T = 28). Markov (Yin et al.): the workload follows a
//! Markov chain and remapping costs η; the optimal policy says in which states to remap.
//!
//! Run with `cargo run --release --example remapping`.

use loadbal::remap::markov::yin_example;
use loadbal::remap::mdp::Algorithm;
use loadbal::remap::periodic::{Bound, Homogeneous};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Fong et al., Table 1: 64 processors, initial load 100, drift 0, increment variance 0.5.
    let model = Homogeneous::with_variance(100.0, 0.0, 0.5, 64)?.to_heterogeneous()?;
    for bound in [0.10, 0.20, 0.30] {
        let interval = model.interval(Bound::Deviation { b: bound })?;
        println!("imbalance bound B = {bound:.2}: remap every {:?} phases", interval.steps());
    }
    assert_eq!(model.interval(Bound::Deviation { b: 0.30 })?.steps(), Some(28));

    // Yin et al., §5: two processes on a reflecting walk of 6 load levels; the cheaper a remap,
    // the more imbalanced states remap.
    for eta in [0.5, 1.0, 5.0, 20.0] {
        let solution = yin_example(eta)?.solve(Algorithm::PolicyIteration)?;
        let remapping = solution.remap.iter().filter(|&&r| r).count();
        println!("remap cost η = {eta:>4}: remap in {remapping:>2} of {} states", solution.remap.len());
    }
    assert_eq!(yin_example(1.0)?.solve(Algorithm::PolicyIteration)?.remap.iter().filter(|&&r| r).count(), 20);
    Ok(())
}
