//! An indexed 4-ary min-heap over the items 0..len, each with a key that can be changed in
//! O(log len): the simulator's priority queues of trigger times, counts and completion times.

/// Items 0..len ordered by `(key, item)`: the smallest key first, the lowest item on ties (the
/// simulator's "lowest index wins" rule). Keys compare with `<` and `==`, so an f64 key must not
/// be NaN (the simulator's never are: times and their negations, with ±∞ for "never").
#[derive(Debug, Clone)]
pub(super) struct IndexedHeap<K> {
    heap: Vec<(K, u32)>,
    pos: Vec<u32>,
}

const ARITY: usize = 4;

#[inline]
fn before<K: PartialOrd>(a: &(K, u32), b: &(K, u32)) -> bool {
    a.0 < b.0 || (a.0 == b.0 && a.1 < b.1)
}

impl<K: Copy + PartialOrd> IndexedHeap<K> {
    /// Item i with key `keys[i]`, built in O(len). `len` must be below 2³².
    pub(super) fn new(keys: impl IntoIterator<Item = K>) -> Self {
        let heap: Vec<(K, u32)> = keys.into_iter().zip(0u32..).collect();
        let pos = (0..heap.len() as u32).collect();
        let mut h = IndexedHeap { heap, pos };
        for at in (0..h.heap.len().div_ceil(ARITY)).rev() {
            h.sift_down(at);
        }
        h
    }

    /// The first item and its key (the heap is never empty: the simulator has p ≥ 2 items).
    #[inline]
    pub(super) fn top(&self) -> (K, usize) {
        let (k, i) = self.heap[0];
        (k, i as usize)
    }

    /// The key of item `i`.
    #[cfg(test)]
    fn key(&self, i: usize) -> K {
        self.heap[self.pos[i] as usize].0
    }

    /// Gives item `i` the key `key`, in O(log len).
    #[inline]
    pub(super) fn set(&mut self, i: usize, key: K) {
        let at = self.pos[i] as usize;
        let old = self.heap[at];
        self.heap[at].0 = key;
        if before(&self.heap[at], &old) {
            self.sift_up(at);
        } else {
            self.sift_down(at);
        }
    }

    fn sift_up(&mut self, mut at: usize) {
        let item = self.heap[at];
        while at > 0 {
            let parent = (at - 1) / ARITY;
            if !before(&item, &self.heap[parent]) {
                break;
            }
            self.heap[at] = self.heap[parent];
            self.pos[self.heap[at].1 as usize] = at as u32;
            at = parent;
        }
        self.heap[at] = item;
        self.pos[item.1 as usize] = at as u32;
    }

    fn sift_down(&mut self, mut at: usize) {
        let item = self.heap[at];
        let len = self.heap.len();
        loop {
            let first = ARITY * at + 1;
            if first >= len {
                break;
            }
            let mut best = first;
            for c in first + 1..(first + ARITY).min(len) {
                if before(&self.heap[c], &self.heap[best]) {
                    best = c;
                }
            }
            if !before(&self.heap[best], &item) {
                break;
            }
            self.heap[at] = self.heap[best];
            self.pos[self.heap[at].1 as usize] = at as u32;
            at = best;
        }
        self.heap[at] = item;
        self.pos[item.1 as usize] = at as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The first item by a linear scan (the rule the heap must reproduce).
    fn scan(keys: &[f64]) -> (f64, usize) {
        let mut best = (keys[0], 0);
        for (i, &k) in keys.iter().enumerate() {
            if k < best.0 {
                best = (k, i);
            }
        }
        best
    }

    #[test]
    fn agrees_with_a_linear_scan_under_random_updates() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for len in [1usize, 2, 3, 4, 5, 17, 64, 1000] {
            // few distinct values, so that ties (lowest index first) are frequent
            let mut keys: Vec<f64> = (0..len).map(|_| f64::from(rng.random_range(0..8u8))).collect();
            let mut heap = IndexedHeap::new(keys.iter().copied());
            for _ in 0..5_000 {
                assert_eq!(heap.top(), scan(&keys), "len {len}");
                let i = rng.random_range(0..len);
                let k = match rng.random_range(0..10u8) {
                    0 => f64::INFINITY,
                    1 => f64::NEG_INFINITY,
                    _ => f64::from(rng.random_range(0..8u8)),
                };
                keys[i] = k;
                heap.set(i, k);
                assert_eq!(heap.key(i), k);
            }
        }
    }
}
