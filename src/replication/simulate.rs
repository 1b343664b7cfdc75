//! Trace-driven simulation of the load-distribution strategies of Dobber (§2.6–2.8, ch. 4
//! and 6): ELB, SLB and its bound S*, DLB with a predictor and its bound D*, R-JR, and the
//! adaptive DLB/JR strategy of §6.3. Each function returns the run time of one run over the
//! trace's `K` iterations; the speedup of a strategy is `ELB run time / its run time`
//! (Defs. 2.5.x).
//!
//! The trace's values are taken as the job times `JT_i(k)` of an equal share of the work. Send,
//! finalize-message and rescheduling times are constants ([`Overheads`]): the Planetlab
//! measurements of these are not available.

use super::ReplicationError;
use super::domain::count_to_usize;
use super::fits::{LineFit, statistic_y};
use super::predictors::PredictorKind;
use super::trace::Trace;

/// Constant overheads per event (the means of the thesis's `SndT`, `FM` and `RSchT` traces).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Overheads {
    /// Synchronisation (send) time `ST(k)` per iteration.
    pub send: f64,
    /// Finalize-message time `FM` added to every non-fastest replica Dobber, eq. (2.29).
    pub finalize: f64,
    /// Rescheduling time `RSchT` per load-balancing step.
    pub reschedule: f64,
}

impl Overheads {
    fn check(&self) -> Result<(), ReplicationError> {
        for (name, v) in
            [("send time", self.send), ("finalize time", self.finalize), ("rescheduling time", self.reschedule)]
        {
            if !(v.is_finite() && v >= 0.0) {
                return Err(ReplicationError::InvalidParameter { name, value: v, expected: "a finite number ≥ 0" });
            }
        }
        Ok(())
    }
}

/// Load multipliers that make predicted job times equal (Dobber, eq. (2.5), (2.13), (2.20)):
/// processor `i` gets `m_i` times the equal share (the `m_i` sum to `P`).
///
/// # Formula
/// ```text
/// m_i = P / (ŷ_i Σ_j 1/ŷ_j)
/// ```
///
/// # Errors
/// [`ReplicationError::EmptyTrace`] for no processors; [`ReplicationError::InvalidRuntime`] for a
/// non-positive prediction.
///
/// # Accuracy
/// As [`statistic_y`] and one division per processor: within `(P + 4)ε` relative.
pub(crate) fn balance_multipliers(predicted: &[f64]) -> Result<Vec<f64>, ReplicationError> {
    let y = statistic_y(predicted)?;
    Ok(predicted.iter().map(|p| y / p).collect())
}

/// The iteration time of perfect balancing, the harmonic mean of the job times (Dobber, eq. (2.26)).
///
/// # Formula
/// ```text
/// EJT_i(k) = P / Σ_j 1/JT_j(k)
/// ```
///
/// # Errors
/// As [`statistic_y`].
///
/// # Accuracy
/// As [`statistic_y`].
pub(crate) fn optimal_iteration_time(job_times: &[f64]) -> Result<f64, ReplicationError> {
    statistic_y(job_times)
}

fn row(trace: &Trace, k: usize) -> Vec<f64> {
    trace.columns().iter().map(|c| c[k]).collect()
}

fn max_weighted(trace: &Trace, k: usize, mult: &[f64]) -> f64 {
    trace.columns().iter().zip(mult).map(|(c, m)| c[k] * m).fold(f64::NEG_INFINITY, f64::max)
}

/// ELB run time `E(t, P)` (Dobber, §2.5): every processor gets an equal share.
///
/// # Formula
/// ```text
/// E = Σ_k (max_i JT_i(k) + ST)
/// ```
///
/// # Errors
/// [`ReplicationError::InvalidParameter`] for a negative or NaN overhead.
///
/// # Accuracy
/// A sum of `K` non-negative iteration times: relative error at most `(K + 1)ε` (exact on the toy traces of
/// the tests).
fn elb_run_time(trace: &Trace, ov: &Overheads) -> Result<f64, ReplicationError> {
    ov.check()?;
    Ok((0..trace.len()).map(|k| max_weighted(trace, k, &vec![1.0; trace.processors()]) + ov.send).sum())
}

fn balanced_total(trace: &Trace, from: usize, mult: &[f64], ov: &Overheads) -> f64 {
    (from..trace.len()).map(|k| max_weighted(trace, k, mult) + ov.send).sum()
}

/// SLB run time `S(N, t, P)` (Dobber, eq. (2.1)–(2.8)): ELB for the first `N` iterations, then one
/// rebalancing with the average job times of those iterations; `N = 0` is ELB.
///
/// # Formula
/// ```text
/// A_i = Σ_{m≤N} JT_i(m);  m_i = P/(A_i Σ_j 1/A_j)
/// S = Σ_{k≤N} (max_i JT_i(k) + ST) + Σ_{k>N} (max_i m_i JT_i(k) + ST) + RSchT
/// ```
///
/// # Errors
/// As [`elb_run_time`]; [`ReplicationError::TooShort`] when `N > K`.
///
/// # Accuracy
/// As [`elb_run_time`], plus `(P + 4)ε` for the multipliers.
fn slb_run_time(trace: &Trace, n: u64, ov: &Overheads) -> Result<f64, ReplicationError> {
    let n = count_to_usize(n);
    if n == 0 {
        return elb_run_time(trace, ov);
    }
    ov.check()?;
    if n > trace.len() {
        return Err(ReplicationError::TooShort { what: "SLB's cold iterations", needed: n, got: trace.len() });
    }
    let sums: Vec<f64> = trace.columns().iter().map(|c| c[..n].iter().sum()).collect();
    let mult = balance_multipliers(&sums)?;
    let cold: f64 = (0..n).map(|k| max_weighted(trace, k, &vec![1.0; trace.processors()]) + ov.send).sum();
    Ok(cold + balanced_total(trace, n, &mult, ov) + ov.reschedule)
}

/// The SLB bound `S*(t, P)` (Dobber, eq. (2.9)–(2.16)): one balance with the whole run's averages,
/// applied from the first iteration.
///
/// # Formula
/// ```text
/// m_i = P/(A_i Σ_j 1/A_j), A_i = Σ_k JT_i(k);  S* = Σ_k (max_i m_i JT_i(k) + ST) + RSchT
/// ```
///
/// # Errors
/// As [`elb_run_time`].
///
/// # Accuracy
/// As [`slb_run_time`].
fn slb_optimal_run_time(trace: &Trace, ov: &Overheads) -> Result<f64, ReplicationError> {
    ov.check()?;
    let sums: Vec<f64> = trace.columns().iter().map(|c| c.iter().sum()).collect();
    Ok(balanced_total(trace, 0, &balance_multipliers(&sums)?, ov) + ov.reschedule)
}

/// DLB run time `D(N, f, t, P)` (Dobber, eq. (2.17)–(2.23)): before iterations `N+1, 2N+1, ...` the
/// predictor's forecasts of every processor's job time set the multipliers Dobber, eq. (2.20); `N = 0` is ELB.
///
/// # Formula
/// ```text
/// EJT_i(k) = JT_i(k) · P/(ŷ_i Σ_j 1/ŷ_j)  (frozen between rebalancings)
/// D = Σ_k (max_i EJT_i(k) + ST) + ⌊K/N⌋ RSchT
/// ```
///
/// # Errors
/// As [`elb_run_time`] and [`PredictorKind::build`].
///
/// # Accuracy
/// As [`slb_run_time`] (the predictor's forecasts only choose the multipliers).
fn dlb_run_time(trace: &Trace, n: u64, predictor: &PredictorKind, ov: &Overheads) -> Result<f64, ReplicationError> {
    Ok(dlb_iteration_costs(trace, count_to_usize(n), predictor, ov)?.iter().sum())
}

/// Per-iteration DLB costs (iteration time plus the rescheduling paid before it).
fn dlb_iteration_costs(
    trace: &Trace,
    n: usize,
    predictor: &PredictorKind,
    ov: &Overheads,
) -> Result<Vec<f64>, ReplicationError> {
    ov.check()?;
    let p = trace.processors();
    let mut preds = (0..p).map(|_| predictor.build()).collect::<Result<Vec<_>, _>>()?;
    let mut mult = vec![1.0; p];
    let mut costs = Vec::with_capacity(trace.len());
    for k in 0..trace.len() {
        let mut cost = 0.0;
        if n > 0 && k > 0 && k % n == 0 {
            let forecast: Vec<f64> = preds.iter().map(|q| q.predict().unwrap_or(1.0).max(f64::MIN_POSITIVE)).collect();
            mult = balance_multipliers(&forecast)?;
            cost += ov.reschedule;
        }
        cost += max_weighted(trace, k, &mult) + ov.send;
        for (q, v) in preds.iter_mut().zip(row(trace, k)) {
            q.observe(v);
        }
        costs.push(cost);
    }
    Ok(costs)
}

/// The DLB bound `D*(t, P)` (Dobber, eq. (2.24)–(2.28)): perfect predictions every iteration,
/// paying the rescheduling overhead of `N = n_overhead` (the thesis uses 10).
///
/// # Formula
/// ```text
/// D* = Σ_k (P/Σ_i 1/JT_i(k) + ST) + ⌊K/n_overhead⌋ RSchT
/// ```
///
/// # Errors
/// As [`elb_run_time`]; [`ReplicationError::InvalidParameter`] for `n_overhead = 0`.
///
/// # Accuracy
/// As [`slb_run_time`].
fn dlb_optimal_run_time(trace: &Trace, n_overhead: u64, ov: &Overheads) -> Result<f64, ReplicationError> {
    ov.check()?;
    if n_overhead == 0 {
        return Err(ReplicationError::InvalidParameter { name: "n_overhead", value: 0.0, expected: "≥ 1" });
    }
    let mut total = (trace.len() / count_to_usize(n_overhead)) as f64 * ov.reschedule;
    for k in 0..trace.len() {
        total += optimal_iteration_time(&row(trace, k))? + ov.send;
    }
    Ok(total)
}

fn check_replicas(p: usize, replicas: usize) -> Result<(), ReplicationError> {
    if replicas == 0 || p % replicas != 0 {
        return Err(ReplicationError::InvalidParameter {
            name: "replicas",
            value: replicas as f64,
            expected: "a divisor of the number of processors",
        });
    }
    Ok(())
}

/// Iteration times of R-JR, one per JR iteration (each consumes `R` trace rows).
fn jr_iteration_times(trace: &Trace, replicas: usize, ov: &Overheads) -> Result<Vec<f64>, ReplicationError> {
    ov.check()?;
    let p = trace.processors();
    check_replicas(p, replicas)?;
    if trace.len() < replicas {
        return Err(ReplicationError::TooShort { what: "an R-JR run", needed: replicas, got: trace.len() });
    }
    let mut out = Vec::with_capacity(trace.len() / replicas);
    for it in 0..trace.len() / replicas {
        let mut proc_time = vec![0.0; p];
        for step in 0..replicas {
            let k = it * replicas + step;
            for g in 0..p / replicas {
                let group = g * replicas..(g + 1) * replicas;
                let (e, best) = group
                    .clone()
                    .map(|i| (i, trace.columns()[i][k]))
                    .fold((usize::MAX, f64::INFINITY), |a, b| if b.1 < a.1 { b } else { a });
                for i in group {
                    proc_time[i] += if i == e { best } else { best + ov.finalize };
                }
            }
        }
        out.push(proc_time.iter().copied().fold(f64::NEG_INFINITY, f64::max) + ov.send);
    }
    Ok(out)
}

/// R-JR run time `R(t, R, P)` (Dobber, eq. (2.29)–(2.31)): groups of `R` consecutive processors
/// run replicas of the same jobs, the fastest copy wins and the others pay a finalize message.
///
/// # Formula
/// ```text
/// EJT_i(k) = min_{j∈EG(i)} JT_j(k) (+ FM unless i is the fastest)
/// IT = max_i Σ_{steps} EJT_i + ST;   R(t, R, P) = (K/⌊K/R⌋) Σ_{it ≤ ⌊K/R⌋} IT(it)
/// ```
/// The thesis's multiplier for `K mod R ≠ 0`, `R (K mod R)/(K − K mod R)`, is a typo for `K/⌊K/R⌋`.
///
/// # Errors
/// As [`elb_run_time`]; [`ReplicationError::InvalidParameter`] unless `R` divides `P`;
/// [`ReplicationError::TooShort`] for `K < R`.
///
/// # Accuracy
/// As [`elb_run_time`], plus `R ε` for the sums on one processor.
fn jr_run_time(trace: &Trace, replicas: u64, ov: &Overheads) -> Result<f64, ReplicationError> {
    let replicas = count_to_usize(replicas);
    let its = jr_iteration_times(trace, replicas, ov)?;
    Ok(trace.len() as f64 / its.len() as f64 * its.iter().sum::<f64>())
}

/// R-JR when a processor's `R` jobs of one iteration take the same time (Dobber, §5.5: the
/// homogeneous experiments reuse one trace value per processor and iteration, the γ = 1 world
/// of models 1.x). Every trace row is one iteration.
///
/// # Formula
/// ```text
/// IT(k) = max over groups of R · (min_{o∈G} JT_o(k) + FM for the non-fastest) + ST
/// R_dep(t, R, P) = Σ_k IT(k)
/// ```
///
/// # Errors
/// As [`jr_run_time`].
///
/// # Accuracy
/// As [`elb_run_time`].
fn jr_dependent_run_time(trace: &Trace, replicas: u64, ov: &Overheads) -> Result<f64, ReplicationError> {
    let replicas = count_to_usize(replicas);
    ov.check()?;
    let p = trace.processors();
    check_replicas(p, replicas)?;
    let fm = if replicas > 1 { ov.finalize } else { 0.0 };
    let mut total = 0.0;
    for k in 0..trace.len() {
        let worst = (0..p / replicas)
            .map(|g| {
                let best =
                    (g * replicas..(g + 1) * replicas).map(|i| trace.columns()[i][k]).fold(f64::INFINITY, f64::min);
                replicas as f64 * (best + fm)
            })
            .fold(f64::NEG_INFINITY, f64::max);
        total += worst + ov.send;
    }
    Ok(total)
}

impl Trace {
    /// Rescales every column affinely to a common mean and standard deviation (Dobber, §5.5:
    /// "homogenised" traces, so that the JR models' homogeneity assumption holds).
    ///
    /// # Formula
    /// ```text
    /// JT'_i(k) = mean + sd · (JT_i(k) − μ_i)/σ_i
    /// ```
    ///
    /// # Errors
    /// [`ReplicationError::InvalidParameter`] for a non-positive mean, a negative sd or a constant
    /// column; [`ReplicationError::InvalidRuntime`] when a rescaled value is not positive (lower
    /// `sd`); [`ReplicationError::TooShort`] for fewer than 2 iterations.
    ///
    /// # Accuracy
    /// Each value within a few ulps of the affine map of the column's sample mean and standard deviation
    /// (two-pass sums); the result's sd matches the target to 1e-9 in the tests.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::Trace;
    /// let t = Trace::new(vec![vec![1.0, 3.0], vec![10.0, 30.0]]).unwrap();
    /// let h = t.homogenise(5.0, 1.0).unwrap();
    /// assert_eq!(h.column(1), h.column(0));
    /// ```
    pub fn homogenise(&self, mean: f64, sd: f64) -> Result<Trace, ReplicationError> {
        let trace = self;
        if !(mean.is_finite() && mean > 0.0) {
            return Err(ReplicationError::InvalidParameter {
                name: "mean",
                value: mean,
                expected: "a finite mean > 0",
            });
        }
        if !(sd.is_finite() && sd >= 0.0) {
            return Err(ReplicationError::InvalidParameter { name: "sd", value: sd, expected: "a finite sd ≥ 0" });
        }
        if trace.len() < 2 {
            return Err(ReplicationError::TooShort { what: "homogenising a trace", needed: 2, got: trace.len() });
        }
        let cols = trace
            .columns()
            .iter()
            .map(|c| {
                let (m, s) = (crate::numerics::sums::mean(c), crate::numerics::sums::sd(c));
                if s == 0.0 {
                    return Err(ReplicationError::InvalidParameter {
                        name: "column sd",
                        value: 0.0,
                        expected: "a column that varies",
                    });
                }
                Ok(c.iter().map(|v| mean + sd * (v - m) / s).collect())
            })
            .collect::<Result<Vec<Vec<f64>>, _>>()?;
        Trace::new(cols)
    }
}

/// A load-distribution strategy simulated on a trace by [`Trace::run_time`] (Dobber, §2.5–2.8
/// and §5.5).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TracePolicy {
    /// ELB `E(t, P)` (Dobber, §2.5): every processor gets an equal share.
    Elb,
    /// SLB `S(N, t, P)` (Dobber, eq. (2.1)–(2.8)): ELB for the first `cold` iterations, then one
    /// rebalancing with their average job times; `cold = 0` is ELB.
    Slb {
        /// The number `N` of iterations before the rebalancing.
        cold: u64,
    },
    /// The SLB bound `S*(t, P)` (Dobber, eq. (2.9)–(2.16)): one balance with the whole run's
    /// averages, applied from the first iteration.
    SlbOptimal,
    /// DLB `D(N, f, t, P)` (Dobber, eq. (2.17)–(2.23)): before iterations `N+1, 2N+1, ...` the
    /// predictor's forecasts set the multipliers; `interval = 0` is ELB.
    Dlb {
        /// The rebalancing interval `N`.
        interval: u64,
        /// The forecaster `f` of every processor's job time.
        predictor: PredictorKind,
    },
    /// The DLB bound `D*(t, P)` (Dobber, eq. (2.24)–(2.28)): perfect predictions every iteration,
    /// paying the rescheduling overhead of the interval `overhead_interval` (the thesis uses 10).
    DlbOptimal {
        /// The interval whose rescheduling overhead is paid.
        overhead_interval: u64,
    },
    /// R-JR `R(t, R, P)` (Dobber, eq. (2.29)–(2.31)): groups of `R` consecutive processors run
    /// replicas of the same jobs, the fastest copy wins and the others pay a finalize message;
    /// each JR iteration consumes `R` trace rows.
    Jr {
        /// The number of replicas `R`, a divisor of the number of processors.
        replicas: u64,
    },
    /// R-JR when a processor's `R` jobs of one iteration take the same time (Dobber, §5.5, the
    /// γ = 1 world of models 1.x): every trace row is one iteration.
    JrDependent {
        /// The number of replicas `R`, a divisor of the number of processors.
        replicas: u64,
    },
}

impl std::fmt::Display for TracePolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TracePolicy::Elb => write!(f, "ELB"),
            TracePolicy::Slb { cold } => write!(f, "SLB (N = {cold})"),
            TracePolicy::SlbOptimal => write!(f, "S*"),
            TracePolicy::Dlb { interval, predictor } => write!(f, "DLB (N = {interval}, {predictor:?})"),
            TracePolicy::DlbOptimal { overhead_interval } => write!(f, "D* (overhead of N = {overhead_interval})"),
            TracePolicy::Jr { replicas } => write!(f, "{replicas}-JR"),
            TracePolicy::JrDependent { replicas } => write!(f, "{replicas}-JR (dependent jobs)"),
        }
    }
}

impl Trace {
    /// The run time of `policy` over the trace's `K` iterations (Dobber, §2.5–2.8, §5.5); the
    /// speedup of a policy is `ELB run time / its run time` (Defs. 2.5.x). The trace's values are
    /// the job times `JT_i(k)` of an equal share of the work; [`Overheads`] are constant.
    ///
    /// # Formula
    /// ```text
    /// ELB:  E = Σ_k (max_i JT_i(k) + ST)
    /// SLB:  A_i = Σ_{m≤N} JT_i(m);  m_i = P/(A_i Σ_j 1/A_j)
    ///       S = Σ_{k≤N} (max_i JT_i(k) + ST) + Σ_{k>N} (max_i m_i JT_i(k) + ST) + RSchT
    /// S*:   m_i = P/(A_i Σ_j 1/A_j), A_i = Σ_k JT_i(k);  S* = Σ_k (max_i m_i JT_i(k) + ST) + RSchT
    /// DLB:  EJT_i(k) = JT_i(k) · P/(ŷ_i Σ_j 1/ŷ_j)  (frozen between rebalancings)
    ///       D = Σ_k (max_i EJT_i(k) + ST) + ⌊K/N⌋ RSchT
    /// D*:   D* = Σ_k (P/Σ_i 1/JT_i(k) + ST) + ⌊K/n_overhead⌋ RSchT
    /// R-JR: EJT_i(k) = min_{j∈EG(i)} JT_j(k) (+ FM unless i is the fastest)
    ///       IT = max_i Σ_{steps} EJT_i + ST;   R(t, R, P) = (K/⌊K/R⌋) Σ_{it ≤ ⌊K/R⌋} IT(it)
    /// dependent R-JR: IT(k) = max over groups of R · (min_{o∈G} JT_o(k) + FM for the non-fastest) + ST
    ///       R_dep(t, R, P) = Σ_k IT(k)
    /// ```
    /// The thesis's R-JR multiplier for `K mod R ≠ 0`, `R (K mod R)/(K − K mod R)`, is a typo for
    /// `K/⌊K/R⌋`.
    ///
    /// # Errors
    /// [`ReplicationError::InvalidParameter`] for a negative or NaN overhead, `overhead_interval =
    /// 0`, or replicas that do not divide the number of processors; [`ReplicationError::TooShort`]
    /// when SLB's `N > K` or `K < R` for R-JR; as [`PredictorKind::build`] for DLB;
    /// [`ReplicationError::InvalidRuntime`] for a non-positive balancing time.
    ///
    /// # Accuracy
    /// A sum of `K` non-negative iteration times: relative error at most `(K + 1)ε`, plus
    /// `(P + 4)ε` for the multipliers of SLB, S*, DLB and D* and `R ε` for the sums of R-JR on one
    /// processor (exact on the toy traces of the examples).
    ///
    /// # Examples
    /// Job times 1, 2, 4, 4 for 8 iterations: SLB with N = 2 costs `2·4 + 6·2 = 20`; DLB with
    /// ES(0.5) and N = 1 costs `4 + 7·2 = 18`; 2-JR pairs the two slow processors (64), 4-JR
    /// equals ELB (32); the dependent 2-JR pairs {1, 2} and {4, 4}, 2·4 = 8 per iteration.
    /// ```
    /// use loadbal::replication::{Overheads, PredictorKind, Trace, TracePolicy};
    /// let t = Trace::new(vec![vec![1.0; 8], vec![2.0; 8], vec![4.0; 8], vec![4.0; 8]]).unwrap();
    /// let run = |p: TracePolicy| t.run_time(&p, &Overheads::default()).unwrap();
    /// assert_eq!(run(TracePolicy::Elb), 32.0);
    /// assert_eq!(run(TracePolicy::Slb { cold: 2 }), 20.0);
    /// assert_eq!(run(TracePolicy::SlbOptimal), 16.0);
    /// assert_eq!(run(TracePolicy::Dlb { interval: 1, predictor: PredictorKind::Es(0.5) }), 18.0);
    /// assert_eq!(run(TracePolicy::DlbOptimal { overhead_interval: 10 }), 16.0);
    /// assert_eq!(run(TracePolicy::Jr { replicas: 2 }), 64.0);
    /// assert_eq!(run(TracePolicy::Jr { replicas: 4 }), 32.0);
    /// assert_eq!(run(TracePolicy::JrDependent { replicas: 2 }), 64.0);
    /// assert_eq!(TracePolicy::Jr { replicas: 4 }.to_string(), "4-JR");
    /// ```
    pub fn run_time(&self, policy: &TracePolicy, ov: &Overheads) -> Result<f64, ReplicationError> {
        match policy {
            TracePolicy::Elb => elb_run_time(self, ov),
            TracePolicy::Slb { cold } => slb_run_time(self, *cold, ov),
            TracePolicy::SlbOptimal => slb_optimal_run_time(self, ov),
            TracePolicy::Dlb { interval, predictor } => dlb_run_time(self, *interval, predictor, ov),
            TracePolicy::DlbOptimal { overhead_interval } => dlb_optimal_run_time(self, *overhead_interval, ov),
            TracePolicy::Jr { replicas } => jr_run_time(self, *replicas, ov),
            TracePolicy::JrDependent { replicas } => jr_dependent_run_time(self, *replicas, ov),
        }
    }
}

/// The strategy chosen for a block by the adaptive policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Strategy {
    /// Dynamic load balancing.
    Dlb,
    /// Job replication.
    Jr,
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Strategy::Dlb => "DLB",
            Strategy::Jr => "JR",
        })
    }
}

/// Settings of the adaptive DLB/JR strategy (Dobber, §6.3).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AdaptiveConfig {
    /// Iterations per decision `I_p` (100 in the thesis); a multiple of `replicas`.
    pub block: usize,
    /// DLB rebalancing interval `N`.
    pub dlb_interval: usize,
    /// DLB predictor.
    pub predictor: PredictorKind,
    /// Replicas of the JR alternative.
    pub replicas: u64,
    /// Overheads.
    pub overheads: Overheads,
    /// Cost of switching JR → DLB, as a fraction of `RSchT` (0.6) ...
    pub to_dlb: f64,
    /// ... and DLB → JR (1.4).
    pub to_jr: f64,
}

/// Run times of the adaptive strategy and of pure DLB and pure JR over the same iterations.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AdaptiveOutcome {
    /// Run time of the adaptive strategy (with switching costs).
    pub adaptive: f64,
    /// Run time of DLB alone.
    pub dlb: f64,
    /// Run time of JR alone.
    pub jr: f64,
    /// Strategy of every block.
    pub choices: Vec<Strategy>,
}

impl std::fmt::Display for AdaptiveOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "adaptive {:.4}, DLB alone {:.4}, JR alone {:.4} ({} blocks)",
            self.adaptive,
            self.dlb,
            self.jr,
            self.choices.len()
        )
    }
}

impl Trace {
    /// The adaptive strategy of Dobber, §6.3: every `I_p` iterations predict the iteration time of
    /// DLB and JR from least-squares lines in the statistic Y (Dobber, eq. (6.2)/(6.3)) fitted on the blocks so
    /// far, and run the cheaper one. Both strategies are simulated on the same trace rows (as the
    /// thesis does); the first block runs DLB; trailing rows that fill no block are ignored.
    ///
    /// # Formula
    /// ```text
    /// Y_b = P/Σ_i 1/mean_{k∈b} JT_i(k);  it_S(b) ≈ a_S Y_b + b_S  (S = DLB, JR);
    /// choice_{b+1} = argmin_S it_S(Y_b);  + 0.6/1.4 RSchT per switch
    /// ```
    ///
    /// # Errors
    /// As [`TracePolicy::Dlb`] and [`TracePolicy::Jr`] in [`Trace::run_time`];
    /// [`ReplicationError::InvalidParameter`] unless the block is a positive multiple of `replicas` and the switch fractions are ≥ 0;
    /// [`ReplicationError::TooShort`] when the trace holds no block.
    ///
    /// # Accuracy
    /// Sums of run times as [`Trace::run_time`]; the choices depend on least-squares predictions
    /// ([`LineFit::least_squares`]).
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{PredictorKind, *, *};
    /// let t = synthetic_trace(&SyntheticTraceConfig { processors: 4, len: 1000, ..Default::default() }).unwrap();
    /// let cfg = AdaptiveConfig { block: 100, dlb_interval: 10, predictor: PredictorKind::Es(0.5), replicas: 4,
    ///     overheads: Overheads::default(), to_dlb: 0.6, to_jr: 1.4 };
    /// let out = t.adaptive_run_time(&cfg).unwrap();
    /// assert_eq!(out.choices.len(), 10);
    /// assert_eq!(out.choices[0].to_string(), "DLB");
    /// assert!(out.to_string().ends_with("(10 blocks)"));
    /// assert!(out.adaptive > 0.0);
    /// ```
    pub fn adaptive_run_time(&self, cfg: &AdaptiveConfig) -> Result<AdaptiveOutcome, ReplicationError> {
        let trace = self;
        let replicas = count_to_usize(cfg.replicas);
        if cfg.block == 0 || replicas == 0 || cfg.block % replicas != 0 || !(cfg.to_dlb >= 0.0 && cfg.to_jr >= 0.0) {
            return Err(ReplicationError::InvalidParameter {
                name: "adaptive block",
                value: cfg.block as f64,
                expected: "a positive multiple of the replicas, and switch fractions ≥ 0",
            });
        }
        let blocks = trace.len() / cfg.block;
        if blocks == 0 {
            return Err(ReplicationError::TooShort {
                what: "an adaptive run (one block)",
                needed: cfg.block,
                got: trace.len(),
            });
        }
        let d = dlb_iteration_costs(trace, cfg.dlb_interval, &cfg.predictor, &cfg.overheads)?;
        let j = jr_iteration_times(trace, replicas, &cfg.overheads)?;
        let per_block = cfg.block / replicas;
        let (mut hist_y, mut hist_d, mut hist_j) = (Vec::new(), Vec::new(), Vec::new());
        let mut out = AdaptiveOutcome { adaptive: 0.0, dlb: 0.0, jr: 0.0, choices: Vec::with_capacity(blocks) };
        let mut choice = Strategy::Dlb;
        for b in 0..blocks {
            let rows = b * cfg.block..(b + 1) * cfg.block;
            let cost_d: f64 = d[rows.clone()].iter().sum();
            let cost_j: f64 = cfg.replicas as f64 * j[b * per_block..(b + 1) * per_block].iter().sum::<f64>();
            out.dlb += cost_d;
            out.jr += cost_j;
            out.adaptive += if choice == Strategy::Dlb { cost_d } else { cost_j };
            out.choices.push(choice);
            let means: Vec<f64> =
                trace.columns().iter().map(|c| c[rows.clone()].iter().sum::<f64>() / cfg.block as f64).collect();
            let y = statistic_y(&means)?;
            hist_y.push(y);
            hist_d.push(cost_d / cfg.block as f64);
            hist_j.push(cost_j / cfg.block as f64);
            let predict = |hist: &[f64]| match LineFit::least_squares(&hist_y, hist) {
                Ok(fit) => fit.line.at(y),
                Err(_) => hist.iter().sum::<f64>() / hist.len() as f64,
            };
            let next = if predict(&hist_j) < predict(&hist_d) { Strategy::Jr } else { Strategy::Dlb };
            if next != choice && b + 1 < blocks {
                out.adaptive += cfg.overheads.reschedule * if next == Strategy::Dlb { cfg.to_dlb } else { cfg.to_jr };
            }
            choice = next;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balance_multipliers_example() {
        let m = balance_multipliers(&[1.0, 2.0, 4.0, 4.0]).unwrap();
        assert_eq!(m, vec![2.0, 1.0, 0.5, 0.5]);
    }

    #[test]
    fn optimal_iteration_time_example() {
        assert_eq!(optimal_iteration_time(&[1.0, 2.0, 4.0, 4.0]).unwrap(), 2.0);
    }

    fn toy(k: usize) -> Trace {
        Trace::new(vec![vec![1.0; k], vec![2.0; k], vec![4.0; k], vec![4.0; k]]).unwrap()
    }

    #[test]
    fn deterministic_g18() {
        let t = toy(8);
        let none = Overheads::default();
        assert_eq!(dlb_run_time(&t, 2, &PredictorKind::Es(0.5), &none).unwrap(), 20.0);
        assert_eq!(dlb_run_time(&t, 0, &PredictorKind::Es(0.5), &none).unwrap(), 32.0);
        assert_eq!(slb_run_time(&t, 0, &none).unwrap(), 32.0);
        assert_eq!(jr_run_time(&t, 1, &none).unwrap(), 32.0);
        let fm = Overheads { finalize: 0.5, ..none };
        assert_eq!(jr_run_time(&t, 2, &fm).unwrap(), 72.0);
        let swapped = Trace::new(vec![vec![1.0; 8], vec![4.0; 8], vec![2.0; 8], vec![4.0; 8]]).unwrap();
        assert_eq!(jr_run_time(&swapped, 2, &none).unwrap(), 32.0);
        let st = Overheads { send: 0.1, ..none };
        assert!((elb_run_time(&t, &st).unwrap() - 32.8).abs() < 1e-12);
        assert!((jr_run_time(&t, 2, &st).unwrap() - 64.8).abs() < 1e-12);
        assert!((dlb_optimal_run_time(&t, 10, &st).unwrap() - 16.8).abs() < 1e-12);
        assert_eq!(jr_run_time(&toy(10), 4, &none).unwrap(), 40.0);
    }

    #[test]
    fn bad_input() {
        let t = toy(8);
        assert!(jr_run_time(&t, 3, &Overheads::default()).is_err());
        assert!(elb_run_time(&t, &Overheads { send: -1.0, ..Default::default() }).is_err());
        assert!(slb_run_time(&t, 9, &Overheads::default()).is_err());
        assert!(balance_multipliers(&[1.0, 0.0]).is_err());
    }

    #[test]
    fn strategies_are_ordered_on_a_heterogeneous_trace() {
        let t = super::super::trace::synthetic_trace(&super::super::trace::SyntheticTraceConfig {
            processors: 8,
            len: 1000,
            ..Default::default()
        })
        .unwrap();
        let none = Overheads::default();
        let elb = elb_run_time(&t, &none).unwrap();
        let dstar = dlb_optimal_run_time(&t, 10, &none).unwrap();
        let dlb = dlb_run_time(&t, 10, &PredictorKind::Es(0.5), &none).unwrap();
        let sstar = slb_optimal_run_time(&t, &none).unwrap();
        assert!(dstar < dlb && dlb < elb && sstar < elb, "{dstar} {dlb} {sstar} {elb}");
    }

    #[test]
    fn adaptive_policy_follows_the_regime() {
        use rand_distr::{Distribution, Exp1};
        // First half: homogeneous, highly variable nodes (JR wins); second half: stable nodes of
        // speeds 1, 2, 4, 8 (DLB wins).
        let mut rng = crate::montecarlo::stream(3, 0);
        let cols: Vec<Vec<f64>> = (0..4)
            .map(|i| {
                (0..1000)
                    .map(|k| {
                        let e: f64 = Exp1.sample(&mut rng);
                        if k < 500 { 0.05 + 2.0 * e } else { f64::from(1u32 << i) * (1.0 + 0.01 * e) }
                    })
                    .collect()
            })
            .collect();
        let t = Trace::new(cols).unwrap();
        let cfg = AdaptiveConfig {
            block: 100,
            dlb_interval: 10,
            predictor: PredictorKind::Es(0.5),
            replicas: 4,
            overheads: Overheads { reschedule: 0.5, ..Default::default() },
            to_dlb: 0.6,
            to_jr: 1.4,
        };
        let out = t.adaptive_run_time(&cfg).unwrap();
        assert!(out.choices[1..5].contains(&Strategy::Jr), "{:?}", out.choices);
        // The least-squares lines in Y need a few blocks of the new regime before they flip.
        assert!(out.choices[8..].iter().all(|c| *c == Strategy::Dlb), "{:?}", out.choices);
        assert!(out.adaptive < out.dlb.max(out.jr));
        assert!(t.adaptive_run_time(&AdaptiveConfig { block: 98, ..cfg }).is_err());
    }

    #[test]
    fn dependent_jr_on_iid_exponential_traces_matches_the_exact_model() {
        // i.i.d. exponential columns: dependent R-JR speedup = H_P / H_{P/R} (exact (5.4)).
        use rand_distr::{Distribution, Exp1};
        let mut rng = crate::montecarlo::stream(8, 0);
        let cols: Vec<Vec<f64>> =
            (0..8).map(|_| (0..40_000).map(|_| Exp1.sample(&mut rng)).collect::<Vec<f64>>()).collect();
        let t = Trace::new(cols).unwrap();
        let none = Overheads::default();
        let elb = elb_run_time(&t, &none).unwrap();
        for r in [2u64, 4, 8] {
            let exact = crate::replication::exact::exponential_dependent_iteration_time(1.0, 1, 8).unwrap()
                / crate::replication::exact::exponential_dependent_iteration_time(1.0, r, 8).unwrap();
            let sim = elb / jr_dependent_run_time(&t, r, &none).unwrap();
            assert!((sim - exact).abs() < 0.03 * exact, "R = {r}: {sim} vs {exact}");
        }
        let h = t.homogenise(10.0, 2.0).unwrap();
        assert!((crate::numerics::sums::sd(&h.columns()[3]) - 2.0).abs() < 1e-9);
        assert!(t.homogenise(1.0, 5.0).is_err());
    }
}
