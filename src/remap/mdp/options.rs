//! Options of the solvers: the algorithm, the sweep order and the linear solver of exact
//! evaluations.

/// The solution method: chosen in [`Options::algorithm`] (QuantEcon `DiscreteDP.solve`'s
/// `method`), reported in [`Solution::algorithm`](super::Solution::algorithm).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Algorithm {
    /// Howard policy iteration: evaluate exactly, improve greedily, stop when the policy repeats
    /// (Puterman, §6.4 and §8.6; Yin et al., §4).
    ///
    /// The initial policy is [`Options::init_policy`], or: for the discounted cost, the greedy
    /// policy of the one-step costs `T 0` (QuantEcon's start); for the total cost, the greedy
    /// policy after 20 Gauss–Seidel value-iteration sweeps from zero when it is proper, else the
    /// cheapest action made proper ([`Mdp::proper_policy`](super::Mdp::proper_policy)); for the
    /// average cost, the cheapest action of each state. Evaluations use [`Options::linear`].
    ///
    /// # Formula
    /// u_{k+1}(i) = argmin_a [c(i,a) + β Σ_j P(i,a,j) V^{u_k}_j]  (− g for the average cost)
    ///
    /// # Accuracy
    /// Exact up to the evaluation's linear solve (see [`Mdp::evaluate`](super::Mdp::evaluate));
    /// the returned `residual` measures it.
    PolicyIteration,
    /// Modified policy iteration (Puterman, §6.5): `u = T v` with its greedy policy `σ`, then
    /// `k` sweeps of `T_σ` on `u`; total and discounted cost only.
    ///
    /// # Formula
    /// u = T v, σ = greedy(v);  v ← (T_σ)^k u  (Jacobi sweeps if discounted, else Gauss–Seidel)
    ///
    /// # Accuracy
    /// As [`Algorithm::ValueIteration`].
    ModifiedPolicyIteration {
        /// Sweeps per round (1 to [`MAX_SWEEPS`](super::MAX_SWEEPS)).
        sweeps: usize,
    },
    /// Value iteration (Yin et al., eq. (19)), relative value iteration with the aperiodicity
    /// transform for the average cost (Puterman, §8.5.5), from [`Options::init_values`] with
    /// [`Options::sweep`] sweeps.
    ///
    /// # Formula
    /// V^{n+1}(i) = min_a [c(i,a) + β Σ_j P(i,a,j) V^n(j)]
    ///
    /// # Accuracy
    /// To the stopping rule of [`Options::tol`]: `|V − V*| ≤ tol/2` for the discounted cost
    /// (MacQueen bounds).
    ValueIteration,
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Algorithm::PolicyIteration => f.write_str("policy iteration"),
            Algorithm::ModifiedPolicyIteration { sweeps } => write!(f, "modified policy iteration (k = {sweeps})"),
            Algorithm::ValueIteration => f.write_str("value iteration"),
        }
    }
}

/// Sweep order of value iteration and of the partial evaluations of modified policy iteration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Sweep {
    /// Every state from the previous iterate (Yin et al., eq. (19); Puterman §6.3).
    Jacobi,
    /// States in index order, each using the values already updated in this sweep
    /// (Puterman §6.3.3): fewer sweeps for the same accuracy.
    GaussSeidel,
}

/// How a policy is evaluated exactly.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LinearSolver {
    /// An MDP stored densely ([`Storage::Dense`](super::Storage::Dense)): `I − β (P_u + w_u ρᵀ)`
    /// built from the rows; for more than 400 states faer's BiCGSTAB (no preconditioner, from
    /// the previous evaluation's values) to a relative residual of 1e-13 within `S/60` (8 to
    /// 200) iterations, about a tenth of the LU's work, and otherwise, or when it does not
    /// converge, one dense LU (faer), `O(S³)`. Sparse rows: dense LU for at
    /// most 400 states with a non-trivial row; otherwise
    /// faer's BiCGSTAB, right-preconditioned by a symmetric Gauss–Seidel sweep, to a relative
    /// residual of 1e-13 (at most 2,000 iterations), falling back to a sparse LU (faer) when it
    /// stalls; average-cost systems, dense LU up to 1,500 states, else sparse LU. A sparse LU's
    /// fill-in can approach `S²` entries (8·S² bytes: 4.7 GB at S = 24,310); factors that
    /// cannot be allocated are
    /// [`MdpError::FactorisationOutOfMemory`](super::MdpError::FactorisationOutOfMemory).
    Auto,
    /// Always a dense LU; for a sparse-form MDP, of at most
    /// [`MAX_DENSE_LU_STATES`](super::MAX_DENSE_LU_STATES) unknowns (more is
    /// [`MdpError::TooLarge`](super::MdpError::TooLarge), refused before allocating).
    DenseLu,
    /// Always a sparse LU (a dense-form MDP's rows are read as sparse ones).
    SparseLu,
    /// Always faer's BiCGSTAB with the symmetric Gauss–Seidel preconditioner; not reaching `tol`
    /// within `max_iters` is an error ([`MdpError::LinearSolverFailed`](super::MdpError::LinearSolverFailed)), not a fallback.
    Bicgstab {
        /// Relative residual `‖b − Ax‖ / ‖b‖` to reach.
        tol: f64,
        /// Iteration limit (1 to [`MAX_LINEAR_ITERS`](super::MAX_LINEAR_ITERS)).
        max_iters: usize,
    },
}

/// Solver options: the algorithm and the fields it reads.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Options {
    /// The solution method (default `None`: policy iteration, except value iteration with
    /// Jacobi sweeps for a discounted problem of more than 400 states stored densely).
    pub algorithm: Option<Algorithm>,
    /// Iteration limit: policy-iteration rounds, value-iteration sweeps or modified-policy-
    /// iteration rounds (default 100,000).
    pub max_iters: usize,
    /// Stopping tolerance of value and modified policy iteration (default 1e-10): total cost,
    /// `‖V^{n+1} − V^n‖_∞ ≤ tol`; discounted cost, the width of the MacQueen bounds
    /// `β/(1−β)·span(TV − V) ≤ tol`; average cost, the width of the bounds on the gain
    /// `span(TV − V)/τ ≤ tol`.
    pub tol: f64,
    /// Sweep order of value iteration and of the partial evaluations (default Gauss–Seidel).
    pub sweep: Sweep,
    /// Aperiodicity transform `P ← τP + (1 − τ)I` of relative value iteration, `τ ∈ (0, 1]`
    /// (default 0.5; 1 is no transform).
    pub aperiodicity: f64,
    /// Linear solver of exact evaluations (default [`LinearSolver::Auto`]).
    pub linear: LinearSolver,
    /// Initial policy of policy iteration (default: the cheapest action of each state, made
    /// proper for the total cost by [`Mdp::proper_policy`](super::Mdp::proper_policy)).
    pub init_policy: Option<Vec<usize>>,
    /// Initial values of value and modified policy iteration (default zeros).
    pub init_values: Option<Vec<f64>>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            algorithm: None,
            max_iters: 100_000,
            tol: 1e-10,
            sweep: Sweep::GaussSeidel,
            aperiodicity: 0.5,
            linear: LinearSolver::Auto,
            init_policy: None,
            init_values: None,
        }
    }
}

impl Options {
    /// The default options with the given algorithm.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::{Algorithm, Options};
    /// let o = Options::with_algorithm(Algorithm::ValueIteration);
    /// assert_eq!(o.algorithm, Some(Algorithm::ValueIteration));
    /// ```
    pub fn with_algorithm(algorithm: Algorithm) -> Self {
        Self { algorithm: Some(algorithm), ..Self::default() }
    }
}
