# Sourced by keen-grade.sh and keen-generate.sh: `build_keen SRC WORK DRIVER` copies a checkout
# of Simon Tatham's puzzles (SRC) into WORK and builds DRIVER (a file of this folder, e.g.
# keen_grade_driver.c) against Keen's code there, as WORK/keen-driver. Nothing of Keen enters
# this repository.
build_keen() {
  local src="$1" work="$2" driver="$3" here
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  cp "$src"/*.c "$src"/*.h "$work"/
  # Some forks declare the colour-preset enum in a way only MSVC accepts; name it for gcc.
  # (An Android fork also names an arrow-keys mode that only its own build defines: see gcc below.)
  perl -0pi -e 's/enum \{(\s*COLOURPRESET_ENTRY,\s*COLOURPRESET_PENCIL,\s*)\} colourpreset_type;/enum colourpreset_type {$1};/' "$work/puzzles.h"
  cp "$here/$driver" "$here/keen_stubs.c" "$work/"
  local support=""
  for f in latin.c malloc.c misc.c dsf.c tree234.c random.c drawing.c matching.c maxflow.c; do
    [ -f "$work/$f" ] && support="$support $work/$f"
  done
  # Linked statically, as `cargo xtask dist` links calcudoku, so that timings of whole
  # processes compare the programs, not their dynamic loaders.
  # shellcheck disable=SC2086
  gcc -O2 -static-pie -DSTANDALONE_SOLVER -DANDROID_ARROWS_LEFT=2 -I"$work" -o "$work/keen-driver" "$work/$driver" \
    "$work/keen_stubs.c" $support -lm
}
