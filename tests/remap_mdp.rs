#![cfg(feature = "testing")]
//! The MDP solver on small problems: criteria, bad input, properties (policy iteration against
//! value iteration and against every deterministic policy).

use loadbal::remap::mdp::*;
use nalgebra::{DMatrix, dmatrix};
use proptest::prelude::*;

#[test]
fn average_cost_gain_and_bias() {
    // Two-state chain: cost 1 in state 0, 0 in state 1; action 0 keeps, action 1 switches
    // with probability 1/2 at extra cost 0.2.
    let keep = dmatrix![0.9, 0.1; 0.1, 0.9];
    let switch = dmatrix![0.5, 0.5; 0.5, 0.5];
    let mdp = Mdp::new(vec![keep, switch], dmatrix![1.0, 1.2; 0.0, 0.2]).unwrap();
    let pi = policy_iteration(&mdp, Criterion::AverageCost, None, 50).unwrap();
    let vi = value_iteration(&mdp, Criterion::AverageCost, 1e-12, 10_000, None).unwrap();
    assert_eq!(pi.policy, vi.policy);
    assert!((pi.gain.unwrap() - vi.gain.unwrap()).abs() < 1e-10);
    assert!(pi.residual < 1e-10);
    // Brute force over the 4 policies.
    let best = (0..4)
        .map(|k| evaluate_policy(&mdp, Criterion::AverageCost, &[k & 1, k >> 1]).unwrap().1.unwrap())
        .fold(f64::INFINITY, f64::min);
    assert!((pi.gain.unwrap() - best).abs() < 1e-12);
}

#[test]
fn bad_input_is_typed() {
    let ok = dmatrix![0.5, 0.5; 0.5, 0.5];
    let c = dmatrix![1.0; 1.0];
    assert!(matches!(Mdp::new(vec![], c.clone()), Err(MdpError::Empty { .. })));
    assert!(matches!(Mdp::new(vec![dmatrix![0.5, 0.5]], dmatrix![1.0]), Err(MdpError::NotSquare { .. })));
    assert!(matches!(
        Mdp::new(vec![dmatrix![1.2, -0.2; 0.5, 0.5]], c.clone()),
        Err(MdpError::NegativeProbability { .. })
    ));
    assert!(matches!(Mdp::new(vec![dmatrix![0.6, 0.5; 0.5, 0.5]], c.clone()), Err(MdpError::RowSumExceedsOne { .. })));
    assert!(matches!(Mdp::new(vec![dmatrix![f64::NAN, 0.5; 0.5, 0.5]], c.clone()), Err(MdpError::NonFinite { .. })));
    assert!(matches!(Mdp::new(vec![ok.clone()], dmatrix![f64::NAN; 1.0]), Err(MdpError::NonFinite { .. })));
    assert!(matches!(Mdp::new(vec![ok.clone()], dmatrix![1.0; 1.0; 1.0]), Err(MdpError::DimensionMismatch { .. })));
    let m = Mdp::new(vec![ok], c).unwrap();
    for f in [0.0, 1.0, -0.5, f64::NAN] {
        assert!(matches!(
            value_iteration(&m, Criterion::Discounted { factor: f }, 1e-6, 10, None),
            Err(MdpError::InvalidDiscount(_))
        ));
    }
    assert_eq!(evaluate_policy(&m, Criterion::TotalCost, &[0, 0]), Err(MdpError::ImproperPolicy { state: 0 }));
    assert!(matches!(evaluate_policy(&m, Criterion::TotalCost, &[0, 3]), Err(MdpError::InvalidPolicy(_))));
    assert!(matches!(value_iteration(&m, Criterion::TotalCost, 0.0, 10, None), Err(MdpError::InvalidOption { .. })));
    let sub = Mdp::new(vec![dmatrix![0.5]], dmatrix![1.0]).unwrap();
    assert!(matches!(evaluate_policy(&sub, Criterion::AverageCost, &[0]), Err(MdpError::NotStochastic { .. })));
    // Multichain: two absorbing states.
    let id = Mdp::new(vec![dmatrix![1.0, 0.0; 0.0, 1.0]], dmatrix![1.0; 0.0]).unwrap();
    assert_eq!(evaluate_policy(&id, Criterion::AverageCost, &[0, 0]), Err(MdpError::MultichainPolicy));
}

fn random_mdp(s: usize, a: usize, raw: &[f64], costs: &[f64]) -> Mdp {
    let mut ps = Vec::new();
    for k in 0..a {
        let mut p = DMatrix::from_fn(s, s, |i, j| raw[(k * s + i) * s + j]);
        for i in 0..s {
            let sum: f64 = p.row(i).sum();
            // Leak 10 % to absorption so every policy is proper.
            p.row_mut(i).scale_mut(0.9 / sum);
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
        costs in proptest::collection::vec(prop_oneof![1 => Just(f64::INFINITY), 20 => -1.0f64..5.0], 3 * 2),
        beta in -0.5f64..1.5,
    ) {
        let ps: Vec<DMatrix<f64>> = (0..2).map(|a| DMatrix::from_fn(3, 3, |i, j| raw[(a * 3 + i) * 3 + j])).collect();
        if let Ok(mdp) = Mdp::new(ps, DMatrix::from_fn(3, 2, |i, a| costs[i * 2 + a])) {
            for crit in [Criterion::TotalCost, Criterion::Discounted { factor: beta }, Criterion::AverageCost] {
                // Ok results never hide a NaN (errors are typed).
                let solved = [policy_iteration(&mdp, crit, None, 50), value_iteration(&mdp, crit, 1e-9, 500, None)];
                for sol in solved.into_iter().flatten() {
                    let shown = format!("{sol:?}");
                    prop_assert!(!shown.contains("NaN"), "silent NaN: {}", shown);
                }
            }
            let _ = mdp.check_assumption_a();
            if let Ok(b) = mdp.absorption_bound(&[0, 1, 0]) {
                let shown = format!("{b:?}");
                prop_assert!(!shown.contains("NaN"), "silent NaN: {}", shown);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn pi_and_vi_agree_and_satisfy_bellman(
        raw in proptest::collection::vec(0.01f64..1.0, 3 * 5 * 5),
        costs in proptest::collection::vec(0.0f64..10.0, 5 * 3),
        discounted in any::<bool>(),
    ) {
        let mdp = random_mdp(5, 3, &raw, &costs);
        let crit = if discounted { Criterion::Discounted { factor: 0.95 } } else { Criterion::TotalCost };
        mdp.check_assumption_a().unwrap();
        let pi = policy_iteration(&mdp, crit, None, 100).unwrap();
        let vi = value_iteration(&mdp, crit, 1e-12, 100_000, None).unwrap();
        prop_assert_eq!(pi.termination, Termination::PolicyStable);
        prop_assert!(pi.residual < 1e-9);
        prop_assert!((&pi.values - &vi.values).amax() < 1e-8);
        // No stationary deterministic policy beats the optimum.
        for k in 0..3usize.pow(5) {
            let pol: Vec<usize> = (0..5).map(|i| (k / 3usize.pow(i as u32)) % 3).collect();
            let (j, _) = evaluate_policy(&mdp, crit, &pol).unwrap();
            prop_assert!((0..5).all(|i| j[i] >= pi.values[i] - 1e-9));
        }
    }
}
