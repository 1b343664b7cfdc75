//! The MDP solvers on issue 13's instances, the same ones scripts/peers/quantecon_mdp.py gives
//! QuantEcon: a seeded random dense MDP (1,000 states × 5 actions) and Kronecker chains of
//! Yin et al.'s reflecting walk (36, 1,296 and 4,096 chain states, remap cost 5, uniform
//! restart), discount 0.95; plus the 10⁶-state sparse remapping problem (3 processes × 100
//! levels, total cost, a remap rebalances) and the r = 8 exchangeable problem; and the two
//! storage forms on random MDPs of every density, which sets `DENSE_DENSITY`. Run
//! single-threaded: `RAYON_NUM_THREADS=1 cargo bench --bench mdp`. The peer
//! comparison itself is scripts/peers/quantecon_mdp.py (benches/mdp_peer.rs is its crate side).

use criterion::{Criterion, criterion_group, criterion_main};
use loadbal::rand::{Rng, SeedableRng};
use loadbal::rand_chacha::ChaCha8Rng;
use loadbal::remap::markov::{Imbalance, RemapProblem, RemapTarget, WorkloadChain};
use loadbal::remap::mdp::{Algorithm, Criterion as Crit, Mdp, MdpBuilder, Options, Storage, Sweep};
use std::hint::black_box;

#[path = "../tests/mdp_instances/mod.rs"]
mod instances;
use instances::{BETA, kronecker, random_dense};

fn peers(c: &mut Criterion) {
    let crit = Crit::Discounted { factor: BETA };
    let mut group = c.benchmark_group("issue 13 instances");
    group.sample_size(10);
    let random = random_dense(1000, 5, instances::SEED);
    let o = Options { tol: 1e-10, ..Options::default() };
    group.bench_function("random 1000x5: solve (best method)", |b| {
        b.iter(|| black_box(&random).solve(crit, &o).unwrap())
    });
    for k in [2, 5, 20] {
        let ok = Options { algorithm: Some(Algorithm::ModifiedPolicyIteration { sweeps: k }), ..o.clone() };
        group.bench_function(format!("random 1000x5: MPI k={k}"), |b| {
            b.iter(|| black_box(&random).solve(crit, &ok).unwrap())
        });
    }
    group.bench_function("random 1000x5: PI", |b| {
        b.iter(|| {
            black_box(&random)
                .solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() })
                .unwrap()
        })
    });
    group.bench_function("random 1000x5: VI Gauss-Seidel", |b| {
        b.iter(|| {
            black_box(&random)
                .solve(crit, &Options { algorithm: Some(Algorithm::ValueIteration), ..o.clone() })
                .unwrap()
        })
    });
    for (r, l) in [(2, 6), (4, 6), (4, 8)] {
        let p = kronecker(r, l);
        let states = p.chain().states();
        group.bench_function(format!("kronecker {states}: solve (best method)"), |b| {
            b.iter(|| black_box(p.mdp()).solve(crit, &o).unwrap())
        });
        group.bench_function(format!("kronecker {states}: MPI k=5"), |b| {
            b.iter(|| {
                black_box(p.mdp())
                    .solve(
                        crit,
                        &Options { algorithm: Some(Algorithm::ModifiedPolicyIteration { sweeps: 5 }), ..o.clone() },
                    )
                    .unwrap()
            })
        });
        group.bench_function(format!("kronecker {states}: VI Gauss-Seidel"), |b| {
            b.iter(|| {
                black_box(p.mdp())
                    .solve(crit, &Options { algorithm: Some(Algorithm::ValueIteration), ..o.clone() })
                    .unwrap()
            })
        });
        let _ = Sweep::Jacobi;
    }
    group.finish();
}

fn large(c: &mut Criterion) {
    let mut group = c.benchmark_group("large remapping");
    group.sample_size(10);
    let chain = WorkloadChain::reflecting(100, 3).unwrap();
    let build = || RemapProblem::new(chain.clone(), &Imbalance::MaxNorm, 10.0, &RemapTarget::Balanced).unwrap();
    group.bench_function("10^6 states (3 x 100): build", |b| b.iter(build));
    let p = build();
    group.bench_function("10^6 states (3 x 100): policy iteration", |b| {
        b.iter(|| p.solve_relaxed(Algorithm::PolicyIteration, &Options::default()).unwrap())
    });
    let ex = WorkloadChain::reflecting_exchangeable(10, 8).unwrap();
    group.bench_function("r = 8 exchangeable (8 x 10, 24,310 states): build + PI", |b| {
        b.iter(|| {
            RemapProblem::new(ex.clone(), &Imbalance::MaxNorm, 10.0, &RemapTarget::Balanced)
                .unwrap()
                .solve_relaxed(Algorithm::PolicyIteration, &Options::default())
                .unwrap()
        })
    });
    group.finish();
}

/// A seeded random MDP of `states` states and `actions` actions whose rows keep each entry with
/// probability `density` (the diagonal always), normalised to sum 0.99 (discounted or total cost).
fn random_sparse(states: usize, actions: usize, density: f64, seed: u64) -> Mdp {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut b = MdpBuilder::new(states as u64);
    let mut row = Vec::new();
    for i in 0..states {
        for _ in 0..actions {
            row.clear();
            for j in 0..states {
                if j == i || rng.random::<f64>() < density {
                    row.push((j, rng.random::<f64>() + 0.01));
                }
            }
            let sum: f64 = row.iter().map(|e| e.1).sum();
            row.iter_mut().for_each(|e| e.1 *= 0.99 / sum);
            b.action(i, rng.random::<f64>(), &row);
        }
    }
    b.build().expect("valid random MDP")
}

/// The Bellman update (the kernel of value and modified policy iteration) and policy
/// iteration in both storage forms, 1,000 states × 5 actions, densities 1 % to 100 %: the dense
/// form's contiguous SIMD rows against the sparse form's 12 bytes and one gather per entry. The
/// crossover sets `DENSE_DENSITY` (see its documentation for the figures).
fn storage(c: &mut Criterion) {
    let crit = Crit::Discounted { factor: 0.95 };
    let mut group = c.benchmark_group("storage by density (1000 x 5)");
    group.sample_size(10);
    for density in [0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0] {
        let mdp = random_sparse(1000, 5, density, 7);
        let v: Vec<f64> = (0..1000).map(|i| (i % 17) as f64).collect();
        for form in [Storage::Sparse, Storage::Dense] {
            let m = mdp.clone().with_storage(form).unwrap();
            group.bench_function(format!("bellman update, density {density}, {form}"), |b| {
                b.iter(|| black_box(&m).bellman_update(crit, &v).unwrap())
            });
            group.bench_function(format!("policy iteration, density {density}, {form}"), |b| {
                b.iter(|| black_box(&m).solve(crit, &Options::with_algorithm(Algorithm::PolicyIteration)).unwrap())
            });
        }
    }
    group.finish();
}

criterion_group!(benches, peers, large, storage);
criterion_main!(benches);
