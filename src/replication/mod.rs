//! Job replication (JR) and load balancing on time-shared processors: the models of Dobber
//! (Dobber, *Robust Applications in Time-Shared Distributed Systems*, PhD thesis, 2006).
//!
//! A bulk-synchronous iterative program runs `P = 2^p` jobs per iteration on `P` shared,
//! fluctuating processors. With `R = 2^r`-JR every job is started `R` times on the `R`
//! processors of a computer group and the first copy to finish wins; each processor runs `R`
//! different jobs per iteration. The thesis models the expected iteration time through three
//! constants of the job-time distribution `X` (ch. 5):
//!
//! * α: `E max{V, V'} ≈ E V + α σ(V)` (Approx. 5.3.3) and `E min{V, V'} ≈ E V − α σ(V)` (5.3.6);
//! * β(i, j): the standard-deviation ratio of a maximum (i < j, Approx. 5.3.4) or a minimum
//!   (β(i, i), Def. 5.3.8);
//! * γ: `σ(sum of 2^r jobs on one processor) ≈ 2^{rγ} σ(X)` (Approx. 5.3.5).
//!
//! The models: [`JrParams`] holds the constants and [`JrModel`] names the eight models of Tables
//! 5.7/5.8; one generic recursion answers every question ([`iteration_time`], [`speedup`],
//! [`speedup_profile`]; the closed forms of §5.4 are special cases of it, checked against it in
//! the tests); [`optimal_replicas`] (discrete), [`continuous_optimum`] (the thesis's closed-form
//! stationary points) and [`break_even_cv`] answer how many replicas to run; [`ExactModel`] is the
//! exact model Dobber, eq. (5.4) by Monte Carlo; [`FirstLevelConstants::estimate`], [`estimate_gamma`] and
//! [`FirstLevelEstimate::monte_carlo`] estimate α, β, γ from samples (§5.3.2).
//!
//! Around the models sit the trace tools of chapters 2–4, 6 and 7: [`Trace`] and
//! [`synthetic_trace`] (CSV traces and a synthetic generator), [`trace_stats`] (the 17 statistics
//! of Tables 3.1/3.2), [`acf`] and [`hurst_from_acf`], the predictors [`PredictorKind`] and [`Des`]
//! (ES, adaptive ES, AR, DES; [`PredictorKind::rmse_one_step`], Dobber, eq. (7.28)), the trace-driven policies
//! ([`Trace::run_time`] of a [`TracePolicy`]: ELB, SLB, DLB, R-JR, and the adaptive DLB/JR
//! policy [`Trace::adaptive_run_time`]) and the straight-line tools [`LineFit::least_squares`],
//! [`pearson_correlation`], [`Line::crossing`], [`statistic_y`].
//!
//! # Counts and levels
//!
//! Every public function takes the number of processors `P` and of replicas `R` as counts
//! (`u64`, powers of two, `1 ≤ R ≤ P ≤ 2^40`), never their logarithms; the thesis's levels
//! `p = log2 P` and `r = log2 R` appear only in formulas and in the continuous optima, which
//! report both ([`ContinuousOptimum`]). A count that is not a power of two is refused
//! with [`ReplicationError::NotPowerOfTwo`]. The model constants ([`JrParams`]) come last, as the
//! method: `speedup(cv, replicas, processors, &params)`.
//!
//! # Which replication model to use
//!
//! The eight models of Dobber, Tables 5.7/5.8 differ in two choices. The first digit says how a
//! processor's consecutive jobs relate (γ of Approx. 5.3.5); the second how the maximum and
//! minimum constants are given:
//!
//! | model | γ | β(i, j) (max) | β(i, i) (min) | use it when |
//! |---|---|---|---|---|
//! | 1.1 | 1 | 1 | ½ | a first answer with closed-form thresholds and optimum (Dobber, eq. (5.35), (5.37)); jobs on one processor in one iteration take about the same time |
//! | 1.2 | 1 | constant β₁ | Def. 5.3.8 | you measured α and one σ ratio of the maximum (Dobber, eq. (5.44), optimum (5.47)) |
//! | 1.3a | 1 | fitted `(a₁ + b₁i)(a₂ + b₂j)` | Def. 5.3.8 | a Planetlab-like grid of any size (Table 5.6's fit) |
//! | 1.3b | 1 | measured table | Def. 5.3.8 | the thesis's Planetlab traces; Table 5.2 covers `P ≤ 128` only |
//! | 2.1 | < 1 | 1 | ½ | independent job times (γ = ½: closed forms Dobber, eq. (5.70)–(5.74), Lambert-W optimum) |
//! | 2.2 | < 1 | constant β₁ | Def. 5.3.8 | as 1.2 with partly independent jobs |
//! | 2.3a | < 1 | fitted product | Def. 5.3.8 | as 1.3a with partly independent jobs |
//! | 2.3b | < 1 | measured table | Def. 5.3.8 | as 1.3b with partly independent jobs (`P ≤ 128`) |
//!
//! Table 5.8 applies the 2.x models with the measured γ = 0.81 ([`JrModel::planetlab_params`]); the
//! closed forms of model 2.1 assume γ = ½ ([`JrParams::independent_jobs`]). Estimate α, β and
//! γ of your own traces with [`FirstLevelConstants::estimate`] and [`estimate_gamma`] and build a [`JrParams`]. When the job-time law is
//! known, the exact model (Dobber, eq. (5.4)) by Monte Carlo ([`ExactModel`]) needs no
//! approximation at all; the models are for quick answers, thresholds and closed-form optima.
//!
//! # Accuracy
//!
//! The closed forms and the generic evaluator are a few floating-point operations per tree
//! level: relative error below 1e-13 against 50-digit references wherever the iteration time is
//! at least 1e-3 E X (measured worst 5.6e-15 over 1,275 rows, `tests/replication/replication_reference.rs`;
//! near a pole of the speedup the relative error grows as `1/|R_it|`). The continuous optima are
//! within 1e-12 (absolute, in levels) of the stationary point of the speedup as printed, and their
//! speedups within 1e-12 relative (measured worst 1.2e-14 and 1.9e-15 over 87 answered rows; the
//! 68 other rows are refused as the references classify them); the model itself is an approximation whose error against the exact
//! model Dobber, eq. (5.4) the thesis measures in §5.5 (Figs. 5.16/5.17).
//!
//! The fits, thresholds, statistics and estimators are checked the same way against 50-digit or
//! exact-rational references (`tests/replication/replication_fits_reference.rs`, 549 reference rows): sums over data
//! are corrected two-pass sums around the mean, so data offset far from 0 (1e8–1e12 against a
//! spread of 10–1000) keep their digits (measured worst 2.9e-14 relative); each function's
//! `# Accuracy` section states its bound and domain.
//!
//! # Example
//!
//! Model 1.1 with `c_X = 0.9` on `P = 16` processors: the best choice is `R = 8` replicas.
//!
//! ```
//! use loadbal::replication::{JrModel, optimal_replicas};
//!
//! let best = optimal_replicas(0.9, 16, &JrModel::DependentUnitBeta.planetlab_params()).unwrap();
//! assert_eq!(best.replicas, 8);
//! assert!((best.speedup - 5.6 / 4.3).abs() < 1e-12); // Dobber, eq. (5.35): (2 + 4c)/(16 + c(2 − 16 + 1))
//! assert_eq!(best.to_string(), "R = 8 replicas, speedup 1.3023 over ELB");
//! ```

mod des;
mod domain;
mod error;
mod estimation;
mod evaluator;
mod exact;
mod fits;
mod optimum;
mod params;
mod predictor;
mod predictors;
mod simulate;
mod stats;
mod trace;

pub use des::{ClassPairing, Des, DesClass, DesConfig};
pub use domain::MAX_PROCESSORS;
pub(crate) use domain::log2_exact;
pub use error::ReplicationError;
pub use estimation::{FirstLevelConstants, FirstLevelEstimate, estimate_gamma};
pub use evaluator::{ReplicaSpeedup, iteration_time, speedup, speedup_profile};
pub use exact::{Dependence, ExactModel, ExactReplication, ExactRun, LevelConstants, MAX_EXACT_DRAWS};
pub use fits::{Line, LineFit, pearson_correlation, statistic_y};
pub use optimum::{ContinuousOptimum, OptimalReplication, break_even_cv, continuous_optimum, optimal_replicas};
pub use params::{BetaMax, BetaMin, BetaTable, JrModel, JrParams};
pub use predictor::Predictor;
pub use predictors::{MAX_AR_ORDER, PredictorKind, improvement_pct};
pub use simulate::{AdaptiveConfig, AdaptiveOutcome, Overheads, Strategy, TracePolicy};
pub use stats::{TraceStats, acf, autocovariance, hurst_from_acf, trace_stats};
pub use trace::{MAX_SYNTHETIC_VALUES, SyntheticTraceConfig, Trace, synthetic_trace};
