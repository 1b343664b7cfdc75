//! Dobber (Dobber's thesis): the JR models of chapter 5, the fitted lines of chapters 4 and 6,
//! the printed formulas the crate corrects, and the §3.7 statistics of i.i.d. job times.
//!
//! Every printed number is compared at its printed precision. Where the thesis prints an exact
//! expression (`2/3`, `½√5`) the row compares with the expression's value; where it prints a
//! number the crate does not reproduce, the row carries the computed evidence and the bound
//! within which the explanation holds.

use super::{Row, RunConfig, Section};
use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::replication::exact::{self, Dependence, JobTimeDist};
use loadbal::replication::{JrModel, JrParams, ReplicationError, closed_forms, estimation, fits, optimum};
use loadbal::statrs::statistics::Statistics;
use std::f64::consts::{LN_2, SQRT_2};

const KEY: &str = "dobber";

pub(super) fn sections() -> Vec<Section> {
    vec![
        Section { source: KEY, title: "JR closed forms, thresholds and optimal replicas (§5.4)", run: jr_models },
        Section { source: KEY, title: "JR exact model (5.4) and first-level constants (§5.3)", run: jr_exact },
        Section { source: KEY, title: "Fitted lines: Tables 4.3, 5.4, 5.5, threshold Y* (ch. 4-6)", run: fitted_lines },
        Section { source: KEY, title: "Printed formulas the crate corrects (ch. 2, 5)", run: typos },
        Section {
            source: KEY,
            title: "Trace statistics of i.i.d. normal and exponential job times (§3.7)",
            run: iid_statistics,
        },
    ]
}

/// A row built by `f`, or an `Error` row naming the crate error: rows never vanish.
fn row(table: &str, item: &str, f: impl FnOnce() -> Result<Row, ReplicationError>) -> Row {
    f().unwrap_or_else(|e| Row::error(KEY, table, item, &e))
}

/// A printed exact expression (`2/3`, `8/(√2 + 8)`) against the crate: the printed column holds
/// the expression's value to 15 decimals, the comparison is at 1e-12, and the note names the
/// expression as printed.
fn exact_expr(table: &str, item: &str, text: &str, value: f64, model: f64) -> Row {
    Row::printed_within(
        KEY,
        table,
        item,
        &format!("{value:.15}"),
        model,
        1e-12 * value.abs().max(1.0),
        &format!("printed as the exact expression {text}"),
    )
}

fn jr_models(_cfg: &RunConfig) -> Vec<Row> {
    let m11 = JrModel::M11.table_5_8();
    let m21 = JrParams::model21_table_5_7();
    let mut rows = vec![
        row("(5.20)", "model 1.1: 2-JR beats ELB iff c_X > 2/3", || {
            Ok(exact_expr(
                "(5.20)",
                "model 1.1: 2-JR beats ELB iff c_X > 2/3",
                "2/3",
                2.0 / 3.0,
                optimum::break_even_cv(1, 2, 2, &m11)?,
            ))
        }),
        row("(5.28)", "model 1.1: 4-JR beats 2-JR on P = 4 iff c_X > 4/5", || {
            Ok(exact_expr(
                "(5.28)",
                "model 1.1: 4-JR beats 2-JR on P = 4 iff c_X > 4/5",
                "4/5",
                0.8,
                optimum::break_even_cv(2, 4, 4, &m11)?,
            ))
        }),
        Row::printed(
            KEY,
            "(5.38)",
            "model 1.1: r* = 0 below ln2/(ln2 + 1/2)",
            "0.58",
            optimum::model11_lower_threshold(),
        ),
        Row::printed(
            KEY,
            "(5.39)",
            "model 1.1: r* >= 1 above 4 ln2/(sqrt2 + 4 ln2)",
            "0.66",
            optimum::model11_gain_threshold(),
        ),
    ];
    rows.extend(eq_5_37());
    rows.extend([
        row("(5.65)", "model 2.1: 2-JR beats ELB on P = 4 iff c_X > 4/(8 - sqrt2)", || {
            Ok(Row::printed(
                KEY,
                "(5.65)",
                "model 2.1: 2-JR beats ELB on P = 4 iff c_X > 4/(8 - sqrt2)",
                "0.61",
                optimum::break_even_cv(1, 2, 4, &m21)?,
            ))
        }),
        row("(5.67)", "model 2.1: 4-JR beats 2-JR iff c_X > 8/(sqrt2 + 8)", || {
            Ok(exact_expr(
                "(5.67)",
                "model 2.1: 4-JR beats 2-JR iff c_X > 8/(sqrt2 + 8)",
                "8/(√2 + 8)",
                8.0 / (SQRT_2 + 8.0),
                optimum::break_even_cv(2, 4, 4, &m21)?,
            ))
        }),
        Row::printed(
            KEY,
            "(5.64)",
            "model 2.1: (5.64) valid for c_X < 8/(4 - sqrt2)",
            "3.09",
            optimum::model21_four_processor_thresholds()[2],
        ),
        Row::printed(
            KEY,
            "§5.4.2",
            "model 1.2 special case: asymptote c_X = sqrt6/3",
            "0.82",
            0.5 / optimum::MODEL12_SPECIAL_ALPHA,
        ),
    ]);
    rows.extend(eq_5_49());
    let example = "worked example (alpha 0.60, beta1 1.01, beta2 0.50, c 0.70, P 2^10";
    rows.push(row("§5.4.2", &format!("{example}, R 4): speedup"), || {
        let p = JrParams::constant(0.6, 1.01, 0.5, 1.0)?;
        Ok(Row::printed(
            KEY,
            "§5.4.2",
            &format!("{example}, R 4): speedup"),
            "1.09",
            closed_forms::model12_speedup(0.7, 4, 1024, &p)?,
        )
        .note("(5.44)"))
    }));
    rows.push(row("Fig. 5.10", "worked example: optimal r", || {
        let p = JrParams::constant(0.6, 1.01, 0.5, 1.0)?;
        Ok(Row::printed(
            KEY,
            "Fig. 5.10",
            "worked example: optimal r",
            "2",
            f64::from(optimum::optimal_replicas(0.7, 1024, &p)?.replicas.trailing_zeros()),
        )
        .note("the text says 'the optimal number of replications equals 2'; Fig. 5.10 plots r*, so R* = 4"))
    }));
    rows.push(row("(5.47)", "worked example: continuous r*", || {
        Ok(Row::computed(
            KEY,
            "(5.47)",
            "worked example: continuous r*",
            optimum::model12_continuous_optimum(0.7, 1024, &JrParams::constant(0.6, 1.01, 0.5, 1.0)?)?.level,
        ))
    }));
    rows.push(row("Fig. 5.9", "model 1.1, c_X = 0.95, P = 64: optimal R", || {
        Ok(Row::printed(
            KEY,
            "Fig. 5.9",
            "model 1.1, c_X = 0.95, P = 64: optimal R",
            "16",
            optimum::optimal_replicas(0.95, 64, &m11)?.replicas as f64,
        ))
    }));
    rows.push(row("Fig. 5.14", "model 2.1 (5.74), c_X = 0.42, p = 7: r*", || {
        let discrete = closed_forms::model21_speedup(0.42, 2, 128)?;
        Ok(Row::printed(
            KEY,
            "Fig. 5.14",
            "model 2.1 (5.74), c_X = 0.42, p = 7: r*",
            "1",
            f64::from(optimum::model21_optimal_replicas(0.42, 128)?.trailing_zeros()),
        )
        .note(&format!(
            "the rounded Lambert-W optimum; the discrete argmax of (5.72) is r = 0 (speedup at r = 1 is {discrete:.6})"
        )))
    }));
    rows.push(row("Fig. 5.14", "model 2.1 (5.74), c_X = 1: r* (p = 7)", || {
        Ok(Row::computed(
            KEY,
            "Fig. 5.14",
            "model 2.1 (5.74), c_X = 1: r* (p = 7)",
            f64::from(optimum::model21_optimal_replicas(1.0, 128)?.trailing_zeros()),
        )
        .note("a point of the figure (no number printed): r* = p at c_X = 1"))
    }));
    rows.push(row("Fig. 5.15", "model 2.1, c_X = 1: speedup at r* = p, p = 0..7 linear in p", || {
        let s: Vec<f64> =
            (0..=7).map(|p| closed_forms::model21_speedup(1.0, 1 << p, 1 << p)).collect::<Result<_, _>>()?;
        let steps: Vec<f64> = s.windows(2).map(|w| w[1] - w[0]).collect();
        let spread = steps.iter().fold(0.0f64, |m, d| m.max((d - steps[0]).abs()));
        Ok(Row::computed(KEY, "Fig. 5.15", "model 2.1, c_X = 1: speedup at r* = p, p = 7", s[7]).note(&format!(
            "claim 'for c_X = 1.00 the speedup increases linearly with the p' confirmed: steps {:.6}, largest departure {spread:.1e}",
            steps[0]
        )))
    }));
    rows.extend(eq_5_74());
    for (c, p) in [(0.8, 6u32), (0.9, 10), (0.95, 5)] {
        let item = format!("model 1.1 speedup at r*, c_X = {c}, p = {p}");
        rows.push(row("(5.40)", &item, || {
            Ok(Row::computed(KEY, "(5.40)", &item, optimum::model11_speedup_at_optimum(c, 1 << p)?))
        }));
    }
    // Table 5.8 / Figs. 5.16-5.17: the model side, best R on P = 16.
    for model in JrModel::ALL {
        let c = if model.name().starts_with('1') { 0.8 } else { 0.57 };
        let item = format!("model {} (c_X = {c}), P = 16: best speedup", model.name());
        rows.push(row("Table 5.8", &item, || {
            let best = optimum::optimal_replicas(c, 16, &model.table_5_8())?;
            Ok(Row::computed(KEY, "Table 5.8", &format!("{item} (R = {})", best.replicas), best.speedup)
                .note("model side of Figs. 5.16/5.17; the simulated bars need the Planetlab traces"))
        }));
    }
    rows
}

/// (5.37): r* ≈ ⌊1.44 ln(c/(1 − c)) − 0.22⌋. The crate's continuous optimum of (5.35) gives the
/// slope 1/ln 2 and the constant (with the +½ of the rounding) +0.028766.
fn eq_5_37() -> Vec<Row> {
    let t = "(5.37)";
    let odds = |c: f64| (c / (1.0 - c)).ln();
    let parts = || -> Result<(f64, f64, f64, f64), ReplicationError> {
        let (c1, c2) = (0.6, 0.9);
        let r_cont = |c: f64| optimum::model11_continuous_optimum(c, 1 << 40).map(|o| o.level);
        let slope = (r_cont(c2)? - r_cont(c1)?) / (odds(c2) - odds(c1));
        // r* is linear in ln(c/(1 − c)): the constant (with the +½ of the rounding) at odds 0.
        let constant = r_cont(c2)? - slope * odds(c2) + 0.5;
        // Evidence: the c_X at which ⌊slope·ln(c/(1−c)) + k⌋ reaches 1, for k printed and exact.
        let threshold = |k: f64| {
            let x = ((1.0 - k) / slope).exp();
            x / (1.0 + x)
        };
        Ok((slope, constant, threshold(-0.22), threshold(constant)))
    };
    match parts() {
        Ok((slope, constant, t_printed, t_exact)) => {
            // The explanation (a wrong constant) holds while the crate's constant reproduces the
            // thesis's own threshold (5.39), 0.66, at its printed precision.
            let reproduces_5_39 = (t_exact - 0.66).abs() <= 0.005;
            vec![
                Row::printed(KEY, t, "model 1.1: slope of r* in ln(c/(1-c))", "1.44", slope)
                    .note("slope of the crate's continuous optimum of (5.35) between c_X = 0.6 and 0.9"),
                Row::printed(KEY, t, "model 1.1: constant of r* = floor(1.44 ln(c/(1-c)) + k)", "−0.22", constant).explained(
                    &format!(
                        "thesis slip: with -0.22, r* reaches 1 at c_X = {t_printed:.4}, contradicting its own (5.39) 0.66; \
                         the crate's constant gives {t_exact:.4}"
                    ),
                    if reproduces_5_39 { 0.3 } else { 0.0 },
                ),
            ]
        }
        Err(e) => vec![Row::error(KEY, t, "model 1.1: constant of r*", &e)],
    }
}

/// (5.49): p > 1.44 ln(c/(1.13 − 0.69 c)). From (5.48) the bound is log2(αc/(ln 2 (1 − 2αc)))
/// with α = √6/4: 1.13 = 4 ln 2/√6, but the coefficient of c is 2 ln 2 = 1.386, not 0.69.
fn eq_5_49() -> Vec<Row> {
    let t = "(5.49)";
    let a = optimum::MODEL12_SPECIAL_ALPHA;
    let constant = LN_2 / a;
    let coefficient = 2.0 * LN_2;
    let c = 0.75f64;
    let printed_bound = (c / (1.13 - 0.69 * c)).ln() / LN_2;
    let exact_bound = (c / (constant - coefficient * c)).ln() / LN_2;
    // Evidence from the crate's (5.48): the largest p for which r* = p at c = 0.75.
    let saturated = (1..=12u32)
        .map(|p| optimum::model12_special_optimal_replicas(c, 1 << p).map(|r| (p, r.trailing_zeros())))
        .collect::<Result<Vec<_>, _>>();
    let mut rows =
        vec![Row::printed(KEY, t, "model 1.2 special: constant 4 ln2/sqrt6 in the p bound", "1.13", constant)];
    match saturated {
        Ok(s) => {
            let last_full = s.iter().filter(|(p, r)| p == r).map(|(p, _)| *p).max().unwrap_or(0);
            // The corrected coefficient explains the row while the crate's (5.48) saturates at
            // ⌊exact bound⌋ (and not at the printed formula's bound).
            let consistent = f64::from(last_full) == exact_bound.floor();
            rows.push(
                Row::printed(KEY, t, "model 1.2 special: coefficient of c in the p bound", "0.69", coefficient).explained(
                    &format!(
                        "thesis slip: (5.48) gives 2 ln2 = 1.386; at c_X = 0.75 the printed bound is p > {printed_bound:.3}, \
                         the corrected one p > {exact_bound:.3}, and the crate's (5.48) has r* = p up to p = {last_full}"
                    ),
                    if consistent { 0.75 } else { 0.0 },
                ),
            );
        }
        Err(e) => rows.push(Row::error(KEY, t, "model 1.2 special: coefficient of c in the p bound", &e)),
    }
    rows
}

/// (5.74): r* = 0 below 4 ln2/(4 ln2 + 2 + p ln2) ≈ 2.8/(4.7 + 0.7p), and r* = p above
/// 1/(1 + 1/(1.4·2^{1+1.5p})).
fn eq_5_74() -> Vec<Row> {
    let t = "(5.74)";
    let mut rows = Vec::new();
    // The exact bound's coefficients, read off the crate's threshold at p = 0 and p = 1.
    let coefficients = || -> Result<(f64, f64, f64), ReplicationError> {
        let (t0, t1) = (optimum::model21_zero_threshold(1)?, optimum::model21_zero_threshold(2)?);
        // t(p) = a/(a + 2 + p·ln2) with a = 4 ln2: 1/t(p) − 1 = (2 + p ln2)/a.
        let (u0, u1) = (1.0 / t0 - 1.0, 1.0 / t1 - 1.0);
        let a = 2.0 / u0;
        let per_p = (u1 - u0) * a;
        Ok((a, a + 2.0, per_p))
    };
    match coefficients() {
        Ok((num, den, per_p)) => {
            rows.push(Row::printed(KEY, t, "model 2.1: r* = 0 bound, numerator 4 ln2", "2.8", num));
            rows.push(
                Row::printed(KEY, t, "model 2.1: r* = 0 bound, constant 4 ln2 + 2", "4.7", den)
                    .explained(&format!("truncated, not rounded: 4 ln2 + 2 = {den:.4}"), 0.1),
            );
            rows.push(Row::printed(KEY, t, "model 2.1: r* = 0 bound, coefficient of p (ln2)", "0.7", per_p));
        }
        Err(e) => rows.push(Row::error(KEY, t, "model 2.1: r* = 0 bound", &e)),
    }
    rows.push(row(t, "model 2.1: r* = p bound, factor ln2 of 2^{1+1.5p}", || {
        // 1/c − 1 = 1/(k·2^{1+1.5p}) gives k from the crate's threshold at p = 1.
        let c = optimum::model21_full_threshold(2)?;
        let k = 1.0 / ((1.0 / c - 1.0) * 2f64.powf(2.5));
        // The explanation (a factor 2) holds while twice the crate's factor rounds to the printed 1.4.
        let doubled = (2.0 * k - 1.4).abs() <= 0.05;
        Ok(Row::printed(KEY, t, "model 2.1: r* = p bound, factor ln2 of 2^{1+1.5p}", "1.4", k).explained(
            &format!("thesis slip: the derivative of (5.72) gives ln2 = {k:.4}; the printed 1.4 is 2 ln2"),
            if doubled { (k - 1.4).abs() + 1e-9 } else { 0.0 },
        ))
    }));
    rows
}

/// Batches of `pairs` draws of two i.i.d. copies: the estimate of β(0, 1) = σ(max)/σ(X) from
/// the unbiased batch variances (β² averaged over batches, then the square root, with its
/// standard error by the delta method), and of β(1, 1) = σ(min)/σ(X) likewise.
fn beta_estimates(dist: &JobTimeDist, mc: &MonteCarlo, pairs: usize) -> Result<[Estimate; 2], ReplicationError> {
    let x = dist.sampler()?;
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

fn jr_exact(cfg: &RunConfig) -> Vec<Row> {
    let t = "§5.3.2";
    let mut rows = Vec::new();
    let mc = match MonteCarlo::new(cfg.seed, cfg.replications(400_000, 40_000)) {
        Ok(mc) => mc,
        Err(e) => return vec![Row::error(KEY, t, "first-level constants", &e)],
    };
    let batches = match MonteCarlo::new(cfg.seed ^ 0xbe7a, cfg.replications(400, 100)) {
        Ok(mc) => mc,
        Err(e) => return vec![Row::error(KEY, t, "first-level constants", &e)],
    };
    // Exponential jobs: the thesis prints α = ½ and β(i, j) = ½√5, i < j (§5.3.2).
    let exp = JobTimeDist::Exponential { mean: 1.0 };
    let k = estimation::exponential_first_level();
    rows.push(row(t, "exponential: alpha", || {
        let (alpha, _) = estimation::first_level_monte_carlo(&exp, &mc)?;
        Ok(exact_expr(t, "exponential: alpha", "½", 0.5, k.alpha).with_estimate(alpha))
    }));
    match beta_estimates(&exp, &batches, 1000) {
        Ok([b_max, b_min]) => {
            rows.push(
                exact_expr(t, "exponential: beta(i,j), i<j", "½√5", 5f64.sqrt() / 2.0, k.beta_max).with_estimate(b_max),
            );
            // Fig. 5.7's text assigns ½ to i < j and √5/2 to i = j: the two values swapped.
            let swapped = |model: f64,
                           other: f64,
                           printed_text: &str,
                           printed_value: f64,
                           item: &str,
                           est: Estimate| {
                let mut r = Row::printed_within(
                    KEY,
                    "Fig. 5.7 text",
                    item,
                    &format!("{printed_value:.15}"),
                    model,
                    1e-12,
                    "an exact expression",
                )
                .with_printed_text(printed_text)
                .with_estimate(est);
                let holds = (other - printed_value).abs() < 1e-12;
                r = r.explained(
                    "Fig. 5.7's text swaps the exponential β's: its value is the crate's β for the other index case (§5.3.2)",
                    if holds { (model - printed_value).abs() + 1e-9 } else { 0.0 },
                );
                r
            };
            rows.push(swapped(k.beta_max, k.beta_min, "½", 0.5, "exponential: beta(i,j), i<j", b_max));
            rows.push(swapped(k.beta_min, k.beta_max, "√5/2", 5f64.sqrt() / 2.0, "exponential: beta(i,i)", b_min));
        }
        Err(e) => rows.push(Row::error(KEY, t, "exponential: beta", &e)),
    }
    // Normal jobs: "close to exact", no value printed.
    let normal = JobTimeDist::Normal { mean: 1.0, sd: 0.2 };
    let kn = estimation::normal_first_level();
    rows.push(row(t, "normal: alpha = 1/sqrt(pi)", || {
        let (alpha, _) = estimation::first_level_monte_carlo(&normal, &mc)?;
        Ok(Row::computed(KEY, t, "normal: alpha = 1/sqrt(pi)", kn.alpha)
            .with_estimate(alpha)
            .note("the thesis: 'close to exact', no value printed"))
    }));
    match beta_estimates(&normal, &batches, 1000) {
        Ok([b_max, b_min]) => {
            rows.push(
                Row::computed(KEY, t, "normal: beta(i,j), i<j = sqrt(1 - 1/pi)", kn.beta_max).with_estimate(b_max),
            );
            rows.push(Row::computed(KEY, t, "normal: beta(i,i) = sqrt(1 - 1/pi)", kn.beta_min).with_estimate(b_min));
        }
        Err(e) => rows.push(Row::error(KEY, t, "normal: beta", &e)),
    }
    // Exact (5.4), exponential jobs on P = 8: dependent case in closed form, both by Monte Carlo.
    let trees = MonteCarlo::new(cfg.seed ^ 0x5eed, cfg.replications(100_000, 10_000));
    let sims = trees.map_err(ReplicationError::from).and_then(|mc| {
        Ok((
            exact::ExactModel::new(exp, Dependence::SameProcessorSameIteration)?
                .run(&[1, 2, 4, 8], 8, &mc)?
                .iteration_times,
            exact::ExactModel::new(exp, Dependence::Independent)?.run(&[1, 2, 4, 8], 8, &mc)?.iteration_times,
        ))
    });
    let (dep, ind) = match sims {
        Ok(s) => s,
        Err(e) => {
            rows.push(Row::error(KEY, "(5.4)", "exact R_it, exponential, P = 8", &e));
            return rows;
        }
    };
    for r in 0..=3u32 {
        let big_r = 1u32 << r;
        let item = format!("exact R_it, exponential, same-processor jobs equal, P = 8, R = {big_r}");
        rows.push(row("(5.4)", &item, || {
            let v = exact::exponential_dependent_iteration_time(1.0, 1 << r, 8)?;
            Ok(Row::computed(KEY, "(5.4)", &item, v).with_estimate(dep[r as usize]).note("E(X) H_{P/R}"))
        }));
        let item = format!("exact R_it, exponential, independent jobs, P = 8, R = {big_r}");
        rows.push(row("(5.4)", &item, || {
            let v = exact::exponential_independent_iteration_time(1.0, 1 << r, 8)?;
            Ok(Row::computed(KEY, "(5.4)", &item, v)
                .with_estimate(ind[r as usize])
                .note("E max of P/R i.i.d. Gamma(R, rate R), by the order-statistics quadrature"))
        }));
        let item = format!("approximation with exponential constants, gamma = 1, P = 8, R = {big_r}");
        rows.push(row("Fig. 5.7", &item, || {
            let approx = JrParams::new(
                k.alpha,
                loadbal::replication::BetaMax::Constant(k.beta_max),
                loadbal::replication::BetaMin::Constant(k.beta_min),
                1.0,
            )?;
            Ok(Row::computed(KEY, "Fig. 5.7", &item, loadbal::replication::iteration_time(&JobTimeDist::Exponential { mean: 1.0 }, 1 << r, 8, &approx)?).note(
                "the approximation is exact only at the first tree level (the thesis says exact for i.i.d. exponential)",
            ))
        }));
    }
    rows
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

fn fitted_lines(_cfg: &RunConfig) -> Vec<Row> {
    let mut rows = Vec::new();
    // Table 5.4: correlations of β(r, p) and α(r, p) with r and p, by the thesis's weighted
    // per-column procedure applied to the printed Tables 5.2 and 5.1.
    let t54 = "Table 5.4";
    let beta: Vec<Vec<f64>> = loadbal::replication::BetaTable::thesis_table_5_2().rows;
    let alpha: Vec<Vec<f64>> = crate::fixtures::dobber::TABLE_5_1_ALPHA.iter().map(|r| r.to_vec()).collect();
    for (name, table, printed, source) in
        [("β(r, p)", &beta, ["−0.94", "0.65"], "5.2"), ("α(r, p)", &alpha, ["−0.31", "−0.70"], "5.1")]
    {
        for (k, var) in ["r", "p"].iter().enumerate() {
            let item = format!("corr({name}, {var}), weighted over {}", if k == 0 { "p" } else { "r" });
            rows.push(row(t54, &item, || {
                let pick = |t: &[Vec<f64>]| fits::table_correlations(t).map(|c| if k == 0 { c.0 } else { c.1 });
                let value = pick(table.as_slice())?;
                let sens = rounding_sensitivity(table, pick)?;
                let paper = super::PrintedNumber::parse(printed[k]).map_or(f64::NAN, |p| p.value);
                let r = Row::printed(KEY, t54, &item, printed[k], value);
                let gap = (value - paper).abs();
                Ok(if gap <= 0.005 + sens {
                    r.explained(
                        &format!("within what the 2-decimal rounding of the printed Table {source} can move the procedure (±{sens:.3}): the thesis correlated unrounded averages"),
                        0.005 + sens,
                    )
                } else {
                    r.explained(
                        &format!(
                            "Table 5.4 contradicts Table {source}: the same procedure on the printed table gives {value:+.3} \
                             (rounding of the cells moves it by at most {sens:.3}); the unrounded averages are not printed"
                        ),
                        0.7,
                    )
                })
            }));
        }
    }
    let t43 = "Table 4.3";
    for (t, ccr, speedup) in [(0.05, "0.500", "1.50"), (0.10, "0.250", "1.53")] {
        rows.push(row(t43, &format!("t = {t}: CCR"), || {
            Ok(Row::printed(KEY, t43, &format!("t = {t}: CCR"), ccr, fits::ccr_of_t(t)?))
        }));
        let item = format!("t = {t}: estimated speedup from (4.1)/(4.2)");
        rows.push(row(t43, &item, || Ok(Row::printed(KEY, t43, &item, speedup, fits::dlb_speedup_fit(t)?))));
    }
    for (t, ccr, measured) in
        [(1.25, "0.020", "1.71"), (2.5, "0.010", "1.82"), (3.75, "0.007", "1.82"), (5.0, "0.005", "1.83")]
    {
        rows.push(row(t43, &format!("t = {t}: CCR"), || {
            Ok(Row::printed(KEY, t43, &format!("t = {t}: CCR"), ccr, fits::ccr_of_t(t)?))
        }));
        let item = format!("t = {t}: measured average speedup vs the fitted lines (4.1)/(4.2)");
        rows.push(row(t43, &item, || {
            Ok(Row::printed(KEY, t43, &item, measured, fits::dlb_speedup_fit(t)?).explained(
                "a Planetlab measurement scatters around the thesis's own least-squares lines (4.1)/(4.2); residual accepted up to 0.03",
                0.03,
            ))
        }));
    }
    rows.push(row("§4.4", "asymptotic DLB speedup 41600/22200", || {
        Ok(Row::printed(
            KEY,
            "§4.4",
            "asymptotic DLB speedup 41600/22200",
            "1.87",
            fits::dlb_speedup_fit(f64::INFINITY)?,
        ))
    }));
    rows.push(row("§6.2", "threshold Y* between (6.4) and (6.5)", || {
        let (a, b) = (crate::fixtures::dobber::JR_LINE, crate::fixtures::dobber::DLB_LINE);
        let y = fits::threshold(&a, &b)?;
        // Rounding of the four printed coefficients (slopes to 4 decimals, intercepts to units).
        let ds = a.slope - b.slope;
        let sens = 2.0 * 5e-5 * (y / ds).abs() + 2.0 * 0.5 / ds.abs();
        Ok(Row::printed(KEY, "§6.2", "threshold Y* between (6.4) and (6.5)", "7708", y).explained(
            &format!("the printed coefficients give {y:.1}; their rounding moves Y* by up to {sens:.1}, the thesis used unrounded ones"),
            0.5 + sens,
        ))
    }));
    let t55 = "Table 5.5";
    rows.push(row(t55, "d alpha / d p from Table 5.1", || {
        Ok(Row::printed(
            KEY,
            t55,
            "d alpha / d p from Table 5.1",
            "−0.009",
            fits::table_slopes(&crate::fixtures::dobber::TABLE_5_1_ALPHA)?.along_p,
        ))
    }));
    rows.push(row(t55, "d alpha / d r from Table 5.1", || {
        // Rounding: each per-r average moves by at most 0.005; the OLS slope over r = 0..6 by at
        // most 0.005·Σ|r − r̄|/Σ(r − r̄)².
        let rs: Vec<f64> = (0..7).map(f64::from).collect();
        let mean = 3.0;
        let sens = 0.005 * rs.iter().map(|r| (r - mean).abs()).sum::<f64>() / rs.iter().map(|r| (r - mean).powi(2)).sum::<f64>();
        let v = fits::table_slopes(&crate::fixtures::dobber::TABLE_5_1_ALPHA)?.along_r;
        Ok(Row::printed(KEY, t55, "d alpha / d r from Table 5.1", "−0.008", v).explained(
            &format!("the printed Table 5.1 gives {v:.4}; its 2-decimal rounding moves the slope by up to {sens:.4}: the thesis fitted unrounded averages"),
            0.0005 + sens,
        ))
    }));
    rows
}

/// Each row evaluates a formula as printed (the row's printed value, shown with the formula in
/// the item) and the crate's corrected form (`model`); the printed formula is the evidence.
fn typos(_cfg: &RunConfig) -> Vec<Row> {
    let (alpha, b_max) = (0.5f64, 5f64.sqrt() / 2.0);
    let k = estimation::exponential_first_level();
    let mut rows = Vec::new();
    let formula = |table: &str, item: &str, printed_formula: &str, as_printed: f64, model: f64, why: &str| {
        Row::printed_within(
            KEY,
            table,
            item,
            &format!("{as_printed:.12}"),
            model,
            1e-9,
            "the printed formula evaluated",
        )
        .with_printed_text(printed_formula)
        .explained(why, (model - as_printed).abs() + 1e-9)
    };
    rows.push(formula(
        "(5.15)",
        "Var(min)/Var(V), exponential constants",
        "2(1 − α² − β²)",
        2.0 * (1.0 - alpha * alpha - b_max * b_max),
        k.beta_min * k.beta_min,
        "printed 2(1 - a^2 - b^2) is negative; Approx. 5.3.7/(5.16) give 2 - 2a^2 - b^2 = 1/4, the exact variance of the minimum of two exponentials",
    ));
    let (c, r, p, a) = (0.8f64, 1u32, 3u32, 0.5f64);
    let b = (1.0 - 2.0 * a * a).sqrt();
    let big_r = 2f64.powi(r as i32);
    let printed_555 = (1.0 + a * f64::from(p) * c * b)
        / (big_r + big_r * a * c * (b.powi(r as i32) * f64::from(p - r) - (1.0 - b.powi(r as i32)) / (1.0 - b)));
    rows.push(row("(5.55)", "model 1.3, beta_max = 1: speedup", || {
        Ok(formula(
            "(5.55)",
            "model 1.3, beta_max = 1: speedup (alpha 0.5, c 0.8, r 1, p 3)",
            "numerator 1 + αpc√(1 − 2α²)",
            printed_555,
            closed_forms::model13_unit_beta_speedup(
                c,
                1 << r,
                1 << p,
                &JrParams::new(
                    a,
                    loadbal::replication::BetaMax::Constant(1.0),
                    loadbal::replication::BetaMin::Def538,
                    1.0,
                )?,
            )?,
            "printed numerator 1 + a p c sqrt(1 - 2a^2); the ELB time (r = 0) is 1 + a p c (also (5.83))",
        ))
    }));
    rows.push(row("(5.76)", "model 2.2 speedup", || {
        let m22 = JrModel::M22.table_5_8();
        let (b1, b2, g) = (0.95f64, m22.beta_min_at(1)?, 0.81f64);
        let (c, r, p) = (0.57f64, 2u32, 4u32);
        let big_r = 2f64.powi(r as i32);
        let geo = |x: f64, n: u32| (1.0 - x.powi(n as i32)) / (1.0 - x);
        let printed_576 = (1.0 + alpha * c * geo(b1, p))
            / (big_r + alpha * c * (big_r.powf(g) * b2.powf(g) * geo(b1, p - r) - big_r * geo(b2, r)));
        Ok(formula(
            "(5.76)",
            "model 2.2 speedup (Table 5.8 values, c 0.57, R 4, P 16)",
            "β₂^γ",
            printed_576,
            closed_forms::model12_speedup(c, 1 << r, 1 << p, &m22)?,
            "printed beta2^gamma; only beta2^r reduces (5.75)/(5.76) to (5.43) for gamma = 1 and to (5.70) for model 2.1",
        ))
    }));
    rows.push(row("(2.31)", "4-JR run time, K = 10", || {
        let t = loadbal::replication::trace::Trace::new(vec![vec![1.0; 10], vec![2.0; 10], vec![4.0; 10], vec![4.0; 10]])?;
        let (k_iter, r_rep) = (10.0f64, 4.0f64);
        let n_iter = (k_iter / r_rep).floor();
        let run = loadbal::replication::simulate::jr_run_time(&t, 4, &Default::default())?;
        let sum_it = run * n_iter / k_iter;
        let printed_231 = r_rep * (k_iter % r_rep) / (k_iter - k_iter % r_rep) * sum_it;
        Ok(formula(
            "(2.31)",
            "4-JR run time, K = 10 iterations of job times 1, 2, 4, 4",
            "R (K mod R)/(K − K mod R) Σ",
            printed_231,
            run,
            "printed multiplier R (K mod R)/(K - K mod R) = 1 (and 0 when R divides K); K/floor(K/R) = 5 scales the 2 simulated JR iterations to K",
        ))
    }));
    rows
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

/// The reference values §3.7 quotes for i.i.d. normal and exponential job times. `model` is the
/// N → ∞ limit; `monte_carlo` the mean over simulated series of N = 2000 (B = 20), the thesis's
/// series length. Percentages are compared in percent at the printed whole percent.
fn iid_statistics(cfg: &RunConfig) -> Vec<Row> {
    use loadbal::rand_distr::{Distribution, Exp1, StandardNormal};
    use loadbal::replication::stats::trace_stats;
    let t = "§3.7";
    let mc = match MonteCarlo::new(cfg.seed ^ 37, cfg.replications(2_000, 200)) {
        Ok(mc) => mc,
        Err(e) => return vec![Row::error(KEY, t, "i.i.d. statistics", &e)],
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
        (Err(err), _) | (_, Err(err)) => return vec![Row::error(KEY, t, "i.i.d. statistics", &err)],
    };
    let (ln, le) = iid_limits();
    let pct = |v: f64| 100.0 * v;
    // The N = 2000 series is not the N → ∞ limit: the MC is shown, not compared with the model.
    let with_mc = |r: Row, est: Estimate| {
        let mut r = r;
        r.monte_carlo = Some(est.mean);
        r.mc_std_err = Some(est.std_err);
        r.note(&format!("monte carlo: mean over {} series of N = 2000 (single-series sd {:.3})", est.n, est.std_dev()))
    };
    let stats = ["f_jumps, %", "sigma_jumps/sigma, %", "mse_jumps/sigma^2, %", "rmse_jumps/rmse_lv, %"];
    let mut rows = vec![
        with_mc(
            Row::printed(KEY, t, "i.i.d.: sigma/rmse_lv = ½√2 (normal series)", "0.7", ln[0])
                .note("the text: 'A value of 0.7 (= ½√2) indicates … independent and identically distributed'"),
            n[0],
        ),
        with_mc(Row::computed(KEY, t, "i.i.d.: sigma/rmse_lv = ½√2 (exponential series)", le[0]), e[0]),
        with_mc(
            Row::printed(KEY, t, "normal: c(sigma), B = 20", "0.16", ln[1])
                .note("the text names it c(c) (a typo for c(σ), Tables 3.1/3.2); limit sqrt(1 - c4^2)/c4"),
            n[1],
        ),
    ];
    for (k, (name, printed)) in stats.iter().zip(["16", "60", "36", "76"]).enumerate() {
        rows.push(with_mc(Row::printed(KEY, t, &format!("normal: {name}"), printed, pct(ln[2 + k])), n[2 + k]));
    }
    for (k, (name, printed)) in stats.iter().zip(["13", "73", "53", "81"]).enumerate() {
        let (limit, est) = (pct(le[2 + k]), e[2 + k]);
        let r = Row::printed(KEY, t, &format!("exponential: {name}"), printed, limit);
        let paper: f64 = printed.parse().unwrap_or(f64::NAN);
        let sd = est.std_dev();
        let r = if limit.floor() == paper {
            r.explained(&format!("the limit {limit:.2} % truncated, not rounded"), 1.0)
        } else {
            // Not a rounding or truncation of the limit: within the scatter of one simulated
            // series of N = 2000 (the thesis does not say how it obtained these values).
            r.explained(
                &format!(
                    "not a rounding of the limit {limit:.2} %: the printed value is {:.1} single-series sd from the N = 2000 mean \
                     {:.2} %, as one simulated series would be (how the thesis got it is not stated)",
                    (paper - est.mean).abs() / sd,
                    est.mean
                ),
                (est.mean - limit).abs() + 4.0 * sd,
            )
        };
        rows.push(with_mc(r, est));
    }
    rows
}
