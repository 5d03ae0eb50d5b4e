//! The knowledge file: a round trip, every rejection with its line, and the
//! store that two programs share.

use match5_tictactoe::file::{FileError, Problem, parse, to_text};
use match5_tictactoe::store::{KnowledgeFile, Saved};
use match5_tictactoe::{Game, Knowledge, Opponent, Rewards, train};
use rand::SeedableRng;

fn trained(rewards: Rewards, games: u64) -> Knowledge {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut k = Knowledge::new(rewards);
    train(
        &mut k,
        &mut Opponent::Random,
        games,
        100,
        &mut rng,
        &mut |_, _| true,
    );
    k
}

#[test]
fn knowledge_reads_back_as_it_was_written() {
    for rewards in [Rewards::default(), Rewards::MENACE] {
        let k = trained(rewards, 800);
        assert!(k.len() > 100, "{} positions", k.len());
        let text = to_text(&k);
        let back = parse(&text).expect("its own file");
        assert_eq!(back, k);
        assert_eq!(back.games(), 800);
        assert_eq!(back.rewards(), rewards);
        // The order met is kept: it decides ties no more, but it is the
        // article's list.
        assert_eq!(
            back.entries().collect::<Vec<_>>(),
            k.entries().collect::<Vec<_>>()
        );
    }
    assert_eq!(
        parse(&to_text(&Knowledge::default())),
        Ok(Knowledge::default())
    );
}

const HEAD: &str =
    "format = \"match5-tictactoe\"\nversion = 1\n\n[rewards]\nwin = 1\ndraw = 0\nloss = -1\n";

/// `[[position]]` with these lines, after [`HEAD`] (lines 9 on).
fn with_position(body: &str) -> String {
    format!("{HEAD}\n[[position]]\n{body}")
}

fn line_and_problem(text: &str) -> (usize, String) {
    match parse(text) {
        Err(FileError {
            line: Some(line),
            problem,
        }) => (line, problem.to_string()),
        other => panic!("not refused at a line: {other:?}\n{text}"),
    }
}

#[test]
fn every_damage_is_refused_with_its_line() {
    // A valid position: X in a corner, O in the centre.
    let good = "value = 163\nboard = \"X../.O./...\"\npreference = 2\n";
    let k = parse(&with_position(good)).unwrap();
    assert_eq!(k.entries().collect::<Vec<_>>(), vec![(163, 2)]);

    let cases: &[(&str, usize, &str)] = &[
        // Not TOML.
        (
            "value = 163\nboard = \"X../.O./...\npreference = 2\n",
            11,
            "string",
        ),
        // A key the format does not have.
        (
            "value = 163\nboard = \"X../.O./...\"\npreference = 2\nweight = 1\n",
            13,
            "weight",
        ),
        ("value = 163\nboard = \"X../.O./...\"\n", 9, "preference"),
        (
            "value = 19683\nboard = \"X../.O./...\"\npreference = 2\n",
            10,
            "0 to 19682",
        ),
        (
            "value = -1\nboard = \"X../.O./...\"\npreference = 2\n",
            10,
            "0 to 19682",
        ),
        (
            "value = 163\nboard = \"X../.O./..X\"\npreference = 2\n",
            11,
            "is not position 163",
        ),
        (
            "value = 163\nboard = \"X../.O.\"\npreference = 2\n",
            11,
            "three rows",
        ),
        (
            "value = 163\nboard = \"X../.Q./...\"\npreference = 2\n",
            11,
            "three rows",
        ),
        // O in the centre, X in the last corner: an image of 163, not the
        // lowest.
        (
            "value = 6723\nboard = \".../.O./..X\"\npreference = 2\n",
            10,
            "not the lowest of its 8 images; that is 163",
        ),
        // X alone: the computer never makes a position without its O.
        (
            "value = 1\nboard = \"X../.../...\"\npreference = 2\n",
            10,
            "cannot come about",
        ),
        // X has three in a row: the game ended before O moved.
        (
            "value = 13\nboard = \"XXX/.../...\"\npreference = 2\n",
            10,
            "cannot come about",
        ),
        (
            "value = 163\nboard = \"X../.O./...\"\npreference = 3000000000\n",
            12,
            "out of range",
        ),
        (
            "value = 163\nboard = \"X../.O./...\"\npreference = 1.5\n",
            12,
            "floating point",
        ),
        (
            "value = 163\nboard = \"X../.O./...\"\npreference = 2\n\n[[position]]\nvalue = 163\nboard = \"X../.O./...\"\npreference = 1\n",
            15,
            "twice",
        ),
    ];
    for (body, line, words) in cases {
        let (at, problem) = line_and_problem(&with_position(body));
        assert_eq!(at, *line, "{body:?}: {problem}");
        assert!(problem.contains(words), "{body:?}: {problem}");
    }

    let top: &[(&str, usize, &str)] = &[
        (
            "format = \"match5-fivo\"\nversion = 1\n",
            1,
            "not a Match5 tic-tac-toe file",
        ),
        ("format = \"match5-tictactoe\"\nversion = 0\n", 2, "version"),
        (
            "format = \"match5-tictactoe\"\nversion = 1\ngames = -4\n[rewards]\nwin = 1\ndraw = 0\nloss = -1\n",
            3,
            "a number of games is 0 to",
        ),
        (
            "format = \"match5-tictactoe\"\nversion = 1\n[rewards]\nwin = 1\ndraw = 0\nloss = -1001\n",
            6,
            "loss reward -1001",
        ),
        (
            "format = \"match5-tictactoe\"\nversion = 1\n[rewards]\nwin = 1\ndraw = 0\n",
            3,
            "loss",
        ),
        (
            "format = \"match5-tictactoe\"\nversion = 1\nplayer = \"Ann\"\n[rewards]\nwin = 1\ndraw = 0\nloss = -1\n",
            3,
            "player",
        ),
        (
            "format = \"match5-tictactoe\"\nversion = 1\n[rewards\n",
            3,
            "",
        ),
    ];
    for (text, line, words) in top {
        let (at, problem) = line_and_problem(text);
        assert_eq!(at, *line, "{text:?}: {problem}");
        assert!(problem.contains(words), "{text:?}: {problem}");
    }

    assert_eq!(
        parse("format = \"match5-tictactoe\"\nversion = 2\nsomething = \"new\"\n"),
        Err(FileError {
            line: None,
            problem: Problem::Newer(2)
        })
    );
    assert_eq!(
        parse("version = 1\n"),
        Err(FileError {
            line: None,
            problem: Problem::NoFormat
        })
    );
    let no_rewards = parse("format = \"match5-tictactoe\"\nversion = 1\n").unwrap_err();
    assert!(
        no_rewards.to_string().contains("missing field `rewards`"),
        "{no_rewards}"
    );
}

/// A game the computer loses: X 5, 3, 7 on the diagonal.
fn lost_game(k: &mut Knowledge) -> Game {
    let mut g = Game::new();
    for x in [4, 2, 6] {
        g.play(x).unwrap();
        g.answer(k);
    }
    assert!(g.is_over());
    g
}

#[test]
fn a_game_is_saved_on_top_of_what_another_program_trained() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tic-tac-toe.toml");
    let (mut file, mut mine) = KnowledgeFile::load(&path, Rewards::default()).unwrap();
    assert!(mine.is_empty());

    // Our game, saved to a file nobody else touched.
    let game = lost_game(&mut mine);
    let lesson = game.lesson().unwrap();
    mine.learn(&lesson.made, lesson.outcome);
    assert_eq!(file.save_game(&mut mine, &lesson).unwrap(), Saved::Plain);
    assert_eq!(
        KnowledgeFile::load(&path, Rewards::default()).unwrap().1,
        mine
    );

    // Another program trains 300 games on the file.
    let (_, trained, ()) = KnowledgeFile::update(&path, Rewards::default(), |k| {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        train(k, &mut Opponent::Random, 300, 100, &mut rng, &mut |_, _| {
            true
        });
    })
    .unwrap()
    .into_written()
    .unwrap();
    assert_eq!(trained.games(), 301);

    // Our next game is learned on top of that, not over it.
    let game = lost_game(&mut mine);
    let lesson = game.lesson().unwrap();
    mine.learn(&lesson.made, lesson.outcome);
    assert_eq!(
        file.save_game(&mut mine, &lesson).unwrap(),
        Saved::OnTopOfOthers
    );
    let mut expected = trained.clone();
    expected.apply(&lesson);
    assert_eq!(mine, expected);
    assert_eq!(mine.games(), 302);
    assert_eq!(
        KnowledgeFile::load(&path, Rewards::default()).unwrap().1,
        mine
    );
}

#[test]
fn a_damaged_file_is_left_alone_until_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tic-tac-toe.toml");
    let damaged = with_position("value = 1\nboard = \"X../.../...\"\npreference = 2\n");
    std::fs::write(&path, &damaged).unwrap();
    let err = KnowledgeFile::load(&path, Rewards::default()).unwrap_err();
    assert!(err.is_damaged());
    assert!(
        err.to_string().contains("tic-tac-toe.toml: line 10"),
        "{err}"
    );
    let Err(err) = KnowledgeFile::update(&path, Rewards::default(), |_| ()) else {
        panic!("a damaged file is not updated");
    };
    assert!(err.is_damaged());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged);

    let aside = KnowledgeFile::set_aside(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), damaged);
    assert!(!path.exists());
    assert!(
        KnowledgeFile::load(&path, Rewards::default())
            .unwrap()
            .1
            .is_empty()
    );

    // Too large, and not text.
    std::fs::write(&path, vec![b'#'; (1 << 20) + 1]).unwrap();
    let err = KnowledgeFile::load(&path, Rewards::default()).unwrap_err();
    assert!(err.to_string().contains("larger than 1024 KiB"), "{err}");
    std::fs::write(&path, [0xff, 0xfe, b'\n']).unwrap();
    let err = KnowledgeFile::load(&path, Rewards::default()).unwrap_err();
    assert!(err.to_string().contains("not UTF-8"), "{err}");

    // A newer version is not damaged: it is not set aside either.
    std::fs::write(&path, "format = \"match5-tictactoe\"\nversion = 9\n").unwrap();
    let err = KnowledgeFile::load(&path, Rewards::default()).unwrap_err();
    assert!(!err.is_damaged());
    assert!(err.to_string().contains("newer Match5"), "{err}");
}

#[test]
fn knowledge_ahead_of_its_file_is_written_unless_another_program_changed_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tic-tac-toe.toml");
    let (mut file, mut mine) = KnowledgeFile::load(&path, Rewards::default()).unwrap();
    assert!(!file.save_if_behind(&mine).unwrap(), "nothing to write");
    // Learned in memory, not written (as after a save that failed).
    let game = lost_game(&mut mine);
    let lesson = game.lesson().unwrap();
    mine.learn(&lesson.made, lesson.outcome);
    assert!(file.save_if_behind(&mine).unwrap());
    assert_eq!(
        KnowledgeFile::load(&path, Rewards::default()).unwrap().1,
        mine
    );
    assert!(!file.save_if_behind(&mine).unwrap(), "written already");
    // Another program trains on the file: it is not written over.
    let theirs = KnowledgeFile::update(&path, Rewards::default(), |k| {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        train(k, &mut Opponent::Random, 50, 50, &mut rng, &mut |_, _| true);
    })
    .unwrap()
    .into_written()
    .unwrap()
    .1;
    let game = lost_game(&mut mine);
    let lesson = game.lesson().unwrap();
    mine.learn(&lesson.made, lesson.outcome);
    assert!(!file.save_if_behind(&mine).unwrap());
    assert_eq!(
        KnowledgeFile::load(&path, Rewards::default()).unwrap().1,
        theirs
    );
}
