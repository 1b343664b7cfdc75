//! The harness gives the same estimate to the last bit whatever the number of threads.

use loadbal::montecarlo::{
    Accumulator, CHUNK_SIZE, Estimate, McRng, MonteCarlo, MonteCarloError, Partials, Reduction, stream,
};
use rand::Rng;
use rand_distr::{Distribution, Exp};

fn run() -> (Vec<loadbal::montecarlo::Estimate>, Vec<u64>) {
    let mc = MonteCarlo::new(123_456, 5_003).unwrap();
    let est = mc
        .estimate_vec(3, |i, rng, out| {
            let e = Exp::new(1.0).unwrap();
            out[0] = e.sample(rng);
            out[1] = (0..10).map(|_| e.sample(rng)).fold(0.0, f64::max);
            out[2] = i as f64;
        })
        .unwrap();
    let raw = mc.replicate(|_, rng| rng.random::<u64>());
    (est, raw)
}

#[test]
fn bit_identical_for_one_and_many_threads() {
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap().install(run);
    let many = rayon::ThreadPoolBuilder::new().num_threads(7).build().unwrap().install(run);
    assert_eq!(one.1, many.1);
    for (a, b) in one.0.iter().zip(&many.0) {
        assert_eq!(a.mean.to_bits(), b.mean.to_bits());
        assert_eq!(a.std_err.to_bits(), b.std_err.to_bits());
        assert_eq!(a.n, b.n);
    }
    // The replications were really independent draws: the mean of Exp(1) is 1.
    assert!(one.0[0].agrees_with(1.0, 4.0));
    // Replication i draws from stream (seed, i).
    assert_eq!(one.1[17], stream(123_456, 17).random::<u64>());
    // The index column averages (n − 1)/2 exactly.
    assert_eq!(one.0[2].mean, 2501.0);
}

/// The outcome of replication `i` used by the split tests: an Exp(1) draw and a multiple of it.
fn split_outcome(i: u64, rng: &mut McRng, out: &mut [f64]) -> Result<(), MonteCarloError> {
    out[0] = Exp::new(1.0).unwrap().sample(rng);
    out[1] = out[0] * (i % 7) as f64;
    Ok(())
}

/// Bits printed by the harness before chunk partials existed (a single `estimate_vec` that
/// collected every chunk, commit 18e4a5c): the refactoring through `run_chunks` and `Reduction`
/// changed no bit.
const SEED_99_BITS: [(u64, u64); 2] =
    [(0x3ff0028300cea4d5, 0x3f6f035012b75052), (0x40081a0a6938f5cc, 0x3f900a6aea67df4e)];

#[test]
fn estimate_vec_keeps_the_bits_of_the_collecting_harness() {
    let mc = MonteCarlo::new(99, 70_001).unwrap();
    let est = mc.estimate_vec(2, |i, rng, out| split_outcome(i, rng, out).unwrap()).unwrap();
    for (e, (mean, se)) in est.iter().zip(SEED_99_BITS) {
        assert_eq!((e.mean.to_bits(), e.std_err.to_bits(), e.n), (mean, se, 70_001));
    }
}

#[test]
fn chunk_ranges_folded_in_order_equal_one_run_for_any_split() {
    let mc = MonteCarlo::new(99, 70_001).unwrap();
    assert_eq!(mc.chunks(), 70_001u64.div_ceil(CHUNK_SIZE));
    for shards in [1u64, 2, 7, 16, 300] {
        let c = mc.chunks();
        let parts: Vec<Partials> = (0..shards)
            .map(|k| {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(1 + (k % 3) as usize).build().unwrap();
                pool.install(|| mc.run_chunks(2, k * c / shards..(k + 1) * c / shards, split_outcome)).unwrap()
            })
            .collect();
        let mut r = Reduction::new(mc, 2);
        for p in &parts {
            r.fold(p).unwrap();
        }
        let est = r.finish().unwrap();
        for (e, (mean, se)) in est.iter().zip(SEED_99_BITS) {
            assert_eq!((e.mean.to_bits(), e.std_err.to_bits(), e.n), (mean, se, 70_001), "{shards} shards");
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn partials_survive_json_bit_for_bit() {
    let mc = MonteCarlo::new(3, 1_000).unwrap();
    let p = mc.run_chunks(2, 1..4, split_outcome).unwrap();
    let text = serde_json::to_string(&p).unwrap();
    let back: Partials = serde_json::from_str(&text).unwrap();
    assert_eq!(back, p);
    assert_eq!(p.range(), 1..4);
}

#[cfg(feature = "serde")]
#[test]
fn partials_of_another_run_or_out_of_order_are_refused() {
    let mc = MonteCarlo::new(3, 1_000).unwrap(); // 4 chunks
    let constant = |x: f64| {
        move |_: u64, _: &mut McRng, out: &mut [f64]| {
            out[0] = x;
            Ok::<(), MonteCarloError>(())
        }
    };
    let (a, b) = (mc.run_chunks(1, 0..2, constant(1.0)).unwrap(), mc.run_chunks(1, 2..4, constant(2.0)).unwrap());
    let mismatch = |r: Result<(), MonteCarloError>| matches!(r, Err(MonteCarloError::PartialsMismatch { .. }));
    // A gap, a repeat, another seed, another dimension, an incomplete fold.
    assert!(mismatch(Reduction::new(mc, 1).fold(&b)));
    let mut r = Reduction::new(mc, 1);
    r.fold(&a).unwrap();
    assert!(mismatch(r.fold(&a)));
    assert!(r.finish().is_err());
    r.fold(&b).unwrap();
    let est = r.finish().unwrap();
    assert_eq!((est[0].mean, est[0].n), ((512.0 + 2.0 * 488.0) / 1000.0, 1_000));
    assert!(mismatch(Reduction::new(MonteCarlo::new(4, 1_000).unwrap(), 1).fold(&a)));
    assert!(mismatch(Reduction::new(mc, 2).fold(&a)));
    // A corrupted count or moment, as a damaged file would carry it.
    let text = serde_json::to_string(&a).unwrap();
    for (from, to) in [("\"n\":256", "\"n\":255"), ("\"mean\":1.0", "\"mean\":1e400")] {
        assert!(text.contains(from), "{text}");
        match serde_json::from_str::<Partials>(&text.replacen(from, to, 1)) {
            Ok(bad) => assert!(mismatch(Reduction::new(mc, 1).fold(&bad))),
            Err(e) => assert!(e.to_string().contains("number out of range"), "{e}"),
        }
    }
    // Chunks past the end of the run.
    assert!(matches!(mc.run_chunks(1, 3..5, split_outcome), Err(MonteCarloError::PartialsMismatch { .. })));
    // The first failing replication in index order is the error reported.
    let err = mc
        .run_chunks(1, 0..4, |i, _, out| {
            out[0] = if i == 300 || i == 900 { f64::NAN } else { 0.0 };
            Ok::<(), MonteCarloError>(())
        })
        .unwrap_err();
    assert!(matches!(err, MonteCarloError::NonFiniteSample { index: 300, .. }), "{err:?}");
}

/// A dimension above `MAX_DIM` is refused before any accumulator is allocated: `usize::MAX`
/// overflowed the window size and panicked, 2^40 aborted the process on a 26 TB allocation.
#[test]
fn huge_dimensions_are_refused_before_allocating() {
    use loadbal::montecarlo::MAX_DIM;
    let mc = MonteCarlo::new(1, 10).unwrap();
    let max = usize::try_from(MAX_DIM).unwrap();
    for dim in [max + 1, 1 << 40, usize::MAX] {
        let want = MonteCarloError::DimensionTooLarge { dim, max: MAX_DIM };
        assert_eq!(mc.estimate_vec(dim, |_, _, _| {}), Err(want.clone()));
        assert_eq!(mc.run_chunks(dim, 0..1, |_, _, _| Ok::<(), MonteCarloError>(())), Err(want.clone()));
        let partials = mc.run_chunks(1, 0..1, |_, _, out| -> Result<(), MonteCarloError> {
            out[0] = 1.0;
            Ok(())
        });
        assert_eq!(Reduction::new(mc, dim).fold(&partials.unwrap()), Err(want.clone()));
        assert!(want.to_string().contains(&dim.to_string()), "{want}");
    }
    // The limit itself is accepted (nothing is run: the range of chunks is empty).
    assert_eq!(mc.run_chunks(max, 0..0, |_, _, _| Ok::<(), MonteCarloError>(())).unwrap().chunks(), 0);
}

/// Finite samples whose spread overflows `f64` (±1e308: the sum of squared deviations is about
/// 1e616) have no finite estimate: `MomentOverflow`, not the `mean: NaN, std_err: 0` (or a mean of
/// −∞) that was returned as `Ok`. A NaN pushed into an accumulator is refused the same way.
#[test]
fn moments_that_overflow_are_errors_not_nan() {
    let huge = [1e308, -1e308, 1e308];
    assert_eq!(Estimate::from_samples(&huge), Err(MonteCarloError::MomentOverflow { n: 3 }));
    let mc = MonteCarlo::new(1, 600).unwrap();
    let alternating = |i: u64, _: &mut McRng| if i % 2 == 0 { 1e308 } else { -1e308 };
    assert!(matches!(mc.estimate(alternating), Err(MonteCarloError::MomentOverflow { .. })));
    let mut acc = Accumulator::new();
    acc.push(1e308);
    acc.push(-1e308);
    assert_eq!(acc.estimate(), Err(MonteCarloError::MomentOverflow { n: 2 }));
    let mut acc = Accumulator::new();
    acc.push(f64::NAN);
    assert_eq!(acc.estimate(), Err(MonteCarloError::MomentOverflow { n: 1 }));
    // Large but representable: mean 1e307, sample sd 0 (all equal).
    let e = Estimate::from_samples(&[1e307; 3]).unwrap();
    assert_eq!((e.mean, e.std_err), (1e307, 0.0));
}

/// `agrees_with` and `plausible_draw` are `|z| ≤ k` with `z = (value − mean)/scale`, also where
/// `k·scale` is undefined: a zero standard error with `k = ∞` used to give NaN and "disagree"
/// even for a value equal to the mean. Checked against the z-score read off by hand.
#[test]
fn agreement_is_a_bound_on_the_z_score_at_the_edges() {
    let exact = Estimate { mean: 3.0, std_err: 0.0, n: 7 };
    let noisy = Estimate { mean: 3.0, std_err: 0.5, n: 4 }; // sd 1
    let cases: [(Estimate, f64, f64, bool); 14] = [
        (exact, 3.0, 0.0, true),           // z = 0
        (exact, 3.0, f64::INFINITY, true), // z = 0 (0·∞ was NaN)
        (exact, 4.0, f64::INFINITY, true), // z = ∞ ≤ ∞
        (exact, 4.0, f64::MAX, false),     // z = ∞
        (exact, 3.0, -1.0, false),         // k < 0
        (noisy, 4.0, 2.0, true),           // z = 2
        (noisy, 4.0, 1.999, false),
        (noisy, f64::INFINITY, f64::INFINITY, true),
        (noisy, f64::INFINITY, f64::MAX, false),
        (noisy, 3.0, f64::NAN, false),
        (noisy, f64::NAN, f64::INFINITY, false),
        (Estimate { mean: f64::NAN, ..noisy }, 3.0, 1.0, false),
        (Estimate { std_err: f64::NAN, ..noisy }, 3.0, 1.0, false),
        (Estimate { std_err: f64::NAN, ..noisy }, 3.0, f64::INFINITY, false),
    ];
    for (e, value, k, want) in cases {
        assert_eq!(e.agrees_with(value, k), want, "{e:?} {value} {k}");
    }
    // one draw: the same rule on the standard deviation std_err·√n (0 and 1 here)
    assert!(exact.plausible_draw(3.0, f64::INFINITY) && exact.plausible_draw(-1e300, f64::INFINITY));
    assert!(noisy.plausible_draw(5.0, 2.0) && !noisy.plausible_draw(5.0, 1.999));
    assert!(!noisy.plausible_draw(3.0, f64::NAN) && !noisy.plausible_draw(3.0, -0.5));
}

/// `MonteCarlo`'s fields are public, so a run of zero replications can be built without
/// `MonteCarlo::new` (or read back from JSON): `estimate` then indexed the empty result of
/// `estimate_vec` and panicked, and `estimate_vec` and `Reduction::finish` returned no estimates
/// at all. All three now say `NoReplications`, as `new` does.
#[cfg(feature = "serde")]
#[test]
fn runs_of_zero_replications_are_errors_not_panics() {
    let mc: MonteCarlo = serde_json::from_str(r#"{"seed":1,"replications":0}"#).unwrap();
    assert_eq!(mc, MonteCarlo { seed: 1, replications: 0 });
    assert_eq!(mc.estimate(|_, _| 1.0), Err(MonteCarloError::NoReplications));
    assert_eq!(mc.estimate_vec(3, |_, _, out| out[0] = 1.0), Err(MonteCarloError::NoReplications));
    assert_eq!(Reduction::new(mc, 1).finish(), Err(MonteCarloError::NoReplications));
    // one replication: its value, with no spread
    let one = MonteCarlo { seed: 1, replications: 1 }.estimate(|_, _| 2.5).unwrap();
    assert_eq!((one.mean, one.std_err, one.n), (2.5, 0.0, 1));
}
