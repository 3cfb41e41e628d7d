//! The project's integration tests, one binary: every module is one concern (the
//! command line, records, matches, the sandbox, the rulesets' own fixtures). One binary
//! builds and links once, which keeps a fresh clone's first test run short, and lets
//! `rule_change` run the whole suite again on a copy of the project (in `.ci/run`).

/// As in the program: scripts stop at their memory budget only where memory is counted.
#[global_allocator]
static ALLOCATOR: variant_run::memory::CountingAllocator = variant_run::memory::CountingAllocator;

mod bench;
mod big_listings;
mod board_api;
mod boardspace_layouts;
mod boardspace_notation;
mod boardspace_rules;
mod browne_game;
mod check;
mod cli;
mod click_names;
mod common;
mod criteria;
mod designer_flow;
mod designs;
mod doc_commands;
mod errors;
mod fixtures;
mod fuzz_properties;
mod goal_players;
mod hex_ruleset;
mod hex_walkthrough;
mod hostile_input;
mod hostile_soak;
mod inheritance;
mod interval_methods;
mod invariants;
mod ludii_definitions;
mod matches;
mod mcts;
mod output_files;
mod output_paths;
mod parallel;
mod perft_counts;
mod random_games;
mod record_reports;
mod records;
mod reference_agrees;
mod remembered_rules;
mod rule_change;
mod sandbox;
mod scripting_reference;
mod serve;
mod serve_flood;
mod serve_guard;
mod serve_seats;
mod shards;
mod square_patch;
mod structure;
mod svg;
mod tall_stacks;
mod terminal;
mod trugo_game;
mod trugo_texts;
mod work_limits;
