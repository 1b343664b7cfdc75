//! `loadbal unaware sld | dld | chain FILE`: the phased strategies on a tree network and the
//! linear-chain strategies on a chain, read from JSON files and executed on the event engine.

use std::path::{Path, PathBuf};

use loadbal::dlt::unaware::{
    ChainConfig, ChainStrategy, Dispatch, DldConfig, GivenProbe, Probe, RootWhileWaiting, SldConfig, SpeedChange,
};
use loadbal::dlt::{Chain, RelayRule, Tree};
use loadbal_cli::output::{self, Cell, FormatArgs, Table};
use loadbal_cli::support::{self as cli, Failure};
use serde::Deserialize;

use super::{OutFiles, model};

/// Static phased distribution (SLD, Jia, §3.3) on a tree network read from a JSON file.
///
/// The source probes the tree with a small load (or starts from the probe times in the file),
/// estimates every processor's speed, then sends the load in phases of growing size
/// (L_1^p, then k·L, ...), each to the processors that can finish it by the phase's end. The
/// plan is executed on the event engine, then SLD is run end to end on the engine (the probe
/// itself, the estimates from its reports, the plan). Prints the plan's dispatches (phase,
/// time, set, processor, load, phase_end) with, once, the plan's finish time, the engine's
/// makespan and the end-to-end run's plan, load finish and last probe. With --out DIR:
/// sld_gantt.csv and sld_gantt_end_to_end.csv.
///
/// FILE: {"network": {"root": 0, "parent": [null, 0, ...], "z": [...], "w": [...]} (per node
/// id: its parent, the link from it, its inverse speed; the root's w is unused but must be > 0 like the others), "sld": {"load":
/// 80, "eta": 0.05, "l1p": 4, "mu": 0.15, "scale": {"t_cp": 2, "t_cm": 1}, "rules": {"relay":
/// "FirstChildLink" or "Physical", "top": ...}, "phase_end_decimals": null}, "probe_times": [T^p per
/// node] (optional: the probe model's when left out), "description": "..." (optional)}.
/// data/jia_snp.json is the SNP example of Jia, §3.4.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct SldArgs {
    /// The scenario (JSON; its format is under --help).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Relay rule below the root, overriding the file's: the thesis's SNP reading or the
    /// physical one.
    #[arg(long, value_enum)]
    relay: Option<Relay>,
    /// Relay rule at the root, overriding the file's.
    #[arg(long, value_enum)]
    top: Option<Relay>,
    /// Existing directory for the Gantt charts.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
}

/// Dynamic phased distribution (DLD, Jia, §3.3) on a tree network whose speeds change.
///
/// As SLD, but the source re-estimates the speeds from the reports of every phase while
/// processor and link speeds change at the times the file gives; executed on the event engine,
/// from the file's probe times, then again with the probe itself on the engine. Prints the
/// dispatches (phase, time, set, processor, load, phase_end) with, once, the finish time of
/// both runs. With --out DIR: dld_gantt.csv.
///
/// FILE: {"network": {...} as for `sld`, "dld": {"load": 80, "eta": 0.05, "l1p": 4, "mu": 0.15,
/// "zeta": 0.1, "scale": {...}, "rules": {...}}, "changes": [{"time": 3.8, "node": 3, "param":
/// "Z" or "W", "value": 0.2}, ...], "probe_times": [...] (optional), "description": "..."
/// (optional)}. data/jia_dnp.json is the DNP example of Jia, §3.4-3.5.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct DldArgs {
    /// The scenario (JSON; its format is under --help).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Existing directory for the Gantt chart.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
}

/// ESS, WCS(2) and pureDLT on a linear chain read from a JSON file (Jia, ch. 2).
///
/// The root (processor 0) probes the chain, then distributes the load by ESS (= WCS(1)), by
/// WCS(2) (waiting for the first two responses) or by pureDLT (no probe); each strategy is run
/// on the event engine (probe copies, PTC reports) beside its closed form. One row per
/// strategy: engine_finish, closed_form, probe_finish, phases and the order of the responders.
/// With --out DIR: chain_ESS.csv, chain_WCS2.csv, chain_pureDLT.csv.
///
/// FILE: {"chain": {"w": [K, w_1, ...], "z": [z_1, ...]} (one link fewer than processors),
/// "config": {"load": 100, "eta": 0.03, "eps": 0.07, "scale": {"t_cp": 2, "t_cm": 1}},
/// "description": "..." (optional)}. data/jia_chain.json is a chain drawn as in Jia, §2.5.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct ChainArgs {
    /// The chain and its settings (JSON; its format is under --help).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Existing directory for the Gantt charts.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    #[command(flatten)]
    format: FormatArgs,
}

/// A relay rule (`--relay`, `--top`).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Relay {
    /// The thesis's reading in the SNP example.
    FirstChildLink,
    /// Store-and-forward as the engine executes it.
    Physical,
}

impl Relay {
    fn rule(self) -> RelayRule {
        match self {
            Relay::FirstChildLink => RelayRule::FirstChildLink,
            Relay::Physical => RelayRule::Physical,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NetworkFile {
    root: usize,
    parent: Vec<Option<usize>>,
    z: Vec<f64>,
    w: Vec<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // `description` documents the file
struct SldFile {
    description: Option<String>,
    network: NetworkFile,
    sld: SldConfig,
    probe_times: Option<Vec<f64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // `description` documents the file
struct DldFile {
    description: Option<String>,
    network: NetworkFile,
    dld: DldConfig,
    #[serde(default)]
    changes: Vec<SpeedChange>,
    probe_times: Option<Vec<f64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // `description` documents the file
struct ChainFile {
    description: Option<String>,
    chain: Chain,
    config: ChainConfig,
}

/// Bytes of working memory per byte of a scenario file (its text, the parsed vectors, the
/// strategies' per-node tables and the engine's trace).
const BYTES_PER_INPUT_BYTE: u64 = 64;

fn read<T: serde::de::DeserializeOwned>(file: &Path, what: &str) -> Result<T, Failure> {
    let text = cli::read_input_sized(file, BYTES_PER_INPUT_BYTE)?;
    serde_json::from_str(&text).map_err(|e| Failure::usage(format!("{}: not {what}: {e}", file.display())))
}

/// The tree network of a scenario file, validated (a bad tree is a usage error naming the file).
fn network(file: &Path, n: NetworkFile) -> Result<Tree, Failure> {
    let bad = |e: loadbal::dlt::DltError| Failure::usage(format!("{}: network: {e}", file.display()));
    if n.root >= n.parent.len() {
        return Err(Failure::usage(format!(
            "{}: network: root {} is not a node (there are {} nodes)",
            file.display(),
            n.root,
            n.parent.len()
        )));
    }
    Tree::from_parents(n.root, n.parent, n.z, n.w).map_err(bad)
}

/// A strategy's error on a file's scenario: bad parameters are usage errors naming the file.
fn scenario_error<'a>(file: &'a Path, what: &'a str) -> impl Fn(loadbal::dlt::unaware::UnawareError) -> Failure + 'a {
    use loadbal::dlt::unaware::UnawareError as E;
    move |e| match e {
        E::InvalidParameter { .. } | E::LengthMismatch { .. } | E::NodeOutOfRange { .. } => {
            Failure::usage(format!("{}: {what}: {e}", file.display()))
        }
        e => Failure::model(&format!("{}: {what}", file.display()), e),
    }
}

/// Refuses, before the run, a phased distribution whose dispatches would not fit in memory, and
/// says whether it is long enough for a spinner. Each phase hands every available processor
/// L_1^p, so a run makes about L·(1 − eta)/L_1^p dispatches (measured: 0.2·L for the SNP and
/// DNP examples with L_1^p = 4), whatever the tree; each costs the plan's record and a table row.
/// Parameters the strategy refuses anyway (a load or L_1^p that is not positive and finite) are
/// left to its own message.
fn check_phases(file: &Path, load: f64, eta: f64, l1p: f64, nodes: usize) -> Result<bool, Failure> {
    if !(load.is_finite() && load > 0.0 && l1p.is_finite() && l1p > 0.0 && (0.0..1.0).contains(&eta)) {
        return Ok(false);
    }
    let dispatches = load * (1.0 - eta) / l1p + 2.0 * nodes as f64 + 16.0;
    let per_dispatch = 256 + output::table_bytes(1, 11);
    let bytes = if dispatches < 1e30 { dispatches as u128 * per_dispatch } else { u128::MAX };
    cli::check_memory(
        &format!(
            "{}: a load of {} in pieces of L_1^p = {} (about {} dispatches)",
            file.display(),
            output::number(load),
            output::number(l1p),
            output::number(dispatches.round())
        ),
        bytes,
    )?;
    Ok(dispatches > 20_000.0 || nodes >= 1_000)
}

fn dispatch_table<'a>(dispatches: impl IntoIterator<Item = &'a Dispatch>, constants: &[(&str, f64)]) -> Table {
    let mut columns = vec!["phase", "time", "set", "processor", "load", "phase_end"];
    columns.extend(constants.iter().map(|c| c.0));
    let mut t = Table::new(columns);
    for d in dispatches {
        for &(v, x) in &d.loads {
            let mut row =
                vec![Cell::Count(d.phase as u64), d.time.into(), Cell::Count(d.set as u64), Cell::Count(v as u64)];
            row.extend([x, d.finish].map(Cell::Number));
            row.extend(constants.iter().map(|c| Cell::Number(c.1)));
            t.push(row);
        }
    }
    t
}

/// `loadbal unaware sld FILE`.
pub fn sld_run(a: SldArgs) -> Result<(), Failure> {
    let mut out = OutFiles::check(a.out.clone(), &["sld_gantt.csv", "sld_gantt_end_to_end.csv"])?;
    let input: SldFile = read(&a.file, "an SLD scenario")?;
    let net = network(&a.file, input.network)?;
    let mut cfg = input.sld;
    if let Some(r) = a.relay {
        cfg.rules.relay = r.rule();
    }
    if let Some(r) = a.top {
        cfg.rules.top = r.rule();
    }
    let err = |what| scenario_error(&a.file, what);
    let tp = match input.probe_times {
        Some(tp) => tp,
        None => net.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).map_err(err("the probe"))?.tp,
    };
    let long = check_phases(&a.file, cfg.load, cfg.eta, cfg.l1p, net.id_len())?;
    let bar = cli::spinner("SLD: plan, engine run and end-to-end run");
    if !long {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let s = net.sld(&tp, &cfg).map_err(err("SLD"))?;
    let run = net.execute_sld(&s, None, cfg.scale).map_err(err("SLD on the engine"))?;
    let e2e = net.run_sld(&cfg).map_err(err("SLD end to end"))?;
    bar.finish_and_clear();
    out.add("sld_gantt.csv", || run.gantt_csv());
    out.add("sld_gantt_end_to_end.csv", || e2e.run.gantt_csv());
    out.write()?;
    let t = dispatch_table(
        &s.dispatches,
        &[
            ("finish_time", s.finish_time),
            ("engine_makespan", run.trace.compute_makespan),
            ("end_to_end_plan", e2e.schedule.finish_time),
            ("end_to_end_finish", e2e.load_finish),
            ("last_probe", e2e.run.trace.compute_makespan),
        ],
    );
    let constants = ["finish_time", "engine_makespan", "end_to_end_plan", "end_to_end_finish", "last_probe"];
    output::print_with_constants(&t, &constants, a.format.format())
}

/// `loadbal unaware dld FILE`.
pub fn dld_run(a: DldArgs) -> Result<(), Failure> {
    let mut out = OutFiles::check(a.out.clone(), &["dld_gantt.csv"])?;
    let input: DldFile = read(&a.file, "a DLD scenario")?;
    let net = network(&a.file, input.network)?;
    let cfg = input.dld;
    let err = |what| scenario_error(&a.file, what);
    let tp = match input.probe_times {
        Some(tp) => tp,
        None => net.probe(Probe { load: cfg.load, eta: cfg.eta }, cfg.scale).map_err(err("the probe"))?.tp,
    };
    let long = check_phases(&a.file, cfg.load, cfg.eta, cfg.l1p, net.id_len())?;
    let bar = cli::spinner("DLD: engine runs");
    if !long {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let s = net
        .dld(
            &input.changes,
            &GivenProbe { tp: tp.to_vec(), w_est: (0..net.id_len()).map(|v| net.w(v).unwrap_or(0.0)).collect() },
            &cfg,
        )
        .map_err(err("DLD"))?;
    let probed = net.dld_probed(&input.changes, &cfg).map_err(err("DLD with the probe"))?;
    bar.finish_and_clear();
    out.add("dld_gantt.csv", || {
        // Engine indices back to tree node ids.
        let id = |i: usize| s.index_of.iter().position(|&x| x == Some(i));
        let mut csv = String::from("node,kind,start,end,amount,peer\n");
        for r in s.trace.gantt() {
            let Some(node) = id(r.node) else { continue };
            let peer = r.peer.and_then(id).map_or(String::new(), |q| q.to_string());
            csv += &format!("{node},{},{},{},{},{peer}\n", r.kind.as_str(), r.start, r.end, r.amount);
        }
        csv
    });
    out.write()?;
    let t =
        dispatch_table(&s.dispatches, &[("finish_time", s.finish_time), ("probed_finish_time", probed.finish_time)]);
    output::print_with_constants(&t, &["finish_time", "probed_finish_time"], a.format.format())
}

/// `loadbal unaware chain FILE`.
pub fn chain_run(a: ChainArgs) -> Result<(), Failure> {
    let strategies = [
        ("ESS", ChainStrategy::Wcs(1)),
        ("WCS2", ChainStrategy::Wcs(2)),
        ("pureDLT", ChainStrategy::PureDlt(RootWhileWaiting::Idle)),
    ];
    let names: Vec<String> = strategies.iter().map(|(name, _)| format!("chain_{name}.csv")).collect();
    let mut out = OutFiles::check(a.out.clone(), &names.iter().map(String::as_str).collect::<Vec<_>>())?;
    let input: ChainFile = read(&a.file, "a chain scenario")?;
    let (chain, cfg) = (input.chain, input.config);
    let n = chain.w.len();
    if n < 3 {
        return Err(Failure::usage(format!(
            "{}: a chain of {n} processors: WCS(2) needs at least 3 (the root and two responders)",
            a.file.display()
        )));
    }
    // The engine keeps a trace per processor and phase: about 64 bytes per pair.
    cli::check_memory("the chain runs", (n as u128).saturating_pow(2).saturating_mul(64))?;
    let bar = cli::progress(strategies.len() as u64, "chain strategies on the engine");
    if n < 500 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let err = |what| scenario_error(&a.file, what);
    let mut t = Table::new(["strategy", "engine_finish", "closed_form", "probe_finish", "phases", "responders"]);
    for (name, strategy) in strategies {
        let closed = match strategy {
            ChainStrategy::Wcs(k) => chain.phased_schedule(&cfg, k as u64).map_err(err(name))?.finish_time,
            ChainStrategy::PureDlt(mode) => chain.pure_dlt(&cfg, mode).map_err(err(name))?,
        };
        let run = chain.run_unaware(&cfg, strategy).map_err(model(name))?;
        let order: Vec<String> = run.responders.iter().map(usize::to_string).collect();
        t.push(vec![
            name.into(),
            run.finish_time.into(),
            closed.into(),
            run.probe_finish.into(),
            Cell::Count(run.phases.len() as u64),
            order.join(" ").into(),
        ]);
        out.add(format!("chain_{name}.csv"), || run.trace.gantt_csv());
        bar.inc(1);
    }
    bar.finish_and_clear();
    out.write()?;
    t.print(a.format.format())
}
