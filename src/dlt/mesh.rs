//! Meshes, tori and hypercubes: the layered scattering model (after Błażewicz & Drozdowski,
//! see [`crate::references`]).
//!
//! **This is a reconstruction.** The equations of Błażewicz & Drozdowski (2-D mesh 1996,
//! hypercube 1995/1997), Glazek (3-D) and the circuit-switched scattering of Błażewicz,
//! Drozdowski, Guinand & Trystram could not be read; only their prose survives. The model below
//! is the symmetric layer analysis they describe (layers of processors at equal hop distance
//! from the originator, store-and-forward, front-ends, identical processors and links), exact
//! for the schedule class it defines, with the port model made explicit as one parameter `P_l`
//! per step. Its presets may account for ports differently from those papers. For an exact
//! single-port alternative, solve a spanning tree with [`Tree::allocate`](crate::dlt::Tree::allocate).

use std::collections::VecDeque;

use super::cost_scale::CostScale;
use super::error::{DltError, MAX_PROCESSORS, non_negative, positive, size_at_most, speedup_of};
use super::options::{Options, uniform};

/// The identical processors and links of a mesh: inverse speeds `w` and `z`, and a start-up
/// `startup` (seconds) per communication step.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshCosts {
    /// Inverse speed of every processor.
    pub w: f64,
    /// Inverse speed of every link.
    pub z: f64,
    /// Start-up of every communication step, seconds (0 for linear costs).
    pub startup: f64,
}

impl MeshCosts {
    /// Linear costs: no start-up.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::MeshCosts;
    /// assert_eq!(MeshCosts::linear(1.0, 0.5), MeshCosts { w: 1.0, z: 0.5, startup: 0.0 });
    /// ```
    pub fn linear(w: f64, z: f64) -> Self {
        Self { w, z, startup: 0.0 }
    }
}

/// The most mesh cells [`Layers::mesh3d`] visits (2^30, a few seconds).
const MAX_MESH_CELLS: u64 = 1 << 30;

/// Hop-distance layers: `n[l]` processors at distance `l` from the originator and `e[l]` links
/// between layers `l − 1` and `l` (`n[0] = 1`, `e[0] = 0`).
///
/// # Examples
/// The 3-cube: C(3, l) processors at distance l, each with l links back.
/// ```
/// let l = loadbal::dlt::Layers::hypercube(3).unwrap();
/// assert_eq!((l.n.clone(), l.e.clone()), (vec![1, 3, 3, 1], vec![0, 3, 6, 3]));
/// assert_eq!(l.to_string(), "4 layers: processors [1, 3, 3, 1], links [0, 3, 6, 3]");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Layers {
    /// Processors per layer.
    pub n: Vec<u64>,
    /// Links into each layer from the previous one.
    pub e: Vec<u64>,
}

impl Layers {
    /// Depth `h` (index of the last layer; 0 for no layers, which [`Layers::allocate`] refuses).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Layers;
    /// // The 3-cube: the farthest processor is 3 hops away.
    /// assert_eq!(Layers::hypercube(3).unwrap().depth(), 3);
    /// assert_eq!(Layers { n: vec![], e: vec![] }.depth(), 0);
    /// ```
    pub fn depth(&self) -> usize {
        self.n.len().saturating_sub(1)
    }
}

impl std::fmt::Display for Layers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} layers: processors {:?}, links {:?}", self.n.len(), self.n, self.e)
    }
}

/// Distance along one axis and the number of neighbours along it that are one step closer.
fn axis(x: usize, o: usize, len: usize, torus: bool) -> (usize, u64) {
    let d = x.abs_diff(o);
    if !torus || len <= 2 {
        return (d, u64::from(d > 0));
    }
    let dt = d.min(len - d);
    let closer = if dt == 0 {
        0
    } else if 2 * dt == len {
        2
    } else {
        1
    };
    (dt, closer)
}

fn accumulate(layers: &mut Layers, d: usize, closer: u64) {
    if layers.n.len() <= d {
        layers.n.resize(d + 1, 0);
        layers.e.resize(d + 1, 0);
    }
    layers.n[d] += 1;
    layers.e[d] += closer;
}

impl Layers {
    /// Layers of a `width × height` 2-D mesh (or torus) around `origin = (x, y)`.
    ///
    /// # Errors
    /// [`DltError::InvalidArgument`] for an empty mesh or an originator outside it.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Layers;
    /// let l = Layers::mesh2d(5, 5, (2, 2), false).unwrap();
    /// assert_eq!(l.n, vec![1, 4, 8, 8, 4]);
    /// assert_eq!(l.e, vec![0, 4, 12, 16, 8]);
    /// ```
    pub fn mesh2d(width: usize, height: usize, origin: (usize, usize), torus: bool) -> Result<Layers, DltError> {
        Layers::mesh3d((width, height, 1), (origin.0, origin.1, 0), torus)
    }
}

impl Layers {
    /// Layers of an `X × Y × Z` 3-D mesh (or torus) around `origin`.
    ///
    /// # Errors
    /// [`DltError::InvalidArgument`] for an empty mesh or an originator outside it;
    /// [`DltError::TooLarge`] for more than 2^30 processors.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Layers;
    /// let l = Layers::mesh3d((5, 5, 5), (2, 2, 2), false).unwrap();
    /// assert_eq!(l.n, vec![1, 6, 18, 32, 36, 24, 8]);
    /// assert_eq!(l.e, vec![0, 6, 30, 72, 96, 72, 24]);
    /// ```
    pub fn mesh3d(dims: (usize, usize, usize), origin: (usize, usize, usize), torus: bool) -> Result<Layers, DltError> {
        let (w, h, d) = dims;
        if w == 0 || h == 0 || d == 0 {
            return Err(DltError::InvalidArgument { what: format!("mesh dimensions {dims:?} must be positive") });
        }
        let cells = (w as u64).saturating_mul(h as u64).saturating_mul(d as u64);
        size_at_most("mesh processors", cells, MAX_MESH_CELLS)?;
        if origin.0 >= w || origin.1 >= h || origin.2 >= d {
            return Err(DltError::InvalidArgument {
                what: format!("originator {origin:?} is outside the {w}×{h}×{d} mesh"),
            });
        }
        let mut layers = Layers { n: vec![0], e: vec![0] };
        let xs: Vec<(usize, u64)> = (0..w).map(|x| axis(x, origin.0, w, torus)).collect();
        for z in 0..d {
            let (dz, cz) = axis(z, origin.2, d, torus);
            for y in 0..h {
                let (dy, cy) = axis(y, origin.1, h, torus);
                for &(dx, cx) in &xs {
                    accumulate(&mut layers, dx + dy + dz, cx + cy + cz);
                }
            }
        }
        Ok(layers)
    }
}

impl Layers {
    /// Layers of a `d`-dimensional hypercube: `N_l = C(d, l)`, `E_l = l·C(d, l)`.
    ///
    /// # Errors
    /// [`DltError::InvalidArgument`] for `d > 60` (counts overflow).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Layers;
    /// assert_eq!(Layers::hypercube(3).unwrap().n, vec![1, 3, 3, 1]);
    /// ```
    pub fn hypercube(d: u32) -> Result<Layers, DltError> {
        if d > 60 {
            return Err(DltError::InvalidArgument { what: format!("hypercube dimension {d} > 60") });
        }
        let mut n = vec![1u64];
        for l in 1..=u64::from(d) {
            let prev = n[n.len() - 1];
            n.push(prev * (u64::from(d) - l + 1) / l);
        }
        let e = n.iter().enumerate().map(|(l, &x)| l as u64 * x).collect();
        Ok(Layers { n, e })
    }
}

impl Layers {
    /// Breadth-first layers of any connected graph given by adjacency lists.
    ///
    /// # Errors
    /// [`DltError::InvalidArgument`] for an originator or neighbour index out of range, or a node
    /// the originator cannot reach.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::Layers;
    /// // A 4-cycle from node 0: layers 1, 2, 1 with 2 and 2 links.
    /// let adj = vec![vec![1, 3], vec![0, 2], vec![1, 3], vec![2, 0]];
    /// let l = Layers::from_adjacency(&adj, 0).unwrap();
    /// assert_eq!((l.n, l.e), (vec![1, 2, 1], vec![0, 2, 2]));
    /// ```
    pub fn from_adjacency(adj: &[Vec<usize>], origin: usize) -> Result<Layers, DltError> {
        if origin >= adj.len() {
            return Err(DltError::InvalidArgument {
                what: format!("originator {origin} outside a graph of {} nodes", adj.len()),
            });
        }
        let mut dist = vec![usize::MAX; adj.len()];
        dist[origin] = 0;
        let mut queue = VecDeque::from([origin]);
        while let Some(v) = queue.pop_front() {
            for &u in &adj[v] {
                if u >= adj.len() {
                    return Err(DltError::InvalidArgument {
                        what: format!("node {v} lists neighbour {u}, out of range"),
                    });
                }
                if dist[u] == usize::MAX {
                    dist[u] = dist[v] + 1;
                    queue.push_back(u);
                }
            }
        }
        if let Some(u) = dist.iter().position(|&d| d == usize::MAX) {
            return Err(DltError::InvalidArgument {
                what: format!("node {u} is unreachable from the originator {origin}"),
            });
        }
        let mut layers = Layers { n: vec![0], e: vec![0] };
        for (v, &d) in dist.iter().enumerate() {
            let closer = adj[v].iter().filter(|&&u| dist[u] + 1 == d).count() as u64;
            accumulate(&mut layers, d, closer);
        }
        Ok(layers)
    }
}

/// The per-step port parameter `P_l` of the layered model: how many links of step `l` carry
/// the block `V_l` at once.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PortPreset {
    /// `P_l = E_l`: every inter-layer link busy at once (fluid idealisation on 2-D meshes).
    AllPort,
    /// `P_l = N_l`: each receiver gets its block over one link, receivers in parallel.
    ReceiveOne,
    /// `P_l = N_{l−1}`: one-port senders, synchronous layers (an upper bound).
    SendOne,
    /// Any measured values, one per step `l = 1..h`.
    Custom(Vec<f64>),
}

fn port_values(layers: &Layers, ports: &PortPreset) -> Result<Vec<f64>, DltError> {
    let h = layers.depth();
    let p: Vec<f64> = match ports {
        PortPreset::AllPort => layers.e[1..].iter().map(|&x| x as f64).collect(),
        PortPreset::ReceiveOne => layers.n[1..].iter().map(|&x| x as f64).collect(),
        PortPreset::SendOne => layers.n[..h].iter().map(|&x| x as f64).collect(),
        PortPreset::Custom(v) => {
            if v.len() != h {
                return Err(DltError::LengthMismatch {
                    what: "custom port values (one per step)",
                    expected: h,
                    got: v.len(),
                });
            }
            v.clone()
        }
    };
    for (i, &x) in p.iter().enumerate() {
        positive("port parameter P_l", i + 1, x)?;
    }
    Ok(p)
}

/// A layered (or circuit-switched) solution.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LayeredSolution {
    /// Load of **each** processor of layer `l` (0 beyond `used_layers`).
    pub x: Vec<f64>,
    /// Finish time.
    pub makespan: f64,
    /// Number of layers that get load, the originator's included.
    pub used_layers: usize,
    /// Processors per layer (as given).
    pub n: Vec<f64>,
    /// Inverse speed of the equivalent processor: `makespan/(load·T_cp)`.
    pub w_equivalent: f64,
}

impl std::fmt::Display for LayeredSolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "makespan {:.6e}, w_eq {:.6e}, {} of {} layers take load",
            self.makespan,
            self.w_equivalent,
            self.used_layers,
            self.n.len()
        )
    }
}

impl LayeredSolution {
    /// Speedup `a·L/T` against the originator alone.
    ///
    /// # Accuracy
    /// `w·T_cp·L/T`: three roundings, relative error below 4e-16 on top of the makespan's.
    ///
    /// # Errors
    /// [`DltError::NonFinite`]/[`DltError::NonPositive`] naming `w` or `load` unless it is
    /// finite and positive, or naming the result when `w·T_cp·L/T` overflows.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, Layers, MeshCosts, Options, PortPreset};
    /// // The two-processor front-end chain, c = a = 1: T = 2/3, speedup 1/(2/3) = 1.5.
    /// let l = Layers { n: vec![1, 1], e: vec![0, 1] };
    /// let s = l.allocate(&PortPreset::ReceiveOne, MeshCosts::linear(1.0, 1.0), Options::default()).unwrap();
    /// assert!((s.speedup(1.0, 1.0, CostScale::unit()).unwrap() - 1.5).abs() < 1e-15);
    /// assert!(s.speedup(-1.0, 1.0, CostScale::unit()).is_err());
    /// ```
    pub fn speedup(&self, w: f64, load: f64, scale: CostScale) -> Result<f64, DltError> {
        let (w, load) = (positive("w", 0, w)?, positive("load", 0, load)?);
        speedup_of(self.makespan, w * scale.t_cp(), load)
    }
}

/// Backward affine recursion of the layered model for layers `0..=h`, `x_h = u`; returns the
/// per-layer `x` for the load, or `None` if a share is negative.
/// `step(l, V_l) = S + c·V_l/P_l` for the generic layered model; `d_of` gives the block carried.
fn solve_affine(
    counts: &[f64],
    h: usize,
    load: f64,
    a: f64,
    step_cost: &dyn Fn(usize, f64, f64) -> (f64, f64),
) -> Option<Vec<f64>> {
    // x_l = xc[l]·u + xk[l]; returns the x's. step_cost(l, (Vc, Vk)) → (coef, const) of the
    // time of step l (from layer l − 1 to l), in seconds.
    let mut xc = vec![0.0; h + 1];
    let mut xk = vec![0.0; h + 1];
    xc[h] = 1.0;
    let (mut vc, mut vk) = (counts[h], 0.0);
    for l in (1..=h).rev() {
        let (sc, sk) = step_cost(l, vc, vk);
        xc[l - 1] = xc[l] + sc / a;
        xk[l - 1] = xk[l] + sk / a;
        vc += counts[l - 1] * xc[l - 1];
        vk += counts[l - 1] * xk[l - 1];
        if vc > 1e150 {
            // Shares beyond this point are negligible (below 1e-150 of the load): rescale the
            // coefficients, which only re-parametrises u (constants are kept).
            for v in &mut xc[l - 1..] {
                *v *= 1e-150;
            }
            vc *= 1e-150;
        }
    }
    let u = (load - vk) / vc;
    let x: Vec<f64> = (0..=h).map(|l| xc[l] * u + xk[l]).collect();
    x.iter().all(|&v| v >= 0.0).then_some(x)
}

/// The allocation of [`Layers::allocate`].
fn layered_allocate(
    layers: &Layers,
    ports: &PortPreset,
    costs: MeshCosts,
    opts: Options,
) -> Result<LayeredSolution, DltError> {
    let MeshCosts { w, z, startup } = costs;
    let Options { load, scale, .. } = opts;
    uniform(w, z, &opts)?;
    non_negative("startup", 0, startup)?;
    if layers.n.is_empty() || layers.n.len() != layers.e.len() || layers.n[0] != 1 {
        return Err(DltError::InvalidArgument {
            what: format!("layers need n[0] = 1 and as many e as n, got {} and {}", layers.n.len(), layers.e.len()),
        });
    }
    if let Some(l) = layers.n.iter().position(|&x| x == 0) {
        return Err(DltError::InvalidArgument { what: format!("layer {l} is empty") });
    }
    let p = port_values(layers, ports)?;
    let (a, c) = (w * scale.t_cp(), z * scale.t_cm());
    let counts: Vec<f64> = layers.n.iter().map(|&x| x as f64).collect();
    for h in (0..=layers.depth()).rev() {
        let cost = |l: usize, vc: f64, vk: f64| (c * vc / p[l - 1], startup + c * vk / p[l - 1]);
        if let Some(x) = solve_affine(&counts, h, load, a, &cost) {
            return finish(x, layers.depth(), a, counts, load * scale.t_cp());
        }
    }
    // h = 0 (the originator alone, x_0 = L) always succeeds above; kept for totality.
    finish(vec![load], layers.depth(), a, counts, load * scale.t_cp())
}

fn finish(mut x: Vec<f64>, depth: usize, a: f64, n: Vec<f64>, load_tcp: f64) -> Result<LayeredSolution, DltError> {
    let used = x.len();
    let t = a * x[0];
    x.resize(depth + 1, 0.0);
    super::error::finite_result(t, &x)?;
    Ok(LayeredSolution { x, makespan: t, used_layers: used, n, w_equivalent: t / load_tcp })
}

/// Shape of an infinite layered network for [`MeshKind::speedup_limit`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MeshKind {
    /// 2-D mesh, originator far from the border: `N_l = 4l`, `E_l = 8l − 4`.
    Mesh2dCentre,
    /// 2-D mesh, originator in a corner: `N_l = l + 1`, `E_l = 2l`.
    Mesh2dCorner,
    /// 3-D mesh, interior originator: `N_l = 4l² + 2`, `E_l = 12l² − 12l + 6`.
    Mesh3dCentre,
}

impl Layers {
    /// Layers `0..=h` of an infinite mesh of the given kind.
    ///
    /// # Errors
    /// [`DltError::TooLarge`] for `h` above [`MAX_PROCESSORS`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Layers, MeshKind};
    /// assert_eq!(Layers::infinite_mesh(MeshKind::Mesh2dCentre, 2).unwrap().n, vec![1, 4, 8]);
    /// ```
    pub fn infinite_mesh(kind: MeshKind, h: u64) -> Result<Layers, DltError> {
        size_at_most("mesh depth h", h, MAX_PROCESSORS)?;
        let mut n = vec![1u64];
        let mut e = vec![0u64];
        for l in 1..=h {
            let (nl, el) = match kind {
                MeshKind::Mesh2dCentre => (4 * l, 8 * l - 4),
                MeshKind::Mesh2dCorner => (l + 1, 2 * l),
                MeshKind::Mesh3dCentre => (4 * l * l + 2, 12 * l * l - 12 * l + 6),
            };
            n.push(nl);
            e.push(el);
        }
        Ok(Layers { n, e })
    }
}

/// The limit of [`MeshKind::speedup_limit`].
fn layered_speedup_limit(kind: MeshKind, ports: &PortPreset, ratio: f64, tol: f64) -> Result<f64, DltError> {
    positive("ratio", 0, ratio)?;
    positive("tol", 0, tol)?;
    if matches!(ports, PortPreset::Custom(_)) {
        return Err(DltError::InvalidArgument { what: "custom ports have no infinite-mesh form".into() });
    }
    let speed = |h: u64| -> Result<f64, DltError> {
        let s = layered_allocate(
            &Layers::infinite_mesh(kind, h)?,
            ports,
            MeshCosts::linear(1.0, ratio),
            Options::default(),
        )?;
        Ok(1.0 / s.makespan)
    };
    let mut h = 8;
    let mut prev = speed(h)?;
    while h < 1 << 22 {
        h *= 2;
        let next = speed(h)?;
        if (next - prev).abs() <= tol * next {
            return Ok(next);
        }
        prev = next;
    }
    Err(DltError::NotConverged {
        what: "layered speedup limit",
        reason: format!("at depth {h} the speedup {prev} still changes by more than {tol} relative (ratio = {ratio})"),
    })
}

/// The allocation of [`MeshCosts::circuit_switched`].
fn circuit_switched_allocate(
    costs: MeshCosts,
    k_ports: u32,
    moves: u32,
    opts: Options,
) -> Result<LayeredSolution, DltError> {
    let MeshCosts { w, z, startup } = costs;
    let Options { load, scale, .. } = opts;
    uniform(w, z, &opts)?;
    non_negative("startup", 0, startup)?;
    if k_ports == 0 {
        return Err(DltError::InvalidArgument { what: "circuit-switched scattering needs k >= 1 ports, got 0".into() });
    }
    let k = f64::from(k_ports);
    if f64::from(moves) * (k + 1.0).log2() > 50.0 {
        let value = (f64::from(moves) * (k + 1.0).log2()).exp2().min(u64::MAX as f64) as u64;
        return Err(DltError::TooLarge { what: "circuit-switched processors (k + 1)^moves", value, limit: 1 << 50 });
    }
    let s = moves as usize;
    let counts: Vec<f64> = (0..=s).map(|i| if i == 0 { 1.0 } else { k * (k + 1.0).powi(i as i32 - 1) }).collect();
    let (a, c) = (w * scale.t_cp(), z * scale.t_cm());
    for h in (0..=s).rev() {
        // D_i = x_i + k·Σ_{j>i} D_j, tracked as affine in u alongside the backward pass.
        let mut xc = vec![0.0; h + 1];
        let mut xk = vec![0.0; h + 1];
        xc[h] = 1.0;
        let (mut sdc, mut sdk) = (0.0, 0.0); // Σ_{j>i} D_j
        let (mut vc, mut vk) = (counts[h], 0.0);
        for i in (1..=h).rev() {
            let (dc, dk) = (xc[i] + k * sdc, xk[i] + k * sdk);
            sdc += dc;
            sdk += dk;
            xc[i - 1] = xc[i] + c * dc / a;
            xk[i - 1] = xk[i] + (startup + c * dk) / a;
            vc += counts[i - 1] * xc[i - 1];
            vk += counts[i - 1] * xk[i - 1];
        }
        let u = (load - vk) / vc;
        let x: Vec<f64> = (0..=h).map(|l| xc[l] * u + xk[l]).collect();
        if x.iter().all(|&v| v >= 0.0) {
            return finish(x, s, a, counts, load * scale.t_cp());
        }
    }
    finish(vec![load], s, a, counts, load * scale.t_cp())
}

impl Layers {
    /// Divisible load on this layered network (2-D/3-D mesh, torus, hypercube or any BFS layering)
    /// with identical processors and links and a start-up per step (a reconstruction; see the
    /// module docs). Trailing layers are dropped while a share would be negative (only with
    /// start-ups). `opts.order` is not consulted.
    ///
    /// # Formula
    /// ```text
    /// V_l = Σ_{j≥l} N_j·x_j;   step l takes S + c·V_l/P_l;   a·x_{l−1} = S + c·V_l/P_l + a·x_l
    /// Σ N_l·x_l = L;   T = a·x_0
    /// ```
    /// Every processor of layer `l` gets `x_l`; layer `l − 1` finishes computing exactly when the
    /// block for the layers beyond has been forwarded (front-ends, equal finish).
    ///
    /// # Accuracy
    /// The backward recursion adds positive terms (without start-ups): within `4·h·ε` relative
    /// for depth `h`; with start-ups, `u = (L − V_k)/V_c` cancels near the point where a layer is
    /// dropped. The tests measure at most 3e-15 against 50-digit references for meshes without
    /// start-ups and agree with the chain's closed form to 1e-15.
    ///
    /// # Errors
    /// Bad values; [`DltError::LengthMismatch`] for custom ports of the wrong length.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Layers, MeshCosts, Options, PortPreset};
    /// // One processor per layer is the front-end chain: two processors, c = a = 1, T = 2/3.
    /// let l = Layers { n: vec![1, 1], e: vec![0, 1] };
    /// let s = l.allocate(&PortPreset::ReceiveOne, MeshCosts::linear(1.0, 1.0), Options::default()).unwrap();
    /// assert!((s.makespan - 2.0 / 3.0).abs() < 1e-15);
    /// ```
    pub fn allocate(&self, ports: &PortPreset, costs: MeshCosts, opts: Options) -> Result<LayeredSolution, DltError> {
        layered_allocate(self, ports, costs, opts)
    }
}

impl MeshKind {
    /// Speedup limit of store-and-forward layered scattering as a mesh of this kind grows without bound (no
    /// start-ups; obtained from the exact recursion by doubling the depth until the speedup changes
    /// by less than `tol` relative).
    ///
    /// # Formula
    /// ```text
    /// S_∞ = lim_{h→∞} a·L/T(h),  T(h) from `Layers::allocate` on `Layers::infinite_mesh(kind, h)`
    /// ```
    ///
    /// # Accuracy
    /// `tol` relative between two successive depths (the speedup increases with the depth, so the
    /// answer is a lower bound within about `tol` of the limit), plus the recursion's `4·h·ε`.
    ///
    /// # Errors
    /// [`DltError::NonPositive`] for σ ≤ 0 or a bad `tol`; [`DltError::InvalidArgument`] for
    /// custom ports (no infinite form); [`DltError::NotConverged`] if depth 2^22 is reached first
    /// (σ below about 1e-9).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{MeshKind, PortPreset};
    /// // σ = 0.1, centre originator, one receive port: S_∞ = 19.65.
    /// let s = MeshKind::Mesh2dCentre.speedup_limit(&PortPreset::ReceiveOne, 0.1, 1e-12).unwrap();
    /// assert!((s - 19.65).abs() < 5e-3);
    /// ```
    pub fn speedup_limit(&self, ports: &PortPreset, ratio: f64, tol: f64) -> Result<f64, DltError> {
        layered_speedup_limit(*self, ports, ratio, tol)
    }
}

impl MeshCosts {
    /// Circuit-switched recursive scattering with `k` ports over processors and links of these costs (after Błażewicz, Drozdowski, Guinand
    /// & Trystram; a reconstruction, see the module docs):
    /// every active processor activates `k` new ones per move, transfer time independent of
    /// distance. After `moves` moves `(k + 1)^moves` processors are active. The event engine
    /// executes the allocation on the scattering tree with k-port senders
    /// and every processor finishes at `T` (the engine's unit tests).
    ///
    /// # Formula
    /// ```text
    /// N_0 = 1, N_i = k·(k+1)^{i−1};   D_i = x_i + k·Σ_{j>i} D_j  (block sent at move i)
    /// a·x_{i−1} = S + c·D_i + a·x_i;   Σ N_i·x_i = L;   T = a·x_0
    /// ```
    ///
    /// # Accuracy
    /// As [`Layers::allocate`]: within `4·moves·ε` relative without start-ups.
    ///
    /// # Errors
    /// Bad values; [`DltError::InvalidArgument`] for `k = 0`; [`DltError::TooLarge`] for more than
    /// 2^50 processors.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{MeshCosts, Options};
    /// // k = 1, one move: two processors over one link, c = a = 1: T = 2/3.
    /// let s = MeshCosts::linear(1.0, 1.0).circuit_switched(1, 1, Options::default()).unwrap();
    /// assert!((s.makespan - 2.0 / 3.0).abs() < 1e-15);
    /// ```
    pub fn circuit_switched(&self, k_ports: u32, moves: u32, opts: Options) -> Result<LayeredSolution, DltError> {
        circuit_switched_allocate(*self, k_ports, moves, opts)
    }
}
