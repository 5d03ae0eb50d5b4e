//! The games' list read as text: each line `<id>::page_info(),` of
//! `pages()` in `src/games/mod.rs` names a game's folder, in the order of
//! the view switcher, and a line under `#[cfg(feature = "…")]` is built
//! only with that feature (the test-only example page). `build.rs` reads it to leave such a folder out of the
//! resources, and the tests (`tests/architecture/`, `tests/translations.rs`)
//! to check every page without naming one.

/// One line of the list.
pub struct Entry {
    /// The game's folder under `src/games/`, and its page's id.
    pub id: String,
    /// The feature it is built for, if only for one.
    pub feature: Option<String>,
}

/// The list's lines, in the order of the view switcher.
pub fn entries() -> Vec<Entry> {
    let list = std::fs::read_to_string("src/games/mod.rs").expect("src/games/mod.rs is read");
    let block = list
        .split("\npub fn pages() -> Vec<PageInfo> {")
        .nth(1)
        .and_then(|rest| rest.split("\n}").next())
        .expect("src/games/mod.rs has its pages() list");
    let mut feature = None;
    let mut out = Vec::new();
    for line in block.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("#[cfg(feature = \"") {
            feature = rest.split('"').next().map(str::to_string);
        } else if let Some(id) = line.strip_suffix("::page_info(),") {
            out.push(Entry {
                id: id.to_string(),
                feature: feature.take(),
            });
        }
    }
    out
}
