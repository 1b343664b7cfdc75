//! Divisible-load solvers at scale (target: 10^6 processors in under 50 ms) and the event engine.

use criterion::{Criterion, criterion_group, criterion_main};
use loadbal::dlt::{
    CostScale, DaisyChain, KaryTree, MeshCosts, Options, PortPreset, Root, Star, Tree, chain_allocate,
    layered_allocate, layers_mesh2d, star_allocate, star_simulate, tree_allocate,
};
use std::hint::black_box;

fn children(n: usize) -> Vec<(f64, f64)> {
    (0..n).map(|i| (0.1 + (i * 7919 % 1000) as f64 * 1e-3, 1.0 + (i % 97) as f64 * 0.1)).collect()
}

fn bench(c: &mut Criterion) {
    let opts = Options::default();
    let root = Root::FrontEnd { w: 1.0 };
    let mut g = c.benchmark_group("dlt");
    g.sample_size(10);
    for n in [1_000usize, 1_000_000] {
        let ch = children(n);
        g.bench_function(format!("star n={n}"), |b| b.iter(|| star_allocate(Star::new(root, black_box(&ch)), opts)));
        let w: Vec<f64> = ch.iter().map(|x| x.1).collect();
        let z: Vec<f64> = ch[1..].iter().map(|x| x.0).collect();
        g.bench_function(format!("chain n={n}"), |b| {
            b.iter(|| chain_allocate(DaisyChain { w: black_box(&w), z: black_box(&z), front_end: true }, opts))
        });
        // A complete 10-ary tree with about n nodes.
        let depth = if n == 1_000 { 2 } else { 5 };
        let Ok(tree) = Tree::kary(KaryTree { w: 1.0, z: 0.1, front_end: true, k: 10, depth }) else { return };
        g.bench_function(format!("tree n={}", tree.len()), |b| b.iter(|| tree_allocate(black_box(&tree), opts)));
    }
    let costs = MeshCosts::linear(1.0, 0.01);
    g.bench_function("mesh 1000x1000 layers + allocation", |b| {
        b.iter(|| {
            layers_mesh2d(1000, 1000, (500, 500), false)
                .and_then(|l| layered_allocate(&l, &PortPreset::AllPort, costs, opts))
        })
    });
    if let Ok(l) = layers_mesh2d(1000, 1000, (500, 500), false) {
        g.bench_function("mesh 1000x1000 allocation only", |b| {
            b.iter(|| layered_allocate(black_box(&l), &PortPreset::AllPort, costs, opts))
        });
    }
    let ch = children(100_000);
    let star = Star::new(root, &ch);
    if let Ok(alloc) = star_allocate(star, opts) {
        g.bench_function("engine star n=100000", |b| {
            b.iter(|| star_simulate(black_box(star), &alloc, CostScale::unit()))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
