//! The architecture, checked from the source text: the module structure
//! is a tree of uses without cycles (`modules.rs`); every page of the
//! list of pages brings what the shell reads, and the shell names no game
//! (`pages.rs`); the code keeps its rules: no `unsafe`, no deprecated
//! widgets, dependencies declared once, one controller for five in a row,
//! one D-Bus layout, templates beside their widgets, long files that say
//! what their one idea is (`code.rs`).

mod code;
mod modules;
mod pages;
#[path = "../support/registry.rs"]
mod registry;

pub(crate) use modules::*;
pub(crate) use pages::*;
pub(crate) use std::collections::{BTreeMap, BTreeSet};
pub(crate) use std::fs;
pub(crate) use std::path::{Path, PathBuf};

/// Every file under `dir` whose name ends in `.{ending}`.
pub(crate) fn files_ending(dir: &Path, ending: &str, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_ending(&path, ending, out);
        } else if path.extension().is_some_and(|e| e == ending) {
            out.push(path);
        }
    }
}

pub(crate) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    files_ending(dir, "rs", out);
}
