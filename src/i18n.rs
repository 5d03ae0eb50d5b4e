//! Translations: every string a person sees goes through these.

pub use gettextrs::{gettext, ngettext};

/// `gettext` with `{name}` placeholders filled in.
pub fn gettext_f(msgid: &str, args: &[(&str, &str)]) -> String {
    let mut s = gettext(msgid);
    for (k, v) in args {
        s = s.replace(&format!("{{{k}}}"), v);
    }
    s
}

/// `ngettext` with `{name}` placeholders filled in.
pub fn ngettext_f(msgid: &str, plural: &str, n: u32, args: &[(&str, &str)]) -> String {
    let mut s = ngettext(msgid, plural, n);
    for (k, v) in args {
        s = s.replace(&format!("{{{k}}}"), v);
    }
    s
}
