# Sourced: `build_solo SRC WORK` copies a checkout of Simon Tatham's puzzles (SRC) into WORK and
# builds there, against Solo's code, WORK/solo-solve (solo_solve_driver.c, with
# -DSTANDALONE_SOLVER: Solo's solver and its level words) and WORK/solo-generate
# (solo_generate_driver.c, without that flag: Solo's generator asserts under it). Nothing of
# Solo enters this repository.
build_solo() {
  local src="$1" work="$2" here
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  cp "$src"/*.c "$src"/*.h "$work"/
  # Some forks declare the colour-preset enum in a way only MSVC accepts; name it for gcc.
  perl -0pi -e 's/enum \{(\s*COLOURPRESET_ENTRY,\s*COLOURPRESET_PENCIL,\s*)\} colourpreset_type;/enum colourpreset_type {$1};/' "$work/puzzles.h"
  cp "$here/solo_solve_driver.c" "$here/solo_generate_driver.c" "$here/keen_stubs.c" "$work/"
  local support=""
  for f in malloc.c misc.c dsf.c tree234.c random.c drawing.c divvy.c; do
    [ -f "$work/$f" ] && support="$support $work/$f"
  done
  # (The Android fork names its arrow modes only under ANDROID.)
  # shellcheck disable=SC2086
  gcc -O2 -static-pie -DANDROID_ARROWS_LEFT=2 -DSTANDALONE_SOLVER -I"$work" \
    -o "$work/solo-solve" "$work/solo_solve_driver.c" "$work/keen_stubs.c" $support -lm
  # shellcheck disable=SC2086
  gcc -O2 -static-pie -DANDROID_ARROWS_LEFT=2 -I"$work" \
    -o "$work/solo-generate" "$work/solo_generate_driver.c" "$work/keen_stubs.c" $support -lm
}
