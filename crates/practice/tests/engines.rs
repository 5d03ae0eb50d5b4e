//! Practice against a real engine process: the deterministic fake engine
//! the tests ship (`tests/engines/fake-engine`), well behaved and in each
//! of the ways real engines go wrong. Every failure is a clear error, the
//! knowledge learned before it is kept, and no process is left behind.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use match5_five::Knowledge;
use match5_practice::{
    Engine, EngineError, Learning, Opponent, Practice, PracticeError, Setup, Starts,
};

fn fake(mode: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/engines/fake-engine");
    format!("python3 {} {mode}", path.display())
}

fn setup(mode: &str) -> Setup {
    let mut s = Setup::new(Opponent::Pbrain(fake(mode)));
    s.seed = Some(5);
    s.timeout = Duration::from_millis(1500);
    s
}

/// The fake engine in `mode`, writing its pid (and a child's) to `pidfile`.
fn noting_pids(mode: &str, pidfile: &std::path::Path) -> Opponent {
    Opponent::Pbrain(format!(
        "MATCH5_FAKE_PIDFILE={} {}",
        pidfile.display(),
        fake(mode)
    ))
}

/// The pids the fake engine wrote.
fn pids(pidfile: &std::path::Path) -> Vec<u32> {
    std::fs::read_to_string(pidfile)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

fn alive(pid: u32) -> bool {
    // A zombie has exited; /proc still lists it until it is reaped.
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|s| !s.contains(") Z "))
        .unwrap_or(false)
}

fn practice(setup: Setup) -> Result<Practice, PracticeError> {
    Practice::new(
        Knowledge::new("Anna"),
        setup,
        Arc::new(AtomicBool::new(false)),
    )
    .map_err(|not| not.error)
}

#[test]
fn an_engine_that_does_not_start_hands_the_knowledge_back_whole() {
    let knowledge = match5_five::ladder::start_from("Anna", "greedy").unwrap();
    let patterns = knowledge.pattern_count();
    assert!(patterns > 0);
    // One that refuses the board, and one that is not there at all.
    let mut missing = setup("good");
    missing.opponent = Opponent::Pbrain("/nonexistent/match5-engine".into());
    for (what, s) in [("refuses", setup("refuse")), ("missing", missing)] {
        let not = Practice::new(knowledge.clone(), s, Arc::new(AtomicBool::new(false)))
            .err()
            .expect("the engine does not start");
        assert!(matches!(not.error, PracticeError::Engine(_)), "{what}");
        assert_eq!(not.knowledge.player(), "Anna");
        assert_eq!(not.knowledge.pattern_count(), patterns, "{what}");
    }
}

#[test]
fn the_engine_is_checked_and_named_by_its_about() {
    assert_eq!(
        Engine::check(&fake("good")).unwrap().as_deref(),
        Some("Fake Engine")
    );
    match Engine::check(&fake("refuse")) {
        Err(EngineError::Refused {
            request, answer, ..
        }) => {
            assert_eq!(request, "START 9");
            assert!(answer.starts_with("ERROR"), "{answer}");
        }
        other => panic!("a refused board size: {other:?}"),
    }
    assert!(matches!(
        Engine::check("/nonexistent/engine"),
        Err(EngineError::Quit { .. })
    ));
}

#[test]
fn the_computer_learns_against_an_engine_and_a_frozen_one_repeats_its_game() {
    let mut s = setup("good");
    s.starts = Starts::Alternate {
        computer_first: false,
    };
    let mut p = practice(s.clone()).unwrap();
    for _ in 0..6 {
        p.play(&mut |_| true).unwrap().unwrap();
    }
    let t = p.tally();
    assert_eq!(t.played, 6);
    let k = p.finish();
    assert_eq!(k.level(), 0, "the engine's lessons are the computer's own");
    assert_eq!(
        k.practised(),
        k.pattern_count(),
        "every pattern is practice"
    );
    // Frozen, against a deterministic engine, the computer's free moves
    // come from one seed: the same game twice.
    s.learning = Learning::Frozen;
    s.same_start = true;
    s.starts = Starts::Opponent;
    let mut p = practice(s).unwrap();
    let a = p.play(&mut |_| true).unwrap().unwrap().game;
    let b = p.play(&mut |_| true).unwrap().unwrap().game;
    assert_eq!(a.moves(), b.moves());
}

#[test]
fn a_silent_engine_is_stopped_in_time_with_everything_it_started() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pids");
    let mut s = setup("silent");
    s.opponent = noting_pids("silent", &pidfile);
    s.starts = Starts::Opponent;
    let mut p = practice(s).unwrap();
    let began = Instant::now();
    match p.play(&mut |_| true) {
        Err(PracticeError::Engine(EngineError::Silent {
            request, seconds, ..
        })) => {
            assert_eq!(request, "BEGIN");
            assert_eq!(seconds, 2);
        }
        other => panic!("a silent engine: {:?}", other.map(|_| ())),
    }
    assert!(began.elapsed() < Duration::from_secs(5));
    let pids = pids(&pidfile);
    assert!(!pids.is_empty());
    drop(p);
    std::thread::sleep(Duration::from_millis(100));
    for pid in pids {
        assert!(!alive(pid), "engine process {pid} left running");
    }
}

#[test]
fn dropping_a_run_stops_the_engine_and_its_children() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pids");
    let mut s = setup("spawn");
    s.opponent = noting_pids("spawn", &pidfile);
    let mut p = practice(s).unwrap();
    p.play(&mut |_| true).unwrap().unwrap();
    let pids = pids(&pidfile);
    assert_eq!(pids.len(), 2, "the engine and the child it started");
    assert!(pids.iter().all(|p| alive(*p)));
    drop(p);
    std::thread::sleep(Duration::from_millis(100));
    for pid in pids {
        assert!(!alive(pid), "process {pid} outlived the run");
    }
}

#[test]
fn engines_that_misbehave_get_a_clear_error_and_the_knowledge_stays() {
    for (mode, expect) in [
        ("garbage", "not a move"),
        ("crash", "quit"),
        ("occupied", "no stone may go"),
    ] {
        // It plays well for 12 games, in which the computer learns, then
        // misbehaves.
        let mut s = setup("good");
        s.opponent = Opponent::Pbrain(format!("MATCH5_FAKE_AFTER=12 {}", fake(mode)));
        s.starts = Starts::Computer;
        let mut p = practice(s).unwrap();
        let mut learned = 0;
        let err = loop {
            match p.play(&mut |_| true) {
                Ok(Some(_)) => learned = p.tally().learned,
                Ok(None) => panic!("{mode}: the run ended without the engine's fault"),
                Err(e) => break e,
            }
        };
        let text = err.to_string();
        assert!(text.contains(expect), "{mode}: {text}");
        assert!(
            text.contains("fake-engine"),
            "{mode} names the engine: {text}"
        );
        assert_eq!(p.tally().played, 12, "{mode}: the good games were played");
        assert!(
            learned > 0,
            "{mode}: the computer learned in the good games"
        );
        // What it learned before stays: the knowledge is whole.
        let k = p.finish();
        assert_eq!(k.player(), "Anna");
        assert_eq!(
            k.pattern_count() as u64,
            learned,
            "{mode}: every pattern learned is kept"
        );
    }
    // Megabytes of chatter are read and dropped, never kept: it plays on.
    let mut p = practice(setup("flood")).unwrap();
    assert!(p.play(&mut |_| true).unwrap().is_some());
}

#[test]
fn an_engine_follows_a_position_given_whole_after_a_move_is_taken_back() {
    let c = |x, y| match5_five::Cell::new(x, y).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let mut engine = Engine::start(&fake("good"), Duration::from_secs(2), &[], stop).unwrap();
    // The fake engine plays the middle row outwards: E5 first.
    assert_eq!(engine.turn(c(0, 0)).unwrap(), c(4, 4));
    // Our move and its reply taken back, another move played instead: the
    // engine gets the whole position and answers on it.
    let answer = engine.board(&[(c(4, 4), true), (c(1, 0), false)]).unwrap();
    assert_eq!(answer, c(3, 4), "E5 is its own stone now, so D5 is next");
    let answer = engine.board(&[(c(4, 4), false)]).unwrap();
    assert_eq!(answer, c(3, 4), "E5 holds its opponent's stone");
    engine.restart().unwrap();
    assert_eq!(engine.begin().unwrap(), c(4, 4), "a new game starts empty");
    engine.end();
}
