//! What the engine returns: per-node intervals, finish times and Gantt rows.

use std::fmt;

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

/// `[start, end]: amount units` and the peer of a communication:
///
/// ```
/// use loadbal::dlt::engine::Interval;
/// let i = Interval { start: 0.0, end: 2.5, amount: 10.0, peer: Some(3) };
/// assert_eq!(i.to_string(), "[0, 2.5] s: 10 units, node 3");
/// ```
impl fmt::Display for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}] s: {} units", self.start, self.end, self.amount)?;
        if let Some(p) = self.peer {
            write!(f, ", node {p}")?;
        }
        Ok(())
    }
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

/// Units computed, finish time and the number of each kind of activity:
///
/// ```
/// use loadbal::dlt::{CostScale, Options, Root, Star, Worker};
/// // A non-computing root sends 3 units to one worker (z = 1, w = 2): received at 3 s, done at 9 s.
/// let star = Star::new(Root::NonComputing, vec![Worker { w: 2.0, z: 1.0 }]).unwrap();
/// let trace = star.simulate(&star.allocate(Options::load(3.0)).unwrap(), CostScale::unit()).unwrap();
/// assert_eq!(
///     trace.nodes[1].to_string(),
///     "computed 3 units, finished at 9 s (1 receptions, 1 computations, 0 sends, 0 collections)"
/// );
/// ```
impl fmt::Display for NodeTrace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "computed {} units, ", self.computed)?;
        match self.finish {
            Some(t) => write!(f, "finished at {t} s")?,
            None => write!(f, "no computation")?,
        }
        write!(
            f,
            " ({} receptions, {} computations, {} sends, {} collections)",
            self.receptions.len(),
            self.computations.len(),
            self.sends.len(),
            self.collections.len()
        )
    }
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

/// The two makespans and one line per node:
///
/// ```
/// use loadbal::dlt::{CostScale, Options, Root, Star, Worker};
/// let star = Star::new(Root::NonComputing, vec![Worker { w: 2.0, z: 1.0 }]).unwrap();
/// let trace = star.simulate(&star.allocate(Options::load(3.0)).unwrap(), CostScale::unit()).unwrap();
/// let text = trace.to_string();
/// assert!(text.starts_with("makespan 9 s (computations end at 9 s), 2 nodes\n"), "{text}");
/// assert!(text.contains("\n  node 1: computed 3 units, finished at 9 s"), "{text}");
/// ```
impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "makespan {} s (computations end at {} s), {} nodes",
            self.makespan,
            self.compute_makespan,
            self.nodes.len()
        )?;
        for (v, n) in self.nodes.iter().enumerate() {
            write!(f, "\n  node {v}: {n}")?;
        }
        Ok(())
    }
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
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::engine::GanttKind;
    /// assert_eq!(GanttKind::Compute.as_str(), "compute");
    /// assert_eq!(GanttKind::Receive.as_str(), "receive");
    /// ```
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

/// One bar: node, kind, interval, units and peer:
///
/// ```
/// use loadbal::dlt::engine::{GanttKind, GanttRow};
/// let r = GanttRow { node: 1, kind: GanttKind::Send, start: 0.5, end: 1.5, amount: 4.0, peer: Some(2) };
/// assert_eq!(r.to_string(), "node 1 send [0.5, 1.5] s: 4 units, node 2");
/// ```
impl fmt::Display for GanttRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bar = Interval { start: self.start, end: self.end, amount: self.amount, peer: self.peer };
        write!(f, "node {} {} {bar}", self.node, self.kind.as_str())
    }
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
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{engine::GanttKind, Chain, CostScale, Options};
    /// // Two processors, c = a = 1, front-ends: P_1 computes 2/3 while sending 1/3 to P_2,
    /// // which receives during [0, 1/3] and computes during [1/3, 2/3].
    /// let chain = Chain::new(vec![1.0, 1.0], vec![1.0]);
    /// let rows = chain.simulate(&chain.allocate(Options::default()).unwrap(), CostScale::unit()).unwrap().gantt();
    /// assert_eq!(rows.len(), 4);
    /// let last = rows.last().unwrap();
    /// assert_eq!((last.node, last.kind), (1, GanttKind::Compute));
    /// assert!((last.start - 1.0 / 3.0).abs() < 1e-15 && (last.end - 2.0 / 3.0).abs() < 1e-15);
    /// ```
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
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Chain, CostScale, Options};
    /// let chain = Chain::new(vec![1.0, 1.0], vec![1.0]);
    /// let csv = chain.simulate(&chain.allocate(Options::default()).unwrap(), CostScale::unit()).unwrap().gantt_csv();
    /// assert!(csv.starts_with("node,kind,start,end,amount,peer\n"));
    /// assert_eq!(csv.lines().count(), 5); // header and four bars
    /// ```
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
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Chain, CostScale, Options};
    /// let chain = Chain::new(vec![1.0, 2.0], vec![0.5]);
    /// let alloc = chain.allocate(Options::default()).unwrap();
    /// let trace = chain.simulate(&alloc, CostScale::unit()).unwrap();
    /// // Both processors finish at the makespan; 10% later is a 10% spread.
    /// assert!(trace.finish_spread(alloc.makespan) < 1e-15);
    /// assert!((trace.finish_spread(alloc.makespan * 1.1) - 1.0 / 11.0).abs() < 1e-15);
    /// ```
    pub fn finish_spread(&self, makespan: f64) -> f64 {
        self.nodes
            .iter()
            .filter(|n| n.computed > 0.0)
            .filter_map(|n| n.finish)
            .map(|f| ((f - makespan) / makespan).abs())
            .fold(0.0, f64::max)
    }
}
