//! One simulated processor: its queue of task durations, advanced lazily, and the two halves of
//! every task move (surplus leaves from the tail of a queue onto a pool, deficits are filled from
//! the pool's end).

/// A processor's tasks `queue[next..]` are not started; the one before them runs until
/// `run_end` when `running`. An idle processor that received work starts it at `run_end`.
#[derive(Debug, Clone)]
pub(super) struct Proc {
    pub(super) queue: Vec<f64>,
    pub(super) next: usize,
    pub(super) run_end: f64,
    pub(super) running: bool,
    pub(super) queued_sum: f64,
    pub(super) busy: f64,
    /// When the processor runs dry, as of its last change of queue (`run_end + queued_sum`).
    pub(super) trigger: f64,
}

impl Proc {
    /// A processor holding `queue` (durations summing to `sum`), none started, at time 0.
    pub(super) fn new(queue: Vec<f64>, sum: f64) -> Self {
        Proc { queue, next: 0, run_end: 0.0, running: false, queued_sum: sum, busy: 0.0, trigger: sum }
    }

    /// Starts every task whose predecessor has ended by `t`. Advancing to t₁ and then to t₂ ≥ t₁
    /// performs the same floating-point operations, in the same order, as advancing to t₂ at once:
    /// the simulator advances a processor only when it looks at it.
    #[inline]
    pub(super) fn advance(&mut self, t: f64) {
        while self.run_end <= t {
            if self.next < self.queue.len() {
                let d = self.queue[self.next];
                self.next += 1;
                self.busy += d;
                self.queued_sum -= d;
                self.run_end += d;
                self.running = true;
            } else {
                self.running = false;
                break;
            }
        }
    }

    /// Runs every remaining task (the processor that triggers a step has run dry at `t`).
    pub(super) fn drain(&mut self, t: f64) {
        for &d in &self.queue[self.next..] {
            self.busy += d;
        }
        self.next = self.queue.len();
        self.queued_sum = 0.0;
        self.running = false;
        self.run_end = t;
    }

    /// Remaining tasks, the running one included, as of the last [`Proc::advance`].
    #[inline]
    pub(super) fn count(&self) -> u64 {
        (self.queue.len() - self.next) as u64 + u64::from(self.running)
    }

    /// Remaining compute time at `t` (the processor advanced to `t`).
    pub(super) fn remaining(&self, t: f64) -> f64 {
        (if self.running { self.run_end - t } else { 0.0 }) + self.queued_sum.max(0.0)
    }

    /// The time from which [`Proc::count`] is below 2: the end of the second-to-last remaining
    /// task, accumulated exactly as [`Proc::advance`] will (−∞ when fewer than 2 remain). It does
    /// not change when the processor advances, only when its queue does. O(queue).
    pub(super) fn second_last_end(&self) -> f64 {
        if self.count() < 2 {
            return f64::NEG_INFINITY;
        }
        let queued = &self.queue[self.next..];
        let mut end = self.run_end;
        for &d in &queued[..queued.len() - 1] {
            end += d;
        }
        end
    }

    /// The next time [`Proc::advance`] can change anything (∞ when nothing is left).
    #[inline]
    pub(super) fn next_change(&self) -> f64 {
        if self.running || self.next < self.queue.len() { self.run_end } else { f64::INFINITY }
    }

    /// Moves the last `k` queued tasks onto `pool` (running tasks never move).
    pub(super) fn give(&mut self, k: u64, pool: &mut Vec<f64>) {
        let keep = self.queue.len() - k as usize;
        let moved: f64 = self.queue[keep..].iter().sum();
        pool.extend_from_slice(&self.queue[keep..]);
        self.queue.truncate(keep);
        self.queued_sum -= moved;
        self.trigger = self.run_end + self.queued_sum;
    }

    /// Appends the last `k` tasks of `pool`; a processor with no task in progress starts them
    /// at `start`.
    pub(super) fn take(&mut self, k: u64, pool: &mut Vec<f64>, start: f64) {
        let from = pool.len() - k as usize;
        let got = &pool[from..];
        self.queued_sum += got.iter().sum::<f64>();
        self.queue.extend_from_slice(got);
        pool.truncate(from);
        if !self.running {
            self.run_end = start;
        }
        self.trigger = self.run_end + self.queued_sum;
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
pub(super) fn apply(procs: &mut [Proc], changes: &[Change], pool: &mut Vec<f64>, start: f64) -> u64 {
    let mut moved = 0;
    for c in changes.iter().filter(|c| c.after < c.before) {
        procs[c.proc].give(c.before - c.after, pool);
        moved += c.before - c.after;
    }
    for c in changes.iter().filter(|c| c.after > c.before) {
        procs[c.proc].take(c.after - c.before, pool, start);
    }
    moved
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proc(queue: &[f64]) -> Proc {
        Proc::new(queue.to_vec(), queue.iter().sum())
    }

    #[test]
    fn counts_follow_the_task_ends() {
        // ends 1, 3, 6: count 3 before t = 1, 2 on [1, 3), 1 on [3, 6), 0 from 6
        let mut pr = proc(&[1.0, 2.0, 3.0]);
        assert_eq!(pr.second_last_end(), 3.0);
        for (t, c) in [(0.0, 3), (0.5, 3), (1.0, 2), (2.9, 2), (3.0, 1), (5.0, 1), (6.0, 0), (9.0, 0)] {
            pr.advance(t);
            assert_eq!(pr.count(), c, "t = {t}");
            assert_eq!(pr.count() >= 2, pr.second_last_end() > t, "t = {t}");
        }
        assert_eq!(pr.busy, 6.0);
        assert_eq!(pr.next_change(), f64::INFINITY);
    }

    #[test]
    fn moves_keep_running_tasks_and_start_idle_receivers() {
        let mut a = proc(&[1.0, 2.0, 3.0, 4.0]);
        a.advance(0.5); // runs the 1.0 task, 3 queued
        let mut procs = vec![a, proc(&[])];
        procs[1].drain(0.5);
        let changes = [Change { proc: 0, before: 4, after: 2 }, Change { proc: 1, before: 0, after: 2 }];
        let mut pool = Vec::new();
        assert_eq!(apply(&mut procs, &changes, &mut pool, 0.75), 2);
        assert!(pool.is_empty());
        assert_eq!(procs[0].queue, vec![1.0, 2.0]);
        assert_eq!(procs[1].queue, vec![3.0, 4.0]);
        assert_eq!((procs[0].trigger, procs[1].trigger), (3.0, 7.75));
        assert_eq!(procs[1].second_last_end(), 3.75);
    }
}
