"""The card table scene as its helpers see it (mouse, keyboard, painting, advisor, commands,
post-mortem, cascade): what they may use of it, and no more.

The helpers are typed against `CardTable` rather than the scene class, so none of them
imports the scene that imports them. The table's own helpers (advisor, keyboard, mouse) stay
loosely typed here for the same reason.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.engine.scene import SceneStack
from game.engine.tween import TweenManager
from game.scenes.context import Context
from game.scenes.table.game import TableGame
from game.scenes.table.session import Session
from game.scenes.table.view import CardView
from game.scenes.tabletop.toolbar import Toolbar


class CardTable(Protocol):
    context: Context
    game: TableGame
    session: Session
    view: CardView
    toolbar: Toolbar
    tweens: TweenManager
    stack: SceneStack | None
    dirty: bool
    hint: Any | None  # a suggested move, glowing for a moment
    advisor: Any  # advisor.TableAdvisor
    keyboard: Any  # keyboard.TableKeyboard
    mouse: Any  # mouse.TableMouse

    @property
    def automatic_pending(self) -> bool: ...

    def play(self, move: Any, *, automatic: bool = False) -> bool: ...
    def choose(self, moves: list) -> None: ...
    def undo(self) -> None: ...
    def take_back(self) -> None: ...
    def point_out(self, move: Any | None, seconds: float = ...) -> None: ...
    def start_session(self, session: Session, *, deal: bool = True) -> None: ...
    def save(self) -> None: ...
    def leave(self) -> None: ...
    def show_notices(self) -> None: ...
    def refresh_look(self, *, force: bool = False) -> None: ...
    def wake_automatic(self) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...

