#![cfg(feature = "testing")]
//! No input panics, and no solver returns a NaN or infinite value: bad or extreme input gives
//! a typed error.

use loadbal::dlt::*;
use proptest::prelude::*;

/// Any f64: NaN, ±∞, ±0, subnormals, and magnitudes up to 1e±308.
fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        prop::num::f64::ANY,
        Just(f64::NAN),
        Just(0.0),
        Just(-1.0),
        (-300i32..300).prop_map(|e| 10f64.powi(e)),
        0.0..10.0f64,
    ]
}

fn finite_alloc(r: Result<Allocation, DltError>) -> Result<(), TestCaseError> {
    if let Ok(a) = r {
        prop_assert!(a.makespan.is_finite() && a.makespan > 0.0, "{a:?}");
        prop_assert!(a.alpha.iter().all(|x| x.is_finite() && *x >= 0.0), "{a:?}");
    }
    Ok(())
}

fn mode(i: u8) -> RootMode {
    [RootMode::FrontEnd, RootMode::NoFrontEnd, RootMode::NonComputing][i as usize % 3]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn star_bus_chain_never_panic(m in 0u8..3, w0 in any_f64(), ch in prop::collection::vec((any_f64(), any_f64()), 0..5),
                                  tcp in any_f64(), tcm in any_f64(), load in any_f64(), delta in any_f64(), n in 0usize..50) {
        let scale = CostScale { t_cp: tcp, t_cm: tcm };
        finite_alloc(star_allocate(mode(m), w0, &ch, scale, OrderPolicy::Optimal, load))?;
        finite_alloc(star_product_form(mode(m), w0, &ch, scale, load))?;
        let _ = jia_root_fraction(w0, &ch, scale);
        let ws: Vec<f64> = ch.iter().map(|c| c.1).collect();
        let z = ch.first().map_or(0.5, |c| c.0);
        finite_alloc(bus_allocate(mode(m), w0, &ws, z, scale, load))?;
        finite_alloc(bus_homogeneous(mode(m), n, w0, z, scale, load))?;
        let _ = bus_speedup(mode(m), n, z);
        let _ = bus_speedup_limit(mode(m), z);
        let zs: Vec<f64> = ch.iter().skip(1).map(|c| c.0).collect();
        for fe in [true, false] {
            finite_alloc(chain_allocate(&ws, &zs, fe, scale, load))?;
            finite_alloc(chain_homogeneous(n, w0, z, fe, scale, load))?;
            let _ = chain_speedup_limit(z, fe);
        }
        finite_alloc(collect_lifo(mode(m), w0, &ch, delta, scale, OrderPolicy::Optimal, load))?;
        finite_alloc(collect_fifo(mode(m), w0, &ch, delta, scale, load))?;
        let side = ChainSide { w: &ws, z: &ws };
        finite_alloc(chain_interior(w0, side, side, Ports::Single, true, true, scale, load))?;
        let _ = chain_interior_speedup_limit(z, Ports::All);
    }

    #[test]
    fn trees_affine_installments_meshes_never_panic(w0 in any_f64(), z in any_f64(), s in any_f64(), q in any_f64(),
                                                    load in any_f64(), k in 0usize..4, d in 0usize..4, moves in 0u32..40,
                                                    m in 0usize..5, inst in 0usize..5, side in 0usize..6) {
        let u = CostScale::unit();
        if let Ok(t) = Tree::kary(k, d, w0, z, true) {
            if let Ok(sol) = tree_allocate(&t, u, OrderPolicy::Optimal, load) {
                prop_assert!(sol.allocation.makespan.is_finite());
            }
        }
        let _ = kary_tree_rho(k, d, z, true);
        let _ = kary_tree_rho_limit(k.max(1), z, true, 1e-12);
        let wk = vec![AffineWorker { s, z, q, w: w0 }; m];
        finite_alloc(affine_star_allocate(load, Some((q, w0)), &wk, u, Selection::BestPrefix))?;
        finite_alloc(affine_homogeneous(load, s, z, q, w0, m, u))?;
        let _ = affine_homogeneous_optimal_count(load, s, z, q, w0, m, u);
        if let Ok(mi) = multi_installment(m, inst, w0, z, load, Some(w0), u) {
            prop_assert!(mi.makespan.is_finite());
        }
        let _ = multi_installment_limit(m, w0, z, load, None, u);
        let _ = umr_rounds(m, inst, w0, z, load, u);
        if let Ok(l) = layers_mesh2d(side, side, (side / 2, 0), side % 2 == 0) {
            for p in [PortPreset::AllPort, PortPreset::ReceiveOne, PortPreset::SendOne] {
                if let Ok(sol) = layered_allocate(&l, &p, w0, z, s, load, u) {
                    prop_assert!(sol.makespan.is_finite() && sol.x.iter().all(|x| x.is_finite()));
                }
            }
        }
        if let Ok(sol) = circuit_switched_allocate(k as u32, moves, w0, z, s, load, u) {
            prop_assert!(sol.makespan.is_finite());
        }
        let _ = layers_hypercube(moves);
    }
}
