//! The JR models of Dobber as curves, CSV `kind,model,c,p,r,value,std_err`:
//!
//! * `speedup`: speedup over ELB against c_X for every model and r on P = 16 (Figs. 5.5–5.17);
//! * `optimal_r`: the optimal r of models 1.1 ((5.38)) and 2.1 ((5.74), Lambert W) and the
//!   discrete argmax of the generic evaluator, for p = 0..7 (Figs. 5.9, 5.14);
//! * `exact` / `approx`: the exact model (5.4) by Monte Carlo for exponential jobs (both
//!   dependence structures) against model 1.1 and the model with exponential first-level
//!   constants, P = 32.
//!
//! ```text
//! cargo run --release --example replication_curves -- [replications = 20000] [seed = 1]
//! ```

use loadbal::montecarlo::MonteCarlo;
use loadbal::replication::exact::{self, Dependence, JobTimeDist};
use loadbal::replication::{BetaMax, BetaMin, JrModel, JrParams, estimation, optimum, speedup};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Optional positional arguments: Monte Carlo replications and seed.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let replications: u64 = args.first().map_or(Ok(20_000), |a| a.parse())?;
    let seed: u64 = args.get(1).map_or(Ok(1), |a| a.parse())?;
    println!("kind,model,c,p,r,value,std_err");
    let cs: Vec<f64> = (30..=100).map(|i| f64::from(i) / 100.0).collect();
    for model in JrModel::ALL {
        let params = model.table_5_8();
        for &c in &cs {
            for r in 0..=4 {
                if let Ok(s) = speedup(c, r, 4, &params) {
                    println!("speedup,{},{c},4,{r},{s},", model.name());
                }
            }
        }
    }
    for &c in &cs {
        for p in 0..=7 {
            println!("optimal_r,1.1 (5.38),{c},{p},{},,", optimum::model11_optimal_r(c, p)?);
            println!("optimal_r,2.1 (5.74),{c},{p},{},,", optimum::model21_optimal_r(c, p)?);
            println!("optimal_r,1.1 argmax,{c},{p},{},,", optimum::optimal_r_discrete(c, p, &JrParams::model11())?.r);
            println!("optimal_r,2.1 argmax,{c},{p},{},,", optimum::optimal_r_discrete(c, p, &JrParams::model21_table_5_7())?.r);
        }
    }
    let mc = MonteCarlo::new(seed, replications)?;
    let k = estimation::exponential_first_level();
    let expo = JrParams::new(k.alpha, BetaMax::Constant(k.beta_max), BetaMin::Constant(k.beta_min), 1.0)?;
    let p = 5;
    for (name, dep) in
        [("independent", Dependence::Independent), ("same processor", Dependence::SameProcessorSameIteration)]
    {
        let s = exact::exact_speedups(&JobTimeDist::Exponential { mean: 1.0 }, p, dep, &mc)?;
        for (r, e) in s.iter().enumerate() {
            println!("exact,{name},1,{p},{r},{},{}", e.mean, e.std_err);
        }
    }
    for r in 0..=p {
        println!("approx,model 1.1,1,{p},{r},{},", speedup(1.0, r, p, &JrModel::M11.table_5_8())?);
        println!("approx,model 2.1 (gamma 1/2),1,{p},{r},{},", speedup(1.0, r, p, &JrParams::model21_table_5_7())?);
        println!("approx,exponential constants,1,{p},{r},{},", speedup(1.0, r, p, &expo)?);
    }
    Ok(())
}
