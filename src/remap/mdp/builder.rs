//! Building an [`Mdp`]: one action at a time ([`MdpBuilder`]), from dense matrices
//! ([`Mdp::new`]), from QuantEcon's state–action-pair form ([`Mdp::from_pairs`]) and from
//! its serialised form (checked, then rebuilt by the builder). Every entry is checked here.

use super::error::MdpError;
#[cfg(feature = "serde")]
use super::model::RawMdp;
use super::model::{MAX_STATES, Mdp, ROW_SUM_TOLERANCE};
use super::rows::{DENSE_DENSITY, Rows, Storage};
use nalgebra::DMatrix;

/// The most entries [`MdpBuilder::with_capacity`] reserves up front per array (2^20).
const RESERVE_HINT_CAP: usize = 1 << 20;

#[cfg(feature = "serde")]
impl TryFrom<RawMdp> for Mdp {
    type Error = MdpError;

    fn try_from(raw: RawMdp) -> Result<Self, MdpError> {
        let mismatch = |what, expected, got| MdpError::DimensionMismatch { what, expected, got };
        let s = raw.states;
        if s == 0 {
            return Err(MdpError::Empty("no states".into()));
        }
        if raw.pair_ptr.len() != s.saturating_add(1) {
            return Err(mismatch("pair_ptr", s.saturating_add(1), raw.pair_ptr.len()));
        }
        if raw.pair_ptr[0] != 0 {
            return Err(mismatch("pair_ptr[0]", 0, raw.pair_ptr[0]));
        }
        if let Some(i) = (0..s).find(|&i| raw.pair_ptr[i + 1] <= raw.pair_ptr[i]) {
            return Err(MdpError::Empty(format!("state {i} has no action (pair_ptr does not increase)")));
        }
        let pairs = raw.pair_ptr[s];
        if raw.costs.len() != pairs {
            return Err(mismatch("costs", pairs, raw.costs.len()));
        }
        if !raw.weights.is_empty() && raw.weights.len() != pairs {
            return Err(mismatch("weights", pairs, raw.weights.len()));
        }
        if raw.restart_p.len() != raw.restart_idx.len() {
            return Err(mismatch("restart_p", raw.restart_idx.len(), raw.restart_p.len()));
        }
        match &raw.rows {
            Rows::Sparse { ptr, cols, vals } => {
                if ptr.len() != pairs + 1 {
                    return Err(mismatch("rows.ptr", pairs + 1, ptr.len()));
                }
                if vals.len() != cols.len() {
                    return Err(mismatch("rows.vals", cols.len(), vals.len()));
                }
                if ptr[0] != 0 || ptr.windows(2).any(|w| w[1] < w[0]) || ptr[pairs] != cols.len() {
                    return Err(mismatch(
                        "rows.ptr (increasing offsets from 0 to the entries)",
                        cols.len(),
                        ptr[pairs],
                    ));
                }
            }
            Rows::Dense { states, vals, .. } => {
                if *states != s {
                    return Err(mismatch("rows.states", s, *states));
                }
                let cells = pairs.saturating_mul(s);
                if vals.len() != cells {
                    return Err(mismatch("rows.vals (pairs × states)", cells, vals.len()));
                }
            }
        }
        let storage = raw.rows.storage();
        let mut b = MdpBuilder::new(s as u64);
        let restart: Vec<(usize, f64)> =
            raw.restart_idx.iter().zip(&raw.restart_p).map(|(&j, &p)| (j as usize, p)).collect();
        b.restart(&restart);
        for i in 0..s {
            for k in raw.pair_ptr[i]..raw.pair_ptr[i + 1] {
                let w = raw.weights.get(k).copied().unwrap_or(0.0);
                match &raw.rows {
                    Rows::Sparse { ptr, cols, vals } => b.action_from_iter(
                        i,
                        raw.costs[k],
                        w,
                        (ptr[k]..ptr[k + 1]).map(|e| (cols[e] as usize, vals[e])),
                    ),
                    Rows::Dense { vals, .. } => b.action_from_iter(
                        i,
                        raw.costs[k],
                        w,
                        vals[k * s..(k + 1) * s].iter().copied().enumerate().filter(|e| e.1 != 0.0),
                    ),
                };
            }
        }
        Ok(b.build()?.converted(storage))
    }
}

/// Builds an [`Mdp`] one action at a time; the actions of a state are numbered in the order
/// they are added (they need not be added state by state). Errors are reported by
/// [`MdpBuilder::build`].
///
/// # Examples
/// State 0 either pays 1 and stays with probability 1/2 (else it is absorbed), or pays 3 and
/// stops; state 1 has one action that restarts from state 0 with probability 1/2 at cost 1.
/// ```
/// use loadbal::remap::mdp::{Algorithm, Criterion, MdpBuilder, Options};
/// let mut b = MdpBuilder::new(2);
/// b.restart(&[(0, 1.0)]);
/// b.action(0, 1.0, &[(0, 0.5)]).action(0, 3.0, &[]);
/// b.action_with_restart(1, 1.0, &[], 0.5);
/// let mdp = b.build().unwrap();
/// let s = mdp.solve(Criterion::TotalCost, &Options::with_algorithm(Algorithm::PolicyIteration)).unwrap();
/// assert_eq!(s.policy, vec![0, 0]);
/// assert!((s.values[0] - 2.0).abs() < 1e-12 && (s.values[1] - 2.0).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, Default)]
pub struct MdpBuilder {
    /// As given to [`MdpBuilder::new`]; checked against the 32-bit index limit by `build`.
    requested_states: u64,
    states: usize,
    pair_state: Vec<usize>,
    row_ptr: Vec<usize>,
    cols: Vec<u32>,
    vals: Vec<f64>,
    costs: Vec<f64>,
    weights: Vec<f64>,
    any_weight: bool,
    restart: Vec<(usize, f64)>,
    /// First target that does not fit in 32 bits: (pair, target).
    overflow: Option<(usize, usize)>,
}

impl MdpBuilder {
    /// An empty builder for `states` states.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::{Algorithm, Criterion, MdpBuilder, Options};
    /// // One state: pay 1 and stay with probability 1/2, or stop for 3. J = min(3, 1 + J/2) = 2.
    /// let mut b = MdpBuilder::new(1);
    /// b.action(0, 1.0, &[(0, 0.5)]).action(0, 3.0, &[]);
    /// let mdp = b.build().unwrap();
    /// let s = mdp.solve(Criterion::TotalCost, &Options::with_algorithm(Algorithm::PolicyIteration)).unwrap();
    /// assert!((s.values[0] - 2.0).abs() < 1e-12);
    /// ```
    pub fn new(states: u64) -> Self {
        // Out-of-range targets are refused against `states` clamped to the index limit; `build`
        // reports a count above it as `TooLarge`.
        let clamped = usize::try_from(states.min(MAX_STATES as u64)).unwrap_or(MAX_STATES);
        Self { requested_states: states, states: clamped, row_ptr: vec![0], ..Self::default() }
    }

    /// An empty builder with room for `pairs` actions and `nonzeros` transition entries, each
    /// hint capped at 2^20 entries (the rest grows on demand): a huge hint reserves no more.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::MdpBuilder;
    /// let mut b = MdpBuilder::with_capacity(2, 2, 2);
    /// b.action(0, 1.0, &[(1, 1.0)]).action(1, 0.0, &[]);
    /// assert_eq!(b.build().unwrap().pairs(), 2);
    /// ```
    pub fn with_capacity(states: u64, pairs: usize, nonzeros: usize) -> Self {
        // A hint: storage past RESERVE_HINT_CAP entries grows on demand, so a huge hint cannot
        // abort the process on an allocation before a single action is added.
        let (pairs, nonzeros) = (pairs.min(RESERVE_HINT_CAP), nonzeros.min(RESERVE_HINT_CAP));
        let mut b = Self::new(states);
        b.pair_state.reserve(pairs);
        b.row_ptr.reserve(pairs);
        b.costs.reserve(pairs);
        b.cols.reserve(nonzeros);
        b.vals.reserve(nonzeros);
        b
    }

    /// Sets the restart distribution `ρ` as (state, probability) entries (a substochastic
    /// vector: a missing mass is absorbed).
    ///
    /// # Accuracy
    /// Exact (stored value).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::{Algorithm, Criterion, MdpBuilder, Options};
    /// // Restarting into state 0 with weight 1/2 is staying with 1/2: J = min(3, 1 + J/2) = 2.
    /// let mut b = MdpBuilder::new(1);
    /// b.restart(&[(0, 1.0)]).action_with_restart(0, 1.0, &[], 0.5).action(0, 3.0, &[]);
    /// let mdp = b.build().unwrap();
    /// assert_eq!(mdp.restart().count(), 1);
    /// let s = mdp.solve(Criterion::TotalCost, &Options::with_algorithm(Algorithm::PolicyIteration)).unwrap();
    /// assert!((s.values[0] - 2.0).abs() < 1e-12);
    /// ```
    pub fn restart(&mut self, distribution: &[(usize, f64)]) -> &mut Self {
        self.restart = distribution.to_vec();
        self
    }

    /// Adds an action to `state`: cost `cost`, transitions `row` as (target, probability).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::{MdpBuilder, MdpError};
    /// let mut b = MdpBuilder::new(2);
    /// b.action(0, 1.0, &[(1, 1.0)]).action(1, 0.0, &[]);
    /// assert_eq!(b.build().unwrap().actions(0), Some(1));
    /// // A row that leaves the state space is refused when built.
    /// let mut bad = MdpBuilder::new(1);
    /// bad.action(0, 1.0, &[(3, 1.0)]);
    /// assert!(matches!(bad.build(), Err(MdpError::StateOutOfRange { .. })));
    /// ```
    pub fn action(&mut self, state: usize, cost: f64, row: &[(usize, f64)]) -> &mut Self {
        self.action_from_iter(state, cost, 0.0, row.iter().copied())
    }

    /// Adds an action to `state` that, besides `row`, restarts from `ρ` with probability
    /// `weight` (so its transition row is `row + weight·ρ`).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::MdpBuilder;
    /// let mut b = MdpBuilder::new(2);
    /// b.restart(&[(1, 1.0)]).action_with_restart(0, 2.0, &[], 1.0).action(1, 0.0, &[]);
    /// assert_eq!(b.build().unwrap().restart_weight(0, 0), Some(1.0));
    /// ```
    pub fn action_with_restart(&mut self, state: usize, cost: f64, row: &[(usize, f64)], weight: f64) -> &mut Self {
        self.action_from_iter(state, cost, weight, row.iter().copied())
    }

    /// Adds an action whose row is given by an iterator (no intermediate allocation).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::MdpBuilder;
    /// let mut b = MdpBuilder::new(3);
    /// b.action_from_iter(0, 1.0, 0.0, (1..3).map(|j| (j, 0.5))).action(1, 0.0, &[]).action(2, 0.0, &[]);
    /// assert_eq!(b.build().unwrap().row(0, 0).unwrap().count(), 2);
    /// ```
    pub fn action_from_iter(
        &mut self,
        state: usize,
        cost: f64,
        weight: f64,
        row: impl IntoIterator<Item = (usize, f64)>,
    ) -> &mut Self {
        let pair = self.pair_state.len();
        for (j, p) in row {
            let j32 = u32::try_from(j).unwrap_or(u32::MAX);
            if j32 == u32::MAX && self.overflow.is_none() {
                self.overflow = Some((pair, j));
            }
            self.cols.push(j32);
            self.vals.push(p);
        }
        self.row_ptr.push(self.cols.len());
        self.pair_state.push(state);
        self.costs.push(cost);
        if weight != 0.0 && !self.any_weight {
            self.any_weight = true;
            self.weights = vec![0.0; pair];
        }
        if self.any_weight {
            self.weights.push(weight);
        }
        self
    }

    /// Validates and builds the MDP, with its rows stored densely when at least
    /// half of the `pairs × S` entries are nonzero, in compressed sparse rows
    /// otherwise (see [`Storage`]).
    ///
    /// # Errors
    /// [`MdpError::Empty`] (no states, or a state without actions), [`MdpError::TooLarge`]
    /// (more than 2³² − 1 states), [`MdpError::StateOutOfRange`], [`MdpError::NonFinite`],
    /// [`MdpError::NegativeProbability`] (entries below −1e-9) and
    /// [`MdpError::RowSumExceedsOne`] (a row, restart included, above 1 + 1e-9); the restart
    /// distribution is checked the same way (reported as state `S`, action 0).
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::{MdpBuilder, MdpError};
    /// let mut ok = MdpBuilder::new(1);
    /// ok.action(0, 1.0, &[(0, 0.5)]);
    /// assert!(ok.build().is_ok());
    /// let mut over = MdpBuilder::new(1);
    /// over.action(0, 1.0, &[(0, 0.7), (0, 0.7)]);
    /// assert!(matches!(over.build(), Err(MdpError::RowSumExceedsOne { .. })));
    /// assert!(matches!(MdpBuilder::new(1).build(), Err(MdpError::Empty(_)))); // a state without actions
    /// ```
    pub fn build(self) -> Result<Mdp, MdpError> {
        if self.requested_states == 0 {
            return Err(MdpError::Empty("no states".into()));
        }
        if self.requested_states >= MAX_STATES as u64 {
            return Err(MdpError::TooLarge {
                what: "states",
                value: self.requested_states,
                limit: MAX_STATES as u64 - 1,
            });
        }
        let s = self.states;
        if self.pair_state.len() >= MAX_STATES {
            return Err(MdpError::TooLarge {
                what: "state–action pairs",
                value: self.pair_state.len() as u64,
                limit: MAX_STATES as u64 - 1,
            });
        }
        // Restart distribution.
        let mut rho_sum = 0.0;
        for &(j, p) in &self.restart {
            check_entry(s, s, 0, j, p)?;
            rho_sum += p;
        }
        if rho_sum > 1.0 + ROW_SUM_TOLERANCE {
            return Err(MdpError::RowSumExceedsOne { state: s, action: 0, sum: rho_sum });
        }
        // Actions per state, in insertion order.
        let mut count = vec![0usize; s + 1];
        for &i in &self.pair_state {
            if i >= s {
                return Err(MdpError::StateOutOfRange { state: i, action: 0, target: i, states: s as u64 });
            }
            count[i + 1] += 1;
        }
        if let Some(i) = (0..s).find(|&i| count[i + 1] == 0) {
            return Err(MdpError::Empty(format!("state {i} has no action")));
        }
        let mut pair_ptr = count;
        for i in 0..s {
            pair_ptr[i + 1] += pair_ptr[i];
        }
        let sorted = self.pair_state.windows(2).all(|w| w[0] <= w[1]);
        let mut seen = vec![0usize; s];
        let mut deficits = Vec::with_capacity(self.pair_state.len());
        for (k, &i) in self.pair_state.iter().enumerate() {
            let a = seen[i];
            seen[i] += 1;
            let (lo, hi) = (self.row_ptr[k], self.row_ptr[k + 1]);
            if let Some((_, j)) = self.overflow.filter(|(pair, _)| *pair == k) {
                return Err(MdpError::StateOutOfRange { state: i, action: a, target: j, states: s as u64 });
            }
            let cost = self.costs[k];
            if !cost.is_finite() {
                return Err(MdpError::NonFinite { what: "cost", state: i, action: a, value: cost });
            }
            let w = self.weights.get(k).copied().unwrap_or(0.0);
            if !w.is_finite() || w < 0.0 {
                return Err(MdpError::NonFinite { what: "restart weight", state: i, action: a, value: w });
            }
            let mut sum = w * rho_sum;
            for e in lo..hi {
                check_entry(s, i, a, self.cols[e] as usize, self.vals[e])?;
                sum += self.vals[e];
            }
            if sum > 1.0 + ROW_SUM_TOLERANCE {
                return Err(MdpError::RowSumExceedsOne { state: i, action: a, sum });
            }
            deficits.push(1.0 - sum);
        }
        let restart_idx = self.restart.iter().map(|&(j, _)| j as u32).collect();
        let restart_p = self.restart.iter().map(|&(_, p)| p).collect();
        let weights = if self.any_weight { self.weights } else { Vec::new() };
        let (rows, costs, weights, deficits) = if sorted {
            (Rows::Sparse { ptr: self.row_ptr, cols: self.cols, vals: self.vals }, self.costs, weights, deficits)
        } else {
            // Stable reordering of the pairs by state.
            let mut order: Vec<usize> = (0..self.pair_state.len()).collect();
            order.sort_by_key(|&k| self.pair_state[k]);
            let mut row_ptr = Vec::with_capacity(order.len() + 1);
            row_ptr.push(0);
            let (mut cols, mut vals) = (Vec::with_capacity(self.cols.len()), Vec::with_capacity(self.vals.len()));
            for &k in &order {
                let (lo, hi) = (self.row_ptr[k], self.row_ptr[k + 1]);
                cols.extend_from_slice(&self.cols[lo..hi]);
                vals.extend_from_slice(&self.vals[lo..hi]);
                row_ptr.push(cols.len());
            }
            let costs = order.iter().map(|&k| self.costs[k]).collect();
            let weights = if weights.is_empty() { weights } else { order.iter().map(|&k| weights[k]).collect() };
            let deficits = order.iter().map(|&k| deficits[k]).collect();
            (Rows::Sparse { ptr: row_ptr, cols, vals }, costs, weights, deficits)
        };
        let mdp =
            Mdp { states: s, pair_ptr, rows, costs, weights, restart_idx, restart_p, rho_mass: rho_sum, deficits };
        let storage = storage_for(mdp.states, mdp.pairs(), mdp.rows.nonzeros());
        Ok(mdp.converted(storage))
    }
}

/// The form [`MdpBuilder::build`] and [`Mdp::new`] choose for `nonzeros` entries in
/// `pairs` rows of `states` columns: dense from a density of one half.
fn storage_for(states: usize, pairs: usize, nonzeros: usize) -> Storage {
    if nonzeros as f64 >= DENSE_DENSITY * (states as f64 * pairs as f64) { Storage::Dense } else { Storage::Sparse }
}

fn check_entry(states: usize, state: usize, action: usize, target: usize, p: f64) -> Result<(), MdpError> {
    if target >= states {
        return Err(MdpError::StateOutOfRange { state, action, target, states: states as u64 });
    }
    if !p.is_finite() {
        return Err(MdpError::NonFinite { what: "transition probability", state, action, value: p });
    }
    if p < -ROW_SUM_TOLERANCE {
        return Err(MdpError::NegativeProbability { state, action, target, value: p });
    }
    Ok(())
}

impl Mdp {
    /// Validates and builds an MDP from dense matrices: `transitions[a]` is the `S×S` matrix of
    /// action `a`, `costs[(i, a)]` the cost of action `a` in state `i`; every state has every
    /// action. With at least half of the entries nonzero the rows are copied into
    /// the dense form, otherwise their nonzero entries into compressed sparse rows (see
    /// [`Storage`]).
    ///
    /// # Errors
    /// [`MdpError::Empty`], [`MdpError::NotSquare`], [`MdpError::DimensionMismatch`] and the
    /// errors of [`MdpBuilder::build`].
    ///
    /// # Examples
    /// One state that either stops for 3 or pays 1 and stays with probability 1/2: the optimal
    /// total cost solves `J = min(3, 1 + J/2)`, so `J = 2`.
    /// ```
    /// use loadbal::remap::mdp::{Algorithm, Criterion, Mdp, Options};
    /// use nalgebra::dmatrix;
    /// let mdp = Mdp::new(vec![dmatrix![0.5], dmatrix![0.0]], dmatrix![1.0, 3.0]).unwrap();
    /// let s = mdp.solve(Criterion::TotalCost, &Options::with_algorithm(Algorithm::PolicyIteration)).unwrap();
    /// assert_eq!(s.policy, vec![0]);
    /// assert!((s.values[0] - 2.0).abs() < 1e-12);
    /// ```
    pub fn new(transitions: Vec<DMatrix<f64>>, costs: DMatrix<f64>) -> Result<Self, MdpError> {
        let actions = transitions.len();
        let states = transitions.first().map_or(0, |p| p.nrows());
        if actions == 0 || states == 0 {
            return Err(MdpError::Empty(format!("{states} states and {actions} actions")));
        }
        for (a, p) in transitions.iter().enumerate() {
            if p.nrows() != p.ncols() {
                return Err(MdpError::NotSquare { action: a, rows: p.nrows(), cols: p.ncols() });
            }
            if p.nrows() != states {
                return Err(MdpError::DimensionMismatch {
                    what: "transition matrix",
                    expected: states,
                    got: p.nrows(),
                });
            }
        }
        if costs.nrows() != states {
            return Err(MdpError::DimensionMismatch { what: "cost matrix rows", expected: states, got: costs.nrows() });
        }
        if costs.ncols() != actions {
            return Err(MdpError::DimensionMismatch {
                what: "cost matrix columns",
                expected: actions,
                got: costs.ncols(),
            });
        }
        let nnz = transitions.iter().map(|p| p.iter().filter(|&&x| x != 0.0).count()).sum();
        if states >= MAX_STATES {
            return Err(MdpError::TooLarge { what: "states", value: states as u64, limit: MAX_STATES as u64 - 1 });
        }
        if storage_for(states, states * actions, nnz) == Storage::Sparse {
            let mut b = MdpBuilder::with_capacity(states as u64, states * actions, nnz);
            for i in 0..states {
                for (a, p) in transitions.iter().enumerate() {
                    b.action_from_iter(
                        i,
                        costs[(i, a)],
                        0.0,
                        (0..states).map(|j| (j, p[(i, j)])).filter(|e| e.1 != 0.0),
                    );
                }
            }
            return b.build();
        }
        // Dense rows, pair k = i·A + a, copied straight from the (column-major) matrices.
        let mut vals = vec![0.0; states * actions * states];
        let mut pair_costs = Vec::with_capacity(states * actions);
        let mut deficits = Vec::with_capacity(states * actions);
        for (a, p) in transitions.iter().enumerate() {
            for j in 0..states {
                for (i, &x) in p.column(j).iter().enumerate() {
                    vals[(i * actions + a) * states + j] = x;
                }
            }
        }
        for i in 0..states {
            for a in 0..actions {
                let cost = costs[(i, a)];
                if !cost.is_finite() {
                    return Err(MdpError::NonFinite { what: "cost", state: i, action: a, value: cost });
                }
                pair_costs.push(cost);
                let row = &vals[(i * actions + a) * states..(i * actions + a + 1) * states];
                let mut sum = 0.0;
                for (j, &x) in row.iter().enumerate() {
                    check_entry(states, i, a, j, x)?;
                    sum += x;
                }
                if sum > 1.0 + ROW_SUM_TOLERANCE {
                    return Err(MdpError::RowSumExceedsOne { state: i, action: a, sum });
                }
                deficits.push(1.0 - sum);
            }
        }
        Ok(Mdp {
            states,
            pair_ptr: (0..=states).map(|i| i * actions).collect(),
            rows: Rows::Dense { states, vals, nonzeros: nnz },
            costs: pair_costs,
            weights: Vec::new(),
            restart_idx: Vec::new(),
            restart_p: Vec::new(),
            rho_mass: 0.0,
            deficits,
        })
    }
    /// Builds an MDP from QuantEcon's state–action-pair form: pair `k` belongs to state
    /// `s_indices[k]`, costs `costs[k]` and moves with `rows[k]` (target, probability). The
    /// actions of a state are numbered in the order of its pairs.
    ///
    /// # Errors
    /// [`MdpError::DimensionMismatch`] when the three slices differ in length; the errors of
    /// [`MdpBuilder::build`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::{Algorithm, Criterion, Mdp, Options};
    /// // State 0: stay (cost 1) or move to the free absorbing-like state 1 (cost 5).
    /// let rows = vec![vec![(0, 1.0)], vec![(1, 1.0)], vec![(1, 1.0)]];
    /// let mdp = Mdp::from_pairs(2, &[0, 0, 1], &[1.0, 5.0, 0.0], &rows).unwrap();
    /// let s = mdp.solve(Criterion::Discounted { factor: 0.9 }, &Options::with_algorithm(Algorithm::PolicyIteration)).unwrap();
    /// assert_eq!(s.policy, vec![1, 0]);
    /// assert!((s.values[0] - 5.0).abs() < 1e-12);
    /// ```
    pub fn from_pairs(
        states: u64,
        s_indices: &[usize],
        costs: &[f64],
        rows: &[Vec<(usize, f64)>],
    ) -> Result<Self, MdpError> {
        if costs.len() != s_indices.len() {
            return Err(MdpError::DimensionMismatch { what: "costs", expected: s_indices.len(), got: costs.len() });
        }
        if rows.len() != s_indices.len() {
            return Err(MdpError::DimensionMismatch { what: "rows", expected: s_indices.len(), got: rows.len() });
        }
        let nnz = rows.iter().map(Vec::len).sum();
        let mut b = MdpBuilder::with_capacity(states, s_indices.len(), nnz);
        for ((&i, &c), row) in s_indices.iter().zip(costs).zip(rows) {
            b.action(i, c, row);
        }
        b.build()
    }
}
