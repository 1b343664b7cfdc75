//! Lesson: split a load over a network whose speeds you do not know.
//!
//! Jia's resource-unaware strategies first send a small probe load to learn the speeds, then
//! distribute the rest in phases. Here SLD (Jia, §3.3) runs on a small tree of 6 processors: the
//! probe reports give estimates of every link and processor, the plan is computed from them, and
//! the crate's event engine executes the plan.
//!
//! Run with `cargo run --release --example resource_unaware`.

use loadbal::dlt::unaware::SldConfig;
use loadbal::dlt::{CostScale, RelayRule, Rules, Tree};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // P0 → P1, P2; P1 → P3, P4; P2 → P5. Link z (inverse speed) of each node's uplink, and w.
    let parent = vec![None, Some(0), Some(0), Some(1), Some(1), Some(2)];
    let z = vec![0.0, 0.5, 0.2, 0.4, 0.8, 0.3];
    let w = vec![1.0, 4.0, 2.0, 3.0, 6.0, 1.5]; // P0 only distributes
    let net = Tree::from_parents(0, parent, z, w.clone())?;

    let rules = Rules { relay: RelayRule::Physical, top: RelayRule::Physical };
    let scale = CostScale::new(2.0, 1.0)?; // T_cp = 2, T_cm = 1
    let cfg = SldConfig { load: 80.0, eta: 0.05, l1p: 4.0, mu: 0.15, scale, rules, phase_end_decimals: None };
    let run = net.run_sld(&cfg)?;
    println!("{run}");
    for (v, &true_w) in w.iter().enumerate().skip(1) {
        println!("  P{v}: true w = {true_w:.2}, estimated w = {:.2}", run.w_est[v]);
        assert!((run.w_est[v] - true_w).abs() < 1e-9, "a static network is estimated exactly");
    }
    println!("planned finish {:.3}, engine finish {:.3}", run.schedule.finish_time, run.load_finish);
    assert!((run.load_finish - run.schedule.finish_time).abs() < 1e-9);
    Ok(())
}
