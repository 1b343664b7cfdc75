//! A structured solver for large remapping problems: two actions, a sparse continue kernel and
//! a remap row that is the same in every state.

use super::problem::{RemapProblem, RemapSolution, RemapTarget};
use super::{MarkovError, reflecting_walk};
use crate::remap::mdp::Termination;

/// Relative tie tolerance (as in the general solver: ties continue).
const TIE: f64 = 1e-12;

/// The remapping problem of [`RemapProblem`] stored sparsely over the transient states:
/// continuing in state `i` costs `φ_i` and moves with the sparse row `P̃(1)_i`; remapping costs
/// `η` and moves with the common row `ρ`. Value iteration costs `O(nnz)` per update (the remap
/// branch is one dot product `ρ·V` shared by every state) and policy evaluation reduces, by
/// linearity in the scalar `x = ρ·J`, to two sparse solves on the continuing states (BiCGSTAB),
/// so chains of thousands of states need neither a dense matrix nor an `O(S³)` factorisation.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SparseRemap {
    rows: Vec<Vec<(usize, f64)>>,
    phi: Vec<f64>,
    rho: Vec<(usize, f64)>,
    eta: f64,
    transient: Vec<usize>,
    states: usize,
}

impl SparseRemap {
    /// The sparse form of a dense [`RemapProblem`].
    ///
    /// # Examples
    /// The sparse solvers give the dense solution.
    /// ```
    /// use loadbal::remap::markov::{Imbalance, Method, RemapProblem, RemapTarget, SparseRemap, WorkloadChain};
    /// use nalgebra::dmatrix;
    /// let p = dmatrix![0.5, 0.25, 0.25; 0.25, 0.5, 0.25; 0.0, 0.0, 1.0];
    /// let chain = WorkloadChain::new(vec![vec![0.0, 2.0], vec![3.0, 1.0], vec![1.0, 1.0]], p).unwrap();
    /// let pb = RemapProblem::new(chain, &Imbalance::MaxNorm, 1.5, &RemapTarget::Balanced).unwrap();
    /// let dense = pb.solve(Method::PolicyIteration).unwrap();
    /// let sparse = SparseRemap::from_problem(&pb);
    /// let pi = sparse.policy_iteration(100).unwrap();
    /// let vi = sparse.value_iteration(1e-13, 10_000).unwrap();
    /// assert_eq!(pi.remap, dense.remap);
    /// for s in 0..3 {
    ///     assert!((pi.values[s] - dense.values[s]).abs() < 1e-12);
    ///     assert!((vi.values[s] - dense.values[s]).abs() < 1e-10);
    /// }
    /// ```
    pub fn from_problem(problem: &RemapProblem) -> Self {
        let p = problem.mdp().transition(0);
        let n = p.nrows();
        let rows = (0..n).map(|i| (0..n).filter(|&j| p[(i, j)] > 0.0).map(|j| (j, p[(i, j)])).collect()).collect();
        let transient = problem.transient_states().to_vec();
        let phi = transient.iter().map(|&s| problem.run_cost()[s]).collect();
        let rho = transient
            .iter()
            .enumerate()
            .filter(|(_, s)| problem.target()[**s] > 0.0)
            .map(|(k, s)| (k, problem.target()[*s]))
            .collect();
        Self { rows, phi, rho, eta: problem.eta(), transient, states: problem.chain().states() }
    }

    /// `processes` independent reflecting walks on `levels` levels (Yin et al., eq. (22); the §5
    /// example is 2 × 6), the max-norm running cost (eq. 4), remap cost `η` and a remap target
    /// ([`RemapTarget::Distribution`] is not supported here), built without any dense matrix.
    ///
    /// # Errors
    /// [`MarkovError::InvalidParameter`] for `processes < 2`, `levels < 2`, more than 2^22
    /// states, or a distribution target; [`MarkovError::NegativeCost`] / [`MarkovError::NonFinite`]
    /// for a bad `η`.
    ///
    /// # Examples
    /// The §5 example solved sparsely: same remap set as Figure 4(a) at η = 1.
    /// ```
    /// use loadbal::remap::markov::{RemapTarget, SparseRemap};
    /// let p = SparseRemap::reflecting(2, 6, 1.0, &RemapTarget::UniformOverAllStates).unwrap();
    /// let sol = p.policy_iteration(100).unwrap();
    /// assert_eq!(sol.remap.iter().filter(|&&r| r).count(), 20);
    /// ```
    pub fn reflecting(processes: usize, levels: usize, eta: f64, target: &RemapTarget) -> Result<Self, MarkovError> {
        let states = (levels as f64).powi(processes as i32);
        if processes < 2 || states > 4_194_304.0 {
            return Err(MarkovError::InvalidParameter { name: "processes", value: processes as f64 });
        }
        if !eta.is_finite() {
            return Err(MarkovError::NonFinite { what: "remap cost", index: 0, value: eta });
        }
        if eta < 0.0 {
            return Err(MarkovError::NegativeCost { what: "remap cost", index: 0, value: eta });
        }
        let q = reflecting_walk(levels)?;
        let states = states as usize;
        let digits = |mut s: usize| {
            let mut d = vec![0; processes];
            for k in (0..processes).rev() {
                d[k] = s % levels;
                s /= levels;
            }
            d
        };
        let balanced = |d: &[usize]| d.iter().all(|&x| x == d[0]);
        let mut index = vec![usize::MAX; states];
        let mut transient = Vec::new();
        for (s, slot) in index.iter_mut().enumerate() {
            if !balanced(&digits(s)) {
                *slot = transient.len();
                transient.push(s);
            }
        }
        let mut rows = Vec::with_capacity(transient.len());
        let mut phi = Vec::with_capacity(transient.len());
        for &s in &transient {
            let d = digits(s);
            let mean = d.iter().sum::<usize>() as f64 / processes as f64;
            phi.push(d.iter().map(|&x| (x as f64 - mean).abs()).fold(0.0, f64::max));
            // Product of the per-process rows, one process at a time.
            let mut row: Vec<(usize, f64)> = vec![(0, 1.0)];
            for &x in &d {
                let next: Vec<(usize, f64)> =
                    (0..levels).filter(|&y| q[(x, y)] > 0.0).map(|y| (y, q[(x, y)])).collect();
                row = row.iter().flat_map(|&(j, p)| next.iter().map(move |&(y, r)| (j * levels + y, p * r))).collect();
            }
            rows.push(row.into_iter().filter(|(j, _)| index[*j] != usize::MAX).map(|(j, p)| (index[j], p)).collect());
        }
        let rho = match target {
            RemapTarget::Balanced => Vec::new(),
            RemapTarget::UniformOverAllStates => (0..transient.len()).map(|k| (k, 1.0 / states as f64)).collect(),
            RemapTarget::Distribution(_) => {
                return Err(MarkovError::InvalidParameter { name: "target", value: f64::NAN });
            }
        };
        Ok(Self { rows, phi, rho, eta, transient, states })
    }

    /// Number of transient (imbalanced) states.
    pub fn transient_states(&self) -> usize {
        self.transient.len()
    }

    fn continue_value(&self, i: usize, v: &[f64]) -> f64 {
        self.phi[i] + self.rows[i].iter().map(|&(j, p)| p * v[j]).sum::<f64>()
    }

    fn remap_value(&self, v: &[f64]) -> f64 {
        self.eta + self.rho.iter().map(|&(j, p)| p * v[j]).sum::<f64>()
    }

    fn solution(&self, remap: &[bool], v: &[f64], iterations: usize, termination: Termination) -> RemapSolution {
        let r = self.remap_value(v);
        let residual = (0..v.len()).map(|i| (self.continue_value(i, v).min(r) - v[i]).abs()).fold(0.0, f64::max);
        let (mut full_remap, mut values) = (vec![false; self.states], vec![0.0; self.states]);
        for (k, &s) in self.transient.iter().enumerate() {
            full_remap[s] = remap[k];
            values[s] = v[k];
        }
        RemapSolution { remap: full_remap, values, iterations, termination, residual }
    }

    /// Value iteration (Yin et al., eq. (19)) from `V⁰ = 0`, `O(nnz)` per update, stopping when the
    /// sup-norm of an update is at most `tol`. Returns the last iterate (no final exact
    /// evaluation; see [`SparseRemap::policy_iteration`] for exact values).
    ///
    /// # Errors
    /// [`MarkovError::InvalidParameter`] for `tol ≤ 0` or `max_iters = 0`.
    pub fn value_iteration(&self, tol: f64, max_iters: usize) -> Result<RemapSolution, MarkovError> {
        if !(tol > 0.0 && tol.is_finite()) || max_iters == 0 {
            return Err(MarkovError::InvalidParameter { name: "tol / max_iters", value: tol });
        }
        let n = self.transient.len();
        let (mut v, mut next, mut remap) = (vec![0.0; n], vec![0.0; n], vec![false; n]);
        for it in 1..=max_iters {
            let r = self.remap_value(&v);
            let mut delta: f64 = 0.0;
            for i in 0..n {
                let c = self.continue_value(i, &v);
                remap[i] = r < c - TIE * (1.0 + c.abs());
                next[i] = if remap[i] { r } else { c };
                delta = delta.max((next[i] - v[i]).abs());
            }
            std::mem::swap(&mut v, &mut next);
            if delta <= tol {
                return Ok(self.solution(&remap, &v, it, Termination::ToleranceReached));
            }
        }
        Ok(self.solution(&remap, &v, max_iters, Termination::MaxItersReached))
    }

    /// Solves `y_i = b_i + Σ_j P̃(1)_{ij} y_j` on the continuing states (`y_i = b_i` on the
    /// remapping ones) by BiCGSTAB.
    fn solve_fixed(&self, remap: &[bool], b: &[f64]) -> Vec<f64> {
        let n = b.len();
        let apply = |y: &[f64]| -> Vec<f64> {
            (0..n)
                .map(|i| if remap[i] { y[i] } else { y[i] - self.rows[i].iter().map(|&(j, p)| p * y[j]).sum::<f64>() })
                .collect()
        };
        let dot = |a: &[f64], c: &[f64]| a.iter().zip(c).map(|(x, y)| x * y).sum::<f64>();
        let mut x = b.to_vec();
        let ax = apply(&x);
        let mut r: Vec<f64> = b.iter().zip(&ax).map(|(p, q)| p - q).collect();
        let r0 = r.clone();
        let (mut rho, mut alpha, mut omega) = (1.0, 1.0, 1.0);
        let (mut v, mut p) = (vec![0.0; n], vec![0.0; n]);
        let target = 1e-14 * dot(b, b).sqrt().max(1e-300);
        for _ in 0..10 * n + 100 {
            if dot(&r, &r).sqrt() <= target {
                break;
            }
            let rho_new = dot(&r0, &r);
            let beta = (rho_new / rho) * (alpha / omega);
            rho = rho_new;
            for i in 0..n {
                p[i] = r[i] + beta * (p[i] - omega * v[i]);
            }
            v = apply(&p);
            alpha = rho / dot(&r0, &v);
            let s: Vec<f64> = (0..n).map(|i| r[i] - alpha * v[i]).collect();
            let t = apply(&s);
            let tt = dot(&t, &t);
            omega = if tt > 0.0 { dot(&t, &s) / tt } else { 0.0 };
            for i in 0..n {
                x[i] += alpha * p[i] + omega * s[i];
                r[i] = s[i] - omega * t[i];
            }
            if omega == 0.0 || !rho.is_finite() {
                break;
            }
        }
        x
    }

    /// Exact value of a remap policy over the transient states (Yin et al., eq. (17)), using the
    /// common remap row: `J = y₁ + x y₂` with `x = ρ·J = ρ·y₁ / (1 − ρ·y₂)`.
    fn evaluate(&self, remap: &[bool]) -> Vec<f64> {
        let n = remap.len();
        let c: Vec<f64> = (0..n).map(|i| if remap[i] { self.eta } else { self.phi[i] }).collect();
        let ind: Vec<f64> = remap.iter().map(|&r| if r { 1.0 } else { 0.0 }).collect();
        let y1 = self.solve_fixed(remap, &c);
        let y2 =
            if remap.iter().any(|&r| r) && !self.rho.is_empty() { self.solve_fixed(remap, &ind) } else { vec![0.0; n] };
        let dot = |y: &[f64]| self.rho.iter().map(|&(j, p)| p * y[j]).sum::<f64>();
        let x = dot(&y1) / (1.0 - dot(&y2));
        (0..n).map(|i| y1[i] + x * y2[i]).collect()
    }

    /// Howard policy iteration from "never remap", with sparse evaluations; keeps the current
    /// action at ties.
    ///
    /// # Errors
    /// [`MarkovError::InvalidParameter`] for `max_iters = 0`.
    pub fn policy_iteration(&self, max_iters: usize) -> Result<RemapSolution, MarkovError> {
        if max_iters == 0 {
            return Err(MarkovError::InvalidParameter { name: "max_iters", value: 0.0 });
        }
        let mut remap = vec![false; self.transient.len()];
        for it in 1..=max_iters {
            let v = self.evaluate(&remap);
            let r = self.remap_value(&v);
            let next: Vec<bool> = (0..v.len())
                .map(|i| {
                    let c = self.continue_value(i, &v);
                    let tol = TIE * (1.0 + c.abs());
                    if (r - c).abs() <= tol { remap[i] } else { r < c }
                })
                .collect();
            if next == remap || it == max_iters {
                let t = if next == remap { Termination::PolicyStable } else { Termination::MaxItersReached };
                return Ok(self.solution(&remap, &v, it, t));
            }
            remap = next;
        }
        unreachable!("the loop returns at it == max_iters")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::remap::markov::{Imbalance, Method, reflecting_chain, yin_example};

    #[test]
    fn sparse_solvers_agree_with_the_general_one() {
        for eta in [1.0, 4.0, 7.0, 13.0] {
            let general = yin_example(eta).unwrap().solve(Method::PolicyIteration).unwrap();
            let built = SparseRemap::reflecting(2, 6, eta, &RemapTarget::UniformOverAllStates).unwrap();
            let converted = SparseRemap::from_problem(&yin_example(eta).unwrap());
            for sp in [&built, &converted] {
                let pi = sp.policy_iteration(100).unwrap();
                let vi = sp.value_iteration(1e-12, 100_000).unwrap();
                assert_eq!(pi.remap, general.remap, "η = {eta}");
                assert_eq!(vi.remap, general.remap, "η = {eta}");
                for s in 0..36 {
                    assert!((pi.values[s] - general.values[s]).abs() < 1e-9);
                    assert!((vi.values[s] - general.values[s]).abs() < 1e-9);
                }
                assert!(pi.residual < 1e-9);
            }
        }
        // Three processes, five levels, remap into a balanced state.
        let chain = reflecting_chain(3, 5).unwrap();
        let p = RemapProblem::new(chain, &Imbalance::MaxNorm, 2.5, &RemapTarget::Balanced).unwrap();
        let general = p.solve(Method::PolicyIteration).unwrap();
        let sp = SparseRemap::reflecting(3, 5, 2.5, &RemapTarget::Balanced).unwrap().policy_iteration(100).unwrap();
        assert_eq!(sp.remap, general.remap);
        assert!(sp.values.iter().zip(&general.values).all(|(a, b)| (a - b).abs() < 1e-9));
        assert!(SparseRemap::reflecting(1, 6, 1.0, &RemapTarget::Balanced).is_err());
        assert!(SparseRemap::reflecting(2, 6, -1.0, &RemapTarget::Balanced).is_err());
    }
}
