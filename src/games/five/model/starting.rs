//! What the page starts with: a game left unfinished, or the last player's
//! knowledge (with a message when a file could not be read).

use std::path::Path;

use gtk::glib;
use match5_five::{Knowledge, Store};

use crate::games::five::controller::{Controller, Refusal, stored_or_new};
use crate::games::five::model::saved_game::SavedGame;
use crate::games::five::model::session::Session;
use crate::games::five::model::settings::FiveSettings;
use crate::i18n::{gettext, gettext_f};

/// The session to start with, and what to tell the person.
pub struct Start {
    pub store: Store,
    pub session: Session,
    /// An unfinished game came back.
    pub restored: bool,
    pub messages: Vec<String>,
}

/// The game of the last run if one was left unfinished (its file stays
/// until the game ends), else a new game with the last player's knowledge.
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
        let (knowledge, message) =
            knowledge_at(&store, saved.knowledge.as_deref(), &saved.player, &player);
        messages.extend(message);
        let game = saved.game(&knowledge)?;
        // A game against an engine comes back only while the engine does.
        let engine = match saved.engine {
            Some(name) if settings.engine_command(&name).is_none() => {
                messages.push(gettext_f(
                    "Your unfinished game against {engine} did not come back: that engine is no longer among your engines.",
                    &[("engine", &name)],
                ));
                return None;
            }
            engine => engine,
        };
        let mut session = Session::restored(knowledge, game, engine, saved.computer_starts);
        session.set_hints(saved.hints);
        session.set_style(settings.style());
        Some(session)
    });
    let was_restored = restored.is_some();
    let session = restored.unwrap_or_else(|| {
        let last = Some(settings.last_file.trim()).filter(|f| !f.is_empty());
        let (knowledge, message) = knowledge_at(&store, last.map(Path::new), &player, &player);
        messages.extend(message);
        Session::new_in(
            settings.style(),
            knowledge,
            &settings.opponent(),
            settings.computer_starts,
        )
    });
    Start {
        store,
        session,
        restored: was_restored,
        messages,
    }
}

/// The knowledge in `file` (a friend's file in Downloads too), else
/// `player`'s own. A file that is gone or cannot be read is said, and the
/// person plays their own computer (`own`'s): never an empty namesake
/// that a save would put in its place. Both doors of a start come here: a
/// kept game's file and the file played last.
fn knowledge_at(
    store: &Store,
    file: Option<&Path>,
    player: &str,
    own: &str,
) -> (Knowledge, Option<String>) {
    let Some(path) = file else {
        return own_knowledge(store, player);
    };
    // The person's own file: new when it is gone, as at a first start.
    if store.knowledge_path(own).ok().as_deref() == Some(path) {
        return own_knowledge(store, own);
    }
    let refusal = match Controller::read(path) {
        Ok(k) => return (k, None),
        Err(refusal) => refusal,
    };
    let (k, also) = own_knowledge(store, own);
    let said = match refusal {
        Refusal::NotFound(_) => gettext_f(
            "The knowledge you played last, {file} in {folder}, is no longer there, so you play {player}’s computer.",
            &[
                ("file", &crate::errors::file_name(path)),
                ("folder", &crate::places::folder_name(path)),
                ("player", k.player()),
            ],
        ),
        refusal => gettext_f(
            "The knowledge you played last could not be opened, so you play {player}’s computer. {reason}",
            &[("player", k.player()), ("reason", &refusal.message())],
        ),
    };
    let said = match also {
        Some(also) => format!("{said}\n{also}"),
        None => said,
    };
    (k, Some(said))
}

/// `player`'s own knowledge: their file in Match5's folder if it exists,
/// else new. A file that cannot be read gives new knowledge and a message.
fn own_knowledge(store: &Store, player: &str) -> (Knowledge, Option<String>) {
    match store
        .knowledge_path(player)
        .map(|p| stored_or_new(&p, player))
    {
        Ok(Ok(k)) => (k, None),
        Ok(Err(e)) => (
            Knowledge::new(player),
            Some(crate::games::five::words::errors::file_error(&e)),
        ),
        Err(_) => (Knowledge::new(player), None),
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
