#![allow(clippy::needless_range_loop)]
//! The crate's MDP solvers against QuantEcon's `DiscreteDP` policy iteration on issue 13's
//! instances (tables written by scripts/peers/quantecon_mdp.py): same policies, values to 1e-9.

use crate::mdp_instances as instances;
use crate::reference_support;

use loadbal::remap::mdp::{Algorithm, Criterion, Mdp, Options};

fn check(name: &str, mdp: &Mdp) {
    let rows = reference_support::load(&format!("quantecon_{name}"));
    assert_eq!(rows.len(), mdp.states(), "{name}");
    let crit = Criterion::Discounted { factor: instances::BETA };
    let o = Options { tol: 1e-11, ..Options::default() };
    let solutions = [
        mdp.solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() }).unwrap(),
        mdp.solve(crit, &o).unwrap(),
        mdp.solve(crit, &Options { algorithm: Some(Algorithm::ModifiedPolicyIteration { sweeps: 5 }), ..o.clone() })
            .unwrap(),
        mdp.solve(crit, &Options { algorithm: Some(Algorithm::ValueIteration), ..o.clone() }).unwrap(),
    ];
    for sol in &solutions {
        let mut worst = 0.0f64;
        for r in &rows {
            let s = r.u64("state") as usize;
            assert_eq!(sol.policy[s] as u64, r.u64("action"), "{name}, state {s}, {}", sol.algorithm);
            worst = worst.max((sol.values[s] - r.f64("value")).abs());
        }
        assert!(worst < 1e-9, "{name} {}: max |v − v_QuantEcon| = {worst:e}", sol.algorithm);
    }
}

#[test]
fn random_dense_1000_by_5() {
    check("random_1000x5", &instances::random_dense(1000, 5, instances::SEED));
}

#[test]
fn kronecker_chains() {
    for (r, l) in [(2, 6), (4, 6), (4, 8)] {
        let p = instances::kronecker(r, l);
        check(&format!("kronecker_{}", p.chain().states()), p.mdp());
    }
}
