//! Every string a person sees is in the catalog and translated to Dutch.
//!
//! The strings are found independently of xgettext: every `gettext`,
//! `gettext_f`, `ngettext` and `ngettext_f` call with a literal in `src/`, and
//! every `translatable="yes"` text in the UI files. Each must be in
//! `po/match5.pot` and have a Dutch translation in `po/nl.po` that is not
//! fuzzy and keeps every `{placeholder}`.

use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

mod support {
    pub mod registry;
}

/// The folders of pages registered only for a feature (the test-only
/// example page): never shipped, so never sent to translators
/// (tools/update-po leaves them out too).
fn left_out() -> Vec<PathBuf> {
    support::registry::entries()
        .into_iter()
        .filter(|entry| entry.feature.is_some())
        .map(|entry| Path::new("src/games").join(entry.id))
        .collect()
}

/// Every file under `dir` ending in `.{ext}`, but for the left-out folders.
fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    fn walk(dir: &Path, ext: &str, left_out: &[PathBuf], out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if left_out.contains(&path) {
                continue;
            }
            if path.is_dir() {
                walk(&path, ext, left_out, out);
            } else if path.extension().is_some_and(|e| e == ext) {
                out.push(path);
            }
        }
    }
    walk(dir, ext, &left_out(), out);
}

/// Reads a Rust string literal starting at `s` (just after the opening quote).
fn rust_literal(s: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push_str("\\n"),
                '"' => out.push('"'),
                '\\' => out.push('\\'),
                other => {
                    out.push('\\');
                    out.push(other);
                }
            },
            c => out.push(c),
        }
    }
    None
}

/// msgids used in the Rust sources, with the file they come from.
fn rust_strings() -> Vec<(String, PathBuf)> {
    let mut paths = Vec::new();
    files(Path::new("src"), "rs", &mut paths);
    let mut found = Vec::new();
    for path in paths {
        let text = fs::read_to_string(&path).unwrap();
        for call in ["ngettext_f(", "ngettext(", "gettext_f(", "gettext("] {
            let mut rest = text.as_str();
            while let Some(i) = rest.find(call) {
                let before = rest[..i].chars().last();
                rest = &rest[i + call.len()..];
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue; // part of a longer name
                }
                let args = rest.trim_start();
                if let Some(lit) = args.strip_prefix('"')
                    && let Some(s) = rust_literal(lit)
                {
                    found.push((s, path.clone()));
                }
            }
        }
    }
    found
}

fn ui_strings() -> Vec<(String, PathBuf)> {
    let mut paths = Vec::new();
    files(Path::new("src"), "ui", &mut paths);
    files(Path::new("data/resources"), "ui", &mut paths);
    let mut found = Vec::new();
    for path in paths {
        let text = fs::read_to_string(&path).unwrap();
        for part in text.split("translatable=\"yes\"").skip(1) {
            let start = part.find('>').unwrap() + 1;
            let end = part.find('<').unwrap();
            let s = part[start..end]
                .replace("&amp;", "&")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                // As the catalog writes it (and as a Rust literal has it).
                .replace('\n', "\\n");
            found.push((s, path.clone()));
        }
    }
    found
}

/// A .po file as msgid -> (translations, fuzzy).
fn po(path: &str) -> HashMap<String, (Vec<String>, bool)> {
    let text = fs::read_to_string(path).unwrap();
    let mut map = HashMap::new();
    for block in text.split("\n\n") {
        let mut msgid = String::new();
        let mut plural = String::new();
        let mut strs: Vec<String> = Vec::new();
        let mut fuzzy = false;
        let mut current: Option<usize> = None; // 0 = msgid, 1 = msgid_plural, 2.. = msgstr
        for line in block.lines() {
            if line.starts_with("#,") && line.contains("fuzzy") {
                fuzzy = true;
            }
            let (key, rest) = match line.split_once(' ') {
                Some((k, r)) if r.starts_with('"') => (k, r),
                _ if line.starts_with('"') => ("", line),
                _ => continue,
            };
            let value = rest.trim().trim_matches('"').replace("\\\"", "\"");
            match key {
                "msgid" => current = Some(0),
                "msgid_plural" => current = Some(1),
                k if k.starts_with("msgstr") => {
                    strs.push(String::new());
                    current = Some(2);
                }
                "" => {}
                _ => continue,
            }
            match current {
                Some(0) => msgid.push_str(&value),
                Some(1) => plural.push_str(&value),
                Some(2) => strs.last_mut().unwrap().push_str(&value),
                _ => {}
            }
        }
        if !msgid.is_empty() {
            // The plural's placeholders may be more than the singular's
            // ("the first game" against "the first {a} games").
            if !plural.is_empty() {
                PLURALS.with(|p| p.borrow_mut().insert(msgid.clone(), plural));
            }
            map.insert(msgid, (strs, fuzzy));
        }
    }
    map
}

thread_local! {
    /// msgid -> msgid_plural, of the catalogs read.
    static PLURALS: std::cell::RefCell<HashMap<String, String>> = std::cell::RefCell::default();
}

/// A translation keeps the placeholders of the msgid, or of its plural.
fn same_placeholders(translated: &str, msgid: &str) -> bool {
    let plural = PLURALS.with(|p| p.borrow().get(msgid).cloned());
    placeholders(translated) == placeholders(msgid)
        || plural.is_some_and(|p| placeholders(translated) == placeholders(&p))
}

fn placeholders(s: &str) -> BTreeSet<String> {
    s.split('{')
        .skip(1)
        .filter_map(|p| p.split_once('}').map(|(name, _)| name.to_string()))
        .collect()
}

#[test]
fn every_string_is_in_the_catalog_and_translated_to_dutch() {
    let pot = po("po/match5.pot");
    let nl = po("po/nl.po");
    let mut strings = rust_strings();
    strings.extend(ui_strings());
    assert!(strings.len() > 100, "found only {} strings", strings.len());
    let potfiles = fs::read_to_string("po/POTFILES").unwrap();
    let mut problems = Vec::new();
    for (s, path) in &strings {
        let name = path.display().to_string();
        if !potfiles.lines().any(|l| l.trim() == name) {
            problems.push(format!(
                "{name} is not listed in po/POTFILES (run tools/update-po)"
            ));
        }
        if !pot.contains_key(s) {
            problems.push(format!(
                "{name}: {s:?} is not in po/match5.pot (run tools/update-po)"
            ));
            continue;
        }
        match nl.get(s) {
            None => problems.push(format!("{name}: {s:?} is not in po/nl.po")),
            Some((_, true)) => problems.push(format!("{name}: {s:?} is fuzzy in po/nl.po")),
            Some((strs, _)) if strs.is_empty() || strs.iter().any(String::is_empty) => {
                problems.push(format!("{name}: {s:?} is not translated in po/nl.po"));
            }
            Some((strs, _)) => {
                for t in strs {
                    if s != "translator-credits" && !same_placeholders(t, s) {
                        problems.push(format!("{s:?}: the Dutch {t:?} changes the placeholders"));
                    }
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Also what is not in the code: the desktop file and the store listing.
#[test]
fn every_catalog_entry_is_translated_to_dutch() {
    let pot = po("po/match5.pot");
    let nl = po("po/nl.po");
    let untranslated: Vec<&String> = pot
        .keys()
        .filter(|id| {
            !nl.get(*id).is_some_and(|(s, fuzzy)| {
                !fuzzy && !s.is_empty() && s.iter().all(|t| !t.is_empty())
            })
        })
        .collect();
    assert!(
        untranslated.is_empty(),
        "not translated in po/nl.po: {untranslated:#?}"
    );
    assert!(
        pot.keys()
            .any(|k| k == "Beat a computer that learns from every game it loses")
    );
}

#[test]
fn the_catalog_finder_sees_what_it_should() {
    // The scanner itself: a call inside another name is not a call.
    assert_eq!(
        rust_literal("a \\\"b\\\" c\" rest"),
        Some("a \"b\" c".to_string())
    );
    assert_eq!(
        placeholders("{a} and {b}"),
        BTreeSet::from(["a".into(), "b".into()])
    );
}

/// Dutch speaks to the player one way: "jij" when it says who wins or
/// loses ("Jij wint", never "Je wint"), as it did when the issue found both.
#[test]
fn dutch_says_jij_wint_everywhere() {
    let nl = po("po/nl.po");
    let mixed: Vec<&String> = nl
        .values()
        .flat_map(|(s, _)| s)
        .filter(|t| {
            let t = t.to_lowercase();
            ["je wint", "je verliest", "wint je", "verlies je"]
                .iter()
                .any(|w| t.contains(w))
        })
        .collect();
    assert!(
        mixed.is_empty(),
        "\"je\" where Dutch says \"jij\": {mixed:#?}"
    );
    assert!(
        nl.values()
            .flat_map(|(s, _)| s)
            .any(|t| t.contains("Jij wint")),
        "the catalog says \"Jij wint\""
    );
}
