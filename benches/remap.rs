//! Remapping benches: the P_II interval solver (Fong et al.) and the remap-policy solvers (Yin et al.)
//! on chains of 36 (2 × 6 levels), 1,296 (4 × 6) and 4,096 (4 × 8) states.

use criterion::{Criterion, criterion_group, criterion_main};
use loadbal::remap::markov::{Imbalance, RemapProblem};
use loadbal::remap::markov::{Method, RemapTarget, SparseRemap, reflecting_chain, yin_example};
use loadbal::remap::periodic::{Heterogeneous, Homogeneous, p2_interval, theorem41_interval};
use std::hint::black_box;

fn periodic(c: &mut Criterion) {
    let hom = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap().to_heterogeneous().unwrap();
    let mu: Vec<f64> = (0..16).map(|i| if i % 2 == 0 { 1.05 } else { 0.95 }).collect();
    let het = Heterogeneous::with_variance(100.0, mu, vec![4.0; 16]).unwrap();
    c.bench_function("p2_interval Table 1 row (9 bounds)", |b| {
        b.iter(|| {
            for k in 2..=10 {
                black_box(p2_interval(black_box(&hom), k as f64 * 0.05).unwrap());
            }
        })
    });
    c.bench_function("p2_interval heterogeneous", |b| b.iter(|| p2_interval(black_box(&het), black_box(0.3)).unwrap()));
    c.bench_function("theorem41_interval heterogeneous", |b| {
        b.iter(|| theorem41_interval(black_box(&het), black_box(0.3)).unwrap())
    });
}

fn markov(c: &mut Criterion) {
    let uniform = RemapTarget::UniformOverAllStates;
    let small = yin_example(5.0).unwrap();
    let vi = Method::ValueIteration { tol: 1e-10, max_iters: 1_000_000 };
    c.bench_function("36 states dense PI (general MDP solver)", |b| {
        b.iter(|| small.solve(Method::PolicyIteration).unwrap())
    });
    c.bench_function("36 states dense VI tol 1e-10 (general MDP solver)", |b| b.iter(|| small.solve(vi).unwrap()));
    let s36 = SparseRemap::reflecting(2, 6, 5.0, &uniform).unwrap();
    c.bench_function("36 states sparse PI", |b| b.iter(|| s36.policy_iteration(100).unwrap()));
    c.bench_function("36 states sparse VI tol 1e-10", |b| b.iter(|| s36.value_iteration(1e-10, 1_000_000).unwrap()));

    let mut group = c.benchmark_group("large chains");
    group.sample_size(10);
    let dense = RemapProblem::new(reflecting_chain(4, 6).unwrap(), &Imbalance::MaxNorm, 5.0, &uniform).unwrap();
    group
        .bench_function("1296 states dense VI tol 1e-10 (general MDP solver)", |b| b.iter(|| dense.solve(vi).unwrap()));
    group.bench_function("1296 states dense PI (general MDP solver)", |b| {
        b.iter(|| dense.solve(Method::PolicyIteration).unwrap())
    });
    for (processes, levels) in [(4, 6), (4, 8)] {
        let p = SparseRemap::reflecting(processes, levels, 5.0, &uniform).unwrap();
        let states = levels * levels * levels * levels;
        group.bench_function(format!("{states} states sparse PI"), |b| b.iter(|| p.policy_iteration(100).unwrap()));
        group.bench_function(format!("{states} states sparse VI tol 1e-10"), |b| {
            b.iter(|| p.value_iteration(1e-10, 1_000_000).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, periodic, markov);
criterion_main!(benches);
