//! Star and bus: anchors, engine equal-finish checks and the invariants of reference §10.

use crate::dlt_support;

use dlt_support::*;
use loadbal::dlt::*;
use proptest::prelude::*;

const U: CostScale = CostScale::unit();

#[test]
fn anchor_rational_star() {
    // a_0 = 2; children (c, a) = (0.2, 3), (0.5, 1), (1, 4): Q = 1.0625, T = 1/(0.5 + Q) = 0.64.
    let ch = [(0.2, 3.0), (0.5, 1.0), (1.0, 4.0)];
    let s = star_of(RootMode::FrontEnd.with_w(2.0), &ch).allocate(Options::load(1.0)).unwrap();
    for (x, y) in s.alpha.iter().zip([0.32, 0.2, 0.4, 0.08]) {
        assert!((x - y).abs() < 1e-15, "{:?}", s.alpha);
    }
    assert!((s.makespan - 0.64).abs() < 1e-15);
    let p = star_of(RootMode::FrontEnd.with_w(2.0), &ch)
        .product_form(Options::load(1.0).with_order(OrderPolicy::AsGiven))
        .unwrap();
    assert!(rel(p.makespan, 0.64) < 1e-15);
    check_trace(&star_of(RootMode::FrontEnd.with_w(2.0), &ch).simulate(&s, U).unwrap(), &s, 1.0, 1e-12);
}

#[test]
fn anchor_jia_root_fraction() {
    let sc = CostScale::new(2.0, 1.0).unwrap();
    let s = star_of(RootMode::FrontEnd.with_w(2.0), &[(0.6, 2.0)]).allocate(Options::load(1.0).with_scale(sc)).unwrap();
    assert!((s.alpha[0] - 4.6 / 8.6).abs() < 1e-15);
    assert!((s.w_equivalent - 1.069_767_441_86).abs() < 1e-11);
}

#[test]
fn anchor_one_and_two_processors() {
    for (c, a, l) in [(0.3, 1.7, 2.0), (2.0, 0.5, 1.0), (0.0, 1.0, 3.0)] {
        let one = star_of(RootMode::NonComputing.with_w(1.0), &[(c, a)]).allocate(Options::load(l)).unwrap();
        assert!(rel(one.makespan, (c + a) * l) < 1e-15);
        let two = Star::bus(RootMode::NonComputing.with_w(1.0), &[a, a], c)
            .and_then(|bus| bus.allocate(Options::load(l)))
            .unwrap();
        assert!(rel(two.makespan, (c + a) * (c + a) * l / (c + 2.0 * a)) < 1e-15);
    }
}

#[test]
fn nofe_drop_example() {
    // Reference §1.5: w_0 = 1, children (0.3, 1), (1.5, 1): child 2 gets 0 and T = 0.65.
    let ch = [(0.3, 1.0), (1.5, 1.0)];
    let s = star_of(RootMode::NoFrontEnd.with_w(1.0), &ch).allocate(Options::load(1.0)).unwrap();
    assert_eq!(s.alpha[2], 0.0);
    assert!(!s.participating[2]);
    assert!((s.makespan - 0.65).abs() < 1e-15);
    let all = star_of(RootMode::NoFrontEnd.with_w(1.0), &ch)
        .product_form(Options::load(1.0).with_order(OrderPolicy::AsGiven))
        .unwrap();
    assert!((all.makespan - 0.722_222_222_222).abs() < 1e-11);
    check_trace(&star_of(RootMode::NoFrontEnd.with_w(1.0), &ch).simulate(&s, U).unwrap(), &s, 1.0, 1e-12);
}

#[test]
fn bad_input_is_typed() {
    assert!(matches!(
        try_star_of(RootMode::NonComputing.with_w(1.0), &[]).and_then(|s| s.allocate(Options::load(1.0))),
        Err(DltError::Empty { .. })
    ));
    assert!(matches!(
        try_star_of(RootMode::FrontEnd.with_w(0.0), &[]).and_then(|s| s.allocate(Options::load(1.0))),
        Err(DltError::NonPositive { .. })
    ));
    assert!(matches!(
        try_star_of(RootMode::FrontEnd.with_w(1.0), &[(-1.0, 1.0)]).and_then(|s| s.allocate(Options::load(1.0))),
        Err(DltError::Negative { .. })
    ));
    assert!(matches!(
        try_star_of(RootMode::FrontEnd.with_w(1.0), &[(f64::NAN, 1.0)]).and_then(|s| s.allocate(Options::load(1.0))),
        Err(DltError::NonFinite { .. })
    ));
    assert!(matches!(
        Star::bus(RootMode::FrontEnd.with_w(1.0), &[1.0], 1.0).and_then(|bus| bus.allocate(Options::load(0.0))),
        Err(DltError::NonPositive { .. })
    ));
    assert!(CostScale::new(0.0, 1.0).is_err());
    // A front-end root alone is valid: it computes everything.
    let s = star_of(RootMode::FrontEnd.with_w(2.0), &[]).allocate(Options::load(1.0)).unwrap();
    assert_eq!(s.makespan, 2.0);
}

#[test]
fn homogeneous_bus_speedup_and_limits() {
    for mode in [RootMode::FrontEnd, RootMode::NoFrontEnd, RootMode::NonComputing] {
        let lim = (UniformBus { root: mode, w: 1.0, z: 0.2, n: 1 }).speedup_limit(CostScale::unit()).unwrap();
        let mut prev = 0.0;
        for n in [1, 2, 4, 16, 64, 256] {
            let s = (UniformBus { root: mode, w: 1.0, z: 0.2, n: (n) as u64 }).speedup(CostScale::unit()).unwrap();
            assert!(s >= prev && s <= lim * (1.0 + 1e-12));
            prev = s;
        }
        assert!(
            rel((UniformBus { root: mode, w: 1.0, z: 0.2, n: 1000_u64 }).speedup(CostScale::unit()).unwrap(), lim)
                < 1e-12
        );
    }
    assert_eq!(
        (UniformBus { root: RootMode::NoFrontEnd, w: 1.0, z: 2.0, n: 5_u64 }).speedup(CostScale::unit()).unwrap(),
        1.0
    );
    assert_eq!(
        (UniformBus { root: RootMode::FrontEnd, w: 1.0, z: 0.0, n: 5_u64 }).speedup(CostScale::unit()).unwrap(),
        6.0
    );
}

#[test]
fn large_star_and_wide_ranges() {
    // 10^6 children with z and w spanning 12 decades; the rate form stays finite and conserves.
    let n = 1_000_000;
    let ch: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            (
                10f64.powf(-6.0 + 12.0 * ((i * 7919) % n) as f64 / n as f64),
                10f64.powf(-6.0 + 12.0 * (i % 1000) as f64 / 1000.0),
            )
        })
        .collect();
    for mode in [RootMode::FrontEnd, RootMode::NoFrontEnd, RootMode::NonComputing] {
        let s = star_of(mode.with_w(1.0), &ch).allocate(Options::load(1.0)).unwrap();
        assert!(s.makespan.is_finite() && s.makespan > 0.0);
        // Geometric tails are flushed to 0 rather than left as subnormals.
        assert!(s.alpha.iter().all(|&x| x == 0.0 || x.is_normal()));
        check_conservation(&s, 1.0);
    }
    let b = (UniformBus { root: RootMode::NonComputing, w: 1.0, z: 1e-9, n: (n) as u64 })
        .allocate(Options::load(1.0))
        .unwrap();
    check_conservation(&b, 1.0);
    assert!(
        rel(
            b.makespan,
            Star::bus(RootMode::NonComputing.with_w(1.0), &vec![1.0; n], 1e-9)
                .and_then(|bus| bus.allocate(Options::load(1.0)))
                .unwrap()
                .makespan
        ) < 1e-9
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn star_engine_equal_finish(mode in mode(), w0 in 0.1..5.0f64, ch in children(8), sorted in any::<bool>(), load in 0.1..10.0f64, tcp in 0.5..2.0f64, tcm in 0.5..2.0f64) {
        let sc = CostScale::new(tcp, tcm).unwrap();
        let order = if sorted { OrderPolicy::Optimal } else { OrderPolicy::AsGiven };
        let s = star_of(mode.with_w(w0), &ch).allocate(Options::load(load).with_scale(sc).with_order(order)).unwrap();
        check_trace(&star_of(mode.with_w(w0), &ch).simulate(&s, sc).unwrap(), &s, load, 1e-12);
        // Bounds: fluid lower bound; FE root alone; best single child for a BCU.
        let mut rate: f64 = ch.iter().map(|c| 1.0 / (c.1 * tcp)).sum();
        if mode != RootMode::NonComputing { rate += 1.0 / (w0 * tcp); }
        prop_assert!(s.makespan >= load / rate * (1.0 - 1e-12));
        if mode == RootMode::FrontEnd { prop_assert!(s.makespan <= w0 * tcp * load * (1.0 + 1e-12)); }
        if mode == RootMode::NonComputing && sorted {
            let best = ch.iter().map(|c| c.0 * tcm + c.1 * tcp).fold(f64::INFINITY, f64::min);
            prop_assert!(s.makespan <= best * load * (1.0 + 1e-12));
        }
        // Scaling with the load and with T_cp/w.
        let unit = star_of(mode.with_w(w0), &ch).allocate(Options::load(1.0).with_scale(sc).with_order(order)).unwrap();
        prop_assert!(rel(s.makespan, load * unit.makespan) < 1e-12);
        let ch2: Vec<(f64, f64)> = ch.iter().map(|&(z, w)| (z, w / 2.0)).collect();
        let s2 = star_of(mode.with_w(w0 / 2.0), &ch2).allocate(Options::load(1.0).with_scale(CostScale::new(2.0 * tcp, tcm).unwrap()).with_order(order)).unwrap();
        prop_assert!(rel(s2.makespan, unit.makespan) < 1e-12);
    }

    #[test]
    fn star_sorted_order_is_optimal(mode in mode(), w0 in 0.1..5.0f64, ch in children(6)) {
        let best = star_of(mode.with_w(w0), &ch).allocate(Options::load(1.0)).unwrap().makespan;
        for p in permutations(ch.len()) {
            let perm: Vec<(f64, f64)> = p.iter().map(|&i| ch[i]).collect();
            let t = star_of(mode.with_w(w0), &perm).allocate(Options::load(1.0).with_order(OrderPolicy::AsGiven)).unwrap().makespan;
            prop_assert!(t >= best * (1.0 - 1e-12), "order {:?} gives {} < {}", p, t, best);
        }
    }

    #[test]
    fn star_product_form_equals_rate_form(w0 in 0.1..5.0f64, ch in children(8), fe in any::<bool>()) {
        let mode = if fe { RootMode::FrontEnd } else { RootMode::NonComputing };
        let order = star_of(Root::NonComputing, &ch).optimal_order();
        let sorted: Vec<(f64, f64)> = order.iter().map(|&i| ch[i]).collect();
        let p = star_of(mode.with_w(w0), &sorted).product_form(Options::load(1.0).with_order(OrderPolicy::AsGiven)).unwrap();
        let r = star_of(mode.with_w(w0), &sorted).allocate(Options::load(1.0).with_order(OrderPolicy::AsGiven)).unwrap();
        prop_assert!(rel(p.makespan, r.makespan) < 1e-12);
        for (x, y) in p.alpha.iter().zip(&r.alpha) { prop_assert!((x - y).abs() < 1e-12); }
        prop_assert!(r.participating[1..].iter().all(|&b| b), "sorted FE/BCU stars use everyone");
    }

    #[test]
    fn adding_a_child_never_hurts(mode in mode(), w0 in 0.1..5.0f64, ch in children(7), extra in (0.0..3.0f64, 0.1..5.0f64)) {
        let t = star_of(mode.with_w(w0), &ch).allocate(Options::load(1.0)).unwrap().makespan;
        let mut more = ch.clone();
        more.push(extra);
        let t2 = star_of(mode.with_w(w0), &more).allocate(Options::load(1.0)).unwrap().makespan;
        prop_assert!(t2 <= t * (1.0 + 1e-12));
        if mode == RootMode::FrontEnd { prop_assert!(t2 < t); }
    }

    #[test]
    fn slower_never_faster(mode in mode(), w0 in 0.1..5.0f64, ch in children(7), k in 0usize..7, f in 1.0..3.0f64, link in any::<bool>()) {
        let t = star_of(mode.with_w(w0), &ch).allocate(Options::load(1.0)).unwrap().makespan;
        let mut slow = ch.clone();
        let k = k % ch.len();
        if link { slow[k].0 *= f } else { slow[k].1 *= f }
        let t2 = star_of(mode.with_w(w0), &slow).allocate(Options::load(1.0)).unwrap().makespan;
        prop_assert!(t2 >= t * (1.0 - 1e-12));
    }

    #[test]
    fn cross_model_identities(w0 in 0.1..5.0f64, ch in children(7)) {
        // FE star = BCU star with the root as a virtual first child (z = 0).
        let fe = star_of(RootMode::FrontEnd.with_w(w0), &ch).allocate(Options::load(1.0)).unwrap();
        let mut v = vec![(0.0, w0)];
        v.extend(star_of(Root::NonComputing, &ch).optimal_order().iter().map(|&i| ch[i]));
        let bcu = star_of(RootMode::NonComputing.with_w(1.0), &v).allocate(Options::load(1.0).with_order(OrderPolicy::AsGiven)).unwrap();
        prop_assert!(rel(fe.makespan, bcu.makespan) < 1e-12);
        // noFE star = BCU star with the root as a virtual last child (z = 0).
        let nofe = star_of(RootMode::NoFrontEnd.with_w(w0), &ch).allocate(Options::load(1.0)).unwrap();
        let mut v: Vec<(f64, f64)> = star_of(Root::NonComputing, &ch).optimal_order().iter().map(|&i| ch[i]).collect();
        v.push((0.0, w0));
        let bcu = star_of(RootMode::NonComputing.with_w(1.0), &v).allocate(Options::load(1.0).with_order(OrderPolicy::AsGiven)).unwrap();
        prop_assert!(rel(nofe.makespan, bcu.makespan) < 1e-12);
    }

    #[test]
    fn bus_closed_form_and_order_invariance(mode in mode(), n in 1usize..40, w in 0.1..5.0f64, z in prop_oneof![Just(0.0), 0.0..3.0f64], ws in prop::collection::vec(0.1..5.0f64, 1..6)) {
        let h = (UniformBus { root: mode, w, z, n: (n) as u64 }).allocate(Options::load(1.0)).unwrap();
        let r = Star::bus(mode.with_w(w), &vec![w; n], z).and_then(|bus| bus.allocate(Options::load(1.0))).unwrap();
        prop_assert!(rel(h.makespan, r.makespan) < 1e-12);
        for (x, y) in h.alpha.iter().zip(&r.alpha) { prop_assert!((x - y).abs() < 1e-12); }
        let t = Star::bus(mode.with_w(w), &ws, z).and_then(|bus| bus.allocate(Options::load(1.0))).unwrap().makespan;
        for p in permutations(ws.len()) {
            let perm: Vec<f64> = p.iter().map(|&i| ws[i]).collect();
            prop_assert!(rel(Star::bus(mode.with_w(w), &perm, z).and_then(|bus| bus.allocate(Options::load(1.0))).unwrap().makespan, t) < 1e-12);
        }
    }
}

/// Free communication (`T_cm = 0`) is a valid scale: every processor of a star and of a chain
/// then finishes at `w_i·α_i·T_cp = T = L·T_cp/Σ 1/w_i`, and the event engine agrees.
#[test]
fn free_communication_gives_equal_finish_times() {
    let (load, t_cp) = (3.0, 2.0);
    let scale = CostScale::new(t_cp, 0.0).unwrap();
    let w = [2.0, 4.0, 3.0, 1.0];
    let t = load * t_cp / w.iter().map(|w| 1.0 / w).sum::<f64>();
    let star = star_of(Root::FrontEnd { w: w[0] }, &[(1.0, w[1]), (0.2, w[2]), (0.5, w[3])]);
    let s = star.allocate(Options::load(load).with_scale(scale)).unwrap();
    let chain = Chain::new(w.to_vec(), vec![1.0, 0.2, 0.5]);
    let c = chain.allocate(Options::load(load).with_scale(scale)).unwrap();
    let traces = [star.simulate(&s, scale).unwrap(), chain.simulate(&c, scale).unwrap()];
    for (alloc, trace) in [&s, &c].into_iter().zip(&traces) {
        assert!(rel(alloc.makespan, t) < 1e-14, "{} vs {t}", alloc.makespan);
        for (a, w) in alloc.alpha.iter().zip(w) {
            assert!(rel(a * w * t_cp, t) < 1e-14, "{a}·{w}·{t_cp} vs {t}");
        }
        check_trace(trace, alloc, load, 1e-12);
        for node in &trace.nodes {
            assert!(rel(node.finish.unwrap(), t) < 1e-12, "engine finish {:?} vs {t}", node.finish);
        }
    }
}
