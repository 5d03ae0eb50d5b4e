//! No module uses another that uses it back, directly or round about: in
//! the app (`src/`) and in every crate (`crates/*/src/`). The crate root
//! (`main.rs`, `lib.rs`) is left out: it declares and re-exports
//! everything. A use is a path starting with `crate::`, `super::` or a
//! child module's name, outside `#[cfg(test)]` code. A game's crate uses
//! no other game's.

use super::*;

/// `src/games/five/page/status.rs` -> `games::five::page::status`; `mod.rs` names its folder.
pub(crate) fn module_of(root: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(root).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.join("::")
}

/// Where the brace that closes the block opened at `open` is.
fn closing_brace(code: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, ch) in code[open..].char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// `code` without the items marked `#[cfg(test)]`: each up to its `;` or
/// to the brace that closes its block. What comes after a test module is
/// code like any other.
fn without_test_items(code: &str) -> String {
    const MARK: &str = "#[cfg(test)]";
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find(MARK) {
        out.push_str(&rest[..at]);
        let item = &rest[at + MARK.len()..];
        let Some(open) = item.find(['{', ';']) else {
            rest = "";
            break;
        };
        if item[open..].starts_with(';') {
            rest = &item[open + 1..];
            continue;
        }
        rest = &item[closing_brace(item, open).map_or(item.len(), |end| end + 1)..];
    }
    out.push_str(rest);
    out
}

/// The code of a file without its test module and comments. Inside an
/// inline module (`mod imp { … }`), `super::` names the file's own module:
/// it is written `self::` here, and `super::super::` is written `super::`.
pub(crate) fn code_of(file: &Path) -> String {
    let text = fs::read_to_string(file).unwrap();
    let code = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut code = without_test_items(&code);
    let mut from = 0;
    while let Some(at) = code[from..].find("mod ").map(|p| p + from) {
        from = at + 4;
        let header_end = code[at..].find(['{', ';']).map_or(code.len(), |p| p + at);
        if !code[header_end..].starts_with('{') {
            continue;
        }
        let end = closing_brace(&code, header_end).unwrap_or(code.len());
        // `super::super::` inside names the file's parent: `super::` there.
        let inner = code[header_end..end]
            .replace("super::super::", "\u{0}")
            .replace("super::", "self::")
            .replace('\u{0}', "super::");
        code.replace_range(header_end..end, &inner);
    }
    code
}

/// Paths used in `code`: each as its segments after `crate`/`super`/a child.
pub(crate) fn used_paths(
    code: &str,
    module: &str,
    children: &BTreeSet<String>,
) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    let word_start = |j: usize| j == 0 || !(bytes[j - 1].is_alphanumeric() || bytes[j - 1] == '_');
    while i < bytes.len() {
        if (bytes[i].is_alphabetic() || bytes[i] == '_') && word_start(i) {
            // Read a path a::b::{c, d} (braces expanded one level).
            let mut segs = Vec::new();
            let mut j = i;
            loop {
                let s = j;
                while j < bytes.len() && (bytes[j].is_alphanumeric() || bytes[j] == '_') {
                    j += 1;
                }
                segs.push(bytes[s..j].iter().collect::<String>());
                if j + 2 < bytes.len() && bytes[j] == ':' && bytes[j + 1] == ':' {
                    j += 2;
                    if bytes[j] == '{' {
                        let end = bytes[j..]
                            .iter()
                            .position(|&c| c == '}')
                            .map_or(j, |p| j + p);
                        let inner: String = bytes[j + 1..end].iter().collect();
                        for item in inner.split(',') {
                            let item = item.trim();
                            let mut p = segs.clone();
                            p.extend(
                                item.split("::")
                                    .map(|s| s.trim().to_string())
                                    .filter(|s| !s.is_empty()),
                            );
                            found.push(p);
                        }
                        j = end;
                        break;
                    }
                    if j < bytes.len() && (bytes[j].is_alphabetic() || bytes[j] == '_') {
                        continue;
                    }
                }
                if segs.len() > 1 {
                    found.push(segs.clone());
                }
                break;
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    let here: Vec<String> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").map(str::to_string).collect()
    };
    found
        .into_iter()
        .filter_map(|segs| {
            let first = segs[0].as_str();
            if first == "crate" {
                Some(segs[1..].to_vec())
            } else if first == "super" {
                let mut base = here.clone();
                let mut rest = &segs[..];
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
                base.extend(rest.iter().cloned());
                Some(base)
            } else if first == "self" || children.contains(first) {
                let mut base = here.clone();
                base.extend(segs[usize::from(first == "self")..].iter().cloned());
                Some(base)
            } else {
                None
            }
        })
        .collect()
}

/// Module -> modules it uses.
pub(crate) fn graph(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let modules: BTreeMap<String, PathBuf> = files
        .iter()
        .map(|f| (module_of(root, f), f.clone()))
        .filter(|(m, _)| m != "main" && m != "lib")
        .collect();
    let mut edges = BTreeMap::new();
    for (module, file) in &modules {
        let code = code_of(file);
        let children: BTreeSet<String> = code
            .lines()
            .filter_map(|l| {
                let l = l.trim();
                let rest = l
                    .strip_prefix("pub mod ")
                    .or_else(|| l.strip_prefix("mod "))?;
                rest.strip_suffix(';').map(str::to_string)
            })
            .collect();
        let mut uses = BTreeSet::new();
        for path in used_paths(&code, module, &children) {
            // The longest prefix that is a module of this crate.
            for n in (1..=path.len()).rev() {
                let candidate = path[..n].join("::");
                if modules.contains_key(&candidate) {
                    if &candidate != module {
                        uses.insert(candidate);
                    }
                    break;
                }
            }
        }
        edges.insert(module.clone(), uses);
    }
    edges
}

/// Every cycle found by a depth-first search, as the modules along it.
pub(crate) fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    fn visit(
        m: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        found: &mut Vec<Vec<String>>,
    ) {
        if let Some(i) = stack.iter().position(|s| s == m) {
            let mut cycle = stack[i..].to_vec();
            cycle.push(m.to_string());
            found.push(cycle);
            return;
        }
        if done.contains(m) {
            return;
        }
        stack.push(m.to_string());
        for next in edges.get(m).into_iter().flatten() {
            visit(next, edges, stack, done, found);
        }
        stack.pop();
        done.insert(m.to_string());
    }
    let mut found = Vec::new();
    let mut done = BTreeSet::new();
    for m in edges.keys() {
        visit(m, edges, &mut Vec::new(), &mut done, &mut found);
    }
    found
}

pub(crate) fn roots() -> Vec<PathBuf> {
    let mut roots = vec![PathBuf::from("src")];
    for entry in fs::read_dir("crates").unwrap().flatten() {
        let src = entry.path().join("src");
        if src.is_dir() {
            roots.push(src);
        }
    }
    roots
}

#[test]
fn no_module_uses_one_that_uses_it_back() {
    let mut problems = Vec::new();
    for root in roots() {
        for cycle in cycles(&graph(&root)) {
            problems.push(format!("{}: {}", root.display(), cycle.join(" -> ")));
        }
    }
    assert!(
        problems.is_empty(),
        "import cycles:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checker_sees_uses_and_cycles() {
    let dir = std::env::temp_dir().join(format!("match5-arch-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("games/five")).unwrap();
    fs::write(dir.join("main.rs"), "mod window;\nmod games;\n").unwrap();
    fs::write(
        dir.join("window.rs"),
        "use crate::games::five::Page;\nmod imp {\n    use super::Thing;\n}\n",
    )
    .unwrap();
    fs::write(
        dir.join("games/mod.rs"),
        "pub mod five;\npub mod rules;\nfn f() { five::make(); }\n",
    )
    .unwrap();
    // In an inline module, super::super:: is the file's parent.
    fs::write(
        dir.join("games/rules.rs"),
        "mod imp {\n    pub seat: super::super::five::Seat,\n}\n",
    )
    .unwrap();
    fs::write(
        dir.join("games/five.rs"),
        "use super::super::window::{Window, PAGE};\n#[cfg(test)]\nmod tests { use crate::games; }\n",
    )
    .unwrap();
    let g = graph(&dir);
    assert!(g["window"].contains("games::five"));
    assert!(
        !g["window"].contains(""),
        "super:: in an inline module is the file itself"
    );
    assert!(
        g["games"].contains("games::five"),
        "a child by its own name"
    );
    assert!(
        g["games::five"].contains("window"),
        "super::super and braces"
    );
    assert!(
        !g["games::five"].contains("games"),
        "test code does not count"
    );
    assert!(
        g["games::rules"].contains("games::five"),
        "super::super:: inside an inline module"
    );
    let found = cycles(&g);
    assert_eq!(found.len(), 1, "{found:?}");
    fs::remove_dir_all(&dir).unwrap();
}

/// The crates are named for what they hold: a game's crate needs no other
/// game's, and the shared crate needs none of ours. (Tiles and tic-tac-toe
/// once took their disk code from the five-in-a-row crate.)
#[test]
fn a_game_crate_depends_on_no_other_game() {
    let games = [
        "match5-five",
        "match5-leapfrog",
        "match5-tiles",
        "match5-tictactoe",
    ];
    let mut problems = Vec::new();
    for (dir, own) in [
        ("crates/common", ""),
        ("crates/five", "match5-five"),
        ("crates/leapfrog", "match5-leapfrog"),
        ("crates/tiles", "match5-tiles"),
        ("crates/tictactoe", "match5-tictactoe"),
        // Five in a row's practice: it plays five in a row and nothing else.
        ("crates/practice", "match5-five"),
    ] {
        let manifest = fs::read_to_string(Path::new(dir).join("Cargo.toml")).unwrap();
        let deps = manifest.split("[dependencies]").nth(1).unwrap_or_default();
        let deps = deps.split("\n[").next().unwrap_or_default();
        for line in deps.lines() {
            let name = line.split(['=', '.', ' ']).next().unwrap_or_default();
            if games.contains(&name) && name != own {
                problems.push(format!("{dir} depends on {name}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn code_after_a_test_module_is_read() {
    let code = "use a::b;\n#[cfg(test)]\nmod tests {\n    fn t() { if x { y(); } }\n}\nuse crate::after;\n#[cfg(test)]\nuse crate::only_in_tests;\nfn f() {}\n";
    let kept = without_test_items(code);
    assert!(kept.contains("use a::b;"));
    assert!(kept.contains("use crate::after;"), "{kept}");
    assert!(kept.contains("fn f() {}"), "{kept}");
    assert!(!kept.contains("mod tests"), "{kept}");
    assert!(!kept.contains("only_in_tests"), "{kept}");
}
