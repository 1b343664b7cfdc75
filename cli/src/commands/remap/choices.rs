//! Command-line choices shared by `remap markov` and `remap csv`.

use loadbal::remap::markov::{Imbalance, RemapTarget};

/// Where a remap takes the load (`--target`).
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Target {
    /// Uniformly over all states.
    Uniform,
    /// To the balanced states.
    Balanced,
}

impl Target {
    /// The name `--target` takes.
    pub fn name(self) -> &'static str {
        match self {
            Target::Uniform => "uniform",
            Target::Balanced => "balanced",
        }
    }

    /// The library's target.
    pub fn to_target(self) -> RemapTarget {
        match self {
            Target::Uniform => RemapTarget::UniformOverAllStates,
            Target::Balanced => RemapTarget::Balanced,
        }
    }
}

/// The imbalance measure (`--imbalance`).
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Norm {
    /// Maximum norm.
    Max,
    /// Euclidean norm.
    Two,
}

impl Norm {
    /// The name `--imbalance` takes.
    pub fn name(self) -> &'static str {
        match self {
            Norm::Max => "max",
            Norm::Two => "two",
        }
    }

    /// The library's imbalance measure.
    pub fn to_imbalance(self) -> Imbalance {
        match self {
            Norm::Max => Imbalance::MaxNorm,
            Norm::Two => Imbalance::TwoNorm,
        }
    }
}
