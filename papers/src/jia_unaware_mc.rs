//! Jia, resource-unaware strategies: the Monte Carlo sections — Tables 2.1/2.2 and the
//! §2.5 text (random chains), Table 4.2 (spanning trees on random graphs) and the §5.5 text
//! (SSS and SDS on random graphs). Every crate value here is a simulation: it goes in the
//! `monte_carlo` column with its standard error; no row has a `model` value.

use super::KEY;
use crate::fixtures::jia;
use crate::jia_chains::{ChainSampler, best_wcs_frequencies, chain_experiment};
use crate::{Row, RunConfig};
use loadbal::dlt::CostScale;
use loadbal::dlt::unaware::{
    Coupling, MultiSourceLoad, RandomGraph, SpanningTreeKind, SpeedClass, UnawareError, raold_os, sds, spanning_tree,
    sss,
};
use loadbal::montecarlo::{Estimate, MonteCarlo};

/// One printed cell: (r_f, ε, n, [ESS, WCS, pure] at η = 0.03, same at η = 0.07), as printed.
type Cell = (f64, f64, usize, [&'static str; 3], [&'static str; 3]);

const TABLES_2: [Cell; 16] = [
    (0.75, 0.07, 5, ["189.70", "185.50", "195.70"], ["203.43", "202.99", "228.34"]),
    (0.75, 0.07, 8, ["173.73", "169.29", "182.32"], ["190.06", "188.51", "221.19"]),
    (0.75, 0.07, 13, ["161.83", "156.27", "177.48"], ["175.17", "173.43", "227.45"]),
    (0.75, 0.07, 20, ["157.01", "153.60", "182.86"], ["170.99", "171.31", "242.57"]),
    (0.75, 0.12, 5, ["194.77", "186.59", "195.70"], ["207.20", "203.49", "228.34"]),
    (0.75, 0.12, 8, ["182.41", "172.32", "182.32"], ["192.60", "189.56", "221.19"]),
    (0.75, 0.12, 13, ["171.99", "159.49", "177.48"], ["182.02", "174.18", "227.45"]),
    (0.75, 0.12, 20, ["167.27", "156.22", "182.86"], ["176.98", "173.06", "242.57"]),
    (0.25, 0.07, 5, ["244.65", "241.87", "249.71"], ["278.81", "282.13", "283.45"]),
    (0.25, 0.07, 8, ["220.59", "219.12", "228.85"], ["252.98", "254.50", "271.78"]),
    (0.25, 0.07, 13, ["204.40", "202.77", "220.78"], ["227.69", "227.31", "270.37"]),
    (0.25, 0.07, 20, ["201.57", "199.42", "224.98"], ["224.39", "223.90", "286.82"]),
    (0.25, 0.12, 5, ["247.70", "242.12", "249.71"], ["262.31", "264.60", "283.45"]),
    (0.25, 0.12, 8, ["226.93", "219.75", "228.84"], ["244.85", "244.44", "271.78"]),
    (0.25, 0.12, 13, ["213.16", "206.04", "220.78"], ["227.67", "226.79", "270.37"]),
    (0.25, 0.12, 20, ["211.94", "204.80", "249.71"], ["225.44", "224.91", "286.82"]),
];

/// (η, ε, r_f, [(i, printed count of 25)]) of the §2.5 text.
type BestISetting = (f64, f64, f64, &'static [(usize, &'static str)]);

/// (coupling, name, [T_SDS 1, T_SDS 7, T_SSS 1, T_SSS 7] as (parse form, as printed), growth % [SDS, SSS]).
type Quoted = (Coupling, &'static str, [(&'static str, &'static str); 4], [&'static str; 2]);

/// Repetitions behind each printed cell of Tables 2.1/2.2 and of the §2.5 counts.
const THESIS_RUNS: f64 = 25.0;
/// A printed mean of 25 runs is consistent within this many of its own standard deviations.
const K_SD: f64 = 3.0;
/// The systematic ESS/WCS deviation is accepted up to this relative size.
const SYSTEMATIC_BOUND: f64 = 0.15;

fn value(printed: &str) -> f64 {
    super::super::PrintedNumber::parse(printed).map_or(f64::NAN, |p| p.value)
}

/// The spread of a mean of `runs` runs, as an [`Estimate`] whose `std_dev()` is that spread, for
/// [`Row::consistent`]; the row's standard error is then restored to the simulation's.
fn mean_of_runs(est: Estimate, runs: f64) -> Estimate {
    Estimate { std_err: est.std_err / runs.sqrt(), ..est }
}

/// A value the crate simulates with no printed counterpart: the estimate in `monte_carlo`.
fn computed_mc(table: &str, item: &str, est: Estimate) -> Row {
    let mut r = Row::computed(KEY, table, item, est.mean);
    r.model = None;
    r.monte_carlo = Some(est.mean);
    r.mc_std_err = Some(est.std_err);
    r
}

/// A qualitative claim of the paper checked by the crate ([`Row::claim`]): `computed` with the
/// quote when it holds, otherwise `unexplained` unless `explanation` = (why, what, size, bound)
/// holds ([`Row::explained_by`]). `value` is the simulated quantity behind the claim.
fn claim(
    table: &str,
    item: &str,
    value: Estimate,
    holds: bool,
    quote: &str,
    explanation: Option<(&str, &str, f64, f64)>,
) -> Row {
    let mut r = Row::claim(KEY, table, item, quote, holds);
    r.monte_carlo = Some(value.mean);
    r.mc_std_err = Some(value.std_err);
    match explanation {
        Some((why, what, size, bound)) => r.explained_by(why, what, size, bound),
        None => r,
    }
}

pub(super) fn tables_2(cfg: &RunConfig) -> Vec<Row> {
    let reps = cfg.replications(2000, 100);
    // One run per cell and η: (table, item prefix, printed triple, the crate's cell).
    let mut runs = Vec::new();
    for (cell, &(rf, eps, n, at3, at7)) in TABLES_2.iter().enumerate() {
        let table = if rf > 0.5 { "Table 2.1" } else { "Table 2.2" };
        for (eta, printed) in [(0.03, at3), (0.07, at7)] {
            let seed = cfg.seed.wrapping_add(cell as u64 * 2 + u64::from(eta > 0.05));
            let c = MonteCarlo::new(seed, reps)
                .map_err(UnawareError::from)
                .and_then(|mc| chain_experiment(&ChainSampler::thesis(n, rf), &jia::chain_config(eta, eps), &mc));
            runs.push((table, format!("eps = {eps}, n = {n}, eta = {eta}"), printed, c));
        }
    }
    // The ESS/WCS cells: every one below the thesis. Summary of the relative deviations.
    let rel: Vec<f64> = runs
        .iter()
        .filter_map(|(_, _, p, c)| {
            c.as_ref()
                .ok()
                .map(|c| [(c.ess.mean - value(p[0])) / value(p[0]), (c.wcs.mean - value(p[1])) / value(p[1])])
        })
        .flatten()
        .collect();
    let (lo, hi) = rel.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| (a.min(x), b.max(x)));
    let mean_rel = rel.iter().sum::<f64>() / rel.len().max(1) as f64;
    let below = rel.iter().filter(|&&x| x < 0.0).count();
    let systematic = format!(
        "systematic: the {} ESS/WCS cells lie {:+.1} % to {:+.1} % from the thesis (mean {:+.1} %, {below} below); the thesis's \
         25 unseeded runs use unstated slow ranges (here w ~ U(3,7), z ~ U(0.3,0.7)), independent fast draws per node and \
         link; an independent recomputation with the same choices shows the same bias",
        rel.len(),
        100.0 * lo,
        100.0 * hi,
        100.0 * mean_rel
    );
    let mut rows = Vec::new();
    let mut summary = computed_mc(
        "Tables 2.1/2.2",
        "ESS/WCS: mean relative deviation from the thesis, %",
        Estimate { mean: 100.0 * mean_rel, std_err: 0.0, n: rel.len() as u64 },
    )
    .note(&systematic);
    summary.mc_std_err = None;
    rows.push(summary);
    // T-pure: relative deviations per table, for the explanation of the cells outside their band.
    let pure_rel = |table: &str| -> (f64, f64) {
        runs.iter()
            .filter(|(t, _, _, _)| *t == table)
            .filter_map(|(_, s, p, c)| {
                c.as_ref()
                    .ok()
                    .filter(|_| !(table == "Table 2.2" && s == "eps = 0.12, n = 20, eta = 0.03"))
                    .map(|c| (c.pure.mean - value(p[2])) / value(p[2]))
            })
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| (a.min(x), b.max(x)))
    };
    let pure_why = |table: &str| {
        let (lo, hi) = pure_rel(table);
        format!(
            "the thesis's unstated slow ranges and fast-draw rule (as for ESS/WCS): the crate's T-pure of {table} lies {:+.1} % \
             to {:+.1} % from the thesis; accepted up to 10 % of the printed value",
            100.0 * lo,
            100.0 * hi
        )
    };
    let mut wcs_beats_pure = [(0u32, 0u32); 2];
    for (table, suffix, printed, c) in &runs {
        let c = match c {
            Ok(c) => c,
            Err(e) => {
                for (name, p) in ["T-ESS", "T-WCS", "T-pure"].iter().zip(printed) {
                    rows.push(Row::error(KEY, table, &format!("{name}, {suffix}"), e).with_printed_text(p));
                }
                continue;
            }
        };
        let k = usize::from(*table == "Table 2.2");
        wcs_beats_pure[k].0 += u32::from(c.wcs.mean < c.pure.mean);
        wcs_beats_pure[k].1 += 1;
        for (name, est, p) in [("T-ESS", c.ess, printed[0]), ("T-WCS", c.wcs, printed[1])] {
            rows.push(
                Row::simulated(KEY, table, &format!("{name}, {suffix}"), p, est, None)
                    .explained(&systematic, SYSTEMATIC_BOUND * value(p)),
            );
        }
        // T-pure: the printed value is a mean of 25 runs, one draw of that mean.
        let item = format!("T-pure, {suffix}");
        let mut r = Row::consistent(KEY, table, &item, printed[2], mean_of_runs(c.pure, THESIS_RUNS), None, K_SD)
            .note("the printed value is a mean of 25 runs: the band is K sd of a 25-run mean (single-run sd/5)");
        r.mc_std_err = Some(c.pure.std_err);
        if *table == "Table 2.2" && suffix == "eps = 0.12, n = 20, eta = 0.03" {
            // The n = 5 value copied: T-pure does not depend on ε (224.98 one row above).
            let spread = K_SD * c.pure.std_dev() / THESIS_RUNS.sqrt() + 0.005;
            let fits_corrected = (c.pure.mean - 224.98).abs() <= spread;
            r = r.explained(
                "copy error: the thesis prints 249.71, the n = 5 value; T-pure does not depend on ε and the ε = 0.07 row \
                 prints 224.98, which the crate's runs are consistent with",
                if fits_corrected { (c.pure.mean - 249.71).abs() + 1e-9 } else { 0.0 },
            );
        } else {
            r = r.explained(&pure_why(table), 0.10 * value(printed[2]));
        }
        rows.push(r);
    }
    // The thesis's own cells: T-pure does not depend on ε, so the ε = 0.07 and ε = 0.12 rows
    // of each table must print the same T-pure.
    for (cell, &(rf, eps, n, at3, at7)) in TABLES_2.iter().enumerate().filter(|(_, c)| c.1 > 0.1) {
        let table = if rf > 0.5 { "Table 2.1" } else { "Table 2.2" };
        let twin = TABLES_2[cell - 4];
        for (eta, printed, other) in [(0.03, at3[2], twin.3[2]), (0.07, at7[2], twin.4[2])] {
            rows.push(Row::paper_check(
                KEY,
                table,
                &format!("T-pure, eps = {eps} equals eps = 0.07 (n = {n}, eta = {eta})"),
                printed,
                value(other),
                0.0,
            ));
        }
    }
    for (k, table) in ["Table 2.1", "Table 2.2"].iter().enumerate() {
        let (wins, cells) = wcs_beats_pure[k];
        rows.push(claim(
            table,
            "cells with T-WCS < T-pure (crate means)",
            Estimate { mean: f64::from(wins), std_err: 0.0, n: u64::from(cells) },
            wins == cells,
            "'our strategies have gained a significant speed-up against the pureDLT' (the printed tables: 16 of 16)",
            None,
        ));
    }
    rows.extend(best_i(cfg));
    rows
}

/// §2.5 text (Figs. 2.4/2.5): how many of 25 runs had their minimum finish time at WCS(i),
/// n = 15: "19/25 at i = 2", "17/25 at i = 3", "13/25 at i = 4 or 9/25 at i = 5", "15/25 at
/// i = 1", "around 21/25 at i = 2" (twice).
fn best_i(cfg: &RunConfig) -> Vec<Row> {
    let t = "§2.5 text (Figs. 2.4/2.5)";
    let reps = cfg.replications(2000, 400);
    let mut rows = Vec::new();
    let settings: [BestISetting; 6] = [
        (0.03, 0.12, 0.2, &[(2, "19")]),
        (0.03, 0.12, 0.5, &[(3, "17")]),
        (0.03, 0.12, 0.8, &[(4, "13"), (5, "9")]),
        (0.07, 0.07, 0.2, &[(1, "15")]),
        (0.07, 0.07, 0.5, &[(2, "21")]),
        (0.07, 0.07, 0.8, &[(2, "21")]),
    ];
    for (eta, eps, rf, counts) in settings {
        let f = MonteCarlo::new(cfg.seed ^ 0x24, reps)
            .map_err(UnawareError::from)
            .and_then(|mc| best_wcs_frequencies(&ChainSampler::thesis(15, rf), &jia::chain_config(eta, eps), 8, &mc));
        for &(i, printed) in counts {
            let item = format!("runs of 25 with best i = {i}, eta = {eta}, eps = {eps}, r_f = {rf}");
            rows.push(match &f {
                Ok(f) => match f.get(i - 1) {
                    Some(e) => {
                        let mode = (0..f.len()).max_by(|&a, &b| f[a].mean.total_cmp(&f[b].mean).then(b.cmp(&a))).map_or(0, |k| k + 1);
                        // A count out of 25: mean 25 f, spread 5·sd of one run's indicator.
                        let count = Estimate { mean: THESIS_RUNS * e.mean, std_err: THESIS_RUNS.sqrt() * e.std_err, n: e.n };
                        let mut r = Row::consistent(KEY, t, &item, printed, count, None, K_SD)
                            .note(&format!("the printed count is one set of 25 runs; the crate's most probable best i is {mode}"));
                        r.mc_std_err = Some(THESIS_RUNS * e.std_err);
                        // Off by one: the crate's most probable best i is within one of the printed i
                        // (the unstated slow ranges shift the optimum).
                        let shifted = mode.abs_diff(i) <= 1;
                        r.explained(
                            &format!(
                                "25 unseeded thesis runs with unstated slow ranges: the crate's most probable best i is {mode}, \
                                 within one of the printed {i} (the trend in r_f and eta is the same); accepted while the mode \
                                 is off by at most one"
                            ),
                            if shifted { THESIS_RUNS } else { 0.0 },
                        )
                    }
                    None => Row::error(KEY, t, &item, &"no frequency for this i").with_printed_text(printed),
                },
                Err(e) => Row::error(KEY, t, &item, e).with_printed_text(printed),
            });
        }
    }
    rows
}

pub(super) fn table_4_2(cfg: &RunConfig) -> Vec<Row> {
    let t = "Table 4.2";
    let (nodes, reps) = if cfg.quick { (50, 24) } else { (100, 30) };
    let kinds = SpanningTreeKind::ALL;
    let mut rows = Vec::new();
    let mc = match MonteCarlo::new(cfg.seed ^ 0x42, reps) {
        Ok(m) => m,
        Err(e) => return vec![Row::error(KEY, t, "random-graph harness", &e)],
    };
    for (links, label) in [(SpeedClass::Low, "low-parameter links"), (SpeedClass::High, "high-parameter links")] {
        let spec = RandomGraph::chapter4(nodes, 0.3, links, SpeedClass::Low);
        let est = mc.estimate_vec(2 * kinds.len(), |_, rng, out| {
            let Ok(g) = spec.generate(rng) else {
                out.fill(f64::NAN);
                return;
            };
            for (k, &kind) in kinds.iter().enumerate() {
                match spanning_tree(&g, 0, kind, CostScale::unit())
                    .and_then(|tr| Ok((raold_os(&tr, g.w(), 1e8, CostScale::unit())?, tr)))
                {
                    Ok((s, tr)) => {
                        out[k] = s.finish_time;
                        out[kinds.len() + k] = tr.eccentricity() as f64;
                    }
                    Err(_) => {
                        out[k] = f64::NAN;
                        out[kinds.len() + k] = f64::NAN;
                    }
                }
            }
        });
        let est = match est {
            Ok(e) => e,
            Err(e) => {
                rows.push(Row::error(KEY, t, &format!("random-graph harness, {label}"), &e));
                continue;
            }
        };
        let pos = |k: SpanningTreeKind| kinds.iter().position(|&x| x == k).unwrap_or(0);
        let time = |k: SpanningTreeKind| est[pos(k)];
        let ecc = |k: SpanningTreeKind| est[kinds.len() + pos(k)];
        for (k, &kind) in kinds.iter().enumerate() {
            rows.push(computed_mc(t, &format!("mean time, {}, {label}, N = {nodes}", kind.name()), est[k]));
            if links == SpeedClass::Low {
                rows.push(computed_mc(
                    t,
                    &format!("mean eccentricity, {}, N = {nodes}", kind.name()),
                    est[kinds.len() + k],
                ));
            }
        }
        use SpanningTreeKind::*;
        let lowest = kinds.iter().all(|&k| time(Est).mean <= time(k).mean + 1e-9);
        rows.push(claim(
            t,
            &format!("EST has the lowest time ({label})"),
            time(Est),
            lowest,
            "EST is the lower bound in both columns",
            None,
        ));
        if links == SpeedClass::Low {
            let highest = kinds.iter().all(|&k| time(Mst).mean >= time(k).mean - 1e-9);
            rows.push(claim(
                t,
                &format!("MST has the highest time ({label})"),
                time(Mst),
                highest,
                "\"low speed links\" column: MST highest",
                None,
            ));
            let e_ok = kinds.iter().all(|&k| ecc(Mst).mean >= ecc(k).mean && ecc(Fht).mean <= ecc(k).mean);
            rows.push(claim(
                t,
                "eccentricity: MST highest, FHT lowest",
                ecc(Mst),
                e_ok,
                "eccentricity column: MST high, FHT low",
                None,
            ));
            rows.push(claim(
                t,
                "eccentricity: RST low (below SPT)",
                ecc(Rst),
                ecc(Rst).mean < ecc(Spt).mean,
                "eccentricity column: RST low (the thesis also ranks EST \"medium\" above RST)",
                None,
            ));
            let medium = [Spt, Est].iter().all(|&k| ecc(k).mean > ecc(Fht).mean && ecc(k).mean < ecc(Mst).mean);
            rows.push(claim(
                t,
                "eccentricity: SPT and EST medium (between FHT and MST)",
                ecc(Spt),
                medium,
                "SPT, EST medium",
                None,
            ));
        } else {
            let times: Vec<f64> = kinds.iter().map(|&k| time(k).mean).collect();
            let (lo, hi) = times.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| (a.min(x), b.max(x)));
            let spread = (hi - lo) / lo;
            let highest = kinds.iter().all(|&k| time(Fht).mean >= time(k).mean - 1e-9);
            // The ranking is only resolved when the trees differ by more than the simulation's
            // own uncertainty: the bound is the largest relative standard error of the five means.
            let resolution = kinds.iter().map(|&k| time(k).std_err / time(k).mean).fold(0.0, f64::max);
            rows.push(claim(
                t,
                &format!("FHT has the highest time ({label})"),
                time(Fht),
                highest,
                "\"high speed links\" column: FHT highest",
                Some((
                    "with values in [6.67, 10] used as z the root keeps almost all the load and the five trees' means \
                     differ by less than one standard error, so the simulation cannot rank them; Figs. 4.2–4.4 are \
                     missing and the speed-range reading is ambiguous",
                    "relative spread of the five trees' mean times (bound: their largest relative standard error)",
                    spread,
                    resolution,
                )),
            ));
        }
    }
    rows
}

/// §5.5 text: T_SDS and T_SSS on 20-node random graphs with 1 and 7 sources (sources drawn at
/// random and retained), L = 10^7 per source, tight and loose coupling. The quoted values are
/// one unseeded random graph each (Fig. 5.3, not available).
pub(super) fn chapter_5(cfg: &RunConfig) -> Vec<Row> {
    let t = "§5.5 text (Fig. 5.3)";
    let reps = cfg.replications(200, 24);
    let mut rows = Vec::new();
    let mc = match MonteCarlo::new(cfg.seed ^ 0x55, reps) {
        Ok(m) => m,
        Err(e) => return vec![Row::error(KEY, t, "multi-source harness", &e)],
    };
    // (coupling, printed [SDS 1, SDS 7, SSS 1, SSS 7] as (parse form, as printed), growth % SDS, SSS).
    let quoted: [Quoted; 2] = [
        (
            Coupling::Tight,
            "tight",
            [("2.1e6", "2.1×10^6"), ("1.6e7", "1.6×10^7"), ("2.1e6", "2.1×10^6"), ("1.2e7", "1.2×10^7")],
            ["662", "471"],
        ),
        (
            Coupling::Loose,
            "loose",
            [("1.1e7", "1.1×10^7"), ("5.7e7", "5.7×10^7"), ("1.1e7", "1.1×10^7"), ("1.6e7", "1.6×10^7")],
            ["418", "45"],
        ),
    ];
    for (coupling, name, values, growth) in quoted {
        let spec = RandomGraph::chapter5(20, coupling);
        let est = mc.estimate_vec(7, |_, rng, out| {
            use loadbal::rand::seq::SliceRandom;
            let Ok(g) = spec.generate(rng) else {
                out.fill(f64::NAN);
                return;
            };
            let mut order: Vec<usize> = (0..g.len()).collect();
            order.shuffle(rng);
            for (k, m) in [1usize, 7].into_iter().enumerate() {
                let load = MultiSourceLoad::equal(order[..m].to_vec(), 1e7);
                out[k] = sds(&g, &load, CostScale::unit()).unwrap_or(f64::NAN);
                out[2 + k] = sss(&g, &load, CostScale::unit()).map_or(f64::NAN, |s| s.finish_time);
            }
            out[4] = f64::from(u8::from(out[3] <= out[1] * (1.0 + 1e-12)));
            out[5] = 100.0 * (out[1] / out[0] - 1.0);
            out[6] = 100.0 * (out[3] / out[2] - 1.0);
        });
        let est = match est {
            Ok(e) => e,
            Err(e) => {
                rows.push(Row::error(KEY, t, &format!("multi-source harness, {name}"), &e));
                continue;
            }
        };
        let open = "one unseeded random graph of the thesis (Fig. 5.3 is not available); the harness's sources are uniform \
                    over the nodes and finished sources compute as processing nodes, choices the thesis leaves open; \
                    accepted up to 60 % of the printed value";
        let labels = ["T_SDS, 1 source", "T_SDS, 7 sources", "T_SSS, 1 source", "T_SSS, 7 sources"];
        for (k, label) in labels.iter().enumerate() {
            let (parse, as_printed) = values[k];
            rows.push(
                Row::consistent(KEY, t, &format!("{label}, {name} coupling, 20 nodes"), parse, est[k], None, K_SD)
                    .with_printed_text(as_printed)
                    .explained(open, 0.6 * value(parse)),
            );
        }
        for (j, (label, printed)) in ["T_SDS", "T_SSS"].iter().zip(growth).enumerate() {
            let (p1, p7) = (value(values[2 * j].0), value(values[2 * j + 1].0));
            // The percentage from the two printed (2-digit) times, with their rounding.
            let from_cells = 100.0 * (p7 / p1 - 1.0);
            let rounding = 100.0
                * (0.05 * 10f64.powf(p7.log10().floor()) / p1 + p7 * 0.05 * 10f64.powf(p1.log10().floor()) / (p1 * p1));
            rows.push(Row::paper_check(
                KEY,
                t,
                &format!("{label} growth 1 → 7 sources, {name}, % (from the printed times)"),
                printed,
                from_cells,
                0.5 + rounding,
            ));
            rows.push(
                Row::consistent(
                    KEY,
                    t,
                    &format!("{label} growth 1 → 7 sources, {name}, %"),
                    printed,
                    est[5 + j],
                    None,
                    K_SD,
                )
                .explained(open, 0.6 * value(printed).max(100.0)),
            );
        }
        rows.push(claim(
            t,
            &format!("fraction of draws with T_SSS <= T_SDS, 7 sources, {name}"),
            est[4],
            est[4].mean >= 1.0,
            "'SSS outperforms SDS' (observed in the thesis's experiments, not proven)",
            None,
        ));
    }
    rows
}
