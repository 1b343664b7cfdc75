#![allow(clippy::needless_range_loop)]
//! The exchangeable state space (sorted load vectors of identical processes) against the full
//! product space, and the sparse product chain on sizes where the iterative evaluation runs.

use loadbal::montecarlo::MonteCarlo;
use loadbal::remap::markov::*;
use loadbal::remap::mdp::{Algorithm, Criterion, LinearSolver, Options, Sweep};

/// Solves both spaces and returns the largest value difference over all product states and
/// the number of product states whose decision differs.
fn compare(r: u64, levels: u64, imbalance: &Imbalance, eta: f64, target: &RemapTarget) -> (f64, usize) {
    let prod = RemapProblem::new(WorkloadChain::reflecting(levels, r).unwrap(), imbalance, eta, target).unwrap();
    let ex =
        RemapProblem::new(WorkloadChain::reflecting_exchangeable(levels, r).unwrap(), imbalance, eta, target).unwrap();
    assert!(ex.chain().states() < prod.chain().states());
    let sp = prod.solve(Algorithm::PolicyIteration).unwrap();
    let se = ex.solve(Algorithm::PolicyIteration).unwrap();
    assert!(sp.residual < 1e-9 && se.residual < 1e-9);
    let key = |v: &[f64]| {
        let mut k: Vec<i64> = v.iter().map(|&x| x as i64).collect();
        k.sort_unstable();
        k
    };
    let index: std::collections::HashMap<Vec<i64>, usize> =
        (0..ex.chain().states()).map(|s| (key(ex.chain().load(s).unwrap()), s)).collect();
    let mut worst = 0.0f64;
    let mut differ = 0;
    for s in 0..prod.chain().states() {
        let e = index[&key(prod.chain().load(s).unwrap())];
        worst = worst.max((sp.values[s] - se.values[e]).abs());
        differ += usize::from(sp.remap[s] != se.remap[e]);
    }
    (worst, differ)
}

#[test]
fn exchangeable_space_gives_the_product_space_solution() {
    let cases = [
        (2, 6, Imbalance::MaxNorm, 5.0, RemapTarget::UniformOverAllStates),
        (3, 6, Imbalance::MaxNorm, 3.0, RemapTarget::UniformOverAllStates),
        (3, 6, Imbalance::TwoNorm, 2.0, RemapTarget::Balanced),
        (4, 5, Imbalance::MaxNorm, 4.0, RemapTarget::UniformOverAllStates),
        (4, 5, Imbalance::TwoNorm, 1.5, RemapTarget::Balanced),
        (5, 4, Imbalance::MaxNorm, 2.5, RemapTarget::UniformOverAllStates),
    ];
    for (r, l, imb, eta, target) in cases {
        let (worst, differ) = compare(r, l, &imb, eta, &target);
        assert!(worst < 1e-10, "r = {r}, L = {l}: value difference {worst:e}");
        assert_eq!(differ, 0, "r = {r}, L = {l}: decisions differ");
    }
}

#[test]
fn exchangeable_counts_and_many_processes() {
    // C(L + r − 1, r) states.
    for (r, l, n) in [(2, 6, 21), (3, 100, 171_700), (8, 6, 1287), (16, 4, 969)] {
        assert_eq!(WorkloadChain::reflecting_exchangeable(l, r).unwrap().states(), n);
    }
    // Eight processes on six levels: 1,287 states instead of 1.7 million; a remap rebalances
    // (with a uniform restart, exact balance of 8 walks is so rare that values reach 1e5). The
    // most imbalanced states remap, the balanced ones never do, every value is at most η.
    let p = RemapProblem::new(
        WorkloadChain::reflecting_exchangeable(6, 8).unwrap(),
        &Imbalance::MaxNorm,
        20.0,
        &RemapTarget::Balanced,
    )
    .unwrap();
    let sol = p.solve(Algorithm::PolicyIteration).unwrap();
    assert!(sol.residual < 1e-9);
    let extreme = (0..p.chain().states()).max_by(|&a, &b| p.run_cost()[a].total_cmp(&p.run_cost()[b])).unwrap();
    assert!(sol.remap[extreme]);
    assert!((0..p.chain().states()).filter(|&s| p.chain().is_balanced(s) == Some(true)).all(|s| !sol.remap[s]));
    assert!(sol.values.iter().all(|&v| (0.0..=20.0).contains(&v)));
    // Value iteration agrees.
    let vi = p
        .solve_with(
            Algorithm::ValueIteration,
            &Options { tol: 1e-12, max_iters: 1_000_000, sweep: Sweep::Jacobi, ..Options::default() },
        )
        .unwrap();
    assert_eq!(vi.remap, sol.remap);
    // A Monte Carlo of the sorted chain (4 processes, uniform restart) confirms a value.
    let p4 = RemapProblem::new(
        WorkloadChain::reflecting_exchangeable(6, 4).unwrap(),
        &Imbalance::MaxNorm,
        3.0,
        &RemapTarget::UniformOverAllStates,
    )
    .unwrap();
    let s4 = p4.solve(Algorithm::PolicyIteration).unwrap();
    let start = (0..p4.chain().states()).find(|&s| !s4.remap[s] && p4.chain().is_balanced(s) == Some(false)).unwrap();
    let est = p4.simulate_policy_cost(&s4.remap, start, &MonteCarlo::new(5, 20_000).unwrap()).unwrap();
    assert!(est.agrees_with(s4.values[start], 4.0), "{est:?} vs {}", s4.values[start]);
    // 16 processes.
    let p16 = RemapProblem::new(
        WorkloadChain::reflecting_exchangeable(4, 16).unwrap(),
        &Imbalance::TwoNorm,
        3.0,
        &RemapTarget::Balanced,
    )
    .unwrap();
    assert!(p16.solve(Algorithm::PolicyIteration).unwrap().residual < 1e-9);
}

/// 3 processes × 20 levels (8,000 states): policy iteration evaluating with preconditioned
/// BiCGSTAB, value iteration with Gauss–Seidel sweeps agrees,
/// and so does the exchangeable space (1,540 states).
#[test]
fn sparse_product_chain_iterative_path() {
    for target in [RemapTarget::UniformOverAllStates, RemapTarget::Balanced] {
        let p =
            RemapProblem::new(WorkloadChain::reflecting(20, 3).unwrap(), &Imbalance::MaxNorm, 6.0, &target).unwrap();
        let iterative =
            Options { linear: LinearSolver::Bicgstab { tol: 1e-13, max_iters: 2000 }, ..Options::default() };
        let pi = p
            .mdp()
            .solve(Criterion::TotalCost, &Options { algorithm: Some(Algorithm::PolicyIteration), ..iterative.clone() })
            .unwrap();
        assert!(pi.linear.bicgstab_solves > 0, "{:?}", pi.linear);
        assert_eq!(pi.linear.last_status, Some(loadbal::remap::mdp::LinearStatus::Converged));
        assert!(pi.residual < 1e-9, "{pi}");
        let vi = p
            .mdp()
            .solve(
                Criterion::TotalCost,
                &Options { algorithm: Some(Algorithm::ValueIteration), tol: 1e-12, ..Options::default() },
            )
            .unwrap();
        let jac = p
            .mdp()
            .solve(
                Criterion::TotalCost,
                &Options {
                    algorithm: Some(Algorithm::ValueIteration),
                    tol: 1e-12,
                    sweep: Sweep::Jacobi,
                    ..Options::default()
                },
            )
            .unwrap();
        assert!(vi.iterations < jac.iterations, "Gauss–Seidel {} vs Jacobi {}", vi.iterations, jac.iterations);
        let lu = p
            .mdp()
            .solve(
                Criterion::TotalCost,
                &Options {
                    algorithm: Some(Algorithm::PolicyIteration),
                    linear: LinearSolver::SparseLu,
                    ..Options::default()
                },
            )
            .unwrap();
        assert_eq!(lu.policy, pi.policy);
        for k in 0..pi.values.len() {
            assert!((vi.values[k] - pi.values[k]).abs() < 1e-8);
            assert!((lu.values[k] - pi.values[k]).abs() < 1e-9);
        }
        let ex = RemapProblem::new(
            WorkloadChain::reflecting_exchangeable(20, 3).unwrap(),
            &Imbalance::MaxNorm,
            6.0,
            &target,
        )
        .unwrap();
        let se = ex.solve(Algorithm::PolicyIteration).unwrap();
        let mut key_to_value = std::collections::HashMap::new();
        for s in 0..ex.chain().states() {
            let k: Vec<i64> = ex.chain().load(s).unwrap().iter().map(|&x| x as i64).collect();
            key_to_value.insert(k, se.values[s]);
        }
        for (k, &s) in p.transient_states().iter().enumerate() {
            let mut key: Vec<i64> = p.chain().load(s).unwrap().iter().map(|&x| x as i64).collect();
            key.sort_unstable();
            assert!((key_to_value[&key] - pi.values[k]).abs() < 1e-9);
        }
    }
}
