//! Jia (Jia's thesis): the resource-unaware strategies — Tables 2.1 and 2.2 (ESS, WCS,
//! pureDLT by Monte Carlo), Tables 3.1–3.3 (probing, SLD and DLD on the reconstructed Fig. 3.8
//! tree, executed on the event engine), the qualitative ordering of Table 4.2 (spanning trees
//! under RAOLD-OS) and the §5.5 statements on SSS and SDS.
//!
//! The worked examples of §3.4 are computed by the thesis with 4-decimal values. Where the
//! crate's value misses a printed one by more than half a unit, the row's explanation is the
//! first-order effect of that arithmetic, computed: every processor's w and every link's z moved
//! by the 4-decimal half unit 5e-5, the crate's strategy rerun, and the cell's moves summed
//! ([`rounding_bound`]).

use crate::error::PapersError;
use crate::fixtures::jia;
use crate::row::{Computed, Draft, Explanation, Paper, Row};
use crate::sections::{RunConfig, Section};
use loadbal::dlt::unaware::{DldSchedule, GivenProbe, Probe, ProbeReport, SldConfig, SldSchedule};
use loadbal::dlt::{CostScale, RelayRule, Rules, Tree, Worker};

/// The probe of the §3.4 examples: L = 80, η = 0.05 (η·L = 4, one unit per root child).
const PROBE_3_4: Probe = Probe { load: 80.0, eta: 0.05 };
/// T_cp = 2, T_cm = 1 throughout Jia's examples.
fn scale_3_4() -> CostScale {
    CostScale::new(2.0, 1.0).expect("T_cp = 2, T_cm = 1 is a valid scale")
}
/// Half a unit of the thesis's 4-decimal arithmetic.
const FOUR_DECIMALS: f64 = 5e-5;

pub(crate) const JIA: Paper = Paper::new("jia");

#[path = "jia_unaware_mc.rs"]
mod mc;

pub(crate) fn sections() -> Vec<Section> {
    vec![
        Section {
            source: "jia",
            title: "resource-unaware linear chains: ESS, WCS, pureDLT (Tables 2.1, 2.2)",
            run: mc::tables_2,
        },
        Section { source: "jia", title: "tree probing on the reconstructed Fig. 3.8 (Table 3.1)", run: table_3_1 },
        Section { source: "jia", title: "SLD on the SNP example (Table 3.2 and §3.4 text)", run: table_3_2 },
        Section { source: "jia", title: "DLD on the DNP example (Table 3.3 and §3.4 text)", run: table_3_3 },
        Section {
            source: "jia",
            title: "spanning trees under RAOLD-OS on random graphs (Table 4.2)",
            run: mc::table_4_2,
        },
        Section {
            source: "jia",
            title: "multi-source SSS and SDS on random graphs (§5.5 text, Fig. 5.3)",
            run: mc::chapter_5,
        },
    ]
}

/// Table 3.1 as printed: P_i, T^cs, T^cf (CTC), T^p (PTC), w_i, z_i.
const TABLE_3_1_PRINTED: [(usize, &str, &str, &str, &str, &str); 19] = [
    (1, "0", "0.5", "14.5", "7.0", "0.5"),
    (2, "0.5", "0.7", "4.7", "2.0", "0.2"),
    (3, "0.7", "1.1", "3.1", "1.0", "0.4"),
    (4, "1.1", "2.0", "202", "100.0", "0.9"),
    (5, "0.5", "1.0", "5", "2.0", "0.5"),
    (6, "0.7", "1.0", "3", "1.0", "0.3"),
    (7, "1.0", "1.3", "201.3", "100.0", "0.3"),
    (8, "2.0", "2.6", "18.6", "8.0", "0.6"),
    (9, "2.6", "2.8", "20.8", "9.0", "0.2"),
    (10, "1.0", "1.4", "9.4", "4.0", "0.4"),
    (11, "1.4", "2.2", "16.2", "7.0", "0.8"),
    (12, "2.2", "3.0", "9.0", "3.0", "0.8"),
    (13, "3.0", "3.2", "13.2", "5.0", "0.2"),
    (14, "1.0", "1.1", "17.1", "8.0", "0.1"),
    (15, "2.8", "12.8", "16.8", "2.0", "10.0"),
    (16, "1.1", "1.3", "4.3", "2.0", "0.2"),
    (17, "12.8", "13.3", "21.3", "4.0", "0.5"),
    (18, "13.3", "13.7", "21.7", "4.0", "0.4"),
    (19, "13.7", "14.4", "26.4", "6.0", "0.7"),
];

fn num(printed: &str) -> f64 {
    crate::PrintedNumber::parse(printed).map_or(f64::NAN, |p| p.value)
}

/// Table 3.1. The network (Fig. 3.8, missing) is reconstructed from this very table: z and w are
/// its columns, each processor's parent the one whose T^cf equals its T^cs. So every probe time
/// the engine returns on it is the table's own arithmetic (T^cf = T^cs + z·PL·T_cm, T^p = T^cf +
/// w·PL·T_cp, T^cs = the parent's or the previous sibling's T^cf), checked by the engine: rows are
/// `paper_check`, not reproductions.
fn table_3_1(_cfg: &RunConfig) -> Vec<Row> {
    let t = "Table 3.1";
    let ex = jia::fig_3_8();
    // What P_0 learns from the CTC/PTC reports of the probe copies run on the event engine.
    let probe = match ex.execute_probe(PROBE_3_4, scale_3_4()) {
        Ok(r) => r.probe,
        Err(e) => return vec![JIA.row(t, "probe run on the event engine").error(&e)],
    };
    let engine = "the table's own arithmetic, executed by loadbal::dlt::unaware::execute_probe on the network \
                  reconstructed from this table";
    let mut rows = Vec::new();
    for (i, tcs, tcf, tp, w, z) in TABLE_3_1_PRINTED {
        rows.push(JIA.row(t, format!("T^cs of P_{i}")).printed(tcs).note(engine).paper_check(probe.tcs[i], 0.0));
        rows.push(JIA.row(t, format!("T^cf (CTC) of P_{i}")).printed(tcf).note(engine).paper_check(probe.tcf[i], 0.0));
        let r = JIA.row(t, format!("T^p (PTC) of P_{i}")).printed(tp).note(engine);
        rows.push(if i == 16 {
            r.note("the table's T^p_16 = 4.3 contradicts its w_16 = 2.0 (1.3 + 2·2·1 = 5.3); every worked number of §3.4 uses both")
                .paper_check(probe.tp[i], 0.0)
        } else {
            r.paper_check(probe.tp[i], 0.0)
        });
        // (3.1)–(3.2) fed with the printed times: n = 4 children, η·L = 4, so PL = 1.
        let report = ProbeReport { tcs: num(tcs), tcf: num(tcf), tp: num(tp) };
        let by = "(3.1)–(3.2) on the table's own times (loadbal::dlt::unaware::ProbeReport::estimate)";
        match report.estimate(1.0, scale_3_4()) {
            Ok(Worker { z: ze, w: we }) => {
                rows.push(
                    JIA.row(t, format!("z_{i} by (3.1) from the printed times"))
                        .printed(z)
                        .note(by)
                        .paper_check(ze, 0.0),
                );
                rows.push(
                    JIA.row(t, format!("w_{i} by (3.2) from the printed times"))
                        .printed(w)
                        .note(by)
                        .paper_check(we, 0.0),
                );
            }
            Err(e) => rows.push(JIA.row(t, format!("z_{i}, w_{i} by (3.1)–(3.2)")).error(&e)),
        }
    }
    rows
}

/// The network with one parameter moved by `delta`: k < n moves w_k, k ≥ n moves the link z of
/// node k − n.
fn perturbed(ex: &Tree, k: usize, delta: f64) -> Result<Tree, PapersError> {
    let n = ex.id_len();
    let mut w = speeds(ex);
    let mut z: Vec<f64> = (0..n).map(|v| ex.z_up(v)).collect();
    if k < n {
        w[k] += delta;
    } else {
        z[k - n] += delta;
    }
    Ok(Tree::from_parents(ex.root(), ex.parents(), z, w)?)
}

/// The w of every node id of the Fig. 3.8 network (every id is a processor; the root's w is not
/// used by SLD and DLD).
fn speeds(ex: &Tree) -> Vec<f64> {
    (0..ex.id_len()).map(|v| ex.w(v).unwrap_or(0.0)).collect()
}

/// The first-order effect of the thesis's 4-decimal arithmetic on each of `cells`: every
/// processor's w and every link's z (the quantities its derived values are built from) moved by
/// the half unit 5e-5, the crate's computation rerun, and each cell's moves summed.
fn rounding_bound(ex: &Tree, cells: &dyn Fn(&Tree) -> Result<Vec<f64>, PapersError>) -> Result<Vec<f64>, PapersError> {
    let base = cells(ex)?;
    let mut bound = vec![0.0; base.len()];
    let n = ex.id_len();
    for k in (1..n).chain(n + 1..2 * n) {
        let moved = cells(&perturbed(ex, k, FOUR_DECIMALS)?)?;
        // A perturbation that changes the event order (a dispatch vanishes: NaN) is skipped: the
        // first-order bound is about smooth moves.
        for ((b, m), x) in bound.iter_mut().zip(&moved).zip(&base) {
            if m.is_finite() {
                *b += (m - x).abs();
            }
        }
    }
    Ok(bound)
}

/// The thesis's load fractions rounded to 4 decimals: a load `X·Π f` down a virtual tree moves by
/// `load·Σ 5e-5/f` over the fractions f on its path (each subtree's share of its parent's, and the
/// node's own share of its subtree), computed from the crate's distribution `loads`.
fn fraction_rounding(tree: &Tree, loads: &[f64]) -> Vec<f64> {
    let n = loads.len();
    let mut subtree = loads.to_vec();
    for &v in tree.ids().iter().rev() {
        if let Some(p) = tree.parent(v) {
            subtree[p] += subtree[v];
        }
    }
    (0..n)
        .map(|v| {
            if !(tree.is_member(v) && loads[v] > 0.0) {
                return 0.0;
            }
            let mut relative = 0.0;
            if loads[v] < subtree[v] {
                relative += FOUR_DECIMALS / (loads[v] / subtree[v]);
            }
            let mut u = v;
            while let Some(p) = tree.parent(u) {
                if subtree[u] < subtree[p] {
                    relative += FOUR_DECIMALS / (subtree[u] / subtree[p]);
                }
                u = p;
            }
            loads[v] * relative
        })
        .collect()
}

/// A printed cell of the §3.4 worked examples against the crate's strategy (`by`), explained, if
/// it misses by more than half a unit, by the 4-decimal arithmetic within `bound`.
fn four_decimal_row(draft: Draft, value: f64, bound: f64, by: &'static str) -> Row {
    draft.reproduced(Computed::by(by, value)).explained(Explanation::reading(
        format!(
            "the thesis's 4-decimal arithmetic: its w, z and load fractions rounded to 4 decimals move this cell by \
             {bound:.2e} (first order)"
        ),
        value,
        bound,
    ))
}

/// The SNP example's probe times with the printed T^p_16 = 4.3.
fn snp_probe(ex: &Tree) -> Result<Vec<f64>, PapersError> {
    let mut tp = ex.probe(PROBE_3_4, scale_3_4())?.tp;
    tp[16] = 4.3;
    Ok(tp)
}

/// When P_0 answers `v` in `phase`, and the load it sends.
fn response(s: &SldSchedule, phase: usize, v: usize) -> (f64, f64) {
    let time =
        s.dispatches.iter().find(|d| d.phase == phase && d.loads.iter().any(|p| p.0 == v)).map_or(f64::NAN, |d| d.time);
    (time, s.load_of(phase, v).unwrap_or(f64::NAN))
}

/// Table 3.2's Phase_1 rows: (P_i, response time, load) as printed.
const PHASE_1: [(usize, &str, &str); 7] = [
    (2, "5.3333", "1.7528"),
    (3, "3.8", "3.8333"),
    (5, "5.9887", "1.4023"),
    (6, "3.0", "4"),
    (10, "9.9392", "0.3256"),
    (12, "9.0", "0.5128"),
    (16, "5.3333", "1.4023"),
];
/// Phase_2 opening distribution at t = 13 (P_i, load).
const PHASE_2_OPENING: [(usize, &str); 7] =
    [(2, "4.5211"), (3, "7.5348"), (5, "2.4971"), (6, "7.4134"), (10, "1.1893"), (12, "1.3988"), (16, "3.4487")];
/// Phase_2 in-phase answers (P_i, response time, load).
const PHASE_2: [(usize, &str, &str); 10] = [
    (14, "21.6328", "0.7547"),
    (8, "21.7837", "0.6120"),
    (9, "21.7837", "0.5643"),
    (15, "21.7837", "0.4369"),
    (17, "21.7837", "0.1958"),
    (18, "21.7837", "0.2081"),
    (1, "25.7672", "0.5397"),
    (11, "25.7672", "0.4570"),
    (13, "25.7672", "0.6764"),
    (19, "32.5972", "0.0657"),
];
/// Phase_3 loads as printed.
const PHASE_3: [(usize, &str); 17] = [
    (1, "0.7880"),
    (2, "4.2475"),
    (3, "7.0779"),
    (5, "2.0751"),
    (6, "6.8656"),
    (8, "0.5447"),
    (9, "0.5023"),
    (10, "0.9687"),
    (11, "0.5242"),
    (12, "1.0785"),
    (13, "0.8142"),
    (14, "0.8333"),
    (15, "0.3470"),
    (16, "3.1747"),
    (17, "0.1555"),
    (18, "0.1652"),
    (19, "0.0979"),
];

/// The SLD schedule of the SNP example as the thesis runs it (T_2^f rounded to 34.16).
fn snp_sld(ex: &Tree, tp: &[f64]) -> Result<SldSchedule, PapersError> {
    let cfg = SldConfig { phase_end_decimals: Some(2), ..jia::sld_snp() };
    Ok(ex.sld(tp, &cfg)?)
}

/// The cells of Table 3.2's Phases 1–2 and the §3.4 text, in a fixed order: Phase_1 (time,
/// load) × 7, Phase_1 total, Phase_2 duration, Phase_2 opening × 7, Phase_2 (time, load) × 10,
/// |P_4| batch w and load, |P_1| batch load, Phase_2 total, Phase_3 processors.
fn snp_cells(ex: &Tree, tp: &[f64]) -> Result<Vec<f64>, PapersError> {
    let s = snp_sld(ex, tp)?;
    let mut out = Vec::new();
    for (v, _, _) in PHASE_1 {
        let (time, load) = response(&s, 1, v);
        out.extend([time, load]);
    }
    out.push(s.phases.first().map_or(f64::NAN, |p| p.dispatched));
    out.push(s.phases.get(1).map_or(f64::NAN, |p| p.finish - 13.0));
    for (v, _) in PHASE_2_OPENING {
        let opening: f64 = s
            .dispatches
            .iter()
            .filter(|d| d.phase == 2 && d.time < 21.0)
            .flat_map(|d| d.loads.iter())
            .filter(|p| p.0 == v)
            .map(|p| p.1)
            .sum();
        out.push(opening);
    }
    for (v, _, _) in PHASE_2 {
        let time = s
            .dispatches
            .iter()
            .find(|d| d.phase == 2 && d.time > 21.0 && d.loads.iter().any(|p| p.0 == v))
            .map_or(f64::NAN, |d| d.time);
        let load: f64 = s
            .dispatches
            .iter()
            .filter(|d| d.phase == 2 && d.time > 21.0)
            .flat_map(|d| d.loads.iter())
            .filter(|p| p.0 == v)
            .map(|p| p.1)
            .sum();
        out.extend([time, load]);
    }
    let p4 = s.dispatches.iter().find(|d| d.set == 4);
    out.push(p4.map_or(f64::NAN, |b| b.w_set));
    out.push(p4.map_or(f64::NAN, |b| b.total));
    let p1 = s.dispatches.iter().find(|d| d.phase == 2 && d.set == 1 && d.loads.iter().any(|p| p.0 == 11));
    out.push(p1.map_or(f64::NAN, |b| b.total));
    out.push(s.phases.get(1).map_or(f64::NAN, |p| p.dispatched));
    out.push(s.phases.get(2).map_or(f64::NAN, |p| p.available.len() as f64));
    Ok(out)
}

/// Phase_3 of the SNP example on the thesis's remainder 30.2603 from 34.16 (its Phase_1 slips
/// included): the loads of PHASE_3's processors, the thesis's-formula finish (its relay rule at
/// P_0 too) and the physical finish (the rule of its own Phase_2).
fn snp_phase_3(ex: &Tree) -> Result<(Vec<f64>, f64, f64, f64), PapersError> {
    let mut avail = vec![true; ex.id_len()];
    for v in [0, 4, 7] {
        avail[v] = false;
    }
    let rules = Rules { relay: RelayRule::FirstChildLink, top: RelayRule::Physical };
    let vt = ex.virtual_tree(&avail, None)?;
    let d3 = vt.distribute(30.2603, 34.16, rules, scale_3_4())?;
    let over = vt.distribute(30.2603, 34.16, Rules { top: RelayRule::FirstChildLink, ..rules }, scale_3_4())?;
    // The printed schedule executed on the event engine: its true finish.
    let mut loads = d3.loads.clone();
    loads[0] = 0.0;
    // The virtual tree's root P_0 is a relay: it does not compute.
    let run = vt.tree.execute(&loads, scale_3_4())?;
    Ok((
        PHASE_3.iter().map(|(v, _)| d3.loads[*v]).collect(),
        over.finish,
        d3.finish,
        34.16 + run.trace.compute_makespan,
    ))
}

fn table_3_2(_cfg: &RunConfig) -> Vec<Row> {
    let t = "Table 3.2";
    let ex = jia::fig_3_8();
    match table_3_2_rows(&ex) {
        Ok(rows) => rows,
        Err(e) => vec![JIA.row(t, "SLD on the SNP example").error(&e)],
    }
}

fn table_3_2_rows(ex: &Tree) -> Result<Vec<Row>, PapersError> {
    let (t, text) = ("Table 3.2", "§3.4 text");
    let by = "loadbal::dlt::Tree::sld";
    let tp = snp_probe(ex)?;
    let cells = snp_cells(ex, &tp)?;
    let bounds = rounding_bound(ex, &|net| snp_cells(net, &tp))?;
    let s = snp_sld(ex, &tp)?;
    let mut rows = Vec::new();
    let mut next = 0;
    let mut take = || {
        let i = next;
        next += 1;
        (cells[i], bounds[i])
    };
    // Phase_1. The thesis's two slips: P_10 answered after a shadow of 0.9392 (its (3.7)/case (iii)
    // gives 0.9232), and P_16's load printed as P_5's.
    let beta = |v: usize| ex.w(v).unwrap_or(0.0) * scale_3_4().t_cp() + ex.path_z(v) * scale_3_4().t_cm();
    let mut p1_printed = 0.0;
    for (v, resp, x) in PHASE_1 {
        p1_printed += num(x);
        let (time, tb) = take();
        let (load, lb) = take();
        let time_draft = JIA.row(t, format!("Phase_1 P_0 responds to P_{v}")).printed(resp);
        let load_draft = JIA.row(t, format!("Phase_1 load to P_{v}")).printed(x);
        match v {
            10 => {
                rows.push(time_draft.reproduced(Computed::by(by, time)).explained(Explanation::exact_reading(
                    "the thesis's printed shadow of |P_1| after P_12, 0.9392 (next paper-check row): answered at 9 + 0.9392",
                    9.0 + 0.9392,
                )));
                rows.push(load_draft.reproduced(Computed::by(by, load)).explained(Explanation::exact_reading(
                    format!("(3.6) from the thesis's answer time 9.9392: (13 − 9.9392)/β_10, β_10 = {:.1}", beta(10)),
                    (13.0 - 9.9392) / beta(10),
                )));
            }
            16 => {
                rows.push(four_decimal_row(time_draft, time, tb, by));
                rows.push(load_draft.reproduced(Computed::by(by, load)).explained(Explanation::exact_reading(
                    "a copy error: the table repeats P_5's load (the text splits 3.2769 as 1.7528 + 1.5241)",
                    response(&s, 1, 5).1,
                )));
            }
            _ => {
                rows.push(four_decimal_row(time_draft, time, tb, by));
                rows.push(four_decimal_row(load_draft, load, lb, by));
            }
        }
    }
    rows.push(
        JIA.row(text, "the shadow of |P_1| after P_12: T_1^f − t − L_12·w_12·T_cp = 13 − 9 − 0.5128·3·2")
            .printed("0.9392")
            .note("the text's shadow against its own formula (case (iii)) on its own numbers")
            .paper_check(13.0 - 9.0 - 0.5128 * 3.0 * 2.0, 5e-5 * 6.0),
    );
    rows.push(
        JIA.row(text, "load processed in Phase_1 = sum of Table 3.2's Phase_1 loads")
            .printed("13.2291")
            .paper_check(p1_printed, 5e-5 * 7.0),
    );
    let (p1_total, _) = take();
    // Table 3.2's printed Phase_1 load of P_v (from PHASE_1, not retyped).
    let printed_load =
        |v: usize| PHASE_1.iter().find(|r| r.0 == v).and_then(|r| r.2.parse::<f64>().ok()).unwrap_or(f64::NAN);
    let slips = (response(&s, 1, 16).1 - printed_load(16)) + (response(&s, 1, 10).1 - printed_load(10));
    rows.push(
        JIA.row(text, "load processed in Phase_1").printed("13.2291").reproduced(Computed::by(by, p1_total)).explained(
            Explanation::exact_reading(
                format!(
                    "the thesis sums its two Phase_1 slips (P_16's 1.4023 and P_10's 0.3256), {slips:+.4} together"
                ),
                p1_total - slips,
            ),
        ),
    );
    let phase_2_processors = s.phases.get(1).map_or(f64::NAN, |p| p.available.len() as f64);
    rows.push(JIA.row(text, "Phase_2 processors").printed("7").reproduced(Computed::by(by, phase_2_processors)));
    rows.push(
        JIA.row(text, "Phase_2 L_2^p = 7·L_1^p")
            .printed("28")
            .note("the text's own product")
            .paper_check(7.0 * 4.0, 0.0),
    );
    let (d2, d2b) = take();
    rows.push(four_decimal_row(JIA.row(text, "Phase_2 duration (virtual tree)").printed("21.16"), d2, d2b, by));
    let mut avail = vec![false; ex.id_len()];
    for (v, _) in PHASE_2_OPENING {
        avail[v] = true;
    }
    let opening_tree = ex.virtual_tree(&avail, None)?.tree;
    let mut opening = vec![0.0; ex.id_len()];
    for d in s.dispatches.iter().filter(|d| d.phase == 2 && d.time < 21.0) {
        for &(v, x) in &d.loads {
            opening[v] += x;
        }
    }
    let opening_fractions = fraction_rounding(&opening_tree, &opening);
    for (v, x) in PHASE_2_OPENING {
        let (load, lb) = take();
        let lb = lb + opening_fractions[v];
        let mut draft = JIA.row(t, format!("Phase_2 opening load to P_{v}")).printed(x);
        if v == 5 {
            draft = draft.note("printed as row \"4\": P_4 never returned its PTC, the seventh processor is P_5");
        }
        rows.push(four_decimal_row(draft, load, lb, by));
    }
    for (v, resp, x) in PHASE_2 {
        let (time, tb) = take();
        let (load, lb) = take();
        let draft = JIA.row(t, format!("Phase_2 P_0 responds to P_{v}")).printed(resp);
        rows.push(if v == 19 {
            // The text: |P_4| shadowed for 10.8099 from 21.7837, i.e. until 32.5936.
            draft
                .note(&format!(
                    "the text's own shadow of |P_4| ends at 21.7837 + 10.8099; the crate answers P_19 at {time:.4} (its shadow \
                     end; 4-decimal bound {tb:.1e})"
                ))
                .paper_check(21.7837 + 10.8099, 2.0 * 5e-5)
        } else {
            four_decimal_row(draft, time, tb, by)
        });
        let load_draft = JIA.row(t, format!("Phase_2 load to P_{v}")).printed(x);
        rows.push(if v == 19 {
            load_draft.reproduced(Computed::by(by, load)).explained(Explanation::exact_reading(
                format!("(3.6) from the thesis's answer time 32.5972: (34.16 − 32.5972)/β_19, β_19 = {:.1}", beta(19)),
                (34.16 - 32.5972) / beta(19),
            ))
        } else {
            four_decimal_row(load_draft, load, lb, by)
        });
    }
    let (w4, w4b) = take();
    rows.push(four_decimal_row(
        JIA.row(text, "|P_4| batch equivalent w")
            .printed("2.6178")
            .note("the thesis's relay rule (W = α_c1·W_c1 + z_c1·λ); the physical rule gives 2.5874"),
        w4,
        w4b,
        by,
    ));
    let (l4, l4b) = take();
    rows.push(four_decimal_row(JIA.row(text, "|P_4| batch load").printed("2.0171"), l4, l4b, by));
    let (l1, l1b) = take();
    rows.push(four_decimal_row(JIA.row(text, "|P_1| batch load").printed("1.6731"), l1, l1b, by));
    let (p2, p2b) = take();
    rows.push(four_decimal_row(JIA.row(text, "load processed in Phase_2").printed("32.5106"), p2, p2b, by));
    let (n3, _) = take();
    rows.push(
        JIA.row(text, "Phase_3 processors (17 → L_3^p = 68 > remainder)")
            .printed("17")
            .reproduced(Computed::by(by, n3)),
    );
    rows.extend(phase_3_snp(ex)?);
    rows.extend(snp_end_to_end(ex, &tp)?);
    Ok(rows)
}

/// Phase_3 of the SNP example on the thesis's remainder (30.2603, which carries its Phase_1
/// slips), and the 57.2 of the text.
fn phase_3_snp(ex: &Tree) -> Result<Vec<Row>, PapersError> {
    let (t, text) = ("Table 3.2", "§3.4 text");
    let by = "loadbal::dlt::Tree::virtual_tree, VirtualTree::distribute";
    let mut rows = Vec::new();
    let sum: f64 = PHASE_3.iter().map(|(_, x)| num(x)).sum();
    rows.push(JIA.row(t, "Phase_3 loads sum to the remaining load").printed("30.2603").paper_check(sum, 5e-5 * 17.0));
    let cells = |net: &Tree| -> Result<Vec<f64>, PapersError> {
        let (mut loads, over, physical, _) = snp_phase_3(net)?;
        loads.extend([over, physical]);
        Ok(loads)
    };
    let base = cells(ex)?;
    let bounds = rounding_bound(ex, &cells)?;
    let (_, over, physical, true_finish) = snp_phase_3(ex)?;
    let mut avail = vec![true; ex.id_len()];
    for v in [0, 4, 7] {
        avail[v] = false;
    }
    let tree = ex.virtual_tree(&avail, None)?.tree;
    let mut loads = vec![0.0; ex.id_len()];
    for (i, (v, _)) in PHASE_3.iter().enumerate() {
        loads[*v] = base[i];
    }
    let fractions = fraction_rounding(&tree, &loads);
    for (i, (v, x)) in PHASE_3.iter().enumerate() {
        rows.push(four_decimal_row(
            JIA.row(t, format!("Phase_3 load to P_{v}"))
                .printed(x)
                .note("Phase_3 fed the thesis's remaining load 30.2603 at 34.16 (its Phase_1 slips included)"),
            base[i],
            bounds[i] + fractions[*v],
            by,
        ));
    }
    // The total: the rule of the thesis's own Phase_2 (21.16, physical top-level duration) first;
    // the printed 57.2 follows only when the relay rule is applied at P_0 too.
    let (ob, pb) = (bounds[PHASE_3.len()], bounds[PHASE_3.len() + 1]);
    rows.push(
        JIA.row(text, "total processing time 57.2")
            .printed("57.2")
            .note(&format!(
                "the last phase timed as the thesis times its Phase_2 (physical duration at P_0, which gives its 21.16); the \
                 Table 3.2 Phase_3 loads executed on the event engine from 34.16 all finish by {true_finish:.4}"
            ))
            .reproduced(Computed::by(by, physical))
            .explained(Explanation::reading(
                format!(
                    "the thesis's relay rule applied at P_0 too (duration X·(α_c1·W_c1·T_cp + z_c1·T_cm), which over-charges \
                     P_0's first hop; 4-decimal bound {ob:.1e})"
                ),
                over,
                ob,
            )),
    );
    rows.push(
        JIA.row(text, "duration of the last phase")
            .printed("23.04")
            .note("as the previous row, without the start 34.16")
            .reproduced(Computed::by(by, physical - 34.16))
            .explained(Explanation::reading(
                format!("the thesis's relay rule applied at P_0 too (4-decimal bound {pb:.1e})"),
                over - 34.16,
                ob,
            )),
    );
    Ok(rows)
}

/// SLD without the thesis's slips, and end to end on the engine: computed context.
fn snp_end_to_end(ex: &Tree, tp: &[f64]) -> Result<Vec<Row>, PapersError> {
    let text = "§3.4 text";
    let faithful = jia::sld_snp();
    let mut rows = vec![
        JIA.row(text, "SLD finish, algorithm-faithful (no thesis slips, T^f unrounded)")
            .note("Phase_1 without the two slips leaves 30.1369 for Phase_3; physical top-level duration")
            .context(ex.sld(tp, &faithful)?.finish_time, "loadbal::dlt::Tree::sld"),
    ];
    // End to end on the engine: probe copies, P_0's estimates from the CTC/PTC reports, the
    // plan, and its execution after the probe (physical relay rule).
    let e2e = SldConfig { rules: Rules { relay: RelayRule::Physical, top: RelayRule::Physical }, ..faithful };
    let r = ex.run_sld(&e2e)?;
    rows.push(
        JIA.row(text, "SLD end to end on the engine: last phase computation")
            .note(&format!(
                "probe executed as copies, z and w estimated from its reports (T^p_16 = 5.3, not the printed 4.3), plan {:.4}; \
                 the probes of P_4 and P_7 (w = 100) run until {:.1}, outside the thesis's total time",
                r.schedule.finish_time, r.run.trace.compute_makespan
            ))
            .context(r.load_finish, "loadbal::dlt::Tree::run_sld"),
    );
    Ok(rows)
}

/// Table 3.3 as printed: (phase, P_i, P_0 responds, load, actual finish) for Phases 1–2.
const TABLE_3_3: [(usize, usize, &str, &str, &str); 23] = [
    (1, 6, "3.0", "4", "21.0"),
    (1, 3, "3.8", "3.8333", "8.4"),
    (1, 2, "5.0", "1.8289", "13.0"),
    (1, 16, "5.0", "1.5905", "12.92"),
    (1, 5, "5.6839", "1.4632", "13.0"),
    (1, 3, "8.4", "3.8333", "13.0"),
    (1, 12, "9.1667", "0.4914", "17.9136"),
    (2, 2, "13.0", "2.3023", "22.0699"),
    (2, 16, "13.0", "2.0237", "52.7026"),
    (2, 3, "13.0", "7.674", "24.372"),
    (2, 1, "16.6978", "0.3786", "23.0744"),
    (2, 5, "16.6978", "1.0943", "23.0744"),
    (2, 10, "16.6978", "0.5109", "23.0744"),
    (2, 11, "16.6978", "0.2761", "23.0744"),
    (2, 13, "16.6978", "0.4291", "23.0744"),
    (2, 14, "17.7735", "0.3146", "23.0744"),
    (2, 15, "17.9308", "0.3406", "23.0744"),
    (2, 12, "19.209", "0.2172", "23.0744"),
    (2, 6, "21.0", "0.4414", "23.0744"),
    (2, 8, "21.712", "0.0688", "23.0744"),
    (2, 9, "21.712", "0.0635", "23.0744"),
    (2, 17, "21.712", "0.0387", "23.0744"),
    (2, 18, "21.712", "0.0411", "23.0744"),
];
/// Table 3.3's Phase_3 loads as printed.
#[allow(clippy::approx_constant)] // 1.5708 is a printed load, not π/2
const DNP_PHASE_3: [(usize, &str); 14] = [
    (1, "2.6614"),
    (2, "9.4955"),
    (5, "7.5594"),
    (6, "6.7031"),
    (8, "1.4227"),
    (9, "1.3118"),
    (10, "3.529"),
    (11, "1.9074"),
    (12, "1.5708"),
    (13, "2.9645"),
    (14, "1.6601"),
    (15, "1.0156"),
    (17, "0.4552"),
    (18, "0.4838"),
];

fn dnp(ex: &Tree) -> Result<DldSchedule, PapersError> {
    let tp = snp_probe(ex)?;
    Ok(ex.dld(&jia::dnp_changes(), &GivenProbe { tp: tp.to_vec(), w_est: speeds(ex) }, &jia::dld_dnp())?)
}

/// The cells of Table 3.3's Phases 1–2: (response, load, finish) per printed dispatch, then T_2^f,
/// the Phase_2 and Phase_3 processor counts, the Phase_3 loads and the total.
fn dnp_cells(ex: &Tree) -> Result<Vec<f64>, PapersError> {
    let s = dnp(ex)?;
    let mut out = Vec::new();
    let mut seen: Vec<(usize, usize)> = Vec::new();
    for (phase, v, resp, _, _) in TABLE_3_3 {
        let k = seen.iter().filter(|&&p| p == (phase, v)).count();
        seen.push((phase, v));
        let Some(d) = s.dispatches.iter().filter(|d| d.phase == phase && d.loads.iter().any(|p| p.0 == v)).nth(k)
        else {
            out.extend([f64::NAN; 3]);
            continue;
        };
        let load = d.loads.iter().find(|p| p.0 == v).map_or(f64::NAN, |p| p.1);
        let opening = phase > 1 && resp == "13.0";
        let when = if opening { s.phases.get(1).map_or(f64::NAN, |p| p.start) } else { d.time };
        // The k-th computation after the probe of P_v is this dispatch's.
        let n_before = s.dispatches.iter().filter(|e| e.phase < phase && e.loads.iter().any(|p| p.0 == v)).count() + k;
        let end = s.compute_ends(v).get(n_before).copied().unwrap_or(f64::NAN);
        out.extend([when, load, end]);
    }
    out.push(s.phases.get(1).map_or(f64::NAN, |p| p.finish));
    out.push(s.phases.get(1).map_or(f64::NAN, |p| p.available.len() as f64));
    out.push(s.phases.get(2).map_or(f64::NAN, |p| p.available.len() as f64));
    for (v, _) in DNP_PHASE_3 {
        out.push(
            s.dispatches
                .iter()
                .filter(|d| d.phase == 3)
                .flat_map(|d| d.loads.iter())
                .filter(|p| p.0 == v)
                .map(|p| p.1)
                .sum(),
        );
    }
    out.push(s.finish_time);
    Ok(out)
}

fn table_3_3(_cfg: &RunConfig) -> Vec<Row> {
    let ex = jia::fig_3_8();
    match table_3_3_rows(&ex) {
        Ok(rows) => rows,
        Err(e) => vec![JIA.row("Table 3.3", "DLD on the DNP example").error(&e)],
    }
}

fn table_3_3_rows(ex: &Tree) -> Result<Vec<Row>, PapersError> {
    let (t, text) = ("Table 3.3", "§3.4 text");
    let by = "loadbal::dlt::Tree::dld";
    let cells = dnp_cells(ex)?;
    let bounds = rounding_bound(ex, &dnp_cells)?;
    let timeline =
        "the speed changes are those the text states (times inferred from the narrative; Fig. 3.10 is missing)";
    let mut rows = Vec::new();
    let mut next = 0;
    let mut take = || {
        let i = next;
        next += 1;
        (cells[i], bounds[i])
    };
    let mut seen: Vec<(usize, usize)> = Vec::new();
    for (phase, v, resp, x, fin) in TABLE_3_3 {
        let k = seen.iter().filter(|&&p| p == (phase, v)).count() + 1;
        seen.push((phase, v));
        for (what, printed) in [("P_0 responds to", resp), ("load to", x), ("actual finish of", fin)] {
            let (value, bound) = take();
            let draft = JIA.row(t, format!("Phase_{phase} {what} P_{v} (#{k})")).printed(printed).note(timeline);
            rows.push(if value.is_nan() {
                draft.error(&"DLD made no such dispatch")
            } else {
                four_decimal_row(draft, value, bound, by)
            });
        }
    }
    rows.push(
        JIA.row(text, "DNP: 3.4194 sent to P_2 and P_16 = Table 3.3's 1.8289 + 1.5905")
            .printed("3.4194")
            .paper_check(num("1.8289") + num("1.5905"), 1e-4),
    );
    let (t2, t2b) = take();
    rows.push(four_decimal_row(JIA.row(text, "DNP T_2^f").printed("23.0744").note(timeline), t2, t2b, by));
    let (n2, _) = take();
    rows.push(JIA.row(text, "DNP Phase_2 processors (L_2^p = 3·4)").printed("3").reproduced(Computed::by(by, n2)));
    let (n3, _) = take();
    rows.push(
        JIA.row(text, "DNP Phase_3 processors (L_3^p = 14·4 = 56)").printed("14").reproduced(Computed::by(by, n3)),
    );
    let missing = "Fig. 3.10, which holds the speed timeline, is missing: the Phase_3 loads and the total depend on the \
                   estimates its speed changes leave (only the changes the text states are simulated); model: the crate's \
                   DLD with those";
    for (v, x) in DNP_PHASE_3 {
        let (value, bound) = take();
        rows.push(
            JIA.row(t, format!("Phase_3 load to P_{v}"))
                .printed(x)
                .model(value)
                .note(&format!("4-decimal bound {bound:.1e}"))
                .not_reproducible(missing),
        );
    }
    let (total, tb) = take();
    rows.push(
        JIA.row(t, "DNP total processing time")
            .printed("68.572")
            .model(total)
            .note(&format!("4-decimal bound {tb:.1e}"))
            .not_reproducible(missing),
    );
    rows.push(
        JIA.row(text, "DNP total processing time, probe run on the engine")
            .note(
                "DLD with the probe executed as copies on the same engine run and every estimate from its CTC/PTC reports \
                 (T^p_16 = 5.3 instead of the printed 4.3); the speed changes apply from t = 0",
            )
            .context(ex.dld_probed(&jia::dnp_changes(), &jia::dld_dnp())?.finish_time, "loadbal::dlt::Tree::dld_probed"),
    );
    Ok(rows)
}
