"""The system clipboard, as text: copying never fails loudly, since a missing clipboard (a
headless run, an odd desktop) must not stop a game."""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)


def copy_text(text: str) -> bool:
    """Put `text` on the clipboard; False when there is no clipboard to put it on."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError) as error:
        log.info("the clipboard cannot be written: %s", error)
        return False
    return True


def paste_text() -> str:
    """The text on the clipboard ("" when there is none, or no clipboard)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError) as error:
        log.info("the clipboard cannot be read: %s", error)
        return ""
