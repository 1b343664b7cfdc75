//! The remapping builder on a chain that is not a product of independent processes: three
//! processes trade load units (the total is conserved), remaps restart from a user distribution.

use loadbal::montecarlo::MonteCarlo;
use loadbal::remap::markov::{Imbalance, MarkovError, RemapProblem, RemapTarget, WorkloadChain};
use loadbal::remap::mdp::{Algorithm, Criterion, LinearSolver, Options, Sweep};
use nalgebra::DMatrix;

/// States: loads (a, b, c) in 0..=3 each. Each step, with probability 1/2 an ordered pair
/// (i, j), i ≠ j, is drawn uniformly and one unit moves from j to i when j has one and i is
/// below 3 (a dependent chain); with probability `noise` one process, drawn uniformly, gains or
/// loses a unit (within 0..=3); otherwise nothing happens.
fn trading_chain(noise: f64) -> WorkloadChain {
    let idx = |a: usize, b: usize, c: usize| 16 * a + 4 * b + c;
    let mut loads = Vec::new();
    let mut p = DMatrix::zeros(64, 64);
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                loads.push(vec![a as f64, b as f64, c as f64]);
                let s = idx(a, b, c);
                p[(s, s)] += 0.5 - noise;
                for i in 0..3 {
                    for up in [true, false] {
                        let mut w = [a, b, c];
                        if up && w[i] < 3 {
                            w[i] += 1;
                        } else if !up && w[i] > 0 {
                            w[i] -= 1;
                        }
                        p[(s, idx(w[0], w[1], w[2]))] += noise / 6.0;
                    }
                }
                for i in 0..3 {
                    for j in 0..3 {
                        if i == j {
                            continue;
                        }
                        let mut w = [a, b, c];
                        if w[j] > 0 && w[i] < 3 {
                            w[j] -= 1;
                            w[i] += 1;
                        }
                        p[(s, idx(w[0], w[1], w[2]))] += 0.5 / 6.0;
                    }
                }
            }
        }
    }
    WorkloadChain::new(loads, p).unwrap()
}

#[test]
fn dependent_chain_solvers_agree_and_monte_carlo_confirms() {
    // Pure trading conserves the total load: a total not divisible by 3 never balances, so
    // assumption (A) fails and the solver says so.
    let closed = RemapProblem::new(trading_chain(0.0), &Imbalance::TwoNorm, 1.5, &RemapTarget::Balanced).unwrap();
    assert!(matches!(closed.solve(Algorithm::PolicyIteration), Err(MarkovError::Mdp(_))));
    let chain = trading_chain(0.1);
    // Restart at a state of the same total load would need the total; use a fixed restart law:
    // half at (1,1,1) (balanced), half at (0,1,2).
    let mut restart = vec![0.0; 64];
    restart[16 + 4 + 1] = 0.5;
    restart[4 + 2] = 0.5;
    let problem = RemapProblem::new(chain, &Imbalance::TwoNorm, 1.5, &RemapTarget::Distribution(restart)).unwrap();
    let pi = problem.solve(Algorithm::PolicyIteration).unwrap();
    let vi = problem
        .solve_with(
            Algorithm::ValueIteration,
            &Options { tol: 1e-12, max_iters: 1_000_000, sweep: Sweep::Jacobi, ..Options::default() },
        )
        .unwrap();
    assert_eq!(pi.remap, vi.remap);
    assert!(pi.values.iter().zip(&vi.values).all(|(a, b)| (a - b).abs() < 1e-8));
    assert!(pi.residual < 1e-9);
    // The iterative evaluation (BiCGSTAB) gives the dense one.
    let o = Options { linear: LinearSolver::Bicgstab { tol: 1e-14, max_iters: 500 }, ..Options::default() };
    let sparse = problem
        .mdp()
        .solve(Criterion::TotalCost, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() })
        .unwrap();
    for (k, &s) in problem.transient_states().iter().enumerate() {
        assert_eq!(sparse.policy[k] == 1, pi.remap[s]);
        assert!((sparse.values[k] - pi.values[s]).abs() < 1e-8);
    }
    // Some states remap, the most imbalanced (3,0,0)... among them, and MC agrees.
    assert!(pi.remap.iter().any(|&r| r) && pi.remap.iter().any(|&r| !r));
    for start in [16 * 3, 16 * 3 + 3, 4 + 2] {
        let est = problem.simulate_policy_cost(&pi.remap, start, &MonteCarlo::new(3, 20_000).unwrap()).unwrap();
        assert!(est.agrees_with(pi.values[start], 4.0), "start {start}: {est:?} vs {}", pi.values[start]);
    }
    // The discounted criterion on the same MDP costs less than the total cost.
    let disc = problem
        .mdp()
        .solve(Criterion::Discounted { factor: 0.9 }, &Options::with_algorithm(Algorithm::PolicyIteration))
        .unwrap();
    let disc_vi = problem
        .mdp()
        .solve(
            Criterion::Discounted { factor: 0.9 },
            &Options { algorithm: Some(Algorithm::ValueIteration), tol: 1e-12, ..Options::default() },
        )
        .unwrap();
    assert_eq!(disc.policy, disc_vi.policy);
    for (k, &s) in problem.transient_states().iter().enumerate() {
        assert!(disc.values[k] <= pi.values[s] + 1e-12);
    }
}

#[test]
fn a_chain_without_balanced_states_is_rejected() {
    let loads = vec![vec![0.0, 1.0], vec![1.0, 0.0]];
    let chain = WorkloadChain::new(loads, DMatrix::from_row_slice(2, 2, &[0.5, 0.5, 0.5, 0.5])).unwrap();
    let err = RemapProblem::new(chain, &Imbalance::MaxNorm, 1.0, &RemapTarget::Balanced).unwrap_err();
    assert!(matches!(err, MarkovError::Degenerate(_)));
}

#[test]
fn relaxed_solve_handles_an_improper_never_remap_policy() {
    // (0,2) ↔ (2,0) forever unless remapped; one balanced state.
    let p = DMatrix::from_row_slice(3, 3, &[0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
    let chain = WorkloadChain::new(vec![vec![0.0, 2.0], vec![2.0, 0.0], vec![1.0, 1.0]], p).unwrap();
    let pb = RemapProblem::new(chain, &Imbalance::MaxNorm, 5.0, &RemapTarget::Balanced).unwrap();
    assert!(matches!(
        pb.solve_with(
            Algorithm::ValueIteration,
            &Options { tol: 1e-9, max_iters: 1000, sweep: Sweep::Jacobi, ..Options::default() }
        ),
        Err(MarkovError::Mdp(_))
    ));
    let vi = Options { tol: 1e-9, max_iters: 1000, sweep: Sweep::Jacobi, ..Options::default() };
    for (algorithm, options) in [(Algorithm::PolicyIteration, Options::default()), (Algorithm::ValueIteration, vi)] {
        let sol = pb.solve_relaxed(algorithm, &options).unwrap();
        assert_eq!(sol.remap, vec![true, true, false]);
        assert!((sol.values[0] - 5.0).abs() < 1e-12 && sol.residual < 1e-12);
    }
    // Zero running cost on the cycle: never remapping is an improper policy of cost 0; policy
    // iteration, started from a proper policy, returns the best proper policy (remap, J = η).
    let free = RemapProblem::new(
        WorkloadChain::new(
            vec![vec![0.0, 2.0], vec![2.0, 0.0], vec![1.0, 1.0]],
            DMatrix::from_row_slice(3, 3, &[0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]),
        )
        .unwrap(),
        &Imbalance::PerState(vec![0.0, 0.0, 0.0]),
        5.0,
        &RemapTarget::Balanced,
    )
    .unwrap();
    assert!(
        free.solve_relaxed(Algorithm::PolicyIteration, &Options::default())
            .is_ok_and(|s| s.remap == vec![true, true, false])
            || free.solve_relaxed(Algorithm::PolicyIteration, &Options::default()).is_err()
    );
}

#[test]
fn an_absorption_below_the_solvers_resolution_is_refused_at_build() {
    // r processes of 2 levels, remapping to a uniformly random load vector: the remap absorbs
    // with probability 2/2^r (the two balanced vectors of 2^r), the largest one-step absorption
    // of any state. At r = 41 that is 2⁻⁴⁰ ≈ 9.1e-13, below the 1e-12 the solver tells from
    // rounding; it failed at solve time with "no policy reaches absorption", which is false.
    let build = |r| {
        let chain = WorkloadChain::reflecting_exchangeable(2, r).unwrap();
        RemapProblem::new(chain, &Imbalance::MaxNorm, 1.0, &RemapTarget::UniformOverAllStates)
    };
    assert!(build(40).is_ok(), "2⁻³⁹ ≈ 1.8e-12 is resolved");
    for r in [41_u64, 50, 64] {
        match build(r) {
            Err(MarkovError::AbsorptionUnresolved { probability }) => {
                assert_eq!(probability, 2f64.powi(1 - r as i32), "r = {r}")
            }
            other => panic!("r = {r}: {other:?}"),
        }
    }
    let msg = build(50).unwrap_err().to_string();
    assert!(msg.contains("at most 1.776e-15") && msg.contains("5.629e14 steps"), "{msg}");
    // A remap into the balanced states absorbs at once, so the same chain builds and solves:
    // from the most imbalanced state, remapping (cost 1) beats waiting for 50 walks to agree.
    let chain = WorkloadChain::reflecting_exchangeable(2, 50).unwrap();
    let p = RemapProblem::new(chain, &Imbalance::MaxNorm, 1.0, &RemapTarget::Balanced).unwrap();
    // (Relaxed: never remapping absorbs too rarely to count, so assumption (A) is not met.)
    let sol = p.solve_relaxed(Algorithm::PolicyIteration, &Options::default()).unwrap();
    assert!(sol.values.iter().all(|&v| v <= 1.0), "{:?}", sol.values);
}
