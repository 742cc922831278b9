//! The library's modules depend on each other without cycles: each `use` or path names a
//! module that does not, through others, name it back (a child naming its parent, `super`,
//! is the one direction allowed both ways). A kernel knows its data layout, not the reverse.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each module of `src/` (the binary's aside) and the text of its file, tests cut off: a
/// `mod tests { .. }` within a file, and the files of modules declared `#[cfg(test)]`.
fn modules() -> BTreeMap<String, String> {
    fn walk(dir: &Path, out: &mut BTreeMap<String, String>, tests: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if !path.ends_with("bin") {
                    walk(&path, out, tests);
                }
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path
                .strip_prefix(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
                .unwrap();
            let mut parts: Vec<String> = relative
                .with_extension("")
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
                parts.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let module = parts.join("::");
            for declared in text.split("#[cfg(test)]\nmod ").skip(1) {
                if let Some((name, _)) = declared.split_once(';')
                    && !name.contains(char::is_whitespace)
                {
                    tests.push(format!("{module}::{name}").trim_start_matches("::").into());
                }
            }
            let code = text.split("#[cfg(test)]\nmod tests {").next().unwrap_or("");
            let code: String = code
                .lines()
                .map(|line| line.split("//").next().unwrap_or(""))
                .collect::<Vec<_>>()
                .join("\n");
            out.insert(module, code);
        }
    }
    let (mut out, mut tests) = (BTreeMap::new(), Vec::new());
    walk(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut out,
        &mut tests,
    );
    for test in tests {
        assert!(
            out.remove(&test).is_some(),
            "no file for test module {test}"
        );
    }
    out
}

/// The module a path written in module `from` names: the longest prefix that is a module.
fn resolve(modules: &BTreeMap<String, String>, from: &str, path: &[&str]) -> Option<String> {
    let mut base: Vec<&str> = if from.is_empty() {
        vec![]
    } else {
        from.split("::").collect()
    };
    let mut rest = path;
    match rest.first() {
        Some(&"crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some(&"super") => {
            while rest.first() == Some(&"super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        Some(&"self") => rest = &rest[1..],
        _ => {}
    }
    (0..=rest.len()).rev().find_map(|i| {
        let candidate = base
            .iter()
            .chain(&rest[..i])
            .copied()
            .collect::<Vec<_>>()
            .join("::");
        modules.contains_key(&candidate).then_some(candidate)
    })
}

/// The modules each module names, its ancestors left out.
fn graph(modules: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    modules
        .iter()
        .map(|(name, code)| {
            let mut named = BTreeSet::new();
            for token in code.split(|c: char| !ident(c)) {
                let segments: Vec<&str> = token.split("::").filter(|s| !s.is_empty()).collect();
                let relative = segments.len() > 1
                    && !matches!(segments[0], "crate" | "super" | "self" | "std" | "core");
                let anchored = matches!(segments.first(), Some(&("crate" | "super" | "self")));
                if !(anchored || relative) {
                    continue;
                }
                if let Some(target) = resolve(modules, name, &segments) {
                    let ancestor = target.is_empty() || name.starts_with(&format!("{target}::"));
                    if target != *name && !ancestor {
                        named.insert(target);
                    }
                }
            }
            (name.clone(), named)
        })
        .collect()
}

#[test]
fn no_module_depends_on_itself_through_others() {
    let modules = modules();
    assert!(modules.len() > 30, "the sources were found");
    let graph = graph(&modules);
    // Every cycle shows as a module reaching itself.
    let mut cycles = Vec::new();
    for start in graph.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&String> = graph[start].iter().collect();
        while let Some(next) = stack.pop() {
            if next == start {
                cycles.push(start.clone());
                break;
            }
            if seen.insert(next) {
                stack.extend(graph.get(next).into_iter().flatten());
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "modules that depend on themselves: {cycles:?}"
    );
    // The check can see a dependency: the kernels read the join's layout.
    assert!(
        graph["counting::engines::quadrants::kernels"]
            .contains("counting::engines::quadrants::layout")
    );
}

/// The library's top-level modules, lowest first: each may use only those before it (and
/// itself). docs/architecture.md draws the same layers.
const LAYERS: [&str; 14] = [
    "squares",
    "error",
    "bitboard",
    "rng",
    "solution",
    "formats",
    "large_boards",
    "counting",
    "adaptors",
    "search",
    "trace",
    "puzzle",
    "generator",
    "guides",
];

#[test]
fn every_import_points_down_the_layers() {
    let modules = modules();
    let graph = graph(&modules);
    let layer = |module: &str| {
        let top = module.split("::").next().unwrap();
        LAYERS.iter().position(|&l| l == top)
    };
    let drawn =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/architecture.md"))
            .unwrap();
    for (i, name) in LAYERS.iter().enumerate() {
        let line = format!("{:>3} {name} ", i + 1);
        assert!(drawn.contains(&line), "docs/architecture.md lacks {line:?}");
    }
    let mut upward = Vec::new();
    for (from, targets) in &graph {
        if from.is_empty() {
            continue;
        }
        let here = layer(from).unwrap_or_else(|| panic!("{from} is in no layer"));
        for target in targets {
            if layer(target).is_some_and(|there| there > here) {
                upward.push(format!("{from} -> {target}"));
            }
        }
    }
    assert!(upward.is_empty(), "imports that point up: {upward:?}");
    // Nothing reaches a name through the crate root, which sits above every module.
    let through_root: Vec<&String> = modules
        .iter()
        .filter(|(name, code)| {
            !name.is_empty()
                && code
                    .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .any(|token| {
                        let segments: Vec<&str> = token.split("::").collect();
                        // `crate::{` or `crate::Name`; `pub(crate)` alone is no path.
                        segments.len() > 1
                            && segments[0] == "crate"
                            && (segments[1].is_empty()
                                || resolve(&modules, name, &segments).is_some_and(|t| t.is_empty()))
                    })
        })
        .map(|(name, _)| name)
        .collect();
    assert!(
        through_root.is_empty(),
        "modules naming things through the crate root: {through_root:?}"
    );
}

/// Inside `counting/`, as docs/architecture.md says: `simd` (the kernels' switch) is the
/// floor and imports nothing else of counting; the contract imports only it (an audit turns
/// it to the portable code); the engines and the interior search import only the contract, `simd`, the
/// interior search and each other, never the runner; the runner (`running`, `resuming`)
/// reaches an engine only through the registry (`counting::engines` itself), never an
/// engine's folder; `simd` uses no engine.
#[test]
fn counting_rooms_import_only_the_rooms_below_them() {
    let modules = modules();
    let graph = graph(&modules);
    let below = |from: &str, target: &str| -> bool {
        let room = |prefix: &str| target == prefix || target.starts_with(&format!("{prefix}::"));
        if !target.starts_with("counting") {
            return true;
        }
        match from {
            f if f.starts_with("counting::simd") => room("counting::simd"),
            f if f.starts_with("counting::contract") => {
                room("counting::contract") || room("counting::simd")
            }
            f if f.starts_with("counting::interior") => {
                room("counting::interior") || room("counting::simd")
            }
            f if f.starts_with("counting::engines::") => {
                room("counting::contract")
                    || room("counting::simd")
                    || room("counting::interior")
                    || target.starts_with("counting::engines::")
            }
            f if f.starts_with("counting::running") || f.starts_with("counting::resuming") => {
                !target.starts_with("counting::engines::")
            }
            _ => true,
        }
    };
    let up: Vec<String> = graph
        .iter()
        .flat_map(|(from, targets)| targets.iter().map(move |t| (from, t)))
        .filter(|(from, target)| !below(from, target))
        .map(|(from, target)| format!("{from} -> {target}"))
        .collect();
    assert!(up.is_empty(), "{up:?}");
    // The check sees the layout: the counter does use the registry and the contract.
    let counter = &graph["counting::running::counter"];
    assert!(counter.contains("counting::engines"), "{counter:?}");
    assert!(counter.iter().any(|t| t.starts_with("counting::contract")));
}
