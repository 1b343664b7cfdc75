//! The transition rows of an MDP, sparse or dense, and the products the solvers take of them.

use faer::linalg::matmul::dot::inner_prod;
use faer::{ColRef, Conj, RowRef};

/// Density (nonzero transition entries over `pairs × S`) from which [`MdpBuilder::build`](super::MdpBuilder::build) and
/// [`Mdp::new`](super::Mdp::new) store the rows densely ([`Storage::Dense`]).
///
/// Why one half: a sparse entry costs 12 bytes and a gather, a dense one 8 bytes read in
/// order by SIMD dot products, so memory alone breaks even at 2/3; the sparse form's exact
/// evaluations are iterative (BiCGSTAB on the nonzeros) where the dense form pays an `O(S³)`
/// LU. benches/mdp.rs (`storage by density`, 1,000 states × 5 actions, one thread,
/// 2026-11-27, load average 6–7) measured the crossover at 0.5–0.6 for both: a Bellman update
/// took 2.30 ms sparse and 2.15 ms dense at density 0.5 (0.93 and 2.31 ms at 0.2, 5.38 and
/// 3.10 ms at 1), policy iteration 87 and 89 ms at 0.5 (32 and 86 ms at 0.2, 94 and 47 ms at
/// 0.8). At this density the dense form takes at most 4/3 of the sparse form's memory.
pub(crate) const DENSE_DENSITY: f64 = 0.5;

/// One entry of a transition row: the target state and the probability of moving there.
///
/// Displayed as:
/// ```
/// use loadbal::remap::mdp::Transition;
/// assert_eq!(Transition { target: 3, probability: 0.25 }.to_string(), "→ 3 with probability 0.25");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Transition {
    /// The state moved to.
    pub target: usize,
    /// Its probability.
    pub probability: f64,
}

impl std::fmt::Display for Transition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "→ {} with probability {}", self.target, self.probability)
    }
}

/// How the transition rows of an [`Mdp`](super::Mdp) are stored. [`MdpBuilder::build`] and
/// [`Mdp::new`] choose by density (dense from one half of the entries nonzero);
/// [`Mdp::with_storage`] converts.
///
/// [`MdpBuilder::build`]: super::MdpBuilder::build
/// [`Mdp::new`]: super::Mdp::new
/// [`Mdp::with_storage`]: super::Mdp::with_storage
///
/// Displayed as:
/// ```
/// use loadbal::remap::mdp::Storage;
/// assert_eq!(Storage::Dense.to_string(), "dense rows");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Storage {
    /// Compressed sparse rows (QuantEcon's state–action-pair form): a 32-bit target and a
    /// probability per stored entry, 12 bytes.
    Sparse,
    /// One contiguous row of `S` probabilities per state–action pair, 8 bytes per state, zeros
    /// included: Bellman updates are dense matrix–vector products and a policy is evaluated by
    /// a dense LU.
    Dense,
}

impl std::fmt::Display for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Storage::Sparse => "sparse rows",
            Storage::Dense => "dense rows",
        })
    }
}

/// The transition rows of the pairs, in pair order.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Rows {
    /// Entries of pair `k`: `ptr[k]..ptr[k + 1]` of `cols` and `vals`.
    Sparse { ptr: Vec<usize>, cols: Vec<u32>, vals: Vec<f64> },
    /// Row-major `pairs × states` matrix; `nonzeros` counts its nonzero entries.
    Dense { states: usize, vals: Vec<f64>, nonzeros: usize },
}

/// The (target, probability) entries of one row: the stored ones of a sparse row, the nonzero
/// ones of a dense row.
pub(crate) enum Entries<'a> {
    Sparse(std::iter::Zip<std::slice::Iter<'a, u32>, std::slice::Iter<'a, f64>>),
    Dense(std::iter::Enumerate<std::slice::Iter<'a, f64>>),
}

impl Iterator for Entries<'_> {
    type Item = (usize, f64);

    #[inline]
    fn next(&mut self) -> Option<(usize, f64)> {
        match self {
            Entries::Sparse(it) => it.next().map(|(&j, &p)| (j as usize, p)),
            Entries::Dense(it) => it.find(|(_, p)| **p != 0.0).map(|(j, &p)| (j, p)),
        }
    }
}

/// `Σ_j row_j v_j` with faer's SIMD kernel.
#[inline]
pub(crate) fn dense_dot(row: &[f64], v: &[f64]) -> f64 {
    inner_prod(RowRef::from_slice(row), Conj::No, ColRef::from_slice(v), Conj::No)
}

impl Rows {
    /// Entries of pair `k`.
    #[inline]
    pub fn entries(&self, k: usize) -> Entries<'_> {
        match self {
            Rows::Sparse { ptr, cols, vals } => {
                let (lo, hi) = (ptr[k], ptr[k + 1]);
                Entries::Sparse(cols[lo..hi].iter().zip(&vals[lo..hi]))
            }
            Rows::Dense { .. } => Entries::Dense(self.dense_row(k).unwrap_or(&[]).iter().enumerate()),
        }
    }

    /// The dense row of pair `k` (`None` in the sparse form).
    #[inline]
    pub fn dense_row(&self, k: usize) -> Option<&[f64]> {
        match self {
            Rows::Dense { states, vals, .. } => Some(&vals[k * states..(k + 1) * states]),
            Rows::Sparse { .. } => None,
        }
    }

    pub fn storage(&self) -> Storage {
        match self {
            Rows::Sparse { .. } => Storage::Sparse,
            Rows::Dense { .. } => Storage::Dense,
        }
    }

    /// Nonzero entries (stored entries of the sparse form, explicit zeros included).
    pub fn nonzeros(&self) -> usize {
        match self {
            Rows::Sparse { vals, .. } => vals.len(),
            Rows::Dense { nonzeros, .. } => *nonzeros,
        }
    }

    /// `Σ_j P(k, j) v_j`.
    #[inline]
    pub fn dot(&self, k: usize, v: &[f64]) -> f64 {
        match self {
            Rows::Sparse { ptr, cols, vals } => {
                let (lo, hi) = (ptr[k], ptr[k + 1]);
                let (cols, vals) = (&cols[lo..hi], &vals[lo..hi]);
                // Four independent sums: one would wait on the latency of every addition.
                let mut acc = [0.0f64; 4];
                let (head, tail) = (cols.chunks_exact(4), vals.chunks_exact(4));
                let (rest_c, rest_v) = (head.remainder(), tail.remainder());
                for (c, p) in head.zip(tail) {
                    for l in 0..4 {
                        acc[l] += p[l] * v[c[l] as usize];
                    }
                }
                for (l, (&j, &p)) in rest_c.iter().zip(rest_v).enumerate() {
                    acc[l] += p * v[j as usize];
                }
                (acc[0] + acc[1]) + (acc[2] + acc[3])
            }
            Rows::Dense { states, vals, .. } => dense_dot(&vals[k * states..(k + 1) * states], v),
        }
    }

    /// The same rows in the other form (entries of a sparse row added up by target).
    pub fn convert(&self, storage: Storage, states: usize, pairs: usize) -> Rows {
        match (self, storage) {
            (Rows::Sparse { ptr, cols, vals }, Storage::Dense) => {
                let mut dense = vec![0.0; pairs * states];
                for k in 0..pairs {
                    let row = &mut dense[k * states..(k + 1) * states];
                    for e in ptr[k]..ptr[k + 1] {
                        row[cols[e] as usize] += vals[e];
                    }
                }
                let nonzeros = dense.iter().filter(|&&p| p != 0.0).count();
                Rows::Dense { states, vals: dense, nonzeros }
            }
            (Rows::Dense { nonzeros, .. }, Storage::Sparse) => {
                let mut ptr = Vec::with_capacity(pairs + 1);
                ptr.push(0);
                let (mut cols, mut vals) = (Vec::with_capacity(*nonzeros), Vec::with_capacity(*nonzeros));
                for k in 0..pairs {
                    for (j, p) in self.entries(k) {
                        cols.push(j as u32);
                        vals.push(p);
                    }
                    ptr.push(cols.len());
                }
                Rows::Sparse { ptr, cols, vals }
            }
            _ => self.clone(),
        }
    }
}
