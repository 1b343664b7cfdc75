//! Yin et al., §5 example: remap sets, values, iteration counts, assumption (A), the textbook
//! variant, random chains.

use loadbal::remap::markov::*;
use loadbal::remap::mdp::{Algorithm, Criterion, MdpError, Options, Sweep};
use nalgebra::DMatrix;
use proptest::prelude::*;

/// The action indices of the MDP a `RemapProblem` builds: continue first (so ties continue), then remap.
const CONTINUE: usize = 0;
const REMAP: usize = 1;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_chains_pi_and_vi_agree(
        raw in proptest::collection::vec(0.0f64..1.0, 9 * 9),
        eta in 0.0f64..10.0,
        uniform in any::<bool>(),
    ) {
        // 9 states: loads (i, j) in 0..3 × 0..3; a random stochastic matrix with a positive
        // diagonal-to-(0,0) leak so that every state can reach a balanced one.
        let loads: Vec<Vec<f64>> = (0..9).map(|s| vec![(s / 3) as f64, (s % 3) as f64]).collect();
        let mut p = DMatrix::from_fn(9, 9, |i, j| raw[i * 9 + j] + if j == 0 { 0.05 } else { 0.0 });
        for i in 0..9 {
            let sum = p.row(i).sum();
            p.row_mut(i).scale_mut(1.0 / sum);
        }
        let chain = WorkloadChain::new(loads, p).unwrap();
        let target = if uniform { RemapTarget::UniformOverAllStates } else { RemapTarget::Balanced };
        let prob = RemapProblem::new(chain, &Imbalance::MaxNorm, eta, &target).unwrap();
        let pi = prob.solve(Algorithm::PolicyIteration).unwrap();
        let vi = prob.solve_with(Algorithm::ValueIteration, &Options { tol: 1e-13, max_iters: 1_000_000, sweep: Sweep::Jacobi, ..Options::default() }).unwrap();
        prop_assert!(pi.residual < 1e-9);
        for s in 0..9 {
            prop_assert!((pi.values[s] - vi.values[s]).abs() < 1e-7);
            prop_assert!(pi.values[s] >= 0.0);
            // A remapping state is worth exactly η plus the restart value, never more than η
            // plus the value of continuing.
            let q = prob.action_values(&pi.values).unwrap()[s];
            if pi.remap[s] { prop_assert!(q.remap < q.continue_ + 1e-9); }
        }
    }
}

/// Remapping states of the §5 example as (i, j) pairs with i > j (the sets are symmetric).
fn lower_remap_set(sol: &RemapSolution) -> Vec<(usize, usize)> {
    (0..36).filter(|&s| sol.remap[s] && s / 6 > s % 6).map(|s| (s / 6, s % 6)).collect()
}

#[test]
fn figure4_remap_sets_and_values() {
    // The converged sets of the reference extraction (II.4; the figure's images are lost).
    type Group<'a> = (&'a [f64], &'a [(usize, usize)]);
    let sets: [Group; 5] = [
        (&[1.0], &[(2, 0), (3, 0), (3, 1), (4, 0), (4, 1), (4, 2), (5, 0), (5, 1), (5, 2), (5, 3)]),
        (&[2.0, 3.0], &[(3, 0), (4, 0), (4, 1), (5, 0), (5, 1), (5, 2)]),
        (&[4.0, 5.0, 6.0], &[(4, 0), (4, 1), (5, 0), (5, 1)]),
        (&[7.0, 8.0, 9.0], &[(4, 0), (5, 0), (5, 1)]),
        (&[10.0, 11.0, 12.0, 13.0], &[(5, 0)]),
    ];
    for (etas, set) in sets {
        for &eta in etas {
            let p = yin_example(eta).unwrap();
            let pi = p.solve(Algorithm::PolicyIteration).unwrap();
            let vi = p
                .solve_with(
                    Algorithm::ValueIteration,
                    &Options { tol: 1e-12, max_iters: 100_000, sweep: Sweep::Jacobi, ..Options::default() },
                )
                .unwrap();
            assert_eq!(lower_remap_set(&pi), set.to_vec(), "η = {eta}");
            assert_eq!(pi.remap, vi.remap, "η = {eta}");
            assert!(pi.residual < 1e-9 && vi.residual < 1e-9);
            for s in 0..36 {
                assert!((pi.values[s] - vi.values[s]).abs() < 1e-9);
                // Symmetry (i, j) ↔ (j, i).
                assert!((pi.values[s] - pi.values[(s % 6) * 6 + s / 6]).abs() < 1e-9);
            }
        }
    }
    // Reference J* values (abs 1e-6) at η = 5: (1,0), (3,0), (4,1), (5,0).
    let sol = yin_example(5.0).unwrap().solve(Algorithm::PolicyIteration).unwrap();
    for (s, v) in [(6, 3.450011), (18, 11.603545), (25, 12.341653), (30, 12.341653)] {
        assert!((sol.values[s] - v).abs() < 1e-6, "state {s}");
    }
    // Never remap beyond η ≈ 13.29; the value is then (I − P̃(1))⁻¹ φ.
    let never = yin_example(14.0).unwrap().solve(Algorithm::PolicyIteration).unwrap();
    assert!(never.remap.iter().all(|r| !r));
    assert!((never.values[30] - 24.426865).abs() < 1e-6);
}

#[test]
fn value_iteration_counts_and_assumption_a() {
    // Reference iteration counts (V⁰ = 0, sup-norm ≤ tol), ±1.
    for (eta, n2, n6) in [(1.0, 19, 54), (4.0, 31, 82), (10.0, 51, 135), (13.0, 57, 141)] {
        let p = yin_example(eta).unwrap();
        let a = p
            .solve_with(
                Algorithm::ValueIteration,
                &Options { tol: 1e-2, max_iters: 10_000, sweep: Sweep::Jacobi, ..Options::default() },
            )
            .unwrap();
        let b = p
            .solve_with(
                Algorithm::ValueIteration,
                &Options { tol: 1e-6, max_iters: 10_000, sweep: Sweep::Jacobi, ..Options::default() },
            )
            .unwrap();
        assert!(
            a.iterations.abs_diff(n2) <= 1 && b.iterations.abs_diff(n6) <= 1,
            "η = {eta}: {} {}",
            a.iterations,
            b.iterations
        );
    }
    let p = yin_example(1.0).unwrap();
    // E[τ | never remap] (reference II.4), transient index of (1,0) is 5, of (5,0) is 25.
    let tau = p.mdp().absorption_time(&[CONTINUE; 30]).unwrap();
    assert!((tau[5] - 4.864485).abs() < 1e-6 && (tau[25] - 16.762590).abs() < 1e-6);
    // Value iteration from zero is the finite-horizon DP (eq. 12): V¹ = min(η, φ).
    let v1 = p.mdp().bellman_update(Criterion::TotalCost, &[0.0; 30]).unwrap().values;
    for (k, &s) in p.transient_states().iter().enumerate() {
        assert_eq!(v1[k], p.run_cost()[s].min(1.0));
    }
    let never = p.mdp().absorption_bound(&[CONTINUE; 30]).unwrap();
    assert_eq!((never.l, never.c0), (3, 0.01171875));
    let always = p.mdp().absorption_bound(&[REMAP; 30]).unwrap();
    assert_eq!(always.l, 1);
    assert!((always.c0 - 1.0 / 6.0).abs() < 1e-15);
}

#[test]
fn textbook_variant_and_bad_input() {
    // Remap into a balanced state (P̃(0) = 0): at η = 1 every imbalanced state remaps, J ≡ 1.
    let chain = WorkloadChain::reflecting(6, 2).unwrap();
    let p = RemapProblem::new(chain.clone(), &Imbalance::MaxNorm, 1.0, &RemapTarget::Balanced).unwrap();
    let sol = p.solve(Algorithm::PolicyIteration).unwrap();
    assert_eq!(sol.remap.iter().filter(|&&r| r).count(), 30);
    assert!(p.transient_states().iter().all(|&s| (sol.values[s] - 1.0).abs() < 1e-12));
    let p = RemapProblem::new(chain.clone(), &Imbalance::MaxNorm, 2.0, &RemapTarget::Balanced).unwrap();
    let sol = p.solve(Algorithm::PolicyIteration).unwrap();
    assert!((sol.values[6] - 1.592466).abs() < 1e-6);
    // Two-norm is √2 times the max-norm for two processes.
    let two = RemapProblem::new(chain.clone(), &Imbalance::TwoNorm, 1.0, &RemapTarget::Balanced).unwrap();
    assert!((two.run_cost()[5] - 5.0 / 2f64.sqrt()).abs() < 1e-12);
    // Bad input.
    let bad = |r: Result<RemapProblem, MarkovError>| r.unwrap_err();
    assert!(matches!(bad(yin_example(-1.0)), MarkovError::NegativeCost { .. }));
    assert!(matches!(bad(yin_example(f64::NAN)), MarkovError::NonFinite { .. }));
    let neg = Imbalance::PerState(vec![-1.0; 36]);
    assert!(matches!(
        bad(RemapProblem::new(chain.clone(), &neg, 1.0, &RemapTarget::Balanced)),
        MarkovError::NegativeCost { .. }
    ));
    let short = Imbalance::PerState(vec![1.0; 35]);
    assert!(matches!(
        bad(RemapProblem::new(chain.clone(), &short, 1.0, &RemapTarget::Balanced)),
        MarkovError::DimensionMismatch { .. }
    ));
    let d = RemapTarget::Distribution(vec![0.5; 36]);
    assert!(matches!(bad(RemapProblem::new(chain, &Imbalance::MaxNorm, 1.0, &d)), MarkovError::NotStochastic { .. }));
    // A closed loop of imbalanced states that remapping restarts inside: (A) fails.
    let loop_chain = WorkloadChain::new(
        vec![vec![0.0, 1.0], vec![1.0, 0.0], vec![0.0, 0.0]],
        DMatrix::from_row_slice(3, 3, &[0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]),
    )
    .unwrap();
    let restart = RemapTarget::Distribution(vec![0.5, 0.5, 0.0]);
    let p = RemapProblem::new(loop_chain, &Imbalance::MaxNorm, 1.0, &restart).unwrap();
    assert_eq!(p.solve(Algorithm::PolicyIteration), Err(MarkovError::Mdp(MdpError::AssumptionAViolated { state: 0 })));
}
