//! Builds the UI resources into the binary and, for a plain `cargo build`,
//! compiles the translations so the app runs translated from `target/`.

use std::path::Path;
use std::process::Command;

fn main() {
    glib_build_tools::compile_resources(
        &["data/resources", "src"],
        "data/resources/resources.gresource.xml",
        "match5.gresource",
    );

    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
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
