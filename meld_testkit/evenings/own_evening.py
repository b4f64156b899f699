"""A player opens their own evening (their private link): its total is their number's in the
standings the model counts, and each round's "after this round" the standings through that
round."""

import re

from hypothesis import note
from hypothesis import strategies as st

from meld_testkit.evenings.pad import numbers
from meld_testkit.evenings.stage import Stage, one_of
from meld_testkit.model import screens

TOTAL = re.compile(r'<dd class="big-number total">(.*?)</dd>', re.S)
ROUND = re.compile(r'id="round-(\d+)".*?<p class="round-score">(.*?)</p>', re.S)
TAG = re.compile(r"<[^>]+>")


class OwnEveningRules(Stage):
    def a_player_opens_their_evening(self, data: st.DataObject) -> None:
        player = one_of(data, sorted(self.model.players.values(), key=lambda p: p.id))
        note(f"player {player.number} ({player.name}) opens their own evening")
        html = self.club.own_evening(player.id)
        where = f"{player.name}'s own evening"
        expected = screens.standings(self.model)[player.number]
        shown = TOTAL.search(html)
        if shown is None:  # no round counted for them yet
            assert not expected, f"{where} shows no total, the model {expected}"
        else:
            total = numbers(TAG.sub(" ", shown.group(1)))
            assert total == [expected], f"{where} shows {total}, the model {expected}"
        for number, said in ROUND.findall(html):
            running = numbers(TAG.sub(" ", said))[-1]
            counted = screens.standings(self.model, through=int(number))[player.number]
            assert running == counted, (
                f"{where}: after round {number} {running}, the model {counted}"
            )
