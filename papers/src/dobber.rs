//! Dobber (Dobber's thesis): the JR models of chapter 5, the fitted lines of chapters 4 and 6,
//! the printed formulas the crate corrects, and the §3.7 statistics of i.i.d. job times.
//!
//! A row is `match` only where a `loadbal` model computes the printed number from the thesis's
//! inputs: a break-even c_X from the iteration-time model, a threshold found by root-finding on
//! the continuous optimum, a speedup from the closed forms. A number the thesis derives by its
//! own arithmetic (a printed closed form evaluated, a fitted line at a point, a correlation of
//! its printed table) is `paper_check`; where that arithmetic fails, the row deviates with both
//! values.

use crate::error::PapersError;
use crate::row::{Computed, Draft, Explanation, Paper, Row};
use crate::sections::{RunConfig, Section};
use loadbal::law::Law;
use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::rand_distr::Distribution;
use loadbal::replication::Dependence;
use loadbal::replication::{self, JrModel, JrParams, ReplicationError};
use loadbal::statrs::statistics::Statistics;
use std::f64::consts::{LN_2, SQRT_2};

const DOBBER: Paper = Paper::new("dobber");

pub(crate) fn sections() -> Vec<Section> {
    vec![
        Section { source: "dobber", title: "JR closed forms, thresholds and optimal replicas (§5.4)", run: jr_models },
        Section { source: "dobber", title: "JR exact model (5.4) and first-level constants (§5.3)", run: jr_exact },
        Section {
            source: "dobber",
            title: "Fitted lines: Tables 4.3, 5.4, 5.5, threshold Y* (ch. 4-6)",
            run: fitted_lines,
        },
        Section { source: "dobber", title: "Printed formulas the crate corrects (ch. 2, 5)", run: typos },
        Section {
            source: "dobber",
            title: "Trace statistics of i.i.d. normal and exponential job times (§3.7)",
            run: iid_statistics,
        },
    ]
}

/// A row built by `f` from a draft, or an `Error` row naming the crate error: rows never vanish.
fn row(draft: Draft, f: impl FnOnce(Draft) -> Result<Row, PapersError>) -> Row {
    let keep = draft.clone();
    f(draft).unwrap_or_else(|e| keep.error(&e))
}

/// The boundary in `(lo, hi)` where `below` turns from true to false, by bisection to 1e-13.
fn boundary(mut lo: f64, mut hi: f64, below: impl Fn(f64) -> bool) -> f64 {
    while hi - lo > 1e-13 {
        let mid = 0.5 * (lo + hi);
        if below(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The c_X at which model 1.1's continuous optimum r* (the stationary point of (5.35), from
/// `dependent_continuous_optimum` on P = 2^40) reaches `level`.
fn model11_level_crossing(level: f64) -> f64 {
    boundary(0.05, 0.9999, |c| {
        replication::continuous_optimum(c, 1 << 40, &JrParams::dependent_jobs()).map_or(true, |o| o.level < level)
    })
}

/// Model 2.1's band of c_X where its continuous optimum (Lambert W, `independent_continuous_optimum`)
/// lies in [0, p], on P = 2^p: (c_0, c_p).
fn model21_band(p: u32) -> (f64, f64) {
    let ok = |c: f64| replication::continuous_optimum(c, 1 << p, &JrParams::independent_jobs()).is_ok();
    let lower = boundary(0.01, 0.75, |c| !ok(c));
    let upper = boundary(lower + 1e-9, 0.999_999, ok);
    (lower, upper)
}

fn jr_models(_cfg: &RunConfig) -> Vec<Row> {
    let m11 = JrModel::DependentUnitBeta.planetlab_params();
    let m21 = JrParams::independent_jobs();
    let break_even = "loadbal::replication::break_even_cv";
    let mut rows = vec![
        row(DOBBER.row("(5.20)", "model 1.1: 2-JR beats ELB iff c_X > 2/3").printed_exact("2/3", 2.0 / 3.0), |d| {
            Ok(d.reproduced(Computed::by(break_even, replication::break_even_cv(1, 2, 2, &m11)?)))
        }),
        row(DOBBER.row("(5.28)", "model 1.1: 4-JR beats 2-JR on P = 4 iff c_X > 4/5").printed_exact("4/5", 0.8), |d| {
            Ok(d.reproduced(Computed::by(break_even, replication::break_even_cv(2, 4, 4, &m11)?)))
        }),
        DOBBER
            .row("(5.38)", "model 1.1: r* = 0 below ln2/(ln2 + 1/2)")
            .printed("0.58")
            .note("the c_X where the stationary point of (5.35) is r* = 0, by bisection on the crate's continuous optimum")
            .reproduced(Computed::by("loadbal::replication::continuous_optimum", model11_level_crossing(0.0))),
        DOBBER
            .row("(5.39)", "model 1.1: r* >= 1 above 4 ln2/(sqrt2 + 4 ln2)")
            .printed("0.66")
            .note("the c_X where the rounded optimum ⌊r* + ½⌋ of (5.37) reaches 1, by bisection on the crate's continuous optimum")
            .reproduced(Computed::by("loadbal::replication::continuous_optimum", model11_level_crossing(0.5))),
    ];
    rows.extend(eq_5_37());
    rows.extend([
        row(DOBBER.row("(5.65)", "model 2.1: 2-JR beats ELB on P = 4 iff c_X > 4/(8 - sqrt2)").printed("0.61"), |d| {
            Ok(d.reproduced(Computed::by(break_even, replication::break_even_cv(1, 2, 4, &m21)?)))
        }),
        row(
            DOBBER
                .row("(5.67)", "model 2.1: 4-JR beats 2-JR iff c_X > 8/(sqrt2 + 8)")
                .printed_exact("8/(√2 + 8)", 8.0 / (SQRT_2 + 8.0)),
            |d| Ok(d.reproduced(Computed::by(break_even, replication::break_even_cv(2, 4, 4, &m21)?))),
        ),
        DOBBER
            .row("(5.64)", "model 2.1: (5.64) valid for c_X < 8/(4 - sqrt2)")
            .printed("3.09")
            .note("the printed closed form 8/(4 − √2) evaluated (the thesis's own arithmetic)")
            .paper_check(8.0 / (4.0 - SQRT_2), 0.0),
        DOBBER
            .row("§5.4.2", "model 1.2 special case: asymptote c_X = sqrt6/3")
            .printed("0.82")
            .note("the printed closed form √6/3 evaluated (the thesis's own arithmetic)")
            .paper_check(6f64.sqrt() / 3.0, 0.0),
    ]);
    rows.extend(eq_5_49());
    let example = "worked example (alpha 0.60, beta1 1.01, beta2 0.50, c 0.70, P 2^10";
    rows.push(row(DOBBER.row("§5.4.2", format!("{example}, R 4): speedup")).printed("1.09").note("(5.44)"), |d| {
        let p = JrParams::constant(0.6, 1.01, 0.5, 1.0)?;
        Ok(d.reproduced(Computed::by("loadbal::replication::speedup", replication::speedup(0.7, 4, 1024, &p)?)))
    }));
    rows.push(row(
        DOBBER
            .row("Fig. 5.10", "worked example: optimal r")
            .printed("2")
            .note("the text says 'the optimal number of replications equals 2'; Fig. 5.10 plots r*, so R* = 4"),
        |d| {
            let p = JrParams::constant(0.6, 1.01, 0.5, 1.0)?;
            let r = replication::optimal_replicas(0.7, 1024, &p)?.replicas.trailing_zeros();
            Ok(d.reproduced(Computed::by("loadbal::replication::optimal_replicas", f64::from(r))))
        },
    ));
    rows.push(row(DOBBER.row("(5.47)", "worked example: continuous r*"), |d| {
        let p = JrParams::constant(0.6, 1.01, 0.5, 1.0)?;
        Ok(d.context(replication::continuous_optimum(0.7, 1024, &p)?.level, "loadbal::replication::continuous_optimum"))
    }));
    rows.push(row(DOBBER.row("Fig. 5.9", "model 1.1, c_X = 0.95, P = 64: optimal R").printed("16"), |d| {
        Ok(d.reproduced(Computed::by(
            "loadbal::replication::optimal_replicas",
            replication::optimal_replicas(0.95, 64, &m11)?.replicas as f64,
        )))
    }));
    rows.push(row(DOBBER.row("Fig. 5.14", "model 2.1 (5.74), c_X = 0.42, p = 7: r*").printed("1"), |d| {
        let discrete = replication::speedup(0.42, 2, 128, &JrParams::independent_jobs())?;
        // Inside [0, p] the rounded rule of (5.74) is ⌊r* + ½⌋ of the crate's continuous optimum.
        let r = (replication::continuous_optimum(0.42, 128, &JrParams::independent_jobs())?.level + 0.5).floor();
        Ok(d.note(&format!(
            "the rounded Lambert-W optimum ⌊r* + ½⌋; the discrete argmax of (5.72) is r = 0 (speedup at r = 1 is {discrete:.6})"
        ))
        .reproduced(Computed::by("loadbal::replication::continuous_optimum", r)))
    }));
    rows.push(row(DOBBER.row("Fig. 5.14", "model 2.1 (5.74), c_X = 1: r* (p = 7)"), |d| {
        let r = crate::dobber_rules::independent_optimal_replicas(1.0, 128)?.trailing_zeros();
        Ok(d.note("a point of the figure (no number printed): r* = p at c_X = 1")
            .context(f64::from(r), "loadbal_papers::dobber_rules::independent_optimal_replicas"))
    }));
    rows.push(row(
        DOBBER.row("Fig. 5.15", "model 2.1, c_X = 1: speedup at r* = p grows linearly in p, p = 0..7"),
        |d| {
            let s: Vec<f64> = (0..=7)
                .map(|p| replication::speedup(1.0, 1 << p, 1 << p, &JrParams::independent_jobs()))
                .collect::<Result<_, _>>()?;
            let steps: Vec<f64> = s.windows(2).map(|w| w[1] - w[0]).collect();
            let spread = steps.iter().fold(0.0f64, |m, d| m.max((d - steps[0]).abs()));
            Ok(d.model(s[7]).statement(
                "for c_X = 1.00 the speedup increases linearly with the p",
                spread <= 1e-9 * steps[0].abs(),
                &format!(
                    "loadbal::replication::speedup at R = P = 2^p: steps {:.6}, largest departure {spread:.1e}",
                    steps[0]
                ),
            ))
        },
    ));
    rows.extend(eq_5_74());
    for (c, p) in [(0.8, 6u32), (0.9, 10), (0.95, 5)] {
        let draft = DOBBER.row("(5.40)", format!("model 1.1 speedup at r*, c_X = {c}, p = {p}"));
        rows.push(row(draft, |d| {
            Ok(d.context(
                crate::dobber_rules::dependent_speedup_at_optimum(c, 1 << p)?,
                "loadbal_papers::dobber_rules::dependent_speedup_at_optimum",
            ))
        }));
    }
    // Table 5.8 / Figs. 5.16-5.17: the model side, best R on P = 16.
    for model in JrModel::ALL {
        let c = if model.name().starts_with('1') { 0.8 } else { 0.57 };
        let item = format!("model {} (c_X = {c}), P = 16: best speedup", model.name());
        rows.push(row(DOBBER.row("Table 5.8", item.clone()), |_| {
            let best = replication::optimal_replicas(c, 16, &model.planetlab_params())?;
            Ok(DOBBER
                .row("Table 5.8", format!("{item} (R = {})", best.replicas))
                .note("model side of Figs. 5.16/5.17; the simulated bars need the Planetlab traces")
                .context(best.speedup, "loadbal::replication::optimal_replicas"))
        }));
    }
    rows
}

/// (5.37): r* ≈ ⌊(ln(c/(1 − c)) − ln 2 − ln ln 2)/ln 2 + ½⌋ ≈ ⌊1.44 ln(c/(1 − c)) − 0.22⌋. The
/// crate's continuous optimum of (5.35) gives the slope and the constant; the thesis's own first
/// form gives the constant too.
fn eq_5_37() -> Vec<Row> {
    let t = "(5.37)";
    let odds = |c: f64| (c / (1.0 - c)).ln();
    let parts = || -> Result<(f64, f64), ReplicationError> {
        let (c1, c2) = (0.6, 0.9);
        let r_cont = |c: f64| replication::continuous_optimum(c, 1 << 40, &JrParams::dependent_jobs()).map(|o| o.level);
        let slope = (r_cont(c2)? - r_cont(c1)?) / (odds(c2) - odds(c1));
        // r* is linear in ln(c/(1 − c)): the constant (with the +½ of the rounding) at odds 0.
        Ok((slope, r_cont(c2)? - slope * odds(c2) + 0.5))
    };
    // The thesis's first form: (−ln 2 − ln ln 2)/ln 2 + ½.
    let first_form = (-LN_2 - LN_2.ln()) / LN_2 + 0.5;
    match parts() {
        Ok((slope, constant)) => {
            let at_one = |k: f64| {
                let x = ((1.0 - k) / slope).exp();
                x / (1.0 + x)
            };
            vec![
                DOBBER
                    .row(t, "model 1.1: slope of r* in ln(c/(1-c))")
                    .printed("1.44")
                    .note("slope of the crate's continuous optimum of (5.35) between c_X = 0.6 and 0.9")
                    .reproduced(Computed::by("loadbal::replication::continuous_optimum", slope)),
                DOBBER
                    .row(t, "model 1.1: constant of r* = floor(1.44 ln(c/(1-c)) + k), from the first form of (5.37)")
                    .printed("−0.22")
                    .note(&format!(
                        "the thesis's own first form (−ln 2 − ln ln 2)/ln 2 + ½ gives {first_form:.6}; the crate's continuous \
                         optimum gives {constant:.6}; with −0.22, r* would reach 1 at c_X = {:.4}, contradicting the \
                         thesis's own (5.39) 0.66 (the crate's constant gives {:.4})",
                        at_one(-0.22),
                        at_one(constant)
                    ))
                    .paper_check(first_form, 0.0),
            ]
        }
        Err(e) => vec![DOBBER.row(t, "model 1.1: constant of r*").printed("−0.22").error(&e)],
    }
}

/// (5.49): p > 1.44 ln(c/(1.13 − 0.69 c)). From (5.48) the bound is log2(αc/(ln 2 (1 − 2αc)))
/// with α = √6/4: 1.13 = 4 ln 2/√6, but the coefficient of c is 2 ln 2 = 1.386, not 0.69.
fn eq_5_49() -> Vec<Row> {
    let t = "(5.49)";
    let alpha = 6f64.sqrt() / 4.0;
    let constant = LN_2 / alpha;
    let coefficient = 2.0 * LN_2;
    let c = 0.75f64;
    let printed_bound = (c / (1.13 - 0.69 * c)).ln() / LN_2;
    let exact_bound = (c / (constant - coefficient * c)).ln() / LN_2;
    // Evidence from the crate's (5.48): the largest p for which r* = p at c = 0.75.
    let saturated = (1..=12u32)
        .map(|p| crate::dobber_rules::consistent_alpha_optimal_replicas(c, 1 << p).map(|r| (p, r.trailing_zeros())))
        .collect::<Result<Vec<_>, _>>();
    let mut rows = vec![
        DOBBER
            .row(t, "model 1.2 special: constant 4 ln2/sqrt6 in the p bound")
            .printed("1.13")
            .note("the thesis's closed form 4 ln 2/√6 (α = √6/4 in (5.48)) evaluated")
            .paper_check(constant, 0.0),
    ];
    let draft = DOBBER.row(t, "model 1.2 special: coefficient of c in the p bound").printed("0.69");
    rows.push(match saturated {
        Ok(s) => {
            let last_full = s.iter().filter(|(p, r)| p == r).map(|(p, _)| *p).max().unwrap_or(0);
            draft
                .note(&format!(
                    "(5.48) solved for p gives the coefficient 2 ln 2 = {coefficient:.4}; at c_X = 0.75 the printed bound is \
                     p > {printed_bound:.3}, the corrected one p > {exact_bound:.3}, and the crate's \
                     loadbal_papers::dobber_rules::consistent_alpha_optimal_replicas has r* = p up to p = {last_full}"
                ))
                .paper_check(coefficient, 0.0)
        }
        Err(e) => draft.error(&e),
    });
    rows
}

/// (5.74): r* = 0 below 4 ln2/(4 ln2 + 2 + p ln2) ≈ 2.8/(4.7 + 0.7p), and r* = p above
/// 1/(1 + 1/(1.4·2^{1+1.5p})). The thresholds are found by bisection on the crate's Lambert-W
/// optimum (`independent_continuous_optimum`), the coefficients read off them at p = 1 and p = 2.
fn eq_5_74() -> Vec<Row> {
    let t = "(5.74)";
    let by = "loadbal::replication::continuous_optimum";
    let (c0_1, cp_1) = model21_band(1);
    let (c0_2, _) = model21_band(2);
    // 1/c_0(p) − 1 = (2 + p·ln 2)/a with a = 4 ln 2.
    let (u1, u2) = (1.0 / c0_1 - 1.0, 1.0 / c0_2 - 1.0);
    let per_p_over_a = u2 - u1;
    let a = 2.0 / (u1 - per_p_over_a);
    let per_p = per_p_over_a * a;
    // 1/c_p − 1 = 1/(k·2^{1+1.5p}) at p = 1.
    let k = 1.0 / ((1.0 / cp_1 - 1.0) * 2f64.powf(2.5));
    vec![
        DOBBER.row(t, "model 2.1: r* = 0 bound, numerator 4 ln2").printed("2.8").reproduced(Computed::by(by, a)),
        DOBBER
            .row(t, "model 2.1: r* = 0 bound, constant 4 ln2 + 2")
            .printed("4.7")
            .reproduced(Computed::by(by, a + 2.0))
            .explained(Explanation::exact_reading(
                format!("truncation instead of rounding: {:.4} truncated to one decimal", a + 2.0),
                ((a + 2.0) * 10.0).trunc() / 10.0,
            )),
        DOBBER
            .row(t, "model 2.1: r* = 0 bound, coefficient of p (ln2)")
            .printed("0.7")
            .reproduced(Computed::by(by, per_p)),
        DOBBER
            .row(t, "model 2.1: r* = p bound, factor ln2 of 2^{1+1.5p}")
            .printed("1.4")
            .reproduced(Computed::by(by, k))
            .explained(Explanation::exact_reading(
                format!("a factor 2: the crate's upper edge gives ln 2 = {k:.4}; twice it"),
                2.0 * k,
            )),
    ]
}

/// Batches of `pairs` draws of two i.i.d. copies: the estimate of β(0, 1) = σ(max)/σ(X) from
/// the unbiased batch variances (β² averaged over batches, then the square root, with its
/// standard error by the delta method), and of β(1, 1) = σ(min)/σ(X) likewise.
fn beta_estimates(dist: &Law, mc: &MonteCarlo, pairs: usize) -> Result<[Estimate; 2], ReplicationError> {
    let x = dist;
    let var = dist.sd().powi(2);
    let e = mc.estimate_vec(2, |_, rng, out| {
        let (mut hi, mut lo) = (Vec::with_capacity(pairs), Vec::with_capacity(pairs));
        for _ in 0..pairs {
            let (a, b) = (x.sample(rng), x.sample(rng));
            hi.push(a.max(b));
            lo.push(a.min(b));
        }
        out[0] = hi.variance() / var;
        out[1] = lo.variance() / var;
    })?;
    let root = |v: Estimate| {
        let m = v.mean.max(0.0).sqrt();
        Estimate { mean: m, std_err: if m > 0.0 { v.std_err / (2.0 * m) } else { v.std_err.sqrt() }, n: v.n }
    };
    Ok([root(e[0]), root(e[1])])
}

/// First-order bound on how far the 2-decimal rounding of a printed table (±0.005 per cell) can
/// move `f` of the table.
fn rounding_sensitivity(
    table: &[Vec<f64>],
    f: impl Fn(&[Vec<f64>]) -> Result<f64, ReplicationError>,
) -> Result<f64, ReplicationError> {
    let base = f(table)?;
    let h = 1e-6;
    let mut bound = 0.0;
    for i in 0..table.len() {
        for j in 0..table[i].len() {
            let mut t = table.to_vec();
            t[i][j] += h;
            bound += ((f(&t)? - base) / h).abs() * 0.005;
        }
    }
    Ok(bound)
}

/// N → ∞ limits of the §3.7 statistics for i.i.d. normal and exponential job times, in the
/// order σ/rmse_lv, c(σ) (B = 20, normal only), f_jumps, σ_jumps/σ, mse_jumps/σ², rmse_jumps/rmse_lv.
///
/// Normal: with D = Y_t − Y_{t−1} ~ N(0, 2σ²), a = √2 and q = 1 − Φ(√2): f = 2q,
/// mse_jumps/σ² = aφ(a) + 2q, rmse_jumps²/rmse_lv² = 2(aφ(a) + q). Exponential (rate 1):
/// |D| is Exp(1), f = e^{−2}, mse_jumps/σ² = 4e^{−2}, rmse_jumps²/rmse_lv² = 5e^{−2}. The block
/// sd's coefficient of variation is √(1 − c₄²)/c₄ with c₄ = √(2/(B − 1)) Γ(B/2)/Γ((B − 1)/2).
fn iid_limits() -> ([f64; 6], [f64; 6]) {
    use loadbal::statrs::function::{erf::erfc, gamma::ln_gamma};
    let a = SQRT_2;
    let q = erfc(1.0) / 2.0;
    let phi = (-1.0f64).exp() / (2.0 * std::f64::consts::PI).sqrt();
    let b = 20.0f64;
    let c4 = (2.0 / (b - 1.0)).sqrt() * (ln_gamma(b / 2.0) - ln_gamma((b - 1.0) / 2.0)).exp();
    let mse_n = a * phi + 2.0 * q;
    let normal =
        [SQRT_2 / 2.0, (1.0 - c4 * c4).sqrt() / c4, 2.0 * q, mse_n.sqrt(), mse_n, (2.0 * (a * phi + q)).sqrt()];
    let e2 = (-2.0f64).exp();
    let exponential = [SQRT_2 / 2.0, f64::NAN, e2, (4.0 * e2).sqrt(), 4.0 * e2, (5.0 * e2).sqrt()];
    (normal, exponential)
}

fn jr_exact(cfg: &RunConfig) -> Vec<Row> {
    let t = "§5.3.2";
    let mut rows = Vec::new();
    let mc = match MonteCarlo::new(cfg.seed, cfg.replications(400_000, 40_000)) {
        Ok(mc) => mc,
        Err(e) => return vec![DOBBER.row(t, "first-level constants").error(&e)],
    };
    let batches = match MonteCarlo::new(cfg.seed ^ 0xbe7a, cfg.replications(400, 100)) {
        Ok(mc) => mc,
        Err(e) => return vec![DOBBER.row(t, "first-level constants").error(&e)],
    };
    // Exponential jobs: the thesis prints α = ½ and β(i, j) = ½√5, i < j (§5.3.2).
    let (exp, normal) = match (Law::exponential(1.0), Law::normal(1.0, 0.2)) {
        (Ok(e), Ok(n)) => (e, n),
        (Err(e), _) | (_, Err(e)) => return vec![DOBBER.row(t, "first-level constants").error(&e)],
    };
    let k = replication::FirstLevelConstants::exponential();
    let batch_by = "loadbal::law::Law (its sampler; batch variances in loadbal-papers)";
    rows.push(row(DOBBER.row(t, "exponential: alpha").printed_exact("½", 0.5).model(k.alpha), |d| {
        let alpha = replication::FirstLevelEstimate::monte_carlo(&exp, &mc)?.alpha;
        Ok(d.simulated(alpha, "loadbal::replication::FirstLevelEstimate::monte_carlo"))
    }));
    match beta_estimates(&exp, &batches, 1000) {
        Ok([b_max, b_min]) => {
            rows.push(
                DOBBER
                    .row(t, "exponential: beta(i,j), i<j")
                    .printed_exact("½√5", 5f64.sqrt() / 2.0)
                    .model(k.beta_max)
                    .simulated(b_max, batch_by),
            );
            // Fig. 5.7's text assigns ½ to i < j and √5/2 to i = j: the two values swapped.
            for (item, text, value, est, other, other_name) in [
                ("exponential: beta(i,j), i<j", "½", 0.5, b_max, b_min, "β(i, i), the minimum's"),
                ("exponential: beta(i,i)", "√5/2", 5f64.sqrt() / 2.0, b_min, b_max, "β(i, j), i < j"),
            ] {
                rows.push(
                    DOBBER.row("Fig. 5.7 text", item).printed_exact(text, value).simulated(est, batch_by).explained(
                        Explanation::reading(
                            format!("the text swaps the two exponential β's of §5.3.2: the simulated {other_name}"),
                            other.mean,
                            crate::SIMULATION_SE * other.std_err,
                        ),
                    ),
                );
            }
        }
        Err(e) => rows.push(DOBBER.row(t, "exponential: beta").error(&e)),
    }
    // Normal jobs: "close to exact", no value printed.
    let kn = replication::FirstLevelConstants::normal();
    rows.push(row(DOBBER.row(t, "normal: alpha = 1/sqrt(pi)"), |d| {
        let alpha = replication::FirstLevelEstimate::monte_carlo(&normal, &mc)?.alpha;
        Ok(d.note("the thesis: 'close to exact', no value printed")
            .context(kn.alpha, "loadbal::replication::FirstLevelConstants::normal")
            .with_estimate(alpha))
    }));
    match beta_estimates(&normal, &batches, 1000) {
        Ok([b_max, b_min]) => {
            let by = "loadbal::replication::FirstLevelConstants::normal";
            rows.push(
                DOBBER.row(t, "normal: beta(i,j), i<j = sqrt(1 - 1/pi)").context(kn.beta_max, by).with_estimate(b_max),
            );
            rows.push(
                DOBBER.row(t, "normal: beta(i,i) = sqrt(1 - 1/pi)").context(kn.beta_min, by).with_estimate(b_min),
            );
        }
        Err(e) => rows.push(DOBBER.row(t, "normal: beta").error(&e)),
    }
    // Exact (5.4), exponential jobs on P = 8: dependent case in closed form, both by Monte Carlo.
    let sims = || -> Result<_, PapersError> {
        let mc = MonteCarlo::new(cfg.seed ^ 0x5eed, cfg.replications(100_000, 10_000))?;
        Ok((
            replication::ExactModel::new(exp, Dependence::SameProcessorSameIteration)?
                .run(&[1, 2, 4, 8], 8, &mc)?
                .iteration_times,
            replication::ExactModel::new(exp, Dependence::Independent)?.run(&[1, 2, 4, 8], 8, &mc)?.iteration_times,
        ))
    };
    let (dep, ind) = match sims() {
        Ok(s) => s,
        Err(e) => {
            rows.push(DOBBER.row("(5.4)", "exact R_it, exponential, P = 8").error(&e));
            return rows;
        }
    };
    for r in 0..=3u32 {
        let big_r = 1u32 << r;
        let draft =
            DOBBER.row("(5.4)", format!("exact R_it, exponential, same-processor jobs equal, P = 8, R = {big_r}"));
        rows.push(row(draft, |d| {
            let v = replication::Dependence::SameProcessorSameIteration.exponential_iteration_time(1.0, 1 << r, 8)?;
            Ok(d.note("E(X) H_{P/R}")
                .context(v, "loadbal::replication::Dependence::exponential_iteration_time")
                .with_estimate(dep[r as usize]))
        }));
        let draft = DOBBER.row("(5.4)", format!("exact R_it, exponential, independent jobs, P = 8, R = {big_r}"));
        rows.push(row(draft, |d| {
            let v = replication::Dependence::Independent.exponential_iteration_time(1.0, 1 << r, 8)?;
            Ok(d.note("E max of P/R i.i.d. Gamma(R, rate R), by the order-statistics quadrature")
                .context(v, "loadbal::replication::Dependence::exponential_iteration_time")
                .with_estimate(ind[r as usize]))
        }));
        let draft =
            DOBBER.row("Fig. 5.7", format!("approximation with exponential constants, gamma = 1, P = 8, R = {big_r}"));
        rows.push(row(draft, |d| {
            let approx = JrParams::new(
                k.alpha,
                loadbal::replication::BetaMax::Constant(k.beta_max),
                loadbal::replication::BetaMin::Constant(k.beta_min),
                1.0,
            )?;
            Ok(d.note("the approximation is exact only at the first tree level (the thesis says exact for i.i.d. exponential)")
                .context(
                    loadbal::replication::iteration_time(&Law::exponential(1.0)?, 1 << r, 8, &approx)?,
                    "loadbal::replication::iteration_time",
                ))
        }));
    }
    rows
}

/// The thesis's correlation procedure for Table 5.4 and the variants its text allows: per fixed
/// p, the correlation of α with r, weighted by the number of r values (as printed); the same
/// unweighted; pooled over all cells; and with r and p swapped.
fn correlation_readings(table: &[Vec<f64>], along_r: bool) -> Result<Vec<(&'static str, f64)>, ReplicationError> {
    // Cells (r, p, value): row r holds p = r + 1 ..= 7.
    let cells: Vec<(f64, f64, f64)> = table
        .iter()
        .enumerate()
        .flat_map(|(r, row)| row.iter().enumerate().map(move |(j, &v)| (r as f64, (r + 1 + j) as f64, v)))
        .collect();
    let c = crate::dobber_fits::table_correlations(table)?;
    let (tc, other) = (c.with_r, c.with_p);
    let weighted = if along_r { tc } else { other };
    let swapped = if along_r { other } else { tc };
    let key = |c: &(f64, f64, f64)| if along_r { c.1 } else { c.0 };
    let var = |c: &(f64, f64, f64)| if along_r { c.0 } else { c.1 };
    let mut groups: Vec<f64> = cells.iter().map(key).collect();
    groups.sort_by(f64::total_cmp);
    groups.dedup();
    let mut per_group = Vec::new();
    for g in groups {
        let members: Vec<&(f64, f64, f64)> = cells.iter().filter(|c| key(c) == g).collect();
        if members.len() < 2 {
            continue;
        }
        let x: Vec<f64> = members.iter().map(|c| var(c)).collect();
        let y: Vec<f64> = members.iter().map(|c| c.2).collect();
        if let Ok(r) = replication::pearson_correlation(&x, &y) {
            per_group.push(r);
        }
    }
    let unweighted = per_group.iter().sum::<f64>() / per_group.len().max(1) as f64;
    let x: Vec<f64> = cells.iter().map(var).collect();
    let y: Vec<f64> = cells.iter().map(|c| c.2).collect();
    let pooled = replication::pearson_correlation(&x, &y)?;
    Ok(vec![
        ("weighted per-group mean (the thesis's procedure)", weighted),
        ("unweighted per-group mean", unweighted),
        ("pooled over all cells", pooled),
        ("r and p swapped", swapped),
    ])
}

fn fitted_lines(_cfg: &RunConfig) -> Vec<Row> {
    let mut rows = Vec::new();
    // Table 5.4: correlations of β(r, p) and α(r, p) with r and p, by the thesis's weighted
    // per-column procedure applied to the printed Tables 5.2 and 5.1: the thesis's arithmetic on
    // its own tables.
    let t54 = "Table 5.4";
    let beta: Vec<Vec<f64>> = loadbal::replication::BetaTable::planetlab().rows().to_vec();
    let alpha: Vec<Vec<f64>> = crate::fixtures::dobber::TABLE_5_1_ALPHA.iter().map(|r| r.to_vec()).collect();
    for (name, table, printed, source) in
        [("β(r, p)", &beta, ["−0.94", "0.65"], "5.2"), ("α(r, p)", &alpha, ["−0.31", "−0.70"], "5.1")]
    {
        for (k, var) in ["r", "p"].iter().enumerate() {
            let item = format!("corr({name}, {var}), weighted over {}", if k == 0 { "p" } else { "r" });
            rows.push(row(DOBBER.row(t54, item).printed(printed[k]), |d| {
                let readings = correlation_readings(table, k == 0)?;
                let pick = |t: &[Vec<f64>]| crate::dobber_fits::table_correlations(t).map(|c| if k == 0 { c.with_r } else { c.with_p });
                let value = pick(table.as_slice())?;
                let sens = rounding_sensitivity(table, pick)?;
                let listed: Vec<String> = readings.iter().map(|(n, v)| format!("{n} {v:+.3}")).collect();
                Ok(d.note(&format!(
                    "the thesis's procedure (loadbal_papers::dobber_fits::table_correlations) on its printed Table {source}; \
                     the 2-decimal rounding of the cells moves it by at most {sens:.3}; the readings the text allows give {}",
                    listed.join(", ")
                ))
                .paper_check(value, sens))
            }));
        }
    }
    // Table 4.3: CCR = 2.5·0.01/t by the thesis's definition, and the DLB speedups its fitted lines
    // (4.1)/(4.2) give; the measured speedups need the Planetlab runs.
    let t43 = "Table 4.3";
    for (t, ccr, speedup) in [(0.05, "0.500", "1.50"), (0.10, "0.250", "1.53")] {
        rows.push(row(DOBBER.row(t43, format!("t = {t}: CCR")).printed(ccr), |d| {
            Ok(d.note("the definition CCR = 2.5·0.01/t (§4.3), evaluated")
                .paper_check(crate::dobber_fits::ccr_of_t(t)?, 0.0))
        }));
        rows.push(row(DOBBER.row(t43, format!("t = {t}: estimated speedup from (4.1)/(4.2)")).printed(speedup), |d| {
            Ok(d.note("the thesis's fitted lines (4.1)/(4.2) at t (loadbal_papers::dobber_fits::dlb_speedup_fit)")
                .paper_check(crate::dobber_fits::dlb_speedup_fit(t)?, 0.0))
        }));
    }
    for (t, ccr, measured) in
        [(1.25, "0.020", "1.71"), (2.5, "0.010", "1.82"), (3.75, "0.007", "1.82"), (5.0, "0.005", "1.83")]
    {
        rows.push(row(DOBBER.row(t43, format!("t = {t}: CCR")).printed(ccr), |d| {
            Ok(d.note("the definition CCR = 2.5·0.01/t (§4.3), evaluated")
                .paper_check(crate::dobber_fits::ccr_of_t(t)?, 0.0))
        }));
        rows.push(row(DOBBER.row(t43, format!("t = {t}: measured average speedup")).printed(measured), |d| {
            Ok(d.model(crate::dobber_fits::dlb_speedup_fit(t)?).not_reproducible(
                "measured on Planetlab (the runs are not available); model: the thesis's own fitted lines (4.1)/(4.2) at t",
            ))
        }));
    }
    rows.push(row(DOBBER.row("§4.4", "asymptotic DLB speedup 41600/22200").printed("1.87"), |d| {
        Ok(d.note("the ratio of the printed slopes of (4.1)/(4.2)")
            .paper_check(crate::dobber_fits::dlb_speedup_fit(f64::INFINITY)?, 0.0))
    }));
    rows.push(row(DOBBER.row("§6.2", "threshold Y* between (6.4) and (6.5)").printed("7708"), |d| {
        let (a, b) = (crate::fixtures::dobber::JR_LINE, crate::fixtures::dobber::DLB_LINE);
        let y = a.crossing(&b)?;
        // Rounding of the four printed coefficients (slopes to 4 decimals, intercepts to units).
        let ds = a.slope - b.slope;
        let sens = 2.0 * 5e-5 * (y / ds).abs() + 2.0 * 0.5 / ds.abs();
        Ok(d.note(&format!(
            "the intersection of the printed lines (loadbal::replication::Line::crossing) gives {y:.1}; the rounding of \
             their coefficients moves it by up to {sens:.1}"
        ))
        .paper_check(y, sens))
    }));
    let t55 = "Table 5.5";
    rows.push(row(DOBBER.row(t55, "d alpha / d p from Table 5.1").printed("−0.009"), |d| {
        let sens = 0.005 * slope_rounding(7);
        Ok(d.note(&format!(
            "the thesis's trendline procedure (loadbal_papers::dobber_fits::table_slopes) on its printed Table 5.1; the \
             cells' rounding moves the slope by up to {sens:.4}"
        ))
        .paper_check(crate::dobber_fits::table_slopes(&crate::fixtures::dobber::TABLE_5_1_ALPHA)?.along_p, sens))
    }));
    rows.push(row(DOBBER.row(t55, "d alpha / d r from Table 5.1").printed("−0.008"), |d| {
        let sens = 0.005 * slope_rounding(7);
        Ok(d.note(&format!(
            "the thesis's trendline procedure (loadbal_papers::dobber_fits::table_slopes) on its printed Table 5.1; the \
             cells' rounding moves the slope by up to {sens:.4}"
        ))
        .paper_check(crate::dobber_fits::table_slopes(&crate::fixtures::dobber::TABLE_5_1_ALPHA)?.along_r, sens))
    }));
    rows
}

/// How much an OLS slope over `points` equally spaced abscissae moves per unit of rounding of its
/// ordinates: Σ|x − x̄|/Σ(x − x̄)².
fn slope_rounding(points: usize) -> f64 {
    let xs: Vec<f64> = (0..points).map(|x| x as f64).collect();
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    xs.iter().map(|x| (x - mean).abs()).sum::<f64>() / xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>()
}

/// Each row is a printed formula (quoted in the item) checked against the crate's model: a
/// statement that fails, with the formula's value as printed and the crate's corrected value.
fn typos(_cfg: &RunConfig) -> Vec<Row> {
    let (alpha, b_max) = (0.5f64, 5f64.sqrt() / 2.0);
    let k = replication::FirstLevelConstants::exponential();
    let mut rows = Vec::new();
    let formula = |draft: Draft, printed_formula: &str, as_printed: f64, model: f64, why: &str, by: &str| {
        draft.model(model).statement(
            &format!("formula as printed: {printed_formula}"),
            (as_printed - model).abs() <= 1e-9 * model.abs().max(1.0),
            &format!("as printed it gives {as_printed:.6}; the crate's {by} gives {model:.6}: {why}"),
        )
    };
    rows.push(formula(
        DOBBER.row("(5.15)", "Var(min)/Var(V), exponential constants"),
        "2(1 − α² − β²)",
        2.0 * (1.0 - alpha * alpha - b_max * b_max),
        k.beta_min * k.beta_min,
        "the printed form is negative; Approx. 5.3.7/(5.16) give 2 − 2α² − β² = 1/4, the exact variance of the minimum of \
         two exponentials",
        "loadbal::replication::FirstLevelConstants::exponential",
    ));
    let (c, r, p, a) = (0.8f64, 1u32, 3u32, 0.5f64);
    let b = (1.0 - 2.0 * a * a).sqrt();
    let big_r = 2f64.powi(r as i32);
    let printed_555 = (1.0 + a * f64::from(p) * c * b)
        / (big_r + big_r * a * c * (b.powi(r as i32) * f64::from(p - r) - (1.0 - b.powi(r as i32)) / (1.0 - b)));
    rows.push(row(DOBBER.row("(5.55)", "model 1.3, beta_max = 1: speedup (alpha 0.5, c 0.8, r 1, p 3)"), |d| {
        let params = JrParams::new(
            a,
            loadbal::replication::BetaMax::Constant(1.0),
            loadbal::replication::BetaMin::Implied,
            1.0,
        )?;
        Ok(formula(
            d,
            "numerator 1 + αpc√(1 − 2α²)",
            printed_555,
            replication::speedup(c, 1 << r, 1 << p, &params)?,
            "the ELB time (r = 0) is 1 + αpc (also (5.83))",
            "loadbal::replication::speedup",
        ))
    }));
    rows.push(row(DOBBER.row("(5.76)", "model 2.2 speedup (Table 5.8 values, c 0.57, R 4, P 16)"), |d| {
        let m22 = JrModel::PartlyIndependentConstantBeta.planetlab_params();
        let (b1, b2, g) = (0.95f64, m22.beta_min_at(1)?, m22.gamma());
        let (c, r, p) = (0.57f64, 2u32, 4u32);
        let big_r = 2f64.powi(r as i32);
        let geo = |x: f64, n: u32| (1.0 - x.powi(n as i32)) / (1.0 - x);
        let printed_576 = (1.0 + alpha * c * geo(b1, p))
            / (big_r + alpha * c * (big_r.powf(g) * b2.powf(g) * geo(b1, p - r) - big_r * geo(b2, r)));
        Ok(formula(
            d,
            "β₂^γ",
            printed_576,
            replication::speedup(c, 1 << r, 1 << p, &m22)?,
            "only β₂^r reduces (5.75)/(5.76) to (5.43) for γ = 1 and to (5.70) for model 2.1",
            "loadbal::replication::speedup",
        ))
    }));
    rows.push(row(DOBBER.row("(2.31)", "4-JR run time, K = 10 iterations of job times 1, 2, 4, 4"), |d| {
        let t = loadbal::replication::Trace::new(vec![vec![1.0; 10], vec![2.0; 10], vec![4.0; 10], vec![4.0; 10]])?;
        let (k_iter, r_rep) = (10.0f64, 4.0f64);
        let n_iter = (k_iter / r_rep).floor();
        let run = t.run_time(&loadbal::replication::TracePolicy::Jr { replicas: 4 }, &Default::default())?;
        let sum_it = run * n_iter / k_iter;
        let printed_231 = r_rep * (k_iter % r_rep) / (k_iter - k_iter % r_rep) * sum_it;
        Ok(formula(
            d,
            "R (K mod R)/(K − K mod R) Σ",
            printed_231,
            run,
            "the printed multiplier R (K mod R)/(K − K mod R) is 1 here (and 0 when R divides K); K/⌊K/R⌋ = 5 scales the 2 \
             simulated JR iterations to K",
            "loadbal::replication::Trace::run_time",
        ))
    }));
    rows
}

/// The reference values §3.7 quotes for i.i.d. normal and exponential job times, against the
/// crate's statistics (`trace_stats`) of simulated series of N = 2000 (B = 20), the thesis's series
/// length; the model column is the N → ∞ limit. Percentages are compared in percent at the
/// printed whole percent.
fn iid_statistics(cfg: &RunConfig) -> Vec<Row> {
    use loadbal::rand_distr::{Distribution, Exp1, StandardNormal};
    use loadbal::replication::trace_stats;
    let t = "§3.7";
    let by = "loadbal::replication::trace_stats";
    let mc = match MonteCarlo::new(cfg.seed ^ 37, cfg.replications(2_000, 200)) {
        Ok(mc) => mc,
        Err(e) => return vec![DOBBER.row(t, "i.i.d. statistics").error(&e)],
    };
    let run = |normal: bool| {
        mc.estimate_vec(6, |_, rng, out| {
            let y: Vec<f64> = (0..2000)
                .map(|_| {
                    if normal {
                        10.0 + Distribution::<f64>::sample(&StandardNormal, rng)
                    } else {
                        Distribution::<f64>::sample(&Exp1, rng)
                    }
                })
                .collect();
            match trace_stats(&y, 20) {
                Ok(s) => out.copy_from_slice(&[
                    s.sd_over_rmse_lv,
                    s.cv_of_sds,
                    100.0 * s.f_jumps,
                    100.0 * s.sd_jumps_over_sd,
                    100.0 * s.mse_jumps_over_var,
                    100.0 * s.rmse_jumps_over_rmse_lv,
                ]),
                Err(_) => out.fill(f64::NAN),
            }
        })
    };
    let (n, e) = match (run(true), run(false)) {
        (Ok(n), Ok(e)) => (n, e),
        (Err(err), _) | (_, Err(err)) => return vec![DOBBER.row(t, "i.i.d. statistics").error(&err)],
    };
    let (ln, le) = iid_limits();
    let pct = |v: f64| 100.0 * v;
    let series = |est: &Estimate| format!("{} series of N = 2000 (single-series sd {:.3})", est.n, est.sd());
    let stats = ["f_jumps, %", "sigma_jumps/sigma, %", "mse_jumps/sigma^2, %", "rmse_jumps/rmse_lv, %"];
    let mut rows = vec![
        DOBBER
            .row(t, "i.i.d.: sigma/rmse_lv = ½√2 (normal series)")
            .printed("0.7")
            .model(ln[0])
            .note("the text: 'A value of 0.7 (= ½√2) indicates … independent and identically distributed'")
            .note(&series(&n[0]))
            .simulated(n[0], by),
        DOBBER
            .row(t, "i.i.d.: sigma/rmse_lv = ½√2 (exponential series)")
            .model(le[0])
            .note(&series(&e[0]))
            .context_simulated(e[0], by),
        DOBBER
            .row(t, "normal: c(sigma), B = 20")
            .printed("0.16")
            .model(ln[1])
            .note("the text names it c(c) (a typo for c(σ), Tables 3.1/3.2); model: the limit sqrt(1 - c4^2)/c4")
            .note(&series(&n[1]))
            .simulated(n[1], by),
    ];
    for (k, (name, printed)) in stats.iter().zip(["16", "60", "36", "76"]).enumerate() {
        rows.push(
            DOBBER
                .row(t, format!("normal: {name}"))
                .printed(printed)
                .model(pct(ln[2 + k]))
                .note(&series(&n[2 + k]))
                .simulated(n[2 + k], by),
        );
    }
    // The thesis does not say how it obtained the exponential values: one simulated series, or
    // the limit truncated. Each row is explained by the reading that covers it, if any.
    let k_single = crate::std_normal_quantile(1.0 - 0.05 / 8.0);
    for (k, (name, printed)) in stats.iter().zip(["13", "73", "53", "81"]).enumerate() {
        let (limit, est) = (pct(le[2 + k]), e[2 + k]);
        let paper: f64 = printed.parse().unwrap_or(f64::NAN);
        let r = DOBBER
            .row(t, format!("exponential: {name}"))
            .printed(printed)
            .model(limit)
            .note(&series(&est))
            .simulated(est, by);
        let why = if limit.floor() == paper {
            Explanation::exact_reading(format!("the N → ∞ limit {limit:.2} % truncated, not rounded"), limit.floor())
        } else {
            Explanation::reading(
                format!(
                    "one simulated series of N = 2000 (the thesis does not say how it got the value; the limit {limit:.2} % \
                     truncated gives {}), within {k_single:.2} single-series sd (Bonferroni over the 4 values)",
                    limit.floor()
                ),
                est.mean,
                k_single * est.sd(),
            )
        };
        rows.push(r.explained(why));
    }
    rows
}
