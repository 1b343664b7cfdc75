//! Exact expected maximum of n standard normals against Chen–Tyler and Monte Carlo, as CSV.
//!
//! ```text
//! cargo run --release --example order_stats -- [--replications 20000] [--seed 1]
//! ```
//!
//! Columns: n, exact e_n, exact sd, Chen–Tyler c_n, relative error of c_n, Chen–Tyler sd, Monte
//! Carlo mean and standard error. The Monte Carlo draws the maximum directly by inversion,
//! `Φ⁻¹(U^(1/n))`, so n = 10⁶ costs no more than n = 2.

use loadbal::montecarlo::MonteCarlo;
use loadbal::order_stats::{
    chen_tyler_max, chen_tyler_std_dev, expected_max_std_normal, std_dev_max_std_normal, upper_quantile,
};
use rand::Rng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut replications = 20_000u64;
    let mut seed = 1u64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--replications" => replications = args.next().ok_or("--replications needs a value")?.parse()?,
            "--seed" => seed = args.next().ok_or("--seed needs a value")?.parse()?,
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    let mc = MonteCarlo::new(seed, replications)?;
    println!("n,exact,exact_sd,chen_tyler,chen_tyler_rel_err,chen_tyler_sd,mc_mean,mc_std_err");
    let mut ns: Vec<u64> = (2..=20).collect();
    let mut x = 25.0f64;
    while x <= 1.0e6 {
        ns.push(x.round() as u64);
        x *= 10f64.powf(0.25);
    }
    ns.push(1_000_000);
    ns.dedup();
    for n in ns {
        let exact = expected_max_std_normal(n)?;
        let ct = chen_tyler_max(n)?;
        let nf = n as f64;
        // max of n i.i.d. N(0,1) = Φ⁻¹(U^(1/n)); upper-tail mass 1 − U^(1/n) = −expm1(ln U / n).
        let est = mc.estimate(|_, rng| {
            let u: f64 = rng.random_range(f64::MIN_POSITIVE..1.0);
            upper_quantile(-(u.ln() / nf).exp_m1())
        })?;
        println!(
            "{n},{exact:.15},{:.15},{ct:.15},{:.6e},{:.15},{:.15},{:.3e}",
            std_dev_max_std_normal(n)?,
            ct / exact - 1.0,
            chen_tyler_std_dev(n)?,
            est.mean,
            est.std_err
        );
    }
    Ok(())
}
