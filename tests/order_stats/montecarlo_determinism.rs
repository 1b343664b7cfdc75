//! The harness gives the same estimate to the last bit whatever the number of threads.

use loadbal::montecarlo::{MonteCarlo, stream};
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
