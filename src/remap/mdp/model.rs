//! An MDP in state–action-pair form: its storage and the questions it answers (sizes, rows,
//! costs, the kernels the solvers use). It is built in `builder.rs`.

use super::criterion::Criterion;
use super::error::MdpError;
use super::rows::{Entries, Rows, Storage, Transition};

/// Tolerance on row sums and on negative entries of transition rows.
pub(crate) const ROW_SUM_TOLERANCE: f64 = 1e-9;

/// Largest number of states (indices are stored in 32 bits).
pub(super) const MAX_STATES: usize = u32::MAX as usize;
/// Most entries (`pairs × states`) of the dense rows [`Mdp::with_storage`] makes from sparse
/// ones: 2²⁸, 2 GiB (more is [`MdpError::TooLarge`], unless the sparse rows already store at
/// least half as many entries).
pub const MAX_DENSE_ENTRIES: u64 = 1 << 28;

/// A finite MDP in state–action-pair form: pair `k` of state `i` (its `a`-th action, `a` from 0)
/// has a cost, a row of transition probabilities (sparse, or dense for dense problems: see
/// [`Storage`]) and a weight on the shared restart distribution `ρ`. See the
/// [module documentation](super).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawMdp"))]
pub struct Mdp {
    pub(crate) states: usize,
    /// Pairs of state `i`: `pair_ptr[i]..pair_ptr[i + 1]`.
    pub(crate) pair_ptr: Vec<usize>,
    /// Transition rows of the pairs.
    pub(crate) rows: Rows,
    pub(crate) costs: Vec<f64>,
    /// Restart weight of every pair (empty when no pair restarts).
    pub(crate) weights: Vec<f64>,
    pub(crate) restart_idx: Vec<u32>,
    pub(crate) restart_p: Vec<f64>,
    /// `Σ_j ρ_j`.
    pub(crate) rho_mass: f64,
    /// Probability that pair `k` is absorbed in one step, `1 − Σ_j P(k, j) − w(k) Σ_j ρ_j`
    /// (kept: summing a dense row is a pass over it).
    pub(crate) deficits: Vec<f64>,
}

/// The serialised form of [`Mdp`]. On the way in its shape is checked (offsets in range and
/// increasing, lengths that agree) and the problem is rebuilt by
/// [`MdpBuilder`](super::MdpBuilder), which checks every entry and recomputes the derived
/// `deficits` and `rho_mass`; the stored form is kept. A value read back unchecked made the
/// solvers index out of range.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
pub(super) struct RawMdp {
    pub(super) states: usize,
    pub(super) pair_ptr: Vec<usize>,
    pub(super) rows: Rows,
    pub(super) costs: Vec<f64>,
    pub(super) weights: Vec<f64>,
    pub(super) restart_idx: Vec<u32>,
    pub(super) restart_p: Vec<f64>,
    #[allow(dead_code)]
    pub(super) rho_mass: f64,
    #[allow(dead_code)]
    pub(super) deficits: Vec<f64>,
}

impl Mdp {
    /// How the transition rows are stored (chosen by
    /// [`MdpBuilder::build`](super::MdpBuilder::build) and [`Mdp::new`] from the density: dense
    /// from one half).
    ///
    /// # Examples
    /// A full 2 × 2 matrix is dense, a diagonal 8 × 8 one (density 1/8) sparse:
    /// ```
    /// use loadbal::remap::mdp::{Algorithm, DMatrix, Mdp, Options, Storage};
    /// let full = Mdp::new(vec![DMatrix::from_element(2, 2, 0.5)], DMatrix::zeros(2, 1)).unwrap();
    /// assert_eq!(full.storage(), Storage::Dense);
    /// let diagonal = Mdp::new(vec![DMatrix::identity(8, 8) * 0.5], DMatrix::zeros(8, 1)).unwrap();
    /// assert_eq!(diagonal.storage(), Storage::Sparse);
    /// ```
    pub fn storage(&self) -> Storage {
        self.rows.storage()
    }

    /// The same MDP with its transition rows stored in the given form: the solvers give the same
    /// policies and, up to rounding, the same values in either form; the choice only changes
    /// speed and memory (`12·nnz` bytes sparse, `8·pairs·S` dense). Entries of a sparse row
    /// that share a target are added up in the dense form; zeros of a dense row are not stored
    /// in the sparse form.
    ///
    /// # Errors
    /// [`MdpError::TooLarge`] for the dense form of more than [`MAX_DENSE_ENTRIES`] entries
    /// (`pairs × S`) that are not at most twice the stored nonzeros, before allocating them: the
    /// dense rows of a 10⁵-state sparse MDP with two actions a state would take 160 GB.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::{Algorithm, Criterion, Mdp, Options, Storage};
    /// use nalgebra::dmatrix;
    /// let mdp = Mdp::new(vec![dmatrix![0.5, 0.5; 0.0, 1.0]], dmatrix![1.0; 0.0]).unwrap();
    /// let sparse = mdp.clone().with_storage(Storage::Sparse).unwrap();
    /// assert_eq!((mdp.storage(), sparse.storage()), (Storage::Dense, Storage::Sparse));
    /// let crit = Criterion::Discounted { factor: 0.5 };
    /// let o = Options::default();
    /// let (a, b) = (mdp.solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() }).unwrap(), sparse.solve(crit, &Options { algorithm: Some(Algorithm::PolicyIteration), ..o.clone() }).unwrap());
    /// // v_1 = 0 and v_0 = 1 + v_0 / 4 = 4/3 in both forms.
    /// assert_eq!(a.policy, b.policy);
    /// assert!((a.values[0] - 4.0 / 3.0).abs() < 1e-15 && (b.values[0] - 4.0 / 3.0).abs() < 1e-15);
    /// ```
    pub fn with_storage(self, storage: Storage) -> Result<Self, MdpError> {
        let cells = (self.pairs() as u64).saturating_mul(self.states as u64);
        let nonzeros = self.rows.nonzeros() as u64;
        if storage == Storage::Dense
            && self.storage() == Storage::Sparse
            && cells > MAX_DENSE_ENTRIES
            && cells > nonzeros.saturating_mul(2)
        {
            return Err(MdpError::TooLarge {
                what: "entries of the dense rows (pairs × states)",
                value: cells,
                limit: MAX_DENSE_ENTRIES,
            });
        }
        Ok(self.converted(storage))
    }

    /// [`Mdp::with_storage`] without its size check (the builders choose the dense form only
    /// when at least half of its entries are stored nonzeros).
    pub(super) fn converted(mut self, storage: Storage) -> Self {
        if storage != self.storage() {
            self.rows = self.rows.convert(storage, self.states, self.pairs());
        }
        self
    }

    /// Number of states `S`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::Mdp;
    /// use nalgebra::dmatrix;
    /// assert_eq!(Mdp::new(vec![dmatrix![0.5, 0.5; 0.0, 1.0]], dmatrix![1.0; 0.0]).unwrap().states(), 2);
    /// ```
    pub fn states(&self) -> usize {
        self.states
    }
    /// Number of actions of state `i` (`None` for a state out of range).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::Mdp;
    /// use nalgebra::dmatrix;
    /// let mdp = Mdp::new(vec![dmatrix![0.5], dmatrix![0.0]], dmatrix![1.0, 3.0]).unwrap();
    /// assert_eq!((mdp.actions(0), mdp.actions(1)), (Some(2), None)); // state 1 is out of range
    /// ```
    pub fn actions(&self, i: usize) -> Option<usize> {
        (i < self.states).then(|| self.action_count(i))
    }

    /// Number of actions of state `i < states`.
    fn action_count(&self, i: usize) -> usize {
        self.pair_ptr[i + 1] - self.pair_ptr[i]
    }

    /// Pair index of action `a` of state `i`, `None` when either is out of range.
    fn pair(&self, i: usize, a: usize) -> Option<usize> {
        (a < self.actions(i)?).then(|| self.pair_ptr[i] + a)
    }
    /// Total number of state–action pairs.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::Mdp;
    /// use nalgebra::dmatrix;
    /// // Two states with two actions each.
    /// let mdp = Mdp::new(vec![dmatrix![1.0, 0.0; 0.0, 1.0], dmatrix![0.0, 1.0; 1.0, 0.0]], dmatrix![1.0, 2.0; 3.0, 4.0]).unwrap();
    /// assert_eq!(mdp.pairs(), 4);
    /// ```
    pub fn pairs(&self) -> usize {
        self.costs.len()
    }
    /// Number of transition entries: the stored ones in the sparse form (explicit zeros
    /// included), the nonzero ones in the dense form.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::Mdp;
    /// use nalgebra::dmatrix;
    /// assert_eq!(Mdp::new(vec![dmatrix![0.5, 0.5; 0.0, 1.0]], dmatrix![1.0; 0.0]).unwrap().nonzeros(), 3);
    /// ```
    pub fn nonzeros(&self) -> usize {
        self.rows.nonzeros()
    }
    /// Cost of action `a` in state `i` (`None` when out of range).
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::Mdp;
    /// use nalgebra::dmatrix;
    /// let mdp = Mdp::new(vec![dmatrix![0.5], dmatrix![0.0]], dmatrix![1.0, 3.0]).unwrap();
    /// assert_eq!((mdp.cost(0, 1), mdp.cost(0, 2)), (Some(3.0), None));
    /// ```
    pub fn cost(&self, i: usize, a: usize) -> Option<f64> {
        self.pair(i, a).map(|k| self.costs[k])
    }
    /// Transition row of action `a` in state `i` (without the restart term), as (target,
    /// probability): the stored entries of a sparse row, the nonzero entries of a dense row in
    /// target order; `None` when out of range.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::Mdp;
    /// use nalgebra::dmatrix;
    /// let mdp = Mdp::new(vec![dmatrix![0.5, 0.5; 0.0, 1.0]], dmatrix![1.0; 0.0]).unwrap();
    /// let row: Vec<(usize, f64)> = mdp.row(0, 0).unwrap().map(|t| (t.target, t.probability)).collect();
    /// assert_eq!(row, vec![(0, 0.5), (1, 0.5)]);
    /// assert!(mdp.row(5, 0).is_none() && mdp.row(0, 1).is_none());
    /// ```
    pub fn row(&self, i: usize, a: usize) -> Option<impl Iterator<Item = Transition> + '_> {
        let k = self.pair(i, a)?;
        Some(self.rows.entries(k).map(|(target, probability)| Transition { target, probability }))
    }
    /// Restart weight of action `a` in state `i` (0 without restart; `None` when out of range).
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::yin_example;
    /// // Yin et al., §5: action 1 (remap) restarts with weight 1, action 0 (continue) never.
    /// let p = yin_example(4.0).unwrap();
    /// assert_eq!((p.mdp().restart_weight(0, 0), p.mdp().restart_weight(0, 1)), (Some(0.0), Some(1.0)));
    /// assert_eq!(p.mdp().restart_weight(0, 2), None);
    /// ```
    pub fn restart_weight(&self, i: usize, a: usize) -> Option<f64> {
        self.pair(i, a).map(|k| self.weight(k))
    }
    /// The restart distribution `ρ` as (state, probability).
    ///
    /// # Accuracy
    /// Exact (stored values).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::yin_example;
    /// // Yin et al., §5: the uniform restart over 36 states, restricted to the 30 imbalanced ones.
    /// let p = yin_example(4.0).unwrap();
    /// let mass: f64 = p.mdp().restart().map(|t| t.probability).sum();
    /// assert!((mass - 30.0 / 36.0).abs() < 1e-15);
    /// ```
    pub fn restart(&self) -> impl Iterator<Item = Transition> + '_ {
        self.restart_entries().map(|(target, probability)| Transition { target, probability })
    }

    /// The restart distribution as (state, probability) pairs, for the solvers.
    pub(crate) fn restart_entries(&self) -> impl Iterator<Item = (usize, f64)> + '_ {
        self.restart_idx.iter().zip(&self.restart_p).map(|(&j, &p)| (j as usize, p))
    }

    /// Probability that pair `k` is absorbed in one step.
    #[inline]
    pub(crate) fn deficit(&self, k: usize) -> f64 {
        self.deficits[k]
    }

    /// Entries of pair `k` (see [`Mdp::row`]).
    #[inline]
    pub(crate) fn entries(&self, k: usize) -> Entries<'_> {
        self.rows.entries(k)
    }

    #[inline]
    pub(crate) fn weight(&self, k: usize) -> f64 {
        if self.weights.is_empty() { 0.0 } else { self.weights[k] }
    }

    /// `ρ · v`.
    #[inline]
    pub(crate) fn restart_dot(&self, v: &[f64]) -> f64 {
        self.restart_idx.iter().zip(&self.restart_p).map(|(&j, &p)| p * v[j as usize]).sum()
    }

    /// `Σ_j P(k, j) v_j` without the restart term.
    #[inline]
    pub(crate) fn row_dot(&self, k: usize, v: &[f64]) -> f64 {
        self.rows.dot(k, v)
    }

    /// `c(k) + β (Σ_j P(k, j) v_j + w(k) ρ·v)`, with `rv = ρ·v`.
    #[inline]
    pub(crate) fn q(&self, k: usize, v: &[f64], beta: f64, rv: f64) -> f64 {
        self.costs[k] + beta * (self.row_dot(k, v) + self.weight(k) * rv)
    }

    /// Pair index of the chosen action of every state.
    pub(crate) fn policy_pairs(&self, policy: &[usize]) -> Vec<usize> {
        policy.iter().enumerate().map(|(i, &a)| self.pair_ptr[i] + a).collect()
    }

    pub(crate) fn check_policy(&self, policy: &[usize]) -> Result<(), MdpError> {
        if policy.len() != self.states {
            return Err(MdpError::InvalidPolicy(format!("length {} for {} states", policy.len(), self.states)));
        }
        if let Some((i, a)) = policy.iter().enumerate().find(|&(i, &a)| a >= self.action_count(i)) {
            return Err(MdpError::InvalidPolicy(format!(
                "action {a} in state {i}, which has {} actions",
                self.action_count(i)
            )));
        }
        Ok(())
    }

    pub(crate) fn check_criterion(&self, criterion: Criterion) -> Result<(), MdpError> {
        match criterion {
            Criterion::TotalCost => Ok(()),
            Criterion::Discounted { factor } => {
                if factor > 0.0 && factor < 1.0 {
                    Ok(())
                } else {
                    Err(MdpError::InvalidDiscount(factor))
                }
            }
            Criterion::AverageCost => {
                for i in 0..self.states {
                    for a in 0..self.action_count(i) {
                        let sum = 1.0 - self.deficit(self.pair_ptr[i] + a);
                        if (sum - 1.0).abs() > ROW_SUM_TOLERANCE {
                            return Err(MdpError::NotStochastic { state: i, action: a, sum });
                        }
                    }
                }
                Ok(())
            }
        }
    }
}
