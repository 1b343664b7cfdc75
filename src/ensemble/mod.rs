//! Ensemble load balancing: the probabilistic framework of Ahn et al. (Ahn, Sandu, Watson,
//! Shaffer, Cao, Baumann) and a discrete-event simulator of its four algorithms.
//!
//! An ensemble is `n` independent tasks with i.i.d. compute times (mean μ_T, standard deviation
//! σ_T) on `p` processors. The module answers, before buying cluster time:
//! - how much idle time a static block split costs ([`static_prediction`], metrics (1)–(3) of
//!   the paper, Ahn et al., eq. (14a)–(16), by the exact order-statistics integral or by
//!   Chen–Tyler, eq. (6a)–(6b), chosen in [`StaticOptions`]); a split where p does not divide n
//!   is answered exactly as a maximum of independent, non-identical normals;
//! - what one balancing step of most-dividing (MD), all-redistribution (AR), random-polling (RP)
//!   or neighbour-redistribution (NR) does to a count vector ([`Algorithm::step`] at a
//!   [`Trigger`]) and to the expected algebraic variance ([`Algorithm::variance_decrease`]:
//!   (9), (11), Propositions 1, 4, 10, with the proved bounds [`Algorithm::variance_decrease_bound`];
//!   RP averaged over the donor, Prop. 7 corrected, [`RpDonorModel::expected_variance_decrease`];
//!   any two count vectors, [`CountStep::variance_decrease`]);
//! - the idle-time claims of Propositions 2–3, 5–6, 8–9, 11–12, with their hypotheses checked
//!   ([`Algorithm::idle_claim`]), and AR's thresholds ([`ArClaimConstants::min_rp_for_range_decrease`],
//!   [`ArClaimConstants::min_r_for_idle_decrease`], C_max from [`ArClaimConstants::for_max_processors`]);
//! - what a whole run does ([`simulate`], a discrete-event simulator of STATIC, MD, AR, RP, NR),
//!   drawing task times from any [`Law`](crate::law::Law) (the paper gives only two moments:
//!   [`Law::gamma_mean_sd`](crate::law::Law::gamma_mean_sd), the simulator's usual choice,
//!   [`Law::lognormal_mean_sd`](crate::law::Law::lognormal_mean_sd),
//!   [`Law::truncated_normal`](crate::law::Law::truncated_normal) (the normal law of Assumption 2
//!   conditioned on non-negative durations) and
//!   [`Law::short_or_truncated_normal`](crate::law::Law::short_or_truncated_normal) for the
//!   mutant), within stated size limits ([`MAX_SIM_TASKS`], [`MAX_SIM_PROCESSORS`]).
//!
//! # Argument order
//!
//! Every public function of the module takes its arguments in one order, the crate's convention
//! made concrete:
//! 1. the task-time law: `mu_t` alone when only the mean enters, a [`Law`](crate::law::Law)
//!    when both moments do (only its mean and standard deviation are used), or the distribution
//!    `dist` the simulator and the samplers draw from;
//! 2. the state: the counts `r` (or `rhat`, or a [`CountStep`] `before → after` with its running
//!    set), then the processor that ran dry `idle`, the `donor`, the NR `group` — for the
//!    questions of one step, all three in a [`Trigger`];
//! 3. the sizes: `n` tasks, `p` processors (`k` of a group before `p`);
//! 4. the options (a model enum, [`StaticOptions`], [`ClaimOptions`], a [`SimConfig`] or a
//!    [`MonteCarlo`](crate::montecarlo::MonteCarlo)), the random generator last.
//!
//! `static_prediction(&wild, 1000, 25, StaticOptions::default())`,
//! `Algorithm::Md.variance_decrease(mu_t, &trigger)`,
//! `Algorithm::Rp.idle_claim(&law, &trigger, &ClaimOptions::default())`,
//! `simulate(&dist, &config, &mut rng)`.
//!
//! # Accuracy
//!
//! Each function states its accuracy. In short, against 50-digit references
//! (`tests/ensemble/ensemble_reference.rs`, `tests/data/reference/ensemble_*.csv`): the static extremes
//! of equal and unequal splits to 1e-11 relative; the closed forms (static variance, (9'), the
//! step decreases of Props 1, 4, 7, 10, Lemma 2's moments, the AR thresholds) within a few units
//! of rounding u = 2⁻⁵³, because the count sums are exact 128-bit integer arithmetic and every
//! formula is evaluated as a sum of non-negative terms (no cancellation) — for counts to 10¹²,
//! p to 10⁹ and σ_T/μ_T over 16 decades. The simulator's and samplers' estimates are
//! statistical: mean ± standard error, reproducible bit for bit.
//!
//! Equation (9) is missing from the paper's text; it is reconstructed here from eq. (8) and Lemma 3
//! (and generalised to any set of processors running a task). Proposition 7's printed
//! closed form drops a factor p/(p−1) and is offered only as [`RpDonorModel::UncorrectedClosedForm`].
//!
//! # Example
//! ```
//! use loadbal::law::Law;
//! use loadbal::ensemble::{expected_algebraic_variance, adjusted_counts, Algorithm, Trigger};
//! // Ahn et al., §4.4: P_0 idle, most loaded processor has 7 tasks
//! let step = Algorithm::Md.step(&Trigger::new(vec![0, 3, 5, 2, 7], 0)).unwrap();
//! assert_eq!(step.counts, vec![3, 3, 5, 2, 4]);
//! let rhat = adjusted_counts(&[0, 3, 5, 2, 7], &[false, true, true, true, true]).unwrap();
//! let v = expected_algebraic_variance(&Law::normal(488.1, 116.6).unwrap(), &rhat, 4).unwrap();
//! assert!((v - 1_603_427.177_666_7).abs() < 1e-3);
//! ```

mod bounds;
mod count_step;
mod counts;
mod decrease;
mod error;
mod history;
mod metrics;
mod montecarlo;
mod questions;
mod sim;
mod static_pred;
mod steps;

pub use bounds::{ArClaimConstants, IdleClaim};
pub use count_step::CountStep;
pub use counts::{MeanVariance, adjusted_counts, expected_algebraic_variance, residual_task_moments};
pub use error::EnsembleError;
pub use history::variance_along_history;
pub use metrics::{Metrics, imbalance_metrics};
pub use montecarlo::{MetricsEstimate, monte_carlo_metrics};
pub use questions::{ClaimKind, ClaimOptions, Trigger};
pub use sim::{
    Algorithm, MAX_SIM_PROCESSORS, MAX_SIM_TASKS, MAX_TRAJECTORY_CELLS, SimConfig, SimResult, StepRecord, simulate,
};
pub use static_pred::{
    ExtremesMethod, MAX_UNEQUAL_SPLIT_PROCESSORS, StaticOptions, StaticPrediction, VarianceConvention,
    static_prediction, static_variance,
};
pub use steps::{DonorPoll, RpDonorModel, StepOutcome, Torus};
