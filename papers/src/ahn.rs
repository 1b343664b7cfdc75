//! Ahn et al.: the order-statistics numbers of §4.5 and §5.2.
//!
//! The static distribution of n = 1,000 wild-type tasks (μ_T = 488.1 s, σ_T = 116.6 s, eq. (4a))
//! on p = 25 processors gives R = 40 tasks each, so a processor's compute time is approximately
//! N(μ_X, σ_X²) with μ_X = Rμ_T, σ_X = √R σ_T (eq. (12)). The extremes follow from eqs.
//! (14a)/(14b) (integral method) and (6a)/(6b) (Chen–Tyler).

use crate::error::PapersError;
use crate::row::{Computed, Explanation, Paper, Row};
use crate::sections::{RunConfig, Section};
use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::order_stats::{
    OrderStatsError, chen_tyler, expected_max_normal, expected_max_std_normal, expected_min_normal,
};
use loadbal::rand_distr::{Distribution, Normal};

const AHN: Paper = Paper::new("ahn");
const MU_T: f64 = 488.1;
const SIGMA_T: f64 = 116.6;
const R: f64 = 40.0;
const P: u64 = 25;

pub(crate) fn sections() -> Vec<Section> {
    vec![Section {
        source: "ahn",
        title: "order statistics of the static distribution (§4.5, §5.2)",
        run: order_statistics,
    }]
}

/// A printed value against a crate value (computed by `by`) that may have failed.
fn printed(table: &str, item: &str, printed: &str, value: Result<f64, OrderStatsError>, by: &'static str) -> Row {
    let draft = AHN.row(table, item).printed(printed);
    match value {
        Ok(v) => draft.reproduced(Computed::by(by, v)),
        Err(e) => draft.error(&e),
    }
}

fn computed(table: &str, item: &str, value: Result<f64, OrderStatsError>, by: &'static str) -> Row {
    match value {
        Ok(v) => AHN.row(table, item).context(v, by),
        Err(e) => AHN.row(table, item).error(&e),
    }
}

/// Attaches the Monte Carlo estimate of the same expectation, when it could be computed.
fn with_mc(row: Row, est: Option<&Estimate>) -> Row {
    match est {
        Some(e) => row.with_estimate(*e),
        None => row.note("the Monte Carlo check failed"),
    }
}

/// The smallest p with Φ⁻¹(0.5264^(1/p)) ≥ `c`, by bisection on p ≤ 10⁶.
fn p_for_constant(c: f64) -> Result<u64, OrderStatsError> {
    let (mut lo, mut hi) = (1u64, 1_000_000u64);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if chen_tyler(mid)?.mean >= c {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(hi)
}

fn extremes_by_simulation(mu_x: f64, sigma_x: f64, cfg: &RunConfig) -> Result<Vec<Estimate>, PapersError> {
    let normal = Normal::new(mu_x, sigma_x).map_err(|_| PapersError::Empty { what: "N(μ_X, σ_X²)" })?;
    let mc = MonteCarlo::new(cfg.seed, cfg.replications(400_000, 40_000))?;
    Ok(mc.estimate_vec(2, |_, rng, out| {
        let (mut hi, mut lo) = (f64::NEG_INFINITY, f64::INFINITY);
        for _ in 0..P {
            let x = normal.sample(rng);
            hi = hi.max(x);
            lo = lo.min(x);
        }
        out[0] = hi;
        out[1] = lo;
    })?)
}

fn order_statistics(cfg: &RunConfig) -> Vec<Row> {
    let mu_x = R * MU_T;
    let sigma_x = R.sqrt() * SIGMA_T;
    let e_max = expected_max_normal(mu_x, sigma_x, P);
    let e_min = expected_min_normal(mu_x, sigma_x, P);
    // Monte Carlo of the extremes of p i.i.d. N(μ_X, σ_X²) compute times: an independent check of
    // the integral method's expectations.
    let est = extremes_by_simulation(mu_x, sigma_x, cfg).ok();
    let mc = |i: usize| est.as_ref().and_then(|e| e.get(i));

    let t = "§5.2 text";
    let setting = "p = 25, μ_X = 40·488.1, σ_X = √40·116.6 (eq. (12))";
    let by_max = "loadbal::order_stats::expected_max_normal";
    let by_min = "loadbal::order_stats::expected_min_normal";
    let mut rows = vec![
        with_mc(printed(t, "E[Y_p], integral method (14a)", "20,973", e_max.clone(), by_max), mc(0)).note(setting),
        with_mc(printed(t, "E[Y_1], integral method (14b)", "18,075", e_min.clone(), by_min), mc(1)).note(setting),
        printed(
            t,
            "E[Y_p], Chen–Tyler (6a)",
            "20,965",
            chen_tyler(P).and_then(|c| c.expected_max(mu_x, sigma_x)),
            "loadbal::order_stats::ChenTyler::expected_max",
        )
        .note("an approximation: it differs from the exact mean by design, so no Monte Carlo check"),
        printed(
            t,
            "E[Y_1], Chen–Tyler (6b)",
            "18,083",
            chen_tyler(P).and_then(|c| c.expected_min(mu_x, sigma_x)),
            "loadbal::order_stats::ChenTyler::expected_min",
        ),
    ];
    let item = "E[Y_p] − E[Y_1] (expected worst-case imbalance), integral method";
    rows.push(match (&e_max, &e_min) {
        (Ok(hi), Ok(lo)) => AHN
            .row(t, item)
            .printed("2,898")
            .reproduced(Computed::by("loadbal::order_stats::expected_max_normal, expected_min_normal", hi - lo))
            .explained(Explanation::exact_reading(
                format!("the paper subtracts its two printed, rounded expectations: {} − {}", hi.round(), lo.round()),
                hi.round() - lo.round(),
            )),
        (Err(e), _) | (_, Err(e)) => AHN.row(t, item).printed("2,898").error(e),
    });
    rows.push(
        AHN.row(t, "E[Y_p] − E[Y_1] = 20,973 − 18,075 (the paper's arithmetic)")
            .printed("2,898")
            .paper_check(20_973.0 - 18_075.0, 0.0),
    );
    rows.push(printed(
        t,
        "E[Y_p − η_X] (expected idle time per processor), integral method",
        "1,449",
        e_max.map(|m| m - mu_x),
        by_max,
    ));
    rows.push(
        computed(
            "§4.1",
            "e_25 = E[max of 25 N(0,1)]",
            expected_max_std_normal(P),
            "loadbal::order_stats::expected_max_std_normal",
        )
        .note("the standardised expected maximum behind (14a)"),
    );
    rows.push(
        computed(
            "§4.1",
            "Chen–Tyler constant Φ⁻¹(0.5264^(1/25))",
            chen_tyler(P).map(|c| c.mean),
            "loadbal::order_stats::chen_tyler",
        )
        .note("the constant behind (6a)/(6b) at p = 25; the paper prints no digits"),
    );
    let item = "C_max = Φ⁻¹(0.5264^(1/p_max)), p_max = 10⁶";
    let draft = AHN.row("§4.5", item).printed("4.4");
    rows.push(match (chen_tyler(1_000_000).map(|c| c.mean), chen_tyler(100_000).map(|c| c.mean), p_for_constant(4.35)) {
        (Ok(c), Ok(c5), Ok(p44)) => draft
            .note("the formula as printed, at p_max = 1,000,000")
            .reproduced(Computed::by("loadbal::order_stats::chen_tyler", c))
            .explained(Explanation::exact_reading(
                format!(
                    "the same formula at p_max = 100,000 (a factor-10 slip; the smallest p_max whose constant rounds to 4.4 \
                     is {p44})"
                ),
                c5,
            )),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => draft.error(&e),
    });
    rows
}
