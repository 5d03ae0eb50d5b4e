//! The code's rules: no `unsafe`, no deprecated widgets, shared
//! dependencies declared once, one controller for five in a row, one D-Bus
//! layout for every game, templates beside their widgets, and long files
//! that say what their one idea is.

use super::*;

/// The widgets GTK 4.24 and libadwaita 1.10 deprecate, or that they replace
/// (dialogs as separate windows): the Rust build denies deprecated calls,
/// and this keeps them out of the templates, which the compiler does not
/// read.
pub(crate) const DEPRECATED_IN_TEMPLATES: &[&str] = &[
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

/// Five in a row's folder shows its parts: a handful of files at its top,
/// and a folder for each part, named as a newcomer would guess.
#[test]
fn five_in_a_row_s_folder_shows_its_parts() {
    let root = Path::new("src/games/five");
    let mut files = Vec::new();
    let mut folders = Vec::new();
    for entry in fs::read_dir(root).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if entry.path().is_dir() {
            folders.push(name);
        } else {
            files.push(name);
        }
    }
    files.sort();
    folders.sort();
    assert!(
        files.len() <= 5,
        "five/ keeps a handful of files: {files:?}"
    );
    for part in ["board", "control", "dialogs", "model", "page", "practice"] {
        assert!(
            folders.iter().any(|f| f == part),
            "five/{part}/ is missing: {folders:?}"
        );
    }
}

/// Five in a row's rules for whose knowledge the computer plays with (a
/// player's file, unsaved knowledge, passwords) are written once, in its
/// controller, which the page's flows and D-Bus both call: no page widget
/// or D-Bus file reads a player's file or decides on unsaved knowledge
/// itself.
#[test]
fn five_in_a_row_has_one_controller() {
    // The model and the session hold the state (model/tests.rs: the
    // model's tests); model/starting.rs reads the last player's file before
    // there is a controller.
    let allowed = [
        "controller.rs",
        "model/mod.rs",
        "model/session.rs",
        "model/starting.rs",
        "model/tests.rs",
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
        let name = file
            .strip_prefix("src/games/five")
            .unwrap()
            .to_string_lossy()
            .to_string();
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

/// A file holds one idea and is named for it; its length follows the idea.
/// A line count is no rule of that (squeezing code or cutting a comment's
/// reason to meet one made the code worse), so the length asks for words,
/// not cuts: every source file, test and benchmark of more than 500 lines
/// opens by saying what it holds (a `//!` or a Python docstring), for the
/// reviewer who is sent to look at it; the long ones are printed, as the
/// places to look first when the design changes.
#[test]
fn long_files_say_what_their_one_idea_is() {
    let mut files = Vec::new();
    for root in roots() {
        rust_files(&root, &mut files);
    }
    files_ending(Path::new("tests"), "rs", &mut files);
    files_ending(Path::new("tests"), "py", &mut files);
    for entry in fs::read_dir("crates").unwrap() {
        let krate = entry.unwrap().path();
        for dir in ["tests", "benches", "examples"] {
            if krate.join(dir).is_dir() {
                files_ending(&krate.join(dir), "rs", &mut files);
            }
        }
    }
    for file in ["build.rs", "examples/bare_window.rs"] {
        files.push(PathBuf::from(file));
    }
    assert!(files.len() > 100, "the sources are read: {}", files.len());
    let mut unexplained = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        let lines = text.lines().count();
        if lines <= 500 {
            continue;
        }
        println!(
            "a long file, to look at first: {} ({lines} lines)",
            file.display()
        );
        let opening = text.trim_start();
        let says = opening.starts_with("//!") || opening.starts_with("\"\"\"");
        if !says {
            unexplained.push(format!(
                "{}: {lines} lines, and no opening words",
                file.display()
            ));
        }
    }
    assert!(unexplained.is_empty(), "{}", unexplained.join("\n"));
}

/// Every game reads alike: its rules are in `controller.rs` (a
/// `Controller` and its typed `Refusal`, with the app's words for each),
/// and its D-Bus requests go there, so no rule a script needs is written
/// in a page or a dialog a second time.
#[test]
fn every_game_has_a_controller_that_its_requests_use() {
    let mut problems = Vec::new();
    for id in page_ids() {
        let folder = Path::new("src/games").join(&id);
        let controller = fs::read_to_string(folder.join("controller.rs")).unwrap_or_default();
        for needed in ["pub struct Controller", "pub enum Refusal", "fn message("] {
            if !controller.contains(needed) {
                problems.push(format!("{id}: controller.rs has no {needed}"));
            }
        }
        let requests = fs::read_to_string(folder.join("control/requests.rs")).unwrap_or_default();
        if !requests.is_empty() && !requests.contains("impl From<") {
            problems.push(format!(
                "{id}: control/requests.rs does not turn the controller's refusals into the interface's errors"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
