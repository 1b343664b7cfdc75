//! The engine's message features used by Jia's resource-unaware strategies: probe copies,
//! CTC/PTC reports (instant and with per-hop latency), timers and interrupted computations.

use crate::dlt::CostScale;
use crate::dlt::engine::*;
use proptest::prelude::*;

fn chain3() -> Network {
    // 0 → 1 → 2 with z = 0.5 and 0.25, w = 2 and 1 (T_cm = T_cp = 1).
    Network::new(
        vec![Node::relay(None, 0.0), Node::computing(Some(0), 0.5, 2.0), Node::computing(Some(1), 0.25, 1.0)],
        CostScale::unit(),
    )
    .unwrap()
}

fn reports(sim: &mut Simulator<'_>) -> Vec<Report> {
    std::iter::from_fn(|| sim.step()).filter_map(|e| if let Event::Report(r) = e { Some(r) } else { None }).collect()
}

/// A copy forwards data without consuming it: node 1 computes its probe and passes the same
/// probe on, so node 2 gets it although node 1 received it only once.
#[test]
fn copy_forwards_a_probe_without_consuming_it() {
    let net = chain3();
    let plans = vec![
        vec![Action::Send { to: 1, amount: 2.0 }],
        vec![Action::Copy { to: 2, amount: 2.0 }, Action::Compute { amount: 2.0 }],
        vec![Action::Compute { amount: 2.0 }],
    ];
    let t = simulate(&net, &plans).unwrap();
    // Reception 0 → 1 ends at 1.0; the copy 1 → 2 takes 0.5 and the computation 4.
    assert_eq!(t.nodes[1].receptions[0].end, 1.0);
    assert_eq!((t.nodes[2].receptions[0].start, t.nodes[2].receptions[0].end), (1.0, 1.5));
    assert_eq!(t.nodes[1].finish, Some(5.0));
    assert_eq!(t.nodes[2].finish, Some(3.5));
    // A send of the same amount instead of the copy would leave node 1 nothing to compute.
    let mut bad = plans.clone();
    bad[1][0] = Action::Send { to: 2, amount: 2.0 };
    assert!(matches!(simulate(&net, &bad), Err(crate::dlt::DltError::InfeasibleStructure { .. })));
    // A copy needs its data: copying more than was received never starts.
    let mut bad = plans;
    bad[1][0] = Action::Copy { to: 2, amount: 3.0 };
    assert!(simulate(&net, &bad).is_err());
}

/// Reports carry the observed interval; with a report size they climb the tree hop by hop.
#[test]
fn reports_instant_and_with_latency() {
    let net = chain3();
    let push = |sim: &mut Simulator<'_>| {
        sim.push(0, Action::Send { to: 1, amount: 2.0 }).unwrap();
        sim.push(1, Action::Copy { to: 2, amount: 2.0 }).unwrap();
        sim.push(1, Action::Compute { amount: 2.0 }).unwrap();
        sim.push(2, Action::Compute { amount: 2.0 }).unwrap();
    };
    let mut sim = Simulator::new(&net).with_reports(Reports::instant()).unwrap();
    push(&mut sim);
    let r = reports(&mut sim);
    let got: Vec<(ReportKind, usize, f64, f64)> = r.iter().map(|r| (r.kind, r.node, r.start, r.arrival)).collect();
    assert_eq!(
        got,
        vec![
            (ReportKind::Ctc, 1, 0.0, 1.0),
            (ReportKind::Ctc, 2, 1.0, 1.5),
            (ReportKind::Ptc, 2, 1.5, 3.5),
            (ReportKind::Ptc, 1, 1.0, 5.0)
        ]
    );
    // The scheduler's estimates from the reports are the true speeds.
    assert_eq!((r[1].end - r[1].start) / r[1].amount, 0.25);
    assert_eq!((r[2].end - r[2].start) / r[2].amount, 1.0);
    // Report size 1: node 2's reports take 0.25 + 0.5 to reach node 0, node 1's take 0.5.
    let mut sim = Simulator::new(&net).with_reports(Reports { ctc: false, ptc: true, size: 1.0 }).unwrap();
    push(&mut sim);
    let r = reports(&mut sim);
    assert_eq!(r.len(), 2);
    assert_eq!((r[0].node, r[0].end, r[0].arrival), (2, 3.5, 4.25));
    assert_eq!((r[1].node, r[1].end, r[1].arrival), (1, 5.0, 5.5));
    // Reports never occupy the data plane: the trace is the same as without them.
    let mut quiet = Simulator::new(&net);
    push(&mut quiet);
    quiet.run().unwrap();
    assert_eq!(quiet.trace(), sim.trace());
    assert!(Simulator::new(&net).with_reports(Reports { ctc: true, ptc: true, size: -1.0 }).is_err());
}

#[test]
fn timers_fire_in_order_and_reject_nan() {
    let net = chain3();
    let mut sim = Simulator::new(&net);
    let late = sim.wake_at(2.0).unwrap();
    let early = sim.wake_at(1.0).unwrap();
    sim.push(0, Action::Send { to: 1, amount: 3.0 }).unwrap(); // ends at 1.5
    let ev: Vec<Event> = std::iter::from_fn(|| sim.step()).collect();
    assert_eq!(ev[0], Event::Timer { time: 1.0, id: early });
    assert_eq!(ev[1].time(), 1.5);
    assert_eq!(ev[2], Event::Timer { time: 2.0, id: late });
    assert!(sim.wake_at(f64::NAN).is_err());
    // A timer in the past fires now.
    let id = sim.wake_at(0.0).unwrap();
    assert_eq!(sim.step(), Some(Event::Timer { time: 2.0, id }));
}

/// Interrupting a computation on a time-varying processor keeps the part done, frees the
/// processor for the next action, and lowers the data later actions need.
#[test]
fn interrupt_keeps_the_done_part() {
    let mut nodes = chain3().nodes().to_vec();
    nodes[1].cpu = Some(SpeedProfile::piecewise(vec![(0.0, 2.0), (3.0, 1.0)]).unwrap());
    let net = Network::new(nodes, CostScale::unit()).unwrap();
    let mut sim = Simulator::new(&net).with_reports(Reports::instant()).unwrap();
    sim.push(0, Action::Send { to: 1, amount: 8.0 }).unwrap(); // node 1 has its data at 4.0
    sim.push(1, Action::Compute { amount: 6.0 }).unwrap();
    sim.push(1, Action::Send { to: 2, amount: 2.0 }).unwrap();
    assert_eq!(sim.interrupt(1).unwrap(), None); // not computing yet
    sim.run_until(5.0);
    // From 4.0 to 5.0 at w = 1: one unit done, five left.
    assert_eq!(sim.interrupt(1).unwrap(), Some(5.0));
    sim.push(1, Action::Compute { amount: 1.0 }).unwrap();
    let r = reports(&mut sim);
    let t = sim.trace();
    assert_eq!(t.nodes[1].computations[0].amount, 1.0);
    assert_eq!(t.nodes[1].computations[0].end, 5.0);
    assert_eq!(t.nodes[1].computations[1].end, 6.0);
    // The send still needed 1 + 2 = 3 units (≤ 8 received) and ran at 4.0.
    assert_eq!(t.nodes[1].sends[0].start, 4.0);
    // No PTC for the interrupted part: only the second computation reports.
    assert_eq!(r.iter().filter(|r| r.kind == ReportKind::Ptc && r.node == 1).count(), 1);
    assert!(sim.interrupt(99).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A probe percolating down any tree by copies: every node receives it once, computes it
    /// once, and the reports give T^c and T^p of the forward model (store-and-forward, single
    /// port, children in order).
    #[test]
    fn probe_copies_match_the_forward_model(
        parents in proptest::collection::vec(0usize..1000, 1..30),
        z in proptest::collection::vec(0.0f64..5.0, 30),
        w in proptest::collection::vec(0.1f64..10.0, 30),
        pl in 0.01f64..5.0,
    ) {
        let n = parents.len() + 1;
        let mut nodes = vec![Node::relay(None, 0.0)];
        for i in 1..n {
            nodes.push(Node::computing(Some(parents[i - 1] % i), z[i], w[i]));
        }
        let net = Network::new(nodes, CostScale::new(2.0, 1.0).unwrap()).unwrap();
        let mut sim = Simulator::new(&net).with_reports(Reports::instant()).unwrap();
        for v in 0..n {
            for &c in net.children(v) {
                let a = if v == 0 { Action::Send { to: c, amount: pl } } else { Action::Copy { to: c, amount: pl } };
                sim.push(v, a).unwrap();
            }
            if v > 0 {
                sim.push(v, Action::Compute { amount: pl }).unwrap();
            }
        }
        let mut tc = vec![0.0; n];
        let mut tp = vec![0.0; n];
        for r in reports(&mut sim) {
            match r.kind {
                ReportKind::Ctc => tc[r.node] = r.end,
                ReportKind::Ptc => tp[r.node] = r.end,
            }
        }
        // Forward model.
        let mut want_c = vec![0.0; n];
        for v in 0..n {
            let mut t = want_c[v];
            for &c in net.children(v) {
                t += pl * z[c];
                want_c[c] = t;
            }
        }
        for v in 1..n {
            prop_assert!((tc[v] - want_c[v]).abs() <= 1e-12 * (1.0 + want_c[v]));
            prop_assert!((tp[v] - (want_c[v] + 2.0 * pl * w[v])).abs() <= 1e-12 * (1.0 + tp[v]));
            prop_assert_eq!(sim.trace().nodes[v].receptions.len(), 1);
        }
    }
}

fn action(kind: u8, peer: usize, amount: f64) -> Action {
    match kind % 4 {
        0 => Action::Send { to: peer, amount },
        1 => Action::Copy { to: peer, amount },
        2 => Action::Compute { amount },
        _ => Action::Collect { from: peer, amount },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// No input panics the engine: arbitrary (often invalid) networks, plans, report sizes,
    /// timers and interrupts either run or return a typed error, and every event time is a
    /// number.
    #[test]
    fn no_input_panics_the_engine(
        parents in proptest::collection::vec(0usize..8, 0..7),
        z in proptest::collection::vec(prop_oneof![1 => Just(f64::NAN), 1 => Just(-1.0), 200 => 0.0f64..3.0], 8),
        w in proptest::collection::vec(prop_oneof![1 => Just(0.0), 1 => Just(f64::INFINITY), 200 => 0.1f64..3.0], 8),
        ports in proptest::collection::vec(prop_oneof![1 => Just(0u64), 100 => 1u64..3], 8),
        plan in proptest::collection::vec(
            (0usize..9, any::<u8>(), 0usize..9, prop_oneof![1 => Just(-1.0), 1 => Just(f64::NAN), 20 => 0.0f64..4.0]),
            0..24,
        ),
        size in prop_oneof![1 => Just(-1.0), 10 => 0.0f64..1.0],
        stops in proptest::collection::vec((0usize..9, 0.0f64..10.0), 0..4),
    ) {
        let n = parents.len() + 1;
        let mut nodes = vec![Node::computing(None, 0.0, w[0]).with_k_ports(ports[0])];
        for i in 1..n {
            let node = if i % 3 == 0 { Node::relay(Some(parents[i - 1] % i), z[i]) } else { Node::computing(Some(parents[i - 1] % i), z[i], w[i]) };
            nodes.push(node.with_k_ports(ports[i]));
        }
        let Ok(net) = Network::new(nodes, CostScale::unit()) else { return Ok(()) };
        let Ok(mut sim) = Simulator::new(&net).with_reports(Reports { ctc: true, ptc: true, size }) else {
            prop_assert!(size < 0.0);
            return Ok(());
        };
        for &(v, kind, peer, amount) in &plan {
            // Mostly real children (so that plans run), sometimes an arbitrary node (an error).
            let kids = net.children(v % n);
            let peer = if kids.is_empty() || peer == 8 { peer } else { kids[peer % kids.len()] };
            let _ = sim.push(v % n + usize::from(v == 8) * 8, action(kind, peer, amount));
        }
        for &(v, t) in &stops {
            let _ = sim.wake_at(t);
            sim.run_until(t);
            let _ = sim.interrupt(v);
        }
        let mut steps = 0;
        while let Some(e) = sim.step() {
            prop_assert!(!e.time().is_nan());
            steps += 1;
            prop_assert!(steps < 10_000);
        }
        let _ = sim.run();
        let t = sim.trace();
        prop_assert!(!t.makespan.is_nan() && !t.compute_makespan.is_nan());
    }
}
