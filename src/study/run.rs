//! Playing one shard of a study into a results folder, or what is left of it: a shard
//! run again with the same folder plays only the games no results file there holds, so
//! a shard that was stopped (killed, cancelled, out of time) loses only the games it was
//! playing.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::ThreadPool;

use super::merge::{gather, results_files};
use super::results_file::{GameLine, Header, ResultsWriter, THERE_HERE};
use super::shard::Shard;
use super::{Study, StudyError};
use crate::play::tournament::{MatchError, ReadyMatch};

/// What a shard run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardRun {
    pub shard: Shard,
    /// The shard's games.
    pub games: usize,
    /// Of those, the games found in the folder before, and played now.
    pub already: usize,
    pub played: usize,
    /// Its results file.
    pub file: PathBuf,
}

/// Plays shard `shard` of `study` (whose matches, checked, are `matches`) on `pool`,
/// appending each game to the shard's results file in `dir` (made if missing) as it
/// ends, and skipping the games the folder's results files already hold. `progress` is
/// told the games of the shard in the folder so far, and the shard's games, after each.
///
/// # Errors
/// The folder or file cannot be made or written, a results file in the folder belongs
/// to another study, or a game fails (the games finished are kept all the same).
pub fn play_shard(
    pool: &ThreadPool,
    study: &Study,
    matches: &[ReadyMatch],
    shard: Shard,
    dir: &Path,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<ShardRun, StudyError> {
    std::fs::create_dir_all(dir).map_err(|e| StudyError::io(dir, e))?;
    let header = Header::new(study, shard);
    // The folder's results are checked before the shard's file is made, so a mistake
    // (another study's folder) leaves the folder as it was.
    check_folder(dir, &header)?;
    let path = dir.join(shard.file_name());
    // Then the file is opened and locked: a second copy of this shard stops here. The
    // games found are read after the lock, so none that a copy before this one wrote is
    // played again.
    let writer = ResultsWriter::open(&path, &header)?;
    // The folder holds at least the shard's own file now.
    let found = gather(&results_files(&[dir.to_path_buf()])?)?;
    let mut to_play: Vec<Vec<usize>> = vec![Vec::new(); study.parts.len()];
    let mut games = 0;
    let mut already = 0;
    for (part, p) in study.parts.iter().enumerate() {
        for index in 0..p.games {
            if !shard.has(study.number(part, index)) {
                continue;
            }
            games += 1;
            if found.has(part, index) {
                already += 1;
            } else {
                to_play[part].push(index);
            }
        }
    }
    let done = AtomicUsize::new(already);
    progress(already, games);
    for (part, (indices, ready)) in to_play.iter().zip(matches).enumerate() {
        if indices.is_empty() {
            continue;
        }
        let keep = |game| {
            writer
                .append(&GameLine { part, game })
                .map_err(|e| MatchError::Choice(e.to_string()))
        };
        let step = || progress(done.fetch_add(1, Ordering::Relaxed) + 1, games);
        ready
            .play_each(pool, indices, &keep, &step)
            .map_err(|e| StudyError::Refused(format!("{}: {e}", study.part_name(part))))?;
    }
    Ok(ShardRun {
        shard,
        games,
        already,
        played: games - already,
        file: writer.path().to_path_buf(),
    })
}

/// Refuses a folder that holds another study's results.
fn check_folder(dir: &Path, header: &Header) -> Result<(), StudyError> {
    for file in results_files(&[dir.to_path_buf()]).unwrap_or_default() {
        let theirs = super::results_file::read_header(&file)?;
        if let Some(why) = header.difference(&theirs, THERE_HERE) {
            return Err(StudyError::Refused(format!(
                "{} holds results of another study ({why}); give another --out folder, or \
                 remove the folder's results to start again",
                file.display()
            )));
        }
    }
    Ok(())
}
