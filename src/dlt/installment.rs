//! Multi-installment distribution on a homogeneous star/bus (Bharadwaj, Ghose & Mani 1995; Yang,
//! van der Raadt & Casanova 2005, see [`crate::references`]; the structure used here: no idle
//! time after a worker's first chunk, and equal finish).

use super::cost_scale::CostScale;
use super::engine::{Action, Network, Node, Trace, simulate};
use super::error::{DltError, MAX_PROCESSORS, size_at_most};
use super::options::{Options, uniform};
use super::root::Root;
use super::star_network::UniformStar;

/// A multi-installment schedule.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MiSolution {
    /// `chunks[j][i]`: load of worker `i` in installment `j` (sent round-robin, installment by
    /// installment).
    pub chunks: Vec<Vec<f64>>,
    /// Load the root computes (front-end root), 0 for a non-computing root.
    pub root_alpha: f64,
    /// Finish time.
    pub makespan: f64,
    /// Inverse speed of the equivalent processor: `makespan/(load·T_cp)`.
    pub w_equivalent: f64,
}

impl std::fmt::Display for MiSolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rounds = self.chunks.len();
        let workers = self.chunks.first().map_or(0, Vec::len);
        write!(
            f,
            "makespan {:.6e}, w_eq {:.6e}, {rounds} installments to {workers} workers, root computes {:.6e}",
            self.makespan, self.w_equivalent, self.root_alpha
        )
    }
}

/// Validates a uniform star for the installment models; returns the worker count.
fn check(star: &UniformStar, opts: &Options) -> Result<usize, DltError> {
    uniform(star.w, star.z, opts)?;
    star.root.check()?;
    if let Root::NoFrontEnd { .. } = star.root {
        return Err(DltError::InvalidArgument {
            what: "multi-installment schedules are modelled for a front-end or non-computing root".into(),
        });
    }
    if star.n == 0 {
        return Err(DltError::Empty { what: "no workers" });
    }
    size_at_most("workers n", star.n, MAX_PROCESSORS)
}

fn root_rate(root: Root, scale: CostScale) -> f64 {
    root.w().map_or(0.0, |w0| 1.0 / (w0 * scale.t_cp()))
}

impl UniformStar {
    /// Multi-installment distribution of `opts.load` to `star.n` identical workers in
    /// `installments` rounds, the root not computing or computing with a front-end (Bharadwaj,
    /// Ghose & Mani 1995). `opts.order` is not consulted.
    ///
    /// # Formula
    /// ```text
    /// chunks s_1..s_N (N = n·m) sent round-robin; backward from s_N = 1:
    /// (MI-2) a·s_p = (a + c)·s_{p+1}            last installment
    /// (MI-1) a·s_p = c·(s_{p+1} + … + s_{p+m})  earlier chunks (next chunk of the worker arrives as it ends)
    /// (MI-3) T = c·Σ s_p + a·s_N;  (MI-4) Σ s_p + α_0 = L with α_0 = T/a_0; rescale to the load
    /// ```
    /// (MI-1)–(MI-4) label the conditions of this schedule: a worker's next chunk arrives as its
    /// current one ends, and all finish together.
    ///
    /// # Accuracy
    /// The backward recursion sums positive terms (rescaled by 1e-150 when they grow): within
    /// `4·N·ε` relative for `N = n·installments` chunks; the tests agree with the event engine to
    /// 1e-12 and with the single-round bus to 1e-15.
    ///
    /// # Errors
    /// Bad values; [`DltError::Empty`] for no workers; [`DltError::InvalidArgument`] for no
    /// installments or a root without front-end; [`DltError::TooLarge`] for more than
    /// [`MAX_PROCESSORS`] chunks.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Options, Root, RootMode, UniformBus, UniformStar};
    /// // One installment is the single-round bus.
    /// let star = UniformStar { root: Root::NonComputing, w: 1.0, z: 0.2, n: 4 };
    /// let mi = star.multi_installment(1, Options::default()).unwrap();
    /// let bus = UniformBus { root: RootMode::NonComputing, w: 1.0, z: 0.2, n: 4 };
    /// assert!((mi.makespan - bus.allocate(Options::default()).unwrap().makespan).abs() < 1e-15);
    /// ```
    pub fn multi_installment(&self, installments: u64, opts: Options) -> Result<MiSolution, DltError> {
        let star = *self;
        let m = check(&star, &opts)?;
        if installments == 0 {
            return Err(DltError::InvalidArgument { what: "the number of installments must be >= 1, got 0".into() });
        }
        let chunks = installments.saturating_mul(star.n);
        let big_n = size_at_most("installments × workers", chunks, MAX_PROCESSORS)?;
        let Options { load, scale, .. } = opts;
        let (a, c) = (star.w * scale.t_cp(), star.z * scale.t_cm());
        let mut s = vec![0.0; big_n];
        s[big_n - 1] = 1.0;
        let mut window = 1.0; // Σ s[p+1..=p+m] (0-based, clipped at N), maintained as p decreases
        for p in (0..big_n - 1).rev() {
            s[p] = if p + m >= big_n { (a + c) / a * s[p + 1] } else { c / a * window };
            window += s[p];
            if p + m < big_n {
                window -= s[p + m];
            }
            if s[p] > 1e150 {
                // Rescale everything computed so far (the recursion is linear).
                for x in &mut s[p..] {
                    *x *= 1e-150;
                }
                window *= 1e-150;
            }
        }
        let total: f64 = s.iter().sum();
        let t = c * total + a * s[big_n - 1];
        let root = t * root_rate(star.root, scale);
        let f = load / (total + root);
        let chunks = s.chunks(m).map(|row| row.iter().map(|x| x * f).collect()).collect();
        let sol =
            MiSolution { chunks, root_alpha: root * f, makespan: t * f, w_equivalent: t * f / (load * scale.t_cp()) };
        super::error::finite_result(sol.makespan, sol.chunks.iter().flatten().chain([&sol.root_alpha]))?;
        Ok(sol)
    }
}

impl UniformStar {
    /// Limit of the multi-installment makespan as the number of installments grows: the workers
    /// absorb load at most at rate `m/a`, the link at most at `1/c`.
    ///
    /// # Formula
    /// ```text
    /// T_∞ = L / ( [1/a_0] + min(m/a, 1/c) )       (non-computing root: L·max(a/m, c))
    /// ```
    ///
    /// # Accuracy
    /// A few roundings: within 4ε relative, for any `n` up to 2^64.
    ///
    /// # Errors
    /// As [`UniformStar::multi_installment`], without the size limit.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Options, Root, UniformStar};
    /// // m = 4, a = 1, c = 0.2: compute bound, T_∞ = a/m = 0.25.
    /// let star = UniformStar { root: Root::NonComputing, w: 1.0, z: 0.2, n: 4 };
    /// assert_eq!(star.multi_installment_limit(Options::default()).unwrap(), 0.25);
    /// ```
    pub fn multi_installment_limit(&self, opts: Options) -> Result<f64, DltError> {
        let star = *self;
        // The limit needs no per-worker storage: check everything but the size.
        check(&UniformStar { n: star.n.min(1), ..star }, &opts)?;
        let scale = opts.scale;
        let (a, c) = (star.w * scale.t_cp(), star.z * scale.t_cm());
        Ok(opts.load / (root_rate(star.root, scale) + (star.n as f64 / a).min(1.0 / c)))
    }
}

impl UniformStar {
    /// Geometric-round multi-round schedule (UMR-style, zero latencies; Yang, van der Raadt &
    /// Casanova 2005): every
    /// worker gets `γ_j` in round `j = 0..M−1`, with the sends of round `j + 1` lasting one chunk
    /// computation of round `j`. Simpler than [`UniformStar::multi_installment`] but worse for a fixed number
    /// of rounds. Returns the chunks in the same layout (`chunks[j][i] = γ_j`); the root must not
    /// compute.
    ///
    /// # Formula
    /// ```text
    /// θ = a/(m·c);  γ_j = γ_0·θ^j;  γ_0 = (L/m)·(θ − 1)/(θ^M − 1)  (θ ≠ 1),  L/(m·M)  (θ = 1)
    /// T = a·L/m + m·c·γ_0 = a·L/m + c·L·(θ − 1)/(θ^M − 1)
    /// ```
    ///
    /// # Accuracy
    /// The weights are normalised in log space: within `4·M·ε` relative.
    ///
    /// # Errors
    /// As [`UniformStar::multi_installment`]; [`DltError::InvalidArgument`] for a computing root.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{Options, Root, UniformStar};
    /// // m = 4, σ = 0.2, three rounds: T = 0.3025 (multi-installment: 0.2791).
    /// let star = UniformStar { root: Root::NonComputing, w: 1.0, z: 0.2, n: 4 };
    /// let u = star.umr_rounds(3, Options::default()).unwrap();
    /// assert!((u.makespan - 0.3025).abs() < 5e-5);
    /// ```
    pub fn umr_rounds(&self, rounds: u64, opts: Options) -> Result<MiSolution, DltError> {
        let star = *self;
        let m = check(&star, &opts)?;
        if star.root != Root::NonComputing {
            return Err(DltError::InvalidArgument {
                what: "geometric rounds are modelled for a non-computing root".into(),
            });
        }
        if rounds == 0 {
            return Err(DltError::InvalidArgument { what: "the number of rounds must be >= 1, got 0".into() });
        }
        size_at_most("rounds × workers", rounds.saturating_mul(star.n), MAX_PROCESSORS)?;
        let rounds = rounds as usize;
        let Options { load, scale, .. } = opts;
        let (a, c) = (star.w * scale.t_cp(), star.z * scale.t_cm());
        let mf = m as f64;
        // Weights θ^j normalised in log space (θ may be huge or tiny; c = 0 puts everything last).
        let weights: Vec<f64> = if c == 0.0 {
            (0..rounds).map(|j| if j + 1 == rounds { 1.0 } else { 0.0 }).collect()
        } else {
            let lt = (a / (mf * c)).ln();
            let top = if lt > 0.0 { (rounds - 1) as f64 * lt } else { 0.0 };
            let raw: Vec<f64> = (0..rounds).map(|j| (j as f64 * lt - top).exp()).collect();
            let sum: f64 = raw.iter().sum();
            raw.into_iter().map(|x| x / sum).collect()
        };
        let chunks: Vec<Vec<f64>> = weights.iter().map(|&g| vec![g * load / mf; m]).collect();
        let t = a * load / mf + mf * c * chunks[0][0];
        let sol = MiSolution { chunks, root_alpha: 0.0, makespan: t, w_equivalent: t / (load * scale.t_cp()) };
        super::error::finite_result(sol.makespan, sol.chunks.iter().flatten())?;
        Ok(sol)
    }
}

impl UniformStar {
    /// Executes a multi-installment schedule on the event engine (round-robin sends, each worker
    /// computing its chunks in arrival order).
    ///
    /// # Errors
    /// As [`UniformStar::multi_installment`]; engine errors.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::{CostScale, Options, Root, UniformStar};
    /// let star = UniformStar { root: Root::NonComputing, w: 1.0, z: 0.2, n: 4 };
    /// let sol = star.multi_installment(3, Options::default()).unwrap();
    /// let t = star.simulate_installments(&sol, CostScale::unit()).unwrap();
    /// assert!((t.compute_makespan - sol.makespan).abs() < 1e-12 * sol.makespan);
    /// ```
    pub fn simulate_installments(&self, sol: &MiSolution, scale: CostScale) -> Result<Trace, DltError> {
        let star = *self;
        let m = check(&star, &Options::default().with_scale(scale))?;
        if let Some(row) = sol.chunks.iter().find(|row| row.len() != m) {
            return Err(DltError::LengthMismatch {
                what: "installment chunks (one per worker)",
                expected: m,
                got: row.len(),
            });
        }
        let (w, z) = (star.w, star.z);
        let mut nodes = vec![star.root.w().map_or(Node::relay(None, 0.0), |w0| Node::computing(None, 0.0, w0))];
        nodes.extend((0..m).map(|_| Node::computing(Some(0), z, w)));
        let net = Network::new(nodes, scale)?;
        let mut plans = vec![Vec::new(); m + 1];
        for row in &sol.chunks {
            for (i, &x) in row.iter().enumerate() {
                if x > 0.0 {
                    plans[0].push(Action::Send { to: i + 1, amount: x });
                    plans[i + 1].push(Action::Compute { amount: x });
                }
            }
        }
        if sol.root_alpha > 0.0 {
            plans[0].push(Action::Compute { amount: sol.root_alpha });
        }
        simulate(&net, &plans)
    }
}
