//! One-step-ahead predictors of job runtimes (Dobber, ch. 7) as streaming state machines
//! ([`Predictor`]) and batch functions ([`PredictorKind::predict_series`]), with the error measures Dobber, eq. (7.28) and
//! Dobber, eq. (7.29). DES (§7.3) lives in [`super::des`].

use std::collections::VecDeque;

use super::ReplicationError;
use super::des::{Des, DesConfig};
use super::predictor::Predictor;
use super::predictor::median;
use crate::numerics::linear::solve_dense;
use crate::numerics::sums::pow2_downscale;

/// Largest order of [`PredictorKind::Ar`]: every forecast solves the `p × p` Yule–Walker system
/// densely (`8·p²` bytes, `O(p³)` time), 128 MiB at the limit; a larger order asked for memory
/// quadratic in the order (a 50,000-order fit, 20 GB) and aborted or panicked when it failed.
pub const MAX_AR_ORDER: u64 = 1 << 12;

/// The predictors of chapter 7, as plain data (build one with [`PredictorKind::build`]).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PredictorKind {
    /// `ŷ_t = y_{t−1}`.
    LastValue,
    /// `ŷ_t = μ(y_1, ..., y_{t−1})` Dobber, eq. (7.16).
    RunningMean,
    /// `ŷ_t = median(y_{t−l}, ..., y_{t−1})` Dobber, eq. (7.17), `l` = window.
    SlidingMedian(usize),
    /// ES(α) Dobber, eq. (7.1): `ŷ_t = α y_{t−1} + (1 − α) ŷ_{t−1}`, `ŷ_2 = y_1`.
    Es(f64),
    /// Trigg–Leach adaptive ES Dobber, eq. (7.4) with smoothing φ (0.2 in the thesis).
    TriggLeach(f64),
    /// Whybark adaptive ES Dobber, eq. (7.5), B = 0.2, M = 0.4, H = 0.8.
    Whybark,
    /// Mentzer adaptive ES Dobber, eq. (7.6).
    Mentzer,
    /// Pantazopoulos–Pappis adaptive ES Dobber, eq. (7.8).
    PantazopoulosPappis,
    /// AR(p) fitted by Yule–Walker on the last `window` values Dobber, eq. (7.2).
    Ar {
        /// Order p, at most [`MAX_AR_ORDER`] (each forecast solves a dense `p × p` system).
        order: usize,
        /// Values used for the fit.
        window: usize,
    },
    /// Dynamic Exponential Smoothing (§7.3).
    Des(DesConfig),
}

impl PredictorKind {
    /// Builds the streaming predictor.
    ///
    /// # Errors
    /// [`ReplicationError::InvalidParameter`] for α or φ outside (0, 1], a zero window or order,
    /// an AR window not above the order, or an AR order above [`MAX_AR_ORDER`] (refused here,
    /// before any forecast allocates its `8·p²` bytes).
    ///
    /// # Examples
    /// ES(0.5) on 10, 20, 10, 20 predicts 10, 15, 12.5, 16.25:
    /// ```
    /// use loadbal::replication::{PredictorKind, Predictor};
    /// let mut es = PredictorKind::Es(0.5).build().unwrap();
    /// let mut out = Vec::new();
    /// for y in [10.0, 20.0, 10.0, 20.0] { es.observe(y); out.push(es.predict().unwrap()); }
    /// assert_eq!(out, vec![10.0, 15.0, 12.5, 16.25]);
    /// ```
    pub fn build(&self) -> Result<Box<dyn Predictor + Send>, ReplicationError> {
        let unit = |name: &'static str, v: f64| {
            if v.is_finite() && v > 0.0 && v <= 1.0 {
                Ok(v)
            } else {
                Err(ReplicationError::InvalidParameter { name, value: v, expected: "a number in (0, 1]" })
            }
        };
        Ok(match self {
            PredictorKind::LastValue => Box::new(Smoothing::new(Rule::Fixed(1.0))),
            PredictorKind::RunningMean => Box::new(RunningMean::default()),
            PredictorKind::SlidingMedian(l) => {
                if *l == 0 {
                    return Err(ReplicationError::InvalidParameter { name: "window", value: 0.0, expected: "≥ 1" });
                }
                Box::new(SlidingMedian { window: VecDeque::new(), len: *l })
            }
            PredictorKind::Es(a) => Box::new(Smoothing::new(Rule::Fixed(unit("α", *a)?))),
            PredictorKind::TriggLeach(phi) => {
                Box::new(Smoothing::new(Rule::TriggLeach { phi: unit("φ", *phi)?, a: 0.0, m: 0.0 }))
            }
            PredictorKind::Whybark => {
                Box::new(Smoothing::new(Rule::Whybark { errors: RunningErrors::default(), last_delta: false }))
            }
            PredictorKind::Mentzer => Box::new(Smoothing::new(Rule::Mentzer)),
            PredictorKind::PantazopoulosPappis => Box::new(Smoothing::new(Rule::PantazopoulosPappis { prev: None })),
            PredictorKind::Ar { order, window } => {
                if *order as u64 > MAX_AR_ORDER {
                    return Err(ReplicationError::InvalidParameter {
                        name: "AR order",
                        value: *order as f64,
                        expected: "at most MAX_AR_ORDER = 4096 (a dense order × order system per forecast)",
                    });
                }
                if *order == 0 || window <= order {
                    return Err(ReplicationError::InvalidParameter {
                        name: "AR window",
                        value: *window as f64,
                        expected: "order ≥ 1 and window > order",
                    });
                }
                Box::new(Ar { order: *order, window: *window, history: VecDeque::new() })
            }
            PredictorKind::Des(cfg) => Box::new(Des::new(cfg.clone())?),
        })
    }
}

#[derive(Debug, Clone, Default)]
struct RunningMean {
    sum: f64,
    n: usize,
}

impl Predictor for RunningMean {
    fn predict(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum / self.n as f64)
    }
    fn observe(&mut self, y: f64) {
        self.sum += y;
        self.n += 1;
    }
}

#[derive(Debug, Clone)]
struct SlidingMedian {
    window: VecDeque<f64>,
    len: usize,
}

impl Predictor for SlidingMedian {
    fn predict(&self) -> Option<f64> {
        (!self.window.is_empty()).then(|| median(self.window.iter().copied()))
    }
    fn observe(&mut self, y: f64) {
        if self.window.len() == self.len {
            self.window.pop_front();
        }
        self.window.push_back(y);
    }
}

#[derive(Debug, Clone)]
enum Rule {
    Fixed(f64),
    TriggLeach { phi: f64, a: f64, m: f64 },
    Whybark { errors: RunningErrors, last_delta: bool },
    Mentzer,
    PantazopoulosPappis { prev: Option<(f64, f64)> },
}

/// The past one-step errors as Whybark's rule needs them: the last one and their sample standard
/// deviation, kept by Welford's update so that each step costs O(1) (recomputing the sd over
/// every past error made a trace of n iterations cost O(n²): 200,000 rows took minutes).
#[derive(Debug, Clone, Default)]
struct RunningErrors {
    count: u64,
    mean: f64,
    /// Σ (e − mean)² so far.
    m2: f64,
    /// The last error (0 before the first).
    last: f64,
}

impl RunningErrors {
    fn push(&mut self, e: f64) {
        self.count += 1;
        let d = e - self.mean;
        self.mean += d / self.count as f64;
        self.m2 += d * (e - self.mean);
        self.last = e;
    }

    /// Sample standard deviation with `n − 1` (Dobber, eq. (3.5)); infinite below two errors.
    fn sd(&self) -> f64 {
        if self.count < 2 { f64::INFINITY } else { (self.m2 / (self.count - 1) as f64).sqrt() }
    }
}

/// Exponential smoothing with a fixed or adaptive α Dobber, eq. (7.1), (7.3)–(7.8).
#[derive(Debug, Clone)]
struct Smoothing {
    rule: Rule,
    forecast: Option<f64>,
}

impl Smoothing {
    fn new(rule: Rule) -> Self {
        Smoothing { rule, forecast: None }
    }
}

/// Whybark's α Dobber, eq. (7.5) from the current and previous forecast errors and the error sd.
///
/// # Formula
/// ```text
/// δ_t = 1 if |e_t| > 4σ, or |e_t| > 1.2σ, |e_{t−1}| > 1.2σ and e_t e_{t−1} > 0; else 0
/// α_t = 0.8 if δ_t = 1; 0.4 if δ_t = 0 and δ_{t−1} = 1; 0.2 otherwise
/// ```
pub(crate) fn whybark_delta(e: f64, e_prev: f64, sd: f64) -> bool {
    e.abs() > 4.0 * sd || (e.abs() > 1.2 * sd && e_prev.abs() > 1.2 * sd && e * e_prev > 0.0)
}

/// Mentzer's α Dobber, eq. (7.6): `min(|(y_t − ŷ_t)/y_t|, 1)`.
///
/// # Formula
/// ```text
/// α_t = min(|(y_t − ŷ_t)/y_t|, 1)
/// ```
///
/// # Accuracy
/// Within 2ε relative (one subtraction, one division).
pub(crate) fn mentzer_alpha(y: f64, forecast: f64) -> f64 {
    if y == 0.0 { 1.0 } else { ((y - forecast) / y).abs().min(1.0) }
}

/// Pantazopoulos–Pappis α Dobber, eq. (7.8), clipped to [0, 1]; `0/0` gives ½.
///
/// # Formula
/// ```text
/// α_t = (y_t − ŷ_{t−1})/(y_{t−1} − ŷ_{t−1}), set to the nearer of 0 and 1 outside (0, 1)
/// ```
///
/// # Accuracy
/// Within 3ε relative of the ratio of the given values before the clipping (ill-conditioned when `y_{t−1} ≈
/// ŷ_{t−1}`).
pub(crate) fn pantazopoulos_pappis_alpha(y: f64, forecast_prev: f64, y_prev: f64) -> f64 {
    let (num, den) = (y - forecast_prev, y_prev - forecast_prev);
    if den == 0.0 && num == 0.0 {
        return 0.5;
    }
    (num / den).clamp(0.0, 1.0)
}

impl Predictor for Smoothing {
    fn predict(&self) -> Option<f64> {
        self.forecast
    }
    fn observe(&mut self, y: f64) {
        let Some(f) = self.forecast else {
            self.forecast = Some(y);
            if let Rule::PantazopoulosPappis { prev } = &mut self.rule {
                *prev = Some((y, y));
            }
            return;
        };
        let e = y - f;
        let alpha = match &mut self.rule {
            Rule::Fixed(a) => *a,
            Rule::TriggLeach { phi, a, m } => {
                *a = *phi * e + (1.0 - *phi) * *a;
                *m = *phi * e.abs() + (1.0 - *phi) * *m;
                if *m == 0.0 { 0.5 } else { (*a / *m).abs() }
            }
            Rule::Whybark { errors, last_delta } => {
                let e_prev = errors.last;
                let sd = errors.sd();
                let delta = whybark_delta(e, e_prev, sd);
                let a = if delta {
                    0.8
                } else if *last_delta {
                    0.4
                } else {
                    0.2
                };
                errors.push(e);
                *last_delta = delta;
                a
            }
            Rule::Mentzer => mentzer_alpha(y, f),
            Rule::PantazopoulosPappis { prev } => {
                let (y_prev, f_prev) = prev.unwrap_or((y, f));
                *prev = Some((y, f));
                pantazopoulos_pappis_alpha(y, f_prev, y_prev)
            }
        };
        self.forecast = Some(alpha * y + (1.0 - alpha) * f);
    }
}

#[derive(Debug, Clone)]
struct Ar {
    order: usize,
    window: usize,
    history: VecDeque<f64>,
}

/// Yule–Walker AR(p) coefficients of a series (Dobber, eq. (7.2)), from the autocovariances of
/// Dobber, eq. (3.2), solved by LU (faer); `None` when the Toeplitz system is singular.
///
/// # Formula
/// ```text
/// [γ(|i−j|)]_{i,j=1..p} a = [γ(1), ..., γ(p)]ᵀ
/// ```
///
/// # Errors
/// As [`super::stats::autocovariance`].
///
/// # Accuracy
/// LU with partial pivoting (faer): backward stable; the coefficients' relative error is about `κ ε`, `κ`
/// the condition number of the Toeplitz matrix (checked on an alternating series to 1e-12 and on an AR(1)
/// process statistically).
pub(crate) fn yule_walker(y: &[f64], order: usize) -> Result<Option<Vec<f64>>, ReplicationError> {
    let g = super::stats::autocovariance(y, order)?;
    Ok(solve_dense(order, |i, j| g[i.abs_diff(j)], &g[1..=order]))
}

impl Predictor for Ar {
    fn predict(&self) -> Option<f64> {
        let n = self.history.len();
        if n == 0 {
            return None;
        }
        let y: Vec<f64> = self.history.iter().copied().collect();
        let mu = y.iter().sum::<f64>() / n as f64;
        if n <= self.order + 1 {
            return Some(mu);
        }
        match yule_walker(&y, self.order) {
            Ok(Some(a)) => Some(mu + a.iter().zip(y.iter().rev()).map(|(c, v)| c * (v - mu)).sum::<f64>()),
            _ => Some(mu),
        }
    }
    fn observe(&mut self, y: f64) {
        if self.history.len() == self.window {
            self.history.pop_front();
        }
        self.history.push_back(y);
    }
}

impl PredictorKind {
    /// One-step-ahead predictions `ŷ_2, ..., ŷ_N` of a series (batch form of [`Predictor`]).
    ///
    /// # Formula
    /// ```text
    /// ŷ_t = predictor state after observing y_1, ..., y_{t−1},  t = 2..N
    /// ```
    ///
    /// # Errors
    /// As [`PredictorKind::build`]; [`ReplicationError::TooShort`] for fewer than 2 values;
    /// [`ReplicationError::InvalidRuntime`] for a non-finite value, or naming the row whose
    /// forecast is not finite (the predictor's sums overflow on values near `f64::MAX`).
    ///
    /// # Accuracy
    /// Each forecast is a convex combination (or a mean, median, or AR fit) of past values: relative error at
    /// most `t ε` after `t` steps for the smoothing rules; statistical as a forecast.
    ///
    /// # Examples
    /// ```
    /// use loadbal::replication::PredictorKind;
    /// let p = PredictorKind::LastValue.predict_series(&[1.0, 2.0, 3.0]).unwrap();
    /// assert_eq!(p, vec![1.0, 2.0]);
    /// ```
    pub fn predict_series(&self, y: &[f64]) -> Result<Vec<f64>, ReplicationError> {
        if y.len() < 2 {
            return Err(ReplicationError::TooShort { what: "a prediction series", needed: 2, got: y.len() });
        }
        if let Some((row, &value)) = y.iter().enumerate().find(|(_, v)| !v.is_finite()) {
            return Err(ReplicationError::InvalidRuntime { row, column: 0, value });
        }
        let mut p = self.build()?;
        let mut out = Vec::with_capacity(y.len() - 1);
        for (row, &v) in y[..y.len() - 1].iter().enumerate() {
            p.observe(v);
            let forecast = p.predict().unwrap_or(v);
            if !forecast.is_finite() {
                // The predictor's running sums overflow on values near f64::MAX.
                return Err(ReplicationError::InvalidRuntime { row, column: 0, value: forecast });
            }
            out.push(forecast);
        }
        Ok(out)
    }

    /// RMSE of the predictor's one-step-ahead predictions of a series (Dobber, eq. (7.28)), the
    /// predictions `ŷ_t` of [`PredictorKind::predict_series`].
    ///
    /// # Formula
    /// ```text
    /// RMSE = √( 1/(N − 1) Σ_{t=2}^{N} (y_t − ŷ_t)² )
    /// ```
    ///
    /// # Errors
    /// As [`PredictorKind::predict_series`]; [`ReplicationError::InvalidParameter`] for an RMSE
    /// past `f64::MAX` (errors near `f64::MAX` are squared scaled by a power of two).
    ///
    /// # Accuracy
    /// A sum of `n` squares: relative error at most `(n + 2)ε` given the predictions.
    ///
    /// # Examples
    /// Last value on 1, 2, 4 predicts 1, 2: errors 1 and 2, RMSE √(5/2).
    /// ```
    /// use loadbal::replication::PredictorKind;
    /// let rmse = PredictorKind::LastValue.rmse_one_step(&[1.0, 2.0, 4.0]).unwrap();
    /// assert!((rmse - (2.5f64).sqrt()).abs() < 1e-15);
    /// ```
    pub fn rmse_one_step(&self, y: &[f64]) -> Result<f64, ReplicationError> {
        rmse_of(y, &self.predict_series(y)?)
    }
}

/// RMSE of one-step-ahead predictions, `predictions[t − 2] = ŷ_t` (Dobber, eq. (7.28)).
fn rmse_of(y: &[f64], predictions: &[f64]) -> Result<f64, ReplicationError> {
    if y.len() < 2 {
        return Err(ReplicationError::TooShort { what: "an RMSE", needed: 2, got: y.len() });
    }
    if predictions.len() + 1 != y.len() {
        return Err(ReplicationError::LengthMismatch { left: y.len() - 1, right: predictions.len() });
    }
    // On the errors scaled by a power of two (exact), so that errors near f64::MAX do not
    // overflow the sum of squares; an RMSE past f64::MAX is refused.
    let e: Vec<f64> = y[1..].iter().zip(predictions).map(|(a, b)| a - b).collect();
    let k = pow2_downscale(&e);
    let s: f64 = e.iter().map(|d| (d * k).powi(2)).sum();
    let rmse = (s / predictions.len() as f64).sqrt() / k;
    if !rmse.is_finite() {
        return Err(ReplicationError::InvalidParameter {
            name: "RMSE",
            value: rmse,
            expected: "a finite RMSE (the prediction errors overflow f64)",
        });
    }
    Ok(rmse)
}

/// Relative improvement of predictor A over B (Dobber, eq. (7.29)), in percent of the gap between
/// B and the optimal post-cast selection `RMSE*`.
///
/// # Formula
/// ```text
/// Δ%(A, B) = (RMSE_B − RMSE_A)/(RMSE_B − RMSE*) · 100
/// ```
///
/// # Errors
/// [`ReplicationError::InvalidParameter`] when `RMSE_B = RMSE*`, a value is not finite or the
/// percentage overflows `f64`.
///
/// # Accuracy
/// Within 4ε relative, times the conditioning `(|RMSE_B| + |RMSE_A|)/|RMSE_B − RMSE_A|` of the numerator and
/// that of the gap.
///
/// # Examples
/// ```
/// let d = loadbal::replication::improvement_pct(9.0, 10.0, 5.0).unwrap();
/// assert!((d - 20.0).abs() < 1e-12);
/// ```
pub fn improvement_pct(rmse_a: f64, rmse_b: f64, rmse_star: f64) -> Result<f64, ReplicationError> {
    let gap = rmse_b - rmse_star;
    if gap == 0.0 || !gap.is_finite() || !rmse_a.is_finite() {
        return Err(ReplicationError::InvalidParameter {
            name: "RMSE_B − RMSE*",
            value: gap,
            expected: "a finite non-zero gap",
        });
    }
    let pct = (rmse_b - rmse_a) / gap * 100.0;
    if !pct.is_finite() {
        return Err(ReplicationError::InvalidParameter {
            name: "RMSE_B − RMSE_A",
            value: rmse_b - rmse_a,
            expected: "an improvement whose percentage of the gap fits in f64",
        });
    }
    Ok(pct)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentzer_alpha_example() {
        assert!((mentzer_alpha(10.0, 4.0) - 0.6).abs() < 1e-15);
        assert_eq!(mentzer_alpha(10.0, 25.0), 1.0);
    }

    #[test]
    fn pantazopoulos_pappis_alpha_example() {
        assert_eq!(pantazopoulos_pappis_alpha(27.0, 10.0, 20.0), 1.0); // raw 1.7
        assert_eq!(pantazopoulos_pappis_alpha(7.0, 10.0, 20.0), 0.0); // raw −0.3
    }

    /// The running errors against the two-pass sample sd of every prefix (`sums::sd`, a different
    /// computation): equal to 1e-12 relative on errors far from 0 and of mixed sign.
    #[test]
    fn running_errors_match_the_two_pass_sd() {
        let errors: Vec<f64> = (0..500).map(|i| 1e3 + ((i * 37 % 101) as f64 - 50.0) * 0.7).collect();
        let mut run = RunningErrors::default();
        assert_eq!(run.sd(), f64::INFINITY);
        for (k, &e) in errors.iter().enumerate() {
            run.push(e);
            assert_eq!(run.last, e);
            if k >= 1 {
                let want = crate::numerics::sums::sd(&errors[..=k]);
                assert!((run.sd() - want).abs() <= 1e-12 * want, "prefix {k}: {} vs {want}", run.sd());
            }
        }
    }

    #[test]
    fn whybark_delta_example() {
        assert!(whybark_delta(5.0, 0.0, 1.0));
        assert!(whybark_delta(1.5, 1.3, 1.0) && !whybark_delta(1.5, -1.3, 1.0));
    }

    #[test]
    fn yule_walker_example() {
        // AR(1) of an alternating series: the coefficient is the lag-1 autocorrelation.
        let a = yule_walker(&[1.0, -1.0, 1.0, -1.0, 1.0, -1.0], 1).unwrap().unwrap();
        assert!((a[0] + 5.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn simple_predictors() {
        let y = [3.0, 1.0, 2.0, 10.0, 4.0];
        assert_eq!(PredictorKind::RunningMean.predict_series(&y).unwrap(), vec![3.0, 2.0, 2.0, 4.0]);
        assert_eq!(PredictorKind::SlidingMedian(3).predict_series(&y).unwrap(), vec![3.0, 2.0, 2.0, 2.0]);
        let tl = PredictorKind::TriggLeach(0.2).predict_series(&y).unwrap();
        // First error −2: A = −0.4, M = 0.4, α = 1, so ŷ_3 = y_2.
        assert_eq!(tl[1], 1.0);
        assert!(PredictorKind::Es(1.5).build().is_err());
        assert!(PredictorKind::Ar { order: 3, window: 3 }.build().is_err());
        assert!(PredictorKind::LastValue.predict_series(&[1.0]).is_err());
    }

    #[test]
    fn ar_recovers_an_ar1_process() {
        use rand_distr::{Distribution, StandardNormal};
        let mut rng = crate::montecarlo::stream(4, 0);
        let mut y = vec![0.0];
        for _ in 0..20_000 {
            let e: f64 = StandardNormal.sample(&mut rng);
            y.push(0.7 * y.last().unwrap() + e);
        }
        let a = yule_walker(&y, 2).unwrap().unwrap();
        assert!((a[0] - 0.7).abs() < 0.03 && a[1].abs() < 0.03);
        let ar = PredictorKind::Ar { order: 2, window: 500 }.rmse_one_step(&y[..2000]).unwrap();
        let mean = PredictorKind::RunningMean.rmse_one_step(&y[..2000]).unwrap();
        assert!(ar < mean);
    }
}
