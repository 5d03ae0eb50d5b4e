#!/usr/bin/env python3
"""The store listing meets Flathub's quality guidelines, in every language
it is translated to: a summary of at most 35 characters that neither ends
with a full stop nor starts with an article, a description of at most 10
list items, short screenshot captions without a full stop, screenshots of
at most 1000×700 (a light default and a dark one), the gettext domain that
translates it, and a release for this version (About shows its notes as
What's New).

Run by `meson test` with the merged listing, the folder of screenshots and
the project's version."""

import os
import struct
import sys
import xml.etree.ElementTree as ET

LANG = "{http://www.w3.org/XML/1998/namespace}lang"
MOST_SUMMARY = 35
MOST_ITEMS = 10
MOST_CAPTION = 60
MOST_SIZE = (1000, 700)
ARTICLES = ("a ", "an ", "the ", "de ", "het ", "een ")


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def by_language(elements):
    """Each element's text by its language ("" for English)."""
    return {e.get(LANG, ""): "".join(e.itertext()).strip() for e in elements}


def short_line(where, text, most):
    """What is wrong with a summary or caption: over `most` characters, or
    ending with a full stop."""
    problems = []
    if len(text) > most:
        problems.append(f"{where}: {len(text)} characters, at most {most}")
    if text.endswith("."):
        problems.append(f"{where}: ends with a full stop")
    return problems


def main(listing, screenshots, version):
    root = ET.parse(listing).getroot()
    problems = []
    for lang, summary in by_language(root.findall("summary")).items():
        where = f"summary [{lang or 'en'}] “{summary}”"
        problems += short_line(where, summary, MOST_SUMMARY)
        if summary.lower().startswith(ARTICLES):
            problems.append(f"{where}: starts with an article")
    description = root.find("description")
    items = {}
    for li in description.iter("li"):
        lang = li.get(LANG, "")
        items[lang] = items.get(lang, 0) + 1
    for lang, n in items.items():
        if n > MOST_ITEMS:
            problems.append(f"description [{lang or 'en'}]: {n} list items, at most {MOST_ITEMS}")
    shots = root.find("screenshots").findall("screenshot")
    if not shots or shots[0].get("type") != "default":
        problems.append("the first screenshot is not the default one")
    names = []
    for shot in shots:
        for lang, caption in by_language(shot.findall("caption")).items():
            problems += short_line(f"caption [{lang or 'en'}] “{caption}”", caption, MOST_CAPTION)
        name = shot.find("image").text.strip().rsplit("/", 1)[1]
        names.append(name)
        path = os.path.join(screenshots, name)
        if not os.path.exists(path):
            problems.append(f"{name}: not in {screenshots}")
            continue
        w, h = png_size(path)
        if w > MOST_SIZE[0] or h > MOST_SIZE[1]:
            problems.append(f"{name}: {w}×{h}, at most {MOST_SIZE[0]}×{MOST_SIZE[1]}")
    if "dark" in names[0] or not any("dark" in n for n in names):
        problems.append(f"a light default screenshot and a dark one: {names}")
    translation = root.find("translation")
    if translation is None or translation.get("type") != "gettext" or translation.text != "match5":
        problems.append("no <translation type=\"gettext\">match5</translation>")
    releases = [r.get("version") for r in root.find("releases").findall("release")]
    if version not in releases:
        problems.append(f"no release {version} for About's What's New: {releases}")
    for p in problems:
        print(p)
    print(f"{len(shots)} screenshots, {len(items)} languages, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
