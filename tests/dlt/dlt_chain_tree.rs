//! Chains, interior originators, multi-level and k-ary trees: engine checks and invariants.

use crate::dlt_support;

use dlt_support::*;
use loadbal::dlt::*;
use proptest::prelude::*;

const U: CostScale = CostScale::unit();

fn chain_input(max: usize) -> impl Strategy<Value = (Vec<f64>, Vec<f64>)> {
    (1..=max).prop_flat_map(|n| {
        (prop::collection::vec(0.1..5.0f64, n), prop::collection::vec(prop_oneof![Just(0.0), 0.0..3.0f64], n - 1))
    })
}

/// Random tree: each new node picks an earlier parent; some relays, mixed front-ends and ports.
fn tree_input() -> impl Strategy<Value = Tree> {
    let node = (
        0usize..100,
        prop_oneof![Just(0.0), 0.0..2.0f64],
        prop_oneof![3 => (0.1..5.0f64).prop_map(Some), 1 => Just(None)],
        any::<bool>(),
        0u8..5,
    );
    (prop::option::of(0.1..5.0f64), any::<bool>(), prop::collection::vec(node, 0..12)).prop_map(|(rw, rfe, specs)| {
        let mut t = Tree::new(rw, rfe).unwrap();
        for (i, (p, z, w, fe, port)) in specs.into_iter().enumerate() {
            let ports = if port == 0 && (fe || w.is_none()) { Ports::All } else { Ports::Single };
            t.push(TreeNode { parent: Some(p % (i + 1)), z, w, front_end: fe, ports }).unwrap();
        }
        t
    })
}

#[test]
fn chain_anchors_and_limits() {
    // Boundary limit at σ = 1 is the golden ratio; interior I1 1.854 and I2 2.236 (reference §3.5).
    assert!(
        ((UniformChain { w: 1.0, z: 1.0, n: 1, front_end: true }).speedup_limit(CostScale::unit()).unwrap() - 1.618)
            .abs()
            < 1e-3
    );
    assert!(
        ((UniformChain { w: 1.0, z: 1.0, n: 1, front_end: true })
            .interior_speedup_limit(CostScale::unit(), Ports::Single)
            .unwrap()
            - 1.854)
            .abs()
            < 1e-3
    );
    assert!(
        ((UniformChain { w: 1.0, z: 1.0, n: 1, front_end: true })
            .interior_speedup_limit(CostScale::unit(), Ports::All)
            .unwrap()
            - 2.236)
            .abs()
            < 1e-3
    );
    // The recursion at n = 4000 reaches the limit to 12 digits.
    for sigma in [0.01, 0.1, 0.3, 1.0, 3.0] {
        let s = (UniformChain { w: 1.0, z: sigma, n: 4000_u64, front_end: true }).allocate(Options::load(1.0)).unwrap();
        let r =
            (Chain { w: vec![1.0; 4000], z: vec![sigma; 3999], front_end: true }).allocate(Options::load(1.0)).unwrap();
        assert!(
            rel(
                1.0 / s.makespan,
                (UniformChain { w: 1.0, z: sigma, n: 1, front_end: true }).speedup_limit(CostScale::unit()).unwrap()
            ) < 1e-12
        );
        assert!(rel(s.makespan, r.makespan) < 1e-12);
        if sigma < 1.0 {
            let s = (UniformChain { w: 1.0, z: sigma, n: 4000_u64, front_end: false })
                .allocate(Options::load(1.0))
                .unwrap();
            assert!(
                rel(
                    1.0 / s.makespan,
                    (UniformChain { w: 1.0, z: sigma, n: 1, front_end: false })
                        .speedup_limit(CostScale::unit())
                        .unwrap()
                ) < 1e-12
            );
        }
    }
    // Interior limits with long homogeneous sides.
    for sigma in [0.3, 1.0] {
        let side = vec![Worker { w: 1.0, z: sigma }; 3000];
        for ports in [Ports::Single, Ports::All] {
            let s = (InteriorChain {
                w0: 1.0,
                left: side.clone(),
                right: side.clone(),
                ports,
                root_front_end: true,
                front_end: true,
            })
            .allocate(Options::load(1.0))
            .unwrap();
            assert!(
                rel(
                    1.0 / s.makespan,
                    (UniformChain { w: 1.0, z: sigma, n: 1, front_end: true })
                        .interior_speedup_limit(CostScale::unit(), ports)
                        .unwrap()
                ) < 1e-12
            );
        }
    }
}

#[test]
fn chain_cut_without_front_end() {
    // c_2 = 2 ≥ a_2 = 1: processors 3 and 4 get nothing.
    let s = (Chain { w: vec![1.0, 1.0, 1.0, 1.0], z: vec![0.5, 2.0, 0.1], front_end: false })
        .allocate(Options::load(1.0))
        .unwrap();
    assert_eq!(&s.participating, &[true, true, false, false]);
    let two = (Chain { w: vec![1.0, 1.0], z: vec![0.5], front_end: false }).allocate(Options::load(1.0)).unwrap();
    assert!(rel(s.makespan, two.makespan) < 1e-15);
    check_trace(
        &(Chain { w: vec![1.0, 1.0, 1.0, 1.0], z: vec![0.5, 2.0, 0.1], front_end: false }).simulate(&s, U).unwrap(),
        &s,
        1.0,
        1e-12,
    );
}

#[test]
fn kary_anchor_and_limits() {
    // Reference §4.3: k = 2, σ = 0.1, S_∞ = 7.86770726948.
    let rho =
        (KaryTree { w: 1.0, z: 0.1, front_end: true, k: 2_u64, depth: 1 }).rho_limit(CostScale::unit(), 1e-16).unwrap();
    assert!((1.0 / rho - 7.867_707_269_48).abs() < 1e-10);
    // k = 1 is the chain; k → ∞ the bus (1 + 1/σ).
    let chain =
        (KaryTree { w: 1.0, z: 0.3, front_end: true, k: 1_u64, depth: 1 }).rho_limit(CostScale::unit(), 1e-16).unwrap();
    assert!(
        rel(
            1.0 / chain,
            (UniformChain { w: 1.0, z: 0.3, n: 1, front_end: true }).speedup_limit(CostScale::unit()).unwrap()
        ) < 1e-12
    );
    let wide =
        (KaryTree { w: 1.0, z: 0.3, front_end: true, k: 1_000_000_u64, depth: 1_u64 }).rho(CostScale::unit()).unwrap();
    assert!(
        rel(
            1.0 / wide,
            (UniformBus { root: RootMode::FrontEnd, w: 1.0, z: 0.3, n: 1 }).speedup_limit(CostScale::unit()).unwrap()
        ) < 1e-9
    );
    assert!((KaryTree { w: 1.0, z: 0.3, front_end: true, k: 0_u64, depth: 1_u64 }).rho(CostScale::unit()).is_err());
}

#[test]
fn large_chain_and_tree() {
    let n = 1_000_000;
    let w: Vec<f64> = (0..n).map(|i| 10f64.powf(-6.0 + 12.0 * (i % 977) as f64 / 977.0)).collect();
    let z: Vec<f64> = (0..n - 1).map(|i| 10f64.powf(-6.0 + 12.0 * (i % 1009) as f64 / 1009.0)).collect();
    for fe in [true, false] {
        let s = (Chain { w: w.to_vec(), z: z.to_vec(), front_end: fe }).allocate(Options::load(1.0)).unwrap();
        check_conservation(&s, 1.0);
    }
    let t = Tree::kary(KaryTree { w: 1.0, z: 1e-3, front_end: true, k: 1000_u64, depth: 1_u64 }).unwrap();
    let s = t.allocate(Options::load(1.0)).unwrap();
    check_conservation(&s.allocation, 1.0);
}

#[test]
fn tree_errors() {
    let t = Tree::new(None, true).unwrap();
    assert!(matches!(t.allocate(Options::load(1.0)), Err(DltError::Empty { .. })));
    let mut t = Tree::new(None, true).unwrap();
    t.add(0, 1.0, None, true).unwrap();
    assert!(matches!(t.allocate(Options::load(1.0)), Err(DltError::Empty { .. })));
    assert!(t.add(5, 1.0, Some(1.0), true).is_err());
    assert!(t.add(0, -1.0, Some(1.0), true).is_err());
    assert!(t.add(0, 1.0, Some(0.0), true).is_err());
    assert!(Tree::chain(&[1.0, 1.0], &[], true).is_err());
    assert!(matches!(
        (Chain { w: vec![], z: vec![], front_end: true }).allocate(Options::load(1.0)),
        Err(DltError::Empty { .. })
    ));
    assert!(matches!(
        (Chain { w: vec![1.0], z: vec![1.0], front_end: true }).allocate(Options::load(1.0)),
        Err(DltError::LengthMismatch { .. })
    ));
    let side = vec![Worker { w: 1.0, z: 1.0 }];
    assert!(
        (InteriorChain {
            w0: 1.0,
            left: side.clone(),
            right: side,
            ports: Ports::All,
            root_front_end: false,
            front_end: true
        })
        .allocate(Options::load(1.0))
        .is_err()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn chain_engine_and_tree_agree((w, z) in chain_input(9), fe in any::<bool>(), load in 0.1..10.0f64) {
        let s = (Chain { w: w.to_vec(), z: z.to_vec(), front_end: fe }).allocate(Options::load(load)).unwrap();
        check_trace(&(Chain { w: w.to_vec(), z: z.to_vec(), front_end: fe }).simulate(&s, U).unwrap(), &s, load, 1e-12);
        let t = Tree::chain(&w, &z, fe).unwrap().allocate(Options::load(load).with_order(OrderPolicy::AsGiven)).unwrap();
        prop_assert!(rel(t.allocation.makespan, s.makespan) < 1e-12);
        for (x, y) in t.allocation.alpha.iter().zip(&s.alpha) { prop_assert!((x - y).abs() < 1e-12 * load); }
        // Appending a processor never hurts; strictly helps with front-ends.
        let mut w2 = w.clone(); w2.push(1.0);
        let mut z2 = z.clone(); z2.push(0.5);
        let s2 = (Chain { w: w2.to_vec(), z: z2.to_vec(), front_end: fe }).allocate(Options::load(load)).unwrap();
        prop_assert!(s2.makespan <= s.makespan * (1.0 + 1e-12));
        if fe { prop_assert!(s2.makespan < s.makespan); }
    }

    #[test]
    fn chain_closed_form_equals_recursion(n in 1usize..40, w in 0.1..5.0f64, z in prop_oneof![Just(0.0), 0.0..3.0f64], fe in any::<bool>()) {
        let h = (UniformChain { w, z, n: (n) as u64, front_end: fe }).allocate(Options::load(1.0)).unwrap();
        let r = (Chain { w: vec![w; n], z: vec![z; n - 1], front_end: fe }).allocate(Options::load(1.0)).unwrap();
        prop_assert!(rel(h.makespan, r.makespan) < 1e-12, "{} vs {}", h.makespan, r.makespan);
        for (x, y) in h.alpha.iter().zip(&r.alpha) { prop_assert!((x - y).abs() < 1e-12); }
        // k = 1 tree of depth n − 1.
        let k = (KaryTree { w: 1.0, z: z / w, front_end: fe, k: 1_u64, depth: (n - 1) as u64 }).rho(CostScale::unit()).unwrap();
        prop_assert!(rel(k * w, h.makespan) < 1e-12);
    }

    #[test]
    fn interior_originator((w, z) in chain_input(5), (w2, z2) in chain_input(5), w0 in 0.1..5.0f64, fe in any::<bool>(), two in any::<bool>(), rfe in any::<bool>()) {
        let (zl, zr) = ([vec![0.7], z].concat(), [vec![0.3], z2].concat());
        let side = |w: &[f64], z: &[f64]| -> Vec<Worker> { w.iter().zip(z).map(|(&w, &z)| Worker { w, z }).collect() };
        let (left, right) = (side(&w, &zl), side(&w2, &zr));
        let ports = if two && rfe { Ports::All } else { Ports::Single };
        let chain = InteriorChain { w0, left: left.clone(), right: right.clone(), ports, root_front_end: rfe, front_end: fe };
        let s = chain.allocate(Options::load(1.0)).unwrap();
        let tree = chain.tree().unwrap();
        let sol = tree.allocate(Options::load(1.0)).unwrap();
        check_trace(&tree.simulate(&sol, U).unwrap(), &s, 1.0, 1e-12);
        // An empty side is the boundary chain.
        let b = (InteriorChain { w0, left: left.clone(), right: vec![], ports, root_front_end: rfe, front_end: fe }).allocate(Options::load(1.0)).unwrap();
        let ww = [vec![w0], w.clone()].concat();
        let mut tr = Tree::chain(&ww, &zl, fe).unwrap();
        if rfe != fe { tr = (InteriorChain { w0, left: left.clone(), right: vec![], ports: Ports::Single, root_front_end: rfe, front_end: fe }).tree().unwrap(); }
        let c = tr.allocate(Options::load(1.0)).unwrap();
        prop_assert!(rel(b.makespan, c.allocation.makespan) < 1e-12);
        if rfe == fe {
            let chain = Chain { w: ww.to_vec(), z: zl.to_vec(), front_end: fe };
            prop_assert!(rel(b.makespan, chain.allocate(Options::load(1.0)).unwrap().makespan) < 1e-12);
        }
        // Two ports never lose to one.
        if rfe {
            let one = (InteriorChain { w0, left: left.clone(), right: right.clone(), ports: Ports::Single, root_front_end: true, front_end: fe }).allocate(Options::load(1.0)).unwrap();
            let all = (InteriorChain { w0, left, right, ports: Ports::All, root_front_end: true, front_end: fe }).allocate(Options::load(1.0)).unwrap();
            prop_assert!(all.makespan <= one.makespan * (1.0 + 1e-12));
        }
    }

    #[test]
    fn tree_engine_equal_finish(tree in tree_input(), sorted in any::<bool>(), load in 0.1..10.0f64) {
        let order = if sorted { OrderPolicy::Optimal } else { OrderPolicy::AsGiven };
        match tree.allocate(Options::load(load).with_order(order)) {
            Err(DltError::Empty { .. }) => {}
            Err(e) => prop_assert!(false, "{e}"),
            Ok(sol) => {
                check_trace(&tree.simulate(&sol, U).unwrap(), &sol.allocation, load, 1e-12);
                let rate: f64 = tree.nodes().iter().filter_map(|n| n.w).map(|w| 1.0 / w).sum();
                prop_assert!(sol.allocation.makespan >= load / rate * (1.0 - 1e-12));
                // An added computing leaf never hurts.
                let mut more = tree.clone();
                more.add(tree.len() - 1, 0.5, Some(1.0), true).unwrap();
                let t2 = more.allocate(Options::load(load).with_order(order)).unwrap().allocation.makespan;
                prop_assert!(t2 <= sol.allocation.makespan * (1.0 + 1e-12));
            }
        }
    }

    #[test]
    fn tree_of_a_star_is_the_star(mode in mode(), w0 in 0.1..5.0f64, ch in children(7)) {
        let s = star_of(mode.with_w(w0), &ch).allocate(Options::load(1.0)).unwrap();
        let mut t = match mode {
            RootMode::NonComputing => Tree::new(None, true),
            RootMode::FrontEnd => Tree::new(Some(w0), true),
            RootMode::NoFrontEnd => Tree::new(Some(w0), false),
        }.unwrap();
        for &(z, w) in &ch { t.add(0, z, Some(w), true).unwrap(); }
        let r = t.allocate(Options::load(1.0)).unwrap();
        prop_assert!(rel(r.allocation.makespan, s.makespan) < 1e-12);
        for (x, y) in r.allocation.alpha.iter().zip(&s.alpha) { prop_assert!((x - y).abs() < 1e-12); }
        prop_assert_eq!(&r.allocation.send_order, &s.send_order);
    }

    #[test]
    fn kary_closed_form_equals_reduction(k in 1usize..4, d in 0usize..5, sigma in prop_oneof![Just(0.0), 0.0..2.0f64], fe in any::<bool>()) {
        let t = Tree::kary(KaryTree { w: 1.0, z: sigma, front_end: fe, k: (k) as u64, depth: (d) as u64 }).unwrap();
        let s = t.allocate(Options::load(1.0)).unwrap();
        let rho = (KaryTree { w: 1.0, z: sigma, front_end: fe, k: (k) as u64, depth: (d) as u64 }).rho(CostScale::unit()).unwrap();
        prop_assert!(rel(rho, s.allocation.makespan) < 1e-12);
    }
}

#[test]
fn long_homogeneous_chains_are_stable() {
    // 10^6 processors, σ from 1e-12 to 1e6: the closed forms stay finite, conserve the load and
    // agree with the recursion.
    let n = 1_000_000;
    for sigma in [1e-12, 1e-6, 1e-2, 1.0, 1e6] {
        for fe in [true, false] {
            let h =
                (UniformChain { w: 1.0, z: sigma, n: (n) as u64, front_end: fe }).allocate(Options::load(1.0)).unwrap();
            check_conservation(&h, 1.0);
            assert!(h.makespan.is_finite() && h.makespan > 0.0);
            let r =
                (Chain { w: vec![1.0; n], z: vec![sigma; n - 1], front_end: fe }).allocate(Options::load(1.0)).unwrap();
            assert!(rel(h.makespan, r.makespan) < 1e-9, "σ = {sigma}, fe = {fe}: {} vs {}", h.makespan, r.makespan);
        }
        let b = (UniformBus { root: RootMode::FrontEnd, w: 1.0, z: sigma, n: (n) as u64 })
            .allocate(Options::load(1.0))
            .unwrap();
        check_conservation(&b, 1.0);
    }
}
