"""The Deal # button of every table: the dialog that shows this deal's code to copy and takes
a deal number or a deal code, and what a number or code then opens.

A number, or a code of this table's game, deals here (the code's rules becoming the player's
choice first); a code of another game opens that game's table, this game being saved to
resume as leaving does. Each table says how it deals and how it asks before abandoning a game
that counts; the dialog and the routing are the same for all.

The dialog and the tables' registry are imported inside the functions, as the tables that use
this module are themselves opened through that registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.deal_codes import DealCode, encode
from game.engine.scene import SceneStack
from game.registry import BY_ID
from game.scenes.context import Context

Confirm = Callable[[Callable[[], None]], None]  # runs its argument, asking first if need be


@dataclass(frozen=True)
class DealTable:
    """What a table lends the Deal # dialog: where it stands, its game and this deal."""

    context: Context
    stack: SceneStack
    game_id: str
    first: Any  # the deal's first position, before any move
    confirm: Confirm  # asks before abandoning a game that counts, then runs what follows
    deal: Callable[[int], None]  # deals the deal of this number, abandoning the game at hand
    save: Callable[[], None]  # keeps the game at hand to resume

    @property
    def code(self) -> str:
        """This deal's code: its game, the rules it is played under and its number."""
        rules = BY_ID[self.game_id].rules
        return encode(self.game_id, rules.options(self.first), self.first.seed)


def ask_deal_number(table: DealTable) -> None:
    """Push the Deal # dialog for `table`."""
    from game.scenes.deal_dialog import DealDialog

    table.stack.push(DealDialog(table.code,
                                lambda number: table.confirm(lambda: table.deal(number)),
                                lambda code: open_deal_code(table, code), table.first.seed))


def open_deal_code(table: DealTable, code: DealCode) -> None:
    """Play the deal `code` names, under its rules: at `table` when it is its game's (asking
    first when that abandons a game that counts), else at its own game's table."""
    from game.scenes.deal_dialog import take_rules
    from game.scenes.tables import open_table

    if code.game_id == table.game_id:
        def deal() -> None:
            take_rules(table.context, code)
            table.deal(code.seed)
        table.confirm(deal)
        return
    table.save()
    take_rules(table.context, code)
    table.stack.replace(open_table(table.context, code.game_id, code.seed))
