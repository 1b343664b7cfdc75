//! AR's step in time proportional to what changes since the previous step.
//!
//! All-redistribution sets every count to its balanced share, so the step's input is every
//! processor's count. Counts change only when a task ends (or by a step), so a tournament tree of
//! each processor's next task end (`done`) yields exactly the processors whose count has changed
//! since the previous step, and keeps N = Σ R_i and the number of idle processors current; once
//! more than p/8 have changed, one pass over all processors does it instead. After an AR step at
//! which only the trigger x₀ was idle, processor j holds `share(N₀, p, pos₀(j))` with
//! pos₀(j) = j + \[j < x₀\] (x₀ at position 0). At the next step (trigger x, N = N₀ − D) a
//! processor j ∉ {x, x₀} whose count has not changed needs a move only if
//! ⌊(N₀ + pos₀(j))/p⌋ ≠ ⌊(N + pos(j))/p⌋; both positions lie in {j, j + 1}, so a multiple m·p of
//! p lies in (N + j, N₀ + j + 1] and j in one of at most D/p + 2 index ranges
//! [m·p − N₀ − 1, m·p − N − 1] of D + 1 indices. The step examines those, x, x₀ and the
//! processors whose count changed: O((D + c) log p) for c changed counts, against O(p) for all.
//! When that is not smaller than p/4, or another processor is idle at the same instant (ties,
//! which continuous laws give with probability 0), or after a full pass, the step balances all p
//! counts with `balance_into` instead, in O(p).

use super::procs::{Change, Procs};
use super::tournament::Tournament;
use crate::ensemble::steps::{balance_into, share};

#[cfg(test)]
thread_local! {
    /// Steps taken by [`ArState::step_changed`] (each checked against [`ArState::step_all`]).
    pub(super) static FAST_STEPS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// AR's bookkeeping between events.
pub(super) struct ArState {
    /// Each processor's count as of its last advance (exact at the current event after
    /// [`ArState::catch_up`]).
    cnt: Vec<u64>,
    /// Σ cnt.
    total: u64,
    /// Processors with cnt = 0.
    zeros: usize,
    /// Each processor's next task end (when its count next changes).
    done: Tournament<f64>,
    /// (N, trigger) of the previous step when it balanced all counts with only the trigger idle.
    layout: Option<(u64, usize)>,
    /// Processors whose count changed since the previous step.
    dirty: Vec<usize>,
    cand: Vec<usize>,
    balanced: Vec<u64>,
}

impl ArState {
    pub(super) fn new(procs: &Procs) -> Self {
        let cnt: Vec<u64> = (0..procs.len()).map(|j| procs.count(j)).collect();
        ArState {
            total: cnt.iter().sum(),
            zeros: cnt.iter().filter(|&&c| c == 0).count(),
            done: Tournament::new((0..procs.len()).map(|j| procs.next_change(j)), f64::INFINITY),
            cnt,
            layout: None,
            dirty: Vec::new(),
            cand: Vec::new(),
            balanced: Vec::new(),
        }
    }

    /// The counts at the current event (after [`ArState::catch_up`]).
    pub(super) fn counts(&self) -> &[u64] {
        &self.cnt
    }

    /// Processor `x` ran dry (and was drained). Its entry in `done` may stay stale: advancing a
    /// drained processor changes nothing, and [`ArState::moved`] renews it if it receives tasks.
    pub(super) fn drained(&mut self, x: usize) {
        self.set_count(x, 0);
    }

    /// Advances every processor whose count changes by `t`: O(log p) per task ended, or, once
    /// more than p/8 processors have changed, one pass over all of them (O(p), paid for by those
    /// tasks, and sequential in memory where the tree's order is not) after which the step
    /// balances all counts.
    pub(super) fn catch_up(&mut self, procs: &mut Procs, t: f64) {
        let budget = procs.len() / 8 + 1;
        for _ in 0..budget {
            let (end, j) = self.done.top();
            if end > t {
                return;
            }
            procs.advance(j, t);
            self.set_count(j, procs.count(j));
            self.done.set(j, procs.next_change(j));
        }
        if self.done.top().0 > t {
            return;
        }
        for j in 0..procs.len() {
            procs.advance(j, t);
            self.cnt[j] = procs.count(j);
        }
        self.total = self.cnt.iter().sum();
        self.zeros = self.cnt.iter().filter(|&&c| c == 0).count();
        self.done.rebuild((0..procs.len()).map(|j| procs.next_change(j)), f64::INFINITY);
        self.dirty.clear();
        self.layout = None;
    }

    fn set_count(&mut self, j: usize, c: u64) {
        let old = self.cnt[j];
        if old == c {
            return;
        }
        self.total = self.total - old + c;
        self.zeros = self.zeros + usize::from(c == 0) - usize::from(old == 0);
        self.cnt[j] = c;
        self.dirty.push(j);
    }

    /// Writes AR's step for trigger `x` into `changes` (sorted by processor).
    pub(super) fn step(&mut self, x: usize, changes: &mut Vec<Change>) {
        let p = self.cnt.len() as u64;
        changes.clear();
        match self.layout {
            Some((n0, x0)) if self.zeros == 1 && (self.dirty.len() as u64 + 2 * (n0 - self.total)) < p / 4 => {
                self.step_changed(x, n0, x0, changes);
                #[cfg(test)]
                {
                    let fast = changes.clone();
                    self.step_all(x, changes);
                    assert_eq!(&fast, changes, "AR's incremental step differs from balancing all counts");
                    FAST_STEPS.with(|f| f.set(f.get() + 1));
                }
            }
            _ => self.step_all(x, changes),
        }
        self.layout = (self.zeros == 1).then_some((self.total, x));
        self.dirty.clear();
    }

    /// The step examining only the processors whose count changed, x, x₀ and the index ranges
    /// where a multiple of p lies in (N + j, N₀ + j + 1] (module docs).
    fn step_changed(&mut self, x: usize, n0: u64, x0: usize, changes: &mut Vec<Change>) {
        let p = self.cnt.len();
        self.cand.clear();
        self.cand.extend_from_slice(&self.dirty);
        self.cand.extend([x, x0]);
        let (n, pp, n0) = (self.total as i64, p as i64, n0 as i64);
        for m in (n + pp) / pp..=(n0 + pp) / pp {
            let lo = (m * pp - n0 - 1).max(0);
            let hi = (m * pp - n - 1).min(pp - 1);
            self.cand.extend((lo..=hi).map(|j| j as usize));
        }
        self.cand.sort_unstable();
        self.cand.dedup();
        for &j in &self.cand {
            let pos = if j == x { 0 } else { j + usize::from(j < x) };
            let after = share(self.total, p as u64, pos as u64);
            if after != self.cnt[j] {
                changes.push(Change { proc: j, before: self.cnt[j], after });
            }
        }
    }

    /// The step balancing all p counts, O(p).
    fn step_all(&mut self, x: usize, changes: &mut Vec<Change>) {
        changes.clear();
        self.balanced.resize(self.cnt.len(), 0);
        balance_into(&self.cnt, x, &mut self.balanced);
        for (j, (&before, &after)) in self.cnt.iter().zip(&self.balanced).enumerate() {
            if before != after {
                changes.push(Change { proc: j, before, after });
            }
        }
    }

    /// Records the moved counts and the changed processors' next task ends.
    pub(super) fn moved(&mut self, procs: &Procs, changes: &[Change]) {
        for c in changes {
            self.set_count(c.proc, c.after);
            self.done.set(c.proc, procs.next_change(c.proc));
        }
        self.dirty.clear();
    }
}
