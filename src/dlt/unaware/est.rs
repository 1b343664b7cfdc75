//! EST, the equivalence-based spanning tree of Jia, §4.2.1: grow the tree from the source,
//! at each step adding the (edge, node) pair that minimises the root's equivalent w (Jia,
//! eqs. (4.3)–(4.4)).
//!
//! The greedy step is computed hierarchically. Attaching a leaf below tree node `u` changes the
//! equivalents only on the path from `u` to the root, and a star's equivalent w is
//! nondecreasing in each child's w (in the rate recursion `r ← (1 + a·r)/(c + a)` a larger `a`
//! gives a smaller rate for an included child, and the rate passed up is increasing in the rate
//! below). So the best attachment inside a subtree is the one that minimises that subtree's
//! own new equivalent w, and
//!
//! ```text
//! best(x) = min( local(x),  min_c star_x(child c's w replaced by best(c)) )
//! local(x) = min_v star_x(with the new leaf v over link z_xv)
//! ```
//!
//! After an insertion only the nodes on the insertion path and on the paths of the new node's
//! tree neighbours need recomputing; a step costs about (path length × degree) star solves
//! instead of (boundary edges × path length).

use super::error::UnawareError;
use super::graph::{Edge, Graph};
use crate::dlt::{CostScale, Options, OrderPolicy, Root, Star, Tree, Worker};

/// A candidate: (the subtree root's new equivalent w, node added, its parent).
type Cand = (f64, usize, usize);

fn better(a: Cand, b: Option<Cand>) -> bool {
    b.is_none_or(|b| a.0 < b.0 || (a.0 == b.0 && (a.1, a.2) < (b.1, b.2)))
}

struct Est<'g> {
    g: &'g Graph,
    scale: CostScale,
    parent: Vec<Option<usize>>,
    depth: Vec<usize>,
    zup: Vec<f64>,
    inside: Vec<bool>,
    /// Children sorted by (z, id): the optimal sending order.
    kids: Vec<Vec<usize>>,
    wsub: Vec<f64>,
    local: Vec<Option<Cand>>,
    best: Vec<Option<Cand>>,
}

impl Est<'_> {
    /// Equivalent w of `v` as a star over its children, with one extra child `(z, w, id)` and
    /// one child's w replaced, optionally; by the classical solver of `crate::dlt`.
    fn star(
        &self,
        v: usize,
        extra: Option<(f64, f64, usize)>,
        repl: Option<(usize, f64)>,
    ) -> Result<f64, UnawareError> {
        let get = |c: usize| match repl {
            Some((r, x)) if r == c => x,
            _ => self.wsub[c],
        };
        let mut items: Vec<(f64, f64, usize)> = self.kids[v].iter().map(|&c| (self.zup[c], get(c), c)).collect();
        if let Some((z, x, id)) = extra {
            let pos = items.partition_point(|it| (it.0, it.2) < (z, id));
            items.insert(pos, (z, x, id));
        }
        let w = self.g.w()[v];
        if items.is_empty() {
            return Ok(w);
        }
        let children: Vec<Worker> = items.iter().map(|it| Worker { w: it.1, z: it.0 }).collect();
        let opts = Options { load: 1.0, scale: self.scale, order: OrderPolicy::AsGiven };
        let s = Star::new(Root::FrontEnd { w }, children)?.allocate(opts)?;
        Ok(s.makespan / self.scale.t_cp())
    }

    fn refresh_local(&mut self, x: usize) -> Result<(), UnawareError> {
        let mut b = None;
        for &Edge { v, z, .. } in self.g.neighbours(x) {
            if self.inside[v] {
                continue;
            }
            let c = (self.star(x, Some((z, self.g.w()[v], v)), None)?, v, x);
            if better(c, b) {
                b = Some(c);
            }
        }
        self.local[x] = b;
        Ok(())
    }

    fn refresh_best(&mut self, x: usize) -> Result<(), UnawareError> {
        let mut b = self.local[x];
        for &c in &self.kids[x] {
            if let Some((wc, v, u)) = self.best[c] {
                let cand = (self.star(x, None, Some((c, wc)))?, v, u);
                if better(cand, b) {
                    b = Some(cand);
                }
            }
        }
        self.best[x] = b;
        Ok(())
    }

    fn path(&self, mut v: usize, out: &mut Vec<usize>) {
        loop {
            out.push(v);
            match self.parent[v] {
                Some(p) => v = p,
                None => return,
            }
        }
    }

    /// Adds `v` below `u` and brings the equivalents and the caches up to date.
    fn insert(&mut self, v: usize, u: usize) -> Result<(), UnawareError> {
        self.inside[v] = true;
        self.parent[v] = Some(u);
        self.depth[v] = self.depth[u] + 1;
        self.zup[v] = self.g.link(u, v).unwrap_or(0.0);
        let pos = self.kids[u].partition_point(|&c| (self.zup[c], c) < (self.zup[v], v));
        self.kids[u].insert(pos, v);
        let mut changed = Vec::new();
        self.path(u, &mut changed);
        for &c in &changed {
            self.wsub[c] = self.star(c, None, None)?;
        }
        // Local candidates change where the star changed (the insertion path), where `v` was a
        // neighbour (it is no longer outside), and at `v` itself.
        let mut locals = changed.clone();
        locals.push(v);
        locals.extend(self.g.neighbours(v).iter().map(|e| e.v).filter(|&y| self.inside[y]));
        locals.sort_unstable();
        locals.dedup();
        let mut dirty = Vec::new();
        for &x in &locals {
            self.refresh_local(x)?;
            self.path(x, &mut dirty);
        }
        dirty.sort_unstable_by(|&a, &b| self.depth[b].cmp(&self.depth[a]).then(a.cmp(&b)));
        dirty.dedup();
        for &x in &dirty {
            self.refresh_best(x)?;
        }
        Ok(())
    }
}

/// Builds the EST rooted at `root` (the caller has checked connectivity and T_cm, T_cp).
pub(super) fn est(g: &Graph, root: usize, scale: CostScale) -> Result<Tree, UnawareError> {
    let n = g.len();
    let mut s = Est {
        g,
        scale,
        parent: vec![None; n],
        depth: vec![0; n],
        zup: vec![0.0; n],
        inside: vec![false; n],
        kids: vec![Vec::new(); n],
        wsub: g.w().to_vec(),
        local: vec![None; n],
        best: vec![None; n],
    };
    s.inside[root] = true;
    s.refresh_local(root)?;
    s.refresh_best(root)?;
    while let Some((_, v, u)) = s.best[root] {
        s.insert(v, u)?;
    }
    let w_root = s.wsub[root];
    let tree = Tree::from_parents(root, s.parent, s.zup, g.w().to_vec())?;
    debug_assert!({
        let e = super::equivalent::equivalent(&tree, crate::dlt::Rules::default(), scale);
        e.map(|e| (e.allocation.w_equivalent - w_root).abs() <= 1e-9 * w_root).unwrap_or(false)
    });
    Ok(tree)
}
