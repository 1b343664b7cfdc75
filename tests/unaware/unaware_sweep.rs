//! Adversarial but valid inputs for the scalar formulas and the probe/estimate functions of
//! `loadbal::dlt::unaware`: magnitudes from 1e-300 to 1e300, counts to `usize::MAX`. Each call
//! returns a finite value or a typed error, never infinity or NaN, in bounded time.

use loadbal::dlt::Chain;
use loadbal::dlt::CostScale;
use loadbal::dlt::unaware::*;
use proptest::prelude::*;

/// Positive values from 1e-300 to 1e300 (log-uniform), with the edges.
fn wide() -> impl Strategy<Value = f64> {
    prop_oneof![Just(f64::MIN_POSITIVE), Just(f64::MAX), (-300.0..300.0f64).prop_map(|e| 10f64.powf(e)), 0.01..100.0f64]
}

fn finite_or_typed(r: Result<f64, UnawareError>) -> Result<(), TestCaseError> {
    match r {
        Ok(v) => prop_assert!(v.is_finite(), "non-finite Ok({v})"),
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn scalar_formulas_are_finite_or_refused(w in wide(), z in wide(), t_cm in wide(), t_cp in wide(), load in wide(),
                                             eta in 1e-12..0.999f64, t in wide(), beta in wide(),
                                             k in prop_oneof![Just(usize::MAX), 0usize..1000]) {
        let scale = CostScale::new(t_cp, t_cm).unwrap();
        let probe = Probe { load, eta };
        finite_or_typed(scale.effective_speed(w, z))?;
        finite_or_typed(probe.cumulative_z(t, scale))?;
        finite_or_typed(Dispatch::load_to_finish_at(0.0, t, beta))?;
        finite_or_typed(Dispatch::phase_load(k, t))?;
        let triple = Chain::new(vec![w, beta, z], vec![z, beta]);
        finite_or_typed(triple.critical_l1(probe, scale))?;
        match Chain::new(vec![w, beta], vec![z]).ess_phase1(probe, t, scale) {
            Ok(e) => prop_assert!([e.alpha_root, e.alpha_j, e.theta, e.trigger, e.l1_prime, e.duration].iter().all(|x| x.is_finite()), "{e:?}"),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        match Chain::new(vec![w, beta, w], vec![z, z]).wcs2_phase1(probe, t, scale) {
            Ok(e) => prop_assert!([e.alpha_root, e.alpha_i, e.alpha_j, e.gamma, e.theta, e.trigger, e.duration].iter().all(|x| x.is_finite()), "{e:?}"),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn partitions_for_any_processor_count(load in wide(), eta in 0.001..0.4f64, extra in 0.0..0.5f64, n in prop_oneof![Just(usize::MAX), 2usize..1_000_000_000]) {
        let eps = (eta + extra).min(0.95 - eta);
        match (Probe { load, eta }).partition(eps.max(eta), n as u64) {
            Ok(p) => {
                prop_assert!(p.len() <= 66 && p.iter().all(|x| x.is_finite() && *x >= 0.0), "{p:?}");
                let sum: f64 = p.iter().sum();
                prop_assert!((sum - (1.0 - eta) * load).abs() <= 1e-12 * load, "sum {sum}");
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn linear_probes_over_wide_speeds(load in wide(), ws in prop::collection::vec(wide(), 1..12), zs in prop::collection::vec(wide(), 11),
                                      t_cm in wide(), t_cp in wide()) {
        let chain = Chain::new(ws.clone(), zs[..ws.len() - 1].to_vec());
        match chain.probe_times(Probe { load, eta: 0.5 }, CostScale::new(t_cp, t_cm).unwrap()) {
            Ok(p) => prop_assert!(p.tc.iter().chain(&p.tp).all(|x| x.is_finite()), "{p:?}"),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

/// SLD and DLD dispatch at least L_1^p in every phase but the last, so a tiny L_1^p planned
/// about `(1 − η − μ)·L / L_1^p` phases: `l1p = 1e-9·L` ran for minutes while the kept phase
/// records grew towards the memory's end. An L_1^p that could need more than `MAX_PHASES`
/// phases is refused before the first phase, naming `l1p`; a small one within the bound still
/// dispatches exactly `L − η·L`.
#[test]
fn sld_and_dld_refuse_a_first_phase_load_that_needs_too_many_phases() {
    use loadbal::dlt::{Rules, Tree};
    let t = Tree::from_parents(0, vec![None, Some(0), Some(0)], vec![0.0, 0.5, 0.2], vec![1.0, 2.0, 3.0]).unwrap();
    let (load, eta, mu) = (20.0, 0.1, 0.0);
    let sld = |l1p: f64| SldConfig {
        load,
        eta,
        l1p,
        mu,
        scale: CostScale::unit(),
        rules: Rules::default(),
        phase_end_decimals: None,
    };
    let dld = |l1p: f64| DldConfig { load, eta, l1p, mu, zeta: 0.1, scale: CostScale::unit(), rules: Rules::default() };
    let tp = t.probe(Probe { load, eta }, CostScale::unit()).unwrap().tp;
    let l1p = 1e-9 * load;
    for e in [t.sld(&tp, &sld(l1p)).unwrap_err(), t.dld_probed(&[], &dld(l1p)).unwrap_err()] {
        assert!(matches!(e, UnawareError::InvalidParameter { name: "l1p", .. }), "{e:?}");
        assert!(e.to_string().contains("`l1p` = 0.00000002") && e.to_string().contains("2^20"), "{e}");
    }
    assert_eq!(MAX_PHASES, 1 << 20);
    // (1 − η)·L / L_1^p = 18,000 phases at most: both run, and SLD dispatches L − η·L = 18
    let s = t.sld(&tp, &sld(1e-3)).unwrap();
    let dispatched: f64 = s.dispatches.iter().map(|d| d.total).sum();
    assert!((dispatched - 18.0).abs() < 1e-9, "{dispatched}");
    assert!(s.phases.len() < 18_000, "{}", s.phases.len());
    assert!(t.dld_probed(&[], &dld(1e-3)).is_ok());
}

/// `EngineRun` and `DldSchedule` have public fields; `finish_of`, `computed_by`, `compute_ends`
/// and `gantt_csv` indexed the trace's nodes and the id maps with positions read from the other
/// field, so a value built by hand (or deserialised) with maps that do not match its trace
/// panicked. An entry the maps or the trace do not cover now reads as absent.
#[test]
fn engine_runs_with_mismatched_maps_read_as_absent() {
    use loadbal::dlt::engine::{Interval, NodeTrace, Trace};
    let node = NodeTrace {
        computations: vec![Interval { start: 0.0, end: 2.0, amount: 1.0, peer: None }],
        receptions: vec![Interval { start: 0.0, end: 1.0, amount: 1.0, peer: Some(7) }],
        finish: Some(2.0),
        computed: 1.0,
        ..NodeTrace::default()
    };
    let trace = Trace { nodes: vec![node], compute_makespan: 2.0, makespan: 2.0 };
    // engine index 0 is tree node 5; tree node 0 claims engine index 3, which does not exist
    let run = EngineRun {
        trace: trace.clone(),
        node_of: vec![Some(5)],
        index_of: vec![Some(3), None, None, None, None, Some(0)],
    };
    assert_eq!((run.finish_of(0), run.computed_by(0)), (None, 0.0));
    assert_eq!((run.finish_of(5), run.computed_by(5)), (Some(2.0), 1.0));
    // the reception's peer (engine index 7) has no tree id: its row is left out
    assert_eq!(run.gantt_csv(), "node,kind,start,end,amount,peer\n5,compute,0,2,1,\n");
    let empty = EngineRun { trace: trace.clone(), node_of: Vec::new(), index_of: vec![Some(0)] };
    assert_eq!(empty.gantt_csv(), "node,kind,start,end,amount,peer\n");
    let dld = DldSchedule {
        dispatches: Vec::new(),
        phases: Vec::new(),
        finish_time: 2.0,
        trace,
        index_of: vec![Some(3), Some(0)],
        probe: None,
    };
    assert_eq!((dld.compute_ends(0), dld.finish_of(0)), (Vec::new(), None));
    assert_eq!((dld.compute_ends(1), dld.finish_of(1)), (vec![2.0], Some(2.0)));
}

/// `RandomGraph::generate` limited the nodes (a draw visits every pair) but not the links it
/// keeps: 10⁵ nodes at the default link probability 0.4 kept about 2·10⁹ links (48 GB) and
/// aborted. A draw expecting more than 2²⁴ links is refused before it starts, naming the
/// expected count and the limit; complete graphs below it are drawn as before.
#[test]
fn random_graphs_with_too_many_expected_links_are_refused() {
    use loadbal::dlt::DltError;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let e = RandomGraph::with_coupling(100_000, Coupling::Loose).generate(&mut rng).unwrap_err();
    let expected = 0.4 * 100_000f64 * 99_999.0 / 2.0;
    assert!(
        matches!(e, UnawareError::Dlt(DltError::TooLarge { value, limit: 16_777_216, .. }) if value == expected as u64),
        "{e:?}"
    );
    assert!(e.to_string().contains("at most 16777216"), "{e}");
    // a complete graph of 600 nodes: every one of the 179,700 links
    let spec = RandomGraph { link_probability: 1.0, ..RandomGraph::with_coupling(600, Coupling::Tight) };
    let g = spec.generate(&mut rng).unwrap();
    assert_eq!(g.edges().len(), 600 * 599 / 2);
}
