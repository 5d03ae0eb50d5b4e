//! The upgrade of a version-1 hall of fame reads each player's knowledge
//! once, however many entries name them, and resumes where it stopped
//! (issue 63, point 8). Alone in its test binary: it counts the bytes this
//! process reads (`/proc/self/io`), which another test would add to.

use std::fs;
use std::time::Instant;

use match5_five::files::Store;

/// A pattern of its own for each number: two rows of 9 fields.
fn pattern(i: usize) -> String {
    let bits = format!("{i:016b}");
    let row = |first: char, b: &str| {
        std::iter::once(first)
            .chain(b.chars().map(|c| if c == '1' { '.' } else { '-' }))
            .collect::<String>()
    };
    format!(
        "rows = [\"{}\", \"{}\"]\n",
        row('B', &bits[..8]),
        row('X', &bits[8..])
    )
}

/// Knowledge started from the curriculum computer: `trained` patterns
/// without a game (the trained computer's), `taught` with one.
fn knowledge(player: &str, taught: usize, trained: usize) -> String {
    let mut text = format!(
        "format = \"match5-knowledge\"\nversion = 1\nplayer = \"{player}\"\nstart = \"curriculum\"\n\n\
         [stats]\nwon = {taught}\nlost = 0\ndrawn = 0\n"
    );
    for i in 0..taught + trained {
        text += "\n[[pattern]]\nlevel = 1\n";
        if i < taught {
            text += &format!("game = {}\n", i + 1);
        }
        text += &pattern(i);
    }
    text
}

/// The bytes this process has read so far.
fn bytes_read() -> u64 {
    let io = fs::read_to_string("/proc/self/io").unwrap();
    io.lines()
        .find_map(|l| l.strip_prefix("rchar: "))
        .unwrap()
        .parse()
        .unwrap()
}

fn old_hall_of_fame(entries: &[(&str, usize)]) -> String {
    let mut text = "format = \"match5-hall-of-fame\"\nversion = 1\n".to_string();
    for (player, level) in entries {
        text += &format!(
            "\n[[player]]\nplayer = \"{player}\"\nlevel = {level}\nstart = \"curriculum\"\n"
        );
    }
    text
}

#[test]
fn each_knowledge_file_is_read_once_and_a_cut_short_upgrade_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let (taught, trained) = (20_000, 2_000);
    let anna = store.knowledge_path("Anna").unwrap();
    fs::create_dir_all(anna.parent().unwrap()).unwrap();
    fs::write(&anna, knowledge("Anna", taught, trained)).unwrap();
    let size = fs::metadata(&anna).unwrap().len();
    // Twenty entries of one player, as a hall of fame edited by hand or
    // merged from two may hold.
    let entries = vec![("Anna", taught + trained); 20];
    fs::write(store.hall_of_fame_path(), old_hall_of_fame(&entries)).unwrap();
    let before = bytes_read();
    let started = Instant::now();
    assert!(store.upgrade_hall_of_fame().unwrap());
    let read = bytes_read() - before;
    eprintln!(
        "20 entries of one player ({size} bytes of knowledge): {read} bytes read, {:.2} s",
        started.elapsed().as_secs_f64()
    );
    assert!(read < 2 * size, "{read} bytes read for a file of {size}");
    let text = fs::read_to_string(store.hall_of_fame_path()).unwrap();
    assert!(text.contains("version = 2"), "{text}");
    assert!(
        text.contains(&format!(
            "level = {taught}\nstart = \"curriculum\"\ntrained = {trained}"
        )),
        "{text}"
    );

    // Cut short: Bob was read and written into the old file, then the app
    // ended. His knowledge is gone since; the upgrade goes on from Cas
    // and keeps what Bob's file said (without it, 2075 of 0.2.0's
    // curriculum computer taken off would leave 22000 - 2075).
    let cas = store.knowledge_path("Cas").unwrap();
    fs::write(&cas, knowledge("Cas", 300, trained)).unwrap();
    fs::write(
        store.hall_of_fame_path(),
        format!(
            "format = \"match5-hall-of-fame\"\nversion = 1\n\n\
             [[player]]\nplayer = \"Bob\"\nlevel = {taught}\nstart = \"curriculum\"\ntrained = {trained}\n\n\
             [[player]]\nplayer = \"Cas\"\nlevel = {}\nstart = \"curriculum\"\n",
            300 + trained
        ),
    )
    .unwrap();
    assert!(store.upgrade_hall_of_fame().unwrap());
    let hof = store.hall_of_fame().unwrap();
    let ranked: Vec<(&str, usize, Option<usize>)> = (hof.entries().iter())
        .map(|e| (e.player.as_str(), e.level, e.trained))
        .collect();
    assert_eq!(
        ranked,
        [("Bob", taught, Some(trained)), ("Cas", 300, Some(trained))]
    );
}
