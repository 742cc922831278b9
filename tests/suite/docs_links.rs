//! Every docs.rs link in README and the guides names a page `cargo doc` writes, so that none
//! of them is a 404 once the crate is published; and no link is relative, which crates.io
//! and docs.rs could not follow.

use std::path::Path;

const PREFIX: &str = "https://docs.rs/queens/latest/queens/";

/// README, Python's README and the guides.
fn markdown_files() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md"), root.join("python/README.md")];
    let mut guides: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    guides.sort();
    files.extend(guides);
    files
}

/// The pages the markdown files link on docs.rs, by file.
fn linked_pages() -> Vec<(String, String)> {
    let mut links = Vec::new();
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for (at, _) in text.match_indices(PREFIX) {
            let page: String = text[at + PREFIX.len()..]
                .chars()
                .take_while(|c| !c.is_whitespace() && !")>]\"'`".contains(*c))
                .collect();
            links.push((file.display().to_string(), page));
        }
    }
    links
}

/// The targets of the markdown links (`[text](target)`) in `text`.
fn link_targets(text: &str) -> Vec<&str> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .collect()
}

/// README is the crate's page on crates.io and docs.rs, where a relative link (to
/// `docs/guide.md`, to a screenshot left out of the package) leads nowhere: its links are
/// absolute. The guides' pages link each other on docs.rs; only their pictures are
/// relative, drawn on the repository's pages.
#[test]
fn links_read_right_on_crates_io_and_docs_rs() {
    let mut relative = Vec::new();
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let guide = file.parent().is_some_and(|dir| dir.ends_with("docs"));
        for target in link_targets(&text) {
            let absolute = target.starts_with("https://") || target.starts_with('#');
            let picture = target.ends_with(".svg") || target.ends_with(".png");
            let followed = absolute || (guide && picture);
            if !followed {
                relative.push(format!("{}: {target}", file.display()));
            }
        }
    }
    assert!(relative.is_empty(), "relative links: {relative:#?}");
}

/// Every guide under `docs/` is a page of the documentation (`queens::guides`), where
/// README's links lead.
#[test]
fn every_guide_is_a_page_of_the_documentation() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pages = std::fs::read_to_string(root.join("src/guides.rs")).unwrap();
    for file in markdown_files() {
        if file.parent().is_some_and(|dir| dir.ends_with("docs")) {
            let name = file.file_name().unwrap().to_str().unwrap();
            let stem = name.trim_end_matches(".md");
            assert!(
                pages.contains(&format!(
                    "include_str!(\"../docs/{name}\")]\npub mod {stem} {{}}"
                )),
                "src/guides.rs has no page for docs/{name}"
            );
        }
    }
}

/// Every source path the guides name (`src/search/queens.rs`, `tests/suite/cli.rs`) exists:
/// a file moved is a guide to fix.
#[test]
fn source_paths_in_the_guides_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for quoted in text.split('`').skip(1).step_by(2) {
            let looks_like_path = ["src/", "tests/", "examples/", "web/", "python/", "scripts/"]
                .iter()
                .any(|top| quoted.starts_with(top))
                && !quoted.contains([' ', '*', '<', '{'])
                // What web/build.sh writes, not what the repository holds.
                && !quoted.starts_with("web/dist");
            if looks_like_path && !root.join(quoted.trim_end_matches('/')).exists() {
                missing.push(format!("{}: {quoted}", file.display()));
            }
        }
    }
    assert!(missing.is_empty(), "paths that do not exist: {missing:#?}");
}

#[test]
fn the_guides_link_the_pages_people_start_with() {
    let pages: Vec<String> = linked_pages().into_iter().map(|(_, page)| page).collect();
    for page in [
        "struct.Queens.html",
        "struct.Solution.html",
        "trait.SolutionsExt.html",
        "enum.Style.html",
    ] {
        assert!(pages.iter().any(|p| p == page), "README links {page}");
    }
}

/// Run after `cargo doc --no-deps --all-features` (`.ci/run` does).
#[test]
#[ignore = "needs cargo doc's output; .ci/run runs it after cargo doc"]
fn docs_rs_links_name_pages_cargo_doc_writes() {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/doc/queens");
    assert!(
        doc.join("index.html").exists(),
        "run cargo doc --no-deps --all-features first"
    );
    let links = linked_pages();
    assert!(!links.is_empty());
    for (file, link) in links {
        let (page, anchor) = link.split_once('#').unwrap_or((&link, ""));
        let page = if page.is_empty() || page.ends_with('/') {
            format!("{page}index.html")
        } else {
            page.to_owned()
        };
        let Ok(html) = std::fs::read_to_string(doc.join(&page)) else {
            panic!("{file} links {PREFIX}{link}, but cargo doc writes no {page}");
        };
        assert!(
            anchor.is_empty() || html.contains(&format!("id=\"{anchor}\"")),
            "{file} links {PREFIX}{link}, whose page has no #{anchor}"
        );
    }
}
