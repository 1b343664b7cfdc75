//! The network the engine runs on: a rooted tree of nodes stored flat (parent before child).

use super::profile::SpeedProfile;
use crate::dlt::cost_scale::CostScale;
use crate::dlt::error::{DltError, non_negative};
use crate::dlt::ports::Ports;

/// One node of an engine network.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Node {
    /// Parent index (`None` only for node 0, the originator). Must be smaller than the node's.
    pub parent: Option<usize>,
    /// Inverse speed `z(t)` of the link from the parent (ignored for the root).
    pub link: SpeedProfile,
    /// Start-up `S` of every message over that link, in seconds (either direction).
    pub link_startup: f64,
    /// Inverse computing speed `w(t)`; `None` for a relay that does not compute.
    pub cpu: Option<SpeedProfile>,
    /// Start-up `Q` of every computation chunk, in seconds.
    pub compute_startup: f64,
    /// Front-end: computes while communicating. Without one, the node performs its actions
    /// strictly one after another, in its plan's order.
    pub front_end: bool,
    /// Port model of the node's sends and collections.
    pub ports: Ports,
    /// With [`Ports::Single`] and a front-end (or for a relay): how many sends or collections
    /// may run at once, started in plan order from one queue as ports free up — the k-port
    /// model of circuit-switched scattering. 1 (the default) is the single-port model.
    #[cfg_attr(feature = "serde", serde(default = "one_port"))]
    pub port_count: u64,
}

#[cfg(feature = "serde")]
fn one_port() -> u64 {
    1
}

impl Node {
    /// A computing node with constant inverse speeds `w` (processor) and `z` (link from its
    /// parent), front-end, single port and no start-ups.
    pub fn computing(parent: Option<usize>, z: f64, w: f64) -> Self {
        Self {
            parent,
            link: SpeedProfile::constant(z),
            link_startup: 0.0,
            cpu: Some(SpeedProfile::constant(w)),
            compute_startup: 0.0,
            front_end: true,
            ports: Ports::Single,
            port_count: 1,
        }
    }

    /// A relay (does not compute) behind a link of inverse speed `z`.
    pub fn relay(parent: Option<usize>, z: f64) -> Self {
        Self { cpu: None, ..Self::computing(parent, z, 1.0) }
    }

    /// Sets the front-end flag.
    pub fn with_front_end(mut self, front_end: bool) -> Self {
        self.front_end = front_end;
        self
    }

    /// Sets the port model.
    pub fn with_ports(mut self, ports: Ports) -> Self {
        self.ports = ports;
        self
    }

    #[cfg(test)]
    /// A k-port sender: up to `k` sends (or collections) at once, in plan order
    /// ([`Ports::Single`] with `port_count = k`).
    pub fn with_k_ports(mut self, k: u64) -> Self {
        self.ports = Ports::Single;
        self.port_count = k;
        self
    }

    /// Sets the start-ups `S` (link) and `Q` (computation).
    pub fn with_startups(mut self, link: f64, compute: f64) -> Self {
        self.link_startup = link;
        self.compute_startup = compute;
        self
    }
}

/// A validated tree of nodes with its cost scale. Node 0 is the originator; it holds all the
/// load at `t = 0`.
/// Serialised as `{ "nodes": [...], "scale": {...} }` and validated on deserialisation.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawNetwork", into = "RawNetwork"))]
pub struct Network {
    nodes: Vec<Node>,
    scale: CostScale,
    children: Vec<Vec<usize>>,
    child_pos: Vec<usize>,
}

/// The serialised form of a [`Network`].
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RawNetwork {
    /// The nodes, parents first.
    pub nodes: Vec<Node>,
    /// The cost scale.
    pub scale: CostScale,
}

impl TryFrom<RawNetwork> for Network {
    type Error = DltError;
    fn try_from(raw: RawNetwork) -> Result<Self, DltError> {
        Network::new(raw.nodes, raw.scale)
    }
}

impl From<Network> for RawNetwork {
    fn from(n: Network) -> Self {
        RawNetwork { nodes: n.nodes, scale: n.scale }
    }
}

impl Network {
    /// Validates the nodes.
    ///
    /// # Errors
    /// [`DltError::Empty`] for no nodes; [`DltError::InvalidArgument`] if node 0 has a parent,
    /// another node has none or a parent index not smaller than its own, or a port count is 0; errors of the speed
    /// profiles and start-ups (negative or NaN); [`DltError::NonPositive`] for a processor whose
    /// constant `w` is 0.
    pub fn new(nodes: Vec<Node>, scale: CostScale) -> Result<Self, DltError> {
        if nodes.is_empty() {
            return Err(DltError::Empty { what: "the network has no nodes" });
        }
        let mut children = vec![Vec::new(); nodes.len()];
        let mut child_pos = vec![0; nodes.len()];
        for (i, n) in nodes.iter().enumerate() {
            match (i, n.parent) {
                (0, None) => {}
                (0, Some(p)) => {
                    return Err(DltError::InvalidArgument {
                        what: format!("node 0 is the originator but has parent {p}"),
                    });
                }
                (_, None) => {
                    return Err(DltError::InvalidArgument { what: format!("node {i} has no parent") });
                }
                (_, Some(p)) if p >= i => {
                    return Err(DltError::InvalidArgument {
                        what: format!("node {i} has parent {p}; parents must come first"),
                    });
                }
                (_, Some(p)) => {
                    child_pos[i] = children[p].len();
                    children[p].push(i);
                }
            }
            if n.port_count == 0 {
                return Err(DltError::InvalidArgument {
                    what: format!("node {i} has port_count 0; it needs at least 1"),
                });
            }
            n.link.validate("link inverse speed z")?;
            non_negative("link start-up S", i, n.link_startup)?;
            non_negative("compute start-up Q", i, n.compute_startup)?;
            if let Some(cpu) = &n.cpu {
                cpu.validate("processor inverse speed w")?;
                if cpu.as_constant() == Some(0.0) {
                    return Err(DltError::NonPositive { what: "processor inverse speed w", index: i, value: 0.0 });
                }
            }
        }
        Ok(Self { nodes, scale, children, child_pos })
    }

    /// The nodes.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The cost scale.
    pub fn scale(&self) -> CostScale {
        self.scale
    }

    /// Children of node `v`, in index order.
    pub fn children(&self, v: usize) -> &[usize] {
        &self.children[v]
    }

    /// Position of node `v` among its parent's children.
    pub(crate) fn child_position(&self, v: usize) -> usize {
        self.child_pos[v]
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
}
