//! Dense linear systems: the crate's one dense solver path, faer's LU with partial pivoting
//! (the MDP solvers use faer's dense and sparse LU too). Matrices that users hand in stay
//! nalgebra types in the public API; they are copied into faer's layout here, which costs
//! `n²` moves against the `n³/3` flops of the factorisation.

use faer::Mat;
use faer::linalg::solvers::Solve;

/// Solves `A x = b` for the `n × n` matrix with entries `entry(i, j)`; `None` when `A` is
/// singular (an exact zero pivot) or the solution is not finite (numerically singular).
///
/// # Accuracy
/// Backward stable: the relative error of `x` is about `κ(A)·ε`.
pub(crate) fn solve_dense(n: usize, entry: impl Fn(usize, usize) -> f64, b: &[f64]) -> Option<Vec<f64>> {
    debug_assert_eq!(b.len(), n);
    let a = Mat::<f64>::from_fn(n, n, entry);
    let lu = a.partial_piv_lu();
    if (0..n).any(|i| lu.U()[(i, i)] == 0.0) {
        return None;
    }
    let mut x = Mat::<f64>::from_fn(n, 1, |i, _| b[i]);
    lu.solve_in_place(x.as_mut());
    let x: Vec<f64> = (0..n).map(|i| x[(i, 0)]).collect();
    x.iter().all(|v| v.is_finite()).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_pivoting_system_and_refuses_singular_ones() {
        // A zero in the top-left corner needs a row exchange: [[0, 2], [3, 1]] x = [4, 5] → x = (1, 2).
        let a = [[0.0, 2.0], [3.0, 1.0]];
        let x = solve_dense(2, |i, j| a[i][j], &[4.0, 5.0]).unwrap();
        assert!((x[0] - 1.0).abs() <= 2.0 * f64::EPSILON && (x[1] - 2.0).abs() <= 4.0 * f64::EPSILON, "{x:?}");
        // Rank one.
        assert_eq!(solve_dense(2, |i, j| (i + 1) as f64 * (j + 1) as f64, &[1.0, 2.0]), None);
        // The Hilbert matrix of order 6 (κ ≈ 1.5e7): the residual stays at rounding level.
        let n = 6;
        let h = |i: usize, j: usize| 1.0 / (i + j + 1) as f64;
        let b: Vec<f64> = (0..n).map(|i| (0..n).map(|j| h(i, j)).sum()).collect();
        let x = solve_dense(n, h, &b).unwrap();
        assert!(x.iter().all(|v| (v - 1.0).abs() < 1e-8), "{x:?}");
    }
}
