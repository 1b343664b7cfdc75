//! Ahn et al.: the order-statistics numbers of §4.5 and §5.2.
//!
//! The static distribution of n = 1,000 wild-type tasks (μ_T = 488.1 s, σ_T = 116.6 s, eq. (4a))
//! on p = 25 processors gives R = 40 tasks each, so a processor's compute time is approximately
//! N(μ_X, σ_X²) with μ_X = Rμ_T, σ_X = √R σ_T (eq. (12)). The extremes follow from eqs.
//! (14a)/(14b) (integral method) and (6a)/(6b) (Chen–Tyler).

use super::{Row, RunConfig, Section};
use loadbal::montecarlo::{Estimate, MonteCarlo};
use loadbal::order_stats::{
    OrderStatsError, chen_tyler_max, expected_max_chen_tyler, expected_max_normal, expected_max_std_normal,
    expected_min_chen_tyler, expected_min_normal,
};
use loadbal::rand_distr::{Distribution, Normal};

const SOURCE: &str = "ahn";
const MU_T: f64 = 488.1;
const SIGMA_T: f64 = 116.6;
const R: f64 = 40.0;
const P: u64 = 25;

pub(super) fn sections() -> Vec<Section> {
    vec![Section {
        source: SOURCE,
        title: "order statistics of the static distribution (§4.5, §5.2)",
        run: order_statistics,
    }]
}

/// A printed value against a crate value that may have failed.
fn printed(table: &str, item: &str, printed: &str, value: Result<f64, OrderStatsError>) -> Row {
    match value {
        Ok(v) => Row::printed(SOURCE, table, item, printed, v),
        Err(e) => Row::error(SOURCE, table, item, &e).with_printed_text(printed),
    }
}

fn computed(table: &str, item: &str, value: Result<f64, OrderStatsError>) -> Row {
    match value {
        Ok(v) => Row::computed(SOURCE, table, item, v),
        Err(e) => Row::error(SOURCE, table, item, &e),
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
        if chen_tyler_max(mid)? >= c {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(hi)
}

fn order_statistics(cfg: &RunConfig) -> Vec<Row> {
    let mu_x = R * MU_T;
    let sigma_x = R.sqrt() * SIGMA_T;
    let e_max = expected_max_normal(mu_x, sigma_x, P);
    let e_min = expected_min_normal(mu_x, sigma_x, P);

    // Monte Carlo of the extremes of p i.i.d. N(μ_X, σ_X²) compute times: an independent check of
    // the integral method's expectations.
    let est = Normal::new(mu_x, sigma_x).ok().and_then(|normal| {
        let mc = MonteCarlo::new(cfg.seed, cfg.replications(400_000, 40_000)).ok()?;
        mc.estimate_vec(2, |_, rng, out| {
            let (mut hi, mut lo) = (f64::NEG_INFINITY, f64::INFINITY);
            for _ in 0..P {
                let x = normal.sample(rng);
                hi = hi.max(x);
                lo = lo.min(x);
            }
            out[0] = hi;
            out[1] = lo;
        })
        .ok()
    });
    let mc = |i: usize| est.as_ref().and_then(|e| e.get(i));

    let t = "§5.2 text";
    let setting = "p = 25, μ_X = 40·488.1, σ_X = √40·116.6 (eq. (12))";
    let c_max = chen_tyler_max(1_000_000);
    let mut rows = vec![
        with_mc(printed(t, "E[Y_p], integral method (14a)", "20,973", e_max.clone()), mc(0)).note(setting),
        with_mc(printed(t, "E[Y_1], integral method (14b)", "18,075", e_min.clone()), mc(1)).note(setting),
        printed(t, "E[Y_p], Chen–Tyler (6a)", "20,965", expected_max_chen_tyler(mu_x, sigma_x, P))
            .note("an approximation: it differs from the exact mean by design, so no Monte Carlo check"),
        printed(t, "E[Y_1], Chen–Tyler (6b)", "18,083", expected_min_chen_tyler(mu_x, sigma_x, P)),
    ];
    rows.push(match (&e_max, &e_min) {
        (Ok(hi), Ok(lo)) => Row::printed_within(
            SOURCE,
            t,
            "E[Y_p] − E[Y_1] (expected worst-case imbalance), integral method",
            "2,898",
            hi - lo,
            1.0,
            "the paper subtracts its rounded 20,973 and 18,075 (±0.5 each)",
        ),
        (Err(e), _) | (_, Err(e)) => Row::error(SOURCE, t, "E[Y_p] − E[Y_1]", e).with_printed_text("2,898"),
    });
    rows.push(Row::paper_check(SOURCE, t, "E[Y_p] − E[Y_1] = 20,973 − 18,075", "2,898", 20_973.0 - 18_075.0, 0.5));
    rows.push(printed(
        t,
        "E[Y_p − η_X] (expected idle time per processor), integral method",
        "1,449",
        e_max.map(|m| m - mu_x),
    ));
    rows.push(
        computed("§4.1", "e_25 = E[max of 25 N(0,1)]", expected_max_std_normal(P))
            .note("the standardised expected maximum behind (14a)"),
    );
    rows.push(
        computed("§4.1", "Chen–Tyler constant Φ⁻¹(0.5264^(1/25))", chen_tyler_max(P))
            .note("the constant behind (6a)/(6b) at p = 25; the paper prints no digits"),
    );
    let item = "C_max = Φ⁻¹(0.5264^(1/p_max)), p_max = 10⁶";
    rows.push(match (c_max, p_for_constant(4.4)) {
        (Ok(c), Ok(p44)) => Row::printed(SOURCE, "§4.5", item, "4.4", c).explained(
            &format!(
                "the paper's ≈ 4.4 does not follow from its formula: Φ⁻¹(0.5264^(1/10⁶)) = {c:.3}; 4.4 is the \
                 value at p_max ≈ {p44}"
            ),
            0.5,
        ),
        (Err(e), _) | (_, Err(e)) => Row::error(SOURCE, "§4.5", item, &e).with_printed_text("4.4"),
    });
    rows
}
