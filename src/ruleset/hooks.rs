//! The hooks a ruleset may have: each a key of `variant.toml` naming a script, and the
//! function that script must define. Lowering, `describe` and the designer's reference
//! (docs/scripting.md, checked by a test) all read this one list, so a new hook cannot
//! be loaded without being described.

/// One hook: where its script is named and what the script must define.
#[derive(Debug)]
pub struct Hook {
    /// The key path in `variant.toml`: `rules.capture`.
    pub key: &'static str,
    /// The function the script defines.
    pub function: &'static str,
    /// Its parameters, as the host passes them.
    pub params: &'static [&'static str],
    /// Whether every ruleset needs it: a required hook cannot be dropped with `false`.
    pub required: bool,
}

impl Hook {
    /// The key's table, as a designer writes it: `[rules]`.
    pub fn table(&self) -> String {
        let (table, _) = self.key.rsplit_once('.').unwrap_or(("", self.key));
        format!("[{table}]")
    }

    /// The key within its table: `capture`.
    pub fn key_name(&self) -> &'static str {
        self.key.rsplit('.').next().unwrap_or(self.key)
    }

    /// The definition the script must have: `fn can_capture(landing, defender, ...)`.
    pub fn signature(&self) -> String {
        format!("fn {}({})", self.function, self.params.join(", "))
    }
}

/// `[setup] placement`: the set-up turns that lay the tiles (with `tiles = "placement"`).
pub const PLACEMENT: Hook = Hook {
    key: "setup.placement",
    function: "placement_turns",
    params: &["size"],
    required: false,
};

/// `[rules] capture`: when a landing stack captures the enemy stack it lands on,
/// tabulated once when the ruleset loads.
pub const CAPTURE: Hook = Hook {
    key: "rules.capture",
    function: "can_capture",
    params: &["landing", "defender", "defender_at_home"],
    required: false,
};

/// `[turn.place] receiver`: who receives a piece on each junction a placement creates,
/// tabulated once when the ruleset loads (instead of `pieces`).
pub const RECEIVER: Hook = Hook {
    key: "turn.place.receiver",
    function: "receiver",
    params: &["junction_owner", "placer"],
    required: false,
};

/// `[rules] allowed`: refuses turns the forms allow, with a reason a player reads.
pub const ALLOWED: Hook = Hook {
    key: "rules.allowed",
    function: "allowed",
    params: &["game", "turn"],
    required: false,
};

/// `[rules] after_turn`: rules run on the position every turn leaves.
pub const AFTER_TURN: Hook = Hook {
    key: "rules.after_turn",
    function: "after_turn",
    params: &["game"],
    required: false,
};

/// `[rules] end`: whether the game is over, and how.
pub const END: Hook = Hook {
    key: "rules.end",
    function: "game_result",
    params: &["game"],
    required: true,
};

/// `[rules] evaluate`: how good a position is for a player, in pieces' worth, for the
/// computer players (material without it).
pub const EVALUATE: Hook = Hook {
    key: "rules.evaluate",
    function: "evaluate",
    params: &["game", "player"],
    required: false,
};

/// Every hook, in the order a game meets them.
pub const HOOKS: [&Hook; 7] = [
    &PLACEMENT,
    &RECEIVER,
    &CAPTURE,
    &ALLOWED,
    &AFTER_TURN,
    &END,
    &EVALUATE,
];

/// Where a hook's script was found, for `describe`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptOrigin {
    /// The ruleset's own folder.
    Own,
    /// The folder of a ruleset it extends, by that ruleset's name.
    Extended(String),
    /// The shared `scripts/` folder.
    Shared,
}

/// A hook as a loaded ruleset has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HookState {
    /// Its script: the path as written and the folder it was found in.
    Script { path: String, origin: ScriptOrigin },
    /// Not set by the ruleset nor by any it extends (or not used by its set-up).
    Absent,
    /// Set to `false` in the ruleset's own file (or one between it and the base),
    /// dropping what it would inherit.
    Dropped,
}
