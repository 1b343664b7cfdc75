//! MD's donor search: the processor with the most remaining tasks at the instant of a step
//! (lowest index on ties), without looking at every processor.
//!
//! Plain MD ([`MdLevels`]): no count ever exceeds the largest one L, which only falls (the idle
//! processor takes ⌊L/2⌋, the donor keeps ⌈L/2⌉). Processor j holds L tasks until the end of its
//! L-th task from last, a time that advancing does not change. Once it holds fewer it never
//! holds L again before the count falls (a step leaves its donor and its receiver below L), so
//! the processors holding L, in index order, are donors in that order: a cursor over them skips
//! those whose time has passed or whose queue a step has changed (its count is below L), and
//! the donors of a level cost O(1) each, amortised, reading the holders in order. (A tournament
//! tree of those times, descended at every step and updated for donor and receiver, did the
//! same in O(log p) per step: at p = 10⁵ a few cache misses, and a rebuild at every level.)
//! When no holder is left, one pass over all processors finds the new largest count: at most
//! L₀ = ⌈n/p⌉ passes per run, O(n + p) in all. The pass advances only the processors whose last
//! known count (an upper bound) is not below the largest count found so far, so it reads the
//! records and queues (in processor order, each processor's in one slot: `Procs`) of few
//! processors besides those holding the new largest count.
//!
//! The suspend variant ([`MdSuspend`]) hides the donors being split (their count reads 0 until
//! their active task ends), so its largest visible count can rise again; it keeps a tournament
//! tree of counts as of each processor's last advance instead, upper bounds corrected from the
//! top down (each correction paid for by a task that ended).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::procs::Procs;
use super::tournament::Tournament;

/// Plain MD's bookkeeping between events. It starts empty: the first event's level pass finds
/// the largest count and its holders.
#[derive(Default)]
pub(super) struct MdLevels {
    /// The largest count (no processor holds more) as of the last level pass; 0 before the first.
    level: u64,
    /// The processors holding `level` after the last level pass, in index order, with when they
    /// hold fewer.
    holders: Vec<(usize, f64)>,
    /// The holders before it hold fewer than `level` tasks now.
    cursor: usize,
}

impl MdLevels {
    /// The donor at `t`, the lowest processor holding the most tasks, advanced to `t`, and its
    /// count, or `None` when nobody holds 2 (nothing can move). The idle processor, just
    /// drained, holds none, whatever its time says (draining skips the sequential task ends,
    /// which may round past t).
    pub(super) fn donor(&mut self, procs: &mut Procs, t: f64) -> Option<(usize, u64)> {
        loop {
            while let Some(&(j, drop)) = self.holders.get(self.cursor) {
                if drop > t {
                    procs.advance(j, t);
                    if procs.count(j) == self.level {
                        return (self.level >= 2).then_some((j, self.level));
                    }
                }
                self.cursor += 1;
            }
            let level = procs.level_pass(t, &mut self.holders);
            if level < 2 {
                return None;
            }
            self.level = level;
            self.cursor = 0;
        }
    }
}

/// MD's suspend variant: the processors by visible count, most tasks first, lowest index on ties.
/// A key is `!count` as of the processor's last advance (so that the smallest key is the largest
/// count), an upper bound of its count now, and `!0` while it is being split.
pub(super) struct MdSuspend {
    counts: Tournament<u64>,
    locked: Vec<bool>,
    pending: BinaryHeap<Pending>,
    seq: u64,
}

impl MdSuspend {
    pub(super) fn new(procs: &Procs) -> Self {
        MdSuspend {
            counts: Tournament::new((0..procs.len()).map(|j| !procs.count(j)), !0),
            locked: vec![false; procs.len()],
            pending: BinaryHeap::new(),
            seq: 0,
        }
    }

    /// The processor with the most visible tasks at `t` (its count; 0 when none has any).
    pub(super) fn donor(&mut self, procs: &mut Procs, t: f64) -> (usize, u64) {
        loop {
            let (key, j) = self.counts.top();
            let c = !key;
            if c == 0 {
                return (j, 0);
            }
            procs.advance(j, t);
            let now = procs.count(j);
            if now == c {
                return (j, c);
            }
            self.counts.set(j, !now);
        }
    }

    /// Donor `from` is split when its active task ends: hidden until then, its tasks go to `to`.
    pub(super) fn lock(&mut self, procs: &Procs, from: usize, to: usize) {
        self.locked[from] = true;
        self.counts.set(from, !0);
        self.pending.push(Pending { tau: procs.run_end(from), seq: self.seq, to, from });
        self.seq += 1;
    }

    /// The earliest transfer due by `t`, removed.
    pub(super) fn due(&mut self, t: f64) -> Option<Pending> {
        if self.pending.peek().is_some_and(|e| e.tau <= t) { self.pending.pop() } else { None }
    }

    /// After transfer `e`: the donor is visible again, both counts are current.
    pub(super) fn transferred(&mut self, procs: &Procs, e: &Pending) {
        self.locked[e.from] = false;
        self.counts.set(e.from, !procs.count(e.from));
        self.counts.set(e.to, !procs.count(e.to));
    }
}

/// A suspend-variant transfer due at `tau` (earliest first, then in the order they were made;
/// transfers due at the same instant involve disjoint processors, so their order changes nothing).
#[derive(Debug, Clone, Copy)]
pub(super) struct Pending {
    pub(super) tau: f64,
    seq: u64,
    pub(super) to: usize,
    pub(super) from: usize,
}

impl Ord for Pending {
    fn cmp(&self, other: &Self) -> Ordering {
        other.tau.total_cmp(&self.tau).then(other.seq.cmp(&self.seq))
    }
}

impl PartialOrd for Pending {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Pending {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Pending {}
