//! The event engine on hand-checked schedules.

use crate::dlt::engine::*;
use crate::dlt::{CostScale, DltError, Ports};

fn unit() -> CostScale {
    CostScale::unit()
}

#[test]
fn store_and_forward_chain() {
    // 0 → 1 → 2, c = 1 per link, a = 1: node 0 sends 2 units to node 1 (t = 2), which forwards
    // 1 unit to node 2 (t = 3) and computes its 1 unit from t = 2 (front-end) to t = 3.
    let net = Network::new(
        vec![Node::relay(None, 0.0), Node::computing(Some(0), 1.0, 1.0), Node::computing(Some(1), 1.0, 1.0)],
        unit(),
    )
    .unwrap();
    let plans = vec![
        vec![Action::Send { to: 1, amount: 2.0 }],
        vec![Action::Send { to: 2, amount: 1.0 }, Action::Compute { amount: 1.0 }],
        vec![Action::Compute { amount: 1.0 }],
    ];
    let t = simulate(&net, &plans).unwrap();
    assert_eq!(t.nodes[1].receptions[0].end, 2.0);
    assert_eq!(t.nodes[1].finish, Some(3.0));
    assert_eq!(t.nodes[2].receptions[0].start, 2.0);
    assert_eq!(t.nodes[2].finish, Some(4.0));
    assert_eq!(t.compute_makespan, 4.0);
    // Without a front-end node 1 computes after its send: 3 → 4.
    let mut nodes = net.nodes().to_vec();
    nodes[1].front_end = false;
    let t = simulate(&Network::new(nodes, unit()).unwrap(), &plans).unwrap();
    assert_eq!(t.nodes[1].computations[0].start, 3.0);
    assert_eq!(t.nodes[1].finish, Some(4.0));
}

#[test]
fn ports_startups_and_collections() {
    let mk = |ports| {
        Network::new(
            vec![
                Node::relay(None, 0.0).with_ports(ports),
                Node::computing(Some(0), 1.0, 1.0).with_startups(0.5, 0.25),
                Node::computing(Some(0), 2.0, 1.0),
            ],
            unit(),
        )
        .unwrap()
    };
    let plans = vec![
        vec![
            Action::Send { to: 1, amount: 1.0 },
            Action::Send { to: 2, amount: 1.0 },
            Action::Collect { from: 2, amount: 0.5 },
            Action::Collect { from: 1, amount: 1.0 },
        ],
        vec![Action::Compute { amount: 1.0 }],
        vec![Action::Compute { amount: 1.0 }],
    ];
    // Single port: send 1 ends 1.5, send 2 ends 3.5; node 1 computes 1.5+0.25 → 2.75; node 2 3.5 → 4.5;
    // collect from 2 (z = 2, 0.5 units) 4.5 → 5.5; collect from 1 (S = 0.5) 5.5 → 7.
    let t = simulate(&mk(Ports::Single), &plans).unwrap();
    assert_eq!(t.nodes[1].finish, Some(2.75));
    assert_eq!(t.nodes[2].finish, Some(4.5));
    assert_eq!(t.nodes[0].collections[1].end, 7.0);
    assert_eq!(t.makespan, 7.0);
    assert_eq!(t.compute_makespan, 4.5);
    // All ports: both sends from 0; node 2 receives at 2, computes to 3, returns by 4;
    // node 1 finishes 2.75, returns 2.75 + 0.5 + 1 = 4.25.
    let t = simulate(&mk(Ports::All), &plans).unwrap();
    assert_eq!(t.nodes[2].finish, Some(3.0));
    assert_eq!(t.makespan, 4.25);
    let csv = t.gantt_csv();
    assert!(csv.starts_with("node,kind,start,end,amount,peer\n"));
    assert_eq!(csv.lines().count(), 1 + t.gantt().len());
    assert_eq!(t.gantt().len(), 2 + 2 + 2 + 2);
}

#[test]
fn time_varying_speed_and_stepping() {
    let mut nodes = vec![Node::computing(None, 0.0, 1.0), Node::computing(Some(0), 1.0, 1.0)];
    nodes[1].cpu = Some(SpeedProfile::piecewise(vec![(0.0, 1.0), (2.0, 4.0), (3.0, 1.0)]).unwrap());
    let net = Network::new(nodes, unit()).unwrap();
    let mut sim = Simulator::new(&net);
    sim.push(0, Action::Send { to: 1, amount: 1.5 }).unwrap();
    let e = sim.step().unwrap();
    assert_eq!((e.time(), e.completed().map(|c| c.node)), (1.5, Some(0)));
    // React to the event: compute 1.5 units from t = 1.5: 0.5 by t = 2, 0.25 by t = 3 (w = 4),
    // the last 0.75 by 3.75.
    sim.push(1, Action::Compute { amount: 1.5 }).unwrap();
    let e = sim.step().unwrap();
    assert_eq!(e.time(), 3.75);
    assert!(sim.step().is_none());
    assert_eq!(sim.now(), 3.75);
}

#[test]
fn engine_errors() {
    let net = Network::new(vec![Node::relay(None, 0.0), Node::computing(Some(0), 1.0, 1.0)], unit()).unwrap();
    let mut sim = Simulator::new(&net);
    assert!(matches!(sim.push(0, Action::Compute { amount: 1.0 }), Err(DltError::InvalidArgument { .. })));
    assert!(matches!(sim.push(1, Action::Send { to: 0, amount: 1.0 }), Err(DltError::InvalidArgument { .. })));
    assert!(matches!(sim.push(0, Action::Send { to: 1, amount: -1.0 }), Err(DltError::Negative { .. })));
    // The worker is asked to compute more than it receives.
    let plans = vec![vec![Action::Send { to: 1, amount: 1.0 }], vec![Action::Compute { amount: 2.0 }]];
    assert!(matches!(simulate(&net, &plans), Err(DltError::InfeasibleStructure { .. })));
    assert!(matches!(simulate(&net, &plans[..1]), Err(DltError::LengthMismatch { .. })));
    assert!(Network::new(vec![], unit()).is_err());
    assert!(Network::new(vec![Node::relay(Some(0), 0.0)], unit()).is_err());
    assert!(Network::new(vec![Node::relay(None, 0.0), Node::relay(Some(1), 0.0)], unit()).is_err());
    assert!(Network::new(vec![Node::computing(None, 0.0, 0.0)], unit()).is_err());
    assert!(SpeedProfile::piecewise(vec![(0.0, 1.0), (0.0, 2.0)]).is_err());
    assert!(SpeedProfile::piecewise(vec![(1.0, 1.0)]).is_err());
    assert!(SpeedProfile::piecewise(vec![(0.0, 1.0), (1.0, f64::INFINITY)]).is_err());
}

#[cfg(feature = "serde")]
#[test]
fn network_round_trips_through_json() {
    let net = Network::new(vec![Node::relay(None, 0.0), Node::computing(Some(0), 0.5, 2.0)], unit()).unwrap();
    let s = serde_json::to_string(&net).unwrap();
    let back: Network = serde_json::from_str(&s).unwrap();
    assert_eq!(back, net);
    assert!(serde_json::from_str::<Network>(r#"{"nodes":[],"scale":{"t_cp":1.0,"t_cm":1.0}}"#).is_err());
}

#[test]
fn reports_climb_through_relays() {
    // 0 → relay 1 → worker 2 (all links c = 1, a = 1). The worker computes 1 unit; its report
    // (0.5 units) goes to the relay, which then reports to the root: each collection waits for
    // the hop below.
    let net = Network::new(
        vec![Node::relay(None, 0.0), Node::relay(Some(0), 1.0), Node::computing(Some(1), 1.0, 1.0)],
        unit(),
    )
    .unwrap();
    let plans = vec![
        vec![Action::Send { to: 1, amount: 1.0 }, Action::Collect { from: 1, amount: 0.5 }],
        vec![Action::Send { to: 2, amount: 1.0 }, Action::Collect { from: 2, amount: 0.5 }],
        vec![Action::Compute { amount: 1.0 }],
    ];
    let t = simulate(&net, &plans).unwrap();
    // Receipt at 1 (t = 1), at 2 (t = 2), compute to 3, report to the relay 3 → 3.5, then to
    // the root 3.5 → 4.
    assert_eq!(t.nodes[2].finish, Some(3.0));
    assert_eq!(t.nodes[1].collections[0].end, 3.5);
    assert_eq!(t.nodes[0].collections[0].start, 3.5);
    assert_eq!(t.makespan, 4.0);
}
