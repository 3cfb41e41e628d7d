//! The page: one HTML file, its styles and its script, built into the binary so the
//! server needs nothing beside it and the page nothing from the internet. They are plain
//! files in `src/serve/page/`, edited as they are (no build step).

/// What the page may load: only its own files and the server's API; no frames of it
/// elsewhere.
pub const POLICY: &str = "default-src 'self'; img-src 'self' data: blob:; \
                          style-src 'self'; script-src 'self'; connect-src 'self'; \
                          frame-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/// The compare report: its inline styles and pictures, nothing else.
pub const REPORT_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLES: &str = include_str!("page/app.css");

/// The page itself.
pub fn index() -> axum::response::Html<&'static str> {
    axum::response::Html(INDEX)
}

/// One of the page's files, with its content type.
pub fn asset(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "app.js" => Some(("text/javascript; charset=utf-8", SCRIPT)),
        "app.css" => Some(("text/css; charset=utf-8", STYLES)),
        _ => None,
    }
}
