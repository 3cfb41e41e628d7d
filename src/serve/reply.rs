//! What a request to the session gets back, for the session and the comparisons it
//! starts alike.

use serde_json::Value;

/// The answer to a request: something for the page, or a refusal with its HTTP status
/// (4xx: the request itself was wrong).
pub type Answer = Result<Reply, (u16, String)>;

/// What the page gets back.
pub enum Reply {
    Json(Value),
    Svg(String),
    Text(String),
    Html(String),
}
