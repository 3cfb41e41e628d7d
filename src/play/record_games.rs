//! The games of a folder of game records (what `play --record FILE` writes, and a
//! server may write one of for each game played on its page), each replayed turn by turn,
//! checked as `replay` checks it, and counted as a match counts the games it plays
//! ([`super::game_count`]), so that `variant-run report DIR` adds them up like a match.
//!
//! Every record must replay to the end it states, name the player of each side on its
//! `players` line (`players x=alice o=mcts:200`: a name or player kind without spaces for
//! each side), and be a game of the same ruleset as the others (the same ruleset folder,
//! board size, tiles and params; the seed, the start and the notation may differ). A
//! record that does not is an error naming its file and line: no record is skipped.
//!
//! A record's positions have no search's values (the record does not keep what a
//! computer player thought), so the criteria of "who leads" value every position by the
//! ruleset's `evaluate`, as for a player that does not search, and clarity has no value.

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::game_count::GameCount;
use super::game_record::GameRecord;
use super::record::{Record, MAX_RECORD_BYTES};
use super::replay::{self, ReplayError};
use super::setup::GameSetup;
use crate::ruleset::Variant;

/// The longest player name a record's `players` line may give.
pub const MAX_NAME_CHARS: usize = 64;

/// How a record's options line is read: as the command line reads a ruleset's options.
pub type ReadOptions<'a> = &'a dyn Fn(&str, &[OsString]) -> Result<GameSetup, String>;

/// One record's game, counted.
#[derive(Clone, Debug)]
pub struct RecordedGame {
    pub file: PathBuf,
    /// Its count: `kinds` holds the name of each side's player, by player id; `index`
    /// its place among the records (in the order of the files), `seed` its `--seed`.
    pub game: GameRecord,
}

/// The games of some records, all of one ruleset.
pub struct RecordedGames {
    /// The ruleset as the first record names it (a name, or a path).
    pub source: String,
    /// Its options that load it (`--size`, `--tiles`, `--param`), as the first record
    /// gives them.
    pub options: Vec<String>,
    /// The ruleset as loaded for the first record: its name, letters, and the boards of
    /// the games a report shows.
    pub variant: Variant,
    /// The games, in the order of the files.
    pub games: Vec<RecordedGame>,
}

/// A record that cannot be counted: its file, the line at fault where there is one,
/// and what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("{}: {}{message}", file.display(), line.map(|l| format!("line {l}: ")).unwrap_or_default())]
pub struct RecordsError {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub message: String,
}

/// The ruleset a record plays, as far as a report must hold it the same: which folder,
/// at which size, with which tiles and params.
#[derive(Clone, Debug, PartialEq, Eq)]
struct RulesetKey {
    name: String,
    dir: PathBuf,
    size: Option<u32>,
    tiles: Option<String>,
    params: Vec<(String, String)>,
}

/// Replays and counts the records of `files`, in their order.
///
/// # Errors
/// No files; a file that cannot be read, is not a record, does not replay to the end
/// it states, or lacks its players; records of different rulesets.
pub fn replay_records(
    files: &[PathBuf],
    read_options: ReadOptions,
) -> Result<RecordedGames, RecordsError> {
    let mut first: Option<(RulesetKey, RecordedGames)> = None;
    for (index, file) in files.iter().enumerate() {
        let (key, words, variant, game) = replay_one(file, index, read_options)?;
        match &mut first {
            None => {
                first = Some((
                    key,
                    RecordedGames {
                        source: words.0,
                        options: words.1,
                        variant,
                        games: vec![RecordedGame {
                            file: file.clone(),
                            game,
                        }],
                    },
                ))
            }
            Some((first_key, games)) => {
                if key != *first_key {
                    let shown = |source: &str, options: &[String]| {
                        shell_words::join(
                            std::iter::once(source).chain(options.iter().map(String::as_str)),
                        )
                    };
                    return Err(RecordsError {
                        file: file.clone(),
                        line: None,
                        message: format!(
                            "a game of `{}`, but {} is a game of `{}`: a report adds up the \
                             games of one ruleset (the same folder, size, tiles and params); \
                             put each ruleset's records in a folder of their own",
                            shown(&words.0, &words.1),
                            games.games[0].file.display(),
                            shown(&games.source, &games.options)
                        ),
                    });
                }
                games.games.push(RecordedGame {
                    file: file.clone(),
                    game,
                });
            }
        }
    }
    first.map(|(_, games)| games).ok_or_else(|| RecordsError {
        file: PathBuf::new(),
        line: None,
        message: "no game records named".into(),
    })
}

/// The ruleset as typed (its source and load options) in a record.
type RulesetWords = (String, Vec<String>);

/// One record: read, checked, replayed and counted.
fn replay_one(
    file: &Path,
    index: usize,
    read_options: ReadOptions,
) -> Result<(RulesetKey, RulesetWords, Variant, GameRecord), RecordsError> {
    let fail = |line: Option<usize>, message: String| RecordsError {
        file: file.to_path_buf(),
        line,
        message,
    };
    let text = read_text(file).map_err(|message| fail(None, message))?;
    let record = Record::parse(&text).map_err(|e| fail(Some(e.line), e.message))?;
    let header = |key: &str| header_line(&text, key);
    let (variant, setup) = replay::prepare(&record, read_options).map_err(|e| {
        let at = match e {
            ReplayError::Options(_) => header("options"),
            _ => header("ruleset"),
        };
        fail(at, e.to_string())
    })?;
    let names =
        player_names(&record, &variant).map_err(|message| fail(header("players"), message))?;
    let mut game = replay::start(&record, &variant, &setup).map_err(|e| {
        let at = match e {
            ReplayError::Start(_) => header("start"),
            _ => header("options"),
        };
        fail(at, e.to_string())
    })?;
    let mut count = GameCount::new(&variant, (index, setup.seed, false), names, false);
    for turn in &record.turns {
        let at_turn = |e: &dyn std::fmt::Display| fail(Some(turn.line), e.to_string());
        let before = count.before(&game).map_err(|e| at_turn(&e))?;
        replay::play_turn(&mut game, &setup, turn).map_err(|e| match e {
            // A turn's error names its line already.
            ReplayError::Turn { .. } => fail(None, e.to_string()),
            e => at_turn(&e),
        })?;
        count.after(&game, before, None).map_err(|e| at_turn(&e))?;
    }
    let ending = replay::ending(&game, &record);
    let unfinished = match &record.result {
        Some(result) if *result != ending => {
            return Err(fail(
                result_line_number(&text, result),
                format!("the record ends `{result}`, but the game ends `{ending}`"),
            ))
        }
        Some(result) => result.clone(),
        None => "no result: the record stops before the game ends".to_string(),
    };
    let counted = count.finish(&game, unfinished);
    drop(game);
    let key = RulesetKey {
        name: variant.name.clone(),
        dir: variant.dir.canonicalize().unwrap_or(variant.dir.clone()),
        size: variant.size,
        tiles: setup.tiles.clone(),
        params: {
            let mut params = setup.params.clone();
            params.sort();
            params
        },
    };
    let words = (record.ruleset.clone(), load_options(&setup));
    Ok((key, words, variant, counted))
}

/// A file's text: at most [`MAX_RECORD_BYTES`], in UTF-8.
fn read_text(file: &Path) -> Result<String, String> {
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(format!(
            "a record is at most {MAX_RECORD_BYTES} bytes; this one is longer"
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to() + 1
        )
    })
}

/// The options that load the ruleset, as typed: `--size`, `--tiles`, `--param`.
fn load_options(setup: &GameSetup) -> Vec<String> {
    let mut words = Vec::new();
    if let Some(size) = setup.size {
        words.extend(["--size".to_string(), size.to_string()]);
    }
    if let Some(tiles) = &setup.tiles {
        words.extend(["--tiles".to_string(), tiles.clone()]);
    }
    for (name, value) in &setup.params {
        words.extend(["--param".to_string(), format!("{name}={value}")]);
    }
    words
}

/// The name of each side's player, by player id, from the `players` line: one
/// `<letter>=<name>` for each side, in any order.
fn player_names(record: &Record, variant: &Variant) -> Result<[String; 2], String> {
    let rules = &variant.model.rules;
    let letters = [rules.player_letter(0), rules.player_letter(1)];
    let expected = format!(
        "a record names its players as `players {}=NAME {}=NAME` (a name or a kind of \
         player, without spaces), which a report counts wins by",
        letters[0], letters[1]
    );
    if record.players.is_empty() {
        return Err(format!("no `players` line: {expected}"));
    }
    let mut names: [Option<String>; 2] = [None, None];
    for entry in &record.players {
        let (letter, name) = entry
            .split_once('=')
            .ok_or_else(|| format!("`{entry}` is not `<letter>=<name>`: {expected}"))?;
        let mut chars = letter.chars();
        let side = match (chars.next(), chars.next()) {
            (Some(c), None) => letters.iter().position(|&l| l == c),
            _ => None,
        }
        .ok_or_else(|| {
            format!(
                "`{entry}`: {} has no side `{letter}`; {expected}",
                variant.name
            )
        })?;
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return Err(format!(
                "`{entry}`: a player's name is 1 to {MAX_NAME_CHARS} characters"
            ));
        }
        if names[side].replace(name.to_string()).is_some() {
            return Err(format!("`{letter}` is named twice: {expected}"));
        }
    }
    match names {
        [Some(a), Some(b)] => Ok([a, b]),
        [a, _] => Err(format!(
            "`{}` has no player: {expected}",
            letters[usize::from(a.is_some())]
        )),
    }
}

/// The line (from 1) of the first header line that starts with `key`.
fn header_line(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            let line = line.trim();
            line == key || line.strip_prefix(key).is_some_and(|r| r.starts_with(' '))
        })
        .map(|i| i + 1)
}

/// The line (from 1) of a record's result line.
fn result_line_number(text: &str, result: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .iter()
        .rposition(|line| line.trim() == result)
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_lines_are_found_by_their_key() {
        let text = "# a game\nruleset trugo\noptions --seed 3\nplayers x=a o=b\n";
        assert_eq!(header_line(text, "ruleset"), Some(2));
        assert_eq!(header_line(text, "players"), Some(4));
        assert_eq!(header_line(text, "start"), None);
        assert_eq!(header_line("playersx\nplayers a\n", "players"), Some(2));
    }
}
