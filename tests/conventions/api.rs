//! A model of the crate's sources good enough to check its API conventions: the module tree from
//! `src/lib.rs`, every item with its visibility, which items a user can reach (public items of
//! public modules and `pub use` re-exports), and which files each file imports.
//!
//! It reads the sources with `syn`, independently of the compiler's own view; the negative
//! controls in `main.rs` show that it finds what it is meant to find.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// A module: its path from the crate root, its file, whether it is declared `pub`, and its
/// parsed contents.
#[derive(Debug)]
pub struct Module {
    pub path: Vec<String>,
    pub file: PathBuf,
    pub declared_pub: bool,
    /// Items at the top level of the module (inline submodules are modules of their own).
    pub items: Vec<syn::Item>,
    /// Whether the module's contents come from `file` as a whole (false for inline modules).
    pub own_file: bool,
}

/// What kind of public item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Function,
    Struct,
    Enum,
    Trait,
    Constant,
    TypeAlias,
}

/// A function signature as the rules see it.
#[derive(Debug, Clone)]
pub struct Signature {
    /// `Type::method` or `function`, for messages.
    pub name: String,
    pub file: PathBuf,
    pub params: Vec<(String, syn::Type)>,
    pub output: Option<syn::Type>,
}

/// The crate as the rules see it.
#[derive(Debug, Default)]
pub struct Crate {
    pub modules: Vec<Module>,
    /// Publicly reachable items: (module path, name) → kind.
    pub public: BTreeMap<(Vec<String>, String), Kind>,
    /// Public free functions and public methods of public types.
    pub signatures: Vec<Signature>,
    /// Public fields of public structs and of public enums' variants: (owner, field, type).
    pub fields: Vec<(String, String, syn::Type)>,
    /// Variants of public enums: (enum, variant).
    pub variants: Vec<(String, String)>,
    /// Public constants: (name, type).
    pub constants: Vec<(String, syn::Type)>,
    /// Files each file imports (paths relative to `src/`).
    pub imports: BTreeMap<PathBuf, BTreeSet<PathBuf>>,
}

fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .any(|a| a.path().is_ident("cfg") && a.meta.require_list().is_ok_and(|l| l.tokens.to_string().contains("test")))
}

fn is_pub(vis: &syn::Visibility) -> bool {
    matches!(vis, syn::Visibility::Public(_))
}

/// Reads the module tree rooted at `lib` (a crate's `src/lib.rs`).
pub fn read_crate(lib: &Path) -> Crate {
    let src = lib.parent().expect("src/").to_path_buf();
    let text = std::fs::read_to_string(lib).expect("read lib.rs");
    read_crate_from(&src, text)
}

/// Reads a crate whose root file has contents `root_text` and lives in `src` (other modules are
/// read from files under `src`).
pub fn read_crate_from(src: &Path, root_text: String) -> Crate {
    let mut modules = Vec::new();
    let file = syn::parse_file(&root_text).expect("parse the crate root");
    load(src, src.join("lib.rs"), src.to_path_buf(), Vec::new(), true, file.items, true, &mut modules);
    let mut c = Crate { modules, ..Crate::default() };
    c.resolve_public();
    c.resolve_imports(src);
    c
}

#[allow(clippy::too_many_arguments)]
fn load(
    src: &Path,
    file: PathBuf,
    dir: PathBuf,
    path: Vec<String>,
    declared_pub: bool,
    items: Vec<syn::Item>,
    own_file: bool,
    out: &mut Vec<Module>,
) {
    let mut children = Vec::new();
    for item in &items {
        if let syn::Item::Mod(m) = item {
            if is_cfg_test(&m.attrs) {
                continue;
            }
            let name = m.ident.to_string();
            let mut child_path = path.clone();
            child_path.push(name.clone());
            match &m.content {
                Some((_, inner)) => {
                    children.push((file.clone(), dir.join(&name), child_path, is_pub(&m.vis), inner.clone(), false))
                }
                None => {
                    let flat = dir.join(format!("{name}.rs"));
                    let nested = dir.join(&name).join("mod.rs");
                    let f = if flat.exists() { flat } else { nested };
                    let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("read {}: {e}", f.display()));
                    let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("parse {}: {e}", f.display()));
                    children.push((f, dir.join(&name), child_path, is_pub(&m.vis), parsed.items, true));
                }
            }
        }
    }
    let _ = src;
    out.push(Module { path, file, declared_pub, items, own_file });
    for (f, d, p, vis, items, own) in children {
        load(src, f, d, p, vis, items, own, out);
    }
}

fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

impl Crate {
    fn module(&self, path: &[String]) -> Option<&Module> {
        self.modules.iter().find(|m| m.path == path)
    }

    /// Whether every module from the root down to `path` is declared `pub`.
    fn module_reachable(&self, path: &[String]) -> bool {
        (1..=path.len()).all(|k| self.module(&path[..k]).is_some_and(|m| m.declared_pub))
    }

    /// The module and item name a `use` path names, seen from module `from`, or `None` when it
    /// leaves the crate.
    fn resolve_path(&self, from: &[String], segments: &[String]) -> Option<(Vec<String>, Option<String>)> {
        let mut here: Vec<String> = match segments.first().map(String::as_str) {
            Some("crate") => Vec::new(),
            Some("self") => from.to_vec(),
            Some("super") => from.to_vec(),
            Some(first) if self.module(&[from, &[first.to_string()]].concat()).is_some() => from.to_vec(),
            _ => return None,
        };
        let mut rest = segments;
        match rest.first().map(String::as_str) {
            Some("crate") | Some("self") => rest = &rest[1..],
            _ => {}
        }
        while rest.first().map(String::as_str) == Some("super") {
            here.pop();
            rest = &rest[1..];
        }
        for (i, seg) in rest.iter().enumerate() {
            let mut next = here.clone();
            next.push(seg.clone());
            if self.module(&next).is_some() {
                here = next;
            } else {
                let _ = i;
                return Some((here, Some(seg.clone())));
            }
        }
        Some((here, None))
    }

    /// Where the item `name` of module `module` is defined, following `use` re-exports.
    fn defining_module(&self, module: &[String], name: &str, depth: usize) -> Vec<String> {
        if depth > 16 {
            return module.to_vec();
        }
        let Some(m) = self.module(module) else { return module.to_vec() };
        for item in &m.items {
            if let syn::Item::Use(u) = item {
                for (segments, alias) in use_leaves(&u.tree) {
                    if alias == name
                        && let Some((target, Some(item_name))) = self.resolve_path(module, &segments)
                        && target != module
                    {
                        return self.defining_module(&target, &item_name, depth + 1);
                    }
                }
            }
        }
        module.to_vec()
    }

    fn resolve_public(&mut self) {
        let mut public = BTreeMap::new();
        let mut types = BTreeSet::new();
        // Public items of reachable modules.
        for m in &self.modules {
            if !self.module_reachable(&m.path) {
                continue;
            }
            for item in &m.items {
                if let Some((name, kind, vis)) = item_kind(item)
                    && is_pub(vis)
                {
                    public.insert((m.path.clone(), name), kind);
                }
            }
        }
        // Re-exports from reachable modules.
        for m in &self.modules {
            if !self.module_reachable(&m.path) {
                continue;
            }
            for item in &m.items {
                if let syn::Item::Use(u) = item
                    && is_pub(&u.vis)
                {
                    for (segments, _) in use_leaves(&u.tree) {
                        if let Some((target, Some(name))) = self.resolve_path(&m.path, &segments) {
                            let def = self.defining_module(&target, &name, 0);
                            if let Some(kind) = self.item_in(&def, &name) {
                                public.insert((def, name), kind);
                            }
                        }
                    }
                }
            }
        }
        for ((module, name), kind) in &public {
            if matches!(kind, Kind::Struct | Kind::Enum | Kind::Trait | Kind::TypeAlias) {
                types.insert((module.clone(), name.clone()));
            }
        }
        // Signatures, fields, variants, constants of the public items.
        let mut signatures = Vec::new();
        let mut fields = Vec::new();
        let mut variants = Vec::new();
        let mut constants = Vec::new();
        for m in &self.modules {
            for item in &m.items {
                match item {
                    syn::Item::Fn(f) if public.contains_key(&(m.path.clone(), f.sig.ident.to_string())) => {
                        signatures.push(signature(&f.sig.ident.to_string(), &m.file, &f.sig));
                    }
                    syn::Item::Struct(s) if public.contains_key(&(m.path.clone(), s.ident.to_string())) => {
                        for f in &s.fields {
                            if is_pub(&f.vis)
                                && let Some(id) = &f.ident
                            {
                                fields.push((s.ident.to_string(), id.to_string(), f.ty.clone()));
                            }
                        }
                    }
                    syn::Item::Enum(e) if public.contains_key(&(m.path.clone(), e.ident.to_string())) => {
                        for v in &e.variants {
                            variants.push((e.ident.to_string(), v.ident.to_string()));
                            for f in &v.fields {
                                if let Some(id) = &f.ident {
                                    fields.push((format!("{}::{}", e.ident, v.ident), id.to_string(), f.ty.clone()));
                                }
                            }
                        }
                    }
                    syn::Item::Const(c) if public.contains_key(&(m.path.clone(), c.ident.to_string())) => {
                        constants.push((c.ident.to_string(), (*c.ty).clone()));
                    }
                    syn::Item::Impl(i) if i.trait_.is_none() => {
                        let Some(owner) = type_name(&i.self_ty) else { continue };
                        // The type must be public (it may be defined in another module).
                        let owner_public = types.iter().any(|(_, n)| *n == owner);
                        if !owner_public {
                            continue;
                        }
                        for ii in &i.items {
                            if let syn::ImplItem::Fn(f) = ii
                                && is_pub(&f.vis)
                            {
                                signatures.push(signature(&format!("{owner}::{}", f.sig.ident), &m.file, &f.sig));
                            }
                            if let syn::ImplItem::Const(c) = ii
                                && is_pub(&c.vis)
                            {
                                constants.push((format!("{owner}::{}", c.ident), c.ty.clone()));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        self.public = public;
        self.signatures = signatures;
        self.fields = fields;
        self.variants = variants;
        self.constants = constants;
    }

    fn item_in(&self, module: &[String], name: &str) -> Option<Kind> {
        let m = self.module(module)?;
        m.items.iter().filter_map(item_kind).find(|(n, _, _)| n == name).map(|(_, k, _)| k)
    }

    fn resolve_imports(&mut self, src: &Path) {
        let mut imports: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
        for m in &self.modules {
            if !m.own_file {
                continue;
            }
            let rel = m.file.strip_prefix(src).unwrap_or(&m.file).to_path_buf();
            let mut paths = PathCollector::default();
            for item in &m.items {
                if let syn::Item::Use(u) = item {
                    for (segments, _) in use_leaves(&u.tree) {
                        paths.paths.push(segments);
                    }
                } else if let syn::Item::Mod(inner) = item {
                    // Inline non-test submodules belong to this file.
                    if !is_cfg_test(&inner.attrs)
                        && let Some((_, items)) = &inner.content
                    {
                        for i in items {
                            paths.visit_item(i);
                        }
                    }
                } else {
                    paths.visit_item(item);
                }
            }
            let targets = imports.entry(rel.clone()).or_default();
            for segments in paths.paths {
                let Some((module, name)) = self.resolve_path(&m.path, &segments) else { continue };
                let def = match name {
                    Some(n) => self.defining_module(&module, &n, 0),
                    None => module,
                };
                if let Some(dm) = self.module(&def) {
                    let f = dm.file.strip_prefix(src).unwrap_or(&dm.file).to_path_buf();
                    if f != rel {
                        targets.insert(f);
                    }
                }
            }
        }
        self.imports = imports;
    }

    /// Pairs of files that import each other (directly), and longer cycles as their files.
    pub fn import_cycles(&self) -> Vec<Vec<PathBuf>> {
        // Tarjan's strongly connected components.
        let nodes: Vec<&PathBuf> = self.imports.keys().collect();
        let index_of: BTreeMap<&PathBuf, usize> = nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let n = nodes.len();
        let adj: Vec<Vec<usize>> =
            nodes.iter().map(|f| self.imports[*f].iter().filter_map(|t| index_of.get(t).copied()).collect()).collect();
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0; n];
        let mut on_stack = vec![false; n];
        let mut stack = Vec::new();
        let mut next = 0;
        let mut out = Vec::new();
        #[allow(clippy::too_many_arguments)] // Tarjan's recursion state, kept as plain arguments
        fn strong(
            v: usize,
            adj: &[Vec<usize>],
            index: &mut [usize],
            low: &mut [usize],
            on_stack: &mut [bool],
            stack: &mut Vec<usize>,
            next: &mut usize,
            out: &mut Vec<Vec<usize>>,
        ) {
            index[v] = *next;
            low[v] = *next;
            *next += 1;
            stack.push(v);
            on_stack[v] = true;
            for &w in &adj[v] {
                if index[w] == usize::MAX {
                    strong(w, adj, index, low, on_stack, stack, next, out);
                    low[v] = low[v].min(low[w]);
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    out.push(comp);
                }
            }
        }
        let mut comps = Vec::new();
        for v in 0..n {
            if index[v] == usize::MAX {
                strong(v, &adj, &mut index, &mut low, &mut on_stack, &mut stack, &mut next, &mut comps);
            }
        }
        for c in comps {
            let mut files: Vec<PathBuf> = c.into_iter().map(|i| nodes[i].clone()).collect();
            files.sort();
            out.push(files);
        }
        out
    }
}

fn item_kind(item: &syn::Item) -> Option<(String, Kind, &syn::Visibility)> {
    Some(match item {
        syn::Item::Fn(f) => (f.sig.ident.to_string(), Kind::Function, &f.vis),
        syn::Item::Struct(s) => (s.ident.to_string(), Kind::Struct, &s.vis),
        syn::Item::Enum(e) => (e.ident.to_string(), Kind::Enum, &e.vis),
        syn::Item::Trait(t) => (t.ident.to_string(), Kind::Trait, &t.vis),
        syn::Item::Const(c) => (c.ident.to_string(), Kind::Constant, &c.vis),
        syn::Item::Type(t) => (t.ident.to_string(), Kind::TypeAlias, &t.vis),
        _ => return None,
    })
}

fn signature(name: &str, file: &Path, sig: &syn::Signature) -> Signature {
    let params = sig
        .inputs
        .iter()
        .filter_map(|a| match a {
            syn::FnArg::Typed(t) => {
                let name = match &*t.pat {
                    syn::Pat::Ident(i) => i.ident.to_string(),
                    _ => "_".to_string(),
                };
                Some((name, (*t.ty).clone()))
            }
            syn::FnArg::Receiver(_) => None,
        })
        .collect();
    let output = match &sig.output {
        syn::ReturnType::Default => None,
        syn::ReturnType::Type(_, t) => Some((**t).clone()),
    };
    Signature { name: name.to_string(), file: file.to_path_buf(), params, output }
}

/// The leaves of a `use` tree: (path segments, the name it is bound to).
pub fn use_leaves(tree: &syn::UseTree) -> Vec<(Vec<String>, String)> {
    fn walk(t: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
        match t {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                walk(&p.tree, prefix, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let name = n.ident.to_string();
                if name == "self" {
                    out.push((prefix.clone(), prefix.last().cloned().unwrap_or_default()));
                } else {
                    let mut p = prefix.clone();
                    p.push(name.clone());
                    out.push((p, name));
                }
            }
            syn::UseTree::Rename(r) => {
                let mut p = prefix.clone();
                p.push(r.ident.to_string());
                out.push((p, r.rename.to_string()));
            }
            syn::UseTree::Glob(_) => out.push((prefix.clone(), "*".to_string())),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    walk(t, prefix, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(tree, &mut Vec::new(), &mut out);
    out
}

/// Every path in code that starts with `crate`, `super` or `self`.
#[derive(Default)]
struct PathCollector {
    paths: Vec<Vec<String>>,
}

impl<'ast> Visit<'ast> for PathCollector {
    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segments: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        if matches!(segments.first().map(String::as_str), Some("crate" | "super" | "self")) && segments.len() > 1 {
            self.paths.push(segments);
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if !is_cfg_test(&m.attrs) {
            syn::visit::visit_item_mod(self, m);
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        for (segments, _) in use_leaves(&u.tree) {
            self.paths.push(segments);
        }
    }
}
