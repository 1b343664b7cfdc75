//! Sparse linear systems of policy evaluation: a compressed-row matrix `A = D + L + U`, BiCGSTAB
//! right-preconditioned by a symmetric Gauss–Seidel sweep, and faer's dense and sparse LU.

use faer::linalg::solvers::Solve;

/// How an iterative linear solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LinearStatus {
    /// The relative residual `‖b − Ax‖ / ‖b‖` reached the tolerance.
    Converged,
    /// A BiCGSTAB scalar (`r̂·r`, `r̂·v` or `ω`) vanished: the method broke down.
    Breakdown,
    /// The iteration limit was reached first.
    MaxItersReached,
    /// An iterate became NaN or infinite.
    NonFinite,
}

impl std::fmt::Display for LinearStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LinearStatus::Converged => "converged",
            LinearStatus::Breakdown => "breakdown",
            LinearStatus::MaxItersReached => "iteration limit reached",
            LinearStatus::NonFinite => "non-finite iterate",
        })
    }
}

impl std::fmt::Display for LinearStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} policy evaluations: {} dense LU, {} sparse LU, {} BiCGSTAB solves ({} iterations, {} fallbacks), worst relative residual {:.1e}",
            self.evaluations,
            self.dense_lu,
            self.sparse_lu,
            self.bicgstab_solves,
            self.bicgstab_iterations,
            self.fallbacks,
            self.worst_relative_residual
        )
    }
}

/// What the policy evaluations of one solver run cost.
///
/// Displayed as:
/// ```
/// use loadbal::remap::mdp::LinearStats;
/// let s = LinearStats { evaluations: 3, dense_lu: 3, ..LinearStats::default() };
/// assert_eq!(
///     s.to_string(),
///     "3 policy evaluations: 3 dense LU, 0 sparse LU, 0 BiCGSTAB solves (0 iterations, 0 fallbacks), worst relative residual 0.0e0"
/// );
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LinearStats {
    /// Exact policy evaluations.
    pub evaluations: usize,
    /// Dense LU factorisations.
    pub dense_lu: usize,
    /// Sparse LU factorisations (requested, or as a fallback).
    pub sparse_lu: usize,
    /// BiCGSTAB solves and their total iterations.
    pub bicgstab_solves: usize,
    /// Total BiCGSTAB iterations.
    pub bicgstab_iterations: usize,
    /// BiCGSTAB solves that did not converge and fell back to a sparse LU.
    pub fallbacks: usize,
    /// Status of the last BiCGSTAB solve, if any.
    pub last_status: Option<LinearStatus>,
    /// Largest relative residual `‖b − Ax‖ / ‖b‖` of an accepted iterative solve.
    pub worst_relative_residual: f64,
}

/// A square sparse matrix in compressed rows with its diagonal kept apart.
#[derive(Debug, Clone)]
pub(crate) struct Csr {
    pub n: usize,
    pub ptr: Vec<usize>,
    pub col: Vec<u32>,
    pub val: Vec<f64>,
    pub diag: Vec<f64>,
}

/// Outcome of one BiCGSTAB solve.
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    pub x: Vec<f64>,
    pub status: LinearStatus,
    pub iterations: usize,
    pub relative_residual: f64,
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn norm(a: &[f64]) -> f64 {
    dot(a, a).sqrt()
}

impl Csr {
    pub fn nnz(&self) -> usize {
        self.val.len() + self.n
    }

    /// `y = A x`.
    pub fn mul(&self, x: &[f64], y: &mut [f64]) {
        for i in 0..self.n {
            let mut acc = self.diag[i] * x[i];
            for e in self.ptr[i]..self.ptr[i + 1] {
                acc += self.val[e] * x[self.col[e] as usize];
            }
            y[i] = acc;
        }
    }

    /// `z = M⁻¹ r` for the symmetric Gauss–Seidel preconditioner `M = (D + L) D⁻¹ (D + U)`.
    pub fn sgs(&self, r: &[f64], z: &mut [f64]) {
        for i in 0..self.n {
            let mut acc = r[i];
            for e in self.ptr[i]..self.ptr[i + 1] {
                let j = self.col[e] as usize;
                if j < i {
                    acc -= self.val[e] * z[j];
                }
            }
            z[i] = acc / self.diag[i];
        }
        for i in (0..self.n).rev() {
            let mut acc = 0.0;
            for e in self.ptr[i]..self.ptr[i + 1] {
                let j = self.col[e] as usize;
                if j > i {
                    acc += self.val[e] * z[j];
                }
            }
            z[i] -= acc / self.diag[i];
        }
    }

    /// Preconditioned BiCGSTAB (van der Vorst, 1992) from `x0` to relative residual `tol`.
    pub fn bicgstab(&self, b: &[f64], x0: Option<&[f64]>, tol: f64, max_iters: usize) -> Outcome {
        let n = self.n;
        let bnorm = norm(b);
        let mut x = x0.map_or_else(|| vec![0.0; n], <[f64]>::to_vec);
        if bnorm == 0.0 {
            return Outcome { x: vec![0.0; n], status: LinearStatus::Converged, iterations: 0, relative_residual: 0.0 };
        }
        let mut r = vec![0.0; n];
        self.mul(&x, &mut r);
        for i in 0..n {
            r[i] = b[i] - r[i];
        }
        let r0 = r.clone();
        let (mut rho, mut alpha, mut omega) = (1.0f64, 1.0f64, 1.0f64);
        let (mut v, mut p) = (vec![0.0; n], vec![0.0; n]);
        let (mut ph, mut sh, mut s, mut t) = (vec![0.0; n], vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        let mut status = LinearStatus::MaxItersReached;
        let mut iterations = 0;
        let mut rel = norm(&r) / bnorm;
        if rel <= tol {
            status = LinearStatus::Converged;
        }
        while status == LinearStatus::MaxItersReached && iterations < max_iters {
            iterations += 1;
            let rho_new = dot(&r0, &r);
            if rho_new == 0.0 || omega == 0.0 {
                status = LinearStatus::Breakdown;
                break;
            }
            let beta = (rho_new / rho) * (alpha / omega);
            rho = rho_new;
            for i in 0..n {
                p[i] = r[i] + beta * (p[i] - omega * v[i]);
            }
            self.sgs(&p, &mut ph);
            self.mul(&ph, &mut v);
            let rv = dot(&r0, &v);
            if rv == 0.0 {
                status = LinearStatus::Breakdown;
                break;
            }
            alpha = rho / rv;
            for i in 0..n {
                s[i] = r[i] - alpha * v[i];
            }
            if norm(&s) / bnorm <= tol {
                for i in 0..n {
                    x[i] += alpha * ph[i];
                }
                status = LinearStatus::Converged;
                break;
            }
            self.sgs(&s, &mut sh);
            self.mul(&sh, &mut t);
            let tt = dot(&t, &t);
            omega = if tt > 0.0 { dot(&t, &s) / tt } else { 0.0 };
            for i in 0..n {
                x[i] += alpha * ph[i] + omega * sh[i];
                r[i] = s[i] - omega * t[i];
            }
            rel = norm(&r) / bnorm;
            if !rel.is_finite() {
                status = LinearStatus::NonFinite;
                break;
            }
            if rel <= tol {
                status = LinearStatus::Converged;
            } else if omega == 0.0 {
                status = LinearStatus::Breakdown;
            }
        }
        // The true residual of the returned iterate.
        self.mul(&x, &mut t);
        let true_rel = t.iter().zip(b).map(|(ax, bi)| (bi - ax) * (bi - ax)).sum::<f64>().sqrt() / bnorm;
        if !true_rel.is_finite() || x.iter().any(|v| !v.is_finite()) {
            status = LinearStatus::NonFinite;
        } else if status == LinearStatus::Converged && true_rel > 10.0 * tol {
            // The recursively updated residual drifted from the true one.
            status = LinearStatus::MaxItersReached;
        }
        Outcome { x, status, iterations, relative_residual: true_rel }
    }

    /// Solves `A X = B` (columns of `rhs`) by faer's dense LU with partial pivoting.
    ///
    /// # Accuracy
    /// Backward stable: relative error about cond(A)·ε.
    pub fn dense_solve(&self, rhs: &[Vec<f64>]) -> Vec<Vec<f64>> {
        let n = self.n;
        let mut a = faer::Mat::<f64>::zeros(n, n);
        for i in 0..n {
            a[(i, i)] += self.diag[i];
            for e in self.ptr[i]..self.ptr[i + 1] {
                a[(i, self.col[e] as usize)] += self.val[e];
            }
        }
        let b = faer::Mat::<f64>::from_fn(n, rhs.len(), |i, k| rhs[k][i]);
        let lu = a.partial_piv_lu();
        let x = lu.solve(&b);
        (0..rhs.len()).map(|k| (0..n).map(|i| x[(i, k)]).collect()).collect()
    }

    /// Solves `A X = B` by faer's sparse LU; `None` when the factorisation fails (a singular
    /// matrix).
    ///
    /// # Accuracy
    /// That of faer's sparse LU, about cond(A)·ε relative.
    pub fn sparse_solve(&self, rhs: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
        let n = self.n;
        let mut triplets = Vec::with_capacity(self.nnz());
        for i in 0..n {
            triplets.push(faer::sparse::Triplet::new(i, i, self.diag[i]));
            for e in self.ptr[i]..self.ptr[i + 1] {
                triplets.push(faer::sparse::Triplet::new(i, self.col[e] as usize, self.val[e]));
            }
        }
        let a = faer::sparse::SparseColMat::<usize, f64>::try_new_from_triplets(n, n, &triplets).ok()?;
        let lu = a.sp_lu().ok()?;
        let b = faer::Mat::<f64>::from_fn(n, rhs.len(), |i, k| rhs[k][i]);
        let x = lu.solve(&b);
        Some((0..rhs.len()).map(|k| (0..n).map(|i| x[(i, k)]).collect()).collect())
    }
}
