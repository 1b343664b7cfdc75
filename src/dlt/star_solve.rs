//! The rate-form solver behind [`super::star_allocate`], built for 10^6 children.
//!
//! One pass validates the children and finds whether they are already in send order and which
//! bits of `z` differ. Unless the order is the input's, a stable radix scatter then puts the
//! children, with their `w`, in buckets of `z` ([`super::radix`]); each bucket, from the last,
//! is sorted while in cache and fed straight to the backward recursion, which keeps only the
//! children it includes (moved to the tail of the same buffer). The forward pass and the
//! scatter into input positions then touch only those. No gather of `w` in sorted order and no
//! per-child index, cost or flag vectors are needed.

use super::error::{DltError, finite_result, non_negative, positive};
use super::radix::{self, Keyed};
use super::star::{INCLUDE_SLACK, flush};
use super::types::{Allocation, CostScale, OrderPolicy, Root, RootMode};

/// Below this many children the sort is one [`radix::sort`] instead of a scatter into 2048
/// buckets first.
const SCATTER_FROM: usize = 4096;

/// A child during the sort: `(z, w, idx)`, `z` with `−0` stored as `+0` (its bits are the
/// key), `w` and the input position. Once included by the recursion it holds `(c, a, idx)`.
/// A tuple, so that a zeroed buffer of them is allocated zeroed (no fill pass).
type Rec = (f64, f64, usize);

impl Keyed for Rec {
    #[inline(always)]
    fn key(&self) -> u64 {
        self.0.to_bits()
    }
}

/// The backward rate recursion `R` (see [`super::star_allocate`]) over children visited from the last sent.
#[derive(Clone, Copy)]
struct Rate {
    r: f64,
    t_cm: f64,
    t_cp: f64,
    /// Whether an included child has `c + a = 0` (an underflowed `a` with `z = 0`).
    zero_cost: bool,
}

impl Rate {
    /// Visits the next child backwards: `(c, a)` if it is included.
    #[inline(always)]
    fn visit(&mut self, z: f64, w: f64) -> Option<(f64, f64)> {
        let c = z * self.t_cm;
        if c * self.r < 1.0 + INCLUDE_SLACK {
            let a = w * self.t_cp;
            let d = c + a;
            self.r = (1.0 + a * self.r) / d;
            self.zero_cost |= d == 0.0;
            Some((c, a))
        } else {
            None
        }
    }

    /// Visits `recs[lo..hi]` backwards and moves the included children, as `(c, a, idx)`, to
    /// the positions before `free` (`free ≥ hi`, so only visited records are overwritten).
    /// Returns the new `free`.
    fn visit_run(&mut self, recs: &mut [Rec], lo: usize, hi: usize, mut free: usize) -> usize {
        // A local copy keeps `r` in a register across the loop.
        let mut rate = *self;
        for k in (lo..hi).rev() {
            let x = recs[k];
            if let Some((c, a)) = rate.visit(x.0, x.1) {
                free -= 1;
                recs[free] = (c, a, x.2);
            }
        }
        *self = rate;
        free
    }
}

/// What [`scan`] finds out about valid children.
struct Scan {
    /// Whether the `z` are non-decreasing.
    sorted: bool,
    /// The bits in which the keys of the `z` differ.
    diff: u64,
    /// Per-chunk bucket sizes for [`radix::scatter`] on the [`radix::top_digit`] of `diff`,
    /// when the digit guessed from a sample before the scan proved right.
    counts: Option<Vec<Vec<usize>>>,
}

/// Validates the children (the first bad one gives the error) and finds out the [`Scan`].
/// Chunks of a large input are scanned in parallel. With `count`, the scan also counts the
/// children per bucket of the first radix digit, guessed from a sample of the keys, which
/// saves the scatter a counting pass over the input when the guess is right.
fn scan(children: &[(f64, f64)], count: bool) -> Result<Scan, DltError> {
    let key = |c: &(f64, f64)| (c.0 + 0.0).to_bits();
    let n = children.len();
    let first = children.first().map_or(0, key);
    let sample = children.iter().step_by((n / 1024).max(1)).fold(0, |d, c| d | (key(c) ^ first));
    let guess = (count && n >= SCATTER_FROM && sample != 0).then(|| radix::top_digit(sample));
    let len = radix::chunk_len(n);
    let parts = radix::map_chunks(children, len, |c, part| {
        let prev = if c == 0 { first } else { key(&children[c * len - 1]) };
        match guess {
            Some(digit) => scan_part::<true>(part, c * len, first, prev, digit),
            None => scan_part::<false>(part, c * len, first, prev, (0, 0)),
        }
    });
    // Each chunk reports its first bad child, so the first error is the input's first.
    let (mut sorted, mut diff, mut counts) = (true, 0, Vec::with_capacity(parts.len()));
    for p in parts {
        let (s, d, c) = p?;
        sorted &= s;
        diff |= d;
        counts.push(c);
    }
    let counts = (guess.is_some() && guess == Some(radix::top_digit(diff))).then_some(counts);
    Ok(Scan { sorted, diff, counts })
}

/// [`scan`] of `part`, the children from position `offset`, after a child with key `prev`;
/// with `COUNT`, also the bucket sizes on the digit `(shift, bits)`.
fn scan_part<const COUNT: bool>(
    part: &[(f64, f64)],
    offset: usize,
    first: u64,
    mut prev: u64,
    (shift, bits): (u32, u32),
) -> Result<(bool, u64, Vec<usize>), DltError> {
    let (mut sorted, mut diff) = (true, 0u64);
    let mut count = vec![0usize; if COUNT { 1 << bits } else { 0 }];
    let mask = (1u64 << bits) - 1;
    // Blocks are checked without a branch per child; a bad block is checked again one by one.
    const BLOCK: usize = 256;
    const INFINITY_BITS: u64 = f64::INFINITY.to_bits();
    const MAX_BITS: u64 = f64::MAX.to_bits();
    for (b, block) in part.chunks(BLOCK).enumerate() {
        let mut ok = true;
        for &(z, w) in block {
            let k = (z + 0.0).to_bits();
            // `z` finite and ≥ 0: the bits of `z + 0` (−0 → +0) are below those of +∞ (negative
            // numbers have the sign bit, NaN are above). `w` finite and > 0: the bits of `w`
            // are in 1..=bits(f64::MAX).
            ok &= (k < INFINITY_BITS) & (w.to_bits().wrapping_sub(1) < MAX_BITS);
            sorted &= prev <= k;
            prev = k;
            diff |= k ^ first;
            if COUNT {
                count[((k >> shift) & mask) as usize] += 1;
            }
        }
        if !ok {
            for (i, &(z, w)) in block.iter().enumerate() {
                non_negative("child z", offset + b * BLOCK + i, z)?;
                positive("child w", offset + b * BLOCK + i, w)?;
            }
        }
    }
    Ok((sorted, diff, count))
}

/// Children per group of buckets in [`sort_and_visit`].
const GROUP: usize = 1 << 15;

/// Sorts the buckets of `part` (`recs[offset..offset + part.len()]`, `starts` the bucket starts
/// of `recs`, `offset` one of them).
fn sort_buckets(part: &mut [Rec], offset: usize, starts: &[usize], tmp: &mut Vec<Rec>) {
    let lo = starts.partition_point(|&s| s < offset);
    let hi = starts.partition_point(|&s| s <= offset + part.len());
    for b in starts[lo..hi].windows(2) {
        radix::sort(&mut part[b[0] - offset..b[1] - offset], tmp);
    }
}

/// Sorts the buckets of `recs` and runs the backward recursion over them from the last, moving
/// the included children to the tail; returns where they start. Buckets go in groups of about
/// [`GROUP`] children: the next group is sorted (on another thread when one is free) while the
/// recursion visits the current one. The result does not depend on the threads.
fn sort_and_visit(recs: &mut [Rec], starts: &[usize], rate: &mut Rate) -> usize {
    let n = recs.len();
    // Group boundaries, descending from n to 0, at bucket starts.
    let mut cuts = vec![n];
    for &s in starts.iter().rev() {
        if cuts.last().is_some_and(|&c| c - s >= GROUP) {
            cuts.push(s);
        }
    }
    if cuts.last() != Some(&0) {
        cuts.push(0);
    }
    let mut tmp = Vec::new();
    sort_buckets(&mut recs[cuts[1]..], cuts[1], starts, &mut tmp);
    if cuts.len() == 2 {
        return rate.visit_run(recs, 0, n, n);
    }
    let mut free = n;
    for j in 0..cuts.len() - 1 {
        let base = cuts[j + 1];
        let (left, right) = recs.split_at_mut(base);
        let mut sort_next = || {
            if let Some(&next) = cuts.get(j + 2) {
                sort_buckets(&mut left[next..], next, starts, &mut tmp);
            }
        };
        let mut visit = || free = base + rate.visit_run(right, 0, cuts[j] - base, free - base);
        if n >= radix::PARALLEL_FROM {
            rayon::join(visit, sort_next);
        } else {
            visit();
            sort_next();
        }
    }
    free
}

/// `star_allocate` once the scale, load and root are validated: see its documentation. Large
/// inputs are solved on a rayon worker, so that the parallel steps inside do not each hand work
/// over from the calling thread and wait for it.
pub(crate) fn allocate(
    root: Root,
    children: &[(f64, f64)],
    scale: CostScale,
    order: OrderPolicy,
    load: f64,
) -> Result<Allocation, DltError> {
    let solve = || solve(root, children, scale, order, load);
    if children.len() >= radix::PARALLEL_FROM && rayon::current_thread_index().is_none() {
        rayon::join(solve, || ()).0
    } else {
        solve()
    }
}

/// [`allocate`] on the current thread.
fn solve(
    root: Root,
    children: &[(f64, f64)],
    scale: CostScale,
    order: OrderPolicy,
    load: f64,
) -> Result<Allocation, DltError> {
    let Scan { sorted, diff, counts } = scan(children, order == OrderPolicy::Optimal)?;
    let n = children.len();
    let root_mode = root.mode();
    // A non-computing root has no speed; 1/a0 is then never used.
    let a0 = root.w().map_or(f64::INFINITY, |w| w * scale.t_cp);
    let mut rate = Rate {
        r: if root_mode == RootMode::NoFrontEnd { 1.0 / a0 } else { 0.0 },
        t_cm: scale.t_cm,
        t_cp: scale.t_cp,
        zero_cost: false,
    };
    // `recs[first..]`: the included children as `(c, a, idx)` in send order.
    let (recs, first) = if sorted || order == OrderPolicy::AsGiven {
        let mut inc = Vec::new();
        for (idx, &(z, w)) in children.iter().enumerate().rev() {
            if let Some((c, a)) = rate.visit(z, w) {
                inc.push((c, a, idx));
            }
        }
        inc.reverse();
        (inc, 0)
    } else {
        let make = |idx, (z, w): (f64, f64)| (z + 0.0, w, idx);
        let (mut recs, starts) = if n >= SCATTER_FROM {
            radix::scatter(children, make, diff, (0.0, 0.0, 0), counts)
        } else {
            (children.iter().enumerate().map(|(i, &c)| make(i, c)).collect(), vec![0, n])
        };
        let free = sort_and_visit(&mut recs, &starts, &mut rate);
        (recs, free)
    };
    let r = if root_mode == RootMode::FrontEnd { rate.r + 1.0 / a0 } else { rate.r };
    let t = 1.0 / r;
    let inc = &recs[first..];
    let mut alpha = vec![0.0; n + 1];
    let mut participating = vec![false; n + 1];
    let mut send_order = Vec::with_capacity(inc.len());
    let (mut tau, mut finite) = (t, true);
    for x in inc {
        // Once τ is 0 every later share is 0/(c + a) = 0 and τ stays 0, unless some c + a is 0
        // (0/0 is NaN and must be reported), so the remaining children keep their 0.
        if tau == 0.0 && !rate.zero_cost {
            break;
        }
        let d = x.0 + x.1;
        let share = flush(tau / d);
        // τ − c·α = τ·a/(c + a), written without cancellation when c ≫ a.
        tau = flush(tau * x.1 / d);
        let (i, v) = (x.2 + 1, share * load);
        alpha[i] = v;
        finite &= v.is_finite();
        if v > 0.0 {
            participating[i] = true;
            send_order.push(i);
        }
    }
    let alpha_root = match root_mode {
        RootMode::FrontEnd => t / a0,
        RootMode::NoFrontEnd => tau / a0,
        RootMode::NonComputing => 0.0,
    };
    alpha[0] = alpha_root * load;
    participating[0] = root_mode != RootMode::NonComputing && alpha_root > 0.0;
    let makespan = t * load;
    if finite && alpha[0].is_finite() {
        finite_result(makespan, [])?;
    } else {
        finite_result(makespan, &alpha)?;
    }
    Ok(Allocation { alpha, makespan, send_order, participating, w_equivalent: t / scale.t_cp })
}

#[cfg(test)]
mod tests {
    use crate::dlt::{CostScale, Options, OrderPolicy, Root, Star, star_allocate, star_optimal_order};

    /// The sorted path (radix buckets, in-place compaction, early stop of the forward pass)
    /// gives bit for bit what serving the children presorted by `z` gives.
    #[test]
    fn optimal_order_equals_presorted_input() {
        for n in [7usize, 300, 5000, 40_000, 100_000] {
            let children: Vec<(f64, f64)> = (0..n)
                .map(|i| {
                    let z = match i % 5 {
                        0 => 0.0,
                        1 => -0.0,
                        2 => ((i * 7919) % 613) as f64 * 10f64.powi((i % 13) as i32 - 6),
                        _ => 0.1 + ((i * 31) % 97) as f64 * 1e-3,
                    };
                    (z, 1.0 + (i % 7) as f64 * 0.3)
                })
                .collect();
            let order = star_optimal_order(&children);
            let sorted: Vec<(f64, f64)> = order.iter().map(|&i| children[i]).collect();
            for root in [Root::FrontEnd { w: 2.0 }, Root::NoFrontEnd { w: 2.0 }, Root::NonComputing] {
                let opts = Options::load(5.0).with_scale(CostScale::new(0.7, 3.3).unwrap());
                let a = star_allocate(Star::new(root, &children), opts).unwrap();
                let b = star_allocate(Star::new(root, &sorted), opts.with_order(OrderPolicy::AsGiven)).unwrap();
                assert_eq!(a.makespan.to_bits(), b.makespan.to_bits());
                assert_eq!(a.alpha[0].to_bits(), b.alpha[0].to_bits());
                for (k, &i) in order.iter().enumerate() {
                    assert_eq!(a.alpha[i + 1].to_bits(), b.alpha[k + 1].to_bits(), "n = {n}, child {i}");
                }
                let send: Vec<usize> = b.send_order.iter().map(|&p| order[p - 1] + 1).collect();
                assert_eq!(a.send_order, send);
                assert!(a.send_order.len() > 1);
            }
        }
    }

    /// The chunked validation reports the first bad child, as the sequential one does.
    #[test]
    fn scan_reports_the_first_bad_child() {
        let good = vec![(0.5, 1.0); 300_000];
        for bad in
            [vec![(7, (-1.0, 1.0)), (250_000, (f64::NAN, 1.0))], vec![(200_000, (1.0, 0.0)), (299_999, (-0.5, 1.0))]]
        {
            let mut children = good.clone();
            for &(i, c) in &bad {
                children[i] = c;
            }
            let want = crate::dlt::star::validate_children(&children).unwrap_err();
            assert_eq!(super::scan(&children, true).err(), Some(want));
        }
        // Edge values, valid or not, give the sequential verdict.
        let edges =
            [0.0, -0.0, f64::MIN_POSITIVE / 4.0, 1.0, f64::MAX, f64::INFINITY, -1.0, -f64::MAX, f64::NAN, -f64::NAN];
        for z in edges {
            for w in edges {
                let mut children = vec![(0.5, 1.0); 5000];
                children[1234] = (z, w);
                // Compared as text: NaN values are not equal to themselves.
                let want = format!("{:?}", crate::dlt::star::validate_children(&children).err());
                assert_eq!(format!("{:?}", super::scan(&children, true).err()), want, "z = {z}, w = {w}");
            }
        }
        let sorted: Vec<(f64, f64)> = (0..300_000).map(|i| (i as f64, 1.0)).collect();
        assert!(super::scan(&sorted, true).unwrap().sorted);
        let mut unsorted = sorted.clone();
        unsorted.swap(149_999, 150_000);
        let scan = super::scan(&unsorted, true).unwrap();
        assert!(!scan.sorted);
        // The digit guessed from the sample is the right one here, and the counts add up.
        let counts = scan.counts.unwrap();
        assert_eq!(counts.iter().flatten().sum::<usize>(), unsorted.len());
        assert!(super::scan(&unsorted, false).unwrap().counts.is_none());
    }

    /// A child with `c + a = 0` (an underflowed `a` and `z = 0`) still makes the result an error.
    #[test]
    fn zero_cost_child_after_the_shares_vanish_is_reported() {
        let mut children = vec![(1.0, 1.0); 5000];
        children.push((0.0, 1e-200));
        let opts = Options::default().with_scale(CostScale::new(1e-200, 1.0).unwrap()).with_order(OrderPolicy::AsGiven);
        assert!(star_allocate(Star::new(Root::FrontEnd { w: 1.0 }, &children), opts).is_err());
    }
}
