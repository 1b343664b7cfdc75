//! Benches of the resource-unaware strategies: spanning trees on 1,000-node graphs, the event
//! engine on a 10,000-node tree, SLD on a 20-processor tree (the size of Jia's Fig. 3.8 example,
//! in the setting of Jia, §3.4), and the report-driven runs.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use loadbal::dlt::unaware::{ChainConfig, ChainStrategy, Probe, RandomGraph, SldConfig, SpanningTreeKind};
use loadbal::dlt::{CostScale, RelayRule, Rules, Tree};

use loadbal::dlt::Chain;
use rand::{Rng, SeedableRng};

fn graph(nodes: u64, p: f64) -> loadbal::dlt::unaware::Graph {
    let spec = RandomGraph { nodes, link_probability: p, w_range: (1.0, 10.0), z_range: (0.0, 0.5), max_attempts: 100 };
    spec.generate(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1)).expect("connected draw")
}

fn spanning(c: &mut Criterion) {
    let g = graph(1000, 0.01); // about 5,000 links, average degree 10
    c.bench_function("SPT, 1000 nodes, ~5000 links", |b| {
        b.iter(|| black_box(&g).spanning_tree(0, SpanningTreeKind::Spt, CostScale::unit()).expect("tree"))
    });
    c.bench_function("MST, 1000 nodes, ~5000 links", |b| {
        b.iter(|| black_box(&g).spanning_tree(0, SpanningTreeKind::Mst, CostScale::unit()).expect("tree"))
    });
    // EST solves a few hundred stars per added node (the hierarchical greedy step).
    let mut group = c.benchmark_group("EST");
    group.sample_size(10);
    group.bench_function("EST, 1000 nodes, ~5000 links", |b| {
        b.iter(|| black_box(&g).spanning_tree(0, SpanningTreeKind::Est, CostScale::unit()).expect("tree"))
    });
    group.finish();
}

fn engine(c: &mut Criterion) {
    let n: usize = 10_000;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let parent: Vec<Option<usize>> =
        (0..n).map(|v| if v == 0 { None } else { Some(rng.random_range(v.saturating_sub(20)..v)) }).collect();
    let z: Vec<f64> = (0..n).map(|_| rng.random_range(0.01..0.5)).collect();
    let w: Vec<f64> = (0..n).map(|_| rng.random_range(1.0..10.0)).collect();
    let tree = Tree::from_parents(0, parent, z, w).expect("tree");
    let s = tree.raold_os(1e6, CostScale::unit()).expect("schedule");
    c.bench_function("RAOLD-OS reduction, 10000-node tree", |b| {
        b.iter(|| black_box(&tree).raold_os(1e6, CostScale::unit()).expect("schedule"))
    });
    c.bench_function("engine: RAOLD-OS schedule on a 10000-node tree", |b| {
        b.iter(|| black_box(&tree).execute(&s.allocation.alpha, CostScale::unit()).expect("run"))
    });
}

/// A seeded random tree of 20 processors (each node's parent among the 4 before it), z in
/// (0.1, 1), w in (1, 10): the size of Jia's Fig. 3.8 example.
fn tree20() -> Tree {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let parent: Vec<Option<usize>> =
        (0..20usize).map(|v| if v == 0 { None } else { Some(rng.random_range(v.saturating_sub(4)..v)) }).collect();
    let z: Vec<f64> = (0..20).map(|_| rng.random_range(0.1..1.0)).collect();
    let w: Vec<f64> = (0..20).map(|_| rng.random_range(1.0..10.0)).collect();
    Tree::from_parents(0, parent, z, w).expect("tree")
}

/// The setting of Jia, §3.4: L = 80, η = 0.05, L_1^p = 4, μ = 0.15, T_cp = 2, T_cm = 1.
fn sld_config(rules: Rules) -> SldConfig {
    let scale = CostScale::new(2.0, 1.0).expect("scale");
    SldConfig { load: 80.0, eta: 0.05, l1p: 4.0, mu: 0.15, scale, rules, phase_end_decimals: None }
}

fn snp(c: &mut Criterion) {
    let ex = tree20();
    let cfg = sld_config(Rules { relay: RelayRule::FirstChildLink, top: RelayRule::Physical });
    let tp = ex.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).expect("probe").tp;
    c.bench_function("SLD on a 20-processor tree", |b| b.iter(|| black_box(&ex).sld(&tp, &cfg).expect("sld")));
}

/// The strategies driven by engine reports: SLD end to end and the chain strategies.
fn reactive(c: &mut Criterion) {
    let ex = tree20();
    let cfg = sld_config(Rules { relay: RelayRule::Physical, top: RelayRule::Physical });
    c.bench_function("SLD end to end on the engine (20 processors)", |b| {
        b.iter(|| black_box(&ex).run_sld(&cfg).expect("run"))
    });
    // A chain of 20 as Jia, Tables 2.1–2.2 draw them: root K = 4.5, w in (2, 7), z in (0.2, 0.7).
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    let w = std::iter::once(4.5).chain((1..20).map(|_| rng.random_range(2.0..7.0))).collect();
    let chain = Chain::new(w, (1..20).map(|_| rng.random_range(0.2..0.7)).collect());
    let ccfg = ChainConfig { load: 100.0, eta: 0.03, eps: 0.07, scale: CostScale::new(2.0, 1.0).expect("scale") };
    c.bench_function("WCS(2) on the engine, n = 20", |b| {
        b.iter(|| black_box(&chain).run_unaware(&ccfg, ChainStrategy::Wcs(2)).expect("run"))
    });
}

criterion_group!(benches, spanning, engine, snp, reactive);
criterion_main!(benches);
