//! Layered meshes, hypercubes and circuit-switched scattering.

use crate::dlt_support;

use dlt_support::*;
use loadbal::dlt::*;
use proptest::prelude::*;

const U: CostScale = CostScale::unit();

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
        let s = MeshKind::Mesh2dCentre.speedup_limit(&ports, 0.1, 1e-12).unwrap();
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
        l.allocate(
            &PortPreset::Custom(vec![1.0]),
            MeshCosts { w: 1.0, z: 1.0, startup: 0.0 },
            Options::load(1.0).with_scale(U)
        ),
        Err(DltError::LengthMismatch { .. })
    ));
    assert!(
        l.allocate(&PortPreset::AllPort, MeshCosts { w: 0.0, z: 1.0, startup: 0.0 }, Options::load(1.0).with_scale(U))
            .is_err()
    );
    assert!(
        (MeshCosts { w: 1.0, z: 1.0, startup: 0.0 }).circuit_switched(0, 2, Options::load(1.0).with_scale(U)).is_err()
    );
}

#[test]
fn big_mesh_and_startups() {
    let l = Layers::mesh2d(1000, 1000, (500, 500), false).unwrap();
    for ports in [PortPreset::AllPort, PortPreset::ReceiveOne, PortPreset::SendOne] {
        let s =
            l.allocate(&ports, MeshCosts { w: 1.0, z: 0.01, startup: 0.0 }, Options::load(1.0).with_scale(U)).unwrap();
        let total: f64 = s.x.iter().zip(&l.n).map(|(x, &n)| x * n as f64).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(s.used_layers, l.n.len());
    }
    // Start-ups drop trailing layers; more load uses more layers.
    let small = l
        .allocate(&PortPreset::AllPort, MeshCosts { w: 1.0, z: 0.01, startup: 0.5 }, Options::load(10.0).with_scale(U))
        .unwrap();
    let big = l
        .allocate(
            &PortPreset::AllPort,
            MeshCosts { w: 1.0, z: 0.01, startup: 0.5 },
            Options::load(1000.0).with_scale(U),
        )
        .unwrap();
    assert!(small.used_layers < big.used_layers && big.used_layers < l.n.len());
    assert!(small.x.iter().all(|&x| x >= 0.0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn one_pe_per_layer_is_the_chain(n in 1usize..30, sigma in 0.0..3.0f64) {
        let l = Layers { n: vec![1; n], e: (0..n as u64).map(|i| i.min(1)).collect() };
        for ports in [PortPreset::AllPort, PortPreset::ReceiveOne, PortPreset::SendOne] {
            let s = l.allocate(&ports, MeshCosts { w: 1.0, z: sigma, startup: 0.0 }, Options::load(1.0).with_scale(U)).unwrap();
            let c = (UniformChain { w: 1.0, z: sigma, n: (n) as u64, front_end: true }).allocate(Options::load(1.0)).unwrap();
            prop_assert!(rel(s.makespan, c.makespan) < 1e-12);
        }
        // k = 1 circuit switching with one move is the two-processor chain.
        let cs = (MeshCosts { w: 1.0, z: sigma, startup: 0.0 }).circuit_switched(1, 1, Options::load(1.0).with_scale(U)).unwrap();
        let chain2 = UniformChain { w: 1.0, z: sigma, n: 2, front_end: true };
        prop_assert!(rel(cs.makespan, chain2.allocate(Options::load(1.0)).unwrap().makespan) < 1e-12);
    }

    #[test]
    fn layered_invariants(wd in 1usize..9, ht in 1usize..9, ox in 0usize..9, oy in 0usize..9, torus in any::<bool>(), sigma in 0.01..2.0f64, s0 in prop_oneof![Just(0.0), 0.0..0.5f64], k in 1u32..4, mv in 0u32..5) {
        let l = Layers::mesh2d(wd, ht, (ox % wd, oy % ht), torus).unwrap();
        prop_assert_eq!(l.n.iter().sum::<u64>() as usize, wd * ht);
        let mut prev = 0.0;
        for ports in [PortPreset::ReceiveOne, PortPreset::AllPort, PortPreset::SendOne] {
            let s = l.allocate(&ports, MeshCosts { w: 1.0, z: sigma, startup: s0 }, Options::load(1.0).with_scale(U)).unwrap();
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
        let cs = (MeshCosts { w: 1.0, z: sigma, startup: s0 }).circuit_switched(k, mv, Options::load(1.0).with_scale(U)).unwrap();
        let total: f64 = cs.x.iter().zip(&cs.n).map(|(x, n)| x * n).sum();
        prop_assert!((total - 1.0).abs() < 1e-12);
    }
}
