//! Tables 1–3 of Ahn et al. from the simulator. The paper's columns are single runs, so each
//! printed value is compared with the distribution of single simulated runs: `match` when it is a
//! plausible draw, within k run-to-run standard deviations of the simulated mean
//! (`Estimate::plausible_draw`). With 156 such cells, k is the two-sided Bonferroni bound for a
//! 5% family-wise error, k = Φ⁻¹(1 − 0.05/(2·156)) ≈ 3.6: under a correct simulator a single run
//! beyond it happens in one table set out of twenty.

use rand_distr::Distribution;

use super::super::{Row, RunConfig, Status};
use super::{ENSEMBLES, METRICS, MUTANT, SOURCE, TABLE2, TABLE3, WILD};
use crate::ensemble::{
    Algorithm, ExtremesMethod, MetricsEstimate, MutantMixture, SimConfig, VarianceConvention, gamma_matched,
    monte_carlo_metrics, simulate, static_prediction, static_variance, variance_along_history,
};
use crate::montecarlo::{Estimate, MonteCarlo};
use crate::order_stats::std_normal_quantile;

/// Cells compared with single-run distributions: Tables 2 and 3 (2 × 2 × 5 × 7) and Table 1 (16).
const CELLS: f64 = 156.0;

/// Single-run plausibility: how many run-to-run standard deviations a printed value may sit from
/// the simulated mean (Bonferroni, 5% family-wise over [`CELLS`]).
fn k() -> f64 {
    std_normal_quantile(1.0 - 0.05 / (2.0 * CELLS))
}

fn draw_row(table: &str, item: &str, paper: f64, est: &Estimate, model: Option<f64>) -> Row {
    let k = k();
    let mut row = Row::compare(SOURCE, table, item, paper, est.mean, k * est.std_dev());
    row.model = model;
    row.monte_carlo = Some(est.mean);
    row.mc_std_err = Some(est.std_err);
    row.note = format!(
        "one printed run vs simulated single runs: mean {:.2} ± sd {:.2} over {} replications (match within {k:.2} sd, Bonferroni over {CELLS} cells)",
        est.mean,
        est.std_dev(),
        est.n
    );
    row
}

fn append(mut row: Row, why: &str, explain: bool) -> Row {
    let note = format!("{}; {why}", row.note);
    if explain && row.status != Status::Match {
        row = row.deviates(&note);
    } else {
        row.note = note;
    }
    row
}

fn estimates(e: &MetricsEstimate) -> [&Estimate; 7] {
    [&e.avg, &e.max, &e.min, &e.rav, &e.max_idle, &e.avg_idle, &e.pct_idle]
}

fn run_all<D: Distribution<f64> + Sync>(n: u64, p: usize, dist: &D, mc: &MonteCarlo) -> Vec<MetricsEstimate> {
    Algorithm::ALL
        .iter()
        .map(|&alg| monte_carlo_metrics(&SimConfig::new(n, p, alg), dist, mc).expect("valid configuration"))
        .collect()
}

pub(super) fn tables_2_3(cfg: &RunConfig) -> Vec<Row> {
    let mut rows = Vec::new();
    let wild = gamma_matched(WILD.0, WILD.1).expect("valid moments");
    let mutant = MutantMixture::paper();
    for (e, &(n, p)) in ENSEMBLES.iter().enumerate() {
        let reps = if p == 25 { cfg.replications(1000, 200) } else { cfg.replications(400, 100) };
        let mc = MonteCarlo::new(cfg.seed.wrapping_add(e as u64), reps).expect("replications > 0");
        for (name, printed, (mu, sd), sims) in [
            ("Table 2 (wild)", &TABLE2, WILD, run_all(n, p, &wild, &mc)),
            ("Table 3 (mutant)", &TABLE3, MUTANT, run_all(n, p, &mutant, &mc)),
        ] {
            let pred = static_prediction(n, p as u64, mu, sd, ExtremesMethod::Integral, VarianceConvention::Exact)
                .expect("valid parameters");
            let static_model = [
                pred.mu_x,
                pred.expected_max,
                pred.expected_min,
                pred.root_expected_variance,
                pred.expected_max_idle,
                pred.expected_avg_idle,
                pred.expected_pct_idle,
            ];
            let mutant_table = name.contains("mutant");
            for (a, alg) in Algorithm::ALL.iter().enumerate() {
                for (m, est) in estimates(&sims[a]).into_iter().enumerate() {
                    let item = format!("{}, {}, {n} tasks / {p} procs", METRICS[m], alg.name());
                    let model = (a == 0).then_some(static_model[m]);
                    let mut row = draw_row(name, &item, printed[e][a][m], est, model);
                    if a == 0 {
                        row = append(
                            row,
                            "model = static prediction (integral method, exact variance), CLT-normal",
                            false,
                        );
                    }
                    let task = if mutant_table {
                        "mutant task times: our documented choice 75% × 50 s + 25% × N(458, 145.7²) (mean 152.0, sd 191.1); the paper gives only (4b) and '75% never divide' (reference A9)"
                    } else {
                        "wild task times: gamma matched to (4a); the paper gives no shape (Fig. 3a)"
                    };
                    row = append(row, task, mutant_table);
                    if p == 100 && m < 3 {
                        let own = printed[e][0][0] / 100.0;
                        let why = format!(
                            "the 10,000-task ensemble's own mean task time is {own:.2} s (static avg / 100), not the 1,000-task (4) value {mu}; the paper gives no σ_T for it, so the run uses (4)"
                        );
                        row = append(row, &why, true);
                    }
                    rows.push(row);
                }
            }
        }
    }
    rows
}

/// Table 1: experimental RAV (a single run, as in Table 2) and the theoretical √E\[ξ²\] after the
/// last step, which the paper computes along its own balancing history with the §5.3 formulas.
/// We recompute it along each simulated history: start from the §5.2 value p/(p−1)·Rσ_T² and
/// subtract every realised step's expected decrease (11) (for MD and RP this is Prop. 1's
/// R_k(R_k−1)/(2(p−1)) μ_T² of the actual donor; Prop. 7's donor average, printed or corrected,
/// would subtract far less along one history).
pub(super) fn table_1(cfg: &RunConfig) -> Vec<Row> {
    const EXPERIMENT: [[f64; 4]; 2] = [[195.14, 172.22, 150.32, 209.96], [195.85, 153.77, 187.45, 226.68]];
    const THEORY: [[f64; 4]; 2] = [[239.98, 198.32, 220.53, 241.37], [229.01, 198.24, 297.26, 378.27]];
    let (mu, sd) = WILD;
    let wild = gamma_matched(mu, sd).expect("valid moments");
    let mut rows = Vec::new();
    for (e, &(n, p)) in ENSEMBLES.iter().enumerate() {
        let reps = if p == 25 { cfg.replications(400, 60) } else { cfg.replications(100, 30) };
        let mc = MonteCarlo::new(cfg.seed.wrapping_add(10 + e as u64), reps).expect("replications > 0");
        let start = static_variance((n / p as u64) as f64, p as u64, mu, sd, VarianceConvention::PaperSec52)
            .expect("valid parameters");
        for (a, alg) in [Algorithm::Md, Algorithm::Ar, Algorithm::Rp, Algorithm::Nr].into_iter().enumerate() {
            let mut sim = SimConfig::new(n, p, alg);
            sim.record_trajectory = true;
            let runs = mc.replicate(|_, rng| {
                let run = simulate(&sim, &wild, rng).expect("valid configuration");
                let v = variance_along_history(&run.trajectory, start, mu).expect("consistent step records");
                let last = v.last().copied().unwrap_or(start);
                (run.metrics.rav, last.max(0.0).sqrt())
            });
            let exp: Vec<f64> = runs.iter().map(|r| r.0).collect();
            let theo: Vec<f64> = runs.iter().map(|r| r.1).collect();
            let exp = Estimate::from_samples(&exp).expect("finite");
            let theo = Estimate::from_samples(&theo).expect("finite");
            let col = format!("{}, {n} tasks / {p} procs", alg.name());
            rows.push(append(
                draw_row("Table 1", &format!("experimental RAV, {col}"), EXPERIMENT[e][a], &exp, None),
                "wild task times: gamma matched to (4a)",
                false,
            ));
            let mut row = draw_row(
                "Table 1",
                &format!("theoretical √E[ξ²] after the last step, {col}"),
                THEORY[e][a],
                &theo,
                None,
            );
            let why = "reproduced along simulated histories (start p/(p−1)·Rσ_T², the §5.2 form behind 752.65, minus each step's decrease (11)); the paper's own R trajectories and starting value are not given (reference §3.2, A10)";
            row.note = format!("{}; {why}", row.note);
            if row.status != Status::Match {
                let note = row.note.clone();
                row = row.not_reproducible(&note);
            }
            rows.push(row);
        }
    }
    rows
}
