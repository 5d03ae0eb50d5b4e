"""One word for one idea (issue 65, point 4), in the English sources and
the Dutch translation as shipped: the five-in-a-row pieces are balls, as
the original calls them and the help, the shortcuts and the Dutch legend
say; a switch that shows something is named for what it shows, not for
jargon; Dutch names such switches "… tonen", never the imperative "Toon"."""

import os
import re
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def entries(po):
    """(msgid, msgstr) of every entry in use (not the obsolete #~ ones)."""
    with open(os.path.join(ROOT, "po", po), encoding="utf-8") as f:
        text = f.read()
    found = []
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#")]
        joined = "\n".join(lines)
        mid = re.search(r'^msgid ((?:".*"\n?)+)', joined, re.M)
        mstr = re.search(r'^msgstr(?:\[0\])? ((?:".*"\n?)+)', joined, re.M)
        if mid:
            found.append(("".join(re.findall(r'"(.*)"', mid.group(1))),
                          "".join(re.findall(r'"(.*)"', mstr.group(1))) if mstr else ""))
    # Placeholders ({stones}) are names in the code, not words shown.
    words = lambda t: re.sub(r"\{\w+\}", "", t)
    return [(words(i), words(s)) for i, s in found if i]


class OneWordForOneIdea(unittest.TestCase):
    def test_the_pieces_of_five_in_a_row_are_balls(self):
        english = [i for i, _ in entries("match5.pot") if re.search(r"\bstones?\b", i, re.I)]
        self.assertEqual(english, [], "English strings that say stone")
        self.assertTrue(any(re.search(r"\bballs?\b", i) for i, _ in entries("match5.pot")))
        dutch = [s for _, s in entries("nl.po") if re.search(r"\bste(en|nen)\b", s, re.I)]
        self.assertEqual(dutch, [], "Dutch strings that say steen")

    def test_no_jargon_for_what_the_computer_learns(self):
        self.assertEqual([i for i, _ in entries("match5.pot") if re.search(r"mutation", i, re.I)], [])
        self.assertEqual([s for _, s in entries("nl.po") if re.search(r"mutatie", s, re.I)], [])

    def test_dutch_names_a_switch_that_shows_with_tonen(self):
        imperative = [(i, s) for i, s in entries("nl.po") if re.match(r"_?Toon\b", s)]
        self.assertEqual(imperative, [])
        shows = {i: s for i, s in entries("nl.po") if re.fullmatch(r"Show [A-Z][\w ]*", i.replace("_", ""))}
        self.assertGreaterEqual(len(shows), 4, shows)
        for english, dutch in shows.items():
            self.assertRegex(dutch.replace("_", ""), r"(^Tonen |tonen$)", english)


if __name__ == "__main__":
    unittest.main()
