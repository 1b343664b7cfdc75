//! The exchangeable state space of `r` identical independent processes: sorted level vectors,
//! ranked by the combinatorial number system (colex rank of `y_i = x_i + i`).

use super::error::MarkovError;
use super::rows::{MAX_CHAIN_LOADS, MAX_CHAIN_STATES, Rows};
use crate::montecarlo::McRng;

#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Exchangeable {
    q: Rows,
    r: usize,
    /// `binom[n * (r + 1) + k] = C(n, k)` for `n < L + r`, `k ≤ r` (saturating).
    binom: Vec<u64>,
    /// Sorted level indices of every state, `r` per state.
    levels: Vec<u16>,
}

/// How a chain with too many load values is named in its error.
pub(crate) const LOADS_NAME: &str = "load values (states × processes, at most 2^28)";

impl Exchangeable {
    pub fn new(q: Rows, r: usize) -> Result<Self, MarkovError> {
        let l = q.n;
        if r == 0 || r > 64 {
            return Err(MarkovError::InvalidParameter { name: "processes", value: r as f64 });
        }
        if !(2..=u16::MAX as usize).contains(&l) {
            return Err(MarkovError::InvalidParameter { name: "levels", value: l as f64 });
        }
        let rows = l + r;
        let mut binom = vec![0u64; rows * (r + 1)];
        for n in 0..rows {
            binom[n * (r + 1)] = 1;
            for k in 1..=r.min(n) {
                let above = binom[(n - 1) * (r + 1) + k - 1].saturating_add(binom[(n - 1) * (r + 1) + k]);
                binom[n * (r + 1) + k] = above;
            }
        }
        let states = binom[(l + r - 1) * (r + 1) + r];
        if states > MAX_CHAIN_STATES {
            return Err(MarkovError::InvalidParameter { name: "exchangeable states", value: states as f64 });
        }
        let values = states.saturating_mul(r as u64);
        if values > MAX_CHAIN_LOADS {
            return Err(MarkovError::InvalidParameter { name: LOADS_NAME, value: values as f64 });
        }
        let states = states as usize;
        let mut levels = vec![0u16; states * r];
        let mut x = vec![0u16; r];
        let mut me = Self { q, r, binom, levels: Vec::new() };
        loop {
            let s = me.rank(&x);
            levels[s * r..(s + 1) * r].copy_from_slice(&x);
            // Next nondecreasing vector.
            let Some(i) = (0..r).rev().find(|&i| (x[i] as usize) < l - 1) else { break };
            let v = x[i] + 1;
            x[i..].fill(v);
        }
        me.levels = levels;
        Ok(me)
    }

    /// The same space rebuilt from its kernel and process count (for a value read back by
    /// serde: the stored ranks and levels are derived data).
    #[cfg(feature = "serde")]
    pub fn rebuilt(&self) -> Result<Self, MarkovError> {
        Self::new(self.q.checked("exchangeable kernel")?, self.r)
    }

    #[inline]
    fn c(&self, n: usize, k: usize) -> u64 {
        self.binom[n * (self.r + 1) + k]
    }

    /// Colex rank of a sorted vector of any length `k ≤ r`.
    #[inline]
    fn rank(&self, x: &[u16]) -> usize {
        x.iter().enumerate().map(|(i, &v)| self.c(v as usize + i, i + 1) as usize).sum()
    }

    pub fn states(&self) -> usize {
        self.levels.len() / self.r
    }

    pub fn levels(&self, s: usize) -> &[u16] {
        &self.levels[s * self.r..(s + 1) * self.r]
    }

    /// `r! / Π_l n_l!`.
    ///
    /// # Accuracy
    /// Exact while the multinomial is below 2⁵³: every partial product is itself a multinomial
    /// coefficient, an integer.
    pub fn multiplicity(&self, s: usize) -> f64 {
        let x = self.levels(s);
        let mut m = 1.0;
        let mut run = 1usize;
        for i in 1..=x.len() {
            m *= i as f64;
            if i < x.len() && x[i] == x[i - 1] {
                run += 1;
                m /= run as f64;
            } else {
                run = 1;
            }
        }
        m
    }

    /// Successors of `s`: processes are placed one at a time (in sorted order of their current
    /// level), keeping the sorted vector of the new levels placed so far; equal partial vectors
    /// are merged after each process, so processes at the same level cost compositions, not
    /// `3^r` paths.
    pub fn for_each_successor(&self, s: usize, mut f: impl FnMut(usize, f64)) {
        let x = self.levels(s);
        // Stage k: `vecs` holds entries of k sorted levels each, `probs` their probabilities.
        let mut vecs: Vec<u16> = Vec::new();
        let mut probs: Vec<f64> = vec![1.0];
        let mut next: Vec<(usize, f64, usize)> = Vec::new();
        let mut arena: Vec<u16> = Vec::new();
        let mut ranks: Vec<usize> = Vec::new();
        for (k, &from) in x.iter().enumerate() {
            next.clear();
            arena.clear();
            for (e, &p) in probs.iter().enumerate() {
                let part = &vecs[e * k..(e + 1) * k];
                for (t, pt) in self.q.row(from as usize) {
                    let t = t as u16;
                    let start = arena.len();
                    let pos = part.partition_point(|&v| v <= t);
                    arena.extend_from_slice(&part[..pos]);
                    arena.push(t);
                    arena.extend_from_slice(&part[pos..]);
                    let rank = self.rank(&arena[start..]);
                    next.push((rank, p * pt, start));
                }
            }
            next.sort_unstable_by_key(|e| e.0);
            vecs.clear();
            probs.clear();
            ranks.clear();
            for &(rank, p, start) in &next {
                if ranks.last() == Some(&rank) {
                    if let Some(q) = probs.last_mut() {
                        *q += p;
                    }
                } else {
                    ranks.push(rank);
                    vecs.extend_from_slice(&arena[start..start + k + 1]);
                    probs.push(p);
                }
            }
        }
        for (&rank, &p) in ranks.iter().zip(&probs) {
            f(rank, p);
        }
    }

    pub fn row_len(&self, s: usize) -> usize {
        let mut n = 0;
        self.for_each_successor(s, |_, _| n += 1);
        n
    }

    pub fn sample(&self, s: usize, rng: &mut McRng) -> usize {
        let mut y: Vec<u16> = self.levels(s).iter().map(|&l| self.q.sample(l as usize, rng) as u16).collect();
        y.sort_unstable();
        self.rank(&y)
    }
}

#[cfg(test)]
mod tests {
    use crate::remap::markov::WorkloadChain;

    /// The sorted image of the product chain: lumping the product rows by sorted load vector
    /// gives the exchangeable rows.
    #[test]
    fn exchangeable_rows_are_the_lumped_product_rows() {
        for (r, l) in [(2, 6), (3, 5), (4, 4)] {
            let prod = WorkloadChain::reflecting(l, r).unwrap();
            let ex = WorkloadChain::reflecting_exchangeable(l, r).unwrap();
            let key = |v: &[f64]| {
                let mut k: Vec<i64> = v.iter().map(|&x| x as i64).collect();
                k.sort_unstable();
                k
            };
            let index: std::collections::BTreeMap<Vec<i64>, usize> =
                (0..ex.states()).map(|s| (key(ex.state_load(s)), s)).collect();
            assert_eq!(index.len(), ex.states());
            let mut mult = vec![0.0; ex.states()];
            for s in 0..prod.states() {
                let e = index[&key(prod.state_load(s))];
                mult[e] += 1.0;
                let mut lumped = vec![0.0; ex.states()];
                prod.for_each_successor(s, |j, p| lumped[index[&key(prod.state_load(j))]] += p);
                let mut direct = vec![0.0; ex.states()];
                ex.for_each_successor(e, |j, p| direct[j] += p);
                for j in 0..ex.states() {
                    assert!((lumped[j] - direct[j]).abs() < 1e-14, "r = {r}, L = {l}, {s} → {j}");
                }
            }
            for (s, m) in mult.iter().enumerate() {
                assert_eq!(*m, ex.state_multiplicity(s));
            }
            let _: &WorkloadChain = &ex;
        }
    }
}
