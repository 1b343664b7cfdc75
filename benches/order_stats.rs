//! Speed of the exact expected maximum (target: under 10 µs a call at 1e−12 accuracy) and of the
//! i.i.d. laws' order statistics (no target; recorded for the accuracy contract's cost).

use criterion::{Criterion, criterion_group, criterion_main};
use loadbal::law::Law;
use loadbal::order_stats::{
    chen_tyler, expected_max_iid, expected_max_independent_normals, expected_max_std_normal, expected_min_iid,
};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("expected_max_std_normal");
    for n in [10u64, 1_000, 1_000_000, 1_000_000_000] {
        g.bench_function(format!("n={n}"), |b| b.iter(|| expected_max_std_normal(black_box(n)).unwrap()));
    }
    g.finish();
    c.bench_function("chen_tyler n=1000", |b| b.iter(|| chen_tyler(black_box(1000)).unwrap()));
    let means: Vec<f64> = (0..64).map(|i| 100.0 + i as f64).collect();
    let sds: Vec<f64> = (0..64).map(|i| 5.0 + (i % 7) as f64).collect();
    c.bench_function("expected_max_independent_normals N=64", |b| {
        b.iter(|| expected_max_independent_normals(black_box(&means), black_box(&sds)).unwrap())
    });
    let mut g = c.benchmark_group("iid");
    let gamma = Law::gamma(0.1, 1.0).unwrap();
    let lognormal = Law::lognormal(0.0, 3.0).unwrap();
    g.bench_function("expected_min_iid Gamma(0.1) n=1000", |b| {
        b.iter(|| expected_min_iid(black_box(&gamma), black_box(1000)).unwrap())
    });
    g.bench_function("expected_max_iid LogNormal(0,3) n=1000", |b| {
        b.iter(|| expected_max_iid(black_box(&lognormal), black_box(1000)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
