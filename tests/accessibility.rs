//! Screen readers name every button: a button that shows only an icon
//! carries an accessible label in its template.

use std::fs;
use std::path::{Path, PathBuf};

fn ui_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            ui_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "ui") {
            out.push(path);
        }
    }
}

/// The text of each `<object class="…Button…">` up to its first nested
/// object or its end: its own properties.
fn buttons(xml: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find("<object class=\"Gtk") {
        let tag_end = rest[start..].find('>').map_or(rest.len(), |i| start + i);
        let tag = &rest[start..tag_end];
        let body_start = tag_end;
        let body_end = [
            rest[body_start..].find("<object "),
            rest[body_start..].find("</object>"),
        ]
        .into_iter()
        .flatten()
        .min()
        .map_or(rest.len(), |i| body_start + i);
        if tag.contains("Button\"") {
            found.push(&rest[start..body_end]);
        }
        rest = &rest[body_start..];
    }
    found
}

#[test]
fn every_icon_button_has_an_accessible_label() {
    let mut files = Vec::new();
    ui_files(Path::new("src"), &mut files);
    let mut problems = Vec::new();
    let mut seen = 0;
    for file in files {
        let xml = fs::read_to_string(&file).unwrap();
        for button in buttons(&xml) {
            let own = match (
                button.find("<accessibility>"),
                button.find("</accessibility>"),
            ) {
                (Some(a), Some(b)) => format!("{}{}", &button[..a], &button[b..]),
                _ => button.to_string(),
            };
            let icon_only =
                own.contains("name=\"icon-name\"") && !own.contains("<property name=\"label\"");
            if icon_only {
                seen += 1;
                if !button.contains("<accessibility>") {
                    problems.push(format!(
                        "{}: {}",
                        file.display(),
                        button.lines().take(3).collect::<Vec<_>>().join(" ")
                    ));
                }
            }
        }
    }
    assert!(
        seen >= 10,
        "found only {seen} icon buttons: the check reads the templates wrongly"
    );
    assert!(
        problems.is_empty(),
        "icon buttons without an accessible label:\n{}",
        problems.join("\n")
    );
}
