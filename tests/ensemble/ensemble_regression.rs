//! The simulator's runs, bit for bit, against values committed from the O(p)-per-event
//! implementation it replaced (commit d587405, which scanned every trigger on every event): same
//! seed, same event order, same bits of every compute time, finish time and recorded step.

use loadbal::ensemble::{Algorithm, SimConfig, SimResult, Torus, simulate};
use loadbal::law::Law;
use loadbal::montecarlo::stream;
use rand::Rng;
use rand_distr::{Distribution, Exp};

/// Whole task times 1, 2 or 3 s: many simultaneous events (ties).
struct Whole;

impl Distribution<f64> for Whole {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        f64::from(rng.random_range(1..=3u8))
    }
}

/// FNV-1a over 64-bit words.
struct Digest(u64);

impl Digest {
    fn new() -> Self {
        Digest(0xcbf2_9ce4_8422_2325)
    }
    fn word(&mut self, w: u64) {
        for b in w.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn floats(&mut self, v: &[f64]) {
        self.word(v.len() as u64);
        v.iter().for_each(|x| self.word(x.to_bits()));
    }
    fn counts(&mut self, v: &[u64]) {
        self.word(v.len() as u64);
        v.iter().for_each(|&x| self.word(x));
    }
}

/// Adds one run to `d`: every compute and finish time, the wall clock, every recorded step, the
/// counts of steps, moves and polls.
fn digest(d: &mut Digest, r: &SimResult) {
    d.floats(&r.compute);
    d.floats(&r.finish);
    d.word(r.wall_clock.to_bits());
    for s in &r.trajectory {
        d.word(s.time.to_bits());
        d.word(s.idle as u64);
        d.counts(&s.counts_before);
        d.counts(&s.counts_after);
        d.counts(&s.running.iter().map(|&b| u64::from(b)).collect::<Vec<_>>());
        d.floats(&s.remaining_before);
        d.floats(&s.remaining_after);
    }
    d.counts(&[r.steps, r.moved, r.polls]);
}

/// Tasks, processors and the NR torus (rows, columns; `None` for the square one).
type Shape = (u64, usize, Option<(usize, usize)>);

const SHAPES: [Shape; 7] = [
    (1000, 25, None),
    (1003, 16, Some((4, 4))),
    (7, 16, Some((4, 4))),
    (3000, 12, Some((3, 4))),
    (8000, 400, None),
    (20, 9, None),
    (40_000, 2_000, Some((40, 50))),
];

/// Every configuration of one law, one line per shape and algorithm: its runs with and without a
/// transfer cost, with and without a trajectory where it is small, and MD's suspend variant.
fn runs_of<D: Distribution<f64>>(law_name: &str, law: &D, cost: f64, seed: &mut u64, out: &mut Vec<(String, String)>) {
    for &(n, p, torus) in &SHAPES {
        for alg in Algorithm::ALL {
            let mut d = Digest::new();
            let mut totals = [0u64; 3];
            let suspend: &[bool] = if alg == Algorithm::Md { &[false, true] } else { &[false] };
            for &suspend in suspend {
                for c in [0.0, cost] {
                    for record in [false, true] {
                        if record && n * p as u64 > 200_000 {
                            continue;
                        }
                        *seed += 1;
                        let mut cfg = SimConfig::new(n, p as u64, alg);
                        cfg.torus = torus.map(|(r, c)| Torus::new(r, c).unwrap());
                        cfg.md_suspend = suspend;
                        cfg.transfer_cost = c;
                        cfg.record_trajectory = record;
                        let r = simulate(law, &cfg, &mut stream(*seed, 3)).unwrap();
                        digest(&mut d, &r);
                        totals[0] += r.steps;
                        totals[1] += r.moved;
                        totals[2] += r.polls;
                    }
                }
            }
            let name = format!("{law_name} n = {n}, p = {p}, {}", alg.name());
            out.push((name, format!("{:016x} {} {} {}", d.0, totals[0], totals[1], totals[2])));
        }
    }
}

/// Every configuration the committed table covers, in its order.
fn runs() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut seed = 0;
    runs_of("wild", &Law::gamma_mean_sd(488.1, 116.6).unwrap(), 50.0, &mut seed, &mut out);
    runs_of("mutant", &Law::gamma_mean_sd(152.0, 191.1).unwrap(), 20.0, &mut seed, &mut out);
    runs_of("exp", &Exp::new(1.0).unwrap(), 0.1, &mut seed, &mut out);
    runs_of("whole", &Whole, 0.5, &mut seed, &mut out);
    out
}

/// Digest of every compute time, finish time and step, then steps, tasks moved and polls, summed
/// over the line's runs; computed by the replaced implementation.
#[rustfmt::skip]
const EXPECTED: &[&str] = &[
    "4a7d8ee8aac7591a 0 0 0", // wild n = 1000, p = 25, Static
    "16570181d538d5cb 83 119 0", // wild n = 1000, p = 25, MD
    "fdba7b1521349eab 33 109 0", // wild n = 1000, p = 25, AR
    "1a9f4ff7a99db626 80 93 307", // wild n = 1000, p = 25, RP
    "ec76c8b9547b8255 49 89 0", // wild n = 1000, p = 25, NR
    "9400209cfecb204a 0 0 0", // wild n = 1003, p = 16, Static
    "e3e3e2ebe6d2bddb 64 105 0", // wild n = 1003, p = 16, MD
    "eb40ef4190093c08 35 102 0", // wild n = 1003, p = 16, AR
    "e85fc0dea1225849 69 90 283", // wild n = 1003, p = 16, RP
    "84f38ff63b7f5f58 44 92 0", // wild n = 1003, p = 16, NR
    "6ec5d99afb63ce3d 0 0 0", // wild n = 7, p = 16, Static
    "7090d4a2a714fca0 0 0 0", // wild n = 7, p = 16, MD
    "2a602655ff74bfe3 0 0 0", // wild n = 7, p = 16, AR
    "95559ab8e9f216f7 0 0 0", // wild n = 7, p = 16, RP
    "0cbfacf548980740 0 0 0", // wild n = 7, p = 16, NR
    "f78bec7c31ec3c52 0 0 0", // wild n = 3000, p = 12, Static
    "9ffbb9d503ddca1b 59 159 0", // wild n = 3000, p = 12, MD
    "710db548967de471 24 104 0", // wild n = 3000, p = 12, AR
    "6416b144905af0d6 65 122 235", // wild n = 3000, p = 12, RP
    "21c226228af4357b 36 98 0", // wild n = 3000, p = 12, NR
    "13dbbcbe47854125 0 0 0", // wild n = 8000, p = 400, Static
    "eb04bf9311bbeb5f 514 614 0", // wild n = 8000, p = 400, MD
    "a684daa2265c0e5b 343 1201 0", // wild n = 8000, p = 400, AR
    "f86bcfcea001b11c 495 529 4919", // wild n = 8000, p = 400, RP
    "831de16dd826ebe7 381 580 0", // wild n = 8000, p = 400, NR
    "42046c1219f2f91a 0 0 0", // wild n = 20, p = 9, Static
    "ff75d6a2fdba2b18 8 8 0", // wild n = 20, p = 9, MD
    "3c3082d607fce445 11 19 0", // wild n = 20, p = 9, AR
    "8f2f4cd51cc297b4 6 6 28", // wild n = 20, p = 9, RP
    "3f2154e68d03698c 11 15 0", // wild n = 20, p = 9, NR
    "c29f113ec0df958a 0 0 0", // wild n = 40000, p = 2000, Static
    "bb7b2b61d8ce52f8 2577 3092 0", // wild n = 40000, p = 2000, MD
    "8087468b7186519e 1563 5418 0", // wild n = 40000, p = 2000, AR
    "fdaa018abe40e51a 2425 2560 40431", // wild n = 40000, p = 2000, RP
    "84c6ca0119cc0a39 1733 2689 0", // wild n = 40000, p = 2000, NR
    "479338d0742fc11a 0 0 0", // mutant n = 1000, p = 25, Static
    "00c1f3160a6a3884 239 847 0", // mutant n = 1000, p = 25, MD
    "1f447b032318bcdc 76 648 0", // mutant n = 1000, p = 25, AR
    "43d231a6f53111d6 243 588 638", // mutant n = 1000, p = 25, RP
    "8f220dfe571b26e8 137 628 0", // mutant n = 1000, p = 25, NR
    "32aa737becf0daf9 0 0 0", // mutant n = 1003, p = 16, Static
    "7fc40e42f7b484d7 151 645 0", // mutant n = 1003, p = 16, MD
    "619cf0f1a1c31cfc 58 483 0", // mutant n = 1003, p = 16, AR
    "9bd0b9b78d970e15 176 467 419", // mutant n = 1003, p = 16, RP
    "3cb325e297cff682 106 518 0", // mutant n = 1003, p = 16, NR
    "705eb30402988b37 0 0 0", // mutant n = 7, p = 16, Static
    "3d12085a5c79f81e 0 0 0", // mutant n = 7, p = 16, MD
    "8732e92f55efdfe3 0 0 0", // mutant n = 7, p = 16, AR
    "61a44cc336188b5e 0 0 0", // mutant n = 7, p = 16, RP
    "5a4c2c68df2812dd 0 0 0", // mutant n = 7, p = 16, NR
    "b5fcb3347d742334 0 0 0", // mutant n = 3000, p = 12, Static
    "6791f8754813d8ae 146 1029 0", // mutant n = 3000, p = 12, MD
    "012b942314e3679d 40 625 0", // mutant n = 3000, p = 12, AR
    "d979ab4d6e688f03 153 800 291", // mutant n = 3000, p = 12, RP
    "65ba396a00af9b10 59 575 0", // mutant n = 3000, p = 12, NR
    "aa4636360e172fd8 0 0 0", // mutant n = 8000, p = 400, Static
    "548c17916ba00b0c 1659 4202 0", // mutant n = 8000, p = 400, MD
    "040734652a1b23e3 479 5961 0", // mutant n = 8000, p = 400, AR
    "75d1a5c7b54536ff 1656 3264 9098", // mutant n = 8000, p = 400, RP
    "95f06d814aca11ec 1085 3260 0", // mutant n = 8000, p = 400, NR
    "34965801d8cad923 0 0 0", // mutant n = 20, p = 9, Static
    "4ff1337be001b256 28 28 0", // mutant n = 20, p = 9, MD
    "3105e0f1fe305417 20 29 0", // mutant n = 20, p = 9, AR
    "ebe4dcb9c2e5001c 23 23 104", // mutant n = 20, p = 9, RP
    "ca125d37d7e52b52 17 23 0", // mutant n = 20, p = 9, NR
    "fdc7089d885e89dd 0 0 0", // mutant n = 40000, p = 2000, Static
    "5427727198b0d2cf 8347 21302 0", // mutant n = 40000, p = 2000, MD
    "48ced15550b97339 2171 33339 0", // mutant n = 40000, p = 2000, AR
    "94a006ef0be5e6c8 8221 15751 47012", // mutant n = 40000, p = 2000, RP
    "2b2f9a8019c64d2f 5333 16340 0", // mutant n = 40000, p = 2000, NR
    "66900023bf0d34f4 0 0 0", // exp n = 1000, p = 25, Static
    "e114cdd82fefbf01 200 612 0", // exp n = 1000, p = 25, MD
    "2a8e69df05731d9c 75 554 0", // exp n = 1000, p = 25, AR
    "ebd0b9e5cdbd56d3 195 411 585", // exp n = 1000, p = 25, RP
    "71b48b1d17a7c894 122 430 0", // exp n = 1000, p = 25, NR
    "61f1f762ba9bec71 0 0 0", // exp n = 1003, p = 16, Static
    "76a11ea1a27dc549 136 517 0", // exp n = 1003, p = 16, MD
    "1a3734f59cb3ab1d 53 390 0", // exp n = 1003, p = 16, AR
    "451bf4de9b67ca9f 143 322 404", // exp n = 1003, p = 16, RP
    "c7c6a99d099e2471 69 296 0", // exp n = 1003, p = 16, NR
    "6da237d6b224cc00 0 0 0", // exp n = 7, p = 16, Static
    "00ccd5ba5b75dc87 0 0 0", // exp n = 7, p = 16, MD
    "bbe3badd2113728a 0 0 0", // exp n = 7, p = 16, AR
    "cb8a90e0503f387e 0 0 0", // exp n = 7, p = 16, RP
    "724087f8101e65b4 0 0 0", // exp n = 7, p = 16, NR
    "0fbdda6667b96554 0 0 0", // exp n = 3000, p = 12, Static
    "a779ea7272f436fd 122 718 0", // exp n = 3000, p = 12, MD
    "60cbf141d3de7579 47 455 0", // exp n = 3000, p = 12, AR
    "c2ebf7ee3bb36ee4 137 542 379", // exp n = 3000, p = 12, RP
    "c021f0d9b04998f0 69 597 0", // exp n = 3000, p = 12, NR
    "8cfbfe7b3f324053 0 0 0", // exp n = 8000, p = 400, Static
    "e791c98fe8d1360c 1391 3234 0", // exp n = 8000, p = 400, MD
    "4a9754c91d6d91a5 441 4615 0", // exp n = 8000, p = 400, AR
    "508dfc5e306f95a9 1463 2561 8870", // exp n = 8000, p = 400, RP
    "08abc7bc14d7dd87 857 2464 0", // exp n = 8000, p = 400, NR
    "443dd881b33c02d2 0 0 0", // exp n = 20, p = 9, Static
    "8036f02dac436657 23 23 0", // exp n = 20, p = 9, MD
    "cb61511037aaf0c6 14 22 0", // exp n = 20, p = 9, AR
    "30bdf0bf4bbf6f6b 20 20 67", // exp n = 20, p = 9, RP
    "8da58a69215b9b91 20 25 0", // exp n = 20, p = 9, NR
    "be116871c4d9c1ae 0 0 0", // exp n = 40000, p = 2000, Static
    "c1d2661c611369b8 6954 16216 0", // exp n = 40000, p = 2000, MD
    "0a2217f0cbf657e8 2066 25865 0", // exp n = 40000, p = 2000, AR
    "9de2adc7ec4d579f 7268 12913 60307", // exp n = 40000, p = 2000, RP
    "62d1b693d49c1e6f 4410 12484 0", // exp n = 40000, p = 2000, NR
    "36904eb662f98315 0 0 0", // whole n = 1000, p = 25, Static
    "47917b2c7b9ec0b9 104 198 0", // whole n = 1000, p = 25, MD
    "c6cf459e4fd85083 16 148 0", // whole n = 1000, p = 25, AR
    "c237f88e9710f760 128 188 465", // whole n = 1000, p = 25, RP
    "459cd81558b4fd3d 52 133 0", // whole n = 1000, p = 25, NR
    "60cd3656f2f32975 0 0 0", // whole n = 1003, p = 16, Static
    "b976c2e9f9ccdf21 73 152 0", // whole n = 1003, p = 16, MD
    "cbb14d5d724e4470 14 128 0", // whole n = 1003, p = 16, AR
    "cd76f484cdbfe5b8 74 120 260", // whole n = 1003, p = 16, RP
    "2eb6b99db13babbf 35 108 0", // whole n = 1003, p = 16, NR
    "04cde9b1f32e0b95 0 0 0", // whole n = 7, p = 16, Static
    "74c7fbac59c1a16d 0 0 0", // whole n = 7, p = 16, MD
    "ddfeafbc39876e95 0 0 0", // whole n = 7, p = 16, AR
    "bb5c4f13cb8ef995 0 0 0", // whole n = 7, p = 16, RP
    "0e4f1c38963315d5 0 0 0", // whole n = 7, p = 16, NR
    "6ebb93b890164625 0 0 0", // whole n = 3000, p = 12, Static
    "75553ea908cc5942 72 260 0", // whole n = 3000, p = 12, MD
    "32038c1e11433167 14 122 0", // whole n = 3000, p = 12, AR
    "dc26725bb8552c9b 98 257 243", // whole n = 3000, p = 12, RP
    "8d3e760214977328 31 144 0", // whole n = 3000, p = 12, NR
    "2157b116ed68a963 0 0 0", // whole n = 8000, p = 400, Static
    "bcf27b96b365c6c9 657 1006 0", // whole n = 8000, p = 400, MD
    "9a707ae296f9d041 11 1155 0", // whole n = 8000, p = 400, AR
    "fcac2a4edc18fa86 666 826 6029", // whole n = 8000, p = 400, RP
    "99d3356d4ece7942 389 784 0", // whole n = 8000, p = 400, NR
    "5e957f3f755b2bd5 0 0 0", // whole n = 20, p = 9, Static
    "7b846bf1a09f89b9 6 6 0", // whole n = 20, p = 9, MD
    "42ffb0b7c744fd56 5 9 0", // whole n = 20, p = 9, AR
    "d90d7e40383d3e95 6 6 45", // whole n = 20, p = 9, RP
    "a5ebb5fb8988d9f8 8 11 0", // whole n = 20, p = 9, NR
    "c88a2874322706cd 0 0 0", // whole n = 40000, p = 2000, Static
    "82c8153258adb801 3302 5167 0", // whole n = 40000, p = 2000, MD
    "791a78900a487c50 12 6553 0", // whole n = 40000, p = 2000, AR
    "12e56fb4190b43fa 3286 4051 55667", // whole n = 40000, p = 2000, RP
    "39568ac4a5a23e5e 2031 4008 0", // whole n = 40000, p = 2000, NR
];

#[test]
fn runs_are_bit_identical_to_the_committed_table() {
    let got = runs();
    let table: String = got.iter().map(|(name, d)| format!("    \"{d}\", // {name}\n")).collect();
    assert_eq!(got.len(), EXPECTED.len(), "table:\n{table}");
    for ((name, d), e) in got.iter().zip(EXPECTED) {
        assert_eq!(d, e, "{name}");
    }
}

/// `monte_carlo_metrics` collected every replication's outcome before estimating: 10⁹ runs of a
/// small ensemble (minutes of work) asked for about 100 GB up front and aborted. It now runs on
/// the harness's windowed estimate (`MonteCarlo::try_estimate_vec`, memory bounded by its
/// window); the estimates are the mean and standard error of every run's metrics collected
/// first, up to the rounding of merging chunk accumulators instead of one sequential pass
/// (measured 1.3e-14 relative at most here).
#[test]
fn monte_carlo_metrics_stream_their_runs() {
    use loadbal::ensemble::{MetricsEstimate, monte_carlo_metrics};
    use loadbal::montecarlo::{Estimate, MonteCarlo};
    let law = Law::exponential(2.0).unwrap();
    let cfg = SimConfig::new(6, 3, Algorithm::Md);
    let mc = MonteCarlo::new(7, 150_000).unwrap();
    let got = monte_carlo_metrics(&law, &cfg, &mc).unwrap();
    let runs = mc.replicate(|_, rng| simulate(&law, &cfg, rng).unwrap().metric_components());
    let column = |c: usize| Estimate::from_samples(&runs.iter().map(|r| r[c]).collect::<Vec<_>>()).unwrap();
    let want: Vec<Estimate> = (0..MetricsEstimate::COMPONENTS).map(column).collect();
    let want = MetricsEstimate::from_estimates(&want).unwrap();
    let close = |a: Estimate, b: Estimate| {
        a.n == b.n
            && (a.mean - b.mean).abs() <= 1e-13 * b.mean.abs()
            && (a.std_err - b.std_err).abs() <= 1e-13 * b.std_err
    };
    let pairs = [
        (got.avg, want.avg),
        (got.max, want.max),
        (got.min, want.min),
        (got.rav, want.rav),
        (got.max_idle, want.max_idle),
        (got.avg_idle, want.avg_idle),
        (got.pct_idle, want.pct_idle),
        (got.wall_clock, want.wall_clock),
        (got.steps, want.steps),
        (got.variance, want.variance),
    ];
    for (a, b) in pairs {
        assert!(close(a, b), "{a:?} vs {b:?}");
    }
    assert_eq!(got.max.n, 150_000);
}

/// `Torus`'s fields are public: a torus built without `Torus::new` whose rows · cols overflows
/// made `len()` panic (debug) or wrap around to a small count (release), which a simulation of
/// that many processors then accepted, and `group` computed neighbours past the end. `len`
/// saturates, `group` has no group there, and the simulation refuses the torus.
#[test]
fn oversized_hand_built_tori_are_refused_not_wrapped() {
    let t = Torus { rows: (1 << (usize::BITS - 1)) + 1, cols: 2 };
    assert_eq!(t.len(), usize::MAX);
    assert_eq!(t.group(0), None);
    let cfg = SimConfig { torus: Some(t), ..SimConfig::new(10, 2, Algorithm::Nr) };
    let e = simulate(&Law::deterministic(1.0).unwrap(), &cfg, &mut stream(1, 0)).unwrap_err();
    assert!(matches!(e, loadbal::ensemble::EnsembleError::LengthMismatch { what: "torus", .. }), "{e:?}");
    // a torus from its constructor is unchanged
    assert_eq!(Torus::new(3, 3).unwrap().group(4), Some(vec![4, 1, 7, 3, 5]));
}
