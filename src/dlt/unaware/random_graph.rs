//! Seeded random networks with the thesis's parameters (Jia, §4.2.3 and §5.5).

use rand::Rng;

use super::error::{UnawareError, positive};
use super::graph::{Edge, Graph};
use crate::dlt::DltError;

/// Speed class of the experiments of Jia, §4.2.3: the drawn value is used directly as the
/// inverse speed z or w (the literal reading of "[0.01, 3.34] for low, and [6.67, 10.0] for
/// high"; physically the "low" class is then the fast one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SpeedClass {
    /// Parameters uniform in \[0.01, 3.34\].
    Low,
    /// Parameters uniform in \[6.67, 10.0\].
    High,
}

impl SpeedClass {
    /// The range of the class: the thesis's constants as printed (exact); see
    /// [`RandomGraph::with_speed_classes`].
    pub(crate) fn range(self) -> SpeedRange {
        match self {
            SpeedClass::Low => SpeedRange { low: 0.01, high: 3.34 },
            SpeedClass::High => SpeedRange { low: 6.67, high: 10.0 },
        }
    }
}

/// The interval a [`SpeedClass`] draws its inverse speeds from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SpeedRange {
    /// Lower end.
    pub(crate) low: f64,
    /// Upper end.
    pub(crate) high: f64,
}

impl std::fmt::Display for SpeedRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}, {}]", self.low, self.high)
    }
}

/// Coupling of the experiments of Jia, §5.5: z ~ U\[0, 0.5\] (tight) or U\[1, 2\] (loose).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Coupling {
    /// z ~ U\[0, 0.5\].
    Tight,
    /// z ~ U\[1, 2\].
    Loose,
}

/// An Erdős–Rényi random network with uniform z and w, redrawn until connected.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RandomGraph {
    /// Number of nodes (≥ 1).
    pub nodes: u64,
    /// Probability of a link between each pair (0, 1\].
    pub link_probability: f64,
    /// Range of w (both ends > 0).
    pub w_range: (f64, f64),
    /// Range of z (both ends ≥ 0).
    pub z_range: (f64, f64),
    /// Draws allowed before giving up on connectivity.
    pub max_attempts: u32,
}

/// The most nodes a draw accepts: a draw visits every pair of nodes (5·10^9 pairs here).
const MAX_RANDOM_NODES: u64 = 100_000;
/// The most links a draw may keep (2²⁴, about 1.2 GB with the graph's adjacency lists): a draw
/// whose expected links `link_probability · nodes(nodes − 1)/2` exceed it is refused before it
/// starts, and one that draws more is stopped (10⁵ nodes at the default link probability 0.4
/// kept 2·10⁹ links, 48 GB, and aborted).
const MAX_RANDOM_LINKS: u64 = 1 << 24;

impl RandomGraph {
    /// The setting of Jia, §4.2.3: `nodes` nodes, link density `p_link`, link parameters
    /// from `links` and node parameters from `procs` (low: \[0.01, 3.34\], high: \[6.67, 10\]).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{RandomGraph, SpeedClass};
    /// let g = RandomGraph::with_speed_classes(10, 0.3, SpeedClass::Low, SpeedClass::High);
    /// assert_eq!((g.z_range, g.w_range), ((0.01, 3.34), (6.67, 10.0)));
    /// ```
    pub fn with_speed_classes(nodes: u64, p_link: f64, links: SpeedClass, procs: SpeedClass) -> Self {
        let (w, z) = (procs.range(), links.range());
        RandomGraph {
            nodes,
            link_probability: p_link,
            w_range: (w.low, w.high),
            z_range: (z.low, z.high),
            max_attempts: 1000,
        }
    }

    /// The setting of Jia, §5.5: link probability 0.4, w ~ U\[1, 10\], z by coupling.
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{Coupling, RandomGraph};
    /// let g = RandomGraph::with_coupling(60, Coupling::Loose);
    /// assert_eq!((g.nodes, g.link_probability, g.w_range, g.z_range), (60, 0.4, (1.0, 10.0), (1.0, 2.0)));
    /// assert_eq!(RandomGraph::with_coupling(60, Coupling::Tight).z_range, (0.0, 0.5));
    /// ```
    pub fn with_coupling(nodes: u64, coupling: Coupling) -> Self {
        let z_range = match coupling {
            Coupling::Tight => (0.0, 0.5),
            Coupling::Loose => (1.0, 2.0),
        };
        RandomGraph { nodes, link_probability: 0.4, w_range: (1.0, 10.0), z_range, max_attempts: 1000 }
    }

    /// Draws a connected graph.
    ///
    /// # Errors
    /// [`UnawareError::EmptyNetwork`] for zero nodes, [`UnawareError::InvalidParameter`] for a
    /// probability outside (0, 1\] or a bad range, [`UnawareError::NoConnectedDraw`] when
    /// `max_attempts` draws were all disconnected, [`UnawareError::Dlt`] holding
    /// [`DltError::TooLarge`] for more than 100,000 nodes (a draw
    /// visits every pair), or for more than 2²⁴ links: expected (`link_probability ·
    /// nodes(nodes − 1)/2`, refused before drawing) or drawn (the draw stops there).
    ///
    /// # Examples
    /// ```
    /// use loadbal::dlt::unaware::{Coupling, RandomGraph};
    /// use rand::SeedableRng;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let g = RandomGraph::with_coupling(20, Coupling::Tight).generate(&mut rng).unwrap();
    /// assert!(g.is_connected() && g.len() == 20);
    /// ```
    pub fn generate<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Graph, UnawareError> {
        if self.nodes == 0 {
            return Err(UnawareError::EmptyNetwork);
        }
        // Each draw visits every pair of nodes: refuse sizes whose draw would not end.
        let n = crate::dlt::error::size_at_most("nodes", self.nodes, MAX_RANDOM_NODES)?;
        let p = self.link_probability;
        if !(p > 0.0 && p <= 1.0) {
            return Err(UnawareError::InvalidParameter { name: "link_probability", value: p, expected: "in (0, 1]" });
        }
        let links_what = "expected links of a random graph (link_probability · nodes(nodes − 1)/2)";
        let expected_links = p * (n as f64) * (n as f64 - 1.0) / 2.0;
        if expected_links > MAX_RANDOM_LINKS as f64 {
            return Err(
                DltError::TooLarge { what: links_what, value: expected_links as u64, limit: MAX_RANDOM_LINKS }.into()
            );
        }
        positive("w_range.0", self.w_range.0)?;
        check_range("w_range", self.w_range)?;
        super::error::non_negative("z_range.0", self.z_range.0)?;
        check_range("z_range", self.z_range)?;
        for _ in 0..self.max_attempts {
            let w: Vec<f64> = (0..n).map(|_| uniform(rng, self.w_range)).collect();
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.random::<f64>() < p {
                        if edges.len() as u64 == MAX_RANDOM_LINKS {
                            let what = "links of a random graph";
                            return Err(DltError::TooLarge {
                                what,
                                value: MAX_RANDOM_LINKS + 1,
                                limit: MAX_RANDOM_LINKS,
                            }
                            .into());
                        }
                        edges.push(Edge { u, v, z: uniform(rng, self.z_range) });
                    }
                }
            }
            let g = Graph::new(w, edges)?;
            if g.is_connected() {
                return Ok(g);
            }
        }
        Err(UnawareError::NoConnectedDraw { attempts: self.max_attempts, nodes: self.nodes, probability: p })
    }
}

fn check_range(name: &'static str, (lo, hi): (f64, f64)) -> Result<(), UnawareError> {
    if hi.is_finite() && hi >= lo {
        Ok(())
    } else {
        Err(UnawareError::InvalidParameter { name, value: hi, expected: "upper end finite and >= lower end" })
    }
}

fn uniform<R: Rng + ?Sized>(rng: &mut R, (lo, hi): (f64, f64)) -> f64 {
    lo + (hi - lo) * rng.random::<f64>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn draws_are_seeded_connected_and_in_range() {
        let spec = RandomGraph::with_speed_classes(30, 0.3, SpeedClass::Low, SpeedClass::High);
        let a = spec.generate(&mut rand_chacha::ChaCha8Rng::seed_from_u64(5)).unwrap();
        let b = spec.generate(&mut rand_chacha::ChaCha8Rng::seed_from_u64(5)).unwrap();
        assert_eq!(a, b);
        assert!(a.is_connected());
        assert!(a.w().iter().all(|&w| (6.67..=10.0).contains(&w)));
        assert!(a.edges().iter().all(|e| (0.01..=3.34).contains(&e.z)));
    }

    #[test]
    fn rejects_impossible_requests() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut spec = RandomGraph::with_coupling(0, Coupling::Loose);
        assert_eq!(spec.generate(&mut rng), Err(UnawareError::EmptyNetwork));
        spec.nodes = 50;
        spec.link_probability = 0.0;
        assert!(matches!(spec.generate(&mut rng), Err(UnawareError::InvalidParameter { .. })));
        spec.link_probability = 1e-6;
        spec.max_attempts = 3;
        assert!(matches!(spec.generate(&mut rng), Err(UnawareError::NoConnectedDraw { attempts: 3, .. })));
    }
}
