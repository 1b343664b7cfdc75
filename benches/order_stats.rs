//! Speed of the exact expected maximum (target: under 10 µs a call at 1e−12 accuracy).

use criterion::{Criterion, criterion_group, criterion_main};
use loadbal::order_stats::{chen_tyler_max, expected_max_independent_normals, expected_max_std_normal};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("expected_max_std_normal");
    for n in [10u64, 1_000, 1_000_000, 1_000_000_000] {
        g.bench_function(format!("n={n}"), |b| b.iter(|| expected_max_std_normal(black_box(n)).unwrap()));
    }
    g.finish();
    c.bench_function("chen_tyler_max n=1000", |b| b.iter(|| chen_tyler_max(black_box(1000)).unwrap()));
    let means: Vec<f64> = (0..64).map(|i| 100.0 + i as f64).collect();
    let sds: Vec<f64> = (0..64).map(|i| 5.0 + (i % 7) as f64).collect();
    c.bench_function("expected_max_independent_normals N=64", |b| {
        b.iter(|| expected_max_independent_normals(black_box(&means), black_box(&sds)).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
