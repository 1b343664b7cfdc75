//! Spanning trees, equivalent processors and RAOLD-OS (Jia, ch. 4).

use loadbal::dlt::unaware::*;
use loadbal::dlt::{CostScale, OrderPolicy, Tree};
use proptest::prelude::*;
use rand::SeedableRng;

fn g26() -> Graph {
    let e = |u, v, z| Edge { u, v, z };
    Graph::new(
        vec![2.0, 3.0, 6.0, 1.0, 4.0],
        vec![e(0, 1, 0.5), e(0, 2, 0.2), e(1, 2, 0.2), e(1, 3, 0.1), e(2, 3, 0.6), e(3, 4, 0.3), e(2, 4, 1.0)],
    )
    .unwrap()
}

/// Reference G26: parents, eccentricity and W_eq of each tree kind.
#[test]
fn g26_regression() {
    let g = g26();
    let cases = [
        (SpanningTreeKind::Mst, [None, Some(2), Some(0), Some(1), Some(3)], 4, 0.658548),
        (SpanningTreeKind::Spt, [None, Some(2), Some(0), Some(1), Some(3)], 4, 0.658548),
        (SpanningTreeKind::Fht, [None, Some(0), Some(0), Some(1), Some(2)], 2, 0.642834),
        (SpanningTreeKind::Rst, [None, Some(0), Some(0), Some(1), Some(3)], 3, 0.681003),
        (SpanningTreeKind::Est, [None, Some(0), Some(0), Some(1), Some(2)], 2, 0.642834),
    ];
    for (kind, parents, ecc, w_eq) in cases {
        let t = g.spanning_tree(0, kind, CostScale::unit()).unwrap();
        assert_eq!(t.parents(), parents, "{kind:?}");
        assert_eq!(t.eccentricity(), ecc, "{kind:?}");
        let s = t.raold_os(1.0, CostScale::unit()).unwrap();
        assert!((s.allocation.w_equivalent - w_eq).abs() < 1e-6, "{kind:?}: {}", s.allocation.w_equivalent);
    }
}

#[test]
fn disconnected_and_bad_root_are_errors() {
    let g = Graph::new(vec![1.0, 1.0, 1.0], vec![Edge { u: 0, v: 1, z: 0.1 }]).unwrap();
    for kind in SpanningTreeKind::ALL {
        assert_eq!(g.spanning_tree(0, kind, CostScale::unit()), Err(UnawareError::Disconnected { node: 2, from: 0 }));
        assert!(matches!(
            g.spanning_tree(7, kind, CostScale::unit()),
            Err(UnawareError::NodeOutOfRange { node: 7, .. })
        ));
    }
    assert!(matches!(
        g26().spanning_tree(0, SpanningTreeKind::Est, CostScale::new(1.0, 0.0).unwrap()),
        Err(UnawareError::InvalidParameter { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every kind spans the graph using graph links; SPT gives shortest paths; MST has minimum
    /// weight among the kinds; FHT has minimum eccentricity; EST's W_eq is no worse than SPT's
    /// ... is not guaranteed (greedy), but every W_eq is at most the root's w.
    #[test]
    fn trees_are_valid(seed in 0u64..1000, n in 2usize..25, p in 0.15f64..1.0) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let spec = RandomGraph { nodes: n as u64, link_probability: p, w_range: (1.0, 10.0), z_range: (0.0, 2.0), max_attempts: 10_000 };
        let g = spec.generate(&mut rng).unwrap();
        let hops = g.hops_from(0);
        let min_ecc = hops.iter().flatten().max().copied().unwrap();
        let weight = |t: &Tree| (1..n).map(|v| t.z_up(v)).sum::<f64>();
        let spt = g.spanning_tree(0, SpanningTreeKind::Spt, CostScale::unit()).unwrap();
        let mst = g.spanning_tree(0, SpanningTreeKind::Mst, CostScale::unit()).unwrap();
        for kind in SpanningTreeKind::ALL {
            let t = g.spanning_tree(0, kind, CostScale::new(2.0, 1.0).unwrap()).unwrap();
            prop_assert_eq!(t.members().len(), n);
            for v in 1..n {
                let p = t.parent(v).unwrap();
                prop_assert_eq!(g.link(p, v), Some(t.z_up(v)));
                prop_assert!(spt.path_z(v) <= t.path_z(v) + 1e-12);
            }
            prop_assert!(weight(&mst) <= weight(&t) + 1e-9);
            prop_assert!(t.eccentricity() >= min_ecc);
            let s = t.raold_os(10.0, CostScale::new(2.0, 1.0).unwrap()).unwrap();
            prop_assert!(s.allocation.w_equivalent <= g.w()[0] + 1e-12);
            prop_assert!((s.allocation.alpha.iter().sum::<f64>() - 10.0).abs() < 1e-9);
            prop_assert!(s.allocation.alpha.iter().all(|&x| x > 0.0));
        }
        prop_assert_eq!(g.spanning_tree(0, SpanningTreeKind::Fht, CostScale::unit()).unwrap().eccentricity(), min_ecc);
    }

    /// Equal finish: every node of a RAOLD-OS schedule, executed on the event engine, finishes at T.
    #[test]
    fn raold_equal_finish(seed in 0u64..1000, n in 2usize..15) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let spec = RandomGraph { nodes: n as u64, link_probability: 0.5, w_range: (1.0, 10.0), z_range: (0.0, 1.0), max_attempts: 10_000 };
        let g = spec.generate(&mut rng).unwrap();
        let t = g.spanning_tree(0, SpanningTreeKind::Spt, CostScale::new(2.0, 1.0).unwrap()).unwrap();
        let s = t.raold_os(7.0, CostScale::new(2.0, 1.0).unwrap()).unwrap();
        let run = t.execute(&s.allocation.alpha, CostScale::new(2.0, 1.0).unwrap()).unwrap();
        prop_assert!(run.trace.finish_spread(s.allocation.makespan) < 1e-9);
        prop_assert!((run.trace.compute_makespan - s.allocation.makespan).abs() < 1e-9 * s.allocation.makespan);
    }
}

/// The reporting scheme (§4.1): the source knows more nodes as T* grows (one hop per δ); with
/// every node known it is RAOLD-OS on the whole graph's spanning tree delayed by T*; the engine
/// executes each schedule to its predicted finish.
#[test]
fn reporting_scheme_threshold() {
    let g = g26();
    let (l, cm, cp) = (10.0, 1.0, 1.0);
    let mut last_known = 0;
    for t_star in [1.0, 2.0, 3.0, 4.0, 10.0] {
        let r = g
            .reporting_scheme(
                0,
                &ReportingConfig { scale: CostScale::new(cp, cm).unwrap(), ..ReportingConfig::new(l, t_star, 1.0) },
            )
            .unwrap();
        assert!(r.known.len() >= last_known);
        last_known = r.known.len();
        // Hops from 0 in G26: 1 and 2 at one hop, 3 and 4 at two.
        let want = match t_star as usize {
            1 => 3,
            _ => 5,
        };
        assert_eq!(r.known.len(), want, "T* = {t_star}");
        assert!(
            (r.run.trace.compute_makespan - r.schedule.allocation.makespan).abs()
                < 1e-9 * r.schedule.allocation.makespan
        );
        let total: f64 = (0..5).map(|v| r.load_of(v).unwrap()).sum();
        assert_eq!(r.load_of(5), None);
        assert!((total - l).abs() < 1e-9);
    }
    let full = g
        .reporting_scheme(
            0,
            &ReportingConfig { scale: CostScale::new(cp, cm).unwrap(), ..ReportingConfig::new(l, 4.0, 1.0) },
        )
        .unwrap();
    let spt = g.spanning_tree(0, SpanningTreeKind::Spt, CostScale::new(cp, cm).unwrap()).unwrap();
    let direct = spt.raold_os(l, CostScale::new(cp, cm).unwrap()).unwrap();
    assert!((full.finish_time - (4.0 + direct.allocation.makespan)).abs() < 1e-12);
    // Fewer nodes known means a slower tree.
    let partial = g
        .reporting_scheme(
            0,
            &ReportingConfig { scale: CostScale::new(cp, cm).unwrap(), ..ReportingConfig::new(l, 1.0, 1.0) },
        )
        .unwrap();
    assert!(partial.schedule.allocation.makespan > direct.allocation.makespan);
    // Bad input.
    assert!(matches!(
        g.reporting_scheme(
            0,
            &ReportingConfig { scale: CostScale::new(cp, cm).unwrap(), ..ReportingConfig::new(l, 0.5, 1.0) }
        ),
        Err(UnawareError::NoReachableProcessor { .. })
    ));
    assert!(
        g.reporting_scheme(
            9,
            &ReportingConfig { scale: CostScale::new(cp, cm).unwrap(), ..ReportingConfig::new(l, 1.0, 1.0) }
        )
        .is_err()
    );
    assert!(
        g.reporting_scheme(
            0,
            &ReportingConfig { scale: CostScale::new(cp, cm).unwrap(), ..ReportingConfig::new(l, -1.0, 1.0) }
        )
        .is_err()
    );
    assert!(
        g.reporting_scheme(
            0,
            &ReportingConfig { scale: CostScale::new(cp, cm).unwrap(), ..ReportingConfig::new(l, 1.0, 0.0) }
        )
        .is_err()
    );
    assert!(
        g.reporting_scheme(
            0,
            &ReportingConfig { scale: CostScale::new(cp, cm).unwrap(), ..ReportingConfig::new(f64::NAN, 1.0, 1.0) }
        )
        .is_err()
    );
}

/// EST against a naive greedy oracle that evaluates every candidate tree in full with
/// `equivalent` (no incremental or hierarchical shortcut): at every step the root's equivalent
/// w after EST's choice equals the best over all (edge, node) pairs.
fn naive_est_weq(g: &Graph, root: usize, t_cm: f64, t_cp: f64) -> f64 {
    let n = g.len();
    let mut parent: Vec<Option<usize>> = vec![None; n];
    let mut z = vec![0.0; n];
    let mut inside = vec![false; n];
    inside[root] = true;
    let weq = |parent: &[Option<usize>], z: &[f64]| {
        let t = Tree::from_parents(root, parent.to_vec(), z.to_vec(), g.w().to_vec()).unwrap();
        t.equivalent_w(CostScale::new(t_cp, t_cm).unwrap(), OrderPolicy::Optimal).unwrap()
    };
    let mut best_w = g.w()[root];
    for _ in 1..n {
        let mut best: Option<(f64, usize, usize)> = None;
        for u in (0..n).filter(|&u| inside[u]) {
            for &Edge { v, z: zz, .. } in g.neighbours(u) {
                if inside[v] {
                    continue;
                }
                parent[v] = Some(u);
                z[v] = zz;
                let x = weq(&parent, &z);
                parent[v] = None;
                if best.is_none_or(|b| x < b.0 || (x == b.0 && (v, u) < (b.1, b.2))) {
                    best = Some((x, v, u));
                }
            }
        }
        let (x, v, u) = best.unwrap();
        inside[v] = true;
        parent[v] = Some(u);
        z[v] = g.link(u, v).unwrap();
        best_w = x;
    }
    best_w
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn est_is_the_greedy_optimum(seed in any::<u64>(), nodes in 3usize..12, p in 0.2f64..0.9) {
        let spec = RandomGraph { nodes: nodes as u64, link_probability: p, w_range: (1.0, 10.0), z_range: (0.0, 2.0), max_attempts: 200 };
        let Ok(g) = spec.generate(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed)) else { return Ok(()) };
        let t = g.spanning_tree(0, SpanningTreeKind::Est, CostScale::new(2.0, 1.0).unwrap()).unwrap();
        let got = t.equivalent_w(CostScale::new(2.0, 1.0).unwrap(), OrderPolicy::Optimal).unwrap();
        let want = naive_est_weq(&g, 0, 1.0, 2.0);
        prop_assert!((got - want).abs() <= 1e-12 * want, "EST {} vs naive greedy {}", got, want);
    }
}

/// Every simple path from `root` by depth-first search: the smallest Σ z to each node and the
/// hop count of that path (`None` when unreachable). Exponential; for graphs of a few nodes.
fn exhaustive_shortest(g: &Graph, root: usize) -> Vec<Option<(f64, usize)>> {
    fn walk(g: &Graph, u: usize, d: f64, hops: usize, seen: &mut Vec<bool>, best: &mut Vec<Option<(f64, usize)>>) {
        if best[u].is_none_or(|(b, _)| d < b) {
            best[u] = Some((d, hops));
        }
        for &Edge { v, z, .. } in g.neighbours(u) {
            if !seen[v] {
                seen[v] = true;
                walk(g, v, d + z, hops + 1, seen, best);
                seen[v] = false;
            }
        }
    }
    let mut best = vec![None; g.len()];
    let mut seen = vec![false; g.len()];
    seen[root] = true;
    walk(g, root, 0.0, 0, &mut seen, &mut best);
    best
}

/// SPT and RST against brute force on small random graphs: SPT's route delays are the smallest
/// Σ z over every simple path; RST is rebuilt by scanning every (tree node, outside node) link
/// at each step with the cost of Jia, eqs. (4.1)–(4.2) written as ((ε_1 − h)·h + h·z)/ε_1
/// (h ≤ ε_1) or z, ε_1 the hop count of the deepest exhaustive shortest path.
#[test]
fn spt_and_rst_against_brute_force() {
    let mut worst = 0.0f64;
    for seed in 0..150u64 {
        let nodes = 3 + (seed as usize % 6);
        let spec = RandomGraph::with_speed_classes(nodes as u64, 0.5, SpeedClass::Low, SpeedClass::Low);
        let g = spec.generate(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed)).unwrap();
        let best = exhaustive_shortest(&g, 0);
        let spt = g.spanning_tree(0, SpanningTreeKind::Spt, CostScale::unit()).unwrap();
        for (v, b) in best.iter().enumerate() {
            let (d, _) = b.unwrap();
            let rel = (spt.path_z(v) - d).abs() / d.max(f64::MIN_POSITIVE);
            worst = worst.max(rel);
            assert!(rel <= 1e-12, "seed {seed}, node {v}: SPT {} vs exhaustive {d}", spt.path_z(v));
        }
        let eps1 = best.iter().map(|b| b.unwrap().1).max().unwrap().max(1);
        let e1 = eps1 as f64;
        let n = g.len();
        let (mut parent, mut depth, mut inside) = (vec![None; n], vec![0usize; n], vec![false; n]);
        inside[0] = true;
        for _ in 1..n {
            let mut pick: Option<(f64, usize, usize)> = None;
            for u in (0..n).filter(|&u| inside[u]) {
                for &Edge { v, z, .. } in g.neighbours(u).iter().filter(|e| !inside[e.v]) {
                    let h = (depth[u] + 1) as f64;
                    let cost = if h <= e1 { ((e1 - h) * h + h * z) / e1 } else { z };
                    let better = pick.is_none_or(|(c, pv, pu)| {
                        cost < c - 1e-12 * c || ((cost - c).abs() <= 1e-12 * c && (v, u) < (pv, pu))
                    });
                    if better {
                        pick = Some((cost, v, u));
                    }
                }
            }
            let (_, v, u) = pick.unwrap();
            inside[v] = true;
            parent[v] = Some(u);
            depth[v] = depth[u] + 1;
        }
        let rst = g.spanning_tree(0, SpanningTreeKind::Rst, CostScale::unit()).unwrap();
        assert_eq!(rst.parents(), parent, "seed {seed}: RST differs from the brute-force rebuild");
    }
    eprintln!("SPT: worst relative error {worst:e} against exhaustive simple paths");
}

/// A tree over some of the nodes prints its members, depth and the ranges of its speeds.
#[test]
fn rooted_tree_display() {
    let t =
        Tree::from_parents(0, vec![None, Some(0), Some(1), None], vec![0.0, 0.5, 0.2, 0.0], vec![1.0, 2.0, 3.0, 9.0])
            .unwrap();
    assert_eq!(t.to_string(), "tree rooted at 0: 3 of 4 nodes, depth 2, w in [1, 3], z in [0.2, 0.5]");
}
