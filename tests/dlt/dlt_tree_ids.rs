//! `Tree::from_parents`: a tree over the ids of a wider network (any root, ids outside the
//! tree), validated with the argument named, and solved exactly like the same tree built node by
//! node, as the event engine confirms.

use loadbal::dlt::*;

/// Jia's unit scale of §3.4 (T_cp = 2, T_cm = 1).
fn scale() -> CostScale {
    CostScale::new(2.0, 1.0).unwrap()
}

#[test]
fn from_parents_names_the_bad_argument() {
    let ok_z = || vec![0.0, 0.5, 0.2];
    let ok_w = || vec![1.0, 2.0, 3.0];
    let err = |root, parent: Vec<Option<usize>>, z: Vec<f64>, w: Vec<f64>| {
        Tree::from_parents(root, parent, z, w).expect_err("an invalid tree").to_string()
    };
    let has = |msg: String, part: &str| assert!(msg.contains(part), "{msg:?} does not name {part:?}");
    // A cycle 1 → 2 → 1 never reaches the root.
    has(err(0, vec![None, Some(2), Some(1)], ok_z(), ok_w()), "parent[1]");
    has(err(0, vec![None, Some(2), Some(1)], ok_z(), ok_w()), "cycle");
    // A node that is its own parent.
    has(err(0, vec![None, Some(1), Some(0)], ok_z(), ok_w()), "parent[1] = 1");
    // A parent on the root.
    has(err(0, vec![Some(1), None, Some(1)], ok_z(), ok_w()), "parent[0] = 1");
    // A parent out of range.
    has(err(0, vec![None, Some(0), Some(7)], ok_z(), ok_w()), "parent[2] = 7");
    // A node hanging below an id outside the tree.
    has(err(0, vec![None, None, Some(1)], ok_z(), ok_w()), "parent[2]");
    // A root out of range.
    has(err(5, vec![None, Some(0), Some(0)], ok_z(), ok_w()), "root = 5");
    // Negative and NaN z, non-positive and NaN w, of a member.
    has(err(0, vec![None, Some(0), Some(0)], vec![0.0, -0.5, 0.2], ok_w()), "z_up[1]");
    has(err(0, vec![None, Some(0), Some(0)], vec![0.0, 0.5, f64::NAN], ok_w()), "z_up[2]");
    has(err(0, vec![None, Some(0), Some(0)], ok_z(), vec![1.0, -2.0, 3.0]), "w[1]");
    has(err(0, vec![None, Some(0), Some(0)], ok_z(), vec![1.0, 2.0, f64::NAN]), "w[2]");
    has(err(0, vec![None, Some(0), Some(0)], ok_z(), vec![0.0, 2.0, 3.0]), "w[0]");
    // One entry per id.
    has(err(0, vec![None, Some(0), Some(0)], vec![0.0, 0.5], ok_w()), "z_up");
    assert!(matches!(Tree::from_parents(0, vec![], vec![], vec![]), Err(DltError::Empty { .. })));
    // Ids outside the tree and the root's z are not read.
    let t = Tree::from_parents(1, vec![None, None, Some(1)], vec![f64::NAN, -1.0, 0.5], vec![-1.0, 2.0, 3.0]).unwrap();
    assert_eq!((t.root(), t.members(), t.z_up(1)), (1, vec![1, 2], 0.0));
}

/// Root 3, id 5 outside the tree: 3 → {0, 2}, 0 → {1, 4}, 2 → {6}.
fn id_tree() -> Tree {
    let parent = vec![Some(3), Some(0), Some(3), None, Some(0), None, Some(2)];
    let z = vec![0.4, 0.3, 0.1, 0.0, 0.6, 9.0, 0.2];
    let w = vec![2.0, 5.0, 3.0, 4.0, 1.5, 9.0, 2.5];
    Tree::from_parents(3, parent, z, w).unwrap()
}

#[test]
fn id_queries() {
    let t = id_tree();
    assert_eq!((t.root(), t.len(), t.id_len()), (3, 6, 7));
    assert_eq!(t.members(), vec![0, 1, 2, 3, 4, 6]);
    assert!(!t.is_member(5) && t.node_of(5).is_none() && t.w(5).is_none());
    assert_eq!((t.parent(3), t.parent(1), t.parent(5)), (None, Some(0), None));
    assert_eq!((t.children(3), t.children(0), t.children(5)), (&[0, 2][..], &[1, 4][..], &[][..]));
    // Pre-order, children by increasing id.
    assert_eq!(t.ids(), &[3, 0, 1, 4, 2, 6]);
    assert_eq!(t.parents(), vec![Some(3), Some(0), Some(3), None, Some(0), None, Some(2)]);
    assert_eq!((t.z_up(4), t.w(4)), (0.6, Some(1.5)));
    assert!((t.path_z(4) - 1.0).abs() < 1e-15 && (t.path_z(6) - 0.3).abs() < 1e-15);
    assert_eq!((t.top_child(1), t.top_child(6), t.top_child(3), t.top_child(5)), (Some(0), Some(2), None, None));
    assert_eq!(t.eccentricity(), 2);
    assert_eq!(t.to_string(), "tree rooted at 3: 6 of 7 nodes, depth 2, w in [1.5, 5], z in [0.1, 0.6]");
}

/// The same tree built node by node with `Tree::new`/`Tree::add` in the id tree's pre-order.
fn by_hand() -> Tree {
    let mut t = Tree::new(Some(4.0), true).unwrap(); // id 3
    let n0 = t.add(0, 0.4, Some(2.0), true).unwrap(); // id 0
    t.add(n0, 0.3, Some(5.0), true).unwrap(); // id 1
    t.add(n0, 0.6, Some(1.5), true).unwrap(); // id 4
    let n2 = t.add(0, 0.1, Some(3.0), true).unwrap(); // id 2
    t.add(n2, 0.2, Some(2.5), true).unwrap(); // id 6
    t
}

#[test]
fn a_tree_from_ids_allocates_like_the_tree_built_by_hand() {
    let (ids, hand) = (id_tree(), by_hand());
    assert_eq!(ids.nodes(), hand.nodes());
    for order in [OrderPolicy::AsGiven, OrderPolicy::Optimal] {
        let opts = Options { load: 10.0, scale: scale(), order };
        let sol = ids.allocate(opts).unwrap();
        // The id tree's allocation executed on the tree built by hand: every node ends at the
        // makespan the id tree predicted (the engine is the independent check).
        let trace = hand.simulate(&sol, scale()).unwrap();
        assert!(trace.finish_spread(sol.allocation.makespan) < 1e-12, "{order:?}");
        assert!((trace.compute_makespan - sol.allocation.makespan).abs() < 1e-12 * sol.allocation.makespan);
        let total: f64 = sol.allocation.alpha.iter().sum();
        assert!((total - 10.0).abs() < 1e-12);
        assert!(sol.allocation.alpha.iter().all(|&x| x > 0.0));
    }
}

#[cfg(feature = "serde")]
/// A tree from ids keeps its ids through JSON; a tree whose ids are its positions is written as
/// before (`{"nodes": [...]}`), and repeated ids are refused on reading.
#[test]
fn ids_survive_serde() {
    let t = id_tree();
    let text = serde_json::to_string(&t).unwrap();
    assert!(text.contains("\"ids\":[3,0,1,4,2,6]") && text.contains("\"id_len\":7"), "{text}");
    assert_eq!(serde_json::from_str::<Tree>(&text).unwrap(), t);
    let plain = serde_json::to_string(&by_hand()).unwrap();
    assert!(!plain.contains("ids"), "{plain}");
    assert_eq!(serde_json::from_str::<Tree>(&plain).unwrap(), by_hand());
    let repeated = text.replace("[3,0,1,4,2,6]", "[3,0,1,4,2,3]");
    assert!(serde_json::from_str::<Tree>(&repeated).unwrap_err().to_string().contains("repeated"));
}
