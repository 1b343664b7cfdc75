//! Probing: the forward model of a probe load (PL) percolating through a chain or a tree, the
//! estimators that invert it (Jia, eqs. (2.1)–(2.4) and (3.1)–(3.3)), and the phase-size rules
//! (partition Π of Jia, §2.3, and Jia, eq. (3.8)).

use std::fmt;

use super::display::list;
use super::error::{UnawareError, finite_out, non_negative, positive, unit_open};
use crate::dlt::CostScale;
use crate::dlt::{Chain, Tree, Worker};

/// Completion times of the probe on a linear chain P_1 – P_2 – … – P_n (index 0 is the root P_1).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LinearProbe {
    /// T_i^c: time P_i has received the whole PL (T_1^c = 0).
    pub tc: Vec<f64>,
    /// T_i^p: time P_i has computed the PL (its PTC); entry 0 (the root, which computes real
    /// load from t = 0) is 0.
    pub tp: Vec<f64>,
}

impl fmt::Display for LinearProbe {
    /// `chain probe of n processors: T^c = [..], T^p = [..]` (first 8 of each).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "chain probe of {} processors: T^c = {}, T^p = {}", self.tc.len(), list(&self.tc), list(&self.tp))
    }
}

impl Chain {
    /// Forward model of the chain probe (Jia, §2.2): P_1 sends one PL of η·L units, each P_i
    /// computes it on arrival and forwards a copy store-and-forward.
    ///
    /// # Formula
    /// ```text
    /// T_1^c = 0,  T_{i+1}^c = T_i^c + η·L·z_i·T_cm,  T_i^p = T_i^c + η·L·w_i·T_cp = η·L·β_i   (2.8)
    /// ```
    /// `chain.z[i]` is the link between P_{i+1} and P_{i+2} (0-based), `chain.w[0]` the root's.
    ///
    /// # Accuracy
    /// Sums of positive products: T_i^c and T_i^p within (2i + 3)·ε relative for P_{i+1} (η·L
    /// included).
    ///
    /// # Errors
    /// [`UnawareError::LengthMismatch`] unless `z.len() + 1 == w.len()`;
    /// [`UnawareError::InvalidParameter`] for a bad probe, T_cm, T_cp or w not > 0, or z < 0.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Probe};
    ///
    /// use loadbal::dlt::Chain;
    /// let c = Chain::new(vec![4.5, 2.5, 3.0], vec![0.5, 0.2]);
    /// let p = c.probe_times(Probe { load: 100.0, eta: 0.03 }, CostScale::new(2.0, 1.0).unwrap()).unwrap();
    /// assert_eq!(p.tc, vec![0.0, 1.5, 2.1]);
    /// assert!((p.tp[2] - (2.1 + 3.0 * 3.0 * 2.0)).abs() < 1e-12);
    /// ```
    pub fn probe_times(&self, probe: Probe, scale: CostScale) -> Result<LinearProbe, UnawareError> {
        let chain = self;
        let eta_l = probe.size()?;
        let (t_cm, t_cp) = checked_scale(scale)?;
        let (z, w) = (&chain.z, &chain.w);
        if w.is_empty() {
            return Err(UnawareError::EmptyNetwork);
        }
        if z.len() + 1 != w.len() {
            return Err(UnawareError::LengthMismatch { name: "z", got: z.len(), expected: w.len() - 1 });
        }
        for &x in w {
            positive("w", x)?;
        }
        let mut tc = vec![0.0; w.len()];
        let mut tp = vec![0.0; w.len()];
        for i in 1..w.len() {
            tc[i] = finite_out("a probe reception time T^c", tc[i - 1] + eta_l * non_negative("z", z[i - 1])? * t_cm)?;
            tp[i] = finite_out("a probe report time T^p", tc[i] + eta_l * w[i] * t_cp)?;
        }
        Ok(LinearProbe { tc, tp })
    }
}

impl LinearProbe {
    /// Estimates of a chain's parameters from the probe's reports (Jia, eqs. (2.1)–(2.2));
    /// `k_root` is the root's known w_1 = K.
    ///
    /// # Formula
    /// ```text
    /// z_i = (T_{i+1}^c − T_i^c)/(η·L·T_cm)   (2.1)
    /// w_i = (T_i^p − T_i^c)/(η·L·T_cp), w_1 = K   (2.2)
    /// ```
    ///
    /// # Accuracy
    /// A difference of two reports and one quotient: z_i within
    /// ε·(T_{i+1}^c + T_i^c)/(T_{i+1}^c − T_i^c) + 3ε relative of the reports given (likewise w_i
    /// with T_i^p, T_i^c); fed with [`Chain::probe_times`](crate::dlt::Chain::probe_times)'s output, the round trip returns z and w
    /// to within the cancellation of those differences (tested to 1e-9 relative).
    ///
    /// # Errors
    /// [`UnawareError::InconsistentProbe`] when T^c decreases or T^p ≤ T^c;
    /// [`UnawareError::LengthMismatch`]; invalid scalars.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{LinearProbe, Probe};
    /// let reports = LinearProbe { tc: vec![0.0, 1.5, 2.1], tp: vec![0.0, 16.5, 20.1] };
    /// let scale = CostScale::new(2.0, 1.0).unwrap();
    /// let c = reports.estimate(Probe { load: 100.0, eta: 0.03 }, 4.5, scale).unwrap();
    /// assert!((c.z[0] - 0.5).abs() < 1e-12 && (c.z[1] - 0.2).abs() < 1e-12);
    /// assert!((c.w[1] - 2.5).abs() < 1e-12 && (c.w[2] - 3.0).abs() < 1e-12 && c.w[0] == 4.5);
    /// ```
    pub fn estimate(&self, probe: Probe, k_root: f64, scale: CostScale) -> Result<Chain, UnawareError> {
        let reports = self;
        let eta_l = probe.size()?;
        let (t_cm, t_cp) = checked_scale(scale)?;
        positive("k_root", k_root)?;
        let (tc, tp) = (&reports.tc, &reports.tp);
        if tc.is_empty() {
            return Err(UnawareError::EmptyNetwork);
        }
        if tp.len() != tc.len() {
            return Err(UnawareError::LengthMismatch { name: "tp", got: tp.len(), expected: tc.len() });
        }
        let mut z = Vec::with_capacity(tc.len() - 1);
        let mut w = vec![k_root];
        for i in 1..tc.len() {
            if tc[i].is_nan() || tc[i] < tc[i - 1] {
                return Err(UnawareError::InconsistentProbe { node: i, reason: "T^c decreases along the chain" });
            }
            if !tp[i].is_finite() || tp[i] <= tc[i] {
                return Err(UnawareError::InconsistentProbe { node: i, reason: "T^p is not after T^c" });
            }
            z.push(finite_out("an estimated z", (tc[i] - tc[i - 1]) / (eta_l * t_cm))?);
            w.push(finite_out("an estimated w", (tp[i] - tc[i]) / (eta_l * t_cp))?);
        }
        Ok(Chain::new(w, z))
    }
}

impl Probe {
    /// Cumulative link parameter from the root to P_j from its reception time alone (Jia,
    /// eq. (2.4)).
    ///
    /// # Formula
    /// ```text
    /// Σ_{i=1}^{j−1} z_i = T_j^c/(η·L·T_cm)                                        (2.4)
    /// ```
    ///
    /// # Accuracy
    /// Two roundings and η·L's: within 3ε relative (closed form; tested against 50-digit
    /// references).
    ///
    /// # Errors
    /// [`UnawareError::InvalidParameter`] for a bad probe or scale or T_j^c < 0.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{Probe};
    /// let z = Probe { load: 100.0, eta: 0.03 }.cumulative_z(2.1, CostScale::new(2.0, 1.0).unwrap()).unwrap();
    /// assert!((z - 0.7).abs() < 1e-12);
    /// ```
    pub fn cumulative_z(self, tc_j: f64, scale: CostScale) -> Result<f64, UnawareError> {
        let probe = self;
        let d = probe.size()? * checked_scale(scale)?.0;
        finite_out("the cumulative z", non_negative("tc_j", tc_j)? / d)
    }
}

impl CostScale {
    /// Effective computation parameter of a processor reached through links of total inverse speed
    /// `path_z` (Jia, eq. (2.3) on a chain; eq. (3.3), reconstructed, on a tree). Smaller is
    /// effectively faster.
    ///
    /// # Formula
    /// ```text
    /// β_j = w_j·T_cp + Σ_{k∈π_0j} z_k·T_cm                                        (2.3), (3.3)
    /// ```
    ///
    /// # Accuracy
    /// A sum of two positive products: within 2ε relative (closed form; tested against 50-digit
    /// references).
    ///
    /// # Errors
    /// [`UnawareError::InvalidParameter`] for w, T_cm, T_cp not > 0 or path_z < 0.
    ///
    /// # Examples
    /// P_6 of Jia's Fig. 3.8 tree: w = 1, path z = 0.2 + 0.3, T_cp = 2, T_cm = 1 → β = 2.5.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// let scale = CostScale::new(2.0, 1.0).unwrap();
    /// assert_eq!(scale.effective_speed(1.0, 0.5).unwrap(), 2.5);
    /// ```
    pub fn effective_speed(self, w: f64, path_z: f64) -> Result<f64, UnawareError> {
        let (t_cm, t_cp) = checked_scale(self)?;
        let beta = positive("w", w)? * t_cp + non_negative("path_z", path_z)? * t_cm;
        finite_out("the effective speed beta", beta)
    }
}

/// Probe reports of every processor of a tree (Jia, §3.2): T^cs, T^cf (CTC) and T^p (PTC), indexed
/// by node id; the root's entries are 0.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TreeProbe {
    /// Start of reception of the PL.
    pub tcs: Vec<f64>,
    /// End of reception (CTC).
    pub tcf: Vec<f64>,
    /// End of computation of the PL (PTC).
    pub tp: Vec<f64>,
    /// Size of each PL, η·L / (number of the root's children).
    pub pl: f64,
}

impl fmt::Display for TreeProbe {
    /// `tree probe: PL = …, last CTC …, last PTC … (node v)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ctc = self.tcf.iter().copied().fold(0.0, f64::max);
        let (v, ptc) = self.tp.iter().enumerate().fold((0, 0.0), |b, (i, &x)| if x > b.1 { (i, x) } else { b });
        write!(
            f,
            "tree probe of {} nodes: PL = {}, last CTC {ctc:.6}, last PTC {ptc:.6} (node {v})",
            self.tp.len(),
            self.pl
        )
    }
}

impl TreeProbe {
    /// The reports of node `v`, or `None` if there is no such node.
    ///
    /// # Examples
    /// P_1 and P_2 of Jia, Table 3.1 (PL = 1, T_cp = 2, T_cm = 1): P_2 waits for P_1's copy
    /// (0.5·1), receives its own (0.2·1) and computes it (2·2).
    /// ```
    /// use loadbal::dlt::{CostScale, Tree};
    /// use loadbal::dlt::unaware::Probe;
    /// let t = Tree::from_parents(0, vec![None, Some(0), Some(0)], vec![0.0, 0.5, 0.2], vec![1.0, 7.0, 2.0]).unwrap();
    /// let p = t.probe(Probe { load: 40.0, eta: 0.05 }, CostScale::new(2.0, 1.0).unwrap()).unwrap();
    /// let r = p.report(2).unwrap();
    /// assert_eq!((r.tcs, r.tcf, r.tp), (0.5, 0.7, 4.7));
    /// assert_eq!(p.report(3), None);
    /// ```
    pub fn report(&self, v: usize) -> Option<ProbeReport> {
        Some(ProbeReport { tcs: *self.tcs.get(v)?, tcf: *self.tcf.get(v)?, tp: *self.tp.get(v)? })
    }
}

/// The probe of a strategy: the total load `L` and the fraction `η` of it sent as probe loads
/// (Jia, §2.2 and §3.2). A chain sends one PL of η·L units; a tree root splits η·L into one PL
/// per child.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Probe {
    /// Total load L.
    pub load: f64,
    /// Probe fraction η ∈ (0, 1).
    pub eta: f64,
}

impl Probe {
    /// A validated probe.
    ///
    /// # Errors
    /// [`UnawareError::InvalidParameter`] unless L is finite and > 0 and η ∈ (0, 1).
    ///
    /// # Examples
    /// ```
    /// let p = loadbal::dlt::unaware::Probe::new(80.0, 0.05).unwrap();
    /// assert_eq!(p.size().unwrap(), 4.0);
    /// ```
    pub fn new(load: f64, eta: f64) -> Result<Self, UnawareError> {
        positive("load", load)?;
        unit_open("eta", eta)?;
        Ok(Probe { load, eta })
    }

    /// η·L, the probe's size, after validating both.
    ///
    /// # Accuracy
    /// One rounding: within ε/2 relative.
    ///
    /// # Errors
    /// As [`Probe::new`]; [`UnawareError::Overflow`] if η·L underflows to 0.
    ///
    /// # Examples
    /// The setting of Jia, §3.4: L = 80, η = 0.05, so η·L = 4.
    /// ```
    /// use loadbal::dlt::unaware::{Probe, UnawareError};
    /// assert_eq!(Probe { load: 80.0, eta: 0.05 }.size().unwrap(), 4.0);
    /// let whole = Probe { load: 80.0, eta: 1.0 }.size();
    /// assert!(matches!(whole, Err(UnawareError::InvalidParameter { name: "eta", .. })));
    /// ```
    pub fn size(&self) -> Result<f64, UnawareError> {
        Probe::new(self.load, self.eta)?;
        let s = self.eta * self.load;
        if s > 0.0 { Ok(s) } else { Err(UnawareError::Overflow { what: "the probe size eta·L", value: s }) }
    }
}

impl Tree {
    /// Forward model of the tree probe (Jia, §3.2): P_0 splits η·L into one PL per child
    /// and sends them in child order; every node computes its copy on arrival and forwards it to its
    /// own children in order, one at a time (single port), store-and-forward.
    ///
    /// # Formula
    /// ```text
    /// PL = η·L/n;  for the children c of v in order, starting at t = T^cf_v:
    ///   T^cs_c = t,  T^cf_c = t + PL·z_c·T_cm,  T^p_c = T^cf_c + PL·w_c·T_cp,  t = T^cf_c
    /// ```
    ///
    /// # Accuracy
    /// No cancellation: T^cf of node c is a sum of k_c positive products (one transfer per edge of
    /// its path plus one per earlier sibling at each level), T^cs drops c's own transfer and T^p adds
    /// its computation, so T^cs, T^cf and T^p are within (k_c + 1)·ε, (k_c + 2)·ε and (k_c + 3)·ε
    /// relative to the exact times for the rounded PL ([`TreeProbe::pl`]). Measured at most 3.1e-16
    /// against exact rationals on 60 trees of up to 40 nodes over 12 decades
    /// (`tests/unaware/unaware_probe_estimates.rs`).
    ///
    /// # Errors
    /// [`UnawareError::NoReachableProcessor`] when the root has no child; invalid η (outside
    /// (0, 1)), L, T_cm or T_cp; [`UnawareError::InvalidParameter`] naming `w` for a relay below
    /// the root.
    ///
    /// # Examples
    /// A root with two children over links 0.5 and 0.2, w = 7 and 2, PL = 1 (P_1, P_2 of Jia,
    /// Table 3.1):
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::Tree;
    /// use loadbal::dlt::unaware::Probe;
    /// let t = Tree::from_parents(0, vec![None, Some(0), Some(0)], vec![0.0, 0.5, 0.2], vec![1.0, 7.0, 2.0]).unwrap();
    /// let scale = CostScale::new(2.0, 1.0).unwrap();
    /// let p = t.probe(Probe { load: 40.0, eta: 0.05 }, scale).unwrap();
    /// assert_eq!((p.tcs[2], p.tcf[2], p.tp[2]), (0.5, 0.7, 4.7));
    /// assert_eq!(p.tp[1], 14.5);
    /// assert_eq!(p.to_string(), "tree probe of 3 nodes: PL = 1, last CTC 0.700000, last PTC 14.500000 (node 1)");
    /// assert_eq!(p.report(2).unwrap().to_string(), "probe reports: T^cs = 0.5, T^cf = 0.7, T^p = 4.7");
    /// ```
    pub fn probe(&self, probe: Probe, scale: CostScale) -> Result<TreeProbe, UnawareError> {
        let tree = self;
        let size = probe.size()?;
        let (t_cm, t_cp) = checked_scale(scale)?;
        let root = tree.root();
        let n_children = tree.children(root).len();
        if n_children == 0 {
            return Err(UnawareError::NoReachableProcessor { source_node: root });
        }
        let pl = size / n_children as f64;
        let n = tree.id_len();
        let (mut tcs, mut tcf, mut tp) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        for v in tree.pre_order() {
            let mut t = tcf[v];
            for &c in tree.children(v) {
                let wc = processor_w(tree, c)?;
                tcs[c] = t;
                tcf[c] = finite_out("a probe reception time T^cf", t + pl * tree.z_up(c) * t_cm)?;
                tp[c] = finite_out("a probe report time T^p", tcf[c] + pl * wc * t_cp)?;
                t = tcf[c];
            }
        }
        Ok(TreeProbe { tcs, tcf, tp, pl })
    }
}

/// The inverse speed of processor `v` of `tree`: finite and `> 0`, an
/// [`UnawareError::InvalidParameter`] naming `w` for a relay.
pub(crate) fn processor_w(tree: &Tree, v: usize) -> Result<f64, UnawareError> {
    match tree.w(v) {
        Some(w) => positive("w", w),
        None => Err(UnawareError::InvalidParameter {
            name: "w",
            value: f64::INFINITY,
            expected: "a processor that computes, not a relay",
        }),
    }
}

/// The three probe reports of one tree processor (Jia, §3.2): start and end of the PL's
/// reception (the CTC) and end of its computation (the PTC).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ProbeReport {
    /// T^cs, start of reception.
    pub tcs: f64,
    /// T^cf, end of reception (CTC).
    pub tcf: f64,
    /// T^p, end of computation (PTC).
    pub tp: f64,
}

impl fmt::Display for ProbeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "probe reports: T^cs = {}, T^cf = {}, T^p = {}", self.tcs, self.tcf, self.tp)
    }
}

impl ProbeReport {
    /// Estimates of z and w of one tree processor from its probe reports (Jia, eqs. (3.1)–(3.2)),
    /// as the [`Worker`] (link and processor) P_0 believes it has.
    /// `pl` is the size of the PL it received, η·L/n with n the number of the root's children
    /// ([`TreeProbe::pl`]).
    ///
    /// # Formula
    /// ```text
    /// z_i = n·(T_i^cf − T_i^cs)/(η·L·T_cm),   w_i = n·(T_i^p − T_i^cf)/(η·L·T_cp)     (3.1)–(3.2)
    /// ```
    ///
    /// # Accuracy
    /// A difference of two reports, then one quotient: within
    /// `ε·(|T^cf| + |T^cs|)/(T^cf − T^cs) + 2ε` relative for z (likewise for w with T^p, T^cf), so
    /// exact-looking reports far from t = 0 lose digits to cancellation; the reports themselves
    /// carry the probe's own rounding ([`Tree::probe`]).
    ///
    /// # Errors
    /// [`UnawareError::InconsistentProbe`] (node id 0) when T^cf < T^cs or T^p ≤ T^cf;
    /// invalid PL or scale.
    ///
    /// # Examples
    /// P_15 of Jia, Table 3.1: T^cs = 2.8, T^cf = 12.8, T^p = 16.8, PL = η·L/n = 4/4 → z = 10, w = 2.
    /// ```
    /// use loadbal::dlt::CostScale;
    /// use loadbal::dlt::unaware::{ProbeReport};
    /// let r = ProbeReport { tcs: 2.8, tcf: 12.8, tp: 16.8 };
    /// let e = r.estimate(1.0, CostScale::new(2.0, 1.0).unwrap()).unwrap();
    /// assert!((e.z - 10.0).abs() < 1e-12 && (e.w - 2.0).abs() < 1e-12);
    /// ```
    pub fn estimate(self, pl: f64, scale: CostScale) -> Result<Worker, UnawareError> {
        let report = self;
        positive("pl", pl)?;
        let (t_cm, t_cp) = checked_scale(scale)?;
        let ProbeReport { tcs, tcf, tp } = report;
        if !tcs.is_finite() || !tcf.is_finite() || tcf < tcs {
            return Err(UnawareError::InconsistentProbe { node: 0, reason: "reception ends before it starts" });
        }
        if !tp.is_finite() || tp <= tcf {
            return Err(UnawareError::InconsistentProbe { node: 0, reason: "computation ends before reception" });
        }
        Ok(Worker {
            z: finite_out("the estimated z", (tcf - tcs) / (pl * t_cm))?,
            w: finite_out("the estimated w", (tp - tcf) / (pl * t_cp))?,
        })
    }
}

/// `(t_cm, t_cp)` of a scale after checking both are finite and > 0.
pub(super) fn checked_scale(scale: CostScale) -> Result<(f64, f64), UnawareError> {
    Ok((positive("t_cm", scale.t_cm())?, positive("t_cp", scale.t_cp())?))
}

impl Probe {
    /// The load partition Π of Jia, §2.3 for a chain of `n` processors: the probe η·L (this probe), then L_1 = ε·L, then L_2..L_m growing as
    /// 2^i + 1, with m = ⌈log₂ n⌉ + 1 phases. Returns \[L_1, …, L_m\].
    ///
    /// # Formula
    /// ```text
    /// L_1 = ε·L;  L_i = (2^i + 1)·(L − η·L − L_1)/Σ_{k=2}^{m}(2^k + 1),  i = 2..m
    /// ```
    ///
    /// # Accuracy
    /// Each L_i within 4ε relative (a geometric weight over an exact sum of powers of two, then one
    /// product); the L_i sum to (1 − η)·L within (m + 4)·ε relative (tested for n up to u64::MAX).
    ///
    /// # Errors
    /// [`UnawareError::InvalidParameter`] for η or ε outside (0, 1), ε < η, η + ε ≥ 1, L ≤ 0 or n < 2.
    ///
    /// # Examples
    /// Worked example: L = 100, η = 0.03, ε = 0.07, n = 5.
    /// ```
    /// use loadbal::dlt::unaware::Probe;
    /// let p = Probe { load: 100.0, eta: 0.03 }.partition(0.07, 5).unwrap();
    /// assert_eq!(p.len(), 4);
    /// assert!((p[1] - 14.516129).abs() < 1e-6 && (p[3] - 49.354839).abs() < 1e-6);
    /// ```
    pub fn partition(self, eps: f64, n: u64) -> Result<Vec<f64>, UnawareError> {
        partition_pi(self.load, self.eta, eps, n)
    }
}

/// The load partition Π of Jia, §2.3 ([`Probe::partition`]) from the probe's load and η.
pub(crate) fn partition_pi(load: f64, eta: f64, eps: f64, n: u64) -> Result<Vec<f64>, UnawareError> {
    positive("load", load)?;
    unit_open("eta", eta)?;
    unit_open("eps", eps)?;
    if eps < eta {
        return Err(UnawareError::InvalidParameter { name: "eps", value: eps, expected: ">= eta" });
    }
    if eta + eps >= 1.0 {
        return Err(UnawareError::InvalidParameter { name: "eps", value: eps, expected: "eta + eps < 1" });
    }
    if n < 2 {
        return Err(UnawareError::InvalidParameter { name: "n", value: n as f64, expected: ">= 2" });
    }
    // ⌈log₂ n⌉ in integers: `(n as f64).log2()` rounds n = 2⁶² + 1 down to 2⁶² and loses a phase.
    let m = (u64::BITS - (n - 1).leading_zeros()) + 1;
    let l1 = eps * load;
    // (1 − η − ε)·L without overflow for L near f64::MAX.
    let rest = (1.0 - eta - eps) * load;
    let denom: f64 = (2..=m).map(|k| 2f64.powi(k as i32) + 1.0).sum();
    let mut out = vec![l1];
    // The weight first, so that a load near f64::MAX does not overflow.
    out.extend((2..=m).map(|i| (2f64.powi(i as i32) + 1.0) / denom * rest));
    Ok(out)
}
