//! Yin et al. (Yin, Xu, Wang): the §5 example — Figure 4's remap sets, Figure 5's iteration
//! counts, and a Monte Carlo check of the optimal costs.

use super::{Row, RunConfig, Section};
use crate::montecarlo::MonteCarlo;
use crate::remap::markov::{Method, RemapSolution, remap_cost_thresholds, simulate_policy_cost, yin_example};

const SOURCE: &str = "yin";

/// Figure 4's panels and the remap costs each one shows (the caption). The grid images are
/// lost in the text; what the paper states about them is the caption's grouping (costs of one
/// panel share one remap set), panel (a) ("a difference of two or more workload units deserves
/// a remapping"), the remarks on panel (c), and that no state remaps beyond some cost.
const FIGURE4: [(&str, &[f64]); 5] = [
    ("(a)", &[1.0]),
    ("(b)", &[2.0, 3.0, 4.0]),
    ("(c)", &[5.0, 6.0]),
    ("(d)", &[7.0, 8.0, 9.0]),
    ("(e)", &[10.0, 11.0, 12.0, 13.0]),
];

pub(super) fn sections() -> Vec<Section> {
    vec![
        Section { source: SOURCE, title: "Figure 4: optimal remap sets, η = 1..13 (§5)", run: figure4 },
        Section { source: SOURCE, title: "Figure 5: iterations versus remap cost (§5)", run: figure5 },
        Section { source: SOURCE, title: "§5: Monte Carlo of the optimal policy", run: monte_carlo },
    ]
}

fn solve(eta: f64) -> RemapSolution {
    yin_example(eta).and_then(|p| p.solve(Method::PolicyIteration)).expect("the §5 example is solvable")
}

fn lower_set(sol: &RemapSolution) -> Vec<(usize, usize)> {
    (0..36).filter(|&s| sol.remap[s] && s / 6 > s % 6).map(|s| (s / 6, s % 6)).collect()
}

/// The remap cost in `(lo, hi)` where the optimal remap set changes.
fn threshold(lo: f64, hi: f64) -> f64 {
    remap_cost_thresholds(yin_example, lo, hi, 1, 1e-10).expect("solvable")[0].eta
}

fn yes(b: bool) -> f64 {
    f64::from(u8::from(b))
}

fn figure4(_cfg: &RunConfig) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut counts = Vec::new();
    let mut previous_panel: Option<(&str, Vec<bool>)> = None;
    for (panel, etas) in FIGURE4 {
        let table = format!("Figure 4{panel}");
        let first = solve(etas[0]);
        for &eta in etas {
            let sol = solve(eta);
            let set = lower_set(&sol);
            counts.push(set.len() * 2);
            rows.push(
                Row::model_only(SOURCE, &table, &format!("η = {eta}: remapping states"), (2 * set.len()) as f64)
                    .note(&format!("remapping states (i, j), i > j, and their mirrors (j, i): {set:?}")),
            );
            if eta == etas[0] {
                continue;
            }
            let item = format!("η = {eta}: same remap set as η = {} (caption groups them in panel {panel})", etas[0]);
            let row = Row::compare(SOURCE, &table, &item, 1.0, yes(sol.remap == first.remap), 0.0);
            if eta == 4.0 {
                let p = yin_example(eta).expect("valid η");
                let (cont, remap) = p.action_values(&sol.values).expect("full values")[18];
                rows.push(row.deviates(&format!(
                    "the converged optimum (policy and value iteration agree, Bellman residual {:.1e}) gives η = 4 \
                     the remap set of panel (c): states (3,0), (0,3), (2,5), (5,2) continue because remapping costs \
                     {remap:.6} against {cont:.6} for continuing, a margin of {:.6}; the set changes at η = {:.9}. \
                     The paper's unspecified stopping rule is the likely cause",
                    sol.residual,
                    remap - cont,
                    threshold(3.0, 4.0)
                )));
            } else {
                rows.push(row);
            }
        }
        if let Some((prev, prev_set)) = &previous_panel {
            let item = format!("panel {panel} differs from panel {prev}");
            rows.push(Row::compare(SOURCE, &table, &item, 1.0, yes(first.remap != *prev_set), 0.0));
        }
        previous_panel = Some((panel, first.remap));
    }
    let a = solve(1.0);
    let two_or_more = (0..36).all(|s| a.remap[s] == ((s / 6).abs_diff(s % 6) >= 2));
    rows.push(Row::compare(
        SOURCE,
        "§5 text on Figure 4(a)",
        "η = 1: remap exactly when |i − j| ≥ 2 (1 = yes)",
        1.0,
        yes(two_or_more),
        0.0,
    ));
    rows.push(Row::compare(
        SOURCE,
        "§5 text",
        "fewer and fewer states remap as η grows, η = 1..13 (1 = yes)",
        1.0,
        yes(counts.windows(2).all(|w| w[0] >= w[1])),
        0.0,
    ));
    // The text on panel (c): (4,1) benefits from remapping, the boundary states (3,0), (5,2) do not.
    for eta in [5.0, 6.0] {
        let sol = solve(eta);
        for (i, j, paper) in [(4usize, 1usize, 1.0), (3, 0, 0.0), (5, 2, 0.0)] {
            let item = format!("η = {eta}: state ({i},{j}) remaps (1 = yes)");
            rows.push(Row::compare(SOURCE, "§5 text on Figure 4(c)", &item, paper, yes(sol.remap[6 * i + j]), 0.0));
        }
    }
    let never = solve(14.0);
    rows.push(
        Row::compare(
            SOURCE,
            "§5 text",
            "η = 14: remapping states (never remap beyond a cost)",
            0.0,
            never.remap.iter().filter(|&&r| r).count() as f64,
            0.0,
        )
        .note(&format!("the last remap states (0,5), (5,0) drop out at η = {:.6}", threshold(13.0, 14.0))),
    );
    rows
}

fn figure5(_cfg: &RunConfig) -> Vec<Row> {
    let mut rows = Vec::new();
    for k in 1..=13 {
        let eta = f64::from(k);
        let p = yin_example(eta).expect("valid η");
        let vi = p.solve(Method::ValueIteration { tol: 1e-2, max_iters: 100_000 }).expect("converges");
        let vi6 = p.solve(Method::ValueIteration { tol: 1e-6, max_iters: 100_000 }).expect("converges");
        let pi = p.solve(Method::PolicyIteration).expect("converges");
        rows.push(
            Row::model_only(
                SOURCE,
                "Figure 5",
                &format!("η = {eta}: value-iteration steps (eq. 19, tol 1e-2)"),
                vi.iterations as f64,
            )
            .not_reproducible(&format!(
                "Figure 5's numbers are not in the text; V⁰ = 0 and a sup-norm stopping rule (the paper gives \
                     neither) give {} steps at tol 1e-2, {} at tol 1e-6, and Howard policy iteration needs {} rounds; \
                     the text's 'tens of iterations, increasing with the cost' holds",
                vi.iterations, vi6.iterations, pi.iterations
            )),
        );
    }
    rows
}

fn monte_carlo(cfg: &RunConfig) -> Vec<Row> {
    let reps = cfg.replications(200_000, 20_000);
    let mut rows = Vec::new();
    for (k, (eta, i, j)) in
        [(5.0, 5usize, 0usize), (5.0, 3, 0), (1.0, 2, 1), (10.0, 4, 0), (14.0, 5, 0)].into_iter().enumerate()
    {
        let p = yin_example(eta).expect("valid η");
        let sol = p.solve(Method::PolicyIteration).expect("solvable");
        let start = 6 * i + j;
        let mc = MonteCarlo::new(cfg.seed.wrapping_add(k as u64), reps).expect("positive replications");
        let est = simulate_policy_cost(&p, &sol.remap, start, &mc).expect("valid start");
        rows.push(
            Row::model_only(
                SOURCE,
                "§5 example",
                &format!("η = {eta}: optimal total cost from ({i},{j})"),
                sol.values[start],
            )
            .with_monte_carlo(est, 4.0)
            .note("the paper prints no costs; the chain simulated under the computed policy"),
        );
    }
    rows
}
