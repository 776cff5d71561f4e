# Sourced by the side-by-side scripts: `calcudoku_binary REPO` sets CALCUDOKU to the release
# binary of the checkout at REPO, built first (in CARGO_TARGET_DIR when set), unless CALCUDOKU
# already names a binary to time instead.
calcudoku_binary() {
  local repo="$1"
  if [ -z "${CALCUDOKU:-}" ]; then
    (cd "$repo" && cargo build --release --quiet -p calcudoku-cli)
    CALCUDOKU="${CARGO_TARGET_DIR:-$repo/target}/release/calcudoku"
  fi
}
