//! The Monte Carlo experiment behind Jia, Tables 2.1 and 2.2 (Jia, §2.5): random chains with a
//! fraction r_f of fast processors and links, ESS, WCS(2) and pureDLT on the same instance.

use std::fmt;

use loadbal::dlt::unaware::{ChainConfig, ChainStrategy, RootWhileWaiting, UnawareError};

use loadbal::dlt::{Chain, Options};
use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::rand::Rng;

/// How random chains are drawn. The thesis gives the overall ranges z ∈ (0.2, 0.7),
/// w ∈ (2, 7), K = 4.5 and calls a processor fast when w ∈ (2, 3) and a link fast when
/// z ∈ (0.2, 0.3) (footnote 6, with its order swapped back); the slow ranges are not stated.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChainSampler {
    /// Number of processors n (root included).
    pub n: usize,
    /// Root inverse speed K.
    pub k_root: f64,
    /// Probability r_f that a processor, and independently a link, is fast.
    pub fast_fraction: f64,
    /// Range of a fast processor's w.
    pub fast_w: (f64, f64),
    /// Range of a slow processor's w.
    pub slow_w: (f64, f64),
    /// Range of a fast link's z.
    pub fast_z: (f64, f64),
    /// Range of a slow link's z.
    pub slow_z: (f64, f64),
}

impl ChainSampler {
    /// Our reading of the unstated slow ranges: slow w ~ U(3, 7), slow z ~ U(0.3, 0.7).
    pub fn thesis(n: usize, fast_fraction: f64) -> Self {
        ChainSampler {
            n,
            k_root: 4.5,
            fast_fraction,
            fast_w: (2.0, 3.0),
            slow_w: (3.0, 7.0),
            fast_z: (0.2, 0.3),
            slow_z: (0.3, 0.7),
        }
    }

    /// Draws one chain.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Chain {
        let mut u = |(lo, hi): (f64, f64)| lo + (hi - lo) * rng.random::<f64>();
        let mut w = vec![self.k_root];
        let mut z = Vec::with_capacity(self.n.saturating_sub(1));
        for _ in 1..self.n {
            let fast = u((0.0, 1.0)) < self.fast_fraction;
            w.push(u(if fast { self.fast_w } else { self.slow_w }));
        }
        for _ in 1..self.n {
            let fast = u((0.0, 1.0)) < self.fast_fraction;
            z.push(u(if fast { self.fast_z } else { self.slow_z }));
        }
        Chain::new(w, z)
    }
}

/// Mean total processing times of one table cell.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChainCell {
    /// T-ESS.
    pub ess: Estimate,
    /// T-WCS (WCS(2)).
    pub wcs: Estimate,
    /// T-pure.
    pub pure: Estimate,
    /// T-ESS − T-WCS on the same instances (paired).
    pub ess_minus_wcs: Estimate,
    /// Per instance, the largest relative gap between the three strategies run on the event
    /// engine ([`Chain::run_unaware`]: probe copies, PTC reports, port conflicts) and their closed forms.
    pub engine_gap: Estimate,
}

impl fmt::Display for ChainCell {
    /// `T-ESS …, T-WCS …, T-pure …; ESS − WCS …; engine gap …`, each as mean ± SE.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "T-ESS {:.4}, T-WCS {:.4}, T-pure {:.4}; T-ESS - T-WCS {:.4}; engine gap (relative) {:.2e} ± {:.1e}",
            self.ess, self.wcs, self.pure, self.ess_minus_wcs, self.engine_gap.mean, self.engine_gap.std_err
        )
    }
}

/// Runs one cell of Jia, Tables 2.1/2.2 through the crate's Monte Carlo harness: `mc`'s
/// replications draw random chains from `sampler`, each scheduled by ESS, WCS(2) and pureDLT
/// (root idle), by the closed forms and, as a check, on the event engine.
///
/// # Accuracy
/// Statistical: each entry is a mean ± standard error over the replications (seeded,
/// reproducible bit for bit); the per-chain times are as [`Chain::phased_schedule`] and [`Chain::pure_dlt`].
///
/// # Errors
/// The errors of the strategies (a bad configuration is found on a fixed chain first; a failing
/// draw is returned as a non-finite sample, [`UnawareError::MonteCarlo`]).
///
/// # Examples
/// ```
/// use loadbal_papers::fixtures::jia::chain_config;
/// use loadbal_papers::jia_chains::{chain_experiment, ChainSampler};
/// use loadbal::montecarlo::MonteCarlo;
/// let mc = MonteCarlo::new(1, 200).unwrap();
/// let c = chain_experiment(&ChainSampler::thesis(5, 0.75), &chain_config(0.03, 0.07), &mc).unwrap();
/// assert!(c.pure.mean > c.wcs.mean);
/// assert!(c.to_string().starts_with("T-ESS "));
/// ```
pub fn chain_experiment(sampler: &ChainSampler, cfg: &ChainConfig, mc: &MonteCarlo) -> Result<ChainCell, UnawareError> {
    let fast_fraction = sampler.fast_fraction;
    if !(fast_fraction.is_finite() && fast_fraction > -1.0) {
        return Err(UnawareError::InvalidParameter {
            name: "fast_fraction + 1",
            value: fast_fraction + 1.0,
            expected: "finite and > 0",
        });
    }
    // Validate once on a fixed chain so that a bad configuration is a typed error.
    let probe = ChainSampler { fast_fraction: 1.0, ..*sampler }.sample(&mut loadbal::montecarlo::stream(mc.seed, 0));
    probe.phased_schedule(cfg, 2.min(sampler.n.saturating_sub(1)).max(1) as u64)?;
    let est = mc.estimate_vec(5, |_, rng, out| {
        let chain = sampler.sample(rng);
        let ess = chain.phased_schedule(cfg, 1).map_or(f64::NAN, |s| s.finish_time);
        let wcs = chain.phased_schedule(cfg, 2).map_or(f64::NAN, |s| s.finish_time);
        out[0] = ess;
        out[1] = wcs;
        out[2] = chain.pure_dlt(cfg, RootWhileWaiting::Idle).unwrap_or(f64::NAN);
        out[3] = ess - wcs;
        let strategies = [ChainStrategy::Wcs(1), ChainStrategy::Wcs(2), ChainStrategy::PureDlt(RootWhileWaiting::Idle)];
        let gaps: Vec<f64> = strategies
            .iter()
            .zip(&out[..3])
            .map(|(&s, &model)| chain.run_unaware(cfg, s).map_or(f64::NAN, |r| ((r.finish_time - model) / model).abs()))
            .collect();
        // A failed run must show, not vanish in `max` (which ignores NaN).
        out[4] = if gaps.iter().any(|g| g.is_nan()) { f64::NAN } else { gaps.iter().copied().fold(0.0, f64::max) };
    })?;
    Ok(ChainCell { ess: est[0], wcs: est[1], pure: est[2], ess_minus_wcs: est[3], engine_gap: est[4] })
}

/// How often each WCS(i), i = 1..=`k_max`, gives the smallest total time on random chains (the
/// experiment behind Jia, Figs. 2.4/2.5: "the most probable best value of i"). Entry i−1 is the
/// estimated probability that WCS(i) is best (ties: the smallest i).
///
/// # Accuracy
/// Statistical: each frequency is a mean ± standard error over `mc`'s replications; the
/// frequencies sum to 1 exactly up to rounding of the means.
///
/// # Errors
/// [`UnawareError::TooFewResponders`] when `k_max ≥ n`; Monte Carlo and strategy errors.
///
/// # Examples
/// ```
/// use loadbal_papers::fixtures::jia::chain_config;
/// use loadbal_papers::jia_chains::{best_wcs_frequencies, ChainSampler};
/// use loadbal::montecarlo::MonteCarlo;
/// let mc = MonteCarlo::new(1, 100).unwrap();
/// let f = best_wcs_frequencies(&ChainSampler::thesis(15, 0.5), &chain_config(0.07, 0.07), 8, &mc).unwrap();
/// assert!((f.iter().map(|e| e.mean).sum::<f64>() - 1.0).abs() < 1e-12);
/// ```
pub fn best_wcs_frequencies(
    sampler: &ChainSampler,
    cfg: &ChainConfig,
    k_max: usize,
    mc: &MonteCarlo,
) -> Result<Vec<Estimate>, UnawareError> {
    if k_max == 0 || k_max >= sampler.n {
        return Err(UnawareError::TooFewResponders { k: k_max as u64, available: sampler.n.saturating_sub(1) as u64 });
    }
    Ok(mc.estimate_vec(k_max, |_, rng, out| {
        let chain = sampler.sample(rng);
        let times: Vec<f64> =
            (1..=k_max).map(|k| chain.phased_schedule(cfg, k as u64).map_or(f64::NAN, |s| s.finish_time)).collect();
        match (0..k_max).min_by(|&a, &b| times[a].total_cmp(&times[b]).then(a.cmp(&b))) {
            Some(best) if times.iter().all(|t| t.is_finite()) => out[best] = 1.0,
            _ => out[0] = f64::NAN,
        }
    })?)
}

/// How the fast/slow split of a chain is drawn under a reading of Jia, §2.5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FastDraw {
    /// Each processor and, independently, each link is fast with probability r_f (the crate's
    /// reading, [`ChainSampler::sample`]).
    Bernoulli,
    /// Exactly round(r_f·(n − 1)) processors and as many links are fast, at random positions.
    ExactCount,
    /// A processor and the link that reaches it are fast together, with probability r_f.
    Coupled,
}

/// What the root computes before the trigger under a reading of Jia, §2.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RootBeforeTrigger {
    /// Real load from t = 0 (footnote 5; the crate's [`Chain::phased_schedule`]).
    RealLoad,
    /// First its own copy of the probe (η·L units, "the root can start its computation when it
    /// transmits a PL"), then real load.
    ProbeCopyFirst,
}

/// One reading of the experiment of Jia, Tables 2.1/2.2 (§2.5): the choices the thesis leaves
/// open or states ambiguously.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChainReading {
    /// A short name.
    pub name: &'static str,
    /// How fast processors and links are drawn.
    pub fast: FastDraw,
    /// Slow processors' and links' ranges: (3, 7) and (0.3, 0.7), or the full (2, 7) and (0.2, 0.7).
    pub slow_full_range: bool,
    /// The root's w: the fixed K = 4.5, or drawn U(2, 7) around that "average speed".
    pub random_root: bool,
    /// What the root does before the trigger.
    pub root: RootBeforeTrigger,
    /// The phase count m = ⌈log₂ n'⌉ + 1 with n' = n (as printed) or n − 1 (the processors besides
    /// the root); `floor_plus_two` instead rounds as ⌊log₂ n⌋ + 2.
    pub phases_of_non_root: bool,
    /// m = ⌊log₂ n⌋ + 2 (differs from the printed ceiling at powers of two).
    pub floor_plus_two: bool,
    /// Processors compute while they forward (front-ends, §2.1 and eq. (2.15)); `false` only for
    /// the diagnostic reading the text excludes.
    pub front_end: bool,
}

impl ChainReading {
    /// The crate's reading: [`ChainSampler::thesis`], [`Chain::phased_schedule`] and [`Chain::pure_dlt`] as they are.
    pub const CRATE: ChainReading = ChainReading {
        name: "the crate's (Bernoulli fast draws, slow (3,7)/(0.3,0.7), K = 4.5, root computes real load, m = ⌈log₂ n⌉ + 1)",
        fast: FastDraw::Bernoulli,
        slow_full_range: false,
        random_root: false,
        root: RootBeforeTrigger::RealLoad,
        phases_of_non_root: false,
        floor_plus_two: false,
        front_end: true,
    };

    /// The readings the text of Jia, ch. 2 allows, the crate's first.
    pub fn allowed() -> Vec<ChainReading> {
        let c = ChainReading::CRATE;
        vec![
            c,
            ChainReading { name: "slow ranges = the full ranges (2,7)/(0.2,0.7)", slow_full_range: true, ..c },
            ChainReading {
                name: "exactly round(r_f·(n−1)) fast processors and links",
                fast: FastDraw::ExactCount,
                ..c
            },
            ChainReading { name: "a processor and its link fast together", fast: FastDraw::Coupled, ..c },
            ChainReading { name: "K drawn U(2,7) (an 'average speed' of 4.5)", random_root: true, ..c },
            ChainReading {
                name: "the root computes its probe copy first",
                root: RootBeforeTrigger::ProbeCopyFirst,
                ..c
            },
            ChainReading { name: "m counts the n − 1 processors besides the root", phases_of_non_root: true, ..c },
            ChainReading { name: "m = ⌊log₂ n⌋ + 2", floor_plus_two: true, ..c },
            ChainReading {
                name: "probe copy first + a processor and its link fast together",
                root: RootBeforeTrigger::ProbeCopyFirst,
                fast: FastDraw::Coupled,
                ..c
            },
            ChainReading {
                name: "probe copy first + exact fast counts",
                root: RootBeforeTrigger::ProbeCopyFirst,
                fast: FastDraw::ExactCount,
                ..c
            },
        ]
    }

    /// Readings the text excludes, simulated only to show what the thesis's numbers look like:
    /// chains without front-ends (against §2.1's "each node … is equipped with a front-end" and
    /// the recursion (2.15)).
    pub fn diagnostic() -> Vec<ChainReading> {
        let c = ChainReading::CRATE;
        vec![
            ChainReading { name: "no front-ends (excluded by §2.1 and eq. (2.15))", front_end: false, ..c },
            ChainReading {
                name: "no front-ends + a processor and its link fast together (excluded)",
                front_end: false,
                fast: FastDraw::Coupled,
                ..c
            },
        ]
    }

    /// The duration of a single-installment distribution of `x` over `chain` from its root, with
    /// or without front-ends (`loadbal::dlt::Chain::allocate`).
    fn distribution(&self, chain: &Chain, x: f64, cfg: &ChainConfig) -> Result<f64, UnawareError> {
        if self.front_end {
            return Ok(chain.front_end_distribution(x, cfg.scale)?.duration);
        }
        if x == 0.0 {
            return Ok(0.0);
        }
        let daisy = Chain { w: chain.w.to_vec(), z: chain.z.to_vec(), front_end: false };
        Ok(daisy.allocate(Options::load(x).with_scale(cfg.scale)).map_err(UnawareError::from)?.makespan)
    }

    /// T-pure of `chain` under this reading (root idle while it waits for every PTC).
    ///
    /// # Errors
    /// The strategies' errors.
    pub fn pure(&self, chain: &Chain, cfg: &ChainConfig) -> Result<f64, UnawareError> {
        if self.front_end {
            return chain.pure_dlt(cfg, RootWhileWaiting::Idle);
        }
        let probe = chain.probe_times(cfg.probe(), cfg.scale)?;
        let t0 = probe.tp.iter().copied().fold(0.0, f64::max);
        Ok(t0 + self.distribution(chain, cfg.load * (1.0 - cfg.eta), cfg)?)
    }

    /// Whether this is the crate's own reading (then the library's strategies run unchanged).
    pub fn is_crate(&self) -> bool {
        *self == ChainReading::CRATE
    }

    /// Draws a chain of `n` processors with fast fraction `rf`.
    pub fn sample<R: Rng + ?Sized>(&self, n: usize, rf: f64, rng: &mut R) -> Chain {
        let base = ChainSampler::thesis(n, rf);
        if self.fast == FastDraw::Bernoulli && !self.slow_full_range && !self.random_root {
            return base.sample(rng);
        }
        let (slow_w, slow_z) = if self.slow_full_range { ((2.0, 7.0), (0.2, 0.7)) } else { (base.slow_w, base.slow_z) };
        let k = n.saturating_sub(1);
        let u = |(lo, hi): (f64, f64), rng: &mut R| lo + (hi - lo) * rng.random::<f64>();
        let (fast_w, fast_z): (Vec<bool>, Vec<bool>) = match self.fast {
            FastDraw::Bernoulli => {
                let w = (0..k).map(|_| u((0.0, 1.0), rng) < rf).collect();
                let z = (0..k).map(|_| u((0.0, 1.0), rng) < rf).collect();
                (w, z)
            }
            FastDraw::Coupled => {
                let w: Vec<bool> = (0..k).map(|_| u((0.0, 1.0), rng) < rf).collect();
                (w.clone(), w)
            }
            FastDraw::ExactCount => {
                use loadbal::rand::seq::SliceRandom;
                let count = (rf * k as f64).round() as usize;
                let pick = |rng: &mut R| {
                    let mut idx: Vec<usize> = (0..k).collect();
                    idx.shuffle(rng);
                    let mut fast = vec![false; k];
                    for &i in idx.iter().take(count) {
                        fast[i] = true;
                    }
                    fast
                };
                let w = pick(rng);
                (w, pick(rng))
            }
        };
        let root = if self.random_root { u((2.0, 7.0), rng) } else { base.k_root };
        let mut w = vec![root];
        w.extend(fast_w.iter().map(|&f| u(if f { base.fast_w } else { slow_w }, rng)));
        let z = fast_z.iter().map(|&f| u(if f { base.fast_z } else { slow_z }, rng)).collect();
        Chain::new(w, z)
    }

    /// T-WCS(k) of `chain` under this reading (k = 1 is ESS). The crate's reading runs
    /// [`Chain::phased_schedule`]; the others rebuild it from the library's public pieces
    /// (`Chain::probe_times`, `Probe::partition`'s rule, `Chain::front_end_distribution` on the chain of the
    /// phase's participants with lumped links, Jia, eqs. (2.13)–(2.16)).
    ///
    /// # Errors
    /// The strategies' errors.
    pub fn wcs(&self, chain: &Chain, cfg: &ChainConfig, k: usize) -> Result<f64, UnawareError> {
        if self.root == RootBeforeTrigger::RealLoad
            && !self.phases_of_non_root
            && !self.floor_plus_two
            && self.front_end
        {
            return Ok(chain.phased_schedule(cfg, k as u64)?.finish_time);
        }
        let n = chain.w.len();
        let probe = chain.probe_times(cfg.probe(), cfg.scale)?;
        let count = if self.phases_of_non_root { n - 1 } else { n };
        let m = if self.floor_plus_two {
            (usize::BITS - 1 - count.leading_zeros()) as usize + 2
        } else {
            (usize::BITS - (count.max(2) - 1).leading_zeros()) as usize + 1
        };
        // Partition Π with m phases (Jia, §2.3).
        let l1 = cfg.eps * cfg.load;
        let rest = (1.0 - cfg.eta - cfg.eps) * cfg.load;
        let denom: f64 = (2..=m).map(|i| 2f64.powi(i as i32) + 1.0).sum();
        let mut parts = vec![l1];
        parts.extend((2..=m).map(|i| (2f64.powi(i as i32) + 1.0) / denom * rest));
        let mut order: Vec<usize> = (1..n).collect();
        order.sort_by(|&a, &b| probe.tp[a].total_cmp(&probe.tp[b]).then(a.cmp(&b)));
        let mut t = probe.tp[order[k - 1]];
        let kt = chain.w[0] * cfg.scale.t_cp();
        let busy = match self.root {
            RootBeforeTrigger::RealLoad => t,
            RootBeforeTrigger::ProbeCopyFirst => (t - cfg.eta * cfg.load * kt).max(0.0),
        };
        let mut done = busy / kt;
        let mut first = 0;
        while first < parts.len() && done >= parts[first] {
            done -= parts[first];
            first += 1;
        }
        if first == parts.len() {
            return Ok(cfg.load * (1.0 - cfg.eta) * kt);
        }
        parts[first] -= done;
        for &x in &parts[first..] {
            let members: Vec<usize> = (0..n).filter(|&i| i == 0 || probe.tp[i] <= t).collect();
            let sub = Chain::new(
                members.iter().map(|&p| chain.w[p]).collect(),
                members.windows(2).map(|p| chain.z[p[0]..p[1]].iter().sum()).collect(),
            );
            t += self.distribution(&sub, x, cfg)?;
        }
        Ok(t)
    }

    /// A pool of `mc`'s random chains of `n` processors (fast fraction `rf`, probe fraction
    /// `eta`), each scheduled at both first-phase fractions `eps`: per chain [T-ESS(ε₁),
    /// T-WCS(ε₁), T-ESS(ε₂), T-WCS(ε₂), T-pure], the same networks for both ε (as the thesis's
    /// identical T-pure columns show it used).
    ///
    /// # Errors
    /// The strategies' and the harness's errors.
    pub fn pool(
        &self,
        n: usize,
        rf: f64,
        eta: f64,
        eps: [f64; 2],
        mc: &MonteCarlo,
    ) -> Result<Vec<Vec<f64>>, UnawareError> {
        let runs = mc.replicate(|_, rng| -> Result<Vec<f64>, UnawareError> {
            let chain = self.sample(n, rf, rng);
            let mut out = Vec::with_capacity(5);
            for e in eps {
                let cfg = crate::fixtures::jia::chain_config(eta, e);
                out.push(self.wcs(&chain, &cfg, 1)?);
                out.push(self.wcs(&chain, &cfg, 2)?);
            }
            out.push(self.pure(&chain, &crate::fixtures::jia::chain_config(eta, eps[0]))?);
            Ok(out)
        });
        runs.into_iter().collect()
    }
}
