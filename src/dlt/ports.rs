//! The port model of a sender.

/// Port model of a sender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ports {
    /// One message at a time, back to back.
    Single,
    /// Every neighbour at once (each link independent).
    All,
}
