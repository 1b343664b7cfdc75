//! Linear daisy chain: boundary originator with or without front-ends, homogeneous closed forms
//! and limits, interior originator (reference §3; Jia, eqs. (2.15)–(2.16) for the
//! front-end case, Mani & Ghose 1994 for the closed form it cites; both re-derived here).

use super::engine::{Action, Network, Node, Trace, simulate};
use super::error::{DltError, all_checked, chain_lengths, homogeneous, non_negative, positive};
use super::star::flush;
use super::tree::{Tree, TreeNode, tree_allocate};
use super::types::{Allocation, CostScale, OrderPolicy, Ports};

/// Equivalent time per unit `a_eq(i)` of every suffix `i..n` of a chain (reference §3.3).
fn suffix_aeq(a: &[f64], c: &[f64], front_end: bool) -> Vec<f64> {
    let n = a.len();
    let mut aeq = vec![0.0; n];
    aeq[n - 1] = a[n - 1];
    for i in (0..n - 1).rev() {
        let d = c[i] + aeq[i + 1];
        aeq[i] = if front_end {
            a[i] * d / (a[i] + d)
        } else if c[i] < a[i] {
            a[i] * d / (a[i] + aeq[i + 1])
        } else {
            a[i]
        };
    }
    aeq
}

/// Divisible load on a linear chain `P_1 – … – P_n` whose boundary processor `P_1` holds the
/// load (reference §3.3, equivalent-processor recursion; Jia, eq. (2.15)–(2.16) with a front-end).
/// `z[i]` is the link between processors `i` and `i + 1` (0-based), so `z.len() = w.len() − 1`.
/// Without front-ends the chain is cut at the first link with `c_i ≥ a_i`.
///
/// # Formula
/// ```text
/// a_eq(n) = a_n
/// front-end:    1/a_eq(i) = 1/a_i + 1/(c_i + a_eq(i+1))
/// no front-end: a_eq(i) = a_i·(c_i + a_eq(i+1))/(a_i + a_eq(i+1)) if c_i < a_i, else a_i (cut)
/// T = a_eq(1)·L;  B_1 = L;  FE: α_i = B_i·a_eq(i)/a_i;  noFE: α_i = B_i·a_eq(i+1)/(a_i + a_eq(i+1));
/// B_{i+1} = B_i − α_i
/// ```
///
/// # Errors
/// [`DltError::Empty`] for no processors, [`DltError::LengthMismatch`] for the links, and bad
/// values (`w ≤ 0`, `z < 0`, NaN, bad scale or load).
///
/// ```
/// use loadbal::dlt::{chain_allocate, CostScale};
/// // Two processors, c = a = 1, front-end: T = 1/(1 + 1/2) = 2/3.
/// let s = chain_allocate(&[1.0, 1.0], &[1.0], true, CostScale::unit(), 1.0).unwrap();
/// assert!((s.makespan - 2.0 / 3.0).abs() < 1e-15);
/// ```
pub fn chain_allocate(
    w: &[f64],
    z: &[f64],
    front_end: bool,
    scale: CostScale,
    load: f64,
) -> Result<Allocation, DltError> {
    scale.check()?;
    positive("load", 0, load)?;
    chain_lengths(w, z)?;
    all_checked("chain w", w, positive)?;
    all_checked("chain z", z, non_negative)?;
    let a: Vec<f64> = w.iter().map(|x| x * scale.t_cp).collect();
    let c: Vec<f64> = z.iter().map(|x| x * scale.t_cm).collect();
    let n = a.len();
    let aeq = suffix_aeq(&a, &c, front_end);
    let mut alpha = vec![0.0; n];
    let mut b = 1.0;
    for i in 0..n {
        if i == n - 1 || (!front_end && c[i] >= a[i]) {
            alpha[i] = b;
            break;
        }
        if front_end {
            alpha[i] = b * aeq[i] / a[i];
            b = flush(b * aeq[i] / (c[i] + aeq[i + 1]));
        } else {
            alpha[i] = b * aeq[i + 1] / (a[i] + aeq[i + 1]);
            b = flush(b * a[i] / (a[i] + aeq[i + 1]));
        }
        if b == 0.0 {
            break;
        }
    }
    let participating: Vec<bool> = alpha.iter().map(|&x| x > 0.0).collect();
    let send_order = (1..n).filter(|&i| participating[i]).collect();
    Allocation { alpha, makespan: aeq[0], send_order, participating, w_equivalent: aeq[0] / scale.t_cp }
        .scaled(load)
        .checked()
}

/// `θ = arccosh(1 + σ/2)` without the rounding of `1 + σ/2` for tiny σ.
fn theta(sigma: f64) -> f64 {
    let s = sigma / 2.0;
    (s + (s * (2.0 + s)).sqrt()).ln_1p()
}

/// Homogeneous chain of `n` processors (all `w`, all links `z`), boundary originator
/// (reference §3.4, closed forms in the stable `e^{−θ}` form).
///
/// # Formula
/// ```text
/// σ = c/a.  Front-end: θ = arccosh(1 + σ/2),  B_i = sinh((n+1−i)θ)/sinh(nθ)
///                       = e^{−(i−1)θ}·(1 − e^{−2(n+1−i)θ})/(1 − e^{−2nθ})
/// No front-end (σ < 1): r = (1 − √σ)/(1 + √σ),  B_i = (1 + √σ)^{−(i−1)}·(1 − r^{n+1−i})/(1 − r^n)
///                       (σ ≥ 1: P_1 alone, T = a)
/// α_i = B_i − B_{i+1},  T = a·α_1 (FE) or a·(1 − (1 − σ)·B_2) (noFE, n ≥ 2);  σ = 0: α_i = 1/n
/// ```
///
/// # Errors
/// [`DltError::Empty`] for `n = 0`; bad `w`, `z`, scale or load.
///
/// ```
/// use loadbal::dlt::{chain_homogeneous, CostScale};
/// // n = 2, c = a = 1, front-end: B_2 = sinh θ/sinh 2θ = 1/(2 cosh θ) = 1/3, T = 2/3.
/// let s = chain_homogeneous(2, 1.0, 1.0, true, CostScale::unit(), 1.0).unwrap();
/// assert!((s.makespan - 2.0 / 3.0).abs() < 1e-15);
/// ```
pub fn chain_homogeneous(
    n: usize,
    w: f64,
    z: f64,
    front_end: bool,
    scale: CostScale,
    load: f64,
) -> Result<Allocation, DltError> {
    homogeneous(scale, w, z, load)?;
    if n == 0 {
        return Err(DltError::Empty { what: "a chain with no processors" });
    }
    let a = w * scale.t_cp;
    let sigma = z * scale.t_cm / a;
    let nf = n as f64;
    // B_i for i = 1..=n+1 (index i − 1).
    let blocks: Vec<f64> = if sigma == 0.0 {
        (0..=n).map(|i| (nf - i as f64) / nf).collect()
    } else if front_end {
        let th = theta(sigma);
        let den = -(-2.0 * nf * th).exp_m1();
        (0..=n).map(|i| (-(i as f64) * th).exp() * -(-2.0 * (nf - i as f64) * th).exp_m1() / den).collect()
    } else if sigma >= 1.0 {
        (0..=n).map(|i| if i == 0 { 1.0 } else { 0.0 }).collect()
    } else {
        let s = sigma.sqrt();
        let lr = (-s).ln_1p() - s.ln_1p();
        let den = -(nf * lr).exp_m1();
        (0..=n).map(|i| (-(i as f64) * s.ln_1p()).exp() * -((nf - i as f64) * lr).exp_m1() / den).collect()
    };
    let alpha: Vec<f64> = (0..n).map(|i| blocks[i] - blocks[i + 1]).collect();
    let t = if sigma == 0.0 {
        a / nf
    } else if front_end {
        a * alpha[0]
    } else if n == 1 || sigma >= 1.0 {
        a
    } else {
        a * (1.0 - (1.0 - sigma) * blocks[1])
    };
    let participating: Vec<bool> = alpha.iter().map(|&x| x > 0.0).collect();
    let send_order = (1..n).filter(|&i| participating[i]).collect();
    Allocation { alpha, makespan: t, send_order, participating, w_equivalent: t / scale.t_cp }.scaled(load).checked()
}

/// Speedup `a/T` of an infinite homogeneous chain with a boundary originator (reference §3.4).
///
/// # Formula
/// ```text
/// front-end: 1/ρ = 1/2 + √(1/4 + 1/σ),  ρ = (√(σ² + 4σ) − σ)/2;   no front-end: 1/√σ (σ < 1, else 1)
/// ```
///
/// # Errors
/// [`DltError::Negative`]/[`DltError::NonFinite`] for a bad σ. σ = 0 gives infinity.
///
/// ```
/// use loadbal::dlt::chain_speedup_limit;
/// // σ = 1: the golden ratio.
/// assert!((chain_speedup_limit(1.0, true).unwrap() - 1.618_033_988_749_895).abs() < 1e-15);
/// ```
pub fn chain_speedup_limit(sigma: f64, front_end: bool) -> Result<f64, DltError> {
    non_negative("sigma", 0, sigma)?;
    Ok(if front_end { 0.5 + (0.25 + 1.0 / sigma).sqrt() } else { (1.0 / sigma.sqrt()).max(1.0) })
}

/// One side of a chain around an interior originator: `w[j]` for the side's processors from the
/// originator outwards, `z[j]` for the link into processor `j` (`z[0]` joins the originator).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChainSide<'a> {
    /// Inverse speeds, from the originator outwards.
    pub w: &'a [f64],
    /// Link inverse speeds; `z[0]` is the originator's link. Same length as `w`.
    pub z: &'a [f64],
}

/// Divisible load on a chain whose originator sits inside it (reference §3.5): each side is
/// reduced to one equivalent processor, then the originator serves the two sides as a star
/// (single port: smaller link first; mode (i) with a front-end, (ii) without) or both at once
/// (two ports, front-end originator). Returns `alpha` as `[originator, left…, right…]`.
///
/// # Formula
/// ```text
/// side X: a_eq(X) from the boundary-chain recursion, c_X its first link
/// single port: star with children (c_L, a_eq(L)), (c_R, a_eq(R))
/// two ports:   1/T = 1/a_0 + 1/(c_L + a_eq(L)) + 1/(c_R + a_eq(R)),  B_X = T/(c_X + a_eq(X))
/// ```
///
/// # Errors
/// As [`chain_allocate`]; [`DltError::InvalidArgument`] for two ports with a non-front-end
/// originator (not modelled).
///
/// ```
/// use loadbal::dlt::{chain_interior, ChainSide, CostScale, Ports};
/// // One neighbour on each side, all c = a = 1, two ports: 1/T = 1 + 1/2 + 1/2, T = 1/2.
/// let side = ChainSide { w: &[1.0], z: &[1.0] };
/// let s = chain_interior(1.0, side, side, Ports::All, true, true, CostScale::unit(), 1.0).unwrap();
/// assert!((s.makespan - 0.5).abs() < 1e-15);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn chain_interior(
    w0: f64,
    left: ChainSide<'_>,
    right: ChainSide<'_>,
    ports: Ports,
    root_front_end: bool,
    front_end: bool,
    scale: CostScale,
    load: f64,
) -> Result<Allocation, DltError> {
    let tree = interior_tree(w0, left, right, ports, root_front_end, front_end)?;
    let sol = tree_allocate(&tree, scale, OrderPolicy::Optimal, load)?;
    Ok(sol.allocation)
}

/// The tree of an interior-originator chain: node 0 the originator, then the left side, then
/// the right side (the order of [`chain_interior`]'s `alpha`).
///
/// # Errors
/// As [`chain_interior`].
///
/// # Examples
/// ```
/// use loadbal::dlt::{interior_tree, ChainSide, Ports};
/// let side = ChainSide { w: &[1.0, 1.0], z: &[1.0, 1.0] };
/// let t = interior_tree(1.0, side, side, Ports::Single, true, true).unwrap();
/// assert_eq!(t.len(), 5);
/// ```
pub fn interior_tree(
    w0: f64,
    left: ChainSide<'_>,
    right: ChainSide<'_>,
    ports: Ports,
    root_front_end: bool,
    front_end: bool,
) -> Result<Tree, DltError> {
    if ports == Ports::All && !root_front_end {
        return Err(DltError::InvalidArgument {
            what: "a two-port originator without a front-end is not modelled".into(),
        });
    }
    let mut tree =
        Tree::from_nodes(vec![TreeNode { parent: None, z: 0.0, w: Some(w0), front_end: root_front_end, ports }])?;
    for side in [left, right] {
        if side.w.len() != side.z.len() {
            return Err(DltError::LengthMismatch {
                what: "chain side links (one per processor)",
                expected: side.w.len(),
                got: side.z.len(),
            });
        }
        let mut parent = 0;
        for (&w, &z) in side.w.iter().zip(side.z) {
            parent = tree.add(parent, z, Some(w), front_end)?;
        }
    }
    Ok(tree)
}

/// Speedup limit of an infinite homogeneous chain on both sides of a front-end originator
/// (reference §3.5).
///
/// # Formula
/// ```text
/// ρ = (√(σ² + 4σ) − σ)/2;  single port: 2/ρ − 2 + ρ;  two ports: 2/ρ − 1 = √(1 + 4/σ)
/// ```
///
/// # Errors
/// [`DltError::NonPositive`]/[`DltError::NonFinite`] for σ ≤ 0.
///
/// ```
/// use loadbal::dlt::{chain_interior_speedup_limit, Ports};
/// assert!((chain_interior_speedup_limit(1.0, Ports::All).unwrap() - 5f64.sqrt()).abs() < 1e-15);
/// ```
pub fn chain_interior_speedup_limit(sigma: f64, ports: Ports) -> Result<f64, DltError> {
    positive("sigma", 0, sigma)?;
    let rho = 1.0 / (0.5 + (0.25 + 1.0 / sigma).sqrt());
    Ok(match ports {
        Ports::Single => 2.0 / rho - 2.0 + rho,
        Ports::All => (1.0 + 4.0 / sigma).sqrt(),
    })
}

/// Executes a boundary-chain allocation on the event engine: `P_i` receives its block
/// `B_i = Σ_{k≥i} α_k`, forwards `B_{i+1}` and computes `α_i` (meanwhile with a front-end,
/// afterwards without).
///
/// # Errors
/// As [`chain_allocate`], plus [`DltError::LengthMismatch`] if `alloc` does not fit `w`.
///
/// # Examples
/// ```
/// use loadbal::dlt::{chain_allocate, chain_simulate, CostScale};
/// let (w, z) = ([1.0, 2.0, 1.5], [0.5, 0.3]);
/// let a = chain_allocate(&w, &z, true, CostScale::unit(), 1.0).unwrap();
/// let t = chain_simulate(&w, &z, true, &a, CostScale::unit()).unwrap();
/// assert!(t.finish_spread(a.makespan) < 1e-12);
/// ```
pub fn chain_simulate(
    w: &[f64],
    z: &[f64],
    front_end: bool,
    alloc: &Allocation,
    scale: CostScale,
) -> Result<Trace, DltError> {
    let tree = Tree::chain(w, z, front_end)?;
    if alloc.alpha.len() != w.len() {
        return Err(DltError::LengthMismatch { what: "chain allocation", expected: w.len(), got: alloc.alpha.len() });
    }
    let nodes = tree
        .nodes()
        .iter()
        .map(|t| Node::computing(t.parent, t.z, t.w.unwrap_or(1.0)).with_front_end(front_end))
        .collect();
    let net = Network::new(nodes, scale)?;
    let n = w.len();
    let mut blocks = vec![0.0; n + 1];
    for i in (0..n).rev() {
        blocks[i] = blocks[i + 1] + alloc.alpha[i];
    }
    let plans: Vec<Vec<Action>> = (0..n)
        .map(|i| {
            let mut p = Vec::new();
            if i + 1 < n && blocks[i + 1] > 0.0 {
                p.push(Action::Send { to: i + 1, amount: blocks[i + 1] });
            }
            if alloc.alpha[i] > 0.0 {
                p.push(Action::Compute { amount: alloc.alpha[i] });
            }
            p
        })
        .collect();
    simulate(&net, &plans)
}
