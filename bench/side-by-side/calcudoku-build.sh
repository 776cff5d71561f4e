# Sourced by the side-by-side scripts: `calcudoku_binary REPO` sets CALCUDOKU to the program
# the project ships, built first by `cargo xtask dist` in the checkout at REPO (in
# CARGO_TARGET_DIR when set): a release build, linked statically on Linux with glibc. Unless
# CALCUDOKU already names a binary to time instead (a plain `cargo build --release` one, say,
# to see what the dynamic loader costs).
calcudoku_binary() {
  local repo="$1"
  if [ -z "${CALCUDOKU:-}" ]; then
    CALCUDOKU="$(cd "$repo" && cargo xtask dist)"
  fi
}
