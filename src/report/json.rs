//! `--json`: the summaries as JSON, with the field names documented in
//! [`super::summary`].

use super::card::ReportCard;
use super::records::RecordsSummary;
use super::summary::{Comparison, Summary};

/// One match's report as pretty-printed JSON, ending with a newline.
pub fn match_json(summary: &Summary) -> String {
    to_json(summary)
}

/// A comparison as pretty-printed JSON, ending with a newline.
pub fn compare_json(comparison: &Comparison) -> String {
    to_json(comparison)
}

/// A folder of records' report as pretty-printed JSON, ending with a newline.
pub fn records_json(records: &RecordsSummary) -> String {
    to_json(records)
}

/// A report card as pretty-printed JSON, ending with a newline.
pub fn card_json(card: &ReportCard) -> String {
    to_json(card)
}

fn to_json(value: &impl serde::Serialize) -> String {
    // The summaries are plain structs with string keys: serializing them cannot fail.
    let mut text = serde_json::to_string_pretty(value).expect("summaries serialize");
    text.push('\n');
    text
}
