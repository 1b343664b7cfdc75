//! The API conventions of the crate root's documentation (`src/lib.rs`, "Conventions"), checked
//! over every public item of `loadbal` as its sources declare them:
//!
//! - no public name cites a paper's equation, table, figure, theorem, lemma, proposition,
//!   definition, section or model number (or says "thesis"/"paper"); the citation goes in the docs;
//! - at most four parameters per public function or method;
//! - counts are `u64`;
//! - one name per concept: a standard deviation is `sd` (never `sigma`, `std_dev`, …);
//! - results are structs: no tuple or array in a public return type;
//! - one type for size limits: every public `MAX_*` constant is a `u64`;
//! - at most 300 public items (functions, structs, enums, traits, constants, type aliases);
//! - no file imports a file that imports it.
//!
//! Each rule is also run on a deliberately bad crate (`bad_crate`), which it must reject: the
//! checks find what they are meant to find.
//!
//! The crate does not follow every rule yet. Each rule's known violations are listed, one per
//! line, in `tests/conventions/debt/<rule>.txt` (the public item count in `public_items.txt`): a
//! violation not on its list fails the test, and so does a listed one that no longer occurs, so
//! the lists only shrink. `LOADBAL_BLESS_DEBT=1 cargo test --test conventions` rewrites them after
//! a fix (review the diff: it must only remove lines).

mod api;

use api::{Crate, Signature};
use std::path::Path;

/// Names of count parameters and fields (a number of things, never a position).
const COUNT_NAMES: &[&str] = &[
    "n",
    "p",
    "c",
    "k",
    "count",
    "replicas",
    "processors",
    "servers",
    "levels",
    "states",
    "tasks",
    "replications",
    "reps",
    "phases",
    "workers",
    "nodes",
    "steps",
    "installments",
    "processes",
    "rounds",
    "sources",
    "capacity",
    "customers",
    "warmup",
    "depth",
];

/// Names that a standard deviation must not have.
const SPREAD_NAMES: &[&str] = &["sigma", "std_dev", "std_devs", "stddev", "sigma_t", "long_sd", "sd_t"];

/// The most public items the crate may have.
const MAX_PUBLIC_ITEMS: usize = 300;

fn the_crate() -> Crate {
    api::read_crate(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
}

/// Whether `name` cites a paper's numbering (or the paper itself) instead of saying what it is.
fn cites_a_number(name: &str) -> bool {
    let lower = name.to_lowercase();
    let words = [
        "model",
        "theorem",
        "corollary",
        "lemma",
        "table",
        "fig",
        "figure",
        "prop",
        "proposition",
        "eq",
        "equation",
        "def",
        "definition",
        "sec",
        "section",
        "approx",
        "chapter",
    ];
    let bytes: Vec<char> = lower.chars().collect();
    for w in words {
        let mut start = 0;
        while let Some(pos) = lower[start..].find(w) {
            let at = start + pos;
            // The word must start a word of the name (after '_' or at the start, or a capital in
            // CamelCase), and be followed by an optional '_' and a digit.
            let boundary = at == 0 || bytes[at - 1] == '_' || name.chars().nth(at).is_some_and(char::is_uppercase);
            let mut after = at + w.len();
            if bytes.get(after) == Some(&'_') {
                after += 1;
            }
            if boundary && bytes.get(after).is_some_and(char::is_ascii_digit) {
                return true;
            }
            start = at + w.len();
        }
    }
    // Dobber's model numbers as variants (M11, M13a) and paper conveniences by name.
    let model_variant =
        name.len() >= 3 && name.starts_with('M') && name[1..].chars().take_while(char::is_ascii_digit).count() >= 2;
    model_variant || lower.contains("thesis") || lower.contains("paper")
}

fn type_text(ty: &syn::Type) -> String {
    quote::quote!(#ty).to_string().replace(' ', "")
}

fn has_tuple_or_array(ty: &syn::Type) -> bool {
    struct Finder(bool);
    impl<'ast> syn::visit::Visit<'ast> for Finder {
        fn visit_type_tuple(&mut self, t: &'ast syn::TypeTuple) {
            if !t.elems.is_empty() {
                self.0 = true;
            }
            syn::visit::visit_type_tuple(self, t);
        }
        fn visit_type_array(&mut self, t: &'ast syn::TypeArray) {
            self.0 = true;
            syn::visit::visit_type_array(self, t);
        }
    }
    let mut f = Finder(false);
    syn::visit::Visit::visit_type(&mut f, ty);
    f.0
}

fn is_integer_not_u64(ty: &syn::Type) -> bool {
    matches!(
        type_text(ty).as_str(),
        "usize" | "u32" | "u16" | "u8" | "i64" | "i32" | "isize" | "u128" | "Option<usize>" | "Option<u32>"
    )
}

fn name_violations(c: &Crate) -> Vec<String> {
    let mut bad = Vec::new();
    for (module, name) in c.public.keys() {
        if cites_a_number(name) {
            bad.push(format!("{}::{name}", module.join("::")));
        }
    }
    for s in &c.signatures {
        let last = s.name.rsplit("::").next().unwrap_or(&s.name);
        if cites_a_number(last) {
            bad.push(s.name.clone());
        }
    }
    for (owner, v) in &c.variants {
        if cites_a_number(v) {
            bad.push(format!("{owner}::{v}"));
        }
    }
    bad.sort();
    bad.dedup();
    bad
}

fn parameter_violations(c: &Crate) -> Vec<String> {
    c.signatures
        .iter()
        .filter(|s| s.params.len() > 4)
        .map(|s| format!("{} takes {} parameters ({})", s.name, s.params.len(), s.file.display()))
        .collect()
}

fn count_violations(c: &Crate) -> Vec<String> {
    let mut bad = Vec::new();
    for s in &c.signatures {
        for (name, ty) in &s.params {
            if COUNT_NAMES.contains(&name.as_str()) && is_integer_not_u64(ty) {
                bad.push(format!("{}: count `{name}` is {}", s.name, type_text(ty)));
            }
        }
    }
    for (owner, name, ty) in &c.fields {
        if COUNT_NAMES.contains(&name.as_str()) && is_integer_not_u64(ty) {
            bad.push(format!("{owner}.{name} is {}", type_text(ty)));
        }
    }
    bad
}

fn spread_violations(c: &Crate) -> Vec<String> {
    let mut bad = Vec::new();
    let spread = |n: &str| SPREAD_NAMES.contains(&n) || n.starts_with("sigma") || n.ends_with("_sigma");
    for s in &c.signatures {
        // The function or method's own name (`Estimate::sd`, not `Estimate::std_dev`).
        if spread(s.name.rsplit("::").next().unwrap_or(&s.name)) {
            bad.push(format!("{}: its name", s.name));
        }
        for (name, _) in &s.params {
            if spread(name) {
                bad.push(format!("{}: parameter `{name}`", s.name));
            }
        }
    }
    for (owner, name, _) in &c.fields {
        if spread(name) {
            bad.push(format!("{owner}.{name}"));
        }
    }
    bad
}

fn tuple_violations(c: &Crate) -> Vec<String> {
    c.signatures
        .iter()
        .filter_map(|s: &Signature| {
            let out = s.output.as_ref()?;
            has_tuple_or_array(out).then(|| format!("{} returns {}", s.name, type_text(out)))
        })
        .collect()
}

fn limit_violations(c: &Crate) -> Vec<String> {
    c.constants
        .iter()
        .filter(|(name, ty)| name.rsplit("::").next().is_some_and(|n| n.starts_with("MAX_")) && type_text(ty) != "u64")
        .map(|(name, ty)| format!("{name} is {}", type_text(ty)))
        .collect()
}

/// The list of known violations of `rule` (see the module docs).
fn debt_file(rule: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conventions/debt").join(format!("{}.txt", rule.replace(' ', "_")))
}

fn blessing() -> bool {
    std::env::var_os("LOADBAL_BLESS_DEBT").is_some_and(|v| v == "1")
}

/// Fails on a violation of `rule` that its debt list does not name, and on a listed violation that
/// no longer occurs.
fn report(rule: &str, bad: &[String]) {
    let path = debt_file(rule);
    let mut found: Vec<String> = bad.to_vec();
    found.sort();
    found.dedup();
    if blessing() {
        let mut text =
            format!("# Known violations of the rule \"{rule}\" (tests/conventions/main.rs); this list only shrinks.\n");
        for line in &found {
            text.push_str(line);
            text.push('\n');
        }
        std::fs::write(&path, text).expect("write the debt list");
        return;
    }
    let known: std::collections::BTreeSet<String> = std::fs::read_to_string(&path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    let new: Vec<&String> = found.iter().filter(|v| !known.contains(*v)).collect();
    let gone: Vec<&String> = known.iter().filter(|v| !found.contains(*v)).collect();
    assert!(
        new.is_empty(),
        "{rule}: {} new violation(s):\n  {}",
        new.len(),
        new.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n  ")
    );
    assert!(
        gone.is_empty(),
        "{rule}: {} listed violation(s) no longer occur; remove them from {} (LOADBAL_BLESS_DEBT=1):\n  {}",
        gone.len(),
        path.display(),
        gone.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n  ")
    );
}

#[test]
fn no_public_name_cites_a_paper_number() {
    report("names", &name_violations(&the_crate()));
}

#[test]
fn at_most_four_parameters() {
    report("parameters", &parameter_violations(&the_crate()));
}

#[test]
fn counts_are_u64() {
    report("counts", &count_violations(&the_crate()));
}

#[test]
fn a_standard_deviation_is_sd() {
    report("spread names", &spread_violations(&the_crate()));
}

#[test]
fn results_are_structs_not_tuples() {
    report("tuples", &tuple_violations(&the_crate()));
}

#[test]
fn size_limits_have_one_type() {
    report("limits", &limit_violations(&the_crate()));
}

#[test]
fn public_items_go_down_to_300() {
    let c = the_crate();
    let n = c.public.len();
    let mut by_module: std::collections::BTreeMap<String, usize> = Default::default();
    for (m, _) in c.public.keys() {
        *by_module.entry(m.iter().take(2).cloned().collect::<Vec<_>>().join("::")).or_default() += 1;
    }
    // The count so far (debt/public_items.txt): it may only fall, to MAX_PUBLIC_ITEMS.
    let path = debt_file("public items");
    if blessing() {
        let text = format!(
            "# Public items of loadbal today; the target is {MAX_PUBLIC_ITEMS}. This number only falls.\n{n}\n"
        );
        std::fs::write(&path, text).expect("write the debt list");
        return;
    }
    let known: usize = std::fs::read_to_string(&path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.trim().parse().ok())
        .unwrap_or(MAX_PUBLIC_ITEMS);
    assert!(
        n <= known.max(MAX_PUBLIC_ITEMS),
        "{n} public items, at most {}: {by_module:#?}",
        known.max(MAX_PUBLIC_ITEMS)
    );
    assert!(
        n == known || n <= MAX_PUBLIC_ITEMS,
        "{n} public items, fewer than the {known} listed in {}: update it (LOADBAL_BLESS_DEBT=1)",
        path.display()
    );
}

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let cycles = the_crate().import_cycles();
    let text: Vec<String> =
        cycles.iter().map(|c| c.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(" ↔ ")).collect();
    report("import cycles", &text);
}

/// A small crate with one violation of every rule, written to a temporary directory.
fn bad_crate() -> Crate {
    let dir = std::env::temp_dir().join(format!("loadbal-conventions-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("inner")).expect("temporary directory");
    std::fs::write(
        src.join("inner/mod.rs"),
        "mod a;\nmod b;\npub use a::Thing;\npub use b::Other;\n\
         pub struct Helper;\n",
    )
    .expect("write");
    std::fs::write(src.join("inner/a.rs"), "use super::b::Other;\npub struct Thing(pub Other);\n").expect("write");
    std::fs::write(src.join("inner/b.rs"), "use super::a::Thing;\npub struct Other;\npub fn back(_: &Thing) {}\n")
        .expect("write");
    let root = "pub mod inner;\n\
        pub const MAX_THINGS: usize = 10;\n\
        pub struct Law { pub sigma: f64, pub servers: usize }\n\
        impl Law { pub fn std_dev(&self) -> f64 { self.sigma } }\n\
        pub fn model11_speedup(cv: f64, replicas: usize, processors: u64) -> (f64, f64) { (cv, 0.0) }\n\
        pub fn five(a: f64, b: f64, c: f64, d: f64, e: f64) -> f64 { a + b + c + d + e }\n\
        pub enum JrModel { M11, Independent }\n"
        .to_string();
    let c = api::read_crate_from(&src, root);
    let _ = std::fs::remove_dir_all(&dir);
    c
}

#[test]
fn the_checks_reject_a_deliberately_bad_crate() {
    let c = bad_crate();
    let names = name_violations(&c);
    assert!(names.iter().any(|n| n.ends_with("model11_speedup")), "{names:?}");
    assert!(names.iter().any(|n| n == "JrModel::M11"), "{names:?}");
    assert!(!names.iter().any(|n| n.ends_with("Independent") || n.ends_with("five")), "{names:?}");
    assert_eq!(parameter_violations(&c).len(), 1, "{:?}", parameter_violations(&c));
    let counts = count_violations(&c);
    assert!(
        counts.iter().any(|m| m.contains("replicas")) && counts.iter().any(|m| m.contains("servers")),
        "{counts:?}"
    );
    assert!(!counts.iter().any(|m| m.contains("processors")), "{counts:?}");
    assert_eq!(spread_violations(&c), vec!["Law::std_dev: its name".to_string(), "Law.sigma".to_string()]);
    assert_eq!(tuple_violations(&c).len(), 1);
    assert_eq!(limit_violations(&c), vec!["MAX_THINGS is usize".to_string()]);
    let cycles = c.import_cycles();
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].iter().any(|f| f.ends_with("a.rs")) && cycles[0].iter().any(|f| f.ends_with("b.rs")));
    // Reachability: re-exported items and root items are public; `Helper` too (public module).
    let public: Vec<&str> = c.public.keys().map(|(_, n)| n.as_str()).collect();
    for name in ["Thing", "Other", "Law", "five", "JrModel", "MAX_THINGS", "Helper"] {
        assert!(public.contains(&name), "{name} not public: {public:?}");
    }
    // `back` is `pub` in a private module that nothing re-exports: not part of the API.
    assert!(!public.contains(&"back"), "{public:?}");
}

#[test]
fn the_name_rule_reads_words_not_letters() {
    for bad in
        ["model11_speedup", "theorem41_interval", "table_5_8", "fig_3_8", "TABLE_3_1", "lemma21_bounds", "PaperSec52"]
    {
        assert!(cites_a_number(bad), "{bad}");
    }
    for good in ["speedup", "remodel", "interval", "tablet", "define", "expected_max", "log2", "Def", "M", "Mesh2d"] {
        assert!(!cites_a_number(good), "{good}");
    }
}
