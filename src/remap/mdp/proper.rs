//! Properness: assumption (A) of Yin et al. (every stationary policy reaches absorption).

use super::{Mdp, MdpError};
use nalgebra::DVector;

/// A row leaks (can absorb) when its deficit exceeds this.
const LEAK: f64 = 1e-12;

/// The constants of assumption (A) of Yin et al. (eq. 14) for one stationary policy.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AbsorptionBound {
    /// The smallest `l ≤ S` with absorption within `l` steps from every state with positive
    /// probability.
    pub l: usize,
    /// `c0 = min_i P_i(absorbed within l steps)`.
    pub c0: f64,
}

impl Mdp {
    /// Checks assumption (A) of Yin et al. (eq. 14): every stationary policy reaches absorption
    /// from every state. Computes the greatest set `X` of states from which some action keeps
    /// the chain inside `X` without leaking; (A) holds iff `X` is empty.
    ///
    /// # Formula
    /// X ← all states; repeat X ← {i ∈ X : ∃a, 1 − Σ_j P_a(i,j) ≤ 1e-12 and supp P_a(i,·) ⊆ X}
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
        let s = self.states();
        let mut inside = vec![true; s];
        loop {
            let mut changed = false;
            for i in 0..s {
                if inside[i] && !(0..self.actions()).any(|a| self.stays(a, i, &inside)) {
                    inside[i] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        match inside.iter().position(|&x| x) {
            Some(state) => Err(MdpError::AssumptionAViolated { state }),
            None => Ok(()),
        }
    }

    /// Whether action `a` in state `i` stays inside `set` without leaking.
    fn stays(&self, a: usize, i: usize, set: &[bool]) -> bool {
        let row = self.transition(a).row(i);
        1.0 - row.sum() <= LEAK && row.iter().zip(set).all(|(&p, &inside)| p <= 0.0 || inside)
    }

    /// The states from which the stationary `policy` never reaches absorption (no path to a
    /// leaking row), in increasing order.
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
        let s = self.states();
        let p = |i: usize| self.transition(policy[i]).row(i);
        let mut reaches: Vec<bool> = (0..s).map(|i| 1.0 - p(i).sum() > LEAK).collect();
        loop {
            let mut changed = false;
            for i in 0..s {
                if !reaches[i] && p(i).iter().zip(&reaches).any(|(&x, &r)| x > 0.0 && r) {
                    reaches[i] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        Ok((0..s).filter(|&i| !reaches[i]).collect())
    }

    /// `l` and `c0` of assumption (A) (Yin et al., eq. (14)) for a stationary `policy`: the mass
    /// still unabsorbed after `l` steps is `r_l = P_u r_{l−1}`, `r_0 = 1`.
    ///
    /// # Formula
    /// l = min{l ≤ S : max_i r_l(i) < 1},  c0 = 1 − max_i r_l(i)
    ///
    /// # Errors
    /// [`MdpError::InvalidPolicy`]; [`MdpError::ImproperPolicy`] when the policy never absorbs
    /// from some state.
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
    pub fn absorption_bound(&self, policy: &[usize]) -> Result<super::AbsorptionBound, MdpError> {
        if let Some(&state) = self.improper_states(policy)?.first() {
            return Err(MdpError::ImproperPolicy { state });
        }
        let (p, _) = self.policy_system(policy);
        let mut r = DVector::from_element(self.states(), 1.0);
        for l in 1..=self.states() {
            r = &p * r;
            let worst = r.max();
            if worst < 1.0 - LEAK {
                return Ok(AbsorptionBound { l, c0: 1.0 - worst });
            }
        }
        Err(MdpError::ImproperPolicy { state: r.imax() })
    }
}
