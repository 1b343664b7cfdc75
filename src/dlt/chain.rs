//! Linear daisy chain: boundary originator with or without front-ends, homogeneous closed forms
//! and limits, interior originator (Jia, eqs. (2.15)–(2.16) for the front-end case; the
//! equivalent-processor recursion of Bharadwaj et al. 1996, see [`crate::references`];
//! re-derived here from the equal-finish condition).

use super::allocation::Allocation;
use super::chain_network::{Chain, InteriorChain, UniformChain};
use super::cost_scale::CostScale;
use super::engine::{Action, Network, Node, Trace, simulate};
use super::error::{DltError, MAX_PROCESSORS, all_checked, chain_lengths, non_negative, positive, size_at_most};
use super::options::{Options, OrderPolicy, uniform};
use super::participation::flush;
use super::ports::Ports;
use super::tree::{Tree, TreeNode};
use super::worker::Worker;

/// Equivalent time per unit `a_eq(i)` of every suffix `i..n` of a chain.
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

impl Chain {
    /// Divisible load on a linear chain `P_1 – … – P_n` whose boundary processor `P_1` holds the
    /// load (equivalent-processor recursion of Bharadwaj et al. 1996; Jia, eqs. (2.15)–(2.16) with
    /// a front-end). `chain.z[i]` is the link between processors `i` and `i + 1` (0-based), so
    /// `z.len() = w.len() − 1`. Without front-ends the chain is cut at the first link with
    /// `c_i ≥ a_i`. `opts.order` is not consulted.
    ///
    /// # Formula
    /// ```text
    /// a_eq(n) = a_n
    /// front-end:    1/a_eq(i) = 1/a_i + 1/(c_i + a_eq(i+1))
    /// no front-end: a_eq(i) = a_i·(c_i + a_eq(i+1))/(a_i + a_eq(i+1)) if c_i < a_i, else a_i (cut)
    /// T = a_eq(1)·L;  B_1 = L;  FE: α_i = B_i·a_eq(i)/a_i;  noFE: α_i = B_i·a_eq(i+1)/(a_i + a_eq(i+1));
    /// B_{i+1} = B_i − α_i
    /// ```
    /// `P_i` receives the block `B_i`, keeps `α_i` and forwards the rest; `a_eq(i)` is the time per
    /// unit of load of the sub-chain `P_i … P_n` seen as one processor.
    ///
    /// # Accuracy
    /// Sums and products of positive terms: within `4·n·ε` relative; against 50-digit references
    /// the tests measure at most 3e-15 (`tests/dlt/dlt_references.rs`).
    ///
    /// # Errors
    /// [`DltError::Empty`] for no processors, [`DltError::LengthMismatch`] for the links, and bad
    /// values (`w ≤ 0`, `z < 0`, NaN, bad scale or load).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Chain, Options};
    /// // Two processors, c = a = 1, front-end: T = 1/(1 + 1/2) = 2/3.
    /// let s = (Chain { w: vec![1.0, 1.0], z: vec![1.0], front_end: true }).allocate(Options::default()).unwrap();
    /// assert!((s.makespan - 2.0 / 3.0).abs() < 1e-15);
    /// ```
    pub fn allocate(&self, opts: Options) -> Result<Allocation, DltError> {
        let chain = self;
        let (w, z, front_end) = (&chain.w[..], &chain.z[..], chain.front_end);
        opts.check()?;
        let scale = opts.scale;
        chain_lengths(w, z)?;
        all_checked("chain w", w, positive)?;
        all_checked("chain z", z, non_negative)?;
        let a: Vec<f64> = w.iter().map(|x| x * scale.t_cp()).collect();
        let c: Vec<f64> = z.iter().map(|x| x * scale.t_cm()).collect();
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
        Allocation { alpha, makespan: aeq[0], send_order, participating, w_equivalent: aeq[0] / scale.t_cp() }
            .scaled(opts.load)
            .checked()
    }
}

/// `θ = arccosh(1 + σ/2)` without the rounding of `1 + σ/2` for tiny σ.
fn theta(ratio: f64) -> f64 {
    let s = ratio / 2.0;
    (s + (s * (2.0 + s)).sqrt()).ln_1p()
}

/// `α_1 = T/a` of a homogeneous front-end chain of `n` processors, without cancellation:
/// `1 − sinh((n−1)θ)/sinh(nθ) = (1 − e^{−θ})·(1 + e^{−(2n−1)θ})/(1 − e^{−2nθ})`.
fn first_share_fe(th: f64, nf: f64) -> f64 {
    -(-th).exp_m1() * (1.0 + (-(2.0 * nf - 1.0) * th).exp()) / -(-2.0 * nf * th).exp_m1()
}

/// `T/a` of a homogeneous chain of `n` processors without front-ends (σ < 1):
/// `√σ·(1 + r^n)/(1 − r^n)`, `r = (1 − √σ)/(1 + √σ)`.
fn time_nofe(ratio: f64, nf: f64) -> f64 {
    let s = ratio.sqrt();
    let lr = (-s).ln_1p() - s.ln_1p();
    let rn = (nf * lr).exp();
    s * (1.0 + rn) / -(nf * lr).exp_m1()
}

impl UniformChain {
    /// Homogeneous chain of `n` processors (all `w`, all links `z`), boundary originator
    /// (Bharadwaj et al. 1996, closed forms in the stable `e^{−θ}` form). `opts.order` is not
    /// consulted.
    ///
    /// # Formula
    /// ```text
    /// σ = c/a.  Front-end: θ = arccosh(1 + σ/2),  B_i = sinh((n+1−i)θ)/sinh(nθ)
    ///                       = e^{−(i−1)θ}·(1 − e^{−2(n+1−i)θ})/(1 − e^{−2nθ})
    /// No front-end (σ < 1): r = (1 − √σ)/(1 + √σ),  B_i = (1 + √σ)^{−(i−1)}·(1 − r^{n+1−i})/(1 − r^n)
    ///                       (σ ≥ 1: P_1 alone, T = a)
    /// α_i = B_i − B_{i+1};  T = a·α_1 (FE) or a·√σ·(1 + r^n)/(1 − r^n) (noFE);  σ = 0: α_i = 1/n
    /// ```
    ///
    /// # Accuracy
    /// The makespan is within 1e-14 relative for σ over 1e-12..1e12 and any `n ≤ 2^27` (no
    /// difference of nearly equal blocks enters it); a share `α_i = B_i − B_{i+1}` is within
    /// `1e-15·B_i/α_i` relative. The tests measure at most 5e-15 on the makespan against 50-digit
    /// references.
    ///
    /// # Errors
    /// [`DltError::Empty`] for `n = 0`; bad `w`, `z`, scale or load; [`DltError::TooLarge`] for `n`
    /// above [`MAX_PROCESSORS`] (use [`UniformChain::speedup`] for the makespan alone).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Options, UniformChain};
    /// // n = 2, c = a = 1, front-end: B_2 = sinh θ/sinh 2θ = 1/(2 cosh θ) = 1/3, T = 2/3.
    /// let s = (UniformChain { w: 1.0, z: 1.0, n: 2, front_end: true }).allocate(Options::default()).unwrap();
    /// assert!((s.makespan - 2.0 / 3.0).abs() < 1e-15);
    /// ```
    pub fn allocate(&self, opts: Options) -> Result<Allocation, DltError> {
        let chain = *self;
        let UniformChain { w, z, n, front_end } = chain;
        uniform(w, z, &opts)?;
        if n == 0 {
            return Err(DltError::Empty { what: "a chain with no processors" });
        }
        let n = size_at_most("chain processors n", n, MAX_PROCESSORS)?;
        let scale = opts.scale;
        let a = w * scale.t_cp();
        let ratio = z * scale.t_cm() / a;
        let nf = n as f64;
        // B_i for i = 1..=n+1 (index i − 1).
        let blocks: Vec<f64> = if ratio == 0.0 {
            (0..=n).map(|i| (nf - i as f64) / nf).collect()
        } else if front_end {
            let th = theta(ratio);
            let den = -(-2.0 * nf * th).exp_m1();
            (0..=n).map(|i| (-(i as f64) * th).exp() * -(-2.0 * (nf - i as f64) * th).exp_m1() / den).collect()
        } else if ratio >= 1.0 {
            (0..=n).map(|i| if i == 0 { 1.0 } else { 0.0 }).collect()
        } else {
            let s = ratio.sqrt();
            let lr = (-s).ln_1p() - s.ln_1p();
            let den = -(nf * lr).exp_m1();
            (0..=n).map(|i| (-(i as f64) * s.ln_1p()).exp() * -((nf - i as f64) * lr).exp_m1() / den).collect()
        };
        let mut alpha: Vec<f64> = (0..n).map(|i| blocks[i] - blocks[i + 1]).collect();
        let t = if ratio == 0.0 {
            a / nf
        } else if front_end {
            alpha[0] = first_share_fe(theta(ratio), nf);
            a * alpha[0]
        } else if n == 1 || ratio >= 1.0 {
            a
        } else {
            a * time_nofe(ratio, nf)
        };
        let participating: Vec<bool> = alpha.iter().map(|&x| x > 0.0).collect();
        let send_order = (1..n).filter(|&i| participating[i]).collect();
        Allocation { alpha, makespan: t, send_order, participating, w_equivalent: t / scale.t_cp() }
            .scaled(opts.load)
            .checked()
    }
}

/// The speedup of [`UniformChain::speedup`] at `σ = ratio`.
fn chain_speedup(ratio: f64, front_end: bool, n: u64) -> Result<f64, DltError> {
    non_negative("ratio", 0, ratio)?;
    if n == 0 {
        return Err(DltError::Empty { what: "a chain with no processors" });
    }
    let nf = n as f64;
    if ratio == 0.0 || n == 1 {
        return Ok(if ratio == 0.0 { nf } else { 1.0 });
    }
    let s = if front_end {
        1.0 / first_share_fe(theta(ratio), nf)
    } else if ratio >= 1.0 {
        1.0
    } else {
        1.0 / time_nofe(ratio, nf)
    };
    if !s.is_finite() || s <= 0.0 {
        return Err(DltError::IllConditioned {
            what: format!("the chain speedup is not representable at ratio = {ratio}"),
        });
    }
    Ok(s)
}

/// The limit of [`UniformChain::speedup_limit`] at `σ = ratio`.
fn chain_speedup_limit(ratio: f64, front_end: bool) -> Result<f64, DltError> {
    non_negative("ratio", 0, ratio)?;
    Ok(if front_end { 0.5 + (0.25 + 1.0 / ratio).sqrt() } else { (1.0 / ratio.sqrt()).max(1.0) })
}

fn chain_interior(chain: &InteriorChain, opts: Options) -> Result<Allocation, DltError> {
    let tree = interior_tree(chain)?;
    let sol = tree.allocate(opts.with_order(OrderPolicy::Optimal))?;
    Ok(sol.allocation)
}

fn interior_tree(chain: &InteriorChain) -> Result<Tree, DltError> {
    let InteriorChain { w0, ref left, ref right, ports, root_front_end, front_end } = *chain;
    if ports == Ports::All && !root_front_end {
        return Err(DltError::InvalidArgument {
            what: "a two-port originator without a front-end is not modelled".into(),
        });
    }
    let mut tree =
        Tree::from_nodes(vec![TreeNode { parent: None, z: 0.0, w: Some(w0), front_end: root_front_end, ports }])?;
    for side in [left, right] {
        let mut parent = 0;
        for &Worker { w, z } in side {
            parent = tree.add(parent, z, Some(w), front_end)?;
        }
    }
    Ok(tree)
}

/// The limit of [`UniformChain::interior_speedup_limit`] at `σ = ratio`.
fn chain_interior_speedup_limit(ratio: f64, ports: Ports) -> Result<f64, DltError> {
    positive("ratio", 0, ratio)?;
    let rho = 1.0 / (0.5 + (0.25 + 1.0 / ratio).sqrt());
    Ok(match ports {
        Ports::Single => 2.0 / rho - 2.0 + rho,
        Ports::All => (1.0 + 4.0 / ratio).sqrt(),
    })
}

impl Chain {
    /// Executes a boundary-chain allocation on the event engine: `P_i` receives its block
    /// `B_i = Σ_{k≥i} α_k`, forwards `B_{i+1}` and computes `α_i` (meanwhile with a front-end,
    /// afterwards without).
    ///
    /// # Errors
    /// As [`Chain::allocate`], plus [`DltError::LengthMismatch`] if `alloc` does not fit the chain.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, Chain, Options};
    /// let chain = Chain { w: vec![1.0, 2.0, 1.5], z: vec![0.5, 0.3], front_end: true };
    /// let a = chain.allocate(Options::default()).unwrap();
    /// let t = chain.simulate(&a, CostScale::unit()).unwrap();
    /// assert!(t.finish_spread(a.makespan) < 1e-12);
    /// ```
    pub fn simulate(&self, alloc: &Allocation, scale: CostScale) -> Result<Trace, DltError> {
        let chain = self;
        let (w, z, front_end) = (&chain.w[..], &chain.z[..], chain.front_end);
        let tree = Tree::chain(w, z, front_end)?;
        if alloc.alpha.len() != w.len() {
            return Err(DltError::LengthMismatch {
                what: "chain allocation",
                expected: w.len(),
                got: alloc.alpha.len(),
            });
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
}

impl UniformChain {
    /// Speedup `a/T` of this homogeneous chain (`n` processors, boundary originator,
    /// `σ = z·T_cm/(w·T_cp)`), in O(1)
    /// time for any `n` (the makespan of [`UniformChain::allocate`] without its shares).
    ///
    /// # Formula
    /// ```text
    /// θ = arccosh(1 + σ/2):  front-end: a/T = (1 − e^{−2nθ}) / ((1 − e^{−θ})·(1 + e^{−(2n−1)θ}))
    /// no front-end (σ < 1): a/T = (1 − r^n)/(√σ·(1 + r^n)),  r = (1 − √σ)/(1 + √σ);  σ ≥ 1: 1
    /// σ = 0: n
    /// ```
    ///
    /// # Accuracy
    /// Within 1e-14 relative for σ over 1e-300..1e300 and every `n` up to 2^64 (exp/expm1 forms,
    /// no cancellation); the tests measure at most 5e-15 against 50-digit references, n to 10⁹.
    ///
    /// # Errors
    /// [`DltError::NonPositive`]/[`DltError::Negative`]/[`DltError::NonFinite`] for a bad `w` or `z`; [`DltError::Empty`] for `n = 0`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, UniformChain};
    /// // Two processors, σ = 1, front-ends: T = 2a/3.
    /// let chain = UniformChain { w: 1.0, z: 1.0, n: 2, front_end: true };
    /// assert!((chain.speedup(CostScale::unit()).unwrap() - 1.5).abs() < 1e-15);
    /// // A billion processors reach the limit 1/2 + √(1/4 + 1/σ).
    /// let lim = 0.5 + (0.25f64 + 1.0 / 0.01).sqrt();
    /// let chain = UniformChain { w: 1.0, z: 0.01, n: 1_000_000_000, front_end: true };
    /// assert!((chain.speedup(CostScale::unit()).unwrap() - lim).abs() < 1e-13 * lim);
    /// ```
    pub fn speedup(&self, scale: CostScale) -> Result<f64, DltError> {
        chain_speedup(scale.ratio(self.w, self.z)?, self.front_end, self.n)
    }

    /// Speedup `a/T` of this homogeneous chain made infinite (the `n → ∞` limit of
    /// [`UniformChain::speedup`]; `n` is not consulted).
    ///
    /// # Formula
    /// ```text
    /// front-end: 1/ρ = 1/2 + √(1/4 + 1/σ),  ρ = (√(σ² + 4σ) − σ)/2;   no front-end: 1/√σ (σ < 1, else 1)
    /// ```
    ///
    /// # Accuracy
    /// A few roundings: within 4ε relative.
    ///
    /// # Errors
    /// [`DltError::NonPositive`]/[`DltError::Negative`]/[`DltError::NonFinite`] for a bad `w` or `z`. σ = 0 gives infinity.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, UniformChain};
    /// // σ = 1: the golden ratio.
    /// let chain = UniformChain { w: 1.0, z: 1.0, n: 2, front_end: true };
    /// assert!((chain.speedup_limit(CostScale::unit()).unwrap() - 1.618_033_988_749_895).abs() < 1e-15);
    /// ```
    pub fn speedup_limit(&self, scale: CostScale) -> Result<f64, DltError> {
        chain_speedup_limit(scale.ratio(self.w, self.z)?, self.front_end)
    }

    /// Speedup limit of this homogeneous chain made infinite on both sides of a front-end
    /// originator that serves them through `ports` (`n` and `front_end` are not consulted).
    ///
    /// # Formula
    /// ```text
    /// ρ = (√(σ² + 4σ) − σ)/2;  single port: 2/ρ − 2 + ρ;  two ports: 2/ρ − 1 = √(1 + 4/σ)
    /// ```
    ///
    /// # Accuracy
    /// A few roundings: within 8ε relative for σ in 1e-300..1e300 (`2/ρ − 2 + ρ` cancels for large
    /// σ, where it tends to 1: absolute error 4ε there).
    ///
    /// # Errors
    /// [`DltError::NonPositive`]/[`DltError::NonFinite`] for σ ≤ 0 (a bad `w` or `z`, or `z = 0`).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, Ports, UniformChain};
    /// let chain = UniformChain { w: 1.0, z: 1.0, n: 2, front_end: true };
    /// assert!((chain.interior_speedup_limit(CostScale::unit(), Ports::All).unwrap() - 5f64.sqrt()).abs() < 1e-15);
    /// ```
    pub fn interior_speedup_limit(&self, scale: CostScale, ports: Ports) -> Result<f64, DltError> {
        chain_interior_speedup_limit(scale.ratio(self.w, self.z)?, ports)
    }
}

impl InteriorChain {
    /// Divisible load on this chain whose originator sits inside it: each side is reduced to one
    /// equivalent processor, then the originator serves the two sides as a star (single port:
    /// smaller link first; with a front-end or without) or both at once (two ports, front-end
    /// originator). Returns `alpha` as `[originator, left…, right…]` (Bharadwaj et al. 1996).
    ///
    /// # Formula
    /// ```text
    /// side X: a_eq(X) from the boundary-chain recursion, c_X its first link
    /// single port: star with children (c_L, a_eq(L)), (c_R, a_eq(R))
    /// two ports:   1/T = 1/a_0 + 1/(c_L + a_eq(L)) + 1/(c_R + a_eq(R)),  B_X = T/(c_X + a_eq(X))
    /// ```
    ///
    /// # Accuracy
    /// As [`Tree::allocate`](crate::dlt::Tree::allocate): within `4·n·ε` relative.
    ///
    /// # Errors
    /// As [`Chain::allocate`]; [`DltError::InvalidArgument`] for two ports with a non-front-end
    /// originator (not modelled).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{InteriorChain, Options, Ports, Worker};
    /// // One neighbour on each side, all c = a = 1, two ports: 1/T = 1 + 1/2 + 1/2, T = 1/2.
    /// let side = vec![Worker { w: 1.0, z: 1.0 }];
    /// let chain = InteriorChain { w0: 1.0, left: side.clone(), right: side, ports: Ports::All, root_front_end: true, front_end: true };
    /// let s = chain.allocate(Options::default()).unwrap();
    /// assert!((s.makespan - 0.5).abs() < 1e-15);
    /// ```
    pub fn allocate(&self, opts: Options) -> Result<Allocation, DltError> {
        chain_interior(self, opts)
    }

    /// The tree of this interior-originator chain: node 0 the originator, then the left side, then
    /// the right side (the order of [`InteriorChain::allocate`]'s `alpha`).
    ///
    /// # Errors
    /// As [`InteriorChain::allocate`].
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{InteriorChain, Ports, Worker};
    /// let side = vec![Worker { w: 1.0, z: 1.0 }; 2];
    /// let chain = InteriorChain { w0: 1.0, left: side.clone(), right: side, ports: Ports::Single, root_front_end: true, front_end: true };
    /// assert_eq!(chain.tree().unwrap().len(), 5);
    /// ```
    pub fn tree(&self) -> Result<Tree, DltError> {
        interior_tree(self)
    }
}
