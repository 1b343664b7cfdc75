//! Discrete-event simulation of Jia's DSS queueing model on a [`RegionNetwork`].
//!
//! Each source i receives Poisson arrivals at rate λ_i of loads with exponential sizes of mean
//! s̄. A busy region i processes its current load at speed 1/E_i(B) (load units per unit time),
//! B being the set of busy regions. A source that is idle while others are busy reclaims its
//! region only at the next iteration boundary, i.e. the next completion in the network (the
//! vacation of §5.4); when the whole network is idle an arrival starts at once (footnote 5).
//! The measured queue is the time-average queued load **volume**, waiting loads only (the
//! Q^a column of Table 5.3).

use super::error::{check_events, non_negative, positive};
use super::{QueueingError, RegionNetwork};
use crate::montecarlo::{Estimate, MonteCarlo};
use rand::Rng;
use rand_distr::{Distribution, Exp};
use std::collections::VecDeque;
use std::fmt;

/// A DSS simulation run: arrival rates per source and the observation window.
///
/// # Examples
/// ```
/// use loadbal::montecarlo::MonteCarlo;
/// use loadbal::queueing::{DssSim, RegionNetwork, VacationRule};
/// // Table 5.1, loosely coupled, λ = 0.1 per source: the bound (5.9) is 4.185.
/// let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
/// let est = DssSim::new(vec![0.1; 3], 20_000.0, 500.0).estimate(&net, &MonteCarlo::new(1, 8).unwrap()).unwrap();
/// let bound = net.queue_bounds(&[0.1; 3], VacationRule::OwnMax).unwrap();
/// assert!(est[0].mean < bound[0]);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DssSim {
    /// Poisson arrival rate λ_i of loads at each source (0 = no arrivals).
    pub lambda: Vec<f64>,
    /// End of the simulation (time units).
    pub horizon: f64,
    /// Start of the observation window: the interval [0, warmup) is discarded.
    pub warmup: f64,
}

/// What one DSS run measured.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DssOutcome {
    /// Time-average queued load volume per source (waiting loads only), over [warmup, horizon].
    pub queue_volume: Vec<f64>,
    /// Time-average number of waiting loads per source.
    pub queue_count: Vec<f64>,
    /// Queued volume per source at the horizon (grows with the horizon when unstable).
    pub final_queue_volume: Vec<f64>,
    /// Fraction of [warmup, horizon] during which each region was processing (1 − idle ratio).
    pub busy_fraction: Vec<f64>,
    /// Loads completed per source.
    pub completed: Vec<u64>,
}

impl DssSim {
    /// A run with the given arrival rates over `[warmup, horizon]`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::{DssSim, QueueingError, RegionNetwork};
    /// let sim = DssSim::new(vec![0.1; 3], 5_000.0, 500.0);
    /// assert_eq!((sim.horizon, sim.warmup), (5_000.0, 500.0));
    /// // Checked when run: one rate per region.
    /// let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
    /// let bad = DssSim::new(vec![0.1; 2], 5_000.0, 500.0).run(&net, &mut loadbal::montecarlo::stream(1, 0));
    /// assert!(matches!(bad, Err(QueueingError::DimensionMismatch { .. })));
    /// ```
    pub fn new(lambda: Vec<f64>, horizon: f64, warmup: f64) -> Self {
        DssSim { lambda, horizon, warmup }
    }

    fn validate(&self, net: &RegionNetwork) -> Result<(), QueueingError> {
        if self.lambda.len() != net.regions() {
            return Err(QueueingError::DimensionMismatch {
                what: "arrival rates",
                got: self.lambda.len(),
                expected: net.regions(),
            });
        }
        for &l in &self.lambda {
            non_negative("arrival rate", l)?;
        }
        positive("horizon", self.horizon)?;
        non_negative("warm-up", self.warmup)?;
        if self.warmup >= self.horizon {
            return Err(QueueingError::InvalidRate { name: "horizon − warm-up", value: self.horizon - self.warmup });
        }
        check_events("expected events of the DSS simulation (2·horizon·Σλ_i)", self.events())
    }

    /// Expected arrivals plus completions of one run: `2·horizon·Σλ_i`.
    fn events(&self) -> f64 {
        2.0 * self.horizon * self.lambda.iter().sum::<f64>()
    }

    /// One replication on `net`, drawing from `rng`.
    ///
    /// # Errors
    /// [`QueueingError::DimensionMismatch`] when the rates do not match the regions; bad rates,
    /// horizon or warm-up (`0 ≤ warmup < horizon`); [`QueueingError::TooLarge`] when the
    /// expected number of events, `2·horizon·Σλ_i`, exceeds [`MAX_EVENTS`](super::MAX_EVENTS).
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::{DssSim, RegionNetwork};
    /// let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
    /// let out = DssSim::new(vec![0.1; 3], 5_000.0, 500.0).run(&net, &mut loadbal::montecarlo::stream(2, 0)).unwrap();
    /// assert!(out.busy_fraction.iter().all(|&b| (0.0..=1.0).contains(&b)));
    /// assert!(out.completed.iter().all(|&c| c > 0));
    /// ```
    pub fn run<R: Rng + ?Sized>(&self, net: &RegionNetwork, rng: &mut R) -> Result<DssOutcome, QueueingError> {
        self.validate(net)?;
        let m = net.regions();
        let size = Exp::new(1.0 / net.mean_size())
            .map_err(|_| QueueingError::InvalidRate { name: "mean load size", value: net.mean_size() })?;
        let draw_gap = |rng: &mut R, l: f64| {
            if l > 0.0 { Exp::new(l).map_or(f64::INFINITY, |d| d.sample(rng)) } else { f64::INFINITY }
        };
        let mut next_arrival: Vec<f64> = self.lambda.iter().map(|&l| draw_gap(rng, l)).collect();
        let mut queues: Vec<VecDeque<f64>> = vec![VecDeque::new(); m];
        let mut volume = vec![0.0; m];
        let mut remaining = vec![0.0; m];
        let mut speed = vec![0.0; m];
        let mut busy = 0usize;
        let mut t = 0.0;
        let mut area_volume = vec![0.0; m];
        let mut area_count = vec![0.0; m];
        let mut area_busy = vec![0.0; m];
        let mut completed = vec![0u64; m];
        loop {
            // Next completion among busy regions.
            let (mut t_done, mut who_done) = (f64::INFINITY, usize::MAX);
            for i in (0..m).filter(|i| busy & (1 << i) != 0) {
                let td = t + remaining[i] / speed[i];
                if td < t_done {
                    (t_done, who_done) = (td, i);
                }
            }
            let (t_arr, who_arr) = next_arrival
                .iter()
                .enumerate()
                .fold((f64::INFINITY, usize::MAX), |b, (i, &a)| if a < b.0 { (a, i) } else { b });
            let t_next = t_done.min(t_arr).min(self.horizon);
            let (lo, hi) = (t.max(self.warmup), t_next);
            if hi > lo {
                for i in 0..m {
                    area_volume[i] += volume[i] * (hi - lo);
                    area_count[i] += queues[i].len() as f64 * (hi - lo);
                    if busy & (1 << i) != 0 {
                        area_busy[i] += hi - lo;
                    }
                }
            }
            for i in (0..m).filter(|i| busy & (1 << i) != 0) {
                remaining[i] -= speed[i] * (t_next - t);
            }
            t = t_next;
            if t >= self.horizon {
                break;
            }
            if t_done <= t_arr {
                let i = who_done;
                remaining[i] = 0.0;
                busy &= !(1 << i);
                completed[i] += 1;
                // Iteration boundary: every idle source with waiting loads reclaims its region.
                let idle = !busy;
                for j in (0..m).filter(|j| idle & (1 << j) != 0) {
                    if let Some(s) = queues[j].pop_front() {
                        volume[j] = if queues[j].is_empty() { 0.0 } else { volume[j] - s };
                        remaining[j] = s;
                        busy |= 1 << j;
                    }
                }
            } else {
                let j = who_arr;
                let s = size.sample(rng);
                if busy == 0 {
                    remaining[j] = s;
                    busy = 1 << j;
                } else {
                    queues[j].push_back(s);
                    volume[j] += s;
                }
                next_arrival[j] = t + draw_gap(rng, self.lambda[j]);
            }
            for i in (0..m).filter(|i| busy & (1 << i) != 0) {
                speed[i] = net.capacity(busy, i).map_or(0.0, |e| 1.0 / e);
            }
        }
        let span = self.horizon - self.warmup;
        Ok(DssOutcome {
            queue_volume: area_volume.iter().map(|a| a / span).collect(),
            queue_count: area_count.iter().map(|a| a / span).collect(),
            final_queue_volume: volume,
            busy_fraction: area_busy.iter().map(|a| a / span).collect(),
            completed,
        })
    }

    /// Mean and standard error of every region's time-average queued volume over the
    /// replications of `mc` (replication i uses the harness's stream i).
    ///
    /// # Errors
    /// As [`DssSim::run`], and [`QueueingError::MonteCarlo`] if the harness fails.
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::queueing::{DssSim, RegionNetwork};
    /// // One region is an M/M/1 queue (λ = 0.5, μ = 1/(s̄·E) = 1): the queued volume is
    /// // s̄·L_q = ρ²/(1 − ρ) = 0.5.
    /// let net = RegionNetwork::new(1, 1.0, vec![1.0, 1.0]).unwrap();
    /// let est = DssSim::new(vec![0.5], 20_000.0, 500.0).estimate(&net, &MonteCarlo::new(1, 8).unwrap()).unwrap();
    /// assert!(est[0].agrees_with(0.5, 5.0));
    /// ```
    pub fn estimate(&self, net: &RegionNetwork, mc: &MonteCarlo) -> Result<Vec<Estimate>, QueueingError> {
        self.validate(net)?;
        check_events("expected events of all DSS replications", self.events() * mc.replications as f64)?;
        let m = net.regions();
        Ok(mc.estimate_vec(m, |_, rng, out| {
            if let Ok(o) = self.run(net, rng) {
                out.copy_from_slice(&o.queue_volume);
            } else {
                out.iter_mut().for_each(|x| *x = f64::NAN);
            }
        })?)
    }
}

impl fmt::Display for DssOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The fields are public: a value built by hand (or read back) may have columns of
        // different lengths; a missing entry is shown as NaN (or "-" for a count), never a panic.
        let at = |v: &[f64], i: usize| v.get(i).copied().unwrap_or(f64::NAN);
        for (i, q) in self.queue_volume.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            let completed = self.completed.get(i).map_or_else(|| "-".to_string(), u64::to_string);
            write!(
                f,
                "source {i}: queued volume {q}, waiting loads {}, busy {}, completed {completed}, final volume {}",
                at(&self.queue_count, i),
                at(&self.busy_fraction, i),
                at(&self.final_queue_volume, i)
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::montecarlo::stream;
    use crate::queueing::VacationRule;
    use crate::queueing::markovian::mm1;

    #[test]
    fn single_region_is_mm1() {
        // One region: no vacations, an M/M/1 queue with μ = 1/(s̄E); queued volume = s̄·L_q.
        let net = RegionNetwork::new(1, 2.0, vec![f64::NAN, 1.5]).unwrap();
        let sim = DssSim::new(vec![0.2], 200_000.0, 1_000.0);
        let est = sim.estimate(&net, &MonteCarlo::new(3, 8).unwrap()).unwrap();
        let lq = mm1(0.2, 1.0 / 3.0).unwrap().lq;
        assert!(est[0].agrees_with(2.0 * lq, 4.0), "{est:?} vs {}", 2.0 * lq);
    }

    #[test]
    fn bound_holds_for_loosely_coupled_network() {
        let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
        let sim = DssSim::new(vec![0.1; 3], 100_000.0, 1_000.0);
        let est = sim.estimate(&net, &MonteCarlo::new(5, 4).unwrap()).unwrap();
        let bound = net.queue_bounds(&[0.1; 3], VacationRule::OwnMax).unwrap();
        for (e, b) in est.iter().zip(&bound) {
            assert!(e.mean < *b && e.mean > 0.5 * b, "{e:?} vs bound {b}");
        }
    }

    #[test]
    fn unstable_queue_grows() {
        // λ_0 above μ_0^max: Case 2, region 0's queue grows linearly.
        let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
        assert!(!net.classify(&[0.25, 0.05, 0.05]).unwrap().is_stable());
        let run = |h: f64| DssSim::new(vec![0.25, 0.05, 0.05], h, 0.0).run(&net, &mut stream(9, 0)).unwrap();
        let (short, long) = (run(20_000.0), run(80_000.0));
        assert!(long.final_queue_volume[0] > 3.0 * short.final_queue_volume[0]);
        // drift: λ·s̄ − capacity, at most 0.75 − 1/1.65 ≈ 0.144 per unit time
        assert!(long.final_queue_volume[0] > 0.05 * 80_000.0);
    }

    #[test]
    fn rejects_bad_runs() {
        let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).unwrap();
        let mut rng = stream(1, 0);
        assert!(DssSim::new(vec![0.1; 2], 10.0, 0.0).run(&net, &mut rng).is_err());
        assert!(DssSim::new(vec![0.1; 3], 10.0, 10.0).run(&net, &mut rng).is_err());
        assert!(DssSim::new(vec![-0.1, 0.1, 0.1], 10.0, 0.0).run(&net, &mut rng).is_err());
    }
}
