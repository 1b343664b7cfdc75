//! Workload chains: load vectors and a sparse stochastic transition law, given explicitly, as a
//! product of independent processes (Kronecker product, never formed), or on the exchangeable
//! state space of identical processes.

use super::error::MarkovError;
use super::exchange::{Exchangeable, LOADS_NAME};
use super::rows::{MAX_CHAIN_LOADS, MAX_CHAIN_STATES, Rows};
use crate::montecarlo::McRng;
use crate::remap::mdp::Transition;
use nalgebra::DMatrix;

#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Kind {
    Explicit(Rows),
    /// Independent factors, the first factor's index varying slowest.
    Product(Vec<Rows>),
    Exchangeable(Exchangeable),
}

/// A finite Markov chain of workload vectors (Yin et al., §2): state `s` holds the loads
/// [`WorkloadChain::load`]`(s)` of the processes and moves with a stochastic row.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawWorkloadChain"))]
pub struct WorkloadChain {
    processes: usize,
    loads: Vec<f64>,
    kind: Kind,
}

/// The serialised form of [`WorkloadChain`], checked on the way in: the loads (finite, a whole
/// number of states), the rows as [`WorkloadChain::from_rows`] checks them, the factors' state
/// counts against the loads; an exchangeable space is rebuilt from its kernel. A value read back
/// unchecked made the builders and simulations index out of range.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawWorkloadChain {
    processes: usize,
    loads: Vec<f64>,
    kind: Kind,
}

#[cfg(feature = "serde")]
impl TryFrom<RawWorkloadChain> for WorkloadChain {
    type Error = MarkovError;

    fn try_from(raw: RawWorkloadChain) -> Result<Self, MarkovError> {
        let RawWorkloadChain { processes, loads, kind } = raw;
        if processes == 0 || loads.is_empty() || loads.len() % processes != 0 {
            return Err(MarkovError::DimensionMismatch {
                what: "loads (a whole number of load vectors)",
                expected: processes.max(1),
                got: loads.len(),
            });
        }
        if let Some((index, &value)) = loads.iter().enumerate().find(|(_, x)| !x.is_finite()) {
            return Err(MarkovError::NonFinite { what: "loads", index, value });
        }
        let states = loads.len() / processes;
        let kind = match kind {
            Kind::Explicit(rows) => Kind::Explicit(rows.checked("transition matrix")?),
            Kind::Product(factors) => {
                if factors.is_empty() || factors.len() > 64 {
                    return Err(MarkovError::InvalidParameter { name: "factors", value: factors.len() as f64 });
                }
                let factors = factors.iter().map(|f| f.checked("factor")).collect::<Result<Vec<_>, _>>()?;
                let product = factors.iter().try_fold(1usize, |acc, f| acc.checked_mul(f.n));
                if product != Some(states) {
                    return Err(MarkovError::DimensionMismatch {
                        what: "product of the factors' states",
                        expected: states,
                        got: product.unwrap_or(usize::MAX),
                    });
                }
                Kind::Product(factors)
            }
            Kind::Exchangeable(ex) => Kind::Exchangeable(ex.rebuilt()?),
        };
        let chain = WorkloadChain { processes, loads, kind };
        let expected = match &chain.kind {
            Kind::Explicit(rows) => rows.n,
            Kind::Product(_) => states,
            Kind::Exchangeable(ex) => ex.states(),
        };
        if expected != states {
            return Err(MarkovError::DimensionMismatch {
                what: "states of the transition rows",
                expected: states,
                got: expected,
            });
        }
        Ok(chain)
    }
}

fn check_loads(loads: &[Vec<f64>]) -> Result<(usize, Vec<f64>), MarkovError> {
    let r = loads.first().map_or(0, Vec::len);
    if loads.is_empty() || r == 0 {
        return Err(MarkovError::DimensionMismatch { what: "state list / load vector", expected: 1, got: 0 });
    }
    if let Some(bad) = loads.iter().find(|l| l.len() != r) {
        return Err(MarkovError::DimensionMismatch { what: "load vector", expected: r, got: bad.len() });
    }
    if let Some((index, &value)) = loads.iter().flatten().enumerate().find(|(_, x)| !x.is_finite()) {
        return Err(MarkovError::NonFinite { what: "loads", index, value });
    }
    if loads.len() as u64 > MAX_CHAIN_STATES {
        return Err(MarkovError::InvalidParameter { name: "states", value: loads.len() as f64 });
    }
    Ok((r, loads.iter().flatten().copied().collect()))
}

impl WorkloadChain {
    /// Validates and builds a chain from a dense transition matrix (a convenience for small
    /// chains; see [`WorkloadChain::from_rows`]).
    ///
    /// # Errors
    /// [`MarkovError::DimensionMismatch`] when `p` is not `S×S` for `S = loads.len()` or load
    /// vectors differ in length (or are empty); [`MarkovError::NonFinite`],
    /// [`MarkovError::NegativeProbability`] (below −1e-9) and [`MarkovError::NotStochastic`]
    /// (a row sum off 1 by more than 1e-9).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::{MarkovError, WorkloadChain};
    /// use nalgebra::dmatrix;
    /// // Loads (0, 2) balance with probability 1/2 per step; (1, 1) stays.
    /// let chain = WorkloadChain::new(vec![vec![0.0, 2.0], vec![1.0, 1.0]], dmatrix![0.5, 0.5; 0.0, 1.0]).unwrap();
    /// assert_eq!(chain.probability(0, 1), Some(0.5));
    /// let bad = WorkloadChain::new(vec![vec![0.0, 2.0], vec![1.0, 1.0]], dmatrix![0.5, 0.4; 0.0, 1.0]);
    /// assert!(matches!(bad, Err(MarkovError::NotStochastic { .. })));
    /// ```
    pub fn new(loads: Vec<Vec<f64>>, p: DMatrix<f64>) -> Result<Self, MarkovError> {
        let s = loads.len();
        if p.nrows() != s || p.ncols() != s {
            let got = if p.nrows() != s { p.nrows() } else { p.ncols() };
            return Err(MarkovError::DimensionMismatch { what: "transition matrix", expected: s, got });
        }
        let (processes, flat) = check_loads(&loads)?;
        Ok(Self { processes, loads: flat, kind: Kind::Explicit(Rows::from_dense(&p, "transition matrix")?) })
    }

    /// Validates and builds a chain from sparse rows: `rows[s]` lists (next state, probability).
    ///
    /// # Errors
    /// As [`WorkloadChain::new`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// let rows = vec![vec![(0, 0.5), (1, 0.5)], vec![(1, 1.0)]];
    /// let chain = WorkloadChain::from_rows(vec![vec![0.0, 2.0], vec![1.0, 1.0]], rows).unwrap();
    /// assert_eq!(chain.probability(0, 1), Some(0.5));
    /// ```
    pub fn from_rows(loads: Vec<Vec<f64>>, rows: Vec<Vec<(usize, f64)>>) -> Result<Self, MarkovError> {
        if rows.len() != loads.len() {
            return Err(MarkovError::DimensionMismatch {
                what: "transition rows",
                expected: loads.len(),
                got: rows.len(),
            });
        }
        let (processes, flat) = check_loads(&loads)?;
        Ok(Self { processes, loads: flat, kind: Kind::Explicit(Rows::new(&rows, "transition matrix")?) })
    }

    /// A one-process chain on the given load levels.
    ///
    /// # Errors
    /// As [`WorkloadChain::new`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// use nalgebra::dmatrix;
    /// let chain = WorkloadChain::single(&[0.0, 1.0], dmatrix![0.5, 0.5; 0.5, 0.5]).unwrap();
    /// assert_eq!((chain.states(), chain.processes()), (2, 1));
    /// assert_eq!(chain.load(1), Some(&[1.0][..]));
    /// ```
    pub fn single(levels: &[f64], q: DMatrix<f64>) -> Result<Self, MarkovError> {
        Self::new(levels.iter().map(|&x| vec![x]).collect(), q)
    }

    /// Independent processes: the product chain, states in row-major order (the first factor's
    /// index varies slowest), loads concatenated, `P = P_1 ⊗ P_2 ⊗ …` (Yin et al., §5 with typo
    /// fixed: `P = q ⊗ q = (1/16) Q ⊗ Q`). The Kronecker product is never formed: rows are
    /// generated from the factors' rows when needed.
    ///
    /// # Errors
    /// [`MarkovError::InvalidParameter`] for no factors, more than 64, more than 2²⁸ states, or
    /// more than 2²⁸ load values (states × processes: 2 GiB), checked before they are allocated.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// use loadbal::remap::mdp::DMatrix;
    /// // Yin et al., eq. (22): ±1 with 1/4 each, stay with 1/2, reflecting ends.
    /// let q = DMatrix::from_fn(6, 6, |i, j| match (i, j) {
    ///     _ if i == j => 0.5,
    ///     (0, 1) | (5, 4) => 0.5,
    ///     _ if i.abs_diff(j) == 1 && i != 0 && i != 5 => 0.25,
    ///     _ => 0.0,
    /// });
    /// let one = WorkloadChain::single(&[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], q).unwrap();
    /// let two = WorkloadChain::product(&[one.clone(), one]).unwrap();
    /// // p_{(1,2)(2,2)} = 0.25 × 0.5 (Yin et al., §5).
    /// assert_eq!(two.probability(6 * 1 + 2, 6 * 2 + 2), Some(0.125));
    /// ```
    pub fn product(factors: &[WorkloadChain]) -> Result<Self, MarkovError> {
        if factors.is_empty() || factors.len() > 64 {
            return Err(MarkovError::InvalidParameter { name: "factors", value: factors.len() as f64 });
        }
        let states = factors.iter().try_fold(1usize, |acc, f| acc.checked_mul(f.states()));
        let states = match states {
            Some(s) if s as u64 <= MAX_CHAIN_STATES => s,
            _ => return Err(MarkovError::InvalidParameter { name: "product states", value: f64::INFINITY }),
        };
        let mut rows = Vec::new();
        for f in factors {
            match &f.kind {
                Kind::Product(inner) => rows.extend(inner.iter().cloned()),
                _ => rows.push(f.explicit_rows()),
            }
        }
        if rows.len() > 64 {
            return Err(MarkovError::InvalidParameter { name: "factors", value: rows.len() as f64 });
        }
        let processes: usize = factors.iter().map(|f| f.processes).sum();
        let values = (states as u64).saturating_mul(processes as u64);
        if values > MAX_CHAIN_LOADS {
            return Err(MarkovError::InvalidParameter { name: LOADS_NAME, value: values as f64 });
        }
        let mut loads = Vec::with_capacity(states * processes);
        let mut digits = vec![0usize; factors.len()];
        for _ in 0..states {
            for (f, &d) in factors.iter().zip(&digits) {
                loads.extend_from_slice(f.state_load(d));
            }
            for k in (0..factors.len()).rev() {
                digits[k] += 1;
                if digits[k] < factors[k].states() {
                    break;
                }
                digits[k] = 0;
            }
        }
        Ok(Self { processes, loads, kind: Kind::Product(rows) })
    }

    /// `processes` identical independent copies of the one-process chain `q` on `levels`,
    /// on the exchangeable state space: a state is the sorted vector of the processes' levels
    /// (a multiset), `C(L + r − 1, r)` states instead of `L^r`. The law of the sorted vector of
    /// the product chain is again a Markov chain (the product chain is lumpable under
    /// permutations of the processes), so every quantity that is symmetric in the processes
    /// (the imbalance norms, a uniform restart) has the same value as on the product space.
    /// States are ordered by the colex rank of their sorted level indices.
    ///
    /// # Errors
    /// [`MarkovError::InvalidParameter`] for `processes = 0`, fewer than two or more than 65,535
    /// levels (stored in 16 bits), more than 2²⁸ states or more than 2²⁸ load values (states × processes), checked before they are
    /// allocated; the errors of [`WorkloadChain::single`] for `q`.
    ///
    /// # Examples
    /// Two processes on 6 levels: 21 states instead of 36.
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// use loadbal::remap::mdp::DMatrix;
    /// // Yin et al., eq. (22): ±1 with 1/4 each, stay with 1/2, reflecting ends.
    /// let q = DMatrix::from_fn(6, 6, |i, j| match (i, j) {
    ///     _ if i == j => 0.5,
    ///     (0, 1) | (5, 4) => 0.5,
    ///     _ if i.abs_diff(j) == 1 && i != 0 && i != 5 => 0.25,
    ///     _ => 0.0,
    /// });
    /// let levels: Vec<f64> = (0..6).map(f64::from).collect();
    /// let chain = WorkloadChain::exchangeable(&levels, q, 2).unwrap();
    /// assert_eq!(chain.states(), 21);
    /// ```
    pub fn exchangeable(levels: &[f64], q: DMatrix<f64>, processes: u64) -> Result<Self, MarkovError> {
        Self::exchangeable_of(levels, Self::single(levels, q)?, processes)
    }

    /// [`WorkloadChain::exchangeable`] of the one-process chain `one` on `levels`.
    fn exchangeable_of(levels: &[f64], one: WorkloadChain, processes: u64) -> Result<Self, MarkovError> {
        let processes = match usize::try_from(processes) {
            Ok(r) if r <= 64 => r,
            _ => return Err(MarkovError::InvalidParameter { name: "processes", value: processes as f64 }),
        };
        let ex = Exchangeable::new(one.explicit_rows(), processes)?;
        let mut loads = Vec::with_capacity(ex.states() * processes);
        for s in 0..ex.states() {
            loads.extend(ex.levels(s).iter().map(|&l| levels[l as usize]));
        }
        Ok(Self { processes, loads, kind: Kind::Exchangeable(ex) })
    }

    fn explicit_rows(&self) -> Rows {
        match &self.kind {
            Kind::Explicit(r) => r.clone(),
            _ => {
                let mut out = Rows { n: self.states(), ptr: vec![0], col: Vec::new(), val: Vec::new() };
                for s in 0..self.states() {
                    self.for_each_successor(s, |j, p| {
                        out.col.push(j as u32);
                        out.val.push(p);
                    });
                    out.ptr.push(out.col.len());
                }
                out
            }
        }
    }

    /// Number of states.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// // Yin et al., §5: two processes on six levels, 36 states.
    /// assert_eq!(WorkloadChain::reflecting(6, 2).unwrap().states(), 36);
    /// ```
    pub fn states(&self) -> usize {
        self.loads.len() / self.processes
    }
    /// Number of processes (length of a load vector).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// assert_eq!(WorkloadChain::reflecting(6, 2).unwrap().processes(), 2);
    /// ```
    pub fn processes(&self) -> usize {
        self.processes
    }
    /// Load vector of state `s` (sorted for an exchangeable chain), or `None` if the chain has
    /// no state `s`.
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// // Yin et al., §5: state (i, j) has index 6i + j.
    /// let chain = WorkloadChain::reflecting(6, 2).unwrap();
    /// assert_eq!(chain.load(6 * 1 + 2), Some(&[1.0, 2.0][..]));
    /// assert_eq!(chain.load(36), None);
    /// ```
    pub fn load(&self, s: usize) -> Option<&[f64]> {
        (s < self.states()).then(|| self.state_load(s))
    }
    /// [`WorkloadChain::load`] of a state known to exist.
    pub(crate) fn state_load(&self, s: usize) -> &[f64] {
        &self.loads[s * self.processes..(s + 1) * self.processes]
    }
    /// Whether state `s` is balanced (all loads equal within 1e-12), or `None` if the chain has
    /// no state `s`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// let chain = WorkloadChain::reflecting(6, 2).unwrap();
    /// assert_eq!((chain.is_balanced(6 * 3 + 3), chain.is_balanced(6 * 3 + 0)), (Some(true), Some(false)));
    /// assert_eq!((0..36).filter(|&s| chain.is_balanced(s) == Some(true)).count(), 6);
    /// assert_eq!(chain.is_balanced(36), None);
    /// ```
    pub fn is_balanced(&self, s: usize) -> Option<bool> {
        (s < self.states()).then(|| self.state_balanced(s))
    }
    /// [`WorkloadChain::is_balanced`] of a state known to exist.
    pub(crate) fn state_balanced(&self, s: usize) -> bool {
        let l = self.state_load(s);
        l.iter().all(|x| (x - l[0]).abs() <= 1e-12 * (1.0 + l[0].abs()))
    }
    /// Whether the chain lives on the exchangeable (sorted) state space.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// assert!(WorkloadChain::reflecting_exchangeable(6, 2).unwrap().is_exchangeable());
    /// assert!(!WorkloadChain::reflecting(6, 2).unwrap().is_exchangeable());
    /// ```
    pub fn is_exchangeable(&self) -> bool {
        matches!(self.kind, Kind::Exchangeable(_))
    }
    /// Number of load vectors of the underlying product space that state `s` stands for: the
    /// multinomial coefficient `r! / Π_l n_l!` on an exchangeable chain, 1 otherwise; `None` if
    /// the chain has no state `s`.
    ///
    /// # Accuracy
    /// Exact while the multinomial coefficient is below 2⁵³ (every partial product is an integer);
    /// beyond, 2r·u relative (u = 2⁻⁵³).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// // Sorted loads (0, 1) stand for (0, 1) and (1, 0); (0, 0) for itself: 21 states, 36 vectors.
    /// let chain = WorkloadChain::reflecting_exchangeable(6, 2).unwrap();
    /// let s = (0..chain.states()).find(|&s| chain.load(s) == Some(&[0.0, 1.0][..])).unwrap();
    /// assert_eq!(chain.multiplicity(s), Some(2.0));
    /// assert_eq!((0..chain.states()).filter_map(|s| chain.multiplicity(s)).sum::<f64>(), 36.0);
    /// assert_eq!(chain.multiplicity(21), None); // no state 21
    /// ```
    pub fn multiplicity(&self, s: usize) -> Option<f64> {
        (s < self.states()).then(|| self.state_multiplicity(s))
    }
    /// [`WorkloadChain::multiplicity`] of a state known to exist.
    pub(crate) fn state_multiplicity(&self, s: usize) -> f64 {
        match &self.kind {
            Kind::Exchangeable(ex) => ex.multiplicity(s),
            _ => 1.0,
        }
    }

    /// Calls `f(j, p)` for every successor `j` of `s` with probability `p > 0` (a successor may
    /// be reported more than once on an explicit chain given with repeated entries). A state
    /// outside the chain has no successors: `f` is not called (see [`WorkloadChain::row`], which
    /// tells the two apart).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// // One reflecting walk: from level 2, to 1 and 3 with 1/4 each, stay with 1/2.
    /// let chain = WorkloadChain::reflecting(6, 1).unwrap();
    /// let (mut count, mut mass) = (0, 0.0);
    /// chain.for_each_successor(2, |_, p| { count += 1; mass += p; });
    /// assert_eq!((count, mass), (3, 1.0));
    /// ```
    pub fn for_each_successor(&self, s: usize, mut f: impl FnMut(usize, f64)) {
        if s >= self.states() {
            return;
        }
        match &self.kind {
            Kind::Explicit(rows) => rows.row(s).for_each(|(j, p)| f(j, p)),
            Kind::Product(factors) => {
                let mut digits = [0usize; 64];
                let mut rest = s;
                for k in (0..factors.len()).rev() {
                    digits[k] = rest % factors[k].n;
                    rest /= factors[k].n;
                }
                product_row(factors, &digits[..factors.len()], 0, 0, 1.0, &mut f);
            }
            Kind::Exchangeable(ex) => ex.for_each_successor(s, f),
        }
    }

    /// The row of state `s` as (successor, probability), successors merged and sorted, or `None`
    /// if the chain has no state `s`.
    ///
    /// # Accuracy
    /// As the iterator form: stored values, or products of r factors (r·u relative).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// // From level 0 of the reflecting walk: stay or move up, 1/2 each.
    /// let chain = WorkloadChain::reflecting(6, 1).unwrap();
    /// let pairs: Vec<(usize, f64)> = chain.row(0).unwrap().iter().map(|t| (t.target, t.probability)).collect();
    /// assert_eq!(pairs, vec![(0, 0.5), (1, 0.5)]);
    /// assert_eq!(chain.row(6), None); // levels 0..=5
    /// ```
    pub fn row(&self, s: usize) -> Option<Vec<Transition>> {
        if s >= self.states() {
            return None;
        }
        let mut out: Vec<Transition> = Vec::new();
        self.for_each_successor(s, |target, probability| out.push(Transition { target, probability }));
        out.sort_by_key(|e| e.target);
        out.dedup_by(|b, a| {
            if a.target == b.target {
                a.probability += b.probability;
                true
            } else {
                false
            }
        });
        Some(out)
    }

    /// Transition probability from `i` to `j`, or `None` if the chain has no state `i` or `j`.
    ///
    /// # Accuracy
    /// As [`WorkloadChain::row`]: exact, or r·u relative for a product chain.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// // Yin et al., eq. (22): an interior move has probability 1/4.
    /// let chain = WorkloadChain::reflecting(6, 1).unwrap();
    /// assert_eq!((chain.probability(2, 3), chain.probability(2, 2), chain.probability(2, 4)), (Some(0.25), Some(0.5), Some(0.0)));
    /// assert_eq!((chain.probability(2, 6), chain.probability(6, 2)), (None, None));
    /// ```
    pub fn probability(&self, i: usize, j: usize) -> Option<f64> {
        if i >= self.states() || j >= self.states() {
            return None;
        }
        let mut p = 0.0;
        self.for_each_successor(i, |k, q| {
            if k == j {
                p += q;
            }
        });
        Some(p)
    }

    /// Draws the next state from `s`.
    pub(crate) fn sample(&self, s: usize, rng: &mut McRng) -> usize {
        match &self.kind {
            Kind::Explicit(rows) => rows.sample(s, rng),
            Kind::Product(factors) => {
                let mut rest = s;
                let mut digits = [0usize; 64];
                for k in (0..factors.len()).rev() {
                    digits[k] = rest % factors[k].n;
                    rest /= factors[k].n;
                }
                factors.iter().zip(&digits).fold(0, |idx, (f, &d)| idx * f.n + f.sample(d, rng))
            }
            Kind::Exchangeable(ex) => ex.sample(s, rng),
        }
    }

    /// Stored transition entries (computed for implicit chains): the size of the continue
    /// kernel of a remapping problem.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// // One walk on six levels: 2 + 2 entries at the ends, 3 at each of the four interior levels.
    /// assert_eq!(WorkloadChain::reflecting(6, 1).unwrap().nonzeros(), 16);
    /// assert_eq!(WorkloadChain::reflecting(6, 2).unwrap().nonzeros(), 256); // the product: 16²
    /// ```
    pub fn nonzeros(&self) -> usize {
        match &self.kind {
            Kind::Explicit(rows) => rows.val.len(),
            Kind::Product(factors) => {
                let mut total = 0usize;
                for s in 0..self.states() {
                    self.for_each_successor(s, |_, _| total += 1);
                }
                let _ = factors;
                total
            }
            Kind::Exchangeable(ex) => (0..ex.states()).map(|s| ex.row_len(s)).sum(),
        }
    }
}

fn product_row(factors: &[Rows], digits: &[usize], k: usize, idx: usize, p: f64, f: &mut impl FnMut(usize, f64)) {
    if k == factors.len() {
        f(idx, p);
        return;
    }
    let fac = &factors[k];
    for e in fac.ptr[digits[k]]..fac.ptr[digits[k] + 1] {
        product_row(factors, digits, k + 1, idx * fac.n + fac.col[e] as usize, p * fac.val[e], f);
    }
}

/// The per-process kernel of Yin et al., eq. (22) on `levels` load levels `0..levels−1`: from an
/// interior level ±1 with probability 1/4 each and stay with 1/2 (Fong et al., eq. (15)); at either
/// end move inwards or stay with 1/2 each. For 6 levels this is `q = Q/4` with the 6×6 `Q`
/// (the paper prints `Q` as 5×5, a typo). Sparse rows, columns in increasing order (at most
/// three entries a row: the `levels × levels` matrix is never formed).
///
/// # Formula
/// q(i, i±1) = 1/4, q(i, i) = 1/2 (interior); q(0, 0) = q(0, 1) = q(L, L) = q(L, L−1) = 1/2
///
/// # Errors
/// [`MarkovError::InvalidParameter`] when `levels < 2` or `levels > 2¹⁶`.
///
/// # Accuracy
/// Exact: every entry is 1/4 or 1/2.
pub(crate) fn reflecting_walk(levels: u64) -> Result<Vec<Vec<(usize, f64)>>, MarkovError> {
    if !(2..=1 << 16).contains(&levels) {
        return Err(MarkovError::InvalidParameter { name: "levels", value: levels as f64 });
    }
    let levels = levels as usize; // at most 2¹⁶ (checked above)
    let last = levels - 1;
    Ok((0..levels)
        .map(|i| match i {
            0 => vec![(0, 0.5), (1, 0.5)],
            _ if i == last => vec![(last - 1, 0.5), (last, 0.5)],
            _ => vec![(i - 1, 0.25), (i, 0.5), (i + 1, 0.25)],
        })
        .collect())
}

/// The one-process chain of [`reflecting_walk`] on the levels `0..levels`.
fn reflecting_one(levels: u64) -> Result<(Vec<f64>, WorkloadChain), MarkovError> {
    let rows = reflecting_walk(levels)?;
    let grid: Vec<f64> = (0..levels).map(|x| x as f64).collect();
    let one = WorkloadChain::from_rows(grid.iter().map(|&x| vec![x]).collect(), rows)?;
    Ok((grid, one))
}

impl WorkloadChain {
    /// `processes` independent copies of the reflecting random walk of Yin et al., eq. (22) on the
    /// levels `0..levels` (the model, then the count, as the module's argument order says): the
    /// Yin et al., §5 chain for `levels = 6`, `processes = 2` (36 states). Sparse: 3 × 100 levels
    /// (10⁶ states) is fine. Per process, from an interior level ±1 with probability 1/4 each and
    /// stay with 1/2 (Fong et al., eq. (15)); at either end move inwards or stay with 1/2 each. For 6
    /// levels this is `q = Q/4` with the 6×6 `Q` (the paper prints `Q` as 5×5, a typo).
    ///
    /// # Formula
    /// ```text
    /// q(i, i±1) = 1/4, q(i, i) = 1/2 (interior); q(0, 0) = q(0, 1) = q(L, L) = q(L, L−1) = 1/2
    /// P((i_1..i_n), (j_1..j_n)) = Π_k q(i_k, j_k)
    /// ```
    ///
    /// # Accuracy
    /// Exact: every entry of `q` is 0, 1/4 or 1/2, their products exact in binary.
    ///
    /// # Errors
    /// [`MarkovError::InvalidParameter`] when `processes = 0`, `levels < 2`, `levels > 2¹⁶` or
    /// the chain would exceed 2²⁸ states or 2²⁸ load values (states × processes). The walk's
    /// kernel is kept as sparse rows (three entries a level), never as a `levels × levels` matrix.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// assert_eq!(WorkloadChain::reflecting(6, 4).unwrap().states(), 1296);
    /// ```
    pub fn reflecting(levels: u64, processes: u64) -> Result<WorkloadChain, MarkovError> {
        if processes == 0 || processes > 64 || (levels as f64).powf(processes as f64) > MAX_CHAIN_STATES as f64 {
            return Err(MarkovError::InvalidParameter { name: "processes", value: processes as f64 });
        }
        let (_, one) = reflecting_one(levels)?;
        WorkloadChain::product(&vec![one; processes as usize])
    }
}

impl WorkloadChain {
    /// [`WorkloadChain::reflecting`] on the exchangeable state space (sorted level vectors), `levels` then
    /// `processes`.
    ///
    /// # Errors
    /// As [`WorkloadChain::exchangeable`] (at most 65,535 levels).
    ///
    /// # Examples
    /// Eight processes on ten levels: C(17, 8) = 24,310 states instead of 10⁸.
    /// ```
    /// use loadbal::remap::markov::WorkloadChain;
    /// assert_eq!(WorkloadChain::reflecting_exchangeable(10, 8).unwrap().states(), 24_310);
    /// ```
    pub fn reflecting_exchangeable(levels: u64, processes: u64) -> Result<WorkloadChain, MarkovError> {
        let (grid, one) = reflecting_one(levels)?;
        WorkloadChain::exchangeable_of(&grid, one, processes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::dmatrix;

    #[test]
    fn kernel_of_the_example() {
        let rows = reflecting_walk(6).unwrap();
        let q = DMatrix::from_fn(6, 6, |i, j| rows[i].iter().filter(|e| e.0 == j).map(|e| e.1).sum::<f64>());
        assert_eq!((q[(0, 1)], q[(2, 2)], q[(2, 3)], q[(5, 4)]), (0.5, 0.5, 0.25, 0.5));
        for i in 0..6 {
            assert!((q.row(i).sum() - 1.0).abs() < 1e-15);
        }
        let levels: Vec<f64> = (0..6).map(f64::from).collect();
        let one = WorkloadChain::single(&levels, q).unwrap();
        let two = WorkloadChain::product(&[one.clone(), one]).unwrap();
        assert_eq!(two.states(), 36);
        assert_eq!(two.nonzeros(), 256);
        assert_eq!(two.load(8), Some(&[1.0, 2.0][..]));
        let p = |j| two.probability(6 + 2, j).unwrap();
        assert_eq!((p(1), p(2), p(8), p(15)), (0.0625, 0.125, 0.25, 0.0625));
        assert_eq!((0..36).filter(|&s| two.is_balanced(s) == Some(true)).count(), 6);
    }

    #[test]
    fn bad_chains() {
        let l = vec![vec![0.0], vec![1.0]];
        assert!(matches!(
            WorkloadChain::new(l.clone(), dmatrix![0.5, 0.49; 0.5, 0.5]),
            Err(MarkovError::NotStochastic { .. })
        ));
        assert!(matches!(
            WorkloadChain::new(l.clone(), dmatrix![1.1, -0.1; 0.5, 0.5]),
            Err(MarkovError::NegativeProbability { .. })
        ));
        assert!(matches!(
            WorkloadChain::new(l.clone(), dmatrix![f64::NAN, 0.5; 0.5, 0.5]),
            Err(MarkovError::NonFinite { .. })
        ));
        assert!(matches!(WorkloadChain::new(l, dmatrix![1.0]), Err(MarkovError::DimensionMismatch { .. })));
        assert!(reflecting_walk(1).is_err());
        assert!(WorkloadChain::reflecting(100, 5).is_err());
    }
}
