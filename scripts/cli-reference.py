#!/usr/bin/env python3
"""Refresh the --help blocks of docs/cli.md from a built tangram, or check that they are current.

    scripts/cli-reference.py build/tangram            rewrite the blocks in place
    scripts/cli-reference.py --check build/tangram    change nothing; exit 1 when a block differs

A block is the text between a line `<!-- help: ARGS -->` and the next `<!-- /help -->`: it
becomes the output of `tangram ARGS --help` in a text code block, the build's source folder
written SOURCE. Standard library only.
"""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "cli.md"
BLOCK = re.compile(r"(<!-- help: ?([^\n]*?) -->\n)(.*?)(<!-- /help -->)", re.S)


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    if len(args) != 1:
        sys.exit(__doc__)
    tangram = args[0]

    def block(match):
        words = match.group(2).split()
        out = subprocess.run([tangram, *words, "--help"], capture_output=True, text=True, check=True)
        # The build's own source folder, which some defaults name, as SOURCE.
        help_text = out.stdout.rstrip("\n").replace(str(ROOT), "SOURCE")
        return match.group(1) + "```text\n" + help_text + "\n```\n" + match.group(4)

    text = DOC.read_text()
    new = BLOCK.sub(block, text)
    if check:
        # Compared word by word: a default that names the source folder wraps by its length.
        if re.sub(r"\s+", " ", new) != re.sub(r"\s+", " ", text):
            print(f"{DOC}: the --help blocks differ from {tangram}: run {sys.argv[0]} {tangram}")
            return 1
        return 0
    DOC.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
