//! The table-level test: a printed table of single draws (single simulation runs, means of the
//! paper's few runs) judged as a whole against the crate's simulation of the same experiment.
//!
//! A row-by-row comparison lets a bias shared by a whole table pass one row at a time: each row's
//! band is a few run-to-run standard deviations wide, and a table whose every cell sits two of
//! them low passes. The test here asks instead how far the printed table as a whole lies from the
//! simulated mean, counting the cells' correlation (cells computed from the same run, the same
//! networks) through the simulated null distribution:
//!
//! ```text
//! T(x) = Σ_c ((x_c − m_c)/s_c)²        m_c: simulated mean of cell c
//!                                      s_c² = var_c/runs + unit_c²/12 (spread of a printed draw, with its rounding)
//! null: B simulated tables, each block's cells the mean of `runs` draws resampled from its pool of
//!       independent simulated runs, rounded as printed;   p = (1 + #{T_null ≥ T(printed)})/(B + 1)
//! ```
//!
//! The blocks of a table are independent experiments (the paper's separate runs); the cells of one
//! block come from the same simulated run and keep its correlation. A table with p <
//! [`TABLE_ALPHA`] is far outside what the simulation gives: its rows deviate
//! ([`crate::Row::judged_by_table`]).

use loadbal::montecarlo::MonteCarlo;
use loadbal::rand::Rng;

use crate::error::PapersError;
use crate::printed::PrintedNumber;
use crate::row::num;

/// The threshold below which a table's Monte Carlo p-value rejects it as a whole.
pub const TABLE_ALPHA: f64 = 0.001;

/// Simulated tables behind every table-level p-value (the resolution is 1/(B + 1) ≈ 1e-4).
pub const NULL_TABLES: u64 = 9_999;

/// One block of a printed table: cells that the paper obtained from the same experiment.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The crate's independent simulated runs of the experiment: one entry per run, one value per
    /// cell of the block.
    pub pool: Vec<Vec<f64>>,
    /// How many runs each printed cell averages (1 for a single run, 25 for Jia's tables).
    pub runs: usize,
}

/// The result of a table-level test.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TableEvidence {
    /// The table, as named in the rows.
    pub table: String,
    /// Number of printed cells.
    pub cells: usize,
    /// T of the printed table.
    pub statistic: f64,
    /// Median of T over the simulated tables.
    pub null_median: f64,
    /// 99.9th percentile of T over the simulated tables.
    pub null_q999: f64,
    /// Simulated tables B.
    pub null_tables: u64,
    /// Simulated tables with T at least the printed table's.
    pub exceed: u64,
    /// (1 + exceed)/(B + 1).
    pub p_value: f64,
    /// Simulated runs in each block's pool.
    pub pool_sizes: Vec<usize>,
}

impl TableEvidence {
    /// One sentence for a row's note.
    pub fn summary(&self) -> String {
        let pools: Vec<String> = self.pool_sizes.iter().map(|n| n.to_string()).collect();
        format!(
            "table-level test of {} ({} cells): T = {} for the printed table against {} simulated tables (runs per block {}; \
             null median {}, 99.9th percentile {}): Monte Carlo p = {}",
            self.table,
            self.cells,
            num(self.statistic),
            self.null_tables,
            pools.join("/"),
            num(self.null_median),
            num(self.null_q999),
            p_text(self.p_value)
        )
    }

    /// Whether the table as a whole is rejected (p < [`TABLE_ALPHA`]).
    pub fn rejects(&self) -> bool {
        self.p_value < TABLE_ALPHA
    }
}

/// A p-value as printed: `< 1e-4` at the resolution floor is still shown as its value.
pub fn p_text(p: f64) -> String {
    if p < 1e-3 { format!("{p:.1e}") } else { format!("{p:.4}") }
}

/// Runs the table-level test of `table`: `printed` are the printed cells in block order,
/// `blocks` the crate's simulated runs; `seed` seeds the resampling.
///
/// # Errors
/// [`PapersError::TableShape`] when the blocks' cells do not add up to the printed cells or a
/// pool is empty or ragged; [`PapersError::MonteCarlo`] from the harness.
///
/// # Examples
/// A printed table far from a simulation with mean 0 and sd 1 in every cell:
/// ```
/// use loadbal_papers::{Block, PrintedNumber, table_test};
/// let pool: Vec<Vec<f64>> = (0..200).map(|i| vec![((i * 37 % 200) as f64 - 99.5) / 57.7; 3]).collect();
/// let block = Block { pool, runs: 1 };
/// let printed: Vec<PrintedNumber> = ["0.1", "-0.2", "0.0"].iter().map(|s| PrintedNumber::parse(s).unwrap()).collect();
/// let ok = table_test("toy", &printed, &[block.clone()], 1).unwrap();
/// assert!(ok.p_value > 0.1);
/// let far: Vec<PrintedNumber> = ["4.1", "3.9", "4.0"].iter().map(|s| PrintedNumber::parse(s).unwrap()).collect();
/// assert!(table_test("toy", &far, &[block], 1).unwrap().rejects());
/// ```
pub fn table_test(
    table: &str,
    printed: &[PrintedNumber],
    blocks: &[Block],
    seed: u64,
) -> Result<TableEvidence, PapersError> {
    let shape = |what: String| PapersError::TableShape { table: table.to_string(), what };
    let mut widths = Vec::with_capacity(blocks.len());
    for (b, block) in blocks.iter().enumerate() {
        let width = block.pool.first().map(Vec::len).ok_or_else(|| shape(format!("block {b} has no simulated run")))?;
        if block.pool.iter().any(|r| r.len() != width) {
            return Err(shape(format!("block {b} has runs of different lengths")));
        }
        if block.runs == 0 {
            return Err(shape(format!("block {b} averages 0 runs")));
        }
        if block.pool.iter().flatten().any(|x| !x.is_finite()) {
            return Err(shape(format!("block {b} has a non-finite simulated value")));
        }
        widths.push(width);
    }
    let cells: usize = widths.iter().sum();
    if cells != printed.len() {
        return Err(shape(format!("{cells} simulated cells for {} printed ones", printed.len())));
    }
    // Cell means and the spread of a printed draw (mean of `runs` runs), with its rounding.
    let mut centre = Vec::with_capacity(cells);
    let mut scale = Vec::with_capacity(cells);
    for (block, &width) in blocks.iter().zip(&widths) {
        let n = block.pool.len() as f64;
        for c in 0..width {
            let mean = block.pool.iter().map(|r| r[c]).sum::<f64>() / n;
            let var = if block.pool.len() > 1 {
                block.pool.iter().map(|r| (r[c] - mean).powi(2)).sum::<f64>() / (n - 1.0)
            } else {
                0.0
            };
            centre.push(mean);
            scale.push(var / block.runs as f64);
        }
    }
    for (s, p) in scale.iter_mut().zip(printed) {
        let unit = 2.0 * p.half_unit;
        *s = (*s + unit * unit / 12.0).sqrt();
    }
    let statistic = |x: &[f64]| -> f64 {
        x.iter()
            .zip(&centre)
            .zip(&scale)
            .map(|((x, m), s)| {
                let d = x - m;
                if *s > 0.0 {
                    (d / s).powi(2)
                } else if d == 0.0 {
                    0.0
                } else {
                    f64::INFINITY
                }
            })
            .sum()
    };
    let observed: Vec<f64> = printed.iter().map(|p| p.value).collect();
    let t_obs = statistic(&observed);
    let mc = MonteCarlo::new(seed, NULL_TABLES)?;
    let mut null: Vec<f64> = mc.replicate(|_, rng| {
        let mut table = Vec::with_capacity(cells);
        for (block, &width) in blocks.iter().zip(&widths) {
            let mut sum = vec![0.0; width];
            for _ in 0..block.runs {
                let run = &block.pool[rng.random_range(0..block.pool.len())];
                for (s, x) in sum.iter_mut().zip(run) {
                    *s += x;
                }
            }
            table.extend(sum.into_iter().map(|s| s / block.runs as f64));
        }
        for (x, p) in table.iter_mut().zip(printed) {
            *x = p.round(*x);
        }
        statistic(&table)
    });
    let exceed = null.iter().filter(|&&t| t >= t_obs).count() as u64;
    null.sort_by(f64::total_cmp);
    let quantile = |q: f64| null[((q * (null.len() - 1) as f64).round() as usize).min(null.len() - 1)];
    Ok(TableEvidence {
        table: table.to_string(),
        cells,
        statistic: t_obs,
        null_median: quantile(0.5),
        null_q999: quantile(0.999),
        null_tables: NULL_TABLES,
        exceed,
        p_value: (1 + exceed) as f64 / (NULL_TABLES + 1) as f64,
        pool_sizes: blocks.iter().map(|b| b.pool.len()).collect(),
    })
}
