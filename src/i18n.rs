//! Translations: every string a person sees goes through these.

pub use gettextrs::{gettext, ngettext, pgettext};

/// `gettext` with `{name}` placeholders filled in.
pub fn gettext_f(msgid: &str, args: &[(&str, &str)]) -> String {
    fill(&gettext(msgid), args)
}

/// `ngettext` with `{name}` placeholders filled in.
pub fn ngettext_f(msgid: &str, plural: &str, n: u32, args: &[(&str, &str)]) -> String {
    fill(&ngettext(msgid, plural, n), args)
}

/// "a, b and c": `items` as one phrase, in the person's language.
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => gettext_f(
            "{first} and {last}",
            &[("first", &rest.join(", ")), ("last", last)],
        ),
    }
}

/// `template` with each `{name}` of `args` replaced, in one pass: a value
/// is never read again, so a player named `{level}` stays `{level}`. A
/// placeholder without a value is left as it is.
fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            args.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v, close))
        });
        match value {
            Some((v, close)) => {
                out.push_str(v);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::fill;

    #[test]
    fn placeholders_are_filled_in_one_pass() {
        let args = [("player", "{level}"), ("level", "3")];
        assert_eq!(
            fill("{player}’s computer is at level {level}.", &args),
            "{level}’s computer is at level 3."
        );
        assert_eq!(fill("{a}{b}", &[("a", "{b}"), ("b", "x")]), "{b}x");
        assert_eq!(fill("{unknown} {", &[("a", "1")]), "{unknown} {");
        assert_eq!(fill("", &[]), "");
        assert_eq!(fill("é{x}ü", &[("x", "ß")]), "éßü");
    }
}
