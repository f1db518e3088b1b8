//! The `diablo` binary end to end: the output format of `legal`, `play`,
//! `perft` and `check`, both option spellings, and bad input of every kind
//! (exit status 2, a message on stderr, nothing on stdout).

mod common;

use common::{ok, run};
use std::path::PathBuf;

/// Runs a command that must fail with status 2 and nothing on stdout;
/// checks stderr mentions every fragment and returns it.
fn fails(args: &[&str], words: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(
        out.stdout.is_empty(),
        "{args:?} printed {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    let stderr = String::from_utf8(out.stderr).expect("utf-8 errors");
    assert!(stderr.starts_with("diablo: "), "{stderr}");
    for w in words {
        assert!(
            stderr.contains(w),
            "{args:?}: stderr '{stderr}' should mention '{w}'"
        );
    }
    stderr
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or_default()
}

/// A record file in the temp directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path =
            std::env::temp_dir().join(format!("diablo-cli-test-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("temp dir is writable");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("utf-8 temp path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// 4x4, Black a1, Green a4, turn 3 (worked by hand in diablo-core's tests).
const LINE: &str = "g.../..../..../b... b 3";
/// 6x6, no Black move with 3,3.
const NO_MOVE: &str = "..g3..b2/....../g4...../.....g3/....../b3..g4.. b 3";

fn turns_of(json: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(json).expect("legal prints JSON");
    let obj = v.as_object().expect("a JSON object");
    assert_eq!(obj.len(), 1, "only the turns key: {json}");
    let mut turns: Vec<String> = obj["turns"]
        .as_array()
        .expect("turns is an array")
        .iter()
        .map(|t| t.as_str().expect("turns are strings").to_string())
        .collect();
    turns.sort();
    turns
}

#[test]
fn legal_prints_one_json_object() {
    let out = ok(&[
        "legal",
        "--edition",
        "standard",
        "--position",
        LINE,
        "--roll",
        "1,2",
    ]);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert_eq!(
        turns_of(&out),
        ["a1-a2 a2-a4", "a1-a3 a3-a4", "a1-b1 -b1", "a1-c1 -c1"]
    );
    // --name=value, and the default edition (standard).
    let same = ok(&["legal", &format!("--position={LINE}"), "--roll=2,1"]);
    assert_eq!(turns_of(&same), turns_of(&out));
    let seq = ok(&[
        "legal",
        "--edition=sequenced",
        "--position",
        LINE,
        "--roll",
        "1,2",
    ]);
    assert_eq!(turns_of(&seq), ["a1-a2 a2-a4", "a1-a3 a3-a4"]);
    // Two removals, written in square order.
    let rem = ok(&["legal", "--position", NO_MOVE, "--roll", "3,3"]);
    assert_eq!(turns_of(&rem), ["-a1 -a1", "-a1 -f6", "-f6 -f6"]);
}

#[test]
fn play_prints_the_new_position_code_last() {
    let out = ok(&[
        "play",
        "--position",
        LINE,
        "--roll",
        "1,2",
        "--turn",
        "a1-a2 a2-a4",
    ]);
    assert_eq!(last_line(&out), "b.../..../..../.... g 4");
    // A turn value starting with a dash, in both spellings.
    let spaced = ok(&[
        "play",
        "--position",
        NO_MOVE,
        "--roll",
        "3,3",
        "--turn",
        "-f6 -a1",
    ]);
    let joined = ok(&[
        "play",
        &format!("--position={NO_MOVE}"),
        "--roll=3,3",
        "--turn=-a1 -f6",
    ]);
    assert_eq!(
        last_line(&spaced),
        "..g3..b/....../g4...../.....g3/....../b2..g4.. g 4"
    );
    assert_eq!(spaced, joined);
    let seq = ok(&[
        "play",
        "--edition",
        "sequenced",
        "--position",
        NO_MOVE,
        "--roll",
        "3,3",
        "--turn",
        "-a1 -a1",
    ]);
    assert_eq!(
        last_line(&seq),
        "..g3..b2/....../g4...../.....g3/....../b..g4.. g 4"
    );
}

#[test]
fn perft_prints_the_count_last() {
    let out = ok(&["perft", "--size", "4", "--depth", "2"]);
    assert_eq!(last_line(&out), "96528");
    let out = ok(&["perft", "--edition=sequenced", "--size=4", "--depth=2"]);
    assert_eq!(last_line(&out), "78400");
    let out = ok(&[
        "perft",
        "--edition",
        "standard",
        "--position",
        "gbgb/bgbg/gbgb/bgbg b 1",
        "--depth",
        "1",
    ]);
    assert_eq!(last_line(&out), "80");
    assert_eq!(
        last_line(&ok(&["perft", "--size", "6", "--depth", "0"])),
        "1"
    );
}

#[test]
fn check_prints_the_final_position() {
    let rec = TempFile::new(
        "ok.txt",
        "# a game\nedition standard\nsize 4\n2,1: b2-b4\n2,2: a2-c2 c2-a2\n",
    );
    let out = ok(&["check", "--record", rec.path()]);
    assert!(out.starts_with("2 turns, standard, in progress"), "{out}");
    let play = |p: diablo_core::Position, roll: &str, turn: &str| {
        let (roll, turn) = (roll.parse().expect("roll"), turn.parse().expect("turn"));
        p.play(diablo_core::Edition::Standard, roll, &turn)
            .expect("legal turn")
    };
    let start = diablo_core::Position::start(4).expect("even size");
    let want = play(play(start, "2,1", "b2-b4"), "2,2", "a2-c2 c2-a2");
    assert_eq!(last_line(&out), want.to_string());
    // A finished game names the winner.
    let won = TempFile::new(
        "won.txt",
        "edition sequenced\nsize 4\nstart ..../..../g.../b... b 3\n1,2: a1-a2\n",
    );
    let out = ok(&["check", &format!("--record={}", won.path())]);
    assert!(out.starts_with("1 turns, sequenced, Black won"), "{out}");
    assert_eq!(last_line(&out), "..../..../b.../.... g 4");
}

#[test]
fn usage_errors() {
    fails(&[], &["no command", "usage"]);
    fails(&["dance"], &["unknown command 'dance'"]);
    fails(
        &[
            "legal",
            "--position",
            LINE,
            "--roll",
            "1,2",
            "--colour",
            "b",
        ],
        &["unknown option --colour"],
    );
    fails(&["legal", "--roll", "1,2"], &["missing option --position"]);
    fails(&["legal", "--position", LINE], &["missing option --roll"]);
    fails(
        &["legal", "--position", LINE, "--roll"],
        &["--roll needs a value"],
    );
    fails(
        &[
            "legal",
            "--position",
            LINE,
            "--roll",
            "1,2",
            "--roll",
            "1,1",
        ],
        &["--roll is given twice"],
    );
    fails(
        &["legal", "position", LINE],
        &["unexpected argument 'position'"],
    );
    fails(
        &["play", "--position", LINE, "--roll", "1,2"],
        &["missing option --turn"],
    );
    fails(&["perft", "--size", "4"], &["missing option --depth"]);
    fails(&["perft", "--depth", "1"], &["--size or --position"]);
    fails(
        &["perft", "--size", "4", "--position", LINE, "--depth", "1"],
        &["not both"],
    );
    fails(&["check"], &["missing option --record"]);
}

#[test]
fn bad_values() {
    fails(
        &[
            "legal",
            "--edition",
            "chess",
            "--position",
            LINE,
            "--roll",
            "1,2",
        ],
        &["--edition", "'chess'"],
    );
    fails(
        &[
            "legal",
            "--position",
            "gbgb/bgb/gbgb/bgbg b 1",
            "--roll",
            "1,2",
        ],
        &["--position", "rank 3"],
    );
    fails(
        &["legal", "--position", "bgb/gbg/bgb b 1", "--roll", "1,1"],
        &["3 rank"],
    );
    fails(
        &[
            "legal",
            "--position",
            "gbgb/bgbg/gbgb/bgbg g 1",
            "--roll",
            "1,1",
        ],
        &["turn 1"],
    );
    fails(
        &["legal", "--position", LINE, "--roll", "1;2"],
        &["--roll", "'1;2'"],
    );
    fails(&["legal", "--position", LINE, "--roll", "0,1"], &["'0,1'"]);
    fails(
        &["legal", "--position", LINE, "--roll", "3,1"],
        &["--roll", "die value 3", "4x4"],
    );
    fails(
        &[
            "legal",
            "--position",
            "..../..../b.../.... g 4",
            "--roll",
            "1,1",
        ],
        &["game is over", "Black"],
    );
    fails(
        &[
            "play",
            "--position",
            LINE,
            "--roll",
            "1,2",
            "--turn",
            "a1-a5-a6",
        ],
        &["--turn", "'a1-a5-a6'"],
    );
    fails(
        &[
            "play",
            "--position",
            LINE,
            "--roll",
            "1,2",
            "--turn",
            "a1-a2 -b1 -c1",
        ],
        &["at most two"],
    );
    fails(
        &[
            "play",
            "--position",
            LINE,
            "--roll",
            "1,2",
            "--turn",
            "a1-b1 b1-b3",
        ],
        &["second step"],
    );
    fails(
        &["play", "--position", LINE, "--roll", "1,2", "--turn=-a1"],
        &["removal while a move exists"],
    );
    fails(
        &[
            "play",
            "--position",
            LINE,
            "--roll",
            "1,2",
            "--turn",
            "a1-a2",
        ],
        &["incomplete", "a2-a4"],
    );
    fails(
        &[
            "play",
            "--edition",
            "sequenced",
            "--position",
            NO_MOVE,
            "--roll",
            "3,3",
            "--turn",
            "-f6 -f6",
        ],
        &["tallest"],
    );
    fails(
        &["perft", "--size", "5", "--depth", "1"],
        &["--size", "board size 5"],
    );
    fails(&["perft", "--size", "four", "--depth", "1"], &["--size"]);
    fails(&["perft", "--size", "4", "--depth", "-1"], &["--depth"]);
}

#[test]
fn bad_records() {
    let missing = std::env::temp_dir().join("diablo-cli-test-no-such-file.txt");
    let missing = missing.to_str().expect("utf-8 temp path");
    fails(
        &["check", "--record", missing],
        &["cannot read record file"],
    );
    let illegal = TempFile::new(
        "illegal.txt",
        "edition standard\nsize 4\n2,1: b2-b4\n1,1: b4-b3 c4-c3\n",
    );
    fails(
        &["check", "--record", illegal.path()],
        &["line 4", "illegal turn", "not yours"],
    );
    let headless = TempFile::new("headless.txt", "size 4\n1,2: a1-a2\n");
    fails(
        &["check", "--record", headless.path()],
        &["line 2", "'edition'"],
    );
    let junk = TempFile::new("junk.txt", "edition standard\nsize 4\nhello there\n");
    fails(
        &["check", "--record", junk.path()],
        &["line 3", "'hello there'"],
    );
}

#[test]
fn help_goes_to_stdout() {
    let out = ok(&["help"]);
    for command in ["legal", "play", "perft", "check"] {
        assert!(out.contains(&format!("diablo {command}")), "{out}");
    }
}

#[test]
fn analyse_prints_one_judged_line_per_turn() {
    let record = TempFile::new(
        "analyse.txt",
        "edition standard\nsize 4\n2,1: a1-a2\n1,1: b1-c1 c1-d1\n2,2: a2-a4 a4-c4\n",
    );
    let out = ok(&["analyse", "--record", record.path()]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    for (i, line) in lines.iter().enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 8, "{line}");
        assert_eq!(f[0], (i + 1).to_string());
        assert!(f[1].parse::<diablo_core::Roll>().is_ok(), "{line}");
        assert!(f[2].parse::<diablo_core::Turn>().is_ok(), "{line}");
        assert!(f[6].parse::<diablo_core::Turn>().is_ok(), "{line}");
        let chances: Vec<f64> = f[3..6]
            .iter()
            .map(|c| c.parse().expect("a number"))
            .collect();
        for (c, text) in chances.iter().zip(&f[3..6]) {
            assert!((0.0..=1.0).contains(c), "{line}");
            assert_eq!(
                text.split('.').nth(1).map(str::len),
                Some(3),
                "three decimals: {line}"
            );
        }
        assert!(
            chances[2] >= chances[1],
            "the best is worth at least the played: {line}"
        );
    }
    assert_eq!(lines[0].split('\t').nth(2), Some("a1-a2"));
    fails(
        &["analyse", "--record", record.path(), "--level", "easy"],
        &["--level"],
    );
    fails(
        &["analyse", "--record", "/nonexistent/game.txt"],
        &["cannot read"],
    );
    let bad = TempFile::new("analyse-bad.txt", "edition standard\nsize 4\n2,1: a1-a4\n");
    fails(&["analyse", "--record", bad.path()], &["line 3"]);
}

#[test]
fn analyse_prints_the_review_apis_numbers() {
    // A 4x4 game where Black skips the capture of Green's last stack (as
    // tall as its own) on turn 9 (b1xb2 would win): the review marks it,
    // and the command line prints exactly the review's numbers.
    let text = "edition standard\nsize 4\nstart ..../..../.g2../.b2.. b 9\n1,1: b1-a1 -a1\n";
    let record_file = TempFile::new("analyse-same.txt", text);
    let out = ok(&["analyse", "--record", record_file.path()]);
    let record: diablo_core::Record = text.parse().expect("a record");
    let review =
        diablo_ai::review::review_record(&record, diablo_ai::Level::Hard).expect("a review");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), review.len(), "{out}");
    for (line, r) in lines.iter().zip(&review) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 8, "{line}");
        assert_eq!(f[0].parse::<u32>().ok(), Some(r.number), "{line}");
        assert_eq!(
            f[1].parse::<diablo_core::Roll>().ok(),
            Some(r.roll),
            "{line}"
        );
        assert_eq!(
            f[2].parse::<diablo_core::Turn>().ok(),
            Some(r.played),
            "{line}"
        );
        let fields = [r.before, r.played_value, r.best_value];
        for (text, value) in [f[3], f[4], f[5], f[7]]
            .iter()
            .zip(fields.into_iter().chain([r.luck]))
        {
            let printed: f64 = text.parse().expect("a number");
            assert!((printed - value).abs() <= 0.0005, "{line}: {value}");
        }
        assert_eq!(
            f[6].parse::<diablo_core::Turn>().ok(),
            Some(r.best),
            "{line}"
        );
    }
    assert_eq!(review[0].mark(), Some(diablo_ai::review::Mark::Blunder));
    assert_eq!(lines[0].split('\t').nth(5), Some("1.000"));
    // The luck: the chance once 1,1 was dealt (it allows the win) minus
    // the chance before, the fourth field.
    let f: Vec<f64> = lines[0]
        .split('\t')
        .enumerate()
        .filter(|(i, _)| [3, 7].contains(i))
        .map(|(_, t)| t.parse().expect("a number"))
        .collect();
    assert!((f[1] - (1.0 - f[0])).abs() <= 0.0011, "{}", lines[0]);
}

#[test]
fn check_reads_a_file_of_several_games() {
    let games = TempFile::new(
        "games.txt",
        "# two games\nedition standard\nsize 4\n2,1: b2-b4\n\n# the second\nedition sequenced\nsize 4\nstart ..../..../g.../b... b 3\n1,2: a1-a2\n",
    );
    let out = ok(&["check", "--record", games.path()]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "2 games", "{out}");
    assert_eq!(lines[1], "game 1 (line 2): 1 turns, standard, in progress");
    assert_eq!(lines[3], "game 2 (line 7): 1 turns, sequenced, Black won");
    assert_eq!(lines[4], "..../..../b.../.... g 4");
    // An illegal turn in the second game is named by its line in the file.
    let bad = TempFile::new(
        "games-bad.txt",
        "edition standard\nsize 4\n2,1: b2-b4\nedition standard\nsize 4\n1,1: a4-a3\n",
    );
    fails(
        &["check", "--record", bad.path()],
        &["line 6", "illegal turn"],
    );
}

/// The file the page's "Your games" exported in its browser test
/// (tests/e2e/games.spec.mjs writes it there): every game in it reads.
#[test]
fn check_reads_the_pages_export() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/games-export.txt"
    );
    let text = std::fs::read_to_string(path).expect("the page's export is in tests/data");
    let out = ok(&["check", "--record", path]);
    let games = text.lines().filter(|l| l.starts_with("edition ")).count();
    assert!(games >= 2, "the export holds several games");
    assert_eq!(
        out.lines().next(),
        Some(format!("{games} games").as_str()),
        "{out}"
    );
    assert_eq!(
        out.lines().filter(|l| l.contains(" won")).count(),
        games,
        "every game is finished: {out}"
    );
}

#[test]
fn bot_refuses_bad_options_with_status_2() {
    let dir = std::env::temp_dir().join(format!("diablo-bot-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let keys = dir.join("bot.json");
    let keys = keys.to_str().expect("a path");
    let base = [
        "bot",
        "--server",
        "http://127.0.0.1:1/",
        "--keys",
        keys,
        "--name",
        "Hal",
        "--level",
        "hard",
    ];
    let with = |extra: &[&'static str]| -> Vec<&str> {
        base.iter().copied().chain(extra.iter().copied()).collect()
    };
    fails(&with(&["--post", "8 standard"]), &["four words"]);
    fails(&with(&["--post", "7 standard 5+3 rated"]), &["7"]);
    fails(&with(&["--post", "8 chess 5+3 rated"]), &["chess"]);
    fails(&with(&["--post", "8 standard 5 rated"]), &["5"]);
    fails(&with(&["--post", "8 standard 15d rated"]), &["14d"]);
    fails(
        &with(&["--post", "8 standard 5+3 maybe"]),
        &["rated or casual"],
    );
    fails(&with(&["--take", "some"]), &["any, rated, casual or none"]);
    fails(&with(&["--take", "none"]), &["nothing to do"]);
    fails(&with(&["--games", "0"]), &["--games"]);
    fails(&with(&["--seconds", "x"]), &["--seconds"]);
    let mut level = base.to_vec();
    level[8] = "grandmaster";
    fails(&level, &["grandmaster"]);
    let mut server = base.to_vec();
    server[2] = "ftp://example.org";
    fails(&server, &["http://"]);
    let mut name = base.to_vec();
    name[6] = "a name far longer than twenty-four";
    fails(&name, &["--name"]);
    // Nothing was made for a refused run.
    assert!(!std::path::Path::new(keys).exists());
    // A bot file that is not one.
    std::fs::write(keys, "not json").expect("written");
    fails(&with(&["--seconds", "1"]), &["not a bot file"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bot_stops_after_its_seconds_with_status_0_even_with_no_server() {
    // Nothing listens on port 1: the bot waits for the server, as after a
    // restart, and still stops when its time is up.
    let dir = std::env::temp_dir().join(format!("diablo-bot-cli-ok-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let keys = dir.join("bot.json");
    let out = run(&[
        "bot",
        "--server",
        "http://127.0.0.1:1/",
        "--keys",
        keys.to_str().expect("a path"),
        "--name",
        "Hal",
        "--level",
        "expert",
        "--post",
        "6 sequenced 2d casual",
        "--seconds",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    // Its key was made and kept.
    let file = std::fs::read_to_string(&keys).expect("the bot file");
    assert!(file.contains("\"format\": \"diablo-bot/1\""), "{file}");
    let _ = std::fs::remove_dir_all(&dir);
}
