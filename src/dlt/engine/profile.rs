//! Time-varying inverse speeds: the hook through which the engine runs processors and links
//! whose speed changes over time (the resource-unaware strategies of Jia need it).

use crate::dlt::error::{DltError, non_negative};

/// A piecewise-constant inverse speed `v(t)` (a `w` for a processor, a `z` for a link).
///
/// Segment `k` holds from `segments[k].0` until the next segment's start; the last one lasts
/// forever. An inverse speed of `0` is an infinitely fast resource (valid for links), and
/// `f64::INFINITY` a stopped one (no progress during that segment; not allowed for the last).
///
/// # Formula
///
/// ```text
/// processing u units from t0 ends at the first t with ∫_{t0}^{t} ds / (v(s)·unit) = u
/// constant v:  t = t0 + u·v·unit
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpeedProfile {
    segments: Vec<(f64, f64)>,
}

impl SpeedProfile {
    /// A constant inverse speed `v ≥ 0` (unchecked here; the network validates it).
    pub fn constant(v: f64) -> Self {
        Self { segments: vec![(0.0, v)] }
    }

    /// A piecewise-constant profile from `(start time, inverse speed)` pairs.
    ///
    /// # Errors
    /// [`DltError::InvalidArgument`] if empty, if the first start is not 0 or the starts do not
    /// increase, or if the last segment is stopped (infinite); [`DltError::Negative`] /
    /// [`DltError::NonFinite`] for a negative or NaN speed or a non-finite start.
    ///
    /// (Example: the unit test `profile_example_1` in `engine/tests/examples.rs`.)
    pub fn piecewise(segments: Vec<(f64, f64)>) -> Result<Self, DltError> {
        let p = Self { segments };
        p.validate("profile")?;
        Ok(p)
    }

    /// Whether the profile is constant, and its value.
    ///
    /// # Accuracy
    /// Exact (stored value).
    pub fn as_constant(&self) -> Option<f64> {
        (self.segments.len() == 1).then(|| self.segments[0].1)
    }

    pub(crate) fn validate(&self, what: &'static str) -> Result<(), DltError> {
        let Some(&(t0, _)) = self.segments.first() else {
            return Err(DltError::InvalidArgument { what: format!("{what}: empty speed profile") });
        };
        if t0 != 0.0 {
            return Err(DltError::InvalidArgument { what: format!("{what}: first segment starts at {t0}, not 0") });
        }
        for (k, &(t, v)) in self.segments.iter().enumerate() {
            if !t.is_finite() {
                return Err(DltError::NonFinite { what, index: k, value: t });
            }
            if v.is_nan() || v < 0.0 {
                return Err(DltError::Negative { what, index: k, value: v });
            }
            if k > 0 && t <= self.segments[k - 1].0 {
                return Err(DltError::InvalidArgument {
                    what: format!("{what}: segment starts must increase, got {t} after {}", self.segments[k - 1].0),
                });
            }
        }
        let last = self.segments[self.segments.len() - 1].1;
        non_negative(what, self.segments.len() - 1, last)?;
        Ok(())
    }

    /// When processing `units` units that start at `start` ends, each unit costing
    /// `v(t)·unit_time` seconds (`unit_time` is `T_cp` or `T_cm`).
    ///
    /// # Accuracy
    /// Sums over the `k` segments crossed: relative error below `(2k + 2)·ε` (a constant profile is
    /// one multiply–add, a few ulps); the engine's unit tests run the closed-form schedules
    /// through it.
    pub fn finish_time(&self, start: f64, units: f64, unit_time: f64) -> f64 {
        if units <= 0.0 {
            return start;
        }
        if let Some(v) = self.as_constant() {
            return start + units * v * unit_time;
        }
        let mut k = self.segments.partition_point(|&(s, _)| s <= start).saturating_sub(1);
        let mut t = start;
        let mut left = units;
        loop {
            let v = self.segments[k].1 * unit_time;
            let Some(&(end, _)) = self.segments.get(k + 1) else {
                // The last segment lasts forever: the units end after `left·v`, which is infinite
                // when the scaled speed overflows (a caller checks its times are finite).
                return if v.is_finite() { t + left * v } else { f64::INFINITY };
            };
            if v.is_finite() {
                let need = left * v;
                if t + need <= end {
                    return t + need;
                }
                if v > 0.0 {
                    left -= (end - t) / v;
                }
            }
            t = end;
            k += 1;
        }
    }

    /// Units processed between `start` and `end` (the inverse of
    /// [`finish_time`](Self::finish_time)); infinite over a segment of inverse speed 0.
    ///
    /// # Accuracy
    /// As [`SpeedProfile::finish_time`], whose inverse it is: relative error below `(2k + 2)·ε` over `k`
    /// segments (the example round-trips exactly).
    ///
    /// (Example: the unit test `profile_example_2` in `engine/tests/examples.rs`.)
    pub fn units_done(&self, start: f64, end: f64, unit_time: f64) -> f64 {
        if end <= start {
            return 0.0;
        }
        let mut k = self.segments.partition_point(|&(s, _)| s <= start).saturating_sub(1);
        let mut t = start;
        let mut done = 0.0;
        while t < end {
            let v = self.segments[k].1 * unit_time;
            let seg_end = self.segments.get(k + 1).map_or(f64::INFINITY, |s| s.0).min(end);
            if v == 0.0 {
                return f64::INFINITY;
            }
            done += (seg_end - t) / v;
            t = seg_end;
            k += 1;
        }
        done
    }
}
