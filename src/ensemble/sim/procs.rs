//! The simulated processors: each one's queue of task durations in one shared buffer, advanced
//! lazily, and the two halves of every task move (surplus leaves from the tail of a queue onto a
//! pool, deficits are filled from the pool's end).

use rand::Rng;
use rand_distr::Distribution;

use super::config::{MAX_SIM_PROCESSORS, MAX_SIM_TASKS};
use crate::ensemble::error::EnsembleError;

/// Marks, in [`Proc::rest`], that a task is in progress.
const RUNNING: u32 = 1 << 31;

/// One processor, 32 bytes (two per cache line: an event touches a few processors at random).
/// Its queue is `tasks[start..start + len]` (room up to `start + cap`): the tasks it has run (their
/// durations, or their running sum, see [`Procs::grow`]), the one in progress when `RUNNING` is set
/// (it ends at `run_end`), then the `rest & !RUNNING` tasks not started, the last ones, whose
/// durations sum to `queued_sum`. An idle processor that received work starts it at `run_end`.
/// Counting the tasks not started rather than the index of the first one lets
/// [`Procs::drain`] only write: the processor that ran dry is a cache miss at p = 10⁵, and a
/// store to it does not hold up the step that follows, as a load of its length would.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(32))]
struct Proc {
    run_end: f64,
    queued_sum: f64,
    start: u32,
    len: u32,
    cap: u32,
    rest: u32,
}

impl Proc {
    /// Index in the queue of the first task not started.
    #[inline]
    fn next(&self) -> usize {
        (self.len - self.queued()) as usize
    }

    /// Tasks not started.
    #[inline]
    fn queued(&self) -> u32 {
        self.rest & !RUNNING
    }

    #[inline]
    fn running(&self) -> bool {
        self.rest & RUNNING != 0
    }
}

// Queue offsets and lengths are u32 and the buffer holds at most 2(n + p) + 64 entries.
const _: () = assert!(2 * (MAX_SIM_TASKS + MAX_SIM_PROCESSORS) + 64 < RUNNING as u64);

/// Every processor of a run and the buffer holding their queues.
#[derive(Debug, Clone)]
pub(super) struct Procs {
    tasks: Vec<f64>,
    procs: Vec<Proc>,
    /// Tasks of the run: the buffer is compacted rather than outgrow 2(n + p) + 64 entries.
    n: usize,
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
        let (base, extra) = ((n / p as u64) as usize, (n % p as u64) as usize);
        let mut tasks = Vec::with_capacity(n as usize);
        let mut procs = Vec::with_capacity(p);
        for i in 0..p {
            let len = base + usize::from(i < extra);
            let start = tasks.len();
            let (mut sum, mut before_last) = (0.0, 0.0);
            for _ in 0..len {
                let d = dist.sample(rng);
                if !(d.is_finite() && d >= 0.0) {
                    return Err(EnsembleError::BadDraw(d));
                }
                before_last = sum;
                sum += d;
                tasks.push(d);
            }
            if let Some(ends) = second_last.as_deref_mut() {
                // drop_below(i, 2) at time 0: run_end (0.0) plus the first len − 1 durations
                ends.push(if len >= 2 { before_last } else { f64::NEG_INFINITY });
            }
            procs.push(Proc {
                run_end: 0.0,
                queued_sum: sum,
                start: start as u32,
                len: len as u32,
                cap: len as u32,
                rest: len as u32,
            });
        }
        Ok(Procs { tasks, procs, n: n as usize })
    }

    /// Number of processors.
    pub(super) fn len(&self) -> usize {
        self.procs.len()
    }

    /// The tasks of processor `j` not started.
    #[inline]
    fn queued_tasks(&self, j: usize) -> &[f64] {
        let pr = &self.procs[j];
        &self.tasks[pr.start as usize + pr.next()..(pr.start + pr.len) as usize]
    }

    /// Starts every task of processor `j` whose predecessor has ended by `t`. Advancing to t₁ and
    /// then to t₂ ≥ t₁ performs the same floating-point operations, in the same order, as
    /// advancing to t₂ at once: the simulator advances a processor only when it looks at it.
    #[inline]
    pub(super) fn advance(&mut self, j: usize, t: f64) {
        let pr = &mut self.procs[j];
        if pr.run_end > t {
            return;
        }
        let queue = &self.tasks[pr.start as usize..(pr.start + pr.len) as usize];
        let mut next = pr.next();
        while pr.run_end <= t {
            if next < queue.len() {
                let d = queue[next];
                next += 1;
                pr.queued_sum -= d;
                pr.run_end += d;
            } else {
                pr.rest = 0;
                return;
            }
        }
        pr.rest = (queue.len() - next) as u32 | RUNNING;
    }

    /// Runs every remaining task of processor `j` (it triggers a step, having run dry at `t`),
    /// in O(1): nothing reads their durations before [`Procs::busy`] (or [`Procs::fold_run`]).
    #[inline]
    pub(super) fn drain(&mut self, j: usize, t: f64) {
        let pr = &mut self.procs[j];
        pr.rest = 0;
        pr.queued_sum = 0.0;
        pr.run_end = t;
    }

    /// Replaces the queue of processor `j`, drained and so all run, by the running sum of its
    /// durations, the value [`Procs::busy`] reaches after them (its result is unchanged to the
    /// bit), in O(tasks folded), each task folded once. Tasks it then receives fit where its
    /// queue was instead of moving it to the end of the buffer ([`Procs::grow`]), and its
    /// durations are read when this is called rather than when tasks arrive. Each algorithm
    /// calls it once its step knows that the idle processor receives tasks, not at the start of
    /// the event: by then the idle processor's record has arrived (its drain stored to it), and
    /// the read of its queue overlaps the others' (RP and MD fold before advancing the donor,
    /// NR after reading the neighbours). Measured at p = 10⁵ (paired runs): RP 5–9 % faster
    /// than folding when the tasks arrive and 6 % faster again than folding before its polls,
    /// where the load of the record waited; MD 10 % faster than moving the idle processor's
    /// queue to the end of the buffer when tasks arrive (its queues then mostly stay in
    /// processor order, as its level passes read them), 1 % at p = 10²; NR about 2 % (near the
    /// noise), where folding at the start of the event had been 20 % slower.
    pub(super) fn fold_run(&mut self, j: usize) {
        let pr = &mut self.procs[j];
        debug_assert_eq!(pr.rest, 0, "only a drained processor is folded");
        if pr.len > 1 {
            let base = pr.start as usize;
            let run = &self.tasks[base..base + pr.len as usize];
            self.tasks[base] = run.iter().fold(0.0, |acc, &d| acc + d);
            pr.len = 1;
        }
    }

    /// Runs every remaining task of processor `j` to the end of the run; returns when it ends.
    pub(super) fn finish(&mut self, j: usize) -> f64 {
        let pr = &self.procs[j];
        let end = pr.run_end.max(0.0) + pr.queued_sum.max(0.0);
        self.drain(j, end);
        end
    }

    /// Compute time of processor `j`: the sum of the durations of the tasks it ran, in the order
    /// it ran them (once it has run them all).
    pub(super) fn busy(&self, j: usize) -> f64 {
        let pr = &self.procs[j];
        self.tasks[pr.start as usize..pr.start as usize + pr.next()].iter().fold(0.0, |acc, &d| acc + d)
    }

    /// Remaining tasks of processor `j`, the running one included, as of its last advance.
    #[inline]
    pub(super) fn count(&self, j: usize) -> u64 {
        let pr = &self.procs[j];
        u64::from(pr.queued()) + u64::from(pr.running())
    }

    /// Tasks of processor `j` not started.
    pub(super) fn queued(&self, j: usize) -> u64 {
        let pr = &self.procs[j];
        u64::from(pr.queued())
    }

    /// Whether processor `j` has a task in progress (as of its last advance).
    pub(super) fn running(&self, j: usize) -> bool {
        self.procs[j].running()
    }

    /// When processor `j`'s task in progress ends (or when it starts the tasks it received).
    pub(super) fn run_end(&self, j: usize) -> f64 {
        self.procs[j].run_end
    }

    /// When processor `j` runs dry: `run_end + queued_sum`, read right after its queue changed
    /// (the simulator's event times; advancing changes how the two terms round).
    #[inline]
    pub(super) fn dry_time(&self, j: usize) -> f64 {
        self.procs[j].run_end + self.procs[j].queued_sum
    }

    /// Remaining compute time of processor `j` at `t` (advanced to `t`).
    pub(super) fn remaining(&self, j: usize, t: f64) -> f64 {
        let pr = &self.procs[j];
        (if pr.running() { pr.run_end - t } else { 0.0 }) + pr.queued_sum.max(0.0)
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
        let pr = &self.procs[j];
        // the remaining tasks end at run_end (if running), then run_end + each queued duration
        let adds = (count - level) as usize + usize::from(!pr.running());
        let mut end = pr.run_end;
        for &d in &self.queued_tasks(j)[..adds] {
            end += d;
        }
        end
    }

    /// MD's level pass at `t`: returns L, the most tasks any processor holds at `t`, and writes
    /// into `holders` each processor holding L (in order) with `drop_below(j, L)`. Processor j
    /// is advanced only if the count of its last advance, an upper bound of its count at `t`, is
    /// not below the largest count found before it: the others cannot hold L, and skipping them
    /// spares reading their queues, a cache miss each at p = 10⁵.
    /// Advancing them later performs the same operations (see [`Procs::advance`]).
    pub(super) fn level_pass(&mut self, t: f64, holders: &mut Vec<(usize, f64)>) -> u64 {
        let mut level = 0;
        holders.clear();
        for j in 0..self.procs.len() {
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
        let pr = &self.procs[j];
        if pr.rest != 0 { pr.run_end } else { f64::INFINITY }
    }

    /// Moves the last `k` queued tasks of processor `j` onto `pool` (running tasks never move).
    pub(super) fn give(&mut self, j: usize, k: u64, pool: &mut Vec<f64>) {
        let pr = &mut self.procs[j];
        let keep = pr.len - k as u32;
        let leaving = &self.tasks[(pr.start + keep) as usize..(pr.start + pr.len) as usize];
        let moved: f64 = leaving.iter().sum();
        pool.extend_from_slice(leaving);
        pr.len = keep;
        pr.rest -= k as u32;
        pr.queued_sum -= moved;
    }

    /// Appends the last `k` tasks of `pool` to processor `j`'s queue; with no task in progress it
    /// starts them at `start`.
    pub(super) fn take(&mut self, j: usize, k: u64, pool: &mut Vec<f64>, start: f64) {
        let k = k as usize;
        if self.procs[j].len as usize + k > self.procs[j].cap as usize {
            self.grow(j, k);
        }
        let from = pool.len() - k;
        let got = &pool[from..];
        let pr = &mut self.procs[j];
        pr.queued_sum += got.iter().sum::<f64>();
        let at = (pr.start + pr.len) as usize;
        self.tasks[at..at + k].copy_from_slice(got);
        pr.len += k as u32;
        pr.rest += k as u32;
        pool.truncate(from);
        if !pr.running() {
            pr.run_end = start;
        }
    }

    /// Moves processor `j`'s queue to the end of the buffer with room for `extra` more tasks
    /// (twice what it then needs while that fits). The tasks it has run are replaced by their
    /// running sum — the value [`Procs::busy`] reaches after them, so its result is unchanged to
    /// the bit — and the buffer is compacted the same way rather than outgrow
    /// [`Procs::limit`]: it never holds more than 2(n + p) + 64 entries whatever the moves.
    fn grow(&mut self, j: usize, extra: usize) {
        let limit = self.limit();
        let need = self.procs[j].queued() as usize + 1 + extra;
        if self.tasks.len() + 2 * need > limit {
            self.compact();
        }
        // after compacting, at most n + p entries are held and j needs at most n + 1
        let room = if self.tasks.len() + 2 * need <= limit { 2 * need } else { need };
        if self.tasks.capacity() < limit {
            self.tasks.reserve_exact(limit - self.tasks.len());
        }
        let pr = &mut self.procs[j];
        let (base, next, len) = (pr.start as usize, pr.next(), pr.len as usize);
        let start = self.tasks.len();
        if next > 0 {
            let run = self.tasks[base..base + next].iter().fold(0.0, |acc, &d| acc + d);
            self.tasks.push(run);
        }
        self.tasks.extend_from_within(base + next..base + len);
        self.tasks.resize(start + room, 0.0);
        pr.start = start as u32;
        pr.len = (len - next + usize::from(next > 0)) as u32;
        pr.cap = room as u32;
        // `rest` is unchanged: the same tasks are still to start
    }

    /// The most entries the buffer holds: 2(n + p) + 64.
    fn limit(&self) -> usize {
        2 * (self.n + self.procs.len()) + 64
    }

    /// Rewrites every queue tightly into a fresh buffer, the run tasks folded into their sum.
    fn compact(&mut self) {
        let mut tasks = Vec::with_capacity(self.n + self.procs.len());
        for pr in &mut self.procs {
            let (base, next, len) = (pr.start as usize, pr.next(), pr.len as usize);
            let start = tasks.len();
            if next > 0 {
                tasks.push(self.tasks[base..base + next].iter().fold(0.0, |acc, &d| acc + d));
            }
            tasks.extend_from_slice(&self.tasks[base + next..base + len]);
            pr.start = start as u32;
            pr.len = (tasks.len() - start) as u32;
            pr.cap = pr.len;
        }
        self.tasks = tasks;
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
        let mut tasks = Vec::new();
        let mut ps = Vec::new();
        for q in queues {
            let start = tasks.len() as u32;
            tasks.extend_from_slice(q);
            let len = q.len() as u32;
            ps.push(Proc { run_end: 0.0, queued_sum: q.iter().sum(), start, len, cap: len, rest: len });
        }
        Procs { n: tasks.len(), tasks, procs: ps }
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
        assert_eq!(pr.queued_tasks(0), &[2.0]);
        assert_eq!(pr.queued_tasks(1), &[3.0, 4.0]);
        assert_eq!((pr.dry_time(0), pr.dry_time(1)), (3.0, 7.75));
        assert_eq!(pr.second_last_end(1), 3.75);
        // processor 1 grew: its run task is folded into one entry, its compute time unchanged
        assert_eq!(pr.finish(1), 7.75);
        assert_eq!(pr.busy(1), 0.25 + 3.0 + 4.0);
    }

    #[test]
    fn growing_and_compacting_run_every_task_once() {
        // 200 moves among 4 processors: queues grow and the buffer is compacted many times
        let q: Vec<f64> = (1..=40).map(|i| 1.0 / f64::from(i)).collect();
        let mut pr = procs(&[&q[..10], &q[10..20], &q[20..30], &q[30..]]);
        let mut pool = Vec::new();
        let mut t = 0.0;
        for round in 0..200 {
            t += 0.05;
            let (from, to) = (round % 4, (round + 1) % 4);
            pr.advance(from, t);
            pr.advance(to, t);
            let k = pr.queued(from) / 2;
            if k > 0 {
                pr.give(from, k, &mut pool);
                pr.take(to, k, &mut pool, t);
            }
        }
        assert!(pr.tasks.len() <= pr.limit() && pr.tasks.capacity() <= pr.limit());
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
}
