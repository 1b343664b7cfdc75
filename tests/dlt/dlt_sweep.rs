//! Adversarial but valid inputs for every public `f64` function of `loadbal::dlt`: processor
//! counts to 10⁹ and beyond, speeds and ratios over 12 decades or more. Each call returns a
//! finite value within its documented accuracy or a typed error, in bounded time and memory.

use crate::dlt_support::{compensated_sum, mode, star_of};
use loadbal::dlt::*;
use proptest::prelude::*;

/// 10^e for e uniform in [lo, hi].
fn decades(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    (lo..hi).prop_map(|e: f64| 10f64.powf(e))
}

/// Counts from 1 to 10^12, log-uniform, with the edges.
fn count() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(1u64),
        Just(2),
        Just(1_000_000_000),
        Just(u64::MAX),
        (0.0..12.0f64).prop_map(|e| 10f64.powf(e) as u64)
    ]
}

fn allocation_ok(a: &Allocation, load: f64) -> Result<(), TestCaseError> {
    prop_assert!(a.makespan.is_finite() && a.makespan > 0.0, "{a}");
    prop_assert!(a.alpha.iter().all(|x| x.is_finite() && *x >= 0.0), "{a}");
    let sum = compensated_sum(&a.alpha);
    prop_assert!((sum - load).abs() <= 1e-12 * load, "loads sum to {sum}, not {load}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Homogeneous speedups for any n: finite, between 1 and the limit, non-decreasing in n.
    #[test]
    fn bus_and_chain_speedups_for_any_size(mode in mode(), sigma in decades(-12.0, 12.0), n in count(), fe in any::<bool>()) {
        let s = (UniformBus { root: mode, w: 1.0, z: sigma, n }).speedup(CostScale::unit()).unwrap();
        let lim = (UniformBus { root: mode, w: 1.0, z: sigma, n: 1 }).speedup_limit(CostScale::unit()).unwrap();
        prop_assert!(s.is_finite() && s <= lim * (1.0 + 1e-14), "bus {s} > limit {lim}");
        if mode != RootMode::NonComputing { prop_assert!(s >= 1.0 - 1e-15); }
        let s2 = (UniformBus { root: mode, w: 1.0, z: sigma, n: n.saturating_mul(2) }).speedup(CostScale::unit()).unwrap();
        prop_assert!(s2 >= s * (1.0 - 1e-14), "bus speedup falls from {s} to {s2}");
        let c = (UniformChain { w: 1.0, z: sigma, n, front_end: fe }).speedup(CostScale::unit()).unwrap();
        let clim = (UniformChain { w: 1.0, z: sigma, n: 1, front_end: fe }).speedup_limit(CostScale::unit()).unwrap();
        prop_assert!(c.is_finite() && c >= 1.0 - 1e-15 && c <= clim * (1.0 + 1e-14), "chain {c}, limit {clim}");
        let c2 = (UniformChain { w: 1.0, z: sigma, n: n.saturating_mul(2), front_end: fe }).speedup(CostScale::unit()).unwrap();
        prop_assert!(c2 >= c * (1.0 - 1e-14));
    }

    /// Per-processor results beyond the size limit are refused before allocating.
    #[test]
    fn per_processor_results_refuse_huge_sizes(mode in mode(), n in (MAX_PROCESSORS + 1)..u64::MAX) {
        let e = (UniformBus { root: mode, w: 1.0, z: 0.1, n }).allocate(Options::default()).unwrap_err();
        prop_assert!(matches!(e, DltError::TooLarge { .. }), "{e}");
        let e = (UniformChain { w: 1.0, z: 0.1, n, front_end: true }).allocate(Options::default()).unwrap_err();
        prop_assert!(matches!(e, DltError::TooLarge { .. }), "{e}");
        let star = UniformStar { root: Root::NonComputing, w: 1.0, z: 0.1, n };
        let too_large = matches!(star.multi_installment(1, Options::default()), Err(DltError::TooLarge { .. }));
        prop_assert!(too_large, "multi-installment accepted {} workers", n);
        prop_assert!(star.multi_installment_limit(Options::default()).unwrap().is_finite());
        let e = (AffineWorker { s: 0.1, z: 0.1, q: 0.0, w: 1.0 }).homogeneous_allocate(n, Options::default()).unwrap_err();
        prop_assert!(matches!(e, DltError::TooLarge { .. }), "{e}");
        let kary = KaryTree { w: 1.0, z: 0.1, front_end: true, k: 10, depth: 9 + n % 20 };
        let too_large = matches!(Tree::kary(kary), Err(DltError::TooLarge { .. }));
        prop_assert!(too_large, "Tree::kary accepted {:?}", kary);
    }

    /// Stars with speeds over 12 decades, every root: finite, conserving, the fluid bound holds.
    #[test]
    fn stars_over_twelve_decades(mode in mode(), w0 in decades(-6.0, 6.0),
                                 ch in prop::collection::vec((prop_oneof![Just(0.0), decades(-6.0, 6.0)], decades(-6.0, 6.0)), 1..40),
                                 tcp in decades(-3.0, 3.0), tcm in decades(-3.0, 3.0), load in decades(-6.0, 6.0)) {
        let opts = Options::load(load).with_scale(CostScale::new(tcp, tcm).unwrap());
        let root = mode.with_w(w0);
        let a = star_of(root, &ch).allocate(opts).unwrap();
        allocation_ok(&a, load)?;
        let mut rate: f64 = ch.iter().map(|c| 1.0 / (c.1 * tcp)).sum();
        if mode != RootMode::NonComputing { rate += 1.0 / (w0 * tcp); }
        prop_assert!(a.makespan >= load / rate * (1.0 - 1e-13));
        let ws: Vec<f64> = ch.iter().map(|c| c.1).collect();
        allocation_ok(&Star::bus(root, &ws, ch[0].0).and_then(|bus| bus.allocate(opts)).unwrap(), load)?;
        let lifo = star_of(if mode == RootMode::NoFrontEnd { Root::NonComputing } else { root }, &ch).allocate_with_returns(Returns { delta: 0.5, order: ReturnOrder::Lifo }, opts).unwrap();
        allocation_ok(&lifo, load)?;
    }

    /// Chains and trees over 12 decades.
    #[test]
    fn chains_and_trees_over_twelve_decades(w in prop::collection::vec(decades(-6.0, 6.0), 1..40), zs in prop::collection::vec(decades(-6.0, 6.0), 40),
                                            fe in any::<bool>(), load in decades(-6.0, 6.0)) {
        let z = &zs[..w.len() - 1];
        let opts = Options::load(load);
        allocation_ok(&(Chain { w: w.to_vec(), z: z.to_vec(), front_end: fe }).allocate(opts).unwrap(), load)?;
        let mut t = Tree::new(Some(w[0]), fe).unwrap();
        for i in 1..w.len() {
            t.add((i - 1) / 2, z[i - 1], Some(w[i]), fe).unwrap();
        }
        let sol = t.allocate(opts).unwrap();
        allocation_ok(&sol.allocation, load)?;
    }

    /// Homogeneous per-processor solvers at sizes up to a million: finite and conserving.
    #[test]
    fn homogeneous_networks_up_to_a_million(mode in mode(), sigma in decades(-12.0, 12.0), n in (1u64..1_000_000), fe in any::<bool>()) {
        let bus = (UniformBus { root: mode, w: 1.0, z: sigma, n }).allocate(Options::default()).unwrap();
        allocation_ok(&bus, 1.0)?;
        let s = (UniformBus { root: mode, w: 1.0, z: sigma, n }).speedup(CostScale::unit()).unwrap();
        prop_assert!(((1.0 / bus.makespan) - s).abs() <= 1e-13 * s, "bus makespan {} vs speedup {s}", bus.makespan);
        let chain = (UniformChain { w: 1.0, z: sigma, n, front_end: fe }).allocate(Options::default()).unwrap();
        prop_assert!(chain.makespan.is_finite() && chain.alpha.iter().all(|x| x.is_finite()));
        let c = (UniformChain { w: 1.0, z: sigma, n, front_end: fe }).speedup(CostScale::unit()).unwrap();
        prop_assert!(((1.0 / chain.makespan) - c).abs() <= 1e-13 * c);
    }

    /// k-ary trees: any depth answers in bounded time (or says it did not settle); the limit
    /// lies below every finite depth's ρ.
    #[test]
    fn kary_trees_any_depth(sigma in decades(-6.0, 6.0), k in prop_oneof![Just(1u64), Just(2), 1u64..1_000_000], depth in prop_oneof![0u64..64, Just(1u64 << 40)], fe in any::<bool>()) {
        match (KaryTree { w: 1.0, z: sigma, front_end: fe, k, depth }).rho(CostScale::unit()) {
            Ok(rho) => {
                prop_assert!(rho.is_finite() && rho > 0.0 && rho <= 1.0);
                if fe {
                    let lim = (KaryTree { w: 1.0, z: sigma, front_end: fe, k, depth: 1 }).rho_limit(CostScale::unit(), 1e-15).unwrap();
                    prop_assert!(lim <= rho * (1.0 + 1e-12), "limit {lim} above depth-{depth} rho {rho}");
                }
            }
            Err(e) => prop_assert!(matches!(e, DltError::TooLarge { .. }), "{e}"),
        }
    }

    /// Start-ups: the optimal worker count answers in O(log n) for any pool.
    #[test]
    fn affine_optimal_count_any_pool(s in decades(-300.0, 2.0), z in decades(-6.0, 6.0), w in decades(-6.0, 6.0), n_max in count(), load in decades(-3.0, 6.0)) {
        let worker = AffineWorker { s, z, q: 0.0, w };
        let n = worker.optimal_count(n_max, Options::load(load)).unwrap();
        prop_assert!(n >= 1 && n <= n_max);
        if n < MAX_PROCESSORS {
            let a = worker.homogeneous_allocate(n, Options::load(load));
            prop_assert!(a.is_ok(), "{n} workers: {:?}", a.err());
        }
    }

    /// Meshes: limits converge or say they did not; sizes beyond 2^30 cells are refused.
    #[test]
    fn meshes_limits_and_sizes(sigma in decades(-4.0, 4.0), side in 1usize..200_000) {
        let s = MeshKind::Mesh2dCentre.speedup_limit(&PortPreset::ReceiveOne, sigma, 1e-9);
        match s {
            Ok(v) => prop_assert!(v.is_finite() && v >= 1.0),
            Err(e) => prop_assert!(matches!(e, DltError::NotConverged { .. }), "{e}"),
        }
        let big = Layers::mesh3d((side, side, side), (0, 0, 0), false);
        if (side as u64).pow(3) > 1 << 30 {
            let too_large = matches!(big, Err(DltError::TooLarge { .. }));
            prop_assert!(too_large, "a mesh of side {} was accepted", side);
        }
    }
}

#[test]
fn billion_processor_closed_forms_against_their_limits() {
    // σ = 1e-6: a billion workers are within 1e-6 relative of the bus limit 1/σ (non-computing).
    let s = (UniformBus { root: RootMode::NonComputing, w: 1.0, z: 1e-6, n: 1_000_000_000 })
        .speedup(CostScale::unit())
        .unwrap();
    assert!((s - 1e6).abs() <= 1e-6 * 1e6, "{s}");
    let c = (UniformChain { w: 1.0, z: 1e-12, n: 1_000_000_000, front_end: true }).speedup(CostScale::unit()).unwrap();
    assert!(c.is_finite() && c > 1.0);
    assert!((KaryTree { w: 1.0, z: 0.1, front_end: true, k: 2, depth: 1 << 40 }).rho(CostScale::unit()).is_ok());
    assert!(matches!(
        (UniformBus { root: RootMode::FrontEnd, w: 1.0, z: 0.1, n: 1_000_000_000 }).allocate(Options::default()),
        Err(DltError::TooLarge { .. })
    ));
    let e = DltError::TooLarge { what: "bus workers n", value: 1_000_000_000, limit: MAX_PROCESSORS };
    assert!(e.to_string().contains("bus workers n = 1000000000 is too large"));
}

/// The case a random run once failed on: 902,393 bus shares at σ = 3.25e-5 sum to 1 (the
/// failure was the test's naive sum, 1 − 1.0e-12).
#[test]
fn a_million_bus_shares_sum_to_the_load() {
    for root in [RootMode::FrontEnd, RootMode::NoFrontEnd, RootMode::NonComputing] {
        let bus = (UniformBus { root, w: 1.0, z: 3.25e-5, n: 902_393 }).allocate(Options::default()).unwrap();
        allocation_ok(&bus, 1.0).unwrap();
    }
}
