//! The module structure stays a tree of uses without cycles: in the app
//! (`src/`) and in every crate (`crates/*/src/`), no module uses another
//! that uses it back, directly or round about. The crate root (`main.rs`,
//! `lib.rs`) is left out: it declares and re-exports everything.
//!
//! A use is a path starting with `crate::`, `super::` or a child module's
//! name, outside `#[cfg(test)]` code.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every file under `dir` whose name ends in `.{ending}`.
fn files_ending(dir: &Path, ending: &str, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_ending(&path, ending, out);
        } else if path.extension().is_some_and(|e| e == ending) {
            out.push(path);
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    files_ending(dir, "rs", out);
}

/// `src/games/five/page.rs` -> `games::five::page`; `mod.rs` names its folder.
fn module_of(root: &Path, file: &Path) -> String {
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

/// The code of a file without its test module and comments. Inside an
/// inline module (`mod imp { … }`), `super::` names the file's own module:
/// it is written `self::` here.
fn code_of(file: &Path) -> String {
    let text = fs::read_to_string(file).unwrap();
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => &text[..],
    };
    let mut code = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut from = 0;
    while let Some(at) = code[from..].find("mod ").map(|p| p + from) {
        from = at + 4;
        let header_end = code[at..].find(['{', ';']).map_or(code.len(), |p| p + at);
        if !code[header_end..].starts_with('{') {
            continue;
        }
        let mut depth = 0;
        let mut end = code.len();
        for (i, ch) in code[header_end..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = header_end + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let inner = code[header_end..end].replace("super::", "self::");
        code.replace_range(header_end..end, &inner);
    }
    code
}

/// Paths used in `code`: each as its segments after `crate`/`super`/a child.
fn used_paths(code: &str, module: &str, children: &BTreeSet<String>) -> Vec<Vec<String>> {
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
fn graph(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
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
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
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

fn roots() -> Vec<PathBuf> {
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
        "pub mod five;\nfn f() { five::make(); }\n",
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

/// The page ids, from `src/games/mod.rs` (`<id>::page_info()`).
/// The pages that ship: the registry's, without those built only for a
/// feature (the test-only example page).
fn shipped_page_ids() -> Vec<String> {
    let list = fs::read_to_string("src/games/mod.rs").unwrap();
    let mut gated = false;
    let mut out = Vec::new();
    let ids = page_ids();
    for line in list.lines().map(str::trim) {
        if line.starts_with("#[cfg(feature") {
            gated = true;
        } else if let Some(id) = line.strip_suffix(',') {
            if !gated && ids.iter().any(|i| i == id) {
                out.push(id.to_string());
            }
            gated = false;
        }
    }
    out
}

/// What a shipped page needs outside its folder is checked here, so a new
/// game that lacks one fails loudly: its desktop action (`show-<id>`, but
/// for the first page, which the app opens on), and when it has a D-Bus
/// interface, its introspection XML in `data/`, installed by
/// `data/meson.build` and described in `docs/dbus.md`; its folder is named
/// in `docs/architecture.md`'s map or README's.
#[test]
fn every_shipped_page_has_its_desktop_action_interface_file_and_docs() {
    let desktop = fs::read_to_string("data/io.github.match5.Match5.desktop.in").unwrap();
    let actions: Vec<&str> = desktop
        .lines()
        .find_map(|l| l.strip_prefix("Actions="))
        .unwrap_or_default()
        .split(';')
        .collect();
    let meson = fs::read_to_string("data/meson.build").unwrap();
    let dbus = fs::read_to_string("docs/dbus.md").unwrap();
    let maps = fs::read_to_string("README.md").unwrap()
        + &fs::read_to_string("docs/architecture.md").unwrap();
    let mut problems = Vec::new();
    let ids = shipped_page_ids();
    assert!(ids.len() < page_ids().len(), "the example page is left out");
    for (n, id) in ids.iter().enumerate() {
        let show = format!("show-{id}");
        if n > 0
            && (!actions.contains(&show.as_str())
                || !desktop.contains(&format!("[Desktop Action {show}]")))
        {
            problems.push(format!("{id}: no desktop action {show}"));
        }
        if !maps.contains(&format!("src/games/{id}/")) {
            problems.push(format!(
                "{id}: README and docs/architecture.md do not name its folder"
            ));
        }
        let interface =
            fs::read_to_string(format!("src/games/{id}/control/interface.rs")).unwrap_or_default();
        let Some(name) = interface
            .split("#[zbus::interface(name = \"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
        else {
            continue;
        };
        let xml = format!("data/{name}.xml");
        if !Path::new(&xml).exists() {
            problems.push(format!("{id}: no introspection file {xml}"));
        }
        let short = name.rsplit('.').next().unwrap();
        if !meson.contains(&format!("'@0@.{short}.xml'")) {
            problems.push(format!("{id}: data/meson.build does not install {xml}"));
        }
        if !dbus.contains(name) {
            problems.push(format!("{id}: docs/dbus.md does not describe {name}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The folders the registry of `src/games/mod.rs` lists, one line each
/// (the test-only example page among them): every test that checks pages
/// reads them here, so none counts or names the pages.
fn page_ids() -> Vec<String> {
    let list = fs::read_to_string("src/games/mod.rs").unwrap();
    let block = list
        .split("\nregistry! {")
        .nth(1)
        .and_then(|rest| rest.split("\n}").next())
        .expect("src/games/mod.rs has its registry! { … } list");
    let ids: Vec<String> = block
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#') && !l.starts_with("//"))
        .filter_map(|l| l.strip_suffix(','))
        .map(str::to_string)
        .collect();
    assert!(!ids.is_empty(), "the registry lists no page");
    ids
}

/// Rust code without its string literals and comments' quoted text:
/// what the code names, not what it says to people.
fn without_strings(line: &str) -> (String, Vec<String>) {
    let mut code = String::new();
    let mut literals = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find('"') {
        code.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let end = after.find('"').unwrap_or(after.len());
        literals.push(after[..end].to_string());
        rest = after.get(end + 1..).unwrap_or("");
    }
    code.push_str(rest);
    (code, literals)
}

/// The shell (window, application, help, shortcuts, settings, the build of
/// the resources) shows and keeps pages and names none of them, nor what
/// they play: the primary menu once held five in a row's items, the
/// application sent D-Bus calls and `.fivo` files to the five-in-a-row page,
/// help and shortcuts held every game's text, and the settings every page's
/// keys. (The About window's description of the app is text, not code.)
#[test]
fn the_shell_names_no_game() {
    let words = [
        "five",
        "fivo",
        "leapfrog",
        "leap-frog",
        "frog",
        "tiles",
        "tictactoe",
        "tic-tac-toe",
        "knowledge",
        "pattern",
        "bowl",
    ];
    let ids = page_ids();
    let mut problems = Vec::new();
    for file in [
        "src/window/mod.rs",
        "src/window/window.ui",
        "src/window/shortcuts.ui",
        "src/settings.rs",
        "src/application.rs",
        "src/help/window.rs",
        "src/help/window.ui",
        "build.rs",
    ] {
        let text = fs::read_to_string(file).unwrap().to_lowercase();
        for (n, line) in text.lines().enumerate() {
            let (code, literals) = if file.ends_with(".rs") {
                without_strings(line)
            } else {
                (line.to_string(), Vec::new())
            };
            for word in words {
                if code.contains(word) {
                    problems.push(format!("{file}:{}: {word}", n + 1));
                }
            }
            for literal in literals {
                if ids.contains(&literal) || literal.ends_with(".fivo") {
                    problems.push(format!("{file}:{}: \"{literal}\"", n + 1));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A page brings its help and its shortcuts in its own folder, named by its
/// id: the shell finds them there.
#[test]
fn every_page_brings_its_help_and_shortcuts() {
    let mut problems = Vec::new();
    for id in page_ids() {
        let folder = Path::new("src/games").join(&id);
        let help = fs::read_to_string(folder.join("help.ui")).unwrap_or_default();
        if !help.contains(r#"id="help""#) || !help.contains(r#"id="title""#) {
            problems.push(format!(
                "{id}: help.ui has no box \"help\" headed by \"title\""
            ));
        }
        let shortcuts = fs::read_to_string(folder.join("shortcuts.ui")).unwrap_or_default();
        let groups = shortcuts
            .matches(r#"<object class="AdwPreferencesGroup""#)
            .count();
        let rows = shortcuts
            .matches(r#"<object class="Match5ShortcutRow""#)
            .count();
        if !shortcuts.contains(r#"<object class="AdwPreferencesPage" id="shortcuts">"#)
            || groups == 0
            || rows == 0
        {
            problems.push(format!(
                "{id}: shortcuts.ui has no page \"shortcuts\" of groups of shortcut rows \
                 ({groups} groups, {rows} rows)"
            ));
        }
        let page = fs::read_to_string(folder.join("mod.rs")).unwrap_or_default()
            + &fs::read_to_string(folder.join("page.rs")).unwrap_or_default();
        if !page.contains("pub status: RefCell<") || !page.contains("GameStatus") {
            problems.push(format!(
                "{id}: the page has no status property for the window"
            ));
        }
        // The id names app actions (`show-<id>`): a GAction name takes no
        // `_` or capitals.
        if !id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        {
            problems.push(format!(
                "{id}: a page's folder and id are lowercase letters and digits"
            ));
        }
        if !page.contains(&format!(r#"id: "{id}","#)) {
            problems.push(format!(
                "{id}: its page_info has another id than its folder"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The widgets GTK 4.18 and libadwaita 1.7 deprecate, or that they replace
/// (dialogs as separate windows): the Rust build denies deprecated calls,
/// and this keeps them out of the templates, which the compiler does not
/// read.
const DEPRECATED_IN_TEMPLATES: &[&str] = &[
    "GtkShortcutsWindow",
    "GtkShortcutsSection",
    "GtkShortcutsGroup",
    "GtkShortcutsShortcut",
    "GtkShortcutLabel",
    "GtkDialog",
    "GtkMessageDialog",
    "GtkFileChooserDialog",
    "GtkFileChooserWidget",
    "GtkInfoBar",
    "GtkComboBox",
    "GtkComboBoxText",
    "GtkTreeView",
    "GtkStatusbar",
    "GtkAssistant",
    "AdwSqueezer",
    "AdwLeaflet",
    "AdwFlap",
    "AdwViewSwitcherTitle",
    "AdwMessageDialog",
    "AdwPreferencesWindow",
    "AdwAboutWindow",
    "AdwWindow",
];

#[test]
fn no_template_uses_a_deprecated_widget() {
    let mut files = Vec::new();
    files_ending(Path::new("src"), "ui", &mut files);
    assert!(files.len() > 10, "the templates are found");
    let mut problems = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for class in DEPRECATED_IN_TEMPLATES {
            for quote in [format!("class=\"{class}\""), format!("parent=\"{class}\"")] {
                if text.contains(&quote) {
                    problems.push(format!("{}: {class}", file.display()));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The app has no `unsafe` code: `main.rs` forbids it, so that no module
/// can allow it again.
#[test]
fn the_app_forbids_unsafe_code() {
    let main = fs::read_to_string("src/main.rs").unwrap();
    assert!(main.contains("#![forbid(unsafe_code)]"));
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let allowing: Vec<String> = files
        .iter()
        .filter(|f| {
            fs::read_to_string(f)
                .unwrap()
                .contains("allow(unsafe_code)")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(allowing.is_empty(), "{allowing:?}");
}

/// A dependency that two packages use is declared once, in the
/// workspace's `[workspace.dependencies]`, so they never drift apart.
#[test]
fn shared_dependencies_are_declared_once_for_the_workspace() {
    let mut manifests = vec!["Cargo.toml".to_string()];
    for entry in fs::read_dir("crates").unwrap() {
        manifests.push(
            entry
                .unwrap()
                .path()
                .join("Cargo.toml")
                .display()
                .to_string(),
        );
    }
    // Each package's own versions: `name = "1"` or `name = { version … }`
    // in a dependencies table, not `name.workspace = true`.
    let mut own: BTreeMap<String, Vec<String>> = Default::default();
    let mut packages = 0;
    for path in &manifests {
        let text = fs::read_to_string(path).unwrap();
        packages += 1;
        let mut in_deps = false;
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with('[') {
                in_deps = line.ends_with("dependencies]") && !line.starts_with("[workspace");
                continue;
            }
            let Some((name, value)) = line.split_once('=') else {
                continue;
            };
            let name = name.trim();
            if in_deps && !name.contains('.') && !value.contains("workspace = true") {
                own.entry(name.to_string()).or_default().push(path.clone());
            }
        }
    }
    assert!(packages >= 6, "the app and the crates are read");
    let twice: Vec<String> = own
        .iter()
        .filter(|(_, at)| at.len() > 1)
        .map(|(name, at)| format!("{name}: {}", at.join(", ")))
        .collect();
    assert!(
        twice.is_empty(),
        "declare these in [workspace.dependencies] and use `.workspace = true`:\n{}",
        twice.join("\n")
    );
}

/// Five in a row's rules for whose knowledge the computer plays with (a
/// player's file, unsaved knowledge, passwords) are written once, in its
/// controller, which the page's flows and D-Bus both call: no page widget
/// or D-Bus file reads a player's file or decides on unsaved knowledge
/// itself.
#[test]
fn five_in_a_row_has_one_controller() {
    // The model and the session hold the state (tests.rs: the model's
    // tests); starting.rs reads the last player's file before there is a
    // controller.
    let allowed = [
        "controller.rs",
        "model.rs",
        "session.rs",
        "starting.rs",
        "tests.rs",
    ];
    let rules = [
        "files::load_knowledge(",
        "knowledge_path(",
        "player_file_name(",
        ".unlock(",
        ".unsaved()",
    ];
    let mut files = Vec::new();
    rust_files(Path::new("src/games/five"), &mut files);
    assert!(files.len() > 10, "five in a row's files are read");
    let mut problems = Vec::new();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        if allowed.contains(&name.as_str()) {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let (code, _) = without_strings(line);
            for rule in rules {
                if code.contains(rule) && !code.trim_start().starts_with("//") {
                    problems.push(format!("{}:{}: {rule}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "these belong in src/games/five/controller.rs:\n{}",
        problems.join("\n")
    );
}

/// Every scriptable game has the same D-Bus layout: `control/mod.rs`
/// (serving it), `control/interface.rs` (the interface) and
/// `control/requests.rs` (where its calls land).
#[test]
fn every_game_has_one_control_layout() {
    let ids = page_ids();
    assert!(ids.len() >= 4, "the pages are read: {ids:?}");
    let mut problems = Vec::new();
    for id in ids {
        let dir = Path::new("src/games").join(&id);
        let scriptable = fs::read_to_string(dir.join("mod.rs"))
            .unwrap()
            .contains("control: Some(");
        if !scriptable {
            continue;
        }
        if dir.join("control.rs").exists() {
            problems.push(format!("{id}: control.rs instead of control/"));
        }
        for part in ["mod.rs", "interface.rs", "requests.rs"] {
            if !dir.join("control").join(part).exists() {
                problems.push(format!("{id}: no control/{part}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A widget's template is the `.ui` file beside it, named in its source
/// (`#[template(file = "page.ui")]`), never a resource path a reader must
/// map back to a file.
#[test]
fn templates_are_files_beside_their_widget() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let mut templates = 0;
    let mut problems = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for line in text.lines().map(str::trim) {
            if line.starts_with("#[template(resource") {
                problems.push(format!("{}: {line}", file.display()));
            }
            if let Some(rest) = line.strip_prefix("#[template(file = \"") {
                templates += 1;
                let ui = rest.split('"').next().unwrap();
                if !file.with_file_name(ui).exists() {
                    problems.push(format!("{}: {ui} is not beside it", file.display()));
                }
            }
        }
    }
    assert!(templates >= 10, "the templates are found: {templates}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every source file of the app and the crates stays at 500 lines or
/// fewer: a file that grows past it holds two things, split by what they
/// hold.
#[test]
fn source_files_stay_at_500_lines_or_fewer() {
    let mut files = Vec::new();
    for root in roots() {
        rust_files(&root, &mut files);
    }
    assert!(files.len() > 100, "the sources are read: {}", files.len());
    let long: Vec<String> = files
        .iter()
        .map(|f| (f, fs::read_to_string(f).unwrap().lines().count()))
        .filter(|(_, n)| *n > 500)
        .map(|(f, n)| format!("{}: {n} lines", f.display()))
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}
