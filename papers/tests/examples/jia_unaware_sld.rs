//! SLD on the reconstructed Fig. 3.8 tree (Jia, §3.4, reference G5–G10).

use crate::unaware_support;
use loadbal_papers::fixtures::jia;

use loadbal::dlt::unaware::*;
use loadbal::dlt::{CostScale, RelayRule, Rules, Tree, TreeNode};

/// The tree of `parent`, `z` and `w` (`None`: a relay), built node by node with `Tree::push`
/// (the public way to a relay below the root), parents first.
fn relay_tree(parent: Vec<Option<usize>>, z: Vec<f64>, w: Vec<Option<f64>>) -> Tree {
    // Fig. 3.8 lists every parent before its children, so ids are positions.
    let mut t = Tree::new(w[0], true).unwrap();
    for v in 1..parent.len() {
        let node =
            TreeNode { parent: parent[v], z: z[v], w: w[v], front_end: true, ports: loadbal::dlt::Ports::Single };
        t.push(node).unwrap();
    }
    t
}

/// T_cp = 2, T_cm = 1 (Jia, §3.4).
fn scale() -> CostScale {
    CostScale::new(2.0, 1.0).expect("T_cp = 2, T_cm = 1 is a valid scale")
}

fn table_ptc() -> (Tree, Vec<f64>) {
    let ex = jia::fig_3_8();
    let mut tp = ex.probe(Probe { load: 80.0, eta: 0.05 }, CostScale::new(2.0, 1.0).unwrap()).unwrap().tp;
    tp[16] = 4.3; // Table 3.1 prints 4.3 (w_16 = 2 would give 5.3)
    (ex, tp)
}

fn load_of(s: &SldSchedule, phase: usize, v: usize) -> f64 {
    s.load_of(phase, v).expect("a phase of the schedule")
}

/// G10: the algorithm-faithful run with the FirstChildLink relay rule, and with the physical rule.
#[test]
fn g10_end_to_end() {
    let (ex, tp) = table_ptc();
    let s = ex.sld(&tp, &jia::sld_snp()).unwrap();
    let p1 = [(6, 4.0), (3, 3.83333), (2, 1.75282), (16, 1.52419), (5, 1.40225), (12, 0.51282), (10, 0.32733)];
    for (v, x) in p1 {
        assert!((load_of(&s, 1, v) - x).abs() < 1e-5, "P_{v}");
    }
    assert!((s.phases[0].dispatched - 13.3527).abs() < 1e-4);
    assert!((s.phases[1].dispatched - 32.5104).abs() < 1e-4);
    assert!((s.final_load - 30.1369).abs() < 2e-4);
    assert_eq!(s.phases[2].available.len(), 17);
    assert!((s.finish_time - 54.0928).abs() < 1e-3);
    let mut cfg = jia::sld_snp();
    cfg.rules.relay = RelayRule::Physical;
    let s = ex.sld(&tp, &cfg).unwrap();
    assert!((s.phases[1].dispatched - 32.5438).abs() < 1e-4);
    assert!((s.finish_time - 54.059).abs() < 1e-3);
}

/// G6: the Phase_2 opening distribution and T_2^f.
#[test]
fn g6_phase2_start() {
    let (ex, tp) = table_ptc();
    let s = ex.sld(&tp, &jia::sld_snp()).unwrap();
    assert_eq!(s.phases[1].available, vec![2, 3, 5, 6, 10, 12, 16]);
    assert!((s.phases[1].finish - 34.15983).abs() < 1e-5);
    let start: Vec<&Dispatch> = s.dispatches.iter().filter(|d| d.phase == 2 && d.time < 21.0).collect();
    assert_eq!(start.iter().map(|d| d.set).collect::<Vec<_>>(), vec![2, 3, 1]);
    for (v, x) in [(2, 4.52089), (3, 7.53482), (5, 2.49645), (6, 7.41271), (10, 1.18879), (12, 1.39857), (16, 3.44777)]
    {
        assert!((load_of(&s, 2, v) - x).abs() < 1e-5, "P_{v}");
    }
    let batch = s.dispatches.iter().find(|d| d.set == 4).unwrap();
    assert!((batch.w_set - 2.61778).abs() < 1e-5);
}

/// G9: Phase_3 on the thesis's remaining load 30.2603, and the two finish times
/// (physical 54.1746, over-charged 57.2029).
#[test]
fn g9_phase3_with_thesis_remainder() {
    let ex = jia::fig_3_8();
    let mut avail = vec![true; 20];
    avail[0] = false;
    avail[4] = false;
    avail[7] = false;
    let vt = ex.virtual_tree(&avail, None).unwrap();
    let rules = Rules { relay: RelayRule::FirstChildLink, top: RelayRule::Physical };
    let d = vt.distribute(30.2603, 34.16, rules, scale()).unwrap();
    let expect = [
        (1, 0.78816),
        (2, 4.24770),
        (3, 7.07950),
        (5, 2.07587),
        (6, 6.86471),
        (8, 0.54462),
        (9, 0.50226),
        (10, 0.96913),
        (11, 0.52385),
        (12, 1.07852),
        (13, 0.81407),
        (14, 0.83305),
        (15, 0.34683),
        (16, 3.17352),
        (17, 0.15544),
        (18, 0.16516),
        (19, 0.09792),
    ];
    for (v, x) in expect {
        assert!((d.loads[v] - x).abs() < 1e-5, "P_{v}: {}", d.loads[v]);
    }
    assert!((d.finish - 54.1746).abs() < 1e-4);
    let over = vt.distribute(30.2603, 34.16, Rules { top: RelayRule::FirstChildLink, ..rules }, scale()).unwrap();
    assert!((over.finish - 57.2029).abs() < 1e-4);
    assert_eq!(over.loads, d.loads);
}

#[test]
fn bad_input() {
    let (ex, tp) = table_ptc();
    let mut cfg = jia::sld_snp();
    cfg.eta = 1.0;
    assert!(matches!(ex.sld(&tp, &cfg), Err(UnawareError::InvalidParameter { name: "eta", .. })));
    cfg = jia::sld_snp();
    cfg.mu = 1.0;
    assert!(ex.sld(&tp, &cfg).is_err());
    cfg = jia::sld_snp();
    assert!(matches!(ex.sld(&tp[..5], &cfg), Err(UnawareError::LengthMismatch { .. })));
    let lone = Tree::from_parents(0, vec![None], vec![0.0], vec![1.0]).unwrap();
    assert_eq!(lone.sld(&[0.0], &cfg), Err(UnawareError::NoReachableProcessor { source_node: 0 }));
    // A processor that does not compute (a relay) is refused by name; a w of 0 never makes a tree.
    let (parent, z) = (ex.parents(), (0..ex.id_len()).map(|v| ex.z_up(v)).collect::<Vec<f64>>());
    let mut w: Vec<Option<f64>> = (0..ex.id_len()).map(|v| ex.w(v)).collect();
    let mut zero: Vec<f64> = w.iter().map(|x| x.unwrap()).collect();
    zero[3] = 0.0;
    assert!(Tree::from_parents(0, parent.clone(), z.clone(), zero).unwrap_err().to_string().contains("w[3]"));
    w[3] = None;
    let bad = relay_tree(parent, z, w);
    assert!(matches!(bad.sld(&tp, &cfg), Err(UnawareError::InvalidParameter { name: "w", .. })));
    // A zero T_cp is refused when the scale is built.
    assert!(CostScale::new(0.0, 1.0).is_err());
}

/// Conservation: every SLD run dispatches exactly L − η·L, all loads are non-negative and every
/// batch ends by its phase end.
#[test]
fn conservation_over_random_trees() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for _ in 0..50 {
        let n = rng.random_range(2..30);
        let tree = unaware_support::random_tree(&mut rng, n, 0.05..1.0);
        let cfg = SldConfig { load: 200.0, ..jia::sld_snp() };
        let tp = tree.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).unwrap().tp;
        let s = tree.sld(&tp, &cfg).unwrap();
        let total: f64 = s.dispatches.iter().map(|d| d.total).sum();
        assert!((total - cfg.load * (1.0 - cfg.eta)).abs() < 1e-9 * cfg.load);
        assert!(s.dispatches.iter().all(|d| d.loads.iter().all(|p| p.1 >= 0.0) && d.time <= d.finish + 1e-12));
        assert!(s.phases.windows(2).all(|p| p[0].finish <= p[1].finish));
    }
}

/// The engine executes SLD schedules: with the physical relay rule every processor finishes at
/// the end of the phase of its last dispatch and the makespan is the predicted finish; with the
/// FirstChildLink rule the engine exposes the over- and under-loaded relays' subtrees.
#[test]
fn sld_on_the_engine() {
    let (ex, tp) = table_ptc();
    let mut cfg = jia::sld_snp();
    cfg.rules.relay = RelayRule::Physical;
    let s = ex.sld(&tp, &cfg).unwrap();
    let run = ex.execute_sld(&s, None, scale()).unwrap();
    for v in 1..20 {
        let last =
            s.dispatches.iter().filter(|d| d.loads.iter().any(|p| p.0 == v)).map(|d| d.finish).fold(f64::NAN, f64::max);
        match run.finish_of(v) {
            Some(f) => assert!((f - last).abs() < 1e-9, "P_{v}: engine {f}, predicted {last}"),
            None => assert!(last.is_nan(), "P_{v} got load but never computed"),
        }
    }
    assert!((run.trace.compute_makespan - s.finish_time).abs() < 1e-9);
    let total: f64 = (1..20).map(|v| run.computed_by(v)).sum();
    assert!((total - 76.0).abs() < 1e-9);
    assert!(run.gantt_csv().lines().count() > 40);
    // FirstChildLink below P_0 over-charges relays: their subtrees finish before the phase end.
    let s = ex.sld(&tp, &jia::sld_snp()).unwrap();
    let run = ex.execute_sld(&s, None, scale()).unwrap();
    assert!((run.trace.compute_makespan - s.finish_time).abs() < 1e-9);
    assert!(run.trace.finish_spread(s.finish_time) > 1e-3);
    assert!(run.finish_of(17).unwrap() < s.finish_time - 0.05);
}

/// One phase distributed on a virtual tree, executed on the event engine (the independent
/// check of `VirtualTree::distribute`): P_0 sends the sets one after another in the planned
/// order over the true tree, as SLD does at a phase start; with the physical rule at both
/// levels the last computation ends at the predicted T^f, to 1e-9 relative, and no processor
/// ends later, on random trees with random sets of available processors. (Some processors
/// below a relay of the virtual tree end earlier than T^f: the plan is conservative there.)
#[test]
fn phase_distribution_against_the_engine() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    let (mut worst, mut early) = (0.0f64, 0);
    for _ in 0..60 {
        let n = rng.random_range(3..26);
        let net = unaware_support::random_tree(&mut rng, n, 0.05..1.0);
        let mut avail: Vec<bool> = (0..n).map(|v| v != 0 && rng.random_bool(0.6)).collect();
        avail[n - 1] = true;
        let vt = net.virtual_tree(&avail, None).unwrap();
        let d = vt.distribute(50.0, 0.0, Rules::default(), scale()).unwrap();
        let dispatches: Vec<Dispatch> = d
            .shadows
            .iter()
            .map(|&(set, shadow_until)| {
                let loads: Vec<(usize, f64)> = (1..n)
                    .filter(|&v| vt.tree.top_child(v) == Some(set) && d.loads[v] > 0.0)
                    .map(|v| (v, d.loads[v]))
                    .collect();
                let total = loads.iter().map(|p| p.1).sum();
                Dispatch { phase: 1, time: 0.0, set, loads, total, w_set: f64::NAN, shadow_until, finish: d.finish }
            })
            .collect();
        let plan = SldSchedule { dispatches, phases: Vec::new(), final_load: 50.0, finish_time: d.finish };
        let run = net.execute_sld(&plan, None, scale()).unwrap();
        let rel = (run.trace.compute_makespan - d.finish).abs() / d.finish;
        worst = worst.max(rel);
        assert!(rel <= 1e-9, "engine {}, predicted {}", run.trace.compute_makespan, d.finish);
        for v in (1..n).filter(|&v| d.loads[v] > 0.0) {
            let f = run.finish_of(v).unwrap();
            if f < d.finish * (1.0 - 1e-9) {
                early += 1;
            }
            assert!(f <= d.finish * (1.0 + 1e-9), "P_{v}: engine {f}, predicted {}", d.finish);
        }
        let computed: f64 = (1..n).map(|v| run.computed_by(v)).sum();
        assert!((computed - 50.0).abs() <= 1e-9 * 50.0);
    }
    eprintln!("VirtualTree::distribute: worst relative error {worst:e} against the engine, {early} processors early");
}

/// SLD with the physical relay rule on random trees, executed on the engine: the compute
/// makespan equals the plan's finish time to 1e-9 relative.
#[test]
fn sld_plans_against_the_engine_on_random_trees() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let mut worst = 0.0f64;
    let cfg = SldConfig { rules: Rules::default(), load: 200.0, ..jia::sld_snp() };
    for _ in 0..40 {
        let n = rng.random_range(3..25);
        let net = unaware_support::random_tree(&mut rng, n, 0.05..1.0);
        let tp = net.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).unwrap().tp;
        let s = net.sld(&tp, &cfg).unwrap();
        let run = net.execute_sld(&s, None, cfg.scale).unwrap();
        let rel = (run.trace.compute_makespan - s.finish_time).abs() / s.finish_time;
        worst = worst.max(rel);
        assert!(rel <= 1e-9, "{n} nodes: engine {}, plan {}", run.trace.compute_makespan, s.finish_time);
    }
    eprintln!("SLD: worst relative error {worst:e} of the plan against the engine");
}
