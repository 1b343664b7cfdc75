//! Jia (Jia, 2009), §3.4.1: the worked equivalent-processor numbers of the SNP example, rebuilt
//! with the classical divisible-load solvers of `loadbal::dlt` and executed on the event engine.
//! (The DLT literature's closed forms and limits the crate also implements are tested in
//! `tests/papers/papers_jia_dlt.rs`; Jia prints none of them.)

use super::{Row, RunConfig, Section};
use loadbal::dlt::{CostScale, DltError, Options, Root, Star, Tree, star_allocate, tree_allocate, tree_simulate};

const KEY: &str = "jia";

pub(super) fn sections() -> Vec<Section> {
    vec![Section {
        source: KEY,
        title: "SNP example: the equivalent processor of P_2 and P_16 (§3.4.1 text)",
        run: thesis_example,
    }]
}

fn thesis_example(_cfg: &RunConfig) -> Vec<Row> {
    let t = "§3.4.1 text";
    example_rows(t).unwrap_or_else(|e| vec![Row::error(KEY, t, "SNP example at t = 5.3333", &e)])
}

/// The SNP example at t = 5.3333: P_2 (w = 2, link z_2 = 0.2 from P_0) and P_16 (w = 2, reached
/// from P_2 over a virtual link z = 0.6), T_cp = 2, T_cm = 1, Phase_1 ends at t = 13. The
/// crate's chain is unrounded: P_3 got (13 − 3.8)/2.4 at t = 3.8 over z = 0.4.
fn example_rows(t: &str) -> Result<Vec<Row>, DltError> {
    let scale = CostScale::new(2.0, 1.0)?;
    let pair =
        star_allocate(Star::new(Root::FrontEnd { w: 2.0 }, &[(0.6, 2.0)]), Options::default().with_scale(scale))?;
    let w_eq = pair.w_equivalent;
    let eff = 0.2 * scale.t_cm + w_eq * scale.t_cp;
    let now = 3.8 + 0.4 * (13.0 - 3.8) / 2.4;
    let batch = (13.0 - now) / eff;
    // Execute the batch on the engine: P_0 (non-computing) → P_2 → P_16.
    let mut tree = Tree::new(None, true)?;
    let p2 = tree.add(0, 0.2, Some(2.0), true)?;
    tree.add(p2, 0.6, Some(2.0), true)?;
    let sol = tree_allocate(&tree, Options::load(batch).with_scale(scale))?;
    let trace = tree_simulate(&tree, &sol, scale)?;
    let shadow = trace.nodes[2].receptions[0].end;
    // The thesis splits its printed, rounded batch 3.2769.
    let printed_split = tree_allocate(&tree, Options::load(3.2769).with_scale(scale))?;
    // The thesis divides 13 − 5.3333 by 2.3396: the half units of both move the batch by this.
    let batch_rounding = 5e-5 / eff + batch * 5e-5 / eff;
    let from_printed = 3.2769 * 0.2 + 1.5241 * 0.6;
    Ok(vec![
        Row::computed(KEY, t, "root fraction of P_2 in {P_2, P_16} (= 4.6/8.6)", pair.alpha[0])
            .note("Jia (3.11)–(3.12) with the index typo fixed; equals the rate form"),
        Row::printed(KEY, t, "equivalent computation power w' of P_2 and P_16", "1.0698", w_eq),
        Row::printed_within(
            KEY,
            t,
            "effective speed z_2·T_cm + w'·T_cp (footnote 6)",
            "2.3396",
            eff,
            5e-5 + scale.t_cp * 5e-5,
            "the thesis adds the rounded w' = 1.0698: its half unit times T_cp = 2 widens the tolerance",
        ),
        Row::printed_within(
            KEY,
            t,
            "batch sent to {P_2, P_16}: (13 − 5.3333)/2.3396",
            "3.2769",
            batch,
            5e-5 + batch_rounding,
            &format!("the thesis divides its rounded 5.3333 and 2.3396: their half units move the batch by {batch_rounding:.1e}"),
        ),
        Row::printed(KEY, t, "load assigned to P_2", "1.7528", sol.allocation.alpha[1]),
        Row::printed(KEY, t, "load assigned to P_16 (split of the printed 3.2769)", "1.5241", printed_split.allocation.alpha[2]).note(
            &format!(
                "redoes the thesis's arithmetic: the crate's split of its printed batch 3.2769; the unrounded batch gives {:.5}",
                sol.allocation.alpha[2]
            ),
        ),
        Row::printed(KEY, t, "both finish at t = 13 (engine, from t = 5.3333)", "13", now + trace.compute_makespan)
            .note("executed on the event engine"),
        Row::printed(KEY, t, "shadow time of |P_2| (reception by P_16 complete)", "1.5701", shadow).explained(
            &format!(
                "store-and-forward timing gives {shadow:.5} (from the printed loads 3.2769·z_2 + 1.5241·0.6 = {from_printed:.5}); \
                 the thesis does not say how the virtual link's hops were timed"
            ),
            5e-4,
        ),
    ])
}
