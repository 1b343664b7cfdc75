//! Linear chains with unknown speeds (Jia, ch. 2): closed forms G13–G16, ESS/WCS/pureDLT,
//! and the Tables 2.1/2.2 Monte Carlo properties (G27).

use loadbal::dlt::Chain;
use loadbal::dlt::CostScale;
use loadbal::dlt::unaware::*;
use loadbal::montecarlo::MonteCarlo;
use loadbal_papers::fixtures::jia;
use loadbal_papers::jia_chains::*;
use proptest::prelude::*;

/// T_cp = 2, T_cm = 1 (Jia's examples).
fn scale() -> CostScale {
    CostScale::new(2.0, 1.0).expect("T_cp = 2, T_cm = 1 is a valid scale")
}
/// L = 100, η = 0.03: η·L = 3.
const PROBE: Probe = Probe { load: 100.0, eta: 0.03 };

/// G13: ESS phase_1 from the closed forms and from the chain solver on the lumped pair.
#[test]
fn g13_ess_phase1() {
    let pair = Chain::new(vec![4.5, 2.5], vec![0.5]);
    let e = pair.ess_phase1(PROBE, 7.0, scale()).unwrap();
    assert!((e.trigger - 16.5).abs() < 1e-12);
    assert!((e.alpha_root - 0.3793103).abs() < 1e-7);
    assert!((e.l1_prime - 5.1666667).abs() < 1e-7);
    assert!((e.duration - 17.6379310).abs() < 1e-7);
    let t = pair.front_end_distribution(e.l1_prime, scale()).unwrap().duration;
    assert!((t - e.duration).abs() < 1e-9);
    assert!((e.trigger + e.duration - 34.1379310).abs() < 1e-7);
    assert!((e.theta - 3.4137931).abs() < 1e-7);
    assert!(matches!(pair.ess_phase1(PROBE, 1.0, scale()), Err(UnawareError::InvalidParameter { .. })));
    let triple = Chain::new(vec![4.5, 2.5, 2.2], vec![0.5, 0.3]);
    assert!(matches!(triple.ess_phase1(PROBE, 7.0, scale()), Err(UnawareError::LengthMismatch { .. })));
    assert_eq!(
        e.to_string(),
        "ESS phase_1: trigger 16.500000, duration 17.637931, ends 34.137931; alpha_1 = 0.379310, alpha_j = 0.620690, L_1' = 5.166667"
    );
}

/// G14: WCS(2) phase_1, and the same duration from the chain solver.
#[test]
fn g14_wcs2_phase1() {
    let triple = Chain::new(vec![4.5, 2.5, 2.2], vec![0.5, 0.3]);
    let w = triple.wcs2_phase1(PROBE, 7.0, scale()).unwrap();
    assert!((w.alpha_root - 0.2451362).abs() < 1e-7);
    assert!((w.alpha_i - 0.3657588).abs() < 1e-7);
    assert!((w.alpha_j - 0.3891051).abs() < 1e-7);
    assert!((w.alpha_root + w.alpha_i + w.alpha_j - 1.0).abs() < 1e-12);
    assert!((w.trigger - 16.5).abs() < 1e-12);
    assert!((w.duration - 11.3988327).abs() < 1e-6);
    assert!((w.theta - 2.2062257).abs() < 1e-7);
    let phase = triple.front_end_distribution(7.0 - 16.5 / 9.0, scale()).unwrap();
    assert!((phase.duration - w.duration).abs() < 1e-9);
    assert!((phase.loads[1] / phase.loads.iter().sum::<f64>() - w.alpha_i).abs() < 1e-9);
    assert_eq!(
        w.to_string(),
        "WCS(2) phase_1: trigger 16.500000, duration 11.398833, ends 27.898833; alpha_1 = 0.245136, alpha_i = 0.365759, alpha_j = 0.389105, gamma = 0.940000"
    );
}

/// G15: the critical L_1, where the two phase-1 ends computed by `Chain::ess_phase1` (ESS on P_j,
/// the first responder, over the lumped link 0.5 + 0.3) and `Chain::wcs2_phase1` coincide.
#[test]
fn g15_critical_l1() {
    let triple = Chain::new(vec![4.5, 2.5, 2.2], vec![0.5, 0.3]);
    let lc = triple.critical_l1(PROBE, scale()).unwrap();
    assert!((lc - 2.3568734).abs() < 1e-7);
    let pair = Chain::new(vec![4.5, 2.2], vec![0.8]);
    let ends = |l1: f64| {
        let e = pair.ess_phase1(PROBE, l1, scale()).unwrap();
        let w = triple.wcs2_phase1(PROBE, l1, scale()).unwrap();
        (e.trigger + e.duration, w.trigger + w.duration)
    };
    let (e, w) = ends(lc);
    assert!((e - 17.655048).abs() < 1e-6 && (w - e).abs() < 1e-12 * e, "{e} {w}");
    let (e, w) = ends(lc + 1.0);
    assert!(w < e);
    // P_i first (γ > 1): the other branch of the closed form, against the two phase ends.
    let slow_j = Chain::new(vec![4.5, 2.5, 6.0], vec![0.5, 0.3]);
    let lc = slow_j.critical_l1(PROBE, scale()).unwrap();
    let pair_i = Chain::new(vec![4.5, 2.5], vec![0.5]);
    let e = pair_i.ess_phase1(PROBE, lc, scale()).unwrap();
    let w = slow_j.wcs2_phase1(PROBE, lc, scale()).unwrap();
    assert!(((e.trigger + e.duration) - (w.trigger + w.duration)).abs() < 1e-12 * lc * 10.0, "{e} {w}");
    assert!(pair.critical_l1(PROBE, scale()).is_err());
}

/// G16: the chain recursion.
#[test]
fn g16_chain() {
    let c = Chain::new(vec![4.5, 2.5, 3.0, 2.0], vec![0.3, 0.5, 0.4]);
    let phase = c.front_end_distribution(10.0, scale()).unwrap();
    for (a, b) in phase.loads.iter().zip([1.95707, 3.04015, 2.11656, 2.88622]) {
        assert!((a - b).abs() < 1e-5);
    }
    assert!((phase.duration - 17.6136315).abs() < 1e-6);
    assert_eq!(
        c.to_string(),
        "chain of 4: w = [4.500000, 2.500000, 3.000000, 2.000000], z = [0.300000, 0.500000, 0.400000]"
    );
}

#[test]
fn strategies_reject_bad_input() {
    let c = Chain::new(vec![4.5, 2.5, 3.0], vec![0.3, 0.5]);
    let cfg = jia::chain_config(0.03, 0.07);
    assert_eq!(c.phased_schedule(&cfg, 3), Err(UnawareError::TooFewResponders { k: 3, available: 2 }));
    assert!(matches!(c.phased_schedule(&jia::chain_config(0.0, 0.07), 1), Err(UnawareError::InvalidParameter { .. })));
    assert!(matches!(c.phased_schedule(&jia::chain_config(0.07, 0.03), 1), Err(UnawareError::InvalidParameter { .. })));
    let bad = Chain::new(vec![4.5, 0.0, 3.0], vec![0.3, 0.5]);
    assert!(bad.phased_schedule(&cfg, 1).is_err());
    let short = Chain::new(vec![4.5, 2.0], vec![]);
    assert!(matches!(short.pure_dlt(&cfg, RootWhileWaiting::Idle), Err(UnawareError::LengthMismatch { .. })));
}

/// G27 (part): on the Monte Carlo harness, WCS beats pureDLT in a Table 2.1 cell and a
/// Table 2.2 cell, WCS beats ESS (paired) at r_f = 0.75, η = 0.03, and ESS, WCS improve with n.
#[test]
fn g27_monte_carlo_properties() {
    let cfg = jia::chain_config(0.03, 0.07);
    let c5 = chain_experiment(&ChainSampler::thesis(5, 0.75), &cfg, &MonteCarlo::new(3, 400).unwrap()).unwrap();
    let c20 = chain_experiment(&ChainSampler::thesis(20, 0.75), &cfg, &MonteCarlo::new(3, 400).unwrap()).unwrap();
    assert!(c5.pure.mean - c5.wcs.mean > 4.0 * (c5.pure.std_err + c5.wcs.std_err));
    assert!(c5.ess_minus_wcs.mean > 3.0 * c5.ess_minus_wcs.std_err);
    assert!(c20.ess.mean < c5.ess.mean && c20.wcs.mean < c5.wcs.mean);
    let slow = chain_experiment(
        &ChainSampler::thesis(8, 0.25),
        &jia::chain_config(0.07, 0.07),
        &MonteCarlo::new(3, 400).unwrap(),
    )
    .unwrap();
    assert!(slow.pure.mean > slow.wcs.mean);
    // The reference's recomputation (2000 runs): r_f = 0.75, ε = 0.07, η = 0.03, n = 5: 180.5 / 176.9 / 187.3.
    assert!(c5.ess.agrees_with(180.5, 5.0) && c5.wcs.agrees_with(176.9, 5.0) && c5.pure.agrees_with(187.3, 5.0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every strategy conserves the load: the root's early work plus the phase loads equal
    /// L − η·L, loads are non-negative, and phases are contiguous.
    #[test]
    fn chain_schedules_conserve(seed in 0u64..10_000, n in 2usize..15, k in 1usize..4, eta in 0.01f64..0.1, extra in 0.0f64..0.1) {
        use rand::SeedableRng;
        let chain = ChainSampler::thesis(n, 0.5).sample(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
        let cfg = jia::chain_config(eta, eta + extra);
        prop_assume!(k < n);
        let s = chain.phased_schedule(&cfg, k as u64).unwrap();
        if let Some(first) = s.phases.first() {
            let early = first.start / (chain.w[0] * cfg.scale.t_cp());
            let total: f64 = s.phases.iter().map(|p| p.load).sum::<f64>() + early;
            prop_assert!((total - cfg.load * (1.0 - eta)).abs() < 1e-9 * cfg.load);
            for p in &s.phases {
                prop_assert!(p.loads.iter().all(|&x| x >= 0.0));
                prop_assert!((p.loads.iter().sum::<f64>() - p.load).abs() < 1e-9 * cfg.load);
            }
            for w in s.phases.windows(2) {
                prop_assert!((w[0].start + w[0].duration - w[1].start).abs() < 1e-9 * s.finish_time);
                prop_assert!(w[1].participants.len() >= w[0].participants.len());
            }
        }
        let pure = chain.pure_dlt(&cfg, RootWhileWaiting::Idle).unwrap();
        let eager = chain.pure_dlt(&cfg, RootWhileWaiting::Compute).unwrap();
        prop_assert!(eager <= pure + 1e-9);
    }
}

/// The one-line (or one line per phase) summaries of the chain results; phase 1 is G13's.
#[test]
fn chain_results_display() {
    let c = Chain::new(vec![4.5, 2.5, 3.0], vec![0.5, 0.2]);
    let cfg = jia::chain_config(0.03, 0.07);
    let p = c.probe_times(cfg.probe(), cfg.scale).unwrap();
    assert_eq!(
        p.to_string(),
        "chain probe of 3 processors: T^c = [0.000000, 1.500000, 2.100000], T^p = [0.000000, 16.500000, 20.100000]"
    );
    let s = c.phased_schedule(&cfg, 1).unwrap();
    assert_eq!(
        s.to_string(),
        "T_overall = 249.902123 in 3 phases\n  \
         phase 1: load 5.166667 on 2 processors [P_1, P_2]: 16.500000 -> 34.137931 (duration 17.637931)\n  \
         phase 2: load 32.142857 on 3 processors [P_1, P_2, P_3]: 34.137931 -> 111.196571 (duration 77.058640)\n  \
         phase 3: load 57.857143 on 3 processors [P_1, P_2, P_3]: 111.196571 -> 249.902123 (duration 138.705552)"
    );
    let run = c.run_unaware(&cfg, ChainStrategy::Wcs(1)).unwrap();
    assert_eq!(
        run.to_string(),
        "engine run: finish 249.902123, trigger 16.500000, 3 phases, responders [P_2, P_3], probe finish 20.100000"
    );
    let cell = chain_experiment(&ChainSampler::thesis(5, 0.75), &cfg, &MonteCarlo::new(3, 50).unwrap()).unwrap();
    let text = cell.to_string();
    assert!(text.starts_with("T-ESS ") && text.contains(" ± ") && text.contains("(n = 50)"), "{text}");
    assert!(text.contains("; engine gap (relative) "), "{text}");
}
