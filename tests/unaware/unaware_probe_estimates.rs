//! The probe phase of the resource-unaware strategies against exact rationals
//! (`scripts/references/unaware_probe_estimates.py`): tree probe report times, the estimates
//! from reports, the load partition Π and the finishing dispatch, each within its documented
//! `# Accuracy` bound.

use crate::reference_support;

use loadbal::dlt::unaware::*;
use loadbal::dlt::{CostScale, Tree};
use reference_support::{Record, load, rel_err};

const EPS: f64 = f64::EPSILON;

fn cells(r: &Record, column: &str) -> Vec<f64> {
    r.str(column).split(';').map(|x| x.parse().unwrap_or_else(|_| panic!("line {}: {column} = {x}", r.line))).collect()
}

/// Condition of a difference `b − a` of two inputs: `(|a| + |b|)/(b − a)`.
fn cond(a: f64, b: f64) -> f64 {
    (a.abs() + b.abs()) / (b - a)
}

#[test]
fn tree_probe_report_times_against_exact_rationals() {
    // T^cf of node c is a sum of k_c positive products (k_c counted by the script: the transfers
    // along its path and those of earlier siblings); documented: T^cs, T^cf, T^p within
    // (k_c + 1)·ε, (k_c + 2)·ε, (k_c + 3)·ε relative.
    let mut worst = 0.0f64;
    let rows = load("unaware_probe_tree");
    for r in &rows {
        let parent: Vec<Option<usize>> =
            r.str("parent").split(';').map(|p| if p == "-1" { None } else { Some(p.parse().unwrap()) }).collect();
        let tree = Tree::from_parents(0, parent, cells(r, "z"), cells(r, "w")).unwrap();
        let probe = Probe { load: r.f64("load"), eta: r.f64("eta") };
        let p = tree.probe(probe, CostScale::new(r.f64("t_cp"), r.f64("t_cm")).unwrap()).unwrap();
        let terms = cells(r, "terms");
        for (name, got, want, extra) in [
            ("T^cs", &p.tcs, cells(r, "tcs"), 0.0),
            ("T^cf", &p.tcf, cells(r, "tcf"), 1.0),
            ("T^p", &p.tp, cells(r, "tp"), 2.0),
        ] {
            for v in 1..got.len() {
                let e = rel_err(got[v], want[v]);
                let bound = (terms[v] + extra + 1.0) * EPS;
                assert!(
                    e <= bound,
                    "line {}: {name} of node {v}: {} vs {} ({e:.1e} > {bound:.1e})",
                    r.line,
                    got[v],
                    want[v]
                );
                worst = worst.max(e);
            }
        }
    }
    eprintln!("tree probe: {} trees, worst relative error {worst:.2e}", rows.len());
}

#[test]
fn estimates_partition_and_dispatch_against_exact_rationals() {
    let mut worst = std::collections::BTreeMap::<String, f64>::new();
    for r in load("unaware_estimates") {
        let kind = r.str("kind");
        let x: Vec<f64> = r.str("inputs").split(';').map(|c| c.parse().unwrap()).collect();
        let want = cells(&r, "outputs");
        let mut check = |got: f64, want: f64, bound: f64, what: &str| {
            let e = rel_err(got, want);
            assert!(e <= bound, "line {}: {kind} {what}: {got} vs {want} ({e:.1e} > {bound:.1e})", r.line);
            let w = worst.entry(kind.to_string()).or_insert(0.0);
            *w = w.max(e);
        };
        match kind {
            "estimate_tree" => {
                let report = ProbeReport { tcs: x[0], tcf: x[1], tp: x[2] };
                let e = report.estimate(x[3], CostScale::new(x[4], x[5]).unwrap()).unwrap();
                check(e.z, want[0], EPS * cond(x[0], x[1]) + 2.0 * EPS, "z");
                check(e.w, want[1], EPS * cond(x[1], x[2]) + 2.0 * EPS, "w");
            }
            "estimate_linear" => {
                let n = (x.len() - 5) / 2;
                let (tc, tp) = (x[5..5 + n].to_vec(), x[5 + n..].to_vec());
                let reports = LinearProbe { tc: tc.clone(), tp: tp.clone() };
                let c = reports
                    .estimate(Probe { load: x[0], eta: x[1] }, x[2], CostScale::new(x[3], x[4]).unwrap())
                    .unwrap();
                for i in 1..n {
                    check(c.z[i - 1], want[i - 1], EPS * cond(tc[i - 1], tc[i]) + 3.0 * EPS, "z");
                    check(c.w[i], want[n - 1 + i], EPS * cond(tc[i], tp[i]) + 3.0 * EPS, "w");
                }
                check(c.w[0], want[n - 1], 0.0, "w_1 = K");
            }
            "partition_pi" => {
                let n: usize = r.str("inputs").rsplit(';').next().unwrap().parse().unwrap();
                let parts = Probe { load: x[0], eta: x[1] }.partition(x[2], n as u64).unwrap();
                assert_eq!(parts.len(), want.len(), "line {}: m", r.line);
                for (got, want) in parts.iter().zip(&want) {
                    check(*got, *want, 4.0 * EPS, "L_i");
                }
            }
            "dispatch_to_finish_at" => {
                let got = Dispatch::load_to_finish_at(x[0], x[1], x[2]).unwrap();
                check(got, want[0], EPS * cond(x[0], x[1]) + EPS, "L_k");
            }
            other => panic!("unknown kind {other}"),
        }
    }
    for (kind, e) in &worst {
        eprintln!("{kind}: worst relative error {e:.2e}");
    }
}
