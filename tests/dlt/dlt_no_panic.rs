//! No input panics, and no solver returns a NaN or infinite value: bad or extreme input gives
//! a typed error.

use crate::dlt_support::try_star_of;
use loadbal::dlt::*;
use proptest::prelude::*;

/// Any f64: NaN, ±∞, ±0, subnormals, and magnitudes up to 1e±308.
fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        prop::num::f64::ANY,
        Just(f64::NAN),
        Just(0.0),
        Just(-1.0),
        (-300i32..300).prop_map(|e| 10f64.powi(e)),
        0.0..10.0f64,
    ]
}

fn finite_alloc(r: Result<Allocation, DltError>) -> Result<(), TestCaseError> {
    if let Ok(a) = r {
        prop_assert!(a.makespan.is_finite() && a.makespan > 0.0, "{a:?}");
        prop_assert!(a.alpha.iter().all(|x| x.is_finite() && *x >= 0.0), "{a:?}");
    }
    Ok(())
}

fn mode(i: u8) -> RootMode {
    [RootMode::FrontEnd, RootMode::NoFrontEnd, RootMode::NonComputing][i as usize % 3]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn star_bus_chain_never_panic(m in 0u8..3, w0 in any_f64(), ch in prop::collection::vec((any_f64(), any_f64()), 0..5),
                                  tcp in any_f64(), tcm in any_f64(), load in any_f64(), delta in any_f64(), n in 0u64..50) {
        // A scale is valid exactly when T_cp is finite and > 0 and T_cm finite and >= 0.
        let Ok(scale) = CostScale::new(tcp, tcm) else {
            prop_assert!(!(tcp.is_finite() && tcp > 0.0 && tcm.is_finite() && tcm >= 0.0));
            return Ok(());
        };
        let opts = Options { load, scale, order: OrderPolicy::Optimal };
        let root = mode(m).with_w(w0);
        let star = try_star_of(root, &ch);
        if let Ok(star) = &star {
            finite_alloc(star.allocate(opts))?;
            finite_alloc(star.product_form(opts))?;
        }
        let ws: Vec<f64> = ch.iter().map(|c| c.1).collect();
        let z = ch.first().map_or(0.5, |c| c.0);
        finite_alloc(Star::bus(root, &ws, z).and_then(|bus| bus.allocate(opts)))?;
        finite_alloc((UniformBus { root: mode(m), w: w0, z, n }).allocate(opts))?;
        if let Ok(s) = (UniformBus { root: mode(m), w: 1.0, z, n }).speedup(CostScale::unit()) {
            prop_assert!(s.is_finite() && s > 0.0);
        }
        let _ = (UniformBus { root: mode(m), w: 1.0, z, n: 1 }).speedup_limit(CostScale::unit());
        let zs: Vec<f64> = ch.iter().skip(1).map(|c| c.0).collect();
        for fe in [true, false] {
            finite_alloc((Chain { w: ws.to_vec(), z: zs.to_vec(), front_end: fe }).allocate(opts))?;
            finite_alloc((UniformChain { w: w0, z, n, front_end: fe }).allocate(opts))?;
            if let Ok(s) = (UniformChain { w: 1.0, z, n, front_end: fe }).speedup(CostScale::unit()) {
                prop_assert!(s.is_finite() && s > 0.0);
            }
            let _ = (UniformChain { w: 1.0, z, n: 1, front_end: fe }).speedup_limit(CostScale::unit());
        }
        if let Ok(star) = &star {
            finite_alloc(star.allocate_with_returns(Returns { delta, order: ReturnOrder::Lifo }, opts))?;
        }
        if let Ok(star) = &star {
            finite_alloc(star.allocate_with_returns(Returns { delta, order: ReturnOrder::Fifo }, opts))?;
        }
        let side: Vec<Worker> = ws.iter().map(|&x| Worker { w: x, z: x }).collect();
        let chain = InteriorChain { w0, left: side.clone(), right: side, ports: Ports::Single, root_front_end: true, front_end: true };
        finite_alloc(chain.allocate(opts))?;
        let _ = (UniformChain { w: 1.0, z, n: 1, front_end: true }).interior_speedup_limit(CostScale::unit(), Ports::All);
    }

    #[test]
    fn trees_affine_installments_meshes_never_panic(w0 in any_f64(), z in any_f64(), s in any_f64(), q in any_f64(),
                                                    load in any_f64(), k in 0u64..4, d in 0u64..4, moves in 0u32..40,
                                                    m in 0u64..5, inst in 0u64..5, side in 0usize..6) {
        let u = Options::load(load);
        if let Ok(t) = Tree::kary(KaryTree { w: w0, z, front_end: true, k, depth: d }) {
            if let Ok(sol) = t.allocate(u) {
                prop_assert!(sol.allocation.makespan.is_finite());
            }
        }
        let _ = (KaryTree { w: 1.0, z, front_end: true, k, depth: d }).rho(CostScale::unit());
        let _ = (KaryTree { w: 1.0, z, front_end: true, k: k.max(1), depth: 1 }).rho_limit(CostScale::unit(), 1e-12);
        let wk = vec![AffineWorker { s, z, q, w: w0 }; m as usize];
        finite_alloc((AffineStar { root: Some(AffineRoot { q, w: w0 }), workers: wk.to_vec() }).allocate(Selection::BestPrefix, u))?;
        finite_alloc((AffineWorker { s, z, q, w: w0 }).homogeneous_allocate(m, u))?;
        let _ = (AffineWorker { s, z, q, w: w0 }).optimal_count(m, u);
        let star = UniformStar { root: Root::FrontEnd { w: w0 }, w: w0, z, n: m };
        if let Ok(mi) = star.multi_installment(inst, u) {
            prop_assert!(mi.makespan.is_finite());
        }
        let _ = (UniformStar { root: Root::NonComputing, ..star }).multi_installment_limit(u);
        let _ = (UniformStar { root: Root::NonComputing, ..star }).umr_rounds(inst, u);
        if let Ok(l) = Layers::mesh2d(side, side, (side / 2, 0), side % 2 == 0) {
            for p in [PortPreset::AllPort, PortPreset::ReceiveOne, PortPreset::SendOne] {
                if let Ok(sol) = l.allocate(&p, MeshCosts { w: w0, z, startup: s }, u) {
                    prop_assert!(sol.makespan.is_finite() && sol.x.iter().all(|x| x.is_finite()));
                }
            }
        }
        if let Ok(sol) = (MeshCosts { w: w0, z, startup: s }).circuit_switched(k as u32, moves, u) {
            prop_assert!(sol.makespan.is_finite());
        }
        let _ = Layers::hypercube(moves);
    }
}

/// A tree whose scaled cost w·T_cp is subnormal (its reciprocal overflows): the reduction used to
/// return every share 0 and an infinite w_eq as a valid allocation; it is an error.
#[test]
fn tree_with_subnormal_cost_is_an_error_not_zero_shares() {
    for (w, t_cp) in [(1e-320, 2.0), (2.0, 1e-320)] {
        let mut t = Tree::new(None, true).unwrap();
        t.add(0, 0.5, Some(w), true).unwrap();
        t.add(0, 0.5, Some(2.0), true).unwrap();
        let opts = Options::default().with_scale(CostScale::new(t_cp, 1.0).unwrap());
        for rules in [Rules::default(), Rules { relay: RelayRule::Physical, top: RelayRule::FirstChildLink }] {
            let r = t.allocate_with_rules(opts, rules);
            assert!(matches!(r, Err(DltError::Unrepresentable { value: 0.0, .. })), "w = {w}, T_cp = {t_cp}: {r:?}");
        }
    }
    // The same tree at ordinary costs still sums to the load: 4.5/8.5 + 4/8.5 (see the
    // `allocate_with_rules` example).
    let mut t = Tree::new(None, true).unwrap();
    t.add(0, 0.5, Some(2.0), true).unwrap();
    t.add(0, 0.5, Some(2.0), true).unwrap();
    let s = t.allocate_with_rules(Options::default().with_scale(CostScale::new(2.0, 1.0).unwrap()), Rules::default());
    assert!((s.unwrap().allocation.alpha[1] - 4.5 / 8.5).abs() < 1e-15);
}

/// The speedups of a finished solution check their arguments: a NaN, infinite, zero or
/// negative reference cost or load is an error naming it, and a speedup past f64::MAX is an
/// error, where `a·L/T` returned NaN, ±∞ or a negative speedup before. Valid arguments give
/// the closed forms (two-processor front-end chain, c = a = 1: T = 2/3, speedup 3/2).
#[test]
fn solution_speedups_refuse_bad_arguments() {
    let layers = Layers { n: vec![1, 1], e: vec![0, 1] };
    let mesh = layers.allocate(&PortPreset::ReceiveOne, MeshCosts::linear(1.0, 1.0), Options::default()).unwrap();
    let star = Star::new(Root::FrontEnd { w: 1.0 }, vec![Worker { w: 1.0, z: 1.0 }])
        .unwrap()
        .allocate(Options::default())
        .unwrap();
    assert!((mesh.speedup(1.0, 1.0, CostScale::unit()).unwrap() - 1.5).abs() < 1e-15);
    assert!((star.speedup(1.0, 1.0).unwrap() - 1.5).abs() < 1e-15);
    for bad in [f64::NAN, f64::INFINITY, -1.0, 0.0] {
        for (arg, r) in [
            ("w", mesh.speedup(bad, 1.0, CostScale::unit())),
            ("load", mesh.speedup(1.0, bad, CostScale::unit())),
            ("a_ref_per_unit", star.speedup(bad, 1.0)),
            ("load", star.speedup(1.0, bad)),
        ] {
            let e = r.unwrap_err();
            assert!(
                matches!(e, DltError::NonFinite { what, .. } | DltError::NonPositive { what, .. } if what == arg),
                "{e:?}"
            );
        }
    }
    for r in [mesh.speedup(1e300, 1e300, CostScale::unit()), star.speedup(1e300, 1e300)] {
        assert!(matches!(r, Err(DltError::Unrepresentable { what: "speedup a·L/T", .. })), "{r:?}");
    }
}
