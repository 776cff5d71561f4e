# Sourced by the Towers and Unequal side-by-side scripts: `build_tatham SRC WORK GAME` copies a
# checkout of Simon Tatham's puzzles (SRC) into WORK and builds tatham_latin_driver.c against
# GAME's code there (towers or unequal), as WORK/GAME-driver. Nothing of the puzzles enters
# this repository.
build_tatham() {
  local src="$1" work="$2" game="$3" here flag
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  cp "$src"/*.c "$src"/*.h "$work"/
  # A fork for Android names an arrow-keys mode that only its own header defines.
  perl -0pi -e 's/enum \{(\s*COLOURPRESET_ENTRY,\s*COLOURPRESET_PENCIL,\s*)\} colourpreset_type;/enum colourpreset_type {$1};/' "$work/puzzles.h"
  cp "$here/tatham_latin_driver.c" "$here/keen_stubs.c" "$work/"
  flag="-DGAME_$(echo "$game" | tr '[:lower:]' '[:upper:]')"
  local support=""
  for f in latin.c malloc.c misc.c dsf.c tree234.c random.c drawing.c matching.c maxflow.c; do
    [ -f "$work/$f" ] && support="$support $work/$f"
  done
  # shellcheck disable=SC2086
  gcc -O2 -static-pie -DSTANDALONE_SOLVER -DANDROID_ARROWS_LEFT=2 $flag -I"$work" -o "$work/$game-driver" \
    "$work/tatham_latin_driver.c" "$work/keen_stubs.c" $support -lm
}
