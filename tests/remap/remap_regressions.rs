#![allow(clippy::needless_range_loop)]
//! One regression test for every defect listed in issue 13 (the MDP solver before the sparse
//! rewrite).

use loadbal::remap::markov::{Imbalance, MarkovError, RemapProblem, RemapTarget, WorkloadChain, yin_example};
use loadbal::remap::mdp::*;
use nalgebra::dmatrix;

/// The `solve_relaxed` doc example: two imbalanced states swapping forever unless remapped
/// into a balanced state, η = 2. "Never remap" is improper; the old sparse policy iteration
/// started from it and returned `Ok` with values `[NaN, NaN, 0]`.
#[test]
fn never_remap_start_gives_no_nan() {
    let p = dmatrix![0.0, 1.0, 0.0; 1.0, 0.0, 0.0; 0.0, 0.0, 1.0];
    let chain = WorkloadChain::new(vec![vec![0.0, 2.0], vec![2.0, 0.0], vec![1.0, 1.0]], p).unwrap();
    let pb = RemapProblem::new(chain, &Imbalance::MaxNorm, 2.0, &RemapTarget::Balanced).unwrap();
    let tight = Options { tol: 1e-12, max_iters: 1000, ..Options::default() };
    let methods = [
        (Algorithm::PolicyIteration, Options::default()),
        (Algorithm::ValueIteration, Options { sweep: Sweep::Jacobi, ..tight.clone() }),
        (Algorithm::ModifiedPolicyIteration { sweeps: 5 }, tight),
    ];
    for (method, options) in methods {
        let sol = pb.solve_relaxed(method, &options).unwrap();
        assert_eq!(sol.remap, vec![true, true, false], "{method:?}");
        assert_eq!(sol.values, vec![2.0, 2.0, 0.0], "{method:?}");
        assert!(sol.residual == 0.0);
    }
    // Every evaluation path (dense LU, sparse LU, BiCGSTAB) from the improper start.
    for linear in [LinearSolver::DenseLu, LinearSolver::SparseLu, LinearSolver::Bicgstab { tol: 1e-14, max_iters: 50 }]
    {
        let o = Options { linear, init_policy: None, ..Options::default() };
        let s = pb
            .mdp()
            .solve(Criterion::TotalCost, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() })
            .unwrap();
        assert_eq!(s.values, vec![2.0, 2.0]);
    }
    // Starting policy iteration explicitly from the improper policy is refused, not NaN.
    let o = Options { init_policy: Some(vec![0, 0]), ..Options::default() };
    assert_eq!(
        pb.mdp().solve(Criterion::TotalCost, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() }),
        Err(MdpError::ImproperPolicy { state: 0 })
    );
}

/// Residuals were `fold(0.0, f64::max)`, which drops NaN. An overflowing problem now gives an
/// error, never `Ok` with a small residual.
#[test]
fn overflow_is_an_error_not_a_nan_residual() {
    let mdp = Mdp::new(vec![dmatrix![1.0, 0.0; 0.0, 1.0]], dmatrix![f64::MAX; -f64::MAX]).unwrap();
    let crit = Criterion::Discounted { factor: 0.99 };
    for r in [
        mdp.solve(crit, &Options::with_algorithm(Algorithm::PolicyIteration)),
        mdp.solve(crit, &Options::with_algorithm(Algorithm::ValueIteration)),
        mdp.solve(
            crit,
            &Options { algorithm: Some(Algorithm::ValueIteration), sweep: Sweep::Jacobi, ..Options::default() },
        ),
        mdp.solve(crit, &Options::with_algorithm(Algorithm::ModifiedPolicyIteration { sweeps: 5 })),
    ] {
        assert!(matches!(r, Err(MdpError::NonFiniteValue { .. }) | Err(MdpError::SingularSystem { .. })), "{r:?}");
    }
    let nan_start = Options { init_values: Some(vec![f64::NAN, 0.0]), ..Options::default() };
    assert!(matches!(
        mdp.solve(crit, &Options { algorithm: Some(Algorithm::ValueIteration), ..nan_start.clone() }),
        Err(MdpError::NonFiniteValue { state: 0, .. })
    ));
    assert!(matches!(mdp.bellman_update(crit, &[0.0, f64::INFINITY]), Err(MdpError::NonFiniteValue { state: 1, .. })));
}

/// `first_proper` tried only the greedy and the constant policies. Here both constant
/// policies and the greedy one are improper; only the mixed policy (0, 1) is proper.
/// State 0: action 0 moves to state 1 (cost 2), action 1 stays (cost 1). State 1: action 0
/// moves to state 0 (cost 1), action 1 stays with probability 1/2, else is absorbed (cost 1).
/// J(1) = 1 + J(1)/2 = 2, J(0) = 2 + J(1) = 4.
#[test]
fn proper_policy_search_finds_the_mixed_policy() {
    let rows = vec![vec![(1, 1.0)], vec![(0, 1.0)], vec![(0, 1.0)], vec![(1, 0.5)]];
    let mdp = Mdp::from_pairs(2, &[0, 0, 1, 1], &[2.0, 1.0, 1.0, 1.0], &rows).unwrap();
    for p in [[0, 0], [1, 1], [1, 0]] {
        assert!(!mdp.improper_states(&p).unwrap().is_empty());
    }
    assert_eq!(mdp.proper_policy(&[1, 0]).unwrap(), vec![0, 1]);
    let pi = mdp.solve(Criterion::TotalCost, &Options::with_algorithm(Algorithm::PolicyIteration)).unwrap();
    let vi = mdp
        .solve(
            Criterion::TotalCost,
            &Options { algorithm: Some(Algorithm::ValueIteration), tol: 1e-13, ..Options::default() },
        )
        .unwrap();
    assert_eq!(pi.policy, vec![0, 1]);
    assert_eq!(pi.values, vec![4.0, 2.0]);
    assert!((vi.values[0] - 4.0).abs() < 1e-12 && (vi.values[1] - 2.0).abs() < 1e-12);
    // A state from which nothing absorbs is reported as such.
    let trapped = Mdp::from_pairs(2, &[0, 1], &[1.0, 1.0], &[vec![(0, 0.5)], vec![(1, 1.0)]]).unwrap();
    assert_eq!(
        trapped.solve(Criterion::TotalCost, &Options::with_algorithm(Algorithm::PolicyIteration)),
        Err(MdpError::NoProperPolicy { state: 1 })
    );
}

/// Value iteration returned `gain: None` when its final solve failed. Relative value iteration
/// now always reports the gain with bounds, and no final solve is made.
#[test]
fn value_iteration_always_reports_the_gain() {
    // Unichain: the gain is 2 and the bounds contain it.
    let mdp = Mdp::new(vec![dmatrix![0.5, 0.5; 0.5, 0.5]], dmatrix![1.0; 3.0]).unwrap();
    let vi = mdp.solve(Criterion::AverageCost, &Options::with_algorithm(Algorithm::ValueIteration)).unwrap();
    assert!((vi.gain.unwrap() - 2.0).abs() < 1e-10);
    let b = vi.bounds.unwrap();
    assert!(b.lower <= 2.0 && 2.0 <= b.upper && b.upper - b.lower <= 1e-10);
    // Multichain (two absorbing states of different costs): the exact evaluation is singular,
    // value iteration reports the limit with the gain bounds [1, 3] instead of `None`.
    let multi = Mdp::new(vec![dmatrix![1.0, 0.0; 0.0, 1.0]], dmatrix![1.0; 3.0]).unwrap();
    let vi = multi
        .solve(
            Criterion::AverageCost,
            &Options { algorithm: Some(Algorithm::ValueIteration), max_iters: 100, ..Options::default() },
        )
        .unwrap();
    assert_eq!(vi.termination, Termination::MaxItersReached);
    let b = vi.bounds.unwrap();
    assert_eq!((b.lower, b.upper), (1.0, 3.0));
    assert!(vi.gain.is_some());
}

/// Relative value iteration had no aperiodicity transform: a periodic chain ran to the
/// iteration limit. Two states swap deterministically, costs 1 and 0: gain 1/2.
#[test]
fn periodic_chain_converges_with_the_aperiodicity_transform() {
    let mdp = Mdp::new(vec![dmatrix![0.0, 1.0; 1.0, 0.0]], dmatrix![1.0; 0.0]).unwrap();
    let vi = mdp
        .solve(
            Criterion::AverageCost,
            &Options { algorithm: Some(Algorithm::ValueIteration), tol: 1e-12, ..Options::default() },
        )
        .unwrap();
    assert_eq!(vi.termination, Termination::ToleranceReached);
    assert!(vi.iterations < 100, "{vi:?}");
    assert!((vi.gain.unwrap() - 0.5).abs() < 1e-12);
    assert!((vi.values[1] - -0.5).abs() < 1e-12, "bias h(1) = −1/2: {:?}", vi.values);
    let pi = mdp.solve(Criterion::AverageCost, &Options::with_algorithm(Algorithm::PolicyIteration)).unwrap();
    assert_eq!(pi.gain, Some(0.5));
    assert_eq!(pi.values, vec![0.0, -0.5]);
    // Without the transform (τ = 1) the span never closes.
    let raw = Options { aperiodicity: 1.0, max_iters: 1000, ..Options::default() };
    assert_eq!(
        mdp.solve(Criterion::AverageCost, &Options { algorithm: Some(Algorithm::ValueIteration), ..raw.clone() })
            .unwrap()
            .termination,
        Termination::MaxItersReached
    );
}

/// A discounted system that is singular in floating point was reported as an improper policy.
/// Both states restart from ρ = (1/2, 1/2) at every step: with β = 1 − 2⁻⁵³ the Sherman–Morrison
/// denominator `1 − β ρ·1` is 1.1e-16, numerically zero.
#[test]
fn singular_discounted_system_is_not_an_improper_policy() {
    let beta = f64::from_bits(0x3FEF_FFFF_FFFF_FFFF);
    assert!(beta < 1.0);
    let crit = Criterion::Discounted { factor: beta };
    let mut b = MdpBuilder::new(2);
    b.restart(&[(0, 0.5), (1, 0.5)]);
    b.action_with_restart(0, 1.0, &[], 1.0).action_with_restart(1, 2.0, &[], 1.0);
    let mdp = b.build().unwrap();
    assert_eq!(mdp.evaluate(crit, &[0, 0]), Err(MdpError::SingularSystem { criterion: "discounted" }));
    assert_eq!(
        mdp.solve(crit, &Options::with_algorithm(Algorithm::PolicyIteration)),
        Err(MdpError::SingularSystem { criterion: "discounted" })
    );
    // Nearly singular dense systems give finite values or that error, never "improper".
    let dense = Mdp::new(vec![dmatrix![0.5, 0.5; 0.5, 0.5]], dmatrix![1.0; 2.0]).unwrap();
    for linear in [LinearSolver::DenseLu, LinearSolver::SparseLu] {
        match dense.solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), linear, ..Options::default() })
        {
            Ok(s) => assert!(s.values.iter().all(|v| v.is_finite() && *v > 1e15)),
            Err(e) => assert!(matches!(e, MdpError::SingularSystem { .. } | MdpError::NonFiniteValue { .. }), "{e}"),
        }
    }
}

/// BiCGSTAB had no preconditioner and reported neither convergence nor breakdown.
#[test]
fn bicgstab_reports_convergence_and_failure() {
    let p = yin_example(5.0).unwrap();
    let dense = p.mdp().solve(Criterion::TotalCost, &Options::with_algorithm(Algorithm::PolicyIteration)).unwrap();
    assert_eq!(dense.linear.dense_lu, dense.linear.evaluations);
    let o = Options { linear: LinearSolver::Bicgstab { tol: 1e-14, max_iters: 100 }, ..Options::default() };
    let it = p
        .mdp()
        .solve(Criterion::TotalCost, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() })
        .unwrap();
    assert_eq!(it.linear.last_status, Some(LinearStatus::Converged));
    assert!(it.linear.bicgstab_iterations > 0 && it.linear.worst_relative_residual <= 1e-13);
    assert_eq!(it.policy, dense.policy);
    for (a, b) in it.values.iter().zip(&dense.values) {
        assert!((a - b).abs() < 1e-10);
    }
    // One iteration is not enough: an error with the status, not a silent wrong answer.
    let o = Options { linear: LinearSolver::Bicgstab { tol: 1e-14, max_iters: 1 }, ..Options::default() };
    match p.mdp().solve(Criterion::TotalCost, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() }) {
        Err(MdpError::LinearSolverFailed { status, iterations, residual }) => {
            assert_eq!((status, iterations), (LinearStatus::MaxItersReached, 1));
            assert!(residual > 1e-14 && residual.is_finite());
        }
        other => panic!("expected a solver failure, got {other:?}"),
    }
    let e = MdpError::LinearSolverFailed { status: LinearStatus::NonFinite, iterations: 3, residual: 0.5 };
    assert!(e.to_string().contains("non-finite iterate"));
    // The remapping builder surfaces solver errors as MarkovError::Mdp.
    let err: MarkovError = MdpError::MultichainPolicy.into();
    assert!(matches!(err, MarkovError::Mdp(_)));
}

/// `MdpBuilder::with_capacity` takes its sizes as a hint: `usize::MAX` pairs and nonzeros build
/// the MDP (one state: pay 1 and stay with 1/2, or stop for 3; J = min(3, 1 + J/2) = 2) instead of
/// panicking on a capacity overflow (or aborting on an impossible allocation for smaller huge
/// hints) before a single action is added.
#[test]
fn huge_capacity_hints_reserve_nothing_impossible() {
    for (pairs, nonzeros) in [(usize::MAX, usize::MAX), (usize::MAX / 64, 0), (0, 1 << 40)] {
        let mut b = MdpBuilder::with_capacity(1, pairs, nonzeros);
        b.action(0, 1.0, &[(0, 0.5)]).action(0, 3.0, &[]);
        let s = b
            .build()
            .unwrap()
            .solve(Criterion::TotalCost, &Options::with_algorithm(Algorithm::PolicyIteration))
            .unwrap();
        assert!((s.values[0] - 2.0).abs() < 1e-12, "{:?}", s.values);
    }
}

/// A NaN crossing time is an error naming `t_real`, not an unbounded interval (the remap never
/// needed) as `Interval::from_real` made it; infinite times stay unbounded, negative ones 0.
#[test]
fn a_nan_crossing_time_is_not_an_unbounded_interval() {
    use loadbal::remap::periodic::Interval;
    let e = Interval::from_real(f64::NAN).unwrap_err();
    assert!(matches!(e, loadbal::remap::RemapError::InvalidParameter { name: "t_real", .. }), "{e:?}");
    assert_eq!(Interval::from_real(f64::INFINITY).unwrap(), Interval::Unbounded);
    assert_eq!(Interval::from_real(-3.5).unwrap(), Interval::Finite { t_real: 0.0, steps: 0 });
    assert_eq!(Interval::from_real(27.9).unwrap().steps(), Some(27));
}

/// A state outside a workload chain has no load, balance, multiplicity, row or transition
/// probability (`None`), and no successors; `load`, `is_balanced`, `row` and `probability`
/// panicked on the index before (the docs said so) and `multiplicity` answered 1. In range, the
/// reflecting walk of Yin et al., eq. (22): from level 2, 1/4 up, 1/2 stay.
#[test]
fn states_outside_a_workload_chain_are_none() {
    let chain = WorkloadChain::reflecting(6, 2).unwrap();
    let ex = WorkloadChain::reflecting_exchangeable(6, 2).unwrap();
    for s in [36, 99, usize::MAX] {
        assert_eq!(
            (chain.load(s), chain.is_balanced(s), chain.multiplicity(s), chain.row(s)),
            (None, None, None, None)
        );
        assert_eq!((chain.probability(s, 0), chain.probability(0, s)), (None, None));
        let mut called = false;
        chain.for_each_successor(s, |_, _| called = true);
        assert!(!called);
    }
    assert_eq!((ex.multiplicity(21), ex.load(21), ex.row(21)), (None, None, None));
    let walk = WorkloadChain::reflecting(6, 1).unwrap();
    assert_eq!((walk.probability(2, 3), walk.probability(2, 2)), (Some(0.25), Some(0.5)));
    assert_eq!(chain.load(6 + 2), Some(&[1.0, 2.0][..]));
    assert_eq!(chain.is_balanced(6 * 3 + 3), Some(true));
}

/// Periodic-remapping measures at loads or times near f64::MAX are finite answers or errors
/// naming the argument, where they were +∞: the relative measures of a snapshot are those of the
/// loads divided by 2^1020 (bit for bit), v0(t) at t = 1e308 is √((N−1)σ²)·√t/(w + tμ), and
/// variance bounds past f64 are refused.
#[test]
fn periodic_measures_near_f64_max_are_finite_or_errors() {
    use loadbal::remap::RemapError;
    use loadbal::remap::periodic::{Homogeneous, Snapshot, VarianceBounds};
    let small = [1.0, 2.0, 3.0, 6.0];
    let big: Vec<f64> = small.iter().map(|x| x * 2f64.powi(1020)).collect();
    assert_eq!(Snapshot::from_loads(&big).unwrap(), Snapshot::from_loads(&small).unwrap());
    let h = Homogeneous::with_variance(100.0, 1.0, 4.0, 4).unwrap(); // (N − 1)σ² = 12
    let v = h.v0(1e308).unwrap();
    assert!((v / (12f64.sqrt() * 1e154 / (100.0 + 1e308)) - 1.0).abs() < 1e-15, "{v}");
    // w + tμ past f64::MAX: an error naming t.
    let e = Homogeneous::with_variance(100.0, 10.0, 4.0, 4).unwrap().v0(1e308).unwrap_err();
    assert!(matches!(e, RemapError::InvalidParameter { name: "t", .. }), "{e:?}");
    let e = VarianceBounds::from_max_deviation(1e300, 0.0, 4).unwrap_err();
    assert!(matches!(e, RemapError::InvalidParameter { name: "d", .. }), "{e:?}");
}

/// `LinearSolver::DenseLu` on a large sparse-form MDP asked faer for an n × n matrix and
/// panicked when the allocation failed (10⁵ states: 80 GB): it is refused before allocating,
/// for the discounted and the average cost, naming the unknowns and the limit. Below the limit
/// the dense LU agrees with the closed form.
#[test]
fn dense_lu_of_sparse_rows_is_refused_beyond_its_limit() {
    // a ring: every state pays 1 and moves to the next with probability 1/2 (else absorbed)
    let ring = |n: usize| {
        let mut b = MdpBuilder::new(n as u64);
        for i in 0..n {
            b.action(i, 1.0, &[((i + 1) % n, 0.5)]);
        }
        b.build().unwrap()
    };
    let dense = Options { linear: LinearSolver::DenseLu, ..Options::with_algorithm(Algorithm::PolicyIteration) };
    let n = MAX_DENSE_LU_STATES + 1;
    let err = ring(n as usize).solve(Criterion::Discounted { factor: 0.9 }, &dense).unwrap_err();
    assert_eq!(
        err,
        MdpError::TooLarge { what: "unknowns of a dense LU of sparse rows", value: n, limit: MAX_DENSE_LU_STATES }
    );
    assert!(err.to_string().contains(&format!("= {n} exceeds the limit {MAX_DENSE_LU_STATES}")), "{err}");
    // the average cost of a recurrent ring: every state moves on with probability 1
    let mut b = MdpBuilder::new(100_000);
    for i in 0..100_000 {
        b.action(i, 1.0, &[((i + 1) % 100_000, 1.0)]);
    }
    let err = b.build().unwrap().solve(Criterion::AverageCost, &dense).unwrap_err();
    assert!(matches!(err, MdpError::TooLarge { value: 100_000, .. }), "{err}");
    // below the limit: v = 1 / (1 − β/2) at every state
    let s = ring(300).solve(Criterion::Discounted { factor: 0.9 }, &dense).unwrap();
    assert!(s.values.iter().all(|v| (v - 1.0 / 0.55).abs() < 1e-13), "{:?}", &s.values[..3]);
    assert_eq!(s.linear.dense_lu, s.linear.evaluations);
}

/// `WorkloadChain::reflecting(65_535, 1)` (and `reflecting_exchangeable`) built the walk's kernel as a dense 65,535² matrix
/// (34 GB; `loadbal remap markov --processes 1 --levels 65535` aborted on the failed allocation)
/// before keeping its three entries a row: the kernel is now built as sparse rows, whatever the
/// number of levels.
#[test]
fn reflecting_walk_of_many_levels_is_built_sparse() {
    let levels = 65_535u64; // the most the exchangeable space stores (16-bit levels)
    for chain in
        [WorkloadChain::reflecting(levels, 1).unwrap(), WorkloadChain::reflecting_exchangeable(levels, 1).unwrap()]
    {
        assert_eq!(chain.states(), 65_535);
        // 2 entries at either end, 3 at each interior level (Yin et al., eq. (22))
        assert_eq!(chain.nonzeros() as u64, 2 * 2 + 3 * (levels - 2));
        assert_eq!((chain.probability(0, 0), chain.probability(0, 1)), (Some(0.5), Some(0.5)));
        assert_eq!((chain.probability(40_000, 39_999), chain.probability(40_000, 40_000)), (Some(0.25), Some(0.5)));
        assert_eq!(chain.probability(40_000, 40_002), Some(0.0));
        assert_eq!((chain.probability(65_534, 65_533), chain.probability(65_534, 65_534)), (Some(0.5), Some(0.5)));
        assert_eq!(chain.load(65_534), Some(&[65_534.0][..]));
    }
    let e = WorkloadChain::reflecting((1 << 16) + 1, 1).unwrap_err();
    assert!(matches!(e, MarkovError::InvalidParameter { name: "levels", .. }), "{e:?}");
}

/// A chain keeps `states × processes` load values: 2²⁸ states of 28 processes asked for 60 GB
/// (`WorkloadChain::reflecting(2, 28)`), C(70, 64) = 131,115,985 exchangeable states of 64
/// processes for 67 GB, and the allocation aborted the process. More than 2²⁸ load values are
/// refused before they are allocated, naming the count.
#[test]
fn chains_with_too_many_load_values_are_refused() {
    let e = WorkloadChain::reflecting(2, 28).unwrap_err();
    assert_eq!(
        e,
        MarkovError::InvalidParameter {
            name: "load values (states × processes, at most 2^28)",
            value: (28u64 << 28) as f64
        }
    );
    assert!(e.to_string().contains("= 7516192768"), "{e}");
    let e = WorkloadChain::reflecting_exchangeable(7, 64).unwrap_err();
    assert_eq!(
        e,
        MarkovError::InvalidParameter {
            name: "load values (states × processes, at most 2^28)",
            value: (131_115_985u64 * 64) as f64
        }
    );
    // below the limit: 2¹⁶ states of 16 processes (2²⁰ values) ...
    assert_eq!(WorkloadChain::reflecting(2, 16).unwrap().states(), 1 << 16);
    // ... and C(L + r − 1, r) exchangeable states below it
    assert_eq!(WorkloadChain::reflecting_exchangeable(3, 64).unwrap().states(), 2145);
}

/// `Mdp::with_storage(Storage::Dense)` on a large sparse-form MDP allocated its `pairs × S`
/// dense rows unchecked and aborted the process when that failed (10⁵ states with two actions:
/// 160 GB). Beyond `MAX_DENSE_ENTRIES` entries it is refused before allocating, naming the count
/// and the limit; a sparse form that stores at least half of the entries (a dense MDP converted
/// to sparse) converts back whatever its size, and small problems convert as before.
#[test]
fn dense_rows_of_a_large_sparse_mdp_are_refused() {
    let ring = |n: usize| {
        let mut b = MdpBuilder::new(n as u64);
        for i in 0..n {
            b.action(i, 1.0, &[((i + 1) % n, 0.5)]).action(i, 2.0, &[]);
        }
        b.build().unwrap()
    };
    let big = ring(100_000);
    assert_eq!(big.storage(), Storage::Sparse);
    let err = big.with_storage(Storage::Dense).unwrap_err();
    let cells = 200_000u64 * 100_000;
    assert_eq!(
        err,
        MdpError::TooLarge {
            what: "entries of the dense rows (pairs × states)",
            value: cells,
            limit: MAX_DENSE_ENTRIES
        }
    );
    assert!(err.to_string().contains(&format!("= {cells} exceeds the limit {}", 1u64 << 28)), "{err}");
    // small: the dense form gives the ring's values, J = min(2, 1 + J/2) = 2 at every state
    let small = ring(300).with_storage(Storage::Dense).unwrap();
    assert_eq!(small.storage(), Storage::Dense);
    let s = small.solve(Criterion::TotalCost, &Options::with_algorithm(Algorithm::PolicyIteration)).unwrap();
    assert!(s.values.iter().all(|v| (v - 2.0).abs() < 1e-12), "{:?}", &s.values[..3]);
    // a full matrix stored sparse converts back to dense
    let full = Mdp::new(vec![DMatrix::from_element(3, 3, 0.25)], DMatrix::from_element(3, 1, 1.0)).unwrap();
    let back = full.clone().with_storage(Storage::Sparse).unwrap().with_storage(Storage::Dense).unwrap();
    assert_eq!(back, full);
}

#[cfg(feature = "serde")]
/// The periodic models read from JSON went in unchecked: a `Homogeneous` of `n = 0` processors
/// or a `Heterogeneous` whose variances are fewer than its means deserialised without a word.
/// Both go through their constructors on the way in; valid models round-trip.
#[test]
fn periodic_models_are_checked_when_deserialised() {
    use loadbal::remap::RemapError;
    use loadbal::remap::periodic::{Heterogeneous, Homogeneous};
    let h = Homogeneous::with_variance(100.0, 0.0, 0.5, 64).unwrap();
    let text = serde_json::to_string(&h).unwrap();
    assert_eq!(text, r#"{"n":64,"w0":100.0,"mean":0.0,"sigma2":0.5}"#);
    assert_eq!(serde_json::from_str::<Homogeneous>(&text).unwrap(), h);
    let e = serde_json::from_str::<Homogeneous>(r#"{"n":0,"w0":100.0,"mean":0.0,"sigma2":0.5}"#).unwrap_err();
    assert!(e.to_string().contains("n = 0"), "{e}");
    let g = Heterogeneous::with_variance(100.0, vec![0.0, 1.0], vec![0.5, 1.5]).unwrap();
    let text = serde_json::to_string(&g).unwrap();
    assert_eq!(serde_json::from_str::<Heterogeneous>(&text).unwrap(), g);
    let e = serde_json::from_str::<Heterogeneous>(r#"{"w0":100.0,"mean":[0.0,1.0],"sigma2":[0.5]}"#).unwrap_err();
    let want = RemapError::LengthMismatch { what: "variance", expected: 2, got: 1 }.to_string();
    assert!(e.to_string().contains(&want), "{e}");
}

#[cfg(feature = "serde")]
/// An `Mdp` read from JSON went in unchecked: offsets past the rows, a target outside the
/// states or a dense row block shorter than `pairs × states` deserialised, and the solvers then
/// indexed out of range and panicked. The shape is checked on the way in and the problem is
/// rebuilt by `MdpBuilder` (every entry checked, the derived fields recomputed); problems in
/// either storage round-trip unchanged.
#[test]
fn mdps_are_checked_when_deserialised() {
    let dense =
        Mdp::new(vec![dmatrix![0.5, 0.5; 0.0, 1.0], dmatrix![0.25, 0.25; 0.5, 0.0]], dmatrix![1.0, 2.0; 0.0, 3.0])
            .unwrap();
    let mut b = MdpBuilder::new(3);
    b.restart(&[(0, 0.5), (2, 0.5)]);
    b.action(0, 1.0, &[(1, 0.5)]).action_with_restart(0, 2.0, &[], 0.5);
    b.action(1, 0.5, &[(2, 0.25), (2, 0.25)]).action(2, 0.0, &[]);
    let sparse = b.build().unwrap();
    assert_eq!((dense.storage(), sparse.storage()), (Storage::Dense, Storage::Sparse));
    for m in [dense.clone(), dense.clone().with_storage(Storage::Sparse).unwrap(), sparse.clone()] {
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Mdp>(&text).unwrap(), m, "{text}");
    }
    let text = serde_json::to_string(&sparse).unwrap();
    // a state whose actions run past the pairs
    let bad = text.replacen("\"pair_ptr\":[0,2,3,4]", "\"pair_ptr\":[0,2,3,9]", 1);
    assert_ne!(bad, text);
    let e = serde_json::from_str::<Mdp>(&bad).unwrap_err().to_string();
    let want = MdpError::DimensionMismatch { what: "costs", expected: 9, got: 4 }.to_string();
    assert!(e.contains(&want), "{e}");
    // a target outside the three states
    let bad = text.replacen("\"cols\":[1,2,2]", "\"cols\":[1,2,7]", 1);
    assert_ne!(bad, text);
    let e = serde_json::from_str::<Mdp>(&bad).unwrap_err().to_string();
    let want = MdpError::StateOutOfRange { state: 1, action: 0, target: 7, states: 3 }.to_string();
    assert!(e.contains(&want), "{e}");
    // dense rows shorter than pairs × states
    let text = serde_json::to_string(&dense).unwrap();
    let bad = text.replacen("[0.5,0.5,0.25,0.25,", "[0.5,0.25,0.25,", 1);
    assert_ne!(bad, text);
    let e = serde_json::from_str::<Mdp>(&bad).unwrap_err().to_string();
    let want = MdpError::DimensionMismatch { what: "rows.vals (pairs × states)", expected: 8, got: 7 }.to_string();
    assert!(e.contains(&want), "{e}");
}

#[cfg(feature = "serde")]
/// A `WorkloadChain` read from JSON went in unchecked: rows whose offsets run past their
/// entries, a target outside the chain or a product whose factors do not multiply to the
/// loads' states deserialised, and building a problem or drawing a step then indexed out of
/// range. The loads and rows are checked on the way in (an exchangeable space is rebuilt from
/// its kernel); chains of every kind round-trip.
#[test]
fn workload_chains_are_checked_when_deserialised() {
    let explicit =
        WorkloadChain::from_rows(vec![vec![0.0, 2.0], vec![1.0, 1.0]], vec![vec![(0, 0.5), (1, 0.5)], vec![(1, 1.0)]])
            .unwrap();
    for chain in [
        explicit.clone(),
        WorkloadChain::reflecting(3, 2).unwrap(),
        WorkloadChain::reflecting_exchangeable(4, 3).unwrap(),
    ] {
        let text = serde_json::to_string(&chain).unwrap();
        assert_eq!(serde_json::from_str::<WorkloadChain>(&text).unwrap(), chain, "{text}");
    }
    let text = serde_json::to_string(&explicit).unwrap();
    // offsets past the three entries
    let bad = text.replacen("\"ptr\":[0,2,3]", "\"ptr\":[0,2,9]", 1);
    assert_ne!(bad, text);
    let e = serde_json::from_str::<WorkloadChain>(&bad).unwrap_err().to_string();
    let want = MarkovError::DimensionMismatch { what: "transition matrix", expected: 3, got: 9 }.to_string();
    assert!(e.contains(&want), "{e}");
    // a target outside the two states
    let bad = text.replacen("\"col\":[0,1,1]", "\"col\":[0,1,5]", 1);
    assert_ne!(bad, text);
    let e = serde_json::from_str::<WorkloadChain>(&bad).unwrap_err().to_string();
    let want = MarkovError::DimensionMismatch { what: "transition matrix", expected: 2, got: 6 }.to_string();
    assert!(e.contains(&want), "{e}");
    // three loads for two processes per state
    let bad = text.replacen("\"loads\":[0.0,2.0,1.0,1.0]", "\"loads\":[0.0,2.0,1.0]", 1);
    assert_ne!(bad, text);
    assert!(serde_json::from_str::<WorkloadChain>(&bad).is_err());
    // a product of 3 × 3 states claiming 3 × 3 loads of one factor fewer
    let product = serde_json::to_string(&WorkloadChain::reflecting(3, 2).unwrap()).unwrap();
    let one = serde_json::to_value(WorkloadChain::reflecting(3, 1).unwrap()).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&product).unwrap();
    v["kind"] = one["kind"].clone();
    let e = serde_json::from_value::<WorkloadChain>(v).unwrap_err().to_string();
    let want =
        MarkovError::DimensionMismatch { what: "product of the factors' states", expected: 9, got: 3 }.to_string();
    assert!(e.contains(&want), "{e}");
}

#[cfg(feature = "serde")]
/// A `RemapProblem` read from JSON went in unchecked: transient states outside the chain or
/// running costs fewer than its states deserialised, and solving or simulating then indexed out
/// of range. The chain, η, the costs and the target are checked on the way in and the transient
/// states and the MDP rebuilt from them (stored copies are derived data); problems round-trip.
#[test]
fn remap_problems_are_checked_when_deserialised() {
    let chain = WorkloadChain::reflecting(4, 2).unwrap();
    for p in
        [yin_example(5.0).unwrap(), RemapProblem::new(chain, &Imbalance::TwoNorm, 2.0, &RemapTarget::Balanced).unwrap()]
    {
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<RemapProblem>(&text).unwrap(), p);
    }
    let mut v = serde_json::to_value(yin_example(5.0).unwrap()).unwrap();
    v["transient"] = serde_json::json!([0, 1, 1000]); // derived: rebuilt, not trusted
    let p = serde_json::from_value::<RemapProblem>(v.clone()).unwrap();
    assert_eq!(p, yin_example(5.0).unwrap());
    v["run_cost"] = serde_json::json!([1.0, 2.0]);
    let e = serde_json::from_value::<RemapProblem>(v.clone()).unwrap_err().to_string();
    let want = MarkovError::DimensionMismatch { what: "running costs", expected: 36, got: 2 }.to_string();
    assert!(e.contains(&want), "{e}");
    v["run_cost"] = serde_json::json!(vec![-1.0; 36]);
    let e = serde_json::from_value::<RemapProblem>(v).unwrap_err().to_string();
    assert!(e.contains(&MarkovError::NegativeCost { what: "running cost", index: 0, value: -1.0 }.to_string()), "{e}");
}

#[cfg(feature = "serde")]
/// A `PolicySimulation` read from JSON went in unchecked: a start state outside the chain or a
/// policy shorter than its states made `sample` index out of range. It goes through
/// `PolicySimulation::new` on the way in (its walk rebuilt); a simulation round-trips.
#[test]
fn policy_simulations_are_checked_when_deserialised() {
    use loadbal::remap::markov::PolicySimulation;
    let p = yin_example(5.0).unwrap();
    let remap = p.solve(Algorithm::PolicyIteration).unwrap().remap;
    let sim = PolicySimulation::new(p, remap, 30).unwrap();
    let text = serde_json::to_string(&sim).unwrap();
    assert_eq!(serde_json::from_str::<PolicySimulation>(&text).unwrap(), sim);
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["start"] = serde_json::json!(36);
    let e = serde_json::from_value::<PolicySimulation>(v.clone()).unwrap_err().to_string();
    assert!(e.contains(&MarkovError::InvalidParameter { name: "start", value: 36.0 }.to_string()), "{e}");
    v["start"] = serde_json::json!(30);
    v["remap"] = serde_json::json!([true, false]);
    let e = serde_json::from_value::<PolicySimulation>(v).unwrap_err().to_string();
    assert!(e.contains(&MarkovError::DimensionMismatch { what: "policy", expected: 36, got: 2 }.to_string()), "{e}");
}

#[cfg(feature = "serde")]
/// A `CapacityModel` read from JSON went in unchecked: fewer deviations than means, a zero
/// deviation or `w0 = 0` deserialised without a word. Its normalised fields are checked on the
/// way in as the constructor checks its inputs; a model round-trips bit for bit.
#[test]
fn capacity_models_are_checked_when_deserialised() {
    use loadbal::remap::RemapError;
    use loadbal::remap::periodic::CapacityModel;
    let m = CapacityModel::new(100.0, &[1.0, 2.0, 0.5], &[0.3, 0.7, 1.1], &[1.0, 2.0, 4.0]).unwrap();
    let text = serde_json::to_string(&m).unwrap();
    assert_eq!(serde_json::from_str::<CapacityModel>(&text).unwrap(), m);
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["sd"] = serde_json::json!([0.3, 0.35]);
    let e = serde_json::from_value::<CapacityModel>(v.clone()).unwrap_err().to_string();
    assert!(e.contains(&RemapError::LengthMismatch { what: "sd", expected: 3, got: 2 }.to_string()), "{e}");
    v["sd"] = serde_json::json!([0.3, 0.0, 0.275]);
    let e = serde_json::from_value::<CapacityModel>(v.clone()).unwrap_err().to_string();
    assert!(e.contains("sd = 0"), "{e}");
    v["sd"] = serde_json::json!([0.3, 0.35, 0.275]);
    v["w0"] = serde_json::json!(0.0);
    assert!(serde_json::from_value::<CapacityModel>(v).is_err());
    // the constructors end in the same check: a quotient μ_i/c_i that overflows (1e300/1e-10)
    // or σ_i/c_i that underflows to 0 (√1e-300/1e300) was stored as ∞ or 0
    let e = CapacityModel::new(1.0, &[1e300, 0.0], &[1.0, 1.0], &[1e-10, 1.0]).unwrap_err().to_string();
    assert!(e.contains("mean = inf") && e.contains("μ_i/c_i"), "{e}");
    let e = CapacityModel::with_variance(1.0, &[0.0, 0.0], &[1e-300, 1.0], &[1e300, 1.0]).unwrap_err().to_string();
    assert!(e.contains("sd = 0") && e.contains("σ_i/c_i"), "{e}");
}

#[cfg(feature = "serde")]
/// A `LoadSimulation` read from JSON went in unchecked: `t_max` near `usize::MAX` overflowed
/// `dim()`, and one processor, no phases or a negative bound were accepted. It goes through
/// `LoadSimulation::new` on the way in (the draws counted for one replication); a simulation
/// round-trips.
#[test]
fn load_simulations_are_checked_when_deserialised() {
    use loadbal::montecarlo::MonteCarlo;
    use loadbal::remap::RemapError;
    use loadbal::remap::periodic::{Increment, LoadSimOptions, LoadSimulation};
    let options = LoadSimOptions::new(MonteCarlo::new(1, 100).unwrap()).with_bounds(&[0.1]);
    let sim = LoadSimulation::new(100.0, vec![Increment::symmetric_birth_death(); 4], 20, &options).unwrap();
    let text = serde_json::to_string(&sim).unwrap();
    assert_eq!(serde_json::from_str::<LoadSimulation<Increment>>(&text).unwrap(), sim);
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["t_max"] = serde_json::json!(u64::MAX);
    let e = serde_json::from_value::<LoadSimulation<Increment>>(v.clone()).unwrap_err().to_string();
    assert!(e.contains("t_max (simulated phases)"), "{e}");
    v["t_max"] = serde_json::json!(20);
    v["laws"] = serde_json::json!([v["laws"][0].clone()]);
    let e = serde_json::from_value::<LoadSimulation<Increment>>(v).unwrap_err().to_string();
    let want = RemapError::LengthMismatch { what: "laws (one per processor)", expected: 2, got: 1 }.to_string();
    assert!(e.contains(&want), "{e}");
}

/// A round of modified policy iteration runs all its sweeps and faer's BiCGSTAB runs to its
/// iteration limit when the tolerance cannot be reached, so `sweeps` or `max_iters` of
/// `usize::MAX` ran for ever: both are refused beyond their limits, naming the option. A zero
/// BiCGSTAB limit named the tolerance ("bicgstab tol / max_iters = 1e-10"); it names itself.
#[test]
fn iteration_counts_past_their_limits_are_refused() {
    let mdp = Mdp::new(vec![dmatrix![0.5], dmatrix![0.0]], dmatrix![1.0, 3.0]).unwrap();
    let crit = Criterion::Discounted { factor: 0.9 };
    let mpi = |sweeps| Options::with_algorithm(Algorithm::ModifiedPolicyIteration { sweeps });
    let err = mdp.solve(crit, &mpi(usize::MAX)).unwrap_err();
    assert_eq!(err, MdpError::TooLarge { what: "sweeps", value: u64::MAX, limit: MAX_SWEEPS });
    assert!(err.to_string().contains("sweeps = 18446744073709551615 exceeds the limit 1048576"), "{err}");
    // at the limit it runs: v = min(1 + 0.9·v/2, 3) = 1/0.55
    let s = mdp.solve(crit, &mpi(MAX_SWEEPS as usize)).unwrap();
    assert!((s.values[0] - 1.0 / 0.55).abs() < 1e-12, "{:?}", s.values);
    let bicg = |tol, max_iters| Options {
        linear: LinearSolver::Bicgstab { tol, max_iters },
        ..Options::with_algorithm(Algorithm::PolicyIteration)
    };
    let err = mdp.solve(crit, &bicg(1e-300, usize::MAX)).unwrap_err();
    assert_eq!(err, MdpError::TooLarge { what: "bicgstab max_iters", value: u64::MAX, limit: MAX_LINEAR_ITERS });
    assert_eq!(
        mdp.solve(crit, &bicg(1e-10, 0)).unwrap_err(),
        MdpError::InvalidOption { name: "bicgstab max_iters", value: 0.0 }
    );
    assert_eq!(
        mdp.solve(crit, &bicg(0.0, 10)).unwrap_err(),
        MdpError::InvalidOption { name: "bicgstab tol", value: 0.0 }
    );
}
