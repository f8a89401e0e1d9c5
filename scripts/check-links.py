#!/usr/bin/env python3
"""Check the relative links of the README and the docs.

    scripts/check-links.py [FILE.md ...]

Without arguments: README.md and every .md file under docs/. For each Markdown link or image
whose target is relative (not http:, https:, mailto:), checks that the file or folder exists
inside the repository and, for a #fragment into a Markdown file, that the file has a heading of
that anchor (GitHub's rule: lower case, punctuation dropped, spaces as dashes). Links inside code
blocks and code spans are skipped. Also fails on a target outside the repository or an absolute
path. Prints one line per problem; exit status 0 when there is none, 1 otherwise.
Standard library only.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"`[^`]*`")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links: their text
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def prose_lines(path):
    """(line number, text) of the lines outside fenced code blocks."""
    inside = False
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if FENCE.match(line):
                inside = not inside
                continue
            if not inside:
                yield number, line


def anchors(path, cache={}):
    if path not in cache:
        seen = {}
        found = set()
        for _, line in prose_lines(path):
            match = HEADING.match(line)
            if not match:
                continue
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def check(path):
    problems = []
    where = os.path.relpath(path, ROOT)
    for number, line in prose_lines(path):
        for match in LINK.finditer(CODE_SPAN.sub("", line)):
            target = match.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # http:, https:, mailto:
            if target.startswith("/"):
                problems.append(f"{where}:{number}: {target}: an absolute path")
                continue
            file_part, _, fragment = target.partition("#")
            resolved = (os.path.normpath(os.path.join(os.path.dirname(path), file_part))
                        if file_part else path)
            if os.path.commonpath([resolved, ROOT]) != ROOT:
                problems.append(f"{where}:{number}: {target}: outside the repository")
            elif not os.path.exists(resolved):
                problems.append(f"{where}:{number}: {target}: no such file")
            elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
                problems.append(f"{where}:{number}: {target}: no heading #{fragment} in "
                                f"{os.path.relpath(resolved, ROOT)}")
    return problems


def main(argv):
    if argv:
        files = [os.path.abspath(name) for name in argv]
    else:
        files = [os.path.join(ROOT, "README.md")]
        for folder, _, names in sorted(os.walk(os.path.join(ROOT, "docs"))):
            files += [os.path.join(folder, name) for name in sorted(names) if name.endswith(".md")]
    problems = []
    for path in files:
        problems += check(path)
    for problem in problems:
        print(problem)
    print(f"check-links: {len(files)} files, {len(problems)} broken links", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
