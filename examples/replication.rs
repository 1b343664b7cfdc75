//! Lesson: on shared machines, should each job run on several processors at once?
//!
//! Job replication (Dobber, ch. 5): run r copies of each job and keep the first to finish. With
//! job times of coefficient of variation c_X on P processors, the speedup over no replication has
//! closed forms for Dobber's eight models (for 0 ≤ c_X ≤ 1); the optimum is a power of two.
//!
//! Run with `cargo run --release --example replication`.

use loadbal::replication::{self, JrModel, speedup_profile};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let params = JrModel::DependentUnitBeta.planetlab_params(); // model 1.1: independent job times (Dobber, Table 5.8)
    let processors = 16;
    for cv in [0.2, 0.5, 0.7, 0.9] {
        let profile = speedup_profile(cv, processors, &params)?;
        let curve: Vec<String> = profile.iter().map(|s| format!("r={}: {:.3}", s.replicas, s.speedup)).collect();
        let best = replication::optimal_replicas(cv, processors, &params)?;
        println!("c_X = {cv}: {}  → best r = {}", curve.join(", "), best.replicas);
    }
    // With c_X = 0.9 on 16 processors, 8 replicas are best.
    assert_eq!(replication::optimal_replicas(0.9, 16, &params)?.replicas, 8);
    Ok(())
}
