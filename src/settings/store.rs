//! Where the settings are kept: GSettings, under the schema
//! `io.github.match5.Match5` (`data/io.github.match5.Match5.gschema.xml`),
//! so that `gsettings` and dconf-editor find them and a person can script
//! them. GLib picks the backend: dconf on the desktop, a keyfile in the
//! Flatpak's sandbox (`~/.var/app/io.github.match5.Match5/config/glib-2.0/settings/keyfile`).
//!
//! The settings in memory are tables of TOML values, as the settings.toml
//! of older versions held them (see [`super::Settings`]); here they are
//! read and written key by key, by the type the schema gives each key. A
//! field `show_why` is the key `show-why`, a table is a child schema.

use gtk::gio;
use gtk::gio::prelude::*;
use gtk::glib;
use std::collections::BTreeMap;

/// The schema: installed (meson, the Flatpak), or else the one this build
/// compiled (`build.rs`), so that a plain `cargo run` and the tests of the
/// debug build have their settings too.
pub fn schema() -> gio::SettingsSchema {
    let id = crate::config::APP_ID;
    if let Some(schema) = gio::SettingsSchemaSource::default().and_then(|s| s.lookup(id, true)) {
        return schema;
    }
    let built = env!("MATCH5_BUILD_SCHEMADIR");
    gio::SettingsSchemaSource::from_directory(
        built,
        gio::SettingsSchemaSource::default().as_ref(),
        false,
    )
    .ok()
    .and_then(|s| s.lookup(id, true))
    .unwrap_or_else(|| panic!("the settings schema {id} is neither installed nor in {built}"))
}

/// The settings of `schema`, in GLib's backend (or `backend`, for the
/// tests).
pub fn open(schema: &gio::SettingsSchema, backend: Option<&gio::SettingsBackend>) -> gio::Settings {
    gio::Settings::new_full(schema, backend, None::<&str>)
}

/// Every key of `settings` and of its children, as a table (fields with
/// underscores).
pub fn read(settings: &gio::Settings) -> toml::Table {
    let schema = settings_schema(settings);
    let mut table = toml::Table::new();
    for key in schema.list_keys() {
        if let Some(value) = from_variant(&settings.value(&key)) {
            table.insert(key.replace('-', "_"), value);
        }
    }
    for child in schema.list_children() {
        table.insert(
            child.replace('-', "_"),
            toml::Value::Table(read(&settings.child(&child))),
        );
    }
    table
}

/// Writes each value of `table` that the schema has a key (or child) for
/// and that differs from what is kept. A value of the wrong type for its
/// key is left out: the key keeps what it had. What the schema has no key
/// for is left out too (the keys of older versions); the answer lists it.
pub fn write(settings: &gio::Settings, table: &toml::Table) -> Vec<String> {
    let schema = settings_schema(settings);
    let mut left_out = Vec::new();
    settings.delay();
    for (field, value) in table {
        let name = field.replace('_', "-");
        if schema.has_key(&name) {
            let ty = schema.key(&name).value_type();
            match to_variant(value, &ty) {
                Some(variant) if variant != settings.value(&name) => {
                    if settings.set_value(&name, &variant).is_err() {
                        left_out.push(field.clone());
                    }
                }
                Some(_) => {}
                None => left_out.push(field.clone()),
            }
        } else if let toml::Value::Table(inner) = value
            && schema.list_children().iter().any(|c| *c == name)
        {
            let child = settings.child(&name);
            left_out.extend(
                write(&child, inner)
                    .into_iter()
                    .map(|f| format!("{field}.{f}")),
            );
        } else {
            left_out.push(field.clone());
        }
    }
    settings.apply();
    left_out
}

fn settings_schema(settings: &gio::Settings) -> gio::SettingsSchema {
    settings.settings_schema().expect("made from a schema")
}

/// A kept value as a TOML value (the schema's types: `b`, `i`, `u`, `t`,
/// `s`, `as`, `aa{ss}`).
fn from_variant(v: &glib::Variant) -> Option<toml::Value> {
    Some(match v.type_().as_str() {
        "b" => toml::Value::Boolean(v.get::<bool>()?),
        "i" => toml::Value::Integer(v.get::<i32>()?.into()),
        "u" => toml::Value::Integer(v.get::<u32>()?.into()),
        "t" => toml::Value::Integer(i64::try_from(v.get::<u64>()?).ok()?),
        "s" => toml::Value::String(v.get::<String>()?),
        "as" => toml::Value::Array(
            v.get::<Vec<String>>()?
                .into_iter()
                .map(toml::Value::String)
                .collect(),
        ),
        "aa{ss}" => toml::Value::Array(
            v.get::<Vec<BTreeMap<String, String>>>()?
                .into_iter()
                .map(|entry| {
                    toml::Value::Table(
                        entry
                            .into_iter()
                            .map(|(k, v)| (k, toml::Value::String(v)))
                            .collect(),
                    )
                })
                .collect(),
        ),
        _ => return None,
    })
}

/// A TOML value as a value of type `ty`, where it is one.
fn to_variant(value: &toml::Value, ty: &glib::VariantTy) -> Option<glib::Variant> {
    use glib::prelude::ToVariant;
    Some(match (ty.as_str(), value) {
        ("b", toml::Value::Boolean(b)) => b.to_variant(),
        ("i", toml::Value::Integer(n)) => i32::try_from(*n).ok()?.to_variant(),
        ("u", toml::Value::Integer(n)) => u32::try_from(*n).ok()?.to_variant(),
        ("t", toml::Value::Integer(n)) => u64::try_from(*n).ok()?.to_variant(),
        ("s", toml::Value::String(s)) => s.to_variant(),
        ("as", toml::Value::Array(items)) => items
            .iter()
            .map(|i| i.as_str().map(str::to_string))
            .collect::<Option<Vec<String>>>()?
            .to_variant(),
        ("aa{ss}", toml::Value::Array(items)) => items
            .iter()
            .map(|item| {
                item.as_table()?
                    .iter()
                    .map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
                    .collect::<Option<BTreeMap<String, String>>>()
            })
            .collect::<Option<Vec<BTreeMap<String, String>>>>()?
            .to_variant(),
        _ => return None,
    })
}

/// The settings of the schema in a memory backend, for the tests.
#[cfg(test)]
pub fn in_memory() -> gio::Settings {
    open(&schema(), Some(&gio::memory_settings_backend_new()))
}

/// Page `P`'s defaults and the schema's agree, key for key: what a page
/// keeps has a key, and a first start reads the page's own defaults.
#[cfg(test)]
pub fn assert_schema_holds<P: super::PageSettings + PartialEq + std::fmt::Debug>() {
    let store = in_memory();
    let table = read(&store);
    let kept = match table.get(P::ID) {
        Some(toml::Value::Table(t)) => t.clone(),
        _ => panic!("the schema has no child {}", P::ID),
    };
    let Ok(toml::Value::Table(defaults)) = toml::Value::try_from(P::default()) else {
        panic!("page settings are a table")
    };
    assert_eq!(kept, defaults, "the schema's defaults for {}", P::ID);
    // Each value other than its default is kept and read back.
    let mut s = super::Settings::from_table(table);
    s.set_page(&P::default());
    assert!(
        write(&store, &s.to_table()).is_empty(),
        "every field has its key"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value of type `ty` other than `default`.
    fn another(ty: &str, default: &toml::Value) -> toml::Value {
        let text = match ty {
            "b" => return toml::Value::Boolean(!default.as_bool().unwrap()),
            "i" | "u" => return toml::Value::Integer(default.as_integer().unwrap() + 1),
            "t" => "5000000000",
            "s" => r#""a “quoted” \"name\" ü""#,
            "as" => r#"["/a b/c.txt", "ü"]"#,
            "aa{ss}" => {
                r#"[{ name = "Pela", command = "pbrain-pela -x" }, { name = "E", command = "e" }]"#
            }
            _ => panic!("a key of type {ty}: read and write it"),
        };
        toml::from_str::<toml::Table>(&format!("v = {text}")).unwrap()["v"].clone()
    }

    /// `table` with every key of `settings` (and of its children) changed
    /// from its default; the types met are added to `types`.
    fn changed(
        settings: &gio::Settings,
        table: &toml::Table,
        types: &mut Vec<String>,
    ) -> toml::Table {
        let schema = settings_schema(settings);
        let mut out = toml::Table::new();
        for key in schema.list_keys() {
            let ty = schema.key(&key).value_type().as_str().to_string();
            let field = key.replace('-', "_");
            out.insert(field.clone(), another(&ty, &table[&field]));
            types.push(ty);
        }
        for child in schema.list_children() {
            let field = child.replace('-', "_");
            let inner = table[&field].as_table().unwrap();
            let inner = changed(&settings.child(&child), inner, types);
            out.insert(field, toml::Value::Table(inner));
        }
        out
    }

    /// Every key of the schema, of every type it uses, is written and read
    /// back as it was: a setting a page keeps is never changed on the way.
    #[test]
    fn every_key_goes_there_and_back() {
        let store = in_memory();
        let mut types = Vec::new();
        let table = changed(&store, &read(&store), &mut types);
        assert!(write(&store, &table).is_empty(), "every value has its key");
        assert_eq!(read(&store), table);
        types.sort();
        types.dedup();
        assert_eq!(types, ["aa{ss}", "as", "b", "i", "s", "t", "u"]);
    }

    #[test]
    fn a_value_of_the_wrong_type_or_size_leaves_its_key_as_it_was() {
        let store = in_memory();
        let table: toml::Table = toml::from_str(
            "window_width = \"wide\"\nwindow_height = 99999999999\nfuture = 1\nwindow_maximized = true\n",
        )
        .unwrap();
        let mut left_out = write(&store, &table);
        left_out.sort();
        assert_eq!(left_out, ["future", "window_height", "window_width"]);
        assert_eq!(
            (store.int("window-width"), store.int("window-height")),
            (900, 680)
        );
        assert!(store.boolean("window-maximized"), "the rest is kept");
    }
}
