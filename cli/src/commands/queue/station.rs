//! `loadbal queue station`: closed-form metrics of single stations.

use loadbal::queueing::{QueueingError, ServiceMoments, Station, StationMetrics};
use loadbal_cli::output::{self, Cell, FormatArgs, Table};
use loadbal_cli::support::{self as cli, Failure};

/// Closed-form metrics of a single queueing station for one or more arrival rates.
///
/// Poisson arrivals at rate lambda, --servers identical servers of rate --mu: M/M/1 and M/M/c
/// (Erlang C), with --capacity K places in the system M/M/1/K and M/M/c/K (arrivals beyond K
/// are refused), or with --scv one server whose service time has mean 1/mu and that squared
/// coefficient of variation, M/G/1 by Pollaczek-Khinchine (0 is M/D/1, 1 is M/M/1). One row per
/// rate: stable, rho (utilisation per server), throughput, p_wait, p_block, wq and w (mean
/// waiting and sojourn times), lq and l (mean numbers waiting and in the system). An unstable
/// rate (rho >= 1 without a capacity) has stable = no and no metrics.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct StationArgs {
    /// Arrival rates, comma-separated, each > 0.
    #[arg(long, value_delimiter = ',', value_parser = cli::positive, required = true)]
    lambda: Vec<f64>,
    /// Service rate of one server (> 0).
    #[arg(long, value_parser = cli::positive, default_value = "1")]
    mu: f64,
    /// Servers c (>= 1).
    #[arg(long, value_parser = cli::count, default_value = "1")]
    servers: u64,
    /// Places in the system K, servers included (>= servers): M/M/c/K.
    #[arg(long, value_parser = cli::count, conflicts_with = "scv")]
    capacity: Option<u64>,
    /// Squared coefficient of variation of the service time (>= 0): M/G/1, one server.
    #[arg(long, value_parser = cli::non_negative)]
    scv: Option<f64>,
    #[command(flatten)]
    format: FormatArgs,
}

/// `loadbal queue station`.
pub fn run(a: StationArgs) -> Result<(), Failure> {
    if a.servers == 0 {
        return Err(Failure::usage("--servers 0: a station needs at least 1 server"));
    }
    if let Some(k) = a.capacity
        && k < a.servers
    {
        return Err(Failure::usage(format!("--capacity {k}: below the {} servers", a.servers)));
    }
    if a.scv.is_some() && a.servers != 1 {
        return Err(Failure::usage(format!("--scv: M/G/1 has one server, not --servers {}", a.servers)));
    }
    let moments = match a.scv {
        Some(scv) => Some(ServiceMoments::from_scv(1.0 / a.mu, scv).map_err(|e| usage("--scv", e))?),
        None => None,
    };
    let c = a.servers;
    let model = match (a.capacity, a.scv) {
        (Some(k), _) if c == 1 => format!("M/M/1/{k}"),
        (Some(k), _) => format!("M/M/{c}/{k}"),
        (None, Some(0.0)) => "M/D/1".to_string(),
        (None, Some(_)) => "M/G/1".to_string(),
        (None, None) => format!("M/M/{c}"),
    };
    cli::check_memory("the table", output::table_bytes(a.lambda.len() as u128, 11))?;
    let mut t =
        Table::new(["model", "lambda", "stable", "rho", "throughput", "p_wait", "p_block", "wq", "w", "lq", "l"]);
    for &lambda in &a.lambda {
        let metrics = match (a.capacity, &moments) {
            (Some(k), _) if c == 1 => Station::mm1k(lambda, a.mu, k).map(|s| s.metrics()),
            (Some(k), _) => Station::mmck(lambda, a.mu, c, k).map(|s| s.metrics()),
            (None, Some(m)) => Station::mg1(lambda, m).map(|s| s.metrics()),
            (None, None) if c == 1 => Station::mm1(lambda, a.mu).map(|s| s.metrics()),
            (None, None) => Station::mmc(lambda, a.mu, c).map(|s| s.metrics()),
        };
        let row: Option<StationMetrics> = match metrics {
            Ok(m) => Some(m),
            Err(QueueingError::Unstable { .. }) => None,
            Err(e) => return Err(station_error(e, lambda)),
        };
        let mut cells: Vec<Cell> = vec![model.clone().into(), lambda.into()];
        match row {
            Some(m) => {
                cells.push("yes".into());
                cells.extend([m.rho, m.throughput, m.p_wait, m.p_block, m.wq, m.w, m.lq, m.l].map(Cell::Number));
            }
            None => {
                // Unstable whatever the magnitudes (the library decides by the sign of c·μ − λ),
                // but a utilisation beyond f64 has no number to print.
                let rho = lambda / (c as f64 * a.mu);
                if !rho.is_finite() {
                    return Err(Failure::failed(format!(
                        "lambda {}: the station is unstable and its utilisation λ/(c·μ) with --mu {} overflows \
                         f64; express the rates in other units",
                        output::exact(lambda),
                        output::exact(a.mu)
                    )));
                }
                cells.push("no".into());
                cells.push(rho.into());
                cells.extend(std::iter::repeat_n(Cell::Empty, 7));
            }
        }
        t.push(cells);
    }
    output::print_with_constants(&t, &["model"], a.format.format())
}

fn usage(flag: &str, e: QueueingError) -> Failure {
    Failure::usage(format!("{flag}: {e}"))
}

/// A station the formulas refuse: sizes beyond their range name --servers or --capacity,
/// anything else the rate it was computing.
fn station_error(e: QueueingError, lambda: f64) -> Failure {
    match e {
        QueueingError::TooLarge { .. } => usage("--servers/--capacity", e),
        e => Failure::model(&format!("lambda {}", output::exact(lambda)), e),
    }
}
