//! `match5-cli leapfrog` on the real binary: the first solution is legal,
//! as text and JSON; the figures; a bad K is a usage error.

use std::process::Command;

use assert_cmd::cargo::cargo_bin;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(cargo_bin("match5-cli"))
        .arg("leapfrog")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn solve_prints_a_legal_solution_as_json() {
    let out = run(&["solve", "3", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["frogs"], 3);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 15);
    // Replay it by hand: each move takes a frog into the empty field.
    let mut fields: Vec<char> = "XXX-YYY".chars().collect();
    for m in moves {
        let (from, to) = (
            m["from"].as_u64().unwrap() as usize - 1,
            m["to"].as_u64().unwrap() as usize - 1,
        );
        assert_eq!(fields[to], '-');
        let frog = fields[from];
        assert!(
            (frog == 'X' && to > from) || (frog == 'Y' && to < from),
            "{frog} moves forward"
        );
        assert!(from.abs_diff(to) <= 2);
        fields.swap(from, to);
        assert_eq!(
            m["position"].as_str().unwrap(),
            fields.iter().collect::<String>()
        );
    }
    assert_eq!(fields.iter().collect::<String>(), "YYY-XXX");
}

#[test]
fn solve_as_text_and_stats() {
    let out = run(&["solve", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(text.lines().last().unwrap().ends_with("Y-X"));
    let out = run(&["stats", "2", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"frogs": 2, "fields": 5, "reachable": 23, "dead_ends": 7, "solutions": 2, "moves": 8})
    );
}

#[test]
fn a_bad_number_of_frogs_is_a_usage_error() {
    for k in ["0", "11", "three", "-1"] {
        let out = run(&["stats", k]);
        assert_eq!(out.status.code(), Some(2), "{k}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("'<K>'") || err.contains("unexpected argument"),
            "{k}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
}
