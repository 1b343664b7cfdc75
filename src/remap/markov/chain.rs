//! Workload chains: load vectors and a stochastic transition matrix.

use super::MarkovError;
use nalgebra::DMatrix;

const TOL: f64 = 1e-9;

/// A finite Markov chain of workload vectors (Yin et al., §2): state `s` holds the loads
/// `loads[s]` of the `r` processes and moves with row `s` of the stochastic matrix `p`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WorkloadChain {
    loads: Vec<Vec<f64>>,
    p: DMatrix<f64>,
}

impl WorkloadChain {
    /// Validates and builds a chain.
    ///
    /// # Errors
    /// [`MarkovError::DimensionMismatch`] when `p` is not `S×S` for `S = loads.len()` or load
    /// vectors differ in length (or are empty); [`MarkovError::NonFinite`],
    /// [`MarkovError::NegativeProbability`] (below −1e-9) and [`MarkovError::NotStochastic`]
    /// (a row sum off 1 by more than 1e-9).
    pub fn new(loads: Vec<Vec<f64>>, p: DMatrix<f64>) -> Result<Self, MarkovError> {
        let s = loads.len();
        let r = loads.first().map_or(0, Vec::len);
        if s == 0 || r == 0 {
            return Err(MarkovError::DimensionMismatch { what: "state list / load vector", expected: 1, got: 0 });
        }
        if let Some(bad) = loads.iter().find(|l| l.len() != r) {
            return Err(MarkovError::DimensionMismatch { what: "load vector", expected: r, got: bad.len() });
        }
        if let Some((index, &value)) = loads.iter().flatten().enumerate().find(|(_, x)| !x.is_finite()) {
            return Err(MarkovError::NonFinite { what: "loads", index, value });
        }
        if p.nrows() != s || p.ncols() != s {
            let got = if p.nrows() != s { p.nrows() } else { p.ncols() };
            return Err(MarkovError::DimensionMismatch { what: "transition matrix", expected: s, got });
        }
        for i in 0..s {
            for j in 0..s {
                let x = p[(i, j)];
                if !x.is_finite() {
                    return Err(MarkovError::NonFinite { what: "transition matrix", index: i * s + j, value: x });
                }
                if x < -TOL {
                    return Err(MarkovError::NegativeProbability {
                        what: "transition matrix",
                        index: i * s + j,
                        value: x,
                    });
                }
            }
            let sum = p.row(i).sum();
            if (sum - 1.0).abs() > TOL {
                return Err(MarkovError::NotStochastic { what: "transition matrix", row: i, sum });
            }
        }
        Ok(Self { loads, p })
    }

    /// A one-process chain on the given load levels.
    ///
    /// # Errors
    /// As [`WorkloadChain::new`].
    pub fn single(levels: &[f64], q: DMatrix<f64>) -> Result<Self, MarkovError> {
        Self::new(levels.iter().map(|&x| vec![x]).collect(), q)
    }

    /// Independent processes: the product chain, states in row-major order (the first factor's
    /// index varies slowest), loads concatenated, `P = P_1 ⊗ P_2 ⊗ …` (Yin et al., §5 with typo
    /// fixed: `P = q ⊗ q = (1/16) Q ⊗ Q`).
    ///
    /// # Errors
    /// [`MarkovError::InvalidParameter`] for no factors.
    ///
    /// # Examples
    /// ```
    /// use loadbal::remap::markov::{WorkloadChain, reflecting_walk};
    /// let one = WorkloadChain::single(&[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], reflecting_walk(6).unwrap()).unwrap();
    /// let two = WorkloadChain::product(&[one.clone(), one]).unwrap();
    /// // p_{(1,2)(2,2)} = 0.25 × 0.5 (Yin et al., §5).
    /// assert_eq!(two.transition()[(6 * 1 + 2, 6 * 2 + 2)], 0.125);
    /// ```
    pub fn product(factors: &[WorkloadChain]) -> Result<Self, MarkovError> {
        let (first, rest) =
            factors.split_first().ok_or(MarkovError::InvalidParameter { name: "factors", value: 0.0 })?;
        let mut acc = first.clone();
        for f in rest {
            let loads = acc
                .loads
                .iter()
                .flat_map(|a| f.loads.iter().map(move |b| a.iter().chain(b).copied().collect()))
                .collect();
            acc = WorkloadChain { loads, p: acc.p.kronecker(&f.p) };
        }
        Ok(acc)
    }

    /// Number of states.
    pub fn states(&self) -> usize {
        self.loads.len()
    }
    /// Load vector of every state.
    pub fn loads(&self) -> &[Vec<f64>] {
        &self.loads
    }
    /// Transition matrix.
    pub fn transition(&self) -> &DMatrix<f64> {
        &self.p
    }
    /// Whether state `s` is balanced (all loads equal within 1e-12).
    pub fn is_balanced(&self, s: usize) -> bool {
        let l = &self.loads[s];
        l.iter().all(|x| (x - l[0]).abs() <= 1e-12 * (1.0 + l[0].abs()))
    }
}

/// The per-process kernel of Yin et al., eq. (22) on `levels` load levels `0..levels−1`: from an
/// interior level ±1 with probability 1/4 each and stay with 1/2 (Fong et al., eq. (15)); at either
/// end move inwards or stay with 1/2 each. For 6 levels this is `q = Q/4` with the 6×6 `Q`
/// (the paper prints `Q` as 5×5, a typo).
///
/// # Formula
/// q(i, i±1) = 1/4, q(i, i) = 1/2 (interior); q(0, 0) = q(0, 1) = q(L, L) = q(L, L−1) = 1/2
///
/// # Errors
/// [`MarkovError::InvalidParameter`] when `levels < 2`.
///
/// # Examples
/// ```
/// use loadbal::remap::markov::reflecting_walk;
/// let q = reflecting_walk(6).unwrap();
/// assert_eq!((q[(0, 1)], q[(2, 2)], q[(2, 3)], q[(5, 4)]), (0.5, 0.5, 0.25, 0.5));
/// ```
pub fn reflecting_walk(levels: usize) -> Result<DMatrix<f64>, MarkovError> {
    if levels < 2 {
        return Err(MarkovError::InvalidParameter { name: "levels", value: levels as f64 });
    }
    let last = levels - 1;
    Ok(DMatrix::from_fn(levels, levels, |i, j| match (i, j) {
        (0, 0) | (0, 1) => 0.5,
        _ if i == last && (j == last || j + 1 == last) => 0.5,
        _ if i == j => 0.5,
        _ if i.abs_diff(j) == 1 && i != 0 && i != last => 0.25,
        _ => 0.0,
    }))
}

/// `processes` independent copies of [`reflecting_walk`] on the levels `0..levels`: the
/// Yin et al., §5 chain for `processes = 2`, `levels = 6` (36 states).
///
/// # Errors
/// [`MarkovError::InvalidParameter`] when `processes = 0`, `levels < 2` or the chain would
/// exceed 2^14 states (a dense matrix of that size needs 2 GB).
///
/// # Examples
/// ```
/// use loadbal::remap::markov::reflecting_chain;
/// assert_eq!(reflecting_chain(4, 6).unwrap().states(), 1296);
/// ```
pub fn reflecting_chain(processes: usize, levels: usize) -> Result<WorkloadChain, MarkovError> {
    let states = (levels as f64).powi(processes as i32);
    if processes == 0 || states > 16384.0 {
        return Err(MarkovError::InvalidParameter { name: "processes", value: processes as f64 });
    }
    let grid: Vec<f64> = (0..levels).map(|x| x as f64).collect();
    let one = WorkloadChain::single(&grid, reflecting_walk(levels)?)?;
    WorkloadChain::product(&vec![one; processes])
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::dmatrix;

    #[test]
    fn kernel_of_the_example() {
        let q = reflecting_walk(6).unwrap();
        for i in 0..6 {
            assert!((q.row(i).sum() - 1.0).abs() < 1e-15);
        }
        let levels: Vec<f64> = (0..6).map(f64::from).collect();
        let one = WorkloadChain::single(&levels, q).unwrap();
        let two = WorkloadChain::product(&[one.clone(), one]).unwrap();
        assert_eq!(two.states(), 36);
        assert_eq!(two.transition().iter().filter(|&&x| x > 0.0).count(), 256);
        assert_eq!(two.loads()[8], vec![1.0, 2.0]);
        let row = two.transition().row(6 + 2);
        assert_eq!((row[1], row[2], row[8], row[15]), (0.0625, 0.125, 0.25, 0.0625));
        assert_eq!((0..36).filter(|&s| two.is_balanced(s)).count(), 6);
    }

    #[test]
    fn bad_chains() {
        let l = vec![vec![0.0], vec![1.0]];
        assert!(matches!(
            WorkloadChain::new(l.clone(), dmatrix![0.5, 0.49; 0.5, 0.5]),
            Err(MarkovError::NotStochastic { .. })
        ));
        assert!(matches!(
            WorkloadChain::new(l.clone(), dmatrix![1.1, -0.1; 0.5, 0.5]),
            Err(MarkovError::NegativeProbability { .. })
        ));
        assert!(matches!(
            WorkloadChain::new(l.clone(), dmatrix![f64::NAN, 0.5; 0.5, 0.5]),
            Err(MarkovError::NonFinite { .. })
        ));
        assert!(matches!(WorkloadChain::new(l, dmatrix![1.0]), Err(MarkovError::DimensionMismatch { .. })));
        assert!(reflecting_walk(1).is_err());
    }
}
