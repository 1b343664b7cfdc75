//! Resource-unaware divisible-load strategies of Jia from the command line.
//!
//! ```text
//! cargo run --release --example unaware_dlt -- graph examples/data/unaware_graph.txt 100 [--root 0] [--out DIR]
//!                                                 [--t-star 2 --hop-delay 1]
//!     every spanning tree (SPT, MST, FHT, RST, EST) with its RAOLD-OS schedule, as JSON lines,
//!     then the §4.1 reporting scheme (SPT over the nodes known at T*); with --out, the engine's
//!     Gantt chart of each schedule as DIR/<tree>_gantt.csv
//! cargo run --release --example unaware_dlt -- snp [--out DIR]
//!     SLD on the reconstructed Fig. 3.8 tree (Table 3.2): the dispatches as CSV on stdout,
//!     the engine's Gantt charts as DIR/snp_gantt_<rule>.csv, and SLD end to end (probe copies
//!     and reports on the engine, then the plan) as DIR/snp_gantt_end_to_end.csv with its plan
//!     and finish times in DIR/snp_end_to_end.json
//! cargo run --release --example unaware_dlt -- chain [--n 8] [--seed 1] [--out DIR]
//!     ESS, WCS(2) and pureDLT on one random thesis chain, run on the engine (probe copies,
//!     PTC reports) beside the closed forms; Gantt charts as DIR/chain_<strategy>.csv
//! cargo run --release --example unaware_dlt -- dnp [--out DIR]
//!     DLD on the DNP example (Table 3.3) on the engine with the §3.5 speed changes: the
//!     dispatches as CSV, the Gantt chart as DIR/dnp_gantt.csv; then the same run with the
//!     probe executed on the engine (finish time on stderr)
//! cargo run --release --example unaware_dlt -- sweep [--replications 400]
//!     mean ESS / WCS(k) / pureDLT finish times on random chains (n = 15, r_f = 0.5) against η
//!     and ε, as CSV (the shape of Figs. 2.4/2.5)
//! cargo run --release --example unaware_dlt -- trees [--replications 20]
//!     mean RAOLD-OS time and eccentricity of each spanning tree on Chapter 4 random graphs, CSV
//! ```
//! A graph file is the text format of `Graph::parse` or, if it ends in `.json`, the JSON form.

use std::error::Error;

use loadbal::dlt::unaware::{
    ChainConfig, ChainSampler, ChainStrategy, DldConfig, Graph, RandomGraph, RelayRule, RootWhileWaiting, Rules,
    SldConfig, SpanningTreeKind, SpeedClass, chain_experiment, dld, dld_probed, dnp_changes, execute_sld, execute_tree,
    fig_3_8, linear_schedule, probe_tree, pure_dlt, raold_os, reporting_scheme, run_chain, run_sld, sld, spanning_tree,
};
use loadbal::montecarlo::MonteCarlo;
use rand::SeedableRng;

fn flag(args: &[String], name: &str) -> Option<String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned()
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = flag(&args, "--out");
    if let Some(dir) = &out {
        std::fs::create_dir_all(dir)?;
    }
    match args.first().map(String::as_str) {
        Some("graph") => {
            let path = args.get(1).ok_or("graph needs a file")?;
            let load: f64 = args.get(2).ok_or("graph needs a load")?.parse()?;
            let root: usize = flag(&args, "--root").map_or(Ok(0), |s| s.parse())?;
            let text = std::fs::read_to_string(path)?;
            let g: Graph = if path.ends_with(".json") { serde_json::from_str(&text)? } else { Graph::parse(&text)? };
            for kind in SpanningTreeKind::ALL {
                let tree = spanning_tree(&g, root, kind, 1.0, 1.0)?;
                let s = raold_os(&tree, g.w(), load, 1.0, 1.0)?;
                let line = serde_json::json!({
                    "tree": kind.name(),
                    "parents": tree.parents(),
                    "eccentricity": tree.eccentricity(),
                    "w_eq": s.w_eq,
                    "finish_time": s.finish_time,
                    "loads": s.loads,
                });
                println!("{line}");
                if let Some(dir) = &out {
                    let ws: Vec<Option<f64>> = g.w().iter().map(|&x| Some(x)).collect();
                    let run = execute_tree(&tree, &ws, &s.loads, 1.0, 1.0)?;
                    std::fs::write(format!("{dir}/{}_gantt.csv", kind.name()), run.gantt_csv())?;
                }
            }
            let t_star: f64 = flag(&args, "--t-star").map_or(Ok(2.0), |s| s.parse())?;
            let hop: f64 = flag(&args, "--hop-delay").map_or(Ok(1.0), |s| s.parse())?;
            let r = reporting_scheme(&g, root, load, t_star, hop, SpanningTreeKind::Spt, 1.0, 1.0)?;
            let line = serde_json::json!({
                "tree": "reporting scheme (SPT over the nodes known at T*)",
                "t_star": t_star,
                "hop_delay": hop,
                "known": r.known,
                "finish_time": r.finish_time,
                "engine_makespan_after_t_star": r.run.trace.compute_makespan,
            });
            println!("{line}");
        }
        Some("chain") => {
            let n: usize = flag(&args, "--n").map_or(Ok(8), |s| s.parse())?;
            let seed: u64 = flag(&args, "--seed").map_or(Ok(1), |s| s.parse())?;
            let chain = ChainSampler::thesis(n, 0.75).sample(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
            let cfg = ChainConfig::thesis(0.03, 0.07);
            println!("strategy,engine_finish,closed_form,probe_finish,phases,responders");
            for (name, strategy) in [
                ("ESS", ChainStrategy::Wcs(1)),
                ("WCS2", ChainStrategy::Wcs(2)),
                ("pureDLT", ChainStrategy::PureDlt(RootWhileWaiting::Idle)),
            ] {
                let run = run_chain(&chain, &cfg, strategy)?;
                let model = match strategy {
                    ChainStrategy::Wcs(k) => linear_schedule(&chain, &cfg, k)?.finish_time,
                    ChainStrategy::PureDlt(mode) => pure_dlt(&chain, &cfg, mode)?,
                };
                let order: Vec<String> = run.responders.iter().map(usize::to_string).collect();
                println!(
                    "{name},{},{model},{},{},{}",
                    run.finish_time,
                    run.probe_finish,
                    run.phases.len(),
                    order.join(" ")
                );
                if let Some(dir) = &out {
                    std::fs::write(format!("{dir}/chain_{name}.csv"), run.trace.gantt_csv())?;
                }
            }
        }
        Some("snp") => {
            let ex = fig_3_8();
            let cfg = SldConfig::thesis_snp();
            let mut tp = probe_tree(&ex.tree, &ex.w, cfg.load, cfg.eta, cfg.t_cm, cfg.t_cp)?.tp;
            tp[16] = 4.3; // as printed in Table 3.1
            for relay in [RelayRule::ThesisSnp, RelayRule::Physical] {
                let cfg = SldConfig { rules: loadbal::dlt::unaware::Rules { relay, ..cfg.rules }, ..cfg };
                let s = sld(&ex.tree, &ex.w, &tp, &cfg)?;
                let run = execute_sld(&ex.tree, &ex.w, &s, None, cfg.t_cm, cfg.t_cp)?;
                eprintln!(
                    "relay rule {relay:?}: SLD finish {:.4}, engine makespan {:.4}",
                    s.finish_time, run.trace.compute_makespan
                );
                if relay == RelayRule::ThesisSnp {
                    println!("phase,time,set,processor,load,phase_end");
                    for d in &s.dispatches {
                        for (v, x) in &d.loads {
                            println!("{},{},{},{v},{x},{}", d.phase, d.time, d.set, d.finish);
                        }
                    }
                }
                if let Some(dir) = &out {
                    std::fs::write(format!("{dir}/snp_gantt_{relay:?}.csv"), run.gantt_csv())?;
                }
            }
            let cfg = SldConfig { rules: Rules { relay: RelayRule::Physical, top: RelayRule::Physical }, ..cfg };
            let r = run_sld(&ex.tree, &ex.w, &cfg)?;
            eprintln!(
                "SLD end to end (probe on the engine, estimates from its reports): plan {:.4}, engine {:.4}, \
                 last probe {:.1}",
                r.schedule.finish_time, r.load_finish, r.run.trace.compute_makespan
            );
            if let Some(dir) = &out {
                std::fs::write(format!("{dir}/snp_gantt_end_to_end.csv"), r.run.gantt_csv())?;
                let summary = serde_json::json!({
                    "plan_finish": r.schedule.finish_time,
                    "load_finish": r.load_finish,
                    "last_probe": r.run.trace.compute_makespan,
                });
                std::fs::write(format!("{dir}/snp_end_to_end.json"), summary.to_string())?;
            }
        }
        Some("dnp") => {
            let ex = fig_3_8();
            let cfg = DldConfig::thesis_dnp();
            let mut tp = probe_tree(&ex.tree, &ex.w, cfg.load, cfg.eta, cfg.t_cm, cfg.t_cp)?.tp;
            tp[16] = 4.3; // as printed in Table 3.1
            let s = dld(&ex.tree, &ex.w, &dnp_changes(), &tp, &ex.w, &cfg)?;
            eprintln!("DLD finish on the engine: {:.4}", s.finish_time);
            let probed = dld_probed(&ex.tree, &ex.w, &dnp_changes(), &cfg)?;
            eprintln!("DLD with the probe on the engine (estimates from its reports): {:.4}", probed.finish_time);
            println!("phase,time,set,processor,load,phase_end");
            for d in &s.dispatches {
                for (v, x) in &d.loads {
                    println!("{},{},{},{v},{x},{}", d.phase, d.time, d.set, d.finish);
                }
            }
            if let Some(dir) = &out {
                let mut csv = String::from("node,kind,start,end,amount,peer\n");
                let id = |i: usize| s.index_of.iter().position(|&x| x == Some(i));
                for r in s.trace.gantt() {
                    let Some(node) = id(r.node) else { continue };
                    let peer = r.peer.and_then(id).map_or(String::new(), |q| q.to_string());
                    csv.push_str(&format!("{node},{},{},{},{},{peer}\n", r.kind.as_str(), r.start, r.end, r.amount));
                }
                std::fs::write(format!("{dir}/dnp_gantt.csv"), csv)?;
            }
        }
        Some("sweep") => {
            let reps: u64 = flag(&args, "--replications").map_or(Ok(400), |s| s.parse())?;
            println!("eta,eps,ess,wcs,pure,ess_se,wcs_se,pure_se");
            for eta in [0.01, 0.02, 0.03, 0.05, 0.07, 0.1] {
                for eps in [0.07, 0.12, 0.2] {
                    if eps < eta {
                        continue;
                    }
                    let c = chain_experiment(&ChainSampler::thesis(15, 0.5), &ChainConfig::thesis(eta, eps), reps, 11)?;
                    println!(
                        "{eta},{eps},{},{},{},{},{},{}",
                        c.ess.mean, c.wcs.mean, c.pure.mean, c.ess.std_err, c.wcs.std_err, c.pure.std_err
                    );
                }
            }
        }
        Some("trees") => {
            let reps: u64 = flag(&args, "--replications").map_or(Ok(20), |s| s.parse())?;
            println!("nodes,p_link,links,tree,mean_time,time_se,mean_eccentricity");
            let kinds = SpanningTreeKind::ALL;
            for nodes in [10, 50] {
                for p in [0.3, 0.5, 0.8] {
                    for links in [SpeedClass::Low, SpeedClass::High] {
                        let spec = RandomGraph::chapter4(nodes, p, links, SpeedClass::Low);
                        let est = MonteCarlo::new(5, reps)?.estimate_vec(2 * kinds.len(), |_, rng, o| {
                            let g = spec.generate(rng).ok();
                            for (k, &kind) in kinds.iter().enumerate() {
                                let r = g.as_ref().and_then(|g| {
                                    let t = spanning_tree(g, 0, kind, 1.0, 1.0).ok()?;
                                    Some((
                                        raold_os(&t, g.w(), 1e8, 1.0, 1.0).ok()?.finish_time,
                                        t.eccentricity() as f64,
                                    ))
                                });
                                (o[k], o[kinds.len() + k]) = r.unwrap_or((f64::NAN, f64::NAN));
                            }
                        })?;
                        for (k, kind) in kinds.iter().enumerate() {
                            let e = &est;
                            println!(
                                "{nodes},{p},{links:?},{},{},{},{}",
                                kind.name(),
                                e[k].mean,
                                e[k].std_err,
                                e[kinds.len() + k].mean
                            );
                        }
                    }
                }
            }
        }
        _ => {
            return Err(
                "usage: unaware_dlt graph FILE LOAD [--root R] [--out DIR] [--t-star T --hop-delay D] | snp [--out DIR] \
                 | chain [--n N] [--seed S] [--out DIR] | dnp [--out DIR] | sweep | trees".into()
            );
        }
    }
    Ok(())
}
