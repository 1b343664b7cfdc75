//! Divisible-load solvers at scale (target: 10^6 processors in under 50 ms) and the event engine.
//!
//! The star's targets (issue 24): n = 10^6 within 10× the memory floor — one pass that reads a
//! child's `(z, w)` (16 B) and writes its load, participation flag and send-order entry (17 B)
//! into buffers allocated beforehand (`floor n=…`) — and n = 1,000 under 8 µs. Group `sort`
//! compares the crate's stable radix sort ([`Star::optimal_order`]) with rayon's stable
//! `par_sort_by` on `f64::total_cmp`, the comparison sort it replaced.

use criterion::{Criterion, criterion_group, criterion_main};
use loadbal::dlt::{Chain, CostScale, KaryTree, Layers, MeshCosts, Options, PortPreset, Root, Star, Tree, Worker};
use rayon::prelude::*;
use std::hint::black_box;

/// 1,000 distinct link speeds (each repeated n/1000 times), unsorted: the shares fall
/// geometrically and vanish after a few thousand children.
fn children(n: usize) -> Vec<Worker> {
    (0..n).map(|i| Worker { w: 1.0 + (i % 97) as f64 * 0.1, z: 0.1 + (i * 7919 % 1000) as f64 * 1e-3 }).collect()
}

/// Distinct, fast links (z ≪ w, splitmix64 draws): every child gets a normal share.
fn fast_children(n: usize) -> Vec<Worker> {
    let mut s = 42u64;
    let mut next = || {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    };
    (0..n).map(|_| (1e-7 * (1.0 + next()), 1.0 + 9.0 * next())).map(|(z, w)| Worker { w, z }).collect()
}

/// The memory floor of a star: read `(z, w)`, write a load, a flag and a send-order entry per
/// child, into buffers that already exist.
fn floor_pass(ch: &[Worker], alpha: &mut [f64], participating: &mut [bool], order: &mut [usize]) {
    for (i, &Worker { w, z }) in ch.iter().enumerate() {
        alpha[i + 1] = z * w;
        participating[i + 1] = z < w;
        order[i] = i + 1;
    }
}

fn star_benches(c: &mut Criterion) {
    let opts = Options::default();
    let root = Root::FrontEnd { w: 1.0 };
    let mut g = c.benchmark_group("star");
    for n in [1_000usize, 1_000_000] {
        g.sample_size(if n > 1000 { 20 } else { 100 });
        let ch = children(n);
        // The star is built (and validated) once, outside the timed loop.
        let star = Star::new(root, ch.clone()).unwrap();
        g.bench_function(format!("star n={n}"), |b| b.iter(|| black_box(&star).allocate(opts)));
        let order = star.optimal_order();
        let sorted = Star::new(root, order.iter().map(|&i| ch[i]).collect()).unwrap();
        g.bench_function(format!("star presorted n={n}"), |b| b.iter(|| black_box(&sorted).allocate(opts)));
        let fast = Star::new(root, fast_children(n)).unwrap();
        g.bench_function(format!("star all participating n={n}"), |b| b.iter(|| black_box(&fast).allocate(opts)));
        let fast_sorted = Star::new(root, fast.optimal_order().iter().map(|&i| fast.workers()[i]).collect()).unwrap();
        g.bench_function(format!("star all participating presorted n={n}"), |b| {
            b.iter(|| black_box(&fast_sorted).allocate(opts))
        });
        let (mut alpha, mut part, mut send) = (vec![0.0; n + 1], vec![false; n + 1], vec![0usize; n]);
        g.bench_function(format!("floor n={n}"), |b| {
            b.iter(|| floor_pass(black_box(&ch), &mut alpha, &mut part, &mut send))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("sort");
    g.sample_size(20);
    for n in [1_000usize, 1_000_000] {
        let ch = fast_children(n);
        let star = Star::new(Root::NonComputing, ch.clone()).unwrap();
        g.bench_function(format!("radix (Star::optimal_order) n={n}"), |b| b.iter(|| black_box(&star).optimal_order()));
        g.bench_function(format!("rayon par_sort_by total_cmp n={n}"), |b| {
            b.iter(|| {
                let mut v: Vec<(f64, usize)> = black_box(&ch).iter().map(|c| c.z + 0.0).zip(0..).collect();
                v.par_sort_by(|a, b| a.0.total_cmp(&b.0));
                v.into_iter().map(|p| p.1).collect::<Vec<usize>>()
            })
        });
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    let opts = Options::default();
    let root = Root::FrontEnd { w: 1.0 };
    let mut g = c.benchmark_group("dlt");
    g.sample_size(10);
    for n in [1_000usize, 1_000_000] {
        let ch = children(n);
        let chain =
            Chain { w: ch.iter().map(|x| x.w).collect(), z: ch[1..].iter().map(|x| x.z).collect(), front_end: true };
        g.bench_function(format!("chain n={n}"), |b| b.iter(|| black_box(&chain).allocate(opts)));
        // A complete 10-ary tree with about n nodes.
        let depth = if n == 1_000 { 2 } else { 5 };
        let Ok(tree) = Tree::kary(KaryTree { w: 1.0, z: 0.1, front_end: true, k: 10, depth }) else { return };
        g.bench_function(format!("tree n={}", tree.len()), |b| b.iter(|| black_box(&tree).allocate(opts)));
    }
    let costs = MeshCosts::linear(1.0, 0.01);
    g.bench_function("mesh 1000x1000 layers + allocation", |b| {
        b.iter(|| {
            Layers::mesh2d(1000, 1000, (500, 500), false).and_then(|l| l.allocate(&PortPreset::AllPort, costs, opts))
        })
    });
    if let Ok(l) = Layers::mesh2d(1000, 1000, (500, 500), false) {
        g.bench_function("mesh 1000x1000 allocation only", |b| {
            b.iter(|| black_box(&l).allocate(&PortPreset::AllPort, costs, opts))
        });
    }
    if let Ok(star) = Star::new(root, children(100_000)) {
        if let Ok(alloc) = star.allocate(opts) {
            g.bench_function("engine star n=100000", |b| {
                b.iter(|| black_box(&star).simulate(&alloc, CostScale::unit()))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, star_benches, bench);
criterion_main!(benches);
