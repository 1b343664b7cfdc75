//! The crate's numerical kernels, each written once: special functions, the incomplete gamma
//! functions and their inverse, quadrature, root finding and dense linear solves. Private: the
//! domain modules re-export what users need (the standard normal functions through
//! [`order_stats`](crate::order_stats)).
//!
//! | kernel | file | source |
//! |---|---|---|
//! | `erfc` | [`erf`] | `special` (libm) |
//! | `erfcx`, the normal tails' exponent | [`erf`] | msun's rational inside libm's `erfc` (neither crate has `erfcx`) |
//! | `Φ`, `Q`, `ln Φ`, `ln Q`, `Φ⁻¹` | [`normal`] | `erfc` above; `Φ⁻¹` statrs' `erfc_inv` |
//! | `ln Γ` | [`gamma`] | `special` (libm's `lgamma`: relative accuracy next to its zeros, which statrs' Lanczos sum lacks) |
//! | `ln Γ*`, `log1pmx`, `expm1mx` | [`gamma`] | hand-written (in neither crate) |
//! | `ln P(a, x)`, `ln Q(a, x)` | [`incomplete_gamma`] | hand-written: series, continued fraction, Temme's expansion (statrs and `special` stop at 1e−9 to 1e−14 absolute) |
//! | the gamma quantile | [`gamma_inverse`] | hand-written on [`root`] (statrs' stops at 1e−9 absolute) |
//! | quadrature of order statistics | [`quadrature`] | hand-written (a stretched trapezoid rule in log space; no crate integrates a density known by its logarithm) |
//! | scalar root finding | [`root`] | hand-written, chosen over argmin's `BrentRoot` by `benches/numerics.rs` (see below) |
//! | dense linear systems | [`linear`] | faer's LU |
//!
//! # Root finding: why not argmin
//!
//! `benches/numerics.rs` runs the root finder of [`root`] and argmin 0.11's `BrentRoot` (the
//! solver the crate used before) on the crate's own equations, same functions, same brackets and
//! tolerances, both single-threaded, in one criterion run (median times; 2 shared cores, load
//! average 3.3–3.8 during the run):
//!
//! | equation | evaluations (here / argmin) | time here | time argmin |
//! |---|---|---|---|
//! | gamma quantile, `a = 0.5`, `z = −8` | 1 / 3 | 115 ns | 602 ns |
//! | gamma quantile, `a = 10`, `z = −1` | 3 / 11 | 689 ns | 3.32 µs |
//! | gamma quantile, `a = 10`, `z = 20` | 4 / 11 | 768 ns | 2.83 µs |
//! | gamma quantile, `a = 10⁴`, `z = 5` | 2 / 11 | 867 ns | 4.37 µs |
//! | k-ary tree fixed point, `k = 2`, `σ = 0.1` | 6 / 9 | 552 ns | 1.90 µs |
//! | k-ary tree fixed point, `k = 1`, `σ = 10⁻³` | 16 / 9 | 1.03 µs | 1.65 µs |
//! | median of the maximum of 8 normals | 10 / 13 | 2.22 µs | 4.11 µs |
//! | median of the maximum of 1,000 normals | 8 / 11 | 225 µs | 281 µs |
//!
//! The gamma quantile uses Halley steps, which `BrentRoot` cannot take (argmin was even given a
//! bracket of ±1 around the answer); elsewhere the per-iteration bookkeeping of argmin's executor
//! (its state and termination checks) costs more than the extra evaluations here. On a step function (a remap-cost threshold, where every
//! evaluation is an MDP solve) the routine here bisects to 4.8e−11 of the jump in 33
//! evaluations, while `BrentRoot` stops after 36 at a point 0.28 away from it. argmin is
//! therefore only a dev-dependency, for this bench.
//!
//! No file here imports a domain module, so the domain modules import from here without cycles.

pub(crate) mod erf;
pub(crate) mod gamma;
pub(crate) mod gamma_inverse;
pub(crate) mod incomplete_gamma;
pub(crate) mod linear;
pub(crate) mod normal;
pub(crate) mod quadrature;
pub(crate) mod root;
pub(crate) mod sums;
pub(crate) mod temme_coefficients;
