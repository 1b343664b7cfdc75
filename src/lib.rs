//! # loadbal
//!
//! The analytical theory of load balancing in parallel and distributed computing as tested,
//! fast, pure functions: order statistics of processor times, divisible-load allocations,
//! remapping intervals and policies, ensemble load balancing, job replication and queueing
//! stability. Every model cites its paper and equation, returns typed errors on bad input,
//! and is validated against the crate's one Monte Carlo harness ([`montecarlo`]).
//!
//! The papers are listed in [`references`]: Ahn et al. (ensemble load balancing), Fong et al.
//! (periodic remapping), Dobber (job replication), Yin et al. (Markov remapping) and Jia
//! (resource-unaware divisible loads).
//!
//! # Quick start
//!
//! ```toml
//! [dependencies]
//! loadbal = "0.1"
//! ```
//!
//! 1,000 tasks of mean 488.1 s and standard deviation 116.6 s split statically over 25
//! processors (40 tasks each): the run ends when the slowest processor does, so its expected
//! length is the expected maximum of 25 normal processor times (Ahn et al., eqs. (12), (14a)).
//! The crate gives it exactly, by Chen and Tyler's approximation, and by a seeded Monte Carlo
//! run that returns the same bits on any number of threads. The random-number crates are
//! re-exported ([`rand`], [`rand_distr`], [`rand_chacha`], [`nalgebra`], [`statrs`]), so
//! their versions always fit.
//!
//! ```
//! use loadbal::montecarlo::MonteCarlo;
//! use loadbal::order_stats::{chen_tyler, expected_max_normal};
//! use loadbal::rand_distr::{Distribution, Normal};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let (mean, sd) = (40.0 * 488.1, 40f64.sqrt() * 116.6);
//! let exact = expected_max_normal(mean, sd, 25)?; // 20,973.3 s (Ahn et al., §5.2)
//! let approx = chen_tyler(25).and_then(|c| c.expected_max(mean, sd))?; // 20,965.1 s
//! assert_eq!((exact.round(), approx.round()), (20_973.0, 20_965.0));
//!
//! let x = Normal::new(mean, sd)?;
//! let est = MonteCarlo::new(1, 20_000)?
//!     .estimate(|_, rng| (0..25).map(|_| x.sample(rng)).fold(f64::MIN, f64::max))?;
//! assert!(est.agrees_with(exact, 4.0)); // within 4 standard errors
//! # Ok(())
//! # }
//! ```
//!
//! Each module's documentation starts with what it computes and an example. The papers' tables
//! are rebuilt, row by row, by the companion crate `loadbal-papers` (its `reproduce` program), and
//! the `loadbal` command of the crate `loadbal-cli` answers the same questions from a shell; both
//! use only this crate's public API.
//!
//! # Map of the API
//!
//! One module per domain; in each, the problem type (or the function family) and the questions
//! it answers.
//!
//! | module | what you hand in | the questions |
//! |---|---|---|
//! | [`law`] | a random time: [`Law`](law::Law) (normal, gamma, log-normal, exponential, Weibull, Pareto, uniform, deterministic, truncated normal, the two-point mixture of Ahn et al.) | its moments, distribution functions in log space, quantiles; draws (`rand_distr::Distribution`); what every other module takes for task, job, service and processor times |
//! | [`order_stats`] | a [`Law`](law::Law) or normal parameters, and `n` | E max, E min, the expected k-th smallest of `n` draws exactly ([`expected_max_iid`](order_stats::expected_max_iid), [`expected_max_normal`](order_stats::expected_max_normal)), by Chen and Tyler, for independent non-identical normals, and bounds |
//! | [`montecarlo`] | a seed and a replication count: [`MonteCarlo`](montecarlo::MonteCarlo) | a seeded estimate with its standard error, bit for bit the same on any number of threads or shards |
//! | [`dlt`] | a network: star, bus, linear chain ([`Chain`](dlt::Chain)), tree, mesh | the optimal divisible-load split and its finish time (closed forms), its execution on the event engine ([`dlt::engine`]); [`dlt::unaware`]: Jia's resource-unaware strategies (probing, SLD, DLD, virtual and spanning trees, multi-source loads) |
//! | [`remap`] | [`remap::periodic`]: a workload model; [`remap::markov`]: a Markov workload and a remap cost; [`remap::mdp`]: any finite MDP ([`Mdp`](remap::mdp::Mdp)) | when to remap periodically (the optimal interval of Fong et al.), in which states to remap (Yin et al.), and the optimal policy of an MDP by value, policy or modified policy iteration |
//! | [`ensemble`] | counts of tasks per processor and a task-time [`Law`](law::Law); a run configuration [`SimConfig`](ensemble::SimConfig) | what a step of MD, AR, RP or NR does ([`Algorithm`](ensemble::Algorithm)`::step`, `variance_decrease`, `variance_decrease_bound`, `idle_claim`; RP over the donor [`RpDonorModel`](ensemble::RpDonorModel)`::expected_variance_decrease`; AR's thresholds on [`ArClaimConstants`](ensemble::ArClaimConstants)), the static prediction ([`static_prediction`](ensemble::static_prediction)), a whole run ([`simulate`](ensemble::simulate)) and its Monte Carlo metrics |
//! | [`replication`] | the model constants [`JrParams`](replication::JrParams) (Dobber's eight models: [`JrModel`](replication::JrModel)), a coefficient of variation and counts; a job-time trace ([`Trace`](replication::Trace)) | the speedup of R-fold replication ([`speedup`](replication::speedup)), how many replicas ([`optimal_replicas`](replication::optimal_replicas), [`continuous_optimum`](replication::continuous_optimum), [`break_even_cv`](replication::break_even_cv)), the exact model by Monte Carlo ([`ExactModel`](replication::ExactModel)), α, β, γ from data, predictors and trace-driven policies |
//! | [`queueing`] | a station: [`Station`](queueing::Station) (M/M/1, M/M/c, M/M/1/K, M/M/c/K, M/G/1, M/D/1, M/G/1 with vacations); a Jackson network; Jia's regions | is it stable, and its long-run means ([`Station::metrics`](queueing::Station::metrics)); Erlang B and C; the network's traffic and per-node metrics; the multi-region bounds and stability cases; simulators that check every formula |
//!
//! # Conventions
//!
//! The same rules hold in every module, so that a call reads the same way everywhere.
//!
//! - **Counts are counts.** `n` is a number of tasks, samples or iterations, `p` a number of
//!   processors (never its logarithm), `c` a number of servers, `r` a number of replicas or the
//!   rank of an order statistic. Counts are `u64`, and so are size limits (`MAX_*`); positions in
//!   a caller's slice are `usize`.
//! - **Argument order.** What is modelled comes first (the law's parameters, rates, speeds, the
//!   network), then the sizes (`n`, `p`, `c`, a horizon), then the method or an options struct,
//!   then a random number generator: `expected_max_normal(mean, sd, n)`, `Station::mmc(lambda, mu, c)`.
//! - **One name per concept.** A standard deviation is `sd` (several of them `sds`), a variance
//!   `variance`, a mean `mean`, a coefficient of variation `cv`, a squared one `scv`; the
//!   divisible-load communication-to-computation ratio is `ratio`. A constructor takes one of
//!   them, and its argument name says which.
//! - **One type for a random time.** A task's, job's, service's or processor's time is a
//!   [`law::Law`], built by a validated constructor ([`Law::normal`](law::Law::normal),
//!   [`Law::gamma_mean_sd`](law::Law::gamma_mean_sd), [`Law::exponential`](law::Law::exponential),
//!   the truncated normal and the mutant mixture of Ahn et al., …) and taken by
//!   [`order_stats`] (through [`IidLaw`](order_stats::IidLaw)), [`ensemble`] (its closed forms use
//!   the law's mean and standard deviation, its simulator draws from it), [`replication`] and
//!   [`queueing`] ([`ServiceMoments::from_law`](queueing::ServiceMoments::from_law), the
//!   station simulator). It implements `rand_distr::Distribution<f64>` with its sampler built
//!   once, so Monte Carlo code draws from it directly.
//! - **Names say what a thing is**, never which equation, table, theorem or model number of a
//!   paper it is; the citation goes in the docs.
//! - **Symbols follow the papers.** Arrival rate `lambda`, service rate `mu`, utilisation `rho`,
//!   inverse processor and link speeds `w` and `z`, unit times `t_cp` and `t_cm`, remap cost
//!   `eta`.
//! - **More than four parameters** go in a parameter or options struct with `Default` (or named
//!   constructors), never in a long positional list.
//! - **Results** are structs with public, named fields; they derive `Debug`, `Clone`,
//!   `PartialEq` (and serde's traits with the `serde` feature) and implement `Display`.
//! - **Errors** are one small `#[non_exhaustive]` enum per module; a message names the argument
//!   and the value that was wrong. No function panics, returns NaN or clamps a bad argument.
//! - **Iterative solvers** report why they stopped (a termination reason) and a residual.
//! - **Accuracy** is documented per function (an `# Accuracy` section) and checked by tests
//!   against high-precision references computed independently.
//! - **Citations** give the paper's key and its own equation number, "Jia, eq. (3.11)"; the
//!   papers are listed in [`references`].
//! - **No file imports a file that imports it**, and the public surface stays small.
//!
//! The repository's `tests/conventions` checks these rules over every public item; the items that
//! do not follow them yet are listed there, and that list only shrinks.
#![warn(missing_docs)]

pub mod dlt;
pub mod ensemble;
pub mod law;
pub mod montecarlo;
mod numerics;
pub mod order_stats;
pub mod queueing;
pub mod references;
pub mod remap;
pub mod replication;

// The crates whose types appear in the API, re-exported so that a user's versions always match.
pub use nalgebra;
pub use rand;
pub use rand_chacha;
pub use rand_distr;
pub use statrs;

/// The README's examples, compiled and run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
