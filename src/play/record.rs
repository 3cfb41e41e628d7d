//! Game records: the text `play` writes (to `--record FILE`, and interleaved with boards
//! on standard output) and `replay` reads back.
//!
//! ```text
//! ruleset truchet-browne
//! options --seed 1 --size 5
//! players x=greedy o=random
//! start rrrrr/rrrrr/rrrrr/rrrrr/rrrrr o.o.o./.o.o.o/....../....../x.x.x./.x.x.x x
//!    1. x  rllrlrrrlrll
//!    2. o  lrlrrrllrlrr
//!    3. o  r
//!    4. x  b1-b3
//! x wins: o has no legal turn
//! ```
//!
//! `options` are the command line's options, as typed (they choose the board, tiles,
//! params, notation and seed); `start` is the position the game started from (before any
//! set-up turns); each turn is numbered, with its player and its text in the game's
//! notation; the last line is the result. Any other line (the boards `play` draws between
//! turns, a `#` comment) is skipped, so a transcript pasted from `play` is a record, and
//! a person may edit one: change a turn, cut the game short, or start from another
//! position.

use std::fmt;
use std::num::IntErrorKind;

use crate::printable::{clip, is_unsafe, unsafe_words, QUOTE_CHARS};

/// The largest record read: a game of thousands of turns is a few hundred kilobytes.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// A record read from text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub ruleset: String,
    /// The options as typed, quoted in the record as a shell quotes them.
    pub options: Vec<String>,
    /// Who played each side (`x=greedy`), for reading only.
    pub players: Vec<String>,
    pub start: Option<String>,
    pub turns: Vec<RecordedTurn>,
    /// The result line: `x wins: ...`, `draw: ...`, `stopped after ...`, `game abandoned`.
    pub result: Option<String>,
}

/// One turn of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedTurn {
    pub number: usize,
    pub player: char,
    pub text: String,
    /// The line of the record it stands on, from 1.
    pub line: usize,
}

/// A record that cannot be read, with the line at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}

/// One option as the `options` line writes it: quoted as a shell quotes it, and also when
/// it holds a space outside ASCII (U+205F, U+3000, ...), which a shell does not quote but
/// the reader trims from a line's ends, so the value would not read back.
fn quote_option(word: &str) -> String {
    if word.chars().any(|c| c.is_whitespace() && !c.is_ascii()) {
        format!("'{}'", word.replace('\'', "'\\''"))
    } else {
        shell_words::quote(word).into_owned()
    }
}

/// The line of a turn, as records and transcripts write it.
pub fn turn_line(number: usize, player: char, text: &str) -> String {
    format!("{number:>4}. {player}  {text}")
}

impl Record {
    /// Reads a record; lines that are not part of one are skipped.
    ///
    /// # Errors
    /// A missing `ruleset` line, a header line given twice or after the turns, turns out
    /// of order, or anything after the result.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut record = Record::default();
        let mut ruleset_line = None;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let fail = |message: String| Err(RecordError { line, message });
            // A record is pasted from anywhere; what it says is shown again on replay.
            if let Some(c) = raw.chars().find(|&c| is_unsafe(c) && c != '\t') {
                return fail(format!("{} is not part of a record", unsafe_words(c)));
            }
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let turn =
                read_turn_line(raw, line).map_err(|message| RecordError { line, message })?;
            if let Some(turn) = turn {
                if record.result.is_some() {
                    return fail("a turn after the result".into());
                }
                let expected = record.turns.len() + 1;
                if turn.number != expected {
                    return fail(format!(
                        "turn {} where turn {expected} was expected",
                        turn.number
                    ));
                }
                record.turns.push(turn);
                continue;
            }
            let (key, value) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
            let value = value.trim();
            let header = matches!(key, "ruleset" | "options" | "players" | "start");
            if header && !record.turns.is_empty() {
                return fail(format!("`{key}` comes before the turns"));
            }
            match key {
                "ruleset" => {
                    if ruleset_line.replace(line).is_some() {
                        return fail("a second `ruleset` line".into());
                    }
                    record.ruleset = value.to_string();
                }
                "options" => {
                    record.options = shell_words::split(value).map_err(|e| RecordError {
                        line,
                        message: format!("options: {e}"),
                    })?;
                }
                "players" => record.players = value.split_whitespace().map(String::from).collect(),
                "start" => record.start = Some(value.to_string()),
                _ if is_result_line(trimmed) && record.result.is_some() => {
                    return fail("a second result line".into());
                }
                _ if is_result_line(trimmed) => record.result = Some(trimmed.to_string()),
                // A board, a legend, a prompt: not part of the record.
                _ => {}
            }
        }
        if ruleset_line.is_none() {
            return Err(RecordError {
                line: 1,
                message: "no `ruleset <name>` line: this is not a game record".into(),
            });
        }
        Ok(record)
    }

    /// The header lines, as records start.
    pub fn header(&self) -> String {
        let mut out = format!("ruleset {}\n", self.ruleset);
        if !self.options.is_empty() {
            let words: Vec<String> = self.options.iter().map(|o| quote_option(o)).collect();
            out.push_str(&format!("options {}\n", words.join(" ")));
        }
        if !self.players.is_empty() {
            out.push_str(&format!("players {}\n", self.players.join(" ")));
        }
        if let Some(start) = &self.start {
            out.push_str(&format!("start {start}\n"));
        }
        out
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.header())?;
        for turn in &self.turns {
            writeln!(f, "{}", turn_line(turn.number, turn.player, &turn.text))?;
        }
        if let Some(result) = &self.result {
            writeln!(f, "{result}")?;
        }
        Ok(())
    }
}

/// `  12. x  a1-b2`: a number, a dot, a player's letter, two spaces, the turn. A line
/// that starts as a turn does (a number and a dot) but is not one is an error, never
/// skipped, so no turn is lost: `-1. x  a1-b2`, a number too large, a missing letter.
/// A person's prompt in a pasted session (`  12. x> `) is not a turn.
fn read_turn_line(raw: &str, line: usize) -> Result<Option<RecordedTurn>, String> {
    let start = raw.trim_start();
    let unsigned = start.trim_start_matches(['-', '+']);
    let digits = unsigned.bytes().take_while(u8::is_ascii_digit).count();
    let after_number = &unsigned[digits..];
    if digits == 0 || !(after_number == "." || after_number.starts_with(". ")) {
        return Ok(None);
    }
    let number_text = &start[..start.len() - after_number.len()];
    let shown = || clip(start.trim_end(), QUOTE_CHARS).into_owned();
    let rest = &after_number[1..];
    let mut chars = rest.strip_prefix(' ').unwrap_or(rest).chars();
    let player = chars.next().filter(char::is_ascii_lowercase);
    if player.is_some() && chars.as_str().starts_with('>') {
        return Ok(None);
    }
    let signed = digits != number_text.len();
    let number = match number_text.parse::<usize>() {
        Ok(n) if n >= 1 && !signed => n,
        Err(e) if !signed && *e.kind() == IntErrorKind::PosOverflow => {
            return Err(format!(
                "`{}` is too large to be a turn number",
                clip(number_text, 24)
            ))
        }
        _ => {
            return Err(format!(
                "`{}` is not a turn number: turns are numbered from 1",
                clip(number_text, 24)
            ))
        }
    };
    let text = chars.as_str().strip_prefix("  ").map(str::trim);
    match (player, text) {
        (Some(player), Some(text)) if !text.is_empty() => Ok(Some(RecordedTurn {
            number,
            player,
            text: text.to_string(),
            line,
        })),
        _ => Err(format!(
            "`{}` starts as a turn does, but a turn is `<number>. <player>  <turn>`, as in \
             `  12. x  a1-b2`",
            shown()
        )),
    }
}

/// The lines a game can end with.
fn is_result_line(line: &str) -> bool {
    let mut chars = line.chars();
    let winner = matches!((chars.next(), chars.as_str().strip_prefix(" wins: ")), (Some(c), Some(_)) if c.is_ascii_lowercase());
    winner
        || line.starts_with("draw: ")
        || line.starts_with("stopped after ")
        || line == "game abandoned"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_holding_spaces_outside_ascii_read_back() {
        for value in ["\u{205f}", "a\u{3000}b", "it's\u{a0}", " \u{2003} "] {
            let record = Record {
                ruleset: "truchet-browne".into(),
                options: vec!["--game-id".into(), value.into()],
                ..Record::default()
            };
            let again = Record::parse(&record.to_string()).unwrap();
            assert_eq!(again.options, record.options, "{value:?}");
        }
    }

    #[test]
    fn a_transcript_with_boards_reads_as_its_record() {
        let transcript = "ruleset truchet-browne\noptions --seed 3 --size 3\nplayers x=greedy o=random\n\
            start rrr/rrr/rrr o.o./.o.o/..../x.x. x\n\n     a   b   c   d\n  4  o   -   o   -   4\n\
            x owns dark (+), o owns light (-); x to move\n   1. x  a1-b2\n   2. o  Move B 2 D 4, Done\n\
            x wins: o has no legal turn\n";
        let record = Record::parse(transcript).unwrap();
        assert_eq!(record.options, ["--seed", "3", "--size", "3"]);
        assert_eq!(record.turns.len(), 2);
        assert_eq!(record.turns[1].text, "Move B 2 D 4, Done");
        assert_eq!(
            record.result.as_deref(),
            Some("x wins: o has no legal turn")
        );
        let again = Record::parse(&record.to_string()).unwrap();
        let texts =
            |r: &Record| -> Vec<String> { r.turns.iter().map(|t| t.text.clone()).collect() };
        assert_eq!(texts(&again), texts(&record));
        assert_eq!(
            (again.options, again.result),
            (record.options, record.result)
        );
    }

    #[test]
    fn prompts_boards_and_numbers_that_are_not_turns_are_skipped() {
        let text = "ruleset t\n   1. x> a1-b2\n  4  o   -   o   4\n1.5 tiles\n   1. x  a1-b2\n";
        let record = Record::parse(text).unwrap();
        assert_eq!(record.turns.len(), 1);
        assert_eq!(record.turns[0].line, 5);
    }

    #[test]
    fn broken_records_say_which_line() {
        for (text, error) in [
            (
                "   1. x  a1-b2\n",
                "line 1: no `ruleset <name>` line: this is not a game record",
            ),
            (
                "ruleset t\n   2. x  a1-b2\n",
                "line 2: turn 2 where turn 1 was expected",
            ),
            (
                "ruleset t\n   1. x  a\nx wins: y\n   2. o  b\n",
                "line 4: a turn after the result",
            ),
            (
                "ruleset t\n   1. x  a\nstart x\n",
                "line 3: `start` comes before the turns",
            ),
            (
                "ruleset t\n  -1. x  a1-b2\n",
                "line 2: `-1` is not a turn number: turns are numbered from 1",
            ),
            (
                "ruleset t\n   0. x  a1-b2\n",
                "line 2: `0` is not a turn number: turns are numbered from 1",
            ),
            (
                "ruleset t\n   12345678901234567890123. x  a1-b2\n",
                "line 2: `12345678901234567890123` is too large to be a turn number",
            ),
            (
                "ruleset t\n   1. x a1-b2\n",
                "line 2: `1. x a1-b2` starts as a turn does, but a turn is `<number>. \
                 <player>  <turn>`, as in `  12. x  a1-b2`",
            ),
            (
                "ruleset t\n   1.  x  a1-b2\n",
                "line 2: `1.  x  a1-b2` starts as a turn does, but a turn is `<number>. \
                 <player>  <turn>`, as in `  12. x  a1-b2`",
            ),
            (
                "ruleset t\n   1. X  a1-b2\n",
                "line 2: `1. X  a1-b2` starts as a turn does, but a turn is `<number>. \
                 <player>  <turn>`, as in `  12. x  a1-b2`",
            ),
        ] {
            assert_eq!(Record::parse(text).unwrap_err().to_string(), error);
        }
    }
}
