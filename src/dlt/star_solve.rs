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
use super::types::{Allocation, CostScale, OrderPolicy, RootMode};

/// Below this many children the sort is one [`radix::sort`] instead of a scatter into 2048
/// buckets first.
const SCATTER_FROM: usize = 4096;

/// A child during the sort: `z` (`−0` stored as `+0`, so that its bits are the key), `w` and the
/// input position. Once included by the recursion it holds `(c, a, idx)` instead.
#[derive(Debug, Clone, Copy, Default)]
struct Rec {
    z: f64,
    w: f64,
    idx: usize,
}

impl Keyed for Rec {
    #[inline(always)]
    fn key(&self) -> u64 {
        self.z.to_bits()
    }
}

/// The backward rate recursion `R` (reference §1.3) over children visited from the last sent.
struct Rate {
    r: f64,
    t_cm: f64,
    t_cp: f64,
}

impl Rate {
    /// Visits the next child backwards: `(c, a)` if it is included.
    #[inline(always)]
    fn visit(&mut self, z: f64, w: f64) -> Option<(f64, f64)> {
        let c = z * self.t_cm;
        if c * self.r < 1.0 + INCLUDE_SLACK {
            let a = w * self.t_cp;
            self.r = (1.0 + a * self.r) / (c + a);
            Some((c, a))
        } else {
            None
        }
    }
}

/// Validates the children (the first bad one gives the error) and returns whether their `z`
/// are non-decreasing and the bits in which the `z` (as keys) differ.
fn scan(children: &[(f64, f64)]) -> Result<(bool, u64), DltError> {
    let first = children.first().map_or(0, |c| (c.0 + 0.0).to_bits());
    let (mut sorted, mut diff, mut prev) = (true, 0u64, first);
    for (i, &(z, w)) in children.iter().enumerate() {
        if !((0.0..f64::INFINITY).contains(&z) && w > 0.0 && w < f64::INFINITY) {
            non_negative("child z", i, z)?;
            positive("child w", i, w)?;
        }
        let k = (z + 0.0).to_bits();
        sorted &= prev <= k;
        prev = k;
        diff |= k ^ first;
    }
    Ok((sorted, diff))
}

/// `star_allocate` once the scale, load and root are validated: see its documentation.
pub(crate) fn allocate(
    root: RootMode,
    w_root: f64,
    children: &[(f64, f64)],
    scale: CostScale,
    order: OrderPolicy,
    load: f64,
) -> Result<Allocation, DltError> {
    let (sorted, diff) = scan(children)?;
    let n = children.len();
    let a0 = w_root * scale.t_cp;
    let mut rate =
        Rate { r: if root == RootMode::NoFrontEnd { 1.0 / a0 } else { 0.0 }, t_cm: scale.t_cm, t_cp: scale.t_cp };
    // `recs[first..]`: the included children as `(c, a, idx)` in send order.
    let (recs, first) = if sorted || order == OrderPolicy::AsGiven {
        let mut inc = Vec::new();
        for (idx, &(z, w)) in children.iter().enumerate().rev() {
            if let Some((c, a)) = rate.visit(z, w) {
                inc.push(Rec { z: c, w: a, idx });
            }
        }
        inc.reverse();
        (inc, 0)
    } else {
        let make = |idx, (z, w): (f64, f64)| Rec { z: z + 0.0, w, idx };
        let (mut recs, starts) = if n >= SCATTER_FROM {
            radix::scatter(children, make, diff, Rec::default())
        } else {
            (children.iter().enumerate().map(|(i, &c)| make(i, c)).collect(), vec![0, n])
        };
        let mut tmp = Vec::new();
        let mut free = n;
        for b in starts.windows(2).rev() {
            radix::sort(&mut recs[b[0]..b[1]], &mut tmp);
            // Writes go to positions already visited: `free > k` throughout.
            for k in (b[0]..b[1]).rev() {
                let x = recs[k];
                if let Some((c, a)) = rate.visit(x.z, x.w) {
                    free -= 1;
                    recs[free] = Rec { z: c, w: a, idx: x.idx };
                }
            }
        }
        (recs, free)
    };
    let r = if root == RootMode::FrontEnd { rate.r + 1.0 / a0 } else { rate.r };
    let t = 1.0 / r;
    let inc = &recs[first..];
    let mut alpha = vec![0.0; n + 1];
    let mut participating = vec![false; n + 1];
    let mut send_order = Vec::with_capacity(inc.len());
    let (mut tau, mut finite) = (t, true);
    let mut may_stop = true;
    for (k, x) in inc.iter().enumerate() {
        // Once τ is 0 every later share is 0/(c + a) = 0 and τ stays 0, unless some c + a is 0
        // (0/0 is NaN and must be reported), so the remaining children keep their 0.
        if tau == 0.0 && may_stop {
            if inc[k..].iter().all(|y| y.z + y.w > 0.0) {
                break;
            }
            may_stop = false;
        }
        let d = x.z + x.w;
        let share = flush(tau / d);
        // τ − c·α = τ·a/(c + a), written without cancellation when c ≫ a.
        tau = flush(tau * x.w / d);
        let (i, v) = (x.idx + 1, share * load);
        alpha[i] = v;
        finite &= v.is_finite();
        if v > 0.0 {
            participating[i] = true;
            send_order.push(i);
        }
    }
    let alpha_root = match root {
        RootMode::FrontEnd => t / a0,
        RootMode::NoFrontEnd => tau / a0,
        RootMode::NonComputing => 0.0,
    };
    alpha[0] = alpha_root * load;
    participating[0] = root != RootMode::NonComputing && alpha_root > 0.0;
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
    use crate::dlt::{CostScale, OrderPolicy, RootMode, star_allocate, star_optimal_order};

    /// The sorted path (radix buckets, in-place compaction, early stop of the forward pass)
    /// gives bit for bit what serving the children presorted by `z` gives.
    #[test]
    fn optimal_order_equals_presorted_input() {
        for n in [7usize, 300, 5000, 40_000] {
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
            for root in [RootMode::FrontEnd, RootMode::NoFrontEnd, RootMode::NonComputing] {
                let scale = CostScale::new(0.7, 3.3).unwrap();
                let a = star_allocate(root, 2.0, &children, scale, OrderPolicy::Optimal, 5.0).unwrap();
                let b = star_allocate(root, 2.0, &sorted, scale, OrderPolicy::AsGiven, 5.0).unwrap();
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

    /// A child with `c + a = 0` (an underflowed `a` and `z = 0`) still makes the result an error.
    #[test]
    fn zero_cost_child_after_the_shares_vanish_is_reported() {
        let mut children = vec![(1.0, 1.0); 5000];
        children.push((0.0, 1e-200));
        let scale = CostScale::new(1e-200, 1.0).unwrap();
        assert!(star_allocate(RootMode::FrontEnd, 1.0, &children, scale, OrderPolicy::AsGiven, 1.0).is_err());
    }
}
