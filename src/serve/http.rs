//! The routes: the page and its files, the API the page calls, and the ruleset's own
//! files; anything else is a 404.
//!
//! Every request passes [`guard`] first. Its `Host` must name the address its connection
//! came in on, or `localhost`, whatever address the server listens on, so a web page
//! elsewhere cannot reach the server through a name of its own that resolves here (DNS
//! rebinding; see [`super::names`]); a request from a page (with an `Origin`) must come
//! from a page of this server; and a request that changes anything is a POST of JSON,
//! which a page elsewhere cannot send without asking first (and nothing here answers
//! such asking). Bodies are bounded in size (a record may be large, nothing else is) and
//! in time (`serve --client-timeout`), malformed bodies and queries get a 4xx saying what is
//! wrong, and the game's answers to turns and records are the refusals the command line
//! gives.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{
    DefaultBodyLimit, FromRequestParts, Path as UrlPath, Query, Request as HttpRequest, State,
};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

use super::addresses::Listening;
use super::clicks::{ChoiceIn, ClickIn};
use super::compare::CompareRequest;
use super::connections::{mark_served, Connection};
use super::files;
use super::names::{host_names_this_server, origin_is_this_server, own_names};
use super::page;
use super::reply::{Answer, Refusal, Reply};
use super::seats::{Presented, HOST_HEADER, SEAT_HEADER};
use super::session::{Handle, NewGame, Request, SeatRequest};
use crate::play::record::MAX_RECORD_BYTES;

/// The largest body of a request other than a record.
pub const MAX_BODY_BYTES: usize = 64 << 10;
/// The largest body of a record upload: a record at its limit, written as a JSON string
/// (each `"` and `\` doubled at worst).
pub const MAX_RECORD_BODY_BYTES: usize = 2 * MAX_RECORD_BYTES as usize + MAX_BODY_BYTES;

#[derive(Clone)]
struct App {
    session: Handle,
    /// The address listened on: the one a request's `Host` is checked against when it
    /// does not say which address its connection came in on.
    address: SocketAddr,
    /// How long a request's body may take to arrive whole, once its head has.
    body_timeout: Duration,
    /// The addresses the server can be reached at, for the seats' invitation links.
    urls: std::sync::Arc<Vec<String>>,
}

/// The server's routes, for a session listening where `listening` says, taking
/// `body_timeout` at most to read a request's body.
pub fn router(session: Handle, listening: &Listening, body_timeout: Duration) -> Router {
    let app = App {
        session,
        address: listening.bound,
        body_timeout,
        urls: std::sync::Arc::new(listening.urls()),
    };
    let record = Router::new()
        .route("/api/record", post(load_record).get(record_text))
        .layer(DefaultBodyLimit::max(MAX_RECORD_BODY_BYTES));
    Router::new()
        .route("/", get(|| async { page::index() }))
        .route("/page/{file}", get(page_file))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/api/state", get(state))
        .route("/api/events", get(events))
        .route("/api/choose", post(choose))
        .route("/api/play", post(play))
        .route("/api/undo", post(undo))
        .route("/api/truncate", post(truncate))
        .route("/api/new", post(new_game))
        .route("/api/players", post(players))
        .route("/api/pause", post(pause))
        .route("/api/speed", post(speed))
        .route("/api/picture", get(picture))
        .route("/api/compare", post(compare))
        .route("/api/compare/report", get(compare_report))
        .route("/api/compare/rulesets", get(compare_rulesets))
        .route("/api/seats/invitations", get(invitations))
        .route("/api/seats/me", get(me))
        .route("/api/seats/take", post(take_seat))
        .route("/api/seats/free", post(free_seat))
        .route("/api/files", get(file_list))
        .route("/files/{*path}", get(file))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .merge(record)
        .fallback(|request: HttpRequest| async move {
            text(
                StatusCode::NOT_FOUND,
                format!("no such page: {}", request.uri().path()),
            )
        })
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app)
}

/// A plain-text response.
fn text(status: StatusCode, message: impl Into<String>) -> Response {
    let mut response = (status, message.into()).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

/// The checks every request passes, and the headers every response carries.
async fn guard(State(app): State<App>, request: HttpRequest, next: Next) -> Response {
    mark_served(&request);
    if let Some(refusal) = refusal(&app, &request) {
        return refusal;
    }
    let request = match whole_body(request, app.body_timeout).await {
        Ok(request) => request,
        Err(refusal) => return refusal,
    };
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers
        .entry("content-security-policy")
        .or_insert(HeaderValue::from_static(page::POLICY));
    response
}

/// The largest body the request's route takes.
fn body_limit(request: &HttpRequest) -> usize {
    if request.uri().path() == "/api/record" {
        MAX_RECORD_BODY_BYTES
    } else {
        MAX_BODY_BYTES
    }
}

/// The request with its body read whole, within `timeout` and the route's size: a
/// client that sends a body slowly, or never, holds nothing past the timeout.
async fn whole_body(request: HttpRequest, timeout: Duration) -> Result<HttpRequest, Response> {
    if request.method() == Method::GET || request.method() == Method::HEAD {
        return Ok(request);
    }
    let limit = body_limit(&request);
    let (parts, body) = request.into_parts();
    match tokio::time::timeout(timeout, axum::body::to_bytes(body, limit)).await {
        Ok(Ok(bytes)) => Ok(HttpRequest::from_parts(parts, Body::from(bytes))),
        Ok(Err(_)) => Err(text(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a request here is at most {limit} bytes"),
        )),
        Err(_) => Err(text(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request's body did not arrive within {} seconds",
                timeout.as_secs()
            ),
        )),
    }
}

/// Why a request is refused before it reaches its route, if it is.
fn refusal(app: &App, request: &HttpRequest) -> Option<Response> {
    let local = request
        .extensions()
        .get::<Connection>()
        .map_or(app.address, |connection| connection.local);
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !host_names_this_server(host, local) {
        let [address, localhost] = own_names(local);
        return Some(text(
            StatusCode::MISDIRECTED_REQUEST,
            format!(
                "this server answers only to its address as you reached it, \
                 http://{address}/, or http://{localhost}/ (not to other names, which \
                 anyone could point here)"
            ),
        ));
    }
    if let Some(origin) = request.headers().get(header::ORIGIN) {
        let from_here = origin
            .to_str()
            .is_ok_and(|origin| origin_is_this_server(origin, local));
        if !from_here {
            return Some(text(
                StatusCode::FORBIDDEN,
                "only this server's own page may call it",
            ));
        }
    }
    // A body announced larger than the route takes is refused before it is sent.
    let limit = body_limit(request);
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|l| l.to_str().ok())
        .and_then(|l| l.parse::<u64>().ok());
    if announced.is_some_and(|length| length > limit as u64) {
        return Some(text(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a request here is at most {limit} bytes"),
        ));
    }
    if request.method() == Method::POST {
        let json = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|c| c.to_str().ok())
            .is_some_and(|c| {
                c.split(';')
                    .next()
                    .is_some_and(|t| t.trim() == "application/json")
            });
        if !json {
            return Some(text(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the API takes JSON (Content-Type: application/json)",
            ));
        }
    }
    None
}

/// A session's answer as a response.
fn respond(answer: Answer) -> Response {
    match answer {
        Ok(Reply::Json(value)) => Json(value).into_response(),
        Ok(Reply::Svg(svg)) => (
            [(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8")],
            svg,
        )
            .into_response(),
        Ok(Reply::Text(body)) => text(StatusCode::OK, body),
        Ok(Reply::Html(body)) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (
                    header::HeaderName::from_static("content-security-policy"),
                    page::REPORT_POLICY,
                ),
            ],
            body,
        )
            .into_response(),
        // The sentence is made here, at the edge.
        Err(refusal) => text(refusal.status(), refusal.to_string()),
    }
}

async fn page_file(UrlPath(file): UrlPath<String>) -> Response {
    match page::asset(&file) {
        Some((kind, body)) => ([(header::CONTENT_TYPE, kind)], body).into_response(),
        None => text(StatusCode::NOT_FOUND, format!("no such page file: {file}")),
    }
}

async fn state(State(app): State<App>) -> Response {
    let state = app.session.state.borrow().clone();
    (
        [(header::CONTENT_TYPE, "application/json")],
        state.to_string(),
    )
        .into_response()
}

/// The state, sent again whenever it changes (server-sent events).
async fn events(State(app): State<App>) -> Response {
    let mut receiver = app.session.state.clone();
    receiver.mark_changed();
    let stream = futures_util::stream::unfold(receiver, |mut receiver| async move {
        receiver.changed().await.ok()?;
        let state = receiver.borrow_and_update().clone();
        let event = Event::default().event("state").data(&*state);
        Some((Ok::<_, Infallible>(event), receiver))
    });
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChooseBody {
    ply: usize,
    #[serde(default)]
    choices: Vec<ChoiceIn>,
    click: Option<ClickIn>,
    #[serde(default)]
    play: bool,
}

async fn choose(State(app): State<App>, keys: Presented, Json(body): Json<ChooseBody>) -> Response {
    respond(
        app.session
            .ask(
                Request::Choose {
                    ply: body.ply,
                    choices: body.choices,
                    click: body.click,
                    play: body.play,
                },
                keys,
            )
            .await,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayBody {
    ply: usize,
    text: String,
}

async fn play(State(app): State<App>, keys: Presented, Json(body): Json<PlayBody>) -> Response {
    // A typed turn is a line at the prompt: bounded as the prompt bounds it.
    if body.text.len() > crate::play::input::MAX_LINE_BYTES {
        return respond(Ok(Reply::Json(json!({
            "ok": false,
            "refusal": Reply::too_long(body.text.len()),
        }))));
    }
    respond(
        app.session
            .ask(
                Request::Play {
                    ply: body.ply,
                    text: body.text,
                },
                keys,
            )
            .await,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

async fn undo(State(app): State<App>, keys: Presented, Json(Empty {}): Json<Empty>) -> Response {
    respond(app.session.ask(Request::Undo, keys).await)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlyBody {
    ply: usize,
}

async fn truncate(State(app): State<App>, keys: Presented, Json(body): Json<PlyBody>) -> Response {
    respond(
        app.session
            .ask(Request::Truncate { ply: body.ply }, keys)
            .await,
    )
}

async fn new_game(State(app): State<App>, keys: Presented, Json(body): Json<NewGame>) -> Response {
    respond(app.session.ask(Request::New(body), keys).await)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayersBody {
    players: Vec<String>,
}

async fn players(
    State(app): State<App>,
    keys: Presented,
    Json(body): Json<PlayersBody>,
) -> Response {
    respond(app.session.ask(Request::Players(body.players), keys).await)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PauseBody {
    paused: bool,
}

async fn pause(State(app): State<App>, keys: Presented, Json(body): Json<PauseBody>) -> Response {
    respond(app.session.ask(Request::Pause(body.paused), keys).await)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpeedBody {
    ms: u64,
}

async fn speed(State(app): State<App>, keys: Presented, Json(body): Json<SpeedBody>) -> Response {
    respond(app.session.ask(Request::Speed(body.ms), keys).await)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PictureQuery {
    ply: Option<usize>,
    #[serde(default)]
    download: bool,
}

async fn picture(
    State(app): State<App>,
    keys: Presented,
    Query(query): Query<PictureQuery>,
) -> Response {
    let mut response = respond(
        app.session
            .ask(Request::Picture { ply: query.ply }, keys)
            .await,
    );
    if query.download && response.status().is_success() {
        let name = match query.ply {
            Some(ply) => format!("attachment; filename=\"position-{ply:03}.svg\""),
            None => "attachment; filename=\"position.svg\"".to_string(),
        };
        if let Ok(value) = HeaderValue::from_str(&name) {
            response
                .headers_mut()
                .insert(header::CONTENT_DISPOSITION, value);
        }
    }
    response
}

async fn record_text(State(app): State<App>, keys: Presented) -> Response {
    let mut response = respond(app.session.ask(Request::Record, keys).await);
    response.headers_mut().insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"game.txt\""),
    );
    response
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordBody {
    text: String,
}

async fn load_record(
    State(app): State<App>,
    keys: Presented,
    Json(body): Json<RecordBody>,
) -> Response {
    if body.text.len() as u64 > MAX_RECORD_BYTES {
        return respond(Err(Refusal::RecordTooLong {
            most: MAX_RECORD_BYTES,
        }));
    }
    respond(app.session.ask(Request::LoadRecord(body.text), keys).await)
}

async fn compare(
    State(app): State<App>,
    keys: Presented,
    Json(body): Json<CompareRequest>,
) -> Response {
    respond(app.session.ask(Request::Compare(body), keys).await)
}

async fn compare_report(State(app): State<App>, keys: Presented) -> Response {
    respond(app.session.ask(Request::CompareReport, keys).await)
}

async fn compare_rulesets(State(app): State<App>, keys: Presented) -> Response {
    respond(app.session.ask(Request::CompareChoices, keys).await)
}

async fn file_list(State(app): State<App>) -> Response {
    Json(json!({ "files": files::list(&app.session.dir) })).into_response()
}

async fn file(State(app): State<App>, UrlPath(path): UrlPath<String>) -> Response {
    match files::read(&app.session.dir, &path) {
        Ok(body) => {
            let mut response = text(StatusCode::OK, body);
            response.headers_mut().insert(
                "content-security-policy",
                HeaderValue::from_static("default-src 'none'"),
            );
            response
        }
        Err(refused) => text(refused.status(), refused.to_string()),
    }
}

impl Reply {
    /// The prompt's refusal of a line that is too long.
    fn too_long(bytes: usize) -> String {
        crate::play::input::Line::TooLong {
            bytes: bytes as u64,
        }
        .refusal()
        .unwrap_or_default()
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Presented {
    type Rejection = Infallible;

    /// The keys a request presents, in the headers the page sends them in.
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Presented, Infallible> {
        let key = |name: &str| {
            parts
                .headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(String::from)
        };
        Ok(Presented {
            host: key(HOST_HEADER),
            seat: key(SEAT_HEADER),
        })
    }
}

async fn me(State(app): State<App>, keys: Presented) -> Response {
    respond(app.session.ask(Request::Seat(SeatRequest::Me), keys).await)
}

/// The seats' keys, with the addresses the server answers to: a host whose page is on
/// `127.0.0.1` invites by an address the playtester's machine can reach.
async fn invitations(State(app): State<App>, keys: Presented) -> Response {
    let mut answer = app
        .session
        .ask(Request::Seat(SeatRequest::Invitations), keys)
        .await;
    if let Ok(Reply::Json(value)) = &mut answer {
        value["addresses"] = json!(*app.urls);
    }
    respond(answer)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TakeBody {
    side: char,
    name: String,
}

async fn take_seat(
    State(app): State<App>,
    keys: Presented,
    Json(body): Json<TakeBody>,
) -> Response {
    let request = Request::Seat(SeatRequest::Take {
        side: body.side,
        name: body.name,
    });
    respond(app.session.ask(request, keys).await)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SideBody {
    side: char,
}

async fn free_seat(
    State(app): State<App>,
    keys: Presented,
    Json(body): Json<SideBody>,
) -> Response {
    respond(
        app.session
            .ask(Request::Seat(SeatRequest::Free { side: body.side }), keys)
            .await,
    )
}
