//! Jia (Jia, ch. 5): the DSS queueing tables. Tables 5.1 and 5.2 are inputs (not rows); the rows show
//! the rates derived by the corrected relation μ = 1/(s̄·E); Table 5.3's Q^t is the bound (5.9)
//! (evaluated first as the text prints it, with (5.5)–(5.6)) and its Q^a a simulation of the DSS
//! queueing model, judged as a table.

use crate::PrintedNumber;
use crate::error::PapersError;
use crate::row::{Computed, Draws, Explanation, Paper, Row};
use crate::sections::{RunConfig, Section};
use crate::std_normal_quantile;
use crate::table_test::{Block, table_test};
use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::queueing::{DssSim, QueueingError, RegionNetwork, VacationRule};

const JIA: Paper = Paper::new("jia");

/// "each region's average load size μ = 3" (§5.5.2), read as the mean load size s̄.
const MEAN_SIZE: f64 = 3.0;

/// Table 5.2: E_i^c, E_i^{0'}, E_i^{1'}, E_i^{2'}, E_i^max (∞ = the region itself idle).
const TABLE_5_2: [[f64; 5]; 3] =
    [[3.3, f64::INFINITY, 2.9, 2.65, 2.5], [4.5, 3.5, f64::INFINITY, 3.3, 2.8], [2.7, 2.5, 2.4, f64::INFINITY, 2.25]];

/// Table 5.1: network type, E^c, E', E^max.
const TABLE_5_1: [(&str, f64, f64, f64); 2] = [("loosely coupled", 2.0, 1.8, 1.65), ("tightly coupled", 2.0, 1.4, 1.0)];

/// Table 5.3 as printed: per experiment, the arrival rates and the printed Q^t and Q^a of each
/// region.
const TABLE_5_3: [([f64; 3], [&str; 3], [&str; 3]); 3] = [
    ([1.0 / 15.0, 1.0 / 15.0, 1.0 / 15.0], ["5.3", "26", "3.3"], ["3.7", "6.4", "2.9"]),
    ([1.0 / 14.0, 1.0 / 14.0, 1.0 / 18.0], ["6.7", "79.9", "2.2"], ["4.2", "10.3", "2.0"]),
    ([1.0 / 17.0, 1.0 / 18.0, 1.0 / 13.0], ["3.8", "8.2", "4.6"], ["2.7", "3.6", "4.0"]),
];

/// Length of one simulated run (time units) for Q^a: the thesis does not say how long its
/// single runs were; 10⁵ time units is about 6,700 loads per source.
const HORIZON: f64 = 100_000.0;
const WARMUP: f64 = 1_000.0;

pub(crate) fn sections() -> Vec<Section> {
    vec![
        Section {
            source: "jia",
            title: "Tables 5.1/5.2: service rates derived from the capacities (§5.4)",
            run: capacities,
        },
        Section { source: "jia", title: "Table 5.3 Q^t: queue bound (5.9)", run: bounds },
        Section { source: "jia", title: "Table 5.3 Q^a: simulated DSS queues (§5.5.2)", run: simulated },
    ]
}

/// Table 5.2 as a [`RegionNetwork`] with mean load size 3.
fn table_5_2() -> Result<RegionNetwork, QueueingError> {
    let e_c: Vec<f64> = TABLE_5_2.iter().map(|r| r[0]).collect();
    let e_idle: Vec<Vec<f64>> = TABLE_5_2.iter().map(|r| r[1..4].to_vec()).collect();
    let e_max: Vec<f64> = TABLE_5_2.iter().map(|r| r[4]).collect();
    RegionNetwork::from_table(MEAN_SIZE, &e_c, &e_idle, &e_max)
}

const CORRECTED: &str = "rate 1/(s̄·E) with s̄ = 3: the thesis's μ^l = (E'/E^c)·μ^c is inverted for a time per unit load";

/// The rates the crate derives from the printed capacities (no rate is printed: `computed`; the
/// capacities themselves are inputs and are not rows).
fn capacities(_cfg: &RunConfig) -> Vec<Row> {
    let t = "Table 5.2";
    let net = match table_5_2() {
        Ok(n) => n,
        Err(e) => return vec![JIA.row(t, "region network from Table 5.2").error(&e)],
    };
    let rate = |busy: usize, i: usize, item: &str| match net.rate(busy, i) {
        Some(mu) => JIA.row(t, item).note(CORRECTED).context(mu, "loadbal::queueing::RegionNetwork::rate"),
        None => JIA.row(t, item).error(&"no capacity for this set of busy regions"),
    };
    let full = 0b111;
    let mut rows = Vec::new();
    for i in 0..3 {
        for j in (0..3).filter(|&j| j != i) {
            rows.push(rate(full & !(1 << j), i, &format!("Region_{i} μ^{{{j}'}} (Region_{j} idle)")));
        }
        rows.push(rate(full, i, &format!("Region_{i} μ^c")));
        rows.push(rate(1 << i, i, &format!("Region_{i} μ^max")));
    }
    for (name, e_c, e_prime, e_max) in TABLE_5_1 {
        let t = "Table 5.1";
        match RegionNetwork::symmetric_three(MEAN_SIZE, e_c, e_prime, e_max) {
            Ok(net) => {
                for (item, v) in [
                    (format!("{name}: μ^c"), net.rate(0b111, 0)),
                    (format!("{name}: μ' (one region idle)"), net.rate(0b110, 1)),
                    (format!("{name}: μ^max"), net.rate(0b001, 0)),
                ] {
                    rows.push(match v {
                        Some(mu) => {
                            JIA.row(t, item).note(CORRECTED).context(mu, "loadbal::queueing::RegionNetwork::rate")
                        }
                        None => JIA.row(t, item).error(&"no capacity for this set of busy regions"),
                    });
                }
            }
            Err(e) => rows.push(JIA.row(t, name).error(&e)),
        }
    }
    rows
}

/// Q^t: the bound (5.9) as the text defines it, with the vacation of (5.5)–(5.6) (μ_j^max the
/// smallest over the *other* regions), evaluated first; the printed values follow the region's
/// own μ_i^max instead.
fn bounds(_cfg: &RunConfig) -> Vec<Row> {
    let t = "Table 5.3";
    let net = match table_5_2() {
        Ok(n) => n,
        Err(e) => return vec![JIA.row(t, "region network from Table 5.2").error(&e)],
    };
    let by = "loadbal::queueing::RegionNetwork::queue_bounds";
    let mut rows = Vec::new();
    for (x, (lambda, q_t, _)) in TABLE_5_3.iter().enumerate() {
        let text = net.queue_bounds(lambda, VacationRule::MinOverOthers);
        let own = net.queue_bounds(lambda, VacationRule::OwnMax);
        for i in 0..3 {
            let draft = JIA
                .row(t, format!("Exp {} Region_{i} Q^t", x + 1))
                .printed(q_t[i])
                .note("bound (5.9) with (5.5)–(5.6) as printed: the vacation rate μ_j^max, the smallest over the other regions");
            rows.push(match (&text, &own) {
                (Ok(q), Ok(o)) => draft.reproduced(Computed::by(by, q[i])).explained(Explanation::exact_reading(
                    "the bound (5.9) with the region's own μ_i^max as the vacation rate (VacationRule::OwnMax)",
                    o[i],
                )),
                (Err(e), _) => draft.error(&e),
                (_, Err(e)) => draft.error(e),
            });
        }
    }
    rows
}

/// Per experiment, the time-average queued volume of each region in `runs` independent runs.
fn runs_of(net: &RegionNetwork, lambda: &[f64], seed: u64, runs: u64) -> Result<Vec<Vec<f64>>, PapersError> {
    let sim = DssSim::new(lambda.to_vec(), HORIZON, WARMUP);
    let mc = MonteCarlo::new(seed, runs)?;
    mc.replicate(|_, rng| sim.run(net, rng).map(|o| o.queue_volume).map_err(PapersError::from)).into_iter().collect()
}

/// Q^a: one simulation run per experiment (the thesis's), against the crate's runs of the DSS
/// model of the same length; the 9 printed values judged as a table (3 independent experiments).
fn simulated(cfg: &RunConfig) -> Vec<Row> {
    let t = "Table 5.3";
    let net = match table_5_2() {
        Ok(n) => n,
        Err(e) => return vec![JIA.row(t, "region network from Table 5.2").error(&e)],
    };
    let runs = cfg.replications(400, 100);
    let pools: Result<Vec<Vec<Vec<f64>>>, PapersError> = TABLE_5_3
        .iter()
        .enumerate()
        .map(|(x, (lambda, _, _))| runs_of(&net, lambda, cfg.seed.wrapping_add(x as u64), runs))
        .collect();
    let evidence = pools.as_ref().map_err(Clone::clone).and_then(|pools| {
        let printed: Vec<PrintedNumber> =
            TABLE_5_3.iter().flat_map(|e| e.2).map(PrintedNumber::parse).collect::<Result<_, _>>()?;
        let blocks: Vec<Block> = pools.iter().map(|p| Block { pool: p.clone(), runs: 1 }).collect();
        table_test("Jia Table 5.3 (Q^a)", &printed, &blocks, cfg.seed ^ 0x53)
    });
    let k = std_normal_quantile(1.0 - 0.05 / 18.0);
    let why = "the thesis does not say how long its single runs were (the crate's last 10⁵ time units); Region_1 at                ρ_c = λ/μ^c = 0.964 in Exp 2 has a long memory";
    let mut rows = Vec::new();
    for (x, (_, _, q_a)) in TABLE_5_3.iter().enumerate() {
        for i in 0..3 {
            let draft = JIA.row(t, format!("Exp {} Region_{i} Q^a", x + 1)).printed(q_a[i]).note(&format!(
                "the printed Q^a is one simulation run; the crate's runs last {HORIZON} time units; band: Bonferroni over the \
                 9 cells"
            ));
            let est = pools.as_ref().map_err(Clone::clone).and_then(|p| {
                let c: Vec<f64> = p[x].iter().map(|r| r[i]).collect();
                Ok(Estimate::from_samples(&c)?)
            });
            rows.push(match (est, evidence.as_ref()) {
                (Ok(est), Ok(ev)) => {
                    draft.single_draw(Draws::of_runs(est), k, "loadbal::queueing::DssSim::run").judged_by_table(ev, why)
                }
                (Err(e), _) => draft.error(&e),
                (_, Err(e)) => draft.error(e),
            });
        }
    }
    rows
}
