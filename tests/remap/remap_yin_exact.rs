//! The Yin et al. §5 example (two processes on loads 0..5, max-norm cost, uniform restart)
//! against exact-rational policy iteration (`scripts/references/remap_yin_exact.py`), for 11
//! remap costs from 0.25 to 50: the crate's policy iteration gives every value to 1e-12 relative
//! and the exact remap set wherever the two actions differ by more than 1e-9.

use crate::reference_support;

use loadbal::remap::markov::yin_example;
use loadbal::remap::mdp::Algorithm;
use reference_support::{load, rel_err};

#[test]
fn yin_example_values_and_policies_against_exact_rationals() {
    let rows = load("remap_yin_exact");
    let mut etas: Vec<f64> = rows.iter().map(|r| r.f64("eta")).collect();
    etas.dedup();
    let (mut worst, mut decisions) = (0.0f64, 0usize);
    for eta in etas {
        let sol = yin_example(eta).unwrap().solve(Algorithm::PolicyIteration).unwrap();
        for r in rows.iter().filter(|r| r.f64("eta") == eta) {
            let s = r.u64("state") as usize;
            let want = r.f64("value");
            let e = if want == 0.0 { sol.values[s].abs() } else { rel_err(sol.values[s], want) };
            assert!(e <= 1e-12, "η = {eta}, state {s}: {} vs {want} ({e:.1e})", sol.values[s]);
            worst = worst.max(e);
            if r.f64("gap") > 1e-9 {
                assert_eq!(sol.remap[s], r.u64("remap") == 1, "η = {eta}, state {s}");
                decisions += 1;
            }
        }
    }
    eprintln!("Yin §5 example: {} values, worst relative error {worst:.2e}; {decisions} decisions exact", rows.len());
}
