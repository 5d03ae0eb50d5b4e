//! What the page starts with: a game left unfinished, or the last player's
//! knowledge (with a message when a file could not be read).

use gtk::glib;
use match5_five::{Knowledge, Store};

use crate::games::five::controller::Refusal;
use crate::games::five::model::saved_game::SavedGame;
use crate::games::five::model::session::Session;
use crate::games::five::model::settings::FiveSettings;
use crate::i18n::gettext;

/// The session to start with, and what to tell the person.
pub struct Start {
    pub store: Store,
    pub session: Session,
    /// An unfinished game came back.
    pub restored: bool,
    pub messages: Vec<String>,
}

/// The game of the last run if one was left unfinished (taken off the disk
/// now), else a new game with the last player's knowledge.
pub fn start(settings: &FiveSettings) -> Start {
    let store = Store::at(glib::user_data_dir().join("match5"));
    // A hall of fame of an older version is upgraded once, off the main
    // thread: it reads the knowledge of every player listed.
    let upgrading = store.clone();
    gtk::gio::spawn_blocking(move || {
        if let Err(e) = upgrading.upgrade_hall_of_fame() {
            eprintln!("match5: the hall of fame was not upgraded: {e}");
        }
    });
    let player = if settings.last_player.trim().is_empty() {
        default_player_name()
    } else {
        settings.last_player.clone()
    };
    let mut messages = Vec::new();
    let restored = SavedGame::file(store.dir()).take::<SavedGame>().and_then(|saved| {
        let (knowledge, message) = knowledge_for(&store, &saved.player, saved.knowledge.as_deref());
        messages.extend(message);
        let game = saved.game(&knowledge)?;
        // A game against an engine comes back only while the engine does.
        let engine = match saved.engine {
            Some(name) if settings.engine_command(&name).is_none() => {
                messages.push(crate::i18n::gettext_f(
                    "Your unfinished game against {engine} did not come back: that engine is no longer among your engines.",
                    &[("engine", &name)],
                ));
                return None;
            }
            engine => engine,
        };
        let mut session = Session::restored(knowledge, game, engine, saved.computer_starts);
        session.set_hints(saved.hints);
        Some(session)
    });
    let was_restored = restored.is_some();
    let session = restored.unwrap_or_else(|| {
        let (knowledge, message) = last_knowledge(&store, settings, &player);
        messages.extend(message);
        Session::new(knowledge, &settings.opponent(), settings.computer_starts)
    });
    Start {
        store,
        session,
        restored: was_restored,
        messages,
    }
}

/// The knowledge played last: its file wherever it is (a friend's file in
/// Downloads too), else `player`'s own. A file that is gone or cannot be
/// read is said, and the person plays their own computer: never an empty
/// namesake that a save would put in its place.
fn last_knowledge(
    store: &Store,
    settings: &FiveSettings,
    player: &str,
) -> (Knowledge, Option<String>) {
    let last = settings.last_file.trim();
    if last.is_empty() {
        return knowledge_for(store, player, None);
    }
    let path = std::path::Path::new(last);
    let own = store.knowledge_path(player).ok();
    match crate::games::five::controller::Controller::read(path) {
        Ok(k) => (k, None),
        // The person's own file, gone: they start anew, as before.
        Err(_) if own.as_deref() == Some(path) && !path.exists() => (Knowledge::new(player), None),
        Err(refusal) => {
            let (k, also) = knowledge_for(store, player, None);
            let said = match refusal {
                Refusal::NotFound(_) => crate::i18n::gettext_f(
                    "The knowledge you played last, {file} in {folder}, is no longer there, so you play {player}’s computer.",
                    &[
                        ("file", &crate::errors::file_name(path)),
                        ("folder", &crate::places::folder_name(path)),
                        ("player", k.player()),
                    ],
                ),
                refusal => crate::i18n::gettext_f(
                    "The knowledge you played last could not be opened, so you play {player}’s computer. {reason}",
                    &[("player", k.player()), ("reason", &refusal.message())],
                ),
            };
            (
                k,
                Some(also.map_or(said.clone(), |also| format!("{said}\n{also}"))),
            )
        }
    }
}

/// `player`'s knowledge: from `file` or their default file if it exists,
/// else new. A file that cannot be read gives new knowledge and a message.
pub fn knowledge_for(
    store: &Store,
    player: &str,
    file: Option<&std::path::Path>,
) -> (Knowledge, Option<String>) {
    let path = file
        .map(std::path::Path::to_path_buf)
        .or_else(|| store.knowledge_path(player).ok());
    match path.map(|p| crate::games::five::controller::stored_or_new(&p, player)) {
        Some(Ok(k)) => (k, None),
        Some(Err(e)) => (
            Knowledge::new(player),
            Some(crate::games::five::words::errors::file_error(&e)),
        ),
        None => (Knowledge::new(player), None),
    }
}

fn default_player_name() -> String {
    let real = glib::real_name().to_string_lossy().trim().to_string();
    if !real.is_empty() && real != "Unknown" {
        return real;
    }
    let user = glib::user_name().to_string_lossy().trim().to_string();
    if user.is_empty() || user == "root" {
        gettext("Player")
    } else {
        user
    }
}
