#!/usr/bin/env python3
"""Licence check of every crate the workspace builds (the role of `cargo deny check licenses`).

Reads `cargo metadata` and fails when a dependency's licence expression has no permitted
alternative, or names any GPL-family licence as its only choice (the project is MIT OR
Apache-2.0 and takes no copyleft code: the AGPL `sudoku` crate, for one, must never appear).
"""
import json
import re
import subprocess
import sys

ALLOWED = {
    "MIT", "MIT-0", "Apache-2.0", "Apache-2.0 WITH LLVM-exception", "BSD-2-Clause",
    "BSD-3-Clause", "ISC", "Zlib", "Unicode-3.0", "Unicode-DFS-2016", "CC0-1.0", "BSL-1.0",
    "0BSD", "Unlicense", "OFL-1.1", "MPL-2.0", "bzip2-1.0.6", "CDLA-Permissive-2.0",
}
FORBIDDEN_CRATES = {"sudoku"}


def permitted(expr: str) -> bool:
    """True when some alternative of an SPDX expression (OR of AND-terms) is all allowed."""
    expr = expr.replace("/", " OR ")
    for alternative in re.split(r"\s+OR\s+", expr):
        terms = [t.strip(" ()") for t in re.split(r"\s+AND\s+", alternative)]
        if all(t in ALLOWED for t in terms):
            return True
    return False


def main() -> int:
    # The rule itself, checked first: a copyleft-only expression never passes.
    assert permitted("MIT OR Apache-2.0") and permitted("(MIT OR Apache-2.0) AND Unicode-3.0")
    assert not permitted("GPL-3.0-or-later") and not permitted("AGPL-3.0")
    assert not permitted("MIT AND LGPL-2.1") and permitted("MIT OR LGPL-2.1-or-later")
    meta = json.loads(subprocess.check_output(
        ["cargo", "metadata", "--format-version", "1", "--locked"]))
    workspace = set(meta["workspace_members"])
    bad = []
    for pkg in meta["packages"]:
        if pkg["id"] in workspace:
            continue
        name, lic = pkg["name"], pkg.get("license") or ""
        if name in FORBIDDEN_CRATES:
            bad.append(f"{name} {pkg['version']}: forbidden crate")
        elif not lic:
            bad.append(f"{name} {pkg['version']}: no licence declared")
        elif not permitted(lic):
            bad.append(f"{name} {pkg['version']}: {lic}")
    if bad:
        print("licence check failed:", *bad, sep="\n  ", file=sys.stderr)
        return 1
    print(f"licences ok: {len(meta['packages']) - len(workspace)} dependencies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
