//! Ahn et al.: the ensemble numbers beyond the order statistics — the static variance conventions
//! of §4.3/§5.2, the percentages the text states (§5.4, §5.5, abstract, conclusions), checked on
//! the paper's own tables, the internal identities of Tables 2 and 3, and (in [`tables`]) Tables
//! 1–3 and Fig. 1 as single runs against the simulator's run-to-run spread.

mod tables;

use crate::error::PapersError;
use crate::row::{Computed, Paper, Row};
use crate::sections::{RunConfig, Section};
use loadbal::ensemble::{
    Algorithm, EnsembleError, SimConfig, VarianceConvention, monte_carlo_metrics, static_variance,
};
use loadbal::law::Law;
use loadbal::montecarlo::MonteCarlo;

pub(crate) const AHN: Paper = Paper::new("ahn");
pub(crate) const WILD: (f64, f64) = (488.1, 116.6);
pub(crate) const MUTANT: (f64, f64) = (152.0, 191.1);

/// The paper's two moments of a task time as a law, for the closed forms (which use only its
/// mean and standard deviation): the gamma law the simulations draw from.
pub(crate) fn two_moments(mean: f64, sd: f64) -> Result<Law, EnsembleError> {
    Ok(Law::gamma_mean_sd(mean, sd)?)
}

/// Printed columns of Tables 2 (wild) and 3 (mutant): \[ensemble 25/100\]\[Static, MD, AR, RP, NR\]
/// \[avg, max, min, RAV, max idle, avg idle, % idle\].
pub(crate) const TABLE2: [[[f64; 7]; 5]; 2] = [
    [
        [19524.0, 20795.0, 18055.0, 680.0, 2740.0, 1271.0, 6.5],
        [19362.0, 19781.0, 19084.0, 195.0, 697.0, 419.0, 2.2],
        [19277.0, 19709.0, 19033.0, 172.0, 676.0, 432.0, 2.2],
        [19515.0, 19836.0, 19254.0, 150.0, 582.0, 321.0, 1.7],
        [19578.0, 19931.0, 19175.0, 210.0, 756.0, 352.0, 1.8],
    ],
    [
        [47880.0, 51050.0, 44431.0, 1272.0, 6619.0, 3170.0, 6.6],
        [47778.0, 48289.0, 47354.0, 196.0, 935.0, 511.0, 1.1],
        [48039.0, 48413.0, 47802.0, 154.0, 611.0, 374.0, 0.8],
        [47991.0, 48412.0, 47725.0, 187.0, 687.0, 421.0, 0.9],
        [48020.0, 48556.0, 47643.0, 227.0, 914.0, 536.0, 1.1],
    ],
];
/// Table 3 (mutant), same layout.
pub(crate) const TABLE3: [[[f64; 7]; 5]; 2] = [
    [
        [6079.0, 8054.0, 3995.0, 943.0, 4059.0, 1975.0, 32.5],
        [5612.0, 5922.0, 5417.0, 165.0, 505.0, 310.0, 5.5],
        [5740.0, 5965.0, 5554.0, 118.0, 411.0, 225.0, 3.9],
        [6090.0, 6387.0, 5921.0, 125.0, 466.0, 297.0, 4.9],
        [6044.0, 6333.0, 5865.0, 150.0, 468.0, 289.0, 4.8],
    ],
    [
        [13921.0, 18038.0, 8950.0, 1695.0, 9088.0, 4117.0, 29.6],
        [14042.0, 14617.0, 13801.0, 193.0, 815.0, 575.0, 4.1],
        [13990.0, 14606.0, 13815.0, 164.0, 791.0, 616.0, 4.4],
        [13911.0, 14371.0, 13767.0, 137.0, 604.0, 460.0, 3.3],
        [13927.0, 14466.0, 13545.0, 229.0, 921.0, 539.0, 3.9],
    ],
];
pub(crate) const METRICS: [&str; 7] =
    ["avg compute", "max compute", "min compute", "RAV", "max idle", "avg idle", "% idle"];
pub(crate) const ENSEMBLES: [(u64, usize); 2] = [(1000, 25), (10_000, 100)];

pub(crate) fn sections() -> Vec<Section> {
    vec![
        Section {
            source: "ahn",
            title: "ensemble: static variance (§4.3, §5.2) and the text's percentages on Tables 2, 3",
            run: text,
        },
        Section {
            source: "ahn",
            title: "ensemble: Tables 2, 3, §5.2 and Fig. 1 (single runs vs run-to-run spread)",
            run: tables::tables_2_3,
        },
        Section {
            source: "ahn",
            title: "ensemble: Table 1 RAV, experiment and theory along simulated histories",
            run: tables::table_1,
        },
    ]
}

/// 100·(1 − after/before).
fn reduction(before: f64, after: f64) -> f64 {
    100.0 * (1.0 - after / before)
}

/// Tables 2 and 3 as one argument.
type Tables = [[[[f64; 7]; 5]; 2]; 2];

/// How much `f` of the printed cells can move when every cell moves within its rounding (half a
/// second, or 0.05 point for the percentages), to first order: Σ |∂f/∂cell| · half unit.
fn propagated(f: &dyn Fn(&Tables) -> f64) -> f64 {
    let base_tables: Tables = [TABLE2, TABLE3];
    let base = f(&base_tables);
    let mut sum = 0.0;
    for t in 0..2 {
        for e in 0..2 {
            for a in 0..5 {
                for m in 0..7 {
                    let mut moved = base_tables;
                    moved[t][e][a][m] += if m == 6 { 0.05 } else { 0.5 };
                    sum += (f(&moved) - base).abs();
                }
            }
        }
    }
    sum
}

/// A number the text prints, against the same number computed from the tables' printed cells by
/// `f`: tolerance half a unit of the printed value plus the cells' rounding propagated through
/// `f`.
fn from_tables(table: &str, item: &str, printed: &str, f: &dyn Fn(&Tables) -> f64, how: &str) -> Row {
    let rounding = propagated(f);
    AHN.row(table, item)
        .printed(printed)
        .note(&format!("{how}; tolerance: half a printed unit + {rounding:.4} from the cells' rounding"))
        .paper_check(f(&[TABLE2, TABLE3]), rounding)
}

fn text(cfg: &RunConfig) -> Vec<Row> {
    let (mu, sd) = WILD;
    let var = |c| two_moments(mu, sd).and_then(|l| static_variance(&l, 1000, 25, c));
    let t = "§5.2 text";
    let draft = AHN.row(t, "√E[ξ²] = √(p/(p−1)·R·σ_T²), §5.2 form").printed("752.65");
    let mut rows = vec![match var(VarianceConvention::ScaledByProcessors) {
        Ok(v) => draft
            .note("p = 25, R = 40, σ_T = 116.6; the exact static value is √(Rσ_T²) = 737.44 (next row)")
            .reproduced(Computed::by("loadbal::ensemble::static_variance", v.sqrt())),
        Err(e) => draft.error(&e),
    }];
    // The exact E[ξ²] at t = 0 against eq. (13): a static simulation large enough to tell them
    // apart (they differ by 3%; one run's sample variance has a relative sd of about 29%).
    let reps = cfg.replications(40_000, 8_000);
    let sim = || -> Result<_, PapersError> {
        let g = Law::gamma_mean_sd(mu, sd)?;
        let mc = MonteCarlo::new(cfg.seed, reps)?;
        Ok(monte_carlo_metrics(&g, &SimConfig::new(1000, 25, Algorithm::Static), &mc)?)
    };
    match (var(VarianceConvention::Exact), var(VarianceConvention::WithRunningTaskCorrection), sim()) {
        (Ok(exact), Ok(eq13), Ok(sim)) => {
            let est = sim.variance;
            let (z_exact, z_13) = ((est.mean - exact) / est.std_err, (est.mean - eq13) / est.std_err);
            let verdict = if z_exact.abs() <= 4.0 && z_13.abs() > 4.0 {
                "the simulation separates them: it rejects (13)'s value"
            } else {
                "the simulation cannot separate the two values at this size"
            };
            rows.push(
                AHN.row(t, "E[ξ²] exact at t = 0: R σ_T²")
                    .note("Monte Carlo: static runs of 1,000 gamma task times (4a) on 25 processors")
                    .context(exact, "loadbal::ensemble::static_variance")
                    .with_estimate(est),
            );
            rows.push(
                AHN.row("§4.3 eq. (13)", "E[ξ²] by (13): Rσ² + ((p−1)/p)(μ²/12 − σ²/6)")
                    .note(&format!(
                        "(13) inserts the running-task correction of (9), which does not apply at t = 0; root {:.2}; \
                         the static simulation ({reps} runs) gives {:.0} ± {:.0}: {z_exact:+.1} SE from the exact value, \
                         {z_13:+.1} SE from (13): {verdict}",
                        eq13.sqrt(),
                        est.mean,
                        est.std_err
                    ))
                    .context(eq13, "loadbal::ensemble::static_variance"),
            );
        }
        (Err(e), _, _) | (_, Err(e), _) => rows.push(AHN.row(t, "E[ξ²] exact and by (13)").error(&e)),
        (_, _, Err(e)) => rows.push(AHN.row(t, "E[ξ²] by static simulation").error(&e)),
    }
    rows.extend(percentages());
    rows.extend(identities());
    rows
}

/// Wall-clock (max compute) reduction of algorithm `a` over static, ensemble `e`, in %.
fn wall(t: &[[[f64; 7]; 5]; 2], e: usize, a: usize) -> f64 {
    reduction(t[e][0][1], t[e][a][1])
}

/// Average idle time reduction of algorithm `a` over static, ensemble `e`, in %.
fn idle(t: &[[[f64; 7]; 5]; 2], e: usize, a: usize) -> f64 {
    reduction(t[e][0][5], t[e][a][5])
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

fn best(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}

/// `f(e, a)` over the 4 DLB algorithms of ensemble `e`.
fn dlb(e: usize, f: &dyn Fn(usize, usize) -> f64) -> Vec<f64> {
    (1..5).map(|a| f(e, a)).collect()
}

/// `f(e, a)` over the 8 DLB columns.
fn dlb8(f: &dyn Fn(usize, usize) -> f64) -> Vec<f64> {
    (0..2).flat_map(|e| dlb(e, f)).collect()
}

fn list(v: &[f64]) -> String {
    v.iter().map(|x| format!("{x:.1}")).collect::<Vec<_>>().join(", ")
}

/// The percentages and differences the text states, recomputed from the printed table columns.
fn percentages() -> Vec<Row> {
    let (s54, s55) = ("§5.4 text", "§5.5 text");
    let w = |t: &Tables| t[0];
    let m = |t: &Tables| t[1];
    let mut_idle_min = dlb8(&|e, a| idle(&TABLE3, e, a)).into_iter().fold(f64::INFINITY, f64::min);
    let two_thirds = mean(&dlb(0, &|e, a| idle(&TABLE2, e, a)));
    vec![
        AHN.row(s54, "wild 1,000/25: wall-clock difference ≈ 1,000 s (MD)")
            .printed_exact("≈ 1,000 (two significant digits)", 1000.0)
            .note("Table 2: 20,795 − 19,781; 'approximately' read at the precision of its two significant digits (±50 s) + 1 s for the cells")
            .paper_check(20_795.0 - 19_781.0, 50.0 + 1.0),
        from_tables(
            s54,
            "wild 1,000/25: wall-clock reduction 4.9% (MD)",
            "4.9",
            &|t| wall(&w(t), 0, 1),
            &format!("Table 2's max compute; MD, AR, RP, NR give {}%", list(&dlb(0, &|e, a| wall(&TABLE2, e, a)))),
        ),
        AHN.row(s54, "wild 10,000/100: wall-clock difference ≈ 2,800 s (MD)")
            .printed_exact("≈ 2,800 (two significant digits)", 2800.0)
            .note("Table 2: 51,050 − 48,289; 'approximately' read at the precision of its two significant digits (±50 s) + 1 s for the cells")
            .paper_check(51_050.0 - 48_289.0, 50.0 + 1.0),
        from_tables(
            s54,
            "wild 10,000/100: wall-clock reduction 5.4% (MD)",
            "5.4",
            &|t| wall(&w(t), 1, 1),
            &format!("MD, AR, RP, NR give {}%", list(&dlb(1, &|e, a| wall(&TABLE2, e, a)))),
        ),
        AHN.row(s54, "wild 1,000/25: DLB eliminates ≈ two thirds of the idle time (mean of 4, %)")
            .printed_exact("two thirds", 200.0 / 3.0)
            .note(&format!(
                "\"eliminated approximately two thirds of the idle time for 25 processors\"; per algorithm {}%; a fraction \
                 printed in thirds is precise to half a third (±16.7 points) + {:.2} from the cells' rounding",
                list(&dlb(0, &|e, a| idle(&TABLE2, e, a))),
                propagated(&|t| mean(&dlb(0, &|e, a| idle(&w(t), e, a))))
            ))
            .paper_check(two_thirds, 100.0 / 6.0 + propagated(&|t| mean(&dlb(0, &|e, a| idle(&w(t), e, a))))),
        from_tables(s54, "wild 1,000/25: % idle, static", "6.5", &|t| w(t)[0][0][6], "Table 2's cell"),
        from_tables(
            s54,
            "wild 1,000/25: % idle with DLB (mean of 4)",
            "2",
            &|t| mean(&dlb(0, &|e, a| w(t)[e][a][6])),
            "Table 2: 2.2, 2.2, 1.7, 1.8%",
        ),
        from_tables(
            s54,
            "wild 10,000/100: idle time eliminated, roughly 85% (mean of 4)",
            "85",
            &|t| mean(&dlb(1, &|e, a| idle(&w(t), e, a))),
            &format!("per algorithm {}%", list(&dlb(1, &|e, a| idle(&TABLE2, e, a)))),
        ),
        from_tables(s54, "wild 10,000/100: % idle, static", "7", &|t| w(t)[1][0][6], "Table 2 prints 6.6%"),
        from_tables(
            s54,
            "wild 10,000/100: % idle with DLB (mean of 4)",
            "1",
            &|t| mean(&dlb(1, &|e, a| w(t)[e][a][6])),
            "Table 2: 1.1, 0.8, 0.9, 1.1%",
        ),
        from_tables(
            s55,
            "mutant 1,000/25: wall-clock reduction ≈ 26% (best of 4)",
            "26",
            &|t| best(&dlb(0, &|e, a| wall(&m(t), e, a))),
            &format!("MD, AR, RP, NR give {}%", list(&dlb(0, &|e, a| wall(&TABLE3, e, a)))),
        ),
        from_tables(
            s55,
            "mutant 10,000/100: wall-clock reduction ≈ 21% (best of 4)",
            "21",
            &|t| best(&dlb(1, &|e, a| wall(&m(t), e, a))),
            &format!("MD, AR, RP, NR give {}%", list(&dlb(1, &|e, a| wall(&TABLE3, e, a)))),
        ),
        {
            let rounding = propagated(&|t| dlb8(&|e, a| idle(&m(t), e, a)).into_iter().fold(f64::INFINITY, f64::min));
            AHN.row(s55, "mutant: avg idle reduced by 85% or more, every algorithm and ensemble (smallest of 8, %)")
                .printed("85")
                .model(mut_idle_min)
                .statement(
                    "Average processor idle time was reduced by 85% or more for each dynamic algorithm and on each ensemble",
                    mut_idle_min >= 85.0 - 0.5 - rounding,
                    &format!(
                        "checked on the paper's own Table 3 (no crate model): per column {}%, the smallest {:.1}% (MD on \
                         1,000/25: 1 − 310/1,975), against 85 − half a unit − {rounding:.2} from the cells' rounding",
                        list(&dlb8(&|e, a| idle(&TABLE3, e, a))),
                        mut_idle_min
                    ),
                )
        },
        from_tables(
            s55,
            "mutant: % idle from ≈ 30% (mean of the 2 static)",
            "30",
            &|t| (m(t)[0][0][6] + m(t)[1][0][6]) / 2.0,
            "Table 3 prints 32.5% and 29.6%",
        ),
        from_tables(
            s55,
            "mutant: % idle down to ≈ 4% (mean of 8 DLB)",
            "4",
            &|t| mean(&dlb8(&|e, a| m(t)[e][a][6])),
            "Table 3: 5.5, 3.9, 4.9, 4.8, 4.1, 4.4, 3.3, 3.9%",
        ),
        from_tables(
            "abstract",
            "overall time reduced by up to 25% (best mutant, %)",
            "25",
            &|t| best(&dlb8(&|e, a| wall(&m(t), e, a))),
            &format!("Table 3's 8 DLB columns give {}%", list(&dlb8(&|e, a| wall(&TABLE3, e, a)))),
        ),
        from_tables(
            "abstract",
            "total idle time reduced by 85% (mean over mutant DLB, %)",
            "85",
            &|t| mean(&dlb8(&|e, a| idle(&m(t), e, a))),
            &format!("Table 3's 8 DLB columns give {}%", list(&dlb8(&|e, a| idle(&TABLE3, e, a)))),
        ),
        from_tables(
            "§6 conclusions",
            "wall clock reduced by about 5% for wild type (mean of 8)",
            "5",
            &|t| mean(&dlb8(&|e, a| wall(&w(t), e, a))),
            &format!("Table 2's 8 DLB columns give {}%", list(&dlb8(&|e, a| wall(&TABLE2, e, a)))),
        ),
    ]
}

/// Max idle = max − min, avg idle = max − avg and % idle = 100·avg idle/avg on every printed
/// column, within half a printed unit plus the rounding of the cells involved.
fn identities() -> Vec<Row> {
    let mut rows = Vec::new();
    for (name, ti) in [("Table 2", 0usize), ("Table 3", 1usize)] {
        for (e, &(n, p)) in ENSEMBLES.iter().enumerate() {
            for (a, alg) in Algorithm::ALL.iter().enumerate() {
                let col = format!("{}, {n}/{p}", alg.name());
                let c = if ti == 0 { TABLE2[e][a] } else { TABLE3[e][a] };
                rows.push(from_tables(
                    name,
                    &format!("max idle = max − min, {col}"),
                    &format!("{:.0}", c[4]),
                    &|t| t[ti][e][a][1] - t[ti][e][a][2],
                    "max idle = Y_p − Y_1 (§5.2)",
                ));
                rows.push(from_tables(
                    name,
                    &format!("avg idle = max − avg, {col}"),
                    &format!("{:.0}", c[5]),
                    &|t| t[ti][e][a][1] - t[ti][e][a][0],
                    "avg idle = (1/p) Σ (Y_p − X_i), eq. (3)",
                ));
                rows.push(from_tables(
                    name,
                    &format!("% idle = 100·avg idle/avg, {col}"),
                    &format!("{:.1}", c[6]),
                    &|t| 100.0 * t[ti][e][a][5] / t[ti][e][a][0],
                    "percentage idle time",
                ));
            }
        }
    }
    rows
}
