//! Ahn et al. (Ahn et al.): the order-statistics numbers of §4.1 and §5.2.
//!
//! The static distribution of n = 1,000 wild-type tasks (μ_T = 488.1 s, σ_T = 116.6 s, eq. 4a) on
//! p = 25 processors gives R = 40 tasks each, so a processor's compute time is approximately
//! N(μ_X, σ_X²) with μ_X = Rμ_T, σ_X = √R σ_T (eq. 12). The extremes follow from eqs. 14a/14b
//! (integral method) and 6a/6b (Chen–Tyler).

use super::{Row, RunConfig, Section};
use crate::montecarlo::MonteCarlo;
use crate::order_stats::{
    chen_tyler_max, expected_max_chen_tyler, expected_max_normal, expected_max_std_normal, expected_min_chen_tyler,
    expected_min_normal,
};
use rand_distr::{Distribution, Normal};

const SOURCE: &str = "ahn";
const MU_T: f64 = 488.1;
const SIGMA_T: f64 = 116.6;
const R: f64 = 40.0;
const P: u64 = 25;

pub(super) fn sections() -> Vec<Section> {
    vec![Section {
        source: SOURCE,
        title: "order statistics of the static distribution (§4.1, §5.2)",
        run: order_statistics,
    }]
}

fn order_statistics(cfg: &RunConfig) -> Vec<Row> {
    let mu_x = R * MU_T;
    let sigma_x = R.sqrt() * SIGMA_T;
    let model = |r: Result<f64, crate::order_stats::OrderStatsError>| r.expect("valid parameters");
    let e_max = model(expected_max_normal(mu_x, sigma_x, P));
    let e_min = model(expected_min_normal(mu_x, sigma_x, P));
    let ct_max = model(expected_max_chen_tyler(mu_x, sigma_x, P));
    let ct_min = model(expected_min_chen_tyler(mu_x, sigma_x, P));

    // Monte Carlo of the extremes of p i.i.d. N(μ_X, σ_X²) compute times.
    let mc = MonteCarlo::new(cfg.seed, cfg.replications(400_000, 40_000)).expect("replications > 0");
    let normal = Normal::new(mu_x, sigma_x).expect("σ_X > 0");
    let est = mc
        .estimate_vec(2, |_, rng, out| {
            let (mut hi, mut lo) = (f64::NEG_INFINITY, f64::INFINITY);
            for _ in 0..P {
                let x = normal.sample(rng);
                hi = hi.max(x);
                lo = lo.min(x);
            }
            out[0] = hi;
            out[1] = lo;
        })
        .expect("finite samples");

    let t = "§5.2 text";
    let rounding = 0.5;
    vec![
        Row::compare(SOURCE, t, "E[Y_p], integral method (14a)", 20_973.0, e_max, rounding)
            .with_monte_carlo(est[0], 4.0)
            .note("p = 25, μ_X = 40·488.1, σ_X = √40·116.6; paper rounds to the second"),
        Row::compare(SOURCE, t, "E[Y_1], integral method (14b)", 18_075.0, e_min, rounding)
            .with_monte_carlo(est[1], 4.0)
            .note("p = 25; paper rounds to the second"),
        Row::compare(SOURCE, t, "E[Y_p], Chen–Tyler (6a)", 20_965.0, ct_max, rounding)
            .note("approximation: no Monte Carlo comparison (it differs from the exact mean by design)"),
        Row::compare(SOURCE, t, "E[Y_1], Chen–Tyler (6b)", 18_083.0, ct_min, rounding),
        Row::compare(SOURCE, t, "E[Y_p] − E[Y_1], integral method", 2_898.0, e_max - e_min, 1.0)
            .note("20,973 − 18,075; the unrounded difference is 2,898.6"),
        Row::compare(SOURCE, t, "E[Y_p − η_X], integral method", 1_449.0, e_max - mu_x, rounding),
        Row::model_only(SOURCE, "§4.1", "e_25 = E[max of 25 N(0,1)]", model(expected_max_std_normal(P)))
            .note("exact standardised expected maximum behind the rows above"),
        Row::model_only(SOURCE, "§4.1", "Chen–Tyler constant Φ⁻¹(0.5264^(1/25))", model(chen_tyler_max(P)))
            .note("the constant behind (6a)/(6b) at p = 25; the paper prints no digits"),
        Row::compare(SOURCE, "§4.5", "C_max = Φ⁻¹(0.5264^(1/p_max)), p_max = 10⁶", 4.4, model(chen_tyler_max(1_000_000)), 0.05)
            .deviates("the paper's ≈ 4.4 does not follow from its formula: Φ⁻¹(0.5264^(1/10⁶)) = 4.842; 4.4 corresponds to p_max ≈ 1.2·10⁵"),
    ]
}
