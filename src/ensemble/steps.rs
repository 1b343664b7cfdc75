//! One balancing step of MD, AR, RP and NR as pure functions on count vectors (Ahn et al., §2,
//! §4.4–§4.7). `r[i]` is processor i's remaining tasks including the one in progress; a
//! processor with `r[i] == 0` is idle. Running tasks never move.
//!
//! The rules themselves are small kernels (`split_count`, `share`, `balance_into`,
//! `poll_available`, `Torus::neighbourhood`) that write into caller-owned buffers; the public
//! steps wrap them for whole count vectors and the simulator calls them on the few processors
//! an event touches.

use rand::Rng;

use super::counts::{check_idle, check_total};
use super::error::{EnsembleError, check_len};

/// How the RP donor is chosen in the expected decrease of Proposition 7.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RpDonorModel {
    /// The closed form printed in Ahn et al., Prop. 7, \[(M² − M) + V\]/(2(p−1)) μ_T²: it drops a
    /// factor p/(p−1) on (M² − M) and underestimates the decrease. Only for
    /// reproducing the paper.
    UncorrectedClosedForm,
    /// Prop. 7's assumption done right: each other processor is the donor with probability
    /// 1/(p−1) (a donor with R_k < 2 gives nothing).
    UniformOthers,
    /// The algorithm of §2.4: poll until an available processor (R_k ≥ 2) answers, so the donor is
    /// uniform over the available ones.
    UniformAvailable,
}

/// The result of one balancing step.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StepOutcome {
    /// Counts after the step.
    pub counts: Vec<u64>,
    /// The donor (MD, RP); `None` for AR and NR or when no donor was found.
    pub donor: Option<usize>,
    /// Tasks that changed processor.
    pub moved: u64,
}

impl std::fmt::Display for StepOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.donor {
            Some(d) => write!(f, "{} tasks moved (donor {d}); counts {:?}", self.moved, self.counts),
            None => write!(f, "{} tasks moved; counts {:?}", self.moved, self.counts),
        }
    }
}

fn outcome(before: &[u64], counts: Vec<u64>, donor: Option<usize>) -> StepOutcome {
    let moved = before.iter().zip(&counts).map(|(&a, &b)| a.saturating_sub(b)).sum();
    StepOutcome { counts, donor, moved }
}

fn check_counts(r: &[u64], idle: usize) -> Result<(), EnsembleError> {
    check_len("count vector", r.len(), 2)?;
    check_idle(r, idle)
}

/// Most-dividing step (Ahn et al., §2.2, §4.4): the idle processor takes ⌊R_k/2⌋ tasks from the
/// processor k with the most remaining tasks (lowest index on ties); nothing moves when R_k < 2.
///
/// # Formula
/// ```text
/// R'_idle = ⌊R_k/2⌋,  R'_k = ⌈R_k/2⌉,  R'_i = R_i otherwise
/// ```
///
/// # Errors
/// [`EnsembleError::TooShort`] for fewer than 2 processors, [`EnsembleError::NotIdle`] /
/// [`EnsembleError::IndexOutOfRange`] for a bad idle index.
///
/// # Examples
/// ```
/// use loadbal::ensemble::{Algorithm, Trigger};
/// let s = Algorithm::Md.step(&Trigger::new(vec![0, 3, 5, 2, 7], 0)).unwrap();
/// assert_eq!((s.counts, s.donor, s.moved), (vec![3, 3, 5, 2, 4], Some(4), 3));
/// ```
pub(crate) fn md_step(r: &[u64], idle: usize) -> Result<StepOutcome, EnsembleError> {
    check_counts(r, idle)?;
    let mut donor = None;
    let mut best = 0;
    for (j, &c) in r.iter().enumerate() {
        if j != idle && c > best {
            best = c;
            donor = Some(j);
        }
    }
    match donor {
        Some(k) if best >= 2 => rp_step(r, idle, k),
        _ => Ok(outcome(r, r.to_vec(), None)),
    }
}

/// Tasks the idle processor takes from a donor holding `r_donor` (MD and RP): ⌊R_k/2⌋, so the
/// donor keeps ⌈R_k/2⌉ ≥ 1 and its running task.
#[inline]
pub(super) fn split_count(r_donor: u64) -> u64 {
    r_donor / 2
}

/// Random-polling step with a given donor (Ahn et al., §2.4, §4.6): the idle processor takes
/// ⌊R_k/2⌋ tasks from donor k (none when R_k < 2, a "locked" donor).
///
/// # Formula
/// ```text
/// R'_idle = ⌊R_k/2⌋,  R'_k = ⌈R_k/2⌉
/// ```
///
/// # Errors
/// As [`md_step`], and [`EnsembleError::IndexOutOfRange`] when the donor is out of range or is
/// the idle processor itself.
///
/// # Examples
/// ```
/// use loadbal::ensemble::{Algorithm, Trigger};
/// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0).with_partners(vec![2]);
/// assert_eq!(Algorithm::Rp.step(&at).unwrap().counts, vec![2, 3, 3, 2, 7]);
/// ```
pub(crate) fn rp_step(r: &[u64], idle: usize, donor: usize) -> Result<StepOutcome, EnsembleError> {
    check_counts(r, idle)?;
    if donor >= r.len() || donor == idle {
        return Err(EnsembleError::IndexOutOfRange { index: donor, p: r.len() as u64 });
    }
    let mut counts = r.to_vec();
    let m = split_count(r[donor]);
    counts[donor] -= m;
    counts[idle] += m;
    Ok(outcome(r, counts, Some(donor)))
}

/// The outcome of an RP poll, from [`RpDonorModel::poll`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DonorPoll {
    /// The donor, `None` when no other processor has queued work.
    pub donor: Option<usize>,
    /// The number of polls it took (0 when there is no donor).
    pub polls: u64,
}

impl std::fmt::Display for DonorPoll {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.donor {
            Some(d) => write!(f, "donor {d} after {} polls", self.polls),
            None => write!(f, "no donor"),
        }
    }
}

/// The RP poll of [`RpDonorModel::poll`] on the counts `r`.
pub(crate) fn rp_poll<G: Rng + ?Sized>(
    r: &[u64],
    idle: usize,
    model: RpDonorModel,
    rng: &mut G,
) -> Result<DonorPoll, EnsembleError> {
    check_counts(r, idle)?;
    let p = r.len();
    match model {
        RpDonorModel::UniformAvailable => {
            if !r.iter().enumerate().any(|(j, &c)| j != idle && c >= 2) {
                return Ok(DonorPoll { donor: None, polls: 0 });
            }
            let (donor, polls) = poll_available(p, idle, |j| r[j] >= 2, rng);
            Ok(DonorPoll { donor: Some(donor), polls })
        }
        _ => Ok(DonorPoll { donor: Some(poll_other(p, idle, rng)), polls: 1 }),
    }
}

/// One poll: a processor drawn uniformly among the p − 1 others than `idle`.
#[inline]
fn poll_other<G: Rng + ?Sized>(p: usize, idle: usize, rng: &mut G) -> usize {
    let j = rng.random_range(0..p - 1);
    if j >= idle { j + 1 } else { j }
}

/// Polls uniformly among the p − 1 others than `idle` until `available` answers yes; returns
/// the donor and the number of polls. The caller guarantees that some processor is available
/// (else this never returns).
#[inline]
pub(super) fn poll_available<G: Rng + ?Sized>(
    p: usize,
    idle: usize,
    mut available: impl FnMut(usize) -> bool,
    rng: &mut G,
) -> (usize, u64) {
    let mut polls = 0;
    loop {
        let j = poll_other(p, idle, rng);
        polls += 1;
        if available(j) {
            return (j, polls);
        }
    }
}

/// The balanced count at position `q` of `k` sharing `total` tasks: ⌊(total + q)/k⌋, i.e.
/// r = ⌊N/k⌋ for the first k − b positions and r + 1 for the last b = N mod k.
#[inline]
pub(super) fn share(total: u64, k: u64, q: u64) -> u64 {
    total / k + u64::from(q >= k - total % k)
}

/// Balances the counts `r` of one group (AR on all processors, NR on a neighbourhood), writing
/// them into `out` (same order, same length): with N = Σ r, the positions q = 0..k go to the idle
/// member `idle` first, then the other idle members, then the busy members (each in the order
/// given), and position q gets [`share`]`(N, k, q)`, so idle members get r = ⌊N/k⌋ and the last b
/// busy members r + 1 (counts include running tasks, which never move). O(k), no allocation.
pub(super) fn balance_into(r: &[u64], idle: usize, out: &mut [u64]) {
    let k = r.len() as u64;
    let total: u64 = r.iter().sum();
    out[idle] = share(total, k, 0);
    let mut q = 1;
    for (i, &c) in r.iter().enumerate() {
        if i != idle && c == 0 {
            out[i] = share(total, k, q);
            q += 1;
        }
    }
    for (i, &c) in r.iter().enumerate() {
        if c > 0 {
            out[i] = share(total, k, q);
            q += 1;
        }
    }
}

/// All-redistribution step (Ahn et al., §2.3, §4.5): all remaining tasks are spread evenly; the
/// idle processor gets r = ⌊N/p⌋, b = N mod p busy processors (the last in index order) get
/// r + 1. In the wind-down (N < p) every busy processor keeps its running task.
///
/// # Formula
/// ```text
/// N = Σ R_i,  r = ⌊N/p⌋,  b = N mod p,  R'_idle = r,  R'_i ∈ {r, r+1}
/// ```
///
/// # Errors
/// As [`Algorithm::step`](crate::ensemble::Algorithm::step).
///
/// # Examples
/// ```
/// use loadbal::ensemble::{Algorithm, Trigger};
/// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0);
/// assert_eq!(Algorithm::Ar.step(&at).unwrap().counts, vec![3, 3, 3, 4, 4]); // G27
/// ```
pub(crate) fn ar_step(r: &[u64], idle: usize) -> Result<StepOutcome, EnsembleError> {
    check_counts(r, idle)?;
    check_total(r.iter().copied())?;
    let mut counts = vec![0; r.len()];
    balance_into(r, idle, &mut counts);
    Ok(outcome(r, counts, None))
}

/// Neighbour-redistribution step (Ahn et al., §2.5, §4.7): AR restricted to `group` = the idle
/// processor and its k − 1 neighbours (e.g. [`Torus::group`]).
///
/// # Formula
/// ```text
/// N = Σ_{i∈G} R_i,  r = ⌊N/k⌋,  b = N mod k,  R'_idle = r,  R'_i ∈ {r, r+1} (i ∈ G)
/// ```
///
/// # Errors
/// As [`md_step`], and [`EnsembleError::IndexOutOfRange`] when a group member is out of range,
/// [`EnsembleError::InvalidParameter`] when the group lacks the idle processor or repeats one, or
/// when the group's counts sum past `u64::MAX`.
///
/// # Examples
/// ```
/// use loadbal::ensemble::{Algorithm, Trigger};
/// let at = Trigger::new(vec![0, 3, 5, 2, 7], 0).with_partners(vec![0, 1, 2]);
/// assert_eq!(Algorithm::Nr.step(&at).unwrap().counts, vec![2, 3, 3, 2, 7]); // G35
/// ```
pub(crate) fn nr_step(r: &[u64], idle: usize, group: &[usize]) -> Result<StepOutcome, EnsembleError> {
    check_counts(r, idle)?;
    let mut seen = vec![false; r.len()];
    for &i in group {
        if i >= r.len() {
            return Err(EnsembleError::IndexOutOfRange { index: i, p: r.len() as u64 });
        }
        if seen[i] {
            return Err(EnsembleError::InvalidParameter {
                what: "group member",
                value: i as f64,
                why: "appears twice",
            });
        }
        seen[i] = true;
    }
    if !seen[idle] {
        return Err(EnsembleError::InvalidParameter {
            what: "idle processor",
            value: idle as f64,
            why: "must belong to its NR group",
        });
    }
    let local: Vec<u64> = group.iter().map(|&i| r[i]).collect();
    check_total(local.iter().copied())?;
    let mut balanced = vec![0; group.len()];
    let at = group.iter().position(|&i| i == idle).expect("checked above");
    balance_into(&local, at, &mut balanced);
    let mut counts = r.to_vec();
    for (&i, &c) in group.iter().zip(&balanced) {
        counts[i] = c;
    }
    Ok(outcome(r, counts, None))
}

/// A `rows × cols` 2-D torus (Ahn et al., §2.5: "a 2-D torus topology is considered for the
/// numerical experiments"; the paper gives neither the shape nor k: we use the 4
/// von Neumann neighbours, k = 5). Processor i sits at (i / cols, i % cols).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Torus {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
}

impl Torus {
    /// A torus with the given shape.
    ///
    /// # Errors
    /// [`EnsembleError::TooFewProcessors`] when rows·cols < 2, [`EnsembleError::TooLarge`] when
    /// rows·cols overflows `usize`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::{EnsembleError, Torus};
    /// assert_eq!(Torus::new(2, 3).unwrap().len(), 6);
    /// assert!(matches!(Torus::new(1, 1), Err(EnsembleError::TooFewProcessors(1))));
    /// assert!(matches!(Torus::new(usize::MAX, 2), Err(EnsembleError::TooLarge { .. })));
    /// ```
    pub fn new(rows: usize, cols: usize) -> Result<Self, EnsembleError> {
        let Some(p) = rows.checked_mul(cols) else {
            let value = u64::try_from(rows as u128 * cols as u128).unwrap_or(u64::MAX);
            return Err(EnsembleError::TooLarge {
                what: "processors rows·cols of a torus",
                value,
                max: usize::MAX as u64,
            });
        };
        if p < 2 {
            return Err(EnsembleError::TooFewProcessors(p as u64));
        }
        Ok(Torus { rows, cols })
    }

    /// The √p × √p torus.
    ///
    /// # Errors
    /// [`EnsembleError::InvalidParameter`] when p is not a perfect square (give the shape with
    /// [`Torus::new`]), [`EnsembleError::TooFewProcessors`] when p < 2.
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::Torus;
    /// let t = Torus::square(25).unwrap();
    /// assert_eq!(t.group(0), Some(vec![0, 20, 5, 4, 1]));
    /// ```
    pub fn square(p: u64) -> Result<Self, EnsembleError> {
        let s = (p as f64).sqrt().round() as u64;
        if s.checked_mul(s) != Some(p) || usize::try_from(s).is_err() {
            return Err(EnsembleError::InvalidParameter {
                what: "p",
                value: p as f64,
                why: "a square torus needs a perfect square; give rows and cols",
            });
        }
        Torus::new(s as usize, s as usize)
    }

    /// Number of processors, `rows · cols` (saturating at `usize::MAX`: the fields are public, and
    /// a torus built without [`Torus::new`] may not fit; its product no longer wraps around to a
    /// small count that a simulation of that many processors would accept).
    ///
    /// # Examples
    /// ```
    /// assert_eq!(loadbal::ensemble::Torus::new(4, 5).unwrap().len(), 20);
    /// ```
    pub fn len(&self) -> usize {
        self.rows.saturating_mul(self.cols)
    }

    /// Always false (a torus has at least 2 processors).
    ///
    /// # Examples
    /// ```
    /// assert!(!loadbal::ensemble::Torus::new(1, 2).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Processor i followed by its distinct up, down, left and right neighbours (wrap-around):
    /// the NR group of i (k = 5 when both sides are at least 3); `None` when the torus has no
    /// processor i (or its rows · cols overflows: a torus built without [`Torus::new`]).
    ///
    /// # Examples
    /// ```
    /// use loadbal::ensemble::Torus;
    /// // 3 × 3: processor 4 (the centre) and its four neighbours; on 2 × 2 up = down and left = right.
    /// assert_eq!(Torus::new(3, 3).unwrap().group(4), Some(vec![4, 1, 7, 3, 5]));
    /// assert_eq!(Torus::new(2, 2).unwrap().group(0), Some(vec![0, 2, 1]));
    /// assert_eq!(Torus::new(2, 2).unwrap().group(4), None);
    /// ```
    pub fn group(&self, i: usize) -> Option<Vec<usize>> {
        // A torus built from its public fields whose rows · cols overflows has no groups.
        if self.rows.checked_mul(self.cols).is_none_or(|p| i >= p) {
            return None;
        }
        let mut members = [0; 5];
        let k = self.neighbourhood(i, &mut members);
        Some(members[..k].to_vec())
    }

    /// [`Torus::group`] without allocating: writes the members into the first k slots of `g` and
    /// returns k. One division (the row); the neighbours wrap by comparison rather than by four
    /// more `%`. The members are written in place rather than returned: a returned array was
    /// copied with 16-byte loads over its 8-byte stores, which cannot be forwarded and so waited
    /// for the event's first store (the idle processor's record, a cache miss at p = 10⁵) to
    /// leave the store buffer, holding up the reads of the neighbours (about 9 % of NR's time).
    #[inline]
    pub(super) fn neighbourhood(&self, i: usize, g: &mut [usize; 5]) -> usize {
        let (rows, cols) = (self.rows, self.cols);
        let row = i / cols;
        let col = i - row * cols;
        let cand = [
            if row == 0 { i + (rows - 1) * cols } else { i - cols },
            if row + 1 == rows { col } else { i + cols },
            if col == 0 { i + cols - 1 } else { i - 1 },
            if col + 1 == cols { i + 1 - cols } else { i + 1 },
        ];
        g[0] = i;
        let mut k = 1;
        for c in cand {
            if !g[..k].contains(&c) {
                g[k] = c;
                k += 1;
            }
        }
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn wind_down_keeps_running_tasks() {
        // N = 3 < p = 5: busy processors keep their task, one extra goes to an idle one
        let s = ar_step(&[0, 0, 2, 1, 0], 0).unwrap();
        assert_eq!(s.counts.iter().sum::<u64>(), 3);
        assert!(s.counts[2] >= 1 && s.counts[3] >= 1);
        let s = md_step(&[0, 1, 1], 0).unwrap();
        assert_eq!((s.counts, s.moved), (vec![0, 1, 1], 0));
    }

    #[test]
    fn torus_small() {
        let t = Torus::new(2, 2).unwrap();
        assert_eq!(t.group(0), Some(vec![0, 2, 1]));
        assert!(Torus::square(10).is_err());
    }

    #[test]
    fn neighbourhood_wraps_like_the_modular_definition() {
        // up, down, left, right of (r, c) by arithmetic mod rows and cols, duplicates dropped
        for (rows, cols) in [(1, 2), (2, 1), (2, 2), (1, 7), (7, 1), (2, 3), (3, 5), (4, 4), (6, 9)] {
            let t = Torus::new(rows, cols).unwrap();
            for i in 0..rows * cols {
                let (r, c) = (i / cols, i % cols);
                let mut want = vec![i];
                for (rr, cc) in
                    [((r + rows - 1) % rows, c), ((r + 1) % rows, c), (r, (c + cols - 1) % cols), (r, (c + 1) % cols)]
                {
                    if !want.contains(&(rr * cols + cc)) {
                        want.push(rr * cols + cc);
                    }
                }
                assert_eq!(t.group(i), Some(want), "{rows}×{cols}, i = {i}");
            }
        }
    }

    #[test]
    fn errors() {
        assert!(matches!(md_step(&[1, 2], 0), Err(EnsembleError::NotIdle { .. })));
        assert!(matches!(ar_step(&[0], 0), Err(EnsembleError::TooShort { .. })));
        assert!(rp_step(&[0, 2], 0, 0).is_err());
        assert!(nr_step(&[0, 2, 2], 0, &[1, 2]).is_err());
        assert!(nr_step(&[0, 2, 2], 0, &[0, 0]).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn steps_preserve_tasks_and_running(mut r in prop::collection::vec(0u64..30, 2..12), idle in 0usize..12) {
            let idle = idle % r.len();
            r[idle] = 0;
            let total: u64 = r.iter().sum();
            for s in [md_step(&r, idle).unwrap(), ar_step(&r, idle).unwrap(), rp_step(&r, idle, (idle + 1) % r.len()).unwrap()] {
                prop_assert_eq!(s.counts.iter().sum::<u64>(), total);
                for (i, (&a, &b)) in r.iter().zip(&s.counts).enumerate() {
                    prop_assert!(a == 0 || b >= 1, "processor {} lost its running task", i);
                }
            }
            let ar = ar_step(&r, idle).unwrap().counts;
            let (lo, hi) = (ar.iter().min().unwrap(), ar.iter().max().unwrap());
            prop_assert!(hi - lo <= 1);
        }
    }
}
