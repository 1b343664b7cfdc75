//! Erlang B/C and M/M/c/K in constant time whatever c and K (recursion, Temme expansion, light
//! and heavy load series; buffers up to 10¹²), and simulated customers per second (Lindley
//! recursion, multi-server event queue, DSS regions).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use loadbal::law::Law;
use loadbal::montecarlo::stream;
use loadbal::queueing::{DssSim, RegionNetwork, Station, StationSim, erlang_b, erlang_c};
use std::hint::black_box;

fn formulas(c: &mut Criterion) {
    c.bench_function("erlang_b c=200 (recursion)", |b| b.iter(|| erlang_b(black_box(190.0), black_box(200))));
    c.bench_function("erlang_c c=1e4 rho=0.99 (Temme)", |b| b.iter(|| erlang_c(black_box(9_900.0), black_box(10_000))));
    c.bench_function("erlang_b c=1e12 rho=0.5 (light load)", |b| {
        b.iter(|| erlang_b(black_box(5e11), black_box(1_000_000_000_000)))
    });
    c.bench_function("erlang_b c=1e12 rho=2 (heavy load)", |b| {
        b.iter(|| erlang_b(black_box(2e12), black_box(1_000_000_000_000)))
    });
    c.bench_function("mmc c=1e12 rho=1-1e-12", |b| {
        b.iter(|| {
            Station::mmc(black_box(0.37e12 * (1.0 - 1e-12)), black_box(0.37), black_box(1_000_000_000_000))
                .map(|s| s.metrics())
        })
    });
    c.bench_function("mmck c=100 K=1e4", |b| {
        b.iter(|| Station::mmck(black_box(95.0), 1.0, black_box(100), black_box(10_000)).map(|s| s.metrics()))
    });
    c.bench_function("mmck c=1000 K=1e12", |b| {
        b.iter(|| {
            Station::mmck(black_box(999.999), 1.0, black_box(1000), black_box(1_000_000_000_000)).map(|s| s.metrics())
        })
    });
}

fn simulation(c: &mut Criterion) {
    const N: u64 = 100_000;
    let mut g = c.benchmark_group("simulated customers");
    g.throughput(Throughput::Elements(N));
    let lindley = StationSim::new(0.9, Law::exponential(1.0).unwrap()).customers(N, 0);
    g.bench_function("lindley M/M/1", |b| b.iter(|| lindley.run(&mut stream(1, 0))));
    let multi = StationSim::new(9.0, Law::exponential(1.0).unwrap()).servers(10).customers(N, 0);
    g.bench_function("event queue M/M/10", |b| b.iter(|| multi.run(&mut stream(1, 0))));
    g.finish();
    let net = RegionNetwork::symmetric_three(3.0, 2.0, 1.8, 1.65).expect("Table 5.1 is valid");
    // About 0.3 arrivals per time unit in total: 10⁵ time units ≈ 3·10⁴ loads.
    let dss = DssSim::new(vec![0.1; 3], 100_000.0, 0.0);
    let mut g = c.benchmark_group("dss");
    g.throughput(Throughput::Elements(30_000));
    g.bench_function("dss 3 regions, 3e4 loads", |b| b.iter(|| dss.run(&net, &mut stream(1, 0))));
    g.finish();
}

criterion_group!(benches, formulas, simulation);
criterion_main!(benches);
