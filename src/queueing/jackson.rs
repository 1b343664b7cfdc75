//! Open Jackson networks: traffic equations, per-node stability, product-form means, and a
//! continuous-time Markov chain simulation.

use super::{QueueingError, StationMetrics, mmc, non_negative, positive};
use crate::montecarlo::{Estimate, MonteCarlo};
use nalgebra::{DMatrix, DVector};
use rand::Rng;
use rand_distr::{Distribution, Exp};

/// An open Jackson network: node i receives external Poisson arrivals at rate γ_i, has
/// `servers[i]` exponential servers of rate μ_i, and routes a departing customer to node j with
/// probability `routing[(i, j)]` (leaving with the remaining probability).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct JacksonNetwork {
    external: Vec<f64>,
    service_rates: Vec<f64>,
    servers: Vec<usize>,
    routing: DMatrix<f64>,
}

/// The solution of a Jackson network.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct JacksonSolution {
    /// Total arrival rate λ_i of each node (solution of the traffic equations).
    pub arrival_rates: Vec<f64>,
    /// Each node as an independent M/M/c_i station (product form).
    pub nodes: Vec<StationMetrics>,
    /// Mean number of customers in the network, Σ L_i.
    pub total_in_system: f64,
    /// Network throughput Σ γ_i.
    pub throughput: f64,
    /// Mean time a customer spends in the network, Σ L_i / Σ γ_i (Little).
    pub mean_sojourn: f64,
}

impl JacksonNetwork {
    /// Builds and validates a network.
    ///
    /// # Errors
    /// [`QueueingError::Empty`] for no node, [`QueueingError::DimensionMismatch`] for vectors or a
    /// matrix of the wrong size, [`QueueingError::NegativeValue`] for a negative γ_i,
    /// [`QueueingError::InvalidRate`] for a bad μ_i, [`QueueingError::NoServers`], and
    /// [`QueueingError::InvalidRouting`] for a row with a negative entry or a sum above 1.
    pub fn new(
        external: Vec<f64>,
        service_rates: Vec<f64>,
        servers: Vec<usize>,
        routing: DMatrix<f64>,
    ) -> Result<Self, QueueingError> {
        let n = external.len();
        if n == 0 {
            return Err(QueueingError::Empty { what: "network nodes" });
        }
        for (what, got) in [("service rates", service_rates.len()), ("servers", servers.len())] {
            if got != n {
                return Err(QueueingError::DimensionMismatch { what, got, expected: n });
            }
        }
        if routing.nrows() != n || routing.ncols() != n {
            return Err(QueueingError::DimensionMismatch { what: "routing matrix", got: routing.nrows(), expected: n });
        }
        for i in 0..n {
            non_negative("external arrival rate", external[i])?;
            positive("service rate", service_rates[i])?;
            if servers[i] == 0 {
                return Err(QueueingError::NoServers { servers: 0 });
            }
            let row = routing.row(i);
            let sum: f64 = row.iter().sum();
            if row.iter().any(|p| !(p.is_finite() && *p >= 0.0)) || sum.is_nan() || sum > 1.0 + 1e-12 {
                return Err(QueueingError::InvalidRouting { row: i, sum });
            }
        }
        if external.iter().all(|&g| g == 0.0) {
            return Err(QueueingError::Empty { what: "external arrivals (all zero)" });
        }
        Ok(JacksonNetwork { external, service_rates, servers, routing })
    }

    /// Solves the traffic equations and checks every node's stability.
    ///
    /// # Formula
    /// ```text
    /// λ = γ + Pᵀ·λ   ⇔   (I − Pᵀ)·λ = γ,   ρ_i = λ_i/(c_i·μ_i) < 1 for every node,
    /// node i ~ M/M/c_i with arrival rate λ_i (Jackson's theorem),
    /// L = Σ L_i,   W = L/Σγ_i
    /// ```
    ///
    /// # Errors
    /// [`QueueingError::SingularRouting`] when `I − Pᵀ` is singular or gives a negative rate
    /// (customers trapped in a closed loop); [`QueueingError::Unstable`] with the first
    /// offending node's `rho`.
    ///
    /// # Examples
    /// ```
    /// use loadbal::queueing::JacksonNetwork;
    /// use nalgebra::DMatrix;
    /// // Tandem with feedback: node 0 → node 1, node 1 returns half its customers to node 0.
    /// let p = DMatrix::from_row_slice(2, 2, &[0.0, 1.0, 0.5, 0.0]);
    /// let net = JacksonNetwork::new(vec![1.0, 0.0], vec![4.0, 3.0], vec![1, 1], p).unwrap();
    /// let s = net.solve().unwrap();
    /// assert!((s.arrival_rates[0] - 2.0).abs() < 1e-12); // λ_0 = 1 + λ_1/2, λ_1 = λ_0
    /// // L = 0.5/0.5 + (2/3)/(1/3) = 3, W = 3/1
    /// assert!((s.total_in_system - 3.0).abs() < 1e-12);
    /// ```
    pub fn solve(&self) -> Result<JacksonSolution, QueueingError> {
        let n = self.external.len();
        let a = DMatrix::<f64>::identity(n, n) - self.routing.transpose();
        let gamma = DVector::from_column_slice(&self.external);
        let lambda = a.lu().solve(&gamma).ok_or(QueueingError::SingularRouting)?;
        if lambda.iter().any(|l| !l.is_finite() || *l < -1e-12) {
            return Err(QueueingError::SingularRouting);
        }
        let arrival_rates: Vec<f64> = lambda.iter().map(|l| l.max(0.0)).collect();
        let mut nodes = Vec::with_capacity(n);
        for (i, &lambda_i) in arrival_rates.iter().enumerate() {
            let rho = lambda_i / (self.servers[i] as f64 * self.service_rates[i]);
            if rho >= 1.0 {
                return Err(QueueingError::Unstable { rho });
            }
            nodes.push(if lambda_i > 0.0 {
                mmc(lambda_i, self.service_rates[i], self.servers[i])?
            } else {
                let s = 1.0 / self.service_rates[i];
                StationMetrics::from_wait(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, s)
            });
        }
        let total_in_system: f64 = nodes.iter().map(|m| m.l).sum();
        let throughput: f64 = self.external.iter().sum();
        Ok(JacksonSolution {
            arrival_rates,
            nodes,
            total_in_system,
            throughput,
            mean_sojourn: total_in_system / throughput,
        })
    }

    /// One replication of the network as a continuous-time Markov chain: the time-average number
    /// of customers at each node over `[warmup, horizon]`.
    ///
    /// # Errors
    /// [`QueueingError::InvalidRate`] unless `0 ≤ warmup < horizon` with a finite horizon.
    ///
    /// # Examples
    /// The tandem with feedback of [`JacksonNetwork::solve`]: the simulated mean numbers agree
    /// with Jackson's L_i within a few standard errors.
    /// ```
    /// use loadbal::montecarlo::MonteCarlo;
    /// use loadbal::queueing::JacksonNetwork;
    /// use nalgebra::DMatrix;
    /// let p = DMatrix::from_row_slice(2, 2, &[0.0, 1.0, 0.5, 0.0]);
    /// let net = JacksonNetwork::new(vec![1.0, 0.0], vec![4.0, 3.0], vec![1, 1], p).unwrap();
    /// let exact = net.solve().unwrap();
    /// let one = net.simulate(2_000.0, 100.0, &mut loadbal::montecarlo::stream(1, 0)).unwrap();
    /// assert_eq!(one.len(), 2);
    /// let est = net.estimate(2_000.0, 100.0, &MonteCarlo::new(1, 32).unwrap()).unwrap();
    /// for i in 0..2 {
    ///     assert!(est[i].agrees_with(exact.nodes[i].l, 5.0));
    /// }
    /// ```
    pub fn simulate<R: Rng + ?Sized>(&self, horizon: f64, warmup: f64, rng: &mut R) -> Result<Vec<f64>, QueueingError> {
        positive("horizon", horizon)?;
        non_negative("warm-up", warmup)?;
        if warmup >= horizon {
            return Err(QueueingError::InvalidRate { name: "horizon − warm-up", value: horizon - warmup });
        }
        let n = self.external.len();
        let total_external: f64 = self.external.iter().sum();
        let mut count = vec![0usize; n];
        let mut area = vec![0.0; n];
        let mut t = 0.0;
        loop {
            let busy: Vec<f64> = (0..n).map(|i| self.service_rates[i] * count[i].min(self.servers[i]) as f64).collect();
            let total = total_external + busy.iter().sum::<f64>();
            let dt = Exp::new(total).map_or(f64::INFINITY, |d| d.sample(rng));
            let t_next = (t + dt).min(horizon);
            let (lo, hi) = (t.max(warmup), t_next);
            if hi > lo {
                for i in 0..n {
                    area[i] += count[i] as f64 * (hi - lo);
                }
            }
            t = t_next;
            if t >= horizon {
                break;
            }
            let u = rng.random::<f64>() * total;
            if u < total_external {
                let i = pick(self.external.iter().copied(), u)
                    .unwrap_or_else(|| self.external.iter().rposition(|&g| g > 0.0).unwrap_or(0));
                count[i] += 1;
            } else {
                let i = pick(busy.iter().copied(), u - total_external)
                    .unwrap_or_else(|| count.iter().rposition(|&c| c > 0).unwrap_or(0));
                if count[i] > 0 {
                    count[i] -= 1;
                    if let Some(j) = pick(self.routing.row(i).iter().copied(), rng.random::<f64>()) {
                        count[j] += 1;
                    }
                }
            }
        }
        Ok(area.iter().map(|a| a / (horizon - warmup)).collect())
    }

    /// Estimates of every node's mean number in system over the replications of `mc`.
    ///
    /// # Errors
    /// As [`JacksonNetwork::simulate`], and [`QueueingError::MonteCarlo`].
    pub fn estimate(&self, horizon: f64, warmup: f64, mc: &MonteCarlo) -> Result<Vec<Estimate>, QueueingError> {
        positive("horizon", horizon)?;
        if !(warmup >= 0.0 && warmup < horizon) {
            return Err(QueueingError::InvalidRate { name: "horizon − warm-up", value: horizon - warmup });
        }
        Ok(mc.estimate_vec(self.external.len(), |_, rng, out| match self.simulate(horizon, warmup, rng) {
            Ok(v) => out.copy_from_slice(&v),
            Err(_) => out.iter_mut().for_each(|x| *x = f64::NAN),
        })?)
    }
}

/// The index at which the running sum of `weights` first exceeds `u`, if any.
fn pick(weights: impl Iterator<Item = f64>, mut u: f64) -> Option<usize> {
    for (i, w) in weights.enumerate() {
        if u < w {
            return Some(i);
        }
        u -= w;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_bad_networks() {
        let p = DMatrix::from_row_slice(2, 2, &[0.0, 1.0, 1.0, 0.0]);
        let closed = JacksonNetwork::new(vec![1.0, 0.0], vec![4.0, 3.0], vec![1, 1], p).unwrap();
        assert_eq!(closed.solve(), Err(QueueingError::SingularRouting));
        let p = DMatrix::from_row_slice(2, 2, &[0.0, 0.6, 0.5, 0.6]);
        assert!(matches!(
            JacksonNetwork::new(vec![1.0, 0.0], vec![4.0, 3.0], vec![1, 1], p),
            Err(QueueingError::InvalidRouting { row: 1, .. })
        ));
        let p = DMatrix::from_row_slice(2, 2, &[0.0, 1.0, 0.5, 0.0]);
        let hot = JacksonNetwork::new(vec![1.6, 0.0], vec![4.0, 3.0], vec![1, 1], p).unwrap();
        assert!(matches!(hot.solve(), Err(QueueingError::Unstable { rho }) if rho > 1.0));
    }
}
