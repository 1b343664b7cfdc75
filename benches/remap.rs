//! Remapping benches: the P_II interval solver (Fong et al.). The remap-policy solvers (Yin et al.)
//! are benchmarked in benches/mdp.rs.

use criterion::{Criterion, criterion_group, criterion_main};
use loadbal::remap::periodic::{Bound, Heterogeneous, Homogeneous};
use std::hint::black_box;

fn periodic(c: &mut Criterion) {
    let hom = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap().to_heterogeneous().unwrap();
    let mu: Vec<f64> = (0..16).map(|i| if i % 2 == 0 { 1.05 } else { 0.95 }).collect();
    let het = Heterogeneous::with_variance(100.0, mu, vec![4.0; 16]).unwrap();
    c.bench_function("P_II interval Table 1 row (9 bounds)", |b| {
        b.iter(|| {
            for k in 2..=10 {
                black_box(black_box(&hom).interval(Bound::Deviation { b: k as f64 * 0.05 }).unwrap());
            }
        })
    });
    c.bench_function("P_II interval heterogeneous", |b| {
        b.iter(|| black_box(&het).interval(Bound::Deviation { b: black_box(0.3) }).unwrap())
    });
}

criterion_group!(benches, periodic);
criterion_main!(benches);
