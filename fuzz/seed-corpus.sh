#!/usr/bin/env bash
# Writes the seed corpora of the fuzz targets (fuzz/corpus/<target>/) from the project's
# fixtures: position fixtures and perft tables, openings, the turns listed in them, game
# records, and the variant folders. Run from the project folder after
# `cargo build --release`; the corpora are committed, so this is needed only to refresh
# them after the fixtures change.
set -euo pipefail

bin=./target/release/variant-run
out=fuzz/corpus
rm -rf "$out"
mkdir -p "$out"/{position_square,position_hex,position_patch,turn_server,turn_boardspace,record,variant,options,script,output_path,serve_names}

n=0
seed() { # target, text (written without a final newline)
    n=$((n + 1))
    printf '%s' "$2" >"$out/$1/seed-$(printf '%04d' "$n")"
}

seed_turn() { # target, position byte (octal escape), text
    n=$((n + 1))
    { printf "$2"; printf '%s' "$3"; } >"$out/$1/seed-$(printf '%04d' "$n")"
}

positions_of() { # ruleset: every position text of its fixtures and perft table
    grep -hs '^position ' "variants/$1/positions/"*.pos "variants/$1/perft/"*.perft | sed 's/^position //'
}

# Position texts: fixtures, perft tables, openings at several sizes.
while read -r p; do seed position_square "$p"; done < <(positions_of truchet-browne)
for size in 3 5 7; do
    for s in 1 2; do seed position_square "$($bin truchet-browne position --size $size --seed $s)"; done
done
# Kinds, pieces in hand and counters (examples/designs/browne-king, -drops, -flip-limit).
seed position_square "$($bin examples/designs/browne-king position)"
seed position_square "rrr/rrr/rrr .o../.o../..x2./x... o 4 supply:o=1,x=2"
seed position_square "rrr/rrr/rrr .o../..../.x../x... x flips:o=2,x=3"
while read -r p; do seed position_hex "$p"; done < <(positions_of truchet-hex)
for size in 2 4; do seed position_hex "$($bin truchet-hex position --size $size)"; done
seed position_hex "$($bin truchet-hex position --size 2 --tiles trugo)"
while read -r p; do seed position_patch "$p"; done < <(positions_of trugo)
seed position_patch "- - 36 o=25,x=25 o"

# Turn texts: the first byte picks the position of the target's bench (0: the opening of
# seed 1), the rest is the text; a sample of each listing.
while read -r t; do seed_turn turn_server '\000' "$t"; done < <($bin truchet-browne moves --seed 1 | awk 'NR % 20 == 1')
while read -r t; do seed_turn turn_server '\001' "$t"; done < <($bin truchet-browne moves --seed 2 | awk 'NR % 40 == 1')
seed_turn turn_server '\000' "a1-c3;c3,c5-c4"
seed_turn turn_server '\000' "b4-2xa4,b3"
while read -r t; do seed_turn turn_boardspace '\000' "$t"; done < <($bin truchet-boardspace moves --notation boardspace --seed 1 | awk 'NR % 20 == 1')

# Game records: short games of every ruleset, in both notations.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
record() { # name, options...
    local name=$1
    shift
    $bin "$@" --record "$tmp/$name" >/dev/null
    seed record "$(cat "$tmp/$name")"
}
record browne truchet-browne --size 5 --seed 3 --max-turns 30
record browne-layout truchet-browne --size 3 --layout random --seed 4
record boardspace truchet-boardspace --seed 2 --notation boardspace --max-turns 20
record hex truchet-hex --size 2 --seed 5 --max-turns 30
record trugo trugo --param pool=8 --seed 4 --max-turns 40

# Rulesets: variant.toml, then each script after a `%%% <path>` line.
variant_seed() { # folder
    local dir=$1 text file
    text=$(cat "$dir/variant.toml")
    while read -r file; do
        text+=$'\n'"%%% ${file#"$dir"/}"$'\n'"$(cat "$file")"
    done < <(find "$dir" -name '*.rhai' | sort)
    seed variant "$text"
}
for dir in variants/* tests/fixtures/designer/*; do variant_seed "$dir"; done
for dir in tests/fixtures/broken/{capture-syntax,end-bad-result,import-cycle,turn-height-out-of-range,layout-key-typo,players-bad-expression}; do
    variant_seed "$dir"
done

# Options a record keeps: the first byte picks the option (0: --param
# draw_after_quiet_turns=, 1: --param, 2: --layout, 3: --game-id, 4: --tiles,
# 5: --notation, 6: --position), the rest is its value; hostile values among them.
option() { seed_turn options "$1" "$2"; }
option '\000' '7'
option '\000' $'7\nfoo = 1'
option '\000' '"seven"'
option '\000' '[1, [2, [3]]]'
option '\000' "'it''s'"
option '\001' 'draw_after_quiet_turns=0'
option '\001' $'x=\u202e1'
option '\001' 'a b=c'
option '\001' "q='\"'"
option '\002' 'rrr/lrr/rrr'
option '\002' $' rrr/lrr/rrr\n'
option '\002' $'rrr/\nrrr/rrr'
option '\003' "it's \\ \"here\""
option '\003' $'\e[2J'
option '\004' 'trugo'
option '\004' $'x\u2028y'
option '\005' 'boardspace'
option '\005' '$(rm -rf)'
option '\006' 'rrr/rrr/rrr o.o./.o.o/..../x.x. x'
option '\006' $'rrr/rrr/rrr o.o./.o.o/..../x.x. x\nstart x'

# Scripts: each byte chooses a production of the grammar in fuzz/src/lib.rs (statement,
# then expression); these pick closures, curried chains, recursion, nesting, blobs,
# `sleep` and the clock.
grammar() { seed_turn script "$1" ""; }
grammar ''
grammar '\003\000\006\007\006\007\010'
grammar '\010\004\007\004\006\000'
grammar '\000\006\000\007\000\006'
grammar '\002\002\002\002\002\002'
grammar '\005\004\006\000\004\004\004'
grammar '\000\020\010'
grammar '\000\021'
grammar '\004\000\002\006\000\003'
grammar '\000\013'
grammar '\000\014'
grammar '\011\000\006\007\006\007\006\007\006\007\006\007'
grammar '\000\005\000'
grammar '\004\010\000\011\000\022\004'
grammar '\001\002\015\007\003\014'

# Output paths: a count of entries, then for each its name (0 a, 1 b, 2 c, 3 d, 4 d/e,
# 5 .h), kind (0-1 file, 2 relative link, 3 absolute link, 4 pipe, 5 device, 6 folder,
# 7 socket) and what a link points at; then the name written, the lines, and how (0
# whole, 1 line by line, 2 at the end). Named for what they set up.
paths() { printf "$2" >"$out/output_path/$1"; }
paths nothing-there '\000\000\003\000'
paths file '\001\000\000\000\000\003\000'
paths pipe '\001\000\004\000\000\003\000'
paths pipe-line-by-line '\001\000\004\000\000\004\001'
paths device '\001\000\005\000\000\002\000'
paths link-to-file '\002\000\000\000\001\002\000\001\003\000'
paths chain-to-pipe '\003\000\004\000\001\002\000\002\002\001\002\003\002'
paths loop '\002\000\002\001\001\002\000\000\001\000'
paths self-loop '\001\000\002\000\000\001\000'
paths folder '\001\003\006\000\003\001\000'
paths link-to-folder '\002\003\006\000\000\002\003\000\001\000'
paths socket '\001\000\007\000\000\001\000'
paths dangling-link '\001\000\003\002\000\002\002'
paths link-out-of-a-folder '\003\000\000\000\003\006\000\004\002\000\004\002\001'
paths hidden '\001\005\000\000\005\001\000'

# The server's names: the first byte picks the address a connection came in on (see
# LOCAL in fuzz/src/serve_names.rs), then the Host, a newline and the Origin.
names() { { printf "$2"; printf '%s' "$3"; } >"$out/serve_names/$1"; }
names own '\000' $'127.0.0.1:8787\nhttp://127.0.0.1:8787'
names rebinding '\000' $'evil.example:8787\nhttp://evil.example:8787'
names localhost-page '\001' $'192.0.2.2:8787\nhttp://localhost:8787'
names v6 '\002' $'[::1]:8787\nhttp://[::1]:8787'
names v6-uppercase-https '\003' $'[FD00:0::2]:8787\nhttps://[fd00::2]:8787'
names mapped-null '\004' $'127.0.0.1:8787\nnull'
names mapped-other '\005' $'192.0.2.2:41000\nhttp://192.0.2.2:41000'
names port-80 '\006' $'127.0.0.1\nhttp://127.0.0.1'
names port-80-v6 '\007' $'[fd00::2]\nhttp://[fd00::2]:80'
names leading-zero '\000' $'127.0.0.1:08787\n'
names upper-localhost '\000' $'LOCALHOST:8787\nhttp://LocalHost:8787'
names octet-zero '\001' $'192.0.2.02:8787\n'
names suffix '\000' $'127.0.0.1:8787.evil.example\n'

find "$out" -type f | wc -l
