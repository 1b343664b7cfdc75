//! Stable most-significant-digit-first radix sort of records by a `u64` key.
//!
//! One counting scatter on the range of the keys splits a large input into up to 1024 buckets
//! of equal width ([`TopDigit`]); each bucket is then sorted on its own (while it sits in
//! cache, [`sort_buckets`]) by a scatter on the range of *its* keys, split evenly into one to
//! two buckets per record. When no bucket holds more than a few records, one insertion pass
//! over the slice finishes (without a branch per bucket); otherwise each bucket is sorted the
//! same way, down to insertion sorts of a few records. Slices whose keys are all equal are left as they are, so ties keep their
//! order (stable) and inputs with few distinct keys cost little more than the first scatter.

use rayon::prelude::*;

/// A record sorted by [`Keyed::key`].
pub(crate) trait Keyed: Copy {
    /// The sort key (for non-negative floats: their bit pattern after `−0 → +0`).
    fn key(&self) -> u64;
}

/// A key and a position (as sorted by `stable_order_by`).
impl Keyed for (u64, usize) {
    fn key(&self) -> u64 {
        self.0
    }
}

/// The key of `x` that orders like `f64::total_cmp` (for non-negative floats, their bits with
/// the top bit set): the sign bit flipped, and every bit of a negative number.
#[inline]
pub(crate) fn f64_key(x: f64) -> u64 {
    let b = x.to_bits();
    if b >> 63 == 1 { !b } else { b | 1 << 63 }
}

/// Largest digit width of the scatter of a slice sorted in cache (2048 buckets).
const TOP_BITS: u32 = 11;
/// Digit width of the first scatter of a large input (1024 buckets): with 2048 the scatter of
/// 10^6 records of 24 B writes to more pages at once than the translation buffer holds, and
/// the all-participating star of 10^6 children took 17–19 ms against 15.2–16.0 ms with 1024
/// (and 15.0–16.6 ms with 512, slower again with 256; 45 allocations each, 2026-11-29).
const FIRST_BITS: u32 = 10;
/// Slices up to this length are insertion sorted.
const SMALL: usize = 24;

/// Inputs at least this long are processed in parallel chunks.
pub(crate) const PARALLEL_FROM: usize = 1 << 16;

/// Input chunks processed in parallel: results never depend on it, only the speed.
pub(crate) fn chunk_count(n: usize) -> usize {
    if n < PARALLEL_FROM { 1 } else { rayon::current_num_threads().clamp(1, 8) }
}

/// Length of the chunks of an input of `n` elements (all but the last).
pub(crate) fn chunk_len(n: usize) -> usize {
    n.div_ceil(chunk_count(n)).max(1)
}

/// A digit of keys `lo..=hi` (`lo < hi`): their range split into buckets of equal width,
/// `(key − lo) >> shift`, at most `2^bits`. The first scatter of a large input ([`scatter`],
/// [`TopDigit::first`]) and the scatter of each bucket ([`scatter_range`]) use it. Splitting
/// the range of the keys rather than taking the highest bits in which they differ keeps the
/// buckets even when the keys straddle a power of two: floats in [1e-7, 2e-7) differ in four
/// exponent bits of which only two values occur, and the highest 11 bits in which they differ
/// made about 110 buckets of 9,000 records instead of 2,048 of 500 (benches/dlt.rs, `star all
/// participating`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct TopDigit {
    lo: u64,
    shift: u32,
    /// Digit width: `(key − lo) >> shift` is below `2^bits`.
    bits: u32,
    /// The number of buckets, `((hi − lo) >> shift) + 1`.
    pub(crate) buckets: usize,
}

impl TopDigit {
    /// The digit of keys `lo..=hi` (`lo < hi`) at most `max_bits` wide.
    fn new(lo: u64, hi: u64, max_bits: u32) -> Self {
        let top = u64::BITS - (hi - lo).leading_zeros();
        let bits = max_bits.min(top);
        let shift = top - bits;
        TopDigit { lo, shift, bits, buckets: ((hi - lo) >> shift) as usize + 1 }
    }

    /// The digit of the first scatter of a large input: at most 2^[`FIRST_BITS`] buckets.
    pub(crate) fn first(lo: u64, hi: u64) -> Self {
        TopDigit::new(lo, hi, FIRST_BITS)
    }

    /// The bucket of `key`; a key outside `lo..=hi` (a caller's mistake) lands in the last
    /// bucket rather than out of bounds.
    #[inline(always)]
    pub(crate) fn bucket(&self, key: u64) -> usize {
        ((key.wrapping_sub(self.lo) >> self.shift) as usize).min(self.buckets - 1)
    }
}

/// `f(c, chunk)` for the chunks of `len` elements of `src`, in parallel when there are several.
pub(crate) fn map_chunks<S: Sync, R: Send>(src: &[S], len: usize, f: impl Fn(usize, &[S]) -> R + Sync) -> Vec<R> {
    if src.len() <= len {
        vec![f(0, src)]
    } else {
        src.par_chunks(len).enumerate().map(|(c, part)| f(c, part)).collect()
    }
}

/// Stable counting scatter of the records `make(i, src[i])` on the [`TopDigit`] of their keys
/// (`lo..=hi`, `lo < hi`). Returns the records and the start of each bucket (one more entry
/// than buckets, the last being `src.len()`); `fill` only initialises memory (an all-zero
/// tuple or number is allocated zeroed, without a fill loop). Sort the buckets with
/// [`sort_buckets`] to finish.
///
/// Large inputs are cut into chunks ([`chunk_len`]) that are counted and scattered in
/// parallel, each into its own slice of every bucket (the chunks in input order), which is the
/// sequential result.
pub(crate) fn scatter<S: Copy + Sync, T: Keyed + Send + Sync>(
    src: &[S],
    make: impl Fn(usize, S) -> T + Sync,
    (lo, hi): (u64, u64),
    fill: T,
) -> (Vec<T>, Vec<usize>) {
    let digit = TopDigit::first(lo, hi);
    let buckets = digit.buckets;
    let bucket = |r: &T| digit.bucket(r.key());
    let len = chunk_len(src.len());
    let counts = map_chunks(src, len, |c, part| {
        let mut count = vec![0usize; buckets];
        for (j, &s) in part.iter().enumerate() {
            count[bucket(&make(c * len + j, s))] += 1;
        }
        count
    });
    let mut starts = vec![0usize; buckets + 1];
    for d in 0..buckets {
        starts[d + 1] = starts[d] + counts.iter().map(|c| c[d]).sum::<usize>();
    }
    let mut out = vec![fill; src.len()];
    // slots[c][d]: where chunk c writes its records of bucket d.
    let mut slots: Vec<Vec<std::slice::IterMut<T>>> = counts.iter().map(|_| Vec::with_capacity(buckets)).collect();
    let mut rest = &mut out[..];
    for d in 0..buckets {
        for (c, count) in counts.iter().enumerate() {
            let (head, tail) = std::mem::take(&mut rest).split_at_mut(count[d]);
            slots[c].push(head.iter_mut());
            rest = tail;
        }
    }
    let scatter_part = |c: usize, (part, mut slot): (&[S], Vec<std::slice::IterMut<T>>)| {
        for (j, &s) in part.iter().enumerate() {
            let r = make(c * len + j, s);
            if let Some(x) = slot[bucket(&r)].next() {
                *x = r;
            }
        }
    };
    if slots.len() == 1 {
        src.chunks(len).zip(slots).enumerate().for_each(|(c, p)| scatter_part(c, p));
    } else {
        src.par_chunks(len).zip(slots.into_par_iter()).enumerate().for_each(|(c, p)| scatter_part(c, p));
    }
    (out, starts)
}

/// Stable sort of `v` by key; `tmp` is scratch space (grown as needed, contents irrelevant).
pub(crate) fn sort<T: Keyed>(v: &mut [T], tmp: &mut Vec<T>) {
    if v.len() <= SMALL {
        insertion_sort(v);
        return;
    }
    let (lo, hi) = v.iter().fold((u64::MAX, 0u64), |(l, h), x| (l.min(x.key()), h.max(x.key())));
    if lo == hi {
        return;
    }
    tmp.clear();
    tmp.extend_from_slice(v);
    let ends = scatter_range(tmp, |_, x| x, v, (lo, hi));
    finish(v, ends, tmp);
}

/// Stable sort of the records `make(i, src[i])` of a short input whose smallest and largest keys
/// (`lo`, `hi`) are known, into `out` (its previous contents are irrelevant: every slot is
/// overwritten, and a buffer reused from call to call needs no zeroing): the records are made
/// from `src` as they are counted and as they are scattered into `out` ([`scatter_range`]), so
/// that no copy of them is needed.
pub(crate) fn sort_short<S: Copy, T: Keyed>(
    src: &[S],
    make: impl Fn(usize, S) -> T,
    (lo, hi): (u64, u64),
    fill: T,
    out: &mut Vec<T>,
) {
    if src.len() <= SMALL || lo == hi {
        out.clear();
        out.extend(src.iter().enumerate().map(|(i, &s)| make(i, s)));
        insertion_sort(out);
        return;
    }
    out.resize(src.len(), fill);
    let ends = scatter_range(src, make, out, (lo, hi));
    finish(out, ends, &mut Vec::new());
}

/// Stable counting scatter of `src` into `dst` (as long) on buckets splitting the range of the
/// keys `lo..=hi` (`lo < hi`) evenly, one to two buckets per record. Returns the ends of the
/// buckets if one holds more than [`SMALL`] records, else `None` (every record is then at most
/// [`SMALL`] places from its place, see [`finish`]).
fn scatter_range<S: Copy, T: Keyed>(
    src: &[S],
    make: impl Fn(usize, S) -> T,
    dst: &mut [T],
    (lo, hi): (u64, u64),
) -> Option<Vec<usize>> {
    let want = (usize::BITS - src.len().leading_zeros()).clamp(4, TOP_BITS);
    let digit = TopDigit::new(lo, hi, want);
    let d = (lo, digit.shift, digit.bits);
    match digit.bits {
        ..=4 => scatter_into::<S, T, { 1 << 4 }>(src, make, dst, d),
        5 => scatter_into::<S, T, { 1 << 5 }>(src, make, dst, d),
        6 => scatter_into::<S, T, { 1 << 6 }>(src, make, dst, d),
        7 => scatter_into::<S, T, { 1 << 7 }>(src, make, dst, d),
        8 => scatter_into::<S, T, { 1 << 8 }>(src, make, dst, d),
        9 => scatter_into::<S, T, { 1 << 9 }>(src, make, dst, d),
        10 => scatter_into::<S, T, { 1 << 10 }>(src, make, dst, d),
        _ => scatter_into::<S, T, { 1 << TOP_BITS }>(src, make, dst, d),
    }
}

/// [`scatter_range`] on the digit `(key − lo) >> shift` (below `1 << bits ≤ N`); the
/// histogram is sized to the digit (it is zeroed on every call).
fn scatter_into<S: Copy, T: Keyed, const N: usize>(
    src: &[S],
    make: impl Fn(usize, S) -> T,
    dst: &mut [T],
    (lo, shift, bits): (u64, u32, u32),
) -> Option<Vec<usize>> {
    let mut end = [0usize; N];
    let end = &mut end[..1 << bits];
    for (i, &s) in src.iter().enumerate() {
        end[((make(i, s).key() - lo) >> shift) as usize] += 1;
    }
    let (mut acc, mut largest) = (0, 0);
    for e in end.iter_mut() {
        largest = largest.max(*e);
        acc += *e;
        *e = acc - *e; // bucket start for now
    }
    for (i, &s) in src.iter().enumerate() {
        let x = make(i, s);
        let p = &mut end[((x.key() - lo) >> shift) as usize];
        if let Some(slot) = dst.get_mut(*p) {
            *slot = x;
        }
        *p += 1;
    }
    (largest > SMALL).then(|| end.to_vec())
}

/// Finishes the sort of `v` after [`scatter_range`]: one insertion sort over the whole slice when
/// every bucket is small (no branch per bucket), else [`sort`] of every bucket.
fn finish<T: Keyed>(v: &mut [T], ends: Option<Vec<usize>>, tmp: &mut Vec<T>) {
    let Some(ends) = ends else {
        insertion_sort(v);
        return;
    };
    let mut start = 0;
    for e in ends {
        if e - start > 1 {
            sort(&mut v[start..e], tmp);
        }
        start = e;
    }
}

/// Stable insertion sort by key. Records already after the largest key so far are not moved
/// (nor written back, which would make the next step wait for the store).
fn insertion_sort<T: Keyed>(v: &mut [T]) {
    let Some(first) = v.first() else {
        return;
    };
    let mut largest = first.key();
    for i in 1..v.len() {
        let x = v[i];
        let k = x.key();
        if k >= largest {
            largest = k;
            continue;
        }
        let mut j = i;
        while j > 0 && v[j - 1].key() > k {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

/// Inputs this long or longer are scattered into 2^[`FIRST_BITS`] buckets ([`scatter`]); shorter
/// ones are sorted by [`sort`], whose scatter makes one to two buckets per record.
pub(crate) const SCATTER_FROM: usize = 4096;

/// Stable sort of all the records `make(i, src[i])` (see [`scatter`]).
pub(crate) fn sort_from<S: Copy + Sync, T: Keyed + Send + Sync>(
    src: &[S],
    make: impl Fn(usize, S) -> T + Sync,
    fill: T,
) -> Vec<T> {
    let Some(&first) = src.first() else {
        return Vec::new();
    };
    if src.len() < SCATTER_FROM {
        // Without the scatter's bookkeeping (a few allocations), which short inputs, such as a
        // tree node's children, would pay for on every call.
        let mut out: Vec<T> = src.iter().enumerate().map(|(i, &s)| make(i, s)).collect();
        sort(&mut out, &mut Vec::new());
        return out;
    }

    let k0 = make(0, first).key();
    let (lo, hi) = src.iter().enumerate().fold((k0, k0), |(l, h), (i, &s)| {
        let k = make(i, s).key();
        (l.min(k), h.max(k))
    });
    if lo == hi {
        return src.iter().enumerate().map(|(i, &s)| make(i, s)).collect();
    }
    let (mut out, starts) = scatter(src, make, (lo, hi), fill);
    sort_buckets(&mut out, &starts, src.len() >= PARALLEL_FROM);
    out
}

/// Sorts each bucket of `part` with [`sort`]: `bounds` are the buckets' starts and the last
/// one's end, `part` starting at `bounds[0]` and ending at the last bound (a run of the
/// buckets [`scatter`] returns). `parallel`: the buckets are shared among rayon's threads;
/// each is sorted on its own, so the result does not depend on how.
pub(crate) fn sort_buckets<T: Keyed + Send>(part: &mut [T], bounds: &[usize], parallel: bool) {
    let mut buckets = Vec::with_capacity(bounds.len());
    let mut rest = part;
    for b in bounds.windows(2) {
        let (head, tail) = rest.split_at_mut(b[1] - b[0]);
        if head.len() > 1 {
            buckets.push(head);
        }
        rest = tail;
    }
    if parallel && buckets.len() > 1 {
        buckets.into_par_iter().for_each_init(Vec::new, |tmp, b| sort(b, tmp));
    } else {
        let mut tmp = Vec::new();
        buckets.into_iter().for_each(|b| sort(b, &mut tmp));
    }
}

#[cfg(test)]
mod tests {
    use super::{sort_from, sort_short};

    /// The sort of short inputs with known key bounds against the standard library's stable
    /// sort: ties, one outlier beside a cluster (a bucket holding almost everything, sorted
    /// bucket by bucket), keys differing only in their lowest bits, the full key range.
    #[test]
    fn sort_short_agrees_with_a_stable_comparison_sort() {
        let families: [fn(u64) -> u64; 6] = [
            |i| (i * 7919) % 613,
            |_| 42,
            |i| if i == 3 { u64::MAX } else { 1_000 + i % 5 },
            |i| (1 << 62) + (i * 31) % 7,
            |i| if i % 2 == 0 { 0 } else { u64::MAX - i },
            |i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (i % 50),
        ];
        for n in [0u64, 1, 5, 24, 25, 100, 1000, 4095] {
            for (f, key) in families.iter().enumerate() {
                let keys: Vec<u64> = (0..n).map(key).collect();
                let lo = keys.iter().copied().min().unwrap_or(0);
                let hi = keys.iter().copied().max().unwrap_or(0);
                let mut want: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
                want.sort_by_key(|p| p.0);
                // into a fresh buffer, and into one holding another sort's records
                let mut got = Vec::new();
                sort_short(&keys, |i, k| (k, i), (lo, hi), (0, 0), &mut got);
                assert_eq!(got, want, "n = {n}, family {f}");
                let mut reused = vec![(7, 7); 5000];
                sort_short(&keys, |i, k| (k, i), (lo, hi), (0, 0), &mut reused);
                assert_eq!(reused, want, "n = {n}, family {f}, reused buffer");
            }
        }
    }

    /// Floats straddling a power of two (four exponent bits differ, two values occur) fill the
    /// first scatter's buckets evenly, and sort as a comparison sort does.
    #[test]
    fn top_digit_splits_the_range_of_keys_evenly() {
        let n = 100_000u64;
        let keys: Vec<u64> = (0..n).map(|i| (1e-7 * (1.0 + ((i * 7919) % n) as f64 / n as f64)).to_bits()).collect();
        let (lo, hi) = (*keys.iter().min().unwrap(), *keys.iter().max().unwrap());
        let digit = super::TopDigit::first(lo, hi);
        assert!(digit.buckets > 1 << 9 && digit.buckets <= 1 << 10, "{}", digit.buckets);
        let mut count = vec![0usize; digit.buckets];
        keys.iter().for_each(|&k| count[digit.bucket(k)] += 1);
        // 100,000 keys in about 1,024 buckets: none holds more than three times its share.
        assert!(count.iter().all(|&c| c <= 3 * n as usize / digit.buckets), "{:?}", count.iter().max());
        let got = sort_from(&keys, |i, k| (k, i), (0, 0));
        let mut want: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
        want.sort_by_key(|p| p.0);
        assert_eq!(got, want);
    }

    #[test]
    fn sorts_stably_with_ties_and_skewed_keys() {
        for n in [0usize, 1, 5, 30, 300, 5000, 70_000] {
            let keys: Vec<u64> = (0..n as u64)
                .map(|i| match i % 4 {
                    0 => (i * 7919) % 613,
                    1 => (i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> (i % 50),
                    2 => 42,
                    _ => u64::MAX - i % 3,
                })
                .collect();
            let got = sort_from(&keys, |i, k| (k, i), (0, 0));
            let mut want: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
            want.sort_by_key(|p| p.0);
            assert_eq!(got, want, "n = {n}");
        }
    }
}

/// Stable order of indices by increasing key (`f64::total_cmp` order, `−0` as `+0`), by the
/// radix sort above (faster than rayon's stable `par_sort_by` on
/// `total_cmp` at every size measured, benches/dlt.rs group `sort`).
pub(crate) fn stable_order_by(keys: &[f64]) -> Vec<usize> {
    if keys.is_sorted_by(|a, b| a <= b) {
        return (0..keys.len()).collect();
    }
    sort_from(keys, |i, k| (f64_key(k + 0.0), i), (0, 0)).into_iter().map(|p| p.1).collect()
}

#[cfg(test)]
mod stable_order_tests {
    use super::stable_order_by;

    #[test]
    fn stable_order_handles_ties_signed_zero_and_negatives() {
        assert_eq!(stable_order_by(&[0.5, 0.0, -0.0, 0.5, 0.1]), vec![1, 2, 4, 0, 3]);
        assert_eq!(stable_order_by(&[1.0, 2.0, 2.0]), vec![0, 1, 2]);
        assert_eq!(stable_order_by(&[2.0, -1.0, 2.0, -3.0]), vec![3, 1, 0, 2]);
        assert_eq!(stable_order_by(&[]), Vec::<usize>::new());
        // Radix path against a comparison sort on many ties and magnitudes.
        let keys: Vec<f64> = (0..20_000).map(|i| ((i * 7919) % 613) as f64 * 10f64.powi(i % 7 - 3)).collect();
        let mut want: Vec<usize> = (0..keys.len()).collect();
        want.sort_by(|&i, &j| keys[i].total_cmp(&keys[j]).then(i.cmp(&j)));
        assert_eq!(stable_order_by(&keys), want);
    }
}
