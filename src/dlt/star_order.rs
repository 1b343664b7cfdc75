//! The children of a star in send order (by `z`) for the passes of the rate-form solver
//! (`star_solve.rs`): the input itself when it is already in that order, else records
//! `(z, w, idx)` sorted by `z` ([`Sequence`]).
//!
//! **Unsorted children in the optimal order** are put in order only as far as the passes go
//! ([`Lazy`]): the children of the first buckets of the top radix digit of `z` (about 2^15 of
//! them) are gathered by one read of the input and sorted; only if the passes go past them is
//! everything scattered into buckets ([`super::radix`]), sorted group by group as they are
//! reached. A star whose shares vanish after a few thousand children sorts a few tens of
//! thousands, whatever `n`. When a sample of the children (one in 256) shows that the shares
//! will not vanish before the last child, no head is gathered ([`Decay`]). Shorter stars (below
//! 4,096 children) are sorted at once, into a buffer of records the thread keeps for its next
//! allocation ([`KEEP_RECS`]).
//!
//! The sort is the hand-written radix sort rather than a comparison sort: rayon's stable
//! `par_sort_by` with `f64::total_cmp` takes 5.8 times as long at 1,000 children (22.2 against
//! 3.8 µs) and 4.4 times at 10^6 (31.0 against 7.0 ms) (benches/dlt.rs, group `sort`,
//! 2026-11-29, load average 1.1–1.5).

use super::participation::{K, share};
use super::radix::{self, Keyed};
use super::worker::Worker;
use std::cell::Cell;

/// A child during the sort: `(z, w, idx)`, `z` with `−0` stored as `+0` (its bits are the
/// key), `w` and the input position; once sorted and walked by the forward sum (`RateSum`),
/// the child's term replaces its `z` ([`Child::keep`]). A tuple, so that a zeroed buffer of
/// them is allocated zeroed (no fill pass).
pub(super) type Rec = (f64, f64, usize);

/// The record of the child `worker` at input position `idx`.
#[inline(always)]
fn record(idx: usize, Worker { w, z }: Worker) -> Rec {
    (z + 0.0, w, idx)
}

impl Keyed for Rec {
    #[inline(always)]
    fn key(&self) -> u64 {
        self.0.to_bits()
    }
}

/// Short stars (fewer than [`radix::SCATTER_FROM`] children) are sorted into a buffer kept by
/// the thread for its next allocation, at most this many records (96 KB): reused, it needs
/// neither an allocation nor zeroing, about 5 % of the allocation of a thousand children.
/// The sort overwrites every record, so that what it held never shows in a result.
const KEEP_RECS: usize = radix::SCATTER_FROM;

thread_local! {
    /// The sort buffer of the thread's last short star (see [`KEEP_RECS`]).
    static RECS: std::cell::Cell<Vec<Rec>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Children per group of buckets sorted at once in [`Buckets`].
const GROUP: usize = 1 << 15;

/// Children scattered into radix buckets of `z`, sorted group by group on demand.
struct Buckets {
    recs: Vec<Rec>,
    /// Bucket starts (one more than buckets).
    starts: Vec<usize>,
    /// The first bucket not yet sorted; `recs[..starts[next]]` is in send order.
    next: usize,
}

impl Buckets {
    /// Whether the star is large enough for its sort to be shared among threads.
    fn parallel(&self) -> bool {
        self.recs.len() >= radix::PARALLEL_FROM
    }

    /// The bucket after the group of about [`GROUP`] children that starts at bucket `from`.
    fn group_end(&self, from: usize) -> usize {
        let begin = self.starts[from];
        let mut to = from + 1;
        while to + 1 < self.starts.len() && self.starts[to] - begin < GROUP {
            to += 1;
        }
        to
    }

    /// Sorts the next group of about [`GROUP`] children (a large one on every thread).
    fn sort_next_group(&mut self) {
        let (from, to) = (self.next, self.group_end(self.next));
        let parallel = self.parallel();
        let bounds = &self.starts[from..=to];
        radix::sort_buckets(&mut self.recs[bounds[0]..bounds[to - from]], bounds, parallel);
        self.next = to;
    }
}

/// A child in send order: `(z, w)` of the input (its position is where it sits) or a sorted
/// [`Rec`] (in a [`Cell`], so that the forward sum, `RateSum`, can keep the child's term in it
/// while reading the run).
pub(super) trait Child {
    fn zw(&self) -> (f64, f64);
    /// The input position of the child at position `pos` of the send order.
    fn idx(&self, pos: usize) -> usize;
    /// Keeps the child's term `π_k/d_k` for the share pass ([`Child::term`]): a child of the
    /// input in its slot of `alpha`, a sorted record in place of its `z` (which the passes no
    /// longer read once the term is known) and, with `slots` (a large star), in its slot of
    /// `alpha` too. That slot is written at random while the other threads sort the next group
    /// (the forward sum waits for them); kept in the record too, the term can be read back in
    /// send order, so that the share pass reads nothing at random (see `Shares::scaled` in
    /// `star_solve.rs`). A short star's records skip the second write (6 % of the allocation
    /// of 1,000 children).
    fn keep(&self, pos: usize, term: f64, alpha: &mut [f64], slots: bool);
    /// The term kept by [`Child::keep`].
    fn term(&self, pos: usize, alpha: &[f64]) -> f64;
    /// The child's share once `Shares::scale_all` scaled every slot of `alpha`: the slot
    /// itself for a child of the input, the same expression on the record's term for a sorted
    /// record (no read at random).
    fn scaled_share(&self, pos: usize, alpha: &[f64], t: f64, load: f64) -> f64;
}

impl Child for Worker {
    #[inline(always)]
    fn zw(&self) -> (f64, f64) {
        (self.z, self.w)
    }
    #[inline(always)]
    fn idx(&self, pos: usize) -> usize {
        pos
    }
    #[inline(always)]
    fn keep(&self, pos: usize, term: f64, alpha: &mut [f64], _: bool) {
        alpha[pos + 1] = term;
    }
    #[inline(always)]
    fn term(&self, pos: usize, alpha: &[f64]) -> f64 {
        alpha[pos + 1]
    }
    #[inline(always)]
    fn scaled_share(&self, pos: usize, alpha: &[f64], _: f64, _: f64) -> f64 {
        alpha[pos + 1]
    }
}

impl Child for Cell<Rec> {
    #[inline(always)]
    fn zw(&self) -> (f64, f64) {
        let (z, w, _) = self.get();
        (z, w)
    }
    #[inline(always)]
    fn idx(&self, _: usize) -> usize {
        self.get().2
    }
    #[inline(always)]
    fn keep(&self, _: usize, term: f64, alpha: &mut [f64], slots: bool) {
        let (_, w, idx) = self.get();
        self.set((term, w, idx));
        if slots {
            alpha[idx + 1] = term;
        }
    }
    #[inline(always)]
    fn term(&self, _: usize, _: &[f64]) -> f64 {
        self.get().0
    }
    #[inline(always)]
    fn scaled_share(&self, _: usize, _: &[f64], t: f64, load: f64) -> f64 {
        share(self.get().0, t, load)
    }
}

/// The records of `recs` as cells ([`Child`]).
pub(super) fn cells(recs: &mut [Rec]) -> &[Cell<Rec>] {
    Cell::from_mut(recs).as_slice_of_cells()
}

/// The children in send order, run by run.
pub(super) enum Sequence<'a> {
    /// The input, already in send order.
    Input(&'a [Worker]),
    /// Unsorted children, put in order as the passes reach them (see [`Lazy`]).
    Lazy(Lazy<'a>),
    /// One sorted vector (short inputs).
    Sorted(Vec<Rec>),
}

/// Children to be served by `z`, put in order only as far as the passes need: first the
/// children of the first buckets of the top radix digit holding at least [`GROUP`] of them
/// (gathered by one read of the input and sorted: a star whose shares vanish after a few
/// thousand children stops there), then, only if the passes go on, all children scattered into
/// buckets sorted group by group ([`Buckets`]).
pub(super) struct Lazy<'a> {
    children: &'a [Worker],
    /// The smallest and largest key (`lo < hi`), which set the buckets ([`radix::TopDigit`]).
    keys: (u64, u64),
    head: Vec<Rec>,
    /// Buckets in `head`.
    head_buckets: usize,
    rest: Option<Buckets>,
}

impl<'a> Lazy<'a> {
    /// `costs`: `(t_cm, t_cp, r0)` as in the forward sum (`RateSum`).
    fn new(children: &'a [Worker], keys: (u64, u64), (t_cm, t_cp, r0): (f64, f64, f64)) -> Self {
        let n = children.len();
        let digit = radix::TopDigit::first(keys.0, keys.1);
        let buckets = digit.buckets;
        let bucket = move |z: f64| digit.bucket((z + 0.0).to_bits());
        // Every 256th child tells whether the passes will go through everyone
        // ([`Decay::goes_through`]; one division each).
        let mut decay = Decay::default();
        children.iter().step_by(256).for_each(|c| decay.add(c.z * t_cm, c.w * t_cp, r0));
        if decay.goes_through(256) {
            // No head: everything is scattered at once.
            return Lazy { children, keys, head: Vec::new(), head_buckets: 0, rest: None };
        }
        // Bucket sizes estimated from every 16th child: the head holds about GROUP children.
        let mut sample = vec![0usize; buckets];
        children.iter().step_by(16).for_each(|c| sample[bucket(c.z)] += 16);
        let (mut head_buckets, mut total) = (0, 0);
        while head_buckets < buckets && total < GROUP {
            total += sample[head_buckets];
            head_buckets += 1;
        }
        let len = radix::chunk_len(n);
        let parts = radix::map_chunks(children, len, |c, part| {
            let offset = c * len;
            part.iter()
                .enumerate()
                .filter(|(_, x)| bucket(x.z) < head_buckets)
                .map(|(i, &x)| record(offset + i, x))
                .collect::<Vec<Rec>>()
        });
        let mut head = Vec::with_capacity(parts.iter().map(Vec::len).sum());
        parts.iter().for_each(|p| head.extend_from_slice(p));
        radix::sort(&mut head, &mut Vec::new());
        Lazy { children, keys, head, head_buckets, rest: None }
    }
}

/// The product of the ratios `ρ = a/(c + a)` of a sample of the children, kept as a mantissa
/// and a power of two, and whether a sampled child is excluded (`c·r0 ≥ K`).
#[derive(Default)]
pub(super) struct Decay {
    product: Option<f64>,
    log2_scale: i32,
    excluded: bool,
}

impl Decay {
    pub(super) fn add(&mut self, c: f64, a: f64, r0: f64) {
        self.excluded |= c * r0 >= K;
        let mut p = self.product.unwrap_or(1.0) * (a / (c + a));
        if p < 1e-200 {
            p *= 2f64.powi(600);
            self.log2_scale -= 600;
        }
        self.product = Some(p);
    }

    /// Whether the passes will, as far as the sample shows, go through every child: no sampled
    /// child is excluded and `π` after all the children, estimated as the sample's product to
    /// the power `every` (one child in `every` sampled), stays above 2^−30. Besides an excluded
    /// child, the forward sum stops only once `π·K < 2^−60·Σ·c_k`; each term `π_j/d_j` is at
    /// most `1/c_j`, so `Σ·c_k ≤ Σ_{j<k} c_k/c_j`, and with `π` above 2^−30 the sum goes on
    /// through a star of `n` children whose link costs `c` differ by less than a factor
    /// `2^30/n`. It is an estimate (of `π` from a sample, and a bound that other stars need
    /// not meet), so a wrong verdict is possible; it only costs time, as both ways give the
    /// same bits. The head of the lazy sort (gathering and sorting the first ~2^15 children by
    /// one read of the input) would otherwise be work done twice: the all-participating star
    /// of 10^6 children spent 1.6 ms of its 15 ms there (benches/dlt.rs).
    pub(super) fn goes_through(&self, every: i32) -> bool {
        let Some(p) = self.product else {
            return false;
        };
        let log2 = (p.log2() + f64::from(self.log2_scale)) * f64::from(every);
        !self.excluded && log2 > -30.0
    }
}

impl<'a> Sequence<'a> {
    /// The children in send order: the input if `sorted` (found by the validation scan), else
    /// sorted records, at once for a short star (into the thread's buffer, [`KEEP_RECS`]) or
    /// as far as the passes go ([`Lazy`]). `keys`: the smallest and largest key (`lo < hi` when
    /// not `sorted`); `costs`: `(t_cm, t_cp, r0)`, which tell how far the passes may go
    /// ([`Decay`]).
    pub(super) fn new(children: &'a [Worker], sorted: bool, keys: (u64, u64), costs: (f64, f64, f64)) -> Self {
        if sorted {
            Sequence::Input(children)
        } else if children.len() >= radix::SCATTER_FROM {
            Sequence::Lazy(Lazy::new(children, keys, costs))
        } else {
            let mut recs = RECS.take();
            radix::sort_short(children, record, keys, (0.0, 0.0, 0), &mut recs);
            Sequence::Sorted(recs)
        }
    }

    /// Gives a short star's sort buffer back to the thread, for its next allocation.
    pub(super) fn recycle(self) {
        if let Sequence::Sorted(recs) = self
            && recs.capacity() <= KEEP_RECS
        {
            RECS.set(recs);
        }
    }

    /// Feeds the children in send order, a sorted run at a time, to `f(run, start)` while it
    /// returns `true`. `ahead`: `f` is expected to read on (the forward sum), so that a large
    /// star's next group of buckets is sorted while `f` reads the current one.
    pub(super) fn runs(&mut self, ahead: bool, mut f: impl FnMut(Run<'_>, usize) -> bool + Send) {
        match self {
            Sequence::Input(children) => {
                f(Run::Input(children), 0);
            }
            Sequence::Sorted(recs) => {
                f(Run::Recs(cells(recs)), 0);
            }
            Sequence::Lazy(lazy) => {
                if !f(Run::Recs(cells(&mut lazy.head)), 0) || lazy.head.len() == lazy.children.len() {
                    return;
                }
                let b = lazy.rest.get_or_insert_with(|| {
                    let (recs, starts) = radix::scatter(lazy.children, record, lazy.keys, (0.0, 0.0, 0));
                    Buckets { recs, starts, next: lazy.head_buckets }
                });
                let n = b.recs.len();
                let mut k = lazy.head.len();
                while k < n {
                    if k >= b.starts[b.next] {
                        b.sort_next_group();
                    }
                    let ready = b.starts[b.next];
                    let more = if ahead && ready < n && b.parallel() {
                        // The next group is sorted (on the other threads) while `f` reads this
                        // one (it is sorted for nothing if `f` stops in this one).
                        let (from, to) = (b.next, b.group_end(b.next));
                        let bounds = &b.starts[from..=to];
                        let (done, rest) = b.recs.split_at_mut(ready);
                        let run = &mut done[k..];
                        let (more, ()) = rayon::join(
                            || f(Run::Recs(cells(run)), k),
                            || radix::sort_buckets(&mut rest[..bounds[to - from] - ready], bounds, true),
                        );
                        b.next = to;
                        more
                    } else {
                        f(Run::Recs(cells(&mut b.recs[k..ready])), k)
                    };
                    if !more {
                        return;
                    }
                    k = ready;
                }
            }
        }
    }
}

/// A run of children in send order.
pub(super) enum Run<'a> {
    Input(&'a [Worker]),
    Recs(&'a [Cell<Rec>]),
}
