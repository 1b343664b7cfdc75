//! The questions one balancing step answers, as methods of [`Algorithm`]: what the step does
//! to the counts ([`Algorithm::step`]), to the expected algebraic variance
//! ([`Algorithm::variance_decrease`]) and what it guarantees about idle time
//! ([`Algorithm::idle_claim`]), all asked at a [`Trigger`] (the counts when a processor runs dry).

use super::bounds::{
    ArClaimConstants, IdleClaim, ar_avg_idle_claim, ar_range_claim, md_avg_idle_claim, md_max_idle_claim,
    nr_avg_idle_claim, nr_max_idle_claim, rp_avg_idle_claim, rp_max_idle_claim,
};
use super::counts::{MeanVariance, adjusted_counts, count_mean_var};
use super::decrease::{
    ar_variance_decrease, ar_variance_decrease_bound, md_variance_decrease, nr_variance_decrease,
    nr_variance_decrease_bound, rp_expected_variance_decrease,
};
use super::error::EnsembleError;
use super::sim::Algorithm;
use super::steps::{DonorPoll, RpDonorModel, StepOutcome, ar_step, md_step, nr_step, rp_poll, rp_step};
use crate::law::Law;
use rand::Rng;

/// The state at which a balancing step is asked about: the counts `r` (remaining tasks of each
/// processor, the running one included), the processor `idle` that ran dry, and its partners
/// where the algorithm has them: RP's polled donor (one index; none for the expectation over
/// the donor), NR's group (the idle processor first, then its neighbours, as
/// [`Torus::group`](crate::ensemble::Torus::group) gives it). MD and AR take no partners.
///
/// Displayed as:
/// ```
/// use loadbal::ensemble::Trigger;
/// let t = Trigger::new(vec![0, 3, 5, 2, 7], 0).with_partners(vec![2]);
/// assert_eq!(t.to_string(), "processor 0 idle, counts [0, 3, 5, 2, 7], partners [2]");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Trigger {
    /// Remaining tasks of each processor (the running one included).
    pub counts: Vec<u64>,
    /// The processor that ran dry (`counts[idle] == 0`).
    pub idle: usize,
    /// RP: the donor (at most one); NR: the group, the idle processor first; MD, AR: empty.
    pub partners: Vec<usize>,
}

impl Trigger {
    /// Processor `idle` ran dry with the counts `counts`; no partners.
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::Trigger;
    /// let t = Trigger::new(vec![0, 3, 5, 2, 7], 0);
    /// assert_eq!((t.idle, t.partners.len()), (0, 0));
    /// ```
    pub fn new(counts: Vec<u64>, idle: usize) -> Self {
        Trigger { counts, idle, partners: Vec::new() }
    }

    /// The same trigger with RP's donor (`vec![donor]`) or NR's group.
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::Trigger;
    /// // RP polled processor 2 as the donor.
    /// assert_eq!(Trigger::new(vec![0, 3, 5, 2, 7], 0).with_partners(vec![2]).partners, vec![2]);
    /// ```
    pub fn with_partners(mut self, partners: Vec<usize>) -> Self {
        self.partners = partners;
        self
    }
}

impl std::fmt::Display for Trigger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "processor {} idle, counts {:?}, partners {:?}", self.idle, self.counts, self.partners)
    }
}

/// Which idle-time claim [`Algorithm::idle_claim`] checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ClaimKind {
    /// The maximum idle time decreases (Ahn et al., Props. 2, 8, 11); for AR, the range of the
    /// finishing times (Prop. 5).
    #[default]
    Max,
    /// The average idle time decreases (Ahn et al., Props. 3, 6, 9, 12).
    Average,
}

/// Options of [`Algorithm::idle_claim`]: the claim, and AR's constants (ignored by the others).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClaimOptions {
    /// Maximum or average idle time.
    pub kind: ClaimKind,
    /// ε, C_max and g of Ahn et al., Props. 5–6 (AR only; default §4.5's values).
    pub ar: ArClaimConstants,
}

fn no_partners(alg: Algorithm, at: &Trigger) -> Result<(), EnsembleError> {
    if at.partners.is_empty() {
        Ok(())
    } else {
        Err(EnsembleError::InvalidParameter {
            what: "partners",
            value: at.partners.len() as f64,
            why: if alg == Algorithm::Md {
                "MD chooses its own donor (the most loaded processor): give no partners"
            } else {
                "AR involves every processor: give no partners"
            },
        })
    }
}

fn rp_donor(at: &Trigger) -> Result<Option<usize>, EnsembleError> {
    match at.partners.as_slice() {
        [] => Ok(None),
        [d] => Ok(Some(*d)),
        more => Err(EnsembleError::InvalidParameter {
            what: "partners",
            value: more.len() as f64,
            why: "RP polls one donor: give at most one partner",
        }),
    }
}

fn rp_donor_required(at: &Trigger) -> Result<usize, EnsembleError> {
    rp_donor(at)?.ok_or(EnsembleError::TooShort { what: "RP partners (the polled donor)", min: 1, got: 0 })
}

fn nr_group(at: &Trigger) -> Result<&[usize], EnsembleError> {
    match at.partners.first() {
        Some(&first) if first == at.idle => Ok(&at.partners),
        Some(&first) => Err(EnsembleError::InvalidParameter {
            what: "partners",
            value: first as f64,
            why: "the NR group starts with the idle processor",
        }),
        None => Err(EnsembleError::TooShort { what: "NR group", min: 1, got: 0 }),
    }
}

fn static_refused() -> EnsembleError {
    EnsembleError::InvalidParameter { what: "algorithm", value: 0.0, why: "Static never balances: it has no step" }
}

impl Algorithm {
    /// One balancing step at `at` (Ahn et al., §2.2–§2.5): MD moves half of the most loaded
    /// processor's queued tasks to the idle one; AR redistributes every queued task evenly; RP
    /// moves half of the polled donor's queued tasks (`at.partners == [donor]`); NR evens out
    /// the group `at.partners` (the idle processor first). Running tasks never move.
    ///
    /// # Formula
    /// MD and RP: ⌊R_k'/2⌋ of the donor's R_k' = R_k − 1 queued tasks move to the idle processor
    /// (Ahn et al., §2.2, §2.4); AR and NR: the queued tasks of the processors involved are
    /// split as evenly as the running tasks allow (§2.3, §2.5).
    ///
    /// # Errors
    /// [`EnsembleError::TooShort`] for fewer than two processors (or RP without a donor),
    /// [`EnsembleError::NotIdle`], [`EnsembleError::IndexOutOfRange`] for a bad index,
    /// [`EnsembleError::InvalidParameter`] for partners the algorithm does not take, for
    /// [`Algorithm::Static`], or when AR's or NR's pooled counts sum past `u64::MAX`.
    ///
    /// # Accuracy
    /// Exact (integer counts).
    ///
    /// # Examples
    /// Ahn et al., §4.4: P_0 idle, the most loaded processor has 7 tasks.
    /// ```
    /// use loadbal::ensemble::{Algorithm, Trigger};
    /// let step = Algorithm::Md.step(&Trigger::new(vec![0, 3, 5, 2, 7], 0)).unwrap();
    /// assert_eq!(step.counts, vec![3, 3, 5, 2, 4]);
    /// ```
    pub fn step(&self, at: &Trigger) -> Result<StepOutcome, EnsembleError> {
        let (r, idle) = (at.counts.as_slice(), at.idle);
        match self {
            Algorithm::Static => Err(static_refused()),
            Algorithm::Md => no_partners(*self, at).and_then(|()| md_step(r, idle)),
            Algorithm::Ar => no_partners(*self, at).and_then(|()| ar_step(r, idle)),
            Algorithm::Rp => rp_step(r, idle, rp_donor_required(at)?),
            Algorithm::Nr => nr_step(r, idle, nr_group(at)?),
        }
    }

    /// Expected-variance decrease of one step at `at` for tasks of mean `mean` (Ahn et al.,
    /// Lemma 4, eq. (11)): MD, Prop. 1, eq. (17); RP given its donor, Prop. 4 (the same formula
    /// with the polled donor), and without a donor in `at.partners` the expectation over a
    /// donor polled until an available processor answers (Prop. 7 corrected, §2.4); AR,
    /// Prop. 7's counterpart for a full redistribution; NR, Prop. 10 for the group.
    ///
    /// # Formula
    /// MD, RP given the donor k: `E[ξ²] − E[ξ'²] = R_k (R_k − 1) / (2(p − 1)) · μ_T²`; AR and
    /// NR: eq. (11) evaluated on the counts before and after the step.
    ///
    /// # Errors
    /// The errors of [`Algorithm::step`]; [`EnsembleError::InvalidTime`] for a bad mean;
    /// [`EnsembleError::InvalidParameter`] naming the mean when the decrease (a multiple of
    /// mean²) overflows `f64`.
    ///
    /// # Accuracy
    /// Within a few units of rounding (u = 2⁻⁵³): exact 128-bit count sums, every formula a sum of
    /// non-negative terms; checked against 50-digit references in
    /// `tests/ensemble/ensemble_reference.rs`.
    ///
    /// # Examples
    /// Ahn et al., §4.4 with μ_T = 488.1 s: the donor has 7 tasks on 5 processors, 5.25 μ_T².
    /// ```
    /// use loadbal::ensemble::{Algorithm, Trigger};
    /// let d = Algorithm::Md.variance_decrease(488.1, &Trigger::new(vec![0, 3, 5, 2, 7], 0)).unwrap();
    /// assert!((d - 1_250_768.4525).abs() < 1e-6);
    /// ```
    pub fn variance_decrease(&self, mean: f64, at: &Trigger) -> Result<f64, EnsembleError> {
        let (r, idle) = (at.counts.as_slice(), at.idle);
        let p = r.len() as u64;
        let decrease = match self {
            Algorithm::Static => Err(static_refused()),
            Algorithm::Md => {
                let step = self.step(at)?;
                md_variance_decrease(mean, step.donor.map_or(0, |d| r[d]), p)
            }
            Algorithm::Rp => match rp_donor(at)? {
                Some(donor) => {
                    rp_step(r, idle, donor)?;
                    md_variance_decrease(mean, r[donor], p)
                }
                None => rp_expected_variance_decrease(mean, r, idle, RpDonorModel::UniformAvailable),
            },
            Algorithm::Ar => {
                no_partners(*self, at)?;
                ar_variance_decrease(mean, r, idle)
            }
            Algorithm::Nr => nr_variance_decrease(mean, r, idle, nr_group(at)?),
        }?;
        finite_decrease(decrease, mean)
    }

    /// The lower bound on the expected-variance decrease of one step at `at` that the paper
    /// proves (Ahn et al.): AR, Prop. 4, `(V(R̂) − 1/4) μ_T²` (meaningful when V(R̂) > 1/4); NR,
    /// Prop. 10, `((k−1)/(p−1)) (Ṽ(R̂) − 1/4) μ_T²` with Ṽ(R̂) the adjusted variance of the group's
    /// k processors (the paper's "V(R) > 1/4" should read Ṽ(R̂) > 1/4); MD and RP given the
    /// donor, Props 1 and 4 are equalities: the exact decrease of [`Algorithm::variance_decrease`].
    /// R̂_i = R_i − 1/2 for every processor with a task in progress (R_i > 0).
    ///
    /// # Formula
    /// ```text
    /// AR: E[ξ²] − E[ξ'²] ≥ (V(R̂) − 1/4) μ_T²
    /// NR: E[ξ²] − E[ξ'²] ≥ ((k−1)/(p−1)) (Ṽ(R̂) − 1/4) μ_T²
    /// ```
    ///
    /// # Errors
    /// The errors of [`Algorithm::variance_decrease`].
    ///
    /// # Accuracy
    /// V(R̂) to a few units of rounding (u = 2⁻⁵³), then three (AR) or six (NR) rounded
    /// operations: absolute error at most 6u·(V(R̂) + 1/4)·μ_T² (relative 6u when V(R̂) ≥ 1/2;
    /// near V(R̂) = 1/4 the bound itself is near zero).
    ///
    /// # Examples
    /// Ahn et al., §4.4's counts: V(R̂) = 6.5, and AR attains the bound exactly here.
    /// ```
    /// use loadbal::ensemble::{Algorithm, Trigger};
    /// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0);
    /// assert_eq!(Algorithm::Ar.variance_decrease_bound(1.0, &at).unwrap(), 6.25);
    /// assert!((Algorithm::Ar.variance_decrease(1.0, &at).unwrap() - 6.25).abs() < 1e-12);
    /// ```
    pub fn variance_decrease_bound(&self, mean: f64, at: &Trigger) -> Result<f64, EnsembleError> {
        let (r, idle) = (at.counts.as_slice(), at.idle);
        let running: Vec<bool> = r.iter().map(|&c| c > 0).collect();
        let bound = match self {
            Algorithm::Static => Err(static_refused()),
            Algorithm::Md | Algorithm::Rp => self.variance_decrease(mean, at),
            Algorithm::Ar => {
                no_partners(*self, at)?;
                ar_step(r, idle)?;
                let MeanVariance { variance, .. } = count_mean_var(&adjusted_counts(r, &running)?)?;
                ar_variance_decrease_bound(mean, variance)
            }
            Algorithm::Nr => {
                let group = nr_group(at)?;
                nr_step(r, idle, group)?;
                let rhat = adjusted_counts(r, &running)?;
                let local: Vec<f64> = group.iter().map(|&i| rhat[i]).collect();
                let MeanVariance { variance, .. } = count_mean_var(&local)?;
                nr_variance_decrease_bound(mean, variance, group.len() as u64, r.len() as u64)
            }
        }?;
        finite_decrease(bound, mean)
    }

    /// The idle-time claim of one step at `at` (Ahn et al., Props. 2–3 MD, 5–6 AR, 8–9 RP,
    /// 11–12 NR), with its hypotheses checked: the case bounds of the proposition and the
    /// decrease they guarantee. `options.kind` picks the maximum or the average idle time;
    /// AR reads its constants from `options.ar`.
    ///
    /// # Formula
    /// MD, maximum idle time (Prop. 2): the decrease is at least the smallest of the case bounds
    /// {0, R' − ⌈R'/2⌉, …}·μ_T with R' the donor's count; the other propositions likewise (see
    /// the paper's case tables).
    ///
    /// # Errors
    /// The errors of [`Algorithm::step`]; [`EnsembleError::InvalidTime`] for a bad law;
    /// [`EnsembleError::InvalidParameter`] for AR constants out of range or, for AR and NR, pooled
    /// counts summing past `u64::MAX`.
    ///
    /// # Accuracy
    /// Each case bound is a few exact operations on counts times μ_T: relative error at most 2u.
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::{Algorithm, ClaimOptions, Trigger};
    /// use loadbal::law::Law;
    /// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0);
    /// let claim = Algorithm::Md.idle_claim(&Law::normal(488.1, 116.6).unwrap(), &at, &ClaimOptions::default()).unwrap();
    /// assert!(claim.hypotheses_hold);
    /// ```
    pub fn idle_claim(&self, law: &Law, at: &Trigger, options: &ClaimOptions) -> Result<IdleClaim, EnsembleError> {
        let (r, idle, mean) = (at.counts.as_slice(), at.idle, law.mean());
        let max = options.kind == ClaimKind::Max;
        let constants: ArClaimConstants = options.ar;
        match self {
            Algorithm::Static => Err(static_refused()),
            Algorithm::Md => {
                no_partners(*self, at)?;
                if max { md_max_idle_claim(mean, r, idle) } else { md_avg_idle_claim(mean, r, idle) }
            }
            Algorithm::Ar => {
                no_partners(*self, at)?;
                if max { ar_range_claim(law, r, idle, constants) } else { ar_avg_idle_claim(law, r, idle, constants) }
            }
            Algorithm::Rp => {
                let donor = rp_donor_required(at)?;
                if max { rp_max_idle_claim(mean, r, idle, donor) } else { rp_avg_idle_claim(mean, r, idle, donor) }
            }
            Algorithm::Nr => {
                let group = nr_group(at)?;
                if max { nr_max_idle_claim(r, group) } else { nr_avg_idle_claim(r, group) }
            }
        }
    }
}

impl RpDonorModel {
    /// Expected-variance decrease of one RP step at `at` averaged over the polled donor under
    /// this model of the poll, Ahn et al., Prop. 7 (corrected; the printed closed form is
    /// [`RpDonorModel::UncorrectedClosedForm`]). `at` takes no partners (the donor is random).
    ///
    /// # Formula
    /// ```text
    /// UniformOthers:    Σ_{k≠idle} R_k(R_k−1) / (2(p−1)²) μ_T² = [V(R) + p/(p−1)(M² − M)]/(2(p−1)) μ_T²
    /// UniformAvailable: (1/|A|) Σ_{k∈A} R_k(R_k−1)/(2(p−1)) μ_T²,  A = {k : R_k ≥ 2}
    /// UncorrectedClosedForm:     [M(R)² − M(R) + V(R)]/(2(p−1)) μ_T²
    /// ```
    ///
    /// # Errors
    /// [`EnsembleError::TooShort`], [`EnsembleError::NotIdle`], [`EnsembleError::IndexOutOfRange`],
    /// [`EnsembleError::InvalidTime`]; [`EnsembleError::InvalidParameter`] for partners (use
    /// [`Algorithm::variance_decrease`] with the donor for a given donor) or, naming the mean,
    /// when the decrease (a multiple of mean²) overflows `f64`.
    ///
    /// # Accuracy
    /// `UniformOthers` and `UniformAvailable`: Σ R_k(R_k − 1) is summed exactly in 128-bit integers
    /// (while it fits, i.e. Σ R_k² < 1.7e38; beyond, in floating point with relative error p·u),
    /// then five rounded operations: relative error at most 6u. `UncorrectedClosedForm`: that of
    /// M(R), V(R) on the counts plus four operations (the value M² − M + V is a sum of
    /// non-negative terms only when M ≥ 1; below, it is an absolute error of 4u·(M² + V)).
    /// Checked against 50-digit references in `tests/ensemble/ensemble_reference.rs`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::{RpDonorModel, Trigger};
    /// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0);
    /// let exact = RpDonorModel::UniformOthers.expected_variance_decrease(1.0, &at).unwrap();
    /// let printed = RpDonorModel::UncorrectedClosedForm.expected_variance_decrease(1.0, &at).unwrap();
    /// assert!((exact - 2.1875).abs() < 1e-12 && (printed - 1.9325).abs() < 1e-12); // G32, G31
    /// ```
    pub fn expected_variance_decrease(&self, mean: f64, at: &Trigger) -> Result<f64, EnsembleError> {
        if !at.partners.is_empty() {
            return Err(EnsembleError::InvalidParameter {
                what: "partners",
                value: at.partners.len() as f64,
                why: "the expectation is over the polled donor: give no partners",
            });
        }
        finite_decrease(rp_expected_variance_decrease(mean, &at.counts, at.idle, *self)?, mean)
    }

    /// Draws the RP donor for the idle processor of `at` under this model of the poll and returns
    /// it with the number of polls. [`RpDonorModel::UniformAvailable`] re-polls uniformly among
    /// the other processors until one with R_j ≥ 2 answers (the algorithm of Ahn et al., §2.4;
    /// `None` when nobody has queued work); the other two models draw one processor uniformly
    /// among the other p − 1 (Prop. 7's assumption). `at` takes no partners (the donor is drawn).
    ///
    /// # Formula
    /// ```text
    /// UniformAvailable: donor ~ U{j ≠ idle : R_j ≥ 2}, polls ~ Geometric(|A|/(p−1))
    /// UniformOthers:    donor ~ U{j ≠ idle}
    /// ```
    ///
    /// # Errors
    /// As [`Algorithm::step`]; [`EnsembleError::InvalidParameter`] for partners.
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::{RpDonorModel, Trigger};
    /// use rand::SeedableRng;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let poll = RpDonorModel::UniformAvailable.poll(&Trigger::new(vec![0, 1, 1, 6], 0), &mut rng).unwrap();
    /// assert_eq!(poll.donor, Some(3));
    /// assert!(poll.polls >= 1);
    /// ```
    pub fn poll<G: Rng + ?Sized>(&self, at: &Trigger, rng: &mut G) -> Result<DonorPoll, EnsembleError> {
        if !at.partners.is_empty() {
            return Err(EnsembleError::InvalidParameter {
                what: "partners",
                value: at.partners.len() as f64,
                why: "the poll draws the donor: give no partners",
            });
        }
        rp_poll(&at.counts, at.idle, *self, rng)
    }
}

/// A variance decrease (a multiple of `mean²`) that is finite, else an error naming the mean
/// whose square overflows it.
fn finite_decrease(decrease: f64, mean: f64) -> Result<f64, EnsembleError> {
    if decrease.is_finite() {
        Ok(decrease)
    } else {
        Err(EnsembleError::InvalidParameter {
            what: "mean",
            value: mean,
            why: "the variance decrease, a multiple of mean², overflows f64",
        })
    }
}
