//! Where a file lives, in words a person knows: "Downloads",
//! "~/Downloads/Dana.fivo". In the Flatpak a file the person chose comes as
//! a document of the document portal (`$XDG_RUNTIME_DIR/doc/ID/NAME`); the
//! portal tells where it is on the person's disk (`GetHostPaths`, version 5
//! of its interface), so the words are the same as outside the sandbox.

use std::path::{Path, PathBuf};

use gtk::prelude::*;
use gtk::{gio, glib};

use crate::i18n::gettext;

/// The path on the person's disk: a document portal path as the portal
/// maps it, any other path as it is.
pub fn host_path(path: &Path) -> PathBuf {
    use std::collections::HashMap;
    use std::sync::Mutex;
    // Asked once per document: a document's place does not change.
    static KNOWN: Mutex<Option<HashMap<String, PathBuf>>> = Mutex::new(None);
    let Some(id) = document_id(path) else {
        return path.to_path_buf();
    };
    let known = KNOWN
        .lock()
        .ok()
        .and_then(|k| k.as_ref()?.get(&id).cloned());
    let Some(host) = known.or_else(|| portal_host_path(&id)) else {
        return path.to_path_buf();
    };
    if let Ok(mut k) = KNOWN.lock() {
        k.get_or_insert_with(HashMap::new).insert(id, host.clone());
    }
    host
}

/// `path` for a person: `~/Downloads/Dana.fivo` below the home folder.
pub fn shown_path(path: &Path) -> String {
    let host = host_path(path);
    match host.strip_prefix(glib::home_dir()) {
        Ok(rest) if rest.as_os_str().is_empty() => "~".to_string(),
        Ok(rest) => format!("~/{}", rest.display()),
        Err(_) => host.display().to_string(),
    }
}

/// The folder a file is in, by its own name ("Downloads"), or "Home".
pub fn folder_name(path: &Path) -> String {
    let host = host_path(path);
    let Some(folder) = host.parent() else {
        return host.display().to_string();
    };
    if folder == glib::home_dir() {
        return gettext("Home");
    }
    folder
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| folder.display().to_string())
}

/// The document's id when `path` lies below the document portal's mount.
fn document_id(path: &Path) -> Option<String> {
    let mounts = [
        glib::user_runtime_dir().join("doc"),
        PathBuf::from("/run/flatpak/doc"),
    ];
    let rest = mounts.iter().find_map(|m| path.strip_prefix(m).ok())?;
    let id = rest.components().next()?.as_os_str().to_str()?;
    // A document is ID/NAME: the folder alone is not one.
    (rest.components().count() >= 2).then(|| id.to_string())
}

fn portal_host_path(id: &str) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStringExt;
    let bus = gio::bus_get_sync(gio::BusType::Session, gio::Cancellable::NONE).ok()?;
    let reply = bus
        .call_sync(
            Some("org.freedesktop.portal.Documents"),
            "/org/freedesktop/portal/documents",
            "org.freedesktop.portal.Documents",
            "GetHostPaths",
            Some(&(vec![id.to_string()],).to_variant()),
            Some(glib::VariantTy::new("(a{say})").expect("a D-Bus type")),
            gio::DBusCallFlags::NONE,
            2000,
            gio::Cancellable::NONE,
        )
        .ok()?;
    let (paths,): (std::collections::HashMap<String, Vec<u8>>,) = reply.get()?;
    let mut bytes = paths.get(id)?.clone();
    // A byte string from D-Bus ends with its NUL.
    if bytes.last() == Some(&0) {
        bytes.pop();
    }
    Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_is_its_id_and_name_below_the_mount() {
        let mount = glib::user_runtime_dir().join("doc");
        assert_eq!(
            document_id(&mount.join("1a2b3c/Dana.fivo")),
            Some("1a2b3c".into())
        );
        assert_eq!(document_id(&mount.join("1a2b3c")), None);
        assert_eq!(
            document_id(Path::new("/home/anna/Downloads/Dana.fivo")),
            None
        );
    }

    #[test]
    fn a_file_at_home_is_shown_from_the_home_folder() {
        let path = glib::home_dir().join("Downloads").join("Dana.fivo");
        assert_eq!(shown_path(&path), "~/Downloads/Dana.fivo");
        assert_eq!(folder_name(&path), "Downloads");
        assert_eq!(folder_name(Path::new("/srv/shared/Dana.fivo")), "shared");
    }
}
