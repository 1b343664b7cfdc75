//! Exact evaluation of a stationary policy.

use super::criterion::Criterion;
use super::error::MdpError;
use super::linear::{Csr, LinearStats, LinearStatus, SparseLuFailure, plain_bicgstab};
use super::model::Mdp;
use super::options::LinearSolver;
use super::rows::Storage;
use faer::linalg::solvers::SolveCore;

/// Largest number of states with a non-trivial row for which a policy is evaluated by a dense
/// LU factorisation; larger systems use the preconditioned iterative solver.
pub(crate) const DENSE_LIMIT: usize = 400;

/// BiCGSTAB tolerance (relative residual) and iteration limit of [`LinearSolver::Auto`].
const AUTO_TOL: f64 = 1e-13;
const AUTO_MAX_ITERS: usize = 2000;
/// Largest average-cost system factorised densely.
const DENSE_AVERAGE_LIMIT: usize = 1500;

/// Most unknowns of a dense LU built from sparse rows ([`LinearSolver::DenseLu`] on a
/// sparse-form MDP): 2¹⁴, a matrix of 2 GiB and about 3·10¹² floating-point operations. A dense
/// LU of more is refused with [`MdpError::TooLarge`] before its `8·n²` bytes are allocated: its
/// memory would not be bounded by the problem's, that of the sparse rows. (A dense-form MDP
/// already holds `n²` entries per action and is not limited.)
pub const MAX_DENSE_LU_STATES: u64 = 1 << 14;

/// [`Csr::dense_solve`], refused beyond [`MAX_DENSE_LU_STATES`] unknowns.
fn dense_lu(a: &Csr, rhs: &[Vec<f64>], stats: &mut LinearStats) -> Result<Vec<Vec<f64>>, MdpError> {
    if a.n as u64 > MAX_DENSE_LU_STATES {
        return Err(MdpError::TooLarge {
            what: "unknowns of a dense LU of sparse rows",
            value: a.n as u64,
            limit: MAX_DENSE_LU_STATES,
        });
    }
    stats.dense_lu += 1;
    Ok(a.dense_solve(rhs))
}

/// Warm starts for the next evaluation of a policy-iteration run (global indexing).
#[derive(Debug, Default)]
pub(crate) struct Cache {
    y1: Option<Vec<f64>>,
    y2: Option<Vec<f64>>,
}

/// Solves `A X = B` with the chosen method, updating the statistics.
fn solve_system(
    a: &Csr,
    rhs: &[Vec<f64>],
    x0: &[Option<Vec<f64>>],
    solver: LinearSolver,
    stats: &mut LinearStats,
    criterion: &'static str,
) -> Result<Vec<Vec<f64>>, MdpError> {
    let singular = MdpError::SingularSystem { criterion };
    let sparse = |stats: &mut LinearStats| {
        stats.sparse_lu += 1;
        a.sparse_solve(rhs).map_err(|e| match e {
            SparseLuFailure::Singular => singular.clone(),
            SparseLuFailure::OutOfMemory => MdpError::FactorisationOutOfMemory { criterion, states: a.n as u64 },
        })
    };
    let (tol, max_iters, fallback) = match solver {
        LinearSolver::DenseLu => return dense_lu(a, rhs, stats),
        LinearSolver::SparseLu => return sparse(stats),
        LinearSolver::Auto if a.n <= DENSE_LIMIT => return dense_lu(a, rhs, stats),
        LinearSolver::Auto => (AUTO_TOL, AUTO_MAX_ITERS, true),
        LinearSolver::Bicgstab { tol, max_iters } => (tol, max_iters, false),
    };
    let mut out = Vec::with_capacity(rhs.len());
    let mut iterative = a.iterative();
    for (k, b) in rhs.iter().enumerate() {
        let start = x0.get(k).and_then(Option::as_deref);
        let o = iterative.solve(b, start, tol, max_iters);
        stats.bicgstab_solves += 1;
        stats.bicgstab_iterations += o.iterations;
        stats.last_status = Some(o.status);
        if o.status == LinearStatus::Converged {
            stats.worst_relative_residual = stats.worst_relative_residual.max(o.relative_residual);
            out.push(o.x);
        } else if fallback {
            stats.fallbacks += 1;
            return sparse(stats);
        } else {
            return Err(MdpError::LinearSolverFailed {
                status: o.status,
                iterations: o.iterations,
                residual: o.relative_residual,
            });
        }
    }
    Ok(out)
}

fn check_finite(v: &[f64], err: MdpError) -> Result<(), MdpError> {
    if v.iter().all(|x| x.is_finite()) { Ok(()) } else { Err(err) }
}

/// Whether a policy of `mdp` is evaluated by [`dense_values`]: the dense form, unless the caller
/// asked for a sparse or iterative solver.
fn dense_evaluation(mdp: &Mdp, solver: LinearSolver) -> bool {
    mdp.storage() == Storage::Dense && matches!(solver, LinearSolver::Auto | LinearSolver::DenseLu)
}

/// `Aᵀ` for `A = I − β (P_u + w_u ρᵀ)` built from the dense rows of the chosen pairs: column `i`
/// holds equation `i` (row `i` of `A`), so every row is copied contiguously.
fn dense_transposed(mdp: &Mdp, beta: f64, pairs: &[usize]) -> faer::Mat<f64> {
    let n = mdp.states;
    let rho: Vec<(usize, f64)> = mdp.restart_entries().collect();
    let mut at = faer::Mat::<f64>::zeros(n, n);
    for (i, &k) in pairs.iter().enumerate() {
        let mut col = at.col_mut(i);
        for (j, &p) in mdp.rows.dense_row(k).unwrap_or(&[]).iter().enumerate() {
            col[j] = -beta * p;
        }
        let w = mdp.weight(k);
        if w != 0.0 {
            for &(j, p) in &rho {
                col[j] -= beta * w * p;
            }
        }
        col[i] += 1.0;
    }
    at
}

/// Solves `A x = b` from `Aᵀ` by faer's dense LU with partial pivoting.
fn solve_from_transposed(at: faer::Mat<f64>, b: &[f64]) -> Vec<f64> {
    let lu = at.partial_piv_lu();
    let mut x = faer::Mat::<f64>::from_fn(b.len(), 1, |i, _| b[i]);
    lu.solve_transpose_in_place_with_conj(faer::Conj::No, x.as_mut());
    (0..b.len()).map(|i| x[(i, 0)]).collect()
}

/// BiCGSTAB iterations tried on a dense system of `n` unknowns before its LU: two
/// matrix–vector products (`4n²` operations) each, so `n/60` of them cost about a tenth of the
/// LU's `2n³/3`.
fn dense_iterative_budget(n: usize) -> usize {
    (n / 60).clamp(8, 200)
}

/// Solves `v = c + β (P_u v + w_u ρ·v)` for the chosen pairs of a dense-form MDP, with
/// `A = I − β (P_u + w_u ρᵀ)` (the restart term folded into the matrix) built from the rows. With
/// [`LinearSolver::Auto`] and more than [`DENSE_LIMIT`] states, BiCGSTAB (no preconditioner,
/// from the previous evaluation's values) first, to a relative residual of 1e-13 within
/// [`dense_iterative_budget`] iterations: `I − βP` of a dense stochastic `P` has its spectrum
/// clustered near 1 except for a few eigenvalues, and a handful of iterations reach it. When
/// it does not converge in time, or otherwise, one dense LU.
#[allow(clippy::too_many_arguments)]
fn dense_values(
    mdp: &Mdp,
    beta: f64,
    pairs: &[usize],
    c: &[f64],
    solver: LinearSolver,
    cache: &mut Cache,
    stats: &mut LinearStats,
    criterion: &'static str,
) -> Result<Vec<f64>, MdpError> {
    let at = dense_transposed(mdp, beta, pairs);
    let n = c.len();
    if solver == LinearSolver::Auto && n > DENSE_LIMIT {
        let x0 = cache.y1.as_deref().filter(|x| x.len() == n);
        let o = plain_bicgstab(at.as_ref().transpose(), c, x0, AUTO_TOL, dense_iterative_budget(n));
        stats.bicgstab_solves += 1;
        stats.bicgstab_iterations += o.iterations;
        stats.last_status = Some(o.status);
        if o.status == LinearStatus::Converged {
            stats.worst_relative_residual = stats.worst_relative_residual.max(o.relative_residual);
            cache.y1 = Some(o.x.clone());
            return Ok(o.x);
        }
        stats.fallbacks += 1;
    }
    stats.dense_lu += 1;
    let v = solve_from_transposed(at, c);
    check_finite(&v, MdpError::SingularSystem { criterion })?;
    Ok(v)
}

/// Solves `v = c + β (P_u v + w_u ρ·v)` for the chosen pairs. A dense-form MDP is solved by
/// [`dense_values`]; otherwise states whose row has no sparse
/// entry are eliminated (`v_i = c_i + β w_i ρ·v`); the rank-one restart term is handled by the
/// Sherman–Morrison formula: with `A = I − β P_u`, `A y₁ = c`, `A y₂ = w`,
/// `v = y₁ + β x y₂`, `x = ρ·y₁ / (1 − β ρ·y₂)`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn linear_values(
    mdp: &Mdp,
    beta: f64,
    pairs: &[usize],
    c: &[f64],
    solver: LinearSolver,
    cache: &mut Cache,
    stats: &mut LinearStats,
    criterion: &'static str,
) -> Result<Vec<f64>, MdpError> {
    stats.evaluations += 1;
    if dense_evaluation(mdp, solver) {
        return dense_values(mdp, beta, pairs, c, solver, cache, stats, criterion);
    }
    let s = mdp.states;
    let mut loc = vec![u32::MAX; s];
    let mut active: Vec<usize> = Vec::new();
    for (i, &k) in pairs.iter().enumerate() {
        if mdp.entries(k).next().is_some() {
            loc[i] = active.len() as u32;
            active.push(i);
        }
    }
    let restart = mdp.rho_mass > 0.0 && pairs.iter().any(|&k| mdp.weight(k) > 0.0);
    let w: Vec<f64> = if restart { pairs.iter().map(|&k| mdp.weight(k)).collect() } else { Vec::new() };
    let n = active.len();
    let nnz: usize = active.iter().map(|&i| mdp.entries(pairs[i]).count()).sum();
    let mut a = Csr {
        n,
        ptr: Vec::with_capacity(n + 1),
        col: Vec::with_capacity(nnz),
        val: Vec::with_capacity(nnz),
        diag: vec![1.0; n],
    };
    a.ptr.push(0);
    let mut b1 = vec![0.0; n];
    let mut b2 = if restart { vec![0.0; n] } else { Vec::new() };
    for (r, &i) in active.iter().enumerate() {
        let k = pairs[i];
        b1[r] = c[i];
        if restart {
            b2[r] = w[i];
        }
        for (j, p) in mdp.entries(k) {
            if loc[j] == u32::MAX {
                b1[r] += beta * p * c[j];
                if restart {
                    b2[r] += beta * p * w[j];
                }
            } else if j == i {
                a.diag[r] -= beta * p;
            } else {
                a.col.push(loc[j]);
                a.val.push(-beta * p);
            }
        }
        a.ptr.push(a.col.len());
    }
    let local = |y: &Option<Vec<f64>>| y.as_ref().map(|y| active.iter().map(|&i| y[i]).collect::<Vec<f64>>());
    let x0 = [local(&cache.y1), local(&cache.y2)];
    let rhs = if restart { vec![b1, b2] } else { vec![b1] };
    let sol = solve_system(&a, &rhs, &x0, solver, stats, criterion)?;
    let singular = MdpError::SingularSystem { criterion };
    let mut y1 = c.to_vec();
    for (r, &i) in active.iter().enumerate() {
        y1[i] = sol[0][r];
    }
    check_finite(&y1, singular.clone())?;
    if !restart {
        cache.y1 = Some(y1.clone());
        return Ok(y1);
    }
    let mut y2 = w;
    for (r, &i) in active.iter().enumerate() {
        y2[i] = sol[1][r];
    }
    check_finite(&y2, singular.clone())?;
    let (r1, r2) = (mdp.restart_dot(&y1), mdp.restart_dot(&y2));
    let denom = 1.0 - beta * r2;
    if denom.is_nan() || denom <= 1e-14 {
        return Err(singular);
    }
    let x = r1 / denom;
    let v: Vec<f64> = y1.iter().zip(&y2).map(|(a, b)| a + beta * x * b).collect();
    check_finite(&v, singular)?;
    cache.y1 = Some(y1);
    cache.y2 = Some(y2);
    Ok(v)
}

/// Average cost: `g + h_i = c_i + Σ_j P_u(i, j) h_j`, `h_0 = 0`, solved as one system in
/// `(g, h_1, …, h_{S−1})` (column 0 of `I − P_u` replaced by ones).
pub(crate) fn average_values(
    mdp: &Mdp,
    pairs: &[usize],
    solver: LinearSolver,
    stats: &mut LinearStats,
) -> Result<(Vec<f64>, f64), MdpError> {
    stats.evaluations += 1;
    let s = mdp.states;
    if dense_evaluation(mdp, solver) {
        stats.dense_lu += 1;
        let mut at = dense_transposed(mdp, 1.0, pairs);
        // The unknown of column 0 is the gain g, with coefficient 1 in every equation.
        at.row_mut(0).fill(1.0);
        let c: Vec<f64> = pairs.iter().map(|&k| mdp.costs[k]).collect();
        let mut h = solve_from_transposed(at, &c);
        check_finite(&h, MdpError::MultichainPolicy)?;
        let g = h[0];
        h[0] = 0.0;
        return Ok((h, g));
    }
    let rho: Vec<(usize, f64)> = mdp.restart_entries().collect();
    let mut a = Csr { n: s, ptr: vec![0], col: Vec::new(), val: Vec::new(), diag: vec![1.0; s] };
    let mut dense_row = vec![0.0; s];
    let mut touched = Vec::new();
    for (i, &k) in pairs.iter().enumerate() {
        let mut add = |j: usize, p: f64| {
            if dense_row[j] == 0.0 {
                touched.push(j);
            }
            dense_row[j] += p;
        };
        for (j, p) in mdp.entries(k) {
            add(j, p);
        }
        let w = mdp.weight(k);
        if w > 0.0 {
            for &(j, p) in &rho {
                add(j, w * p);
            }
        }
        if i > 0 {
            a.col.push(0);
            a.val.push(1.0);
        }
        for &j in &touched {
            let p = dense_row[j];
            dense_row[j] = 0.0;
            if j == 0 {
                continue;
            }
            if j == i {
                a.diag[i] -= p;
            } else {
                a.col.push(j as u32);
                a.val.push(-p);
            }
        }
        touched.clear();
        a.ptr.push(a.col.len());
    }
    let c: Vec<f64> = pairs.iter().map(|&k| mdp.costs[k]).collect();
    let x = match solver {
        LinearSolver::DenseLu => dense_lu(&a, &[c], stats)?,
        LinearSolver::Auto if s <= DENSE_AVERAGE_LIMIT => dense_lu(&a, &[c], stats)?,
        _ => {
            stats.sparse_lu += 1;
            a.sparse_solve(&[c]).map_err(|e| match e {
                SparseLuFailure::Singular => MdpError::MultichainPolicy,
                SparseLuFailure::OutOfMemory => {
                    MdpError::FactorisationOutOfMemory { criterion: "average-cost", states: a.n as u64 }
                }
            })?
        }
    };
    let mut h = x.into_iter().next().unwrap_or_default();
    check_finite(&h, MdpError::MultichainPolicy)?;
    let g = h[0];
    h[0] = 0.0;
    Ok((h, g))
}

/// The exact value of one stationary policy, from [`Mdp::evaluate`].
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PolicyValues {
    /// The value of each state (the bias h, with h_0 = 0, for the average cost).
    pub values: Vec<f64>,
    /// The gain g (average cost per step) for the average cost; `None` otherwise.
    pub gain: Option<f64>,
    /// What the linear solve cost and how accurate it was.
    pub linear: LinearStats,
}

impl std::fmt::Display for PolicyValues {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "values of {} states", self.values.len())?;
        if let Some(g) = self.gain {
            write!(f, ", gain {g}")?;
        }
        write!(f, " ({})", self.linear)
    }
}

impl Mdp {
    /// Exact value of a stationary policy (Yin et al., eq. (17) for the total cost; Puterman,
    /// eqs. (6.1.9) and (8.2.12)).
    ///
    /// # Formula
    /// total: (I − P_u) J = c_u;  discounted: (I − β P_u) J = c_u;
    /// average: g + h_i = c_u(i) + Σ_j P_u(i,j) h_j, h_0 = 0
    ///
    /// Returns the values (the bias for the average cost), for the average cost the gain, and the
    /// linear solver's statistics.
    /// Uses [`LinearSolver::Auto`].
    ///
    /// # Accuracy
    /// Dense LU (at most 400 states with a non-trivial row): backward stable, relative error
    /// about `1e-16 × cond(I − βP_u)`. Larger systems: BiCGSTAB to a relative residual of 1e-13
    /// (relative error at most `1e-13 × cond`), or, when it does not converge, a dense LU (the
    /// dense form) or a sparse LU (the sparse form).
    ///
    /// # Errors
    /// [`MdpError::InvalidPolicy`], [`MdpError::InvalidDiscount`], [`MdpError::NotStochastic`]
    /// (average cost), [`MdpError::ImproperPolicy`] (total cost, a state that never absorbs),
    /// [`MdpError::SingularSystem`] (a numerically singular discounted or total-cost system),
    /// [`MdpError::MultichainPolicy`] (average cost, singular system),
    /// [`MdpError::FactorisationOutOfMemory`] when the sparse LU's factors cannot be allocated.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::{Criterion, Mdp};
    /// use nalgebra::dmatrix;
    /// let mdp = Mdp::new(vec![dmatrix![0.5]], dmatrix![1.0]).unwrap();
    /// let v = mdp.evaluate(Criterion::TotalCost, &[0]).unwrap();
    /// assert!((v.values[0] - 2.0).abs() < 1e-12 && v.gain.is_none());
    /// ```
    pub fn evaluate(&self, criterion: Criterion, policy: &[usize]) -> Result<PolicyValues, MdpError> {
        let mdp = self;
        mdp.check_criterion(criterion)?;
        mdp.check_policy(policy)?;
        let pairs = mdp.policy_pairs(policy);
        let mut linear = LinearStats::default();
        let (values, gain) =
            evaluate_pairs(mdp, criterion, &pairs, LinearSolver::Auto, &mut Cache::default(), &mut linear, true)?;
        Ok(PolicyValues { values, gain, linear })
    }
}

/// Evaluation of the chosen pairs under a checked criterion.
pub(crate) fn evaluate_pairs(
    mdp: &Mdp,
    criterion: Criterion,
    pairs: &[usize],
    solver: LinearSolver,
    cache: &mut Cache,
    stats: &mut LinearStats,
    check_proper: bool,
) -> Result<(Vec<f64>, Option<f64>), MdpError> {
    match criterion {
        Criterion::AverageCost => {
            let (h, g) = average_values(mdp, pairs, solver, stats)?;
            Ok((h, Some(g)))
        }
        Criterion::TotalCost | Criterion::Discounted { .. } => {
            if criterion == Criterion::TotalCost && check_proper {
                let policy: Vec<usize> = pairs.iter().enumerate().map(|(i, &k)| k - mdp.pair_ptr[i]).collect();
                if let Some(&state) = mdp.improper_states(&policy)?.first() {
                    return Err(MdpError::ImproperPolicy { state });
                }
            }
            let c: Vec<f64> = pairs.iter().map(|&k| mdp.costs[k]).collect();
            let v = linear_values(mdp, criterion.beta(), pairs, &c, solver, cache, stats, criterion.name())?;
            Ok((v, None))
        }
    }
}

impl Mdp {
    /// Expected number of steps until absorption under a stationary policy (Yin et al., Lemma 4.2(1),
    /// `E_i τ_u`), counting the step that leaves.
    ///
    /// # Formula
    /// (I − P_u) τ = 1
    ///
    /// # Accuracy
    /// As [`Mdp::evaluate`].
    ///
    /// # Errors
    /// [`MdpError::InvalidPolicy`]; [`MdpError::ImproperPolicy`] when the policy never absorbs
    /// from some state.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::Mdp;
    /// use nalgebra::dmatrix;
    /// let mdp = Mdp::new(vec![dmatrix![0.75]], dmatrix![1.0]).unwrap();
    /// assert!((mdp.absorption_time(&[0]).unwrap()[0] - 4.0).abs() < 1e-12);
    /// ```
    pub fn absorption_time(&self, policy: &[usize]) -> Result<Vec<f64>, MdpError> {
        let mdp = self;
        mdp.check_policy(policy)?;
        if let Some(&state) = mdp.improper_states(policy)?.first() {
            return Err(MdpError::ImproperPolicy { state });
        }
        let pairs = mdp.policy_pairs(policy);
        let ones = vec![1.0; mdp.states];
        let mut stats = LinearStats::default();
        linear_values(mdp, 1.0, &pairs, &ones, LinearSolver::Auto, &mut Cache::default(), &mut stats, "total-cost")
    }
}
