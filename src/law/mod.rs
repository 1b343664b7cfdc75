//! One law type for random times: task, job, service and processor times.
//!
//! [`Law`] is what every model of the crate takes when a time is random: the order statistics
//! ([`expected_max_iid`](crate::order_stats::expected_max_iid) through the
//! [`IidLaw`](crate::order_stats::IidLaw) trait), the ensemble closed forms and simulator
//! ([`ensemble`](crate::ensemble), which use its mean and standard deviation and draw from it),
//! the job-replication models ([`replication`](crate::replication)) and the queueing formulas and
//! simulators ([`queueing`](crate::queueing), which use its mean and second moment through
//! [`ServiceMoments::from_law`](crate::queueing::ServiceMoments::from_law) and draw from it).
//!
//! - Validated constructors: [`Law::normal`], [`Law::exponential`], [`Law::gamma`],
//!   [`Law::gamma_mean_sd`], [`Law::gamma_mean_scv`], [`Law::lognormal`], [`Law::lognormal_mean_sd`], [`Law::weibull`],
//!   [`Law::pareto`], [`Law::uniform`], [`Law::deterministic`], [`Law::truncated_normal`] and
//!   [`Law::short_or_truncated_normal`] (the mutant task times of Ahn et al.). A bad argument is a
//!   [`LawError`] that names it; nothing is clamped or replaced.
//! - Moments computed once by the constructor: [`Law::mean`], [`Law::sd`], [`Law::variance`],
//!   [`Law::second_moment`], [`Law::scv`]; the [`Law::support`].
//! - Distribution functions in log space, accurate in both tails: [`Law::ln_cdf`],
//!   [`Law::ln_sf`], [`Law::cdf`], [`Law::sf`], [`Law::quantile`], [`Law::upper_quantile`].
//! - [`rand_distr::Distribution<f64>`]: the sampler is built by the constructor, so a draw
//!   rebuilds nothing, and every sampler's expected cost is bounded for every accepted
//!   parameter (the truncated normal far below zero included).
//! - Plain data: a law is its [`LawSpec`] (constructor and arguments), which serde reads and
//!   writes, validated on the way in (`Law: TryFrom<LawSpec>`).
//!
//! # Example
//!
//! An M/G/1 queue with gamma service and the expected maximum of 8 such service times:
//!
//! ```
//! use loadbal::law::Law;
//! use loadbal::order_stats::expected_max_iid;
//! use loadbal::queueing::{ServiceMoments, Station};
//!
//! let service = Law::gamma_mean_sd(0.5, 0.25).unwrap(); // scv 0.25
//! let m = Station::mg1(1.0, &ServiceMoments::from_law(&service).unwrap()).unwrap().metrics();
//! assert!((m.wq - 1.0 * service.second_moment() / (2.0 * (1.0 - 0.5))).abs() < 1e-12);
//! assert!(expected_max_iid(&service, 8).unwrap() > service.mean());
//! ```

mod distribution_functions;
mod error;
mod kind;
mod law_type;
mod order_statistics;
mod sampling;
mod spec;
mod truncated_normal;

pub use error::LawError;
pub use law_type::{Law, Support};
pub use spec::LawSpec;
