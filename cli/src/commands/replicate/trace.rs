//! `loadbal replicate trace`: job replication or load balancing for a job-runtime trace (Dobber).

use loadbal::replication::DesConfig;
use loadbal::replication::PredictorKind;
use loadbal::replication::{self, Overheads, TracePolicy};
use loadbal::replication::{JrModel, ReplicationError};
use loadbal::replication::{SyntheticTraceConfig, Trace, synthetic_trace};
use loadbal_cli::output::{Cell, FormatArgs, Table};
use loadbal_cli::support::{self as cli, Failure};
use std::path::PathBuf;

const LONG_HELP: &str = "\
Reads a trace (CSV: one column per processor, one row per iteration, optional header) and prints \
rows `section, item, processor, value`: the 17 statistics of every processor (stats; the Hurst \
exponent too when the series is long enough), the one-step RMSE of every predictor (rmse), the \
JR models' optimal number of replicas for the trace's mean coefficient of variation (jr_model; \
for a power-of-two number of processors up to 128), and the simulated speedups over ELB of SLB, \
DLB, S*, D* and R-JR (speedup).

--synthetic P K prints instead a synthetic trace of P processors and K iterations as CSV, to \
analyse later.";

/// Statistics, predictor errors, JR optima and simulated speedups of a job-runtime trace.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, after_long_help = LONG_HELP)]
pub struct Args {
    /// Trace (CSV: one column per processor, one row per iteration, optional header).
    #[arg(value_name = "TRACE")]
    trace: Option<PathBuf>,
    /// Instead of analysing a trace, print a synthetic one with P processors and K iterations.
    #[arg(
        long,
        num_args = 2,
        value_names = ["P", "K"],
        value_parser = cli::hyphen_count,
        allow_hyphen_values = true,
        conflicts_with = "trace"
    )]
    synthetic: Option<Vec<u64>>,
    /// Seed of the synthetic trace.
    #[arg(long, default_value = "1", value_parser = cli::count)]
    seed: u64,
    #[command(flatten)]
    format: FormatArgs,
}

/// Bytes per trace value while generating and printing it (the value and its CSV text).
const BYTES_PER_VALUE: u128 = 8 + 24;

fn synthetic(p: u64, k: u64, seed: u64) -> Result<(), Failure> {
    cli::check_memory(
        &format!("a synthetic trace of {p} processors × {k} iterations"),
        u128::from(p) * u128::from(k) * BYTES_PER_VALUE,
    )?;
    let processors = p;
    let len = usize::try_from(k).map_err(|_| Failure::usage(format!("--synthetic K = {k} is too large")))?;
    let trace = synthetic_trace(&SyntheticTraceConfig { processors, len, seed, ..Default::default() })
        .map_err(|e| Failure::usage(format!("--synthetic {p} {k}: {e}")))?;
    cli::print(&trace.to_csv_string())
}

fn failed(what: String) -> impl Fn(ReplicationError) -> Failure {
    move |e| Failure::model(&what, e)
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    if let Some(pk) = &args.synthetic {
        let [p, k] = pk[..] else {
            return Err(Failure::usage("--synthetic takes two values, P and K"));
        };
        return synthetic(p, k, args.seed);
    }
    let Some(path) = &args.trace else {
        return Err(Failure::usage("replicate trace: the TRACE argument is missing: give a trace as a CSV file"));
    };
    // The parsed trace needs about as many bytes as its text, twice over while parsing.
    if let Ok(meta) = std::fs::metadata(path) {
        cli::check_memory(&format!("reading {}", path.display()), u128::from(meta.len()) * 3)?;
    }
    let text = cli::read_input(path)?;
    let trace = Trace::from_csv_str(&text).map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
    let mut table = Table::new(["section", "item", "processor", "value"]);
    let mut push = |section: &str, item: &str, processor: String, value: f64| {
        table.push(vec![section.into(), item.into(), Cell::Text(processor), value.into()]);
    };
    let block = 20.min(trace.len() / 2).max(2);
    let mut cvs = Vec::new();
    let bar = cli::progress(trace.processors() as u64 + 1, "analysing processors");
    for (i, y) in trace.columns().iter().enumerate() {
        let s = replication::trace_stats(y, block).map_err(failed(format!("statistics of processor {i}")))?;
        cvs.push(s.cv);
        let mut rows = vec![
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
        ];
        // The Hurst estimate needs a long enough series; a short one has no row.
        if let Ok(h) = replication::hurst_from_acf(y, (y.len() / 20).max(2)) {
            rows.push(("hurst", h));
        }
        for (name, v) in rows {
            push("stats", name, i.to_string(), v);
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
            let rmse = kind.rmse_one_step(y).map_err(failed(format!("RMSE of {name} on processor {i}")))?;
            push("rmse", name, i.to_string(), rmse);
        }
        bar.inc(1);
    }
    let cv = (cvs.iter().sum::<f64>() / cvs.len() as f64).min(1.0);
    push("jr_model", "mean c_X", "all".into(), cv);
    let processors = trace.processors() as u64;
    if processors.is_power_of_two() {
        for model in JrModel::ALL {
            // Table 5.2 covers P ≤ 128 only: models 1.3b/2.3b have no answer beyond.
            if let Ok(best) = replication::optimal_replicas(cv, processors, &model.planetlab_params()) {
                push("jr_model", &format!("model {} optimal R", model.name()), "all".into(), best.replicas as f64);
                push("jr_model", &format!("model {} speedup at optimum", model.name()), "all".into(), best.speedup);
            }
        }
    }
    let mean = trace.columns().iter().flatten().sum::<f64>() / (trace.len() * trace.processors()) as f64;
    let ov = Overheads { send: 0.01 * mean, finalize: 0.004 * mean, reschedule: 0.5 * mean };
    let elb = trace.run_time(&TracePolicy::Elb, &ov).map_err(failed("ELB".into()))?;
    let mut speedups = vec![
        (
            "SLB N=10".to_string(),
            trace
                .run_time(&TracePolicy::Slb { cold: 10.min(trace.len() as u64) }, &ov)
                .map_err(failed("SLB".into()))?,
        ),
        ("S*".to_string(), trace.run_time(&TracePolicy::SlbOptimal, &ov).map_err(failed("S*".into()))?),
        (
            "DLB N=10 ES(0.5)".to_string(),
            trace
                .run_time(&TracePolicy::Dlb { interval: 10, predictor: PredictorKind::Es(0.5) }, &ov)
                .map_err(failed("DLB ES(0.5)".into()))?,
        ),
        (
            "DLB N=10 DES".to_string(),
            trace
                .run_time(&TracePolicy::Dlb { interval: 10, predictor: PredictorKind::Des(DesConfig::default()) }, &ov)
                .map_err(failed("DLB DES".into()))?,
        ),
        (
            "D*".to_string(),
            trace.run_time(&TracePolicy::DlbOptimal { overhead_interval: 10 }, &ov).map_err(failed("D*".into()))?,
        ),
    ];
    let mut r = 2;
    while r <= trace.processors() {
        if trace.processors() % r == 0 {
            speedups.push((
                format!("{r}-JR"),
                trace.run_time(&TracePolicy::Jr { replicas: r as u64 }, &ov).map_err(failed("R-JR".into()))?,
            ));
        }
        r *= 2;
    }
    for (name, t) in speedups {
        push("speedup", &name, "all".into(), elb / t);
    }
    bar.inc(1);
    bar.finish_and_clear();
    table.print(args.format.format())
}
