//! The simulated processors: each one's record and queue of task durations side by side in one
//! slot of a shared buffer, advanced lazily, and the two halves of every task move (surplus
//! leaves from the tail of a queue onto a pool, deficits are filled from the pool's end).

use rand::Rng;
use rand_distr::Distribution;

use crate::ensemble::error::EnsembleError;

/// Marks, in a slot's `REST` word, that a task is in progress.
const RUNNING: u64 = 1 << 63;

/// Words of a slot before its queue: when the task in progress ends (`RUN_END`, an f64), the sum
/// of the durations not started (`QUEUED_SUM`, an f64), the queue's length (`LEN`) and the tasks
/// not started, with `RUNNING` set while a task is in progress (`REST`).
const RUN_END: usize = 0;
const QUEUED_SUM: usize = 1;
const LEN: usize = 2;
const REST: usize = 3;
const HEADER: usize = 4;

/// Every processor of a run, in one buffer of 64-bit words (f64 values stored as their bits).
///
/// Processor j owns the slot `words[j·(4 + cap)..][..4 + cap]`: a header of four words, then
/// its queue, `len` entries: the tasks it has run (their durations, or their running sum, see
/// [`Procs::take`]), the one in progress when `RUNNING` is set (it ends at `run_end`), then the
/// `rest` tasks not started, the last ones, whose durations sum to `queued_sum`. An idle
/// processor that received work starts it at `run_end`. A slot holds ⌈n/p⌉ + 1 queue entries:
/// no count ever exceeds the largest initial one, ⌈n/p⌉, in any algorithm (a step gives a
/// processor at most the largest count among those it balances: MD and RP half a count, NR and
/// AR balanced shares), so a queue whose run tasks are folded into one sum always fits its slot
/// and queues never move. The buffer holds p·(⌈n/p⌉ + 5) < n + 6p words.
///
/// The record sits beside its queue because, at p = 10⁵, an event looks at a few processors at
/// random: each one's record and queue are then one page and adjacent lines, and the address of
/// its queue is known without loading its record (with the records in an array of their own
/// and the queues in a buffer they moved about in, measured at p = 10⁵ in paired runs: MD 19 %,
/// AR 16 %, RP 9 % slower, NR the same; at p = 10², MD 4 % faster, the others the same).
/// Counting the tasks not started rather than the index of the first one lets [`Procs::drain`]
/// only write: the processor that ran dry is a cache miss at p = 10⁵, and a store to it does not
/// hold up the step that follows, as a load of its length would.
#[derive(Debug, Clone)]
pub(super) struct Procs {
    words: Vec<u64>,
    /// Queue entries per slot.
    cap: usize,
    p: usize,
}

impl Procs {
    /// Draws the n task durations from `dist`, the first n mod p processors holding one more than
    /// the others, all at time 0 with nothing started. With `second_last`, pushes each
    /// processor's [`Procs::second_last_end`] onto it: the running sum of the draws before the
    /// last one, accumulated exactly as that function would, so that RP's tree is built without
    /// reading the whole buffer a second time.
    ///
    /// # Errors
    /// [`EnsembleError::BadDraw`] when `dist` draws a negative or non-finite time.
    pub(super) fn sample<D, G>(
        dist: &D,
        n: u64,
        p: usize,
        rng: &mut G,
        mut second_last: Option<&mut Vec<f64>>,
    ) -> Result<Self, EnsembleError>
    where
        D: Distribution<f64> + ?Sized,
        G: Rng + ?Sized,
    {
        let (base_len, extra) = ((n / p as u64) as usize, (n % p as u64) as usize);
        let mut procs = Procs::empty(p, base_len + usize::from(extra > 0));
        for i in 0..p {
            let len = base_len + usize::from(i < extra);
            let at = procs.slot(i) + HEADER;
            let (mut sum, mut before_last) = (0.0, 0.0);
            for w in &mut procs.words[at..at + len] {
                let d = dist.sample(rng);
                if !(d.is_finite() && d >= 0.0) {
                    return Err(EnsembleError::BadDraw(d));
                }
                before_last = sum;
                sum += d;
                *w = d.to_bits();
            }
            if let Some(ends) = second_last.as_deref_mut() {
                // drop_below(i, 2) at time 0: run_end (0.0) plus the first len − 1 durations
                ends.push(if len >= 2 { before_last } else { f64::NEG_INFINITY });
            }
            procs.set_f(i, QUEUED_SUM, sum);
            procs.set_w(i, LEN, len as u64);
            procs.set_w(i, REST, len as u64);
        }
        Ok(procs)
    }

    /// p processors at time 0 with empty queues of room `most + 1` (the largest count plus one
    /// entry for the tasks run, folded).
    fn empty(p: usize, most: usize) -> Self {
        let cap = most + 1;
        // zeroed by the allocator (fresh pages of the system are zero: no pass over them)
        Procs { words: vec![0; p * (HEADER + cap)], cap, p }
    }

    /// Number of processors.
    pub(super) fn len(&self) -> usize {
        self.p
    }

    /// Offset of processor `j`'s slot.
    #[inline]
    fn slot(&self, j: usize) -> usize {
        j * (HEADER + self.cap)
    }

    #[inline]
    fn w(&self, j: usize, field: usize) -> u64 {
        self.words[self.slot(j) + field]
    }

    #[inline]
    fn set_w(&mut self, j: usize, field: usize, v: u64) {
        let at = self.slot(j) + field;
        self.words[at] = v;
    }

    #[inline]
    fn f(&self, j: usize, field: usize) -> f64 {
        f64::from_bits(self.w(j, field))
    }

    #[inline]
    fn set_f(&mut self, j: usize, field: usize, v: f64) {
        self.set_w(j, field, v.to_bits());
    }

    /// Queue length of processor `j`.
    #[inline]
    fn queue_len(&self, j: usize) -> usize {
        self.w(j, LEN) as usize
    }

    /// Index in the queue of the first task not started.
    #[inline]
    fn next(&self, j: usize) -> usize {
        self.queue_len(j) - self.queued(j) as usize
    }

    /// Entries `from..to` of processor `j`'s queue, as stored (f64 bits).
    #[inline]
    fn entries(&self, j: usize, from: usize, to: usize) -> &[u64] {
        let at = self.slot(j) + HEADER;
        &self.words[at + from..at + to]
    }

    /// The tasks of processor `j` not started.
    #[inline]
    fn queued_tasks(&self, j: usize) -> impl Iterator<Item = f64> + '_ {
        self.entries(j, self.next(j), self.queue_len(j)).iter().map(|&b| f64::from_bits(b))
    }

    /// Starts every task of processor `j` whose predecessor has ended by `t`. Advancing to t₁ and
    /// then to t₂ ≥ t₁ performs the same floating-point operations, in the same order, as
    /// advancing to t₂ at once: the simulator advances a processor only when it looks at it.
    #[inline]
    pub(super) fn advance(&mut self, j: usize, t: f64) {
        let s = self.slot(j);
        let head = &self.words[s..s + HEADER];
        let mut run_end = f64::from_bits(head[RUN_END]);
        if run_end > t {
            return;
        }
        let mut queued_sum = f64::from_bits(head[QUEUED_SUM]);
        let len = head[LEN] as usize;
        let mut next = len - (head[REST] & !RUNNING) as usize;
        let queue = &self.words[s + HEADER..s + HEADER + len];
        let rest = loop {
            if next < queue.len() {
                let d = f64::from_bits(queue[next]);
                next += 1;
                queued_sum -= d;
                run_end += d;
                if run_end > t {
                    break (queue.len() - next) as u64 | RUNNING;
                }
            } else {
                break 0;
            }
        };
        let head = &mut self.words[s..s + HEADER];
        head[RUN_END] = run_end.to_bits();
        head[QUEUED_SUM] = queued_sum.to_bits();
        head[REST] = rest;
    }

    /// Reads one word of every cache line of processor `j`'s slot and discards them, so that
    /// the lines are on their way before [`Procs::advance`] needs them. Advancing a processor
    /// reads its record first and only then the queue entries the record points to; at p = 10⁵
    /// both are cache misses, one after the other, for a processor picked at random. Used for
    /// RP's donor, just drawn by the polls: 7 % faster at p = 10⁵ (paired runs, medians of 12
    /// rounds), within 1 % at 10² and 10⁴. For NR's neighbours, which often need only their
    /// records, it was slower at both sizes, and for the processor that ran dry no faster. The
    /// loads are kept by `black_box`, the safe way to keep a load whose value nothing uses.
    #[inline]
    pub(super) fn touch(&self, j: usize) {
        let slot = &self.words[self.slot(j)..self.slot(j + 1)];
        let last = slot[slot.len() - 1];
        let acc = slot.iter().step_by(8).fold(last, |acc, &w| acc.wrapping_add(w));
        std::hint::black_box(acc);
    }

    /// Runs every remaining task of processor `j` (it triggers a step, having run dry at `t`),
    /// in O(1): nothing reads their durations before [`Procs::busy`] (or [`Procs::take`], when
    /// it folds them to make room).
    #[inline]
    pub(super) fn drain(&mut self, j: usize, t: f64) {
        self.set_w(j, REST, 0);
        self.set_f(j, QUEUED_SUM, 0.0);
        self.set_f(j, RUN_END, t);
    }

    /// Runs every remaining task of processor `j` to the end of the run; returns when it ends.
    pub(super) fn finish(&mut self, j: usize) -> f64 {
        let end = self.f(j, RUN_END).max(0.0) + self.f(j, QUEUED_SUM).max(0.0);
        self.drain(j, end);
        end
    }

    /// Compute time of processor `j`: the sum of the durations of the tasks it ran, in the order
    /// it ran them (once it has run them all).
    pub(super) fn busy(&self, j: usize) -> f64 {
        self.entries(j, 0, self.next(j)).iter().fold(0.0, |acc, &d| acc + f64::from_bits(d))
    }

    /// Remaining tasks of processor `j`, the running one included, as of its last advance.
    #[inline]
    pub(super) fn count(&self, j: usize) -> u64 {
        let rest = self.w(j, REST);
        (rest & !RUNNING) + (rest >> 63)
    }

    /// Tasks of processor `j` not started.
    #[inline]
    pub(super) fn queued(&self, j: usize) -> u64 {
        self.w(j, REST) & !RUNNING
    }

    /// Whether processor `j` has a task in progress (as of its last advance).
    pub(super) fn running(&self, j: usize) -> bool {
        self.w(j, REST) & RUNNING != 0
    }

    /// When processor `j`'s task in progress ends (or when it starts the tasks it received).
    pub(super) fn run_end(&self, j: usize) -> f64 {
        self.f(j, RUN_END)
    }

    /// When processor `j` runs dry: `run_end + queued_sum`, read right after its queue changed
    /// (the simulator's event times; advancing changes how the two terms round).
    #[inline]
    pub(super) fn dry_time(&self, j: usize) -> f64 {
        self.f(j, RUN_END) + self.f(j, QUEUED_SUM)
    }

    /// Remaining compute time of processor `j` at `t` (advanced to `t`).
    pub(super) fn remaining(&self, j: usize, t: f64) -> f64 {
        (if self.running(j) { self.f(j, RUN_END) - t } else { 0.0 }) + self.f(j, QUEUED_SUM).max(0.0)
    }

    /// The time from which processor `j` holds fewer than `level` tasks: the end of its
    /// `level`-th remaining task from last, accumulated exactly as [`Procs::advance`] will (−∞
    /// when it holds fewer already). It does not change when the processor advances, only when
    /// its queue does. O(count − level).
    pub(super) fn drop_below(&self, j: usize, level: u64) -> f64 {
        let count = self.count(j);
        if level == 0 || count < level {
            return f64::NEG_INFINITY;
        }
        // the remaining tasks end at run_end (if running), then run_end + each queued duration
        let adds = (count - level) as usize + usize::from(!self.running(j));
        self.queued_tasks(j).take(adds).fold(self.f(j, RUN_END), |end, d| end + d)
    }

    /// MD's level pass at `t`: returns L, the most tasks any processor holds at `t`, and writes
    /// into `holders` each processor holding L (in order) with `drop_below(j, L)`. Processor j
    /// is advanced only if the count of its last advance, an upper bound of its count at `t`, is
    /// not below the largest count found before it: the others cannot hold L, and skipping them
    /// spares reading their queues.
    /// Advancing them later performs the same operations (see [`Procs::advance`]).
    pub(super) fn level_pass(&mut self, t: f64, holders: &mut Vec<(usize, f64)>) -> u64 {
        let mut level = 0;
        holders.clear();
        for j in 0..self.p {
            if self.count(j) < level {
                continue;
            }
            self.advance(j, t);
            let count = self.count(j);
            if count > level {
                level = count;
                holders.clear();
            }
            if count == level {
                holders.push((j, self.drop_below(j, count)));
            }
        }
        level
    }

    /// The time from which processor `j` holds fewer than 2 tasks (RP's "available").
    pub(super) fn second_last_end(&self, j: usize) -> f64 {
        self.drop_below(j, 2)
    }

    /// The next time advancing processor `j` can change anything (∞ when nothing is left).
    #[inline]
    pub(super) fn next_change(&self, j: usize) -> f64 {
        if self.w(j, REST) != 0 { self.f(j, RUN_END) } else { f64::INFINITY }
    }

    /// Moves the last `k` queued tasks of processor `j` onto `pool` (running tasks never move).
    pub(super) fn give(&mut self, j: usize, k: u64, pool: &mut Vec<f64>) {
        let len = self.queue_len(j);
        let keep = len - k as usize;
        let leaving = self.entries(j, keep, len);
        let moved: f64 = leaving.iter().map(|&b| f64::from_bits(b)).sum();
        pool.extend(leaving.iter().map(|&b| f64::from_bits(b)));
        self.set_w(j, LEN, keep as u64);
        self.set_w(j, REST, self.w(j, REST) - k);
        self.set_f(j, QUEUED_SUM, self.f(j, QUEUED_SUM) - moved);
    }

    /// Appends the last `k` tasks of `pool` to processor `j`'s queue; with no task in progress it
    /// starts them at `start`. When they do not fit the slot behind the tasks run, those are
    /// replaced by their running sum first — the value [`Procs::busy`] reaches after them, so
    /// its result is unchanged to the bit — after which they fit: the processor then holds at
    /// most ⌈n/p⌉ tasks (see [`Procs`]).
    pub(super) fn take(&mut self, j: usize, k: u64, pool: &mut Vec<f64>, start: f64) {
        let k = k as usize;
        if self.queue_len(j) + k > self.cap {
            self.fold_in_place(j);
        }
        let from = pool.len() - k;
        let got = &pool[from..];
        let len = self.queue_len(j);
        self.set_f(j, QUEUED_SUM, self.f(j, QUEUED_SUM) + got.iter().sum::<f64>());
        // the slot's queue entries only: a count above ⌈n/p⌉ would stop here rather than
        // write over the next processor's record
        let at = self.slot(j) + HEADER;
        let queue = &mut self.words[at..at + self.cap];
        for (w, &d) in queue[len..len + k].iter_mut().zip(got) {
            *w = d.to_bits();
        }
        self.set_w(j, LEN, (len + k) as u64);
        self.set_w(j, REST, self.w(j, REST) + k as u64);
        pool.truncate(from);
        if !self.running(j) {
            self.set_f(j, RUN_END, start);
        }
    }

    /// Replaces the tasks processor `j` has run by their running sum (one entry, the first) and
    /// moves the rest of its queue behind it; `REST` is unchanged, the same tasks are still to
    /// start.
    fn fold_in_place(&mut self, j: usize) {
        let (next, len) = (self.next(j), self.queue_len(j));
        if next == 0 {
            return;
        }
        let at = self.slot(j) + HEADER;
        let run = self.words[at..at + next].iter().fold(0.0, |acc, &d| acc + f64::from_bits(d));
        self.words[at] = run.to_bits();
        self.words.copy_within(at + next..at + len, at + 1);
        self.set_w(j, LEN, (len - next + 1) as u64);
    }
}

/// A change of one processor's count, `before → after`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Change {
    pub(super) proc: usize,
    pub(super) before: u64,
    pub(super) after: u64,
}

/// Performs `changes` (sorted by processor): every surplus leaves first, in processor order, then
/// every deficit is filled from the pool's end, in processor order; receivers with no task in
/// progress start at `start`. Returns the tasks moved. O(tasks moved + changes).
pub(super) fn apply(procs: &mut Procs, changes: &[Change], pool: &mut Vec<f64>, start: f64) -> u64 {
    let mut moved = 0;
    for c in changes.iter().filter(|c| c.after < c.before) {
        procs.give(c.proc, c.before - c.after, pool);
        moved += c.before - c.after;
    }
    for c in changes.iter().filter(|c| c.after > c.before) {
        procs.take(c.proc, c.after - c.before, pool, start);
    }
    moved
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Processors holding the given durations, at time 0.
    fn procs(queues: &[&[f64]]) -> Procs {
        let most = queues.iter().map(|q| q.len()).max().unwrap_or(0);
        let mut pr = Procs::empty(queues.len(), most);
        for (j, q) in queues.iter().enumerate() {
            let at = pr.slot(j) + HEADER;
            for (w, &d) in pr.words[at..].iter_mut().zip(q.iter()) {
                *w = d.to_bits();
            }
            pr.set_f(j, QUEUED_SUM, q.iter().sum());
            pr.set_w(j, LEN, q.len() as u64);
            pr.set_w(j, REST, q.len() as u64);
        }
        pr
    }

    fn queued(pr: &Procs, j: usize) -> Vec<f64> {
        pr.queued_tasks(j).collect()
    }

    #[test]
    fn counts_follow_the_task_ends() {
        // ends 1, 3, 6: count 3 before t = 1, 2 on [1, 3), 1 on [3, 6), 0 from 6
        let mut pr = procs(&[&[1.0, 2.0, 3.0], &[]]);
        assert_eq!(pr.second_last_end(0), 3.0);
        for (t, c) in [(0.0, 3), (0.5, 3), (1.0, 2), (2.9, 2), (3.0, 1), (5.0, 1), (6.0, 0), (9.0, 0)] {
            pr.advance(0, t);
            assert_eq!(pr.count(0), c, "t = {t}");
            assert_eq!(pr.count(0) >= 2, pr.second_last_end(0) > t, "t = {t}");
        }
        assert_eq!(pr.busy(0), 6.0);
        assert_eq!(pr.next_change(0), f64::INFINITY);
    }

    #[test]
    fn moves_keep_running_tasks_and_start_idle_receivers() {
        let mut pr = procs(&[&[1.0, 2.0, 3.0, 4.0], &[0.25]]);
        pr.advance(0, 0.5); // runs the 1.0 task, 3 queued
        pr.drain(1, 0.5);
        let changes = [Change { proc: 0, before: 4, after: 2 }, Change { proc: 1, before: 0, after: 2 }];
        let mut pool = Vec::new();
        assert_eq!(apply(&mut pr, &changes, &mut pool, 0.75), 2);
        assert!(pool.is_empty());
        assert_eq!(queued(&pr, 0), [2.0]);
        assert_eq!(queued(&pr, 1), [3.0, 4.0]);
        assert_eq!((pr.dry_time(0), pr.dry_time(1)), (3.0, 7.75));
        assert_eq!(pr.second_last_end(1), 3.75);
        // processor 1's run task stays ahead of what it received
        assert_eq!(pr.finish(1), 7.75);
        assert_eq!(pr.busy(1), 0.25 + 3.0 + 4.0);
    }

    #[test]
    fn queues_fold_in_their_slots_and_run_every_task_once() {
        // 300 rounds among 4 processors: the one holding the fewest tasks takes half of the
        // largest count, up to the largest initial count (10), while it still holds the tasks
        // it has run: those are folded in place to make room
        let q: Vec<f64> = (1..=40).map(|i| 1.0 / f64::from(i)).collect();
        let mut pr = procs(&[&q[..10], &q[10..20], &q[20..30], &q[30..]]);
        assert_eq!(pr.cap, 11);
        let (mut pool, mut t, mut folds, mut moves) = (Vec::new(), 0.0, 0, 0);
        for _ in 0..300 {
            t += 0.01;
            (0..4).for_each(|j| pr.advance(j, t));
            let to = (0..4).min_by_key(|&j| (pr.count(j), j)).unwrap();
            let from = (0..4).max_by_key(|&j| (pr.count(j), std::cmp::Reverse(j))).unwrap();
            let k = (pr.count(from) / 2).min(10 - pr.count(to)).min(pr.queued(from));
            if from == to || k == 0 {
                continue;
            }
            folds += usize::from(pr.queue_len(to) + k as usize > pr.cap);
            moves += 1;
            pr.give(from, k, &mut pool);
            pr.take(to, k, &mut pool, t);
            assert!(pr.count(to) <= 10 && pr.queue_len(to) <= pr.cap);
        }
        assert!(pool.is_empty() && folds >= 3 && moves >= 50, "{folds} folds, {moves} moves");
        // every task ran exactly once: the compute times add up to the total work
        let total: f64 = (0..4)
            .map(|j| {
                pr.finish(j);
                pr.busy(j)
            })
            .sum();
        let exact: f64 = q.iter().sum();
        assert!((total - exact).abs() < 1e-12, "{total} vs {exact}");
    }

    #[test]
    fn folding_in_place_keeps_the_compute_time_to_the_bit() {
        // the run tasks' running sum is what busy() reaches after them, so folding is invisible
        let q = [0.1, 0.7, 1e-17, 0.3, 0.2];
        let mut a = procs(&[&q, &[]]);
        a.advance(0, 0.85); // 0.1 and 0.7 run, 1e-17 in progress
        let mut b = a.clone();
        b.fold_in_place(0);
        // the task in progress (0.3) has started: it is folded with those run
        assert_eq!((b.queue_len(0), b.count(0)), (2, 2));
        for pr in [&mut a, &mut b] {
            pr.finish(0);
        }
        assert_eq!(a.busy(0).to_bits(), b.busy(0).to_bits());
        assert_eq!(a.busy(0), q.iter().fold(0.0, |s, d| s + d));
    }
}
