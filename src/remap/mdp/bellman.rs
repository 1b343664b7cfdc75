//! Bellman updates: greedy actions with deterministic tie-breaking, Jacobi and Gauss–Seidel
//! sweeps, the Bellman residual, and MacQueen's elimination of actions that cannot be optimal.

use super::criterion::Criterion;
use super::error::MdpError;
use super::model::Mdp;
use super::solution::{Bounds, non_finite};

/// Relative tolerance under which two Q-values count as tied.
pub(crate) const TIE: f64 = 1e-12;

/// Minimum of the Q-values `q(0), …, q(n − 1)` of a state and the lowest action within the tie
/// tolerance of it (`keep` wins when it is tied). Returns `(action, min)`.
#[inline]
pub(crate) fn greedy_by(n: usize, q: impl Fn(usize) -> f64, keep: Option<usize>) -> (usize, f64) {
    if n == 1 {
        return (0, q(0));
    }
    let mut buf = [0.0f64; 8];
    let mut heap = Vec::new();
    let qs: &mut [f64] = if n <= 8 {
        &mut buf[..n]
    } else {
        heap.resize(n, 0.0);
        &mut heap
    };
    let mut min = f64::INFINITY;
    for (a, x) in qs.iter_mut().enumerate() {
        *x = q(a);
        if *x < min {
            min = *x;
        }
    }
    let tol = TIE * (1.0 + min.abs());
    if let Some(k) = keep {
        if qs[k] <= min + tol {
            return (k, min);
        }
    }
    let a = qs.iter().position(|&x| x <= min + tol).unwrap_or(0);
    (a, min)
}

/// Whether pair `k` is marked in `skip` (an empty `skip` marks none).
#[inline]
fn skipped(skip: &[bool], k: usize) -> bool {
    skip.get(k).copied().unwrap_or(false)
}

/// Greedy action of state `i` for the values `v` (`rv = ρ·v`), each Q-value from its row;
/// pairs marked in `skip` are left out.
#[inline]
pub(crate) fn greedy(
    mdp: &Mdp,
    i: usize,
    v: &[f64],
    beta: f64,
    rv: f64,
    keep: Option<usize>,
    skip: &[bool],
) -> (usize, f64) {
    let lo = mdp.pair_ptr[i];
    greedy_by(
        mdp.pair_ptr[i + 1] - lo,
        |a| if skipped(skip, lo + a) { f64::INFINITY } else { mdp.q(lo + a, v, beta, rv) },
        keep,
    )
}

/// `min_a Q_v(i, a)` over the actions of state `i` not marked in `skip`, and the greedy action,
/// with every Q-value or a lower bound of it written to `q`. The action `hint` (the previous
/// greedy one) is computed first; another action's row is multiplied only when its bound
/// `c(i, a) + β (1 − deficit) min_j v_j` (rows and the restart are nonnegative, so
/// `Σ_j P(i, a, j) v_j + w ρ·v ≥ (1 − deficit) min v`) does not exceed the smallest Q-value so
/// far by twice the tie tolerance: such an action is neither the minimum nor tied with it, and
/// its bound stands in for its Q-value (exact for the minimum, the greedy action and its ties).
/// `zero` says that `v = 0` (every Q-value is then its cost); with `keep`, `hint` stays the
/// greedy action when it is tied (policy iteration's rule).
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn state_min(
    mdp: &Mdp,
    i: usize,
    v: &[f64],
    (beta, rv, vmin, zero): (f64, f64, f64, bool),
    hint: usize,
    keep: bool,
    skip: &[bool],
    q: &mut [f64],
) -> (usize, f64) {
    let (first, end) = (mdp.pair_ptr[i], mdp.pair_ptr[i + 1]);
    let exact = |k: usize| if zero { mdp.costs[k] } else { mdp.q(k, v, beta, rv) };
    let mut hint = first + hint.min(end - first - 1);
    if skipped(skip, hint) {
        hint = (first..end).find(|&k| !skipped(skip, k)).unwrap_or(first);
    }
    let mut best = exact(hint);
    q[hint] = best;
    for (k, slot) in q.iter_mut().enumerate().take(end).skip(first) {
        if k == hint || skipped(skip, k) {
            continue;
        }
        let bound = mdp.costs[k] + beta * (1.0 - mdp.deficit(k)) * vmin;
        *slot = if bound > best + 2.0 * TIE * (1.0 + best.abs()) {
            bound
        } else {
            let x = exact(k);
            best = best.min(x);
            x
        };
    }
    greedy_by(
        end - first,
        |a| if skipped(skip, first + a) { f64::INFINITY } else { q[first + a] },
        keep.then_some(hint - first),
    )
}

/// Bellman residual `max_i |min_a Q(i, a) − g − v_i|` over every action; an error when anything
/// is not finite. Each state's minimum is taken as [`jacobi`] takes it, from `hint` (the
/// returned policy); with `work`, an action it eliminated is bounded from below by its last
/// Q-value (see [`Work::eliminate`]) and multiplied only when that bound does not clear the
/// state's minimum over the other actions.
pub(crate) fn residual(
    mdp: &Mdp,
    beta: f64,
    v: &[f64],
    gain: Option<f64>,
    work: Option<&Work>,
    hint: Option<&[usize]>,
) -> Result<f64, MdpError> {
    non_finite(v)?;
    let g = gain.unwrap_or(0.0);
    if !g.is_finite() {
        return Err(MdpError::NonFiniteValue { state: 0, value: g });
    }
    let skip: &[bool] = work.map_or(&[], |w| &w.skip);
    let rv = mdp.restart_dot(v);
    let vmin = v.iter().copied().fold(f64::INFINITY, f64::min);
    let mut q = vec![0.0; mdp.pairs()];
    // min_j (v − v_t)_j for every elimination epoch t.
    let shifts: Vec<f64> = work.map_or(Vec::new(), |w| {
        w.epochs.iter().map(|e| v.iter().zip(e).map(|(a, b)| a - b).fold(f64::INFINITY, f64::min)).collect()
    });
    let mut worst = 0.0f64;
    for i in 0..mdp.states {
        let h = hint.map_or(0, |p| p[i]);
        let (_, mut m) = state_min(mdp, i, v, (beta, rv, vmin, false), h, false, skip, &mut q);
        if let Some(w) = work.filter(|w| !w.skip.is_empty()) {
            for k in mdp.pair_ptr[i]..mdp.pair_ptr[i + 1] {
                if w.skip[k] {
                    // Q_v(k) ≥ Q_{v_t}(k) + β Σ_j P(k, j) (v − v_t)_j ≥ Q_{v_t}(k) + β r_k min(v − v_t).
                    let (t, q_t) = w.eliminated[k];
                    let bound = q_t + beta * (1.0 - mdp.deficit(k)) * shifts[t as usize];
                    let clear = bound.partial_cmp(&(m + TIE * (1.0 + m.abs())));
                    if clear != Some(std::cmp::Ordering::Greater) {
                        m = m.min(mdp.q(k, v, beta, rv));
                    }
                }
            }
        }
        let d = (m - g - v[i]).abs();
        if !d.is_finite() {
            return Err(MdpError::NonFiniteValue { state: i, value: d });
        }
        worst = worst.max(d);
    }
    Ok(worst)
}

/// Scratch of the Jacobi updates of one solver run: the Q-values of the pairs, and the pairs
/// MacQueen's test has shown suboptimal (skipped from then on).
#[derive(Debug, Default)]
pub(crate) struct Work {
    /// Q-values of the pairs at the last update, or lower bounds of them (see [`state_min`]).
    q: Vec<f64>,
    /// Eliminated pairs (empty until the first elimination).
    pub skip: Vec<bool>,
    /// The values `v_t` of the updates at which pairs were eliminated.
    epochs: Vec<Vec<f64>>,
    /// For an eliminated pair: its epoch `t` and its `Q_{v_t}`.
    eliminated: Vec<(u32, f64)>,
}

impl Work {
    pub fn new(mdp: &Mdp) -> Self {
        Self { q: vec![0.0; mdp.pairs()], ..Self::default() }
    }

    /// MacQueen's test (Puterman, §6.7.2) after the Jacobi update `u = T v` with increments
    /// `δ = u − v` in `[lo, hi]`, discounted cost: `V* ≥ v + lo + L` and `V* ≤ u + U` (the
    /// bounds of [`macqueen`]), so `Q*(i, a) ≥ Q_v(i, a) + β (lo + L)` (`β min(lo + L, 0)` with
    /// substochastic rows) and `V*(i) ≤ min_b Q_v(i, b) + U`. An action whose `Q_v` exceeds the
    /// state's minimum by more than the difference, plus twice the tie tolerance, is not
    /// optimal, nor tied with an optimal action, and is skipped by every later update.
    pub fn eliminate(&mut self, mdp: &Mdp, beta: f64, v: &[f64], (lo, hi): (f64, f64), stochastic: bool) {
        let b = macqueen(beta, lo, hi, stochastic);
        let floor = if stochastic { lo + b.lower } else { (lo + b.lower).min(0.0) };
        let slack = b.upper - beta * floor;
        if !(slack.is_finite() && slack >= 0.0) {
            return;
        }
        let epoch = self.epochs.len() as u32;
        let mut any = false;
        for i in 0..mdp.states {
            let (first, end) = (mdp.pair_ptr[i], mdp.pair_ptr[i + 1]);
            if end - first == 1 {
                continue;
            }
            let mut min = f64::INFINITY;
            for k in first..end {
                if !skipped(&self.skip, k) {
                    min = min.min(self.q[k]);
                }
            }
            let cut = min + slack + 2.0 * TIE * (1.0 + min.abs());
            for k in first..end {
                let q = self.q[k];
                if !skipped(&self.skip, k) && q > cut {
                    if self.skip.is_empty() {
                        self.skip = vec![false; mdp.pairs()];
                        self.eliminated = vec![(0, 0.0); mdp.pairs()];
                    }
                    self.skip[k] = true;
                    self.eliminated[k] = (epoch, q);
                    any = true;
                }
            }
        }
        if any {
            self.epochs.push(v.to_vec());
        }
    }
}

/// One Jacobi Bellman update `next = T v` with the greedy policy (`policy` holds the previous
/// one on entry: its actions are computed first, see [`state_min`]), over the pairs not
/// eliminated; returns `(min δ, max δ, max |δ|)` of `δ = next − v`. From `v = 0` no row is
/// multiplied.
pub(crate) fn jacobi(
    mdp: &Mdp,
    beta: f64,
    v: &[f64],
    next: &mut [f64],
    policy: &mut [usize],
    work: &mut Work,
) -> (f64, f64, f64) {
    let rv = mdp.restart_dot(v);
    let zero = v.iter().all(|&x| x == 0.0);
    let vmin = v.iter().copied().fold(f64::INFINITY, f64::min);
    let (mut lo, mut hi, mut amax) = (f64::INFINITY, f64::NEG_INFINITY, 0.0f64);
    for i in 0..mdp.states {
        let (a, m) = state_min(mdp, i, v, (beta, rv, vmin, zero), policy[i], false, &work.skip, &mut work.q);
        policy[i] = a;
        next[i] = m;
        let d = m - v[i];
        lo = lo.min(d);
        hi = hi.max(d);
        amax = amax.max(d.abs());
        if d.is_nan() {
            amax = f64::NAN;
        }
    }
    (lo, hi, amax)
}

/// One Gauss–Seidel Bellman sweep in place, over all actions not marked in `skip`
/// (`fixed = None`) or the given pairs. Returns `max |δ|` and the span of `δ`.
pub(crate) fn gauss_seidel(
    mdp: &Mdp,
    beta: f64,
    v: &mut [f64],
    rho: &[f64],
    fixed: Option<&[usize]>,
    skip: &[bool],
) -> (f64, f64) {
    let mut rv = mdp.restart_dot(v);
    let (mut lo, mut hi, mut amax) = (f64::INFINITY, f64::NEG_INFINITY, 0.0f64);
    for i in 0..mdp.states {
        let m = match fixed {
            Some(p) => mdp.q(p[i], v, beta, rv),
            None => greedy(mdp, i, v, beta, rv, None, skip).1,
        };
        let d = m - v[i];
        v[i] = m;
        if !rho.is_empty() {
            rv += rho[i] * d;
        }
        lo = lo.min(d);
        hi = hi.max(d);
        amax = if d.is_nan() { f64::NAN } else { amax.max(d.abs()) };
    }
    (amax, hi - lo)
}

/// Bounds and midpoint after a Jacobi update with increments in `[lo, hi]`, discounted cost.
pub(crate) fn macqueen(beta: f64, lo: f64, hi: f64, stochastic: bool) -> Bounds {
    let k = beta / (1.0 - beta);
    if stochastic {
        Bounds { lower: k * lo, upper: k * hi }
    } else {
        Bounds { lower: k * lo.min(0.0), upper: k * hi.max(0.0) }
    }
}

impl Mdp {
    /// One Bellman update (Yin et al., eq. (19)): the new values and the greedy policy (ties to the
    /// lowest action index). Starting from zeros, `n` updates give the optimal `n`-step cost of
    /// the finite-horizon problem (Yin et al., eq. (12)).
    ///
    /// # Formula
    /// V'(i) = min_a [c(i,a) + β Σ_j P(i,a,j) V(j)]
    ///
    /// # Errors
    /// [`MdpError::InvalidDiscount`] / [`MdpError::NotStochastic`] for the criterion;
    /// [`MdpError::InvalidOption`] for a wrong length of `v`; [`MdpError::NonFiniteValue`].
    ///
    /// # Accuracy
    /// One row product and a minimum per state: each value to (k + 2)u·Σ|terms| (k entries of the
    /// row: its nonzeros in the sparse form, `S` in the dense form; u = 2⁻⁵³); ties between
    /// actions within that error resolve to the lowest index. Rows whose bound settles their
    /// action are not multiplied (see [`Algorithm::ValueIteration`](super::Algorithm::ValueIteration)); the result is the same.
    ///
    /// # Examples
    /// One step from zero values costs the cheapest immediate cost.
    /// ```
    /// use loadbal::remap::mdp::{Criterion, Mdp};
    /// use nalgebra::dmatrix;
    /// let mdp = Mdp::new(vec![dmatrix![0.5], dmatrix![0.0]], dmatrix![1.0, 3.0]).unwrap();
    /// let step = mdp.bellman_update(Criterion::TotalCost, &[0.0]).unwrap();
    /// assert_eq!((step.values[0], step.policy[0]), (1.0, 0));
    /// ```
    pub fn bellman_update(&self, criterion: Criterion, v: &[f64]) -> Result<BellmanStep, MdpError> {
        let mdp = self;
        mdp.check_criterion(criterion)?;
        if v.len() != mdp.states {
            return Err(MdpError::InvalidOption { name: "v length", value: v.len() as f64 });
        }
        non_finite(v)?;
        let (mut next, mut policy) = (vec![0.0; mdp.states], vec![0; mdp.states]);
        jacobi(mdp, criterion.beta(), v, &mut next, &mut policy, &mut Work::new(mdp));
        non_finite(&next)?;
        Ok(BellmanStep { values: next, policy })
    }
}

/// One Bellman update, from [`Mdp::bellman_update`]: the new values and a greedy policy.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BellmanStep {
    /// V'(i) for every state.
    pub values: Vec<f64>,
    /// The minimising action of every state (lowest index on ties).
    pub policy: Vec<usize>,
}

impl std::fmt::Display for BellmanStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bellman update of {} states", self.values.len())
    }
}
