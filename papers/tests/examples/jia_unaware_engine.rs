//! Jia's strategies on the event engine: the probe as copies with CTC/PTC reports, SLD
//! with its probe executed, and the Chapter 2 strategies driven by PTC reports.

use crate::unaware_support;
use loadbal_papers::fixtures::jia;
use loadbal_papers::jia_chains::*;

use loadbal::dlt::unaware::*;
use loadbal::dlt::{Chain, CostScale, RelayRule, Rules, Tree};
use proptest::prelude::*;
use rand::SeedableRng;

/// Table 3.1 from the engine: P_0 learns T^cs, T^cf and T^p of every processor from the CTC and
/// PTC reports of the probe copies, and they equal the forward model (and the printed table,
/// except T^p_16, which the thesis prints as 4.3 against w_16 = 2).
#[test]
fn table_3_1_from_engine_reports() {
    let ex = jia::fig_3_8();
    let ProbeRun { probe: p, run } =
        ex.execute_probe(Probe { load: 80.0, eta: 0.05 }, CostScale::new(2.0, 1.0).unwrap()).unwrap();
    let m = ex.probe(Probe { load: 80.0, eta: 0.05 }, CostScale::new(2.0, 1.0).unwrap()).unwrap();
    assert_eq!(p, m);
    for &(v, tcs, tcf, tp, _, _) in jia::TABLE_3_1.iter() {
        assert!((p.tcs[v] - tcs).abs() < 1e-9, "T^cs_{v}");
        assert!((p.tcf[v] - tcf).abs() < 1e-9, "T^cf_{v}");
        if v != 16 {
            assert!((p.tp[v] - tp).abs() < 1e-9, "T^p_{v}: {} vs {tp}", p.tp[v]);
        }
    }
    // P_16's PTC from its w = 2 (Table 3.1 prints 4.3; see the reproduce row).
    assert!((p.tp[16] - (p.tcf[16] + p.pl * ex.w(16).unwrap() * 2.0)).abs() < 1e-12);
    // Every processor received the probe once and computed it once (copies, not splits).
    for v in 1..20 {
        assert_eq!(run.computed_by(v), p.pl);
    }
}

/// SLD with its probe executed on the same engine: the probe's copies and computations do not
/// delay any phase on the Fig. 3.8 tree, so every processor still finishes its last batch at
/// the predicted phase end; the probes of the two w = 100 processors end after everything
/// (202 and 201.3), which the thesis's total time leaves out.
#[test]
fn sld_with_the_probe_on_the_engine() {
    let ex = jia::fig_3_8();
    let cfg = SldConfig { rules: Rules { relay: RelayRule::Physical, top: RelayRule::Physical }, ..jia::sld_snp() };
    let p = ex.execute_probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).unwrap().probe;
    let s = ex.sld(&p.tp, &cfg).unwrap();
    let without = ex.execute_sld(&s, None, cfg.scale).unwrap();
    let with = ex.execute_sld(&s, Some(p.pl), cfg.scale).unwrap();
    for v in 1..20 {
        let got = with.finish_of(v).unwrap();
        match without.finish_of(v) {
            Some(f) => assert!((got - f).abs() < 1e-9 && (f - s.finish_time).abs() < 1e-9, "P_{v}"),
            None => assert!(got > 200.0, "P_{v} only computes its probe"),
        }
    }
    assert_eq!(with.finish_of(4), Some(p.tp[4]));
    assert_eq!(with.finish_of(7), Some(p.tp[7]));
    let total: f64 = (1..20).map(|v| with.computed_by(v)).sum();
    assert!((total - (76.0 + 19.0 * p.pl)).abs() < 1e-9);
}

#[test]
fn run_chain_rejects_bad_input() {
    let c = Chain::new(vec![4.5, 2.5, 3.0], vec![0.3, 0.5]);
    let cfg = jia::chain_config(0.03, 0.07);
    assert!(matches!(c.run_unaware(&cfg, ChainStrategy::Wcs(0)), Err(UnawareError::TooFewResponders { .. })));
    assert!(c.run_unaware(&cfg, ChainStrategy::Wcs(3)).is_err());
    assert!(Chain::new(vec![1.0], vec![]).run_unaware(&cfg, ChainStrategy::PureDlt(RootWhileWaiting::Idle)).is_err());
    assert!(Chain::new(vec![1.0, -1.0], vec![0.1]).run_unaware(&cfg, ChainStrategy::Wcs(1)).is_err());
    assert!(c.run_unaware(&jia::chain_config(1.5, 0.07), ChainStrategy::Wcs(1)).is_err());
}

/// A tiny probe on a very fast root: the root computes everything before the first PTC
/// (footnote 5 taken to its end), and the engine agrees with the closed form.
#[test]
fn root_finishes_before_the_trigger() {
    let c = Chain::new(vec![0.01, 50.0], vec![5.0]);
    let cfg = jia::chain_config(0.03, 0.07);
    let run = c.run_unaware(&cfg, ChainStrategy::Wcs(1)).unwrap();
    let m = c.phased_schedule(&cfg, 1).unwrap();
    assert!(run.trigger.is_none() && run.phases.is_empty() && m.phases.is_empty());
    assert!((run.finish_time - m.finish_time).abs() < 1e-12);
    assert!(run.probe_finish > run.finish_time);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Driven only by PTC reports, the engine runs ESS, WCS(k) and pureDLT (both root modes) to
    /// the closed-form total time on the thesis's random chains: the percolating probe never
    /// delays a phase load (its copies are done before the phases reach each node).
    #[test]
    fn chain_strategies_on_the_engine_match_the_closed_forms(
        seed in any::<u64>(),
        n in 2usize..16,
        fast in prop_oneof![Just(0.25), Just(0.75)],
        (eta, eps) in prop_oneof![Just((0.03, 0.07)), Just((0.07, 0.12)), Just((0.2, 0.25))],
    ) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let c = ChainSampler::thesis(n, fast).sample(&mut rng);
        let cfg = jia::chain_config(eta, eps);
        for k in 1..n {
            let run = c.run_unaware(&cfg, ChainStrategy::Wcs(k)).unwrap();
            let m = c.phased_schedule(&cfg, k as u64).unwrap();
            prop_assert!((run.finish_time - m.finish_time).abs() <= 1e-9 * m.finish_time, "k = {}", k);
            prop_assert_eq!(run.phases.len(), m.phases.len());
            for (a, b) in run.phases.iter().zip(&m.phases) {
                prop_assert_eq!(&a.participants, &b.participants);
                prop_assert!((a.start - b.start).abs() <= 1e-9 * m.finish_time);
            }
        }
        for mode in [RootWhileWaiting::Idle, RootWhileWaiting::Compute] {
            let run = c.run_unaware(&cfg, ChainStrategy::PureDlt(mode)).unwrap();
            let m = c.pure_dlt(&cfg, mode).unwrap();
            prop_assert!((run.finish_time - m).abs() <= 1e-9 * m, "{:?}: {} vs {}", mode, run.finish_time, m);
            prop_assert_eq!(run.responders.len(), n - 1);
        }
    }
}

/// A seeded random tree network and the w of its nodes by id.
fn random_tree(seed: u64, n: usize) -> (Tree, Vec<f64>) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let tree = unaware_support::random_tree(&mut rng, n, 0.1..1.0);
    let w = (0..n).map(|v| tree.w(v).unwrap()).collect();
    (tree, w)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// SLD end to end on random trees: P_0's estimates from the probe reports are the true
    /// speeds, the engine ends every phase where P_0 planned it (the probe never delays a
    /// phase), and exactly L − η·L units of real load are computed (in-phase answers capped at
    /// the load left).
    #[test]
    fn sld_end_to_end_on_random_trees(seed in any::<u64>(), n in 3usize..25) {
        let (net, w) = random_tree(seed, n);
        let cfg = SldConfig { rules: Rules { relay: RelayRule::Physical, top: RelayRule::Physical }, ..jia::sld_snp() };
        let r = net.run_sld(&cfg).unwrap();
        for (v, &wv) in w.iter().enumerate().skip(1) {
            prop_assert!((r.w_est[v] - wv).abs() <= 1e-12 * wv);
            prop_assert!((r.z_est[v] - net.z_up(v)).abs() <= 1e-12 * (1.0 + net.z_up(v)));
        }
        prop_assert!((r.load_finish - r.schedule.finish_time).abs() <= 1e-9 * r.schedule.finish_time);
        let real: f64 = (1..n).map(|v| r.run.computed_by(v)).sum::<f64>() - (n - 1) as f64 * r.probe.pl;
        prop_assert!((real - 76.0).abs() < 1e-9, "computed {}", real);
    }

    /// DLD on random static trees: it dispatches exactly L − η·L (in-phase answers capped at
    /// the load left) and the engine computes all of it.
    #[test]
    fn dld_on_random_trees(seed in any::<u64>(), n in 3usize..20) {
        let (net, w) = random_tree(seed, n);
        let cfg = jia::dld_dnp();
        let tp = net.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).unwrap().tp;
        let s = net.dld(&[], &GivenProbe { tp: tp.to_vec(), w_est: w.to_vec() }, &cfg).unwrap();
        let total: f64 = s.dispatches.iter().map(|d| d.total).sum();
        prop_assert!((total - 76.0).abs() < 1e-9, "dispatched {}", total);
        let computed: f64 = (1..n).filter_map(|v| s.index_of[v]).map(|i| s.trace.nodes[i].computed).sum();
        prop_assert!((computed - total).abs() < 1e-9);
        prop_assert!(s.finish_time > 0.0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// DLD with its probe on the engine, on random static trees: every unit of L − η·L is
    /// dispatched and computed once. (Estimated phase ends can come before the processors
    /// really finish; P_0 then waits for the first PTC instead of stopping, which used to leave
    /// load undispatched.)
    #[test]
    fn dld_with_the_probe_on_random_trees(seed in any::<u64>(), n in 3usize..22) {
        let (net, _) = random_tree(seed, n);
        let s = net.dld_probed(&[], &jia::dld_dnp()).unwrap();
        let total: f64 = s.dispatches.iter().map(|d| d.total).sum();
        prop_assert!((total - 76.0).abs() < 1e-9, "dispatched {}", total);
        let pl = s.probe.unwrap();
        let computed: f64 = (1..n).filter_map(|v| s.index_of[v]).map(|i| s.trace.nodes[i].computed).sum::<f64>();
        prop_assert!((computed - 76.0 - (n - 1) as f64 * pl).abs() < 1e-9, "computed {}", computed);
        let last = (1..n).filter_map(|v| s.finish_of(v)).fold(0.0, f64::max);
        prop_assert_eq!(last, s.finish_time);
    }
}

/// The DNP example with the probe executed on the engine instead of Table 3.1's printed times
/// (T^p_16 = 5.3, not 4.3): the run dispatches everything and ends near the thesis-input run.
#[test]
fn dnp_with_the_probe_on_the_engine() {
    let ex = jia::fig_3_8();
    let cfg = jia::dld_dnp();
    let probed = ex.dld_probed(&jia::dnp_changes(), &cfg).unwrap();
    let total: f64 = probed.dispatches.iter().map(|d| d.total).sum();
    assert!((total - 76.0).abs() < 1e-9);
    let mut tp = ex.probe(Probe { load: 80.0, eta: 0.05 }, CostScale::new(2.0, 1.0).unwrap()).unwrap().tp;
    tp[16] = 4.3;
    let given = ex
        .dld(
            &jia::dnp_changes(),
            &GivenProbe { tp: tp.to_vec(), w_est: ex.members().into_iter().map(|v| ex.w(v).unwrap()).collect() },
            &cfg,
        )
        .unwrap();
    assert!((probed.finish_time - given.finish_time).abs() < 1.0, "{} vs {}", probed.finish_time, given.finish_time);
    // The slow processors' probes are not load.
    assert!(probed.finish_of(4).is_none() && probed.finish_of(7).is_none());
}

/// DLD on a static network whose probe estimates are exact: every batch of an intermediate
/// phase is computed by the phase end P_0 aimed at (up to 1e-9 relative), so the phase ends in
/// the schedule are attainable; the last phase's end is the engine's.
#[test]
fn dld_static_batches_end_by_their_phase_end() {
    let mut worst_late = 0.0f64;
    for seed in 0..40u64 {
        let (net, w) = random_tree(seed, 3 + (seed as usize % 17));
        let cfg = jia::dld_dnp();
        let tp = net.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).unwrap().tp;
        let s = net.dld(&[], &GivenProbe { tp: tp.to_vec(), w_est: w.to_vec() }, &cfg).unwrap();
        let last_phase = s.phases.len();
        let mut seen = vec![0usize; w.len()];
        for d in &s.dispatches {
            for &(v, _) in &d.loads {
                let end = s.compute_ends(v)[seen[v]];
                seen[v] += 1;
                if d.phase < last_phase {
                    let late = (end - d.finish) / d.finish;
                    worst_late = worst_late.max(late);
                    assert!(late <= 1e-9, "seed {seed}: P_{v} of phase {} ends {end} after {}", d.phase, d.finish);
                }
            }
        }
        assert_eq!(s.phases.last().unwrap().finish, s.finish_time);
    }
    eprintln!("DLD static: latest batch end relative to its phase end {worst_late:e}");
}

/// The result types print one-line summaries with their units and labels.
#[test]
fn results_display() {
    let ex = jia::fig_3_8();
    let cfg = SldConfig { rules: Rules::default(), ..jia::sld_snp() };
    let r = ex.run_sld(&cfg).unwrap();
    assert!(r.to_string().starts_with("SLD end to end: probe PL = 1, "), "{r}");
    assert!(r.run.to_string().starts_with("engine run: 20 nodes, "), "{}", r.run);
    assert!(r.schedule.to_string().starts_with("SLD: "), "{}", r.schedule);
    assert!(r.schedule.dispatches[0].to_string().starts_with("Phase_1 at 3: 4 units to |P_2| (P_6 4), "));
    assert_eq!(ex.to_string(), "tree rooted at 0: 20 of 20 nodes, depth 4, w in [1, 100], z in [0.1, 10]");
    let s = ex.dld_probed(&jia::dnp_changes(), &jia::dld_dnp()).unwrap();
    assert!(s.to_string().ends_with(", probe of 1 units on the engine"), "{s}");
    assert_eq!(jia::dnp_changes()[1].to_string(), "t = 3.8: w_3 → 0.5");
}

/// SLD end to end on 30 seeded random trees: the worst disagreement between the plan and the
/// engine (documented 1e-9 relative) and between the estimates and the true speeds (1e-12).
#[test]
fn sld_end_to_end_worst_case() {
    let cfg = SldConfig { rules: Rules::default(), ..jia::sld_snp() };
    let (mut plan, mut est) = (0.0f64, 0.0f64);
    for seed in 0..30u64 {
        let (net, w) = random_tree(seed, 3 + (seed as usize % 22));
        let r = net.run_sld(&cfg).unwrap();
        plan = plan.max((r.load_finish - r.schedule.finish_time).abs() / r.schedule.finish_time);
        for (v, &wv) in w.iter().enumerate().skip(1) {
            est = est.max((r.w_est[v] - wv).abs() / wv).max((r.z_est[v] - net.z_up(v)).abs() / net.z_up(v));
        }
    }
    assert!(plan <= 1e-9 && est <= 1e-12, "plan {plan:e}, estimates {est:e}");
    eprintln!("run_sld: worst plan vs engine {plan:e}, worst estimate {est:e}");
}
