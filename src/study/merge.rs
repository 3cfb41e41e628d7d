//! Merging a study's results files: every file must belong to the same study, every
//! game be there once (or several times, recorded the same way each time), and then
//! each part's games are added to its tally in game order, read back one at a time: the
//! merge holds where each game's line lies (a few bytes a game), never every game.

use std::collections::BTreeSet;
use std::fs::File;
use std::path::{Path, PathBuf};

use super::inputs::named_files;
use super::results_file::{self, Header, LineAt};
use super::{Study, StudyError, StudyKind, StudyResult};
use crate::play::tournament::MatchResult;

/// Results files read and checked: where each game of the study lies.
pub struct Gathered {
    pub header: Header,
    files: Vec<(PathBuf, File)>,
    /// For each part, for each game index, where its line is.
    places: Vec<Vec<Option<Place>>>,
    /// Games found more than once (recorded the same way each time).
    pub repeated: u64,
    /// Files whose last line was cut short.
    pub torn: Vec<PathBuf>,
}

/// Where a game's line lies: its file (by position in [`Gathered::files`]) and its
/// place there. A merge holds one for each game of the study, so it is kept small.
#[derive(Clone, Copy)]
struct Place {
    file: u32,
    len: u32,
    offset: u64,
    line: u64,
}

impl Place {
    fn at(self, part: usize, index: usize) -> LineAt {
        LineAt {
            part,
            index,
            offset: self.offset,
            len: self.len,
            line: self.line,
        }
    }
}

/// The results files named: a folder stands for every `*.jsonl` file in it (by name).
///
/// # Errors
/// A path does not exist or a folder cannot be read, or no file is found.
pub fn results_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, StudyError> {
    named_files(
        paths,
        &|p| p.extension().is_some_and(|e| e == "jsonl"),
        "results files (*.jsonl)",
    )
}

/// Reads the results files and finds every game in them.
///
/// # Errors
/// A file cannot be read or is not a results file; files of different studies; a game
/// number the study does not have; a game recorded two different ways.
pub fn gather(paths: &[PathBuf]) -> Result<Gathered, StudyError> {
    let first = paths
        .first()
        .ok_or_else(|| StudyError::Refused("no results files named".into()))?;
    let header = results_file::read_header(first)?;
    let study = &header.study;
    let mut places: Vec<Vec<Option<Place>>> =
        study.parts.iter().map(|p| vec![None; p.games]).collect();
    let mut files: Vec<(PathBuf, File)> = Vec::new();
    let mut repeated = 0;
    let mut torn = Vec::new();
    for path in paths {
        if files.iter().any(|(p, _)| same_file(p, path)) {
            continue;
        }
        let theirs = results_file::read_header(path)?;
        if let Some(why) = theirs.difference(&header, ["in the first", "in the second"]) {
            return Err(StudyError::Refused(format!(
                "{} and {} are results of different studies ({why})",
                first.display(),
                path.display()
            )));
        }
        let file = File::open(path).map_err(|e| StudyError::io(path, e))?;
        let this = files.len() as u32;
        files.push((path.clone(), file));
        let mut conflicts: Vec<String> = Vec::new();
        let scanned = results_file::scan(path, &mut |at| {
            let slot = places
                .get_mut(at.part)
                .and_then(|p| p.get_mut(at.index))
                .ok_or_else(|| no_such_game(path, at))?;
            match slot {
                None => {
                    *slot = Some(Place {
                        file: this,
                        len: at.len,
                        offset: at.offset,
                        line: at.line,
                    })
                }
                Some(earlier) => {
                    let a = &files[earlier.file as usize];
                    let earlier = earlier.at(at.part, at.index);
                    let b = &files[this as usize];
                    if read_line(a, earlier)? == read_line(b, at)? {
                        repeated += 1;
                    } else if conflicts.len() < 10 {
                        conflicts.push(format!(
                            "game {} of {}: {}:{} and {}:{}",
                            at.index,
                            study.part_name(at.part),
                            a.0.display(),
                            earlier.line,
                            b.0.display(),
                            at.line
                        ));
                    }
                }
            }
            Ok(())
        })?;
        if !conflicts.is_empty() {
            return Err(StudyError::Refused(format!(
                "games recorded two different ways ({}); the files were changed by \
                 something other than variant-run",
                conflicts.join("; ")
            )));
        }
        if scanned.torn {
            torn.push(path.clone());
        }
    }
    Ok(Gathered {
        header,
        files,
        places,
        repeated,
        torn,
    })
}

fn no_such_game(path: &Path, at: LineAt) -> StudyError {
    StudyError::Refused(format!(
        "{}:{}: game {} of part {} is not one of the study's games",
        path.display(),
        at.line,
        at.index,
        at.part + 1
    ))
}

fn read_line((path, file): &(PathBuf, File), at: LineAt) -> Result<Vec<u8>, StudyError> {
    let game = results_file::read_game(file, path, at)?;
    Ok(serde_json::to_vec(&game.game).expect("a game serializes"))
}

/// Whether two paths name one file (a folder and a file in it both given).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

impl Gathered {
    pub fn study(&self) -> &Study {
        &self.header.study
    }

    /// Games found, of the study's games.
    pub fn found(&self) -> usize {
        self.places.iter().flatten().filter(|p| p.is_some()).count()
    }

    /// The games missing, by part: each part's name and its missing game numbers
    /// written as ranges (`3, 7-9`); empty if none is.
    pub fn missing(&self) -> Vec<(String, String)> {
        let study = self.study();
        self.places
            .iter()
            .enumerate()
            .filter_map(|(part, slots)| {
                let missing: BTreeSet<usize> = slots
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.is_none())
                    .map(|(i, _)| i)
                    .collect();
                (!missing.is_empty()).then(|| (study.part_name(part), ranges(&missing)))
            })
            .collect()
    }

    /// Whether game `index` of `part` is in.
    pub fn has(&self, part: usize, index: usize) -> bool {
        self.places[part][index].is_some()
    }

    /// Each part's result from the games found, added in game order: a one-machine run's
    /// result when none is missing. `keep_games`: keep every game for a JSON report.
    ///
    /// # Errors
    /// A part's ruleset does not load, or its files changed since the games were played
    /// (the report would draw them by other rules), or a line cannot be read back.
    pub fn result(&self, keep_games: bool) -> Result<StudyResult, StudyError> {
        let study = self.study();
        // An evaluation's card lists no games, so its matches keep none (as when it is
        // played on one machine).
        let specs = study.specs(keep_games && study.kind != StudyKind::Evaluate);
        let mut results: Vec<MatchResult> = Vec::new();
        for (part, spec) in specs.iter().enumerate() {
            let ready = spec
                .ready()
                .map_err(|e| StudyError::Refused(format!("{}: {e}", study.part_name(part))))?;
            let now = &ready.variant().fingerprint;
            let then = &study.parts[part].fingerprint;
            if now != then {
                return Err(StudyError::Refused(format!(
                    "{}: the ruleset's files have changed since these games were played \
                     (fingerprint {then} then, {now} now); report them with the files they \
                     were played with",
                    study.part_name(part)
                )));
            }
            let mut tally = ready.empty_tally();
            for (index, place) in self.places[part].iter().enumerate() {
                let Some(place) = place else { continue };
                let file = &self.files[place.file as usize];
                let line = results_file::read_game(&file.1, &file.0, place.at(part, index))?;
                tally.add(line.game);
            }
            results.push(ready.result(tally));
        }
        Ok(StudyResult::of(study.kind, results))
    }
}

/// `0-2, 5, 9-11`.
fn ranges(numbers: &BTreeSet<usize>) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut iter = numbers.iter().copied().peekable();
    while let Some(start) = iter.next() {
        let mut end = start;
        while iter.peek() == Some(&(end + 1)) {
            end = iter.next().expect("peeked");
        }
        out.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_games_are_written_as_ranges() {
        let set = |v: &[usize]| v.iter().copied().collect::<BTreeSet<usize>>();
        assert_eq!(ranges(&set(&[0, 1, 2, 5, 9, 10, 11])), "0-2, 5, 9-11");
        assert_eq!(ranges(&set(&[4])), "4");
    }
}
