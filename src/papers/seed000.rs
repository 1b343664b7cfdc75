//! Seed 000 (Ahn et al.): the order-statistics numbers of §5.2.

use super::{Row, RunConfig, Section};

const SOURCE: &str = "000_f1e3e63c7ddce45c";

pub(super) fn sections() -> Vec<Section> {
    vec![Section {
        source: SOURCE,
        title: "order statistics of the static distribution (§4.1, §5.2)",
        run: order_statistics,
    }]
}

fn order_statistics(_cfg: &RunConfig) -> Vec<Row> {
    Vec::new()
}
