//! What `variant-run report` was given: the results files of a study played in shards
//! (merged in `merge.rs` beside this file), or game records (what `play --record` writes:
//! [`crate::play::record_games`]), never both.
//!
//! A folder stands for its `*.jsonl` files (results) and its `*.txt` files (records),
//! by name, without looking into folders inside it; other files are left alone (a
//! page the report wrote there, notes). A file named on its own is a results file if
//! it ends `.jsonl`, else a record. The two are not added up together: a study's games
//! are seeded games of computer players that must all be there, a folder of records
//! the games people played, and one report of both would be neither.

use std::path::{Path, PathBuf};

use super::StudyError;

/// The files a report reads.
#[derive(Debug, PartialEq, Eq)]
pub enum ReportInputs {
    /// A study's results files.
    Results(Vec<PathBuf>),
    /// Game records.
    Records(Vec<PathBuf>),
}

/// Whether a file is a results file, by its name.
fn is_results_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "jsonl")
}

/// The results files or records named: each folder's `*.jsonl` and `*.txt` files (by
/// name), each file as named, each file once.
///
/// # Errors
/// A path does not exist or a folder cannot be read; a folder with neither kind of
/// file; results files and records both.
pub fn report_inputs(paths: &[PathBuf]) -> Result<ReportInputs, StudyError> {
    let files = named_files(
        paths,
        &|p| is_results_file(p) || p.extension().is_some_and(|e| e == "txt"),
        "results files (*.jsonl) or game records (*.txt)",
    )?;
    let (results, records): (Vec<PathBuf>, Vec<PathBuf>) =
        files.into_iter().partition(|file| is_results_file(file));
    match (results.first(), records.first()) {
        (Some(result), Some(record)) => Err(StudyError::Refused(format!(
            "{} is a study's results file and {} a game record: a report adds up the \
             games of one study, or game records, not both; report them apart",
            result.display(),
            record.display()
        ))),
        (Some(_), None) => Ok(ReportInputs::Results(results)),
        (None, Some(_)) => Ok(ReportInputs::Records(once_each(records))),
        (None, None) => Err(StudyError::Refused("no results files named".into())),
    }
}

/// The files named, in order: a folder stands for the files in it that `keep` takes (by
/// name), a file for itself.
///
/// # Errors
/// A path that does not exist, a folder that cannot be read or holds no such file (`kinds`
/// names them in the message), or no file at all.
pub fn named_files(
    paths: &[PathBuf],
    keep: &dyn Fn(&Path) -> bool,
    kinds: &str,
) -> Result<Vec<PathBuf>, StudyError> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| StudyError::io(path, e))?
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|p| p.is_file() && keep(p))
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(StudyError::Refused(format!(
                    "{}: no {kinds} in this folder",
                    path.display()
                )));
            }
            files.extend(found);
        } else if path.is_file() {
            files.push(path.clone());
        } else {
            return Err(StudyError::Refused(format!(
                "{}: no such file or folder",
                path.display()
            )));
        }
    }
    if files.is_empty() {
        return Err(StudyError::Refused("no results files named".into()));
    }
    Ok(files)
}

/// The files without those named twice (a folder and a file in it both given).
fn once_each(files: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut seen = std::collections::BTreeSet::new();
    files
        .into_iter()
        .filter(|file| seen.insert(file.canonicalize().unwrap_or_else(|_| file.clone())))
        .collect()
}
