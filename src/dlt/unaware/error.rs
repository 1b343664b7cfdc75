//! The error type of the resource-unaware strategies.

/// What was wrong with the input of a resource-unaware strategy, a graph or a tree.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum UnawareError {
    /// A parameter is NaN, infinite or outside its allowed range.
    #[error("parameter `{name}` = {value} is invalid: {expected}")]
    InvalidParameter {
        /// Name of the parameter.
        name: &'static str,
        /// The offending value.
        value: f64,
        /// What the parameter must satisfy.
        expected: &'static str,
    },
    /// A network needs at least one node.
    #[error("the network has no nodes")]
    EmptyNetwork,
    /// Two inputs that must have the same length do not.
    #[error("`{name}` has length {got}, expected {expected}")]
    LengthMismatch {
        /// Name of the input.
        name: &'static str,
        /// Length found.
        got: usize,
        /// Length expected.
        expected: usize,
    },
    /// A node index does not exist.
    #[error("node {node} does not exist (the network has {len} nodes)")]
    NodeOutOfRange {
        /// The index.
        node: usize,
        /// Number of nodes.
        len: usize,
    },
    /// An edge joins a node to itself.
    #[error("edge {u}–{v} is a self-loop")]
    SelfLoop {
        /// The node.
        u: usize,
        /// The same node.
        v: usize,
    },
    /// The same pair of nodes is joined twice.
    #[error("edge {u}–{v} appears twice")]
    DuplicateEdge {
        /// One end.
        u: usize,
        /// Other end.
        v: usize,
    },
    /// Some node cannot be reached from the root or source.
    #[error("the graph is disconnected: node {node} cannot be reached from node {from}")]
    Disconnected {
        /// The unreachable node.
        node: usize,
        /// The root or source searched from.
        from: usize,
    },
    /// A source or root reaches no processor that could compute its load.
    #[error("source {source_node} reaches no processor")]
    NoReachableProcessor {
        /// The source.
        source_node: usize,
    },
    /// A subtree of relays (nodes that do not compute) has no computing node below it.
    #[error("node {node} does not compute and has no computing descendant")]
    NoComputingNode {
        /// The relay.
        node: usize,
    },
    /// A randomly drawn graph stayed disconnected after the allowed number of draws.
    #[error("no connected graph after {attempts} draws (n = {nodes}, p = {probability})")]
    NoConnectedDraw {
        /// Draws made.
        attempts: u32,
        /// Nodes requested.
        nodes: u64,
        /// Link probability.
        probability: f64,
    },
    /// A text graph description could not be parsed.
    #[error("line {line}: {reason}")]
    Parse {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// Probe times that contradict the model (e.g. reception ending before it started).
    #[error("inconsistent probe times at processor {node}: {reason}")]
    InconsistentProbe {
        /// The processor.
        node: usize,
        /// What was wrong.
        reason: &'static str,
    },
    /// An error of the classical DLT solvers or the event engine.
    #[error(transparent)]
    Dlt(#[from] crate::dlt::DltError),
    /// An error of the Monte Carlo harness.
    #[error(transparent)]
    MonteCarlo(#[from] crate::montecarlo::MonteCarloError),
    /// An error of the queueing models (DSS region tables).
    #[error(transparent)]
    Queueing(#[from] crate::queueing::QueueingError),
    /// A strategy needs more responding processors than the network has.
    #[error("WCS({k}) needs {k} responses but only {available} processors can respond")]
    TooFewResponders {
        /// Responses waited for.
        k: u64,
        /// Processors other than the root.
        available: u64,
    },
    /// Valid inputs whose result overflows (or underflows to 0 where it must be positive) in
    /// `f64`: for example `w·T_cp` with both near 1e308.
    #[error("{what} = {value} is not representable: the inputs overflow f64")]
    Overflow {
        /// Which result.
        what: &'static str,
        /// The non-finite value.
        value: f64,
    },
}

/// Returns `value` if it is finite, else [`UnawareError::Overflow`] naming `what`.
pub(crate) fn finite_out(what: &'static str, value: f64) -> Result<f64, UnawareError> {
    if value.is_finite() { Ok(value) } else { Err(UnawareError::Overflow { what, value }) }
}

/// Checks that `value` is finite and `> 0`.
pub(crate) fn positive(name: &'static str, value: f64) -> Result<f64, UnawareError> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(UnawareError::InvalidParameter { name, value, expected: "finite and > 0" })
    }
}

/// Checks that `value` is finite and `>= 0`.
pub(crate) fn non_negative(name: &'static str, value: f64) -> Result<f64, UnawareError> {
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(UnawareError::InvalidParameter { name, value, expected: "finite and >= 0" })
    }
}

/// Checks that `value` lies in the open interval (0, 1).
pub(crate) fn unit_open(name: &'static str, value: f64) -> Result<f64, UnawareError> {
    if value.is_finite() && value > 0.0 && value < 1.0 {
        Ok(value)
    } else {
        Err(UnawareError::InvalidParameter { name, value, expected: "in the open interval (0, 1)" })
    }
}

/// Checks that every `(name, length)` equals `n`.
pub(crate) fn same_lengths(n: usize, lens: &[(&'static str, usize)]) -> Result<(), UnawareError> {
    match lens.iter().find(|p| p.1 != n) {
        Some(&(name, got)) => Err(UnawareError::LengthMismatch { name, got, expected: n }),
        None => Ok(()),
    }
}

/// Most phases SLD and DLD may need ([`Tree::sld`](crate::dlt::Tree::sld),
/// [`Tree::dld`](crate::dlt::Tree::dld)): 2²⁰. Every phase but the last dispatches at least
/// `L_1^p`, so `(1 − η − μ)·L / L_1^p` bounds their number; a larger bound is refused before the
/// schedule starts (a first-phase load of 10⁻⁹·L planned some 10⁹ phases, each kept in the
/// schedule, and ran until memory ran out).
pub const MAX_PHASES: u64 = 1 << 20;

/// The common parameters of the phased tree strategies (SLD, DLD): L, L_1^p, T_cm, T_cp > 0,
/// η ∈ (0, 1), μ ∈ \[0, 1), η·L + L_1^p ≤ L, (1 − η − μ)·L / L_1^p ≤ [`MAX_PHASES`].
pub(crate) fn phased(load: f64, eta: f64, l1p: f64, mu: f64, t_cm: f64, t_cp: f64) -> Result<(), UnawareError> {
    positive("load", load)?;
    unit_open("eta", eta)?;
    positive("l1p", l1p)?;
    positive("t_cm", t_cm)?;
    positive("t_cp", t_cp)?;
    if !(0.0..1.0).contains(&mu) {
        return Err(UnawareError::InvalidParameter { name: "mu", value: mu, expected: "in [0, 1)" });
    }
    if eta * load + l1p > load {
        return Err(UnawareError::InvalidParameter { name: "l1p", value: l1p, expected: "eta·L + l1p <= L" });
    }
    // Every phase but the last dispatches at least L_1^p until less than μ·L is left.
    if (1.0 - eta - mu) * load / l1p > MAX_PHASES as f64 {
        return Err(UnawareError::InvalidParameter {
            name: "l1p",
            value: l1p,
            expected: "at least (1 − eta − mu)·L / 2^20 (MAX_PHASES phases of at least l1p each)",
        });
    }
    Ok(())
}
