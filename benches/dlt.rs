//! Divisible-load solvers at scale (target: 10^6 processors in under 50 ms) and the event engine.

use criterion::{Criterion, criterion_group, criterion_main};
use loadbal::dlt::{
    CostScale, OrderPolicy, PortPreset, RootMode, Tree, chain_allocate, layered_allocate, layers_mesh2d, star_allocate,
    star_simulate, tree_allocate,
};
use std::hint::black_box;

fn children(n: usize) -> Vec<(f64, f64)> {
    (0..n).map(|i| (0.1 + (i * 7919 % 1000) as f64 * 1e-3, 1.0 + (i % 97) as f64 * 0.1)).collect()
}

fn bench(c: &mut Criterion) {
    let u = CostScale::unit();
    let mut g = c.benchmark_group("dlt");
    g.sample_size(10);
    for n in [1_000usize, 1_000_000] {
        let ch = children(n);
        g.bench_function(format!("star n={n}"), |b| {
            b.iter(|| star_allocate(RootMode::FrontEnd, 1.0, black_box(&ch), u, OrderPolicy::Optimal, 1.0).unwrap())
        });
        let w: Vec<f64> = ch.iter().map(|x| x.1).collect();
        let z: Vec<f64> = ch[1..].iter().map(|x| x.0).collect();
        g.bench_function(format!("chain n={n}"), |b| {
            b.iter(|| chain_allocate(black_box(&w), black_box(&z), true, u, 1.0).unwrap())
        });
        // A complete 10-ary tree with about n nodes.
        let depth = if n == 1_000 { 2 } else { 5 };
        let tree = Tree::kary(10, depth, 1.0, 0.1, true).unwrap();
        g.bench_function(format!("tree n={}", tree.len()), |b| {
            b.iter(|| tree_allocate(black_box(&tree), u, OrderPolicy::Optimal, 1.0).unwrap())
        });
    }
    g.bench_function("mesh 1000x1000 layers + allocation", |b| {
        b.iter(|| {
            let l = layers_mesh2d(1000, 1000, (500, 500), false).unwrap();
            layered_allocate(&l, &PortPreset::AllPort, 1.0, 0.01, 0.0, 1.0, u).unwrap()
        })
    });
    let l = layers_mesh2d(1000, 1000, (500, 500), false).unwrap();
    g.bench_function("mesh 1000x1000 allocation only", |b| {
        b.iter(|| layered_allocate(black_box(&l), &PortPreset::AllPort, 1.0, 0.01, 0.0, 1.0, u).unwrap())
    });
    let ch = children(100_000);
    let alloc = star_allocate(RootMode::FrontEnd, 1.0, &ch, u, OrderPolicy::Optimal, 1.0).unwrap();
    g.bench_function("engine star n=100000", |b| {
        b.iter(|| star_simulate(RootMode::FrontEnd, 1.0, black_box(&ch), &alloc, u).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
