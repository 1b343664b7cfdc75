//! The optimality criterion of a Markov decision process.

/// Optimality criterion.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Criterion {
    /// Expected total cost until absorption (Yin et al., eq. (10)); needs proper policies.
    TotalCost,
    /// Expected discounted cost `E Σ β^k c_k`, `β ∈ (0, 1)`.
    Discounted {
        /// Discount factor β.
        factor: f64,
    },
    /// Long-run average cost per step (gain) with a bias vector (relative values, zero at state 0).
    AverageCost,
}

impl Criterion {
    /// The factor multiplying expected next values: β, or 1.
    pub(crate) fn beta(self) -> f64 {
        match self {
            Criterion::Discounted { factor } => factor,
            _ => 1.0,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Criterion::TotalCost => "total-cost",
            Criterion::Discounted { .. } => "discounted",
            Criterion::AverageCost => "average-cost",
        }
    }
}

impl std::fmt::Display for Criterion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Criterion::TotalCost => f.write_str("total cost until absorption"),
            Criterion::Discounted { factor } => write!(f, "discounted cost (β = {factor})"),
            Criterion::AverageCost => f.write_str("average cost"),
        }
    }
}
