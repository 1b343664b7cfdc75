//! Lesson: does dynamic load balancing pay for an ensemble of stochastic simulations?
//!
//! 1,000 wild-type cell-cycle simulations (task times 488.1 s ± 116.6 s, Ahn et al., eq. (4a)) run
//! on 25 processors. The static split's expected makespan and idle time have closed forms (Ahn et
//! al., §5.2); the simulator runs STATIC and the four dynamic schemes (MD, AR, RP, NR) on the same
//! seeded task times and shows how much idle time each removes.
//!
//! Run with `cargo run --release --example ensemble`.

use loadbal::ensemble::{Algorithm, SimConfig, StaticOptions, monte_carlo_metrics, static_prediction};
use loadbal::law::Law;
use loadbal::montecarlo::MonteCarlo;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The paper gives only two moments: task times drawn from the gamma law that has them. The
    // closed forms use only the two moments; the simulator draws from the law (200 seeded runs
    // per scheme).
    let law = Law::gamma_mean_sd(488.1, 116.6)?;
    let prediction = static_prediction(&law, 1000, 25, StaticOptions::default())?;
    println!("STATIC predicted: makespan {:.0} s, % idle {:.2}", prediction.expected_max, prediction.expected_pct_idle);

    let mc = MonteCarlo::new(5, 200)?;
    println!("{:<7} {:>18} {:>16}", "scheme", "makespan (s)", "% idle");
    for algorithm in Algorithm::ALL {
        let m = monte_carlo_metrics(&law, &SimConfig::new(1000, 25, algorithm), &mc)?;
        println!(
            "{:<7} {:>10.0} ± {:<5.0} {:>8.2} ± {:.2}",
            format!("{algorithm:?}"),
            m.max.mean,
            m.max.std_err,
            m.pct_idle.mean,
            m.pct_idle.std_err
        );
        if algorithm == Algorithm::Static {
            // The simulated static split agrees with the closed form within 4 standard errors.
            assert!(m.max.agrees_with(prediction.expected_max, 4.0));
        }
    }
    Ok(())
}
