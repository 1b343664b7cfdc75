//! The validation pass of a star's workers, done once by [`Star::new`](super::Star::new): it
//! checks every worker (the first bad one gives the error) and records what the allocation
//! needs to know about them ([`Scan`]), so that [`Star::allocate`](super::Star::allocate) does
//! not read them again for it.

use super::error::{DltError, non_negative, positive};
use super::radix;
use super::worker::Worker;

/// What [`scan`] finds out about valid children (kept by [`Star`](super::Star)).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Scan {
    /// Whether the `z` are non-decreasing.
    pub sorted: bool,
    /// The largest `w`.
    pub max_w: f64,
    /// The smallest and largest key of the `z` (the bits of `z + 0`): the range the first
    /// scatter of the sort splits ([`radix::TopDigit`]).
    pub keys: (u64, u64),
}

/// Validates the children (the first bad one gives the error) and finds out the [`Scan`].
/// Chunks of a large input are scanned in parallel.
pub(crate) fn scan(children: &[Worker]) -> Result<Scan, DltError> {
    let key = |c: &Worker| (c.z + 0.0).to_bits();
    let first = children.first().map_or(0, key);
    let len = radix::chunk_len(children.len());
    let parts = radix::map_chunks(children, len, |c, part| {
        let prev = if c == 0 { first } else { key(&children[c * len - 1]) };
        scan_part(part, c * len, prev)
    });
    // Each chunk reports its first bad child, so the first error is the input's first.
    let (mut sorted, mut max_w, mut keys) = (true, 0, (u64::MAX, 0));
    for p in parts {
        let p = p?;
        sorted &= p.sorted;
        max_w = max_w.max(p.max_w_bits);
        keys = (keys.0.min(p.keys.0), keys.1.max(p.keys.1));
    }
    Ok(Scan { sorted, max_w: f64::from_bits(max_w), keys })
}

/// What [`scan_part`] finds in one chunk.
struct ScanPart {
    sorted: bool,
    /// Bits of the largest `w` (positive floats order like their bits).
    max_w_bits: u64,
    /// The smallest and largest key.
    keys: (u64, u64),
}

/// [`scan`] of `part`, the children from position `offset`, after a child with key `prev`.
fn scan_part(part: &[Worker], offset: usize, mut prev: u64) -> Result<ScanPart, DltError> {
    let (mut sorted, mut max_w, mut lo, mut hi) = (true, 0u64, u64::MAX, 0u64);
    // Blocks are checked without a branch per child; a bad block is checked again one by one.
    const BLOCK: usize = 256;
    const INFINITY_BITS: u64 = f64::INFINITY.to_bits();
    const MAX_BITS: u64 = f64::MAX.to_bits();
    for (b, block) in part.chunks(BLOCK).enumerate() {
        let mut ok = true;
        for &Worker { w, z } in block {
            let k = (z + 0.0).to_bits();
            // `z` finite and ≥ 0: the bits of `z + 0` (−0 → +0) are below those of +∞ (negative
            // numbers have the sign bit, NaN are above). `w` finite and > 0: the bits of `w`
            // are in 1..=bits(f64::MAX).
            ok &= (k < INFINITY_BITS) & (w.to_bits().wrapping_sub(1) < MAX_BITS);
            sorted &= prev <= k;
            prev = k;
            max_w = max_w.max(w.to_bits());
            lo = lo.min(k);
            hi = hi.max(k);
        }
        if !ok {
            for (i, &Worker { w, z }) in block.iter().enumerate() {
                non_negative("worker z", offset + b * BLOCK + i, z)?;
                positive("worker w", offset + b * BLOCK + i, w)?;
            }
        }
    }
    Ok(ScanPart { sorted, max_w_bits: max_w, keys: (lo, hi) })
}

#[cfg(test)]
mod tests {
    use super::scan;
    use crate::dlt::Worker;
    use crate::dlt::error::DltError;
    use crate::dlt::error::{non_negative, positive};

    /// The sequential check, one worker after another: the oracle of the chunked scan.
    /// Checks each worker's `z ≥ 0` and `w > 0` (finite).
    fn validate_workers(workers: &[Worker]) -> Result<(), DltError> {
        for (i, &Worker { w, z }) in workers.iter().enumerate() {
            non_negative("worker z", i, z)?;
            positive("worker w", i, w)?;
        }
        Ok(())
    }

    /// The chunked validation reports the first bad child, as the sequential one does.
    #[test]
    fn scan_reports_the_first_bad_child() {
        let good = vec![Worker { w: 1.0, z: 0.5 }; 300_000];
        for bad in [
            vec![(7, Worker { w: 1.0, z: -1.0 }), (250_000, Worker { w: 1.0, z: f64::NAN })],
            vec![(200_000, Worker { w: 0.0, z: 1.0 }), (299_999, Worker { w: 1.0, z: -0.5 })],
        ] {
            let mut children = good.clone();
            for &(i, c) in &bad {
                children[i] = c;
            }
            let want = validate_workers(&children).unwrap_err();
            assert_eq!(scan(&children).err(), Some(want));
        }
        // Edge values, valid or not, give the sequential verdict.
        let edges =
            [0.0, -0.0, f64::MIN_POSITIVE / 4.0, 1.0, f64::MAX, f64::INFINITY, -1.0, -f64::MAX, f64::NAN, -f64::NAN];
        for z in edges {
            for w in edges {
                let mut children = vec![Worker { w: 1.0, z: 0.5 }; 5000];
                children[1234] = Worker { w, z };
                // Compared as text: NaN values are not equal to themselves.
                let want = format!("{:?}", validate_workers(&children).err());
                assert_eq!(format!("{:?}", scan(&children).err()), want, "z = {z}, w = {w}");
            }
        }
        let sorted: Vec<Worker> = (0..300_000).map(|i| Worker { w: 1.0, z: i as f64 }).collect();
        assert!(scan(&sorted).unwrap().sorted);
        let mut unsorted = sorted.clone();
        unsorted.swap(149_999, 150_000);
        assert!(!scan(&unsorted).unwrap().sorted);
    }
}
