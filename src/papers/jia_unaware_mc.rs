//! Jia, resource-unaware strategies: the Monte Carlo sections — Tables 2.1/2.2 and the
//! §2.5 text (random chains), Table 4.2 (spanning trees on random graphs) and the §5.5 text
//! (SSS and SDS on random graphs).

use super::SOURCE;
use crate::dlt::unaware::{
    ChainConfig, ChainSampler, Coupling, RandomGraph, SpanningTreeKind, SpeedClass, best_wcs_frequencies,
    chain_experiment, execute_sds, execute_sss, raold_os, sds, spanning_tree, sss,
};
use crate::montecarlo::MonteCarlo;
use crate::papers::{Row, RunConfig, Status};

/// Tables 2.1 and 2.2 as printed: (r_f, ε, n, [ESS, WCS, pure] at η = 0.03, same at η = 0.07).
/// One printed cell: (r_f, ε, n, [ESS, WCS, pure] at η = 0.03, same at η = 0.07).
type Cell = (f64, f64, usize, [f64; 3], [f64; 3]);

const TABLES_2: [Cell; 16] = [
    (0.75, 0.07, 5, [189.70, 185.50, 195.70], [203.43, 202.99, 228.34]),
    (0.75, 0.07, 8, [173.73, 169.29, 182.32], [190.06, 188.51, 221.19]),
    (0.75, 0.07, 13, [161.83, 156.27, 177.48], [175.17, 173.43, 227.45]),
    (0.75, 0.07, 20, [157.01, 153.60, 182.86], [170.99, 171.31, 242.57]),
    (0.75, 0.12, 5, [194.77, 186.59, 195.70], [207.20, 203.49, 228.34]),
    (0.75, 0.12, 8, [182.41, 172.32, 182.32], [192.60, 189.56, 221.19]),
    (0.75, 0.12, 13, [171.99, 159.49, 177.48], [182.02, 174.18, 227.45]),
    (0.75, 0.12, 20, [167.27, 156.22, 182.86], [176.98, 173.06, 242.57]),
    (0.25, 0.07, 5, [244.65, 241.87, 249.71], [278.81, 282.13, 283.45]),
    (0.25, 0.07, 8, [220.59, 219.12, 228.85], [252.98, 254.50, 271.78]),
    (0.25, 0.07, 13, [204.40, 202.77, 220.78], [227.69, 227.31, 270.37]),
    (0.25, 0.07, 20, [201.57, 199.42, 224.98], [224.39, 223.90, 286.82]),
    (0.25, 0.12, 5, [247.70, 242.12, 249.71], [262.31, 264.60, 283.45]),
    (0.25, 0.12, 8, [226.93, 219.75, 228.84], [244.85, 244.44, 271.78]),
    (0.25, 0.12, 13, [213.16, 206.04, 220.78], [227.67, 226.79, 270.37]),
    (0.25, 0.12, 20, [211.94, 204.80, 249.71], [225.44, 224.91, 286.82]),
];

pub(super) fn tables_2(cfg: &RunConfig) -> Vec<Row> {
    let reps = cfg.replications(2000, 100);
    let mut rows = Vec::new();
    let mut wcs_beats_pure = [0.0; 2];
    let (mut engine_gap, mut engine_gap_nan) = (0.0f64, false);
    let why = "25-repetition thesis run, unseeded, with unstated slow ranges (here w ~ U(3,7), z ~ U(0.3,0.7)), \
               independent fast draws per node and link, root idle in pureDLT (reference §3.1, §4.1); \
               ESS/WCS come out 5–12% below the thesis, pureDLT within ~6%";
    for (cell, &(rf, eps, n, at3, at7)) in TABLES_2.iter().enumerate() {
        let table = if rf > 0.5 { "Table 2.1" } else { "Table 2.2" };
        for (eta, printed) in [(0.03, at3), (0.07, at7)] {
            let seed = cfg.seed.wrapping_add(cell as u64 * 2 + u64::from(eta > 0.05));
            let c = match chain_experiment(&ChainSampler::thesis(n, rf), &ChainConfig::thesis(eta, eps), reps, seed) {
                Ok(c) => c,
                Err(e) => {
                    rows.push(
                        Row::model_only(SOURCE, table, "chain experiment", f64::NAN).not_reproducible(&e.to_string()),
                    );
                    continue;
                }
            };
            if c.pure.mean > c.wcs.mean {
                wcs_beats_pure[usize::from(rf < 0.5)] += 1.0;
            }
            engine_gap = engine_gap.max(c.engine_gap.mean + 4.0 * c.engine_gap.std_err);
            engine_gap_nan |= c.engine_gap.mean.is_nan();
            for (name, est, paper) in
                [("T-ESS", c.ess, printed[0]), ("T-WCS", c.wcs, printed[1]), ("T-pure", c.pure, printed[2])]
            {
                let item = format!("{name}, eps = {eps}, n = {n}, eta = {eta}");
                let mut r = Row::compare(SOURCE, table, &item, paper, est.mean, 0.06 * paper)
                    .with_monte_carlo(est, 4.0)
                    .note("model = Monte Carlo mean of the crate's strategy on random chains; tolerance 6%");
                if name == "T-pure" && rf < 0.5 && n == 20 && eps > 0.1 && eta < 0.05 {
                    r = r.deviates("the thesis prints 249.71, the n = 5 value (T-pure does not depend on eps: 224.98 in the row above)");
                } else if r.status != Status::Match {
                    r = r.deviates(why);
                }
                rows.push(r);
            }
        }
    }
    // Figs. 2.4/2.5 text: the most probable best i of WCS(i), n = 15, 25 runs per setting.
    let reps_i = cfg.replications(2000, 400);
    for (eta, eps, rf, printed) in [
        (0.03, 0.12, 0.2, 2.0),
        (0.03, 0.12, 0.5, 3.0),
        (0.03, 0.12, 0.8, 4.0),
        (0.07, 0.07, 0.2, 1.0),
        (0.07, 0.07, 0.5, 2.0),
        (0.07, 0.07, 0.8, 2.0),
    ] {
        let Ok(f) = best_wcs_frequencies(
            &ChainSampler::thesis(15, rf),
            &ChainConfig::thesis(eta, eps),
            8,
            reps_i,
            cfg.seed ^ 0x24,
        ) else {
            continue;
        };
        let mode = (0..f.len())
            .max_by(|&a, &b| f[a].mean.total_cmp(&f[b].mean).then(b.cmp(&a)))
            .map_or(f64::NAN, |k| k as f64 + 1.0);
        let item = format!("most probable best i of WCS(i), eta = {eta}, eps = {eps}, r_f = {rf}");
        let r = Row::compare(SOURCE, "§2.5 text (Figs. 2.4/2.5)", &item, printed, mode, 0.0)
            .note("model = the mode of the best i over random chains (n = 15)");
        rows.push(if r.status == Status::Match {
            r
        } else if (mode - printed).abs() <= 1.0 {
            r.deviates(
                "off by one: 25 unseeded thesis runs and the unstated slow ranges; the reference's recomputation \
                 also favours i about one larger at eta = 0.03 (the trend in r_f and eta is the same)",
            )
        } else {
            r
        });
    }
    for (k, table) in ["Table 2.1", "Table 2.2"].iter().enumerate() {
        rows.push(Row::compare(SOURCE, table, "cells with T-WCS < T-pure (of 16)", 16.0, wcs_beats_pure[k], 0.0));
    }
    rows.push(
        Row::compare(
            SOURCE,
            "Tables 2.1/2.2",
            "largest relative gap, event engine vs closed forms (all cells, ESS/WCS/pure)",
            0.0,
            if engine_gap_nan { f64::NAN } else { engine_gap },
            1e-9,
        )
        .note(
            "the thesis's model ignores port conflicts between the percolating probe and the phases; the engine, \
             driven only by PTC reports, shows they never delay a phase on these chains (bound: mean + 4 s.e.)",
        ),
    );
    rows
}

pub(super) fn table_4_2(cfg: &RunConfig) -> Vec<Row> {
    let t = "Table 4.2";
    let (nodes, reps) = if cfg.quick { (50, 24) } else { (100, 30) };
    let kinds = SpanningTreeKind::ALL;
    let mut rows = Vec::new();
    for (links, label) in [(SpeedClass::Low, "low-parameter links"), (SpeedClass::High, "high-parameter links")] {
        let spec = RandomGraph::chapter4(nodes, 0.3, links, SpeedClass::Low);
        let mc = match MonteCarlo::new(cfg.seed ^ 0x42, reps) {
            Ok(m) => m,
            Err(_) => return rows,
        };
        let est = mc.estimate_vec(2 * kinds.len(), |_, rng, out| {
            let Ok(g) = spec.generate(rng) else {
                out[0] = f64::NAN;
                return;
            };
            for (k, &kind) in kinds.iter().enumerate() {
                match spanning_tree(&g, 0, kind, 1.0, 1.0).and_then(|tr| Ok((raold_os(&tr, g.w(), 1e8, 1.0, 1.0)?, tr)))
                {
                    Ok((s, tr)) => {
                        out[k] = s.finish_time;
                        out[kinds.len() + k] = tr.eccentricity() as f64;
                    }
                    Err(_) => out[k] = f64::NAN,
                }
            }
        });
        let Ok(est) = est else {
            rows.push(Row::model_only(SOURCE, t, "random-graph harness", f64::NAN).not_reproducible("a draw failed"));
            continue;
        };
        let time = |k: SpanningTreeKind| est[kinds.iter().position(|&x| x == k).unwrap_or(0)].mean;
        let ecc = |k: SpanningTreeKind| est[kinds.len() + kinds.iter().position(|&x| x == k).unwrap_or(0)].mean;
        for (k, &kind) in kinds.iter().enumerate() {
            rows.push(
                Row::model_only(SOURCE, t, &format!("mean time, {}, {label}, N = {nodes}", kind.name()), est[k].mean)
                    .with_monte_carlo(est[k], 4.0),
            );
            if links == SpeedClass::Low {
                let e = est[kinds.len() + k];
                rows.push(
                    Row::model_only(SOURCE, t, &format!("mean eccentricity, {}, N = {nodes}", kind.name()), e.mean)
                        .with_monte_carlo(e, 4.0),
                );
            }
        }
        use SpanningTreeKind::*;
        let est_lowest = kinds.iter().all(|&k| time(Est) <= time(k) + 1e-9);
        rows.push(Row::compare(
            SOURCE,
            t,
            &format!("EST has the lowest time ({label}) [1 = holds]"),
            1.0,
            f64::from(u8::from(est_lowest)),
            0.0,
        ));
        let holds = |b: bool| f64::from(u8::from(b));
        if links == SpeedClass::Low {
            // The literal reading (values used as z) reproduces the "low speed links" column and the
            // eccentricity column (reference ambiguity 34).
            rows.push(
                Row::compare(
                    SOURCE,
                    t,
                    &format!("MST has the highest time ({label}) [1 = holds]"),
                    1.0,
                    holds(kinds.iter().all(|&k| time(Mst) >= time(k) - 1e-9)),
                    0.0,
                )
                .note("\"low speed links\" column: MST highest, EST the lower bound"),
            );
            rows.push(Row::compare(
                SOURCE,
                t,
                "eccentricity: MST highest, FHT lowest [1 = holds]",
                1.0,
                holds(kinds.iter().all(|&k| ecc(Mst) >= ecc(k) && ecc(Fht) <= ecc(k))),
                0.0,
            ));
            rows.push(
                Row::compare(
                    SOURCE,
                    t,
                    "eccentricity: RST low (below SPT) [1 = holds]",
                    1.0,
                    holds(ecc(Rst) < ecc(Spt)),
                    0.0,
                )
                .note("the thesis also ranks EST \"medium\" above RST; in this harness RST and EST are within one hop"),
            );
            rows.push(Row::compare(
                SOURCE,
                t,
                "eccentricity: SPT and EST medium (between FHT and MST) [1 = holds]",
                1.0,
                holds([Spt, Est].iter().all(|&k| ecc(k) > ecc(Fht) && ecc(k) < ecc(Mst))),
                0.0,
            ));
        } else {
            rows.push(
                Row::compare(
                    SOURCE,
                    t,
                    &format!("FHT has the highest time ({label}) [1 = holds]"),
                    1.0,
                    holds(kinds.iter().all(|&k| time(Fht) >= time(k) - 1e-9)),
                    0.0,
                )
                .deviates(
                    "\"high speed links\" column: with values in [6.67, 10] used as z the root keeps almost all \
                           the load, the trees differ by < 2% and MST is highest; Figs. 4.2–4.4 are missing and the \
                           speed-range reading is ambiguous (reference ambiguity 34)",
                ),
            );
        }
    }
    rows
}

/// §5.5 text: T_SDS and T_SSS on 20-node random graphs with 1 and 7 sources (sources drawn at
/// random and retained), L = 10^7 per source, tight and loose coupling.
pub(super) fn chapter_5(cfg: &RunConfig) -> Vec<Row> {
    let t = "§5.5 text (Fig. 5.3)";
    let reps = cfg.replications(200, 24);
    let mut rows = Vec::new();
    // (coupling, [SDS 1 source, SDS 7 sources, SSS 1 source, SSS 7 sources]) as quoted.
    for (coupling, name, quoted) in [
        (Coupling::Tight, "tight", [2.1e6, 1.6e7, 2.1e6, 1.2e7]),
        (Coupling::Loose, "loose", [1.1e7, 5.7e7, 1.1e7, 1.6e7]),
    ] {
        let spec = RandomGraph::chapter5(20, coupling);
        let Ok(mc) = MonteCarlo::new(cfg.seed ^ 0x55, reps) else { return rows };
        let est = mc.estimate_vec(6, |_, rng, out| {
            use rand::seq::SliceRandom;
            let Ok(g) = spec.generate(rng) else {
                out[0] = f64::NAN;
                return;
            };
            let mut order: Vec<usize> = (0..g.len()).collect();
            order.shuffle(rng);
            let mut gaps = Vec::new();
            for (k, m) in [1usize, 7].into_iter().enumerate() {
                let src = &order[..m];
                let loads = vec![1e7; m];
                out[k] = sds(&g, src, &loads, 1.0, 1.0).unwrap_or(f64::NAN);
                let s = sss(&g, src, &loads, 1.0, 1.0);
                out[2 + k] = s.as_ref().map_or(f64::NAN, |s| s.finish_time);
                // The same schedules executed on the event engine, stage by stage.
                let engine_sss = s.as_ref().ok().and_then(|s| execute_sss(&g, s, 1.0, 1.0).ok());
                let engine_sds = execute_sds(&g, src, &loads, 1.0, 1.0).ok();
                for (e, model) in [(engine_sss, out[2 + k]), (engine_sds, out[k])] {
                    gaps.push(e.map_or(f64::NAN, |e| ((e.finish_time - model) / model).abs()));
                }
            }
            out[4] = f64::from(u8::from(out[3] <= out[1] * (1.0 + 1e-12)));
            out[5] = if gaps.iter().any(|g| g.is_nan()) { f64::NAN } else { gaps.iter().copied().fold(0.0, f64::max) };
        });
        let Ok(est) = est else {
            rows.push(Row::model_only(SOURCE, t, "multi-source harness", f64::NAN).not_reproducible("a draw failed"));
            continue;
        };
        rows.push(
            Row::compare(
                SOURCE,
                t,
                &format!("largest relative gap, event engine vs closed forms (SSS and SDS, {name})"),
                0.0,
                est[5].mean + 4.0 * est[5].std_err,
                1e-9,
            )
            .note("every SSS iteration and SDS stage executed region by region on the engine (bound: mean + 4 s.e.)"),
        );
        let labels = ["T_SDS, 1 source", "T_SDS, 7 sources", "T_SSS, 1 source", "T_SSS, 7 sources"];
        for (k, label) in labels.iter().enumerate() {
            let item = format!("{label}, {name} coupling, 20 nodes");
            let r = Row::compare(SOURCE, t, &item, quoted[k], est[k].mean, 0.25 * quoted[k])
                .with_monte_carlo(est[k], 4.0)
                .note("model = mean over random graphs; tolerance 25%");
            rows.push(if r.status == Status::Match {
                r
            } else {
                r.deviates(
                    "the thesis quotes one unseeded random graph read off the missing Fig. 5.3; the value depends on the \
                     draw and on which nodes become sources",
                )
            });
        }
        let growth_paper = quoted[3] / quoted[2];
        let growth = est[3].mean / est[2].mean;
        let r = Row::compare(
            SOURCE,
            t,
            &format!("T_SSS growth 1 → 7 sources, {name}"),
            growth_paper,
            growth,
            0.35 * growth_paper,
        )
        .note("the \"load insensitive\" property of loosely coupled networks: +45% for 7× the load");
        rows.push(if r.status == Status::Match {
            r
        } else {
            r.deviates(
                "ratio of two single-draw figure readings; in this harness (sources uniform over the nodes, finished \
                 sources computing as processing nodes) loose SSS grows 2.5x, not 1.45x: the thesis's load-insensitivity \
                 is not reproduced in magnitude, only SSS << SDS",
            )
        });
        rows.push(
            Row::compare(
                SOURCE,
                t,
                &format!("fraction of draws with T_SSS <= T_SDS, 7 sources, {name}"),
                1.0,
                est[4].mean,
                0.0,
            )
            .note("SSS is never slower than SDS in the thesis's experiments (observed, not proven)"),
        );
    }
    rows
}
