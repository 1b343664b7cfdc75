//! Cost per simulated task of the Ahn et al. simulator, single-threaded, one seeded run per
//! iteration.
//!
//! `ensemble_per_task/<alg>/p<p>`: AR, MD, RP and NR at p = 10², 10⁴, 10⁵ with 20 tasks per
//! processor and exponential task times (mean 1); criterion reports elements (tasks) per second,
//! i.e. the cost per task. NR runs on the square torus for p = 10² and 10⁴ and on a 250 × 400
//! torus for p = 10⁵ (not a perfect square). Runs at p = 10⁵ use flat sampling (10 samples of one
//! run each).
//!
//! `ensemble_simulate_n10000_p100`: the paper's setting, n = 10,000 tasks on p = 100
//! processors, wild-type gamma task times, every algorithm including STATIC.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use loadbal::ensemble::{Algorithm, SimConfig, Torus, simulate};
use loadbal::law::Law;
use loadbal::montecarlo::stream;
use rand_distr::Exp;

const TASKS_PER_PROCESSOR: u64 = 20;

fn per_task(c: &mut Criterion) {
    let dist = Exp::new(1.0).expect("valid rate");
    let mut group = c.benchmark_group("ensemble_per_task");
    for p in [100u64, 10_000, 100_000] {
        let n = TASKS_PER_PROCESSOR * p;
        group.throughput(Throughput::Elements(n));
        if p >= 100_000 {
            group.sample_size(10).sampling_mode(SamplingMode::Flat);
        } else {
            group.sample_size(20).sampling_mode(SamplingMode::Auto);
        }
        for alg in [Algorithm::Ar, Algorithm::Md, Algorithm::Rp, Algorithm::Nr] {
            let mut cfg = SimConfig::new(n, p, alg);
            if alg == Algorithm::Nr && p == 100_000 {
                cfg.torus = Some(Torus::new(250, 400).expect("valid torus"));
            }
            let mut i = 0u64;
            group.bench_function(BenchmarkId::new(alg.name(), format!("p{p}")), |b| {
                b.iter(|| {
                    i += 1;
                    let mut rng = stream(11, i);
                    black_box(simulate(&dist, black_box(&cfg), &mut rng).expect("valid configuration").wall_clock)
                })
            });
        }
    }
    group.finish();
}

fn paper_setting(c: &mut Criterion) {
    let dist = Law::gamma_mean_sd(488.1, 116.6).expect("valid moments");
    let mut group = c.benchmark_group("ensemble_simulate_n10000_p100");
    group.throughput(Throughput::Elements(10_000));
    for alg in Algorithm::ALL {
        let cfg = SimConfig::new(10_000, 100, alg);
        let mut i = 0u64;
        group.bench_function(alg.name(), |b| {
            b.iter(|| {
                i += 1;
                let mut rng = stream(7, i);
                black_box(simulate(&dist, black_box(&cfg), &mut rng).expect("valid configuration").wall_clock)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, per_task, paper_setting);
criterion_main!(benches);
