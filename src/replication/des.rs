//! Dynamic Exponential Smoothing (Dobber, §7.3, (7.14)–(7.27)): exponential smoothing whose α
//! is the error-weighted optimal α of past points in the same fluctuation class, combined with
//! the running mean and the sliding median by cumulative squared error.

use std::collections::VecDeque;

use super::ReplicationError;
use super::domain::count_to_usize;
use super::predictor::{Predictor, median};

/// Settings of DES: `k = 20` values for σ_s, median window `l = 31`, at most 500 points per
/// class, α = ½ for a class never seen, the printed (literal) class pairing, α* clipped to [0, 1].
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DesConfig {
    /// Values in the moving standard deviation σ_s of Dobber, eq. (7.21).
    pub k: u64,
    /// Window of the sliding median Dobber, eq. (7.17).
    pub l: usize,
    /// Most recent points kept per class in Dobber, eq. (7.19).
    pub max_per_class: usize,
    /// α of a class without data.
    pub default_alpha: f64,
    /// Select among DES, running mean and sliding median by Dobber, eq. (7.14); `false` gives pure DES.
    pub selection: bool,
    /// Which class a pair `(α_{s−1,opt}, w_s)` joins in Dobber, eq. (7.19).
    pub pairing: ClassPairing,
    /// Clip α*_t to [0, 1]. The thesis does not clip, but unclipped α* from the literal pairing
    /// can reach ±100 after a burst and make DES diverge for a step; the default clips.
    pub clip_alpha: bool,
}

/// The class a pair `(α_{s−1,opt}, w_s)` is filed under in Dobber, eq. (7.19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ClassPairing {
    /// As printed: `1{δ_s = δ_t}`, the class of the error `e_s` that `α_{s−1,opt}` explains.
    Literal,
    /// `1{δ_{s−1} = δ_t}`: the class observed when `α_{s−1}` was chosen (the situation in which
    /// α*_t is applied).
    Causal,
}

impl Default for DesConfig {
    fn default() -> Self {
        DesConfig {
            k: 20,
            l: 31,
            max_per_class: 500,
            default_alpha: 0.5,
            selection: true,
            pairing: ClassPairing::Literal,
            clip_alpha: true,
        }
    }
}

/// The fluctuation classes of Dobber, eq. (7.21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DesClass {
    /// `|e_s| > 10σ_s`: a huge jump.
    H1,
    /// `e_s > 2σ_s`: a jump up.
    H2,
    /// `e_s < −2σ_s`: a jump down.
    H3,
    /// Two consecutive errors beyond σ_s with the same sign: a level shift.
    M,
    /// Everything else.
    B,
}

impl std::fmt::Display for DesClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DesClass::H1 => "H1 (huge jump)",
            DesClass::H2 => "H2 (jump up)",
            DesClass::H3 => "H3 (jump down)",
            DesClass::M => "M (level shift)",
            DesClass::B => "B (background)",
        })
    }
}

impl DesClass {
    fn index(self) -> usize {
        self as usize
    }
}

/// The class of Dobber, eq. (7.21) of an error `e_s`, given the previous error and σ_s; the first
/// matching rule wins.
///
/// # Formula
/// ```text
/// H1 if |e_s| > 10σ;  H2 if e_s > 2σ;  H3 if e_s < −2σ;
/// M if |e_s| > σ, |e_{s−1}| > σ and e_s e_{s−1} > 0;  B otherwise
/// ```
pub(crate) fn des_class(e: f64, e_prev: f64, sd: f64) -> DesClass {
    if e.abs() > 10.0 * sd {
        DesClass::H1
    } else if e > 2.0 * sd {
        DesClass::H2
    } else if e < -2.0 * sd {
        DesClass::H3
    } else if e.abs() > sd && e_prev.abs() > sd && e * e_prev > 0.0 {
        DesClass::M
    } else {
        DesClass::B
    }
}

/// The α that would have predicted `y_s` exactly from `(y_{s−1}, ŷ_{s−1})` (Dobber, eq. (7.20)/(7.24)); 0 when
/// `y_{s−1} = ŷ_{s−1}`. Not clipped.
///
/// # Formula
/// ```text
/// α_{s−1,opt} = (y_s − ŷ_{s−1})/(y_{s−1} − ŷ_{s−1})
/// ```
///
/// # Accuracy
/// One subtraction pair and a division: within 3ε relative of the ratio of the given values (the ratio itself
/// is ill-conditioned when `y_{s−1} ≈ ŷ_{s−1}`).
pub(crate) fn alpha_opt(y_prev: f64, forecast_prev: f64, y: f64) -> f64 {
    let den = y_prev - forecast_prev;
    if den == 0.0 { 0.0 } else { (y - forecast_prev) / den }
}

/// The weighted optimal α of Dobber, eq. (7.19)/(7.27) over pairs `(α_opt, w)`; `default` when empty or all
/// weights are 0.
///
/// # Formula
/// ```text
/// α* = Σ α_opt,s w_s / Σ w_s,   w_s = (y_{s−1} − ŷ_{s−1})²
/// ```
///
/// # Accuracy
/// Plain sums of `n` products: relative error at most `(n + 1)ε` for non-negative weights and `α_opt` of one
/// sign; mixed signs add the cancellation `Σ|α w| / |Σ α w|`.
pub(crate) fn weighted_alpha(pairs: impl Iterator<Item = (f64, f64)>, default: f64) -> f64 {
    let (num, den) = pairs.fold((0.0, 0.0), |(n, d), (a, w)| (n + a * w, d + w));
    if den > 0.0 { num / den } else { default }
}

/// The DES state machine (implements [`Predictor`]).
#[derive(Debug, Clone)]
pub struct Des {
    cfg: DesConfig,
    recent: VecDeque<f64>,
    last: Option<(f64, f64)>,
    e_prev: f64,
    class_prev: DesClass,
    forecast: f64,
    sum: f64,
    n: usize,
    kappa: [f64; 3],
    classes: [VecDeque<(f64, f64)>; 5],
    combined: Option<f64>,
}

impl Des {
    /// A DES predictor.
    ///
    /// # Errors
    /// [`ReplicationError::InvalidParameter`] for `k < 2`, `l = 0`, `max_per_class = 0` or a
    /// non-finite default α.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::{Des, DesConfig};
    /// use loadbal::replication::Predictor;
    /// let mut d = Des::new(DesConfig::default()).unwrap();
    /// for y in [10.0, 10.0, 10.0] { d.observe(y); }
    /// assert_eq!(d.predict(), Some(10.0));
    /// ```
    pub fn new(cfg: DesConfig) -> Result<Self, ReplicationError> {
        let checks = [
            ("k", cfg.k as f64, cfg.k >= 2, "an integer ≥ 2"),
            ("l", cfg.l as f64, cfg.l >= 1, "an integer ≥ 1"),
            ("max_per_class", cfg.max_per_class as f64, cfg.max_per_class >= 1, "an integer ≥ 1"),
            ("default_alpha", cfg.default_alpha, cfg.default_alpha.is_finite(), "a finite number"),
        ];
        if let Some(&(name, value, _, expected)) = checks.iter().find(|c| !c.2) {
            return Err(ReplicationError::InvalidParameter { name, value, expected });
        }
        Ok(Des {
            cfg,
            recent: VecDeque::new(),
            last: None,
            e_prev: 0.0,
            class_prev: DesClass::B,
            forecast: 0.0,
            sum: 0.0,
            n: 0,
            kappa: [0.0; 3],
            classes: Default::default(),
            combined: None,
        })
    }

    fn window(&self, len: usize) -> impl Iterator<Item = f64> + '_ {
        self.recent.iter().rev().take(len).copied()
    }
}

impl Predictor for Des {
    fn predict(&self) -> Option<f64> {
        self.combined
    }

    fn observe(&mut self, y: f64) {
        if let Some((y_prev, f_prev)) = self.last {
            let mean_pred = self.sum / self.n as f64;
            let med_pred = median(self.window(self.cfg.l));
            for (k, pred) in self.kappa.iter_mut().zip([self.forecast, mean_pred, med_pred]) {
                *k += (y - pred).powi(2);
            }
            let e = y - self.forecast;
            let sigma_vals: Vec<f64> = self.window(count_to_usize(self.cfg.k)).collect();
            let class = if sigma_vals.len() >= 2 {
                let s = crate::numerics::sums::sd(&sigma_vals);
                des_class(e, self.e_prev, s)
            } else {
                DesClass::B
            };
            let file_under = match self.cfg.pairing {
                ClassPairing::Literal => class,
                ClassPairing::Causal => self.class_prev,
            };
            self.class_prev = class;
            let buf = &mut self.classes[file_under.index()];
            if buf.len() == self.cfg.max_per_class {
                buf.pop_front();
            }
            buf.push_back((alpha_opt(y_prev, f_prev, y), (y_prev - f_prev).powi(2)));
            let mut a = weighted_alpha(self.classes[class.index()].iter().copied(), self.cfg.default_alpha);
            if self.cfg.clip_alpha {
                a = a.clamp(0.0, 1.0);
            }
            self.last = Some((y, self.forecast));
            self.e_prev = e;
            self.forecast = a * y + (1.0 - a) * self.forecast;
        } else {
            self.last = Some((y, y));
            self.forecast = y;
        }
        self.sum += y;
        self.n += 1;
        self.recent.push_back(y);
        if self.recent.len() > count_to_usize(self.cfg.k).max(self.cfg.l) {
            self.recent.pop_front();
        }
        let [kd, km, kmed] = self.kappa;
        self.combined = Some(if !self.cfg.selection || kd <= km.min(kmed) {
            self.forecast
        } else if km <= kmed {
            self.sum / self.n as f64
        } else {
            median(self.window(self.cfg.l))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replication::predictors::PredictorKind;

    #[test]
    fn des_class_example() {
        assert_eq!(des_class(-10.5, 0.0, 1.0), DesClass::H1);
        assert_eq!(des_class(2.5, 0.0, 1.0), DesClass::H2);
        assert_eq!(des_class(1.5, 1.2, 1.0), DesClass::M);
        assert_eq!(des_class(1.5, -1.2, 1.0), DesClass::B);
        assert_eq!(DesClass::M.to_string(), "M (level shift)");
    }

    #[test]
    fn alpha_opt_example() {
        assert_eq!(alpha_opt(10.0, 8.0, 12.0), 2.0);
        assert_eq!(alpha_opt(8.0, 8.0, 12.0), 0.0);
    }

    #[test]
    fn weighted_alpha_example() {
        let a = weighted_alpha([(2.0, 4.0), (0.5, 16.0)].into_iter(), 0.5);
        assert!((a - 0.8).abs() < 1e-15);
    }

    #[test]
    fn classes_g19() {
        assert_eq!(des_class(10.5, 0.0, 1.0), DesClass::H1);
        assert_eq!(des_class(-2.5, 0.0, 1.0), DesClass::H3);
        assert_eq!(des_class(0.5, 3.0, 1.0), DesClass::B);
        assert_eq!(weighted_alpha(std::iter::empty(), 0.5), 0.5);
    }

    #[test]
    fn des_stays_near_its_components_and_clipping_stabilises_it() {
        let t = crate::replication::trace::synthetic_trace(&crate::replication::trace::SyntheticTraceConfig {
            processors: 1,
            len: 2000,
            ..Default::default()
        })
        .unwrap();
        let y = &t.columns()[0];
        let rmse = |k: PredictorKind| k.rmse_one_step(y).unwrap();
        let des = rmse(PredictorKind::Des(DesConfig::default()));
        let best = rmse(PredictorKind::RunningMean)
            .min(rmse(PredictorKind::SlidingMedian(31)))
            .min(rmse(PredictorKind::Es(0.5)));
        assert!(des <= 1.12 * best, "DES {des} vs {best}");
        // Without the selection, the printed (unclipped) α* diverges after bursts; clipping or
        // the causal pairing tame it.
        let raw = |pairing, clip_alpha| {
            rmse(PredictorKind::Des(DesConfig { selection: false, pairing, clip_alpha, ..Default::default() }))
        };
        let unclipped = raw(ClassPairing::Literal, false);
        assert!(raw(ClassPairing::Literal, true) <= 0.7 * unclipped, "{unclipped}");
        assert!(raw(ClassPairing::Causal, false) <= 0.7 * unclipped);
        assert!(Des::new(DesConfig { k: 1, ..Default::default() }).is_err());
    }

    #[test]
    fn step_series_is_followed() {
        let mut y = vec![10.0; 50];
        y.extend(vec![20.0; 50]);
        let p = PredictorKind::Des(DesConfig::default()).predict_series(&y).unwrap();
        assert_eq!(p[10], 10.0);
        assert!((p[98] - 20.0).abs() < 1e-9);
    }
}
