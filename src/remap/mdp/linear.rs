//! Linear systems of policy evaluation: a compressed-row matrix `A = D + L + U` assembled by the
//! evaluator, solved by faer: BiCGSTAB right-preconditioned by a symmetric Gauss–Seidel sweep
//! (faer's sparse triangular solves), dense LU or sparse LU.

use faer::dyn_stack::{MemBuffer, MemStack, StackReq};
use faer::linalg::solvers::Solve;
use faer::matrix_free::bicgstab::{BicgParams, bicgstab, bicgstab_scratch};
use faer::matrix_free::{IdentityPrecond, InitialGuessStatus, LinOp, Precond};
use faer::prelude::ReborrowMut;
use faer::sparse::linalg::triangular_solve::{
    solve_lower_triangular_transpose_in_place, solve_upper_triangular_transpose_in_place,
};
use faer::sparse::{SparseRowMat, SymbolicSparseRowMat};
use faer::{Conj, Mat, MatMut, MatRef, Par};

/// How an iterative linear solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LinearStatus {
    /// The relative residual `‖b − Ax‖ / ‖b‖` reached the tolerance.
    Converged,
    /// The iteration limit was reached first (or the method stagnated: a breakdown of
    /// BiCGSTAB leaves its iterate unchanged), or the true residual of an iterate the
    /// recurrence accepted exceeds ten times the tolerance.
    MaxItersReached,
    /// An iterate became NaN or infinite.
    NonFinite,
}

impl std::fmt::Display for LinearStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LinearStatus::Converged => "converged",
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

/// Why a sparse LU solve failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SparseLuFailure {
    /// A structurally singular matrix.
    Singular,
    /// The factors could not be allocated, or their size overflowed the indices.
    OutOfMemory,
}

impl From<faer::sparse::FaerError> for SparseLuFailure {
    fn from(_: faer::sparse::FaerError) -> Self {
        // faer's generic errors are an allocation failure and an index overflow: both mean the
        // factors do not fit
        SparseLuFailure::OutOfMemory
    }
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

/// The symmetric Gauss–Seidel preconditioner `M = (D + L) D⁻¹ (D + U)` of a [`Csr`] matrix,
/// applied by faer's sparse triangular solves: `lower` holds `D + L` and `upper` holds `D + U`
/// in compressed rows (sorted, diagonal last and first), read as the compressed columns of
/// their transposes.
#[derive(Debug)]
struct Sgs {
    lower: SparseRowMat<usize, f64>,
    upper: SparseRowMat<usize, f64>,
    diag: Vec<f64>,
}

impl LinOp<f64> for Sgs {
    fn apply_scratch(&self, _: usize, _: Par) -> StackReq {
        StackReq::EMPTY
    }
    fn nrows(&self) -> usize {
        self.diag.len()
    }
    fn ncols(&self) -> usize {
        self.diag.len()
    }
    /// `out = M⁻¹ rhs = (D + U)⁻¹ D (D + L)⁻¹ rhs`.
    fn apply(&self, mut out: MatMut<'_, f64>, rhs: MatRef<'_, f64>, par: Par, _: &mut MemStack) {
        out.copy_from(rhs);
        // (D + L) z = r is (D + L)ᵀᵀ z = r, with (D + L)ᵀ upper triangular in compressed columns.
        solve_upper_triangular_transpose_in_place(self.lower.as_ref().transpose(), Conj::No, out.rb_mut(), par);
        for j in 0..out.ncols() {
            for (i, &d) in self.diag.iter().enumerate() {
                out[(i, j)] *= d;
            }
        }
        solve_lower_triangular_transpose_in_place(self.upper.as_ref().transpose(), Conj::No, out.rb_mut(), par);
    }
    fn conj_apply(&self, out: MatMut<'_, f64>, rhs: MatRef<'_, f64>, par: Par, stack: &mut MemStack) {
        self.apply(out, rhs, par, stack);
    }
}

impl Precond<f64> for Sgs {}

/// faer's BiCGSTAB on one [`Csr`] system, right-preconditioned by its symmetric Gauss–Seidel
/// sweep; the matrices and the workspace are built once for all right-hand sides.
pub(crate) struct Iterative {
    a: SparseRowMat<usize, f64>,
    sgs: Sgs,
    mem: MemBuffer,
}

impl Iterative {
    /// Preconditioned BiCGSTAB (van der Vorst, 1992; faer's implementation) from `x0` (zero by
    /// default) until the relative residual `‖b − Ax‖ / ‖b‖` of its recurrence reaches `tol`;
    /// the true residual of the returned iterate must be within `10·tol` to count as converged.
    pub fn solve(&mut self, b: &[f64], x0: Option<&[f64]>, tol: f64, max_iters: usize) -> Outcome {
        run_bicgstab(&self.a, &self.sgs, b, x0, tol, max_iters, &mut self.mem)
    }
}

/// faer's BiCGSTAB on `a x = b`, right-preconditioned by `precond`, from `x0` (zero by default)
/// until the relative residual of its recurrence reaches `tol`; the true residual of the
/// returned iterate must be within `10·tol` to count as converged. `mem` holds at least
/// [`bicgstab_scratch`] for one right-hand side.
pub(crate) fn run_bicgstab(
    a: impl LinOp<f64>,
    precond: impl Precond<f64>,
    b: &[f64],
    x0: Option<&[f64]>,
    tol: f64,
    max_iters: usize,
    mem: &mut MemBuffer,
) -> Outcome {
    let n = b.len();
    let mut x = Mat::<f64>::from_fn(n, 1, |i, _| x0.map_or(0.0, |x| x[i]));
    let rhs = Mat::<f64>::from_fn(n, 1, |i, _| b[i]);
    let params = BicgParams {
        // faer 0.24's `Zero` leaves the first residual uninitialised: a zero start is passed
        // as a guess.
        initial_guess: InitialGuessStatus::MaybeNonZero,
        abs_tolerance: 0.0,
        rel_tolerance: tol,
        max_iters,
        ..Default::default()
    };
    let ident = IdentityPrecond { dim: n };
    let info = bicgstab(x.as_mut(), ident, &precond, &a, rhs.as_ref(), params, |_| {}, Par::Seq, MemStack::new(mem));
    let (mut status, iterations) = match info {
        Ok(info) => (LinearStatus::Converged, info.iter_count),
        Err(_) => (LinearStatus::MaxItersReached, max_iters),
    };
    let bnorm = rhs.norm_l2();
    let mut ax = Mat::<f64>::zeros(n, 1);
    let mut scratch = MemBuffer::new(a.apply_scratch(1, Par::Seq));
    a.apply(ax.as_mut(), x.as_ref(), Par::Seq, MemStack::new(&mut scratch));
    let true_rel = if bnorm == 0.0 { 0.0 } else { (&rhs - &ax).norm_l2() / bnorm };
    let x: Vec<f64> = x.col(0).iter().copied().collect();
    if !true_rel.is_finite() || x.iter().any(|v| !v.is_finite()) {
        status = LinearStatus::NonFinite;
    } else if status == LinearStatus::Converged && true_rel > 10.0 * tol {
        // The recursively updated residual drifted from the true one.
        status = LinearStatus::MaxItersReached;
    }
    Outcome { x, status, iterations, relative_residual: true_rel }
}

/// BiCGSTAB without preconditioner on `a x = b` (see [`run_bicgstab`]).
pub(crate) fn plain_bicgstab(a: impl LinOp<f64>, b: &[f64], x0: Option<&[f64]>, tol: f64, max_iters: usize) -> Outcome {
    let ident = IdentityPrecond { dim: b.len() };
    let mut mem = MemBuffer::new(bicgstab_scratch(ident, ident, &a, 1, Par::Seq));
    run_bicgstab(a, ident, b, x0, tol, max_iters, &mut mem)
}

impl Csr {
    pub fn nnz(&self) -> usize {
        self.val.len() + self.n
    }

    /// faer's BiCGSTAB for this matrix: `A`, `D + L` and `D + U` in compressed rows with sorted
    /// columns (entries of a row that share a column added up).
    pub fn iterative(&self) -> Iterative {
        let n = self.n;
        let (mut a_ptr, mut l_ptr, mut u_ptr) = (vec![0usize], vec![0usize], vec![0usize]);
        let (mut a_col, mut l_col, mut u_col) = (Vec::with_capacity(self.nnz()), Vec::new(), Vec::new());
        let (mut a_val, mut l_val, mut u_val) = (Vec::with_capacity(self.nnz()), Vec::new(), Vec::new());
        let mut row: Vec<(usize, f64)> = Vec::new();
        for i in 0..n {
            row.clear();
            row.extend((self.ptr[i]..self.ptr[i + 1]).map(|e| (self.col[e] as usize, self.val[e])));
            row.push((i, self.diag[i]));
            row.sort_unstable_by_key(|e| e.0);
            let mut merged: Vec<(usize, f64)> = Vec::with_capacity(row.len());
            for &(j, p) in &row {
                match merged.last_mut() {
                    Some(last) if last.0 == j => last.1 += p,
                    _ => merged.push((j, p)),
                }
            }
            for &(j, p) in &merged {
                a_col.push(j);
                a_val.push(p);
                if j <= i {
                    l_col.push(j);
                    l_val.push(p);
                }
                if j >= i {
                    u_col.push(j);
                    u_val.push(p);
                }
            }
            a_ptr.push(a_col.len());
            l_ptr.push(l_col.len());
            u_ptr.push(u_col.len());
        }
        let csr = |ptr, col, val| SparseRowMat::new(SymbolicSparseRowMat::new_checked(n, n, ptr, None, col), val);
        let a = csr(a_ptr, a_col, a_val);
        let sgs = Sgs { lower: csr(l_ptr, l_col, l_val), upper: csr(u_ptr, u_col, u_val), diag: self.diag.clone() };
        let ident = IdentityPrecond { dim: n };
        let mem = MemBuffer::new(bicgstab_scratch(ident, &sgs, &a, 1, Par::Seq));
        Iterative { a, sgs, mem }
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

    /// Solves `A X = B` by faer's sparse LU; an error when the factorisation fails: a singular
    /// matrix, or factors that cannot be allocated.
    ///
    /// # Accuracy
    /// That of faer's sparse LU, about cond(A)·ε relative.
    pub fn sparse_solve(&self, rhs: &[Vec<f64>]) -> Result<Vec<Vec<f64>>, SparseLuFailure> {
        let n = self.n;
        let mut triplets = Vec::with_capacity(self.nnz());
        for i in 0..n {
            triplets.push(faer::sparse::Triplet::new(i, i, self.diag[i]));
            for e in self.ptr[i]..self.ptr[i + 1] {
                triplets.push(faer::sparse::Triplet::new(i, self.col[e] as usize, self.val[e]));
            }
        }
        let a =
            faer::sparse::SparseColMat::<usize, f64>::try_new_from_triplets(n, n, &triplets).map_err(|e| match e {
                faer::sparse::CreationError::Generic(e) => SparseLuFailure::from(e),
                faer::sparse::CreationError::OutOfBounds { .. } => SparseLuFailure::Singular,
            })?;
        let lu = a.sp_lu().map_err(|e| match e {
            faer::sparse::linalg::LuError::Generic(e) => SparseLuFailure::from(e),
            faer::sparse::linalg::LuError::SymbolicSingular { .. } => SparseLuFailure::Singular,
        })?;
        let b = faer::Mat::<f64>::from_fn(n, rhs.len(), |i, k| rhs[k][i]);
        let x = lu.solve(&b);
        Ok((0..rhs.len()).map(|k| (0..n).map(|i| x[(i, k)]).collect()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::remap::mdp::MdpError;

    /// A 2 × 2 system in the solver's form: diagonal kept apart, off-diagonal entries in rows.
    fn csr(diag: [f64; 2], off: [f64; 2]) -> Csr {
        Csr { n: 2, ptr: vec![0, 1, 2], col: vec![1, 0], val: off.to_vec(), diag: diag.to_vec() }
    }

    #[test]
    fn sparse_solve_tells_a_singular_matrix_from_factors_that_do_not_fit() {
        // [[2, 1], [1, 2]] x = [3, 3]: x = [1, 1]
        let x = csr([2.0, 2.0], [1.0, 1.0]).sparse_solve(&[vec![3.0, 3.0]]).unwrap();
        assert!((x[0][0] - 1.0).abs() < 1e-15 && (x[0][1] - 1.0).abs() < 1e-15);
        // the diagonal is always stored, so a singular matrix is singular in its values, not
        // its structure: the solve gives non-finite values, which the evaluator turns into
        // MdpError::SingularSystem (check_finite), not an allocation failure
        let singular = Csr { n: 2, ptr: vec![0, 0, 1], col: vec![0], val: vec![1.0], diag: vec![1.0, 0.0] };
        let x = singular.sparse_solve(&[vec![1.0, 1.0]]).unwrap();
        assert!(x[0].iter().any(|v| !v.is_finite()), "{x:?}");
        // faer's allocation failure and index overflow are both "the factors do not fit"
        for e in [faer::sparse::FaerError::OutOfMemory, faer::sparse::FaerError::IndexOverflow] {
            assert_eq!(SparseLuFailure::from(e), SparseLuFailure::OutOfMemory);
        }
        let msg = MdpError::FactorisationOutOfMemory { criterion: "discounted", states: 24_310 }.to_string();
        assert!(msg.contains("24310 states") && msg.contains("out of memory"), "{msg}");
    }
}
