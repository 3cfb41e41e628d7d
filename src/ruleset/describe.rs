//! A ruleset as it loaded, in words: what the TOML and the tabulated scripts made of it.
//! Designers read it to see that a change did what they meant; tests snapshot it.

use variant_run_core::{
    Colour, DropTo, Form, KindId, PieceForm, PlacementRule, PlayerId, Rules, TakenPieces,
};

use super::hooks::{HookState, ScriptOrigin};
use super::Variant;

impl Variant {
    /// Describes the loaded ruleset: board, tiles, players, turns, the capture table,
    /// pieces and counters, hooks and parameters.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        let mut line = |text: String| {
            out.push_str(&text);
            out.push('\n');
        };
        line(format!("{}: {}", self.name, self.summary));
        self.describe_board(&mut line);
        self.describe_players(&mut line);
        self.describe_turns(&mut line);
        describe_captures(&self.model.rules, &mut line);
        self.describe_state(&mut line);
        self.describe_hooks(&mut line);
        self.describe_goals(&mut line);
        for (name, value) in self.params.iter() {
            line(format!("param {name} = {value}"));
        }
        if !self.notations.is_empty() {
            let names: Vec<&str> = self.notations.keys().map(String::as_str).collect();
            line(format!(
                "notations besides the server's: {}",
                names.join(", ")
            ));
        }
        let board = &self.model.board;
        for marks in &self.marks {
            let names: Vec<String> = marks
                .junctions
                .iter()
                .map(|&j| board.junction_name(j))
                .collect();
            line(format!("marked {}: {}", marks.legend, names.join(" ")));
        }
        out
    }

    /// The goals the computer players read from the end rule, so that a designer sees
    /// whether a new goal is one they will aim at without an `evaluate`.
    fn describe_goals(&self, line: &mut dyn FnMut(String)) {
        let goals = &self.goals().goals;
        let guide = if self.has_evaluation() {
            "the players aim by `evaluate` instead"
        } else {
            "the players aim at them, besides material"
        };
        if goals.is_empty() {
            line(
                "goals read from the end rule: none (the players aim by material, or by \
                 `evaluate`, and take a win one turn away)"
                    .into(),
            );
            return;
        }
        line(format!("goals read from the end rule ({guide}):"));
        let mut goals: Vec<_> = goals.iter().collect();
        goals.sort_by_key(|g| g.player());
        for goal in goals {
            line(format!("  {}", goal.describe(self)));
        }
    }

    /// The board and its tile states.
    fn describe_board(&self, line: &mut dyn FnMut(String)) {
        let board = &self.model.board;
        line(match self.size {
            Some(size) => format!(
                "board: {} lattice, size {size}: {} cells, {} junctions (a corner is a junction \
                 where {} or more cells meet)",
                board.lattice(),
                board.cell_count(),
                board.junction_count(),
                board.junction_min_tiles()
            ),
            None => format!(
                "board: a patch of {} cells, empty at the start; a junction where {} cells meet",
                board.lattice(),
                board.junction_min_tiles()
            ),
        });
        let corners = board.lattice().corner_names();
        for state in board.tiles().states() {
            let bands: Vec<String> = state
                .bands
                .iter()
                .map(|band| {
                    let names: Vec<&str> = band.iter().map(|&c| corners[c as usize]).collect();
                    names.join("-")
                })
                .collect();
            line(format!("tile {}: {}", state.letter, bands.join(", ")));
        }
    }

    /// Each player with their pieces at the start, and who moves first.
    fn describe_players(&self, line: &mut dyn FnMut(String)) {
        let rules = &self.model.rules;
        let start = self.start_with_first_tiles();
        for (p, spec) in rules.players.iter().enumerate() {
            let colour = match spec.colour {
                Colour::Dark => "dark",
                Colour::Light => "light",
            };
            line(format!(
                "player {} ({}): {colour} junctions, {} pieces at the start, {} to receive",
                spec.letter,
                self.player_names[p],
                start.pieces(p as u8),
                start.supply_total(p as u8)
            ));
        }
        line(format!(
            "first to move: {}; tiles: {}; pool: {}",
            rules.player_letter(self.first),
            self.tile_setup,
            start.pool()
        ));
    }

    /// The turn forms, the height limit, and how tiles are placed and removed.
    fn describe_turns(&self, line: &mut dyn FnMut(String)) {
        let rules = &self.model.rules;
        let forms: Vec<String> = rules.forms.forms().iter().map(Form::to_string).collect();
        line(format!("turn forms: {}", forms.join(" | ")));
        line(format!("stacks at most {} high", rules.max_height));
        if rules.forms.has_tile_actions() {
            let r = rules.removal;
            line(format!(
                "placement: {}; removal: {} free sides in a row{}{}",
                placement_pieces(rules),
                r.free_sides,
                if r.keep_connected {
                    ", the rest connected"
                } else {
                    ""
                },
                if r.when_pool_empty {
                    ", once the pool is empty"
                } else {
                    ""
                }
            ));
        }
        if rules.forms.has_piece(PieceForm::Drop) {
            line(format!(
                "drops: a piece from the mover's supply onto an empty junction{}",
                match rules.drop_to {
                    DropTo::Any => "",
                    DropTo::Own => " of the mover's colour",
                    DropTo::Other => " of the other player's colour",
                }
            ));
        }
        match rules.taken {
            TakenPieces::Out => {}
            TakenPieces::ToOwner => {
                line("pieces a landing takes go back to their owner's supply".into())
            }
            TakenPieces::ToTaker => {
                line("pieces a landing takes go to the taker's supply, as the taker's own".into())
            }
        }
    }

    /// The kinds of piece and the counters, where the ruleset has more than plain
    /// pieces and the board.
    fn describe_state(&self, line: &mut dyn FnMut(String)) {
        let rules = &self.model.rules;
        let start = self.start_with_first_tiles();
        if rules.kinds.len() > 1 || !rules.plain_pieces() {
            line("kinds of piece (the first is written without its letter):".into());
            for (kind, spec) in rules.kinds.iter().enumerate() {
                let kind = kind as KindId;
                let count = |p: PlayerId| start.pieces_of_kind(p, kind);
                let per_player: Vec<String> = (0..2)
                    .map(|p| {
                        format!(
                            "{} {} on the board and {} in supply",
                            rules.player_letter(p),
                            count(p),
                            start.supply_of(p, kind)
                        )
                    })
                    .collect();
                line(format!(
                    "  {} (letter {}, {}): at the start {}",
                    spec.name,
                    spec.letter,
                    if spec.stacks {
                        "stacks"
                    } else {
                        "stands alone"
                    },
                    per_player.join("; ")
                ));
            }
        }
        if !rules.counters.is_empty() {
            line("counters:".into());
            for counter in &rules.counters {
                line(format!(
                    "  {} ({}): starts at {}, stays within {}..{}",
                    counter.name,
                    if counter.per_player {
                        "each player's"
                    } else {
                        "the game's"
                    },
                    counter.start,
                    counter.min,
                    counter.max
                ));
            }
        }
        if rules.keep_last_turn {
            line("the scripts read the last turn (game.last_turn)".into());
        }
    }

    /// Each hook with the script that fills it and the folder that script came from, so
    /// a derived ruleset shows what it inherits.
    fn describe_hooks(&self, line: &mut dyn FnMut(String)) {
        line("hooks:".into());
        for (hook, state) in &self.hooks {
            let what = match state {
                HookState::Absent => "none".to_string(),
                HookState::Dropped => format!("none (dropped: {} = false)", hook.key_name()),
                HookState::Script { path, origin } => {
                    let from = match origin {
                        ScriptOrigin::Own => "the ruleset's own folder".to_string(),
                        ScriptOrigin::Extended(name) => {
                            format!("{name}, which this ruleset extends")
                        }
                        ScriptOrigin::Shared => "scripts/ (shared)".to_string(),
                    };
                    format!("{path} from {from}, defines {}", hook.function)
                }
            };
            line(format!("  {} {}: {what}", hook.table(), hook.key_name()));
        }
    }
}

/// The capture table, as the capture script filled it: which landing heights (rows)
/// capture which defender heights (columns), away from and at home.
fn describe_captures(rules: &Rules, line: &mut dyn FnMut(String)) {
    let h = rules.max_height;
    if !(1..=h).any(|a| (1..=h).any(|d| rules.capture.captures(a, d, false))) {
        line("landings never capture".into());
        return;
    }
    line("landing captures (rows: landing height; columns: defender height; away | home):".into());
    for a in 1..=h {
        let row = |home: bool| -> String {
            (1..=h)
                .map(|d| {
                    if rules.capture.captures(a, d, home) {
                        'x'
                    } else {
                        '.'
                    }
                })
                .collect()
        };
        line(format!("  {a}: {} | {}", row(false), row(true)));
    }
}

/// Who receives a piece on the junctions a placement creates, in words.
fn placement_pieces(rules: &Rules) -> String {
    let placement = rules.placement;
    if !placement.gives_pieces() {
        return "no pieces on new junctions".into();
    }
    if placement == PlacementRule::OWNERS_SUPPLY {
        return "each new junction receives a piece from its owner's supply".into();
    }
    let letter = |p: PlayerId| rules.player_letter(p);
    let mut cases = Vec::new();
    for owner in 0..2u8 {
        let mut by_placer = Vec::new();
        for placer in 0..2u8 {
            let who = match placement.receiver[owner as usize][placer as usize] {
                Some(p) => format!("{}'s piece", letter(p)),
                None => "none".into(),
            };
            by_placer.push(format!("{who} when {} places", letter(placer)));
        }
        cases.push(format!(
            "a new junction of {}'s colour gets {}",
            letter(owner),
            by_placer.join(", ")
        ));
    }
    format!("from the supply, {}", cases.join("; "))
}
