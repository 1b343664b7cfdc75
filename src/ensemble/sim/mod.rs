//! Discrete-event simulator of STATIC, MD, AR, RP and NR (Ahn et al., §2).
//!
//! Every processor starts with a static block of consecutive tasks. When a processor finishes its
//! last task the algorithm's step (`md_step`, `ar_step`, `rp_step`, `nr_step`, through their
//! kernels in `steps`) is applied to the counts of that instant (remaining tasks including the
//! running one) and the queues are rearranged to match: surplus tasks leave from the tail of a
//! queue, running tasks never move, a processor that receives work while idle starts it after
//! the optional transfer cost. The run ends when no processor has work left.
//!
//! The event loop only visits "a processor runs dry" events, taken from a tournament tree of
//! run-dry times (`tournament`); between two of them nothing the algorithms look at changes, so a
//! processor is advanced through its tasks only when a step looks at it (`procs`). Each
//! algorithm keeps what it needs to find its step without scanning the processors: MD the
//! processors holding the largest count, in order, with the times they stop (`md`), RP a tree
//! of the times they stop being available, NR nothing (its group is local), AR the processors
//! whose count changed since its previous step (`ar`). The costs per event are stated on
//! [`simulate`]; every run is the same, bit for bit, as the O(p)-per-event loop this replaced
//! (`tests/ensemble/ensemble_regression.rs`).

mod ar;
mod config;
mod engine;
mod md;
mod procs;
mod tournament;

pub use config::{
    Algorithm, MAX_SIM_PROCESSORS, MAX_SIM_TASKS, MAX_TRAJECTORY_CELLS, SimConfig, SimResult, StepRecord,
};
pub use engine::simulate;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ensemble::EnsembleError;
    use crate::law::Law;
    use rand::SeedableRng;

    fn rng(seed: u64) -> rand_chacha::ChaCha8Rng {
        rand_chacha::ChaCha8Rng::seed_from_u64(seed)
    }

    #[test]
    fn conserves_work_and_records_steps() {
        let dist = Law::gamma_mean_sd(488.1, 116.6).unwrap();
        for alg in Algorithm::ALL {
            let mut cfg = SimConfig::new(1000, 25, alg);
            cfg.record_trajectory = true;
            let mut g1 = rng(9);
            let res = simulate(&dist, &cfg, &mut g1).unwrap();
            // same draws → same total work whatever the algorithm
            let mut g2 = rng(9);
            let stat = simulate(&dist, &SimConfig::new(1000, 25, Algorithm::Static), &mut g2).unwrap();
            let total: f64 = res.compute.iter().sum();
            let total_static: f64 = stat.compute.iter().sum();
            assert!((total / total_static - 1.0).abs() < 1e-9, "{alg:?}");
            assert_eq!(res.trajectory.len() as u64, res.steps);
            for s in &res.trajectory {
                assert_eq!(s.counts_before.iter().sum::<u64>(), s.counts_after.iter().sum::<u64>());
                let xb: f64 = s.remaining_before.iter().sum();
                let xa: f64 = s.remaining_after.iter().sum();
                assert!((xb - xa).abs() < 1e-6 * xb.max(1.0));
            }
            // with zero transfer cost no processor waits: finish == compute
            for (c, f) in res.compute.iter().zip(&res.finish) {
                assert!(f >= c || (c - f).abs() < 1e-6);
            }
            if alg != Algorithm::Static {
                assert!(res.steps > 0);
                assert!(res.metrics.max_idle < stat.metrics.max_idle);
            }
        }
    }

    #[test]
    fn recording_the_trajectory_does_not_change_the_run() {
        // NR advances only the group when no trajectory is recorded: same run either way
        let dist = Law::gamma_mean_sd(488.1, 116.6).unwrap();
        for alg in Algorithm::ALL {
            let mut cfg = SimConfig::new(1000, 25, alg);
            let a = simulate(&dist, &cfg, &mut rng(8)).unwrap();
            cfg.record_trajectory = true;
            let b = simulate(&dist, &cfg, &mut rng(8)).unwrap();
            assert_eq!(a.compute, b.compute, "{alg:?}");
            assert_eq!((a.steps, a.moved), (b.steps, b.moved));
        }
    }

    #[test]
    fn ar_incremental_steps_equal_balancing_all_counts() {
        // every incremental step is checked against balancing all p counts (ar.rs, in tests)
        let exp = rand_distr::Exp::new(1.0).unwrap();
        let mutant = Law::gamma_mean_sd(152.0, 191.1).unwrap();
        ar::FAST_STEPS.with(|f| f.set(0));
        for (p, seed) in [(64, 1), (400, 2), (1000, 3)] {
            let mut cfg = SimConfig::new(20 * p, p, Algorithm::Ar);
            simulate(&exp, &cfg, &mut rng(seed)).unwrap();
            cfg.transfer_cost = 0.3;
            simulate(&mutant, &cfg, &mut rng(seed)).unwrap();
        }
        assert!(ar::FAST_STEPS.with(|f| f.get()) > 1000);
    }

    #[test]
    fn md_suspend_variant_conserves_work() {
        let dist = Law::gamma_mean_sd(488.1, 116.6).unwrap();
        let mut cfg = SimConfig::new(1000, 25, Algorithm::Md);
        let instant = simulate(&dist, &cfg, &mut rng(6)).unwrap();
        cfg.md_suspend = true;
        let suspend = simulate(&dist, &cfg, &mut rng(6)).unwrap();
        let total = |r: &SimResult| r.compute.iter().sum::<f64>();
        assert!((total(&suspend) / total(&instant) - 1.0).abs() < 1e-9);
        assert!(suspend.steps > 0);
        // a processor waiting for its donor's active task finishes after its compute time
        for (c, f) in suspend.compute.iter().zip(&suspend.finish) {
            assert!(*f >= *c - 1e-6);
        }
    }

    #[test]
    fn transfer_cost_delays_wall_clock() {
        let dist = Law::gamma_mean_sd(488.1, 116.6).unwrap();
        let mut cfg = SimConfig::new(1000, 25, Algorithm::Ar);
        let a = simulate(&dist, &cfg, &mut rng(4)).unwrap();
        cfg.transfer_cost = 100.0;
        let b = simulate(&dist, &cfg, &mut rng(4)).unwrap();
        assert!(b.wall_clock > a.wall_clock);
    }

    #[test]
    fn bad_input() {
        let dist = Law::gamma_mean_sd(1.0, 1.0).unwrap();
        assert!(simulate(&dist, &SimConfig::new(10, 1, Algorithm::Md), &mut rng(1)).is_err());
        assert!(simulate(&dist, &SimConfig::new(0, 4, Algorithm::Md), &mut rng(1)).is_err());
        assert!(simulate(&dist, &SimConfig::new(100, 10, Algorithm::Nr), &mut rng(1)).is_err());
        let normal = rand_distr::Normal::new(0.0, 1.0).unwrap();
        assert!(matches!(
            simulate(&normal, &SimConfig::new(100, 4, Algorithm::Md), &mut rng(1)),
            Err(EnsembleError::BadDraw(_))
        ));
        let truncated = Law::truncated_normal(0.0, 1.0).unwrap();
        assert!(simulate(&truncated, &SimConfig::new(100, 4, Algorithm::Md), &mut rng(1)).is_ok());
        assert!(matches!(
            simulate(&dist, &SimConfig::new(MAX_SIM_TASKS + 1, 4, Algorithm::Md), &mut rng(1)),
            Err(EnsembleError::TooLarge { .. })
        ));
        let mut big = SimConfig::new(100_000, 1000, Algorithm::Md);
        big.record_trajectory = true;
        assert!(matches!(simulate(&dist, &big, &mut rng(1)), Err(EnsembleError::TooLarge { .. })));
        // fewer tasks than processors is simulated (idle processors from the start)
        let r = simulate(&dist, &SimConfig::new(3, 4, Algorithm::Ar), &mut rng(1)).unwrap();
        assert_eq!(r.compute.iter().filter(|&&c| c > 0.0).count(), 3);
    }
}
