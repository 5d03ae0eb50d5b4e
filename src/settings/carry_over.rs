//! The settings.toml of older versions, carried over into GSettings at the
//! first start after an update: every value the file held is written to
//! its key, and the file is kept beside, renamed `settings.toml.carried-over`,
//! so that nothing a person had is lost and the next start does not carry
//! it over again. A damaged file is said and moved aside as before
//! ([`super::older_file`]); the app then starts with what GSettings has.

use std::path::Path;

use gtk::gio;

use super::{older_file, store};

/// Carries the file at `path` into `store` where there is such a file.
/// The answer is what the schema has no key for, the keys of a still
/// older version that their page reads (`SharedSettings::page`), and a
/// message where the file was damaged.
pub fn carry_over(path: &Path, store: &gio::Settings) -> (toml::Table, Option<String>) {
    let (table, warning) = older_file::read_file(path);
    // The keys of a still older version, which the schema has none for:
    // kept in memory for their page to read.
    let mut older = toml::Table::new();
    if let Some(table) = table {
        for field in store::write(store, &table) {
            if let Some(value) = table.get(&field)
                && !value.is_table()
            {
                older.insert(field, value.clone());
            }
        }
        let kept = path.with_extension("toml.carried-over");
        if let Err(e) = std::fs::rename(path, &kept) {
            // Carried over again at the next start, which changes nothing.
            eprintln!(
                "match5: {} was carried over but not renamed: {e}",
                path.display()
            );
        }
    }
    (older, warning)
}

#[cfg(test)]
mod tests {
    use gtk::gio::prelude::*;

    use super::*;
    use crate::settings::Settings;

    /// This run's settings as `SharedSettings::open` makes them.
    fn carry_over(path: &Path, store: &gio::Settings) -> (Settings, Option<String>) {
        let (older, warning) = super::carry_over(path, store);
        (crate::settings::this_run(store, older), warning)
    }

    /// A page's first key of type boolean, by its schema: (child, key).
    fn a_page_switch(store: &gio::Settings) -> (String, String) {
        let schema = store.settings_schema().unwrap();
        for child in schema.list_children() {
            let page = store.child(&child).settings_schema().unwrap();
            if let Some(key) = page
                .list_keys()
                .into_iter()
                .find(|k| page.key(k).value_type().as_str() == "b")
            {
                return (child.to_string(), key.to_string());
            }
        }
        panic!("no page keeps a switch")
    }

    /// Every value of an older version's file is in GSettings after the
    /// first start, the keys of a still older one wait for their page, and
    /// the file is kept beside, so that the second start reads GSettings.
    #[test]
    fn an_older_settings_file_is_carried_over_once_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        let store = store::in_memory();
        let (page, key) = a_page_switch(&store);
        let default = store.child(&page).boolean(&key);
        let field = key.replace('-', "_");
        let text = format!(
            "window_width = 640\nlast_page = \"{page}\"\nflat_key_of_a_page = true\n\
             [{page}]\n{field} = {}\n",
            !default
        );
        std::fs::write(&path, &text).unwrap();
        let (settings, warning) = carry_over(&path, &store);
        assert_eq!(warning, None);
        assert_eq!(
            (settings.window_width, settings.last_page.as_str()),
            (640, page.as_str())
        );
        assert_eq!(store.int("window-width"), 640);
        assert_eq!(store.child(&page).boolean(&key), !default);
        assert_eq!(settings.pages[&page][&field].as_bool(), Some(!default));
        assert_eq!(
            settings.pages["flat_key_of_a_page"].as_bool(),
            Some(true),
            "waits for its page"
        );
        assert!(!path.exists());
        let kept = dir.path().join("settings.toml.carried-over");
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), text, "kept whole");
        // The next start: GSettings' alone.
        store.child(&page).set_boolean(&key, default).unwrap();
        let (again, _) = carry_over(&path, &store);
        assert_eq!(again.pages[&page][&field].as_bool(), Some(default));
        assert!(!again.pages.contains_key("flat_key_of_a_page"));
    }

    /// A damaged file is said, moved aside whole, and GSettings keeps what
    /// it had.
    #[test]
    fn a_damaged_file_is_said_and_what_gsettings_had_stays() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        std::fs::write(&path, "window_width = [[[").unwrap();
        let store = store::in_memory();
        store.set_int("window-width", 777).unwrap();
        let (settings, warning) = carry_over(&path, &store);
        assert!(warning.unwrap().contains("settings.toml, line 1"));
        assert_eq!(settings.window_width, 777);
        assert!(!path.exists(), "moved aside");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
