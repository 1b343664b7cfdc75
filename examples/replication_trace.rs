//! Job replication or load balancing for a job-runtime trace (Dobber): reads a CSV trace (one
//! column per processor, one row per iteration) and prints, as CSV `section,item,processor,value`:
//! the 17 statistics of every processor, the one-step RMSE of every predictor, the JR models'
//! optimal number of replicas for the trace's coefficient of variation, and the simulated
//! speedups over ELB of SLB, DLB, S*, D* and R-JR.
//!
//! ```text
//! cargo run --release --example replication_trace -- [examples/data/replication_trace.csv]
//! cargo run --release --example replication_trace -- --synthetic 4 500 > my_trace.csv
//! ```

use loadbal::replication::des::DesConfig;
use loadbal::replication::predictors::{PredictorKind, predict_series, rmse_one_step};
use loadbal::replication::simulate::{self, Overheads};
use loadbal::replication::trace::{SyntheticTraceConfig, Trace, synthetic_trace};
use loadbal::replication::{JrModel, log2_exact, optimum, stats};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--synthetic") {
        let processors = args.get(1).ok_or("--synthetic needs P and K")?.parse()?;
        let len = args.get(2).ok_or("--synthetic needs P and K")?.parse()?;
        print!("{}", synthetic_trace(&SyntheticTraceConfig { processors, len, ..Default::default() })?.to_csv_string());
        return Ok(());
    }
    let path = args.first().cloned().unwrap_or_else(|| "examples/data/replication_trace.csv".into());
    let trace = Trace::from_csv_path(std::path::Path::new(&path))?;
    println!("section,item,processor,value");
    let block = 20.min(trace.len() / 2).max(2);
    let mut cvs = Vec::new();
    for (i, y) in trace.columns().iter().enumerate() {
        let s = stats::trace_stats(y, block)?;
        cvs.push(s.cv);
        for (name, v) in [
            ("mean", s.mean),
            ("sd", s.sd),
            ("cv", s.cv),
            ("rmse_lv", s.rmse_lv),
            ("sd/rmse_lv", s.sd_over_rmse_lv),
            ("sd(mu)", s.sd_of_means),
            ("c(mu)", s.cv_of_means),
            ("sd(mu)/sd", s.sd_of_means_over_sd),
            ("sd(sd)", s.sd_of_sds),
            ("sd(sd)/mu", s.sd_of_sds_over_mean),
            ("c(sd)", s.cv_of_sds),
            ("f_jumps", s.f_jumps),
            ("sd_jumps", s.sd_jumps),
            ("rmse_jumps", s.rmse_jumps),
            ("sd_jumps/sd", s.sd_jumps_over_sd),
            ("rmse_jumps/rmse_lv", s.rmse_jumps_over_rmse_lv),
            ("mse_jumps/var", s.mse_jumps_over_var),
            ("hurst", stats::hurst_from_acf(y, (y.len() / 20).max(2)).unwrap_or(f64::NAN)),
        ] {
            println!("stats,{name},{i},{v}");
        }
        let predictors = [
            ("last value", PredictorKind::LastValue),
            ("running mean", PredictorKind::RunningMean),
            ("sliding median 31", PredictorKind::SlidingMedian(31)),
            ("ES(0.5)", PredictorKind::Es(0.5)),
            ("Trigg-Leach", PredictorKind::TriggLeach(0.2)),
            ("Whybark", PredictorKind::Whybark),
            ("Mentzer", PredictorKind::Mentzer),
            ("Pantazopoulos-Pappis", PredictorKind::PantazopoulosPappis),
            ("AR(16)", PredictorKind::Ar { order: 16, window: 500 }),
            ("DES", PredictorKind::Des(DesConfig::default())),
        ];
        for (name, kind) in predictors {
            println!("rmse,{name},{i},{}", rmse_one_step(y, &predict_series(&kind, y)?)?);
        }
    }
    let cv = (cvs.iter().sum::<f64>() / cvs.len() as f64).min(1.0);
    println!("jr_model,mean c_X,all,{cv}");
    if let Ok(p) = log2_exact(trace.processors() as u64) {
        for model in JrModel::ALL {
            if let Ok(best) = optimum::optimal_r_discrete(cv, p, &model.table_5_8()) {
                println!("jr_model,model {} optimal R,all,{}", model.name(), best.replicas);
                println!("jr_model,model {} speedup at optimum,all,{}", model.name(), best.speedup);
            }
        }
    }
    let mean = trace.columns().iter().flatten().sum::<f64>() / (trace.len() * trace.processors()) as f64;
    let ov = Overheads { send: 0.01 * mean, finalize: 0.004 * mean, reschedule: 0.5 * mean };
    let elb = simulate::elb_run_time(&trace, &ov)?;
    let mut speedups = vec![
        ("SLB N=10".to_string(), simulate::slb_run_time(&trace, 10.min(trace.len()), &ov)?),
        ("S*".to_string(), simulate::slb_optimal_run_time(&trace, &ov)?),
        ("DLB N=10 ES(0.5)".to_string(), simulate::dlb_run_time(&trace, 10, &PredictorKind::Es(0.5), &ov)?),
        (
            "DLB N=10 DES".to_string(),
            simulate::dlb_run_time(&trace, 10, &PredictorKind::Des(DesConfig::default()), &ov)?,
        ),
        ("D*".to_string(), simulate::dlb_optimal_run_time(&trace, 10, &ov)?),
    ];
    let mut r = 2;
    while r <= trace.processors() {
        if trace.processors() % r == 0 {
            speedups.push((format!("{r}-JR"), simulate::jr_run_time(&trace, r, &ov)?));
        }
        r *= 2;
    }
    for (name, t) in speedups {
        println!("speedup,{name},all,{}", elb / t);
    }
    Ok(())
}
