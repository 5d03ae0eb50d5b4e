"""One word for one idea (issue 65, point 4), in the English sources and
the Dutch translation as shipped: the five-in-a-row pieces are balls, as
the original calls them and the help, the shortcuts and the Dutch legend
say; a switch that shows something is named for what it shows, not for
jargon; Dutch names such switches "… tonen", never the imperative "Toon".
The computer is "the computer" on every page (tic-tac-toe's said "I"), the
person is "you" (the tile game called them by the seed's name Femke), and
the opponents have one spelling in the menu, the sidebar and Practice."""

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

    def test_the_computer_is_the_computer_and_the_person_you(self):
        first_person = [i for i, _ in entries("match5.pot") if re.search(r"(?<!\+)\bI\b", i)]
        self.assertEqual(first_person, [], "the computer speaking as I")
        dutch = [s for _, s in entries("nl.po") if re.search(r"\b(ik|mijn)\b", s, re.I)]
        self.assertEqual(dutch, [], "the computer speaking as ik")
        named = [i for i, _ in entries("match5.pot") if re.search(r"Your turn, ", i)]
        self.assertEqual(named, [], "the person called by a player's name")
        # The tile page speaks to the person as "you" for every line it says.
        for said in ("Your turn: choose a bowl and a colour.", "Your rows of : .",
                     "You took  yellow tile of bowl  into row ."):
            self.assertTrue(said in {i for i, _ in entries("match5.pot")}, said)

    def test_the_end_of_a_game_gives_no_depth_beside_the_level(self):
        # "a new pattern of depth 1" beside "level 1" read as two scales of
        # one thing; the depth stays in the pattern viewer.
        said = [i for i, _ in entries("match5.pot") if i.startswith("It learned a new pattern")]
        self.assertTrue(said)
        self.assertEqual([i for i in said if "depth" in i], [])

    def test_one_spelling_for_each_opponent(self):
        english = {i for i, _ in entries("match5.pot")}
        self.assertIn("The Computer", english)
        self.assertIn("Another Person", english)
        for other in ("The computer", "Another person", "The opponent", "By turns"):
            self.assertFalse(other in english, f"a second spelling of one choice: {other}")


if __name__ == "__main__":
    unittest.main()
