#![allow(clippy::needless_range_loop)]
//! The two storage forms of an MDP (sparse and dense rows): the form chosen by density, and the
//! same optimal policies and values in both, checked against QuantEcon's `DiscreteDP` (issue
//! 13's instances) and against an exhaustive search whose policy evaluations are solved here,
//! with nalgebra's LU on matrices assembled from the raw inputs.

use crate::mdp_instances as instances;
use crate::reference_support;

use loadbal::remap::mdp::{Algorithm, Criterion, Mdp, MdpBuilder, Options, Solution, Storage, Sweep};
use nalgebra::{DMatrix, DVector};
use proptest::prelude::*;

/// Every solver on `mdp` (PI, MPI with 5 and 20 sweeps, Gauss–Seidel and Jacobi VI, `solve`;
/// from 8 sweeps the dense form's MPI gathers the policy's rows into one matrix).
fn all_solvers(mdp: &Mdp, crit: Criterion, tol: f64) -> Vec<Solution> {
    let o = Options { tol, ..Options::default() };
    vec![
        mdp.solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() }).unwrap(),
        mdp.solve(crit, &Options { algorithm: Some(Algorithm::ModifiedPolicyIteration { sweeps: 5 }), ..o.clone() })
            .unwrap(),
        mdp.solve(crit, &Options { algorithm: Some(Algorithm::ModifiedPolicyIteration { sweeps: 20 }), ..o.clone() })
            .unwrap(),
        mdp.solve(crit, &Options { algorithm: Some(Algorithm::ValueIteration), ..o.clone() }).unwrap(),
        mdp.solve(crit, &Options { algorithm: Some(Algorithm::ValueIteration), sweep: Sweep::Jacobi, ..o.clone() })
            .unwrap(),
        mdp.solve(crit, &o).unwrap(),
    ]
}

fn check_quantecon(name: &str, mdp: &Mdp) {
    let rows = reference_support::load(&format!("quantecon_{name}"));
    let crit = Criterion::Discounted { factor: instances::BETA };
    for sol in all_solvers(mdp, crit, 1e-11) {
        let mut worst = 0.0f64;
        for r in &rows {
            let s = r.u64("state") as usize;
            assert_eq!(
                sol.policy[s] as u64,
                r.u64("action"),
                "{name} ({}), state {s}, {}",
                mdp.storage(),
                sol.algorithm
            );
            worst = worst.max((sol.values[s] - r.f64("value")).abs());
        }
        assert!(worst < 1e-9, "{name} ({}) {}: max |v − v_QuantEcon| = {worst:e}", mdp.storage(), sol.algorithm);
    }
}

#[test]
fn both_forms_match_quantecon_on_the_random_dense_instance() {
    let dense = instances::random_dense(1000, 5, instances::SEED);
    assert_eq!(dense.storage(), Storage::Dense);
    assert_eq!(dense.nonzeros(), 1000 * 5 * 1000);
    let sparse = dense.clone().with_storage(Storage::Sparse).unwrap();
    assert_eq!(sparse.nonzeros(), 1000 * 5 * 1000);
    check_quantecon("random_1000x5", &dense);
    check_quantecon("random_1000x5", &sparse);
}

#[test]
fn dense_policy_evaluation_iterates_and_falls_back_to_the_lu() {
    // A dense stochastic matrix: `I − βP` has its spectrum clustered, BiCGSTAB converges in a
    // few iterations and no LU is factorised; the values are QuantEcon's (above).
    let dense = instances::random_dense(1000, 5, instances::SEED);
    let crit = Criterion::Discounted { factor: instances::BETA };
    let pi = Options { algorithm: Some(Algorithm::PolicyIteration), ..Options::default() };
    let sol = dense.solve(crit, &pi).unwrap();
    let l = &sol.linear;
    assert!(l.bicgstab_solves >= 1 && l.fallbacks == 0 && l.dense_lu == 0, "{l}");
    assert!(l.bicgstab_iterations <= 20 * l.bicgstab_solves, "{l}");
    assert!(l.worst_relative_residual <= 1e-12, "{l}");
    // A cycle of 600 states stored densely, discount 0.999: the eigenvalues 1 − β·e^{2πik/600}
    // lie on a circle, BiCGSTAB does not converge within its budget (10 iterations), and the
    // evaluation falls back to one dense LU. Values against the closed form
    // v_i = Σ_{k<n} β^k c_{i+k} / (1 − βⁿ).
    let n = 600;
    let beta = 0.999;
    let p = DMatrix::from_fn(n, n, |i, j| f64::from(u8::from(j == (i + 1) % n)));
    let costs = DMatrix::from_fn(n, 1, |i, _| ((i * 7919) % 101) as f64);
    let cycle = Mdp::new(vec![p], costs.clone()).unwrap().with_storage(Storage::Dense).unwrap();
    let sol = cycle.solve(Criterion::Discounted { factor: beta }, &pi).unwrap();
    let l = &sol.linear;
    assert!(l.fallbacks == 1 && l.dense_lu == 1 && l.bicgstab_solves == 1, "{l}");
    for i in [0, 1, 299, 599] {
        let exact: f64 =
            (0..n).map(|k| beta.powi(k as i32) * costs[((i + k) % n, 0)]).sum::<f64>() / (1.0 - beta.powi(n as i32));
        assert!((sol.values[i] - exact).abs() <= 1e-10 * exact, "state {i}: {} vs {exact}", sol.values[i]);
    }
}

#[test]
fn both_forms_match_quantecon_on_a_kronecker_chain() {
    // 1,290 imbalanced states, rows of up to 81 entries: sparse by density, with a restart.
    let p = instances::kronecker(4, 6);
    assert_eq!(p.mdp().storage(), Storage::Sparse);
    check_quantecon("kronecker_1296", p.mdp());
    check_quantecon("kronecker_1296", &p.mdp().clone().with_storage(Storage::Dense).unwrap());
}

#[test]
fn the_form_follows_the_density() {
    // S = 10 states, one action each, k entries per row: density k / 10.
    let build = |k: usize| {
        let mut b = MdpBuilder::new(10);
        for i in 0..10 {
            b.action_from_iter(i, 1.0, 0.0, (0..k).map(|d| ((i + d) % 10, 0.5 / k as f64)));
        }
        b.build().unwrap()
    };
    for k in 1..=10 {
        let density = k as f64 / 10.0;
        // The documented threshold: dense from half of the entries nonzero.
        let want = if density >= 0.5 { Storage::Dense } else { Storage::Sparse };
        let mdp = build(k);
        assert_eq!(mdp.storage(), want, "density {density}");
        assert_eq!(mdp.nonzeros(), 10 * k);
        // Mdp::new with the same rows as dense matrices chooses the same form.
        let p = DMatrix::from_fn(10, 10, |i, j| if (j + 10 - i) % 10 < k { 0.5 / k as f64 } else { 0.0 });
        let from_dense = Mdp::new(vec![p], DMatrix::from_element(10, 1, 1.0)).unwrap();
        assert_eq!(from_dense.storage(), want, "Mdp::new, density {density}");
        // Either form gives the same rows back.
        for s in [Storage::Sparse, Storage::Dense] {
            let m = mdp.clone().with_storage(s).unwrap();
            assert_eq!(m.storage(), s);
            for i in 0..10 {
                let row: Vec<(usize, f64)> = m.row(i, 0).unwrap().map(|t| (t.target, t.probability)).collect();
                let mut want_row: Vec<(usize, f64)> = (0..k).map(|d| ((i + d) % 10, 0.5 / k as f64)).collect();
                want_row.sort_by_key(|e| e.0);
                let mut got = row.clone();
                got.sort_by_key(|e| e.0);
                assert_eq!(got, want_row, "{s}, state {i}");
            }
        }
    }
}

#[test]
fn dense_form_checks_its_input() {
    use loadbal::remap::mdp::MdpError;
    let full = |x: f64| DMatrix::from_element(3, 3, x);
    assert!(matches!(
        Mdp::new(vec![full(0.5)], DMatrix::zeros(3, 1)),
        Err(MdpError::RowSumExceedsOne { state: 0, action: 0, .. })
    ));
    let mut p = full(0.25);
    p[(1, 2)] = f64::NAN;
    assert!(matches!(Mdp::new(vec![p], DMatrix::zeros(3, 1)), Err(MdpError::NonFinite { state: 1, action: 0, .. })));
    let mut p = full(0.25);
    p[(2, 0)] = -0.1;
    assert!(matches!(
        Mdp::new(vec![full(0.25), p], DMatrix::zeros(3, 2)),
        Err(MdpError::NegativeProbability { state: 2, action: 1, target: 0, .. })
    ));
    let mut c = DMatrix::zeros(3, 1);
    c[(1, 0)] = f64::INFINITY;
    assert!(matches!(Mdp::new(vec![full(0.25)], c), Err(MdpError::NonFinite { what: "cost", state: 1, .. })));
}

/// Exact value of the deterministic policy `pol` by nalgebra's LU on `I − β P_pol`, assembled
/// from the raw inputs (not through the crate's storage or evaluator).
fn exact_value(ps: &[DMatrix<f64>], costs: &DMatrix<f64>, beta: f64, pol: &[usize]) -> DVector<f64> {
    let s = pol.len();
    let a = DMatrix::from_fn(s, s, |i, j| f64::from(u8::from(i == j)) - beta * ps[pol[i]][(i, j)]);
    let c = DVector::from_fn(s, |i, _| costs[(i, pol[i])]);
    a.lu().solve(&c).expect("nonsingular")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// Random MDPs of every density, solved in both forms by every solver, against the best of
    /// all deterministic policies.
    #[test]
    fn both_forms_find_the_exhaustive_optimum(
        s in 2usize..6,
        a in 1usize..4,
        raw in proptest::collection::vec(0.0f64..1.0, 5 * 5 * 3),
        mask in proptest::collection::vec(0.0f64..1.0, 5 * 5 * 3),
        density in 0.05f64..1.0,
        cost_raw in proptest::collection::vec(0.0f64..1.0, 5 * 3),
        scale_exp in -3i32..7,
        discounted in any::<bool>(),
    ) {
        let scale = 10f64.powi(scale_exp);
        // Rows keep each entry with probability `density` (the diagonal always) and leak 10 %.
        let ps: Vec<DMatrix<f64>> = (0..a)
            .map(|k| {
                let mut p = DMatrix::from_fn(s, s, |i, j| {
                    let e = (k * 5 + i) * 5 + j;
                    if i == j || mask[e] < density { 0.05 + raw[e] } else { 0.0 }
                });
                for i in 0..s {
                    let sum: f64 = p.row(i).sum();
                    p.row_mut(i).scale_mut(0.9 / sum);
                }
                p
            })
            .collect();
        let costs = DMatrix::from_fn(s, a, |i, k| cost_raw[i * 3 + k] * scale);
        let crit = if discounted { Criterion::Discounted { factor: 0.95 } } else { Criterion::TotalCost };
        let beta = if discounted { 0.95 } else { 1.0 };
        // Exhaustive optimum: the optimal deterministic policy minimises every state at once.
        let mut best = DVector::from_element(s, f64::INFINITY);
        for code in 0..a.pow(s as u32) {
            let pol: Vec<usize> = (0..s).map(|i| (code / a.pow(i as u32)) % a).collect();
            best = best.inf(&exact_value(&ps, &costs, beta, &pol));
        }
        let mdp = Mdp::new(ps.clone(), costs.clone()).unwrap();
        let tol = 1e-12 * scale;
        for form in [Storage::Sparse, Storage::Dense] {
            let m = mdp.clone().with_storage(form).unwrap();
            prop_assert_eq!(m.storage(), form);
            for sol in all_solvers(&m, crit, tol) {
                let v = exact_value(&ps, &costs, beta, &sol.policy);
                for i in 0..s {
                    let bound = 1e-9 * scale.max(best[i].abs());
                    // The returned policy is optimal and the values are its values.
                    prop_assert!((v[i] - best[i]).abs() <= bound, "{} {}: policy value {} vs optimum {}", form, sol.algorithm, v[i], best[i]);
                    prop_assert!((sol.values[i] - best[i]).abs() <= bound, "{} {}: value {} vs optimum {}", form, sol.algorithm, sol.values[i], best[i]);
                }
            }
        }
    }
}
