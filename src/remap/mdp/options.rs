//! Options of the solvers: the algorithm, the sweep order and the linear solver of exact
//! evaluations.

/// Which algorithm produced a [`Solution`](super::Solution).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Algorithm {
    /// Howard policy iteration.
    PolicyIteration,
    /// Modified policy iteration with `k` partial-evaluation sweeps.
    ModifiedPolicyIteration {
        /// Sweeps per round.
        sweeps: usize,
    },
    /// Value iteration (relative value iteration for the average cost).
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
    /// An MDP stored densely ([`Storage::Dense`](super::Storage::Dense)): one dense LU (faer)
    /// of `I − β (P_u + w_u ρᵀ)` built from the rows, `O(S³)`. Sparse rows: dense LU for at
    /// most 400 states with a non-trivial row; otherwise
    /// faer's BiCGSTAB, right-preconditioned by a symmetric Gauss–Seidel sweep, to a relative
    /// residual of 1e-13 (at most 2,000 iterations), falling back to a sparse LU (faer) when it
    /// stalls; average-cost systems, dense LU up to 1,500 states, else sparse LU.
    Auto,
    /// Always a dense LU.
    DenseLu,
    /// Always a sparse LU (a dense-form MDP's rows are read as sparse ones).
    SparseLu,
    /// Always faer's BiCGSTAB with the symmetric Gauss–Seidel preconditioner; not reaching `tol`
    /// within `max_iters` is an error ([`MdpError::LinearSolverFailed`](super::MdpError::LinearSolverFailed)), not a fallback.
    Bicgstab {
        /// Relative residual `‖b − Ax‖ / ‖b‖` to reach.
        tol: f64,
        /// Iteration limit.
        max_iters: usize,
    },
}

/// Solver options (all solvers read the fields they need).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Options {
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
    /// Partial-evaluation sweeps per round of modified policy iteration (default 5).
    pub sweeps: usize,
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
            max_iters: 100_000,
            tol: 1e-10,
            sweep: Sweep::GaussSeidel,
            sweeps: 5,
            aperiodicity: 0.5,
            linear: LinearSolver::Auto,
            init_policy: None,
            init_values: None,
        }
    }
}
