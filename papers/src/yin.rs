//! Yin et al.: the §5 example — Figure 4's remap sets and the text's statements about them, and
//! Figure 5's iteration counts. The figures' images are lost; what the paper states about them
//! are sentences, so the rows are `computed` (a statement confirmed, quoted in the note) or
//! `deviates` (contradicted, with the computed evidence), never `match`.

use super::{Row, RunConfig, Section};
use loadbal::remap::markov::{CostScan, Method, RemapSolution, remap_cost_thresholds, yin_example};

const SOURCE: &str = "yin";

/// Figure 4's panels and the remap costs each one shows (the caption: "(a) cost = 1, (b) cost =
/// 2, 3, 4, (c) cost = 5, 6, (d) cost = 7, 8, 9, and (e) cost = 10, 11, 12, 13").
const FIGURE4: [(&str, &[f64]); 5] = [
    ("(a)", &[1.0]),
    ("(b)", &[2.0, 3.0, 4.0]),
    ("(c)", &[5.0, 6.0]),
    ("(d)", &[7.0, 8.0, 9.0]),
    ("(e)", &[10.0, 11.0, 12.0, 13.0]),
];

/// The largest margin (in cost units; the imbalance penalty is |i − j|/2) by which the converged
/// optimum may prefer one action for the paper's different choice to be blamed on its
/// unspecified stopping rule.
const STOPPING_RULE_MARGIN: f64 = 0.05;

pub(super) fn sections() -> Vec<Section> {
    vec![
        Section { source: SOURCE, title: "Figure 4: optimal remap sets, η = 1..13 (§5)", run: figure4 },
        Section { source: SOURCE, title: "Figure 5: iterations versus remap cost (§5)", run: figure5 },
    ]
}

fn solve(eta: f64) -> Result<RemapSolution, String> {
    yin_example(eta).and_then(|p| p.solve(Method::PolicyIteration)).map_err(|e| e.to_string())
}

fn lower_set(sol: &RemapSolution) -> Vec<(usize, usize)> {
    (0..36).filter(|&s| sol.remap.get(s) == Some(&true) && s / 6 > s % 6).map(|s| (s / 6, s % 6)).collect()
}

/// The remap cost in `(lo, hi)` where the optimal remap set changes.
fn threshold(lo: f64, hi: f64) -> Result<f64, String> {
    let t = remap_cost_thresholds(yin_example, CostScan { lo, hi, grid: 1, tol: 1e-10 }).map_err(|e| e.to_string())?;
    t.first().map(|t| t.eta).ok_or_else(|| format!("no change of the remap set between η = {lo} and {hi}"))
}

fn figure4(_cfg: &RunConfig) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut counts = Vec::new();
    let mut previous_panel: Option<(&str, Vec<bool>)> = None;
    for (panel, etas) in FIGURE4 {
        let table = format!("Figure 4{panel}");
        let first = match solve(etas[0]) {
            Ok(s) => s,
            Err(e) => {
                rows.push(Row::error(SOURCE, &table, &format!("η = {}: optimal remap set", etas[0]), &e));
                continue;
            }
        };
        for &eta in etas {
            let sol = match solve(eta) {
                Ok(s) => s,
                Err(e) => {
                    rows.push(Row::error(SOURCE, &table, &format!("η = {eta}: optimal remap set"), &e));
                    continue;
                }
            };
            let set = lower_set(&sol);
            counts.push(set.len() * 2);
            rows.push(
                Row::computed(SOURCE, &table, &format!("η = {eta}: remapping states"), (2 * set.len()) as f64)
                    .note(&format!("remapping states (i, j), i > j, and their mirrors (j, i): {set:?}")),
            );
            if eta == etas[0] {
                continue;
            }
            let item =
                format!("η = {eta}: same remap set as η = {} (the caption groups them in panel {panel})", etas[0]);
            let quote = "Fig. 4 caption: (a) cost = 1, (b) cost = 2, 3, 4, (c) cost = 5, 6, (d) cost = 7, 8, 9, (e) cost = 10..13";
            let row = Row::claim(SOURCE, &table, &item, quote, sol.remap == first.remap);
            rows.push(if sol.remap == first.remap { row } else { explain_grouping(row, eta, &sol, &first) });
        }
        if let Some((prev, prev_set)) = &previous_panel {
            let item = format!("panel {panel} differs from panel {prev}");
            let quote = "Fig. 4 shows five different remap sets, (a) to (e)";
            rows.push(Row::claim(SOURCE, &table, &item, quote, first.remap != *prev_set));
        }
        previous_panel = Some((panel, first.remap));
    }
    let text = "§5 text on Figure 4";
    match solve(1.0) {
        Ok(a) => {
            let two_or_more = (0..36).all(|s| a.remap.get(s) == Some(&((s / 6).abs_diff(s % 6) >= 2)));
            rows.push(Row::claim(
                SOURCE,
                text,
                "η = 1: remap exactly when |i − j| ≥ 2",
                "in Fig. 4a, where the remapping case η = 1, any load distribution with a difference of two or more \
                 workload units deserves a remapping",
                two_or_more,
            ));
        }
        Err(e) => rows.push(Row::error(SOURCE, text, "η = 1: remap exactly when |i − j| ≥ 2", &e)),
    }
    rows.push(
        Row::claim(
            SOURCE,
            text,
            "fewer and fewer states remap as η grows, η = 1..13",
            "With the increase of remapping cost, fewer and fewer states deserve a remapping",
            counts.len() == 13 && counts.windows(2).all(|w| w[0] >= w[1]),
        )
        .note(&format!("remapping states for η = 1..13: {counts:?}")),
    );
    // The text on panel (c): (4,1) benefits from remapping, the boundary states (3,0), (5,2) do not.
    let quote = "Fig. 4c also reveals that state (4, 1) has more potential benefits from remapping than the boundary \
                 states (3, 0) and (5, 2), although they have the same cost";
    for eta in [5.0, 6.0] {
        match solve(eta) {
            Ok(sol) => {
                for (i, j, remaps) in [(4usize, 1usize, true), (3, 0, false), (5, 2, false)] {
                    let item = format!("η = {eta}: state ({i},{j}) {}", if remaps { "remaps" } else { "continues" });
                    let holds = sol.remap.get(6 * i + j) == Some(&remaps);
                    rows.push(Row::claim(SOURCE, "§5 text on Figure 4(c)", &item, quote, holds));
                }
            }
            Err(e) => rows.push(Row::error(SOURCE, "§5 text on Figure 4(c)", &format!("η = {eta}"), &e)),
        }
    }
    let item = "η = 14: no state remaps";
    let quote =
        "When the remapping cost goes beyond a certain number, the computation should never carry any remapping";
    match (solve(14.0), threshold(13.0, 14.0)) {
        (Ok(never), Ok(last)) => rows.push(
            Row::claim(SOURCE, text, item, quote, !never.remap.iter().any(|&r| r))
                .note(&format!("the last remapping states (0,5), (5,0) drop out at η = {last:.6}")),
        ),
        (Err(e), _) | (_, Err(e)) => rows.push(Row::error(SOURCE, text, item, &e)),
    }
    rows
}

/// η = 4 outside panel (b): the evidence is the margin by which the converged optimum prefers its
/// action in the states that differ, and the remap set value iteration stops at with a loose
/// tolerance.
fn explain_grouping(row: Row, eta: f64, sol: &RemapSolution, first: &RemapSolution) -> Row {
    let evidence = grouping_evidence(eta, sol, first);
    match evidence {
        Ok((margin, n, at, loose_agrees)) => row.explained_by(
            &format!(
                "the converged optimum (policy iteration, Bellman residual {:.1e}) gives η = {eta} a different set in \
                 {n} states, which it prefers by at most {margin:.6} in expected cost; the set changes at η = \
                 {at:.9}: a near tie. Value iteration from V⁰ = 0 stopped at tolerance 1e-2 {} panel (b)'s set, \
                 so the paper's unspecified stopping rule is a possible, unconfirmed cause",
                sol.residual,
                if loose_agrees { "returns" } else { "does not return" }
            ),
            "the margin",
            margin,
            STOPPING_RULE_MARGIN,
        ),
        Err(e) => row.note(&format!("the evidence could not be computed: {e}")),
    }
}

/// The largest action-value margin over the states whose decision differs from `first`, how many
/// differ, the cost where the set changes below `eta`, and whether value iteration at tolerance
/// 1e-2 returns `first`'s set.
fn grouping_evidence(eta: f64, sol: &RemapSolution, first: &RemapSolution) -> Result<(f64, usize, f64, bool), String> {
    let p = yin_example(eta).map_err(|e| e.to_string())?;
    let q = p.action_values(&sol.values).map_err(|e| e.to_string())?;
    let differ: Vec<usize> = (0..36).filter(|&s| sol.remap.get(s) != first.remap.get(s)).collect();
    let margin = differ.iter().filter_map(|&s| q.get(s).map(|(cont, remap)| (remap - cont).abs())).fold(0.0, f64::max);
    let at = threshold(eta - 1.0, eta)?;
    let loose = p.solve(Method::ValueIteration { tol: 1e-2, max_iters: 100_000 }).map_err(|e| e.to_string())?;
    Ok((margin, differ.len(), at, loose.remap == first.remap))
}

fn figure5(_cfg: &RunConfig) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut steps = Vec::new();
    for k in 1..=13 {
        let eta = f64::from(k);
        let item = format!("η = {eta}: value-iteration steps (eq. (19), tol 1e-2)");
        let result = yin_example(eta).and_then(|p| {
            Ok((
                p.solve(Method::ValueIteration { tol: 1e-2, max_iters: 100_000 })?,
                p.solve(Method::ValueIteration { tol: 1e-6, max_iters: 100_000 })?,
                p.solve(Method::PolicyIteration)?,
            ))
        });
        match result {
            Ok((vi, vi6, pi)) => {
                steps.push(vi.iterations);
                rows.push(Row::computed(SOURCE, "Figure 5", &item, vi.iterations as f64).not_reproducible(&format!(
                    "Figure 5's values are lost with the figure; V⁰ = 0 and a sup-norm stopping rule (the paper \
                     gives neither) give {} steps at tol 1e-2, {} at tol 1e-6; Howard policy iteration needs {} rounds",
                    vi.iterations, vi6.iterations, pi.iterations
                )));
            }
            Err(e) => rows.push(Row::error(SOURCE, "Figure 5", &item, &e)),
        }
    }
    let complete = steps.len() == 13;
    rows.push(
        Row::claim(
            SOURCE,
            "§5 text on Figure 5",
            "iterations increase with the remap cost (value iteration, tol 1e-2)",
            "as the remapping cost increases, ... the number of iterations would increase accordingly",
            complete && steps.windows(2).all(|w| w[0] <= w[1]),
        )
        .note(&format!("steps for η = 1..13: {steps:?}")),
    );
    rows.push(Row::claim(
        SOURCE,
        "§5 text on Figure 5",
        "tens of iterations (value iteration, tol 1e-2)",
        "In any case, the algorithm terminates quickly in tens of iteration steps",
        complete && steps.iter().all(|&s| (10..100).contains(&s)),
    ));
    rows
}
