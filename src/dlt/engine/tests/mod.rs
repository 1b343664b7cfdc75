//! Tests of the crate-private event engine: hand-checked schedules, the message features of
//! Jia's resource-unaware strategies, the k-port model on circuit-switched scattering and the
//! examples of its items.

mod circuit_switched;
mod examples;
mod hand_checked;
mod messages;
