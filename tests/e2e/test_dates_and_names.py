"""What a player sees is their own: a game's date is the day in their time
zone, not in UTC, and a name is shown as typed, even one that looks like
a placeholder of the app's sentences."""

import datetime
import re
import unittest
import zoneinfo

import scripted
from dbus_client import NAME, Remote
from flood import FIVE
from harness import AppTest, wait_for


def zone_on_another_day():
    """A time zone whose date differs from UTC's right now: UTC+14 from
    10:00 UTC on, UTC-11 before 11:00 UTC."""
    now = datetime.datetime.now(datetime.timezone.utc)
    for tz in ("Pacific/Kiritimati", "Pacific/Pago_Pago"):
        if datetime.datetime.now(zoneinfo.ZoneInfo(tz)).date() != now.date():
            return tz
    raise AssertionError("one of the two zones is always on another day")


class DatesAndNames(AppTest):
    def test_a_game_is_dated_in_the_players_time_zone(self):
        tz = zone_on_another_day()
        app = self.start(settings={"last_page": "five"}, env={"TZ": tz})
        wait_for(lambda: Remote(*FIVE).has_owner(NAME), message="the control name on the bus")
        r = scripted.five_in_a_row(self, player="Tester")
        path, _ = r.call("SaveKnowledge")
        local = datetime.datetime.now(zoneinfo.ZoneInfo(tz)).date().isoformat()
        with open(path) as f:
            dates = re.findall(r'"\d+ (?:won|lost|drawn) \d+ (\d{4}-\d\d-\d\d)', f.read())
        self.assertTrue(dates, "the games are in the history")
        self.assertEqual(set(dates), {local}, f"dated in {tz}")

    def test_a_name_like_a_placeholder_is_shown_as_typed(self):
        app = self.start(settings={"last_page": "five"})
        wait_for(lambda: Remote(*FIVE).has_owner(NAME), message="the control name on the bus")
        scripted.five_in_a_row(self, player="{level}")
        app.quit()
        words = wait_for(lambda: app.find("label", lambda n: n.startswith("The computer learned 1 pattern")),
                         message="the save question")
        self.assertIn("learned 1 pattern from {level}’s games since {level}’s knowledge was last saved", words.name)
        app.key("Escape")


if __name__ == "__main__":
    unittest.main()
