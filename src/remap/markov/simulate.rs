//! Monte Carlo of the workload chain under a remapping policy.

use super::RemapProblem;
use super::error::MarkovError;
use crate::montecarlo::{Estimate, McRng, MonteCarlo};
use rand::Rng;

/// Truncation of one simulated run (steps), far beyond any proper policy's horizon.
const MAX_STEPS: usize = 10_000_000;

/// A discrete law as sorted (state, cumulative probability) pairs.
fn cdf(row: impl Iterator<Item = f64>) -> Vec<(usize, f64)> {
    let mut acc = 0.0;
    row.enumerate()
        .filter(|(_, p)| *p > 0.0)
        .map(|(j, p)| {
            acc += p;
            (j, acc)
        })
        .collect()
}

/// The first state whose cumulative probability exceeds a uniform draw: a binary search over the
/// non-decreasing cumulative probabilities (a remap to a law over all states must not cost a
/// scan of every state).
fn draw(law: &[(usize, f64)], rng: &mut McRng) -> usize {
    let u = rng.random::<f64>() * law.last().map_or(1.0, |x| x.1);
    let k = law.partition_point(|(_, c)| *c <= u);
    law.get(k).or(law.last()).map_or(0, |x| x.0)
}

impl RemapProblem {
    /// Simulates the full chain from `start` under the policy `remap` (per chain state) until it
    /// reaches a balanced state, adding `φ(s)` for every continued step and `η` for every remap,
    /// and returns the mean total cost over the harness's replications (Yin et al., eq. (10)). The
    /// estimate must agree with [`RemapProblem::solve`]'s value of `start`.
    ///
    /// # Errors
    /// [`MarkovError::DimensionMismatch`] when `remap` does not cover the chain;
    /// [`MarkovError::InvalidParameter`] for a bad `start`.
    ///
    /// # Accuracy
    /// Statistical: mean ± standard error over the replications, reproducible bit for bit for a
    /// given seed whatever the thread count; agrees with the exact policy value within a few
    /// standard errors (`tests/remap/remap_markov_general.rs`).
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::remap::markov::yin_example;
    /// use loadbal::remap::mdp::Algorithm;
    /// let p = yin_example(5.0).unwrap();
    /// let sol = p.solve(Algorithm::PolicyIteration).unwrap();
    /// let start = 6 * 5; // state (5, 0)
    /// let est = p.simulate_policy_cost(&sol.remap, start, &MonteCarlo::new(1, 20_000).unwrap()).unwrap();
    /// assert!(est.agrees_with(sol.values[start], 4.0));
    /// ```
    pub fn simulate_policy_cost(&self, remap: &[bool], start: usize, mc: &MonteCarlo) -> Result<Estimate, MarkovError> {
        check_policy(self, remap, start)?;
        let walk = Walk::new(self);
        Ok(mc.estimate(|_, rng| walk.sample(self, remap, start, rng))?)
    }
}

/// One replication of [`RemapProblem::simulate_policy_cost`]: the total cost of one run of the chain from
/// `start` under `remap` until a balanced state. For a program that runs the replications itself,
/// for example a range of chunks at a time ([`MonteCarlo::run_chunks`]). It owns its problem and
/// policy (plain data, no borrow to keep alive); [`PolicySimulation::problem`] and
/// [`PolicySimulation::remap`] give them back.
///
/// # Examples
/// ```
/// use loadbal::montecarlo::MonteCarlo;
/// use loadbal::remap::markov::{PolicySimulation, yin_example};
/// use loadbal::remap::mdp::Algorithm;
/// let p = yin_example(5.0).unwrap();
/// let sol = p.solve(Algorithm::PolicyIteration).unwrap();
/// let sim = PolicySimulation::new(p.clone(), sol.remap.clone(), 30).unwrap();
/// let mc = MonteCarlo::new(1, 1_000).unwrap();
/// assert_eq!(mc.estimate(|_, rng| sim.sample(rng)).unwrap(), p.simulate_policy_cost(&sol.remap, 30, &mc).unwrap());
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawPolicySimulation"))]
pub struct PolicySimulation {
    problem: RemapProblem,
    remap: Vec<bool>,
    start: usize,
    walk: Walk,
}

/// The serialised form of [`PolicySimulation`], checked by [`PolicySimulation::new`] on the way
/// in (the problem as [`RemapProblem`] is; the walk is rebuilt, not trusted).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawPolicySimulation {
    problem: RemapProblem,
    remap: Vec<bool>,
    start: usize,
}

#[cfg(feature = "serde")]
impl TryFrom<RawPolicySimulation> for PolicySimulation {
    type Error = MarkovError;

    fn try_from(raw: RawPolicySimulation) -> Result<Self, MarkovError> {
        PolicySimulation::new(raw.problem, raw.remap, raw.start)
    }
}

/// What a run needs beside the problem and the policy: the remap target as a cumulative law and
/// the balanced states.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Walk {
    target: Vec<(usize, f64)>,
    balanced: Vec<bool>,
}

impl Walk {
    fn new(problem: &RemapProblem) -> Self {
        let chain = problem.chain();
        let target = cdf(problem.target().iter().copied());
        let balanced: Vec<bool> = (0..chain.states()).map(|i| chain.state_balanced(i)).collect();
        Walk { target, balanced }
    }

    /// One run of `problem`'s chain from `start` under `remap` (checked by [`check_policy`]).
    fn sample(&self, problem: &RemapProblem, remap: &[bool], start: usize, rng: &mut McRng) -> f64 {
        let (chain, phi, eta) = (problem.chain(), problem.run_cost(), problem.eta());
        let (mut state, mut cost) = (start, 0.0);
        for _ in 0..MAX_STEPS {
            if self.balanced[state] {
                break;
            }
            if remap[state] {
                cost += eta;
                if self.target.is_empty() {
                    break;
                }
                state = draw(&self.target, rng);
            } else {
                cost += phi[state];
                state = chain.sample(state, rng);
            }
        }
        cost
    }
}

/// [`MarkovError::DimensionMismatch`] when `remap` does not cover `problem`'s chain,
/// [`MarkovError::InvalidParameter`] for a `start` outside it.
fn check_policy(problem: &RemapProblem, remap: &[bool], start: usize) -> Result<(), MarkovError> {
    let s = problem.chain().states();
    if remap.len() != s {
        return Err(MarkovError::DimensionMismatch { what: "policy", expected: s, got: remap.len() });
    }
    if start >= s {
        return Err(MarkovError::InvalidParameter { name: "start", value: start as f64 });
    }
    Ok(())
}

impl PolicySimulation {
    /// The simulation of `problem`'s chain from `start` under the policy `remap` (taken by value).
    ///
    /// # Errors
    /// As [`RemapProblem::simulate_policy_cost`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::{Imbalance, MarkovError, PolicySimulation, RemapProblem, RemapTarget, WorkloadChain};
    /// use nalgebra::dmatrix;
    /// let chain = WorkloadChain::new(vec![vec![0.0, 2.0], vec![1.0, 1.0]], dmatrix![0.5, 0.5; 0.0, 1.0]).unwrap();
    /// let p = RemapProblem::new(chain, &Imbalance::MaxNorm, 3.0, &RemapTarget::Balanced).unwrap();
    /// assert!(PolicySimulation::new(p.clone(), vec![false, false], 0).is_ok());
    /// assert!(matches!(PolicySimulation::new(p.clone(), vec![false], 0), Err(MarkovError::DimensionMismatch { .. })));
    /// assert!(matches!(PolicySimulation::new(p, vec![false, false], 2), Err(MarkovError::InvalidParameter { .. })));
    /// ```
    pub fn new(problem: RemapProblem, remap: Vec<bool>, start: usize) -> Result<Self, MarkovError> {
        check_policy(&problem, &remap, start)?;
        let walk = Walk::new(&problem);
        Ok(PolicySimulation { problem, remap, start, walk })
    }

    /// The problem simulated.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::{PolicySimulation, yin_example};
    /// let sim = PolicySimulation::new(yin_example(4.0).unwrap(), vec![false; 36], 5).unwrap();
    /// assert_eq!(sim.problem().eta(), 4.0);
    /// ```
    pub fn problem(&self) -> &RemapProblem {
        &self.problem
    }

    /// The policy simulated: `remap[s]` when state `s` remaps.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::{PolicySimulation, yin_example};
    /// let sim = PolicySimulation::new(yin_example(4.0).unwrap(), vec![false; 36], 5).unwrap();
    /// assert!(sim.remap().iter().all(|&r| !r));
    /// ```
    pub fn remap(&self) -> &[bool] {
        &self.remap
    }

    /// The state every run starts from.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::{PolicySimulation, yin_example};
    /// let sim = PolicySimulation::new(yin_example(4.0).unwrap(), vec![false; 36], 5).unwrap();
    /// assert_eq!(sim.start(), 5); // state (0, 5)
    /// ```
    pub fn start(&self) -> usize {
        self.start
    }

    /// The total cost of one run (Yin et al., eq. (10)): `φ(s)` for every continued step, `η`
    /// for every remap, until a balanced state (truncated after 10⁷ steps).
    ///
    /// # Examples
    /// ```
    /// use loadbal::montecarlo::{MonteCarlo, stream};
    /// use loadbal::remap::markov::{Imbalance, PolicySimulation, RemapProblem, RemapTarget, WorkloadChain};
    /// use nalgebra::dmatrix;
    /// // Loads (0, 2), φ = 1, balance with probability 1/2 per step: never remapping costs 2 on average;
    /// // remapping at once costs η = 3 exactly.
    /// let chain = WorkloadChain::new(vec![vec![0.0, 2.0], vec![1.0, 1.0]], dmatrix![0.5, 0.5; 0.0, 1.0]).unwrap();
    /// let p = RemapProblem::new(chain, &Imbalance::MaxNorm, 3.0, &RemapTarget::Balanced).unwrap();
    /// let keep = PolicySimulation::new(p.clone(), vec![false, false], 0).unwrap();
    /// assert!(MonteCarlo::new(1, 4_000).unwrap().estimate(|_, rng| keep.sample(rng)).unwrap().agrees_with(2.0, 5.0));
    /// let remap = PolicySimulation::new(p, vec![true, false], 0).unwrap();
    /// assert_eq!(remap.sample(&mut stream(1, 0)), 3.0);
    /// ```
    pub fn sample(&self, rng: &mut McRng) -> f64 {
        self.walk.sample(&self.problem, &self.remap, self.start, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::remap::markov::{Imbalance, RemapTarget, WorkloadChain, yin_example};
    use crate::remap::mdp::Algorithm;

    #[test]
    fn simulated_costs_agree_with_computed_values() {
        // (η, start (i, j)) pairs of the reference's check.
        for (eta, i, j) in [(5.0, 5, 0), (5.0, 3, 0), (1.0, 2, 1), (10.0, 4, 0), (14.0, 5, 0)] {
            let p = yin_example(eta).unwrap();
            let sol = p.solve(Algorithm::PolicyIteration).unwrap();
            let start = 6 * i + j;
            let est = p.simulate_policy_cost(&sol.remap, start, &MonteCarlo::new(7, 20_000).unwrap()).unwrap();
            assert!(est.agrees_with(sol.values[start], 4.0), "η = {eta} ({i},{j}): {est:?} vs {}", sol.values[start]);
        }
        // Textbook target: a remap ends the run.
        let chain = WorkloadChain::reflecting(6, 2).unwrap();
        let p = RemapProblem::new(chain, &Imbalance::MaxNorm, 3.0, &RemapTarget::Balanced).unwrap();
        let sol = p.solve(Algorithm::PolicyIteration).unwrap();
        let est = p.simulate_policy_cost(&sol.remap, 13, &MonteCarlo::new(8, 20_000).unwrap()).unwrap();
        assert!(est.agrees_with(sol.values[13], 4.0));
        assert!(p.simulate_policy_cost(&sol.remap[1..], 0, &MonteCarlo::new(1, 1).unwrap()).is_err());
        assert!(p.simulate_policy_cost(&sol.remap, 36, &MonteCarlo::new(1, 1).unwrap()).is_err());
    }
}
