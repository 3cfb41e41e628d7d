//! The sizes of the values a script holds, checked when it reads a variable.
//!
//! Rhai checks a value's size when most operations build it, but not the map or array an
//! element is assigned into: `m[key] = value` checks the value, never `m`, so a map can
//! grow one entry at a time far past its limit; nor what a curried function pointer
//! holds (`Fn("f").curry(list)`). So every time a script reads a variable, its own
//! length is checked against the limits (cheap: one length). Whenever the thread's
//! memory has grown by [`SCAN_EVERY_BYTES`] since the last such count, what every
//! variable in scope holds is counted too, nested values included, as Rhai counts them
//! (and the values curried into function pointers, as the items of an array): data
//! cannot grow far without being counted, and a script that only reads its data is
//! never slowed by counting it.
//!
//! Values nested more than [`MAX_DEPTH`] levels deep (arrays, maps and curried function
//! pointers, in any mix) are refused too: Rhai copies, checks and drops nested values by
//! recursion, and a value nested thousands deep would overflow the stack. A checked
//! read looks [`DEPTH_LOOK`] values into the variable it reads, which finds any chain
//! built by wrapping a variable again and again (`a = [a]`, `f = Fn("g").curry(f)`) as
//! soon as it passes the limit; a value that hides its depth behind many others grows
//! memory as it deepens, and the next count finds it, long before it is deep enough to
//! do harm.

use std::cell::{Cell, RefCell};

use rhai::{Array, Blob, Dynamic, EvalAltResult, FnPtr, ImmutableString, Map, Position, Scope};

use super::limits::{raise_hint, Limits};
use crate::memory::{thread_bytes, Reading};

/// How much the thread's memory grows between two counts of nested sizes.
const SCAN_EVERY_BYTES: u64 = 64 << 10;

/// A variable's length is checked at one read in this many, on average: reads are
/// frequent, and a container grows by little between two of them. Which reads are checked
/// follows a fixed pseudo-random sequence, so no loop can read its container always at
/// the unchecked ones, and a script is checked the same way every time it runs.
const CHECK_ONE_READ_IN: u32 = 8;

/// Where the sequence of checked reads starts in every call.
const FIRST_DRAW: u32 = 0x9e37_79b9;

/// The checks made on variables as they are read.
pub(super) struct SizeWatch {
    limits: Limits,
    /// The thread's memory when nested sizes were last counted.
    last_scan: Cell<Option<Reading>>,
    /// The pseudo-random draw that decides whether the next read is checked.
    draw: Cell<u32>,
    /// Why a variable was refused in this call, if one was.
    refused: RefCell<Option<String>>,
}

/// What a value holds, what is nested in it counted too: array items (a blob's bytes
/// and a function pointer's curried values among them), map entries and bytes of text.
#[derive(Clone, Copy, Default)]
struct Sizes {
    items: u64,
    entries: u64,
    bytes: u64,
    /// Whether arrays, maps and curried function pointers nest deeper than
    /// [`MAX_DEPTH`].
    too_deep: bool,
}

impl SizeWatch {
    pub(super) fn new(limits: Limits) -> SizeWatch {
        SizeWatch {
            limits,
            last_scan: Cell::new(None),
            draw: Cell::new(FIRST_DRAW),
            refused: RefCell::new(None),
        }
    }

    /// A call starts: what its variables hold is counted at the first read.
    pub(super) fn start_call(&self) {
        self.last_scan.set(None);
        self.draw.set(FIRST_DRAW);
        self.refused.replace(None);
    }

    /// Why a variable was refused in this call: a script that catches the error is
    /// stopped anyway, by the budget, with the same message.
    pub(super) fn refused(&self) -> Option<String> {
        self.refused.borrow().clone()
    }

    /// Refuses a variable that holds more than the limits allow.
    ///
    /// The error is a runtime error, not one of Rhai's limit errors, so that it keeps the
    /// variable's line and column on its way out of the function (Rhai moves its own limit
    /// errors to the call). A script that catches it is stopped by the budget a few
    /// operations later.
    pub(super) fn check(&self, name: &str, scope: &Scope) -> Result<(), Box<EvalAltResult>> {
        // xorshift32: a few instructions per read.
        let mut draw = self.draw.get();
        draw ^= draw << 13;
        draw ^= draw >> 17;
        draw ^= draw << 5;
        self.draw.set(draw);
        if !draw.is_multiple_of(CHECK_ONE_READ_IN) {
            return Ok(());
        }
        if let Some(value) = scope.get(name) {
            let mut sizes = own_sizes(value);
            sizes.too_deep = nests_too_deep(value);
            self.refuse_over(name, sizes)?;
        }
        if self.due_for_scan() {
            for (name, _, value) in scope.iter_raw() {
                if is_container(value) {
                    self.refuse_over(name, nested_sizes(value))?;
                }
            }
        }
        Ok(())
    }

    /// Refuses a variable that holds these sizes, if one passes its limit.
    fn refuse_over(&self, name: &str, sizes: Sizes) -> Result<(), Box<EvalAltResult>> {
        let refuse = |message: String| {
            self.refused.replace(Some(message.clone()));
            Err(Box::new(EvalAltResult::ErrorRuntime(
                message.into(),
                Position::NONE,
            )))
        };
        if sizes.too_deep {
            return refuse(format!(
                "`{name}` nests arrays, maps and curried functions more than {MAX_DEPTH} \
                 levels deep"
            ));
        }
        let over = [
            (
                sizes.entries,
                self.limits.map_entries,
                "map entries",
                "map_entries",
            ),
            (
                sizes.items,
                self.limits.array_items,
                "array items",
                "array_items",
            ),
            (
                sizes.bytes,
                self.limits.string_bytes,
                "bytes of text",
                "string_bytes",
            ),
        ]
        .into_iter()
        .find(|(held, limit, ..)| held > limit);
        match over {
            None => Ok(()),
            Some((held, limit, unit, key)) => refuse(format!(
                "`{name}` holds {held} {unit} (counting those nested in it), more than the \
                 {limit} allowed; {}",
                raise_hint(key)
            )),
        }
    }

    /// Whether memory has grown enough since the last count of nested sizes to count
    /// again (never, where memory is not counted).
    fn due_for_scan(&self) -> bool {
        let Some(now) = thread_bytes() else {
            return false;
        };
        match self.last_scan.get() {
            Some(last) if now.grown_since(last) < SCAN_EVERY_BYTES => false,
            _ => {
                self.last_scan.set(Some(now));
                true
            }
        }
    }
}

/// A value's own length, as the limit on its kind counts it.
fn own_sizes(value: &Dynamic) -> Sizes {
    let mut sizes = Sizes::default();
    if let Some(map) = value.read_lock::<Map>() {
        sizes.entries = map.len() as u64;
    } else if let Some(array) = value.read_lock::<Array>() {
        sizes.items = array.len() as u64;
    } else if let Some(blob) = value.read_lock::<Blob>() {
        sizes.items = blob.len() as u64;
    } else if let Some(text) = value.read_lock::<ImmutableString>() {
        sizes.bytes = text.len() as u64;
    }
    sizes
}

/// How deep arrays, maps and curried function pointers may nest.
pub const MAX_DEPTH: usize = 64;

/// How many values a checked read looks at for depth, at most.
const DEPTH_LOOK: usize = 256;

/// Whether a value holds others: an array, a map, or a function pointer with curried
/// values.
fn is_container(value: &Dynamic) -> bool {
    value.is_array() || value.is_map() || value.read_lock::<FnPtr>().is_some_and(|f| f.is_curried())
}

/// Whether a chain of more than [`MAX_DEPTH`] nested values starts among the first
/// [`DEPTH_LOOK`] values of this one, depth first. A wide value may hide a deep one
/// further in; the counts made as memory grows find it.
fn nests_too_deep(value: &Dynamic) -> bool {
    fn deeper(value: &Dynamic, depth: usize, left: &mut usize) -> bool {
        if *left == 0 || !is_container(value) {
            return false;
        }
        if depth >= MAX_DEPTH {
            return true;
        }
        *left -= 1;
        let mut found = false;
        for_each_inside(value, &mut |inner| {
            found = found || deeper(inner, depth + 1, left);
        });
        found
    }
    let mut left = DEPTH_LOOK;
    deeper(value, 0, &mut left)
}

/// Hands each value directly inside `value` to `each`: an array's items, a map's
/// values, a function pointer's curried values.
fn for_each_inside(value: &Dynamic, each: &mut dyn FnMut(&Dynamic)) {
    if let Some(map) = value.read_lock::<Map>() {
        map.values().for_each(each);
    } else if let Some(array) = value.read_lock::<Array>() {
        array.iter().for_each(each);
    } else if let Some(function) = value.read_lock::<FnPtr>() {
        function.iter_curry().for_each(each);
    }
}

/// What a value holds, nested values counted.
fn nested_sizes(value: &Dynamic) -> Sizes {
    let mut sizes = Sizes::default();
    add_nested(value, 0, &mut sizes);
    sizes
}

fn add_nested(value: &Dynamic, depth: usize, sizes: &mut Sizes) {
    if is_container(value) && depth >= MAX_DEPTH {
        sizes.too_deep = true;
        return;
    }
    if let Some(map) = value.read_lock::<Map>() {
        sizes.entries += map.len() as u64;
    } else if let Some(array) = value.read_lock::<Array>() {
        sizes.items += array.len() as u64;
    } else if let Some(function) = value.read_lock::<FnPtr>() {
        sizes.items += function.curry().len() as u64;
    } else if let Some(blob) = value.read_lock::<Blob>() {
        // As Rhai counts a blob inside an array: one item, and one per byte.
        sizes.items += 1 + blob.len() as u64;
    } else if let Some(text) = value.read_lock::<ImmutableString>() {
        sizes.bytes += text.len() as u64;
    }
    for_each_inside(value, &mut |inner| add_nested(inner, depth + 1, sizes));
}
