//! The Monte Carlo experiment behind Jia, Tables 2.1 and 2.2 (Jia, §2.5): random chains with a
//! fraction r_f of fast processors and links, ESS, WCS(2) and pureDLT on the same instance.

use std::fmt;

use loadbal::dlt::unaware::{
    Chain, ChainConfig, ChainStrategy, RootWhileWaiting, UnawareError, linear_schedule, pure_dlt, run_chain,
};
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
        Chain { w, z }
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
    /// engine ([`run_chain`]: probe copies, PTC reports, port conflicts) and their closed forms.
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
/// reproducible bit for bit); the per-chain times are as [`linear_schedule`] and [`pure_dlt`].
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
    linear_schedule(&probe, cfg, 2.min(sampler.n.saturating_sub(1)).max(1))?;
    let est = mc.estimate_vec(5, |_, rng, out| {
        let chain = sampler.sample(rng);
        let ess = linear_schedule(&chain, cfg, 1).map_or(f64::NAN, |s| s.finish_time);
        let wcs = linear_schedule(&chain, cfg, 2).map_or(f64::NAN, |s| s.finish_time);
        out[0] = ess;
        out[1] = wcs;
        out[2] = pure_dlt(&chain, cfg, RootWhileWaiting::Idle).unwrap_or(f64::NAN);
        out[3] = ess - wcs;
        let strategies = [ChainStrategy::Wcs(1), ChainStrategy::Wcs(2), ChainStrategy::PureDlt(RootWhileWaiting::Idle)];
        let gaps: Vec<f64> = strategies
            .iter()
            .zip(&out[..3])
            .map(|(&s, &model)| run_chain(&chain, cfg, s).map_or(f64::NAN, |r| ((r.finish_time - model) / model).abs()))
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
        return Err(UnawareError::TooFewResponders { k: k_max, available: sampler.n.saturating_sub(1) });
    }
    Ok(mc.estimate_vec(k_max, |_, rng, out| {
        let chain = sampler.sample(rng);
        let times: Vec<f64> =
            (1..=k_max).map(|k| linear_schedule(&chain, cfg, k).map_or(f64::NAN, |s| s.finish_time)).collect();
        match (0..k_max).min_by(|&a, &b| times[a].total_cmp(&times[b]).then(a.cmp(&b))) {
            Some(best) if times.iter().all(|t| t.is_finite()) => out[best] = 1.0,
            _ => out[0] = f64::NAN,
        }
    })?)
}
