//! A validated sparse stochastic matrix in compressed rows, shared by the chain builders.

use super::error::MarkovError;
use crate::montecarlo::McRng;
use nalgebra::DMatrix;
use rand::Rng;

/// Tolerance of a row sum and of a negative probability.
const TOL: f64 = 1e-9;

/// Largest number of states of a chain (32-bit indices in the MDP).
pub(crate) const MAX_CHAIN_STATES: u64 = 1 << 28;
/// Most load values (states × processes) of a chain: 2²⁸ (2 GiB of loads; the exchangeable
/// space also keeps its level vectors, 2 bytes a value). Without it a chain of 2²⁸ states and 64
/// processes would ask for 128 GiB.
pub(crate) const MAX_CHAIN_LOADS: u64 = 1 << 28;

/// A sparse stochastic matrix in compressed rows.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Rows {
    pub n: usize,
    pub ptr: Vec<usize>,
    pub col: Vec<u32>,
    pub val: Vec<f64>,
}

impl Rows {
    /// Validates rows given as (target, probability) lists.
    pub fn new(rows: &[Vec<(usize, f64)>], what: &'static str) -> Result<Self, MarkovError> {
        let n = rows.len();
        let mut out = Rows { n, ptr: vec![0], col: Vec::new(), val: Vec::new() };
        for (i, row) in rows.iter().enumerate() {
            let mut sum = 0.0;
            for &(j, p) in row {
                if j >= n {
                    return Err(MarkovError::DimensionMismatch { what, expected: n, got: j + 1 });
                }
                if !p.is_finite() {
                    return Err(MarkovError::NonFinite { what, index: i * n + j, value: p });
                }
                if p < -TOL {
                    return Err(MarkovError::NegativeProbability { what, index: i * n + j, value: p });
                }
                sum += p;
                if p != 0.0 {
                    out.col.push(j as u32);
                    out.val.push(p);
                }
            }
            if (sum - 1.0).abs() > TOL {
                return Err(MarkovError::NotStochastic { what, row: i, sum });
            }
            out.ptr.push(out.col.len());
        }
        Ok(out)
    }

    /// The same rows checked as [`Rows::new`] checks lists (for rows read back by serde): the
    /// offsets first (from 0, increasing, ending at the entries), then every entry and row sum.
    #[cfg(feature = "serde")]
    pub fn checked(&self, what: &'static str) -> Result<Self, MarkovError> {
        let entries = self.col.len();
        if self.val.len() != entries {
            return Err(MarkovError::DimensionMismatch { what, expected: entries, got: self.val.len() });
        }
        if self.ptr.len() != self.n.saturating_add(1) {
            return Err(MarkovError::DimensionMismatch {
                what,
                expected: self.n.saturating_add(1),
                got: self.ptr.len(),
            });
        }
        if self.ptr[0] != 0 || self.ptr.windows(2).any(|w| w[1] < w[0]) || self.ptr[self.n] != entries {
            return Err(MarkovError::DimensionMismatch { what, expected: entries, got: self.ptr[self.n] });
        }
        let rows: Vec<Vec<(usize, f64)>> = (0..self.n).map(|i| self.row(i).collect()).collect();
        Self::new(&rows, what)
    }

    pub fn from_dense(p: &DMatrix<f64>, what: &'static str) -> Result<Self, MarkovError> {
        let n = p.nrows();
        if p.ncols() != n {
            return Err(MarkovError::DimensionMismatch { what, expected: n, got: p.ncols() });
        }
        let rows: Vec<Vec<(usize, f64)>> = (0..n).map(|i| (0..n).map(|j| (j, p[(i, j)])).collect()).collect();
        Self::new(&rows, what)
    }

    ///
    /// # Accuracy
    /// Exact (stored probabilities; for a product chain each entry is a product of r factors,
    /// relative error at most r·u, u = 2⁻⁵³).
    pub fn row(&self, i: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        (self.ptr[i]..self.ptr[i + 1]).map(|e| (self.col[e] as usize, self.val[e]))
    }

    pub fn sample(&self, i: usize, rng: &mut McRng) -> usize {
        let u: f64 = rng.random();
        let mut acc = 0.0;
        let (lo, hi) = (self.ptr[i], self.ptr[i + 1]);
        for e in lo..hi {
            acc += self.val[e];
            if u < acc {
                return self.col[e] as usize;
            }
        }
        self.col[hi - 1] as usize
    }
}
