//! Lesson: how long does a static split of random tasks run?
//!
//! 1,000 tasks of mean 488.1 s and standard deviation 116.6 s (Ahn et al., eq. (4a)) are split
//! statically over p processors. The run ends when the slowest processor ends, so its expected
//! length is the expected maximum of p processor times (Ahn et al., eqs. (12), (14a)). The crate
//! gives it exactly, by Chen and Tyler's approximation (eq. (6a)), and by a seeded Monte Carlo run.
//!
//! Run with `cargo run --release --example order_statistics`.

use loadbal::montecarlo::MonteCarlo;
use loadbal::order_stats::{chen_tyler, expected_max_normal};
use loadbal::rand_distr::{Distribution, Normal};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (n_tasks, mu_task, sd_task) = (1000u64, 488.1, 116.6);
    println!("{:>5} {:>14} {:>14} {:>22}", "p", "exact E[max]", "Chen–Tyler", "Monte Carlo ± s.e.");
    for p in [5u64, 25, 100] {
        // Each processor runs n/p tasks: its time is normal with mean k·μ and sd √k·σ (CLT).
        let k = (n_tasks / p) as f64;
        let (mu, sigma) = (k * mu_task, k.sqrt() * sd_task);
        let exact = expected_max_normal(mu, sigma, p)?;
        let approx = chen_tyler(p).and_then(|c| c.expected_max(mu, sigma))?;
        let time = Normal::new(mu, sigma)?;
        // Replication i draws from its own stream: the same numbers on any number of threads.
        let sim =
            MonteCarlo::new(7, 20_000)?.estimate(|_, rng| (0..p).map(|_| time.sample(rng)).fold(f64::MIN, f64::max))?;
        assert!(sim.agrees_with(exact, 4.0), "the simulation must agree within 4 standard errors");
        println!("{p:>5} {exact:>14.1} {approx:>14.1} {:>14.1} ± {:<6.1}", sim.mean, sim.std_err);
    }
    // Ahn et al., §5.2 print 20,973 s (exact) and 20,965 s (Chen–Tyler) for p = 25.
    let (mu, sigma) = (40.0 * mu_task, 40f64.sqrt() * sd_task);
    assert_eq!(expected_max_normal(mu, sigma, 25)?.round(), 20_973.0);
    assert_eq!(chen_tyler(25).and_then(|c| c.expected_max(mu, sigma))?.round(), 20_965.0);
    Ok(())
}
