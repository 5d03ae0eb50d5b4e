//! Builds the UI resources into the binary and, for a plain `cargo build`,
//! compiles the translations so the app runs translated from `target/`.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "tests/support/registry.rs"]
mod registry;

/// Every file under `root`, as a path relative to it.
fn files_under(root: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if let Ok(relative) = path.strip_prefix(root) {
                out.push(relative.to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out
}

/// The folders of `src/games/` registered only for a feature this build
/// does not have: their files stay out of the resources.
fn folders_left_out() -> Vec<PathBuf> {
    registry::entries()
        .into_iter()
        .filter(|entry| {
            entry.feature.as_ref().is_some_and(|f| {
                let var = format!("CARGO_FEATURE_{}", f.to_uppercase().replace('-', "_"));
                std::env::var_os(var).is_none()
            })
        })
        .map(|entry| Path::new("games").join(entry.id))
        .collect()
}

/// The store listing, translated as meson's `merge_file` makes it, into
/// `dir/metainfo.xml`: About is made from it (name, developer, links,
/// licence and What's New). Without gettext's tools, the English one.
fn metainfo(dir: &Path) {
    const LISTING: &str = "data/io.github.match5.Match5.metainfo.xml.in";
    println!("cargo:rerun-if-changed={LISTING}");
    std::fs::create_dir_all(dir).expect("a folder in OUT_DIR");
    let target = dir.join("metainfo.xml");
    let merged = Command::new("msgfmt")
        .args(["--xml", "-d", "po", "--template", LISTING, "-o"])
        .arg(&target)
        .status();
    if !matches!(merged, Ok(s) if s.success()) {
        println!(
            "cargo:warning=msgfmt could not merge the listing's translations: About is in English"
        );
        std::fs::copy(LISTING, &target).expect("the listing copied into OUT_DIR");
    }
}

/// The resources: every `.ui` file beside its widget in `src/` (a page's
/// templates, help and shortcuts come with its folder), the icons and
/// style sheet in `data/resources/`, and the store listing.
fn gresource_xml() -> String {
    const STRIP: &str = " preprocess=\"xml-stripblanks\"";
    let has = |path: &Path, ending: &str| path.extension().is_some_and(|e| e == ending);
    let left_out = folders_left_out();
    let mut entries: Vec<(PathBuf, &str)> = files_under(Path::new("src"))
        .into_iter()
        .filter(|p| has(p, "ui") && !left_out.iter().any(|f| p.starts_with(f)))
        .map(|p| (p, STRIP))
        .collect();
    for path in files_under(Path::new("data/resources")) {
        if has(&path, "svg") {
            entries.push((path, STRIP));
        } else if has(&path, "css") {
            entries.push((path, ""));
        }
    }
    entries.push((PathBuf::from("metainfo.xml"), STRIP));
    entries.sort();
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gresources>\n  <gresource prefix=\"/io/github/match5/Match5\">\n",
    );
    for (path, preprocess) in entries {
        xml.push_str(&format!(
            "    <file compressed=\"true\"{preprocess}>{}</file>\n",
            path.display()
        ));
    }
    xml.push_str("  </gresource>\n</gresources>\n");
    xml
}

/// Compiles the resources listed in `xml` into `target`, as
/// glib-build-tools would, without asking cargo to watch `xml`.
fn compile_resources(xml: &Path, listing: &Path, target: &Path) {
    let mut command = Command::new("glib-compile-resources");
    command
        .args(["--sourcedir", "data/resources", "--sourcedir", "src"])
        .arg("--sourcedir")
        .arg(listing)
        .arg("--target")
        .arg(target)
        .arg(xml);
    run_glib_tool(command, "libglib2.0-dev-bin");
}

/// Runs one of GLib's build tools; a failure stops the build with what
/// the tool said, and a missing tool names the package that has it.
fn run_glib_tool(mut command: Command, package: &str) {
    let tool = command.get_program().to_string_lossy().into_owned();
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{tool} runs ({package}): {e}"));
    assert!(
        output.status.success(),
        "{tool} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The settings schema compiled into `dir`, which the binary reads where
/// the schema is not installed (a plain `cargo run`, the tests): meson
/// installs and compiles it for everyone else.
fn schemas(dir: &Path) {
    const SCHEMA: &str = "data/io.github.match5.Match5.gschema.xml";
    println!("cargo:rerun-if-changed={SCHEMA}");
    std::fs::create_dir_all(dir).expect("a folder in OUT_DIR");
    std::fs::copy(SCHEMA, dir.join("io.github.match5.Match5.gschema.xml"))
        .expect("the schema copied into OUT_DIR");
    let mut command = Command::new("glib-compile-schemas");
    command.arg("--strict").arg(dir);
    run_glib_tool(command, "libglib2.0-bin");
    println!("cargo:rustc-env=MATCH5_BUILD_SCHEMADIR={}", dir.display());
}

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let gresource = Path::new(&out).join("resources.gresource.xml");
    // Written only when it changed.
    let xml = gresource_xml();
    if std::fs::read_to_string(&gresource).ok().as_deref() != Some(xml.as_str()) {
        std::fs::write(&gresource, xml).expect("a file in OUT_DIR");
    }
    let listing = Path::new(&out).join("listing");
    metainfo(&listing);
    compile_resources(
        &gresource,
        &listing,
        &Path::new(&out).join("match5.gresource"),
    );
    // A page's new template or help comes in without an edit here. The
    // list in OUT_DIR is made from these folders, so it is not watched
    // itself: written during the first run, it would look newer than that
    // run to cargo, which would then build the app a second time (meson's
    // install after its compile).
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=data/resources");

    schemas(&Path::new(&out).join("schemas"));

    let localedir = Path::new(&out).join("locale");
    println!(
        "cargo:rustc-env=MATCH5_BUILD_LOCALEDIR={}",
        localedir.display()
    );
    // meson's APP_ID, VERSION and LOCALEDIR are read by src/config.rs
    // (option_env!), which rustc tracks itself: the build script reads
    // none of them, so it does not run again when they change. It did,
    // and since every build of the package shares its output, meson's
    // install made the tests' build compile the app again, and the
    // tests' build meson's.
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
