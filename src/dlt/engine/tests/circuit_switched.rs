//! Circuit-switched scattering with k ports executed on the engine (its k-port model).

use crate::dlt::engine::{Action, Network, Node, simulate};
use crate::dlt::{CostScale, MeshCosts, Options};
use proptest::prelude::*;

const U: CostScale = CostScale::unit();

/// Executes circuit-switched scattering with `k` ports on the engine: every processor activated
/// at move m sends, k at a time ([`Node::with_k_ports`]), to k new processors at each later move;
/// every processor must finish at the predicted makespan.
fn circuit_switched_on_the_engine(k: u32, moves: u32, w: f64, z: f64, startup: f64) -> f64 {
    circuit_switched_with_ports(k, k, moves, w, z, startup).0
}

/// The same tree with `ports` ports per node: (finish spread, engine makespan, predicted makespan).
fn circuit_switched_with_ports(k: u32, ports: u32, moves: u32, w: f64, z: f64, startup: f64) -> (f64, f64, f64) {
    let sol = (MeshCosts { w, z, startup }).circuit_switched(k, moves, Options::load(1.0).with_scale(U)).unwrap();
    // Node list: (parent, move of activation), children in move order.
    let mut nodes = vec![(None, 0u32)];
    for m in 1..=moves {
        for v in 0..nodes.len() {
            for _ in 0..k {
                nodes.push((Some(v), m));
            }
        }
    }
    let net = Network::new(
        nodes
            .iter()
            .map(|&(p, _)| Node::computing(p, z, w).with_k_ports(u64::from(ports)).with_startups(startup, 0.0))
            .collect(),
        U,
    )
    .unwrap();
    // Blocks: D(v) = x_move(v) + Σ children D.
    let mut block: Vec<f64> = nodes.iter().map(|&(_, m)| sol.x[m as usize]).collect();
    for v in (1..nodes.len()).rev() {
        let p = nodes[v].0.unwrap();
        block[p] += block[v];
    }
    let mut plans = vec![Vec::new(); nodes.len()];
    for (v, &(p, m)) in nodes.iter().enumerate() {
        if let Some(p) = p {
            plans[p].push(Action::Send { to: v, amount: block[v] });
        }
        if sol.x[m as usize] > 0.0 {
            plans[v].push(Action::Compute { amount: sol.x[m as usize] });
        }
    }
    let tr = simulate(&net, &plans).unwrap();
    (tr.finish_spread(sol.makespan), tr.compute_makespan, sol.makespan)
}

#[test]
fn circuit_switched_runs_on_the_engine() {
    assert!(circuit_switched_on_the_engine(1, 4, 1.0, 0.3, 0.0) < 1e-12);
    assert!(circuit_switched_on_the_engine(3, 3, 1.0, 0.3, 0.0) < 1e-12);
    assert!(circuit_switched_on_the_engine(2, 3, 2.0, 0.5, 0.05) < 1e-12);
    // With a single port the k = 2 schedule runs late: the second send of each move waits.
    let (_, engine, predicted) = circuit_switched_with_ports(2, 1, 2, 1.0, 0.3, 0.0);
    assert!(engine > predicted * 1.05, "{engine} vs {predicted}");
    assert!(Network::new(vec![Node::computing(None, 0.0, 1.0).with_k_ports(0)], U).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Circuit-switched scattering with k ports, start-ups included, on the engine.
    #[test]
    fn circuit_switched_k_ports_on_the_engine(k in 1u32..4, moves in 1u32..4, sigma in 0.0..3.0f64, s0 in 0.0..0.2f64) {
        prop_assert!(circuit_switched_on_the_engine(k, moves, 1.0, sigma, s0) < 1e-11);
    }
}
