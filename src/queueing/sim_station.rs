//! Discrete-event simulation of single stations: the Lindley recursion for a FIFO single server,
//! an event queue (heaps of server-free and departure epochs) for FIFO multi-server and
//! finite-buffer stations, and a single server with multiple vacations. Poisson arrivals.

use super::QueueingError;
use super::error::{check_events, positive};
use super::service_moments::check_time_law;
use crate::law::Law;
use crate::montecarlo::{Estimate, MonteCarlo};
use rand::Rng;
use rand_distr::{Distribution, Exp};
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::fmt;

/// An epoch ordered by `f64::total_cmp`, for the event heaps.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Epoch(f64);
impl Eq for Epoch {}
impl PartialOrd for Epoch {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Epoch {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// Largest number of servers the event-queue simulator keeps (one heap entry each).
pub const MAX_SIM_SERVERS: u64 = 1_000_000;

/// A single station to simulate: Poisson arrivals at rate `lambda`, `servers` FIFO servers with
/// service times from `service`, an optional total `capacity` (arrivals finding it full are lost)
/// and optional multiple `vacation`s (single server, infinite buffer: the M/G/1 with vacations of Jia, eq. (5.4)).
///
/// # Examples
/// ```
/// use loadbal::montecarlo::MonteCarlo;
/// use loadbal::law::Law;
/// use loadbal::queueing::{Station, StationSim};
/// let sim = StationSim::new(0.5, Law::deterministic(1.0).unwrap()).customers(20_000, 2_000);
/// let est = sim.estimate(&MonteCarlo::new(4, 16).unwrap()).unwrap();
/// assert!(est.wq.agrees_with(Station::md1(0.5, 1.0).unwrap().metrics().wq, 4.0)); // W_q = 0.5
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StationSim {
    /// Poisson arrival rate λ.
    pub lambda: f64,
    /// Service time distribution.
    pub service: Law,
    /// Number of servers, `1 ≤ c ≤` [`MAX_SIM_SERVERS`].
    pub servers: u64,
    /// Total capacity K ≥ c, or `None` for an infinite buffer.
    pub capacity: Option<u64>,
    /// Vacation time distribution, for a single server with multiple vacations.
    pub vacation: Option<Law>,
    /// Arrivals simulated per replication, warm-up included.
    pub customers: u64,
    /// Leading arrivals discarded before measuring.
    pub warmup: u64,
}

/// What one replication measured (over the arrivals after the warm-up).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SimOutcome {
    /// Mean waiting time of admitted customers.
    pub wq: f64,
    /// Mean time in system of admitted customers.
    pub w: f64,
    /// Fraction of admitted customers that waited.
    pub p_wait: f64,
    /// Fraction of arrivals that were lost.
    pub p_block: f64,
    /// Mean number waiting: total waiting time over the measured span (Little's estimator).
    pub lq: f64,
    /// Mean number in system: total sojourn time over the measured span.
    pub l: f64,
    /// Waiting time of the last customer (grows with `customers` when unstable).
    pub last_wait: f64,
}

/// Monte Carlo estimates of the [`SimOutcome`] fields over independent replications.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StationEstimate {
    /// W_q.
    pub wq: Estimate,
    /// W.
    pub w: Estimate,
    /// P(wait).
    pub p_wait: Estimate,
    /// P(block).
    pub p_block: Estimate,
    /// L_q.
    pub lq: Estimate,
    /// L.
    pub l: Estimate,
}

impl StationSim {
    /// A single FIFO server with an infinite buffer, 10⁵ customers and 10⁴ warm-up.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::queueing::StationSim;
    /// let sim = StationSim::new(0.5, Law::deterministic(1.0).unwrap());
    /// assert_eq!((sim.servers, sim.capacity, sim.customers, sim.warmup), (1, None, 100_000, 10_000));
    /// ```
    pub fn new(lambda: f64, service: Law) -> Self {
        StationSim { lambda, service, servers: 1, capacity: None, vacation: None, customers: 100_000, warmup: 10_000 }
    }

    /// With `c` servers.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::queueing::{QueueingError, StationSim};
    /// let sim = StationSim::new(0.5, Law::deterministic(1.0).unwrap()).servers(0);
    /// assert!(matches!(sim.run(&mut loadbal::montecarlo::stream(1, 0)), Err(QueueingError::NoServers { .. })));
    /// ```
    pub fn servers(mut self, c: u64) -> Self {
        self.servers = c;
        self
    }

    /// With total capacity `k`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::queueing::StationSim;
    /// // M/M/1/1 (Erlang loss), λ = μ = 1: P(block) = ρ/(1 + ρ) = 1/2.
    /// let sim = StationSim::new(1.0, Law::exponential(1.0).unwrap()).capacity(1).customers(10_000, 100);
    /// assert!(sim.estimate(&MonteCarlo::new(1, 4).unwrap()).unwrap().p_block.agrees_with(0.5, 5.0));
    /// ```
    pub fn capacity(mut self, k: u64) -> Self {
        self.capacity = Some(k);
        self
    }

    /// With multiple vacations drawn from `v`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::queueing::{QueueingError, StationSim};
    /// let sim = StationSim::new(0.5, Law::deterministic(1.0).unwrap()).vacation(Law::exponential(2.0).unwrap());
    /// assert!(sim.vacation.is_some());
    /// // Vacations are modelled for one server only.
    /// let two = sim.servers(2).run(&mut loadbal::montecarlo::stream(1, 0));
    /// assert!(matches!(two, Err(QueueingError::Unsupported { .. })));
    /// ```
    pub fn vacation(mut self, v: Law) -> Self {
        self.vacation = Some(v);
        self
    }

    /// With `customers` arrivals per replication, of which the first `warmup` are discarded.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::queueing::{QueueingError, StationSim};
    /// let sim = StationSim::new(0.5, Law::deterministic(1.0).unwrap()).customers(5_000, 500);
    /// assert_eq!((sim.customers, sim.warmup), (5_000, 500));
    /// // No customer left to measure after the warm-up.
    /// let none = sim.customers(500, 500).run(&mut loadbal::montecarlo::stream(1, 0));
    /// assert!(matches!(none, Err(QueueingError::InvalidRate { .. })));
    /// ```
    pub fn customers(mut self, customers: u64, warmup: u64) -> Self {
        self.customers = customers;
        self.warmup = warmup;
        self
    }

    fn validate(&self) -> Result<(Exp<f64>, Law, Option<Law>), QueueingError> {
        positive("arrival rate lambda", self.lambda)?;
        if self.servers == 0 {
            return Err(QueueingError::NoServers { servers: 0 });
        }
        if self.servers > MAX_SIM_SERVERS {
            return Err(QueueingError::TooLarge {
                name: "servers of the simulated station",
                value: self.servers as f64,
                limit: MAX_SIM_SERVERS as f64,
            });
        }
        check_events("customers per replication", self.customers as f64)?;
        if let Some(k) = self.capacity {
            if k < self.servers {
                return Err(QueueingError::CapacityBelowServers { capacity: k, servers: self.servers });
            }
        }
        if self.vacation.is_some() && (self.servers != 1 || self.capacity.is_some()) {
            return Err(QueueingError::Unsupported { reason: "vacations need one server and an infinite buffer" });
        }
        if self.customers <= self.warmup + 1 {
            return Err(QueueingError::InvalidRate { name: "measured customers", value: 0.0 });
        }
        let arrivals = Exp::new(self.lambda)
            .map_err(|_| QueueingError::InvalidRate { name: "arrival rate lambda", value: self.lambda })?;
        check_time_law("service time law", &self.service)?;
        if let Some(v) = &self.vacation {
            check_time_law("vacation time law", v)?;
        }
        Ok((arrivals, self.service, self.vacation))
    }

    /// One replication. Unstable stations are simulated too (their waits grow without bound).
    ///
    /// # Errors
    /// Bad rates or distributions, [`QueueingError::NoServers`],
    /// [`QueueingError::CapacityBelowServers`], [`QueueingError::Unsupported`] for vacations
    /// with several servers or a finite buffer, too few customers after the warm-up, and
    /// [`QueueingError::TooLarge`] for more than [`MAX_SIM_SERVERS`] servers or more than
    /// [`MAX_EVENTS`](super::MAX_EVENTS) customers.
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::queueing::StationSim;
    /// let sim = StationSim::new(0.5, Law::deterministic(1.0).unwrap()).customers(5_000, 500);
    /// let one = sim.run(&mut loadbal::montecarlo::stream(7, 0)).unwrap();
    /// assert!((one.w - one.wq - 1.0).abs() < 1e-9); // the sojourn adds the unit service
    /// assert_eq!(one.p_block, 0.0); // infinite buffer
    /// ```
    pub fn run<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<SimOutcome, QueueingError> {
        let (arrivals, service, vacation) = self.validate()?;
        let mut t = 0.0; // arrival epoch
        let mut free_at = 0.0; // single server: when it finishes the work in system
        let mut wait = 0.0; // Lindley: wait of the previous customer
        let mut prev_service = 0.0;
        let mut servers: BinaryHeap<Reverse<Epoch>> = (0..self.servers).map(|_| Reverse(Epoch(0.0))).collect();
        let mut in_system: BinaryHeap<Reverse<Epoch>> = BinaryHeap::new();
        let lindley = self.servers == 1 && self.capacity.is_none() && vacation.is_none();
        let (mut n, mut admitted, mut waited, mut blocked) = (0u64, 0u64, 0u64, 0u64);
        let (mut sum_wait, mut sum_sojourn, mut t0) = (0.0, 0.0, 0.0);
        for k in 0..self.customers {
            let gap = arrivals.sample(rng);
            t += gap;
            let s = service.sample(rng);
            let w = if lindley {
                // W_k = max(0, W_{k−1} + S_{k−1} − A_k)
                wait = if k == 0 { 0.0 } else { (wait + prev_service - gap).max(0.0) };
                prev_service = s;
                Some(wait)
            } else if let Some(v) = &vacation {
                // Exhaustive service with multiple vacations starting whenever the system empties.
                let start = if t < free_at {
                    free_at
                } else {
                    let mut end = free_at + v.sample(rng);
                    while end < t {
                        end += v.sample(rng);
                    }
                    end
                };
                free_at = start + s;
                Some(start - t)
            } else {
                while in_system.peek().is_some_and(|d| d.0.0 <= t) {
                    in_system.pop();
                }
                if self.capacity.is_some_and(|cap| in_system.len() as u64 >= cap) {
                    None
                } else {
                    let Reverse(Epoch(earliest)) = servers.pop().unwrap_or(Reverse(Epoch(0.0)));
                    let start = earliest.max(t);
                    servers.push(Reverse(Epoch(start + s)));
                    in_system.push(Reverse(Epoch(start + s)));
                    Some(start - t)
                }
            };
            if k == self.warmup {
                t0 = t;
            }
            if k >= self.warmup {
                n += 1;
                match w {
                    Some(w) => {
                        admitted += 1;
                        waited += u64::from(w > 0.0);
                        sum_wait += w;
                        sum_sojourn += w + s;
                    }
                    None => blocked += 1,
                }
            }
            if let Some(w) = w {
                wait = w;
            }
        }
        let span = t - t0;
        let adm = admitted.max(1) as f64;
        Ok(SimOutcome {
            wq: sum_wait / adm,
            w: sum_sojourn / adm,
            p_wait: waited as f64 / adm,
            p_block: blocked as f64 / n as f64,
            lq: sum_wait / span,
            l: sum_sojourn / span,
            last_wait: wait,
        })
    }

    /// Estimates over the replications of `mc`.
    ///
    /// # Errors
    /// As [`StationSim::run`] (with the customers of all replications counted together), and
    /// [`QueueingError::MonteCarlo`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::law::Law;
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::queueing::StationSim;
    /// // M/D/1, λ = 1/2, unit service: W_q = λ·E[S²]/(2(1 − ρ)) = 0.5 (Pollaczek–Khinchine).
    /// let sim = StationSim::new(0.5, Law::deterministic(1.0).unwrap()).customers(20_000, 2_000);
    /// assert!(sim.estimate(&MonteCarlo::new(3, 8).unwrap()).unwrap().wq.agrees_with(0.5, 5.0));
    /// ```
    pub fn estimate(&self, mc: &MonteCarlo) -> Result<StationEstimate, QueueingError> {
        self.validate()?;
        check_events("customers of all replications", self.customers as f64 * mc.replications as f64)?;
        let e = mc.estimate_vec(6, |_, rng, out| match self.run(rng) {
            Ok(o) => out.copy_from_slice(&[o.wq, o.w, o.p_wait, o.p_block, o.lq, o.l]),
            Err(_) => out.iter_mut().for_each(|x| *x = f64::NAN),
        })?;
        Ok(StationEstimate { wq: e[0], w: e[1], p_wait: e[2], p_block: e[3], lq: e[4], l: e[5] })
    }
}

impl fmt::Display for SimOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "W_q = {}, W = {}, P(wait) = {}, P(block) = {}, L_q = {}, L = {}, last wait = {}",
            self.wq, self.w, self.p_wait, self.p_block, self.lq, self.l, self.last_wait
        )
    }
}

impl fmt::Display for StationEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pm = |e: &Estimate| format!("{} ± {}", e.mean, e.std_err);
        write!(
            f,
            "W_q = {}, W = {}, P(wait) = {}, P(block) = {}, L_q = {}, L = {} (mean ± standard error, {} runs)",
            pm(&self.wq),
            pm(&self.w),
            pm(&self.p_wait),
            pm(&self.p_block),
            pm(&self.lq),
            pm(&self.l),
            self.wq.n
        )
    }
}
