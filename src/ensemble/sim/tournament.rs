//! A tournament (winner) tree over the items 0..len, each with a key that can be changed in
//! O(log len): the simulator's priority queues of run-dry times, counts and task ends.
//!
//! Items sit at the leaves in index order and every internal node holds the winner of its
//! `ARITY` children, so the first item is at the root, a key change replays the matches on the
//! way up (stopping as soon as a winner is unchanged) and no position table is needed: an update
//! reads one line of eight leaf keys and one group of eight nodes per level (two lines; groups
//! are aligned to cache lines), neighbouring processors share leaf lines. It replaced an indexed
//! 4-ary heap, whose updates also wrote a position table scattered over all items; at p = 10⁵
//! the simulator's events are bound by such cache misses.

/// Items 0..len ordered by `(key, item)`: the smallest key first, the lowest item on ties (the
/// simulator's "lowest index wins" rule). Keys compare with `<` and `==`, so an f64 key must not
/// be NaN (the simulator's never are: times and their negations, with ±∞ for "never").
#[derive(Debug, Clone)]
pub(super) struct Tournament<K> {
    /// Leaf keys in groups of `ARITY`, padded with `worst`.
    leaves: Vec<Group<K>>,
    /// `levels[0]` holds the winners of the groups of leaves, each next level the winners of the
    /// groups of the previous one, the last level the single overall winner; in groups of
    /// `ARITY`, padded with `(worst, u32::MAX)`.
    levels: Vec<Vec<Group<(K, u32)>>>,
}

const ARITY: usize = 8;

/// The `ARITY` children of one node, aligned to a cache line: the eight 8-byte keys of a leaf
/// group fill one line, a group of (key, item) nodes two (unaligned, a group straddled one more).
#[derive(Debug, Clone, Copy)]
#[repr(C, align(64))]
struct Group<T>([T; ARITY]);

impl<K: Copy + PartialOrd> Tournament<K> {
    /// Item i with key `keys[i]`, built in O(len). `worst` must not precede any key (it pads the
    /// tree; an item with key `worst` still precedes the padding). `len` must be below 2³².
    pub(super) fn new(keys: impl IntoIterator<Item = K>, worst: K) -> Self {
        let mut t = Tournament { leaves: Vec::new(), levels: Vec::new() };
        t.rebuild(keys, worst);
        t
    }

    /// Gives every item a new key at once, in O(len), reusing the tree's memory when the number
    /// of items is unchanged.
    pub(super) fn rebuild(&mut self, keys: impl IntoIterator<Item = K>, worst: K) {
        self.leaves.clear();
        let mut keys = keys.into_iter();
        loop {
            let mut group = Group([worst; ARITY]);
            let mut filled = 0;
            for (slot, k) in group.0.iter_mut().zip(keys.by_ref()) {
                *slot = k;
                filled += 1;
            }
            if filled == 0 && !self.leaves.is_empty() {
                break;
            }
            self.leaves.push(group);
            if filled < ARITY {
                break;
            }
        }
        let mut groups = self.leaves.len();
        let mut level = 0;
        loop {
            if self.levels.len() == level {
                self.levels.push(Vec::new());
            }
            let mut nodes = std::mem::take(&mut self.levels[level]);
            nodes.clear();
            nodes.resize(groups.div_ceil(ARITY), Group([(worst, u32::MAX); ARITY]));
            for g in 0..groups {
                nodes[g / ARITY].0[g % ARITY] = self.winner(level, g);
            }
            self.levels[level] = nodes;
            level += 1;
            if groups == 1 {
                break;
            }
            groups = groups.div_ceil(ARITY);
        }
        self.levels.truncate(level);
    }

    /// The winner of group `g` of the level below `level` (the leaves below level 0). Children
    /// sit in item order (padding last), so the first child with the smallest key is the one
    /// `(key, item)` orders first: a plain `<` scan, which compiles to selects rather than the
    /// mispredicted branches of comparing items too.
    #[inline]
    fn winner(&self, level: usize, g: usize) -> (K, u32) {
        if level == 0 {
            let keys = &self.leaves[g].0;
            let (mut key, mut c) = (keys[0], 0);
            for (i, &k) in keys.iter().enumerate().skip(1) {
                let better = k < key;
                key = if better { k } else { key };
                c = if better { i } else { c };
            }
            (key, (g * ARITY + c) as u32)
        } else {
            let nodes = &self.levels[level - 1][g].0;
            let mut best = nodes[0];
            for n in &nodes[1..] {
                best = if n.0 < best.0 { *n } else { best };
            }
            best
        }
    }

    /// The first item and its key.
    #[inline]
    pub(super) fn top(&self) -> (K, usize) {
        let (k, i) = self.levels[self.levels.len() - 1][0].0[0];
        (k, i as usize)
    }

    /// The key of item `i`.
    #[inline]
    pub(super) fn key(&self, i: usize) -> K {
        self.leaves[i / ARITY].0[i % ARITY]
    }

    /// Gives item `i` the key `key`, in O(ARITY · log len).
    #[inline]
    pub(super) fn set(&mut self, i: usize, key: K) {
        self.leaves[i / ARITY].0[i % ARITY] = key;
        let mut g = i / ARITY;
        for level in 0..self.levels.len() {
            let w = self.winner(level, g);
            let node = &mut self.levels[level][g / ARITY].0[g % ARITY];
            if node.1 == w.1 && node.0 == w.0 {
                return;
            }
            *node = w;
            g /= ARITY;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The first item by a linear scan (the rule the tree must reproduce).
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
        for len in [1usize, 2, 3, 7, 8, 9, 63, 64, 65, 513, 1000] {
            // few distinct values, so that ties (lowest index first) are frequent
            let mut keys: Vec<f64> = (0..len).map(|_| f64::from(rng.random_range(0..8u8))).collect();
            let mut tree = Tournament::new(keys.iter().copied(), f64::INFINITY);
            for _ in 0..5_000 {
                assert_eq!(tree.top(), scan(&keys), "len {len}");
                let i = rng.random_range(0..len);
                let k = match rng.random_range(0..10u8) {
                    0 => f64::INFINITY,
                    1 => f64::NEG_INFINITY,
                    _ => f64::from(rng.random_range(0..8u8)),
                };
                keys[i] = k;
                tree.set(i, k);
                assert_eq!(tree.key(i), k);
            }
        }
    }

    #[test]
    fn rebuilt_in_place_agrees_with_a_linear_scan() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for len in [1usize, 5, 8, 9, 64, 100, 700] {
            let mut keys: Vec<f64> = (0..len).map(|_| f64::from(rng.random_range(0..20u8))).collect();
            let mut tree = Tournament::new(keys.iter().copied(), f64::INFINITY);
            for _ in 0..200 {
                let i = rng.random_range(0..len);
                keys[i] = f64::from(rng.random_range(0..20u8));
                tree.set(i, keys[i]);
            }
            // rebuilt in place with other keys: the same answers as a new tree
            keys.iter_mut().for_each(|k| *k = 19.0 - *k);
            tree.rebuild(keys.iter().copied(), f64::INFINITY);
            assert_eq!(tree.top(), scan(&keys));
            for (i, &k) in keys.iter().enumerate() {
                assert_eq!(tree.key(i), k);
            }
        }
    }

    #[test]
    fn an_item_with_the_worst_key_precedes_the_padding() {
        let tree = Tournament::new([f64::INFINITY; 3], f64::INFINITY);
        assert_eq!(tree.top(), (f64::INFINITY, 0));
    }
}
