//! GP, SSS and SDS (Jia, ch. 5; reference G23–G25, G27).

use loadbal::dlt::CostScale;
use loadbal::dlt::unaware::*;
use rand::SeedableRng;

fn g23() -> Graph {
    let e = |u, v, z| Edge { u, v, z };
    Graph::new(
        vec![2.0, 3.0, 4.0, 5.0, 6.0],
        vec![e(0, 2, 0.2), e(2, 3, 0.3), e(1, 3, 0.4), e(1, 4, 0.1), e(0, 4, 1.2)],
    )
    .unwrap()
}

#[test]
fn g23_sss_and_sds() {
    let g = g23();
    let s = g.sss(&MultiSourceLoad::new(vec![0, 1], vec![10.0, 10.0]).unwrap(), CostScale::unit()).unwrap();
    let it = &s.iterations[0];
    assert!((it.w_eq[0] - 1.354839).abs() < 1e-6 && (it.w_eq[1] - 1.471850).abs() < 1e-6);
    assert!((it.times[0] - 13.548387).abs() < 1e-6 && (it.times[1] - 14.718499).abs() < 1e-6);
    assert_eq!(it.finished, 0);
    let it2 = &s.iterations[1];
    assert!((it2.loads[0] - 0.794994).abs() < 1e-6);
    assert!((it2.w_eq[0] - 0.923399).abs() < 1e-6);
    assert!((it2.duration - 0.734097).abs() < 1e-6);
    assert!((s.finish_time - 14.282484).abs() < 1e-6);
    assert!(s.finish_time <= it.times.iter().copied().fold(0.0, f64::max)); // (5.2)
    assert!(
        (g.sds(&MultiSourceLoad::new(vec![0, 1], vec![10.0, 10.0]).unwrap(), CostScale::unit()).unwrap() - 17.806468)
            .abs()
            < 1e-6
    );
}

/// G24: equal distance to S_3 and S_1 → the node joins S_1 (lower index of the 2-tuple).
#[test]
fn g24_tie_break() {
    let e = |u, v, z| Edge { u, v, z };
    let g = Graph::new(vec![1.0; 3], vec![e(0, 2, 1.0), e(1, 2, 1.0)]).unwrap();
    // sources given as (S_1 = node 1, S_3 = node 0): node 2 is equidistant and joins position 0.
    assert_eq!(g.gp_partition(&[1, 0]).unwrap().region[2], 0);
    assert_eq!(g.gp_partition(&[0, 1]).unwrap().region[2], 0);
    assert!(g.gp_partition(&[]).is_err());
    assert!(matches!(g.gp_partition(&[0, 0]), Err(UnawareError::InvalidParameter { .. })));
    assert!(matches!(g.gp_partition(&[5]), Err(UnawareError::NodeOutOfRange { .. })));
}

/// G25: with free links SSS = SDS = (ΣL)·W(w)·T_cp, W = 1/Σ(1/w).
#[test]
fn g25_zero_communication() {
    let g = g23();
    let free = Graph::new(g.w().to_vec(), g.edges().iter().map(|e| Edge { z: 0.0, ..*e }).collect()).unwrap();
    let expect: f64 = 20.0 / (0.5 + 1.0 / 3.0 + 0.25 + 0.2 + 1.0 / 6.0);
    assert!((expect - 13.793103).abs() < 1e-6);
    assert!(
        (free
            .sss(&MultiSourceLoad::new(vec![0, 1], vec![10.0, 10.0]).unwrap(), CostScale::unit())
            .unwrap()
            .finish_time
            - expect)
            .abs()
            < 1e-9
    );
    assert!(
        (free.sds(&MultiSourceLoad::new(vec![0, 1], vec![10.0, 10.0]).unwrap(), CostScale::unit()).unwrap() - expect)
            .abs()
            < 1e-9
    );
}

/// G27 (SSS part): SSS ≤ SDS on fixed random instances (observed, not proven), equality for one
/// source, regions disjoint and covering (Theorem 1), bound (5.2).
#[test]
fn g27_sss_not_worse_than_sds() {
    for seed in 0..30u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let coupling = if seed % 2 == 0 { Coupling::Tight } else { Coupling::Loose };
        let g = RandomGraph::with_coupling(20, coupling).generate(&mut rng).unwrap();
        let m = 1 + (seed as usize % 6);
        let sources: Vec<usize> = (0..m)
            .map(|i| (i * 7 + seed as usize) % 20)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let loads = vec![1e7; sources.len()];
        let s = g.sss(&MultiSourceLoad::new(sources.clone(), loads.clone()).unwrap(), CostScale::unit()).unwrap();
        let d = g.sds(&MultiSourceLoad::new(sources.clone(), loads.clone()).unwrap(), CostScale::unit()).unwrap();
        assert!(s.finish_time <= d * (1.0 + 1e-12), "seed {seed}: SSS {} > SDS {d}", s.finish_time);
        if sources.len() == 1 {
            assert!((s.finish_time - d).abs() <= 1e-9 * d);
        }
        assert!(s.finish_time <= s.iterations[0].times.iter().copied().fold(0.0, f64::max) * (1.0 + 1e-12));
        let p = g.gp_partition(&sources).unwrap();
        let covered: usize = p.trees.iter().map(|t| t.members().len()).sum();
        assert_eq!(covered, g.len());
        for (i, t) in p.trees.iter().enumerate() {
            assert!(t.members().iter().all(|&v| p.region[v] == i));
        }
    }
}

/// RB-SSS: with no Bellman–Ford round every source works alone (T* + max L_i·w_i·T_cp); with
/// enough rounds it is SSS delayed by T*; more rounds never hurt on these instances.
#[test]
fn rb_sss_limits() {
    let g = g23();
    let alone = g
        .rb_sss(
            &MultiSourceLoad::equal(vec![0, 1], 10.0),
            ReportingPhase { t_star: 0.5, hop_delay: 1.0 },
            CostScale::unit(),
        )
        .unwrap();
    assert!((alone.finish_time - (0.5 + 30.0)).abs() < 1e-9, "{}", alone.finish_time);
    let full = g
        .rb_sss(
            &MultiSourceLoad::equal(vec![0, 1], 10.0),
            ReportingPhase { t_star: 10.0, hop_delay: 1.0 },
            CostScale::unit(),
        )
        .unwrap();
    let plain = g.sss(&MultiSourceLoad::new(vec![0, 1], vec![10.0, 10.0]).unwrap(), CostScale::unit()).unwrap();
    assert!((full.finish_time - 10.0 - plain.finish_time).abs() < 1e-9);
    let one = g
        .rb_sss(
            &MultiSourceLoad::equal(vec![0, 1], 10.0),
            ReportingPhase { t_star: 1.0, hop_delay: 1.0 },
            CostScale::unit(),
        )
        .unwrap();
    assert!(one.finish_time - 1.0 <= alone.finish_time - 0.5 + 1e-9);
    assert!(one.finish_time - 1.0 >= plain.finish_time - 1e-9);
    assert!(matches!(
        g.rb_sss(
            &MultiSourceLoad::equal(vec![0, 1], 10.0),
            ReportingPhase { t_star: 1.0, hop_delay: 0.0 },
            CostScale::unit()
        ),
        Err(UnawareError::InvalidParameter { .. })
    ));
}

mod on_the_engine {
    use super::*;
    use proptest::prelude::*;

    /// Every node that computed in a stage finishes at the stage's end, and the stage computed
    /// exactly the loads it was given.
    fn check_stages(run: &MultiSourceRun, ends: &[f64]) -> Result<(), TestCaseError> {
        prop_assert_eq!(run.stages.len(), ends.len());
        for (st, &d) in run.stages.iter().zip(ends) {
            prop_assert!(st.run.trace.finish_spread(d) < 1e-9, "stage at {} should last {}", st.start, d);
            let computed: f64 = st.run.trace.nodes.iter().map(|n| n.computed).sum();
            let given: f64 = st.loads.iter().sum();
            prop_assert!((computed - given).abs() <= 1e-9 * given.max(1.0));
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// SSS, RB-SSS and SDS executed on the engine end at the closed forms' times.
        #[test]
        fn multi_source_strategies_on_the_engine(
            seed in any::<u64>(),
            nodes in 6usize..20,
            m in 1usize..4,
            tight in any::<bool>(),
        ) {
            let coupling = if tight { Coupling::Tight } else { Coupling::Loose };
            let g = RandomGraph::with_coupling(nodes as u64, coupling).generate(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed)).unwrap();
            let sources: Vec<usize> = (0..m).collect();
            let loads: Vec<f64> = (0..m).map(|i| 100.0 * (i + 1) as f64).collect();
            let s = g.sss(&MultiSourceLoad::new(sources.clone(), loads.clone()).unwrap(), CostScale::unit()).unwrap();
            let run = g.execute_sss(&s, CostScale::unit()).unwrap();
            prop_assert!((run.finish_time - s.finish_time).abs() <= 1e-9 * s.finish_time);
            check_stages(&run, &s.iterations.iter().map(|it| it.duration).collect::<Vec<_>>())?;
            let rb = g.rb_sss(&MultiSourceLoad::new(sources.clone(), loads.clone()).unwrap(), ReportingPhase { t_star: 2.0, hop_delay: 1.0 }, CostScale::unit()).unwrap();
            let run = g.execute_sss(&rb, CostScale::unit()).unwrap();
            prop_assert!((2.0 + run.finish_time - rb.finish_time).abs() <= 1e-9 * rb.finish_time);
            let t_sds = g.sds(&MultiSourceLoad::new(sources.clone(), loads.clone()).unwrap(), CostScale::unit()).unwrap();
            let run = g.execute_sds(&MultiSourceLoad::new(sources.clone(), loads.clone()).unwrap(), CostScale::unit()).unwrap();
            prop_assert!((run.finish_time - t_sds).abs() <= 1e-9 * t_sds);
            prop_assert!(run.gantt_csv().lines().count() > run.stages.len());
        }
    }
}

/// RB-SSS with hop-limited routes: after 2 rounds P_3 is closer to S_1 (through P_2, 2 hops)
/// while P_4 knows only S_0 (through P_3; S_1 is 3 hops away). P_4 follows its predecessor into
/// S_1's region, so both regions stay trees.
#[test]
fn rb_sss_hop_limited_regions_stay_trees() {
    let e = |u, v, z| Edge { u, v, z };
    let g = Graph::new(vec![1.0; 5], vec![e(0, 3, 1.0), e(1, 2, 0.1), e(2, 3, 0.1), e(3, 4, 0.1)]).unwrap();
    let rb = g
        .rb_sss(
            &MultiSourceLoad::equal(vec![0, 1], 10.0),
            ReportingPhase { t_star: 2.0, hop_delay: 1.0 },
            CostScale::unit(),
        )
        .unwrap();
    let trees = &rb.iterations[0].trees;
    assert_eq!(trees[1].parent(4), Some(3));
    assert_eq!(trees[1].parent(3), Some(2));
    assert!(!trees[0].is_member(4) && !trees[0].is_member(3));
    let run = g.execute_sss(&rb, CostScale::unit()).unwrap();
    assert!((2.0 + run.finish_time - rb.finish_time).abs() < 1e-9 * rb.finish_time);
}

/// DSS on a graph: the region table comes from GP over every busy set (a region grows when the
/// other sources are idle), and the DSS simulation on it stays below the (5.9) bounds at a light
/// load. Bad input is typed.
#[test]
fn dss_on_a_graph() {
    use loadbal::montecarlo::MonteCarlo;
    use loadbal::queueing::{DssSim, VacationRule};
    let g = g23();
    let net = g.dss_regions(&[0, 1], 1.0, CostScale::unit()).unwrap();
    for i in 0..2 {
        let alone = net.capacity(1 << i, i).unwrap();
        let shared = net.capacity(0b11, i).unwrap();
        assert!(alone < shared, "region {i}: {alone} vs {shared}");
    }
    // With both busy the capacities are SSS's first-iteration W_i.
    let s = g.sss(&MultiSourceLoad::new(vec![0, 1], vec![1.0, 1.0]).unwrap(), CostScale::unit()).unwrap();
    assert!((net.capacity(0b11, 1).unwrap() - s.iterations[0].w_eq[1]).abs() < 1e-12);
    let lambda = [0.1, 0.1];
    let bounds = net.queue_bounds(&lambda, VacationRule::OwnMax).unwrap();
    let est = DssSim::new(lambda.to_vec(), 20_000.0, 500.0).estimate(&net, &MonteCarlo::new(3, 8).unwrap()).unwrap();
    for i in 0..2 {
        assert!(est[i].mean < bounds[i], "region {i}: {} vs bound {}", est[i].mean, bounds[i]);
    }
    assert!(g.dss_regions(&[0, 0], 1.0, CostScale::unit()).is_err());
    assert!(g.dss_regions(&[0, 1], 0.0, CostScale::unit()).is_err());
    assert!(g.dss_regions(&(0..17).collect::<Vec<_>>(), 1.0, CostScale::unit()).is_err());
}

/// GP against exhaustive search on small graphs: every node's region is the source with the
/// smallest (shortest-path delay, index) over every simple path from every source, and its
/// route inside the region tree has that delay.
#[test]
#[allow(clippy::needless_range_loop)] // `v` is a node id indexing several per-node tables
fn gp_against_exhaustive_search() {
    fn shortest(g: &Graph, u: usize, d: f64, seen: &mut Vec<bool>, best: &mut Vec<f64>) {
        best[u] = best[u].min(d);
        for &Edge { v, z, .. } in g.neighbours(u) {
            if !seen[v] {
                seen[v] = true;
                shortest(g, v, d + z, seen, best);
                seen[v] = false;
            }
        }
    }
    let mut worst = 0.0f64;
    for seed in 0..120u64 {
        let nodes = 4 + (seed as usize % 4);
        let coupling = if seed % 2 == 0 { Coupling::Tight } else { Coupling::Loose };
        let g = RandomGraph::with_coupling(nodes as u64, coupling)
            .generate(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed))
            .unwrap();
        let m = 1 + (seed as usize % 3);
        let sources: Vec<usize> = (0..m)
            .map(|i| (i * 3 + seed as usize) % nodes)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let dist: Vec<Vec<f64>> = sources
            .iter()
            .map(|&s| {
                let mut best = vec![f64::INFINITY; nodes];
                let mut seen = vec![false; nodes];
                seen[s] = true;
                shortest(&g, s, 0.0, &mut seen, &mut best);
                best
            })
            .collect();
        let p = g.gp_partition(&sources).unwrap();
        for v in 0..nodes {
            let want = match sources.iter().position(|&s| s == v) {
                Some(i) => i,
                None => (0..sources.len()).min_by(|&a, &b| dist[a][v].total_cmp(&dist[b][v]).then(a.cmp(&b))).unwrap(),
            };
            assert_eq!(p.region[v], want, "seed {seed}, node {v}");
            let got = p.trees[want].path_z(v);
            let rel = (got - dist[want][v]).abs() / dist[want][v].max(f64::MIN_POSITIVE);
            worst = worst.max(rel);
            assert!(rel <= 1e-12, "seed {seed}, node {v}: route {got} vs exhaustive {}", dist[want][v]);
        }
    }
    eprintln!("GP: worst relative error of route delays {worst:e} against exhaustive simple paths");
}

/// The worst disagreement between the closed forms of SSS, RB-SSS and SDS and their engine
/// executions over 30 seeded random graphs (the documented 1e-9 relative, measured).
#[test]
fn multi_source_worst_case_against_the_engine() {
    let mut worst = [0.0f64; 3];
    for seed in 0..30u64 {
        let coupling = if seed % 2 == 0 { Coupling::Tight } else { Coupling::Loose };
        let nodes = 6 + (seed as usize % 14);
        let g = RandomGraph::with_coupling(nodes as u64, coupling)
            .generate(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed))
            .unwrap();
        let m = 1 + (seed as usize % 3);
        let load = MultiSourceLoad::new((0..m).collect(), (0..m).map(|i| 100.0 * (i + 1) as f64).collect()).unwrap();
        let s = g.sss(&load, CostScale::unit()).unwrap();
        let run = g.execute_sss(&s, CostScale::unit()).unwrap();
        worst[0] = worst[0].max((run.finish_time - s.finish_time).abs() / s.finish_time);
        let reporting = ReportingPhase { t_star: 2.0, hop_delay: 1.0 };
        let rb = g.rb_sss(&load, reporting, CostScale::unit()).unwrap();
        let run = g.execute_sss(&rb, CostScale::unit()).unwrap();
        worst[1] = worst[1].max((2.0 + run.finish_time - rb.finish_time).abs() / rb.finish_time);
        let t = g.sds(&load, CostScale::unit()).unwrap();
        let run = g.execute_sds(&load, CostScale::unit()).unwrap();
        worst[2] = worst[2].max((run.finish_time - t).abs() / t);
    }
    assert!(worst.iter().all(|&w| w <= 1e-9), "{worst:?}");
    eprintln!(
        "SSS, RB-SSS, SDS: worst relative error against the engine {:e}, {:e}, {:e}",
        worst[0], worst[1], worst[2]
    );
}

/// The multi-source results print one-line summaries.
#[test]
fn multi_source_display() {
    let g = g23();
    let p = g.gp_partition(&[0, 1]).unwrap();
    assert_eq!(p.to_string(), "GP: 2 regions, S_0 = node 0: 2 nodes, S_1 = node 1: 3 nodes");
    let s = g.sss(&MultiSourceLoad::equal(vec![0, 1], 10.0), CostScale::unit()).unwrap();
    let first = s.iterations[0].to_string();
    assert!(first.starts_with("2 sources active for Δ = 13.548387: node 0 (L 10, W "), "{first}");
    assert!(first.ends_with("; node 0 finishes"), "{first}");
    assert_eq!(g.to_string(), "graph: 5 nodes, 5 links, w in [2, 6], z in [0.1, 1.2]");
}
