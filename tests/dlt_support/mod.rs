//! Helpers shared by the `dlt` integration tests.
#![allow(dead_code)]

use loadbal::dlt::engine::Trace;
use loadbal::dlt::{Allocation, DltError, Root, RootMode, Star, Worker};
use proptest::prelude::*;

/// A star of `root` and workers given as `(z, w)` pairs (the form the strategies draw), or the
/// error of [`Star::new`].
pub fn try_star_of(root: Root, zw: &[(f64, f64)]) -> Result<Star, DltError> {
    Star::new(root, zw.iter().map(|&(z, w)| Worker { w, z }).collect())
}

/// [`try_star_of`] of valid workers.
pub fn star_of(root: Root, zw: &[(f64, f64)]) -> Star {
    try_star_of(root, zw).expect("a valid star")
}

/// Every participant finishes at T within `tol` relative, none later, loads conserve.
pub fn check_trace(trace: &Trace, alloc: &Allocation, load: f64, tol: f64) {
    let t = alloc.makespan;
    assert!(trace.finish_spread(t) <= tol, "finish spread {} > {tol}", trace.finish_spread(t));
    assert!(trace.compute_makespan <= t * (1.0 + tol), "engine makespan {} > T {t}", trace.compute_makespan);
    for (i, n) in trace.nodes.iter().enumerate() {
        assert!(
            (n.computed - alloc.alpha[i]).abs() <= tol * load,
            "node {i} computed {} != {}",
            n.computed,
            alloc.alpha[i]
        );
    }
    check_conservation(alloc, load);
}

/// Compensated (Neumaier) sum: a naive sum of 10⁶ shares drifts by ~1e-12 on its own (902,393
/// exact bus shares at σ = 3.25e-5 sum naively to 1 − 1.0e-12).
pub fn compensated_sum(xs: &[f64]) -> f64 {
    let (mut sum, mut carry) = (0.0f64, 0.0f64);
    for &x in xs {
        let t = sum + x;
        carry += if sum.abs() >= x.abs() { (sum - t) + x } else { (x - t) + sum };
        sum = t;
    }
    sum + carry
}

pub fn check_conservation(alloc: &Allocation, load: f64) {
    let sum = compensated_sum(&alloc.alpha);
    assert!((sum - load).abs() <= 1e-12 * load, "sum {sum} != {load}");
    assert!(alloc.alpha.iter().all(|&a| a >= 0.0), "negative share {:?}", alloc.alpha);
    for (i, &a) in alloc.alpha.iter().enumerate() {
        if a > 0.0 {
            assert!(alloc.participating[i], "node {i} has load but is not marked participating");
        }
    }
}

pub fn rel(a: f64, b: f64) -> f64 {
    (a - b).abs() / a.abs().max(b.abs())
}

pub fn mode() -> impl Strategy<Value = RootMode> {
    prop_oneof![Just(RootMode::FrontEnd), Just(RootMode::NoFrontEnd), Just(RootMode::NonComputing)]
}

/// Children (z, w) with z in [0, 3] (some exactly 0) and w in [0.1, 5].
pub fn children(max: usize) -> impl Strategy<Value = Vec<(f64, f64)>> {
    prop::collection::vec((prop_oneof![Just(0.0), 0.0..3.0f64], 0.1..5.0f64), 1..=max)
}

pub fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for pos in 0..=p.len() {
            let mut q = p.clone();
            q.insert(pos, n - 1);
            out.push(q);
        }
    }
    out
}
