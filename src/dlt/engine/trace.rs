//! What the engine returns: per-node intervals, finish times and Gantt rows.

/// One activity of a node.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Interval {
    /// Start time (including any start-up).
    pub start: f64,
    /// End time.
    pub end: f64,
    /// Units moved or computed.
    pub amount: f64,
    /// The other node of a communication.
    pub peer: Option<usize>,
}

/// Everything one node did.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NodeTrace {
    /// Messages received from the parent.
    pub receptions: Vec<Interval>,
    /// Computation chunks.
    pub computations: Vec<Interval>,
    /// Messages sent to children.
    pub sends: Vec<Interval>,
    /// Results collected from children.
    pub collections: Vec<Interval>,
    /// End of the node's last computation (`None` if it computed nothing).
    pub finish: Option<f64>,
    /// Units computed in total.
    pub computed: f64,
}

/// The executed schedule.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Trace {
    /// Per node, in network order.
    pub nodes: Vec<NodeTrace>,
    /// End of the last computation.
    pub compute_makespan: f64,
    /// End of the last activity of any kind (computations, sends and result collections).
    pub makespan: f64,
}

/// Kind of a Gantt row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GanttKind {
    /// A message arriving.
    Receive,
    /// A computation.
    Compute,
    /// A message leaving.
    Send,
    /// Results arriving from a child.
    Collect,
}

impl GanttKind {
    /// Lower-case name used in CSV.
    pub fn as_str(&self) -> &'static str {
        match self {
            GanttKind::Receive => "receive",
            GanttKind::Compute => "compute",
            GanttKind::Send => "send",
            GanttKind::Collect => "collect",
        }
    }
}

/// One bar of a Gantt chart.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GanttRow {
    /// Node the bar belongs to.
    pub node: usize,
    /// Activity.
    pub kind: GanttKind,
    /// Start time.
    pub start: f64,
    /// End time.
    pub end: f64,
    /// Units.
    pub amount: f64,
    /// Other node of a communication.
    pub peer: Option<usize>,
}

impl Trace {
    pub(crate) fn empty(n: usize) -> Self {
        Self { nodes: vec![NodeTrace::default(); n], compute_makespan: 0.0, makespan: 0.0 }
    }

    pub(crate) fn summarise(&mut self) {
        let mut cm: f64 = 0.0;
        let mut m: f64 = 0.0;
        for n in &mut self.nodes {
            n.finish = n.computations.iter().map(|c| c.end).reduce(f64::max);
            n.computed = n.computations.iter().map(|c| c.amount).sum();
            if let Some(f) = n.finish {
                cm = cm.max(f);
            }
            for i in n.sends.iter().chain(&n.collections).chain(&n.computations) {
                m = m.max(i.end);
            }
        }
        self.compute_makespan = cm;
        self.makespan = m;
    }

    /// Every activity as a Gantt bar, node by node, sorted by start time within a node.
    pub fn gantt(&self) -> Vec<GanttRow> {
        let mut rows = Vec::new();
        for (v, n) in self.nodes.iter().enumerate() {
            let start = rows.len();
            for (kind, list) in [
                (GanttKind::Receive, &n.receptions),
                (GanttKind::Compute, &n.computations),
                (GanttKind::Send, &n.sends),
                (GanttKind::Collect, &n.collections),
            ] {
                rows.extend(list.iter().map(|i| GanttRow {
                    node: v,
                    kind,
                    start: i.start,
                    end: i.end,
                    amount: i.amount,
                    peer: i.peer,
                }));
            }
            rows[start..].sort_by(|a, b| a.start.total_cmp(&b.start));
        }
        rows
    }

    /// The Gantt rows as CSV with header `node,kind,start,end,amount,peer`.
    pub fn gantt_csv(&self) -> String {
        let mut s = String::from("node,kind,start,end,amount,peer\n");
        for r in self.gantt() {
            let peer = r.peer.map_or(String::new(), |p| p.to_string());
            s.push_str(&format!("{},{},{},{},{},{}\n", r.node, r.kind.as_str(), r.start, r.end, r.amount, peer));
        }
        s
    }

    /// Largest relative deviation `|F_i − T|/T` of a node's finish time from `makespan`, over the
    /// nodes that computed a positive amount. Closed forms are checked with it: every
    /// participant must finish at T.
    ///
    /// # Accuracy
    /// A maximum of `|F_i − T|/T`: each term correctly rounded up to 2 ulps; absolute error 2.3e-16.
    pub fn finish_spread(&self, makespan: f64) -> f64 {
        self.nodes
            .iter()
            .filter(|n| n.computed > 0.0)
            .filter_map(|n| n.finish)
            .map(|f| ((f - makespan) / makespan).abs())
            .fold(0.0, f64::max)
    }
}
