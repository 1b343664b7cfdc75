#![allow(clippy::needless_range_loop)]
//! The MDP solver on small problems: criteria, bad input, properties (policy iteration against
//! value iteration, modified policy iteration and every deterministic policy).

use loadbal::remap::mdp::*;
use nalgebra::{DMatrix, dmatrix};
use proptest::prelude::*;

fn opts() -> Options {
    Options::default()
}

#[test]
fn average_cost_gain_and_bias() {
    // Two-state chain: cost 1 in state 0, 0 in state 1; action 0 keeps, action 1 switches
    // with probability 1/2 at extra cost 0.2.
    let keep = dmatrix![0.9, 0.1; 0.1, 0.9];
    let switch = dmatrix![0.5, 0.5; 0.5, 0.5];
    let mdp = Mdp::new(vec![keep, switch], dmatrix![1.0, 1.2; 0.0, 0.2]).unwrap();
    let pi = mdp
        .solve(Criterion::AverageCost, &Options { algorithm: Some(Algorithm::PolicyIteration), ..opts().clone() })
        .unwrap();
    let vi = mdp
        .solve(Criterion::AverageCost, &Options { algorithm: Some(Algorithm::ValueIteration), tol: 1e-12, ..opts() })
        .unwrap();
    assert_eq!(pi.policy, vi.policy);
    assert!((pi.gain.unwrap() - vi.gain.unwrap()).abs() < 1e-10);
    let b = vi.bounds.unwrap();
    assert!(b.lower <= pi.gain.unwrap() + 1e-15 && pi.gain.unwrap() <= b.upper + 1e-15);
    assert!(pi.residual < 1e-10 && vi.residual < 1e-9);
    // Brute force over the 4 policies.
    let best = (0..4)
        .map(|k| mdp.evaluate(Criterion::AverageCost, &[k & 1, k >> 1]).unwrap().gain.unwrap())
        .fold(f64::INFINITY, f64::min);
    assert!((pi.gain.unwrap() - best).abs() < 1e-12);
    assert!(pi.to_string().contains("gain"));
}

#[test]
fn bad_input_is_typed() {
    let ok = dmatrix![0.5, 0.5; 0.5, 0.5];
    let c = dmatrix![1.0; 1.0];
    assert!(matches!(Mdp::new(vec![], c.clone()), Err(MdpError::Empty(_))));
    assert!(matches!(Mdp::new(vec![dmatrix![0.5, 0.5]], dmatrix![1.0]), Err(MdpError::NotSquare { .. })));
    assert!(matches!(
        Mdp::new(vec![dmatrix![1.2, -0.2; 0.5, 0.5]], c.clone()),
        Err(MdpError::NegativeProbability { .. })
    ));
    assert!(matches!(Mdp::new(vec![dmatrix![0.6, 0.5; 0.5, 0.5]], c.clone()), Err(MdpError::RowSumExceedsOne { .. })));
    assert!(matches!(Mdp::new(vec![dmatrix![f64::NAN, 0.5; 0.5, 0.5]], c.clone()), Err(MdpError::NonFinite { .. })));
    assert!(matches!(Mdp::new(vec![ok.clone()], dmatrix![f64::NAN; 1.0]), Err(MdpError::NonFinite { .. })));
    assert!(matches!(Mdp::new(vec![ok.clone()], dmatrix![1.0; 1.0; 1.0]), Err(MdpError::DimensionMismatch { .. })));
    // Sparse builders: a state without actions, a target out of range, mismatched slices.
    let mut b = MdpBuilder::new(2);
    b.action(0, 1.0, &[(1, 1.0)]);
    assert!(matches!(b.build(), Err(MdpError::Empty(m)) if m.contains("state 1")));
    let mut b = MdpBuilder::new(1);
    b.action(0, 1.0, &[(3, 1.0)]);
    assert!(matches!(b.build(), Err(MdpError::StateOutOfRange { target: 3, .. })));
    assert!(matches!(Mdp::from_pairs(1, &[0], &[1.0, 2.0], &[vec![]]), Err(MdpError::DimensionMismatch { .. })));
    let mut b = MdpBuilder::new(1);
    b.restart(&[(0, 0.8)]).action_with_restart(0, 1.0, &[(0, 0.5)], 1.0);
    assert!(matches!(b.build(), Err(MdpError::RowSumExceedsOne { .. })));
    let m = Mdp::new(vec![ok], c).unwrap();
    for f in [0.0, 1.0, -0.5, f64::NAN] {
        assert!(matches!(
            m.solve(
                Criterion::Discounted { factor: f },
                &Options { algorithm: Some(Algorithm::ValueIteration), ..opts().clone() }
            ),
            Err(MdpError::InvalidDiscount(_))
        ));
    }
    assert_eq!(m.evaluate(Criterion::TotalCost, &[0, 0]), Err(MdpError::ImproperPolicy { state: 0 }));
    assert!(matches!(m.evaluate(Criterion::TotalCost, &[0, 3]), Err(MdpError::InvalidPolicy(_))));
    assert!(matches!(
        m.solve(Criterion::TotalCost, &Options { algorithm: Some(Algorithm::ValueIteration), tol: 0.0, ..opts() }),
        Err(MdpError::InvalidOption { .. })
    ));
    assert!(matches!(
        m.solve(
            Criterion::AverageCost,
            &Options { algorithm: Some(Algorithm::ValueIteration), aperiodicity: 0.0, ..opts() }
        ),
        Err(MdpError::InvalidOption { .. })
    ));
    assert!(matches!(
        m.solve(
            Criterion::AverageCost,
            &Options { algorithm: Some(Algorithm::ModifiedPolicyIteration { sweeps: 5 }), ..opts().clone() }
        ),
        Err(MdpError::InvalidOption { .. })
    ));
    // No policy absorbs: policy iteration says so.
    assert_eq!(
        m.solve(Criterion::TotalCost, &Options { algorithm: Some(Algorithm::PolicyIteration), ..opts().clone() }),
        Err(MdpError::NoProperPolicy { state: 0 })
    );
    let sub = Mdp::new(vec![dmatrix![0.5]], dmatrix![1.0]).unwrap();
    assert!(matches!(sub.evaluate(Criterion::AverageCost, &[0]), Err(MdpError::NotStochastic { .. })));
    // Multichain: two absorbing states.
    let id = Mdp::new(vec![dmatrix![1.0, 0.0; 0.0, 1.0]], dmatrix![1.0; 0.0]).unwrap();
    assert_eq!(id.evaluate(Criterion::AverageCost, &[0, 0]), Err(MdpError::MultichainPolicy));
}

#[test]
fn states_may_have_different_numbers_of_actions() {
    // State 0: three actions; state 1: one action (absorbing-ish exit); state 2: two actions.
    let mut b = MdpBuilder::new(3);
    b.action(2, 4.0, &[]).action(0, 5.0, &[]).action(0, 1.0, &[(1, 1.0)]).action(1, 1.0, &[]);
    b.action(0, 0.5, &[(2, 1.0)]).action(2, 1.0, &[(0, 0.5)]);
    let mdp = b.build().unwrap();
    assert_eq!((mdp.actions(0), mdp.actions(1), mdp.actions(2), mdp.actions(3)), (Some(3), Some(1), Some(2), None));
    assert_eq!(mdp.cost(2, 0), Some(4.0));
    assert_eq!(mdp.cost(2, 2), None);
    let pi = mdp
        .solve(Criterion::TotalCost, &Options { algorithm: Some(Algorithm::PolicyIteration), ..opts().clone() })
        .unwrap();
    // Exhaustive search over the 3 × 1 × 2 policies (improper ones skipped).
    let mut best = [f64::INFINITY; 3];
    for a0 in 0..3 {
        for a2 in 0..2 {
            if let Ok(PolicyValues { values: v, .. }) = mdp.evaluate(Criterion::TotalCost, &[a0, 0, a2]) {
                for i in 0..3 {
                    best[i] = best[i].min(v[i]);
                }
            }
        }
    }
    for i in 0..3 {
        assert!((pi.values[i] - best[i]).abs() < 1e-12, "state {i}: {:?} vs {best:?}", pi.values);
    }
}

#[test]
fn restart_distribution_equals_the_dense_rows() {
    // The same MDP with the restart stored once and with dense rows.
    let rho = [0.2, 0.3, 0.4];
    let mut b = MdpBuilder::new(3);
    b.restart(&[(0, rho[0]), (1, rho[1]), (2, rho[2])]);
    let rows: [&[(usize, f64)]; 3] = [&[(1, 0.5), (2, 0.25)], &[(0, 0.5)], &[(2, 0.9)]];
    let mut dense_rows = Vec::new();
    let mut s_idx = Vec::new();
    let mut costs = Vec::new();
    for i in 0..3 {
        b.action(i, 1.0 + i as f64, rows[i]);
        b.action_with_restart(i, 2.5, &[], 0.9);
        s_idx.extend([i, i]);
        costs.extend([1.0 + i as f64, 2.5]);
        dense_rows.push(rows[i].to_vec());
        dense_rows.push((0..3).map(|j| (j, 0.9 * rho[j])).collect());
    }
    let with_restart = b.build().unwrap();
    let dense = Mdp::from_pairs(3, &s_idx, &costs, &dense_rows).unwrap();
    for crit in [Criterion::TotalCost, Criterion::Discounted { factor: 0.9 }] {
        let a = with_restart
            .solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), ..opts().clone() })
            .unwrap();
        let d = dense.solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), ..opts().clone() }).unwrap();
        let v = with_restart
            .solve(crit, &Options { algorithm: Some(Algorithm::ValueIteration), tol: 1e-13, ..opts() })
            .unwrap();
        assert_eq!(a.policy, d.policy);
        for i in 0..3 {
            assert!((a.values[i] - d.values[i]).abs() < 1e-12);
            assert!((v.values[i] - d.values[i]).abs() < 1e-10);
        }
    }
}

fn random_mdp(s: usize, a: usize, raw: &[f64], costs: &[f64], leak: f64) -> Mdp {
    let mut ps = Vec::new();
    for k in 0..a {
        let mut p = DMatrix::from_fn(s, s, |i, j| raw[(k * s + i) * s + j]);
        for i in 0..s {
            let sum: f64 = p.row(i).sum();
            p.row_mut(i).scale_mut((1.0 - leak) / sum);
        }
        ps.push(p);
    }
    Mdp::new(ps, DMatrix::from_fn(s, a, |i, k| costs[i * a + k])).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    #[test]
    fn no_input_panics(
        raw in proptest::collection::vec(prop_oneof![1 => Just(f64::NAN), 1 => Just(-0.5), 30 => 0.0f64..0.33], 2 * 3 * 3),
        costs in proptest::collection::vec(prop_oneof![1 => Just(f64::INFINITY), 1 => Just(f64::MAX), 20 => -1.0f64..5.0], 3 * 2),
        beta in -0.5f64..1.5,
    ) {
        let ps: Vec<DMatrix<f64>> = (0..2).map(|a| DMatrix::from_fn(3, 3, |i, j| raw[(a * 3 + i) * 3 + j])).collect();
        if let Ok(mdp) = Mdp::new(ps, DMatrix::from_fn(3, 2, |i, a| costs[i * 2 + a])) {
            for crit in [Criterion::TotalCost, Criterion::Discounted { factor: beta }, Criterion::AverageCost] {
                // Ok results never hide a NaN or an infinity (errors are typed).
                let o = Options { max_iters: 500, ..Options::default() };
                let solved = [
                    mdp.solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() }),
                    mdp.solve(crit, &Options { algorithm: Some(Algorithm::ValueIteration), ..o.clone() }),
                    mdp.solve(crit, &Options { algorithm: Some(Algorithm::ModifiedPolicyIteration { sweeps: 5 }), ..o.clone() }),
                    mdp.solve(crit, &Options { algorithm: Some(Algorithm::ValueIteration), sweep: Sweep::Jacobi, ..o.clone() }),
                ];
                for sol in solved.into_iter().flatten() {
                    prop_assert!(sol.values.iter().all(|v| v.is_finite()), "silent non-finite value: {:?}", sol);
                    prop_assert!(sol.residual.is_finite());
                }
            }
            let _ = mdp.check_assumption_a();
            if let Ok(b) = mdp.absorption_bound(&[0, 1, 0]) {
                prop_assert!(b.c0.is_finite());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn solvers_agree_with_exhaustive_search(
        raw in proptest::collection::vec(0.01f64..1.0, 3 * 5 * 5),
        costs in proptest::collection::vec(0.0f64..10.0, 5 * 3),
        discounted in any::<bool>(),
    ) {
        let mdp = random_mdp(5, 3, &raw, &costs, 0.1);
        let crit = if discounted { Criterion::Discounted { factor: 0.95 } } else { Criterion::TotalCost };
        mdp.check_assumption_a().unwrap();
        let o = Options { tol: 1e-12, ..Options::default() };
        let pi = mdp.solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() }).unwrap();
        let sparse = mdp.solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), linear: LinearSolver::SparseLu, ..o.clone() }).unwrap();
        let iterative = mdp.solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), linear: LinearSolver::Bicgstab { tol: 1e-14, max_iters: 200 }, ..o.clone() }).unwrap();
        let gs = mdp.solve(crit, &Options { algorithm: Some(Algorithm::ValueIteration), ..o.clone() }).unwrap();
        let jac = mdp.solve(crit, &Options { algorithm: Some(Algorithm::ValueIteration), sweep: Sweep::Jacobi, ..o.clone() }).unwrap();
        let mpi = mdp.solve(crit, &Options { algorithm: Some(Algorithm::ModifiedPolicyIteration { sweeps: 5 }), ..o.clone() }).unwrap();
        prop_assert_eq!(pi.termination, Termination::PolicyStable);
        prop_assert!(pi.residual < 1e-9);
        for other in [&sparse, &iterative, &gs, &jac, &mpi] {
            prop_assert_eq!(&other.policy, &pi.policy);
            for i in 0..5 {
                prop_assert!((other.values[i] - pi.values[i]).abs() < 1e-8, "{:?} vs {:?}", other, pi);
            }
        }
        if discounted {
            let b = gs.bounds.unwrap();
            for i in 0..5 {
                prop_assert!(gs.values[i] + b.lower <= pi.values[i] + 1e-12 && pi.values[i] <= gs.values[i] + b.upper + 1e-12);
            }
        }
        // No stationary deterministic policy beats the optimum.
        for k in 0..3usize.pow(5) {
            let pol: Vec<usize> = (0..5).map(|i| (k / 3usize.pow(i as u32)) % 3).collect();
            let j = mdp.evaluate(crit, &pol).unwrap().values;
            prop_assert!((0..5).all(|i| j[i] >= pi.values[i] - 1e-9));
        }
    }
}
