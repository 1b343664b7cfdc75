//! Lesson: is a stream of arriving loads stable, and how long do loads wait?
//!
//! Loads arrive at rate λ and are served by c servers of rate μ. The crate's closed forms give
//! the M/M/c metrics (Erlang C), refuse an unstable queue with a typed error instead of a negative
//! queue length, and a seeded event simulation confirms the waiting time.
//!
//! Run with `cargo run --release --example queueing`.

use loadbal::law::Law;
use loadbal::montecarlo::MonteCarlo;
use loadbal::queueing::{QueueingError, Station, StationSim, erlang_c};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (lambda, mu) = (3.0, 1.0);
    for c in [4u64, 6, 8] {
        let m = Station::mmc(lambda, mu, c)?.metrics();
        println!("M/M/{c}: ρ = {:.3}, P(wait) = {:.4}, W_q = {:.4}, L = {:.4}", m.rho, m.p_wait, m.wq, m.l);
        assert!((m.p_wait - erlang_c(lambda / mu, c)?).abs() < 1e-15);
    }

    // Three servers cannot keep up with λ = 3.5 loads per unit time: refused as unstable.
    match Station::mmc(3.5, mu, 3) {
        Err(QueueingError::Unstable { rho }) => println!("M/M/3 at λ = 3.5 is unstable (ρ = {rho:.3})"),
        other => return Err(format!("expected an unstable queue, got {other:?}").into()),
    }

    // The simulated station agrees with Erlang C's waiting time within a few standard errors.
    let exact = Station::mmc(lambda, mu, 4)?.metrics();
    let sim = StationSim::new(lambda, Law::exponential(mu)?).servers(4).customers(100_000, 10_000);
    let est = sim.estimate(&MonteCarlo::new(11, 40)?)?;
    println!("W_q: Erlang C {:.4}, simulated {:.4} ± {:.4}", exact.wq, est.wq.mean, est.wq.std_err);
    assert!(est.wq.agrees_with(exact.wq, 4.0));
    Ok(())
}
