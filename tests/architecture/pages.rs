//! Every page of the list in `src/games/mod.rs` brings what the shell
//! reads, and the shell names no game.

use super::*;

/// The pages that ship: those of `pages()` in `src/games/mod.rs`, without those built only for a
/// feature (the test-only example page).
pub(crate) fn shipped_page_ids() -> Vec<String> {
    registry::entries()
        .into_iter()
        .filter(|entry| entry.feature.is_none())
        .map(|entry| entry.id)
        .collect()
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

/// The folders `pages()` of `src/games/mod.rs` lists, one line each
/// (the test-only example page among them): every test that checks pages
/// reads them here, so none counts or names the pages.
pub(crate) fn page_ids() -> Vec<String> {
    let ids: Vec<String> = registry::entries()
        .into_iter()
        .map(|entry| entry.id)
        .collect();
    assert!(!ids.is_empty(), "pages() lists no page");
    ids
}

/// `src/games/` holds games only, each declared by its `mod` line and
/// shown by its line in `pages()`: a folder, a `mod` line and a page
/// come together or not at all.
#[test]
fn every_game_folder_is_declared_and_listed_once() {
    let mut folders: Vec<String> = fs::read_dir("src/games")
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let list = fs::read_to_string("src/games/mod.rs").unwrap();
    let mut declared: Vec<String> = list
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod ")?.strip_suffix(';'))
        .filter(|m| Path::new("src/games").join(m).is_dir())
        .map(str::to_string)
        .collect();
    declared.sort();
    let mut listed = page_ids();
    listed.sort();
    assert_eq!(declared, folders, "a `pub mod` line for each game folder");
    assert_eq!(listed, folders, "a line in pages() for each game folder");
}

/// Rust code without its string literals and comments' quoted text:
/// what the code names, not what it says to people.
pub(crate) fn without_strings(line: &str) -> (String, Vec<String>) {
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
        "src/settings/mod.rs",
        "src/settings/store.rs",
        "src/settings/carry_over.rs",
        "src/settings/older_file.rs",
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
            .matches(r#"<object class="AdwShortcutsSection""#)
            .count();
        let rows = shortcuts
            .matches(r#"<object class="AdwShortcutsItem""#)
            .count();
        if !shortcuts.contains(r#"<object class="AdwShortcutsDialog" id="shortcuts">"#)
            || groups == 0
            || rows == 0
        {
            problems.push(format!(
                "{id}: shortcuts.ui has no dialog \"shortcuts\" of sections of shortcut items \
                 ({groups} sections, {rows} items)"
            ));
        }
        // The page is `page.rs`, or a folder `page/` of its own.
        let page = fs::read_to_string(folder.join("mod.rs")).unwrap_or_default()
            + &fs::read_to_string(folder.join("page.rs")).unwrap_or_default()
            + &fs::read_to_string(folder.join("page/mod.rs")).unwrap_or_default();
        // Its subtitle, status and actions, which the window shows, are
        // held in the one shape every page shares (`GamePage::state`).
        if !page.contains("pub state: crate::games::page_state::PageState") {
            problems.push(format!("{id}: the page keeps no PageState for the window"));
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
