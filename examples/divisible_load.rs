//! Lesson: split one divisible load over a star of workers so that all finish together.
//!
//! The root (inverse speed w₀ = 2, with a front-end so it computes while sending) serves three
//! workers, each given by its processor's inverse speed w and its link's inverse speed z. The
//! closed form (Jia, eqs. (3.9)–(3.12)) gives each participant's share; the crate's event engine
//! then executes the plan and confirms that everyone finishes at the predicted makespan.
//!
//! Run with `cargo run --release --example divisible_load`.

use loadbal::dlt::{CostScale, Options, Root, RootMode, Star, UniformBus, Worker};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let workers = vec![Worker { w: 4.0, z: 1.0 }, Worker { w: 3.0, z: 0.2 }, Worker { w: 1.0, z: 0.5 }];
    let star = Star::new(Root::FrontEnd { w: 2.0 }, workers)?;
    let plan = star.allocate(Options::load(1.0))?;
    println!("makespan {:.6} (every participant finishes then)", plan.makespan);
    println!("  root: share {:.6}", plan.root_share());
    for (i, share) in plan.worker_shares().iter().enumerate() {
        println!("  worker {i}: share {share:.6}");
    }
    assert!((plan.makespan - 0.64).abs() < 1e-12);
    assert!((plan.alpha.iter().sum::<f64>() - 1.0).abs() < 1e-15);

    // The event engine runs the plan message by message; its last computation ends at the makespan.
    let trace = star.simulate(&plan, CostScale::unit())?;
    assert!((trace.compute_makespan - plan.makespan).abs() < 1e-12);
    println!("engine makespan {:.6}; Gantt chart as CSV:\n{}", trace.compute_makespan, trace.gantt_csv());

    // How much do more workers help on a shared bus? The speedup saturates (σ = z/w = 0.2).
    for n in [1u64, 4, 16, 64] {
        println!(
            "bus of {n:>2} workers, σ = 0.2: speedup {:.3}",
            (UniformBus { root: RootMode::FrontEnd, w: 1.0, z: 0.2, n }).speedup(CostScale::unit())?
        );
    }
    Ok(())
}
