//! Accuracy of the queueing formulas against committed 50-digit references
//! (`scripts/references/queueing.py`, mpmath; tables in `tests/data/reference/queueing_*.csv`).
//! Each test checks the bound documented in the function's `# Accuracy` section and prints the
//! worst relative error it measured.

use crate::reference_support;

use loadbal::queueing::{JacksonNetwork, ServiceMoments, Station, StationMetrics, erlang_b, erlang_c};
use nalgebra::DMatrix;
use reference_support::{Record, load, rel_err};

/// Worst relative error over the rows, with the row that attains it.
#[derive(Default)]
struct Worst {
    err: f64,
    at: String,
}

impl Worst {
    fn update(&mut self, got: f64, want: f64, what: &str, row: &Record) {
        // Values the references give as tiny are below the documented range (underflow).
        if want.abs() < 1e-290 && got.abs() < 1e-290 {
            return;
        }
        let e = rel_err(got, want);
        assert!(e.is_finite(), "line {}: {what} = {got}, reference {want}", row.line);
        if e > self.err {
            self.err = e;
            self.at = format!("line {} {what}: got {got:e}, reference {want:e}", row.line);
        }
    }

    /// Errors scaled by the documented growth `max(1, |ln value|/200)` for tiny values.
    fn update_scaled(&mut self, got: f64, want: f64, what: &str, row: &Record) {
        let scale = (want.abs().ln().abs() / 200.0).max(1.0);
        self.update(want + (got - want) / scale, want, what, row);
    }

    fn check(&self, name: &str, bound: f64) {
        println!("{name}: worst relative error {:.2e} ({})", self.err, self.at);
        assert!(self.err <= bound, "{name}: {:.3e} > {bound:e} at {}", self.err, self.at);
    }
}

#[test]
fn erlang_b_and_c_to_a_trillion_servers() {
    let (mut b, mut c) = (Worst::default(), Worst::default());
    for row in load("queueing_erlang") {
        let (servers, a) = (row.u64("c"), row.f64("a"));
        b.update_scaled(erlang_b(a, servers).unwrap(), row.f64("b"), &format!("B(c = {servers}, a = {a})"), &row);
        let want_c = row.f64("c_prob");
        if a < servers as f64 {
            c.update_scaled(erlang_c(a, servers).unwrap(), want_c, &format!("C(c = {servers}, a = {a})"), &row);
        }
    }
    b.check("erlang_b (relative error / max(1, |ln B|/200))", 1e-13);
    c.check("erlang_c (relative error / max(1, |ln C|/200))", 1e-13);
}

fn station_fields(m: &StationMetrics) -> [(&'static str, f64); 5] {
    [("p_wait", m.p_wait), ("wq", m.wq), ("lq", m.lq), ("w", m.w), ("l", m.l)]
}

#[test]
fn mmc_near_saturation() {
    let mut worst = Worst::default();
    let mut regression = Worst::default();
    for row in load("queueing_mmc") {
        let (lambda, mu, c) = (row.f64("lambda"), row.f64("mu"), row.u64("c"));
        let m = Station::mmc(lambda, mu, c).map(|s| s.metrics()).unwrap();
        for (name, got) in station_fields(&m) {
            let what = format!("{name}(λ = {lambda}, μ = {mu}, c = {c})");
            worst.update_scaled(got, row.f64(name), &what, &row);
            // Issue 14's row: μ = 0.37 at ρ = 1 − 1e-12 (a plain c·μ − λ lost 6e-5 in W_q).
            if mu == 0.37 && 1.0 - lambda / (c as f64 * mu) < 2e-12 {
                regression.update(got, row.f64(name), &what, &row);
            }
        }
    }
    worst.check("mmc (relative error / max(1, |ln x|/200))", 1e-13);
    regression.check("mmc, μ = 0.37, ρ = 1 − 1e-12 (regression)", 1e-12);
}

#[test]
fn mmck_closed_forms_to_k_of_a_trillion() {
    let mut worst = Worst::default();
    let mut regression = Worst::default();
    for row in load("queueing_mmck") {
        let (lambda, mu, c, k) = (row.f64("lambda"), row.f64("mu"), row.u64("c"), row.u64("k"));
        let m = Station::mmck(lambda, mu, c, k).map(|s| s.metrics()).unwrap();
        for (name, got) in [
            ("p_block", m.p_block),
            ("throughput", m.throughput),
            ("p_wait", m.p_wait),
            ("l", m.l),
            ("lq", m.lq),
            ("w", m.w),
            ("wq", m.wq),
        ] {
            let what = format!("{name}(λ = {lambda}, μ = {mu}, c = {c}, K = {k})");
            worst.update_scaled(got, row.f64(name), &what, &row);
            // Issue 14's row: c = 1000, K = 10⁵, ρ = 0.999999 (a running sum lost 2.4e-9).
            if c == 1000 && k == 100_000 && (lambda / (1000.0 * mu) - 0.999999).abs() < 1e-12 {
                regression.update(got, row.f64(name), &what, &row);
            }
        }
    }
    worst.check("mmck (relative error / max(1, |ln x|/200))", 1e-13);
    assert!(regression.err > 0.0 || !regression.at.is_empty(), "regression rows present");
    regression.check("mmck, c = 1000, K = 1e5, ρ = 0.999999 (regression)", 1e-12);
}

#[test]
fn mm1k_alone_against_its_own_closed_form() {
    // Independent of the M/M/c/K reference: the textbook M/M/1/K form p_n ∝ ρⁿ at 80 digits,
    // ρ from 0.1 to 20 including 1 ± 1e-12, K from 1 to 10¹².
    let mut worst = Worst::default();
    let mut rows = 0;
    for row in load("queueing_mm1k") {
        let (lambda, mu, k) = (row.f64("lambda"), row.f64("mu"), row.u64("k"));
        let m = Station::mm1k(lambda, mu, k).map(|s| s.metrics()).unwrap_or_else(|e| panic!("line {}: {e}", row.line));
        rows += 1;
        for (name, got) in [
            ("p_block", m.p_block),
            ("throughput", m.throughput),
            ("p_wait", m.p_wait),
            ("l", m.l),
            ("lq", m.lq),
            ("w", m.w),
            ("wq", m.wq),
        ] {
            let what = format!("{name}(λ = {lambda}, μ = {mu}, K = {k})");
            worst.update_scaled(got, row.f64(name), &what, &row);
        }
    }
    assert_eq!(rows, 168, "rows of queueing_mm1k.csv");
    worst.check("mm1k (relative error / max(1, |ln x|/200))", 1e-13);
}

#[test]
fn mg1_and_vacations_near_saturation() {
    let mut worst = Worst::default();
    for row in load("queueing_mg1") {
        let lambda = row.f64("lambda");
        let s = ServiceMoments::new(row.f64("mean"), row.f64("second_moment")).unwrap();
        let m = if row.f64("vacation_mean") > 0.0 {
            let v = ServiceMoments::new(row.f64("vacation_mean"), row.f64("vacation_second")).unwrap();
            Station::mg1_vacation(lambda, &s, &v).map(|s| s.metrics()).unwrap()
        } else {
            Station::mg1(lambda, &s).map(|s| s.metrics()).unwrap()
        };
        worst.update(m.wq, row.f64("wq"), &format!("wq(λ = {lambda})"), &row);
        worst.update(m.l, row.f64("l"), &format!("l(λ = {lambda})"), &row);
    }
    worst.check("mg1", 1e-14);
}

fn list<T: std::str::FromStr>(s: &str) -> Vec<T> {
    s.split(';').map(|x| x.parse().ok().expect("a number")).collect()
}

#[test]
fn jackson_networks() {
    let mut worst = Worst::default();
    for row in load("queueing_jackson") {
        let gamma: Vec<f64> = list(row.str("gamma"));
        let n = gamma.len();
        let p: Vec<f64> =
            row.str("routing").split(';').flat_map(|r| r.split(' ').map(|x| x.parse::<f64>().unwrap())).collect();
        let net =
            JacksonNetwork::new(gamma, list(row.str("mu")), list(row.str("c")), DMatrix::from_row_slice(n, n, &p))
                .unwrap();
        let s = net.solve().unwrap();
        let i = row.u64("node") as usize;
        let what = format!("{} node {i}", row.str("network"));
        worst.update(s.lambda[i], row.f64("lambda"), &format!("lambda {what}"), &row);
        worst.update(s.nodes[i].l, row.f64("l"), &format!("l {what}"), &row);
        worst.update(s.nodes[i].wq, row.f64("wq"), &format!("wq {what}"), &row);
    }
    worst.check("jackson", 1e-12);
}
