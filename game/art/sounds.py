"""The game's sound effects, synthesised at start-up instead of shipped as files.

Each recipe builds a short float signal from the primitives in `game.art.synth`; `render_all`
finishes them as mono 16-bit PCM and `make_sounds` turns those into `pygame.mixer.Sound`s in
whatever format the running mixer uses. Every recipe is seeded, so a sound is the same on
every run and every machine.
"""

from __future__ import annotations

import logging
from array import array
from collections.abc import Callable
from typing import NamedTuple

import pygame

from game.art.synth import (
    Signal,
    Spectrum,
    attack_decay,
    decay,
    highpass,
    lowpass,
    mix_into,
    multiply,
    noise,
    nyquist_ratio,
    partials,
    period_of,
    periodic,
    phases,
    resonate,
    sample_count,
    silence,
    sweep_lowpass,
    to_pcm,
)

log = logging.getLogger(__name__)

# Pitches (Hz) the tonal sounds are tuned near; spectra are (partial ratio, gain).
C5, G6 = 523.25, 1567.98
WARM = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.15), (4.0, 0.05))  # soft, rounded harmonic tone
BRASSY = ((1, 1.0), (2, 0.5), (3, 0.28), (4, 0.14), (5, 0.06))  # fanfare voice
WOOD = ((1.0, 1.0), (2.76, 0.3), (5.40, 0.08))  # modes of a struck bar: a tock, not a note
GLASS = ((1.0, 1.0), (2.7, 0.4))
CHIME = ((1, 1.0), (2, 0.22), (3, 0.07))
SPARKLE = ((1, 1.0), (2, 0.1))
CHORD = ((4, 0.4), (5, 0.32), (6, 0.32), (8, 0.45))  # harmonics of a low C: C5 E5 G5 C6


def _swish(rate: int, seconds: float, seed: int, bright: float, rise: float) -> Signal:
    """Noise whose brightness falls as it fades: a card brushing across the cloth."""
    count = sample_count(seconds, rate)
    hiss = noise(count, seed)
    for _ in range(2):  # two poles: a soft brush rather than a hiss
        hiss = sweep_lowpass(hiss, rate, bright, bright / 4.0)
    return multiply(highpass(hiss, rate, 350.0), attack_decay(count, rate, rise, seconds / 4.0))


def _tick(rate: int, seconds: float, seed: int, centre: float, q: float, tau: float) -> Signal:
    """A short ringing tick: noise through a band-pass, dying away within `tau`."""
    count = sample_count(seconds, rate)
    return multiply(resonate(noise(count, seed), rate, centre, q), decay(count, rate, tau))


def _tone(rate: int, seconds: float, hz: float, spectrum: Spectrum, attack: float, tau: float,
          end_hz: float | None = None, glide: float = 0.02) -> Signal:
    count = sample_count(seconds, rate)
    phase = phases(count, rate, hz, end_hz, glide)
    tone = partials(phase, spectrum, nyquist_ratio(rate, hz))
    return multiply(tone, attack_decay(count, rate, attack, tau))


def card_slide(rate: int) -> Signal:
    return _swish(rate, 0.12, seed=11, bright=5200.0, rise=0.035)


def deal(rate: int) -> Signal:
    """A quicker, brighter slide that ends on a faint landing tap."""
    sound = _swish(rate, 0.085, seed=23, bright=7000.0, rise=0.015)
    tap = _tone(rate, 0.02, 240.0, ((1.0, 1.0),), 0.001, 0.006, end_hz=170.0)
    mix_into(sound, tap, sample_count(0.06, rate), gain=0.35)
    return sound


def card_place(rate: int) -> Signal:
    """A soft thock: a falling low thump with a whisper of a tick on top."""
    sound = _tone(rate, 0.06, 160.0, ((1.0, 1.0), (2.3, 0.22)), 0.002, 0.014,
                  end_hz=95.0, glide=0.012)
    mix_into(sound, _tick(rate, 0.01, 5, 2600.0, 0.8, 0.0012), gain=0.35)
    return sound


def card_flip(rate: int) -> Signal:
    """Air as the card turns, then the snap of it landing face over."""
    count = sample_count(0.05, rate)
    sound = multiply(resonate(noise(count, 31), rate, 3200.0, 0.7),
                     attack_decay(count, rate, 0.016, 0.005))
    mix_into(sound, _tick(rate, 0.03, 37, 1900.0, 2.5, 0.004), sample_count(0.016, rate), 1.6)
    return sound


def shuffle(rate: int) -> Signal:
    """A riffle: dozens of tiny card-edge ticks, densest mid-riffle, over a faint brush."""
    count = sample_count(0.6, rate)
    brush = multiply(lowpass(noise(count, 41), rate, 1400.0),
                     attack_decay(count, rate, 0.25, 0.12))
    sound = [0.35 * s for s in brush]
    grains = [_tick(rate, 0.006, 50 + i, hz, 1.4, 0.0012)
              for i, hz in enumerate((2300.0, 2900.0, 3500.0, 4300.0))]
    ticks = 54
    for k in range(ticks):
        u = k / (ticks - 1)
        # Pulling u toward 0.5 bunches ticks mid-riffle, where the cards fall fastest; the
        # fixed jitter and gains keep the ticks from sounding like a machine.
        spread = 0.5 + (u - 0.5) * abs(2.0 * u - 1.0) ** 0.4
        jitter = ((k * 7919) % 13 - 6) * 0.0006
        start = sample_count(0.02 + 0.5 * spread + jitter, rate)
        gain = 0.55 + 0.45 * ((k * 3571) % 17) / 16.0
        mix_into(sound, grains[(k * 5) % len(grains)], start, gain)
    settle = _tone(rate, 0.05, 150.0, ((1.0, 1.0), (2.3, 0.25)), 0.002, 0.012, end_hz=100.0)
    mix_into(sound, settle, sample_count(0.54, rate), gain=0.5)
    return sound


def invalid(rate: int) -> Signal:
    """Two gentle, slightly sagging bonks a minor third apart: 'not there'."""
    sound = silence(sample_count(0.18, rate))
    for start, hz in ((0.0, 233.08), (0.09, 196.0)):
        bonk = _tone(rate, 0.085, hz, WARM, 0.004, 0.028, end_hz=hz * 0.94, glide=0.05)
        mix_into(sound, lowpass(bonk, rate, 1800.0), sample_count(start, rate))
    return sound


def peg_hop(rate: int) -> Signal:
    """A marble tocking on the wooden board, its pitch dropping as it settles."""
    count = sample_count(0.09, rate)
    phase = phases(count, rate, 1150.0, 840.0, glide=0.015)
    below = nyquist_ratio(rate, 1150.0)
    body = multiply(partials(phase, WOOD[:1], below), attack_decay(count, rate, 0.0006, 0.02))
    ring = multiply(partials(phase, WOOD[1:], below), decay(count, rate, 0.007))
    mix_into(body, ring)
    mix_into(body, _tick(rate, 0.008, 61, 5000.0, 1.0, 0.0008), gain=0.4)
    return body


def _note(rate: int, count: int, period: int, harmonic: int, spectrum: Spectrum,
          attack: float, tau: float) -> Signal:
    """Harmonic `harmonic` of a shared `period`, voiced with `spectrum`, under an envelope."""
    voiced = [(harmonic * ratio, gain) for ratio, gain in spectrum]
    return multiply(periodic(count, period, voiced), attack_decay(count, rate, attack, tau))


def capture(rate: int) -> Signal:
    """Glass on glass, then a little rising two-note chime (a perfect fourth) for the prize."""
    sound = silence(sample_count(0.2, rate))
    mix_into(sound, _tick(rate, 0.015, 71, 4200.0, 4.0, 0.002), gain=0.8)
    mix_into(sound, _tone(rate, 0.03, 2600.0, GLASS, 0.0005, 0.006), gain=0.6)
    period = period_of(rate, G6 / 3.0)
    for start, harmonic in ((0.012, 3), (0.055, 4)):
        chime = _note(rate, sample_count(0.2 - start, rate), period, harmonic, CHIME, 0.002, 0.045)
        mix_into(sound, chime, sample_count(start, rate), gain=0.55)
    return sound


def win(rate: int) -> Signal:
    """A rising C-major arpeggio landing on a ringing chord, with a sparkle on top.

    Every note is a harmonic of one low C, so the chord is in just intonation: it rings
    without beating, and each note needs only one cycle of that C computed.
    """
    period = period_of(rate, C5 / 4.0)
    chord_start = sample_count(0.3, rate)
    chord_length = sample_count(1.5, rate) - chord_start
    voices = [(harmonic * ratio, gain * weight) for harmonic, weight in CHORD
              for ratio, gain in BRASSY]
    chord = periodic(chord_length, period, voices)
    sound = silence(chord_start) + multiply(chord, attack_decay(chord_length, rate, 0.012, 0.38))
    for index, harmonic in enumerate((4, 5, 6)):  # C5, E5, G5
        note = _note(rate, sample_count(0.3, rate), period, harmonic, BRASSY, 0.006, 0.09)
        mix_into(sound, note, sample_count(0.1 * index, rate), gain=0.5)
    for index, harmonic in enumerate((12, 16, 20)):  # G6, C7, E7
        twinkle = _note(rate, sample_count(0.25, rate), period, harmonic, SPARKLE, 0.002, 0.06)
        mix_into(sound, twinkle, sample_count(0.42 + 0.11 * index, rate), gain=0.16)
    return sound


def click(rate: int) -> Signal:
    """A small, dry UI click."""
    sound = _tone(rate, 0.03, 1900.0, ((1.0, 1.0), (2.1, 0.2)), 0.0004, 0.004, end_hz=1600.0)
    mix_into(sound, _tick(rate, 0.004, 83, 4500.0, 1.0, 0.0006), gain=0.3)
    return sound


class Recipe(NamedTuple):
    render: Callable[[int], Signal]
    level_db: float = -3.0
    fade_out: float = 0.005  # tonal tails need a longer fade than noisy clicks


RECIPES: dict[str, Recipe] = {
    "card_slide": Recipe(card_slide, -4.0),
    "card_place": Recipe(card_place),
    "card_flip": Recipe(card_flip, -4.0),
    "shuffle": Recipe(shuffle, -4.0),
    "deal": Recipe(deal, -4.0),
    "invalid": Recipe(invalid, fade_out=0.01),
    "peg_hop": Recipe(peg_hop, fade_out=0.01),
    "capture": Recipe(capture, fade_out=0.02),
    "win": Recipe(win, fade_out=0.08),
    "click": Recipe(click, -5.0),
}
SOUND_NAMES: tuple[str, ...] = tuple(RECIPES)
SAMPLE_SIZES = (8, -8, 16, -16, 32, -32)  # mixer sample sizes `encode` can write


def render(name: str, sample_rate: int) -> array:
    """One named sound as mono signed 16-bit PCM at `sample_rate`."""
    recipe = RECIPES[name]
    signal = recipe.render(sample_rate)
    return to_pcm(signal, sample_rate, recipe.level_db, fade_out=recipe.fade_out)


def render_all(sample_rate: int) -> dict[str, array]:
    return {name: render(name, sample_rate) for name in SOUND_NAMES}


def mixer_format() -> tuple[int, int, int] | None:
    """(frequency, size, channels) of the running mixer, or None when there is none."""
    try:
        return pygame.mixer.get_init()
    except (pygame.error, NotImplementedError):  # no mixer module in this pygame build
        return None


def encode(samples: array, size: int, channels: int) -> bytes | None:
    """Mono signed 16-bit samples as raw data for a mixer of `size` bits and `channels`.

    `size` follows pygame: bits per sample, negative for signed integers; 32 bits is only
    ever float. None for a format this cannot write.
    """
    if size == -16:
        data = samples
    elif size == 16:
        data = array("H", map((1 << 15).__add__, samples))
    elif size == -8:
        data = array("b", [s >> 8 for s in samples])
    elif size == 8:
        data = array("B", [(s >> 8) + 128 for s in samples])
    elif abs(size) == 32:  # pygame-ce reports its float format as -32
        data = array("f", map((1.0 / 32768.0).__mul__, samples))
    else:
        return None
    if channels > 1:
        mono = data
        data = array(mono.typecode, bytes(mono.itemsize * len(mono) * channels))
        for channel in range(channels):
            data[channel::channels] = mono
    return data.tobytes()


def sound_from_pcm(samples: array, sample_rate: int) -> pygame.mixer.Sound | None:
    """A Sound for the running mixer from mono 16-bit samples rendered at its frequency.

    None when the mixer is not running, runs at another frequency, or uses a sample format
    this cannot write.
    """
    current = mixer_format()
    if current is None:
        return None
    frequency, size, channels = current
    if frequency != sample_rate:
        log.warning("sound rendered at %d Hz but the mixer runs at %d Hz", sample_rate, frequency)
        return None
    data = encode(samples, size, channels)
    if data is None:
        log.warning("cannot write sounds for mixer sample size %s", size)
        return None
    try:
        return pygame.mixer.Sound(buffer=data)
    except pygame.error as error:
        log.warning("could not make a sound: %s", error)
        return None


def make_sounds() -> dict[str, pygame.mixer.Sound]:
    """Every sound effect, ready for the running mixer; {} when there is no mixer."""
    current = mixer_format()
    if current is None:
        return {}
    rate, size, _ = current
    if size not in SAMPLE_SIZES:
        log.warning("cannot write sounds for mixer sample size %s", size)
        return {}
    sounds = {}
    for name, samples in render_all(rate).items():
        sound = sound_from_pcm(samples, rate)
        if sound is not None:
            sounds[name] = sound
    return sounds
