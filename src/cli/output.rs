//! What `match`, `compare`, `evaluate` and `report` print: the report (a table or
//! JSON, and the `--html` page), and the progress bar while games are played.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use variant_run::output_file;
use variant_run::report::card::ReportCard;
use variant_run::report::{html, json, text, Comparison, Summary};
use variant_run::study::StudyResult;

use super::Failure;

/// Writes a study's report: to standard output as a table or as JSON, and to the
/// `--html` page if there is one.
pub(super) fn write_result(
    result: StudyResult,
    as_json: bool,
    page: Option<Page>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let (report, page_text) = match result {
        StudyResult::Match(result) => {
            let summary = Summary::of(&result);
            let report = if as_json {
                json::match_json(&summary)
            } else {
                text::match_report(&summary)
            };
            (report, page.is_some().then(|| html::match_page(&summary)))
        }
        StudyResult::Compare(pair) => {
            let [a, b] = *pair;
            let comparison = Comparison::of(Summary::of(&a), Summary::of(&b));
            let report = if as_json {
                json::compare_json(&comparison)
            } else {
                text::compare_report(&comparison)
            };
            (
                report,
                page.is_some().then(|| html::compare_page(&comparison)),
            )
        }
        StudyResult::Evaluate(evaluation) => {
            let card = ReportCard::of(&evaluation);
            let report = if as_json {
                json::card_json(&card)
            } else {
                text::card_report(&card)
            };
            (report, None)
        }
    };
    if let (Some(page), Some(text)) = (page, page_text) {
        page.write(&text)?;
    }
    out.write_all(report.as_bytes())?;
    Ok(())
}

/// Games played so far, on standard error (drawn only when it is a terminal).
pub(super) fn progress_bar(games: u64) -> ProgressBar {
    let progress = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} games, {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    progress.set_message("match");
    progress.enable_steady_tick(Duration::from_millis(250));
    progress
}

/// `evaluate`'s progress: the turns played (the work done), with the games, the time
/// so far and the time left, after the options that set how much there is to play. The
/// matches' games are played mixed (see `play_together`), so the turns left take about
/// as long as the turns played took; their number is estimated from the games so far.
pub(super) struct WorkProgress {
    bar: ProgressBar,
    games: u64,
    done: std::sync::Mutex<(u64, u64)>,
}

impl WorkProgress {
    pub(super) fn new(games: u64, budgets: &str) -> WorkProgress {
        // Drawn once it is whole: a bar drawn before its message shows an empty one.
        let bar = ProgressBar::with_draw_target(Some(1), ProgressDrawTarget::hidden());
        // The figures first (the prefix); the options last (the message), cut short where
        // the terminal is narrow.
        bar.set_style(
            ProgressStyle::with_template("[{bar:24}] {pos}/~{len} turns, {prefix}; {msg}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar.set_message(format!("evaluate {budgets}"));
        bar.set_prefix(format!(
            "0/{games} games, the time left is known after the first"
        ));
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.enable_steady_tick(Duration::from_millis(250));
        WorkProgress {
            bar,
            games,
            done: std::sync::Mutex::new((0, 0)),
        }
    }

    /// A game ended after `turns` turns.
    pub(super) fn game(&self, turns: usize) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        done.0 += 1;
        done.1 += turns as u64;
        let (games, turns) = *done;
        let expected = ((turns as f64 / games as f64 * self.games as f64).ceil() as u64).max(turns);
        self.bar.set_length(expected);
        self.bar.set_position(turns);
        // The turns left at the pace of the turns so far.
        let elapsed = self.bar.elapsed();
        let left = elapsed.mul_f64((expected - turns) as f64 / turns.max(1) as f64);
        self.bar.set_prefix(format!(
            "{games}/{} games, {} so far, about {} left",
            self.games,
            minutes(elapsed),
            minutes(left)
        ));
    }

    pub(super) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// `2m05s`, `40s`: a duration to the second, as a person reads a clock.
fn minutes(duration: Duration) -> String {
    let seconds = duration.as_secs();
    if seconds < 60 {
        format!("{seconds}s")
    } else {
        format!("{}m{:02}s", seconds / 60, seconds % 60)
    }
}

/// The `--html` file, checked before any game is played (a path that cannot be written
/// is one message at once, not after a long match), and written whole at the end: an
/// interrupted match leaves an older page as it was.
pub(super) struct Page {
    path: PathBuf,
}

pub(super) fn open_page(path: Option<&Path>) -> Result<Option<Page>, Failure> {
    let Some(path) = path else {
        return Ok(None);
    };
    output_file::check_writable(path).map_err(|e| html_failure(path, &e))?;
    Ok(Some(Page {
        path: path.to_path_buf(),
    }))
}

impl Page {
    pub(super) fn write(self, text: &str) -> Result<(), Failure> {
        output_file::write_whole(&self.path, text.as_bytes())
            .map_err(|e| html_failure(&self.path, &e))
    }
}

fn html_failure(path: &Path, error: &std::io::Error) -> Failure {
    format!("--html {}: {error}", path.display()).into()
}
