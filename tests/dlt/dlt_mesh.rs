//! Layered meshes, hypercubes and circuit-switched scattering.

use crate::dlt_support;

use dlt_support::*;
use loadbal::dlt::engine::{Action, Network, Node, simulate};
use loadbal::dlt::*;
use proptest::prelude::*;

const U: CostScale = CostScale { t_cp: 1.0, t_cm: 1.0 };

#[test]
fn layer_counts_match_the_reference() {
    let l = Layers::mesh2d(4, 4, (0, 0), false).unwrap();
    assert_eq!((l.n, l.e), (vec![1, 2, 3, 4, 3, 2, 1], vec![0, 2, 4, 6, 6, 4, 2]));
    let l = Layers::mesh2d(6, 6, (0, 0), true).unwrap();
    assert_eq!((l.n, l.e), (vec![1, 4, 8, 10, 8, 4, 1], vec![0, 4, 12, 20, 20, 12, 4]));
    let h = Layers::hypercube(4).unwrap();
    assert_eq!((h.n, h.e), (vec![1, 4, 6, 4, 1], vec![0, 4, 12, 12, 4]));
    // BFS on the hypercube's adjacency gives the same layers.
    let adj: Vec<Vec<usize>> = (0..16usize).map(|v| (0..4).map(|b| v ^ (1 << b)).collect()).collect();
    assert_eq!(Layers::from_adjacency(&adj, 5).unwrap(), Layers::hypercube(4).unwrap());
    // Centre of a big mesh: N_l = 4l, E_l = 8l − 4.
    let l = Layers::mesh2d(41, 41, (20, 20), false).unwrap();
    assert_eq!(&l.n[..21], &Layers::infinite_mesh(MeshKind::Mesh2dCentre, 20_u64).unwrap().n[..]);
    assert_eq!(&l.e[..21], &Layers::infinite_mesh(MeshKind::Mesh2dCentre, 20_u64).unwrap().e[..]);
    let l = Layers::mesh3d((21, 21, 21), (10, 10, 10), false).unwrap();
    assert_eq!(&l.n[..11], &Layers::infinite_mesh(MeshKind::Mesh3dCentre, 10_u64).unwrap().n[..]);
    assert_eq!(&l.e[..11], &Layers::infinite_mesh(MeshKind::Mesh3dCentre, 10_u64).unwrap().e[..]);
}

#[test]
fn mesh_limits_of_the_reference() {
    // §5.5: σ = 0.1, centre originator: 22.98 (all-port), 19.65 (one receive port), 8.09 (one send port).
    for (ports, want) in [(PortPreset::AllPort, 22.98), (PortPreset::ReceiveOne, 19.65), (PortPreset::SendOne, 8.09)] {
        let s = layered_speedup_limit(MeshKind::Mesh2dCentre, &ports, 0.1, 1e-12).unwrap();
        assert!((s - want).abs() < 5e-3, "{ports:?}: {s}");
    }
}

#[test]
fn mesh_errors() {
    assert!(matches!(Layers::mesh2d(3, 3, (3, 0), false), Err(DltError::InvalidArgument { .. })));
    assert!(Layers::mesh2d(0, 3, (0, 0), false).is_err());
    assert!(Layers::from_adjacency(&[vec![], vec![]], 0).is_err());
    assert!(Layers::from_adjacency(&[vec![5]], 0).is_err());
    assert!(Layers::hypercube(61).is_err());
    let l = Layers::mesh2d(3, 3, (1, 1), false).unwrap();
    assert!(matches!(
        layered_allocate(
            &l,
            &PortPreset::Custom(vec![1.0]),
            MeshCosts { w: 1.0, z: 1.0, startup: 0.0 },
            Options::load(1.0).with_scale(U)
        ),
        Err(DltError::LengthMismatch { .. })
    ));
    assert!(
        layered_allocate(
            &l,
            &PortPreset::AllPort,
            MeshCosts { w: 0.0, z: 1.0, startup: 0.0 },
            Options::load(1.0).with_scale(U)
        )
        .is_err()
    );
    assert!(
        circuit_switched_allocate(MeshCosts { w: 1.0, z: 1.0, startup: 0.0 }, 0, 2, Options::load(1.0).with_scale(U))
            .is_err()
    );
}

#[test]
fn big_mesh_and_startups() {
    let l = Layers::mesh2d(1000, 1000, (500, 500), false).unwrap();
    for ports in [PortPreset::AllPort, PortPreset::ReceiveOne, PortPreset::SendOne] {
        let s =
            layered_allocate(&l, &ports, MeshCosts { w: 1.0, z: 0.01, startup: 0.0 }, Options::load(1.0).with_scale(U))
                .unwrap();
        let total: f64 = s.x.iter().zip(&l.n).map(|(x, &n)| x * n as f64).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(s.used_layers, l.n.len());
    }
    // Start-ups drop trailing layers; more load uses more layers.
    let small = layered_allocate(
        &l,
        &PortPreset::AllPort,
        MeshCosts { w: 1.0, z: 0.01, startup: 0.5 },
        Options::load(10.0).with_scale(U),
    )
    .unwrap();
    let big = layered_allocate(
        &l,
        &PortPreset::AllPort,
        MeshCosts { w: 1.0, z: 0.01, startup: 0.5 },
        Options::load(1000.0).with_scale(U),
    )
    .unwrap();
    assert!(small.used_layers < big.used_layers && big.used_layers < l.n.len());
    assert!(small.x.iter().all(|&x| x >= 0.0));
}

/// Executes circuit-switched scattering with `k` ports on the engine: every processor activated
/// at move m sends, k at a time ([`Node::with_k_ports`]), to k new processors at each later move;
/// every processor must finish at the predicted makespan.
fn circuit_switched_on_the_engine(k: u32, moves: u32, w: f64, z: f64, startup: f64) -> f64 {
    circuit_switched_with_ports(k, k, moves, w, z, startup).0
}

/// The same tree with `ports` ports per node: (finish spread, engine makespan, predicted makespan).
fn circuit_switched_with_ports(k: u32, ports: u32, moves: u32, w: f64, z: f64, startup: f64) -> (f64, f64, f64) {
    let sol =
        circuit_switched_allocate(MeshCosts { w, z, startup }, k, moves, Options::load(1.0).with_scale(U)).unwrap();
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

    #[test]
    fn one_pe_per_layer_is_the_chain(n in 1usize..30, sigma in 0.0..3.0f64) {
        let l = Layers { n: vec![1; n], e: (0..n as u64).map(|i| i.min(1)).collect() };
        for ports in [PortPreset::AllPort, PortPreset::ReceiveOne, PortPreset::SendOne] {
            let s = layered_allocate(&l, &ports, MeshCosts { w: 1.0, z: sigma, startup: 0.0 }, Options::load(1.0).with_scale(U)).unwrap();
            let c = (UniformChain { w: 1.0, z: sigma, n: (n) as u64, front_end: true }).allocate(Options::load(1.0)).unwrap();
            prop_assert!(rel(s.makespan, c.makespan) < 1e-12);
        }
        // k = 1 circuit switching with one move is the two-processor chain.
        let cs = circuit_switched_allocate(MeshCosts { w: 1.0, z: sigma, startup: 0.0 }, 1, 1, Options::load(1.0).with_scale(U)).unwrap();
        let chain2 = UniformChain { w: 1.0, z: sigma, n: 2, front_end: true };
        prop_assert!(rel(cs.makespan, chain2.allocate(Options::load(1.0)).unwrap().makespan) < 1e-12);
    }

    #[test]
    fn layered_invariants(wd in 1usize..9, ht in 1usize..9, ox in 0usize..9, oy in 0usize..9, torus in any::<bool>(), sigma in 0.01..2.0f64, s0 in prop_oneof![Just(0.0), 0.0..0.5f64], k in 1u32..4, mv in 0u32..5) {
        let l = Layers::mesh2d(wd, ht, (ox % wd, oy % ht), torus).unwrap();
        prop_assert_eq!(l.n.iter().sum::<u64>() as usize, wd * ht);
        let mut prev = 0.0;
        for ports in [PortPreset::ReceiveOne, PortPreset::AllPort, PortPreset::SendOne] {
            let s = layered_allocate(&l, &ports, MeshCosts { w: 1.0, z: sigma, startup: s0 }, Options::load(1.0).with_scale(U)).unwrap();
            let total: f64 = s.x.iter().zip(&l.n).map(|(x, &n)| x * n as f64).sum();
            prop_assert!((total - 1.0).abs() < 1e-12);
            prop_assert!(s.x.iter().all(|&x| x >= 0.0));
            prop_assert!(s.makespan >= 1.0 / (wd * ht) as f64 * (1.0 - 1e-12));
            // More ports per step never hurt: E_l ≥ N_l, so all-port beats one receive port.
            if s0 == 0.0 && ports != PortPreset::SendOne {
                prop_assert!(1.0 / s.makespan >= prev * (1.0 - 1e-12));
                prev = 1.0 / s.makespan;
            }
        }
        let cs = circuit_switched_allocate(MeshCosts { w: 1.0, z: sigma, startup: s0 }, k, mv, Options::load(1.0).with_scale(U)).unwrap();
        let total: f64 = cs.x.iter().zip(&cs.n).map(|(x, n)| x * n).sum();
        prop_assert!((total - 1.0).abs() < 1e-12);
    }
}
