//! Properness: which states reach absorption, assumption (A) of Yin et al., and a proper policy
//! to start policy iteration from.

use super::error::MdpError;
use super::model::Mdp;

/// A pair leaks (can be absorbed) when its row deficit exceeds this: smaller deficits are not
/// told apart from the rounding of a row sum.
pub(crate) const LEAK: f64 = 1e-12;

/// The constants of assumption (A) of Yin et al. (eq. (14)) for one stationary policy.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AbsorptionBound {
    /// The smallest `l ≤ S` with absorption within `l` steps from every state with positive
    /// probability.
    pub l: usize,
    /// `c0 = min_i P_i(absorbed within l steps)`.
    pub c0: f64,
}

impl std::fmt::Display for AbsorptionBound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "absorbed within l = {} steps with probability at least c0 = {}", self.l, self.c0)
    }
}

/// Reverse edges of a set of pairs: `src[ptr[j]..ptr[j + 1]]` are the pairs with a positive
/// probability of moving to state `j` (restart excluded).
struct Reverse {
    ptr: Vec<usize>,
    src: Vec<u32>,
}

impl Reverse {
    fn new(mdp: &Mdp, pairs: &[usize]) -> Self {
        let s = mdp.states;
        let mut ptr = vec![0usize; s + 1];
        for &k in pairs {
            for (j, p) in mdp.entries(k) {
                if p > 0.0 {
                    ptr[j + 1] += 1;
                }
            }
        }
        for j in 0..s {
            ptr[j + 1] += ptr[j];
        }
        let mut fill = ptr.clone();
        let mut src = vec![0u32; ptr[s]];
        for &k in pairs {
            for (j, p) in mdp.entries(k) {
                if p > 0.0 {
                    src[fill[j]] = k as u32;
                    fill[j] += 1;
                }
            }
        }
        Self { ptr, src }
    }

    fn sources(&self, j: usize) -> impl Iterator<Item = usize> + '_ {
        self.src[self.ptr[j]..self.ptr[j + 1]].iter().map(|&k| k as usize)
    }
}

impl Mdp {
    /// State of every pair.
    fn pair_states(&self) -> Vec<u32> {
        let mut out = vec![0u32; self.pairs()];
        for i in 0..self.states {
            out[self.pair_ptr[i]..self.pair_ptr[i + 1]].fill(i as u32);
        }
        out
    }

    /// Whether state `j` is a possible restart target.
    fn restart_mask(&self) -> Vec<bool> {
        let mut mask = vec![false; self.states];
        for (j, p) in self.restart_entries() {
            mask[j] |= p > 0.0;
        }
        mask
    }

    fn restarts_somewhere(&self, k: usize) -> bool {
        self.weight(k) > 0.0 && self.rho_mass > 0.0
    }

    /// Checks assumption (A) of Yin et al. (eq. (14)): every stationary policy reaches absorption
    /// from every state. Computes the greatest set `X` of states from which some action keeps
    /// the chain inside `X` without leaking; (A) holds iff `X` is empty. `O(nnz)` time.
    ///
    /// # Formula
    /// X ← all states; repeat X ← {i ∈ X : ∃a, 1 − Σ_j P(i,a,j) ≤ 1e-12 and supp P(i,a,·) ⊆ X}
    ///
    /// # Errors
    /// [`MdpError::AssumptionAViolated`] with the smallest state of `X`.
    ///
    /// # Examples
    /// Two states that swap forever under both actions violate (A):
    /// ```
    /// use loadbal::remap::mdp::{Mdp, MdpError};
    /// use nalgebra::dmatrix;
    /// let swap = dmatrix![0.0, 1.0; 1.0, 0.0];
    /// let mdp = Mdp::new(vec![swap.clone(), swap], dmatrix![1.0, 1.0; 1.0, 1.0]).unwrap();
    /// assert_eq!(mdp.check_assumption_a(), Err(MdpError::AssumptionAViolated { state: 0 }));
    /// ```
    pub fn check_assumption_a(&self) -> Result<(), MdpError> {
        let s = self.states;
        let all: Vec<usize> = (0..self.pairs()).collect();
        let rev = Reverse::new(self, &all);
        let owner = self.pair_states();
        let mut closed: Vec<bool> = (0..self.pairs()).map(|k| self.deficit(k) <= LEAK).collect();
        let mut count: Vec<usize> =
            (0..s).map(|i| (self.pair_ptr[i]..self.pair_ptr[i + 1]).filter(|&k| closed[k]).count()).collect();
        let mut inside = vec![true; s];
        let mut queue: Vec<usize> = (0..s).filter(|&i| count[i] == 0).collect();
        for &i in &queue {
            inside[i] = false;
        }
        let mut restart_open = true;
        let targets = self.restart_mask();
        while let Some(j) = queue.pop() {
            let mut open = |k: usize, queue: &mut Vec<usize>| {
                if closed[k] {
                    closed[k] = false;
                    let i = owner[k] as usize;
                    count[i] -= 1;
                    if count[i] == 0 && inside[i] {
                        inside[i] = false;
                        queue.push(i);
                    }
                }
            };
            for k in rev.sources(j) {
                open(k, &mut queue);
            }
            if restart_open && targets[j] {
                restart_open = false;
                for k in 0..self.pairs() {
                    if self.restarts_somewhere(k) {
                        open(k, &mut queue);
                    }
                }
            }
        }
        match inside.iter().position(|&x| x) {
            Some(state) => Err(MdpError::AssumptionAViolated { state }),
            None => Ok(()),
        }
    }

    /// Backward search from absorption over the allowed pairs (`policy[i]` for each state
    /// `i`, or every pair when `policy` is `None`): which states reach absorption, and through
    /// which pair. `prefer[i]`, when given, is taken whenever it leaks or moves into the states
    /// found so far.
    fn reach(&self, policy: Option<&[usize]>, prefer: Option<&[usize]>) -> (Vec<bool>, Vec<usize>) {
        let s = self.states;
        let all: Vec<usize>;
        let allowed: &[usize] = match policy {
            Some(p) => p,
            None => {
                all = (0..self.pairs()).collect();
                &all
            }
        };
        let pairs_of = |i: usize| match policy {
            Some(p) => p[i]..p[i] + 1,
            None => self.pair_ptr[i]..self.pair_ptr[i + 1],
        };
        let rev = Reverse::new(self, allowed);
        let owner = self.pair_states();
        let mut reached = vec![false; s];
        let mut via = vec![usize::MAX; s];
        let mut queue = std::collections::VecDeque::new();
        let leaking = |k: usize| self.deficit(k) > LEAK;
        for i in 0..s {
            let pick = prefer.map(|p| self.pair_ptr[i] + p[i]).filter(|&k| pairs_of(i).contains(&k) && leaking(k));
            if let Some(k) = pick.or_else(|| pairs_of(i).find(|&k| leaking(k))) {
                reached[i] = true;
                via[i] = k;
                queue.push_back(i);
            }
        }
        let restart_targets = self.restart_mask();
        let mut restart_done = false;
        while let Some(j) = queue.pop_front() {
            let mut candidates: Vec<usize> = rev.sources(j).collect();
            if !restart_done && restart_targets[j] {
                restart_done = true;
                candidates.extend(allowed.iter().copied().filter(|&k| self.restarts_somewhere(k)));
            }
            for k in candidates {
                let i = owner[k] as usize;
                if reached[i] {
                    continue;
                }
                reached[i] = true;
                via[i] = k;
                if let Some(p) = prefer {
                    let g = self.pair_ptr[i] + p[i];
                    let into = self.entries(g).any(|(j, p)| p > 0.0 && j != i && reached[j])
                        || (restart_done && self.restarts_somewhere(g));
                    if into && pairs_of(i).contains(&g) {
                        via[i] = g;
                    }
                }
                queue.push_back(i);
            }
        }
        (reached, via)
    }

    /// The states from which the stationary `policy` never reaches absorption (no path to a
    /// leaking row), in increasing order. `O(nnz)` time.
    ///
    /// # Errors
    /// [`MdpError::InvalidPolicy`] for a policy of the wrong length or with a bad action.
    ///
    /// # Examples
    /// State 0 either loops on itself forever (action 0) or stops (action 1).
    /// ```
    /// use loadbal::remap::mdp::Mdp;
    /// use nalgebra::dmatrix;
    /// let mdp = Mdp::new(vec![dmatrix![1.0], dmatrix![0.0]], dmatrix![1.0, 5.0]).unwrap();
    /// assert_eq!(mdp.improper_states(&[0]).unwrap(), vec![0]);
    /// assert!(mdp.improper_states(&[1]).unwrap().is_empty());
    /// ```
    pub fn improper_states(&self, policy: &[usize]) -> Result<Vec<usize>, MdpError> {
        self.check_policy(policy)?;
        let pairs = self.policy_pairs(policy);
        let (reached, _) = self.reach(Some(&pairs), None);
        Ok((0..self.states).filter(|&i| !reached[i]).collect())
    }

    /// A proper policy (one that reaches absorption from every state), as close to `prefer` as
    /// the search allows: `prefer` itself when it is proper; otherwise a backward breadth-first
    /// search from the leaking pairs gives each state an action that leaks or moves, with
    /// positive probability, to a state found earlier (its `prefer` action when that one does).
    ///
    /// # Errors
    /// [`MdpError::NoProperPolicy`] with the smallest state from which no policy reaches
    /// absorption; [`MdpError::InvalidPolicy`] for a bad `prefer`.
    ///
    /// # Examples
    /// Two states: in state 0 action 0 moves to state 1, action 1 stays; in state 1 action 0
    /// moves back to 0, action 1 leaves with probability 1/2. The constant policies are both
    /// improper, the mixed policy (0, 1) is proper.
    /// ```
    /// use loadbal::remap::mdp::Mdp;
    /// let rows = vec![vec![(1, 1.0)], vec![(0, 1.0)], vec![(0, 1.0)], vec![(1, 0.5)]];
    /// let mdp = Mdp::from_pairs(2, &[0, 0, 1, 1], &[1.0, 1.0, 1.0, 1.0], &rows).unwrap();
    /// assert_eq!(mdp.proper_policy(&[1, 0]).unwrap(), vec![0, 1]);
    /// ```
    pub fn proper_policy(&self, prefer: &[usize]) -> Result<Vec<usize>, MdpError> {
        if self.improper_states(prefer)?.is_empty() {
            return Ok(prefer.to_vec());
        }
        let (reached, via) = self.reach(None, Some(prefer));
        if let Some(state) = reached.iter().position(|&r| !r) {
            return Err(MdpError::NoProperPolicy { state });
        }
        Ok((0..self.states).map(|i| via[i] - self.pair_ptr[i]).collect())
    }

    /// `l` and `c0` of assumption (A) (Yin et al., eq. (14)) for a stationary `policy`: the mass
    /// still unabsorbed after `l` steps is `r_l = P_u r_{l−1}`, `r_0 = 1`. `O(S·nnz)` time.
    ///
    /// # Formula
    /// l = min{l ≤ S : max_i r_l(i) < 1},  c0 = 1 − max_i r_l(i)
    ///
    /// # Errors
    /// [`MdpError::InvalidPolicy`]; [`MdpError::ImproperPolicy`] when the policy never absorbs
    /// from some state.
    ///
    /// # Accuracy
    /// Computed from the policy's absorption-time values (one exact LU solve, relative residual
    /// below 1e-12): a true bound up to that rounding.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::mdp::Mdp;
    /// use nalgebra::dmatrix;
    /// // State 0 → state 1 → absorbed with probability 1/2 per step.
    /// let mdp = Mdp::new(vec![dmatrix![0.0, 1.0; 0.0, 0.5]], dmatrix![1.0; 1.0]).unwrap();
    /// let b = mdp.absorption_bound(&[0, 0]).unwrap();
    /// assert_eq!((b.l, b.c0), (2, 0.5));
    /// ```
    pub fn absorption_bound(&self, policy: &[usize]) -> Result<AbsorptionBound, MdpError> {
        if let Some(&state) = self.improper_states(policy)?.first() {
            return Err(MdpError::ImproperPolicy { state });
        }
        let pairs = self.policy_pairs(policy);
        let mut r = vec![1.0; self.states];
        let mut next = vec![0.0; self.states];
        for l in 1..=self.states {
            let rv = self.restart_dot(&r);
            for (i, &k) in pairs.iter().enumerate() {
                next[i] = self.row_dot(k, &r) + self.weight(k) * rv;
            }
            std::mem::swap(&mut r, &mut next);
            let (worst_state, worst) = r
                .iter()
                .copied()
                .enumerate()
                .fold((0, f64::NEG_INFINITY), |m, (i, x)| if x > m.1 { (i, x) } else { m });
            if worst < 1.0 - LEAK {
                return Ok(AbsorptionBound { l, c0: 1.0 - worst });
            }
            if l == self.states {
                return Err(MdpError::ImproperPolicy { state: worst_state });
            }
        }
        Err(MdpError::ImproperPolicy { state: 0 })
    }
}
