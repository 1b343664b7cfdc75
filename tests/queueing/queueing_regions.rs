//! Jia's region model against the DSS simulator: the Table 5.3 bound dominates the
//! simulated queues, the two-region borrowing condition (5.10)–(5.11) separates bounded from
//! growing queues, and Case 2 queues grow without bound.

use loadbal::montecarlo::{MonteCarlo, stream};
use loadbal::queueing::{DssSim, RegionNetwork, StabilityCase, VacationRule};

/// μ̄_0 of Jia, eq. (5.11) from the network's rates, through the borrowing verdict at λ_0 = 0.
fn borrowed_rate(net: &RegionNetwork, lambda1: f64) -> f64 {
    net.borrowing([0.0, lambda1]).unwrap().mu_bar0
}

fn two_regions() -> RegionNetwork {
    // E^c = (3, 2), E^max = (1.5, 1.2), s̄ = 1: μ^c = (1/3, 1/2), μ^max = (2/3, 5/6).
    RegionNetwork::from_table(1.0, &[3.0, 2.0], &[], &[1.5, 1.2]).unwrap()
}

#[test]
fn idle_ratio_and_borrowed_rate_match_simulation() {
    let net = two_regions();
    let lambda1 = 0.2;
    let mu_bar0 = borrowed_rate(&net, lambda1);
    assert!((mu_bar0 - (2.0 / 3.0 * 0.6 + 1.0 / 3.0 * 0.4)).abs() < 1e-12);
    // λ_0 above μ_0^c but below μ̄_0: Case 3, stable by borrowing.
    let lambda0 = 0.9 * mu_bar0;
    assert_eq!(net.classify(&[lambda0, lambda1]).unwrap(), StabilityCase::Case3);
    let verdict = net.borrowing([lambda0, lambda1]).unwrap();
    assert!(verdict.stable);
    let mc = MonteCarlo::new(21, 16).unwrap();
    let busy = mc
        .estimate(|_, rng| {
            DssSim::new(vec![lambda0, lambda1], 50_000.0, 1_000.0)
                .run(&net, rng)
                .map_or(f64::NAN, |o| o.busy_fraction[1])
        })
        .unwrap();
    let idle = verdict.idle_ratio;
    assert!((idle - 0.6).abs() < 1e-15); // (5.10): (1/2 − 0.2)/(1/2)
    // Region 1 is served at μ_1^c whenever region 0 is busy, which it nearly always is.
    assert!((1.0 - busy.mean - idle).abs() < 0.03, "simulated idle {} vs (5.10) {idle}", 1.0 - busy.mean);
}

#[test]
fn borrowing_condition_separates_bounded_from_growing_queues() {
    let net = two_regions();
    let lambda1 = 0.2;
    let mu_bar0 = borrowed_rate(&net, lambda1);
    let final_volume = |lambda0: f64, h: f64| {
        DssSim::new(vec![lambda0, lambda1], h, 0.0).run(&net, &mut stream(22, 0)).unwrap().final_queue_volume[0]
    };
    // Below μ̄_0 the queue does not grow with the horizon; above it grows linearly.
    let below = final_volume(0.85 * mu_bar0, 200_000.0);
    let above = final_volume(1.15 * mu_bar0, 200_000.0);
    assert!(below < 200.0, "{below}");
    assert!(above > 0.02 * 200_000.0, "{above}");
    let v = net.borrowing([1.15 * mu_bar0, lambda1]);
    assert!(!v.unwrap().stable);
}

#[test]
fn table_5_3_bounds_dominate_long_simulations() {
    let inf = f64::INFINITY;
    let net = RegionNetwork::from_table(
        3.0,
        &[3.3, 4.5, 2.7],
        &[vec![inf, 2.9, 2.65], vec![3.5, inf, 3.3], vec![2.5, 2.4, inf]],
        &[2.5, 2.8, 2.25],
    )
    .unwrap();
    let mc = MonteCarlo::new(23, 8).unwrap();
    for lambda in [[1.0 / 15.0; 3], [1.0 / 17.0, 1.0 / 18.0, 1.0 / 13.0]] {
        let bound = net.queue_bounds(&lambda, VacationRule::OwnMax).unwrap();
        let est = DssSim::new(lambda.to_vec(), 100_000.0, 1_000.0).estimate(&net, &mc).unwrap();
        for (e, b) in est.iter().zip(&bound) {
            assert!(e.mean + 3.0 * e.std_err < *b, "{e:?} vs {b}");
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn region_network_round_trips_through_json() {
    let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.4, 1.0).unwrap();
    let text = serde_json::to_string(&net).unwrap();
    let back: RegionNetwork = serde_json::from_str(&text).unwrap();
    assert_eq!(back, net);
    let case = net.classify(&[0.1; 3]).unwrap();
    let back: StabilityCase = serde_json::from_str(&serde_json::to_string(&case).unwrap()).unwrap();
    assert_eq!(back, case);
}

#[test]
fn lender_queue_attains_the_bound_when_borrower_saturates() {
    // §5.4 Case 3: when λ_0 ≥ μ̄_0, region 0 is always busy and region 1 is exactly an M/M/1
    // queue at μ_1^c with exponential vacations at μ_0^max, so (5.9) with μ_0^max is exact.
    let net = two_regions();
    let lambda1 = 0.3;
    let mu_bar0 = borrowed_rate(&net, lambda1);
    let lambda = [1.3 * mu_bar0, lambda1];
    let v = net.borrowing(lambda).unwrap();
    assert!(!v.stable);
    let mc = MonteCarlo::new(24, 16).unwrap();
    let est = DssSim::new(lambda.to_vec(), 40_000.0, 2_000.0).estimate(&net, &mc).unwrap();
    assert!(est[1].agrees_with(v.q1_bound, 4.0), "simulated {:?} vs exact {}", est[1], v.q1_bound);
}

/// A region index past the last region has no vacation rate (`None`, as `capacity` and `rate`
/// answer); it indexed past μ^max and panicked before. In range, the rate is 1/(s̄·E^max).
#[test]
fn vacation_rate_of_a_missing_region_is_none() {
    let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
    for rule in [VacationRule::OwnMax, VacationRule::MinOverOthers] {
        for region in [3, 99, usize::MAX] {
            assert_eq!(net.vacation_rate(region, rule), None);
        }
        let own = net.vacation_rate(2, rule).unwrap();
        assert!((own - 1.0 / (3.0 * 1.65)).abs() < 1e-16, "{own}");
    }
}

/// `DssOutcome`'s fields are public, and its `Display` indexed every column by the position in
/// `queue_volume`: an outcome built by hand (or deserialised) with shorter columns panicked when
/// printed. Missing entries now print as NaN (a count as "-"); whole outcomes print as before.
#[test]
fn a_dss_outcome_with_short_columns_displays_without_panicking() {
    use loadbal::queueing::DssOutcome;
    let full = DssOutcome {
        queue_volume: vec![1.5],
        queue_count: vec![0.25],
        final_queue_volume: vec![3.0],
        busy_fraction: vec![0.5],
        completed: vec![7],
    };
    assert_eq!(
        full.to_string(),
        "source 0: queued volume 1.5, waiting loads 0.25, busy 0.5, completed 7, final volume 3"
    );
    let short = DssOutcome { queue_volume: vec![1.5, 2.0], ..full };
    assert_eq!(
        short.to_string(),
        "source 0: queued volume 1.5, waiting loads 0.25, busy 0.5, completed 7, final volume 3\n\
         source 1: queued volume 2, waiting loads NaN, busy NaN, completed -, final volume NaN"
    );
}

#[cfg(feature = "serde")]
/// `RegionNetwork` and `JacksonNetwork` read from JSON went in unchecked: a capacity table
/// shorter than `2^regions · regions` entries, or service rates and server counts fewer than the
/// nodes, deserialised and then panicked on an index (`rate`, `solve`). Both go through their
/// constructors on the way in; valid values round-trip.
#[test]
fn networks_are_checked_when_deserialised() {
    use loadbal::queueing::{JacksonNetwork, QueueingError};
    use nalgebra::DMatrix;
    let net = RegionNetwork::new(1, 2.0, vec![0.0, 4.0]).unwrap();
    let text = serde_json::to_string(&net).unwrap();
    assert_eq!(text, r#"{"regions":1,"mean_size":2.0,"capacity":[0.0,4.0]}"#);
    assert_eq!(serde_json::from_str::<RegionNetwork>(&text).unwrap(), net);
    let e = serde_json::from_str::<RegionNetwork>(r#"{"regions":2,"mean_size":2.0,"capacity":[0.0,4.0]}"#)
        .unwrap_err()
        .to_string();
    let want = QueueingError::DimensionMismatch { what: "capacity table", got: 2, expected: 8 }.to_string();
    assert!(e.contains(&want), "{e}");
    let jackson = JacksonNetwork::new(vec![1.0, 0.0], vec![2.0, 3.0], vec![1, 1], DMatrix::zeros(2, 2)).unwrap();
    let text = serde_json::to_string(&jackson).unwrap();
    assert_eq!(serde_json::from_str::<JacksonNetwork>(&text).unwrap(), jackson);
    let short = text.replacen("\"mu\":[2.0,3.0]", "\"mu\":[2.0]", 1);
    assert_ne!(short, text);
    let e = serde_json::from_str::<JacksonNetwork>(&short).unwrap_err().to_string();
    let want = QueueingError::DimensionMismatch { what: "service rates mu", got: 1, expected: 2 }.to_string();
    assert!(e.contains(&want), "{e}");
}
