//! Build configuration. Meson passes these as environment variables to
//! cargo; a plain `cargo build` uses the fallbacks, with translations
//! compiled by `build.rs` into the target folder.

pub const APP_ID: &str = match option_env!("APP_ID") {
    Some(v) => v,
    None => "io.github.match5.Match5",
};

pub const VERSION: &str = match option_env!("VERSION") {
    Some(v) => v,
    None => env!("CARGO_PKG_VERSION"),
};

pub const GETTEXT_PACKAGE: &str = "match5";

pub const LOCALEDIR: &str = match option_env!("LOCALEDIR") {
    Some(v) => v,
    None => env!("MATCH5_BUILD_LOCALEDIR"),
};

/// The resource path of the app's UI files.
pub const RESOURCE_BASE: &str = "/io/github/match5/Match5";
