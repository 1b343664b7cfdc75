//! Speed of the JR models of Dobber: the generic evaluator, the exact model (5.4) by Monte
//! Carlo, and DES predictions on a 2,000-point trace.

use criterion::{Criterion, criterion_group, criterion_main};
use loadbal::law::Law;
use loadbal::montecarlo::MonteCarlo;
use loadbal::montecarlo::stream;
use loadbal::replication::DesConfig;
use loadbal::replication::PredictorKind;
use loadbal::replication::{self, JrModel, speedup};
use loadbal::replication::{Dependence, ExactModel};
use loadbal::replication::{SyntheticTraceConfig, synthetic_trace};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let m13b = JrModel::DependentMeasuredBeta.planetlab_params();
    c.bench_function("speedup model 1.3b R=8 P=128", |b| b.iter(|| speedup(black_box(0.8), 8, 128, &m13b).unwrap()));
    let m11 = JrModel::DependentUnitBeta.planetlab_params();
    c.bench_function("optimal_replicas model 1.1 P=2^20", |b| {
        b.iter(|| replication::optimal_replicas(black_box(0.95), 1 << 20, &m11).unwrap())
    });
    let exp_model = ExactModel::new(Law::exponential(1.0).unwrap(), Dependence::Independent).unwrap();
    let mut rng = stream(1, 0);
    c.bench_function("exact (5.4) sample P=64 R=8 (512 job draws)", |b| {
        b.iter(|| exp_model.sample_iteration_time(&mut rng, black_box(8), 64).unwrap())
    });
    // Only the requested R: R = 8 (and the R = 1 baseline) on P = 64, against every R = 1..64.
    let model = ExactModel::new(Law::exponential(1.0).unwrap(), Dependence::Independent).unwrap();
    let mc = MonteCarlo::new(1, 200).unwrap();
    c.bench_function("exact run P=64 R=8 only, 200 reps", |b| b.iter(|| model.run(black_box(&[8]), 64, &mc).unwrap()));
    c.bench_function("exact run P=64 every R, 200 reps", |b| {
        b.iter(|| model.run(black_box(&[1, 2, 4, 8, 16, 32, 64]), 64, &mc).unwrap())
    });
    let y = synthetic_trace(&SyntheticTraceConfig { processors: 1, len: 2000, ..Default::default() }).unwrap();
    let des = PredictorKind::Des(DesConfig::default());
    c.bench_function("DES 2000-point trace", |b| b.iter(|| des.predict_series(black_box(&y.columns()[0])).unwrap()));
}

criterion_group!(benches, bench);
criterion_main!(benches);
