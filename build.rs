//! Builds the UI resources into the binary and, for a plain `cargo build`,
//! compiles the translations so the app runs translated from `target/`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The resources: every `.ui` file beside its widget in `src/` (a page's
/// templates, help and shortcuts come with its folder), and the icons and
/// style sheet in `data/resources/`.
fn gresource_xml() -> String {
    fn files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(root, &path, out);
            } else if let Ok(relative) = path.strip_prefix(root) {
                out.push(relative.to_path_buf());
            }
        }
    }
    let mut entries = Vec::new();
    let mut ui = Vec::new();
    files(Path::new("src"), Path::new("src"), &mut ui);
    let mut data = Vec::new();
    files(
        Path::new("data/resources"),
        Path::new("data/resources"),
        &mut data,
    );
    for path in ui
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "ui"))
    {
        entries.push((path.clone(), "xml-stripblanks"));
    }
    for path in &data {
        match path.extension().and_then(|e| e.to_str()) {
            Some("svg") => entries.push((path.clone(), "xml-stripblanks")),
            Some("css") => entries.push((path.clone(), "")),
            _ => {}
        }
    }
    entries.sort();
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gresources>\n  <gresource prefix=\"/io/github/match5/Match5\">\n",
    );
    for (path, preprocess) in entries {
        let preprocess = if preprocess.is_empty() {
            String::new()
        } else {
            format!(" preprocess=\"{preprocess}\"")
        };
        xml.push_str(&format!(
            "    <file compressed=\"true\"{preprocess}>{}</file>\n",
            path.display()
        ));
    }
    xml.push_str("  </gresource>\n</gresources>\n");
    xml
}

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let gresource = Path::new(&out).join("resources.gresource.xml");
    // Written only when it changed: cargo watches it, and a new time stamp
    // would make every build compile the app again.
    let xml = gresource_xml();
    if std::fs::read_to_string(&gresource).ok().as_deref() != Some(xml.as_str()) {
        std::fs::write(&gresource, xml).expect("a file in OUT_DIR");
    }
    glib_build_tools::compile_resources(
        &["data/resources", "src"],
        gresource.to_str().expect("OUT_DIR is UTF-8"),
        "match5.gresource",
    );
    // A page's new template or help comes in without an edit here.
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=data/resources");

    let localedir = Path::new(&out).join("locale");
    println!(
        "cargo:rustc-env=MATCH5_BUILD_LOCALEDIR={}",
        localedir.display()
    );
    println!("cargo:rerun-if-env-changed=LOCALEDIR");
    println!("cargo:rerun-if-env-changed=APP_ID");
    println!("cargo:rerun-if-env-changed=VERSION");
    println!("cargo:rerun-if-changed=po/LINGUAS");
    let linguas = std::fs::read_to_string("po/LINGUAS").unwrap_or_default();
    for lang in linguas
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let po = format!("po/{lang}.po");
        println!("cargo:rerun-if-changed={po}");
        let dir = localedir.join(lang).join("LC_MESSAGES");
        std::fs::create_dir_all(&dir).expect("a folder in OUT_DIR");
        let status = Command::new("msgfmt")
            .arg("-o")
            .arg(dir.join("match5.mo"))
            .arg(&po)
            .status();
        if !matches!(status, Ok(s) if s.success()) {
            println!("cargo:warning=msgfmt could not compile {po}: the app runs untranslated");
        }
    }
}
