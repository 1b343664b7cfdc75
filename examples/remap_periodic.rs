//! Fong et al.: imbalance curves and optimal periodic remapping intervals, with a Monte Carlo
//! simulation of the load process, for parameters of your choice. Prints JSON.
//!
//! ```text
//! cargo run --release --example remap_periodic -- [--n 64] [--w 100] [--dist eq15|normal:MEAN,SD|
//!     uniform:LOW,HIGH|exp:RATE,SHIFT] [--alternate D] [--bounds 0.1,0.15,...] [--reps 400]
//!     [--tmax 100] [--seed 1]
//! ```
//! `--alternate D` adds +D / −D to the mean increment of even / odd processors (heterogeneous
//! means, Theorem 4.1). The defaults are Table 1 of the paper.

use loadbal::montecarlo::MonteCarlo;
use loadbal::remap::periodic::{
    Heterogeneous, Homogeneous, Increment, IncrementLaw, Interval, p2_interval, simulate_loads,
};
use serde_json::json;

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned())
}

fn num<T: std::str::FromStr>(name: &str, default: T) -> T {
    arg(name).map_or(default, |v| v.parse().unwrap_or_else(|_| panic!("bad value for {name}")))
}

fn parse_dist(s: &str) -> Increment {
    let (kind, rest) = s.split_once(':').unwrap_or((s, ""));
    let p: Vec<f64> = rest.split(',').filter(|x| !x.is_empty()).map(|x| x.parse().expect("a number")).collect();
    match kind {
        "eq15" => Increment::eq15(),
        "normal" => Increment::Normal { mean: p[0], std_dev: p[1] },
        "uniform" => Increment::Uniform { low: p[0], high: p[1] },
        "exp" => Increment::Exponential { rate: p[0], shift: p[1] },
        _ => panic!("unknown distribution {kind}"),
    }
}

fn shifted(law: Increment, d: f64) -> Increment {
    match law {
        Increment::Normal { mean, std_dev } => Increment::Normal { mean: mean + d, std_dev },
        Increment::Uniform { low, high } => Increment::Uniform { low: low + d, high: high + d },
        Increment::Exponential { rate, shift } => Increment::Exponential { rate, shift: shift - d },
        other if d == 0.0 => other,
        _ => panic!("--alternate needs a continuous law"),
    }
}

fn main() {
    let n: usize = num("--n", 64);
    let w: f64 = num("--w", 100.0);
    let alternate: f64 = num("--alternate", 0.0);
    let reps: u64 = num("--reps", 400);
    let t_max: usize = num("--tmax", 100);
    let seed: u64 = num("--seed", 1);
    let base = parse_dist(&arg("--dist").unwrap_or_else(|| "eq15".into()));
    let bounds: Vec<f64> = arg("--bounds")
        .unwrap_or_else(|| "0.10,0.15,0.20,0.25,0.30,0.35,0.40,0.45,0.50".into())
        .split(',')
        .map(|x| x.parse().expect("a bound"))
        .collect();
    let laws: Vec<Increment> = (0..n).map(|i| shifted(base, if i % 2 == 0 { alternate } else { -alternate })).collect();
    let model =
        Heterogeneous::new(w, laws.iter().map(|l| l.mean()).collect(), laws.iter().map(|l| l.variance()).collect())
            .expect("valid model");
    let mc = MonteCarlo::new(seed, reps).expect("positive replications");
    let sim = simulate_loads(w, &laws, t_max, &bounds, &mc).expect("valid simulation");
    // d̂ (eq. 8) of identical processors with the average moments.
    let identical = Homogeneous::new(n, w, model.mean_mu(), model.mean_sigma2()).expect("valid model");
    let curves: Vec<_> = (1..=t_max)
        .map(|t| {
            let tf = t as f64;
            json!({
                "t": t,
                "v_model": model.v(tf).ok(),
                "d_hat": identical.d_hat(tf).ok(),
                "v_simulated": sim.v(t),
                "d_simulated": sim.d(t),
            })
        })
        .collect();
    let table: Vec<_> = bounds
        .iter()
        .zip(&sim.first_passage)
        .map(|(&b, fp)| {
            let t = p2_interval(&model, b).expect("valid bound");
            json!({
                "bound": b,
                "t_real": match t { Interval::Finite { t_real, .. } => Some(t_real), Interval::Unbounded => None },
                "t_free": t.steps(),
                "t_simulated": sim.interval(b),
                "mean_first_passage": fp.mean,
            })
        })
        .collect();
    let peak = model.peak().ok();
    let out = json!({
        "n": n, "w": w, "law": format!("{base:?}"), "alternate": alternate,
        "mean_mu": model.mean_mu(), "mean_sigma2": model.mean_sigma2(),
        "v_limit": model.v_limit().ok(),
        "t1": peak.map(|p| p.t1), "t2": peak.map(|p| p.t2), "b_star": peak.map(|p| p.b_star),
        "replications": reps, "curves": curves, "table": table,
    });
    println!("{}", serde_json::to_string_pretty(&out).expect("serialisable"));
}
