//! The participation rule shared by the closed forms of stars, chains and trees: the slack of
//! the test `c·R < 1`, and the flush of subnormal shares.

/// Slack of the participation test `c·R < 1`: when the suffix already saturates the link
/// (`c·R` within rounding of 1, e.g. long buses with `c ≫ a`) the child is kept, which costs
/// at most this relative amount of makespan and keeps the geometric shares of the closed forms.
pub(crate) const INCLUDE_SLACK: f64 = 1e-13;

/// Flushes a subnormal share to 0. A geometric tail of shares (long stars, chains and trees)
/// otherwise lingers for up to millions of steps among subnormals, where multiplying by a ratio
/// close to 1 rounds back to the same value and every operation is slow; such shares are below
/// 2.3e-308 of the load.
#[inline]
pub(crate) fn flush(x: f64) -> f64 {
    if x < f64::MIN_POSITIVE { 0.0 } else { x }
}

/// The load `flush(T·term)·load` of a child whose term `π_k/d_k` of the forward rate sum was
/// kept, for makespan `T` of a unit load: the one expression every pass of the star solver
/// uses, so that a share computed twice (once in input order, once in send order) is the same
/// to the bit.
#[inline(always)]
pub(crate) fn share(term: f64, t: f64, load: f64) -> f64 {
    flush(t * term) * load
}

/// The participation bound `K` of `c·R < K`.
pub(crate) const K: f64 = 1.0 + INCLUDE_SLACK;
