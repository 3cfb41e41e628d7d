//! Games between two builds of the program: each side is a `variant-run ... play`
//! process of its own build whose other seat is a person, and this program passes each
//! side's turns to the other as a person would type them. So a player can be held
//! against the same kind of player of another commit (today's search against last
//! week's), each in its own process, thinking on its own clock.
//!
//! ```sh
//! cargo run --release --example duel -- truchet-boardspace \
//!     NEW=./target/release/variant-run:mcts OLD=/path/to/old/variant-run:mcts \
//!     --games 20 --jobs 2
//! ```
//!
//! Game `i` is played with seed `first + i` (`--seed`, default 1), A (the first build
//! named) moving first in the even games and second in the odd ones. Each game's line
//! gives its seed, who played which side, how it ended, and each side's CPU seconds per
//! turn and peak memory (its process's, from the kernel); the summary adds them up, with
//! A's share of the decisive games and its 95% (Wilson) interval. `--max-turns N` stops a
//! game (default 400), `--size N` and `--param NAME=VALUE` go to both sides, and any
//! `--layout random` or `--position TEXT` too (with a position, every game starts there,
//! A playing the side to move in the even games). A ruleset with set-up turns
//! (truchet-browne's tile placement) needs `--layout random` (a layout dealt from the
//! seed alike on both sides) or a position: set-up turns are not passed between the
//! sides, so without either the duel stops at once and says so.

use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// One side: a name for the report, a program and a player kind.
#[derive(Clone)]
struct Side {
    name: String,
    program: String,
    kind: String,
}

struct Options {
    ruleset: String,
    sides: [Side; 2],
    games: usize,
    jobs: usize,
    seed: u64,
    max_turns: usize,
    extra: Vec<String>,
}

/// How one game went.
struct Played {
    seed: u64,
    /// Which of the two sides (A = 0) moved first.
    first: usize,
    /// The winning side (A = 0, B = 1), none for a draw or an unfinished game.
    winner: Option<usize>,
    result: String,
    turns: [usize; 2],
    cpu: [f64; 2],
    peak_kb: [i64; 2],
}

fn main() {
    let options = match read_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("duel: {message}");
            std::process::exit(2);
        }
    };
    let letters = match letters(&options) {
        Ok(letters) => letters,
        Err(message) => {
            eprintln!("duel: {message}");
            std::process::exit(2);
        }
    };
    let next = AtomicUsize::new(0);
    let played: Mutex<Vec<Played>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..options.jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= options.games {
                    break;
                }
                let game = play_game(&options, letters, i);
                println!("{}", game_line(&options, letters, &game));
                played.lock().unwrap().push(game);
            });
        }
    });
    let mut played = played.into_inner().unwrap();
    played.sort_by_key(|g| g.seed);
    print!("{}", summary(&options, &played));
}

fn read_options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: duel RULESET NAME=PROGRAM:KIND NAME=PROGRAM:KIND [--games N] \
                 [--jobs N] [--seed N] [--max-turns N] [--size N] [--param NAME=VALUE] \
                 [--layout random] [--position TEXT]";
    let ruleset = args.next().ok_or(usage)?;
    let side = |text: Option<String>| -> Result<Side, String> {
        let text = text.ok_or(usage)?;
        let (name, rest) = text.split_once('=').ok_or(usage)?;
        let (program, kind) = rest.rsplit_once(':').ok_or(usage)?;
        // A kind may have its own colon (`mcts:500ms`): the program is the part before
        // the first colon after its last slash.
        let slash = rest.rfind('/').map_or(0, |i| i + 1);
        let (program, kind) = match rest[slash..].find(':') {
            Some(i) => (&rest[..slash + i], &rest[slash + i + 1..]),
            None => (program, kind),
        };
        Ok(Side {
            name: name.into(),
            program: program.into(),
            kind: kind.into(),
        })
    };
    let sides = [side(args.next())?, side(args.next())?];
    let mut options = Options {
        ruleset,
        sides,
        games: 20,
        jobs: 1,
        seed: 1,
        max_turns: 400,
        extra: Vec::new(),
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        let number = |text: String| text.parse::<u64>().map_err(|_| format!("{flag}: {text}?"));
        match flag.as_str() {
            "--games" => options.games = number(value()?)? as usize,
            "--jobs" => options.jobs = number(value()?)?.max(1) as usize,
            "--seed" => options.seed = number(value()?)?,
            "--max-turns" => options.max_turns = number(value()?)? as usize,
            "--size" | "--param" | "--layout" | "--position" => {
                let value = value()?;
                options.extra.extend([flag.clone(), value]);
            }
            _ => return Err(format!("unknown option {flag}; {usage}")),
        }
    }
    Ok(options)
}

/// The two players' letters, the first to move first, read from the start of a game.
/// A record without a `start` line begins with set-up turns, which are not passed
/// between the sides: both would wait for ever, so that is refused.
fn letters(options: &Options) -> Result<[char; 2], String> {
    let output = Command::new(&options.sides[0].program)
        .args([&options.ruleset, "play", "--max-turns", "0"])
        .args(&options.extra)
        .output()
        .expect("the first program runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let players = text
        .lines()
        .find_map(|l| l.strip_prefix("players "))
        .expect("a players line");
    let found: Vec<char> = players
        .split(' ')
        .filter_map(|p| p.chars().next())
        .collect();
    // The start position's side to move: its one field that is a player's letter alone
    // (a count of quiet turns or named fields may follow it).
    let Some(start) = text.lines().find_map(|l| l.strip_prefix("start ")) else {
        return Err(format!(
            "{} starts with set-up turns, which the sides cannot pass to each other: give \
             --layout random or --position TEXT",
            options.ruleset
        ));
    };
    let to_move = start
        .split_whitespace()
        .filter_map(|field| field.parse::<char>().ok())
        .find(|c| found.contains(c));
    Ok(match to_move {
        Some(first) => {
            let second = *found.iter().find(|&&c| c != first).expect("two players");
            [first, second]
        }
        _ => [found[0], found[1]],
    })
}

/// A running side: its process and its pipes.
struct Running {
    child: std::process::Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

fn start(options: &Options, s: usize, letters: [char; 2], plays: usize, seed: u64) -> Running {
    let side = &options.sides[s];
    let players = (0..2).map(|k| {
        let kind = if k == plays { &side.kind } else { "human" };
        format!("{}={kind}", letters[k])
    });
    let mut command = Command::new(&side.program);
    command
        .args([&options.ruleset, "play", "--seed", &seed.to_string()])
        .args(["--max-turns", &options.max_turns.to_string()])
        .args(&options.extra);
    for p in players {
        command.args(["--player", &p]);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", side.program));
    let input = child.stdin.take().expect("piped");
    let output = BufReader::new(child.stdout.take().expect("piped"));
    Running {
        child,
        input,
        output,
    }
}

/// What a side's output says next: its own turn number `number`, or how the game ended.
enum Heard {
    Turn(String),
    End(String),
}

fn hear(running: &mut Running, number: usize, letter: char) -> Heard {
    let mine = format!("{number:>4}. {letter}  ");
    let mut line = String::new();
    loop {
        line.clear();
        if running.output.read_line(&mut line).unwrap_or(0) == 0 {
            return Heard::End("the program stopped".into());
        }
        let line = line.trim_end();
        if let Some(at) = line.find(&mine) {
            return Heard::Turn(line[at + mine.len()..].to_string());
        }
        if line.contains(" wins: ")
            || line.starts_with("draw: ")
            || line.starts_with("stopped after")
        {
            let at = line.rfind("> ").map_or(0, |i| i + 2);
            return Heard::End(line[at..].trim().to_string());
        }
    }
}

fn play_game(options: &Options, letters: [char; 2], i: usize) -> Played {
    let seed = options.seed + i as u64;
    // Side A moves first in even games.
    let first = i % 2;
    let seat_of = |side: usize| if side == first { 0 } else { 1 };
    let mut running = [0, 1].map(|s| start(options, s, letters, seat_of(s), seed));
    let mut turns = [0, 0];
    let mut number = 1;
    let result = loop {
        let mover = if (number - 1) % 2 == 0 {
            first
        } else {
            1 - first
        };
        let letter = letters[seat_of(mover)];
        match hear(&mut running[mover], number, letter) {
            Heard::Turn(text) => {
                turns[mover] += 1;
                let other = &mut running[1 - mover];
                if writeln!(other.input, "{text}").is_err() {
                    break "the other program stopped".to_string();
                }
                let _ = other.input.flush();
                number += 1;
            }
            Heard::End(result) => break result,
        }
    };
    let mut cpu = [0.0; 2];
    let mut peak_kb = [0; 2];
    for (s, mut r) in running.into_iter().enumerate() {
        drop(r.input);
        let (seconds, kb) = wait_with_usage(&mut r.child);
        cpu[s] = seconds;
        peak_kb[s] = kb;
    }
    let winner = result
        .split_once(" wins: ")
        .and_then(|(who, _)| who.chars().next())
        .and_then(|l| letters.iter().position(|&c| c == l))
        .map(|seat| if seat == 0 { first } else { 1 - first });
    Played {
        seed,
        first,
        winner,
        result,
        turns,
        cpu,
        peak_kb,
    }
}

/// Waits for a child and reads the CPU seconds (user and system) and peak resident
/// memory (KB) the kernel counted for it.
fn wait_with_usage(child: &mut std::process::Child) -> (f64, i64) {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is a plain C struct that wait4 fills in; the pid is our child's,
    // not yet waited for (std's `Child` has not reaped it).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    if reaped != pid {
        let _ = child.wait();
        return (0.0, 0);
    }
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    (
        seconds(usage.ru_utime) + seconds(usage.ru_stime),
        usage.ru_maxrss,
    )
}

fn game_line(options: &Options, letters: [char; 2], game: &Played) -> String {
    let [a, b] = &options.sides;
    let (first, second) = if game.first == 0 { (a, b) } else { (b, a) };
    let per_turn = |s: usize| game.cpu[s] / game.turns[s].max(1) as f64;
    format!(
        "seed {:>5}  {}={} {}={}  {:<50}  {} turns; CPU a turn {} {:.3} s, {} {:.3} s; peak {} {} MB, {} {} MB",
        game.seed,
        letters[0],
        first.name,
        letters[1],
        second.name,
        game.result,
        game.turns[0] + game.turns[1],
        a.name,
        per_turn(0),
        b.name,
        per_turn(1),
        a.name,
        game.peak_kb[0] / 1024,
        b.name,
        game.peak_kb[1] / 1024,
    )
}

fn summary(options: &Options, played: &[Played]) -> String {
    let [a, b] = &options.sides;
    let wins = |s: usize| played.iter().filter(|g| g.winner == Some(s)).count();
    let (wa, wb) = (wins(0), wins(1));
    let draws = played
        .iter()
        .filter(|g| g.winner.is_none() && g.result.starts_with("draw"))
        .count();
    let unfinished = played.len() - wa - wb - draws;
    let decisive = wa + wb;
    let (low, high) = wilson(wa, decisive);
    let cpu = |s: usize| {
        let seconds: f64 = played.iter().map(|g| g.cpu[s]).sum();
        let turns: usize = played.iter().map(|g| g.turns[s]).sum();
        seconds / turns.max(1) as f64
    };
    let peak = |s: usize| played.iter().map(|g| g.peak_kb[s]).max().unwrap_or(0) / 1024;
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for g in played {
        let reason = match g.winner {
            Some(s) => format!("{} won: {}", options.sides[s].name, reason_of(&g.result)),
            None => g.result.clone(),
        };
        match reasons.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, n)) => *n += 1,
            None => reasons.push((reason, 1)),
        }
    }
    reasons.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
    let mut text = format!(
        "{} games of {}: {} ({} {}) against {} ({} {})\n\
         {} won {}, {} won {}, {} drawn, {} unfinished; {}'s share of the decisive games \
         {:.1}% (95%: {:.1}-{:.1}%)\n\
         CPU a turn: {} {:.3} s, {} {:.3} s; peak memory: {} {} MB, {} {} MB\n",
        played.len(),
        options.ruleset,
        a.name,
        a.program,
        a.kind,
        b.name,
        b.program,
        b.kind,
        a.name,
        wa,
        b.name,
        wb,
        draws,
        unfinished,
        a.name,
        100.0 * wa as f64 / decisive.max(1) as f64,
        100.0 * low,
        100.0 * high,
        a.name,
        cpu(0),
        b.name,
        cpu(1),
        a.name,
        peak(0),
        b.name,
        peak(1),
    );
    for (reason, n) in reasons {
        text.push_str(&format!("  {n:>4}  {reason}\n"));
    }
    text
}

/// A result line's reason, without who won.
fn reason_of(result: &str) -> &str {
    result.split_once(": ").map_or(result, |(_, r)| r)
}

/// The 95% Wilson interval of `k` successes in `n`.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96);
    let p = k / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    (
        (centre - spread) / denominator,
        (centre + spread) / denominator,
    )
}
