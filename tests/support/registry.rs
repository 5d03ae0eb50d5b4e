//! The games' registry read as text: each line of `registry! { … }` in
//! `src/games/mod.rs` names a game's folder, and a line under
//! `#[cfg(feature = "…")]` is built only with that feature (the test-only
//! example page). `build.rs` reads it to leave such a folder out of the
//! resources, and the tests (`tests/architecture/`, `tests/translations.rs`)
//! to check every page without naming one.

/// One line of the registry.
pub struct Entry {
    /// The game's folder under `src/games/`, and its page's id.
    pub id: String,
    /// The feature it is built for, if only for one.
    pub feature: Option<String>,
}

/// The registry's lines, in the order of the view switcher.
pub fn entries() -> Vec<Entry> {
    let list = std::fs::read_to_string("src/games/mod.rs").expect("src/games/mod.rs is read");
    let block = list
        .split("\nregistry! {")
        .nth(1)
        .and_then(|rest| rest.split("\n}").next())
        .expect("src/games/mod.rs has its registry! { … } list");
    let mut feature = None;
    let mut out = Vec::new();
    for line in block.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("#[cfg(feature = \"") {
            feature = rest.split('"').next().map(str::to_string);
        } else if line.starts_with("//") || line.starts_with('#') {
            continue;
        } else if let Some(id) = line.strip_suffix(',') {
            out.push(Entry {
                id: id.to_string(),
                feature: feature.take(),
            });
        }
    }
    out
}
