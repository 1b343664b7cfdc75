//! The crate's root finder (`src/numerics/root.rs`) against argmin 0.11's `BrentRoot` on the
//! crate's own root problems, same functions, same tolerances, both single-threaded: the
//! measurement behind keeping one hand-written routine instead of argmin (see the docs of
//! `src/numerics/mod.rs`).
//!
//! The kernels are compiled into this bench from their source files (they are private to the
//! library); the k-ary level map is copied from `src/dlt/kary.rs`. Before timing, the number of
//! function evaluations of each solver on each problem is printed to standard error.
//!
//! `cargo bench --bench numerics`

use argmin::core::{CostFunction, Executor, State};
use argmin::solver::brent::BrentRoot;
use criterion::{Criterion, criterion_group, criterion_main};
use std::cell::Cell;
use std::hint::black_box;

// The kernels sit at the bench crate's root so that their `super::` imports resolve (a `#[path]`
// inside an inline module would be read relative to a `benches/numerics/` directory).
#[allow(dead_code, unused_imports)]
#[path = "../src/numerics/erf.rs"]
mod erf;
#[allow(dead_code, unused_imports)]
#[path = "../src/numerics/gamma.rs"]
mod gamma;
#[allow(dead_code, unused_imports)]
#[path = "../src/numerics/gamma_inverse.rs"]
mod gamma_inverse;
#[allow(dead_code, unused_imports)]
#[path = "../src/numerics/incomplete_gamma.rs"]
mod incomplete_gamma;
#[allow(dead_code, unused_imports)]
#[path = "../src/numerics/normal.rs"]
mod normal;
#[allow(dead_code, unused_imports)]
#[path = "../src/numerics/root.rs"]
mod root;
#[allow(dead_code, unused_imports)]
#[path = "../src/numerics/temme_coefficients.rs"]
mod temme_coefficients;

use gamma_inverse::{Tail, ln_quantile_at_score, quantile_search};
use incomplete_gamma::ln_pq;
use normal::{ln_cdf, ln_sf};
use root::{Eval, Search, Slope, find_root};

/// argmin's `BrentRoot` on `f` in `[lo, hi]` to the absolute tolerance `tol`; the root and the
/// number of evaluations of `f`.
fn argmin_brent(f: impl Fn(f64) -> f64, lo: f64, hi: f64, tol: f64) -> (f64, u32) {
    struct Problem<F> {
        f: F,
        evaluations: Cell<u32>,
    }
    impl<F: Fn(f64) -> f64> CostFunction for Problem<F> {
        type Param = f64;
        type Output = f64;
        fn cost(&self, x: &f64) -> Result<f64, argmin::core::Error> {
            self.evaluations.set(self.evaluations.get() + 1);
            Ok((self.f)(*x))
        }
    }
    let problem = Problem { f, evaluations: Cell::new(0) };
    let result = Executor::new(problem, BrentRoot::new(lo, hi, tol))
        .configure(|state| state.max_iters(200))
        .run()
        .expect("Brent runs");
    let x = *result.state().get_best_param().expect("a best point");
    (x, result.problem.problem.as_ref().map_or(0, |p| p.evaluations.get()))
}

// ----- the gamma quantile: ln P(a, eᵗ) = ln Φ(z) (z ≤ 0) or ln Q(a, eᵗ) = ln Q(z) (z > 0) ------

fn gamma_equation(a: f64, z: f64) -> impl Fn(f64) -> f64 {
    move |t: f64| {
        let (lp, lq) = ln_pq(a, t);
        if z <= 0.0 { lp - ln_cdf(z) } else { lq - ln_sf(z) }
    }
}

/// argmin on the bracket `t* ± 1` around the crate's own answer (a bracket argmin would first
/// have to find; granted here for free) to the crate's tolerance.
fn gamma_quantile_argmin(a: f64, z: f64, t_star: f64) -> (f64, u32) {
    argmin_brent(gamma_equation(a, z), t_star - 1.0, t_star + 1.0, 4e-15 * (1.0 + t_star.abs()))
}

/// The crate's quantile search with its evaluation count.
fn gamma_quantile_evaluations(a: f64, z: f64) -> u32 {
    let (tail, target) = if z <= 0.0 { (Tail::Lower, ln_cdf(z)) } else { (Tail::Upper, ln_sf(z)) };
    quantile_search(a, tail, target, z).map_or(0, |root| root.evaluations)
}

// ----- the k-ary tree's fixed point (src/dlt/kary.rs) -----------------------------------------

fn level_map(k: f64, rho: f64, sigma: f64) -> f64 {
    // Front-end case: 1/(1 + (1 − P)/σ), P = (ρ/(σ + ρ))^k.
    let one_minus_p_over_sigma = -(-k * (sigma / rho).ln_1p()).exp_m1() / sigma;
    1.0 / (1.0 + one_minus_p_over_sigma)
}

/// The bracket `[ln m(0), ln m(1)]` of `src/dlt/kary.rs` (front end: `m(0) = σ/(1 + σ)`).
fn kary_bracket(k: f64, sigma: f64) -> (f64, f64) {
    (sigma.ln() - sigma.ln_1p(), level_map(k, 1.0, sigma).ln())
}

fn kary_crate(k: f64, sigma: f64, count: &Cell<u32>) -> f64 {
    let (lo, hi) = kary_bracket(k, sigma);
    let search = Search { lo, hi, start: 0.5 * (lo + hi), abs_tol: 1e-15, rel_tol: 2.0 * f64::EPSILON, max_evals: 200 };
    let root = find_root(Slope::Decreasing, search, |x| {
        count.set(count.get() + 1);
        Eval::value(level_map(k, x.exp(), sigma).ln() - x)
    })
    .expect("converges");
    root.next.exp()
}

/// argmin on the same bracket and tolerance.
fn kary_argmin(k: f64, sigma: f64) -> (f64, u32) {
    let (lo, hi) = kary_bracket(k, sigma);
    let (x, n) = argmin_brent(|x: f64| level_map(k, x.exp(), sigma).ln() - x, lo, hi, 1e-15);
    (x.exp(), n)
}

// ----- the median of a maximum of independent normals (src/order_stats/heterogeneous.rs) -------

fn normals(n: usize) -> (Vec<f64>, Vec<f64>) {
    ((0..n).map(|i| 100.0 + (i % 17) as f64).collect(), (0..n).map(|i| 5.0 + (i % 7) as f64).collect())
}

fn median_equation<'a>(means: &'a [f64], sds: &'a [f64]) -> impl Fn(f64) -> f64 + 'a {
    move |y| means.iter().zip(sds).map(|(&m, &s)| ln_cdf((y - m) / s)).sum::<f64>() + std::f64::consts::LN_2
}

fn median_bracket(means: &[f64], sds: &[f64]) -> (f64, f64) {
    let lo = means.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let hi = means.iter().zip(sds).map(|(&m, &s)| m + 9.0 * s).fold(f64::NEG_INFINITY, f64::max);
    (lo, hi)
}

fn median_crate(means: &[f64], sds: &[f64], count: &Cell<u32>) -> f64 {
    let (lo, hi) = median_bracket(means, sds);
    let f = median_equation(means, sds);
    let search = Search { lo, hi, start: 0.5 * (lo + hi), abs_tol: 1e-10 * (hi - lo), rel_tol: 0.0, max_evals: 200 };
    find_root(Slope::Increasing, search, |y| {
        count.set(count.get() + 1);
        Eval::value(f(y))
    })
    .expect("converges")
    .next
}

fn median_argmin(means: &[f64], sds: &[f64]) -> (f64, u32) {
    let (lo, hi) = median_bracket(means, sds);
    argmin_brent(median_equation(means, sds), lo, hi, 1e-10 * (hi - lo))
}

// ----- a remap-cost threshold: a step function, each evaluation an MDP solve -----------------

fn step(x: f64) -> f64 {
    if x > std::f64::consts::E { 1.0 } else { -1.0 }
}

fn step_crate(count: &Cell<u32>) -> f64 {
    let search = Search { lo: 2.0, hi: 3.0, start: 2.5, abs_tol: 1e-10, rel_tol: 0.0, max_evals: 2_000 };
    find_root(Slope::Increasing, search, |x| {
        count.set(count.get() + 1);
        Eval::value(step(x))
    })
    .expect("converges")
    .next
}

fn report_evaluations() {
    eprintln!("evaluations of f (crate / argmin):");
    for (a, z) in [(0.5, -8.0), (0.5, 2.0), (10.0, -1.0), (10.0, 20.0), (1e4, -1.0), (1e4, 5.0)] {
        let t = ln_quantile_at_score(a, z);
        let (ta, na) = gamma_quantile_argmin(a, z, t);
        eprintln!(
            "  gamma quantile a = {a}, z = {z}: {} / {na} (t = {t}, argmin's differs by {:.1e})",
            gamma_quantile_evaluations(a, z),
            (ta - t).abs()
        );
    }
    for (k, sigma) in [(2.0, 0.1), (1.0, 1e-3), (8.0, 1.0)] {
        let count = Cell::new(0);
        let rho = kary_crate(k, sigma, &count);
        let (rho_a, na) = kary_argmin(k, sigma);
        eprintln!(
            "  k-ary fixed point k = {k}, sigma = {sigma}: {} / {na} (rho = {rho}, argmin's differs by {:.1e})",
            count.get(),
            (rho_a / rho - 1.0).abs()
        );
    }
    for n in [8, 1000] {
        let (m, s) = normals(n);
        let count = Cell::new(0);
        let y = median_crate(&m, &s, &count);
        let (ya, na) = median_argmin(&m, &s);
        eprintln!(
            "  median of max N = {n}: {} / {na} (y = {y}, argmin's differs by {:.1e})",
            count.get(),
            (ya - y).abs()
        );
    }
    let count = Cell::new(0);
    let x = step_crate(&count);
    let (xa, na) = argmin_brent(step, 2.0, 3.0, 1e-10);
    eprintln!(
        "  step function to 1e-10: {} / {na} (crate {:.1e} from e, argmin {:.1e})",
        count.get(),
        (x - std::f64::consts::E).abs(),
        (xa - std::f64::consts::E).abs()
    );
}

fn bench(c: &mut Criterion) {
    report_evaluations();
    let mut g = c.benchmark_group("root/gamma_quantile");
    for (a, z) in [(0.5, -8.0), (10.0, -1.0), (10.0, 20.0), (1e4, 5.0)] {
        let t = ln_quantile_at_score(a, z);
        g.bench_function(format!("crate a={a} z={z}"), |b| b.iter(|| ln_quantile_at_score(black_box(a), black_box(z))));
        g.bench_function(format!("argmin a={a} z={z}"), |b| {
            b.iter(|| gamma_quantile_argmin(black_box(a), black_box(z), black_box(t)))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("root/kary_fixed_point");
    for (k, sigma) in [(2.0, 0.1), (1.0, 1e-3)] {
        g.bench_function(format!("crate k={k} sigma={sigma}"), |b| {
            b.iter(|| kary_crate(black_box(k), black_box(sigma), &Cell::new(0)))
        });
        g.bench_function(format!("argmin k={k} sigma={sigma}"), |b| {
            b.iter(|| kary_argmin(black_box(k), black_box(sigma)))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("root/median_of_maximum");
    for n in [8, 1000] {
        let (m, s) = normals(n);
        g.bench_function(format!("crate N={n}"), |b| {
            b.iter(|| median_crate(black_box(&m), black_box(&s), &Cell::new(0)))
        });
        g.bench_function(format!("argmin N={n}"), |b| b.iter(|| median_argmin(black_box(&m), black_box(&s))));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
