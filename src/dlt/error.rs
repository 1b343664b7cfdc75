//! The error type of the divisible-load module.

/// Bad input to a divisible-load solver or to the event engine.
///
/// `z = 0` (an ideal link) is valid everywhere; `w = 0` is not (a processor of infinite speed).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum DltError {
    /// No processor can compute: an empty network, or a non-computing root without computing
    /// descendants.
    #[error("no processor can compute: {what}")]
    Empty {
        /// What was empty.
        what: &'static str,
    },
    /// Two inputs that must have related lengths do not.
    #[error("length mismatch for {what}: expected {expected}, got {got}")]
    LengthMismatch {
        /// Which input.
        what: &'static str,
        /// Expected length.
        expected: usize,
        /// Actual length.
        got: usize,
    },
    /// A NaN or infinite value.
    #[error("{what}[{index}] is not finite: {value}")]
    NonFinite {
        /// Which input.
        what: &'static str,
        /// Position in that input (0 for a scalar).
        index: usize,
        /// The offending value.
        value: f64,
    },
    /// Valid inputs whose result does not fit in `f64`: the scaled costs `w·T_cp`, `z·T_cm` or
    /// the load overflow (beyond about 1.8e308) or underflow (below the normal range, where the
    /// shares are lost).
    #[error("the {what} came out as {value}: the scaled costs w·T_cp, z·T_cm or the load overflow or underflow f64")]
    Unrepresentable {
        /// Which result: `makespan`, `share`, `sum of the shares of a unit load` or
        /// `speedup a·L/T`.
        what: &'static str,
        /// The value computed (NaN, ±∞, or a wrong finite value such as 0).
        value: f64,
    },
    /// A value that must be strictly positive (w, T_cp, T_cm, the load, ...).
    #[error("{what}[{index}] must be > 0, got {value}")]
    NonPositive {
        /// Which input.
        what: &'static str,
        /// Position in that input (0 for a scalar).
        index: usize,
        /// The offending value.
        value: f64,
    },
    /// A value that must be non-negative (z, start-ups, δ, ...).
    #[error("{what}[{index}] must be >= 0, got {value}")]
    Negative {
        /// Which input.
        what: &'static str,
        /// Position in that input (0 for a scalar).
        index: usize,
        /// The offending value.
        value: f64,
    },
    /// The requested schedule structure does not exist for this input (e.g. a FIFO collection
    /// schedule whose validity condition fails, or start-ups larger than the load allows).
    #[error("infeasible schedule structure: {reason}")]
    InfeasibleStructure {
        /// Why.
        reason: String,
    },
    /// A size whose result would not fit in memory, or whose computation would not end in
    /// reasonable time: the solver refuses it before allocating.
    #[error("{what} = {value} is too large: at most {limit} (the result would need too much memory or time)")]
    TooLarge {
        /// Which size.
        what: &'static str,
        /// The requested size.
        value: u64,
        /// The largest accepted.
        limit: u64,
    },
    /// An iterative solver stopped before reaching its tolerance.
    #[error("{what} did not converge: {reason}")]
    NotConverged {
        /// What was being solved.
        what: &'static str,
        /// Why it stopped, with the last residual or bracket.
        reason: String,
    },
    /// Valid inputs whose answer double precision cannot give to the documented accuracy
    /// (for example a ratio of costs beyond 1e±300).
    #[error("ill-conditioned: {what}")]
    IllConditioned {
        /// What was lost, with the offending values.
        what: String,
    },
    /// Any other invalid argument (an originator outside the mesh, a bad node index, ...).
    #[error("invalid argument: {what}")]
    InvalidArgument {
        /// What was wrong, with the offending value.
        what: String,
    },
}

/// The largest number of processors (or nodes, chunks, layers) whose per-processor result a
/// solver builds: 2^27, a gigabyte per `f64` vector. Closed forms that return a scalar
/// (speedups, limits) accept any `u64`.
pub const MAX_PROCESSORS: u64 = 1 << 27;

/// Refuses a size above [`MAX_PROCESSORS`] (or `limit`).
pub(crate) fn size_at_most(what: &'static str, value: u64, limit: u64) -> Result<usize, DltError> {
    if value > limit {
        return Err(DltError::TooLarge { what, value, limit });
    }
    usize::try_from(value).map_err(|_| DltError::TooLarge { what, value, limit: usize::MAX as u64 })
}

/// Checks that `v` is finite and strictly positive.
pub(crate) fn positive(what: &'static str, index: usize, v: f64) -> Result<f64, DltError> {
    if !v.is_finite() {
        Err(DltError::NonFinite { what, index, value: v })
    } else if v <= 0.0 {
        Err(DltError::NonPositive { what, index, value: v })
    } else {
        Ok(v)
    }
}

/// Checks that `v` is finite and non-negative.
pub(crate) fn non_negative(what: &'static str, index: usize, v: f64) -> Result<f64, DltError> {
    if !v.is_finite() {
        Err(DltError::NonFinite { what, index, value: v })
    } else if v < 0.0 {
        Err(DltError::Negative { what, index, value: v })
    } else {
        Ok(v)
    }
}

/// Checks every element of a slice with `check`.
pub(crate) fn all_checked(
    what: &'static str,
    xs: &[f64],
    check: fn(&'static str, usize, f64) -> Result<f64, DltError>,
) -> Result<(), DltError> {
    for (i, &x) in xs.iter().enumerate() {
        check(what, i, x)?;
    }
    Ok(())
}

/// Validates the lengths of a boundary chain: at least one processor, one link fewer.
pub(crate) fn chain_lengths(w: &[f64], z: &[f64]) -> Result<(), DltError> {
    if w.is_empty() {
        return Err(DltError::Empty { what: "a chain with no processors" });
    }
    if z.len() + 1 != w.len() {
        return Err(DltError::LengthMismatch {
            what: "chain links (one fewer than processors)",
            expected: w.len() - 1,
            got: z.len(),
        });
    }
    Ok(())
}

/// Checks a computed result: a finite positive makespan and finite loads. Inputs that are
/// valid one by one can still overflow or underflow once scaled (`w·T_cp` beyond 1e308); this
/// turns the resulting NaN or infinity into [`DltError::Unrepresentable`] instead of a silent value.
pub(crate) fn finite_result<'a>(makespan: f64, loads: impl IntoIterator<Item = &'a f64>) -> Result<(), DltError> {
    if !makespan.is_finite() || makespan <= 0.0 {
        return Err(DltError::Unrepresentable { what: "makespan", value: makespan });
    }
    for &x in loads {
        if !x.is_finite() {
            return Err(DltError::Unrepresentable { what: "share", value: x });
        }
    }
    Ok(())
}

/// The speedup `a·L/T` of a solution of makespan `T` (positive and finite, as every solver
/// checks) for a checked reference cost `a` per unit and load `L`: an error, not ∞, when it
/// overflows.
pub(crate) fn speedup_of(makespan: f64, a: f64, load: f64) -> Result<f64, DltError> {
    let s = a * load / makespan;
    if s.is_finite() { Ok(s) } else { Err(DltError::Unrepresentable { what: "speedup a·L/T", value: s }) }
}
