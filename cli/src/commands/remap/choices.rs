//! Command-line choices shared by the remapping examples (`remap_markov`, `remap_csv`).

use loadbal::remap::markov::{Imbalance, RemapTarget};

/// Where a remap takes the load (`--target`).
#[derive(Clone, Copy, clap::ValueEnum, Debug)]
pub enum Target {
    /// Uniformly over all states.
    Uniform,
    /// To the balanced states.
    Balanced,
}

impl Target {
    /// The library's target.
    pub fn to_target(self) -> RemapTarget {
        match self {
            Target::Uniform => RemapTarget::UniformOverAllStates,
            Target::Balanced => RemapTarget::Balanced,
        }
    }
}

/// The imbalance measure (`--imbalance`).
#[derive(Clone, Copy, clap::ValueEnum, Debug)]
pub enum Norm {
    /// Maximum norm.
    Max,
    /// Euclidean norm.
    Two,
}

impl Norm {
    /// The library's imbalance measure.
    pub fn to_imbalance(self) -> Imbalance {
        match self {
            Norm::Max => Imbalance::MaxNorm,
            Norm::Two => Imbalance::TwoNorm,
        }
    }
}
