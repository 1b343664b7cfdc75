//! Fong et al.: Table 1 (optimal P_II intervals, formula and simulation) and the §3 text example;
//! the P_I lower bounds of §3 as computed context.

use crate::PrintedNumber;
use crate::error::PapersError;
use crate::row::{Computed, Draws, Explanation, Paper, Row};
use crate::sections::{RunConfig, Section};
use crate::std_normal_quantile;
use crate::table_test::{Block, table_test};
use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::order_stats::{david_bound, expected_max_std_normal};
use loadbal::remap::periodic::{Bound, Homogeneous, Increment, Interval, LoadCurves, LoadSimOptions};

const FONG: Paper = Paper::new("fong");

/// Table 1's bounds and printed rows.
const BOUNDS: [f64; 9] = [0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40, 0.45, 0.50];
const B_PRINTED: [&str; 9] = [".10", ".15", ".20", ".25", ".30", ".35", ".40", ".45", ".50"];
const T_FREE: [&str; 9] = ["3", "7", "12", "19", "28", "38", "50", "64", "79"];
const T_SIMU: [&str; 9] = ["3", "7", "13", "20", "29", "39", "51", "65", "79"];
/// Replications behind each simulated point of the paper (§4.2).
const PAPER_REPLICATIONS: f64 = 400.0;
/// Simulated phases: well beyond the largest interval (79) so that per-replication first
/// passages are not censored.
const HORIZON: u64 = 200;

pub(crate) fn sections() -> Vec<Section> {
    vec![
        Section { source: "fong", title: "Table 1: optimal P_II intervals, formula (Corollary 4.1)", run: table1_free },
        Section { source: "fong", title: "Table 1: optimal P_II intervals, simulation (§4.2)", run: table1_simu },
        Section { source: "fong", title: "§3 text: time of the worst imbalance (Figure 2)", run: text_example },
        Section { source: "fong", title: "§3: P_I lower bounds (eq. (8)) against the exact E[max]", run: p1_rows },
    ]
}

fn table1_model() -> Result<Homogeneous, PapersError> {
    Ok(Homogeneous::with_variance(100.0, 0.0, 0.5, 64)?)
}

/// The largest T with v_0(t) ≤ B by the root finder; with μ = 0 its real T* is the closed form
/// eq. (13) before rounding, `w²B²/((N − 1)σ²)`.
fn free_interval(b: f64) -> Result<Interval, PapersError> {
    let model = table1_model()?;
    Ok(model.interval(Bound::Deviation { b })?)
}

/// T*_free: eq. (13) as printed, ⌈w²B²/((N − 1)σ²)⌉, evaluated first; the printed values are its
/// floor, the largest T with v_0(t) ≤ B ("the maximum T* such that v(t) ≤ B", §4).
fn table1_free(_cfg: &RunConfig) -> Vec<Row> {
    let mut rows = Vec::new();
    for ((&b, bp), printed) in BOUNDS.iter().zip(B_PRINTED).zip(T_FREE) {
        let draft = FONG.row("Table 1", format!("T*_free, B = {bp}")).printed(printed);
        rows.push(match free_interval(b) {
            Ok(root) => {
                let closed = root.t_real();
                let ceiling = closed.ceil();
                let floor = root.steps().map_or(f64::NAN, |s| s as f64);
                draft
                    .note(&format!("eq. (13) as printed, with the ceiling: ⌈{closed:.4}⌉ = {ceiling}"))
                    .reproduced(Computed::by("loadbal::remap::periodic::Homogeneous::interval", ceiling))
                    .explained(Explanation::exact_reading(
                        format!(
                            "the floor, the largest T with v_0(t) ≤ B (the definition of T* in §4; \
                             loadbal::remap::periodic::Homogeneous::interval by root finding, real T* = {:.4})",
                            root.t_real()
                        ),
                        floor,
                    ))
            }
            Err(e) => draft.error(&e),
        });
    }
    rows
}

/// Per simulated replication, the last phase T with √Σ_i(w_i(t) − w̄(t))² / w̄(t) ≤ B for every
/// t ≤ T, for each bound of Table 1 (replication `j` seeded `seed + j`).
fn first_passages(seed: u64, replications: u64) -> Result<Vec<Vec<f64>>, PapersError> {
    let runs = MonteCarlo::new(seed, replications)?.replicate(|j, _| -> Result<Vec<f64>, PapersError> {
        let one = MonteCarlo::new(seed.wrapping_add(0x9e37_79b9).wrapping_add(j), 1)?;
        let curves = LoadCurves::simulate(
            100.0,
            &[Increment::symmetric_birth_death(); 64],
            HORIZON,
            &LoadSimOptions::new(one).with_bounds(&BOUNDS),
        )?;
        Ok(curves.first_passage.iter().map(|e| e.mean).collect())
    });
    runs.into_iter().collect()
}

/// T*_simu. The paper says only that "each simulation data was an average of 400 replications".
/// The estimator used here, the one that reading defines: for each replication, the last phase T
/// with √Σ_i(w_i − w̄)² / w̄ ≤ B for every t ≤ T; the printed value is the average of 400 of them,
/// rounded. That average is one random draw: each cell is compared with the spread of a
/// 400-replication average (k = Φ⁻¹(1 − 0.05/18) standard deviations, Bonferroni over the 9
/// cells), and the table as a whole by the table-level test.
fn table1_simu(cfg: &RunConfig) -> Vec<Row> {
    let replications = cfg.replications(16_000, 4_000);
    let k = std_normal_quantile(1.0 - 0.05 / 18.0);
    let by = "loadbal::remap::periodic::LoadCurves::simulate";
    let pool = first_passages(cfg.seed, replications);
    let printed: Vec<PrintedNumber> = T_SIMU.iter().filter_map(|p| PrintedNumber::parse(p).ok()).collect();
    let evidence = pool.as_ref().map_err(Clone::clone).and_then(|p| {
        table_test("Fong Table 1 (T*_simu)", &printed, &[Block { pool: p.clone(), runs: 400 }], cfg.seed ^ 0xf0)
    });
    let mut rows = Vec::new();
    for (i, ((&b, bp), printed)) in BOUNDS.iter().zip(B_PRINTED).zip(T_SIMU).enumerate() {
        let draft = FONG.row("Table 1", format!("T*_simu, B = {bp}")).printed(printed);
        let column: Result<Estimate, PapersError> = pool.as_ref().map_err(Clone::clone).and_then(|p| {
            let c: Vec<f64> = p.iter().map(|r| r[i]).collect();
            Ok(Estimate::from_samples(&c)?)
        });
        let free = free_interval(b).ok().and_then(|root| root.steps()).map(|s| s as f64);
        let row = match (column, evidence.as_ref()) {
            (Ok(est), Ok(ev)) => {
                let draft = draft.note(&format!(
                    "estimator: the average over 400 replications of each replication's last phase with √Σ(w_i − w̄)²/w̄ ≤ B, \
                     rounded; {} simulated replications; model: T*_free (the floor of eq. (13))",
                    est.n
                ));
                let draft = match free {
                    Some(f) => draft.model(f),
                    None => draft,
                };
                draft.single_draw(Draws::of_mean(est, PAPER_REPLICATIONS), k, by).judged_by_table(
                    ev,
                    "the paper gives neither its estimator of T*_simu nor how it rounded the average",
                )
            }
            (Err(e), _) => draft.error(&e),
            (_, Err(e)) => draft.error(e),
        };
        rows.push(row);
    }
    rows
}

/// §3: "Suppose processors' initial load level is 100 and the mean of workload change each time
/// step is 2. The most severe load imbalance occurs in 50 steps": T_0 = w/μ on the text's own
/// numbers.
fn text_example(_cfg: &RunConfig) -> Vec<Row> {
    let draft = FONG.row("§3 text", "T_0 = w/μ for initial load 100, mean change 2 (steps)").printed("50");
    match Homogeneous::with_variance(100.0, 2.0, 0.5, 64).and_then(|m| m.t0()) {
        Ok(t0) => vec![draft.paper_check(100.0 / 2.0, 0.0).note(&format!(
            "T_0 = w/μ on the text's own inputs (an input echo, not a reproduction); loadbal::remap::periodic::Homogeneous::t0 gives {t0}"
        ))],
        Err(e) => vec![draft.error(&e)],
    }
}

/// P_I: the lower bound T* from eq. (8) and the interval with the exact E\[max\] of normal
/// increments (Theorem 5.1). The paper prints no numbers for them: computed context.
fn p1_rows(_cfg: &RunConfig) -> Vec<Row> {
    let mut rows = Vec::new();
    let constants = expected_max_std_normal(64).and_then(|e| Ok((e, david_bound(64, 1.0)?)));
    for d in [0.05, 0.10, 0.20] {
        let draft = FONG.row("§3 (eq. (8))", format!("P_I lower bound T*, D = {d:.2} (Table 1 setting)"));
        let result = table1_model()
            .and_then(|m| {
                Ok((m.interval(Bound::ExtremeDifference { d })?, m.interval(Bound::ExtremeDifferenceNormal { d })?))
            })
            .and_then(|r| Ok((r, constants.clone()?)));
        rows.push(match result {
            Ok(((bound, exact), (e64, david))) => {
                let steps = |t: &Interval| t.steps().map_or("unbounded".to_string(), |s| s.to_string());
                draft
                    .note(&format!(
                        "d̂ ≤ D for t ≤ {:.4} ({} steps); with the exact E[max] of normal increments (Theorem 5.1) the \
                         interval is {:.4} ({} steps): eq. (7)'s constant (N−1)/√(2N−1) = {david:.4} against e_64 = {e64:.4}",
                        bound.t_real(),
                        steps(&bound),
                        exact.t_real(),
                        steps(&exact),
                    ))
                    .context(bound.t_real(), "loadbal::remap::periodic::Homogeneous::interval (Bound::ExtremeDifference)")
            }
            Err(e) => draft.error(&e),
        });
    }
    rows
}
