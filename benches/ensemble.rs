//! Simulated tasks per second of the Ahn et al. simulator: n = 10,000 tasks on p = 100
//! processors, wild-type gamma task times, one run per iteration, single-threaded.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use loadbal::ensemble::{Algorithm, SimConfig, gamma_matched, simulate};
use loadbal::montecarlo::stream;

fn bench(c: &mut Criterion) {
    let dist = gamma_matched(488.1, 116.6).expect("valid moments");
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

criterion_group!(benches, bench);
criterion_main!(benches);
