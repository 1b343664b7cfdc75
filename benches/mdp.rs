//! The MDP solvers on issue 13's instances, the same ones scripts/peers/quantecon_mdp.py gives
//! QuantEcon: a seeded random dense MDP (1,000 states × 5 actions) and Kronecker chains of
//! Yin et al.'s reflecting walk (36, 1,296 and 4,096 chain states, remap cost 5, uniform
//! restart), discount 0.95; plus the 10⁶-state sparse remapping problem (3 processes × 100
//! levels, total cost, a remap rebalances) and the r = 8 exchangeable problem. Run single-threaded for the
//! comparison: `RAYON_NUM_THREADS=1 cargo bench --features bench --bench mdp`.

use criterion::{Criterion, criterion_group, criterion_main};
use loadbal::remap::markov::{Imbalance, RemapProblem, RemapTarget, reflecting_chain, reflecting_exchangeable};
use loadbal::remap::mdp::{
    Algorithm, Criterion as Crit, Options, Sweep, modified_policy_iteration, policy_iteration, solve, value_iteration,
};
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
        b.iter(|| solve(black_box(&random), crit, &o).unwrap())
    });
    for k in [2, 5, 20] {
        let ok = Options { sweeps: k, ..o.clone() };
        group.bench_function(format!("random 1000x5: MPI k={k}"), |b| {
            b.iter(|| modified_policy_iteration(black_box(&random), crit, &ok).unwrap())
        });
    }
    group.bench_function("random 1000x5: PI", |b| b.iter(|| policy_iteration(black_box(&random), crit, &o).unwrap()));
    group.bench_function("random 1000x5: VI Gauss-Seidel", |b| {
        b.iter(|| value_iteration(black_box(&random), crit, &o).unwrap())
    });
    for (r, l) in [(2, 6), (4, 6), (4, 8)] {
        let p = kronecker(r, l);
        let states = p.chain().states();
        group.bench_function(format!("kronecker {states}: solve (best method)"), |b| {
            b.iter(|| solve(black_box(p.mdp()), crit, &o).unwrap())
        });
        group.bench_function(format!("kronecker {states}: MPI k=5"), |b| {
            b.iter(|| modified_policy_iteration(black_box(p.mdp()), crit, &o).unwrap())
        });
        group.bench_function(format!("kronecker {states}: VI Gauss-Seidel"), |b| {
            b.iter(|| value_iteration(black_box(p.mdp()), crit, &o).unwrap())
        });
        let _ = Sweep::Jacobi;
    }
    group.finish();
}

fn large(c: &mut Criterion) {
    let mut group = c.benchmark_group("large remapping");
    group.sample_size(10);
    let chain = reflecting_chain(3, 100).unwrap();
    let build = || RemapProblem::new(chain.clone(), &Imbalance::MaxNorm, 10.0, &RemapTarget::Balanced).unwrap();
    group.bench_function("10^6 states (3 x 100): build", |b| b.iter(build));
    let p = build();
    group.bench_function("10^6 states (3 x 100): policy iteration", |b| {
        b.iter(|| p.solve_relaxed(Algorithm::PolicyIteration, &Options::default()).unwrap())
    });
    let ex = reflecting_exchangeable(8, 10).unwrap();
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

criterion_group!(benches, peers, large);
criterion_main!(benches);
