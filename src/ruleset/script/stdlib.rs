//! What Rhai's standard library offers scripts, and what it withholds from rulesets.
//!
//! A ruleset's scripts get Rhai's standard packages (arithmetic, strings, arrays, blobs,
//! maps, iterators, function pointers, `print` and `debug`) with these exceptions, each
//! because it would let a rule wait, see the machine, or escape the limits:
//!
//! | function | why it is withheld |
//! |---|---|
//! | `sleep(n)` | it blocks the thread, using no operations and no CPU time, so no limit stops it; it is refused with a message |
//! | `timestamp()`, `elapsed` | they read the clock, so a game would differ from run to run (the `no_time` feature leaves them out) |
//! | `eval(text)` | it compiles text at run time, past the checks made when the ruleset loads (disabled as a keyword) |
//! | closures that capture | a captured variable becomes a shared value, and a map holding a closure over itself is a reference cycle that is never freed (the `no_closure` feature; see [`super::closures`]) |
//!
//! The rest stays within the limits: functions that build a value of a given size
//! (`pad`, `blob(n)`, `extract`) check the size limits before they allocate, `print` and
//! `debug` go through the output budget, and `exit(value)` only ends the call, as
//! `return` would. There is no file, network, process or random-number function in the
//! standard packages. Every call of a function pointer, a callback of `map`, `filter`,
//! `sort` and the like included, counts its operations and call depth as a call does.

use rhai::{Engine, EvalAltResult, Position, INT};

/// Replaces what the standard packages offer and must not be used. A function registered
/// on the engine is found before those of the packages, however it is called
/// (`sleep(1)`, `call("sleep", 1)`, `Fn("sleep").call(1)`).
pub(super) fn withhold(engine: &mut Engine) {
    engine.register_fn("sleep", |_: INT| -> Result<(), Box<EvalAltResult>> {
        Err(EvalAltResult::ErrorRuntime(
            "`sleep` is not offered to rulesets: a rule never waits".into(),
            Position::NONE,
        )
        .into())
    });
}
