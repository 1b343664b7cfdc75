//! Jia (Jia, 2009), §3.4.1: the worked equivalent-processor numbers of the SNP example, rebuilt
//! with the classical divisible-load solvers of `loadbal::dlt` and executed on the event engine.
//! (The DLT literature's closed forms and limits the crate also implements are tested in
//! `tests/papers/papers_jia_dlt.rs`; Jia prints none of them.)

use crate::error::PapersError;
use crate::row::{Computed, Explanation, Paper, Row};
use crate::sections::{RunConfig, Section};
use loadbal::dlt::{CostScale, Options, Root, Star, Tree, Worker};

const JIA: Paper = Paper::new("jia");

pub(crate) fn sections() -> Vec<Section> {
    vec![Section {
        source: "jia",
        title: "SNP example: the equivalent processor of P_2 and P_16 (§3.4.1 text)",
        run: thesis_example,
    }]
}

fn thesis_example(_cfg: &RunConfig) -> Vec<Row> {
    let t = "§3.4.1 text";
    example_rows(t).unwrap_or_else(|e| vec![JIA.row(t, "SNP example at t = 5.3333").error(&e)])
}

/// The SNP example at t = 5.3333: P_2 (w = 2, link z_2 = 0.2 from P_0) and P_16 (w = 2, reached
/// from P_2 over a virtual link z = 0.6), T_cp = 2, T_cm = 1, Phase_1 ends at t = 13. The
/// crate's chain is unrounded: P_3 got (13 − 3.8)/2.4 at t = 3.8 over z = 0.4.
fn example_rows(t: &str) -> Result<Vec<Row>, PapersError> {
    let scale = CostScale::new(2.0, 1.0)?;
    let pair = Star::new(Root::FrontEnd { w: 2.0 }, vec![Worker { w: 2.0, z: 0.6 }])?
        .allocate(Options::default().with_scale(scale))?;
    let w_eq = pair.w_equivalent;
    let eff = 0.2 * scale.t_cm() + w_eq * scale.t_cp();
    let now = 3.8 + 0.4 * (13.0 - 3.8) / 2.4;
    let batch = (13.0 - now) / eff;
    // Execute the batch on the engine: P_0 (non-computing) → P_2 → P_16.
    let mut tree = Tree::new(None, true)?;
    let p2 = tree.add(0, 0.2, Some(2.0), true)?;
    tree.add(p2, 0.6, Some(2.0), true)?;
    let sol = tree.allocate(Options::load(batch).with_scale(scale))?;
    let trace = tree.simulate(&sol, scale)?;
    let shadow = trace.nodes[2].receptions[0].end;
    // The thesis splits its printed, rounded batch 3.2769.
    let printed_split = tree.allocate(Options::load(3.2769).with_scale(scale))?;
    let round4 = |x: f64| (x * 1e4).round() / 1e4;
    let from_printed = 3.2769 * 0.2 + 1.5241 * 0.6;
    let alloc = "loadbal::dlt::Tree::allocate";
    Ok(vec![
        JIA.row(t, "root fraction of P_2 in {P_2, P_16} (= 4.6/8.6)")
            .note("Jia (3.11)–(3.12) with the index typo fixed; equals the rate form")
            .context(pair.alpha[0], "loadbal::dlt::Star::allocate"),
        JIA.row(t, "equivalent computation power w' of P_2 and P_16")
            .printed("1.0698")
            .reproduced(Computed::by("loadbal::dlt::Star::allocate", w_eq)),
        JIA.row(t, "effective speed z_2·T_cm + w'·T_cp (footnote 6)")
            .printed("2.3396")
            .reproduced(Computed::by("loadbal::dlt::Star::allocate", eff))
            .explained(Explanation::exact_reading(
                "the thesis adds its rounded w' = 1.0698: 0.2 + 2·1.0698",
                0.2 * scale.t_cm() + round4(w_eq) * scale.t_cp(),
            )),
        JIA.row(t, "batch sent to {P_2, P_16}: (13 − 5.3333)/2.3396")
            .printed("3.2769")
            .reproduced(Computed::by("loadbal::dlt::Star::allocate", batch))
            .explained(Explanation::exact_reading(
                "the thesis divides its rounded values: (13 − 5.3333)/2.3396",
                (13.0 - round4(now)) / round4(0.2 * scale.t_cm() + round4(w_eq) * scale.t_cp()),
            )),
        JIA.row(t, "load assigned to P_2").printed("1.7528").reproduced(Computed::by(alloc, sol.allocation.alpha[1])),
        JIA.row(t, "load assigned to P_16 (split of the printed 3.2769)")
            .printed("1.5241")
            .note(&format!(
                "redoes the thesis's arithmetic: the crate's split of its printed batch 3.2769; the unrounded batch gives {:.5}",
                sol.allocation.alpha[2]
            ))
            .reproduced(Computed::by(alloc, printed_split.allocation.alpha[2])),
        JIA.row(t, "both finish at t = 13 (engine, from t = 5.3333)")
            .printed("13")
            .note("executed on the event engine")
            .reproduced(Computed::by("loadbal::dlt::Tree::simulate", now + trace.compute_makespan)),
        JIA.row(t, "shadow time of |P_2|: max{T_1^f − t − L_i·w_i·T_cp} over the batch (§3.3, case (iii))")
            .printed("1.5701")
            .note(&format!(
                "the printed formula with the crate's split of the printed batch 3.2769 (P_16's load, w_16 = 2); the engine's reception end of P_16 is {shadow:.5} \
                 after t, and the printed loads give 3.2769·z_2 + 1.5241·0.6 = {from_printed:.5}"
            ))
            .reproduced(Computed::by(alloc, 13.0 - now - printed_split.allocation.alpha[2] * 2.0 * scale.t_cp())),
    ])
}

/// Jia's root fraction of a star with a front-end root (Jia, eqs. (3.11)–(3.12)), `workers` in
/// send order. As printed, eq. (3.11)'s product runs over `v = u..n` with `f_v` indexed one
/// off; the form below (the product form of `loadbal::dlt::Star::product_form` divided through
/// by `Π a_j`) is the one that agrees with Jia's own two-processor value `α_0 = 4.6/8.6`
/// (Jia, §2.B).
///
/// ```text
/// f_k = (w_k + z_k·T_cm/T_cp) / w_{k−1}   (w_0 = root)
/// α_0 = Π_{v=1..n} f_v / (1 + Σ_{u=1..n} Π_{v=u..n} f_v)
/// ```
/// A product and a sum of positive terms: within `3·n·ε` relative.
#[cfg(test)]
fn jia_root_fraction(w_root: f64, workers: &[Worker], scale: CostScale) -> f64 {
    let mut prev = w_root;
    let f: Vec<f64> = workers
        .iter()
        .map(|&Worker { w, z }| {
            let fk = (w + z * scale.t_cm() / scale.t_cp()) / prev;
            prev = w;
            fk
        })
        .collect();
    let mut suffix = 1.0;
    let mut sum = 0.0;
    for fk in f.iter().rev() {
        suffix *= fk;
        sum += suffix;
    }
    suffix / (1.0 + sum)
}

#[cfg(test)]
mod tests {
    use super::jia_root_fraction;
    use loadbal::dlt::{CostScale, Options, OrderPolicy, Root, Star, Worker};

    /// Jia's two-processor anchor (Jia, §2.B): T_cp = 2, T_cm = 1, root w = 2, one worker w = 2
    /// over z = 0.6: α_0 = 4.6/8.6.
    #[test]
    fn root_fraction_of_the_two_processor_anchor() {
        let sc = CostScale::new(2.0, 1.0).unwrap();
        assert!((jia_root_fraction(2.0, &[Worker { w: 2.0, z: 0.6 }], sc) - 4.6 / 8.6).abs() < 1e-15);
    }

    /// Jia's form equals the root's share of the library's product form (an independent
    /// recursion) on stars of 1 to 12 workers over several decades of speeds.
    #[test]
    fn root_fraction_equals_the_product_form() {
        let sc = CostScale::new(0.7, 1.9).unwrap();
        for n in 1..=12usize {
            let workers: Vec<Worker> = (0..n)
                .map(|i| Worker {
                    w: 10f64.powi((i % 5) as i32 - 2) * (1.0 + i as f64 * 0.37),
                    z: 0.05 * (1 + i * 7 % 11) as f64,
                })
                .collect();
            for w0 in [0.01, 1.0, 37.0] {
                let star = Star::new(Root::FrontEnd { w: w0 }, workers.clone()).unwrap();
                let p = star.product_form(Options::load(1.0).with_scale(sc).with_order(OrderPolicy::AsGiven)).unwrap();
                let f = jia_root_fraction(w0, &workers, sc);
                assert!(
                    (f - p.root_share()).abs() <= 1e-13 * p.root_share(),
                    "n = {n}, w0 = {w0}: {f} vs {}",
                    p.root_share()
                );
            }
        }
    }
}
