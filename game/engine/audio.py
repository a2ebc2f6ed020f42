"""Sound effects that never get in the way.

A machine without a sound device (or with a broken one) must still run the
game, so every failure here is logged and turns the audio silent; nothing
raises to the caller.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)

MIXER_FREQUENCY = 44100
MIXER_BUFFER = 512  # small, so a card sound lands with the card
MIXER_CHANNELS = 16  # simultaneous sounds (a deal plays many quickly)

_SIGNED_16 = -16


class Audio:
    """Named sound effects with a master volume and mute."""

    def __init__(self, *, enabled: bool = True, volume: float = 0.8, muted: bool = False) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._volume = 0.0
        self.volume = volume
        self.muted = muted
        self.available = enabled and _start_mixer()

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, volume: float) -> None:
        self._volume = min(1.0, max(0.0, float(volume)))

    def register(self, name: str, sound: pygame.mixer.Sound | None) -> None:
        """Make ``sound`` playable as ``name``; None (a sound that could not be made) is ignored."""
        if sound is not None:
            self._sounds[name] = sound

    def has(self, name: str) -> bool:
        return name in self._sounds

    def play(self, name: str) -> bool:
        """Start a registered sound; True if it is playing."""
        if not self.available or self.muted or self._volume <= 0.0:
            return False
        sound = self._sounds.get(name)
        if sound is None:
            log.debug("no sound registered as %r", name)
            return False
        try:
            channel = sound.play()
            if channel is None:
                return False
            channel.set_volume(self._volume)
        except pygame.error as error:
            log.warning("could not play %r: %s", name, error)
            return False
        return True

    def stop_all(self) -> None:
        if self.available:
            try:
                pygame.mixer.stop()
            except pygame.error as error:
                log.warning("could not stop sounds: %s", error)


def _start_mixer() -> bool:
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(
                frequency=MIXER_FREQUENCY, size=_SIGNED_16, channels=2, buffer=MIXER_BUFFER
            )
        pygame.mixer.set_num_channels(MIXER_CHANNELS)
    except Exception as error:  # any failure at all must leave the game silent, not broken
        log.warning("sound is off: the mixer could not start (%s)", error)
        return False
    return True
