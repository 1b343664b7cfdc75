//! Stable most-significant-digit-first radix sort of records by a `u64` key.
//!
//! One counting scatter on the highest bits where the keys differ splits the input into up to
//! 2048 buckets; each bucket is then sorted on its own (while it sits in cache) by further
//! scatters on the bits where *its* keys differ, down to insertion sorts of a few elements.
//! Buckets whose keys are all equal are left as they are, so ties keep their order (stable) and
//! inputs with few distinct keys cost little more than the first scatter.

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

/// Digit width of the first scatter (2048 buckets).
const TOP_BITS: u32 = 11;
/// Slices up to this length are insertion sorted.
const SMALL: usize = 24;

/// The `(shift, bits)` of the digit made of the `max_bits` highest bits in which keys differ
/// (`diff` = OR of the keys XOR AND of the keys, non-zero).
fn digit(diff: u64, max_bits: u32) -> (u32, u32) {
    let top = u64::BITS - diff.leading_zeros();
    let bits = max_bits.min(top);
    (top - bits, bits)
}

/// OR XOR AND of the keys: the bits in which they differ.
fn differing_bits<T: Keyed>(v: &[T]) -> u64 {
    let (or, and) = v.iter().fold((0u64, !0u64), |(o, a), x| (o | x.key(), a & x.key()));
    or ^ and
}

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

/// The `(shift, bits)` of the digit that [`scatter`] uses for `n` keys differing in `diff`:
/// [`TOP_BITS`] bits from [`SCATTER_FROM`] keys on, else about one bucket per key.
pub(crate) fn top_digit(diff: u64, n: usize) -> (u32, u32) {
    let bits =
        if n >= SCATTER_FROM { TOP_BITS } else { (usize::BITS - 1 - n.max(1).leading_zeros()).clamp(4, TOP_BITS) };
    digit(diff, bits)
}

/// `f(c, chunk)` for the chunks of `len` elements of `src`, in parallel when there are several.
pub(crate) fn map_chunks<S: Sync, R: Send>(src: &[S], len: usize, f: impl Fn(usize, &[S]) -> R + Sync) -> Vec<R> {
    if src.len() <= len {
        vec![f(0, src)]
    } else {
        src.par_chunks(len).enumerate().map(|(c, part)| f(c, part)).collect()
    }
}

/// Stable counting scatter of the records `make(i, src[i])` on the highest bits of `diff` (the
/// bits in which their keys differ, non-zero; [`top_digit`]). Returns the records and the start
/// of each bucket (one more entry than buckets, the last being `src.len()`); `fill` only
/// initialises memory (an all-zero tuple or number is allocated zeroed, without a fill loop).
/// Sort each bucket with [`sort`] to finish.
///
/// Large inputs are cut into chunks ([`chunk_len`]) that are counted and scattered in
/// parallel, each into its own slice of every bucket (the chunks in input order), which is the
/// sequential result.
pub(crate) fn scatter<S: Copy + Sync, T: Keyed + Send + Sync>(
    src: &[S],
    make: impl Fn(usize, S) -> T + Sync,
    diff: u64,
    fill: T,
) -> (Vec<T>, Vec<usize>) {
    let (shift, bits) = top_digit(diff, src.len());
    let mask = (1u64 << bits) - 1;
    let bucket = |r: &T| ((r.key() >> shift) & mask) as usize;
    let len = chunk_len(src.len());
    let counts = map_chunks(src, len, |c, part| {
        let mut count = vec![0usize; 1 << bits];
        for (j, &s) in part.iter().enumerate() {
            count[bucket(&make(c * len + j, s))] += 1;
        }
        count
    });
    let mut starts = vec![0usize; (1 << bits) + 1];
    for d in 0..1 << bits {
        starts[d + 1] = starts[d] + counts.iter().map(|c| c[d]).sum::<usize>();
    }
    let mut out = vec![fill; src.len()];
    // slots[c][d]: where chunk c writes its records of bucket d.
    let mut slots: Vec<Vec<std::slice::IterMut<T>>> = counts.iter().map(|_| Vec::with_capacity(1 << bits)).collect();
    let mut rest = &mut out[..];
    for d in 0..1 << bits {
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
    let diff = differing_bits(v);
    if diff == 0 {
        return;
    }
    // One bucket per one to two elements keeps the sub-slices tiny; the histogram is sized to
    // the digit (it is zeroed on every call).
    let want = (usize::BITS - 1 - v.len().leading_zeros()).clamp(4, TOP_BITS);
    let d = digit(diff, want);
    match d.1 {
        ..=4 => scatter_in_place::<T, { 1 << 4 }>(v, tmp, d),
        5 => scatter_in_place::<T, { 1 << 5 }>(v, tmp, d),
        6 => scatter_in_place::<T, { 1 << 6 }>(v, tmp, d),
        7 => scatter_in_place::<T, { 1 << 7 }>(v, tmp, d),
        8 => scatter_in_place::<T, { 1 << 8 }>(v, tmp, d),
        9 => scatter_in_place::<T, { 1 << 9 }>(v, tmp, d),
        10 => scatter_in_place::<T, { 1 << 10 }>(v, tmp, d),
        _ => scatter_in_place::<T, { 1 << TOP_BITS }>(v, tmp, d),
    }
}

/// One stable scatter of `v` on the digit `(shift, bits)` (`1 << bits ≤ N`) through `tmp`,
/// then [`sort`] of every bucket.
fn scatter_in_place<T: Keyed, const N: usize>(v: &mut [T], tmp: &mut Vec<T>, (shift, bits): (u32, u32)) {
    let mask = (1u64 << bits) - 1;
    let mut end = [0usize; N];
    let end = &mut end[..1 << bits];
    for x in v.iter() {
        end[((x.key() >> shift) & mask) as usize] += 1;
    }
    let mut acc = 0;
    for e in end.iter_mut() {
        acc += *e;
        *e = acc - *e; // bucket start for now
    }
    tmp.clear();
    tmp.extend_from_slice(v);
    for &x in tmp.iter() {
        let p = &mut end[((x.key() >> shift) & mask) as usize];
        v[*p] = x;
        *p += 1;
    }
    let mut start = 0;
    for &e in end.iter() {
        if e - start > 1 {
            sort(&mut v[start..e], tmp);
        }
        start = e;
    }
}

/// Stable insertion sort by key.
fn insertion_sort<T: Keyed>(v: &mut [T]) {
    for i in 1..v.len() {
        let x = v[i];
        let k = x.key();
        let mut j = i;
        while j > 0 && v[j - 1].key() > k {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

/// Inputs this long or longer are scattered into 2^[`TOP_BITS`] buckets; shorter ones into
/// about one bucket per record.
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

    let diff = src.iter().enumerate().fold(0u64, |d, (i, &s)| d | (make(i, s).key() ^ make(0, first).key()));
    if diff == 0 {
        return src.iter().enumerate().map(|(i, &s)| make(i, s)).collect();
    }
    let (mut out, starts) = scatter(src, make, diff, fill);
    let mut tmp = Vec::new();
    for b in starts.windows(2) {
        if b[1] - b[0] > 1 {
            sort(&mut out[b[0]..b[1]], &mut tmp);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::sort_from;

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
