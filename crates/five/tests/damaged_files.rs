//! Damaged, crafted and oversized `.fivo` files: each refused with its
//! file and line, or its limit, before it is read whole.

use std::fs;

use match5_five::files;
use match5_five::fivo;

#[test]
fn every_broken_file_is_refused_with_file_and_line() {
    const HEAD: &str = "format = \"match5-knowledge\"\nversion = 1\nplayer = \"Anna\"\n";
    let cases: Vec<(String, usize, &str)> = vec![
        ("this is not [toml".into(), 1, "not a valid TOML file"),
        (
            "format = \"other\"\nversion = 1\nplayer = \"A\"\n".into(),
            1,
            "not a Match5 knowledge file",
        ),
        (
            "format = \"match5-knowledge\"\nversion = 4\nplayer = \"A\"\n".into(),
            2,
            "newer Match5",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\"BBB\", \"BX\"]\n"),
            7,
            "ragged rows",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\"BBQBX\"]\n"),
            7,
            "unknown field 'Q'",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\"BBBB.\"]\n"),
            7,
            "no response field",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\"XBBBX\"]\n"),
            7,
            "2 response fields",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\"BBBBBBBBBX\"]\n"),
            7,
            "larger than the 9x9",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\nrows = [\n  \"-----\",\n  \"BBBBX\",\n]\n"),
            7,
            "not left-top aligned",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 0\nrows = [\"BBBBX\"]\n"),
            6,
            "level 0: a level is a number from 1 to 4294967295",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 4294967296\nrows = [\"BBBBX\"]\n"),
            6,
            "level 4294967296: a level is a number from 1 to 4294967295",
        ),
        (
            format!("{HEAD}\n[[lost_line]]\nboard = [\"........\"]\navoid = [\"4,4\"]\n"),
            6,
            "lost line: the board has 1 rows, not 9",
        ),
        (
            format!(
                "{HEAD}\n[[lost_line]]\nboard = [\".........\", \".........\", \".........\", \".........\", \"....R....\", \".........\", \".........\", \".........\", \"....B....\"]\navoid = [\"4,4\"]\n"
            ),
            7,
            "lost line: \"4,4\" is not an empty field",
        ),
        (
            format!(
                "{HEAD}\n[[lost_line]]\nboard = [\".........\", \".........\", \".........\", \".........\", \"....R....\", \".........\", \".........\", \".........\", \"....B....\"]\navoid = [\"9,0\"]\n"
            ),
            7,
            "is not an empty field x,y (0 to 8)",
        ),
        (
            format!(
                "{HEAD}\n[[lost_line]]\nboard = [\".........\", \".........\", \".........\", \".........\", \"....R....\", \".........\", \".........\", \".........\", \"....B....\"]\navoid = []\n"
            ),
            7,
            "lost line: no field to avoid",
        ),
        (
            format!(
                "{HEAD}\n[history]\ngames = [\n  \"1 won 0 2026-11-22\",\n  \"2 tied 0 2026-11-22\",\n]\n"
            ),
            8,
            "history: result \"tied\" is not won, lost or drawn",
        ),
        (
            format!(
                "{HEAD}\n[history]\ngames = [\"2 won 0 2026-11-22\", \"1 won 0 2026-11-22\"]\n"
            ),
            6,
            "history: game 1 comes after game 2",
        ),
        (
            format!("{HEAD}\n[[pattern]]\nlevel = 1\ngame = 0\nrows = [\"BBBBX\"]\n"),
            7,
            "pattern 1: game 0: a game number from 1",
        ),
        (
            format!("{HEAD}password = \"geheim\"\n"),
            4,
            "not an Argon2id hash",
        ),
        (
            format!(
                "{HEAD}password = \"$argon2id$v=19$m=268435455,t=1,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"\n"
            ),
            4,
            "asks for memory (KiB) 268435455; at most 262144",
        ),
        (
            format!(
                "{HEAD}password = \"$argon2id$v=19$m=19456,t=4294967295,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"\n"
            ),
            4,
            "asks for passes 4294967295",
        ),
        (
            format!(
                "{HEAD}password = \"$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"\n"
            ),
            4,
            "argon2i hash; Match5 uses only Argon2id",
        ),
        (
            "format = \"match5-knowledge\"\nversion = 1\nplayer = \"A\\u001b]0;pwned\\u0007\"\n"
                .into(),
            3,
            "the player name holds a control character",
        ),
        (
            format!(
                "format = \"match5-knowledge\"\nversion = 1\nplayer = \"{}\"\n",
                "x".repeat(65)
            ),
            3,
            "longer than 64 characters",
        ),
        (
            format!("{HEAD}[stats]\nwon = -3\n"),
            5,
            "won = -3: a number of games from 0 to",
        ),
        (
            format!("{HEAD}[stats]\nwon = 1\nlost = 4294967296000000\n"),
            6,
            "lost = 4294967296000000: a number of games",
        ),
        (
            format!("{HEAD}notes = {}1\n", "a.".repeat(100_000)),
            4,
            "lines may be at most 16384",
        ),
        (
            format!(
                "{HEAD}deep = {}{}\n",
                "[\n".repeat(5_000),
                "]\n".repeat(5_000)
            ),
            84, // where the nesting passes the limit
            "nested too deeply",
        ),
        (
            format!("{HEAD}{}a = 1\n", "a.".repeat(7_000)),
            4,
            "nested too deeply",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, (text, line, why)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("case{i}.fivo"));
        fs::write(&path, text).unwrap();
        let err = files::load_knowledge(&path).unwrap_err().to_string();
        let name = path.display().to_string();
        assert!(
            err.starts_with(&format!("{name}: line {line}: ")),
            "case {i}: {err}"
        );
        assert!(err.contains(why), "case {i}: {err}");
    }
    let mut bytes = HEAD.as_bytes().to_vec();
    bytes.extend_from_slice(b"notes = \"caf\xE9\"\n");
    let path = dir.path().join("latin1.fivo");
    fs::write(&path, bytes).unwrap();
    let err = files::load_knowledge(&path).unwrap_err().to_string();
    assert!(
        err.ends_with("latin1.fivo: line 4: column 13: byte 0xE9 is not UTF-8 text"),
        "{err}"
    );
    let missing = files::load_knowledge(&dir.path().join("nope.fivo")).unwrap_err();
    assert!(missing.to_string().contains("nope.fivo"));
}

#[test]
fn patterns_out_of_level_order_are_sorted_on_opening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.fivo");
    fs::write(
        &path,
        "format = \"match5-knowledge\"\nversion = 1\nplayer = \"A\"\n\
         [[pattern]]\nlevel = 2\nrows = [\".BBBX.\"]\n[[pattern]]\nlevel = 1\nrows = [\"BBBBX\"]\n",
    )
    .unwrap();
    let k = files::load_knowledge(&path).unwrap();
    assert_eq!(k.patterns()[0].level(), 1);
}

/// Two programs had the same file open; both learned and saved. The second
/// save merges: nothing either learned is lost, both games are counted, and
/// what the second one removed stays removed.

#[test]
fn oversized_knowledge_is_refused_with_the_limit_before_it_is_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let head = "format = \"match5-knowledge\"\nversion = 1\nplayer = \"Big\"\n";
    let path = dir.path().join("huge.fivo");
    let mut text = String::from(head);
    // 40 MiB: only the first 32 MiB and a byte are read, and the message
    // does not take their count for the file's size.
    text.push_str(&"# padding\n".repeat(fivo::MAX_FILE_BYTES / 8));
    fs::write(&path, &text).unwrap();
    let err = files::load_knowledge(&path).unwrap_err().to_string();
    assert!(
        err.contains(
            "the file is larger than 33554432 bytes (32 MiB), the most a knowledge file may have"
        ),
        "{err}"
    );
    assert!(!err.contains("33554433"), "{err}");

    let mut text = String::from(head);
    text.push_str(&"[[pattern]]\n".repeat(fivo::MAX_PATTERNS + 1));
    fs::write(&path, &text).unwrap();
    let err = files::load_knowledge(&path).unwrap_err().to_string();
    assert!(
        err.contains("250001 patterns; a knowledge file may hold at most 250000"),
        "{err}"
    );

    // Dense 9x9 patterns: the index would hold every field eight times.
    let dense = "[[pattern]]\nlevel = 1\nrows = [\"X........\", \"B........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\", \".........\"]\n";
    let mut text = String::from(head);
    text.push_str(&dense.repeat(fivo::MAX_FIELDS / 81 + 1));
    fs::write(&path, &text).unwrap();
    let err = files::load_knowledge(&path).unwrap_err().to_string();
    assert!(
        err.contains("more than 3000000 fields other than '-'"),
        "{err}"
    );
    let rows_line = 3 + 3 * (fivo::MAX_FIELDS / 81 + 1);
    assert!(
        err.contains(&format!("line {rows_line}: pattern 37038:")),
        "{err}"
    );
}
