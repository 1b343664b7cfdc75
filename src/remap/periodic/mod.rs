//! Optimal periodic remapping (Fong et al., Fong, Xu, Wang).
//!
//! `N` processors start a period with the equal load `w`; processor `i` then receives the
//! independent increments `z_i(t)` of mean `μ_i` and variance `σ_i²` (Fong et al., eq. (1)). The longer the
//! period, the larger the imbalance; the functions here give the imbalance curves and the longest
//! period that keeps them under a bound:
//!
//! | quantity | paper | function |
//! |---|---|---|
//! | `v(t)` general, `V_L`, `T_1`, `T_2`, `B*` | §4.1, Lemma 4.1 | [`Heterogeneous::v`], [`Heterogeneous::v_limit`], [`Heterogeneous::peak`] |
//! | `v0(t)`, `d̂(t)`, `T_0`, `B*`, `D*` | Fong et al., eqs. (11), (8), §3 | [`Homogeneous`] |
//! | P_II interval, every regime | Fong et al., eqs. (9), (10), (13), (14) | [`Homogeneous::interval`], [`Heterogeneous::interval`] with [`Bound::Deviation`] (Theorem 4.1 and Corollary 4.1 are its special cases) |
//! | P_I lower bound | Fong et al., eq. (8), §3 | [`Bound::ExtremeDifference`], [`Bound::ExtremeDifferenceClosedForm`] |
//! | exact normal P_I, heterogeneous capacities | Fong et al., eqs. (16)–(19), Theorem 5.1 | [`Bound::ExtremeDifferenceNormal`], [`CapacityModel::interval`] |
//! | imbalance of one configuration, Lemma 2.1 | Fong et al., eqs. (2)–(6), Figure 1 | [`Snapshot::from_loads`], [`VarianceBounds::from_max_deviation`] |
//! | load simulation | Fong et al., eqs. (1), (2), (3), (15) | [`LoadCurves::simulate`] |
//!
//! # Argument order
//!
//! The model comes first (a [`Homogeneous`], [`Heterogeneous`] or [`CapacityModel`], built from
//! the initial load `w0`, then the increments' means and spreads, then the processor count `n`),
//! then the bound (`b` on `v(t)`, `d` on the extreme difference, given by a [`Bound`]), then the
//! sizes (a horizon `t_max`), then the options ([`LoadSimOptions`]):
//! `model.interval(Bound::Deviation { b })`,
//! `CapacityModel::interval(&self, d, t_max)`, `LoadCurves::simulate(w0, &laws, t_max, &options)`,
//! `VarianceBounds::from_max_deviation(d, theta2, n)`.
//!
//! Time is the phase index; the formulas treat it as real and the integer interval is the floor
//! of the real one (Table 1; the paper prints a ceiling in Fong et al., eq. (13), a typo).

mod bound;
mod capacity;
mod interval;
mod model;
mod simulate;
mod snapshot;

pub use bound::Bound;
pub use capacity::CapacityModel;
pub use interval::Interval;
pub use model::{Heterogeneous, Homogeneous, MAX_PROCESSORS, Peak};
pub use simulate::{Increment, IncrementLaw, LoadCurves, LoadSimOptions, LoadSimulation, MAX_DRAWS, MAX_PHASES};
pub use snapshot::{Snapshot, VarianceBounds};
