//! Jia (Jia, ch. 5): the DSS queueing tables. Tables 5.1 and 5.2 are inputs (not rows); the rows show
//! the rates derived by the corrected relation μ = 1/(s̄·E); Table 5.3's Q^t is the bound (5.9)
//! and its Q^a a simulation of the DSS queueing model.

use super::{Row, RunConfig, Section};
use loadbal::montecarlo::MonteCarlo;
use loadbal::queueing::{DssSim, QueueingError, RegionNetwork, VacationRule};

const KEY: &str = "jia";

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
/// A printed single run is consistent within this many run-to-run standard deviations.
const K_SD: f64 = 3.0;

pub(super) fn sections() -> Vec<Section> {
    vec![
        Section {
            source: KEY,
            title: "Tables 5.1/5.2: service rates derived from the capacities (§5.4)",
            run: capacities,
        },
        Section { source: KEY, title: "Table 5.3 Q^t: queue bound (5.9)", run: bounds },
        Section { source: KEY, title: "Table 5.3 Q^a: simulated DSS queues (§5.5.2)", run: simulated },
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
        Err(e) => return vec![Row::error(KEY, t, "region network from Table 5.2", &e)],
    };
    let rate = |busy: usize, i: usize, item: &str| match net.rate(busy, i) {
        Some(mu) => Row::computed(KEY, t, item, mu).note(CORRECTED),
        None => Row::error(KEY, t, item, &"no capacity for this set of busy regions"),
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
                        Some(mu) => Row::computed(KEY, t, &item, mu).note(CORRECTED),
                        None => Row::error(KEY, t, &item, &"no capacity for this set of busy regions"),
                    });
                }
            }
            Err(e) => rows.push(Row::error(KEY, t, name, &e)),
        }
    }
    rows
}

fn bounds(_cfg: &RunConfig) -> Vec<Row> {
    let t = "Table 5.3";
    let net = match table_5_2() {
        Ok(n) => n,
        Err(e) => return vec![Row::error(KEY, t, "region network from Table 5.2", &e)],
    };
    let mut rows = Vec::new();
    for (x, (lambda, q_t, _)) in TABLE_5_3.iter().enumerate() {
        let own = net.queue_bounds(lambda, VacationRule::OwnMax);
        let text = net.queue_bounds(lambda, VacationRule::MinOverOthers);
        for i in 0..3 {
            let item = format!("Exp {} Region_{i} Q^t", x + 1);
            rows.push(match &own {
                Ok(q) => {
                    let alt = text.as_ref().map_or("fails".to_string(), |v| format!("{:.4}", v[i]));
                    Row::printed(KEY, t, &item, q_t[i], q[i]).note(&format!(
                        "bound (5.9) with the region's own μ_i^max as vacation rate; the text's (5.5)–(5.6), min over the \
                         others, gives {alt}"
                    ))
                }
                Err(e) => Row::error(KEY, t, &item, e).with_printed_text(q_t[i]),
            });
        }
    }
    rows
}

fn simulated(cfg: &RunConfig) -> Vec<Row> {
    let t = "Table 5.3";
    let net = match table_5_2() {
        Ok(n) => n,
        Err(e) => return vec![Row::error(KEY, t, "region network from Table 5.2", &e)],
    };
    let mc = match MonteCarlo::new(cfg.seed, cfg.replications(32, 8)) {
        Ok(mc) => mc,
        Err(e) => return vec![Row::error(KEY, t, "Q^a", &e)],
    };
    let mut rows = Vec::new();
    for (x, (lambda, _, q_a)) in TABLE_5_3.iter().enumerate() {
        let sim = DssSim::new(lambda.to_vec(), HORIZON, WARMUP);
        let est = sim.estimate(&net, &mc);
        for i in 0..3 {
            let item = format!("Exp {} Region_{i} Q^a", x + 1);
            let row = match &est {
                Ok(e) => Row::consistent(KEY, t, &item, q_a[i], e[i], None, K_SD).note(&format!(
                    "the printed Q^a is one simulation run; the crate's runs last {HORIZON} time units"
                )),
                Err(err) => Row::error(KEY, t, &item, err).with_printed_text(q_a[i]),
            };
            rows.push(if x == 1 && i == 1 {
                // Near saturation a single run of unknown length can sit far from the long-run
                // mean; accepted up to 6 run-to-run sd of the crate's runs.
                let sd = est.as_ref().map_or(0.0, |e| e[i].std_dev());
                row.explained(
                    "Region_1 at ρ_c = λ/μ^c = 0.964: near saturation the queue has a long memory, and a single run of \
                     unknown length can sit far above the long-run mean",
                    6.0 * sd,
                )
            } else {
                row
            });
        }
    }
    rows
}
