//! Every queueing formula against the discrete-event simulators, on the Monte Carlo harness:
//! agreement within a few standard errors, and unbounded growth when the check says unstable.

use loadbal::law::Law;
use loadbal::montecarlo::{Estimate, MonteCarlo, stream};
use loadbal::queueing::{
    JacksonNetwork, QueueingError, RegionNetwork, ServiceMoments, Station, StationMetrics, StationSim, VacationRule,
    erlang_b,
};
use nalgebra::DMatrix;

const K: f64 = 4.5;

fn mc(seed: u64) -> MonteCarlo {
    MonteCarlo::new(seed, 24).unwrap()
}

fn check(name: &str, theory: &StationMetrics, sim: &StationSim, seed: u64) {
    let est = sim.estimate(&mc(seed)).unwrap();
    let pairs: [(&str, f64, Estimate); 6] = [
        ("wq", theory.wq, est.wq),
        ("w", theory.w, est.w),
        ("p_wait", theory.p_wait, est.p_wait),
        ("p_block", theory.p_block, est.p_block),
        ("lq", theory.lq, est.lq),
        ("l", theory.l, est.l),
    ];
    for (what, value, e) in pairs {
        let ok = e.agrees_with(value, K) || (e.std_err == 0.0 && (e.mean - value).abs() < 1e-12);
        assert!(ok, "{name} {what}: theory {value}, simulated {} ± {}", e.mean, e.std_err);
    }
}

#[test]
fn mm1_against_lindley() {
    let sim = StationSim::new(0.7, Law::exponential(1.0).unwrap()).customers(40_000, 4_000);
    check("M/M/1", &Station::mm1(0.7, 1.0).map(|s| s.metrics()).unwrap(), &sim, 1);
}

#[test]
fn md1_and_mg1_against_lindley() {
    let d = StationSim::new(0.8, Law::deterministic(1.0).unwrap()).customers(40_000, 4_000);
    check("M/D/1", &Station::md1(0.8, 1.0).map(|s| s.metrics()).unwrap(), &d, 2);
    let g = Law::gamma_mean_scv(0.5, 2.5).unwrap();
    let sim = StationSim::new(1.2, g).customers(40_000, 4_000);
    check("M/G/1", &Station::mg1(1.2, &ServiceMoments::from_law(&g).unwrap()).map(|s| s.metrics()).unwrap(), &sim, 3);
}

#[test]
fn mmc_against_event_queue() {
    let sim = StationSim::new(2.4, Law::exponential(1.0).unwrap()).servers(3).customers(40_000, 4_000);
    check("M/M/3", &Station::mmc(2.4, 1.0, 3).map(|s| s.metrics()).unwrap(), &sim, 4);
}

#[test]
fn finite_buffers_against_event_queue() {
    let sim = StationSim::new(1.1, Law::exponential(1.0).unwrap()).capacity(5).customers(40_000, 4_000);
    check("M/M/1/5", &Station::mm1k(1.1, 1.0, 5).map(|s| s.metrics()).unwrap(), &sim, 5);
    let sim = StationSim::new(5.0, Law::exponential(1.0).unwrap()).servers(4).capacity(7).customers(40_000, 4_000);
    check("M/M/4/7", &Station::mmck(5.0, 1.0, 4, 7).map(|s| s.metrics()).unwrap(), &sim, 6);
    // Loss system M/M/5/5: blocking is Erlang B.
    let sim = StationSim::new(4.0, Law::exponential(1.0).unwrap()).servers(5).capacity(5).customers(40_000, 4_000);
    let loss = Station::mmck(4.0, 1.0, 5, 5).map(|s| s.metrics()).unwrap();
    assert!((loss.p_block - erlang_b(4.0, 5).unwrap()).abs() < 1e-12);
    check("M/M/5/5", &loss, &sim, 10);
}

#[test]
fn vacation_model_against_simulation() {
    // Jia, eq. (5.4) with exponential service and exponential (and constant) vacations.
    let s = Law::exponential(0.5).unwrap();
    for (seed, v) in [(7, Law::exponential(1.0 / 3.0).unwrap()), (8, Law::deterministic(1.5).unwrap())] {
        let sim = StationSim::new(0.3, s).vacation(v).customers(40_000, 4_000);
        let theory =
            Station::mg1_vacation(0.3, &ServiceMoments::from_law(&s).unwrap(), &ServiceMoments::from_law(&v).unwrap())
                .map(|s| s.metrics())
                .unwrap();
        check("M/G/1 with vacations", &theory, &sim, seed);
    }
}

#[test]
fn jackson_network_against_ctmc() {
    // Three nodes: 0 → {1, 2}, 1 → 0 (feedback), 2 → exit; node 2 has two servers.
    let p = DMatrix::from_row_slice(3, 3, &[0.0, 0.4, 0.5, 0.3, 0.0, 0.0, 0.0, 0.0, 0.0]);
    let net = JacksonNetwork::new(vec![1.0, 0.5, 0.0], vec![3.0, 2.0, 0.5], vec![1, 1, 2], p).unwrap();
    let sol = net.solve().unwrap();
    let est = net.estimate(20_000.0, 500.0, &mc(9)).unwrap();
    for (i, (node, e)) in sol.nodes.iter().zip(&est).enumerate() {
        assert!(e.agrees_with(node.l, K), "node {i}: theory {}, simulated {e:?}", node.l);
    }
    assert!((sol.mean_sojourn * sol.throughput - sol.total_in_system).abs() < 1e-12);
}

#[test]
fn unstable_station_grows_without_bound() {
    // ρ = 1.25: the check refuses, and the simulated wait grows like n·(1/μ − 1/λ).
    assert!(
        matches!(Station::mm1(1.25, 1.0).map(|s| s.metrics()), Err(QueueingError::Unstable { rho }) if rho == 1.25)
    );
    let run = |n: u64| {
        let sim = StationSim::new(1.25, Law::exponential(1.0).unwrap()).customers(n, 0);
        sim.run(&mut stream(11, 0)).unwrap().last_wait
    };
    let (short, long) = (run(20_000), run(200_000));
    let drift = 1.0 - 1.0 / 1.25;
    assert!(long > 5.0 * short, "{short} {long}");
    assert!((long / 200_000.0 - drift).abs() < 0.02, "{}", long / 200_000.0);
}

#[test]
fn unstable_multi_server_grows_without_bound() {
    assert!(Station::mmc(3.3, 1.0, 3).map(|s| s.metrics()).is_err());
    let run = |n: u64| {
        let sim = StationSim::new(3.3, Law::exponential(1.0).unwrap()).servers(3).customers(n, 0);
        sim.run(&mut stream(12, 0)).unwrap().last_wait
    };
    assert!(run(100_000) > 5.0 * run(10_000));
}

#[test]
fn region_bound_dominates_dss_simulation() {
    // Table 5.1, tightly coupled: the bound holds but is loose (Jia, §5.5.2).
    let tight = RegionNetwork::symmetric_three(3.0, 2.0, 1.4, 1.0).unwrap();
    let bound = tight.queue_bounds(&[0.1; 3], VacationRule::OwnMax).unwrap();
    let sim = loadbal::queueing::DssSim::new(vec![0.1; 3], 50_000.0, 1_000.0);
    let est = sim.estimate(&tight, &mc(13)).unwrap();
    for (e, b) in est.iter().zip(&bound) {
        assert!(e.mean < 0.6 * b, "{e:?} against bound {b}");
    }
}

#[test]
fn unstable_vacation_queue_and_jackson_network_grow() {
    let s = Law::exponential(1.0).unwrap();
    let v = Law::exponential(0.5).unwrap();
    assert!(matches!(
        Station::mg1_vacation(1.1, &ServiceMoments::from_law(&s).unwrap(), &ServiceMoments::from_law(&v).unwrap())
            .map(|s| s.metrics()),
        Err(QueueingError::Unstable { .. })
    ));
    let wait = |n: u64| StationSim::new(1.1, s).vacation(v).customers(n, 0).run(&mut stream(14, 0)).unwrap().last_wait;
    assert!(wait(100_000) > 5.0 * wait(10_000));

    // Node 1 receives λ_1 = 3.2 > μ_1 = 3: the solver refuses, and its time-average population
    // grows with the horizon.
    let p = DMatrix::from_row_slice(2, 2, &[0.0, 1.0, 0.5, 0.0]);
    let hot = JacksonNetwork::new(vec![1.6, 0.0], vec![4.0, 3.0], vec![1, 1], p).unwrap();
    assert!(matches!(hot.solve(), Err(QueueingError::Unstable { rho }) if rho > 1.0));
    let mean_at = |h: f64| hot.simulate(h, 0.0, &mut stream(15, 0)).unwrap()[1];
    let (short, long) = (mean_at(5_000.0), mean_at(50_000.0));
    assert!(long > 4.0 * short && long > 100.0, "{short} {long}");
}
