//! The 19-processor tree of the Chapter 3 worked examples (Jia, Fig. 3.8), reconstructed
//! from Table 3.1 and the narrative (Jia, §3.3; the figure itself is missing from the thesis text).

use super::tree::{RootedTree, TreeNetwork};

/// Jia, Table 3.1 as printed: (P_i, T^cs, T^cf (CTC), T^p (PTC), w, z) of the probe on the Fig. 3.8
/// tree (PL = 1). These are the reports SLD and DLD start from in the examples of Jia, §3.4; note
/// T^p_16 = 4.3, which contradicts w_16 = 2.0 (the worked numbers use both).
pub const TABLE_3_1: [(usize, f64, f64, f64, f64, f64); 19] = [
    (1, 0.0, 0.5, 14.5, 7.0, 0.5),
    (2, 0.5, 0.7, 4.7, 2.0, 0.2),
    (3, 0.7, 1.1, 3.1, 1.0, 0.4),
    (4, 1.1, 2.0, 202.0, 100.0, 0.9),
    (5, 0.5, 1.0, 5.0, 2.0, 0.5),
    (6, 0.7, 1.0, 3.0, 1.0, 0.3),
    (7, 1.0, 1.3, 201.3, 100.0, 0.3),
    (8, 2.0, 2.6, 18.6, 8.0, 0.6),
    (9, 2.6, 2.8, 20.8, 9.0, 0.2),
    (10, 1.0, 1.4, 9.4, 4.0, 0.4),
    (11, 1.4, 2.2, 16.2, 7.0, 0.8),
    (12, 2.2, 3.0, 9.0, 3.0, 0.8),
    (13, 3.0, 3.2, 13.2, 5.0, 0.2),
    (14, 1.0, 1.1, 17.1, 8.0, 0.1),
    (15, 2.8, 12.8, 16.8, 2.0, 10.0),
    (16, 1.1, 1.3, 4.3, 2.0, 0.2),
    (17, 12.8, 13.3, 21.3, 4.0, 0.5),
    (18, 13.3, 13.7, 21.7, 4.0, 0.4),
    (19, 13.7, 14.4, 26.4, 6.0, 0.7),
];

/// The reconstructed Fig. 3.8 tree with the z and w of Jia, Table 3.1: the example network
/// of Jia, §3.4 (P_0 = node 0 does not compute; its w is set to 1 and unused). w_16 = 2.0,
/// as every worked number uses; Table 3.1's T^p_16 = 4.3 would need 1.5.
///
/// ```text
/// P0 -> P1 (z=0.5), P2 (0.2), P3 (0.4), P4 (0.9);  P1 -> P5 (0.5);  P5 -> P10 (0.4), P11 (0.8), P12 (0.8), P13 (0.2)
/// P2 -> P6 (0.3), P7 (0.3);  P6 -> P14 (0.1);  P14 -> P16 (0.2);  P4 -> P8 (0.6), P9 (0.2);  P9 -> P15 (10.0)
/// P15 -> P17 (0.5), P18 (0.4), P19 (0.7)
/// ```
///
/// # Accuracy
/// Exact: the printed values of Jia, Table 3.1.
///
/// # Examples
/// ```
/// let ex = loadbal::dlt::unaware::fig_3_8();
/// assert!((ex.tree.path_z(19) - 11.8).abs() < 1e-12);
/// assert_eq!(ex.tree.top_child(16), Some(2));
/// ```
pub fn fig_3_8() -> TreeNetwork {
    // (node, parent, z, w)
    const ROWS: [(usize, usize, f64, f64); 19] = [
        (1, 0, 0.5, 7.0),
        (2, 0, 0.2, 2.0),
        (3, 0, 0.4, 1.0),
        (4, 0, 0.9, 100.0),
        (5, 1, 0.5, 2.0),
        (6, 2, 0.3, 1.0),
        (7, 2, 0.3, 100.0),
        (8, 4, 0.6, 8.0),
        (9, 4, 0.2, 9.0),
        (10, 5, 0.4, 4.0),
        (11, 5, 0.8, 7.0),
        (12, 5, 0.8, 3.0),
        (13, 5, 0.2, 5.0),
        (14, 6, 0.1, 8.0),
        (15, 9, 10.0, 2.0),
        (16, 14, 0.2, 2.0),
        (17, 15, 0.5, 4.0),
        (18, 15, 0.4, 4.0),
        (19, 15, 0.7, 6.0),
    ];
    let mut parent = vec![None; 20];
    let mut z = vec![0.0; 20];
    let mut w = vec![1.0; 20];
    for (v, p, zv, wv) in ROWS {
        parent[v] = Some(p);
        z[v] = zv;
        w[v] = wv;
    }
    let tree = RootedTree::new(0, parent, z).unwrap_or_else(|_| unreachable!("the constant tree is valid"));
    TreeNetwork { tree, w }
}

/// The speed changes of the DNP example (Jia, §3.4, Table 3.3) as stated in the text; Fig. 3.10,
/// which holds the full timeline, is missing (Jia, §3.5; the times are inferred from the narrative).
///
/// ```text
/// t = 3.8:    z_3 0.4 → 0.2, w_3 1.0 → 0.5      (P_3 becomes "twice faster" on its first load)
/// t = 5.0:    w_6 1.0 → 2.0; z_6 0.3 → 0.2, z_14 0.1 → 0.15
/// t = 9.1667: z_1 0.5 → 0.4, z_5 0.5 → 0.4, z_12 0.8 → 10.0, w_12 3.0 → 3.5
/// t = 13:     z_2 0.2 → 0.5, w_2 2.0 → 1.5, w_16 2.0 → 9.0
/// ```
///
/// # Accuracy
/// The values as printed; 9 + 1/6 is rounded to the nearest `f64`.
pub fn dnp_changes() -> Vec<super::dld::SpeedChange> {
    use super::dld::{Param, SpeedChange};
    let c = |time, node, param, value| SpeedChange { time, node, param, value };
    vec![
        c(3.8, 3, Param::Z, 0.2),
        c(3.8, 3, Param::W, 0.5),
        c(5.0, 6, Param::W, 2.0),
        c(5.0, 6, Param::Z, 0.2),
        c(5.0, 14, Param::Z, 0.15),
        c(9.0 + 1.0 / 6.0, 1, Param::Z, 0.4),
        c(9.0 + 1.0 / 6.0, 5, Param::Z, 0.4),
        c(9.0 + 1.0 / 6.0, 12, Param::Z, 10.0),
        c(9.0 + 1.0 / 6.0, 12, Param::W, 3.5),
        c(13.0, 2, Param::Z, 0.5),
        c(13.0, 2, Param::W, 1.5),
        c(13.0, 16, Param::W, 9.0),
    ]
}
