//! The law type: one test per defect of the laws it replaced (issue 22), the truncated normal
//! against mpmath, seeded draws against `rand_distr`'s samplers, and serde's validation.

use loadbal::law::{Law, LawError};
use loadbal::montecarlo::MonteCarlo;
use loadbal::rand::{Rng, SeedableRng};
use loadbal::rand_chacha::ChaCha8Rng;
use loadbal::rand_distr::{Distribution, Normal};

fn rel(a: f64, b: f64) -> f64 {
    (a / b - 1.0).abs()
}

/// The old mixture replaced invalid parameters by N(0, 1); now each is an error naming it.
#[test]
fn invalid_mixture_parameters_are_errors_not_a_fallback() {
    let named = |r: Result<Law, LawError>| match r {
        Err(LawError::InvalidParameter { name, .. }) => name,
        other => panic!("expected an error, got {other:?}"),
    };
    assert_eq!(named(Law::short_or_truncated_normal(0.75, 50.0, 458.0, f64::NAN)), "sd");
    assert_eq!(named(Law::short_or_truncated_normal(0.75, 50.0, f64::INFINITY, 145.7)), "mean");
    assert_eq!(named(Law::short_or_truncated_normal(1.5, 50.0, 458.0, 145.7)), "p_short");
    assert_eq!(named(Law::short_or_truncated_normal(0.75, -1.0, 458.0, 145.7)), "short");
    assert_eq!(named(Law::short_or_truncated_normal(0.75, 50.0, 458.0, 0.0)), "sd");
    assert_eq!(named(Law::truncated_normal(1.0, 0.0)), "sd");
    let msg = Law::short_or_truncated_normal(0.75, 50.0, 458.0, f64::NAN).unwrap_err().to_string();
    assert_eq!(msg, "sd must be a finite positive number, got NaN");
}

/// The old mixture drew with `|sd|`; a negative standard deviation is now refused everywhere.
#[test]
fn a_negative_sd_is_an_error_not_its_absolute_value() {
    for r in [
        Law::short_or_truncated_normal(0.75, 50.0, 458.0, -145.7),
        Law::truncated_normal(458.0, -145.7),
        Law::normal(458.0, -145.7),
        Law::gamma_mean_sd(458.0, -145.7),
        Law::lognormal_mean_sd(458.0, -145.7),
    ] {
        assert!(matches!(r, Err(LawError::InvalidParameter { name: "sd", value: -145.7, .. })), "{r:?}");
    }
}

/// The old rejection loop drew from the parent normal until a non-negative value came: with the
/// mean 50 standard deviations below zero it never ended. Robert's exponential proposal accepts
/// at least 76 % of its proposals whatever the mean; the sample mean matches the closed form.
#[test]
fn truncated_normal_far_below_zero_samples_in_bounded_time_with_the_closed_form_mean() {
    // mpmath, 40 digits: μ + σφ(a)/Q(a), a = −μ/σ, and the standard deviation.
    let (mean, sd) = (0.019_984_031_905_639_81, 0.019_976_065_348_408_82);
    for law in
        [Law::truncated_normal(-50.0, 1.0).unwrap(), Law::short_or_truncated_normal(0.0, 3.0, -50.0, 1.0).unwrap()]
    {
        assert!(rel(law.mean(), mean) < 1e-14, "{law}: mean {}", law.mean());
        assert!(rel(law.sd(), sd) < 1e-13, "{law}: sd {}", law.sd());
        let draws = 200_000;
        let est = MonteCarlo::new(9, draws).unwrap().estimate(|_, r| law.sample(r)).unwrap();
        assert!(est.agrees_with(mean, 4.0), "{law}: {est:?}");
        assert!(rel(est.sd(), sd) < 0.01, "{law}: sd {}", est.sd());
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        assert!((0..1000).all(|_| law.sample(&mut rng) >= 0.0));
    }
    // Even a truncation point 10⁶ standard deviations out.
    let far = Law::truncated_normal(-1e6, 1.0).unwrap();
    assert!(rel(far.mean(), 1e-6) < 1e-11);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mean_far = (0..10_000).map(|_| far.sample(&mut rng)).sum::<f64>() / 10_000.0;
    assert!(rel(mean_far, 1e-6) < 0.05, "{mean_far}");
}

/// The truncated normal's moments where the truncation matters (σ/μ = 1) and the mutant mixture's,
/// against mpmath (40 digits).
#[test]
fn truncated_normal_and_mixture_moments_against_mpmath() {
    let t = Law::truncated_normal(1.0, 1.0).unwrap();
    assert!(rel(t.mean(), 1.287_599_970_939_178_4) < 1e-15 && rel(t.sd(), 0.793_527_747_326_207_5) < 1e-14);
    let m = Law::short_or_truncated_normal(0.75, 50.0, 458.0, 145.7).unwrap();
    assert!(rel(m.mean(), 152.103_988_747_923_48) < 1e-14 && rel(m.sd(), 191.141_638_460_908_15) < 1e-14);
    let est = MonteCarlo::new(5, 40_000).unwrap().estimate(|_, rng| t.sample(rng)).unwrap();
    assert!(est.agrees_with(t.mean(), 4.0) && rel(est.sd(), t.sd()) < 0.02);
}

/// The sampler is built once, by the constructor: a law is plain `Copy` data holding the
/// prepared `rand_distr` sampler, and for a mean at or above zero the mixture draws exactly what
/// the old code drew (a uniform against `p_short`, then the parent normal until non-negative),
/// so seeded results are unchanged.
#[test]
fn the_mixture_draws_the_same_sequence_as_before_from_a_sampler_built_once() {
    let law = Law::short_or_truncated_normal(0.75, 50.0, 458.0, 145.7).unwrap();
    let copy = law; // Copy: nothing to rebuild or re-validate.
    assert_eq!(copy, law);
    let parent = Normal::new(458.0, 145.7).unwrap();
    let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(11), ChaCha8Rng::seed_from_u64(11));
    for _ in 0..10_000 {
        let want: f64 = if b.random::<f64>() < 0.75 {
            50.0
        } else {
            loop {
                let x = parent.sample(&mut b);
                if x >= 0.0 {
                    break x;
                }
            }
        };
        assert_eq!(copy.sample(&mut a).to_bits(), want.to_bits());
    }
}

/// Every constructor's law draws what `rand_distr`'s sampler with the same parameters draws.
#[test]
fn seeded_draws_equal_rand_distr() {
    use loadbal::rand_distr::{Exp, Gamma, LogNormal, Uniform};
    let check = |law: Law, reference: &dyn Fn(&mut ChaCha8Rng) -> f64| {
        let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(1), ChaCha8Rng::seed_from_u64(1));
        for _ in 0..1000 {
            assert_eq!(law.sample(&mut a).to_bits(), reference(&mut b).to_bits(), "{law}");
        }
    };
    let g = Gamma::new((488.1f64 / 116.6).powi(2), 116.6 * 116.6 / 488.1).unwrap();
    check(Law::gamma_mean_sd(488.1, 116.6).unwrap(), &|r| g.sample(r));
    let q = Gamma::new(1.0 / 2.5, 0.5 * 2.5).unwrap();
    check(Law::gamma_mean_scv(0.5, 2.5).unwrap(), &|r| q.sample(r));
    let e = Exp::new(0.5).unwrap();
    check(Law::exponential(0.5).unwrap(), &|r| e.sample(r));
    let s2 = 0.57f64.powi(2).ln_1p();
    let l = LogNormal::new(-0.5 * s2, s2.sqrt()).unwrap();
    check(Law::lognormal_mean_sd(1.0, 0.57).unwrap(), &|r| l.sample(r));
    let u = Uniform::new(1.0, 3.0).unwrap();
    check(Law::uniform(1.0, 3.0).unwrap(), &|r| u.sample(r));
    let n = Normal::new(458.0, 145.7).unwrap();
    check(Law::truncated_normal(458.0, 145.7).unwrap(), &|r| loop {
        let x = n.sample(r);
        if x >= 0.0 {
            break x;
        }
    });
}

#[cfg(feature = "serde")]
/// serde goes through the constructors: a bad law cannot be read.
#[test]
fn serde_validates_through_the_constructors() {
    let law = Law::short_or_truncated_normal(0.75, 50.0, 458.0, 145.7).unwrap();
    let json = serde_json::to_string(&law).unwrap();
    assert_eq!(json, r#"{"law":"short_or_truncated_normal","p_short":0.75,"short":50.0,"mean":458.0,"sd":145.7}"#);
    assert_eq!(serde_json::from_str::<Law>(&json).unwrap(), law);
    let bad = r#"{"law":"short_or_truncated_normal","p_short":0.75,"short":50.0,"mean":458.0,"sd":-145.7}"#;
    let err = serde_json::from_str::<Law>(bad).unwrap_err().to_string();
    assert!(err.contains("sd must be a finite positive number, got -145.7"), "{err}");
    assert!(serde_json::from_str::<Law>(r#"{"law":"normal","mean":1.0}"#).is_err());
    assert!(serde_json::from_str::<Law>(r#"{"law":"cauchy","mean":1.0,"sd":1.0}"#).is_err());
    assert_eq!(Law::try_from(loadbal::law::LawSpec::Exponential { rate: 2.0 }).unwrap().mean(), 0.5);
}

/// Quantiles and tails of the truncated normal far below zero stay finite and consistent.
#[test]
fn truncated_normal_far_below_zero_has_consistent_quantiles() {
    let law = Law::truncated_normal(-50.0, 1.0).unwrap();
    // Given Z > 50 the excess is about exponential of rate 50: the median is near ln 2/50.
    let median = law.quantile(0.5).unwrap();
    assert!(rel(median, std::f64::consts::LN_2 / 50.0) < 1e-3, "{median}");
    assert!(rel(law.sf(median), 0.5) < 1e-12);
    assert!(law.quantile(0.0).is_err() && law.quantile(f64::NAN).is_err());
}

/// `IidLaw::ln_quantile_at_score` answers every law without NaN: `x = exp(answer)` is checked by
/// the law's distribution function (the forward direction, not the inversion the answer comes
/// from) as the generalised inverse at `p = Φ(z)`: `F(x) ≥ p` and `F` just below `x` at most `p`
/// (an atom, as the mixture's short task, holds every `p` it covers); −∞ where the quantile is
/// not positive.
#[test]
fn ln_quantile_at_score_answers_every_law_without_nan() {
    use loadbal::order_stats::IidLaw;
    let laws = [
        Law::normal(1.0, 0.5).unwrap(),
        Law::exponential(2.0).unwrap(),
        Law::gamma(3.0, 2.0).unwrap(),
        Law::lognormal(0.0, 0.5).unwrap(),
        Law::weibull(2.0, 1.0).unwrap(),
        Law::pareto(1.0, 3.0).unwrap(),
        Law::uniform(1.0, 3.0).unwrap(),
        Law::deterministic(2.0).unwrap(),
        Law::truncated_normal(1.0, 1.0).unwrap(),
        Law::short_or_truncated_normal(0.3, 0.1, 2.0, 1.0).unwrap(),
    ];
    let std = Law::normal(0.0, 1.0).unwrap();
    for law in &laws {
        for z in [-40.0, -8.0, -3.0, -1.0, 0.0, 0.7, 2.0, 8.0, 40.0] {
            let got = law.ln_quantile_at_score(z);
            assert!(!got.is_nan(), "{law:?} at z = {z}");
            if !(-3.0..=3.0).contains(&z) {
                continue;
            }
            if got == f64::NEG_INFINITY {
                // Only the normal law reaches a quantile ≤ 0 here: 1 + 0.5·z ≤ 0.
                assert!(1.0 + 0.5 * z <= 0.0, "{law:?} at z = {z}");
                continue;
            }
            let (x, p) = (got.exp(), std.cdf(z));
            assert!(law.cdf(x) >= p - 1e-9, "{law:?} at z = {z}: F({x}) = {} < {p}", law.cdf(x));
            assert!(
                law.cdf(x * (1.0 - 1e-9)) <= p + 1e-9,
                "{law:?} at z = {z}: F below {x} = {} > {p}",
                law.cdf(x * (1.0 - 1e-9))
            );
        }
    }
    // The normal law's lower tail has no logarithm: −∞, not NaN; its upper tail is ln(μ + σz).
    assert_eq!(Law::normal(1.0, 0.5).unwrap().ln_quantile_at_score(-40.0), f64::NEG_INFINITY);
    assert!((Law::normal(1.0, 0.5).unwrap().ln_quantile_at_score(2.0) - 2f64.ln()).abs() < 1e-15);
}

/// A quantile that is NaN or overflows `f64` at a valid probability is an error naming the
/// probability, not `Ok(NaN)` or `Ok(±∞)` as it was: the gamma law past its documented shapes
/// (1e-320, f64::MAX), a normal law whose quantile is beyond ±f64::MAX, a log-normal whose
/// quantile exp(1e308) overflows. Inside the range the values are the closed forms.
#[test]
fn quantiles_that_are_not_finite_are_errors() {
    let cases = [
        (Law::gamma(1e-320, 1.0).unwrap(), 0.5),
        (Law::gamma(f64::MAX, 1.0).unwrap(), 0.5),
        (Law::gamma_mean_scv(1.0, f64::MIN_POSITIVE).unwrap(), 0.5),
        (Law::normal(0.0, 1e308).unwrap(), 1e-320),
        (Law::lognormal(1e308, 1.0).unwrap(), 0.5),
    ];
    for (law, p) in cases {
        for (name, r) in [("p", law.quantile(p)), ("q", law.upper_quantile(p))] {
            match r {
                Err(e @ LawError::QuantileNotFinite { .. }) => {
                    assert!(
                        matches!(&e, LawError::QuantileNotFinite { name: n, value, .. } if *n == name && *value == p)
                    );
                    assert!(e.to_string().contains(&format!("{name} = {p}")), "{e}");
                }
                // The other tail may be finite (the normal's upper quantile at 1e-320 is not).
                Ok(x) => assert!(x.is_finite(), "{law} {name} = {p}: {x}"),
                Err(e) => panic!("{law} {name} = {p}: {e:?}"),
            }
        }
    }
    assert!(matches!(Law::gamma(1e-320, 1.0).unwrap().quantile(0.5), Err(LawError::QuantileNotFinite { .. })));
    assert!(matches!(Law::normal(0.0, 1e308).unwrap().quantile(1e-320), Err(LawError::QuantileNotFinite { .. })));
    // Inside the range: the exponential median ln 2 and the normal's −σ·38.4 at 1e-320.
    assert!(rel(Law::exponential(1.0).unwrap().quantile(0.5).unwrap(), 2f64.ln()) < 1e-15);
    assert!(Law::normal(0.0, 1e306).unwrap().quantile(1e-320).unwrap().is_finite());
}

/// A Weibull law whose mean s·Γ(1 + 1/k) is past f64::MAX is refused, naming the parameter
/// responsible; it was built with mean ∞ and variance NaN (∞ − ∞). Just inside, shape 0.01 has
/// mean Γ(101) = 100! ≈ 9.33e157 and a variance past f64::MAX, reported as ∞ (not NaN).
#[test]
fn weibull_laws_without_representable_moments_are_refused() {
    for shape in [1e-320, 1e-3, 0.005] {
        let e = Law::weibull(shape, 1.0).unwrap_err();
        assert!(matches!(e, LawError::InvalidParameter { name: "shape", value, .. } if value == shape), "{e:?}");
    }
    let e = Law::weibull(0.5, f64::MAX).unwrap_err(); // mean 2·MAX
    assert!(matches!(e, LawError::InvalidParameter { name: "scale", .. }), "{e:?}");
    let w = Law::weibull(0.01, 1.0).unwrap();
    assert!(rel(w.mean(), 9.332_621_544_394_415e157) < 1e-12, "{}", w.mean());
    assert_eq!((w.variance(), w.sd()), (f64::INFINITY, f64::INFINITY));
}

/// A NaN argument gives NaN from every law's distribution functions: the deterministic,
/// exponential, gamma, Weibull and uniform laws clamped it into a value before (the exponential's
/// `x.max(0)` made F(NaN) = 0, the deterministic law's comparison made it a step).
#[test]
fn distribution_functions_of_nan_are_nan_for_every_law() {
    let laws = [
        Law::normal(1.0, 2.0).unwrap(),
        Law::normal(1.0, 0.0).unwrap(),
        Law::exponential(2.0).unwrap(),
        Law::gamma(0.5, 1.0).unwrap(),
        Law::lognormal(0.0, 1.0).unwrap(),
        Law::weibull(1.5, 2.0).unwrap(),
        Law::pareto(1.0, 3.0).unwrap(),
        Law::uniform(0.0, 4.0).unwrap(),
        Law::deterministic(3.0).unwrap(),
        Law::truncated_normal(1.0, 2.0).unwrap(),
        Law::short_or_truncated_normal(0.75, 50.0, 458.0, 100.0).unwrap(),
    ];
    for law in &laws {
        for (name, v) in [
            ("cdf", law.cdf(f64::NAN)),
            ("sf", law.sf(f64::NAN)),
            ("ln_cdf", law.ln_cdf(f64::NAN)),
            ("ln_sf", law.ln_sf(f64::NAN)),
        ] {
            assert!(v.is_nan(), "{law:?}.{name}(NaN) = {v}");
        }
        // and a value inside the support is still a probability
        let x = law.mean();
        assert!((0.0..=1.0).contains(&law.cdf(x)) && (0.0..=1.0).contains(&law.sf(x)), "{law:?}");
    }
}
