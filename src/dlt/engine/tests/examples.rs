//! The examples of the engine's internal items, run as unit tests (the engine is crate-private).

#[test]
fn events_example_1() {
    use crate::dlt::engine::Action;
    assert_eq!(Action::Send { to: 2, amount: 5.0 }.to_string(), "send 5 units to node 2");
    assert_eq!(Action::Compute { amount: 1.5 }.to_string(), "compute 1.5 units");
}

#[test]
fn events_example_2() {
    use crate::dlt::engine::{Report, ReportKind};
    let r = Report { kind: ReportKind::Ptc, node: 2, start: 1.0, end: 3.0, amount: 4.0, arrival: 3.5 };
    assert_eq!(r.to_string(), "PTC from node 2: 4 units in [1, 3] s, arrived at 3.5 s");
}

#[test]
fn events_example_3() {
    use crate::dlt::CostScale;
    use crate::dlt::engine::{Action, Network, Node, Simulator};
    let net = Network::new(vec![Node::computing(None, 0.0, 2.0)], CostScale::unit()).unwrap();
    let mut sim = Simulator::new(&net);
    sim.push(0, Action::Compute { amount: 3.0 }).unwrap();
    let events = sim.run_until(10.0);
    assert_eq!(events[0].to_string(), "at 6 s: node 0 completed action 0 (compute 3 units)");
}

#[test]
fn events_example_4() {
    use crate::dlt::CostScale;
    use crate::dlt::engine::{Action, Completion, Network, Node, Simulator};
    let net = Network::new(vec![Node::computing(None, 0.0, 2.0)], CostScale::unit()).unwrap();
    let mut sim = Simulator::new(&net);
    sim.push(0, Action::Compute { amount: 3.0 }).unwrap();
    let c = sim.run_until(10.0)[0].completed().unwrap();
    assert_eq!(c, Completion { node: 0, action: Action::Compute { amount: 3.0 } });
}

#[test]
fn profile_example_1() {
    use crate::dlt::engine::SpeedProfile;
    // w = 1 until t = 2, then twice as slow: 3 units from t = 0 end at 2 + 1·2 = 4.
    let p = SpeedProfile::piecewise(vec![(0.0, 1.0), (2.0, 2.0)]).unwrap();
    assert_eq!(p.finish_time(0.0, 3.0, 1.0), 4.0);
}

#[test]
fn profile_example_2() {
    use crate::dlt::engine::SpeedProfile;
    let p = SpeedProfile::piecewise(vec![(0.0, 1.0), (2.0, 2.0)]).unwrap();
    assert_eq!(p.units_done(0.0, 4.0, 1.0), 3.0);
    assert_eq!(p.units_done(0.0, p.finish_time(0.0, 2.5, 1.0), 1.0), 2.5);
}

#[test]
fn schedule_example_1() {
    use crate::dlt::CostScale;
    use crate::dlt::engine::{Action, Network, Node, Schedule};
    let network =
        Network::new(vec![Node::relay(None, 0.0), Node::computing(Some(0), 1.0, 1.0)], CostScale::unit()).unwrap();
    let plans = vec![vec![Action::Send { to: 1, amount: 1.0 }], vec![Action::Compute { amount: 1.0 }]];
    let s = Schedule { network, plans };
    assert_eq!(s.to_string(), "schedule of 2 nodes, 2 actions");
    assert_eq!(s.simulate().unwrap().compute_makespan, 2.0);
}

#[test]
fn sim_example_1() {
    use crate::dlt::CostScale;
    use crate::dlt::engine::{Action, Network, Node, Simulator};
    // Two identical processors, a = c = 1: the originator keeps 2/3 and sends 1/3.
    let net =
        Network::new(vec![Node::computing(None, 0.0, 1.0), Node::computing(Some(0), 1.0, 1.0)], CostScale::unit())
            .unwrap();
    let mut sim = Simulator::new(&net);
    sim.push(0, Action::Send { to: 1, amount: 1.0 / 3.0 }).unwrap();
    sim.push(0, Action::Compute { amount: 2.0 / 3.0 }).unwrap();
    sim.push(1, Action::Compute { amount: 1.0 / 3.0 }).unwrap();
    sim.run().unwrap();
    let trace = sim.trace();
    assert!((trace.nodes[1].finish.unwrap() - 2.0 / 3.0).abs() < 1e-15);
    assert!((trace.makespan - 2.0 / 3.0).abs() < 1e-15);
}

#[test]
fn sim_example_2() {
    use crate::dlt::CostScale;
    use crate::dlt::engine::{Action, Event, Network, Node, ReportKind, Reports, Simulator};
    let net =
        Network::new(vec![Node::relay(None, 0.0), Node::computing(Some(0), 0.5, 2.0)], CostScale::unit()).unwrap();
    let mut sim = Simulator::new(&net).with_reports(Reports::instant()).unwrap();
    sim.push(0, Action::Send { to: 1, amount: 2.0 }).unwrap();
    sim.push(1, Action::Compute { amount: 2.0 }).unwrap();
    let reports: Vec<_> = std::iter::from_fn(|| sim.step())
        .filter_map(|e| if let Event::Report(r) = e { Some(r) } else { None })
        .collect();
    assert_eq!(reports[0].kind, ReportKind::Ctc);
    assert_eq!(reports[0].end, 1.0); // z·α = 0.5·2: the scheduler estimates z = 1/(2·1) = 0.5
    assert_eq!((reports[1].kind, reports[1].start, reports[1].end), (ReportKind::Ptc, 1.0, 5.0));
}

#[test]
fn sim_example_3() {
    use crate::dlt::CostScale;
    use crate::dlt::engine::{Action, Network, Node, Simulator};
    let net = Network::new(vec![Node::computing(None, 0.0, 2.0)], CostScale::unit()).unwrap();
    let mut sim = Simulator::new(&net);
    sim.push(0, Action::Compute { amount: 10.0 }).unwrap();
    sim.run_until(3.0);
    assert_eq!(sim.interrupt(0).unwrap(), Some(8.5)); // 1.5 units done at w = 2
    assert_eq!(sim.trace().nodes[0].computed, 1.5);
}

#[test]
fn sim_example_4() {
    use crate::dlt::CostScale;
    use crate::dlt::engine::{Action, Network, Node, Simulator};
    let net = Network::new(vec![Node::computing(None, 0.0, 1.0)], CostScale::unit()).unwrap();
    let mut sim = Simulator::new(&net);
    sim.push(0, Action::Compute { amount: 1.0 }).unwrap();
    assert_eq!(sim.run_until(2.5).len(), 1);
    sim.push(0, Action::Compute { amount: 1.0 }).unwrap(); // starts at 2.5
    sim.run().unwrap();
    assert_eq!(sim.now(), 3.5);
}

#[test]
fn profile_overflowing_last_segment_never_finishes() {
    use crate::dlt::engine::SpeedProfile;
    // The last segment's scaled inverse speed 1e308·2 overflows: the units never finish (an
    // infinite time the caller refuses), instead of an index past the last segment.
    let p = SpeedProfile::piecewise(vec![(0.0, 1.0), (2.0, 1e308)]).unwrap();
    assert_eq!(p.finish_time(0.0, 3.0, 2.0), f64::INFINITY);
    assert_eq!(p.finish_time(3.0, 1.0, 2.0), f64::INFINITY);
    // A finite last segment still ends where the closed form says: 1 unit at w = 1 until t = 2,
    // then 1 unit at 3·2 = 6 s.
    let q = SpeedProfile::piecewise(vec![(0.0, 1.0), (2.0, 3.0)]).unwrap();
    assert_eq!(q.finish_time(0.0, 2.0, 2.0), 8.0);
}
